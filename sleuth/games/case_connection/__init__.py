"""Sherlock: Case Connection: collect threads and proofs, connect them to your lead, score 9."""

from __future__ import annotations

from sleuth.core.registry import GameSpec, OptionSpec
from sleuth.core.values import ValueCodec
from sleuth.games.case_connection.bots import BOTS
from sleuth.games.case_connection.cards import load_cards
from sleuth.games.case_connection.rules import ACTIONS, EVENTS, CaseState


def new_game(players, options, seed):
    return CaseState(load_cards(), players, seed, bonus_icons=options.get("bonus_icons", "on") == "on",
                     universals=options.get("universals", "on") == "on",
                     balance=options.get("setup", "sleuth") == "sleuth")


#: The setup: Sleuth's balance rule (the default: the players after the first start with
#: Universal proofs and choose their first lead from 3, see ``balance.py``) or the rulebook's setup alone. Then design
#: experiments for docs/case-connection.md (the rules are "on"): switch off what the thread bonus
#: icons do, or remove the universal tokens, to measure what they add.
OPTIONS = (
    OptionSpec("setup", "Setup", "sleuth", ("sleuth", "rulebook"), ("Sleuth's balance rule", "Rulebook"),
               "Sleuth's balance rule: the players after the first start with Universal proofs and "
               "choose their first lead from 3",
               choice_help=(
                   "Sleuth's balance rule: the second player starts with 1 Universal proof, the third "
                   "with 2, the fourth with 3, and each of them chooses their first lead from 3 instead "
                   "of 2, to make up for going later",
                   "The rulebook's setup: nobody starts with any proof",
               )),
    OptionSpec("bonus_icons", "Thread bonus icons", "on", ("on", "off"), ("on (rules)", "off (experiment)"),
               "off: bonus icons on threads do nothing (a design experiment)"),
    OptionSpec("universals", "Universal proofs", "on", ("on", "off"), ("on (rules)", "off (experiment)"),
               "off: no universal tokens in the game (a design experiment)"),
)


SPEC = GameSpec(
    id="case-connection",
    name="Sherlock: Case Connection",
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
)


def _bench_solver(seconds):
    from sleuth.games.case_connection.design import bench_solver

    return bench_solver(seconds)
