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
        assert any(t.startswith(f"{total} VP") for t in shown), shown  # "5 VP", "4 VP after Paws"
        pump(app, 0.3)


def test_beyond_baker_streets_empty_hand_at_the_end_is_not_said_to_be_turned_up(app):
    """Hostile play-test: the end table said "ABCDEFGHIJKLMN: your cards, turned up now the case is
    over" over an empty hand."""
    from dataclasses import replace

    from sleuth.games.beyond_baker_street.table.layout import OWN_PLATE

    seats = [SeatInfo("ABCDEFGHIJKLMN", "human"), SeatInfo("Bot 1", "basic")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, 3)
    pump(app, 0.2)
    view = table.view
    revealed = table.state.revealed_view()
    for hand, words in (((), "ABCDEFGHIJKLMN: no cards left in your hand"),
                        (revealed.hands[0], "ABCDEFGHIJKLMN: your cards, turned up now the case is over")):
        view.obs = replace(revealed, hands=(hand, *revealed.hands[1:]))
        app.canvas.recorder = []
        view._seat_plate(app.canvas, app.palette, view.obs, 0, OWN_PLATE, own=True)
        shown = [text for text, _, _ in app.canvas.recorder if text]
        app.canvas.recorder = None
        assert words in shown, shown


def test_beyond_baker_streets_results_chart_draws_its_lines_below_the_key_inside_the_frame(app, monkeypatch):
    """Hostile play-test: the Investigation line (on 19 of 20 all game) lay on the chart frame's top
    edge, under the key, and was hard to see."""
    from sleuth.ui.canvas import Canvas

    seats = [SeatInfo("Ann", "basic"), SeatInfo("Bob", "basic")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, 3)
    view = table.view
    view.history = [(10 - k // 2, 19) for k in range(20)]  # the track near its top all game, as seen
    lines, words = [], []
    original_lines, original_text = Canvas.lines, Canvas.text

    def spy_lines(canvas, points, colour, width=1, closed=False):
        lines.append(points)
        return original_lines(canvas, points, colour, width, closed)

    def spy_text(canvas, text, pos, size, colour, anchor="topleft", bold=False, serif=False):
        box = original_text(canvas, text, pos, size, colour, anchor, bold, serif)
        words.append(box)
        return box

    monkeypatch.setattr(Canvas, "lines", spy_lines)
    monkeypatch.setattr(Canvas, "text", spy_text)
    rect = (340, 460, 600, 120)
    view.draw_results_extra(app.canvas, rect)
    key_bottom = max(box[1] + box[3] for box in words)
    assert len(lines) == 2
    for points in lines:
        assert all(key_bottom + 4 <= py <= rect[1] + rect[3] - 4 for _, py in points), (key_bottom, points[:3])


def test_rapid_clicks_and_escapes_as_a_game_ends_never_skip_its_results(app):
    """Hostile play-test (Bakerstreet): clicks and Escape presses made quickly as the game ended
    skipped the results screen straight to the title: a click meant for the table's panel landed on
    the results' Title button. Presses as the screen appears, and the repeats and releases of keys
    held from then, are not answers to it; a press made on it afterwards is."""
    import pygame

    from sleuth.ui.driver import send
    from sleuth.ui.scenes.results import ARM_DELAY, ResultsScene
    from sleuth.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    seats = [SeatInfo("Ann", "basic"), SeatInfo("Watson", "basic")]
    table = start_game(app, get("bakerstreet"), seats, {}, 5)
    pump(app, until=lambda: table.results_shown, timeout=60)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    title = next(w for w in results.widgets.items if getattr(w, "label", "") == "Title")
    x, y, w, h = title.rect
    for _ in range(4):  # a burst of clicks on Title, Escape and Enter presses, 0.1 s apart
        send(app, pygame.MOUSEBUTTONDOWN, pos=(x + w / 2, y + h / 2), button=1)
        send(app, pygame.MOUSEBUTTONUP, pos=(x + w / 2, y + h / 2), button=1)
        send(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        send(app, pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        send(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        pump(app, 0.1)
    assert app.stack.top is results and table in app.stack.scenes
    pump(app, ARM_DELAY)  # the screen has been seen
    send(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)  # Enter, still held
    assert app.stack.top is results
    send(app, pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    send(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)  # a press made now
    assert app.stack.top is table
