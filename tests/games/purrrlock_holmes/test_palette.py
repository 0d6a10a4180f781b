"""Issue 15, item 12 (this game's part): the colour-blind palette switched mid-game repaints the
cards already on the Purrrlock table, not only the notes (a Goose card stayed red while the notes
showed it orange). The table itself notices the new palette at its next update and repaints every
sprite's faces where they lie; each face's cache key names its palette."""

from __future__ import annotations

import pygame

from sleuth.ui.canvas import Canvas
from sleuth.ui.driver import pump
from sleuth.ui.theme import COLOURBLIND, DEFAULT

from .test_table import solo_table


def strip_colour(app, face, size):
    """The colour of a clue card's suspect strip as ``face`` paints it."""
    surface = pygame.Surface((int(size[0]), int(size[1])), pygame.SRCALPHA)
    face.paint(Canvas(surface, app.cache, 1.0, (0.0, 0.0)))
    return tuple(surface.get_at((4, 12)))[:3]


def clue_sprites(table):
    cards = table.view.cards
    return [(s, cards.card_suspect[s.key[1]]) for key, s in table.view.board.by_key.items()
            if key[0] == "card" and s.face_up]


def test_the_table_repaints_its_cards_by_itself_when_the_palette_changes(app):
    table = solo_table(app)
    sprites = clue_sprites(table)
    assert len(sprites) >= 8 and {suspect for _, suspect in sprites} >= {0, 2}
    for sprite, suspect in sprites:
        assert strip_colour(app, sprite.front, sprite.size) == DEFAULT.accents[suspect]
    stand = table.view.board.sprite(("stand", 0))
    old_back = stand.front.key
    app.update_settings(colourblind=True)
    table.view.update(0.0)  # the table alone, whoever drives it
    for sprite, suspect in clue_sprites(table):
        assert strip_colour(app, sprite.front, sprite.size) == COLOURBLIND.accents[suspect], sprite.key
    assert stand.front.key != old_back
    keys = [s.front.key for s in table.view.board.by_key.values()] + [s.back.key for s in
                                                                      table.view.board.by_key.values()]
    assert all(COLOURBLIND in key for key in keys)  # every face, tokens and Furriarty too


def test_switching_mid_game_and_back_through_the_app_repaints_every_card(app):
    table = solo_table(app)
    app.update_settings(colourblind=True)
    pump(app, 0.1)
    goose = [(s, suspect) for s, suspect in clue_sprites(table) if suspect == 0]
    assert goose
    for sprite, _ in goose:
        assert strip_colour(app, sprite.front, sprite.size) == COLOURBLIND.accents[0]
    app.update_settings(colourblind=False)
    pump(app, 0.1)
    for sprite, suspect in clue_sprites(table):
        assert strip_colour(app, sprite.front, sprite.size) == DEFAULT.accents[suspect]
