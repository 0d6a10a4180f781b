"""What the table says once a game is over, and the results screen that follows it (the hostile
play-test: stale "playing now" and "LAST ROUND" under "Game over", Beyond Baker Street's "your
cards, turned up now the case is over" over an empty hand, rapid clicks skipping the results)."""

from __future__ import annotations

import random

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import pump
from sleuth.ui.scenes.table import start_game


def texts(app) -> list[str]:
    """Every line of text the next frame draws."""
    app.canvas.recorder = []
    try:
        app.draw()
        return [text for text, _, _ in app.canvas.recorder if text]
    finally:
        app.canvas.recorder = None


def play_to_the_end(app, game_id: str, seats: list[SeatInfo], seed: int = 1):
    """A game where the human seat's moves are a basic bot's, played through the table; returns the
    table the moment the game is over (its last move still animating)."""
    app.settings = app.settings.updated(animation_speed="normal", bot_pace="instant")
    spec = get(game_id)
    table = start_game(app, spec, seats, {}, seed)
    bot, rng = spec.make_bot("basic"), random.Random(seed)
    for _ in range(8000):
        if table.state.is_over():
            return table
        pump(app, 0.1, frames=1)
        if not table.state.is_over() and table.viewer_may_act():
            seat = table.viewer
            table.act(bot.choose(table.state.observe(seat), table.state.legal_actions(seat), rng, 0.01),
                      confirmed=True)
    raise TimeoutError("the game did not end")


def test_purrrlocks_table_says_the_game_is_over_while_the_last_move_plays_out(app):
    """Hostile play-test: under "Game over: Player 3 caught Furriarty", the table still said "Player 3
    (you): playing now", the red "LAST ROUND, Furriarty escapes when it ends!" and the score before
    the last move (the printed facts waited for the last move's animation)."""
    seats = [SeatInfo("Watson", "basic"), SeatInfo("Bot 1", "basic"), SeatInfo("Player 3", "human")]
    table = play_to_the_end(app, "purrrlock-holmes", seats)
    assert table.view.busy  # the last move is still being shown
    for _ in range(3):
        shown = texts(app)
        assert not [t for t in shown if "playing now" in t or "LAST ROUND" in t], shown
        assert any(t.endswith("the game is over.") for t in shown)
        obs = table.state.observe(2)
        total = sum(v for v in obs.collected[2] if v is not None) - (table.state.cards.paws_cost
                                                                      if obs.paws_used[2] else 0)
        assert f"{total} VP" in shown
        pump(app, 0.3)
