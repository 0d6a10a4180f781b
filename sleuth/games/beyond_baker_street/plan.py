"""Exact arithmetic on leads and the Investigation track, shared by the bots (pure Python).

``Planner.work`` answers: with the evidence cards still available (those in hands, known or
unknown, and in the deck), what is the cheapest way to finish every open lead exactly (matching
cards summing to what it still needs) and land the Investigation track exactly on 20, using each
card once? Cards someone can already see in a hand cost 1, cards still unknown cost more. The
subsets of one icon's cards that sum to each need are precomputed; the track uses a small
knapsack over sums 0..20, memoised. ``inf`` means no way is left.
"""

from __future__ import annotations

from functools import lru_cache

from sleuth.games.beyond_baker_street.cards import Cards

INF = float("inf")


class Planner:
    """Precomputed tables for one card set."""

    def __init__(self, cards: Cards, known_cost: float = 1.0, unknown_cost: float = 2.0) -> None:
        self.cards = cards
        self.icon_of = tuple(e.icon for e in cards.evidence)
        self.num_of = tuple(e.number for e in cards.evidence)
        self.n = len(cards.evidence)
        self.known_cost = known_cost
        self.unknown_cost = unknown_cost
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
        self.track_plan = lru_cache(maxsize=50_000)(self._track_plan)

    def cost(self, mask: int, known: int) -> float:
        k = (mask & known).bit_count()
        return k * self.known_cost + ((mask & ~known).bit_count()) * self.unknown_cost

    def track_cost(self, known: int, unknown: int, target: int, per_card: float = 0.0) -> float:
        """Cheapest cost of cards (known/unknown masks) whose numbers sum exactly to ``target``."""
        if target == 0:
            return 0.0
        if target < 0:
            return INF
        key = (known, unknown, target, per_card)
        memo = self._track_memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        dp = [INF] * (target + 1)
        dp[0] = 0.0
        num = self.num_of
        for mask, w in ((known, self.known_cost + per_card), (unknown, self.unknown_cost + per_card)):
            m = mask
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                n = num[c]
                for s in range(target, n - 1, -1):
                    v = dp[s - n] + w
                    if v < dp[s]:
                        dp[s] = v
        if len(memo) > 400_000:
            memo.clear()
        memo[key] = dp[target]
        return dp[target]

    def _track_plan(self, avail: int, target: int) -> bool:
        return self.track_cost(avail, 0, target) < INF

    def work(self, leads: tuple[tuple[int, int], ...], target: int, known: int, unknown: int,
             per_track_card: float = 0.0) -> float:
        """Cheapest joint way to finish ``leads`` ((icon, need) pairs) and the track (``target`` left)."""
        key = (leads, target, known, unknown, per_track_card)
        memo = self._work_memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        best = self._work(leads, 0, known | unknown, known, unknown, target, per_track_card, 0.0, INF)
        if len(memo) > 400_000:
            memo.clear()
        memo[key] = best
        return best

    def _work(self, leads, i, avail, known, unknown, target, per_card, spent, best):
        if i == len(leads):
            rest = self.track_cost(known & avail, unknown & avail, target, per_card)
            total = spent + rest
            return total if total < best else best
        icon, need = leads[i]
        if need == 0:
            return self._work(leads, i + 1, avail, known, unknown, target, per_card, spent, best)
        if need < 0 or need >= len(self.subsets[icon]):
            return best
        lower_rest = (len(leads) - i - 1) * self.known_cost
        for mask in self.subsets[icon][need]:
            if mask & ~avail:
                continue
            c = spent + self.cost(mask, known)
            if c + lower_rest >= best:
                continue
            best = self._work(leads, i + 1, avail & ~mask, known, unknown, target, per_card, c, best)
        return best

    def lead_possible(self, icon: int, need: int, avail: int) -> bool:
        if need == 0:
            return True
        if need < 0 or need >= len(self.subsets[icon]):
            return False
        return any(not (mask & ~avail) for mask in self.subsets[icon][need])
