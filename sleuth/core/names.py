"""Player names as they enter Sleuth (settings, the setup screen, save files): cleaned once there.

A name is drawn on every frame of a game, written in every save and shown in statistics, so it is
kept to what a person would type: printable characters only (no NUL, no control characters, no
line breaks), runs of spaces made one, at most :data:`MAX_NAME_LENGTH` characters.
"""

from __future__ import annotations

import unicodedata

MAX_NAME_LENGTH = 24


def invisible(ch: str) -> bool:
    """A character with no picture of its own: a variation selector (the U+FE0F after an emoji),
    a zero-width joiner or space, a direction mark. A name holding one alone drew nothing, and
    the font engine refused to draw it at all (typing "\U0001f575\ufe0f" closed the app)."""
    code = ord(ch)
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF or unicodedata.category(ch) == "Cf"


def clean_name(text: object, fallback: str = "") -> str:
    """``text`` as a name fit to show; ``fallback`` when nothing printable is left."""
    if not isinstance(text, str):
        return fallback
    text = text[: MAX_NAME_LENGTH * 8]  # bound the work on an absurd input before cleaning it
    printable = "".join(ch if ch.isprintable() else " " for ch in text if not invisible(ch))
    return " ".join(printable.split())[:MAX_NAME_LENGTH].strip() or fallback
