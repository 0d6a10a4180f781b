"""Every action field's type is checked once, generically, before any rule looks at it: a wrongly
typed field (from a save, the command line or a buggy bot) is refused like any illegal action, with
a reason, and the state is unchanged. Checked over every action kind of every game."""

from __future__ import annotations

import dataclasses
import random
import types
import typing

import pytest

from sleuth.core.errors import IllegalAction
from sleuth.core.registry import game_ids, get
from tests.contract import fingerprint

WRONG = {int: ["0", 1.5, True, None], str: [0, None, ("a",)], bool: ["x", 1, None], tuple: ["ab", 3, [1]]}


def mid_game(spec, seed=3, steps=6):
    state = spec.create(spec.min_players, {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.pending_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def plain(hint):
    """A right value for a field's annotation, and the base type whose wrong values we try."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return plain(next(a for a in typing.get_args(hint) if a is not type(None)))
    if hint is tuple or origin is tuple:
        return (), tuple
    return {int: (0, int), str: ("x", str), bool: (False, bool)}[hint]


def wrong_actions(cls):
    hints = typing.get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls) if not f.kw_only]
    base = {f.name: plain(hints[f.name])[0] for f in fields}
    for f in fields:
        kind = plain(hints[f.name])[1]
        for bad in WRONG[kind]:
            if kind is int and bad is None and type(None) in typing.get_args(hints[f.name]):
                continue  # None is right for an optional number
            if kind is str and bad is None and type(None) in typing.get_args(hints[f.name]):
                continue
            yield f.name, bad, cls(**{**base, f.name: bad})


@pytest.mark.parametrize("game_id", game_ids())
def test_every_wrongly_typed_field_of_every_action_is_refused_and_changes_nothing(game_id):
    spec = get(game_id)
    state = mid_game(spec)
    before = fingerprint(state)
    tried = 0
    for cls in spec.actions.classes():
        for name, _bad, action in wrong_actions(cls):
            for seat in range(state.players):
                with pytest.raises(IllegalAction) as refused:
                    state.apply(seat, action)
                assert f"{cls.KIND}.{name} must be" in refused.value.reason
                tried += 1
    assert fingerprint(state) == before
    assert tried >= len(spec.actions.classes())


@pytest.mark.parametrize("text", [
    "eliminate(slot='0')", "assist(target='1', number=3)", "investigate(slot=0.0, section='suspect')",
])
def test_a_save_or_command_line_text_with_a_wrong_type_is_refused_not_a_crash(text):
    spec = get("beyond-baker-street")
    state = mid_game(spec)
    before = fingerprint(state)
    action = spec.actions.parse(text)
    with pytest.raises(IllegalAction):
        state.apply(state.pending_seats()[0], action)
    assert fingerprint(state) == before


def test_purrrlock_paws_must_be_true_or_false_not_truthy():
    spec = get("purrrlock-holmes")
    state = mid_game(spec)
    action = spec.actions.parse("guess(suspect=0, hour=1, paws='x')")
    with pytest.raises(IllegalAction, match="guess.paws must be true or false"):
        state.apply(1, action)


def test_a_seat_or_an_action_of_the_wrong_kind_is_refused():
    spec = get("bakerstreet")
    state = mid_game(spec)
    legal = state.legal_actions(state.pending_seats()[0])[0]
    for seat, action in ((True, legal), ("0", legal), (0, "bid(amount=3)"), (0, None)):
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
