"""The guided first game of Bakerstreet: it loads and plays through, asks the learner for every kind
of move, points only at regions the table has, and says what the table will show at each step."""

from __future__ import annotations

import re

import pytest

from sleuth.core.replay import SeatInfo
from sleuth.data.tutorials import LEARNER, load_tutorial, play_step, tutorial_file
from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.rules import ACTIONS
from sleuth.games.bakerstreet.table import BakerstreetTable
from sleuth.games.bakerstreet.table.layout import CENTRE
from sleuth.ui.scenes.table import start_game
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W
from tests.games.bakerstreet.helpers import SPEC


@pytest.fixture(scope="module")
def tutorial():
    return load_tutorial(tutorial_file("bakerstreet"))


def test_it_loads_and_is_a_short_first_game(tutorial):
    assert tutorial.game_id == "bakerstreet" and tutorial.seats[LEARNER] == "You"
    assert 8 <= len(tutorial.steps) <= 20
    # about 3 to 6 minutes: a step read in 8 to 20 seconds
    words = sum(len(step.say.split()) for step in tutorial.steps)
    assert 3 * 60 <= words / 200 * 60 + 8 * len(tutorial.steps) <= 6 * 60
    for step in tutorial.steps:
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", step.say) if s]
        assert 1 <= len(sentences) <= 2, step.say
        assert step.say[0].isupper() and "_" not in step.say
        if step.do is not None:
            assert step.wrong and step.wrong[0].isupper()


def test_it_asks_for_every_kind_of_move_and_tells_the_goal(tutorial):
    asked = {step.do.KIND for step in tutorial.steps if step.do is not None}
    assert asked == {cls.KIND for cls in ACTIONS}
    assert "seven evidence letters in a row" in tutorial.steps[0].say
    assert "seven in a row wins" in tutorial.steps[-1].say


def test_the_script_tells_the_truth_about_the_deal(tutorial):
    """The numbers the steps quote are the game's: hands, totals, who wins each dispute and count."""
    state = tutorial.new_state()
    hands_said = {}
    for index, step in enumerate(tutorial.steps):
        if "You hold" in step.say:
            hands_said[index] = sum(v for v, _ in state.observe(LEARNER).hand)
        play_step(state, step)
    assert set(hands_said.values()) <= {6, 9} and len(hands_said) == 2
    assert "You hold 6" in tutorial.steps[min(hands_said)].say and "You hold 9" in tutorial.steps[max(hands_said)].say
    disputes = [e for e in state.log if isinstance(e, R.Disputed)]
    assert [(d.bid, d.total, d.winner) for d in disputes] == [(16, 10, LEARNER), (14, 19, LEARNER)]
    counts = [e for e in state.log if isinstance(e, R.Evaluated)]
    assert [(e.stack, e.totals, e.winner) for e in counts] == [(0, (5, 0), LEARNER), (1, (4, 0), LEARNER)]
    assert sorted(state.observe(LEARNER).letters) == ["I", "J"]
    assert not state.is_over()  # the game goes on with real bots after the last step


def test_every_region_it_points_at_exists_where_it_points(app, tutorial):
    table = start_game(app, SPEC, [SeatInfo("You", "human"), SeatInfo("Watson", "expert")], {}, tutorial.seed)
    view = table.view
    assert isinstance(view, BakerstreetTable)
    state = tutorial.new_state()
    width, height = LOGICAL_W, LOGICAL_H
    for step in tutorial.steps:
        view.sync(state.observe(LEARNER), [], animate=False)
        for name in step.look_at:
            assert name in view.REGIONS, name
            x, y, w, h = view.region(name)
            assert w > 0 and h > 0 and 0 <= x and x + w <= width and 0 <= y and y + h <= height, name
        if step.do is not None:
            marks = view.action_marks(step.do)
            assert marks, step.do
            if isinstance(step.do, R.Play):  # the card itself first, then its stack
                assert len(marks) == 2 and marks[1] == view.stack_rect(step.do.stack)
            if isinstance(step.do, R.Take):  # the letter's tile in the picker, then its place in the row
                letters = view.region("letters")
                assert len(marks) == 2 and marks[0] != marks[1]
                assert letters[0] <= marks[1][0] and marks[1][0] + marks[1][2] <= letters[0] + letters[2]
        play_step(state, step)


def test_every_region_name_has_a_rect(app):
    table = start_game(app, SPEC, [SeatInfo("You", "human"), SeatInfo("Watson", "expert")], {}, 1)
    view = table.view
    for name in view.REGIONS:
        assert view.region(name) is not None, name
    assert view.region("stack-6") is None and view.region("the moon") is None


def test_the_lesson_names_a_cards_symbol_only_once_it_has_said_what_it_does(tutorial):
    """Newcomer play-test: "whoever wins a stack's count" and "doubles its owner's count" came
    before any count was explained, and "until a Stop" before Stop cards were. Each symbol's
    first mention in the lesson says what it does, in the same step."""
    does = {"Stop": "ends the count", "Arrow": "count on to", "x2": "doubles"}
    for symbol, action in does.items():
        first = next(step.say for step in tutorial.steps if symbol in step.say)
        if symbol == "x2":
            first = next(step.say for step in tutorial.steps if "x2 doubles" in step.say or "an x2 (" in step.say
                         or "(an x2" in step.say)
        assert action in first, (symbol, first)
    assert "stack's count" not in tutorial.steps[1].say


def test_the_table_says_a_stop_card_ends_the_count_where_it_first_asks_for_an_evaluation(app):
    from tests.ui.test_results_and_statistics import TextSpy

    seats = [SeatInfo("You", "human"), SeatInfo("Watson", "basic")]
    table = start_game(app, SPEC, seats, {}, 56)
    spy = TextSpy(app.canvas)
    app.draw()
    drawn = " ".join(text for text, _pos, _size in spy.drawn)
    assert "counts on clockwise" not in drawn and "an Arrow card also counts the next stack, clockwise" in drawn
    # between the stacks' frames: the ring's words overlap none of them
    from sleuth.games.bakerstreet.table.paint import RING_WORDS

    cx, cy = CENTRE
    for row, line in enumerate(RING_WORDS):
        w, h = app.canvas.text_size(line, 14)
        words = (cx - w / 2, cy - 38 + row * 18 - h / 2, w, h)
        for stack in range(5):
            fx, fy, fw, fh = table.view.stack_rect(stack)
            assert not (words[0] < fx + fw and fx < words[0] + words[2] and words[1] < fy + fh and fy < words[1] + words[3]), (line, stack)
    assert isinstance(table.view, BakerstreetTable)


def test_the_first_disputes_note_breaks_its_lines_only_where_a_reader_would(app, tutorial):
    """Newcomer play-test (s11): the note after the first dispute read "... win. Had they" and then
    "reached 16, Watson's bid would ...": the note's wrap keeps a short number with the word before
    it, so "reached 16," went down whole and left "Had they" alone at the line's end. At every
    shape the note may take, a line of that step ends either at a sentence's end or where not even
    the next word would have fitted."""
    from sleuth.ui.scenes.tutorial import NOTE_SHAPES

    canvas = app.canvas
    step = next(step for step in tutorial.steps if "the disputer, win" in step.say)
    for width, size, _gap in NOTE_SHAPES:
        lines = canvas.wrap(step.say, size, width - 32)
        for line, after in zip(lines, lines[1:], strict=False):
            fitted = canvas.text_size(f"{line} {after.split(' ')[0]}", size)[0] <= width - 32
            assert line.endswith((".", ":")) or not fitted, (width, line, after)
