"""Scenario tests: one per rule of the rulebook and RULINGS.md, from small hand-made states."""

from __future__ import annotations

import pytest

from sleuth.games.purrrlock_holmes.rules import (
    CHIEF,
    DONE,
    IN_PROGRESS,
    LITTER,
    NOT_STARTED,
    Drew,
    EndTurn,
    FurriartyMoved,
    Guess,
    Guessed,
    Investigate,
    Passed,
    Reshuffled,
    TokensCollected,
    TurnStarted,
)
from tests.contract import check_illegal_unchanged

from .helpers import (
    CARDS,
    CROW,
    DOG,
    GOOSE,
    RAT,
    TOAD,
    card,
    guess,
    new_state,
    play_investigate,
    set_hand,
    set_investigation,
    set_trail,
)


# -- data and the lead relation -----------------------------------------------------------------
def test_sixty_clue_cards_five_suspects_twelve_hours():
    assert CARDS.card_count == 60
    assert CARDS.suspects == ("Goose", "Toad", "Rat", "Crow", "Dog")
    assert sorted({(CARDS.card_suspect[c], CARDS.card_hour[c]) for c in range(60)}) == [
        (s, h) for s in range(5) for h in range(1, 13)
    ]


def test_eighteen_paw_prints_worth_one_to_three_and_furriarty_three():
    assert len(CARDS.token_values) == 18
    assert sorted(set(CARDS.token_values)) == [1, 2, 3]
    assert CARDS.furriarty_value == 3


def test_lead_is_same_suspect_same_hour_or_adjacent_hour():
    hidden = card(RAT, 5)
    assert CARDS.is_lead(card(RAT, 11), hidden)  # same suspect
    assert CARDS.is_lead(card(DOG, 5), hidden)  # same hour
    assert CARDS.is_lead(card(GOOSE, 4), hidden)  # adjacent hour
    assert CARDS.is_lead(card(CROW, 6), hidden)
    assert not CARDS.is_lead(card(TOAD, 7), hidden)  # dead end
    assert not CARDS.is_lead(card(TOAD, 3), hidden)


def test_hours_wrap_like_a_clock_twelve_is_next_to_one():
    assert CARDS.is_lead(card(GOOSE, 1), card(TOAD, 12))
    assert CARDS.is_lead(card(GOOSE, 12), card(TOAD, 1))
    assert not CARDS.is_lead(card(GOOSE, 2), card(TOAD, 12))


def test_every_card_is_a_lead_for_24_cards():
    assert all(mask.bit_count() == 24 for mask in CARDS.lead_mask)


# -- setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "players, left, up, right", [(2, 3, 2, 6), (3, 4, 3, 6), (4, 5, 4, 5), (5, 6, 5, 4)]
)
def test_trail_setup_per_player_count(players, left, up, right):
    """Face-down tokens, face-up tokens, Furriarty, face-down tokens; the rest back in the box."""
    state = new_state(players, seed=players)
    at = state.trail.index(state.furr)
    assert at == left + up
    assert len(state.trail) == left + up + 1 + right
    assert [state.face_up[t] for t in state.trail[:at]] == [False] * left + [True] * up
    assert not any(state.face_up[t] for t in state.trail[at + 1:])
    assert len(state.box) == 18 - (left + up + right)
    obs = state.observe(0)
    assert obs.furriarty_at == at and obs.trail[:left] == (None,) * left
    assert all(v is not None for v in obs.trail[left:at]) and obs.trail[at:] == (None,) * right


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_investigations_seeded_and_hands_four_for_first_two_for_others(players):
    state = new_state(players, seed=11)
    for seat in range(players):
        assert state.investigation[seat] >= 0
        assert len(state.leads[seat]) + len(state.dead_ends[seat]) == 2
    assert [len(h) for h in state.hands] == [4] + [2] * (players - 1)
    assert len(state.deck) == 60 - 3 * players - 4 - 2 * (players - 1)
    assert state.turn == 0 and state.pending_seats() == (0,)


def test_first_player_is_seat_zero_and_furriarty_moves_after_the_last_seat():
    state = new_state(3, seed=2)
    at = state.trail.index(state.furr)
    for seat in range(3):
        assert state.turn == seat
        hand = sorted(state.hands[seat])
        play_investigate(state, seat, hand[0], hand[1])
        assert state.trail.index(state.furr) == at  # not yet
        state.apply(seat, EndTurn())
    assert state.trail.index(state.furr) == at + 1
    assert state.turn == 0 and state.round == 2


# -- investigate ----------------------------------------------------------------------------------
def test_investigate_reveals_two_cards_one_at_a_time_answered_truthfully_left_or_right():
    state = new_state(3, seed=3)
    set_investigation(state, 0, card(RAT, 5))
    set_hand(state, 0, [card(RAT, 9), card(TOAD, 8), card(DOG, 1), card(CROW, 2)])
    # the two cards are chosen together; the second cannot change after the first answer
    assert "choose 2 cards" in check_illegal_unchanged(state, 0, Investigate(card(RAT, 9)))
    assert "different cards" in check_illegal_unchanged(state, 0, Investigate(card(RAT, 9), (card(RAT, 9),)))
    events = state.apply(0, Investigate(card(RAT, 9), (card(TOAD, 8),)))
    assert [str(e) for e in events] == [
        f"investigated(seat=0, card={card(RAT, 9)}, lead=True, seeding=False)"
    ]
    assert state.inv_state == IN_PROGRESS and state.pending_seats() == (0,)
    # between the two cards only the second card (or Paws) is allowed
    assert not any(isinstance(a, EndTurn) for a in state.legal_actions(0))
    assert "finish revealing" in check_illegal_unchanged(state, 0, guess(RAT, 5))
    assert "chose to reveal Toad 8 next" in check_illegal_unchanged(state, 0, Investigate(card(DOG, 1)))
    assert [a for a in state.legal_actions(0) if a.KIND == "investigate"] == [Investigate(card(TOAD, 8))]
    state.apply(0, Investigate(card(TOAD, 8)))
    assert state.inv_state == DONE
    assert state.leads[0] == [card(RAT, 9)] and state.dead_ends[0] == [card(TOAD, 8)]
    assert "already investigated" in check_illegal_unchanged(state, 0, Investigate(card(DOG, 1)))


def test_investigate_is_mandatory_before_ending_the_turn():
    state = new_state(2, seed=4)
    assert "must investigate" in check_illegal_unchanged(state, 0, EndTurn())


def test_only_cards_in_hand_can_be_investigated_and_only_on_your_turn():
    state = new_state(3, seed=5)
    outside = state.deck[-1]
    mine = state.hands[0][0]
    assert "not in your hand" in check_illegal_unchanged(state, 0, Investigate(outside, (mine,)))
    assert "not in your hand" in check_illegal_unchanged(state, 0, Investigate(mine, (outside,)))
    assert "own turn" in check_illegal_unchanged(state, 1, Investigate(state.hands[1][0], (state.hands[1][1],)))
    assert len([a for a in state.legal_actions(0) if a.KIND == "investigate"]) == 12  # ordered pairs of 4


# -- guess ----------------------------------------------------------------------------------------
def _ready(players=3, seed=6):
    state = new_state(players, seed)
    set_investigation(state, 0, card(CROW, 7))
    set_hand(state, 0, [card(GOOSE, 1), card(GOOSE, 2), card(TOAD, 10), card(TOAD, 11)])
    set_trail(state, [1, 2, 3], [2, 2, 2, 2])
    return state


def test_correct_suspect_only_collects_the_leftmost_token():
    state = _ready()
    left = state.trail[0]
    state.apply(0, guess(CROW))
    assert state.collected[0] == [left]
    assert state.solved[0] == [card(CROW, 7)]


def test_correct_hour_only_collects_the_leftmost_token():
    state = _ready()
    left = state.trail[0]
    state.apply(0, guess(None, 7))
    assert state.collected[0] == [left]


def test_correct_both_collects_the_two_leftmost_tokens():
    state = _ready()
    first, second = state.trail[:2]
    state.apply(0, guess(CROW, 7))
    assert state.collected[0] == [first, second]
    assert state.scores()[0] == 3


def test_wrong_both_guess_does_not_say_which_part_was_wrong_and_costs_the_draw():
    state = _ready()
    events = state.apply(0, guess(CROW, 8))  # right suspect, wrong hour
    [said] = [e for e in events if isinstance(e, Guessed)]
    assert str(said) == f"guessed(seat=0, suspect={CROW}, hour=8, paws=False, correct=False)"
    assert state.collected[0] == [] and state.investigation[0] == card(CROW, 7)
    play_investigate(state, 0, card(GOOSE, 1), card(GOOSE, 2))
    # guessed already: only ending the turn is left; the cleanup passes 2 and draws nothing
    assert [a for a in state.legal_actions(0) if not (isinstance(a, Guess) and a.paws)] == [EndTurn()]
    state.apply(0, EndTurn())
    assert state.turn == 1
    assert state.hands[0] == []


def test_guess_may_come_before_investigate_and_the_new_investigation_is_seeded():
    state = _ready()
    old_leads = list(state.leads[0]) + list(state.dead_ends[0])
    state.apply(0, guess(CROW, 7))
    assert state.investigation[0] >= 0 and state.investigation[0] != card(CROW, 7)
    assert len(state.leads[0]) + len(state.dead_ends[0]) == 2  # seeded with 2 investigated cards
    assert all(c in state.discard for c in old_leads)  # old leads and dead ends discarded
    assert state.inv_state == NOT_STARTED  # still must investigate
    assert "already guessed" in check_illegal_unchanged(state, 0, guess(CROW))
    play_investigate(state, 0, card(GOOSE, 1), card(TOAD, 10))
    state.apply(0, EndTurn())
    assert state.turn == 1
    assert len(state.hands[0]) == 2  # drew 2 (right guess)


def test_guess_after_investigate_or_decline_with_end_turn():
    state = _ready()
    play_investigate(state, 0, card(GOOSE, 1), card(GOOSE, 2))
    assert any(a == guess(CROW, 7) for a in state.legal_actions(0))
    state.apply(0, EndTurn())
    assert state.turn == 1 and len(state.hands[0]) == 2


def test_a_guess_names_at_least_one_detail_and_only_real_ones():
    state = _ready()
    assert "names the suspect" in check_illegal_unchanged(state, 0, guess())
    assert "no hour" in check_illegal_unchanged(state, 0, guess(CROW, 13))
    assert "no suspect" in check_illegal_unchanged(state, 0, guess(7, None))
    assert "own turn" in check_illegal_unchanged(state, 1, guess(CROW))


def test_completed_investigation_keeps_its_tokens_face_down_value_seen_only_by_owner():
    state = _ready()
    ids = set_trail(state, [3, 1], [2, 2, 2, 2, 2], left_face_up={1})
    events = state.apply(0, guess(CROW, 7))
    [mine] = [e for e in events if isinstance(e, TokensCollected) and e.visible_to(0)]
    [theirs] = [e for e in events if isinstance(e, TokensCollected) and e.visible_to(1)]
    assert mine.values == (3, 1) and theirs.values == (None, 1)
    assert state.collected[0] == ids[:2]
    assert state.observe(0).collected[0] == (3, 1)
    assert state.observe(1).collected[0] == (None, 1)
    assert state.observe(None).collected[0] == (None, 1)


# -- cleanup ----------------------------------------------------------------------------------------
def test_cleanup_passes_the_two_remaining_cards_clockwise_then_draws_two():
    state = _ready()
    before_next = list(state.hands[1])
    top = state.deck[-2:]
    play_investigate(state, 0, card(GOOSE, 1), card(GOOSE, 2))
    events = state.apply(0, EndTurn())
    assert sorted(state.hands[1]) == sorted(before_next + [card(TOAD, 10), card(TOAD, 11)])
    assert sorted(state.hands[0]) == sorted(top)
    passes = [e for e in events if isinstance(e, Passed)]
    assert {e.audience for e in passes} == {(0, 1), (2,)}
    assert [e.cards for e in passes if e.audience == (2,)] == [None]


def test_next_player_draws_two_when_nothing_is_passed():
    state = new_state(3, seed=7)
    set_hand(state, 0, [card(GOOSE, 1), card(GOOSE, 2)])
    before = len(state.hands[1])
    play_investigate(state, 0, card(GOOSE, 1), card(GOOSE, 2))
    state.apply(0, EndTurn())
    assert len(state.hands[1]) == before + 2
    assert len(state.hands[0]) == 2


def test_last_seat_passes_to_the_first_player():
    state = new_state(2, seed=8)
    hand = sorted(state.hands[0])
    play_investigate(state, 0, hand[0], hand[1])
    state.apply(0, EndTurn())
    rest = sorted(state.hands[1])
    play_investigate(state, 1, rest[0], rest[1])
    state.apply(1, EndTurn())
    assert set(rest[2:]) <= set(state.hands[0]) and len(state.hands[0]) == 4


# -- Furriarty --------------------------------------------------------------------------------------
def _end_round(state):
    for seat in range(state.players):
        assert state.turn == seat
        hand = sorted(state.hands[seat])
        if state.inv_state != DONE:
            state.apply(seat, Investigate(hand[0], tuple(hand[1:2])))
            if state.inv_state != DONE:
                state.apply(seat, Investigate(hand[1]))
        if not state.is_over() and state.turn == seat:
            state.apply(seat, EndTurn())
        if state.is_over():
            return


def test_furriarty_swaps_with_the_next_token_which_turns_face_up():
    state = new_state(3, seed=9)
    ids = set_trail(state, [1, 1], [3, 2])
    start = len(state.log)
    _end_round(state)
    assert state.trail == ids[:2] + [ids[2], state.furr, ids[3]]
    assert state.face_up[ids[2]]
    [moved] = [e for e in state.log[start:] if isinstance(e, FurriartyMoved)]
    assert moved.revealed == 3 and not moved.last_round
    assert state.observe(1).trail == (1, 1, 3, None) and state.observe(1).furriarty_at == 3


def test_last_round_once_furriarty_reaches_the_end_then_he_escapes():
    state = new_state(3, seed=10)
    set_trail(state, [1, 1, 1], [2])
    _end_round(state)
    assert state.last_round and not state.is_over()
    assert state.trail[-1] == state.furr
    _end_round(state)
    assert state.is_over()
    out = state.outcome()
    assert out.team_won is False and out.winners == ()
    assert "escaped" in out.reason
    assert state.pending_seats() == ()


def test_catching_furriarty_with_a_guess_ends_the_game_at_once():
    state = _ready()
    set_trail(state, [], [2, 2])
    state.apply(0, guess(CROW))
    assert state.is_over() and state.caught_by == 0
    out = state.outcome()
    assert out.team_won is True and out.winners == (0,)
    assert out.awards == {CHIEF: (0,)}
    assert out.scores[0] == 3.0
    assert state.legal_actions(0) == [] and state.pending_seats() == ()


def test_a_both_guess_collects_a_token_and_furriarty_behind_it():
    state = _ready()
    ids = set_trail(state, [2], [1, 1])
    state.apply(0, guess(CROW, 7))
    assert state.collected[0] == [ids[0], state.furr]
    assert state.outcome().scores[0] == 5.0


def test_collecting_stops_at_furriarty_when_he_is_first():
    state = _ready()
    ids = set_trail(state, [], [1, 1])
    state.apply(0, guess(CROW, 7))
    assert state.collected[0] == [state.furr]
    assert state.trail == ids


# -- Paws -------------------------------------------------------------------------------------------
def test_paws_between_the_two_cards_of_another_seats_investigate():
    state = _ready()
    set_investigation(state, 2, card(DOG, 3))
    state.apply(0, Investigate(card(GOOSE, 1), (card(GOOSE, 2),)))
    assert 2 in state.optional_seats()
    assert guess(DOG, 3, paws=True) in state.legal_actions(2)
    left2 = state.trail[:2]
    state.apply(2, guess(DOG, 3, paws=True))
    assert state.collected[2] == left2 and state.paws_used[2]
    assert state.inv_state == IN_PROGRESS and state.turn == 0  # seat 0 still owes its second card
    state.apply(0, Investigate(card(GOOSE, 2)))
    assert state.inv_state == DONE
    assert 2 not in state.optional_seats()
    assert "already called Paws" in check_illegal_unchanged(state, 2, guess(DOG, None, paws=True))


def test_paws_costs_one_victory_point_at_the_end():
    state = _ready()
    set_investigation(state, 1, card(DOG, 3))
    set_trail(state, [], [2])
    state.apply(1, guess(DOG, None, paws=True))
    assert state.is_over() and state.outcome().scores[1] == 3.0 - 1.0


def test_wrong_paws_off_turn_has_no_draw_penalty():
    state = _ready()
    set_investigation(state, 1, card(DOG, 3))
    state.apply(1, guess(TOAD, None, paws=True))
    assert not state.wrong and state.paws_used[1]
    play_investigate(state, 0, card(GOOSE, 1), card(GOOSE, 2))
    state.apply(0, EndTurn())
    before = len(state.hands[1])
    hand = sorted(state.hands[1])
    play_investigate(state, 1, hand[0], hand[1])
    state.apply(1, EndTurn())
    assert len(state.hands[1]) == before - 4 + 2  # passed 2, drew 2


def test_wrong_paws_on_your_own_turn_counts_as_your_wrong_guess():
    state = _ready()
    state.apply(0, Investigate(card(GOOSE, 1), (card(GOOSE, 2),)))
    state.apply(0, guess(TOAD, None, paws=True))  # Paws mid-Investigate on one's own turn
    assert state.wrong
    state.apply(0, Investigate(card(GOOSE, 2)))
    state.apply(0, EndTurn())
    assert state.hands[0] == []


def test_paws_is_not_allowed_without_an_investigation():
    state = _ready()
    state.investigation[1], card1 = -1, state.investigation[1]
    state.deck.insert(0, card1)
    state.deck[0:0] = state.leads[1] + state.dead_ends[1]
    state.leads[1], state.dead_ends[1] = [], []
    assert 1 not in state.optional_seats()
    assert "no Investigation" in check_illegal_unchanged(state, 1, guess(DOG, paws=True))


# -- the deck ---------------------------------------------------------------------------------------
def test_discard_pile_is_reshuffled_when_the_deck_runs_out():
    state = _ready()
    spare = list(state.deck)
    state.deck = spare[:1]
    state.discard.extend(spare[1:])
    play_investigate(state, 0, card(GOOSE, 1), card(GOOSE, 2))
    events = state.apply(0, EndTurn())
    assert any(isinstance(e, Reshuffled) for e in events)
    assert len(state.hands[0]) == 2
    state.check_invariants()


def _dry(state):
    """Move every card of the deck and the discard pile into seat 2's leads and dead ends."""
    hidden = state.deck + state.discard
    state.deck, state.discard = [], []
    inv = state.investigation[2]
    state.leads[2].extend(c for c in hidden if CARDS.is_lead(c, inv))
    state.dead_ends[2].extend(c for c in hidden if not CARDS.is_lead(c, inv))
    state.check_invariants()


def test_a_dry_deck_gives_what_it_has_and_a_one_card_hand_investigates_one_card():
    state = _ready()
    _dry(state)
    play_investigate(state, 0, card(GOOSE, 1), card(GOOSE, 2))
    state.apply(0, EndTurn())
    assert state.hands[0] == []  # nothing to draw
    keep = state.hands[1][0]
    gone = state.hands[1][1:]
    state.hands[1] = [keep]
    inv = state.investigation[2]
    for c in gone:
        (state.leads[2] if CARDS.is_lead(c, inv) else state.dead_ends[2]).append(c)
    state.apply(1, Investigate(keep))
    assert state.inv_state == DONE and state.hands[1] == []
    hand2 = len(state.hands[2])
    state.apply(1, EndTurn())  # nothing to pass: seat 2 would draw 2, but there are none
    assert len(state.hands[2]) == hand2
    state.check_invariants()


def test_a_dry_deck_leaves_a_solver_without_investigation_until_a_card_comes_back():
    state = _ready()
    _dry(state)
    state.apply(0, guess(CROW, 7))
    assert state.investigation[0] == -1
    assert not any(a.KIND == "guess" for a in state.legal_actions(0))
    assert 0 not in state.observe(1).has_investigation[:1] or not state.observe(1).has_investigation[0]
    play_investigate(state, 0, card(GOOSE, 1), card(GOOSE, 2))
    assert state.legal_actions(0) == [EndTurn()]  # no guess possible: only the end of the turn
    state.apply(0, EndTurn())
    assert state.turn == 1
    state.check_invariants()


# -- scoring and ties -------------------------------------------------------------------------------
def _score_state(scores_tokens, solved, paws=(), caught_by=None):
    state = new_state(3, seed=12)
    state.trail = [t for t in state.trail]
    for seat, values in enumerate(scores_tokens):
        for v in values:
            t = next(t for t in state.trail + state.box if t != state.furr and CARDS.token_values[t] == v)
            (state.trail if t in state.trail else state.box).remove(t)
            state.collected[seat].append(t)
    for seat, n in enumerate(solved):
        for _ in range(n):
            state.solved[seat].append(state.deck.pop())
    for seat in paws:
        state.paws_used[seat] = True
    if caught_by is not None:
        state.trail.remove(state.furr)
        state.collected[caught_by].append(state.furr)
        state.caught_by = caught_by
    state._finish(caught=caught_by is not None)
    return state.outcome()


def test_caught_most_points_is_chief_inspector():
    out = _score_state([[3], [1], [2]], [1, 1, 1], caught_by=1)
    assert out.scores == (3.0, 4.0, 2.0) and out.winners == (1,)


def test_caught_tie_goes_to_fewest_completed_investigations():
    out = _score_state([[3, 2], [2], [1]], [2, 1, 1], caught_by=1)
    assert out.scores[:2] == (5.0, 5.0) and out.winners == (1,)
    assert out.awards == {CHIEF: (1,)}


def test_caught_tie_still_tied_is_shared():
    out = _score_state([[3, 2], [2], [1]], [1, 1, 1], caught_by=1)
    assert out.winners == (0, 1)


def test_paws_cost_counts_in_the_tie():
    out = _score_state([[3, 3], [2], [1]], [1, 1, 1], paws=(0,), caught_by=1)
    assert out.scores[:2] == (5.0, 5.0) and out.winners == (0, 1)


def test_escape_no_winner_fewest_points_is_litter_box_inspector():
    out = _score_state([[3], [1], [2]], [1, 1, 1])
    assert out.team_won is False and out.winners == () and out.awards == {LITTER: (1,)}


def test_escape_tie_demotes_most_completed_investigations():
    out = _score_state([[1], [1], [3]], [1, 2, 0])
    assert out.awards == {LITTER: (1,)}


def test_escape_tie_still_tied_is_shared():
    out = _score_state([[], [], [3]], [0, 0, 1])
    assert out.awards == {LITTER: (0, 1)}


# -- the trail over a whole game, per player count ----------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_trail_moves_once_per_round_then_last_round_then_escape_per_player_count(players):
    """Nobody guesses: Furriarty passes every token to his right, one per round (each turns face
    up), the round after he reaches the end is the last, and he escapes at its end."""
    state = new_state(players, seed=20 + players)
    right = CARDS.trails[players].right_face_down
    passed = state.trail[state.trail.index(state.furr) + 1:]
    moves = []
    while not state.is_over():
        seat = state.turn
        start = len(state.log)
        if state.inv_state != DONE:
            state.apply(seat, next(a for a in state.legal_actions(seat) if a.KIND == "investigate"))
        else:
            state.apply(seat, EndTurn())
        moves += [e for e in state.log[start:] if isinstance(e, FurriartyMoved)]
        state.check_invariants()
    assert len(moves) == right
    assert [m.last_round for m in moves] == [False] * (right - 1) + [True]
    assert [m.revealed for m in moves] == [CARDS.token_values[t] for t in passed]
    assert all(state.face_up[t] for t in passed)
    assert state.round == right + 1 and state.outcome().team_won is False


def test_paws_by_another_seat_while_the_active_seat_decides_whether_to_guess():
    state = _ready()
    set_investigation(state, 1, card(DOG, 3))
    play_investigate(state, 0, card(GOOSE, 1), card(GOOSE, 2))
    assert state.inv_state == DONE and state.turn == 0  # seat 0 may still guess or end its turn
    state.apply(1, guess(DOG, 3, paws=True))
    assert state.solved[1] == [card(DOG, 3)]
    assert state.investigation[1] >= 0 and len(state.leads[1]) + len(state.dead_ends[1]) == 2  # seeded
    assert state.turn == 0 and guess(CROW, 7) in state.legal_actions(0)


def test_the_last_answer_never_ends_the_turn_by_itself_the_player_ends_it():
    """Issue 15, item 7: after a guess, revealing the 2nd card used to run the cleanup at once, so
    the answer flashed past while the next player took over. Now the player reads it and ends the
    turn (the book's Cleanup is theirs to do), and a Paws may still come in between (RULINGS 6)."""
    state = _ready()
    set_investigation(state, 1, card(DOG, 3))
    state.apply(0, guess(CROW, 8))  # wrong: no draw at cleanup
    events = state.apply(0, Investigate(card(GOOSE, 1), (card(GOOSE, 2),)))
    events += state.apply(0, Investigate(card(GOOSE, 2)))
    assert not any(isinstance(e, (Passed, Drew, TurnStarted)) for e in events)
    assert state.turn == 0 and state.pending_seats() == (0,) and state.inv_state == DONE
    assert EndTurn() in state.legal_actions(0)
    assert guess(CROW, 7, paws=True) in state.legal_actions(0)
    state.apply(1, guess(DOG, 3, paws=True))  # another seat's Paws, between the answer and the pass
    assert state.turn == 0
    events = state.apply(0, EndTurn())
    assert any(isinstance(e, Passed) for e in events) and state.turn == 1
    assert state.hands[0] == []  # the wrong guess cost the draw
