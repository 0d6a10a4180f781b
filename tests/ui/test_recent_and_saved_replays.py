"""Games to watch again: the last 50 games of each title keep their replay in the statistics and
open from Recent games; "Save replay as" writes a file (name and folder chosen) that "Open replay"
(and ``sleuth replay``) reads, and a bad file or name is refused with its reason; at each human move the viewer says what the
expert would have played, worked out in the background."""

from __future__ import annotations

import json
import os
import random

import pygame

from sleuth.core import replay as rp
from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.core.review import Review
from sleuth.store import stats as stats_module
from sleuth.ui.driver import click, key, pump, send
from sleuth.ui.scenes.dialogs import ConfirmScene
from sleuth.ui.scenes.files import EntryRow, OpenReplayScene, SaveReplayScene, check_file_name
from sleuth.ui.scenes.recent import RecentGamesScene
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


def recent_games_after_one_ended(app, finished_at):
    """Bakerstreet's Recent games, its records read, with one played game that ended at ``finished_at``."""
    replay, state = played()
    app.stats.record_game(replay, state.outcome(), finished_at=finished_at)
    scene = RecentGamesScene(app, "bakerstreet")
    app.stack.push(scene)
    pump(app, until=lambda: scene.records is not None, timeout=10)
    return scene


def test_a_replay_is_offered_for_saving_under_the_time_it_was_played(app, tmp_path):
    """Play-test: a game played at 12:42 was offered as "Beyond Baker Street 2026-12-05 12.59",
    the time of saving. The name tells the game's own time (Recent games shows the same); a replay
    opened from a file is offered under that file's name."""
    from datetime import UTC, datetime

    played_at = datetime(2026, 12, 5, 11, 42, tzinfo=UTC)
    scene = recent_games_after_one_ended(app, played_at)
    click(app, centre(button(scene, "Watch").rect))
    pump(app, until=lambda: isinstance(app.stack.top, ReplayScene), timeout=10)
    dialog = app.stack.top.save_replay()
    assert dialog.name == f"Bakerstreet {played_at.astimezone():%Y-%m-%d %H.%M}"
    dialog.go(tmp_path)
    click(app, centre(button(dialog, "Save").rect))
    app.stack.pop()
    opener = OpenReplayScene(app, tmp_path)
    app.stack.push(opener)
    opener.open(dialog.saved)
    assert app.stack.top.save_replay().name == dialog.saved.stem


def test_the_results_replay_is_saved_under_the_time_the_game_ended(app):
    from sleuth.ui.scenes.results import ResultsScene
    from sleuth.ui.scenes.table import start_game

    table = start_game(app, get("bakerstreet"), [SeatInfo("A", "basic"), SeatInfo("B", "basic")], {}, 3)
    pump(app, until=lambda: table.results_shown, timeout=120)
    assert isinstance(app.stack.top, ResultsScene) and table.finished_at is not None
    app.stack.top.watch()
    assert app.stack.top.save_replay().name == f"Bakerstreet {table.finished_at.astimezone():%Y-%m-%d %H.%M}"
    pump(app, until=lambda: app.stats.games("bakerstreet"), timeout=10)
    assert app.stats.games("bakerstreet")[0].finished_at == table.finished_at.isoformat(timespec="seconds")


def button(scene, label):
    return next(w for w in scene.widgets.items if getattr(w, "label", "") == label)


def row(scene, name):
    return next(w for w in scene.widgets.items if isinstance(w, EntryRow) and w.label == name)


def type_text(app, text):
    for _ in range(60):
        key(app, pygame.K_BACKSPACE)
    for ch in text:
        send(app, pygame.TEXTINPUT, text=ch)


def test_save_replay_as_then_open_it_from_the_title(app):
    replay, _ = played()
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    dialog = viewer.save_replay()
    assert isinstance(dialog, SaveReplayScene) and app.stack.top is dialog and dialog.folder == app.paths.replays_dir
    assert dialog.name.startswith("Bakerstreet ")  # the game and the date, ready to save
    click(app, centre(button(dialog, "Save").rect))
    assert dialog.saved is not None and dialog.saved.parent == app.paths.replays_dir
    assert app.stack.top is viewer and "Replay saved as" in app.toasts[-1][0]
    app.stack.pop()
    files = OpenReplayScene(app)
    app.stack.push(files)
    assert [p.name for p in files.files] == [dialog.saved.name]
    click(app, centre(row(files, dialog.saved.name).rect))
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.review.replay.actions == replay.actions


def test_save_replay_as_chooses_the_name_and_the_folder_and_remembers_it(app, tmp_path):
    replay, _ = played()
    elsewhere = tmp_path / "shared" / "club nights"
    elsewhere.mkdir(parents=True)
    (tmp_path / "shared" / ".hidden").mkdir()
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    dialog = viewer.save_replay()
    dialog.go(tmp_path / "shared")
    assert [w.label for w in dialog.widgets.items if isinstance(w, EntryRow)] == ["club nights"]
    click(app, centre(row(dialog, "club nights").rect))
    assert dialog.folder == elsewhere
    click(app, centre(dialog.name_field.rect))
    type_text(app, "Ada beats the bot")
    key(app, pygame.K_RETURN)
    saved = elsewhere / "Ada beats the bot.json"
    assert dialog.saved == saved and saved.is_file()
    assert rp.from_json(saved.read_text())[0].actions == replay.actions
    assert app.settings.replay_folder == str(elsewhere)
    opener = OpenReplayScene(app)  # the title's Open replay starts where the last replay went
    app.stack.push(opener)
    assert opener.folder == elsewhere and [p.name for p in opener.files] == [saved.name]
    click(app, centre(button(opener, "Up one folder").rect))
    assert opener.folder == tmp_path / "shared"
    click(app, centre(button(opener, "Replays").rect))
    assert opener.folder == app.paths.replays_dir


def test_a_bad_name_is_refused_with_its_reason_and_nothing_is_written(app, tmp_path):
    assert check_file_name("  game one ") == ("game one.json", "")
    assert check_file_name("game.JSON") == ("game.JSON", "")
    for name, words in (("", "Give the file a name"), ("a/b", "cannot contain /"), ('x:y?', "cannot contain : ?"),
                        ("con", "Windows keeps"), ("x" * 200, "too long")):
        assert check_file_name(name)[0] is None and words in check_file_name(name)[1], name
    replay, _ = played()
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    dialog = viewer.save_replay()
    target = tmp_path / "target"
    target.mkdir()
    dialog.go(target)
    type_text(app, "night/one")
    key(app, pygame.K_RETURN)
    assert dialog.saved is None and app.stack.top is dialog and "cannot contain /" in app.toasts[-1][0]
    assert list(target.iterdir()) == []


def test_saving_over_a_file_asks_first(app, tmp_path):
    replay, _ = played()
    tmp_path = tmp_path / "target"
    tmp_path.mkdir()
    (tmp_path / "mine.json").write_text("keep me")
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    dialog = viewer.save_replay()
    dialog.go(tmp_path)
    type_text(app, "mine")
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ConfirmScene)
    click(app, centre(button(app.stack.top, "Keep it").rect))
    assert app.stack.top is dialog and (tmp_path / "mine.json").read_text() == "keep me"
    key(app, pygame.K_RETURN)
    click(app, centre(button(app.stack.top, "Replace").rect))
    assert dialog.saved == tmp_path / "mine.json" and app.stack.top is viewer
    assert rp.from_json((tmp_path / "mine.json").read_text())[0].actions == replay.actions


def test_a_folder_that_cannot_be_read_says_why(app, tmp_path, monkeypatch):
    def refuse(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "scandir", refuse)
    opener = OpenReplayScene(app, tmp_path)
    app.stack.push(opener)
    app.draw()
    assert "cannot be read: Permission denied" in opener.listing.error
    assert not [w for w in opener.widgets.items if isinstance(w, EntryRow)]


def test_a_long_folder_turns_pages(app, tmp_path):
    tmp_path = tmp_path / "cases"
    for i in range(19):
        (tmp_path / f"case {i:02d}").mkdir(parents=True)
    opener = OpenReplayScene(app, tmp_path)
    app.stack.push(opener)
    assert opener.pages() == 3 and row(opener, "case 00")
    click(app, centre(button(opener, "Next").rect))
    assert opener.page == 1 and row(opener, "case 08")
    send(app, pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    assert opener.page == 2 and row(opener, "case 18")


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
    files = OpenReplayScene(app)
    app.stack.push(files)
    assert sorted(p.name for p in files.files) == sorted(cases)
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
    assert line.startswith("The expert agrees with Ada") or line.startswith("Expert's choice: ")
    assert expert.line(move + 1 if move + 1 not in human_moves else -1, viewer.view, viewer.seat_names) is None
    viewer.seek(move + 1)
    pump(app)


def test_the_banner_buttons_f1_and_the_zoom_work_with_the_drawer_open(app):
    """Play-test: the replay opens with its drawer (the playback controls) open, and then Save
    replay... and Casebook ignored clicks, F1 did nothing and no card could be seen large."""
    from sleuth.ui.scenes.rules import RulesScene
    from sleuth.ui.scenes.zoom import ZoomScene

    replay, _ = played()
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    pump(app, 0.2)
    key(app, pygame.K_l)
    assert viewer.log_open
    tab = next(t for t in viewer.banner_tabs() if t.label == "Save replay...")
    click(app, centre(tab.rect))
    assert isinstance(app.stack.top, SaveReplayScene)
    app.stack.pop()
    send(app, pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)
    assert isinstance(app.stack.top, RulesScene)
    app.stack.pop()
    from sleuth.ui.scenes.table import LOG_RECT

    viewer.seek(viewer.review.length)
    pump(app, 0.5)
    sprite = next(s for s in viewer.view.board.by_key.values() if not s.hidden and s.shown >= 0.5
                  and s.pos[0] < LOG_RECT[0])
    send(app, pygame.MOUSEBUTTONDOWN, pos=sprite.pos, button=3)
    assert isinstance(app.stack.top, ZoomScene)


def test_save_as_turns_pages_above_its_cancel_and_save(app, tmp_path):
    """Play-test: in "Save replay as" a folder of many folders put Previous, Next and "Page 1 of
    3" on the row of Cancel and Save."""
    folder = tmp_path / "cases"
    for i in range(19):
        (folder / f"case {i:02d}").mkdir(parents=True)
    app.update_settings(replay_folder=str(folder))
    dialog = SaveReplayScene(app, "A game", lambda path: None)
    app.stack.push(dialog)
    assert dialog.folder == folder and dialog.pages() > 1
    turners = [button(dialog, "Previous").rect, button(dialog, "Next").rect]
    for label in ("Cancel", "Save"):
        x, y, w, h = button(dialog, label).rect
        assert all(ty + th <= y for _, ty, _, th in turners), (label, turners)


def test_a_notice_on_a_menu_screen_covers_none_of_its_buttons(app):
    """Play-test: "A file name cannot contain /." lay over Cancel and Save, and a refused replay's
    reason over Back."""
    for scene in (SaveReplayScene(app, "A game", lambda path: None), OpenReplayScene(app)):
        app.stack.push(scene)
        for size in ((420, 40), (700, 64)):
            x, y = scene.toast_spot(size)
            for widget in scene.widgets.items:
                rx, ry, rw, rh = widget.rect
                assert not (x < rx + rw and rx < x + size[0] and y < ry + rh and ry < y + size[1]), widget
        app.stack.pop()


def test_a_replay_opens_on_the_whole_table_with_its_steps_in_the_banner(app):
    """Play-tests: the replay opened with its drawer over a quarter of the table (a hand, a track,
    the Impossible), and closing it (L) hid every playback control. It opens with the drawer
    closed; the banner holds the steps and Play, and says what L brings."""
    replay, _ = played()
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    pump(app, 0.2)
    assert not viewer.log_open and "(L: the timeline)" in viewer.banner_text()
    # beside a move's line the place in the game stays whole (cut at a colon it had read "Replay")
    viewer.step()
    pump(app, 0.1)
    assert viewer._flash is not None and viewer.banner_text() == f"Replay, move 1 of {viewer.review.length}"
    viewer.seek(0)
    labels = [tab.label for tab in viewer.banner_tabs()]
    assert {"|<", "<", "Play", ">", ">|"} <= set(labels)
    step = next(tab for tab in viewer.banner_tabs() if tab.label == ">")
    click(app, centre(step.rect))
    assert viewer.move == 1
    play = next(tab for tab in viewer.banner_tabs() if tab.label == "Play")
    click(app, centre(play.rect))
    assert viewer.playing and any(tab.label == "Pause" for tab in viewer.banner_tabs())
    # nothing in the banner lies on another
    rects = [tab.rect for tab in viewer.banner_tabs()]
    assert not any(a[0] < b[0] + b[2] and b[0] < a[0] + a[2] for i, a in enumerate(rects) for b in rects[i + 1:])
    # a "Why? (W)" that comes with a bot's move moves none of them (a second click on ">" opened Save replay)
    places = {tab.label: tab.rect for tab in viewer.banner_tabs()}
    viewer._flash = (next(line for line in viewer.log_lines), viewer.clock + 5)
    viewer.why_move = lambda: 0
    assert any(tab.label == "Why? (W)" for tab in viewer.banner_tabs())
    assert all(places[tab.label] == tab.rect for tab in viewer.banner_tabs() if tab.label in places)
    del viewer.why_move
    key(app, pygame.K_l)  # the drawer has them; the banner does not repeat them
    assert viewer.log_open and "Play" not in [tab.label for tab in viewer.banner_tabs()]
    assert "L: the timeline" not in viewer.banner_text()


def test_open_replay_lists_the_replays_before_the_folders(app, tmp_path):
    """Play-test: a replay sat on page 6 of 6, behind 45 folders."""
    folder = tmp_path / "many"
    for i in range(12):
        (folder / f"folder {i:02d}").mkdir(parents=True)
    replay, state = played()
    (folder / "a game.json").write_text(rp.to_json(replay, state))
    opener = OpenReplayScene(app, folder)
    app.stack.push(opener)
    assert opener.entries()[0].name == "a game.json" and row(opener, "a game.json")


def test_a_replays_banner_leaves_a_long_move_line_room_beside_why(app, monkeypatch):
    """Re-check play-test: in a Beyond Baker Street replay, with "Why? (W)" beside the steps, a
    move's line was squeezed into 170 px and cut ("Watson plays Document 5 on the..."). The replay
    shows no game name at the banner's left ("Replay, move 2 of 28" says what it is)."""
    from sleuth.ui.canvas import Canvas

    replay, _state = played("beyond-baker-street", seed=4)
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    pump(app, 0.2)
    viewer.why_move = lambda: 0  # a bot's move with reasons is shown: its "Why?" stands in the banner
    line = "Bot tells Ada that their 1st and 3rd cards are Witnesses, and that the 4th is not one."
    viewer._flash = (line, viewer.clock + 60)
    assert any(tab.label == "Why? (W)" for tab in viewer.banner_tabs())
    app.keep_painted_layers = False
    drawn = []
    text = Canvas.text

    def spy(canvas, words, pos, size, colour, anchor="topleft", bold=False, serif=False):
        drawn.append(words)
        return text(canvas, words, pos, size, colour, anchor, bold, serif)

    monkeypatch.setattr(Canvas, "text", spy)
    app.draw()
    assert get("beyond-baker-street").short_name not in drawn
    start = next(i for i, words in enumerate(drawn) if words.startswith("Bot tells Ada"))
    assert " ".join(drawn[start:start + 2]) == line


def test_recent_games_say_that_a_rows_time_is_when_the_game_ended(app):
    """Marathon play-test: a game started at 15:22, saved and quit, continued and ended at 15:28
    was listed under "5 Dec 2026, 15:28", which read as the time of its Save and quit or its
    Continue. The row says which time it is: when the game ended (it is stored then); the time
    stands clear of the players' names beside it."""
    from datetime import UTC, datetime

    ended = datetime(2026, 12, 28, 15, 28, tzinfo=UTC)
    recent_games_after_one_ended(app, ended)
    local = ended.astimezone()
    app.canvas.recorder = []
    try:
        app.draw()
        drawn = [(text, box) for text, box, size in app.canvas.recorder if size != -1 and text]
    finally:
        app.canvas.recorder = None
    when = next((text, box) for text, box in drawn if text.startswith("Ended "))
    assert when[0] == f"Ended {local.day} {local:%b %Y, %H:%M}"
    who = next(box for text, box in drawn if text.startswith("Ada "))
    assert when[1][0] + when[1][2] + 12 <= who[0], (when, who)


def test_the_title_opens_recent_games_on_the_title_of_the_game_finished_last(app):
    """Replay play-test: a stray key left a finished game's results, and its replay was then reached
    only through Statistics. The title has "Recent games", open on the game finished last."""
    from sleuth.ui.scenes.title import TitleScene

    for game_id in ("bakerstreet", "case-connection"):
        replay, state = played(game_id)
        app.stats.record_game(replay, state.outcome())
    title = TitleScene(app)
    app.stack.push(title)
    button = next(w for w in title.widgets.items if getattr(w, "label", "") == "Recent games")
    click(app, centre(button.rect))
    scene = app.stack.top
    assert isinstance(scene, RecentGamesScene)
    pump(app, until=lambda: scene.records is not None, timeout=10)
    assert scene.game_id == "case-connection" and len(scene.records) == 1


def test_recent_games_tell_a_case_given_up_from_one_lost():
    """Verifier: a Beyond Baker Street case given up was listed as "The team lost"."""
    from types import SimpleNamespace

    from sleuth.games.beyond_baker_street import rules as R
    from sleuth.ui.scenes.recent import result_text

    seats = [SeatInfo("Ada", "human"), SeatInfo("Bot", "basic")]
    given_up = SimpleNamespace(seats=seats, team_won=False, winners=(), reason=f"{R.GAVE_UP}Holmes is 1 space away")
    lost = SimpleNamespace(seats=seats, team_won=False, winners=(), reason="Holmes solved the case first")
    assert result_text(given_up) == "The team gave up" and result_text(lost) == "The team lost"
