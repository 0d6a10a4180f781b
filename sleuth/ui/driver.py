"""Running the app without a person: a headless app, stepping it, and scripted input.

Used by ``sleuth selftest``, ``sleuth bench ui`` and the scene tests, so all three exercise the
same code as a player's session (the real scenes, the real loop steps).
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable

import pygame

from sleuth.ui.app import STEP, App


def headless_app(home: str | None = None, size: tuple[int, int] = (1280, 720), bot_process: bool = False,
                 **settings) -> App:
    """An app on the dummy video driver with its own user folder and the given settings (bots
    think on a thread unless ``bot_process``, as in the real app)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if home is not None:
        os.environ["SLEUTH_HOME"] = home
    elif "SLEUTH_HOME" not in os.environ:
        os.environ["SLEUTH_HOME"] = tempfile.mkdtemp(prefix="sleuth-headless-")
    app = App(headless=True, size=size, bot_process=bot_process)
    if settings:
        app.settings = app.settings.updated(**settings)
    return app


def pump(app: App, seconds: float = 0.0, frames: int = 1, until: Callable[[], bool] | None = None,
         timeout: float = 60.0) -> None:
    """Advance the app by ``seconds`` of fixed steps, drawing ``frames`` times; or until a condition."""
    deadline = time.monotonic() + timeout
    steps = max(1, round(seconds / STEP)) if seconds else 1
    per_frame = max(1, steps // max(1, frames))
    done = 0
    while True:
        for event in pygame.event.get():
            app.dispatch(event)
        app.step(STEP)
        done += 1
        if done % per_frame == 0:
            app.draw()
        if until is not None:
            if until():
                app.draw()
                return
            if time.monotonic() > deadline:
                raise TimeoutError("the app did not reach the expected state in time")
            if done % 50 == 0:
                time.sleep(0.001)  # let a thinking bot's thread run
        elif done >= steps:
            return


def send(app: App, event_type: int, **attrs) -> None:
    """Hand one synthetic event (logical coordinates) to the scene stack, as the loop would."""
    app.stack.handle(pygame.event.Event(event_type, attrs))


def click(app: App, pos: tuple[float, float], button: int = 1) -> None:
    send(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    send(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    send(app, pygame.MOUSEBUTTONUP, pos=pos, button=button)


def press_and_move(app: App, start: tuple[float, float], end: tuple[float, float], steps: int = 12) -> None:
    """Press the left button at ``start`` and move to ``end`` in ``steps``, holding it (a drag
    not yet let go)."""
    send(app, pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    send(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for i in range(1, steps + 1):
        t = i / steps
        pos = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        send(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        pump(app, 1 / 60)


def drag(app: App, start: tuple[float, float], end: tuple[float, float], steps: int = 12) -> None:
    press_and_move(app, start, end, steps)
    send(app, pygame.MOUSEBUTTONUP, pos=end, button=1)


def key(app: App, key_code: int, text: str = "") -> None:
    send(app, pygame.KEYDOWN, key=key_code, mod=0, unicode=text, scancode=0)
    send(app, pygame.KEYUP, key=key_code, mod=0, unicode=text, scancode=0)
