"""Games to watch again: the last games of each title (kept with the statistics), read off the
loop, and opening a replay's text (``open_replay_text``, also for the files of "Open replay" in
``files.py``): a text that is not a replay, or was edited or cut short, is refused with the reason,
and nothing else is affected."""

from __future__ import annotations

from concurrent.futures import Future
from datetime import UTC, datetime

from sleuth.core.registry import available
from sleuth.core.wording import GAVE_UP
from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.theme import LOGICAL_W, Palette
from sleuth.ui.widgets import Button, Choice, page_turn_label
from sleuth.ui.words import opponents_text

PER_PAGE = 9
ROW_Y = 150
ROW_H = 46


def result_text(record) -> str:
    """``You won``, ``Ann won``, ``The team lost``... for one stored game."""
    names = [seat.name for seat in record.seats]
    humans = [i for i, seat in enumerate(record.seats) if seat.is_human]
    if record.team_won is not None and len(record.winners) in (0, len(record.seats)):
        if not record.team_won and record.reason.startswith(GAVE_UP):  # not "lost", as played to the end
            return "The team gave up"
        return "The team won" if record.team_won else "The team lost"
    if not record.winners:
        return "Nobody won"
    if len(humans) == 1:
        return "You won" if humans[0] in record.winners else f"{names[record.winners[0]]} won"
    return " and ".join(names[w] for w in record.winners) + " won"


def played_at(iso: str) -> datetime | None:
    """A stored game's time (ISO 8601, UTC) as a moment, or None when it does not read."""
    try:
        when = datetime.fromisoformat(iso)
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def ended_text(iso: str) -> str:
    """A row's time, saying which: ``Ended 5 Dec 2026, 15:28``. A game is stored when it ends
    (a bare "5 Dec 2026, 15:28" had been read as the time of its Save and quit, or its Continue,
    in a game started seven minutes before and resumed once)."""
    return f"Ended {when_text(iso)}"


def when_text(iso: str) -> str:
    try:
        when = datetime.fromisoformat(iso).astimezone()
        return f"{when.day} {when:%b %Y, %H:%M}"
    except ValueError:
        return iso


def open_replay_text(app, text: str, played_at: datetime | None = None, file_name: str | None = None) -> bool:
    """Open the viewer on a replay's text; a bad one is refused with the reason. ``played_at`` (a
    stored game's end) or ``file_name`` (the file it came from) names it when saved again."""
    from sleuth.core import replay as rp
    from sleuth.core.errors import ReplayError
    from sleuth.core.review import Review
    from sleuth.ui.scenes.replay import ReplayScene

    try:
        replay, _ = rp.from_json(text)
        review = Review(replay)
    except ReplayError as exc:
        app.toast(f"This replay cannot be opened: {exc}.", 8.0)
        return False
    app.stack.push(ReplayScene(app, review, played_at=played_at, file_name=file_name))
    return True


class RecentGamesScene(MenuScene):
    """The last games of one title at a time (Choice at the top), newest first, each with Watch."""

    def __init__(self, app, game_id: str | None = None, latest: bool = False) -> None:
        """``latest``: open on the title of the game finished last (the title's button: a results
        screen left by a stray key had no other way back to its replay than Statistics)."""
        super().__init__(app)
        self.specs = available()
        ids = [spec.id for spec in self.specs]
        self.game_id = game_id if game_id in ids else ids[0]
        self.latest = latest
        self.records: list | None = None
        self.future: Future | None = None
        self.page = 0
        self.opening: Future | None = None  # the replay being read for Watch
        self.opening_at: datetime | None = None  # when the game being opened was played
        self._load()

    def _load(self) -> None:
        store, game_id = self.app.stats, self.game_id
        self.records = None
        self.page = 0
        if self.latest:  # the title of the game finished last, found with its games
            self.latest = False
            ids = [spec.id for spec in self.specs]

            def newest() -> tuple[str, list]:
                last = store.games(limit=1)
                chosen = last[0].game_id if last and last[0].game_id in ids else game_id
                return chosen, store.recent_with_replays(chosen)

            self.future = self.app.io.submit(newest)
        else:
            self.future = self.app.io.submit(lambda: (game_id, store.recent_with_replays(game_id)))
        self._build()

    def frame_key(self) -> object:
        return (self.game_id, self.records is None, self.page)

    def update(self, dt: float) -> None:
        if self.opening is not None and self.opening.done():
            future, self.opening = self.opening, None
            try:
                text = future.result()
            except Exception:  # noqa: BLE001 - said to the player below
                text = None
            if text is None:
                self.app.toast("This game's replay is no longer kept.", 5.0)
            else:
                open_replay_text(self.app, text, played_at=self.opening_at)
        if self.future is not None and self.future.done():
            future, self.future = self.future, None
            try:
                self.game_id, self.records = future.result()
            except Exception as exc:  # noqa: BLE001 - shown to the player, never a crash
                self.records = []
                self.app.toast(f"The recent games could not be read: {exc}", 6.0)
            self._build()

    def _set_game(self, game_id: str) -> None:
        self.game_id = game_id
        self._load()

    def _build(self) -> None:
        self.widgets.clear()
        ids = [spec.id for spec in self.specs]
        choice = Choice((LOGICAL_W / 2 - 260, 92, 520, 40), options=ids, labels=[s.name for s in self.specs],
                        index=ids.index(self.game_id), on_change=self._set_game, size=18,
                        tooltip="Which game's recent games to list")
        self.widgets.add(choice)
        records = self.records or []
        for row, record in enumerate(records[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]):
            y = ROW_Y + row * ROW_H
            self.widgets.add(Button((1030, y, 110, 36), label="Watch", size=16,
                                    on_click=lambda r=record: self.watch(r),
                                    tooltip="Watch this game again, move by move"))
        pages = max(1, -(-len(records) // PER_PAGE))
        if pages > 1:
            self.widgets.add(Button((LOGICAL_W / 2 + 120, 590, 220, 42), label=page_turn_label(self.page, pages),
                                    size=16, on_click=self.next_page))
        self.widgets.add(Button((LOGICAL_W / 2 - 100, 630, 200, 44), label="Back", primary=True, on_click=self.back))

    def next_page(self) -> None:
        pages = max(1, -(-len(self.records or []) // PER_PAGE))
        self.page = (self.page + 1) % pages
        self._build()

    def watch(self, record) -> None:
        store = self.app.stats
        self.opening_at = played_at(record.finished_at)
        self.opening = self.app.io.submit(lambda: store.replay_text(record.id))

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        draw_paper_panel(canvas, pal, (100, 20, 1080, 670), "Recent games")
        if self.records is None:
            canvas.text("Reading your case files...", (LOGICAL_W / 2, 300), 22, pal.ink_soft, "center")
            return
        if not self.records:
            canvas.text("No finished games of this title yet.", (LOGICAL_W / 2, 300), 22, pal.ink_soft, "center")
            return
        for row, record in enumerate(self.records[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]):
            y = ROW_Y + row * ROW_H + 18
            canvas.text(ended_text(record.finished_at), (140, y), 17, pal.ink_soft, "midleft")
            team = next(spec.team for spec in self.specs if spec.id == self.game_id)
            who = opponents_text(record.seats, team)
            humans = [s.name for s in record.seats if s.is_human]
            if len(humans) == 1:
                who = f"{humans[0]} {who}"
            canvas.text(canvas.fit(who, 17, 400), (380, y), 17, pal.ink, "midleft")
            result = result_text(record)
            if record.undos:
                result += f", {record.undos} take-back{'s' if record.undos != 1 else ''}"
            canvas.text(result, (1010, y), 17, pal.ink, "midright", bold=True)
