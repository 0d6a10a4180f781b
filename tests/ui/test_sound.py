"""Sound effects: synthesized, non-silent, the right length, fast; the bank is safe without audio."""

import math
import time
from array import array

import pygame
import pytest

from sleuth.store.settings import Settings
from sleuth.ui import sound
from sleuth.ui.sound import DURATIONS, SOUND_NAMES, SoundBank


def rms(samples):
    return math.sqrt(sum(s * s for s in samples) / len(samples))


@pytest.fixture
def mixer():
    """A real mixer on the dummy audio driver (set by tests/conftest.py)."""
    pygame.mixer.quit()
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    yield pygame.mixer.get_init()
    pygame.mixer.quit()


@pytest.fixture
def no_mixer(monkeypatch):
    """A machine without an audio device: the mixer cannot start."""
    pygame.mixer.quit()

    def refuse(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)


def test_the_named_sounds_are_the_ones_the_table_needs():
    assert set(SOUND_NAMES) == {"slide", "flip", "shuffle", "win", "lose", "click", "tick"}


@pytest.mark.parametrize("name", SOUND_NAMES)
@pytest.mark.parametrize("rate", [22050, 44100, 48000])
def test_every_sound_is_non_silent_unclipped_and_the_right_length(name, rate):
    pcm = sound.synthesize(name, rate)
    assert isinstance(pcm, array) and pcm.typecode == "h"
    assert len(pcm) == round(DURATIONS[name] * rate)
    assert rms(pcm) > 500  # clearly audible at full volume
    assert max(pcm) < 32767 and min(pcm) > -32767  # headroom: never clipped
    assert abs(pcm[-1]) < 200  # faded out: no click when it stops
    assert abs(pcm[0]) < 200


def test_sounds_are_short_effects_and_the_jingles_last_longer():
    assert all(DURATIONS[n] <= 0.2 for n in ("slide", "flip", "click", "tick"))
    assert DURATIONS["win"] >= 0.8 and DURATIONS["lose"] >= 0.6


def test_the_lose_tone_is_low_and_descends():
    rate = 44100
    pcm = sound.synthesize("lose", rate)
    half = len(pcm) // 2

    def crossings(part):
        return sum(1 for a, b in zip(part, part[1:], strict=False) if (a < 0) != (b < 0))

    first, second = crossings(pcm[:half]), crossings(pcm[half:])
    seconds = half / rate
    assert second < first  # it goes down
    assert first / 2 / seconds < 250  # and stays low (fundamental below ~250 Hz)


def test_synthesis_is_deterministic_and_cached():
    assert sound.synthesize("shuffle") == sound.synthesize("shuffle")
    a = sound.synthesize("win")
    a[0] = 12345  # the caller's copy; the cache is not changed
    assert sound.synthesize("win")[0] != 12345


def test_rendering_everything_is_fast():
    sound._rendered.cache_clear()
    start = time.process_time()
    for name in SOUND_NAMES:
        sound.synthesize(name, 44100)
    spent = time.process_time() - start
    # the budget is 150 ms; the margin allows for a slow or shared CI machine
    assert spent < 0.4, f"synthesis took {spent * 1000:.0f} ms of CPU"


def test_unknown_names_are_refused_even_when_silent():
    with pytest.raises(KeyError, match="no sound 'boom'"):
        sound.synthesize("boom")
    with pytest.raises(KeyError):
        SoundBank(enabled=False).play("boom")


def test_the_bank_plays_every_sound_with_a_mixer(mixer):
    bank = SoundBank(volume=0.8)
    assert bank.available
    for name in SOUND_NAMES:
        assert isinstance(bank.play(name), pygame.mixer.Channel)


@pytest.mark.parametrize(
    "mixer_format",
    [(22050, -16, 1), (48000, -16, 2), (44100, 32, 2), (44100, 16, 2), (44100, -8, 1)],
)
def test_the_bank_adapts_to_the_mixer_format(mixer_format):
    rate, size, channels = mixer_format
    pygame.mixer.quit()
    pygame.mixer.init(frequency=rate, size=size, channels=channels)
    try:
        actual = pygame.mixer.get_init()
        bank = SoundBank()
        assert bank.available
        for name in SOUND_NAMES:
            length = bank._sounds[name].get_length()
            assert length == pytest.approx(DURATIONS[name], abs=0.005)
        assert bank.play("flip") is not None
        assert actual is not None
    finally:
        pygame.mixer.quit()


def test_without_an_audio_device_everything_is_a_silent_no_op(no_mixer, caplog, recwarn):
    bank = SoundBank(volume=1.0)
    assert not bank.available
    assert "No available audio device" in bank.reason_silent
    for _ in range(3):
        for name in SOUND_NAMES:
            assert bank.play(name) is None
    bank.set_volume(0.2, True)
    bank.stop()
    assert len(recwarn) == 0
    assert len([r for r in caplog.records if r.name == "sleuth.ui.sound"]) <= 1


def test_the_settings_say_when_no_sound_device_was_found(no_mixer, tmp_path):
    """Executable play-test: with no sound device the app was silent while Settings showed "Volume:
    70%" and "Mute off", nothing saying why nothing could be heard."""
    from sleuth.ui.driver import headless_app
    from sleuth.ui.scenes.settings import SettingsScene

    app = headless_app(str(tmp_path))
    try:
        assert app.sound.device_missing
        labels = {w.label: w for w in SettingsScene(app).widgets.items if hasattr(w, "label")}
    finally:
        app.shutdown()
    mute = labels["Mute (no sound device found)"]
    assert "no sound device" in mute.tooltip and "no sound device" in labels["Volume"].tooltip
    assert not SoundBank(enabled=False).device_missing  # switched off on purpose: nothing to report


def test_a_disabled_bank_does_not_touch_the_mixer(monkeypatch):
    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: pytest.fail("mixer opened"))
    bank = SoundBank(enabled=False)
    assert not bank.available and bank.play("win") is None


def test_volume_is_applied_to_every_sound(mixer):
    bank = SoundBank(volume=0.5)
    assert all(s.get_volume() == pytest.approx(0.5, abs=0.01) for s in bank._sounds.values())
    bank.set_volume(0.25)
    assert bank.volume == 0.25
    assert all(s.get_volume() == pytest.approx(0.25, abs=0.01) for s in bank._sounds.values())
    bank.set_volume(3.0)
    assert bank.volume == 1.0
    bank.set_volume(-1)
    assert bank.volume == 0.0
    assert bank.play("click") is None  # volume 0: nothing is started


def test_mute_silences_and_unmute_restores(mixer):
    bank = SoundBank(volume=0.7, muted=True)
    assert bank.muted and bank.play("flip") is None
    bank.set_volume(0.7, False)
    assert not bank.muted and bank.play("flip") is not None
    bank.set_muted(True)
    assert bank.play("tick") is None


def test_settings_drive_the_bank(mixer):
    bank = SoundBank.from_settings(Settings(volume=0.3, muted=True))
    assert (bank.volume, bank.muted) == (0.3, True)
    bank.apply_settings(Settings(volume=0.6, muted=False))
    assert (bank.volume, bank.muted) == (0.6, False)
    assert all(s.get_volume() == pytest.approx(0.6, abs=0.01) for s in bank._sounds.values())


def test_the_same_sound_is_not_restarted_within_a_few_milliseconds(mixer):
    now = [100.0]
    bank = SoundBank(clock=lambda: now[0])
    assert bank.play("slide") is not None
    assert bank.play("slide") is None  # a 40-card instant deal does not start 40 slides at once
    assert bank.play("flip") is not None  # other sounds are independent
    now[0] += sound.MIN_GAP_S
    assert bank.play("slide") is not None


def test_a_failing_play_is_swallowed(mixer, monkeypatch):
    bank = SoundBank()

    class Broken:
        def play(self):
            raise pygame.error("device lost")

        def set_volume(self, v):
            pass

    bank._sounds["win"] = Broken()
    assert bank.play("win") is None


def test_closing_lets_the_playing_effects_finish_then_closes_the_mixer(mixer):
    """A full test run once hung for ever in pygame.quit(): quitting as an effect ended, the
    mixer's thread and the main thread each waited for the other's lock. The bank closes only
    once nothing plays, sleeping meanwhile so the mixer's thread can finish its hand-back."""
    bank = SoundBank(volume=1.0)
    assert bank.play("win") is not None and pygame.mixer.get_busy()
    start = time.monotonic()
    bank.close()
    waited = time.monotonic() - start
    assert pygame.mixer.get_init() is None and not bank.available
    assert 0.3 <= waited <= DURATIONS["win"] + 1.0
    bank.close()  # a second close does nothing
