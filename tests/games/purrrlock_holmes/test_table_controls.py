"""Issue 15, item 8: the table's small controls say and show exactly what they mean.

- "if right" sits over exactly the tokens the picked guess would take (it used to sit over the
  second token even when the guess takes one);
- the notes legend tells a newcomer what each symbol means ("x: an answer" did not);
- the hand keeps its places while the 2 cards of an Investigate are chosen (it used to close up
  after the first pick, so the next click missed);
- the keyboard focus, on a button or a card of the hand, wears a ring nobody can miss."""

from __future__ import annotations

import pygame
import pytest

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.layout import GRID
from sleuth.ui.driver import click, key, pump, send
from tests.text_spy import record_texts

from .test_table import solo_table


def frame(app):
    app.mouse_pos = (-100, -100)
    app.toasts.clear()
    app.draw()
    return app.window


def lit(app, surface, rect) -> int:
    """How many pixels of ``rect`` (logical = window pixels here) are the highlight colour."""
    hx, hy, hz = app.palette.highlight
    x, y, w, h = (int(v) for v in rect)
    count = 0
    for px in range(max(0, x), min(surface.get_width(), x + w)):
        for py in range(max(0, y), min(surface.get_height(), y + h)):
            r, g, b, *_ = surface.get_at((px, py))
            count += abs(r - hx) + abs(g - hy) + abs(b - hz) < 40
    return count


def pick_row(app, table, suspect):
    x, y, w, h = table.view.cell_rect(suspect, 1)
    click(app, (GRID[0] + 30, y + h / 2))
    send(app, pygame.MOUSEMOTION, pos=(600, 300), rel=(0, 0), buttons=(0, 0, 0))


def above(sprite):
    """The strip just above a trail token, where its label would be."""
    x, y = sprite.pos
    return (x - 15, y - 34, 30, 16)


def test_if_right_marks_exactly_the_one_token_a_one_detail_guess_takes(app):
    table = solo_table(app)
    view = table.view
    assert app.window.get_size() == (1280, 720)  # logical = window pixels
    pick_row(app, table, 1)
    assert len(view.would_take()) == 1
    first, second = (view.board.sprite(k) for k, _ in view.trail_items()[:2])
    shot = frame(app)
    assert lit(app, shot, above(first)) > 10
    assert lit(app, shot, above(second)) == 0, "the label sits over a token the guess does not take"
    x, y, w, h = view.take_label_rect
    assert x + w < second.pos[0] - second.size[0] / 2 and x > first.pos[0] - first.size[0]


def test_if_right_spans_both_tokens_of_a_guess_of_both_details_and_not_the_third(app):
    table = solo_table(app)
    view = table.view
    x, y, w, h = view.cell_rect(2, 5)
    click(app, (x + w / 2, y + h / 2))
    send(app, pygame.MOUSEMOTION, pos=(600, 300), rel=(0, 0), buttons=(0, 0, 0))
    assert len(view.would_take()) == 2
    first, second, third = (view.board.sprite(k) for k, _ in view.trail_items()[:3])
    shot = frame(app)
    assert lit(app, shot, above(first)) > 10 and lit(app, shot, above(second)) > 10
    assert lit(app, shot, above(third)) == 0
    lx, _, lw, _ = view.take_label_rect
    assert lx + lw / 2 == pytest.approx((first.pos[0] + second.pos[0]) / 2, abs=2)


def test_the_notes_legend_says_what_every_symbol_means_in_words(app, monkeypatch):
    solo_table(app)
    drawn = record_texts(monkeypatch)
    app.keep_painted_layers = False  # every frame paints every text (none from a kept layer)
    frame(app)
    legend = " | ".join(drawn)
    for words in ("could be yours", "an answer rules it out", "you saw it elsewhere", "guessed wrong"):
        assert words in drawn, legend
    assert not any(t.startswith(("x:", "dot:", "-:", "?:")) or " x: " in t for t in drawn), legend


def test_the_hand_keeps_its_places_while_the_two_cards_are_chosen(app):
    table = solo_table(app)
    view = table.view
    hand = list(view.obs.hand)
    places = {card: view.board.sprite(("card", card)).pos for card in hand}
    click(app, places[hand[1]])
    pump(app, 1.0)
    assert view.chosen == [hand[1]]
    for card in (hand[0], hand[2], hand[3]):
        assert view.board.sprite(("card", card)).pos == pytest.approx(places[card], abs=0.5)
    click(app, places[hand[2]])  # where the next card was before the first pick: it is still there
    assert table.session.replay.actions[-1] == (0, str(R.Investigate(hand[1], (hand[2],))))
    pump(app, 1.0)
    for card in (hand[0], hand[3]):  # the first answer is in, the second card waits on the stand
        assert view.board.sprite(("card", card)).pos == pytest.approx(places[card], abs=0.5)


def test_a_focused_button_wears_a_bright_ring_outside_it(app):
    table = solo_table(app)
    view = table.view
    before = frame(app).copy()
    key(app, pygame.K_TAB)
    live = [w for w in view.widgets.items if w.visible]
    x, y, w, h = live[view.widgets.focus].rect
    ring = (x - 7, y + h / 2 - 4, 4, 8)  # the left side of the ring, outside the button
    assert lit(app, before, ring) == 0
    assert lit(app, frame(app), ring) >= 16


def test_left_and_right_focus_a_hand_card_which_enter_chooses(app):
    table = solo_table(app)
    view = table.view
    hand = list(view.obs.hand)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert view.card_focus == hand[1]
    sprite = view.board.sprite(("card", hand[1]))
    x, y, w, h = sprite.rect_logical
    assert lit(app, frame(app), (x - 4, y - sprite.lift + h / 2 - 4, 4, 8)) >= 8
    key(app, pygame.K_RETURN)
    assert view.chosen == [hand[1]]
    assert view.card_focus == hand[2]  # the ring goes on to the next card to choose
    key(app, pygame.K_LEFT)
    assert view.card_focus == hand[0]


def test_the_moves_list_puts_the_guesses_the_notes_allow_first(app):
    """Keyboard play-test: guessing by keys went through the moves list (M), 17 pages of about 165
    entries in the game's order. Moves that are not guesses come first, then the guesses the
    notes still allow, Paws after the plain ones."""
    from sleuth.games.purrrlock_holmes import rules as R
    from sleuth.ui.scenes.moves import MovesScene

    table = solo_table(app)
    table.act(next(a for a in table.legal_for_viewer() if isinstance(a, R.Investigate)), confirmed=True)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    table.show_moves()
    scene = app.stack.top
    assert isinstance(scene, MovesScene)
    notes = table.view.notes
    kinds = [isinstance(a, R.Guess) for a in scene.legal]
    assert kinds == sorted(kinds)  # every other move before the first guess
    guesses = [a for a in scene.legal if isinstance(a, R.Guess)]
    allowed = [notes.possible(g.suspect, g.hour, table.view.cards) for g in guesses]
    assert allowed == sorted(allowed, reverse=True) and any(allowed)
    plain = [g.paws for g in guesses if notes.possible(g.suspect, g.hour, table.view.cards)]
    assert plain == sorted(plain)  # among the allowed guesses, Paws comes after the plain ones


def test_the_moves_list_opens_on_the_guesses_the_notes_allow_once_they_fit_its_first_page(app):
    """Couch play-test: with notes "Suspect: certainly Goose. Hour: certainly 11." the moves list (M)
    opened on "Investigate Rat 2, then Dog 4", the guess 17 pages away in the player's mind, though
    the rules page says the guesses your notes allow come first. Once they fit on the first page
    they lead; while the notes allow many, the Investigate moves still come first."""
    import dataclasses

    from sleuth.games.purrrlock_holmes.table.notes import POSSIBLE, SEEN
    from sleuth.ui.scenes.moves import PER_PAGE, MovesScene

    table = solo_table(app)
    view = table.view
    table.show_moves()
    scene = app.stack.top
    assert isinstance(scene, MovesScene)
    assert isinstance(scene.legal[0], R.Investigate)  # the start of a turn: the notes allow dozens of guesses
    scene.back()
    own = table.state.investigation[0]
    view.notes = dataclasses.replace(view.notes, status=[POSSIBLE if c == own else SEEN
                                                         for c in range(view.cards.card_count)])
    table.show_moves()
    scene = app.stack.top
    allowed = [a for a in scene.legal if isinstance(a, R.Guess)
               and view.notes.possible(a.suspect, a.hour, view.cards)]
    assert 0 < len(allowed) <= PER_PAGE
    assert scene.legal[:len(allowed)] == allowed
    assert [g.paws for g in allowed] == sorted(g.paws for g in allowed)  # Paws after the plain ones
    first = [w.label for w in scene.widgets.items[:len(allowed)]]
    suspect, hour = view.cards.suspects[view.cards.card_suspect[own]], view.cards.card_hour[own]
    assert any(suspect in label and str(hour) in label for label in first), first
