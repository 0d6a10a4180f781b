"""User folders come from SLEUTH_HOME or platformdirs; writes are atomic and leave no debris."""

import os
from pathlib import Path

import pytest

from sleuth.store import paths as paths_mod
from sleuth.store.paths import UserPaths, atomic_write_text, move_aside


def test_sleuth_home_overrides_every_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SLEUTH_HOME", str(tmp_path / "home"))
    paths = UserPaths.default()
    assert paths.settings_file == tmp_path / "home" / "config" / "settings.json"
    assert paths.autosave_file == tmp_path / "home" / "data" / "saves" / "autosave.json"
    assert paths.stats_file == tmp_path / "home" / "data" / "stats.sqlite3"
    assert paths.log_dir == tmp_path / "home" / "logs"


def test_without_sleuth_home_the_platform_folders_are_used(monkeypatch):
    monkeypatch.delenv("SLEUTH_HOME", raising=False)
    paths = UserPaths.default()
    assert paths.config_dir.name == "Sleuth"
    assert paths.data_dir.name == "Sleuth"
    assert "Sleuth" in paths.log_dir.parts


def test_nothing_is_created_until_the_first_write(tmp_path, monkeypatch):
    monkeypatch.setenv("SLEUTH_HOME", str(tmp_path / "home"))
    UserPaths.default()
    assert not (tmp_path / "home").exists()


def test_atomic_write_creates_folders_and_leaves_no_temp_files(tmp_path):
    target = tmp_path / "a" / "b" / "file.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two ✓")
    assert target.read_text(encoding="utf-8") == "two ✓"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path, monkeypatch):
    target = tmp_path / "file.json"
    atomic_write_text(target, "old")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(paths_mod.os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space"):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_a_write_that_fails_midway_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "file.json"
    atomic_write_text(target, "old")

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(paths_mod.os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_move_aside_keeps_the_file_under_a_new_unique_name(tmp_path):
    first = tmp_path / "settings.json"
    first.write_text("x")
    moved = move_aside(first)
    first.write_text("y")
    moved_again = move_aside(first)
    assert moved != moved_again
    assert moved.name.startswith("settings.json.bad-") and moved.read_text() == "x"
    assert moved_again.read_text() == "y"
    assert not first.exists()


def test_the_temp_file_is_in_the_target_folder(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append(Path(src).parent)
        real_replace(src, dst)

    monkeypatch.setattr(paths_mod.os, "replace", spy)
    atomic_write_text(tmp_path / "x.txt", "x")
    assert seen == [tmp_path]


def test_the_store_never_imports_pygame():
    """The store is used by the CLI and tests without a display: it must stay pure Python."""
    import re

    root = Path(paths_mod.__file__).parent
    pattern = re.compile(r"^\s*(import|from)\s+(pygame|pymunk)\b", re.M)
    assert [p.name for p in root.glob("*.py") if pattern.search(p.read_text())] == []
