"""The table's keyboard cursor: a ring the arrow keys move over the cards and places of a table,
so a game can be played without the mouse (Case Connection's desk, Beyond Baker Street's hands and
leads, Bakerstreet's hand and stacks).

The arrow keys move the ring to the nearest place in their direction (``spatial.nearest``), the
table's buttons among them; Enter (or Space) does what a click there would, in the game's own
words (``cursor_enter``); Backspace lets go of what the cursor carries (``cursor_cancel``). Tab
still steps through the buttons as in every menu, and the ring then steps aside (one focus at a
time); the next arrow goes on from the button the focus is on. A short tag beside the ring says
what Enter does there ("Enter: play it here"). Space does what Enter does while the ring is
shown; otherwise, held over a card, it shows the card large, as in every table.

``TableCursor`` is mixed into a game's ``TableView`` (it uses ``board``, ``widgets``, ``scene`` and
``rect``); the game names its places (``cursor_places``), what Enter does (``cursor_enter``) and
the tag (``cursor_words``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.spatial import centre, nearest
from sleuth.ui.theme import Palette
from sleuth.ui.widgets import ARROW_WAYS

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: the tag's type size and the room it takes above the ring
TAG_SIZE = 14
TAG_HEIGHT = 20


def _distance(a: Rect, b: Rect) -> float:
    """The squared distance between two rectangles' centres."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    return (ax - bx) ** 2 + (ay - by) ** 2


class TableCursor:
    """The keyboard's cursor of a table: ``cursor`` is (target, rect) or None (not shown)."""

    cursor: tuple | None = None
    #: whether Enter with no ring shown brings the cursor out (False where a bare Enter already
    #: does something: Bakerstreet's bids the amount shown)
    enter_starts_cursor = True

    # -- the game names these ------------------------------------------------------------------
    def cursor_places(self) -> list[tuple[Hashable, Rect]]:
        """Every place of the game's own the cursor may stop on now, as (target, rect); the
        table's buttons are added to them (``key_places``)."""
        return []

    def cursor_first(self, places: list[tuple[Hashable, Rect]]) -> tuple[Hashable, Rect]:
        """Where the cursor appears at the first arrow or Enter (the game's most likely move)."""
        return places[0]

    def cursor_enter(self, target: Hashable) -> None:
        """Enter on one of the game's places: what a click there does."""

    def cursor_words(self) -> str:
        """What Enter does where the cursor is, in a word or two ("Enter: pick up"); "" for no tag."""
        return "Enter: press" if self.cursor is not None and self.cursor[0][0] == "button" else ""

    def cursor_tag_at(self, rect: Rect, width: float) -> tuple[float, float]:
        """Where the tag's top left corner goes: above the ring, inside the table (a game may put
        it elsewhere where that would cover something to read)."""
        x, y, w, _ = rect
        return (min(max(x + w / 2 - width / 2, 4), self.rect[0] + self.rect[2] - 4 - width),
                max(y - TAG_HEIGHT - 6, self.rect[1] + 2))

    def cursor_cancel(self) -> bool:
        """Backspace: let go of what the cursor carries or has chosen; False when there is nothing."""
        return False

    # -- shared --------------------------------------------------------------------------------
    def cursor_ready(self) -> bool:
        """Whether the cursor has anything to do: somebody's eyes at the table."""
        return self.obs is not None and self.viewer is not None

    def key_places(self) -> list[tuple[Hashable, Rect]]:
        """Every place the cursor may stop: the table's live buttons, then the game's places."""
        if not self.cursor_ready():
            return []
        buttons = [(("button", tuple(w.rect)), tuple(w.rect)) for w in self.widgets.items
                   if w.visible and w.enabled]
        return buttons + list(self.cursor_places())

    def cursor_rect(self) -> Rect | None:
        """Where the cursor is drawn: its place now (a card that moved is followed to its new
        place). A place that is gone takes the ring with it, until the next arrow brings it back
        where the game starts it: handed to whatever lay nearest, it had landed on a lead saying
        "Enter: choose it to pursue", or on Bakerstreet's "-" button where a bare Enter was to bid."""
        if self.cursor is None:
            return None
        target = self.cursor[0]
        for t, r in self.key_places():
            if t == target:
                self.cursor = (t, r)
                return r
        self.cursor = None
        return None

    def focused_card(self):
        """The card under the keyboard's cursor (Z shows it large), when a card is what it is on."""
        rect = self.cursor_rect()
        if rect is None or self.widgets.shown_focus() is not None:
            return None
        target = self.cursor[0]
        sprite = self.board.sprite(target[1]) if target[0] == "sprite" else None
        return sprite if sprite is not None and not sprite.hidden else None

    def ring_on(self, target: Hashable) -> None:
        """Put the shown ring on ``target`` when it is one of the cursor's places now (the ring goes
        back to a card let go, or on to the one place a chosen lead may go)."""
        if self.cursor is None:
            return
        place = next((p for p in self.key_places() if p[0] == target), None)
        if place is not None:
            self.cursor = place

    def cursor_steps_aside(self) -> None:
        """Tab gave the focus to a button: the cursor and its tag go, so one thing wears the ring
        and Enter presses it (the arrows bring the cursor back, from that button)."""
        self.cursor = None

    def _ringed_button(self) -> tuple | None:
        """The button the keyboard's ring is on (the table's or the banner's), as a cursor place."""
        live = [w for w in self.widgets.items if w.visible]
        if self.widgets.keyboard and self.widgets.focus is not None and self.widgets.focus < len(live):
            rect = tuple(live[self.widgets.focus].rect)
            return (("button", rect), rect)
        banner = getattr(self.scene, "banner_focus_rect", lambda: None)()
        return (("banner",), tuple(banner)) if banner is not None else None

    def start_cursor(self) -> None:
        places = self.cursor_places() or self.key_places()
        if places:
            self.cursor = self.cursor_first(places)

    def cursor_key(self, event: pygame.event.Event) -> bool:
        """The arrows, Enter and Backspace; True when the key was the cursor's."""
        if not self.cursor_ready():
            return False
        if event.key == pygame.K_TAB:
            self.cursor_steps_aside()  # the focus goes to the buttons (the table's, else the banner's)
            return False
        if event.key in ARROW_WAYS:
            ringed = self._ringed_button()
            self.widgets.focus = None
            if ringed is None and self.cursor_rect() is None:
                self.start_cursor()
                return True
            here = ringed or self.cursor
            step = nearest(here[1], ARROW_WAYS[event.key], [p for p in self.key_places() if p[0] != here[0]])
            if step is None and ringed is not None:  # nothing that way: the cursor comes back where the ring was
                step = min(self.key_places(), default=None, key=lambda p: _distance(p[1], ringed[1]))
            if step is not None:
                self.cursor = step
            return True
        if event.key == pygame.K_BACKSPACE:
            return self.cursor_cancel()
        if event.key in ENTER_KEYS and self.widgets.shown_focus() is None:  # a click's focus is no ring
            if self.cursor is None and (event.key == pygame.K_SPACE or not self.enter_starts_cursor):
                return False  # Space held over a card shows it large, until the cursor is in use
            if self.cursor_rect() is None:
                self.start_cursor()
                return self.cursor is not None
            target = self.cursor[0]
            if target[0] == "button":
                self._press(target[1])
            else:
                self.cursor_enter(target)
            return True
        return False

    def _press(self, rect: Rect) -> None:
        widget = next((w for w in self.widgets.items if tuple(w.rect) == rect), None)
        if widget is not None:
            widget.click(centre(rect))

    def draw_cursor(self, canvas: Canvas, pal: Palette,
                    beside: Callable[[Rect], None] | None = None) -> Rect | None:
        """The ring (a dark edge under the highlight, so it reads on any card), then ``beside``
        (what a game draws at the ring: Case Connection's carried item), then the tag over both;
        the rect the ring is drawn around."""
        rect = self.cursor_rect()
        if rect is None:
            return None
        x, y, w, h = rect
        canvas.box((x - 4, y - 4, w + 8, h + 8), pal.ink, radius=8, width=5)
        canvas.box((x - 3, y - 3, w + 6, h + 6), pal.highlight, radius=8, width=3)
        if beside is not None:
            beside(rect)
        words = self.cursor_words()
        if words:
            tw = canvas.text_size(words, TAG_SIZE, True)[0] + 12
            tx, ty = self.cursor_tag_at(rect, tw)
            canvas.box((tx, ty, tw, TAG_HEIGHT), pal.ink, radius=5)
            canvas.text(words, (tx + tw / 2, ty + TAG_HEIGHT / 2), TAG_SIZE, pal.highlight, "center", bold=True)
        return rect
