"""Exact arithmetic on leads and the Investigation track, shared by the bots (pure Python).

``Planner.work`` answers: with the evidence cards still available (those in hands, known or
unknown, and in the deck), what is the cheapest way to finish every open lead exactly (matching
cards summing to what it still needs) and land the Investigation track exactly on 20, using each
card once? Each card costs by its class: A (its holder knows it well enough to play it), B (someone
sees it but its holder would need an Assist), C (nobody sees it yet: deck or own hand). The
subsets of one icon's cards that sum to each need are precomputed; the track uses a small
knapsack over sums 0..20, memoised. ``inf`` means no way is left.
"""

from __future__ import annotations

from sleuth.games.beyond_baker_street.cards import Cards

INF = float("inf")


class Planner:
    """Precomputed tables for one card set."""

    def __init__(self, cards: Cards, costs: tuple[float, float, float] = (1.0, 1.8, 2.0)) -> None:
        self.cards = cards
        self.costs = costs
        self.icon_of = tuple(e.icon for e in cards.evidence)
        self.num_of = tuple(e.number for e in cards.evidence)
        self.n = len(cards.evidence)
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
        self._track_memo: dict[tuple[int, int, int, float], float] = {}
        self._work_memo: dict[tuple, float] = {}

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
        memo = self._track_memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        dp = [INF] * (target + 1)
        dp[0] = 0.0
        num = self.num_of
        ca, cb, cc = self.costs
        for mask, w in ((a, ca + per_card), (b, cb + per_card), (c, cc + per_card)):
            m = mask
            while m:
                low = m & -m
                x = low.bit_length() - 1
                m ^= low
                n = num[x]
                for s in range(target, n - 1, -1):
                    v = dp[s - n] + w
                    if v < dp[s]:
                        dp[s] = v
        if len(memo) > 400_000:
            memo.clear()
        memo[key] = dp[target]
        return dp[target]

    def work(self, leads: tuple[tuple[int, int], ...], target: int, lead_classes: tuple[int, int, int],
             track_classes: tuple[int, int, int], per_track_card: float = 0.0) -> float:
        """Cheapest joint way to finish ``leads`` ((icon, need) pairs) and the track (``target`` left).

        ``lead_classes`` and ``track_classes`` are the (A, B, C) card masks as seen for each use:
        a card's cost depends on how well its holder knows it for that use.
        """
        key = (leads, target, lead_classes, track_classes, per_track_card)
        memo = self._work_memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        avail = lead_classes[0] | lead_classes[1] | lead_classes[2]
        best = self._work(leads, 0, avail, lead_classes, track_classes, target, per_track_card, 0.0, INF)
        if len(memo) > 400_000:
            memo.clear()
        memo[key] = best
        return best

    def _work(self, leads, i, avail, lc, tc, target, per_card, spent, best):
        if i == len(leads):
            rest = self.track_cost(tc[0] & avail, tc[1] & avail, tc[2] & avail, target, per_card)
            total = spent + rest
            return total if total < best else best
        icon, need = leads[i]
        if need == 0:
            return self._work(leads, i + 1, avail, lc, tc, target, per_card, spent, best)
        if need < 0 or need >= len(self.subsets[icon]):
            return best
        lower_rest = (len(leads) - i - 1) * self.costs[0]
        for mask in self.subsets[icon][need]:
            if mask & ~avail:
                continue
            c = spent + self.cost(mask, lc[0], lc[1])
            if c + lower_rest >= best:
                continue
            best = self._work(leads, i + 1, avail & ~mask, lc, tc, target, per_card, c, best)
        return best

    def lead_possible(self, icon: int, need: int, avail: int) -> bool:
        if need == 0:
            return True
        if need < 0 or need >= len(self.subsets[icon]):
            return False
        return any(not (mask & ~avail) for mask in self.subsets[icon][need])
