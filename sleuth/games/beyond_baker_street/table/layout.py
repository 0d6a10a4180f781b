"""Where things sit on the Beyond Baker Street table: the fixed geometry (card sizes, lead columns,
the Impossible, the deck, the decision panel, the viewer's hand and character card, the partners'
hand bands) and the placement of every sprite for the current observation (position, angle, size,
faces, layer, tooltip and whether it may be dragged).

Every rectangle that something is drawn in comes from here (``section_parts``, ``decision_parts``
...), so the painter, the buttons and the tests agree on it, and a test can check that nothing a
player clicks or reads is covered by something else.

``TableLayout`` is mixed into ``BBSTable`` (table/__init__.py) and works on its state (``obs``,
``cards``, ``scene``, ``viewer``, ``own_tokens``); the faces come from ``TablePaint`` (paint.py)
and the tooltips from ``TableWording`` (words.py)."""

from __future__ import annotations

from sleuth.games.beyond_baker_street import rules as R
from sleuth.ui.zones import fan

CARD = (58, 82)
SMALL = (46, 64)
LEAD = (80, 112)
BIG = (66, 92)  # a card shown to the viewer alone while they decide (Toby's look, Lady Eva's draw)
SECTION_X = (70, 250, 430)  # left edges of the three lead columns (inside the table area)
LEAD_Y = 200  # centre of the lead cards
SECTION_TOP, SECTION_H = 126, 286
HOLMES_TRACK = (16, 52, 470, 56)
INVESTIGATION_TRACK = (496, 52, 494, 56)
IMPOSSIBLE = (620, 140, 370, 170)
DECK_POS = (652, 390)
DECK_LABEL = (622, 318)  # "Deck: 11 cards", above the deck
DECISION_RECT = (720, 316, 270, 124)  # a pending decision of the viewer's (at most): free of anything else
ASSIST_ROW = (414, 28)  # top and height of the Assist buttons, between the lead sections and the plates
OWN_Y = 648
OWN_X = 545  # centre of the viewer's own hand
OWN_SPACING = CARD[0] + 24  # room between your own cards for their badges
OWN_PLATE = (OWN_X - 200, 584, 400, 24)
OTHERS_Y = 500
CHAR_RECT = (14, 572, 280, 142)  # the viewer's character card, bottom left: its ability in full
MOVES_BUTTON = (860, 676, 136, 32)
BADGE = (16, 20)  # text size and row height of the knowledge badges on cards
BADGE_PAD = 8  # a badge's width beyond its text
PARTNER_GAP = 36  # room between a partner's cards for the badges of what they know


def face_up_hand(hand) -> bool:
    """A hand this seat may see (the observation masks a hidden hand's cards as None)."""
    return hand is not None and all(card is not None for card in hand)


def overlap(a, b) -> bool:
    """Whether two rectangles (x, y, w, h) share any area."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


class TableLayout:
    """Geometry and sprite placement."""

    # -- geometry ---------------------------------------------------------------------------
    def section_centre(self, index: int) -> tuple[float, float]:
        return (SECTION_X[index] + LEAD[0] / 2, LEAD_Y)

    def section_area(self, index: int) -> tuple[float, float, float, float]:
        return (SECTION_X[index] - 14, SECTION_TOP, LEAD[0] + 92, SECTION_H)

    def section_parts(self, index: int) -> dict[str, tuple[float, float, float, float]]:
        """The parts of a lead section: its ``name`` and ``counter`` (evidence / value) on the top
        line, the ``value`` note under the counter, the lead card, the ``stamp`` of a confirmed lead
        under it, the ``pile`` of its face-down evidence and that pile's ``pile_note``, the ``below``
        note (leads left under this one) and the ``confirm`` button, side by side at the bottom."""
        x, y, w, h = self.section_area(index)
        cx, cy = self.section_centre(index)
        lead_bottom = cy + LEAD[1] / 2
        return {
            "name": (x + 8, y + 4, 86, 16),
            "counter": (x + w - 66, y + 4, 58, 16),
            "value": (x + w - 66, y + 24, 58, 14),
            "lead": (cx - LEAD[0] / 2, cy - LEAD[1] / 2, LEAD[0], LEAD[1]),
            "stamp": (cx - 46, lead_bottom + 8, 92, 24),
            "pile": (cx - SMALL[0] / 2 - 6, lead_bottom + 40, SMALL[0] + 6, SMALL[1] + 6),
            "pile_note": (cx + SMALL[0] / 2 + 8, lead_bottom + 52, x + w - 8 - (cx + SMALL[0] / 2 + 8), 36),
            "below": (x + 8, y + h - 30, 74, 18),
            "confirm": (x + w - 84, y + h - 36, 76, 30),
        }

    def evidence_places(self, index: int, count: int) -> list[tuple[float, float]]:
        """The matching evidence of an open lead, stacked under it (closer together when there are
        many, so the stack never reaches the bottom line of the section)."""
        cx, cy = self.section_centre(index)
        first = cy + 84
        last_allowed = self.section_parts(index)["below"][1] - 8 - SMALL[1] / 2
        step = 22 if count <= 1 else min(22, (last_allowed - first) / (count - 1))
        return [(cx, first + k * step) for k in range(count)]

    def mismatched_places(self, index: int, count: int) -> list[tuple[float, float]]:
        cx, cy = self.section_centre(index)
        return [(cx + 60, cy - 4 + k * 22) for k in range(count)]

    def decision_parts(self, cards: int, buttons: int) -> dict[str, list]:
        """A pending decision of the viewer's, in (the top of) ``DECISION_RECT``: the ``panel`` it
        needs, a ``title`` line, the ``cards`` it shows (large enough to read), and its
        ``buttons`` stacked to their right."""
        x, y, w, _ = DECISION_RECT
        title = (x + 10, y + 6, w - 20, 18)
        top = y + 28
        card_rects = [(x + 10 + k * (BIG[0] + 8), top, BIG[0], BIG[1]) for k in range(cards)]
        left = (card_rects[-1][0] + BIG[0] + 10) if card_rects else x + 10
        width = x + w - 10 - left
        button_rects = [(left, top + 4 + k * 42, width, 34) for k in range(buttons)]
        height = 28 + max(BIG[1] if cards else 0, 42 * buttons) + 4
        return {"panel": [(x, y, w, height)], "title": [title], "cards": card_rects, "buttons": button_rects}

    def assist_parts(self, target: int) -> list[tuple[float, float, float, float]]:
        """The two Assist buttons for a partner's card: in the gap between the lead sections and
        that partner's name plate, over their hand."""
        visible = [s for s in self.seat_slots() if face_up_hand(self.obs.hands[s])]
        position = visible.index(target) if target in visible else 0
        left, _, width = self.other_hand_origin(position, len(visible))
        top, height = ASSIST_ROW
        half = (width - 28) / 2
        return [(left + 10 + i * (half + 8), top, half, height) for i in range(2)]

    def plates(self) -> list[tuple[int, tuple[float, float, float, float]]]:
        """Each seat's name plate on screen: the partners whose hands are shown, then the viewer."""
        visible = [s for s in self.seat_slots() if face_up_hand(self.obs.hands[s])]
        out = [(seat, self.other_plate(position, len(visible))) for position, seat in enumerate(visible)]
        if self.viewer is not None:
            out.append((self.viewer, OWN_PLATE))
        return out

    def seat_slots(self) -> list[int]:
        """Other seats in play order after the viewer (or all seats in the public view)."""
        obs = self.obs
        players = obs.players
        if self.viewer is None:
            return list(range(players))
        return [(self.viewer + k) % players for k in range(1, players)]

    def other_hand_origin(self, position: int, count: int) -> tuple[float, float, float]:
        """Left x, centre y and width of the band for the position-th other hand."""
        width = (self.rect[2] - 40) / max(1, count)
        return (20 + position * width, OTHERS_Y, width)

    def other_plate(self, position: int, count: int) -> tuple[float, float, float, float]:
        left, cy, width = self.other_hand_origin(position, count)
        return (left + 10, cy - 56, width - 20, 24)

    def _own_slot_pos(self, slot: int) -> tuple[float, float]:
        hand = self.obs.hands[self.viewer] if self.viewer is not None else None
        count = len(hand or ()) + 1
        places = fan((OWN_X, OWN_Y), count, OWN_SPACING, 8, 1.2)
        x, y, _ = places[min(slot, len(places) - 1)]
        return (x, y)

    def _is_partner_card(self, card: int) -> bool:
        me = self.viewer
        if me is None:
            return False
        return any(face_up_hand(hand) and card in hand for s, hand in enumerate(self.obs.hands) if s != me)

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
        ix, iy, iw, ih = IMPOSSIBLE
        for k, card in enumerate(obs.impossible):
            pos = (ix + 34 + (k % 9) * 37, iy + 68 + (k // 9) * 40)
            out[("ev", card)] = (pos, 0.0, SMALL, self.evidence_face(card, SMALL), self.back_face(SMALL), True, 10 + k,
                                 self.eliminated_tip(), False)
        for k, lead in enumerate(obs.dead_leads):
            pos = (ix + iw - 40 - k * 14, iy + ih - 44)
            out[("lead", lead)] = (pos, 8.0 - k * 3, LEAD, self.lead_face(lead), self.lead_back(), False, 20 + k,
                                   self.dead_lead_tip(), False)
        others = self.seat_slots()
        visible_others = [s for s in others if face_up_hand(obs.hands[s])]
        for position, seat in enumerate(visible_others):
            left, cy, width = self.other_hand_origin(position, len(visible_others))
            hand = obs.hands[seat]
            spacing = min(CARD[0] + PARTNER_GAP, (width - 40) / max(1, len(hand)))
            for k, card in enumerate(hand):
                x = left + 20 + CARD[0] / 2 + k * spacing
                out[("ev", card)] = ((x, cy + 14), 0.0, CARD, self.evidence_face(card), self.back_face(), True, 30 + k,
                                     self._partner_card_tip(seat, card), False)
        shown = self._decision_cards(obs)
        for k, (card, rect) in enumerate(zip(shown, self.decision_parts(len(shown), 0)["cards"], strict=True)):
            pos = (rect[0] + BIG[0] / 2, rect[1] + BIG[1] / 2)
            out[("ev", card)] = (pos, 0.0, BIG, self.evidence_face(card, BIG), self.back_face(BIG), True, 60 + k,
                                 self.decision_card_tip(card), False)
        me = self.viewer
        if me is not None and obs.hands[me] is not None:
            hand = obs.hands[me]
            places = fan((OWN_X, OWN_Y), len(hand), OWN_SPACING, 8, 1.2)
            for k, (token, (x, y, angle)) in enumerate(zip(self.own_tokens, places, strict=False)):
                out[("own", token)] = ((x, y), angle, CARD, self.back_face(), self.back_face(), False, 40 + k,
                                       self._own_tip(k), bool(legal))
        return out
