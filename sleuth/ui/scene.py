"""Scenes and the stack they live on.

The top scene gets each event first and says whether it used it; an unused event falls through
to the scene below unless the top scene is modal. Scenes below an overlay keep drawing (and, if
they wish, updating) so menus and handoff screens sit on top of a live table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from sleuth.ui.canvas import Canvas

if TYPE_CHECKING:
    from sleuth.ui.app import App


class Scene:
    #: An opaque scene hides everything below it (those are not drawn).
    opaque = True
    #: The scene paints every pixel of the logical screen (the felt first), so the app need not
    #: clear the window under it.
    paints_whole_screen = False
    #: A modal scene swallows every event, used or not.
    modal = True
    #: Scenes below the top one are updated only if they say so.
    update_when_covered = False

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one event (mouse positions are logical). Return True if it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and state by ``dt`` seconds (a fixed step)."""

    def draw(self, canvas: Canvas) -> None:
        """Draw the whole scene in logical coordinates."""

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def on_exit(self) -> None:
        """Called when the scene leaves the stack."""

    def tooltip(self, pos: tuple[float, float]) -> str | None:
        """The hover text at ``pos``, if any."""
        return None

    def tooltip_card(self, pos: tuple[float, float]):
        """A card sprite to show large with the hover text (a table's face-up card), or None."""
        return None

    def pointable(self, pos: tuple[float, float]) -> bool:
        """Whether something under ``pos`` takes a click or a drag (the pointer shows a hand there):
        by default a live button of the scene's ``widgets``."""
        widgets = getattr(self, "widgets", None)
        hit = widgets.at(pos) if widgets is not None and hasattr(widgets, "at") else None
        return hit is not None and getattr(hit, "enabled", True)

    # -- drawing only when something changed (the app idles cool) ---------------------------
    def animating(self) -> bool:
        """True while something moves on its own (a tween, a dragged card): draw every frame."""
        return False

    def frame_key(self) -> object:
        """What this scene shows that can change without an input event (a bot's move, a file read
        off the loop). The app redraws when any scene's key changes; a scene that changes only
        through input returns a constant."""
        return None


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.on_exit()
        if self.scenes:
            self.scenes[-1].on_enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start over with ``scene`` (e.g. back to the title)."""
        while self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            was_top = scene is self.top
            self.scenes.remove(scene)
            scene.on_exit()
            if was_top and self.scenes:
                self.scenes[-1].on_enter()

    def handle(self, event: pygame.event.Event) -> bool:
        for scene in reversed(list(self.scenes)):
            if scene.handle(event):
                return True
            if scene.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        scenes = list(self.scenes)
        for index, scene in enumerate(scenes):
            if index == len(scenes) - 1 or scene.update_when_covered:
                scene.update(dt)

    def _first_drawn(self) -> int:
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                return index
        return 0

    def covers_screen(self) -> bool:
        """Whether the scenes drawn paint the whole logical screen (the lowest one does)."""
        if not self.scenes:
            return False
        lowest = self.scenes[self._first_drawn()]
        return lowest.opaque and lowest.paints_whole_screen

    def draw(self, canvas: Canvas) -> None:
        for scene in self.scenes[self._first_drawn():]:
            scene.draw(canvas)

    def tooltip(self, pos: tuple[float, float]) -> str | None:
        top = self.top
        return top.tooltip(pos) if top is not None else None

    def tooltip_card(self, pos: tuple[float, float]):
        top = self.top
        return top.tooltip_card(pos) if top is not None else None

    def pointable(self, pos: tuple[float, float]) -> bool:
        top = self.top
        return top.pointable(pos) if top is not None else False

    def animating(self) -> bool:
        """Whether something moves: only scenes that are updated can move (a table frozen under
        the pause menu mid-animation asked for 60 frames a second of the same picture)."""
        scenes = self.scenes
        return any(scene.animating() for index, scene in enumerate(scenes)
                   if index == len(scenes) - 1 or scene.update_when_covered)

    def frame_key(self) -> tuple:
        """Which scenes are up, and what each shows that changes without input."""
        return tuple((id(scene), scene.frame_key()) for scene in self.scenes)
