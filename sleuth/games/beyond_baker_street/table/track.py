"""The two tracks of the Beyond Baker Street table (Holmes, the Investigation): a brass rail with a
tick per space, every fifth space numbered, a goal or danger space framed, and a marker disc with
its value, beside the track's name and what it means.

The table's own painter rather than the toolkit's ``draw_track`` so that the rail can use the
full width of the table and every number on it is type the player can read (14 px or more)."""

from __future__ import annotations

from sleuth.ui.canvas import Canvas
from sleuth.ui.theme import Colour, Palette, mix

LABEL_W = 184  # the track's name and meaning, left of the rail
MARKER_R = 11


def draw_track(c: Canvas, pal: Palette, rect, hi: int, value: float, title: str, caption: str,
               marker: Colour, goal: int | None = None, danger: int | None = None) -> None:
    x, y, w, h = rect
    c.box(rect, mix(pal.wood_dark, pal.panel, 0.3), radius=8)
    c.box(rect, pal.brass_dark, radius=8, width=1)
    c.text(title, (x + 12, y + 3), 19, pal.brass, bold=True, serif=True)
    c.text(caption, (x + 12, y + 25), 14, pal.paper_dark)
    rail_y = y + 17
    x0, x1 = x + LABEL_W, x + w - 18
    c.line((x0, rail_y), (x1, rail_y), pal.brass_dark, 3)
    for v in range(hi + 1):
        px = x0 + (x1 - x0) * v / hi
        big = v % 5 == 0
        if v == goal:
            c.box((px - 10, rail_y - 11, 20, 22), pal.good, radius=4, width=2)
        if v == danger:
            c.box((px - 10, rail_y - 11, 20, 22), pal.bad, radius=4, width=2)
        c.line((px, rail_y - (6 if big else 3)), (px, rail_y + (6 if big else 3)), pal.brass, 1.5)
        if big or v in (goal, danger):
            c.text(str(v), (px, rail_y + 12), 14, pal.text_light, "midtop")
    px = x0 + (x1 - x0) * min(hi, max(0.0, value)) / hi
    c.circle((px + 1, rail_y + 2), MARKER_R, pal.shadow)
    c.circle((px, rail_y), MARKER_R, marker)
    c.circle((px, rail_y), MARKER_R, pal.ink, 1.5)
    c.text(str(round(value)), (px, rail_y + 1), 14, pal.ink, "center", bold=True)
