import pytest


@pytest.fixture
def app(tmp_path):
    """A headless app at 1280x720 with instant animations, shut down after the test."""
    from sleuth.ui.driver import headless_app

    application = headless_app(str(tmp_path / "home"), animation_speed="instant", bot_pace="instant")
    yield application
    application.shutdown()
