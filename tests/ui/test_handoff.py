"""Hot seat: a handoff hides everything private until the named player confirms."""

import pygame

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import click, pump
from sleuth.ui.scenes.handoff import HandoffScene
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.title import TitleScene


def record_views(table):
    seen = []
    original = table.view.sync

    def spy(obs, events, animate):
        seen.append(obs.seat)
        return original(obs, events, animate)

    table.view.sync = spy
    return seen


def test_two_humans_get_a_handoff_and_only_the_public_view_is_drawn_meanwhile(app):
    app.stack.push(TitleScene(app))
    spec = get("bakerstreet")
    table = start_game(app, spec, [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")], {}, seed=4)
    seen = record_views(table)
    pump(app)
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene)
    first = handoff.seat
    assert table.viewer is None and table.view.obs.seat is None
    # frames drawn during the handoff: the view only ever received the public observation
    pump(app, 0.5, frames=5)
    assert set(seen) <= {None}
    assert all(e.visible_to(None) for e in table.view.obs.log)
    click(app, (640, 360))
    assert table.viewer == first and app.stack.top is table
    # play until the turn passes: the next human gets a handoff again
    while table.session.pending() == first:
        assert table.act(table.legal_for_viewer()[0]) is None
        pump(app)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=10)
    assert app.stack.top.seat == 1 - first
    assert table.viewer is None


def test_one_human_with_bots_gets_no_handoff(app):
    app.stack.push(TitleScene(app))
    table = start_game(app, get("purrrlock-holmes"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "random"),
                                                      SeatInfo("Bot2", "random")], {}, seed=4)
    for _ in range(200):
        pump(app, 0.05)
        assert not isinstance(app.stack.top, HandoffScene)
        legal = table.legal_for_viewer()
        if legal and table.session.pending() == 0:
            table.act(legal[0])
        if table.state.is_over():
            break
    assert table.viewer == 0


def test_the_handoff_waits_for_a_click_or_key(app):
    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")], {}, seed=9)
    pump(app)
    assert isinstance(app.stack.top, HandoffScene)
    pump(app, 2.0, frames=3)
    assert isinstance(app.stack.top, HandoffScene)
    app.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert app.stack.top is table


def test_the_release_of_the_previous_players_click_does_not_dismiss_the_handoff(app):
    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")], {}, seed=4)
    pump(app)
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene)
    pump(app, 0.5)
    app.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 360), button=1))  # a stray release
    assert app.stack.top is handoff and table.viewer is None
    click(app, (640, 360))  # a real click: press and release on the handoff screen
    assert app.stack.top is table
