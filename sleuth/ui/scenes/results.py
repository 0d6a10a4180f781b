"""After the game: the result, the scores, a short story from the log, and what next."""

from __future__ import annotations

import random

import pygame

from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.tableview import STORY_LINES, STORY_SIZE, STORY_WIDTH
from sleuth.ui.theme import LOGICAL_W, Palette
from sleuth.ui.widgets import Button
from sleuth.ui.words import cap, plural, says, seat_kind_name

MAX_SEED = 2**31 - 1
#: seconds a results screen takes no press after it appears: the rapid clicks and Escapes of the
#: game's last moves had dismissed it unseen (a click meant for the table's panel landed on Title),
#: and at a couch, where Enter hands the screen over, an Enter pressed a second after the results
#: came up started a new game before they were read
ARM_DELAY = 1.5
#: words that say nothing on their own, left out when a reason is compared with the headline
_FILLER = {"the", "a", "an", "it", "is", "was", "before", "first", "with", "of", "in", "to", "and", "by"}


class ResultsScene(MenuScene):
    """How the game ended. Esc (or See the table) leaves the finished table in view, whose
    banner's Results brings this back."""

    opaque = False

    def __init__(self, app, table, again: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.outcome = table.state.outcome()
        self.story = table.view.story()
        if not again:
            self._record()
        y = 596
        for i, (label, action, primary) in enumerate(
            (("Play again", self.play_again, True), ("Watch the replay", self.watch, False),
             ("New game", self.new_game, False), ("Title", self.title, False))
        ):
            self.widgets.add(Button((LOGICAL_W / 2 - 350 + i * 178, y, 168, 46), label=label, on_click=action,
                                    primary=primary, size=19))
        panel_x, panel_y = LOGICAL_W / 2 - 380, 70
        self.widgets.add(Button((panel_x + 14, panel_y + 12, 136, 30), label="See the table", size=15,
                                on_click=self.see_table,
                                tooltip="Close the results to look at the finished table and its casebook "
                                        "(the banner's Results button brings them back)"))
        # no button has the focus until Tab or an arrow key gives it one: an Enter meant for the
        # game (a stray Return as a Case Connection game ended, after the 1.5 s) had pressed Play
        # again, and the new game threw the results away; Tab reaches Play again first
        self.widgets.focus = None
        self.age = 0.0
        #: keys and mouse buttons pressed before the screen was armed: their repeats and releases
        #: are theirs, not the player's answer to this screen (as the handoff arms itself only for
        #: a press made on it)
        self._held: set[tuple[str, int]] = set()

    def update(self, dt: float) -> None:
        self.age += dt

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            what = ("key", event.key) if event.type == pygame.KEYDOWN else ("mouse", event.button)
            if self.age < ARM_DELAY or what in self._held:
                self._held.add(what)
                return True
        elif event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP):
            what = ("key", event.key) if event.type == pygame.KEYUP else ("mouse", event.button)
            if what in self._held:
                self._held.discard(what)
                return True
        return super().handle(event)

    def see_table(self) -> None:
        self.app.stack.remove(self)

    def _record(self) -> None:
        """The table recorded the result when the game ended; here the end is heard."""
        session, outcome = self.table.session, self.outcome
        humans = session.human_seats
        won = outcome.team_won if outcome.team_won is not None else any(s in outcome.winners for s in humans)
        if humans or outcome.team_won is not None:
            self.app.sound.play("win" if won else "lose")

    def headline(self) -> str:
        """The result, and who took moves back: ``Violet wins; you took 1 move back``, ``You win,
        with 2 moves taken back``. "Violet wins (with 1 take-back)" had read as if Violet, a bot,
        had taken a move back, when the player had used it."""
        session = self.table.session
        undos = session.replay.undos
        text = self._headline()
        if not undos:
            return text
        moves = plural(undos, "move")
        humans = session.human_seats  # take-backs are offered to one player among bots
        if len(humans) != 1:
            return f"{text}; {moves} taken back"
        taker = self.table.seat_names[humans[0]]
        if tuple(self.outcome.winners) == (humans[0],) and text == says(taker, "wins"):
            return f"{text}, with {moves} taken back"
        return f"{text}; {says(taker, 'took', start=False)} {moves} back"

    def _headline(self) -> str:
        outcome = self.outcome
        names = self.table.seat_names
        winners = [names[s] for s in outcome.winners]
        own = self.table.view.result_headline(outcome)
        if own is not None:
            return own
        if outcome.team_won is False:
            return "The culprit escaped"
        if not winners:
            return "Nobody wins"
        if len(winners) == 1:
            return says(winners[0], "wins")  # "You win", never "You wins"
        return "Shared win: " + ", ".join(winners)

    def play_again(self) -> None:
        from sleuth.ui.scenes.table import start_game

        session = self.table.session
        seed = random.SystemRandom().randrange(MAX_SEED)
        self.app.stack.remove(self)
        start_game(self.app, session.spec, session.seats, session.replay.options, seed, replace_top=True)

    def watch(self) -> None:
        """The game just played, from its first move, everything seen through everyone's eyes."""
        from sleuth.core.review import Review
        from sleuth.ui.scenes.replay import ReplayScene

        self.app.stack.push(ReplayScene(self.app, Review(self.table.session.replay), played_at=self.table.finished_at))

    def new_game(self) -> None:
        from sleuth.ui.scenes.setup import SetupScene
        from sleuth.ui.scenes.title import TitleScene

        session = self.table.session
        self.app.stack.reset(TitleScene(self.app))
        self.app.stack.push(SetupScene(self.app, session.spec, session.seats, session.replay.options))

    def title(self) -> None:
        from sleuth.ui.scenes.title import TitleScene

        self.app.stack.reset(TitleScene(self.app))

    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        canvas.alpha_box((0, 0, LOGICAL_W, 720), pal.shadow, 160)
        self.draw_content(canvas, pal)
        self.widgets.draw(canvas, pal)

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        rect = (LOGICAL_W / 2 - 380, 70, 760, 580)
        draw_paper_panel(canvas, pal, rect)
        x, y, w, _ = rect
        good = self.outcome.team_won is not False and bool(self.outcome.winners or self.outcome.team_won)
        headline = self.headline()
        # clear of "See the table" at the panel's top left: a long headline takes a smaller size
        room = w - 2 * 170
        size = next((s for s in (40, 36, 32, 28) if canvas.text_size(headline, s, True, True)[0] <= room), 28)
        canvas.text(headline, (LOGICAL_W / 2, y + 46), size, pal.good if good else pal.bad, "center", bold=True,
                    serif=True)
        reason = self.subtitle(headline)
        if reason:
            canvas.paragraph(reason, (x + 60, y + 80, w - 120, 50), 19, pal.ink_soft, align="center")
        names = self.table.seat_names
        scores = self.outcome.scores
        # a score only says something when the seats' scores differ (a cooperative game's are all 1)
        scored = len(set(scores)) > 1
        # the winners first among equal scores (a tie broken for the second seat listed it second)
        order = sorted(range(len(names)), key=lambda s: (-scores[s], s not in self.outcome.winners)) if scored \
            else list(range(len(names)))
        canvas.text(self.table.view.score_heading if scored else "Players", (x + 60, y + 140), 22, pal.ink,
                    bold=True, serif=True)
        i = -1
        roles = [self.table.view.seat_role(seat) for seat in range(len(names))]
        pitch = 44 if any(roles) else 26  # a second, smaller line for the role a seat played
        for i, seat in enumerate(order):
            won = seat in self.outcome.winners and scored  # the winner's row in bold, in the headline's colour
            colour = pal.good if won else pal.ink
            kind = self.table.session.seats[seat].kind
            who = names[seat] + ("" if kind == "human" else f" ({seat_kind_name(kind)})")
            canvas.text(canvas.fit(who, 19, 310, bold=won), (x + 60, y + 172 + i * pitch), 19, colour, bold=won)
            if roles[seat]:  # "as Inspector Lestrade": the results named the players, not who they played
                canvas.text(canvas.fit(roles[seat], 15, 310), (x + 60, y + 194 + i * pitch), 15, pal.ink_soft)
            if scored:
                canvas.text(f"{scores[seat]:g}", (x + 340, y + 172 + i * pitch), 19, colour, "topright", bold=won)
        for title, seats in self.outcome.awards.items():
            i += 1
            canvas.text(f"{title}: {', '.join(names[s] for s in seats)}", (x + 60, y + 180 + i * pitch), 17,
                        pal.brass_dark)
        chart_top = y + 390
        self.draw_story(canvas, pal, (x + 390, y + 140, STORY_WIDTH, 32 + STORY_LINES * 20))
        self.table.view.draw_results_extra(canvas, (x + 40, chart_top, w - 80, 120))

    def subtitle(self, headline: str) -> str:
        """The engine's reason, unless it only says the headline again in other words."""
        reason = cap(self.table.view.outcome_words(self.outcome))

        def words(text: str) -> set[str]:
            return {w.strip(".,:;!?()").lower() for w in text.split()} - _FILLER

        said = words(reason)
        new = said - words(headline)
        return "" if said and len(new) / len(said) < 0.4 else reason

    def draw_story(self, canvas: Canvas, pal: Palette, rect) -> None:
        """The story in its column, above the chart: when it is too long, its start gives way."""
        x, y, w, h = rect
        canvas.text("The story", (x, y), 22, pal.ink, bold=True, serif=True)
        room = int((h - 32) // 20)
        entries = [canvas.wrap(entry, STORY_SIZE, w) for entry in self.story]
        lines = [line for rows in entries for line in rows]
        if len(lines) > room:  # whole sentences give way from the start ("..." then "its section." had opened it)
            while len(entries) > 1 and sum(len(rows) for rows in entries) > room - 1:
                entries.pop(0)
            lines = ["..."] + [line for rows in entries for line in rows][-(room - 1):]
        for k, line in enumerate(lines):
            canvas.text(line, (x, y + 32 + k * 20), STORY_SIZE, pal.ink_soft)
