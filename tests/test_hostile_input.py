"""Bad input never stops the app or loses a game (issue 16): each finding of the audit with the
exact input described, and seeded fuzzing of the settings file and of a save. Every case ends in a
clear message, a working app (it reaches its title and can start a game) and the player's other
files byte for byte unchanged."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest

from sleuth.core import replay as rp
from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import headless_app, pump

SPEC = get("bakerstreet")


# -- helpers ------------------------------------------------------------------------------------
def home_with(tmp_path, settings: str | bytes | None = None, save: str | None = None) -> Path:
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "data" / "saves").mkdir(parents=True, exist_ok=True)
    if settings is not None:
        data = settings.encode() if isinstance(settings, str) else settings
        (home / "config" / "settings.json").write_bytes(data)
    if save is not None:
        (home / "data" / "saves" / "bakerstreet.json").write_text(save, encoding="utf-8")
    return home


def snapshot(home: Path, skip: tuple[str, ...] = ()) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*"))
            if p.is_file() and not any(part in str(p.relative_to(home)) for part in skip)}


def played_save(seed=5, steps=6, names=("Ann", "Bob"), kinds=("human", "basic")) -> tuple[str, rp.Replay]:
    replay = rp.Replay(SPEC.id, SPEC.resolve_options({}), [SeatInfo(n, k) for n, k in zip(names, kinds, strict=True)], seed)
    state = rp.new_state(replay)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.pending_seats()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        replay.record(seat, action)
    return rp.to_json(replay, state), replay


def reaches_title_and_plays(app) -> None:
    """The app draws its title, and a game starts from it and draws."""
    from sleuth.ui.scenes.table import start_game
    from sleuth.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    pump(app, frames=1)
    table = start_game(app, SPEC, [SeatInfo("You", "human"), SeatInfo("Bot", "basic")], {}, 3)
    pump(app, 0.1)
    assert app.stack.top is table or table in app.stack.scenes
    app.draw()


def open_app(home: Path):
    return headless_app(str(home), animation_speed="instant", bot_pace="instant")


# -- 1. settings that used to stop the app at every start -------------------------------------
@pytest.mark.parametrize("text", [
    '{"version": 1, "volume": ' + "9" * 5000 + "}",
    "[" * 200_000,
    '{"volume": 0.5, "muted": ' + "[" * 50_000 + "]" * 50_000 + "}",
], ids=["5000-digit volume", "200000 nested brackets", "deep value"])
def test_an_unreadable_settings_file_is_set_aside_and_the_app_starts(tmp_path, text):
    home = home_with(tmp_path, text, save=played_save()[0])
    others = snapshot(home, skip=("settings.json",))
    app = open_app(home)
    try:
        assert any("settings" in t.lower() and "kept as" in t for t, _ in app.toasts), app.toasts
        assert list((home / "config").glob("settings.json.bad-*"))
        app.io.submit(lambda: None).result()
        assert snapshot(home, skip=("settings.json", "stats.sqlite3")) == others  # the save untouched
        reaches_title_and_plays(app)
    finally:
        app.shutdown()
    second = open_app(home)  # said once: the repaired file starts quietly
    try:
        assert not [t for t, _ in second.toasts if "settings" in t.lower()]
    finally:
        second.shutdown()


# -- 2. names: printable, at most 24 characters, wherever they enter ---------------------------
def test_a_nul_in_a_settings_name_is_cleaned_and_play_works(tmp_path):
    home = home_with(tmp_path, json.dumps({"version": 1, "player_names": ["Ann\x00ie", "\x00", "B\nob"]}))
    app = open_app(home)
    try:
        assert app.settings.player_names == ("Ann ie", "B ob")
        from sleuth.ui.scenes.setup import SetupScene

        setup = SetupScene(app, SPEC)
        app.stack.push(setup)
        app.draw()
        setup.start()
        pump(app, 0.1)
        app.draw()
    finally:
        app.shutdown()


def test_a_nul_and_a_200000_character_seat_name_in_a_save_resume_cleaned_and_fast(tmp_path):
    from sleuth.store.saves import load_autosave

    text, _ = played_save(names=("Ann\x00" + "x" * 200_000, "Bob\x00"))
    home = home_with(tmp_path, save=text)
    app = open_app(home)
    try:
        start = time.perf_counter()
        replay, state = load_autosave(app.paths, "bakerstreet")
        assert time.perf_counter() - start < 2.0
        assert [s.name for s in replay.seats] == ["Ann " + "x" * 20, "Bob"]
        assert all(len(s.name) <= 24 for s in replay.seats)
        from sleuth.ui.scenes.table import TableScene
        from sleuth.ui.session import GameSession

        table = TableScene(app, GameSession(SPEC, replay, state))
        app.stack.push(table)
        pump(app, 0.1)
        app.draw()
    finally:
        app.shutdown()


def test_clean_name_keeps_what_a_person_types():
    from sleuth.core.names import clean_name

    assert clean_name("  Mrs   Hudson ") == "Mrs Hudson"
    assert clean_name("Zoë 🕵") == "Zoë 🕵"
    assert clean_name("\x00\x01\t", "Player 2") == "Player 2"
    assert clean_name(12, "Player 1") == "Player 1"
    assert len(clean_name("y" * 10_000)) == 24


def test_a_saved_name_of_invisible_characters_becomes_a_default_name():
    """Hostile play-test: a name of U+FE0F alone (the selector after an emoji) stopped the app when
    drawn; from a save or the settings it is cleaned like a control character."""
    from sleuth.core.names import clean_name

    assert clean_name("\ufe0f", "Player 1") == "Player 1"
    assert clean_name("\u200b\u200d", "Player 2") == "Player 2"
    assert clean_name("Zoë \U0001f575\ufe0f") == "Zoë \U0001f575"


# -- 3. a window larger than any screen ---------------------------------------------------------
def test_a_giant_window_size_is_refused_by_the_settings_and_clamped_by_the_app(tmp_path):
    from sleuth.store.paths import UserPaths
    from sleuth.store.settings import load_settings
    from sleuth.ui.app import FALLBACK_MAX_WINDOW, fit_window

    home = home_with(tmp_path, json.dumps({"version": 1, "window_size": [16384, 16384]}))
    os.environ["SLEUTH_HOME"] = str(home)
    settings, warning = load_settings(UserPaths.default())
    assert settings.window_size == (1280, 720) and "window_size" in warning
    assert fit_window((16384, 16384)) == FALLBACK_MAX_WINDOW
    assert fit_window((1280, 720)) == (1280, 720)


# -- 4. the last line of defence --------------------------------------------------------------
def test_an_unexpected_error_in_the_loop_writes_a_report_and_keeps_the_autosave(tmp_path, monkeypatch):
    from sleuth.store.saves import load_autosave
    from sleuth.ui import app as app_module
    from sleuth.ui import startup
    from sleuth.ui.scenes.table import start_game

    home = home_with(tmp_path)
    monkeypatch.setenv("SLEUTH_HOME", str(home))
    shown = []
    monkeypatch.setattr(startup, "show_problem", shown.append)
    state = {}

    def run(self, first):
        self.stack.push(first)
        table = start_game(self, SPEC, [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, 11)
        table.act(table.state.legal_actions(table.state.pending_seats()[0])[0])
        state["actions"] = len(table.session.replay.actions)
        raise ZeroDivisionError("boom in a scene")

    monkeypatch.setattr(app_module.App, "run", run)
    assert app_module.run_app() == 1
    reports = list((home / "logs").glob("crash-*.txt"))
    assert len(reports) == 1
    text = reports[0].read_text()
    assert "ZeroDivisionError: boom in a scene" in text and "Traceback" in text
    assert "Game: bakerstreet, seed 11" in text and '"actions"' in text
    assert shown and str(reports[0]) in shown[0] and "Continue" in shown[0]
    assert "ZeroDivisionError" not in shown[0] and "boom" not in shown[0]
    replay, _ = load_autosave(UserPaths_default(), "bakerstreet")
    assert len(replay.actions) == state["actions"]


def test_the_crash_screen_says_what_happened_in_words_not_an_error_class(tmp_path, monkeypatch):
    """Hostile play-test: the crash screen said "unexpected error (error)", pygame's error class
    name shown to a player."""
    import pygame

    from sleuth.ui import app as app_module
    from sleuth.ui import startup

    monkeypatch.setenv("SLEUTH_HOME", str(home_with(tmp_path)))
    shown = []
    monkeypatch.setattr(startup, "show_problem", shown.append)

    def run(self, first):
        raise pygame.error("Text has zero width")

    monkeypatch.setattr(app_module.App, "run", run)
    assert app_module.run_app() == 1
    assert shown and "(error)" not in shown[0] and "error)" not in shown[0]
    assert "had to close" in shown[0] and "report was written" in shown[0]
    message = startup.crash_report(KeyError("seat"))
    assert "KeyError" not in message and "had to close" in message


def UserPaths_default():
    from sleuth.store.paths import UserPaths

    return UserPaths.default()


# -- 5. card data: limits before parsing, every failure as file:line: key: message ---------------
def test_card_data_limits(tmp_path):
    from sleuth.data.validate import validate_files

    real = Path("data/cards/bakerstreet.yaml").read_text()
    big = tmp_path / "big.yaml"
    big.write_text(real + "\n# " + "x" * 5_000_000 + "\n")
    many = tmp_path / "many.yaml"
    many.write_text("game: bakerstreet\nplayers: [" + "0," * 400_000 + "0]\n")
    long_int = tmp_path / "long-int.yaml"
    long_int.write_text(real.replace("hand_size:", "hand_size: " + "9" * 4301 + " #", 1))
    start = time.perf_counter()
    messages = validate_files([big, many, long_int, Path("/dev/zero")])
    assert time.perf_counter() - start < 2.0
    assert len(messages) == 4
    assert "at most 1,000,000 bytes" in messages[0]
    assert "far more values" in messages[1] or "more than" in messages[1]
    assert messages[2].startswith(f"{long_int}:") and "hand_size" in messages[2] and "too long" in messages[2]
    assert "/dev/zero: not a regular file" in messages[3]


def test_validate_never_prints_a_traceback(tmp_path, capsys):
    from sleuth.cli import main

    assert main(["validate", "/dev/zero", str(tmp_path / "missing.yaml")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "not a regular file" in err and "file not found" in err


# -- 6. the command line ------------------------------------------------------------------------
@pytest.mark.parametrize("argv, words", [
    (["match", "bakerstreet", "--players", "0"], "--players"),
    (["match", "bakerstreet", "--players", "3"], "is for 2 players"),
    (["match", "bakerstreet", "--jobs", "0"], "--jobs"),
    (["match", "bakerstreet", "--jobs", "-3"], "--jobs"),
    (["match", "bakerstreet", "--budget-ms", "-5"], "--budget-ms"),
    (["match", "bakerstreet", "--budget-ms", "nan"], "--budget-ms"),
    (["match", "bakerstreet", "--games", "1000000000000"], "--games"),
    (["match", "bakerstreet", "--games", "0"], "--games"),
    (["bench", "bakerstreet", "--players", "9"], "is for 2 players"),
    (["bench", "bakerstreet", "--seconds", "inf"], "--seconds"),
])
def test_nonsense_arguments_are_refused_in_one_line_with_exit_2(argv, words, capsys):
    from sleuth.cli import main

    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_match_makes_its_games_one_at_a_time(monkeypatch):
    from sleuth.ai import match

    played = []

    def fake(task):
        played.append(task[3])
        if len(played) == 3:
            raise KeyboardInterrupt  # stop the match: what matters is how soon the first game began
        return match.GameRecord(seed=task[3], kinds=task[1])

    monkeypatch.setattr(match, "_play_one", fake)
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        match.run_match("bakerstreet", 2, ["basic", "basic"], 5_000_000, seed=0)
    assert played == [0, 1, 2] and time.perf_counter() - start < 0.5


# -- 7. folders, leftovers, read-only homes -----------------------------------------------------
def test_a_folder_in_place_of_the_save_or_statistics_file_is_named_at_start(tmp_path):
    home = home_with(tmp_path)
    (home / "data" / "saves" / "bakerstreet.json").mkdir()
    (home / "data" / "stats.sqlite3").mkdir()
    app = open_app(home)
    try:
        said = " ".join(t for t, _ in app.toasts)
        assert "bakerstreet.json is a folder" in said and "stats.sqlite3 is a folder" in said
        reaches_title_and_plays(app)
    finally:
        app.shutdown()


def test_a_killed_write_leaves_no_temporary_file_for_long(tmp_path):
    from sleuth.store.health import check_user_files
    from sleuth.store.paths import UserPaths

    home = home_with(tmp_path)
    os.environ["SLEUTH_HOME"] = str(home)
    saves = home / "data" / "saves"
    old = saves / ".bakerstreet.json.abc123.tmp"
    new = saves / ".bakerstreet.json.def456.tmp"
    old.write_text("{half a save")
    new.write_text("{another window is writing}")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert check_user_files(UserPaths.default()) == []
    assert not old.exists() and new.exists()


def test_bench_ui_leaves_no_folder_behind(tmp_path, monkeypatch):
    import tempfile

    from sleuth.ui.bench import bench_ui

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    bench_ui(frames=2)
    assert not list(tmp_path.glob("sleuth-*"))


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_home_warns_once_at_start(tmp_path):
    home = home_with(tmp_path)
    for folder in (home / "config", home / "data" / "saves"):
        folder.chmod(0o555)
    try:
        app = open_app(home)
        assert any("will not be saved" in t and "read-only" in t for t, _ in app.toasts)
        app.shutdown()
    finally:
        for folder in (home / "config", home / "data" / "saves"):
            folder.chmod(0o755)


def test_a_failing_write_is_said_once_not_after_every_move(tmp_path):
    home = home_with(tmp_path)
    app = open_app(home)
    try:
        count = len(app.toasts)

        def fail():
            raise PermissionError(13, "Permission denied", str(home / "data" / "saves" / "autosave.json"))

        for _ in range(5):
            app.background(fail)
        app.io.submit(lambda: None).result()
        messages = [t for t, _ in app.toasts[count:]]
        assert len(messages) == 1 and "Permission denied" in messages[0]
    finally:
        app.shutdown()


def test_the_write_check_names_a_folder_it_cannot_write(tmp_path, monkeypatch):
    from sleuth.store import health
    from sleuth.store.paths import UserPaths

    home = home_with(tmp_path)
    os.environ["SLEUTH_HOME"] = str(home)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(health.tempfile, "mkstemp", refuse)
    warnings = health.check_user_files(UserPaths.default())
    assert any("games will not be saved" in w and "read-only" in w for w in warnings)


# -- 8. saves: known formats only, a digest over the whole save --------------------------------
def test_format_0_and_unknown_formats_are_refused():
    from sleuth.core.errors import ReplayError

    text, _ = played_save()
    for version in (0, -1, True, "2"):
        payload = json.loads(text)
        payload["format"] = version
        with pytest.raises(ReplayError):
            rp.from_json(json.dumps(payload))


@pytest.mark.parametrize("edit", ["kind", "name", "seed", "options"])
def test_editing_any_part_of_a_save_is_refused(edit):
    from sleuth.core.errors import ReplayError

    text, _ = played_save()
    payload = json.loads(text)
    if edit == "kind":
        payload["seats"][1]["kind"] = "human"  # taking over the bot's seat
    elif edit == "name":
        payload["seats"][0]["name"] = "Mallory"
    elif edit == "seed":
        payload["seed"] += 1
    else:
        payload["options"] = {**payload["options"], "symbols": "none"}
    with pytest.raises(ReplayError, match="changed|cut short|cannot|no longer|do not fit"):
        rp.from_json(json.dumps(payload))


def test_a_format_1_save_from_the_last_version_still_resumes():
    text, replay = played_save()
    state = rp.rebuild(replay)
    payload = json.loads(text)
    payload["format"] = 1
    payload["digest"] = rp.log_digest(state)
    loaded, _ = rp.from_json(json.dumps(payload))
    assert loaded == replay
    assert json.loads(rp.to_json(loaded))["format"] == rp.FORMAT_VERSION


# -- fuzzing: the app always reaches a usable title --------------------------------------------
def _mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(5)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice('{}[]",:0123456789-.eE\x00\\ntruefalsnul' + "\u00e9"))
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice("0123456789[]{}\"x")
        elif op == 3:
            chars.insert(i, rng.choice(["9" * rng.randint(20, 5000), "[" * rng.randint(1, 3000), "1e999", "-0"]))
        else:
            del chars[i:i + rng.randint(1, 40)]
    return "".join(chars)


def test_fuzzed_settings_files_always_give_usable_settings(tmp_path):
    from sleuth.store.paths import UserPaths
    from sleuth.store.settings import Settings, load_settings, save_settings

    rng = random.Random(16)
    home = home_with(tmp_path)
    os.environ["SLEUTH_HOME"] = str(home)
    paths = UserPaths.default()
    save_settings(paths, Settings(player_names=("Ann", "Bob"), volume=0.3))
    good = paths.settings_file.read_text()
    for case in range(300):
        paths.settings_file.write_text(_mutate(good, rng), encoding="utf-8", errors="surrogatepass")
        settings, _ = load_settings(paths)
        assert isinstance(settings, Settings), case
        for name in settings.player_names:
            assert name.isprintable() and len(name) <= 24
    for _ in range(6):  # and the whole app starts on a few of them
        paths.settings_file.write_text(_mutate(good, rng), encoding="utf-8")
        app = open_app(home)
        try:
            reaches_title_and_plays(app)
        finally:
            app.shutdown()


def test_fuzzed_saves_resume_or_are_refused_cleanly(tmp_path):
    from sleuth.store.paths import UserPaths
    from sleuth.store.saves import AutosaveError, load_autosave

    rng = random.Random(61)
    text, _ = played_save(steps=10)
    home = home_with(tmp_path)
    os.environ["SLEUTH_HOME"] = str(home)
    paths = UserPaths.default()
    outcomes = {"resumed": 0, "refused": 0}
    slot = paths.game_save_file("bakerstreet")
    for case in range(300):
        slot.write_text(_mutate(text, rng), encoding="utf-8")
        try:
            loaded = load_autosave(paths, "bakerstreet")
            outcomes["resumed"] += loaded is not None
        except AutosaveError as exc:
            outcomes["refused"] += 1
            assert "Traceback" not in str(exc) and len(str(exc)) < 600, case
            assert not slot.exists()
    assert outcomes["refused"] > 200
    slot.write_text(_mutate(text, rng), encoding="utf-8")
    app = open_app(home)
    try:
        reaches_title_and_plays(app)
    finally:
        app.shutdown()


def test_the_window_is_never_smaller_than_three_quarters_of_the_layout():
    """Window play-test: at 640x400 the table's smallest words were 7 px and the title's card
    pictures grey. A remembered size below the least is opened at the least, and the window
    cannot be dragged smaller."""
    import pygame

    from sleuth.ui.app import MIN_WINDOW, fit_window
    from sleuth.ui.driver import headless_app

    assert fit_window((640, 400)) == MIN_WINDOW
    assert fit_window((800, 1000))[0] == MIN_WINDOW[0]
    import warnings

    app = headless_app()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert app.window is not None and tuple(pygame.Window.from_display_module().minimum_size) == MIN_WINDOW
