"""The engine contract every game implements.

The shape follows OpenSpiel's State API with per-seat views: a state is made from (card data,
player count, options, seed); any number of seats may have legal actions at once; ``apply``
either changes the state and returns what happened, or raises ``IllegalAction`` and changes
nothing; ``observe(seat)`` gives a frozen view with only what that seat may know, and
``observe(None)`` the public view drawn on handoff screens. The cheating view for the upper-bound
bot is a separate method, ``seer_view``, so it can never be asked for by accident.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sleuth.core.errors import IllegalAction
from sleuth.core.values import Action, Event, field_problem


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``team_won`` is True/False for games the seats play together (Beyond Baker Street's win,
    Purrrlock's catch) and None for purely competitive games. ``winners`` holds the seats that
    won individually (several on a shared win, none when nobody wins). ``scores`` has one number
    per seat. ``reason`` is one sentence for the results screen; it names seats as "seat N"
    (0-based) and the interface puts the players' names in their place.
    """

    team_won: bool | None
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    awards: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Observation:
    """What one seat may know. Games subclass this with their own frozen fields.

    ``seat`` is None for the public view. ``log`` is the event history filtered for that seat.
    ``pending`` lists the seats the game is waiting for.
    """

    seat: int | None
    players: int
    pending: tuple[int, ...]
    log: tuple[Event, ...]
    outcome: Outcome | None


class GameState(ABC):
    """A game in progress. Subclasses keep all mutable data in ``__slots__`` and clone by hand."""

    __slots__ = ()
    GAME_ID: str = ""

    rng: random.Random
    players: int
    log: list[Event]

    # -- who acts ---------------------------------------------------------------------------
    @abstractmethod
    def pending_seats(self) -> tuple[int, ...]:
        """Seats whose decision the game waits for (usually one; empty when over)."""

    def optional_seats(self) -> tuple[int, ...]:
        """Seats, other than the pending ones, that may act now if they wish (interrupts)."""
        return ()

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now, in a stable order (empty when it may do nothing)."""

    # -- changing the state -----------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat`` and return the events it caused.

        The check runs before anything changes, so an illegal action leaves the state as it was.
        """
        if self.is_over():
            raise IllegalAction("the game is over", action, seat)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r}", action, seat)
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action", action, seat)
        reason = field_problem(action)  # every field's type, for every game, before any rule
        if reason is None:
            reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason, action, seat)
        start = len(self.log)
        self._apply(seat, action)
        return self.log[start:]

    @abstractmethod
    def why_illegal(self, seat: int, action: Action) -> str | None:
        """None if ``seat`` may take ``action`` now, otherwise the reason in plain words."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out a checked action, appending events to ``self.log``."""

    def emit(self, event: Event) -> None:
        self.log.append(event)

    # -- views ------------------------------------------------------------------------------
    @abstractmethod
    def observe(self, seat: int | None) -> Observation:
        """What ``seat`` may know (None: the public view)."""

    @abstractmethod
    def seer_view(self, seat: int) -> Observation:
        """``observe(seat)`` plus that seat's own hidden cards: only for the upper-bound bot."""

    def events_for(self, seat: int | None, start: int = 0) -> tuple[Event, ...]:
        return tuple(e for e in self.log[start:] if e.visible_to(seat))

    def revealed_view(self) -> Observation | None:
        """The table with every hidden card turned face up (for watching a replay), or None when
        this game's observations cannot show it all at once."""
        return None

    def revealed_log(self, kinds: Collection[str] | None = None) -> tuple[Event, ...]:
        """The log a replay's "everything" eyes read: of each event sent out in two copies (the
        private one for those who may see it, the public one with the secret left out), the
        private copy for the kinds in ``kinds`` (every kind when None) and the public copy of the
        rest; events everyone saw stay as they are."""
        def shown(e: Event) -> bool:
            if e.audience is None:
                return True
            full = kinds is None or e.KIND in kinds
            return not e.public if full else e.public

        return tuple(e for e in self.log if shown(e))

    def same_action(self, a: Action, b: Action) -> bool:
        """Whether two actions are the same move written two ways (a layout listed in another
        order). Games whose actions have such freedom override it; by default, equality."""
        return a == b

    # -- what a seat learns (take-backs stop there) ------------------------------------------
    #: event kinds that show the table something that was hidden, and to whom: "all" (every
    #: seat learns it), "others" (every seat but the event's ``seat``, who knew it already: a
    #: card played from a hidden hand), "self" (the event's ``seat``: its own card shown to it),
    #: "target" (the event's ``target``: an Assist about its hand). Private events (seen by some
    #: seats only) always reveal something to those who see them.
    REVEALS: Mapping[str, str] = {}

    def reveals_to(self, seat: int, event: Event) -> bool:
        """True when ``event`` showed ``seat`` something that was hidden from it before."""
        if not event.visible_to(seat):
            return False
        if event.audience is not None and not event.public:
            return True
        who = self.REVEALS.get(event.KIND)
        if who is None:
            return False
        if who == "all":
            return True
        if who == "others":
            return getattr(event, "seat", None) != seat
        if who == "self":
            return getattr(event, "seat", None) == seat
        if who == "target":
            return getattr(event, "target", None) == seat
        raise ValueError(f"{type(self).__name__}.REVEALS[{event.KIND!r}]: unknown audience {who!r}")

    # -- the end ----------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    # -- search -----------------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy (including the rng), written by hand for speed."""

    # -- invariants for tests ---------------------------------------------------------------
    @abstractmethod
    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule of conservation (cards lost, ...)."""


def options_with_defaults(spec_options: Sequence[Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """Fill in option defaults and refuse unknown keys (used by every game's ``new_game``)."""
    from sleuth.core.registry import OptionSpec  # local: registry imports this module

    result: dict[str, Any] = {}
    known = {opt.key: opt for opt in spec_options if isinstance(opt, OptionSpec)}
    for key in given:
        if key not in known:
            raise ValueError(f"unknown option {key!r}; options: {', '.join(known) or 'none'}")
    for key, opt in known.items():
        result[key] = opt.coerce(given[key]) if key in given else opt.default
    return result
