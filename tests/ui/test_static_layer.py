"""The kept painted layer (issue 17, ``sleuth/ui/staticlayer.py``) never shows a stale picture.

Each scripted moment is drawn twice in the same state: once as the app draws it (the painted
layer blitted from the cache when the table's ``static_key`` still holds), once with the cache
forgotten (everything painted afresh). Every pixel must match, at every frame of bot moves
animating, a card dragged across the table, hovering and the casebook opening. A frame where the
key failed to change although the picture did would differ here."""

from __future__ import annotations

import pygame
import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.app import STEP
from sleuth.ui.driver import headless_app, key, pump, send
from sleuth.ui.scenes.table import start_game


@pytest.fixture
def app(tmp_path):
    application = headless_app(str(tmp_path / "home"), animation_speed="normal", bot_pace="fast")
    yield application
    application.shutdown()


def frame_bytes(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.window, "RGB")


def faithful(app, table) -> bool:
    """Draw the frame from the cache, afresh, and with no kept layer at all; True when all three are
    the same picture."""
    cached = frame_bytes(app)
    table.static_layer.forget()
    table.banner_layer.forget()
    fresh = frame_bytes(app)
    app.keep_painted_layers = False  # no layer kept at all: every card drawn in its place in the stack
    try:
        whole = frame_bytes(app)
    finally:
        app.keep_painted_layers = True
    for name, other in (("a fresh paint", fresh), ("a paint without kept layers", whole)):
        if cached != other:
            width = app.window.get_width()
            first = next(i for i in range(len(cached)) if cached[i] != other[i]) // 3
            print(f"the kept picture differs from {name} first at", (first % width, first // width))
            return False
    return True


def watch(app, table, frames: int, before=None) -> int:
    """Step ``frames`` frames, checking each; returns how many were drawn from the cache."""
    hits = table.static_layer.hits
    for index in range(frames):
        if before is not None:
            before(index)
        app.step(STEP * 2)
        assert faithful(app, table), f"frame {index}: the kept layer is stale"
    return table.static_layer.hits - hits


GAMES = {
    "beyond-baker-street": 4,
    "purrrlock-holmes": 5,
    "case-connection": 3,
    "bakerstreet": 2,
}


def play_along(app, table, moves: int) -> int:
    """The human plays its first legal move ``moves`` times; every frame in between is checked
    (the bots' moves animating, the table settling). Returns the frames checked."""
    checked = 0
    for _ in range(moves):
        for _ in range(2000):
            if table.viewer_may_act() or table.state.is_over():
                break
            watch(app, table, 1)
            checked += 1
        if table.state.is_over():
            break
        table.act(table.legal_for_viewer()[0])
        watch(app, table, 3)
        checked += 3
    return checked


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_kept_layer_matches_a_fresh_paint_through_a_game(app, game_id):
    players = GAMES[game_id]
    seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "basic") for i in range(1, players)]
    table = start_game(app, get(game_id), seats, {}, 11)
    assert play_along(app, table, 6) > 20
    for pos in ((300, 300), (640, 500), (900, 200), (200, 650)):  # hovering here and there
        send(app, pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        watch(app, table, 3)
    key(app, pygame.K_l)  # the casebook open over the table
    watch(app, table, 20)
    key(app, pygame.K_l)
    watch(app, table, 20)


def stepwise_drag(app, table, start, end, steps: int = 8) -> int:
    """Press at ``start``, move to ``end`` a frame at a time, release; every frame checked.
    Returns how many frames of the carrying used the kept layer."""
    send(app, pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    send(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    hits = 0
    for k in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
        send(app, pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        hits += watch(app, table, 1)
    send(app, pygame.MOUSEBUTTONUP, pos=end, button=1)
    watch(app, table, 12)
    return hits


def test_a_dragged_card_is_drawn_over_the_kept_layer_frame_after_frame(app):
    seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "basic") for i in range(1, 4)]
    table = start_game(app, get("beyond-baker-street"), seats, {}, 3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    own = next(s for k, s in table.view.board.by_key.items() if k[0] == "own")
    hits = stepwise_drag(app, table, own.pos, (640, 120), steps=60)  # to a partner's hand: refused
    assert hits >= 50, f"only {hits} of 60 frames of a drag used the kept layer"


def test_purrrlock_notes_grid_hover_and_pick_show_at_once(app):
    """The notes grid lies in the painted layer: the pointer over a cell and a picked guess change
    the key, so the kept picture never lags the grid."""
    from sleuth.games.purrrlock_holmes.table.layout import GRID

    seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "basic") for i in range(1, 3)]
    table = start_game(app, get("purrrlock-holmes"), seats, {}, 4)
    pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    watch(app, table, 3)
    x, y, w, h = GRID
    for k in range(12):
        pos = (x + 20 + k * (w - 40) / 11, y + 40 + (k % 4) * (h - 60) / 4)
        send(app, pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        watch(app, table, 2)
        if k in (3, 7):
            send(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            send(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)
            watch(app, table, 2)


def test_case_connection_workbench_shows_each_card_laid_at_once(app):
    """Case Connection's desk is in the painted layer (cells, the free cell under a carried thread,
    the seams that glow): laying out a reconstruction card by card and proof by proof, every frame
    from the cache equals a fresh paint."""
    from sleuth.games.case_connection.grid import solve
    from tests.games.case_connection.test_table import prepared

    table = prepared(app)
    view = table.view
    state = table.state
    pump(app, 1.0)
    placements, tokens = solve(state.cards, state.cards.lead("L12"), state.hand_threads[0], state.held_proofs(0))
    for tid, x, y in sorted(placements, key=lambda p: abs(p[1]) + abs(p[2])):
        stepwise_drag(app, table, view.board.sprite(("thread", tid)).pos, view.cell_centre((x, y)))
    for x1, y1, x2, y2, code in tokens[:2]:
        on_edges = set(view.layout().edges.values())
        token = next(t for t in view.held[0][code] if t not in on_edges)
        edge = ((x1, y1), (x2, y2)) if (x1, y1) <= (x2, y2) else ((x2, y2), (x1, y1))
        stepwise_drag(app, table, view.board.sprite(("tok", token)).pos, view.edge_centre(edge))
    assert len(view.layout().cells) == len(placements)
    for code in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RETURN, pygame.K_LEFT, pygame.K_ESCAPE):
        key(app, code)  # the keyboard's cursor over the desk
        watch(app, table, 2)


@pytest.mark.parametrize("game_id", ["beyond-baker-street", "purrrlock-holmes", "case-connection"])
def test_cards_that_jump_without_an_animation_are_not_kept_stale(tmp_path, game_id):
    """With animations off, cards jump to their places and turn over between two frames without
    any motion: the cards kept in the layer must follow (their place and face are in the key)."""
    app = headless_app(str(tmp_path / "instant"), animation_speed="instant", bot_pace="fast")
    try:
        players = GAMES[game_id]
        seats = [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i}", "basic") for i in range(1, players)]
        table = start_game(app, get(game_id), seats, {}, 11)
        assert play_along(app, table, 6) > 10
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", ["purrrlock-holmes", "beyond-baker-street"])
def test_couch_handoffs_never_show_a_kept_picture_of_the_last_player(app, game_id):
    """Seats human, bot, human: across every handoff the kept pictures equal a full paint of the
    eyes at the screen, so the couch no-leak tests (run on full paints) hold for kept frames too."""
    from sleuth.ui.scenes.handoff import HandoffScene

    seats = [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic"), SeatInfo("Cat", "human")]
    table = start_game(app, get(game_id), seats, {}, 7)
    handoffs = 0
    for _ in range(300):
        if table.state.is_over() or handoffs >= 3:
            break
        if isinstance(app.stack.top, HandoffScene):
            watch(app, table, 2)  # the handoff over the table: the public view only
            app.stack.top.confirm()
            handoffs += 1
            watch(app, table, 3)  # the next player's eyes, painted afresh
            continue
        if table.viewer_may_act():
            table.act(table.legal_for_viewer()[0])
            watch(app, table, 2)
        else:
            pump(app, 0.1)  # a bot thinking or a move animating (every frame of those is checked above)
    assert handoffs >= 2
