"""Where things are on the Beyond Baker Street table, by name and by move: the regions a guided
first game points at (``REGIONS``, ``region``) and the spots a move happens at (``action_marks``:
the card lifted, the lead or the Impossible it goes to), which the coach makes glow.

Every rectangle comes from the layout (layout.py) for the observation shown now, in logical
coordinates, and from nothing the viewer may not see: an Assist aimed at the viewer marks their
name plate, never which of their own cards it would point at.

``TablePlaces`` is mixed into ``BBSTable`` (table/__init__.py) and works on its state (``obs``,
``viewer``, ``cards``) with ``TableLayout``'s geometry.
"""

from __future__ import annotations

from sleuth.core.values import Action
from sleuth.games.beyond_baker_street import characters as C
from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.table.layout import (
    BAR,
    CARD,
    CHAR_RECT,
    DECK_CARD,
    DECK_LABEL,
    DECK_POS,
    HOLMES_TRACK,
    IMPOSSIBLE,
    INVESTIGATION_TRACK,
    OTHERS_Y,
    OWN_PLATE,
    PLATE_TOP,
    face_up_hand,
)
from sleuth.ui.canvas import Rect
from sleuth.ui.zones import union_rect

#: the lead sections by the names printed on the board (the card data's section ids)
SECTIONS = ("opportunity", "motive", "suspect")


def centred(pos: tuple[float, float], size: tuple[float, float]) -> Rect:
    return (pos[0] - size[0] / 2, pos[1] - size[1] / 2, size[0], size[1])


class TablePlaces:
    """Named regions and the marks of a move."""

    #: what a tutorial step may point at: both tracks or one, the lead sections (all, or one by
    #: its name), the Impossible, the deck, the viewer's own hand, the partners' hands, the action
    #: bar (where the Assist buttons appear) and the viewer's character card
    REGIONS = ("tracks", "holmes", "investigation", "leads", *SECTIONS, "impossible", "deck", "hand", "partners",
               "bar", "character")

    def reading_areas(self) -> list[Rect]:
        """The two tracks: where Holmes and the Investigation stand is read off their marks (a
        lesson's note lay over Holmes on 14); and the deck, a picture with no words on it (the
        hint's note, clear of the leads and the Impossible, lay over its card)."""
        deck = self.region("deck")
        return [HOLMES_TRACK, INVESTIGATION_TRACK] + ([deck] if deck is not None else [])

    def region(self, name: str) -> Rect | None:
        if self.obs is None:
            return None
        if name == "tracks":
            return union_rect([HOLMES_TRACK, INVESTIGATION_TRACK])
        if name == "holmes":
            return HOLMES_TRACK
        if name == "investigation":
            return INVESTIGATION_TRACK
        if name == "leads":
            return union_rect([self.section_area(i) for i in range(len(self.obs.sections))])
        if name in SECTIONS:
            index = self._section_index(name)
            return self.section_area(index) if index is not None else None
        if name == "impossible":
            return IMPOSSIBLE
        if name == "deck":
            x, _ = DECK_POS
            card = centred(DECK_POS, DECK_CARD)
            return union_rect([card, (x - DECK_CARD[0] / 2, DECK_LABEL[1], DECK_CARD[0], 38)])
        if name == "hand":
            hand = self._own_hand()
            cards = [self._own_card(slot) for slot in range(len(hand))]
            return union_rect([OWN_PLATE, *cards])
        if name == "partners":
            partners = self.visible_partners()
            if not partners:
                return None
            plates = [self.other_plate(k, len(partners)) for k in range(len(partners))]
            return union_rect([*plates, (plates[0][0], PLATE_TOP, plates[0][2], OTHERS_Y + CARD[1] / 2 - PLATE_TOP)])
        if name == "bar":
            return BAR
        if name == "character":
            return CHAR_RECT if self.viewer_character() is not None else None
        return None

    def marks_move(self, action: Action) -> bool:
        """An Assist's marks are the cards it points at and their holder: nothing is moved."""
        return not isinstance(action, R.Assist)

    def action_marks(self, action: Action) -> list[Rect]:
        a = action
        if self.obs is None:
            return []
        if isinstance(a, R.Investigate):
            return self._marks(self._own_card(a.slot), self._lead_rect(a.section))
        if isinstance(a, R.Eliminate):
            return self._marks(self._own_card(a.slot), IMPOSSIBLE)
        if isinstance(a, R.Confirm):
            index = self._section_index(a.section)
            return self._marks(self._lead_rect(a.section),
                               self.section_parts(index)["confirm"] if index is not None else None)
        if isinstance(a, R.Pursue):
            return self._marks(self._lead_rect(a.section), IMPOSSIBLE)
        if isinstance(a, R.Assist):
            cards = [self._partner_card(a.target, c) for c in self._pointed(a)]
            return [r for r in cards if r is not None] + self._marks(self._plate(a.target))
        if isinstance(a, C.SwapHands):
            theirs = self.obs.hands[a.target]
            card = theirs[a.target_slot] if face_up_hand(theirs) and a.target_slot < len(theirs) else None
            target = self._partner_card(a.target, card) if card is not None else self._plate(a.target)
            return self._marks(self._own_card(a.slot), target)
        if isinstance(a, C.SwapEvidence):
            return self._marks(self._lead_rect(a.section), IMPOSSIBLE)
        if isinstance(a, C.ReturnEvidence):
            return self._marks(IMPOSSIBLE, self.region("deck"))
        if isinstance(a, (C.PlacePeeked, C.ChooseKeep)):
            shown = self.decision_parts(len(self._decision_cards(self.obs)))["cards"]
            if isinstance(a, C.ChooseKeep):
                keys = [self.cards.card_key(c) for c in self._decision_cards(self.obs)]
                shown = [r for r, k in zip(shown, keys, strict=False) if k == a.card]
            return self._marks(*shown[:1], self.region("deck") if isinstance(a, C.PlacePeeked) else None)
        if isinstance(a, (C.RallyHolmes, C.Peek)):
            return self._marks(CHAR_RECT, HOLMES_TRACK if isinstance(a, C.RallyHolmes) else self.region("deck"))
        return []

    # -- pieces -------------------------------------------------------------------------------
    @staticmethod
    def _marks(*rects) -> list[Rect]:
        return [tuple(r) for r in rects if r is not None]

    def _section_index(self, section: str) -> int | None:
        return next((i for i, sec in enumerate(self.obs.sections) if sec.id == section), None)

    def _lead_rect(self, section: str) -> Rect | None:
        index = self._section_index(section)
        return self.section_parts(index)["lead"] if index is not None else None

    def _own_hand(self) -> tuple:
        if self.viewer is None or self.obs.hands[self.viewer] is None:
            return ()
        return self.obs.hands[self.viewer]

    def _own_card(self, slot: int) -> Rect | None:
        """The viewer's own (face-down) card in ``slot``, where the layout fans it."""
        hand = self._own_hand()
        if not 0 <= slot < len(hand):
            return None
        x, y, _ = self._own_places(len(hand))[slot]
        return centred((x, y), CARD)

    def _plate(self, seat: int) -> Rect | None:
        return next((rect for s, rect in self.plates() if s == seat), None)

    def _pointed(self, a: R.Assist) -> list[int]:
        """The cards an Assist points at, when the viewer may see that hand (never their own)."""
        hand = self.obs.hands[a.target]
        if a.target == self.viewer or not face_up_hand(hand):
            return []
        return [c for c in hand if self._matches(c, a)]

    def _partner_card(self, seat: int, card: int) -> Rect | None:
        partners = self.visible_partners()
        if seat not in partners:
            return None
        position = partners.index(seat)
        hand = self.obs.hands[seat]
        places = self.partner_places(position, len(partners), len(hand))
        return centred(places[hand.index(card)], CARD) if card in hand else None
