"""Bakerstreet by keyboard: the table's cursor (``ui/cursor.py``) over your hand, the evidence
stacks and the side panel's buttons, doing what the mouse's clicks do.

Enter on one of your cards chooses it, as a click does; the stacks it may go beside are then the
cursor's places, and Enter on one plays it there. When you won a dispute, Enter on a stack
evaluates it. Backspace (or Esc) lets go of the chosen card. A bare Enter with no ring shown
still bids the amount the panel shows, as - and + set it (``input.py``).

``TableKeyboard`` is mixed into ``BakerstreetTable`` and works on its state (``obs``, ``model``,
``selected``, ``widgets``, ``board``).
"""

from __future__ import annotations

from sleuth.games.bakerstreet import rules as R
from sleuth.ui.cursor import TableCursor


class TableKeyboard(TableCursor):
    """The places, Enter and the tag of Bakerstreet's keyboard cursor."""

    enter_starts_cursor = False  # a bare Enter bids

    def cursor_places(self) -> list[tuple]:
        if self.obs is None or self.viewer is None or self.busy:
            return []
        out = []
        hand = {tok.id for tok in self.model.hands[self.viewer]}
        for key, sprite in self.board.by_key.items():
            if key[0] == "det" and key[1] in hand and not sprite.hidden:
                out.append((("sprite", key), sprite.rect_logical))
        out.sort(key=lambda place: place[1][0])  # left to right, as the hand is drawn
        legal = self.legal()
        if self.selected is not None:
            sprite = self.board.sprite(("det", self.selected))
            targets = self._targets_for(sprite) if sprite is not None else set()
            out += [(("stack", target[1]), self.stack_rect(target[1])) for target in sorted(targets)]
        elif any(isinstance(a, R.Choose) for a in legal):
            out += [(("stack", i), self.stack_rect(i)) for i in range(self.model.stacks) if R.Choose(i) in legal]
        return out

    def cursor_first(self, places):
        """A stack to evaluate when that is the move, else your first card."""
        stacks = [p for p in places if p[0][0] == "stack"]
        return (stacks or places)[0]

    def cursor_enter(self, target) -> None:
        legal = self.legal()
        if target[0] == "stack":
            stack = target[1]
            if R.Choose(stack) in legal:
                action = R.Choose(stack)
            elif self.selected is not None:
                action = self._play_for(self.selected, stack)
            else:
                return
            reason = self.scene.act(action) if action in legal else "You cannot play a card now."
            if reason:
                self._refused(reason)
            return
        sprite = self.board.sprite(target[1])
        if sprite is None:
            return
        if not self._may_play():
            self.cursor = None  # the ring steps aside: the next bare Enter bids, as the words say
            self.scene.app.toast(self._why_no_card(legal))
            return
        self._on_click(sprite)
        if self.selected is not None:
            # on to the stacks it may go beside: the tag "Enter: put it back" over the chosen card
            # had covered "now click a stack" (verifier), and a stack is the next key's place
            stacks = [p for p in self.cursor_places() if p[0][0] == "stack"]
            if stacks:
                self.ring_on(stacks[0][0])

    def owns(self, sprite) -> bool:
        """The detective cards of your hand."""
        return sprite.key[0] == "det" and self.obs is not None and self.viewer is not None and \
            sprite.key[1] in {tok.id for tok in self.model.hands[self.viewer]}

    def card_rests_reason(self, sprite) -> str | None:
        """Your card stays in hand in the bidding, the choice of a stack, the taking of a letter."""
        return None if self._may_play() else self._why_no_card(self.legal())

    def _why_no_card(self, legal) -> str:
        """Why Enter on a card of your hand plays nothing now."""
        phase = self.obs.phase
        if not legal:
            return "It is not your turn."
        if phase == R.BID:
            return "You have played this turn's card: now you bid. - and + set the amount, Enter bids it."
        if phase == R.CHOOSE:
            return "Choose the stack to evaluate first."
        if phase == R.TAKE:
            return "Take an evidence letter first."
        return "You cannot play a card now."

    def cursor_words(self) -> str:
        if self.cursor is None or self.cursor[0][0] == "button":
            return super().cursor_words()
        target = self.cursor[0]
        if target[0] == "stack":
            return "Enter: evaluate it" if R.Choose(target[1]) in self.legal() else "Enter: play it here"
        if not self._may_play():
            return ""
        return "Enter: put it back" if self.selected == target[1][1] else "Enter: choose it"

    def cursor_cancel(self) -> bool:
        """Backspace lets go of the chosen card, and the ring goes back to it."""
        if self.selected is None:
            return False
        back = ("sprite", ("det", self.selected))
        self.cancel()
        self.ring_on(back)
        return True
