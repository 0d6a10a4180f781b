"""Where bots think while a table is on screen: a worker thread, or a worker process.

A bot's decision may take a tenth of a second or more of pure Python. On a thread of the app's
own process it holds the interpreter lock (garbage collection, clearing memo tables), and single
frames stalled for up to 237 ms. The app therefore lets bots think in one separate process,
started once and fed observations (frozen values that pickle), so the drawing loop never waits
for them. Tests and tools that want everything in one process use the thread runner; both run
the same :func:`decide`.

A bot keeps its state between decisions (beliefs, memo tables) and its own random generator, so
each runner holds the bots of every session it serves, keyed by the session's token, until the
session says ``forget``. A decision that is no longer wanted (a human called Paws, the player
left the table) cannot be stopped half-way: its answer is simply never read, and the budget each
bot keeps (an anytime search returns its best so far) bounds how long the worker stays busy.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass

from sleuth.ai.bot import Bot
from sleuth.ai.explain import Explanation
from sleuth.core.engine import Observation
from sleuth.core.values import Action


@dataclass(frozen=True)
class BotDecision:
    seat: int
    action: Action | None  # None: the bots declined every interrupt
    seconds: float
    for_log_length: int  # the decision was made for the state with this many events
    #: why the bot chose it, from its own evaluation at that moment (None: it does not explain)
    explanation: Explanation | None = None


@dataclass(frozen=True)
class DecisionJob:
    """Everything a worker needs to decide, as plain values.

    ``seats`` maps each bot seat of the session to (bot kind, seed of its generators); a worker
    makes the bots the first time it sees a session. ``optional`` lists the bot seats that may
    interrupt now with their views and legal actions; ``turn`` the seat to move. ``move`` is the
    number of moves played: each decision draws from a generator made from the seat's seed and
    the move number, so a resumed or replayed game gets the same bot choices as the first time.
    """

    token: str
    game_id: str
    seats: tuple[tuple[int, str, str], ...]
    optional: tuple[tuple[int, Observation, tuple[Action, ...]], ...]
    turn: tuple[int, Observation, tuple[Action, ...]] | None
    log_length: int
    budget_s: float
    move: int = 0


class SessionBots:
    """The bots of one session (kept between decisions) and the seeds of their generators."""

    def __init__(self, game_id: str, seats: Sequence[tuple[int, str, str]]) -> None:
        from sleuth.core.registry import get

        spec = get(game_id)
        self.bots: dict[int, Bot] = {seat: spec.make_bot(kind) for seat, kind, _ in seats}
        kinds = {seat: kind for seat, kind, _ in seats}
        for seat, bot in self.bots.items():
            bot.meet(seat, {other: kind for other, kind in kinds.items() if other != seat})  # the rest are people
        self.seeds: dict[int, str] = {seat: seed for seat, _, seed in seats}

    def rng(self, seat: int, move: int) -> random.Random:
        """The generator of ``seat``'s decision at move ``move``: the same whenever that moment is
        reached again (a resumed save, a replay, a take-back)."""
        return random.Random(f"{self.seeds[seat]}:{move}")


def decide(bots: SessionBots, job: DecisionJob) -> BotDecision:
    """Offer the interrupts first (Purrrlock's Paws), then the turn."""
    start = time.perf_counter()
    for seat, obs, legal in job.optional:
        made = bots.bots[seat].decide_interrupt(obs, legal, bots.rng(seat, job.move), job.budget_s)
        if made is not None:
            return BotDecision(seat, made.action, time.perf_counter() - start, job.log_length, made.explanation)
    if job.turn is None:
        return BotDecision(-1, None, time.perf_counter() - start, job.log_length)
    seat, obs, legal = job.turn
    made = bots.bots[seat].decide(obs, list(legal), bots.rng(seat, job.move), job.budget_s)
    return BotDecision(seat, made.action, time.perf_counter() - start, job.log_length, made.explanation)


@dataclass(frozen=True)
class HintJob:
    """The coach's question: what would the game's expert play in ``seat``'s place?

    It is asked from that seat's observation only (what the human sees, never more), by a fresh
    expert with a generator made from the game's seed and the move number, so the same moment
    always gets the same hint.
    """

    game_id: str
    seat: int
    obs: Observation
    legal: tuple[Action, ...]
    seed: str
    move: int
    budget_s: float
    interrupt: bool = False  # the seat may act out of turn (Paws) rather than take its turn


def hint(job: HintJob) -> BotDecision:
    """The expert's move and reasons for a human seat (runs where the bots run)."""
    from sleuth.core.registry import get

    start = time.perf_counter()
    bot = get(job.game_id).make_bot("expert")
    rng = random.Random(f"{job.seed}:hint:{job.seat}:{job.move}")
    if job.interrupt:
        made = bot.decide_interrupt(job.obs, job.legal, rng, job.budget_s)
    else:
        made = bot.decide(job.obs, list(job.legal), rng, job.budget_s)
    if made is None:
        return BotDecision(job.seat, None, time.perf_counter() - start, -1)
    return BotDecision(job.seat, made.action, time.perf_counter() - start, -1, made.explanation)


class ThreadRunner:
    """Bots think on one worker thread of this process (tests, tools, the headless app)."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sleuth-bot")
        self.sessions: dict[str, SessionBots] = {}

    def bots_of(self, token: str, game_id: str, seats) -> SessionBots:
        if token not in self.sessions:
            self.sessions[token] = SessionBots(game_id, seats)
        return self.sessions[token]

    def submit(self, job: DecisionJob) -> Future:
        bots = self.bots_of(job.token, job.game_id, job.seats)
        return self._pool.submit(decide, bots, job)

    def submit_hint(self, job: HintJob) -> Future:
        return self._pool.submit(hint, job)

    def forget(self, token: str) -> None:
        self.sessions.pop(token, None)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


# -- the worker process ------------------------------------------------------------------------
#: The bots living in a worker process (this module's one piece of state, and only in a worker:
#: the app's own process never fills it).
_WORKER_SESSIONS: dict[str, SessionBots] = {}


def _decide_in_worker(job: DecisionJob) -> BotDecision:
    bots = _WORKER_SESSIONS.get(job.token)
    if bots is None:
        bots = _WORKER_SESSIONS[job.token] = SessionBots(job.game_id, job.seats)
    return decide(bots, job)


def _forget_in_worker(token: str) -> None:
    _WORKER_SESSIONS.pop(token, None)


def exit_with_parent() -> None:
    """A pool's initializer: the worker ends when the process that started it ends, however it
    ends. A worker waits for work on a queue that its own copy of the pipe keeps open, so after its
    parent was killed (or lost its display: X's fatal error exits at once) it had waited for ever,
    a stray "sleuth" process holding 40 MB and, in the one-file build, its deleted folder."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()  # the parent's sentinel: ready when the parent is gone
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _warm_up() -> bool:
    """Import the games in the worker while the player is still on the title."""
    from sleuth.core.registry import available

    available()
    return True


class ProcessRunner:
    """Bots think in one separate process (the app): the drawing loop never waits for them.

    The process is started with ``spawn`` (a fresh interpreter, no copy of pygame's state) and
    warmed up at once. If it dies, the next decision starts a new one and the failed decision is
    reported like any bot error (the table plays a random move for the bot and says so).
    """

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._start()

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=exit_with_parent)
        self._pool.submit(_warm_up)

    def submit(self, job: DecisionJob) -> Future:
        try:
            return self._pool.submit(_decide_in_worker, job)
        except Exception:  # noqa: BLE001 - a broken pool (the worker died): start a fresh one
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._start()
            return self._pool.submit(_decide_in_worker, job)

    def submit_hint(self, job: HintJob) -> Future:
        try:
            return self._pool.submit(hint, job)
        except Exception:  # noqa: BLE001 - a broken pool (the worker died): start a fresh one
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._start()
            return self._pool.submit(hint, job)

    def forget(self, token: str) -> None:
        try:
            self._pool.submit(_forget_in_worker, token)
        except Exception:  # noqa: BLE001 - a dead worker has forgotten everything already
            pass

    def close(self) -> None:
        """Stop the worker now, even in the middle of a decision: Python's exit waits for a running
        job, and a Master thinking at the slow pace had kept a closed window's app alive 2-5 s.
        (``terminate_workers()`` arrives only in Python 3.14; the pool's own process list stands in.)"""
        if self._pool is not None:
            processes = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                if process.is_alive():
                    process.terminate()
            for process in processes:
                # a worker that outlives the request (seen once in a full test run, its sleep
                # uninterrupted for 10 s) is killed: the window closed stays closed
                process.join(timeout=1.0)
                if process.is_alive():
                    process.kill()
