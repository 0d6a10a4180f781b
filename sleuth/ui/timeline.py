"""Animations scheduled on a timeline: a card's path through several places, and timed calls.

A table that animates a batch of engine events gives each event a start time (in seconds at
normal speed) and schedules everything against it: a card dealt, played, counted and put away in
one batch moves through each place at its event's time. Times and durations are multiplied by the
board's speed (0 = instant: everything lands at once, in order). The tweens live in the board's
set, so ``board.busy`` and ``finish_animations`` cover them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sleuth.ui.board import Board, CardSprite
from sleuth.ui.tween import Tween, arc_offset, ease_out_cubic, lerp

#: (start time, duration, position, face up or None to leave the face alone)
Keyframe = tuple[float, float, tuple[float, float], bool | None]


def call_at(board: Board, when: float, fn: Callable[[], object], speed: float) -> None:
    """Call ``fn`` at timeline second ``when`` (scaled by ``speed``; at once when instant)."""
    board.tweens.add(Tween(0.0, lambda u: None, done=fn, delay=max(0.0, when) * speed))


def run_path(board: Board, sprite: CardSprite, frames: Sequence[Keyframe], speed: float,
             vanish: bool = False, lift: float = 14.0) -> None:
    """Move ``sprite`` through ``frames`` in time order, flipping where a frame says so.

    Each leg starts from wherever the sprite is when the leg begins (so a leg that starts while
    the previous one is still running carries on smoothly instead of jumping). ``vanish`` removes
    the sprite from the board when the last leg ends.
    """
    ordered = sorted(frames, key=lambda f: f[0])
    if sprite.move_tween is not None:
        sprite.move_tween.finished = True
    for when, duration, pos, face_up in ordered:
        leg: dict[str, tuple[float, float]] = {}

        def apply(u: float, p=pos, leg=leg) -> None:
            if "start" not in leg:
                leg["start"] = sprite.pos
            s = leg["start"]
            h = min(lift, ((p[0] - s[0]) ** 2 + (p[1] - s[1]) ** 2) ** 0.5 / 8)
            sprite.pos = (lerp(s[0], p[0], u), lerp(s[1], p[1], u) + arc_offset(u, h))
            sprite.angle = 0.0

        board.tweens.add(Tween(duration * speed, apply, ease_out_cubic, delay=max(0.0, when) * speed))
        if face_up is not None:
            call_at(board, when, lambda up=face_up: board.flip(sprite, up), speed)
    if vanish and ordered:
        when, duration, _, _ = ordered[-1]
        call_at(board, when + duration, lambda: board.remove(sprite.key), speed)
