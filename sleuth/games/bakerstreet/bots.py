"""Bakerstreet bots: ``basic`` (honest, readable), ``expert`` (belief + expected value + calibrated
bluffing) and ``exploiter`` (a best response to the expert's bidding, to check its bluffing).

Every bot decides from its observation alone. Covered detective cards are not in the observation,
but the seat saw each one played, so ``Memory`` replays the seat's own event log: it knows every
pile from top to bottom, which of the opponent's cards are public (on piles or on the used pile
since its last reshuffle), the letters of every evidence stack the seat has looked through, and
(by comparing what it saw at two looks) which letters the opponent took from those stacks.

The opponent's hand is then a uniform draw of ``hand_size`` cards from their unseen cards (both
decks are known: 5 of each value), reweighted by what their last bid says about it.

What a bid signals: a bid that is a function of the hand (``basic`` bids its expected total) gives
the hand away, and an opponent who inverts it knows the six-card total almost exactly. So the
expert opens with a bid that ignores its hand, raises by the minimum, and decides raise-or-dispute
by expected value: the chance that the total falls short of the bid times what choosing the stack
is worth to each side, against playing its best card first and raising; it keeps raising with a
weak hand at a small,
calibrated rate (and now and then disputes a bid it believes), so that "it did not dispute" is
never proof of a strong hand. It reads the opponent's free bids (openings and jumps) as "expected
total plus a bias", learning the bias and its spread from every dispute that shows the bidder's
hand: an honest bidder (``basic``) gives its hand away, a liar's jumps are discounted.

Two bots exist only to measure the expert: ``exploiter`` assumes the expert never bluffs and reads
each raise as proof; ``deceiver`` jumps high with weak hands to feed the expert's reading of jumps.
``sleuth match bakerstreet --seats expert,exploiter`` (or ``expert,deceiver``) measures them.

Every decision is well under a millisecond, but the loops over candidate plays still look at the
clock (``sleuth.ai.deadline``) and answer with the best so far when the budget is spent. The
letter values are memoised per bot (``LetterValues``), never in the module.

The expert explains itself: ``decide`` returns the move with the facts its evaluation rested on
(``reasons.py`` lists them), and ``choose`` is ``decide(...).action``, so both paths share one
evaluation and the same use of the generator.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sleuth.ai.bot import DEFAULT_BUDGET_S, Bot
from sleuth.ai.deadline import Deadline, Memo
from sleuth.ai.explain import Decision, fact
from sleuth.games.bakerstreet.reasons import Reasons, count_stack
from sleuth.games.bakerstreet.rules import (
    BID,
    CHOOSE,
    TAKE,
    TURN,
    Bid,
    BidMade,
    Dealt,
    Dispute,
    Disputed,
    Evaluated,
    Looked,
    Play,
    Played,
    Reshuffled,
    RoundStarted,
    Took,
)

#: Potential of a 7-letter window by how many of its letters are held (7 wins).
WINDOW_WEIGHT = (0.0, 1.0, 3.0, 9.0, 27.0, 81.0, 243.0, 5000.0)


def _potential(mask: int, letters: int, run: int) -> float:
    total = 0.0
    window = (1 << run) - 1
    for start in range(letters - run + 1):
        total += WINDOW_WEIGHT[min(7, (mask >> start & window).bit_count() * 7 // run)]
    return total


def letter_gain(mask: int, index: int, letters: int = 20, run: int = 7) -> float:
    """How much holding letter ``index`` improves a hand of letters (0 if already held)."""
    if mask >> index & 1:
        return 0.0
    return _potential(mask | 1 << index, letters, run) - _potential(mask, letters, run)


#: Entries of a bot's memo of hand potentials (measured: at most 166 letter masks in a game, 30 games).
POTENTIAL_MEMO = 4096
#: Entries of a bot's memo of hand-total distributions (one per unseen-cards count vector and hand size).
SUMS_MEMO = 512


class LetterValues:
    """``letter_gain`` with one bot's bounded memo of hand potentials."""

    __slots__ = ("memo",)

    def __init__(self, limit: int | None = None) -> None:
        self.memo = Memo(POTENTIAL_MEMO if limit is None else limit)

    def potential(self, mask: int, letters: int, run: int) -> float:
        key = (mask, letters, run)
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo.put(key, _potential(mask, letters, run))
        return hit

    def gain(self, mask: int, index: int, letters: int = 20, run: int = 7) -> float:
        if mask >> index & 1:
            return 0.0
        return self.potential(mask | 1 << index, letters, run) - self.potential(mask, letters, run)


def sum_distribution(counts: Sequence[int], k: int) -> list[float]:
    """Probabilities of each total of ``k`` cards drawn without replacement (counts per value)."""
    total = sum(counts)
    if k <= 0 or total == 0:
        return [1.0]
    k = min(k, total)
    # ways[j][s]: ways to pick j cards with values summing to s
    ways = [[0] * ((len(counts) - 1) * k + 1) for _ in range(k + 1)]
    ways[0][0] = 1
    for value, count in enumerate(counts):
        if not count:
            continue
        new = [row[:] for row in ways]
        for j in range(k + 1):
            for s, w in enumerate(ways[j]):
                if not w:
                    continue
                for take in range(1, min(count, k - j) + 1):
                    t = s + take * value
                    if t < len(new[j + take]):
                        new[j + take][t] += w * math.comb(count, take)
        ways = new
    row = ways[k]
    norm = math.comb(total, k)
    return [w / norm for w in row]


class Memory:
    """Everything a seat has seen, replayed from its own event log (incrementally)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.done = 0
        self.stacks = 5
        self.piles: list[list[tuple[int, int, str]]] = [[] for _ in range(5)]
        #: Cards of each seat that are public and not hidden again by a reshuffle (used pile).
        self.used: list[list[tuple[int, str]]] = [[], []]
        #: Letters of each stack as last seen (None: never looked through).
        self.known: list[list[str] | None] = [None] * 5
        self.opp_took_since: list[int] = [0] * 5
        self.opp_letters: set[str] = set()
        self.round_bids: list[int] = []
        #: Rounds in a row in which nobody took a letter (a stalemate to break by playing cards).
        self.quiet_rounds = 0
        self.took_this_round = False
        #: Opponent's free bids minus their honest expected total, learned at each dispute.
        self.residuals: list[float] = []
        self.last_dispute: Disputed | None = None

    def start(self, obs) -> None:
        counts = [0] * (max(v for v, _ in obs.deck) + 1)
        for value, _ in obs.deck:
            counts[value] += 1
        self.deck_counts = counts

    def update(self, log) -> None:
        me = self.seat
        for event in log[self.done:]:
            if isinstance(event, Played):
                self.piles[event.stack].append((event.seat, event.value, event.symbol))
            elif isinstance(event, Evaluated):
                pile = self.piles[event.stack]
                del pile[len(pile) - len(event.cards):]
                for owner, value, symbol in event.cards:
                    self.used[owner].append((value, symbol))
            elif isinstance(event, BidMade):
                self.round_bids.append(event.amount)
            elif isinstance(event, RoundStarted):
                self.round_bids = []
                self.quiet_rounds = 0 if self.took_this_round or event.round == 1 else self.quiet_rounds + 1
                self.took_this_round = False
            elif isinstance(event, Disputed):
                bids = self.round_bids
                if event.bidder != me and (len(bids) == 1 or bids[-1] > bids[-2] + 1):
                    # how far the opponent's free bid (an opening or a jump) sat from its honest
                    # expected total, now that its hand is shown
                    theirs = sum(v for v, _ in event.hands[1 - me])
                    mine_view = _mean(self.unseen_counts(me)) * len(event.hands[me])
                    self.residuals.append(event.bid - theirs - mine_view)
                for seat, hand in enumerate(event.hands):
                    self.used[seat].extend(hand)
                self.last_dispute = event
            elif isinstance(event, Reshuffled):
                self.used[event.seat] = []
            elif isinstance(event, Looked) and event.seat == me and event.letters is not None:
                before = self.known[event.stack]
                now = list(event.letters)
                if before is not None and self.opp_took_since[event.stack]:
                    missing = list(before)
                    for letter in now:
                        if letter in missing:
                            missing.remove(letter)
                    self.opp_letters.update(missing)
                self.known[event.stack] = now
                self.opp_took_since[event.stack] = 0
            elif isinstance(event, Took) and event.taken:
                self.took_this_round = True
                if event.seat == me:
                    known = self.known[event.stack]
                    if known is not None and event.letter in known:
                        known.remove(event.letter)
                else:
                    self.opp_took_since[event.stack] += 1
            elif isinstance(event, Dealt):
                self.stacks = len(event.sizes)
                self.piles = [[] for _ in range(self.stacks)]
                self.known = [None] * self.stacks
                self.opp_took_since = [0] * self.stacks
        self.done = len(log)

    def unseen_counts(self, seat: int, hand: Sequence[tuple[int, str]] = ()) -> list[int]:
        """Value counts of ``seat``'s cards that are neither public nor in ``hand``."""
        counts = list(self.deck_counts)
        for pile in self.piles:
            for owner, value, _ in pile:
                if owner == seat:
                    counts[value] -= 1
        for value, _ in self.used[seat]:
            counts[value] -= 1
        for value, _ in hand:
            counts[value] -= 1
        return counts


def _mean(counts: Sequence[int]) -> float:
    n = sum(counts)
    return sum(v * c for v, c in enumerate(counts)) / n if n else 0.0


@dataclass
class Weighing:
    """Dispute or play on: what ``_wants_dispute`` computed and what it decided (for the reasons).

    ``chance``/``chance_next``: P(six-card total >= the bid / the bid + 1); ``dispute_value`` and
    ``raise_value``: the letter values of disputing and of playing ``raise_play`` then raising;
    ``stack_if_won``: the stack the bot would evaluate after winning the dispute; ``bluffed``: the
    decision went against the estimate on purpose. Only ``forced`` is set when the bid is 30.
    """

    dispute: bool
    bid: int
    forced: bool = False
    belief: list[float] | None = None
    chance: float = 0.0
    chance_next: float = 0.0
    dispute_value: float = 0.0
    raise_value: float = 0.0
    stack_if_won: int = 0
    raise_play: Play | None = None
    bluffed: bool = False


class Brain(Reasons, Bot):
    """Shared machinery; the bots below differ in their parameters and bidding policy."""

    kind = "brain"
    honest = True  # bids its expected total (basic); the expert hides its hand instead
    threshold = 0.45  # dispute when P(total >= bid) is below this
    bluff = 0.0  # chance of raising anyway with a hand that says dispute
    infer = "none"  # how to read the opponent's bids: none, soft (expert) or exact (exploiter)
    lookahead = False  # plays cards by simulating the evaluation (expert)
    ev_dispute = False  # weighs the dispute against playing on by the values at stake
    explains = False  # decide() returns the reasons with the move (expert)

    def __init__(self) -> None:
        self.memory: Memory | None = None
        self.letter_values = LetterValues()
        self.sums = Memo(SUMS_MEMO)
        self.deadline = Deadline.never()

    def sum_distribution(self, counts: Sequence[int], k: int) -> list[float]:
        """``sum_distribution`` from this bot's memo (the same counts recur within a round and across
        the bid that follows a play; callers only read the list)."""
        key = (tuple(counts), k)
        hit = self.sums.get(key)
        if hit is None:
            hit = self.sums.put(key, sum_distribution(counts, k))
        return hit

    # -- entry point ---------------------------------------------------------------------------
    def choose(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        return self.decide(obs, legal, rng, budget_s).action

    def decide(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S) -> Decision:
        """The move and, for an explaining bot, why (from this one evaluation)."""
        self.deadline = Deadline(budget_s)
        try:
            return self._decide(obs, legal, rng)
        finally:
            self.deadline = Deadline.never()

    def _decide(self, obs, legal, rng) -> Decision:
        if self.memory is None or self.memory.seat != obs.seat or len(obs.log) < self.memory.done:
            self.memory = Memory(obs.seat)
            self.memory.start(obs)
        self.memory.update(obs.log)
        if obs.phase == TAKE:
            return self._take(obs, legal)
        if obs.phase == CHOOSE:
            return self._choose(obs, legal)
        if obs.phase == BID:
            return self._bid_decision(obs, legal, rng)
        if obs.phase == TURN:
            dispute = next((a for a in legal if isinstance(a, Dispute)), None)
            plays = [a for a in legal if isinstance(a, Play)]
            # after two rounds in a row without a letter taken, winning a dispute evidently leads
            # nowhere: play cards to change the piles instead (until a bid of 30 forces a dispute)
            stalled = self.memory.quiet_rounds >= 2 and plays
            weighing = None
            if dispute is not None and not stalled:
                weighing = self._wants_dispute(obs, rng, plays)
            if weighing is not None and weighing.dispute:
                least = next((a for a in legal if isinstance(a, Bid)), None)  # an empty hand may bid instead
                return Decision(dispute, self._turn_reasons(obs, dispute, weighing, [], least=least))
            if plays:
                ranked = self._play(obs, plays, rng)
                action = ranked[0][1]
                situation = (fact("stalled", rounds=self.memory.quiet_rounds),) if stalled and dispute else ()
                return Decision(action, self._turn_reasons(obs, action, weighing, ranked, situation))
            bids = [a for a in legal if isinstance(a, Bid)]
            if bids:
                action = self._bid(obs, legal, rng)
                if weighing is not None and self.explains:
                    return Decision(action, self.explain_by_chance(obs, weighing, action, action))
                return self._bid_decision(obs, legal, rng, action)
        return Decision(legal[0], self.explain_only(obs, legal[0]) if self.explains else None)

    def _turn_reasons(self, obs, action, weighing, ranked, situation=(), least=None):
        """Why this dispute or play (None for a bot that does not explain); ``least``: the least bid,
        the alternative to a dispute when the hand is empty."""
        if not self.explains:
            return None
        if weighing is not None and weighing.forced:
            return self.explain_only(obs, action, fact("forced", bid=weighing.bid))
        if weighing is not None and weighing.belief is not None:
            if weighing.raise_play is None:  # an empty hand: decided by the chance alone
                return self.explain_by_chance(obs, weighing, action, least)
            return self.explain_dispute(obs, weighing, action)
        return self.explain_plays(obs, ranked, situation)

    # -- beliefs -------------------------------------------------------------------------------
    def opp_sum_belief(self, obs) -> list[float]:
        me = obs.seat
        mem = self.memory
        counts = mem.unseen_counts(1 - me)
        dist = self.sum_distribution(counts, obs.hand_sizes[1 - me])
        if self.infer == "none" or not obs.bids or obs.bids[-1][0] == me:
            return dist
        # what the opponent believes about my hand: my cards they have not seen
        mine = mem.unseen_counts(me)
        their_view = self.sum_distribution(mine, obs.hand_sizes[me])
        bid = obs.bids[-1][1]
        res = mem.residuals
        bias = sum(res) / (len(res) + 2)
        spread = (2 * 4.0 + sum((r - bias) ** 2 for r in res)) / (len(res) + 2)
        weights = []
        for s_o, p in enumerate(dist):
            if not p:
                weights.append(0.0)
                continue
            # the opponent's chance that the total reaches its own bid
            reach = sum(q for s_m, q in enumerate(their_view) if s_m + s_o >= bid)
            if self.infer == "exact":
                like = 1.0 if reach >= ExpertBot.threshold else 0.02
            else:
                like = 0.15 + 0.85 / (1.0 + math.exp(-(reach - 0.45) * 8))
                if len(obs.bids) >= 2 and bid > obs.bids[-2][1] + 1 or len(obs.bids) == 1:
                    # a jump (or an opening) sits near the bidder's expected total plus the bias
                    # this opponent showed so far; a bidder whose free bids have been all over
                    # the place (a wide spread) tells little
                    expect = s_o + sum(s * q for s, q in enumerate(their_view)) + bias
                    like *= 0.2 + math.exp(-((bid - expect) ** 2) / (2 * spread))
            weights.append(p * like)
        norm = sum(weights)
        return [w / norm for w in weights] if norm > 0 else dist

    def reach_probability(self, obs, bid: int, belief=None) -> float:
        """P(six-card total >= bid) under this bot's belief."""
        mine = sum(v for v, _ in obs.hand)
        belief = belief if belief is not None else self.opp_sum_belief(obs)
        return sum(p for s, p in enumerate(belief) if mine + s >= bid)

    def expected_total(self, obs) -> float:
        mine = sum(v for v, _ in obs.hand)
        belief = self.opp_sum_belief(obs)
        return mine + sum(s * p for s, p in enumerate(belief))

    # -- dispute or raise ----------------------------------------------------------------------
    def _wants_dispute(self, obs, rng, plays=()) -> Weighing:
        bid = obs.bids[-1][1]
        if bid >= obs.max_bid:
            return Weighing(True, bid, forced=True)
        belief = self.opp_sum_belief(obs)
        p = self.reach_probability(obs, bid, belief)
        p_next = self.reach_probability(obs, bid + 1, belief)
        weighing = Weighing(False, bid, belief=belief, chance=p, chance_next=p_next)
        if self.ev_dispute and plays:
            weighing.dispute = self._dispute_by_value(obs, rng, plays, weighing)
            return weighing
        sensible = p < self.threshold
        if sensible:
            weighing.dispute = not (self.bluff and rng.random() < self.bluff * (p / self.threshold))
        else:
            weighing.dispute = bool(self.bluff) and rng.random() < self.bluff * 0.3 * max(
                0.0, 1 - (p - self.threshold) * 4)
        weighing.bluffed = weighing.dispute != sensible
        return weighing

    def _dispute_by_value(self, obs, rng, plays, weighing: Weighing) -> bool:
        """Dispute now, or play the best card and raise by one?

        Disputing wins with P(total < bid): then I choose the stack (value ``mine_first``),
        otherwise the opponent does (``theirs_first``). Raising means playing my best card first
        (the piles change) and then, roughly, winning the round's dispute with P(total >= bid + 1).
        ``weighing`` brings the chances and takes the values and the stacks (for the reasons).
        """
        p, p_next = weighing.chance, weighing.chance_next
        mine, theirs = self.gains(obs)
        piles = self.memory.piles
        mine_first, theirs_first, weighing.stack_if_won = self.position_value(obs, piles, mine, theirs)
        best_after = None
        for action in plays:
            trial = [list(pile) for pile in piles]
            trial[action.stack].append((obs.seat, action.value, action.symbol))
            if_me, if_them, _ = self.position_value(obs, trial, mine, theirs)
            score = 0.5 * (if_me + if_them) - 0.01 * action.value
            if best_after is None or score > best_after[0]:
                best_after = (score, if_me, if_them, action)
            if self.deadline.expired():
                break  # the best play so far stands for "playing on"
        _, mine_after, theirs_after, weighing.raise_play = best_after
        dispute_value = weighing.dispute_value = (1 - p) * mine_first + p * theirs_first
        raise_value = weighing.raise_value = p_next * mine_after + (1 - p_next) * theirs_after
        if dispute_value > raise_value:
            decided = not (self.bluff and rng.random() < self.bluff * min(1.0, 2 * p))
        else:
            decided = bool(self.bluff) and rng.random() < self.bluff * 0.3 * max(0.0, 1 - (p - 0.5) * 4)
        # a bluff goes against the estimate; between two equal values the roll only breaks a tie
        weighing.bluffed = decided != (dispute_value > raise_value) and abs(dispute_value - raise_value) > 1e-9
        return decided

    def _bid_decision(self, obs, legal, rng, action=None) -> Decision:
        """The bid (``action`` when already made by ``_bid``) and, for the expert, why."""
        if action is None:
            action = self._bid(obs, legal, rng)
        return Decision(action, self.explain_bid(obs, legal, action) if self.explains else None)

    def bid_hides_hand(self) -> bool:
        """Whether this bot's bids ignore its hand (the expert's), so the amount tells nothing."""
        return not self.honest

    def _bid(self, obs, legal, rng):
        bids = [a for a in legal if isinstance(a, Bid)]
        low = bids[0].amount
        if self.honest:
            target = round(self.expected_total(obs))
            return bids[min(max(0, target - low), len(bids) - 1)]
        if obs.bids:
            return bids[0]  # raise by the minimum: the amount tells nothing
        # opening: a bid that ignores the hand (a bit below the public expectation)
        mem = self.memory
        public = (_mean(mem.unseen_counts(0)) * obs.hand_sizes[0] + _mean(mem.unseen_counts(1)) * obs.hand_sizes[1])
        target = int(public) - 3 + rng.randrange(3)
        return bids[min(max(0, target - low), len(bids) - 1)]

    # -- letters -------------------------------------------------------------------------------
    def _mask(self, obs, letters) -> int:
        names = self._names(obs)
        mask = 0
        for letter in letters:
            if letter in names:
                mask |= 1 << names.index(letter)
        return mask

    @staticmethod
    def _names(obs) -> list[str]:
        return list(obs.alphabet)

    def _take(self, obs, legal) -> Decision:
        mask = self._mask(obs, obs.letters)
        names = self._names(obs)
        gains = {a: self.letter_values.gain(mask, names.index(a.letter), len(names), obs.run_to_win) for a in legal}
        ranked = sorted(((gains[a], a) for a in legal), key=lambda item: (item[0], item[1].letter), reverse=True)
        best = ranked[0][1]
        return Decision(best, self.explain_take(obs, ranked) if self.explains else None)

    def stack_gain(self, obs, stack: int, mask: int) -> float:
        """What winning an evaluation of ``stack`` is worth in letters (expected when unseen)."""
        names = self._names(obs)
        known = self.memory.known[stack]
        if obs.evidence_sizes[stack] == 0:
            return 0.0
        if known is not None:
            gains = [self.letter_values.gain(mask, names.index(x), len(names), obs.run_to_win) for x in known if x in names]
            return max(gains, default=0.0)
        gains = sorted((self.letter_values.gain(mask, i, len(names), obs.run_to_win) for i in range(len(names))), reverse=True)
        # the best of several random letters: about the top quarter of what is still missing
        pick = max(0, min(len(gains) - 1, len(gains) // max(1, obs.evidence_sizes[stack]) - 1))
        return gains[pick]

    # -- evaluation lookahead ------------------------------------------------------------------
    def chain_value(self, obs, piles, start: int, chooser: int, mine: list[float], theirs: list[float]) -> float:
        """My gain minus the opponent's from evaluating ``start`` (and any Arrow chain)."""
        me = obs.seat
        piles = [list(p) for p in piles]
        stack = start
        value = 0.0
        taken_me = set()
        for _ in range(12):
            final, arrow, _ = count_stack(piles[stack])
            winner = chooser if final[chooser] >= final[1 - chooser] else 1 - chooser
            if winner == me:
                value += mine[stack] * (0.6 if stack in taken_me else 1.0)
                taken_me.add(stack)
            else:
                value -= theirs[stack]
            if not arrow:
                break
            stack = (stack + 1) % len(piles)
        return value

    def position_value(self, obs, piles, mine, theirs) -> tuple[float, float, int]:
        """(value if I choose the stack, value if the opponent does, my best stack)."""
        me = obs.seat
        n = len(piles)
        mine_choice = [self.chain_value(obs, piles, s, me, mine, theirs) for s in range(n)]
        their_choice = [self.chain_value(obs, piles, s, 1 - me, mine, theirs) for s in range(n)]
        best = max(range(n), key=lambda s: (mine_choice[s], -s))
        return mine_choice[best], min(their_choice), best

    def gains(self, obs) -> tuple[list[float], list[float]]:
        mask = self._mask(obs, obs.letters)
        n = len(obs.evidence_sizes)
        mine = [self.stack_gain(obs, s, mask) for s in range(n)]
        opp_mask = self._mask(obs, sorted(self.memory.opp_letters))
        count = obs.letter_counts[1 - obs.seat]
        # the opponent's letters are mostly unknown: value their wins like a typical gain at their count
        generic = 3.0 * (1.6 ** count)
        theirs = []
        for s in range(n):
            if obs.evidence_sizes[s] == 0:
                theirs.append(0.0)
                continue
            known = self.memory.known[s]
            if known is not None and opp_mask:
                names = self._names(obs)
                best = max((self.letter_values.gain(opp_mask, names.index(x), len(names), obs.run_to_win) for x in known if x in names), default=0.0)
                theirs.append(max(best, generic * 0.5))
            else:
                theirs.append(generic)
        return mine, theirs

    def _choose(self, obs, legal) -> Decision:
        mine, theirs = self.gains(obs)
        piles = self.memory.piles
        values = [self.chain_value(obs, piles, a.stack, obs.seat, mine, theirs) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: (values[i], -i), reverse=True)
        best = legal[order[0]]
        if not self.explains:
            return Decision(best)
        return Decision(best, self.explain_choose(obs, [(values[i], legal[i]) for i in order[:2]]))

    # -- playing a card ------------------------------------------------------------------------
    def _play(self, obs, plays, rng) -> list[tuple[float, Play]]:
        """(value, play): the chosen play first, then the runner-up (the values the lookahead gave;
        the simple bot's single pick has none)."""
        if not self.lookahead:
            return [(0.0, self._play_simple(obs, plays))]
        mine, theirs = self.gains(obs)
        piles = self.memory.piles
        p_win = 0.5
        best, best_value = plays[0], -1e18
        weighed = []
        for action in plays:
            trial = [list(p) for p in piles]
            trial[action.stack].append((obs.seat, action.value, action.symbol))
            if_me, if_them, _ = self.position_value(obs, trial, mine, theirs)
            value = p_win * if_me + (1 - p_win) * if_them
            # keep strong cards for later piles a little: a tiny cost per point played
            value -= 0.01 * action.value
            weighed.append((value, action))
            if value > best_value + 1e-9:
                best, best_value = action, value
            if self.deadline.expired():
                break  # time is up: the best play so far
        runner = None
        for value, action in weighed:
            if action != best and (runner is None or value > runner[0] + 1e-9):
                runner = (value, action)
        return [(best_value, best)] + ([runner] if runner else [])

    def _play_simple(self, obs, plays):
        """Basic: the highest card, beside the stack whose letters it wants most."""
        mine, _ = self.gains(obs)
        top = max(a.value for a in plays)
        best_stack = max(range(len(mine)), key=lambda s: (mine[s], -s))
        for a in plays:
            if a.value == top and a.stack == best_stack:
                return a
        return plays[0]


class BasicBot(Brain):
    """Honest and readable: bids its expected total, disputes an unlikely bid, plays its highest
    card beside the stack whose letters it wants most, evaluates the stack that pays it most."""

    kind = "basic"
    honest = True
    threshold = 0.4
    bluff = 0.0
    infer = "none"
    lookahead = False


class ExpertBot(Brain):
    """Belief over the opponent's hand, expected-value bidding with calibrated bluffs, and card
    play that simulates the evaluation (Stop, x2, Arrow, and the letters each side needs)."""

    kind = "expert"
    honest = False
    threshold = 0.45
    bluff = 0.15
    infer = "soft"
    lookahead = True
    ev_dispute = True
    explains = True


class ExploiterBot(ExpertBot):
    """An attack on the expert's bidding: it assumes the expert never bluffs and reads every raise
    as proof that the expert put the chance of reaching its bid at 45% or more (the expert's rule
    without the stack values and without bluffs), and plays like the expert otherwise."""

    kind = "exploiter"
    bluff = 0.0
    infer = "exact"


class DeceiverBot(ExpertBot):
    """Attacks the expert's reading of jump bids: with a weak hand it jumps about two above the
    expected total (looking strong), with a strong hand it raises by the minimum, hoping the
    expert raises into a total that is not there and can be disputed."""

    kind = "deceiver"
    bluff = 0.0

    def bid_hides_hand(self) -> bool:
        return False  # whether it jumps or raises by one depends on its hand

    def _bid(self, obs, legal, rng):
        bids = [a for a in legal if isinstance(a, Bid)]
        low = bids[0].amount
        expected = self.expected_total(obs)
        mine = sum(v for v, _ in obs.hand)
        average = _mean(self.memory.unseen_counts(obs.seat, obs.hand)) * len(obs.hand)
        if mine < average:
            target = round(expected + 2)
            return bids[min(max(0, target - low), len(bids) - 1)]
        return super()._bid(obs, legal, rng)


class NoBluffExpertBot(ExpertBot):
    """The expert without its bluffs: a control for the exploiter test."""

    kind = "expert-nobluff"
    bluff = 0.0
