"""Build small hand-made Purrrlock Holmes states for scenario tests."""

from __future__ import annotations

from sleuth.games.purrrlock_holmes.cards import bundled_cards
from sleuth.games.purrrlock_holmes.rules import Guess, Investigate, PurrrlockState

CARDS = bundled_cards()
GOOSE, TOAD, RAT, CROW, DOG = range(5)


def card(suspect: int, hour: int) -> int:
    return CARDS.card_id(suspect, hour)


def new_state(players: int = 3, seed: int = 0) -> PurrrlockState:
    return PurrrlockState(CARDS, players, seed)


def take(state: PurrrlockState, c: int) -> None:
    """Remove card ``c`` from wherever it is (an Investigation slot becomes empty)."""
    for pile in [state.deck, state.discard, *state.hands, *state.leads, *state.dead_ends, *state.solved]:
        if c in pile:
            pile.remove(c)
            return
    if c in state.investigation:
        state.investigation[state.investigation.index(c)] = -1
        return
    raise AssertionError(f"card {c} is nowhere")


def set_investigation(state: PurrrlockState, seat: int, c: int, leads=(), dead_ends=()) -> None:
    """Give ``seat`` the Investigation ``c`` with these answers (old ones go to the deck bottom)."""
    old = state.investigation[seat]
    back = state.leads[seat] + state.dead_ends[seat]
    state.leads[seat], state.dead_ends[seat] = [], []
    state.deck[0:0] = back
    if old != c:
        take(state, c)
        if old >= 0:
            state.deck.insert(0, old)
    state.investigation[seat] = c
    for x in leads:
        take(state, x)
        assert CARDS.is_lead(x, c)
        state.leads[seat].append(x)
    for x in dead_ends:
        take(state, x)
        assert not CARDS.is_lead(x, c)
        state.dead_ends[seat].append(x)


def set_hand(state: PurrrlockState, seat: int, cards) -> None:
    state.deck[0:0] = state.hands[seat]
    state.hands[seat] = []
    for c in cards:
        take(state, c)
        state.hands[seat].append(c)


def stack_deck(state: PurrrlockState, cards) -> None:
    """Put ``cards`` on top of the deck, the first to be drawn first."""
    for c in cards:
        take(state, c)
    state.deck.extend(reversed(list(cards)))


def tokens_of_value(state: PurrrlockState, value: int, avoid=()) -> int:
    for t, v in enumerate(CARDS.token_values):
        if v == value and t not in avoid:
            return t
    raise AssertionError(f"no token worth {value}")


def set_trail(state: PurrrlockState, left, right, left_face_up=None) -> list[int]:
    """Lay a trail of tokens with these values: ``left`` before Furriarty, ``right`` after.

    ``left_face_up`` lists which left tokens are face up (default: all). Returns the token ids.
    """
    used: list[int] = [t for c in state.collected for t in c]
    ids = []
    for value in list(left) + list(right):
        t = tokens_of_value(state, value, avoid=used + ids)
        ids.append(t)
    left_ids, right_ids = ids[: len(left)], ids[len(left):]
    state.trail = left_ids + [state.furr] + right_ids
    state.box = [t for t in range(state.furr) if t not in ids and t not in used]
    state.face_up = [False] * (state.furr + 1)
    state.face_up[state.furr] = True
    for t in [t for c in state.collected for t in c]:
        state.face_up[t] = True
    for i, t in enumerate(left_ids):
        state.face_up[t] = left_face_up is None or i in left_face_up
    return ids


def play_investigate(state: PurrrlockState, seat: int, a: int, b: int) -> None:
    state.apply(seat, Investigate(a, (b,)))
    state.apply(seat, Investigate(b))


def guess(suspect=None, hour=None, paws=False) -> Guess:
    return Guess(suspect, hour, paws)
