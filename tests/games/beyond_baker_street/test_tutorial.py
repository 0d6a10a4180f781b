"""The guided first game of Beyond Baker Street (``data/tutorials/beyond-baker-street.yaml``): it
loads and plays through, asks for every kind of move a player without a character can make, says
how the game is won and lost, and points only at regions the table has, in the position of each
step."""

from __future__ import annotations

import random

import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.data.tutorials import LEARNER, load_tutorial, play_step, tutorial_file
from sleuth.games.beyond_baker_street.table import BBSTable
from sleuth.ui.scenes.table import start_game

SPEC = get("beyond-baker-street")


@pytest.fixture(scope="module")
def tutorial():
    return load_tutorial(tutorial_file("beyond-baker-street"))


def learner_kinds(options: dict, players: int) -> set[str]:
    """Every kind of move seat 0 is offered over seeded random games with these options."""
    kinds: set[str] = set()
    rng = random.Random(0)
    for seed in range(40):
        state = SPEC.create(players, options, seed)
        while not state.is_over():
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            if seat == LEARNER:
                kinds |= {a.KIND for a in legal}
            state.apply(seat, legal[rng.randrange(len(legal))])
    return kinds


def test_the_tutorial_loads_and_is_a_short_game(tutorial):
    assert tutorial.game_id == "beyond-baker-street"
    assert 8 <= len(tutorial.steps) <= 20
    words = sum(len(step.say.split()) for step in tutorial.steps)
    moves = sum(step.waits_for_move for step in tutorial.steps)
    # reading at about 200 words a minute and some 15 seconds a move: between 3 and 6 minutes
    assert 3.0 <= words / 200 + moves * 0.25 + len(tutorial.steps) * 0.1 <= 6.0
    state = tutorial.replay_to(len(tutorial.steps))
    assert not state.is_over()  # the learner finishes the case on their own


def test_the_learner_makes_every_kind_of_move(tutorial):
    asked = {step.do.KIND for step in tutorial.steps if step.do is not None}
    assert learner_kinds(tutorial.options, len(tutorial.seats)) <= asked
    assert asked == {"assist", "investigate", "confirm", "eliminate", "pursue"}
    for step in tutorial.steps:
        if step.do is not None:
            assert step.wrong, step.say  # a kind word when the learner tries something else


def test_the_goal_is_explained(tutorial):
    text = " ".join(step.say for step in tutorial.steps)
    for needed in ("confirming a Suspect, a", "exactly 20", "Holmes reaches 0", "you lose", "loses"):
        assert needed in text, needed


@pytest.fixture
def tutorial_table(app, tutorial):
    seats = [SeatInfo(name, "human" if seat == LEARNER else "basic") for seat, name in enumerate(tutorial.seats)]
    table = start_game(app, SPEC, seats, tutorial.options, tutorial.seed)
    assert isinstance(table.view, BBSTable)
    return table


def test_every_look_at_is_a_region_of_the_table_in_its_position(tutorial, tutorial_table):
    table = tutorial_table
    view = table.view
    pointed = 0
    for index, step in enumerate(tutorial.steps):
        assert table.state.observe(LEARNER) == tutorial.replay_to(index).observe(LEARNER)
        for name in step.look_at:
            assert name in BBSTable.REGIONS, name
            rect = view.region(name)
            assert rect is not None and rect[2] > 0 and rect[3] > 0, (index, name)
            x, y, w, h = rect
            assert 0 <= x and x + w <= 1280 and 0 <= y and y + h <= 720, (name, rect)
            pointed += 1
        if step.do is not None:
            assert step.do in table.legal_for_viewer()
            marks = view.action_marks(step.do)
            assert marks, step.do  # the table can show where the asked move happens
        for seat, action in ([(LEARNER, step.do)] if step.do is not None else []) + \
                [(move.seat, move.action) for move in step.then]:
            table.session.apply(seat, action)
        table.rebuild_view(animate=False)
    assert pointed >= len(tutorial.steps)


def test_every_region_has_a_place_on_a_running_table(tutorial, tutorial_table):
    view = tutorial_table.view
    for name in BBSTable.REGIONS:
        rect = view.region(name)
        if name == "character":
            assert rect is None  # the tutorial is played without characters
        else:
            assert rect is not None, name
    assert view.region("no such place") is None


def test_the_script_is_what_the_engine_plays(tutorial):
    state = tutorial.new_state()
    for step in tutorial.steps:
        play_step(state, step)
        state.check_invariants()
    assert state.investigation == 6 and sum(state.confirmed) == 1
