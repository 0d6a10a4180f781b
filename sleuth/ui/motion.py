"""Scripted motion for table views: a sprite travelling through several places in one tween, and
short callouts ("Lead!", "Wrong") that pop up over the table while an event plays.

A view turns each engine event into legs on a shared timeline (start time, duration, where to,
which face up at arrival), so a card can go from the deck to a stand, wait for its answer and
slide aside in order, while other cards wait their turn. Times are in seconds at normal speed
and multiplied by the board's speed (0 = everything at its end state at once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sleuth.ui.board import Board, CardSprite
from sleuth.ui.canvas import Canvas
from sleuth.ui.theme import Colour, Palette
from sleuth.ui.tween import Tween, arc_offset, ease_in_out, ease_out_cubic, lerp, lerp_angle

Point = tuple[float, float]


@dataclass(frozen=True)
class Leg:
    """One move of a path: leave at ``start``, arrive ``duration`` later at ``pos``."""

    start: float
    duration: float
    pos: Point
    angle: float = 0.0
    face_up: bool | None = None  # the face showing on arrival (None: unchanged)
    lift: float = 14.0

    @property
    def end(self) -> float:
        return self.start + self.duration


def run_path(board: Board, sprite: CardSprite, legs: list[Leg], done: Callable[[], None] | None = None,
             hidden_until_start: bool = False, layer_while_moving: int | None = None) -> None:
    """Move ``sprite`` along ``legs`` (sorted by start) in one tween; flips happen on the way.

    ``hidden_until_start``: the sprite is not drawn before its first leg starts (a card that is
    still in the deck). ``layer_while_moving``: lift it above the others until it arrives.
    """
    speed = board.speed
    if sprite is board.held:
        return
    if sprite.move_tween is not None and not sprite.move_tween.finished:
        sprite.move_tween.finished = True
    if sprite.flip_tween is not None and not sprite.flip_tween.finished:
        sprite.flip_tween.finished = True
    legs = sorted(legs, key=lambda leg: leg.start)
    final_face = next((leg.face_up for leg in reversed(legs) if leg.face_up is not None), sprite.face_up)
    total = max((leg.end for leg in legs), default=0.0) * speed
    home_layer = board.sprites.get_layer_of_sprite(sprite)
    if total <= 0 or not legs:
        sprite.hidden = False
        if legs:
            sprite.pos, sprite.angle = legs[-1].pos, legs[-1].angle
        sprite.face_up = final_face
        sprite.shown = 1.0 if final_face else 0.0
        if done:
            done()
        return
    # precompute each leg's starting place and face
    plan = []
    pos, angle, shown = sprite.pos, sprite.angle, sprite.shown
    for leg in legs:
        goal_shown = shown if leg.face_up is None else (1.0 if leg.face_up else 0.0)
        plan.append((leg, pos, angle, shown, goal_shown))
        pos, angle, shown = leg.pos, leg.angle, goal_shown
    sprite.face_up = final_face
    sprite.hidden = hidden_until_start and legs[0].start > 0
    if layer_while_moving is not None:
        board.set_layer(sprite, layer_while_moving)

    def finish() -> None:
        if layer_while_moving is not None and sprite.alive():
            board.set_layer(sprite, home_layer)
        if done:
            done()

    def apply(u: float) -> None:
        now = u * total / speed
        if sprite.hidden and now >= legs[0].start:
            sprite.hidden = False
        for leg, p0, a0, s0, s1 in plan:
            if now < leg.start:
                sprite.pos, sprite.angle, sprite.shown = p0, a0, s0
                return
            t = 1.0 if leg.duration <= 0 else min(1.0, (now - leg.start) / leg.duration)
            e = ease_out_cubic(t)
            dist = ((leg.pos[0] - p0[0]) ** 2 + (leg.pos[1] - p0[1]) ** 2) ** 0.5
            sprite.pos = (lerp(p0[0], leg.pos[0], e), lerp(p0[1], leg.pos[1], e) + arc_offset(t, min(leg.lift, dist / 6)))
            sprite.angle = lerp_angle(a0, leg.angle, e)
            sprite.shown = lerp(s0, s1, ease_in_out(t))
            if t < 1.0:
                return

    sprite.move_tween = board.tweens.add(Tween(total, apply, lambda t: t, finish))


def at_time(board: Board, when: float, action: Callable[[], None], skip_if_rushed: bool = False) -> None:
    """Call ``action`` when the timeline reaches ``when`` (at once when animations are instant).

    ``skip_if_rushed``: when the player skips the animations before ``when``, do not call it at
    all (a sound that would otherwise play together with every other skipped sound).
    """
    if board.speed <= 0 or when <= 0:
        action()
        return
    tween = Tween(0.001, lambda t: None, lambda t: t, None, when * board.speed)

    def done() -> None:
        if not skip_if_rushed or tween.elapsed >= tween.delay:
            action()

    tween.done = done
    board.tweens.add(tween)


@dataclass
class Callout:
    text: str
    pos: Point
    colour: Colour
    size: float
    shown: float = 0.0  # 0..1 progress while visible; -1 before it starts
    active: bool = False


class Callouts:
    """Speech bubbles that pop up, rise a little and vanish; they keep the board busy meanwhile."""

    def __init__(self) -> None:
        self.items: list[Callout] = []

    def add(self, board: Board, text: str, pos: Point, colour: Colour, start: float, duration: float = 0.9,
            size: float = 17) -> None:
        if board.speed <= 0:
            return
        item = Callout(text, pos, colour, size)
        self.items.append(item)

        def apply(t: float) -> None:
            item.active = True
            item.shown = t

        def done() -> None:
            item.active = False
            if item in self.items:
                self.items.remove(item)

        board.tweens.add(Tween(duration * board.speed, apply, lambda t: t, done, start * board.speed))

    def clear(self) -> None:
        self.items.clear()

    def draw(self, canvas: Canvas, pal: Palette) -> None:
        for item in self.items:
            if not item.active:
                continue
            x, y = item.pos
            y -= 10 * item.shown
            w = canvas.text_size(item.text, item.size, True)[0] + 18
            h = item.size + 10
            rect = (x - w / 2, y - h / 2, w, h)
            canvas.shadow(rect, radius=8, spread=4, alpha=80, offset=(2, 3))
            canvas.box(rect, pal.paper, radius=8)
            canvas.box(rect, item.colour, radius=8, width=2.5)
            canvas.polygon([(x - 6, y + h / 2 - 1), (x + 6, y + h / 2 - 1), (x, y + h / 2 + 7)], item.colour)
            canvas.text(item.text, (x, y), item.size, item.colour, "center", bold=True)
