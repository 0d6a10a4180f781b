"""Animating the Purrrlock Holmes table's events: sprites carried over to their new keys, each
event's moves, flips, callouts and sounds on one timeline, and the sprites moved to their new
places.

``EventAnimation`` is mixed into ``PurrrlockTable`` (table/__init__.py) and drives its ``board``."""

from __future__ import annotations

from collections.abc import Sequence

from sleuth.core.values import Event
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.layout import DECK_POS, DISCARD_POS, TRAIL_X0, TRAIL_X1, TRAIL_Y
from sleuth.games.purrrlock_holmes.table.notes import guess_words
from sleuth.ui.motion import Leg, at_time, run_path
from sleuth.ui.words import cap


class EventAnimation:
    """Animating events on the table's board."""

    def _rekey(self, previous, events: Sequence[Event]) -> dict[int, list]:
        """Carry sprites over when a thing changes key: collected tokens, revealed Investigations."""
        board = self.board
        obs = self.obs
        taken: dict[int, list] = {}
        r = self.removed(previous)
        order = [e.seat for e in events if isinstance(e, R.TokensCollected)]
        order += [s for s in range(obs.players) if s not in order]
        for seat in order:
            before = len(previous.collected[seat])
            after = len(obs.collected[seat])
            keys = []
            for k in range(before, after):
                if obs.caught_furriarty == seat and k == after - 1:
                    keys.append(("furr",))
                    continue
                board.rekey(("paw", r), ("got", seat, k))
                keys.append(("got", seat, k))
                r += 1
            if keys:
                taken[seat] = keys
        for e in events:
            if isinstance(e, R.Solved) and board.sprite(("stand", e.seat)) is not None:
                board.rekey(("stand", e.seat), ("card", e.card))
        return taken

    def _animate(self, previous, events: Sequence[Event], taken: dict[int, list], animate: bool) -> None:
        board = self.board
        placements = self._placements
        legs: dict = {}
        starts: dict = {}
        sounds: list[tuple[float, str]] = []
        t = 0.0
        me = self.viewer
        pal = self.scene.app.palette
        new_backs: dict[int, list] = {}
        for key in placements:
            if key[0] == "back" and board.sprite(key) is None:
                new_backs.setdefault(key[1], []).append(key)
        for keys in new_backs.values():
            keys.sort()
        in_discard = {("card", c) for c in previous.discard} if previous is not None else set()
        fa = previous.furriarty_at if previous is not None else 0
        removed = self.removed(previous) if previous is not None else 0

        def leg(key, start, duration, pos, face=None, angle=0.0, lift=14.0, terminal=True):
            legs.setdefault(key, []).append((Leg(start, duration, pos, angle, face, lift), terminal))

        def start_at(key, pos, face_up=False):
            if board.sprite(key) is None and key not in starts:
                starts[key] = (pos, face_up)

        def say(text, pos, colour, start, duration=0.9, size=17):
            if animate:
                self.callouts.add(board, text, pos, colour, start, duration, size)

        if animate:
            for e in events:
                if isinstance(e, R.TrailLaid):
                    for i, (key, _slot) in enumerate(self.trail_items()):
                        start_at(key, (TRAIL_X0 - 70, TRAIL_Y))
                        leg(key, t + i * 0.05, 0.3, (0, 0))
                    sounds.append((t, "shuffle"))
                    t += 0.05 * self.trail_size() + 0.3
                elif isinstance(e, R.TurnStarted):
                    t += 0.05
                elif isinstance(e, R.InvestigationDrawn):
                    key = ("card", e.card) if e.card is not None else ("stand", e.seat)
                    start_at(key, DECK_POS)
                    leg(key, t, 0.35, (0, 0))
                    sounds.append((t, "slide"))
                    t += 0.4
                elif isinstance(e, R.NoInvestigation):
                    say("No card left for a new Investigation", self.stand_pos(e.seat), pal.bad, t)
                    t += 0.5
                elif isinstance(e, R.Investigated):
                    key = ("card", e.card)
                    start_at(key, DECK_POS if e.seeding else self.hand_anchor(e.seat))
                    ask = self.ask_pos(e.seat)
                    leg(key, t, 0.3, ask, True, 8.0, terminal=False)
                    sounds.append((t + 0.3, "flip"))
                    hold = 0.25 if e.seeding else 0.55
                    # the answer goes with its card: left behind, it sat over the second card on the stand
                    say("Lead" if e.lead else "Dead End", (ask[0], ask[1] - 58), pal.good if e.lead else pal.bad,
                        t + 0.3, hold)
                    leg(key, t + 0.3 + hold, 0.3, (0, 0))
                    sounds.append((t + 0.3 + hold, "slide"))
                    t += 0.65 + hold
                elif isinstance(e, R.Drew):
                    if e.cards is not None:
                        for i, card in enumerate(e.cards):
                            start_at(("card", card), DECK_POS)
                            leg(("card", card), t + i * 0.08, 0.35, (0, 0))
                    else:
                        for i in range(e.count):
                            if new_backs.get(e.seat):
                                key = new_backs[e.seat].pop(0)
                                start_at(key, DECK_POS)
                                leg(key, t + i * 0.08, 0.35, (0, 0))
                    if e.count:
                        sounds.append((t, "slide"))
                    t += 0.3 + 0.08 * e.count
                elif isinstance(e, R.Passed):
                    src = self.hand_anchor(e.seat)
                    dst = self.hand_anchor(e.to)
                    if e.cards is not None and me == e.seat:
                        for card in e.cards:
                            leg(("card", card), t, 0.45, dst, False, terminal=False)
                    elif e.cards is not None and me == e.to:
                        for card in e.cards:
                            start_at(("card", card), src)
                            leg(("card", card), t, 0.45, (0, 0), True)
                    for _ in range(e.count):
                        if new_backs.get(e.to):
                            key = new_backs[e.to].pop(0)
                            start_at(key, src)
                            leg(key, t, 0.45, (0, 0))
                    sounds.append((t, "slide"))
                    t += 0.5
                elif isinstance(e, R.Guessed):
                    pos = self.stand_pos(e.seat)
                    pos = (pos[0], max(66.0, pos[1] - 66))
                    text = ("Paws! " if e.paws else "") + cap(guess_words(self.cards, e.suspect, e.hour)) + "?"
                    say(text, pos, pal.ink, t, 0.65)
                    say("Right!" if e.correct else "Wrong", pos, pal.good if e.correct else pal.bad, t + 0.65, 0.7, 20)
                    sounds.append((t, "click"))
                    sounds.append((t + 0.65, "flip" if e.correct else "tick"))
                    t += 1.3
                elif isinstance(e, R.TokensCollected):
                    keys = taken.get(e.seat, [])
                    for i, key in enumerate(keys):
                        leg(key, t + i * 0.15, 0.6, (0, 0), lift=40.0)
                    fa -= len(e.values) - (1 if e.furriarty else 0)
                    removed += len(e.values) - (1 if e.furriarty else 0)
                    sounds.append((t, "slide"))
                    t += 0.7 + 0.15 * len(keys)
                elif isinstance(e, R.Solved):
                    key = ("card", e.card)
                    if me == e.seat:
                        sx, sy = self.stand_pos(e.seat)
                        leg(key, t, 0.3, (sx, sy - 20), True, terminal=False)
                        say(f"It was {self.cards.card_name(e.card)}!", (sx, sy - 84), pal.good, t + 0.3, 0.9)
                        sounds.append((t, "flip"))
                        t += 0.9
                    leg(key, t, 0.4, (0, 0), True)
                    t += 0.45
                elif isinstance(e, R.Discarded):
                    for i, card in enumerate(e.cards):
                        leg(("card", card), t + i * 0.05, 0.35, DISCARD_POS, True)
                        in_discard.add(("card", card))
                    sounds.append((t, "slide"))
                    t += 0.4 + 0.05 * len(e.cards)
                elif isinstance(e, R.Reshuffled):
                    for key in in_discard:
                        leg(key, t, 0.4, DECK_POS, False, terminal=False)
                    in_discard = set()
                    sounds.append((t, "shuffle"))
                    say("Discard pile shuffled into a new deck", (DECK_POS[0] - 40, DECK_POS[1] + 48), pal.ink, t)
                    t += 0.6
                elif isinstance(e, R.FurriartyMoved):
                    leg(("furr",), t, 0.6, (0, 0), lift=42.0)
                    passed = ("paw", removed + fa)
                    leg(passed, t, 0.6, (0, 0), True, lift=0.0)
                    fa += 1
                    sounds.append((t, "tick"))
                    sounds.append((t + 0.4, "flip"))
                    fx, fy = self.slot_pos(removed + fa)
                    say(f"Furriarty turns up a {e.revealed}" if e.revealed else "Furriarty moves", (fx, fy + 44),
                        pal.bad, t + 0.5, 0.9)
                    t += 1.0
                    if e.last_round:
                        say("Last round: catch him now!", ((TRAIL_X0 + TRAIL_X1) / 2, TRAIL_Y + 44), pal.bad, t, 1.2, 20)
                        t += 0.8
                elif isinstance(e, R.GameOver):
                    text = "Furriarty is caught!" if e.caught else "Furriarty escapes London!"
                    say(text, ((TRAIL_X0 + TRAIL_X1) / 2, TRAIL_Y + 44), pal.good if e.caught else pal.bad, t, 1.4, 22)
                    t += 1.0
        for when, name in sounds:
            at_time(board, when, lambda n=name: self.scene.app.sound.play(n), skip_if_rushed=True)
        self._apply(placements, legs, starts, animate)

    def deal_source(self, sprite) -> tuple[float, float] | None:
        """A new game's cards are dealt from the clue deck (the trail's tokens lie in place)."""
        return DECK_POS if sprite.key[0] in ("card", "stand", "back") else None

    def _apply(self, placements: dict, legs: dict, starts: dict, animate: bool) -> None:
        board = self.board
        for key in list(board.by_key):
            if key not in placements:
                if animate and key in legs:
                    sprite = board.by_key[key]
                    run_path(board, sprite, [leg for leg, _ in legs[key]], done=lambda k=key: self._drop_sprite(k),
                             layer_while_moving=300)
                else:
                    board.remove(key)
        for key, (pos, angle, size, front, back, face_up, layer, tip) in placements.items():
            sprite = board.sprite(key)
            fresh = sprite is None
            if sprite is None:
                start, start_up = starts.get(key, (pos, face_up)) if animate else (pos, face_up)
                sprite = board.ensure(key, size, front, back, start_up, start, layer)
                sprite.corner = size[0] / 2 if key[0] in ("paw", "furr", "got") else 8.0
            else:
                start = min((leg.start for leg, _terminal in legs.get(key, [])), default=0.0) if animate else 0.0
                if size != sprite.size and start > 0:
                    # it keeps its size where it lies until it leaves (a long Dead Ends pile on its way
                    # to the discard had grown to whole cards in its panel, over the notes, g5_3)
                    at_time(board, start, lambda k=key: self._resize(k))
                else:
                    sprite.front, sprite.back, sprite.size = front, back, size
                    sprite.corner = size[0] / 2 if key[0] in ("paw", "furr", "got") else 8.0
            board.set_layer(sprite, layer)
            sprite.tooltip = tip
            self._set_input(sprite)
            path = []
            for i, (leg, terminal) in enumerate(legs.get(key, [])):
                last = i == len(legs[key]) - 1
                if last and terminal:
                    leg = Leg(leg.start, leg.duration, pos, angle, face_up, leg.lift)
                path.append(leg)
            if path and (path[-1].pos != pos or path[-1].face_up != face_up):
                path.append(Leg(path[-1].end, 0.3, pos, angle, face_up))
            if not path and (sprite.pos != pos or sprite.angle != angle or sprite.face_up != face_up):
                path = [Leg(0.0, 0.35, pos, angle, face_up)]
            if path:
                scripted = key in legs
                run_path(board, sprite, path, hidden_until_start=fresh and scripted,
                         layer_while_moving=200 + layer if scripted else None)
        self._refresh_drop_areas()

    def _resize(self, key) -> None:
        """Give a sprite the size and faces of its place now (as it sets off towards it)."""
        sprite = self.board.sprite(key)
        place = self._placements.get(key)
        if sprite is not None and place is not None:
            _pos, _angle, size, front, back, *_rest = place
            sprite.front, sprite.back, sprite.size = front, back, size
            sprite.corner = size[0] / 2 if key[0] in ("paw", "furr", "got") else 8.0

    def _drop_sprite(self, key) -> None:
        if key not in self._placements:
            self.board.remove(key)
