"""Small helpers for move-log wording shared by the game tables."""

from __future__ import annotations

import re

# ``Cyber, Witness or Universal``: kept with the engines' words (rules never import the UI)
from sleuth.core.wording import either as either
from sleuth.core.wording import plural as plural

_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def says(name: str, verb: str, start: bool = True) -> str:
    """``Watson plays`` but ``You play``: a seat may be named You (the default human name); in
    the middle of a sentence (``start`` False) ``you play`` ("so You win the dispute")."""
    if name.lower() == "you":
        name = "You" if start else "you"
        if verb in _IRREGULAR:
            verb = _IRREGULAR[verb]
        elif verb.endswith(("shes", "ches", "sses", "xes", "zes")):
            verb = verb[:-2]
        elif verb.endswith("ies") and len(verb) > 4:
            verb = verb[:-3] + "y"
        elif verb.endswith("s"):
            verb = verb[:-1]
    return f"{name} {verb}"


def verb_for(name: str, verb: str) -> str:
    """``takes`` for Watson, ``take`` for a seat named You: a second verb in one sentence."""
    return says(name, verb)[len(name) + 1:]


def named(name: str, start: bool = False) -> str:
    """A seat's name where a sentence puts it as the object or after a comma: ``5 by Watson`` but
    ``5 by you`` (a seat named You is "you" mid-sentence, "You" only at a sentence's start)."""
    if name.lower() == "you":
        return "You" if start else "you"
    return name


_YOU = re.compile(r"\bYou\b")


def you_inside(text: str) -> str:
    """``text`` with a seat named You written "you" wherever it is not a sentence's first word:
    the one pass over finished sentences that every game's reasons go through (play-test: "Watson
    told You that these 5 cards are Witnesses: You then knew..."; a name is put into hundreds of
    sentences, and a word after a colon or a comma is not a sentence's start)."""
    def written(match: re.Match) -> str:
        before = text[:match.start()].rstrip().rstrip("\"'\u201c\u2018(").rstrip()
        starts = not before or before.endswith((".", "!", "?")) or "\n" in text[len(before):match.start()]
        return "You" if starts else "you"

    return _YOU.sub(written, text) if "You" in text else text


def possessive(name: str) -> str:
    """``Watson's`` but ``your`` (for a seat named You)."""
    if name.lower() == "you":
        return "your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


#: One name for each kind of seat wherever a player reads it (setup, results, statistics, the
#: title's suspended games). The command line keeps the kinds themselves (basic, expert, ...).
SEAT_KIND_NAMES = {"human": "Human", "basic": "Easy bot", "expert": "Hard bot", "random": "Random bot",
                   "seer": "Seer bot (cheats)", "master": "Master bot"}


def seat_kind_name(kind: str) -> str:
    """``Hard bot`` for ``expert``; an unknown kind is shown as it is, as a bot."""
    return SEAT_KIND_NAMES.get(kind, f"{kind.capitalize()} bot")


def cap(text: str) -> str:
    """The first letter in capitals, the rest untouched (``str.capitalize`` lowers every name:
    ``mrs Hudson's`` becomes ``Mrs Hudson's``, never ``Mrs hudson's``)."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter in capitals and a full stop at the end unless it
    already ends in one (or in ``!``, ``?`` or ``:``, which leads into more)."""
    text = cap(text.strip())
    return text if not text or text.endswith((".", "!", "?", ":")) else text + "."


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd`` (a place in a row, never read as a
    card's number: "your 4th card", not "your card 4")."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def times(count: int) -> str:
    """``once``, ``twice``, ``3 times``: how often, as a person says it ("Tried 1 time" read as
    a form's field)."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def article(word: str) -> str:
    """``a Clue``, ``an 8``, ``an 86%``, ``an 11%``, ``an Easy bot``: the word with its article."""
    vowel = word[:1] in "8AEIOU" or word.startswith(("11", "18")) and not word[2:3].isdigit()
    return ("an " if vowel else "a ") + word


def join_words(items: list[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cleo``; with a comma before the last "and" when an
    item has an "and" of its own ("a thread showing Witness and Cyber, and a Forensic proof")."""
    if len(items) <= 1:
        return "".join(items)
    last = ", and " if any(" and " in item for item in items) else " and "
    return ", ".join(items[:-1]) + last + items[-1]


def opponents_text(seats, team: bool = False) -> str:
    """Who a game is with: ``vs a Hard bot``, ``with a Master bot`` in a cooperative game, ``Ann
    and Bob with an Easy bot``, ``3 Hard bots, no player`` when only bots play."""
    humans = [s.name for s in seats if s.is_human]
    counts: dict[str, int] = {}
    for seat in seats:
        if not seat.is_human:
            name = seat_kind_name(seat.kind)
            counts[name] = counts.get(name, 0) + 1
    bots = [article(n) if c == 1 else plural(c, n) for n, c in counts.items()]
    if not humans:
        return f"{join_words(bots)}, no player"
    if len(humans) == 1:
        return f"{'with' if team else 'vs'} {join_words(bots)}" if bots else "alone"
    return join_words(humans) + (f" with {join_words(bots)}" if bots else "")
