"""Painting the Purrrlock Holmes pieces: the sizes of cards and tokens and their procedural faces
(clue cards, card backs, paw print tokens, Furriarty). Pure drawing helpers: each takes the palette
(and the card data where it needs it) and returns a cached ``Face``; nothing here knows the table.
Every face's cache key names the palette it was painted with, so a palette switched mid-game never
finds a face painted in the old colours."""

from __future__ import annotations

from sleuth.games.purrrlock_holmes.cards import PurrrlockCards
from sleuth.ui.board import Face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import card_back, card_face
from sleuth.ui.creatures import ANIMALS, draw_animal, draw_cat_face, draw_clock, draw_paw
from sleuth.ui.engrave import engraved, vignette
from sleuth.ui.theme import Palette, mix

CARD = (70, 98)
SMALL = (52, 72)  # Leads, Dead Ends, completed cases, the discard pile
#: a small card's head: its strip (hour and animal) and its suspect's name under it, in px from
#: its top. Cards that overlap in a cascade are stepped at least this far apart, so every one of
#: them still shows what it is
SMALL_HEAD = 44
#: a Lead or Dead End where the side of a panel runs out of room for whole small cards: the head
#: alone (strip and name, no clock)
TAB = (52, 42)
TAB_HEAD = 41
BACK_SMALL = (28, 40)  # the other inspectors' hands
TOKEN = (44, 44)  # on the trail
GOT = (26, 26)  # collected


def suspect_colour(pal: Palette, suspect: int) -> tuple[int, int, int]:
    return pal.accents[suspect % len(pal.accents)]


def clue_face(pal: Palette, cards: PurrrlockCards, card: int, size=CARD) -> Face:
    suspect, hour = cards.card_suspect[card], cards.card_hour[card]
    name = cards.suspects[suspect]
    w, h = size

    def paint(c: Canvas) -> None:
        colour = suspect_colour(pal, suspect)
        dark = mix(colour, pal.ink, 0.35)
        card_face(c, w, h, pal, colour)
        if w < 60:
            # small (cascaded) cards: the strip carries the hour and the animal, the name is under
            # it (together the head, ``small_text_rects``); a tab is the head alone
            strip = 20
            c.box((3, 3, w - 6, strip), colour, radius=5)
            c.text(str(hour), (7, 3 + strip / 2), 19, pal.paper, "midleft", bold=True, serif=True)
            draw_animal(c, name, (w - 13, 3 + strip / 2), 17, pal.paper)
            c.text(name, (w / 2, strip + (5 if h > TAB[1] else 2)), 14, dark, "midtop", bold=True)
            if h > TAB[1]:
                draw_clock(c, pal, (w / 2, h - 15), 10, hour)
            return
        strip = 22
        c.box((3, 3, w - 6, strip), colour, radius=5)
        c.text(name, (w / 2, 3 + strip / 2), 15, pal.paper, "center", bold=True)
        animal = ANIMALS.get(name.lower())
        vignette(c, name.lower(), (w / 2, strip + 27), w * 0.42, 21, strength=0.8)
        if animal is None:  # a suspect this set has no drawing for: its initial
            draw_animal(c, name, (w / 2, strip + 28), w * 0.6, dark)
        else:
            engraved(c, name.lower(), animal, (w / 2, strip + 28), w * 0.6, dark)
        draw_clock(c, pal, (w * 0.28, h - 17), 12, hour)
        c.text(str(hour), (w * 0.71, h - 17), 26, pal.ink, "center", bold=True, serif=True)

    return Face(("ph-card", card, size, pal), paint)


def small_text_rects(canvas: Canvas, cards: PurrrlockCards, card: int, size=SMALL
                     ) -> list[tuple[float, float, float, float]]:
    """Where a small card (or tab) of ``size`` writes its hour and its suspect's name, relative
    to its top left: what must stay uncovered for the card to be read."""
    w, h = size
    name = cards.suspects[cards.card_suspect[card]]
    hw, hh = canvas.text_size(str(cards.card_hour[card]), 19, True, serif=True)
    nw, nh = canvas.text_size(name, 14, True)
    top = 20 + (5 if h > TAB[1] else 2)
    return [(7, 13 - hh / 2, hw, hh), (w / 2 - nw / 2, top, nw, nh)]


def more_face(pal: Palette, hidden: int, size=TAB) -> Face:
    """The tile over the oldest cards of a long Lead or Dead End pile: how many lie under it."""
    w, h = size

    def paint(c: Canvas) -> None:
        c.box((0, 0, w, h), pal.paper_dark, radius=7)
        c.box((0, 0, w, h), pal.ink_soft, radius=7, width=1.5)
        c.text(f"+{hidden}", (w / 2, h / 2 - 8), 19, pal.ink, "center", bold=True)
        c.text("more", (w / 2, h / 2 + 10), 14, pal.ink_soft, "center", bold=True)

    return Face(("ph-more", hidden, size, pal), paint)


def back_face(pal: Palette, size=CARD) -> Face:
    w, h = size
    accent = mix(pal.accents[4], pal.wood_dark, 0.35)

    def paint(c: Canvas) -> None:
        card_back(c, w, h, pal, "dots", accent)
        draw_paw(c, (w / 2, h / 2), min(w, h) * 0.3, pal.wood_dark)

    return Face(("ph-back", size, pal), paint)


def token_face(pal: Palette, value: int | None, secret: bool = False, size=TOKEN) -> Face:
    """A paw print token: face down (paw), face up (its VP), or face down but known to you."""
    w, h = size
    r = w / 2

    def paint(c: Canvas) -> None:
        if value is None or secret:
            c.circle((r, r), r - 0.5, pal.wood)
            c.circle((r, r), r - 0.5, pal.brass_dark, 1.5)
            if secret:  # face down on the table, but its owner has looked at it
                draw_paw(c, (r, r), w * 0.62, mix(pal.wood, pal.paper, 0.2))
                c.text(str(value), (r, r + 1), w * 0.66, pal.highlight, "center", bold=True)
            else:
                draw_paw(c, (r, r), w * 0.62, mix(pal.wood, pal.paper, 0.45))
        else:
            c.circle((r, r), r - 0.5, pal.paper)
            c.circle((r, r), r - 0.5, pal.brass_dark, 2)
            draw_paw(c, (r, r + 1), w * 0.6, mix(pal.paper, pal.paper_dark, 0.7))
            c.text(str(value), (r, r), w * 0.62, pal.ink, "center", bold=True)

    return Face(("ph-token", value, secret, size, pal), paint)


def furriarty_face(pal: Palette, cards: PurrrlockCards, size=TOKEN) -> Face:
    w, _ = size
    r = w / 2

    def paint(c: Canvas) -> None:
        c.circle((r, r), r - 0.5, pal.ink)
        c.circle((r, r), r - 0.5, pal.bad, 2)
        draw_cat_face(c, (r, r - 1), w * 0.8, (70, 62, 58), pal.warn)
        if w >= 40:  # his value, where there is room for it at a readable size
            c.text(str(cards.furriarty_value), (r, w - 7), 14, pal.paper, "center", bold=True)

    return Face(("ph-furr", size, pal), paint)
