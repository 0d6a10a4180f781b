"""Spatial navigation: the arrow keys move to the nearest place in their direction, as on a
television's menu (Down from a game's Play button goes to the row below it, not to the next
control in the Tab order). Shared by Case Connection's desk cursor and menus of widgets."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from sleuth.ui.canvas import Rect

#: the direction of each arrow key, as (dx, dy) on the screen (y grows downwards)
LEFT, RIGHT, UP, DOWN = (-1, 0), (1, 0), (0, -1), (0, 1)


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share more than their edges."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def centre(rect: Rect) -> tuple[float, float]:
    return (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)


def _in_beam(origin: Rect, rect: Rect, direction: tuple[int, int]) -> bool:
    """Whether ``rect`` lies level with ``origin`` seen along ``direction`` (beside it for Left and
    Right: their heights overlap; above or below it for Up and Down: their widths overlap)."""
    axis = 1 if direction[0] else 0
    return rect[axis] < origin[axis] + origin[axis + 2] and origin[axis] < rect[axis] + rect[axis + 2]


def _gap(origin: Rect, rect: Rect, direction: tuple[int, int]) -> float:
    """How far ``rect`` begins beyond ``origin``'s edge along ``direction`` (negative: not beyond it)."""
    dx, dy = direction
    if dx:
        return rect[0] - (origin[0] + origin[2]) if dx > 0 else origin[0] - (rect[0] + rect[2])
    return rect[1] - (origin[1] + origin[3]) if dy > 0 else origin[1] - (rect[1] + rect[3])


def nearest(origin: Rect, direction: tuple[int, int], places: Iterable[tuple[Hashable, Rect]],
            beam: bool = False):
    """The place nearest to ``origin`` (a rect) in ``direction`` (dx, dy): first within a cone
    around that direction, else anywhere on that side; None when nothing lies that way.
    ``places`` are (target, rect); the answer is one of them. With ``beam``, a place level with
    the origin comes before any other (a menu's rows: Right from a game's Play is the next game's
    Play, not the small Rules button up and to the right of it)."""
    places = list(places)
    cx, cy = centre(origin)
    dx, dy = direction
    if beam:
        # level places: the first one reached going that way, whatever their centres' offsets
        # (Down from a game's small Rules button had passed over the wide Play button under it,
        # whose centre lies well to the left, for Settings further down)
        level = [(target, rect) for target, rect in places if _in_beam(origin, rect, direction)]
        ahead = [(_gap(origin, rect, direction), abs((centre(rect)[0] - cx) * dy - (centre(rect)[1] - cy) * dx),
                  target, rect) for target, rect in level]
        ahead = [step for step in ahead if step[0] >= 0]
        if ahead:
            _, _, target, rect = min(ahead, key=lambda step: step[:2])
            return target, rect
    best, best_score, loose, loose_score = None, None, None, None
    for target, rect in places:
        px, py = centre(rect)
        along = (px - cx) * dx + (py - cy) * dy
        if along <= 4:
            continue
        across = abs((px - cx) * dy - (py - cy) * dx)
        score = along + 2.5 * across
        if across <= along and (best_score is None or score < best_score):
            best, best_score = (target, rect), score
        if loose_score is None or along + 4 * across < loose_score:
            loose, loose_score = (target, rect), along + 4 * across
    return best or loose
