"""The interface half of ``sleuth selftest``: every scene opens and draws, and one bots-only game
of every registered game is played through its real table scene at instant speed, the bots
thinking in the worker process as they do in the app."""

from __future__ import annotations

import tempfile
import time
import traceback


def run_ui_selftest(report=print) -> str | None:
    """None when all is well, otherwise the reason (with the traceback)."""
    try:
        return _run(report)
    except Exception:  # noqa: BLE001 - the reason is the result
        return traceback.format_exc()


def _run(report) -> str | None:
    from sleuth.core.registry import available
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.driver import headless_app, pump
    from sleuth.ui.scenes.pause import PauseScene
    from sleuth.ui.scenes.rules import RulesScene
    from sleuth.ui.scenes.settings import SettingsScene
    from sleuth.ui.scenes.setup import SetupScene
    from sleuth.ui.scenes.statistics import StatisticsScene
    from sleuth.ui.scenes.table import start_game
    from sleuth.ui.scenes.title import TitleScene

    with tempfile.TemporaryDirectory(prefix="sleuth-selftest-") as home:
        # bots think in the worker process, as in the app: the executable must be able to start it
        app = headless_app(home, animation_speed="instant", bot_pace="instant", bot_process=True)
        try:
            app.stack.push(TitleScene(app))
            pump(app, frames=1)
            for scene in (SettingsScene(app), StatisticsScene(app)):
                app.stack.push(scene)
                pump(app, 0.1, frames=2)
                app.stack.pop()
            for spec in available():
                app.stack.push(SetupScene(app, spec))
                pump(app, frames=1)
                app.stack.pop()
                app.stack.push(RulesScene(app, spec))
                pump(app, frames=1)
                app.stack.pop()
            for spec in available():
                start = time.perf_counter()
                seats = [SeatInfo(f"Bot {i + 1}", "random") for i in range(spec.min_players)]
                table = start_game(app, spec, seats, {}, seed=7)
                app.stack.push(PauseScene(app, table))
                pump(app, frames=1)
                app.stack.pop()
                pump(app, until=lambda t=table: t.results_shown, timeout=120)
                report(f"selftest: ui: {spec.id}: played {len(table.session.replay.actions)} actions through "
                       f"the table in {time.perf_counter() - start:.1f}s")
                app.stack.reset(TitleScene(app))
                pump(app, frames=1)
        finally:
            app.shutdown()
    return None
