"""Where things sit on the Beyond Baker Street table: the fixed geometry (card sizes, the rows of
the table, the lead sections, the Impossible, the deck, the action bar, the viewer's hand and
character card, the partners' hands) and the placement of every sprite for the current
observation (position, angle, size, faces, layer, tooltip and whether it may be dragged).

The table uses the whole 1280x720 canvas, in rows from the top: the two tracks; the partners'
hands (sitting across the table); the three lead sections with the Impossible beside them; the
action bar (what to tell a partner, a decision's buttons, "All moves"); the viewer's character
card, own hand and the deck. The move log's drawer opens over the right column (``COLUMN_X`` on),
so nothing there is a button: the Impossible, the deck and the cards a decision shows live there.

Every rectangle that something is drawn in comes from here (``section_parts``, ``bar_parts``
...), so the painter, the buttons and the tests agree on it, and a test can check that nothing a
player clicks or reads is covered by something else.

``TableLayout`` is mixed into ``BBSTable`` (table/__init__.py) and works on its state (``obs``,
``cards``, ``scene``, ``viewer``, ``own_tokens``); the faces come from ``TablePaint`` (paint.py)
and the tooltips from ``TableWording`` (words.py)."""

from __future__ import annotations

from math import ceil

from sleuth.games.beyond_baker_street import rules as R
from sleuth.ui.scenes.table import LOG_RECT
from sleuth.ui.theme import LOGICAL_W
from sleuth.ui.words import ordinal
from sleuth.ui.zones import fan

MARGIN = 12
RIGHT = LOGICAL_W - MARGIN
#: the right column, under the move log's drawer when it is open: nothing there is a button
COLUMN_X = LOG_RECT[0]
COLUMN_W = RIGHT - COLUMN_X
#: the left part of the table, never under the drawer: every button lives here
LEFT_W = COLUMN_X - 2 * MARGIN

# -- card sizes: a hand card is wide enough for the widest knowledge badge ("not Document") -----
CARD = (96, 130)  # hands (the viewer's face down, the partners' face up)
SMALL = (60, 84)  # evidence on the leads and in the Impossible
LEAD = (100, 140)
BIG = CARD  # a card shown to the viewer alone while they decide (Toby's look, Lady Eva's draw)
DECK_CARD = (68, 96)
IMPOSSIBLE_CARD = (72, 100)  # eliminated evidence and dead leads, in the Impossible
#: the sizes the Impossible's cards shrink through as they grow many (``impossible_layout``)
IMPOSSIBLE_SIZES = (IMPOSSIBLE_CARD, (60, 84), (50, 70))


def numeral_size(height: float) -> float:
    """The text size of an evidence card's number, on a card ``height`` tall."""
    return max(14.0, height * 0.27)


def index_corner(height: float) -> tuple[float, float]:
    """The top-left corner of an evidence card of ``height`` that shows its number and, beside
    it, its icon (``evidence_face(index=True)``): width and height."""
    numeral = numeral_size(height)
    return 8 + numeral * 0.62 + 3 + numeral * 0.9 + 3, 2 + numeral * 1.05 + 3

# -- row 1: the tracks -------------------------------------------------------------------------
HOLMES_TRACK = (MARGIN, 50, 622, 46)
INVESTIGATION_TRACK = (RIGHT - 622, 50, 622, 46)

# -- row 2: the partners' hands, across the table ----------------------------------------------
PLATE_TOP, PLATE_H = 102, 24
OTHERS_Y = PLATE_TOP + PLATE_H + 4 + CARD[1] / 2  # centre of a partner's cards
PARTNER_GAP = 10  # between a partner's cards
BAND_GAP = 20  # between two partners' hands

# -- row 3: the lead sections and the Impossible -----------------------------------------------
BOARD_TOP, BOARD_H = 266, 238
SECTION_W, SECTION_GAP = 312, 10
SECTION_X = tuple(MARGIN + i * (SECTION_W + SECTION_GAP) for i in range(3))  # left edges
LEAD_TOP = 52  # the lead card's top, inside its section
EVIDENCE_X = MARGIN + LEAD[0] + 10  # the evidence rows' left edge, inside a section
MISMATCH_TOP = LEAD_TOP + SMALL[1] + 8  # the second evidence row (cards of another icon)
IMPOSSIBLE = (COLUMN_X, BOARD_TOP, COLUMN_W, BOARD_H)

# -- row 4: the action bar -----------------------------------------------------------------------
BAR = (MARGIN, 510, LEFT_W, 32)
MOVES_BUTTON = (BAR[0] + BAR[2] - 132, BAR[1], 132, BAR[3])
#: left of it, only while the case can no longer be solved (``give_up``)
GIVE_UP_BUTTON = (MOVES_BUTTON[0] - 10 - 150, BAR[1], 150, BAR[3])

# -- row 5: the viewer's character card, own hand, and the deck ---------------------------------
BOTTOM_TOP = 548
CHAR_RECT = (MARGIN, BOTTOM_TOP, 276, 168)  # the viewer's character card: its ability in full
OWN_X = (CHAR_RECT[0] + CHAR_RECT[2] + COLUMN_X) / 2  # centre of the viewer's own hand
OWN_Y = BOTTOM_TOP + PLATE_H + 6 + CARD[1] / 2
OWN_SPACING = CARD[0] + 12
OWN_PLATE = (OWN_X - 300, BOTTOM_TOP, 600, PLATE_H)
DECK_POS = (RIGHT - DECK_CARD[0] / 2, BOTTOM_TOP + 8 + DECK_CARD[1] / 2)
DECK_LABEL = (DECK_POS[0] - DECK_CARD[0] / 2, DECK_POS[1] + DECK_CARD[1] / 2 + 6)  # "Deck", then the count
#: a pending decision's cards (at most two), shown to the viewer beside the deck
DECISION_RECT = (COLUMN_X - 6, BOTTOM_TOP + 4, 2 * BIG[0] + 18, BIG[1] + 12)

BADGE = (16, 20)  # text size and row height of the knowledge badges on cards
BADGE_PAD = 8  # a badge's width beyond its text


def face_up_hand(hand) -> bool:
    """A hand this seat may see (the observation masks a hidden hand's cards as None)."""
    return hand is not None and all(card is not None for card in hand)


def overlap(a, b) -> bool:
    """Whether two rectangles (x, y, w, h) share any area."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def row_step(count: int, room: float, width: float, widest: float) -> float:
    """The step between ``count`` cards ``width`` wide in a row ``room`` long: side by side with a
    small gap while they fit, else overlapping (each still showing its number)."""
    if count <= 1:
        return 0.0
    return min(widest, (room - width) / (count - 1))


class TableLayout:
    """Geometry and sprite placement."""

    # -- the lead sections ------------------------------------------------------------------
    def section_area(self, index: int) -> tuple[float, float, float, float]:
        return (SECTION_X[index], BOARD_TOP, SECTION_W, BOARD_H)

    def section_centre(self, index: int) -> tuple[float, float]:
        """The centre of the section's lead card."""
        x, y, _, _ = self.section_area(index)
        return (x + MARGIN + LEAD[0] / 2, y + LEAD_TOP + LEAD[1] / 2)

    def section_parts(self, index: int) -> dict[str, tuple[float, float, float, float]]:
        """The parts of a lead section: its ``name`` and ``counter`` (evidence / value) on the top
        line; under them the ``below`` note (leads left under this one) and the ``value`` note;
        the lead card with the ``confirm`` button (or a confirmed lead's ``stamp``) under it; to
        its right the rows of evidence, where a confirmed lead's face-down ``pile`` lies with its
        ``pile_note``."""
        x, y, w, h = self.section_area(index)
        lead_bottom = y + LEAD_TOP + LEAD[1]
        ex = x + EVIDENCE_X
        return {
            "name": (x + MARGIN, y + 4, 170, 26),
            "counter": (x + w - MARGIN - 90, y + 4, 90, 26),
            "below": (x + MARGIN, y + 31, 140, 20),
            "value": (x + w - MARGIN - 120, y + 31, 120, 20),
            "lead": (x + MARGIN, y + LEAD_TOP, LEAD[0], LEAD[1]),
            "evidence": (ex, y + LEAD_TOP, x + w - MARGIN - ex, SMALL[1]),
            "mismatched": (ex, y + MISMATCH_TOP, x + w - MARGIN - ex, SMALL[1]),
            "confirm": (x + MARGIN, lead_bottom + 6, LEAD[0], 32),
            "stamp": (x + MARGIN - 4, lead_bottom + 8, LEAD[0] + 8, 28),
            "pile": (ex, y + LEAD_TOP, SMALL[0] + 6, SMALL[1] + 6),
            "pile_note": (ex + SMALL[0] + 16, y + LEAD_TOP + 20, x + w - MARGIN - (ex + SMALL[0] + 16), 40),
        }

    def _row_places(self, rect, count: int) -> list[tuple[float, float]]:
        x, y, w, h = rect
        step = row_step(count, w, SMALL[0], SMALL[0] + 6)
        return [(x + SMALL[0] / 2 + k * step, y + h / 2) for k in range(count)]

    def evidence_places(self, index: int, count: int) -> list[tuple[float, float]]:
        """The matching evidence of an open lead, in a row beside it (overlapping when many)."""
        return self._row_places(self.section_parts(index)["evidence"], count)

    def mismatched_places(self, index: int, count: int) -> list[tuple[float, float]]:
        """Cards of another icon under the lead (they raise its value), in the row below."""
        return self._row_places(self.section_parts(index)["mismatched"], count)

    # -- the Impossible ---------------------------------------------------------------------
    def impossible_parts(self) -> dict[str, tuple[float, float, float, float]]:
        """The Impossible's ``title`` and ``count`` line, its ``note`` (the case file's limit, two
        lines at most) and the ``cards`` area: eliminated evidence, then dead leads."""
        x, y, w, h = IMPOSSIBLE
        return {
            "title": (x + MARGIN, y + 4, 150, 26),
            "count": (x + w - MARGIN - 100, y + 7, 100, 20),
            "note": (x + MARGIN, y + 33, w - 2 * MARGIN, 38),
            "cards": (x + MARGIN, y + 76, w - 2 * MARGIN, h - 82),
        }

    def impossible_places(self, count: int) -> list[tuple[float, float]]:
        """Where the Impossible's cards go (their centres; ``impossible_layout``)."""
        return self.impossible_layout(count)[1]

    def impossible_layout(self, count: int) -> tuple[tuple[float, float], list[tuple[float, float]], bool]:
        """The Impossible's cards: their size, their centres, and whether they show their number
        and icon side by side in the top-left corner (``index_corner``) because they overlap.
        One row of whole faces while each card's icon shows; else rows whose every card keeps its
        corner clear of the cards laid over it, in the largest size that fits (play-test: at 8
        cards a second row 56 px down covered the first row's icons while the panel had room)."""
        x, y, w, h = self.impossible_parts()["cards"]

        def centres(cw: float, ch: float, per_row: int, step: float, gap: float) -> list[tuple[float, float]]:
            return [(x + cw / 2 + (k % per_row) * step, y + ch / 2 + (k // per_row) * gap) for k in range(count)]

        for cw, ch in IMPOSSIBLE_SIZES:
            iw, ih = index_corner(ch)
            rows = 1
            while rows == 1 or (h - ch) / (rows - 1) >= ih:
                per_row = ceil(count / rows) if count else 0
                step = row_step(per_row, w, cw, cw + 6)
                gap = min(ch + 6, (h - ch) / (rows - 1)) if rows > 1 else 0.0
                whole = rows == 1 and (per_row <= 1 or step >= cw * 0.75)  # the middle icon shows
                if whole or per_row <= 1 or step >= iw:
                    return (cw, ch), centres(cw, ch, per_row, step, gap), not whole
                rows += 1
        cw, ch = IMPOSSIBLE_SIZES[-1]  # more cards than ever seen in a game: the smallest, squeezed
        rows = max(1, int((h - ch) / index_corner(ch)[1]) + 1)
        per_row = ceil(count / rows)
        step, gap = row_step(per_row, w, cw, cw + 6), (h - ch) / (rows - 1) if rows > 1 else 0.0
        return (cw, ch), centres(cw, ch, per_row, step, gap), True

    # -- the action bar ---------------------------------------------------------------------
    def bar_parts(self, title: str, labels: list[str], size: float = 15) -> dict:
        """The action bar, left of the "All moves" button: the ``title`` (fitted to its room), then
        one button per label, each as wide as its words. ``size`` is the buttons' text size, made
        smaller (to 14 at least) when they would not fit."""
        canvas = self.scene.app.canvas
        x, y, w, h = BAR
        right = (GIVE_UP_BUTTON if self.give_up() is not None else MOVES_BUTTON)[0] - 12
        while True:
            widths = [canvas.text_size(label, size, True)[0] + 26 for label in labels]
            total = sum(widths) + 8 * max(0, len(widths) - 1)
            if size <= 14 or x + 12 + total <= right - 120:
                break
            size -= 0.5
        room = right - (x + 12) - total - (14 if labels else 0)
        shown = canvas.fit(title, 16, room, True) if title else ""
        title_w = canvas.text_size(shown, 16, True)[0] if shown else 0.0
        left = x + 12 + (title_w + 14 if shown else 0.0)
        buttons = []
        for width in widths:
            buttons.append((left, y + 2, width, h - 4))
            left += width + 8
        return {"title": (x + 12, y, title_w, h), "text": shown, "buttons": buttons, "size": size,
                "panel": (x, y, max(left - 4, x + 12 + title_w + 12) - x, h)}

    # -- a pending decision -----------------------------------------------------------------
    def decision_parts(self, cards: int) -> dict[str, list]:
        """A pending decision of the viewer's: the ``cards`` it shows them (large enough to read),
        beside the deck in the right column, in a ``panel``; its buttons are in the action bar."""
        x, y, w, h = DECISION_RECT
        rects = [(x + 6 + k * (BIG[0] + 6), y + 6, BIG[0], BIG[1]) for k in range(cards)]
        width = 12 + cards * BIG[0] + 6 * max(0, cards - 1)
        return {"panel": [(x, y, width, h)] if cards else [], "cards": rects}

    def decision_shape(self, obs) -> tuple[int, int]:
        """How many cards and buttons the viewer's pending decision shows (0, 0: none pending)."""
        if obs.decision is None or obs.decision_seat is None or obs.decision_seat != self.viewer:
            return (0, 0)
        cards = len(self._decision_cards(obs))
        buttons = {"toby_place": 2, "eva_choice": cards}.get(obs.decision, 1)
        return (cards, buttons)

    def _decision_cards(self, obs) -> tuple[int, ...]:
        """The cards a decision of the viewer's shows them (the one Toby sniffed, Lady Eva's two)."""
        if obs.decision_seat is None or obs.decision_seat != self.viewer:
            return ()
        return tuple(obs.decision_cards)

    # -- seats ------------------------------------------------------------------------------
    def seat_slots(self) -> list[int]:
        """Other seats in play order after the viewer (or all seats in the public view)."""
        obs = self.obs
        players = obs.players
        if self.viewer is None:
            return list(range(players))
        return [(self.viewer + k) % players for k in range(1, players)]

    def visible_partners(self) -> list[int]:
        return [s for s in self.seat_slots() if face_up_hand(self.obs.hands[s])]

    def _hand_room(self) -> int:
        """Cards a hand is laid out for: the dealt hand size (so the bands stay put as hands shrink)."""
        obs = self.obs
        dealt = self.cards.hand_sizes.get(obs.players, 0)
        return max([dealt] + [len(h) for h in obs.hands if h is not None])

    def partner_band(self, position: int, count: int) -> tuple[float, float]:
        """Left x and width of the position-th partner's band (their plate, their cards under it):
        the bands are centred across the table, as wide as a full hand and a little more."""
        room = RIGHT - MARGIN
        hand = self._hand_room() * (CARD[0] + PARTNER_GAP) - PARTNER_GAP
        width = min((room - BAND_GAP * (count - 1)) / max(1, count), hand + 60)
        total = count * width + BAND_GAP * (count - 1)
        return (MARGIN + (room - total) / 2 + position * (width + BAND_GAP), width)

    def other_plate(self, position: int, count: int) -> tuple[float, float, float, float]:
        left, width = self.partner_band(position, count)
        return (left, PLATE_TOP, width, PLATE_H)

    def partner_places(self, position: int, count: int, cards: int) -> list[tuple[float, float]]:
        left, width = self.partner_band(position, count)
        step = min(CARD[0] + PARTNER_GAP, (width - CARD[0]) / max(1, cards - 1))
        start = left + width / 2 - (step * (cards - 1)) / 2
        return [(start + k * step, OTHERS_Y) for k in range(cards)]

    def plates(self) -> list[tuple[int, tuple[float, float, float, float]]]:
        """Each seat's name plate on screen: the partners whose hands are shown, then the viewer."""
        visible = self.visible_partners()
        out = [(seat, self.other_plate(position, len(visible))) for position, seat in enumerate(visible)]
        if self.viewer is not None:
            out.append((self.viewer, OWN_PLATE))
        return out

    def _own_places(self, count: int) -> list[tuple[float, float, float]]:
        return fan((OWN_X, OWN_Y), count, OWN_SPACING, 4, 0.8)

    def _own_slot_pos(self, slot: int) -> tuple[float, float]:
        hand = self.obs.hands[self.viewer] if self.viewer is not None else None
        places = self._own_places(len(hand or ()) + 1)
        x, y, _ = places[min(slot, len(places) - 1)]
        return (x, y)

    def _is_partner_card(self, card: int) -> bool:
        me = self.viewer
        if me is None:
            return False
        return any(face_up_hand(hand) and card in hand for s, hand in enumerate(self.obs.hands) if s != me)

    # -- placements -------------------------------------------------------------------------
    def _layout(self, obs) -> dict:
        """key -> (pos, angle, size, front, back, face_up, layer, tooltip, draggable)."""
        out: dict = {}
        # what the viewer may do, computed once per layout (it asks the engine for every move)
        legal = self.scene.legal_for_viewer() if self.scene.viewer_may_act() else []
        for index, sec in enumerate(obs.sections):
            cx, cy = self.section_centre(index)
            if sec.lead is not None:
                pursuable = R.Pursue(sec.id) in legal
                out[("lead", sec.lead)] = ((cx, cy), 0.0, LEAD, self.lead_face(sec.lead), self.lead_back(), True, 3,
                                           self._lead_tip(sec), pursuable)
            for k, (card, pos) in enumerate(zip(sec.cards, self.evidence_places(index, len(sec.cards)), strict=True)):
                out[("ev", card)] = (pos, 0.0, SMALL, self.evidence_face(card, SMALL), self.back_face(SMALL), True,
                                     4 + k, self.matching_tip(), False)
            places = self.mismatched_places(index, len(sec.mismatched))
            for k, (card, pos) in enumerate(zip(sec.mismatched, places, strict=True)):
                out[("ev", card)] = (pos, 0.0, SMALL, self.evidence_face(card, SMALL), self.back_face(SMALL), True,
                                     4 + k, self.mismatched_tip(), False)
            px, py, _, _ = self.section_parts(index)["pile"]
            for k in range(sec.face_down):  # a confirmed lead's evidence: a face-down pile, cards unknown
                pos = (px + 6 + SMALL[0] / 2 - k * 1.5, py + 6 + SMALL[1] / 2 - k * 1.5)
                out[("down", sec.id, k)] = (pos, 0.0, SMALL, self.back_face(SMALL), self.back_face(SMALL), False,
                                            4 + k, self.face_down_tip(sec), False)
        size, places, index = self.impossible_layout(len(obs.impossible) + len(obs.dead_leads))
        for k, card in enumerate(obs.impossible):
            out[("ev", card)] = (places[k], 0.0, size, self.evidence_face(card, size, index=index),
                                 self.back_face(size), True, 10 + k, self.eliminated_tip(), False)
        for k, lead in enumerate(obs.dead_leads):
            at = len(obs.impossible) + k
            out[("lead", lead)] = (places[at], 0.0, size, self.lead_face(lead, size),
                                   self.lead_back(size), False, 10 + at, self.dead_lead_tip(lead), False)
        visible = self.visible_partners()
        for position, seat in enumerate(visible):
            hand = obs.hands[seat]
            for k, (card, pos) in enumerate(zip(hand, self.partner_places(position, len(visible), len(hand)),
                                                strict=True)):
                face = self.evidence_face(card, tagged=bool(self._badges(("ev", card))))
                out[("ev", card)] = (pos, 0.0, CARD, face, self.back_face(), True, 30 + k,
                                     self._partner_card_tip(seat, card), False)
        shown = self._decision_cards(obs)
        for k, (card, rect) in enumerate(zip(shown, self.decision_parts(len(shown))["cards"], strict=True)):
            pos = (rect[0] + BIG[0] / 2, rect[1] + BIG[1] / 2)
            out[("ev", card)] = (pos, 0.0, BIG, self.evidence_face(card, BIG), self.back_face(BIG), True, 60 + k,
                                 self.decision_card_tip(card), False)
        me = self.viewer
        if me is not None and face_up_hand(obs.hands[me]):
            # the game is over and every card turned up: your own hand at last, in its place
            hand = obs.hands[me]
            for k, (card, (x, y, angle)) in enumerate(zip(hand, self._own_places(len(hand)), strict=True)):
                out[("ev", card)] = ((x, y), angle, CARD, self.evidence_face(card), self.back_face(), True, 40 + k,
                                     f"Your {ordinal(k + 1)} card: {self._ev_text(card)}.", False)
        elif me is not None and obs.hands[me] is not None:
            hand = obs.hands[me]
            places = self._own_places(len(hand))
            for k, (token, (x, y, angle)) in enumerate(zip(self.own_tokens, places, strict=False)):
                out[("own", token)] = ((x, y), angle, CARD, self.back_face(), self.back_face(), False, 40 + k,
                                       self._own_tip(k), bool(legal))
        return out
