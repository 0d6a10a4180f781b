"""A seat named You (the solo default) reads "you" wherever it is not a sentence's first word, in
every game's reasons ("Why?" and the coach's hint) and in the replay expert's line."""

from __future__ import annotations

from sleuth.ai.explain import Considered, Explanation, fact
from sleuth.core.replay import SeatInfo
from sleuth.core.review import Review
from sleuth.games.beyond_baker_street import rules as R
from sleuth.ui.scenes.coach import WhyScene
from sleuth.ui.scenes.replay import ReplayScene
from sleuth.ui.words import you_inside
from tests.ui.test_replay_viewer import bot_game


def test_you_is_lowercase_inside_a_sentence_and_capital_at_its_start():
    assert you_inside("Watson told You that these 5 cards are Witnesses: You then knew.") == \
        "Watson told you that these 5 cards are Witnesses: you then knew."
    assert you_inside("You win. You lose! \"You go first.\"\nYou bid 30.") == \
        "You win. You lose! \"You go first.\"\nYou bid 30."
    assert you_inside("30 by You, 12 by Watson; Your turn.") == "30 by you, 12 by Watson; Your turn."


def test_a_why_in_a_replay_says_you_mid_sentence_for_a_seat_named_you(app):
    """Play-test (bbr_m6why): a solo game's replay, public view, "Why?" on Watson's Assist read
    "Watson told You that these 5 cards are Witnesses: You then knew enough to play 5 cards..."."""
    replay, _ = bot_game("beyond-baker-street")
    replay.seats = [SeatInfo("You", "human"), SeatInfo("Watson", "basic")]
    scene = ReplayScene(app, Review(replay))
    app.stack.push(scene)
    scene.seek(3)
    assert scene.viewer is None
    best = Considered(R.Assist(0, icon="witness"), -2.0, (
        fact("assist", target=0, number=0, icon="witness", count=5, newly=5, whole=0),
        fact("holmes_cost", steps=1, why="assist")))
    runner = Considered(R.Assist(0, number=5), -3.0, (
        fact("assist", target=0, number=5, icon="", count=1, newly=1, whole=0), fact("margin", spaces=0.5)))
    why = WhyScene(app, scene, "Watson tells you that your 1st and 2nd cards are Witnesses.",
                   Explanation(1, "utility", best, runner, ()))
    text = " ".join(why.lines)
    assert text.startswith("Watson told you that these 5 cards are Witnesses: you then knew"), text
    assert "to you" in text and " You" not in text, text


def test_bakerstreets_bid_and_played_by_say_you_for_a_seat_named_you_in_a_replay(app):
    """Play-test (bsr_eyes1): Bakerstreet's bidding panel read "30 by You" in a replay of a solo
    game, where no viewer makes the seat "you" by itself."""
    from tests.ui.test_results_and_statistics import TextSpy

    replay, _ = bot_game("bakerstreet")
    replay.seats = [SeatInfo("You", "human"), SeatInfo("Watson", "basic")]
    scene = ReplayScene(app, Review(replay))
    app.stack.push(scene)
    bid = next(k for k, (seat, action) in enumerate(replay.actions) if seat == 0 and str(action).startswith("bid("))
    scene.seek(bid + 1)
    assert scene.viewer is None
    spy = TextSpy(app.canvas)
    app.invalidate()
    app.draw()
    texts = [text for text, _pos, _size in spy.drawn]
    assert "by you" in texts and not any("by You" in text for text in texts)
