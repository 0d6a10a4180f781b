"""Keyboard-only play-test: one focus at a time on the Case Connection table. The desk's cursor
and a ringed button had shown together, and Enter went to the button."""

import pygame

from sleuth.ui.driver import key
from tests.games.case_connection.test_table import playing_table


def ringed_buttons(table):
    """The buttons wearing the keyboard's ring: the table's and the banner's."""
    view = table.view
    live = [w for w in view.widgets.items if w.visible]
    table_button = live[view.widgets.focus] if view.widgets.focus is not None and view.widgets.keyboard else None
    return [b for b in (table_button, table.banner_focus) if b is not None]


def cursor_on_a_card(app, view):
    key(app, pygame.K_RIGHT)
    for _ in range(30):
        if view.cursor_words() == "Enter: pick up":
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError("the cursor found no card to pick up")


def test_tab_to_hint_hides_the_desk_cursor_and_enter_presses_hint_only(app):
    """With the cursor on a card saying "Enter: pick up", Tab rang the Hint button while the
    cursor and its words stayed; Enter then pressed Hint. The cursor steps aside on Tab, and the
    arrows bring it back and take the button's ring away."""
    table = playing_table(app)
    view = table.view
    cursor_on_a_card(app, view)
    key(app, pygame.K_TAB)
    assert [b.label for b in ringed_buttons(table)] == ["Hint"]
    assert view.cursor is None and view.cursor_words() == ""  # no second ring, no "Enter: pick up"
    key(app, pygame.K_RETURN)
    assert view.selected is None  # nothing was picked up
    assert view.hint_step == 1  # the ringed Hint was pressed
    key(app, pygame.K_LEFT)
    assert view.cursor is not None and ringed_buttons(table) == []


def test_tab_to_the_banner_hides_the_desk_cursor_and_the_arrows_take_the_banner_ring_away(app):
    """Past the table's buttons Tab reaches the banner's (Casebook): the cursor steps aside
    there too, and an arrow brings it back without leaving the banner's ring on (Enter had gone
    to the banner's button while the cursor moved on the desk)."""
    table = playing_table(app)
    view = table.view
    cursor_on_a_card(app, view)
    for _ in range(20):
        key(app, pygame.K_TAB)
        assert len(ringed_buttons(table)) == 1 and view.cursor is None
        if table.banner_focus is not None:
            break
    assert table.banner_focus is not None
    key(app, pygame.K_DOWN)
    assert table.banner_focus is None and ringed_buttons(table) == []
    assert view.cursor is not None
    cursor_on_a_card(app, view)
    key(app, pygame.K_RETURN)
    assert view.selected is not None  # Enter went to the card under the cursor


def test_the_arrows_go_on_from_the_ringed_button_not_from_where_the_cursor_was(app):
    """The ring is where the player looks: after Tab, Up goes to the place above that button."""
    from sleuth.ui.spatial import UP, nearest

    table = playing_table(app)
    view = table.view
    cursor_on_a_card(app, view)
    key(app, pygame.K_TAB)
    ring = tuple(view.widgets._live()[view.widgets.focus].rect)
    above = nearest(ring, UP, [p for p in view.key_places() if p[1] != ring])
    key(app, pygame.K_UP)
    assert ringed_buttons(table) == []
    assert view.cursor[0] == above[0]


def test_the_carried_item_at_the_rings_corner_lies_under_the_rings_tag(app, monkeypatch):
    """Verifier: carried to a button, the item's small picture at the ring's corner covered the
    ring's tag "Enter: press"."""
    table = playing_table(app)
    view = table.view
    cursor_on_a_card(app, view)
    key(app, pygame.K_RETURN)  # picked up
    assert view.selected is not None
    button = next(w for w in view.widgets.items if w.visible and w.enabled)
    view.cursor = (("button", tuple(button.rect)), tuple(button.rect))
    calls = []
    canvas = app.canvas
    blit, text = canvas.blit, canvas.text
    monkeypatch.setattr(canvas, "blit", lambda *a, **k: (calls.append("blit"), blit(*a, **k))[1])
    monkeypatch.setattr(canvas, "text", lambda words, *a, **k: (calls.append(words), text(words, *a, **k))[1])
    view._draw_cursor(canvas, app.palette)
    assert calls.index("blit") < calls.index(view.cursor_words()) and view.cursor_words() == "Enter: press"
