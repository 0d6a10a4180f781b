"""The opening deal: a new game's cards fly from their deck to their places, one after another.

Play-test: "no deal animation in any game: frames 50 ms apart go from the setup screen straight to
a fully laid-out table; no card ever leaves a deck." A game continued, a replay and the instant
pace show the table laid out at once, as before.
"""

from __future__ import annotations

import math

import pygame
import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.core.review import Review
from sleuth.ui.app import STEP
from sleuth.ui.driver import headless_app, pump
from sleuth.ui.scenes.replay import ReplayScene
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.title import TitleScene, scan_suspended
from tests.ui.test_replay_viewer import bot_game

GAMES = ["bakerstreet", "beyond-baker-street", "purrrlock-holmes", "case-connection"]


def seats_for(game_id: str) -> list[SeatInfo]:
    players = get(game_id).min_players
    return [SeatInfo("Ann", "human")] + [SeatInfo(f"Bot {i}", "basic") for i in range(1, players)]


@pytest.fixture
def normal(tmp_path):
    application = headless_app(str(tmp_path / "home"), animation_speed="normal", bot_pace="normal")
    yield application
    application.shutdown()


def homes(app, game_id: str) -> dict:
    """Where every sprite of the new table lies, at the instant pace (no deal)."""
    pace = app.settings.animation_speed
    app.settings = app.settings.updated(animation_speed="instant")
    table = start_game(app, get(game_id), seats_for(game_id), {}, seed=3)
    app.stack.pop()
    app.settings = app.settings.updated(animation_speed=pace)
    return {key: (s.pos, s.face_up) for key, s in table.view.board.by_key.items()}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_game_deals_its_cards_from_the_deck_to_their_places(normal, game_id):
    """Every card starts face down on its deck and flies home; no card that lies face down at home
    shows its face on the way; the deal takes about a second at normal speed."""
    home = homes(normal, game_id)
    table = start_game(normal, get(game_id), seats_for(game_id), {}, seed=3)
    board, view = table.view.board, table.view
    dealt = {key: view.deal_source(s) for key, s in board.by_key.items() if view.deal_source(s) is not None}
    assert len(dealt) >= 6 and view.busy
    for key, source in dealt.items():
        sprite = board.by_key[key]
        assert math.dist(sprite.pos, source) < 1 and sprite.shown == 0.0, key
    assert any(math.dist(source, home[key][0]) > 50 for key, source in dealt.items())
    moves = len(table.state.log)
    hidden = [key for key in dealt if not home[key][1]]
    clock = 0.0

    def dealing() -> bool:
        return any(t is not None and not t.finished for key in dealt
                   for t in (board.by_key[key].move_tween, board.by_key[key].flip_tween))

    while dealing():
        assert view.busy  # which holds the table: no move is offered meanwhile
        pump(normal, STEP)
        clock += STEP
        assert all(board.by_key[key].shown == 0.0 for key in hidden)  # never a face in flight
        assert len(table.state.log) == moves  # a bot that plays first waits for the deal
        assert clock < 3
    assert 0.8 <= clock <= 1.8
    for key in dealt:
        sprite = board.by_key[key]
        assert math.dist(sprite.pos, home[key][0]) < 1, key
        assert sprite.shown == (1.0 if home[key][1] else 0.0), key
        assert board.sprites.get_layer_of_sprite(sprite) < 10_000, key  # back in its own layer
    if len(table.state.log) == moves and not table.session.bot_jobs_due():
        assert not table.animating()  # the idle loop stops drawing once the deal is over


def test_a_click_during_the_deal_lays_the_table_out_at_once(normal):
    home = homes(normal, "beyond-baker-street")
    table = start_game(normal, get("beyond-baker-street"), seats_for("beyond-baker-street"), {}, seed=3)
    pump(normal, 0.2)
    assert table.view.busy
    normal.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 300)))
    assert not table.view.busy
    for key, (pos, face_up) in home.items():
        sprite = table.view.board.by_key[key]
        assert math.dist(sprite.pos, pos) < 1 and sprite.face_up == face_up, key


@pytest.mark.parametrize("game_id", GAMES)
def test_the_instant_pace_shows_no_deal(normal, game_id):
    normal.settings = normal.settings.updated(animation_speed="instant")
    table = start_game(normal, get(game_id), seats_for(game_id), {}, seed=3)
    assert not table.view.busy and not table.view.board.tweens.items


@pytest.mark.parametrize("game_id", GAMES)
def test_continue_of_a_saved_game_shows_no_deal(normal, game_id):
    table = start_game(normal, get(game_id), seats_for(game_id), {}, seed=3)
    table.view.finish_animations()
    normal.stack.pop()
    normal.io.submit(lambda: None).result()  # the save is written
    title = TitleScene(normal)
    normal.stack.push(title)
    title.suspended = scan_suspended(normal.paths)[0]
    assert game_id in title.suspended
    title.resume(game_id)
    resumed = normal.stack.top
    assert resumed is not table and resumed.session.spec.id == game_id
    assert not resumed.view.busy


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_shows_no_deal(normal, game_id):
    replay, _ = bot_game(game_id)
    scene = ReplayScene(normal, Review(replay))
    normal.stack.push(scene)
    assert not scene.view.busy


def test_case_connections_note_says_no_lead_yet_during_the_deal(normal):
    """The note under the desk said "Reconstructed! Next you keep 2 of your items..." while a new
    game's cards were dealt (it took any animation for the player's own reconstruction)."""
    table = start_game(normal, get("case-connection"), seats_for("case-connection"), {}, seed=3)
    assert table.view.busy
    words = table.view._no_lead_words(table.view.obs)
    assert words.startswith("No lead at the moment"), words
