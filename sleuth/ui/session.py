"""A game being played in the app: the true state, who sits where, the replay and the bots.

The session is the only owner of the real ``GameState``. Scenes draw observations from it and
hand it actions; bot decisions are computed by a runner (``sleuth/ai/runner.py``: the app's worker
process, or a worker thread) from observation snapshots (frozen values), so a thinking bot never
touches the state while the loop runs. Every applied action is recorded in the replay and the
autosave is written in the background.
"""

from __future__ import annotations

import errno
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from sleuth.ai.explain import Explanation, explanation_from_data, explanation_to_data
from sleuth.ai.runner import BotDecision, DecisionJob, HintJob, SessionBots, ThreadRunner
from sleuth.core import replay as rp
from sleuth.core.engine import GameState, Observation
from sleuth.core.errors import ParseError
from sleuth.core.registry import GameSpec, get
from sleuth.core.values import Action, Event

__all__ = ["AutosaveWriter", "BotDecision", "GameSession"]


class AutosaveWriter:
    """Writes one game's save on the app's writer thread (the text made there too) and remembers
    whether the last write failed: Save and quit must not promise a Continue for a game that
    could not be written (a folder where its save belongs lost the game without a word)."""

    def __init__(self, app, game_id: str) -> None:
        self.app, self.game_id = app, game_id
        #: why the last write failed, in a player's words; None after a write that worked
        self.problem: str | None = None

    def __call__(self, text_of: Callable[[], str]) -> None:
        from sleuth.store.saves import write_autosave

        def write() -> None:
            try:
                write_autosave(self.app.paths, text_of(), self.game_id)
            except OSError as exc:
                self.problem = self._words_for(exc)
                raise  # told once by the writer as well
            self.problem = None

        self.app.background(write)

    def _words_for(self, exc: OSError) -> str:
        """Why the save was not written, for a player: the save's own file, never the temporary
        one the write goes through ("is a directory (.purrrlock-holmes.json.lz0iy445.tmp)")."""
        path = self.app.paths.game_save_file(self.game_id)
        reasons = {errno.EISDIR: f"a folder named {path.name} lies where the save belongs",
                   errno.EACCES: "Sleuth may not write in its saves folder",
                   errno.EPERM: "Sleuth may not write in its saves folder",
                   errno.EROFS: "the saves folder is on a disk that cannot be written",
                   errno.ENOSPC: "the disk is full"}
        if path.is_dir():
            return f"{reasons[errno.EISDIR]} ({path.parent})"
        return f"{reasons.get(exc.errno, (exc.strerror or 'the file could not be written').lower())} ({path.parent})"

    def settle(self, timeout: float = 2.0) -> str | None:
        """Wait for the writes handed over so far (a few milliseconds) and say whether the last
        one failed."""
        try:
            self.app.io.submit(lambda: None).result(timeout)
        except Exception:  # noqa: BLE001 - a writer that does not answer: say what is known
            pass
        return self.problem


class GameSession:
    def __init__(self, spec: GameSpec, replay: rp.Replay, state: GameState | None = None,
                 autosave: Callable[[Callable[[], str]], Any] | None = None, budget_s: float = 0.1,
                 runner=None) -> None:
        self.spec = spec
        self.replay = replay
        self.state = state if state is not None else rp.new_state(replay)
        self.autosave = autosave
        self.budget_s = budget_s
        #: bot seat -> (kind, seed of its generators): what a worker needs to make the same bots;
        #: each decision's generator also takes the move number (see ``DecisionJob``), so a resumed
        #: game's bots choose as they would have had the game never stopped
        self._seats = tuple(
            (seat, info.kind, f"sleuth-bot:{replay.seed}:{seat}")
            for seat, info in enumerate(replay.seats) if not info.is_human
        )
        self.token = uuid.uuid4().hex
        # the bots in this process: they think here with a thread runner (and tests may look at
        # them); with the app's process runner they only say what they need (a seer's view)
        local = SessionBots(spec.id, self._seats)
        self.bots = local.bots
        self._own_runner = runner is None
        self.runner = runner if runner is not None else ThreadRunner()
        if isinstance(self.runner, ThreadRunner):
            self.runner.sessions[self.token] = local
        self._pending = None
        self._declined_at: int | None = None  # log length at which bots declined interrupts
        #: the events of each move made in this session: (move number, first, end index in the log)
        self.move_events: list[tuple[int, int, int]] = []
        #: why each bot move was made, by move number, as the bot said when it chose (kept with
        #: the move, never recomputed with more information than the bot had)
        self.explanations: dict[int, Explanation] = {}
        self._hint: tuple[int, int, object] | None = None  # (seat, log length, future)
        if replay.actions:
            self._find_move_events()
        if replay.reasons and replay.actions:
            self._restore_reasons()

    def _restore_reasons(self) -> None:
        """A resumed game's bot moves keep the reasons saved with them (after Save and quit, W
        said "No bot move to explain yet"), read back onto their moves."""
        for move, data in self.replay.reasons.items():
            try:
                self.explanations[int(move)] = explanation_from_data(data, self.spec.actions.parse)
            except (KeyError, TypeError, ValueError, IndexError, ParseError):
                continue  # a reason that no longer reads: that move simply has none

    def _find_move_events(self) -> None:
        """A resumed game's moves found again in its log, by replaying them once: the "why?" sits
        on a move's first line, and the banner tells the newest move by its own line (not its
        after-effect, "The Assist moves Holmes...")."""
        state = rp.new_state(self.replay)
        for number, (seat, text) in enumerate(self.replay.actions):
            start = len(state.log)
            state.apply(seat, self.spec.actions.parse(text))
            self.move_events.append((number, start, len(state.log)))

    @classmethod
    def new(cls, game_id: str, seats: Sequence[rp.SeatInfo], options: dict, seed: int, **kw) -> GameSession:
        spec = get(game_id)
        resolved = spec.resolve_options(options)
        replay = rp.Replay(game_id, resolved, list(seats), seed)
        return cls(spec, replay, **kw)

    # -- who is who -------------------------------------------------------------------------
    @property
    def seats(self) -> list[rp.SeatInfo]:
        return self.replay.seats

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human

    def pending(self) -> int | None:
        seats = self.state.pending_seats()
        return seats[0] if seats else None

    # -- actions ----------------------------------------------------------------------------
    def apply(self, seat: int, action: Action, explanation: Explanation | None = None) -> list[Event]:
        """Apply and record an action (IllegalAction propagates and changes nothing); a bot's
        explanation is kept with the move."""
        start = len(self.state.log)
        events = self.state.apply(seat, action)
        if explanation is not None and explanation.best.action == action:
            self.explanations[len(self.replay.actions)] = explanation
            self.replay.reasons[str(len(self.replay.actions))] = explanation_to_data(explanation)
        self.move_events.append((len(self.replay.actions), start, len(self.state.log)))
        self.replay.record(seat, action)
        self._declined_at = None
        self.save()
        return events

    def save(self) -> None:
        """Hand the autosave writer the game so far: a copy of the replay and of the log, turned
        into the save's text on the writer's thread (with the bots' reasons a save is 30-180 kB,
        8-13 ms of JSON that stalled a frame after every move on the loop's thread)."""
        if self.autosave is None or self.state.is_over():
            return
        replay = self.replay
        copy = rp.Replay(replay.game_id, dict(replay.options), list(replay.seats), replay.seed, list(replay.actions),
                         replay.undos, replay.edition, dict(replay.reasons), dict(replay.notes))
        logged = rp.LoggedGame(tuple(self.state.log))
        self.autosave(lambda: rp.to_json(copy, logged))

    def observe(self, seat: int | None) -> Observation:
        return self.state.observe(seat)

    # -- bots -------------------------------------------------------------------------------
    def bot_jobs_due(self) -> bool:
        """True when a bot has something to decide now (its turn, or a chance to interrupt)."""
        if self.state.is_over() or self._pending is not None:
            return False
        seat = self.pending()
        if seat is not None and seat in self.bots:
            return True
        return self._declined_at != len(self.state.log) and any(
            s in self.bots for s in self.state.optional_seats()
        )

    def start_bot_decision(self) -> None:
        """Snapshot the observations and let the runner decide (interrupts first, then the turn)."""
        state = self.state
        optional = []
        for seat in state.optional_seats():
            if seat in self.bots:
                legal = state.legal_actions(seat)
                if legal:
                    optional.append((seat, self._view(seat), tuple(legal)))
        turn = None
        seat = self.pending()
        if seat is not None and seat in self.bots:
            turn = (seat, self._view(seat), tuple(state.legal_actions(seat)))
        job = DecisionJob(self.token, self.spec.id, self._seats, tuple(optional), turn, len(state.log),
                          self.budget_s, move=len(self.replay.actions))
        self._pending = self.runner.submit(job)

    def _view(self, seat: int) -> Observation:
        bot = self.bots[seat]
        return self.state.seer_view(seat) if bot.seer else self.state.observe(seat)

    def poll_bot(self) -> BotDecision | None:
        """The finished decision, if any (raises what the bot raised)."""
        if self._pending is None or not self._pending.done():
            return None
        future, self._pending = self._pending, None
        decision: BotDecision = future.result()
        if decision.for_log_length != len(self.state.log):
            return None  # the game moved on meanwhile (a human interrupt): decide again
        if decision.action is None:
            self._declined_at = decision.for_log_length
        return decision

    def drop_bot_decision(self) -> None:
        """Forget the decision being made (a human interrupts): the bot decides again afterwards.

        The worker cannot be stopped mid-thought; its answer is simply never read, and the next
        decision queues behind it on the one worker thread.
        """
        self._pending = None
        self._declined_at = None

    @property
    def thinking(self) -> bool:
        return self._pending is not None

    def move_of_event(self, index: int) -> int | None:
        """The move whose events include log index ``index`` (None for the game's own opening)."""
        return next((move for move, start, end in self.move_events if start <= index < end), None)

    def explained_move_of_event(self) -> dict[int, int]:
        """Log index -> move number, for every event of a bot move that came with reasons (the
        casebook put a "why?" on that move's first line)."""
        return {index: move for move, start, end in self.move_events if move in self.explanations
                for index in range(start, end)}

    def last_explained_move(self) -> tuple[int, Explanation] | None:
        """The latest bot move that came with reasons."""
        if not self.explanations:
            return None
        move = max(self.explanations)
        return move, self.explanations[move]

    # -- take-backs (one human with bots) -------------------------------------------------------
    def take_back_point(self) -> tuple[int | None, Event | None, str]:
        """Where Take back would go back to: (replay length before the human's last move, None, "")
        when it may; (None, the event that showed something hidden since, "") or (None, None,
        why not) when it may not. Worked out once per position (the banner asks every frame)."""
        key = (len(self.state.log), len(self.replay.actions), self.replay.undos, self.state.is_over())
        if getattr(self, "_take_back", (None,))[0] != key:
            self._take_back = (key, self._find_take_back_point())
        return self._take_back[1]

    def _find_take_back_point(self) -> tuple[int | None, Event | None, str]:
        humans = self.human_seats
        if len(humans) != 1 or len(self.seats) < 2:
            return None, None, "Take-backs are for a game of one player against bots."
        if self.state.is_over():
            return None, None, "The game is over."
        human = humans[0]
        last = next((i for i in range(len(self.replay.actions) - 1, -1, -1)
                     if self.replay.actions[i][0] == human), None)
        if last is None:
            return None, None, "You have not moved yet."
        start = self.log_length_at(last)
        for event in self.state.log[start:]:
            if self.state.reveals_to(human, event):
                return None, event, ""
        return last, None, ""

    def log_length_at(self, move: int) -> int:
        """How long the log was before move ``move`` (from this session's moves, else replayed;
        after the last move, the whole log)."""
        if move >= len(self.replay.actions):
            return len(self.state.log)
        for number, start, _ in self.move_events:
            if number == move:
                return start
        before = rp.Replay(self.replay.game_id, self.replay.options, self.replay.seats, self.replay.seed,
                           self.replay.actions[:move])
        return len(rp.rebuild(before).log)

    def take_back(self, length: int) -> None:
        """Go back to the game as it was with ``length`` moves played (the human's last move and
        every bot move after it are forgotten). The bots start afresh from their observations:
        their choices depend only on what they see, the seed and the move number."""
        self.drop_bot_decision()
        self.drop_hint()
        self.replay.take_back(length)
        self.state = rp.rebuild(self.replay)
        self.explanations = {move: e for move, e in self.explanations.items() if move < length}
        self.move_events = [entry for entry in self.move_events if entry[0] < length]
        self.runner.forget(self.token)
        self.token = uuid.uuid4().hex
        if isinstance(self.runner, ThreadRunner):
            self.runner.sessions[self.token] = SessionBots(self.spec.id, self._seats)
        self.save()

    # -- the coach ----------------------------------------------------------------------------
    def ask_hint(self, seat: int) -> bool:
        """Ask the game's expert, from ``seat``'s observation only, what it would play now."""
        if self.spec.bots.get("expert") is None or self.state.is_over():
            return False
        legal = self.state.legal_actions(seat)
        if not legal or seat not in self.state.pending_seats():
            return False
        job = HintJob(self.spec.id, seat, self.state.observe(seat), tuple(legal), f"sleuth-hint:{self.replay.seed}",
                      len(self.replay.actions), self.budget_s)
        self._hint = (seat, len(self.state.log), self.runner.submit_hint(job))
        return True

    def poll_hint(self) -> BotDecision | None:
        """The coach's answer once ready, if it is still about the current position."""
        if self._hint is None or not self._hint[2].done():
            return None
        seat, log_length, future = self._hint
        self._hint = None
        decision: BotDecision = future.result()
        if log_length != len(self.state.log) or decision.action is None:
            return None
        return decision

    @property
    def hint_pending(self) -> bool:
        return self._hint is not None

    def drop_hint(self) -> None:
        self._hint = None

    def wait_for_bot(self, timeout: float = 30.0) -> BotDecision | None:
        if self._pending is None:
            return None
        self._pending.result(timeout=timeout)
        return self.poll_bot()

    def close(self) -> None:
        self._pending = None
        self.runner.forget(self.token)
        if self._own_runner:
            self.runner.close()
