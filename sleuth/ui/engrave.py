"""The engraver's hand: icons finished with a fine outline and hatched shading, guilloché
rosettes, and small vignette scenes behind a card's picture, all drawn by code.

A silhouette painter (any ``(canvas, centre, size, colour)`` function: the card icons, the
animals) keeps its own shape, so what an icon means is still carried by its outline; the finish
only adds an inked edge, a lit rim and a few hatch lines on the side away from the light. Every
result is painted once per pixel size and colour into the app's ``RenderCache``, so cards that
are painted again (another size, the zoom) cost a blit, and nothing is drawn per frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from sleuth.ui.canvas import Canvas
from sleuth.ui.texture import FLECK, INK
from sleuth.ui.theme import Colour, mix

Point = tuple[float, float]
Painter = Callable[[Canvas, Point, float, Colour], None]

#: below this many pixels an icon is drawn plain: hatching would only muddy it
SMALLEST_ENGRAVED = 30


def _blit_centred(c: Canvas, surf: pygame.Surface, p: Point) -> None:
    x, y = c.point(p)
    c.surface.blit(surf, (x - surf.get_width() // 2, y - surf.get_height() // 2))


def engraved(c: Canvas, name: str, painter: Painter, p: Point, s: float, col: Colour) -> None:
    """``painter``'s silhouette at ``p`` (size ``s``, colour ``col``) with an engraved finish.

    The body (the pixels in ``col``) gets a lit rim up and left, hatch lines down and right that
    close up towards the shadow, and the whole shape an inked outline; details the painter drew in
    other colours (a page's lines, the hand on the stop sign) stay clean. ``name`` identifies the
    painter in the cache."""
    px = c.px(s)
    if px < SMALLEST_ENGRAVED:
        painter(c, p, s, col)
        return
    side = round(px * 1.3) + 8
    half = side // 2

    def make() -> pygame.Surface:
        plain = pygame.Surface((side, side), pygame.SRCALPHA)
        painter(Canvas(plain, c.cache, c.scale, (0.0, 0.0)), (half / c.scale, half / c.scale), s, col)
        shape = pygame.mask.from_surface(plain, 127)
        body = pygame.mask.from_threshold(plain, (*col, 255), (3, 3, 3, 255))
        dark = mix(col, INK, 0.62)
        edge_w = max(1, round(px / 42))
        out = pygame.Surface((side, side), pygame.SRCALPHA)
        edge = shape.to_surface(setcolor=(*dark, 255), unsetcolor=(0, 0, 0, 0))
        for dx, dy in ((-edge_w, 0), (edge_w, 0), (0, -edge_w), (0, edge_w)):
            out.blit(edge, (dx, dy))
        out.blit(plain, (0, 0))
        # the lit rim: body pixels whose neighbour up and left is not body
        shifted = pygame.mask.Mask((side, side))
        shifted.draw(body, (edge_w, edge_w))
        rim = body.copy()
        rim.erase(shifted, (0, 0))
        out.blit(rim.to_surface(setcolor=(*mix(col, FLECK, 0.5), 200), unsetcolor=(0, 0, 0, 0)), (0, 0))
        out.blit(_hatching(side, px, c.scale, mix(col, INK, 0.5), body), (0, 0))
        return out

    surf = c.cache.surface(("engraved", name, px, side, col, round(c.scale, 3)), make)
    _blit_centred(c, surf, p)


def _hatching(side: int, px: int, scale: float, colour: Colour, body: pygame.mask.Mask) -> pygame.Surface:
    """Diagonal hatch lines over the lower right of a square, closing up towards the corner, and a
    cross-hatch in the deepest shadow; trimmed to ``body``."""
    hatch = pygame.Surface((side, side), pygame.SRCALPHA)
    centre = side / 2
    start = 2 * centre + px * 0.08  # x + y beyond this lies in the shade
    gap = max(3.0, 2.4 * scale)
    k, n = start, 0
    while k < 2 * side:
        pygame.draw.line(hatch, (*colour, 230), (k - side, side), (k, 0))
        n += 1
        k += gap * max(0.75, 1.5 - 0.12 * n)
    deep = start + px * 0.34
    m = -side
    while m < side:  # lines of constant x - y, only where x + y > deep
        t0 = (deep + m) / 2
        if t0 < side:
            pygame.draw.line(hatch, (*colour, 170), (t0, t0 - m), (side, side - m))
        m += gap * 1.3
    hatch.blit(body.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(255, 255, 255, 0)), (0, 0),
               special_flags=pygame.BLEND_RGBA_MULT)
    return hatch


def rosette(c: Canvas, p: Point, r: float, colour: Colour, petals: int = 14, bands: int = 3) -> None:
    """A banknote's guilloché: ``bands`` pairs of wavy rings, each pair out of phase so the
    lines cross like a woven cord, in the finest line the canvas can draw."""
    x, y = p
    steps = max(90, petals * 12)
    for band in range(bands):
        base = r * (1 - band * 0.27)
        for phase in (0.0, math.pi):
            points = []
            for i in range(steps):
                t = 2 * math.pi * i / steps
                rad = base * (0.86 + 0.1 * math.cos(petals * t + phase + band))
                points.append((x + rad * math.cos(t), y + rad * math.sin(t)))
            c.aalines(points, colour, closed=True)


# -- vignettes: small engraved scenes behind a card's picture ---------------------------------


def vignette(c: Canvas, kind: str, p: Point, rx: float, ry: float, ink: Colour = INK, strength: float = 1.0) -> None:
    """An oval engraved plate centred on ``p``: a ruled sky, a horizon and a small scene for
    ``kind`` (an icon or an animal), framed by a fine double rule. Faint by design: it sits
    behind the card's picture and must never compete with it (``strength`` scales the ink)."""
    w, h = c.px(2 * rx) + 2, c.px(2 * ry) + 2
    scale = c.scale

    def make() -> pygame.Surface:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        cx, cy = w / 2, h / 2
        sx, sy = (w - 2) / 2, (h - 2) / 2

        def at(u: float, v: float) -> Point:
            return (cx + u * sx, cy + v * sy)

        def stroke(points: list[Point], alpha: int = 90, closed: bool = False, width: int = 1) -> None:
            colour = (*ink, min(255, round(alpha * strength)))
            if len(points) >= 2:
                pygame.draw.lines(surf, colour, closed, points, width)

        gap = max(2.5, 2.6 * c.scale)
        y = cy - sy
        while y < cy + sy * 0.3:  # the engraved sky: ruled lines, closer towards the horizon
            depth = (y - (cy - sy)) / (sy * 1.3)
            stroke([(0, y), (w, y)], round(22 + 30 * depth))
            y += gap * (1.6 - 0.6 * depth)
        SCENES.get(kind, _scene_rosette)(at, stroke, c.scale)
        oval = pygame.Surface((w, h), pygame.SRCALPHA)
        oval.fill((255, 255, 255, 0))
        pygame.draw.ellipse(oval, (255, 255, 255, 255), oval.get_rect())
        surf.blit(oval, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        frame = (*ink, min(255, round(130 * strength)))
        pygame.draw.ellipse(surf, frame, surf.get_rect(), 1)
        inset = max(2, round(2 * c.scale))
        pygame.draw.ellipse(surf, (*ink, min(255, round(70 * strength))), surf.get_rect().inflate(-2 * inset, -2 * inset), 1)
        return surf

    surf = c.cache.surface(("vignette", kind, w, h, ink, strength, round(scale, 3)), make)
    _blit_centred(c, surf, p)


def _ground(at, stroke, scale: float, horizon: float = 0.3) -> None:
    stroke([at(-1, horizon), at(1, horizon)], 120)
    v = horizon + 0.1
    while v < 1:
        stroke([at(-1, v), at(1, v)], 55)
        v += 0.16 - 0.04 * (v - horizon)


def _scene_track(at, stroke, scale: float) -> None:
    """A cobbled lane running off to the horizon, a wall and a lamp beside it."""
    _ground(at, stroke, scale)
    stroke([at(-0.05, 0.3), at(-0.75, 1)], 110)
    stroke([at(0.05, 0.3), at(0.75, 1)], 110)
    for row, v in enumerate((0.45, 0.62, 0.82)):
        half = 0.05 + (v - 0.3) * 1.0
        n = 3 + row
        for k in range(n):
            u0 = -half + 2 * half * k / n
            stroke([at(u0, v), at(u0 + half / n, v - 0.05), at(u0 + 2 * half / n, v)], 90)
    for k in range(4):  # a brick wall on the left
        v = 0.3 - k * 0.12
        stroke([at(-1, v), at(-0.55, v + 0.02)], 100)
    stroke([at(0.7, 0.3), at(0.7, -0.45)], 130, width=max(1, round(scale)))
    stroke([at(0.62, -0.45), at(0.78, -0.45), at(0.75, -0.6), at(0.65, -0.6)], 130, closed=True)


def _scene_witness(at, stroke, scale: float) -> None:
    """London roofs with chimney pots on the horizon, a lit window here and there."""
    roof = [at(-1, 0.0)]
    heights = (-0.1, -0.35, -0.2, -0.45, -0.15, -0.3, -0.05)
    for i, top in enumerate(heights):
        u0, u1 = -1 + i * 2 / len(heights), -1 + (i + 1) * 2 / len(heights)
        roof += [at(u0, top), at((u0 + u1) / 2 - 0.04, top), at((u0 + u1) / 2 - 0.04, top - 0.14),
                 at((u0 + u1) / 2 + 0.04, top - 0.14), at((u0 + u1) / 2 + 0.04, top), at(u1, top)]
    stroke(roof, 130)
    for i, top in enumerate(heights):
        u = -1 + (i + 0.3) * 2 / len(heights)
        stroke([at(u, top + 0.15), at(u + 0.08, top + 0.15), at(u + 0.08, top + 0.27), at(u, top + 0.27)], 110,
               closed=True)
    _ground(at, stroke, scale)


def _scene_clue(at, stroke, scale: float) -> None:
    """A study's bookshelf: two shelves of spines of every height."""
    for shelf in (-0.05, 0.55):
        stroke([at(-1, shelf), at(1, shelf)], 140, width=max(1, round(scale)))
        u, i = -1.0, 0
        while u < 1:
            width = 0.09 + 0.05 * ((i * 7) % 3)
            top = shelf - 0.32 - 0.08 * ((i * 5) % 4)
            stroke([at(u, shelf), at(u, top), at(u + width, top), at(u + width, shelf)], 95)
            stroke([at(u + width * 0.2, top + 0.08), at(u + width * 0.8, top + 0.08)], 70)
            u += width + 0.02
            i += 1


def _scene_document(at, stroke, scale: float) -> None:
    """An inkwell and a quill on a writing desk, a sheet with lines of script beside them."""
    _ground(at, stroke, scale, horizon=0.45)
    stroke([at(0.35, 0.45), at(0.4, 0.2), at(0.7, 0.2), at(0.75, 0.45)], 140, closed=True)
    stroke([at(0.45, 0.2), at(0.47, 0.12), at(0.63, 0.12), at(0.65, 0.2)], 130)
    quill = [at(0.55 - 0.5 * t, 0.12 - 0.9 * t - 0.2 * t * t) for t in (0, 0.25, 0.5, 0.75, 1)]
    stroke(quill, 150)
    for t in (0.35, 0.5, 0.65, 0.8, 0.95):
        qx, qy = 0.55 - 0.5 * t, 0.12 - 0.9 * t - 0.2 * t * t
        stroke([at(qx, qy), at(qx - 0.12, qy + 0.04)], 100)
        stroke([at(qx, qy), at(qx + 0.1, qy - 0.06)], 100)
    stroke([at(-0.85, 0.45), at(-0.7, 0.1), at(-0.1, 0.1), at(-0.25, 0.45)], 110, closed=True)
    for k in range(3):
        v = 0.2 + k * 0.08
        stroke([at(-0.68 - 0.03 * k, v), at(-0.25 - 0.03 * k, v)], 80)


def _scene_stop(at, stroke, scale: float) -> None:
    """Iron railings with spear tips, closed across the way."""
    _ground(at, stroke, scale, horizon=0.55)
    for rail in (-0.2, 0.4):
        stroke([at(-1, rail), at(1, rail)], 130, width=max(1, round(scale)))
    u = -0.95
    while u < 1:
        stroke([at(u, 0.55), at(u, -0.45)], 130)
        stroke([at(u - 0.04, -0.45), at(u, -0.58), at(u + 0.04, -0.45)], 130, closed=True)
        u += 0.17


def _scene_double(at, stroke, scale: float) -> None:
    """Two coins side by side, milled edges and all: the same again."""
    for cu in (-0.45, 0.45):
        points = [at(cu + 0.42 * math.cos(t * math.pi / 12), 0.05 + 0.55 * math.sin(t * math.pi / 12))
                  for t in range(24)]
        stroke(points, 120, closed=True)
        for t in range(0, 24, 2):
            a = t * math.pi / 12
            stroke([at(cu + 0.42 * math.cos(a), 0.05 + 0.55 * math.sin(a)),
                    at(cu + 0.34 * math.cos(a), 0.05 + 0.45 * math.sin(a))], 80)


def _scene_arrow(at, stroke, scale: float) -> None:
    """A fingerpost at a crossroads, its arms pointing on."""
    _ground(at, stroke, scale)
    stroke([at(-0.2, 0.3), at(-1, 0.9)], 100)
    stroke([at(0.2, 0.3), at(1, 0.9)], 100)
    stroke([at(-0.6, 0.6), at(-0.6, -0.7)], 150, width=max(1, round(scale)))
    for v, sign in ((-0.55, 1), (-0.25, -1)):
        tip = -0.6 + sign * 0.5
        stroke([at(-0.6, v - 0.07), at(tip - sign * 0.08, v - 0.07), at(tip, v), at(tip - sign * 0.08, v + 0.07),
                at(-0.6, v + 0.07)], 140)


def _reeds(at, stroke, u0: float, u1: float) -> None:
    u, i = u0, 0
    while u < u1:
        top = -0.2 - 0.25 * ((i * 3) % 4) / 3
        stroke([at(u, 0.3), at(u + 0.03, top)], 120)
        if i % 2 == 0:
            stroke([at(u + 0.03, top), at(u + 0.03, top + 0.15)], 150, width=2)
        u += 0.07
        i += 1


def _ripples(at, stroke, v0: float) -> None:
    v, i = v0, 0
    while v < 1:
        for k in range(-3, 4):
            u = k * 0.28 + (0.14 if i % 2 else 0)
            stroke([at(u - 0.1, v), at(u, v - 0.03), at(u + 0.1, v)], 90)
        v += 0.13
        i += 1


def _scene_goose(at, stroke, scale: float) -> None:
    """A pond: reeds at either side, ripples on the water."""
    stroke([at(-1, 0.3), at(1, 0.3)], 120)
    _reeds(at, stroke, -1, -0.55)
    _reeds(at, stroke, 0.6, 1)
    _ripples(at, stroke, 0.45)


def _scene_toad(at, stroke, scale: float) -> None:
    """Lily pads on still water."""
    stroke([at(-1, 0.1), at(1, 0.1)], 120)
    _ripples(at, stroke, 0.25)
    for cu, cv, r in ((-0.6, 0.55, 0.22), (0.62, 0.4, 0.18), (0.3, 0.8, 0.16)):
        pad = [at(cu + r * math.cos(t / 10 * math.pi * 1.8 + 0.3), cv + r * 0.45 * math.sin(t / 10 * math.pi * 1.8 + 0.3))
               for t in range(11)]
        stroke([at(cu, cv), *pad, at(cu, cv)], 140)
    _reeds(at, stroke, -1, -0.8)


def _scene_rat(at, stroke, scale: float) -> None:
    """A cellar's brick wall and the mouth of a drain."""
    v, row = -1.0, 0
    while v < 1:
        stroke([at(-1, v), at(1, v)], 80)
        u = -1 + (0.15 if row % 2 else 0)
        while u < 1:
            stroke([at(u, v), at(u, v + 0.16)], 80)
            u += 0.3
        v += 0.16
        row += 1
    arch = [at(0.55 + 0.3 * math.cos(math.pi + t * math.pi / 8), 0.85 + 0.35 * math.sin(math.pi + t * math.pi / 8))
            for t in range(9)]
    stroke(arch, 150)


def _scene_crow(at, stroke, scale: float) -> None:
    """A bare branch across a night sky with a full moon."""
    moon = [at(0.45 + 0.3 * math.cos(t * math.pi / 10), -0.35 + 0.38 * math.sin(t * math.pi / 10)) for t in range(20)]
    stroke(moon, 130, closed=True)
    branch = [at(-1, 0.25), at(-0.5, 0.15), at(0, 0.2), at(0.5, 0.05), at(1, 0.1)]
    stroke(branch, 160, width=max(1, round(scale)))
    for u, v, du, dv in ((-0.7, 0.2, 0.1, -0.3), (-0.3, 0.17, -0.05, -0.35), (0.2, 0.15, 0.15, -0.3),
                         (0.6, 0.07, 0.1, 0.3), (-0.1, 0.19, 0.05, 0.3)):
        stroke([at(u, v), at(u + du, v + dv)], 130)
    _ground(at, stroke, scale, horizon=0.6)


def _scene_dog(at, stroke, scale: float) -> None:
    """A picket fence and tufts of grass."""
    _ground(at, stroke, scale, horizon=0.45)
    for rail in (-0.05, 0.3):
        stroke([at(-1, rail), at(1, rail)], 120)
    u = -0.95
    while u < 1:
        stroke([at(u - 0.05, 0.45), at(u - 0.05, -0.25), at(u, -0.35), at(u + 0.05, -0.25), at(u + 0.05, 0.45)], 120)
        u += 0.2
    for u in (-0.7, -0.2, 0.35, 0.8):
        for du in (-0.05, 0.0, 0.05):
            stroke([at(u, 0.75), at(u + du * 1.6, 0.6)], 110)


def _scene_rosette(at, stroke, scale: float) -> None:
    """No scene of its own: concentric ruled rings, like an engraved seal."""
    for k in range(1, 6):
        r = k * 0.18
        stroke([at(r * math.cos(t * math.pi / 18), r * math.sin(t * math.pi / 18)) for t in range(36)], 80,
               closed=True)


SCENES: dict[str, Callable] = {
    "track": _scene_track,
    "witness": _scene_witness,
    "clue": _scene_clue,
    "document": _scene_document,
    "stop": _scene_stop,
    "double": _scene_double,
    "arrow": _scene_arrow,
    "goose": _scene_goose,
    "toad": _scene_toad,
    "rat": _scene_rat,
    "crow": _scene_crow,
    "dog": _scene_dog,
}
