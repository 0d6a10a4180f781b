"""Bots: legal choices, exact knowledge (the true card is always a candidate), strength, benchmark."""

from __future__ import annotations

import random
import time

import pytest

from sleuth.ai.match import bot_rng, bot_view, play_game, run_match
from sleuth.core.registry import get
from sleuth.games.purrrlock_holmes.bench import deduction_benchmark, path_bound
from sleuth.games.purrrlock_holmes.bots import basic_candidates, expert_candidates
from sleuth.games.purrrlock_holmes.cards import bundled_cards

SPEC = get("purrrlock-holmes")
CARDS = bundled_cards()


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_bot_plays_only_legal_actions_to_the_end(players):
    kinds = ["random", "basic", "expert", "seer", "expert"][:players]
    for seed in range(6):
        record = play_game(SPEC, kinds, {}, seed)
        assert record.error is None, record.error


def test_candidate_sets_always_hold_the_true_card_and_expert_knows_at_least_as_much():
    """The knowledge a bot builds from its observation agrees with the real hidden card."""
    for seed in range(10):
        state = SPEC.create(4, {}, seed)
        bots = [SPEC.make_bot(k) for k in ("expert", "basic", "expert", "random")]
        rngs = [bot_rng(seed, s) for s in range(4)]
        rng = random.Random(seed)
        while not state.is_over():
            for seat in range(4):
                card = state.investigation[seat]
                if card < 0:
                    continue
                obs = state.observe(seat)
                exp, bas = expert_candidates(obs, CARDS), basic_candidates(obs, CARDS)
                assert exp >> card & 1 and bas >> card & 1
                assert exp & ~bas == 0
            optional = [s for s in state.optional_seats() if state.legal_actions(s)]
            if optional and rng.random() < 0.05:
                seat = rng.choice(optional)
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
                continue
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            action = bots[seat].choose(bot_view(state, seat, bots[seat]), legal, rngs[seat])
            assert action in legal
            state.apply(seat, action)


def test_basic_and_expert_never_guess_blind():
    result = run_match("purrrlock-holmes", 3, ["basic", "expert", "expert"], games=30, seed=100, rotate=True)
    summary = result.summary()
    assert summary["errors"] == []
    stats = summary["mean_stats"]
    assert stats["guesses"] > 3
    assert stats["wrong_guesses"] / stats["guesses"] < 0.05


def test_seer_sees_its_card_and_its_team_always_catches_furriarty():
    result = run_match("purrrlock-holmes", 3, ["seer"] * 3, games=10, seed=7)
    summary = result.summary()
    assert summary["team_win_rate"] == 1.0 and summary["mean_stats"]["wrong_guesses"] == 0


def test_expert_team_catches_furriarty_more_often_than_basic_team():
    """2 players: expert about 99%, basic about 16% (docs); 40 games each is far from the line."""
    expert = run_match("purrrlock-holmes", 2, ["expert"] * 2, games=40, seed=500).summary()
    basic = run_match("purrrlock-holmes", 2, ["basic"] * 2, games=40, seed=500).summary()
    assert expert["team_win_rate"] >= basic["team_win_rate"] + 0.3


def test_one_expert_among_basics_wins_more_than_a_basic_seat():
    summary = run_match("purrrlock-holmes", 3, ["expert", "basic", "basic"], games=90, seed=900, rotate=True).summary()
    rates = summary["win_rate_by_kind"]
    assert rates["expert"] > 1.5 * rates["basic"]


def test_expert_decides_well_within_the_budget():
    state = SPEC.create(5, {}, 3)
    bot = SPEC.make_bot("expert")
    rng = random.Random(0)
    worst = 0.0
    while not state.is_over():
        seat = state.pending_seats()[0]
        legal = state.legal_actions(seat)
        start = time.perf_counter()
        action = bot.choose(state.observe(seat), legal, rng)
        worst = max(worst, time.perf_counter() - start)
        state.apply(seat, action)
    assert worst < 0.1


def test_deduction_benchmark_against_the_computed_optimum():
    figures = deduction_benchmark()
    assert path_bound(60) == 356 and path_bound(24) == 112 and path_bound(36) == 188
    assert figures["deduction_best_mean"] == 6.0 and figures["deduction_best_worst"] == 7
    assert figures["deduction_lower_bound_mean"] == 6.0
    assert 6.0 <= figures["deduction_expert_mean"] <= 6.1
    assert figures["deduction_expert_worst"] == 7


def test_a_sampled_world_agrees_with_the_observation_it_came_from():
    """Worlds dealt from one seat's view: same observation for that seat, every invariant holds,
    the seat's own card agrees with all its answers, and the world plays on under the real rules."""
    from sleuth.games.purrrlock_holmes.world import sample_world

    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        for players in (2, 4, 5):
            state = SPEC.create(players, {}, seed)
            bots = [SPEC.make_bot("expert" if s % 2 == 0 else "basic") for s in range(players)]
            rngs = [bot_rng(seed, s) for s in range(players)]
            step = 0
            while not state.is_over():
                if step % 5 == 0:
                    for seat in range(players):
                        obs = state.observe(seat)
                        world = sample_world(obs, rng)
                        world.check_invariants()
                        assert world.observe(seat) == obs
                        twin = world.clone()
                        for _ in range(10):
                            if twin.is_over():
                                break
                            s = twin.pending_seats()[0]
                            legal = twin.legal_actions(s)
                            twin.apply(s, legal[rng.randrange(len(legal))])
                        checked += 1
                seat = state.pending_seats()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, bots[seat].choose(state.observe(seat), legal, rngs[seat]))
                step += 1
    assert checked > 100
