"""The turn's how-to says the keys while the keyboard's cursor is out (keyboard-only play-test:
every banner said "drag a card" or "click a stack", which a player without a mouse cannot do),
and the mouse's words again once the ring has gone."""

import pygame
import pytest

from sleuth.ui.driver import key


def _bbs(app):
    from tests.games.beyond_baker_street.test_table import solo_table
    return solo_table(app)


def _bakerstreet(app):
    from tests.games.bakerstreet.test_table import solo_table
    return solo_table(app)


def _purrrlock(app):
    from tests.games.purrrlock_holmes.test_table import solo_table
    return solo_table(app)


def _case_connection(app):
    from tests.games.case_connection.test_table import playing_table
    return playing_table(app)


@pytest.mark.parametrize("start, mouse, keys", [
    (_bbs, "drag a card", "choose a card"),
    (_bakerstreet, "drag a card next to a stack", "choose a card, then the stack it goes beside"),
    (_purrrlock, "drag 2 cards onto your stand", "choose 2 cards to ask about"),
    (_case_connection, "drag 2 of its items onto your desk", "pick up 2 of its items with Enter"),
], ids=["beyond-baker-street", "bakerstreet", "purrrlock-holmes", "case-connection"])
def test_the_turns_how_to_says_the_keys_while_the_cursor_is_out(app, start, mouse, keys):
    table = start(app)
    assert mouse in table.banner_text()
    key(app, pygame.K_RIGHT)  # the cursor comes out
    assert table.view.cursor is not None
    said = table.banner_text()
    assert keys in said and "drag" not in said and "click" not in said, said
    table.view.cursor = None  # the ring steps aside (a click, or in Purrrlock the pointer moving)
    assert mouse in table.banner_text()
