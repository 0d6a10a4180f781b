"""The Bakerstreet table: every action kind by synthetic mouse events, a scripted game against a
bot, hot-seat frames that never show the opponent's hand, and the memory aid."""

import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.table import BakerstreetTable
from sleuth.games.bakerstreet.table.layout import BOTTOM_Y, CARD, HAND_STEP, HAND_X, PANEL, TOP_Y
from sleuth.games.bakerstreet.table.panels import LetterTile
from sleuth.ui.driver import click, drag, pump
from sleuth.ui.scenes.handoff import HandoffScene
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.title import TitleScene
from sleuth.ui.widgets import Button
from tests.frame_spy import FrameSpy

SPEC = get("bakerstreet")


def ready(table):
    return lambda: table.state.is_over() or (bool(table.legal_for_viewer()) and not table.view.busy)


def solo_table(app, seed=3, bot="basic"):
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", bot)]
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


def win_a_dispute(app):
    """A table where Ann has just won a dispute (the random bot bids wildly)."""
    for seed in range(1, 40):
        table = solo_table(app, seed=seed, bot="random")
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
