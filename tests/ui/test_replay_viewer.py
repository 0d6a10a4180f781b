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
