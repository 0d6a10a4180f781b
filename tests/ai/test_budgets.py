"""Every game's expert keeps its time budget (a hard deadline), and keeps its memo tables to itself."""

from __future__ import annotations

import importlib
import random
import time
from functools import _lru_cache_wrapper

import pytest

from sleuth.ai.deadline import Deadline, Memo, TimeUp
from sleuth.core.registry import GAME_MODULES, get

BUDGET_S = 0.02
#: a decision may overrun its budget by one step of search and the caller's own work, no more
LIMIT_S = 3 * BUDGET_S + 0.03

# (game, players, options): the settings whose experts think longest
GAMES = [
    ("beyond-baker-street", 4, {"case": 3}),
    ("case-connection", 3, {}),
    ("purrrlock-holmes", 4, {}),
    ("bakerstreet", 2, {}),
]


def _positions(game: str, players: int, options: dict, seed: int, steps: tuple[int, ...]):
    """States after ``steps`` moves of basic bots (the start, the early and the middle game)."""
    spec = get(game)
    state = spec.create(players, spec.resolve_options(options), seed)
    bots = [spec.make_bot("basic") for _ in range(players)]
    rng = random.Random(seed)
    out = []
    for step in range(max(steps) + 1):
        if state.is_over():
            break
        if step in steps:
            out.append(state.clone())
        seat = state.pending_seats()[0]
        state.apply(seat, bots[seat].choose(state.observe(seat), state.legal_actions(seat), rng))
    return out


def _timed_choice(spec, state, seat):
    bot = spec.make_bot("expert")  # a fresh bot: cold memo tables, the slowest case
    obs = state.observe(seat)
    legal = state.legal_actions(seat)
    start = time.perf_counter()
    action = bot.choose(obs, legal, random.Random(0), BUDGET_S)
    return time.perf_counter() - start, action, legal


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_the_expert_answers_within_its_budget(game, players, options):
    spec = get(game)
    checked = 0
    for seed in (1, 2):
        for state in _positions(game, players, options, seed, (0, 4, 12, 30)):
            seat = state.pending_seats()[0]
            seconds, action, legal = _timed_choice(spec, state, seat)
            if seconds > LIMIT_S:
                # a stalled machine is not the bot's fault: a bot that ignores its budget is slow
                # again on the same position, with a fresh bot
                seconds, action, legal = _timed_choice(spec, state, seat)
            assert action in legal
            assert seconds <= LIMIT_S, f"{game} seed {seed}: {seconds * 1000:.0f} ms for a {BUDGET_S * 1000:.0f} ms budget"
            checked += 1
    assert checked >= 6


def test_a_deadline_passes_and_raises():
    d = Deadline(0.0)
    assert d.expired() and d.left() <= 0
    with pytest.raises(TimeUp):
        d.check()
    never = Deadline.never()
    never.check()
    assert not never.expired()
    assert Deadline(10.0, share=0.5).left() == pytest.approx(5.0, abs=0.1)


def test_a_memo_is_cleared_when_it_reaches_its_bound():
    memo = Memo(3)
    for k in range(10):
        assert memo.put(k, k * k) == k * k
        assert len(memo) <= 3
    assert memo.clears == 3 and memo.get(9) == 81
    with pytest.raises(ValueError):
        Memo(0)


@pytest.mark.parametrize("module", sorted(GAME_MODULES.values()))
def test_bot_modules_keep_no_growing_memo_tables(module):
    """Memo tables belong to bot instances. A module may cache only tables of its card data (one
    entry per card or per card set: ``lru_cache`` of at most 256 entries), never search results.
    (What a bots module imports is its owner's business: e.g. the rules' solver memo.)"""
    bots = importlib.import_module(f"{module}.bots")
    for name, value in vars(bots).items():
        if isinstance(value, _lru_cache_wrapper) and value.__module__ == bots.__name__:
            assert (value.cache_parameters()["maxsize"] or 10**9) <= 256, f"{module}.bots.{name}"
        elif isinstance(value, (dict, list, set)) and not name.isupper() and not name.startswith("__"):
            pytest.fail(f"{module}.bots.{name} is module-level state")
