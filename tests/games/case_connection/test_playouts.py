"""Seeded random playouts with invariants, determinism, clones, no-leak, text forms, speed."""

from __future__ import annotations

import random

import pytest

from sleuth.core.registry import get
from sleuth.games.case_connection.rules import PHASE_PICK, PHASE_SETUP, Reconstruct
from tests.contract import check_clone_independent, check_determinism, random_playout

SPEC = get("case-connection")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_random_playouts_end_and_keep_every_card_and_token_accounted_for(players, seed):
    state, actions = random_playout(SPEC, players, seed)  # invariants after every action
    assert state.is_over()
    assert len(actions) < 2000


def test_random_games_end_by_points_most_of_the_time():
    reasons = []
    for seed in range(12):
        state, _ = random_playout(SPEC, 3, 100 + seed, check_every=1000)
        reasons.append(state.reason)
    assert sum("reached 9 points" in r for r in reasons) >= 9


@pytest.mark.parametrize("players", [2, 4])
def test_determinism(players):
    check_determinism(SPEC, players, seed=11)


def test_clone_is_independent():
    state = SPEC.create(3, {}, 5)
    rng = random.Random(1)
    for _ in range(40):
        seat = state.pending_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    check_clone_independent(state)


def _advance(state, steps, rng):
    for _ in range(steps):
        if state.is_over():
            return
        seat = state.pending_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_no_leak_deck_order_is_hidden():
    rng = random.Random(3)
    for seed in range(6):
        state = SPEC.create(3, {}, seed)
        _advance(state, 30 + 7 * seed, rng)
        other = state.clone()
        shuffler = random.Random(seed)
        shuffler.shuffle(other.thread_deck)
        shuffler.shuffle(other.lead_deck)
        for seat in (None, 0, 1, 2):
            assert state.observe(seat) == other.observe(seat)


def test_no_leak_drawn_leads_only_seen_by_the_drawer():
    state = SPEC.create(3, {}, 2)
    assert state.phase == PHASE_SETUP
    chooser = state.pending_seats()[0]
    other = state.clone()
    # swap one offered lead for one in the deck: only the chooser may notice
    offered = other.offer[0]
    other.offer[0] = other.lead_deck[0]
    other.lead_deck[0] = offered
    other.log = [e for e in other.log]
    for seat in range(3):
        if seat != chooser:
            assert _without_own_log(state.observe(seat)) == _without_own_log(other.observe(seat))
    assert state.observe(chooser).offer != other.observe(chooser).offer


def _without_own_log(obs):
    return (obs.offer, obs.offer_size, obs.leads, obs.locations, obs.threads, obs.proofs, obs.lead_deck,
            tuple(str(e) for e in obs.log))


def test_no_leak_proof_pile_draws_are_hidden_until_face_up():
    state = SPEC.create(2, {}, 7)
    obs = state.observe(0)
    assert not hasattr(obs, "pile")
    assert obs.proof_pile == sum(state.pile)


def test_actions_and_events_round_trip_as_text():
    state, actions = random_playout(SPEC, 2, 21, check_every=1000)
    for _, text in actions:
        assert str(SPEC.actions.parse(text)) == text
    for event in state.log:
        assert SPEC.events.parse(str(event)) == event


def test_reconstruct_text_form_round_trips():
    action = Reconstruct((("T16", 1, 0), ("T34", 2, 0)), ((0, 0, 1, 0, "C"), (1, 0, 2, 0, "W")))
    assert SPEC.actions.parse(str(action)) == action


def test_pick_phase_offers_only_drawn_leads():
    state = SPEC.create(2, {}, 1)
    seat = state.pending_seats()[0]
    assert state.phase in (PHASE_SETUP, PHASE_PICK)
    assert [a.lead for a in state.legal_actions(seat)] == list(state.offer)


def test_design_experiment_options_keep_the_invariants():
    for options in ({"bonus_icons": "off"}, {"universals": "off"}):
        state, _ = random_playout(SPEC, 3, 31, options=options, check_every=5)
        if options.get("bonus_icons") == "off":
            assert sum(state.bonus_tokens) == 0 and state.stat["extra_lead"] == 0
        else:
            assert state.universal_supply == 0 and all(h[3] == 0 for h in state.hand_proofs)
