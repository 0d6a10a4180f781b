"""Turn-order balance (issue 22): going first must not decide a 2-player game.

The statistical checks are slow and run by hand (``SLEUTH_SLOW=1 pytest
tests/games/case_connection/test_balance.py``): 400 basic games take a few seconds, 400 expert
games about twenty minutes of one core. The figures they guard are in docs/case-connection.md
("Turn order"). The quick tests below pin what the balance rule and the statistics do.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sleuth.ai.match import run_match
from sleuth.core.registry import get
from sleuth.games.case_connection.balance import FIRST_LEADS, HEAD_STARTS, describe
from sleuth.games.case_connection.cards import load_cards
from sleuth.games.case_connection.rules import (
    PHASE_SETUP,
    CaseState,
    GameStarted,
    HeadStartDrawn,
    LeadChosen,
    LeadsDrawn,
    Refilled,
)

CARDS = load_cards()
SPEC = get("case-connection")

needs_slow = pytest.mark.skipif(not os.environ.get("SLEUTH_SLOW"), reason="slow: set SLEUTH_SLOW=1")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_balance_rule_gives_each_place_its_head_start(players):
    """Universals from the supply by place; at 4 players the first also draws a proof from the
    pile and the last a thread from the top of the deck, after the locations are laid out."""
    state = CaseState(CARDS, players, seed=21)
    table = HEAD_STARTS[players]
    for seat in range(players):
        given = table[state.turn_order(seat) - 1]
        assert state.hand_proofs[seat][-1] == given.universals
        assert sum(state.hand_proofs[seat][:-1]) == given.proofs
        assert len(state.hand_threads[seat]) == given.threads
    assert state.universal_supply == CARDS.universal - sum(g.universals for g in table)
    started = next(e for e in state.log if isinstance(e, GameStarted))
    assert started.head_start == tuple(hand[-1] for hand in state.hand_proofs)
    drawn = [e for e in state.log if isinstance(e, HeadStartDrawn)]
    assert [(e.seat, len(e.proofs), len(e.threads)) for e in drawn] == [
        ((state.first + place) % players, g.proofs, g.threads) for place, g in enumerate(table) if g.proofs or g.threads]
    if drawn:  # drawn after the layout, from what the layout left
        kinds = [type(e) for e in state.log]
        assert kinds.index(Refilled) < kinds.index(HeadStartDrawn)
    state.check_invariants()


def test_the_first_player_starts_with_no_universal_and_no_thread():
    """Going first is the advantage: the first place never gets a Universal or a thread; the
    later places' head start (at 3 and 4 players more than a turn's worth) is evened out by the
    first lead choice instead, and at 4 players by a proof from the pile (docs/case-connection.md,
    "Turn order")."""
    for players, table in HEAD_STARTS.items():
        assert table[0].universals == 0 and table[0].threads == 0
        assert table[0].proofs == (1 if players == 4 else 0)
        assert [g.universals for g in table[1:]] == sorted(g.universals for g in table[1:])  # never less later
    assert FIRST_LEADS[2] == (2, 3)  # at 2 players the rulebook's choice for the first


def first_offers(state: CaseState) -> dict[int, int]:
    """Play the setup (each seat keeps the first lead offered): seat -> leads it chose from."""
    while state.phase == PHASE_SETUP:
        seat = state.pending_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return {e.seat: e.count for e in state.log if isinstance(e, LeadsDrawn) and e.leads is not None}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_balance_rule_lets_each_place_choose_its_first_lead_from_the_leads_it_draws(players):
    state = CaseState(CARDS, players, seed=33)
    counts = first_offers(state)
    assert {seat: FIRST_LEADS[players][state.turn_order(seat) - 1] for seat in range(players)} == counts
    assert len(FIRST_LEADS[players]) == players and all(n >= 2 for n in counts.values())
    # the leads not kept go under the lead deck, as with two: none is lost
    kept = [e.lead for e in state.log if isinstance(e, LeadChosen)]
    assert len(kept) == players and len(state.lead_deck) + len(kept) == len(CARDS.leads)
    state.check_invariants()


def test_rulebook_setup_offers_two_leads_to_everyone():
    assert set(first_offers(CaseState(CARDS, 4, seed=33, balance=False)).values()) == {2}


@pytest.mark.parametrize("players", [3, 4])
def test_rulebook_setup_has_no_head_start_and_lays_out_the_same_locations(players):
    ruled = CaseState(CARDS, players, seed=21, balance=False)
    balanced = CaseState(CARDS, players, seed=21)
    assert all(hand[-1] == 0 for hand in ruled.hand_proofs) and not any(ruled.hand_threads)
    assert sum(map(sum, ruled.hand_proofs)) == 0 and ruled.universal_supply == CARDS.universal
    assert next(e for e in ruled.log if isinstance(e, GameStarted)).head_start == (0,) * players
    assert not any(isinstance(e, HeadStartDrawn) for e in ruled.log)
    # the Universals draw nothing at random: the same seed lays out the same locations
    assert ruled.first == balanced.first
    assert ruled.loc_threads == balanced.loc_threads and ruled.loc_proofs == balanced.loc_proofs
    if players == 3:  # and with no draws after the layout, the same decks and first offer too
        # (the balance rule's first player chooses from more leads: the rulebook's two come first)
        assert ruled.thread_deck == balanced.thread_deck
        assert balanced.offer[:len(ruled.offer)] == ruled.offer and len(balanced.offer) == FIRST_LEADS[3][0]
    else:  # the last player's thread is the one the rulebook's setup leaves on top of the deck
        last = (balanced.first + 3) % 4
        assert balanced.hand_threads[last] == ruled.thread_deck[:1]
        assert balanced.thread_deck == ruled.thread_deck[1:]


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


def test_the_rules_text_states_the_balance_rule_for_every_player_count():
    """The in-app rules (Setting up) say what each place gets, from the same tables the engine uses."""
    text = (Path(__file__).parents[3] / "assets" / "rules" / "case-connection.txt").read_text(encoding="utf-8")
    for players in HEAD_STARTS:
        assert describe(players) in text
    assert describe(2) == "With 2 players the second starts with one Universal proof and draws three leads to keep one."


def _starts_by_place(players: int) -> list[tuple[int, int]]:
    """What the engine gives each place in the turn order with the balance rule on: (Universal
    proofs at the start, leads drawn to choose the first lead from)."""
    state = CaseState(CARDS, players, seed=33)
    while state.phase == PHASE_SETUP:
        seat = state.chooser
        state.apply(seat, next(a for a in state.legal_actions(seat)))
    drawn = {e.seat: e.count for e in state.log if isinstance(e, LeadsDrawn)}
    return [(started_universals(state, seat), drawn[seat])
            for seat in sorted(range(players), key=state.turn_order)]


def started_universals(state, seat: int) -> int:
    return next(e for e in state.log if isinstance(e, GameStarted)).head_start[seat]


def test_the_setup_screen_says_what_the_balance_rule_gives_at_every_player_count():
    """Play-test: at 2 players the setup said "the earlier ones choose their first lead from
    more", but the first player drew 2 leads and the second 3 (and a Universal proof), as the
    rules' Starting positions says. The words now hold for each player count, checked against
    what the engine deals."""
    option = next(o for o in SPEC.options if o.key == "setup")
    words = option.choice_help[option.choices.index("sleuth")]
    assert "with 2 players the second starts with a Universal proof and chooses their first lead from three" in words
    assert _starts_by_place(2) == [(0, 2), (1, 3)]
    assert "with 3 or 4, the later players start with Universal proofs and the earlier ones choose their first " \
        "lead from more" in words
    for players in (3, 4):
        universals, leads = zip(*_starts_by_place(players), strict=True)
        assert universals[0] == 0 and all(u > 0 for u in universals[1:])  # the later players: Universals
        assert list(universals) == sorted(universals)
        assert list(leads) == sorted(leads, reverse=True) and leads[0] > leads[-1]  # the earlier: more leads
