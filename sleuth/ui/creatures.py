"""Drawn animals, a clock face, paw prints and round tokens, for tables that need them.

Every animal has its own outline (long neck, flat body, pointed snout, hooked beak, floppy ears),
so the shape alone tells them apart; the colour a table gives them is an extra cue. All painters
take a centre and a size in logical pixels and draw with Canvas primitives only.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from sleuth.ui.canvas import Canvas
from sleuth.ui.theme import Colour, Palette, mix

Point = tuple[float, float]
Painter = Callable[[Canvas, Point, float, Colour], None]


def _ellipse(centre: Point, rx: float, ry: float, n: int = 20, rot: float = 0.0) -> list[Point]:
    cr, sr = math.cos(rot), math.sin(rot)
    out = []
    for i in range(n):
        a = 2 * math.pi * i / n
        x, y = rx * math.cos(a), ry * math.sin(a)
        out.append((centre[0] + x * cr - y * sr, centre[1] + x * sr + y * cr))
    return out


def goose(c: Canvas, p: Point, s: float, col: Colour) -> None:
    """A goose: plump body, long upright neck, small head with a beak pointing left."""
    x, y = p
    c.polygon(_ellipse((x + s * 0.08, y + s * 0.22), s * 0.34, s * 0.2, rot=-0.15), col)
    c.polygon([(x + s * 0.36, y + s * 0.14), (x + s * 0.5, y + s * 0.02), (x + s * 0.42, y + s * 0.24)], col)
    c.line((x - s * 0.16, y + s * 0.14), (x - s * 0.2, y - s * 0.3), col, max(2, s * 0.12))
    c.circle((x - s * 0.2, y - s * 0.33), s * 0.1, col)
    c.polygon([(x - s * 0.28, y - s * 0.36), (x - s * 0.46, y - s * 0.3), (x - s * 0.28, y - s * 0.27)], col)


def toad(c: Canvas, p: Point, s: float, col: Colour) -> None:
    """A toad: wide flat body, two bulging eyes on top, splayed feet."""
    x, y = p
    c.polygon(_ellipse((x, y + s * 0.12), s * 0.42, s * 0.24), col)
    for dx in (-0.2, 0.2):
        c.circle((x + s * dx, y - s * 0.1), s * 0.12, col)
        c.circle((x + s * dx, y - s * 0.11), s * 0.05, (250, 244, 226))
    for dx in (-0.42, 0.42):
        c.polygon(_ellipse((x + s * dx, y + s * 0.34), s * 0.12, s * 0.06), col)


def rat(c: Canvas, p: Point, s: float, col: Colour) -> None:
    """A rat: teardrop body with a pointed snout, a round ear and a long curling tail."""
    x, y = p
    c.polygon(_ellipse((x + s * 0.02, y + s * 0.08), s * 0.3, s * 0.18), col)
    c.polygon([(x - s * 0.22, y - s * 0.02), (x - s * 0.48, y + s * 0.1), (x - s * 0.22, y + s * 0.2)], col)
    c.circle((x - s * 0.16, y - s * 0.12), s * 0.09, col)
    tail = [(x + s * 0.3 + s * 0.18 * math.sin(t * 2.4), y + s * 0.12 - s * 0.34 * t) for t in
            [i / 8 for i in range(9)]]
    c.lines(tail, col, max(1.5, s * 0.05))


def crow(c: Canvas, p: Point, s: float, col: Colour) -> None:
    """A crow: compact body, round head, sharp straight beak and a fan of tail feathers."""
    x, y = p
    c.polygon(_ellipse((x + s * 0.04, y + s * 0.08), s * 0.28, s * 0.2, rot=0.35), col)
    c.circle((x - s * 0.2, y - s * 0.16), s * 0.14, col)
    c.polygon([(x - s * 0.3, y - s * 0.2), (x - s * 0.5, y - s * 0.12), (x - s * 0.3, y - s * 0.1)], col)
    c.polygon([(x + s * 0.22, y + s * 0.12), (x + s * 0.48, y + s * 0.34), (x + s * 0.44, y + s * 0.42),
               (x + s * 0.18, y + s * 0.26)], col)
    c.line((x - s * 0.02, y + s * 0.26), (x - s * 0.06, y + s * 0.44), col, max(1.5, s * 0.05))
    c.line((x + s * 0.1, y + s * 0.26), (x + s * 0.08, y + s * 0.44), col, max(1.5, s * 0.05))


def dog(c: Canvas, p: Point, s: float, col: Colour) -> None:
    """A dog's head: round face, long floppy ears, a muzzle with a dark nose."""
    x, y = p
    for dx, rot in ((-0.32, 0.35), (0.32, -0.35)):
        c.polygon(_ellipse((x + s * dx, y + s * 0.02), s * 0.11, s * 0.26, rot=rot), mix(col, (0, 0, 0), 0.3))
    c.circle((x, y - s * 0.02), s * 0.28, col)
    c.polygon(_ellipse((x, y + s * 0.2), s * 0.17, s * 0.13), col)
    c.circle((x, y + s * 0.14), s * 0.06, (30, 24, 20))
    for dx in (-0.11, 0.11):
        c.circle((x + s * dx, y - s * 0.08), s * 0.04, (30, 24, 20))


ANIMALS: dict[str, Painter] = {"goose": goose, "toad": toad, "rat": rat, "crow": crow, "dog": dog}


def draw_animal(c: Canvas, name: str, p: Point, size: float, col: Colour) -> None:
    painter = ANIMALS.get(name.lower())
    if painter is None:
        c.text(name[:1].upper(), p, size * 0.7, col, "center", bold=True)
    else:
        painter(c, p, size, col)


def draw_clock(c: Canvas, pal: Palette, p: Point, r: float, hour: int, hours: int = 12,
               numbers: bool = False) -> None:
    """A small clock face with one hand pointing at ``hour`` (and a dot on that hour's mark)."""
    x, y = p
    c.circle((x, y), r, pal.paper)
    c.circle((x, y), r, pal.ink, max(1, r * 0.12))
    for h in range(hours):
        a = 2 * math.pi * h / hours - math.pi / 2
        inner = r * (0.72 if h % 3 == 0 else 0.8)
        c.line((x + inner * math.cos(a), y + inner * math.sin(a)),
               (x + r * 0.92 * math.cos(a), y + r * 0.92 * math.sin(a)), pal.ink_soft, 1)
    a = 2 * math.pi * (hour % hours) / hours - math.pi / 2
    tip = (x + r * 0.7 * math.cos(a), y + r * 0.7 * math.sin(a))
    c.line((x, y), tip, pal.bad, max(1.5, r * 0.16))
    c.circle(tip, max(1.5, r * 0.13), pal.bad)
    c.circle((x, y), max(1, r * 0.12), pal.ink)
    if numbers:
        for h in (12, 3, 6, 9):
            a = 2 * math.pi * (h % hours) / hours - math.pi / 2
            c.text(str(h), (x + r * 0.5 * math.cos(a), y + r * 0.5 * math.sin(a)), r * 0.34, pal.ink_soft,
                   "center")


def draw_paw(c: Canvas, p: Point, s: float, col: Colour) -> None:
    """A cat's paw print: a pad and four toes."""
    x, y = p
    c.polygon(_ellipse((x, y + s * 0.12), s * 0.22, s * 0.18), col)
    for dx, dy in ((-0.27, -0.08), (-0.1, -0.26), (0.1, -0.26), (0.27, -0.08)):
        c.polygon(_ellipse((x + s * dx, y + s * dy), s * 0.085, s * 0.11), col)


def draw_cat_face(c: Canvas, p: Point, s: float, col: Colour, eyes: Colour) -> None:
    """A cat's head with pointed ears and slit eyes (the villain's token)."""
    x, y = p
    c.polygon([(x - s * 0.34, y - s * 0.06), (x - s * 0.3, y - s * 0.42), (x - s * 0.08, y - s * 0.2)], col)
    c.polygon([(x + s * 0.34, y - s * 0.06), (x + s * 0.3, y - s * 0.42), (x + s * 0.08, y - s * 0.2)], col)
    c.polygon(_ellipse((x, y + s * 0.04), s * 0.36, s * 0.3), col)
    for dx in (-0.14, 0.14):
        c.polygon(_ellipse((x + s * dx, y - s * 0.02), s * 0.08, s * 0.05), eyes)
        c.line((x + s * dx, y - s * 0.06), (x + s * dx, y + s * 0.02), col, max(1, s * 0.03))
    c.polygon([(x - s * 0.04, y + s * 0.1), (x + s * 0.04, y + s * 0.1), (x, y + s * 0.15)], eyes)


def draw_pipe(c: Canvas, p: Point, s: float, col: Colour) -> None:
    """A smoking pipe (the Lead side)."""
    x, y = p
    c.box((x - s * 0.05, y - s * 0.22, s * 0.3, s * 0.36), col, radius=s * 0.08)
    c.line((x - s * 0.02, y + s * 0.04), (x - s * 0.42, y - s * 0.08), col, max(2, s * 0.1))
    for i in range(3):
        c.circle((x + s * 0.1 + i * s * 0.06, y - s * 0.34 - i * s * 0.1), s * 0.05, mix(col, (255, 255, 255), 0.5))


def draw_fishbone(c: Canvas, p: Point, s: float, col: Colour) -> None:
    """A fish skeleton (the Dead End side)."""
    x, y = p
    w = max(1.5, s * 0.07)
    c.line((x - s * 0.3, y), (x + s * 0.28, y), col, w)
    c.circle((x - s * 0.36, y), s * 0.1, col)
    for i in range(4):
        bx = x - s * 0.16 + i * s * 0.12
        c.line((bx, y - s * 0.18), (bx + s * 0.05, y), col, w)
        c.line((bx, y + s * 0.18), (bx + s * 0.05, y), col, w)
    c.polygon([(x + s * 0.28, y), (x + s * 0.44, y - s * 0.16), (x + s * 0.44, y + s * 0.16)], col)
