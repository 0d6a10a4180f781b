"""Dragging cards with pymunk: a kinematic mouse body pulls the card through a capped PivotJoint.

The joint's force cap makes the card lag a little behind a fast mouse; grabbing off-centre makes
it swing, and a damped rotary spring to the static body pulls the tilt back to level, so a
dragged card tilts and settles like paper on felt. Only the held card lives in the space.

The space exists only while a card is held: ``grab`` builds it and ``release`` takes every body,
shape and joint out of it before letting go of them. pymunk frees each object's C side when
Python collects it; a space and its bodies collected together in one garbage-collection cycle
can be freed in either order, and a body freed after its space removes itself from freed memory
(a crash seen once in the test suite, in the collector, after an app with a board was shut down).
With nothing left in a space and no space kept between drags, there is no such pair to collect.
"""

from __future__ import annotations

import math

import pymunk

MAX_FORCE = 60_000.0
MAX_TILT_DEG = 18.0


class DragPhysics:
    def __init__(self) -> None:
        self.space: pymunk.Space | None = None  # only while a card is held
        self.mouse: pymunk.Body | None = None
        self.body: pymunk.Body | None = None
        self._target = (0.0, 0.0)

    @property
    def active(self) -> bool:
        return self.body is not None

    def grab(self, centre: tuple[float, float], size: tuple[float, float], grab_at: tuple[float, float]) -> None:
        """Start dragging a card whose centre is ``centre``, held at the point ``grab_at``."""
        self.release()
        space = pymunk.Space()
        space.damping = 0.02
        mouse = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        anchor = pymunk.Body(body_type=pymunk.Body.STATIC)  # what the levelling spring pulls against
        mass = 1.0
        body = pymunk.Body(mass, pymunk.moment_for_box(mass, size))
        body.position = centre
        shape = pymunk.Poly.create_box(body, size)
        shape.sensor = True
        mouse.position = grab_at
        self._target = grab_at
        joint = pymunk.PivotJoint(mouse, body, (0, 0), body.world_to_local(grab_at))
        joint.max_force = MAX_FORCE
        joint.error_bias = (1 - 0.25) ** 60
        level = pymunk.DampedRotarySpring(anchor, body, 0.0, 90_000.0, 9_000.0)
        space.add(mouse, anchor, body, shape, joint, level)
        self.space, self.mouse, self.body = space, mouse, body

    def move_to(self, pos: tuple[float, float]) -> None:
        self._target = pos

    def step(self, dt: float) -> None:
        if self.space is None or self.mouse is None or self.body is None:
            return
        tx, ty = self._target
        mx, my = self.mouse.position
        self.mouse.velocity = ((tx - mx) / dt, (ty - my) / dt)
        self.space.step(dt)
        self.mouse.position = self._target
        limit = math.radians(MAX_TILT_DEG)
        if abs(self.body.angle) > limit:
            self.body.angle = math.copysign(limit, self.body.angle)
            self.body.angular_velocity *= 0.5

    @property
    def centre(self) -> tuple[float, float]:
        assert self.body is not None
        return (self.body.position.x, self.body.position.y)

    @property
    def tilt_degrees(self) -> float:
        """The card's tilt for drawing (pygame's rotation runs the other way round)."""
        return -math.degrees(self.body.angle) if self.body is not None else 0.0

    def release(self) -> None:
        """Let go of the card: empty the space, then drop it (see the module's docstring)."""
        if self.space is None:
            return
        space = self.space
        space.remove(*space.constraints, *space.shapes, *space.bodies)
        self.space = self.mouse = self.body = None
