"""Scenario tests: one small hand-made position per rule of the book and RULINGS.md."""

from __future__ import annotations

import random

import pytest

from sleuth.games.bakerstreet.rules import (
    BID,
    CHOOSE,
    OVER,
    TAKE,
    TURN,
    Bid,
    Choose,
    Dispute,
    Disputed,
    Drew,
    Evaluated,
    Looked,
    Play,
    Played,
    Reshuffled,
    RoundStarted,
    Take,
    Took,
    longest_run,
)
from tests.contract import check_illegal_unchanged
from tests.games.bakerstreet.helpers import arrange, new, play_turn


def evaluations(state):
    return [e for e in state.log if isinstance(e, Evaluated)]


def choose_position(piles, evidence=None, held=None, winner=0, hands=None):
    """A position right after a dispute that ``winner`` won: it must choose a stack."""
    state = new()
    hands = hands if hands is not None else {0: [], 1: []}
    return arrange(state, hands=hands, piles=piles, evidence=evidence, held=held, phase=CHOOSE,
                   dispute_winner=winner)


# -- setup -------------------------------------------------------------------------------------
def test_setup_each_player_holds_three_and_evidence_lies_in_five_stacks_of_eight():
    state = new(3)
    assert [len(h) for h in state.hands] == [3, 3]
    assert [len(u) for u in state.unused] == [27, 27]
    assert [len(e) for e in state.evidence] == [8] * 5
    letters = sorted(state.names[state.letter_of[e]] for s in state.evidence for e in s)
    assert letters == sorted("ABCDEFGHIJKLMNOPQRST" * 2)
    assert all(c // 30 == s for s in (0, 1) for c in state.unused[s] + state.hands[s])


def test_seat_zero_the_younger_player_starts_the_first_round():
    state = new(4)
    assert state.pending_seats() == (0,) and state.phase == TURN and state.round == 1


# -- the turn ----------------------------------------------------------------------------------
def test_turn_play_a_card_then_draw_back_to_three_then_bid():
    state = arrange(new(), hands={0: [(5, "none"), (2, "none"), (0, "arrow")]})
    state.apply(0, Play(5, "none", 3))
    assert len(state.hands[0]) == 3 and state.phase == BID
    assert state.piles[3] and state.value[state.piles[3][-1]] == 5
    assert isinstance(state.log[-2], Drew) and state.log[-2].audience == (0,)
    assert state.log[-1].value is None and state.log[-1].audience == (1,)


def test_the_first_bid_of_a_round_may_be_anything_from_0_to_30():
    state = arrange(new(), hands={0: [(5, "none"), (2, "none"), (0, "arrow")]})
    state.apply(0, Play(2, "none", 0))
    assert [a.amount for a in state.legal_actions(0)] == list(range(31))
    assert "between 0 and 30" in check_illegal_unchanged(state, 0, Bid(31))
    assert "between 0 and 30" in check_illegal_unchanged(state, 0, Bid(-1))
    state.apply(0, Bid(0))
    assert state.bids == [(0, 0)]


def test_later_bids_must_be_at_least_one_more_than_the_opponents_last():
    state = arrange(new(), hands={0: [(5, "none")] * 1 + [(2, "none"), (1, "none")]})
    play_turn(state, 0, 5, "none", 0, 12)
    hand = state.hands[1]
    state.apply(1, Play(state.value[hand[0]], ["none", "stop", "double", "arrow"][state.sym[hand[0]]], 1))
    assert state.legal_actions(1)[0] == Bid(13)
    reason = check_illegal_unchanged(state, 1, Bid(12))
    assert "at least 13" in reason
    state.apply(1, Bid(13))
    assert state.turn == 0


def test_a_dispute_needs_a_bid_by_the_opponent_this_round():
    state = new(5)
    assert Dispute() not in state.legal_actions(0)
    assert "no bid to dispute" in check_illegal_unchanged(state, 0, Dispute())
    hand = state.hands[0]
    value, sym = state.card(hand[0])
    play_turn(state, 0, value, sym, 0, 10)
    assert Dispute() in state.legal_actions(1)


def test_after_playing_a_card_the_player_must_bid_and_may_not_dispute():
    state = new(5)
    value, sym = state.card(state.hands[0][0])
    play_turn(state, 0, value, sym, 0, 10)
    value, sym = state.card(state.hands[1][0])
    state.apply(1, Play(value, sym, 2))
    assert "must bid" in check_illegal_unchanged(state, 1, Dispute())
    assert "already played" in check_illegal_unchanged(state, 1, Play(value, sym, 2))


def test_facing_a_bid_of_30_the_only_move_is_to_dispute():
    state = new(5)
    value, sym = state.card(state.hands[0][0])
    play_turn(state, 0, value, sym, 0, 30)
    assert state.legal_actions(1) == [Dispute()]
    value, sym = state.card(state.hands[1][0])
    assert "must dispute" in check_illegal_unchanged(state, 1, Play(value, sym, 0))


def test_playing_a_card_not_in_hand_or_beside_no_stack_is_refused():
    state = arrange(new(), hands={0: [(5, "none"), (2, "none"), (0, "arrow")]})
    assert "hold no 4" in check_illegal_unchanged(state, 0, Play(4, "none", 0))
    assert "no evidence stack 6 (the stacks are 1 to 5)" in check_illegal_unchanged(state, 0, Play(5, "none", 5))
    assert "not your turn" in check_illegal_unchanged(state, 1, Play(5, "none", 0))
    assert "play a card before you bid" in check_illegal_unchanged(state, 0, Bid(4))


def test_a_played_card_covers_the_earlier_cards_of_that_stack():
    state = arrange(new(), hands={0: [(5, "none"), (2, "none"), (0, "arrow")]},
                    piles={2: [(1, 4, "none")]})
    state.apply(0, Play(2, "none", 2))
    obs = state.observe(1)
    assert obs.pile_tops[2] == (0, 2, "none") and obs.pile_sizes[2] == 2
    # the covered 4 is no longer part of the visible state, only of the history
    assert "4, 'none')" not in repr(obs.pile_tops)


# -- the dispute -------------------------------------------------------------------------------
def dispute_position(hand0, hand1, bid, bidder=1):
    """Seat 1 - bidder disputes ``bidder``'s bid with these hands."""
    disputer = 1 - bidder
    state = arrange(new(), hands={0: hand0, 1: hand1}, turn=disputer, bids=[(disputer, bid - 1), (bidder, bid)])
    state.apply(disputer, Dispute())
    return state


@pytest.mark.parametrize("bid, winner", [(14, 0), (13, 1), (12, 1)])
def test_dispute_total_below_the_bid_wins_for_the_disputer_otherwise_the_bidder(bid, winner):
    # hands total 13; seat 0 disputes seat 1's bid
    state = dispute_position([(5, "none"), (3, "none"), (0, "none")], [(2, "none"), (2, "arrow"), (1, "none")], bid)
    event = next(e for e in state.log if isinstance(e, Disputed))
    assert event.total == 13 and event.winner == winner
    assert state.dispute_winner == winner and state.phase == CHOOSE and state.pending_seats() == (winner,)


def test_symbols_do_not_count_in_the_dispute_total():
    state = dispute_position([(0, "double"), (3, "double"), (1, "double")], [(5, "stop"), (4, "arrow"), (0, "arrow")], 14)
    event = next(e for e in state.log if isinstance(e, Disputed))
    assert event.total == 13 and event.winner == 0


def test_after_a_dispute_both_hands_go_face_up_onto_their_used_piles():
    state = dispute_position([(5, "none"), (3, "none"), (0, "none")], [(2, "none"), (2, "arrow"), (1, "none")], 10)
    assert state.hands == [[], []]
    assert [len(u) for u in state.used] == [3, 3]
    event = next(e for e in state.log if isinstance(e, Disputed))
    assert event.audience is None and event.hands[0] == ((5, "none"), (3, "none"), (0, "none"))
    assert state.observe(0).used_tops == ((0, "none"), (1, "none"))


def test_the_loser_of_the_dispute_starts_the_next_round_and_both_draw_three():
    state = dispute_position([(5, "none"), (3, "none"), (0, "none")], [(2, "none"), (2, "arrow"), (1, "none")], 10)
    assert state.dispute_winner == 1
    state.apply(1, Choose(0))
    while state.phase == TAKE:
        state.apply(state.eval_winner, state.legal_actions(state.eval_winner)[0])
    assert state.round == 2 and state.pending_seats() == (0,) and state.phase == TURN
    assert [len(h) for h in state.hands] == [3, 3] and state.bids == []
    assert isinstance(next(e for e in reversed(state.log) if isinstance(e, RoundStarted)), RoundStarted)


# -- evaluation --------------------------------------------------------------------------------
def test_evaluation_counts_from_the_top_down_until_a_stop_has_been_counted():
    state = choose_position({0: [(0, 5, "none"), (1, 5, "none"), (1, 3, "stop"), (0, 2, "none"), (1, 1, "none")]})
    state.apply(0, Choose(0))
    [ev] = evaluations(state)
    assert ev.cards == ((1, 1, "none"), (0, 2, "none"), (1, 3, "stop"))
    assert ev.totals == (2, 4) and ev.winner == 1
    # the cards under the Stop stay where they were
    assert [state.card(c) for c in state.piles[0]] == [(5, "none"), (5, "none")]


def test_a_stop_on_top_counts_only_itself():
    state = choose_position({1: [(1, 5, "none"), (0, 4, "stop")]})
    state.apply(0, Choose(1))
    [ev] = evaluations(state)
    assert ev.cards == ((0, 4, "stop"),) and ev.totals == (4, 0) and len(state.piles[1]) == 1


def test_an_evaluation_says_how_many_cards_its_stop_left_below_and_a_stop_at_the_bottom_left_none():
    """Veteran play-test: the story said "Stops cut 3 counts short" where only one Stop had left
    cards beneath it, and a count whose Stop lay at the bottom said "cards below it stay": the
    event had not said whether anything was left below."""
    state = choose_position({0: [(0, 5, "none"), (1, 5, "none"), (1, 3, "stop"), (0, 2, "none")],
                             1: [(1, 4, "stop"), (0, 2, "none")], 2: [(0, 4, "none")]})
    state.apply(0, Choose(0))
    [cut] = evaluations(state)
    assert cut.left == 2 == len(state.piles[0])
    for stack in (1, 2):
        other = choose_position({1: [(1, 4, "stop"), (0, 2, "none")], 2: [(0, 4, "none")]})
        other.apply(0, Choose(stack))
        [ev] = evaluations(other)
        assert ev.left == 0 == len(other.piles[stack])  # a Stop at the bottom, or none: nothing left


def test_evaluated_cards_go_onto_their_owners_used_piles():
    state = choose_position({0: [(0, 5, "none"), (1, 3, "none"), (0, 2, "none")]})
    state.apply(0, Choose(0))
    assert sorted(state.card(c) for c in state.used[0]) == [(2, "none"), (5, "none")]
    assert [state.card(c) for c in state.used[1]] == [(3, "none")]
    assert state.piles[0] == []


def test_x2_doubles_the_players_total():
    state = choose_position({0: [(0, 4, "none"), (1, 5, "none"), (0, 1, "double")]})
    state.apply(0, Choose(0))
    [ev] = evaluations(state)
    assert ev.totals == (10, 5) and ev.winner == 0


def test_several_x2_cards_double_only_once():
    piles = {0: [(0, 3, "none"), (0, 0, "double"), (1, 5, "none"), (0, 1, "double"), (0, 2, "double")]}
    state = choose_position(piles, winner=1)
    state.apply(1, Choose(0))
    [ev] = evaluations(state)
    assert ev.totals == (12, 5) and ev.winner == 0


def test_x2_doubles_only_its_owners_total_and_both_may_double():
    state = choose_position({0: [(1, 4, "none"), (1, 3, "double"), (0, 5, "none"), (0, 0, "double")]})
    state.apply(0, Choose(0))
    [ev] = evaluations(state)
    assert ev.totals == (10, 14) and ev.winner == 1


def test_an_x2_under_a_stop_is_not_counted():
    state = choose_position({0: [(1, 1, "double"), (1, 4, "none"), (0, 3, "stop"), (1, 2, "none")]})
    state.apply(0, Choose(0))
    [ev] = evaluations(state)
    assert ev.totals == (3, 2) and ev.winner == 0


def test_a_tie_goes_to_the_winner_of_the_dispute():
    for winner in (0, 1):
        state = choose_position({0: [(0, 3, "none"), (1, 3, "none")]}, winner=winner)
        state.apply(winner, Choose(0))
        [ev] = evaluations(state)
        assert ev.totals == (3, 3) and ev.winner == winner


def test_the_rulebook_example_anna_3_plus_2_doubled_ties_ben_5_3_2_and_anna_wins_as_disputer():
    # from the top: Ben 5, Anna 3 (x2), Ben 2, Anna 2, Ben 3 (Stop); Ben's 4 below stays
    piles = {4: [(1, 4, "none"), (1, 3, "stop"), (0, 2, "none"), (1, 2, "none"), (0, 3, "double"), (1, 5, "none")]}
    state = choose_position(piles)
    state.apply(0, Choose(4))
    [ev] = evaluations(state)
    assert len(ev.cards) == 5 and ev.totals == (10, 10) and ev.winner == 0
    assert [state.card(c) for c in state.piles[4]] == [(4, "none")]


def test_a_stack_without_detective_cards_is_won_by_the_dispute_winner_even_at_0_to_0():
    for winner in (0, 1):
        state = choose_position({}, winner=winner)
        state.apply(winner, Choose(2))
        [ev] = evaluations(state)
        assert ev.cards == () and ev.totals == (0, 0) and ev.winner == winner


# -- arrows ------------------------------------------------------------------------------------
def finish_takes(state):
    while state.phase == TAKE:
        seat = state.eval_winner
        state.apply(seat, state.legal_actions(seat)[0])


def test_an_arrow_evaluates_the_next_stack_clockwise():
    state = choose_position({1: [(1, 2, "arrow")], 2: [(0, 1, "none")], 3: [(1, 5, "none")]})
    state.apply(0, Choose(1))
    finish_takes(state)
    evs = evaluations(state)
    assert [e.stack for e in evs] == [1, 2]
    assert evs[0].winner == 1 and evs[0].arrow and evs[1].winner == 0 and not evs[1].arrow


def test_either_players_arrow_counts_and_chains_go_on_while_arrows_appear():
    piles = {2: [(0, 0, "arrow")], 3: [(1, 4, "arrow")], 4: [(0, 2, "none")], 0: [(1, 5, "none")]}
    state = choose_position(piles, winner=1)
    state.apply(1, Choose(2))
    finish_takes(state)
    assert [e.stack for e in evaluations(state)] == [2, 3, 4]


def test_an_arrow_chain_wraps_from_the_last_stack_to_the_first():
    state = choose_position({4: [(0, 5, "arrow")], 0: [(1, 1, "none")]})
    state.apply(0, Choose(4))
    finish_takes(state)
    assert [e.stack for e in evaluations(state)] == [4, 0]


def test_an_arrow_chain_can_evaluate_a_stack_twice_in_a_round():
    piles = {
        0: [(1, 5, "none"), (0, 4, "stop"), (0, 2, "arrow")],  # first pass stops at the Stop
        1: [(0, 0, "arrow")],
        2: [(1, 4, "arrow")],
        3: [(0, 5, "arrow")],
        4: [(1, 2, "arrow")],
    }
    state = choose_position(piles)
    state.apply(0, Choose(0))
    finish_takes(state)
    evs = evaluations(state)
    assert [e.stack for e in evs] == [0, 1, 2, 3, 4, 0]
    assert evs[0].cards == ((0, 2, "arrow"), (0, 4, "stop"))
    assert evs[-1].cards == ((1, 5, "none"),) and evs[-1].winner == 1
    assert state.piles == [[], [], [], [], []]


def test_an_arrow_under_a_stop_does_not_chain():
    state = choose_position({1: [(1, 2, "arrow"), (0, 1, "stop")], 2: [(1, 5, "none")]})
    state.apply(0, Choose(1))
    finish_takes(state)
    assert [e.stack for e in evaluations(state)] == [1]


def test_each_evaluation_of_a_chain_gives_its_own_evidence_choice_before_the_next():
    state = choose_position({0: [(0, 2, "arrow")], 1: [(1, 2, "none")]}, evidence={0: "AABBCCDD", 1: "EEFFGGHH"})
    state.apply(0, Choose(0))
    assert state.phase == TAKE and state.eval_stack == 0 and state.pending_seats() == (0,)
    assert len(evaluations(state)) == 1
    state.apply(0, Take("C"))
    assert state.phase == TAKE and state.eval_stack == 1 and state.pending_seats() == (1,)
    state.apply(1, Take("H"))
    assert state.phase == TURN and state.round == 2


# -- evidence ----------------------------------------------------------------------------------
def test_the_evaluation_winner_looks_through_the_stack_and_the_opponent_does_not():
    state = choose_position({0: [(1, 2, "none")]}, evidence={0: "ABCDEFGH"})
    state.apply(0, Choose(0))
    looked = [e for e in state.log if isinstance(e, Looked)]
    assert [e for e in looked if e.visible_to(1)][0].letters == tuple("ABCDEFGH")
    assert [e for e in looked if e.visible_to(0)][0].letters is None
    assert state.observe(1).looking == tuple("ABCDEFGH") and state.observe(0).looking is None


def test_the_winner_takes_one_card_whose_letter_they_lack():
    state = choose_position({}, evidence={3: "AABBCDEF"}, held={0: "CG"})
    state.apply(0, Choose(3))
    assert [a.letter for a in state.legal_actions(0)] == ["A", "B", "D", "E", "F"]
    assert "already hold the letter C" in check_illegal_unchanged(state, 0, Take("C"))
    assert "holds no H" in check_illegal_unchanged(state, 0, Take("H"))
    assert "not an evidence letter" in check_illegal_unchanged(state, 0, Take("Z"))
    assert "only the winner" in check_illegal_unchanged(state, 1, Take("B"))
    state.apply(0, Take("B"))
    assert sorted(state.observe(0).letters) == ["B", "C", "G"]
    assert state.observe(1).letters == () and state.observe(1).letter_counts == (3, 0)
    assert sorted(state.names[state.letter_of[e]] for e in state.evidence[3]) == list("AABCDEF")
    took = [e for e in state.log if isinstance(e, Took)]
    assert {e.letter for e in took if e.visible_to(1)} == {None}


def test_a_duplicate_letter_in_the_stack_is_offered_once():
    state = choose_position({}, evidence={1: "AABB"}, held={})
    state.apply(0, Choose(1))
    assert [a.letter for a in state.legal_actions(0)] == ["A", "B"]


def test_with_only_letters_already_held_the_winner_takes_nothing():
    state = choose_position({}, evidence={2: "AB"}, held={0: "AB"})
    state.apply(0, Choose(2))
    took = [e for e in state.log if isinstance(e, Took)]
    assert took[-1].taken is False and state.phase == TURN and len(state.evidence[2]) == 2


def test_an_empty_evidence_stack_can_still_be_chosen_and_yields_nothing():
    state = choose_position({2: [(0, 5, "none")]}, evidence={2: ""})
    state.apply(0, Choose(2))
    assert [e for e in state.log if isinstance(e, Took)][-1].taken is False
    assert state.phase == TURN and state.round == 2


def test_only_the_dispute_winner_chooses_and_only_an_existing_stack():
    state = choose_position({})
    assert "only the winner of the dispute" in check_illegal_unchanged(state, 1, Choose(0))
    assert "no evidence stack 8" in check_illegal_unchanged(state, 0, Choose(7))  # stacks are numbered from 1


# -- used piles and reshuffles -----------------------------------------------------------------
def test_an_empty_unused_stack_is_refilled_by_shuffling_the_used_pile():
    state = new(9)
    hand0 = [state.card(c) for c in state.hands[0]]
    state = arrange(state, hands={0: hand0}, unused={0: []})
    assert state.unused[0] == [] and len(state.used[0]) == 27
    value, sym = hand0[0]
    state.apply(0, Play(value, sym, 0))
    assert any(isinstance(e, Reshuffled) and e.seat == 0 and e.cards == 27 for e in state.log)
    assert len(state.unused[0]) == 26 and state.used[0] == [] and len(state.hands[0]) == 3
    assert state.observe(1).used_tops[0] is None


def test_the_new_round_refill_reshuffles_mid_draw_when_needed():
    state = dispute_position([(5, "none"), (3, "none"), (0, "none")], [(2, "none"), (2, "arrow"), (1, "none")], 10)
    keep = [state.card(c) for c in state.unused[0][-1:]]
    arrange(state, unused={0: keep}, phase=CHOOSE, dispute_winner=1)
    state.apply(1, Choose(0))
    finish_takes(state)
    assert len(state.hands[0]) == 3 and any(isinstance(e, Reshuffled) and e.seat == 0 for e in state.log)
    state.check_invariants()


def test_a_player_without_any_card_to_draw_bids_without_playing():
    state = new(2)
    n = state.deck_size
    # every card of seat 0 lies beside the stacks
    everything = [c for c in range(n)]
    for zone in state.unused[:1] + state.used[:1] + state.hands[:1]:
        zone.clear()
    for i, c in enumerate(everything):
        state.piles[i % 5].append(c)
    state.check_invariants()
    assert [type(a).__name__ for a in state.legal_actions(0)] == ["Bid"] * 31
    state.apply(0, Bid(3))
    assert state.turn == 1


# -- the end -----------------------------------------------------------------------------------
def test_seven_consecutive_letters_win_at_once_even_in_the_middle_of_an_arrow_chain():
    state = choose_position({0: [(0, 2, "arrow")], 1: [(1, 5, "none")]}, evidence={0: "GGHHIIJJ"},
                            held={0: "ABCDEF"})
    state.apply(0, Choose(0))
    state.apply(0, Take("G"))
    assert state.is_over() and state.phase == OVER and state.outcome().winners == (0,)
    assert "7 consecutive" in state.outcome().reason
    assert [e.stack for e in evaluations(state)] == [0]
    assert state.pending_seats() == () and state.legal_actions(0) == []


def test_a_run_does_not_wrap_from_t_to_a():
    state = choose_position({}, evidence={0: "AAKKLLMM"}, held={0: "OPQRST"})
    state.apply(0, Choose(0))
    state.apply(0, Take("A"))
    assert not state.is_over()
    assert longest_run(state.masks[0]) == 6


def test_exhausted_supply_cannot_happen_before_someone_has_seven():
    """A letter on the table is takeable unless both players hold it, and then both copies are
    gone: so the supply is exhausted only when all 40 cards are held, i.e. both hold A..T."""
    state = choose_position({}, evidence={0: "AB"}, held={0: "CDEF", 1: "CDEF"})
    assert not state._supply_exhausted()
    state.evidence = [[] for _ in range(5)]
    assert state._supply_exhausted()


def test_a_letter_a_player_lacks_always_has_a_copy_on_the_table():
    """Two copies per letter, at most one per player: so every player can always still win."""
    for seed in range(5):
        state = new(seed)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in (0, 1):
                table = {state.letter_of[e] for s in state.evidence for e in s}
                lacking = {i for i in range(20) if not state.masks[seat] >> i & 1}
                assert lacking <= table
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])


def test_round_limit_longest_run_wins():
    state = choose_position({}, evidence={0: "AB"}, held={0: "KLMN", 1: "CDEFG"})
    state.round = state.cards.max_rounds
    state.apply(0, Choose(0))
    state.apply(0, Take("A"))
    assert state.is_over() and "round limit" in state.outcome().reason
    assert state.outcome().winners == (1,) and "longest run (5)" in state.outcome().reason


def test_round_limit_equal_runs_then_most_evidence_cards():
    state = choose_position({}, evidence={0: "AB"}, held={0: "KLMQ", 1: "CDEG"})
    state.round = state.cards.max_rounds
    state.apply(0, Choose(0))
    state.apply(0, Take("A"))
    assert state.outcome().winners == (0,) and "more evidence (5)" in state.outcome().reason


def test_round_limit_equal_runs_and_counts_is_a_draw():
    state = choose_position({}, evidence={0: "AB"}, held={0: "KLMQ", 1: "CDEGI"})
    state.round = state.cards.max_rounds
    state.apply(0, Choose(0))
    state.apply(0, Take("A"))
    assert state.outcome().winners == () and "draw" in state.outcome().reason
    assert state.outcome().scores == (3.0, 3.0)


# -- options -----------------------------------------------------------------------------------
@pytest.mark.parametrize("variant, symbol", [("no-stop", "stop"), ("no-double", "double"), ("no-arrow", "arrow")])
def test_symbol_variants_print_that_symbol_as_a_plain_card(variant, symbol):
    state = new(1, symbols=variant)
    names = {state.card(c)[1] for c in range(60)}
    assert symbol not in names and len(names) == 3


def test_played_events_name_the_card_and_the_stack():
    state = arrange(new(), hands={0: [(4, "arrow"), (2, "none"), (0, "none")]})
    state.apply(0, Play(4, "arrow", 1))
    assert Played(0, 4, "arrow", 1) in state.log
