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
        self.legal = table.view.order_moves([a for a in table.legal_for_viewer() if only is None or only(a)])
        self.page = 0
        self._build()

    @property
    def pages(self) -> int:
        return max(1, (len(self.legal) + PER_PAGE - 1) // PER_PAGE)

    def _build(self, focus: str | None = None) -> None:
        """The page's moves, then Close and the page turners. ``focus``: the turner to keep the
        keyboard's focus on (a second Enter after "Next page" played the next page's first move)."""
        self.widgets.clear()
        pages = self.pages
        shown = self.legal[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]
        for i, action in enumerate(shown):
            self.widgets.add(Button((LOGICAL_W / 2 - 330, 120 + i * 46, 660, 40),
                                    label=self.table.view.describe_action(action), size=18,
                                    on_click=lambda a=action: self.choose(a)))
        self.widgets.add(Button((LOGICAL_W / 2 - 330, 590, 180, 40), label="Close", primary=True, on_click=self.back))
        if pages > 1:
            self.widgets.add(Button((LOGICAL_W / 2 - 130, 590, 200, 40), label="Previous page",
                                    size=17, on_click=lambda: self.turn(-1, "previous"), enabled=self.page > 0))
            self.widgets.add(Button((LOGICAL_W / 2 + 90, 590, 240, 40), label=page_turn_label(self.page, pages),
                                    size=17, on_click=lambda: self.turn(1, "next")))
        self.widgets.focus = 0
        if focus is not None:
            turner = self.widgets.items[-1 if focus == "next" else -2]
            if not turner.enabled:  # the first page has no previous one: the next page's button
                turner = self.widgets.items[-1]
            self.widgets.focus = self.widgets._live().index(turner)

    def turn(self, step: int, which: str | None = None) -> None:
        """Turn a page forward or back (the last page's "next" is the first page)."""
        self.page = (self.page + step) % self.pages
        self._build(which)

    def next_page(self) -> None:
        self.turn(1)

    def choose(self, action) -> None:
        self.app.stack.remove(self)
        self.table.act(action)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.pages > 1:
            self.turn(1 if event.key == pygame.K_PAGEDOWN else -1)
            return True
        super().handle(event)
        return True

    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        canvas.alpha_box((0, 0, LOGICAL_W, 720), pal.shadow, 150)
        self.draw_content(canvas, pal)
        self.widgets.draw(canvas, pal)

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        draw_paper_panel(canvas, pal, (LOGICAL_W / 2 - 370, 30, 740, 620), self.title)
