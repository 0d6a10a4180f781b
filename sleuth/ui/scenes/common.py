"""Pieces shared by the menu scenes: the felt backdrop, paper panels, a scene made of widgets."""

from __future__ import annotations

import pygame

from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.scene import Scene
from sleuth.ui.texture import felt_weave
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W, Palette, mix
from sleuth.ui.widgets import Widgets


def draw_felt(canvas: Canvas, pal: Palette, rect: Rect = (0, 0, LOGICAL_W, LOGICAL_H)) -> None:
    """Green baize: a woven nap with loose fibres and faint mottling, lighter under the lamp in the
    middle and darker towards the rim. Painted once per size (``felt_weave`` is a tile of threads,
    so even a 4K window's texture costs a few hundred blits, once)."""
    key = ("felt", pal.felt, rect[2], rect[3])

    def paint(c: Canvas) -> None:
        w, h = rect[2], rect[3]
        c.fill(pal.felt_dark)
        steps = 28
        for i in range(steps):
            t = i / steps
            inset = t * min(w, h) * 0.26
            c.box((inset, inset * 0.8, w - 2 * inset, h - 1.6 * inset), mix(pal.felt_dark, pal.felt, t ** 0.55),
                  radius=40 + inset * 0.3)
        c.surface.blit(felt_weave(c.cache, c.surface.get_size(), c.scale, pal.felt), (0, 0))

    surf = canvas.painted(key, (rect[2], rect[3]), paint)
    canvas.blit(surf, (rect[0], rect[1]))


def draw_paper_panel(canvas: Canvas, pal: Palette, rect: Rect, title: str = "") -> None:
    canvas.shadow(rect, radius=12, spread=10, alpha=110, offset=(5, 8))
    canvas.box(rect, pal.paper, radius=12)
    x, y, w, h = rect
    canvas.box((x + 6, y + 6, w - 12, h - 12), pal.paper_dark, radius=9, width=1.5)
    if title:
        canvas.text(title, (x + w / 2, y + 18), 34, pal.ink, "midtop", bold=True, serif=True)
        canvas.line((x + 40, y + 62), (x + w - 40, y + 62), pal.brass_dark, 1.5)


def draw_brass_title(canvas: Canvas, pal: Palette, text: str, centre: tuple[float, float], size: float) -> None:
    canvas.text(text, (centre[0] + 2, centre[1] + 3), size, pal.shadow, "center", bold=True, serif=True)
    canvas.text(text, centre, size, pal.brass, "center", bold=True, serif=True)


class MenuScene(Scene):
    """A scene of widgets over the felt; Esc goes back (pops) unless ``can_go_back`` is False."""

    can_go_back = True
    title = ""
    paints_whole_screen = True  # the felt, then the widgets

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets = Widgets(sideways=True)  # a menu's buttons also answer Left and Right

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.can_go_back:
            self.back()
            return True
        used = self.widgets.handle(event)
        if used and event.type == pygame.MOUSEBUTTONDOWN:
            self.app.sound.play("click")
        return used

    def back(self) -> None:
        self.app.stack.pop()

    def toast_place(self, sizes: list[tuple[float, float]], canvas: Canvas | None = None
                    ) -> tuple[int, tuple[float, float]]:
        """Where a notice goes, of its shapes ``sizes`` (widest first): as near the foot of the
        screen as it can lie clear of every button ("A file name cannot contain /." lay over
        Cancel and Save), as on a table. Returns (shape, top left)."""
        from sleuth.ui.scenes.coach import first_clear_spot

        buttons = [tuple(widget.rect) for widget in self.widgets.items if getattr(widget, "visible", True)]
        index, spot, _ = first_clear_spot(sizes, buttons, (12, 12, LOGICAL_W - 24, LOGICAL_H - 24),
                                        near=(LOGICAL_W / 2, LOGICAL_H))
        return index, spot[:2]

    def toast_spot(self, size: tuple[float, float]) -> tuple[float, float]:
        """Where a notice of one shape goes (``toast_place``)."""
        return self.toast_place([size])[1]

    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        draw_felt(canvas, pal)
        self.draw_content(canvas, pal)
        self.widgets.draw(canvas, pal)

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        pass

    def tooltip(self, pos):
        return self.widgets.tooltip(pos)
