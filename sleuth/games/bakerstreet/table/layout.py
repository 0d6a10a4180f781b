"""Where everything lies on the Bakerstreet table: card sizes, the ring of evidence stacks, the two
seat bands (viewer at the bottom, opponent at the top) and the side panel.

The table has the full 1280-px width (the move log is a drawer over its right edge). Each seat's
band runs across the top or the bottom: unused deck, used pile and hand on the left, then the name
plate with that seat's evidence letters. Between the bands the ring of five stacks fills the left
and the side panel (bidding, disputes, evaluations, the letter picker) the right. The ring is a
flattened pentagon (an ellipse, stacks at ``RING_ANGLES``) so five stacks with readable cards fit
the height between the bands.

Pure geometry in the table's logical coordinates; ``Layout`` answers for one seating, and
``TableLayout``, mixed into ``BakerstreetTable`` (table/__init__.py), asks it for the table's seating:
who sits where, and where each stack, pile, deck, hand and letter row lies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sleuth.ui.canvas import Rect

CARD = (76, 106)  # a detective card
GHOST = CARD  # a counted card drawn in the panel after it went on to the used pile (no jump in size)
EV = (62, 86)  # an evidence card
STACK = (184, 160)  # one evidence stack with its detective pile (the drop area)
CENTRE = (303, 402)  # the ring's centre
RING = (230, 133)  # the ring's radii (x, y)
#: where the stacks sit on the ring, clockwise from the top (degrees from "up"): a flattened
#: pentagon, so the stacks clear each other within the height between the two bands
RING_ANGLES = (0.0, 58.0, 138.0, 222.0, 302.0)
PANEL = (604, 160, 662, 422)
PANEL_PAD = 18
PANEL_SPLIT = 300  # width of the panel's left column (the controls); the right one has the facts
LEFT_X = PANEL[0] + PANEL_PAD  # the panel's left column
RIGHT_X = LEFT_X + PANEL_SPLIT + 20  # the panel's right column
RIGHT_W = PANEL[0] + PANEL[2] - PANEL_PAD - RIGHT_X
TILE = (80, 100)  # a letter in the letter picker; four to a row in the left column
BID_ROW_UP = 162
GUIDE_H = 96  # the turn's guide across the panel's foot  # the bid stepper row starts this far above the panel's bottom edge
TOP_Y = 107  # card centre of the top (opponent) band
BOTTOM_Y = 661  # card centre of the bottom (viewer) band
DECK_X, USED_X, HAND_X = 56, 140, 326
HAND_STEP = 84
PLATE_X, PLATE_W = 470, 300  # each seat's name plate, right of its hand
LETTERS_X = 470  # the row of evidence letters under the plate
LETTERS_END = 1266
LETTER_H = 44
FAN_MAX = 26  # how far the memory-aid fan of covered cards may reach below the top card


def letter_tile_width(letters: int) -> float:
    """The width of one letter's tile (gap included) in a row of ``letters`` from LETTERS_X."""
    return min(39.0, (LETTERS_END - LETTERS_X) / max(1, letters))


def plate_y(bottom: bool) -> float:
    """The top of a seat's name plate: beside the top of its cards (bottom seat: above its letters)."""
    return BOTTOM_Y - CARD[1] / 2 - 22 if bottom else TOP_Y - CARD[1] / 2


def letters_y(bottom: bool) -> float:
    """The centre line of a seat's row of letters (own letters as tiles, another's as card backs)."""
    return BOTTOM_Y if bottom else TOP_Y + 8


def ring_point(angle: float, shrink: float = 0.0) -> tuple[float, float]:
    """The point of the ring at ``angle`` degrees clockwise from the top (``shrink``: radii less)."""
    a = math.radians(angle)
    return (CENTRE[0] + (RING[0] - shrink) * math.sin(a), CENTRE[1] - (RING[1] - shrink) * math.cos(a))


def ring_angle(i: int, stacks: int) -> float:
    """The angle of stack ``i`` (five stacks: RING_ANGLES; any other number: evenly spaced)."""
    if stacks == len(RING_ANGLES):
        return RING_ANGLES[i]
    return i * 360.0 / max(1, stacks)


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
        return ring_point(ring_angle(i, self.stacks))

    def evidence_pos(self, i: int) -> tuple[float, float]:
        x, y = self.stack_centre(i)
        return (x - 46, y - 8)

    def pile_pos(self, i: int) -> tuple[float, float]:
        x, y = self.stack_centre(i)
        return (x + 44, y - 22)

    def stack_rect(self, i: int) -> Rect:
        x, y = self.stack_centre(i)
        return (x - STACK[0] / 2, y - STACK[1] / 2, STACK[0], STACK[1])

    def deck_pos(self, seat: int) -> tuple[float, float]:
        return (DECK_X, self.band_y(seat))

    def used_pos(self, seat: int, depth: int = 0) -> tuple[float, float]:
        d = min(depth, 6) * 0.5
        return (USED_X - d * 0.3, self.band_y(seat) - d)

    def hand_pos(self, seat: int, index: int, count: int) -> tuple[float, float]:
        return (HAND_X + (index - (count - 1) / 2) * HAND_STEP, self.band_y(seat))

    def tray_row(self, seat: int) -> float:
        """The centre line of a seat's row of counted cards in the panel: the bottom seat's lower."""
        x, y, w, h = PANEL
        return y + (206 if seat == self.bottom else 96)

    def tray_pos(self, owner: int, index: int, count: int) -> tuple[float, float]:
        """Where the ``index``-th counted card of ``owner`` lies in the side panel during an evaluation."""
        x, y, w, h = PANEL
        left = x + PANEL_PAD + 190 + CARD[0] / 2
        room = x + w - PANEL_PAD - CARD[0] / 2 - left
        step = min(CARD[0] + 8.0, room / max(1, count - 1))
        return (left + index * step, self.tray_row(owner))

    def letters_pos(self, seat: int) -> tuple[float, float]:
        return (LETTERS_X + 40, letters_y(seat == self.bottom))

    def covered_pos(self, stack: int, depth: int, count: int) -> tuple[float, float]:
        """Where the card ``depth`` below the top lies (the fan is the memory aid; else squared)."""
        x, y = self.pile_pos(stack)
        if not self.fan or depth == 0:
            return (x, y)
        step = min(13.0, FAN_MAX / max(1, count - 1))
        return (x + depth * 1.0, y + depth * step)


class TableLayout:
    """Who sits where on the table: the viewer at the bottom (seat 0 in the public view)."""

    @property
    def bottom(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def layout(self) -> Layout:
        return Layout(self.bottom, self.model.stacks, self.scene.app.settings.show_covered_cards)

    @property
    def everything(self) -> bool:
        """Whether the table shows a replay's "everything revealed" eyes (both hands, all letters)."""
        return self.obs is not None and self.obs.everything

    def sees(self, seat: int) -> bool:
        """Whether ``seat``'s hidden cards (hand, letters) show face up on this table."""
        return seat == self.viewer or self.everything

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
