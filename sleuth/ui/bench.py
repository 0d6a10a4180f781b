"""``sleuth bench ui`` (frame times of the busiest moments, against a floor), ``bench idle`` (the
CPU of a resting app) and ``bench stutter`` (the longest frame while a bot thinks). Headless at
1280x720, through the app's own scenes and loop."""

from __future__ import annotations

import tempfile
import time

import pygame

from sleuth.ai.stats import percentile


def bench_ui(frames: int = 240) -> dict:
    """Frame time of the busiest moments: a 4-player Beyond Baker Street table at rest, a
    5-player Purrrlock table while a bot's move animates, a card being dragged, and Case
    Connection's workbench full of threads. Each is compared with a floor drawn in the same run:
    a full-screen background and as many pre-rendered card surfaces as the table has sprites,
    blitted and flipped (what no table can beat)."""
    from sleuth.ui.driver import headless_app

    with tempfile.TemporaryDirectory(prefix="sleuth-bench-") as home:  # removed afterwards, whatever happens
        app = headless_app(home, animation_speed="normal", bot_pace="fast")
        try:
            moments = {name: make(app, frames) for name, make in (
                ("beyond_baker_street_4p_rest", _rest), ("purrrlock_5p_bot_move", _bot_move),
                ("drag", _drag), ("case_connection_full_workbench", _workbench))}
        finally:
            app.shutdown()
    worst = max(m["ratio_to_floor"] for m in moments.values())
    return {"frames_per_moment": frames, **moments, "worst_ratio_to_floor": worst}


def _timed(app, frames: int, before_frame=None) -> list[float]:
    from sleuth.ui.app import STEP

    times = []
    for index in range(frames):
        if before_frame is not None:
            before_frame(index)
        start = time.perf_counter()
        app.step(STEP * 2)
        app.draw()
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
    return times


def _floor(app, sprites: int, card: tuple[int, int], frames: int) -> float:
    window = app.window
    background = pygame.Surface(window.get_size())
    background.fill((30, 60, 40))
    face = pygame.Surface((max(1, int(card[0] * app.canvas.scale)), max(1, int(card[1] * app.canvas.scale))))
    face.fill((240, 230, 210))
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        window.blit(background, (0, 0))
        for k in range(sprites):
            window.blit(face, ((k * 37) % 1200, (k * 53) % 640))
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
    return percentile(times, 50)


def _report(app, table, times: list[float], frames: int) -> dict:
    sprites = len(table.view.board.by_key)
    sizes = [s.size for s in table.view.board.by_key.values()] or [(60, 84)]
    card = max(sizes, key=lambda size: size[0] * size[1])
    floor = _floor(app, sprites, card, frames)
    median = percentile(times, 50)
    return {"sprites": sprites, "frame_ms_median": median, "frame_ms_p99": percentile(times, 99),
            "frame_ms_max": max(times), "floor_ms_median": floor, "ratio_to_floor": median / floor if floor else 0.0}


def _table(app, game_id: str, seats, seed: int = 3):
    from sleuth.core.registry import get
    from sleuth.ui.scenes.table import start_game
    from sleuth.ui.scenes.title import TitleScene

    app.stack.reset(TitleScene(app))
    return start_game(app, get(game_id), seats, {}, seed)


def _rest(app, frames: int) -> dict:
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.driver import pump

    table = _table(app, "beyond-baker-street", [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "basic")
                                                                             for i in range(1, 4)])
    pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    return _report(app, table, _timed(app, frames), frames)


def _bot_move(app, frames: int) -> dict:
    """A bot's move animating on a 5-player Purrrlock table (a new move as soon as one ends)."""
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.driver import pump

    table = _table(app, "purrrlock-holmes", [SeatInfo(f"Bot {i}", "basic") for i in range(5)])
    pump(app, until=lambda: table.view.busy, timeout=60)
    times: list[float] = []
    while len(times) < frames and not table.state.is_over():
        pump(app, until=lambda: table.view.busy or table.state.is_over(), timeout=60)
        while table.view.busy and len(times) < frames:
            times.extend(_timed(app, 1))
    return _report(app, table, times, frames)


def _drag(app, frames: int) -> dict:
    """One of your cards held and moved over the Beyond Baker Street table, a frame at a time."""
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.driver import pump, send

    table = _table(app, "beyond-baker-street", [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "basic")
                                                                             for i in range(1, 4)])
    pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    own = next(s for key, s in table.view.board.by_key.items() if key[0] == "own")
    x, y = own.pos
    send(app, pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    send(app, pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)

    def move(index: int) -> None:
        px = 200 + (index * 9) % 700
        py = 200 + (index * 5) % 300
        send(app, pygame.MOUSEMOTION, pos=(px, py), rel=(9, 5), buttons=(1, 0, 0))

    times = _timed(app, frames, move)
    report = _report(app, table, times, frames)
    table.view.cancel()
    return report


def _workbench(app, frames: int) -> dict:
    """Case Connection with every thread of the deck in your hand, laid out on the workbench."""
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.driver import pump

    table = _table(app, "case-connection", [SeatInfo("You", "human"), SeatInfo("Bot", "basic")])
    pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    state = table.state
    if state.lead_deck and not state.leads[0]:
        state.leads[0] = state.lead_deck.pop()
    extra = state.thread_deck[:14]
    del state.thread_deck[:14]
    state.hand_threads[0].extend(extra)
    table.set_viewer(0)
    if hasattr(table.view, "hint"):
        table.view.hint()
    pump(app, 1.0)
    return _report(app, table, _timed(app, frames), frames)


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


def bench_memory() -> dict:
    """Peak resident memory of the app and of the bots' worker process over a 4-player Beyond
    Baker Street game against three Hard bots (the human's moves: the first legal one), headless.
    Unix only (``resource``); elsewhere the figures are None."""
    from sleuth.core.registry import get
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.driver import headless_app, pump
    from sleuth.ui.scenes.table import start_game

    try:
        import resource
    except ImportError:  # Windows
        resource = None
    with tempfile.TemporaryDirectory(prefix="sleuth-bench-") as home:
        app = headless_app(home, animation_speed="fast", bot_pace="instant", bot_process=True)
        try:
            seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "expert") for i in range(1, 4)]
            table = start_game(app, get("beyond-baker-street"), seats, {}, seed=5)
            for _ in range(400):
                pump(app, until=lambda: table.results_shown or table.viewer_may_act(), timeout=120)
                if table.results_shown:
                    break
                table.act(table.legal_for_viewer()[0], confirmed=True)
            moves = len(table.session.replay.actions)
        finally:
            app.shutdown()
    if resource is None:
        return {"moves": moves, "app_peak_mb": None, "worker_peak_mb": None}
    scale = 1024 * 1024 if __import__("sys").platform == "darwin" else 1024  # bytes on macOS, kB on Linux
    return {"moves": moves,
            "app_peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / scale,
            "worker_peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / scale}
