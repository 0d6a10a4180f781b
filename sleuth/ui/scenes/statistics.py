"""Statistics: games played and win rates per game and per option set (read off the loop)."""

from __future__ import annotations

from concurrent.futures import Future

from sleuth.core.registry import GAME_MODULES
from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.theme import LOGICAL_W, Palette
from sleuth.ui.widgets import Button


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


class StatisticsScene(MenuScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        store = app.stats
        self.future: Future = app.io.submit(lambda: (store.summary(), store.take_warning()))
        self.summary = None
        self.widgets.add(Button((LOGICAL_W / 2 - 100, 630, 200, 46), label="Back", primary=True, on_click=self.back))

    def update(self, dt: float) -> None:
        if self.summary is None and self.future.done():
            try:
                self.summary, warning = self.future.result()
            except Exception as exc:  # noqa: BLE001 - shown to the player, never a crash
                self.summary, warning = [], f"The statistics could not be read: {exc}"
            if warning:
                self.app.toast(warning, 6.0)

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        draw_paper_panel(canvas, pal, (100, 30, 1080, 590), "Statistics")
        if self.summary is None:
            canvas.text("Reading your case files...", (LOGICAL_W / 2, 300), 22, pal.ink_soft, "center")
            return
        if not self.summary:
            canvas.text("No finished games yet. Play one!", (LOGICAL_W / 2, 300), 22, pal.ink_soft, "center")
            return
        headers = ("Game / options", "Games", "Team wins", "Your wins", "Easy bot", "Hard bot", "Mean length")
        xs = (140, 560, 660, 770, 880, 980, 1140)
        for x, header in zip(xs, headers, strict=True):
            canvas.text(header, (x, 110), 18, pal.ink_soft, "topleft" if x == 140 else "topright", bold=True)
        y = 140
        names = {gid: gid for gid in GAME_MODULES}
        for game in self.summary:
            rows = [(names.get(game.game_id, game.game_id), game.total, True)]
            rows += [(", ".join(f"{k}={v}" for k, v in o.options.items()) or "default options", o.tally, False)
                     for o in game.by_options]
            for label, tally, bold in rows:
                if y > 590:
                    break
                cells = (label if bold else "   " + label, str(tally.games), _rate(tally.team_win_rate),
                         _rate(tally.human_win_rate), _rate(tally.bot_win_rate("basic")),
                         _rate(tally.bot_win_rate("expert")),
                         "-" if tally.mean_length is None else f"{tally.mean_length:.0f} moves")
                for x, cell in zip(xs, cells, strict=True):
                    canvas.text(cell, (x, y), 17, pal.ink, "topleft" if x == 140 else "topright", bold=bold)
                y += 24
            y += 8
