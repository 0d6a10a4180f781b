"""Play many seeded bot games and summarise them.

Game k of a match uses seed ``seed + k`` for the deal and seat-specific generators derived from
it for the bots, so a match gives the same result whatever the number of worker processes. With
``rotate``, game k shifts the seat kinds by k places, so every kind plays every seat equally
often (comparisons on the same seeds, with seats swapped).
"""

from __future__ import annotations

import random
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sleuth.ai.bot import DEFAULT_BUDGET_S, Bot
from sleuth.ai.runner import exit_with_parent
from sleuth.ai.stats import TimeStats, wilson
from sleuth.core.engine import GameState
from sleuth.core.registry import GameSpec, get

#: A game that runs longer than this many actions is reported as an error (it should have ended).
MAX_ACTIONS = 20_000


@dataclass
class GameRecord:
    seed: int
    kinds: tuple[str, ...]
    team_won: bool | None = None
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    actions: int = 0
    reason: str = ""
    extra: dict[str, float] = field(default_factory=dict)
    decision_ms: dict[str, list[float]] = field(default_factory=dict)
    error: str | None = None


def bot_view(state: GameState, seat: int, bot: Bot):
    return state.seer_view(seat) if bot.seer else state.observe(seat)


def bot_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"sleuth-bot:{seed}:{seat}")


def play_game(
    spec: GameSpec,
    kinds: Sequence[str],
    options: Mapping[str, Any],
    seed: int,
    budget_s: float = DEFAULT_BUDGET_S,
    on_action: Callable[[GameState, int, Any], None] | None = None,
) -> GameRecord:
    """One bots-only game. Exceptions are caught and reported in the record with the seed."""
    record = GameRecord(seed=seed, kinds=tuple(kinds))
    try:
        state = spec.create(len(kinds), options, seed)
        bots = [spec.make_bot(kind) for kind in kinds]
        for seat, bot in enumerate(bots):
            bot.meet(seat, {other: kind for other, kind in enumerate(kinds) if other != seat})
        rngs = [bot_rng(seed, seat) for seat in range(len(kinds))]
        while not state.is_over():
            if record.actions >= MAX_ACTIONS:
                raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
            seat, action = _next_decision(state, bots, rngs, kinds, budget_s, record.decision_ms)
            state.apply(seat, action)
            record.actions += 1
            if on_action is not None:
                on_action(state, seat, action)
        outcome = state.outcome()
        assert outcome is not None
        record.team_won = outcome.team_won
        record.winners = outcome.winners
        record.scores = outcome.scores
        record.reason = outcome.reason
        record.extra = dict(getattr(state, "stats", lambda: {})())
    except Exception:  # noqa: BLE001 - a match reports crashes instead of stopping
        record.error = traceback.format_exc(limit=8)
    return record


def _next_decision(state, bots, rngs, kinds, budget_s, times):
    for seat in state.optional_seats():
        legal = state.legal_actions(seat)
        if not legal:
            continue
        start = time.perf_counter()
        action = bots[seat].interrupt(bot_view(state, seat, bots[seat]), legal, rngs[seat], budget_s)
        times.setdefault(kinds[seat], []).append((time.perf_counter() - start) * 1000)
        if action is not None:
            return seat, action
    seat = state.pending_seats()[0]
    legal = state.legal_actions(seat)
    start = time.perf_counter()
    action = bots[seat].choose(bot_view(state, seat, bots[seat]), legal, rngs[seat], budget_s)
    times.setdefault(kinds[seat], []).append((time.perf_counter() - start) * 1000)
    return seat, action


def seat_kinds_for(kinds: Sequence[str], index: int, rotate: bool) -> tuple[str, ...]:
    if not rotate:
        return tuple(kinds)
    shift = index % len(kinds)
    return tuple(kinds[-shift:] + kinds[:-shift]) if shift else tuple(kinds)


def _play_one(args: tuple) -> GameRecord:
    game_id, kinds, options, seed, budget_s = args
    return play_game(get(game_id), kinds, options, seed, budget_s)


class MatchResult:
    """A match's results, tallied as each game arrives: nothing grows with the number of games
    but the list of crashed ones (a 20,000-game match keeps its memory flat)."""

    def __init__(self, game: str, players: int, seats: tuple[str, ...], options: dict[str, Any], seed: int,
                 rotate: bool, records: Iterable[GameRecord] = (), team: bool = False) -> None:
        self.game, self.players, self.seats, self.options = game, players, tuple(seats), dict(options)
        self.seed, self.rotate, self.team = seed, rotate, team
        self.games = 0
        self.done = 0
        self.team_wins = 0
        self.seat_wins = [0.0] * players
        self.score_sum = [0.0] * players
        self.kind_wins: dict[str, float] = {}
        self.kind_games: dict[str, int] = {}
        self.actions = 0
        self.extras: dict[str, list[float]] = {}  # key -> [sum, count]
        self.times: dict[str, TimeStats] = {}
        self.reasons: dict[str, int] = {}
        self.errors: list[dict[str, Any]] = []
        for record in records:
            self.add(record)

    def add(self, record: GameRecord) -> None:
        self.games += 1
        if record.error is not None:
            self.errors.append({"seed": record.seed, "error": record.error})
            return
        self.done += 1
        self.team_wins += bool(record.team_won)
        # a tie among individual winners is shared; a team win with every seat winning is a whole
        # win for each seat (cooperative games)
        whole = record.team_won is True and len(record.winners) == self.players
        share = 1.0 if whole else 1 / max(1, len(record.winners))
        for seat in record.winners:
            self.seat_wins[seat] += share
            self.kind_wins[record.kinds[seat]] = self.kind_wins.get(record.kinds[seat], 0.0) + share
        for seat, score in enumerate(record.scores):
            self.score_sum[seat] += score
        for kind in record.kinds:
            self.kind_games[kind] = self.kind_games.get(kind, 0) + 1
        self.actions += record.actions
        for key, value in record.extra.items():
            total = self.extras.setdefault(key, [0.0, 0])
            total[0] += value
            total[1] += 1
        for kind, values in record.decision_ms.items():
            stats = self.times.setdefault(kind, TimeStats())
            for value in values:
                stats.add(value)
        self.reasons[record.reason] = self.reasons.get(record.reason, 0) + 1

    def summary(self) -> dict[str, Any]:
        n = self.done
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "seats": list(self.seats),
            "rotate": self.rotate,
            "options": self.options,
        }
        if self.team:
            out["team_win_rate"] = self.team_wins / n if n else 0.0
            out["team_win_ci95"] = list(wilson(self.team_wins, n))
        out["win_rate_by_seat"] = [w / n if n else 0.0 for w in self.seat_wins]
        out["win_ci95_by_seat"] = [list(wilson(w, n)) for w in self.seat_wins]
        out["mean_score_by_seat"] = [s / n if n else 0.0 for s in self.score_sum]
        # per kind: the share of seat-games that kind won (a kind in two seats counts twice)
        out["win_rate_by_kind"] = {k: self.kind_wins.get(k, 0.0) / g for k, g in self.kind_games.items()}
        out["win_ci95_by_kind"] = {k: list(wilson(self.kind_wins.get(k, 0.0), g)) for k, g in self.kind_games.items()}
        out["mean_actions"] = self.actions / n if n else 0.0
        out["mean_stats"] = {k: total / count for k, (total, count) in sorted(self.extras.items())}
        out["decision_ms"] = {
            kind: {"mean": t.mean, "p95": t.percentile(95), "max": t.max, "decisions": t.count}
            for kind, t in sorted(self.times.items())
        }
        out["reasons"] = dict(sorted(self.reasons.items(), key=lambda kv: -kv[1]))
        out["errors"] = list(self.errors)
        return out


def run_match(
    game_id: str,
    players: int,
    kinds: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    rotate: bool = False,
    budget_s: float = DEFAULT_BUDGET_S,
    progress: bool = False,
) -> MatchResult:
    spec = get(game_id)
    spec.check_players(players)
    resolved = spec.resolve_options(options or {})
    if len(kinds) != players:
        raise ValueError(f"{players} players need {players} seat kinds, got {len(kinds)}")
    for kind in kinds:
        spec.make_bot(kind)  # fails early on unknown kinds
    if games < 1:
        raise ValueError(f"a match needs at least one game, not {games}")
    # made one at a time as the games are played: a long match never holds its whole list
    tasks = ((game_id, seat_kinds_for(list(kinds), k, rotate), resolved, seed + k, budget_s) for k in range(games))
    result = MatchResult(game_id, players, tuple(kinds), dict(resolved), seed, rotate, team=spec.team)
    bar = _Progress(games) if progress else None
    if jobs <= 1:
        records: Iterable[GameRecord] = map(_play_one, tasks)
    else:
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=exit_with_parent)
        records = _in_order(pool, tasks, window=jobs * 8)
    try:
        for record in records:
            if record.error:
                print(f"game with seed {record.seed} crashed:\n{record.error}", file=sys.stderr)
            result.add(record)
            if bar:
                bar.step()
    finally:
        if jobs > 1:
            pool.shutdown(wait=True, cancel_futures=True)
        if bar:
            bar.close()
    return result


def _in_order(pool: ProcessPoolExecutor, tasks: Iterable[tuple], window: int) -> Iterator[GameRecord]:
    """The games' records in task order, with at most ``window`` games in flight (``pool.map``
    would submit every game of a long match at once)."""
    pending: deque = deque()
    for task in tasks:
        pending.append(pool.submit(_play_one, task))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


class _Progress:
    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.start = time.monotonic()

    def step(self) -> None:
        self.done += 1
        if self.done % max(1, self.total // 200) and self.done != self.total:
            return
        width = 30
        filled = int(width * self.done / self.total)
        elapsed = time.monotonic() - self.start
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {elapsed:5.1f}s")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
