import pygame

from sleuth.ui.canvas import Canvas, RenderCache


def surface(w, h):
    pygame.init()
    return pygame.Surface((w, h))


def test_logical_layout_scales_and_letterboxes():
    canvas = Canvas(surface(1920, 1080), RenderCache())
    assert canvas.scale == 1.5
    assert canvas.rect((100, 100, 200, 50)) == pygame.Rect(150, 150, 300, 75)
    wide = Canvas(surface(2560, 1080), RenderCache())
    assert wide.scale == 1.5 and wide.ox == 320
    assert wide.to_logical(wide.point((640, 360))) == (640, 360)


def test_text_is_rendered_at_the_real_pixel_size_not_stretched():
    small, big = Canvas(surface(1280, 720), RenderCache()), Canvas(surface(3840, 2160), RenderCache())
    r1 = small.text("Sleuth", (10, 10), 24, (255, 255, 255))
    r2 = big.text("Sleuth", (10, 10), 24, (255, 255, 255))
    # the same logical size either way, but the 4K glyphs are 3x as many pixels tall
    assert abs(r1[3] - r2[3]) < 2
    assert big.cache.font(big.px(24)).get_height() >= 2.8 * small.cache.font(small.px(24)).get_height()


def test_painted_surfaces_are_cached_per_pixel_size():
    cache = RenderCache()
    canvas = Canvas(surface(1280, 720), cache)
    calls = []
    for _ in range(3):
        canvas.painted("card", (60, 90), lambda c: calls.append(1))
    assert len(calls) == 1
    Canvas(surface(2560, 1440), cache).painted("card", (60, 90), lambda c: calls.append(1))
    assert len(calls) == 2


def test_wrap_keeps_lines_within_width():
    canvas = Canvas(surface(1280, 720), RenderCache())
    lines = canvas.wrap("the quick brown fox jumps over the lazy dog " * 4, 18, 200)
    assert len(lines) > 2
    assert all(canvas.text_size(line, 18)[0] <= 200 for line in lines)


def test_a_short_number_stays_on_the_line_of_the_word_before_it(app):
    """Big-table play-test: Purrrlock's casebook wrapped "Violet draws a new Investigation:
    Goose" on one line and "1." on the next."""
    canvas = app.canvas
    text = "Violet draws a new Investigation: Goose 1."
    for width in range(120, 420, 7):
        rows = canvas.wrap(text, 16, width)
        assert " ".join(rows) == text
        assert not any(row.split(" ")[0] in ("1.", "1") for row in rows[1:]), rows
