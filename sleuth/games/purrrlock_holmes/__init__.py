"""Purrrlock Holmes: Furriarty's Trail (2-5 players): deduce your hidden clue card, race Furriarty."""

from __future__ import annotations

from sleuth.core.registry import GameSpec
from sleuth.core.values import ValueCodec

from .bots import BOTS
from .cards import bundled_cards, load_cards
from .rules import ACTIONS, EVENTS, PurrrlockState


def new_game(players, options, seed):
    return PurrrlockState(bundled_cards(), players, seed)


def _bench_extra(seconds: float):
    from .bench import deduction_benchmark

    return deduction_benchmark()


SPEC = GameSpec(
    id="purrrlock-holmes",
    name="Purrrlock Holmes: Furriarty's Trail",
    banner_name="Purrrlock Holmes",
    pitch="Everyone sees your clue card but you: ask Lead or Dead End, guess right for points, and catch Furriarty before he escapes.",
    min_players=2,
    max_players=5,
    team=True,
    # all catch Furriarty or all lose, and the most VP wins: "team race" had promised teams the
    # setup never had (the words that fit the title's card)
    play_kind="semi-cooperative",
    options=(),
    new_game=new_game,
    bots=BOTS,
    actions=ValueCodec(ACTIONS),
    events=ValueCodec(EVENTS),
    data_file="purrrlock-holmes.yaml",
    load_cards=load_cards,
    bench_extra=_bench_extra,
    take_backs=False,  # every move shows something hidden: an answer, a verdict, a draw (REVEALS)
)
