"""Where Sleuth keeps the player's files, and how it writes them without ever leaving half a file.

Every user file goes through one :class:`UserPaths`, built from platformdirs (the usual place on
each system: ``~/.config/Sleuth`` and ``~/.local/share/Sleuth`` on Linux, ``%APPDATA%`` on
Windows, ``~/Library/Application Support`` on macOS). The environment variable ``SLEUTH_HOME``
puts everything under one folder instead (``config/``, ``data/``, ``logs/``): the tests use it,
and so can a player who wants a portable copy. Nothing is created at import or construction;
folders appear on the first write.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "Sleuth"
HOME_ENV = "SLEUTH_HOME"


@dataclass(frozen=True)
class UserPaths:
    """The three folders Sleuth writes to, and the files inside them."""

    config_dir: Path
    data_dir: Path
    log_dir: Path

    @classmethod
    def default(cls) -> UserPaths:
        """``SLEUTH_HOME`` if set, otherwise the platform's folders for "Sleuth"."""
        home = os.environ.get(HOME_ENV, "").strip()
        if home:
            root = Path(home).expanduser()
            return cls(root / "config", root / "data", root / "logs")
        return cls(
            Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
        )

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / "saves"

    @property
    def autosave_file(self) -> Path:
        """The single save slot of Sleuth before one slot per game (read once, then moved)."""
        return self.saves_dir / "autosave.json"

    def game_save_file(self, game_id: str) -> Path:
        """The suspended game of one title (one slot per game: four at most)."""
        return self.saves_dir / f"{game_id}.json"

    @property
    def replays_dir(self) -> Path:
        """Where "Save replay" writes and "Open replay" looks."""
        return self.data_dir / "replays"

    @property
    def stats_file(self) -> Path:
        return self.data_dir / "stats.sqlite3"

    @property
    def log_file(self) -> Path:
        return self.log_dir / "sleuth.log"


def atomic_write_text(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` so that a reader (or a crash) sees the old file or the new one.

    The text goes to a temporary file in the same folder (so ``os.replace`` is a rename on one
    file system), is flushed and fsynced, then renamed over the target. If anything fails the
    temporary file is removed and the old file is untouched.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def move_aside(path: Path) -> Path:
    """Rename a bad file to ``<name>.bad-<UTC timestamp>`` next to it and return the new path.

    The player's data is never deleted: a file we cannot read is kept for them (or a bug report).
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    target = path.with_name(f"{path.name}.bad-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{counter}")
    os.replace(path, target)
    return target
