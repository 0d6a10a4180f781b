"""Sherlock: Case Connection: collect threads and proofs, connect them to your lead, score 9."""

from __future__ import annotations

from sleuth.core.registry import GameSpec
from sleuth.core.values import ValueCodec
from sleuth.games.case_connection.bots import BOTS
from sleuth.games.case_connection.cards import load_cards
from sleuth.games.case_connection.rules import ACTIONS, EVENTS, CaseState


def new_game(players, options, seed):
    return CaseState(load_cards(), players, seed)


SPEC = GameSpec(
    id="case-connection",
    name="Sherlock: Case Connection",
    pitch="Draft threads and proofs, connect them to your lead, be first to 9 points.",
    min_players=2,
    max_players=4,
    team=False,
    options=(),
    new_game=new_game,
    bots=BOTS,
    actions=ValueCodec(ACTIONS),
    events=ValueCodec(EVENTS),
    data_file="case-connection.yaml",
    load_cards=load_cards,
)
