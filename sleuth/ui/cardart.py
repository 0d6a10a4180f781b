"""Card faces, backs and icons drawn by our own code, with one consistent, printed look.

Every card: rounded corners, a rag-paper face (grain, fibres, a faint vignette) inside an inked
double rule, big readable numbers; backs are engraved line work with a brass medallion and a
pattern per game so a glance tells the decks apart. Icons always have a shape of their own
(colour is an extra cue, never the only one), so the colour-blind palette loses nothing; big
enough, they get an engraver's finish (outline, lit rim, hatched shade). The textures come from
``texture`` and ``engrave``, cached per pixel size: a face costs its painting once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from sleuth.ui.canvas import Canvas
from sleuth.ui.engrave import engraved, rosette
from sleuth.ui.texture import draw_wood, paper_grain
from sleuth.ui.theme import Colour, Palette, mix

RADIUS = 7


def hairline(c: Canvas) -> float:
    """The logical width of one real pixel: the finest rule this canvas can print."""
    return 1 / c.scale


def card_face(c: Canvas, w: float, h: float, pal: Palette, tint: Colour | None = None) -> None:
    """The blank paper of a card face (tint: a wash of the card's colour): grain and a faint
    vignette, the cut edge inked, and a double rule (a firm line, a hairline inside it)."""
    face = pal.paper if tint is None else mix(pal.paper, tint, 0.18)
    c.box((0, 0, w, h), face, radius=RADIUS)
    rect = c.rect((0, 0, w, h))
    c.surface.blit(paper_grain(c.cache, rect.size, c.px(RADIUS)), rect.topleft)
    c.box((0, 0, w, h), mix(pal.ink_soft, pal.ink, 0.4), radius=RADIUS, width=1)
    c.box((4, 4, w - 8, h - 8), mix(face, pal.ink, 0.5), radius=RADIUS - 2, width=1)
    c.box((6.5, 6.5, w - 13, h - 13), mix(face, pal.ink, 0.3), radius=RADIUS - 3, width=hairline(c))


def card_back(c: Canvas, w: float, h: float, pal: Palette, style: str, accent: Colour) -> None:
    """A back per game: ``lattice`` (Beyond Baker Street), ``stripes``, ``dots``, ``rings``, engraved:
    a cross-hatched field, the pattern in hairlines over it, a double-ruled frame with corner
    lozenges, and a brass medallion with a guilloché rosette."""
    c.box((0, 0, w, h), pal.wood_dark, radius=RADIUS)
    c.box((3, 3, w - 6, h - 6), accent, radius=RADIUS - 1)
    inner = (7, 7, w - 14, h - 14)
    field = mix(accent, pal.wood_dark, 0.35)
    c.box(inner, field, radius=RADIUS - 3)
    x0, y0, iw, ih = inner
    hair = hairline(c)
    clip = c.surface.get_clip()
    c.surface.set_clip(c.rect(inner))
    shade = mix(field, pal.wood_dark, 0.55)
    for k in range(-int(ih // 3) - 1, int(iw // 3) + 2):  # the engraved ground: a fine cross-hatch
        c.line((x0 + k * 3, y0), (x0 + k * 3 + ih, y0 + ih), shade, hair)
        c.line((x0 + k * 3 + ih, y0), (x0 + k * 3, y0 + ih), mix(field, shade, 0.5), hair)
    line = mix(accent, pal.paper, 0.45)
    if style == "lattice":
        step = 10
        for i in range(int(iw // step)):
            for j in range(int(ih // step)):
                cx, cy = x0 + step / 2 + i * step, y0 + step / 2 + j * step
                c.aalines([(cx, cy - 3.5), (cx + 3.5, cy), (cx, cy + 3.5), (cx - 3.5, cy)], line, closed=True)
                c.circle((cx, cy), 0.8, line)
    elif style == "stripes":
        for i in range(int(ih // 8)):
            yy = y0 + 4 + i * 8
            c.aalines([(x0 + 3, yy - 1), (x0 + iw - 3, yy - 1)], line)
            c.aalines([(x0 + 3, yy + 1), (x0 + iw - 3, yy + 1)], line)
    elif style == "dots":
        for i in range(int(iw // 10)):
            for j in range(int(ih // 10)):
                c.circle((x0 + 6 + i * 10, y0 + 6 + j * 10), 1.4, line)
                c.circle((x0 + 6 + i * 10, y0 + 6 + j * 10), 3, mix(line, field, 0.5), hair)
    else:
        for r in range(4, int(max(iw, ih) * 0.75), 5):
            c.aalines([(w / 2 + r * math.cos(t * math.pi / 30), h / 2 + r * math.sin(t * math.pi / 30))
                       for t in range(60)], line, closed=True)
    c.surface.set_clip(clip)
    frame = mix(pal.brass, field, 0.3)
    c.box((x0 + 2, y0 + 2, iw - 4, ih - 4), frame, radius=RADIUS - 4, width=hair)
    c.box((x0 + 4, y0 + 4, iw - 8, ih - 8), mix(frame, field, 0.4), radius=RADIUS - 5, width=hair)
    for cx, cy in ((x0 + 4, y0 + 4), (x0 + iw - 4, y0 + 4), (x0 + 4, y0 + ih - 4), (x0 + iw - 4, y0 + ih - 4)):
        c.polygon([(cx, cy - 3), (cx + 3, cy), (cx, cy + 3), (cx - 3, cy)], frame)
    r = min(w, h) * 0.16
    c.circle((w / 2, h / 2), r * 1.3, field)
    c.circle((w / 2, h / 2), r * 1.3, frame, hair)
    c.circle((w / 2, h / 2), r, pal.brass)
    rosette(c, (w / 2, h / 2), r * 0.85, mix(pal.brass, pal.brass_dark, 0.75), petals=10, bands=2)
    c.circle((w / 2, h / 2), r, pal.brass_dark, 1.5)
    c.box((0, 0, w, h), pal.ink, radius=RADIUS, width=1)


# -- icons ------------------------------------------------------------------------------------
IconPainter = Callable[[Canvas, tuple[float, float], float, Colour], None]


def icon_track(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """Footprints: two shoe soles side by side."""
    x, y = p
    for dx, dy in ((-s * 0.22, s * 0.12), (s * 0.22, -s * 0.12)):
        c.polygon(_ellipse((x + dx, y + dy - s * 0.1), s * 0.14, s * 0.26), col)
        c.circle((x + dx, y + dy + s * 0.28), s * 0.1, col)


def icon_witness(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """A person: head and shoulders."""
    x, y = p
    c.circle((x, y - s * 0.2), s * 0.2, col)
    c.polygon(_half_ellipse((x, y + s * 0.42), s * 0.38, s * 0.36), col)


def icon_clue(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """A magnifying glass."""
    x, y = p
    c.circle((x - s * 0.08, y - s * 0.08), s * 0.26, col, max(1.5, s * 0.09))
    c.line((x + s * 0.12, y + s * 0.12), (x + s * 0.38, y + s * 0.38), col, max(2, s * 0.13))


def icon_document(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """A page with a folded corner and lines of writing."""
    x, y = p
    w, h = s * 0.56, s * 0.72
    left, top = x - w / 2, y - h / 2
    fold = s * 0.18
    c.polygon([(left, top), (left + w - fold, top), (left + w, top + fold), (left + w, top + h), (left, top + h)], col)
    for i in range(3):
        yy = top + h * (0.35 + i * 0.2)
        c.line((left + w * 0.18, yy), (left + w * 0.82, yy), (245, 238, 220), max(1, s * 0.05))


def icon_stop(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """A stop sign: an octagon with an open hand (palm and four fingers) in it."""
    x, y = p
    r = s * 0.48
    c.polygon([(x + r * math.cos(math.radians(22.5 + 45 * i)), y + r * math.sin(math.radians(22.5 + 45 * i)))
               for i in range(8)], col)
    paper = (245, 238, 220)
    c.box((x - s * 0.17, y - s * 0.04, s * 0.34, s * 0.28), paper, radius=s * 0.08)
    for i in range(4):
        fx = x - s * 0.17 + i * s * 0.09
        c.box((fx, y - s * 0.26, s * 0.07, s * 0.26), paper, radius=s * 0.03)
    c.polygon([(x + s * 0.15, y + s * 0.08), (x + s * 0.3, y - s * 0.06), (x + s * 0.33, y - s * 0.01),
               (x + s * 0.17, y + s * 0.18)], paper)


def icon_double(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """Doubling: two overlapping cards, the front one marked x2."""
    x, y = p
    w, h = s * 0.5, s * 0.66
    c.box((x - w / 2 - s * 0.12, y - h / 2 - s * 0.08, w, h), col, radius=s * 0.06, width=max(1.5, s * 0.06))
    c.box((x - w / 2 + s * 0.08, y - h / 2 + s * 0.06, w, h), col, radius=s * 0.06)
    _times_two(c, (x + s * 0.08, y + s * 0.06), s * 0.26, (245, 238, 220))


def _times_two(c: Canvas, p: tuple[float, float], size: float, col: Colour) -> None:
    """The mark "x2" in strokes, ``size`` tall: drawn, not typeset, so it keeps inside its card at
    any size (text never goes under the 14 px floor, which made a small icon's "x2" spill out)."""
    x, y = p
    width = max(1.2, size * 0.2)
    half = size / 2
    ex = x - size * 0.42
    c.line((ex - size * 0.3, y - size * 0.12), (ex + size * 0.3, y + half), col, width)
    c.line((ex - size * 0.3, y + half), (ex + size * 0.3, y - size * 0.12), col, width)
    left, top = x + size * 0.08, y - half
    glyph = [(0.05, 0.28), (0.18, 0.06), (0.45, 0.0), (0.72, 0.06), (0.86, 0.28), (0.78, 0.5), (0.0, 1.0), (0.95, 1.0)]
    c.lines([(left + gx * size * 0.7, top + gy * size) for gx, gy in glyph], col, width)


def icon_arrow(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """An arrow pointing on (to the next stack clockwise)."""
    x, y = p
    t = s * 0.13
    c.polygon([(x - s * 0.44, y - t), (x + s * 0.06, y - t), (x + s * 0.06, y - s * 0.3), (x + s * 0.46, y),
               (x + s * 0.06, y + s * 0.3), (x + s * 0.06, y + t), (x - s * 0.44, y + t)], col)


ICON_PAINTERS: dict[str, IconPainter] = {
    "track": icon_track,
    "witness": icon_witness,
    "clue": icon_clue,
    "document": icon_document,
    "stop": icon_stop,
    "double": icon_double,
    "arrow": icon_arrow,
}


def draw_icon(c: Canvas, name: str, p: tuple[float, float], size: float, col: Colour) -> None:
    """The icon ``name`` centred on ``p``, engraved when it is big enough to carry the finish (an
    unknown name prints its initial)."""
    painter = ICON_PAINTERS.get(name)
    if painter is None:
        c.text(name[:1].upper(), p, size * 0.8, col, "center", bold=True)
    else:
        engraved(c, name, painter, p, size, col)


def _ellipse(centre: tuple[float, float], rx: float, ry: float, n: int = 18) -> list[tuple[float, float]]:
    return [(centre[0] + rx * math.cos(2 * math.pi * i / n), centre[1] + ry * math.sin(2 * math.pi * i / n))
            for i in range(n)]


def _half_ellipse(centre: tuple[float, float], rx: float, ry: float, n: int = 14) -> list[tuple[float, float]]:
    return [(centre[0] + rx * math.cos(math.pi + math.pi * i / (n - 1)),
             centre[1] + ry * math.sin(math.pi + math.pi * i / (n - 1))) for i in range(n)]


TRACK_LABEL_W = 184  # the track's name and meaning, left of the rail
TRACK_MARKER_R = 15  # room for its number: digits 14 px tall (22 px type; at 14 px type they were 9)
TRACK_MARKER_TEXT = 22


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; 4.5 reads well for text)."""
    def lum(c: Colour) -> float:
        ch = [v / 255 for v in c[:3]]
        ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@lru_cache(maxsize=256)
def legible(colour: Colour, background: Colour, ratio: float = 4.5) -> Colour:
    """``colour`` as near as it can stay to itself while it reads on ``background`` (a contrast of
    ``ratio``): lightened on a dark ground, darkened on a light one ("ESCAPE" in red on the dark
    trail band read at 2.2:1, a yellow name on the brass strip at 3.8:1). Remembered per colour
    pair: the tables ask it for every cell of a grid in every frame they draw."""
    if contrast(colour, background) >= ratio:
        return colour
    toward = (255, 255, 255) if contrast((255, 255, 255), background) > contrast((0, 0, 0), background) else (0, 0, 0)
    for step in range(1, 21):
        shade = mix(colour, toward, step / 20)
        if contrast(shade, background) >= ratio:
            return shade
    return toward


def readable_on(pal: Palette, background: Colour) -> Colour:
    """Ink or paper, whichever reads better on ``background`` (ink on Holmes's red read poorly)."""
    return max((pal.ink, pal.paper), key=lambda colour: contrast(colour, background))


def draw_track(c: Canvas, pal: Palette, rect, hi: int, value: float, title: str, caption: str,
               marker: Colour, goal: int | None = None, danger: int | None = None) -> None:
    """A numbered track (0..``hi``): a brass rail with a tick per space, every fifth space numbered,
    a goal or danger space framed, and a marker disc with its value, beside the track's name
    (``title``) and what it means (``caption``). Every number is at least 14 px."""
    x, y, w, h = rect
    draw_wood(c, rect, mix(pal.wood_dark, pal.panel, 0.3), radius=8)
    c.box(rect, pal.brass_dark, radius=8, width=1)
    c.text(title, (x + 12, y + 3), 19, pal.brass, bold=True, serif=True)
    c.text(caption, (x + 12, y + 25), 14, pal.paper_dark)
    rail_y = y + 17
    x0, x1 = x + TRACK_LABEL_W, x + w - 26  # room for a two-digit marker at the end, inside the frame
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
    number = str(round(value))
    # a disc for one digit, a pill as wide as two ("20" had filled the disc from rim to rim)
    half = max(TRACK_MARKER_R, c.text_size(number, TRACK_MARKER_TEXT, True)[0] / 2 + 6)
    r = TRACK_MARKER_R
    c.box((px - half + 1, rail_y - r + 2, 2 * half, 2 * r), pal.shadow, radius=r)
    c.box((px - half, rail_y - r, 2 * half, 2 * r), marker, radius=r)
    c.box((px - half, rail_y - r, 2 * half, 2 * r), pal.ink, radius=r, width=1.5)
    c.text(number, (px, rail_y + 1), TRACK_MARKER_TEXT, readable_on(pal, marker), "center", bold=True)
