"""The engine contract, proven on the test-only toy game."""

import random

import pytest

from sleuth.core.errors import IllegalAction, ParseError
from tests.contract import (
    check_clone_independent,
    check_determinism,
    check_illegal_unchanged,
    fingerprint,
    random_playout,
)
from tests.toygame import Knock, Play


def test_random_playouts_end_and_keep_invariants(toy_registered):
    for seed in range(30):
        state, actions = random_playout(toy_registered, 2 + seed % 2, seed)
        assert state.is_over()
        assert actions


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(toy_registered):
    state = toy_registered.create(2, {}, 3)
    card_not_held = next(c for c in range(1, 10) if c not in state.hands[0])
    assert "hold no" in check_illegal_unchanged(state, 0, Play(card_not_held))
    assert "not your turn" in check_illegal_unchanged(state, 1, Play(state.hands[1][0]))
    assert "out of turn" in check_illegal_unchanged(state, 0, Knock())
    state.apply(1, Knock())
    assert "already knocked" in check_illegal_unchanged(state, 1, Knock())
    with pytest.raises(IllegalAction, match="no seat 5"):
        state.apply(5, Knock())


def test_no_action_is_accepted_after_the_game_ends(toy_registered):
    state, _ = random_playout(toy_registered, 2, 4)
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, Play(1))


def test_same_seed_and_actions_give_the_same_game_despite_global_random(toy_registered):
    for seed in range(5):
        check_determinism(toy_registered, 3, seed)


def test_seeds_give_different_deals(toy_registered):
    deals = {repr(toy_registered.create(2, {}, seed).hands) for seed in range(10)}
    assert len(deals) > 5


def test_action_and_event_text_round_trips(toy_registered):
    codec = toy_registered.actions
    for action in (Play(3), Knock()):
        assert codec.parse(str(action)) == action
    assert str(Play(3)) == "play(card=3)"
    assert str(Knock()) == "knock()"


@pytest.mark.parametrize(
    "text, message",
    [
        ("fly(card=3)", "unknown kind 'fly'"),
        ("play(card=open('x'))", "not a literal"),
        ("play(3)", "expected kind"),
        ("play(card=3", "not an action"),
        ("play(colour=3)", "does not fit play"),
    ],
)
def test_bad_action_text_is_refused_clearly(toy_registered, text, message):
    with pytest.raises(ParseError, match=message):
        toy_registered.actions.parse(text)


def test_observations_hide_other_hands_and_the_deck(toy_registered):
    state = toy_registered.create(3, {}, 11)
    for seat in range(3):
        obs = state.observe(seat)
        assert obs.hand == tuple(sorted(state.hands[seat]))
        for event in obs.log:
            if getattr(event, "seat", seat) != seat and hasattr(event, "card") and event.KIND == "drew":
                assert event.card is None
    public = state.observe(None)
    assert public.hand is None
    assert all(getattr(e, "card", None) is None for e in public.log if e.KIND == "drew")


def test_no_leak_changing_what_a_seat_cannot_see_changes_none_of_its_views(toy_registered):
    from tests.toygame import Drew

    state = toy_registered.create(2, {}, 2)
    other = state.clone()
    old, new = other.hands[1][0], other.deck[0]
    other.hands[1][0], other.deck[0] = new, old
    other.log = [Drew(e.seat, new, audience=e.audience) if e.KIND == "drew" and e.card == old else e for e in other.log]
    assert state.observe(1) != other.observe(1)
    assert state.observe(0) == other.observe(0)
    assert state.observe(None) == other.observe(None)


def test_clone_is_independent(toy_registered):
    state = toy_registered.create(3, {}, 8)
    check_clone_independent(state)


def test_interrupts_are_offered_to_other_seats(toy_registered):
    state = toy_registered.create(3, {}, 1)
    assert state.pending_seats() == (0,)
    assert set(state.optional_seats()) == {1, 2}
    events = state.apply(2, Knock())
    assert [e.KIND for e in events] == ["knocked"]
    assert state.optional_seats() == (1,)


def test_fingerprint_sees_rng_use(toy_registered):
    state = toy_registered.create(2, {}, 1)
    before = fingerprint(state)
    state.rng.random()
    assert fingerprint(state) != before
    random.random()
