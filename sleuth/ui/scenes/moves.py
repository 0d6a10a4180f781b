"""Every legal move as a list: the keyboard route to any action (Tab, arrows, Enter)."""

from __future__ import annotations

import pygame

from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.theme import LOGICAL_W, Palette
from sleuth.ui.widgets import Button, page_turn_label

PER_PAGE = 10


class MovesScene(MenuScene):
    opaque = False

    def __init__(self, app, table, only=None, title: str = "Your possible moves") -> None:
        super().__init__(app)
        self.table = table
        self.title = title
        self.legal = [a for a in table.legal_for_viewer() if only is None or only(a)]
        self.page = 0
        self._build()

    def _build(self) -> None:
        self.widgets.clear()
        pages = max(1, (len(self.legal) + PER_PAGE - 1) // PER_PAGE)
        shown = self.legal[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]
        for i, action in enumerate(shown):
            self.widgets.add(Button((LOGICAL_W / 2 - 330, 120 + i * 46, 660, 40),
                                    label=self.table.view.describe_action(action), size=18,
                                    on_click=lambda a=action: self.choose(a)))
        if pages > 1:
            self.widgets.add(Button((LOGICAL_W / 2 + 130, 590, 200, 40), label=page_turn_label(self.page, pages),
                                    size=17, on_click=self.next_page))
        self.widgets.add(Button((LOGICAL_W / 2 - 330, 590, 200, 40), label="Close", primary=True, on_click=self.back))
        self.widgets.focus = 0

    def next_page(self) -> None:
        pages = max(1, (len(self.legal) + PER_PAGE - 1) // PER_PAGE)
        self.page = (self.page + 1) % pages
        self._build()

    def choose(self, action) -> None:
        self.app.stack.remove(self)
        self.table.act(action)

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        return True

    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        canvas.alpha_box((0, 0, LOGICAL_W, 720), pal.shadow, 150)
        self.draw_content(canvas, pal)
        self.widgets.draw(canvas, pal)

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        draw_paper_panel(canvas, pal, (LOGICAL_W / 2 - 370, 30, 740, 620), self.title)
