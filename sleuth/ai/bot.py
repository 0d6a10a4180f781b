"""The bot contract.

A bot decides from an observation, the legal actions, its own random generator and a time budget,
and from nothing else: it never sees a game state. (Seer bots receive ``seer_view`` instead of
``observe``; that is the only difference, and the match runner makes it explicitly.)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from sleuth.ai.explain import Decision
from sleuth.core.engine import Observation
from sleuth.core.values import Action

DEFAULT_BUDGET_S = 0.1


class Bot:
    """Base class. Subclasses override ``choose`` and, for games with interrupts, ``interrupt``."""

    kind: str = "bot"
    #: True for the upper-bound bot that is shown its own hidden cards.
    seer: bool = False

    def choose(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random, budget_s: float = DEFAULT_BUDGET_S
    ) -> Action:
        raise NotImplementedError

    def meet(self, seat: int, partners: Mapping[int, str]) -> None:
        """Told once, before its first decision, who else sits at the table: ``partners`` maps each
        other bot's seat to its kind; a seat not named is a person. What any player at the table
        knows (the setup screen shows it); most bots ignore it."""

    def interrupt(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random, budget_s: float = DEFAULT_BUDGET_S
    ) -> Action | None:
        """Offered when this seat may act out of turn (Purrrlock's Paws). None declines."""
        return None

    def decide(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random, budget_s: float = DEFAULT_BUDGET_S
    ) -> Decision:
        """The action ``choose`` plays, with the bot's reasons (``sleuth/ai/explain.py``).

        Explaining bots (every game's expert) override this and make ``choose`` return
        ``self.decide(...).action``; others explain nothing.
        """
        return Decision(self.choose(obs, legal, rng, budget_s))

    def decide_interrupt(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random, budget_s: float = DEFAULT_BUDGET_S
    ) -> Decision | None:
        """``interrupt`` with reasons; None declines."""
        action = self.interrupt(obs, legal, rng, budget_s)
        return None if action is None else Decision(action)


class RandomBot(Bot):
    """Plays a uniformly random legal action; takes an optional interrupt now and then."""

    kind = "random"

    def __init__(self, interrupt_chance: float = 0.02) -> None:
        self.interrupt_chance = interrupt_chance

    def choose(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        return legal[rng.randrange(len(legal))]

    def interrupt(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        if legal and rng.random() < self.interrupt_chance:
            return legal[rng.randrange(len(legal))]
        return None
