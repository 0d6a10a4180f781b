"""Saves are replays: (game id, options, seats, seed, actions, format version).

Loading rebuilds the game by replaying every action through the engine, so resuming and watching
a replay are the same code. A digest of the event log is stored too: a save that was edited so
that it replays into a different game, or that was cut short, or that comes from a newer format,
is refused with a message that says which.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from sleuth.core.engine import GameState
from sleuth.core.errors import IllegalAction, ParseError, ReplayError
from sleuth.core.registry import GameSpec, UnknownGame, get

FORMAT_VERSION = 1


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a name and ``human`` or a bot kind."""

    name: str
    kind: str

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass
class Replay:
    game_id: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    seed: int
    actions: list[tuple[int, str]] = field(default_factory=list)

    def record(self, seat: int, action: object) -> None:
        self.actions.append((seat, str(action)))


def log_digest(state: GameState) -> str:
    """A short fingerprint of everything that happened (events, in order)."""
    digest = hashlib.sha256()
    for event in state.log:
        digest.update(str(event).encode())
        digest.update(repr(event.audience).encode())
        digest.update(b"\n")
    return digest.hexdigest()[:32]


def new_state(replay: Replay) -> GameState:
    spec = get(replay.game_id)
    return spec.create(len(replay.seats), replay.options, replay.seed)


def rebuild(replay: Replay) -> GameState:
    """Replay every action; ReplayError names the first one that does not apply."""
    spec = get(replay.game_id)
    try:
        state = spec.create(len(replay.seats), replay.options, replay.seed)
    except ValueError as exc:
        raise ReplayError(f"the saved game cannot be set up: {exc}") from None
    for index, (seat, text) in enumerate(replay.actions):
        try:
            action = spec.actions.parse(text)
            state.apply(seat, action)
        except (ParseError, IllegalAction) as exc:
            raise ReplayError(f"action {index + 1} ({text}) no longer replays: {exc}") from None
    return state


def to_json(replay: Replay, state: GameState | None = None) -> str:
    """The save file text. ``state`` (the replayed game) supplies the digest; rebuilt if absent."""
    state = state if state is not None else rebuild(replay)
    payload = {
        "format": FORMAT_VERSION,
        "game": replay.game_id,
        "options": replay.options,
        "seats": [{"name": s.name, "kind": s.kind} for s in replay.seats],
        "seed": replay.seed,
        "actions": [[seat, text] for seat, text in replay.actions],
        "digest": log_digest(state),
    }
    return json.dumps(payload, indent=1)


def from_json(text: str) -> tuple[Replay, GameState]:
    """Read a save file and replay it. ReplayError says exactly why a save is refused."""
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"the save file is not valid JSON (line {exc.lineno}): {exc.msg}") from None
    if not isinstance(payload, dict):
        raise ReplayError("the save file does not hold a saved game")
    version = payload.get("format")
    if not isinstance(version, int):
        raise ReplayError("the save file has no format version")
    if version > FORMAT_VERSION:
        raise ReplayError(
            f"the save file is from a newer Sleuth (format {version}; this one reads up to {FORMAT_VERSION})"
        )
    try:
        seats = [SeatInfo(str(s["name"]), str(s["kind"])) for s in payload["seats"]]
        actions = [(int(seat), str(text)) for seat, text in payload["actions"]]
        replay = Replay(
            game_id=str(payload["game"]),
            options=dict(payload["options"]),
            seats=seats,
            seed=int(payload["seed"]),
            actions=actions,
        )
        digest = str(payload["digest"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"the save file is incomplete or malformed ({exc!r})") from None
    try:
        spec: GameSpec = get(replay.game_id)
        spec.check_players(len(replay.seats))
        spec.resolve_options(replay.options)
        for seat in replay.seats:
            if not seat.is_human:
                spec.make_bot(seat.kind)
    except (UnknownGame, ValueError) as exc:
        raise ReplayError(f"the save file cannot be resumed: {exc}") from None
    state = rebuild(replay)
    if log_digest(state) != digest:
        raise ReplayError(
            "the save file was changed or cut short: replaying it gives a different game"
        )
    return replay, state
