"""Long randomised checks, run by hand: ``SLEUTH_SLOW=1 pytest tests/games/beyond_baker_street/test_slow.py``."""

from __future__ import annotations

import os

import pytest

from sleuth.core.registry import get
from tests.contract import random_playout

SPEC = get("beyond-baker-street")

pytestmark = pytest.mark.skipif(not os.environ.get("SLEUTH_SLOW"), reason="slow: set SLEUTH_SLOW=1")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_random_playouts_keep_every_invariant(players):
    """1,200 games per player count (3,600 in all): every case file, characters dealt at random in
    three games of four, invariants checked after every action, every action and event round-trips."""
    for seed in range(1200):
        options = {"case": 1 + seed % 6, "characters": "random" if seed % 4 else "off"}
        random_playout(SPEC, players, 10_000 + seed, options)
