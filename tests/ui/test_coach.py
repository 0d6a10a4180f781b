"""The coach (Hint, H) and "why?" on bot moves, on every table.

The hint is the expert's move from the viewer's observation (the same as asking the expert
directly with the hint's generator), shown with its card and target marked and a note that covers
no control; it goes away after the move. Every bot move that came with reasons has a "why?" in
the casebook (and W), and the reasons are the ones kept with the move, filtered for the viewer.
"""

from __future__ import annotations

import random
import re
import time

import pygame
import pytest

from sleuth.ai.runner import HintJob, hint
from sleuth.core.registry import available, get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import click, pump, send
from sleuth.ui.layoutcheck import controls
from sleuth.ui.scenes.coach import WhyScene, best_note_spot, free_spot
from sleuth.ui.scenes.table import TableScene, start_game
from sleuth.ui.scenes.title import TitleScene

GAMES = [spec.id for spec in available()]


def key(app, k):
    send(app, pygame.KEYDOWN, key=k, mod=0, unicode="")
    send(app, pygame.KEYUP, key=k, mod=0, unicode="")


def centre(rect):
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def overlaps(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def human_table(app, game_id: str, seed: int = 4) -> TableScene:
    spec = get(game_id)
    seats = [SeatInfo("Ada", "human")] + [SeatInfo(f"Bot {i}", "expert") for i in range(1, spec.min_players)]
    app.stack.push(TitleScene(app))
    table = start_game(app, spec, seats, {}, seed)
    pump(app, until=lambda: table.viewer_may_act() or table.state.is_over(), timeout=60)
    return table


def plain_words(line: str) -> bool:
    return line[:1].isupper() and "_" not in line and "None" not in line and not re.search(r"[\[\]{}]|\(\d", line)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_is_the_experts_move_from_what_the_viewer_sees(app, game_id):
    table = human_table(app, game_id)
    assert table.coach.available
    if game_id != "case-connection":
        table.session.budget_s = 30.0  # no deadline cuts either search on a loaded machine: the same move
    key(app, pygame.K_h)
    pump(app, until=lambda: table.coach.showing, timeout=30)
    state, seat = table.state, table.viewer
    legal = state.legal_actions(seat)
    job = HintJob(game_id, seat, state.observe(seat), tuple(legal), f"sleuth-hint:{table.session.replay.seed}",
                  len(table.session.replay.actions), table.session.budget_s)
    expected = hint(job)
    assert table.coach.lines and all(plain_words(line) for line in table.coach.lines), table.coach.lines
    assert table.coach.action in legal
    if game_id != "case-connection":  # its expert stops sampling on the clock: same move only with a
        assert table.coach.action == expected.action  # fixed clock (tests/games/case_connection/test_explain.py)
    marks = table.view.action_marks(table.coach.action)
    assert table.coach.marks == [tuple(m) for m in marks]
    note = table.coach.note
    for name, rect in controls(table, []):
        if table.coach.note_clear and not name.startswith("button 'Got it'"):
            assert not overlaps(note, rect), f"the hint's note covers {name}"
    for mark in marks:
        assert not overlaps(note, mark)
    # the hint goes away after the move
    table.act(table.coach.action, confirmed=True)
    pump(app)
    assert not table.coach.showing and not table.coach.marks


def test_the_hint_tab_and_h_key(app):
    table = human_table(app, "bakerstreet")
    click(app, centre(next(tab.rect for tab in table.banner_tabs() if tab.label == "Hint (H)")))
    pump(app, until=lambda: table.coach.showing, timeout=30)
    key(app, pygame.K_ESCAPE)
    assert not table.coach.showing
    app.io.submit(lambda: None).result(timeout=30)
    assert app.stats.learning()["bakerstreet"].hints == 1
    app.settings = app.settings.updated(coach=False)
    assert not table.coach.available
    key(app, pygame.K_h)
    assert not table.coach.waiting and any("coach is off" in text for text, _ in app.toasts)


def test_the_hint_tab_keeps_its_place_greyed_through_the_bots_turn(app):
    """Replay play-test: the Hint tab went with every bot's turn and Why? slid into its place, so a
    click aimed at Why? as the turn came back hit Hint. Hint now stays where it is, greyed while the
    player may not move, and a click on it then says why."""
    table = human_table(app, "beyond-baker-street")
    hint = next(tab for tab in table.banner_tabs() if tab.label == "Hint (H)")
    assert hint.available
    assert table.act(next(a for a in table.legal_for_viewer() if str(a).startswith("assist"))) is None
    assert not table.viewer_may_act()  # the bot's turn
    later = next(tab for tab in table.banner_tabs() if tab.label == "Hint (H)")
    assert later.rect == hint.rect and not later.available
    app.toasts.clear()
    click(app, centre(later.rect))
    assert not table.coach.waiting and any("your own move" in text for text, _ in app.toasts)
    assert all(tab.rect[0] + tab.rect[2] <= hint.rect[0] for tab in table.banner_tabs()
               if tab.label.startswith("Why?"))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_takes_under_200_ms_at_p95(game_id):
    spec = get(game_id)
    times = []
    for seed in range(12):
        state = spec.create(spec.min_players, {}, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 12)):
            if state.is_over():
                break
            seat = state.pending_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over():
            continue
        seat = state.pending_seats()[0]
        job = HintJob(game_id, seat, state.observe(seat), tuple(state.legal_actions(seat)), "t", seed, 0.1)
        start = time.perf_counter()
        decision = hint(job)
        times.append(time.perf_counter() - start)
        assert decision.action in state.legal_actions(seat)
    times.sort()
    assert times[int(len(times) * 0.95) - 1] < 0.2, times


def table_after_a_bot_explained(app, game_id):
    """Ada against experts, playing the first legal move until a bot has moved with reasons."""
    spec = get(game_id)
    seats = [SeatInfo("Ada", "human")] + [SeatInfo(f"Bot {i}", "expert") for i in range(1, spec.min_players)]
    app.stack.push(TitleScene(app))
    table = start_game(app, spec, seats, {}, 6)
    for _ in range(40):
        pump(app, until=lambda: table.viewer_may_act() or table.state.is_over() or table.session.explanations,
             timeout=60)
        if table.session.explanations or table.state.is_over():
            break
        table.act(table.legal_for_viewer()[0], confirmed=True)
    pump(app)
    return table


@pytest.mark.parametrize("game_id", GAMES)
def test_why_shows_the_reasons_a_bot_gave_when_it_moved(app, game_id):
    table = table_after_a_bot_explained(app, game_id)
    assert table.session.explanations, "a bot moved with its reasons"
    move, explanation = table.session.last_explained_move()
    assert move in table.log_why
    seat, text = table.session.replay.actions[move]
    assert seat == explanation.seat and text == str(explanation.best.action)
    key(app, pygame.K_w)
    why = app.stack.top
    assert isinstance(why, WhyScene)
    assert why.lines and all(plain_words(line) for line in why.lines), why.lines
    assert not any(f.secret for f in explanation.shown_to(table.viewer, False).facts())
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_the_case_notes_have_a_why_on_each_explained_bot_move(app):
    table = human_table(app, "bakerstreet", seed=8)
    for _ in range(6):
        if table.state.is_over():
            break
        table.act(table.legal_for_viewer()[0], confirmed=True)
        pump(app, until=lambda: table.viewer_may_act() or table.state.is_over(), timeout=60)
    key(app, pygame.K_l)
    pump(app)
    assert table._why_spots, "the drawer shows a why? on a bot move"
    spot, move = table._why_spots[-1]
    click(app, centre(spot))
    assert isinstance(app.stack.top, WhyScene)


def test_free_spot_avoids_what_can_be_clicked_and_prefers_empty_felt():
    area = (0, 0, 400, 300)
    hard = [(0, 0, 200, 300)]
    soft = [(200, 0, 200, 100)]
    spot, clear = free_spot((150, 100), hard, area, soft)
    assert clear and spot[0] >= 200 + 12 and spot[1] >= 100
    _, clear = free_spot((300, 100), hard, area, soft)
    assert not clear


def test_the_hinted_card_lifts_and_settles_when_the_hint_goes(app):
    table = human_table(app, "bakerstreet")
    key(app, pygame.K_h)
    pump(app, until=lambda: table.coach.showing, timeout=30)
    lifted = table.coach.lifted
    assert lifted is not None and lifted.lift > 0
    key(app, pygame.K_ESCAPE)
    assert lifted.lift == 0 and table.coach.lifted is None


def test_a_card_dragged_over_the_hint_note_is_dropped_on_the_table(app):
    """The note steps aside while a card is held: the release reaches the table under it."""
    table = human_table(app, "beyond-baker-street")
    key(app, pygame.K_h)
    pump(app, until=lambda: table.coach.showing, timeout=30)
    note = table.coach.note
    inside_note = (note[0] + note[2] / 2, note[1] + note[3] / 2)
    table.view.board.held = next(iter(table.view.board.by_key.values()))
    try:
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=inside_note, button=1)
        assert not table.coach.handle(up)
    finally:
        table.view.board.held = None
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=inside_note, button=1)
    assert table.coach.handle(down)  # without a card in hand, a click on the note stays on the note


def test_a_narrower_note_is_taken_when_the_wide_one_would_cover_cards():
    """The wide note fits clear of every control but only over cards; the narrow one fits over
    nothing at all: the narrow one is taken. On a tie the wider one is."""
    area = (0, 0, 600, 400)
    hard = [(0, 0, 600, 100)]  # a row of buttons along the top
    soft = [(250, 100, 350, 300)]  # cards to read on the right below them
    index, spot, clear = best_note_spot([(400, 150), (200, 250)], hard, area, soft)
    assert (index, clear) == (1, True) and spot[0] + spot[2] <= 250 and spot[1] >= 100
    index, _, clear = best_note_spot([(400, 150), (200, 250)], hard, area, [])
    assert (index, clear) == (0, True)


def test_w_explains_the_latest_real_choice_not_a_forced_last_step(app):
    """Purrrlock: a bot's turn ends with passing its cards, its only move then; W explains the
    choice before it (what it asked about, or its guess)."""
    spec = get("purrrlock-holmes")
    table = start_game(app, spec, [SeatInfo("Ada", "human"), SeatInfo("Bot", "expert")], {}, 6)
    for _ in range(40):
        pump(app, until=lambda: table.viewer_may_act() or table.state.is_over(), timeout=60)
        explained = [m for m in table.log_why if m is not None]
        if len(explained) >= 2 or table.state.is_over():
            break
        table.act(table.legal_for_viewer()[0], confirmed=True)
    explanations = table.session.explanations
    chosen = [m for m in table.log_why if m is not None and explanations[m].runner_up is not None]
    assert chosen
    key(app, pygame.K_w)
    why = app.stack.top
    line = table.log_lines[table.log_why.index(chosen[-1])]
    assert isinstance(why, WhyScene) and why.move_line == line


def test_a_choice_half_made_before_the_hint_does_not_hide_its_note(app):
    """Purrrlock: a guess picked in the notes, then H: the note shows (it steps aside only for a
    choice begun after it appeared)."""
    table = human_table(app, "purrrlock-holmes")
    table.view.pick = (0, None)
    assert table.view.half_made()
    key(app, pygame.K_h)
    pump(app, until=lambda: table.coach.showing, timeout=30)
    assert not table.coach._stepped_aside()
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(table.coach.note), button=1)
    assert table.coach.handle(down)  # the note is there: a click on it stays on it


def test_with_no_clear_room_a_note_covers_part_of_a_drop_place_before_a_button():
    """A drop place covered in part still takes the card elsewhere; a covered button is lost."""
    area = (0, 0, 300, 100)
    button = (0, 0, 60, 30)
    drop = (240, 0, 60, 100)
    index, spot, clear = best_note_spot([(200, 100)], [button], area, [], None, firm=[drop])
    assert clear and spot[0] >= 60 + 12


def test_the_arrow_runs_from_glow_to_glow_not_over_what_it_points_at(app, monkeypatch):
    """Lesson play-test: the arrowhead lay on the very button the player had to click ("Exchange
    3") and the line ran over its label. The arrow now stops at the target's glow."""
    from sleuth.ui.scenes.coach import draw_marks

    lines, polygons = [], []
    monkeypatch.setattr(app.canvas, "line", lambda a, b, *rest, **kw: lines.append((a, b)))
    monkeypatch.setattr(app.canvas, "polygon", lambda points, *rest, **kw: polygons.append(points))
    card, button = (100, 100, 60, 90), (400, 300, 84, 24)
    draw_marks(app.canvas, app.palette, [card, button])
    (a, b), tip = lines[0], polygons[0][0]
    x, y, w, h = button
    assert not (x - 5 <= b[0] <= x + w + 5 and y - 5 <= b[1] <= y + h + 5)  # short of the button and its glow
    assert not (x <= tip[0] <= x + w and y <= tip[1] <= y + h)
    cx, cy, cw, ch = card
    assert not (cx < a[0] < cx + cw and cy < a[1] < cy + ch)  # it leaves from the card's edge, not its face


def test_an_assists_cards_are_marked_without_an_arrow_between_them(app, monkeypatch):
    """Lesson play-test: an arrow ran from Dr Watson's Clue 2 across two other cards to his
    Clue 6, as if one were to be dragged onto the other; an Assist only points at them."""
    from sleuth.core.registry import get
    from sleuth.core.replay import SeatInfo
    from sleuth.games.beyond_baker_street import rules as R
    from sleuth.ui.scenes.coach import draw_marks
    from sleuth.ui.scenes.table import start_game

    table = start_game(app, get("beyond-baker-street"), [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic")],
                       {}, 3)
    assist = next(a for a in table.legal_for_viewer() if isinstance(a, R.Assist))
    assert not table.view.marks_move(assist)
    assert table.view.marks_move(next(a for a in table.legal_for_viewer() if isinstance(a, R.Eliminate)))
    lines = []
    monkeypatch.setattr(app.canvas, "line", lambda *a, **k: lines.append(a))
    draw_marks(app.canvas, app.palette, table.view.action_marks(assist), arrow=False)
    assert lines == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_resumed_game_keeps_its_bots_reasons(app, game_id):
    """Couch play-test: after Save and quit, then Continue, the "why?" on the bots' earlier moves
    was gone and W said "No bot move to explain yet". The reasons are saved with the moves (the
    save's digest covers them) and read back, each on its move's first line."""
    from sleuth.core import replay as rp
    from sleuth.ui.session import GameSession

    table = table_after_a_bot_explained(app, game_id)
    session = table.session
    assert session.explanations
    replay, state = rp.from_json(rp.to_json(session.replay, session.state))
    resumed = GameSession(get(game_id), replay, state)
    assert resumed.explanations == session.explanations
    assert resumed.explained_move_of_event() == session.explained_move_of_event()
    resumed.close()


def test_the_arrow_between_two_marks_is_not_drawn_over_another_button(app, monkeypatch):
    """Play-tests: the hint's arrowhead lay on a bid's amount button between the stepper and Bid,
    and a lesson's arrow crossed "All moves (M)". With a button in the way only the glows show."""
    from sleuth.ui.scenes.coach import draw_marks

    lines = []
    monkeypatch.setattr(app.canvas, "line", lambda *a, **k: lines.append(a))
    marks = [(100, 100, 60, 40), (100, 300, 200, 40)]
    draw_marks(app.canvas, app.palette, marks)
    assert lines  # nothing in the way: the arrow
    lines.clear()
    draw_marks(app.canvas, app.palette, marks, avoid=[(90, 200, 120, 40)])
    assert not lines


@pytest.mark.parametrize("game_id", ["beyond-baker-street", "case-connection"])
def test_the_hint_note_lies_beside_the_case_notes_drawer_not_under_it(app, game_id):
    """Play-test: with the casebook open, H drew the hint's arrow and ring but its note lay
    under the drawer, a sliver at its edge. The note keeps to the table left of an open drawer,
    and moves when the drawer opens after it."""
    from sleuth.ui.scenes.table import LOG_RECT

    table = human_table(app, game_id)
    key(app, pygame.K_l)
    assert table.log_open
    key(app, pygame.K_h)
    pump(app, until=lambda: table.coach.showing, timeout=30)
    x, y, w, h = table.coach.note
    # (a hint pointing at a place under the drawer closes it: the note may then lie there)
    assert x + w <= LOG_RECT[0] or not table.log_open
    if table.log_open:
        key(app, pygame.K_l)  # closed: the whole table again
    pump(app, 0.1)
    key(app, pygame.K_l)  # opened over a note that may have moved right
    pump(app, 0.1)
    assert table.coach.showing
    x, y, w, h = table.coach.note
    assert x + w <= LOG_RECT[0]


def test_the_hints_got_it_sits_on_its_heading_row_not_under_its_words(app):
    """Beyond Baker Street's hint lay over the lead cards in a quarter of the 3- and 4-player
    positions: its "Got it" took a row of its own under the words. It shares the heading's row."""
    table = human_table(app, "beyond-baker-street")
    key(app, pygame.K_h)
    pump(app, until=lambda: table.coach.showing, timeout=30)
    x, y, w, h = table.coach.note
    (got_it,) = [b for b in table.coach.widgets.items if b.label == "Got it"]
    bx, by, bw, bh = got_it.rect
    assert by + bh <= y + 44 and bx + bw <= x + w
    assert h == 44 + len(table.coach._wrapped) * 21 + 14


def test_a_hint_at_a_place_under_the_open_case_notes_closes_them(app):
    """Play-test: with the casebook open, the hint's arrow pointed at Beyond Baker Street's
    Impossible, hidden under the drawer. A hint whose marks lie under the drawer closes it."""
    from types import SimpleNamespace

    from sleuth.games.beyond_baker_street import rules as R
    from sleuth.ui.scenes.table import LOG_RECT

    table = human_table(app, "beyond-baker-street")
    table.toggle_log()
    table.coach.show(SimpleNamespace(action=R.Eliminate(0), explanation=None))
    assert any(x + w > LOG_RECT[0] for x, y, w, h in table.coach.marks)
    assert not table.log_open
    table.coach.clear()
    table.toggle_log()
    table.coach.show(SimpleNamespace(action=R.Investigate(0, "opportunity"), explanation=None))
    assert table.log_open  # a hint on the table left of the drawer leaves the notes open


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_case_connections_hint_lies_off_the_desk_the_player_builds_on(app, seed):
    """Veteran play-test: the hint's note lay over the lead and the desk's cells, while the other
    players' panels were there to cover; the desk weighs as a button does."""
    from sleuth.games.case_connection.table.layout import DESK

    app.settings = app.settings.updated(animation_speed="instant", bot_pace="instant")
    seats = [SeatInfo("Ada", "human"), SeatInfo("Watson", "expert"), SeatInfo("Billy", "expert")]
    app.stack.push(TitleScene(app))
    table = start_game(app, get("case-connection"), seats, {}, seed)
    for _ in range(3):
        pump(app, until=lambda: table.viewer_may_act(), timeout=60)
        table.act(table.legal_for_viewer()[0], confirmed=True)
    pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    assert table.view.desk_shown()
    key(app, pygame.K_h)
    pump(app, until=lambda: table.coach.showing, timeout=30)
    assert not overlaps(table.coach.note, DESK), table.coach.note


def test_the_hints_glow_and_arrow_go_when_another_move_is_begun(app, monkeypatch):
    """Couch play-test (Beyond Baker Street): with the hint "eliminate your 1st card" up, a click
    on a partner's card (to Assist) hid the note, but its arrow to the Impossible stayed over the
    Assist's choices. A choice that is a step of the hinted move keeps them."""
    from sleuth.games.beyond_baker_street import rules as R
    from sleuth.ui.scenes import coach as coach_module

    table = human_table(app, "beyond-baker-street")
    key(app, pygame.K_h)
    pump(app, until=lambda: table.coach.showing, timeout=30)
    coach, view = table.coach, table.view
    drawn = []
    monkeypatch.setattr(coach_module, "draw_marks", lambda *a, **k: drawn.append(a[2]))
    coach.action = R.Eliminate(0)
    view.selected_slot = 0  # the hinted card chosen: a step of the hinted move
    coach.draw(app.canvas)
    assert drawn
    drawn.clear()
    view.selected_slot = None
    view.assist_card = next(c for c in view.obs.hands[1])  # a partner's card clicked instead
    view.assist_target = 1
    coach.draw(app.canvas)
    assert not drawn


@pytest.mark.parametrize("game_id", GAMES)
def test_a_resumed_game_tells_its_last_move_in_the_banner(app, game_id):
    """Play-test: after a restart and Continue the banner said only "Your turn: ...": the bot's
    move before it ("Watson eliminates Document 5...") was found only in the casebook."""
    from sleuth.core import replay as rp
    from sleuth.ui.scenes.table import TableScene
    from sleuth.ui.session import GameSession

    table = table_after_a_bot_explained(app, game_id)
    if table.state.is_over():
        pytest.skip("the game ended before a bot moved")
    session = table.session
    last = table._move_line  # the move's own line, not its after-effect ("The Assist moves Holmes...")
    assert not last.startswith("The Assist moves Holmes")
    replay, state = rp.from_json(rp.to_json(session.replay, session.state))
    resumed = TableScene(app, GameSession(get(game_id), replay, state))
    app.stack.push(resumed)
    assert resumed._flash is not None and resumed._flash[0] == last
    resumed.session.close()


def test_a_resumed_game_tells_the_move_not_its_after_effect(app):
    """Verifier: after Continue the banner said "The Assist moves Holmes 1 step closer; he is on
    11.", not whose Assist it was or what it told."""
    from sleuth.core import replay as rp
    from sleuth.games.beyond_baker_street import rules as R
    from sleuth.ui.scenes.table import TableScene
    from sleuth.ui.session import GameSession

    spec = get("beyond-baker-street")
    app.stack.push(TitleScene(app))
    table = start_game(app, spec, [SeatInfo("Ada", "human"), SeatInfo("Bot 1", "basic")], {}, 3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    assist = next(a for a in table.legal_for_viewer() if isinstance(a, R.Assist))
    assert table.act(assist, confirmed=True) is None
    replay, state = rp.from_json(rp.to_json(table.session.replay, table.session.state))
    resumed = TableScene(app, GameSession(spec, replay, state))
    app.stack.push(resumed)
    assert resumed._flash[0].startswith("You tell Bot 1") or resumed._flash[0].startswith("Ada tells Bot 1"), \
        resumed._flash
    resumed.session.close()
