"""Printed-matter textures drawn by code: paper grain, baize weave and wood grain.

Each texture is worked out once per pixel size and kept in the app's ``RenderCache``, so a frame
only ever blits it. The randomness is seeded from the size alone: the same window paints the same
fibres every time (golden screenshots stay stable, and two cards of one size share one grain).
Nothing here knows a game; ``cardart`` and ``scenes.common`` put the textures on cards and tables.
"""

from __future__ import annotations

import math
import random

import pygame

from sleuth.ui.canvas import Canvas, Rect, RenderCache
from sleuth.ui.theme import Colour, mix

#: the dark of printer's ink the grain and vignettes are made of (a warm near-black)
INK = (40, 30, 22)
#: the light flecks of a rag paper
FLECK = (255, 252, 240)


def rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    """White, opaque inside a rounded rectangle and clear outside: multiplied into a texture, it
    trims the texture to a card's corners."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def paper_grain(cache: RenderCache, size: tuple[int, int], radius: int) -> pygame.Surface:
    """Speckles and short fibres of a rag paper over a card of ``size`` pixels, with a faint
    darkening towards the edges (the inner vignette of a printed card)."""

    def make() -> pygame.Surface:
        w, h = size
        rng = random.Random(w * 7919 + h * 104729)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((*INK, 0))
        # the vignette: rings from the edge in, each a little lighter, the middle left clear
        depth = max(3, round(min(w, h) * 0.1))
        for i in range(depth):
            alpha = round(30 * (1 - i / depth) ** 2)
            rect = pygame.Rect(i, i, w - 2 * i, h - 2 * i)
            if rect.w <= 0 or rect.h <= 0:
                break
            pygame.draw.rect(surf, (*INK, alpha), rect, border_radius=max(0, radius - i))
        inner = pygame.Rect(depth, depth, w - 2 * depth, h - 2 * depth)
        if inner.w > 0 and inner.h > 0:
            pygame.draw.rect(surf, (*INK, 0), inner, border_radius=max(0, radius - depth))
        # specks: dark and light, a few per hundred pixels
        for _ in range(w * h // 14):
            x, y = rng.randrange(w), rng.randrange(h)
            if rng.random() < 0.62:
                surf.set_at((x, y), (*INK, rng.randint(14, 34)))
            else:
                surf.set_at((x, y), (*FLECK, rng.randint(40, 80)))
        # fibres: short, slightly curved strands
        scale = max(1.0, min(w, h) / 90)
        for _ in range(max(3, w * h // 1400)):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            angle = rng.uniform(0, math.pi)
            length = rng.uniform(3, 9) * scale
            bend = rng.uniform(-0.5, 0.5)
            points = []
            for k in range(4):
                t = k / 3
                a = angle + bend * t
                points.append((x + math.cos(a) * length * t, y + math.sin(a) * length * t))
            pygame.draw.lines(surf, (*INK, rng.randint(16, 30)), False, points, 1)
        surf.blit(rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return surf

    return cache.surface(("paper-grain", size, radius), make)


def felt_weave(cache: RenderCache, size: tuple[int, int], scale: float, felt: Colour) -> pygame.Surface:
    """The texture of baize over ``size`` pixels: a plain weave of fine threads (one thread lit
    along its upper edge, the crossing one shaded), loose fibres, and soft mottling, all
    translucent so the table's colour and its vignette show through."""

    def make() -> pygame.Surface:
        w, h = size
        cell = max(2, round(2 * scale))
        tile_cells = 48
        side = cell * tile_cells
        rng = random.Random(side * 31 + 7)
        light, dark = mix(felt, FLECK, 0.5), mix(felt, INK, 0.7)
        tile = pygame.Surface((side, side), pygame.SRCALPHA)
        tile.fill((*dark, 0))
        for j in range(tile_cells):
            for i in range(tile_cells):
                x, y = i * cell, j * cell
                jitter = rng.randint(-4, 4)
                if (i + j) % 2:  # a weft thread on top: lit above, shaded below
                    pygame.draw.line(tile, (*light, 12 + jitter), (x, y), (x + cell - 1, y))
                    pygame.draw.line(tile, (*dark, 22 + jitter), (x, y + cell - 1), (x + cell - 1, y + cell - 1))
                else:  # a warp thread on top: lit left, shaded right
                    pygame.draw.line(tile, (*light, 10 + jitter), (x, y), (x, y + cell - 1))
                    pygame.draw.line(tile, (*dark, 17 + jitter), (x + cell - 1, y), (x + cell - 1, y + cell - 1))
        surf = pygame.Surface(size, pygame.SRCALPHA)
        for ty in range(0, h, side):
            for tx in range(0, w, side):
                surf.blit(tile, (tx, ty))
        # mottling: broad, faint patches where the nap lies the other way (not tiled, so no repeat),
        # drawn small and smoothed up: soft edges, and a fraction of the work
        shrink = 8
        small = pygame.Surface((max(1, w // shrink), max(1, h // shrink)), pygame.SRCALPHA)
        small.fill((*felt, 0))
        for _ in range(max(8, w * h // 9000)):
            cx, cy = rng.uniform(0, w) / shrink, rng.uniform(0, h) / shrink
            r = rng.uniform(10, 40) * scale / shrink
            colour = light if rng.random() < 0.5 else dark
            pygame.draw.circle(small, (*colour, 7), (cx, cy), max(1.0, r))
        surf.blit(pygame.transform.smoothscale(small, size), (0, 0))
        # loose fibres lying on the nap
        for _ in range(w * h // 2500):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            a = rng.uniform(0, math.pi)
            length = rng.uniform(3, 8) * scale
            colour = light if rng.random() < 0.4 else dark
            pygame.draw.line(surf, (*colour, rng.randint(24, 44)), (x, y),
                             (x + math.cos(a) * length, y + math.sin(a) * length))
        return surf

    return cache.surface(("felt-weave", size, round(scale, 3), felt), make)


def wood_grain(cache: RenderCache, size: tuple[int, int], scale: float, base: Colour,
               radius: int = 0) -> pygame.Surface:
    """A plank of ``base`` colour with long wavy grain lines, a knot or two and a lit top edge,
    trimmed to ``radius`` corners."""

    def make() -> pygame.Surface:
        w, h = size
        rng = random.Random(w * 131 + h * 17 + sum(base))
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*base, 255), surf.get_rect(), border_radius=radius)
        grain = pygame.Surface(size, pygame.SRCALPHA)
        dark, light = mix(base, INK, 0.6), mix(base, FLECK, 0.3)
        spacing = max(2.0, 2.6 * scale)
        knots = [(rng.uniform(0, w), rng.uniform(0, h), rng.uniform(4, 9) * scale)
                 for _ in range(max(1, w // max(1, round(380 * scale))))]
        y0 = -spacing
        step = max(4, round(6 * scale))
        while y0 < h + spacing:
            amp, freq, phase = rng.uniform(0.3, 1.6) * scale, rng.uniform(0.004, 0.012) / scale, rng.uniform(0, 6.3)
            colour, alpha = (dark, rng.randint(26, 60)) if rng.random() < 0.7 else (light, rng.randint(14, 30))
            points = []
            for x in range(0, w + step, step):
                y = y0 + amp * math.sin(x * freq + phase)
                for kx, ky, kr in knots:  # the grain swerves round a knot
                    d = math.hypot(x - kx, y - ky)
                    if d < kr * 3:
                        y += (kr * 3 - d) * 0.5 * (1 if y >= ky else -1)
                points.append((x, y))
            pygame.draw.lines(grain, (*colour, alpha), False, points, 1)
            y0 += spacing * rng.uniform(0.7, 1.5)
        for kx, ky, kr in knots:
            for k in range(3):
                rect = pygame.Rect(0, 0, kr * (2.4 - k * 0.7), kr * (1.2 - k * 0.3))
                rect.center = (round(kx), round(ky))
                pygame.draw.ellipse(grain, (*dark, 70), rect, 1)
        pygame.draw.line(grain, (*light, 50), (radius, 0), (w - radius, 0), max(1, round(scale)))
        pygame.draw.line(grain, (*INK, 60), (radius, h - 1), (w - radius, h - 1), max(1, round(scale)))
        grain.blit(rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(grain, (0, 0))
        return surf

    return cache.surface(("wood-grain", size, round(scale, 3), base, radius), make)


def draw_wood(canvas: Canvas, rect: Rect, base: Colour, radius: float = 0) -> None:
    """A wooden board (a banner, a name plate, a track's rail board) over ``rect``: the grain is
    painted once per pixel size and colour, each frame only blits it."""
    target = canvas.rect(rect)
    if target.w > 0 and target.h > 0:
        canvas.surface.blit(wood_grain(canvas.cache, target.size, canvas.scale, base, canvas.px(radius)), target.topleft)
