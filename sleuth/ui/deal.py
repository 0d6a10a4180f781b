"""The opening deal: when a new game's table first appears, its cards fly from their deck (or the
supply) to their places one after another, instead of the table simply being laid out.

Shared by every game's table: the table is laid out at once as usual (its first sync), then
:func:`deal` sends each sprite the game names a source for back to that source, face down, and
moves it home with a short stagger. A card that lies face up at home turns over only once it has
landed, so no hidden card ever shows its face on the way. The moves are watched tweens on the
board, so the table is busy while the deal runs (bots wait, a click or a key finishes it) and
the idle loop draws until it ends.
"""

from __future__ import annotations

from collections.abc import Callable

from sleuth.ui.board import Board, CardSprite

#: the whole deal at normal speed, from the first card leaving to the last landing (seconds)
DEAL_SECONDS = 1.3
#: one card's flight at normal speed
FLIGHT = 0.4
#: the longest pause between two cards (a deal of few cards is no slower than a brisk one)
MOST_STEP = 0.12
#: the layers the deal uses meanwhile: the cards waiting on their deck, then those in flight,
#: above everything placed (each card goes back to its own layer once it lands)
WAITING, FLYING = 20_000, 30_000

Source = Callable[[CardSprite], "tuple[float, float] | None"]


def deal(board: Board, source: Source, speed: float) -> list[CardSprite]:
    """Deal the board's sprites from where ``source`` says each comes from (None: it lies in its
    place from the start), at ``speed`` (the duration multiplier; 0 deals nothing). Returns the
    sprites dealt, in the order they leave."""
    if speed <= 0:
        return []
    layer_of = {sprite: board.sprites.get_layer_of_sprite(sprite) for sprite in board.sprites}
    # bottom layers first (a pile's lower cards land before the ones on them); a stable sort, so
    # the tables' hands, whose cards share a layer per place in hand, go round the seats
    order = sorted(board.sprites.sprites(), key=lambda s: layer_of[s])
    dealt = [(s, start) for s in order if not s.hidden and (start := source(s)) is not None]
    if not dealt:
        return []
    board.speed = speed
    step = min(MOST_STEP, (DEAL_SECONDS - FLIGHT) / max(1, len(dealt) - 1))
    count = len(dealt)
    for index, (sprite, start) in enumerate(dealt):
        _send_home(board, sprite, start, layer_of[sprite], index * step, WAITING + count - index, FLYING + index)
    return [sprite for sprite, _ in dealt]


def _send_home(board: Board, sprite: CardSprite, start: tuple[float, float], layer: int, delay: float,
               waiting: int, flying: int) -> None:
    """``sprite`` waits face down on its deck (the next card to go on top), flies home after
    ``delay`` seconds of normal speed, and turns face up there if it lies face up at home."""
    home, angle, face_up = sprite.pos, sprite.angle, sprite.face_up
    sprite.pos, sprite.angle = start, 0.0
    sprite.face_up, sprite.shown = False, 0.0  # face down from the first frame: nothing shows on the way
    if sprite.flip_tween is not None:
        sprite.flip_tween.finished = True
    board.set_layer(sprite, waiting)
    board.fly(sprite, home, angle, layer, FLIGHT, delay=delay, lift=24.0, over=flying)
    if face_up:
        board.flip(sprite, True, delay=delay + FLIGHT * 0.9)
