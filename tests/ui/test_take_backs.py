"""Take-backs in a game of one human against bots: Take back (Ctrl+Z) takes back the human's last move
and every bot move after it, unless something hidden was shown to the human since; the bots then
choose exactly as they did the first time; undos are counted in the save and the statistics."""

from __future__ import annotations

import random

import pygame
import pytest

from sleuth.core import replay as rp
from sleuth.core.registry import available, get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import click, pump, send
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.title import TitleScene
from sleuth.ui.session import GameSession

GAMES = [spec.id for spec in available()]


def bots_play(session: GameSession) -> None:
    """Let the bots move until the human is to move (or the game ends)."""
    while not session.state.is_over() and session.bot_jobs_due():
        session.start_bot_decision()
        decision = session.wait_for_bot(60)
        if decision is not None and decision.action is not None:
            session.apply(decision.seat, decision.action, decision.explanation)


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_goes_back_exactly_and_the_bots_choose_the_same_again(game_id):
    spec = get(game_id)
    seats = [SeatInfo("Ada", "human")] + [SeatInfo(f"Bot {i}", "basic") for i in range(1, spec.min_players)]
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        session = GameSession.new(game_id, seats, {}, seed)
        for _ in range(30):
            bots_play(session)
            if session.state.is_over():
                break
            point, event, reason = session.take_back_point()
            if point is not None:
                before = list(session.replay.actions)
                session.take_back(point)
                assert session.replay.actions == before[:point]
                assert rp.log_digest(session.state) == rp.log_digest(rp.rebuild(session.replay))
                seat, text = before[point]
                session.apply(seat, spec.actions.parse(text))  # the same move again
                bots_play(session)
                assert session.replay.actions[: len(before)] == before[: len(session.replay.actions)]
                checked += 1
            else:
                assert event is not None or reason
                if event is not None:
                    assert session.state.reveals_to(0, event)
            legal = session.state.legal_actions(0)
            if not legal:
                break
            session.apply(0, rng.choice(legal))
        session.close()
    # Bakerstreet's and Purrrlock's moves all show something hidden (a drawn card; an answer or a
    # verdict): there a take-back is always refused, with the event that forbids it
    assert checked or game_id in ("bakerstreet", "purrrlock-holmes"), "some move could be taken back"


def test_a_private_event_since_the_move_forbids_the_take_back():
    """Bakerstreet: playing a card draws a new one (shown only to the player): no take-back."""
    session = GameSession.new("bakerstreet", [SeatInfo("Ada", "human"), SeatInfo("Bot", "basic")], {}, 7)
    state = session.state
    play = next(a for a in state.legal_actions(0) if a.KIND == "play")
    session.apply(0, play)
    point, event, _ = session.take_back_point()
    assert point is None and event.KIND == "drew" and event.audience == (0,)
    bid = state.legal_actions(0)[0]
    session.apply(0, bid)
    point, event, _ = session.take_back_point()
    assert point == 1 and event is None  # the bid showed nothing hidden: it can be taken back


def test_ctrl_z_on_the_table_takes_back_and_counts(app):
    app.settings = app.settings.updated(bot_pace="slow")
    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ada", "human"), SeatInfo("Bot", "expert")], {}, 7)
    pump(app, until=table.viewer_may_act, timeout=30)
    play = next(a for a in table.legal_for_viewer() if a.KIND == "play")
    table.act(play, confirmed=True)
    pump(app, until=table.viewer_may_act, timeout=30)
    send(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    assert len(table.session.replay.actions) == 1
    assert any("cannot be taken back" in text and "draws" in text for text, _ in app.toasts), app.toasts
    table.act(table.legal_for_viewer()[0], confirmed=True)
    send(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    assert len(table.session.replay.actions) == 1 and table.session.replay.undos == 1
    assert any("taken back" in text and "1 take-back" in text for text, _ in app.toasts)
    assert any(tab.label == "Take back" for tab in table.banner_tabs())
    saved = rp.to_json(table.session.replay, table.session.state)
    replay, _ = rp.from_json(saved)
    assert replay.undos == 1


def test_take_back_is_greyed_until_there_is_a_move_to_take_back(app):
    """Take back stays in its place from the first turn, greyed with the reason until the human has a
    move to take back; a greyed Take back clicked says why and changes nothing."""
    app.settings = app.settings.updated(bot_pace="slow")
    app.stack.push(TitleScene(app))
    table = start_game(app, get("beyond-baker-street"),
                       [SeatInfo("Ada", "human"), SeatInfo("Bot", "basic")], {}, 3)
    pump(app, until=table.viewer_may_act, timeout=30)
    undo = next(tab for tab in table.banner_tabs() if tab.label == "Take back")
    if table.session.replay.actions:  # the bot moved first: the human has still not moved
        assert all(seat != 0 for seat, _ in table.session.replay.actions)
    assert not undo.available and undo.tip == "You have not moved yet."
    before = list(table.session.replay.actions)
    click(app, (undo.rect[0] + 5, undo.rect[1] + 5))
    assert table.session.replay.actions == before
    assert any("not moved yet" in text for text, _ in app.toasts)
    move = next(a for a in table.legal_for_viewer() if a.KIND != "investigate")
    table.act(move, confirmed=True)
    pump(app, until=table.viewer_may_act, timeout=30)
    undo = next(tab for tab in table.banner_tabs() if tab.label == "Take back")
    assert undo.available == (table.session.take_back_point()[0] is not None)


def test_undos_reach_the_statistics(tmp_path):
    from sleuth.core.engine import Outcome
    from sleuth.store.paths import UserPaths
    from sleuth.store.stats import StatsStore

    store = StatsStore(UserPaths(tmp_path / "config", tmp_path / "data", tmp_path / "logs"))
    replay = rp.Replay("bakerstreet", {}, [SeatInfo("Ada", "human"), SeatInfo("Bot", "basic")], 3, [], undos=2)
    store.record_game(replay, Outcome(team_won=None, winners=(0,), scores=(1, 0), reason="seat 0 wins"))
    assert store.games()[0].undos == 2
    assert store.summary()[0].total.undos == 2


def test_a_statistics_file_from_before_gains_the_new_tables(tmp_path):
    import sqlite3

    from sleuth.store.paths import UserPaths
    from sleuth.store.stats import StatsStore

    paths = UserPaths(tmp_path / "config", tmp_path / "data", tmp_path / "logs")
    paths.stats_file.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(paths.stats_file)
    conn.executescript("""
    CREATE TABLE schema_version (version INTEGER NOT NULL);
    INSERT INTO schema_version VALUES (1);
    CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, finished_at TEXT NOT NULL, game_id TEXT NOT NULL,
        options TEXT NOT NULL, seats TEXT NOT NULL, team_won INTEGER, winners TEXT NOT NULL, scores TEXT NOT NULL,
        reason TEXT NOT NULL, length INTEGER NOT NULL, seed INTEGER NOT NULL);
    INSERT INTO games VALUES (1, '2026-01-01T00:00:00+00:00', 'bakerstreet', '{}',
        '[{"name": "Ada", "kind": "human"}]', NULL, '[0]', '[1.0]', 'won', 10, 4);
    """)
    conn.commit()
    conn.close()
    store = StatsStore(paths)
    assert store.check() is None
    assert store.games()[0].undos == 0
    store.add_hint("bakerstreet")
    assert store.learning()["bakerstreet"].hints == 1


def test_every_game_names_what_its_public_events_reveal():
    """Each game's REVEALS covers its public reveals (a take-back must stop at them)."""
    expected = {
        "bakerstreet": {"played", "disputed"},
        "beyond-baker-street": {"lead_revealed", "assisted", "investigated", "eliminated"},
        "purrrlock-holmes": {"investigated", "discarded", "guessed", "solved", "furriarty_moved"},
        "case-connection": {"refilled", "lead_chosen"},
    }
    for game_id, kinds in expected.items():
        state = get(game_id).create(get(game_id).min_players, {}, 1)
        assert set(state.REVEALS) == kinds, game_id


def test_purrrlock_an_answer_heard_forbids_taking_the_question_back():
    """Asking about a card shows its answer to the asker: taking it back would let them ask again."""
    session = GameSession.new("purrrlock-holmes", [SeatInfo("Ada", "human"), SeatInfo("Bot", "basic")], {}, 7)
    bots_play(session)
    ask = next(a for a in session.state.legal_actions(0) if a.KIND == "investigate")
    session.apply(0, ask)
    point, event, _ = session.take_back_point()
    assert point is None and event.KIND == "investigated" and event.seat == 0


def test_purrrlock_offers_no_take_back_and_ctrl_z_says_why(app):
    app.stack.push(TitleScene(app))
    spec = get("purrrlock-holmes")
    table = start_game(app, spec, [SeatInfo("Ada", "human"), SeatInfo("Bot", "basic")], {}, 7)
    pump(app, until=table.viewer_may_act, timeout=30)
    assert not table.take_backs_offered()
    assert not any(tab.label == "Take back" for tab in table.banner_tabs())
    send(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    assert any("cannot be taken back in Purrrlock Holmes" in text for text, _ in app.toasts), app.toasts
