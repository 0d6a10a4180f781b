"""Play-test of the Settings screen and the shared widgets by a colour-blind player who prefers
less motion and plays with the keyboard."""

import pygame

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.store.settings import ANIMATION_SPEEDS, BOT_PACES
from sleuth.ui.driver import click, key, pump, send
from sleuth.ui.scenes import settings as settings_screen
from sleuth.ui.scenes.settings import SettingsScene
from sleuth.ui.scenes.title import TitleScene
from sleuth.ui.widgets import Choice, Slider


def row(scene, label):
    return next(w for w in scene.widgets.items if getattr(w, "label", "") == label)


def focused(scene):
    live = scene.widgets._live()
    return live[scene.widgets.focus] if scene.widgets.focus is not None else None


def overlaps(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def drawn_words(app, monkeypatch, draw) -> list[str]:
    """Every text and paragraph ``draw`` puts on the app's canvas."""
    words: list[str] = []
    canvas = app.canvas
    text, paragraph = canvas.text, canvas.paragraph
    monkeypatch.setattr(canvas, "text", lambda t, *a, **k: (words.append(t), text(t, *a, **k))[1])
    monkeypatch.setattr(canvas, "paragraph", lambda t, *a, **k: (words.append(t), paragraph(t, *a, **k))[1])
    draw()
    monkeypatch.undo()
    return words


def open_settings(app) -> SettingsScene:
    app.stack.push(TitleScene(app))
    scene = SettingsScene(app)
    app.stack.push(scene)
    pump(app)
    return scene


def test_a_row_reached_with_tab_says_what_it_does(app, monkeypatch):
    """The play-tester tabbed to a row and waited: nothing said what it did (the words came only
    as a tooltip under the mouse). The focused row's words show on the line at the panel's foot,
    the pointed row's when the pointer moved last; the line covers no row or button."""
    scene = open_settings(app)
    send(app, pygame.MOUSEMOTION, pos=(40, 40), rel=(0, 0), buttons=(0, 0, 0))  # the pointer on the felt
    for _ in range(3):
        key(app, pygame.K_TAB)
    bot_pace = row(scene, "Bot pace")
    assert focused(scene) is bot_pace and scene.widgets.keyboard
    assert scene.about().startswith(bot_pace.tooltip)
    assert scene.about() in drawn_words(app, monkeypatch, app.draw)
    # the pointer rests on another row: its words; a key again: the focused row's
    coach = row(scene, "Coach: Hint button (H)")
    x, y, w, h = coach.rect
    send(app, pygame.MOUSEMOTION, pos=(x + w / 2, y + h / 2), rel=(0, 0), buttons=(0, 0, 0))
    assert scene.about().startswith(coach.tooltip)
    key(app, pygame.K_TAB)
    assert scene.about().startswith(focused(scene).tooltip)
    assert all(not overlaps(settings_screen.ABOUT, tuple(widget.rect)) for widget in scene.widgets.items)
    assert scene.tooltip((x + w / 2, y + h / 2)) is None  # not said twice, in a box over the rows


def test_every_settings_row_is_explained_whole_on_its_line(app):
    """Each row (and Done) has words, and they fit the line at the foot of the panel whole, at 14 px
    or more."""
    scene = open_settings(app)
    canvas = app.canvas
    about, sizes = settings_screen.ABOUT, settings_screen.ABOUT_SIZES
    for widget in scene.widgets.items:
        assert widget.tooltip, getattr(widget, "label", widget)
        fits = [size for size in sizes if len(canvas.wrap(widget.tooltip + ".", size, about[2])) * size * 1.2
                <= about[3] + 0.5]
        assert fits and min(sizes) >= 14, widget.label


def test_ask_before_a_move_that_loses_says_what_it_does_and_in_which_games(app):
    """The row had no explanation at all. The warning is asked in Beyond Baker Street and
    Purrrlock Holmes (their tables' ``risky``); no Bakerstreet or Case Connection move loses at once."""
    scene = open_settings(app)
    words = row(scene, "Ask before a move that loses").tooltip
    assert "Are you sure?" in words
    for game in ("Beyond Baker Street", "Purrrlock Holmes", "Bakerstreet", "Case Connection"):
        assert game in words
    assert "Bakerstreet and Case Connection have no such moves" in words


def test_animations_run_in_order_of_speed_and_stop_at_instant(app):
    """The Animations choice went Normal, Fast, Instant, Slow: round and round, Slow right after
    Instant. It runs Slow, Normal, Fast, Instant and stops at either end (its arrow fades); the
    words tell a player who wants less motion that Instant is the one with none."""
    assert [ANIMATION_SPEEDS[k] for k in ANIMATION_SPEEDS] == sorted(ANIMATION_SPEEDS.values(), reverse=True)
    assert [BOT_PACES[k] for k in BOT_PACES] == sorted(BOT_PACES.values(), reverse=True)
    app.settings = app.settings.updated(animation_speed="slow")
    scene = open_settings(app)
    animations = row(scene, "Animations")
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert focused(scene) is animations
    seen = [animations.shown()]
    for _ in range(4):
        key(app, pygame.K_RIGHT)
        seen.append(animations.shown())
    assert seen == ["Slow", "Normal", "Fast", "Instant", "Instant"]
    assert focused(scene) is animations  # Right at the end stays on the row
    assert app.settings.animation_speed == "instant"
    for _ in range(4):
        key(app, pygame.K_LEFT)
    assert animations.shown() == "Slow" and app.settings.animation_speed == "slow"
    assert "Instant: no motion, every move shown at once" in animations.tooltip
    pace = row(scene, "Bot pace")
    assert not pace.wraps and [pace.labels[i] for i in range(len(pace.options))] == ["Slow", "Normal", "Fast",
                                                                                       "Instant"]


def test_a_choice_that_goes_round_still_goes_round():
    """The Purrrlock notes (and the setup screen's choices) still go round: only a scale stops."""
    choice = Choice((0, 0, 300, 40), options=("full", "marks", "off"), index=2)
    assert choice.key(pygame.K_RIGHT) and choice.value == "full"


def test_volume_is_dimmed_and_says_so_while_muted(app, monkeypatch):
    """The Volume slider still looked live while Mute was on: it is drawn dimmed with "(muted)"
    after its value, and its words say why, until Mute is off again."""
    scene = open_settings(app)
    volume = next(w for w in scene.widgets.items if isinstance(w, Slider))
    mute = row(scene, "Mute")
    live_words = drawn_words(app, monkeypatch, app.draw)
    live_shot = app.window.copy()
    assert not volume.dimmed and "Volume: 70%" in live_words
    click(app, (mute.rect[0] + 10, mute.rect[1] + 10))
    assert app.settings.muted and volume.dimmed == "muted"
    assert "Mute is on" in volume.tooltip
    muted_words = drawn_words(app, monkeypatch, app.draw)
    assert "Volume: 70% (muted)" in muted_words
    x, y, w, h = volume.rect
    spot = app.canvas.rect((x + 6, y + 6, 1, 1)).topleft  # the slider's face, left of its words
    assert app.window.get_at(spot) != live_shot.get_at(spot)
    click(app, (mute.rect[0] + 10, mute.rect[1] + 10))
    assert not app.settings.muted and not volume.dimmed and "Mute is on" not in volume.tooltip
    # muted before Settings was opened: dimmed from the start
    app.settings = app.settings.updated(muted=True)
    assert SettingsScene(app).volume.dimmed == "muted"


def luminance(colour) -> float:
    r, g, b = colour[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_the_keyboard_ring_shows_in_greyscale_on_gold_and_pale_buttons(app):
    """The ring on the gold buttons (Play, Start, Done) was a lighter fill and a thin gold-on-dark
    outline, lost in greyscale. Around a gold and a pale button alike: a pale band then a thick
    dark one, far apart in brightness, and dark against the gold button itself."""
    scene = open_settings(app)
    done = row(scene, "Done")
    fullscreen = row(scene, "Fullscreen (F11)")
    for target in (done, fullscreen):
        scene.widgets.focus = scene.widgets._live().index(target)
        scene.widgets.keyboard = True
        app.draw()
        x, y, w, h = target.rect
        centre_x = x + w / 2
        pale = app.window.get_at(app.canvas.point((centre_x, y - 2)))  # 2 and 3 px out
        face = app.window.get_at(app.canvas.point((x + 6, y + h / 2)))
        assert luminance(pale) > 200, (target.label, pale)
        for out in (4, 5, 6, 7):  # a dark band 4 px thick, 4 to 7 px out
            dark = app.window.get_at(app.canvas.point((centre_x, y - out)))
            assert luminance(dark) < 60 and luminance(face) - luminance(dark) > 100, (target.label, out, dark)
        assert luminance(face) - luminance(dark) > 100


def test_the_pause_shows_the_turn_alone_in_the_banner(app, monkeypatch):
    """Behind the pause menu the table's how-to and the newest move ran together in one dimmed
    line ("Your turn, Ann: choose the lead you keep   Bot keeps a 2-point lead..."). Under the
    menu the banner shows the turn alone; the move's line is back with the table."""
    from sleuth.ui.scenes.pause import PauseScene
    from sleuth.ui.scenes.table import start_game

    app.settings = app.settings.updated(bot_pace="instant", animation_speed="instant")
    app.stack.push(TitleScene(app))
    table = start_game(app, get("case-connection"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, 3)
    pump(app, until=lambda: table.viewer_may_act() and table._flash is not None, timeout=60)
    news = table._flash[0]

    def banner() -> str:
        return " ".join(drawn_words(app, monkeypatch, lambda: table.draw_banner(app.canvas)))

    assert news in banner()  # at the table: beside the how-to, on two lines of its own
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    behind = banner()
    assert news.split(";")[0] not in behind and table.banner_text() in behind
    key(app, pygame.K_ESCAPE)  # Resume
    assert app.stack.top is table
    assert news in banner()


def test_an_old_settings_file_keeps_its_animation_speed_and_bot_pace(app):
    """The scale's new order changes no saved name: a file from before keeps each speed and pace,
    with no warning, and the row shows it."""
    import json

    from sleuth.store.settings import load_settings

    for name in ANIMATION_SPEEDS:
        app.paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
        app.paths.settings_file.write_text(json.dumps({"version": 1, "animation_speed": name, "bot_pace": name}))
        settings, warning = load_settings(app.paths)
        assert (settings.animation_speed, settings.bot_pace, warning) == (name, name, None)
        app.settings = settings
        scene = SettingsScene(app)
        assert row(scene, "Animations").shown() == row(scene, "Bot pace").shown() == name.capitalize()
