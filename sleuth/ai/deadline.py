"""Hard deadlines for anytime searches, and bounded memo tables for bots.

A bot is handed a time budget per decision (``Bot.choose(..., budget_s)``) and must answer within
it even on a slow or busy machine: the app's worker would otherwise fall behind the table, and a
match's worst decision would be many times its budget. So an expert computes a cheap answer first,
then improves it in small steps and looks at the clock between them; when the time is up it
returns the best answer it has. ``Deadline`` is that clock. Searches deep inside helper code (a
value function, a planner) call ``check()``, which raises ``TimeUp``; the bot catches it where it
keeps its best-so-far answer. Anything half-computed when ``TimeUp`` is raised is dropped, never
stored in a memo.

Memo tables belong to a bot instance (a bot lives for one game in a match, one session in the
app), never to a module, so they end with the bot; ``Memo`` also bounds them: it is a dict cleared
when it passes its size (cheaper per lookup than an LRU, and between clears it holds exactly the
entries a game is using).
"""

from __future__ import annotations

import time

#: The share of its budget a bot plans to spend searching: the rest is slack for what comes after
#: the last clock check (one step of search, building the answer, the caller's own work).
SEARCH_SHARE = 0.8


class TimeUp(Exception):
    """The decision's time is up: stop searching and answer with the best so far."""


class Deadline:
    """A point in time (``time.perf_counter``) after which a search must stop."""

    __slots__ = ("end",)

    def __init__(self, budget_s: float, share: float = SEARCH_SHARE, start: float | None = None) -> None:
        begin = time.perf_counter() if start is None else start
        self.end = begin + max(0.0, budget_s) * share

    @classmethod
    def never(cls) -> Deadline:
        """A deadline that never passes (for callers outside a timed decision, e.g. tests)."""
        d = cls.__new__(cls)
        d.end = float("inf")
        return d

    def expired(self) -> bool:
        return time.perf_counter() >= self.end

    def left(self) -> float:
        """Seconds left (negative once passed)."""
        return self.end - time.perf_counter()

    def check(self) -> None:
        """Raise ``TimeUp`` once the deadline has passed."""
        if time.perf_counter() >= self.end:
            raise TimeUp


class Memo(dict):
    """A dict with a bound: ``put`` clears it first when it has reached ``limit`` entries.

    Look entries up with ``get`` as in any dict; store them only with ``put``.
    """

    __slots__ = ("limit", "clears")

    def __init__(self, limit: int) -> None:
        super().__init__()
        if limit < 1:
            raise ValueError(f"a memo needs room for at least one entry, not {limit}")
        self.limit = limit
        self.clears = 0

    def put(self, key, value):
        if len(self) >= self.limit:
            self.clear()
            self.clears += 1
        self[key] = value
        return value
