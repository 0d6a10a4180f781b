"""Statistics: games played and win rates per game and per option set (read off the loop)."""

from __future__ import annotations

import re
from concurrent.futures import Future

from sleuth.core.registry import UnknownGame, get
from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.theme import LOGICAL_W, Palette
from sleuth.ui.widgets import Button


def _count(value: float) -> str:
    """``3``, or ``1.5`` for a shared win counted in part."""
    return f"{value:g}" if value == int(value) else f"{value:.1f}"


def wins_of(wins: float, games: int) -> str:
    """A column's cell: ``0 of 3`` (wins of the games played), ``-`` where none was played. A
    percentage alone ("People 0%" after 3 games) had hidden how many games it was of."""
    return "-" if not games else f"{_count(wins)} of {games}"


def streak_text(streak: int, best: int, played: bool = True) -> str:
    """The games a person won in a row: ``Wins in a row: 2 now, 3 at best``; nothing where no
    person has played (``played``)."""
    if not played:
        return ""
    if not best:
        return "Wins in a row: none yet"
    if streak == best:
        return f"Wins in a row: {streak}, your best"
    return f"Wins in a row: {streak} now, {best} at best"


def game_name(game_id: str) -> str:
    """The game's name as on its box (an id only for a game this Sleuth no longer has)."""
    try:
        return get(game_id).name
    except UnknownGame:
        return game_id


#: a rule set with nothing to name: every option as the rulebook has it
RULEBOOK_RULES = "The rulebook's rules"


def options_text(game_id: str, options) -> str:
    """The rule set a game was played with, as a player chose it on the setup screen: the options
    that differ from their defaults and those always named (``OptionSpec.named``: the case file,
    Case Connection's setup), ``Case file: Case 2 (Holmes 12, Impossible 4)``; ``The rulebook's
    rules`` when there are none. Every game had read "Standard rules", Case Connection played with
    Sleuth's balance rule (not the rulebook's setup) too."""
    try:
        spec = get(game_id)
    except UnknownGame:
        return "Options of a game this Sleuth no longer has"  # (its option keys meant nothing to a player)
    parts = []
    for option in spec.options:
        if option.key in options and (options[option.key] != option.default or option.named):
            value = option.name_of(options[option.key])
            # a seat's own option reads as what that seat does: "seat 1 plays Irene Adler"
            parts.append(f"seat {option.seat} plays {value}" if option.seat is not None and option.exclusive
                         else f"{option.label}: {value}")
    return "; ".join(parts) or RULEBOOK_RULES


def learning_text(record) -> str:
    """Where a game's guided first game stands, in words."""
    if record.tutorial_done:
        return "Learn to play: finished"
    if record.tutorial_step > 0:
        return f"Learn to play: left at step {record.tutorial_step + 1}"
    return "Learn to play: not taken yet"  # (a record exists once a hint is asked, lesson or not)


#: the widest a row's game or options label is drawn (the Games column's numbers end at 520)
LABEL_W = 330
#: the columns: what each counts (``StatsStore``: per seat, a shared win split, a cooperative win
#: every seat's), and where it ends (right-aligned, the label's starts). "Your wins" had counted
#: every human seat, whoever sat in it, and there was no column for the Master bot
HEADERS = ("Game / options", "Games", "Team won", "People", "Easy bots", "Hard bots", "Master bots", "Mean length")
COLUMN_X = (140, 520, 615, 695, 790, 890, 1005, 1140)
#: what the columns count, under them (three lines at most)
FOOTNOTE = ("Finished games only. Wins of the games played: Team won, the table together (a cooperative game, or "
            "Purrrlock's catch); People and each kind of bot, their seats (\"-\" where none played; in a "
            "cooperative game every seat wins or loses with the team). Mean length: moves a game, every seat's "
            "counted.")
#: the words under the rows: 17 px, as the rows (at 15 px they read as 13: too small to read)
NOTE_SIZE = 17
#: where the footnote (three lines) begins; the rows stop above it
FOOTNOTE_Y = 540
ROWS_END = 524


class StatisticsScene(MenuScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        store = app.stats
        self.future: Future = app.io.submit(lambda: (store.summary(), store.learning(), store.take_warning()))
        self.summary = None
        self.learning: dict = {}
        self.widgets.add(Button((LOGICAL_W / 2 - 210, 630, 200, 46), label="Back", primary=True, on_click=self.back))
        self.widgets.add(Button((LOGICAL_W / 2 + 10, 630, 200, 46), label="Recent games", on_click=self.recent,
                                tooltip="The last 50 games of each title, to watch again"))

    def frame_key(self) -> object:
        return self.summary is not None

    def recent(self) -> None:
        from sleuth.ui.scenes.recent import RecentGamesScene

        played = [game.game_id for game in self.summary or []]
        self.app.stack.push(RecentGamesScene(self.app, played[0] if played else None))

    def update(self, dt: float) -> None:
        if self.summary is None and self.future.done():
            try:
                self.summary, self.learning, warning = self.future.result()
            except Exception as exc:  # noqa: BLE001 - shown to the player, never a crash
                self.summary, warning = [], f"The statistics could not be read: {exc}"
            if warning:
                self.app.toast(warning, 6.0)

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        draw_paper_panel(canvas, pal, (100, 30, 1080, 590), "Statistics")
        if self.summary is None:
            canvas.text("Reading your case files...", (LOGICAL_W / 2, 300), 22, pal.ink_soft, "center")
            return
        if not self.summary and not self.learning:
            canvas.text("No finished games yet. Play one!", (LOGICAL_W / 2, 300), 22, pal.ink_soft, "center")
            return
        xs = COLUMN_X
        for x, header in zip(xs, HEADERS, strict=True):
            canvas.text(header, (x, 110), 18, pal.ink_soft, "topleft" if x == 140 else "topright", bold=True)
        canvas.paragraph(FOOTNOTE, (140, FOOTNOTE_Y, 1000, 72), NOTE_SIZE, pal.ink_soft)
        y = 140
        self._cut_rows = []  # (rect, whole label) of the rows cut short: their tooltip says it all
        for game in self.summary:
            rows = [(game_name(game.game_id), game.total, True)]
            rows += [(options_text(game.game_id, o.options), o.tally, False) for o in game.by_options]
            for label, tally, bold in rows:
                if y > ROWS_END:
                    break
                whole = label
                label = label if bold else "   " + label
                if canvas.text_size(label, 17, bold)[0] > LABEL_W:
                    # the details in brackets go first ("Case file: Case 1 (Holmes 15, Impossible…"
                    # was cut mid-detail); the whole label is the row's tooltip
                    label = re.sub(r" \([^)]*\)", "", label)
                while canvas.text_size(label, 17, bold)[0] > LABEL_W and len(label) > 8:
                    label = label[:-2].rstrip() + "…" if not label.endswith("…") else label[:-2] + "…"
                if label.strip() != whole:
                    self._cut_rows.append(((140, y, LABEL_W, 22), whole))
                cells = (label, str(tally.games), wins_of(tally.team_wins, tally.team_games),
                         wins_of(tally.human_wins, tally.human_seats),
                         *(wins_of(tally.bot_wins.get(kind, 0.0), tally.bot_seats.get(kind, 0))
                           for kind in ("basic", "expert", "master")),
                         "-" if tally.mean_length is None else f"{tally.mean_length:.0f} moves")
                for index, (x, cell) in enumerate(zip(xs, cells, strict=True)):
                    size = 17
                    if index:  # a long count ("112.5 of 300") shrinks to its column, never under 14 px
                        room = x - (xs[0] + LABEL_W if index == 1 else xs[index - 1]) - 10
                        while size > 14 and canvas.text_size(cell, size, bold)[0] > room:
                            size -= 1
                    canvas.text(cell, (x, y), size, pal.ink, "topleft" if x == 140 else "topright", bold=bold)
                y += 24
            y = self._learning_line(canvas, pal, game.game_id, y, game.total.undos, game)
            y += 8
        played = {game.game_id for game in self.summary}
        for game_id in sorted(set(self.learning) - played):
            if y > ROWS_END:
                break
            canvas.text(f"{game_name(game_id)}: no finished games yet", (140, y), 17, pal.ink, bold=True)
            y = self._learning_line(canvas, pal, game_id, y + 24) + 8

    def tooltip(self, pos):
        for (x, y, w, h), whole in getattr(self, "_cut_rows", []):
            if x <= pos[0] <= x + w and y <= pos[1] <= y + h:
                return whole
        return super().tooltip(pos)

    def _learning_line(self, canvas: Canvas, pal: Palette, game_id: str, y: float, undos: int = 0,
                       game=None) -> float:
        """``Wins in a row: 2 now, 3 at best. Learn to play: finished. Hints asked: 3. Take-backs: 2.``
        under a game's rows."""
        record = self.learning.get(game_id)
        streak = streak_text(game.streak, game.best_streak, game.total.human_seats > 0) if game is not None else ""
        if (record is None and not undos and not streak) or y > ROWS_END + 20:
            return y
        parts = [streak] if streak else []
        if record is not None:
            parts += [learning_text(record), f"Hints asked: {record.hints}" if record.hints else "No hints asked"]
        if undos:
            parts.append(f"Take-backs: {undos}")
        canvas.text("   " + ". ".join(parts) + ".", (140, y), NOTE_SIZE, pal.ink_soft)
        return y + 24
