"""Painting Bakerstreet's pieces: the detective cards (faces and backs in each seat's colour and
pattern), the evidence cards, the ring of stacks with its clockwise arrows, an Arrow's chain to the
next stack, and the rows of evidence letters in the seat bands.

The module's functions are pure drawing on a Canvas with a Palette; what to draw comes in as
arguments. ``TablePaint``, mixed into ``BakerstreetTable`` (table/__init__.py), draws the board
under and over the sprites from the table's state: the stacks, the seat bands with their decks and
letters, the marks over the cards and an Arrow's chain.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.table.layout import (
    BOTTOM_Y,
    CARD,
    CENTRE,
    EV,
    HAND_X,
    LETTER_H,
    LETTERS_END,
    LETTERS_X,
    PANEL,
    PLATE_W,
    PLATE_X,
    TOP_Y,
    USED_X,
    Layout,
    letter_tile_width,
    letters_y,
    plate_y,
    ring_angle,
    ring_point,
)
from sleuth.games.bakerstreet.table.model import Token
from sleuth.games.bakerstreet.table.words import SYMBOL_WORD, longest_run_of
from sleuth.ui.board import Face
from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.cardart import card_back, card_face, draw_icon, legible
from sleuth.ui.engrave import rosette, vignette
from sleuth.ui.spatial import overlaps
from sleuth.ui.texture import draw_wood
from sleuth.ui.theme import Palette, mix
from sleuth.ui.words import cap, named, plural, possessive


def fit_text(canvas: Canvas, text: str, size: float, width: float, bold: bool = False) -> str:
    """The toolkit's ellipsis cut (``Canvas.fit``), under the name this table's code uses."""
    return canvas.fit(text, size, width, bold)


def first_fit(canvas: Canvas, forms: Sequence[str], sizes: Sequence[float], width: float,
              bold: bool = False) -> tuple[str, float]:
    """The first of ``forms`` (longest first) that fits ``width`` whole, at the largest of ``sizes``
    it fits at; the last form cut short only when none does. A 14-letter name ran its sentence's
    end off ("... longest run 1 (need 7 in a...") where a shorter wording fitted whole."""
    for form in forms:
        for size in sizes:
            if canvas.text_size(form, size, bold)[0] <= width:
                return form, size
    return canvas.fit(forms[-1], sizes[-1], width, bold), sizes[-1]


def run_through(letter: str, letters: Sequence[str], alphabet: Sequence[str]) -> int:
    """How many letters in a row ``letter`` stands in among ``letters`` (itself counted)."""
    held = set(letters) | {letter}
    i = alphabet.index(letter)
    lo, hi = i, i
    while lo > 0 and alphabet[lo - 1] in held:
        lo -= 1
    while hi + 1 < len(alphabet) and alphabet[hi + 1] in held:
        hi += 1
    return hi - lo + 1



#: the clear space kept round the board's words by the newest card's label (x, y): a label right
#: beside the evidence's "8 cards" read as "8 cards played by Watson"
LABEL_GAP = (12, 3)
#: the name plate's "striped card backs" / "dotted card backs": the words that tell the players
#: apart without colour, as large as the name beside them (at the 14 px floor a colour-blind
#: play-tester measured their capitals at 9 px)
BACKS_SIZE = 16


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
            small = max(16.0, h * 0.18)
            seal = mix(pal.paper, colour, 0.38)  # a guilloché seal printed under the big number
            c.text(str(value), (7, band + 2), small, pal.ink, bold=True, serif=True)
            if symbol == "none":
                rosette(c, (w / 2, h * 0.56), w * 0.34, seal, petals=12, bands=2)
                c.text(str(value), (w / 2, h * 0.56), h * 0.56, pal.ink, "center", bold=True, serif=True)
            else:
                rosette(c, (w / 2 + w * 0.12, h * 0.37), w * 0.24, seal, petals=10, bands=2)
                c.text(str(value), (w / 2 + w * 0.12, h * 0.37), h * 0.38, pal.ink, "center", bold=True, serif=True)
                vignette(c, symbol, (w / 2, h * 0.64), w * 0.3, h * 0.14, strength=0.7)
                draw_icon(c, symbol, (w / 2, h * 0.64), h * 0.24, self.symbol_colour(symbol))
                # the symbol's word keeps to the right of the corner number below
                c.text(SYMBOL_WORD[symbol], (w - 6, h - 4), 14, pal.ink, "bottomright", bold=True)
            # the bottom-left corner stays readable when the card lies fanned under another
            c.text(str(value), (6, h - 1), small, pal.ink, "bottomleft", bold=True, serif=True)

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
            rosette(c, (w / 2, h / 2), w * 0.36, mix(pal.paper, pal.brass_dark, 0.45), petals=12, bands=2)
            c.text(letter, (w / 2, h / 2), h * 0.6, pal.ink, "center", bold=True, serif=True)

        return Face(("bs-ev", letter, size), paint)

    def token_face(self, tok: Token, size=CARD) -> Face:
        if tok.value is None:
            return self.detective_back(tok.owner, size)
        return self.detective_face(tok.owner, tok.value, tok.symbol or "none", size)


def _ring_gap(stacks: int, i: int) -> tuple[float, float]:
    """The angles from stack ``i`` to the next one clockwise (the ring between them)."""
    a0 = ring_angle(i, stacks)
    a1 = ring_angle((i + 1) % stacks, stacks)
    return a0, a1 + 360.0 if a1 <= a0 else a1


def _arrowhead(canvas: Canvas, angle: float, size: float, colour, shrink: float) -> None:
    """A triangle on the ring at ``angle`` pointing clockwise (along the ring's tangent)."""
    px, py = ring_point(angle, shrink)
    qx, qy = ring_point(angle + 1.0, shrink)
    length = math.hypot(qx - px, qy - py) or 1.0
    ux, uy = (qx - px) / length, (qy - py) / length
    tip, back, half = size, size * 0.4, size * 0.8
    canvas.polygon([(px + ux * tip, py + uy * tip), (px - ux * back - uy * half, py - uy * back + ux * half),
                    (px - ux * back + uy * half, py - uy * back - ux * half)], colour)


def _clearest(stacks: int, i: int) -> float:
    """The angle on the ring between stack ``i`` and the next that lies farthest from every stack."""
    a0, a1 = _ring_gap(stacks, i)
    rects = [Layout(stacks=stacks).stack_rect(k) for k in range(stacks)]

    def room(angle: float) -> float:
        x, y = ring_point(angle)
        return min(max(r[0] - x, x - r[0] - r[2], r[1] - y, y - r[1] - r[3]) for r in rects)

    return max((a0 + (a1 - a0) * k / 40 for k in range(1, 40)), key=room)


#: the words inside the ring: what its arrows mean
RING_WORDS = ("an Arrow card also counts", "the next stack, clockwise")


def draw_ring(canvas: Canvas, pal: Palette, stacks: int, memory: bool = False) -> None:
    """A faint oval through the stacks with arrowheads between them: the clockwise order an Arrow follows."""
    cx, cy = CENTRE
    colour = mix(pal.felt, pal.felt_light, 0.9)
    canvas.lines([ring_point(k * 5.0) for k in range(72)], colour, 2, closed=True)
    for i in range(stacks):
        _arrowhead(canvas, _clearest(stacks, i), 10, colour, 0)
    words = mix(pal.felt_light, pal.text_light, 0.8)  # (at 0.45 it was faint against the felt)
    # on two short lines between the stacks' frames ("counts on clockwise" read as jargon; on one
    # line the plain words ran under stack 2's frame)
    for row, line in enumerate(RING_WORDS):
        canvas.text(line, (cx, cy - 38 + row * 18), 14, words, "center")
    if memory:
        canvas.text("memory aid on", (cx, cy + 2), 14, pal.warn, "center", bold=True)


def draw_arrow_chain(canvas: Canvas, pal: Palette, stack: int, stacks: int) -> None:
    """A bright arc from ``stack`` to the next stack clockwise, with words: the Arrow chains on."""
    cx, cy = CENTRE
    a0, a1 = _ring_gap(stacks, stack)
    a0, a1 = a0 + 12, a1 - 16
    arc = [ring_point(a0 + (a1 - a0) * k / 16) for k in range(17)]
    canvas.lines(arc, pal.shadow, 9)
    canvas.lines(arc, pal.highlight, 5)
    _arrowhead(canvas, a1, 18, pal.highlight, 0)
    label = f"ARROW: on to stack {(stack + 1) % stacks + 1}"
    tw = canvas.text_size(label, 14, True)[0] + 14
    my = cy + 6
    canvas.box((cx - tw / 2, my - 12, tw, 24), pal.wood_dark, radius=6)
    canvas.box((cx - tw / 2, my - 12, tw, 24), pal.highlight, radius=6, width=1.5)
    canvas.text(label, (cx, my), 14, pal.highlight, "center", bold=True)


def draw_own_letters(canvas: Canvas, pal: Palette, y: float, letters: Sequence[str], alphabet: Sequence[str],
                     run_to_win: int, title_at: tuple[float, float], whose: str = "Your") -> None:
    """A player's letters face up (the viewer's, or anyone's in a replay's "everything revealed"
    eyes), a row centred on ``y``: the whole alphabet, held letters as cards, the longest run
    bracketed; the summary line (``whose`` evidence) starts at ``title_at`` (midleft)."""
    x0 = LETTERS_X
    run, start = longest_run_of(letters, alphabet)
    held = f"{whose} evidence: {plural(len(letters), 'letter')}"
    title, size = first_fit(canvas, (f"{held}, longest run {run} (need {run_to_win} in a row)",
                                     f"{held}, longest run {run} of {run_to_win} needed",
                                     f"{held}, run {run} of {run_to_win}"),
                            (15, 14), LETTERS_END - title_at[0], bold=True)
    canvas.text(title, title_at, size, pal.highlight if run else pal.text_light, "midleft", bold=True)
    tile_w = letter_tile_width(len(alphabet))
    half = LETTER_H / 2
    for i, letter in enumerate(alphabet):
        rx = x0 + i * tile_w
        held = letter in letters
        in_run = held and start <= i < start + run and run >= 2
        rect = (rx, y - half, tile_w - 3, LETTER_H)
        if held:
            canvas.shadow(rect, radius=5, spread=2, alpha=60, offset=(1, 2))
            canvas.box(rect, mix(pal.paper, pal.highlight, 0.45) if in_run else pal.paper, radius=5)
            canvas.box(rect, pal.brass_dark if in_run else pal.ink_soft, radius=5, width=2 if in_run else 1)
            canvas.text(letter, (rx + (tile_w - 3) / 2, y + 1), 24, pal.ink, "center", bold=True, serif=True)
        else:
            canvas.box(rect, mix(pal.felt, pal.felt_light, 0.5), radius=5, width=1)
            # a letter not yet won: dimmer than a held card's, still read at 4.5:1 (it had been 3.2:1)
            canvas.text(letter, (rx + (tile_w - 3) / 2, y + 1), 17,
                        legible(mix(pal.felt_light, pal.text_light, 0.35), pal.felt), "center")
    if run >= 2:
        bx0 = x0 + start * tile_w
        bx1 = x0 + (start + run) * tile_w - 3
        # a short bracket and its words close under it: at the top seat "run of 7" had touched the
        # border of the panel below
        canvas.lines([(bx0, y + half + 1), (bx0, y + half + 4), (bx1, y + half + 4), (bx1, y + half + 1)],
                     pal.highlight, 2)
        canvas.text(f"run of {run}", ((bx0 + bx1) / 2, y + half + 2), 14, pal.highlight, "midtop", bold=True)


HIDDEN_LETTER = (36, 50)  # another seat's evidence card, face down in its band


def draw_hidden_letters(canvas: Canvas, pal: Palette, faces: Faces, y: float, whose: str, count: int,
                        title_at: tuple[float, float]) -> None:
    """Another seat's letters, a row centred on ``y``: ``count`` evidence cards face down (``whose``:
    "Bob's"); the summary line starts at ``title_at`` (midleft). It says the rules keep them secret:
    a newcomer read "7 letters (face down)" as the table hiding how close Watson was to winning."""
    x0 = LETTERS_X
    held = f"{whose} evidence: {plural(count, 'letter')}"
    secret = f"{held}, kept face down by the rules" if count else held
    title, size = first_fit(canvas, (secret, f"{held} (face down)", held), (15, 14), LETTERS_END - title_at[0],
                            bold=True)
    canvas.text(title, title_at, size, pal.text_light, "midleft", bold=True)
    w, h = HIDDEN_LETTER
    back = faces.evidence_back(HIDDEN_LETTER)
    surf = canvas.painted(back.key, HIDDEN_LETTER, back.paint)
    for k in range(count):
        canvas.shadow((x0 + k * (w + 6), y - h / 2, w, h), radius=6, spread=2, alpha=60, offset=(1, 2))
        canvas.blit(surf, (x0 + k * (w + 6), y - h / 2))
    if count == 0:
        canvas.text("none yet", (x0, y), 15, pal.paper_dark, "midleft")


class TablePaint:
    """Drawing the board around the sprites: stacks, seat bands, letters, marks, the Arrow's chain."""

    def _draw_arrow_chain(self, canvas: Canvas, pal: Palette) -> None:
        """After a count with an Arrow: a bright arc to the next stack clockwise, with words."""
        show = self._current_show()
        if show is None or show.kind != "eval" or not show.event.arrow or self.anim_t < show.end:
            return
        if self.obs.phase == R.OVER and show.event is self.replay.evals[-1]:
            return  # the game ended on this stack's letter: the Arrow has nothing left to chain
        draw_arrow_chain(canvas, pal, show.event.stack, self.model.stacks)

    def _stack_state(self, obs, i: int) -> str:
        if obs.phase == R.CHOOSE and obs.dispute_winner == self.viewer and self.may_choose():
            return "choose"
        current = self._current_show()
        if current is not None and current.kind == "eval" and current.event.stack == i:
            return "eval"
        if obs.stack == i and not self.busy:
            return "eval"
        return ""

    def _draw_stacks(self, canvas: Canvas, pal: Palette, obs) -> None:
        back = self.faces.evidence_back()
        surf = canvas.painted(back.key, EV, back.paint)
        for i in range(self.model.stacks):
            rx, ry, rw, rh = self.stack_rect(i)
            state = self._stack_state(obs, i)
            canvas.alpha_box((rx, ry, rw, rh), pal.felt_dark, 120, radius=10)
            if state == "choose":
                canvas.box((rx, ry, rw, rh), pal.highlight, radius=10, width=3)
            elif state == "eval":
                canvas.box((rx - 3, ry - 3, rw + 6, rh + 6), pal.brass, radius=12, width=4)
            else:
                canvas.box((rx, ry, rw, rh), pal.felt_light, radius=10, width=1)
            ex, ey = self.evidence_pos(i)
            size = obs.evidence_sizes[i] if i < len(obs.evidence_sizes) else 0
            if size:  # the pile's soft shadow, under its lowest card
                canvas.shadow((ex - EV[0] / 2 - 5, ey - EV[1] / 2 - 5, EV[0] + 5, EV[1] + 5), radius=8, spread=4,
                              alpha=80, offset=(2, 4))
            for k in range(min(5, size)):
                canvas.blit(surf, (ex - EV[0] / 2 - k * 1.2, ey - EV[1] / 2 - k * 1.2))
            if size == 0:
                canvas.box((ex - EV[0] / 2, ey - EV[1] / 2, EV[0], EV[1]), pal.paper_dark, radius=7, width=1.5)
            canvas.circle((rx + 16, ry + 16), 13, pal.brass)
            canvas.circle((rx + 16, ry + 16), 13, pal.brass_dark, 1.5)
            for text, pos, size_px, anchor, bold, serif, letters in self._stack_words(canvas, obs, i):
                colour = pal.ink if serif else pal.highlight if letters else pal.paper_dark
                canvas.text(text, pos, size_px, colour, anchor, bold=bold, serif=serif)
            pile = obs.pile_sizes[i] if i < len(obs.pile_sizes) else 0
            px, py = self.pile_pos(i)
            if pile == 0:
                canvas.box((px - CARD[0] / 2, py - CARD[1] / 2, CARD[0], CARD[1]), mix(pal.felt, pal.paper_dark, 0.4),
                           radius=7, width=1.5)

    def _stack_words(self, canvas: Canvas, obs, i: int) -> list[tuple]:
        """The words stack ``i`` shows on the board's painted layer, as (text, pos, size, anchor, bold,
        serif, letters): its number, its evidence count (or, everything revealed, its letters) and
        "no cards" where its detective pile is empty. One list for drawing them and for keeping the
        newest card's label off them."""
        rx, ry, rw, rh = self.stack_rect(i)
        ex, ey = self.evidence_pos(i)
        size = obs.evidence_sizes[i] if i < len(obs.evidence_sizes) else 0
        words = [(str(i + 1), (rx + 16, ry + 16), 18, "center", True, True, False)]
        if obs.stack_letters is not None and size:  # everything revealed: the stack's letters
            label = fit_text(canvas, " ".join(obs.stack_letters[i]), 15, rw - 8, bold=True)
            half = canvas.text_size(label, 15, bold=True)[0] / 2  # under the pile, inside the stack's frame
            lx = min(max(ex, rx + 4 + half), rx + rw - 4 - half)
            words.append((label, (lx, ey + EV[1] / 2 + 3), 15, "midtop", True, False, True))
        else:
            words.append((plural(size, "card"), (ex, ey + EV[1] / 2 + 4), 14, "midtop", False, False, False))
        if (obs.pile_sizes[i] if i < len(obs.pile_sizes) else 0) == 0:
            px, py = self.pile_pos(i)
            words += [("no", (px, py - 9), 14, "center", False, False, False),
                      ("cards", (px, py + 9), 14, "center", False, False, False)]
        return words

    def _pile_badge(self, canvas: Canvas, i: int, pile: int) -> tuple[str, Rect] | None:
        """The "3 cards" badge under a detective pile of more than one card: its words and box."""
        if pile <= 1:
            return None
        px, _ = self.pile_pos(i)
        rx, ry, rw, rh = self.stack_rect(i)
        label = f"{pile} cards"
        tw = canvas.text_size(label, 14, True)[0] + 12
        return label, (px - tw / 2, ry + rh - 21, tw, 18)

    def _board_words(self, canvas: Canvas, obs) -> list[Rect]:
        """Where the board's words lie (each stack's number, evidence count, "no cards" and pile
        badge, and the ring's words), as rectangles: what the newest card's label keeps off."""
        rects: list[Rect] = []
        for i in range(self.model.stacks):
            for text, pos, size, anchor, bold, serif, _ in self._stack_words(canvas, obs, i):
                rects.append(canvas.text_box(text, pos, size, anchor, bold, serif))
            badge = self._pile_badge(canvas, i, obs.pile_sizes[i] if i < len(obs.pile_sizes) else 0)
            if badge is not None:
                rects.append(badge[1])
        cx, cy = CENTRE
        for row, line in enumerate(RING_WORDS):
            rects.append(canvas.text_box(line, (cx, cy - 38 + row * 18), 14, "center"))
        if self.scene.app.settings.show_covered_cards:
            rects.append(canvas.text_box("memory aid on", (cx, cy + 2), 14, "center", True))
        return rects

    def _draw_after(self, canvas: Canvas, pal: Palette, obs) -> None:
        """Marks over the cards: pile counts under the piles, the chosen-card hint."""
        for i in range(self.model.stacks):
            badge = self._pile_badge(canvas, i, obs.pile_sizes[i] if i < len(obs.pile_sizes) else 0)
            if badge is not None:
                label, (bx, by, bw, bh) = badge
                canvas.box((bx, by, bw, bh), pal.wood_dark, radius=5)
                canvas.text(label, (bx + bw / 2, by + 9), 14, pal.text_light, "center", bold=True)
        if self.selected is not None and self.viewer is not None:
            y = self.band_y(self.viewer) - CARD[1] / 2 - 12
            # the keyboard's ring is out: its words, not the mouse's
            canvas.text("now choose a stack: arrows, then Enter" if self.keyed() else "now click a stack", (HAND_X, y), 15,
                        pal.highlight, "center", bold=True)
        self._draw_newest_play(canvas, pal, obs)

    def _draw_newest_play(self, canvas: Canvas, pal: Palette, obs) -> None:
        """The opponent's card played since the viewer last moved, ringed and named (the banner's
        "Watson plays a 0 beside stack 1" gave way to "Watson bids 14" within a second)."""
        if self.viewer is None or self.busy or obs.phase == R.OVER:
            return
        for e in reversed(obs.log):
            if isinstance(e, R.RoundStarted) or getattr(e, "seat", None) == self.viewer:
                return
            if isinstance(e, R.Played):
                break
        else:
            return
        px, py = self.pile_pos(e.stack)
        rect = (px - CARD[0] / 2 - 4, py - CARD[1] / 2 - 4, CARD[0] + 8, CARD[1] + 8)
        canvas.box(rect, pal.highlight, radius=9, width=3)
        # not "Ann's new card", read as the card she drew; cut short only if no place fits it whole
        label = fit_text(canvas, f"played by {named(self.name(e.seat))}", 14, PANEL[0] - 20, bold=True)
        lx, ly, tw, th = self._newest_label_box(canvas, obs, e.stack, rect, label)
        canvas.box((lx, ly, tw, th), pal.wood_dark, radius=5)
        canvas.text(label, (lx + tw / 2, ly + th / 2), 14, pal.highlight, "center", bold=True)

    def _newest_label_box(self, canvas: Canvas, obs, stack: int, ring: Rect, label: str) -> Rect:
        """Where the newest card's label goes: above its ring, else below it (under a fanned pile),
        each as near the card's middle as it can, else beside it: the first place that keeps
        ``LABEL_GAP`` clear of the board's words and covers no card, and stays on the felt between
        the seat bands and left of the panel. Centred above stack 3 it had covered stack 2's "2
        cards" badge; under stack 1 (kept off the top band's words, then 18 px below its cards) it
        sat on one line with the evidence's "8 cards", read as "8 cards played by Watson"."""
        tw, th = canvas.text_size(label, 14, True)[0] + 12, 20.0
        rx, ry, rw, rh = ring
        pile = self.model.piles[stack] if stack < len(self.model.piles) else []
        fan = self.covered_pos(stack, len(pile) - 1, len(pile))[1] - self.pile_pos(stack)[1] if len(pile) > 1 else 0
        centred = rx + rw / 2 - tw / 2
        xs = sorted(range(int(rx - tw - 4), int(rx + rw + 4) + 1, 4), key=lambda x: abs(x - centred))
        spots = [(x, y) for y in (ry - th - 2, ry + rh + fan + 2) for x in xs]
        spots += [(rx + rw + 4, ry + rh / 2 - th / 2), (rx - 4 - tw, ry + rh / 2 - th / 2)]
        gx, gy = LABEL_GAP
        words = [(x - gx, y - gy, w + 2 * gx, h + 2 * gy) for x, y, w, h in self._board_words(canvas, obs)]
        keep_off = words + [ring] + self._board_cards(stack)
        # the top band's cards, and its "unused" and "used" words under the deck and used pile
        keep_off.append((0, 0, USED_X + CARD[0] / 2 + 12, TOP_Y + CARD[1] / 2 + 24))
        top, bottom = TOP_Y + CARD[1] / 2 + 6, BOTTOM_Y - CARD[1] / 2 - 30  # the seat bands' cards and words
        for x, y in spots:
            box = (x, y, tw, th)
            if 4 <= x and x + tw <= PANEL[0] - 4 and top <= y and y + th <= bottom and \
                    not any(overlaps(box, other) for other in keep_off):
                return box
        return (min(max(centred, 4.0), PANEL[0] - 4 - tw), ry + 4, tw, th)  # over the card's own top edge

    def _board_cards(self, stack: int) -> list[Rect]:
        """The cards on the board a label must not cover: every stack's evidence pile and the other
        stacks' detective piles (``stack``'s own lies inside the ring round its newest card)."""
        rects: list[Rect] = []
        for i in range(self.model.stacks):
            ex, ey = self.evidence_pos(i)
            rects.append((ex - EV[0] / 2, ey - EV[1] / 2, EV[0], EV[1]))
            if i != stack:
                px, py = self.pile_pos(i)
                rects.append((px - CARD[0] / 2, py - CARD[1] / 2, CARD[0], CARD[1]))
        return rects

    def _draw_band(self, canvas: Canvas, pal: Palette, obs, seat: int) -> None:
        y = self.band_y(seat)
        bottom = seat == self.bottom
        top = plate_y(bottom)
        turn = seat in obs.pending
        colour = self.faces.seat_colour(seat)
        plate = (PLATE_X, top, PLATE_W, 26)
        draw_wood(canvas, plate, pal.brass_dark if turn else pal.wood, radius=6)
        canvas.box((PLATE_X + 7, top + 6, 14, 14), colour, radius=3)
        you = " (you)" if seat == self.viewer and self.name(seat).lower() != "you" else ""
        style = self.faces.back_style(seat)
        right = PLATE_X + PLATE_W - 10
        # the name whole ("ABCDEFGHIJKL..." had been cut): smaller, then the backs said shorter
        # ("stripes"), then not at all (the backs are on the deck beside it); a name too long for
        # all that (a 24-letter one from a save) is cut beside the whole words. Never into them.
        tries = []
        for cards in ({"stripes": "striped card backs", "dots": "dotted card backs"}[style], style, ""):
            room = right - (canvas.text_size(cards, BACKS_SIZE)[0] + 12 if cards else 0) - (PLATE_X + 28)
            tries.append((*first_fit(canvas, (self.name(seat) + you,), (16, 15, 14), room, bold=True), cards))
        name, size, cards = next((t for t in tries if not t[0].endswith("…")), tries[0])
        canvas.text(name, (PLATE_X + 28, top + 13), size, pal.highlight if turn else pal.text_light, "midleft",
                    bold=True)
        if cards:
            # on the brass plate of the player to move, near white: 4.7:1 (paper_dark read at 3:1)
            ink = mix(pal.paper, (255, 255, 255), 0.6) if turn else pal.paper_dark
            canvas.text(cards, (right, top + 13), BACKS_SIZE, ink, "midright")
        # unused deck and used pile, their words on the side facing the ring
        dx, dy = self.deck_pos(seat)
        back = self.faces.detective_back(seat)
        surf = canvas.painted(back.key, CARD, back.paint)
        unused = obs.unused_sizes[seat]
        if unused:
            canvas.shadow((dx - CARD[0] / 2 - 4, dy - CARD[1] / 2 - 4, CARD[0] + 4, CARD[1] + 4), radius=8, spread=4,
                          alpha=80, offset=(2, 4))
        for k in range(min(4, unused)):
            canvas.blit(surf, (dx - CARD[0] / 2 - k * 1.2, dy - CARD[1] / 2 - k * 1.2))
        if unused == 0:
            canvas.box((dx - CARD[0] / 2, dy - CARD[1] / 2, CARD[0], CARD[1]), pal.paper_dark, radius=7, width=1.5)
        caption_y, anchor = (dy - CARD[1] / 2 - 6, "midbottom") if bottom else (dy + CARD[1] / 2 + 2, "midtop")
        canvas.text(f"unused {unused}", (dx, caption_y), 16, pal.text_light, anchor, bold=True)
        ux, uy = self.used_pos(seat)
        if obs.used_sizes[seat] == 0:
            canvas.box((ux - CARD[0] / 2, uy - CARD[1] / 2, CARD[0], CARD[1]), mix(pal.felt, pal.paper_dark, 0.4),
                       radius=7, width=1.5)
        canvas.text(f"used {obs.used_sizes[seat]}", (ux, caption_y), 16, pal.text_light, anchor, bold=True)
        if obs.hand_sizes[seat] == 0 and obs.phase in (R.TURN, R.BID) and not self.busy:
            canvas.text("no hand cards", (HAND_X, y), 15, pal.paper_dark, "center")
        self._draw_letters(canvas, pal, obs, seat)

    def _draw_letters(self, canvas: Canvas, pal: Palette, obs, seat: int) -> None:
        bottom = seat == self.bottom
        y = letters_y(bottom)
        title_at = (PLATE_X + PLATE_W + 16, plate_y(bottom) + 13)
        if seat == self.viewer and obs.letters is not None:
            draw_own_letters(canvas, pal, y, obs.letters, obs.alphabet, obs.run_to_win, title_at)
        elif obs.revealed_letters is not None:  # the game is over: the letters are turned over (or a replay shows all)
            draw_own_letters(canvas, pal, y, obs.revealed_letters[seat], obs.alphabet, obs.run_to_win, title_at,
                             cap(possessive(self.name(seat))))
        else:
            draw_hidden_letters(canvas, pal, self.faces, y, cap(possessive(self.name(seat))), obs.letter_counts[seat],
                                title_at)
