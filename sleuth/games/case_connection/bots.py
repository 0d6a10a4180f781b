"""Bots for Case Connection."""

from __future__ import annotations

from sleuth.ai.bot import RandomBot

BOTS = {"random": RandomBot}
