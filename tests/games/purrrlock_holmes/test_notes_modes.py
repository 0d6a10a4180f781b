"""Issue 15, item 9: how much the notes grid deduces is the player's choice, a setting
"Deduction notes: Full / Only what I mark / Off" on the settings screen.

Full crosses out every card the answers and what you have seen rule out (as before). Only what I
mark shows nothing but the player's own marks: a click on a cell cycles crossed out / circled /
clear, kept per seat in the table view for the current Investigation, surviving the other players'
turns at a shared screen and never drawn for anyone else. Off shows no deductions. In every mode
the grid still picks a guess."""

from __future__ import annotations

import pygame

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.notes import ANSWER, CIRCLED, CROSSED, POSSIBLE, SEEN
from sleuth.store.settings import load_settings
from sleuth.ui.driver import click, pump, send
from sleuth.ui.scenes.handoff import HandoffScene
from sleuth.ui.scenes.settings import SettingsScene
from sleuth.ui.scenes.table import start_game

from .test_table import grid_cell_centre, solo_table

SPEC = get("purrrlock-holmes")


def right_click(app, pos):
    send(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
    send(app, pygame.MOUSEBUTTONUP, pos=pos, button=3)


def cell_of(view, card):
    cards = view.cards
    return grid_cell_centre(view.scene, cards.card_suspect[card], cards.card_hour[card])


def every_symbol(view):
    return [view.cell_symbol(c) for c in range(view.cards.card_count)]


def test_the_settings_screen_offers_the_three_modes_and_saves_the_choice(app):
    scene = SettingsScene(app)
    app.stack.push(scene)
    choice = next(w for w in scene.widgets.items if getattr(w, "label", "") == "Purrrlock notes")
    assert choice.shown() == "Full" and list(choice.labels) == ["Full", "Only what I mark", "Off"]
    x, y, w, h = choice.rect
    click(app, (x + w - 10, y + h / 2))  # the ">" side
    assert app.settings.deduction_notes == "marks" and choice.shown() == "Only what I mark"
    app.io.submit(lambda: None).result()
    assert load_settings(app.paths)[0].deduction_notes == "marks"
    click(app, (x + w - 10, y + h / 2))
    assert app.settings.deduction_notes == "off"


def test_full_notes_show_every_deduction_and_a_click_picks_a_guess(app):
    table = solo_table(app)
    view = table.view
    assert app.settings.deduction_notes == "full"
    notes = view.notes
    assert every_symbol(view) == list(notes.status)
    held = view.obs.hand[0]
    assert view.cell_symbol(held) == SEEN
    click(app, cell_of(view, held))
    assert view.pick is not None


def test_only_what_i_mark_shows_the_players_marks_and_nothing_deduced(app):
    app.update_settings(deduction_notes="marks")
    table = solo_table(app)
    view = table.view
    assert set(every_symbol(view)) == {None}  # no deduction shows, not even the cards in hand
    held = view.obs.hand[0]
    possible = next(c for c in range(60) if view.notes.status[c] == POSSIBLE)
    click(app, cell_of(view, held))
    assert view.cell_symbol(held) == CROSSED and view.pick is None  # a left click marks, not picks
    click(app, cell_of(view, held))
    assert view.cell_symbol(held) == CIRCLED
    click(app, cell_of(view, held))
    assert view.cell_symbol(held) is None
    click(app, cell_of(view, possible))
    right_click(app, cell_of(view, possible))  # the right button picks the cell as a guess
    cards = view.cards
    assert view.pick == (cards.card_suspect[possible], cards.card_hour[possible])
    assert view.cell_symbol(possible) == CROSSED
    assert "Guess" in view.widgets.items[0].label and view.widgets.items[0].enabled
    # nothing the grid would have deduced leaks through the words either
    sprite = view.board.sprite(("card", held))
    assert "candidates" not in view.tooltip(sprite.pos) and "possible card" not in view.tooltip(sprite.pos)
    ruled_out = next(c for c in range(60) if view.notes.status[c] == ANSWER)
    guess = R.Guess(cards.card_suspect[ruled_out], cards.card_hour[ruled_out])
    assert view.risky(0, guess) is None or "notes rule out" not in view.risky(0, guess)


def test_off_shows_no_deduction_and_the_grid_still_picks_a_guess(app):
    app.update_settings(deduction_notes="off")
    table = solo_table(app)
    view = table.view
    assert set(every_symbol(view)) == {None}
    held = view.obs.hand[0]
    click(app, cell_of(view, held))
    cards = view.cards
    assert view.pick == (cards.card_suspect[held], cards.card_hour[held])
    assert view.cell_symbol(held) is None
    assert "is in your hand" not in view.tooltip(cell_of(view, held))


def test_switching_the_mode_mid_game_shows_at_once(app):
    table = solo_table(app)
    view = table.view
    app.update_settings(deduction_notes="off")
    pump(app)
    assert set(every_symbol(view)) == {None}
    app.update_settings(deduction_notes="full")
    pump(app)
    assert every_symbol(view) == list(view.notes.status)


def test_marks_are_per_seat_survive_the_other_players_turn_and_are_never_shown_to_others(app):
    app.update_settings(deduction_notes="marks")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    view = table.view

    def take_the_screen(seat):
        pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
        assert app.stack.top.seat == seat
        assert set(every_symbol(view)) == {None}  # the public view shows no marks
        app.stack.top.confirm()
        pump(app, 0.7)  # the seats change places for the new player; a click at once is dropped
        assert table.viewer == seat

    def play_out_the_turn():
        while table.state.turn == table.viewer:
            pump(app, until=lambda: table.viewer_may_act(), timeout=30)
            legal = [a for a in table.legal_for_viewer() if isinstance(a, (R.Investigate, R.EndTurn))]
            table.act(legal[0], confirmed=True)

    take_the_screen(0)
    anns = [c for c in range(60) if view.notes.status[c] == POSSIBLE][:2]
    click(app, cell_of(view, anns[0]))
    click(app, cell_of(view, anns[1]))
    click(app, cell_of(view, anns[1]))
    assert view.cell_symbol(anns[0]) == CROSSED and view.cell_symbol(anns[1]) == CIRCLED
    play_out_the_turn()
    take_the_screen(1)
    assert set(every_symbol(view)) == {None}  # Bob never sees Ann's marks
    bobs = next(c for c in range(60) if c not in anns)
    click(app, cell_of(view, bobs))
    assert view.cell_symbol(bobs) == CROSSED
    play_out_the_turn()
    take_the_screen(0)
    assert view.cell_symbol(anns[0]) == CROSSED and view.cell_symbol(anns[1]) == CIRCLED
    assert view.cell_symbol(bobs) is None


def test_the_grids_marks_and_ruled_out_names_read_without_colour(app):
    """Keyboard and colour play-test: the "x" and "-" marks were 2.0:1 on their cells, the ruled-out
    hours and names 1.8:1, and "a Lead leaves 1 (green)" named an outline that is blue in the
    colour-blind palette."""
    from sleuth.games.purrrlock_holmes.table.layout import GRID
    from sleuth.games.purrrlock_holmes.table.notes import closed_cell
    from sleuth.ui.cardart import contrast
    from sleuth.ui.theme import panel_ground

    table = solo_table(app)
    view = table.view
    pal = app.palette
    lines, texts = [], []
    canvas = app.canvas
    line, text = canvas.line, canvas.text

    def spy_line(a, b, colour, *args, **kw):
        lines.append((a, tuple(colour)))
        return line(a, b, colour, *args, **kw)

    def spy_text(words, pos, size, colour, *args, **kw):
        texts.append((words, pos, tuple(colour)))
        return text(words, pos, size, colour, *args, **kw)

    canvas.line, canvas.text = spy_line, spy_text
    view.card_focus = view.obs.hand[0]  # "Asking ...": what a Lead and a Dead End would leave
    app.keep_painted_layers = False
    app.draw()
    del canvas.line, canvas.text
    x, y, w, h = GRID
    marks = [c for (px, py), c in lines if x <= px <= x + w and y <= py <= y + h]
    assert marks and all(contrast(c, closed_cell(pal)) >= 3.0 for c in marks)
    inside = [(words, c) for words, (px, py), c in texts if x <= px <= x + w and y <= py <= y + h]
    assert inside and all(contrast(c, panel_ground(pal)) >= 3.0 for _, c in inside), inside
    asking = [words for words, _ in inside if words.startswith("Asking")]
    assert asking and "(outlined)" in asking[0] and "green" not in asking[0]


def test_a_hand_cards_preview_lies_off_the_notes_grid(app):
    """Verifier: the preview of the leftmost hand card lay over the grid's columns 5 to 12, hiding
    the outlined cells its own words ("a Lead leaves 3 (outlined)") point at."""
    from sleuth.games.purrrlock_holmes.table.layout import GRID
    from sleuth.ui.scenes.zoom import draw_card_preview

    table = solo_table(app, players=5)
    view = table.view
    hand = sorted((view.board.sprite(("card", c)) for c in view.obs.hand), key=lambda s: s.pos[0])
    shown = []
    original = app.canvas.shadow
    app.canvas.shadow = lambda rect, *a, **k: shown.append(tuple(rect)) or original(rect, *a, **k)
    for sprite in hand:
        shown.clear()
        draw_card_preview(app.canvas, app.palette, sprite, view._hand_tip(sprite.key[1]), sprite.pos,
                          view.reading_areas())
        x, y, w, h = shown[0]
        assert not (x < GRID[0] + GRID[2] and GRID[0] < x + w and y < GRID[1] + GRID[3] and GRID[1] < y + h), sprite.key
    del app.canvas.shadow
