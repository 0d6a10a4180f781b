"""The colour-blind palette switched mid-game repaints everything on the table at once, cards
included (issue 15, item 12): the frame after the switch equals the frame of the same game
started with that palette."""

from __future__ import annotations

import pygame
import pytest

from sleuth.core.registry import game_ids, get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import headless_app, pump
from sleuth.ui.scenes.table import start_game


def table_frame(home, game_id, colourblind_at_start, switch):
    app = headless_app(str(home), animation_speed="instant", bot_pace="instant", colourblind=colourblind_at_start)
    try:
        spec = get(game_id)
        seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "basic") for i in range(1, spec.min_players)]
        table = start_game(app, spec, seats, {}, seed=9)
        pump(app, until=lambda: table.viewer_may_act(), timeout=30)
        if switch:
            app.update_settings(colourblind=True)
            pump(app, 0.05)
        app.toasts.clear()
        app.mouse_pos = (-100, -100)
        app.draw()
        return pygame.image.tobytes(app.window, "RGB")
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", game_ids())
def test_switching_to_the_colourblind_palette_repaints_every_card(tmp_path, game_id):
    switched = table_frame(tmp_path / "a", game_id, False, switch=True)
    fresh = table_frame(tmp_path / "b", game_id, True, switch=False)
    before = table_frame(tmp_path / "c", game_id, False, switch=False)
    assert switched != before
    assert switched == fresh
