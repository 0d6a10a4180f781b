"""Headless everything: dummy SDL drivers are set before pygame can be imported anywhere."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture
def toy_registered(monkeypatch):
    """Register the test-only toy game under the id 'toy' for the duration of a test."""
    from sleuth.core import registry

    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.toygame")
    return registry.get("toy")


@pytest.fixture(autouse=True)
def isolated_user_dirs(tmp_path, monkeypatch):
    """Settings, saves and statistics go to a temporary folder in every test."""
    monkeypatch.setenv("SLEUTH_HOME", str(tmp_path / "sleuth-home"))
