"""Every guided first game (data/tutorials/*.yaml), played through on the real table with
synthetic events: Enter for a step that only talks, and for a step that asks for a move, the
moves list (M) paged and clicked like a player would. A wrong move is refused with the step's own
words and changes nothing; leaving and coming back resumes at the same step; finishing is
remembered for Statistics."""

from __future__ import annotations

import pygame
import pytest

from sleuth.data.tutorials import load_tutorial
from sleuth.resources import resource_root
from sleuth.ui.driver import click, pump, send
from sleuth.ui.scenes.moves import MovesScene
from sleuth.ui.scenes.tutorial import TutorialScene, start_tutorial
from sleuth.ui.widgets import Button, Widgets

TUTORIALS = sorted((resource_root() / "data" / "tutorials").glob("*.yaml"))


def centre(rect):
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def key(app, k):
    send(app, pygame.KEYDOWN, key=k, mod=0, unicode="")
    send(app, pygame.KEYUP, key=k, mod=0, unicode="")


def make_move_with_the_moves_list(app, scene: TutorialScene, action) -> None:
    """M opens every legal move; page until the asked one shows, then click it."""
    key(app, pygame.K_m)
    moves = app.stack.top
    assert isinstance(moves, MovesScene)
    from sleuth.ui.scenes.tutorial import same_move

    action = next(a for a in moves.legal if same_move(scene.state, 0, a, action))
    label = scene.view.describe_action(action)
    for _ in range(40):
        buttons = [w for w in moves.widgets.items if isinstance(w, Button)]
        index = moves.legal.index(action)
        if moves.page * 10 <= index < (moves.page + 1) * 10:
            target = buttons[index - moves.page * 10]
            assert target.label == label
            click(app, centre(target.rect))
            return
        click(app, centre(next(b for b in buttons if b.label.startswith(("Next page", "Back to page 1"))).rect))
    raise AssertionError(f"the moves list never showed {label}")


def wait_for_step(app, scene: TutorialScene, index: int) -> None:
    pump(app, until=lambda: scene.step_index > index or not scene.scripted, timeout=30)


def test_there_is_a_tutorial_for_every_game():
    from sleuth.core.registry import available

    names = {path.stem for path in TUTORIALS}
    assert names == {spec.id for spec in available()}


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_tutorial_plays_through_with_synthetic_events(app, path):
    tutorial = load_tutorial(path)
    scene = start_tutorial(app, tutorial)
    pump(app, 0.3)
    assert scene.note is not None, "the first step's note is on the table"
    for index, step in enumerate(tutorial.steps):
        pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
        # the words a learner reads: the asked move whole (wrapped, never cut), no "Your turn, You"
        if step.do is not None:
            said = f"Your move: {scene.view.describe_action(step.do)}"
            assert " ".join(scene._move_lines) == " ".join(said.split()), scene._move_lines
        assert ", You" not in scene.banner_text()
        if step.do is None:
            key(app, pygame.K_RETURN)
        else:
            log = len(scene.state.log)
            make_move_with_the_moves_list(app, scene, step.do)
            assert len(scene.state.log) > log, f"step {index + 1}: the move was not made"
            if len(scene.seat_names) == 2 and scene.move_done:
                assert "the others" not in scene.banner_text()  # "Dr Watson is playing..."
        wait_for_step(app, scene, index)
    assert not scene.scripted
    app.io.submit(lambda: None).result(timeout=30)  # the progress is written in order, off the loop
    assert app.stats.learning()[tutorial.game_id].tutorial_done


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_a_wrong_move_is_refused_with_the_steps_words(app, path):
    tutorial = load_tutorial(path)
    index = next(i for i, step in enumerate(tutorial.steps) if step.do is not None)
    scene = start_tutorial(app, tutorial, index)
    pump(app, 0.3)
    step = tutorial.steps[index]
    other = next((a for a in scene.legal_for_viewer() if a != step.do), None)
    if other is None:
        pytest.skip("the first asked move is the only legal one")
    log = len(scene.state.log)
    reason = scene.act(other)
    assert reason is not None and len(scene.state.log) == log
    assert reason == (step.wrong or reason)
    assert any(reason == text for text, _ in app.toasts)
    assert scene.step_index == index


def test_leaving_and_coming_back_resumes_at_the_same_step(app):
    from sleuth.ui.scenes.title import TitleScene, open_tutorial

    path = TUTORIALS[0]
    tutorial = load_tutorial(path)
    app.stack.push(TitleScene(app))
    scene = start_tutorial(app, tutorial)
    pump(app, 0.3)
    target = next(i for i, step in enumerate(tutorial.steps) if step.do is not None)
    for index in range(target):
        key(app, pygame.K_RETURN)
        wait_for_step(app, scene, index)
    assert scene.step_index == target
    app.stack.pop()
    app.io.submit(lambda: None).result(timeout=30)
    record = app.stats.learning()[tutorial.game_id]
    assert record.tutorial_step == target and not record.tutorial_done
    assert open_tutorial(app, tutorial.game_id, record)
    resumed = app.stack.top
    assert isinstance(resumed, TutorialScene) and resumed.step_index == target
    assert resumed.session.replay.actions == scene.session.replay.actions


def test_a_broken_tutorial_names_its_file_line_and_key(tmp_path):
    from sleuth.data.loader import DataError

    bad = tmp_path / "bakerstreet.yaml"
    bad.write_text("game: bakerstreet\ntitle: Broken\nseed: 7\nseats: [You, Watson]\nsteps:\n"
                   "  - say: Hello.\n  - say: Play a 9.\n    do: play(value=9, symbol='double', stack=0)\n")
    with pytest.raises(DataError) as raised:
        load_tutorial(bad)
    message = str(raised.value)
    assert "bakerstreet.yaml:8" in message and "steps[1].do" in message


def test_sleuth_validate_checks_the_tutorials(tmp_path):
    from sleuth.data.validate import validate_files

    assert validate_files() == []
    bad = tmp_path / "lesson.yaml"
    bad.write_text("game: bakerstreet\ntitle: Broken\nseed: 7\nseats: [You, Watson]\nsteps:\n  - sai: Hello.\n")
    messages = validate_files([bad])
    assert len(messages) == 1 and "lesson.yaml:6" in messages[0] and "sai" in messages[0]


def _purrrlock():
    return load_tutorial(next(p for p in TUTORIALS if p.stem == "purrrlock-holmes"))


def test_a_refused_move_puts_its_first_half_back(app):
    """Play-test: the learner put Toad 4 on the stand as the first of two cards; the second card
    made a move the step does not ask for, it was refused, and Toad 4 stayed on the stand under a
    note that said to start with Goose 8. A refusal now sends the first card home too."""
    tutorial = _purrrlock()
    index = next(i for i, s in enumerate(tutorial.steps) if s.do is not None and "investigate" in repr(s.do).lower())
    scene = start_tutorial(app, tutorial, index)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    view = scene.view
    first, second = [c for c in scene.state.observe(0).hand if c not in (7, 54)][:2]
    home = tuple(view.board.sprite(("card", first)).pos)
    assert view._choose(first) is None and view.half_made()
    pump(app, 1.0)
    assert tuple(view.board.sprite(("card", first)).pos) != home  # on the stand
    reason = view._choose(second)
    assert reason == tutorial.steps[index].wrong
    pump(app, 1.0)
    assert not view.half_made() and tuple(view.board.sprite(("card", first)).pos) == home


def test_the_hint_waits_for_the_end_of_the_lesson_and_says_so(app):
    """The last note promises Hint (H): while the script leads, H says why it is not there; in
    the game that goes on after the last step, it is."""
    tutorial = _purrrlock()
    last = len(tutorial.steps) - 1
    scene = start_tutorial(app, tutorial, last)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    key(app, pygame.K_h)
    assert any("once the guided part ends" in text for text, _ in app.toasts)
    assert not scene.coach.available
    step = tutorial.steps[last]
    if step.do is None:
        key(app, pygame.K_RETURN)
    else:
        make_move_with_the_moves_list(app, scene, step.do)
    wait_for_step(app, scene, last)
    assert not scene.scripted
    assert any("Play on to the end with Dr Watson" in text for text, _ in app.toasts)
    pump(app, until=lambda: scene.viewer_may_act() or scene.state.is_over(), timeout=60)
    if not scene.state.is_over():
        assert scene.coach.available and not scene.take_backs_offered()


def test_the_case_notes_lie_over_the_lessons_frames_and_take_their_clicks(app, monkeypatch):
    """Play-test: with the casebook open (L), the step's frames were drawn across the drawer.
    The note and its frames now lie under the drawer, and a click on the drawer is the drawer's."""
    tutorial = _purrrlock()
    scene = start_tutorial(app, tutorial, 0)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    key(app, pygame.K_l)
    assert scene.log_open
    order = []
    guides, log = scene.draw_guides, scene.draw_log
    monkeypatch.setattr(scene, "draw_guides", lambda canvas: (order.append("guides"), guides(canvas)))
    monkeypatch.setattr(scene, "draw_log", lambda canvas: (order.append("log"), log(canvas)))
    app.draw()
    assert order == ["guides", "log"]
    from sleuth.ui.scenes.table import BANNER_H, LOG_RECT

    spot = (LOG_RECT[0] + 40, BANNER_H + 200)
    assert scene.under_drawer(spot)
    scene.note = (LOG_RECT[0] - 100, BANNER_H + 100, 300, 300)  # a note reaching under the drawer
    clicks = []
    monkeypatch.setattr(scene, "_log_click", lambda pos: clicks.append(pos) or True)
    click(app, spot)
    assert clicks and scene.log_open  # the click was the drawer's, not swallowed by the note


def test_the_banner_says_the_learners_move_is_made_until_the_partner_moves(app):
    """Play-test: "Dr Watson is playing..." showed for seconds while the learner's own move (a
    right guess, a stack's count) still played out."""
    tutorial = _purrrlock()
    index = next(i for i, s in enumerate(tutorial.steps) if s.do is not None and s.then)
    scene = start_tutorial(app, tutorial, index)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    assert scene.act(tutorial.steps[index].do) is None
    assert scene.banner_text().endswith("your move is made")
    pump(app, until=lambda: len(scene.queue) < len(tutorial.steps[index].then) or scene.step_index > index,
         timeout=30)
    if scene.step_index == index:
        assert scene.banner_text().endswith("Dr Watson is playing...")


def test_a_finished_lesson_taken_again_resumes_where_it_was_left(app):
    """Play-test: after finishing a lesson, taking it again and leaving at step 6 sent the learner
    back to step 1 next time. Finishing is still remembered, and the step too."""
    from sleuth.ui.scenes.title import TitleScene, open_tutorial

    tutorial = load_tutorial(TUTORIALS[0])
    app.stats.note_tutorial(tutorial.game_id, 0, done=True)
    app.stats.note_tutorial(tutorial.game_id, 5, done=False)  # taken again, left at step 6
    record = app.stats.learning()[tutorial.game_id]
    assert record.tutorial_done and record.tutorial_step == 5
    title = TitleScene(app)
    app.stack.push(title)
    pump(app, until=lambda: title._learning_future is None, timeout=30)
    assert any(isinstance(w, Button) and w.label == "Resume lesson" for w in title.widgets.items)
    assert open_tutorial(app, tutorial.game_id, record)
    assert app.stack.top.step_index == 5


def test_a_lessons_note_keeps_off_what_is_read_as_marks(app):
    """Play-test: Purrrlock's lesson notes lay over the notes grid (its crosses and dots were not
    counted as something read) and over the card the step was about. The grid is a reading area
    now, and a narrower note shape finds the empty felt beside the other players' panel."""
    from sleuth.games.purrrlock_holmes.table.layout import GRID

    tutorial = _purrrlock()
    scene = start_tutorial(app, tutorial)
    covered = []
    for index, step in enumerate(tutorial.steps):
        pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
        x, y, w, h = scene.note
        gx, gy, gw, gh = GRID
        if x < gx + gw and gx < x + w and y < gy + gh and gy < y + h:
            covered.append(index + 1)
        if step.do is None:
            key(app, pygame.K_RETURN)
        else:
            make_move_with_the_moves_list(app, scene, step.do)
        wait_for_step(app, scene, index)
    assert not covered, f"steps whose note lies over the notes grid: {covered}"


def test_a_step_that_only_talks_offers_no_move(app):
    """Play-test: Bakerstreet's dispute step outlined every stack and said "Click a stack to
    evaluate it" while the lesson wanted Next; a click was refused. Such a step offers no move."""
    tutorial = load_tutorial(next(p for p in TUTORIALS if p.stem == "bakerstreet"))
    index = next(i for i, s in enumerate(tutorial.steps) if s.do is None and i > 0
                 and tutorial.steps[i + 1].do is not None and "choose" in repr(tutorial.steps[i + 1].do).lower())
    scene = start_tutorial(app, tutorial, index)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    assert scene.legal_for_viewer() == []
    assert not [i for i in range(5) if scene.view._stack_state(scene.view.obs, i) == "choose"]
    key(app, pygame.K_RETURN)
    wait_for_step(app, scene, index)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    assert scene.legal_for_viewer() and scene.view._stack_state(scene.view.obs, 0) == "choose"


def test_leaving_a_lesson_takes_its_notices_with_it(app):
    """Play-test: after the last step, leaving from the pause menu ("Leave the tutorial", still)
    brought the lesson's closing notice onto the title, over the logo."""
    from sleuth.ui.scenes.pause import PauseScene
    from sleuth.ui.scenes.title import TitleScene

    tutorial = _purrrlock()
    scene = start_tutorial(app, tutorial, 0)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    pause = PauseScene(app, scene)
    assert any(getattr(w, "label", "") == "Leave the lesson" for w in pause.widgets.items)
    app.toast("You have finished the guided game.", 8.0)
    pause.quit_to_title()
    assert isinstance(app.stack.top, TitleScene) and not app.toasts


def _controls(scene: TutorialScene) -> tuple:
    """What a learner may touch on the table: the table's buttons (label, enabled) and the cards
    that may be dragged or clicked."""
    view = scene.view
    buttons = tuple((w.label, w.enabled) for w in getattr(view, "widgets", Widgets()).items if isinstance(w, Button))
    cards = tuple(sorted((repr(s.key), s.draggable, s.clickable) for s in view.board.sprites.sprites()))
    return buttons, cards


def read_with_next_until(app, tutorial, index: int) -> TutorialScene:
    """Open the lesson and read its steps before ``index`` with Enter, as a learner does; the
    table settled at step ``index``."""
    scene = start_tutorial(app, tutorial)
    for step in range(index):
        pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
        key(app, pygame.K_RETURN)
        wait_for_step(app, scene, step)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    return scene


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_a_step_reached_by_next_offers_the_move_as_an_opened_one_does(app, path):
    """Play-test: in Purrrlock's lesson, after four steps read with Next, the step asking to drag
    Goose 8 onto the stand offered no card to drag and no button (its moves were taken when the
    table last changed, under a step that only talked); opened at that step, it worked."""
    tutorial = load_tutorial(path)
    index = next(i for i, step in enumerate(tutorial.steps) if step.do is not None)
    scene = read_with_next_until(app, tutorial, index)
    reached = _controls(scene)
    app.stack.pop()
    opened = start_tutorial(app, tutorial, index)
    pump(app, until=lambda: opened.note is not None and not opened.view.busy, timeout=30)
    assert reached == _controls(opened)
    assert any(draggable or clickable for _key, draggable, clickable in reached[1]) or reached[0]


def test_purrrlocks_lesson_takes_goose_8_by_the_mouse_after_four_steps_read(app):
    """The play-test's steps: Enter four times, then drag Goose 8 (card 7) onto the stand."""
    from sleuth.games.purrrlock_holmes.table.layout import OWN_STAND
    from sleuth.ui.driver import drag

    tutorial = _purrrlock()
    index = next(i for i, step in enumerate(tutorial.steps) if step.do is not None)
    scene = read_with_next_until(app, tutorial, index)
    drag(app, scene.view.board.sprite(("card", 7)).pos, OWN_STAND)
    pump(app, 0.5)
    assert scene.view.chosen == [7] and not any("cannot" in text for text, _ in app.toasts)


def test_a_lesson_shows_the_notes_its_words_describe_whatever_the_setting(app):
    """Play-test: with "Purrrlock notes" set to Off, the lesson said "a dot marks every card yours
    could still be" above a grid that read "Deduction notes are off"."""
    app.settings = app.settings.updated(deduction_notes="off")
    tutorial = _purrrlock()
    index = next(i for i, step in enumerate(tutorial.steps) if "dot marks" in step.say)
    scene = start_tutorial(app, tutorial, index)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    assert scene.view.notes_mode() == "full"
    scene.step_index = len(tutorial.steps)  # the guided part over: the player's own setting again
    assert scene.view.notes_mode() == "off"


def test_a_lessons_frame_fits_the_button_it_asks_for(app):
    """Lesson play-test: Case Connection's frame round Exchange 3 was narrower than the button."""
    tutorial = load_tutorial(next(p for p in TUTORIALS if p.stem == "case-connection"))
    index = next(i for i, step in enumerate(tutorial.steps) if step.do is not None and step.do.KIND == "exchange")
    scene = start_tutorial(app, tutorial, index)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    button = next(w for w in scene.view.widgets.items if getattr(w, "label", "") == "Exchange 3")
    assert tuple(button.rect) in [tuple(mark) for mark in scene.view.action_marks(tutorial.steps[index].do)]


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_notice_at_a_lessons_end_lies_over_no_card_button_or_line_it_can_avoid(app, path):
    """Play-test: the closing notice, 700 px wide, lay over the player's hand or letters for its
    6 s. It wraps narrower where that finds room, and lies over no button or card; on Bakerstreet,
    where the panel has room, over no line the table writes either."""
    from sleuth.ui.layoutcheck import occupied, touchable

    tutorial = load_tutorial(path)
    scene = start_tutorial(app, tutorial, len(tutorial.steps) - 1)
    pump(app, 1.0)
    scene._advance()
    pump(app, 0.5)
    assert app.toasts and app.toasts[0][0].startswith("You have finished the guided game")
    lines, box = app._place_toast()
    touch, cards = touchable(scene)
    bx, by, bw, bh = box

    def over(rect):
        x, y, w, h = rect
        return x < bx + bw and bx < x + w and y < by + bh and by < y + h

    from sleuth.ui.scenes.coach import split_drop_areas

    buttons, _ = split_drop_areas(scene, touch)
    assert not any(over(rect) for rect in buttons + cards), (box, lines)
    if tutorial.game_id == "bakerstreet":
        words = occupied(scene, app.canvas)[1]
        assert not any(over(rect) for rect in words), (box, lines)


def test_the_cards_resume_lesson_button_is_as_large_as_learn_to_play_and_on_one_line(app):
    """Hostile play-test: after leaving a lesson, the game card's "Resume the lesson" was about 12 px
    and wrapped onto two lines, smaller than "Learn to play" beside it on the other cards."""
    from sleuth.store.stats import Learning
    from sleuth.ui.scenes.title import TitleScene
    from sleuth.ui.theme import MIN_TEXT
    from sleuth.ui.widgets import LABEL_PAD, fit_label

    title = TitleScene(app)
    app.stack.push(title)
    pump(app, until=lambda: title._learning_future is None, timeout=30)
    fits = {}
    for resume in (False, True):
        title.learning = {spec.id: Learning(tutorial_step=4 if resume else 0) for spec in title.specs}
        title._build()
        buttons = [w for w in title.widgets.items if isinstance(w, Button) and w.tooltip.startswith("A guided")]
        assert buttons and all(b.label.startswith("Resume" if resume else "Learn") for b in buttons)
        for b in buttons:
            x, y, w, h = b.rect
            size, rows = fit_label(app.canvas, b.label, b.size, w - 2 * min(LABEL_PAD, max(3.0, w * 0.05)), h)
            fits[resume] = (size, len(rows))
    assert fits[True] == fits[False] and fits[True][1] == 1 and fits[True][0] >= MIN_TEXT
    title.draw(app.canvas)


def test_the_banner_says_nobody_plays_once_the_scripted_moves_are_over(app):
    """Newcomer play-test: the Bakerstreet lesson's last step said "Watson is playing." while
    nothing moved until the learner pressed the note's button."""
    tutorial = _purrrlock()
    index = next(i for i, s in enumerate(tutorial.steps) if s.do is not None and s.then)
    scene = start_tutorial(app, tutorial, index)
    pump(app, until=lambda: scene.note is not None and not scene.view.busy, timeout=30)
    assert scene.act(tutorial.steps[index].do) is None
    pump(app, until=lambda: (not scene.queue and not scene.view.busy) or scene.step_index > index, timeout=60)
    assert scene.step_index == index and scene.banner_text().endswith("follow the note")
