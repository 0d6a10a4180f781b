"""Turning the Bakerstreet model and its timeline into motion on the board: every detective card's
sprite placed where the model ends (or sent along its keyframes), taken evidence cards flying to
the taker's letters, the sounds at their moments, the clock the side panel follows, and the
table brought up to date when animations end or the memory aid is switched.

``TableAnimation`` is mixed into ``BakerstreetTable`` (table/__init__.py) and drives its ``board``
from ``replay`` (table/model.py).
"""

from __future__ import annotations

from sleuth.games.bakerstreet.table.layout import CARD, EV, LETTERS_X, letter_tile_width, letters_y
from sleuth.games.bakerstreet.table.model import Token
from sleuth.ui.timeline import call_at, run_path
from sleuth.ui.tween import Tween, lerp


class TableAnimation:
    """Placing and animating the sprites from the model and its timeline."""

    def _final_layout(self) -> dict[int, tuple[tuple[float, float], bool, int, Token]]:
        """token id -> (pos, face_up, layer, token) for the model's end state."""
        m = self.model
        out = {}
        for seat in range(2):
            hand = m.hands[seat]
            for i, tok in enumerate(hand):
                out[tok.id] = (self.hand_pos(seat, i, len(hand)), self.sees(seat) and tok.value is not None,
                               300 + i, tok)
            for depth, tok in enumerate(m.used[seat]):
                out[tok.id] = (self.used_pos(seat, depth + 1), True, 100 + depth, tok)
        for stack, pile in enumerate(m.piles):
            for depth, tok in enumerate(reversed(pile)):
                out[tok.id] = (self.covered_pos(stack, depth, len(pile)), True, 200 - depth, tok)
        return out

    def _place(self, animate: bool) -> None:
        board = self.board
        final = self._final_layout()
        speed = board.speed if animate else 0.0
        keep = {("det", tid) for tid in final} | {("det", tid) for tid in self.replay.gone}
        for key in list(board.by_key):
            if key[0] == "det" and key not in keep:
                board.remove(key)
            elif key[0] == "ev":
                board.remove(key)
        all_ids = list(final) + [tid for tid in self.replay.gone if tid not in final]
        for tid in all_ids:
            gone = self.replay.gone.get(tid)
            pos, face_up, layer, tok = final.get(tid, (self.deck_pos(gone.owner if gone else 0), False, 50, gone))
            key = ("det", tid)
            sprite = board.sprite(key)
            front = self.faces.token_face(tok)
            back = self.faces.detective_back(tok.owner)
            frames = self.replay.keys.get(tid, []) if animate else []
            if sprite is None:
                start, start_up = self.replay.start_at.get(tid, (pos, face_up)) if frames else (pos, face_up)
                sprite = board.ensure(key, CARD, front, back, start_up, start, layer)
            else:
                sprite.front, sprite.back = front, back
            board.set_layer(sprite, layer)
            sprite.tooltip = self._card_tip(tok)
            sprite.dimmed = self._covered(tok)
            if frames:
                run_path(board, sprite, frames, speed, tid in self.replay.gone)
            else:
                board.move(sprite, pos, 0.0, duration=0.3)
                board.flip(sprite, face_up)
        # layers for cards in flight: the last to arrive lies on top
        self._flights(speed)
        self._sounds(speed if animate else 0.0, animate)
        total = self.replay.end if animate else 0.0
        self.anim_t = 0.0 if total > 0 and speed > 0 else total
        self.anim_end = total
        if total > 0 and speed > 0:
            def progress(u: float) -> None:
                self.anim_t = u * total
            board.tweens.add(Tween(total * speed, progress, lambda u: u))
        else:
            self.anim_t = total
        self._interactivity()
        self._refresh_drop_areas()

    def deal_source(self, sprite) -> tuple[float, float] | None:
        """A new game's hands are dealt from each player's own unused deck."""
        if sprite.key[0] != "det":
            return None
        return self.deck_pos(self._token_by_id(sprite.key[1]).owner)

    def _covered(self, tok: Token) -> bool:
        """A detective card under the top of its pile (drawn dimmed: shown only as a memory aid)."""
        return any(tok in pile[:-1] for pile in self.model.piles)

    def _token_by_id(self, tid: int) -> Token | None:
        m = self.model
        for zone in m.hands + m.used + m.piles:
            for tok in zone:
                if tok.id == tid:
                    return tok
        return Token(tid, 0)

    def _flights(self, speed: float) -> None:
        """Taken evidence cards fly from their stack to the taker's letters."""
        for i, (when, seat, stack, letter) in enumerate(self.replay.flights):
            key = ("ev", i, when)
            face = (self.faces.evidence_face(letter) if letter is not None and self.sees(seat)
                    else self.faces.evidence_back())
            sprite = self.board.ensure(key, EV, face, self.faces.evidence_back(), False, self.evidence_pos(stack), 500)
            target = self.letters_pos(seat)
            if letter is not None and self.sees(seat) and letter in self.obs.alphabet:
                tile_w = letter_tile_width(len(self.obs.alphabet))
                index = self.obs.alphabet.index(letter)
                target = (LETTERS_X + index * tile_w + (tile_w - 3) / 2, letters_y(seat == self.bottom))
            origin = self.evidence_pos(stack)

            def apply(u: float, s=origin, p=target, spr=sprite) -> None:
                spr.pos = (lerp(s[0], p[0], u), lerp(s[1], p[1], u) - 30 * (1 - (2 * u - 1) ** 2))

            self.board.tweens.add(Tween(0.6 * speed, apply, delay=when * speed))
            if self.sees(seat):
                self.board.flip(sprite, True, delay=when + 0.05)
            call_at(self.board, when + 0.65, lambda k=key: self.board.remove(k), speed)

    def _sounds(self, speed: float, animate: bool) -> None:
        if not animate:
            return
        sound = self.scene.app.sound
        for when, name in self.replay.sounds:
            call_at(self.board, when, lambda n=name: sound.play(n), speed)

    # -- time -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        memory = self.scene.app.settings.show_covered_cards
        if memory != self._memory and self.obs is not None and not self.busy:
            self._memory = memory
            self.sync(self.obs, (), False)  # fan the covered cards out (or square them up)
        busy = self.busy
        if self._was_busy and not busy:
            self.settled()
        self._was_busy = busy

    def settled(self) -> None:
        """The scene offers the controls for the state as it is now (also where the moves offered
        changed without a move: a lesson's step that asks for one after steps that only talk)."""
        if self.obs is not None and not self.busy:
            self._interactivity()
            self._rebuild_widgets()

    def finish_animations(self) -> None:
        super().finish_animations()
        self.anim_t = self.anim_end
        self.settled()
