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
