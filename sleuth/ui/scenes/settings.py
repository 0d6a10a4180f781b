"""Settings: fullscreen, animation speed, bot pace, sound, colour-blind palette, the coach, warnings, memory
aids (Bakerstreet's covered cards, Purrrlock Holmes's deduction notes)."""

from __future__ import annotations

from sleuth.store.settings import ANIMATION_SPEEDS, BOT_PACES, DEDUCTION_NOTES
from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.theme import LOGICAL_W, Palette
from sleuth.ui.widgets import Button, Choice, Slider, Toggle


class SettingsScene(MenuScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        x, w = LOGICAL_W / 2 - 260, 520
        silent = app.sound.device_missing
        no_device = ("Sleuth found no sound device when it started, so it plays no sound. Connect one and "
                     "start Sleuth again.") if silent else ""
        rows = [
            Toggle((x, 0, w, 44), label="Fullscreen (F11)", value=s.fullscreen,
                   on_change=lambda v: app.update_settings(fullscreen=v)),
            Choice((x, 0, w, 44), label="Animations", options=tuple(ANIMATION_SPEEDS),
                   labels=tuple(k.capitalize() for k in ANIMATION_SPEEDS),
                   on_change=lambda v: app.update_settings(animation_speed=v),
                   tooltip="How fast cards move; Instant shows every move at once"),
            Choice((x, 0, w, 44), label="Bot pace", options=tuple(BOT_PACES),
                   labels=tuple(k.capitalize() for k in BOT_PACES),
                   on_change=lambda v: app.update_settings(bot_pace=v),
                   tooltip="The pause before each bot move, so you can follow it"),
            Slider((x, 0, w, 44), label="Volume", value=s.volume, tooltip=no_device,
                   on_change=lambda v: app.update_settings(volume=round(v, 2))),
            Toggle((x, 0, w, 44), label="Mute (no sound device found)" if silent else "Mute", value=s.muted,
                   tooltip=no_device, on_change=lambda v: app.update_settings(muted=v)),
            Toggle((x, 0, w, 44), label="Colour-blind-safe colours", value=s.colourblind,
                   on_change=lambda v: app.update_settings(colourblind=v),
                   tooltip="Okabe-Ito colours; every icon also keeps its own shape"),
            Toggle((x, 0, w, 44), label="Coach: Hint button (H)", value=s.coach,
                   on_change=lambda v: app.update_settings(coach=v),
                   tooltip="A Hint button on every table: the expert bot suggests your move from what you "
                           "can see, and says why"),
            Toggle((x, 0, w, 44), label="Ask before a move that loses", value=s.confirm_losing_moves,
                   on_change=lambda v: app.update_settings(confirm_losing_moves=v)),
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
        for i, widget in enumerate(rows):
            widget.rect = (x, 100 + i * 46, w, 40)
            self.widgets.add(widget)
        self.widgets.add(Button((LOGICAL_W / 2 - 100, 572, 200, 46), label="Done", primary=True, on_click=self.back))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.fullscreen.value != self.app.settings.fullscreen:  # F11 pressed while Settings is up
            self.fullscreen.value = self.app.settings.fullscreen
            self.app.invalidate()

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        draw_paper_panel(canvas, pal, (LOGICAL_W / 2 - 320, 30, 640, 610), "Settings")
