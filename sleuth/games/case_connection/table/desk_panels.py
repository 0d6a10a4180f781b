"""Case Connection desk drawing: the cells in view, the seams' live marks, the message, the cursor.

``DeskPanels`` gives ``CaseTable`` what is drawn on and around your desk apart from the sprites:
the cells in view with a mark at each edge where more of the desk lies out of view; under the
cards, a glow on every seam whose symbols match (green once a proof connects it, amber while it
still needs one); over them, a small cross where touching symbols do not match, and the outline
of whatever the message speaks of ("this thread"); while a card is carried (by mouse or
keyboard), the same marks around the cell it would land on; the message under the desk (what the
desk scores, why it is not a reconstruction yet, the hint, the visit being made) with its legend;
the items the hint names, lit up; and the keyboard's cursor with what Enter does there.
"""

from __future__ import annotations

import math

from sleuth.games.case_connection.cards import OPPOSITE
from sleuth.games.case_connection.grid import LEAD_CELL, Reconstruction
from sleuth.games.case_connection.table.layout import (
    DESK_CARD,
    DESK_COLS,
    DESK_ROWS,
    MESSAGE,
    VIEW_RECT,
    edge_key,
    neighbours,
    side_towards,
)
from sleuth.games.case_connection.table.workbench import CONNECTED, MISSING, NO_MATCH, WRONG
from sleuth.ui.canvas import Canvas
from sleuth.ui.theme import Palette, mix
from sleuth.ui.words import sentence

SEAM_RING = 15  # the ring round a seam's proof spot (a proof there is 26 across)
BADGE_R = 10  # the "!" badge at a corner of a cell the message speaks of
NO_MATCH_R = 8  # the small cross of a seam whose symbols do not match, in its ring
LEGEND = ((CONNECTED, "connected"), (MISSING, "matching: needs a proof"), (NO_MATCH, "no match"))
#: the legend's words: 15 px (play-testers measured its 14 px words as under 14 px)
LEGEND_SIZE = 15
LEGEND_FROM_FOOT = 12  # the legend's middle, above the message box's foot (its descenders 2 px clear)
#: the message's text, from 5 px under the box's top to 6 px above the legend's marks
MESSAGE_TEXT_H = MESSAGE[3] - 5 - (LEGEND_FROM_FOOT + 8) - 6
LEAD_IN_MIN = 13  # the smallest the message's text is set to fit


def _question_mark(canvas: Canvas, at: tuple[float, float], colour) -> None:
    """A drawn question mark (a glyph of text here would lie over the two cards of the seam)."""
    x, y = at
    hook = [(x + 3.2 * math.cos(math.radians(a)), y - 2.6 + 3.2 * math.sin(math.radians(a)))
            for a in range(190, 415, 25)]
    canvas.lines(hook + [(x, y + 1.6)], colour, 2)
    canvas.circle((x, y + 4.6), 1.3, colour)


def _outline_between(canvas: Canvas, rect, colour, spots, width: float = 3, radius: float = 8) -> None:
    """``rect``'s red outline, broken where a seam's mark or proof sits on it: the outline ran
    across the "?" of a seam still wanting a proof, as if it were struck through."""
    x, y, w, h = rect
    band = radius + width + 1  # the outline's own strip along each side (its rounded corners in it)
    pieces = [(x - 1, y - 1, w + 2, band), (x - 1, y + h + 1 - band, w + 2, band),
              (x - 1, y - 1, band, h + 2), (x + w + 1 - band, y - 1, band, h + 2)]
    on_it = [(sx, sy) for sx, sy in spots if x - 2 <= sx <= x + w + 2 and y - 2 <= sy <= y + h + 2
             and min(abs(sx - x), abs(sx - x - w), abs(sy - y), abs(sy - y - h)) <= 2]
    for sx, sy in on_it:
        hole = (sx - SEAM_RING, sy - SEAM_RING, 2 * SEAM_RING, 2 * SEAM_RING)
        pieces = [part for piece in pieces for part in _minus(piece, hole)]
    surface = canvas.surface
    old = surface.get_clip()
    for piece in pieces:
        surface.set_clip(canvas.rect(piece).clip(old))
        canvas.box(rect, colour, radius=radius, width=width)
    surface.set_clip(old)


def _minus(rect, hole) -> list:
    """The parts of ``rect`` outside ``hole`` (up to four rectangles)."""
    x, y, w, h = rect
    hx, hy, hw, hh = hole
    if hx >= x + w or hx + hw <= x or hy >= y + h or hy + hh <= y:
        return [rect]
    top, bottom = max(y, hy), min(y + h, hy + hh)
    parts = [(x, y, w, top - y), (x, bottom, w, y + h - bottom),
             (x, top, max(x, hx) - x, bottom - top), (min(x + w, hx + hw), top, x + w - min(x + w, hx + hw), bottom - top)]
    return [part for part in parts if part[2] > 0 and part[3] > 0]


def _badge_corner(rect, spots) -> tuple[float, float]:
    """Where the "!" badge of an outlined cell sits: its top right corner, unless a seam's mark
    lies near it (the badge had touched the "?" beside it), then the first corner clear of them."""
    x, y, w, h = rect
    corners = [(x + w - 4, y + 4), (x + 4, y + 4), (x + w - 4, y + h - 4), (x + 4, y + h - 4)]
    clear = BADGE_R + SEAM_RING + 4
    return next((c for c in corners if all(math.dist(c, spot) >= clear for spot in spots)), corners[0])


class DeskPanels:
    """Your desk's drawing; mixed into ``CaseTable`` (uses its desk, feedback, cursor and board)."""

    # -- the cells ----------------------------------------------------------------------------
    def _draw_desk(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        vx, vy, vw, vh = VIEW_RECT
        canvas.box((vx - 3, vy - 3, vw + 6, vh + 6), mix(pal.felt_dark, pal.wood_dark, 0.3), radius=8)
        for cell in self.view_cells():
            x, y, w, h = self.cell_rect(cell)
            canvas.box((x + 5, y + 5, w - 10, h - 10), mix(pal.felt_dark, pal.felt_light, 0.25), radius=6, width=1)
        if obs.leads[me] is None and self.in_view(LEAD_CELL):
            x, y, w, h = self.cell_rect(LEAD_CELL)
            canvas.box((x + 4, y + 4, w - 8, h - 8), pal.brass_dark, radius=6, width=1.5)
            canvas.text("your lead", (x + w / 2, y + h / 2), 14, pal.paper_dark, "center")
        self._draw_out_of_view(canvas, pal)
        snap = self._snap_cell()
        if snap is not None:  # where the carried card will lie when dropped
            x, y, w, h = self.cell_rect(snap)
            canvas.alpha_box((x + 2, y + 2, w - 4, h - 4), pal.paper, 40, radius=8)
            canvas.box((x + 2, y + 2, w - 4, h - 4), pal.paper, radius=8, width=2)
        if self.selected is not None:
            for target in self._targets_for_key(self.selected):
                if isinstance(target, tuple) and target[0] == "cell":
                    rect = self.cell_rect(target[1])
                    canvas.alpha_box(rect, pal.highlight, 40, radius=6)
                    canvas.box(rect, pal.highlight, radius=6, width=1.5)
                elif isinstance(target, tuple) and target[0] == "edge":
                    self._ring_seam(canvas, target[1], pal.highlight, 1.5)
        self._draw_seam_glows(canvas, pal)

    def out_of_view(self) -> dict[tuple[int, int], int]:
        """How many of your cards (the lead among them) lie beyond each edge of the view."""
        x0, y0 = self.desk_origin()
        cells = list(self.desk_cells()) + [LEAD_CELL]
        return {(-1, 0): sum(c[0] < x0 for c in cells), (1, 0): sum(c[0] >= x0 + DESK_COLS for c in cells),
                (0, -1): sum(c[1] < y0 for c in cells), (0, 1): sum(c[1] >= y0 + DESK_ROWS for c in cells)}

    def _draw_out_of_view(self, canvas: Canvas, pal: Palette) -> None:
        """A brass arrow at each edge of the view beyond which cards lie (under the cards; the
        scroll buttons above the desk say how many)."""
        vx, vy, vw, vh = VIEW_RECT
        for (dx, dy), n in self.out_of_view().items():
            if not n:
                continue
            cx = vx + vw / 2 + dx * (vw / 2 - 12)
            cy = vy + vh / 2 + dy * (vh / 2 - 12)
            r = 9
            tip = (cx + dx * r, cy + dy * r)
            side = (-dy * r, dx * r)
            back = (cx - dx * r * 0.6, cy - dy * r * 0.6)
            canvas.circle((cx, cy), 15, mix(pal.felt_dark, pal.wood_dark, 0.5))
            canvas.polygon([tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])],
                           pal.brass)

    # -- the seams ----------------------------------------------------------------------------
    def _seam_bar(self, edge, width: float = 10):
        x, y = self.edge_centre(edge)
        if edge[0][1] == edge[1][1]:  # a vertical seam
            return (x - width / 2, y - DESK_CARD * 0.36, width, DESK_CARD * 0.72)
        return (x - DESK_CARD * 0.36, y - width / 2, DESK_CARD * 0.72, width)

    def _ring_seam(self, canvas: Canvas, edge, colour, width: float) -> None:
        """A ring round a seam's proof spot: what points at a seam (a box over the seam had lain
        over the icons of both cards)."""
        canvas.circle(self.proof_spot(edge), SEAM_RING, colour, width)

    def _draw_seam_glows(self, canvas: Canvas, pal: Palette) -> None:
        """Under the cards: every seam whose symbols match glows (drawn before the sprites)."""
        fb = self.feedback()
        if fb is None or not self.desk_shown():
            return
        for edge, (kind, _) in fb.edges.items():
            if self.edge_in_view(edge) and kind in (CONNECTED, MISSING):
                colour = pal.good if kind == CONNECTED else pal.highlight
                canvas.alpha_box(self._seam_bar(edge, 16), colour, 110, radius=6)
                canvas.box(self._seam_bar(edge, 8), colour, radius=4)
        for edge, matching in self._carried_preview():
            colour = pal.highlight if matching else pal.bad
            if matching:
                canvas.alpha_box(self._seam_bar(edge, 16), colour, 110, radius=6)
                canvas.box(self._seam_bar(edge, 8), colour, radius=4)

    def _snap_cell(self):
        """The free cell a carried thread would land on now (under the dragged card, or the cursor)."""
        held = self.board.held
        key = held.key if held is not None else self.selected
        if key is None or key[0] != "thread" or not self.desk_shown():
            return None
        cell = None
        if held is not None:
            cell = self.cell_at(held.pos)
        elif self.cursor is not None and self.cursor[0][0] == "cell":
            cell = self.cursor[0][1]
        return cell if cell is not None and self._cell_free(cell, key[1]) else None

    def _carried_preview(self) -> list:
        """While a thread is carried over a free cell: each seam it would make there, matching or not."""
        cell = self._snap_cell()
        if cell is None:
            return []
        held = self.board.held
        key = held.key if held is not None else self.selected
        cells = self.desk_cells()
        lead = self._lead()
        thread = self.cards.thread(key[1])
        out = []
        for other in neighbours(cell):
            if other not in cells and not (other == LEAD_CELL and lead is not None) or cells.get(other) == key[1]:
                continue
            side = side_towards(cell, other)
            mine = thread.edges[side]
            theirs = self._symbols_at(cells, lead, other, OPPOSITE[side])
            out.append((edge_key(cell, other), mine is not None and mine in theirs))
        return out

    def _draw_mark(self, canvas: Canvas, pal: Palette, kind: str, at, legend: bool = False) -> None:
        """A seam's small mark: ? where a proof is missing, a small cross in a red ring where the
        symbols do not match; in the legend, the glow of a connected seam too."""
        x, y = at
        if legend and kind in (CONNECTED, MISSING):
            canvas.box((x - 5, y - 8, 10, 16), pal.good if kind == CONNECTED else pal.highlight, radius=3)
        if kind == CONNECTED:
            return
        if kind == MISSING:
            canvas.circle((x, y), 9, pal.paper)
            canvas.circle((x, y), 9, pal.warn, 2)
            _question_mark(canvas, (x, y), pal.ink)
            return
        canvas.circle((x, y), NO_MATCH_R, pal.paper)
        canvas.circle((x, y), NO_MATCH_R, pal.bad, 1.5)
        canvas.line((x - 3.5, y - 3.5), (x + 3.5, y + 3.5), pal.bad, 2.5)
        canvas.line((x - 3.5, y + 3.5), (x + 3.5, y - 3.5), pal.bad, 2.5)

    def _draw_edge_marks(self, canvas: Canvas, pal: Palette) -> None:
        """Over the cards, under the keyboard's ring: the red outline of what the message speaks of,
        the rings round its seam, a connecting proof, a wrong proof and the seam under the pointer.
        The seams' small marks and the "!" badges go over the ring (``_draw_seam_marks``)."""
        fb = self.feedback()
        if fb is None or not self.desk_shown():
            return
        for edge, (kind, _) in fb.edges.items():
            if kind in (CONNECTED, WRONG) and self.edge_in_view(edge):
                canvas.circle(self.proof_spot(edge), 15, pal.good if kind == CONNECTED else pal.bad, 2)
        if self._focus_drawn(fb):  # what the message speaks of
            cells, edge = fb.focus
            spots = [self.proof_spot(seam) for seam in fb.edges]  # every seam's mark (and proof)
            for cell in cells:
                if self.in_view(cell):
                    _outline_between(canvas, self.cell_rect(cell), pal.bad, spots)
            if edge is not None and self.edge_in_view(edge):
                self._ring_seam(canvas, edge, pal.bad, 2.5)
        if self.hover_edge is not None and self.hover_edge in fb.edges and self.edge_in_view(self.hover_edge):
            self._ring_seam(canvas, self.hover_edge, pal.highlight, 1.5)

    def _focus_drawn(self, fb) -> bool:
        return isinstance(fb.verdict, str) and not self.picks and self.focus_shown()

    def _draw_seam_marks(self, canvas: Canvas, pal: Palette) -> None:
        """The "?" of a seam wanting a proof, the small cross of one whose symbols do not match and
        the "!" badge of a cell the message speaks of: over the keyboard's ring (the ring round a
        cell lies on its seams, and had hidden the cross and the badge under it), under its tag."""
        fb = self.feedback()
        if fb is None or not self.desk_shown():
            return
        for edge, (kind, _) in fb.edges.items():
            if kind != CONNECTED and self.edge_in_view(edge):
                self._draw_mark(canvas, pal, NO_MATCH if kind == WRONG else kind, self.proof_spot(edge))
        for edge, matching in self._carried_preview():
            if not matching:
                self._draw_mark(canvas, pal, NO_MATCH, self.proof_spot(edge))
        if self._focus_drawn(fb):
            spots = [self.proof_spot(seam) for seam in fb.edges]
            for cell in fb.focus[0]:
                if self.in_view(cell):
                    # a "!" badge: told from the yellow drop places by its shape, not its red alone
                    at = _badge_corner(self.cell_rect(cell), spots)
                    canvas.circle(at, BADGE_R, pal.bad)
                    canvas.circle(at, BADGE_R, pal.paper, 1.5)
                    canvas.text("!", at, 16, pal.paper, "center", bold=True)

    # -- the message --------------------------------------------------------------------------
    def _draw_message(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        x, y, w, h = MESSAGE
        canvas.box((x, y, w, h), mix(pal.paper, pal.paper_dark, 0.3), radius=8)
        canvas.box((x, y, w, h), pal.brass_dark, radius=8, width=1)
        # the heading leads the first line; the text ends clear of the legend (four lines at 15 px
        # had run into it), smaller where it needs more than three lines (see _lead_in)
        body = (x + 10, y + 5, w - 20, MESSAGE_TEXT_H)
        if obs.leads[me] is None or obs.outcome is not None:  # "The game is over." (an empty box was left)
            canvas.paragraph(self._no_lead_words(obs), (x + 10, y + 8, w - 20, h - 12), 15, pal.ink)
            return
        fb = self.feedback()
        if fb is None:
            return
        if self.picks:
            name = self.cards.locations[self.picks[0][2]].name
            self._lead_in(canvas, pal, f"Visiting {name}, 1 of 2 chosen:", pal.ink, self._picks_words(), body)
        elif self.hint_showing():
            self._lead_in(canvas, pal, "Hint:", pal.brass_dark, self.hint_note, body)
        elif isinstance(fb.verdict, Reconstruction):
            head, text = self._ready_words(obs, me, fb.verdict)
            self._lead_in(canvas, pal, head, pal.good, text, body)
        else:
            self._lead_in(canvas, pal, "Not yet:", pal.bad, sentence(fb.verdict or ""), body)
        lx, ly = x + 16, y + h - LEGEND_FROM_FOOT
        for kind, word in LEGEND:
            self._draw_mark(canvas, pal, kind, (lx, ly), legend=True)
            canvas.text(word, (lx + 13, ly), LEGEND_SIZE, pal.ink_soft, "midleft")
            lx += 13 + canvas.text_size(word, LEGEND_SIZE)[0] + 22

    @staticmethod
    def _lead_in_lines(canvas: Canvas, head: str, text: str, width: float, size: float) -> tuple[str, list[str]]:
        """How ``_lead_in`` lays out ``text`` at ``size``: the words beside the heading, then the lines under it."""
        indent = canvas.text_size(head, size, bold=True)[0] + 6
        words = text.split(" ")
        first = ""
        while words and canvas.text_size(f"{first} {words[0]}".strip(), size)[0] <= width - indent:
            first = f"{first} {words.pop(0)}".strip()
        return first, canvas.wrap(" ".join(words), size, width) if words else []

    @classmethod
    def _lead_in(cls, canvas: Canvas, pal: Palette, head: str, colour, text: str, rect, size: float = 15) -> None:
        """A bold heading that leads into its paragraph on the same line (a line saved for the text).
        A text longer than ``rect`` holds at ``size`` is set smaller, down to ``LEAD_IN_MIN``, so that
        it stays whole inside it (the coach's "Not yet: ... (you have none spare yet)." ran into the
        legend under it)."""
        x, y, w, h = rect
        while size > LEAD_IN_MIN:
            first, rest = cls._lead_in_lines(canvas, head, text, w, size)
            if (1 + len(rest)) * size * 1.2 <= h + 0.5:
                break
            size -= 1
        first, rest = cls._lead_in_lines(canvas, head, text, w, size)
        shown = canvas.text(head, (x, y), size, colour, bold=True)
        if first:
            canvas.text(first, (x + shown[2] + 6, y), size, pal.ink)
        for k, line in enumerate(rest):
            if (k + 2) * size * 1.2 > h + 0.5:
                break
            canvas.text(line, (x, y + (k + 1) * size * 1.2), size, pal.ink)

    # -- the hint's items and the cursor ------------------------------------------------------
    def _draw_hint_marks(self, canvas: Canvas, pal: Palette) -> None:
        if not self.hint_marks or not self.hint_showing():
            return
        for key in self.hint_marks:
            sprite = self.board.sprite(key)
            if sprite is not None and not sprite.hidden:
                x, y, w, h = sprite.rect_logical
                canvas.box((x - 5, y - 5, w + 10, h + 10), pal.highlight, radius=sprite.corner + 4, width=3)

    def _draw_cursor(self, canvas: Canvas, pal: Palette) -> None:
        def carried(rect) -> None:
            """What you carry, at the ring's corner, under its tag (it had covered "Enter: press")."""
            if self.selected is None or self.cursor[0] == ("sprite", self.selected):
                return
            x, y, w, h = rect
            size = 36 if self.selected[0] == "thread" else 24
            face = self._small_face(self.selected, size)
            canvas.blit(canvas.painted(face.key, (size, size), face.paint), (x + w - 4, y + 4), "center")

        def over_the_ring(rect) -> None:
            self._draw_seam_marks(canvas, pal)
            carried(rect)

        if self.draw_cursor(canvas, pal, beside=over_the_ring) is None:
            self._draw_seam_marks(canvas, pal)

    def _small_face(self, key, size: float):
        if key[0] == "thread":
            return self.thread_face(key[1], size)
        return self.token_face(self.kind_of[key[1]], size)
