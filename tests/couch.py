"""Couch play, watched frame by frame: who may be looking at the screen, and what it shows them.

``CouchWatch`` wraps the app's ``draw`` and the table board's ``draw_sprite``. For every frame it
works out the audience: the one human who holds the screen (the seat acting now, or the last
mover while the game's last move animates) or, while a bot acts, during a handoff and whenever the game waits for
nobody at the screen, every human at the couch. Any card face up in that frame that a member of
the audience may not see is a leak; so is a private view left on screen while its owner is not
acting.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sleuth.ui.scenes.handoff import HandoffScene
from tests.frame_spy import FrameSpy


@dataclass(frozen=True)
class Leak:
    actions: int
    audience: tuple[int, ...]
    viewer: int | None
    what: str


class CouchWatch(FrameSpy):
    """Checks every frame drawn against ``secrets(table, seat)``: what ``seat`` may not see face up.

    ``kind`` is the sprite key prefix of the game's cards and ``record(sprite)`` what a face-up
    sprite shows (compared with the secrets). The face-up sprites of a frame are collected by the
    ``FrameSpy`` it is; every ``app.draw`` (the loop's, a pump's) is checked, not only ``frame()``.
    """

    def __init__(self, app, table, kind: str, secrets: Callable[[Any, int], set],
                 record: Callable[[Any], Any] = lambda sprite: sprite.key[1]) -> None:
        super().__init__(table, kind, record)
        self.app = app
        self.secrets = secrets
        self.leaks: list[Leak] = []
        self.frames_checked = 0
        self.frames_by_audience = {"one": 0, "all": 0}
        original_draw = app.draw

        def spy_draw(*args, **kwargs):
            self.current = []
            result = original_draw(*args, **kwargs)
            self._check()
            return result

        app.draw = spy_draw

    def audience(self) -> tuple[int, ...]:
        """Who may be looking: the acting human alone, or every human at the couch."""
        table = self.table
        humans = tuple(table.session.human_seats)
        if any(isinstance(scene, HandoffScene) for scene in self.app.stack.scenes):
            return humans
        viewer = table.viewer
        if viewer is None:
            return humans
        acting = set(table.state.pending_seats())
        interrupt = getattr(table, "interrupt", None)
        if interrupt is not None:
            acting = {interrupt.seat}
        if viewer in acting:
            return (viewer,)
        actions = table.session.replay.actions
        if table.state.is_over() and table.view.busy and actions and actions[-1][0] == viewer:
            return (viewer,)  # the last move of the game is still moving on its owner's table
        return humans  # a move that ended its owner's part plays out in the public view

    def _check(self) -> None:
        table = self.table
        if table not in self.app.stack.scenes:
            return
        self.frames_checked += 1
        audience = self.audience()
        self.frames_by_audience["one" if len(audience) == 1 else "all"] += 1
        count = len(table.session.replay.actions)
        viewer = table.viewer
        if len(audience) > 1 and viewer is not None:
            self.leaks.append(Leak(count, audience, viewer, f"seat {viewer}'s private view while others look"))
        forbidden: set = set()
        for seat in audience:
            forbidden |= self.secrets(table, seat)
        shown = set(self.current) & forbidden
        if shown:
            self.leaks.append(Leak(count, audience, viewer, f"face up: {sorted(map(str, shown))}"))
        if len(audience) == 1 and viewer is not None and not table._viewer_acting():
            # a private view still showing its owner's move: the banner calls nobody else over
            banner = table.banner_text()
            called = [table.seat_names[h] for h in table.session.human_seats if h != viewer
                      and table.seat_names[h] in banner]
            if called:
                self.leaks.append(Leak(count, audience, viewer, f"the banner calls {called} over: {banner!r}"))
        flash = table._flash
        if len(audience) > 1 and flash is not None:
            # a move told with its last after-effect is the move's public line, then that line's
            move = table._flash_alias.get(flash[0], flash[0])
            parts = [move] + ([flash[0][len(move):].strip()] if move != flash[0] else [])
            public = self._public_lines(flash[0])
            if any(part not in public for part in parts) or (move != flash[0] and not flash[0].startswith(move)):
                self.leaks.append(Leak(count, audience, viewer, f"the banner says {flash[0]!r}"))

    def _public_lines(self, key: str) -> set[str]:
        """Every log line as the public view words it (worked out again when the banner changes)."""
        if getattr(self, "_public_key", None) != key:
            table = self.table
            obs = table.session.observe(None)
            self._public_key = key
            self._public = {table.view.describe(e) for e in obs.log} - {None}
        return self._public
