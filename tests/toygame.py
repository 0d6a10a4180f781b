"""A tiny game that exists only to test the engine contract (not shipped, not a fifth game).

Rules: a deck of cards 1..9 (from ``tests/data/toy.yaml``), each seat dealt 2 hidden cards.
On your turn play one card face up (it scores its value) and draw one if any are left.
Once per game, out of turn, a seat may Knock for 1 point. When every hand is empty the highest
score wins (ties shared). Hidden: each hand from the other seats, and the deck order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from sleuth.ai.bot import Bot, RandomBot
from sleuth.core.engine import GameState, Observation, Outcome
from sleuth.core.registry import GameSpec, OptionSpec
from sleuth.core.values import Action, Event, ValueCodec
from sleuth.data.loader import load_yaml

DATA = Path(__file__).parent / "data" / "toy.yaml"


@dataclass(frozen=True)
class ToyCards:
    values: tuple[int, ...]
    hand_size: int


def load_cards(path: Path = DATA) -> ToyCards:
    root = load_yaml(path).mapping(required=("game", "cards", "hand_size"))
    values = tuple(n.int(1, 9) for n in root["cards"].seq(min_len=4))
    return ToyCards(values, root["hand_size"].int(1, 3))


@dataclass(frozen=True)
class Play(Action):
    KIND = "play"
    card: int


@dataclass(frozen=True)
class Knock(Action):
    KIND = "knock"


@dataclass(frozen=True)
class Drew(Event):
    KIND = "drew"
    seat: int
    card: int | None  # None in the copy shown to the other seats


@dataclass(frozen=True)
class Played(Event):
    KIND = "played"
    seat: int
    card: int


@dataclass(frozen=True)
class Knocked(Event):
    KIND = "knocked"
    seat: int


@dataclass(frozen=True)
class GameOver(Event):
    KIND = "game_over"
    winners: tuple[int, ...]


@dataclass(frozen=True)
class ToyObservation(Observation):
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    deck_size: int
    knocked: tuple[bool, ...]


class ToyState(GameState):
    GAME_ID = "toy"
    __slots__ = ("rng", "players", "log", "deck", "hands", "scores", "turn", "knocked")

    def __init__(self, cards: ToyCards, players: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.players = players
        self.log = []
        self.deck = list(cards.values)
        self.rng.shuffle(self.deck)
        self.hands = [[] for _ in range(players)]
        self.scores = [0] * players
        self.knocked = [False] * players
        self.turn = 0
        for _ in range(cards.hand_size):
            for seat in range(players):
                self._draw(seat)

    def _draw(self, seat: int) -> None:
        if not self.deck:
            return
        card = self.deck.pop()
        self.hands[seat].append(card)
        others = tuple(s for s in range(self.players) if s != seat)
        self.emit(Drew(seat, card, audience=(seat,)))
        self.emit(Drew(seat, None, audience=others, public=True))

    def pending_seats(self):
        return () if self.is_over() else (self.turn,)

    def optional_seats(self):
        if self.is_over():
            return ()
        return tuple(s for s in range(self.players) if s != self.turn and not self.knocked[s])

    def legal_actions(self, seat):
        if self.is_over():
            return []
        if seat == self.turn:
            return [Play(c) for c in sorted(set(self.hands[seat]))]
        return [Knock()] if not self.knocked[seat] else []

    def why_illegal(self, seat, action):
        if isinstance(action, Play):
            if seat != self.turn:
                return "it is not your turn"
            if action.card not in self.hands[seat]:
                return f"you hold no {action.card}"
            return None
        if isinstance(action, Knock):
            if seat == self.turn:
                return "knocking is only allowed out of turn"
            if self.knocked[seat]:
                return "you have already knocked this game"
            return None
        return f"{action} is not a toy action"

    def _apply(self, seat, action):
        if isinstance(action, Knock):
            self.knocked[seat] = True
            self.scores[seat] += 1
            self.emit(Knocked(seat))
            return
        self.hands[seat].remove(action.card)
        self.scores[seat] += action.card
        self.emit(Played(seat, action.card))
        self._draw(seat)
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.hands[nxt]:
                self.turn = nxt
                break
        if self.is_over():
            self.emit(GameOver(self.outcome().winners))

    def _view(self, seat, own_hand_visible):
        hand = tuple(sorted(self.hands[seat])) if seat is not None and own_hand_visible else None
        return ToyObservation(
            seat=seat,
            players=self.players,
            pending=self.pending_seats(),
            log=self.events_for(seat),
            outcome=self.outcome(),
            hand=hand,
            hand_sizes=tuple(len(h) for h in self.hands),
            scores=tuple(self.scores),
            deck_size=len(self.deck),
            knocked=tuple(self.knocked),
        )

    def observe(self, seat):
        return self._view(seat, True)

    def seer_view(self, seat):
        return self._view(seat, True)

    def is_over(self):
        return not any(self.hands)

    def outcome(self):
        if not self.is_over():
            return None
        best = max(self.scores)
        winners = tuple(s for s in range(self.players) if self.scores[s] == best)
        return Outcome(None, winners, tuple(float(s) for s in self.scores), f"highest score {best}")

    def clone(self):
        other = ToyState.__new__(ToyState)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.players = self.players
        other.log = list(self.log)
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.scores = list(self.scores)
        other.knocked = list(self.knocked)
        other.turn = self.turn
        return other

    def check_invariants(self):
        cards = sorted(self.deck + [c for h in self.hands for c in h] + [e.card for e in self.log if isinstance(e, Played)])
        assert cards == sorted(load_cards().values), "a card was lost or duplicated"

    def stats(self):
        return {"turns": float(sum(isinstance(e, Played) for e in self.log))}


class HighCardBot(Bot):
    kind = "basic"

    def choose(self, obs, legal, rng, budget_s=0.1):
        plays = [a for a in legal if isinstance(a, Play)]
        return max(plays, key=lambda a: a.card) if plays else legal[0]


def new_game(players, options, seed):
    return ToyState(load_cards(), players, seed)


SPEC = GameSpec(
    id="toy",
    name="Toy",
    pitch="A test-only game.",
    min_players=2,
    max_players=3,
    team=False,
    options=(OptionSpec("speed", "Speed", "normal", ("normal", "fast")),),
    new_game=new_game,
    bots={"random": RandomBot, "basic": HighCardBot, "expert": HighCardBot},
    actions=ValueCodec([Play, Knock]),
    events=ValueCodec([Drew, Played, Knocked, GameOver]),
    data_file="toy.yaml",
    load_cards=load_cards,
)
