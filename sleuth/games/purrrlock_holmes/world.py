"""Sample a complete game state consistent with one seat's observation (for search and tests).

What the seat sees is copied; what it cannot see is dealt at random from what is left: its own
Investigation from its exact candidate set (see ``bots.expert_candidates``), the other hands from
the unseen cards, the deck order, and the values of every face-down token it does not own (the
token values not accounted for, shuffled over the face-down trail tokens, the other seats'
face-down tokens and the box). Cards the seat passed and still knows the place of are not pinned
(the observation does not carry that memory), so a sampled world agrees with the observation, not
with every inference from the log.
"""

from __future__ import annotations

import random

from .bots import expert_candidates
from .cards import PurrrlockCards, bundled_cards
from .rules import IN_PROGRESS, PurrrlockObservation, PurrrlockState, _action_tables


def sample_world(obs: PurrrlockObservation, rng: random.Random, cards: PurrrlockCards | None = None) -> PurrrlockState:
    cards = cards or bundled_cards()
    me = obs.seat
    if me is None:
        raise ValueError("a world is sampled for a seat, not for the public view")
    n = obs.players
    state = PurrrlockState.__new__(PurrrlockState)
    state.cards = cards
    state.rng = random.Random(rng.getrandbits(64))
    state.players = n
    state.log = list(obs.log)
    state.furr = len(cards.token_values)
    state.tables = _action_tables(cards)
    state.leads = [list(x) for x in obs.leads]
    state.dead_ends = [list(x) for x in obs.dead_ends]
    state.solved = [list(x) for x in obs.solved]
    state.discard = list(obs.discard)
    state.paws_used = list(obs.paws_used)
    state.turn = obs.turn
    state.round = obs.round
    state.inv_state = obs.investigate_state
    state.guessed = obs.guessed
    state.wrong = obs.wrong_guess
    state.last_round = obs.last_round
    state.over = obs.outcome is not None
    state.result = obs.outcome
    state.caught_by = -1 if obs.caught_furriarty is None else obs.caught_furriarty
    state.counters = {"guesses": 0, "wrong_guesses": 0, "paws": 0, "solved": 0, "reshuffles": 0, "dry_draws": 0}

    # -- cards -------------------------------------------------------------------------------------
    seen = set(obs.hand or ()) | set(obs.discard)
    for group in (obs.leads, obs.dead_ends, obs.solved):
        for cs in group:
            seen.update(cs)
    seen.update(c for c in obs.investigations if c is not None)
    pool = [c for c in range(cards.card_count) if c not in seen]
    state.investigation = [-1 if c is None else c for c in obs.investigations]
    if obs.has_investigation[me]:
        mask = expert_candidates(obs, cards)
        choices = [c for c in pool if mask >> c & 1]
        if not choices:  # cannot happen for a real observation; keep the world valid anyway
            choices = pool
        own = choices[rng.randrange(len(choices))]
        state.investigation[me] = own
        pool.remove(own)
    rng.shuffle(pool)
    state.hands = []
    for seat in range(n):
        if seat == me:
            state.hands.append(list(obs.hand or ()))
        else:
            size = obs.hand_sizes[seat]
            state.hands.append(pool[:size])
            del pool[:size]
    state.deck = pool
    if state.inv_state == IN_PROGRESS:
        if obs.turn == me:
            state.inv_queue = list(obs.committed)
        else:
            state.inv_queue = [state.hands[obs.turn][0]] if state.hands[obs.turn] else []
    else:
        state.inv_queue = []

    # -- tokens ------------------------------------------------------------------------------------
    furr = state.furr
    free: dict[int, list[int]] = {}
    for token, value in enumerate(cards.token_values):
        free.setdefault(value, []).append(token)
    remaining = list(cards.token_values)
    face_up = [False] * (furr + 1)
    face_up[furr] = True

    def take(value: int) -> int:
        token = free[value].pop(rng.randrange(len(free[value])))
        return token

    # known values first (face-up trail tokens, every collected value the seat can see)
    slots: list[tuple[str, int, int]] = []  # (where, seat or index, position)
    trail_ids: list[int | None] = []
    for i, value in enumerate(obs.trail):
        if value is None:
            trail_ids.append(None)
            slots.append(("trail", i, 0))
        else:
            token = take(value)
            remaining.remove(value)
            face_up[token] = True
            trail_ids.append(token)
    own_public = _own_public(obs)
    collected: list[list[int | None]] = []
    for seat in range(n):
        row: list[int | None] = []
        values = obs.collected[seat]
        for k, value in enumerate(values):
            if seat == state.caught_by and k == len(values) - 1:
                row.append(furr)
            elif value is None:
                row.append(None)
                slots.append(("collected", seat, k))
            else:
                token = take(value)
                remaining.remove(value)
                face_up[token] = seat != me or (k < len(own_public) and own_public[k])
                row.append(token)
        collected.append(row)
    rng.shuffle(remaining)
    for where, a, b in slots:
        token = take(remaining.pop())
        if where == "trail":
            trail_ids[a] = token
        else:
            collected[a][b] = token
    state.box = [t for ts in free.values() for t in ts]
    trail = [t for t in trail_ids if t is not None]
    if not state.over or state.caught_by < 0:
        trail.insert(obs.furriarty_at, furr)
    state.trail = trail
    state.collected = [[t for t in row if t is not None] for row in collected]
    state.face_up = face_up
    return state


def _own_public(obs: PurrrlockObservation) -> list[bool]:
    """For each token the viewer collected, whether the others were shown its value: only its own
    view holds the values, so this is read from whether the collecting event was public. (A mixed
    pair, one face up and one face down, counts as face down for both: the others' views are not
    what a sampled world has to reproduce.)"""
    out: list[bool] = []
    for event in obs.log:
        if event.KIND == "tokens_collected" and event.seat == obs.seat:
            out.extend([event.audience is None] * len(event.values))
    return out
