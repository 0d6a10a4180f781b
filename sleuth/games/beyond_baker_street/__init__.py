"""Beyond Baker Street: cooperative deduction for 2-4 players (rules in ``rules.py``)."""

from __future__ import annotations

from sleuth.ai.bot import RandomBot
from sleuth.core.registry import GameSpec, OptionSpec
from sleuth.core.values import ValueCodec
from sleuth.games.beyond_baker_street.cards import load_cards
from sleuth.games.beyond_baker_street.characters import ability_text
from sleuth.games.beyond_baker_street.rules import ACTION_CLASSES, EVENT_CLASSES, new_game


def _bot(kind: str):
    def make():
        if kind == "master":
            from sleuth.games.beyond_baker_street.master import MasterBot

            return MasterBot()
        from sleuth.games.beyond_baker_street import bots

        return bots.make(kind)

    return make


def _bench_extra(seconds: float):
    from sleuth.games.beyond_baker_street.bench import bench_extra

    return bench_extra(seconds)


def _options() -> tuple[OptionSpec, ...]:
    cards = load_cards()
    cases = tuple(c.number for c in cards.case_files)
    opts: list[OptionSpec] = [
        OptionSpec("case", "Case file", cases[0], cases,
                   tuple(f"Case {c.number} (Holmes {c.holmes}, Impossible {c.impossible_limit})"
                         for c in cards.case_files),
                   "Higher case files are harder.", named=True),
        OptionSpec("characters", "Characters", "off", ("off", "random"),
                   ("Off (first game)", "On (pick per seat)"),
                   "Off: nobody plays a character, as in your first game. On: each seat plays the "
                   "character picked beside it, or one dealt at random."),
    ]
    numbers = (0, *(ch.number for ch in cards.characters))
    labels = ("Dealt at random", *(f"{ch.number}. {ch.name}" for ch in cards.characters))
    helps = ("A character dealt at random from those nobody picked.",
             *(f"{ch.name}: {ability_text(ch.ability, cards)}" for ch in cards.characters))
    for seat in range(1, cards.max_players + 1):
        opts.append(OptionSpec(f"char{seat}", f"Character of seat {seat}", 0, numbers, labels,
                               f"The character seat {seat} plays while characters are on.",
                               seat=seat, shown_when=("characters", ("random",)), choice_help=helps,
                               exclusive="character"))
    return tuple(opts)


SPEC = GameSpec(
    id="beyond-baker-street",
    name="Beyond Baker Street",
    pitch="Solve the case together, before Holmes does, without seeing your own cards.",
    min_players=2,
    max_players=4,
    team=True,
    options=_options(),
    new_game=new_game,
    bots={"random": RandomBot, "basic": _bot("basic"), "expert": _bot("expert"), "master": _bot("master"),
          "seer": _bot("seer")},
    actions=ValueCodec(ACTION_CLASSES),
    events=ValueCodec(EVENT_CLASSES),
    data_file="beyond-baker-street.yaml",
    load_cards=load_cards,
    bench_extra=_bench_extra,
)
