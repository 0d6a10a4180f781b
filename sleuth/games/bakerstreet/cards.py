"""Bakerstreet's card data, read from ``data/cards/bakerstreet.yaml`` into frozen dataclasses.

Everything numeric about the game lives in the YAML file; this module checks it (with file, line
and key path in every message) and derives the few numbers the rules need (the highest bid).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sleuth.data.loader import load_yaml
from sleuth.resources import data_file

#: Symbol names as written in the YAML file, in actions and in events.
SYMBOLS = ("none", "stop", "double", "arrow")
NONE, STOP, DOUBLE, ARROW = range(4)


@dataclass(frozen=True)
class DetectiveCard:
    value: int
    symbol: str


@dataclass(frozen=True)
class BakerCards:
    players: int
    hand_size: int
    run_to_win: int
    colours: tuple[str, ...]
    #: One deck per colour (seat 0 plays the first colour), each card (value, symbol).
    decks: tuple[tuple[DetectiveCard, ...], ...]
    letters: tuple[str, ...]
    copies: int
    stacks: int
    stack_size: int
    max_rounds: int

    @property
    def max_value(self) -> int:
        return max(card.value for deck in self.decks for card in deck)

    @property
    def max_bid(self) -> int:
        """The highest total two full hands can show (30 with the printed cards)."""
        return self.players * self.hand_size * self.max_value

    @property
    def evidence(self) -> tuple[str, ...]:
        """The evidence letters, one entry per card (A, A, B, B, ... with two copies)."""
        return tuple(letter for letter in self.letters for _ in range(self.copies))


def _read_card(node) -> DetectiveCard:
    fields = node.mapping(required=("value", "symbol"))
    return DetectiveCard(fields["value"].int(0, 9), fields["symbol"].str(choices=SYMBOLS))


def load_cards(path: Path | str | None = None) -> BakerCards:
    """Read and check a Bakerstreet card file; DataError names the first problem exactly."""
    root = load_yaml(path if path is not None else data_file("bakerstreet.yaml"))
    top = root.mapping(
        required=("game", "players", "hand_size", "run_to_win", "evidence", "max_rounds", "detective")
    )
    top["game"].str(choices=("bakerstreet",))
    players = top["players"].int(2, 2)
    hand_size = top["hand_size"].int(1, 10)
    max_rounds = top["max_rounds"].int(1, 100_000)

    ev = top["evidence"].mapping(required=("letters", "copies", "stacks", "stack_size"))
    letter_nodes = ev["letters"].seq(min_len=2)
    letters = []
    seen: dict[str, int] = {}
    for node in letter_nodes:
        letter = node.str()
        if len(letter) != 1 or not letter.isalpha():
            raise node.error(f"expected one letter, got {letter!r}")
        if letter in seen:
            raise node.error(f"duplicate letter {letter!r} (first at line {seen[letter]})")
        seen[letter] = node.line
        letters.append(letter)
    copies = ev["copies"].int(1, 10)
    stacks = ev["stacks"].int(2, 10)
    stack_size = ev["stack_size"].int(1, 100)
    if stacks * stack_size != len(letters) * copies:
        raise ev["stack_size"].error(
            f"{stacks} stacks of {stack_size} need {stacks * stack_size} evidence cards, "
            f"but {len(letters)} letters x {copies} copies make {len(letters) * copies}"
        )
    run_to_win = top["run_to_win"].int(2, len(letters))

    colours_node = top["detective"]
    colours = colours_node.mapping()
    if len(colours) != players:
        raise colours_node.error(f"expected {players} colours (one deck per player), got {len(colours)}")
    decks = []
    first_counts = None
    for deck_node in colours.values():
        items = deck_node.seq()
        if len(items) != 30:
            raise deck_node.error(f"a detective deck has 30 cards, got {len(items)}")
        deck = tuple(_read_card(item) for item in items)
        per_value = Counter(card.value for card in deck)
        if sorted(per_value.items()) != [(v, 5) for v in range(6)]:
            found = ", ".join(f"{v}x{n}" for v, n in sorted(per_value.items()))
            raise deck_node.error(f"a detective deck holds 5 cards of each value 0..5, got {found}")
        counts = Counter((card.value, card.symbol) for card in deck)
        if first_counts is not None and counts != first_counts:
            raise deck_node.error("both colours must carry the same values and symbols")
        first_counts = counts
        decks.append(deck)
    return BakerCards(
        players=players,
        hand_size=hand_size,
        run_to_win=run_to_win,
        colours=tuple(colours),
        decks=tuple(decks),
        letters=tuple(letters),
        copies=copies,
        stacks=stacks,
        stack_size=stack_size,
        max_rounds=max_rounds,
    )


@lru_cache(maxsize=8)
def bundled_cards() -> BakerCards:
    return load_cards()
