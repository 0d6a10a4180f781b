"""Extra figures for ``sleuth bench beyond-baker-street``: the same playouts timed in CPU time.

The machine is shared, so wall-clock rates drop when other processes run; CPU time counts only
the time this process was actually running, which is the figure "on one core" means.
"""

from __future__ import annotations

import random
import time
from typing import Any

from sleuth.games.beyond_baker_street.cards import load_cards
from sleuth.games.beyond_baker_street.rules import BBSState


def bench_extra(seconds: float) -> dict[str, Any]:
    cards = load_cards()
    rng = random.Random(1)
    actions = 0
    samples: list[BBSState] = []
    budget = max(0.2, seconds * 0.4)
    start = time.process_time()
    seed = 0
    while time.process_time() - start < budget:
        state = BBSState(cards, 4, {"characters": "random" if seed % 2 else "off"}, seed)
        seed += 1
        while not state.is_over():
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
            if actions % 97 == 0 and len(samples) < 200:
                samples.append(state.clone())
    cpu_play = time.process_time() - start
    count = 0
    start = time.process_time()
    while time.process_time() - start < budget / 2:
        for s in samples:
            s.clone()
        count += len(samples)
    cpu_clone = time.process_time() - start
    result: dict[str, Any] = {
        "cpu_actions_per_s (4p, half with characters)": actions / cpu_play,
        "cpu_clone_us": cpu_clone / max(count, 1) * 1e6,
    }
    result.update(decision_cpu_ms("expert", games=max(2, int(seconds * 2))))
    return result


def decision_cpu_ms(kind: str, games: int = 6, players: int = 2, case: int = 1) -> dict[str, float]:
    """CPU milliseconds per decision of a bot kind over seeded games (2 players: the biggest hands)."""
    from sleuth.ai.match import bot_rng
    from sleuth.core.registry import get

    spec = get("beyond-baker-street")
    times: list[float] = []
    for seed in range(games):
        state = spec.create(players, {"case": case}, seed)
        bots = [spec.make_bot(kind) for _ in range(players)]
        rngs = [bot_rng(seed, s) for s in range(players)]
        while not state.is_over():
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            obs = state.seer_view(seat) if bots[seat].seer else state.observe(seat)
            start = time.process_time()
            action = bots[seat].choose(obs, legal, rngs[seat])
            times.append((time.process_time() - start) * 1000)
            state.apply(seat, action)
    times.sort()
    return {
        f"{kind}_decisions": float(len(times)),
        f"{kind}_cpu_ms_mean": sum(times) / len(times),
        f"{kind}_cpu_ms_p95": times[int(0.95 * (len(times) - 1))],
        f"{kind}_cpu_ms_max": times[-1],
    }
