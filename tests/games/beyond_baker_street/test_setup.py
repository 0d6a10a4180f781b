"""Setting up Beyond Baker Street (issue 15, item 6): each seat's character picker matters only
while characters are on, so it is shown only then, and it says what the picked character does;
starting with characters off plays without any, whatever was picked before."""

from __future__ import annotations

from sleuth.core.registry import get
from sleuth.games.beyond_baker_street.characters import ability_text
from sleuth.ui.driver import click, pump
from sleuth.ui.scenes.setup import SetupScene
from sleuth.ui.scenes.table import TableScene
from sleuth.ui.widgets import Choice

SPEC = get("beyond-baker-street")
CARDS = SPEC.load_cards(None)
CHARACTER_CHOICES = next(o.choices for o in SPEC.options if o.key == "char1")


def pickers(setup) -> list[Choice]:
    return [w for w in setup.widgets.items if isinstance(w, Choice) and w.visible and
            tuple(w.options) == CHARACTER_CHOICES]


def characters_switch(setup) -> Choice:
    return next(w for w in setup.widgets.items if isinstance(w, Choice) and tuple(w.options) == ("off", "random"))


def press(app, choice: Choice, times: int = 1) -> None:
    x, y, w, h = choice.rect
    for _ in range(times):
        click(app, (x + w - 10, y + h / 2))  # the ">" end


def test_the_character_pickers_show_only_while_characters_are_on(app):
    setup = SetupScene(app, SPEC)
    app.stack.push(setup)
    setup._set_players(3)
    assert characters_switch(setup).value == "off"
    assert pickers(setup) == [], "a seat's character picker shows while characters are off"
    press(app, characters_switch(setup))
    assert characters_switch(setup).value == "random"
    assert len(pickers(setup)) == 3
    assert CARDS.characters[0].name not in characters_switch(setup).shown()
    press(app, characters_switch(setup))
    assert pickers(setup) == []


def test_a_pickers_tooltip_says_what_the_picked_character_does(app):
    setup = SetupScene(app, SPEC, options={"characters": "random"})
    app.stack.push(setup)
    picker = pickers(setup)[0]
    assert "random" in picker.tooltip
    for character in CARDS.characters:
        press(app, picker)
        picker = pickers(setup)[0]
        assert picker.shown() == f"{character.number}. {character.name}"
        assert ability_text(character.ability, CARDS) in picker.tooltip


def test_starting_with_characters_off_plays_without_the_characters_picked_before(app):
    setup = SetupScene(app, SPEC)
    app.stack.push(setup)
    press(app, characters_switch(setup))
    press(app, pickers(setup)[0], times=18)  # seat 1: Toby
    assert setup.options["char1"] == 18
    press(app, characters_switch(setup))  # characters off again
    setup.start()
    pump(app)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.session.replay.options["char1"] == 0
    assert not any(table.state.chars)


def test_two_seats_picking_one_character_are_told_so_before_the_game_starts(app):
    setup = SetupScene(app, SPEC, options={"characters": "random"})
    app.stack.push(setup)
    setup._set_players(3)
    martin = next(ch for ch in CARDS.characters if ch.name == "Inspector Martin")
    first, _, third = pickers(setup)
    press(app, first, times=martin.number)
    press(app, third, times=martin.number)
    setup.start()
    pump(app)
    assert app.stack.top is setup
    assert setup.error == "Seats 1 and 3 both play Inspector Martin: pick another character for one of them."
    press(app, pickers(setup)[2])  # seat 3 moves on to the next character: the complaint goes
    assert setup.error == ""
    setup.start()
    pump(app)
    assert isinstance(app.stack.top, TableScene)
