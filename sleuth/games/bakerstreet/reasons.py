"""Why the Bakerstreet expert chose its move: the facts its own evaluation rested on.

The expert (``bots.ExpertBot``) weighs each move with numbers it computes anyway: the chance that
the six hand cards reach a bid, the count of a stack as it would go now, and what the letters of a
stack are worth to it. ``Reasons`` (mixed into the bots' ``Brain``) turns those numbers, at the
moment of the decision, into an :class:`~sleuth.ai.explain.Explanation`: the chosen move and the
runner-up with the values the bot gave them, and the facts below. It never searches further: a
fact is read off what the bot already knows (its ``Memory`` of the log, its belief about the
opponent's hand), at most re-counting a pile or two.

Measures: ``utility`` for plays, disputes, stacks and letters (the bot's letter value: what it
expects to gain minus what the opponent gains; only its order means anything, so the table words
it as "clearly better" or "close"), ``win_chance`` for a bid (the chance it stands if disputed).

Fact keys and their values (``secret``: rests on the deciding seat's own hand or on letters only it
has seen, so only that seat's player reads it until the game is over):

=================  ======================================================  ==============
key                values                                                  secret
=================  ======================================================  ==============
``hand_total``     total (int), cards (int): the seat's own hand            yes
``their_hand``     expected (float), cards (int): what the bot expects     no
                   the opponent's hidden hand to total (its belief, read
                   from public cards and the opponent's bids)
``bid_chance``     bid (int), chance (float 0..1): the chance the six      yes
                   hand cards total at least ``bid``
``table_bid``      bid (int): the opponent's bid the move answers          no
``least_bid``      bid (int): the bid is the least the seat may bid        no
``hand_blind``     (none): the bid does not depend on the hand (the        no
                   expert's policy, so the amount tells nothing)
``opening``        public (int): what two average hands total, from the    no
                   cards nobody has seen yet (the opening bid's yardstick)
``expected_total`` total (float): the six-card total the seat expects      yes
                   (the honest bid a runner-up names)
``forced``         bid (int): the bid is the highest possible, so the      no
                   only move is to dispute
``stalled``        rounds (int): rounds in a row without a letter taken,   no
                   so the bot plays cards to change the piles
``bluff``          (none): the move goes against the bot's estimate on     yes
                   purpose (its calibrated bluff)
``only_move``      (none): nothing else was legal                          no
``count``          stack (int), mine (int), theirs (int), stop (bool),     yes for a
                   arrow (bool): counting ``stack`` now (after the         card still
                   considered play) gives the seat ``mine`` and the        in hand,
                   opponent ``theirs`` (x2 applied); ``stop``: a Stop      else no
                   ends it with cards still below it (a Stop at the
                   bottom cuts nothing short); ``arrow``: the next fact
                   in the list counts the next stack clockwise
``before``         stack (int), mine (int), theirs (int), cards (int):     no
                   the stack a card goes beside as it counted before
                   that card (the first stack only, x2 applied), with
                   ``cards`` detective cards beside it
``played``         stack (int), value (int), symbol (str): the card the    no
                   seat played this turn, before the bid it now makes
``saw_letter``     stack (int), letter (str), held (int), first (str),     yes
                   last (str), need (int), runs (int): the best letter
                   the seat saw in that stack would give it ``held`` of
                   the ``need`` letters from ``first`` to ``last``; the
                   letter lies in ``runs`` possible runs of ``need``
``nothing_new``    stack (int): every letter the seat saw there it holds   yes
``unseen_stack``   stack (int), cards (int): the seat has never looked     no
                   through that stack, which holds ``cards`` letters
``empty_stack``    stack (int): no evidence card is left there             no
``letter``         letter (str), held (int), first (str), last (str),      yes
                   need (int), runs (int): taking ``letter`` gives the
                   seat ``held`` of the ``need`` letters from ``first``
                   to ``last`` (``runs`` as for ``saw_letter``)
=================  ======================================================  ==============

Where they appear: the situation holds ``hand_total``, ``their_hand``, ``table_bid`` and
``bid_chance`` (for the bid on the table), ``opening``, ``forced``, ``stalled``, ``bluff``, ``only_move``; a considered
play holds its ``before`` and ``count`` facts, the worth of its stack (``saw_letter``, ``nothing_new``,
``unseen_stack`` or ``empty_stack``) and, against a dispute, ``bid_chance`` for the raise it leads
to; a dispute holds the ``count`` and worth of the stack the bot would evaluate if it won; a
chosen stack its ``count`` facts and worth; a bid ``bid_chance``, ``least_bid``, ``hand_blind``,
``expected_total``; a letter ``letter``. A bid made right after the seat's own card (the second
half of one turn) also holds, in its situation, that card: ``played`` with its ``before`` and
``count`` facts, so the "why?" of the turn says where the card went and why, not only the bid.
"""

from __future__ import annotations

from collections.abc import Sequence

from sleuth.ai.explain import Considered, Explanation, Fact, fact
from sleuth.core.values import Action
from sleuth.games.bakerstreet.rules import Dispute, Drew, Play, Played, Reshuffled

#: How many stacks of an Arrow chain the facts follow (a longer chain is rare and says no more).
CHAIN_FACTS = 3


def count_stack(pile: list) -> tuple[list[int], bool, bool]:
    """One stack counted as the rules count it: ((owner, value, symbol) cards, bottom first) from
    the top down until a Stop, an x2 doubling its owner's side once. The counted cards are taken
    off ``pile`` (an Arrow chain that comes round again counts what lies under the Stop). Returns
    (each side's total, whether an Arrow was counted, whether a Stop cut the count short: ended it
    with cards still below it; a Stop at the bottom of its pile cuts nothing short)."""
    totals = [0, 0]
    doubled = [False, False]
    arrow = stop = False
    while pile:
        owner, value, symbol = pile.pop()
        totals[owner] += value
        if symbol == "double":
            doubled[owner] = True
        elif symbol == "arrow":
            arrow = True
        elif symbol == "stop":
            stop = bool(pile)
            break
    return [t * 2 if d else t for t, d in zip(totals, doubled, strict=True)], arrow, stop


def count_chain(piles, start: int, me: int, limit: int = CHAIN_FACTS) -> list[tuple[int, int, int, bool, bool]]:
    """(stack, mine, theirs, stop, arrow) for each stack counted from ``start`` on, as the rules
    count them: from the top until a Stop, x2 doubling a side once, an Arrow going on clockwise."""
    piles = [list(p) for p in piles]
    stack = start
    out = []
    for _ in range(limit):
        final, arrow, stop = count_stack(piles[stack])
        out.append((stack, final[me], final[1 - me], stop, arrow))
        if not arrow:
            break
        stack = (stack + 1) % len(piles)
    return out


def letter_window(mask: int, index: int, letters: int, run: int) -> tuple[int, int, int]:
    """(letters held, first index) of the best ``run``-letter window through ``index`` in ``mask``,
    and how many such windows there are (a letter near either end lies in fewer possible runs)."""
    best = (-1, 0)
    window = (1 << run) - 1
    starts = range(max(0, index - run + 1), min(index, letters - run) + 1)
    for start in starts:
        held = (mask >> start & window).bit_count()
        if held > best[0]:
            best = (held, start)
    return best[0], best[1], len(starts)


class Reasons:
    """The facts of the expert's evaluation; mixed into ``bots.Brain`` (uses its memory and values)."""

    # -- facts ---------------------------------------------------------------------------------
    def letter_facts(self, obs, mask: int, letter: str, key: str = "letter", stack: int | None = None) -> Fact:
        names = self._names(obs)
        index = names.index(letter)
        held, start, runs = letter_window(mask | 1 << index, index, len(names), obs.run_to_win)
        span = dict(letter=letter, held=held, first=names[start], last=names[start + obs.run_to_win - 1],
                    need=obs.run_to_win, runs=runs)
        if stack is not None:
            return fact(key, secret=True, stack=stack, **span)
        return fact(key, secret=True, **span)

    def worth_facts(self, obs, stack: int) -> tuple[Fact, ...]:
        """What the seat knows of the letters in ``stack`` (the value ``stack_gain`` gave it)."""
        if obs.evidence_sizes[stack] == 0:
            return (fact("empty_stack", stack=stack),)
        known = self.memory.known[stack]
        if known is None:
            return (fact("unseen_stack", stack=stack, cards=obs.evidence_sizes[stack]),)
        names = self._names(obs)
        mask = self._mask(obs, obs.letters)
        gains = [(self.letter_values.gain(mask, names.index(x), len(names), obs.run_to_win), x)
                 for x in known if x in names]
        best = max(gains, default=(0.0, ""))
        if best[0] <= 0:
            return (fact("nothing_new", secret=True, stack=stack),)
        return (self.letter_facts(obs, mask, best[1], "saw_letter", stack),)

    def count_facts(self, obs, piles, stack: int, secret: bool = False) -> tuple[Fact, ...]:
        return tuple(fact("count", secret=secret, stack=s, mine=mine, theirs=theirs, stop=stop, arrow=arrow)
                     for s, mine, theirs, stop, arrow in count_chain(piles, stack, obs.seat))

    def before_fact(self, obs, piles, stack: int) -> Fact:
        """How ``stack`` counts on ``piles`` (before a card goes beside it) and how many cards lie there."""
        final, _, _ = count_stack(list(piles[stack]))
        me = obs.seat
        return fact("before", stack=stack, mine=final[me], theirs=final[1 - me], cards=len(piles[stack]))

    def play_facts(self, obs, play: Play, secret: bool) -> tuple[Fact, ...]:
        """The stack ``play`` goes beside as it counts now and with the card on top, and what it holds."""
        piles = self.memory.piles
        trial = [list(p) for p in piles]
        trial[play.stack].append((obs.seat, play.value, play.symbol))
        return ((self.before_fact(obs, piles, play.stack),) + self.count_facts(obs, trial, play.stack, secret)
                + self.worth_facts(obs, play.stack))

    def played_facts(self, obs) -> tuple[Fact, ...]:
        """The card the seat played this turn, before the bid it is about to make (none when the
        turn had no card: an empty hand bids without one): where it went, how that stack counted
        before it and how it counts with it on top. All public: the card lies face up."""
        played = None
        for event in reversed(obs.log):
            if isinstance(event, Played):
                played = event
                break
            if not isinstance(event, Drew | Reshuffled):
                break  # the turn began with the bid: nothing was played
        if played is None or played.seat != obs.seat:
            return ()
        after = self.memory.piles
        before = [list(p) for p in after]
        before[played.stack].pop()
        return ((fact("played", stack=played.stack, value=played.value, symbol=played.symbol),
                 self.before_fact(obs, before, played.stack)) + self.count_facts(obs, after, played.stack))

    def hand_facts(self, obs, belief: Sequence[float]) -> tuple[Fact, ...]:
        """The seat's own hand and what it expects the opponent's to total."""
        other = obs.hand_sizes[1 - obs.seat]
        return (fact("hand_total", secret=True, total=sum(v for v, _ in obs.hand), cards=len(obs.hand)),
                fact("their_hand", expected=round(sum(s * p for s, p in enumerate(belief)), 2), cards=other))

    def bid_facts(self, obs, weighing) -> tuple[Fact, ...]:
        """The hands, the bid on the table and its chance, and whether the move is a bluff."""
        w = weighing
        facts = self.hand_facts(obs, w.belief) + (
            fact("table_bid", bid=w.bid), fact("bid_chance", secret=True, bid=w.bid, chance=_chance(w.chance)))
        return facts + ((fact("bluff", secret=True),) if w.bluffed else ())

    # -- explanations by phase -------------------------------------------------------------------
    def explain_take(self, obs, ranked: list[tuple[float, Action]]) -> Explanation:
        """``ranked``: (gain, Take) for each letter, the chosen one first."""
        mask = self._mask(obs, obs.letters)
        options = [Considered(a, round(v, 3), (self.letter_facts(obs, mask, a.letter),)) for v, a in ranked[:2]]
        return _explanation(obs.seat, "utility", options, self._only(ranked))

    def explain_choose(self, obs, ranked: list[tuple[float, Action]]) -> Explanation:
        """``ranked``: (chain value, Choose) for the best and the runner-up stack."""
        options = [Considered(a, round(v, 3), self.count_facts(obs, self.memory.piles, a.stack)
                              + self.worth_facts(obs, a.stack)) for v, a in ranked[:2]]
        return _explanation(obs.seat, "utility", options, self._only(ranked))

    def explain_plays(self, obs, ranked: list[tuple[float, Play]], situation: tuple[Fact, ...] = ()) -> Explanation:
        """Card play without a dispute in question: the best play and the runner-up."""
        best = ranked[0][1]
        options = [Considered(a, round(v, 3), self.play_facts(obs, a, secret=not _same_card(a, best)))
                   for v, a in ranked[:2]]
        return _explanation(obs.seat, "utility", options, situation + self._only(ranked))

    def explain_dispute(self, obs, weighing, chosen: Action) -> Explanation:
        """Dispute against playing on, with the values ``_dispute_by_value`` gave them."""
        w = weighing
        situation = self.bid_facts(obs, w)
        won = self.count_facts(obs, self.memory.piles, w.stack_if_won) + self.worth_facts(obs, w.stack_if_won)
        dispute = Considered(Dispute(), round(w.dispute_value, 3), won)
        play = chosen if isinstance(chosen, Play) else w.raise_play
        raise_facts = self.play_facts(obs, play, secret=not isinstance(chosen, Play)) + (
            fact("bid_chance", secret=True, bid=w.bid + 1, chance=_chance(w.chance_next)),)
        play_on = Considered(play, round(w.raise_value, 3), raise_facts)
        options = [dispute, play_on] if isinstance(chosen, Dispute) else [play_on, dispute]
        return _explanation(obs.seat, "utility", options, situation)

    def explain_by_chance(self, obs, weighing, chosen: Action, bid: Action | None) -> Explanation:
        """Dispute or bid with an empty hand: by the chance that the bid stands (``threshold``)."""
        w = weighing
        situation = self.bid_facts(obs, w)
        dispute = Considered(Dispute(), _chance(1 - w.chance))
        options = [dispute]
        if bid is not None:
            bid_side = Considered(bid, _chance(w.chance_next),
                                  (fact("bid_chance", secret=True, bid=bid.amount, chance=_chance(w.chance_next)),))
            options = [dispute, bid_side] if isinstance(chosen, Dispute) else [bid_side, dispute]
        return _explanation(obs.seat, "win_chance", options, situation)

    def explain_bid(self, obs, legal, chosen) -> Explanation:
        """A bid against the honest one (the total the seat expects), by the chance each stands."""
        bids = [a for a in legal if a.KIND == "bid"]
        belief = self.opp_sum_belief(obs)
        expected = sum(v for v, _ in obs.hand) + sum(s * p for s, p in enumerate(belief))
        situation = self.played_facts(obs) + self.hand_facts(obs, belief)
        if not obs.bids:
            mem = self.memory
            public = (_mean_of(mem.unseen_counts(0)) * obs.hand_sizes[0]
                      + _mean_of(mem.unseen_counts(1)) * obs.hand_sizes[1])
            situation += (fact("opening", public=int(public)),)

        def considered(bid, *extra: Fact) -> Considered:
            chance = _chance(self.reach_probability(obs, bid.amount, belief))
            facts = (fact("bid_chance", secret=True, bid=bid.amount, chance=chance),) + extra
            if bid.amount == bids[0].amount and obs.bids:
                facts += (fact("least_bid", bid=bid.amount),)
            return Considered(bid, chance, facts)

        best = considered(chosen, *((fact("hand_blind"),) if self.bid_hides_hand() else ()))
        honest = bids[min(max(0, round(expected) - bids[0].amount), len(bids) - 1)]
        if honest == chosen:
            honest = next((b for b in bids if b.amount > chosen.amount), None)
            runner = considered(honest) if honest is not None else None
        else:
            runner = considered(honest, fact("expected_total", secret=True, total=round(expected, 2)))
        return _explanation(obs.seat, "win_chance", [best] + ([runner] if runner else []),
                            situation + (() if runner else (fact("only_move"),)))

    def explain_only(self, obs, action: Action, *situation: Fact) -> Explanation:
        return Explanation(obs.seat, "utility", Considered(action, 0.0), None, situation + (fact("only_move"),))

    @staticmethod
    def _only(ranked) -> tuple[Fact, ...]:
        return (fact("only_move"),) if len(ranked) == 1 else ()


def _explanation(seat: int, measure: str, options: list[Considered], situation: tuple[Fact, ...]) -> Explanation:
    return Explanation(seat, measure, options[0], options[1] if len(options) > 1 else None, situation)


def _same_card(a: Play, b: Play) -> bool:
    return (a.value, a.symbol) == (b.value, b.symbol)


def _chance(p: float) -> float:
    """A probability as a fact quotes it: within 0..1 (sums of floats can stray) and rounded."""
    return round(min(1.0, max(0.0, p)), 3)


def _mean_of(counts: Sequence[int]) -> float:
    n = sum(counts)
    return sum(v * c for v, c in enumerate(counts)) / n if n else 0.0
