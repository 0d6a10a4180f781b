"""Sound effects Sleuth makes itself: synthesized at start-up, nothing recorded or downloaded.

Every effect is a few lines of arithmetic in pure Python (``math`` and ``array``, no numpy),
rendered once at the mixer's sample rate as 16-bit mono and cached, then handed to
``pygame.mixer.Sound(buffer=...)`` in the mixer's own layout (or, for an unusual mixer format, as
an in-memory WAV that SDL converts). All seven together take well under 150 ms to render.

The effects:

- ``slide``   a card sliding on felt: noise through a closing low-pass filter, a soft swish.
- ``flip``    a card turned over: a short snap (noise click, a bright partial and a low thump).
- ``shuffle`` a riffle: a quick run of tiny paper clicks over a soft noise bed, then a settle.
- ``win``     a chime: a rising major arpeggio of bell-like notes that ring out.
- ``lose``    a low tone sliding down an octave, soft and short.
- ``click``   a soft click for buttons.
- ``tick``    a wooden tick for a marker stepping along a track.

Where there is no audio device (the mixer cannot start) the bank is silent: ``play`` does
nothing and returns None, with one log line and no warnings. Under ``SDL_AUDIODRIVER=dummy`` the
mixer starts and plays into nothing, which keeps the real code path covered by headless tests.
"""

from __future__ import annotations

import cmath
import io
import logging
import math
import random
import sys
import time
import wave
from array import array
from collections.abc import Callable
from functools import lru_cache
from itertools import accumulate, repeat
from operator import add, mul
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from sleuth.store.settings import Settings

log = logging.getLogger(__name__)

#: Every effect, with its length in seconds.
DURATIONS: dict[str, float] = {
    "slide": 0.18,
    "flip": 0.07,
    "shuffle": 0.62,
    "win": 1.15,
    "lose": 0.85,
    "click": 0.035,
    "tick": 0.045,
}
SOUND_NAMES: tuple[str, ...] = tuple(DURATIONS)

#: The same effect is not restarted within this many seconds (a 40-card deal at instant speed
#: would otherwise start 40 slides in one frame).
MIN_GAP_S = 0.03

DEFAULT_RATE = 44100
_FADE_S = 0.003
_FADE_IN_S = 0.0005
_TAU = 2 * math.pi


# -- building blocks --------------------------------------------------------------------------
def _noise(n: int, rng: random.Random) -> list[float]:
    r = rng.random
    return [2.0 * r() - 1.0 for _ in range(n)]


def _lowpass(x: list[float], alpha: float) -> list[float]:
    """One-pole low-pass; ``alpha`` near 1 lets everything through, near 0 only the lows."""
    out = []
    y = 0.0
    append = out.append
    for v in x:
        y += alpha * (v - y)
        append(y)
    return out


def _highpass(x: list[float], alpha: float) -> list[float]:
    return [a - b for a, b in zip(x, _lowpass(x, alpha), strict=True)]


def _decay(n: int, tau_s: float, rate: int) -> list[float]:
    """exp(-t / tau) by repeated multiplication, which ``accumulate`` runs at C speed."""
    if n <= 0:
        return []
    return list(accumulate(repeat(math.exp(-1.0 / (tau_s * rate)), n - 1), mul, initial=1.0))


def _phasors(n: int, freq: float, rate: int) -> list[complex]:
    """exp(i w t) for each sample: a rotating unit vector (sine = imag, cosine = real)."""
    if n <= 0:
        return []
    return list(accumulate(repeat(cmath.exp(1j * _TAU * freq / rate), n - 1), mul, initial=1 + 0j))


def _tone(n: int, freq: float, rate: int) -> list[float]:
    return [z.imag for z in _phasors(n, freq, rate)]


def _mix_into(target: list[float], source: list[float], start: int, gain: float = 1.0) -> None:
    end = min(len(target), start + len(source))
    target[start:end] = [a + gain * b for a, b in zip(target[start:end], source, strict=False)]


# -- the effects (each returns floats for exactly n samples) ------------------------------------
def _slide(n: int, rate: int) -> list[float]:
    rng = random.Random(11)
    x = _noise(n, rng)
    # a closing filter: bright at the start of the swish, darker as the card slows down
    out = []
    y = 0.0
    append = out.append
    for i, v in enumerate(x):
        alpha = 0.55 - 0.45 * i / n
        y += alpha * (v - y)
        append(y)
    out = _highpass(out, 0.04)
    attack = max(1, int(0.02 * rate))
    return [
        s * (math.sin(0.5 * math.pi * i / attack) if i < attack else (1.0 - (i - attack) / (n - attack)) ** 1.6)
        for i, s in enumerate(out)
    ]


def _flip(n: int, rate: int) -> list[float]:
    rng = random.Random(23)
    snap = _highpass(_noise(n, rng), 0.3)
    d_fast = _decay(n, 0.0025, rate)
    d_mid = _decay(n, 0.006, rate)
    d_slow = _decay(n, 0.018, rate)
    bright = _tone(n, 2300.0, rate)
    thump = _tone(n, 170.0, rate)
    return [
        a * e1 + 0.45 * b * e2 + 0.6 * c * e3
        for a, e1, b, e2, c, e3 in zip(snap, d_fast, bright, d_mid, thump, d_slow, strict=True)
    ]


def _shuffle(n: int, rate: int) -> list[float]:
    rng = random.Random(37)
    bed = _lowpass(_noise(n, rng), 0.15)
    out = [0.12 * s * math.sin(math.pi * i / n) for i, s in enumerate(bed)]
    click_n = int(0.012 * rate)
    click_env = _decay(click_n, 0.0022, rate)
    t = 0.02
    end = DURATIONS["shuffle"] - 0.12
    while t < end:
        grain = _highpass(_noise(click_n, rng), 0.25)
        gain = 0.55 + 0.45 * rng.random()
        _mix_into(out, [g * e for g, e in zip(grain, click_env, strict=True)], int(t * rate), gain)
        # riffles speed up in the middle of the shuffle and slow at the end
        progress = t / end
        t += 0.022 + 0.03 * (2 * progress - 1) ** 2 + 0.006 * rng.random()
    settle_at = int((DURATIONS["shuffle"] - 0.1) * rate)
    settle_n = n - settle_at
    settle = [s * e for s, e in zip(_tone(settle_n, 120.0, rate), _decay(settle_n, 0.03, rate), strict=True)]
    _mix_into(out, settle, settle_at, 0.5)
    return out


def _bell(n: int, freq: float, rate: int, tau_s: float, gain: float) -> list[float]:
    """A soft bell: a sine with two quiet overtones, quick attack, long exponential ring.

    A decaying phasor z = A e^(iwt) with A = gain e^(-t/tau) carries the envelope and both
    sin and cos, and s (1.24 + 0.56 c - 0.32 s^2) with s = A sin, c = A cos is
    A sin x + 0.28 A^2 sin 2x + 0.08 A^3 sin 3x (roughly): the overtones fade faster than the
    fundamental, as a struck bell's do. One C-speed ``accumulate`` and one comprehension.
    """
    if n <= 0:
        return []
    step = cmath.exp(complex(-1.0 / (tau_s * rate), _TAU * freq / rate))
    phasors = accumulate(repeat(step, n - 1), mul, initial=complex(gain, 0.0))
    out = [(s := z.imag) * (1.24 + 0.56 * z.real - 0.32 * s * s) for z in phasors]
    attack = min(n, max(1, int(0.004 * rate)))
    out[:attack] = [v * i / attack for i, v in enumerate(out[:attack])]
    return out


def _win(n: int, rate: int) -> list[float]:
    out = [0.0] * n
    notes = ((0.0, 523.25), (0.1, 659.25), (0.2, 783.99), (0.32, 1046.5))  # C5 E5 G5 C6
    for index, (start_s, freq) in enumerate(notes):
        start = int(start_s * rate)
        last = index == len(notes) - 1
        bell = _bell(n - start, freq, rate, 0.42 if last else 0.22, 1.0 if last else 0.8)
        out = list(map(add, out, [0.0] * start + bell))
    return out


def _lose(n: int, rate: int) -> list[float]:
    # an exponential glide from G3 down an octave with a slight vibrato, as a triangle wave
    # softened by a low-pass; the phase is the running sum of the frequency
    f0, f1 = 196.0, 98.0
    glide = accumulate(repeat(math.exp(math.log(f1 / f0) / n), n - 1), mul, initial=f0)
    steps = [g * (1.0 + 0.006 * v) / rate for g, v in zip(glide, _tone(n, 5.0, rate), strict=True)]
    out = [4.0 * abs(p % 1.0 - 0.5) - 1.0 for p in accumulate(steps)]
    out = _lowpass(out, 0.2)
    attack = int(0.03 * rate)
    release = int(0.35 * rate)
    for i in range(n):
        if i < attack:
            out[i] *= i / attack
        elif i > n - release:
            out[i] *= (n - i) / release
    return out


def _click(n: int, rate: int) -> list[float]:
    rng = random.Random(41)
    tone = _tone(n, 1500.0, rate)
    noise = _noise(n, rng)
    d_tone = _decay(n, 0.004, rate)
    d_noise = _decay(n, 0.0008, rate)
    return [t * a + 0.3 * s * b for t, a, s, b in zip(tone, d_tone, noise, d_noise, strict=True)]


def _tick(n: int, rate: int) -> list[float]:
    high = _tone(n, 2600.0, rate)
    mid = _tone(n, 1000.0, rate)
    body = _tone(n, 420.0, rate)
    d1 = _decay(n, 0.003, rate)
    d2 = _decay(n, 0.006, rate)
    d3 = _decay(n, 0.012, rate)
    return [
        0.35 * h * a + 0.5 * m * b + 0.6 * w * c for h, a, m, b, w, c in zip(high, d1, mid, d2, body, d3, strict=True)
    ]


_SYNTHS: dict[str, Callable[[int, int], list[float]]] = {
    "slide": _slide,
    "flip": _flip,
    "shuffle": _shuffle,
    "win": _win,
    "lose": _lose,
    "click": _click,
    "tick": _tick,
}

#: Peak level of each effect (of full scale), so they sit together at one volume setting.
_PEAKS: dict[str, float] = {
    "slide": 0.45,
    "flip": 0.55,
    "shuffle": 0.5,
    "win": 0.55,
    "lose": 0.55,
    "click": 0.3,
    "tick": 0.4,
}


@lru_cache(maxsize=64)
def _rendered(name: str, rate: int) -> bytes:
    n = sample_count(name, rate)
    samples = _SYNTHS[name](n, rate)
    peak = max(max(samples), -min(samples)) or 1.0
    scale = 32767.0 * _PEAKS[name] / peak
    fade_in = max(1, int(_FADE_IN_S * rate))
    for i in range(min(fade_in, n)):  # a snap, not a digital click, at the very start
        samples[i] *= i / fade_in
    fade = max(1, int(_FADE_S * rate))
    for i in range(max(0, n - fade), n):  # no click when the sound stops
        samples[i] *= (n - i - 1) / fade
    return array("h", [int(s * scale) for s in samples]).tobytes()


def sample_count(name: str, rate: int = DEFAULT_RATE) -> int:
    """How many samples ``name`` lasts at ``rate``."""
    return round(DURATIONS[name] * rate)


def synthesize(name: str, rate: int = DEFAULT_RATE) -> array:
    """The effect as signed 16-bit mono samples at ``rate`` (rendered once per rate, then cached)."""
    if name not in _SYNTHS:
        raise KeyError(f"no sound {name!r}; sounds: {', '.join(SOUND_NAMES)}")
    pcm = array("h")
    pcm.frombytes(_rendered(name, rate))
    return pcm


def to_wav(pcm: array, rate: int) -> bytes:
    """A mono 16-bit WAV file holding ``pcm`` (for mixers whose format is not 16-bit signed)."""
    data = pcm if sys.byteorder == "little" else array("h", pcm)
    if sys.byteorder != "little":
        data.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(data.tobytes())
    return buffer.getvalue()


def make_sound(name: str, mixer_format: tuple[int, int, int]) -> pygame.mixer.Sound:
    """A pygame Sound for ``name`` in the layout of a mixer opened as (rate, format, channels)."""
    import pygame

    rate, fmt, channels = mixer_format
    mono = synthesize(name, rate)
    if fmt == -16:  # native-endian signed 16-bit: hand the samples over as they are
        if channels == 1:
            return pygame.mixer.Sound(buffer=mono)
        frames = array("h", bytes(2 * len(mono) * channels))
        for channel in range(channels):
            frames[channel::channels] = mono
        return pygame.mixer.Sound(buffer=frames)
    return pygame.mixer.Sound(file=io.BytesIO(to_wav(mono, rate)))


class SoundBank:
    """The app's sound effects with one volume and a mute switch.

    Construct it after ``pygame.init()`` (it opens the mixer itself if nobody has). ``enabled``
    False makes a silent bank without touching the mixer at all.
    """

    def __init__(
        self,
        volume: float = 1.0,
        muted: bool = False,
        *,
        enabled: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self._clock = clock
        self._last: dict[str, float] = {}
        self._sounds: dict[str, Any] = {}
        self.reason_silent: str | None = "sound is switched off" if not enabled else None
        #: the mixer would not open (no sound device, no driver): the settings say so
        self.device_missing = False
        if enabled:
            self._open()
        self._apply_volume()

    @classmethod
    def from_settings(cls, settings: Settings, **kwargs: Any) -> SoundBank:
        return cls(volume=settings.volume, muted=settings.muted, **kwargs)

    def _open(self) -> None:
        try:
            import pygame

            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=DEFAULT_RATE, size=-16, channels=2, buffer=512)
            mixer_format = pygame.mixer.get_init()
            if mixer_format is None:
                raise RuntimeError("the mixer did not start")
            self._sounds = {name: make_sound(name, mixer_format) for name in SOUND_NAMES}
        except Exception as exc:  # no device, no SDL_mixer, a driver error: all mean "play nothing"
            self._sounds = {}
            self.reason_silent = f"no audio ({exc})"
            self.device_missing = True
            log.info("Sound is off: %s", exc)

    # -- state --------------------------------------------------------------------------------
    @property
    def available(self) -> bool:
        """True when sounds can actually be heard (a mixer is open)."""
        return bool(self._sounds)

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    def set_volume(self, volume: float, muted: bool | None = None) -> None:
        """Set the volume (0..1, clamped) and, if given, the mute switch."""
        self._volume = _clamp(volume)
        if muted is not None:
            self._muted = bool(muted)
        self._apply_volume()

    def set_muted(self, muted: bool) -> None:
        self._muted = bool(muted)

    def apply_settings(self, settings: Settings) -> None:
        self.set_volume(settings.volume, settings.muted)

    def _apply_volume(self) -> None:
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    # -- playing ------------------------------------------------------------------------------
    def play(self, name: str) -> pygame.mixer.Channel | None:
        """Start effect ``name``; returns its channel, or None if nothing was started.

        An unknown name raises KeyError even when silent, so a typo fails in headless tests.
        """
        if name not in DURATIONS:
            raise KeyError(f"no sound {name!r}; sounds: {', '.join(SOUND_NAMES)}")
        if not self._sounds or self._muted or self._volume <= 0.0:
            return None
        now = self._clock()
        if now - self._last.get(name, -math.inf) < MIN_GAP_S:
            return None
        self._last[name] = now
        try:
            return self._sounds[name].play()
        except Exception:  # the device went away mid-game: stay quiet rather than crash the table
            return None

    def stop(self) -> None:
        """Silence everything that is playing (leaving a table, quitting)."""
        if not self._sounds:
            return
        try:
            import pygame

            pygame.mixer.stop()
        except Exception:
            pass

    def close(self) -> None:
        """Let every effect finish, then close the mixer (quitting the app, or a test's end).

        The mixer's audio thread hands a finished effect back to Python, taking the interpreter
        lock while it holds its own; ``pygame.quit()`` takes the mixer's lock while holding the
        interpreter's. Quit at the moment an effect ended and both waited for ever (seen once
        in a full test run). Sleeping until no effect plays lets the thread finish its hand-back."""
        if not self._sounds:
            return
        import pygame

        if pygame.mixer.get_init() is None:
            return
        longest = max(DURATIONS.values())
        deadline = time.monotonic() + longest + 0.5
        while pygame.mixer.get_busy() and time.monotonic() < deadline:
            time.sleep(0.01)
        if self._last and self._clock() - max(self._last.values()) < longest + 0.5:
            time.sleep(0.05)  # the last hand-back, begun as its channel went quiet
        self._sounds = {}
        pygame.mixer.quit()


def _clamp(volume: float) -> float:
    return min(1.0, max(0.0, float(volume)))
