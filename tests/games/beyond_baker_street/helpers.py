"""Hand-made Beyond Baker Street states for scenario tests."""

from __future__ import annotations

from sleuth.games.beyond_baker_street.cards import load_cards, tables_for
from sleuth.games.beyond_baker_street.rules import BBSState

CARDS = load_cards()
T = tables_for(CARDS)

#: lead piles of a case 1 position whose Opportunity lead is a Track lead of 8 (two scenarios of
#: the play-tests use it)
TRACK_8_PILES = {"opportunity": ["opportunity-track-8", "opportunity-track-7", "opportunity-witness-7"],
                 "motive": ["motive-clue-9", "motive-track-9", "motive-clue-10"],
                 "suspect": ["suspect-clue-12", "suspect-track-13", "suspect-track-12"]}


def card(key: str) -> int:
    return T.card_of[key]


def lead(key: str) -> int:
    return T.lead_key.index(key)


def make(
    players: int = 2,
    case: int = 1,
    chars: tuple[int, ...] | None = None,
    hands: list[list[str]] | None = None,
    deck: list[str] | None = None,
    piles: dict[str, list[str]] | None = None,
    evidence: dict[str, list[str]] | None = None,
    mismatched: dict[str, list[str]] | None = None,
    impossible: list[str] | None = None,
    track: int = 0,
    holmes: int | None = None,
    turn: int | None = None,
    seed: int = 0,
) -> BBSState:
    """A state with the given cards placed; every card not placed goes to the bottom of the deck
    (so conservation holds), unless ``deck`` is given, which is the whole deck (top = last)."""
    st = BBSState(CARDS, players, {"case": case}, seed, seat_characters=chars or (0,) * players)
    placed: list[int] = []
    if hands is not None:
        st.hands = [[card(k) for k in h] for h in hands]
        placed += [c for h in st.hands for c in h]
    else:
        placed += [c for h in st.hands for c in h]
    if piles:
        for sec, keys in piles.items():
            st.piles[T.section_of[sec]] = [lead(k) for k in keys]
    for source, target in ((evidence, st.lead_ev), (mismatched, st.lead_mis)):
        if source:
            for sec, keys in source.items():
                target[T.section_of[sec]] = [card(k) for k in keys]
                placed += target[T.section_of[sec]]
    if impossible:
        st.impossible_ev = [card(k) for k in impossible]
        placed += st.impossible_ev
    if deck is not None:
        st.deck = [card(k) for k in deck]
    else:
        rest = [c for c in range(T.ncards) if c not in placed]
        st.deck = rest
    for c in range(T.ncards):
        st.know_icon[c] = T.full_icons
        st.know_num[c] = T.full_numbers
    st.investigation = track
    if holmes is not None:
        st.holmes = holmes
    if turn is not None:
        st.turn = turn
    return st


def keys(cards) -> list[str]:
    return [T.key_of[c] for c in cards]


def swap_own_hidden_cards(state: BBSState, seat: int, seed: int) -> BBSState:
    """A copy of ``state`` in which ``seat`` holds other cards (shuffled with the deck) with the
    same knowledge marks: what that seat cannot see differs, what it was told stays."""
    import random

    other = state.clone()
    pool = other.hands[seat] + other.deck
    random.Random(seed).shuffle(pool)
    n = len(other.hands[seat])
    know = [(other.know_icon[c], other.know_num[c]) for c in other.hands[seat]]
    other.hands[seat], other.deck = pool[:n], pool[n:]
    for c, (ki, kn) in zip(other.hands[seat], know, strict=True):
        other.know_icon[c], other.know_num[c] = ki, kn
    return other


def mid_game(seed: int, players: int = 3) -> BBSState:
    """Case 2 after 2-9 expert moves (seeded): an ordinary position of a game under way."""
    import random

    from sleuth.core.registry import get
    from sleuth.games.beyond_baker_street.bots import make

    state = get("beyond-baker-street").create(players, {"case": 2}, seed)
    rng = random.Random(seed)
    bot = make("expert")
    for _ in range(rng.randrange(2, 10)):
        if state.is_over():
            break
        seat = state.pending_seats()[0]
        state.apply(seat, bot.choose(state.observe(seat), state.legal_actions(seat), rng))
    return state


def hidden_card_twins(seeds):
    """For each seed whose mid-game position is an ordinary turn: (state, seat to play, the same
    state with that seat's own hidden cards swapped, ``swap_own_hidden_cards``)."""
    for seed in seeds:
        state = mid_game(seed)
        if state.is_over() or state.decision is not None:
            continue
        seat = state.pending_seats()[0]
        yield state, seat, swap_own_hidden_cards(state, seat, seed)
