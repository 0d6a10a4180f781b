"""A player's name is shown whole wherever it is the point of the text (names have up to 14
characters at the setup screen): the hostile play-test saw "Pass to ABCDEFGHIJKL...", a
Bakerstreet name plate "ABCDEFGHIJKL..." and a replay's evidence line "...(need 7 in a..."."""

from __future__ import annotations

import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.core.review import Review
from sleuth.games.bakerstreet.table.layout import LETTERS_END, PLATE_W, PLATE_X
from sleuth.ui.driver import pump
from sleuth.ui.scenes.handoff import HandoffScene
from sleuth.ui.scenes.replay import ReplayScene
from sleuth.ui.scenes.table import start_game
from tests.ui.test_replay_viewer import bot_game

LONG_NAMES = ("ABCDEFGHIJKLMN", "W" * 14, "MMMMMMMMMMMMMM")


def drawn(app, scene) -> list[tuple[str, tuple, float]]:
    """Every line of text one frame of ``scene`` draws, with its logical box."""
    app.canvas.recorder = []
    try:
        scene.draw(app.canvas)
        return [(text, box, size) for text, box, size in app.canvas.recorder if text]
    finally:
        app.canvas.recorder = None


@pytest.mark.parametrize("name", LONG_NAMES)
@pytest.mark.parametrize("game_id", ["purrrlock-holmes", "bakerstreet"])
def test_the_handoff_heading_says_the_whole_name_inside_its_card(app, game_id, name):
    """"Pass to ABCDEFGHIJKL..." on the handoff card: its size was chosen by measuring the serif face
    it is drawn in, and then the name was cut by measuring the other face."""
    spec = get(game_id)
    seats = [SeatInfo(name, "human"), SeatInfo("Ann", "human")] + [SeatInfo(f"Bot {i}", "basic")
                                                                    for i in range(2, spec.min_players)]
    table = start_game(app, spec, seats, {}, 3)
    handoff = HandoffScene(app, table, 0)
    lines = drawn(app, handoff)
    heading = next((text, box) for text, box, _ in lines if text.startswith("Pass to"))
    assert heading[0] == f"Pass to {name}"
    assert heading[1][0] >= 340 and heading[1][0] + heading[1][2] <= 940


@pytest.mark.parametrize("name", LONG_NAMES)
def test_bakerstreets_name_plates_and_evidence_lines_say_the_whole_name_and_sentence(app, name):
    """A Bakerstreet replay (every letter shown) and a table seen by the long-named player: the plate
    had cut the name beside "striped card backs", the evidence line its "(need 7 in a row)"."""
    replay, _ = bot_game("bakerstreet")
    replay.seats = [SeatInfo("Watson", "basic"), SeatInfo(name, "human")]
    scene = ReplayScene(app, Review(replay))
    app.stack.push(scene)
    for move in (0, scene.review.length):
        scene.seek(move)
        lines = drawn(app, scene)
        assert not [text for text, _, _ in lines if "…" in text and (name in text or "evidence" in text)]
        plate = [box for text, box, _ in lines if text == name]
        assert plate and all(box[0] + box[2] <= PLATE_X + PLATE_W for box in plate)
        evidence = [(text, box, size) for text, box, size in lines if "evidence:" in text]
        assert len(evidence) == 2 and any(text.startswith(f"{name}'s evidence") for text, _, _ in evidence)
        assert all(box[0] + box[2] <= LETTERS_END + 1 and size >= 14 for _, box, size in evidence)
    app.stack.remove(scene)
    table = start_game(app, get("bakerstreet"), [SeatInfo(name, "human"), SeatInfo("Watson", "basic")], {}, 3)
    pump(app, 0.2)
    lines = drawn(app, table)
    assert any(text == f"{name} (you)" for text, _, _ in lines)
    assert not [text for text, _, _ in lines if "…" in text and name in text]
