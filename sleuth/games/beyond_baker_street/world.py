"""Sampled worlds for Beyond Baker Street: complete states consistent with one seat's observation.

A search bot must never look at the true state, so it builds its own: the Master (``master.py``)
deals the cards its seat cannot see at random, from what its observation leaves possible, and
rolls the real rules forward on each such world. What a seat cannot see:

- its own hand: each card is drawn from the identities its slot can still have (card counting
  plus every Assist it was given, positive and negative), weighted by a belief the caller passes
  (the expert's convention lean: a pointed card is probably playable now);
- the order of the deck (the unseen cards not dealt to its hand, shuffled);
- the leads under each face-up lead (drawn from the section's leads nobody has seen yet);
- nothing else: hands of partners, knowledge, tracks, the Impossible, characters, the evidence
  under confirmed leads (remembered from the log) are copied from the observation.

The world's log is the seat's own log, so the world observed from that seat is exactly the
observation it came from (a test checks it), and every bot reading a log in a rollout reads the
public events it would have read.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from sleuth.games.beyond_baker_street.bots import remembered_face_down
from sleuth.games.beyond_baker_street.cards import Cards, tables_for
from sleuth.games.beyond_baker_street.rules import BBSObservation, BBSState

#: how many times a deal of the own hand is restarted when the slots' candidates collide
#: (two slots that can only hold the same card) before the weights are dropped
DEAL_TRIES = 20


def unseen_cards(obs: BBSObservation, cards: Cards) -> list[int]:
    """Evidence cards this seat has not seen anywhere: its own hand and the deck, in id order."""
    t = tables_for(cards)
    seen = set(remembered_face_down(obs, t))
    seen.update(obs.impossible)
    for sec in obs.sections:
        seen.update(sec.cards)
        seen.update(sec.mismatched)
    for hand in obs.hands:
        seen.update(c for c in hand if c is not None)
    seen.update(obs.decision_cards)
    return [c for c in range(t.ncards) if c not in seen]


def slot_candidates(obs: BBSObservation, cards: Cards, unseen: list[int]) -> list[list[int]]:
    """For each slot of this seat's hand, the unseen cards that agree with what it was told."""
    t = tables_for(cards)
    out = []
    for ki, kn in obs.knowledge[obs.seat]:
        cs = [c for c in unseen if ki >> t.icon_of[c] & 1 and kn >> t.num_of[c] & 1]
        out.append(cs or list(unseen))
    return out


def deal_own_hand(cands: list[list[int]], rng: random.Random,
                  weigh: Callable[[int, int], float] | None = None) -> list[int]:
    """One card per slot, all different, each drawn from its slot's candidates.

    Slots with the fewest candidates are dealt first (they are the likeliest to collide); ``weigh``
    (slot, card) gives a card's belief weight in that slot (None: all equal). The result is a
    consistent deal whenever one exists: after ``DEAL_TRIES`` weighted attempts the weights are
    dropped and the deal is searched exhaustively.
    """
    order = sorted(range(len(cands)), key=lambda i: (len(cands[i]), i))
    for _ in range(DEAL_TRIES):
        taken: set[int] = set()
        hand = [-1] * len(cands)
        for i in order:
            free = [c for c in cands[i] if c not in taken]
            if not free:
                break
            if weigh is None:
                c = free[rng.randrange(len(free))]
            else:
                c = rng.choices(free, [weigh(i, x) for x in free])[0]
            hand[i] = c
            taken.add(c)
        else:
            return hand
    return _any_deal(cands, order, rng)


def _any_deal(cands: list[list[int]], order: list[int], rng: random.Random) -> list[int]:
    """A consistent deal found by backtracking over shuffled candidates (rarely needed)."""
    hand = [-1] * len(cands)
    shuffled = {i: rng.sample(cands[i], len(cands[i])) for i in order}

    def fill(k: int, taken: frozenset[int]) -> bool:
        if k == len(order):
            return True
        i = order[k]
        for c in shuffled[i]:
            if c not in taken:
                hand[i] = c
                if fill(k + 1, taken | {c}):
                    return True
        return False

    if not fill(0, frozenset()):
        raise ValueError("no deal of this hand agrees with the observation")
    return hand


def sample_world(obs: BBSObservation, cards: Cards, rng: random.Random,
                 weigh: Callable[[int, int], float] | None = None,
                 unseen: list[int] | None = None, cands: list[list[int]] | None = None) -> BBSState:
    """A complete state that ``obs.seat`` cannot tell apart from the true one.

    ``unseen`` and ``cands`` may be passed when the caller samples many worlds from one
    observation (they depend on the observation only). Pending decisions are not rebuilt: the
    caller samples worlds only on an ordinary turn.
    """
    if obs.decision is not None:
        raise ValueError("worlds are sampled on ordinary turns, not during a pending decision")
    t = tables_for(cards)
    me = obs.seat
    if unseen is None:
        unseen = unseen_cards(obs, cards)
    if cands is None:
        cands = slot_candidates(obs, cards, unseen)
    own = deal_own_hand(cands, rng, weigh)
    in_hand = set(own)
    deck = [c for c in unseen if c not in in_hand]
    rng.shuffle(deck)

    s = BBSState.__new__(BBSState)
    s.t = t
    s._rng = random.Random(rng.getrandbits(64))
    s._rng_state = None
    s.players = obs.players
    s.log = list(obs.log)
    s.case = obs.case
    s.holmes = obs.holmes
    s.investigation = obs.investigation
    s.limit = obs.impossible_limit
    s.deck = deck
    s.hands = [list(own) if seat == me else list(hand) for seat, hand in enumerate(obs.hands)]
    s.know_icon = [t.full_icons] * t.ncards
    s.know_num = [t.full_numbers] * t.ncards
    for hand, know in zip(s.hands, obs.knowledge, strict=True):
        for c, (ki, kn) in zip(hand, know, strict=True):
            s.know_icon[c] = ki
            s.know_num[c] = kn
    gone = set(obs.dead_leads) | set(obs.vanished_leads)
    face_down = remembered_face_down(obs, t)
    s.piles = []
    s.lead_ev = []
    s.lead_mis = []
    for sec, section in zip(obs.sections, cards.sections, strict=True):
        pile: list[int] = []
        if sec.lead is not None:
            hidden = [ld for ld in section.leads if ld != sec.lead and ld not in gone]
            pile = [sec.lead, *rng.sample(hidden, sec.pile - 1)]
        s.piles.append(pile)
        if sec.confirmed:
            under = [c for c in face_down if _was_on(obs, t, sec.id, c)]
            s.lead_ev.append([c for c in under if t.icon_of[c] == sec.icon])
            s.lead_mis.append([c for c in under if t.icon_of[c] != sec.icon])
        else:
            s.lead_ev.append(list(sec.cards))
            s.lead_mis.append(list(sec.mismatched))
    s.confirmed = [sec.confirmed for sec in obs.sections]
    s.impossible_ev = list(obs.impossible)
    s.impossible_leads = list(obs.dead_leads)
    s.vanished = list(obs.vanished_leads)
    s.chars = list(obs.characters)
    s.abilities = tuple(cards.character(c).ability if c else None for c in s.chars)
    s.used = list(obs.used)
    s.turn = obs.turn
    s.start = obs.start
    s.decision = None
    s.limbo = []
    s.result = None
    s.turns = sum(1 for e in obs.log if e.KIND in _TURN_KINDS)
    s.assists = sum(1 for e in obs.log if e.KIND == "assisted")
    return s


_TURN_KINDS = frozenset({"assisted", "investigated", "confirmed", "eliminated", "pursued", "rallied",
                         "swapped_evidence", "swapped_hands", "returned", "peeked"})


def _was_on(obs: BBSObservation, t, section: str, card: int) -> bool:
    """Whether ``card`` was last placed on ``section``'s lead (by an Investigate or Baskerville's swap)."""
    key = t.key_of[card]
    where = None
    for e in obs.log:
        kind = e.KIND
        if kind == "investigated" and e.card == key:
            where = e.section
        elif kind == "swapped_evidence" and e.impossible_card == key:
            where = e.section
    return where == section
