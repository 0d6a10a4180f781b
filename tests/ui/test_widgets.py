import pygame

from sleuth.ui.widgets import Button, Choice, TextField, Toggle, Widgets, page_turn_label


def down(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def keydown(key, text=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text)


def test_button_click_and_keyboard_activation():
    hits = []
    group = Widgets([Button((10, 10, 100, 40), label="Go", on_click=lambda: hits.append(1))])
    assert group.handle(down((20, 20)))
    assert group.handle(keydown(pygame.K_TAB))  # the ring on it
    assert group.handle(keydown(pygame.K_RETURN))
    assert hits == [1, 1]
    assert not group.handle(down((500, 500)))


def test_enter_after_a_click_does_not_press_the_clicked_button_again():
    """Play-tests: a click left the focus, with no ring, on the button clicked, and a later Enter
    or Space pressed it again (Bakerstreet: Enter after the quick amount "15" set 15 again instead
    of bidding; the results: Esc from the replay, then Enter, opened the replay again). Enter and
    Space press only a focus that shows: one the keyboard put there, or a screen's default ring."""
    hits = []
    group = Widgets([Button((10, 10, 100, 40), label="Watch the replay", on_click=lambda: hits.append("watch")),
                     Button((10, 60, 100, 40), label="Title", on_click=lambda: hits.append("title"))])
    group.handle(down((20, 20)))
    assert hits == ["watch"]
    for press in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        assert not group.handle(keydown(press))  # left to the screen's own Enter
    assert hits == ["watch"] and group.shown_focus() is None
    group.handle(keydown(pygame.K_TAB))  # the keys take over from the clicked button: the ring shows
    assert group.shown_focus() is group.items[1]
    group.handle(keydown(pygame.K_RETURN))
    assert hits == ["watch", "title"]
    default = Widgets([Button((10, 10, 100, 40), label="Cancel", on_click=lambda: hits.append("cancel"))])
    default.focus, default.keyboard = 0, True  # a screen's default that wears its ring
    default.handle(keydown(pygame.K_RETURN))
    assert hits[-1] == "cancel"


def test_a_clicked_button_is_drawn_as_any_other_and_a_clicked_field_keeps_its_caret(app):
    """The focus a click leaves is no focus to the player: the clicked button is drawn plain (its
    thicker border had read as the focus Enter no longer presses); a clicked text field takes the
    typing and shows its caret."""
    seen = {}

    class Spy(Button):
        def draw(self, canvas, pal, focused):
            seen[self.label] = focused

    field = TextField((0, 100, 200, 40), label="Name")
    spied = Spy((0, 0, 100, 40), label="Go")
    group = Widgets([spied, field])
    group.handle(down((5, 5)))
    group.draw(app.canvas, app.palette)
    assert seen == {"Go": False}
    group.handle(keydown(pygame.K_TAB, ""))
    group.handle(keydown(pygame.K_TAB, ""))
    group.draw(app.canvas, app.palette)
    assert seen == {"Go": True}
    group.handle(down((5, 105)))
    assert group.shown_focus() is field and not group.keyboard
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="Ann"))
    assert field.value == "Ann"


def test_disabled_button_does_nothing():
    hits = []
    group = Widgets([Button((10, 10, 100, 40), label="Go", enabled=False, on_click=lambda: hits.append(1))])
    group.handle(down((20, 20)))
    assert hits == []


def test_tab_moves_focus_and_arrows_change_a_choice():
    changes = []
    group = Widgets([
        Button((0, 0, 10, 10), label="a"),
        Choice((0, 20, 100, 30), options=(1, 2, 3), on_change=changes.append),
    ])
    group.handle(keydown(pygame.K_TAB))
    group.handle(keydown(pygame.K_TAB))
    assert group.focus == 1
    group.handle(keydown(pygame.K_RIGHT))
    group.handle(keydown(pygame.K_LEFT))
    group.handle(keydown(pygame.K_LEFT))
    assert changes == [2, 1, 3]


def test_tab_passes_over_greyed_out_buttons():
    """Play-test: at a Purrrlock table Tab only went round two greyed-out buttons."""
    group = Widgets([
        Button((0, 0, 10, 10), label="Guess", enabled=False),
        Button((0, 20, 10, 10), label="Paws", enabled=False),
        Button((0, 40, 10, 10), label="All moves"),
    ])
    for _ in range(3):
        group.handle(keydown(pygame.K_TAB))
        assert group.focus == 2
    only_grey = Widgets([Button((0, 0, 10, 10), label="Guess", enabled=False)])
    assert not only_grey.handle(keydown(pygame.K_TAB)) and only_grey.focus is None


def test_text_field_takes_text_input_once_and_backspace():
    field = TextField((0, 0, 200, 40), value="Ann", max_len=5)
    group = Widgets([field])
    group.handle(down((5, 5)))
    group.handle(keydown(pygame.K_e, "e"))  # a key press alone types nothing ...
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="e"))  # ... its text event does
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="xyz"))  # too long: refused
    assert field.value == "Anne"
    group.handle(keydown(pygame.K_BACKSPACE))
    assert field.value == "Ann"
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    assert field.value == "Anna"


def test_toggle_flips():
    seen = []
    toggle = Toggle((0, 0, 200, 40), label="Mute", on_change=seen.append)
    Widgets([toggle]).handle(down((5, 5)))
    assert toggle.value is True and seen == [True]


def test_the_page_button_says_it_goes_back_to_the_first_page_on_the_last():
    assert page_turn_label(0, 3) == "Next page: 2 of 3"  # the page it goes to (newcomer: "(1/17)" misread)
    assert page_turn_label(1, 3) == "Next page: 3 of 3"
    assert page_turn_label(2, 3) == "Back to page 1 of 3"


def test_ordinals_name_a_place_in_a_row():
    from sleuth.ui.words import ordinal

    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]


def test_a_player_named_you_is_you_in_the_middle_of_a_sentence():
    """Lesson play-test: "... the total 10 is less than 16, so You win the dispute."."""
    from sleuth.ui.words import says

    assert says("You", "wins") == "You win" and says("You", "wins", start=False) == "you win"
    assert says("Ann", "wins", start=False) == "Ann wins"


def test_how_often_is_said_as_a_person_says_it():
    """"Tried 1 time" and "Arrows sent the count on 2 times" read as a form: once, twice, 3 times."""
    from sleuth.ui.words import times

    assert [times(n) for n in (0, 1, 2, 3, 12)] == ["0 times", "once", "twice", "3 times", "12 times"]


def test_ctrl_a_chooses_the_whole_text_to_type_over_or_clear():
    """Play-tests: Ctrl+A then typing gave "Player Alice" and "WatsoBob"."""
    field = TextField((0, 0, 200, 40), value="Player 1", max_len=16)
    group = Widgets([field])
    group.focus = 0
    group.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="\x01"))
    group.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="B"))
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="B"))
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="ob"))
    assert field.value == "Bob"
    group.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="\x01"))
    group.handle(keydown(pygame.K_BACKSPACE))
    assert field.value == ""


def test_a_field_says_why_it_refuses_a_character():
    refused = []
    field = TextField((0, 0, 200, 40), allowed=str.isdigit, on_refuse=refused.append)
    group = Widgets([field])
    group.focus = 0
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    assert field.value == "" and refused == ["x"]


def test_a_focus_moved_with_the_keyboard_shows_a_ring_and_a_click_hides_it():
    """Play-test: the keyboard focus was only a slightly thicker border, hard to find."""
    group = Widgets([Button((0, 0, 100, 40), label="A"), Button((0, 50, 100, 40), label="B")])
    group.handle(keydown(pygame.K_TAB))
    assert group.keyboard and group.focus == 0
    group.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 60)))
    assert not group.keyboard and group.focus == 1
    group.handle(keydown(pygame.K_TAB))
    group.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(500, 500)))  # on nothing
    assert not group.keyboard


def test_a_name_takes_only_what_the_typefaces_draw_and_says_its_limit(app):
    """Play-test: a name typed in Chinese showed as empty boxes on the table, and a long name
    stopped at 14 characters without a word."""
    from sleuth.core.registry import get
    from sleuth.ui.scenes.setup import NAME_LENGTH, SetupScene
    from sleuth.ui.widgets import TextField

    setup = SetupScene(app, get("bakerstreet"))
    app.stack.push(setup)
    field = next(w for w in setup.widgets.items if isinstance(w, TextField) and w.label == "1")
    field.value = ""
    assert field.key(0, "Éowyn ß-Ł")
    assert field.value == "Éowyn ß-Ł"
    app.toasts.clear()
    assert not field.key(0, "中") and field.value == "Éowyn ß-Ł"
    assert "cannot draw that character" in app.toasts[-1][0]
    field.value = "x" * NAME_LENGTH
    assert not field.key(0, "y") and app.toasts[-1][0] == f"A name has {NAME_LENGTH} characters at most."


def test_an_emoji_with_its_invisible_selector_in_a_name_is_refused_politely_not_a_crash(app):
    """Hostile play-test: typing the detective emoji "🕵️" (or "❤️", or U+FE0F alone) in a name closed
    the app: the font engine refused to draw the invisible U+FE0F ("Text has zero width")."""
    from sleuth.core.registry import get
    from sleuth.ui.scenes.setup import SetupScene
    from sleuth.ui.widgets import TextField

    setup = SetupScene(app, get("bakerstreet"))
    app.stack.push(setup)
    field = next(w for w in setup.widgets.items if isinstance(w, TextField) and w.label == "1")
    field.value = "Ann"
    for typed in ("\U0001f575\ufe0f", "\u2764\ufe0f", "\ufe0f", "\u200b", "\u200d"):
        app.toasts.clear()
        assert not field.key(0, typed) and field.value == "Ann"
        if typed[0] in "\U0001f575\u2764":
            assert "cannot draw that character" in app.toasts[-1][0]
    assert field.key(0, "e\ufe0f") and field.value == "Anne"  # the invisible part dropped, the letter kept
    setup.draw(app.canvas)


def test_a_remembered_name_the_typefaces_cannot_draw_loses_those_characters(app):
    """Executable play-test: "Zoë 🕵️ Holmes" written into settings.json by hand showed as an empty
    box on the setup screen, where typing it is refused."""
    from sleuth.core.registry import get
    from sleuth.ui.scenes.setup import SetupScene

    spec = get("bakerstreet")
    app.update_settings(game_setups={spec.id: {"seats": [{"name": "Zoë \U0001f575\ufe0f Holmes", "kind": "human"},
                                                         {"name": "中文", "kind": "human"}], "options": {}}})
    setup = SetupScene(app, spec)
    assert setup.seat_names == ["Zoë Holmes", "Player 2"]


def test_text_of_invisible_characters_is_drawn_as_nothing_and_has_no_glyph(app):
    """Hostile play-test: a zero-width character reached the font engine, which raised "Text has zero
    width"; every way text is drawn or checked now takes it."""
    for text in ("\ufe0f", "\u200b", "\u2060\u200e"):
        assert not app.cache.has_glyph(text)
        box = app.canvas.text(text, (100, 100), 20, (0, 0, 0))
        assert box[2] == 0
        app.canvas.text(text, (100, 100), 30, (0, 0, 0), bold=True, serif=True)


def test_greek_and_cyrillic_names_are_drawn_in_the_face_for_the_letters_the_others_lack(app):
    """Left alone last time: a Russian or Greek player could not type their name (the interface
    and title faces draw Latin only). The letters they lack are drawn in Fira Sans, on the same
    baseline, in both weights; Chinese is still refused (no face here draws it)."""
    from sleuth.resources import font_file

    assert font_file("fallback", False) is not None and font_file("fallback", True) is not None
    for name in ("Дмитрий", "Ελένη", "Łukasz Ψ"):
        assert all(app.cache.has_glyph(ch) for ch in name), name
        for bold in (False, True):
            for serif in (False, True):
                runs = app.cache.runs(f"{name} wins", 20, bold, serif)
                assert "".join(part for _, part in runs) == f"{name} wins"
                width, height = app.canvas.text_size(f"{name} wins", 20, bold, serif)
                box = app.canvas.text(f"{name} wins", (100, 100), 20, (0, 0, 0), bold=bold, serif=serif)
                assert abs(box[2] - width) < 1 and abs(box[3] - height) < 1
                assert width > app.canvas.text_size(" wins", 20, bold, serif)[0] + 40  # the name takes room
    fallback = app.cache.runs("Дмитрий", 20, True, False)
    assert len(fallback) == 1 and fallback[0][0] is not app.cache.font(20, True, False)
    latin = app.cache.runs("Zoë wins", 20, True, False)
    assert latin == [(app.cache.font(20, True, False), "Zoë wins")]  # the own face wherever it can
    # every glyph drawn differs from the "missing" box of the face that drew it
    for ch in "ДмитрийΕλένη":
        font = app.cache.runs(ch, 20, False, False)[0][0]
        assert pygame.image.tobytes(font.render(ch, True, (0, 0, 0), (255, 255, 255)), "RGB") != \
            pygame.image.tobytes(font.render("\ue000", True, (0, 0, 0), (255, 255, 255)), "RGB")
    assert not any(app.cache.has_glyph(ch) for ch in "中文")


def test_a_cyrillic_name_is_typed_into_the_setup_and_kept(app):
    from sleuth.core.registry import get
    from sleuth.ui.scenes.setup import SetupScene

    setup = SetupScene(app, get("bakerstreet"))
    assert all(setup._drawable(ch) for ch in "Дима")
    app.update_settings(game_setups={"bakerstreet": {"seats": [{"name": "Дима", "kind": "human"},
                                                               {"name": "Ελένη", "kind": "human"}], "options": {}}})
    assert SetupScene(app, get("bakerstreet")).seat_names == ["Дима", "Ελένη"]


def test_are_you_sure_rings_cancel_and_left_and_right_go_between_its_answers(app):
    """Keyboard-only play-test: Cancel looked chosen but wore no ring, and Left and Right did
    nothing: only Tab reached "Do it anyway"."""
    from sleuth.ui.scenes.dialogs import ConfirmScene

    answered = []
    dialog = ConfirmScene(app, "A question", lambda: answered.append("yes"))
    app.stack.push(dialog)
    live = dialog.widgets._live()
    assert dialog.widgets.keyboard and live[dialog.widgets.focus].label == "Cancel"
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert live[dialog.widgets.focus].label == "Do it anyway"
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    assert live[dialog.widgets.focus].label == "Cancel"


def test_a_button_that_just_took_another_ones_place_takes_no_click_for_a_moment():
    """Marathon play-test: Purrrlock's "Pass to Watson, end turn" came up where "Reveal it now" had
    been, and a click meant for the reveal passed the cards. By a table's clock, a button that has
    just taken another's place takes no click (nor Enter) for ``SWAP_HOLD`` seconds; the same
    button with another number ("Bid 16" after "Bid 15"), a swap the player's own click elsewhere
    made, and a menu without a clock are not held."""
    from sleuth.ui.widgets import SWAP_HOLD

    now = [10.0]
    hits = []
    group = Widgets(clock=lambda: now[0])

    def show(label):  # a table's rebuild: the keyboard's focus stays at its place
        group.rebuild(lambda: group.add(Button((100, 100, 200, 40), label=label,
                                               on_click=lambda: hits.append(label))))

    show("Reveal it now")
    group.handle(keydown(pygame.K_TAB))  # the keyboard's focus on "Reveal it now"
    now[0] += 0.2
    show("Pass to Watson, end turn")  # the card turned by itself
    now[0] += 0.1
    assert group.handle(keydown(pygame.K_RETURN))  # used up, but does nothing
    assert group.handle(down((150, 120)))
    show("Pass to Watson, end turn")  # a rebuild keeps the hold from the swap
    now[0] += 0.3
    group.handle(down((150, 120)))  # a double click on the same place: still held
    assert hits == []
    now[0] += SWAP_HOLD - 0.3
    group.handle(down((150, 120)))
    assert hits == ["Pass to Watson, end turn"]

    show("Bid 15")
    now[0] += 5
    show("Bid 16")  # the player's "+": the same button
    group.handle(down((150, 120)))
    assert hits[-1] == "Bid 16"

    now[0] += 5
    group.handle(down((600, 600)))  # the player clicks a card elsewhere, and that swaps the button
    show("Take the card back")
    group.handle(down((150, 120)))
    assert hits[-1] == "Take the card back"

    hits.clear()
    menu = Widgets()  # no clock: a menu's page turns and the like are never held
    for label in ("Next page: 2 of 2", "Back to page 1 of 2"):
        menu.clear()
        menu.add(Button((0, 0, 100, 40), label=label, on_click=lambda label=label: hits.append(label)))
        menu.handle(down((10, 10)))
    assert hits == ["Next page: 2 of 2", "Back to page 1 of 2"]
