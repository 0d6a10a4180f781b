"""A card seen large: right-click a card, or hold Z over it, on any table (one toolkit feature);
resting the pointer on a face-up card for half a second shows it large too, as its tooltip.

The card is painted again at 2.5 times its size (the faces are drawn by code, so it stays crisp),
with what the table says about it (its tooltip: what it is, what you know about it) and its
badges beside it. Held, it closes when the button or the key is released; a quick right-click
(or tap of the key) leaves it open until the next click or key (it closed as it opened, so a plain
right-click showed nothing). Only what the viewer sees is shown: a face-down card is shown face
down.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from sleuth.ui.canvas import Canvas
from sleuth.ui.scene import Scene
from sleuth.ui.scenes.common import draw_paper_panel
from sleuth.ui.spatial import overlaps
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W

ZOOM = 2.5
#: seconds a button or key must be held for its release to close the zoom (a quicker one is a click)
HOLD_S = 0.35
#: the zoomed card is never smaller than this many logical pixels wide (tiny tokens too)
MIN_WIDTH = 160


class ZoomScene(Scene):
    opaque = False
    modal = True

    def __init__(self, app, sprite, release: tuple[int, int]) -> None:
        super().__init__(app)
        self.face = sprite.front if sprite.shown >= 0.5 else sprite.back
        self.size = sprite.size
        self.zoom = max(ZOOM, MIN_WIDTH / max(1.0, sprite.size[0]))
        self.text = sprite.tooltip or ""
        # badges the card's words already list are not said twice ("What they know, shown on the
        # card: not Track, 2." then "Known: not Track / Known: 2")
        listed = bool(sprite.badges) and ", ".join(sprite.badges) in self.text
        self.badges = () if listed else tuple(sprite.badges)
        #: (event type, key or button) whose release closes the zoom after a hold
        self.release = release
        self.age = 0.0  # seconds open

    def update(self, dt: float) -> None:
        self.age += dt

    def handle(self, event: pygame.event.Event) -> bool:
        kind, which = self.release
        released = getattr(event, "button", None) if kind == pygame.MOUSEBUTTONUP else getattr(event, "key", None)
        if event.type == kind and released == which:
            if self.age >= HOLD_S:
                self.close()  # held: letting go closes it
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.close()
        return True

    def close(self) -> None:
        self.app.stack.remove(self)

    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        canvas.alpha_box((0, 0, LOGICAL_W, LOGICAL_H), pal.shadow, 170)
        w, h = self.size[0] * self.zoom, self.size[1] * self.zoom
        if h > LOGICAL_H - 80:  # a tall card fits the window
            self.zoom *= (LOGICAL_H - 80) / h
            w, h = self.size[0] * self.zoom, self.size[1] * self.zoom
        text_w = 360 if self.text or self.badges else 0
        gap = 36 if text_w else 0
        left = (LOGICAL_W - (w + gap + text_w)) / 2
        top = (LOGICAL_H - h) / 2
        canvas.shadow((left, top, w, h), radius=14, spread=14, alpha=130, offset=(6, 10))
        canvas.blit(canvas.painted(self.face.key, self.size, self.face.paint, zoom=self.zoom), (left, top))
        if not text_w:
            return
        x = left + w + gap
        lines = canvas.wrap(self.text, 18, text_w - 40) if self.text else []
        badge_h = 30 * len(self.badges)
        box_h = min(LOGICAL_H - 60, 40 + len(lines) * 24 + badge_h + (10 if badge_h else 0))
        y = max(30, (LOGICAL_H - box_h) / 2)
        draw_paper_panel(canvas, pal, (x, y, text_w, box_h))
        for k, line in enumerate(lines):
            canvas.text(line, (x + 20, y + 20 + k * 24), 18, pal.ink)
        by = y + 24 + len(lines) * 24
        for badge in self.badges:
            canvas.text(f"Known: {badge}", (x + 20, by), 18, pal.brass_dark, bold=True)
            by += 30


#: the hover preview: this many times the card's size, at most this tall (right-click zooms further)
PREVIEW_ZOOM = 2.0
PREVIEW_MAX_H = 240


def draw_card_preview(canvas: Canvas, pal, sprite, text: str, pointer: tuple[float, float],
                      avoid: Sequence[tuple[float, float, float, float]] = ()) -> None:
    """The hover preview of a face-up card: the card large with its tooltip beside it, above or
    below the card's own row (beside it, it covered the neighbours a player was about to click),
    on the side with room, and slid along its row off what the player reads while choosing
    (``avoid``: Purrrlock's notes grid, whose outlined cells the preview's own words point at);
    it goes as soon as the pointer moves."""
    zoom = min(PREVIEW_ZOOM, PREVIEW_MAX_H / max(1.0, sprite.size[1]))
    if sprite.size[0] * zoom < 120:  # a small token still shows large enough to read
        zoom = 120 / max(1.0, sprite.size[0])
    w, h = sprite.size[0] * zoom, sprite.size[1] * zoom
    lines = canvas.wrap(text, 17, 260) if text else []
    text_w = max(canvas.text_size(line, 17)[0] for line in lines) + 30 if lines else 0
    box_w = w + 24 + (text_w + 12 if text_w else 0)
    box_h = max(h, len(lines) * 21 + 8) + 24
    cx, cy = sprite.pos
    half = sprite.size[1] / 2 + 10
    below, above = cy + half, cy - half - box_h
    x = min(max(4, cx - box_w / 2), LOGICAL_W - box_w - 4)
    if below + box_h <= LOGICAL_H - 4 and (above < 4 or cy < LOGICAL_H / 2):
        y = below
    elif above >= 4:
        y = above
    else:  # no room above or below: beside the card, on the side with room
        side = sprite.size[0] / 2 + 10
        x = cx + side if cx + side + box_w <= LOGICAL_W - 4 else max(4, cx - side - box_w)
        y = min(max(4, cy - box_h / 2), LOGICAL_H - box_h - 4)
    if any(overlaps((x, y, box_w, box_h), r) for r in avoid):
        slid = [min(max(4, v), LOGICAL_W - box_w - 4) for r in avoid for v in (r[0] + r[2] + 6, r[0] - box_w - 6)]
        clear = [v for v in slid if not any(overlaps((v, y, box_w, box_h), r) for r in avoid)]
        if clear:
            x = min(clear, key=lambda v: abs(v + box_w / 2 - cx))
    canvas.shadow((x, y, box_w, box_h), radius=10, spread=8, alpha=110, offset=(3, 5))
    canvas.box((x, y, box_w, box_h), pal.paper, radius=10)
    canvas.box((x, y, box_w, box_h), pal.brass_dark, radius=10, width=1.5)
    face = sprite.front
    canvas.blit(canvas.painted(face.key, sprite.size, face.paint, zoom=zoom), (x + 12, y + 12))
    for i, line in enumerate(lines):
        canvas.text(line, (x + w + 36, y + 14 + i * 21), 17, pal.ink)

