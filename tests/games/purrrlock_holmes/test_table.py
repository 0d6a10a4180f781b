"""The Purrrlock Holmes table: every action kind by synthetic mouse events, the notes grid agrees
with the expert's knowledge, a scripted game against bots, and hot-seat frames that never show a
player their own Investigation."""

import pygame
import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.bots import expert_candidates
from sleuth.games.purrrlock_holmes.table import PurrrlockTable
from sleuth.games.purrrlock_holmes.table.layout import GRID, OWN_STAND
from sleuth.games.purrrlock_holmes.table.notes import POSSIBLE, deduce
from sleuth.ui.driver import click, drag, pump
from sleuth.ui.scenes.dialogs import ConfirmScene
from sleuth.ui.scenes.handoff import HandoffScene
from sleuth.ui.scenes.table import start_game
from tests.frame_spy import FrameSpy

SPEC = get("purrrlock-holmes")


def my_turn(table):
    return (table.state.turn == table.viewer and bool(table.legal_for_viewer()) and not table.view.busy) \
        or table.state.is_over()


def solo_table(app, seed=3, players=3, bot="basic"):
    seats = [SeatInfo("Ann", "human")] + [SeatInfo(f"Bot{i}", bot) for i in range(1, players)]
    table = start_game(app, SPEC, seats, {}, seed)
    assert isinstance(table.view, PurrrlockTable)
    pump(app, until=lambda: my_turn(table), timeout=30)
    return table


def the_second_card_waits(table):
    """Keep the pause between the two answers of an Investigate, as at a shared screen: alone
    against bots the second card reveals itself once the bots have declined to call Paws."""
    table.view.second_card_turns_itself = lambda: False
    return table


def actions(table):
    return [a for _, a in table.session.replay.actions]


def hand_sprite(table, card):
    return table.view.board.sprite(("card", card))


def button(table, prefix):
    return next(w for w in table.view.widgets.items if getattr(w, "label", "").startswith(prefix))


def press(app, widget):
    x, y, w, h = widget.rect
    click(app, (x + w / 2, y + h / 2))


def test_drag_two_cards_onto_the_stand_then_click_to_reveal_the_second(app):
    table = the_second_card_waits(solo_table(app))
    hand = list(table.view.obs.hand)
    a, b = hand[0], hand[2]
    drag(app, hand_sprite(table, a).pos, OWN_STAND)
    assert table.view.chosen == [a]
    assert len(table.session.replay.actions) == 0
    drag(app, hand_sprite(table, b).pos, OWN_STAND)
    assert actions(table)[-1] == str(R.Investigate(a, (b,)))
    assert table.view.queued_card() == b
    click(app, OWN_STAND)
    assert actions(table)[-1] == str(R.Investigate(b, ()))
    assert table.state.inv_state == R.DONE


def test_click_cards_to_investigate_and_click_a_chosen_card_to_take_it_back(app):
    table = solo_table(app)
    hand = list(table.view.obs.hand)
    click(app, hand_sprite(table, hand[1]).pos)
    assert table.view.chosen == [hand[1]]
    click(app, hand_sprite(table, hand[1]).pos)
    assert table.view.chosen == []
    click(app, hand_sprite(table, hand[3]).pos)
    click(app, hand_sprite(table, hand[0]).pos)
    assert actions(table)[-1] == str(R.Investigate(hand[3], (hand[0],)))
    press(app, button(table, "Reveal"))
    assert actions(table)[-1] == str(R.Investigate(hand[0], ()))


def investigate_both(table):
    first = next(a for a in table.legal_for_viewer() if isinstance(a, R.Investigate))
    table.act(first)
    table.act(next(a for a in table.legal_for_viewer() if isinstance(a, R.Investigate)))


def grid_cell_centre(table, suspect, hour):
    x, y, w, h = table.view.cell_rect(suspect, hour)
    return (x + w / 2, y + h / 2)


def test_pick_a_cell_in_the_notes_and_guess_both_details(app):
    table = solo_table(app)
    investigate_both(table)
    truth = table.state.investigation[0]
    cards = table.view.cards
    suspect, hour = cards.card_suspect[truth], cards.card_hour[truth]
    click(app, grid_cell_centre(table, suspect, hour))
    assert table.view.pick == (suspect, hour)
    keys = table.view.would_take()
    assert len(keys) == 2
    press(app, button(table, "Guess"))
    assert actions(table)[2] == str(R.Guess(suspect, hour, False))
    assert len(table.state.solved[0]) == 1


def test_a_suspect_only_guess_picks_the_row_and_a_wrong_guess_says_only_wrong(app):
    table = solo_table(app)
    investigate_both(table)
    cards = table.view.cards
    truth = table.state.investigation[0]
    wrong = (cards.card_suspect[truth] + 1) % len(cards.suspects)
    x, y, w, h = table.view.cell_rect(wrong, 1)
    click(app, (GRID[0] + 30, y + h / 2))  # the row label
    assert table.view.pick == (wrong, None)
    assert len(table.view.would_take()) == 1
    table.act(R.Guess(wrong, None), confirmed=True)
    line = next(line for line in reversed(table.log_lines) if "guesses" in line)
    assert line.endswith("wrong.")
    assert cards.suspects[cards.card_suspect[truth]] not in line.replace(cards.suspects[wrong], "")


def test_paws_during_another_players_turn(app):
    table = solo_table(app)
    table.session.close()  # the bots stop deciding: the game waits on Bot1's turn
    investigate_both(table)
    table.act(R.EndTurn())
    assert table.state.turn == 1
    table.view.finish_animations()
    legal = table.legal_for_viewer()
    assert any(isinstance(a, R.Guess) and a.paws for a in legal)
    notes = table.view.notes
    card = next(c for c in range(60) if notes.status[c] == POSSIBLE)
    cards = table.view.cards
    click(app, grid_cell_centre(table, cards.card_suspect[card], cards.card_hour[card]))
    paws = button(table, "Paws")
    assert "-1 VP" in paws.label
    table.app.settings = table.app.settings.updated(confirm_losing_moves=False)
    press(app, paws)
    assert actions(table)[-1] == str(R.Guess(cards.card_suspect[card], cards.card_hour[card], True))
    assert table.state.paws_used[0]


def test_drag_the_remaining_cards_onto_the_next_player_ends_the_turn(app):
    table = solo_table(app)
    investigate_both(table)
    table.view.finish_animations()
    card = table.view.obs.hand[0]
    x, y, w, h = table.view.panel_rect(1)
    drag(app, hand_sprite(table, card).pos, (x + w / 2, y + h / 2))
    assert actions(table)[-1] == str(R.EndTurn())


def test_click_a_card_then_the_next_players_area_passes(app):
    table = solo_table(app)
    investigate_both(table)
    table.view.finish_animations()
    click(app, hand_sprite(table, table.view.obs.hand[0]).pos)
    assert table.view.pass_armed
    x, y, w, h = table.view.panel_rect(1)
    click(app, (x + w / 2, y + h - 60))
    assert actions(table)[-1] == str(R.EndTurn())


def test_an_illegal_drop_slides_back_and_changes_nothing(app):
    table = solo_table(app)
    card = table.view.obs.hand[0]
    sprite = hand_sprite(table, card)
    home = sprite.pos
    x, y, w, h = table.view.panel_rect(1)
    drag(app, home, (x + w / 2, y + h / 2))  # passing before investigating
    drag(app, sprite.pos, (900, 300))  # nowhere
    pump(app, 0.6)
    assert table.session.replay.actions == []
    assert table.view.chosen == []
    assert app.toasts
    assert sprite.pos == pytest.approx(home, abs=1)


def test_a_guess_the_notes_rule_out_asks_first(app):
    table = solo_table(app)
    notes = table.view.notes
    card = next(c for c in range(60) if notes.status[c] != POSSIBLE)
    cards = table.view.cards
    guess = R.Guess(cards.card_suspect[card], cards.card_hour[card])
    assert table.view.risky(0, guess)
    table.act(guess)
    assert isinstance(app.stack.top, ConfirmScene)
    app.stack.top.no()
    assert table.session.replay.actions == []


def test_notes_agree_with_the_experts_knowledge(app):
    table = solo_table(app, seed=11, players=4, bot="expert")
    cards = table.view.cards
    for _ in range(6):
        if table.state.is_over():
            break
        obs = table.state.observe(0)
        notes = deduce(obs, cards, table.seat_names)
        mask = expert_candidates(obs, cards)
        assert [notes.status[c] == POSSIBLE for c in range(60)] == [bool(mask >> c & 1) for c in range(60)]
        assert notes.status[table.state.investigation[0]] == POSSIBLE
        investigate_both(table)
        table.act(R.EndTurn())
        pump(app, until=lambda: my_turn(table), timeout=30)


def test_every_event_kind_has_its_own_words(app):
    table = solo_table(app, seed=5, players=2, bot="expert")
    for _ in range(40):
        if table.state.is_over():
            break
        legal = table.legal_for_viewer()
        guesses = [a for a in legal if isinstance(a, R.Guess) and not a.paws]
        truth = table.state.investigation[0]
        right = [g for g in guesses if g.suspect == table.view.cards.card_suspect[truth] and g.hour is None]
        table.act((right or [a for a in legal if not isinstance(a, R.Guess)])[0], confirmed=True)
        pump(app, until=lambda: my_turn(table), timeout=30)
    kinds = {type(e) for e in table.state.log}
    for e in table.state.log:
        if e.visible_to(0):
            text = table.view.describe(e)
            assert text and "_" not in text, e
    assert {R.TrailLaid, R.Investigated, R.Guessed, R.Solved, R.FurriartyMoved} <= kinds


def test_a_full_game_with_one_scripted_human_and_bots(app):
    table = solo_table(app, seed=8, players=3)
    for _ in range(300):
        pump(app, until=lambda: my_turn(table), timeout=60)
        if table.state.is_over():
            break
        legal = table.legal_for_viewer()
        notes = table.view.notes
        sure = [a for a in legal if isinstance(a, R.Guess) and not a.paws and a.suspect is not None
                and a.hour is not None and notes is not None and notes.count == 1
                and notes.possible(a.suspect, a.hour, table.view.cards)]
        plays = sure or [a for a in legal if isinstance(a, (R.Investigate, R.EndTurn))] or legal
        table.act(plays[0], confirmed=True)
    pump(app, until=lambda: table.results_shown, timeout=30)
    assert table.state.is_over()
    assert table.view.story()
    app.draw()  # the results screen draws the trail and the awards


def test_a_handoff_frame_shows_nothing_private(app):
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    spy = FrameSpy(table, "card")
    pump(app)
    assert isinstance(app.stack.top, HandoffScene)
    shown = spy.frame()
    private = set(table.state.investigation) | {c for h in table.state.hands for c in h}
    assert not shown & private
    assert table.view.notes is None


def test_hot_seat_never_draws_a_players_own_investigation(app):
    app.settings = app.settings.updated(animation_speed="fast")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human"), SeatInfo("Cat", "basic")]
    table = start_game(app, SPEC, seats, {}, seed=13)
    spy = FrameSpy(table, "card")
    for _ in range(45):
        if table.state.is_over():
            break
        if isinstance(app.stack.top, HandoffScene):
            spy.frame()
            app.stack.top.confirm()
        viewer = table.viewer
        for _ in range(3):
            shown = spy.frame()
            if viewer is not None:
                assert table.state.investigation[viewer] not in shown, "a player saw their own Investigation"
            pump(app, 0.05)
        legal = [a for a in table.legal_for_viewer() if not (isinstance(a, R.Guess) and a.paws)]
        if legal and table.session.pending() == viewer:
            table.act(legal[len(table.session.replay.actions) % len(legal)], confirmed=True)
        pump(app, 0.1)
    assert len(spy.frames) > 40


def test_tooltips_explain_cards_tokens_notes_and_zones(app):
    table = solo_table(app)
    view = table.view
    obs = view.obs
    from sleuth.games.purrrlock_holmes.table.layout import DECK_POS, TRAIL_Y

    assert "in your hand" in view.tooltip(hand_sprite(table, obs.hand[0]).pos)
    other = obs.investigations[1]
    assert "Bot1's Investigation" in view.tooltip(view.board.sprite(("card", other)).pos)
    assert "cannot see it" in view.tooltip(view.board.sprite(("stand", 0)).pos)
    assert "Furriarty" in view.tooltip(view.board.sprite(("furr",)).pos)
    assert "paw print" in view.tooltip(view.board.sprite(("paw", 0)).pos)
    assert "trail" in view.tooltip((60, TRAIL_Y))
    assert "deck" in view.tooltip((DECK_POS[0] + 50, DECK_POS[1]))
    x, y, w, h = view.cell_rect(0, 1)
    assert "Goose 1" in view.tooltip((x + w / 2, y + h / 2))
    x, y, w, h = view.panel_rect(2)
    assert view.tooltip((x + w / 2, y + 10))
    lead = obs.leads[1][0] if obs.leads[1] else obs.dead_ends[1][0]
    assert "for Bot1's Investigation" in view.tooltip(view.board.sprite(("card", lead)).pos)


def test_ending_the_last_round_without_guessing_asks_first(app):
    table = solo_table(app, players=2)
    table.session.close()
    investigate_both(table)
    table.act(R.EndTurn())
    table.state.turn = 1
    table.state.last_round = True
    table.state.inv_state = R.DONE
    table.viewer = 1  # look from the last seat in the last round
    table.set_viewer(1)
    assert "escapes" in table.view.risky(1, R.EndTurn())


def test_a_guess_that_takes_furriarty_warns_when_a_rival_may_be_ahead(app):
    table = solo_table(app, players=2)
    table.session.close()
    state = table.state
    state.trail.remove(state.furr)
    state.trail.insert(0, state.furr)
    state.collected[1] = state.trail[1:4]  # three face-down tokens: up to 9 VP
    del state.trail[1:4]
    table.rebuild_view(animate=False)
    notes = table.view.notes
    cards = table.view.cards
    card = next(c for c in range(60) if notes.status[c] == POSSIBLE)
    warning = table.view.risky(0, R.Guess(cards.card_suspect[card], None))
    assert warning and "game ends" in warning and "Bot1" in warning
    assert table.view.would_take() == []
    table.view.pick = (cards.card_suspect[card], cards.card_hour[card])
    assert table.view.would_take() == [("furr",)]


def catch_position(app, mine, others, solved=(0, 0, 0)):
    """Ann (seat 0) may take Furriarty, first on the trail. ``mine`` lists her token values,
    ``others[s - 1]`` a rival's as (face-up values, face-down values); ``solved`` the completed
    Investigations per seat. Returns the table and a guess that would take Furriarty."""
    table = solo_table(app, players=3)
    table.session.close()
    state = table.state
    pool = [t for t in state.trail if t != state.furr] + list(state.box)
    values = state.cards.token_values

    def grab(value):
        t = next(t for t in pool if values[t] == value)
        pool.remove(t)
        return t

    state.collected = [[], [], []]
    for v in mine:
        t = grab(v)
        state.collected[0].append(t)
        state.face_up[t] = False  # her own face-down tokens: she knows them
    for s, (up, down) in enumerate(others, start=1):
        for v, face in [(v, True) for v in up] + [(v, False) for v in down]:
            t = grab(v)
            state.collected[s].append(t)
            state.face_up[t] = face
    state.trail = [state.furr] + pool[:4]
    state.box = pool[4:]
    state.paws_used = [False] * 3
    deck = state.deck
    state.solved = [[deck.pop() for _ in range(n)] for n in solved]
    table.rebuild_view(animate=False)
    notes = table.view.notes
    cards = table.view.cards
    card = next(c for c in range(60) if notes.status[c] == POSSIBLE)
    return table, R.Guess(cards.card_suspect[card], cards.card_hour[card])


def test_catching_furriarty_far_behind_says_the_leader_wins(app):
    """Ben (1 VP) was sure of his Investigation in the last round; Watson's header showed
    "19 VP + 2 hidden". The warning said "Watson may still finish with as many VP as you (about
    4)", as if Watson were behind; Watson won with 23."""
    table, guess = catch_position(app, [1], [([3, 3, 3, 3, 3, 3, 1], [2, 2]), ([], [])])
    warning = table.view.risky(0, guess)
    assert warning == ("If right, this takes Furriarty and the game ends at once, and Bot1 wins: you would "
                       "finish with 4 VP, and Bot1 already has 19 VP and two face-down tokens, so at least 21 VP.")


def test_catching_furriarty_in_a_close_race_says_a_rival_might_still_win(app):
    """A rival only a face-down token behind: the warning gives both totals and what the token may be."""
    table, guess = catch_position(app, [3], [([2, 2], [1]), ([1], [])])
    warning = table.view.risky(0, guess)
    assert warning == ("If right, this takes Furriarty and the game ends at once, and you might not win: you "
                       "would finish with 6 VP, and Bot1 has 4 VP and a face-down token worth 1 to 3 VP, so up "
                       "to 7 VP.")


def test_catching_furriarty_level_on_vp_names_the_tie_break(app):
    """Level on VP, the rival with fewer completed Investigations wins: the warning says so."""
    table, guess = catch_position(app, [3], [([3, 3], []), ([], [])], solved=(1, 1, 0))
    warning = table.view.risky(0, guess)
    assert "Bot1 wins" in warning and "already has 6 VP" in warning
    assert "a tie in VP goes to whoever completed fewer Investigations, and you would have 2" in warning


def test_catching_furriarty_well_ahead_gives_no_warning(app):
    """Nobody can reach the guesser's total, even with every face-down token worth the most."""
    table, guess = catch_position(app, [3, 3], [([1], [1]), ([2], [])])
    assert table.view.risky(0, guess) is None


def test_a_path_moves_through_its_legs_in_order_and_skipped_sounds_stay_quiet():
    from sleuth.ui.board import Board, CardSprite, Face
    from sleuth.ui.motion import Leg, at_time, run_path

    board = Board(lambda: None)
    face = Face("f", lambda c: None)
    sprite = CardSprite("k", (10, 10), face, face, False, (0, 0))
    board.sprites.add(sprite)
    run_path(board, sprite, [Leg(0.2, 0.2, (100, 0), face_up=True), Leg(0.6, 0.2, (100, 100))],
             hidden_until_start=True, layer_while_moving=50)
    assert sprite.hidden and board.sprites.get_layer_of_sprite(sprite) == 50
    board.update(0.3)
    assert not sprite.hidden and 0 < sprite.pos[0] < 100
    board.update(0.2)
    assert sprite.pos == (100, 0) and sprite.shown == 1.0
    board.update(0.4)
    assert sprite.pos == (100, 100) and board.sprites.get_layer_of_sprite(sprite) == 0
    heard = []
    at_time(board, 1.0, lambda: heard.append("late"), skip_if_rushed=True)
    at_time(board, 1.0, lambda: heard.append("kept"))
    board.finish_animations()
    assert heard == ["kept"]


def test_a_click_on_a_control_during_an_animation_works_at_once(tmp_path):
    """Play-test: after an answer, the next control ("Reveal the 2nd card", "Pass to ..., end
    turn") looked live while the answer still played out, and a click on it only skipped the
    animation; the move took a second click. The click now skips the animation and presses it."""
    from sleuth.ui.driver import headless_app
    from sleuth.ui.scenes.title import TitleScene

    app = headless_app(str(tmp_path / "home"), bot_pace="instant")  # animations at their own pace
    app.stack.push(TitleScene(app))
    table = the_second_card_waits(solo_table(app))
    view = table.view
    hand = table.state.observe(0).hand
    assert table.act(R.Investigate(hand[0], (hand[1],))) is None
    pump(app, 0.1)
    assert view.busy
    button = next(w for w in view.widgets.items if getattr(w, "label", "") == "Reveal the 2nd card")
    moves = len(actions(table))
    x, y, w, h = button.rect
    click(app, (x + w / 2, y + h / 2))
    assert len(actions(table)) == moves + 1 and actions(table)[-1] == str(R.Investigate(hand[1], ()))
    app.shutdown()


def test_the_hint_arrow_follows_a_half_made_investigate(app):
    """Play-test: after the hinted first card went onto the stand, the hint's arrow still started
    from its empty slot. It now runs from the second card to the stand."""
    import pygame

    from sleuth.ui.driver import key

    for seed in range(3, 30):
        table = solo_table(app, seed=seed)
        key(app, pygame.K_h)
        pump(app, until=lambda table=table: table.coach.showing, timeout=30)
        action = table.coach.action
        if isinstance(action, R.Investigate) and action.then:
            break
        app.stack.pop()
    else:
        pytest.fail("no deal whose first hint is an Investigate of two cards")
    view = table.view
    assert view._choose(action.card) is None
    pump(app, until=lambda: not view.busy, timeout=10)
    pump(app, 0.1)
    assert table.coach.marks == [tuple(view._placed_rect(("card", action.then[0]))), tuple(view._stand_rect())]


def test_after_the_game_the_notes_agree_with_the_own_card_turned_up():
    """Play-test: once Furriarty was caught, the viewer's own Investigation lay face up and the
    notes counted it as a card seen elsewhere: "certainly Dog at 6" beside a face-up Crow 7."""
    import random

    from sleuth.games.purrrlock_holmes.bots import ExpertBot
    from sleuth.games.purrrlock_holmes.cards import bundled_cards

    cards = bundled_cards()
    checked = 0
    for seed in range(6):
        state = R.PurrrlockState(cards, 3, seed)
        bots, rng = [ExpertBot() for _ in range(3)], random.Random(seed)
        while not state.is_over():
            seat = state.pending_seats()[0]
            obs = state.observe(seat)
            state.apply(seat, bots[seat].choose(obs, state.legal_actions(seat), rng))
        for seat in range(3):
            obs = state.observe(seat)
            own = obs.investigations[seat]
            if own is None:
                continue
            notes = deduce(obs, cards, ["Ann", "Bob", "Cy"])
            assert [c for c in range(cards.card_count) if notes.status[c] == POSSIBLE] == [own]
            assert notes.suspects == [cards.card_suspect[own]] and notes.hours == [cards.card_hour[own]]
            checked += 1
    assert checked


def test_your_fourth_lead_lies_in_a_whole_row_below_the_first_three(app):
    """Your own place has room for two whole rows of Leads (a fourth cascaded over the third's face);
    another inspector's Leads still cascade above their hand."""
    import dataclasses

    from sleuth.games.purrrlock_holmes.table.layout import SMALL

    table = solo_table(app)
    view = table.view
    obs = view.obs
    free = list(table.state.deck[:15])  # cards lying nowhere on the table yet
    leads = [tuple(free[:5]), tuple(free[5:15])] + [()] * (obs.players - 2)
    view.obs = dataclasses.replace(obs, leads=tuple(leads))
    places = view._layout()

    def rect(card):
        (x, y) = places[("card", card)][0]
        return pygame.Rect(x - SMALL[0] / 2, y - SMALL[1] / 2, SMALL[0], SMALL[1])

    mine = [rect(c) for c in leads[0]]
    assert not any(a.colliderect(b) for i, a in enumerate(mine) for b in mine[i + 1:])
    theirs = [rect(c) for c in leads[1]]
    assert any(theirs[-1].colliderect(r) for r in theirs[:-1])


def test_the_panels_say_no_investigation_is_completed_also_while_cards_move(app, monkeypatch):
    """A seat with no completed Investigation says so on its panel, also while a card animates
    elsewhere (the words had gone at every move, a blink); they go only while a card of that seat's
    first completed Investigation is on its way there."""
    import dataclasses

    table = solo_table(app)
    view = table.view
    view.refresh_shown()
    assert all(view.nothing_completed(seat) for seat in range(view.obs.players))
    monkeypatch.setattr(type(view), "busy", property(lambda self: True))  # a card animates somewhere
    assert all(view.nothing_completed(seat) for seat in range(view.obs.players))
    collected = list(view.obs.collected)
    collected[1] = (table.state.deck[1],)
    view.obs = dataclasses.replace(view.obs, collected=tuple(collected))
    assert not view.nothing_completed(1) and view.nothing_completed(2)


def test_the_tokens_on_a_completed_case_leave_its_clock_and_name_readable(app):
    """Visual play-test (q10, y6, q24): the tokens a right guess collects lay over the foot of the
    completed card, right on its clock; then over its name ("G...se", couch p18, q09). They stand
    in a column beside the card now, off its face."""
    from sleuth.games.purrrlock_holmes.table.paint import GOT, SMALL

    table = solo_table(app)
    investigate_both(table)
    truth = table.state.investigation[0]
    cards = table.view.cards
    table.act(R.Guess(cards.card_suspect[truth], cards.card_hour[truth], False), confirmed=True)
    pump(app, until=lambda: not table.view.busy, timeout=30)
    placed = table.view._layout()
    cx, cy = placed[("card", truth)][0]
    face = pygame.Rect(cx - SMALL[0] / 2, cy - SMALL[1] / 2, SMALL[0], SMALL[1])
    tokens = [pos for key, (pos, *_rest) in placed.items() if key[:2] == ("got", 0)]
    assert tokens
    for tx, ty in tokens:
        assert not face.colliderect((tx - GOT[0] / 2, ty - GOT[1] / 2, GOT[0], GOT[1])), (tx, ty, face)
        assert face.top <= ty <= face.bottom and tx - GOT[0] / 2 - face.right < 8  # beside it, not astray


def final_tables(players, games=60):
    """The end of ``games`` seeded games of expert bots at ``players`` seats (the bots that complete
    the most Investigations: at two seats up to 6 for one seat, 5 at three, 4 at four and five)."""
    from sleuth.ai.match import play_game

    out = []
    last = {}
    for seed in range(games):
        record = play_game(SPEC, ["expert"] * players, {}, seed, on_action=lambda state, *_: last.update(s=state))
        assert record.error is None, record.error
        out.append(last["s"])
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_token_on_a_row_of_completed_cases_can_be_read(app, monkeypatch, players):
    """Play-test (pul2, zc, rpu_end): in a player's row of completed Investigations the tokens "3",
    "2", "2" lay half under the next card; only the last case's "1" could be read. At the end of
    60 seeded games, seen from every seat (its own place at the bottom, the others above), no
    token lies on a card or on another token, no completed case on another, and every token stays
    inside its seat's panel."""
    table = solo_table(app, players=players)
    view = table.view
    seen = []
    monkeypatch.setattr(type(view), "viewer", property(lambda self: seen[-1]))

    def rect(place):
        (x, y), _angle, (w, h) = place[:3]
        return pygame.Rect(round(x - w / 2), round(y - h / 2), round(w), round(h))

    most = 0
    for state in final_tables(players):
        most = max(most, *(len(cases) for cases in state.solved))
        for seat in range(players):
            seen.append(seat)
            view.obs, view._pv_cache = state.observe(seat), None
            placed = view._layout()
            cards = {key: rect(place) for key, place in placed.items() if key[0] in ("card", "stand", "back")}
            for owner in range(players):
                tokens = {key: rect(place) for key, place in placed.items()
                          if key[:2] == ("got", owner) or (key == ("furr",) and state.caught_by == owner)}
                assert len(tokens) == len(state.collected[owner])
                panel = pygame.Rect(view.panel_rect(owner))
                for key, box in tokens.items():
                    assert panel.contains(box), (seat, owner, key, box, panel)
                    assert box.collidelist(list(cards.values())) < 0, (seat, owner, key)
                    assert not [k for k, b in tokens.items() if k != key and b.colliderect(box)], (seat, owner, key)
                completed = [cards[("card", c)] for c in state.solved[owner]]
                for k, box in enumerate(completed):
                    assert box.collidelist(completed[k + 1:]) < 0, (seat, owner, state.solved[owner])
    assert most >= 4  # rows as long as real games make them


def crowded(view, free, leads, dead_ends, solved, own=(0, 0)):
    """The table's observation with every other seat holding ``leads`` Leads, ``dead_ends`` Dead
    Ends and ``solved`` completed cases (a token on each, two on the last), and ``own`` (Leads,
    Dead Ends) at the bottom, dealt from ``free``."""
    import dataclasses

    obs = view.obs
    pool = list(free)
    zones = {"leads": [], "dead_ends": [], "solved": []}
    collected = []
    for seat in range(obs.players):
        counts = (leads, dead_ends, solved) if seat != view.home else (*own, 0)
        for name, n in zip(zones, counts, strict=True):
            zones[name].append(tuple(pool.pop() for _ in range(n)))
        collected.append(tuple([1, None, 3, 2][:counts[2] + 1]) if counts[2] else ())
    view.obs = dataclasses.replace(obs, discard=(), collected=tuple(collected),
                                   **{k: tuple(v) for k, v in zones.items()})
    return view._layout()


@pytest.mark.parametrize("leads, dead_ends, solved, own", [(3, 4, 3, (4, 5)), (5, 6, 1, (0, 2)),
                                                          (2, 3, 2, (7, 8))])
def test_at_five_players_every_lead_dead_end_and_completed_case_shows_its_suspect_and_hour(
        app, leads, dead_ends, solved, own):
    """Couch play-test at 5 seats (p18, p53, q09, q13): in the narrow panels the Leads and Dead Ends
    cascaded 24 px apart, so the lower card's suspect name was hidden (Cid's 7 Crow under his 9
    Crow, Dee's Rat stack), and the tokens on a completed case covered its name ("G...se"). This
    is public information to deduce from: no card's hour or name lies under another card or a
    token."""
    from sleuth.games.purrrlock_holmes.table.paint import small_text_rects

    table = solo_table(app, players=5)
    view = table.view
    hand = set(view.obs.hand)
    free = [c for c in range(view.cards.card_count) if c not in hand and c not in table.state.investigation]
    placed = crowded(view, free, leads, dead_ends, solved, own)
    obs = view.obs

    def rect(place):
        (x, y), _angle, (w, h) = place[:3]
        return pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)

    shown = [c for seat in range(obs.players) for c in obs.leads[seat] + obs.dead_ends[seat] + obs.solved[seat]]
    assert len(shown) == 4 * (leads + dead_ends + solved) + sum(own)
    above = [(key, place) for key, place in placed.items() if key[0] in ("card", "got", "back", "stand")]
    for card in shown:
        place = placed[("card", card)]
        box = rect(place)
        texts = [pygame.Rect(box.x + x, box.y + y, w, h)
                 for x, y, w, h in small_text_rects(app.canvas, view.cards, card, place[2])]
        for key, other in above:
            if key == ("card", card) or other[6] < place[6]:
                continue
            hit = [t for t in texts if t.colliderect(rect(other))]
            assert not hit, (view.cards.card_name(card), key, hit)


def test_a_card_dropped_on_the_open_case_notes_snaps_back(app):
    """Play-test (Beyond Baker Street): a card dropped on the open casebook drawer was played on
    the place hidden under it. At two players the pass area runs under the drawer's edge."""
    from tests.drawer_drop import assert_a_drop_on_the_drawer_snaps_back

    table = solo_table(app, players=2)
    investigate_both(table)
    table.view.finish_animations()
    before = assert_a_drop_on_the_drawer_snaps_back(app, table)
    assert actions(table)[before] == str(R.EndTurn())  # closed, the same drop passes the cards


def test_escape_and_the_acting_players_name_read_at_a_contrast_of_4_5(app, monkeypatch):
    """Art-director play-test: "ESCAPE" in red on the dark trail band read at 2.2:1 and the acting
    player's yellow name on the brass strip at 3.8:1."""
    from sleuth.ui.cardart import contrast
    from sleuth.ui.theme import mix

    solo_table(app)
    colours = {}
    original = app.canvas.text

    def spy(text, pos, size, colour, *args, **kwargs):
        colours[text] = colour
        return original(text, pos, size, colour, *args, **kwargs)

    monkeypatch.setattr(app.canvas, "text", spy)
    monkeypatch.setattr(app, "keep_painted_layers", False)  # every text drawn now, none from a kept layer
    app.draw()
    pal = app.palette
    assert contrast(colours["ESCAPE"], mix(pal.felt, pal.wood_dark, 150 / 255)) >= 4.5
    acting = next(text for text in colours if text.endswith("playing now"))
    assert contrast(colours[acting], pal.brass_dark) >= 4.5


def test_a_hand_cards_hover_text_says_what_is_true_now(app):
    """Couch play-test (p20): after both cards were revealed, hovering or right-clicking a hand
    card still said "Drag it onto your stand to ask..." (and the notes previewed "Asking Rat 5"),
    a question that could no longer be put. While the second card waits and after both answers,
    the card says it goes to the next player."""
    table = the_second_card_waits(solo_table(app))
    view = table.view

    def tips():
        placed = view._layout()
        return [placed[("card", c)][7] for c in view.obs.hand if c not in view.chosen and c != view.queued_card()]

    def previews_an_answer():
        view.card_focus = next(c for c in view.obs.hand if c != view.queued_card())
        return view.asking_card() is not None

    assert all("Drag it onto your stand to ask" in tip for tip in tips())
    assert previews_an_answer()
    first = next(a for a in table.legal_for_viewer() if isinstance(a, R.Investigate))
    table.act(first)
    pump(app, until=lambda: not view.busy, timeout=30)
    assert view.queued_card() is not None
    assert all("stand to ask" not in tip and "goes to Bot1 when you pass" in tip for tip in tips()), tips()
    assert not previews_an_answer()
    table.act(next(a for a in table.legal_for_viewer() if isinstance(a, R.Investigate)))
    pump(app, until=lambda: not view.busy, timeout=30)
    assert all(tip.endswith("You have investigated this turn: it goes to Bot1 when you pass your cards.")
               for tip in tips()), tips()
    assert not previews_an_answer()


def test_the_results_row_of_a_paws_caller_shows_the_vp_it_cost(app):
    """Newcomer play-test: Billy's row showed tokens 2, 3, 1 and F (9 VP) beside "8 VP" and
    "2 cases, Paws": nothing said the Paws call cost 1 VP. It has a "-1" token of its own."""
    from sleuth.core.replay import SeatInfo as Seat

    for seed in range(40):
        table = start_game(app, SPEC, [Seat(f"Bot {i}", "expert") for i in range(3)], {}, seed)
        pump(app, until=lambda t=table: t.state.is_over(), timeout=120)
        obs = table.view.obs
        if any(obs.paws_used):
            break
    else:
        raise AssertionError("no seeded game had a Paws call")
    drawn = []
    text = app.canvas.text
    app.canvas.text = lambda words, pos, *a, **k: (drawn.append((words, pos)), text(words, pos, *a, **k))[1]
    try:
        table.view.draw_results_extra(app.canvas, (300, 300, 600, 200))
    finally:
        del app.canvas.text
    callers = [s for s in range(obs.players) if obs.paws_used[s]]
    minus = [pos for words, pos in drawn if words == "-1"]
    assert callers and len(minus) == len(callers)


def test_the_help_box_names_the_turn_the_table_still_plays_out(app, monkeypatch):
    """Keyboard-only play-test: under "Watson's move" and "Watson: playing now" the help box
    already said "Billy's turn: the table answers their questions": it followed the game, not
    the table. While a move plays out it names that move's player."""
    import dataclasses

    table = solo_table(app)
    view = table.view
    assert view.obs.turn == 0
    shown = dataclasses.replace(view.obs, turn=1)  # as while Watson's move still plays out
    view.shown_obs = shown
    with monkeypatch.context() as patch:
        patch.setattr(type(view), "busy", property(lambda self: True))
        assert view._hint_text().startswith(f"{table.seat_names[1]}'s turn")
    view.shown_obs = view.obs
    assert not view._hint_text().startswith(f"{table.seat_names[1]}'s turn")
