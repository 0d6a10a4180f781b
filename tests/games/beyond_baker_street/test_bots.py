"""Bot tests: legal choices everywhere, honesty (no use of hidden cards), consistency of beliefs, strength."""

from __future__ import annotations

import random

import pytest

from sleuth.ai.match import run_match
from sleuth.core.registry import get
from sleuth.games.beyond_baker_street.bots import ExpertBot, _Context, make
from sleuth.games.beyond_baker_street.plan import INF, Planner
from tests.games.beyond_baker_street.helpers import CARDS, TRACK_8_PILES, T, card, hidden_card_twins, mid_game

SPEC = get("beyond-baker-street")


@pytest.mark.parametrize("kind", ["basic", "expert", "seer", "random"])
def test_bots_choose_legal_actions_with_characters_and_decisions(kind):
    rng = random.Random(2)
    for seed in range(6):
        state = SPEC.create(2 + seed % 3, {"characters": "random", "case": 1 + seed % 6}, seed)
        bots = [make(kind) for _ in range(state.players)]
        steps = 0
        while not state.is_over() and steps < 200:
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            obs = state.seer_view(seat) if bots[seat].seer else state.observe(seat)
            action = bots[seat].choose(obs, legal, rng)
            assert action in legal
            state.apply(seat, action)
            steps += 1
        assert state.is_over()


def test_expert_beliefs_always_contain_the_true_card():
    """The candidate identities of each own card (card counting + Assists) include the real one."""
    ev = ExpertBot().ev
    for seed in range(20):
        state = mid_game(seed)
        if state.is_over():
            continue
        for seat in range(state.players):
            ctx = _Context(ev, state.observe(seat), see_own=False)
            for slot, c in enumerate(state.hands[seat]):
                assert c in ctx.cands[slot]


def test_expert_decision_does_not_depend_on_its_own_hidden_cards():
    for state, seat, other in hidden_card_twins(range(12)):
        a = make("expert").choose(state.observe(seat), state.legal_actions(seat), random.Random(1))
        b = make("expert").choose(other.observe(seat), other.legal_actions(seat), random.Random(1))
        assert a == b


def test_planner_finds_exact_subsets_for_leads_and_the_track():
    p = Planner(CARDS, (1.0, 1.8, 2.0))
    clue = T.icon_index["clue"]
    avail = sum(1 << card(k) for k in ("clue-6", "clue-3", "track-5", "witness-5"))
    assert p.lead_possible(clue, 9, avail) and not p.lead_possible(clue, 8, avail)
    # clue lead needing 9 and the track needing 10: clue-6+clue-3, track-5+witness-5
    assert p.work(((clue, 9),), 10, (avail, 0, 0), (avail, 0, 0)) == 4.0
    assert p.work(((clue, 9),), 11, (avail, 0, 0), (avail, 0, 0)) == INF


def test_seer_is_strong_on_case_1():
    result = run_match("beyond-baker-street", 4, ["seer"] * 4, games=25, seed=500, options={"case": 1})
    assert result.summary()["team_win_rate"] >= 0.6


def test_expert_beats_basic_and_random_on_case_1():
    expert = run_match("beyond-baker-street", 3, ["expert"] * 3, games=20, seed=700, options={"case": 1})
    rnd = run_match("beyond-baker-street", 3, ["random"] * 3, games=20, seed=700, options={"case": 1})
    assert expert.summary()["team_win_rate"] >= 0.3
    assert rnd.summary()["team_win_rate"] <= 0.1


def test_bots_never_loop_on_free_actions_toby_and_hudson():
    """Toby's look and Mrs Hudson's return cost no Holmes; the bots must still end every game."""
    from sleuth.ai.match import bot_rng

    for chars in ((18, 17), (17, 18)):
        for seed in range(8):
            state = SPEC.create(2, {"case": 1 + seed % 6, "characters": "random", "char1": chars[0],
                                     "char2": chars[1]}, seed)
            bots = [make("expert"), make("seer")]
            rngs = [bot_rng(seed, s) for s in range(2)]
            steps = 0
            while not state.is_over():
                assert steps < 300, f"seed {seed}: no end"
                seat = state.pending_seats()[0]
                obs = state.seer_view(seat) if bots[seat].seer else state.observe(seat)
                state.apply(seat, bots[seat].choose(obs, state.legal_actions(seat), rngs[seat]))
                steps += 1


def test_expert_weighs_a_small_risk_of_losing_against_what_it_saves():
    """A 1% chance of losing is worth taking for two Holmes spaces; a 50% chance is not. The seer,
    which never gambles, keeps raw values (any risk of losing dominates)."""
    from sleuth.games.beyond_baker_street.bots import HOLMES, LOST, SeerBot

    bot = ExpertBot()
    bot.utility_scale = bot.scale_for(3)
    sure = bot.util(-100.0)
    small_risk = bot.average([bot.util(-100.0 + 2 * HOLMES), bot.util(LOST)], [99.0, 1.0])
    big_risk = bot.average([bot.util(-100.0 + 2 * HOLMES), bot.util(LOST)], [1.0, 1.0])
    assert big_risk < sure < small_risk
    seer = SeerBot()
    assert seer.scale_for(3) is None
    assert seer.average([seer.util(-100.0 + 2 * HOLMES), seer.util(LOST)], [99.0, 1.0]) < seer.util(-100.0)


def test_expert_risk_scale_follows_the_case_file():
    """Bolder on hard case files (fewer Holmes spaces at the start), measured anchors in between."""
    bot = ExpertBot()
    assert bot.scale_for(1) == 60.0 and bot.scale_for(3) == 45.0 and bot.scale_for(6) == 22.0
    assert 45.0 < bot.scale_for(2) < 60.0
    assert 22.0 < bot.scale_for(5) < bot.scale_for(4) < 45.0


def test_expert_uses_baskervilles_swap_when_it_finishes_a_lead_and_the_track():
    """Sir Henry Baskerville (14) swaps the mismatched Clue 5 off the Track 7 lead for the
    eliminated Track 4: the lead reaches its value and the track moves 19 -> 20 in one action."""
    from sleuth.games.beyond_baker_street.characters import SwapEvidence
    from tests.games.beyond_baker_street.helpers import make as make_state

    st = make_state(
        players=2, case=1, chars=(14, 0), turn=0, track=19,
        hands=[["witness-1", "witness-2", "clue-1", "clue-2", "document-1", "document-2"],
               ["track-1", "track-2", "witness-4", "witness-5", "clue-3", "clue-4"]],
        piles={"opportunity": ["opportunity-track-7", "opportunity-witness-7"]},
        evidence={"opportunity": ["track-3"]}, mismatched={"opportunity": ["clue-5"]},
        impossible=["track-4", "witness-6", "clue-6", "document-3"],
    )
    st.confirmed = [False, True, True]
    action = make("expert").choose(st.observe(0), st.legal_actions(0), random.Random(0))
    assert action == SwapEvidence("opportunity", "clue-5", "track-4")
    st.apply(0, action)
    assert st.investigation == 20 and st.lead_evidence(0) == st.lead_value(0) == 7


def test_expert_with_langdale_pike_uses_his_swap_once():
    """Langdale Pike (15): the swap tells both holders their new card without moving Holmes; the
    expert uses it (once) in most games."""
    from sleuth.ai.match import bot_rng

    used = 0
    for seed in range(6):
        state = SPEC.create(2, {"case": 3, "characters": "random", "char1": 15, "char2": 1}, seed)
        bots = [make("expert"), make("expert")]
        rngs = [bot_rng(seed, s) for s in range(2)]
        while not state.is_over():
            seat = state.pending_seats()[0]
            state.apply(seat, bots[seat].choose(state.observe(seat), state.legal_actions(seat), rngs[seat]))
        swaps = [e for e in state.log if e.KIND == "swapped_hands"]
        assert len(swaps) <= 1
        used += len(swaps)
    assert used >= 4


def test_bots_remember_a_confirmed_leads_face_down_cards_from_the_log_only():
    """A confirmed lead's cards are face down in every observation (rulebook, Confirm); the bots
    remember them from the log, where they saw each one played, so they never expect to draw one:
    their beliefs are as sharp as before the rule was kept (measured: 300 seeded bot games play
    the same moves as when the observation showed the cards; forgetting them cost 23 of 151 wins)."""
    from sleuth.games.beyond_baker_street.bots import remembered_face_down

    ev = ExpertBot().ev
    seen = 0
    for seed in range(40):
        state = SPEC.create(2 + seed % 3, {"characters": "random", "case": 1 + seed % 3}, seed)
        bots = [make("expert") for _ in range(state.players)]
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending_seats()[0]
            obs = state.observe(seat)
            truth = sorted(c for s, done in enumerate(state.confirmed) if done
                           for c in state.lead_ev[s] + state.lead_mis[s])
            assert sorted(remembered_face_down(obs, T)) == truth
            if truth:
                seen += 1
                assert not any(sec.cards or sec.mismatched for sec in obs.sections if sec.confirmed)
                ctx = _Context(ev, obs, see_own=False)
                assert not any(ctx.unseen >> c & 1 for c in truth)
            state.apply(seat, bots[seat].choose(obs, state.legal_actions(seat), rng))
    assert seen > 50


def test_planner_memo_tables_belong_to_the_bot_and_stay_bounded():
    """Each bot has its own planner; its memo tables never pass their bound, however long it plays."""
    assert make("expert").ev.planner.work_memo is not make("expert").ev.planner.work_memo
    bot = make("expert")
    planner = bot.ev.planner
    memos = (planner.work_memo, planner.track_memo, planner.count_memo)
    for memo in memos:
        memo.limit = 150
    rng = random.Random(3)
    decisions = 0
    for seed in range(2):
        state = SPEC.create(3, {"case": 2}, seed)
        while not state.is_over():
            seat = state.pending_seats()[0]
            state.apply(seat, bot.choose(state.observe(seat), state.legal_actions(seat), rng, 0.02))
            decisions += 1
            assert all(len(memo) <= memo.limit for memo in memos)
    assert decisions > 40
    assert all(memo.clears > 0 for memo in memos)  # the bound was reached and held


def test_the_planner_gives_the_same_costs_by_card_counts_as_by_cards():
    """The track's knapsack is keyed by how many cards of each number each class holds; its answers
    equal a plain card-by-card knapsack."""
    p = Planner(CARDS, (1.0, 1.8, 2.6))
    rng = random.Random(5)
    for _ in range(300):
        masks = [0, 0, 0]
        for c in range(T.ncards):
            k = rng.randrange(4)
            if k < 3:
                masks[k] |= 1 << c
        target, per_card = rng.randrange(0, 22), rng.choice((0.0, 0.3, 0.8))
        dp = [INF] * (target + 1)
        dp[0] = 0.0
        for mask, w in zip(masks, (1.0, 1.8, 2.6), strict=True):
            for c in range(T.ncards):
                if mask >> c & 1:
                    n = T.num_of[c]
                    for s in range(target, n - 1, -1):
                        dp[s] = min(dp[s], dp[s - n] + w + per_card)
        assert p.track_cost(*masks, target, per_card) == pytest.approx(dp[target])


def test_a_track_told_by_its_icon_is_played_on_the_lead_it_finishes_not_eliminated():
    """Play-test: the player told Watson "these 2 cards are Tracks" (the rules page: cards named by
    their icon belong on the lead of that icon) with the Opportunity lead needing exactly 4, and
    Watson, holding Track 4, eliminated it: his lean read a Track 5 or 6, which could only be
    eliminated, as much a card to play now as the 4. Read as the rules page says, the 4 is played."""
    from sleuth.games.beyond_baker_street import rules as R
    from tests.games.beyond_baker_street.helpers import T
    from tests.games.beyond_baker_street.helpers import make as make_state

    st = make_state(
        players=2, case=1, turn=1, track=11, holmes=12,
        hands=[["witness-1", "witness-5", "witness-6", "clue-6", "document-3", "track-2"],
               ["witness-2", "witness-3", "track-4", "document-1", "document-4", "clue-4"]],
        piles=TRACK_8_PILES,
        evidence={"opportunity": ["track-3", "track-1"], "motive": ["clue-1", "clue-3"]},
        impossible=["document-5", "document-6"])
    for c in st.hands[1]:
        st.know_icon[c] = T.full_icons & ~1  # the Track Assist: not a Track...
    st.know_icon[T.card_of["track-4"]] = 1  # ...but this one
    bot = make("expert")
    thought = bot.think(st.observe(1), st.legal_actions(1), random.Random(0))
    weigh = bot.weigher(thought.ctx, 2)
    assert {T.key_of[c]: weigh(c) for c in thought.ctx.cands[2]} == {"track-4": 6.0, "track-5": 1.0, "track-6": 1.0}
    assert thought.action == R.Investigate(2, "opportunity")
