"""Couch play keeps every secret: a whole seeded game of each title through the real table, seats
alternating human and bot, every frame checked (tests/couch.py): a private view is on screen only
while its owner acts; while a bot acts, during a handoff and after the game the table shows the
public view; nobody ever sees a card they may not see."""

from __future__ import annotations

import random

import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import pump
from sleuth.ui.scenes.handoff import HandoffScene
from sleuth.ui.scenes.table import start_game
from tests.couch import CouchWatch


@pytest.fixture
def app(tmp_path):
    from sleuth.ui.driver import headless_app

    application = headless_app(str(tmp_path / "home"), animation_speed="fast", bot_pace="instant")
    yield application
    application.shutdown()


def bbs_secrets(table, seat):
    """Beyond Baker Street: your own evidence (until the game is over)."""
    state = table.state
    return set() if state.is_over() else set(state.hands[seat])


class PurrrlockSecrets:
    """Purrrlock Holmes: your own Investigation, and the cards in other players' hands that you
    have never seen (cards you passed on, and cards that lay face up on the table before a
    reshuffle brought them back, are cards you have seen)."""

    def __init__(self) -> None:
        self.held: dict[int, set[int]] = {}
        self.public: set[int] = set()

    def __call__(self, table, seat):
        state = table.state
        if state.is_over():
            return set()
        for s, hand in enumerate(state.hands):
            self.held.setdefault(s, set()).update(hand)
        self.public.update(state.discard)
        for zone in (state.leads, state.dead_ends, state.solved):
            for cards in zone:
                self.public.update(cards)
        hidden = {state.investigation[seat]} if state.investigation[seat] >= 0 else set()
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden |= set(hand) - self.held[seat] - self.public
        return hidden


def bakerstreet_record(table):
    """A face-up detective card, as the hand it lies in (None when it lies in no hand)."""

    def record(sprite):
        tid = sprite.key[1]
        for seat, hand in enumerate(table.view.model.hands):
            if any(tok.id == tid for tok in hand):
                return ("hand", seat)
        return None

    return record


def bakerstreet_secrets(table, seat):
    """Bakerstreet: the opponent's hand (a dispute shows both hands to both players)."""
    from sleuth.games.bakerstreet import rules as R

    if table.state.phase in (R.CHOOSE, R.TAKE, R.OVER):
        return set()
    return {("hand", 1 - seat)}


def case_secrets(table, seat):
    """Case Connection: the leads someone else is choosing from."""
    from sleuth.games.case_connection import rules as R

    state = table.state
    if state.phase in (R.PHASE_SETUP, R.PHASE_PICK) and state.chooser != seat:
        return set(state.offer)
    return set()


GAMES = {
    "beyond-baker-street": ("ev", bbs_secrets, None, ["human", "basic", "human"], {}),
    "purrrlock-holmes": ("card", PurrrlockSecrets, None, ["human", "basic", "human", "basic"], {}),
    "bakerstreet": ("det", bakerstreet_secrets, bakerstreet_record, ["human", "human"], {}),
    "case-connection": ("lead", case_secrets, None, ["human", "basic", "human"], {}),
}


def play_couch_game(app, game_id, seed, max_steps=20000):
    """Play a whole game; the humans' moves come from the basic bot looking at their own view."""
    kind, secrets, record_for, kinds, options = GAMES[game_id]
    secrets = secrets() if isinstance(secrets, type) else secrets
    spec = get(game_id)
    names = ["Alice", "Bob", "Cleo", "Dan"]
    seats = [SeatInfo(names[i], k) for i, k in enumerate(kinds)]
    table = start_game(app, spec, seats, options, seed)
    record = record_for(table) if record_for else (lambda sprite: sprite.key[1])
    watch = CouchWatch(app, table, kind, secrets, record)
    players = {i: spec.make_bot("basic") for i, k in enumerate(kinds) if k == "human"}
    rng = random.Random(seed)
    handoffs = []
    for _ in range(max_steps):
        if table.results_shown:
            break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            pump(app, 0.05)
            handoffs.append(top.seat)
            top.confirm()
            continue
        viewer = table.viewer
        if top is table and viewer is not None and table.viewer_may_act() and viewer in table.state.pending_seats():
            pump(app, 1 / 30)  # the player looks at their view before moving (it goes public with the move)
            obs = table.session.observe(viewer)
            table.act(players[viewer].choose(obs, table.legal_for_viewer(), rng, 0.01), confirmed=True)
        pump(app, 1 / 30)
    assert table.results_shown, "the game did not finish"
    pump(app, 0.1)
    return table, watch, handoffs


@pytest.mark.parametrize("game_id", list(GAMES))
def test_couch_play_never_shows_a_secret_to_anyone_who_may_be_looking(app, game_id):
    table, watch, handoffs = play_couch_game(app, game_id, seed=21)
    assert not watch.leaks, watch.leaks[:5]
    assert watch.frames_by_audience["one"] > 20 and watch.frames_by_audience["all"] > 20
    assert len(set(handoffs)) == len(table.session.human_seats)
    assert table.viewer is None  # after the game: the public, fully revealed view


def drawn_words(app, scene) -> str:
    """Every line of text ``scene`` draws in one frame, joined (the canvas records them)."""
    canvas = app.canvas
    canvas.recorder = []
    try:
        scene.draw(canvas)
        return " ".join(text for text, _, size in canvas.recorder if size != -1)
    finally:
        canvas.recorder = None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_finished_couch_table_promises_no_next_player(app, game_id):
    """Couch play-test: after the game, "See the table" in Purrrlock still said "Hands and notes are
    hidden until the next player is at the screen." and "Your notes are private: they show when you
    are at the screen.", though nobody comes to the screen once the game is over."""
    table, _, _ = play_couch_game(app, game_id, seed=21)
    app.stack.top.see_table()
    pump(app, 0.1)
    assert app.stack.top is table and table.viewer is None
    words = drawn_words(app, table)
    assert "next player" not in words and "at the screen" not in words, words
