"""Fixtures shared by the games' table tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def app(tmp_path):
    """A headless app on the title screen, animations and bots instant, its home in ``tmp_path``."""
    from sleuth.ui.driver import headless_app
    from sleuth.ui.scenes.title import TitleScene

    application = headless_app(str(tmp_path / "home"), animation_speed="instant", bot_pace="instant")
    application.stack.push(TitleScene(application))
    yield application
    application.shutdown()
