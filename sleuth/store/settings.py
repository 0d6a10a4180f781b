"""The player's settings: one frozen value, read leniently and written atomically.

Choices made here (the brief left them open):

- ``animation_speed`` is a named preset, not a free number, so the settings screen can cycle
  through it and a hand-edited file cannot ask for nonsense. :data:`ANIMATION_SPEEDS` maps each
  name to a *duration multiplier* (``Settings.animation_scale``): 1.0 is the designed timing,
  0.5 is twice as fast, and ``instant`` is 0.0, meaning "jump to the end state, no tween".
- ``bot_pace`` is also a named preset; :data:`BOT_PACES` gives the pause in seconds before each
  bot move is shown (``Settings.bot_delay_s``). ``instant`` (0 s) is what the selftest uses.
- ``deduction_notes`` is a named preset too (:data:`DEDUCTION_NOTES`): how much of the deducing
  Purrrlock Holmes's notes grid does for you. ``full`` crosses out every card your answers and
  what you have seen rule out; ``marks`` shows only the marks you make yourself; ``off`` shows no
  deductions at all (the grid still picks a guess). A new key in version 1: older files simply
  lack it and get ``full``, as before.
- The file keeps ``"version": 1``. Keys this version does not know (from a newer Sleuth) are
  ignored when reading and kept when writing, so going back and forth between versions never
  loses a setting.

Reading never fails. A file that is not JSON or not an object is moved aside
(``settings.json.bad-<timestamp>``) and the defaults are used. Individually invalid values fall
back to their defaults; the original file is moved aside as well and the repaired settings are
written in its place, so the warning is shown once and not at every start.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from sleuth.core.names import clean_name
from sleuth.store.paths import UserPaths, atomic_write_text, move_aside

SETTINGS_VERSION = 1

#: Animation speed name -> multiplier applied to every animation's duration (0 = no animation).
ANIMATION_SPEEDS: Mapping[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}

#: Bot pace name -> seconds between a bot's moves.
BOT_PACES: Mapping[str, float] = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}

#: Deduction notes (Purrrlock Holmes) name -> what the settings screen calls it.
DEDUCTION_NOTES: Mapping[str, str] = {"full": "Full", "marks": "Only what I mark", "off": "Off"}

MIN_WINDOW = (320, 240)
#: the largest window a settings file may ask for (8K); the app also clamps it to the display
MAX_WINDOW = (7680, 4320)
MAX_NAMES = 8
#: a settings file is a few hundred bytes; anything this large is not one
MAX_FILE_BYTES = 1_000_000


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _choice(options: Mapping[str, Any]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in options:
            raise ValueError(f"expected one of {', '.join(options)}, got {value!r}")
        return value

    return check


def _volume(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
        raise ValueError(f"expected a number from 0 to 1, got {value!r}")
    return float(value)


def _window(value: Any) -> tuple[int, int]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(f"expected [width, height] in pixels, got {value!r}")
    width, height = value
    if not (MIN_WINDOW[0] <= width <= MAX_WINDOW[0] and MIN_WINDOW[1] <= height <= MAX_WINDOW[1]):
        raise ValueError(f"window size {width}x{height} is out of range")
    return (width, height)


def _names(value: Any) -> tuple[str, ...]:
    """Names are cleaned as they enter (printable, at most 24 characters), never refused."""
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError("expected a list of names")
    if len(value) > MAX_NAMES:
        raise ValueError(f"expected at most {MAX_NAMES} names, got {len(value)}")
    return tuple(name for v in value if (name := clean_name(v)))


def _folder(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 1024 or not value.isprintable():
        raise ValueError("expected a folder path")
    return value


MAX_REMEMBERED_GAMES = 16
MAX_SEATS = 8


def _plain(value: Any) -> bool:
    return isinstance(value, str | int | bool) and not (isinstance(value, str) and len(value) > 64)


def _setups(value: Any) -> Mapping[str, Mapping[str, Any]]:
    """The last setup of each game (seats with names and kinds, options), offered the next time.

    Only plain values are kept; names are cleaned like every name. Whether the options still suit
    the game is for the setup screen to decide (it falls back to the defaults)."""
    if not isinstance(value, Mapping) or len(value) > MAX_REMEMBERED_GAMES:
        raise ValueError("expected the last setup of each game")
    out: dict[str, Mapping[str, Any]] = {}
    for game_id, setup in value.items():
        if not isinstance(game_id, str) or len(game_id) > 40 or not isinstance(setup, Mapping):
            raise ValueError("expected the last setup of each game")
        seats = setup.get("seats", [])
        options = setup.get("options", {})
        if not isinstance(seats, list | tuple) or len(seats) > MAX_SEATS or not isinstance(options, Mapping):
            raise ValueError(f"the setup of {game_id} is not a list of seats and options")
        clean_seats = []
        for seat in seats:
            if not (isinstance(seat, Mapping) and isinstance(seat.get("kind"), str) and len(seat["kind"]) <= 16):
                raise ValueError(f"a seat of {game_id} has no kind")
            clean_seats.append({"name": clean_name(seat.get("name"), ""), "kind": seat["kind"]})
        clean_options = {k: v for k, v in options.items() if isinstance(k, str) and len(k) <= 40 and _plain(v)}
        out[game_id] = {"seats": clean_seats, "options": clean_options}
    return out


_CHECKS: Mapping[str, Callable[[Any], Any]] = {
    "fullscreen": _bool,
    "animation_speed": _choice(ANIMATION_SPEEDS),
    "bot_pace": _choice(BOT_PACES),
    "volume": _volume,
    "muted": _bool,
    "colourblind": _bool,
    "confirm_losing_moves": _bool,
    "show_covered_cards": _bool,
    "deduction_notes": _choice(DEDUCTION_NOTES),
    "coach": _bool,
    "window_size": _window,
    "player_names": _names,
    "game_setups": _setups,
    "replay_folder": _folder,
}


@dataclass(frozen=True)
class Settings:
    """Everything the settings screen (and a few other screens) remember between runs.

    Constructing one with an invalid value raises ValueError, so a UI bug cannot save nonsense.
    Use ``settings.updated(volume=0.5)`` (or ``dataclasses.replace``) to change a value.
    """

    fullscreen: bool = False
    animation_speed: str = "normal"
    bot_pace: str = "normal"
    volume: float = 0.7
    muted: bool = False
    colourblind: bool = False
    #: Ask "are you sure?" before a move that loses the game on the spot.
    confirm_losing_moves: bool = True
    #: Bakerstreet memory aid: show the cards under the top card of each pile.
    show_covered_cards: bool = False
    #: Purrrlock Holmes's notes grid: "full" deductions, only the player's own "marks", or "off".
    deduction_notes: str = "full"
    #: The coach: a Hint button (and H) on every table, asking the expert bot what it would play.
    coach: bool = True
    #: The last windowed size, restored at the next start.
    window_size: tuple[int, int] = (1280, 720)
    #: The names typed on the setup screen last time, seat by seat.
    player_names: tuple[str, ...] = field(default=())
    #: The last setup of each game (seats and options), so Play offers it again.
    game_setups: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, hash=False)
    #: The folder "Save replay as" and "Open replay" used last ("" : the replays folder).
    replay_folder: str = ""

    def __post_init__(self) -> None:
        for f in fields(self):
            try:
                value = _CHECKS[f.name](getattr(self, f.name))
            except ValueError as exc:
                raise ValueError(f"setting {f.name}: {exc}") from None
            object.__setattr__(self, f.name, value)

    @property
    def animation_scale(self) -> float:
        """Multiply every animation duration by this; 0.0 means show the end state at once."""
        return ANIMATION_SPEEDS[self.animation_speed]

    @property
    def bot_delay_s(self) -> float:
        """Seconds to wait before showing each bot move."""
        return BOT_PACES[self.bot_pace]

    @property
    def effective_volume(self) -> float:
        """The volume to play at: 0.0 when muted."""
        return 0.0 if self.muted else self.volume

    def updated(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"version": SETTINGS_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def settings_from_dict(data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
    """Build settings from a decoded file: invalid values fall back to defaults, each one noted.

    Unknown keys (a newer Sleuth's settings, or ``version``) are ignored.
    """
    values: dict[str, Any] = {}
    problems: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        try:
            values[f.name] = _CHECKS[f.name](data[f.name])
        except ValueError:
            problems.append(f.name)
    return Settings(**values), problems


#: each setting as the Settings screen names it, for a warning about a file that held a bad value
SETTING_NAMES = {
    "fullscreen": "Fullscreen", "animation_speed": "Animations", "bot_pace": "Bot pace", "volume": "Volume",
    "muted": "Mute", "colourblind": "Colour-blind-safe colours", "confirm_losing_moves": "Ask before a move that loses",
    "show_covered_cards": "Bakerstreet's covered cards", "deduction_notes": "Purrrlock notes", "coach": "Coach",
    "window_size": "the window's size", "player_names": "the names typed at setup",
    "game_setups": "each game's last setup", "replay_folder": "the replays folder",
}


def load_settings(paths: UserPaths) -> tuple[Settings, str | None]:
    """The saved settings and, at most once per problem, a warning to show the player.

    A missing file gives the defaults and no warning. See the module docstring for bad files.
    """
    path = paths.settings_file
    try:
        if path.is_dir():
            return Settings(), f"The settings file {path} is a folder, so the defaults are used and nothing is saved."
        if path.exists() and (not path.is_file() or path.stat().st_size > MAX_FILE_BYTES):
            return _replace_bad_file(paths, Settings(), "it is not a settings file: far too large, or not a file")
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"The settings file {path} could not be read ({exc.strerror}); the defaults are used."
    # every way a file can fail to be read ends here: moved aside, defaults used, the player told
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return _replace_bad_file(paths, Settings(), "it is not text")
    except json.JSONDecodeError:
        return _replace_bad_file(paths, Settings(), "it is damaged")
    except (ValueError, RecursionError, MemoryError) as exc:
        return _replace_bad_file(paths, Settings(), _unreadable(exc))
    if not isinstance(data, dict):
        return _replace_bad_file(paths, Settings(), "it does not hold a set of settings")
    try:
        settings, problems = settings_from_dict(data)
    except Exception as exc:  # noqa: BLE001 - a settings file must never stop the app
        return _replace_bad_file(paths, Settings(), _unreadable(exc))
    if problems:
        names = [SETTING_NAMES.get(name, name) for name in problems]
        what = f"{names[0]} held a value Sleuth cannot use" if len(names) == 1 else \
            f"{', '.join(names[:-1])} and {names[-1]} held values Sleuth cannot use"
        return _replace_bad_file(paths, settings, what, partial=True, kept=_unknown_keys(data))
    return settings, None


def _unreadable(exc: BaseException) -> str:
    """Why a file could not be read, in words (never a Python message)."""
    if isinstance(exc, RecursionError):
        return "it is nested too deeply to read"
    if isinstance(exc, MemoryError):
        return "it is too large to read"
    return "it holds a value too large to read"


def _unknown_keys(data: Mapping[str, Any]) -> dict[str, Any]:
    known = {f.name for f in fields(Settings)} | {"version"}
    return {k: v for k, v in data.items() if k not in known}


def _replace_bad_file(
    paths: UserPaths,
    settings: Settings,
    what: str,
    partial: bool = False,
    kept: Mapping[str, Any] | None = None,
) -> tuple[Settings, str]:
    path = paths.settings_file
    if partial:  # "Fullscreen and Volume held values Sleuth cannot use: they are back to ..."
        told = f"Some of your settings could not be read: {what}. {'It is' if ' and ' not in what else 'They are'} " \
            "back to the default; the rest are kept."
    else:
        told = f"Your settings file could not be read ({what}), so the default settings are used."
    try:
        moved = move_aside(path)
    except OSError as exc:
        return settings, f"{told} (The file {path} could not be moved aside: {exc.strerror}.)"
    try:
        _write(paths, settings, kept or {})
    except OSError:
        pass  # shown again next time, which is right: the problem is still there
    return settings, f"{told} The old file is kept as {moved.name} in {moved.parent}."


def save_settings(paths: UserPaths, settings: Settings) -> None:
    """Write the settings atomically, keeping any keys a newer Sleuth put in the file."""
    kept: dict[str, Any] = {}
    try:
        existing = json.loads(paths.settings_file.read_text(encoding="utf-8"))
        if isinstance(existing, dict):
            kept = _unknown_keys(existing)
    except (OSError, ValueError):
        pass
    _write(paths, settings, kept)


def _write(paths: UserPaths, settings: Settings, kept: Mapping[str, Any]) -> None:
    payload = settings.to_dict() | dict(kept)
    atomic_write_text(paths.settings_file, json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
