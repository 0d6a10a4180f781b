"""Statistics: every finished game in a small SQLite file under the data folder.

One row per finished game: when, which game, its options, the seats (name and human or bot
kind), the result, its length in moves (as players count them) and its seed. :meth:`StatsStore.summary` turns the rows
into what the Statistics screen shows, per game and per option set:

- games played and mean length (in moves);
- for team games (``Outcome.team_won`` is not None): how often the table won together;
- for competitive games: how often human seats won, and how often each bot kind won. A shared
  win counts as ``1 / number of winners`` for each winner, as in the match runner, so the rates
  of all seats of a game add up to one.

Each call opens its own connection and every store shares one lock, so the UI may record from a
worker thread while the Statistics screen reads. A file that is not a SQLite database, is damaged, or is
not Sleuth's is moved aside (``stats.sqlite3.bad-<timestamp>``) and a fresh one started; the
warning is kept until the UI takes it with :meth:`StatsStore.take_warning`. A file from a newer
Sleuth (a higher schema version) is left alone and statistics are switched off for this run.
Storage problems never raise into the UI: they become that one warning.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sleuth.core.engine import Outcome
from sleuth.core.replay import Replay, SeatInfo
from sleuth.store.paths import UserPaths, move_aside

#: 2 added the ``learning`` table (tutorial progress, hints asked) and the games' ``undos`` and
#: ``replay``; a version 1 file gains them
SCHEMA_VERSION = 2
#: replays are kept for this many most recent games of each game (older ones keep their figures)
KEPT_REPLAYS = 50

_SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    finished_at TEXT NOT NULL,      -- ISO 8601, UTC
    game_id TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON object, sorted keys (equal option sets compare equal)
    seats TEXT NOT NULL,            -- JSON [{"name": ..., "kind": "human" | bot kind}, ...]
    team_won INTEGER,               -- 1 / 0 for team games, NULL for competitive ones
    winners TEXT NOT NULL,          -- JSON list of seat numbers
    scores TEXT NOT NULL,           -- JSON list, one number per seat
    reason TEXT NOT NULL,
    length INTEGER NOT NULL,        -- moves played (GameSpec.move_count)
    seed INTEGER NOT NULL,
    undos INTEGER NOT NULL DEFAULT 0, -- moves taken back (schema 2)
    replay TEXT                     -- the save-format replay, kept for the last games of each game
);
CREATE INDEX games_by_game ON games (game_id, options);
"""

_LEARNING_SCHEMA = """
CREATE TABLE IF NOT EXISTS learning (
    game_id TEXT PRIMARY KEY,
    tutorial_step INTEGER NOT NULL DEFAULT 0,   -- the step a left tutorial resumes at
    tutorial_done INTEGER NOT NULL DEFAULT 0,   -- 1 once the guided first game was finished
    hints INTEGER NOT NULL DEFAULT 0            -- hints the coach gave in this game
);
"""

_COLUMNS = ("id", "finished_at", "game_id", "options", "seats", "team_won", "winners", "scores", "reason", "length",
            "seed", "undos")


class _Unusable(Exception):
    """The file is not a usable statistics database (moved aside) or is from a newer Sleuth."""

    def __init__(self, reason: str, newer: bool = False) -> None:
        super().__init__(reason)
        self.newer = newer


@dataclass(frozen=True)
class GameRecord:
    """One finished game as stored."""

    id: int
    finished_at: str
    game_id: str
    options: Mapping[str, Any]
    seats: tuple[SeatInfo, ...]
    team_won: bool | None
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    length: int
    seed: int
    undos: int = 0
    has_replay: bool = False


@dataclass(frozen=True)
class Tally:
    """Counts over a group of games; the rates are None when there is nothing to divide by."""

    games: int = 0
    total_length: int = 0
    team_games: int = 0
    team_wins: int = 0
    human_seats: int = 0
    human_wins: float = 0.0
    bot_seats: Mapping[str, int] = field(default_factory=dict)
    bot_wins: Mapping[str, float] = field(default_factory=dict)
    #: moves taken back over these games
    undos: int = 0

    @property
    def mean_length(self) -> float | None:
        return self.total_length / self.games if self.games else None

    @property
    def team_win_rate(self) -> float | None:
        return self.team_wins / self.team_games if self.team_games else None

    @property
    def human_win_rate(self) -> float | None:
        return self.human_wins / self.human_seats if self.human_seats else None

    def bot_win_rate(self, kind: str) -> float | None:
        seats = self.bot_seats.get(kind, 0)
        return self.bot_wins.get(kind, 0.0) / seats if seats else None


@dataclass(frozen=True)
class Learning:
    """One game's learning record: where its tutorial stands and how many hints were asked."""

    tutorial_step: int = 0
    tutorial_done: bool = False
    hints: int = 0


@dataclass(frozen=True)
class OptionSummary:
    options: Mapping[str, Any]
    tally: Tally


@dataclass(frozen=True)
class GameSummary:
    """One game's figures: over all its option sets, and per option set (most played first)."""

    game_id: str
    total: Tally
    by_options: tuple[OptionSummary, ...]
    #: games a person played and won in a row: the latest run (0 after a loss) and the longest
    #: (a game where a person's seat won, as the People column counts; bots-only games are left out)
    streak: int = 0
    best_streak: int = 0


class _Counter:
    """Mutable accumulator behind a Tally."""

    def __init__(self) -> None:
        self.games = self.total_length = self.team_games = self.team_wins = self.human_seats = 0
        self.human_wins = 0.0
        self.bot_seats: dict[str, int] = {}
        self.bot_wins: dict[str, float] = {}
        self.undos = 0

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.undos += record.undos
        self.total_length += record.length
        if record.team_won is not None:
            self.team_games += 1
            self.team_wins += int(record.team_won)
        # seats win individually too: Purrrlock's race has one winner among the catchers, and in a
        # cooperative win every seat wins whole (as in the match runner); a shared win is split
        whole = record.team_won is True and len(record.winners) == len(record.seats)
        share = 1.0 if whole else (1.0 / len(record.winners) if record.winners else 0.0)
        for seat, info in enumerate(record.seats):
            won = share if seat in record.winners else 0.0
            if info.is_human:
                self.human_seats += 1
                self.human_wins += won
            else:
                self.bot_seats[info.kind] = self.bot_seats.get(info.kind, 0) + 1
                self.bot_wins[info.kind] = self.bot_wins.get(info.kind, 0.0) + won

    def freeze(self) -> Tally:
        return Tally(
            self.games,
            self.total_length,
            self.team_games,
            self.team_wins,
            self.human_seats,
            self.human_wins,
            dict(self.bot_seats),
            dict(self.bot_wins),
            self.undos,
        )


def _streaks(records: Sequence[GameRecord]) -> tuple[int, int]:
    """(the latest, the longest) run of games a person won in a row, from ``records`` newest
    first: a game counts where a person sat, and is won when one of them is among its winners
    (a cooperative win is every seat's; Purrrlock's catch alone is not the race)."""
    won = [any(seat in record.winners for seat, info in enumerate(record.seats) if info.is_human)
           for record in reversed(records) if any(info.is_human for info in record.seats)]
    best = run = 0
    for result in won:
        run = run + 1 if result else 0
        best = max(best, run)
    return run, best


def _move_count(replay: Replay) -> int:
    """The game's moves as its players count them; every action for a game this Sleuth lacks."""
    from sleuth.core.registry import UnknownGame, get

    try:
        return get(replay.game_id).move_count(replay.actions)
    except UnknownGame:
        return len(replay.actions)


def _options_key(options: Mapping[str, Any]) -> str:
    return json.dumps(dict(options), sort_keys=True, ensure_ascii=False, default=str)


class StatsStore:
    """The statistics file. Cheap to create; nothing is opened or written until first use."""

    #: Shared by every instance, so stores made separately (one per scene, one per worker job)
    #: still never move the file aside while another one is writing it.
    _lock = threading.RLock()

    def __init__(self, paths: UserPaths) -> None:
        self.path = paths.stats_file
        self._checked = False
        self._disabled: str | None = None
        self._warning: str | None = None

    # -- public -------------------------------------------------------------------------------
    def check(self) -> str | None:
        """Open (creating if needed) and verify the file now; returns the warning, if any, once.

        Call it at start-up so a damaged file is reported on the title screen, not mid-game.
        """
        with self._lock:
            try:
                with self._connection(create=True):
                    pass
            except (_Unusable, sqlite3.Error, OSError):
                pass
        return self.take_warning()

    def take_warning(self) -> str | None:
        """The pending warning for the player (damaged file moved aside, write failed), once."""
        with self._lock:
            warning, self._warning = self._warning, None
            return warning

    @property
    def enabled(self) -> bool:
        """False when the file comes from a newer Sleuth: nothing is shown or recorded."""
        return self._disabled is None

    def record_game(
        self,
        replay: Replay,
        outcome: Outcome,
        length: int | None = None,
        finished_at: datetime | None = None,
    ) -> int | None:
        """Store a finished game; returns its row id, or None when it could not be stored.

        ``length`` defaults to the moves in the replay as players count them (``GameSpec.move_count``:
        Case Connection's End turn is none); ``finished_at`` to now (UTC).
        """
        when = (finished_at or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")
        try:
            from sleuth.core.replay import to_json

            kept = to_json(replay)
        except Exception:  # noqa: BLE001 - a game that does not replay still counts, without its replay
            kept = None
        row = (
            when,
            replay.game_id,
            _options_key(replay.options),
            json.dumps([{"name": s.name, "kind": s.kind} for s in replay.seats], ensure_ascii=False),
            None if outcome.team_won is None else int(outcome.team_won),
            json.dumps(list(outcome.winners)),
            json.dumps([float(s) for s in outcome.scores]),
            outcome.reason,
            _move_count(replay) if length is None else int(length),
            int(replay.seed),
            int(replay.undos),
            kept,
        )
        with self._lock:
            try:
                with self._connection(create=True) as conn, conn:
                    cursor = conn.execute(
                        f"INSERT INTO games ({', '.join(_COLUMNS[1:])}, replay) VALUES ({', '.join('?' * len(row))})",
                        row,
                    )
                    conn.execute(  # only the last games of each game keep their replay
                        "UPDATE games SET replay = NULL WHERE game_id = ? AND replay IS NOT NULL AND id NOT IN "
                        "(SELECT id FROM games WHERE game_id = ? ORDER BY id DESC LIMIT ?)",
                        (replay.game_id, replay.game_id, KEPT_REPLAYS))
                    return int(cursor.lastrowid or 0)
            except _Unusable:
                return None
            except (sqlite3.Error, OSError) as exc:
                self._warning = f"This game could not be added to the statistics ({exc})."
                return None

    def games(self, game_id: str | None = None, limit: int | None = None) -> list[GameRecord]:
        """Stored games, newest first (optionally one game's, optionally the last ``limit``)."""
        query = f"SELECT {', '.join(_COLUMNS)}, replay IS NOT NULL FROM games"
        args: list[Any] = []
        if game_id is not None:
            query += " WHERE game_id = ?"
            args.append(game_id)
        query += " ORDER BY id DESC"
        if limit is not None:
            query += " LIMIT ?"
            args.append(int(limit))
        with self._lock:
            try:
                with self._connection(create=False) as conn:
                    if conn is None:
                        return []
                    rows = conn.execute(query, args).fetchall()
            except _Unusable:
                return []
            except (sqlite3.Error, OSError) as exc:
                self._warning = f"The statistics could not be read ({exc})."
                return []
        records = []
        for row in rows:
            try:
                records.append(_record(row))
            except (ValueError, KeyError, TypeError):
                continue  # one damaged row should not hide every other game
        return records

    def summary(self) -> list[GameSummary]:
        """Per game (in title-screen order, then others by id) and per option set."""
        records = self.games()
        totals: dict[str, _Counter] = {}
        per_options: dict[str, dict[str, tuple[Mapping[str, Any], _Counter]]] = {}
        for record in records:
            totals.setdefault(record.game_id, _Counter()).add(record)
            groups = per_options.setdefault(record.game_id, {})
            key = _options_key(record.options)
            if key not in groups:
                groups[key] = (record.options, _Counter())
            groups[key][1].add(record)
        from sleuth.core.registry import game_ids

        order = {gid: index for index, gid in enumerate(game_ids())}
        out = []
        for gid in sorted(totals, key=lambda g: (order.get(g, len(order)), g)):
            groups = sorted(per_options[gid].items(), key=lambda item: (-item[1][1].games, item[0]))
            out.append(
                GameSummary(
                    gid,
                    totals[gid].freeze(),
                    tuple(OptionSummary(options, counter.freeze()) for _, (options, counter) in groups),
                    *_streaks([r for r in records if r.game_id == gid]),
                )
            )
        return out

    def replay_text(self, game_row: int) -> str | None:
        """The kept replay of stored game ``game_row`` (None when it is not kept)."""
        with self._lock:
            try:
                with self._connection(create=False) as conn:
                    if conn is None:
                        return None
                    row = conn.execute("SELECT replay FROM games WHERE id = ?", (int(game_row),)).fetchone()
            except _Unusable:
                return None
            except (sqlite3.Error, OSError) as exc:
                self._warning = f"The statistics could not be read ({exc})."
                return None
        return row[0] if row and isinstance(row[0], str) else None

    def recent_with_replays(self, game_id: str, limit: int = KEPT_REPLAYS) -> list[GameRecord]:
        """The last games of ``game_id`` whose replay is kept, newest first."""
        return [record for record in self.games(game_id, limit) if record.has_replay]

    # -- learning: the guided first game and the coach --------------------------------------------
    def learning(self) -> dict[str, Learning]:
        """Every game's learning record (games never tried are absent)."""
        with self._lock:
            try:
                with self._connection(create=False) as conn:
                    if conn is None:
                        return {}
                    rows = conn.execute("SELECT game_id, tutorial_step, tutorial_done, hints FROM learning").fetchall()
            except _Unusable:
                return {}
            except (sqlite3.Error, OSError) as exc:
                self._warning = f"The statistics could not be read ({exc})."
                return {}
        return {str(g): Learning(max(0, int(step)), bool(done), max(0, int(hints))) for g, step, done, hints in rows}

    def note_tutorial(self, game_id: str, step: int, done: bool = False) -> None:
        """Remember where the tutorial of ``game_id`` stands (finishing it is never forgotten)."""
        self._learning_update(game_id, "tutorial_step = ?, tutorial_done = MAX(tutorial_done, ?)", (int(step), int(done)))

    def add_hint(self, game_id: str) -> None:
        """Count one hint the coach gave in ``game_id``."""
        self._learning_update(game_id, "hints = hints + 1", ())

    def _learning_update(self, game_id: str, assignment: str, args: tuple) -> None:
        with self._lock:
            try:
                with self._connection(create=True) as conn, conn:
                    conn.execute("INSERT OR IGNORE INTO learning (game_id) VALUES (?)", (game_id,))
                    conn.execute(f"UPDATE learning SET {assignment} WHERE game_id = ?", (*args, game_id))
            except _Unusable:
                return
            except (sqlite3.Error, OSError) as exc:
                self._warning = f"Your progress could not be saved in the statistics ({exc})."

    # -- the file -----------------------------------------------------------------------------
    @contextmanager
    def _connection(self, create: bool) -> Iterator[sqlite3.Connection | None]:
        """A checked connection (None if there is no file and ``create`` is False).

        Raises _Unusable after recording the warning when the file is damaged (then moved aside
        and, if ``create``, replaced by a fresh one) or from a newer Sleuth.
        """
        if self._disabled is not None:
            raise _Unusable(self._disabled, newer=True)
        if not create and not self.path.exists():
            yield None
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=10)
        try:
            try:
                self._ensure_schema(conn)
            except _Unusable as problem:
                conn.close()
                self._handle_unusable(problem)
                if not create:
                    yield None
                    return
                conn = sqlite3.connect(self.path, timeout=10)
                self._ensure_schema(conn)
            yield conn
        finally:
            conn.close()

    def _handle_unusable(self, problem: _Unusable) -> None:
        if problem.newer:
            self._disabled = str(problem)
            self._warning = f"Your statistics file {problem}: statistics are off until you update Sleuth."
            raise problem
        try:
            moved = move_aside(self.path)
        except OSError as exc:
            self._warning = (f"Your statistics could not be read ({problem}), and the file {self.path} could not be "
                             f"moved aside ({exc.strerror or exc}): statistics are off.")
            raise problem from None
        self._checked = False
        self._warning = (f"Your statistics could not be read ({problem}), so a new record was started. The old "
                         f"file is kept as {moved.name} in {moved.parent}.")

    def _ensure_schema(self, conn: sqlite3.Connection) -> None:
        try:
            if not self._checked:
                verdict = conn.execute("PRAGMA quick_check").fetchone()
                if verdict is None or verdict[0] != "ok":
                    raise _Unusable("it is damaged")
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:
                with conn:
                    conn.executescript(_SCHEMA + _LEARNING_SCHEMA)
                    conn.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
                self._checked = True
                return
            if "schema_version" not in tables:
                raise _Unusable("it is not a Sleuth statistics file")
            row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
            version = row[0] if row else None
            if not isinstance(version, int):
                raise _Unusable("it is damaged")
            if version > SCHEMA_VERSION:
                raise _Unusable("comes from a newer Sleuth", newer=True)
            if "games" not in tables:
                raise _Unusable("it is damaged")
            columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
            if version < 2 and "undos" not in columns:
                with conn:  # a file from before take-backs and kept replays
                    conn.execute("ALTER TABLE games ADD COLUMN undos INTEGER NOT NULL DEFAULT 0")
                    conn.execute("ALTER TABLE games ADD COLUMN replay TEXT")
                columns |= {"undos", "replay"}
            missing = (set(_COLUMNS) | {"replay"}) - columns
            if missing:
                raise _Unusable("it is damaged")
            if version < 2 or "learning" not in tables:
                with conn:  # a file from before the coach and the tutorials: add their table
                    conn.executescript(_LEARNING_SCHEMA)
                    if version < 2:
                        conn.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise
            raise _Unusable("it is damaged") from None
        except sqlite3.DatabaseError:
            raise _Unusable("it is damaged or is not a statistics file") from None
        self._checked = True


def _record(row: Sequence[Any]) -> GameRecord:
    values = dict(zip(_COLUMNS, row[: len(_COLUMNS)], strict=True))
    kept = bool(row[len(_COLUMNS)]) if len(row) > len(_COLUMNS) else False
    seats = tuple(SeatInfo(str(s["name"]), str(s["kind"])) for s in json.loads(values["seats"]))
    team_won = values["team_won"]
    return GameRecord(
        id=int(values["id"]),
        finished_at=str(values["finished_at"]),
        game_id=str(values["game_id"]),
        options=json.loads(values["options"]),
        seats=seats,
        team_won=None if team_won is None else bool(team_won),
        winners=tuple(int(s) for s in json.loads(values["winners"])),
        scores=tuple(float(s) for s in json.loads(values["scores"])),
        reason=str(values["reason"]),
        length=int(values["length"]),
        seed=int(values["seed"]),
        undos=int(values["undos"] or 0),
        has_replay=kept,
    )
