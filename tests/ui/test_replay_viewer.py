"""Watching a recorded game (issue 21, the viewer): the review's states match the game move by
move, seeking is instant, whose eyes never show a card that seat could not see, and a bad file is
refused in one line."""

from __future__ import annotations

import json
import random
import time

import pygame
import pytest

from sleuth.core import replay as rp
from sleuth.core.registry import game_ids, get
from sleuth.core.replay import SeatInfo
from sleuth.core.review import Review
from sleuth.ui.driver import key, pump
from sleuth.ui.scenes.replay import ReplayScene
from tests.contract import fingerprint


def bot_game(game_id: str, seed: int = 5, players: int | None = None, kind: str = "basic"):
    spec = get(game_id)
    players = players or spec.min_players
    replay = rp.Replay(game_id, spec.resolve_options({}), [SeatInfo(f"Bot {i}", kind) for i in range(players)],
                       seed)
    state = rp.new_state(replay)
    bots = [spec.make_bot(kind) for _ in range(players)]
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.pending_seats()[0]
        action = bots[seat].choose(state.observe(seat), state.legal_actions(seat), rng, 0.01)
        state.apply(seat, action)
        replay.record(seat, action)
    return replay, state


@pytest.mark.parametrize("game_id", game_ids())
def test_the_review_steps_to_the_final_state_and_back_again(game_id):
    replay, final = bot_game(game_id)
    review = Review(replay, every=7)
    assert fingerprint(review.state_at(review.length)) == fingerprint(final)
    forward = [fingerprint(review.state_at(k)) for k in range(review.length + 1)]
    backward = [fingerprint(review.state_at(k)) for k in range(review.length, -1, -1)]
    assert forward == list(reversed(backward))


def test_seeking_any_move_of_a_300_move_game_takes_under_50_ms():
    for seed in range(5, 60):
        replay, _ = bot_game("bakerstreet", seed, kind="random")
        if len(replay.actions) >= 300:
            break
    review = Review(replay)
    assert review.length >= 300
    worst = 0.0
    for move in random.Random(1).sample(range(review.length + 1), 60):
        start = time.perf_counter()
        review.state_at(move)
        worst = max(worst, time.perf_counter() - start)
    assert worst < 0.05


def test_the_viewer_plays_steps_and_changes_eyes_without_leaking(app):
    replay, final = bot_game("purrrlock-holmes", players=3)
    review = Review(replay)
    scene = ReplayScene(app, review)
    app.stack.push(scene)
    app.draw()
    assert scene.viewer is None and scene.move == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.move == 2
    key(app, pygame.K_LEFT)
    assert scene.move == 1 and fingerprint(scene.state) == fingerprint(review.state_at(1))
    key(app, pygame.K_END)
    assert scene.move == review.length and fingerprint(scene.state) == fingerprint(final)
    key(app, pygame.K_HOME)
    key(app, pygame.K_SPACE)  # play
    pump(app, 3.0)
    assert scene.move > 1
    key(app, pygame.K_SPACE)  # pause
    speed = scene.speed
    key(app, pygame.K_PLUS)
    assert scene.speed == speed + 1
    key(app, pygame.K_MINUS)
    key(app, pygame.K_MINUS)
    assert scene.speed == speed - 1
    assert scene.eyes == ReplayScene.EVERYTHING  # a finished game starts with every card shown
    assert scene.view.obs == scene.state.revealed_view()
    assert any("draws a new Investigation: " in line for line in scene.log_lines)  # named, not hidden
    for _ in range(len(replay.seats) + 1):  # the public view, every seat's eyes
        key(app, pygame.K_e)
        app.draw()
        assert scene.view.obs == scene.state.observe(scene.viewer)  # only what that seat knew then
    key(app, pygame.K_e)
    assert scene.eyes == ReplayScene.EVERYTHING and scene.viewer is None
    assert scene.act(scene.state.legal_actions(scene.state.pending_seats()[0])[0]) is not None  # nothing is played
    key(app, pygame.K_ESCAPE)
    assert scene not in app.stack.scenes


def test_watch_the_replay_from_the_results(app):
    from sleuth.ui.scenes.table import start_game

    table = start_game(app, get("bakerstreet"), [SeatInfo("A", "basic"), SeatInfo("B", "basic")], {}, 3)
    pump(app, until=lambda: table.results_shown, timeout=120)
    results = app.stack.top
    next(w for w in results.widgets.items if getattr(w, "label", "") == "Watch the replay").click((0, 0))
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.review.length == len(table.session.replay.actions)
    app.draw()


@pytest.mark.parametrize("damage, words", [
    ("newer", "newer Sleuth"), ("edited", "changed or cut short"), ("truncated", "damaged or is not a Sleuth save"),
])
def test_a_bad_replay_file_is_refused_in_one_line(tmp_path, capsys, damage, words):
    from sleuth.cli import main

    replay, final = bot_game("bakerstreet")
    payload = json.loads(rp.to_json(replay, final))
    text = json.dumps(payload)
    if damage == "newer":
        payload["format"] = 99
        text = json.dumps(payload)
    elif damage == "edited":
        payload["seats"][1]["kind"] = "human"
        text = json.dumps(payload)
    else:
        text = text[: len(text) // 2]
    path = tmp_path / "game.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


def test_a_finished_game_is_watched_with_everything_revealed_where_the_game_can_show_it(app):
    replay, _ = bot_game("beyond-baker-street", seed=7, players=3)
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    assert viewer.eyes == ReplayScene.EVERYTHING and viewer.eyes_label_is_everything()
    viewer.seek(6)
    shown = viewer.view.obs
    assert all(card is not None for hand in shown.hands for card in hand), "every hand face up"
    order = viewer.eyes_order()
    assert order[:2] == [ReplayScene.EVERYTHING, None]
    key(app, pygame.K_e)
    assert viewer.eyes is None and any(card is None for hand in viewer.view.obs.hands for card in hand)



def test_case_connection_everything_revealed_shows_the_leads_being_chosen(app):
    """Case Connection hides only the deck orders and the leads a player draws to choose from: the
    everything eyes show those leads face up in the chooser's panel and name them in the notes."""
    from sleuth.games.case_connection import rules as R

    replay, _ = bot_game("case-connection", seed=3, players=3)
    review = Review(replay)
    scene = ReplayScene(app, review)
    app.stack.push(scene)
    pick = next(k for k in range(1, review.length) if review.state_at(k).phase == R.PHASE_PICK)
    scene.seek(pick)
    app.draw()
    state = scene.state
    assert scene.eyes == ReplayScene.EVERYTHING and scene.view.obs.offer == tuple(state.offer)
    chooser = state.chooser
    shown = [scene.view.board.sprite(("offer", chooser, k)) for k in range(len(state.offer))]
    assert all(sprite is not None and sprite.face_up for sprite in shown)
    assert any("draws 2 leads (worth" in line for line in scene.log_lines)
    key(app, pygame.K_e)  # the public view: the leads are backs again
    app.draw()
    assert scene.view.obs.offer is None
    assert not any(scene.view.board.sprite(("offer", chooser, k)).face_up for k in range(len(state.offer)))


def test_bakerstreet_everything_revealed_shows_both_hands_and_every_letter(app):
    """The replay's "everything" eyes on Bakerstreet: both hands face up with their real cards, both
    players' letters and each stack's evidence letters; one seat's eyes still hide the other hand."""
    replay, final = bot_game("bakerstreet", seed=7)
    review = Review(replay)
    scene = ReplayScene(app, review)
    app.stack.push(scene)
    middle = next(k for k in range(review.length // 2, review.length)
                  if all(review.state_at(k).hands[s] for s in (0, 1)))
    scene.seek(middle)
    app.draw()
    state = scene.state
    obs = scene.view.obs
    assert scene.eyes == ReplayScene.EVERYTHING and obs.everything
    assert obs.hands == tuple(tuple(state.card(c) for c in state.hands[s]) for s in (0, 1))
    assert obs.stack_letters == tuple(tuple(sorted(state.names[state.letter_of[e]] for e in stack))
                                      for stack in state.evidence)
    assert all(e.audience is None or not e.public for e in obs.log)  # the private copies, not the blanked ones
    for seat in (0, 1):  # the casebook names every card drawn, and the letters taken
        assert any(line.startswith(f"{scene.seat_names[seat]} draws a ") for line in scene.log_lines)
    assert any(" takes the letter " in line for line in scene.log_lines)
    model = scene.view.model
    for seat in (0, 1):
        shown = [(tok.value, tok.symbol) for tok in model.hands[seat]]
        assert shown == list(obs.hands[seat])
        assert all(scene.view.board.sprite(("det", tok.id)).face_up for tok in model.hands[seat])
    for _ in range(2):  # the public view, then seat 0's eyes
        key(app, pygame.K_e)
    app.draw()
    assert scene.viewer == 0 and not scene.view.obs.everything
    assert not any(scene.view.board.sprite(("det", tok.id)).face_up for tok in scene.view.model.hands[1])
    assert all(tok.value is None for tok in scene.view.model.hands[1])


def test_purrrlocks_notes_panel_says_which_eyes_the_replay_shows(app, monkeypatch):
    """Play-test: in the public view the notes panel said "Every Investigation is face up here"
    while the box below said the hands and notes were hidden."""
    from sleuth.ui.canvas import Canvas

    replay, _ = bot_game("purrrlock-holmes", players=3)
    viewer = ReplayScene(app, Review(replay))
    app.stack.push(viewer)
    while viewer.eyes is not None:
        viewer.next_eyes()
    app.keep_painted_layers = False
    said = []
    paragraph = Canvas.paragraph
    monkeypatch.setattr(Canvas, "paragraph", lambda c, text, *a, **k: (said.append(text), paragraph(c, text, *a, **k))[1])
    app.draw()
    assert any(text.startswith("The public view: no one's notes") for text in said), said
    assert not any(text.startswith("Every Investigation is face up") for text in said)


def test_the_replays_buttons_are_reached_with_tab_and_s_saves(app):
    """Keyboard play-test: eight Tabs showed no focus anywhere on the replay, and Save replay
    needed the mouse. Tab rings the drawer's buttons, Enter presses one, S opens Save replay."""
    from sleuth.ui.scenes.files import SaveReplayScene

    replay, _ = bot_game("bakerstreet")
    scene = ReplayScene(app, Review(replay))
    app.stack.push(scene)
    app.draw()
    # the drawer closed (as the replay opens): Tab rings the banner's steps, Enter presses one
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)  # "|<", "<", "Play"
    assert scene.banner_focus == "Play"
    key(app, pygame.K_RETURN)
    assert scene.playing and scene.banner_focus == "Pause"
    key(app, pygame.K_RETURN)
    assert not scene.playing
    key(app, pygame.K_l)  # the drawer's own buttons
    scene.banner_focus = None
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)  # the eyes, then "|<"
    key(app, pygame.K_TAB)  # "<"
    key(app, pygame.K_TAB)  # "Play"
    focused = scene.control_widgets._live()[scene.control_widgets.focus]
    assert focused.label == "Play"
    key(app, pygame.K_RETURN)
    assert scene.playing
    app.draw()
    from sleuth.ui.driver import send

    send(app, pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0)
    send(app, pygame.TEXTINPUT, text="s")  # the key's letter comes before its release
    send(app, pygame.KEYUP, key=pygame.K_s, mod=0, unicode="s", scancode=0)
    dialog = app.stack.top
    assert isinstance(dialog, SaveReplayScene)
    assert not dialog.name_field.value.endswith("s")  # the "s" went into the file name


def test_a_playing_replay_draws_only_while_a_move_animates(app):
    """Window play-test: a playing replay took 33-44% of a core for one card a second; it asked
    for 60 frames a second between moves too. Between moves it idles; the next move still comes."""
    replay, _ = bot_game("bakerstreet")
    scene = ReplayScene(app, Review(replay))
    app.stack.push(scene)
    app.settings = app.settings.updated(animation_speed="normal")
    scene.toggle()
    assert scene.playing
    pump(app, until=lambda: scene.move >= 1 and not scene.view.busy, timeout=10)
    assert not scene.animating()  # between two moves: nothing to draw
    at = scene.move
    pump(app, until=lambda: scene.move > at, timeout=10)


def test_stepping_a_replay_tells_each_move_at_once(app):
    """Verification play-test: after a pause and Home, each step showed the previous move's line
    (the track on 6 under "the Investigation track is on 1"): the line before had to stay 2 s."""
    replay, _ = bot_game("beyond-baker-street")
    scene = ReplayScene(app, Review(replay))
    app.stack.push(scene)
    for _ in range(3):
        scene.step()
        pump(app, 0.05)
    assert scene._flash is not None and not scene._flash_queue  # the newest step's line, none waiting
    start = scene.session.move_events[-1][1]
    newest = [scene.log_lines[i] for i, event in enumerate(scene.log_events) if event >= start]
    assert scene._flash[0] in newest


def test_a_replays_step_leads_the_banner_with_the_moves_own_line(app):
    """Seen while checking the replay's banner: a step's banner line was the move's last side
    effect ("The Assist moves Holmes 1 step closer...") instead of the move itself."""
    replay, _ = bot_game("beyond-baker-street")
    scene = ReplayScene(app, Review(replay))
    app.stack.push(scene)
    names = scene.seat_names
    for _ in range(4):
        scene.step()
        pump(app, 0.05)
        assert scene._flash is not None and any(scene._flash[0].startswith(name) for name in names), scene._flash


def _people_and_bot_game(game_id: str, seed: int = 5):
    """A bot game recorded under a person's name and a bot's (the person's lines hurried the banner)."""
    replay, state = bot_game(game_id, seed)
    replay.seats = [SeatInfo("Watson", "basic"), SeatInfo("ABCDEFGHIJKLMN", "human"), *replay.seats[2:]]
    return replay


@pytest.mark.parametrize("game_id", game_ids())
def test_the_replay_banner_tells_the_move_the_table_shows_forward_back_home_and_end(app, game_id):
    """Hostile play-test: in a Bakerstreet replay each step's banner told the move before it ("move 1:
    Watson draws a 5." while the table showed the player's 4 played), and Home kept a line from the
    end of the game. At every step, back, Home and End the banner tells the move just reached."""
    app.settings = app.settings.updated(animation_speed="normal")
    review = Review(_people_and_bot_game(game_id))
    scene = ReplayScene(app, review)
    app.stack.push(scene)
    pump(app, 0.2)
    presses = [pygame.K_RIGHT] * 5 + [pygame.K_LEFT] * 2 + [pygame.K_RIGHT, pygame.K_HOME, pygame.K_RIGHT,
                                                           pygame.K_RIGHT, pygame.K_END, pygame.K_LEFT, pygame.K_LEFT]
    told = 0
    for press in presses:
        key(app, press)
        pump(app, until=lambda: not scene.view.busy, timeout=10)
        pump(app, 0.3)
        if scene.move == 0:
            assert scene._flash is None, scene._flash
            continue
        start = len(review.state_at(scene.move - 1).log)
        news = [line for line, index in zip(scene.log_lines, scene.log_events, strict=True)
                if index >= start and scene.view.news(scene.state.log[index])]
        if news:  # (a bare "Watson's turn ends." tells the turn's news again)
            told += 1
            assert scene._flash is not None and scene._flash[0] == news[0], (pygame.key.name(press), scene.move,
                                                                             scene._flash, news)
    assert told >= 8


def _banner_texts(app, scene) -> list[str]:
    """The texts the replay's banner draws."""
    drawn = []
    original = app.canvas.text

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return original(text, *args, **kwargs)

    app.canvas.text = spy
    try:
        scene.draw_banner(app.canvas)
    finally:
        app.canvas.text = original
    return drawn


@pytest.mark.parametrize("game_id", game_ids())
def test_the_last_step_of_a_finished_game_tells_its_move_in_the_banner(app, game_id):
    """Play-test: stepping to "move 25 of 25" of a finished Beyond Baker Street game showed a blank
    banner beside it, while move 24 read "Billy plays Clue 6...": the banner hid the newest line
    once the game was over, as a live table's banner says how it ended, which a replay's does not.
    The last step is told as every other, in every game."""
    review = Review(_people_and_bot_game(game_id))
    assert review.state_at(review.length).is_over()
    scene = ReplayScene(app, review)
    app.stack.push(scene)
    pump(app, 0.2)
    for press in (pygame.K_END, pygame.K_LEFT, pygame.K_RIGHT):
        key(app, press)
        pump(app, until=lambda: not scene.view.busy, timeout=10)
        pump(app, 0.3)
        assert scene._flash is not None, (pygame.key.name(press), scene.move)
        banner = " ".join(_banner_texts(app, scene))
        words = scene._flash[0].split()
        assert " ".join(words[:3]) in banner, (pygame.key.name(press), scene.move, scene._flash, banner)


def test_case_connection_replay_tells_each_end_turn_step_its_own_line(app):
    """Play-test: in a Case Connection replay moves 3/4, 5/6, 7/8... showed the same banner line
    ("Ada visits Baker Street...") although move 4 only ended Ada's turn (the casebook said
    "Ada's turn ends."). Every step, forward or back, tells its own move."""
    from sleuth.games.case_connection import rules as R

    replay, _ = bot_game("case-connection", seed=3)
    review = Review(replay)
    scene = ReplayScene(app, review)
    app.stack.push(scene)
    ends = [k + 1 for k, (_, action) in enumerate(review.moves) if isinstance(action, R.EndTurn)][:4]
    assert ends
    for move in ends:
        seat = review.seat_of(move)
        own = f"{scene.seat_names[seat]}'s turn ends."
        scene.seek(move - 2)
        scene.step()
        pump(app, 0.05)
        before = scene._flash[0]
        scene.step()
        pump(app, 0.05)
        assert scene.move == move and scene._flash is not None and scene._flash[0] == own != before, \
            (move, before, scene._flash)
        scene.seek(move + 1)
        scene.step_back()  # the step back to it tells it too
        assert scene._flash is not None and scene._flash[0] == own, (move, scene._flash)


def test_purrrlocks_everything_revealed_replay_shows_every_hand_and_says_so(app, monkeypatch):
    """Play-test: Purrrlock's "everything revealed" replay showed no hand face up (Ada's empty,
    the others' backs) and its box said "The public view: hands and notes are hidden" beside "Every
    Investigation is face up here". Every hand is face up there, and both boxes say so."""
    from sleuth.ui.canvas import Canvas

    replay, _ = bot_game("purrrlock-holmes", players=3)
    review = Review(replay)
    scene = ReplayScene(app, review)
    app.stack.push(scene)
    assert scene.eyes == ReplayScene.EVERYTHING
    scene.seek(10)
    app.keep_painted_layers = False
    said = []
    paragraph = Canvas.paragraph
    monkeypatch.setattr(Canvas, "paragraph", lambda c, text, *a, **k: (said.append(text), paragraph(c, text, *a, **k))[1])
    app.draw()
    state = scene.state
    assert any(state.hands)
    for seat, hand in enumerate(state.hands):
        for card in hand:
            sprite = scene.view.board.sprite(("card", card))
            assert sprite is not None and sprite.face_up, (seat, card)
    assert not any(key[0] == "back" for key in scene.view.board.by_key)
    assert not any("hidden" in text for text in said), said
    assert any(text.startswith("Everything revealed: every hand") for text in said), said
    assert any(" draws " in line and " cards." not in line for line in scene.log_lines)  # the cards drawn, named
    # the trail's face-down tokens are turned up too (replay play-test: they stayed paws there)
    assert None not in scene.view.obs.trail
    trail_sprites = [scene.view.board.sprite(key_) for key_, _slot in scene.view.trail_items() if key_ != ("furr",)]
    assert trail_sprites and all(sprite is not None and sprite.face_up for sprite in trail_sprites)
    key(app, pygame.K_e)  # the public view hides the hands again
    app.draw()
    assert scene.view.obs.hands is None and not any(scene.view.board.sprite(("card", c)) for h in state.hands for c in h)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_replay_offers_no_live_move_buttons_in_any_eyes(app, game_id):
    """Play-test: a Purrrlock replay offered the live game's "Someone else: Paws! (P)", and a
    player's eyes showed their greyed Guess and Paws (Case Connection: Keep, Reconstruct, Hint,
    Undo, Clear). A replay offers no move: in every game and through every eyes, no such button."""
    replay, _ = bot_game(game_id, players=3 if game_id != "bakerstreet" else 2)
    replay.seats = [SeatInfo(name, "human") for name in ("Ada", "Watson", "Ben")[:len(replay.seats)]]
    review = Review(replay)
    scene = ReplayScene(app, review)
    app.stack.push(scene)
    live = ("Paws", "Guess", "Keep", "Reconstruct", "Hint", "Undo", "Clear", "Bid", "Dispute", "Confirm",
            "All moves", "End turn", "Pass to")
    for move in range(0, min(review.length, 24)):
        scene.seek(move)
        for _ in scene.eyes_order():
            scene.next_eyes()
            app.draw()
            labels = [w.label for w in (*scene.widgets.items, *scene.view.widgets.items) if getattr(w, "label", "")]
            assert not [label for label in labels if label.startswith(live)], (move, scene.eyes, labels)


def test_a_solo_replay_seen_through_a_seat_named_you_reads_your_eyes(app):
    """Play-test: a solo game's replay, L then E, read "Seen through: You's eyes"; the expert's
    line read "The expert agrees with You's move."."""
    replay, _ = bot_game("beyond-baker-street")
    replay.seats = [SeatInfo("You", "human"), SeatInfo("Bot", "basic")]
    scene = ReplayScene(app, Review(replay))
    app.stack.push(scene)
    key(app, pygame.K_l)
    while scene.viewer != 0:
        key(app, pygame.K_e)
    assert scene.eyes_button.label == "Seen through: your eyes"
    expert = scene.expert
    move = expert.moves[0]
    assert expert.line(move, scene.view, scene.seat_names) == "Asking the expert about your move..."


def explained_game(game_id: str, moves: int = 12, seed: int = 5):
    """The first ``moves`` moves of a game of experts, recorded with the reasons each gave (as a
    game played in the app keeps them), the first seat named Watson."""
    from sleuth.ai.explain import explanation_to_data

    spec = get(game_id)
    players = spec.min_players if game_id == "bakerstreet" else 3
    names = ["Watson", "Ada", "Ben"][:players]
    replay = rp.Replay(game_id, spec.resolve_options({}), [SeatInfo(name, "expert") for name in names], seed)
    state = rp.new_state(replay)
    bots = [spec.make_bot("expert") for _ in range(players)]
    for seat, bot in enumerate(bots):
        bot.meet(seat, {other: "expert" for other in range(players) if other != seat})
    rng = random.Random(seed)
    while len(replay.actions) < moves and not state.is_over():
        seat = state.pending_seats()[0]
        made = bots[seat].decide(state.observe(seat), state.legal_actions(seat), rng, 0.01)
        if made.explanation is not None:
            replay.reasons[str(len(replay.actions))] = explanation_to_data(made.explanation)
        state.apply(seat, made.action)
        replay.record(seat, made.action)
    return replay


def _open_explained(app, game_id: str) -> ReplayScene:
    scene = ReplayScene(app, Review(explained_game(game_id)))
    app.stack.push(scene)
    app.draw()
    return scene


@pytest.mark.parametrize("game_id", game_ids())
def test_the_replays_banner_keeps_the_moves_line_and_why_while_it_stays_at_that_move(app, game_id):
    """Play-test (Beyond Baker Street, Purrrlock, Case Connection): Right to a bot move showed
    "Watson visits Scotland Yard... [Why? (W)]"; moving the mouse 20 px a while later brought back
    "Replay, move 3 of 36 (L: the timeline)" and Why? was gone, so no mouse user could click Why?.
    The line had gone after 4 s unseen (the replay did not redraw for it). It stays while the
    replay stays at that move, and so does Why?."""
    from sleuth.ui.driver import send

    scene = _open_explained(app, game_id)
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    pump(app, until=lambda: not scene.view.busy, timeout=10)
    line = scene.move_line()
    assert line is not None and scene._flash is not None and scene._flash[0] == line
    assert "Why? (W)" in [tab.label for tab in scene.banner_tabs()]
    pump(app, 8.0)
    send(app, pygame.MOUSEMOTION, pos=(400, 400), rel=(20, 0), buttons=(0, 0, 0))
    send(app, pygame.MOUSEMOTION, pos=(420, 400), rel=(20, 0), buttons=(0, 0, 0))
    app.draw()
    assert scene._flash is not None and scene._flash[0] == line, scene._flash
    why = next((tab for tab in scene.banner_tabs() if tab.label == "Why? (W)"), None)
    assert why is not None
    banner = " ".join(_banner_texts(app, scene))
    assert " ".join(line.split()[:2]) in banner and "(L: the timeline)" not in banner, banner
    from sleuth.ui.driver import click
    from sleuth.ui.scenes.coach import WhyScene

    x, y, w, h = why.rect
    click(app, (x + w / 2, y + h / 2))  # the mouse user's click reaches it
    assert isinstance(app.stack.top, WhyScene)


def test_closing_the_replays_casebook_tells_the_move_again(app):
    """The drawer's opening took the step's line (and Why?) away; closed, the banner said only
    "Replay, move 3 of 12 (L: the timeline)" until the next step."""
    scene = _open_explained(app, "case-connection")
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    line = scene.move_line()
    key(app, pygame.K_l)
    key(app, pygame.K_l)
    assert scene._flash is not None and scene._flash[0] == line
    assert "Why? (W)" in [tab.label for tab in scene.banner_tabs()]


@pytest.mark.parametrize("game_id", game_ids())
def test_w_in_a_replay_opens_the_reasons_of_the_bot_move_the_banner_tells(app, game_id):
    """Play-test (Purrrlock move 6, Case Connection move 3): W did nothing in a replay but take
    the banner's line away. As in a game, it opens the reasons of the move the banner tells, and
    with the drawer open (no line) those of the latest bot move up to this step."""
    from sleuth.ui.scenes.coach import WhyScene

    scene = _open_explained(app, game_id)
    key(app, pygame.K_w)  # at the start: nothing to explain, and it says so
    assert app.stack.top is scene and app.toasts
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    line = scene._flash[0]
    key(app, pygame.K_w)
    why = app.stack.top
    assert isinstance(why, WhyScene) and why.move_line == line, (why, line)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    key(app, pygame.K_l)  # the drawer open: the banner tells no move
    assert scene._flash is None or scene._flash_line() is None
    key(app, pygame.K_w)
    why = app.stack.top
    assert isinstance(why, WhyScene) and why.move_line in scene.log_lines
    shown = [m for m in scene.log_why if m is not None]
    assert shown and max(shown) < scene.move  # a move up to this step, never a later one


@pytest.mark.parametrize("game_id", game_ids())
def test_the_why_chips_in_a_replays_casebook_open_the_reasons(app, game_id):
    """Play-test (Beyond Baker Street move 3, Case Connection move 3): the "why?" chips in the
    replay's Casebook did nothing when clicked; in a game the same chips open the explanation."""
    from sleuth.ui.driver import click
    from sleuth.ui.scenes.coach import WhyScene

    scene = _open_explained(app, game_id)
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_l)
    app.draw()
    assert scene._why_spots
    (x, y, w, h), move = scene._why_spots[-1]
    click(app, (x + w / 2, y + h / 2))
    why = app.stack.top
    assert isinstance(why, WhyScene), why
    assert why.move_line == scene.log_lines[scene.log_why.index(move)]


def test_every_purrrlock_replay_step_says_who_did_what_as_it_is_shown(app):
    """Play-test: a Purrrlock replay's moves with token animations went ~3 s without a word;
    stepping at 1.5 s a move, 9 of 28 showed only "(L: the timeline)" (every guess, Watson's
    Paws catch), and with Play "Watson guesses Dog at 12: right!" never appeared. Each step tells
    its move as it is shown, the animation's start, stepping or playing."""
    from sleuth.games.purrrlock_holmes import rules as R

    app.settings = app.settings.updated(animation_speed="normal")
    replay, _ = bot_game("purrrlock-holmes", players=3)
    review = Review(replay)
    scene = ReplayScene(app, review)
    app.stack.push(scene)
    pump(app, 0.2)
    guesses = [k + 1 for k, (_, action) in enumerate(review.moves) if isinstance(action, R.Guess)]
    assert guesses
    names = scene.seat_names
    for _ in range(guesses[0] + 1):
        key(app, pygame.K_RIGHT)
        pump(app, 0.05)
        assert scene._flash is not None and scene._flash[0].startswith(tuple(names)), (scene.move, scene._flash)
        if scene.move == guesses[0]:
            assert scene.view.busy and " guesses " in scene._flash[0]  # with the animation, not after it
    scene.seek(guesses[0] - 2)
    key(app, pygame.K_SPACE)  # Play
    told = set()
    pump(app, until=lambda: (told.add(scene._flash[0] if scene._flash else None), scene.move > guesses[0])[1],
         timeout=60)
    assert any(line and " guesses " in line for line in told), told


def test_coming_back_to_a_replay_goes_on_where_it_was_left(app):
    """Play-test (Bakerstreet): left at move 7 with Esc to the results, "Watch the replay" opened
    at move 0 with the Casebook closed. Back to the same game's replay in the same app session,
    it goes on at the move left, with the drawer and the eyes as they were; another game's replay
    starts at its beginning."""
    replay, final = bot_game("bakerstreet", seed=7)
    scene = ReplayScene(app, Review(replay))
    app.stack.push(scene)
    for _ in range(7):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_l)
    key(app, pygame.K_e)
    eyes = scene.eyes
    key(app, pygame.K_ESCAPE)
    assert scene not in app.stack.scenes
    copy, _ = rp.from_json(rp.to_json(replay, final))  # opened again, as Recent games reads it
    again = ReplayScene(app, Review(copy))
    app.stack.push(again)
    assert again.move == 7 and again.log_open and again.eyes == eyes
    assert fingerprint(again.state) == fingerprint(Review(replay).state_at(7))
    app.draw()
    key(app, pygame.K_ESCAPE)
    other, _ = bot_game("bakerstreet", seed=8)
    fresh = ReplayScene(app, Review(other))
    assert fresh.move == 0 and not fresh.log_open
