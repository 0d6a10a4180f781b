"""Pointer input to actions on the Purrrlock Holmes table: which sprites may be dragged or clicked
and where they may be dropped, choosing cards for Investigate (the second one waits on the stand
until revealed), passing your cards to end your turn, clicks on the notes grid and the stand, and
taking a choice back or cancelling it. The arrow keys' cursor is keyboard.py's; keys such as M
for the moves list belong to the table scene.

``TableInput`` is mixed into ``PurrrlockTable`` (table/__init__.py) and works on its state (``obs``,
``viewer``, ``chosen``, ``pass_armed``, ``pick``, ``hover``, ``notes``, ``_legal``)."""

from __future__ import annotations

import pygame

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.layout import GRID, OWN_STAND, SETTLE_AFTER_MOVE
from sleuth.ui.board import CardSprite
from sleuth.ui.widgets import inside
from sleuth.ui.words import possessive
from sleuth.ui.zones import DropArea


class TableInput:
    """Pointer input to actions: drags, drops, clicks and taking choices back."""

    def _set_input(self, sprite: CardSprite) -> None:
        key = sprite.key
        obs = self.obs
        sprite.draggable = False
        sprite.clickable = False
        sprite.selected = False
        # a chosen card is raised, not ringed: the keyboard's focus is the table's one yellow ring
        # (the card on the stand and the hand's focused card had worn the same one)
        sprite.selection_ring = False
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
            areas.append(DropArea((sx - 56, sy - 62, 140, 134), "stand", "Your stand",
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
                self.scene.app.toast(f"Now click {possessive(self.scene.seat_names[self.others()[0]])} area to pass "
                                     "your cards and end your turn.")
            self._relayout()

    def reveal(self) -> None:
        card = self.queued_card()
        if card is not None:
            self.scene.act(R.Investigate(card, ()))

    def second_card_turns_itself(self) -> bool:
        """Alone against bots, outside a lesson's script: the second card needs no click."""
        scene = self.scene
        return not (scene.watching or getattr(scene, "scripted", False) or len(scene.session.human_seats) != 1)

    def reveal_when_nobody_else_may_call(self) -> None:
        """Alone against bots, the second card reveals itself: the pause between the two answers
        is there for the others to call Paws, and bots decide at once. Once every bot has been
        asked at this moment (and declined), the click "Reveal the 2nd card" did nothing for
        anyone (a veteran's tedium, every turn). At a shared screen and while a lesson's script
        leads (it explains each answer), the card waits for its player."""
        scene = self.scene
        if self.obs is None or self.viewer is None or self.busy or self.queued_card() is None:
            return
        if not self.second_card_turns_itself():
            return
        if scene.session.thinking or scene.session.bot_jobs_due():
            return  # the bots have not yet had their chance to call Paws between the cards
        self.reveal()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.scene.clock - self.home_moved_at < SETTLE_AFTER_MOVE:
            return True  # the seats just changed places: the click was aimed at what was there before
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.grid_hit(event.pos) if self.notes is not None and inside(GRID, event.pos) else None
            if getattr(event, "rel", (1, 1)) != (0, 0):
                self.cursor = None  # the mouse is in use: the keyboard's cursor steps aside
        if event.type == pygame.KEYDOWN and (self.cursor_key(event) or self.grid_key(event)):
            return True
        if self.widgets.handle(event):
            return True
        if self.board.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self._grid_click(event.pos, 3):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._grid_click(event.pos):
                return True
            paws = self.paws_board_at(event.pos)
            if paws is not None:  # the Paws chip in a name strip: it says how Paws is called
                self.scene.app.toast(self.paws_board_words(paws))
                return True
            others = self.others() if self.obs is not None else []
            if self.pass_armed and others and inside(self.panel_rect(others[0]), event.pos):
                self.pass_armed = False
                self.scene.act(R.EndTurn())
                return True
            sx, sy = OWN_STAND
            if self.queued_card() is not None and inside((sx - 44, sy - 52, 88, 104), event.pos):
                self.reveal()
                return True
            if self.pass_armed:
                self.pass_armed = False
                self._relayout()
                return True
        return False

    def pointable(self, pos) -> bool:
        """A hand over the notes grid's names, hours and cells too (a click picks or marks)."""
        if super().pointable(pos):
            return True
        return self.notes is not None and not self.scene.watching and inside(GRID, pos) and \
            self.grid_hit(pos) is not None

    def take_back(self) -> None:
        self.chosen = []
        self._relayout()

    def half_made(self) -> bool:
        return super().half_made() or self.pick is not None or bool(self.chosen) or self.pass_armed

    def cancel(self) -> None:
        super().cancel()
        self.chosen = []
        self.pass_armed = False
        self.pick = None
        self._relayout()
