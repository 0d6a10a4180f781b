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
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sleuth.ai.bot import DEFAULT_BUDGET_S, Bot
from sleuth.ai.stats import percentile, wilson
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


@dataclass
class MatchResult:
    game: str
    players: int
    seats: tuple[str, ...]
    options: dict[str, Any]
    seed: int
    rotate: bool
    records: list[GameRecord]
    team: bool

    def summary(self) -> dict[str, Any]:
        done = [r for r in self.records if r.error is None]
        n = len(done)
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "games": len(self.records),
            "seed": self.seed,
            "seats": list(self.seats),
            "rotate": self.rotate,
            "options": self.options,
        }
        if self.team:
            wins = sum(1 for r in done if r.team_won)
            out["team_win_rate"] = wins / n if n else 0.0
            out["team_win_ci95"] = list(wilson(wins, n))
        seat_wins = [0.0] * self.players
        score_sum = [0.0] * self.players
        kind_wins: dict[str, float] = {}
        kind_games: dict[str, int] = {}
        for r in done:
            # a tie among individual winners is shared; a team win with every seat winning is a
            # whole win for each seat (cooperative games)
            whole = r.team_won is True and len(r.winners) == self.players
            share = 1.0 if whole else 1 / max(1, len(r.winners))
            for seat in r.winners:
                seat_wins[seat] += share
                kind_wins[r.kinds[seat]] = kind_wins.get(r.kinds[seat], 0.0) + share
            for seat, score in enumerate(r.scores):
                score_sum[seat] += score
            for kind in r.kinds:
                kind_games[kind] = kind_games.get(kind, 0) + 1
        out["win_rate_by_seat"] = [w / n if n else 0.0 for w in seat_wins]
        out["win_ci95_by_seat"] = [list(wilson(w, n)) for w in seat_wins]
        out["mean_score_by_seat"] = [s / n if n else 0.0 for s in score_sum]
        # per kind: the share of seat-games that kind won (a kind in two seats counts twice)
        out["win_rate_by_kind"] = {
            k: kind_wins.get(k, 0.0) / g for k, g in kind_games.items()
        }
        out["win_ci95_by_kind"] = {k: list(wilson(kind_wins.get(k, 0.0), g)) for k, g in kind_games.items()}
        out["mean_actions"] = sum(r.actions for r in done) / n if n else 0.0
        extras: dict[str, list[float]] = {}
        for r in done:
            for key, value in r.extra.items():
                extras.setdefault(key, []).append(value)
        out["mean_stats"] = {k: sum(v) / len(v) for k, v in sorted(extras.items())}
        times: dict[str, list[float]] = {}
        for r in done:
            for kind, values in r.decision_ms.items():
                times.setdefault(kind, []).extend(values)
        out["decision_ms"] = {
            kind: {
                "mean": sum(v) / len(v) if v else 0.0,
                "p95": percentile(v, 95),
                "max": max(v) if v else 0.0,
                "decisions": len(v),
            }
            for kind, v in sorted(times.items())
        }
        reasons: dict[str, int] = {}
        for r in done:
            reasons[r.reason] = reasons.get(r.reason, 0) + 1
        out["reasons"] = dict(sorted(reasons.items(), key=lambda kv: -kv[1]))
        out["errors"] = [{"seed": r.seed, "error": r.error} for r in self.records if r.error]
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
    records: list[GameRecord] = []
    bar = _Progress(games) if progress else None
    if jobs <= 1:
        for task in tasks:
            records.append(_play_one(task))
            if bar:
                bar.step()
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for record in pool.map(_play_one, tasks, chunksize=max(1, min(32, games // (jobs * 8) or 1))):
                records.append(record)
                if bar:
                    bar.step()
    if bar:
        bar.close()
    for record in records:
        if record.error:
            print(f"game with seed {record.seed} crashed:\n{record.error}", file=sys.stderr)
    return MatchResult(game_id, players, tuple(kinds), dict(resolved), seed, rotate, records, spec.team)


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
