"""Saves are replays: (game id, options, seats, seed, actions, format version).

Loading rebuilds the game by replaying every action through the engine, so resuming and watching
a replay are the same code. A digest is stored too: a save that was damaged, edited so that it
replays into a different game or gives a seat to someone else, or that was cut short, or that
comes from an unknown format, is refused with a message that says which.

The digest of format 2 covers the whole save (format, game, options, seats with their names and
kinds, seed, actions) and the event log the actions replay into. Format 1 (written before this
version) covered the event log only; such saves are still read, and rewritten as format 2 at the
next move. The digest guards against damage, not against the player, who owns these files.

Seat names are cleaned as they are read (printable characters, at most 24; ``core/names.py``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from sleuth.core.engine import GameState
from sleuth.core.errors import IllegalAction, ParseError, ReplayError
from sleuth.core.names import clean_name
from sleuth.core.registry import GameSpec, UnknownGame, get

FORMAT_VERSION = 2
#: formats this version reads: 1 (log digest only) and 2 (digest of the whole save)
READABLE_FORMATS = (1, 2)


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
    #: moves taken back in a solo game (Take back, Ctrl+Z); written only when there were some
    undos: int = 0
    #: the game's edition (``GameSpec.edition``) the game is played under: the current one unless
    #: read from a save (which has 1 when it names none); written from 2 on
    edition: int | None = None
    #: the bots' reasons for their moves, by move number (``ai.explain.explanation_to_data``): a
    #: resumed game keeps its "why?"; written only when there are some
    reasons: dict[str, Any] = field(default_factory=dict)
    #: what the players laid out at the table besides their moves, by seat (Purrrlock's own note
    #: marks, Case Connection's desk): kept with a suspended game, outside its digest, and read
    #: leniently (notes that no longer read are dropped, never the game); written only when there
    #: are some
    notes: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.edition is None:
            try:
                self.edition = get(self.game_id).edition
            except UnknownGame:
                self.edition = 1

    def record(self, seat: int, action: object) -> None:
        self.actions.append((seat, str(action)))

    def take_back(self, length: int) -> None:
        """Forget every action from ``length`` on (a take-back), and count it."""
        del self.actions[length:]
        self.reasons = {move: data for move, data in self.reasons.items() if int(move) < length}
        self.undos += 1


@dataclass(frozen=True)
class LoggedGame:
    """A game's log alone, copied at a move: all a save's digest reads (``to_json`` may then run
    on another thread while the game goes on)."""

    log: tuple


def log_digest(state: GameState | LoggedGame) -> str:
    """A short fingerprint of everything that happened (events, in order)."""
    digest = hashlib.sha256()
    for event in state.log:
        digest.update(str(event).encode())
        digest.update(repr(event.audience).encode())
        digest.update(b"\n")
    return digest.hexdigest()[:32]


def save_digest(version: int, body: dict[str, Any], state: GameState | LoggedGame) -> str:
    """The digest written in a save: the log digest alone (format 1) or with the whole save body."""
    if version == 1:
        return log_digest(state)
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    digest = hashlib.sha256(canonical.encode())
    digest.update(log_digest(state).encode())
    return digest.hexdigest()[:32]


def _body(replay: Replay, version: int = FORMAT_VERSION) -> dict[str, Any]:
    return {
        "format": version,
        "game": replay.game_id,
        "options": replay.options,
        "seats": [{"name": s.name, "kind": s.kind} for s in replay.seats],
        "seed": replay.seed,
        "actions": [[seat, text] for seat, text in replay.actions],
    } | ({"undos": replay.undos} if replay.undos else {}) | ({"edition": replay.edition} if replay.edition != 1 else {}) \
        | ({"reasons": replay.reasons} if replay.reasons else {})


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
            raise ReplayError(move_refused(index + 1, replay.seats, seat, exc)) from None
    return state


def move_refused(number: int, seats: list[SeatInfo], seat: object, exc: Exception) -> str:
    """Why a saved game stops at move ``number``, in a player's words: the move's text and the
    engine's refusal (``pick_lead(lead='L11')``, "the leads you drew") are for the program."""
    name = seats[seat].name if isinstance(seat, int) and 0 <= seat < len(seats) else None
    # a seat named You (the default human name) reads "yours", never "You's"
    whose = "" if not name else ", yours," if name.lower() == "you" else f", {name}'s,"
    if isinstance(exc, ParseError):
        return f"its move {number}{whose} is not a move of this game: the file was changed"
    return (f"its move {number}{whose} cannot be played at that point of the game: the file was changed, "
            "or this version of Sleuth plays the game differently")


def to_json(replay: Replay, state: GameState | LoggedGame | None = None) -> str:
    """The save file text. ``state`` (the replayed game) supplies the digest; rebuilt if absent."""
    state = state if state is not None else rebuild(replay)
    payload = _body(replay)
    payload["digest"] = save_digest(FORMAT_VERSION, payload, state)
    if replay.notes:
        payload["notes"] = replay.notes
    return json.dumps(payload, indent=1)


def from_json(text: str) -> tuple[Replay, GameState]:
    """Read a save file and replay it. ReplayError says exactly why a save is refused."""
    try:
        payload = json.loads(text)
    except json.JSONDecodeError:
        raise ReplayError("the file is damaged or is not a Sleuth save") from None
    except (ValueError, RecursionError, MemoryError):
        raise ReplayError("the file is damaged or is not a Sleuth save") from None
    if not isinstance(payload, dict):
        raise ReplayError("the file is not a Sleuth save")
    version = payload.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ReplayError("the file is not a Sleuth save")
    if version > FORMAT_VERSION:
        raise ReplayError(
            f"the save file is from a newer Sleuth (format {version}; this one reads up to {FORMAT_VERSION})"
        )
    if version not in READABLE_FORMATS:
        raise ReplayError("the file is not a Sleuth save this version can read")
    try:
        seats = [SeatInfo(_text(s["name"]), _text(s["kind"])) for s in payload["seats"]]
        actions = [(_integer(seat), _text(text)) for seat, text in payload["actions"]]
        options = payload["options"]
        if not isinstance(options, dict):
            raise ValueError("options")
        replay = Replay(
            game_id=_text(payload["game"]),
            options=dict(options),
            seats=seats,
            seed=_integer(payload["seed"]),
            actions=actions,
            undos=_integer(payload.get("undos", 0)),
            edition=_integer(payload.get("edition", 1)),
            reasons=_reasons(payload.get("reasons", {})),
            notes=_notes(payload.get("notes")),
        )
        digest = _text(payload["digest"])
    except (KeyError, TypeError, ValueError, AttributeError):
        raise ReplayError("the file is incomplete or damaged") from None
    try:
        spec: GameSpec = get(replay.game_id)
    except UnknownGame:
        raise ReplayError(f"it is a game this Sleuth does not have ({_short(replay.game_id, 40)!r})") from None
    try:
        spec.check_players(len(replay.seats))
        spec.resolve_options(replay.options)
        for seat in replay.seats:
            if not seat.is_human:
                spec.make_bot(seat.kind)
    except (UnknownGame, ValueError):
        # the engine's words name option keys; the player reads which game will not take the file
        raise ReplayError(f"its players, options or bots do not fit {spec.name}") from None
    older = _other_edition(replay, spec)
    try:
        state = rebuild(replay)
    except ReplayError:
        if older:
            raise ReplayError(older) from None
        raise
    if save_digest(version, _body(replay, version), state) != digest:
        raise ReplayError(older or "the save file was changed or cut short: it does not match the game it was saved from")
    replay.edition = spec.edition  # it replays as it was played: saved from now on as this edition
    # names enter here as they do from the setup screen: printable, at most 24 characters
    replay.seats = [SeatInfo(clean_name(s.name, f"Player {i + 1}"), s.kind) for i, s in enumerate(replay.seats)]
    return replay, state


def _reasons(value: Any) -> dict[str, Any]:
    """The saved reasons as they were written (move number -> data); ValueError when not a map."""
    if not isinstance(value, dict) or not all(isinstance(k, str) and k.isdigit() for k in value):
        raise ValueError("reasons")
    return dict(value)


def _notes(value: Any) -> dict[str, Any]:
    """The table notes as written (seat -> the table's own data), or none when they are not a map
    of seats: a damaged note loses the note, not the game."""
    if not isinstance(value, dict) or not all(isinstance(k, str) and k.isdigit() for k in value):
        return {}
    return dict(value)


def _other_edition(replay: Replay, spec: GameSpec) -> str:
    """Why a save from another edition of the game (``GameSpec.edition``) may not replay, or ""
    when it is of this one. Such a save is still tried: a change that did not touch its game
    (another player count, say) leaves it playable."""
    if replay.edition == spec.edition:
        return ""
    when = "an earlier" if replay.edition < spec.edition else "a later"
    return (f"the game was saved by {when} version of Sleuth, which dealt {spec.name} differently; "
            "this version cannot replay it")


def _short(text: str, limit: int = 160) -> str:
    """Words quoted from a save stay short, whatever the file held."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("expected text")
    return value


def _integer(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("expected a whole number")
    return value
