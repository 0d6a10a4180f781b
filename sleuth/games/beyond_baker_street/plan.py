"""Exact arithmetic on leads and the Investigation track, shared by the bots (pure Python).

``Planner.work`` answers: with the evidence cards still available (those in hands, known or
unknown, and in the deck), what is the cheapest way to finish every open lead exactly (matching
cards summing to what it still needs) and land the Investigation track exactly on 20, using each
card once? Each card costs by its class: A (its holder knows it well enough to play it), B (someone
sees it but its holder would need an Assist), C (nobody sees it yet: deck or own hand). The
subsets of one icon's cards that sum to each need are precomputed; the track uses a small
knapsack over sums 0..20, memoised. ``inf`` means no way is left.

Memo tables belong to the planner, and a planner to one bot (see ``sleuth.ai.deadline``): they
end with it and are bounded, so every game starts with empty tables. Two things keep that cheap:
``work`` skips the track's knapsack whenever even the fewest, cheapest track cards could not beat
the best plan found so far, and the knapsack's result depends only on how many cards of each
number each class holds, so a second memo is keyed by those counts (many card masks share an
entry). Measured on the slowest decisions of 300 games, with empty tables: 39-45 ms before, 13-24
ms after. A search that must stop in time sets ``deadline``: ``work`` checks it every few hundred
steps and raises ``TimeUp`` (nothing half-computed is memoised).
"""

from __future__ import annotations

from sleuth.ai.deadline import Deadline, Memo
from sleuth.games.beyond_baker_street.cards import Cards

INF = float("inf")
#: Bounds of the memo tables (entries). Measured over 150 whole games (case 1 at 3 players, case 3
#: at 4): one bot fills at most 3,400 track, 2,100 count and 2,000 work entries in a game, so a
#: bot is never cleared within a game and holds a few MB at most.
WORK_MEMO = 20_000
TRACK_MEMO = 20_000
COUNT_MEMO = 10_000
#: ``_work`` steps between two looks at the clock
CHECK_EVERY = 256


class Planner:
    """Precomputed tables for one card set."""

    def __init__(self, cards: Cards, costs: tuple[float, float, float] = (1.0, 1.8, 2.0)) -> None:
        self.cards = cards
        self.costs = costs
        self.icon_of = tuple(e.icon for e in cards.evidence)
        self.num_of = tuple(e.number for e in cards.evidence)
        self.n = len(cards.evidence)
        self.max_number = max(self.num_of)
        icons = len(cards.icons)
        self.icon_mask = [0] * icons
        for c in range(self.n):
            self.icon_mask[self.icon_of[c]] |= 1 << c
        # subsets[icon][need] = masks of that icon's cards whose numbers sum to need
        top = sum(self.num_of) + 1
        self.subsets: list[list[list[int]]] = [[[] for _ in range(top)] for _ in range(icons)]
        for icon in range(icons):
            members = [c for c in range(self.n) if self.icon_of[c] == icon]
            for bits in range(1 << len(members)):
                mask = 0
                total = 0
                for k, c in enumerate(members):
                    if bits >> k & 1:
                        mask |= 1 << c
                        total += self.num_of[c]
                self.subsets[icon][total].append(mask)
            for row in self.subsets[icon]:
                row.sort(key=int.bit_count)
        # (number, mask of the cards with that number), for the track's counts
        self.number_masks = tuple(
            (n, sum(1 << c for c in range(self.n) if self.num_of[c] == n)) for n in sorted(set(self.num_of)))
        self.track_memo = Memo(TRACK_MEMO)
        self.count_memo = Memo(COUNT_MEMO)
        self.work_memo = Memo(WORK_MEMO)
        self.deadline = Deadline.never()
        self._steps = 0

    def cost(self, mask: int, a: int, b: int) -> float:
        """Cost of the cards in ``mask``: class A (in ``a``), B (in ``b``), else C."""
        ka = (mask & a).bit_count()
        kb = (mask & b).bit_count()
        return ka * self.costs[0] + kb * self.costs[1] + (mask.bit_count() - ka - kb) * self.costs[2]

    def track_cost(self, a: int, b: int, c: int, target: int, per_card: float = 0.0) -> float:
        """Cheapest cost of cards (classes A, B, C) whose numbers sum exactly to ``target``."""
        if target == 0:
            return 0.0
        if target < 0:
            return INF
        key = (a, b, c, target, per_card)
        hit = self.track_memo.get(key)
        if hit is not None:
            return hit
        counts = []
        for _, m in self.number_masks:
            counts.append((a & m).bit_count())
            counts.append((b & m).bit_count())
            counts.append((c & m).bit_count())
        ckey = (tuple(counts), target, per_card)
        best = self.count_memo.get(ckey)
        if best is None:
            best = self.count_memo.put(ckey, self._knapsack(counts, target, per_card))
        return self.track_memo.put(key, best)

    def _knapsack(self, counts: list[int], target: int, per_card: float) -> float:
        """Exact-sum knapsack over the cards by number: ``counts`` holds, for each number in
        ``number_masks`` order, how many cards of it each class (A, B, C) has."""
        dp = [INF] * (target + 1)
        dp[0] = 0.0
        numbers = self.number_masks
        for k, cost in enumerate(self.costs):  # class by class, as a card-by-card knapsack would
            w = cost + per_card
            for j in range(len(numbers)):
                n = numbers[j][0]
                if n > target:
                    continue
                for _ in range(counts[3 * j + k]):  # each card once
                    for s in range(target, n - 1, -1):
                        v = dp[s - n] + w
                        if v < dp[s]:
                            dp[s] = v
        return dp[target]

    def work(self, leads: tuple[tuple[int, int], ...], target: int, lead_classes: tuple[int, int, int],
             track_classes: tuple[int, int, int], per_track_card: float = 0.0) -> float:
        """Cheapest joint way to finish ``leads`` ((icon, need) pairs) and the track (``target`` left).

        ``lead_classes`` and ``track_classes`` are the (A, B, C) card masks as seen for each use:
        a card's cost depends on how well its holder knows it for that use.
        """
        key = (leads, target, lead_classes, track_classes, per_track_card)
        hit = self.work_memo.get(key)
        if hit is not None:
            return hit
        avail = lead_classes[0] | lead_classes[1] | lead_classes[2]
        # the track costs at least its fewest possible cards at the cheapest class (a bound that
        # skips most knapsacks: it never changes the answer)
        fewest = -(-target // self.max_number) if target > 0 else 0
        track_low = fewest * (min(self.costs) + per_track_card) - 1e-9
        best = self._work(leads, 0, avail, lead_classes, track_classes, target, per_track_card, 0.0, INF,
                          track_low)
        return self.work_memo.put(key, best)

    def _work(self, leads, i, avail, lc, tc, target, per_card, spent, best, track_low):
        self._steps += 1
        if self._steps >= CHECK_EVERY:
            self._steps = 0
            self.deadline.check()
        if i == len(leads):
            if spent + track_low >= best:
                return best
            rest = self.track_cost(tc[0] & avail, tc[1] & avail, tc[2] & avail, target, per_card)
            total = spent + rest
            return total if total < best else best
        icon, need = leads[i]
        if need == 0:
            return self._work(leads, i + 1, avail, lc, tc, target, per_card, spent, best, track_low)
        if need < 0 or need >= len(self.subsets[icon]):
            return best
        lower_rest = (len(leads) - i - 1) * self.costs[0] + track_low
        for mask in self.subsets[icon][need]:
            if mask & ~avail:
                continue
            c = spent + self.cost(mask, lc[0], lc[1])
            if c + lower_rest >= best:
                continue
            best = self._work(leads, i + 1, avail & ~mask, lc, tc, target, per_card, c, best, track_low)
        return best

    def lead_possible(self, icon: int, need: int, avail: int) -> bool:
        if need == 0:
            return True
        if need < 0 or need >= len(self.subsets[icon]):
            return False
        return any(not (mask & ~avail) for mask in self.subsets[icon][need])
