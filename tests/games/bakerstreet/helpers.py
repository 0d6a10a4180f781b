"""Build small hand-made Bakerstreet positions that still hold every card exactly once."""

from __future__ import annotations

from sleuth.core.registry import get
from sleuth.games.bakerstreet.cards import SYMBOLS
from sleuth.games.bakerstreet.rules import BID, CHOOSE, TURN, BakerState

SPEC = get("bakerstreet")


def new(seed: int = 1, **options) -> BakerState:
    return SPEC.create(2, options, seed)


def cid(state: BakerState, seat: int, value: int, symbol: str = "none", taken=()) -> int:
    """The id of a card of ``seat`` with this value and symbol not in ``taken``."""
    code = SYMBOLS.index(symbol)
    n = state.deck_size
    for c in range(seat * n, (seat + 1) * n):
        if state.value[c] == value and state.sym[c] == code and c not in taken:
            return c
    raise LookupError(f"seat {seat} has no more {value} {symbol}")


def _pull(state: BakerState, card: int) -> None:
    for zone in state.unused + state.used + state.hands + state.piles:
        if card in zone:
            zone.remove(card)
            return
    raise LookupError(card)


def arrange(
    state: BakerState,
    hands: dict[int, list] | None = None,
    piles: dict[int, list] | None = None,
    used: dict[int, list] | None = None,
    unused: dict[int, list] | None = None,
    evidence: dict[int, str] | None = None,
    held: dict[int, str] | None = None,
    phase: str = TURN,
    turn: int = 0,
    bids: list[tuple[int, int]] | None = None,
    dispute_winner: int | None = None,
) -> BakerState:
    """Place cards given as (value, symbol) per seat (piles: (seat, value, symbol), bottom first).

    Cards not named stay where they were, except that named hands replace the whole hand (the old
    hand cards go back to the unused stack) and ``unused`` (when given) replaces that stack with
    exactly the named cards (others go to the used pile). Evidence: ``evidence`` gives the letters
    of some stacks, ``held`` each seat's letters; every other evidence card goes to the stacks not
    named, in turn.
    """
    hands = hands or {}
    piles = piles or {}
    used = used or {}
    unused = unused or {}
    placed: set[int] = set()

    def take(seat, value, symbol="none"):
        c = cid(state, seat, value, symbol, placed)
        placed.add(c)
        _pull(state, c)
        return c

    for seat in (0, 1):
        if seat in hands:
            state.unused[seat].extend(state.hands[seat])
            state.hands[seat] = []
    for stack in piles:
        state.unused[0].extend(c for c in state.piles[stack] if c // 30 == 0)
        state.unused[1].extend(c for c in state.piles[stack] if c // 30 == 1)
        state.piles[stack] = []
    for seat, cards in hands.items():
        state.hands[seat] = [take(seat, *card) for card in cards]
    for stack, cards in piles.items():
        state.piles[stack] = [take(seat, *card) for seat, *card in cards]
    for seat, cards in used.items():
        state.used[seat].extend(take(seat, *card) for card in cards)
    for seat, cards in unused.items():
        chosen = [take(seat, *card) for card in cards]
        state.used[seat].extend(c for c in state.unused[seat])
        state.unused[seat] = chosen
    if evidence is not None or held is not None:
        evidence = evidence or {}
        held = held or {}
        pool = list(range(len(state.letter_of)))
        index = state.letter_index

        def grab(letter):
            for e in pool:
                if state.letter_of[e] == index[letter]:
                    pool.remove(e)
                    return e
            raise LookupError(f"no evidence card {letter} left")

        state.held = [[grab(x) for x in held.get(s, "")] for s in (0, 1)]
        state.masks = [sum(1 << index[x] for x in held.get(s, "")) for s in (0, 1)]
        state.evidence = [[grab(x) for x in evidence[s]] if s in evidence else [] for s in range(5)]
        free = [s for s in range(5) if s not in evidence]
        for i, e in enumerate(pool):
            state.evidence[free[i % len(free)]].append(e)
    state.phase = phase
    state.turn = turn
    state.bids = list(bids or [])
    state.dispute_winner = dispute_winner
    if phase == CHOOSE:
        state.turn = None
    state.check_invariants()
    return state


def play_turn(state: BakerState, seat: int, value: int, symbol: str, stack: int, bid: int):
    from sleuth.games.bakerstreet.rules import Bid, Play

    state.apply(seat, Play(value, symbol, stack))
    assert state.phase == BID
    state.apply(seat, Bid(bid))
