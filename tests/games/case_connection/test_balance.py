"""Turn-order balance (issue 22): going first must not decide a 2-player game.

The statistical checks are slow and run by hand (``SLEUTH_SLOW=1 pytest
tests/games/case_connection/test_balance.py``): 400 basic games take a few seconds, 400 expert
games about twenty minutes of one core. The figures they guard are in docs/case-connection.md
("Turn order"). The quick tests below pin what the balance rule and the statistics do.
"""

from __future__ import annotations

import os

import pytest

from sleuth.ai.match import run_match
from sleuth.core.registry import get
from sleuth.games.case_connection.balance import FIRST_LEADS, HEAD_START
from sleuth.games.case_connection.cards import load_cards
from sleuth.games.case_connection.rules import PHASE_SETUP, CaseState, GameStarted, LeadChosen, LeadsDrawn

CARDS = load_cards()
SPEC = get("case-connection")

needs_slow = pytest.mark.skipif(not os.environ.get("SLEUTH_SLOW"), reason="slow: set SLEUTH_SLOW=1")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_balance_rule_gives_later_players_universal_proofs_by_turn_order(players):
    state = CaseState(CARDS, players, seed=21)
    for seat in range(players):
        assert state.hand_proofs[seat][-1] == HEAD_START[state.turn_order(seat) - 1]
    given = sum(HEAD_START[:players])
    assert state.universal_supply == CARDS.universal - given
    started = next(e for e in state.log if isinstance(e, GameStarted))
    assert started.head_start == tuple(hand[-1] for hand in state.hand_proofs)
    state.check_invariants()


def first_offers(state: CaseState) -> dict[int, int]:
    """Play the setup (each seat keeps the first lead offered): seat -> leads it chose from."""
    while state.phase == PHASE_SETUP:
        seat = state.pending_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return {e.seat: e.count for e in state.log if isinstance(e, LeadsDrawn) and e.leads is not None}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_balance_rule_lets_the_later_players_choose_their_first_lead_from_three(players):
    state = CaseState(CARDS, players, seed=33)
    counts = first_offers(state)
    assert {seat: FIRST_LEADS[state.turn_order(seat) - 1] for seat in range(players)} == counts
    assert counts[state.first] == 2 and all(counts[s] == 3 for s in range(players) if s != state.first)
    # the leads not kept go under the lead deck, as with two: none is lost
    kept = [e.lead for e in state.log if isinstance(e, LeadChosen)]
    assert len(kept) == players and len(state.lead_deck) + len(kept) == len(CARDS.leads)
    state.check_invariants()


def test_rulebook_setup_offers_two_leads_to_everyone():
    assert set(first_offers(CaseState(CARDS, 4, seed=33, balance=False)).values()) == {2}


def test_rulebook_setup_has_no_head_start_and_deals_the_same_cards():
    ruled = CaseState(CARDS, 3, seed=21, balance=False)
    balanced = CaseState(CARDS, 3, seed=21)
    assert all(hand[-1] == 0 for hand in ruled.hand_proofs)
    assert ruled.universal_supply == CARDS.universal
    assert next(e for e in ruled.log if isinstance(e, GameStarted)).head_start == (0, 0, 0)
    # the rule draws nothing at random: the same seed lays out the same game
    assert ruled.first == balanced.first and ruled.thread_deck == balanced.thread_deck
    assert ruled.loc_threads == balanced.loc_threads and ruled.loc_proofs == balanced.loc_proofs
    assert ruled.offer == balanced.offer


def test_the_setup_option_is_sleuths_balance_rule_by_default():
    assert SPEC.create(2, {}, 3).balance
    assert not SPEC.create(2, {"setup": "rulebook"}, 3).balance
    option = next(o for o in SPEC.options if o.key == "setup")
    assert option.label_of(option.default) == "Sleuth's balance rule"


def test_stats_report_the_first_player_and_the_winners_turn_order():
    result = run_match("case-connection", 2, ["basic", "basic"], games=6, seed=40)
    stats = result.summary()["mean_stats"]
    assert 0.0 <= stats["first_player_won"] <= 1.0
    assert 1.0 <= stats["turn_order_of_winner"] <= 2.0
    # in a 2-player game the two figures agree: order 1 wins exactly when the first player does
    assert stats["turn_order_of_winner"] == pytest.approx(2.0 - stats["first_player_won"])


@pytest.mark.slow
@needs_slow
@pytest.mark.parametrize("kind", ["basic", "expert"])
def test_first_player_wins_40_to_60_percent_of_400_two_player_games(kind):
    result = run_match("case-connection", 2, [kind, kind], games=400, seed=2200)
    summary = result.summary()
    assert summary["errors"] == []
    rate = summary["mean_stats"]["first_player_won"]
    assert 0.40 <= rate <= 0.60, f"{kind} x {kind}: the first player won {rate:.1%} of 400 games"


def test_the_design_simulation_prints_the_table_by_turn_order():
    from sleuth.games.case_connection.design import simulate

    lines = simulate(3, ["basic"] * 3, games=6, seed=5, options={})
    header = lines.index(next(line for line in lines if line.startswith("turn order |")))
    rows = lines[header + 1:header + 4]
    assert [row.split(" | ")[0] for row in rows] == ["1", "2", "3"]
    wins = [float(row.split(" | ")[1].split("%")[0]) for row in rows]
    assert sum(wins) == pytest.approx(100.0, abs=0.2)
    assert lines[header + 4].startswith("won on the final turn after a later player reached 9: ")
