"""Seeded random playouts with invariants, determinism, clones, text forms and the no-leak check."""

from __future__ import annotations

import random

import pytest

from sleuth.core.registry import get
from sleuth.games.purrrlock_holmes.rules import Guess, InvestigationDrawn
from tests.contract import check_clone_independent, check_determinism, check_illegal_unchanged, random_playout

SPEC = get("purrrlock-holmes")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_end_and_keep_every_card_and_token_once(players):
    """60 clue cards, 18 paw prints and Furriarty are somewhere exactly once after every action."""
    for seed in range(12):
        state, actions = random_playout(SPEC, players, seed)
        assert state.is_over() and actions


def test_random_playouts_with_frequent_paws_interrupts():
    from tests import contract

    for seed in range(20):
        state = SPEC.create(4, {}, seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over():
            seat = contract.choose_actor(state, rng, interrupt_chance=0.5)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            state.check_invariants()
            steps += 1
            assert steps < 5000


@pytest.mark.parametrize("players", [2, 5])
def test_determinism(players):
    check_determinism(SPEC, players, seed=3)


def test_clone_is_independent():
    state = SPEC.create(4, {}, 1)
    check_clone_independent(state)
    state, _ = random_playout(SPEC, 3, 2)
    check_clone_independent(SPEC.create(3, {}, 2))


def test_refused_actions_change_nothing():
    state = SPEC.create(3, {}, 4)
    assert check_illegal_unchanged(state, 1, Guess(0, None))
    assert check_illegal_unchanged(state, 0, Guess(None, None))
    state.apply(1, Guess(0, 1, True))
    assert "already called Paws" in check_illegal_unchanged(state, 1, Guess(0, 2, True))


def test_action_and_event_text_round_trips():
    state, actions = random_playout(SPEC, 3, 5)
    for _, text in actions:
        assert str(SPEC.actions.parse(text)) == text
    for event in state.log:
        assert SPEC.events.parse(str(event)) == event


def _swap(state, a_list, i, b_list, j):
    a_list[i], b_list[j] = b_list[j], a_list[i]


def test_no_leak_own_investigation_other_hands_deck_order_and_others_face_down_tokens():
    """Changing what a seat cannot see leaves its observation unchanged."""
    for seed in range(8):
        state, _ = random_playout(SPEC, 4, seed)
        # replay part of the game to get a mid-game state
        state = SPEC.create(4, {}, seed)
        rng = random.Random(seed)
        for _ in range(25 + seed):
            if state.is_over():
                break
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if state.is_over():
            continue
        for me in range(4):
            before = state.observe(me)
            twin = state.clone()
            if twin.deck:
                twin.rng.shuffle(twin.deck)  # deck order
                if twin.investigation[me] >= 0:  # own Investigation swapped with a deck card
                    twin.investigation[me], twin.deck[0] = twin.deck[0], twin.investigation[me]
                for other in range(4):  # other hands swapped with deck cards
                    if other != me and twin.hands[other] and len(twin.deck) > 1:
                        twin.hands[other][0], twin.deck[1] = twin.deck[1], twin.hands[other][0]
            for other in range(4):  # others' face-down tokens swapped with boxed ones
                if other == me:
                    continue
                for k, t in enumerate(twin.collected[other]):
                    if not twin.face_up[t] and twin.box:
                        twin.collected[other][k], twin.box[0] = twin.box[0], t
            assert twin.observe(me) == before


def test_public_view_shows_no_investigation_hand_or_face_down_value():
    state, _ = random_playout(SPEC, 4, 13)
    state = SPEC.create(4, {}, 13)
    public = state.observe(None)
    assert public.investigations == (None,) * 4 and public.hand is None
    twin = state.clone()
    twin.investigation[0], twin.deck[0] = twin.deck[0], twin.investigation[0]
    twin.investigation[2], twin.deck[1] = twin.deck[1], twin.investigation[2]
    assert twin.observe(None) == public
    assert all(e.card is None for e in state.events_for(None) if isinstance(e, InvestigationDrawn))


def test_a_seat_never_sees_its_own_investigation_in_its_log_or_view():
    state, _ = random_playout(SPEC, 3, 9)
    for me in range(3):
        for event in state.events_for(me):
            if isinstance(event, InvestigationDrawn) and event.seat == me:
                assert event.card is None
    state = SPEC.create(3, {}, 9)
    for me in range(3):
        obs = state.observe(me)
        assert obs.investigations[me] is None and obs.own_investigation is None
        assert state.seer_view(me).own_investigation == state.investigation[me]
        assert all(obs.investigations[s] == state.investigation[s] for s in range(3) if s != me)
        assert obs.hand == tuple(sorted(state.hands[me]))


def test_a_saved_game_replays_to_the_same_state():
    from sleuth.core.replay import Replay, SeatInfo, from_json, to_json
    from tests.contract import fingerprint

    state, actions = random_playout(SPEC, 3, 21)
    replay = Replay("purrrlock-holmes", {}, [SeatInfo(f"p{i}", "random") for i in range(3)], 21, list(actions))
    _, rebuilt = from_json(to_json(replay, state))
    assert fingerprint(rebuilt) == fingerprint(state)


def test_the_end_of_the_game_turns_every_investigation_face_up_for_everyone():
    state, _ = random_playout(SPEC, 4, 6)
    assert state.is_over()
    shown = tuple(c if c >= 0 else None for c in state.investigation)
    for seat in (None, 0, 1, 2, 3):
        assert state.observe(seat).investigations == shown


def test_memory_never_rules_out_the_true_investigation_and_remembers_across_a_reshuffle():
    """A card seen out of the deck when you drew your Investigation cannot be it, even after a
    reshuffle puts it back; and nothing memory rules out is ever your true card (random games of
    5 with reshuffles)."""
    from sleuth.games.purrrlock_holmes.bots import (
        basic_candidates,
        draw_index,
        expert_candidates,
        out_of_the_deck,
        shown_mask,
    )
    from tests import contract

    cards = SPEC.load_cards(None)
    widened = 0
    for seed in range(30):
        state = SPEC.create(5, {}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in range(5):
                if state.investigation[seat] >= 0:
                    obs = state.observe(seat)
                    assert expert_candidates(obs, cards) >> state.investigation[seat] & 1, (seed, seat)
                    drawn = draw_index(obs)
                    before = out_of_the_deck(obs.log[:drawn]) if drawn > 0 else 0
                    since = 0
                    for e in obs.log[drawn + 1:]:
                        since |= shown_mask(e)
                    if before & basic_candidates(obs, cards) & ~since:
                        widened += 1  # a card only this memory rules out
            seat = contract.choose_actor(state, rng, interrupt_chance=0.0)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert widened, "no card was ever ruled out by the memory of what was out of the deck at the draw"
