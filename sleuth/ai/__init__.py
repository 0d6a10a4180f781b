"""Bots and the tools to measure them: the bot contract, the random bot, matches, statistics."""

from sleuth.ai.bot import Bot, RandomBot

__all__ = ["Bot", "RandomBot"]
