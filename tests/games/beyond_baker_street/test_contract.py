"""Contract checks: seeded random playouts with invariants, illegal actions, determinism, clones, no leaks."""

from __future__ import annotations

import random

import pytest

from sleuth.core.registry import get
from sleuth.games.beyond_baker_street.characters import (
    ChooseKeep,
    Peek,
    PlacePeeked,
    RallyHolmes,
    ReturnEvidence,
    SkipAssist,
    SwapEvidence,
    SwapHands,
)
from sleuth.games.beyond_baker_street.rules import ACTION_CLASSES, Assist, Confirm, Eliminate, Investigate, Pursue
from tests.contract import check_clone_independent, check_determinism, check_illegal_unchanged, random_playout

SPEC = get("beyond-baker-street")


def _opts(seed: int) -> dict:
    return {"case": 1 + seed % 6, "characters": "random" if seed % 4 else "off"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_invariants_and_end(players):
    """100 seeded random games per player count (300 in all), every case, characters mostly on."""
    kinds = set()
    for seed in range(100):
        state, actions = random_playout(SPEC, players, seed, _opts(seed))
        kinds.update(text.split("(")[0] for _, text in actions)
    assert {"assist", "investigate", "eliminate", "pursue"} <= kinds


#: the moves random play can reach: giving up is offered only once a case is hopeless (test_outlook.py)
PLAYED = tuple(c for c in ACTION_CLASSES if c.KIND != "give_up")


def test_every_character_ability_is_exercised_by_random_play():
    seen = set()
    for seed in range(60):
        for number in range(1, 19):
            state, actions = random_playout(SPEC, 2, seed, {"characters": "random", "char1": number,
                                                            "char2": 1 + (number + seed) % 18
                                                            if 1 + (number + seed) % 18 != number else 0})
            seen.update(text.split("(")[0] for _, text in actions)
        if len(seen) >= len(PLAYED):
            break
    assert seen >= {c.KIND for c in PLAYED}


def _candidates(state) -> list:
    acts = [Assist(t, number=n) for t in range(state.players) for n in range(0, 8)]
    acts += [Assist(t, icon=i) for t in range(state.players) for i in ("track", "clue", "witness", "document", "x")]
    acts += [Investigate(i, s) for i in range(-1, 7) for s in ("opportunity", "motive", "suspect", "nope")]
    acts += [Confirm(s) for s in ("opportunity", "motive", "suspect")]
    acts += [Eliminate(i) for i in range(-1, 7)] + [Pursue(s) for s in ("opportunity", "motive", "suspect")]
    acts += [RallyHolmes(), Peek(), PlacePeeked(True), SkipAssist(), ChooseKeep("clue-1"), ReturnEvidence("clue-1"),
             SwapHands(0, 1, 0), SwapHands(0, 0, 0), SwapEvidence("motive", "clue-1", "clue-2")]
    return acts


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        state = SPEC.create(2 + seed % 3, _opts(seed), seed)
        for _ in range(40):
            if state.is_over():
                break
            for seat in range(state.players):
                legal = state.legal_actions(seat)
                for act in rng.sample(_candidates(state), 6):
                    if act not in legal:
                        check_illegal_unchanged(state, seat, act)
                        checked += 1
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert checked > 500


def test_legal_actions_are_exactly_those_accepted():
    rng = random.Random(4)
    for seed in range(6):
        state = SPEC.create(3, {"characters": "random", "case": 2}, seed)
        for _ in range(30):
            if state.is_over():
                break
            seat = state.pending_seats()[0]
            legal = set(state.legal_actions(seat))
            for act in _candidates(state):
                assert (state.why_illegal(seat, act) is None) == (act in legal), act
            state.apply(seat, rng.choice(sorted(legal, key=str)))


@pytest.mark.parametrize("players", [2, 4])
def test_same_seed_and_actions_give_the_same_game(players):
    check_determinism(SPEC, players, 11, {"characters": "random", "case": 3})


def test_clones_are_independent():
    rng = random.Random(1)
    for seed in range(5):
        state = SPEC.create(3, {"characters": "random"}, seed)
        for _ in range(rng.randrange(10)):
            if state.is_over():
                break
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        check_clone_independent(state)
        twin = state.clone()
        twin.check_invariants()


def _shuffle_own_hidden(state, seat, rng):
    """Swap the seat's own cards with deck cards (knowledge follows the place in hand)."""
    other = state.clone()
    pool = other.hands[seat] + other.deck
    know = [(other.know_icon[c], other.know_num[c]) for c in other.hands[seat]]
    rng.shuffle(pool)
    n = len(other.hands[seat])
    other.hands[seat] = pool[:n]
    other.deck = pool[n:]
    for c, (ki, kn) in zip(other.hands[seat], know, strict=True):
        other.know_icon[c] = ki
        other.know_num[c] = kn
    return other


def test_no_leak_a_seat_sees_nothing_of_its_own_cards_or_the_deck_order():
    rng = random.Random(9)
    for seed in range(30):
        state = SPEC.create(2 + seed % 3, _opts(seed), seed)
        for _ in range(rng.randrange(12)):
            if state.is_over() or state.decision is not None:
                break
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if state.decision is not None or state.is_over():
            continue  # a finished game turns every hand face up (test below)
        for seat in range(state.players):
            changed = _shuffle_own_hidden(state, seat, rng)
            assert repr(changed.observe(seat)) == repr(state.observe(seat))
            assert changed.observe(None) == state.observe(None)


def test_observation_shows_other_hands_and_hides_its_own():
    state = SPEC.create(3, {}, 2)
    obs = state.observe(1)
    assert obs.hands[1] == (None,) * 4
    assert obs.hands[0] == tuple(state.hands[0]) and obs.hands[2] == tuple(state.hands[2])
    assert state.seer_view(1).hands[1] == tuple(state.hands[1])
    assert all(all(c is None for c in h) for h in state.observe(None).hands)
    assert all(e.card is None for e in obs.log if e.KIND == "drew" and e.seat == 1)
    assert obs.deck_size == len(state.deck) and obs.impossible_limit == 4 and obs.holmes == 15


def test_bench_figures_are_in_range():
    from sleuth.ai.bench import bench_engine

    result = bench_engine("beyond-baker-street", seconds=0.5)
    assert result["actions_per_s"] > 2000 and result["clone_us"] < 200


def test_the_end_of_the_game_turns_every_hand_face_up_for_everyone():
    rng = random.Random(4)
    state = SPEC.create(3, _opts(1), 1)
    while not state.is_over():
        seat = state.pending_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    for seat in (None, 0, 1, 2):
        assert state.observe(seat).hands == tuple(tuple(h) for h in state.hands)


def test_no_leak_the_cards_face_down_under_a_confirmed_lead_are_in_no_view():
    """A confirmed lead's evidence is turned face down (rulebook, Confirm): swapping those cards for
    deck cards of the same numbers changes nothing any view shows of the table (only the log, a
    seat's memory of what it saw played, still names them)."""
    import dataclasses
    from itertools import combinations

    rng = random.Random(15)
    checked = 0
    for seed in range(60):
        state = SPEC.create(2 + seed % 3, _opts(seed), seed)
        t = state.t
        s = seed % 3  # complete this section's lead from deck cards, confirm it, play on a little
        lead = t.cards.leads[state.piles[s][0]]
        mine = [c for c in state.deck if t.icon_of[c] == lead.icon]
        chosen = next((combo for k in (2, 3) for combo in combinations(mine, k)
                       if sum(t.num_of[c] for c in combo) == lead.value), None)
        if chosen is None:
            continue
        for c in chosen:
            state.deck.remove(c)
        state.lead_ev[s] = list(chosen)
        state.apply(state.turn, Confirm(t.section_ids[s]))
        for _ in range(rng.randrange(6)):
            if state.is_over() or state.decision is not None:
                break
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if state.is_over():
            continue
        other = state.clone()
        for s, confirmed in enumerate(other.confirmed):
            if not confirmed:
                continue
            for pile in (other.lead_ev[s], other.lead_mis[s]):
                for i, c in enumerate(pile):
                    twins = [d for d in other.deck if state.t.num_of[d] == state.t.num_of[c]]
                    if twins:
                        d = rng.choice(twins)
                        other.deck[other.deck.index(d)] = c
                        pile[i] = d
        other.check_invariants()
        for seat in (*range(state.players), None):
            a, b = state.observe(seat), other.observe(seat)
            assert dataclasses.replace(a, log=()) == dataclasses.replace(b, log=())
            assert all(sec.face_down == 0 or (not sec.cards and not sec.mismatched) for sec in a.sections)
        checked += 1
    assert checked >= 20
