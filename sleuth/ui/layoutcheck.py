"""The automatic layout check: what a frame shows that no player should have to put up with.

It draws the scene stack once with the canvas recording every line of text, gathers every
interactive rectangle (buttons and other widgets of every scene, the table's cards that can be
clicked or dragged) and reports:

- text smaller than ``MIN_TEXT`` logical pixels, or outside the window;
- two lines of text overlapping each other;
- a line of text over a control it does not belong to (a button's own label is inside it);
- two controls overlapping (a button over a card or another button).

Tooltips and toasts are not part of the frame checked: they come and go with the pointer. The
tests run it on every scene and on each table in scripted states, at 1280x720 and 1920x1080.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.ui.canvas import Rect
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W, MIN_TEXT

#: overlaps smaller than this (logical px on each side) are anti-aliasing, not a layout fault
SLACK = 1.5


@dataclass(frozen=True)
class Finding:
    kind: str
    what: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.what}"


def _overlap(a: Rect, b: Rect) -> bool:
    return (a[0] + SLACK < b[0] + b[2] and b[0] + SLACK < a[0] + a[2]
            and a[1] + SLACK < b[1] + b[3] and b[1] + SLACK < a[1] + a[3])


def _inside(inner: Rect, outer: Rect) -> bool:
    return (inner[0] >= outer[0] - SLACK and inner[1] >= outer[1] - SLACK
            and inner[0] + inner[2] <= outer[0] + outer[2] + SLACK
            and inner[1] + inner[3] <= outer[1] + outer[3] + SLACK)


def _covered(rect: Rect, overlays: list[Rect]) -> bool:
    return any(_overlap(rect, over) for over in overlays)


def controls(scene, overlays: list[Rect]) -> list[tuple[str, Rect]]:
    """Every rectangle a player can click or drag in ``scene`` (not under one of its overlays)."""
    found: list[tuple[str, Rect]] = []
    for owner in (scene, getattr(scene, "view", None)):
        widgets = getattr(owner, "widgets", None)
        for widget in getattr(widgets, "items", ()):
            if widget.visible:
                found.append((f"button '{getattr(widget, 'label', '')}'", tuple(widget.rect)))
    board = getattr(getattr(scene, "view", None), "board", None)
    if board is not None:
        for key, sprite in board.by_key.items():
            if (sprite.clickable or sprite.draggable) and not sprite.hidden:
                found.append((f"card {key}", sprite.rect_logical))
    return [(name, rect) for name, rect in found if not (overlays and not name.startswith("button")
                                                          and _covered(rect, overlays))]


def _texts_of(scene, canvas) -> tuple[list[tuple[str, Rect, float]], list[Rect]]:
    """The lines of text ``scene`` draws (those hidden by its own overlays left out) and its
    overlays; the letters' band of each line, not its taller surface (line spacing)."""
    canvas.recorder = []
    try:
        scene.draw(canvas)
        recorded = list(canvas.recorder)
    finally:
        canvas.recorder = None
    texts: list[tuple[str, Rect, float]] = []
    overlays: list[Rect] = []
    for text, box, size in recorded:
        if size == -1:  # an overlay: what lies under it is hidden
            texts = [t for t in texts if not _overlap(t[1], box)]
            overlays.append(box)
            continue
        band = min(box[3], max(size, MIN_TEXT))
        texts.append((text, (box[0], box[1] + (box[3] - band) / 2, box[2], band), size))
    return texts, overlays


def touchable(scene) -> tuple[list[Rect], list[Rect]]:
    """(what can be clicked, dragged or dropped on; every other card) on ``scene``'s table, from
    its widgets and board alone (nothing is drawn: safe in the middle of a frame)."""
    hard = [rect for _, rect in controls(scene, [])]
    cards: list[Rect] = []
    board = getattr(getattr(scene, "view", None), "board", None)
    if board is not None:
        hard += [tuple(area.rect) for area in board.drop_areas]
        cards += [sprite.rect_logical for sprite in board.by_key.values() if not sprite.hidden]
    return hard, cards


def occupied(scene, canvas) -> tuple[list[Rect], list[Rect]]:
    """What a note over ``scene``'s table should not cover: (what can be clicked, dragged or
    dropped on; what can be read: every card and every line of text the table view draws).
    The text is recorded by drawing the view once; the next frame draws over it."""
    hard, soft = touchable(scene)
    view = getattr(scene, "view", None)
    if view is not None:
        canvas.recorder = []
        try:
            view.draw(canvas)
            recorded = list(canvas.recorder)
        finally:
            canvas.recorder = None
        soft += [box for _, box, size in recorded if size != -1]
        soft += [tuple(rect) for rect in view.reading_areas()]
    return hard, soft


def check(app) -> list[Finding]:
    """Draw the scenes once, one at a time, and report every finding (empty when clean).

    Text is compared with the text and the controls of its own scene: a dialog over the table
    hides what lies under it. Controls are those of the scene that takes the input (the top one)."""
    scenes = app.stack.scenes
    start = max((i for i, s in enumerate(scenes) if s.opaque), default=0)
    canvas = app.canvas
    app.window.fill(app.palette.wood_dark)
    findings: list[Finding] = []
    for index, scene in enumerate(scenes[start:], start):
        texts, overlays = _texts_of(scene, canvas)
        top = index == len(scenes) - 1
        findings += _check_scene(texts, controls(scene, overlays) if top else [])
    return findings


def _check_scene(texts, rects) -> list[Finding]:
    findings: list[Finding] = []
    for text, box, size in texts:
        if size < MIN_TEXT:
            findings.append(Finding("small text", f"'{text}' at {size:g} px"))
        if box[0] < -SLACK or box[1] < -SLACK or box[0] + box[2] > LOGICAL_W + SLACK or \
                box[1] + box[3] > LOGICAL_H + SLACK:
            findings.append(Finding("off screen", f"'{text}'"))
    for i, (a, box_a, _) in enumerate(texts):
        for b, box_b, _ in texts[i + 1:]:
            if _overlap(box_a, box_b) and a != b:  # the same words twice: a drawn shadow
                findings.append(Finding("texts overlap", f"'{a}' and '{b}'"))
    for text, box, _ in texts:
        for name, rect in rects:
            if _overlap(box, rect) and not _inside(box, rect):
                findings.append(Finding("text over a control", f"'{text}' over {name}"))
    for i, (name_a, a) in enumerate(rects):
        for name_b, b in rects[i + 1:]:
            if name_a.startswith("card") and name_b.startswith("card"):
                continue  # cards fanned in a hand or stacked on a pile overlap by design
            if _overlap(a, b):
                findings.append(Finding("controls overlap", f"{name_a} and {name_b}"))
    return findings
