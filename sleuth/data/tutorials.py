"""Guided first games: ``data/tutorials/<game>.yaml``, read and checked like card data.

A tutorial is a short scripted game on the real table. Its file fixes the deal (seed, options,
seats: seat 0 is the learner, every other seat a bot whose moves the script also fixes) and
lists the steps. Each step says one or two sentences and either waits for the learner to press
Next or for the one move it asks for (``do``, in the action's text form, the same form save files
use); afterwards the other seats' scripted moves (``then``) are played in order. After the last
step the game goes on with real bots, so the learner can finish it on their own.

    game: bakerstreet
    title: Learn Bakerstreet
    seed: 7
    options: {}                       # the game's options; missing ones take their defaults
    seats: [You, Inspector Lestrade]  # seat 0 is the learner; the others are scripted bots
    steps:
      - say: Both hands together decide the dispute.   # Next continues
        look_at: [hands]                 # optional: regions the table outlines (TableView.region)
      - say: Bid 7 on the letter.
        do: bid(amount=7)                # the one move accepted at this step
        wrong: Bid 7 this time.          # optional: said when the learner tries another move
        then: [pass_()]                  # the other seats' moves, in order (text or {seat, do})

Loading checks more than the shape: it plays the whole script through the engine, so a step
whose move is illegal at that point (the data changed, a typo) is reported with the file, the
line and the key, like any card data problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sleuth.core.engine import GameState
from sleuth.core.errors import IllegalAction, ParseError
from sleuth.core.registry import available, get
from sleuth.core.values import Action
from sleuth.data.loader import DataError, Node, load_yaml
from sleuth.resources import resource_root

#: one or two sentences a step: longer text is a lecture, not a step
MAX_SAY = 320
MAX_STEPS = 60
LEARNER = 0
#: a newcomer reads about this fast, and takes about this long to make a move they were shown
WORDS_PER_MINUTE = 180
SECONDS_PER_MOVE = 8


@dataclass(frozen=True)
class ScriptedMove:
    """A move of another seat, played by the script after the step."""

    seat: int
    action: Action
    line: int


@dataclass(frozen=True)
class Step:
    say: str
    look_at: tuple[str, ...] = ()
    do: Action | None = None
    wrong: str = ""
    then: tuple[ScriptedMove, ...] = ()
    line: int = 0

    @property
    def waits_for_move(self) -> bool:
        return self.do is not None


@dataclass(frozen=True)
class Tutorial:
    game_id: str
    title: str
    seed: int
    options: dict
    seats: tuple[str, ...]
    steps: tuple[Step, ...]
    file: str

    def new_state(self) -> GameState:
        return get(self.game_id).create(len(self.seats), self.options, self.seed)

    def estimated_seconds(self) -> float:
        """How long a newcomer takes: reading every step, and making each move it asks for."""
        words = sum(len(step.say.split()) for step in self.steps)
        moves = sum(1 for step in self.steps if step.waits_for_move)
        return words / WORDS_PER_MINUTE * 60 + moves * SECONDS_PER_MOVE

    def replay_to(self, step_index: int) -> GameState:
        """The game as it stands when step ``step_index`` begins (every earlier step done)."""
        state = self.new_state()
        for step in self.steps[:step_index]:
            play_step(state, step)
        return state


def play_step(state: GameState, step: Step) -> None:
    """Apply a finished step's moves: the learner's (if it asked for one), then the others'."""
    if step.do is not None:
        state.apply(LEARNER, step.do)
    for move in step.then:
        state.apply(move.seat, move.action)


def tutorial_file(game_id: str) -> Path:
    return resource_root() / "data" / "tutorials" / f"{game_id}.yaml"


def has_tutorial(game_id: str) -> bool:
    return tutorial_file(game_id).is_file()


def load_tutorial(path: Path | str) -> Tutorial:
    """Read, check and play through a tutorial file; DataError names file, line and key."""
    root = load_yaml(path)
    keys = root.mapping(required=("game", "title", "seed", "seats", "steps"), optional=("options",))
    games = {spec.id: spec for spec in available()}
    game_id = keys["game"].str(choices=sorted(games))
    spec = games[game_id]
    title = keys["title"].str()
    seed = keys["seed"].int(0, 2**31)
    seat_nodes = keys["seats"].seq()
    seats = tuple(node.str() for node in seat_nodes)
    try:
        spec.check_players(len(seats))
    except ValueError as exc:
        raise keys["seats"].error(str(exc)) from None
    options_given = keys["options"].value if "options" in keys else {}
    if options_given is None:
        options_given = {}
    if not isinstance(options_given, dict):
        raise keys["options"].error("expected a mapping of the game's options")
    try:
        options = spec.resolve_options(options_given)
    except (ValueError, KeyError) as exc:
        raise keys["options"].error(str(exc)) from None
    try:
        state = spec.create(len(seats), options, seed)
    except ValueError as exc:
        raise keys["seed"].error(f"the game cannot be set up: {exc}") from None
    steps = []
    for node in keys["steps"].seq(min_len=1, max_len=MAX_STEPS):
        steps.append(_read_step(node, spec, state, len(seats)))
    if not any(step.waits_for_move for step in steps):
        raise keys["steps"].error("a tutorial asks the learner for at least one move")
    return Tutorial(game_id, title, seed, options, seats, tuple(steps), str(path))


def _parse(node: Node, spec) -> Action:
    text = node.str()
    try:
        return spec.actions.parse(text)
    except ParseError as exc:
        raise node.error(f"not a move of {spec.name}: {exc}") from None


def _apply(node: Node, state: GameState, seat: int, action: Action, who: str) -> None:
    if state.is_over():
        raise node.error("the game is already over at this step")
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        raise node.error(f"{who} cannot play {action} here: {exc.reason}") from None


def _read_step(node: Node, spec, state: GameState, players: int) -> Step:
    keys = node.mapping(required=("say",), optional=("look_at", "do", "wrong", "then"))
    say = keys["say"].str()
    if len(say) > MAX_SAY:
        raise keys["say"].error(f"{len(say)} characters: a step says one or two sentences (at most {MAX_SAY})")
    look_at = tuple(item.str() for item in keys["look_at"].seq()) if "look_at" in keys else ()
    do = None
    if "do" in keys:
        do = _parse(keys["do"], spec)
        pending = state.pending_seats()
        if LEARNER not in pending and LEARNER not in state.optional_seats():
            raise keys["do"].error("it is not the learner's (seat 0's) turn here")
        _apply(keys["do"], state, LEARNER, do, "the learner")
    elif "wrong" in keys:
        raise keys["wrong"].error("'wrong' belongs to a step with 'do'")
    wrong = keys["wrong"].str() if "wrong" in keys else ""
    then = []
    if "then" in keys:
        for item in keys["then"].seq():
            if item.is_mapping():
                parts = item.mapping(required=("seat", "do"))
                seat = parts["seat"].int(1, players - 1)
                action = _parse(parts["do"], spec)
            else:
                pending = state.pending_seats()
                if not pending:
                    raise item.error("nobody is to move here; name the seat ({seat: N, do: ...})")
                seat = pending[0]
                if seat == LEARNER:
                    raise item.error("it is the learner's turn here: scripted moves are for the other seats")
                action = _parse(item, spec)
            _apply(item, state, seat, action, f"seat {seat}")
            then.append(ScriptedMove(seat, action, item.line))
    return Step(say, look_at, do, wrong, tuple(then), node.line)


__all__ = ["DataError", "ScriptedMove", "Step", "Tutorial", "has_tutorial", "load_tutorial", "play_step",
           "tutorial_file"]
