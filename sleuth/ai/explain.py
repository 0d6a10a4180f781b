"""Why a bot chose its move: the explanation contract every expert bot keeps.

An explaining bot decides with :meth:`Bot.decide`, which returns the action *and* a small
structured :class:`Explanation` built from the bot's own evaluation at that moment: the move it
chose and the runner-up, each with the value the bot gave it and the facts that decided it. The
facts are data (a key and named values), never sentences: each game's table turns them into words
(``TableView.explain``), so the same explanation serves the coach's hint, the "why?" on a bot's
move in the log, and tests that check every quoted fact against the observation.

Rules every explaining bot keeps:

- The explanation is computed from the observation the bot decided from, when it decided, and
  is kept with the move; it is never recomputed later with more information.
- ``decide`` plays exactly what ``choose`` plays from the same arguments (same action, same use
  of the generator), so an explaining bot is as strong and as fast as before.
- A fact that rests on something only the deciding seat may know (its own hand in Bakerstreet,
  its unseen card in Purrrlock) is marked ``secret``: the table shows it to that seat's player,
  or to everyone once the game is over, and to nobody else.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sleuth.core.values import Action

#: what an explanation's values measure (the table words them: "a 64% chance to win", "+3 points")
MEASURES = ("win_chance", "points", "score", "shortfall", "utility")


@dataclass(frozen=True)
class Fact:
    """One thing the bot's evaluation rested on.

    ``key`` names the kind of fact (each game documents its keys next to its bot and words them in
    its table); ``args`` are its values as (name, value) pairs of ints, floats, strings, booleans
    or tuples of those, so a fact pickles across the bots' worker process and compares by value.
    """

    key: str
    args: tuple[tuple[str, Any], ...] = ()
    secret: bool = False

    def __getitem__(self, name: str) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(f"fact {self.key!r} has no value {name!r}")

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default


def fact(key: str, *, secret: bool = False, **args: Any) -> Fact:
    """``fact("needs", lead="Motive", points=4)``: a fact with its values in keyword order."""
    return Fact(key, tuple(args.items()), secret)


@dataclass(frozen=True)
class Considered:
    """A move the bot weighed: the action, the value it gave it, and the facts behind that value."""

    action: Action
    value: float
    facts: tuple[Fact, ...] = ()


@dataclass(frozen=True)
class Explanation:
    """The chosen move and the runner-up (None when there was only one sensible move)."""

    seat: int
    measure: str
    best: Considered
    runner_up: Considered | None = None
    #: facts about the position as a whole (not about one move), e.g. "the deck has 6 cards left"
    situation: tuple[Fact, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.measure not in MEASURES:
            raise ValueError(f"unknown measure {self.measure!r} (expected one of {', '.join(MEASURES)})")

    def facts(self) -> Iterable[Fact]:
        """Every fact quoted, the situation's first."""
        yield from self.situation
        yield from self.best.facts
        if self.runner_up is not None:
            yield from self.runner_up.facts

    def shown_to(self, viewer: int | None, revealed: bool) -> Explanation:
        """The explanation as ``viewer`` may read it: secret facts only for the deciding seat, or
        for everyone once the game is over (``revealed``)."""
        if revealed or viewer == self.seat:
            return self

        def public(facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
            return tuple(f for f in facts if not f.secret)

        runner = self.runner_up
        return Explanation(
            self.seat, self.measure,
            Considered(self.best.action, self.best.value, public(self.best.facts)),
            Considered(runner.action, runner.value, public(runner.facts)) if runner is not None else None,
            public(self.situation),
        )


def _plain(value: Any) -> Any:
    """A fact's value as JSON holds it (tuples become lists)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    """A fact's value back from JSON (lists become the tuples they were)."""
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise ValueError(f"a fact value of type {type(value).__name__}")


def _fact_data(f: Fact) -> dict[str, Any]:
    return {"key": f.key, "args": [[name, _plain(value)] for name, value in f.args], "secret": f.secret}


def _fact_from(data: Any) -> Fact:
    return Fact(str(data["key"]), tuple((str(name), _tupled(value)) for name, value in data["args"]),
                bool(data.get("secret", False)))


def explanation_to_data(x: Explanation) -> dict[str, Any]:
    """An explanation as JSON-ready data (kept in a save, so a resumed game's bot moves keep
    their "why?"); actions as their text (``str``), read back by the game's action codec."""

    def considered(c: Considered) -> dict[str, Any]:
        return {"action": str(c.action), "value": c.value, "facts": [_fact_data(f) for f in c.facts]}

    return {"seat": x.seat, "measure": x.measure, "best": considered(x.best),
            "runner_up": considered(x.runner_up) if x.runner_up is not None else None,
            "situation": [_fact_data(f) for f in x.situation]}


def explanation_from_data(data: Any, parse_action) -> Explanation:
    """``explanation_to_data`` read back; ValueError (or KeyError, TypeError) when it is not one."""

    def considered(c: Any) -> Considered:
        return Considered(parse_action(str(c["action"])), float(c["value"]), tuple(_fact_from(f) for f in c["facts"]))

    runner = data.get("runner_up")
    return Explanation(int(data["seat"]), str(data["measure"]), considered(data["best"]),
                       considered(runner) if runner is not None else None,
                       tuple(_fact_from(f) for f in data.get("situation", ())))


@dataclass(frozen=True)
class Decision:
    """What :meth:`Bot.decide` returns: the action, and why (None for bots that do not explain)."""

    action: Action
    explanation: Explanation | None = None
