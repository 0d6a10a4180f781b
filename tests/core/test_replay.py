"""Saves are replays; a save that no longer replays is refused with a clear message."""

import json
import random

import pytest

from sleuth.core import replay as rp
from sleuth.core.errors import ReplayError
from tests.contract import fingerprint


def played(spec, seed=4, steps=5):
    replay = rp.Replay("toy", {"speed": "normal"}, [rp.SeatInfo("Ann", "human"), rp.SeatInfo("Bot", "basic")], seed)
    state = spec.create(2, replay.options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.pending_seats()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        replay.record(seat, action)
    return replay, state


def test_a_save_round_trips_to_the_same_state(toy_registered):
    replay, state = played(toy_registered)
    text = rp.to_json(replay, state)
    loaded, resumed = rp.from_json(text)
    assert loaded == replay
    assert fingerprint(resumed) == fingerprint(state)


def test_an_edited_action_is_refused(toy_registered):
    replay, state = played(toy_registered)
    payload = json.loads(rp.to_json(replay, state))
    payload["actions"][1][1] = "play(card=99)"
    with pytest.raises(ReplayError) as refused:
        rp.from_json(json.dumps(payload))
    # in a player's words: the move's number and whose, never the move's text or the engine's refusal
    words = str(refused.value)
    assert "its move 2" in words and "the file was changed" in words
    assert "play(" not in words and "card=" not in words


def test_a_truncated_or_reseeded_save_is_refused(toy_registered):
    replay, state = played(toy_registered)
    payload = json.loads(rp.to_json(replay, state))
    payload["actions"] = payload["actions"][:-1]
    with pytest.raises(ReplayError, match="changed or cut short"):
        rp.from_json(json.dumps(payload))


def test_a_newer_format_is_refused(toy_registered):
    replay, state = played(toy_registered)
    payload = json.loads(rp.to_json(replay, state))
    payload["format"] = rp.FORMAT_VERSION + 1
    with pytest.raises(ReplayError, match="newer Sleuth"):
        rp.from_json(json.dumps(payload))


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "damaged or is not a Sleuth save"),
        ("[1, 2]", "the file is not a Sleuth save"),
        ('{"format": 1}', "incomplete or damaged"),
        ('{"game": "bakerstreet"}', "the file is not a Sleuth save"),
        (
            '{"format": 1, "game": "chess", "options": {}, "seats": [], "seed": 1, "actions": [], "digest": ""}',
            "a game this Sleuth does not have \\('chess'\\)",
        ),
    ],
)
def test_garbage_is_refused_clearly(toy_registered, text, message):
    with pytest.raises(ReplayError, match=message):
        rp.from_json(text)


def test_bad_options_in_a_save_are_refused(toy_registered):
    replay, state = played(toy_registered)
    payload = json.loads(rp.to_json(replay, state))
    payload["options"] = {"speed": "warp"}
    with pytest.raises(ReplayError, match="options or bots do not fit"):
        rp.from_json(json.dumps(payload))


def test_a_save_from_an_earlier_edition_of_the_game_is_refused_as_older(toy_registered, monkeypatch):
    """When a game's cards or setup change (``GameSpec.edition``), a save made before that deals
    differently is refused as older, not reported as damaged; one the change did not touch still
    resumes, and is saved as the new edition from then on."""
    from dataclasses import replace

    from tests import toygame

    replay, state = played(toy_registered)
    old_text = rp.to_json(replay, state)
    assert "edition" not in json.loads(old_text)  # edition 1 writes nothing: older saves read as before
    monkeypatch.setattr(toygame, "SPEC", replace(toy_registered, edition=2))
    loaded, _ = rp.from_json(old_text)  # the toy deals as it did: still playable
    assert loaded.edition == 2 and json.loads(rp.to_json(loaded))["edition"] == 2
    deal = toy_registered.new_game
    monkeypatch.setattr(toygame, "SPEC", replace(toy_registered, edition=2,
                                                 new_game=lambda players, options, seed: deal(players, options, seed + 1)))
    with pytest.raises(ReplayError, match="saved by an earlier version of Sleuth, which dealt"):
        rp.from_json(old_text)
    # a game started now carries the new edition, and its save resumes
    fresh, fresh_state = played(toygame.SPEC)
    assert fresh.edition == 2
    text = rp.to_json(fresh, fresh_state)
    assert json.loads(text)["edition"] == 2
    loaded, _ = rp.from_json(text)
    assert loaded.edition == 2
    # and a save from a later edition than this version knows is refused as newer
    payload = json.loads(text)
    payload["edition"] = 3
    with pytest.raises(ReplayError, match="saved by a later version"):
        rp.from_json(json.dumps(payload))


def test_saved_reasons_round_trip_and_an_edit_to_them_is_refused(toy_registered):
    """The bots' reasons ride in the save (a resumed game keeps its "why?"); the digest covers
    them, and reasons that are not a map of move numbers are a damaged file."""
    replay, state = played(toy_registered)
    replay.reasons = {"1": {"seat": 1, "measure": "points", "best": {"action": "x", "value": 1.0, "facts": []},
                            "runner_up": None, "situation": []}}
    loaded, _ = rp.from_json(rp.to_json(replay, state))
    assert loaded.reasons == replay.reasons
    payload = json.loads(rp.to_json(replay, state))
    payload["reasons"]["1"]["best"]["value"] = 2.0
    with pytest.raises(ReplayError, match="changed or cut short"):
        rp.from_json(json.dumps(payload))
    payload["reasons"] = ["not", "a", "map"]
    with pytest.raises(ReplayError, match="incomplete or damaged"):
        rp.from_json(json.dumps(payload))


def test_a_refused_move_of_a_seat_named_you_reads_yours():
    """A seat named You (the default human name) is "yours" where a refused save names the
    move's owner, never "You's"."""
    from sleuth.core.errors import IllegalAction
    from sleuth.core.replay import SeatInfo, move_refused

    seats = [SeatInfo("You", "human"), SeatInfo("Ross", "basic")]
    assert move_refused(3, seats, 0, IllegalAction("no")).startswith("its move 3, yours, cannot be played")
    assert move_refused(4, seats, 1, IllegalAction("no")).startswith("its move 4, Ross's, cannot be played")
