"""Settings: defaults, round trip, and bad files reported once and kept aside."""

import json

import pytest

from sleuth.store.paths import UserPaths
from sleuth.store.settings import (
    ANIMATION_SPEEDS,
    BOT_PACES,
    DEDUCTION_NOTES,
    Settings,
    load_settings,
    save_settings,
)


@pytest.fixture
def paths():
    return UserPaths.default()


def bad_files(paths):
    return sorted(p.name for p in paths.config_dir.glob("settings.json.bad-*"))


def test_a_missing_file_gives_the_defaults_without_a_warning(paths):
    settings, warning = load_settings(paths)
    assert settings == Settings()
    assert warning is None
    assert not paths.config_dir.exists()


def test_defaults_are_the_documented_ones():
    s = Settings()
    assert (s.fullscreen, s.animation_speed, s.bot_pace, s.muted, s.colourblind) == (False, "normal", "normal", False, False)
    assert s.confirm_losing_moves is True
    assert s.show_covered_cards is False
    assert s.deduction_notes == "full"
    assert 0.0 <= s.volume <= 1.0
    assert s.window_size == (1280, 720)
    assert s.player_names == ()


def test_presets_map_to_numbers():
    assert Settings(animation_speed="instant").animation_scale == 0.0
    assert Settings(animation_speed="fast").animation_scale < Settings().animation_scale < Settings(animation_speed="slow").animation_scale
    assert Settings(bot_pace="instant").bot_delay_s == 0.0
    assert set(ANIMATION_SPEEDS) >= {"slow", "normal", "fast", "instant"}
    assert set(BOT_PACES) >= {"slow", "normal", "fast", "instant"}
    assert Settings(volume=0.4, muted=True).effective_volume == 0.0
    assert Settings(volume=0.4).effective_volume == 0.4


def test_round_trip(paths):
    changed = Settings(
        fullscreen=True,
        animation_speed="instant",
        bot_pace="slow",
        volume=0.25,
        muted=True,
        colourblind=True,
        confirm_losing_moves=False,
        show_covered_cards=True,
        deduction_notes="marks",
        window_size=(1920, 1080),
        player_names=("Ann", "Bé", "Cid"),
    )
    save_settings(paths, changed)
    assert load_settings(paths) == (changed, None)
    assert json.loads(paths.settings_file.read_text())["version"] == 1


def test_invalid_settings_cannot_be_constructed():
    with pytest.raises(ValueError, match="volume"):
        Settings(volume=2)
    with pytest.raises(ValueError, match="animation_speed"):
        Settings().updated(animation_speed="warp")


def test_updated_normalises_lists_to_tuples():
    s = Settings().updated(window_size=[800, 600], player_names=[" Ann "])
    assert s.window_size == (800, 600) and s.player_names == ("Ann",)
    hash(s)


@pytest.mark.parametrize(
    "content, fragment",
    [
        ("{not json", "Your settings file could not be read (it is damaged)"),
        ("[1, 2, 3]", "does not hold a set of settings"),
        ("", "it is damaged"),
    ],
)
def test_a_corrupt_file_is_reported_once_moved_aside_and_replaced(paths, content, fragment):
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(content)
    settings, warning = load_settings(paths)
    assert settings == Settings()
    assert fragment in warning
    [moved] = bad_files(paths)
    assert f"kept as {moved} in {paths.config_dir}" in warning
    assert (paths.config_dir / moved).read_text() == content
    assert load_settings(paths) == (Settings(), None)  # reported once
    assert bad_files(paths) == [moved]


def test_a_file_that_is_not_text_is_reported(paths):
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_bytes(b"\xff\xfe\x00garbage")
    settings, warning = load_settings(paths)
    assert settings == Settings() and "not text" in warning
    assert len(bad_files(paths)) == 1


def test_individually_invalid_values_fall_back_and_the_rest_is_kept(paths):
    paths.config_dir.mkdir(parents=True)
    original = {
        "version": 1,
        "fullscreen": "yes",
        "volume": 1.5,
        "animation_speed": "ludicrous",
        "window_size": [0, 5],
        "player_names": ["Ann", 7],
        "bot_pace": "fast",
        "colourblind": True,
    }
    paths.settings_file.write_text(json.dumps(original))
    settings, warning = load_settings(paths)
    assert settings == Settings(bot_pace="fast", colourblind=True)
    # named as the Settings screen names them, never by the file's keys or its values
    assert warning.startswith("Some of your settings could not be read: Fullscreen, Animations, Volume, the window's "
                              "size and the names typed at setup held values Sleuth cannot use. They are back to "
                              "the default; the rest are kept."), warning
    assert "Bot pace" not in warning and "_" not in warning.split(" kept as ")[0] and "'yes'" not in warning
    [moved] = bad_files(paths)
    assert json.loads((paths.config_dir / moved).read_text()) == original  # nothing is lost
    assert load_settings(paths) == (settings, None)  # the repaired file is in place: reported once


def test_keys_from_a_newer_version_are_ignored_and_kept(paths):
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({"version": 3, "volume": 0.5, "haptics": "strong"}))
    settings, warning = load_settings(paths)
    assert warning is None and settings == Settings(volume=0.5)
    save_settings(paths, settings.updated(muted=True))
    on_disk = json.loads(paths.settings_file.read_text())
    assert on_disk["haptics"] == "strong" and on_disk["muted"] is True
    assert bad_files(paths) == []


def test_booleans_are_not_numbers_and_numbers_are_not_booleans(paths):
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({"volume": True, "muted": 1}))
    settings, warning = load_settings(paths)
    assert settings == Settings()
    assert "Volume and Mute held values" in warning


def test_save_is_atomic_and_leaves_only_the_file(paths):
    save_settings(paths, Settings())
    save_settings(paths, Settings(volume=0.1))
    assert [p.name for p in paths.config_dir.iterdir()] == ["settings.json"]


def test_repairing_a_value_keeps_a_newer_versions_keys(paths):
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({"version": 2, "animation_speed": "turbo", "haptics": "strong"}))
    settings, warning = load_settings(paths)
    assert settings == Settings() and "Animations held a value" in warning
    assert json.loads(paths.settings_file.read_text())["haptics"] == "strong"


@pytest.mark.parametrize("mode", list(DEDUCTION_NOTES))
def test_deduction_notes_round_trip_every_preset(paths, mode):
    """Issue 15, item 9: Purrrlock's notes grid has three presets, remembered like the others."""
    save_settings(paths, Settings(deduction_notes=mode))
    assert load_settings(paths) == (Settings(deduction_notes=mode), None)
    assert json.loads(paths.settings_file.read_text())["deduction_notes"] == mode


def test_deduction_notes_are_one_of_the_presets_and_a_bad_value_falls_back(paths):
    assert set(DEDUCTION_NOTES) == {"full", "marks", "off"}
    with pytest.raises(ValueError, match="deduction_notes"):
        Settings(deduction_notes="some")
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text(json.dumps({"version": 1, "deduction_notes": "all", "muted": True}))
    settings, warning = load_settings(paths)
    assert settings.deduction_notes == "full" and settings.muted is True
    assert warning and "Purrrlock notes" in warning


def test_the_last_setup_of_each_game_round_trips_and_junk_falls_back(paths):
    setups = {"bakerstreet": {"seats": [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "expert"}],
                              "options": {"symbols": "no-stop"}}}
    save_settings(paths, Settings(game_setups=setups))
    settings, warning = load_settings(paths)
    assert settings.game_setups == setups and warning is None
    for junk in ([1, 2], {"x": "y"}, {"g": {"seats": "many"}}, {"g": {"seats": [{"name": "A"}]}}):
        paths.settings_file.write_text(json.dumps({"version": 1, "game_setups": junk}))
        settings, warning = load_settings(paths)
        assert settings.game_setups == {} and "each game's last setup" in warning
