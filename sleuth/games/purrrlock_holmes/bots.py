"""Purrrlock Holmes bots: random, basic, expert and seer.

Knowledge is a 60-bit mask of the cards one's own Investigation can still be. Two facts drive it:
every card the seat can see (own hand, the others' Investigations, every lead, dead end, discard
and completed Investigation) is not its own card; every Lead/Dead End answer about its current
Investigation keeps only the cards that would give that answer. The own card is never visible, so
nothing ever removes it by accident. ``expert`` also remembers (from its log) every card it has
seen *since its current Investigation was drawn* (cards seen earlier may have been reshuffled into
the deck and drawn since, so they prove nothing) and its own wrong guesses about this card.

The expert's decisions take well under a millisecond, but its one loop over choices (pairs of hand
cards to investigate) still looks at the clock (``sleuth.ai.deadline``) and keeps the best so far.
"""

from __future__ import annotations

import math

from sleuth.ai.bot import DEFAULT_BUDGET_S, Bot, RandomBot
from sleuth.ai.deadline import Deadline
from sleuth.core.values import Action

from .cards import PurrrlockCards, bundled_cards
from .rules import DONE, EndTurn, Guess, Investigate, InvestigationDrawn, PurrrlockObservation


# -- knowledge ---------------------------------------------------------------------------------
def visible_mask(obs: PurrrlockObservation) -> int:
    """Cards the viewer can see right now (none of them is its own Investigation)."""
    mask = 0
    for card in obs.hand or ():
        mask |= 1 << card
    for card in obs.investigations:
        if card is not None:
            mask |= 1 << card
    for group in (obs.leads, obs.dead_ends, obs.solved):
        for cards in group:
            for card in cards:
                mask |= 1 << card
    for card in obs.discard:
        mask |= 1 << card
    return mask


def answer_mask(cards: PurrrlockCards, start: int, leads, dead_ends) -> int:
    """Narrow ``start`` by answers: a lead keeps the cards it is a lead for, a dead end the rest."""
    mask = start
    for card in leads:
        mask &= cards.lead_mask[card]
    for card in dead_ends:
        mask &= ~cards.lead_mask[card]
    return mask


def basic_candidates(obs: PurrrlockObservation, cards: PurrrlockCards) -> int:
    """What ``basic`` knows: not any visible card, and consistent with its current answers."""
    me = obs.seat
    start = cards.all_mask & ~visible_mask(obs)
    return answer_mask(cards, start, obs.leads[me], obs.dead_ends[me])


def memory_mask(obs: PurrrlockObservation, cards: PurrrlockCards) -> int:
    """Cards seen since the current Investigation was drawn, minus wrong guesses about it (as a
    mask of cards ruled out)."""
    me = obs.seat
    log = obs.log
    start = 0
    for i in range(len(log) - 1, -1, -1):
        event = log[i]
        if isinstance(event, InvestigationDrawn) and event.seat == me:
            start = i + 1
            break
    out = 0
    for event in log[start:]:
        kind = event.KIND
        if kind == "drew" or kind == "passed":
            if event.cards:
                for card in event.cards:
                    out |= 1 << card
        elif kind == "investigated" or kind == "solved":
            out |= 1 << event.card
        elif kind == "investigation_drawn":
            if event.card is not None:
                out |= 1 << event.card
        elif kind == "discarded":
            for card in event.cards:
                out |= 1 << card
        elif kind == "guessed" and event.seat == me and not event.correct:
            if event.suspect is not None and event.hour is not None:
                out |= 1 << cards.card_id(event.suspect, event.hour)
            elif event.suspect is not None:
                out |= cards.suspect_mask[event.suspect]
            else:
                out |= cards.hour_mask[event.hour - 1]
    return out


def expert_candidates(obs: PurrrlockObservation, cards: PurrrlockCards) -> int:
    """Exact candidates: everything visible now or seen since the draw, answers, wrong guesses."""
    return basic_candidates(obs, cards) & ~memory_mask(obs, cards)


def entropy(sizes) -> float:
    total = sum(sizes)
    if total <= 0:
        return 0.0
    h = 0.0
    for size in sizes:
        if size:
            p = size / total
            h -= p * math.log2(p)
    return h


def split_entropy(cards: PurrrlockCards, mask: int, asked) -> float:
    """Expected information (bits) of the joint answers to the cards in ``asked`` about ``mask``."""
    cells = [mask]
    for card in asked:
        lead = cards.lead_mask[card]
        nxt = []
        for cell in cells:
            a = cell & lead
            b = cell & ~lead
            if a:
                nxt.append(a)
            if b:
                nxt.append(b)
        cells = nxt
    return entropy([c.bit_count() for c in cells])


def _bound(n: int) -> int:
    """The least total leaf depth of a binary tree with n leaves (questions still to ask, summed)."""
    if n <= 1:
        return 0
    k = n.bit_length() - 1
    return n * k + 2 * (n - (1 << k))


def _two_step(cards: PurrrlockCards, mask: int, card: int, allowed) -> int:
    """The bound on the questions left after asking ``card`` and then the best next card."""
    total = 0
    for child in (mask & cards.lead_mask[card], mask & ~cards.lead_mask[card]):
        n = child.bit_count()
        if n > 1:
            total += n + min(
                _bound((child & cards.lead_mask[q]).bit_count()) + _bound((child & ~cards.lead_mask[q]).bit_count())
                for q in allowed
            )
    return total


def best_question(cards: PurrrlockCards, mask: int, allowed) -> int:
    """The card with the most expected information about ``mask``; among equals the one whose
    best follow-up question leaves the fewest questions (then the lowest id)."""
    allowed = list(allowed)
    scored = [(split_entropy(cards, mask, (card,)), card) for card in allowed]
    top = max(h for h, _ in scored)
    tied = [card for h, card in scored if h > top - 1e-9]
    if len(tied) == 1:
        return tied[0]
    return min(tied, key=lambda card: (_two_step(cards, mask, card, allowed), card))


def certain_details(cards: PurrrlockCards, mask: int) -> tuple[int | None, int | None]:
    """The suspect and the hour every candidate shares (None where they differ)."""
    suspect = hour = None
    for s, smask in enumerate(cards.suspect_mask):
        if mask and mask & ~smask == 0:
            suspect = s
    for h, hmask in enumerate(cards.hour_mask):
        if mask and mask & ~hmask == 0:
            hour = h + 1
    return suspect, hour


def only_card(mask: int) -> int:
    return mask.bit_length() - 1


def _guess_of(legal, suspect, hour, paws):
    for action in legal:
        if isinstance(action, Guess) and action.paws == paws and action.suspect == suspect and action.hour == hour:
            return action
    return None


def _investigates(legal) -> list[Investigate]:
    return [a for a in legal if isinstance(a, Investigate)]


# -- basic ----------------------------------------------------------------------------------------
class BasicBot(Bot):
    """Keeps its candidate set from what it sees and its answers; guesses both details only when a
    single candidate is left (so never wrong); investigates cards picked at random; never Paws."""

    kind = "basic"

    def __init__(self, cards: PurrrlockCards | None = None) -> None:
        self.cards = cards or bundled_cards()

    def choose(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        cards = self.cards
        mask = basic_candidates(obs, cards)
        if mask.bit_count() == 1:
            card = only_card(mask)
            guess = _guess_of(legal, cards.card_suspect[card], cards.card_hour[card], False)
            if guess is not None:
                return guess
        investigates = _investigates(legal)
        if investigates:
            return investigates[rng.randrange(len(investigates))]
        for action in legal:
            if isinstance(action, EndTurn):
                return action
        return legal[0]


# -- expert ---------------------------------------------------------------------------------------
class ExpertBot(Bot):
    """Exact candidate tracking; picks the pair of hand cards with the most joint information (ties
    broken by what the cards it will pass are worth to the next player: helpful when the team race
    or its own lead calls for it, useless when that player is ahead of it); guesses when certain,
    takes a certain single detail when time is short or it catches Furriarty, gambles on the best
    odds only on its very last chance; calls Paws when it catches Furriarty or when its last turn
    has gone and it knows its card."""

    kind = "expert"
    #: take a detail every candidate shares (one token, a fresh Investigation) once this many
    #: candidates are left, instead of waiting to name both; None: only when time is short
    single_detail_from: int | None = 2
    #: on its last chance of the game, guess the most likely option only if it is at least this likely
    gamble_from: float = 0.5

    def __init__(self, cards: PurrrlockCards | None = None) -> None:
        self.cards = cards or bundled_cards()

    # the race -------------------------------------------------------------------------------------
    @staticmethod
    def _rounds_left(obs) -> int:
        """Furriarty moves after each round while tokens lie to his right, then one last round."""
        right = len(obs.trail) - obs.furriarty_at
        return 0 if obs.last_round else right

    def _guess_plan(self, obs, mask: int, final_chance: bool):
        """(suspect, hour) to guess now, or None to wait."""
        cards = self.cards
        n = mask.bit_count()
        if n == 0:
            return None
        if n == 1:
            card = only_card(mask)
            return cards.card_suspect[card], cards.card_hour[card]
        suspect, hour = certain_details(cards, mask)
        catch_with_one = obs.furriarty_at == 0
        urgent = final_chance or self._rounds_left(obs) <= 1 or catch_with_one
        if self.single_detail_from is not None and n >= self.single_detail_from:
            urgent = True
        if urgent and suspect is not None:
            return suspect, None
        if urgent and hour is not None:
            return None, hour
        if final_chance:
            # the last guess this seat will get: the most expected tokens (no later turn to lose),
            # as (expected tokens, probability right, suspect, hour)
            card = only_card(mask)
            plans = [(2.0 / n, 1.0 / n, cards.card_suspect[card], cards.card_hour[card])]
            for s, smask in enumerate(cards.suspect_mask):
                p = (mask & smask).bit_count() / n
                plans.append((p, p, s, None))
            for h, hmask in enumerate(cards.hour_mask):
                p = (mask & hmask).bit_count() / n
                plans.append((p, p, None, h + 1))
            value, chance, suspect, hour = max(plans, key=lambda plan: plan[:2])
            if chance < self.gamble_from:
                return None
            return suspect, hour
        return None

    def _score_estimate(self, obs, seat: int) -> float:
        total = 0.0
        for value in obs.collected[seat]:
            total += 2.0 if value is None else value
        return total - (1.0 if obs.paws_used[seat] else 0.0)

    def _pass_weight(self, obs) -> float:
        me = obs.seat
        nxt = (me + 1) % obs.players
        if nxt == me:
            return 0.0
        mine = self._score_estimate(obs, me)
        theirs = self._score_estimate(obs, nxt)
        if theirs > mine and self._rounds_left(obs) > 2:
            return -0.25  # a rival ahead and time to spare: pass them little
        return 0.25

    def _next_player_mask(self, obs) -> int:
        """The next player's candidates as far as public knowledge goes."""
        cards = self.cards
        nxt = (obs.seat + 1) % obs.players
        seen = 0
        for s, card in enumerate(obs.investigations):
            if card is not None and s != nxt:
                seen |= 1 << card
        for group in (obs.leads, obs.dead_ends, obs.solved):
            for cs in group:
                for card in cs:
                    seen |= 1 << card
        for card in obs.discard:
            seen |= 1 << card
        start = cards.all_mask & ~seen
        return answer_mask(cards, start, obs.leads[nxt], obs.dead_ends[nxt])

    def _choose_investigate(self, obs, mask: int, legal, rng, deadline: Deadline | None = None) -> Action:
        cards = self.cards
        options = _investigates(legal)
        if len(options) == 1:
            return options[0]  # one card in hand, or the second card already chosen
        hand = sorted({a.card for a in options})
        size = 1 + len(options[0].then)
        weight = self._pass_weight(obs)
        nxt_mask = self._next_player_mask(obs)
        best, best_value = None, -1e9
        groups = [(c,) for c in hand] if size == 1 else [(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
        for group in groups:
            value = split_entropy(cards, mask, group)
            passed = [c for c in hand if c not in group]
            if passed and weight:
                value += weight * max(split_entropy(cards, nxt_mask & ~(1 << c), (c,)) for c in passed)
            if value > best_value + 1e-9:
                best, best_value = group, value
            if deadline is not None and deadline.expired():
                break  # the best pair so far
        # reveal the more informative card first
        order = sorted(best, key=lambda c: -split_entropy(cards, mask, (c,)))
        return Investigate(order[0], tuple(order[1:]))

    def choose(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        deadline = Deadline(budget_s)
        cards = self.cards
        mask = expert_candidates(obs, cards)
        can_guess = any(isinstance(a, Guess) and not a.paws for a in legal)
        investigates = _investigates(legal)
        if can_guess:
            # the last chance: the last round, and either investigated already or nothing to learn
            final = obs.last_round and (obs.investigate_state == DONE or not investigates)
            plan = self._guess_plan(obs, mask, final)
            if plan is not None:
                guess = _guess_of(legal, plan[0], plan[1], False)
                if guess is not None:
                    return guess
        paws = self._paws(obs, mask, legal, own_turn=True)
        if paws is not None:
            return paws
        if investigates:
            return self._choose_investigate(obs, mask, legal, rng, deadline)
        for action in legal:
            if isinstance(action, EndTurn):
                return action
        return legal[0]

    def _paws(self, obs, mask: int, legal, own_turn: bool):
        if obs.paws_used[obs.seat] or not obs.has_investigation[obs.seat]:
            return None
        n = mask.bit_count()
        if n == 0:
            return None
        cards = self.cards
        suspect, hour = certain_details(cards, mask)
        if n == 1:
            card = only_card(mask)
            suspect, hour = cards.card_suspect[card], cards.card_hour[card]
            catches = obs.furriarty_at <= 1
        else:
            catches = obs.furriarty_at == 0 and (suspect is not None or hour is not None)
            if suspect is not None:
                hour = None
        if catches:
            return _guess_of(legal, suspect, hour, True)
        turn_gone = obs.last_round and (obs.turn > obs.seat or (own_turn and obs.guessed))
        if turn_gone and n == 1:
            return _guess_of(legal, suspect, hour, True)
        return None

    def interrupt(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        # cheap test first: Paws only pays near the catch or after one's last turn
        if obs.paws_used[obs.seat]:
            return None
        if obs.furriarty_at > 1 and not (obs.last_round and obs.turn > obs.seat):
            return None
        mask = expert_candidates(obs, self.cards)
        return self._paws(obs, mask, legal, own_turn=False)


# -- seer -------------------------------------------------------------------------------------------
class SeerBot(Bot):
    """Sees its own Investigation (the upper bound): guesses both details at the start of every turn,
    and calls Paws when that catches Furriarty."""

    kind = "seer"
    seer = True

    def __init__(self, cards: PurrrlockCards | None = None) -> None:
        self.cards = cards or bundled_cards()

    def _guess(self, obs, legal, paws: bool):
        card = obs.own_investigation
        if card is None:
            return None
        return _guess_of(legal, self.cards.card_suspect[card], self.cards.card_hour[card], paws)

    def choose(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        guess = self._guess(obs, legal, False)
        if guess is not None:
            return guess
        if obs.furriarty_at <= 1:
            guess = self._guess(obs, legal, True)
            if guess is not None:
                return guess
        investigates = _investigates(legal)
        if investigates:
            return investigates[0]
        for action in legal:
            if isinstance(action, EndTurn):
                return action
        return legal[0]

    def interrupt(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        if obs.furriarty_at <= 1:
            return self._guess(obs, legal, True)
        return None


BOTS = {"random": RandomBot, "basic": BasicBot, "expert": ExpertBot, "seer": SeerBot}
