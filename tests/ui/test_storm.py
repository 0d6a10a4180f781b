"""A random storm of clicks, drags, keys and wheel turns on every scene: nothing may raise."""

import random

import pygame
import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import pump
from sleuth.ui.scenes.pause import PauseScene
from sleuth.ui.scenes.rules import RulesScene
from sleuth.ui.scenes.settings import SettingsScene
from sleuth.ui.scenes.setup import SetupScene
from sleuth.ui.scenes.statistics import StatisticsScene
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.title import TitleScene

KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_BACKSPACE, pygame.K_a, pygame.K_1, pygame.K_F1]


def storm(app, rng, events=600):
    held = False
    for i in range(events):
        pos = (rng.uniform(-20, 1300), rng.uniform(-20, 740))
        roll = rng.random()
        if roll < 0.35:
            event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(int(held), 0, 0))
        elif roll < 0.55:
            held = True
            event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3]))
        elif roll < 0.75:
            held = False
            event = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif roll < 0.8:
            event = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
        elif roll < 0.85:
            event = pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("ab1 "))
        else:
            k = rng.choice(KEYS)
            event = pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        if app.stack.top is None:
            app.stack.push(TitleScene(app))
        app.dispatch(event) if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                                                  pygame.MOUSEBUTTONUP) else app.stack.handle(event)
        if i % 10 == 0:
            pump(app, 1 / 30)


def test_storm_on_title_and_menus(app, monkeypatch):
    monkeypatch.setattr(app, "quit", lambda: None)  # the storm may click Quit
    rng = random.Random(1)
    for make in (lambda: TitleScene(app), lambda: SettingsScene(app), lambda: StatisticsScene(app),
                 lambda: SetupScene(app, get("purrrlock-holmes")), lambda: RulesScene(app, get("bakerstreet"))):
        app.stack.reset(TitleScene(app))
        app.stack.push(make())
        storm(app, rng, 400)


@pytest.mark.parametrize("game_id", ["beyond-baker-street", "bakerstreet", "purrrlock-holmes", "case-connection"])
def test_storm_on_each_table_with_a_human_and_bots(app, monkeypatch, game_id):
    monkeypatch.setattr(app, "quit", lambda: None)
    rng = random.Random(hash(game_id) % 1000)
    spec = get(game_id)
    seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot{i}", "random") for i in range(1, spec.min_players)]
    app.stack.push(TitleScene(app))
    table = start_game(app, spec, seats, {}, seed=11)
    app.stack.push(PauseScene(app, table))
    storm(app, rng, 150)
    app.stack.reset(TitleScene(app))
    table = start_game(app, spec, seats, {}, seed=12)
    storm(app, rng, 800)


def test_a_card_pressed_then_taken_off_the_table_is_not_picked_up(app):
    """A storm run failed once (ValueError in the sprite group): a card was pressed, the table took
    it away before the pointer moved far enough to drag it (the game ended and every card turned
    up under new names), and the drag then began on a card no longer on the table."""
    from sleuth.ui.board import DRAG_THRESHOLD

    app.stack.push(TitleScene(app))
    table = start_game(app, get("beyond-baker-street"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")],
                       {}, 3)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    board = table.view.board
    sprite = next(s for s in board.by_key.values() if s.draggable)
    x, y = sprite.pos
    app.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    board.keep_only(set())  # the table takes every card away
    app.stack.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + DRAG_THRESHOLD * 3, y), rel=(0, 0),
                                        buttons=(1, 0, 0)))
    app.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + DRAG_THRESHOLD * 3, y), button=1))
    assert board.held is None
