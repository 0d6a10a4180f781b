"""Issue 19: a desk that feels like laying cards on a desk. Every placement by synthetic mouse
events (and by keys alone): a take made by dropping each item where it goes, threads moved
anywhere at any time, Undo, Reconstruct lighting up for a layout built by hand, the message for
each kind of mistake about the card it outlines, the two-step hint, a whole turn by keyboard, and
a game in which the human reconstructs two leads with layouts of their own."""

from __future__ import annotations

import dataclasses
import math

import pygame
import pytest

from sleuth.core.replay import SeatInfo
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.grid import Reconstruction, solve
from sleuth.games.case_connection.table.layout import (
    CARD,
    DESK,
    DESK_CARD,
    EDGE_TOKEN,
    LEAD_PANEL,
    MESSAGE,
    OPP_X,
    RIGHT_W,
    RIGHT_X,
    SUPPLY,
    TRAY,
    VIEW_RECT,
)
from sleuth.ui.driver import click, drag, key, pump, send
from sleuth.ui.scenes.table import start_game
from tests.games.case_connection.helpers import give, set_lead
from tests.games.case_connection.test_table import (
    COORDINATES,
    ID,
    SPEC,
    Drawn,
    actions,
    assert_written_by_a_person,
    button,
    centre,
    last_action,
    overlap,
    playing_table,
    press,
    ready,
    within,
)

DOCKS = 2  # The Docks: 3 thread spaces, 3 proof spaces
COVENT_GARDEN = 3  # 3 thread spaces, 3 proof spaces


def stock(table, loc, threads=(), proofs=(), others_empty=False):
    """Lay these threads and proofs out at location ``loc`` (what lay there goes back under the deck
    or into the pile); with ``others_empty`` every other location is emptied the same way."""
    state = table.state
    kinds = state.cards.proof_kinds
    for where in range(len(state.loc_threads)):
        want_t = list(threads) if where == loc else [] if others_empty else None
        want_p = list(proofs) if where == loc else [] if others_empty else None
        if want_t is not None:
            for k in range(len(state.loc_threads[where])):
                old = state.loc_threads[where][k]
                if old is not None:
                    state.thread_deck.append(old)
                state.loc_threads[where][k] = None
        if want_p is not None:
            for k in range(len(state.loc_proofs[where])):
                old = state.loc_proofs[where][k]
                if old is not None:
                    state.pile[kinds.index(old)] += 1
                state.loc_proofs[where][k] = None
    for k, tid in enumerate(threads):
        for pile in [state.thread_deck, *state.hand_threads]:
            if tid in pile:
                pile.remove(tid)
        for spaces in state.loc_threads:
            if tid in spaces:
                spaces[spaces.index(tid)] = None
        state.loc_threads[loc][k] = tid
    for k, code in enumerate(proofs):
        state.pile[kinds.index(code)] -= 1
        state.loc_proofs[loc][k] = code
    state.check_invariants()
    table.rebuild_view(animate=False)


def desk_table(app, threads=(), proofs="", lead="L12", **kwargs):
    """Ann (seat 0) to play, with lead ``lead`` and exactly these items."""
    table = playing_table(app, **kwargs)
    state = table.state
    set_lead(state, 0, lead)
    for tid in list(state.hand_threads[0]):
        state.hand_threads[0].remove(tid)
        state.thread_deck.append(tid)
    for i, n in enumerate(state.hand_proofs[0]):
        if i == len(state.hand_proofs[0]) - 1:
            state.universal_supply += n
        else:
            state.pile[i] += n
        state.hand_proofs[0][i] = 0
    for spaces in state.loc_threads:  # the threads we hand out must not be lying at a location
        for k, tid in enumerate(spaces):
            if tid in threads:
                spaces[k] = state.thread_deck.pop(next(i for i, t in enumerate(state.thread_deck) if t not in threads))
    give(state, 0, list(threads), proofs)
    table.rebuild_view(animate=False)
    return table


def token(view, code, free=True):
    on_desk = set(view.desk_edges().values())
    return next(t for t in view.held[0][code] if not free or t not in on_desk)


def loc_token(view, loc, code):
    return next(t for t in view.at_loc[loc] if t is not None and view.kind_of[t] == code)


def seam(a, b):
    return (a, b) if a <= b else (b, a)


def put(app, view, sprite_key, cell):
    drag(app, view.board.sprite(sprite_key).pos, view.cell_centre(cell))


def put_proof(app, view, token_id, a, b):
    drag(app, view.board.sprite(("tok", token_id)).pos, view.edge_centre(seam(a, b)))


def ctrl_z(app):
    send(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="z", scancode=0)
    send(app, pygame.KEYUP, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="z", scancode=0)


# -- taking by dropping each item where it goes ------------------------------------------------


def test_a_take_is_two_items_dropped_on_the_cells_and_seams_where_they_go(app):
    table = desk_table(app, ["T13", "T01"], "FC")
    view = table.view
    stock(table, DOCKS, ["T02", "T05", "T09"], ["W", "F"])
    put(app, view, ("thread", "T13"), (0, -1))
    put(app, view, ("thread", "T01"), (1, 0))
    before = actions(table)
    # the first item, dropped on a cell: it lies there, at desk size, but nothing is sent yet
    put(app, view, ("thread", "T02"), (2, 0))
    assert actions(table) == before and view.picks == [("thread", "T02", DOCKS, ("cell", (2, 0)))]
    sprite = view.board.sprite(("thread", "T02"))
    pump(app, 0.5)
    assert sprite.pos == pytest.approx(view.cell_centre((2, 0)), abs=1) and sprite.size == (DESK_CARD, DESK_CARD)
    assert view.feedback().edges[((1, 0), (2, 0))][0] == "missing"  # its seam already says it matches
    # the second item, dropped on the seam it joins: the take is sent, one action with both
    put_proof(app, view, loc_token(view, DOCKS, "W"), (1, 0), (2, 0))
    assert actions(table) == before + 1
    assert last_action(table) == (0, str(R.Take(DOCKS, ("T02",), ("W",))))
    pump(app, until=ready(table), timeout=10)
    layout = view.layout()
    assert layout.cells == {(0, -1): "T13", (1, 0): "T01", (2, 0): "T02"}
    assert {e: view.kind_of[t] for e, t in layout.edges.items()} == {((1, 0), (2, 0)): "W"}
    assert view.board.sprite(("thread", "T02")).pos == pytest.approx(view.cell_centre((2, 0)), abs=1)


def test_the_first_item_can_be_put_back_or_moved_until_the_second_is_chosen(app):
    table = desk_table(app, ["T13"], "F")
    view = table.view
    stock(table, DOCKS, ["T02", "T05", "T09"], ["W", "F"])
    home = view.board.sprite(("thread", "T05")).pos
    before = actions(table)
    put(app, view, ("thread", "T05"), (1, 0))
    assert len(view.picks) == 1
    drag(app, view.board.sprite(("thread", "T05")).pos, centre(view.loc_rect(DOCKS)))  # dragged back
    pump(app, 0.5)
    assert view.picks == [] and view.board.sprite(("thread", "T05")).pos == pytest.approx(home, abs=1)
    put(app, view, ("thread", "T05"), (1, 0))
    click(app, view.board.sprite(("thread", "T05")).pos)  # clicked: back too
    assert view.picks == []
    put(app, view, ("thread", "T05"), (1, 0))
    ctrl_z(app)  # undone: back too
    assert view.picks == []
    put(app, view, ("thread", "T05"), (1, 0))
    put(app, view, ("thread", "T05"), (-1, 1))  # moved on the desk before the take
    assert view.picks == [("thread", "T05", DOCKS, ("cell", (-1, 1)))]
    click(app, view.board.sprite(("thread", "T09")).pos)  # the second, clicked: taken together
    assert actions(table) == before + 1
    assert last_action(table) == (0, str(R.Take(DOCKS, ("T05", "T09"), ())))
    pump(app, until=ready(table), timeout=10)
    assert view.layout().cells == {(-1, 1): "T05"}  # the first lands where it was dropped; the second in the tray
    assert "T09" in table.state.hand_threads[0]


# -- your desk, at any time --------------------------------------------------------------------


def test_a_placed_thread_moves_anywhere_on_the_desk_even_during_another_players_turn(app, monkeypatch):
    table = desk_table(app, ["T13", "T01", "T02"], "FCW")
    view = table.view
    put(app, view, ("thread", "T13"), (0, -1))
    put_proof(app, view, token(view, "F"), (0, -1), (0, 0))
    assert view.feedback().edges[((0, -1), (0, 0))][0] == "connected"
    # across the desk, to a cell that touches no card: its proof goes back to the tray
    put(app, view, ("thread", "T13"), (-2, -2))
    assert view.layout().cells == {(-2, -2): "T13"} and not view.layout().edges
    # the desk slides (its scroll button) and a card goes to a cell that was out of view
    click(app, centre(next(w for w in view.widgets.items if getattr(w, "direction", None) == (0, 1)).rect))
    assert view.in_view((2, 2)) and not view.in_view((-2, -2))
    assert view.board.sprite(("thread", "T13")) is None  # it stays on the desk, out of view
    put(app, view, ("thread", "T01"), (2, 2))
    assert view.layout().cells == {(-2, -2): "T13", (2, 2): "T01"}
    # another player's turn: the desk is still yours to arrange
    monkeypatch.setattr(table.session, "start_bot_decision", lambda: None)
    take = next(a for a in table.legal_for_viewer() if isinstance(a, R.Take))
    table.act(take)
    table.act(R.EndTurn())
    pump(app, 0.2)
    assert table.state.turn == 1 and table.session.pending() == 1
    put(app, view, ("thread", "T01"), (1, 1))
    put(app, view, ("thread", "T02"), (2, 1))
    assert view.layout().cells == {(-2, -2): "T13", (1, 1): "T01", (2, 1): "T02"}
    assert view.feedback().edges[((1, 1), (2, 1))][0] == "missing"


def test_undo_takes_back_placements_one_by_one_and_clear_too(app):
    table = desk_table(app, ["T13", "T01"], "FC")
    view = table.view
    undo = next(w for w in view.widgets.items if w.label == "Undo")
    assert not undo.enabled and undo.tooltip.startswith("Nothing to undo on your desk.")  # it looked live
    put(app, view, ("thread", "T13"), (0, -1))
    assert next(w for w in view.widgets.items if w.label == "Undo").enabled
    put_proof(app, view, token(view, "F"), (0, -1), (0, 0))
    put(app, view, ("thread", "T01"), (2, -1))
    put(app, view, ("thread", "T01"), (1, 0))
    states = []
    layout = view.layout()
    press(app, view, "Clear")
    assert not layout.cells
    ctrl_z(app)  # Clear undone
    assert layout.cells == {(0, -1): "T13", (1, 0): "T01"} and len(layout.edges) == 1
    for _ in range(3):
        ctrl_z(app) if len(states) % 2 == 0 else press(app, view, "Undo")  # the key and the button alike
        states.append((dict(layout.cells), len(layout.edges)))
    assert states == [({(0, -1): "T13", (2, -1): "T01"}, 1), ({(0, -1): "T13"}, 1), ({(0, -1): "T13"}, 0)]
    pump(app, 0.5)
    assert view.board.sprite(("thread", "T01")).pos[0] > TRAY[0]  # back in the tray


def test_ctrl_z_on_a_bare_desk_takes_back_the_last_move(app):
    """Ctrl+Z undoes the desk's placements first; with nothing on the desk to undo it goes on to
    the table's Take back (the human's last move and the bots' after it), as the button does."""
    table = playing_table(app)
    view = table.view
    for _ in range(12):
        legal = table.legal_for_viewer()
        preferred = [a for a in legal if isinstance(a, R.Take)] or [a for a in legal if isinstance(a, R.EndTurn)]
        table.act((preferred or legal)[0])
        pump(app, until=ready(table), timeout=30)
        point = table.session.take_back_point()[0]
        layout = view.layout()
        if point is not None and (layout is None or not layout.history) and not view.picks:
            ctrl_z(app)
            pump(app, until=ready(table), timeout=30)
            assert len(table.session.replay.actions) == point and table.session.replay.undos == 1
            return
    pytest.fail("no move could be taken back in 12 tries")


# -- the verdict -------------------------------------------------------------------------------


def test_a_valid_layout_built_by_hand_lights_up_reconstruct_with_its_score(app, monkeypatch):
    table = desk_table(app, ["T13", "T01", "T02", "T05", "T09"], "FCWC")
    view = table.view
    state = table.state
    put(app, view, ("thread", "T13"), (0, -1))  # Forensic on top, directly (a Universal-proof bonus)
    put_proof(app, view, token(view, "F"), (0, -1), (0, 0))
    put(app, view, ("thread", "T01"), (1, 0))  # Cyber on the right, directly
    put_proof(app, view, token(view, "C"), (0, 0), (1, 0))
    assert not button(view, "Reconstruct").enabled
    put(app, view, ("thread", "T02"), (2, 0))  # Witness further along the right side's chain
    assert not button(view, "Reconstruct").enabled
    put_proof(app, view, token(view, "W"), (1, 0), (2, 0))
    put(app, view, ("thread", "T05"), (2, -1))  # one connection more than the lead needs
    put_proof(app, view, token(view, "C"), (2, -1), (2, 0))
    put(app, view, ("thread", "T09"), (-2, 1))  # and a card aside, joined to nothing
    fb = view.feedback()
    assert isinstance(fb.verdict, Reconstruction) and sorted(fb.verdict.direct) == ["T01", "T13"]
    reconstruct = button(view, "Reconstruct")
    assert reconstruct.enabled and reconstruct.primary
    drawn = Drawn(monkeypatch)
    app.draw()
    message = " ".join(words for words, rect in drawn.texts if within(rect, MESSAGE))
    assert "Ready: Reconstruct!" in message
    assert "It scores 4 points and the bonus of the cards next to the lead: a Universal proof." in message
    assert "1 card aside does not count." in message
    held = dict(zip(state.cards.proof_kinds, state.hand_proofs[0], strict=True))
    solver = solve(state.cards, state.cards.lead("L12"), state.hand_threads[0], held)
    before = actions(table)
    press(app, view, "Reconstruct")
    assert actions(table) == before + 1
    action = SPEC.actions.parse(last_action(table)[1])
    assert sorted(action.cards) == [("T01", 1, 0), ("T02", 2, 0), ("T05", 2, -1), ("T13", 0, -1)]
    assert sorted(action.cards) != sorted(solver[0])  # the player's own layout, not the solver's
    assert "L12" in state.completed[0]


MISTAKES = [
    # nothing on top: the icon there has no thread reaching it (the empty cell is outlined)
    ("no thread", [], [], "the Forensic icon on top of the lead has no thread reaching it: put a thread "
     "showing Forensic on its bottom edge there", ((0, -1),), None),
    # a chain card's Cyber edge faces a Forensic edge
    ("mismatch", [("T13", 0, -1), ("T02", 1, 0), ("T04", 1, -1)], [((0, -1), (0, 0), "F"), ((0, 0), (1, 0), "W")],
     "this thread's Forensic edge faces a Cyber edge, so they cannot connect; the Cyber icon on the right of the "
     "lead still needs a Cyber connection along this chain", ((1, -1),), ((1, -1), (1, 0))),
    # matching edges with no proof between them
    ("no proof", [("T13", 0, -1), ("T01", 1, 0), ("T02", 2, 0)], [((0, 0), (1, 0), "C"), ((1, 0), (2, 0), "W")],
     "this thread's Forensic edge meets the lead's Forensic icon, but no proof lies between them: drop a "
     "Forensic or Universal proof on the seam", ((0, -1),), ((0, -1), (0, 0))),
    # a loop of connections
    ("loop", [("T13", 0, -1), ("T03", 1, -1), ("T01", 1, 0)],
     [((0, -1), (0, 0), "F"), ((0, -1), (1, -1), "C"), ((1, -1), (1, 0), "C"), ((0, 0), (1, 0), "C")],
     "these threads close a loop: every thread must reach the lead by exactly one chain, so take one proof out "
     "of the loop", ((0, -1), (1, -1), (1, 0)), None),
]


@pytest.mark.parametrize(("kind", "cards", "proofs", "sentence", "cells", "edge"), MISTAKES,
                         ids=[m[0] for m in MISTAKES])
def test_each_mistake_is_said_in_words_about_the_card_it_outlines(app, monkeypatch, kind, cards, proofs, sentence,
                                                                   cells, edge):
    table = desk_table(app, ["T13", "T01", "T02", "T03", "T04"], "FCCCW")
    view = table.view
    for tid, x, y in cards:
        put(app, view, ("thread", tid), (x, y))
    for a, b, code in proofs:
        put_proof(app, view, token(view, code), a, b)
    fb = view.feedback()
    assert fb.verdict == sentence
    assert set(fb.focus[0]) == set(cells)
    if edge is not None:
        assert fb.focus[1] == seam(*edge)
    assert not button(view, "Reconstruct").enabled
    drawn = Drawn(monkeypatch)
    app.draw()
    message = " ".join(words for words, rect in drawn.texts if within(rect, MESSAGE))
    assert sentence[:1].upper() + sentence[1:40] in message
    assert not ID.search(message) and not COORDINATES.search(message)
    assert_written_by_a_person(sentence)
    bad = app.palette.bad
    outlined = {rect for rect, colour, width in drawn.boxes if colour == bad and width}
    for cell in cells:
        assert tuple(round(v) for v in view.cell_rect(cell)) in outlined
    if kind == "mismatch":  # the seam that does not match carries a small cross
        assert fb.edges[seam((1, -1), (1, 0))][0] == "no match"


@pytest.mark.parametrize(("lead", "tid", "cell"), [("L12", "T13", (0, -1)), ("L01", "T01", (0, 1))],
                         ids=["above the lead", "below the lead"])
def test_the_question_mark_of_a_seam_is_clear_of_the_red_outline_and_its_badge(app, monkeypatch, lead, tid, cell):
    """Verifier: the "?" of a seam wanting a proof looked struck through: the red outline of the
    thread's cell ran across it, and the cell's "!" badge touched it. The outline breaks around
    the seam's mark and the badge moves to a corner clear of it: round the "?", the frame is the
    same with and without the outline."""
    table = desk_table(app, [tid], "", lead=lead)
    view = table.view
    put(app, view, ("thread", tid), cell)
    fb = view.feedback()
    edge = seam(cell, (0, 0))
    assert fb.edges[edge][0] == "missing" and cell in fb.focus[0]
    spot = view.proof_spot(edge)

    def around_the_mark(outlined: bool):
        monkeypatch.setattr(type(view), "focus_shown", lambda self: outlined)
        app.draw()
        scale = app.canvas.scale
        reach = round(11 * scale)  # the "?" and 2 px round it (the seam's red ring lies further out)
        return [tuple(app.window.get_at(app.canvas.point((spot[0] + dx / scale, spot[1] + dy / scale))))
                for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1) if dx * dx + dy * dy <= reach ** 2]

    bare, outlined = around_the_mark(False), around_the_mark(True)
    assert outlined == bare
    drawn = Drawn(monkeypatch)
    app.draw()  # the outline and the badge are still drawn, elsewhere
    bad = app.palette.bad
    assert tuple(round(v) for v in view.cell_rect(cell)) in {rect for rect, colour, width in drawn.boxes
                                                             if colour == bad and width}
    assert any(words == "!" for words, _ in drawn.texts)


def test_a_no_match_cross_shows_whole_on_its_seam_under_the_keyboards_ring(app):
    """Play-tester (keyboard): the "no match" mark, a small x in a circle, sat half hidden under a
    card's corner: the keyboard's ring round the cell lies on its seams and was drawn over the
    mark (and over the cell's "!" badge). The cross sits on the seam between the two cards, clear
    of every "?" and "!", and round it the frame is the same with the ring on the cell and without."""
    from sleuth.games.case_connection.table.desk_panels import BADGE_R, NO_MATCH_R, _badge_corner

    table = desk_table(app, ["T13", "T01", "T02", "T03", "T04"], "FCCCW")
    view = table.view
    for tid, x, y in [("T13", 0, -1), ("T02", 1, 0), ("T04", 1, -1)]:
        put(app, view, ("thread", tid), (x, y))
    for a, b, code in [((0, -1), (0, 0), "F"), ((0, 0), (1, 0), "W")]:
        put_proof(app, view, token(view, code), a, b)
    fb = view.feedback()
    crosses = [edge for edge, (kind, _) in fb.edges.items() if kind == "no match"]
    assert len(crosses) == 2 and all((1, -1) in edge for edge in crosses)
    others = [view.proof_spot(edge) for edge, (kind, _) in fb.edges.items() if kind == "missing"]
    for edge in crosses:
        spot = view.proof_spot(edge)
        a, b = (view.cell_rect(cell) for cell in edge)
        if a[1] == b[1]:  # side by side: the seam is the line where the two cells meet
            assert spot[0] == max(a[0], b[0]) and a[1] < spot[1] < a[1] + a[3]
        else:
            assert spot[1] == max(a[1], b[1]) and a[0] < spot[0] < a[0] + a[2]
        assert all(math.dist(spot, other) >= NO_MATCH_R + 9 + 4 for other in others)  # clear of every "?"

    def around(spot, ringed: bool):
        view.cursor = (("cell", (1, -1)), view.cell_rect((1, -1))) if ringed else None
        app.draw()
        scale = app.canvas.scale
        reach = round((NO_MATCH_R - 1) * scale)
        return [tuple(app.window.get_at(app.canvas.point((spot[0] + dx / scale, spot[1] + dy / scale))))
                for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1) if dx * dx + dy * dy <= reach ** 2]

    for edge in crosses:
        spot = view.proof_spot(edge)
        assert around(spot, True) == around(spot, False), edge
    spots = [view.proof_spot(edge) for edge in fb.edges]
    assert fb.focus[0]
    for cell in fb.focus[0]:
        badge = _badge_corner(view.cell_rect(cell), spots)
        assert around(badge, True) == around(badge, False)  # the "!" over the ring too
        assert all(math.dist(badge, spot) >= BADGE_R + NO_MATCH_R + 2 for spot in spots)


@pytest.mark.parametrize("verdict", ["short", "four lines"])
def test_the_desks_legend_reads_at_least_14_px_and_stays_clear_of_the_message(app, monkeypatch, verdict):
    """Play-tester (accessibility): the legend under the desk's message, "connected / matching:
    needs a proof / no match", measured under 14 px at 1280x720 (its 14 px type is 13 px from the
    top of the "d" to the foot of the "g"). It is set at 15 px: 14 px or more on the ruler, inside
    the message's box and clear of the message, a long one too."""
    from sleuth.games.case_connection.table.desk_panels import LEGEND
    from tests.type_height import drawn_texts, type_height

    table = desk_table(app, ["T13", "T01", "T02", "T03", "T04"], "FCCCW")
    view = table.view
    put(app, view, ("thread", "T13"), (0, -1))
    if verdict == "four lines":
        long = ("this thread's Forensic edge faces a Cyber edge, so they cannot connect; the Cyber icon on the "
                "right of the lead still needs a Cyber connection along this chain, and the Witness icon on "
                "the left of the lead still needs a Witness connection along another chain of threads")
        said = dataclasses.replace(view.feedback(), verdict=long)
        monkeypatch.setattr(view, "feedback", lambda: said)
    texts = drawn_texts(app)
    words = {word for _, word in LEGEND}
    legend = [box for text, box, _ in texts if text in words and within(box, MESSAGE)]
    assert len(legend) == len(words)
    assert type_height(app, legend) >= 14, type_height(app, legend)
    message = [(text, box) for text, box, _ in texts if within(box, MESSAGE) and text not in words]
    assert len(message) >= (4 if verdict == "four lines" else 1)
    for text, box in message:
        assert all(not overlap(box, other) for other in legend), text


def test_after_a_visit_the_desk_offers_only_what_the_player_can_still_do(app, monkeypatch):
    """Verifier: "Visited. Now arrange, exchange, reconstruct or end your turn." was said with no
    thread to arrange and no 3 proofs of a kind, and again after the turn's exchange was made (the
    banner's "Your turn: arrange, reconstruct or end your turn" too)."""

    def visited(table):
        table.state.taken = True
        table.rebuild_view(animate=False)
        return table.view._visit_words(table.view.obs)[0]

    table = desk_table(app, [], "WW")
    assert visited(table) == "Visited. Now end your turn."
    assert table.view.turn_hint() == "end your turn"
    table = desk_table(app, ["T13"], "WWW")
    assert visited(table) == "Visited. Now arrange, exchange or end your turn."
    table.act(R.Exchange("W"), confirmed=True)
    pump(app, until=ready(table), timeout=10)
    words = table.view._visit_words(table.view.obs)[0]
    assert words == "Visited. Now arrange or end your turn."
    assert table.view.turn_hint() == "arrange or end your turn"
    drawn = Drawn(monkeypatch)
    app.keep_painted_layers = False
    app.draw()
    assert words in [text for text, _rect in drawn.texts]


# -- the hint, in two steps --------------------------------------------------------------------


def test_the_hint_first_says_what_is_missing_then_lays_out_a_layout(app, monkeypatch):
    app.settings = app.settings.updated(animation_speed="normal")
    table = desk_table(app, ["T13", "T01"], "FC")
    view = table.view
    stock(table, DOCKS, ["T02", "T26"], ["W", "F"], others_empty=True)
    press(app, view, "Hint")
    assert view.hint_note == "You need one more Witness thread and a Witness proof; The Docks has both."
    assert view.hint_marks == {("thread", "T02"), ("tok", loc_token(view, DOCKS, "W"))}
    assert not view.layout().cells
    drawn = Drawn(monkeypatch)
    app.draw()
    assert "Hint:" in [w for w, _ in drawn.texts]
    highlight = app.palette.highlight
    rings = {rect for rect, colour, width in drawn.boxes if colour == highlight and width == 3}
    x, y, w, h = view.board.sprite(("thread", "T02")).rect_logical
    assert tuple(round(v) for v in (x - 5, y - 5, w + 10, h + 10)) in rings
    # take them (the hint's words go once the items change), then the second press lays it out
    put(app, view, ("thread", "T02"), (-2, 1))
    click(app, view.board.sprite(("tok", loc_token(view, DOCKS, "W"))).pos)
    pump(app, until=ready(table), timeout=10)
    assert not view.hint_showing()
    press(app, view, "Hint")
    assert view.hint_note.startswith("You hold everything this lead needs")
    press(app, view, "Hint")
    assert isinstance(view.feedback().verdict, Reconstruction)
    assert view.animating() and not view.busy  # placed with animation, and the table still takes clicks
    moving = [k for k in (("thread", t) for t in view.layout().cells.values())
              if view.board.sprite(k).pos != pytest.approx(view.cell_centre(view.layout().cell_of(k[1])), abs=1)]
    assert moving
    pump(app, 2.0)
    assert not view.animating()
    for cell, tid in view.layout().cells.items():
        assert view.board.sprite(("thread", tid)).pos == pytest.approx(view.cell_centre(cell), abs=1)
    assert button(view, "Reconstruct").enabled


def test_the_hint_says_where_items_lie_when_they_are_at_two_locations_or_none(app):
    table = desk_table(app, ["T13", "T01"], "FC")
    view = table.view
    stock(table, DOCKS, ["T26", "T05"], ["F", "F"], others_empty=True)
    # Covent Garden has the thread, no Witness proof is anywhere
    stock(table, COVENT_GARDEN, ["T02", "T33", "T18"], ["C", "C"])
    press(app, view, "Hint")
    assert view.hint_note == ("You need one more Witness thread and a Witness proof; the Witness thread is at Covent "
                              "Garden and no Witness proof is out at a location now.")
    assert_written_by_a_person(view.hint_note)


# -- the keyboard ------------------------------------------------------------------------------

ARROW = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN, (0, -1): pygame.K_UP}


def cursor_to(app, view, target, limit=60):
    """Press arrow keys until the cursor is on ``target`` (as a player would: towards it)."""
    if view.cursor is None:
        key(app, pygame.K_RIGHT)
    for _ in range(limit):
        if view.cursor[0] == target:
            return
        goal = next(r for t, r in view.key_places() if t == target)
        (cx, cy), (gx, gy) = centre(view.cursor[1]), centre(goal)
        dx, dy = gx - cx, gy - cy
        axes = [(1 if dx > 0 else -1, 0), (0, 1 if dy > 0 else -1)]
        if abs(dy) > abs(dx):
            axes.reverse()
        for direction in axes:
            if direction[0] and abs(dx) < 2 or direction[1] and abs(dy) < 2:
                continue
            before = view.cursor[0]
            key(app, ARROW[direction])
            if view.cursor[0] != before:
                break
    assert view.cursor[0] == target, (view.cursor[0], target)


def enter(app):
    key(app, pygame.K_RETURN)


def keyboard_put(app, view, what, where):
    cursor_to(app, view, what)
    enter(app)
    assert view.selected == what[1]
    cursor_to(app, view, where)
    enter(app)


def test_a_whole_turn_by_keyboard_only(app, monkeypatch):
    table = desk_table(app, ["T13", "T01"], "FC")
    view = table.view
    stock(table, DOCKS, ["T02", "T26"], ["W", "F"])
    before = actions(table)
    keyboard_put(app, view, ("sprite", ("thread", "T13")), ("cell", (0, -1)))
    keyboard_put(app, view, ("sprite", ("tok", token(view, "F"))), ("edge", ((0, -1), (0, 0))))
    keyboard_put(app, view, ("sprite", ("thread", "T01")), ("cell", (1, 0)))
    keyboard_put(app, view, ("sprite", ("tok", token(view, "C"))), ("edge", ((0, 0), (1, 0))))
    # the visit: each item put where it goes; the second sends the take
    keyboard_put(app, view, ("sprite", ("thread", "T02")), ("cell", (2, 0)))
    assert actions(table) == before and len(view.picks) == 1
    keyboard_put(app, view, ("sprite", ("tok", loc_token(view, DOCKS, "W"))), ("edge", ((1, 0), (2, 0))))
    assert last_action(table) == (0, str(R.Take(DOCKS, ("T02",), ("W",))))
    pump(app, until=ready(table), timeout=10)
    assert view.layout().cells == {(0, -1): "T13", (1, 0): "T01", (2, 0): "T02"}
    cursor_to(app, view, ("button", tuple(button(view, "Reconstruct").rect)))
    enter(app)
    assert SPEC.actions.parse(last_action(table)[1]) == R.Reconstruct(
        (("T01", 1, 0), ("T02", 2, 0), ("T13", 0, -1)), ((0, -1, 0, 0, "F"), (0, 0, 1, 0, "C"), (1, 0, 2, 0, "W")))
    pump(app, until=ready(table), timeout=10)
    assert table.state.phase == R.PHASE_KEEP
    for tid in ("T01", "T02"):
        cursor_to(app, view, ("sprite", ("thread", tid)))
        enter(app)
    cursor_to(app, view, ("button", tuple(button(view, "Keep these 2").rect)))
    enter(app)
    assert last_action(table) == (0, str(R.Keep(("T01", "T02"), ())))
    pump(app, until=ready(table), timeout=10)
    offered = view.obs.offer[0]
    cursor_to(app, view, ("sprite", ("lead", offered)))
    enter(app)
    assert table.state.leads[0] == offered
    pump(app, until=ready(table), timeout=10)
    cursor_to(app, view, ("button", tuple(button(view, "End turn").rect)))
    enter(app)
    assert last_action(table) == (0, str(R.EndTurn()))
    kinds = [type(SPEC.actions.parse(text)) for seat, text in table.session.replay.actions[before:] if seat == 0]
    assert kinds == [R.Take, R.Reconstruct, R.Keep, R.PickLead, R.EndTurn]


# -- the size of things ------------------------------------------------------------------------


def test_desk_tiles_are_twice_the_size_and_every_panel_keeps_its_room(app, monkeypatch):
    table = desk_table(app, ["T13", "T01", "T02", "T05", "T09", "T04"], "FCWWU")
    view = table.view
    press(app, view, "Hint")
    press(app, view, "Hint")
    pump(app, 1.0)
    desk = [s for k, s in view.board.by_key.items() if k[0] == "thread" and view.layout().cell_of(k[1])]
    assert desk and all(s.size[0] >= 2 * 46 for s in desk)
    # issue 18: the threads to choose from at the locations are read at twice the old 46 px too
    at_locations = [view.board.sprite(("thread", t)) for spaces, _ in view.obs.locations for t in spaces if t]
    assert at_locations and all(s.size[0] >= CARD >= 2 * 46 for s in at_locations)
    assert view.board.sprite(("lead", "L12")).size[0] == DESK_CARD
    assert all(within(s.rect_logical, VIEW_RECT) for s in desk)
    tokens = [s for k, s in view.board.by_key.items() if k[0] == "tok" and view.layout().edge_of(k[1])]
    assert tokens and all(s.size[0] == EDGE_TOKEN for s in tokens)
    # the locations, the supply, the desk, the column beside it and the other players' areas never overlap
    columns = [DESK, (RIGHT_X, LEAD_PANEL[1], RIGHT_W, 720 - LEAD_PANEL[1]), SUPPLY, *view.seat_rects().values(),
               *(view.loc_rect(loc) for loc in range(4))]
    for i, a in enumerate(columns):
        for b in columns[i + 1:]:
            assert not overlap(a, b), (a, b)
    assert all(r[0] >= OPP_X for r in view.seat_rects().values())
    # nothing that can be clicked lies on anything else that can be clicked
    widgets = [w.rect for w in view.widgets.items if w.visible]
    for i, a in enumerate(widgets):
        for b in widgets[i + 1:]:
            assert not overlap(a, b), (a, b)
        for sprite in view.board.sprites.sprites():
            if sprite.clickable or sprite.draggable:
                assert not overlap(a, sprite.rect_logical), (a, sprite.key)
    # every word the table draws is at least 14 px
    sizes = []
    from sleuth.ui.canvas import Canvas

    text = Canvas.text

    def spy(canvas, words, pos, size, *args, **kwargs):
        sizes.append((size, words))
        return text(canvas, words, pos, size, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", spy)
    app.canvas.cache.clear()  # the pieces' faces are painted again, their words too
    view.draw(app.canvas)
    assert sizes and min(sizes)[0] >= 14, min(sizes)


# -- a game ------------------------------------------------------------------------------------


def build(app, table, cards, proofs, aside=()):
    """Lay a layout out card by card, proof by proof, with the mouse."""
    view = table.view
    for tid, x, y in cards:
        put(app, view, ("thread", tid), (x, y))
    for a, b, code in proofs:
        put_proof(app, view, token(view, code), a, b)
    for tid, x, y in aside:
        put(app, view, ("thread", tid), (x, y))


def own_turn(app, table, lead, threads, proofs, cards, joins, aside=()):
    """Ann's turn: a lead and the items for it (scripted), a layout built by hand, Reconstruct,
    keep 2 by clicks, a new lead by a click; then a visit by clicks and End turn."""
    state, view = table.state, table.view
    set_lead(state, 0, lead)
    give(state, 0, list(threads), proofs)
    table.rebuild_view(animate=False)
    build(app, table, cards, joins, aside)
    held = dict(zip(state.cards.proof_kinds, state.hand_proofs[0], strict=True))
    solver = solve(state.cards, state.cards.lead(lead), state.hand_threads[0], held)
    assert button(view, "Reconstruct").enabled
    done = len(state.completed[0])
    press(app, view, "Reconstruct")
    action = SPEC.actions.parse(last_action(table)[1])
    assert isinstance(action, R.Reconstruct) and sorted(action.cards) == sorted(cards)
    assert sorted(action.cards) != sorted(solver[0])
    assert len(state.completed[0]) == done + 1
    pump(app, until=ready(table), timeout=10)
    if state.phase == R.PHASE_KEEP:
        for tid in state.hand_threads[0][:2]:
            click(app, view.board.sprite(("thread", tid)).pos)
        press(app, view, "Keep these 2")
        pump(app, until=ready(table), timeout=10)
    if view.obs.offer:
        click(app, view.board.sprite(("lead", view.obs.offer[0])).pos)
        pump(app, until=ready(table), timeout=10)
    if not state.taken:
        loc = next(loc for loc in range(4) if state.can_visit(loc))
        items = [("thread", t) for t in view.obs.locations[loc][0] if t] + \
            [("tok", t) for t in view.at_loc[loc] if t is not None]
        for item in items[:2]:
            click(app, view.board.sprite(item).pos)
        pump(app, until=ready(table), timeout=10)
    press(app, view, "End turn")


def test_a_game_where_the_human_reconstructs_two_leads_with_layouts_of_their_own(app):
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")]
    table = start_game(app, SPEC, seats, {}, 11)
    pump(app, until=ready(table), timeout=30)
    hand_built = 0
    for _ in range(400):
        pump(app, until=ready(table), timeout=30)
        if table.state.is_over():
            break
        state = table.state
        legal = table.legal_for_viewer()
        if state.phase == R.PHASE_PLAY and state.turn == 0 and not state.taken and hand_built < 2:
            if hand_built == 0:  # L12: Forensic on top; Cyber, then Witness along the chain, on the right
                own_turn(app, table, "L12", ["T13", "T01", "T02", "T05", "T09"], "FCWC",
                         [("T13", 0, -1), ("T01", 1, 0), ("T02", 2, 0), ("T05", 2, -1)],
                         [((0, -1), (0, 0), "F"), ((0, 0), (1, 0), "C"), ((1, 0), (2, 0), "W"),
                          ((2, -1), (2, 0), "C")], aside=[("T09", -2, 1)])
            else:  # L01: Forensic on top, Cyber at the bottom, and a Witness link beyond
                own_turn(app, table, "L01", ["T29", "T06", "T09"], "FCW",
                         [("T29", 0, -1), ("T06", 0, 1), ("T09", -1, 1)],
                         [((0, -1), (0, 0), "F"), ((0, 0), (0, 1), "C"), ((-1, 1), (0, 1), "W")])
            hand_built += 1
            continue
        takes = [a for a in legal if isinstance(a, R.Take)]
        table.act(takes[0] if takes else R.EndTurn() if R.EndTurn() in legal else legal[0])
    assert hand_built == 2
    built = [e for e in table.state.log if isinstance(e, R.Reconstructed) and e.seat == 0]
    assert [e.lead for e in built[:2]] == ["L12", "L01"]
    pump(app, until=lambda: table.state.is_over(), timeout=60)
    assert table.state.is_over()


def test_the_desks_hint_goes_with_the_coach(app):
    """Play-test: with the coach off in Settings, H said so, yet the desk still offered its Hint."""
    table = desk_table(app, ["T13", "T01"], "FC")
    assert any(w.label == "Hint" for w in table.view.widgets.items)
    app.settings = app.settings.updated(coach=False)
    table.view._relayout()
    assert not any(w.label == "Hint" for w in table.view.widgets.items)
    assert any(w.label == "Undo" for w in table.view.widgets.items)


def test_the_coachs_hint_goes_when_the_desk_changes(app):
    """Newcomer play-test: the Hint's note stayed on the lead through four drags on the desk, as
    if the desk had not changed. A placement sends it away as a move does."""
    table = desk_table(app, ["T13", "T01"], "FC")
    view = table.view
    table.coach.ask()
    pump(app, until=lambda: table.coach.showing, timeout=30)
    put(app, view, ("thread", "T13"), (0, -1))
    pump(app, 0.05)
    assert not table.coach.showing


def test_switching_the_coach_mid_game_brings_or_takes_the_desks_hint(app):
    """Verification play-test: with the coach switched off mid-game the desk's Hint stayed (and
    still hinted) until the next click; switched back on, it did not return."""
    table = desk_table(app, ["T13", "T01"], "FC")
    app.settings = app.settings.updated(coach=False)
    pump(app, 0.05)
    assert not any(w.label == "Hint" for w in table.view.widgets.items)
    app.settings = app.settings.updated(coach=True)
    pump(app, 0.05)
    assert any(w.label == "Hint" for w in table.view.widgets.items)
