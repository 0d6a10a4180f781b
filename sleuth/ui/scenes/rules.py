"""The rules of a game, summarised in our own words (assets/rules/<id>.txt)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sleuth.core.registry import GameSpec
from sleuth.resources import asset
from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.theme import Palette
from sleuth.ui.widgets import Button


def rules_text(game_id: str) -> str:
    path = asset(f"rules/{game_id}.txt")
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return "The rules summary for this game is missing from this installation."


class RulesScene(MenuScene):
    opaque = True

    def __init__(self, app, spec: GameSpec, then: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.spec = spec
        self.then = then  # called once the rules are closed (a couch table hands the screen back)
        self.text = rules_text(spec.id)
        self.scroll = 0
        #: the last scroll position that still shows a line (known once the text is laid out)
        self.max_scroll: int | None = None
        self.widgets.add(Button((1040, 640, 180, 44), label="Back", primary=True, on_click=self.back))

    def back(self) -> None:
        super().back()
        if self.then is not None:
            self.then()

    def handle(self, event):
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll_by(3 if event.key == pygame.K_DOWN else 20)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll_by(-(3 if event.key == pygame.K_UP else 20))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_HOME:
            self.scroll_to(0)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_END and self.max_scroll is not None:
            self.scroll_to(self.max_scroll)
            return True
        return super().handle(event)

    def scroll_to(self, line: int) -> None:
        """Show the text from ``line``, never before its first line nor past its last page."""
        self.scroll = max(0, line if self.max_scroll is None else min(line, self.max_scroll))

    def scroll_by(self, lines: int) -> None:
        self.scroll_to(self.scroll + lines)

    def scroll_hint(self) -> str | None:
        """What the foot of the page says about the rest of the text: where more is, or nothing
        when the text fits (unknown until it has been laid out once)."""
        if not self.max_scroll:
            return None
        if self.scroll >= self.max_scroll:
            return "End of the rules: scroll up (wheel, arrow keys or Home) to read them again"
        if self.scroll == 0:
            return "More below: scroll with the mouse wheel or the arrow keys"
        return "More above and below: scroll with the mouse wheel or the arrow keys"

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        rect = (80, 40, 1120, 590)
        draw_paper_panel(canvas, pal, rect, f"How to play {self.spec.name}")
        lines: list[tuple[str, bool]] = []
        for paragraph in self.text.strip().split("\n"):
            heading = paragraph.startswith("# ")
            body = paragraph[2:] if heading else paragraph
            for line in canvas.wrap(body, 19, 1030, bold=heading):
                lines.append((line, heading))
        visible = 21  # the foot's hint stays inside the panel's frame, clear of the last line
        self.max_scroll = max(0, len(lines) - visible)
        self.scroll = min(self.scroll, self.max_scroll)
        for i, (line, heading) in enumerate(lines[self.scroll:self.scroll + visible]):
            canvas.text(line, (120, 116 + i * 22), 19, pal.brass_dark if heading else pal.ink, bold=heading)
        if self.max_scroll:
            # a slim bar beside the text: how much of it shows, and where
            track = (1168, 116, 6, visible * 22)
            canvas.alpha_box(track, pal.ink_soft, 60, radius=3)
            thumb_h = max(24.0, track[3] * visible / len(lines))
            thumb_y = track[1] + (track[3] - thumb_h) * self.scroll / self.max_scroll
            canvas.box((track[0], thumb_y, track[2], thumb_h), pal.brass_dark, radius=3)
        hint = self.scroll_hint()
        if hint:
            canvas.text(hint, (640, 610), 15, pal.ink_soft, "midbottom")
