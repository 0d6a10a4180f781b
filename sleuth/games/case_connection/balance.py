"""Sleuth's balance rule for Case Connection (issue 22): a head start for the later players.

The rulebook ends the game with "each other player gets one final turn" once someone reaches 9,
so whenever a player later in the turn order gets there first, every player before them plays one
turn more than they did. Going first was worth 63% of 2-player games between basic bots and 76%
between experts. The card data cannot pay a whole turn back (docs/case-connection.md, "Turn
order"), so the setup does, by number of players and place in the turn order (``HEAD_STARTS``):
Universal proofs from the supply, and at 4 players a proof drawn from the pile for the first
player and a thread from the deck for the last; and each place chooses its first lead from its
own number of leads (``FIRST_LEADS``; the rulebook's 2 for the first at 2 players, more for the
earlier places at 3 and 4). The rule is the default; the game option ``setup=rulebook`` plays the
rulebook's setup alone. ``describe`` words it for the rules text.

Why these: one Universal brought the basic bot's first player to 46.8% of 2-player games but the
expert's only to 57.6%, two Universals overshot for both; the third lead to choose from is worth
little to the basic bot (it picks the lead it can finish soonest) and a few points to the expert,
which weighs the leads against the table. At 4 players Universals alone could not even out all
four places: a second Universal is worth far less than the first and a third almost nothing, so
the second player (with one) stayed above the others and the last (with three) below, whatever
the counts. The 4-player row gives the last player a thread instead of a third Universal and the
first player a random proof, each worth less than a Universal. The basic bot's places then even
out; the expert, which weighs leads against the table, is tuned by the first lead choice, worth
about 3 points a lead to it and little to the basic bot; the 3-player row likewise. Card file
edition 2 (2 Bonus Point icons instead of 8) keeps the expert's 4-player game above 6 rounds
(docs/case-connection.md, "Turn order", has every mix measured).

The Universals come from the supply before the locations are laid out and nothing is drawn for
them, so with the rule on or off a seed lays out the same locations; the 4-player proof and thread
are drawn after the layout, in turn order.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.wording import number_word


@dataclass(frozen=True)
class HeadStart:
    """What one place in the turn order starts with: Universal proofs from the supply (each stands
    in for the one proof a lead still lacks), proofs drawn at random from the pile, and threads
    from the top of the thread deck."""

    universals: int = 0
    proofs: int = 0
    threads: int = 0


#: by number of players, what each place in the turn order (first, second, ...) starts with
HEAD_STARTS: dict[int, tuple[HeadStart, ...]] = {
    2: (HeadStart(), HeadStart(universals=1)),
    3: (HeadStart(), HeadStart(universals=1), HeadStart(universals=2)),
    4: (HeadStart(proofs=1), HeadStart(universals=1), HeadStart(universals=2), HeadStart(universals=2, threads=1)),
}

#: by number of players, how many leads each place in the turn order draws to choose its first
#: lead from (the rulebook: 2 for everyone; later leads are always drawn 2 at a time, plus
#: extra-lead bonuses). A choice of leads is worth a few points to the expert and little to the
#: basic bot: at 3 and 4 players the Universals the later places need for the basic bot overpay
#: them against the expert, and the earlier places' wider choice pays that back.
FIRST_LEADS: dict[int, tuple[int, ...]] = {
    2: (2, 3),
    3: (4, 3, 2),
    4: (5, 5, 2, 2),
}

#: With the rulebook's setup, nobody starts with anything.
NOTHING = HeadStart()


def first_leads(players: int, place: int, on: bool = True) -> int:
    """The leads drawn at setup for the player in turn-order ``place`` (0 = first); 2 for
    everyone with the rule off (``on`` False)."""
    return FIRST_LEADS[players][place] if on else 2


def head_starts(players: int, first: int, on: bool = True) -> tuple[HeadStart, ...]:
    """What each seat starts with (indexed by seat; ``first`` is the seat that goes first)."""
    if not on:
        return (NOTHING,) * players
    table = HEAD_STARTS[players]
    return tuple(table[(seat - first) % players] for seat in range(players))


def starting_universals(players: int, first: int, supply: int, on: bool = True) -> tuple[int, ...]:
    """The Universal proofs each seat starts with (indexed by seat), taken from ``supply`` in
    turn order while it lasts. The game's first event (``GameStarted``) carries them."""
    given = head_starts(players, first, on)
    counts = [0] * players
    for place in range(players):
        seat = (first + place) % players
        counts[seat] = min(given[seat].universals, supply)
        supply -= counts[seat]
    return tuple(counts)


_PLACES = ("first", "second", "third", "fourth")


def describe(players: int) -> str:
    """The rule at ``players`` in one sentence for the rules text, from the tables above: ``With 3
    players the first draws four leads to keep one; the second starts with one Universal proof and
    draws three leads; the third starts with two Universal proofs.``"""
    parts = []
    for place, (given, leads) in enumerate(zip(HEAD_STARTS[players], FIRST_LEADS[players], strict=True)):
        things = [f"{number_word(given.universals)} Universal proof{'s' if given.universals > 1 else ''}"] if given.universals else []
        things += ["a thread from the deck"] * given.threads + ["a proof from the pile"] * given.proofs
        verbs = [f"starts with {' and '.join(things)}"] if things else []
        verbs += [f"draws {number_word(leads)} leads to keep one"] if leads != 2 else []
        if verbs:
            parts.append(f"the {_PLACES[place]} {' and '.join(verbs)}")
    return f"With {players} players " + "; ".join(parts) + "."
