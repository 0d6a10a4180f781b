"""Beyond Baker Street without a mouse: the arrow keys move a cursor over the hands, the leads and
the buttons, and Enter does what a click there does (play-test: keyboard play went only through
the moves list, M, and the cards had no cursor)."""

import pygame

from sleuth.games.beyond_baker_street import rules as R
from sleuth.ui.driver import key
from tests.games.beyond_baker_street.test_table import last_action, solo_table


def steer(app, view, want, keys=(pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP), tries=40):
    """Press arrows until ``want(target)`` holds for the cursor's place; the place reached."""
    if view.cursor is None:
        key(app, pygame.K_RIGHT)
    seen = set()
    for step in range(tries):
        if want(view.cursor[0]):
            return view.cursor[0]
        seen.add(view.cursor[0])
        key(app, keys[(step // 6) % len(keys)])
    raise AssertionError(f"the cursor never reached the place; it visited {sorted(map(str, seen))}")


def test_the_first_arrow_puts_the_cursor_on_your_first_card_and_enter_chooses_it(app):
    table = solo_table(app)
    view = table.view
    key(app, pygame.K_RIGHT)
    assert view.cursor[0] == ("sprite", ("own", view.own_tokens[0]))
    assert view.cursor_words() == "Enter: choose it"
    key(app, pygame.K_RETURN)
    assert view.selected_slot == 0
    assert view.cursor_words() == "Enter: put it back"
    # the places a chosen card may go are the cursor's places now, in place of the leads
    targets = {t[1] for t, _ in view.key_places() if t[0] == "area"}
    assert "impossible" in targets and any(isinstance(t, tuple) and t[0] == "lead" for t in targets)
    assert not any(t[0] == "sprite" and t[1][0] == "lead" for t, _ in view.key_places())
    # nor the partners' cards: Up from the hand goes to a lead's place, not past it to a partner
    assert not any(t[0] == "sprite" and t[1][0] == "ev" for t, _ in view.key_places())
    key(app, pygame.K_UP)
    assert view.cursor[0][0] == "area"
    key(app, pygame.K_DOWN)
    steer(app, view, lambda t: t[0] == "area")
    key(app, pygame.K_BACKSPACE)
    assert view.selected_slot is None
    assert view.cursor[0] == ("sprite", ("own", view.own_tokens[0]))  # the ring back on the card let go


def test_enter_on_a_lead_with_a_chosen_card_investigates_it(app):
    table = solo_table(app)
    view = table.view
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    before = len(table.session.replay.actions)
    target = steer(app, view, lambda t: t[0] == "area" and t[1] != "impossible")
    assert view.cursor_words() == "Enter: investigate here"
    key(app, pygame.K_RETURN)
    assert len(table.session.replay.actions) == before + 1
    assert last_action(table) == (0, str(R.Investigate(0, target[1][1])))


def test_enter_on_a_partners_card_opens_its_assists_and_enter_gives_one(app):
    table = solo_table(app)
    view = table.view
    steer(app, view, lambda t: t[0] == "sprite" and t[1][0] == "ev", keys=(pygame.K_UP, pygame.K_RIGHT))
    assert view.cursor_words() == "Enter: Assist"
    key(app, pygame.K_RETURN)
    assert view.assist_card is not None
    assert view.cursor[0][0] == "button"  # the cursor went on to the first Assist
    button = next(w for w in view.widgets.items if tuple(w.rect) == view.cursor[0][1])
    before = len(table.session.replay.actions)
    key(app, pygame.K_RETURN)
    assert len(table.session.replay.actions) == before + 1
    assert last_action(table) == (0, str(button.action))


def test_a_lead_is_pursued_in_two_steps_never_by_one_key(app):
    """Enter on a lead chooses it; only Enter on the Impossible then pursues it (a drag's two ends)."""
    app.update_settings(confirm_losing_moves=False)  # no "Are you sure?" between the key and the move
    table = solo_table(app)
    view = table.view
    section = view.obs.sections[0]
    assert R.Pursue(section.id) in table.legal_for_viewer()
    steer(app, view, lambda t: t == ("sprite", ("lead", section.lead)), keys=(pygame.K_UP, pygame.K_LEFT))
    assert view.cursor_words() == "Enter: choose it to pursue"
    before = len(table.session.replay.actions)
    key(app, pygame.K_RETURN)
    assert view.pursuing == section.id and len(table.session.replay.actions) == before
    assert "Impossible" in view.turn_hint()
    # verifier: the ring had jumped to a partner's card, where Enter opened the Assists
    assert view.cursor[0] == ("area", "impossible")
    key(app, pygame.K_BACKSPACE)  # and back: the ring returns to the lead it chose
    assert view.pursuing is None and view.cursor[0] == ("sprite", ("lead", section.lead))
    key(app, pygame.K_RETURN)
    assert [t for t, _ in view.key_places() if t[0] == "area"] == [("area", "impossible")]
    steer(app, view, lambda t: t == ("area", "impossible"))
    assert view.cursor_words() == "Enter: pursue the lead"
    key(app, pygame.K_RETURN)
    assert table.session.replay.actions[before:] == [(0, str(R.Pursue(section.id)))]


def test_tab_hides_the_cursor_and_a_click_too(app):
    """One focus at a time: Tab to a button takes the cursor away; a mouse click does as well."""
    from sleuth.ui.driver import click

    table = solo_table(app)
    view = table.view
    key(app, pygame.K_RIGHT)
    assert view.cursor is not None
    key(app, pygame.K_TAB)
    assert view.cursor is None and view.cursor_words() == ""
    key(app, pygame.K_LEFT)
    assert view.cursor is not None
    click(app, (5, 400))
    assert view.cursor is None
