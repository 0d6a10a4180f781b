"""Animating the Beyond Baker Street table: stable keys for the viewer's face-down cards as events
move them, each card's start time from the first event that mentions it, where a new sprite comes
from, the sprites moved, flipped and sent back to the deck to their new places, and the two
track markers stepping to their new values.

``EventAnimation`` is mixed into ``BBSTable`` (table/__init__.py) and drives its ``board``."""

from __future__ import annotations

from collections.abc import Sequence

from sleuth.core.values import Event
from sleuth.games.beyond_baker_street import characters as C
from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.table.layout import DECK_POS
from sleuth.ui.tween import Tween

EVENT_STEP = 0.22  # seconds between the animations of successive events


class EventAnimation:
    """Engine events to motion on the table's board."""

    def _track_tokens(self, events: Sequence[Event]) -> dict[int, str]:
        """Stable keys for the viewer's own face-down cards (identity never revealed). Returns the
        tokens of the cards that left the viewer's hand with the card each turned out to be (the
        play named it): that sprite becomes the card itself and goes on to where it was played."""
        me = self.viewer
        left: dict[int, str] = {}
        if me is None:
            return left
        for e in events:
            if isinstance(e, (R.Investigated, R.Eliminated)) and e.seat == me and e.slot < len(self.own_tokens):
                left[self.own_tokens.pop(e.slot)] = e.card
            elif isinstance(e, R.Drew) and e.seat == me:
                self.own_tokens.append(next(self._token_counter))
            elif isinstance(e, C.Kept) and e.seat == me:
                self.own_tokens.append(next(self._token_counter))
            elif isinstance(e, C.SwappedHands):
                if e.seat == me and e.slot < len(self.own_tokens):
                    left[self.own_tokens[e.slot]] = e.gave
                    self.own_tokens[e.slot] = next(self._token_counter)
                if e.target == me and e.target_slot < len(self.own_tokens):
                    left[self.own_tokens[e.target_slot]] = e.got
                    self.own_tokens[e.target_slot] = next(self._token_counter)
        hand = self.obs.hands[me]
        if len(self.own_tokens) != len(hand):
            self.own_tokens = [next(self._token_counter) for _ in hand]
        return left

    def _rekey(self, previous, events: Sequence[Event], left: dict[int, str]) -> None:
        """Sprites that stay the same card under a new key: an own face-down card that was played
        (it is now that evidence card), and a confirmed lead's evidence (now a face-down pile)."""
        board = self.board
        for token, name in left.items():
            if name in self.card_of:
                board.rekey(("own", token), ("ev", self.card_of[name]))
        if previous is None:
            return
        for e in events:
            if isinstance(e, R.Confirmed):
                sec = next((s for s in previous.sections if s.id == e.section), None)
                if sec is not None:
                    for k, card in enumerate(sec.cards + sec.mismatched):
                        board.rekey(("ev", card), ("down", e.section, k))

    def _delays(self, events: Sequence[Event]) -> dict:
        """Each card starts moving when the first event that mentions it plays (events in order)."""
        delays: dict = {}
        step = EVENT_STEP
        for index, e in enumerate(events):
            for key in self._keys_in(e):
                delays.setdefault(key, index * step)
        return delays

    def _keys_in(self, e: Event) -> list:
        keys = []
        for name in ("card", "impossible_card", "gave", "got", "buried"):
            value = getattr(e, name, None)
            if isinstance(value, str) and value in self.card_of:
                keys.append(("ev", self.card_of[value]))
        for value in getattr(e, "cards", ()) or ():
            if isinstance(value, str) and value in self.card_of:
                keys.append(("ev", self.card_of[value]))
        lead = getattr(e, "lead", None)
        if isinstance(lead, str) and lead in self.lead_of:
            keys.append(("lead", self.lead_of[lead]))
        return keys

    def _start_for(self, key, events: Sequence[Event]) -> tuple[tuple[float, float], bool]:
        """Where a card that just appeared comes from, and whether it starts face up."""
        deck = DECK_POS
        if key[0] == "own":
            return deck, False
        if key[0] == "down":
            index = [s.id for s in self.obs.sections].index(key[1])
            return self.section_centre(index), False
        if key[0] == "lead":
            for e in events:
                if isinstance(e, R.LeadRevealed) and self.lead_of.get(e.lead) == key[1]:
                    index = self.obs and [s.id for s in self.obs.sections].index(e.section)
                    cx, cy = self.section_centre(index or 0)
                    return (cx, cy - 6), False
            return deck, False
        name = self.cards.card_key(key[1])
        for e in events:
            if isinstance(e, (R.Investigated, R.Eliminated)) and e.card == name and e.seat == self.viewer:
                token_pos = self._own_slot_pos(e.slot)
                return token_pos, False
            if isinstance(e, R.Drew) and e.card == name:
                return deck, False
        return deck, False

    def deal_source(self, sprite) -> tuple[float, float] | None:
        """A new game's hands are dealt from the deck (the case's leads lie in place from the start)."""
        return DECK_POS if sprite.key[0] in ("ev", "own") else None

    def _apply_layout(self, placements: dict, events: Sequence[Event], delays: dict, animate: bool) -> None:
        board = self.board
        going_to_deck = set()
        for e in events:
            if isinstance(e, R.Reshuffled):
                going_to_deck |= {("ev", self.card_of[n]) for n in e.cards if n in self.card_of}
            elif isinstance(e, C.PlacedPeeked):  # the card Toby sniffed goes back into the deck
                going_to_deck |= {key for key in board.by_key if key[0] == "ev" and key not in placements}
            elif isinstance(e, C.Kept) and e.buried in self.card_of:
                going_to_deck.add(("ev", self.card_of[e.buried]))
        for key in list(board.by_key):
            if key not in placements:
                sprite = board.by_key[key]
                sprite.badges = ()  # what a holder knew about a card stays with the holder
                sprite.clickable = sprite.draggable = False
                if animate and (key in going_to_deck or key[0] == "own"):
                    delay = delays.get(key, 0.0)
                    board.flip(sprite, False, delay=delay)
                    board.move(sprite, DECK_POS, 0.0, duration=0.45, delay=delay,
                               done=lambda k=key: board.remove(k))
                else:
                    board.remove(key)
        for key, (pos, angle, size, front, back, face_up, layer, tip, draggable) in placements.items():
            sprite = board.sprite(key)
            if sprite is None:
                start, start_up = self._start_for(key, events) if animate else (pos, face_up)
                sprite = board.ensure(key, size, front, back, start_up, start, layer)
                if animate:
                    self.scene.app.sound.play("slide")
            else:
                sprite.front, sprite.back, sprite.size = front, back, size
            board.set_layer(sprite, layer)
            sprite.tooltip = tip
            sprite.draggable = draggable
            sprite.clickable = key[0] == "ev" and self._is_partner_card(key[1])
            sprite.badges = self._badges(key)
            delay = delays.get(key, 0.0)
            board.move(sprite, pos, angle, duration=0.4, delay=delay)
            if sprite.face_up != face_up:
                board.flip(sprite, face_up, delay=delay + 0.15)
                if animate:
                    self.scene.app.sound.play("flip")
        if animate and going_to_deck:
            self.scene.app.sound.play("shuffle")
        self._refresh_drop_areas()

    def _animate_tracks(self, obs, animate: bool) -> None:
        """The markers step one space at a time toward their new values (with a tick per step)."""
        for attr, goal in (("holmes_shown", obs.holmes), ("track_shown", obs.investigation)):
            start = getattr(self, attr)
            if not animate or start == goal:
                setattr(self, attr, float(goal))
                continue
            steps = abs(goal - start)
            duration = min(1.2, 0.12 * steps) * self.board.speed
            last = [round(start)]

            def apply(t: float, a=attr, s=start, g=goal, last=last) -> None:
                value = s + (g - s) * t
                setattr(self, a, value)
                if round(value) != last[0]:
                    last[0] = round(value)
                    self.scene.app.sound.play("tick")

            self.board.tweens.add(Tween(duration, apply, lambda t: t, delay=0.2 * self.board.speed))
