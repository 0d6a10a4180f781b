"""The rules of a game, summarised in our own words (assets/rules/<id>.txt)."""

from __future__ import annotations

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

    def __init__(self, app, spec: GameSpec) -> None:
        super().__init__(app)
        self.spec = spec
        self.text = rules_text(spec.id)
        self.scroll = 0
        self.widgets.add(Button((1040, 640, 180, 44), label="Back", primary=True, on_click=self.back))

    def handle(self, event):
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 3)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += 3 if event.key == pygame.K_DOWN else 20
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - (3 if event.key == pygame.K_UP else 20))
            return True
        return super().handle(event)

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        rect = (80, 40, 1120, 590)
        draw_paper_panel(canvas, pal, rect, f"How to play {self.spec.name}")
        lines: list[tuple[str, bool]] = []
        for paragraph in self.text.strip().split("\n"):
            heading = paragraph.startswith("# ")
            body = paragraph[2:] if heading else paragraph
            for line in canvas.wrap(body, 19, 1030, bold=heading):
                lines.append((line, heading))
        visible = 22
        self.scroll = min(self.scroll, max(0, len(lines) - visible))
        for i, (line, heading) in enumerate(lines[self.scroll:self.scroll + visible]):
            canvas.text(line, (120, 116 + i * 22), 19, pal.brass_dark if heading else pal.ink, bold=heading)
        if len(lines) > visible:
            canvas.text("scroll for more (wheel or arrow keys)", (640, 626), 15, pal.ink_soft, "midbottom")
