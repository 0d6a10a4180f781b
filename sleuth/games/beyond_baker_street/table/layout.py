"""Where things sit on the Beyond Baker Street table: the fixed geometry (card sizes, lead columns,
the Impossible, the deck, the viewer's hand and character card, the partners' hand bands) and
the placement of every sprite for the current observation (position, angle, size, faces, layer,
tooltip and whether it may be dragged).

``TableLayout`` is mixed into ``BBSTable`` (table/__init__.py) and works on its state (``obs``,
``cards``, ``scene``, ``viewer``, ``own_tokens``); the faces come from ``TablePaint`` (paint.py)
and the tooltips from ``TableWording`` (words.py)."""

from __future__ import annotations

from sleuth.games.beyond_baker_street import rules as R
from sleuth.ui.zones import fan

CARD = (58, 82)
SMALL = (46, 64)
LEAD = (80, 112)
SECTION_X = (70, 250, 430)  # left edges of the three lead columns (inside the table area)
LEAD_Y = 200  # centre of the lead cards
IMPOSSIBLE = (620, 140, 370, 170)
DECK_POS = (680, 390)
OWN_Y = 648
OWN_X = 530  # centre of the viewer's own hand
OTHERS_Y = 500
CHAR_RECT = (20, 600, 220, 112)  # the viewer's character card, bottom left


def face_up_hand(hand) -> bool:
    """A hand this seat may see (the observation masks a hidden hand's cards as None)."""
    return hand is not None and all(card is not None for card in hand)


class TableLayout:
    """Geometry and sprite placement."""

    # -- geometry ---------------------------------------------------------------------------
    def section_centre(self, index: int) -> tuple[float, float]:
        return (SECTION_X[index] + LEAD[0] / 2, LEAD_Y)

    def section_area(self, index: int) -> tuple[float, float, float, float]:
        return (SECTION_X[index] - 14, 126, LEAD[0] + 92, 310)

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

    def _own_slot_pos(self, slot: int) -> tuple[float, float]:
        hand = self.obs.hands[self.viewer] if self.viewer is not None else None
        count = len(hand or ()) + 1
        places = fan((OWN_X, OWN_Y), count, CARD[0] + 14, 8, 1.2)
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
            for k, card in enumerate(sec.cards):
                out[("ev", card)] = ((cx, cy + 84 + k * 22), 0.0, SMALL, self.evidence_face(card, SMALL),
                                     self.back_face(SMALL), True, 4 + k, "Matching evidence on this lead", False)
            for k, card in enumerate(sec.mismatched):
                out[("ev", card)] = ((cx + 60, cy - 4 + k * 22), 0.0, SMALL, self.evidence_face(card, SMALL),
                                     self.back_face(SMALL), True, 4 + k,
                                     "A mismatched card: its number raises the lead's value", False)
        ix, iy, iw, ih = IMPOSSIBLE
        for k, card in enumerate(obs.impossible):
            pos = (ix + 34 + (k % 9) * 37, iy + 68 + (k // 9) * 40)
            out[("ev", card)] = (pos, 0.0, SMALL, self.evidence_face(card, SMALL), self.back_face(SMALL), True, 10 + k,
                                 "Eliminated evidence", False)
        for k, lead in enumerate(obs.dead_leads):
            pos = (ix + iw - 40 - k * 14, iy + ih - 44)
            out[("lead", lead)] = (pos, 8.0 - k * 3, LEAD, self.lead_face(lead), self.lead_back(), False, 20 + k,
                                   "A dead lead (face down in the Impossible)", False)
        others = self.seat_slots()
        visible_others = [s for s in others if face_up_hand(obs.hands[s])]
        for position, seat in enumerate(visible_others):
            left, cy, width = self.other_hand_origin(position, len(visible_others))
            hand = obs.hands[seat]
            spacing = min(CARD[0] + 6, (width - 40) / max(1, len(hand)))
            for k, card in enumerate(hand):
                x = left + 20 + CARD[0] / 2 + k * spacing
                out[("ev", card)] = ((x, cy + 14), 0.0, CARD, self.evidence_face(card), self.back_face(), True, 30 + k,
                                     self._partner_card_tip(seat, card), False)
        me = self.viewer
        if me is not None and obs.hands[me] is not None:
            hand = obs.hands[me]
            places = fan((OWN_X, OWN_Y), len(hand), CARD[0] + 14, 8, 1.2)
            for k, (token, (x, y, angle)) in enumerate(zip(self.own_tokens, places, strict=False)):
                out[("own", token)] = ((x, y), angle, CARD, self.back_face(), self.back_face(), False, 40 + k,
                                       self._own_tip(k), bool(legal))
        return out
