"""Suspended games, one slot per title: a real replay round-trips, a bad one is moved aside, writes
are thread-safe, and the single autosave of earlier versions moves into its slot."""

import json
import random
import threading

import pytest

from sleuth.core import replay as rp
from sleuth.store.paths import UserPaths
from sleuth.store.saves import (
    AutosaveError,
    clear_autosave,
    has_autosave,
    load_autosave,
    read_autosave,
    save_game,
    suspended_games,
    write_autosave,
)
from tests.contract import fingerprint


@pytest.fixture
def paths():
    return UserPaths.default()


def played(spec, seed=7, steps=4):
    replay = rp.Replay("toy", {"speed": "fast"}, [rp.SeatInfo("Ann", "human"), rp.SeatInfo("Bot", "basic")], seed)
    state = spec.create(2, replay.options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.pending_seats()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        replay.record(seat, action)
    return replay, state


def bad_files(paths):
    return sorted(paths.saves_dir.glob("toy.json.bad-*"))


def test_no_autosave(paths):
    assert read_autosave(paths, "bakerstreet") is None
    assert load_autosave(paths, "bakerstreet") is None
    assert not has_autosave(paths)
    assert suspended_games(paths) == []
    clear_autosave(paths, "bakerstreet")  # clearing nothing is fine


def test_a_real_replay_round_trips(paths, toy_registered):
    replay, state = played(toy_registered)
    write_autosave(paths, rp.to_json(replay, state))
    assert has_autosave(paths)
    loaded, resumed = load_autosave(paths, "toy")
    assert loaded == replay
    assert fingerprint(resumed) == fingerprint(state)
    assert [p.name for p in paths.saves_dir.iterdir()] == ["toy.json"]


def test_save_game_writes_the_replay_text(paths, toy_registered):
    replay, state = played(toy_registered)
    save_game(paths, replay, state)
    assert read_autosave(paths, "toy") == rp.to_json(replay, state)


def test_every_action_overwrites_the_autosave(paths, toy_registered):
    replay, state = played(toy_registered, steps=1)
    save_game(paths, replay, state)
    replay, state = played(toy_registered, steps=3)
    save_game(paths, replay, state)
    assert len(load_autosave(paths, "toy")[0].actions) == 3


def test_clear_removes_continue(paths, toy_registered):
    replay, state = played(toy_registered)
    save_game(paths, replay, state)
    clear_autosave(paths, "toy")
    assert not has_autosave(paths) and load_autosave(paths, "toy") is None


@pytest.mark.parametrize("damage", ["garbage", "truncate", "edit", "newer"])
def test_a_bad_autosave_is_refused_clearly_and_moved_aside(paths, toy_registered, damage):
    replay, state = played(toy_registered)
    text = rp.to_json(replay, state)
    payload = json.loads(text)
    if damage == "garbage":
        text = text[: len(text) // 2]
    elif damage == "truncate":
        payload["actions"] = payload["actions"][:-1]
        text = json.dumps(payload)
    elif damage == "edit":
        payload["actions"][0][1] = "play(card=42)"
        text = json.dumps(payload)
    else:
        payload["format"] = 99
        text = json.dumps(payload)
    write_autosave(paths, text, "toy")
    with pytest.raises(AutosaveError, match="could not be resumed") as info:
        load_autosave(paths, "toy")
    [moved] = bad_files(paths)
    assert info.value.moved_to == moved
    assert f"kept as {moved.name} in {moved.parent}" in str(info.value)
    assert str(info.value).startswith("Your saved game of ")  # which game, by its name
    assert moved.read_text() == text  # kept for the player
    assert not has_autosave(paths)  # Continue disappears
    assert load_autosave(paths, "toy") is None


def test_an_engine_crash_while_replaying_is_contained(paths, toy_registered, monkeypatch):
    replay, state = played(toy_registered)
    save_game(paths, replay, state)

    def explode(text):
        raise KeyError("bug")

    monkeypatch.setattr(rp, "from_json", explode)
    with pytest.raises(AutosaveError, match="KeyError"):
        load_autosave(paths, "toy")
    assert len(bad_files(paths)) == 1


def test_bytes_that_are_not_utf8_are_a_bad_save_not_a_crash(paths, toy_registered):
    paths.saves_dir.mkdir(parents=True)
    paths.game_save_file("toy").write_bytes(b"\xff\xfe{")
    with pytest.raises(AutosaveError):
        load_autosave(paths, "toy")


def test_writes_from_threads_never_leave_a_torn_file(paths, toy_registered):
    texts = []
    for steps in range(1, 6):
        replay, state = played(toy_registered, steps=steps)
        texts.append(rp.to_json(replay, state))
    errors = []

    def writer(text):
        try:
            for _ in range(20):
                write_autosave(paths, text)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(t,)) for t in texts]
    for t in threads:
        t.start()
    for _ in range(20):
        current = read_autosave(paths, "toy")
        assert current is None or current in texts
    for t in threads:
        t.join()
    assert not errors
    assert read_autosave(paths, "toy") in texts
    assert [p.name for p in paths.saves_dir.iterdir()] == ["toy.json"]


def test_each_title_keeps_its_own_suspended_game(paths, toy_registered):
    from sleuth.core.registry import get

    replay, state = played(toy_registered)
    save_game(paths, replay, state)
    baker = rp.Replay("bakerstreet", {}, [rp.SeatInfo("Ann", "human"), rp.SeatInfo("Bot", "expert")], 4)
    save_game(paths, baker, rp.new_state(baker))
    assert sorted(suspended_games(paths)) == ["bakerstreet", "toy"]
    assert suspended_games(paths)[0] == "bakerstreet"  # the most recent first
    assert load_autosave(paths, "bakerstreet")[0] == baker and load_autosave(paths, "toy")[0] == replay
    clear_autosave(paths, "bakerstreet")
    assert suspended_games(paths) == ["toy"]
    assert get("bakerstreet")  # the registry is untouched


def test_the_single_autosave_of_earlier_versions_moves_into_its_slot(paths, toy_registered):
    replay, state = played(toy_registered)
    paths.saves_dir.mkdir(parents=True)
    paths.autosave_file.write_text(rp.to_json(replay, state))
    assert suspended_games(paths) == ["toy"]
    assert not paths.autosave_file.exists()
    assert load_autosave(paths, "toy")[0] == replay


def test_an_old_autosave_of_no_known_game_is_kept_aside_not_deleted(paths):
    paths.saves_dir.mkdir(parents=True)
    paths.autosave_file.write_text("{not a save")
    assert suspended_games(paths) == []
    assert [p.name.startswith("autosave.json.bad-") for p in paths.saves_dir.iterdir()] == [True]
