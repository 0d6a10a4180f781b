"""The app's last line of defence: an unexpected error writes a report and tells the player.

The report (``crash-<UTC time>.txt`` in the user's log folder) holds what a bug report needs: the
traceback, Sleuth's and Python's versions, the system, and for a game in progress its game, seed,
seats and the replay (seed plus actions, so the moment can be played again). The autosave is left
exactly as the last move wrote it (pending writes are finished first), so Continue resumes the
game after a restart. The player sees a window saying so, or stderr where no window can open.
"""

from __future__ import annotations

import platform
import sys
import time
import traceback
from pathlib import Path

from sleuth import __version__


def crash_text(app, exc: BaseException) -> str:
    """The report's text (never raises: every part is best effort)."""
    lines = [
        f"Sleuth {__version__} stopped because of an unexpected error.",
        f"When: {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} UTC",
        f"Python {platform.python_version()} on {platform.platform()}",
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
    ]
    table = _table_of(app)
    if table is not None:
        try:
            from sleuth.core import replay as rp

            replay = table.session.replay
            lines += [
                "",
                f"Game: {replay.game_id}, seed {replay.seed}, options {replay.options}",
                "Seats: " + ", ".join(f"{s.name} ({s.kind})" for s in replay.seats),
                f"Moves played: {len(replay.actions)}",
                "",
                "Replay (open it as a save to play the game to this point):",
                rp.to_json(replay, table.session.state),
            ]
        except Exception as inner:  # noqa: BLE001 - a report with less is better than none
            lines += ["", f"(the game could not be added to the report: {inner!r})"]
    return "\n".join(lines) + "\n"


def _table_of(app):
    from sleuth.ui.scenes.table import TableScene

    scenes = getattr(getattr(app, "stack", None), "scenes", [])
    return next((s for s in reversed(scenes) if isinstance(s, TableScene)), None)


def write_crash_report(app, exc: BaseException) -> Path | None:
    """Write the report to the log folder; its path, or None when it could not be written."""
    from sleuth.store.paths import atomic_write_text

    try:
        folder = app.paths.log_dir
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        path = folder / f"crash-{stamp}.txt"
        atomic_write_text(path, crash_text(app, exc))
        return path
    except Exception:  # noqa: BLE001
        return None


def handle_crash(app, exc: BaseException) -> Path | None:
    """Report, keep the autosave, close the window, and say what happened."""
    traceback.print_exc(file=sys.stderr)
    report = write_crash_report(app, exc)
    try:
        app.io.shutdown(wait=True)  # the last autosave write finishes: Continue resumes the game
    except Exception:  # noqa: BLE001
        pass
    try:
        import pygame

        pygame.quit()
    except Exception:  # noqa: BLE001
        pass
    where = f"A report was written to {report}." if report else "No report could be written."
    game = " Your game was saved after your last move: choose Continue when you start Sleuth again." \
        if _table_of(app) is not None else ""
    from sleuth.ui.startup import show_problem

    # words a person would write: the error's class name ("(error)", "(KeyError)") is in the report
    show_problem(f"Sorry: Sleuth ran into a problem it did not expect and had to close.\n\n{where}{game}\n\n"
                 "Please send the report with a few words on what you were doing.")
    return report
