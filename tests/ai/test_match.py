import json

import pytest

from sleuth.ai.match import play_game, run_match, seat_kinds_for
from sleuth.ai.stats import percentile, wilson
from sleuth.cli import main


def test_wilson_interval_known_values():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)


def test_percentile_nearest_rank():
    assert percentile([5, 1, 3, 2, 4], 95) == 5
    assert percentile(list(range(1, 101)), 95) == 95
    assert percentile([], 95) == 0.0


def test_a_match_is_the_same_whatever_the_number_of_jobs(toy_registered):
    one = run_match("toy", 2, ["basic", "random"], 12, seed=3, jobs=1).summary()
    two = run_match("toy", 2, ["basic", "random"], 12, seed=3, jobs=2).summary()
    for key in ("win_rate_by_seat", "mean_score_by_seat", "mean_actions", "reasons"):
        assert one[key] == two[key]


def test_rotation_gives_each_kind_each_seat():
    assert seat_kinds_for(["a", "b", "c"], 0, True) == ("a", "b", "c")
    assert seat_kinds_for(["a", "b", "c"], 1, True) == ("c", "a", "b")
    assert seat_kinds_for(["a", "b"], 1, False) == ("a", "b")


def test_summary_has_the_promised_fields(toy_registered):
    summary = run_match("toy", 2, ["basic", "random"], 20, seed=0, rotate=True).summary()
    for key in ("game", "players", "games", "seed", "seats", "win_rate_by_seat", "win_ci95_by_seat",
                "mean_score_by_seat", "mean_actions", "decision_ms", "errors", "win_rate_by_kind"):
        assert key in summary
    assert summary["errors"] == []
    assert abs(sum(summary["win_rate_by_seat"]) - 1.0) < 1e-9
    assert set(summary["decision_ms"]) == {"basic", "random"}
    assert summary["mean_stats"]["turns"] == 9


def test_a_crashing_bot_is_reported_with_its_seed(toy_registered, monkeypatch):
    from tests import toygame

    def boom(self, obs, legal, rng, budget_s=0.1):
        raise RuntimeError("bot exploded")

    monkeypatch.setattr(toygame.HighCardBot, "choose", boom)
    record = play_game(toy_registered, ["basic", "basic"], {}, seed=9)
    assert "bot exploded" in record.error
    summary = run_match("toy", 2, ["basic", "basic"], 2, seed=9).summary()
    assert [e["seed"] for e in summary["errors"]] == [9, 10]


def test_cli_match_json(toy_registered, capsys, monkeypatch):
    from sleuth.core import registry

    monkeypatch.setattr("sleuth.core.registry.game_ids", lambda: tuple(registry.GAME_MODULES))
    assert main(["match", "toy", "--players", "2", "--seats", "basic,random", "--games", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 5 and out["seats"] == ["basic", "random"]


def test_cli_refuses_bad_arguments_helpfully(toy_registered, capsys, monkeypatch):
    from sleuth.core import registry

    monkeypatch.setattr("sleuth.core.registry.game_ids", lambda: tuple(registry.GAME_MODULES))
    for argv, message in [
        (["match", "toy", "--players", "7"], "is for 2-3 players"),
        (["match", "toy", "--seats", "basic,wizard"], "has no bot 'wizard'"),
        (["match", "toy", "--seats", "basic,basic,basic", "--players", "2"], "names 3 seats"),
        (["match", "toy", "--option", "speed=warp"], "not one of"),
        (["match", "toy", "--option", "speed"], "KEY=VALUE"),
        (["match", "chess"], "invalid choice"),
    ]:
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
        assert message in capsys.readouterr().err


def test_bench_reports_speeds(toy_registered):
    from sleuth.ai.bench import bench_engine

    result = bench_engine("toy", seconds=0.3)
    assert result["actions_per_s"] > 1000
    assert result["clone_us"] > 0


def test_a_cooperative_win_counts_whole_for_every_seat_and_a_tie_is_shared():
    from sleuth.ai.match import GameRecord, MatchResult

    records = [
        GameRecord(seed=0, kinds=("a", "b"), team_won=True, winners=(0, 1), scores=(1.0, 1.0)),
        GameRecord(seed=1, kinds=("a", "b"), team_won=False, winners=(), scores=(0.0, 0.0)),
    ]
    coop = MatchResult("x", 2, ("a", "b"), {}, 0, False, records, team=True).summary()
    assert coop["team_win_rate"] == 0.5 and coop["win_rate_by_seat"] == [0.5, 0.5]
    tie = [GameRecord(seed=0, kinds=("a", "b"), team_won=None, winners=(0, 1), scores=(3.0, 3.0))]
    shared = MatchResult("x", 2, ("a", "b"), {}, 0, False, tie, team=False).summary()
    assert shared["win_rate_by_seat"] == [0.5, 0.5]


def test_timings_keep_their_percentiles_in_constant_memory():
    import random

    from sleuth.ai.stats import TimeStats, percentile

    rng = random.Random(5)
    values = [rng.lognormvariate(0, 1.5) for _ in range(20_000)]
    stats = TimeStats()
    for value in values:
        stats.add(value)
    assert stats.count == 20_000 and stats.max == max(values)
    assert abs(stats.mean - sum(values) / len(values)) < 1e-9
    for q in (50, 95, 99):
        exact = percentile(values, q)
        assert abs(stats.percentile(q) - exact) <= 0.021 * exact
    assert len(stats.bins) < 600


def test_a_long_match_keeps_its_memory_flat(toy_registered):
    """Nothing in a match's result grows with the number of games (issue 17)."""
    import gc
    import tracemalloc

    def kept(games):
        """What is still held once the match is over and its garbage collected, result included."""
        run_match("toy", 2, ["random", "random"], 10, seed=0)  # imports and caches warmed up
        gc.collect()
        tracemalloc.start()
        result = run_match("toy", 2, ["random", "random"], games, seed=1)
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert result.summary()["games"] == games
        return held

    short, long = kept(200), kept(4000)
    assert long < short * 1.1 + 20_000, (short, long)
