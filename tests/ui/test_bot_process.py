"""Bots think in a separate process in the app (issue 17): the drawing loop never waits for them.
A game plays to its end through the table with the process runner; a bot that raises, or a worker
that dies, leaves the table responsive and says so; a decision no longer wanted is never applied."""

from __future__ import annotations

import os
import time

import pytest

from sleuth.ai.runner import DecisionJob, ProcessRunner
from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import headless_app, pump
from sleuth.ui.scenes.table import start_game


@pytest.fixture(scope="module")
def process_app(tmp_path_factory):
    app = headless_app(str(tmp_path_factory.mktemp("home")), animation_speed="instant", bot_pace="instant",
                       bot_process=True)
    yield app
    app.shutdown()


def test_a_game_against_bots_in_the_worker_process_plays_to_the_end(process_app):
    app = process_app
    table = start_game(app, get("purrrlock-holmes"), [SeatInfo("A", "basic"), SeatInfo("B", "expert"),
                                                      SeatInfo("C", "basic")], {}, seed=4)
    assert table.session.runner is app.bot_runner
    pump(app, until=lambda: table.results_shown, timeout=120)
    assert table.state.is_over()
    app.stack.pop()
    app.stack.pop()


def test_the_worker_keeps_each_bots_state_and_generator_between_decisions():
    """The same seeded game gives the same moves whether bots think in a thread or a process."""
    from sleuth.ui.session import GameSession

    runner = ProcessRunner()
    try:
        games = []
        for use_process in (False, True):
            session = GameSession.new("bakerstreet", [SeatInfo("A", "expert"), SeatInfo("B", "basic")], {}, 12,
                                      runner=runner if use_process else None)
            for _ in range(40):
                if session.state.is_over():
                    break
                session.start_bot_decision()
                decision = session.wait_for_bot(30)
                session.apply(decision.seat, decision.action)
            games.append(list(session.replay.actions))
            session.close()
        assert games[0] == games[1] and len(games[0]) >= 20
    finally:
        runner.close()


def test_a_worker_that_dies_is_replaced_and_the_table_carries_on(process_app):
    app = process_app
    table = start_game(app, get("bakerstreet"), [SeatInfo("You", "human"), SeatInfo("Bot", "basic")], {}, seed=5)
    pump(app, 0.5)
    pool = app.bot_runner._pool
    for pid in list(pool._processes):
        os.kill(pid, 9)
    time.sleep(0.3)
    # play on: the human's moves and the bot's answers keep coming
    start = len(table.session.replay.actions)
    for _ in range(6):
        pump(app, until=lambda: table.state.is_over() or table.viewer_may_act(), timeout=60)
        if table.state.is_over():
            break
        table.act(table.legal_for_viewer()[0], confirmed=True)
    assert len(table.session.replay.actions) > start + 3
    app.stack.pop()


def test_a_job_for_an_unknown_game_is_an_error_the_table_reports_not_a_crash():
    runner = ProcessRunner()
    try:
        job = DecisionJob("t", "no-such-game", ((0, "basic", "s"),), (), None, 0, 0.05)
        with pytest.raises(Exception, match="no-such-game"):
            runner.submit(job).result(timeout=60)
    finally:
        runner.close()


@pytest.mark.parametrize("game_id, kinds", [
    ("bakerstreet", ("expert", "basic")),
    ("purrrlock-holmes", ("expert", "basic", "expert")),
    ("beyond-baker-street", ("expert", "expert", "basic")),
    ("case-connection", ("basic", "basic")),
])
def test_a_resumed_game_gets_the_same_bot_choices_as_the_first_time(game_id, kinds):
    """A bot's randomness comes from the game's seed, its seat and the move number: stopping and
    resuming a game (or replaying it) never changes what the bots choose.

    The bots get a budget no load can cut (a time-limited search stopped early by a busy machine
    may choose differently; that is the clock, not the bot's randomness)."""
    budget = 30.0
    from sleuth.core import replay as rp
    from sleuth.ui.session import GameSession

    def play(session, moves):
        for _ in range(moves):
            if session.state.is_over():
                break
            session.start_bot_decision()
            decision = session.wait_for_bot(60)
            session.apply(decision.seat, decision.action)

    seats = [SeatInfo(f"Bot {i}", kind) for i, kind in enumerate(kinds)]
    whole = GameSession.new(game_id, seats, {}, 31, budget_s=budget)
    play(whole, 24)
    first = GameSession.new(game_id, seats, {}, 31, budget_s=budget)
    play(first, 9)
    text = rp.to_json(first.replay, first.state)
    first.close()
    replay, state = rp.from_json(text)
    resumed = GameSession(get(game_id), replay, state, budget_s=budget)
    play(resumed, 15)
    assert resumed.replay.actions == whole.replay.actions[: len(resumed.replay.actions)]
    assert len(resumed.replay.actions) >= 12
    whole.close()
    resumed.close()


@pytest.mark.skipif(os.name != "posix", reason="kills a process with SIGKILL")
def test_the_worker_ends_when_the_app_is_killed():
    """Executable play-test: after the app was killed (kill -9, or its X display gone: X's fatal
    error exits at once) the bots' worker waited for work for ever, a stray process."""
    import signal
    import subprocess
    import sys

    script = ("from sleuth.ai.runner import ProcessRunner\n"
              "import time\n"
              "runner = ProcessRunner()\n"
              "runner._pool.submit(time.sleep, 0).result(timeout=60)\n"
              "print(*runner._pool._processes, flush=True)\n"
              "time.sleep(120)\n")
    app = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(app.stdout.readline())
        os.kill(worker, 0)  # alive
        app.send_signal(signal.SIGKILL)
        app.wait(timeout=10)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                os.kill(worker, 0)
            except ProcessLookupError:
                return  # gone (reaped by init)
            status = open(f"/proc/{worker}/stat").read().split()[2] if os.path.exists(f"/proc/{worker}") else "X"
            if status == "Z":
                return  # ended, waiting to be reaped
            time.sleep(0.1)
        os.kill(worker, signal.SIGKILL)
        raise AssertionError("the worker outlived the app")
    finally:
        if app.poll() is None:
            app.kill()


def test_closing_the_runner_stops_a_worker_in_the_middle_of_a_decision():
    """Play-test: closing the window while a Master thought (slow pace) took 2-5 s before the app
    exited: Python's exit waited for the running job. The worker is stopped at once."""
    runner = ProcessRunner()
    runner._pool.submit(time.sleep, 0).result(timeout=60)  # the worker is up
    processes = list(runner._pool._processes.values())
    runner._pool.submit(time.sleep, 30)  # a long decision under way
    time.sleep(0.3)
    started = time.monotonic()
    runner.close()
    for process in processes:
        process.join(timeout=10)
        assert not process.is_alive()
    assert time.monotonic() - started < 5
