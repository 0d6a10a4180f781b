"""One Sleuth at a time for one set of player files.

Two copies open on the same files each autosave their games, save their settings and record
statistics over the other's, and whichever writes last wins (the executable play-test opened two
windows without a word). The first copy holds an exclusive lock on a small file in the data
folder for as long as it runs; the system releases it when the process ends, however it ends, so
a crash never leaves a stale lock behind. A second copy finds the lock taken and says so instead
of opening.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

from sleuth.store.paths import UserPaths

LOCK_NAME = "sleuth.lock"

ALREADY_OPEN = ("Sleuth is already open in another window.\n\nSwitch to that window to play. Two copies "
                "at once would each save over the other's games, settings and statistics.")


class InstanceLock:
    """The lock on ``paths``' data folder; ``acquire()`` is False when another process holds it."""

    def __init__(self, paths: UserPaths) -> None:
        self.path: Path = paths.data_dir / LOCK_NAME
        self._file: IO[bytes] | None = None

    def acquire(self) -> bool:
        """Take the lock (True), or find it held by another process (False). A folder that cannot
        be written is not a reason to refuse to start: then there is nothing to guard, and True."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(self.path, "a+b")  # noqa: SIM115 - held open for the life of the process
        except OSError:
            return True
        try:
            _lock(handle)
        except OSError:
            handle.close()
            return False
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n".encode())
        handle.flush()
        self._file = handle
        return True

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing the file releases the lock
            self._file = None


def _lock(handle: IO[bytes]) -> None:
    """An exclusive, non-blocking lock on ``handle``: OSError when another process holds it."""
    if os.name == "nt":
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
