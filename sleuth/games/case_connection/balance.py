"""Sleuth's balance rule for Case Connection (issue 22): a head start for the later players.

The rulebook ends the game with "each other player gets one final turn" once someone reaches 9,
so whenever a player later in the turn order gets there first, every player before them plays one
turn more than they did. Going first was worth 63% of 2-player games between basic bots and 76%
between experts. The card data cannot pay a whole turn back (docs/case-connection.md, "Turn
order"), so the setup does: the players after the first start with Universal proofs from the
supply, one more for each place later in the turn order, and choose their first lead from 3
leads instead of 2. The rule is the default; the game option ``setup=rulebook`` plays the
rulebook's setup alone.

Why both: one Universal brought the basic bot's first player to 46.8% of 2-player games but the
expert's only to 57.6%, two Universals overshot for both; the third lead to choose from is worth
little to the basic bot (it picks the lead it can finish soonest) and a few points to the expert,
which weighs the three leads against the table (docs/case-connection.md, "Turn order").
"""

from __future__ import annotations

#: The Universal proofs each player starts with, by place in the turn order (first, second,
#: third, fourth): a Universal stands in for the one proof a lead still lacks, about half a turn.
HEAD_START = (0, 1, 2, 3)

#: How many leads each player draws to choose their first lead from, by place in the turn order
#: (the rulebook: 2 for everyone; later leads are always drawn 2 at a time, plus extra-lead bonuses).
FIRST_LEADS = (2, 3, 3, 3)


def first_leads(place: int) -> int:
    """The leads drawn at setup for the player in turn-order ``place`` (0 = first)."""
    return FIRST_LEADS[place]


def head_start(players: int, first: int, supply: int) -> tuple[int, ...]:
    """The Universal proofs each seat starts with (indexed by seat), taken from ``supply`` in
    turn order. Nothing is drawn at random, so a seed deals the same cards with the rule on or
    off; the game's first event (``GameStarted``) carries the result for the table to show."""
    counts = [0] * players
    for place in range(1, players):
        seat = (first + place) % players
        counts[seat] = min(HEAD_START[place], supply)
        supply -= counts[seat]
    return tuple(counts)
