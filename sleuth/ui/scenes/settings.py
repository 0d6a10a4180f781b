"""Settings: fullscreen, animation speed, bot pace, sound, colour-blind palette, the coach, warnings, memory
aids (Bakerstreet's covered cards, Purrrlock Holmes's deduction notes).

What a row does is said on a fixed line at the foot of the panel, for the row under the pointer or
else the one the keyboard is on: the colour-blind keyboard play-tester tabbed to a row and waited,
and nothing said what it did (the words came only as a tooltip, under the mouse)."""

from __future__ import annotations

import pygame

from sleuth.store.settings import ANIMATION_SPEEDS, BOT_PACES, DEDUCTION_NOTES
from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.theme import LOGICAL_W, Palette
from sleuth.ui.widgets import Button, Choice, Slider, Toggle

#: the Settings panel, its rows (top and pitch), the line that says what a row does, and Done
PANEL = (LOGICAL_W / 2 - 320, 20, 640, 680)
ROWS_TOP, ROW_STEP, ROW_H = 90, 46, 40
ABOUT = (PANEL[0] + 44, 552, PANEL[2] - 88, 74)
DONE = (LOGICAL_W / 2 - 100, 636, 200, 46)
#: the sizes the line's words take, the largest that fits (never under 14 px)
ABOUT_SIZES = (17, 16, 15, 14)
#: what the line says when no row is pointed at or chosen
ABOUT_NOTHING = "Point at a setting, or move to it with Tab, to read what it does here."

ANIMATIONS_TIP = ("How fast cards move, from Slow to Instant. Instant: no motion, every move shown at once, "
                  "for a player who wants less motion.")
CONFIRM_TIP = ("Asks \"Are you sure?\" before a move that can cost you dearly. Beyond Baker Street: one that can "
               "lose the game (the last lead, Holmes at 0, the Investigation past its target). Purrrlock Holmes: "
               "a guess your notes rule out, a catch that lets a rival win, the last turn ended without a guess. "
               "Bakerstreet and Case Connection have no such moves.")
MUTED_TIP = "Mute is on, so Sleuth plays no sound; turn Mute off to hear it at this volume."


class SettingsScene(MenuScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        #: the pointer moved last (its row is told), not a key (the focused row is)
        self.pointing = False
        s = app.settings
        x, w = LOGICAL_W / 2 - 260, 520
        silent = app.sound.device_missing
        self.no_device = ("Sleuth found no sound device when it started, so it plays no sound. Connect one "
                          "and start Sleuth again.") if silent else ""
        self.volume = Slider((x, 0, w, 44), label="Volume", value=s.volume,
                             on_change=lambda v: app.update_settings(volume=round(v, 2)))
        rows = [
            Toggle((x, 0, w, 44), label="Fullscreen (F11)", value=s.fullscreen,
                   on_change=lambda v: app.update_settings(fullscreen=v),
                   tooltip="Fill the whole screen; F11 switches at any time"),
            # a scale in order of speed that stops at its ends, not a round (Instant came before Slow)
            Choice((x, 0, w, 44), label="Animations", options=tuple(ANIMATION_SPEEDS),
                   labels=tuple(k.capitalize() for k in ANIMATION_SPEEDS), wraps=False,
                   on_change=lambda v: app.update_settings(animation_speed=v), tooltip=ANIMATIONS_TIP),
            Choice((x, 0, w, 44), label="Bot pace", options=tuple(BOT_PACES),
                   labels=tuple(k.capitalize() for k in BOT_PACES), wraps=False,
                   on_change=lambda v: app.update_settings(bot_pace=v),
                   tooltip="The pause before each bot move, so you can follow it, from Slow to Instant"),
            self.volume,
            Toggle((x, 0, w, 44), label="Mute (no sound device found)" if silent else "Mute", value=s.muted,
                   tooltip=self.no_device or "No sound at all, whatever the volume", on_change=self._mute),
            Toggle((x, 0, w, 44), label="Colour-blind-safe colours", value=s.colourblind,
                   on_change=lambda v: app.update_settings(colourblind=v),
                   tooltip="Colours that stay apart with red-green colour blindness; every icon also keeps its own shape"),
            Toggle((x, 0, w, 44), label="Coach: Hint button (H)", value=s.coach,
                   on_change=lambda v: app.update_settings(coach=v),
                   tooltip="A Hint button on every table: the expert bot suggests your move from what you "
                           "can see, and says why"),
            Toggle((x, 0, w, 44), label="Ask before a move that loses", value=s.confirm_losing_moves,
                   on_change=lambda v: app.update_settings(confirm_losing_moves=v), tooltip=CONFIRM_TIP),
            Toggle((x, 0, w, 44), label="Bakerstreet: show covered cards", value=s.show_covered_cards,
                   on_change=lambda v: app.update_settings(show_covered_cards=v),
                   tooltip="Bakerstreet: show the cards under each pile's top card (the rules say you "
                           "must remember them)"),
            Choice((x, 0, w, 44), label="Purrrlock notes", options=tuple(DEDUCTION_NOTES),
                   labels=tuple(DEDUCTION_NOTES.values()),
                   on_change=lambda v: app.update_settings(deduction_notes=v),
                   tooltip="Purrrlock Holmes: Full crosses out every card your answers rule out; Only what "
                           "I mark shows just the marks you make (click a cell); Off shows no deductions"),
        ]
        self.fullscreen = rows[0]
        rows[1].set_value(s.animation_speed)
        rows[2].set_value(s.bot_pace)
        rows[-1].set_value(s.deduction_notes)
        self._show_muted(s.muted)
        for i, widget in enumerate(rows):
            widget.rect = (x, ROWS_TOP + i * ROW_STEP, w, ROW_H)
            self.widgets.add(widget)
        self.widgets.add(Button(DONE, label="Done", primary=True, on_click=self.back,
                                tooltip="Back; every setting is saved as soon as you change it"))

    def _mute(self, muted: bool) -> None:
        self.app.update_settings(muted=muted)
        self._show_muted(muted)

    def _show_muted(self, muted: bool) -> None:
        """The Volume slider dimmed while Mute is on, and saying so (it looked live while muted)."""
        self.volume.dimmed = "muted" if muted else ""
        self.volume.tooltip = " ".join(t for t in (MUTED_TIP if muted else "", self.no_device) if t) or \
            "How loud Sleuth plays; Left and Right change it by a tenth"

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.fullscreen.value != self.app.settings.fullscreen:  # F11 pressed while Settings is up
            self.fullscreen.value = self.app.settings.fullscreen
            self.app.invalidate()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointing = True
        elif event.type == pygame.KEYDOWN:
            self.pointing = False
        return super().handle(event)

    def about(self) -> str:
        """What the line at the foot of the panel says: what the row the player last went to does,
        with the pointer or the keys (the row under a resting pointer, else the focused row)."""
        live = self.widgets._live()
        focus = self.widgets.focus
        focused = live[focus] if focus is not None and focus < len(live) else None
        hovered = next((w for w in live if w.hovered), None)
        widget = (hovered or focused) if self.pointing else (focused or hovered)
        if widget is None or not widget.tooltip:
            return ABOUT_NOTHING
        return widget.tooltip if widget.tooltip.endswith((".", "!", "?")) else widget.tooltip + "."

    def tooltip(self, pos):
        """None: the line at the foot of the panel says it already, and covers no row."""
        return None

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        draw_paper_panel(canvas, pal, PANEL, "Settings")
        words = self.about()
        x, y, w, h = ABOUT
        size = next((size for size in ABOUT_SIZES if len(canvas.wrap(words, size, w)) * size * 1.2 <= h + 0.5),
                    ABOUT_SIZES[-1])
        canvas.line((x, y - 4), (x + w, y - 4), pal.paper_dark, 1.5)
        canvas.paragraph(words, (x, y + 2, w, h - 2), size, pal.ink)
