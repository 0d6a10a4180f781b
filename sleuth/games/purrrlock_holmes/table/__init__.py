"""The Purrrlock Holmes table: Furriarty's trail, every inspector's stand, leads and dead ends,
completed Investigations with their tokens, your hand and your deduction notes.

Play as at the real table: drag two cards from your hand, one at a time, onto your stand (or
click them); the first answer appears when the second card is chosen (the book reveals them one
at a time, so both are chosen first), and the second card waits on the stand until you click it,
so a Paws can come between (alone against bots it turns by itself once every bot has passed on
calling Paws: bots decide at once, and the click did nothing for anyone). Pick a guess in your notes (a suspect's name, an hour, or a cell for
both) and press Guess or Paws; the tokens it would take light up on the trail. After
investigating, drag your remaining cards onto the next player (or press "Pass to NAME, end turn")
to pass them and end your turn: the turn never ends by itself, so the last answer, and this
turn's answers in the hint box and ringed on the table, stay in front of you until you pass.
Every move is also in the moves list (M); the keyboard reaches the buttons (Tab, Enter), and the
arrow keys' cursor the hand and the notes grid (keyboard.py); whatever has the focus wears a
bright ring.

The hand keeps its places while the two cards of an Investigate are chosen and revealed (a chosen
card leaves a gap), so a second click lands where the player expects. Card faces are painted with
the palette they were made with; when the palette changes (colour-blind colours switched on
mid-game) the table repaints every sprite's faces at its next update.

Your own Investigation is always drawn face down. Your notes (the 5 x 12 grid) are computed only
from your own observation: cards you can see or have seen since you drew your Investigation,
your Lead/Dead End answers and your wrong guesses; the ``deduction_notes`` setting decides how
much of that the grid shows (notes.py). The public view (handoff screens) shows no hand, no notes,
no marks and no Investigation face up.

This module holds the table view itself (its state, syncing, buttons and draw order); its other
roles live beside it in this package, one per module: paint.py (the pieces' faces), layout.py
(where seats, zones and sprites go), animate.py (events on the board), panels.py (the painted
panels and the results strip), notes.py (your deduction notes and their grid), words.py (what the
table says), reasons.py (the expert's reasons in words, for the coach and "why?"), places.py (the
named regions a guided first game points at, and where a move happens), input.py (pointer
input to actions) and keyboard.py (the arrow keys' cursor).
"""

from __future__ import annotations

from collections.abc import Sequence

from sleuth.core.values import Action, Event
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.cards import bundled_cards
from sleuth.games.purrrlock_holmes.table.animate import EventAnimation
from sleuth.games.purrrlock_holmes.table.input import TableInput
from sleuth.games.purrrlock_holmes.table.keyboard import TableKeyboard
from sleuth.games.purrrlock_holmes.table.layout import (
    BUTTON_W,
    BUTTON_X,
    BUTTON_Y,
    GRID,
    GUESS_Y,
    PAWS_CALL,
    TableLayout,
)
from sleuth.games.purrrlock_holmes.table.notes import Notes, NotesGrid, deduce
from sleuth.games.purrrlock_holmes.table.panels import TablePanels
from sleuth.games.purrrlock_holmes.table.places import TablePlaces
from sleuth.games.purrrlock_holmes.table.reasons import ReasonWording
from sleuth.games.purrrlock_holmes.table.words import TableWording
from sleuth.ui.canvas import Canvas
from sleuth.ui.motion import Callouts
from sleuth.ui.tableview import TableView
from sleuth.ui.theme import Palette
from sleuth.ui.widgets import Button, Widgets


class PurrrlockTable(TableInput, TableKeyboard, TableWording, ReasonWording, TablePlaces, NotesGrid, TablePanels, EventAnimation,
                     TableLayout, TableView):
    """The Purrrlock Holmes table view: the mixins before ``TableView`` each bring one role."""

    news_waits_for_animation = True  # an answer is told once its card has turned on the stand

    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.cards = bundled_cards()
        self.widgets = Widgets()
        self.callouts = Callouts()
        self.notes: Notes | None = None
        self.chosen: list[int] = []  # cards picked for Investigate, not yet revealed
        self._chosen_by_seat: dict[int, list[int]] = {}  # kept while another seat is at the screen
        self.pick: tuple[int | None, int | None] | None = None  # the guess chosen in the notes
        self.pass_armed = False
        self.hover: tuple[int | None, int | None] | None = None  # the notes cell under the mouse
        self._legal: list[Action] = []
        self.shown_obs: R.PurrrlockObservation | None = None
        self.shown_notes: Notes | None = None
        self._placements: dict = {}
        self._pv_cache: tuple[tuple, dict] | None = None
        self.trail_history: list[tuple[int | None, ...]] = []
        #: seat -> (which of its Investigations, card -> its own mark): "only what I mark" notes
        self.marks: dict[int, tuple[int, dict[int, int]]] = {}
        self._inv_count: tuple[tuple, int] | None = None
        #: seat -> its hand's places, kept while the Investigate's cards are chosen and revealed
        self._slots: dict[int, list[int]] = {}
        self._painted_with: Palette | None = None  # the palette the sprites' faces were painted with
        self.take_label_rect: tuple[float, float, float, float] | None = None  # where "if right" was drawn

    # -- sync --------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        super().sync(obs, events, animate)
        self.keep_home()
        if previous is None or previous.seat != obs.seat:
            # a half-made Investigate waits for its player (another's Paws came between: the
            # first card chosen went back to the hand, and the turn had to start again)
            if previous is not None and previous.seat is not None and self.chosen:
                self._chosen_by_seat[previous.seat] = list(self.chosen)
            self.chosen = self._chosen_by_seat.pop(obs.seat, []) if obs.seat is not None else []
            self.board.keep_only(set())
            self.callouts.clear()
            self.cursor = None  # a new pair of eyes: no cursor until they press a key
            previous = None
            self.shown_obs = None
        self._legal = self.scene.legal_for_viewer()
        self.notes = deduce(obs, self.cards, self.scene.seat_names)
        if any(isinstance(e, R.Guessed) and e.seat == obs.seat for e in events):
            self.pick = None
        self._validate_choices()
        taken_keys = self._rekey(previous, events) if previous is not None else {}
        self._placements = self._layout()
        self._painted_with = self.scene.app.palette
        self._animate(previous, events, taken_keys, animate and previous is not None)
        if not self.trail_history or self.trail_history[-1] != obs.trail:
            self.trail_history.append(obs.trail)
        self._rebuild_widgets()

    def settled(self) -> None:
        """The controls for the state as it is now, where the moves offered changed without a
        move (a lesson's step that asks for one after steps that only talk): the cards that may be
        dragged and the buttons follow, not only the next ``sync``'s."""
        if self.obs is None:
            return
        legal = self.scene.legal_for_viewer()
        if legal != self._legal:
            self._legal = legal
            self._validate_choices()
            self._relayout()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.obs is not None and self.scene.app.palette is not self._painted_with:
            self._repaint()
        self.reveal_when_nobody_else_may_call()

    def _repaint(self) -> None:
        """Paint every sprite's faces again from the current palette (where they are, unmoved)."""
        self._painted_with = self.scene.app.palette
        self._placements = self._layout()
        for key, (_pos, _angle, _size, front, back, *_rest) in self._placements.items():
            sprite = self.board.sprite(key)
            if sprite is not None:
                sprite.front, sprite.back = front, back

    def _validate_choices(self) -> None:
        obs = self.obs
        hand = obs.hand or ()
        if not self._investigate_open() or any(c not in hand for c in self.chosen):
            self.chosen = []
        if R.EndTurn() not in self._legal:
            self.pass_armed = False
        if self.notes is None:
            self.pick = None

    def _may_guess(self, paws: bool = False) -> bool:
        """The viewer may make a guess now (``paws``: call Paws and guess)."""
        return any(isinstance(a, R.Guess) and a.paws == paws for a in self._legal)

    def _investigate_open(self) -> bool:
        """The viewer may choose cards to investigate (the first reveal of the turn)."""
        return self.obs.investigate_state == R.NOT_STARTED and any(isinstance(a, R.Investigate) for a in self._legal)

    def _need(self) -> int:
        first = next((a for a in self._legal if isinstance(a, R.Investigate)), None)
        return 1 + len(first.then) if first is not None else 2

    def queued_card(self) -> int | None:
        """The viewer's second card, chosen and waiting on the stand to be revealed."""
        if self.obs.investigate_state != R.IN_PROGRESS:
            return None
        return next((a.card for a in self._legal if isinstance(a, R.Investigate)), None)

    # -- buttons -----------------------------------------------------------------------------
    def _rebuild_widgets(self) -> None:
        self.widgets.clear()
        if self.obs is None or self.viewer is None or self.scene.watching:
            return  # a replay offers no move: its Guess and Paws had stood there, greyed out
        legal = self._legal
        canvas = self.scene.app.canvas
        gx, _gy, gw, _gh = GRID
        half = (gw - 8) / 2
        any_paws = self._may_guess(paws=True)
        if self.notes is not None:
            guess = paws = None
            if self.pick is not None:
                guess = R.Guess(self.pick[0], self.pick[1], False)
                paws = R.Guess(self.pick[0], self.pick[1], True)
            label = f"Guess {self._pick_text()}" if self.pick is not None else "Guess: pick in notes"
            self.widgets.add(Button((gx, GUESS_Y, half, 34), label=canvas.fit(label, 15, half - 12, bold=True),
                                    size=15, primary=guess in legal, enabled=guess in legal,
                                    on_click=lambda a=guess: self.scene.act(a), tooltip=self._guess_tip()))
            paws_button = Button((gx + half + 8, GUESS_Y, half, 34), label="Paws! (-1 VP)", size=15,
                                 primary=paws in legal, enabled=any_paws, on_click=lambda a=paws: self._paws(a),
                                 tooltip="Once per game, at any moment (even on another player's turn): flip your "
                                         "board and make one guess at once. Costs 1 VP at the end.")
        bx, by, bw = BUTTON_X, BUTTON_Y, BUTTON_W
        if self.queued_card() is not None:
            self.widgets.add(Button((bx, by, bw, 38), label="Reveal it now" if self.second_card_turns_itself()
                                    else "Reveal the 2nd card", primary=True, size=16,
                                    on_click=self.reveal,
                                    tooltip="Ask about the card waiting on your stand" + (
                                        " (you may call Paws first)." if any_paws else ".")))
        elif R.EndTurn() in legal:
            nxt = self._whom(self.others()[0]) if self.others() else "the next player"
            skip = "Skip your Guess and end" if self._may_guess() else "End"
            self.widgets.add(Button((bx, by, bw, 38), label=self._end_turn_label(canvas, nxt, bw - 16),
                                    primary=True, size=15, on_click=lambda: self.scene.act(R.EndTurn()),
                                    tooltip=f"{skip} your turn and pass to {nxt}: {self._cleanup_words()}. "
                                            "(Dragging your cards onto their area does the same.)"))
        elif self.chosen:
            self.widgets.add(Button((bx, by, bw, 38), label="Take the card back", size=15,
                                    on_click=self.take_back, tooltip="Put the chosen card back in your hand."))
        if legal:
            self.widgets.add(Button((bx, by + 48, bw, 32), label="All moves (M)", size=15,
                                    on_click=self.scene.show_moves, tooltip="Every move you may make, as a list"))
        if self.notes is not None:
            # last in the Tab order: a costly call is not the first stop (keyboard-only play-test:
            # Tab went to "Paws! (-1 VP)" before "Pass to Watson")
            self.widgets.add(paws_button)

    @staticmethod
    def _end_turn_label(canvas: Canvas, name: str, room: float) -> str:
        """The end-turn button's words with the next player's whole name: "Pass to Ann, end turn",
        else the shorter "Pass to Ann", else "End your turn" (its tooltip names them); a cut name
        ("Pass to WWWWWWW..., end turn") made the player guess whom the cards go to."""
        for label in (f"Pass to {name}, end turn", f"Pass to {name}"):
            if canvas.text_size(label, 15, bold=True)[0] <= room:
                return label
        return "End your turn"

    def _paws(self, action: Action | None) -> None:
        if action is not None and action in self._legal:
            self.scene.act(action)
            return
        self.scene.app.toast("Pick what to guess in your notes first: a suspect's name, an hour, or a cell for "
                             "both; then press Paws again.")

    # -- Paws from another human at the couch (the table scene runs the handoffs) -------------
    def interrupt_label(self) -> str:
        return "Paws!"

    def interrupt_call_anchor(self) -> tuple[float, float, float, float]:
        """One "Paws!" for everyone else at the couch, at the bottom right of the trail: away from
        every clue card (a button over a seat's own panel sat right above that seat's face-up
        Investigation, so the caller saw their own secret card when they looked for it)."""
        return PAWS_CALL

    def interrupt_call_label(self) -> str:
        return "Someone else: Paws! (P)"

    def interrupt_call_tooltip(self) -> str:
        return ("Another player calls Paws now, even in the middle of this turn: the next screen hides the "
                "table and asks who; the screen is passed to them for one guess, then back "
                f"(costs {self.cards.paws_cost} VP at the end)")

    def interrupt_cancel_anchor(self) -> tuple[float, float, float, float]:
        return (BUTTON_X, BUTTON_Y, BUTTON_W, 38)  # where Reveal / Pass sit on your own turn

    def interrupt_hint(self) -> str:
        return "pick a guess in your notes, then press Paws"

    def interrupt_reason(self, seat: int) -> str:
        return f"{self.scene.seat_names[seat]} calls Paws!"

    # -- drawing -----------------------------------------------------------------------------
    def refresh_shown(self) -> None:
        """The printed facts (scores, notes, round) change when the animations have shown why; the
        end at once, as the banner says it (the last move's animation had left "Player 3 (you):
        playing now", "LAST ROUND" and the old score up under "Game over")."""
        if self.obs is not None and (not self.busy or self.shown_obs is None or self.obs.outcome is not None):
            self.shown_obs, self.shown_notes = self.obs, self.notes

    def static_key(self) -> object | None:
        """The painted layer reads the printed facts shown (they wait for the animations), the
        notes grid's state (the pointer over it, a picked guess, the card being asked about, the
        player's own marks, what Enter does where the keyboard's ring is in it) and the hint's words."""
        if self.obs is None:
            return None
        self.refresh_shown()
        obs = self.shown_obs
        hint = self._hint_text() if self.viewer is not None else bool(self.scene.session.human_seats)
        return (*self.static_inputs(), obs, self.shown_notes, self.pick, self.hover, self.asking_card(),
                tuple(sorted(self.own_marks().items())), hint, self.grid_cursor_words(),
                tuple(self.nothing_completed(seat) for seat in range(obs.players)), self.counters_key())

    def draw_static(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        if self.obs is None:
            return
        self.refresh_shown()
        obs = self.shown_obs
        self._draw_trail(canvas, pal, obs)
        self._draw_deck(canvas, pal, obs)
        for seat in range(obs.players):
            self._draw_panel(canvas, pal, obs, seat)
        self._draw_hint(canvas, pal, obs)
        self._draw_grid(canvas, pal)
        self.widgets.draw(canvas, pal)  # under the cards: no card at rest covers a button

    def draw_moving(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        if self.obs is None:
            return
        self.refresh_shown()
        self.board.draw(canvas)
        self._draw_turn_answers(canvas, pal)
        self._draw_take_marks(canvas, pal)
        self._draw_focus(canvas, pal)
        self.callouts.draw(canvas, pal)

    def _draw_focus(self, canvas: Canvas, pal: Palette) -> None:
        """The keyboard's focus: a button Tab reached wears a ring nobody can miss (bright, thick,
        well outside it, with a dark edge inside); the arrow keys' cursor wears the table's ring."""
        shown = self.widgets.shown_focus()  # a click's unseen focus wears no ring (Enter passes it by)
        if shown is not None:
            x, y, w, h = shown.rect
            canvas.box((x - 7, y - 7, w + 14, h + 14), pal.highlight, radius=12, width=4)
            canvas.box((x - 4, y - 4, w + 8, h + 8), pal.ink, radius=10, width=1.5)
            return
        self.draw_cursor(canvas, pal)


TABLE = PurrrlockTable
