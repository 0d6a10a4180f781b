"""The card board: sprites in stacking order, tweened moves and flips, and physical dragging.

A game's table view says where every card should be (``place``) and which drop areas exist; the
board animates cards there, lets the player drag the draggable ones, lights up the legal drop
areas while a card is held, and asks the view what a drop means. A drop the engine refuses slides
back to where the card came from, with the reason shown; an accepted one settles with a tween.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.physics import DragPhysics
from sleuth.ui.theme import Palette
from sleuth.ui.tween import Tween, Tweens, arc_offset, ease_in_out, ease_out_cubic, lerp, lerp_angle
from sleuth.ui.zones import DropArea

Painter = Callable[[Canvas], None]
DRAG_THRESHOLD = 6.0


def _running(tween: Tween | None) -> bool:
    return tween is not None and not tween.finished


@dataclass(frozen=True)
class Face:
    """How to paint one side of a card: ``key`` identifies the picture for the surface cache."""

    key: Hashable
    paint: Painter


class CardSprite(pygame.sprite.Sprite):
    """A card on the table. Position is its centre in logical coordinates."""

    def __init__(self, key: Hashable, size: tuple[float, float], front: Face, back: Face,
                 face_up: bool, pos: tuple[float, float], angle: float = 0.0) -> None:
        super().__init__()
        self.key = key
        self.size = size
        self.front = front
        self.back = back
        self.face_up = face_up
        self.shown = 1.0 if face_up else 0.0  # 0 = back showing, 1 = face showing
        self.pos = pos
        self.angle = angle
        self.lift = 0.0
        self.draggable = False
        self.clickable = False
        self.selected = False
        #: a selected card wears a ring; without it, it shows by its raised shadow alone (a table
        #: whose keyboard focus is a ring of the same colour: two rings read as two focuses)
        self.selection_ring = True
        self.dimmed = False
        self.tooltip = ""
        self.badges: tuple[str, ...] = ()
        self.corner = 8.0  # corner radius of the shadow and selection ring (half the size: round)
        self.hidden = False  # not drawn (a card waiting off-stage for its turn in an animation)
        #: the picture last drawn lying flat: (face, lifted, scale, cache generation, surface, dx, dy)
        self.drawn: tuple | None = None
        self.move_tween: Tween | None = None
        self.flip_tween: Tween | None = None

    @property
    def rect_logical(self) -> Rect:
        w, h = self.size
        return (self.pos[0] - w / 2, self.pos[1] - h / 2, w, h)

    def contains(self, pos: tuple[float, float]) -> bool:
        # inverse-rotate the point into the card's frame
        dx, dy = pos[0] - self.pos[0], pos[1] - self.pos[1]
        a = math.radians(self.angle)
        lx = dx * math.cos(a) - dy * math.sin(a)
        ly = dx * math.sin(a) + dy * math.cos(a)
        return abs(lx) <= self.size[0] / 2 and abs(ly) <= self.size[1] / 2


def nowhere_reason(sprite: CardSprite, targets: set[Hashable]) -> str:
    """Why a card let go over no drop place slides back, said the same in every game."""
    return "Drop it on a highlighted place." if targets else "This card cannot be played now."


class Board:
    def __init__(self, pal_getter: Callable[[], Palette]) -> None:
        self.sprites = pygame.sprite.LayeredUpdates()
        #: how many sprites, from the bottom of the stack, the table scene's kept layer already
        #: shows this frame (``draw`` starts above them); 0 outside that frame
        self.drawn_below = 0
        self.by_key: dict[Hashable, CardSprite] = {}
        self.tweens = Tweens()
        self.physics = DragPhysics()
        self.drop_areas: list[DropArea] = []
        self.speed = 1.0  # multiplier on durations; 0 = instant
        self._pal = pal_getter
        self.held: CardSprite | None = None
        self._press: tuple[CardSprite, tuple[float, float]] | None = None
        self._origin: tuple[tuple[float, float], float, int] | None = None
        self.legal_targets: set[Hashable] = set()
        self.hover_area: DropArea | None = None
        self.hover_sprite: CardSprite | None = None
        #: cards sliding back over the others from a drop not played -> the layer they settle in
        self._settling: dict[CardSprite, int] = {}
        # callbacks set by the table view
        self.targets_for: Callable[[CardSprite], set[Hashable]] = lambda s: set()
        #: why a point cannot take a drop because something lies over the table there (the open
        #: casebook drawer), else None: a drop there is refused and the card slides back
        self.covered: Callable[[tuple[float, float]], str | None] = lambda pos: None
        #: whether a control (a button) lies under a point: a card let go there goes to no place
        #: near it, and slides back for the game's own reason
        self.over_control: Callable[[tuple[float, float]], bool] = lambda pos: False
        self.on_drop: Callable[[CardSprite, Hashable | None], str | None] = lambda s, t: "nothing to do"
        self.on_click: Callable[[CardSprite], None] = lambda s: None
        self.on_refused: Callable[[str], None] = lambda reason: None
        #: why a card pressed that can be neither picked up nor clicked stays put ("" or None: it
        #: is not the player's to move, and nothing is said)
        self.resting: Callable[[CardSprite], str | None] = lambda sprite: None
        #: why a card let go over no drop place slides back (its legal targets passed along)
        self.dropped_nowhere: Callable[[CardSprite, set[Hashable]], str] = nowhere_reason

    # -- content ----------------------------------------------------------------------------
    def sprite(self, key: Hashable) -> CardSprite | None:
        return self.by_key.get(key)

    def ensure(self, key: Hashable, size: tuple[float, float], front: Face, back: Face, face_up: bool,
               start: tuple[float, float], layer: int = 0, start_angle: float = 0.0) -> CardSprite:
        """The sprite for ``key``, created at ``start`` if new; faces are refreshed."""
        sprite = self.by_key.get(key)
        if sprite is None:
            sprite = CardSprite(key, size, front, back, face_up, start, start_angle)
            self.by_key[key] = sprite
            self.sprites.add(sprite, layer=layer)
        else:
            sprite.front, sprite.back, sprite.size = front, back, size
        return sprite

    def remove(self, key: Hashable) -> None:
        sprite = self.by_key.pop(key, None)
        if sprite is not None:
            sprite.kill()
            self._settling.pop(sprite, None)
            if self.held is sprite:
                self.physics.release()
                self.held = None
            if self._press is not None and self._press[0] is sprite:
                self._press = None  # a card pressed, then taken off the table (the game ended, the view
                # changed eyes) before the drag began: picking it up changed the layer of a card gone

    def rekey(self, old: Hashable, new: Hashable) -> CardSprite | None:
        """Give a sprite a new key (a card whose identity became known keeps moving smoothly)."""
        sprite = self.by_key.pop(old, None)
        if sprite is not None:
            self.remove(new)
            sprite.key = new
            self.by_key[new] = sprite
        return sprite

    def keep_only(self, keys: set[Hashable]) -> None:
        for key in list(self.by_key):
            if key not in keys:
                self.remove(key)

    def set_layer(self, sprite: CardSprite, layer: int) -> None:
        self._settling.pop(sprite, None)  # the table placed it: that layer is its own now
        if self.sprites.get_layer_of_sprite(sprite) != layer:
            self.sprites.change_layer(sprite, layer)

    def move(self, sprite: CardSprite, pos: tuple[float, float], angle: float = 0.0, duration: float = 0.35,
             delay: float = 0.0, lift: float = 18.0, done: Callable[[], None] | None = None,
             watched: bool = True, leaving: Callable[[], None] | None = None) -> None:
        """Tween ``sprite`` to ``pos`` (unless it is being dragged); ``watched``: the table is busy
        meanwhile (a move shown), not for a card sliding back to where the player took it from;
        ``leaving``: called as it sets off, after ``delay``."""
        if sprite is self.held:
            return
        if sprite.move_tween is not None and not sprite.move_tween.finished:
            sprite.move_tween.finished = True  # superseded: start from where it is now
        start, start_angle = sprite.pos, sprite.angle
        if math.dist(start, pos) < 0.5 and abs(angle - start_angle) < 0.5:
            sprite.pos, sprite.angle = pos, angle
            if done:
                done()
            return
        dist = math.dist(start, pos)

        def apply(t: float) -> None:
            nonlocal leaving
            if leaving is not None:
                leaving, left = None, leaving
                left()
            sprite.pos = (lerp(start[0], pos[0], t), lerp(start[1], pos[1], t) + arc_offset(t, min(lift, dist / 8)))
            sprite.angle = lerp_angle(start_angle, angle, t)

        sprite.move_tween = self.tweens.add(Tween(duration * self.speed, apply, ease_out_cubic, done, delay * self.speed,
                                                  watched))

    def flip(self, sprite: CardSprite, face_up: bool, duration: float = 0.28, delay: float = 0.0) -> None:
        if sprite.face_up == face_up and (sprite.flip_tween is None or sprite.flip_tween.finished):
            sprite.shown = 1.0 if face_up else 0.0
            return
        sprite.face_up = face_up
        start = sprite.shown
        goal = 1.0 if face_up else 0.0

        def apply(t: float) -> None:
            sprite.shown = lerp(start, goal, t)

        sprite.flip_tween = self.tweens.add(Tween(duration * self.speed, apply, ease_in_out, None, delay * self.speed))

    # -- input ------------------------------------------------------------------------------
    def sprite_at(self, pos: tuple[float, float]) -> CardSprite | None:
        for sprite in reversed(self.sprites.sprites()):
            if sprite.contains(pos):
                return sprite  # type: ignore[return-value]
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sprite = self.sprite_at(event.pos)
            if sprite is not None and (sprite.draggable or sprite.clickable):
                self._press = (sprite, event.pos)
                return True
            reason = self.resting(sprite) if sprite is not None else None
            if reason:  # a card of yours that cannot be played now says why (it had not moved, silently)
                self.on_refused(reason)
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover_sprite = self.sprite_at(event.pos)
            buttons = getattr(event, "buttons", None)
            if buttons is not None and not buttons[0] and (self.held is not None or self._press is not None):
                # the left button came up while something else had the mouse (a card shown large
                # by a right-click or Space mid-drag): the card had stayed on the pointer with no
                # button held, and the next click played it where the pointer happened to be
                self.cancel_drag()
                return True
            if self._press is not None and self.held is None:
                sprite, start = self._press
                if sprite.draggable and math.dist(start, event.pos) > DRAG_THRESHOLD:
                    self._pick_up(sprite, start)
            if self.held is not None:
                self.physics.move_to(event.pos)
                self.hover_area = self._area_at(event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.held is not None:
                self._drop(event.pos)
                self._press = None
                return True
            if self._press is not None:
                sprite, _ = self._press
                self._press = None
                if sprite.contains(event.pos):
                    self.on_click(sprite)
                return True
        return False

    def _pick_up(self, sprite: CardSprite, at: tuple[float, float]) -> None:
        self.held = sprite
        # taken again while sliding back: its place is the layer it was settling into
        layer = self._settling.pop(sprite, None)
        self._origin = (sprite.pos, sprite.angle, self.sprites.get_layer_of_sprite(sprite) if layer is None else layer)
        if sprite.move_tween is not None:
            sprite.move_tween.finished = True
        self.sprites.change_layer(sprite, 10_000)
        self.physics.grab(sprite.pos, sprite.size, at)
        self.legal_targets = self.targets_for(sprite)

    def _area_at(self, pos: tuple[float, float]) -> DropArea | None:
        if self.covered(pos) or self.over_control(pos):
            return None  # a place the player cannot see, or a button, takes no drop (nor lights up)
        hits = [a for a in self.drop_areas if a.contains(pos)]
        if not hits:
            near = [a for a in self.drop_areas if a.distance(pos) < 24]
            hits = sorted(near, key=lambda a: a.distance(pos))
        legal = [a for a in hits if a.target in self.legal_targets]
        return (legal or hits or [None])[0]

    def _drop(self, pos: tuple[float, float]) -> None:
        sprite = self.held
        assert sprite is not None and self._origin is not None
        area = self._area_at(pos)
        self.physics.release()
        self.held = None
        self.hover_area = None
        targets, self.legal_targets = self.legal_targets, set()
        origin_pos, origin_angle, origin_layer = self._origin
        self.sprites.change_layer(sprite, origin_layer)
        reason = self.on_drop(sprite, area.target if area is not None else None) if area is not None else None
        if area is None:
            reason = self.covered(pos) or self.dropped_nowhere(sprite, targets)
        if reason is not None:
            self.on_refused(reason)
            self.fly(sprite, origin_pos, origin_angle, origin_layer, 0.3, watched=False)

    def fly(self, sprite: CardSprite, pos: tuple[float, float], angle: float, layer: int, duration: float,
            delay: float = 0.0, lift: float = 0.0, over: int = 10_000, watched: bool = True) -> None:
        """Move ``sprite`` to ``pos`` over the other cards (in layer ``over`` from the moment it
        leaves) and let it settle into ``layer`` when it lands; a table that places it meanwhile
        (``set_layer``) decides its layer instead. A card sliding back from a drop not played (it
        had slid back under the hand's other cards) and the opening deal's cards fly so."""
        if sprite not in self.sprites:
            return
        self._settling[sprite] = layer

        def leave() -> None:
            if self._settling.get(sprite) == layer and sprite in self.sprites:
                self.sprites.change_layer(sprite, over)

        def settle() -> None:
            if self._settling.pop(sprite, None) is not None and sprite in self.sprites:
                self.sprites.change_layer(sprite, layer)

        if delay <= 0:
            leave()
        self.move(sprite, pos, angle, duration=duration, delay=delay, lift=lift, done=settle, watched=watched,
                  leaving=leave if delay > 0 else None)

    def cancel_drag(self) -> None:
        if self.held is not None and self._origin is not None:
            sprite = self.held
            self.physics.release()
            self.held = None
            self.legal_targets = set()
            self.fly(sprite, self._origin[0], self._origin[1], self._origin[2], 0.25, watched=False)
        self._press = None

    # -- time -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tweens.update(dt)
        if self.held is not None:
            self.physics.step(dt)
            self.held.pos = self.physics.centre
            self.held.angle = self.physics.tilt_degrees

    @property
    def busy(self) -> bool:
        return self.tweens.busy

    def finish_animations(self) -> None:
        self.tweens.finish_all()

    # -- drawing ----------------------------------------------------------------------------
    def areas_key(self) -> tuple:
        """What ``draw_areas`` shows: the card held, the areas, the legal ones, the one under it."""
        if self.held is None:
            return ()
        hot = self.hover_area.target if self.hover_area is not None else None
        return (self.held.key, tuple((tuple(a.rect), a.target) for a in self.drop_areas),
                tuple(sorted(map(repr, self.legal_targets))), hot)

    def draw_areas(self, canvas: Canvas) -> None:
        """Light up legal drop areas while a card is held (outline + label: shape, not colour)."""
        if self.held is None:
            return
        pal = self._pal()
        for area in self.drop_areas:
            if area.target not in self.legal_targets:
                continue
            hot = area is self.hover_area
            canvas.alpha_box(area.rect, pal.highlight, 70 if hot else 35, radius=10)
            canvas.box(area.rect, pal.highlight, radius=10, width=4 if hot else 2)

    def draw(self, canvas: Canvas) -> None:
        """Every sprite in stacking order, but those the kept layer already shows (``drawn_below``)."""
        self.draw_range(canvas, self.drawn_below, None)

    def draw_range(self, canvas: Canvas, start: int, stop: int | None) -> None:
        pal = self._pal()
        for sprite in self.sprites.sprites()[start:stop]:
            self.draw_sprite(canvas, sprite, pal)

    def still_count(self) -> int:
        """How many sprites, from the bottom of the stack up, lie still: those below the lowest one
        that moves by itself now (held, sliding or turning over). They may be kept as a picture."""
        for index, sprite in enumerate(self.sprites.sprites()):
            if sprite is self.held or _running(sprite.move_tween) or _running(sprite.flip_tween):
                return index
        return len(self.sprites)

    def still_key(self, count: int) -> tuple:
        """What the ``count`` lowest sprites look like (a kept picture of them is valid while it holds)."""
        return tuple((s.key, s.pos, s.front, s.back, s.shown, s.lift, s.angle, s.selected, s.selection_ring, s.dimmed, s.hidden,
                      s.size, s.corner) for s in self.sprites.sprites()[:count])

    def draw_sprite(self, canvas: Canvas, sprite: CardSprite, pal: Palette) -> None:
        if sprite.hidden:
            return
        w, h = sprite.size
        face = sprite.front if sprite.shown >= 0.5 else sprite.back
        squash = abs(math.cos(math.pi * sprite.shown))
        held = sprite is self.held
        x, y = sprite.pos
        y -= sprite.lift
        corner = sprite.corner
        lifted = held or sprite.selected
        shadow = (10, 110, (8, 12)) if lifted else (3, 70, (2, 3))  # spread, alpha, offset
        if squash >= 0.999 and not sprite.dimmed:
            # the common case, a card lying flat: its shadow and face kept as one picture, one
            # blit; the sprite remembers it, so a frame costs no lookup while nothing changed
            step = round(sprite.angle * 2) / 2 if abs(sprite.angle) >= 0.3 else 0.0
            memo = sprite.drawn
            if memo is None or memo[0] is not face or memo[1] != (lifted, step) or memo[2] != canvas.scale \
                    or memo[3] != canvas.cache.generation:
                surf, dx, dy = canvas.shadowed(face.key, sprite.size, face.paint, corner, *shadow)
                if step:  # turned (a fanned hand, a held card's tilt): the picture turned about the card's centre
                    surf, dx, dy = canvas.turned(("shadowed", face.key, lifted), surf, dx, dy, step)
                memo = sprite.drawn = (face, (lifted, step), canvas.scale, canvas.cache.generation, surf, dx, dy)
            cx, cy = canvas.point((x, y))
            canvas.surface.blit(memo[4], (cx + memo[5], cy + memo[6]))
            if sprite.selected and sprite.selection_ring:
                canvas.box((x - w / 2 - 4, y - h / 2 - 4, w + 8, h + 8), pal.highlight, radius=corner + 2, width=3)
            return
        surf = canvas.painted(face.key, sprite.size, face.paint)
        canvas.shadow((x - w / 2, y - h / 2, w, h), radius=corner, spread=shadow[0], alpha=shadow[1],
                      offset=shadow[2])
        if squash < 0.999:
            sw = max(1, int(surf.get_width() * max(squash, 0.02)))
            surf = pygame.transform.smoothscale(surf, (sw, surf.get_height()))
        if sprite.dimmed:
            surf = surf.copy()
            surf.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if squash < 0.999 or sprite.dimmed:
            canvas.blit_rotated(surf, (x, y), sprite.angle)
        elif abs(sprite.angle) >= 0.3:  # a flat card turned (a fanned hand, a held card's tilt)
            canvas.blit_rotated(surf, (x, y), sprite.angle, face.key)
        if sprite.selected and sprite.selection_ring:
            canvas.box((x - w / 2 - 4, y - h / 2 - 4, w + 8, h + 8), pal.highlight, radius=corner + 2, width=3)
