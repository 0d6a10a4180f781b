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
from sleuth.games.bakerstreet.table.layout import CARD, CENTRE, EV, HAND_X, LETTERS_X, RADIUS, letter_tile_width
from sleuth.games.bakerstreet.table.model import Token
from sleuth.games.bakerstreet.table.words import SYMBOL_WORD, cap
from sleuth.ui.board import Face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import card_back, card_face, draw_icon
from sleuth.ui.theme import Palette, mix
from sleuth.ui.words import plural, possessive
from sleuth.ui.zones import ring


def fit_text(canvas: Canvas, text: str, size: float, width: float, bold: bool = False) -> str:
    """The toolkit's ellipsis cut (``Canvas.fit``), under the name this table's code uses."""
    return canvas.fit(text, size, width, bold)


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
        if obs.phase == R.CHOOSE and obs.dispute_winner == self.viewer and not self.busy:
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
            fill = pal.felt_dark
            canvas.alpha_box((rx, ry, rw, rh), fill, 120, radius=10)
            if state == "choose":
                canvas.box((rx, ry, rw, rh), pal.highlight, radius=10, width=3)
            elif state == "eval":
                canvas.box((rx - 3, ry - 3, rw + 6, rh + 6), pal.brass, radius=12, width=4)
            else:
                canvas.box((rx, ry, rw, rh), pal.felt_light, radius=10, width=1)
            ex, ey = self.evidence_pos(i)
            size = obs.evidence_sizes[i] if i < len(obs.evidence_sizes) else 0
            for k in range(min(5, size)):
                canvas.blit(surf, (ex - EV[0] / 2 - k * 1.2, ey - EV[1] / 2 - k * 1.2))
            if size == 0:
                canvas.box((ex - EV[0] / 2, ey - EV[1] / 2, EV[0], EV[1]), pal.paper_dark, radius=7, width=1.5)
            canvas.circle((rx + 14, ry + 14), 12, pal.brass)
            canvas.circle((rx + 14, ry + 14), 12, pal.brass_dark, 1.5)
            canvas.text(str(i + 1), (rx + 14, ry + 14), 17, pal.ink, "center", bold=True)
            canvas.text(plural(size, "card"), (ex, ey + EV[1] / 2 + 3), 13, pal.paper_dark, "midtop")
            pile = obs.pile_sizes[i] if i < len(obs.pile_sizes) else 0
            px, py = self.pile_pos(i)
            if pile == 0:
                canvas.box((px - CARD[0] / 2, py - CARD[1] / 2, CARD[0], CARD[1]), mix(pal.felt, pal.paper_dark, 0.4),
                           radius=7, width=1.5)
                canvas.text("no", (px, py - 8), 13, pal.paper_dark, "center")
                canvas.text("cards", (px, py + 8), 13, pal.paper_dark, "center")

    def _draw_after(self, canvas: Canvas, pal: Palette, obs) -> None:
        """Marks over the cards: pile counts, the memory-aid label, the chosen-card outline."""
        memory = self.scene.app.settings.show_covered_cards
        for i in range(self.model.stacks):
            pile = obs.pile_sizes[i] if i < len(obs.pile_sizes) else 0
            px, py = self.pile_pos(i)
            if pile > 1:
                label = f"{pile} cards"
                tw = canvas.text_size(label, 13, True)[0] + 10
                canvas.box((px - tw / 2, py - CARD[1] / 2 - 16, tw, 17), pal.wood_dark, radius=5)
                canvas.text(label, (px, py - CARD[1] / 2 - 8), 13, pal.text_light, "center", bold=True)
                if memory:
                    _, fy = self.covered_pos(i, pile - 1, pile)
                    canvas.text("memory aid", (px, fy + CARD[1] / 2 + 1), 13, pal.warn, "midtop", bold=True)
        if self.selected is not None:
            sprite = self.board.sprite(("det", self.selected))
            if sprite is not None:
                x, y, w, h = sprite.rect_logical
                canvas.text("now click a stack", (x + w / 2, y - 14), 15, pal.highlight, "center", bold=True)

    def _draw_band(self, canvas: Canvas, pal: Palette, obs, seat: int) -> None:
        y = self.band_y(seat)
        top = y - CARD[1] / 2
        plate_y = top - 30 if seat == self.bottom else 50  # the opponent's name plate sits at the top
        turn = seat in obs.pending
        colour = self.faces.seat_colour(seat)
        plate = (14, plate_y, 396, 24)
        canvas.box(plate, pal.brass_dark if turn else pal.wood, radius=6)
        canvas.box((20, plate_y + 5, 14, 14), colour, radius=3)
        you = " (you)" if seat == self.viewer and self.name(seat).lower() != "you" else ""
        cards = f"{self.faces.back_style(seat)} backs"
        room = 404 - 12 - canvas.text_size(cards, 13)[0] - 40  # the name never runs into the backs' words
        canvas.text(fit_text(canvas, self.name(seat) + you, 16, room, bold=True), (40, plate_y + 12), 16,
                    pal.highlight if turn else pal.text_light, "midleft", bold=True)
        canvas.text(cards, (404, plate_y + 12), 13, pal.paper_dark, "midright")
        # unused deck and used pile
        dx, dy = self.deck_pos(seat)
        back = self.faces.detective_back(seat)
        surf = canvas.painted(back.key, CARD, back.paint)
        unused = obs.unused_sizes[seat]
        for k in range(min(4, unused)):
            canvas.blit(surf, (dx - CARD[0] / 2 - k * 1.2, dy - CARD[1] / 2 - k * 1.2))
        if unused == 0:
            canvas.box((dx - CARD[0] / 2, dy - CARD[1] / 2, CARD[0], CARD[1]), pal.paper_dark, radius=7, width=1.5)
        caption_y = dy + CARD[1] / 2 + (1 if seat == self.bottom else 2)
        canvas.text(f"unused {unused}", (dx, caption_y), 13, pal.text_light, "midtop", bold=True)
        ux, uy = self.used_pos(seat)
        if obs.used_sizes[seat] == 0:
            canvas.box((ux - CARD[0] / 2, uy - CARD[1] / 2, CARD[0], CARD[1]), mix(pal.felt, pal.paper_dark, 0.4),
                       radius=7, width=1.5)
        canvas.text(f"used {obs.used_sizes[seat]}", (ux, caption_y), 13, pal.text_light, "midtop", bold=True)
        if obs.hand_sizes[seat] == 0 and obs.phase in (R.TURN, R.BID) and not self.busy:
            canvas.text("no hand cards", (HAND_X, y), 14, pal.paper_dark, "center")
        self._draw_letters(canvas, pal, obs, seat)

    def _draw_letters(self, canvas: Canvas, pal: Palette, obs, seat: int) -> None:
        y = self.band_y(seat)
        if seat == self.viewer and obs.letters is not None:
            draw_own_letters(canvas, pal, y, obs.letters, obs.alphabet, obs.run_to_win)
        else:
            draw_hidden_letters(canvas, pal, self.faces, y, cap(possessive(self.name(seat))), obs.letter_counts[seat])
