"""Games to watch again: the last 50 games of each title keep their replay in the statistics and
open from Recent games; "Save replay" writes a file that "Open replay" (and ``sleuth replay``)
reads, and a bad file is refused with its reason; at each human move the viewer says what the
expert would have played, worked out in the background."""

from __future__ import annotations

import json
import random

from sleuth.core import replay as rp
from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.core.review import Review
from sleuth.store import stats as stats_module
from sleuth.ui.driver import click, pump
from sleuth.ui.scenes.recent import RecentGamesScene, ReplayFilesScene
from sleuth.ui.scenes.replay import ReplayScene


def played(game_id="bakerstreet", seed=3, human=True):
    spec = get(game_id)
    seats = [SeatInfo("Ada", "human" if human else "basic"), SeatInfo("Bot", "basic")]
    replay = rp.Replay(game_id, spec.resolve_options({}), seats, seed)
    state = rp.new_state(replay)
    bot = spec.make_bot("basic")
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.pending_seats()[0]
        action = bot.choose(state.observe(seat), state.legal_actions(seat), rng, 0.01)
        state.apply(seat, action)
        replay.record(seat, action)
    return replay, state


def centre(rect):
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def test_only_the_last_games_keep_their_replay(app, monkeypatch):
    monkeypatch.setattr(stats_module, "KEPT_REPLAYS", 3)
    replay, state = played()
    for _ in range(5):
        app.stats.record_game(replay, state.outcome())
    records = app.stats.games("bakerstreet")
    assert [r.has_replay for r in records] == [True, True, True, False, False]
    text = app.stats.replay_text(records[0].id)
    assert rp.from_json(text)[0].actions == replay.actions


def test_recent_games_lists_and_opens_a_game(app):
    replay, state = played()
    app.stats.record_game(replay, state.outcome())
    scene = RecentGamesScene(app, "bakerstreet")
    app.stack.push(scene)
    pump(app, until=lambda: scene.records is not None, timeout=10)
    assert len(scene.records) == 1
    watch = next(w for w in scene.widgets.items if getattr(w, "label", "") == "Watch")
    click(app, centre(watch.rect))
    pump(app, until=lambda: isinstance(app.stack.top, ReplayScene), timeout=10)
    assert app.stack.top.review.replay.actions == replay.actions


def test_save_replay_then_open_it_from_the_title(app):
    replay, _ = played()
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    path = viewer.save_replay()
    assert path is not None and path.endswith(".json")
    app.stack.pop()
    files = ReplayFilesScene(app)
    app.stack.push(files)
    assert [p.name for p in files.files] == [path.rsplit("/", 1)[-1]]
    assert files.open(files.files[0]) and isinstance(app.stack.top, ReplayScene)


def test_a_bad_replay_file_is_refused_with_its_reason(app):
    replay, state = played()
    folder = app.paths.replays_dir
    folder.mkdir(parents=True, exist_ok=True)
    good = json.loads(rp.to_json(replay, state))
    edited = dict(good, actions=good["actions"][:-1])
    newer = dict(good, format=99)
    cases = {"edited.json": json.dumps(edited), "newer.json": json.dumps(newer), "cut.json": rp.to_json(replay)[:40]}
    for name, text in cases.items():
        (folder / name).write_text(text)
    files = ReplayFilesScene(app)
    app.stack.push(files)
    for path in files.files:
        app.toasts.clear()
        assert not files.open(path)
        assert app.toasts and "cannot be opened" in app.toasts[-1][0]
    messages = " ".join(text for text, _ in app.toasts)
    assert app.stack.top is files, messages


def test_the_viewer_compares_each_human_move_with_the_expert(app):
    replay, _ = played(seed=5)
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    expert = viewer.expert
    human_moves = [i for i, (seat, _) in enumerate(replay.actions) if seat == 0]
    assert expert.total == len(human_moves) > 0
    pump(app, until=lambda: expert.finished, timeout=120)
    move = human_moves[0]
    line = expert.line(move, viewer.view, viewer.seat_names)
    assert line.startswith("The expert agrees with Ada") or line.startswith("The expert would have played")
    assert expert.line(move + 1 if move + 1 not in human_moves else -1, viewer.view, viewer.seat_names) is None
    viewer.seek(move + 1)
    pump(app)
