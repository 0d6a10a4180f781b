"""Contract checks: random playouts with invariants, determinism, clones, views that never leak,
text forms, and the card data (with its broken fixtures)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sleuth.data.loader import DataError
from sleuth.games.bakerstreet.cards import SYMBOLS, bundled_cards, load_cards
from sleuth.games.bakerstreet.rules import CHOOSE, TAKE, Looked
from tests.contract import check_clone_independent, check_determinism, fingerprint, random_playout
from tests.games.bakerstreet.helpers import SPEC, new

FIXTURES = Path(__file__).resolve().parents[2] / "data" / "fixtures"


# -- data --------------------------------------------------------------------------------------
def test_bundled_data_has_two_identical_30_card_decks_and_40_letters():
    cards = bundled_cards()
    assert cards.players == 2 and cards.hand_size == 3 and cards.run_to_win == 7
    for deck in cards.decks:
        assert len(deck) == 30
        assert sorted(c.value for c in deck) == sorted(list(range(6)) * 5)
    assert cards.decks[0] == cards.decks[1]
    assert len(cards.evidence) == 40 and cards.stacks == 5 and cards.stack_size == 8
    assert cards.max_bid == 30
    symbols = [c.symbol for c in cards.decks[0]]
    assert {s: symbols.count(s) for s in SYMBOLS} == {"none": 18, "stop": 4, "double": 4, "arrow": 4}


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("bakerstreet-*.yaml")), ids=lambda p: p.name)
def test_each_broken_fixture_fails_with_its_stated_message(path):
    expected = path.read_text().splitlines()[0].removeprefix("# expect:").strip()
    with pytest.raises(DataError) as info:
        load_cards(path)
    assert expected in str(info.value)


def test_there_are_broken_fixtures():
    assert len(list(FIXTURES.glob("bakerstreet-*.yaml"))) >= 5


# -- random playouts ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_random_playouts_keep_every_card_once_and_end(seed):
    state, actions = random_playout(SPEC, 2, seed, max_actions=5000)
    assert state.is_over() and len(actions) < 5000
    assert state.outcome().reason


def test_many_random_games_end_well_before_the_round_limit():
    rounds = []
    for seed in range(100, 160):
        state, actions = random_playout(SPEC, 2, seed, check_every=10_000)
        rounds.append(state.round)
        assert len(actions) < 3000
    assert max(rounds) < bundled_cards().max_rounds // 3


@pytest.mark.parametrize("variant", ["no-stop", "no-double", "no-arrow"])
def test_random_playouts_with_a_symbol_variant(variant):
    state, _ = random_playout(SPEC, 2, 7, {"symbols": variant}, check_every=5)
    assert state.is_over()


def test_determinism_even_when_the_global_random_is_disturbed():
    check_determinism(SPEC, 2, 11)


def test_a_clone_plays_on_without_touching_the_original():
    state = new(3)
    rng = random.Random(3)
    for _ in range(40):
        seat = state.pending_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    check_clone_independent(state)
    assert fingerprint(state.clone()) == fingerprint(state)


def test_refused_actions_are_not_offered_and_offered_ones_are_accepted():
    rng = random.Random(1)
    state = new(8)
    for _ in range(300):
        if state.is_over():
            break
        seat = state.pending_seats()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            assert state.why_illegal(seat, action) is None
        assert state.legal_actions(1 - seat) == []
        state.apply(seat, legal[rng.randrange(len(legal))])


# -- no leaks ----------------------------------------------------------------------------------
def _advance(seed: int, steps: int):
    state = new(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.pending_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return state


def _looked_stacks(state, seat):
    """Stacks whose letters ``seat`` has seen (the current look included)."""
    seen = {e.stack for e in state.log if isinstance(e, Looked) and e.seat == seat}
    return seen


@pytest.mark.parametrize("seed", range(8))
def test_what_a_seat_never_saw_does_not_change_its_observation(seed):
    state = _advance(seed, 25 + 7 * seed)
    if state.is_over():
        return
    for seat in (0, 1):
        other = 1 - seat
        before = state.observe(seat)
        twin = state.clone()
        # the opponent's hand swapped for other cards of their unused stack, and its order shuffled
        hand, unused = twin.hands[other], twin.unused[other]
        k = min(len(hand), len(unused))
        hand[:k], unused[:k] = unused[:k], hand[:k]
        random.Random(seed).shuffle(unused)
        random.Random(seed + 1).shuffle(twin.unused[seat])
        # unseen evidence stacks exchange cards with each other
        hidden = [s for s in range(5) if s not in _looked_stacks(state, seat) and twin.evidence[s]]
        if twin.phase == TAKE and twin.eval_winner == seat:
            hidden = [s for s in hidden if s != twin.eval_stack]
        if len(hidden) >= 2:
            a, b = hidden[:2]
            twin.evidence[a][0], twin.evidence[b][0] = twin.evidence[b][0], twin.evidence[a][0]
        # one of the opponent's letters exchanged for a card of a stack this seat has not seen
        for s in hidden:
            spare = [i for i, e in enumerate(twin.evidence[s]) if not twin.masks[other] >> twin.letter_of[e] & 1]
            if twin.held[other] and spare:
                i = spare[0]
                twin.held[other][0], twin.evidence[s][i] = twin.evidence[s][i], twin.held[other][0]
                twin.masks[other] = sum(1 << twin.letter_of[e] for e in twin.held[other])
                break
        if any(twin.masks[other] >> i & 127 == 127 for i in range(14)):
            continue  # the exchange made a run of 7: not a reachable position
        twin.check_invariants()
        assert twin.observe(seat) == before
        assert repr(twin.observe(seat)) == repr(before)


def test_the_opponents_hand_and_letters_never_appear_in_a_view():
    state = _advance(5, 60)
    for seat in (0, 1):
        obs = state.observe(seat)
        assert obs.hand == tuple(state.card(c) for c in state.hands[seat])
        for event in obs.log:
            if getattr(event, "seat", None) == 1 - seat and type(event).__name__ in ("Drew", "Took", "Looked"):
                assert all(getattr(event, f, None) is None for f in ("value", "symbol", "letter", "letters"))
    public = state.observe(None)
    assert public.hand is None and public.letters is None and public.looking is None
    # the public view sees only events for everyone and the redacted copies of hidden ones
    assert all(e.audience is None or e.public for e in public.log)
    for event in public.log:
        if type(event).__name__ in ("Drew", "Took", "Looked"):
            assert all(getattr(event, f, None) is None for f in ("value", "symbol", "letter", "letters"))


def test_covered_cards_are_not_in_the_visible_state_but_in_each_seats_history():
    state = _advance(2, 40)
    covered = [(c // 30, *state.card(c)) for p in state.piles for c in p[:-1]]
    if not covered:
        pytest.skip("no covered card in this position")
    obs = state.observe(0)
    assert all(top is None or top in [(c // 30, *state.card(c)) for c in p[-1:]]
               for top, p in zip(obs.pile_tops, state.piles, strict=True))
    played = [(e.seat, e.value, e.symbol) for e in obs.log if type(e).__name__ == "Played"]
    for card in covered:
        assert card in played


def test_only_the_chooser_sees_the_stack_it_looks_through():
    state = new(4)
    rng = random.Random(4)
    while state.phase != TAKE and not state.is_over():
        seat = state.pending_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))] if state.phase != CHOOSE else legal[0])
    if state.is_over():
        pytest.skip("no take in this game")
    winner = state.eval_winner
    assert state.observe(winner).looking is not None
    assert state.observe(1 - winner).looking is None


def test_exactly_two_players_and_known_symbol_options_only():
    with pytest.raises(ValueError, match="is for 2 players, not 3"):
        SPEC.create(3, {}, 1)
    with pytest.raises(ValueError, match="no-arrow"):
        SPEC.create(2, {"symbols": "no-hands"}, 1)


def test_observation_shows_pile_tops_used_tops_bids_and_counts():
    state = _advance(6, 30)
    for seat in (0, 1):
        obs = state.observe(seat)
        assert obs.pile_sizes == tuple(len(p) for p in state.piles)
        assert obs.evidence_sizes == tuple(len(e) for e in state.evidence)
        assert obs.used_tops == tuple(state.card(u[-1]) if u else None for u in state.used)
        assert obs.bids == tuple(state.bids)
        assert obs.letter_counts == tuple(len(h) for h in state.held)
        assert obs.alphabet == tuple("ABCDEFGHIJKLMNOPQRST") and len(obs.deck) == 30


def test_at_the_end_both_players_letters_are_turned_over():
    """The winner turns their letters over (and a decision on runs compares both)."""
    import random as _random

    state = SPEC.create(2, {}, 3)
    rng = _random.Random(3)
    while not state.is_over():
        seat = state.pending_seats()[0]
        assert state.observe(seat).revealed_letters is None
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    for seat in (0, 1, None):
        revealed = state.observe(seat).revealed_letters
        assert revealed == tuple(tuple(sorted(state.names[state.letter_of[e]] for e in state.held[s])) for s in (0, 1))
