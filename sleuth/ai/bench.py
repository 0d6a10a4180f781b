"""Engine speed on one core: random playouts and clone cost."""

from __future__ import annotations

import random
import time
from typing import Any

from sleuth.core.registry import get


def bench_engine(game_id: str, seconds: float = 3.0, players: int | None = None) -> dict[str, Any]:
    """Random-playout actions per second, games per second and microseconds per ``clone()``."""
    spec = get(game_id)
    players = players or spec.max_players
    rng = random.Random(1)
    actions = games = 0
    clone_states = []
    deadline = time.perf_counter() + seconds * 0.8
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() < deadline:
        state = spec.create(players, {}, seed)
        seed += 1
        while not state.is_over():
            seat = _random_seat(state, rng)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
            if actions % 97 == 0 and len(clone_states) < 200:
                clone_states.append(state.clone())
        games += 1
    play_time = time.perf_counter() - start
    clone_us = _clone_cost(clone_states or [spec.create(players, {}, 0)], seconds * 0.2)
    result: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "actions_per_s": actions / play_time,
        "games_per_s": games / play_time,
        "mean_actions_per_game": actions / games if games else 0.0,
        "clone_us": clone_us,
    }
    return result


def _random_seat(state, rng: random.Random) -> int:
    optional = [s for s in state.optional_seats() if state.legal_actions(s)]
    if optional and rng.random() < 0.01:
        return rng.choice(optional)
    return state.pending_seats()[0]


def _clone_cost(states: list, seconds: float) -> float:
    count = 0
    deadline = time.perf_counter() + max(seconds, 0.05)
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        for state in states:
            state.clone()
        count += len(states)
    return (time.perf_counter() - start) / count * 1e6
