"""The player's files: where they live, settings, the autosave and statistics (no pygame here)."""

from sleuth.store.paths import UserPaths, atomic_write_text, move_aside
from sleuth.store.saves import (
    AutosaveError,
    clear_autosave,
    has_autosave,
    load_autosave,
    read_autosave,
    save_game,
    write_autosave,
)
from sleuth.store.settings import ANIMATION_SPEEDS, BOT_PACES, Settings, load_settings, save_settings
from sleuth.store.stats import GameRecord, GameSummary, OptionSummary, StatsStore, Tally

__all__ = [
    "ANIMATION_SPEEDS",
    "BOT_PACES",
    "AutosaveError",
    "GameRecord",
    "GameSummary",
    "OptionSummary",
    "Settings",
    "StatsStore",
    "Tally",
    "UserPaths",
    "atomic_write_text",
    "clear_autosave",
    "has_autosave",
    "load_autosave",
    "load_settings",
    "move_aside",
    "read_autosave",
    "save_game",
    "save_settings",
    "write_autosave",
]
