"""Bakerstreet without a mouse: the arrow keys move a cursor over your hand, the stacks and the
buttons, and Enter does what a click there does (play-test: keyboard play went only through the
moves list, M, and the cards had no cursor)."""

import pygame
import pytest

from sleuth.games.bakerstreet import rules as R
from sleuth.ui.driver import drag, key, pump
from tests.games.bakerstreet.test_table import (
    button,
    centre,
    hand_sprites,
    last_action,
    press,
    ready,
    solo_table,
    win_a_dispute,
)


def test_a_card_is_chosen_and_played_beside_a_stack_by_the_arrows_and_enter(app):
    table = solo_table(app)
    view = table.view
    key(app, pygame.K_RIGHT)
    first = view.cursor[0]
    assert first[0] == "sprite" and first[1][0] == "det"
    assert view.cursor_words() == "Enter: choose it"
    key(app, pygame.K_RETURN)
    assert view.selected == first[1][1]
    stacks = [t for t, _ in view.key_places() if t[0] == "stack"]
    assert stacks  # the stacks it may go beside joined the cursor's places
    # the ring goes on to the first of them: over the chosen card its tag had covered the words
    # "now click a stack" (which now say how by keyboard)
    assert view.cursor[0] == stacks[0]
    for _ in range(20):
        if view.cursor[0][0] == "stack":
            break
        key(app, pygame.K_UP)
    assert view.cursor[0][0] == "stack" and view.cursor_words() == "Enter: play it here"
    stack = view.cursor[0][1]
    card = view._hand_token(view.selected)
    key(app, pygame.K_RETURN)
    assert last_action(table) == (0, str(R.Play(card.value, card.symbol or "none", stack)))
    # keyboard play-test: the ring went on to whatever lay nearest the stack (a card, the "-"
    # button), and the Enter meant to bid chose a card or lowered the bid; it goes with its place
    pump(app, until=ready(table), timeout=10)
    assert view.cursor_rect() is None
    amount = view.bid_value
    key(app, pygame.K_RETURN)
    assert last_action(table) == (0, str(R.Bid(amount)))


def test_backspace_lets_go_and_a_bare_enter_still_bids(app):
    """The bid's Enter (with no ring shown) is kept; Enter on a card in the bidding says what to
    do, and the ring steps aside so the next Enter bids."""
    table = solo_table(app)
    view = table.view
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert view.selected is not None
    chosen = view.selected
    view.cursor = next(p for p in view.key_places() if p[0][0] == "stack")  # the ring on a stack
    key(app, pygame.K_BACKSPACE)
    assert view.selected is None
    assert view.cursor[0] == ("sprite", ("det", chosen))  # the ring back on the card let go
    key(app, pygame.K_RETURN)  # the ring is on a card: Enter chooses it again
    stack_place = next(t for t, _ in view.key_places() if t[0] == "stack")
    view.cursor = (stack_place, view.stack_rect(stack_place[1]))
    key(app, pygame.K_RETURN)
    pump(app, until=ready(table), timeout=10)
    assert any(isinstance(a, R.Bid) for a in table.legal_for_viewer())
    view.cursor = None
    key(app, pygame.K_RIGHT)  # the ring comes back on a card of the hand, in the bidding
    assert view.cursor[0][0] == "sprite" and view.cursor_words() == ""
    key(app, pygame.K_RETURN)
    assert view.cursor is None and "now you bid" in app.toasts[-1][0]
    amount = view.bid_value
    key(app, pygame.K_RETURN)
    assert last_action(table) == (0, str(R.Bid(amount)))


def test_the_dispute_winner_evaluates_a_stack_by_keyboard(app):
    table = win_a_dispute(app)
    view = table.view
    key(app, pygame.K_RIGHT)
    assert view.cursor[0][0] == "stack" and view.cursor_words() == "Enter: evaluate it"
    stack = view.cursor[0][1]
    key(app, pygame.K_RETURN)
    assert last_action(table) == (0, str(R.Choose(stack)))



@pytest.mark.parametrize("clicked", ["quick amount", "+", "-"])
def test_enter_after_clicking_a_quick_amount_or_plus_bids_the_amount_shown(app, clicked):
    """Competitive play-test: a click on the quick amount "15", then Enter, and nothing was bid:
    an invisible focus sat on the amount's button and Enter pressed it again. The help says the
    amounts (and - and +) set your bid and Enter bids it."""
    table = solo_table(app)
    drag(app, hand_sprites(table)[0].pos, centre(table.view.stack_rect(1)))
    pump(app, until=ready(table), timeout=10)
    if clicked == "quick amount":
        target = [w for w in table.view.widgets.items if getattr(w, "label", "").isdigit()][-1]
    else:
        press(app, button(table, "+"))  # room for "-" too
        target = button(table, clicked)
    press(app, target)
    shown = table.view.bid_value
    assert button(table, "Bid ").label == f"Bid {shown}"
    key(app, pygame.K_RETURN)
    assert last_action(table) == (0, str(R.Bid(shown)))
