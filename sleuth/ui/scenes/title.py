"""The title: the four games, each with a pitch, its player count and a small drawn preview."""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.registry import GameSpec, available
from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_brass_title
from sleuth.ui.theme import LOGICAL_W, Palette, mix
from sleuth.ui.widgets import Button, inside
from sleuth.ui.words import opponents_text, plural
from sleuth.ui.zones import ring

CARD_W, CARD_H = 270, 420


@dataclass(frozen=True)
class Suspended:
    """A game left in the middle, ready to continue: its replay, the replayed state, and in words."""

    replay: object
    state: object
    words: str


def describe_suspended(spec: GameSpec, replay, state) -> str:
    """``vs a Hard bot, round 4`` (the round where the game has one, else the moves played)."""
    who = opponents_text(replay.seats, spec.team)
    round_number = getattr(state.observe(None), "round", None)
    progress = f"round {round_number}" if isinstance(round_number, int) and round_number > 0 else (
        plural(len(replay.actions), "move") + " played")
    return f"{who}, {progress}"


def scan_suspended(paths) -> tuple[dict[str, Suspended], list[str]]:
    """Every suspended game, replayed (off the loop); messages for those that cannot be resumed."""
    from sleuth.core.registry import get
    from sleuth.store.saves import AutosaveError, load_autosave, suspended_games

    found: dict[str, Suspended] = {}
    problems: list[str] = []
    for game_id in suspended_games(paths):
        try:
            loaded = load_autosave(paths, game_id)
        except AutosaveError as exc:
            problems.append(str(exc))
            continue
        except Exception as exc:  # noqa: BLE001 - e.g. the file cannot be read: say so, keep the app
            problems.append(f"The saved game could not be read: {exc}")
            continue
        if loaded is not None:
            replay, state = loaded
            found[game_id] = Suspended(replay, state, describe_suspended(get(game_id), replay, state))
    return found, problems


#: the width of a game card's Rules button, beside Learn to play: "Rules" whole at 16 px, and room
#: for "Resume lesson" at the size of "Learn to play" ("Resume the lesson" had wrapped at 14 px)
RULES_W = 64
LESSON_LABELS = ("Learn to play", "Resume lesson")


class TitleScene(MenuScene):
    can_go_back = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.specs: list[GameSpec] = available()
        self.hover: int | None = None
        #: the suspended games (one per title at most), read off the loop when the title appears
        self.suspended: dict[str, Suspended] = {}
        self.scanning = None
        self._scan_again = False
        #: each game's learning record (tutorial progress), read off the loop with the saves
        self.learning: dict = {}
        self._learning_future = None
        self.widgets.spatial = True  # the arrows go to the control above, below or beside
        self._build()

    def on_enter(self) -> None:
        self.scan()
        self._learning_future = self.app.io.submit(self.app.stats.learning)
        self._build()

    def frame_key(self) -> object:
        # the lessons' progress too: read late, it changes a card's "Learn to play" to "Resume
        # lesson" with nobody touching the mouse
        return (tuple(self.suspended), self.scanning is None, self._learning_future is None,
                tuple(sorted((game, record.tutorial_step, record.tutorial_done)
                             for game, record in self.learning.items())))

    def scan(self) -> None:
        """Read the suspended games again (behind any write still queued on the same thread)."""
        if self.scanning is None:
            self.scanning = self.app.io.submit(scan_suspended, self.app.paths)
        else:
            self._scan_again = True

    def card_rect(self, index: int):
        count = max(1, len(self.specs))
        gap = 26
        total = count * CARD_W + (count - 1) * gap
        x0 = (LOGICAL_W - total) / 2
        return (x0 + index * (CARD_W + gap), 150, CARD_W, CARD_H)

    def _build(self) -> None:
        """The buttons, again whenever the title comes back to the top or a read ends. The focus
        stays on the button it was on (closing the Rules with Escape lost the ring, and the next
        Tab began again at the first button)."""
        self.widgets.rebuild(self._add_buttons)

    def _add_buttons(self) -> None:
        from sleuth.data.tutorials import has_tutorial

        for index, spec in enumerate(self.specs):
            x, y, w, h = self.card_rect(index)
            if has_tutorial(spec.id):
                record = self.learning.get(spec.id)
                # a lesson taken again after it was finished resumes too (finishing sets the step to 0)
                resume = record is not None and record.tutorial_step > 0
                self.widgets.add(Button((x + 30, y + h - 96, w - 60 - RULES_W - 6, 36),
                                        label=LESSON_LABELS[resume], size=16,
                                        on_click=lambda s=spec: self.open_tutorial(s),
                                        tooltip=f"A guided first game of {spec.name}, about five minutes"
                                                + (f" (you stopped at step {record.tutorial_step + 1})" if resume
                                                   else "")))
            # the rules summary, which was reached only from inside a game (F1, the pause menu)
            self.widgets.add(Button((x + w - 30 - RULES_W, y + h - 96, RULES_W, 36), label="Rules", size=16,
                                    on_click=lambda s=spec: self.open_rules(s),
                                    tooltip=f"How to play {spec.name}: the rules in a page (F1 at the table)"))
            waiting = self.suspended.get(spec.id)
            if waiting is None:
                self.widgets.add(Button((x + 30, y + h - 52, w - 60, 38), label="Play", primary=True,
                                        on_click=lambda s=spec: self.open_setup(s),
                                        tooltip=f"Set up a game of {spec.name}"))
                continue
            half = (w - 50) / 2
            self.widgets.add(Button((x + 20, y + h - 52, half, 38), label="Continue", primary=True, size=18,
                                    on_click=lambda g=spec.id: self.resume(g),
                                    tooltip=f"Continue your game of {spec.name}: {waiting.words}"))
            self.widgets.add(Button((x + 30 + half, y + h - 52, half, 38), label="New game", size=18,
                                    on_click=lambda s=spec: self.open_setup(s),
                                    tooltip=f"Set up a new game of {spec.name} (you are asked before "
                                            "the suspended one is replaced)"))
        bw, by = 190, 612
        row = [
            Button((0, by, bw, 44), label="Settings", on_click=self.open_settings),
            Button((0, by, bw, 44), label="Statistics", on_click=self.open_stats,
                   tooltip="Your results, per game and per option"),
            Button((0, by, bw, 44), label="Recent games", on_click=self.open_recent,
                   tooltip="Your last games of each title, to watch again move by move"),
            Button((0, by, bw, 44), label="Open replay...", on_click=self.open_replays,
                   tooltip="Watch a game you saved with Save replay"),
            Button((0, by, bw, 44), label="Quit", on_click=self.app.quit),
        ]
        total = len(row) * bw + (len(row) - 1) * 20
        for i, button in enumerate(row):
            button.rect = ((LOGICAL_W - total) / 2 + i * (bw + 20), by, bw, 44)
            self.widgets.add(button)

    # -- actions ----------------------------------------------------------------------------
    def open_rules(self, spec: GameSpec) -> None:
        from sleuth.ui.scenes.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, spec))

    def open_setup(self, spec: GameSpec) -> None:
        from sleuth.ui.scenes.setup import SetupScene

        self.app.stack.push(SetupScene(self.app, spec))

    def open_tutorial(self, spec: GameSpec) -> None:
        """The guided first game of ``spec``, resumed where the player left it."""
        open_tutorial(self.app, spec.id, self.learning.get(spec.id))

    def open_settings(self) -> None:
        from sleuth.ui.scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def open_replays(self) -> None:
        from sleuth.ui.scenes.files import OpenReplayScene

        self.app.stack.push(OpenReplayScene(self.app))

    def open_recent(self) -> None:
        from sleuth.ui.scenes.recent import RecentGamesScene

        self.app.stack.push(RecentGamesScene(self.app, latest=True))

    def open_stats(self) -> None:
        from sleuth.ui.scenes.statistics import StatisticsScene

        self.app.stack.push(StatisticsScene(self.app))

    def resume(self, game_id: str | None = None) -> None:
        """Open the table of a suspended game (the most recent one when none is named)."""
        from sleuth.core.registry import get
        from sleuth.ui.scenes.table import TableScene
        from sleuth.ui.session import GameSession

        if game_id is None:
            game_id = next(iter(self.suspended), None)
        waiting = self.suspended.pop(game_id, None) if game_id else None
        if waiting is None:
            return
        spec = get(game_id)
        session = GameSession(spec, waiting.replay, waiting.state, autosave=self.app_autosave(game_id),
                              runner=self.app.bot_runner)
        self.app.stack.push(TableScene(self.app, session))

    def update(self, dt: float) -> None:
        if self._learning_future is not None and self._learning_future.done():
            future, self._learning_future = self._learning_future, None
            try:
                self.learning = future.result()
            except Exception:  # noqa: BLE001 - without the records every lesson starts at step 1
                self.learning = {}
            self._build()
        if self.scanning is None or not self.scanning.done():
            return
        future, self.scanning = self.scanning, None
        try:
            found, problems = future.result()
        except Exception as exc:  # noqa: BLE001 - the saves folder cannot be read: say so, keep the app
            found, problems = {}, [f"Your saved games could not be read: {exc}"]
        self.suspended = found
        self.app.report_problems(problems)  # with any found at start-up, in one notice
        self._build()
        if self._scan_again:
            self._scan_again = False
            self.scan()

    def app_autosave(self, game_id: str):
        from sleuth.ui.session import AutosaveWriter

        return AutosaveWriter(self.app, game_id)

    # -- drawing ----------------------------------------------------------------------------
    def handle(self, event):
        import pygame

        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i in range(len(self.specs)) if inside(self.card_rect(i), event.pos)), None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.widgets.at(event.pos) is None:
            for i, spec in enumerate(self.specs):
                if inside(self.card_rect(i), event.pos):
                    self.open_setup(spec)
                    return True
        return super().handle(event)

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        draw_brass_title(canvas, pal, "SLEUTH", (LOGICAL_W / 2, 60), 80)
        canvas.text("four detective card games at one table", (LOGICAL_W / 2, 124), 22, pal.paper_dark, "center",
                    serif=True)
        for index, spec in enumerate(self.specs):
            self._draw_game_card(canvas, pal, index, spec)

    def _draw_game_card(self, canvas: Canvas, pal: Palette, index: int, spec: GameSpec) -> None:
        x, y, w, h = self.card_rect(index)
        lift = 6 if index == self.hover else 0
        y -= lift
        canvas.shadow((x, y, w, h), radius=14, spread=10 + lift, alpha=110, offset=(4, 8 + lift))
        canvas.box((x, y, w, h), pal.paper, radius=14)
        canvas.box((x + 6, y + 6, w - 12, h - 12), pal.brass_dark, radius=10, width=1.5)
        preview = (x + 18, y + 16, w - 36, 118)
        canvas.box(preview, pal.felt, radius=8)
        draw_preview(canvas, pal, spec.id, preview)
        lines = canvas.wrap(spec.name, 24, w - 36, bold=True)
        ty = y + 144
        for line in lines[:2]:
            canvas.text(line, (x + w / 2, ty), 24, pal.ink, "midtop", bold=True, serif=True)
            ty += 27
        players = f"{spec.min_players} players" if spec.min_players == spec.max_players else (
            f"{spec.min_players}-{spec.max_players} players")
        kind = spec.play_kind or ("cooperative" if spec.team else "competitive")
        canvas.text(f"{players} - {kind}", (x + w / 2, ty + 4), 15, pal.ink_soft, "midtop")
        waiting = self.suspended.get(spec.id)
        room = y + h - 106 - (ty + 30)  # down to the buttons
        if waiting is None:
            canvas.paragraph(spec.pitch, (x + 20, ty + 30, w - 40, room), 16, pal.ink, align="center", line_gap=1.3)
        else:
            canvas.text("Game in progress:", (x + w / 2, ty + 30), 16, pal.brass_dark, "midtop", bold=True)
            canvas.paragraph(waiting.words, (x + 20, ty + 54, w - 40, room - 24), 16, pal.ink, align="center",
                             line_gap=1.3)


def open_tutorial(app, game_id: str, record=None) -> bool:
    """Load and open a game's tutorial (at the step the player left it); a broken file is reported."""
    from sleuth.core.errors import SleuthError
    from sleuth.data.tutorials import load_tutorial, tutorial_file
    from sleuth.ui.scenes.tutorial import start_tutorial

    try:
        tutorial = load_tutorial(tutorial_file(game_id))
    except (SleuthError, OSError) as exc:
        app.toast(f"The lesson could not be opened: {exc}", 8.0)
        return False
    step = record.tutorial_step if record is not None else 0
    start_tutorial(app, tutorial, step)
    return True


def draw_preview(canvas: Canvas, pal: Palette, game_id: str, rect) -> None:
    """A small drawing that says what each game looks like."""
    x, y, w, h = rect
    cx, cy = x + w / 2, y + h / 2

    def mini(px: float, py: float, face: tuple[int, int, int], label: str = "", cw: float = 26, ch: float = 36) -> None:
        canvas.shadow((px - cw / 2, py - ch / 2, cw, ch), radius=3, spread=2, alpha=60, offset=(1, 2))
        canvas.box((px - cw / 2, py - ch / 2, cw, ch), face, radius=3)
        canvas.box((px - cw / 2, py - ch / 2, cw, ch), pal.ink_soft, radius=3, width=1)
        if label:
            canvas.text(label, (px, py), 15, pal.ink, "center", bold=True)

    if game_id == "beyond-baker-street":
        for i, label in enumerate(("9", "12", "7")):
            mini(x + 50 + i * 60, cy - 12, pal.paper, label, 34, 46)
            for j in range(2):
                mini(x + 50 + i * 60, cy + 22 + j * 8, mix(pal.accents[(i + j) % 4], pal.paper, 0.4), "", 30, 14)
        canvas.box((x + 12, y + h - 14, w - 24, 6), pal.felt_dark, radius=3)
        canvas.box((x + 12, y + h - 14, (w - 24) * 0.7, 6), pal.brass, radius=3)
    elif game_id == "bakerstreet":
        for i, (px, py) in enumerate(ring((cx, cy), 40, 5)):
            mini(px, py, pal.paper_dark, "", 20, 28)
            mini(px + 10, py + 4, pal.paper, str((i * 2 + 1) % 6), 20, 28)
    elif game_id == "purrrlock-holmes":
        for i in range(9):
            tx = x + 22 + i * (w - 44) / 8
            colour = pal.brass if i == 5 else (pal.paper if i < 5 else pal.paper_dark)
            canvas.circle((tx, cy + 24), 10, colour)
            canvas.circle((tx, cy + 24), 10, pal.ink_soft, 1)
        canvas.text("F", (x + 22 + 5 * (w - 44) / 8, cy + 24), 15, pal.ink, "center", bold=True)
        mini(cx - 40, cy - 16, pal.paper, "4", 26, 36)
        mini(cx, cy - 16, pal.paper, "?", 26, 36)
        mini(cx + 40, cy - 16, pal.paper, "11", 26, 36)
    else:
        for col in range(3):
            for rowi in range(2):
                if (col, rowi) == (2, 1):
                    continue
                px, py = x + 60 + col * 50, y + 30 + rowi * 52
                mini(px, py, pal.brass if (col, rowi) == (1, 0) else pal.paper, "", 40, 44)
        for i, (dx, dy) in enumerate(((85, 30), (135, 30), (110, 56), (60, 56))):
            canvas.circle((x + dx, y + dy), 5, pal.accents[i % 3])
