"""A card dragged onto the open casebook drawer, over a drop place that lies under it: each
game's table test uses this (play-test: a hand card dropped on the drawer was eliminated into
Beyond Baker Street's Impossible, hidden under it, twice)."""

from __future__ import annotations

from sleuth.ui.driver import drag, pump
from sleuth.ui.scenes.table import LOG_RECT


def card_and_spot_under_the_drawer(table):
    """A card the viewer may drag now and a point on the drawer over a drop place (one the card
    may go to, if any lies there)."""
    view = table.view
    found = []
    for sprite in view.board.sprites.sprites():
        targets = view._targets_for(sprite) if sprite.draggable and not sprite.hidden else set()
        if not targets:
            continue
        for area in view.board.drop_areas:
            x, y, w, h = area.rect
            if x + w > LOG_RECT[0] + 4:
                found.append((area.target not in targets, sprite, ((max(x, LOG_RECT[0]) + x + w) / 2, y + h / 2)))
    found.sort(key=lambda f: f[0])
    return found[0][1:] if found else (None, None)


def assert_a_drop_on_the_drawer_snaps_back(app, table) -> int:
    """With the casebook open, the card dropped over a hidden place is not played: it slides
    back, and the notice says the casebook covers that place; with it closed the same drop is
    taken. Returns how many moves the game had before."""
    if not table.log_open:
        table.toggle_log()
    sprite, spot = card_and_spot_under_the_drawer(table)
    assert sprite is not None, "no drop place lies under the drawer here"
    origin = tuple(sprite.pos)
    before = len(table.session.replay.actions)
    drag(app, origin, spot)
    pump(app, 0.5)
    assert len(table.session.replay.actions) == before, "a drop on the casebook drawer played a move"
    assert tuple(sprite.pos) == origin
    assert any("casebook covers" in toast[0] for toast in app.toasts)
    table.toggle_log()  # closed: the place is seen again and takes the drop
    app.toasts.clear()
    drag(app, origin, spot)
    pump(app, 0.5)
    assert not any("casebook covers" in toast[0] for toast in app.toasts)
    return before
