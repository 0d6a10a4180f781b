"""The games Sleuth knows, by id.

Each game package (``sleuth/games/<pkg>/__init__.py``) exposes ``SPEC: GameSpec``. The registry
imports it on first use, so starting the app or the CLI does not load every engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sleuth.core.errors import SleuthError
from sleuth.core.values import ValueCodec

if TYPE_CHECKING:
    from sleuth.ai.bot import Bot
    from sleuth.core.engine import GameState

#: Game id -> the package that defines it. The order is the order the title screen shows.
GAME_MODULES: dict[str, str] = {
    "beyond-baker-street": "sleuth.games.beyond_baker_street",
    "bakerstreet": "sleuth.games.bakerstreet",
    "purrrlock-holmes": "sleuth.games.purrrlock_holmes",
    "case-connection": "sleuth.games.case_connection",
}


class UnknownGame(SleuthError):
    pass


@dataclass(frozen=True)
class OptionSpec:
    """One game option, as ``--option key=value`` and on the setup screen.

    ``choices`` lists the allowed values (as they are typed); ``labels`` the same for people.
    """

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...]
    labels: tuple[str, ...] = ()
    help: str = ""
    #: For an option that belongs to one seat (1-based), e.g. that seat's character: the setup
    #: screen shows it beside the seat, and only while the seat is in play.
    seat: int | None = None
    #: An option that matters only while another one has certain values: (that option's key, the
    #: values), e.g. a seat's character only while characters are on. Otherwise it is not shown
    #: and the game starts with its default.
    shown_when: tuple[str, tuple[Any, ...]] | None = None
    #: One line per choice saying what it does (the setup screen's tooltip for the choice shown).
    choice_help: tuple[str, ...] = ()
    #: Seat options sharing this word take different values at one table, their default aside
    #: (two seats cannot play the same character): the setup screen says so before the game starts.
    exclusive: str = ""
    #: Named wherever a game's rule set is summed up (the statistics), whatever its value: a choice
    #: the rulebook leaves to the players (Beyond Baker Street's case file) or a default that is not
    #: the rulebook's (Case Connection's balance rule). Other options are named when not at their
    #: default.
    named: bool = False

    def coerce(self, value: Any) -> Any:
        """Turn typed text (or a value) into one of the choices, or raise ValueError."""
        for choice in self.choices:
            if value == choice or str(value) == str(choice):
                return choice
        allowed = ", ".join(str(c) for c in self.choices)
        raise ValueError(f"option {self.key}: {value!r} is not one of {allowed}")

    def label_of(self, value: Any) -> str:
        if self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        return str(value)

    def name_of(self, value: Any) -> str:
        """The choice's label as a sentence names it, without a list number ("Inspector Martin",
        not "8. Inspector Martin")."""
        label = self.label_of(value)
        return label.split(". ", 1)[1] if label[:1].isdigit() and ". " in label else label


@dataclass(frozen=True)
class GameSpec:
    """What the app, the CLI and the match runner need to know about one game.

    ``new_game(players, options, seed)`` builds a fresh state with the bundled card data.
    ``bots`` maps a bot kind (``random``, ``basic``, ``expert``, ``seer``) to a factory.
    ``team`` is True when the seats win or lose together (cooperative, or Purrrlock's catch).
    """

    id: str
    name: str
    pitch: str
    min_players: int
    max_players: int
    team: bool
    options: tuple[OptionSpec, ...]
    new_game: Callable[[int, Mapping[str, Any], int], GameState]
    bots: Mapping[str, Callable[[], Bot]]
    actions: ValueCodec
    events: ValueCodec
    #: The YAML file under ``data/cards/`` and the function that reads and checks it.
    data_file: str = ""
    load_cards: Callable[[Any], Any] | None = None
    default_bot: str = "expert"
    #: Game-specific figures for ``sleuth bench GAME`` (seconds -> named numbers).
    bench_extra: Callable[[float], Mapping[str, Any]] | None = None
    #: Raised by one whenever a change to the game's card data or setup deals a seed differently,
    #: so that a save from before the change is refused as older instead of as damaged
    #: (``core/replay.py``). Saves of edition 1 do not write it.
    edition: int = 1
    #: False where every move shows its player something new (Purrrlock Holmes: an answer, a
    #: verdict, a draw), so Take back could never apply and is not offered at all
    take_backs: bool = True
    #: How the seats play, after the player count on the title's card ("cooperative"); by default
    #: "cooperative" for a team game, else "competitive"
    play_kind: str = ""
    #: The name the table's banner shows, where room is short ("Case Connection"); the full
    #: name everywhere else (title, setup, results)
    banner_name: str = ""
    #: Actions recorded for the program's sake that players do not count as moves, by name
    #: (Case Connection's ``end_turn``: a turn's close, after its moves): ``move_count`` leaves them out
    not_moves: tuple[str, ...] = ()

    def move_count(self, actions) -> int:
        """How many moves a game's recorded ``(seat, text)`` actions are, as players count them."""
        return sum(1 for _seat, text in actions if text.split("(", 1)[0] not in self.not_moves)

    @property
    def short_name(self) -> str:
        return self.banner_name or self.name

    def make_bot(self, kind: str) -> Bot:
        try:
            factory = self.bots[kind]
        except KeyError:
            raise UnknownGame(
                f"{self.id} has no bot {kind!r}; bots: {', '.join(self.bots)}"
            ) from None
        return factory()

    @property
    def player_range(self) -> str:
        """"2" or "2-4", for sentences such as "Bakerstreet is for 2 players"."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} is for {self.player_range} players, not {players}"
            )

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        from sleuth.core.engine import options_with_defaults

        return options_with_defaults(self.options, given)

    def create(self, players: int, options: Mapping[str, Any], seed: int) -> GameState:
        """A new game after checking the player count and filling in option defaults."""
        self.check_players(players)
        return self.new_game(players, self.resolve_options(options), seed)


def game_ids() -> tuple[str, ...]:
    return tuple(GAME_MODULES)


def get(game_id: str) -> GameSpec:
    """The spec of ``game_id``; UnknownGame with the known ids when there is none."""
    module_name = GAME_MODULES.get(game_id)
    if module_name is None:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(GAME_MODULES)}")
    module = importlib.import_module(module_name)
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise UnknownGame(f"{module_name} defines no SPEC")
    return spec


def available() -> list[GameSpec]:
    """Every game whose package is present, in title-screen order."""
    specs = []
    for game_id, module_name in GAME_MODULES.items():
        try:
            importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                continue
            raise
        specs.append(get(game_id))
    return specs
