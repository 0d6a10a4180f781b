"""Any card can be seen large on every table (issue 18, the card zoom): right-click it, or hold Z
over it; after a hold, letting go closes it; after a quick click, the next click or key does. Esc
closes it. A face-down card stays face down when zoomed."""

from __future__ import annotations

import pygame
import pytest

from sleuth.core.registry import game_ids, get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import pump, send
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.zoom import ZoomScene


def ready_table(app, game_id):
    spec = get(game_id)
    seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "basic") for i in range(1, spec.min_players)]
    table = start_game(app, spec, seats, {}, seed=4)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    return table


@pytest.mark.parametrize("game_id", game_ids())
def test_right_click_shows_a_card_large_and_release_closes_it(app, game_id):
    table = ready_table(app, game_id)
    sprite = next(s for s in table.view.board.by_key.values() if not s.hidden and s.shown >= 0.5)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=sprite.pos, rel=(0, 0), buttons=(0, 0, 0)))
    send(app, pygame.MOUSEBUTTONDOWN, pos=sprite.pos, button=3)
    zoom = app.stack.top
    if not isinstance(zoom, ZoomScene):  # the table used the right button itself here: use Z
        send(app, pygame.MOUSEBUTTONUP, pos=sprite.pos, button=3)
        send(app, pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z", scancode=0)
        zoom = app.stack.top
    assert isinstance(zoom, ZoomScene) and zoom.face is sprite.front
    assert zoom.zoom >= 2.5 and sprite.size[0] * zoom.zoom >= 160
    app.draw()  # painted large, its words beside it
    pump(app, 0.5)  # held
    send(app, zoom.release[0], pos=sprite.pos, button=3, key=pygame.K_z, mod=0, unicode="z", scancode=0)
    assert app.stack.top is table


def test_a_quick_right_click_keeps_the_card_large_until_the_next_click(app):
    """Play-tests: a plain right-click opened the zoom and its release closed it at once, so a
    newcomer who right-clicked saw nothing. Released quickly, it stays until the next click."""
    table = ready_table(app, "beyond-baker-street")
    sprite = next(s for key, s in table.view.board.by_key.items() if key[0] == "ev" and s.shown >= 0.5)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=sprite.pos, rel=(0, 0), buttons=(0, 0, 0)))
    send(app, pygame.MOUSEBUTTONDOWN, pos=sprite.pos, button=3)
    send(app, pygame.MOUSEBUTTONUP, pos=sprite.pos, button=3)
    zoom = app.stack.top
    assert isinstance(zoom, ZoomScene)
    pump(app, 1.0)
    assert app.stack.top is zoom
    send(app, pygame.MOUSEBUTTONDOWN, pos=sprite.pos, button=1)
    assert app.stack.top is table


def test_a_face_down_card_stays_face_down_when_zoomed(app):
    table = ready_table(app, "beyond-baker-street")
    own = next(s for key, s in table.view.board.by_key.items() if key[0] == "own")
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=own.pos, rel=(0, 0), buttons=(0, 0, 0)))
    send(app, pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z", scancode=0)
    zoom = app.stack.top
    assert isinstance(zoom, ZoomScene) and zoom.face is own.back
    send(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    assert app.stack.top is table


def test_ctrl_z_is_not_a_zoom(app):
    table = ready_table(app, "bakerstreet")
    sprite = next(iter(table.view.board.by_key.values()))
    send(app, pygame.MOUSEMOTION, pos=sprite.pos, rel=(0, 0), buttons=(0, 0, 0))
    send(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    assert app.stack.top is table


def test_resting_on_a_face_up_card_shows_it_large_and_moving_away_hides_it(app):
    import pygame

    from sleuth.core.registry import get
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.driver import pump
    from sleuth.ui.scenes.table import start_game

    table = start_game(app, get("bakerstreet"), [SeatInfo("Ada", "human"), SeatInfo("Bot", "basic")], {}, 4)
    pump(app, until=table.viewer_may_act, timeout=30)
    card = next(s for s in table.view.board.by_key.values() if s.shown >= 0.5 and not s.hidden and s.draggable)
    x, y, w, h = card.rect_logical
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + w / 2, y + h / 2), rel=(1, 0), buttons=(0, 0, 0)))
    assert table.tooltip_card(app.mouse_pos) is card
    pump(app, 0.3)
    assert not app._tooltip_due()
    pump(app, 0.3)
    assert app._tooltip_due() and not isinstance(app.frame_key()[2], tuple)  # its words first, small
    pump(app, 0.4)
    assert app.frame_key()[2][1] == card.key  # then the card large: the preview is part of the picture
    boxes = []
    original = app.canvas.box
    app.canvas.box = lambda rect, *a, **k: (boxes.append(rect), original(rect, *a, **k))
    try:
        app.draw()  # the preview draws without error
    finally:
        del app.canvas.box
    # above or below the card's row, never over the card or its neighbours in the row
    px, py, pw, ph = boxes[-2]
    assert py >= y + h or py + ph <= y, (boxes[-2], card.rect_logical)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.mouse_pos, button=1))
    assert not app._tooltip_due()  # a click ends it


@pytest.mark.parametrize("game_id", game_ids())
def test_holding_space_over_a_card_shows_it_large(app, game_id):
    table = ready_table(app, game_id)
    sprite = next(s for s in table.view.board.by_key.values() if not s.hidden and s.shown >= 0.5)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=sprite.pos, rel=(0, 0), buttons=(0, 0, 0)))
    send(app, pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    zoom = app.stack.top
    assert isinstance(zoom, ZoomScene) and zoom.face is sprite.front
    pump(app, 0.5)  # held
    send(app, pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    assert app.stack.top is table


def test_the_zoom_does_not_repeat_what_the_cards_words_list(app):
    """Play-test: the zoom said "What they know, shown on the card: not Track, not Clue, 2." and
    then "Known: not Track / Known: not Clue / Known: 2"."""
    from types import SimpleNamespace

    card = SimpleNamespace(front=None, back=None, shown=1.0, size=(96, 130), badges=("not Track", "2"),
                           tooltip="Clue 2. What they know, shown on the card: not Track, 2.")
    assert ZoomScene(app, card, (pygame.MOUSEBUTTONUP, 3)).badges == ()
    card.tooltip = "Clue 2."
    assert ZoomScene(app, card, (pygame.MOUSEBUTTONUP, 3)).badges == ("not Track", "2")


@pytest.mark.parametrize("game_id", ["purrrlock-holmes", "case-connection"])
def test_z_shows_the_card_the_keyboards_cursor_is_on(app, game_id):
    """Keyboard play-test: Z showed only the card under the pointer, so a keyboard player could
    not see a card large; with the pointer on nothing it said nothing either."""
    table = ready_table(app, game_id)
    empty = next((x, y) for y in range(700, 60, -20) for x in range(20, 1260, 40)
                 if table.view.board.sprite_at((x, y)) is None)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=empty, rel=(0, 0), buttons=(0, 0, 0)))
    app.toasts.clear()
    send(app, pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z", scancode=0)
    assert app.stack.top is table and "hold Z" in app.toasts[-1][0]
    send(app, pygame.KEYUP, key=pygame.K_z, mod=0, unicode="z", scancode=0)
    send(app, pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)  # the cursor onto a card
    sprite = table.view.focused_card()
    assert sprite is not None
    send(app, pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z", scancode=0)
    zoom = app.stack.top
    assert isinstance(zoom, ZoomScene) and zoom.face is sprite.front
