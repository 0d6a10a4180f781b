"""``sleuth bench ui``: frame time of the busiest table, headless at 1280x720."""

from __future__ import annotations

import tempfile
import time

from sleuth.ai.stats import percentile


def bench_ui(frames: int = 600, game_id: str = "beyond-baker-street", players: int | None = None) -> dict:
    from sleuth.ui.driver import headless_app

    with tempfile.TemporaryDirectory(prefix="sleuth-bench-") as home:  # removed afterwards, whatever happens
        return _bench(headless_app(home, animation_speed="normal", bot_pace="fast"), frames, game_id, players)


def _bench(app, frames: int, game_id: str, players: int | None) -> dict:
    from sleuth.core.registry import get
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.app import STEP
    from sleuth.ui.driver import pump
    from sleuth.ui.scenes.table import start_game

    spec = get(game_id)
    players = players or spec.max_players
    seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "basic") for i in range(1, players)]
    start_game(app, spec, seats, {}, seed=3)
    pump(app, 1.0, frames=10)
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        app.step(STEP * 2)
        app.draw()
        times.append((time.perf_counter() - start) * 1000)
    app.shutdown()
    return {
        "game": game_id,
        "players": players,
        "frames": frames,
        "frame_ms_median": percentile(times, 50),
        "frame_ms_p99": percentile(times, 99),
        "frame_ms_max": max(times),
    }


def bench_idle(seconds: float = 10.0) -> dict:
    """CPU seconds per wall second of the real loop (``App.run_loop``) on three resting screens:
    the title, a table waiting for the human's move, and the results. Headless (dummy video),
    so it measures the loop, not a compositor."""
    from sleuth.ui.driver import headless_app

    with tempfile.TemporaryDirectory(prefix="sleuth-bench-") as home:
        app = headless_app(home, animation_speed="normal", bot_pace="fast")
        try:
            return {"seconds_per_screen": seconds, **_idle_screens(app, seconds)}
        finally:
            app.shutdown()


def _idle_screens(app, seconds: float) -> dict:
    from sleuth.core.registry import get
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.driver import pump
    from sleuth.ui.scenes.table import start_game
    from sleuth.ui.scenes.title import TitleScene

    def measure(name: str) -> dict:
        app.toasts.clear()
        pump(app, 0.6)  # finish what is moving, read what is read off the loop
        frames, cpu, wall = app.frames_drawn, time.process_time(), time.perf_counter()
        app.run_loop(seconds)
        wall = time.perf_counter() - wall
        return {f"{name}_cpu_share": (time.process_time() - cpu) / wall,
                f"{name}_frames_per_s": (app.frames_drawn - frames) / wall}

    out: dict = {}
    app.stack.push(TitleScene(app))
    out.update(measure("title"))
    spec = get("beyond-baker-street")
    seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "expert") for i in range(1, 4)]
    table = start_game(app, spec, seats, {}, seed=3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=120)
    out.update(measure("table_waiting"))
    bots = start_game(app, get("bakerstreet"), [SeatInfo("A", "basic"), SeatInfo("B", "basic")], {}, seed=3,
                      replace_top=True)
    app.settings = app.settings.updated(animation_speed="instant", bot_pace="instant")
    pump(app, until=lambda: bots.results_shown, timeout=300)
    out.update(measure("results"))
    return out


def bench_stutter(seconds_per_game: float = 30.0, bot_process: bool = True) -> dict:
    """The longest frame while a bot thinks: a 4-player game of each title (Bakerstreet: 2) with
    Hard bots in every seat, through the real loop at normal animation speed. Bots think in the
    worker process as in the app (``bot_process=False`` measures the old thread for comparison)."""
    from sleuth.ui.driver import headless_app

    with tempfile.TemporaryDirectory(prefix="sleuth-bench-") as home:
        app = headless_app(home, animation_speed="normal", bot_pace="fast", bot_process=bot_process)
        try:
            return _stutter(app, seconds_per_game)
        finally:
            app.shutdown()


def _stutter(app, seconds_per_game: float) -> dict:
    from sleuth.core.registry import available
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.scenes.table import start_game

    out: dict = {}
    original = app.frame
    for spec in available():
        players = min(4, spec.max_players)
        table = start_game(app, spec, [SeatInfo(f"Bot {i + 1}", "expert") for i in range(players)], {}, seed=7)
        thinking: list[float] = []
        other: list[float] = []

        def timed(now, events, table=table, thinking=thinking, other=other):
            busy = table.session.thinking
            start = time.perf_counter()
            drawn = original(now, events)
            (thinking if busy else other).append((time.perf_counter() - start) * 1000)
            return drawn

        app.frame = timed
        app.run_loop(seconds_per_game)
        app.frame = original
        out[spec.id] = {
            "moves": len(table.session.replay.actions),
            "frames_while_thinking": len(thinking),
            "frame_ms_max_while_thinking": max(thinking, default=0.0),
            "frame_ms_p99_while_thinking": percentile(thinking, 99),
            "frame_ms_max_otherwise": max(other, default=0.0),
        }
        app.stack.pop()
    out["frame_ms_max_while_thinking"] = max(v["frame_ms_max_while_thinking"] for v in out.values())
    return out
