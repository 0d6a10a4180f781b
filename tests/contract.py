"""Checks every engine must pass; each game's tests call these with its own spec.

- ``random_playout``: a seeded game with random legal actions (interrupts included) that ends,
  keeps its invariants after every action, and round-trips every action's text form.
- ``check_illegal_unchanged``: refused actions raise IllegalAction and change nothing.
- ``check_determinism``: the same seed and actions give the same events and observations even
  when the global ``random`` is disturbed between steps.
- ``fingerprint``: everything observable about a state, for before/after comparisons.
"""

from __future__ import annotations

import random

from sleuth.core.engine import GameState
from sleuth.core.errors import IllegalAction
from sleuth.core.registry import GameSpec


def fingerprint(state: GameState) -> tuple:
    views = [repr(state.observe(None))]
    for seat in range(state.players):
        views.append(repr(state.observe(seat)))
        views.append(repr(state.seer_view(seat)))
        views.append(repr(state.legal_actions(seat)))
    return (tuple(views), state.rng.getstate(), tuple(str(e) for e in state.log))


def choose_actor(state: GameState, rng: random.Random, interrupt_chance: float = 0.05) -> int:
    optional = [s for s in state.optional_seats() if state.legal_actions(s)]
    if optional and rng.random() < interrupt_chance:
        return rng.choice(optional)
    return state.pending_seats()[0]


def random_playout(
    spec: GameSpec,
    players: int,
    seed: int,
    options: dict | None = None,
    max_actions: int = 20_000,
    check_every: int = 1,
) -> tuple[GameState, list[tuple[int, str]]]:
    """Play a random game to its end; returns the final state and the (seat, action text) list."""
    state = spec.create(players, options or {}, seed)
    rng = random.Random(seed * 7919 + 1)
    actions: list[tuple[int, str]] = []
    state.check_invariants()
    while not state.is_over():
        assert len(actions) < max_actions, f"seed {seed}: the game did not end in {max_actions} actions"
        assert state.pending_seats(), "a running game must be waiting for someone"
        seat = choose_actor(state, rng)
        legal = state.legal_actions(seat)
        assert legal, f"pending seat {seat} has no legal action"
        action = legal[rng.randrange(len(legal))]
        assert spec.actions.parse(str(action)) == action, f"text form does not round-trip: {action}"
        events = state.apply(seat, action)
        for event in events:
            assert spec.events.parse(str(event)) == event, f"event text does not round-trip: {event}"
        actions.append((seat, str(action)))
        if len(actions) % check_every == 0:
            state.check_invariants()
    state.check_invariants()
    outcome = state.outcome()
    assert outcome is not None and len(outcome.scores) == players
    assert all(0 <= w < players for w in outcome.winners)
    assert state.pending_seats() == ()
    return state, actions


def check_illegal_unchanged(state: GameState, seat: int, action) -> str:
    """Apply an action that must be refused; assert nothing changed; return the reason."""
    before = fingerprint(state)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        assert exc.reason, "an illegal action needs a reason"
        assert fingerprint(state) == before, "a refused action changed the state"
        return exc.reason
    raise AssertionError(f"{action} by seat {seat} was accepted but should have been refused")


def check_determinism(spec: GameSpec, players: int, seed: int, options: dict | None = None) -> None:
    _, actions = random_playout(spec, players, seed, options, check_every=50)
    logs = []
    for disturb in (False, True):
        state = spec.create(players, options or {}, seed)
        trace = [repr(state.observe(s)) for s in range(players)]
        for seat, text in actions:
            if disturb:
                random.seed(random.random())
                random.random()
            state.apply(seat, spec.actions.parse(text))
            trace.extend(repr(state.observe(s)) for s in range(players))
        trace.extend(str(e) for e in state.log)
        logs.append(trace)
    assert logs[0] == logs[1], "same seed and actions gave a different game"


def check_clone_independent(state: GameState) -> None:
    """A clone evolves on its own: playing it does not touch the original."""
    before = fingerprint(state)
    twin = state.clone()
    assert fingerprint(twin) == before
    rng = random.Random(5)
    for _ in range(20):
        if twin.is_over():
            break
        seat = twin.pending_seats()[0]
        legal = twin.legal_actions(seat)
        twin.apply(seat, legal[rng.randrange(len(legal))])
    assert fingerprint(state) == before, "playing a clone changed the original"


def check_public_log_is_redacted(state: GameState) -> None:
    """The public view's log holds only events for everyone and copies marked public, and every
    split event (an audience) has a public copy in the same place, so handoff screens can tell
    that something happened without telling what."""
    public = [e for e in state.log if e.visible_to(None)]
    assert all(e.audience is None or e.public for e in public)
    kinds_with_secrets = {e.KIND for e in state.log if e.audience is not None}
    kinds_in_public = {e.KIND for e in public}
    missing = kinds_with_secrets - kinds_in_public
    assert not missing, f"hidden events with no public copy: {sorted(missing)}"
