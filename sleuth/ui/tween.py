"""Tweens: animation as state advanced by ``update``, never a loop of its own."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def ease_out_back(t: float) -> float:
    c = 1.4
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


@dataclass
class Tween:
    """Calls ``apply(eased_t)`` from 0 to 1 over ``duration`` seconds, then ``done()``."""

    duration: float
    apply: Callable[[float], None]
    ease: Callable[[float], float] = ease_out_cubic
    done: Callable[[], None] | None = None
    delay: float = 0.0
    #: whether the table is busy while it runs (a move to watch); a card sliding back from a
    #: refused drop is the player's own gesture undone, not a move: the banner had named the
    #: last bot's move ("Billy's move") over the player's turn while it slid
    watched: bool = True
    elapsed: float = field(default=0.0, init=False)
    finished: bool = field(default=False, init=False)

    def update(self, dt: float) -> None:
        if self.finished:
            return
        self.elapsed += dt
        if self.elapsed < self.delay:
            return
        t = 1.0 if self.duration <= 0 else min(1.0, (self.elapsed - self.delay) / self.duration)
        self.apply(self.ease(t))
        if t >= 1.0:
            self.finish()

    def finish(self) -> None:
        if self.finished:
            return
        self.apply(1.0)
        self.finished = True
        if self.done is not None:
            self.done()


class Tweens:
    """A set of running tweens."""

    def __init__(self) -> None:
        self.items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        if tween.duration <= 0 and tween.delay <= 0:
            tween.finish()
        else:
            self.items.append(tween)
        return tween

    def update(self, dt: float) -> None:
        for tween in list(self.items):
            tween.update(dt)
        self.items = [t for t in self.items if not t.finished]

    def finish_all(self) -> None:
        while self.items:
            items, self.items = self.items, []
            for tween in items:
                tween.finish()

    @property
    def busy(self) -> bool:
        return any(t.watched for t in self.items)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_angle(a: float, b: float, t: float) -> float:
    delta = (b - a + 180) % 360 - 180
    return a + delta * t


def arc_offset(t: float, height: float) -> float:
    """A gentle lift in the middle of a move, so cards travel over, not through, each other."""
    return -math.sin(math.pi * t) * height
