"""The Purrrlock Holmes table: Furriarty's trail, every inspector's stand, leads and dead ends,
completed Investigations with their tokens, your hand and your deduction notes.

Play as at the real table: drag two cards from your hand, one at a time, onto your stand (or
click them); the first answer appears when the second card is chosen (the book reveals them one
at a time, so both are chosen first), and the second card waits on the stand until you click it,
so a Paws can come between. Pick a guess in your notes (a suspect's name, an hour, or a cell for
both) and press Guess or Paws; the tokens it would take light up on the trail. After
investigating, drag your remaining cards onto the next player to pass them and end your turn.
Every move is also in the moves list (M).

Your own Investigation is always drawn face down. Your notes (the 5 x 12 grid) are computed only
from your own observation: cards you can see or have seen since you drew your Investigation,
your Lead/Dead End answers and your wrong guesses. The public view (handoff screens) shows no
hand, no notes and no Investigation face up.

This module holds the table view itself (its state, syncing, input, buttons and draw order); its
other roles live beside it, one per module: paint.py (the pieces' faces), layout.py (where seats,
zones and sprites go), animation.py (events on the board), panels.py (the painted panels and the
results strip), notes.py (your deduction notes and their grid) and wording.py (what the table says).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from sleuth.core.values import Action, Event
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.animation import EventAnimation
from sleuth.games.purrrlock_holmes.cards import bundled_cards
from sleuth.games.purrrlock_holmes.layout import GRID, OWN_STAND, TableLayout
from sleuth.games.purrrlock_holmes.notes import Notes, NotesGrid, deduce
from sleuth.games.purrrlock_holmes.panels import TablePanels
from sleuth.games.purrrlock_holmes.wording import TableWording
from sleuth.ui.board import CardSprite
from sleuth.ui.canvas import Canvas
from sleuth.ui.motion import Callouts
from sleuth.ui.tableview import TableView
from sleuth.ui.widgets import Button, Widgets, inside
from sleuth.ui.zones import DropArea


class PurrrlockTable(TableWording, NotesGrid, TablePanels, EventAnimation, TableLayout, TableView):
    """The Purrrlock Holmes table view: the mixins before ``TableView`` each bring one role."""

    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.cards = bundled_cards()
        self.widgets = Widgets()
        self.callouts = Callouts()
        self.notes: Notes | None = None
        self.chosen: list[int] = []  # cards picked for Investigate, not yet revealed
        self.pick: tuple[int | None, int | None] | None = None  # the guess chosen in the notes
        self.pass_armed = False
        self.hover: tuple[int | None, int | None] | None = None  # the notes cell under the mouse
        self._legal: list[Action] = []
        self.shown_obs: R.PurrrlockObservation | None = None
        self.shown_notes: Notes | None = None
        self._placements: dict = {}
        self._pv_cache: tuple[tuple, dict] | None = None
        self.trail_history: list[tuple[int | None, ...]] = []

    # -- sync --------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        super().sync(obs, events, animate)
        if previous is None or previous.seat != obs.seat:
            self.board.keep_only(set())
            self.callouts.clear()
            previous = None
            self.shown_obs = None
        self._legal = self.scene.legal_for_viewer()
        self.notes = deduce(obs, self.cards, self.scene.seat_names)
        if any(isinstance(e, R.Guessed) and e.seat == obs.seat for e in events):
            self.pick = None
        self._validate_choices()
        taken_keys = self._rekey(previous, events) if previous is not None else {}
        self._placements = self._layout()
        self._animate(previous, events, taken_keys, animate and previous is not None)
        if not self.trail_history or self.trail_history[-1] != obs.trail:
            self.trail_history.append(obs.trail)
        self._rebuild_widgets()

    def _validate_choices(self) -> None:
        obs = self.obs
        hand = obs.hand or ()
        if not self._investigate_open() or any(c not in hand for c in self.chosen):
            self.chosen = []
        if R.EndTurn() not in self._legal:
            self.pass_armed = False
        if self.notes is None:
            self.pick = None

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

    # -- input -------------------------------------------------------------------------------
    def _set_input(self, sprite: CardSprite) -> None:
        key = sprite.key
        obs = self.obs
        sprite.draggable = False
        sprite.clickable = False
        sprite.selected = False
        if self.viewer is None or key[0] not in ("card", "stand"):
            return
        hand = obs.hand or ()
        if key[0] == "card" and key[1] in hand:
            card = key[1]
            if card == self.queued_card():
                sprite.clickable = True
                sprite.selected = True
            elif card in self.chosen:
                sprite.clickable = True
                sprite.selected = True
            else:
                sprite.draggable = self._investigate_open() or R.EndTurn() in self._legal
                sprite.clickable = sprite.draggable
                sprite.selected = self.pass_armed
        elif key == ("stand", self.viewer):
            sprite.clickable = self.queued_card() is not None

    def _relayout(self) -> None:
        """Re-place the sprites after a choice that is not yet an action (no events)."""
        if self.obs is None:
            return
        self._placements = self._layout()
        self._apply(self._placements, {}, {}, True)
        self._rebuild_widgets()

    def _refresh_drop_areas(self) -> None:
        areas = []
        if self.viewer is not None:
            sx, sy = OWN_STAND
            areas.append(DropArea((sx - 52, sy - 62, 134, 124), "stand", "Your stand",
                                  "Drop a card here to ask whether it is a Lead or a Dead End."))
            others = self.others()
            if others:
                areas.append(DropArea(self.panel_rect(others[0]), "pass", "Pass",
                                      "Drop your cards here to pass them and end your turn."))
        self.board.drop_areas = areas

    def _targets_for(self, sprite: CardSprite) -> set:
        if self.busy or sprite.key[0] != "card":
            return set()
        card = sprite.key[1]
        if card not in (self.obs.hand or ()) or card in self.chosen or card == self.queued_card():
            return set()
        targets = set()
        if self._investigate_open():
            targets.add("stand")
        if R.EndTurn() in self._legal:
            targets.add("pass")
        return targets

    def _on_drop(self, sprite: CardSprite, target) -> str | None:
        if target not in self._targets_for(sprite):
            if target == "pass":
                return "Investigate first: pass your cards only after asking about 2 of them."
            if target == "stand":
                return "You have already investigated this turn." if self.obs.turn == self.viewer else \
                    "You can only investigate on your own turn."
            return "That card cannot go there."
        if target == "stand":
            return self._choose(sprite.key[1])
        return self.scene.act(R.EndTurn())

    def _choose(self, card: int) -> str | None:
        """Pick a card for Investigate: the last card needed makes the action (first one revealed)."""
        need = self._need()
        if len(self.chosen) + 1 < need:
            self.chosen.append(card)
            self.scene.app.sound.play("click")
            self._relayout()
            return None
        cards = [*self.chosen, card]
        self.chosen = []
        return self.scene.act(R.Investigate(cards[0], tuple(cards[1:])))

    def _on_click(self, sprite: CardSprite) -> None:
        key = sprite.key
        if key == ("stand", self.viewer) or (key[0] == "card" and key[1] == self.queued_card()):
            self.reveal()
            return
        if key[0] != "card":
            return
        card = key[1]
        if card in self.chosen:
            self.chosen.remove(card)
            self._relayout()
            return
        if self._investigate_open():
            self._choose(card)
        elif R.EndTurn() in self._legal:
            self.pass_armed = not self.pass_armed
            if self.pass_armed:
                self.scene.app.toast(f"Now click {self.scene.seat_names[self.others()[0]]}'s area to pass your "
                                     "cards and end your turn.")
            self._relayout()

    def reveal(self) -> None:
        card = self.queued_card()
        if card is not None:
            self.scene.act(R.Investigate(card, ()))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.grid_hit(event.pos) if self.notes is not None and inside(GRID, event.pos) else None
        if self.widgets.handle(event):
            return True
        if self.board.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._grid_click(event.pos):
                return True
            others = self.others() if self.obs is not None else []
            if self.pass_armed and others and inside(self.panel_rect(others[0]), event.pos):
                self.pass_armed = False
                self.scene.act(R.EndTurn())
                return True
            sx, sy = OWN_STAND
            if self.queued_card() is not None and inside((sx - 40, sy - 50, 80, 100), event.pos):
                self.reveal()
                return True
            if self.pass_armed:
                self.pass_armed = False
                self._relayout()
                return True
        return False

    def take_back(self) -> None:
        self.chosen = []
        self._relayout()

    def cancel(self) -> None:
        super().cancel()
        self.chosen = []
        self.pass_armed = False
        self.pick = None
        self._relayout()

    # -- buttons -----------------------------------------------------------------------------
    def _rebuild_widgets(self) -> None:
        self.widgets.clear()
        if self.obs is None or self.viewer is None:
            return
        legal = self._legal
        gx, gy, gw, gh = GRID
        if self.notes is not None:
            guess = paws = None
            if self.pick is not None:
                guess = R.Guess(self.pick[0], self.pick[1], False)
                paws = R.Guess(self.pick[0], self.pick[1], True)
            label = f"Guess {self._pick_text()}" if self.pick is not None else "Guess: pick in notes"
            self.widgets.add(Button((gx, gy + gh + 4, 156, 34), label=label, size=15, primary=guess in legal,
                                    enabled=guess in legal, on_click=lambda a=guess: self.scene.act(a),
                                    tooltip=self._guess_tip()))
            any_paws = any(isinstance(a, R.Guess) and a.paws for a in legal)
            self.widgets.add(Button((gx + 160, gy + gh + 4, 154, 34), label="Paws! (-1 VP)", size=15,
                                    primary=paws in legal, enabled=any_paws,
                                    on_click=lambda a=paws: self._paws(a),
                                    tooltip="Once per game, at any moment (even on another player's turn): flip your "
                                            "board and make one guess at once. Costs 1 VP at the end."))
        bx, by = 476, 618
        if self.queued_card() is not None:
            self.widgets.add(Button((bx, by, 206, 34), label="Reveal the 2nd card", primary=True, size=16,
                                    on_click=self.reveal,
                                    tooltip="Ask about the card waiting on your stand (you may call Paws first)."))
        elif R.EndTurn() in legal:
            nxt = self.scene.seat_names[self.others()[0]] if self.others() else "the next player"
            self.widgets.add(Button((bx, by, 206, 34), label=f"Pass to {nxt}, end turn", primary=True, size=15,
                                    on_click=lambda: self.scene.act(R.EndTurn()),
                                    tooltip=f"Skip your Guess: pass the cards left in your hand to {nxt} and "
                                            "draw 2. (Dragging your cards onto their area does the same.)"))
        elif self.chosen:
            self.widgets.add(Button((bx, by, 206, 34), label="Take the card back", size=15,
                                    on_click=self.take_back, tooltip="Put the chosen card back in your hand."))
        if legal:
            self.widgets.add(Button((bx, by + 40, 206, 28), label="All moves (M)", size=15,
                                    on_click=self.scene.show_moves, tooltip="Every move you may make, as a list"))

    def _paws(self, action: Action | None) -> None:
        if action is not None and action in self._legal:
            self.scene.act(action)
            return
        self.scene.app.toast("Pick what to guess in your notes first: a suspect's name, an hour, or a cell for "
                             "both; then press Paws again.")

    # -- Paws from another human at the couch (the table scene runs the handoffs) -------------
    def interrupt_label(self) -> str:
        return "Paws!"

    def interrupt_anchor(self, seat: int) -> tuple[float, float, float, float]:
        """Over the seat's Paws board, at the right of its panel's name strip."""
        x, y, w, _ = self.panel_rect(seat)
        width = w if seat != self.home else 674
        return (x + width - 8 - 68, y + 1, 70, 24)

    def interrupt_tooltip(self, seat: int) -> str:
        return ("call Paws now, even in the middle of this turn: the screen is passed to you for one guess "
                f"about your Investigation, then back (costs {self.cards.paws_cost} VP at the end)")

    def interrupt_cancel_anchor(self) -> tuple[float, float, float, float]:
        return (476, 618, 206, 34)  # where Reveal / Pass sit on your own turn

    def interrupt_hint(self) -> str:
        return "pick a guess in your notes, then press Paws"

    def interrupt_reason(self, seat: int) -> str:
        return f"{self.scene.seat_names[seat]} calls Paws!"

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        if self.obs is None:
            return
        if not self.busy or self.shown_obs is None:
            # the printed facts (scores, notes, round) change when the animations have shown why
            self.shown_obs, self.shown_notes = self.obs, self.notes
        obs = self.shown_obs
        self._draw_trail(canvas, pal, obs)
        self._draw_deck(canvas, pal, obs)
        for seat in range(obs.players):
            self._draw_panel(canvas, pal, obs, seat)
        self._draw_hint(canvas, pal, obs)
        self._draw_grid(canvas, pal)
        self.board.draw_areas(canvas)
        self.board.draw(canvas)
        self._draw_take_marks(canvas, pal)
        self.widgets.draw(canvas, pal)
        self.callouts.draw(canvas, pal)


TABLE = PurrrlockTable
