"""The autosave: the game in progress as its replay file, rewritten after every action.

A save is the replay JSON of :func:`sleuth.core.replay.to_json` (seed, options, seats, actions,
digest), so Continue and watching a replay are the same code. The UI writes it from a worker
thread after each action: build the text on the UI thread (``replay.to_json(replay, state)``
reads the live state) and hand only the string to :func:`write_autosave`. Every function here
takes one lock, so a write, a clear and a move-aside never interleave; the write itself is atomic,
so killing the process loses at most the action in progress.

An autosave that cannot be resumed (edited, cut short, from a newer Sleuth, or one the current
rules no longer replay) is moved aside to ``autosave.json.bad-<timestamp>``: Continue disappears,
the file is kept for the player, and nothing else is touched.
"""

from __future__ import annotations

import threading
from pathlib import Path

from sleuth.core import replay as replay_io
from sleuth.core.engine import GameState
from sleuth.core.errors import ReplayError, SleuthError
from sleuth.store.paths import UserPaths, atomic_write_text, move_aside

# One lock for every autosave operation in the process (a lock is the one piece of shared state
# this module needs; the UI writes from a worker thread and reads/clears from the UI thread).
_LOCK = threading.RLock()


class AutosaveError(SleuthError):
    """The autosave could not be resumed. ``moved_to`` is where the bad file was kept (or None)."""

    def __init__(self, message: str, moved_to: Path | None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


def write_autosave(paths: UserPaths, text: str) -> None:
    """Replace the autosave with ``text`` (a replay JSON), atomically."""
    with _LOCK:
        atomic_write_text(paths.autosave_file, text)


def save_game(paths: UserPaths, replay: replay_io.Replay, state: GameState) -> None:
    """Convenience for the UI thread: serialise and write in one call (both under the lock)."""
    text = replay_io.to_json(replay, state)
    write_autosave(paths, text)


def read_autosave(paths: UserPaths) -> str | None:
    """The autosave's text, or None when there is none. Bytes that are not UTF-8 become U+FFFD
    (such a file then fails to load and is moved aside by :func:`load_autosave`)."""
    with _LOCK:
        try:
            return paths.autosave_file.read_bytes().decode("utf-8", errors="replace")
        except FileNotFoundError:
            return None


def has_autosave(paths: UserPaths) -> bool:
    """Whether the title screen should offer Continue."""
    return paths.autosave_file.is_file()


def clear_autosave(paths: UserPaths) -> None:
    """Forget the game in progress (it finished, or the player abandoned it)."""
    with _LOCK:
        paths.autosave_file.unlink(missing_ok=True)


def load_autosave(paths: UserPaths) -> tuple[replay_io.Replay, GameState] | None:
    """The saved game, replayed to where play stopped; None when there is no autosave.

    Raises :class:`AutosaveError` with a message for the player when the file cannot be resumed;
    by then the file has been moved aside, so the next title screen no longer offers Continue.
    """
    with _LOCK:
        text = read_autosave(paths)
        if text is None:
            return None
        try:
            return replay_io.from_json(text)
        except ReplayError as exc:
            reason = str(exc)
        except Exception as exc:  # an engine bug met while replaying must not stop the app
            reason = f"replaying it failed ({type(exc).__name__}: {exc})"
        try:
            moved: Path | None = move_aside(paths.autosave_file)
            kept = f" The file was kept as {moved}."
        except OSError as exc:
            moved = None
            kept = f" It could not be moved aside ({exc.strerror})."
        raise AutosaveError(f"The saved game could not be resumed: {reason}.{kept}", moved)
