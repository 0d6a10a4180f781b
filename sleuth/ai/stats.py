"""Small statistics for judging bots: Wilson intervals and percentiles."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a rate; fractional successes (shared wins) are allowed."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


class TimeStats:
    """Count, mean, maximum and percentiles of many timings in constant memory.

    Timings fall into bins 2% wide on a log scale (1 microsecond to 3 hours), so a percentile is
    exact to within 2%; the mean and the maximum are exact.
    """

    RATIO = 1.02
    LOW_MS = 0.001

    def __init__(self) -> None:
        self.count = 0
        self.total = 0.0
        self.max = 0.0
        self.bins: dict[int, int] = {}

    def add(self, ms: float) -> None:
        self.count += 1
        self.total += ms
        self.max = max(self.max, ms)
        index = 0 if ms <= self.LOW_MS else int(math.log(ms / self.LOW_MS, self.RATIO)) + 1
        self.bins[index] = self.bins.get(index, 0) + 1

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    def percentile(self, q: float) -> float:
        """Nearest-rank percentile, as the top of its bin (never above the maximum)."""
        if not self.count:
            return 0.0
        rank = max(1, math.ceil(q / 100 * self.count))
        seen = 0
        for index in sorted(self.bins):
            seen += self.bins[index]
            if seen >= rank:
                return min(self.max, self.LOW_MS * self.RATIO ** index)
        return self.max
