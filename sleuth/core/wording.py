"""Words the engines and the table share (rules never import ``sleuth.ui``)."""

from __future__ import annotations

#: how an engine's reason for a game its team gave up begins (Beyond Baker Street's hopeless case):
#: the statistics tell such a game from one played to its end
GAVE_UP = "the team gave up "

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def either(words) -> str:
    """``Forensic``, ``Cyber or Witness``, ``Cyber, Witness or Universal`` ("" for none): a list
    of three or more joins its last two by "or" and the others by commas ("4 or 5 or 6" did not)."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def number_word(n: int) -> str:
    """``n`` as a word from "no" to "nine", digits beyond (what sentences count in)."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 cards``."""
    return f"{count} {one if count == 1 else (many or one + 's')}"
