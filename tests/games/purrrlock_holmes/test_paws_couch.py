"""Paws at a shared screen: "once per game, at any time, even while it is not your turn, even in
the middle of another player's action" works for every human on the couch, not only the one at the
screen. Another human's Paws button (or P then their seat number) pauses the turn, passes the
screen to them for their guess, and passes it back to resume exactly where the turn was."""

from __future__ import annotations

import threading

import pygame

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.ui.driver import click, key, pump
from sleuth.ui.scenes.handoff import HandoffScene, InterruptChooserScene
from sleuth.ui.scenes.table import start_game

SPEC = get("purrrlock-holmes")


def right_guess(state, seat):
    cards = state.cards
    card = state.investigation[seat]
    return R.Guess(cards.card_suspect[card], cards.card_hour[card], True)


def confirm_handoff(app, handoffs):
    top = app.stack.top
    assert isinstance(top, HandoffScene)
    handoffs.append((top.seat, top.reason))
    top.confirm()


def press(app, widget):
    x, y, w, h = widget.rect
    pump(app)
    click(app, (x + w / 2, y + h / 2))


def call_paws(app, table, seat):
    """The one "Paws!" for another player, then that player's name on the screen that asks who."""
    shared = next(w for w in table.widgets.items if tuple(w.rect) == tuple(table.view.interrupt_call_anchor()))
    press(app, shared)
    chooser = app.stack.top
    assert isinstance(chooser, InterruptChooserScene) and table.viewer is None
    press(app, next(w for w in chooser.widgets.items if w.label == table.seat_names[seat]))


def play_first_turn(app, table, handoffs):
    """Alice (seat 0) plays her whole first turn: two investigations, then ends it."""
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    confirm_handoff(app, handoffs)
    while table.state.turn == 0:
        pump(app, until=lambda: table.viewer_may_act(), timeout=30)
        legal = [a for a in table.legal_for_viewer() if not isinstance(a, R.Guess)]
        table.act(legal[0], confirmed=True)
        pump(app, 0.1)


def bobs_turn(app, handoffs):
    """Alice, Bob and Cat (a bot) at the couch, seed 11: Alice has played her first turn, and the
    screen is Bob's."""
    seats = [SeatInfo("Alice", "human"), SeatInfo("Bob", "human"), SeatInfo("Cat", "basic")]
    table = start_game(app, SPEC, seats, {}, seed=11)
    play_first_turn(app, table, handoffs)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    confirm_handoff(app, handoffs)
    return table


def test_alice_calls_paws_in_the_middle_of_bobs_turn_and_bob_resumes_where_he_was(app):
    handoffs: list = []
    table = bobs_turn(app, handoffs)
    assert table.viewer == 1 and table.state.turn == 1
    first = next(a for a in table.legal_for_viewer() if isinstance(a, R.Investigate))
    table.act(first, confirmed=True)
    pump(app, until=lambda: not table.view.busy, timeout=30)
    assert table.state.inv_state == R.IN_PROGRESS
    revealed = set(table.state.leads[1]) | set(table.state.dead_ends[1])
    assert first.card in revealed
    # Bob's screen offers one Paws for another player, away from the clue cards
    assert table.interrupt_seats() == [0]
    call_paws(app, table, 0)
    assert table.interrupt is not None and table.viewer is None
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.reason == "Alice calls Paws!"
    app.draw()  # the handoff screen draws with the reason under the name
    confirm_handoff(app, handoffs)
    assert table.viewer == 0
    legal = table.legal_for_viewer()
    assert legal and all(isinstance(a, R.Guess) and a.paws for a in legal)
    assert any(w.label.startswith("Cancel, back to Bob") for w in table.widgets.items)
    # the panel's note says what the Paws asks of her, not that she may call one
    assert table.view._hint_text().startswith("You called Paws in Bob's turn: pick a guess in your notes")
    guess = right_guess(table.state, 0)
    before = list(table.state.collected[0])
    table.act(guess, confirmed=True)
    # answered: while it plays out there is no Cancel and no prompt to guess any more
    assert not any(w.label.startswith("Cancel") for w in table.widgets.items)
    assert not table.view._hint_text().startswith("You called Paws")
    assert table.banner_text() == "Alice calls Paws!"
    guessed = [e for e in table.state.log if isinstance(e, R.Guessed)][-1]
    assert guessed.seat == 0 and guessed.paws and guessed.correct
    assert table.state.paws_used[0] and len(table.state.collected[0]) > len(before)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    assert app.stack.top.seat == 1 and app.stack.top.reason == "Back to Bob's turn."
    confirm_handoff(app, handoffs)
    # Bob resumes exactly where he was: his first card answered, the second still to reveal
    assert table.state.turn == 1 and table.state.inv_state == R.IN_PROGRESS
    assert first.card in set(table.state.leads[1]) | set(table.state.dead_ends[1])
    assert table.legal_for_viewer()[0] == R.Investigate(first.then[0], ())
    assert table.view.queued_card() == first.then[0]
    assert [seat for seat, _ in handoffs] == [0, 1, 0, 1]  # Alice, Bob, Alice (Paws), Bob
    assert table.interrupt_seats() == []  # Alice's Paws is spent


def test_paws_interrupts_a_thinking_bot_which_then_chooses_again(app):
    seats = [SeatInfo("Alice", "human"), SeatInfo("Bot", "basic"), SeatInfo("Cleo", "human")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    handoffs: list = []
    bot = table.session.bots[1]
    release = threading.Event()
    calls = []
    original = bot.choose

    def slow_choose(obs, legal, rng, budget_s=0.1):
        calls.append(len(obs.log))
        release.wait(10)
        return original(obs, legal, rng, budget_s)

    bot.choose = slow_choose
    play_first_turn(app, table, handoffs)
    pump(app, until=lambda: table.session.thinking and calls, timeout=30)
    assert table.viewer is None  # Alice's view left the screen with her turn
    assert set(table.interrupt_seats()) == {0, 2}
    log_before = len(table.state.log)
    key(app, pygame.K_p)
    # P asks who calls, as the shared button does, on a screen that says which key is whose
    assert isinstance(app.stack.top, InterruptChooserScene) and app.stack.top.seats == [0, 2]
    key(app, pygame.K_3)  # P then 3: Cleo calls Paws
    assert table.interrupt is not None and table.interrupt.seat == 2
    assert not app.toasts  # the prompt does not linger over the handoff screen
    assert not table.session.thinking  # the bot's pending choice is dropped
    release.set()
    pump(app, 0.5)
    assert len(table.state.log) == log_before  # no bot move while the screen is Cleo's
    confirm_handoff(app, handoffs)
    assert table.viewer == 2
    pump(app, 0.3)
    assert len(table.state.log) == log_before
    table.act(right_guess(table.state, 2), confirmed=True)
    assert table.state.paws_used[2]
    pump(app, until=lambda: table.state.turn != 1 or table.state.is_over(), timeout=30)
    assert len(calls) >= 2 and calls[1] > calls[0]  # the bot chose again, from the new position
    assert [seat for seat, _ in handoffs] == [0, 2]
    assert not any(isinstance(s, HandoffScene) and s.seat == 1 for s in app.stack.scenes)


def test_a_paws_can_be_called_off_before_the_guess(app):
    seats = [SeatInfo("Alice", "human"), SeatInfo("Bob", "human")]
    table = start_game(app, SPEC, seats, {}, seed=3)
    handoffs: list = []
    play_first_turn(app, table, handoffs)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    confirm_handoff(app, handoffs)
    assert table.call_interrupt(0)
    confirm_handoff(app, handoffs)
    cancel = next(w for w in table.widgets.items if w.label.startswith("Cancel"))
    press(app, cancel)
    assert table.interrupt is None and not table.state.paws_used[0]
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    assert app.stack.top.seat == 1
    confirm_handoff(app, handoffs)
    assert table.viewer == 1 and table.interrupt_seats() == [0]


def test_a_paws_between_keeps_the_first_card_the_player_had_chosen(app):
    """Play-test: Bob had put his first card on the stand (nothing sent yet); Alice called Paws;
    back on Bob's turn the card was in his hand again and he had to start over."""
    handoffs: list = []
    table = bobs_turn(app, handoffs)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    card = table.view.obs.hand[0]
    assert table.view._choose(card) is None and table.view.chosen == [card]
    call_paws(app, table, 0)
    confirm_handoff(app, handoffs)
    assert table.viewer == 0 and table.view.chosen == []  # nothing of Bob's on Alice's screen
    table.cancel_interrupt()
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    confirm_handoff(app, handoffs)
    assert table.viewer == 1 and table.view.chosen == [card]


def test_a_hint_does_not_survive_another_players_paws(app):
    """Couch play-test: Bob's open Hint (his hand and what his card can be) was still up behind
    "Pass to Alice" and in full on Alice's screen after her Paws. A hint is for the eyes that
    asked it: it closes when the screen changes hands."""
    handoffs: list = []
    table = bobs_turn(app, handoffs)
    table.coach.ask()
    pump(app, until=lambda: table.coach.showing, timeout=30)
    call_paws(app, table, 0)
    assert isinstance(app.stack.top, HandoffScene)
    assert not table.coach.showing and not table.coach.lines
    confirm_handoff(app, handoffs)
    pump(app, 0.2)
    assert table.viewer == 0 and not table.coach.showing


def test_a_move_that_ends_a_players_part_plays_out_in_the_public_view(app):
    """Couch play-test: after a player's last move of a turn, their view (their notes, their new
    hand) stayed up to 2.5 s while Furriarty stepped, before "Pass to ..." came. It goes public at
    once, and the move animates there."""
    handoffs: list = []
    table = bobs_turn(app, handoffs)
    while table.state.turn == 1:
        pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
        legal = [a for a in table.legal_for_viewer() if not isinstance(a, R.Guess)]
        ends = isinstance(legal[0], R.EndTurn)
        table.act(legal[0], confirmed=True)
        if ends:
            assert table.viewer is None  # the same frame: nobody's private view
            break
        assert table.viewer == 1  # a move within the turn keeps Bob's view


def test_another_player_calls_paws_without_a_button_over_their_own_card(app):
    """Couch play-test (p5, p6): to call Paws in Bob's turn, Alice clicked the Paws! button on her
    own panel, right above her face-up Investigation: she had to look at her own secret card.
    Now one "Paws!" sits away from every clue card, says its key, and asks who calls over the
    public table; "Nobody" hands the screen back to Bob."""
    from sleuth.games.purrrlock_holmes.table.layout import CARD

    handoffs: list = []
    table = bobs_turn(app, handoffs)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    view = table.view
    assert not any(w.label == "Paws!" for w in table.widgets.items)  # no button on Alice's panel
    shared = [w for w in table.widgets.items if "Paws" in w.label]
    assert len(shared) == 1 and "(P)" in shared[0].label and "P, then 1 for Alice" in shared[0].tooltip
    bx, by, bw, bh = shared[0].rect
    for seat in range(3):  # far from every Investigation on its stand
        sx, sy = view.stand_pos(seat)
        gap_x = max(sx - CARD[0] / 2 - (bx + bw), bx - (sx + CARD[0] / 2), 0)
        gap_y = max(sy - CARD[1] / 2 - (by + bh), by - (sy + CARD[1] / 2), 0)
        assert max(gap_x, gap_y) >= 60, (seat, shared[0].rect)
    press(app, shared[0])
    chooser = app.stack.top
    assert isinstance(chooser, InterruptChooserScene) and table.viewer is None  # the table is public
    assert [w.label for w in chooser.widgets.items] == ["Alice", "Nobody, back to Bob"]
    app.draw()
    press(app, chooser.widgets.items[-1])  # nobody after all
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.seat == 1
    confirm_handoff(app, handoffs)
    assert table.viewer == 1 and table.interrupt is None and not table.state.paws_used[0]


def test_the_panels_keep_their_places_when_the_turn_passes_to_a_bot(app):
    """Hostile play-test (h7 -> h8, h10, h11): after Bob's second card was answered the turn passed
    and his panel jumped to the top right, and the panels swapped again between the bot's
    sub-steps, so a quick click landed on a button that had just moved under the pointer. In the
    public view the places stay as the last player at the screen left them; a click right after
    the seats do change places (the next player at the screen) is dropped."""
    handoffs: list = []
    table = bobs_turn(app, handoffs)
    view = table.view
    places = {seat: view.panel_rect(seat) for seat in range(3)}
    seen = []
    while table.state.turn == 1:
        pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
        legal = [a for a in table.legal_for_viewer() if not isinstance(a, R.Guess)]
        table.act(legal[0], confirmed=True)
        pump(app, 0.05)
    while table.state.turn == 2 and not table.state.is_over():  # Cat, the bot, step by step
        seen.append({seat: table.view.panel_rect(seat) for seat in range(3)})
        pump(app, 0.05)
    seen.append({seat: table.view.panel_rect(seat) for seat in range(3)})
    assert table.viewer is None and all(s == places for s in seen)
    # Alice comes to the screen: the seats change places behind the handoff, and a click at once
    # lands on nothing
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    confirm_handoff(app, handoffs)
    assert table.view.panel_rect(0) != places[0]
    gap = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 406))  # between two panels
    assert table.view.handle(gap)  # taken, and nothing done
    pump(app, 0.7)
    assert not table.view.handle(gap)  # once settled, a click there is nobody's


def cids_turn(app, handoffs):
    """Ann (human), Bot, Cid (human), Dee (human) and Bot at the couch, seed 4: Ann has played her
    first turn, the bot too, and the screen is Cid's."""
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic"), SeatInfo("Cid", "human"),
             SeatInfo("Dee", "human"), SeatInfo("Bott", "basic")]
    table = start_game(app, SPEC, seats, {}, seed=4)
    play_first_turn(app, table, handoffs)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    confirm_handoff(app, handoffs)
    assert table.viewer == 2 and table.state.turn == 2
    return table


def test_p_at_the_couch_hides_the_players_view_and_asks_who_calls_paws(app):
    """Couch play-test (p22): on Cid's turn P showed "Paws: press 1 for Ann or 4 for Dee." over
    Cid's VP while Cid's hand and notes stayed on screen for Ann and Dee to see. P now does what
    the shared "Someone else: Paws!" button does: the table goes public and a screen asks who
    calls, where Dee's number key picks her."""
    handoffs: list = []
    table = cids_turn(app, handoffs)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    key(app, pygame.K_p)
    chooser = app.stack.top
    assert isinstance(chooser, InterruptChooserScene) and chooser.seats == [0, 3]
    assert table.viewer is None and table.view.obs.hand is None  # nothing of Cid's is drawn
    assert not app.toasts  # no prompt over the table
    app.draw()
    key(app, pygame.K_4)
    assert table.interrupt is not None and table.interrupt.seat == 3
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.seat == 3


def test_p_alone_against_bots_leaves_the_table_as_it_is(app):
    """Alone against bots nobody else may call Paws: P hides nothing and asks nobody."""
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")]
    table = start_game(app, SPEC, seats, {}, seed=4)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    key(app, pygame.K_p)
    assert app.stack.top is table and table.viewer == 0 and table.interrupt is None


def test_a_click_on_a_paws_chip_says_how_paws_is_called(app):
    """Couch play-test (z11): the "Paws" chips in every name strip look like buttons, but a click
    on one did nothing at all. A click now says how that player calls Paws (the shared button or
    P), that a bot calls its own, or how you call yours; it calls nothing by itself."""
    handoffs: list = []
    table = cids_turn(app, handoffs)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    pump(app, 0.7)  # a click right after the seats changed places is dropped
    view = table.view

    def click_chip(seat):
        app.toasts.clear()
        x, y, w, h = view.paws_board_rect(seat)
        press_at = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + w / 2, y + h / 2))
        assert table.handle(press_at)
        assert table.interrupt is None and table.viewer == 2 and app.stack.top is table
        return app.toasts[-1][0]

    assert click_chip(0) == ('For Ann to call Paws, press "Someone else: Paws! (P)" on the trail, or the key P: '
                             'the table is hidden first, then it asks who calls.')
    assert click_chip(1) == "Bot is a bot: it calls Paws by itself when it wants to (once per game)."
    assert click_chip(2).startswith("To call Paws (once per game, even on another player's turn): pick a guess")


def test_after_a_paws_in_a_bots_turn_the_big_panel_is_no_longer_the_callers(app):
    """Couch play-test (z07): Dee called Paws in Watson's (a bot's) turn; for the rest of that
    turn the big bottom panel stayed Dee's, under her name, as if it were still her view. Once the
    Paws is over the public table is laid out as before it: the last player whose turn it was."""
    from sleuth.games.purrrlock_holmes.table.layout import OWN

    seats = [SeatInfo("Alice", "human"), SeatInfo("Bot", "basic"), SeatInfo("Cleo", "human")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    handoffs: list = []
    bot = table.session.bots[1]
    release = threading.Event()
    original = bot.choose

    def slow_choose(obs, legal, rng, budget_s=0.1):
        release.wait(10)
        return original(obs, legal, rng, budget_s)

    bot.choose = slow_choose
    try:
        play_first_turn(app, table, handoffs)
        pump(app, until=lambda: table.session.thinking, timeout=30)
        assert table.viewer is None and table.view.home == 0  # Alice's places, in the public view
        assert table.call_interrupt(2)
        confirm_handoff(app, handoffs)
        assert table.view.home == 2  # Cleo's own view while she calls
        table.act(right_guess(table.state, 2), confirmed=True)
        pump(app, until=lambda: table.interrupt is None and not table.view.busy, timeout=30)
        assert table.state.turn == 1 and table.viewer is None
        assert table.view.home == 0 and table.view.panel_rect(2) != OWN
    finally:
        release.set()


def ann_watson_ben(app):
    """Ann and Ben at the couch with Watson, a bot, between them: the first screen is "Pass to Ann"."""
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic"), SeatInfo("Ben", "human")]
    table = start_game(app, SPEC, seats, {}, seed=4)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    assert app.stack.top.seat == 0 and table.viewer is None
    return table


def test_p_on_a_pass_the_screen_card_lets_another_player_call_paws(app):
    """Couch play-test (p54, p55): "Who calls Paws?" teaches "Next time, without looking: press P,
    then 3 for Ben", but on "Pass to Ann" P then 3 did nothing. P now asks who calls over the
    public table, 3 hands the screen to Ben for his Paws, and then it goes back to Ann."""
    table = ann_watson_ben(app)
    handoff = app.stack.top
    app.draw()
    key(app, pygame.K_p)
    chooser = app.stack.top
    assert isinstance(chooser, InterruptChooserScene) and chooser.seats == [2]
    assert handoff.interrupt_offer() == "Paws before Ann plays? Press P, then 3 for Ben."
    assert handoff not in app.stack.scenes  # one screen asks at a time
    assert table.viewer is None and table.view.obs.hand is None  # nothing private is drawn
    app.draw()
    key(app, pygame.K_3)
    assert table.interrupt is not None and table.interrupt.seat == 2
    top = app.stack.top
    assert isinstance(top, HandoffScene) and top.seat == 2 and top.reason == "Ben calls Paws!"
    assert top.interrupt_offer() == ""  # no second call while Ben's is on
    handoffs: list = []
    confirm_handoff(app, handoffs)
    table.act(right_guess(table.state, 2), confirmed=True)
    assert table.state.paws_used[2]
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    back = app.stack.top
    assert back.seat == 0 and back.reason == "Back to Ann's turn."
    # Ben's Paws is spent and Ann plays her own turn: nobody else may call, P is not offered
    assert back.interrupt_offer() == ""
    key(app, pygame.K_p)
    assert app.stack.top is back and table.interrupt is None


def test_nobody_after_p_on_a_pass_the_screen_card_hands_it_back(app):
    """P by mistake on "Pass to Ann": "Nobody" passes the screen back to Ann, not to the game."""
    table = ann_watson_ben(app)
    key(app, pygame.K_p)
    chooser = app.stack.top
    assert isinstance(chooser, InterruptChooserScene)
    assert any(w.label == "Nobody, back to Ann" for w in chooser.widgets.items)
    key(app, pygame.K_ESCAPE)
    top = app.stack.top
    assert isinstance(top, HandoffScene) and top.seat == 0 and table.interrupt is None
    assert sum(isinstance(s, HandoffScene) for s in app.stack.scenes) == 1
    top.confirm()
    assert table.viewer == 0 and table.state.turn == 0


def test_the_results_of_a_couch_game_lie_over_the_public_table(app):
    """Couch play-test (g5, g6): after Ben's catching guess his own view ("Ben (you)", his hand)
    stayed up while the catch played out. Once it has, the results open over the public table,
    every Investigation and token face up, as in the other games; nobody's hand or notes."""
    from sleuth.ui.scenes.results import ResultsScene

    table = ann_watson_ben(app)
    app.stack.top.confirm()
    state = table.state
    state.trail.remove(state.furr)
    state.trail.insert(0, state.furr)
    table.rebuild_view(animate=False)
    guess = right_guess(state, 0)
    table.act(R.Guess(guess.suspect, guess.hour, False), confirmed=True)
    assert state.is_over()
    pump(app, until=lambda: isinstance(app.stack.top, ResultsScene), timeout=30)
    obs = table.view.obs
    assert table.viewer is None and obs.hand is None
    assert all(v is not None for values in obs.collected for v in values)
    assert obs.investigations[1] is not None and obs.investigations[2] is not None
