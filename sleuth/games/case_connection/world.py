"""Sample a complete game state consistent with one seat's observation (for search bots).

Everything on the table is public, so only three things are guessed: the order of the thread
deck (its contents are the threads nobody can see), the proof pile (its contents follow from the
public counts; only the order of future draws is random, and the state's own rng draws them),
and the lead deck (every lead not on the table, in front of a player, completed or in the
observer's own offer, shuffled; another seat's hidden offer is dealt from the same pool). The
observer's memory of the leads it discarded to the bottom is not used: a simplification that
only blurs which leads are likely to come up next.
"""

from __future__ import annotations

import random
from collections import Counter

from sleuth.games.case_connection.cards import CaseCards
from sleuth.games.case_connection.rules import (
    PHASE_PICK,
    PHASE_SETUP,
    BonusGained,
    CaseObservation,
    CaseState,
    Reconstructed,
)


def sample_world(obs: CaseObservation, cards: CaseCards, rng: random.Random) -> CaseState:
    s = CaseState.__new__(CaseState)
    s.cards = cards
    s.bonus_icons = obs.bonus_icons
    s.universals = obs.universals
    s.balance = obs.balance
    s.rng = random.Random(rng.getrandbits(64))
    s.players = obs.players
    s.log = []
    s.loc_threads = [list(t) for t, _ in obs.locations]
    s.loc_proofs = [list(p) for _, p in obs.locations]
    s.leads = list(obs.leads)
    s.hand_threads = [list(h) for h in obs.threads]
    s.hand_proofs = [list(h) for h in obs.proofs]
    s.completed = [list(c) for c in obs.completed]
    s.bonus_tokens = list(obs.bonus_tokens)
    s.universal_supply = obs.universal_supply
    s.bonus_pool = obs.bonus_pool
    seen_threads = {t for spaces in s.loc_threads for t in spaces if t is not None}
    seen_threads.update(t for h in s.hand_threads for t in h)
    deck = [t.id for t in cards.threads if t.id not in seen_threads]
    s.rng.shuffle(deck)
    s.thread_deck = deck
    visible = Counter(p for spaces in s.loc_proofs for p in spaces if p is not None)
    s.pile = []
    for i, (code, total) in enumerate(cards.proofs_each):
        s.pile.append(total - visible[code] - sum(h[i] for h in s.hand_proofs))
    placed = {x for x in s.leads if x is not None} | {x for c in s.completed for x in c}
    own_offer = list(obs.offer) if obs.offer is not None else []
    pool = [lead.id for lead in cards.leads if lead.id not in placed and lead.id not in own_offer]
    s.rng.shuffle(pool)
    s.phase = obs.phase
    s.turn = obs.turn
    s.first = obs.first
    s.chooser = obs.pending[0] if obs.phase in (PHASE_SETUP, PHASE_PICK) and obs.pending else -1
    if s.chooser >= 0 and obs.offer is None:
        s.offer = pool[: obs.offer_size]
        pool = pool[obs.offer_size:]
    else:
        s.offer = own_offer
    s.lead_deck = pool
    s.setup_queue = []
    if obs.phase == PHASE_SETUP:
        order = [(obs.first + k) % obs.players for k in range(obs.players)]
        s.setup_queue = [seat for seat in order[order.index(s.chooser) + 1:]]
    s.taken = obs.taken
    s.exchanged = obs.exchanged
    s.active = obs.taken or obs.exchanged
    s.extra = _pending_extra(obs)
    s.end_trigger = obs.end_trigger
    s.final_left = obs.final_turns_left
    s.idle_turns = obs.idle_turns
    s.turns = obs.turns
    s.reason = ""
    s.stat = {"reconstructions": 0, "bonus_point": 0, "universal": 0, "extra_lead": 0, "exchanges": 0, "refills": 0}
    return s


def _pending_extra(obs: CaseObservation) -> int:
    """Extra-lead bonuses of the reconstruction in progress (keep phase only)."""
    if obs.phase != "keep":
        return 0
    extra = 0
    for event in reversed(obs.log):
        if isinstance(event, Reconstructed):
            break
        if isinstance(event, BonusGained) and event.bonus == "extra_lead":
            extra += 1
    return extra
