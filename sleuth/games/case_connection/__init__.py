"""Sherlock: Case Connection: collect threads and proofs, connect them to your lead, score 9."""

from __future__ import annotations

from sleuth.core.registry import GameSpec, OptionSpec
from sleuth.core.values import ValueCodec
from sleuth.games.case_connection.bots import BOTS
from sleuth.games.case_connection.cards import load_cards
from sleuth.games.case_connection.moves import ACTIONS, EVENTS
from sleuth.games.case_connection.rules import CaseState


def new_game(players, options, seed):
    return CaseState(load_cards(), players, seed, bonus_icons=options.get("bonus_icons", "on") == "on",
                     universals=options.get("universals", "on") == "on",
                     balance=options.get("setup", "sleuth") == "sleuth")


#: The setup: Sleuth's balance rule (the default: a head start and a first lead choice for each
#: place in the turn order, by number of players; see ``balance.py``) or the rulebook's setup alone. Then design
#: experiments for docs/case-connection.md (the rules are "on"): switch off what the thread bonus
#: icons do, or remove the universal tokens, to measure what they add.
def _variant(key: str, label: str, help: str, rules: str, variant: str) -> OptionSpec:
    """A rule a player may switch off: On as the rules have it, Off as a variant."""
    return OptionSpec(key, label, "on", ("on", "off"), ("On", "Off (a variant)"), help, choice_help=(rules, variant))


OPTIONS = (
    # the words follow balance.py's tables at every player count (the 2-player row is not the
    # others': the second player, not the first, chooses from more leads); a test checks them
    OptionSpec("setup", "Setup", "sleuth", ("sleuth", "rulebook"), ("Sleuth's balance rule", "Rulebook"),
               "Sleuth's balance rule: a head start for each place in the turn order, by the number of players",
               choice_help=(
                   "Sleuth's balance rule, to make up for going later: with 2 players the second starts with "
                   "a Universal proof and chooses their first lead from three; with 3 or 4, the later players "
                   "start with Universal proofs and the earlier ones choose their first lead from more (the "
                   "rules' Starting positions lists each place)",
                   "The rulebook's setup: nobody starts with any proof",
               ), named=True),
    _variant("bonus_icons", "Thread bonus icons", "What the bonus icons on threads do",
             "As the rules have them: a thread joined straight to your lead gives its bonus icon's bonus (a "
             "point, a Universal proof, an extra lead to choose from)",
             "A simpler variant: the bonus icons on threads do nothing"),
    _variant("universals", "Universal proofs", "Whether the game has Universal proofs",
             "As the rules have them: a Universal proof joins any two matching edges, and 3 proofs of one kind "
             "can be exchanged for one",
             "A harder variant: no Universal proofs in the game, so none can be exchanged for"),
)


SPEC = GameSpec(
    id="case-connection",
    name="Sherlock: Case Connection",
    banner_name="Case Connection",
    pitch="Draft threads and proofs, connect them to your lead, be first to 9 points.",
    min_players=2,
    max_players=4,
    team=False,
    options=OPTIONS,
    new_game=new_game,
    bots=BOTS,
    actions=ValueCodec(ACTIONS),
    events=ValueCodec(EVENTS),
    data_file="case-connection.yaml",
    load_cards=load_cards,
    bench_extra=lambda seconds: _bench_solver(seconds),
    # 2: issue 22's balance (2 Bonus Point icons instead of 8, leads and head starts by player
    # count, 4-player draws at setup); a save from before deals differently and is refused as older
    edition=2,
    # End turn closes a turn whose moves were made: the statistics' "40 moves" had counted each one,
    # and the last (which ends the game) too
    not_moves=("end_turn",),
)


def _bench_solver(seconds):
    from sleuth.games.case_connection.design import bench_solver

    return bench_solver(seconds)
