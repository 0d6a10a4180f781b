"""Keyboard-only play-test on the Purrrlock Holmes table: one ring at a time, and no Tab lost."""

import pygame

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.notes import CIRCLED, CROSSED
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
    lift = view.board.sprite(("card", view.card_focus)).lift
    assert lit(app, shot, (x - 4, y - lift + h / 2 - 4, 4, 8)) >= 8  # the focused card wears the ring
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
    its ring. An arrow brings the table's cursor back and takes the banner's ring away, so Enter
    goes to the card."""
    table = solo_table(app)
    view = table.view
    key(app, pygame.K_RIGHT)
    assert view.card_focus is not None
    for _ in range(12):  # along the banner from its left: the menu (the game's name), then Hint
        key(app, pygame.K_TAB)
        if table.banner_focus == "Hint (H)":
            break
    assert table.banner_focus == "Hint (H)"
    assert view.card_focus is None and view.cursor_rect() is None  # one ring: the banner's
    key(app, pygame.K_DOWN)  # from the Hint button down to "All moves", then left to the hand
    assert table.banner_focus is None and view.cursor_rect() is not None
    key(app, pygame.K_LEFT)
    card = view.card_focus
    assert card is not None
    key(app, pygame.K_RETURN)
    assert view.chosen == [card]  # Enter went to the card, not to the banner


def test_paws_is_the_last_button_tab_reaches(app):
    """Keyboard-only play-test: the first Tab stop was "Paws! (-1 VP)", a costly call, before
    "Pass to Watson"."""
    table = solo_table(app)
    labels = [w.label for w in table.view.widgets.items if w.visible]
    assert labels[-1] == "Paws! (-1 VP)"


def arrow_until(app, view, arrow, done, most=40):
    """Press ``arrow`` until ``done()`` holds (at most ``most`` times)."""
    for _ in range(most):
        if done():
            return True
        key(app, arrow)
    return done()


def in_grid(view):
    return view.cursor is not None and view.cursor[0][0] == "grid"


def test_the_arrows_reach_the_notes_grid_and_enter_picks_the_guess_tab_makes(app):
    """Keyboard-only play-test: the notes grid had no keyboard cursor, so a guess went through the
    moves list (M). The arrows now reach the grid's names, hours and cells; Enter picks one as the
    guess (Enter again lets go of it), and the grid's own bottom line says so, with no tag over the
    cells around the ring."""
    table = solo_table(app)
    view = table.view
    key(app, pygame.K_RIGHT)  # the cursor comes out on the hand
    assert arrow_until(app, view, pygame.K_LEFT, lambda: in_grid(view))
    assert arrow_until(app, view, pygame.K_UP, lambda: view.cursor[0][1] == 0)  # up to the Goose row
    _, suspect, hour = view.cursor[0]
    assert suspect == 0 and hour is not None
    assert view.cursor_words() == ""  # no tag over the cells: the grid's bottom line says it
    assert view.grid_cursor_words() == f"Enter picks Goose at {hour} as your guess."
    painted = view.static_key()
    key(app, pygame.K_RIGHT if hour < 12 else pygame.K_LEFT)
    assert view.static_key() != painted  # the painted grid's line follows the ring (verifier: it lagged a key)
    key(app, pygame.K_LEFT if hour < 12 else pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert view.pick == (0, hour)
    assert view.grid_cursor_words().startswith("Enter lets go of this guess")
    labels = [w.label for w in view.widgets.items if w.visible]
    assert f"Guess Goose {hour}" in labels
    key(app, pygame.K_RETURN)
    assert view.pick is None  # let go
    assert arrow_until(app, view, pygame.K_UP, lambda: view.cursor[0][1] is None)  # an hour's header
    key(app, pygame.K_RETURN)
    assert view.pick == (None, hour)
    key(app, pygame.K_TAB)  # the first button: Guess
    assert ringed_button(table) == f"Guess {hour}" or ringed_button(table).startswith("Guess")
    before = len(table.session.replay.actions)
    key(app, pygame.K_RETURN)
    pump(app, 0.5)
    assert len(table.session.replay.actions) == before + 1
    assert table.session.replay.actions[-1][1].startswith("guess")


def test_with_notes_of_your_own_marks_enter_marks_a_cell_and_g_picks_it(app):
    """In "only what I mark" notes a click marks and the right button picks: by keyboard, Enter
    crosses out, circles and clears the ringed cell, and G picks it as the guess."""
    app.update_settings(deduction_notes="marks")
    table = solo_table(app)
    view = table.view
    key(app, pygame.K_RIGHT)
    assert arrow_until(app, view, pygame.K_LEFT, lambda: in_grid(view) and None not in view.cursor[0][1:])
    _, suspect, hour = view.cursor[0]
    card = view.cards.card_id(suspect, hour)
    assert view.grid_cursor_words() == "Enter crosses it out; G picks it as your guess."
    key(app, pygame.K_RETURN)
    assert view.own_marks() == {card: CROSSED}
    assert view.grid_cursor_words() == "Enter circles it; G picks it as your guess."
    key(app, pygame.K_RETURN)
    assert view.own_marks() == {card: CIRCLED}
    key(app, pygame.K_RETURN)
    assert view.own_marks() == {}
    assert view.pick is None
    key(app, pygame.K_g)
    assert view.pick == (suspect, hour) and view.own_marks() == {}


def test_after_investigating_enter_on_a_card_then_on_the_next_area_passes_your_cards(app):
    """The mouse passes by dragging your cards onto the next player's area (or a click on a card,
    then on the area, whose toast said "click their area"). By keyboard: Enter on a card makes
    the next player's area the cursor's place, Enter there passes and ends the turn; Backspace
    lets go in between."""
    table = solo_table(app)
    view = table.view
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert len(view.chosen) == 1 and view.card_focus not in view.chosen  # on to the next card
    key(app, pygame.K_RETURN)
    pump(app, until=lambda: table.viewer_may_act() and not view.busy and view.queued_card() is None, timeout=30)
    assert R.EndTurn() in table.legal_for_viewer()
    key(app, pygame.K_RIGHT)
    if view.card_focus is None:
        assert arrow_until(app, view, pygame.K_RIGHT, lambda: view.card_focus is not None)
    assert view.cursor_words() == "Enter: pass your cards"
    key(app, pygame.K_RETURN)
    nxt = view.others()[0]
    assert view.pass_armed and view.cursor[0] == ("pass", nxt)
    assert view.cursor_words() == "Enter: pass your cards and end your turn"
    key(app, pygame.K_BACKSPACE)
    assert not view.pass_armed and view.card_focus is not None
    turn = table.state.turn
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    pump(app, 0.3)
    assert table.session.replay.actions[-1][1] == "end" or table.state.turn != turn
