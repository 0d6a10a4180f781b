"""Keyboard-only play-test on the Purrrlock Holmes table: one ring at a time, and no Tab lost."""

import pygame

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.ui.driver import key, pump

from .test_table import solo_table
from .test_table_controls import frame, lit


def ringed_button(table):
    view = table.view
    live = [w for w in view.widgets.items if w.visible]
    return live[view.widgets.focus].label if view.widgets.focus is not None and view.widgets.keyboard else None


def test_the_first_card_chosen_is_not_ringed_like_the_keyboards_focus(app):
    """After choosing the first card with Right and Enter, the card on the stand and the hand's
    focused card wore the same yellow ring: only the focused card wears it."""
    table = solo_table(app)
    view = table.view
    hand = list(view.obs.hand)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert view.chosen == [hand[0]]
    pump(app, 1.0)
    key(app, pygame.K_RIGHT)
    assert view.card_focus not in view.chosen
    shot = frame(app)
    x, y, w, h = view.board.sprite(("card", view.card_focus)).rect_logical
    assert lit(app, shot, (x - 7, y + h / 2 - 4, 4, 8)) >= 16  # the focused card wears the ring
    x, y, w, h = view.board.sprite(("card", hand[0])).rect_logical
    assert lit(app, shot, (x - 8, y + h / 3, 7, h / 3)) == 0  # the chosen card on the stand wears none


def test_tab_during_the_animation_after_a_move_from_the_list_moves_the_focus(app):
    """After a guess picked from "All moves (M)", the first Tab landed on nothing visible (no
    ring anywhere, Enter did nothing) and only the second reached "Paws! (-1 VP)": the first was
    spent on ending the guess's animation."""
    app.update_settings(animation_speed="normal")
    table = solo_table(app)
    view = table.view
    table.act(next(a for a in table.legal_for_viewer() if isinstance(a, R.Investigate)), confirmed=True)
    pump(app, until=lambda: table.viewer_may_act() and not view.busy, timeout=30)
    view.reveal()
    pump(app, until=lambda: table.viewer_may_act() and not view.busy, timeout=30)
    key(app, pygame.K_m)
    moves = app.stack.top
    guess = next(i for i, a in enumerate(moves.legal) if isinstance(a, R.Guess) and not a.paws)
    for _ in range(guess):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.stack.top is table and table.session.replay.actions[-1][1].startswith("guess")
    pump(app, 0.5)
    assert view.busy  # the guess is still being shown
    key(app, pygame.K_TAB)
    assert ringed_button(table) == "Pass to Bot1, end turn"  # the first button (Paws, costly, comes last)
    assert not view.busy


def test_tab_to_the_banner_lets_go_of_the_hand_and_the_arrows_take_the_focus_back(app):
    """Tab past the table's buttons rings the banner's (Hint); the hand's focused card had kept
    its ring. An arrow back on the hand takes the banner's ring away, so Enter goes to the card."""
    table = solo_table(app)
    view = table.view
    key(app, pygame.K_RIGHT)
    assert view.card_focus is not None
    for _ in range(10):
        key(app, pygame.K_TAB)
        if table.banner_focus is not None:
            break
    assert table.banner_focus is not None
    assert view.card_focus is None and view.focus_rect() is None  # one ring: the banner's
    key(app, pygame.K_RIGHT)
    assert table.banner_focus is None and view.card_focus is not None
    key(app, pygame.K_RETURN)
    assert view.chosen == [view.obs.hand[0]]  # Enter went to the card, not to the banner


def test_paws_is_the_last_button_tab_reaches(app):
    """Keyboard-only play-test: the first Tab stop was "Paws! (-1 VP)", a costly call, before
    "Pass to Watson"."""
    table = solo_table(app)
    labels = [w.label for w in table.view.widgets.items if w.visible]
    assert labels[-1] == "Paws! (-1 VP)"
