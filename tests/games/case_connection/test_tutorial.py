"""Issue 20: the guided first game of Case Connection (``data/tutorials/case-connection.yaml``).

It loads and plays through the engine; its moves cover every action kind the learner has; it
explains the goal; what it says about the table is true at that step; every region it points at
exists on the table in that position and every move it asks for has marks there; the
reconstruction it asks for is the one the desk sends for that layout (laid out by hand or by the
Hint); it takes 3 to 6 minutes.
"""

from __future__ import annotations

import re

import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.data.tutorials import LEARNER, MAX_SAY, load_tutorial, tutorial_file
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.cards import load_cards
from sleuth.games.case_connection.table import CaseTable
from sleuth.ui.driver import pump
from sleuth.ui.scenes.table import start_game
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W

SPEC = get("case-connection")
CARDS = load_cards()


@pytest.fixture(scope="module")
def tutorial():
    return load_tutorial(tutorial_file(SPEC.id))


def test_it_loads_with_8_to_20_steps_of_one_or_two_sentences(tutorial):
    assert tutorial.game_id == SPEC.id and tutorial.seats[LEARNER] == "You"
    assert 8 <= len(tutorial.steps) <= 20
    for step in tutorial.steps:
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", step.say) if s]
        assert 1 <= len(sentences) <= 2, step.say
        assert len(step.say) <= MAX_SAY and step.say[0].isupper() and "_" not in step.say
        if step.waits_for_move:
            assert step.wrong and step.wrong[0].isupper() and "_" not in step.wrong, step.line


def test_the_moves_cover_every_action_kind_of_the_learner(tutorial):
    kinds = {step.do.KIND for step in tutorial.steps if step.do is not None}
    assert kinds == {action.KIND for action in R.ACTIONS}


def test_it_explains_the_goal(tutorial):
    said = " ".join(step.say for step in tutorial.steps)
    assert f"{CARDS.target_points} points" in said and "final turn" in said and "most points wins" in said
    final = tutorial.replay_to(len(tutorial.steps))
    assert not final.is_over() and final.score(LEARNER) > 0  # the learner has scored, the game goes on


def test_what_it_says_about_the_table_is_true_at_that_step(tutorial):
    checked = 0
    names = {c: n.capitalize() for c, n in CARDS.names}
    for index, step in enumerate(tutorial.steps):
        state = tutorial.replay_to(index)
        obs = state.observe(LEARNER)
        for kind in re.findall(r"no (\w+) proof (?:is )?out", step.say):
            code = next(c for c, n in names.items() if n == kind)
            assert not any(code in proofs for _, proofs in obs.locations), f"line {step.line}: a {kind} proof is out"
            checked += 1
        if isinstance(step.do, R.PickLead):
            points = re.search(r"(\d)-point", step.say)
            assert points and CARDS.lead(step.do.lead).points == int(points.group(1)), step.line
            checked += 1
        if draws := re.search(r"draw (\d) leads", step.say):
            assert len(obs.offer) == int(draws.group(1)), step.line
            checked += 1
        if isinstance(step.do, R.Take):
            where = CARDS.locations[step.do.location].name
            assert where in step.say, f"line {step.line}: the take is at {where}"
            checked += 1
        for who, points in re.findall(r"(You|Dr Watson) scored (\d+) points", step.say):
            assert state.score(LEARNER if who == "You" else 1) == int(points), step.line
            checked += 1
        if "Bonus Point icon touched it" in step.say:
            assert state.bonus_tokens[LEARNER] == 1, step.line
            checked += 1
    assert checked >= 8


def test_it_takes_3_to_6_minutes(tutorial):
    seconds = tutorial.estimated_seconds()
    assert 180 <= seconds <= 360, seconds


@pytest.fixture
def table(app, tutorial):
    seats = [SeatInfo(tutorial.seats[0], "human")] + [SeatInfo(name, "expert") for name in tutorial.seats[1:]]
    table = start_game(app, SPEC, seats, tutorial.options, tutorial.seed)
    assert isinstance(table.view, CaseTable)
    return table


def _show(table, state) -> None:
    table.session.state = state
    table.rebuild_view(animate=False)


def _on_screen(rect) -> bool:
    x, y, w, h = rect
    return w > 0 and h > 0 and x >= 0 and y >= 0 and x + w <= LOGICAL_W and y + h <= LOGICAL_H


def test_every_region_it_points_at_and_every_move_it_asks_for_is_on_the_table(table, tutorial):
    view = table.view
    for index, step in enumerate(tutorial.steps):
        state = tutorial.replay_to(index)
        _show(table, state)
        for name in step.look_at:
            assert name in view.REGIONS, f"line {step.line}: no region {name!r}"
            rect = view.region(name)
            assert rect is not None and _on_screen(rect), f"line {step.line}: {name} -> {rect}"
        if step.do is not None:
            assert state.why_illegal(LEARNER, step.do) is None, step.line  # any valid layout, not only the solver's
            marks = view.action_marks(step.do)
            assert marks and all(_on_screen(m) for m in marks), (step.do, marks)
    named = {name for step in tutorial.steps for name in step.look_at}
    assert len(named) >= 8  # the tour shows most of the table


def test_the_reconstruction_it_asks_for_is_what_the_desk_sends(app, table, tutorial):
    index = next(k for k, step in enumerate(tutorial.steps) if isinstance(step.do, R.Reconstruct))
    _show(table, tutorial.replay_to(index))
    view = table.view
    view.hint_button()  # first press: what is missing; second: the engine's layout, laid out
    view.hint_button()
    pump(app, 1.0)
    assert view.feedback().action == tutorial.steps[index].do


def test_the_lesson_says_where_a_proof_goes_and_that_cards_never_turn_before_the_desk_is_used(tutorial):
    """Newcomer play-test: "joined to the lead by a proof of that kind on the seam" and "a thread
    further along its chain" were words nobody had explained, and nothing said threads cannot be
    turned. The step that first speaks of the desk says it in plain words."""
    first = next(step.say for step in tutorial.steps if "desk" in step.say)
    assert "where the two cards meet" in first and "never turned" in first
    assert not any("along its chain" in step.say for step in tutorial.steps)
    assert "seam" not in first
