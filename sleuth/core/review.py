"""Moving through a recorded game: the state after any number of its moves, found at once.

A replay is the seed, the options and the action list, so the state after move k is the starting
state with the first k actions applied. Replaying from the start on every step back would make a
long game's scrubber slow, so a ``Review`` keeps a clone of the state every ``every`` moves and
seeks from the nearest one before the target (clones are written by hand for speed).
"""

from __future__ import annotations

from sleuth.core.engine import GameState
from sleuth.core.errors import IllegalAction, ParseError, ReplayError
from sleuth.core.registry import get
from sleuth.core.replay import Replay, move_refused, new_state
from sleuth.core.values import Action


class Review:
    """The states of one recorded game, move by move (0: before the first move)."""

    def __init__(self, replay: Replay, every: int = 20) -> None:
        spec = get(replay.game_id)
        self.replay = replay
        self.every = max(1, every)
        self.moves: list[tuple[int, Action]] = []
        for index, (seat, text) in enumerate(replay.actions):
            try:
                self.moves.append((seat, spec.actions.parse(text)))
            except ParseError as exc:
                raise ReplayError(move_refused(index + 1, replay.seats, seat, exc)) from None
        self.snapshots: dict[int, GameState] = {}
        state = new_state(replay)
        self.snapshots[0] = state.clone()
        for index, (seat, action) in enumerate(self.moves, start=1):
            try:
                state.apply(seat, action)
            except IllegalAction as exc:
                raise ReplayError(move_refused(index, replay.seats, seat, exc)) from None
            if index % self.every == 0:
                self.snapshots[index] = state.clone()
        self.final = state

    @property
    def length(self) -> int:
        return len(self.moves)

    def state_at(self, move: int) -> GameState:
        """A fresh state after ``move`` moves (clamped to the game), from the nearest snapshot."""
        move = max(0, min(self.length, move))
        start = move - move % self.every
        state = self.snapshots[start].clone()
        for seat, action in self.moves[start:move]:
            state.apply(seat, action)
        return state

    def seat_of(self, move: int) -> int:
        """Who made move number ``move`` (1-based)."""
        return self.moves[move - 1][0]
