"""Case Connection pictures: procedural painting of this game's pieces.

Proof symbols (shape first, colour second), bonus icons, thread and lead cards, completed leads,
proof tokens and Bonus Point coins, all drawn on a ``Canvas`` from the palette; and ``FacesMixin``,
which wraps them as the cached sprite faces ``CaseTable`` puts on its board.
"""

from __future__ import annotations

import math

from sleuth.games.case_connection.cards import DX, DY, UNIVERSAL, Lead, Thread
from sleuth.games.case_connection.table.layout import COIN
from sleuth.ui.board import Face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import card_back, card_face, icon_witness
from sleuth.ui.engrave import engraved, rosette
from sleuth.ui.theme import Colour, Palette, mix

# which palette accent colours each proof symbol (Universal is brass)
SYMBOL_ACCENT = {"F": 0, "W": 1, "C": 2}


def symbol_colour(pal: Palette, code: str) -> Colour:
    if code == UNIVERSAL:
        return pal.brass_dark
    return pal.accents[SYMBOL_ACCENT.get(code, 3) % len(pal.accents)]


def _drop(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """Forensic: a drop (a point on top, round below)."""
    x, y = p
    r = s * 0.3
    cy = y + s * 0.14
    pts = [(x, y - s * 0.46)]
    for i in range(15):
        a = math.radians(-35 + 250 * i / 14)
        pts.append((x + r * math.cos(a), cy + r * math.sin(a)))
    c.polygon(pts, col)


def _chip(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """Cyber: a square chip with pins on every side."""
    x, y = p
    h = s * 0.26
    c.box((x - h, y - h, 2 * h, 2 * h), col, radius=max(1, s * 0.05))
    pin = s * 0.14
    width = max(1, s * 0.06)
    for k in (-0.5, 0.5):
        o = k * h
        c.line((x + o, y - h - pin), (x + o, y + h + pin), col, width)
        c.line((x - h - pin, y + o), (x + h + pin, y + o), col, width)
    c.box((x - h * 0.45, y - h * 0.45, h * 0.9, h * 0.9), (245, 238, 220), radius=max(1, s * 0.03))


def _star(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """Universal: a five-pointed star."""
    x, y = p
    pts = []
    for i in range(10):
        r = s * (0.48 if i % 2 == 0 else 0.2)
        a = math.radians(-90 + 36 * i)
        pts.append((x + r * math.cos(a), y + r * math.sin(a)))
    c.polygon(pts, col)


def draw_symbol(c: Canvas, code: str, p: tuple[float, float], s: float, pal: Palette,
                col: Colour | None = None) -> None:
    """Forensic = drop, Witness = person, Cyber = chip, Universal = star (shape first, colour second)."""
    col = col or symbol_colour(pal, code)
    painter = {"F": _drop, "W": _person, "C": _chip}.get(code, _star)
    engraved(c, f"case-connection-{painter.__name__}", painter, p, s, col)


def _person(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """Witness: the toolkit's person, set a little lower and smaller to sit like the other symbols."""
    icon_witness(c, (p[0], p[1] + s * 0.02), s * 0.95, col)


def draw_bonus(c: Canvas, bonus: str, p: tuple[float, float], s: float, pal: Palette) -> None:
    """A coin with a plus (bonus point), a small proof with a star (universal), a card with a plus
    (extra lead): three outlines that differ without colour."""
    x, y = p
    if bonus == "bonus_point":
        c.circle((x, y), s * 0.5, pal.brass)
        c.circle((x, y), s * 0.5, pal.brass_dark, max(1, s * 0.08))
        arm, width = s * 0.26, max(1.5, s * 0.12)
        c.line((x - arm, y), (x + arm, y), pal.ink, width)
        c.line((x, y - arm), (x, y + arm), pal.ink, width)
    elif bonus == "universal":
        c.circle((x, y), s * 0.5, pal.paper)
        c.circle((x, y), s * 0.5, pal.brass_dark, max(1, s * 0.08))
        _star(c, (x, y), s * 0.78, pal.brass_dark)
    elif bonus == "extra_lead":
        w, h = s * 0.62, s * 0.86
        c.box((x - w / 2 - s * 0.1, y - h / 2 - s * 0.06, w, h), pal.brass_dark, radius=max(1, s * 0.08))
        c.box((x - w / 2 + s * 0.08, y - h / 2 + s * 0.06, w, h), pal.wood, radius=max(1, s * 0.08))
        c.box((x - w / 2 + s * 0.08, y - h / 2 + s * 0.06, w, h), pal.brass, radius=max(1, s * 0.08),
              width=max(1, s * 0.06))
        arm, width = s * 0.2, max(1.5, s * 0.1)
        cx, cy = x + s * 0.08, y + s * 0.06
        c.line((cx - arm, cy), (cx + arm, cy), pal.paper, width)
        c.line((cx, cy - arm), (cx, cy + arm), pal.paper, width)


#: the smallest icon a player must read on a card, in logical pixels
MIN_ICON = 14.0
#: the edge bar's outer line: the bars lie 0.9 to 3.5 px in from a card's edge
BAR_AT = 2.2


def thread_icon_sizes(s: float) -> tuple[float, float, float]:
    """(symbol size, bonus size, inset of a symbol's centre from its edge) on a thread card of size
    ``s``. A large card prints its symbols at 0.27 of its size; a small one (the other players'
    areas, the visit row) at 14 px at least (0.32 of a 44 px card), its symbols moved out towards
    the edges so that they stay clear of the bonus in the middle."""
    size = max(s * 0.27, min(MIN_ICON, s * 0.32))
    bonus = max(s * 0.3, min(MIN_ICON, s * 0.32))
    inset = min(s * 0.21, s / 2 - bonus / 2 - 0.46 * size - 1)
    return size, bonus, inset


def thread_parts(s: float, thread: Thread, pal: Palette) -> list[tuple[str, float, object]]:
    """The pieces printed on a thread card of size ``s``, each as (name, icon size, painter): the
    coloured bar on each edge with a symbol (where it leaves the symbol clear), the symbols, the
    bonus. ``paint_thread`` draws them all; the tests draw each alone to measure it."""
    size, bonus_size, inset = thread_icon_sizes(s)
    half = s * 0.24
    bar_w = max(2, s * 0.06)
    bars = inset - 0.46 * size >= BAR_AT + bar_w / 2 + 1  # a bar under a symbol hides its outline
    parts: list[tuple[str, float, object]] = []
    for side, code in enumerate(thread.edges):
        if code is None:
            continue
        col = symbol_colour(pal, code)
        if bars:
            if DX[side] == 0:
                yy = BAR_AT if side == 0 else s - BAR_AT
                ends = ((s / 2 - half, yy), (s / 2 + half, yy))
            else:
                xx = s - BAR_AT if side == 1 else BAR_AT
                ends = ((xx, s / 2 - half), (xx, s / 2 + half))
            parts.append((f"bar {side}", 0.0, lambda c, ends=ends, col=col: c.line(*ends, col, bar_w)))
        centre = (s / 2 + DX[side] * (s / 2 - inset), s / 2 + DY[side] * (s / 2 - inset))
        parts.append((f"symbol {side}", size,
                      lambda c, code=code, centre=centre: draw_symbol(c, code, centre, size, pal)))
    if thread.bonus:
        parts.append(("bonus", bonus_size,
                      lambda c: draw_bonus(c, thread.bonus, (s / 2, s / 2), bonus_size, pal)))
    return parts


def paint_thread(c: Canvas, s: float, thread: Thread, pal: Palette) -> None:
    card_face(c, s, s, pal)
    for _, _, paint in thread_parts(s, thread, pal):
        paint(c)


def lead_icon_positions(s: float, lead: Lead) -> list[tuple[int, str, tuple[float, float]]]:
    """(side, symbol, centre) of each icon printed on a lead card of size ``s``."""
    out = []
    inset = s * (0.15 if s >= 80 else 0.19)
    for side, icons in enumerate(lead.sides):
        n = len(icons)
        for j, code in enumerate(icons):
            along = (j - (n - 1) / 2) * s * 0.3
            cx = s / 2 + DX[side] * (s / 2 - inset) + (along if DX[side] == 0 else 0)
            cy = s / 2 + DY[side] * (s / 2 - inset) + (along if DY[side] == 0 else 0)
            out.append((side, code, (cx, cy)))
    return out


def face_of_lead(pal: Palette) -> Colour:
    """The paper of a lead card: washed with brass, as ``card_face`` does with a tint."""
    return mix(pal.paper, pal.brass, 0.18)


def lead_icon_size(s: float) -> float:
    """The size of the icons on a lead card of size ``s`` (15 px on the 62 px leads of the players'
    areas)."""
    return s * (0.2 if s >= 80 else 0.24)


def lead_parts(s: float, lead: Lead, pal: Palette) -> list[tuple[str, float, object]]:
    """The pieces printed on a lead card, as ``thread_parts`` gives them: its points (on a seal on
    a large card) and its icons."""
    parts: list[tuple[str, float, object]] = []
    if s >= 80:  # the points on a guilloché seal, like the value of a banknote
        parts.append(("seal", 0.0, lambda c: rosette(c, (s / 2, s * 0.44), s * 0.18,
                                                    mix(face_of_lead(pal), pal.brass_dark, 0.4), petals=10, bands=2)))
        parts.append(("points", 0.0, lambda c: c.text(str(lead.points), (s / 2, s * 0.46), s * 0.3, pal.ink, "center",
                                                      bold=True)))
        parts.append(("points word", 0.0, lambda c: c.text("points", (s / 2, s * 0.66), 14, pal.ink_soft, "center")))
    else:
        parts.append(("points", 0.0, lambda c: c.text(str(lead.points), (s / 2, s / 2), max(15, s * 0.36), pal.ink,
                                                      "center", bold=True)))
    size = lead_icon_size(s)
    for k, (_, code, centre) in enumerate(lead_icon_positions(s, lead)):
        parts.append((f"symbol {k}", size, lambda c, code=code, centre=centre: draw_symbol(c, code, centre, size, pal)))
    return parts


def paint_lead(c: Canvas, s: float, lead: Lead, pal: Palette) -> None:
    card_face(c, s, s, pal, tint=pal.brass)
    c.box((3, 3, s - 6, s - 6), pal.brass_dark, radius=5, width=max(1.5, s * 0.035))
    for _, _, paint in lead_parts(s, lead, pal):
        paint(c)


def paint_completed(c: Canvas, s: float, lead: Lead, pal: Palette) -> None:
    """A completed lead lies face down; its points stay readable on the brass seal."""
    card_back(c, s, s, pal, "rings", pal.wood)
    c.circle((s / 2, s / 2), s * 0.34, pal.brass)
    c.circle((s / 2, s / 2), s * 0.34, pal.brass_dark, 1.5)
    c.text(str(lead.points), (s / 2, s / 2), max(14, s * 0.46), pal.ink, "center", bold=True)


def token_symbol_size(d: float) -> float:
    """The symbol on a proof token of diameter ``d``: 0.6 of a large token; on a small one (the
    other players' areas, the supply: 20 px) 14 px at least, filling more of the face (it was 12 px)."""
    return max(d * 0.6, min(MIN_ICON, d * 0.72))


def token_rim(d: float) -> float:
    """The width of a proof token's brass rim (thinner on a small token, whose symbol fills more of it)."""
    return max(1.5, d * 0.08) if d * 0.6 >= MIN_ICON else 1.2


def token_parts(d: float, code: str, pal: Palette) -> list[tuple[str, float, object]]:
    """The pieces of a proof token of diameter ``d``, as ``thread_parts`` gives a card's: its brass
    rim, its face and its symbol."""
    r = d / 2
    face = mix(pal.brass, pal.paper, 0.45) if code == UNIVERSAL else pal.paper
    size = token_symbol_size(d)
    return [("rim", 0.0, lambda c: c.circle((r, r), r - 0.5, pal.brass_dark)),
            ("face", 0.0, lambda c: c.circle((r, r), r - token_rim(d), face)),
            ("symbol", size, lambda c: draw_symbol(c, code, (r, r), size, pal))]


def paint_token(c: Canvas, d: float, code: str, pal: Palette) -> None:
    for _, _, paint in token_parts(d, code, pal):
        paint(c)


def paint_token_back(c: Canvas, d: float, pal: Palette) -> None:
    r = d / 2
    c.circle((r, r), r - 0.5, pal.brass_dark)
    c.circle((r, r), r - max(1.5, d * 0.08), pal.wood_dark)
    c.text("?", (r, r), max(14, d * 0.55), pal.brass, "center", bold=True)


def paint_coin(c: Canvas, d: float, pal: Palette) -> None:
    r = d / 2
    c.circle((r, r), r - 0.5, pal.brass_dark)
    c.circle((r, r), r - max(1.5, d * 0.09), pal.brass)
    c.text("+1", (r, r + 0.5), max(14, d * 0.56), pal.ink, "center", bold=True)


class FacesMixin:
    """Sprite faces for the pieces; mixed into ``CaseTable`` (uses its ``pal`` and ``cards``)."""

    # -- faces ------------------------------------------------------------------------------
    def thread_face(self, tid: str, size: float) -> Face:
        pal = self.pal
        thread = self.cards.thread(tid)
        return Face(("cc-thread", tid, size, pal.accents), lambda c: paint_thread(c, size, thread, pal))

    def thread_back(self, size: float) -> Face:
        pal = self.pal
        accent = mix(pal.accents[2 % len(pal.accents)], pal.wood_dark, 0.45)
        return Face(("cc-thread-back", size, accent), lambda c: card_back(c, size, size, pal, "dots", accent))

    def lead_face(self, lid: str, size: float) -> Face:
        pal = self.pal
        lead = self.cards.lead(lid)
        return Face(("cc-lead", lid, size, pal.accents), lambda c: paint_lead(c, size, lead, pal))

    def lead_back(self, size: float) -> Face:
        pal = self.pal
        return Face(("cc-lead-back", size, pal.wood), lambda c: card_back(c, size, size, pal, "rings", pal.wood))

    def completed_face(self, lid: str, size: float) -> Face:
        pal = self.pal
        lead = self.cards.lead(lid)
        return Face(("cc-done", lid, size, pal.wood), lambda c: paint_completed(c, size, lead, pal))

    def token_face(self, code: str, size: float) -> Face:
        pal = self.pal
        return Face(("cc-token", code, size, pal.accents), lambda c: paint_token(c, size, code, pal))

    def token_back(self, size: float) -> Face:
        pal = self.pal
        return Face(("cc-token-back", size), lambda c: paint_token_back(c, size, pal))

    def coin_face(self) -> Face:
        pal = self.pal
        return Face(("cc-coin", COIN, pal.brass), lambda c: paint_coin(c, COIN, pal))
