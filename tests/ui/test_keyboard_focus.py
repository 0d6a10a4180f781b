"""Keyboard-only play-test: the focus ring stays where the keys put it (setup, title) and a Tab
that ends a table's animation also moves the focus."""

import pygame

from sleuth.core.registry import get
from sleuth.ui.driver import key, pump
from sleuth.ui.scenes.rules import RulesScene
from sleuth.ui.scenes.setup import SetupScene
from sleuth.ui.scenes.title import TitleScene
from sleuth.ui.widgets import Button, Choice


def focused(scene):
    live = scene.widgets._live()
    return live[scene.widgets.focus] if scene.widgets.focus is not None else None


def label(widget):
    return getattr(widget, "label", None)


def players_choice(setup):
    return next(w for w in setup.widgets.items if isinstance(w, Choice) and w.label == "Players")


def test_changing_the_player_count_with_the_arrows_keeps_the_focus_on_players(app):
    """The play-tester changed "Players" with Right: the screen was built again for the new seats
    and the ring was gone; the next Right only brought it back (the count stayed), and in Beyond
    Baker Street Tab began again at the top."""
    for game in ("beyond-baker-street", "purrrlock-holmes"):
        app.stack.push(TitleScene(app))
        setup = SetupScene(app, get(game))
        app.stack.push(setup)
        key(app, pygame.K_TAB)
        assert label(focused(setup)) == "Players"
        count = setup.players
        key(app, pygame.K_RIGHT)
        assert setup.players == count + 1
        assert label(focused(setup)) == "Players" and setup.widgets.keyboard  # the ring shows on it
        key(app, pygame.K_RIGHT)
        assert setup.players == count + 2  # this press changed the count again
        key(app, pygame.K_LEFT)
        assert setup.players == count + 1
        key(app, pygame.K_TAB)  # on to the next control, not back to the top
        assert focused(setup) is not players_choice(setup)
        assert focused(setup) is setup.widgets._live()[1]
        app.stack.reset(TitleScene(app))


def test_closing_the_rules_gives_the_focus_back_to_the_button_that_opened_them(app):
    """The play-tester opened a game's Rules from the title with Tab and Enter, closed them with
    Escape: the ring was gone and the next Tab began again at the first button."""
    title = TitleScene(app)
    app.stack.push(title)
    pump(app)
    rules = [w for w in title.widgets._live() if label(w) == "Rules"]
    for _ in range(len(title.widgets._live())):
        key(app, pygame.K_TAB)
        if focused(title) is rules[1]:
            break
    opener = tuple(focused(title).rect)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    assert tuple(focused(title).rect) == opener and label(focused(title)) == "Rules"
    assert title.widgets.keyboard  # the ring shows
    key(app, pygame.K_TAB)  # the next Tab goes on from there
    live = title.widgets._live()
    assert live.index(focused(title)) == live.index(next(w for w in live if tuple(w.rect) == opener)) + 1


def test_the_arrows_on_the_title_go_to_the_control_above_below_or_beside(app):
    """Down from a game's Play went to the next game's "Learn to play" (the next control in the
    Tab order), not to the row of buttons under the cards."""
    title = TitleScene(app)
    app.stack.push(title)
    pump(app)
    live = title.widgets._live()
    plays = [w for w in live if label(w) == "Play"]
    title.widgets.focus, title.widgets.keyboard = live.index(plays[1]), True
    key(app, pygame.K_DOWN)
    below = focused(title)
    assert label(below) in ("Settings", "Statistics", "Open replay...", "Quit")
    assert below.rect[1] > plays[1].rect[1]
    key(app, pygame.K_UP)
    assert focused(title).rect[1] < below.rect[1] and label(focused(title)) in ("Play", "Learn to play", "Rules")
    title.widgets.focus = live.index(plays[1])
    key(app, pygame.K_RIGHT)
    assert focused(title) is plays[2]  # the next game's Play, beside it
    key(app, pygame.K_LEFT)
    assert focused(title) is plays[1]
    key(app, pygame.K_UP)
    assert label(focused(title)) in ("Learn to play", "Resume lesson", "Rules")
    assert focused(title).rect[0] < plays[1].rect[0] + plays[1].rect[2]  # on the same card
    assert focused(title).rect[0] + focused(title).rect[2] > plays[1].rect[0]
    # verifier: Down from a game's small Rules button passed over that game's wide Play button
    # (whose centre lies well to the left) for Settings or Statistics in the row below
    for rules, play in zip([w for w in live if label(w) == "Rules"], plays, strict=True):
        title.widgets.focus = live.index(rules)
        key(app, pygame.K_DOWN)
        assert focused(title) is play
    quits = [w for w in live if isinstance(w, Button) and w.label == "Quit"]
    title.widgets.focus = live.index(quits[0])
    key(app, pygame.K_DOWN)  # nothing lies below: the focus stays
    assert focused(title) is quits[0]


def test_the_pause_takes_the_tables_ring_away(app):
    """Newcomer play-test: Tab to "All moves (M)", then Esc: the old ring stayed on "All moves (M)"
    behind the pause menu, a second focus beside the menu's own."""
    from sleuth.core.registry import get
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.scenes.pause import PauseScene
    from sleuth.ui.scenes.table import start_game

    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, 3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    key(app, pygame.K_TAB)
    assert table.view.widgets.focus is not None or table.banner_focus is not None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert table.view.widgets.focus is None and table.banner_focus is None


def test_the_first_tab_at_a_table_tells_the_arrow_keys_once_and_the_how_to_turns_to_keys(app):
    """Accessibility play-test: a keyboard player tabbed through Case Connection's buttons and never
    found how to lay out a thread; the arrow keys were told only at the end of the rules. The first
    Tab at a table now says the arrows move over the cards and places, once; and with a button
    ringed by Tab the turn's how-to says the keys' words ("choose a card"), not "drag a card"."""
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.scenes.table import start_game

    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, 3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    assert "drag a card" in table.banner_text()
    key(app, pygame.K_TAB)
    told = [toast for toast in app.toasts if "arrow keys" in toast[0]]
    assert len(told) == 1 and "Enter" in told[0][0]
    assert "drag" not in table.banner_text() and "choose a card" in table.banner_text()
    app.toasts.clear()
    key(app, pygame.K_TAB)
    assert not [toast for toast in app.toasts if "arrow keys" in toast[0]]


def test_after_a_click_on_a_table_button_enter_brings_out_the_tables_cursor(app):
    """A click leaves the buttons' focus on what it clicked, unringed, and that focus no longer takes
    Enter (widgets.shown_focus); the table's own Enter had then gone nowhere: neither the button nor
    the cursor. It now brings the cursor out, as with no focus at all."""
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.scenes.table import start_game

    app.stack.push(TitleScene(app))
    table = start_game(app, get("beyond-baker-street"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, 3)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    widgets = table.view.widgets
    live = [w for w in widgets.items if w.visible]
    assert live
    widgets.focus, widgets.keyboard = 0, False  # as a click leaves it
    assert widgets.shown_focus() is None and table.view.cursor is None
    key(app, pygame.K_RETURN)
    assert table.view.cursor is not None
