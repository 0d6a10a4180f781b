"""Where things are on the Bakerstreet table, by name and by move: the regions a guided first game
points at (``look_at`` in ``data/tutorials/bakerstreet.yaml``) and the marks the coach lights up
for a move (the card or control first, then where it goes).

``TableRegions`` is mixed into ``BakerstreetTable`` (table/__init__.py). The rectangles come from
the layout (``layout.py``) and from the same geometry the panel and its buttons use (``input.py``,
``panels.py``), in the table's logical coordinates. The viewer's own band is at the bottom.
"""

from __future__ import annotations

from sleuth.core.values import Action
from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.table.layout import (
    BID_ROW_UP,
    BOTTOM_Y,
    CARD,
    DECK_X,
    GUIDE_H,
    HAND_STEP,
    HAND_X,
    LEFT_X,
    LETTER_H,
    LETTERS_END,
    LETTERS_X,
    PANEL,
    PANEL_PAD,
    PANEL_SPLIT,
    PLATE_X,
    RIGHT_W,
    RIGHT_X,
    TILE,
    TOP_Y,
    USED_X,
    letter_tile_width,
    letters_y,
    plate_y,
)
from sleuth.ui.canvas import Rect
from sleuth.ui.zones import union_rect

#: Room around a card or a row of cards when it is outlined.
PAD = 6


def _around(centre: tuple[float, float], size: tuple[float, float], pad: float = PAD) -> Rect:
    x, y = centre
    w, h = size
    return (x - w / 2 - pad, y - h / 2 - pad, w + 2 * pad, h + 2 * pad)


def _hand_row(y: float) -> Rect:
    """Three hand cards side by side around HAND_X."""
    return (HAND_X - HAND_STEP - CARD[0] / 2 - PAD, y - CARD[1] / 2 - PAD, 2 * HAND_STEP + CARD[0] + 2 * PAD,
            CARD[1] + 2 * PAD)


def bid_control_rect() -> Rect:
    """The stepper, the quick amounts and the Bid button (input.py builds them here)."""
    x, y, w, h = PANEL
    by = y + h - BID_ROW_UP
    return (LEFT_X - PAD, by - 28, PANEL_SPLIT + 2 * PAD, 146 + 28 + PAD)


def bid_amount_rect() -> Rect:
    """The stepper: minus, the amount, plus."""
    x, y, w, h = PANEL
    return (LEFT_X, y + h - BID_ROW_UP, 186, 46)


def bid_button_rect() -> Rect:
    x, y, w, h = PANEL
    return (LEFT_X, y + h - BID_ROW_UP + 100, PANEL_SPLIT, 46)


def dispute_button_rect() -> Rect:
    x, y, w, h = PANEL
    return (LEFT_X, y + h - PANEL_PAD - GUIDE_H - 12 - 46, PANEL_SPLIT, 46)


def letter_slot_rect(index: int, letters: int) -> Rect:
    """The viewer's own row of letters: the slot of the ``index``-th letter (paint.py draws it)."""
    tile_w = letter_tile_width(letters)
    return (LETTERS_X + index * tile_w, letters_y(True) - LETTER_H / 2, tile_w - 3, LETTER_H)


def tile_rect(index: int) -> Rect:
    """The letter picker's ``index``-th tile (four to a row, as input.py lays them out)."""
    x, y, w, h = PANEL
    col, row = index % 4, index // 4
    return (LEFT_X + col * (TILE[0] + 10), y + 102 + row * (TILE[1] + 10), TILE[0], TILE[1])


class TableRegions:
    """Named regions (``REGIONS``/``region``) and a move's marks (``action_marks``)."""

    #: what a tutorial may point at: the viewer's hand, deck, used pile and letters; the opponent's
    #: band, hand and letters; the ring of stacks and each stack; the side panel and its parts
    REGIONS = (
        "hand", "deck", "used", "letters", "opponent", "opponent-hand", "opponent-letters",
        "stacks", "stack-1", "stack-2", "stack-3", "stack-4", "stack-5",
        "panel", "bidding", "hand-total", "bid", "dispute", "guide", "picker", "count",
    )

    def reading_areas(self) -> list[Rect]:
        """Both rows of evidence letters: a run is read off the tiles (the lesson's closing
        notice lay over the player's letters)."""
        return [self.region("letters"), self.region("opponent-letters")]

    def frames(self) -> list[Rect]:
        """The side panel: a notice lies in it or over the table beside it (the notice "You have
        played this turn's card" had stood across its left edge)."""
        return [PANEL]

    def region(self, name: str) -> Rect | None:
        x, y, w, h = PANEL
        fixed: dict[str, Rect] = {
            "hand": _hand_row(BOTTOM_Y),
            "opponent-hand": _hand_row(TOP_Y),
            "deck": _around((DECK_X, BOTTOM_Y), CARD),
            "used": _around((USED_X, BOTTOM_Y), CARD),
            "letters": (PLATE_X - PAD, plate_y(True) - PAD, LETTERS_END - PLATE_X + 2 * PAD, 124 + 2 * PAD),
            "opponent-letters": (PLATE_X - PAD, plate_y(False) - PAD, LETTERS_END - PLATE_X + 2 * PAD, 100 + 2 * PAD),
            "opponent": (DECK_X - CARD[0] / 2 - PAD, TOP_Y - CARD[1] / 2 - PAD,
                         LETTERS_END - DECK_X + CARD[0] / 2 + 2 * PAD, CARD[1] + 2 * PAD),
            "panel": PANEL,
            "bidding": (LEFT_X - PAD, y + 42, PANEL_SPLIT + 2 * PAD, 118),
            "hand-total": (RIGHT_X - PAD, y + 42, RIGHT_W + 2 * PAD, 84),
            "bid": bid_control_rect(),
            "dispute": dispute_button_rect(),
            "guide": (LEFT_X - 6, y + h - PANEL_PAD - GUIDE_H, w - 2 * PANEL_PAD + 12, GUIDE_H),
            "picker": (LEFT_X - PAD, y + 96, 4 * (TILE[0] + 10) + 2 * PAD, 2 * (TILE[1] + 10) + 2 * PAD),
            "count": (x + PANEL_PAD + 180, y + 40, w - 2 * PANEL_PAD - 180, 220),
        }
        if name in fixed:
            return fixed[name]
        stacks = self.model.stacks
        if name == "stacks":
            return union_rect([self.stack_rect(i) for i in range(stacks)])
        if name.startswith("stack-") and name[6:].isdigit() and 1 <= int(name[6:]) <= stacks:
            return self.stack_rect(int(name[6:]) - 1)
        return None

    def action_marks(self, action: Action) -> list[Rect]:
        """The card or control first, then the target: a hand card and its stack, the amount and the
        Bid button, the Dispute button and the bid it answers, a stack, a letter's tile in the picker
        and its place in the viewer's row of letters."""
        if isinstance(action, R.Play):
            marks = []
            card = self._hand_card_rect(action.value, action.symbol)
            if card is not None:
                marks.append(card)
            return marks + [self.stack_rect(action.stack)]
        if isinstance(action, R.Bid):
            return [bid_amount_rect(), bid_button_rect()]
        if isinstance(action, R.Dispute):
            return [dispute_button_rect(), self.region("bidding")]
        if isinstance(action, R.Choose):
            return [self.stack_rect(action.stack)]
        if isinstance(action, R.Take):
            obs = self.obs
            looking = list(obs.looking or ()) if obs is not None else []
            marks = [tile_rect(looking.index(action.letter))] if action.letter in looking else []
            alphabet = list(obs.alphabet) if obs is not None else []
            if action.letter in alphabet:
                return marks + [letter_slot_rect(alphabet.index(action.letter), len(alphabet))]
            return marks + [self.region("letters")]
        return []

    def _hand_card_rect(self, value: int, symbol: str) -> Rect | None:
        """Where the viewer's hand card of this value and symbol lies (None: not in the viewer's hand)."""
        me = self.viewer
        if me is None:
            return None
        for tok in self.model.hands[me]:
            if tok.value == value and (tok.symbol or "none") == symbol:
                sprite = self.board.sprite(("det", tok.id))
                centre = sprite.pos if sprite is not None else self.hand_pos(me, self.model.hands[me].index(tok),
                                                                          len(self.model.hands[me]))
                return _around(centre, CARD)
        return None
