"""Returning-player play-test: what a player lays out at the table besides their moves is kept
with the suspended game. Purrrlock's own note marks (in "Only what I mark", a player's only notes)
and the threads laid on Case Connection's desk had been lost on Save and quit, then Continue."""

from __future__ import annotations

import json

import pytest

from sleuth.core import replay as rp
from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.store.saves import load_autosave, read_autosave
from sleuth.ui.driver import click, drag, pump
from sleuth.ui.scenes.table import TableScene
from sleuth.ui.session import GameSession


def resumed(app, game_id):
    """The suspended game as Continue opens it (the writes finished first)."""
    app.io.submit(lambda: None).result()
    replay, state = load_autosave(app.paths, game_id)
    scene = TableScene(app, GameSession(get(game_id), replay, state))
    app.stack.push(scene)
    pump(app, 0.1)
    return scene


def test_purrrlock_marks_come_back_with_continue(app):
    from sleuth.games.purrrlock_holmes.table.notes import CIRCLED, CROSSED
    from tests.games.purrrlock_holmes.test_notes_modes import cell_of
    from tests.games.purrrlock_holmes.test_table import solo_table

    app.update_settings(deduction_notes="marks")
    table = solo_table(app)
    view = table.view
    first, second = view.obs.hand[0], view.obs.hand[1]
    click(app, cell_of(view, first))
    click(app, cell_of(view, second))
    click(app, cell_of(view, second))
    assert (view.cell_symbol(first), view.cell_symbol(second)) == (CROSSED, CIRCLED)
    app.stack.pop()
    again = resumed(app, "purrrlock-holmes")
    assert (again.view.cell_symbol(first), again.view.cell_symbol(second)) == (CROSSED, CIRCLED)


def a_thread_on_the_desk(app):
    """A Case Connection table where Ann has visited and laid her first thread at (1, 0)."""
    from tests.games.case_connection.test_table import playing_table

    table = playing_table(app)
    view = table.view
    table.act(next(a for a in table.legal_for_viewer() if type(a).__name__ == "Take"))
    pump(app, until=lambda: not view.busy, timeout=30)
    thread = view.obs.threads[0][0]
    drag(app, view.board.sprite(("thread", thread)).pos, view.cell_centre((1, 0)))
    return view, thread


def test_the_case_connection_desk_comes_back_with_continue(app):
    view, thread = a_thread_on_the_desk(app)
    assert view.layout().cells == {(1, 0): thread}
    app.stack.pop()
    again = resumed(app, "case-connection")
    assert again.view.layout().cells == {(1, 0): thread}
    assert again.view.board.sprite(("thread", thread)).pos == pytest.approx(again.view.cell_centre((1, 0)), abs=2)


def test_notes_lie_outside_the_digest_and_damaged_ones_lose_only_themselves():
    replay = rp.Replay("bakerstreet", get("bakerstreet").resolve_options({}),
                       [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], 4)
    replay.notes = {"0": {"anything": 1}}
    payload = json.loads(rp.to_json(replay))
    assert payload["notes"] == {"0": {"anything": 1}}
    for damaged in ({"0": "x"}, ["not", "a", "map"], {"seat one": {}}, None):
        payload["notes"] = damaged
        back, _ = rp.from_json(json.dumps(payload))
        assert back.notes == (damaged if damaged == {"0": "x"} else {})


def test_a_damaged_desk_note_is_dropped_and_the_game_goes_on(app):
    from tests.games.case_connection.test_table import playing_table

    table = playing_table(app)
    table.session.replay.notes = {"0": {"lead": 5, "cells": [["a"]], "edges": 7}, "9": {}}
    table.session.save()
    app.stack.pop()
    again = resumed(app, "case-connection")
    assert again.view.layout().cells == {} and again.legal_for_viewer()
    assert read_autosave(app.paths, "case-connection") is not None


def test_the_case_connection_desks_undo_comes_back_with_continue(app):
    """Left alone last session: the desk came back with Continue, but its Undo had nothing to take
    back. The last placements are kept with it, and Undo after Continue takes them back in order."""
    view, thread = a_thread_on_the_desk(app)
    drag(app, view.board.sprite(("thread", thread)).pos, view.cell_centre((-1, 0)))  # moved on
    assert view.layout().cells == {(-1, 0): thread}
    app.stack.pop()
    again = resumed(app, "case-connection")
    desk = again.view
    assert desk.layout().cells == {(-1, 0): thread}
    assert desk.can_undo()
    assert desk.undo() and desk.layout().cells == {(1, 0): thread}
    assert desk.undo() and desk.layout().cells == {}
    assert not desk.undo(quiet=True)
