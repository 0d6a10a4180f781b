"""The app idles cool (issue 17): the loop draws only when something changed. Driven with a fake
clock through ``App.frame`` (the loop's body), so the counts are exact."""

from __future__ import annotations

import pygame

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import pump
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.title import TitleScene


def ticks(app, count, events=None, start=None, step=1 / 60):
    """Run ``count`` loop turns; the frames drawn."""
    now = start if start is not None else (app._last_time or 0.0)
    drawn = 0
    for k in range(count):
        now += step
        drawn += app.frame(now, list(events[k]) if events and k < len(events) else [])
    return drawn


def play_bot_answer(table, timeout: float = 5.0) -> None:
    """Wait for the bot's answer and play it as the table would. (Waiting takes the answer: one
    dropped was asked for again and again, and a CI run saw no second bot move in 2,000 frames.)"""
    decision = table.session.wait_for_bot(timeout)
    if decision is not None and decision.action is not None:
        table._apply_bot(decision.seat, decision.action, decision.explanation)


def settle_title(app):
    title = TitleScene(app)
    app.stack.push(title)
    app.io.submit(lambda: None).result()
    ticks(app, 20)
    return title


def test_the_title_draws_nothing_while_nothing_changes(app):
    settle_title(app)
    assert ticks(app, 100) == 0


def test_input_draws_at_once_and_a_tooltip_appears_after_its_delay(app):
    settle_title(app)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(430, 634), rel=(1, 0), buttons=(0, 0, 0))  # on Statistics
    assert ticks(app, 1, events=[[motion]]) == 1  # handled and drawn in the same frame
    drawn = ticks(app, 60)  # the mouse rests: one more frame when the tooltip shows, then nothing
    assert drawn == 1 and app.hover_time >= 0.45


def test_a_table_waiting_for_the_human_draws_nothing(app):
    table = start_game(app, get("bakerstreet"), [SeatInfo("You", "human"), SeatInfo("Bot", "basic")], {}, 4)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    app.toasts.clear()
    ticks(app, 5)
    assert ticks(app, 100) == 0


def test_a_bots_move_and_its_animation_are_drawn_then_the_table_rests(app):
    app.settings = app.settings.updated(animation_speed="normal")
    table = start_game(app, get("bakerstreet"), [SeatInfo("You", "basic"), SeatInfo("Bot", "basic")], {}, 4)
    drawn = 0
    for _ in range(4000):
        drawn += ticks(app, 1)
        if len(table.session.replay.actions) >= 3 and not table.view.animating():
            break  # three moves made and the last one's animation over
        if table.session.thinking:
            play_bot_answer(table)
    moves = len(table.session.replay.actions)
    assert moves >= 3 and drawn > 10, (moves, drawn)  # the moves were animated frame by frame
    table.session.close()
    table.session.bots.clear()  # no more moves: the table must come to rest
    for _ in range(1200):  # the last animation ends and the banner has told every move
        if not table.view.animating() and not table._flash_queue:
            break
        ticks(app, 1)
    ticks(app, 300)  # the last line's time runs out
    assert ticks(app, 100) == 0


def test_a_click_sends_the_tooltip_away_until_the_pointer_moves(app):
    settle_title(app)
    pos = (640, 612)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
    ticks(app, 1, events=[[motion]])
    ticks(app, 60)
    assert app._tooltip_due()
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3)
    ticks(app, 1, events=[[press]])
    ticks(app, 120)
    assert not app._tooltip_due()
    ticks(app, 1, events=[[motion]])
    ticks(app, 60)
    assert app._tooltip_due()


def test_the_frame_after_an_animation_ends_is_drawn_with_the_tables_buttons(app):
    """The last step of a bot's animated move, and the buttons offered once the table is still,
    reach the screen although nothing moves any more (they were missing until the next input)."""
    app.settings = app.settings.updated(animation_speed="fast")
    table = start_game(app, get("beyond-baker-street"), [SeatInfo("You", "human"), SeatInfo("Bot", "basic")],
                       {}, 6)
    frames: list[list[str]] = []
    original_text, original_draw = app.canvas.text, app.draw

    def text(label, *args, **kwargs):
        frames[-1].append(label)
        return original_text(label, *args, **kwargs)

    def draw():
        frames.append([])
        app.canvas.text = text
        original_draw()

    app.draw = draw
    now = 0.0

    def run(until):
        nonlocal now
        for _ in range(3000):
            now += 1 / 60
            app.frame(now, [])
            if table.session.thinking:
                play_bot_answer(table, 10)
            if until():
                return
        raise AssertionError("the table did not get there")

    run(lambda: table.viewer_may_act())
    table.act(table.legal_for_viewer()[0], confirmed=True)
    moving = len(frames)  # from the human's move through the bot's answer to rest
    run(lambda: table.session.replay.actions[-1][0] == 1 and table.viewer_may_act())
    run(lambda: not table.view.animating())
    ticks(app, 30)
    # a frame drawn as the animation ended offers the moves (later ones, the banner's newest line
    # shown once the cards have landed, keep the table's painted layer with its buttons)
    assert any("All moves (M)" in f for f in frames[moving:])


def test_a_table_paused_in_the_middle_of_an_animation_draws_nothing(app):
    """Play-test: paused during a Bakerstreet dispute, the table under the pause menu was frozen
    mid-animation yet still "animating", and the app drew the same picture 60 times a second (half
    a core). Only scenes that are updated can move."""
    from sleuth.ui.scenes.pause import PauseScene

    app.settings = app.settings.updated(animation_speed="normal")
    table = start_game(app, get("bakerstreet"), [SeatInfo("You", "basic"), SeatInfo("Bot", "basic")], {}, 4)
    for _ in range(2000):
        ticks(app, 1)
        if table.view.animating():
            break
        if table.session.thinking:
            play_bot_answer(table)
    assert table.view.animating()
    app.stack.push(PauseScene(app, table))
    ticks(app, 3)
    assert table.view.animating()  # frozen where it was
    assert ticks(app, 100) == 0


def test_the_banner_tells_a_purrrlock_answer_once_its_animation_has_ended(app):
    """Play-test: the banner's newest line ran ahead of the table ("Seeding Alice's Investigation:
    Dog 8 is a Lead" while the Paws bubble still asked), telling the answer before it was shown."""
    app.settings = app.settings.updated(animation_speed="normal")
    table = start_game(app, get("purrrlock-holmes"), [SeatInfo("You", "human"), SeatInfo("Bot", "basic")],
                       {}, 6)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    table.session.bots.clear()  # only the move below animates
    table.view.reveal_when_nobody_else_may_call = lambda: None  # (a second card waits for its click)
    for _ in range(6):  # the first move that animates
        assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
        pump(app, 0.05)
        if table.view.busy:
            break
        pump(app, until=lambda: table.viewer_may_act() or table.state.is_over(), timeout=30)
    assert table.view.busy and table._pending_flash and (table._flash is None or table._flash[0] !=
                                                          table._pending_flash)
    pump(app, until=lambda: not table.view.busy, timeout=30)
    pump(app, 0.05)
    assert table._flash is not None and table._pending_flash is None


def test_the_banner_names_a_bots_move_while_it_plays_out(app):
    """Window play-test: while Watson's card moved the banner read "Watson's move - You play
    Document 2...", and Watson's own line came under "Billy's turn". Where the line gives nothing
    away early, it shows as the move starts to play out."""
    app.settings = app.settings.updated(animation_speed="normal", bot_pace="normal")
    seats = [SeatInfo("You", "human"), SeatInfo("Watson", "basic"), SeatInfo("Billy", "basic")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, 6)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    seen = []
    for _ in range(3000):
        pump(app, 0.02)
        if table.view.busy and table.session.replay.actions[-1][0] != 0:
            mover = table.seat_names[table.session.replay.actions[-1][0]]
            seen.append((mover, table._flash[0] if table._flash else None))
        if len(table.session.replay.actions) >= 3 and not table.view.busy:
            break
    assert seen and all(line is not None and line.startswith(mover) for mover, line in seen), seen


def test_a_newer_line_that_replaces_the_banners_line_is_drawn(app):
    """Play-test: on a human's turn after two bot moves the banner showed the first bot's move,
    then only the prompt; the second's line was never drawn. The loop drew only when the banner
    went from no line to a line, and the second line replaced the first without that change."""
    app.settings = app.settings.updated(animation_speed="normal")
    table = start_game(app, get("beyond-baker-street"), [SeatInfo("You", "human"), SeatInfo("Bot", "basic")],
                       {}, 6)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    table.session.bots.clear()
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    for _ in range(600):  # the move's animation ends and its line shows
        ticks(app, 1)
        if table._flash is not None and not table.view.busy:
            break
    ticks(app, 3)
    assert ticks(app, 30) == 0  # at rest with the line up
    newer = "Bot eliminates Clue 3: the Investigation track is on 8."
    table._pending_flash = newer  # a later move's line, its animation over
    for _ in range(200):  # it comes up once the line before has had its time
        if table._flash[0] == newer:
            break
        ticks(app, 1)
    assert table._flash[0] == newer
    table._flash_queue = ["an even newer line"]
    table._flash_since = table.clock - 10
    assert ticks(app, 2) >= 1 and table._flash[0] == "an even newer line"  # drawn at once


def test_the_title_redraws_when_a_lessons_progress_is_read(app):
    """Play-test: after a lesson was left, the title's card said "Learn to play" until the pointer
    moved, though the progress read meanwhile said "Resume the lesson"."""
    from types import SimpleNamespace

    title = settle_title(app)
    before = title.frame_key()
    title.learning = {"bakerstreet": SimpleNamespace(tutorial_step=4, tutorial_done=False)}
    assert title.frame_key() != before


def test_with_animations_off_a_bots_move_is_still_told_in_the_banner(app):
    """Found while checking Bakerstreet: with animations off, a bot's moves never reached the
    banner, which kept the player's own last line ("Ann bids 0.") after Watson had played and bid."""
    app.settings = app.settings.updated(animation_speed="instant")
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic")], {}, 5)
    for _ in range(10):  # Ann plays a card and bids; then Watson moves
        pump(app, until=lambda: table.viewer_may_act(), timeout=30)
        if len(table.session.replay.actions) > 2:
            break
        table.act(table.legal_for_viewer()[0], confirmed=True)
    assert table.session.replay.actions[-1][0] == 1
    pump(app, until=lambda: table._flash is not None and table._flash[0].startswith("Watson"), timeout=10)


def test_two_bot_moves_in_quick_succession_are_both_told(app):
    """Play-tests at 3 and 4 players: the banner showed only the last bot's move; the one before
    it gave way within a second, before the player could read it."""
    app.settings = app.settings.updated(animation_speed="normal", bot_pace="fast")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic"), SeatInfo("Billy", "basic")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, 6)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    shown = banner_lines_until_the_player_reads(app, table)
    assert any(line.startswith("Watson") for line in shown) and any(line.startswith("Billy") for line in shown), \
        shown


def banner_lines_until_the_player_reads(app, table, steps: int = 6000) -> list[str]:
    """Every line the banner showed, in order, until the player is to move with nothing left to tell."""
    shown: list[str] = []
    for _ in range(steps):
        pump(app, 0.02)
        line = table._flash[0] if table._flash else None
        if line and (not shown or shown[-1] != line):
            shown.append(line)
        if table.viewer_may_act() and not table._flash_queue and not table.view.busy:
            break
    return shown


def test_why_explains_the_bot_move_the_banner_shows(app):
    """4-player play-test: with "Watson pursues the Suspect lead" in the banner, W explained
    Mycroft's later move instead. (The bots now wait for the banner, so its line is the newest
    move's; here it is set back to Watson's line after Billy has moved.)"""
    app.settings = app.settings.updated(animation_speed="normal", bot_pace="instant")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "expert"), SeatInfo("Billy", "expert")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, 6)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    pump(app, until=lambda: len(table.session.replay.actions) >= 3, timeout=60)
    watson = next(line for line in table.log_lines if line.startswith("Watson"))
    table._flash = (watson, table.clock + 5)
    move = table.why_move()
    assert move is not None and table.session.explanations[move].seat == 1  # Watson's, though Billy moved since


def test_why_over_an_easy_bots_move_says_it_gives_no_reasons(app):
    """Play-test: with an Easy bot's move in the banner, W explained a later bot's move the banner
    had not told yet."""
    import pygame as pg

    app.settings = app.settings.updated(animation_speed="normal", bot_pace="fast")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Billy", "basic"), SeatInfo("Violet", "expert")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, 6)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    pump(app, until=lambda: table._flash is not None and table._flash[0].startswith("Billy"), timeout=60)
    app.toasts.clear()
    table.handle(pg.event.Event(pg.KEYDOWN, key=pg.K_w, mod=0, unicode="w"))
    assert app.stack.top is table and app.toasts[-1][0].startswith("Billy (an Easy bot) plays by simple rules")


def test_the_banner_hurries_through_the_bots_lines_once_the_player_is_to_move(app, monkeypatch):
    """Play-test: after several bot moves the banner told them 2 s each, so it said "Your turn"
    while moves seconds old were still coming. Once the player is to move, a line waits 1 s."""
    from sleuth.ui.scenes.table import FLASH_HURRY, FLASH_MIN

    app.settings = app.settings.updated(bot_pace="normal")  # a fast pace shortens the full wait
    table = start_game(app, get("beyond-baker-street"), [SeatInfo("You", "human"), SeatInfo("Bot", "basic")],
                       {}, 6)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    table.session.bots.clear()
    table._flash, table._flash_since = ("Bot eliminates Clue 3.", table.clock + 4), table.clock - FLASH_HURRY - 0.01
    table._flash_queue = ["Bot tells you that your 2nd card is a 4."]
    table._tick_flash()
    assert table._flash[0] == "Bot tells you that your 2nd card is a 4."
    monkeypatch.setattr(table, "_viewer_acting", lambda: False)  # while a bot is to move: the full wait
    table._flash_since = table.clock - FLASH_HURRY - 0.01
    table._flash_queue = ["Bot confirms the Motive lead."]
    table._tick_flash()
    assert table._flash[0] == "Bot tells you that your 2nd card is a 4."
    table._flash_since = table.clock - FLASH_MIN - 0.01
    table._tick_flash()
    assert table._flash[0] == "Bot confirms the Motive lead."


def test_while_a_bots_move_plays_out_the_banner_names_that_bot(app):
    """Couch play-test: the banner said "Carol's turn" while Watson's move was still moving, so
    Watson's turn was never named. While another seat's move animates, it says whose move it is."""
    app.settings = app.settings.updated(animation_speed="normal", bot_pace="fast")
    table = start_game(app, get("beyond-baker-street"), [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic")],
                       {}, 6)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    pump(app, until=lambda: table.session.replay.actions[-1][0] == 1 and table.view.busy, timeout=30)
    assert table.banner_text() == "Watson's move"
    # the player answering a question over the table is acting: it is their turn the banner names
    # (window play-test: "Violet's move" stood over "Are you sure?")
    from sleuth.ui.scenes.dialogs import ConfirmScene

    app.stack.push(ConfirmScene(app, "A question", lambda: None))
    assert table.banner_text().startswith("Your turn")
    app.stack.pop()
    pump(app, until=lambda: not table.view.busy, timeout=30)
    assert table.banner_text().startswith("Your turn")


def test_bots_wait_for_the_banner_so_it_tells_every_move_while_it_is_on_the_table(app):
    """Play-test: with three quick bots the banner named the move before the one on the table, and
    when moves came quickly some bot lines never reached it. A bot now makes its move only once the
    move before it is in the banner, and then after its pause."""
    app.settings = app.settings.updated(animation_speed="normal", bot_pace="normal")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic"), SeatInfo("Billy", "basic"),
             SeatInfo("Carol", "basic")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, 6)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    applied = []
    original = table._apply_bot

    def apply_bot(seat, action, explanation=None):
        applied.append((seat, list(table._flash_queue)))  # the lines still waiting for the banner
        return original(seat, action, explanation)

    table._apply_bot = apply_bot
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    shown = banner_lines_until_the_player_reads(app, table)
    assert applied == [(1, []), (2, []), (3, [])]
    for name in ("Watson", "Billy", "Carol"):
        assert any(line.startswith(name) for line in shown), (name, shown)


def test_a_banner_button_lights_up_under_the_pointer(app):
    """Window play-test: with the pointer on "Casebook (L)" the screen was pixel for pixel the
    same as with it elsewhere; the table's own buttons light up."""
    import pygame as pg

    table = start_game(app, get("bakerstreet"), [SeatInfo("You", "human"), SeatInfo("Bot", "basic")], {}, 6)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    tab = next(t for t in table.banner_tabs() if t.label == "Casebook (L)")
    x, y, w, h = tab.rect
    app.dispatch(pg.event.Event(pg.MOUSEMOTION, pos=(640, 400), rel=(0, 0), buttons=(0, 0, 0)))
    app.draw()
    away = app.window.get_at((int((x + 6) * app.canvas.scale), int((y + h / 2) * app.canvas.scale)))
    app.dispatch(pg.event.Event(pg.MOUSEMOTION, pos=(x + w / 2, y + h / 2), rel=(0, 0), buttons=(0, 0, 0)))
    app.draw()
    over = app.window.get_at((int((x + 6) * app.canvas.scale), int((y + h / 2) * app.canvas.scale)))
    assert sum(over[:3]) > sum(away[:3])


def test_why_stays_in_the_banner_until_the_player_moves(app):
    """Newcomer play-test: "Why? (W)" went with the bot move's line a few seconds later, so a
    click 2 s after it hit nothing (and it went when All moves opened). It stays while the bot's
    move is the latest news for the player, explains that move, and goes with the player's move."""
    app.settings = app.settings.updated(animation_speed="fast", bot_pace="instant")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "expert")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, 6)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    pump(app, until=lambda: table.viewer_may_act() and table.session.explanations, timeout=60)
    table._flash = None  # the bot's line has gone from the banner
    tabs = [tab for tab in table.banner_tabs() if tab.label == "Why? (W)"]
    assert tabs and "Watson" in tabs[0].tip
    tabs[0].action()
    assert type(app.stack.top).__name__ == "WhyScene" and app.stack.top.who == "Watson"
    app.stack.pop()
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    table._flash = None
    assert not [tab for tab in table.banner_tabs() if tab.label == "Why? (W)"]


def test_a_bots_move_stays_in_the_banner_while_the_player_is_to_move(app):
    """Executable play-test: 4 s after Watson's move the banner held only "Your turn, ...: drag a
    card or click a partner's card to Assist", no word of the move, for a player who looked up a
    moment late. The move's line stays LOG_FLASH_TO_ACT seconds while the player is to move; the
    how-to comes back after it, and a line told to nobody in particular goes after LOG_FLASH."""
    from sleuth.ui.scenes.table import LOG_FLASH, LOG_FLASH_TO_ACT

    app.settings = app.settings.updated(animation_speed="fast", bot_pace="instant")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "expert")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, 6)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    pump(app, until=lambda: table.viewer_may_act() and table._flash is not None
         and table._flash[0].startswith("Watson"), timeout=60)
    line, since = table._flash[0], table._flash_since
    pump(app, LOG_FLASH + 1)
    assert table._flash is not None and table._flash[0] == line
    pump(app, until=lambda: table._flash is None, timeout=LOG_FLASH_TO_ACT + 2)
    assert table.clock - since >= LOG_FLASH_TO_ACT - 0.1
    assert table.banner_text().startswith("Your turn")


def test_the_case_notes_button_counts_the_moves_since_the_players_last_one(app):
    """Veteran play-test: after two or three bot moves the banner told only the newest, and the
    others were found only by opening the casebook every turn. The Casebook button counts
    the others' moves since the player's own last one (from two up) until the notes are opened."""
    app.settings = app.settings.updated(animation_speed="instant", bot_pace="instant")
    seats = [SeatInfo("Ada", "human"), SeatInfo("Watson", "expert"), SeatInfo("Billy", "expert")]
    table = start_game(app, get("case-connection"), seats, {}, 5)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    pump(app, until=lambda: table.viewer_may_act(), timeout=60)
    movers = [mover for mover, _ in table.session.replay.actions]
    since = len(movers) - 1 - movers[::-1].index(0)
    assert len(movers) - since - 1 >= 2
    notes = table.banner_tabs()[0]
    assert notes.label == "Casebook (L)" and notes.badge == len(movers) - since - 1
    assert f"{notes.badge} moves since your last one" in notes.tip
    # drawn inside the button, at least 14 px (a disc on its corner had been clipped by the window's edge)
    drawn = []
    original = app.canvas.text
    app.canvas.text = lambda text, pos, size, *a, **k: drawn.append((text, pos, size)) or original(text, pos, size,
                                                                                                    *a, **k)
    table._draw_banner_tabs(app.canvas)
    del app.canvas.text
    x, y, w, h = notes.rect
    counts = [(pos, size) for text, pos, size in drawn if text == str(notes.badge)]
    assert counts and all(x < px < x + w and y < py < y + h and size >= 14 for (px, py), size in counts)
    table.toggle_log()
    table.toggle_log()
    assert table.banner_tabs()[0].badge == 0  # read
