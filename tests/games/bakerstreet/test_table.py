"""The Bakerstreet table: every action kind by synthetic mouse events, a scripted game against a
bot, hot-seat frames that never show the opponent's hand, and the memory aid."""

import re

import pygame
import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.table import BakerstreetTable
from sleuth.games.bakerstreet.table.layout import BOTTOM_Y, CARD, HAND_STEP, HAND_X, PANEL, TOP_Y
from sleuth.games.bakerstreet.table.paint import run_through
from sleuth.games.bakerstreet.table.panels import LetterTile
from sleuth.games.bakerstreet.table.words import describe_event
from sleuth.ui.driver import click, drag, pump
from sleuth.ui.scenes.handoff import HandoffScene
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.title import TitleScene
from sleuth.ui.widgets import Button
from tests.frame_spy import FrameSpy
from tests.text_spy import record_texts

SPEC = get("bakerstreet")


def ready(table):
    return lambda: table.state.is_over() or (bool(table.legal_for_viewer()) and not table.view.busy)


def solo_table(app, seed=3, bot="basic", name="Ann"):
    seats = [SeatInfo(name, "human"), SeatInfo("Watson", bot)]
    table = start_game(app, SPEC, seats, {}, seed)
    assert isinstance(table.view, BakerstreetTable)
    pump(app, until=ready(table), timeout=30)
    return table


def hand_sprites(table):
    view = table.view
    return [view.board.sprite(("det", tok.id)) for tok in view.model.hands[table.viewer]]


def last_action(table):
    return table.session.replay.actions[-1]


def centre(rect):
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def button(table, prefix):
    return next(w for w in table.view.widgets.items if isinstance(w, Button) and w.label.startswith(prefix))


def press(app, widget):
    click(app, centre(widget.rect))


def play_and_bid(app, table, stack=0):
    """Play the first hand card beside ``stack`` by dragging, then bid the suggested amount."""
    sprite = hand_sprites(table)[0]
    drag(app, sprite.pos, centre(table.view.stack_rect(stack)))
    pump(app, until=ready(table), timeout=10)
    press(app, button(table, "Bid "))
    pump(app, until=ready(table), timeout=30)


def test_drag_a_hand_card_next_to_a_stack_plays_it(app):
    table = solo_table(app)
    tok = table.view.model.hands[0][1]
    sprite = table.view.board.sprite(("det", tok.id))
    drag(app, sprite.pos, centre(table.view.stack_rect(2)))
    assert last_action(table) == (0, str(R.Play(tok.value, tok.symbol, 2)))
    assert table.state.phase == R.BID
    # the card now lies on top of stack 3's pile
    pump(app, until=lambda: not table.view.busy, timeout=5)
    assert sprite.pos == pytest.approx(table.view.pile_pos(2), abs=1)


def test_click_a_card_then_a_stack_plays_it(app):
    table = solo_table(app)
    tok = table.view.model.hands[0][2]
    click(app, table.view.board.sprite(("det", tok.id)).pos)
    assert table.view.selected == tok.id
    click(app, centre(table.view.stack_rect(4)))
    assert last_action(table) == (0, str(R.Play(tok.value, tok.symbol, 4)))


def test_the_bid_control_stays_within_the_legal_bids(app):
    table = solo_table(app)
    drag(app, hand_sprites(table)[0].pos, centre(table.view.stack_rect(1)))
    pump(app, until=ready(table), timeout=10)
    assert table.state.phase == R.BID
    start = table.view.bid_value
    press(app, button(table, "+"))
    press(app, button(table, "+"))
    assert table.view.bid_value == start + 2
    low = button(table, "0")  # the opening's quick amounts include the low end
    assert low is not None
    for _ in range(40):
        minus = button(table, "-")
        if not minus.enabled:
            break
        press(app, minus)
    assert table.view.bid_value == 0
    press(app, button(table, "Bid 0"))
    assert last_action(table) == (0, str(R.Bid(0)))


def test_the_minus_and_plus_keys_move_the_bid_within_the_legal_bids(app):
    """Keyboard play-test: the rules' Keys say "- and +" set the bid, and the keys did nothing."""
    from sleuth.ui.driver import send

    table = solo_table(app)
    drag(app, hand_sprites(table)[0].pos, centre(table.view.stack_rect(1)))
    pump(app, until=ready(table), timeout=10)
    start = table.view.bid_value
    for key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        send(app, pygame.KEYDOWN, key=key, mod=0, unicode="+", scancode=0)
    assert table.view.bid_value == start + 3 and button(table, f"Bid {start + 3}") is not None
    for _ in range(60):
        send(app, pygame.KEYDOWN, key=pygame.K_MINUS, mod=0, unicode="-", scancode=0)
    assert table.view.bid_value == 0  # never below the least legal bid
    send(app, pygame.KEYDOWN, key=pygame.K_KP_PLUS, mod=0, unicode="+", scancode=0)
    assert table.view.bid_value == 1
    # verifier: Enter then did not bid; with no button ringed it bids the amount shown
    send(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    assert last_action(table) == (0, str(R.Bid(1)))


def test_the_bid_control_stays_in_reach_with_the_move_log_open(app):
    """The drawer opens over the table's right edge: the bid control lies left of it and still
    works; a button it covers is hidden (no pointer or Tab reaches it) until it closes."""
    from sleuth.ui.scenes.table import LOG_RECT

    table = solo_table(app)
    drag(app, hand_sprites(table)[0].pos, centre(table.view.stack_rect(1)))
    pump(app, until=ready(table), timeout=10)
    table.toggle_log()
    app.draw()
    live = [w for w in table.view.widgets.items if w.visible]
    assert all(w.rect[0] + w.rect[2] <= LOG_RECT[0] for w in live)
    assert not button(table, "All moves").visible
    amount = table.view.bid_value
    press(app, button(table, "Bid "))
    assert last_action(table) == (0, str(R.Bid(amount)))
    table.toggle_log()
    app.draw()
    assert all(w.visible for w in table.view.widgets.items)


def test_raise_and_dispute_buttons(app):
    table = solo_table(app, seed=5)
    play_and_bid(app, table)
    # the bot answered with a raise (or a dispute, which ends the round): find our turn with a bid to dispute
    for _ in range(10):
        if R.Dispute() in table.legal_for_viewer():
            break
        play_and_bid(app, table)
    assert R.Dispute() in table.legal_for_viewer()
    dispute = button(table, "Dispute")
    assert str(table.state.bids[-1][1]) in dispute.label
    press(app, dispute)
    assert last_action(table) == (0, str(R.Dispute()))


def win_a_dispute(app, name="Ann"):
    """A table where Ann (``name``) has just won a dispute (the random bot bids wildly)."""
    for seed in range(1, 40):
        table = solo_table(app, seed=seed, bot="random", name=name)
        for _ in range(12):
            legal = table.legal_for_viewer()
            if table.state.is_over():
                break
            if R.Dispute() in legal and table.state.bids[-1][1] > 20:
                table.act(R.Dispute())
            elif any(isinstance(a, R.Play) for a in legal):
                table.act(next(a for a in legal if isinstance(a, R.Play)))
            elif any(isinstance(a, R.Bid) for a in legal):
                table.act(next(a for a in legal if isinstance(a, R.Bid)))
            else:
                break
            pump(app, until=ready(table), timeout=10)
            if table.state.phase == R.CHOOSE and table.state.dispute_winner == 0:
                return table
        app.stack.reset(TitleScene(app))
    raise AssertionError("Ann never won a dispute")


def test_the_dispute_winner_clicks_a_stack_then_picks_a_letter(app):
    table = win_a_dispute(app)
    assert "click a stack" in table.view.turn_hint()
    # a stack without detective cards goes to the dispute's winner (ruling 4)
    empty = [i for i, n in enumerate(table.view.obs.pile_sizes) if n == 0]
    assert empty
    click(app, centre(table.view.stack_rect(empty[0])))
    assert last_action(table) == (0, str(R.Choose(empty[0])))
    pump(app, until=ready(table), timeout=10)
    assert table.state.phase == R.TAKE and table.state.eval_winner == 0
    tiles = [w for w in table.view.widgets.items if isinstance(w, LetterTile)]
    assert tiles and len(tiles) == len(table.view.obs.looking)
    held = set(table.view.obs.letters)
    for tile in tiles:
        assert tile.enabled == (tile.letter not in held)
        if not tile.enabled:
            assert "already" in tile.note
        else:  # the run that letter itself makes, not the longest run afterwards
            row = run_through(tile.letter, sorted(held), table.view.obs.alphabet)
            assert tile.note in ("WINS", f"{row} in a row" if row > 1 else "on its own")
    choice = next(t for t in tiles if t.enabled)
    press(app, choice)
    assert last_action(table) == (0, str(R.Take(choice.letter)))


def test_a_picked_letter_already_held_is_greyed_with_the_reason(app):
    table = solo_table(app)
    view = table.view
    tile = LetterTile((0, 0, 90, 70), "C", "yours already", lambda: None, False, "You already hold C")
    assert not tile.click((1, 1))
    view.widgets.add(tile)
    assert view.widgets.tooltip((5, 5)).startswith("You already hold C")


def test_an_illegal_drop_changes_nothing_and_slides_back(app):
    table = solo_table(app)
    sprite = hand_sprites(table)[0]
    home = sprite.pos
    before = len(table.session.replay.actions)
    drag(app, home, (PANEL[0] + 200, PANEL[1] + 200))  # the side panel is no place for a card
    pump(app, 0.6)
    assert len(table.session.replay.actions) == before
    assert app.toasts
    assert sprite.pos == pytest.approx(home, abs=1)


def test_the_opponents_cards_cannot_be_dragged(app):
    table = solo_table(app)
    opp = [table.view.board.sprite(("det", tok.id)) for tok in table.view.model.hands[1]]
    assert opp and not any(s.draggable or s.face_up for s in opp)
    before = len(table.session.replay.actions)
    drag(app, opp[0].pos, centre(table.view.stack_rect(0)))
    assert len(table.session.replay.actions) == before


def test_the_memory_aid_fans_out_covered_cards(app):
    table = solo_table(app)
    # two cards onto stack 1: ours, then (we keep playing there) more
    for _ in range(6):
        legal = table.legal_for_viewer()
        if table.state.is_over():
            break
        plays = [a for a in legal if isinstance(a, R.Play) and a.stack == 0]
        bids = [a for a in legal if isinstance(a, R.Bid)]
        if plays:
            table.act(plays[0])
        elif bids:
            table.act(bids[0])
        else:
            table.act(legal[0])
        pump(app, until=ready(table), timeout=10)
        if len(table.view.model.piles[0]) >= 2:
            break
    pile = table.view.model.piles[0]
    assert len(pile) >= 2
    top = table.view.board.sprite(("det", pile[-1].id))
    under = table.view.board.sprite(("det", pile[-2].id))
    assert under.pos == pytest.approx(top.pos, abs=1)  # squared up: covered cards are hidden
    assert "may not look" in top.tooltip
    app.update_settings(show_covered_cards=True)
    pump(app, 0.5)
    pump(app, until=lambda: not table.view.busy, timeout=5)
    under = table.view.board.sprite(("det", pile[-2].id))
    top = table.view.board.sprite(("det", pile[-1].id))
    assert under.pos[1] > top.pos[1] + 5 and under.dimmed
    assert "Memory aid" in top.tooltip


def test_words_for_every_event_and_action_kind(app):
    table = solo_table(app, seed=2)
    for _ in range(400):
        if table.state.is_over():
            break
        pump(app, until=ready(table), timeout=30)
        if table.state.is_over():
            break
        legal = table.legal_for_viewer()
        for action in legal[:3]:
            assert table.view.describe_action(action)
        table.act(legal[len(table.session.replay.actions) % len(legal)], confirmed=True)
    view = table.view
    kinds = set()
    for event in table.state.events_for(0):
        line = view.describe(event)
        if line is not None:
            kinds.add(event.KIND)
            assert "seat 0" not in line and "seat 1" not in line
    assert kinds >= {"dealt", "round", "drew", "played", "bid_made", "disputed", "stack_chosen", "evaluated",
                     "looked", "took"}
    assert view.risky(0, R.Dispute()) is None


def test_a_full_game_with_one_scripted_human_and_a_bot(app):
    table = solo_table(app, seed=8)
    for _ in range(600):
        pump(app, until=ready(table), timeout=30)
        if table.state.is_over():
            break
        legal = table.legal_for_viewer()
        takes = [a for a in legal if isinstance(a, R.Take)]
        bids = [a for a in legal if isinstance(a, R.Bid)]
        if takes:
            action = takes[0]
        elif bids:
            own = sum(v for v, _ in table.view.obs.hand)
            action = min(bids, key=lambda a: abs(a.amount - own - 7))
        elif R.Dispute() in legal and table.state.bids[-1][1] > sum(v for v, _ in table.view.obs.hand) + 9:
            action = R.Dispute()
        else:
            action = legal[0]
        table.act(action, confirmed=True)
    pump(app, until=lambda: table.results_shown, timeout=30)
    assert table.state.is_over()
    assert table.view.story()
    app.draw()  # the results screen draws the letters with their runs
    # the rules: the winner turns their evidence over; the table shows every letter face up, not a
    # row of backs beside the results (play-test)
    from sleuth.games.bakerstreet.table import paint

    hidden = []
    original = paint.draw_hidden_letters
    paint.draw_hidden_letters = lambda *args, **kw: hidden.append(args[4])
    try:
        app.stack.pop()  # "See the table"
        table.view.draw(app.canvas)
    finally:
        paint.draw_hidden_letters = original
    assert hidden == []


def in_hand_band(pos, y):
    return abs(pos[1] - y) < CARD[1] / 2 and abs(pos[0] - HAND_X) < HAND_STEP * 1.5 + CARD[0] / 2


def test_a_handoff_frame_shows_no_hand_face_up(app):
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    spy = FrameSpy(table, "det", record=lambda sprite: sprite.pos, as_set=False)
    pump(app)
    assert isinstance(app.stack.top, HandoffScene)
    shown = spy.frame()
    assert not [p for p in shown if in_hand_band(p, TOP_Y) or in_hand_band(p, BOTTOM_Y)]
    assert all(tok.value is None for hand in table.view.model.hands for tok in hand)


def test_hot_seat_never_draws_the_opponents_hand_face_up(app):
    app.settings = app.settings.updated(animation_speed="fast")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")]
    table = start_game(app, SPEC, seats, {}, seed=13)
    spy = FrameSpy(table, "det", record=lambda sprite: sprite.pos, as_set=False)
    frames = handoffs = 0
    for step in range(40):
        if table.state.is_over():
            break
        if isinstance(app.stack.top, HandoffScene):
            shown = spy.frame()
            assert not [p for p in shown if in_hand_band(p, TOP_Y) or in_hand_band(p, BOTTOM_Y)]
            app.stack.top.confirm()
            handoffs += 1
        for _ in range(2):
            shown = spy.frame()
            frames += 1
            revealing = table.view.busy and table.state.phase in (R.CHOOSE, R.TAKE)  # a dispute shows both hands
            if table.viewer is not None and not revealing and table.state.phase in (R.TURN, R.BID):
                assert not [p for p in shown if in_hand_band(p, TOP_Y)], "the opponent's hand was shown"
            pump(app, 0.05)
        legal = table.legal_for_viewer()
        if legal and table.session.pending() == table.viewer:
            plays = [a for a in legal if not isinstance(a, R.Dispute)] or legal
            table.act(plays[step % len(plays)], confirmed=True)
        pump(app, 0.1)
    assert frames > 60 and handoffs >= 4


def test_every_card_and_zone_explains_itself(app):
    table = solo_table(app)
    play_and_bid(app, table, stack=2)
    view = table.view
    for key, sprite in view.board.by_key.items():
        assert sprite.tooltip, key
    tips = [view.tooltip(view.evidence_pos(0)), view.tooltip(view.deck_pos(0)), view.tooltip(view.deck_pos(1)),
            view.tooltip((view.stack_rect(4)[0] + 130, view.stack_rect(4)[1] + 110)),
            view.tooltip((700, BOTTOM_Y)), view.tooltip((700, TOP_Y))]
    assert all(tips), tips
    assert "Evidence stack 1" in tips[0] and "unused" in tips[1]
    top = view.board.sprite(("det", view.model.piles[2][-1].id))
    assert "stack 3" in top.tooltip


def test_the_bid_can_be_made_with_the_keyboard(app):
    import pygame

    from sleuth.ui.driver import key

    table = solo_table(app)
    table.act(table.legal_for_viewer()[0])
    pump(app, until=ready(table), timeout=10)
    widgets = table.view.widgets
    for _ in range(len(widgets.items) + 1):
        key(app, pygame.K_TAB)
        live = [w for w in widgets.items if w.visible]
        if widgets.focus is not None and getattr(live[widgets.focus], "label", "").startswith("Bid "):
            break
    amount = table.view.bid_value
    key(app, pygame.K_RETURN)
    assert last_action(table) == (0, str(R.Bid(amount)))


# -- every sentence a player reads (issue 15, item 11) ------------------------------------------

NAMES = ("Mrs Hudson", "Inspector Lestrade")
ID = re.compile(r"\b[TL]\d{2}\b")
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
DEBUG = re.compile(r"\(s\)|[\[\]{}]|\b[a-z]+_[a-z_]+\b|\bNone\b|\bseat \d|>=|<=|\b(?:STOP|ARROW)\b|"
                   r"(?<![A-Za-z])'[^'\s]+'")


def assert_written_by_a_person(text):
    """Proper plurals, no ids, no coordinates, no raw keys, symbols or tuples; names keep their capitals."""
    assert text, text
    assert not ID.search(text) and not COORDINATES.search(text), text
    assert not DEBUG.search(text), text
    for name in NAMES:
        assert text.lower().count(name.lower()) == text.count(name), text


EVENT_SAMPLES = [
    R.Dealt((8, 8, 8, 8, 8)), R.RoundStarted(2, 1), R.Drew(0, 3, "stop"), R.Drew(1, 2, "double"),
    R.Drew(1, None, None), R.Drew(0, 4, "none"), R.Reshuffled(0, 26), R.Reshuffled(1, 1), R.Played(1, 4, "arrow", 2),
    R.BidMade(0, 14), R.Disputed(1, 0, 18, (((4, "none"), (5, "stop"), (2, "none")), ((1, "none"),)), 12, 1),
    R.Disputed(0, 1, 9, (((4, "none"),), ((5, "none"),)), 9, 1), R.StackChosen(0, 3),
    R.Evaluated(0, ((0, 3, "double"), (0, 5, "none"), (1, 2, "stop")), (16, 2), 0, True, 2),
    R.Evaluated(2, (), (0, 0), 1, False), R.Evaluated(4, ((1, 4, "none"),), (0, 4), 1, True),
    R.Looked(0, 2, ("A", "C", "F")), R.Looked(0, 2, ()), R.Looked(1, 2, None),
    R.Took(0, 2, True, "C"), R.Took(1, 2, True, None), R.Took(1, 2, False, None),
    R.GameOver((1,), "seat 1 holds 7 consecutive letters"),
    R.GameOver((), "the round limit (300) was reached; runs and evidence counts tied: a draw"),
]
ACTION_SAMPLES = [R.Play(3, "stop", 0), R.Play(2, "none", 4), R.Bid(15), R.Dispute(), R.Choose(2), R.Take("G")]


def test_every_event_and_action_kind_has_words_a_person_would_write():
    """Issue 15, item 11: every log line and every move's name, with seat names like Mrs Hudson: no
    "(s)", no raw symbol keys, no ">=", names keep their capitals."""
    from sleuth.games.bakerstreet.table.words import describe_action, describe_event

    def name(seat):
        return NAMES[seat]

    assert {type(e) for e in EVENT_SAMPLES} == set(R.EVENTS)
    assert {type(a) for a in ACTION_SAMPLES} == set(R.ACTIONS)
    texts = [describe_event(e, name, 5, lambda e: None) for e in EVENT_SAMPLES]
    texts = [t for t in texts if t is not None]
    assert len(texts) == len(EVENT_SAMPLES) - 1  # the opponent's face-down draw is not worth a line
    actions = [describe_action(a, name, (1, 14), lambda a: "") for a in ACTION_SAMPLES]
    for text in texts + actions:
        assert_written_by_a_person(text)
    assert "Mrs Hudson draws a 3 with a Stop." in texts
    assert "Inspector Lestrade shuffles the used pile into a new unused stack of 1 card." in texts
    assert ("Inspector Lestrade disputes Mrs Hudson's bid of 18, and Inspector Lestrade wins the dispute: the total 12 "
            "is less than 18. Mrs Hudson holds 4 + 5 + 2 and Inspector Lestrade holds 1.") in texts
    assert ("Stack 1 is counted: Mrs Hudson has 3+5, doubled to 16, Inspector Lestrade has 2. Mrs Hudson wins it. A Stop "
            "ended the count; the 2 cards below it stay. An Arrow sends the count on to stack 2.") in texts
    assert "Play your 3 with a Stop beside stack 1" in actions


def test_the_story_tooltips_and_refusals_are_written_by_a_person(app):
    """The results story (no "count(s)", no "letter(s)"), every tooltip of a table in play, and the
    engine's refusals a player can meet."""
    from types import SimpleNamespace

    from sleuth.games.bakerstreet.table.model import Model

    seats = [SeatInfo(NAMES[0], "human"), SeatInfo(NAMES[1], "basic")]
    table = start_game(app, SPEC, seats, {}, 3)
    pump(app, until=ready(table), timeout=30)
    view, replay = table.view, table.view.replay
    view.replay = SimpleNamespace(
        model=Model(round=1),
        disputes=[R.Disputed(1, 0, 18, (((4, "none"),), ((1, "none"),)), 5, 1)],
        evals=[R.Evaluated(0, ((0, 3, "double"), (1, 2, "stop")), (6, 2), 0, False, 1)],
        took=[(1, 1, None), (2, 1, None), (1, 0, "C")], took_nothing=[(3, 1)])
    story = view.story()
    view.replay = replay
    for line in story:
        assert_written_by_a_person(line)
    assert "A Stop cut 1 count short." in story[1]
    assert ("Inspector Lestrade takes 2 letters, face down, and nothing once: that stack held no letter new to "
            "them.") in story
    assert "the one disputed bid fell" in story[0] and story[0].startswith("1 round.")

    app.update_settings(show_covered_cards=True)
    texts = []
    for _ in range(8):
        if table.state.is_over():
            break
        view = table.view
        texts += [w.tooltip for w in view.widgets.items]
        texts += [s.tooltip for s in view.board.sprites.sprites()]
        texts += [view.tooltip((x, y)) for x in range(10, 1000, 31) for y in range(50, 716, 31)]
        texts += [view.describe_action(a) for a in table.legal_for_viewer()]
        texts += [table.state.why_illegal(0, a) for a in (R.Play(4, "arrow", 5), R.Choose(7), R.Take("A"))]
        table.act(table.legal_for_viewer()[0], confirmed=True)
        pump(app, until=ready(table), timeout=30)
    texts += table.view.story()
    for text in [t for t in texts if t]:
        assert_written_by_a_person(text)


@pytest.mark.parametrize("name", ["Mrs Hudson", "W" * 24])
def test_a_long_name_never_runs_into_its_neighbours(app, monkeypatch, name):
    """The name plate (name and card backs) and the results picture (name and letters): a name of up
    to 24 characters keeps to its own place, cut short with an ellipsis if it must."""
    from sleuth.ui.canvas import Canvas

    drawn = []
    text = Canvas.text

    def spy(canvas, words, pos, size, colour, anchor="topleft", bold=False):
        rect = text(canvas, words, pos, size, colour, anchor, bold)
        drawn.append((words, rect))
        return rect

    seats = [SeatInfo(name, "human"), SeatInfo(name, "basic")]
    table = start_game(app, SPEC, seats, {}, 3)
    pump(app, until=ready(table), timeout=30)
    monkeypatch.setattr(Canvas, "text", spy)
    view = table.view
    for seat in range(2):
        drawn.clear()
        view._draw_band(app.canvas, app.palette, view.obs, seat)
        plate = [(w, r) for w, r in drawn if w.endswith("backs")]
        shown = [(w, r) for w, r in drawn if w.startswith(name[:3]) and r[1] == plate[0][1][1] - 1 or
                 w.startswith(name[:3]) and abs(r[1] + r[3] / 2 - (plate[0][1][1] + plate[0][1][3] / 2)) < 4]
        assert shown and plate
        assert shown[0][1][0] + shown[0][1][2] <= plate[0][1][0], (shown, plate)
    drawn.clear()
    view.draw_results_extra(app.canvas, (100, 400, 680, 120))
    names = [(w, r) for w, r in drawn if w.startswith(name[:3])]
    assert names and all(r[0] + r[2] <= 100 + 120 for _, r in names), names


def test_run_through_counts_the_letters_in_a_row_with_the_new_one():
    alphabet = [chr(c) for c in range(ord("A"), ord("T") + 1)]
    assert run_through("L", ["M", "N"], alphabet) == 3
    assert run_through("A", ["M", "N"], alphabet) == 1
    assert run_through("C", ["A", "B", "D"], alphabet) == 4


def test_the_opponents_newest_card_is_ringed_until_the_viewer_moves(app, monkeypatch):
    """Play-test: "Watson plays a 0 beside stack 1." gave way to "Watson bids 14." within a second,
    and nothing on the table said which card was new."""
    table = solo_table(app, seed=5)
    for _ in range(10):
        pump(app, until=ready(table), timeout=30)
        if any(isinstance(e, R.Played) and e.seat == 1 for e in table.state.log):
            break
        table.act(table.legal_for_viewer()[0], confirmed=True)
    pump(app, until=ready(table), timeout=30)
    said = []
    monkeypatch.setattr(app.canvas, "text", lambda text, *a, **k: said.append(text) or (0, 0, 0, 0))
    table.view._draw_newest_play(app.canvas, app.palette, table.view.obs)
    assert said == ["played by Watson"]  # couch play-test: "Watson's new card" read as the card he drew
    play = next(a for a in table.legal_for_viewer() if isinstance(a, R.Play))
    table.act(play, confirmed=True)
    pump(app, until=lambda: not table.view.busy, timeout=30)
    said.clear()
    table.view._draw_newest_play(app.canvas, app.palette, table.view.obs)
    assert said == []  # the viewer has moved since


def test_the_bid_panel_keeps_the_keyboards_focus_after_a_key(app):
    """Keyboard play-test: Tab to a bid amount, Enter, and the focus ring was gone; the next Tab
    started again at "-", and a second Enter lowered the bid instead of pressing Bid."""
    import pygame

    from sleuth.ui.driver import send

    table = solo_table(app)
    drag(app, hand_sprites(table)[0].pos, centre(table.view.stack_rect(1)))
    pump(app, until=ready(table), timeout=10)
    widgets = table.view.widgets
    plus = button(table, "+")
    for _ in range(20):
        send(app, pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="")
        if widgets._live()[widgets.focus] is plus:
            break
    start = table.view.bid_value
    send(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    send(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    assert table.view.bid_value == start + 2  # "+" twice: the focus stayed on it
    live = widgets._live()
    assert live[widgets.focus].label == "+" and widgets.keyboard


def test_the_hint_sets_the_bid_it_recommends_on_the_button_it_rings(app):
    """Big-table play-test: the hint said "Open with 13" and rang "Bid 10", which made another bid.
    The hinted amount is set, so the ringed button reads and bids it."""
    table = solo_table(app, bot="expert")
    drag(app, hand_sprites(table)[0].pos, centre(table.view.stack_rect(1)))
    pump(app, until=ready(table), timeout=10)
    assert table.state.phase == R.BID
    table.coach.ask()
    pump(app, until=lambda: table.coach.showing, timeout=30)
    action = table.coach.action
    assert isinstance(action, R.Bid)
    assert table.view.bid_value == action.amount
    assert button(table, "Bid ").label == f"Bid {action.amount}"


def test_the_bidding_panel_under_a_handoff_keeps_no_hidden_hands_line(app):
    """Couch play-test: "Hands are hidden until the next player is at the screen." stood in the Round
    bidding panel beside "no bid yet" / "current bid", its first line ending at the handoff card's
    edge. The handoff card says it already ("Only the public table is shown until Ann is at the
    screen."), so the panel leaves it out, and what it does draw overlaps nothing."""
    from sleuth.ui.layoutcheck import _check_scene, _texts_of

    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    checked = 0
    while checked < 3:  # the first handoff, and the next ones, with a bid on the panel
        pump(app, until=lambda: isinstance(app.stack.top, HandoffScene) or
             (bool(table.legal_for_viewer()) and not table.view.busy), timeout=30)
        if not isinstance(app.stack.top, HandoffScene):
            legal = table.legal_for_viewer()
            table.act(next(a for a in legal if not isinstance(a, R.Dispute)), confirmed=True)
            continue
        texts, _ = _texts_of(table, app.canvas)
        inside = [(t, box, size) for t, box, size in texts
                  if PANEL[0] <= box[0] < PANEL[0] + PANEL[2] and PANEL[1] <= box[1] < PANEL[1] + PANEL[3]]
        assert any(t in ("no bid yet", "current bid") for t, _, _ in inside)
        assert not [t for t, _, _ in inside if "hidden" in t or "at the screen" in t]
        assert not _check_scene(inside, [])
        app.stack.top.confirm()
        checked += 1


def test_a_player_named_you_wins_in_words_and_the_story_ends_on_what_decided_it(app):
    """Play-test: the results read "You wins", the story "Disputes won: 5 by You, 4 by Watson" and
    it ended on "You draw a 1." (the last log line with "draw"; "You win:" never matched "wins:"),
    which said nothing of why the game was won."""
    from sleuth.ui.scenes.results import ResultsScene

    seats = [SeatInfo("You", "expert"), SeatInfo("Watson", "basic")]
    table = start_game(app, SPEC, seats, {}, 5)
    pump(app, until=lambda: table.results_shown, timeout=120)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert table.state.outcome().winners == (0,)  # the expert as "You" wins this seed
    story = table.view.story()
    assert results.headline() == "You win"
    joined = " ".join(story)
    assert "by You" not in joined and "You wins" not in joined and "You takes" not in joined
    assert " in a row" in story[-1] and ("win" in story[-1] or "draw" in story[-1])
    assert not story[-1].startswith("You draw")


def test_the_story_ends_on_the_run_that_won_or_on_how_the_evidence_ran_out():
    """The story's last line says what decided the game, with "you" for a seat named You."""
    from sleuth.games.bakerstreet.table.words import end_text

    alphabet = tuple("ABCDEFGHIJKLMNOPQRST")
    won = end_text((0,), ["You", "Watson"], [tuple("FGHIJKLM"), tuple("KLMNOP")], alphabet, 7)
    assert won == "You win with 8 letters in a row, F to M (7 in a row ends the game)."
    by_run = end_text((1,), ["You", "Watson"], [tuple("ABCE"), tuple("KLMNOPA")], alphabet, 7)
    assert by_run.endswith("so the longest run decided: Watson wins with 6 in a row to 3.")
    by_count = end_text((0,), ["You", "Watson"], [tuple("ABCEG"), tuple("KLMA")], alphabet, 7)
    assert by_count.endswith("so the most letters decided: you win with 5 to 4.")


def test_the_top_seats_run_label_keeps_clear_of_the_panel_below(app):
    """Art-director play-test: at the top seat (a finished game's or a replay's letters face up)
    "run of 7" touched the border of the panel under it."""
    from sleuth.games.bakerstreet.table.layout import PANEL, letters_y, plate_y
    from sleuth.games.bakerstreet.table.paint import draw_own_letters

    alphabet = [chr(ord("A") + i) for i in range(20)]
    drawn = {}
    original = app.canvas.text

    def spy(text, pos, size, colour, anchor="topleft", bold=False, serif=False):
        rect = original(text, pos, size, colour, anchor, bold, serif)
        drawn[text] = rect
        return rect

    app.canvas.text = spy
    try:
        draw_own_letters(app.canvas, app.palette, letters_y(False), list("CDEFGHI"), alphabet, 7,
                         (470, plate_y(False)), "Watson's")
    finally:
        app.canvas.text = original
    x, y, w, h = drawn["run of 7"]
    assert y + h <= PANEL[1] - 2, (y + h, PANEL[1])


def test_a_disputes_hands_stay_face_up_three_seconds(app):
    """Newcomer play-test: when Watson disputed, the panel with both hands and the total flashed by
    in 2-3 s. The hands stay face up 3 s (at the normal speed) before going to the used piles."""
    from sleuth.games.bakerstreet.table.model import Replay

    timeline = Replay()
    log = [R.Dealt((8, 8, 8, 8, 8)),
           R.Disputed(1, 0, 18, (((4, "none"), (5, "stop"), (2, "none")), ((1, "none"), (3, "none"))), 15, 1)]
    timeline.run(log, 1, (0, 0))
    moves = [key for keys in timeline.keys.values() for key in keys]
    face_up_at = min(t for t, _dur, _pos, up in moves if up)
    gone_at = max(t for t, _dur, _pos, _up in moves)
    assert len(timeline.keys) == 5 and gone_at - face_up_at >= 3.0


def _play_onto(state, order) -> None:
    """Each seat in turn plays a card beside the next stack of ``order`` and bids one more."""
    for k, stack in enumerate(order):
        seat = k % 2
        play = next(a for a in state.legal_actions(seat) if isinstance(a, R.Play) and a.stack == stack)
        state.apply(seat, play)
        state.apply(seat, R.Bid(k + 1))


def _texts_drawn(app) -> list[tuple[str, tuple]]:
    """Every line of text one frame draws, with its box."""
    app.canvas.recorder = []
    try:
        app.draw()
        return [(text, box) for text, box, size in app.canvas.recorder if size != -1 and text]
    finally:
        app.canvas.recorder = None

def test_a_seat_named_you_watched_from_outside_opens_and_takes_in_the_right_form(app):
    """Re-check play-test: a replay said "You opens this round" and "You look through stack 1 and
    takes a letter": in the public view (a replay, a handoff) the seat named You is not the
    viewer, and its sentences had taken the third person."""
    from tests.ui.test_results_and_statistics import TextSpy

    for seed in range(12):
        table = start_game(app, SPEC, [SeatInfo("You", "human"), SeatInfo("Watson", "basic")], {}, seed)
        pump(app, 0.3)
        if table.view.obs.first == 0:
            break
    assert table.view.obs.first == 0
    table.set_viewer(None)
    app.keep_painted_layers = False
    spy = TextSpy(app.canvas)
    app.draw()
    drawn = " ".join(text for text, _pos, _size in spy.drawn)
    assert "You opens" not in drawn
    assert "You open " in drawn


@pytest.mark.parametrize("colourblind", [False, True])
def test_who_won_a_dispute_or_a_count_reads_on_the_panel(colourblind):
    """Keyboard and colour play-test: "Watson wins the dispute (as the disputer)" and "Watson wins
    2 to 1" were red on the dark panel at 2.3:1, nearly gone in greyscale."""
    from sleuth.games.bakerstreet.table.panels import outcome_tone
    from sleuth.ui.cardart import contrast
    from sleuth.ui.theme import palette, panel_ground

    pal = palette(colourblind)
    for winner, viewer in ((0, 0), (1, 0), (0, None)):
        assert contrast(outcome_tone(pal, winner, viewer), panel_ground(pal)) >= 4.5


@pytest.mark.parametrize("memory", [False, True])
def test_the_label_over_the_opponents_newest_card_covers_no_other_words(app, memory):
    """Veteran play-test (shots s46, s53): "played by Watson" over Watson's card beside stack 3 lay
    on stack 2's "2 cards" badge. For the newest card beside every stack, with two or more cards
    beside each stack (a badge under every pile) and the memory aid's fan on and off, the label
    overlaps no other line of text drawn in that frame."""
    from sleuth.ui.layoutcheck import _overlap
    from tests.games.bakerstreet.helpers import new

    table = solo_table(app)
    view = table.view
    app.update_settings(show_covered_cards=memory)
    app.keep_painted_layers = False
    for newest in range(5):
        state = new(4)
        order = [s for s in range(5) if s != newest] * 2 + [newest, newest]  # Watson plays last, on ``newest``
        _play_onto(state, order)
        obs = state.observe(0)
        assert obs.turn == 0 and all(n >= 2 for n in obs.pile_sizes)
        view.sync(obs, [], False)
        drawn = _texts_drawn(app)
        [label] = [box for text, box in drawn if text == "played by Watson"]
        assert any(text == f"{obs.pile_sizes[(newest + 1) % 5]} cards" for text, _ in drawn)  # the badges show
        covered = [text for text, box in drawn if text != "played by Watson" and _overlap(label, box)]
        assert not covered, (newest, covered)


def test_a_count_tied_at_0_says_who_takes_it_and_a_0_card_is_not_nothing(app):
    """Veteran play-test: the count beside the letter picker read "You: 0" and "Watson: nothing"
    for a tie at 0, as if the sides differed, and did not say plainly that it was a tie at 0. The
    side with no card reads "nothing (0)"; the tie is said. Competitive play-test (b51): "you have
    nothing (0)" when the player had a 0 card there: a 0 card reads 0, "nothing" is no card."""
    table = win_a_dispute(app)
    empty = next(i for i, n in enumerate(table.view.obs.pile_sizes) if n == 0)
    click(app, centre(table.view.stack_rect(empty)))
    pump(app, until=ready(table), timeout=10)
    assert table.state.phase == R.TAKE and table.state.eval_winner == 0
    view = table.view
    counted = R.Evaluated(empty, ((0, 0, "none"),), (0, 0), 0, False)  # Ann's 0 against no card of Watson's
    shown = next(s for s in view.replay.shows if s.event is view.replay.evals[-1])
    view.replay.evals[-1] = shown.event = counted
    app.keep_painted_layers = False
    app.canvas.recorder = []
    try:
        app.draw()
        drawn = [text for text, _, size in app.canvas.recorder if size != -1]
    finally:
        app.canvas.recorder = None
    assert "Ann: 0" in drawn and "Watson: nothing (0)" in drawn
    assert "A tie at 0: Ann takes it as the dispute's winner." in " ".join(drawn)  # (a paragraph: wrapped)
    line = describe_event(counted, ("Ann", "Watson").__getitem__, 5, lambda e: None)
    assert line == ("Stack 1 is counted: Ann has 0, Watson has nothing (0). A tie at 0: Ann takes it as "
                    "the dispute's winner.").replace("Stack 1", f"Stack {empty + 1}")
    you = describe_event(R.Evaluated(4, ((0, 0, "none"), (0, 0, "double")), (0, 0), 1, False),
                         ("You", "Watson").__getitem__, 5, lambda e: None)
    assert you.startswith("Stack 5 is counted: you have 0+0 = 0, Watson has nothing (0).")


def test_a_stop_is_said_to_cut_a_count_short_only_when_cards_lie_below_it(app):
    """Veteran play-test: the story said "Stops cut 3 counts short" when only one Stop (round 7) had
    left cards beneath it, and in round 4 the panel said "A Stop ended the count; cards below it
    stay" with nothing below the Stop."""
    from types import SimpleNamespace

    from sleuth.games.bakerstreet.table.model import Model
    from sleuth.games.bakerstreet.table.panels import SidePanel

    bottom = R.Evaluated(1, ((0, 2, "none"), (1, 3, "stop")), (2, 3), 1, False)  # the Stop lay at the bottom
    on_top = R.Evaluated(2, ((1, 4, "stop"),), (0, 4), 1, False)  # a Stop alone beside the stack
    cut = R.Evaluated(0, ((0, 3, "stop"),), (3, 0), 0, False, 2)  # two cards stay below this Stop
    table = solo_table(app)
    view, replay = table.view, table.view.replay
    name = ("Ann", "Watson").__getitem__
    for e in (bottom, on_top):
        line = describe_event(e, name, 5, lambda e: None)
        panel = SidePanel(view.obs, view.layout, view.faces, 0, name, False, 0.0, None, e, None)
        assert "Stop" not in line and "Stop" not in " ".join(panel._outcome(e, 5)), line
    assert describe_event(cut, name, 5, lambda e: None).endswith("A Stop ended the count; the 2 cards below it stay.")
    panel = SidePanel(view.obs, view.layout, view.faces, 0, name, False, 0.0, None, cut, None)
    assert panel._outcome(cut, 5)[1] == "A Stop ended the count; the 2 cards below it stay."
    view.replay = SimpleNamespace(model=Model(round=9), disputes=[], evals=[bottom, on_top, cut, on_top], took=[],
                                  took_nothing=[])
    try:
        story = " ".join(view.story())
    finally:
        view.replay = replay
    assert "A Stop cut 1 count short." in story and "Stops cut" not in story


def test_a_notice_moves_off_a_button_that_comes_up_under_it(app):
    """Newcomer play-test: the lesson's closing notice, placed while the table had no buttons yet,
    lay on the Dispute button that came up a moment later."""
    from sleuth.ui.spatial import overlaps

    table = solo_table(app)
    view = table.view
    drag(app, hand_sprites(table)[0].pos, centre(view.stack_rect(1)))
    pump(app, until=ready(table), timeout=10)  # the bidding: the panel's bid buttons are up
    size = (560, 90)
    widgets = list(view.widgets.items)
    view.widgets.items.clear()  # as while the lesson's note was read: no buttons yet
    table.toast_spot(size)
    view.widgets.items.extend(widgets)
    x, y = table.toast_spot(size)
    for widget in widgets:
        if widget.visible:
            assert not overlaps((x, y, *size), tuple(widget.rect)), widget.label


def test_the_panel_says_your_turn_only_once_the_top_bar_does(app, monkeypatch):
    """Newcomer play-test (b03, b18): the top bar said "Watson's move" while the side panel already
    said "Your turn: drag a card next to a stack..." (the panel read the game, the bar waited for
    Watson's move to play out, and no card could be dragged yet). While Watson's move plays out,
    the panel now says Watson is playing, as the bar does; both say "Your turn" once it has."""

    app.settings = app.settings.updated(animation_speed="normal", bot_pace="fast")
    table = solo_table(app)
    app.keep_painted_layers = False  # every frame paints the panel
    drawn = record_texts(monkeypatch, "paragraph")
    sprite = hand_sprites(table)[0]
    drag(app, sprite.pos, centre(table.view.stack_rect(0)))
    pump(app, until=ready(table), timeout=10)
    press(app, button(table, "Bid "))
    frames = []
    for _ in range(2000):
        drawn.clear()
        pump(app)
        panel_turn = any(text.startswith("Your turn") for text in drawn)
        frames.append((table.banner_text(), panel_turn, any(text == "Watson is playing." for text in drawn)))
        if table.view.obs.turn == 0 and table.banner_text().startswith("Your turn") and not table.view.busy:
            break
    lagging = [f for f in frames if f[0] == "Watson's move"]
    assert lagging, "Watson's move never played out under the bar"
    assert not [f for f in lagging if f[1]], "the panel said 'Your turn' under 'Watson's move'"
    assert all(f[2] for f in lagging)
    assert frames[-1][0].startswith("Your turn") and frames[-1][1]


@pytest.mark.parametrize("memory", [False, True])
def test_the_played_by_label_stands_clear_of_the_stacks_words_and_cards(app, memory):
    """Newcomer play-test (b04): in round 1 Watson covered the player's card beside stack 1 and
    "played by Watson" sat under it on one line with the evidence's "8 cards", 4 px away ("8 cards
    played by Watson"), just above the "2 cards" badge. With one stack played on twice (the others
    empty), and with every stack played on twice, the label now keeps a clear space round every
    word on the board, covers no card and is never pushed onto its own card."""
    from sleuth.games.bakerstreet.table.layout import CARD, EV
    from sleuth.games.bakerstreet.table.paint import LABEL_GAP
    from sleuth.ui.spatial import overlaps
    from tests.games.bakerstreet.helpers import new

    table = solo_table(app)
    view = table.view
    app.update_settings(show_covered_cards=memory)
    app.keep_painted_layers = False
    gx, gy = LABEL_GAP
    for newest in range(5):
        for others in (False, True):
            state = new(4)
            order = ([s for s in range(5) if s != newest] * 2 if others else []) + [newest, newest]
            _play_onto(state, order)
            obs = state.observe(0)
            view.sync(obs, [], False)
            drawn = _texts_drawn(app)
            [label] = [box for text, box in drawn if text == "played by Watson"]
            x, y, w, h = label
            clear = (x - gx + 1, y - gy + 1, w + 2 * gx - 2, h + 2 * gy - 2)
            crowded = [text for text, box in drawn if text != "played by Watson" and overlaps(clear, box)]
            assert not crowded, (newest, others, crowded)
            px, py = view.pile_pos(newest)
            assert not overlaps(label, (px - CARD[0] / 2, py - CARD[1] / 2, CARD[0], CARD[1])), (newest, others)
            for i in range(5):
                ex, ey = view.evidence_pos(i)
                assert not overlaps(label, (ex - EV[0] / 2, ey - EV[1] / 2, EV[0], EV[1])), (newest, others, i)
            assert y > view.hand_pos(1, 0, 3)[1] + CARD[1] / 2, (newest, others)  # below Watson's hand


def test_the_opponents_letter_count_says_the_rules_keep_the_letters_secret(app):
    """Newcomer play-test (b59): "Watson's evidence: 7 letters (face down)" left the player unsure
    whether the table was hiding how close Watson was to winning. The rules have every letter won
    placed face down, turned over only at the end: the line now says the rules keep them face
    down, and its tooltip says until when."""
    from tests.games.bakerstreet.helpers import arrange, new

    table = solo_table(app)
    view = table.view
    app.keep_painted_layers = False
    for held, said in (("JKLMNOQ", "Watson's evidence: 7 letters, kept face down by the rules"),
                       ("J", "Watson's evidence: 1 letter, kept face down by the rules")):
        state = arrange(new(4), held={1: held}, turn=0)
        view.sync(state.observe(0), [], False)
        app.canvas.recorder = []
        try:
            app.draw()
            drawn = [text for text, box, size in app.canvas.recorder if size != -1 and text]
        finally:
            app.canvas.recorder = None
        assert said in drawn, [t for t in drawn if "evidence" in t]
    tip = view.tooltip((700, TOP_Y))
    assert tip == ("Watson's evidence: 1 letter, face down: by the rules you do not see which until the game is "
                   "over. 7 in a row wins.")


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=["1280x720", "960x540"])
def test_the_notice_after_a_second_card_lies_in_the_panel_or_beside_it(tmp_path, size):
    """Play-test: Enter on a second card after this turn's card was played said "You have played
    this turn's card" in a notice that stood across the side panel's left edge, neither in the
    panel nor clear of it. It lies wholly in the panel or wholly beside it, in the window, and
    covers no button and no card."""
    from sleuth.ui.driver import headless_app, key
    from sleuth.ui.spatial import overlaps
    from sleuth.ui.theme import LOGICAL_H, LOGICAL_W

    app = headless_app(str(tmp_path / "home"), size=size, animation_speed="instant", bot_pace="instant")
    try:
        app.stack.push(TitleScene(app))
        table = solo_table(app)
        view = table.view
        drag(app, hand_sprites(table)[0].pos, centre(view.stack_rect(0)))
        pump(app, until=ready(table), timeout=10)
        key(app, pygame.K_RIGHT)  # the ring on a card of the hand
        key(app, pygame.K_RETURN)  # a second card this turn
        assert app.toasts and app.toasts[-1][0].startswith("You have played this turn's card")
        app.draw()
        lines, notice = app._place_toast()
        x, y, w, h = notice
        assert 0 <= x and 0 <= y and x + w <= LOGICAL_W and y + h <= LOGICAL_H
        gap = 4  # a notice's border on the panel's border reads as lying across it
        px, py, pw, ph = PANEL
        inside = px + gap <= x and py + gap <= y and x + w <= px + pw - gap and y + h <= py + ph - gap
        assert inside or not overlaps(notice, (px - gap, py - gap, pw + 2 * gap, ph + 2 * gap)), (notice, PANEL)
        for widget in view.widgets.items:
            if widget.visible:
                assert not overlaps(notice, tuple(widget.rect)), widget.label
        for sprite_key, sprite in view.board.by_key.items():
            if not sprite.hidden:
                assert not overlaps(notice, sprite.rect_logical), sprite_key
    finally:
        app.shutdown()


def test_the_story_counts_letters_taken_not_evaluations_won_and_says_when_one_took_nothing():
    """Marathon play-test: the results said "Watson takes 17 letters, face down" while Watson's row
    on the same screen held 15: the two evaluations Watson won whose stacks held no letter new to
    Watson ("Watson takes nothing" in the casebook) had been counted as letters."""
    from sleuth.games.bakerstreet.table.model import Replay
    from sleuth.games.bakerstreet.table.words import story_lines
    from tests.games.bakerstreet.helpers import arrange, new

    # Watson won the dispute; stack 1 holds only letters Watson has, and Watson's Arrow there sends
    # the count on to stack 2 (no detective cards: the tie goes to Watson), which has new letters
    state = arrange(new(5), hands={0: [], 1: []}, piles={0: [(1, 2, "arrow")]}, evidence={0: "AB"},
                    held={1: "AB"}, phase=R.CHOOSE, dispute_winner=1)
    state.apply(1, R.Choose(0))
    assert [e.taken for e in state.log if isinstance(e, R.Took)] == [False]
    assert state.phase == R.TAKE and state.eval_winner == 1
    state.apply(1, R.Take(next(letter for letter in state.observe(1).looking if letter not in "AB")))
    replay = Replay(viewer=0)
    replay.run(state.observe(0).log, 0, (0, 0))
    assert len(replay.evals) == 2 and len(replay.took) == 1 and replay.took_nothing == [(1, 1)]
    story = story_lines(["You", "Watson"], 1, [], replay.evals, replay.took, None,
                        took_nothing=replay.took_nothing)
    assert "Evaluations won: 0 by you, 2 by Watson. Arrows sent the count on once." in story
    assert ("Watson takes 1 letter, face down, and nothing once: that stack held no letter new to them."
            in story), story
    assert story_lines(["Ann", "You"], 1, [], [], [(1, 1, "C"), (2, 1, "D")], None,
                       took_nothing=[(3, 1), (4, 1)]) == [
        "You take C and D, in that order, and nothing twice: those stacks held no letter new to you."]
    assert story_lines(["You", "Watson"], 1, [], [], [], None, took_nothing=[(1, 0)]) == [
        "You take nothing: the stack you won held no letter new to you."]
    # competitive play-test (b70): "You take E, in that order." for one letter
    assert story_lines(["You", "Watson"], 1, [], [], [(1, 0, "E")], None) == ["You take E."]


def test_the_banner_tells_an_evaluation_that_took_nothing_after_the_stack_chosen(app):
    """Marathon play-test: when an evaluation took nothing, the banner said only "Watson chooses
    stack 4 to evaluate." and never that Watson took nothing; a letter taken is told there."""
    from tests.games.bakerstreet.helpers import arrange, new

    table = solo_table(app)
    table.session.state = arrange(new(5), hands={0: [], 1: []}, evidence={0: "AB"}, held={0: "AB"},
                                  phase=R.CHOOSE, dispute_winner=0)
    table.rebuild_view(animate=False)
    told = []
    spy = table._tick_flash

    def tick():
        spy()
        if table._flash and (not told or told[-1] != table._flash[0]):
            told.append(table._flash[0])

    table._tick_flash = tick
    table.act(R.Choose(0))
    pump(app, until=lambda: len(told) >= 2, timeout=20)
    # the after-effect beside the move's line, where the banner ends (the feel play-test's rule)
    assert told[:2] == ["Ann chooses stack 1 to evaluate.",
                        "Ann chooses stack 1 to evaluate. Ann takes nothing from stack 1: no letter there is new "
                        "to them."], told
    assert describe_event(R.Took(0, 3, False, None), ("You", "Watson").__getitem__, 5, lambda e: None) == (
        "You take nothing from stack 4: no letter there is new to you.")


@pytest.mark.parametrize("hands, total, bid, disputer, winner, said", [
    (((4, 4, 5), (4, 1, 1)), 19, 16, 1, 0, ("you win the dispute", "the total 19 is at least 16")),
    (((5, 4, 5), (4, 1, 1)), 20, 20, 1, 0, ("you win the dispute", "the total 20 is at least 20")),
    (((1, 2, 0), (4, 1, 1)), 9, 16, 0, 1, ("Watson wins the dispute", "the total 9 is less than 16")),
])
def test_the_banner_says_who_won_a_dispute_and_the_total_against_the_bid(app, hands, total, bid, disputer, winner,
                                                                          said):
    """Competitive play-test (shots c18, c25, c48): when Watson disputed and lost, the banner ended
    at "...and Watson's 5 + 3 + 1." with no total and no winner: it shows only the first clauses
    that fit two lines, and the hands came first. The outcome comes first now, the hands after."""
    table = win_a_dispute(app, name="You")
    pump(app, 6.0)  # the dispute's own line has gone
    table._why_tab_move = lambda: 0  # the "Why? (W)" tab of a bot's move narrows the banner, as in c18
    event = R.Disputed(disputer, 1 - disputer, bid, tuple(tuple((v, "none") for v in h) for h in hands), total,
                       winner)
    line = describe_event(event, ("You", "Watson").__getitem__, 5, lambda e: None)
    assert all(words in line for words in said) and "4 + 1 + 1" in line  # the Casebook keeps the hands
    table._flash = (line, table.clock + 60)
    app.keep_painted_layers = False
    app.canvas.recorder = []
    try:
        app.draw()
        banner = " ".join(text for text, box, size in app.canvas.recorder if size != -1 and text and box[1] < 44)
    finally:
        app.canvas.recorder = None
    assert "Your turn" in banner and all(words in banner for words in said), banner


def test_the_panels_estimate_of_the_opponents_hand_says_what_it_rests_on(app):
    """Competitive play-test (b09): the side panel said "Watson's 3 hidden cards: 0 to 15, about
    7.5" all game, the plain average of any three cards, while the hint said "about 9 judging by
    the bids"; a player read a contradiction. The panel reads Watson's cards not yet seen (public:
    played, counted, shown) and says so, and that it leaves the bids to the hint; before any bid
    its figure is the hint's own."""
    from sleuth.games.bakerstreet.bots import BasicBot
    from sleuth.games.bakerstreet.table.reasons import about
    from tests.games.bakerstreet.helpers import new

    table = solo_table(app)
    view = table.view
    app.keep_painted_layers = False
    state = new(4)
    for k in range(8):  # Watson plays its highest card each turn: the cards it has left are lower
        seat = k % 2
        plays = [a for a in state.legal_actions(seat) if isinstance(a, R.Play)]
        state.apply(seat, max(plays, key=lambda a: a.value) if seat else plays[0])
        state.apply(seat, R.Bid(k + 1))
    obs = state.observe(0)
    assert obs.turn == 0 and obs.phase == R.TURN
    view.sync(obs, [], False)
    panel = " ".join(text for text, _ in _texts_drawn(app))
    seen = [e.value for e in obs.log if isinstance(e, R.Played) and e.seat == 1]
    assert sum(seen) >= 14  # (so the figure differs from any three cards' 7.5)
    left = [v for v, _ in obs.deck]
    for value in seen:
        left.remove(value)
    expected = 3 * sum(left) / len(left)
    assert f"Watson's 3 hidden cards: 0 to {sum(sorted(left)[-3:])}, {about(expected)} judging by the cards seen " \
           "so far, not by the bids." in panel, panel
    bot = BasicBot()  # reads no bids: the hint's estimate before any bid
    bot.decide(obs, state.legal_actions(0), __import__("random").Random(1))
    belief = bot.opp_sum_belief(obs)
    assert about(sum(s * p for s, p in enumerate(belief))) == about(expected)


def test_the_card_backs_labels_are_as_large_as_the_names_beside_them(app):
    """Colour-blind keyboard play-tester: "dotted card backs" and "striped card backs", the words
    that tell the two players apart without colour, measured under 14 px (caps about 9 px: they
    were drawn at the 14 px floor). They are drawn at the name's 16 px, caps 11 px."""
    solo_table(app)
    app.keep_painted_layers = False
    app.canvas.recorder = []
    try:
        app.draw()
        drawn = {text: (box, size) for text, box, size in app.canvas.recorder if size != -1 and text}
    finally:
        app.canvas.recorder = None
    for label in ("dotted card backs", "striped card backs"):
        box, size = drawn[label]
        assert size >= 16 and box[3] >= 20, (label, box, size)


def test_the_card_backs_label_on_the_plate_of_the_player_to_move_reads_at_4_5_to_1(app):
    """Verifier: "striped card backs" on the brass plate of the player to move was pale brown on
    brass, about 3:1. It is near white there now (4.5:1 or more by the WCAG measure)."""
    table = solo_table(app)
    app.keep_painted_layers = False
    canvas, pal = app.canvas, app.palette
    colours = {}
    original = canvas.text

    def spy(text, pos, size, colour, *args, **kw):
        colours.setdefault(text, colour)
        return original(text, pos, size, colour, *args, **kw)

    canvas.text = spy
    try:
        app.draw()
    finally:
        canvas.text = original

    def luminance(colour):
        parts = [c / 255 for c in colour[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    mine = {"stripes": "striped card backs", "dots": "dotted card backs"}[table.view.faces.back_style(table.viewer)]
    bright, dark = sorted((luminance(colours[mine]), luminance(pal.brass_dark)), reverse=True)
    assert (bright + 0.05) / (dark + 0.05) >= 4.5
