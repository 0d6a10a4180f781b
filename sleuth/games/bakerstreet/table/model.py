"""Replaying the viewer's event log into a model of where every detective card lies, and into the
timeline an animated sync plays: keyframes per card, sounds, evidence flights, and what the side
panel shows when.

Each detective card is a token with a stable id (its sprite key), which is how cards travel
hand -> pile -> evaluation tray -> used pile -> shuffled back, and how the memory aid knows the
covered cards: the viewer saw every one of them played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sleuth.core.values import Event
from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.table.layout import Layout


@dataclass
class Token:
    """One detective card as far as the viewer knows it (value None: never seen face up)."""

    id: int
    owner: int
    value: int | None = None
    symbol: str | None = None


@dataclass
class Model:
    """Where every detective card lies, replayed from the viewer's event log."""

    stacks: int = 5
    hands: list[list[Token]] = field(default_factory=lambda: [[], []])
    piles: list[list[Token]] = field(default_factory=list)
    used: list[list[Token]] = field(default_factory=lambda: [[], []])
    looked: dict[int, tuple[int, tuple[str, ...]]] = field(default_factory=dict)  # stack -> (round, letters)
    round: int = 0
    next_id: int = 0


@dataclass
class Show:
    """Something the side panel shows from timeline second ``t`` on (t < 0: already shown)."""

    kind: str  # round, dispute, eval
    t: float
    event: Event | None = None
    times: tuple[float, ...] = ()  # eval: when each counted card arrives
    end: float = 0.0  # eval: when the count is complete
    origin: str = ""


class Replay:
    """The viewer's log replayed for seat ``viewer`` (None: the public view) sitting at ``bottom``.

    ``run`` rebuilds the model; the events from ``new_from`` on get timeline times and keyframes.
    Empty until run: the state of a table that has seen nothing yet.
    """

    def __init__(self, bottom: int = 0, viewer: int | None = None, fan: bool = False,
                 everything: bool = False) -> None:
        self.bottom = bottom
        self.viewer = viewer
        self.everything = everything  # both hands face up (a replay's "everything revealed" eyes)
        self.fan = fan
        self.model = Model()
        self.shows: list[Show] = []
        #: (round, seat, letter) of each letter taken, for the story (letter None: taken face down)
        self.took: list[tuple[int, int, str | None]] = []
        #: (round, seat) of each evaluation won that took nothing: no letter there was new to the
        #: winner (counted with the letters, they had made "Watson takes 17 letters" of 15)
        self.took_nothing: list[tuple[int, int]] = []
        self.evals: list[R.Evaluated] = []
        self.disputes: list[R.Disputed] = []
        self.keys: dict[int, list] = {}  # token id -> [(t, duration, pos, face_up)]
        self.start_at: dict[int, tuple[tuple[float, float], bool]] = {}
        self.gone: dict[int, Token] = {}
        self.flights: list[tuple[float, int, int, str | None]] = []  # (t, seat, stack, letter)
        self.sounds: list[tuple[float, str]] = []
        self.end = 0.0  # the timeline's length in seconds (unscaled)
        self._live = False

    @property
    def layout(self) -> Layout:
        return Layout(self.bottom, self.model.stacks, self.fan)

    def run(self, log: Sequence[Event], new_from: int, hand_sizes: Sequence[int]) -> None:
        t = 0.0
        for index, e in enumerate(log):
            live = index >= new_from
            t0 = t if live else -1.0
            self._live = live
            took = self._apply_event(e, t0, live)
            if live:
                t += took
        self.end = t
        self._reconcile_hands(hand_sizes)

    def _reconcile_hands(self, hand_sizes: Sequence[int]) -> None:
        """The public log holds no draws: hand cards nobody may see are made up to the observed counts."""
        m = self.model
        for seat in range(2):
            hand = m.hands[seat]
            while len(hand) < hand_sizes[seat]:
                hand.append(Token(m.next_id, seat))
                m.next_id += 1
            while len(hand) > hand_sizes[seat]:
                hand.pop(0)

    def _key(self, tok: Token, t: float, pos: tuple[float, float], dur: float = 0.35,
             face_up: bool | None = None) -> None:
        if not self._live:
            return
        frames = self.keys.setdefault(tok.id, [])
        if frames:
            _, _, last, last_up = frames[-1]
            if abs(last[0] - pos[0]) + abs(last[1] - pos[1]) < 0.5 and face_up in (None, last_up):
                return  # already on its way there
        frames.append((t, dur, pos, face_up))

    def _sound(self, item: tuple[float, str]) -> None:
        if self._live:
            self.sounds.append(item)

    def _settle_hand(self, seat: int, t: float) -> None:
        hand = self.model.hands[seat]
        for i, tok in enumerate(hand):
            self._key(tok, t, self.layout.hand_pos(seat, i, len(hand)), 0.3)

    def _settle_pile(self, stack: int, t: float) -> None:
        pile = self.model.piles[stack]
        for depth, tok in enumerate(reversed(pile)):
            self._key(tok, t, self.layout.covered_pos(stack, depth, len(pile)), 0.3, True)

    def _apply_event(self, e: Event, t: float, live: bool) -> float:
        """Change the model for one event; returns the time the event takes on the timeline."""
        m = self.model
        if isinstance(e, R.Dealt):
            m.stacks = len(e.sizes)
            m.piles = [[] for _ in e.sizes]
            self._sound((t, "shuffle"))
            return 0.4
        if isinstance(e, R.RoundStarted):
            m.round = e.round
            self.shows.append(Show("round", t, e))
            return 0.2
        if isinstance(e, R.Drew):
            tok = Token(m.next_id, e.seat, e.value, e.symbol)
            m.next_id += 1
            m.hands[e.seat].append(tok)
            if t >= 0:
                self.start_at[tok.id] = (self.layout.deck_pos(e.seat), False)
                self._settle_hand(e.seat, t)
                self.keys[tok.id][-1] = (t, 0.35, self.keys[tok.id][-1][2], e.seat == self.viewer or self.everything)
                self._sound((t, "slide"))
            return 0.14
        if isinstance(e, R.Reshuffled):
            for tok in m.used[e.seat]:
                self._key(tok, t, self.layout.deck_pos(e.seat), 0.4, False)
                if t >= 0:
                    self.gone[tok.id] = tok
            m.used[e.seat] = []
            self._sound((t, "shuffle"))
            return 0.7
        if isinstance(e, R.Played):
            hand = m.hands[e.seat]
            pick = next((k for k in hand if k.value == e.value and k.symbol == e.symbol), None)
            if pick is None:
                pick = next((k for k in hand if k.value is None), hand[0] if hand else None)
            if pick is None:  # cannot happen with a consistent log; keep the model whole
                pick = Token(m.next_id, e.seat)
                m.next_id += 1
            else:
                hand.remove(pick)
            pick.value, pick.symbol = e.value, e.symbol
            m.piles[e.stack].append(pick)
            self._key(pick, t, self.layout.pile_pos(e.stack), 0.45, True)
            self._settle_hand(e.seat, t + 0.15)
            self._settle_pile(e.stack, t + 0.2)
            self._sound((t, "slide"))
            self._sound((t + 0.2, "flip"))
            return 0.6
        if isinstance(e, R.BidMade):
            self._sound((t, "tick"))
            return 0.45
        if isinstance(e, R.Disputed):
            self.shows.append(Show("dispute", t, e))
            self.disputes.append(e)
            for seat in range(2):
                hand = m.hands[seat]
                while len(hand) < len(e.hands[seat]):  # the public view saw no draws
                    hand.append(Token(m.next_id, seat))
                    m.next_id += 1
                for tok, (value, symbol) in zip(hand, e.hands[seat], strict=False):
                    tok.value, tok.symbol = value, symbol
                for i, tok in enumerate(hand):
                    self._key(tok, t, self.layout.hand_pos(seat, i, len(hand)), 0.3, True)
            self._sound((t, "flip"))
            hold = 3.0  # both hands face up long enough to add them up (at 2 s a bot's dispute flashed by)
            for seat in range(2):
                for tok in m.hands[seat]:
                    m.used[seat].append(tok)
                    self._key(tok, t + hold, self.layout.used_pos(seat, len(m.used[seat])), 0.4, True)
                m.hands[seat] = []
            self._sound((t + hold, "slide"))
            return hold + 0.5
        if isinstance(e, R.StackChosen):
            return 0.35
        if isinstance(e, R.Evaluated):
            self.evals.append(e)
            pile = m.piles[e.stack]
            counted = [pile.pop() for _ in range(min(len(e.cards), len(pile)))]
            for tok, (owner, value, symbol) in zip(counted, e.cards, strict=False):
                tok.owner, tok.value, tok.symbol = owner, value, symbol
            per_card = 0.45
            times = []
            index = [0, 0]
            counts = [sum(1 for c in e.cards if c[0] == s) for s in range(2)]
            for i, tok in enumerate(counted):
                when = t + 0.2 + i * per_card
                times.append(when + 0.35)
                self._key(tok, when, self.layout.tray_pos(tok.owner, index[tok.owner], counts[tok.owner]), 0.35,
                          True)
                index[tok.owner] += 1
                self._sound((when, "tick"))
            end = t + 0.2 + len(counted) * per_card + 0.1
            origin = "arrow" if self.shows and self.shows[-1].kind == "eval" and self.shows[-1].event.arrow else ""
            if not live:
                times, end = [-1.0] * len(times), -1.0
            self.shows.append(Show("eval", t, e, tuple(times), end, origin))
            hold = 1.2
            for tok in counted:
                m.used[tok.owner].append(tok)
                self._key(tok, end + hold, self.layout.used_pos(tok.owner, len(m.used[tok.owner])), 0.4, True)
            self._settle_pile(e.stack, end + hold)
            self._sound((end + hold, "slide"))
            return end - t + hold + 0.5
        if isinstance(e, R.Looked):
            if e.letters is not None:
                m.looked[e.stack] = (m.round, e.letters)
            return 0.25
        if isinstance(e, R.Took):
            if not e.taken:
                self.took_nothing.append((m.round, e.seat))
            else:
                self.took.append((m.round, e.seat, e.letter))
                looked = m.looked.get(e.stack)
                if looked is not None and e.letter is not None and e.letter in looked[1]:
                    rest = list(looked[1])
                    rest.remove(e.letter)
                    m.looked[e.stack] = (looked[0], tuple(rest))
                if t >= 0:
                    self.flights.append((t, e.seat, e.stack, e.letter))
                    self._sound((t, "slide"))
                return 0.7
            return 0.3
        if isinstance(e, R.GameOver):
            return 0.0
        return 0.0
