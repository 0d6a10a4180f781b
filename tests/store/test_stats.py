"""Statistics in SQLite: record, summarise, and survive a damaged or foreign file."""

import sqlite3
import threading
from datetime import UTC, datetime

import pytest

from sleuth.core.engine import Outcome
from sleuth.core.replay import Replay, SeatInfo
from sleuth.store.paths import UserPaths
from sleuth.store.stats import SCHEMA_VERSION, StatsStore


@pytest.fixture
def paths():
    return UserPaths.default()


@pytest.fixture
def store(paths):
    return StatsStore(paths)


def replay(game="bakerstreet", options=None, kinds=("human", "basic"), actions=10, seed=1):
    seats = [SeatInfo(f"P{i}", k) for i, k in enumerate(kinds)]
    return Replay(game, dict(options or {}), seats, seed, [(0, "x")] * actions)


def competitive(winners, players=2):
    return Outcome(None, tuple(winners), tuple(float(i) for i in range(players)), "highest score")


def team(won, players=3):
    return Outcome(won, tuple(range(players)) if won else (), (0.0,) * players, "caught" if won else "escaped")


def bad_files(paths):
    return sorted(paths.data_dir.glob("stats.sqlite3.bad-*"))


def test_nothing_is_created_by_reading_an_empty_store(store, paths):
    assert store.summary() == []
    assert store.games() == []
    assert not paths.data_dir.exists()
    assert store.take_warning() is None


def test_check_creates_a_fresh_database_with_a_schema_version(store, paths):
    assert store.check() is None
    with sqlite3.connect(paths.stats_file) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]


def test_record_and_read_back(store):
    when = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
    row_id = store.record_game(replay(options={"b": 2, "a": 1}, actions=12, seed=99), competitive([1]), finished_at=when)
    assert isinstance(row_id, int)
    [record] = store.games()
    assert record.id == row_id
    assert record.finished_at == "2026-11-29T18:00:00+00:00"
    assert record.game_id == "bakerstreet"
    assert record.options == {"a": 1, "b": 2}
    assert record.seats == (SeatInfo("P0", "human"), SeatInfo("P1", "basic"))
    assert (record.team_won, record.winners, record.scores) == (None, (1,), (0.0, 1.0))
    assert (record.length, record.seed, record.reason) == (12, 99, "highest score")


def test_games_are_listed_newest_first_and_filtered(store):
    for game in ("bakerstreet", "case-connection", "bakerstreet"):
        store.record_game(replay(game=game), competitive([0]))
    assert [r.game_id for r in store.games()] == ["bakerstreet", "case-connection", "bakerstreet"]
    assert len(store.games("bakerstreet")) == 2
    assert len(store.games(limit=1)) == 1


def test_competitive_summary_counts_human_and_bot_wins_with_shared_wins_split(store):
    store.record_game(replay(kinds=("human", "basic"), actions=10), competitive([0]))
    store.record_game(replay(kinds=("human", "basic"), actions=20), competitive([1]))
    store.record_game(replay(kinds=("human", "expert"), actions=30), competitive([0, 1]))
    [game] = store.summary()
    total = game.total
    assert total.games == 3 and total.mean_length == 20
    assert total.team_win_rate is None
    assert total.human_seats == 3 and total.human_wins == pytest.approx(1.5)
    assert total.human_win_rate == pytest.approx(0.5)
    assert total.bot_win_rate("basic") == pytest.approx(0.5)
    assert total.bot_win_rate("expert") == pytest.approx(0.5)
    assert total.bot_win_rate("seer") is None


def test_team_summary_gives_the_team_win_rate(store):
    for won in (True, True, False, True):
        store.record_game(replay(game="purrrlock-holmes", kinds=("human", "human", "expert")), team(won))
    [game] = store.summary()
    assert game.total.team_games == 4 and game.total.team_win_rate == pytest.approx(0.75)
    # a cooperative win is every seat's win: the humans won 3 of their 4 games
    assert game.total.human_win_rate == pytest.approx(0.75)


def test_purrrlock_counts_the_human_who_won_the_race_not_only_the_catch(store):
    """Issue 15, item 13: 'Your wins' showed '-' after humans won two Purrrlock games."""
    seats = ("human", "expert", "expert")
    store.record_game(replay(game="purrrlock-holmes", kinds=seats), Outcome(True, (0,), (9.0, 4.0, 2.0), "caught"))
    store.record_game(replay(game="purrrlock-holmes", kinds=seats), Outcome(True, (0,), (8.0, 5.0, 2.0), "caught"))
    store.record_game(replay(game="purrrlock-holmes", kinds=seats), Outcome(True, (2,), (1.0, 5.0, 7.0), "caught"))
    store.record_game(replay(game="purrrlock-holmes", kinds=seats), Outcome(False, (), (1.0, 5.0, 7.0), "escaped"))
    [game] = store.summary()
    assert game.total.human_win_rate == pytest.approx(0.5)
    assert game.total.bot_win_rate("expert") == pytest.approx(1 / 8)
    assert game.total.team_win_rate == pytest.approx(0.75)


def test_summary_is_per_game_and_per_option_set(store):
    store.record_game(replay(game="beyond-baker-street", options={"case": "a"}), team(True))
    store.record_game(replay(game="beyond-baker-street", options={"case": "a"}), team(False))
    store.record_game(replay(game="beyond-baker-street", options={"case": "b"}), team(True))
    store.record_game(replay(game="bakerstreet"), competitive([0]))
    store.record_game(replay(game="zz-unknown"), competitive([0]))
    summary = store.summary()
    assert [g.game_id for g in summary] == ["beyond-baker-street", "bakerstreet", "zz-unknown"]
    bbs = summary[0]
    assert bbs.total.games == 3
    assert [(o.options, o.tally.games, o.tally.team_win_rate) for o in bbs.by_options] == [
        ({"case": "a"}, 2, 0.5),
        ({"case": "b"}, 1, 1.0),
    ]


def test_a_file_that_is_not_a_database_is_moved_aside_and_reported_once(store, paths):
    paths.data_dir.mkdir(parents=True)
    paths.stats_file.write_bytes(b"this is not sqlite at all" * 100)
    warning = store.check()
    assert warning is not None and "a new record was started" in warning
    [moved] = bad_files(paths)
    assert f"kept as {moved.name} in {moved.parent}" in warning
    assert "database" not in warning  # sqlite's words ("file is not a database") are not the player's
    assert moved.read_bytes().startswith(b"this is not sqlite")
    assert store.take_warning() is None
    assert store.record_game(replay(), competitive([0])) is not None
    assert len(store.games()) == 1


def test_damage_found_while_recording_is_reported_and_the_game_still_stored(store, paths):
    paths.data_dir.mkdir(parents=True)
    paths.stats_file.write_bytes(b"\x00" * 4096 + b"junk")
    assert store.record_game(replay(), competitive([0])) is not None
    assert "Your statistics could not be read (it is damaged" in store.take_warning()
    assert len(bad_files(paths)) == 1


def test_a_database_damaged_inside_is_moved_aside(store, paths):
    for _ in range(50):
        store.record_game(replay(), competitive([0]))
    data = bytearray(paths.stats_file.read_bytes())
    page = 4096
    for offset in range(page, len(data), 97):  # scribble over every page after the header page
        data[offset] = (data[offset] + 0x5A) % 256
    paths.stats_file.write_bytes(bytes(data))
    fresh = StatsStore(paths)
    warning = fresh.check()
    assert warning is not None and bad_files(paths)[0].name in warning
    assert fresh.games() == []


def test_a_foreign_database_is_moved_aside(paths):
    paths.data_dir.mkdir(parents=True)
    with sqlite3.connect(paths.stats_file) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.close()
    warning = StatsStore(paths).check()
    assert "not a Sleuth statistics file" in warning
    assert len(bad_files(paths)) == 1


def test_a_database_from_a_newer_sleuth_is_left_alone_and_statistics_switch_off(paths):
    store = StatsStore(paths)
    store.record_game(replay(), competitive([0]))
    with sqlite3.connect(paths.stats_file) as conn:
        conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    conn.close()
    newer = StatsStore(paths)
    warning = newer.check()
    assert "newer Sleuth" in warning
    assert not newer.enabled
    assert newer.record_game(replay(), competitive([0])) is None
    assert newer.summary() == []
    assert bad_files(paths) == []
    assert newer.take_warning() is None  # reported once


def test_a_damaged_row_does_not_hide_the_others(store, paths):
    store.record_game(replay(), competitive([0]))
    store.record_game(replay(), competitive([1]))
    with sqlite3.connect(paths.stats_file) as conn:
        conn.execute("UPDATE games SET seats = '{broken' WHERE id = 1")
    conn.close()
    assert [r.id for r in store.games()] == [2]


def test_recording_from_threads_while_reading(store):
    def worker():
        for _ in range(10):
            store.record_game(replay(), competitive([0]))

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for _ in range(10):
        store.summary()
    for t in threads:
        t.join()
    assert store.summary()[0].total.games == 40
    assert store.take_warning() is None


def test_separate_stores_on_separate_threads_do_not_collide(paths):
    def worker():
        for _ in range(10):
            StatsStore(paths).record_game(replay(), competitive([0]))

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert StatsStore(paths).summary()[0].total.games == 30


def test_the_summary_gives_each_games_latest_and_longest_run_of_a_persons_wins(store):
    """Marathon play-test: a player wanted the current and best winning streak per game. A game
    counts where a person sat; Purrrlock's catch won by a bot's race is not the person's win, and
    a game of bots alone is left out."""
    for winner in (0, 0, 1, 0, 0, 0, 1, 0):  # oldest first: 3 at best, 1 now
        store.record_game(replay(), competitive([winner]))
    store.record_game(replay(kinds=("basic", "expert")), competitive([1]))  # bots alone: no break
    store.record_game(replay(game="purrrlock-holmes", kinds=("human", "expert")), Outcome(True, (1,), (1.0, 5.0), "caught"))
    baker, purrrlock = store.summary()[:2]
    assert (baker.streak, baker.best_streak) == (1, 3)
    assert (purrrlock.streak, purrrlock.best_streak) == (0, 0)
