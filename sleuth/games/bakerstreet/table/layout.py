"""Where everything lies on the Bakerstreet table: card sizes, the ring of evidence stacks, the two
seat bands (viewer at the bottom, opponent at the top) and the side panel.

Pure geometry in the table's logical coordinates; ``Layout`` answers for one seating, and
``TableLayout``, mixed into ``BakerstreetTable`` (table/__init__.py), asks it for the table's seating:
who sits where, and where each stack, pile, deck, hand and letter row lies.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.ui.canvas import Rect
from sleuth.ui.zones import ring

CARD = (60, 86)
GHOST = (40, 56)
EV = (50, 70)
CENTRE = (268, 376)
RADIUS = 138
PANEL = (520, 172, 478, 396)
BID_ROW_UP = 118  # the bid row (- value +) starts this far above the panel's bottom edge
TOP_Y = 124  # card centre of the top (opponent) band
BOTTOM_Y = 660  # card centre of the bottom (viewer) band
DECK_X, USED_X, HAND_X = 48, 122, 300
HAND_STEP = 72
LETTERS_X = 430
FAN_MAX = 40  # how far the memory-aid fan of covered cards may reach below the top card


def letter_tile_width(letters: int) -> float:
    """The width of one letter's tile (gap included) in a row of ``letters`` from LETTERS_X."""
    return min(27.0, (1000 - LETTERS_X) / max(1, letters))


@dataclass(frozen=True)
class Layout:
    """The table for one seating: seat ``bottom`` sits at the bottom, ``stacks`` evidence stacks lie in a
    ring, and ``fan`` (the memory aid) spreads each pile's covered cards out below its top card."""

    bottom: int = 0
    stacks: int = 5
    fan: bool = False

    def band_y(self, seat: int) -> float:
        return BOTTOM_Y if seat == self.bottom else TOP_Y

    def stack_centre(self, i: int) -> tuple[float, float]:
        return ring(CENTRE, RADIUS, self.stacks)[i]

    def evidence_pos(self, i: int) -> tuple[float, float]:
        x, y = self.stack_centre(i)
        return (x - 34, y)

    def pile_pos(self, i: int) -> tuple[float, float]:
        x, y = self.stack_centre(i)
        return (x + 36, y - 8)

    def stack_rect(self, i: int) -> Rect:
        x, y = self.stack_centre(i)
        return (x - 66, y - 58, 140, 118)

    def deck_pos(self, seat: int) -> tuple[float, float]:
        return (DECK_X, self.band_y(seat))

    def used_pos(self, seat: int, depth: int = 0) -> tuple[float, float]:
        d = min(depth, 6) * 0.5
        return (USED_X - d * 0.3, self.band_y(seat) - d)

    def hand_pos(self, seat: int, index: int, count: int) -> tuple[float, float]:
        return (HAND_X + (index - (count - 1) / 2) * HAND_STEP, self.band_y(seat))

    def panel_column(self, seat: int) -> float:
        """The x of a seat's column in the side panel: the bottom seat's on the left."""
        x, y, w, h = PANEL
        return x + w * (0.27 if seat == self.bottom else 0.73)

    def tray_pos(self, owner: int, index: int, count: int) -> tuple[float, float]:
        """Where the ``index``-th counted card of ``owner`` lies in the side panel during an evaluation."""
        x, y, w, h = PANEL
        step = min(22.0, (h - 260) / max(1, count - 1))
        return (self.panel_column(owner), y + 112 + index * step)

    def letters_pos(self, seat: int) -> tuple[float, float]:
        return (LETTERS_X + 40, self.band_y(seat))

    def covered_pos(self, stack: int, depth: int, count: int) -> tuple[float, float]:
        """Where the card ``depth`` below the top lies (the fan is the memory aid; else squared)."""
        x, y = self.pile_pos(stack)
        if not self.fan or depth == 0:
            return (x, y)
        step = min(12.0, FAN_MAX / max(1, count - 1))
        return (x + depth * 1.0, y + depth * step)


class TableLayout:
    """Who sits where on the table: the viewer at the bottom (seat 0 in the public view)."""

    @property
    def bottom(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def layout(self) -> Layout:
        return Layout(self.bottom, self.model.stacks, self.scene.app.settings.show_covered_cards)

    def band_y(self, seat: int) -> float:
        return self.layout.band_y(seat)

    def name(self, seat: int) -> str:
        return self.scene.seat_names[seat]

    def evidence_pos(self, i: int) -> tuple[float, float]:
        return self.layout.evidence_pos(i)

    def pile_pos(self, i: int) -> tuple[float, float]:
        return self.layout.pile_pos(i)

    def stack_rect(self, i: int) -> Rect:
        return self.layout.stack_rect(i)

    def deck_pos(self, seat: int) -> tuple[float, float]:
        return self.layout.deck_pos(seat)

    def used_pos(self, seat: int, depth: int = 0) -> tuple[float, float]:
        return self.layout.used_pos(seat, depth)

    def hand_pos(self, seat: int, index: int, count: int) -> tuple[float, float]:
        return self.layout.hand_pos(seat, index, count)

    def letters_pos(self, seat: int) -> tuple[float, float]:
        return self.layout.letters_pos(seat)

    def covered_pos(self, stack: int, depth: int, count: int) -> tuple[float, float]:
        """Where the card ``depth`` below the top lies (the fan is the memory aid; else squared)."""
        return self.layout.covered_pos(stack, depth, count)
