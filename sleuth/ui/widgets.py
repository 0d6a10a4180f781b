"""Buttons, toggles, choices, sliders and text fields for menus, in logical coordinates.

A ``Widgets`` group handles mouse and keyboard for its members: Tab / arrow keys move the focus,
Enter or Space activates the focused widget when its focus shows (a ring, a text field's caret;
not the focus a click leaves), so every menu is usable without a mouse.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from sleuth.core.names import invisible
from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.spatial import DOWN, LEFT, RIGHT, UP, nearest
from sleuth.ui.theme import Palette, mix

#: the keys that press the focused widget (when its focus shows: ``Widgets.shown_focus``)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: the way each arrow key moves a spatial group's focus
ARROW_WAYS = {pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT, pygame.K_UP: UP, pygame.K_DOWN: DOWN}


def inside(r: Rect, pos: tuple[float, float]) -> bool:
    return r[0] <= pos[0] < r[0] + r[2] and r[1] <= pos[1] < r[1] + r[3]


#: Seconds a table's button that has just taken another's place takes no click or key: the
#: click was aimed at the one before (marathon play-test: Purrrlock's second card turned by itself
#: and "Pass to Watson, end turn" came up where "Reveal it now" had been, and the click meant for
#: the reveal passed the cards). A swap the player's own click or key elsewhere made at that very
#: moment, or that the player has clicked elsewhere since, is known to them (a hand card clicked:
#: "Take the card back" becomes "Reveal the 2nd card"), and the button takes the next click; a
#: second click on the same place (a double click) does not.
SWAP_HOLD = 0.5
#: how close in time (s) a player's input and the swap it made are (the same frame)
_SAME_MOMENT = 0.02


def _meets(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _same_button(label: str) -> str:
    """A button's words without their numbers: "Bid 16" after "Bid 15" (the player's own "+"),
    "Next page: 3 of 3" after "Next page: 2 of 3" are the same button, not one that took its place."""
    return re.sub(r"\d+", "#", label)


def page_turn_label(page: int, pages: int) -> str:
    """The button that turns a list's pages (``page`` counted from 0): the page it goes to, of how
    many ("Next page (1/17)" read as the page it went to); on the last page, back to the first."""
    if page + 1 < pages:
        return f"Next page: {page + 2} of {pages}"
    return f"Back to page 1 of {pages}"


#: the keyboard's focus ring around a control (``draw_focus_ring``): a gap, a pale band, a dark band
RING_GAP, RING_PALE, RING_DARK = 1, 2, 4


def draw_focus_ring(canvas: Canvas, pal: Palette, rect: Rect, radius: float = 8, gap: float = RING_GAP) -> None:
    """The keyboard's ring around ``rect``: a thin gap, then a pale band inside a dark one, so it
    stands out by shape and brightness, not by hue alone, on a pale or a gold button, on paper
    and on felt alike. Colour-blind play-test: the gold ring around the gold Play, Start and Done
    buttons was a lighter fill and a thin outline, lost in greyscale. ``gap``: less where the
    room is tight (the banner's buttons)."""
    x, y, w, h = rect
    pale = gap + RING_PALE
    out = pale + RING_DARK
    canvas.box((x - out, y - out, w + 2 * out, h + 2 * out), pal.ink, radius=radius + out, width=RING_DARK)
    canvas.box((x - pale, y - pale, w + 2 * pale, h + 2 * pale), mix(pal.paper, (255, 255, 255), 0.6),
               radius=radius + pale, width=RING_PALE)


@dataclass
class Widget:
    rect: Rect
    tooltip: str = ""
    enabled: bool = True
    visible: bool = True
    hovered: bool = field(default=False, init=False)

    def click(self, pos: tuple[float, float]) -> bool:
        return False

    def key(self, key: int, text: str = "") -> bool:
        return False

    def drag(self, pos: tuple[float, float]) -> None:
        pass

    def draw(self, canvas: Canvas, pal: Palette, focused: bool) -> None:
        pass


@dataclass
class Button(Widget):
    label: str = ""
    on_click: Callable[[], Any] | None = None
    primary: bool = False
    size: float = 22

    def click(self, pos):
        if self.enabled and self.on_click is not None:
            self.on_click()
            return True
        return False

    def key(self, key, text=""):
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.click((0, 0))
        return False

    def draw(self, canvas, pal, focused):
        x, y, w, h = self.rect
        base = pal.brass if self.primary else pal.paper
        if not self.enabled:
            base = mix(base, pal.panel, 0.55)
        elif self.hovered or focused:
            base = mix(base, (255, 255, 255), 0.18)
        canvas.shadow(self.rect, radius=8, spread=4, alpha=70, offset=(2, 3))
        canvas.box(self.rect, base, radius=8)
        canvas.box(self.rect, pal.brass_dark if self.enabled else pal.ink_soft, radius=8,
                   width=3 if focused else 1.5)
        colour = pal.ink if self.enabled else pal.ink_soft
        pad = min(LABEL_PAD, max(3.0, w * 0.05))  # a small button ("Play", "Exchange 3") keeps its words whole
        size, rows = fit_label(canvas, self.label, self.size, w - 2 * pad, h, self.primary)
        step = size * 1.2
        for index, row in enumerate(rows):
            canvas.text(row, (x + w / 2, y + h / 2 + (index - (len(rows) - 1) / 2) * step), size, colour, "center",
                        bold=self.primary)


#: the room a button's words keep from its edges, and the smallest size they shrink to
LABEL_PAD, LABEL_MIN = 12, 14


def fit_label(canvas: Canvas, label: str, size: float, width: float, height: float,
              bold: bool = False) -> tuple[float, list[str]]:
    """A button's words at ``size`` if they fit ``width``, else smaller (not under ``LABEL_MIN``),
    else on two lines when the button is tall enough ("Visit Scotland Yard: take a thread showing
    Witness and Cyber, and a Witness thread" ran into the button's edges), the second cut short."""
    shrink = size
    while shrink > LABEL_MIN and canvas.text_size(label, shrink, bold=bold)[0] > width:
        shrink -= 1
    if canvas.text_size(label, shrink, bold=bold)[0] <= width:
        return shrink, [label]
    for two in (max(LABEL_MIN, min(size, 16)), LABEL_MIN):
        if 2 * two * 1.2 <= height:
            rows = canvas.wrap(label, two, width, bold=bold)
            if len(rows) > 1:
                return two, [rows[0], canvas.fit(" ".join(rows[1:]), two, width, bold=bold)]
    return LABEL_MIN, [canvas.fit(label, LABEL_MIN, width, bold=bold)]


@dataclass
class Choice(Widget):
    """A value picked from a list with < and > arrows (or clicking cycles)."""

    label: str = ""
    options: Sequence[Any] = ()
    labels: Sequence[str] = ()
    index: int = 0
    on_change: Callable[[Any], Any] | None = None
    size: float = 20
    #: the options go round (after the last comes the first again); False for a scale in order
    #: (Slow, Normal, Fast, Instant), which stops at either end: the play-tester met "Normal,
    #: Fast, Instant, Slow" and took the order for a muddle
    wraps: bool = True

    @property
    def value(self) -> Any:
        return self.options[self.index] if self.options else None

    def set_value(self, value: Any) -> None:
        if value in self.options:
            self.index = list(self.options).index(value)

    def _step(self, delta: int) -> bool:
        if not self.enabled or not self.options:
            return False
        if not self.wraps:
            index = min(len(self.options) - 1, max(0, self.index + delta))
            if index == self.index:
                return True  # at the end of the scale: the key is taken (it does not move the focus)
            self.index = index
        else:
            self.index = (self.index + delta) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)
        return True

    def click(self, pos):
        x, _, w, _ = self.rect
        return self._step(-1 if pos[0] < x + 34 else 1)

    def key(self, key, text=""):
        if key in (pygame.K_LEFT, pygame.K_a):
            return self._step(-1)
        if key in (pygame.K_RIGHT, pygame.K_d, pygame.K_RETURN, pygame.K_SPACE):
            return self._step(1)
        return False

    def shown(self) -> str:
        if not self.options:
            return "-"
        return self.labels[self.index] if self.labels else str(self.value)

    def draw(self, canvas, pal, focused):
        x, y, w, h = self.rect
        face = mix(pal.paper, (255, 255, 255), 0.15) if (self.hovered or focused) else pal.paper
        if not self.enabled:
            face = mix(face, pal.panel, 0.5)
        canvas.box(self.rect, face, radius=6)
        canvas.box(self.rect, pal.brass_dark, radius=6, width=3 if focused else 1.5)
        # at an end of a scale its arrow fades: nothing lies further that way
        first, last = not self.wraps and self.index == 0, not self.wraps and self.index >= len(self.options) - 1
        canvas.text("<", (x + 16, y + h / 2), self.size + 4, mix(pal.ink_soft, face, 0.7) if first else pal.ink_soft,
                    "center", bold=True)
        canvas.text(">", (x + w - 16, y + h / 2), self.size + 4, mix(pal.ink_soft, face, 0.7) if last else pal.ink_soft,
                    "center", bold=True)
        text = f"{self.label}: {self.shown()}" if self.label else self.shown()
        size, room = self.size, w - 2 * 34  # clear of the arrows ("Case file: Case 1 (...)" touched them)
        while size > 14 and canvas.text_size(text, size)[0] > room:
            size -= 1
        canvas.text(canvas.fit(text, size, room), (x + w / 2, y + h / 2), size, pal.ink, "center")


@dataclass
class Toggle(Widget):
    label: str = ""
    value: bool = False
    on_change: Callable[[bool], Any] | None = None
    size: float = 20

    def click(self, pos):
        if not self.enabled:
            return False
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)
        return True

    def key(self, key, text=""):
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT):
            return self.click((0, 0))
        return False

    def draw(self, canvas, pal, focused):
        x, y, w, h = self.rect
        canvas.box(self.rect, mix(pal.paper, (255, 255, 255), 0.15) if (self.hovered or focused) else pal.paper, radius=6)
        canvas.box(self.rect, pal.brass_dark, radius=6, width=3 if focused else 1.5)
        canvas.text(self.label, (x + 14, y + h / 2), self.size, pal.ink, "midleft")
        # a switch: shape and word, not colour alone
        sx, sy = x + w - 74, y + h / 2 - 12
        canvas.box((sx, sy, 60, 24), pal.good if self.value else pal.ink_soft, radius=12)
        knob_x = sx + 48 if self.value else sx + 12
        canvas.circle((knob_x, sy + 12), 9, pal.paper)
        canvas.text("on" if self.value else "off", (sx - 8, y + h / 2), self.size - 4, pal.ink_soft, "midright")


@dataclass
class Slider(Widget):
    label: str = ""
    value: float = 0.5
    on_change: Callable[[float], Any] | None = None
    size: float = 20
    #: why the slider has no effect now ("muted"): said after its value, the slider drawn dimmed
    #: (still movable); empty: live. Play-test: the Volume slider looked live while Mute was on
    dimmed: str = ""

    def _track(self) -> Rect:
        x, y, w, h = self.rect
        return (x + w * 0.45, y + h / 2 - 4, w * 0.5, 8)

    def _set(self, value: float) -> None:
        self.value = min(1.0, max(0.0, value))
        if self.on_change is not None:
            self.on_change(self.value)

    def click(self, pos):
        tx, _, tw, _ = self._track()
        self._set((pos[0] - tx) / tw)
        return True

    def drag(self, pos):
        self.click(pos)

    def key(self, key, text=""):
        if key == pygame.K_LEFT:
            self._set(round(self.value - 0.1, 2))
            return True
        if key == pygame.K_RIGHT:
            self._set(round(self.value + 0.1, 2))
            return True
        return False

    def draw(self, canvas, pal, focused):
        x, y, w, h = self.rect
        face = mix(pal.paper, (255, 255, 255), 0.15) if (self.hovered or focused) else pal.paper
        if self.dimmed:
            face = mix(face, pal.panel, 0.3)  # greyed, as a greyed-out button, its words still dark
        canvas.box(self.rect, face, radius=6)
        canvas.box(self.rect, pal.brass_dark, radius=6, width=3 if focused else 1.5)
        words = f"{self.label}: {round(self.value * 100)}%" + (f" ({self.dimmed})" if self.dimmed else "")
        tx, ty, tw, th = self._track()
        room, size = tx - (x + 14) - 12, self.size
        while size > 14 and canvas.text_size(words, size)[0] > room:
            size -= 1
        canvas.text(canvas.fit(words, size, room), (x + 14, y + h / 2), size, pal.ink, "midleft")
        canvas.box((tx, ty, tw, th), mix(pal.paper_dark, face, 0.5) if self.dimmed else pal.paper_dark, radius=4)
        # dimmed: the filled part and the knob greyed, the knob hollow, so it reads without colour
        canvas.box((tx, ty, tw * self.value, th), pal.ink_soft if self.dimmed else pal.brass_dark, radius=4)
        knob = (tx + tw * self.value, ty + th / 2)
        canvas.circle(knob, 10, pal.ink_soft if self.dimmed else pal.brass)
        if self.dimmed:
            canvas.circle(knob, 6, face)


@dataclass
class TextField(Widget):
    label: str = ""
    value: str = ""
    max_len: int = 16
    allowed: Callable[[str], bool] = str.isprintable
    placeholder: str = ""
    on_change: Callable[[str], Any] | None = None
    size: float = 20
    #: called with typed text the field does not take (a letter in the seed), to say why
    on_refuse: Callable[[str], Any] | None = None
    #: Ctrl+A chose the whole text: Backspace clears it, typing replaces it
    all_selected: bool = False

    def click(self, pos):
        self.all_selected = False
        return True

    def select_all(self) -> None:
        self.all_selected = bool(self.value)

    def key(self, key, text=""):
        """Backspace arrives as a key; characters only as text input (key 0), never twice. Characters
        with no picture (the U+FE0F after an emoji, a zero-width joiner) are dropped: they drew
        nothing, and one alone closed the app when the font engine was asked to draw it."""
        if key == 0 and text:
            text = "".join(ch for ch in text if not invisible(ch))
            if not text:
                return False
        selected, self.all_selected = self.all_selected, False
        if key == pygame.K_BACKSPACE:
            self.value = "" if selected else self.value[:-1]
        elif key == 0 and text and all(self.allowed(ch) for ch in text) and \
                len("" if selected else self.value) + len(text) <= self.max_len:
            self.value = text if selected else self.value + text
        else:
            if key == 0 and text and self.on_refuse is not None:  # a character it does not take, or one too many
                self.on_refuse(text)
            self.all_selected = selected and key not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END) \
                and key != 0
            return False
        if self.on_change is not None:
            self.on_change(self.value)
        return True

    def shown_text(self, canvas, focused: bool) -> tuple[str, float]:
        """The text drawn in the field and its size: smaller, down to 14 px, when it is wide; a
        text wider still shows its end while typed (where the cursor is) and is cut short with an
        ellipsis otherwise. A 14-letter name of W's had run out under the widget beside it."""
        prefix = f"{self.label}: " if self.label else ""
        text = prefix + (self.value or self.placeholder)
        room = self.rect[2] - 24 - (4 if focused else 0)
        size = self.size
        while size > 14 and canvas.text_size(text, size)[0] > room:
            size -= 1
        if canvas.text_size(text, size)[0] <= room:
            return text, size
        if not focused:
            return canvas.fit(text, size, room), size
        tail = self.value
        while len(tail) > 1 and canvas.text_size(prefix + "…" + tail, size)[0] > room:
            tail = tail[1:]
        return prefix + "…" + tail, size

    def draw(self, canvas, pal, focused):
        x, y, w, h = self.rect
        canvas.box(self.rect, (255, 252, 244) if focused else pal.paper, radius=6)
        canvas.box(self.rect, pal.brass_dark, radius=6, width=3 if focused else 1.5)
        colour = pal.ink if self.value else pal.ink_soft
        prefix = f"{self.label}: " if self.label else ""
        shown, size = self.shown_text(canvas, focused)
        if focused and self.all_selected:  # the chosen text on the highlight colour
            left = x + 12 + canvas.text_size(prefix, size)[0]
            tw, th = canvas.text_size(shown[len(prefix):], size)
            canvas.box((left - 2, y + h / 2 - th / 2 - 1, tw + 4, th + 2), pal.highlight, radius=3)
        drawn = canvas.text(shown, (x + 12, y + h / 2), size, colour, "midleft")
        if focused:
            cx = drawn[0] + drawn[2] + 2 if self.value else x + 12 + canvas.text_size(prefix, size)[0]
            canvas.line((cx, y + 8), (cx, y + h - 8), pal.ink, 2)


class Widgets:
    """A focus-aware group of widgets."""

    def __init__(self, items: Sequence[Widget] = (), sideways: bool = False, spatial: bool = False,
                 clock: Callable[[], float] | None = None) -> None:
        self.items: list[Widget] = list(items)
        #: seconds, for ``SWAP_HOLD``; None: no hold (menus). A table scene gives its own clock
        #: to its buttons and its view's (``TableScene``), which the tests advance step by step.
        self.clock = clock
        #: the buttons a ``clear`` took away lately: (place, words, when), so that a button that
        #: comes up at the same place with other words holds off clicks for a moment
        self._gone: list[tuple[Rect, str, float]] = []
        #: id of a button -> when it took another's place
        self._held: dict[int, float] = {}
        #: the player's last press: (where: a point, a focused button's place or None, when)
        self._pressed: tuple[tuple[float, ...] | None, float] | None = None
        #: Left and Right move the focus too when the focused widget does not take them (a menu:
        #: the title's cards stand side by side, and Left / Right did nothing there)
        self.sideways = sideways
        #: the arrows move the focus to the nearest widget in their direction, not along the Tab
        #: order (the title: Down from a game's Play went to the next game's "Learn to play")
        self.spatial = spatial
        self.focus: int | None = None
        self._dragging: Widget | None = None
        #: the focus was moved with the keyboard: it shows as a ring (a default focus does not)
        self.keyboard = False

    def add(self, widget: Widget) -> Widget:
        self.items.append(widget)
        if isinstance(widget, Button) and self._gone:
            words = _same_button(widget.label)
            swapped = [when for place, label, when in self._gone
                       if label != words and _meets(place, tuple(widget.rect))]
            if swapped:
                self._held[id(widget)] = max(swapped)
        return widget

    def clear(self) -> None:
        if self.clock is not None:
            now = self.clock()
            # a rebuild that keeps a button keeps its hold (from the swap, not from the rebuild)
            self._gone = [gone for gone in self._gone if now - gone[2] < SWAP_HOLD] + [
                (tuple(w.rect), _same_button(w.label), now) for w in self.items
                if isinstance(w, Button) and w.visible and w.enabled]
        self._held = {}
        self.items.clear()
        self.focus = None

    def just_swapped(self, widget: Widget) -> bool:
        """``widget`` has just taken another button's place (within ``SWAP_HOLD``), and not
        because of the player's own input elsewhere at that moment: a click or a key now was meant
        for the button before, and it does nothing."""
        swapped = self._held.get(id(widget))
        if swapped is None or self.clock is None or self.clock() >= swapped + SWAP_HOLD:
            return False
        if self._pressed is not None:
            where, when = self._pressed
            if when >= swapped - _SAME_MOMENT and not (
                    where is not None and (inside(widget.rect, where) if len(where) == 2
                                           else _meets(where, tuple(widget.rect)))):
                return False  # the player's own click or key elsewhere made it come up, or came after it
        return True

    def _press(self, where: tuple[float, ...] | None) -> None:
        """Remember the player's press for ``just_swapped`` (after asking it: the press before
        this one is the one that may have made the swap)."""
        if self.clock is not None:
            self._pressed = (tuple(where) if where is not None else None, self.clock())

    def focus_place(self) -> tuple[Rect | None, bool]:
        """Where the focus is (the focused widget's rectangle) and whether the keyboard put it
        there: kept across a rebuild of the group (``restore_focus``)."""
        live = self._live()
        if self.focus is None or self.focus >= len(live):
            return None, self.keyboard
        return tuple(live[self.focus].rect), self.keyboard

    def rebuild(self, add: Callable[[], object]) -> None:
        """Clear the group and let ``add`` fill it again, the focus kept on the widget at its place
        (a screen rebuilt after a key, a new player count, a return from the Rules)."""
        place = self.focus_place()
        self.clear()
        try:
            add()
        finally:
            self.restore_focus(place)

    def restore_focus(self, place: tuple[Rect | None, bool]) -> None:
        """Put the focus back on the widget now at ``place`` (a panel rebuilt after each key lost
        it: Tab, Enter on a bid of 15, and the next Tab started again at "-")."""
        rect, keyboard = place
        if rect is None:
            return
        live = self._live()
        at = next((i for i, widget in enumerate(live) if tuple(widget.rect) == rect
                   and getattr(widget, "enabled", True)), None)
        if at is not None:
            self.focus, self.keyboard = at, keyboard

    def _live(self) -> list[Widget]:
        return [w for w in self.items if w.visible]

    def at(self, pos: tuple[float, float]) -> Widget | None:
        for widget in reversed(self._live()):
            if inside(widget.rect, pos):
                return widget
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for widget in self.items:
                widget.hovered = widget.visible and inside(widget.rect, event.pos)
            if self._dragging is not None and event.buttons and event.buttons[0]:
                self._dragging.drag(event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False  # the mouse is in use: no ring, wherever it clicks
            widget = self.at(event.pos)
            held = widget is not None and self.just_swapped(widget)
            self._press(event.pos)
            if widget is None:
                if self.focused_text() is not None:
                    self.focus = None  # a click beside a name field lets go of it (the keys stayed there)
                return False
            if held:
                return True  # aimed at the button that was there a moment ago: nothing happens
            live = self._live()
            self.focus = live.index(widget)
            self._dragging = widget if isinstance(widget, Slider) else None
            widget.click(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = None
            return False
        if event.type == pygame.KEYDOWN:
            live = self._live()
            if not live:
                return False
            sideways = (self.sideways or self.spatial) and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and not self.focused_text()
            if sideways and self.focus is not None and self.focus < len(live) and \
                    live[self.focus].key(event.key, getattr(event, "unicode", "") or ""):
                return True  # a choice's < and >
            arrow = event.key in (pygame.K_DOWN, pygame.K_UP) or sideways
            if self.spatial and arrow and not self.focused_text() and self.focus is not None \
                    and self.focus < len(live):
                self.keyboard = True
                self._move_towards(live, ARROW_WAYS[event.key])
                self._held.pop(id(live[self.focus]), None)  # the player took the focus there: Enter is meant
                return True
            if event.key == pygame.K_TAB or sideways or (event.key in (pygame.K_DOWN, pygame.K_UP)
                                                         and not self.focused_text()):
                self.keyboard = True
                step = -1 if (event.key in (pygame.K_UP, pygame.K_LEFT) or (event.mod & pygame.KMOD_SHIFT)) else 1
                usable = [i for i, w in enumerate(live) if getattr(w, "enabled", True)]
                if not usable:  # only greyed-out buttons: nothing to move to (Tab cycled two of them)
                    return False
                at = self.focus if self.focus is not None else (-1 if step > 0 else len(live))
                for _ in range(len(live)):
                    at = (at + step) % len(live)
                    if at in usable:
                        break
                self.focus = at
                self._held.pop(id(live[at]), None)  # the player took the focus there: Enter is meant
                return True
            field = self.focused_text()
            if field is not None and event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                field.select_all()  # Ctrl+A: the whole text, to type over or clear
                return True
            if self.focus is not None and self.focus < len(live):
                focused = live[self.focus]
                if event.key in PRESS_KEYS:
                    if self.shown_focus() is None:
                        return False  # a click's focus, unseen, is not pressed: the screen's own Enter
                    held = self.just_swapped(focused)
                    self._press(tuple(focused.rect))
                    if held:
                        return True  # Enter meant for the button the focus was on a moment ago
                return focused.key(event.key, getattr(event, "unicode", "") or "")
        if event.type == pygame.TEXTINPUT:
            widget = self.focused_text()
            if widget is not None:
                return widget.key(0, event.text)
        return False

    def _move_towards(self, live: list[Widget], way: tuple[int, int]) -> None:
        """The focus to the nearest usable widget that way; it stays where nothing lies that way."""
        places = [(i, tuple(w.rect)) for i, w in enumerate(live) if i != self.focus and getattr(w, "enabled", True)]
        step = nearest(tuple(live[self.focus].rect), way, places, beam=True)
        if step is not None:
            self.focus = step[0]

    def shown_focus(self) -> Widget | None:
        """The focused widget when the player can see that it has the focus, else None: the
        keyboard put the ring there (Tab, the arrows), or the screen shows a default ring
        (``keyboard`` set with it: the "Are you sure?" dialog's safe answer), or it is a text
        field, whose caret shows. Only that focus takes Enter and Space. A click leaves the focus
        on what it clicked, unringed, and a later Enter had pressed it again, unseen (play-tests:
        Enter after a click on the bid amount "15" set 15 again instead of bidding; Esc from a
        replay back to the results, then Enter, opened the replay again)."""
        live = self._live()
        if self.focus is None or self.focus >= len(live):
            return None
        focused = live[self.focus]
        return focused if self.keyboard or isinstance(focused, TextField) else None

    def focused_text(self) -> TextField | None:
        live = self._live()
        if self.focus is not None and self.focus < len(live) and isinstance(live[self.focus], TextField):
            return live[self.focus]  # type: ignore[return-value]
        return None

    def draw(self, canvas: Canvas, pal: Palette) -> None:
        live = self._live()
        shown = self.shown_focus()  # a click's focus, which Enter does not press, is drawn as none
        for widget in live:
            widget.draw(canvas, pal, widget is shown)
        if self.keyboard and self.focus is not None and self.focus < len(live):
            # a ring where the keys are: a thicker border alone was hard to find
            draw_focus_ring(canvas, pal, live[self.focus].rect)

    def tooltip(self, pos: tuple[float, float]) -> str | None:
        widget = self.at(pos)
        return widget.tooltip if widget is not None and widget.tooltip else None
