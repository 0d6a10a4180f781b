"""Keyboard-only play-test: the focus ring stays where the keys put it (setup, title) and a Tab
that ends a table's animation also moves the focus."""

import pygame

from sleuth.core.registry import get
from sleuth.ui.driver import key
from sleuth.ui.scenes.setup import SetupScene
from sleuth.ui.scenes.title import TitleScene
from sleuth.ui.widgets import Choice


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
