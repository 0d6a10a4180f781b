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
from dataclasses import dataclass

from sleuth.ai.bot import DEFAULT_BUDGET_S, Bot, RandomBot
from sleuth.ai.deadline import Deadline
from sleuth.ai.explain import Considered, Decision, Explanation, Fact, fact
from sleuth.core.values import Action

from .cards import PurrrlockCards, bundled_cards
from .rules import DONE, IN_PROGRESS, EndTurn, Guess, Investigate, InvestigationDrawn, PurrrlockObservation


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


def shown_mask(event) -> int:
    """The cards an event shows its observer face up (a draw or a pass to them, a card asked
    about or solved, another's Investigation drawn, a discard), as a mask."""
    kind = event.KIND
    if kind in ("drew", "passed"):
        cards = event.cards or ()
    elif kind in ("investigated", "solved"):
        cards = (event.card,)
    elif kind == "investigation_drawn":
        cards = (event.card,) if event.card is not None else ()
    elif kind == "discarded":
        cards = event.cards
    else:
        return 0
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def out_of_the_deck(log) -> int:
    """The cards the observer of ``log`` saw outside the deck and knows were still outside it at
    its end (the moment they drew their Investigation from the deck), as a mask: every card seen
    in a hand, on a stand, solved, discarded or drawn as another's Investigation, less the discard
    pile each reshuffle put back into the deck. None of them can be the Investigation drawn then."""
    out = discard = 0
    for event in log:
        out |= shown_mask(event)
        if event.KIND == "discarded":
            discard |= shown_mask(event)
        elif event.KIND == "reshuffled":
            out &= ~discard  # the discard pile went back into the deck
            discard = 0
    return out


def draw_index(obs: PurrrlockObservation) -> int:
    """Where the viewer's current Investigation was drawn in the log (-1 before any)."""
    log = obs.log
    for i in range(len(log) - 1, -1, -1):
        event = log[i]
        if isinstance(event, InvestigationDrawn) and event.seat == obs.seat:
            return i
    return -1


def memory_mask(obs: PurrrlockObservation, cards: PurrrlockCards) -> int:
    """Cards ruled out by memory (as a mask): those seen out of the deck when the current
    Investigation was drawn, those seen since, and wrong guesses about it."""
    me = obs.seat
    log = obs.log
    drawn = draw_index(obs)
    start = drawn + 1
    out = out_of_the_deck(log[:drawn]) if drawn > 0 else 0
    for event in log[start:]:
        out |= shown_mask(event)
        if event.KIND == "guessed" and event.seat == me and not event.correct:
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


def split_sizes(cards: PurrrlockCards, mask: int, asked) -> list[int]:
    """How many cards of ``mask`` each combination of answers to the cards in ``asked`` leaves."""
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
    return [c.bit_count() for c in cells]


def split_entropy(cards: PurrrlockCards, mask: int, asked) -> float:
    """Expected information (bits) of the joint answers to the cards in ``asked`` about ``mask``."""
    return entropy(split_sizes(cards, mask, asked))


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
@dataclass(frozen=True)
class GuessPlan:
    """A guess the expert decided to make now, and why (its explanation is built from this)."""

    suspect: int | None
    hour: int | None
    #: "known" (one card left), "suspect" / "hour" (a detail every candidate shares) or "gamble"
    why: str
    #: for a gamble, every option weighed as (expected tokens, chance right, suspect, hour)
    options: tuple[tuple[float, float, int | None, int | None], ...] = ()


def guess_options(cards: PurrrlockCards, mask: int) -> list[tuple[float, float, int | None, int | None]]:
    """Every guess worth weighing about ``mask`` as (expected tokens, chance right, suspect, hour):
    both details of one of its cards (the last in card order: every card is as likely), then each
    suspect, then each hour."""
    n = mask.bit_count()
    card = only_card(mask)
    plans: list[tuple[float, float, int | None, int | None]] = [
        (2.0 / n, 1.0 / n, cards.card_suspect[card], cards.card_hour[card])]
    for s, smask in enumerate(cards.suspect_mask):
        p = (mask & smask).bit_count() / n
        plans.append((p, p, s, None))
    for h, hmask in enumerate(cards.hour_mask):
        p = (mask & hmask).bit_count() / n
        plans.append((p, p, None, h + 1))
    return plans


def _odds(mask: int, cards: PurrrlockCards, suspect: int | None, hour: int | None) -> float:
    """The share of the candidates a guess of (suspect, hour) is right for."""
    n = mask.bit_count()
    if not n:
        return 0.0
    hit = mask
    if suspect is not None:
        hit &= cards.suspect_mask[suspect]
    if hour is not None:
        hit &= cards.hour_mask[hour - 1]
    return hit.bit_count() / n


def tokens_earned(obs: PurrrlockObservation, suspect: int | None, hour: int | None) -> tuple[int, bool]:
    """(trail items a right guess collects, whether Furriarty is among them): 1 for one detail,
    2 for both, stopping at Furriarty (RULINGS 3)."""
    earn = 2 if suspect is not None and hour is not None else 1
    return min(earn, obs.furriarty_at + 1), earn > obs.furriarty_at


class ExpertBot(Bot):
    """Exact candidate tracking; picks the pair of hand cards with the most joint information (ties
    broken by what the cards it will pass are worth to the next player: helpful when the team race
    or its own lead calls for it, useless when that player is ahead of it); guesses when certain,
    takes a certain single detail when time is short or it catches Furriarty, gambles on the best
    odds only on its very last chance; calls Paws when it catches Furriarty or when its last turn
    has gone and it knows its card.

    It explains every decision (``decide``, ``decide_interrupt``; ``sleuth/ai/explain.py``) from the
    same evaluation that chose the move. Measures: ``utility`` for the choice of cards to
    investigate (the expected information of the answers in bits, plus the pass term below);
    ``points`` for guesses, Paws and ending the turn (expected paw print tokens collected now:
    chance right x tokens earned, 2 for both details and 1 for one; ending the turn collects 0).

    The facts it quotes (key, args; secret ones rest on its hand or on what it alone saw, so only
    its own player reads them during the game):

    =============== ================================ ======= =========================================
    key             args                             secret  meaning
    =============== ================================ ======= =========================================
    possible        count                            yes     its Investigation can still be ``count``
                                                             cards (``expert_candidates``)
    trail           before, steps_left, last_round   no      paw prints left of Furriarty; tokens right
                                                             of him (steps he still takes before the
                                                             last round); whether this is the last round
    pass_to         to, helpful, hidden              no      the cards it keeps go to seat ``to``;
                                                             ``helpful``: it prefers keeping cards that
                                                             tell ``to`` much (False: ``to`` is ahead
                                                             with time to spare, counting ``hidden``
                                                             face-down tokens of theirs as 2 each)
    narrows         possible, expected_left,         yes     the two answers about the move's cards
                    worst_left, bits                         leave on average ``expected_left`` (one
                                                             decimal) and at most ``worst_left`` of the
                                                             ``possible`` cards; ``bits`` of information
    known_card      card                             yes     only ``card`` is left: its Investigation
    shared_suspect  suspect, count                   yes     all ``count`` candidates have this suspect
    shared_hour     hour, count                      yes     all ``count`` candidates have this hour
    odds            chance, count, [suspect], [hour] yes     the guess (the details given) is right for
                                                             this share of the ``count`` candidates
    takes           tokens, catches                  no      a right guess collects ``tokens`` trail
                                                             items; ``catches``: Furriarty is one
    last_chance     (none)                           no      the last round, investigated: its last guess
    no_sure_guess   chance, count, [suspect], [hour] yes     no guess is certain; the best bet (by the
                                                             bot's ranking) is right with ``chance``
    paws_now        reason, cost                     no      why Paws now: "catch" (a right guess takes
                                                             Furriarty) or "turn_gone" (its last turn of
                                                             the game has passed); costs ``cost`` VP
    guessed_already (none)                           no      ending the turn: it has guessed this turn
    second_card     (none)                           no      the card chosen with the first: it comes next
    only_choice     (none)                           no      nothing else to choose (one card in hand)
    =============== ================================ ======= =========================================
    """

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

    def _guess_plan(self, obs, mask: int, final_chance: bool) -> GuessPlan | None:
        """The guess to make now, or None to wait."""
        cards = self.cards
        n = mask.bit_count()
        if n == 0:
            return None
        if n == 1:
            card = only_card(mask)
            return GuessPlan(cards.card_suspect[card], cards.card_hour[card], "known")
        suspect, hour = certain_details(cards, mask)
        catch_with_one = obs.furriarty_at == 0
        urgent = final_chance or self._rounds_left(obs) <= 1 or catch_with_one
        if self.single_detail_from is not None and n >= self.single_detail_from:
            urgent = True
        if urgent and suspect is not None:
            return GuessPlan(suspect, None, "suspect")
        if urgent and hour is not None:
            return GuessPlan(None, hour, "hour")
        if final_chance:
            # the last guess this seat will get: the most expected tokens (no later turn to lose),
            # as (expected tokens, probability right, suspect, hour)
            plans = guess_options(cards, mask)
            value, chance, suspect, hour = max(plans, key=lambda plan: plan[:2])
            if chance < self.gamble_from:
                return None
            return GuessPlan(suspect, hour, "gamble", tuple(plans))
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

    def _choose_investigate(self, obs, mask: int, legal, deadline: Deadline | None = None) -> Decision:
        cards = self.cards
        options = _investigates(legal)
        if len(options) == 1:
            # one card in hand, or the second card already chosen
            only = options[0]
            why = fact("second_card") if obs.investigate_state == IN_PROGRESS else fact("only_choice")
            value = split_entropy(cards, mask, (only.card, *only.then))
            return Decision(only, self._explanation(obs, mask, "utility", Considered(only, value, (why,))))
        hand = sorted({a.card for a in options})
        size = 1 + len(options[0].then)
        weight = self._pass_weight(obs)
        nxt_mask = self._next_player_mask(obs)
        best, best_value = None, -1e9
        second, second_value = None, -1e9  # the runner-up, for the explanation only
        sizes: dict[tuple[int, ...], list[int]] = {}  # each pair's answer cells, kept for the explanation
        groups = [(c,) for c in hand] if size == 1 else [(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
        for group in groups:
            cells = sizes[group] = split_sizes(cards, mask, group)
            value = entropy(cells)  # split_entropy, its cells kept
            passed = [c for c in hand if c not in group]
            if passed and weight:
                value += weight * max(split_entropy(cards, nxt_mask & ~(1 << c), (c,)) for c in passed)
            if value > best_value + 1e-9:
                if best is not None:
                    second, second_value = best, best_value
                best, best_value = group, value
            elif second is None or value > second_value + 1e-9:
                second, second_value = group, value
            if deadline is not None and deadline.expired():
                break  # the best pair so far
        action = self._ordered(mask, best)
        situation = ()
        if weight and size < len(hand):
            nxt = (obs.seat + 1) % obs.players
            hidden = sum(1 for value in obs.collected[nxt] if value is None)
            situation = (fact("pass_to", to=nxt, helpful=weight > 0, hidden=hidden),)
        chosen = Considered(action, best_value, (_narrows(sizes[best]),))
        runner = None
        if second is not None:
            runner = Considered(self._ordered(mask, second), second_value, (_narrows(sizes[second]),))
        return Decision(action, self._explanation(obs, mask, "utility", chosen, runner, situation))

    def _ordered(self, mask: int, group) -> Investigate:
        """Reveal the more informative card first."""
        order = sorted(group, key=lambda c: -split_entropy(self.cards, mask, (c,)))
        return Investigate(order[0], tuple(order[1:]))

    def choose(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        return self.decide(obs, legal, rng, budget_s).action

    def decide(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S) -> Decision:
        deadline = Deadline(budget_s)
        cards = self.cards
        mask = expert_candidates(obs, cards)
        can_guess = any(isinstance(a, Guess) and not a.paws for a in legal)
        investigates = _investigates(legal)
        final = False
        if can_guess:
            # the last chance: the last round, and either investigated already or nothing to learn
            final = obs.last_round and (obs.investigate_state == DONE or not investigates)
            plan = self._guess_plan(obs, mask, final)
            if plan is not None:
                guess = _guess_of(legal, plan.suspect, plan.hour, False)
                if guess is not None:
                    return Decision(guess, self._explain_guess(obs, mask, guess, plan, final))
        paws = self._paws(obs, mask, legal, own_turn=True)
        if paws is not None:
            return Decision(paws[0], self._explain_paws(obs, mask, paws[0], paws[1]))
        if investigates:
            return self._choose_investigate(obs, mask, legal, deadline)
        for action in legal:
            if isinstance(action, EndTurn):
                return Decision(action, self._explain_end(obs, mask, action, can_guess, final))
        return Decision(legal[0], self._explanation(obs, mask, "points", Considered(legal[0], 0.0,
                                                                                   (fact("only_choice"),))))

    def _paws(self, obs, mask: int, legal, own_turn: bool) -> tuple[Guess, str] | None:
        """(the Paws guess, why: "catch" or "turn_gone"), or None not to call it."""
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
            guess = _guess_of(legal, suspect, hour, True)
            return None if guess is None else (guess, "catch")
        turn_gone = obs.last_round and (obs.turn > obs.seat or (own_turn and obs.guessed))
        if turn_gone and n == 1:
            guess = _guess_of(legal, suspect, hour, True)
            return None if guess is None else (guess, "turn_gone")
        return None

    def interrupt(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        decision = self.decide_interrupt(obs, legal, rng, budget_s)
        return None if decision is None else decision.action

    def decide_interrupt(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S) -> Decision | None:
        # cheap test first: Paws only pays near the catch or after one's last turn
        if obs.paws_used[obs.seat]:
            return None
        if obs.furriarty_at > 1 and not (obs.last_round and obs.turn > obs.seat):
            return None
        mask = expert_candidates(obs, self.cards)
        paws = self._paws(obs, mask, legal, own_turn=False)
        if paws is None:
            return None
        return Decision(paws[0], self._explain_paws(obs, mask, paws[0], paws[1]))

    # the explanations (built from what the decision computed; nothing is searched again) ------------
    def _explanation(self, obs, mask: int, measure: str, best: Considered, runner: Considered | None = None,
                     extra: tuple = ()) -> Explanation:
        situation = []
        if obs.has_investigation[obs.seat]:
            situation.append(fact("possible", secret=True, count=mask.bit_count()))
        situation.append(fact("trail", before=obs.furriarty_at, steps_left=len(obs.trail) - obs.furriarty_at,
                              last_round=obs.last_round))
        return Explanation(obs.seat, measure, best, runner, tuple(situation) + tuple(extra))

    def _guess_facts(self, obs, mask: int, guess: Guess) -> tuple[float, tuple[Fact, ...]]:
        """(expected tokens, the odds and what a right guess takes) for one guess."""
        chance = _odds(mask, self.cards, guess.suspect, guess.hour)
        earned = 2 if guess.suspect is not None and guess.hour is not None else 1
        tokens, catches = tokens_earned(obs, guess.suspect, guess.hour)
        return chance * earned, (_detail_fact("odds", chance, mask, guess.suspect, guess.hour),
                                 fact("takes", tokens=tokens, catches=catches))

    def _certainty(self, mask: int, suspect: int | None, hour: int | None) -> Fact:
        """Why a guess is sure: the only card left, or a detail every candidate shares."""
        n = mask.bit_count()
        if n == 1:
            return fact("known_card", secret=True, card=only_card(mask))
        if hour is None:
            return fact("shared_suspect", secret=True, suspect=suspect, count=n)
        return fact("shared_hour", secret=True, hour=hour, count=n)

    def _explain_guess(self, obs, mask: int, guess: Guess, plan: GuessPlan, final: bool) -> Explanation:
        cards = self.cards
        value, facts = self._guess_facts(obs, mask, guess)
        if final:
            facts = (fact("last_chance"), *facts)
        if plan.why == "gamble":
            chosen = (plan.suspect, plan.hour)
            rest = [p for p in plan.options if (p[2], p[3]) != chosen]
            alternative = max(rest, key=lambda p: p[:2])
            other = Guess(alternative[2], alternative[3])
        else:
            facts = (self._certainty(mask, plan.suspect, plan.hour), *facts)
            if plan.why == "known":
                other = Guess(plan.suspect, None)  # one detail: fewer tokens
            else:
                card = only_card(mask)  # both details, naming one of the cards left: a gamble
                other = Guess(cards.card_suspect[card], cards.card_hour[card])
        other_value, other_facts = self._guess_facts(obs, mask, other)
        runner = Considered(other, other_value, other_facts)  # a plain guess: legal wherever this one is
        return self._explanation(obs, mask, "points", Considered(guess, value, facts), runner)

    def _explain_paws(self, obs, mask: int, guess: Guess, reason: str) -> Explanation:
        value, facts = self._guess_facts(obs, mask, guess)
        certain = self._certainty(mask, guess.suspect, guess.hour)
        facts = (fact("paws_now", reason=reason, cost=self.cards.paws_cost), certain, *facts)
        return self._explanation(obs, mask, "points", Considered(guess, value, facts))

    def _explain_end(self, obs, mask: int, action: Action, can_guess: bool, final: bool) -> Explanation:
        facts: tuple[Fact, ...] = (fact("guessed_already"),) if obs.guessed else ()
        if can_guess and mask:
            _value, chance, suspect, hour = max(guess_options(self.cards, mask), key=lambda plan: plan[:2])
            facts = (_detail_fact("no_sure_guess", chance, mask, suspect, hour),)
            if final:
                facts = (fact("last_chance"), *facts)
        return self._explanation(obs, mask, "points", Considered(action, 0.0, facts))


def _narrows(sizes: list[int]) -> Fact:
    """The ``narrows`` fact of a pair from its answer cells (how many candidates each leaves)."""
    n = sum(sizes)
    expected = sum(s * s for s in sizes) / n if n else 0.0
    return fact("narrows", secret=True, possible=n, expected_left=round(expected, 1),
                worst_left=max(sizes, default=0), bits=round(entropy(sizes), 3))


def _detail_fact(key: str, chance: float, mask: int, suspect: int | None, hour: int | None) -> Fact:
    """``odds`` or ``no_sure_guess``: a guess's chance, with only the details it names."""
    details = {}
    if suspect is not None:
        details["suspect"] = suspect
    if hour is not None:
        details["hour"] = hour
    return fact(key, secret=True, chance=round(chance, 3), count=mask.bit_count(), **details)


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
