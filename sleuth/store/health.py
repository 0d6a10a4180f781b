"""A look at the player's folders when the app starts, so a problem is said once, clearly.

- A folder where a file should be (settings, the autosave, statistics) is named, with what it
  stops (nothing is deleted: it may hold something the player wants).
- Temporary files left by a write that was killed half-way (``.<name>.*.tmp``, see
  ``paths.atomic_write_text``) are removed once they are older than a minute (a younger one may
  belong to another Sleuth window that is writing right now).
- A folder Sleuth cannot write to gives one warning at the start ("your games will not be saved")
  instead of an error after every move.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from sleuth.store.paths import UserPaths

STALE_TMP_SECONDS = 60.0


def check_user_files(paths: UserPaths, now: float | None = None) -> list[str]:
    """Warnings for the player (empty when all is well); removes stale temporary files."""
    now = time.time() if now is None else now
    warnings: list[str] = []
    from sleuth.core.registry import game_ids, get

    for path, what, lost in (
        (paths.settings_file, "settings file", "settings will not be kept"),
        *((paths.game_save_file(g), f"saved game of {get(g).name}", f"games of {get(g).name} will not be saved")
          for g in game_ids()),
        (paths.stats_file, "statistics file", "statistics will not be kept"),
    ):
        if path.is_dir():
            warnings.append(f"Your {lost}: {path} is a folder where Sleuth keeps its {what}. "
                            "Move or rename that folder to fix it.")
    for folder in {paths.config_dir, paths.saves_dir, paths.data_dir}:
        _remove_stale_temporaries(folder, now)
    for folder, lost in ((paths.saves_dir, "games"), (paths.config_dir, "settings")):
        problem = _not_writable(folder)
        if problem:
            warnings.append(f"Your {lost} will not be saved: {problem}.")
    return warnings


def _remove_stale_temporaries(folder: Path, now: float) -> None:
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return
    for path in candidates:
        try:
            if path.is_file() and now - path.stat().st_mtime > STALE_TMP_SECONDS:
                path.unlink()
        except OSError:
            pass  # not ours to fight over; the next start tries again


def _not_writable(folder: Path) -> str | None:
    """None when Sleuth can create files in ``folder`` (creating it if needed), else why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=".write-check.", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(name)
    except OSError as exc:
        reason = "it is read-only" if isinstance(exc, PermissionError) or exc.errno in (13, 30) else exc.strerror
        return f"{folder} cannot be written ({reason})"
    return None
