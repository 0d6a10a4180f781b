"""Purrrlock Holmes by keyboard: the table's cursor (``ui/cursor.py``) over your hand, the notes
grid and the buttons, doing what the mouse's clicks do.

Enter on one of your cards chooses it for Investigate, as a click does (the second chosen card
asks at once; a card waiting on the stand is revealed by Enter on it). Once you have investigated,
Enter on a card means to pass your cards: the next player's area becomes the cursor's place, and
Enter there passes them and ends your turn (two steps, as the mouse's drag is; Backspace lets go).
In the notes grid, Enter on a suspect's name, an hour or a cell picks it as your guess (Enter again
lets go of it); with notes of your own marks, Enter on a cell crosses it out, circles it or clears
it, as a click does, and G picks it as your guess, as the right button does. What Enter does in the
grid is said on the grid's own bottom line, not in a tag over the cells around the ring.

``TableKeyboard`` is mixed into ``PurrrlockTable`` and works on its state (``obs``, ``viewer``,
``chosen``, ``pass_armed``, ``pick``, ``notes``, ``widgets``, ``board``).
"""

from __future__ import annotations

import pygame

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.layout import GRID, GRID_ROW, GRID_TOP, HEADER_H
from sleuth.games.purrrlock_holmes.table.notes import CROSSED, guess_words
from sleuth.ui.cursor import TAG_HEIGHT, TableCursor


class TableKeyboard(TableCursor):
    """The places, Enter and the words of Purrrlock Holmes's keyboard cursor."""

    # -- the card the cursor is on (the hand's "focus": the preview of its answer reads it) -----
    @property
    def card_focus(self) -> int | None:
        """The hand card the keyboard's cursor is on, if a card is where it is."""
        if self.cursor is None or self.cursor[0][0] != "sprite":
            return None
        return self.cursor[0][1][1]

    @card_focus.setter
    def card_focus(self, card: int | None) -> None:
        if card is None:
            if self.card_focus is not None:
                self.cursor = None
            return
        sprite = self.board.sprite(("card", card))
        if sprite is not None:
            self.cursor = (("sprite", ("card", card)), self._card_rect(sprite))

    @staticmethod
    def _card_rect(sprite) -> tuple[float, float, float, float]:
        x, y, w, h = sprite.rect_logical
        return (x, y - sprite.lift, w, h)

    def _grid_open(self) -> bool:
        """The grid is yours to pick in: you have an Investigation and the game goes on."""
        return (self.notes is not None and self.shown_notes is self.notes and not self.scene.watching
                and self.obs.outcome is None)

    def _focus_order(self) -> list[int]:
        """The hand cards the keyboard visits, left to right as drawn (those on the stand last)."""
        hand = (self.obs.hand or ()) if self.obs is not None and self.viewer is not None else ()
        drawn = [c for c in self._slots.get(self.viewer, []) if c in hand]
        return drawn + [c for c in hand if c not in drawn]

    # -- the places ----------------------------------------------------------------------------
    def cursor_places(self) -> list[tuple]:
        if self.obs is None or self.viewer is None or self.scene.watching:
            return []
        out = []
        for card in self._focus_order():
            sprite = self.board.sprite(("card", card))
            if sprite is not None and not sprite.hidden:
                out.append((("sprite", ("card", card)), self._card_rect(sprite)))
        others = self.others()
        if self.pass_armed and others:
            out.append((("pass", others[0]), tuple(self.panel_rect(others[0]))))
            return out  # passing: your cards and where they go, as with a card chosen elsewhere
        if self._grid_open():
            cards = self.cards
            for hour in range(1, cards.hours + 1):
                x, _, w, _ = self.cell_rect(0, hour)
                out.append((("grid", None, hour), (x, GRID_TOP - HEADER_H, w, HEADER_H - 1)))
            for suspect in range(len(cards.suspects)):
                label_x = self.cell_rect(suspect, 1)[0]
                out.append((("grid", suspect, None), (GRID[0] + 4, GRID_TOP + suspect * GRID_ROW,
                                                     label_x - GRID[0] - 8, GRID_ROW)))
                for hour in range(1, cards.hours + 1):
                    out.append((("grid", suspect, hour), self.cell_rect(suspect, hour)))
        return out

    def cursor_first(self, places):
        """Your first card when you may still investigate or pass, else the notes' first cell."""
        cards = [p for p in places if p[0][0] == "sprite"]
        if cards and (self._investigate_open() or R.EndTurn() in self._legal or self.queued_card() is not None):
            return cards[0]
        cells = [p for p in places if p[0][0] == "grid" and None not in p[0][1:]]
        return (cells or cards or places)[0]

    # -- Enter ---------------------------------------------------------------------------------
    def cursor_enter(self, target) -> None:
        kind = target[0]
        if kind == "grid":
            self.grid_act(target[1:], pick=not self.marks_here(target[1:]))
            return
        if kind == "pass":
            self.pass_armed = False
            reason = self.scene.act(R.EndTurn())
            if reason:
                self.scene.app.toast(reason)
            return
        card = target[1][1]
        sprite = self.board.sprite(("card", card))
        if sprite is None:
            return
        if not sprite.clickable:
            self.scene.app.toast(self._why_no_card(card))
            return
        others = self.others()
        if self._investigate_open() or card == self.queued_card() or card in self.chosen or not others:
            order = self._focus_order()
            self.board.on_click(sprite)
            self._ring_after_choice(card, order)
            return
        # your cards are to be passed: the next player's area is where Enter then passes them
        # (the mouse's click says "click their area", which a keyboard player cannot)
        self.pass_armed = True
        self._relayout()
        self.ring_on(("pass", others[0]))

    def _ring_after_choice(self, card: int, order: list[int]) -> None:
        """After a card is chosen, the ring goes on to the card beside it (the next one to choose;
        it had stayed on the chosen card, now on the stand, where an arrow led off the hand); the
        card waiting on the stand wears it, for Enter to reveal."""
        waiting = self.queued_card()
        if waiting is not None:
            self.ring_on(("sprite", ("card", waiting)))
            return
        if card not in self.chosen:
            return
        free = [c for c in order if c not in self.chosen]
        at = order.index(card) if card in order else 0
        beside = [c for c in order[at + 1:] if c in free] + [c for c in reversed(order[:at]) if c in free]
        if beside:
            self.ring_on(("sprite", ("card", beside[0])))

    def owns(self, sprite) -> bool:
        """The cards of your hand."""
        return sprite.key[0] == "card" and self.obs is not None and sprite.key[1] in (self.obs.hand or ())

    def card_rests_reason(self, sprite) -> str | None:
        return self._why_no_card(sprite.key[1])

    def _why_no_card(self, card: int) -> str:
        """Why Enter on a card of your hand does nothing now."""
        name = self.cards.card_name(card)
        if self.obs.turn != self.viewer:
            return f"{name} waits for your turn."
        if self.queued_card() is not None:
            return "Reveal the card waiting on your stand first."
        return f"{name} cannot be played now."

    def grid_key(self, event: pygame.event.Event) -> bool:
        """G with the cursor in the grid picks its cell as your guess (the right button's pick,
        for notes of your own marks, where Enter marks)."""
        if event.key != pygame.K_g or self.cursor_rect() is None or self.cursor[0][0] != "grid":
            return False
        _, suspect, hour = self.cursor[0]
        self.grid_act((suspect, hour), pick=True)
        return True

    # -- what Enter does -----------------------------------------------------------------------
    def cursor_words(self) -> str:
        """The tag over the ring; the grid says it on its own bottom line (``grid_cursor_words``)."""
        if self.cursor is None or self.cursor[0][0] == "button":
            return super().cursor_words()
        target = self.cursor[0]
        if target[0] == "grid":
            return ""
        if target[0] == "pass":
            return "Enter: pass your cards and end your turn"
        card = target[1][1]
        sprite = self.board.sprite(("card", card))
        if sprite is None or not sprite.clickable:
            return ""
        if card == self.queued_card():
            return "Enter: reveal it"
        if card in self.chosen:
            return "Enter: take it back"
        if self._investigate_open():
            return "Enter: ask about it"
        return "Enter: pass your cards"

    def cursor_tag_at(self, rect, width: float) -> tuple[float, float]:
        """The pass's tag inside the next player's area, at its bottom left, clear of its cards:
        above the area it lay over the trail's line ("Round 1. Furriarty steps right...")."""
        if self.cursor is not None and self.cursor[0][0] == "pass":
            x, y, _, h = rect
            return (x + 8, y + h - TAG_HEIGHT - 8)
        return super().cursor_tag_at(rect, width)

    def grid_cursor_words(self) -> str:
        """What Enter does on the grid place the ring is on, for the grid's bottom line; "" when
        the ring is elsewhere."""
        if self.cursor is None or self.cursor[0][0] != "grid" or self.cursor_rect() is None:
            return ""  # (asked every frame: the cheap test first)
        _, suspect, hour = self.cursor[0]
        if self.marks_here((suspect, hour)):
            mark = self.own_marks().get(self.cards.card_id(suspect, hour))
            doing = {None: "crosses it out", CROSSED: "circles it"}.get(mark, "clears your mark")
            return f"Enter {doing}; G picks it as your guess."
        if self.pick == (suspect, hour):
            return "Enter lets go of this guess; Tab, then Enter, makes it."
        return f"Enter picks {guess_words(self.cards, suspect, hour)} as your guess."

    def cursor_cancel(self) -> bool:
        """Backspace lets go of the pass, a chosen card or the picked guess, most recent first."""
        if self.pass_armed:
            self.pass_armed = False
            self._relayout()
            if self.cursor is not None and self.cursor[0][0] == "pass":
                self.start_cursor()
            return True
        if self.chosen:
            back = ("sprite", ("card", self.chosen[-1]))
            self.take_back()
            self.ring_on(back)
            return True
        if self.pick is not None:
            self.pick = None
            self._rebuild_widgets()
            return True
        return False
