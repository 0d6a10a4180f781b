"""Painting Bakerstreet's pieces: the detective cards (faces and backs in each seat's colour and
pattern), the evidence cards, the ring of stacks with its clockwise arrows, an Arrow's chain to the
next stack, and the rows of evidence letters in the seat bands.

Pure drawing on a Canvas with a Palette; what to draw comes in as arguments.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from sleuth.games.bakerstreet.layout import CARD, CENTRE, EV, LETTERS_X, RADIUS, letter_tile_width
from sleuth.games.bakerstreet.narration import SYMBOL_WORD
from sleuth.games.bakerstreet.replay import Token
from sleuth.ui.board import Face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import card_back, card_face, draw_icon
from sleuth.ui.theme import Palette, mix
from sleuth.ui.zones import ring


def longest_run_of(letters: Sequence[str], alphabet: Sequence[str]) -> tuple[int, int]:
    """(length, start index) of the longest run of held letters in alphabet order."""
    held = set(letters)
    best, best_start, run, start = 0, 0, 0, 0
    for i, letter in enumerate(alphabet):
        if letter in held:
            if run == 0:
                start = i
            run += 1
            if run > best:
                best, best_start = run, start
        else:
            run = 0
    return best, best_start


class Faces:
    """The pictures of the cards for the board, in the app's current palette (asked of ``palette()``)."""

    def __init__(self, palette: Callable[[], Palette]) -> None:
        self.palette = palette

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        pal = self.palette()
        return pal.seats[seat % len(pal.seats)]

    @staticmethod
    def back_style(seat: int) -> str:
        return ("stripes", "dots")[seat % 2]

    def detective_face(self, owner: int, value: int, symbol: str, size=CARD) -> Face:
        pal = self.palette()
        colour = self.seat_colour(owner)
        w, h = size
        style = self.back_style(owner)

        def paint(c: Canvas) -> None:
            card_face(c, w, h, pal, colour)
            band = h * 0.12
            c.box((3, 3, w - 6, band), colour, radius=4)
            light = mix(colour, pal.paper, 0.55)
            if style == "stripes":
                for i in range(1, int((w - 6) // 7)):
                    c.line((3 + i * 7, 4), (3 + i * 7 - 4, 2 + band), light, 1)
            else:
                for i in range(1, int((w - 6) // 8)):
                    c.circle((3 + i * 8, 3 + band / 2), 1.4, light)
            small = max(11.0, h * 0.17)
            c.text(str(value), (7, band + 4), small, pal.ink, bold=True)
            if symbol == "none":
                c.text(str(value), (w / 2, h * 0.56), h * 0.5, pal.ink, "center", bold=True)
            else:
                c.text(str(value), (w / 2 + w * 0.12, h * 0.38), h * 0.34, pal.ink, "center", bold=True)
                draw_icon(c, symbol, (w / 2, h * 0.66), h * 0.26, self.symbol_colour(symbol))
                c.text(SYMBOL_WORD[symbol], (w / 2, h - 5), max(10.0, h * 0.13), pal.ink, "midbottom", bold=True)
            # the bottom-left corner stays readable when the card lies fanned under another
            c.text(str(value), (6, h - 4), small, pal.ink, "bottomleft", bold=True)

        return Face(("bs-det", owner, value, symbol, size, colour, pal.seats), paint)

    def symbol_colour(self, symbol: str) -> tuple[int, int, int]:
        pal = self.palette()
        return {"stop": pal.bad, "double": pal.brass_dark, "arrow": pal.accents[2]}.get(symbol, pal.ink)

    def detective_back(self, owner: int, size=CARD) -> Face:
        pal = self.palette()
        w, h = size
        colour = mix(self.seat_colour(owner), pal.wood_dark, 0.25)
        style = self.back_style(owner)
        return Face(("bs-back", owner, size, colour), lambda c: card_back(c, w, h, pal, style, colour))

    def evidence_back(self, size=EV) -> Face:
        pal = self.palette()
        w, h = size
        return Face(("bs-ev-back", size, pal.wood), lambda c: card_back(c, w, h, pal, "rings", pal.wood))

    def evidence_face(self, letter: str, size=EV) -> Face:
        pal = self.palette()
        w, h = size

        def paint(c: Canvas) -> None:
            card_face(c, w, h, pal)
            c.text(letter, (w / 2, h / 2), h * 0.55, pal.ink, "center", bold=True)

        return Face(("bs-ev", letter, size), paint)

    def token_face(self, tok: Token, size=CARD) -> Face:
        if tok.value is None:
            return self.detective_back(tok.owner, size)
        return self.detective_face(tok.owner, tok.value, tok.symbol or "none", size)


def draw_ring(canvas: Canvas, pal: Palette, stacks: int) -> None:
    """A faint circle with arrowheads between the stacks: the clockwise order an Arrow follows."""

    cx, cy = CENTRE
    colour = mix(pal.felt, pal.felt_light, 0.9)
    r = RADIUS - 4
    canvas.lines(ring(CENTRE, r, 72), colour, 2, closed=True)
    n = stacks
    for i in range(n):
        a = math.radians(-90 + (i + 0.5) * 360 / n)
        px, py = cx + r * math.cos(a), cy + r * math.sin(a)
        ux, uy = -math.sin(a), math.cos(a)  # clockwise on screen
        canvas.polygon([(px + ux * 9, py + uy * 9), (px - ux * 6 - uy * 7, py - uy * 6 + ux * 7),
                        (px - ux * 6 + uy * 7, py - uy * 6 - ux * 7)], colour)
    canvas.text("clockwise", (cx, cy - 8), 14, mix(pal.felt_light, pal.text_light, 0.4), "center")
    canvas.text("(Arrow order)", (cx, cy + 10), 13, mix(pal.felt_light, pal.text_light, 0.3), "center")


def draw_arrow_chain(canvas: Canvas, pal: Palette, stack: int, stacks: int) -> None:
    """A bright arc from ``stack`` to the next stack clockwise, with words: the Arrow chains on."""
    cx, cy = CENTRE
    n = stacks
    r = RADIUS - 4
    a0 = -90 + stack * 360 / n + 10
    a1 = -90 + (stack + 1) * 360 / n - 14
    arc = [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * k / 16)),
            cy + r * math.sin(math.radians(a0 + (a1 - a0) * k / 16))) for k in range(17)]
    canvas.lines(arc, pal.shadow, 9)
    canvas.lines(arc, pal.highlight, 5)
    a = math.radians(a1)
    px, py = cx + r * math.cos(a), cy + r * math.sin(a)
    ux, uy = -math.sin(a), math.cos(a)
    canvas.polygon([(px + ux * 16, py + uy * 16), (px - ux * 4 - uy * 12, py - uy * 4 + ux * 12),
                    (px - ux * 4 + uy * 12, py - uy * 4 - ux * 12)], pal.highlight)
    mx, my = cx, cy + 34
    label = f"ARROW: on to stack {(stack + 1) % n + 1}"
    tw = canvas.text_size(label, 14, True)[0] + 12
    canvas.box((mx - tw / 2, my - 11, tw, 22), pal.wood_dark, radius=6)
    canvas.box((mx - tw / 2, my - 11, tw, 22), pal.highlight, radius=6, width=1.5)
    canvas.text(label, (mx, my), 14, pal.highlight, "center", bold=True)


def draw_own_letters(canvas: Canvas, pal: Palette, y: float, letters: Sequence[str], alphabet: Sequence[str],
                     run_to_win: int) -> None:
    """The viewer's letters in the band at ``y``: the whole alphabet, held letters as cards, the longest
    run bracketed."""
    x0 = LETTERS_X
    run, start = longest_run_of(letters, alphabet)
    title = (f"Your evidence: {len(letters)} letter{'' if len(letters) == 1 else 's'}, longest run {run} "
             f"(need {run_to_win} in a row)")
    canvas.text(title, (x0, y - 44), 15, pal.highlight if run else pal.text_light, bold=True)
    tile_w = letter_tile_width(len(alphabet))
    for i, letter in enumerate(alphabet):
        rx = x0 + i * tile_w
        held = letter in letters
        in_run = held and start <= i < start + run and run >= 2
        rect = (rx, y - 18, tile_w - 3, 38)
        if held:
            canvas.shadow(rect, radius=5, spread=2, alpha=60, offset=(1, 2))
            canvas.box(rect, mix(pal.paper, pal.highlight, 0.45) if in_run else pal.paper, radius=5)
            canvas.box(rect, pal.brass_dark if in_run else pal.ink_soft, radius=5, width=2 if in_run else 1)
            canvas.text(letter, (rx + (tile_w - 3) / 2, y + 1), 20, pal.ink, "center", bold=True)
        else:
            canvas.box(rect, mix(pal.felt, pal.felt_light, 0.5), radius=5, width=1)
            canvas.text(letter, (rx + (tile_w - 3) / 2, y + 1), 15, mix(pal.felt_light, pal.text_light, 0.3),
                        "center")
    if run >= 2:
        bx0 = x0 + start * tile_w
        bx1 = x0 + (start + run) * tile_w - 3
        canvas.lines([(bx0, y + 24), (bx0, y + 30), (bx1, y + 30), (bx1, y + 24)], pal.highlight, 2)
        canvas.text(f"run of {run}", ((bx0 + bx1) / 2, y + 31), 13, pal.highlight, "midtop", bold=True)


def draw_hidden_letters(canvas: Canvas, pal: Palette, faces: Faces, y: float, whose: str, count: int) -> None:
    """Another seat's letters in the band at ``y``: ``count`` evidence cards face down (``whose``: "Bob's")."""
    x0 = LETTERS_X
    plural = "" if count == 1 else "s"
    canvas.text(f"{whose} evidence: {count} letter{plural} (face down)", (x0, y - 44), 15, pal.text_light, bold=True)
    back = faces.evidence_back((32, 44))
    surf = canvas.painted(back.key, (32, 44), back.paint)
    for k in range(count):
        canvas.blit(surf, (x0 + k * 26, y - 20))
    if count == 0:
        canvas.text("none yet", (x0, y), 14, pal.paper_dark, "midleft")
