"""Words the engines and the table share (rules never import ``sleuth.ui``)."""

from __future__ import annotations

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def number_word(n: int) -> str:
    """``n`` as a word from "no" to "nine", digits beyond (what sentences count in)."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
