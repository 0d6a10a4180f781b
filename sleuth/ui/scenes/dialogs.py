"""A yes/no question over the table (for example before a move that loses the game)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sleuth.ui.canvas import Canvas
from sleuth.ui.scene import Scene
from sleuth.ui.scenes.common import draw_paper_panel
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W
from sleuth.ui.widgets import Button, Widgets

QUESTION_SIZE = 19


class ConfirmScene(Scene):
    opaque = False
    modal = True

    def __init__(self, app, question: str, on_yes: Callable[[], object], yes: str = "Do it anyway",
                 no: str = "Cancel") -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        # the panel grows with the question: a long one lost its last sentence (the question itself)
        rows = len(app.canvas.wrap(question, QUESTION_SIZE, 480))
        self.text_h = max(90.0, rows * QUESTION_SIZE * 1.2)
        height = 166 + self.text_h
        self.rect = (LOGICAL_W / 2 - 280, LOGICAL_H / 2 - height / 2, 560, height)
        cx, bottom = LOGICAL_W / 2, self.rect[1] + height
        self.widgets = Widgets([
            Button((cx - 230, bottom - 70, 210, 44), label=no, primary=True, on_click=self.no),
            Button((cx + 20, bottom - 70, 210, 44), label=yes, on_click=self.yes),
        ], sideways=True)  # Left and Right go between the two (keyboard play-test: only Tab did)
        self.widgets.focus = 0
        self.widgets.keyboard = True  # the safe answer wears the ring: Enter presses it

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
        rect = self.rect
        draw_paper_panel(canvas, pal, rect)
        canvas.text("Are you sure?", (LOGICAL_W / 2, rect[1] + 36), 30, pal.bad, "center", bold=True)
        canvas.paragraph(self.question, (rect[0] + 40, rect[1] + 70, 480, self.text_h), QUESTION_SIZE, pal.ink,
                         align="center")
        self.widgets.draw(canvas, pal)

    def tooltip(self, pos):
        return self.widgets.tooltip(pos)
