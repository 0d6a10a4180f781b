"""Bakerstreet: bid on the six hand cards, dispute, evaluate the detective piles, collect letters."""

from __future__ import annotations

from sleuth.ai.bot import RandomBot
from sleuth.core.registry import GameSpec, OptionSpec
from sleuth.core.values import ValueCodec
from sleuth.games.bakerstreet.bots import BasicBot, DeceiverBot, ExpertBot, ExploiterBot, NoBluffExpertBot
from sleuth.games.bakerstreet.cards import bundled_cards, load_cards
from sleuth.games.bakerstreet.rules import ACTIONS, EVENTS, SYMBOL_VARIANTS, BakerState


def new_game(players, options, seed):
    if players != 2:
        raise ValueError(f"Bakerstreet is for exactly 2 players, not {players}")
    return BakerState(bundled_cards(), seed, options.get("symbols", "all"))


SPEC = GameSpec(
    id="bakerstreet",
    name="Bakerstreet",
    pitch="Bluff about six hidden cards, win disputes, and gather seven letters in a row.",
    min_players=2,
    max_players=2,
    team=False,
    options=(
        OptionSpec(
            "symbols",
            "Card symbols",
            "all",
            SYMBOL_VARIANTS,
            ("All symbols", "Without Stop", "Without x2", "Without Arrow"),
            help="A variant: one symbol's cards are played as plain cards (the rules use every symbol)",
            choice_help=(
                "As the rules have them: Stop, x2 and Arrow cards all do what they say",
                "A variant: Stop cards are plain cards, so every count runs to the bottom of its stack",
                "A variant: x2 cards are plain cards, so nothing doubles a side's count",
                "A variant: Arrow cards are plain cards, so a count never moves on to the next stack",
            ),
        ),
    ),
    new_game=new_game,
    bots={
        "random": RandomBot,
        "basic": BasicBot,
        "expert": ExpertBot,
        # for measuring the expert's bluffing only (docs/bakerstreet.md); not offered in the app
        "exploiter": ExploiterBot,
        "deceiver": DeceiverBot,
        "expert-nobluff": NoBluffExpertBot,
    },
    actions=ValueCodec(ACTIONS),
    events=ValueCodec(EVENTS),
    data_file="bakerstreet.yaml",
    load_cards=load_cards,
)
