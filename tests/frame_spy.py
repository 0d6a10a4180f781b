"""Watch what a table draws face up, frame by frame (the hot-seat no-leak tests of every table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class FrameSpy:
    """Wraps the table's ``board.draw_sprite`` and records, per frame, ``record(sprite)`` for every
    sprite whose key starts with ``kind`` and that is drawn face up (hidden sprites are not drawn)."""

    def __init__(self, table, kind: str, record: Callable[[Any], Any] = lambda sprite: sprite.key[1],
                 as_set: bool = True) -> None:
        self.table = table
        table.app.keep_painted_layers = False  # every frame draws every sprite (none from a kept layer)
        self.as_set = as_set
        self.frames: list = []
        self.current: list = []
        board = table.view.board
        original = board.draw_sprite

        def spy(canvas, sprite, pal):
            if sprite.key[0] == kind and sprite.shown >= 0.5 and not getattr(sprite, "hidden", False):
                self.current.append(record(sprite))
            return original(canvas, sprite, pal)

        board.draw_sprite = spy

    def frame(self):
        """Draw one frame; what it showed face up (a set, or a list with ``as_set=False``)."""
        self.current = []
        self.table.app.draw()
        shown = set(self.current) if self.as_set else list(self.current)
        self.frames.append(shown)
        return shown
