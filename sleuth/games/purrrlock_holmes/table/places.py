"""Where things are on the Purrrlock Holmes table, by name and by move: the regions a guided first
game points at (``REGIONS``, ``region``) and the marks the coach puts on a move (``action_marks``:
first what is chosen, then where it goes).

Every rectangle is in the table's logical coordinates and comes from the same geometry the
table draws with (layout.py, notes.py), so a highlight always sits on what it names. The home
seat (the viewer's, at the bottom) is the one "your" regions refer to.

``TablePlaces`` is mixed into ``PurrrlockTable`` (table/__init__.py)."""

from __future__ import annotations

from sleuth.core.values import Action
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.layout import (
    BUTTON_W,
    BUTTON_X,
    BUTTON_Y,
    DECK_BOX,
    GRID,
    GRID_LABEL_W,
    GRID_ROW,
    GRID_TOP,
    GUESS_Y,
    HAND_CENTRE,
    HAND_ROOM,
    HEADER_H,
    HINT_BOX,
    OWN_DEAD,
    OWN_LEADS,
    OWN_SOLVED,
    OWN_STAND,
    TRAIL_BAND,
)
from sleuth.games.purrrlock_holmes.table.paint import CARD
from sleuth.ui.zones import union_rect

Rect = tuple[float, float, float, float]

#: what each region is, for a tutorial writer
REGION_MEANINGS = {
    "trail": "Furriarty's trail: the paw print tokens, collected from the left",
    "furriarty": "the Furriarty token on the trail",
    "deck": "the clue deck and the discard pile",
    "others": "the other inspectors' places (their stands, Leads, Dead Ends and hands)",
    "next_player": "the place of the player your cards are passed to",
    "stand": "your card stand: your own Investigation, face down to you",
    "leads": "your Leads (left of your stand)",
    "dead_ends": "your Dead Ends (right of your stand)",
    "solved": "your completed Investigations and their tokens",
    "hand": "your hand",
    "notes": "your deduction notes: the suspects by the hours",
    "guess": "the Guess button under the notes",
    "paws": "the Paws button under the notes",
    "pass": "the button that reveals your second card or passes your cards and ends the turn",
    "hint": "the box that repeats this turn's answers",
}


def _grow(rect: Rect, by: float) -> Rect:
    x, y, w, h = rect
    return (x - by, y - by, w + 2 * by, h + 2 * by)


class TablePlaces:
    """Named regions and the rectangles of a move."""

    REGIONS: tuple[str, ...] = tuple(REGION_MEANINGS)

    # -- regions -----------------------------------------------------------------------------
    def reading_areas(self) -> list[Rect]:
        """The notes grid: its crosses and dots are what a player reads most (a lesson's note lay
        over them, counted as empty felt)."""
        return [GRID]

    def region(self, name: str) -> Rect | None:
        fixed = {
            "trail": TRAIL_BAND, "deck": DECK_BOX, "leads": OWN_LEADS, "dead_ends": OWN_DEAD,
            "solved": OWN_SOLVED, "notes": GRID, "guess": self._guess_button(False),
            "paws": self._guess_button(True), "pass": (BUTTON_X, BUTTON_Y, BUTTON_W, 38), "hint": HINT_BOX,
            "stand": self._stand_rect(),
            "hand": (HAND_CENTRE[0] - HAND_ROOM / 2, HAND_CENTRE[1] - CARD[1] / 2, HAND_ROOM, CARD[1]),
        }
        if name in fixed:
            return fixed[name]
        if self.obs is None:
            return None
        if name == "furriarty":
            return self._placed_rect(("furr",)) if self.obs.caught_furriarty is None else None
        if name == "others":
            return union_rect([self.panel_rect(seat) for seat in self.others()])
        if name == "next_player":
            others = self.others()
            return self.panel_rect(others[0]) if others else None
        return None

    # -- a move's marks ----------------------------------------------------------------------
    def action_marks(self, action: Action) -> list[Rect]:
        """Investigate: the first card, your stand, then the second card; Guess or Paws: the
        notes cell, name or hour that picks it, then its button; End turn: the cards you pass,
        then the next player's place (or the pass button when your hand is empty)."""
        if self.obs is None:
            return []
        if isinstance(action, R.Investigate):
            cards = [action.card, *action.then]
            left = [card for card in cards if card not in self.chosen]  # those not on the stand yet
            if len(left) < len(cards) and left:  # half made: the next card, then the stand
                marks = [self._placed_rect(("card", left[0])), self._stand_rect()]
            else:
                marks = [self._placed_rect(("card", action.card)), self._stand_rect()]
                marks += [self._placed_rect(("card", card)) for card in action.then]
            return [m for m in marks if m is not None]
        if isinstance(action, R.Guess):
            return [self._pick_rect(action.suspect, action.hour), self._guess_button(action.paws)]
        if isinstance(action, R.EndTurn):
            hand = [self._placed_rect(("card", card)) for card in self.obs.hand or ()]
            held = union_rect([r for r in hand if r is not None])
            others = self.others()
            if held is None or not others:
                return [(BUTTON_X, BUTTON_Y, BUTTON_W, 38)]
            return [held, self.panel_rect(others[0])]
        return []

    def _placed_rect(self, key) -> Rect | None:
        """Where the sprite ``key`` sits in the current layout (None when it is not on the table)."""
        placed = self._placements.get(key)
        if placed is None:
            return None
        (cx, cy), _angle, (w, h) = placed[0], placed[1], placed[2]
        return (cx - w / 2, cy - h / 2, w, h)

    def _stand_rect(self) -> Rect:
        w, h = CARD
        return _grow((OWN_STAND[0] - w / 2, OWN_STAND[1] - h / 2, w, h), 4)

    @staticmethod
    def _guess_button(paws: bool) -> Rect:
        gx, _gy, gw, _gh = GRID
        half = (gw - 8) / 2
        return (gx + half + 8, GUESS_Y, half, 34) if paws else (gx, GUESS_Y, half, 34)

    def _pick_rect(self, suspect: int | None, hour: int | None) -> Rect:
        """The notes cell (both details), suspect's name or hour that picks this guess."""
        if suspect is not None and hour is not None:
            return self.cell_rect(suspect, hour)
        if suspect is not None:
            return (GRID[0] + 4, GRID_TOP + suspect * GRID_ROW, GRID_LABEL_W - 2, GRID_ROW)
        x, _y, w, _h = self.cell_rect(0, hour)
        return (x, GRID_TOP - HEADER_H, w, HEADER_H)
