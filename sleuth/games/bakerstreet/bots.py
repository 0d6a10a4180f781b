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
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from sleuth.ai.bot import DEFAULT_BUDGET_S, Bot
from sleuth.ai.deadline import Deadline, Memo
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


class Brain(Bot):
    """Shared machinery; the bots below differ in their parameters and bidding policy."""

    kind = "brain"
    honest = True  # bids its expected total (basic); the expert hides its hand instead
    threshold = 0.45  # dispute when P(total >= bid) is below this
    bluff = 0.0  # chance of raising anyway with a hand that says dispute
    infer = "none"  # how to read the opponent's bids: none, soft (expert) or exact (exploiter)
    lookahead = False  # plays cards by simulating the evaluation (expert)
    ev_dispute = False  # weighs the dispute against playing on by the values at stake

    def __init__(self) -> None:
        self.memory: Memory | None = None
        self.letter_values = LetterValues()
        self.deadline = Deadline.never()

    # -- entry point ---------------------------------------------------------------------------
    def choose(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        self.deadline = Deadline(budget_s)
        try:
            return self._decide(obs, legal, rng)
        finally:
            self.deadline = Deadline.never()

    def _decide(self, obs, legal, rng):
        if self.memory is None or self.memory.seat != obs.seat or len(obs.log) < self.memory.done:
            self.memory = Memory(obs.seat)
            self.memory.start(obs)
        self.memory.update(obs.log)
        if obs.phase == TAKE:
            return self._take(obs, legal)
        if obs.phase == CHOOSE:
            return self._choose(obs, legal)
        if obs.phase == BID:
            return self._bid(obs, legal, rng)
        if obs.phase == TURN:
            dispute = next((a for a in legal if isinstance(a, Dispute)), None)
            plays = [a for a in legal if isinstance(a, Play)]
            # after two rounds in a row without a letter taken, winning a dispute evidently leads
            # nowhere: play cards to change the piles instead (until a bid of 30 forces a dispute)
            stalled = self.memory.quiet_rounds >= 2 and plays
            if dispute is not None and not stalled and self._wants_dispute(obs, rng, plays):
                return dispute
            if plays:
                return self._play(obs, plays, rng)
            bids = [a for a in legal if isinstance(a, Bid)]
            if bids:
                return self._bid(obs, legal, rng)
        return legal[0]

    # -- beliefs -------------------------------------------------------------------------------
    def opp_sum_belief(self, obs) -> list[float]:
        me = obs.seat
        mem = self.memory
        counts = mem.unseen_counts(1 - me)
        dist = sum_distribution(counts, obs.hand_sizes[1 - me])
        if self.infer == "none" or not obs.bids or obs.bids[-1][0] == me:
            return dist
        # what the opponent believes about my hand: my cards they have not seen
        mine = mem.unseen_counts(me)
        their_view = sum_distribution(mine, obs.hand_sizes[me])
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
    def _wants_dispute(self, obs, rng, plays=()) -> bool:
        bid = obs.bids[-1][1]
        if bid >= obs.max_bid:
            return True
        belief = self.opp_sum_belief(obs)
        p = self.reach_probability(obs, bid, belief)
        if self.ev_dispute and plays:
            return self._dispute_by_value(obs, rng, plays, p, self.reach_probability(obs, bid + 1, belief))
        if p < self.threshold:
            return not (self.bluff and rng.random() < self.bluff * (p / self.threshold))
        return bool(self.bluff) and rng.random() < self.bluff * 0.3 * max(0.0, 1 - (p - self.threshold) * 4)

    def _dispute_by_value(self, obs, rng, plays, p: float, p_next: float) -> bool:
        """Dispute now, or play the best card and raise by one?

        Disputing wins with P(total < bid): then I choose the stack (value ``mine_first``),
        otherwise the opponent does (``theirs_first``). Raising means playing my best card first
        (the piles change) and then, roughly, winning the round's dispute with P(total >= bid + 1).
        """
        mine, theirs = self.gains(obs)
        piles = self.memory.piles
        mine_first, theirs_first, _ = self.position_value(obs, piles, mine, theirs)
        best_after = None
        for action in plays:
            trial = [list(pile) for pile in piles]
            trial[action.stack].append((obs.seat, action.value, action.symbol))
            if_me, if_them, _ = self.position_value(obs, trial, mine, theirs)
            score = 0.5 * (if_me + if_them) - 0.01 * action.value
            if best_after is None or score > best_after[0]:
                best_after = (score, if_me, if_them)
            if self.deadline.expired():
                break  # the best play so far stands for "playing on"
        _, mine_after, theirs_after = best_after
        dispute_value = (1 - p) * mine_first + p * theirs_first
        raise_value = p_next * mine_after + (1 - p_next) * theirs_after
        if dispute_value > raise_value:
            return not (self.bluff and rng.random() < self.bluff * min(1.0, 2 * p))
        return bool(self.bluff) and rng.random() < self.bluff * 0.3 * max(0.0, 1 - (p - 0.5) * 4)

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

    def _take(self, obs, legal):
        mask = self._mask(obs, obs.letters)
        names = self._names(obs)
        return max(legal, key=lambda a: (self.letter_values.gain(mask, names.index(a.letter), len(names), obs.run_to_win), a.letter))

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
            pile = piles[stack]
            totals = [0, 0]
            doubled = [False, False]
            arrow = False
            while pile:
                owner, v, sym = pile.pop()
                totals[owner] += v
                if sym == "double":
                    doubled[owner] = True
                elif sym == "arrow":
                    arrow = True
                elif sym == "stop":
                    break
            final = [t * 2 if d else t for t, d in zip(totals, doubled, strict=True)]
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

    def _choose(self, obs, legal):
        mine, theirs = self.gains(obs)
        piles = self.memory.piles
        values = [self.chain_value(obs, piles, a.stack, obs.seat, mine, theirs) for a in legal]
        return legal[max(range(len(legal)), key=lambda i: (values[i], -i))]

    # -- playing a card ------------------------------------------------------------------------
    def _play(self, obs, plays, rng):
        if not self.lookahead:
            return self._play_simple(obs, plays)
        mine, theirs = self.gains(obs)
        piles = self.memory.piles
        p_win = 0.5
        best, best_value = plays[0], -1e18
        for action in plays:
            trial = [list(p) for p in piles]
            trial[action.stack].append((obs.seat, action.value, action.symbol))
            if_me, if_them, _ = self.position_value(obs, trial, mine, theirs)
            value = p_win * if_me + (1 - p_win) * if_them
            # keep strong cards for later piles a little: a tiny cost per point played
            value -= 0.01 * action.value
            if value > best_value + 1e-9:
                best, best_value = action, value
            if self.deadline.expired():
                break  # time is up: the best play so far
        return best

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
