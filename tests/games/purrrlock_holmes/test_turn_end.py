"""Issue 15, item 7: the last answer of a turn stays in front of its player until they end the
turn themselves. When a guess came first, "Reveal the 2nd card" used to run the cleanup at once:
the answer flashed past as the next player (or the next handoff) took over. Now the turn ends
only with the player's own "Pass to NAME, end turn" (or their cards dragged onto the next
player), whether the guess came before or after investigating, at one screen or on the couch."""

from __future__ import annotations

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.ui.driver import click, pump
from sleuth.ui.scenes.handoff import HandoffScene
from sleuth.ui.scenes.table import start_game

from .test_table import button, press, solo_table, the_second_card_waits

SPEC = get("purrrlock-holmes")


def a_guess(table):
    return next(a for a in table.legal_for_viewer() if isinstance(a, R.Guess) and not a.paws)


def choose_two_by_clicks(app, table):
    """Click two hand cards: the first is answered, the second waits on the stand."""
    hand = list(table.view.obs.hand)
    for card in hand[:2]:
        click(app, table.view.board.sprite(("card", card)).pos)
    pump(app, 0.2)
    return hand[:2]


def test_after_a_guess_the_second_reveal_keeps_the_turn_and_its_answer_on_screen(app):
    table = the_second_card_waits(solo_table(app))
    table.act(a_guess(table), confirmed=True)
    pump(app, 0.2)
    first, second = choose_two_by_clicks(app, table)
    press(app, button(table, "Reveal the 2nd card"))
    pump(app, 2.0)  # bots would have played by now if the turn had passed
    assert table.state.turn == 0 and table.viewer == 0
    assert [a for a in table.legal_for_viewer() if not (isinstance(a, R.Guess) and a.paws)] == [R.EndTurn()]
    view = table.view
    answers = dict(view.turn_answers())
    assert set(answers) == {first, second}
    name = view.cards.card_name(second)
    hint = view._hint_text()
    assert f"{name}: {'a Lead' if answers[second] else 'a Dead End'}." in hint
    assert "Pass your cards to end your turn" in hint
    assert table.banner_text().endswith("pass your cards to end your turn")
    press(app, button(table, "Pass to Bot1, end turn"))
    assert table.session.replay.actions[-1] == (0, str(R.EndTurn()))
    assert table.state.turn == 1
    assert view.turn_answers() == []  # the rings and the hint go with the turn


def test_a_guess_after_investigating_also_waits_for_the_player(app):
    table = the_second_card_waits(solo_table(app))
    choose_two_by_clicks(app, table)
    press(app, button(table, "Reveal the 2nd card"))
    pump(app, 0.2)
    table.act(a_guess(table), confirmed=True)
    pump(app, 2.0)
    assert table.state.turn == 0
    guessed = [e for e in table.state.log if isinstance(e, R.Guessed)][-1]
    # a wrong guess also says what it costs (the rules: no draw at the end of this turn)
    said = "right." if guessed.correct else "wrong, so you draw no cards at the end of this turn."
    assert f"Your guess was {said}" in table.view._hint_text()
    assert button(table, "Pass to Bot1, end turn").enabled


def test_on_the_couch_the_handoff_waits_until_the_player_ends_the_turn(app):
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    app.stack.top.confirm()
    assert table.viewer == 0
    table.act(a_guess(table), confirmed=True)
    pump(app, 0.2)
    choose_two_by_clicks(app, table)
    press(app, button(table, "Reveal the 2nd card"))
    pump(app, 2.0)
    assert app.stack.top is table and table.viewer == 0  # Ann still reads her answer
    assert table.view.turn_answers()
    press(app, button(table, "Pass to Bob, end turn"))
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    assert app.stack.top.seat == 1 and table.viewer is None


def test_the_reveal_offers_paws_only_while_it_is_unused(app):
    """Play-test: "Click the card on your stand to hear its answer (or call Paws first)" under a
    board that already said "Paws used"."""
    table = the_second_card_waits(solo_table(app))
    choose_two_by_clicks(app, table)
    assert "(or press Paws! to guess first: once a game, for 1 VP)" in table.view._hint_text()
    table.state.paws_used[0] = True
    table.rebuild_view(animate=False)
    assert "Paws" not in table.view._hint_text()
    assert "Paws" not in button(table, "Reveal the 2nd card").tooltip


def test_the_end_turn_button_names_the_next_player_whole_or_not_at_all(app):
    """A play-tester saw "Pass to WWWWWWW..., end turn": a cut name. The button now drops
    ", end turn" before it cuts a name, and says "End your turn" (its tooltip naming them)
    when even "Pass to NAME" is too wide."""
    from sleuth.games.purrrlock_holmes.table import PurrrlockTable
    from sleuth.games.purrrlock_holmes.table.layout import BUTTON_W

    room = BUTTON_W - 16
    assert PurrrlockTable._end_turn_label(app.canvas, "Bob", room) == "Pass to Bob, end turn"
    assert PurrrlockTable._end_turn_label(app.canvas, "Montgomery-Smythe", room) == "Pass to Montgomery-Smythe"
    assert PurrrlockTable._end_turn_label(app.canvas, "W" * 14, room) == "End your turn"
    seats = [SeatInfo("Ann", "human"), SeatInfo("W" * 14, "basic")]
    table = the_second_card_waits(start_game(app, SPEC, seats, {}, seed=5))
    pump(app, 0.5)
    table.act(a_guess(table), confirmed=True)
    pump(app, 0.2)
    choose_two_by_clicks(app, table)
    press(app, button(table, "Reveal the 2nd card"))
    pump(app, 0.5)
    end = button(table, "End your turn")
    assert "pass to " + "W" * 14 in end.tooltip


def test_the_end_of_the_game_says_what_earned_the_rank(app):
    """Newcomer play-test: "Chief Inspector: Watson" on the end screen meant nothing. The line says
    the most VP earned it, and speaks to a seat named You as "you are"."""
    from sleuth.games.purrrlock_holmes.rules import GameOver

    seats = [SeatInfo("You", "human"), SeatInfo("Watson", "basic"), SeatInfo("Billy", "basic")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    view = table.view
    caught = GameOver(caught=True, scores=(5, 3, 2), winners=(0,), litter_box=())
    assert view.describe(caught).startswith("Furriarty is caught! With the most VP, you are promoted to "
                                            "Chief Inspector. Scores:")
    shared = GameOver(caught=True, scores=(5, 5, 2), winners=(0, 1), litter_box=())
    assert "With the most VP, you and Watson are promoted to Chief Inspectors." in view.describe(shared)
    escaped = GameOver(caught=False, scores=(5, 3, 2), winners=(), litter_box=(2,))
    assert view.describe(escaped).startswith("Furriarty escapes London and nobody wins. With the fewest VP, "
                                             "Billy is demoted to Litter Box Inspector.")


def test_a_tie_of_vp_says_the_solved_investigations_broke_it(app):
    """Newcomer play-test: Billy and Watson both had 8 VP, and "With the most VP, Billy is
    promoted to Chief Inspector" read as a mistake: the rules give a tie to the fewer solved
    Investigations (the most, for the Litter Box), and the line now says so."""
    import dataclasses

    from sleuth.games.purrrlock_holmes.rules import GameOver

    seats = [SeatInfo("You", "human"), SeatInfo("Watson", "basic"), SeatInfo("Billy", "basic")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    view = table.view
    view.obs = dataclasses.replace(view.obs, solved=((1, 2, 3), (4, 5), (6,)))
    caught = GameOver(caught=True, scores=(5, 8, 8), winners=(2,), litter_box=())
    assert ("Furriarty is caught! Level on 8 VP with Watson, but with fewer solved Investigations (1 against 2), "
            "Billy is promoted to Chief Inspector.") in view.describe(caught)
    escaped = GameOver(caught=False, scores=(2, 2, 8), winners=(), litter_box=(0,))
    assert ("Level on 2 VP with Watson, but with more solved Investigations (3 against 2), you are demoted to "
            "Litter Box Inspector.") in view.describe(escaped)
    # verifier: "Level on 9 VP with You, but ..." in the story: a seat named You is "you" mid-sentence
    level_with_you = GameOver(caught=True, scores=(8, 5, 8), winners=(2,), litter_box=())
    view.obs = dataclasses.replace(view.obs, solved=((1, 2, 3), (4, 5), (6,)))
    assert "Level on 8 VP with you, but with fewer solved Investigations" in view.describe(level_with_you)


def test_no_player_facing_word_says_cleanup(app):
    """Newcomer play-test: "the 2 cards you draw at the cleanup" used the rulebook's phase name,
    never explained on the table. The words say "as the turn ends"."""
    table = solo_table(app)
    view = table.view
    assert "cleanup" not in view._guess_tip().lower()
    texts = [w.tooltip or "" for w in view.widgets.items] + [view._hint_text()]
    assert not any("cleanup" in text.lower() for text in texts)


def test_the_paws_chip_and_the_rules_say_how_paws_is_called_now(app):
    """Couch re-check: the rules still spoke of "your Paws! button" on each panel (gone: one
    "Someone else: Paws! (P)" button asks who calls), and the panel's chip said "Paws board:"."""
    from sleuth.ui.scenes.rules import rules_text

    text = rules_text("purrrlock-holmes")
    assert "Someone else: Paws! (P)" in text and "your Paws! button, or P" not in text
    table = solo_table(app)
    x, y, w, _ = table.view.panel_rect(1)
    tip = table.view.tooltip((x + w / 2, y + 10))
    assert "Paws board" not in tip and "may still call Paws once this game" in tip


def test_alone_against_bots_the_second_card_reveals_itself_once_the_bots_pass_on_paws(app):
    """Veteran play-test: every turn took an extra "Reveal the 2nd card" click. The pause between
    the two answers lets the others call Paws; bots decide at once, so alone against bots the
    second card turns as soon as every bot has declined (its answer then comes one beat after
    the first). The turn still ends only when the player passes."""
    table = solo_table(app)
    first, second = choose_two_by_clicks(app, table)
    if table.view.queued_card() is not None:  # meanwhile it says it turns by itself, not "click your stand"
        assert table.view.turn_hint() == "the 2nd card turns over once the bots pass on Paws"
        assert "turns over in a moment" in table.view._hint_text()
        assert button(table, "Reveal it now") is not None
    pump(app, until=lambda: table.state.inv_state == R.DONE, timeout=30)
    assert table.session.replay.actions[-2:] == [(0, str(R.Investigate(first, (second,)))),
                                                 (0, str(R.Investigate(second, ())))]
    assert set(dict(table.view.turn_answers())) == {first, second}
    pump(app, 1.0)
    assert table.state.turn == 0 and button(table, "Pass to Bot1, end turn").enabled


def test_at_a_shared_screen_the_second_card_waits_for_its_player(app):
    """At a couch another person may call Paws between the two answers: the card waits."""
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human"), SeatInfo("Cat", "basic")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    app.stack.top.confirm()
    choose_two_by_clicks(app, table)
    pump(app, 2.0)
    assert table.state.inv_state == R.IN_PROGRESS and button(table, "Reveal the 2nd card")


def test_a_click_meant_for_reveal_it_now_does_not_pass_the_cards_when_the_card_turns_itself(app):
    """Marathon play-test: alone against bots the second card turned by itself just as the player
    clicked "Reveal it now"; "Pass to Bot1, end turn" had come up at the same place, and the click
    passed the cards. A button that has just taken another's place takes no click for a moment;
    after that moment it works as usual."""
    from sleuth.ui.widgets import SWAP_HOLD

    table = solo_table(app)
    hand = list(table.view.obs.hand)
    for card in hand[:2]:
        click(app, table.view.board.sprite(("card", card)).pos)
    reveal = button(table, "Reveal it now")
    place = (reveal.rect[0] + reveal.rect[2] / 2, reveal.rect[1] + reveal.rect[3] / 2)
    pump(app, until=lambda: table.view.queued_card() is None, timeout=10)  # it turns by itself
    passing = button(table, "Pass to Bot1")
    x, y, w, h = passing.rect
    assert x <= place[0] < x + w and y <= place[1] < y + h  # where "Reveal it now" was
    moves = len(table.session.replay.actions)
    click(app, place)  # the click meant for "Reveal it now"
    pump(app, 0.1)
    assert len(table.session.replay.actions) == moves and table.state.turn == 0
    click(app, place)  # a second click straight after: still nothing
    assert len(table.session.replay.actions) == moves
    pump(app, SWAP_HOLD)
    click(app, place)  # a moment later, the button does what it says
    assert table.session.replay.actions[-1] == (0, str(R.EndTurn()))
