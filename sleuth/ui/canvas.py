"""Drawing in logical coordinates, rendered at the window's real pixel size.

Scenes lay out on a 1280x720 logical canvas. The window may be any size; ``Canvas`` scales every
rectangle, line and font by the same factor (letterboxed to keep the aspect), so text is
rendered by the font engine at its real pixel size and stays crisp instead of being stretched.
Expensive surfaces (card faces, text, shadows) are cached per pixel size in a ``RenderCache``
that lives as long as the app.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable

import pygame

from sleuth.ui.theme import LOGICAL_H, LOGICAL_W, MIN_TEXT, Colour

Rect = tuple[float, float, float, float]


def _pixels(font: pygame.font.Font, text: str) -> bytes:
    if font.size(text)[0] == 0:
        return b""  # nothing to draw (U+FE0F, a zero-width space): SDL_ttf raises "Text has zero width"
    surface = font.render(text, True, (0, 0, 0), (255, 255, 255))
    return "{}x{}".format(*surface.get_size()).encode() + pygame.image.tobytes(surface, "RGB")


def _render(font: pygame.font.Font, text: str, colour: Colour) -> pygame.Surface:
    """``text`` drawn; an empty picture for text of invisible characters only (a name of U+FE0F
    from an old save), which SDL_ttf refuses to draw ("Text has zero width")."""
    width, height = font.size(text)
    if width == 0:
        return pygame.Surface((0, height), pygame.SRCALPHA)
    return font.render(text, True, colour)


def _runs_size(runs: list[tuple[pygame.font.Font, str]]) -> tuple[int, int, int]:
    """The width, height and shared ascent (the baseline) of runs of text set side by side."""
    if len(runs) == 1:
        font, part = runs[0]
        return (*font.size(part), font.get_ascent())
    ascent = max(font.get_ascent() for font, _ in runs)
    depth = max(font.get_height() - font.get_ascent() for font, _ in runs)
    return sum(font.size(part)[0] for font, part in runs), ascent + depth, ascent


def _render_runs(runs: list[tuple[pygame.font.Font, str]], colour: Colour) -> pygame.Surface:
    """Runs of text in their own faces, side by side on one baseline (a Cyrillic name in a line of
    the interface face)."""
    width, height, ascent = _runs_size(runs)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for font, part in runs:
        picture = _render(font, part, colour)
        surface.blit(picture, (x, ascent - font.get_ascent()))
        x += picture.get_width()
    return surface


class RenderCache:
    """Fonts, text and painted surfaces keyed by their pixel size; bounded so it cannot grow forever."""

    def __init__(self, limit: int = 4000) -> None:
        self.fonts: dict[tuple[int, bool, str], pygame.font.Font] = {}
        self.surfaces: dict[Hashable, pygame.Surface] = {}
        #: character -> whether the faces draw it; ("missing", face) -> how a face draws what it lacks;
        #: (character, face) -> whether that face draws it
        self._glyphs: dict = {}
        self.limit = limit
        #: counts the clears: a picture remembered outside the cache (a sprite's) is valid while
        #: the generation it was made in lasts
        self.generation = 0

    def font(self, px: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
        """The interface face (Atkinson Hyperlegible) or the serif one (Crimson Text) at ``px``
        pixels, bold from its own bold file (never synthetic). Without the font packages (a
        broken install) pygame's default font stands in, so the app still runs."""
        return self._face("serif" if serif else "ui", max(6, px), bold)

    def _face(self, face: str, px: int, bold: bool) -> pygame.font.Font | None:
        key = (px, bold, face)
        font = self.fonts.get(key)
        if font is None:
            from sleuth.resources import font_file

            path = font_file(face, bold)
            if path is not None:
                font = pygame.font.Font(str(path), px)
            elif face == "fallback":
                return None  # no second face: what the first lacks is drawn as it draws it
            else:
                font = pygame.font.Font(None, px)
                font.set_bold(bold)
            self.fonts[key] = font
        return font

    def _draws(self, face: str, char: str) -> bool:
        """Whether ``face`` draws ``char``: a glyph drawn exactly as a private-use character is
        drawn (the "missing" box) is missing, and so is one drawn with no width at all."""
        known = self._glyphs.get((char, face))
        if known is None:
            font = self._face(face, 20, True)
            if font is None:
                known = False
            else:
                if ("missing", face) not in self._glyphs:
                    self._glyphs[("missing", face)] = _pixels(font, "\ue000")
                drawn = _pixels(font, char)
                known = bool(drawn) and drawn != self._glyphs[("missing", face)]
            self._glyphs[(char, face)] = known
        return known

    def has_glyph(self, char: str) -> bool:
        """Whether Sleuth draws ``char`` in both faces, by themselves or with the face for the
        letters they lack (a name typed in Chinese showed as empty boxes; the U+FE0F after an
        emoji, drawn with no width, had closed the app)."""
        if char == " ":
            return True
        known = self._glyphs.get(char)
        if known is None:
            known = all(self._draws(face, char) or self._draws("fallback", char) for face in ("ui", "serif"))
            self._glyphs[char] = known
        return known

    def runs(self, text: str, px: int, bold: bool, serif: bool) -> list[tuple[pygame.font.Font, str]]:
        """``text`` cut into runs of one face each: the face asked for, and the fallback face for
        the letters it lacks. Text of plain ASCII is one run (every face draws it)."""
        main = self.font(px, bold, serif)
        if text.isascii():
            return [(main, text)]
        face = "serif" if serif else "ui"
        fallback = self._face("fallback", max(6, px), bold)
        runs: list[tuple[pygame.font.Font, str]] = []
        for char in text:
            font = fallback if fallback is not None and not char.isspace() and not self._draws(face, char) \
                and self._draws("fallback", char) else main
            if runs and runs[-1][0] is font:
                runs[-1] = (font, runs[-1][1] + char)
            else:
                runs.append((font, char))
        return runs or [(main, text)]

    def surface(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self.surfaces.get(key)
        if surf is None:
            if len(self.surfaces) >= self.limit:
                self.clear()
            surf = make()
            self.surfaces[key] = surf
        return surf

    def clear(self) -> None:
        self.surfaces.clear()
        self.generation += 1


#: a number of one or two digits, with its punctuation: kept on the line of the word before it
_SHORT_NUMBER = re.compile(r"^\d{1,2}[.,:;!?)]*$")


class Canvas:
    """A target surface plus the logical-to-pixel transform."""

    def __init__(self, surface: pygame.Surface, cache: RenderCache, scale: float | None = None,
                 offset: tuple[float, float] | None = None) -> None:
        self.surface = surface
        self.cache = cache
        if scale is None:
            w, h = surface.get_size()
            scale = min(w / LOGICAL_W, h / LOGICAL_H)
            offset = ((w - LOGICAL_W * scale) / 2, (h - LOGICAL_H * scale) / 2)
        self.scale = scale
        #: when a list, every line of text drawn is appended as (text, logical box, size): the
        #: layout check (``sleuth/ui/layoutcheck.py``) reads a frame this way
        self.recorder: list | None = None
        self.ox, self.oy = offset or (0.0, 0.0)

    # -- transforms -------------------------------------------------------------------------
    def px(self, length: float) -> int:
        return max(0, round(length * self.scale))

    def rect(self, r: Rect) -> pygame.Rect:
        x, y, w, h = r
        left = round(self.ox + x * self.scale)
        top = round(self.oy + y * self.scale)
        return pygame.Rect(left, top, round(self.ox + (x + w) * self.scale) - left,
                           round(self.oy + (y + h) * self.scale) - top)

    def point(self, p: tuple[float, float]) -> tuple[int, int]:
        return (round(self.ox + p[0] * self.scale), round(self.oy + p[1] * self.scale))

    def to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        return ((pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale)

    # -- shapes -----------------------------------------------------------------------------
    def fill(self, colour: Colour) -> None:
        self.surface.fill(colour)

    def box(self, r: Rect, colour: Colour, radius: float = 0, width: float = 0) -> None:
        pygame.draw.rect(self.surface, colour, self.rect(r), self.px(width) if width else 0,
                         border_radius=self.px(radius))

    def alpha_box(self, r: Rect, colour: Colour, alpha: int, radius: float = 0) -> None:
        rect = self.rect(r)
        key = ("alpha_box", rect.size, colour, alpha, self.px(radius))

        def make() -> pygame.Surface:
            surf = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (*colour, alpha), surf.get_rect(), border_radius=self.px(radius))
            return surf

        self.surface.blit(self.cache.surface(key, make), rect.topleft)

    def shadow(self, r: Rect, radius: float = 8, spread: float = 6, alpha: int = 90,
               offset: tuple[float, float] = (3, 5)) -> None:
        """A soft drop shadow under a rectangle (cached per pixel size)."""
        rect = self.rect((r[0] + offset[0], r[1] + offset[1], r[2], r[3]))
        sp = max(1, self.px(spread))
        key = ("shadow", rect.size, sp, alpha, self.px(radius))

        def make() -> pygame.Surface:
            surf = pygame.Surface((rect.w + 2 * sp, rect.h + 2 * sp), pygame.SRCALPHA)
            steps = min(sp, 8)
            for i in range(steps):
                grow = sp * (steps - i) / steps
                a = int(alpha * (i + 1) / steps / steps * 2)
                pygame.draw.rect(
                    surf, (0, 0, 0, min(255, a)),
                    pygame.Rect(sp - grow, sp - grow, rect.w + 2 * grow, rect.h + 2 * grow),
                    border_radius=self.px(radius) + int(grow),
                )
            return surf

        self.surface.blit(self.cache.surface(key, make), (rect.x - sp, rect.y - sp))

    def line(self, a: tuple[float, float], b: tuple[float, float], colour: Colour, width: float = 1) -> None:
        pygame.draw.line(self.surface, colour, self.point(a), self.point(b), max(1, self.px(width)))

    def lines(self, points: list[tuple[float, float]], colour: Colour, width: float = 1, closed: bool = False) -> None:
        if len(points) >= 2:
            pygame.draw.lines(self.surface, colour, closed, [self.point(p) for p in points], max(1, self.px(width)))

    def aalines(self, points: list[tuple[float, float]], colour: Colour, closed: bool = False) -> None:
        """A hairline through ``points``, anti-aliased: the finest line there is, for engraved work
        (guilloché, the line work of card backs) that must look drawn by a burin, not by pixels."""
        if len(points) >= 2:
            pygame.draw.aalines(self.surface, colour, closed, [self.point(p) for p in points])

    def circle(self, c: tuple[float, float], r: float, colour: Colour, width: float = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.point(c), max(1, self.px(r)), self.px(width) if width else 0)

    def polygon(self, points: list[tuple[float, float]], colour: Colour, width: float = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.point(p) for p in points], self.px(width) if width else 0)

    # -- text -------------------------------------------------------------------------------
    def mark_overlay(self, rect: Rect) -> None:
        """Say (to the layout check) that what follows covers ``rect``: what was drawn there before
        is hidden, not overlapped (a drawer, a panel over the table)."""
        if self.recorder is not None:
            self.recorder.append(("", rect, -1))

    def text_size(self, text: str, size: float, bold: bool = False, serif: bool = False) -> tuple[float, float]:
        w, h, _ = _runs_size(self.cache.runs(text.replace("\x00", ""), self.px(max(size, MIN_TEXT)), bold, serif))
        return (w / self.scale, h / self.scale)

    def text_box(self, text: str, pos: tuple[float, float], size: float, anchor: str = "topleft",
                 bold: bool = False, serif: bool = False) -> Rect:
        """Where ``text`` would lie (its logical rectangle) if drawn with these arguments, without
        drawing it: what a label placed beside drawn words keeps off."""
        box = pygame.FRect((0, 0), self.text_size(text, size, bold, serif))
        setattr(box, anchor, pos)
        return (box.x, box.y, box.w, box.h)

    def text(self, text: str, pos: tuple[float, float], size: float, colour: Colour,
             anchor: str = "topleft", bold: bool = False, serif: bool = False) -> Rect:
        """Draw one line of text; returns its logical rectangle. ``anchor`` is a pygame.Rect attribute.

        Nothing is drawn smaller than ``MIN_TEXT`` logical pixels: whatever is on screen is there
        to be read. ``serif`` uses the title face (headings, card numerals)."""
        if "\x00" in text:
            text = text.replace("\x00", "")  # SDL_ttf refuses a NUL; names are cleaned on entry anyway
        if not text:
            return (pos[0], pos[1], 0, 0)
        requested, size = size, max(size, MIN_TEXT)
        px = self.px(size)
        key = ("text", text, px, colour, bold, serif)
        surf = self.cache.surface(key, lambda: self._rendered(text, px, bold, serif, colour))
        rect = surf.get_rect()
        setattr(rect, anchor, self.point(pos))
        self.surface.blit(surf, rect)
        box = (
            (rect.x - self.ox) / self.scale, (rect.y - self.oy) / self.scale,
            rect.w / self.scale, rect.h / self.scale,
        )
        if self.recorder is not None:
            self.recorder.append((text, box, requested))  # what the code asked for, under the floor or not
        return box

    def _rendered(self, text: str, px: int, bold: bool, serif: bool, colour: Colour) -> pygame.Surface:
        runs = self.cache.runs(text, px, bold, serif)
        return _render(*runs[0], colour) if len(runs) == 1 else _render_runs(runs, colour)

    def fit(self, text: str, size: float, width: float, bold: bool = False, words: bool = False,
            serif: bool = False) -> str:
        """``text`` as it is when it fits ``width``, else cut short with an ellipsis so that it does;
        with ``words``, after a whole word ("and a W..." left half a word to guess). ``serif``
        measures in the face it is drawn in (a serif heading measured in the other face was cut
        though it fitted: "Pass to ABCDEFGHIJKL...")."""
        if self.text_size(text, size, bold, serif)[0] <= width:
            return text
        if words:
            cut = text.split(" ")
            while len(cut) > 1:
                cut.pop()
                shorter = " ".join(cut).rstrip(" ,;:") + "…"
                if self.text_size(shorter, size, bold, serif)[0] <= width:
                    return shorter
        while len(text) > 1 and self.text_size(text.rstrip() + "…", size, bold, serif)[0] > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def wrap(self, text: str, size: float, width: float, bold: bool = False) -> list[str]:
        """``text`` in lines no wider than ``width``, broken at spaces; a short number stays with
        the word before it ("Goose" at a line's end and "1." on the next read as two things)."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words = []
            for word in paragraph.split(" "):
                if words and words[-1] and _SHORT_NUMBER.match(word):
                    words[-1] = f"{words[-1]} {word}"
                else:
                    words.append(word)
            line = ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if self.text_size(trial, size, bold)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def paragraph(self, text: str, r: Rect, size: float, colour: Colour, bold: bool = False,
                  line_gap: float = 1.2, align: str = "left") -> float:
        """Wrapped text in a box; returns the height used (logical)."""
        x, y, w, h = r
        line_h = size * line_gap
        used = 0.0
        for line in self.wrap(text, size, w, bold):
            if used + line_h > h + 0.5:
                break
            if align == "center":
                self.text(line, (x + w / 2, y + used), size, colour, "midtop", bold)
            else:
                self.text(line, (x, y + used), size, colour, "topleft", bold)
            used += line_h
        return used

    # -- cached paintings -------------------------------------------------------------------
    def painted(self, key: Hashable, size: tuple[float, float], paint: Callable[[Canvas], None],
                zoom: float = 1.0) -> pygame.Surface:
        """A surface of logical ``size`` painted once per pixel size by ``paint(sub_canvas)``.

        ``zoom`` paints the same picture larger (the card zoom): the painter draws at its own
        logical size on a canvas whose scale is ``zoom`` times larger, so it stays crisp."""
        pw, ph = max(1, self.px(size[0] * zoom)), max(1, self.px(size[1] * zoom))

        def make() -> pygame.Surface:
            surf = pygame.Surface((pw, ph), pygame.SRCALPHA)
            paint(Canvas(surf, self.cache, self.scale * zoom, (0.0, 0.0)))
            return surf

        return self.cache.surface(("painted", key, pw, ph), make)

    def blit_with_shadow(self, key: Hashable, size: tuple[float, float], paint: Callable[[Canvas], None],
                         centre: tuple[float, float], radius: float, spread: float, alpha: int,
                         offset: tuple[float, float]) -> None:
        """A painted picture (``painted``) centred on ``centre`` over its soft drop shadow
        (``shadow``), both kept as one surface per pixel size: one blit instead of two."""
        combined, dx, dy = self.shadowed(key, size, paint, radius, spread, alpha, offset)
        cx, cy = self.point(centre)
        self.surface.blit(combined, (cx + dx, cy + dy))

    def shadowed(self, key: Hashable, size: tuple[float, float], paint: Callable[[Canvas], None], radius: float,
                 spread: float, alpha: int, offset: tuple[float, float]) -> tuple[pygame.Surface, int, int]:
        """The picture over its shadow as one surface, and where its top-left corner lies from the
        picture's centre, in pixels (see ``blit_with_shadow``)."""
        face = self.painted(key, size, paint)
        fw, fh = face.get_size()
        sp = max(1, self.px(spread))
        ox, oy = self.px(offset[0]), self.px(offset[1])
        left, top = min(0, ox - sp), min(0, oy - sp)  # the picture's corner within the combined surface

        def make() -> pygame.Surface:
            surf = pygame.Surface((max(fw, ox + fw + sp) - left, max(fh, oy + fh + sp) - top), pygame.SRCALPHA)
            shade = Canvas(surf, self.cache, self.scale, (0.0, 0.0))
            shade.shadow(((ox - left) / self.scale if self.scale else 0, (oy - top) / self.scale if self.scale else 0,
                          size[0], size[1]), radius, spread, alpha, (0, 0))
            surf.blit(face, (-left, -top))
            return surf

        combined = self.cache.surface(("shadowed", key, fw, fh, sp, alpha, ox, oy, self.px(radius)), make)
        return combined, -(fw // 2) + left, -(fh // 2) + top

    def turned(self, key: Hashable, surf: pygame.Surface, dx: int, dy: int,
               degrees: float) -> tuple[pygame.Surface, int, int]:
        """``surf`` (whose anchor point lies at ``-dx, -dy`` from its top-left corner) turned by
        ``degrees`` about that point, kept per ``key`` and angle; returns the turned surface and
        where its top-left corner lies from the anchor."""
        w, h = surf.get_size()
        rotated = self.cache.surface(("turned", key, w, h, degrees), lambda: pygame.transform.rotozoom(surf, degrees, 1.0))
        vx, vy = -dx - w / 2, -dy - h / 2  # the anchor from the picture's centre
        a = math.radians(degrees)
        rx, ry = vx * math.cos(a) + vy * math.sin(a), -vx * math.sin(a) + vy * math.cos(a)
        rw, rh = rotated.get_size()
        return rotated, round(-(rw / 2 + rx)), round(-(rh / 2 + ry))

    def blit(self, surf: pygame.Surface, pos: tuple[float, float], anchor: str = "topleft") -> None:
        rect = surf.get_rect()
        setattr(rect, anchor, self.point(pos))
        self.surface.blit(surf, rect)

    def blit_rotated(self, surf: pygame.Surface, center: tuple[float, float], degrees: float,
                     key: Hashable | None = None) -> None:
        """``surf`` turned by ``degrees`` about ``center``. With ``key`` (what ``surf`` shows), the
        turned picture is kept per half degree: a fanned hand is not rotated again every frame."""
        if abs(degrees) < 0.3:
            self.blit(surf, center, "center")
            return
        if key is not None:
            step = round(degrees * 2) / 2
            rotated = self.cache.surface(("rotated", key, surf.get_size(), step),
                                         lambda: pygame.transform.rotozoom(surf, step, 1.0))
            self.blit(rotated, center, "center")
            return
        rotated = pygame.transform.rotozoom(surf, degrees, 1.0)
        self.blit(rotated, center, "center")
