"""The pointer shows a hand over what takes a click or a drag (feel play-test: it never changed
shape, and nothing on the table looked as if it could be picked up)."""

import pygame

from sleuth.ui.driver import pump
from tests.games.beyond_baker_street.test_table import own_sprite, solo_table


def move(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))


def test_the_pointer_is_a_hand_over_your_cards_and_the_buttons_and_an_arrow_on_the_felt(app):
    table = solo_table(app)
    shapes = []
    app.show_pointer = lambda hand, real=app.show_pointer: (shapes.append(hand), real(hand))
    sprite = own_sprite(table, 0)
    move(app, sprite.pos)
    assert shapes[-1] is True  # a card you may play
    move(app, (640, 470))  # bare felt between the leads and the hand
    assert shapes[-1] is False
    button = next(w for w in table.view.widgets.items if w.visible and w.enabled)
    x, y, w, h = button.rect
    move(app, (x + w / 2, y + h / 2))
    assert shapes[-1] is True


def test_the_notes_grid_of_purrrlock_takes_the_hand_pointer(app):
    from sleuth.games.purrrlock_holmes.table.layout import GRID
    from tests.games.purrrlock_holmes.test_table import grid_cell_centre
    from tests.games.purrrlock_holmes.test_table import solo_table as purrrlock_table

    table = purrrlock_table(app)
    pump(app, 0.2)
    assert table.pointable(grid_cell_centre(table, 1, 5))
    assert not table.pointable((GRID[0] + 6, GRID[1] + 6))  # the grid's title
