"""Choosing where a replay file goes ("Save replay as") and which one to open ("Open replay").

One small folder browser drawn like the rest of the app, shared by both: the folder's path, quick
places (the replays folder, home, documents, desktop), "Up one folder", the subfolders (and, to
open, the replay files) a page at a time. pygame has no system file dialog, and a second toolkit
for one dialog would grow the executable and look foreign on the table, so it is drawn here.

Reading a folder is quick enough for the loop (a few hundred names); a folder that cannot be read
says why in the list and changes nothing else. The last folder used is remembered in the settings.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs
import pygame

from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.theme import LOGICAL_W, Palette, mix
from sleuth.ui.widgets import Button, TextField

PANEL = (100, 20, 1080, 680)
LEFT = 140
WIDTH = 1000
ROWS_Y = 232
ROW_H = 42
ROWS = 8

#: characters no file name may hold on one system or another
FORBIDDEN = set('<>:"/\\|?*')
#: names Windows keeps for devices, whatever the extension
RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
MAX_NAME = 120


@dataclass
class Listing:
    """One folder as the browser shows it: subfolders by name, files newest first."""

    folder: Path
    folders: list[Path]
    files: list[Path]
    error: str = ""


def list_folder(folder: Path, files: bool) -> Listing:
    """The subfolders of ``folder`` (hidden ones left out) and, with ``files``, its replay files
    (``.json``). A folder that does not exist yet is empty; one that cannot be read says why."""
    folders: list[Path] = []
    found: list[tuple[float, Path]] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                try:
                    if entry.is_dir():
                        folders.append(Path(entry.path))
                    elif files and entry.is_file() and entry.name.lower().endswith(".json"):
                        found.append((entry.stat().st_mtime, Path(entry.path)))
                except OSError:
                    continue  # a broken link or a vanished entry: not listed
    except FileNotFoundError:
        return Listing(folder, [], [])
    except OSError as exc:
        return Listing(folder, [], [], f"This folder cannot be read: {exc.strerror or exc}.")
    folders.sort(key=lambda p: p.name.lower())
    found.sort(key=lambda item: item[0], reverse=True)
    return Listing(folder, folders, [p for _, p in found])


def places(replays: Path) -> list[tuple[str, Path]]:
    """The quick places: the replays folder, then home, documents and desktop where they exist."""
    out = [("Replays", replays)]
    home = Path.home()
    candidates = [("Home", home)]
    for label, find in (("Documents", platformdirs.user_documents_dir), ("Desktop", platformdirs.user_desktop_dir)):
        try:
            candidates.append((label, Path(find())))
        except Exception:  # noqa: BLE001 - a platform without that folder
            continue
    for label, path in candidates:
        if path.is_dir() and all(path != p for _, p in out):
            out.append((label, path))
    return out


def check_file_name(name: str) -> tuple[str | None, str]:
    """The file name for what was typed (``.json`` added when missing), or None and the reason."""
    name = name.strip().rstrip(". ")
    if not name:
        return None, "Give the file a name."
    bad = sorted({ch for ch in name if ch in FORBIDDEN or not ch.isprintable()})
    if bad:
        shown = " ".join(ch if ch.isprintable() else "control characters" for ch in bad)
        return None, f"A file name cannot contain {shown}."
    if not name.lower().endswith(".json"):
        name += ".json"
    if name.split(".")[0].upper() in RESERVED:
        return None, f"{name.split('.')[0]} is a name Windows keeps for itself: choose another."
    if len(name) > MAX_NAME:
        return None, f"That name is too long: at most {MAX_NAME - 5} characters."
    return name, ""


def default_file_name(title: str, when: datetime) -> str:
    """``Bakerstreet 2026-12-01 20.39``: the game and the moment, safe on every system."""
    clean = "".join(ch for ch in title if ch not in FORBIDDEN and ch.isprintable()).strip()
    return f"{clean} {when:%Y-%m-%d %H.%M}"


@dataclass
class EntryRow(Button):
    """One row of the list: a folder (to go into) or a replay file (to open); a button drawn as a
    row, its name at the left and, for a file, its date at the right."""

    detail: str = ""
    folder: bool = True

    def draw(self, canvas, pal, focused):
        x, y, w, h = self.rect
        if self.hovered or focused:
            canvas.box(self.rect, mix(pal.paper, pal.highlight, 0.35), radius=6)
        canvas.box(self.rect, pal.brass_dark if focused else pal.paper_dark, radius=6, width=2 if focused else 1)
        ix, iy = x + 14, y + h / 2
        if self.folder:  # a folder drawn with a tab
            canvas.box((ix, iy - 8, 10, 4), pal.brass_dark, radius=1)
            canvas.box((ix, iy - 6, 22, 15), pal.brass, radius=3)
            canvas.box((ix, iy - 6, 22, 15), pal.brass_dark, radius=3, width=1)
        else:  # a sheet with a folded corner
            canvas.box((ix + 3, iy - 10, 16, 20), (255, 252, 244), radius=2)
            canvas.box((ix + 3, iy - 10, 16, 20), pal.ink_soft, radius=2, width=1)
            canvas.line((ix + 7, iy - 2), (ix + 15, iy - 2), pal.ink_soft, 1)
            canvas.line((ix + 7, iy + 3), (ix + 15, iy + 3), pal.ink_soft, 1)
        detail_w = canvas.text_size(self.detail, 15)[0] + 20 if self.detail else 0
        canvas.text(canvas.fit(self.label, 17, w - 60 - detail_w), (x + 48, y + h / 2), 17, pal.ink, "midleft")
        if self.detail:
            canvas.text(self.detail, (x + w - 14, y + h / 2), 15, pal.ink_soft, "midright")


class FileBrowserScene(MenuScene):
    """The folder browser both dialogs share; subclasses add what the dialog is for."""

    heading = ""
    #: list the replay files too (to open one), not only the folders
    show_files = False
    #: where the list starts (below the name field in "Save as"), and how many rows a page shows
    rows_y = ROWS_Y
    rows = ROWS

    def __init__(self, app, folder: Path | None = None) -> None:
        super().__init__(app)
        remembered = app.settings.replay_folder
        start = folder or (Path(remembered) if remembered and Path(remembered).is_dir() else app.paths.replays_dir)
        self.folder = start
        self.page = 0
        self.listing = list_folder(self.folder, self.show_files)
        self.places = places(app.paths.replays_dir)
        self.rebuild()

    # -- where we are ------------------------------------------------------------------------
    def go(self, folder: Path) -> None:
        self.folder = folder
        self.page = 0
        self.listing = list_folder(folder, self.show_files)
        self.rebuild()

    def up(self) -> None:
        if self.folder.parent != self.folder:
            self.go(self.folder.parent)

    def entries(self) -> list[Path]:
        """The replay files first (what Open replay is for: one sat on page 6 behind 45 folders),
        then the folders."""
        return [*(self.listing.files if self.show_files else []), *self.listing.folders]

    def pages(self) -> int:
        return max(1, -(-len(self.entries()) // self.rows))

    def turn_page(self, step: int) -> None:
        self.page = max(0, min(self.pages() - 1, self.page + step))
        self.rebuild()

    def remember_folder(self) -> None:
        if str(self.folder) != self.app.settings.replay_folder and len(str(self.folder)) <= 1024:
            self.app.update_settings(replay_folder=str(self.folder))

    # -- widgets -----------------------------------------------------------------------------
    def rebuild(self) -> None:
        focus_text = self.widgets.focused_text() is not None
        self.widgets.clear()
        self.add_top()
        x = LEFT
        y = self.rows_y - 52
        for label, path in self.places:
            width = max(110, 30 + len(label) * 10)
            self.widgets.add(Button((x, y, width, 38), label=label, size=17, on_click=lambda p=path: self.go(p),
                                    primary=path == self.folder, tooltip=str(path)))
            x += width + 10
        self.widgets.add(Button((LEFT + WIDTH - 170, y, 170, 38), label="Up one folder", size=17, on_click=self.up,
                                enabled=self.folder.parent != self.folder, tooltip=str(self.folder.parent)))
        shown = self.entries()[self.page * self.rows:(self.page + 1) * self.rows]
        folders = set(self.listing.folders)  # the listing knows already: no second look at the disk
        for row, path in enumerate(shown):
            rect = (LEFT, self.rows_y + row * ROW_H, WIDTH, ROW_H - 6)
            if path in folders:
                self.widgets.add(EntryRow(rect, label=path.name, folder=True, on_click=lambda p=path: self.go(p),
                                          tooltip=f"Open the folder {path.name}"))
            else:
                self.widgets.add(EntryRow(rect, label=path.name, detail=self.file_detail(path), folder=False,
                                          on_click=lambda p=path: self.choose_file(p), tooltip=f"Watch {path.name}"))
        if self.pages() > 1:
            foot = self.rows_y + self.rows * ROW_H + 2
            self.widgets.add(Button((LEFT, foot, 130, 36), label="Previous", size=16, enabled=self.page > 0,
                                    on_click=lambda: self.turn_page(-1)))
            self.widgets.add(Button((LEFT + WIDTH - 130, foot, 130, 36), label="Next", size=16,
                                    enabled=self.page < self.pages() - 1, on_click=lambda: self.turn_page(1)))
        self.add_bottom()
        if focus_text:
            self.focus_name()

    def add_top(self) -> None:
        pass

    def add_bottom(self) -> None:
        pass

    def focus_name(self) -> None:
        pass

    def file_detail(self, path: Path) -> str:
        try:
            when = datetime.fromtimestamp(path.stat().st_mtime)
        except OSError:
            return ""
        return f"{when.day} {when:%b %Y, %H:%M}"

    def choose_file(self, path: Path) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.pages() > 1:
            self.turn_page(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE and self.widgets.focused_text() is None:
            self.up()
            return True
        return super().handle(event)

    # -- drawing -----------------------------------------------------------------------------
    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        draw_paper_panel(canvas, pal, PANEL, self.heading)
        y = self.rows_y - 80
        canvas.text(canvas.fit(f"Folder: {self.folder}", 16, WIDTH), (LEFT, y), 16, pal.ink, "midleft", bold=True)
        if self.listing.error or not self.entries():
            words = self.listing.error or self.empty_words()
            canvas.paragraph(words, (LEFT + 40, self.rows_y + 40, WIDTH - 80, 80), 18, pal.ink_soft, align="center")
        elif self.pages() > 1:
            foot = self.rows_y + self.rows * ROW_H + 20
            canvas.text(f"Page {self.page + 1} of {self.pages()}", (LEFT + WIDTH / 2, foot), 15, pal.ink_soft,
                        "center")

    def empty_words(self) -> str:
        return "This folder holds no other folders."


class SaveReplayScene(FileBrowserScene):
    """Save replay as: a name and a folder, then one readable file (the replay format)."""

    heading = "Save replay as"
    rows_y = ROWS_Y + 44
    rows = ROWS - 1  # the page turners stay above Cancel and Save

    def __init__(self, app, name: str, write: Callable[[Path], None]) -> None:
        self.name = name
        self.write = write
        self.saved: Path | None = None
        super().__init__(app)
        self.focus_name()

    def add_top(self) -> None:
        self.name_field = self.widgets.add(TextField((LEFT, 92, WIDTH - 90, 44), label="Name", value=self.name,
                                                     max_len=MAX_NAME - 5, on_change=self._typed, size=19))

    def _typed(self, value: str) -> None:
        self.name = value

    def focus_name(self) -> None:
        self.widgets.focus = self.widgets._live().index(self.name_field)

    def add_bottom(self) -> None:
        self.widgets.add(Button((LOGICAL_W / 2 - 230, 636, 210, 44), label="Cancel", on_click=self.back))
        self.widgets.add(Button((LOGICAL_W / 2 + 20, 636, 210, 44), label="Save", primary=True, on_click=self.save))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.widgets.focused_text() is not None:
            self.save()
            return True
        return super().handle(event)

    def target(self) -> tuple[Path | None, str]:
        name, reason = check_file_name(self.name)
        return (self.folder / name, "") if name else (None, reason)

    def save(self, replace: bool = False) -> Path | None:
        """Write the file; a bad name or an existing file asks first, a failed write says why."""
        from sleuth.ui.scenes.dialogs import ConfirmScene

        path, reason = self.target()
        if path is None:
            self.app.toast(reason, 5.0)
            return None
        if path.exists() and not replace:
            self.app.stack.push(ConfirmScene(self.app, f"{path.name} is already in this folder. Replace it?",
                                             lambda: self.save(replace=True), yes="Replace", no="Keep it"))
            return None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.write(path)
        except OSError as exc:
            self.app.toast(f"The replay could not be saved: {exc.strerror or exc}.", 8.0)
            return None
        self.remember_folder()
        self.saved = path
        self.back()
        self.app.toast(f"Replay saved as {path.name} in {path.parent}", 6.0)
        return path

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        super().draw_content(canvas, pal)
        canvas.text(".json", (LEFT + WIDTH - 78, 114), 18, pal.ink_soft, "midleft")


class OpenReplayScene(FileBrowserScene):
    """Open replay: the replay files (newest first) and folders of any folder; a file opens the viewer."""

    heading = "Open a replay"
    show_files = True
    rows_y = ROWS_Y - 44

    def __init__(self, app, folder: Path | None = None) -> None:
        super().__init__(app, folder)

    @property
    def files(self) -> list[Path]:
        return self.listing.files

    def add_bottom(self) -> None:
        self.widgets.add(Button((LOGICAL_W / 2 - 100, 636, 200, 44), label="Back", primary=True, on_click=self.back))

    def choose_file(self, path: Path) -> None:
        self.open(path)

    def open(self, path: Path) -> bool:
        """Open the viewer on one file; a bad one is refused with the reason, nothing else changes."""
        from sleuth.ui.scenes.recent import open_replay_text

        try:
            if path.stat().st_size > 20_000_000:
                raise OSError("the file is far too large to be a replay")
            text = path.read_bytes().decode("utf-8", errors="replace")
        except OSError as exc:
            self.app.toast(f"This replay cannot be opened: {exc}", 8.0)
            return False
        if open_replay_text(self.app, text, file_name=path.stem):
            self.remember_folder()
            return True
        return False

    def empty_words(self) -> str:
        if self.folder == self.app.paths.replays_dir:
            return ("No saved replays here yet. Watch a game from its results or from Recent games and choose "
                    "Save replay... at the top.")
        return "No replay files or folders here."
