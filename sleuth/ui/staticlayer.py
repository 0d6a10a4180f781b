"""A table's painted layer, drawn once and blitted while nothing it shows has changed.

Every table frame used to repaint the felt, the panels, the tracks and their words before the
cards, although during a drag or a card's flight none of them changes: that made a frame 5-10
times the cost of blitting the cards alone (docs/performance.md). A view says what its painted
layer depends on (``TableView.static_key``); while that key and the window stay the same, the
layer is one blit. A view that returns None keeps drawing every frame (the safe default).

Correctness rests on the key naming everything the painted layer reads; the tests draw scripted
moments (moves animating, a card dragged, hovering, the log opened) twice, from the cache and
afresh, and compare every pixel (``tests/ui/test_static_layer.py``). While a canvas records what
it draws (the layout checks, the coach's free-space search), the layer is always drawn afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from sleuth.ui.canvas import Canvas


class StaticLayer:
    """One cached full-window picture and the key it was drawn for."""

    def __init__(self) -> None:
        self.key: Hashable | None = None
        self.surface: pygame.Surface | None = None
        self.enabled = True
        self.hits = 0
        self.paints = 0

    def forget(self) -> None:
        self.key = None

    def draw(self, canvas: Canvas, key: Hashable | None, paint: Callable[[Canvas], None],
             rect: tuple[float, float, float, float] | None = None) -> None:
        """Blit the cached picture when ``key`` matches, else ``paint`` and keep the result.
        ``rect`` (logical): the part of the window the picture covers, opaquely (the whole window
        when None)."""
        target = canvas.surface
        area = canvas.rect(rect) if rect is not None else target.get_rect()
        area = area.clip(target.get_rect())
        if key is None or not self.enabled or canvas.recorder is not None:
            paint(canvas)  # the kept picture stays what its key says: a later frame may use it
            return
        full_key = (key, tuple(area), canvas.scale)
        if full_key == self.key and self.surface is not None:
            target.blit(self.surface, area.topleft)
            self.hits += 1
            return
        paint(canvas)
        self.paints += 1
        if self.surface is None or self.surface.get_size() != area.size:
            self.surface = pygame.Surface(area.size, 0, target)
        self.surface.blit(target, (0, 0), area)
        self.key = full_key
