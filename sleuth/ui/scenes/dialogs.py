"""A yes/no question over the table (for example before a move that loses the game)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sleuth.ui.canvas import Canvas
from sleuth.ui.scene import Scene
from sleuth.ui.scenes.common import draw_paper_panel
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W
from sleuth.ui.widgets import Button, Widgets


class ConfirmScene(Scene):
    opaque = False
    modal = True

    def __init__(self, app, question: str, on_yes: Callable[[], object], yes: str = "Do it anyway",
                 no: str = "Cancel") -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        cx, cy = LOGICAL_W / 2, LOGICAL_H / 2
        self.widgets = Widgets([
            Button((cx - 230, cy + 50, 210, 44), label=no, primary=True, on_click=self.no),
            Button((cx + 20, cy + 50, 210, 44), label=yes, on_click=self.yes),
        ])
        self.widgets.focus = 0

    def yes(self) -> None:
        self.app.stack.remove(self)
        self.on_yes()

    def no(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.no()
            return True
        self.widgets.handle(event)
        return True

    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        canvas.alpha_box((0, 0, LOGICAL_W, LOGICAL_H), pal.shadow, 150)
        rect = (LOGICAL_W / 2 - 280, LOGICAL_H / 2 - 120, 560, 240)
        draw_paper_panel(canvas, pal, rect)
        canvas.text("Are you sure?", (LOGICAL_W / 2, rect[1] + 36), 30, pal.bad, "center", bold=True)
        canvas.paragraph(self.question, (rect[0] + 40, rect[1] + 70, 480, 90), 19, pal.ink, align="center")
        self.widgets.draw(canvas, pal)

    def tooltip(self, pos):
        return self.widgets.tooltip(pos)
