"""Every table offers its controls from the state after the last animation, whatever the order of
events (issue 15, item 1): once a bot's move has finished animating, the buttons and what may be
dragged or clicked are exactly those a fresh look at the same state offers."""

from __future__ import annotations

import pytest

from sleuth.core.registry import game_ids, get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import pump
from sleuth.ui.scenes.table import start_game


@pytest.fixture
def app(tmp_path):
    from sleuth.ui.driver import headless_app

    application = headless_app(str(tmp_path / "home"), animation_speed="normal", bot_pace="instant")
    yield application
    application.shutdown()


def controls(table):
    widgets = sorted((getattr(w, "label", ""), w.enabled, tuple(round(v) for v in w.rect))
                     for w in table.view.widgets.items)
    sprites = sorted((str(key), s.draggable, s.clickable) for key, s in table.view.board.by_key.items())
    return widgets, sprites


@pytest.mark.parametrize("game_id", game_ids())
def test_after_the_bots_animated_moves_the_controls_match_a_fresh_look(app, game_id):
    spec = get(game_id)
    seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "basic") for i in range(1, spec.max_players)]
    table = start_game(app, spec, seats, {}, seed=6)
    checked = 0
    for _ in range(12):
        # wait for the human's turn with every animation finished (bots' moves animated at normal speed)
        pump(app, 1 / 30, until=lambda: table.state.is_over() or (
            table.viewer_may_act() and table.viewer in table.state.pending_seats()), timeout=60)
        if table.state.is_over():
            break
        pump(app, 0.05)
        settled = controls(table)
        table.set_viewer(table.viewer)  # a fresh look at the same state, nothing animating
        assert controls(table) == settled
        checked += 1
        table.act(table.legal_for_viewer()[0], confirmed=True)
    assert checked >= 3
