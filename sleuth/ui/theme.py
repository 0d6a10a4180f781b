"""The look of the table: a detective's study in felt, paper and brass.

Two palettes: the default and a colour-blind-safe one (Okabe-Ito hues). Everything that carries
meaning also carries a shape or a word, so colour is never the only cue.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]

#: The logical canvas every scene lays itself out on; the window scales it.
LOGICAL_W, LOGICAL_H = 1280, 720


@dataclass(frozen=True)
class Palette:
    felt: Colour
    felt_dark: Colour
    felt_light: Colour
    paper: Colour
    paper_dark: Colour
    ink: Colour
    ink_soft: Colour
    brass: Colour
    brass_dark: Colour
    wood: Colour
    wood_dark: Colour
    shadow: Colour
    good: Colour
    bad: Colour
    warn: Colour
    highlight: Colour
    panel: Colour
    panel_edge: Colour
    text_light: Colour
    seats: tuple[Colour, ...]
    #: accent colours for suits/icons/symbols, used together with a shape
    accents: tuple[Colour, ...]


DEFAULT = Palette(
    felt=(34, 82, 60),
    felt_dark=(22, 56, 41),
    felt_light=(52, 110, 82),
    paper=(244, 236, 216),
    paper_dark=(214, 200, 168),
    ink=(38, 32, 28),
    ink_soft=(96, 84, 72),
    brass=(201, 162, 74),
    brass_dark=(140, 106, 40),
    wood=(92, 58, 34),
    wood_dark=(60, 36, 20),
    shadow=(10, 20, 14),
    good=(58, 150, 80),
    bad=(186, 52, 46),
    warn=(224, 160, 40),
    highlight=(255, 222, 120),
    panel=(28, 36, 32),
    panel_edge=(120, 100, 60),
    text_light=(240, 232, 214),
    seats=((196, 70, 60), (60, 110, 190), (210, 160, 50), (120, 80, 160), (60, 150, 140)),
    accents=((170, 60, 50), (50, 100, 170), (60, 130, 70), (150, 100, 40), (110, 70, 150)),
)

#: Okabe-Ito hues, distinguishable with the common colour-vision deficiencies.
COLOURBLIND = Palette(
    **{
        **DEFAULT.__dict__,
        "good": (0, 114, 178),
        "bad": (213, 94, 0),
        "warn": (240, 228, 66),
        "seats": ((213, 94, 0), (0, 114, 178), (240, 228, 66), (204, 121, 167), (0, 158, 115)),
        "accents": ((213, 94, 0), (0, 114, 178), (0, 158, 115), (230, 159, 0), (204, 121, 167)),
    }
)


def palette(colourblind: bool) -> Palette:
    return COLOURBLIND if colourblind else DEFAULT


def panel_ground(pal: Palette, alpha: int = 170) -> Colour:
    """The colour words on a panel are read on: the panel's wash (``alpha`` of 255) over the felt."""
    return mix(pal.felt, pal.panel, alpha / 255)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


# -- the type scale (logical pixels at 1280x720) --------------------------------------------------
#: The smallest text anything draws: everything on screen is there to be read.
MIN_TEXT = 14
CAPTION = 14
BODY = 16
HEADING = 20
TITLE = 28
