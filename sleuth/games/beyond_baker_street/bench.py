"""Extra figures for ``sleuth bench beyond-baker-street``: the same playouts timed in CPU time.

The machine is shared, so wall-clock rates drop when other processes run; CPU time counts only
the time this process was actually running, which is the figure "on one core" means.

``rollout_cpu`` times the Master's rollouts (``master.py``) and what one is made of: sampling a
world, cloning it, the rules (apply, observe), the rollout policy's decisions and the evaluation
at the horizon. The rules are a few percent of a rollout; the policy's value function is the rest.
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
    result.update(rollout_cpu(positions=max(4, int(seconds * 3))))
    return result


def rollout_cpu(positions: int = 12, players: int = 3, case: int = 3, worlds: int = 4) -> dict[str, float]:
    """The Master's rollouts per CPU second over mid-game positions of seeded expert games, and the
    CPU microseconds of each part of one rollout (timed separately on the same positions)."""
    from sleuth.games.beyond_baker_street.bots import ExpertBot
    from sleuth.games.beyond_baker_street.master import MasterBot, team_value
    from sleuth.games.beyond_baker_street.world import sample_world

    cards = load_cards()
    expert = ExpertBot()
    found: list[tuple[BBSState, int]] = []
    seed = 0
    while len(found) < positions:
        state = BBSState(cards, players, {"case": case}, 1000 + seed)
        seed += 1
        for _ in range(4 + seed % 12):
            if state.is_over():
                break
            seat = state.pending_seats()[0]
            state.apply(seat, expert.choose(state.observe(seat), state.legal_actions(seat), random.Random(0), 5.0))
        if not state.is_over() and state.decision is None:
            found.append((state, state.pending_seats()[0]))
    master = MasterBot(think_s=600.0, max_worlds=worlds)
    rollouts = 0
    start = time.process_time()
    for k, (state, seat) in enumerate(found):
        rollouts += master.search(state.observe(seat), state.legal_actions(seat), random.Random(k)).rollouts
    search_cpu = time.process_time() - start
    parts = {"sample": 0.0, "clone": 0.0, "rules": 0.0, "policy": 0.0, "evaluate": 0.0}
    roller = master.roller
    rng = random.Random(1)
    count = 0
    for state, seat in found:
        obs = state.observe(seat)
        for _ in range(worlds):
            t0 = time.process_time()
            world = sample_world(obs, cards, rng)
            t1 = time.process_time()
            w = world.clone()
            t2 = time.process_time()
            parts["sample"] += t1 - t0
            parts["clone"] += t2 - t1
            for _ in range(players):
                if w.result is not None:
                    break
                t0 = time.process_time()
                s = w.pending_seats()[0]
                legal = w.legal_actions(s)
                view = w.observe(s)
                t1 = time.process_time()
                action = roller.think(view, legal, rng, 600.0).action
                t2 = time.process_time()
                w.apply(s, action)
                t3 = time.process_time()
                parts["rules"] += (t1 - t0) + (t3 - t2)
                parts["policy"] += t2 - t1
            t0 = time.process_time()
            team_value(roller.ev, w)
            parts["evaluate"] += time.process_time() - t0
            count += 1
    result = {"master_rollouts_per_cpu_s": rollouts / max(search_cpu, 1e-9)}
    for part, cpu in parts.items():
        result[f"rollout_{part}_cpu_us"] = cpu / max(count, 1) * 1e6
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
