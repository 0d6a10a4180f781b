"""Scenes driven by synthetic events, headless."""

import pygame
import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import click, key, pump
from sleuth.ui.scenes.pause import PauseScene
from sleuth.ui.scenes.results import ResultsScene
from sleuth.ui.scenes.settings import SettingsScene
from sleuth.ui.scenes.setup import SetupScene
from sleuth.ui.scenes.table import TableScene, start_game
from sleuth.ui.scenes.title import TitleScene
from sleuth.ui.widgets import SWAP_HOLD, Button


def button(scene, label):
    return next(w for w in scene.widgets.items if isinstance(w, Button) and w.label == label)


def centre(widget):
    x, y, w, h = widget.rect
    return (x + w / 2, y + h / 2)


def test_title_lists_the_four_games_and_opens_setup(app):
    title = TitleScene(app)
    app.stack.push(title)
    pump(app)
    assert [s.id for s in title.specs] == ["beyond-baker-street", "bakerstreet", "purrrlock-holmes", "case-connection"]
    plays = [w for w in title.widgets.items if isinstance(w, Button) and w.label == "Play"]
    click(app, centre(plays[1]))
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.spec.id == "bakerstreet"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title


def test_setup_start_opens_the_table_with_the_chosen_seats_and_seed(app):
    app.stack.push(TitleScene(app))
    setup = SetupScene(app, get("purrrlock-holmes"))
    app.stack.push(setup)
    setup._set_players(3)
    setup._set_kind(1, "basic")
    setup._set_seed("1234")
    click(app, centre(button(setup, "Start")))
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.session.replay.seed == 1234
    assert [s.kind for s in table.session.seats] == ["human", "basic", "expert"]
    assert table.viewer == 0


def test_a_bots_only_game_reaches_the_results_and_is_recorded(app):
    from sleuth.store.stats import StatsStore

    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("A", "random"), SeatInfo("B", "basic")], {}, seed=5)
    pump(app, until=lambda: table.results_shown, timeout=60)
    assert isinstance(app.stack.top, ResultsScene)
    pump(app, 0.1)
    app.io.submit(lambda: None).result()
    [summary] = StatsStore(app.paths).summary()
    assert summary.game_id == "bakerstreet" and summary.total.games == 1


def test_escape_pauses_and_save_and_quit_keeps_a_continue(app):
    from sleuth.store.saves import has_autosave

    app.stack.push(TitleScene(app))
    table = start_game(app, get("case-connection"), [SeatInfo("Me", "human"), SeatInfo("Bot", "random")], {}, seed=2)
    pump(app, until=lambda: bool(table.legal_for_viewer()), timeout=30)
    assert table.act(table.legal_for_viewer()[0]) is None
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, centre(button(pause, "Save and quit to title")))
    assert isinstance(app.stack.top, TitleScene)
    app.io.submit(lambda: None).result()
    assert has_autosave(app.paths)
    title = app.stack.top
    title.on_enter()
    pump(app, until=lambda: title.scanning is None and title.suspended, timeout=10)
    click(app, centre(button(title, "Continue")))
    pump(app, until=lambda: isinstance(app.stack.top, TableScene), timeout=10)
    resumed = app.stack.top
    assert isinstance(resumed, TableScene)
    assert resumed.session.replay.actions == table.session.replay.actions


@pytest.mark.parametrize("game_id", ["beyond-baker-street", "bakerstreet", "purrrlock-holmes", "case-connection"])
def test_the_games_name_on_the_banner_opens_the_menu_by_click_and_by_tab(app, game_id):
    """A play-tester found no way to the pause menu on any table: Rules, Settings and "Save and quit"
    were reached only by Esc, which nothing on screen said. The game's name at the banner's left
    is now a button that says so in its tooltip and opens the menu; Tab along the banner reaches it."""
    spec = get(game_id)
    seats = [SeatInfo("Me", "human")] + [SeatInfo(f"Bot {i}", "random") for i in range(spec.min_players - 1)]
    table = start_game(app, spec, seats, {}, seed=2)
    pump(app, until=lambda: bool(table.legal_for_viewer()), timeout=30)
    menu = table.menu_tab()
    assert menu is not None and menu.label == spec.short_name and "Esc" in menu.tip and "settings" in menu.tip
    app.draw()
    assert any(rect == menu.rect for rect, _tip, _ok in table._tabs)  # drawn, with its tooltip
    right = min(tab.rect[0] for tab in table.banner_tabs() if tab is not menu and tab.rect != menu.rect)
    assert menu.rect[0] + menu.rect[2] < right
    x, y, w, h = menu.rect
    click(app, (x + w / 2, y + h / 2))
    assert isinstance(app.stack.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    for _ in range(30):  # Tab steps through the table's buttons, then along the banner from its left
        key(app, pygame.K_TAB)
        if table.banner_focus is not None:
            break
    assert table.banner_focus == spec.short_name
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, PauseScene)


def test_save_and_quit_asks_first_when_the_game_could_not_be_saved(app):
    """Returning-player play-test: with a folder where Purrrlock's save belongs, Save and quit
    went to the title without a word and the game was gone. Now it says why and asks first."""
    from sleuth.store.health import check_user_files
    from sleuth.ui.scenes.dialogs import ConfirmScene

    app.paths.game_save_file("purrrlock-holmes").mkdir(parents=True)
    warnings = check_user_files(app.paths)
    assert any("games of Purrrlock Holmes: Furriarty's Trail will not be saved" in w for w in warnings), warnings
    assert not any("bakerstreet" in w.lower() for w in warnings)  # the other games still save
    save_and_quit_after_a_move(app, "purrrlock-holmes")
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "could not be saved" in ask.question
    assert "a folder named purrrlock-holmes.json lies where the save belongs" in ask.question
    assert ".tmp" not in ask.question and "lost" in ask.question
    click(app, centre(button(ask, "Keep playing")))
    assert isinstance(app.stack.top, PauseScene)
    click(app, centre(button(app.stack.top, "Save and quit to title")))
    click(app, centre(button(app.stack.top, "Quit and lose it")))
    assert isinstance(app.stack.top, TitleScene)


def save_and_quit_after_a_move(app, game_id: str) -> None:
    """From the title, a game against a bot, one move, then Esc and "Save and quit to title"."""
    app.stack.push(TitleScene(app))
    table = start_game(app, get(game_id), [SeatInfo("Me", "human"), SeatInfo("Bot", "basic")], {}, 5)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    table.act(table.legal_for_viewer()[0], confirmed=True)
    key(app, pygame.K_ESCAPE)
    click(app, centre(button(app.stack.top, "Save and quit to title")))


def test_save_and_quit_goes_straight_to_the_title_when_the_game_is_saved(app):
    save_and_quit_after_a_move(app, "bakerstreet")
    assert isinstance(app.stack.top, TitleScene)


def test_settings_changes_are_saved(app):
    from sleuth.store.settings import load_settings

    scene = SettingsScene(app)
    app.stack.push(scene)
    mute = next(w for w in scene.widgets.items if getattr(w, "label", "") == "Mute")
    click(app, centre(mute))
    app.io.submit(lambda: None).result()
    settings, warning = load_settings(app.paths)
    assert settings.muted is True and warning is None


def test_illegal_action_is_refused_with_a_toast_and_changes_nothing(app):
    table = start_game(app, get("bakerstreet"), [SeatInfo("Me", "human"), SeatInfo("You", "human")], {}, seed=1)
    pending = table.session.pending()
    action = table.state.legal_actions(pending)[0]
    table.set_viewer(1 - pending)  # the other player tries to take the pending player's move
    before = len(table.session.replay.actions)
    reason = table.act(action)
    assert reason and reason != "waiting for confirmation"
    assert len(table.session.replay.actions) == before
    assert app.toasts and app.toasts[-1][0] == reason


def test_window_resizes_keep_the_layout_and_scale_text(app):
    app.stack.push(TitleScene(app))
    pump(app)
    for size in ((1920, 1080), (3840, 2160), (1280, 720), (1600, 1200)):
        app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.draw()
        assert app.canvas.scale == min(size[0] / 1280, size[1] / 720)


def title_over_a_cut_bakerstreet_save(app):
    """The title, its scan done, over a Bakerstreet save cut short. Returns (title, the save's path)."""
    path = app.paths.game_save_file("bakerstreet")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "game": "bakerstreet"')
    title = TitleScene(app)
    app.stack.push(title)
    pump(app, until=lambda: title.scanning is None, timeout=10)
    return title, path


def test_a_corrupt_autosave_is_reported_and_continue_disappears(app):
    title, path = title_over_a_cut_bakerstreet_save(app)
    assert app.toasts and "could not be resumed" in app.toasts[-1][0]
    assert not any(getattr(w, "label", "") == "Continue" for w in title.widgets.items)
    assert list(path.parent.glob("bakerstreet.json.bad-*"))


def test_problems_with_the_players_files_are_told_together_at_once(app):
    """Returning-player play-test: with three damaged files, each notice waited for the one
    before; that a saved game was lost came 12 s after start, when the player had moved on."""
    app.report_problems(["Your settings file was damaged; the defaults are used."])
    title_over_a_cut_bakerstreet_save(app)
    first = app.toasts[0][0]
    assert "settings file was damaged" in first and "could not be resumed" in first
    assert sum("could not be resumed" in t[0] for t in app.toasts) == 1


def test_each_game_keeps_its_suspended_game_and_a_new_one_asks_first(app):
    from sleuth.store.saves import suspended_games
    from sleuth.ui.scenes.dialogs import ConfirmScene

    app.stack.push(TitleScene(app))
    for game_id, seed in (("bakerstreet", 4), ("purrrlock-holmes", 5)):
        table = start_game(app, get(game_id), [SeatInfo("Me", "human"), SeatInfo("Bot", "expert")], {}, seed=seed)
        pump(app, until=lambda t=table: bool(t.legal_for_viewer()), timeout=30)
        table.act(table.legal_for_viewer()[0], confirmed=True)
        app.stack.pop()  # back to the title, the game suspended
    app.io.submit(lambda: None).result()
    assert sorted(suspended_games(app.paths)) == ["bakerstreet", "purrrlock-holmes"]
    title = app.stack.top
    pump(app, until=lambda: title.scanning is None and len(title.suspended) == 2, timeout=10)
    assert title.suspended["bakerstreet"].words == "vs a Hard bot, round 1"
    continues = [w for w in title.widgets.items if getattr(w, "label", "") == "Continue"]
    assert len(continues) == 2 and all("Continue your game of" in w.tooltip for w in continues)
    app.draw()
    # a new game of Bakerstreet asks before it replaces the suspended one
    click(app, centre(next(w for w in title.widgets.items if getattr(w, "label", "") == "New game")))
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.start()
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "vs a Hard bot, round 1" in ask.question
    ask.no()
    assert app.stack.top is setup and "bakerstreet" in suspended_games(app.paths)
    setup.start()
    app.stack.top.yes()
    assert isinstance(app.stack.top, TableScene)
    app.io.submit(lambda: None).result()
    assert sorted(suspended_games(app.paths)) == ["bakerstreet", "purrrlock-holmes"]  # the new one


def test_a_corrupt_settings_file_is_reported_once_at_start(tmp_path):
    from sleuth.ui.driver import headless_app

    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text("{nonsense")
    first = headless_app(str(home))
    assert first.toasts and "settings" in first.toasts[0][0].lower()
    first.shutdown()
    second = headless_app(str(home))
    assert not second.toasts
    second.shutdown()


def test_engine_sentences_get_player_names():
    from sleuth.ui.tableview import name_seats

    assert name_seats("seat 1 caught Furriarty; Seat 0 did not", ["Ann", "Bob"]) == "Bob caught Furriarty; Ann did not"
    assert name_seats("seat 7 is nobody", ["Ann"]) == "seat 7 is nobody"


def test_a_seat_option_of_a_seat_no_longer_in_play_is_dropped(app):
    app.stack.push(TitleScene(app))
    setup = SetupScene(app, get("beyond-baker-street"))
    app.stack.push(setup)
    setup._set_players(3)
    setup._set_option("characters", "random")
    setup._set_option("char3", 13)
    setup._set_players(2)
    setup.start()
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.session.replay.options["char3"] == 0


def test_a_game_without_its_own_table_is_playable_through_the_generic_view(app, toy_registered):
    from sleuth.ui.tableview import GenericTableView, view_class_for

    assert view_class_for("toy") is GenericTableView
    app.stack.push(TitleScene(app))
    table = start_game(app, toy_registered, [SeatInfo("Me", "human"), SeatInfo("Bot", "basic")], {}, seed=1)
    for _ in range(40):
        pump(app, until=lambda: table.state.is_over() or bool(table.legal_for_viewer()), timeout=10)
        if table.state.is_over():
            break
        pump(app, SWAP_HOLD)  # the bot's move has just put other buttons where the last ones were
        button = next(w for w in table.view.widgets.items if isinstance(w, Button))
        click(app, centre(button))
    assert table.state.is_over()


def test_a_bot_that_raises_does_not_stop_the_table(app, monkeypatch):
    from sleuth.games.bakerstreet import bots

    def broken(self, obs, legal, rng, budget_s=0.1):
        raise RuntimeError("bot exploded")

    monkeypatch.setattr(bots.BasicBot, "choose", broken)
    monkeypatch.setattr(bots.BasicBot, "decide", broken)  # the runner asks for the move with its reasons
    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("A", "basic"), SeatInfo("B", "basic")], {}, seed=3)
    pump(app, until=lambda: len(table.session.replay.actions) >= 3, timeout=30)
    assert any("bot made a mistake" in text for text, _ in app.toasts)


def test_the_autosave_is_cleared_and_the_game_recorded_as_soon_as_it_ends(app):
    from sleuth.store.saves import has_autosave

    app.stack.push(TitleScene(app))
    table = start_game(app, get("purrrlock-holmes"), [SeatInfo("A", "random"), SeatInfo("B", "random")], {}, seed=2)
    pump(app, until=lambda: table.state.is_over(), timeout=60)
    pump(app)
    app.io.submit(lambda: None).result()
    assert table.recorded and not has_autosave(app.paths)
    assert app.stats.summary()[0].total.games == 1


def test_a_save_naming_an_unknown_bot_is_refused_not_crashing(app):
    import json

    from sleuth.core import replay as rp
    from sleuth.core.errors import ReplayError

    table = start_game(app, get("case-connection"), [SeatInfo("Me", "human"), SeatInfo("B", "basic")], {}, seed=2)
    payload = json.loads(rp.to_json(table.session.replay, table.state))
    payload["seats"][1]["kind"] = "seer"
    with pytest.raises(ReplayError, match="players, options or bots do not fit Sherlock: Case Connection"):
        rp.from_json(json.dumps(payload))


def test_setup_remembers_the_player_count_seats_and_options_of_each_game(app):
    """Issue 15, item 15: the setup no longer forgets between games (and per game)."""
    spec = get("case-connection")
    setup = SetupScene(app, spec)
    app.stack.push(setup)
    setup._set_players(3)
    setup._set_kind(1, "basic")
    setup._set_name(2, "Cleo")
    setup._set_kind(2, "human")
    setup._set_option("universals", "off")
    setup.start()
    assert isinstance(app.stack.top, TableScene)
    app.stack.pop()
    again = SetupScene(app, spec)
    assert again.players == 3 and again.seat_kinds[1:] == ["basic", "human"] and again.seat_names[2] == "Cleo"
    assert again.options["universals"] == "off"
    other = SetupScene(app, get("bakerstreet"))  # another game keeps its own
    assert other.players == 2 and other.options == dict(get("bakerstreet").resolve_options({}))
    from sleuth.store.settings import load_settings

    app.io.submit(lambda: None).result()
    assert load_settings(app.paths)[0].game_setups["case-connection"]["options"]["universals"] == "off"


def test_the_rules_page_says_where_the_rest_of_the_text_is_and_stops_at_its_ends(app):
    """The foot of the rules names where more text is: below at the start, above at the end (it
    once said "scroll for more" on the last page too); scrolling stops at both ends, so one Up
    after holding Down moves the text at once."""
    from sleuth.ui.scenes.rules import RulesScene

    rules = RulesScene(app, get("beyond-baker-street"))
    app.stack.push(rules)
    pump(app)
    assert rules.max_scroll and rules.max_scroll > 0
    assert rules.scroll == 0 and rules.scroll_hint().startswith("More below")
    key(app, pygame.K_DOWN)
    pump(app)
    assert rules.scroll == 3 and rules.scroll_hint().startswith("More above and below")
    for _ in range(200):
        key(app, pygame.K_PAGEDOWN)
    pump(app)
    assert rules.scroll == rules.max_scroll
    assert rules.scroll_hint().startswith("End of the rules")
    assert "more" not in rules.scroll_hint().lower()
    key(app, pygame.K_UP)
    assert rules.scroll == rules.max_scroll - 3
    key(app, pygame.K_HOME)
    assert rules.scroll == 0
    key(app, pygame.K_END)
    assert rules.scroll == rules.max_scroll


def test_a_rules_page_that_fits_shows_no_scroll_hint(app):
    from sleuth.ui.scenes.rules import RulesScene

    rules = RulesScene(app, get("bakerstreet"))
    rules.text = "# Short\nOne line of rules."
    app.stack.push(rules)
    pump(app)
    assert rules.max_scroll == 0 and rules.scroll_hint() is None


def test_no_default_bot_name_is_a_character_of_any_game():
    """A bot seat named after a character card (the seat "Mrs Hudson" playing Irene Adler) reads
    as two people; the default names avoid every word of every character's name."""
    from sleuth.games.beyond_baker_street.cards import load_cards
    from sleuth.ui.scenes.setup import BOT_NAMES

    character_words = {word for ch in load_cards().characters for word in ch.name.split()}
    for name in BOT_NAMES:
        assert not set(name.split()) & (character_words - {"Mrs", "Sir", "Lady", "Inspector"}), name


def test_f11_switches_once_per_press_and_settings_shows_it(app, monkeypatch):
    """Play-test: F11 with Settings open switched fullscreen but the switch kept saying "off";
    and each repeat of a held F11 made a new window."""
    switched = []
    monkeypatch.setattr(app, "update_settings", lambda **kw: (switched.append(kw), setattr(
        app, "settings", app.settings.updated(**kw))))
    scene = SettingsScene(app)
    app.stack.push(scene)
    down = dict(key=pygame.K_F11, mod=0, unicode="", scancode=0)
    for _ in range(3):  # held: the key repeats
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, down))
    app.dispatch(pygame.event.Event(pygame.KEYUP, down))
    assert len(switched) == 1 and switched[0]["fullscreen"] is True  # the test app starts windowed
    pump(app, 0.1)
    assert scene.fullscreen.value == app.settings.fullscreen == switched[0]["fullscreen"]
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, down))  # a stray down and up come with the new window
    app.dispatch(pygame.event.Event(pygame.KEYUP, down))
    assert len(switched) == 1  # (one press switched on and off without end)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, down))  # the release went to the old window...
    app.dispatch(pygame.event.Event(pygame.WINDOWFOCUSGAINED, window=None))  # ...the new one has the focus
    app._f11_at -= 2.0  # a moment later, the next press switches back
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, down))
    app.dispatch(pygame.event.Event(pygame.KEYUP, down))
    assert len(switched) == 2


def test_who_a_game_is_with_reads_right_for_bots_only_and_team_games():
    """Play-test: a bots-only game read "vs 2 Hard bots" and a cooperative one "vs a Master bot"."""
    from sleuth.ui.words import opponents_text

    bots = [SeatInfo("A", "expert"), SeatInfo("B", "expert")]
    assert opponents_text(bots) == "2 Hard bots, no player"
    partner = [SeatInfo("Ann", "human"), SeatInfo("W", "master")]
    assert opponents_text(partner, team=True) == "with a Master bot"
    assert opponents_text(partner) == "vs a Master bot"


def test_a_bots_only_table_does_not_wait_for_a_player(app, monkeypatch):
    """Play-test: bots-only tables said "Hands are hidden until the next player is at the screen."."""
    from sleuth.ui.canvas import Canvas

    table = start_game(app, get("beyond-baker-street"), [SeatInfo("A", "basic"), SeatInfo("B", "basic")], {}, 3)
    pump(app, 0.2)
    drawn = []
    text = Canvas.text
    monkeypatch.setattr(Canvas, "text", lambda c, words, *a, **k: (drawn.append(words), text(c, words, *a, **k))[1])
    app.keep_painted_layers = False
    app.draw()
    assert table.view.bots_only
    assert "Only bots play: hands stay hidden." in drawn
    assert not any("next player is at the screen" in words for words in drawn)


def test_a_seat_under_its_default_name_takes_the_default_of_its_new_kind(app):
    """Play-test: a seat switched to a bot kept "Player 1", and the results read "Player 1 (Hard bot)
    wins"."""
    from sleuth.ui.scenes.setup import BOT_NAMES

    scene = SetupScene(app, get("bakerstreet"), seats=[SeatInfo("Player 1", "human"), SeatInfo("Watson", "expert")])
    app.stack.push(scene)
    scene._set_kind(0, "expert")
    assert scene.seat_names[0] in BOT_NAMES and scene.seat_names[0] != "Watson"
    scene._set_kind(0, "human")
    assert scene.seat_names[0] == "You"  # the one person at a table of bots
    scene.seat_names[1] = "Ada"
    scene._set_kind(1, "human")
    assert scene.seat_names[1] == "Ada"  # a name someone typed stays


def test_f1_on_the_setup_screen_opens_the_rules(app):
    """Play-test: F1 did nothing on setup, where Case Connection's options point to the rules."""
    from sleuth.ui.scenes.rules import RulesScene

    app.stack.push(SetupScene(app, get("case-connection")))
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top, RulesScene)


def test_a_newcomer_alone_against_bots_is_you_and_a_couch_gets_numbered_names(app):
    """Newcomer play-test: alone against bots the player was "Player 1" in the third person
    ("Player 1 eliminates Clue 1", "Watson disputes Player 1's bid", "Player 1 wins") beside
    "Your turn". The first seat is "You" until a name is typed; with two people at the table a
    "You" seat takes its number ("Pass to You" would name nobody)."""
    scene = SetupScene(app, get("bakerstreet"))
    app.stack.push(scene)
    assert scene.seat_names[0] == "You"
    assert [s.name for s in scene.seats()][0] == "You"
    scene._set_kind(1, "human")
    assert [s.name for s in scene.seats()][0] == "Player 1"
    scene._set_kind(1, "expert")
    # the couch's "Player 1" is "You" again once the other seat is a bot (it had stuck: "Your turn, Player 1")
    assert scene.seat_names[0] == "You" and [s.name for s in scene.seats()][0] == "You"
    scene._set_kind(0, "expert")
    assert scene.seat_names[0] != "You"  # a bot is never "You"


def test_a_remembered_couch_game_seats_you_alone_at_a_table_of_bots(app):
    app.update_settings(game_setups={"bakerstreet": {"seats": [{"name": "Player 1", "kind": "human"},
                                                               {"name": "Watson", "kind": "expert"}],
                                                     "options": {}}})
    scene = SetupScene(app, get("bakerstreet"))
    assert scene.seat_names[0] == "You"


def test_two_seats_of_one_name_are_refused_with_a_reason(app):
    """Returning-player play-test: a second "Ann" became "Ann'" without a word, and the banner
    read "Ann''s turn". The setup says which seats clash and starts nothing."""
    scene = SetupScene(app, get("beyond-baker-street"))
    app.stack.push(scene)
    scene._set_players(3)
    scene._set_kind(0, "human")
    scene._set_kind(2, "human")
    scene._set_name(0, "Ann")
    scene._set_name(2, "Ann")
    scene.start()
    assert app.stack.top is scene and scene.error == ("Seats 1 and 3 are both called Ann: give one of them "
                                                      "another name.")
    scene._set_name(2, "Bob")
    assert scene.error == ""


def test_a_name_typed_in_lower_case_starts_with_a_capital_at_the_table(app):
    """Keyboard play-test: "ada" read "ada tells Watson..." in one line and "Ada's Investigation"
    in the next, where a sentence began with it."""
    scene = SetupScene(app, get("beyond-baker-street"))
    app.stack.push(scene)
    scene._set_players(3)
    scene._set_kind(0, "human")
    scene._set_kind(2, "human")
    scene._set_name(0, "ada")
    scene._set_name(2, "éowyn de Vries")
    assert [s.name for s in scene.seats()][::2] == ["Ada", "Éowyn de Vries"]
    scene._set_name(2, "Ada")
    scene.start()
    assert app.stack.top is scene and "both called Ada" in scene.error


def test_a_long_name_fits_its_field_and_the_handoff_card(app):
    """Returning-player play-test: a 14-letter name of W's ran under the Human / Bot choice beside
    its field, and "Pass to WWWW..." ran out of the handoff card at both sides."""
    from sleuth.ui.scenes.handoff import HandoffScene
    from sleuth.ui.widgets import TextField
    from tests.ui.test_results_and_statistics import TextSpy

    scene = SetupScene(app, get("bakerstreet"))
    app.stack.push(scene)
    name = "W" * 14
    field = next(w for w in scene.widgets.items if isinstance(w, TextField) and w.label == "1")
    field.value = name
    for focused in (False, True):
        shown, size = field.shown_text(app.canvas, focused)
        assert size >= 14 and app.canvas.text_size(shown, size)[0] <= field.rect[2] - 24
    table = start_game(app, get("bakerstreet"), [SeatInfo(name, "human"), SeatInfo("Ann", "human")], {}, 3)
    handoff = HandoffScene(app, table, 0)
    spy = TextSpy(app.canvas)
    handoff.draw(app.canvas)
    for text, pos, size in spy.drawn:
        if name[:6] in text:
            width = app.canvas.text_size(text, size, True, serif=size > 24)[0]
            assert pos[0] - width / 2 >= 340 - 1 and pos[0] + width / 2 <= 940 + 1, (text, size)


def test_the_title_opens_each_games_rules(app):
    """Newcomer play-test: the title offered lessons only; the rules page was reached from inside a
    game alone (F1, the pause menu). Each game's card has a Rules button."""
    from sleuth.ui.scenes.rules import RulesScene

    title = TitleScene(app)
    app.stack.push(title)
    buttons = [w for w in title.widgets.items if getattr(w, "label", "") == "Rules"]
    assert len(buttons) == len(title.specs)
    buttons[2].click((0, 0))
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.spec is title.specs[2]


def test_the_setup_says_what_the_option_pointed_at_does(app, monkeypatch):
    """Newcomer play-test: "Setup: Sleuth's balance rule", "Thread bonus icons" and "Seed: random"
    stood there with nothing to say what they were. Under the options the setup shows the help of
    the one under the pointer (or the keyboard's), else the first."""
    from sleuth.ui.driver import send

    scene = SetupScene(app, get("case-connection"))
    app.stack.push(scene)
    first = scene._about()
    assert first is not None and first.option_key == "setup"
    seed = next(w for w in scene.widgets.items if getattr(w, "label", "") == "Deal number")  # not "Seed"
    x, y, w, h = seed.rect
    send(app, pygame.MOUSEMOTION, pos=(x + w / 2, y + h / 2), rel=(0, 0), buttons=(0, 0, 0))
    assert scene._about() is seed
    words = []
    monkeypatch.setattr(app.canvas, "paragraph", lambda text, *a, **k: words.append(text) or 0)
    app.draw()
    assert any(text.startswith("Leave blank for a fresh deal") for text in words)


def test_enter_with_nothing_in_focus_starts_the_setup_game(app):
    """Keyboard play-test: Enter on the setup screen did nothing until Start had the focus, and Tab
    reached Start before Back."""
    from sleuth.ui.driver import send
    from sleuth.ui.scenes.table import TableScene

    app.stack.push(TitleScene(app))
    scene = SetupScene(app, get("bakerstreet"))
    app.stack.push(scene)
    labels = [w.label for w in scene.widgets.items if isinstance(w, Button)]
    assert labels.index("Back") < labels.index("Start")
    assert scene.widgets.focus is None
    send(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    assert isinstance(app.stack.top, TableScene)


def test_enter_after_clicking_an_option_starts_the_setup_game_and_leaves_the_option_be(app):
    """Play-test: a click left the focus, unringed, on what it clicked; Enter then turned the
    clicked option on once more, unseen, where Enter with nothing ringed starts the game."""
    app.stack.push(TitleScene(app))
    scene = SetupScene(app, get("purrrlock-holmes"))
    app.stack.push(scene)
    players = next(w for w in scene.widgets.items if getattr(w, "label", "") == "Players")
    x, y, w, h = players.rect
    click(app, (x + w - 10, y + h / 2))  # its ">"
    chosen = players.value
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TableScene) and len(app.stack.top.seat_names) == chosen


def test_enter_on_the_pause_menu_resumes_the_game_its_ring_on_resume(app):
    """Resume wears the ring from the start, as a dialog's safe answer does, so Enter (which
    presses only a focus that shows) still resumes the game."""
    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Me", "human"), SeatInfo("Bot", "random")], {}, seed=2)
    pump(app, until=lambda: bool(table.legal_for_viewer()), timeout=30)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.widgets.shown_focus().label == "Resume"
    key(app, pygame.K_RETURN)
    assert app.stack.top is table


def test_left_and_right_move_along_a_menus_buttons(app):
    """Keyboard play-test: on the title, whose game cards stand side by side, Left and Right did
    nothing. On a menu they move the focus when the focused widget does not take them (a choice
    still turns its value)."""
    from sleuth.ui.driver import send

    title = TitleScene(app)
    app.stack.push(title)
    send(app, pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    first = title.widgets.focus
    send(app, pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    assert title.widgets.focus == first + 1 and title.widgets.keyboard
    send(app, pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")
    assert title.widgets.focus == first
    setup = SetupScene(app, get("case-connection"))
    app.stack.push(setup)
    choice = next(w for w in setup.widgets.items if getattr(w, "option_key", "") == "setup")
    setup.widgets.focus = setup.widgets._live().index(choice)
    before = choice.value
    send(app, pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    assert choice.value != before and setup.widgets._live()[setup.widgets.focus] is choice


def test_f11_after_a_lost_release_switches_back_at_the_next_press(app, monkeypatch):
    """Keyboard play-test (no window manager): after F11 switched on, the next press did nothing
    and a second one was needed: the first release went to the old window and no focus event came,
    so the next press looked like a repeat of a held key. A press long after the last F11 event
    is a new one."""
    switched = []
    monkeypatch.setattr(app, "update_settings", lambda **kw: (switched.append(kw), setattr(
        app, "settings", app.settings.updated(**kw))))
    down = dict(key=pygame.K_F11, mod=0, unicode="", scancode=0)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, down))  # on; its release is lost with the old window
    assert len(switched) == 1
    app._f11_at -= 2.0
    app._f11_seen -= 2.0  # the player presses again, seconds later
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, down))
    assert len(switched) == 2 and switched[1]["fullscreen"] is False


def test_enter_in_a_name_field_finishes_it_and_a_click_beside_it_lets_go(app):
    """Verification play-test: after typing a name, Enter did nothing and a click on empty space
    did not release the field, so the keyboard could not start the game. Couch play-test: Enter in
    a name field then started the game at once, before the player had made seat 3 human. Enter
    now finishes the field: the keys go to the next seat's name, the last name lets go of them,
    and Enter with nothing in hand (or on Start) starts the game."""
    from sleuth.ui.driver import click, send
    from sleuth.ui.scenes.table import TableScene
    from sleuth.ui.widgets import TextField

    app.stack.push(TitleScene(app))
    scene = SetupScene(app, get("purrrlock-holmes"))
    app.stack.push(scene)
    scene._set_players(3)
    names = [w for w in scene.widgets.items if isinstance(w, TextField) and w.label.isdigit()]
    assert len(names) == 3
    first = scene.widgets._live().index(names[0])
    scene.widgets.focus = first
    click(app, (640, 520))  # empty space
    assert scene.widgets.focus is None
    scene.widgets.focus = first
    names[0].select_all()
    send(app, pygame.TEXTINPUT, text="Ann")
    for name in names[1:]:
        send(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        assert app.stack.top is scene and scene.widgets.focused_text() is name
    send(app, pygame.KEYDOWN, key=pygame.K_KP_ENTER, mod=0, unicode="\r")  # the last name
    assert app.stack.top is scene and scene.widgets.focus is None
    seed = next(w for w in scene.widgets.items if isinstance(w, TextField) and w.label == "Deal number")
    scene.widgets.focus = scene.widgets._live().index(seed)
    send(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    assert app.stack.top is scene and scene.widgets.focus is None
    start = next(w for w in scene.widgets.items if isinstance(w, Button) and w.label == "Start")
    scene.widgets.focus = scene.widgets._live().index(start)
    send(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    assert isinstance(app.stack.top, TableScene) and app.stack.top.seat_names[0] == "Ann"


def test_the_setup_says_what_a_seats_character_does(app):
    """Big-table play-test: the character picker showed "1. Inspector Lestrade" and nothing of
    the ability until the game began. Pointed at, the setup says what the character does."""
    from sleuth.ui.driver import send

    scene = SetupScene(app, get("beyond-baker-street"))
    app.stack.push(scene)
    scene._set_option("characters", "random")
    scene._build()
    seat_choice = next(w for w in scene.widgets.items if getattr(w, "option_key", "").startswith("char")
                       and w.option_key != "characters")
    x, y, w, h = seat_choice.rect
    send(app, pygame.MOUSEMOTION, pos=(x + w / 2, y + h / 2), rel=(0, 0), buttons=(0, 0, 0))
    assert scene._about() is seat_choice and seat_choice.tooltip


def test_a_tooltip_lies_beside_the_other_buttons_not_on_them(app):
    """Returning-player play-test: the "Purrrlock notes" choice's tooltip covered the Done button.
    (Settings now says what a row does on a line of its own; the pause menu's buttons, one above
    the other, ask the same of a tooltip.)"""
    from types import SimpleNamespace

    from sleuth.ui.scenes.pause import PauseScene

    table = SimpleNamespace(tutorial=None, state=SimpleNamespace(is_over=lambda: False))
    settings = PauseScene(app, table)
    app.stack.push(settings)
    choice = button(settings, "Settings")
    done = button(settings, "Save and quit to title")
    x, y, w, h = choice.rect
    app.mouse_pos = (x + w / 2, y + h - 4)
    text = settings.tooltip(app.mouse_pos)
    assert text
    lines = app.canvas.wrap(text, 17, 320)
    tw = min(340, max(app.canvas.text_size(line, 17)[0] for line in lines) + 20)
    th = len(lines) * 20 + 12
    tx, ty = app._tooltip_spot(tw, th)
    dx, dy, dw, dh = done.rect
    assert not (tx < dx + dw and dx < tx + tw and ty < dy + dh and dy < ty + th)


def test_a_long_question_is_asked_whole(app):
    """Verification play-test: the save-failure question lost its last sentence (the question
    itself) under a panel of fixed height. The panel grows with its words; the buttons stay below."""
    from sleuth.ui.scenes.dialogs import QUESTION_SIZE, ConfirmScene

    question = ("Your game could not be saved: a folder named purrrlock-holmes.json lies where the save "
                "belongs (/home/someone/.local/share/sleuth/saves). If you quit now, it is lost. Quit to the "
                "title anyway?")
    ask = ConfirmScene(app, question, lambda: None)
    rows = app.canvas.wrap(question, QUESTION_SIZE, 480)
    x, y, w, h = ask.rect
    assert 70 + len(rows) * QUESTION_SIZE * 1.2 <= ask.text_h + 70 + 0.5
    assert all(b.rect[1] >= y + 70 + ask.text_h + 8 and b.rect[1] + b.rect[3] <= y + h for b in ask.widgets.items)


def test_a_first_setup_offers_easy_opponents_and_hard_partners(app):
    """Play-test: every new-game screen suggested Hard bots, also to a first-time player. Against
    opponents (Bakerstreet, Case Connection) a first game is against Easy bots; in the games the
    seats win together (Beyond Baker Street, Purrrlock's catch) the partners stay Hard bots. A
    seat added later is a bot like the others at the table."""
    for game, kind in (("bakerstreet", "basic"), ("case-connection", "basic"),
                       ("beyond-baker-street", "expert"), ("purrrlock-holmes", "expert")):
        scene = SetupScene(app, get(game))
        assert scene.seat_kinds[0] == "human"
        assert set(scene.seat_kinds[1:]) == {kind}, game
    scene = SetupScene(app, get("case-connection"))
    scene._set_kind(1, "expert")
    scene._set_players(4)
    assert scene.seat_kinds == ["human", "expert", "expert", "expert"]
    scene._set_players(2)
    scene._set_kind(1, "human")
    scene._set_players(3)
    assert scene.seat_kinds == ["human", "human", "basic"]


def test_the_title_says_how_each_game_is_played(app, monkeypatch):
    """Newcomer play-test: Purrrlock's card said "team race", and its setup had no teams: the
    players catch Furriarty together and the most VP wins: semi-cooperative."""
    drawn = []
    text = app.canvas.text
    monkeypatch.setattr(app.canvas, "text", lambda words, *a, **k: (drawn.append(words), text(words, *a, **k))[1])
    app.stack.push(TitleScene(app))
    app.keep_painted_layers = False
    app.draw()
    assert "2-5 players - semi-cooperative" in drawn
    assert "2-4 players - cooperative" in drawn and "2 players - competitive" in drawn
    assert not any("team race" in words for words in drawn)


def test_a_banner_line_on_two_rows_is_balanced_not_a_word_left_alone(app):
    """Purrrlock play-test: "Stamford passes Dog 6 and Dog 7 to you." wrapped with "you." alone on
    the banner's second row. Two rows now share the words about evenly, within the same room."""
    from sleuth.ui.scenes.table import BANNER_TWO_LINES, _balanced

    canvas = app.canvas
    line = "Stamford passes Dog 6 and Dog 7 to you."
    full = canvas.text_size(line, BANNER_TWO_LINES)[0]
    width = canvas.text_size("Stamford passes Dog 6 and Dog 7 to", BANNER_TWO_LINES)[0] + 2
    assert width < full and canvas.wrap(line, BANNER_TWO_LINES, width)[1] == "you."  # the old way
    rows = _balanced(canvas, line, BANNER_TWO_LINES, width)
    assert len(rows) == 2 and " ".join(rows) == line
    widths = [canvas.text_size(row, BANNER_TWO_LINES)[0] for row in rows]
    assert max(widths) <= width and min(widths) > 0.6 * max(widths)


def test_a_tables_notice_waits_unseen_under_the_pause_menu_and_a_question(app):
    """Verifier: the table's notice ("The case can no longer be solved...") showed at full brightness
    over the pause menu and over the question that repeated it. A screen's notice is shown only
    while that screen is on top; it comes back when the menu closes."""
    from sleuth.ui.scenes.dialogs import ConfirmScene

    table = start_game(app, get("bakerstreet"), [SeatInfo("Me", "human"), SeatInfo("Bot", "random")], {}, seed=2)
    pump(app, until=lambda: bool(table.legal_for_viewer()), timeout=30)
    app.toast("A notice of the table.", 30.0)
    assert app._place_toast() is not None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert app._place_toast() is None and app.frame_key()[1] is None
    app.toast("The menu's own notice.")
    assert app._place_toast()[0] == ["The menu's own notice."]
    app.stack.push(ConfirmScene(app, "Really?", lambda: None))
    assert app._place_toast() is None
    app.stack.pop()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    pump(app, 0.1)
    assert app._place_toast()[0] == ["A notice of the table."]
