"""Where things go on a table: fans, rows, piles, grids, tracks and drop areas.

Zones are pure layout: they turn "the 3rd of 6 cards in this hand" into a position and an angle
in logical coordinates. The board moves sprites there; drop areas say what a drop means.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass

from sleuth.ui.canvas import Rect

Placement = tuple[float, float, float]  # x, y (centre), angle in degrees


def union_rect(rects) -> Rect | None:
    """The smallest rectangle around ``rects`` (None for none): a region made of several parts."""
    rects = list(rects)
    if not rects:
        return None
    left = min(r[0] for r in rects)
    top = min(r[1] for r in rects)
    right = max(r[0] + r[2] for r in rects)
    bottom = max(r[1] + r[3] for r in rects)
    return (left, top, right - left, bottom - top)


def fan(centre: tuple[float, float], count: int, spacing: float, spread_deg: float = 0.0,
        lift: float = 0.0) -> list[Placement]:
    """A hand of cards fanned around ``centre`` (angles spread symmetrically, edges lower)."""
    if count <= 0:
        return []
    cx, cy = centre
    out = []
    for i in range(count):
        u = (i - (count - 1) / 2)
        angle = -u * spread_deg / max(1, count - 1) if count > 1 else 0.0
        x = cx + u * spacing
        y = cy + abs(u) ** 2 * lift
        out.append((x, y, angle))
    return out


def row(start: tuple[float, float], count: int, spacing: float, vertical: bool = False) -> list[Placement]:
    x, y = start
    return [((x, y + i * spacing) if vertical else (x + i * spacing, y)) + (0.0,) for i in range(count)]


def pile(centre: tuple[float, float], count: int, step: float = 0.6) -> list[Placement]:
    """A squared-up pile: each card a little higher than the one below."""
    x, y = centre
    return [(x - i * step * 0.3, y - i * step, 0.0) for i in range(count)]


def cascade(top: tuple[float, float], count: int, step: float) -> list[Placement]:
    """Overlapping cards going down, each showing its top strip (evidence under a lead)."""
    x, y = top
    return [(x, y + i * step, 0.0) for i in range(count)]


def grid_cell(origin: tuple[float, float], cell: tuple[float, float], col: int, rowi: int) -> Placement:
    return (origin[0] + col * cell[0], origin[1] + rowi * cell[1], 0.0)


def track_point(start: tuple[float, float], end: tuple[float, float], lo: int, hi: int, value: float) -> tuple[float, float]:
    t = 0.0 if hi == lo else (value - lo) / (hi - lo)
    return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)


def ring(centre: tuple[float, float], radius: float, count: int, start_deg: float = -90) -> list[tuple[float, float]]:
    return [
        (centre[0] + radius * math.cos(math.radians(start_deg + i * 360 / count)),
         centre[1] + radius * math.sin(math.radians(start_deg + i * 360 / count)))
        for i in range(count)
    ]


@dataclass
class DropArea:
    """A place a dragged card may be dropped. ``target`` is what the view turns into an action."""

    rect: Rect
    target: Hashable
    label: str = ""
    tooltip: str = ""

    def contains(self, pos: tuple[float, float]) -> bool:
        x, y, w, h = self.rect
        return x <= pos[0] < x + w and y <= pos[1] < y + h

    def distance(self, pos: tuple[float, float]) -> float:
        x, y, w, h = self.rect
        dx = max(x - pos[0], 0, pos[0] - (x + w))
        dy = max(y - pos[1], 0, pos[1] - (y + h))
        return math.hypot(dx, dy)
