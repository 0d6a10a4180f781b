"""The Beyond Baker Street table: tracks, case file, leads, the Impossible, the deck and hands.

Play by drag and drop: your own (face-down) card onto a lead to Investigate or onto the
Impossible to Eliminate; a face-up lead onto the Impossible to Pursue. Confirm with the button at
the foot of a complete lead. Assist by clicking a card in a partner's hand and choosing "these 2
cards are 3s" or "this card is a Witness" (the cards it would point at light up first). Character
abilities are buttons on your character card, which also says what the ability does. The Assist
buttons and a pending decision of yours (Toby's look, Lady Eva's draw, Lady Hilda's second Assist)
are in the action bar above your hand; the cards a decision shows you lie on a panel beside the
deck. The arrow keys and Enter do the same by keyboard (keyboard.py), and every move is also in
the moves list (M).

Every hand you see carries what its holder was told by Assists ("3", "not Witness"): your own
face-down cards and your partners' cards alike. A confirmed lead's evidence lies face down. The
public view (handoff screens) shows no hand at all, face up or down.

The table has the whole width of the window, in rows: the tracks; the partners' hands across the
table; the lead sections with the Impossible beside them; the action bar; your character card,
your hand and the deck. Nothing in the right column (under the move log's drawer) is a button.

This module holds the table view itself (its state, syncing and draw order); its other roles
live beside it, one per module: layout.py (where things sit), paint.py (the faces and the painted
table), words.py (what the table says), animate.py (events to motion), input.py (pointer and
keys to actions), keyboard.py (the arrow keys' cursor), reasons.py (the coach's hint and a bot's "why?" in words) and places.py (the
regions a guided first game points at and where a move happens, for the coach's glow).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

from sleuth.core.values import Action, Event
from sleuth.games.beyond_baker_street.cards import Cards, load_cards
from sleuth.games.beyond_baker_street.table.animate import EventAnimation
from sleuth.games.beyond_baker_street.table.input import TableInput
from sleuth.games.beyond_baker_street.table.keyboard import TableKeyboard
from sleuth.games.beyond_baker_street.table.layout import TableLayout
from sleuth.games.beyond_baker_street.table.paint import TablePaint
from sleuth.games.beyond_baker_street.table.places import TablePlaces
from sleuth.games.beyond_baker_street.table.reasons import TableReasons
from sleuth.games.beyond_baker_street.table.words import TableWording
from sleuth.ui.canvas import Canvas
from sleuth.ui.tableview import TableView
from sleuth.ui.widgets import Widgets


@lru_cache(maxsize=1)
def bundled_cards() -> Cards:
    return load_cards()


class BBSTable(TableReasons, TablePlaces, TableWording, TableKeyboard, TableInput, EventAnimation, TableLayout, TablePaint,
               TableView):
    """The Beyond Baker Street table view: the mixins before ``TableView`` each bring one role."""

    #: a player never sees their own hand in play: at the end every card is turned up
    turns_all_up_at_end = True

    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.cards = bundled_cards()
        self.card_of = {self.cards.card_key(e.id): e.id for e in self.cards.evidence}
        self.lead_of = {self.cards.lead_key(ld.id): ld.id for ld in self.cards.leads}
        self.widgets = Widgets()
        self.own_tokens: list[int] = []
        self._token_counter = itertools.count()
        self.assist_card: int | None = None  # a partner's card the viewer clicked
        self.assist_target: int | None = None
        self.assist_hover: Action | None = None
        self.selected_slot: int | None = None
        self.pursuing: str | None = None  # the section whose lead the keyboard chose to pursue (keyboard.py)
        #: a partner's card pressed, and where: let go elsewhere, it was dragged (input.py)
        self.partner_press: tuple[int, tuple[float, float]] | None = None
        self.holmes_shown = 15.0
        self.track_shown = 0.0
        self.history: list[tuple[int, int]] = []
        self.tooltip_quiet = False  # after a click or a drop, until the pointer moves (input.py)
        self.bar: dict | None = None  # the action bar's words and buttons, when it has any (input.py)

    # -- sync -------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        super().sync(obs, events, animate)
        if previous is None or previous.seat != obs.seat:
            self.board.keep_only(set())
            self.own_tokens = []
            self.cursor = None  # a new pair of eyes: no cursor until they press a key
            previous = None
        left = self._track_tokens(events)
        if animate:
            self._rekey(previous, events, left)
        placements = self._layout(obs)
        delays = self._delays(events) if animate else {}
        self._apply_layout(placements, events, delays, animate)
        self._animate_tracks(obs, animate)
        self._record_history(obs)
        self.assist_card = None
        self.assist_target = None
        self.selected_slot = None
        self.pursuing = None
        self._rebuild_widgets()

    def settled(self) -> None:
        """After the last animation: what may be dragged and the buttons, from the state now (while
        an animation runs no move is offered, so ``sync`` alone would leave them missing)."""
        if self.obs is None:
            return
        for key, placement in self._layout(self.obs).items():
            sprite = self.board.sprite(key)
            if sprite is not None:
                sprite.draggable = placement[8]
        self._rebuild_widgets()

    def _record_history(self, obs) -> None:
        point = (obs.holmes, obs.investigation)
        if not self.history or self.history[-1] != point:
            self.history.append(point)

    # -- the viewer's character -------------------------------------------------------------
    def viewer_ability(self):
        character = self.viewer_character()
        return character.ability if character is not None else None

    def viewer_character(self):
        return self.character_of(self.viewer) if self.viewer is not None else None

    # -- drawing ----------------------------------------------------------------------------
    def static_key(self) -> object | None:
        """The painted layer reads the observation, whose eyes, the tracks' shown positions (they
        move during an animation) and the action bar's panel and words."""
        bar = self.bar
        shown_bar = (bar["panel"], bar["title"], bar["text"]) if bar is not None else None
        return (*self.static_inputs(), self.holmes_shown, self.track_shown, shown_bar)

    def draw_static(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        obs = self.obs
        if obs is None:
            return
        self._draw_tracks(canvas, pal, obs)
        self._draw_sections(canvas, pal, obs)
        self._draw_impossible(canvas, pal, obs)
        self._draw_deck(canvas, pal, obs)
        self._draw_seats(canvas, pal, obs)
        self._draw_character(canvas, pal)
        self._draw_decision(canvas, pal, obs)
        self._draw_bar(canvas, pal)
        self.widgets.draw(canvas, pal)  # under the cards: no card at rest covers a button

    def draw_moving(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        if self.obs is None:
            return
        self._draw_assist_highlight(canvas, pal)
        self.board.draw(canvas)
        self._draw_badges(canvas, pal)
        if self.selected_slot is not None:  # what to do next is in the banner (``turn_hint``)
            sprite = self.board.sprite(("own", self.own_tokens[self.selected_slot]))
            if sprite is not None:
                x, y, w, h = sprite.rect_logical
                canvas.box((x - 4, y - 4, w + 8, h + 8), pal.highlight, radius=9, width=3)
        self.draw_pursuit(canvas, pal)
        self.draw_cursor(canvas, pal)


TABLE = BBSTable
