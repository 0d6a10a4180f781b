"""The moves list (M): the keyboard's route to every legal move."""

import pygame

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import pump, send
from sleuth.ui.scenes.moves import PER_PAGE, MovesScene
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.title import TitleScene
from sleuth.ui.widgets import LABEL_MIN, fit_label


def key(app, k, mod=0):
    send(app, pygame.KEYDOWN, key=k, mod=mod, unicode="")


def open_moves(app):
    app.stack.push(TitleScene(app))
    table = start_game(app, get("case-connection"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, 4)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    table.act(table.legal_for_viewer()[0], confirmed=True)  # keep a lead: then many visits to choose from
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    key(app, pygame.K_m)
    scene = app.stack.top
    assert isinstance(scene, MovesScene) and scene.pages > 2
    return table, scene


def focused(scene):
    return scene.widgets._live()[scene.widgets.focus]


def test_enter_on_next_page_keeps_the_focus_there_and_plays_nothing(app):
    """Keyboard play-test: after Next page the focus jumped to the new page's first move, so a
    second Enter played a move the player had not chosen."""
    table, scene = open_moves(app)
    moves = len(table.session.replay.actions)
    while not focused(scene).label.startswith("Next page"):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert scene.page == 2 and app.stack.top is scene
    assert focused(scene).label.startswith("Next page") and len(table.session.replay.actions) == moves
    key(app, pygame.K_PAGEUP)
    assert scene.page == 1
    key(app, pygame.K_PAGEDOWN)
    assert scene.page == 2
    previous = next(w for w in scene.widgets.items if w.label == "Previous page")
    previous.click((0, 0))
    assert scene.page == 1 and len(table.session.replay.actions) == moves


def test_a_long_move_fits_its_button(app):
    """Play-test: "Visit Scotland Yard: take a thread showing Witness and Cyber, and a Witness
    thread" ran into the button's edges. A label shrinks, then takes two lines, inside the button."""
    _, scene = open_moves(app)
    canvas = app.canvas
    for page in range(scene.pages):
        scene.page = page
        scene._build()
        for widget in scene.widgets.items[:PER_PAGE]:
            x, y, w, h = widget.rect
            size, rows = fit_label(canvas, widget.label, widget.size, w - 24, h)
            assert size >= LABEL_MIN and len(rows) <= 2
            assert all(canvas.text_size(row, size)[0] <= w - 24 for row in rows)
            assert " ".join(rows) == widget.label or rows[-1].endswith("..."), rows


def test_the_list_opened_by_m_rings_its_first_move_and_down_goes_to_the_second(app):
    """Keyboard-only play-test: M opened the list with its first move in focus but no ring, and
    the first Down ringed the second move."""
    table, scene = open_moves(app)
    assert scene.widgets.keyboard and scene.widgets.focus == 0
    first = focused(scene)
    key(app, pygame.K_DOWN)
    assert focused(scene) is not first and scene.widgets.focus == 1
