"""How tall a line of words reads on screen: what a play-tester's ruler measures.

Play-testers measure type from the top of its tallest letter to the foot of its lowest (the "d"
and the "g" of "needs a proof"); 14 px type reads 12 or 13 px that way, 15 px type 14 or 15.
"""

from __future__ import annotations

from collections import Counter


def _distance(a, b) -> int:
    return sum(abs(int(x) - int(y)) for x, y in zip(a[:3], b[:3], strict=True))


def type_height(app, boxes) -> float:
    """The height, in logical px, from the highest to the lowest inked row of the words drawn in
    ``boxes`` (logical rectangles of one line, as the canvas's recorder gives them) in the last
    frame: a pixel is ink when it lies more than half way from the box's commonest colour (the
    ground) to the colour farthest from it (the words)."""
    canvas, window = app.canvas, app.window
    rows: set[int] = set()
    for box in boxes:
        rect = canvas.rect(box).clip(window.get_rect())
        pixels = [(y, tuple(window.get_at((x, y)))) for y in range(rect.top, rect.bottom)
                  for x in range(rect.left, rect.right)]
        ground = Counter(colour for _, colour in pixels).most_common(1)[0][0]
        far = max(_distance(colour, ground) for _, colour in pixels)
        rows |= {y for y, colour in pixels if far and _distance(colour, ground) > far / 2}
    return (max(rows) - min(rows) + 1) / canvas.scale if rows else 0.0


def drawn_texts(app) -> list[tuple[str, tuple, float]]:
    """Every line of text one frame draws: (words, logical box, size asked for)."""
    app.keep_painted_layers = False
    app.canvas.recorder = []
    try:
        app.draw()
        return [(text, box, size) for text, box, size in app.canvas.recorder if text and size != -1]
    finally:
        app.canvas.recorder = None


def face_height(app, size: float, bold: bool = False) -> float:
    """How tall the interface face reads at ``size`` (as drawn: never under the canvas's floor), in
    logical px: the ink of "dg", from the top of the "d" to the foot of the "g". For words with no
    descender ("2 leads below"), which a ruler reads by the face they are set in."""
    from sleuth.ui.theme import MIN_TEXT

    canvas = app.canvas
    font = canvas.cache.font(canvas.px(max(size, MIN_TEXT)), bold)
    surface = font.render("dg", True, (0, 0, 0), (255, 255, 255))
    rows = [y for y in range(surface.get_height())
            if any(surface.get_at((x, y))[0] < 128 for x in range(surface.get_width()))]
    return (rows[-1] - rows[0] + 1) / canvas.scale if rows else 0.0
