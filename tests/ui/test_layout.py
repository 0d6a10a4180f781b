"""The automatic layout check (issue 18) on every scene and on each table in scripted states, at
1280x720 and 1920x1080: no text under 14 px or off screen, no two lines of text overlapping, no
text over a control it does not belong to, no control over another (sleuth/ui/layoutcheck.py)."""

from __future__ import annotations

import pygame
import pytest

from sleuth.core.registry import game_ids, get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import headless_app, pump
from sleuth.ui.layoutcheck import check

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(params=SIZES, ids=["1280x720", "1920x1080"])
def app(request, tmp_path):
    application = headless_app(str(tmp_path / "home"), size=request.param, animation_speed="instant",
                               bot_pace="instant")
    yield application
    application.shutdown()


def findings(app) -> list[str]:
    app.toasts.clear()
    return [str(f) for f in check(app)]


def play_until(app, table, moves: int) -> None:
    """The human plays ``moves`` of its moves (the first legal one each time), bots answer."""
    for _ in range(moves):
        pump(app, until=lambda: table.state.is_over() or table.viewer_may_act(), timeout=60)
        if table.state.is_over():
            return
        table.act(table.legal_for_viewer()[0], confirmed=True)
    pump(app, until=lambda: table.state.is_over() or table.viewer_may_act(), timeout=60)


def table_for(app, game_id: str, players: int | None = None):
    from sleuth.ui.scenes.table import start_game

    spec = get(game_id)
    players = players or spec.max_players
    names = ["You", "Mrs Hudson", "Inspector Lestrade", "Mycroft", "Irene Adler"]
    seats = [SeatInfo(names[0], "human")] + [SeatInfo(names[i], "basic") for i in range(1, players)]
    return start_game(app, spec, seats, {}, seed=7)


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("moment", ["start", "mid-game", "drawer open", "moves list", "results"])
def test_a_table_in_every_moment_has_a_clean_layout(app, game_id, moment):
    table = table_for(app, game_id)
    if moment == "start":
        pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    elif moment == "mid-game":
        play_until(app, table, 6)
    elif moment == "drawer open":
        play_until(app, table, 3)
        table.toggle_log()
    elif moment == "moves list":
        play_until(app, table, 2)
        if table.viewer_may_act():
            table.show_moves()
    else:
        play_until(app, table, 400)
        pump(app, until=lambda: table.results_shown, timeout=60)
    assert findings(app) == []


@pytest.mark.parametrize("scene", ["title", "setup", "settings", "statistics", "pause", "handoff", "rules"])
def test_every_other_scene_has_a_clean_layout(app, scene):
    from sleuth.ui.scenes.handoff import HandoffScene
    from sleuth.ui.scenes.pause import PauseScene
    from sleuth.ui.scenes.rules import RulesScene
    from sleuth.ui.scenes.settings import SettingsScene
    from sleuth.ui.scenes.setup import SetupScene
    from sleuth.ui.scenes.statistics import StatisticsScene
    from sleuth.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    pump(app, 0.2)
    if scene == "setup":
        app.stack.push(SetupScene(app, get("beyond-baker-street")))
    elif scene == "settings":
        app.stack.push(SettingsScene(app))
    elif scene == "statistics":
        app.stack.push(StatisticsScene(app))
    elif scene == "rules":
        app.stack.push(RulesScene(app, get("purrrlock-holmes")))
    elif scene in ("pause", "handoff"):
        table = table_for(app, "bakerstreet")
        pump(app, until=lambda: table.viewer_may_act(), timeout=60)
        app.stack.push(PauseScene(app, table) if scene == "pause" else HandoffScene(app, table, 0))
    pump(app, 0.2)
    assert findings(app) == []


def test_the_check_finds_what_it_is_for(app):
    """It catches an overlap, small text and a control under text (it must see faults to be trusted)."""
    from sleuth.ui.scene import Scene
    from sleuth.ui.widgets import Button, Widgets

    class Broken(Scene):
        def __init__(self, app):
            super().__init__(app)
            self.widgets = Widgets([Button((100, 100, 200, 40), label="Play"), Button((250, 110, 200, 40), label="Go")])

        def draw(self, canvas):
            canvas.box((0, 0, 1280, 720), (30, 60, 40))
            canvas.text("Mrs Hudson - choosing", (100, 300), 16, (255, 255, 255))
            canvas.text("2 points", (150, 300), 16, (255, 255, 255))
            canvas.text("tiny", (100, 400), 10, (255, 255, 255))  # drawn at the 14 px floor, still reported
            canvas.text("a label over a button", (120, 95), 16, (255, 255, 255))
            self.widgets.draw(canvas, self.app.palette)

    app.stack.push(Broken(app))
    kinds = {f.split(":")[0] for f in findings(app)}
    assert kinds >= {"texts overlap", "small text", "text over a control", "controls overlap"}
    pygame.event.clear()


def test_a_long_newest_line_in_the_banner_is_shown_whole_on_two_lines(app, monkeypatch):
    """The banner's newest move ("Ann draws 3 leads (worth 4, 4 and 3 points) and keeps one.") was
    cut with an ellipsis at 16 px; it steps down to 15 px and then takes two lines before cutting."""
    table = table_for(app, "case-connection", players=3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    line = "Inspector Lestrade draws 3 leads (worth 4, 4 and 3 points) and keeps the one worth 4 points."
    table._flash = (line, table.clock + 60)
    rows = banner_rows(app, monkeypatch, "Inspector Lestrade draws")
    assert " ".join(words for words, _ in rows) == line, rows
    assert all(size == 15 for _, size in rows)
    assert not findings(app)


def banner_rows(app, monkeypatch, start: str) -> list[tuple[str, float]]:
    """The two lines (words, size) drawn from the first one that begins with ``start``."""
    from sleuth.ui.canvas import Canvas

    app.keep_painted_layers = False
    drawn = []
    text = Canvas.text

    def spy(canvas, words, pos, size, colour, anchor="topleft", bold=False, serif=False):
        drawn.append((words, size))
        return text(canvas, words, pos, size, colour, anchor, bold, serif)

    monkeypatch.setattr(Canvas, "text", spy)
    app.draw()
    first = next(i for i, (words, _) in enumerate(drawn) if words.startswith(start))
    return drawn[first:first + 2]


def test_a_long_banner_text_is_shown_whole_on_two_lines(app, monkeypatch):
    """Play-test: "Bob calls Paws! Pick a guess in your notes, then..." was cut where it said what
    to do. A banner text too long for one line takes two, at 15 px (14 px read as 13 to testers)."""
    table = table_for(app, "purrrlock-holmes", players=3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    line = ("Mrs Hudson calls Paws! Pick a guess in your notes, then press Paws! to make it, or Cancel to give "
            "the turn back to Inspector Lestrade.")
    monkeypatch.setattr(table, "banner_text", lambda: line)
    table._flash = table._pending_flash = None
    rows = banner_rows(app, monkeypatch, "Mrs Hudson calls Paws!")
    assert " ".join(words for words, _ in rows) == line and all(size == 15 for _, size in rows), rows


def test_the_banner_does_not_say_whose_turn_twice(app, monkeypatch):
    """Play-test: "Billy's turn   Round 1: Billy's turn."."""
    table = table_for(app, "purrrlock-holmes", players=3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    monkeypatch.setattr(table, "banner_text", lambda: "Billy's turn")
    assert table._flash_repeats_turn("Round 1: Billy's turn.")
    assert not table._flash_repeats_turn("Billy asks about Goose 10: a Lead.")
    monkeypatch.setattr(table, "banner_text", lambda: "Your turn, Ann: ask about 2 cards")
    assert table._flash_repeats_turn("Round 2: your turn.")
    from sleuth.ui.scenes.table import start_game

    ann = start_game(app, get("purrrlock-holmes"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, 7)
    pump(app, until=lambda: ann.viewer_may_act(), timeout=60)
    monkeypatch.setattr(ann, "banner_text", lambda: "Your turn, Ann: ask about 2 cards")
    assert ann._flash_repeats_turn("Round 2: Ann's turn.")  # the viewer by name, in the public words
