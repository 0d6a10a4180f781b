"""A card in hand meets the rest of the mouse (feel play-test): a right-click or Space mid-drag,
a drop on a button beside a place to play, and a refused drop sliding back on the player's turn."""

import pygame

from sleuth.ui.driver import press_and_move, pump, send
from sleuth.ui.scenes.zoom import ZoomScene
from tests.games.beyond_baker_street.test_table import own_sprite, solo_table


def test_mid_drag_space_shows_nothing_large_and_the_right_button_puts_the_card_back(app):
    """Play-test: a right-click while dragging showed the card large; the button's release went
    to that view, and once it closed the card stayed on the pointer and the next click played it
    ("You play Clue 1 under the Opportunity lead")."""
    table = solo_table(app)
    sprite = own_sprite(table, 0)
    x, y, w, h = table.view.section_area(1)
    press_and_move(app, sprite.pos, (x + w / 2, y + h / 2))
    pump(app, 0.5)  # the card reaches the pointer
    app.mouse_pos = (x + w / 2, y + h / 2)
    assert table.view.board.held is sprite and table.view.board.sprite_at(app.mouse_pos) is sprite
    send(app, pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    assert not isinstance(app.stack.top, ZoomScene)
    assert table.view.board.held is sprite  # Space: the drag goes on
    before = len(table.session.replay.actions)
    send(app, pygame.MOUSEBUTTONDOWN, pos=(x + w / 2, y + h / 2), button=3)
    assert not isinstance(app.stack.top, ZoomScene)
    assert table.view.board.held is None  # the right button lets go of the card: it goes back
    send(app, pygame.MOUSEBUTTONUP, pos=(x + w / 2, y + h / 2), button=1)
    pump(app, 0.6)
    assert len(table.session.replay.actions) == before


def test_a_button_let_go_elsewhere_puts_the_card_back_and_the_next_click_plays_nothing(app):
    """The left button came up while something else had the mouse: the next motion with no
    button held puts the card back where it was taken from, and a click plays nothing."""
    table = solo_table(app)
    board = table.view.board
    sprite = own_sprite(table, 0)
    home = sprite.pos
    x, y, w, h = table.view.section_area(1)
    before = len(table.session.replay.actions)
    press_and_move(app, home, (x + w / 2, y + h / 2))
    assert board.held is sprite
    send(app, pygame.MOUSEMOTION, pos=(x + w / 2, y + h / 2 + 4), rel=(0, 4), buttons=(0, 0, 0))
    assert board.held is None
    send(app, pygame.MOUSEBUTTONDOWN, pos=(x + w / 2, y + h / 2), button=1)
    send(app, pygame.MOUSEBUTTONUP, pos=(x + w / 2, y + h / 2), button=1)
    pump(app, 0.6)
    assert len(table.session.replay.actions) == before
    assert abs(sprite.pos[0] - home[0]) < 1 and abs(sprite.pos[1] - home[1]) < 1


def test_a_card_let_go_on_a_button_is_not_played_on_the_place_beside_it(app):
    """Play-test: a card dropped on "All moves (M)", just under the Suspect lead, was played under
    that lead: a drop within 24 px of a place snapped to it although a button lay under the
    pointer. It slides back, and a notice says why."""
    table = solo_table(app)
    view = table.view
    button = next(wd for wd in view.widgets.items if wd.visible and wd.label.startswith("All moves"))
    bx, by, bw, bh = button.rect
    sprite = own_sprite(table, 0)
    before = len(table.session.replay.actions)
    press_and_move(app, sprite.pos, (bx + bw / 2, by + 3))
    assert view.board.hover_area is None  # nothing lights up under a button
    send(app, pygame.MOUSEBUTTONUP, pos=(bx + bw / 2, by + 3), button=1)
    pump(app, 0.6)
    assert len(table.session.replay.actions) == before
    assert app.toasts  # it says why (the game's own words for a drop on no place)


def test_a_refused_drop_sliding_back_leaves_the_banner_on_your_turn(app):
    """Play-test: while a refused card slid back, the banner named the last bot's move ("Billy's
    move") for a moment during the player's turn: the slide was counted as a move to watch."""
    from sleuth.games.beyond_baker_street.table.layout import DECK_POS

    app.update_settings(animation_speed="normal")
    table = solo_table(app, players=3)
    pump(app, until=lambda: bool(table.legal_for_viewer()) and not table.view.busy, timeout=30)
    turn_words = table.banner_text()
    table.view.board.speed = 1.0  # as after a bot's move shown (the first turn's sync is not animated)
    sprite = own_sprite(table, 0)
    press_and_move(app, sprite.pos, DECK_POS)
    send(app, pygame.MOUSEBUTTONUP, pos=DECK_POS, button=1)
    pump(app, 0.05)
    assert sprite.move_tween is not None and not sprite.move_tween.finished  # still sliding back
    assert not table.view.busy
    assert table.animating()  # and drawn frame by frame (verifier: it froze on the button, then jumped home)
    assert table.banner_text() == turn_words


def test_a_refused_card_slides_back_over_its_neighbours_and_settles_in_its_place(app):
    """Play-test (Bakerstreet): a refused card slid back under the neighbouring hand cards. It goes
    back over them, then takes its own layer again."""
    from sleuth.games.beyond_baker_street.table.layout import DECK_POS

    table = solo_table(app)
    board = table.view.board
    board.speed = 1.0
    sprite = own_sprite(table, 0)
    layer = board.sprites.get_layer_of_sprite(sprite)
    others = [board.sprites.get_layer_of_sprite(own_sprite(table, i)) for i in range(1, len(table.view.own_tokens))]
    press_and_move(app, sprite.pos, DECK_POS)
    send(app, pygame.MOUSEBUTTONUP, pos=DECK_POS, button=1)
    pump(app, 0.05)
    assert board.sprites.get_layer_of_sprite(sprite) > max(others)  # over the hand while it slides
    pump(app, 0.6)
    assert board.sprites.get_layer_of_sprite(sprite) == layer


def test_a_card_of_yours_that_cannot_move_now_says_why_when_pressed(app):
    """Feel play-test: in Bakerstreet's bidding, or on another player's turn, your card simply
    would not pick up, and nothing said why."""
    from sleuth.ui.driver import drag
    from tests.games.bakerstreet.test_table import centre as middle
    from tests.games.bakerstreet.test_table import hand_sprites, ready
    from tests.games.bakerstreet.test_table import solo_table as bakerstreet_table

    table = bakerstreet_table(app)
    first = hand_sprites(table)[0]
    drag(app, first.pos, middle(table.view.stack_rect(0)))
    pump(app, until=ready(table), timeout=10)
    rest = hand_sprites(table)[0]
    assert not rest.draggable
    app.toasts.clear()
    send(app, pygame.MOUSEBUTTONDOWN, pos=rest.pos, button=1)
    send(app, pygame.MOUSEBUTTONUP, pos=rest.pos, button=1)
    assert [text for text, *_ in app.toasts] == [
        "You have played this turn's card: now you bid. - and + set the amount, Enter bids it."]


def test_your_card_pressed_on_another_players_turn_says_whose_turn_it_is(app):
    table = solo_table(app, players=3)
    view = table.view
    table.session.pending = lambda: 1  # a bot is to move: your cards rest
    sprite = own_sprite(table, 0)
    sprite.draggable = sprite.clickable = False
    assert view.owns(sprite)
    assert not any(view.owns(s) for key, s in view.board.by_key.items() if key[0] == "ev")  # a partner's
    app.toasts.clear()
    send(app, pygame.MOUSEBUTTONDOWN, pos=sprite.pos, button=1)
    assert [text for text, *_ in app.toasts] == ["Not yet: it is Bot1's turn."]
