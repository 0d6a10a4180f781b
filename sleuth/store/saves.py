"""Suspended games: one per title (four at most), each its replay file, rewritten after every action.

A save is the replay JSON of :func:`sleuth.core.replay.to_json` (seed, options, seats, actions,
digest), so Continue and watching a replay are the same code. Each game has its own slot,
``saves/<game id>.json``, so starting a game of Bakerstreet never throws away a suspended game of
Purrrlock Holmes; the title offers each one, and a new game of the same title asks first.

The UI writes a slot from a worker thread after each action: build the text on the UI thread
(``replay.to_json(replay, state)`` reads the live state) and hand only the string to
:func:`write_autosave`. Every function here takes one lock, so a write, a clear and a move-aside
never interleave; the write itself is atomic, so killing the process loses at most the action in
progress.

A save that cannot be resumed (edited, cut short, from a newer Sleuth, or one the current rules no
longer replay) is moved aside to ``<name>.bad-<timestamp>``: its Continue disappears, the file is
kept for the player, and nothing else is touched. The single ``autosave.json`` of earlier versions
is moved into its game's slot the first time the slots are listed.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from sleuth.core import replay as replay_io
from sleuth.core.engine import GameState
from sleuth.core.errors import ReplayError, SleuthError
from sleuth.core.registry import game_ids
from sleuth.store.paths import UserPaths, atomic_write_text, move_aside

# One lock for every save operation in the process (a lock is the one piece of shared state this
# module needs; the UI writes from a worker thread and reads/clears from the UI thread).
_LOCK = threading.RLock()


class AutosaveError(SleuthError):
    """A save could not be resumed. ``moved_to`` is where the bad file was kept (or None)."""

    def __init__(self, message: str, moved_to: Path | None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


def _game_of(text: str) -> str:
    try:
        game = json.loads(text).get("game")
    except (ValueError, AttributeError, RecursionError):
        game = None
    if not isinstance(game, str) or game not in game_ids():
        raise ValueError("a save names its game")
    return game


def write_autosave(paths: UserPaths, text: str, game_id: str | None = None) -> None:
    """Replace the game's slot with ``text`` (a replay JSON), atomically."""
    game_id = game_id or _game_of(text)
    with _LOCK:
        atomic_write_text(paths.game_save_file(game_id), text)


def save_game(paths: UserPaths, replay: replay_io.Replay, state: GameState) -> None:
    """Convenience for the UI thread: serialise and write in one call (both under the lock)."""
    write_autosave(paths, replay_io.to_json(replay, state), replay.game_id)


def read_autosave(paths: UserPaths, game_id: str) -> str | None:
    """The slot's text, or None when there is none. Bytes that are not UTF-8 become U+FFFD
    (such a file then fails to load and is moved aside by :func:`load_autosave`)."""
    with _LOCK:
        _adopt_old_autosave(paths)
        try:
            return paths.game_save_file(game_id).read_bytes().decode("utf-8", errors="replace")
        except (FileNotFoundError, IsADirectoryError):
            return None


def suspended_games(paths: UserPaths) -> list[str]:
    """The games with a suspended game, the most recently played first."""
    with _LOCK:
        _adopt_old_autosave(paths)
        found = []
        for game_id in game_ids():
            path = paths.game_save_file(game_id)
            try:
                if path.is_file():
                    found.append((path.stat().st_mtime, game_id))
            except OSError:
                continue
        return [game_id for _, game_id in sorted(found, reverse=True)]


def has_autosave(paths: UserPaths, game_id: str | None = None) -> bool:
    """Whether that game (or any game, with None) has a suspended game to continue."""
    games = suspended_games(paths)
    return bool(games) if game_id is None else game_id in games


def clear_autosave(paths: UserPaths, game_id: str) -> None:
    """Forget the game's suspended game (it finished, or the player started a new one)."""
    with _LOCK:
        paths.game_save_file(game_id).unlink(missing_ok=True)


def load_autosave(paths: UserPaths, game_id: str) -> tuple[replay_io.Replay, GameState] | None:
    """The game's suspended game, replayed to where play stopped; None when there is none.

    Raises :class:`AutosaveError` with a message for the player when the file cannot be resumed;
    by then the file has been moved aside, so the next title screen no longer offers it.
    """
    with _LOCK:
        text = read_autosave(paths, game_id)
        if text is None:
            return None
        path = paths.game_save_file(game_id)
        try:
            replay, state = replay_io.from_json(text)
            if replay.game_id != game_id:
                raise ReplayError(f"it holds a game of {_game_name(replay.game_id)}")
            return replay, state
        except ReplayError as exc:
            reason = str(exc)
        except Exception as exc:  # an engine bug met while replaying must not stop the app
            reason = f"replaying it failed ({type(exc).__name__}: {exc})"
        try:
            moved: Path | None = move_aside(path)
            kept = f" The file is kept as {moved.name} in {moved.parent}."
        except OSError as exc:
            moved = None
            kept = f" It could not be moved aside ({exc.strerror})."
        raise AutosaveError(f"Your saved game of {_game_name(game_id)} could not be resumed: {reason}.{kept}", moved)


def _adopt_old_autosave(paths: UserPaths) -> None:
    """Move the one ``autosave.json`` of earlier versions into its game's slot (once)."""
    old = paths.autosave_file
    if not old.is_file():
        return
    try:
        text = old.read_bytes().decode("utf-8", errors="replace")
        target = paths.game_save_file(_game_of(text))
    except (OSError, ValueError):
        try:
            move_aside(old)  # not a save of any game we know: kept for the player, never deleted
        except OSError:
            pass
        return
    try:
        if target.exists():
            move_aside(old)  # the slot already holds a newer game of that title
        else:
            old.replace(target)
    except OSError:
        pass


def _game_name(game_id: str) -> str:
    """The game's name as the title shows it ("Bakerstreet"), its id where no game has it."""
    from sleuth.core.registry import UnknownGame, get

    try:
        return get(game_id).name
    except UnknownGame:
        return repr(game_id)
