"""The guided first game: a scripted game on the real table (``data/tutorials/<game>.yaml``).

The learner sits in seat 0; every other seat's moves come from the script while it lasts. Each
step shows a note (placed where it covers no card or button) with one or two sentences, outlines
the parts of the table it talks about, and either waits for Next (Enter) or for the one move it
asks for: that move's card and target glow, and any other move is refused with the step's own
kind words. After the learner's move (or Next), the others' scripted moves are played at the
bots' pace, and the next step begins. After the last step the game goes on with real bots.

Progress is kept in the statistics file: leaving at any step (Esc, then quit) and choosing
"Learn to play" again resumes at that step; finishing is remembered and shown in Statistics.
A tutorial game is never autosaved and never counted as a played game.
"""

from __future__ import annotations

import pygame

from sleuth.core.replay import SeatInfo
from sleuth.core.values import Action
from sleuth.data.tutorials import LEARNER, ScriptedMove, Step, Tutorial
from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.scenes.coach import best_note_spot, buttons_between, draw_marks, note_room
from sleuth.ui.scenes.common import draw_paper_panel
from sleuth.ui.scenes.table import TableScene
from sleuth.ui.session import GameSession
from sleuth.ui.widgets import Button, Widgets, inside
from sleuth.ui.words import join_words

#: the note's shapes (width, text size, line height), widest first: the one whose best spot covers
#: least is taken, nothing that can be clicked nor what the step points at above all
NOTE_SHAPES = ((420, 18, 24), (340, 17, 22), (300, 16, 21), (276, 16, 21), (252, 15, 20))
MOVE_TEXT, MOVE_LINE = 15, 19  # the note's "Your move: ..." lines (size, spacing)
#: seconds between the script's moves for the other seats (at least, whatever the bot pace)
SCRIPT_PACE = 0.7
#: the bots that take over once the script ends: gentle ones, for a newcomer's first game
FREE_PLAY_BOT = "basic"


def start_tutorial(app, tutorial: Tutorial, step: int = 0) -> TutorialScene:
    """Open ``tutorial`` at ``step`` (0: the beginning) on top of the current screen."""
    scene = TutorialScene(app, tutorial, step)
    app.stack.push(scene)
    return scene


def same_move(state, seat: int, a: Action, b: Action) -> bool:
    """Whether two actions are the same move (a layout may be listed in any order)."""
    return state.same_action(a, b)


class TutorialScene(TableScene):
    @property
    def coach_allowed(self) -> bool:
        """The coach would answer for a different game than the script's: not while the script
        leads; in the free game after it, the hint the last step promises is there."""
        return not self.scripted

    #: settings a lesson's words take as they come by default ("a dot marks every card yours could
    #: still be" above a grid that the player had set to show nothing)
    LESSON_SETTINGS = {"deduction_notes": "full", "coach": True}  # (Case Connection's lesson offers its desk Hint)

    def setting(self, name: str):
        if self.scripted and name in self.LESSON_SETTINGS:
            return self.LESSON_SETTINGS[name]
        return super().setting(name)

    def take_backs_offered(self) -> bool:
        return False  # a take-back would step back into the script

    def legal_for_viewer(self) -> list[Action]:
        """Nothing while a step only talks: the table then offers no move its Next would refuse
        ("Click a stack to evaluate it" under a note that said to read and press Next)."""
        if self.scripted and self.step.do is None:
            return []
        return super().legal_for_viewer()

    def __init__(self, app, tutorial: Tutorial, step: int = 0) -> None:
        seats = [SeatInfo(name, "human" if seat == LEARNER else FREE_PLAY_BOT)
                 for seat, name in enumerate(tutorial.seats)]
        session = GameSession.new(tutorial.game_id, seats, tutorial.options, tutorial.seed, runner=app.bot_runner)
        step = max(0, min(step, len(tutorial.steps) - 1))
        for done in tutorial.steps[:step]:  # resume: the finished steps' moves, without animation
            if done.do is not None:
                session.apply(LEARNER, done.do)
            for move in done.then:
                session.apply(move.seat, move.action)
        self.tutorial = tutorial
        self.step_index = step
        self.move_done = False  # the current step's move (or Next) is done: its script plays on
        self.queue: list[ScriptedMove] = []
        self.script_wait = 0.0
        self.note: Rect | None = None
        self._note_lines: list[str] = []
        self._move_lines: list[str] = []
        self.note_widgets = Widgets()
        super().__init__(app, session)
        self._begin_step()

    # -- where the script stands ------------------------------------------------------------
    @property
    def scripted(self) -> bool:
        """The script still leads (after its last step the game goes on with real bots)."""
        return self.step_index < len(self.tutorial.steps) and not self.state.is_over()

    @property
    def step(self) -> Step:
        return self.tutorial.steps[self.step_index]

    def _begin_step(self) -> None:
        self.move_done = False
        self.queue = []
        self._save_progress(self.step_index, done=False)
        self.note = None  # placed once the table has settled
        self.offer_controls(force=True)  # the step's controls: none while it only talks, the move's when it asks
        self.app.invalidate()

    def _save_progress(self, step: int, done: bool) -> None:
        stats, game_id = self.app.stats, self.tutorial.game_id
        self.app.background(lambda: stats.note_tutorial(game_id, step, done))

    def next_step(self) -> None:
        """Next (Enter): a step that waits for no move is read; its script plays on."""
        if not self.scripted or self.step.do is not None or self.move_done:
            return
        self.move_done = True
        self.queue = list(self.step.then)
        self.script_wait = SCRIPT_PACE if self.queue else 0.0
        self.note_widgets.clear()
        self.app.invalidate()

    def _advance(self) -> None:
        self.step_index += 1
        if self.step_index >= len(self.tutorial.steps):
            self._save_progress(0, done=True)
            self.note = None
            self.note_widgets.clear()
            others = join_words([name for seat, name in enumerate(self.seat_names) if seat != LEARNER])
            side = "with" if self.spec.team else "against"
            # Esc opens the pause menu, whose Leave ends it ("press Esc to leave" was not so); the
            # notice goes with the player's first move, and sooner than before (it covered controls)
            hint = " (Hint, H, helps when you are unsure)" if self.app.settings.coach else ""  # not when it is off
            self.app.toast(f"You have finished the guided game. Play on to the end {side} {others}{hint}, or leave "
                           "from the pause menu (Esc).", 6.0)
            self.offer_controls(force=True)  # the free game's controls
            self.app.invalidate()
            return
        self._begin_step()

    # -- acting -----------------------------------------------------------------------------
    def act(self, action: Action, confirmed: bool = False) -> str | None:
        """Only the step's move is accepted while the script leads, and kindly refused otherwise."""
        if not self.scripted:
            return super().act(action, confirmed)
        step = self.step
        if step.do is None:
            reason = "Read the note first, then press Next (Enter)."
        elif self.move_done:
            reason = f"Wait a moment: {self._others_play()}."
        elif not same_move(self.state, LEARNER, action, step.do):
            reason = step.wrong or f"Not that move this time: {self.view.describe_action(step.do)}."
        else:
            reason = super().act(step.do, confirmed=True)  # the script's own form of the move
            if reason is None:
                self.move_done = True
                self.queue = list(step.then)
                self.script_wait = SCRIPT_PACE
                self.note_widgets.clear()
            return reason
        self.view.cancel()  # what led to a refused move goes back too (the first card on the stand)
        self.app.toast(reason, 5.0)
        return reason

    # -- the flow ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if not self.scripted:
            super().update(dt)
            return
        self.clock += dt
        self._tick_flash()
        self.view.update(dt)
        if self.view.busy:
            self._was_busy = True
            return
        if self._was_busy:
            self._was_busy = False
            self.view.settled()
            self.note = None  # the cards moved: place the note again
            self.app.invalidate()
        if self.note is None:
            self._place_note()
        if not self.move_done:
            return
        if self.queue:
            self.script_wait -= dt
            if self.script_wait <= 0:
                move = self.queue.pop(0)
                self._apply_bot(move.seat, move.action)
                self.script_wait = max(SCRIPT_PACE, self.app.settings.bot_delay_s)
            return
        self._advance()

    def _game_finished(self) -> None:
        """A tutorial game is not a played game: nothing is recorded but the finished tutorial."""
        self.recorded = True
        if self.step_index >= len(self.tutorial.steps) - 1:
            self._save_progress(0, done=True)

    def frame_key(self) -> object:
        return (super().frame_key(), self.step_index, self.move_done, len(self.queue), self.note)

    # -- the note ---------------------------------------------------------------------------
    def marks(self) -> tuple[list[Rect], list[Rect]]:
        """(outlined regions, the asked move's card and target) of the current step."""
        if not self.scripted:
            return [], []
        regions = [r for name in self.step.look_at if (r := self.view.region(name)) is not None]
        move = [tuple(m) for m in self.view.action_marks(self.step.do)] if self.step.do is not None \
            and not self.move_done else []
        return [tuple(r) for r in regions], move

    def _place_note(self) -> None:
        """Put the note near what the step is about in the shape and spot that cover least: neither
        it nor anything that can be clicked above all, then the fewest cards and words."""
        canvas = self.app.canvas
        step = self.step
        asks = step.do is not None
        regions, move = self.marks()
        hard, firm, soft, area, near = note_room(self, canvas, move or regions)
        said = f"Your move: {self.view.describe_action(step.do)}" if asks else ""
        shapes = []
        for width, size, gap in NOTE_SHAPES:
            lines = canvas.wrap(step.say, size, width - 32)
            move_lines = canvas.wrap(said, MOVE_TEXT, width - 32) if asks else []
            height = 14 + len(lines) * gap + (16 + len(move_lines) * MOVE_LINE if asks else 52)
            shapes.append(((width, height), lines, move_lines, (size, gap)))
        index, spot, _ = best_note_spot([shape[0] for shape in shapes], hard + move + regions, area, soft, near, firm)
        _, lines, move_lines, text = shapes[index]
        self.note, self._note_lines, self._note_text = spot, lines, text
        self._move_lines = move_lines  # "Your move: ...", whole on as many lines as it takes
        self.note_widgets.clear()
        if not asks and not self.move_done:
            x, y, w, h = self.note
            last = self.step_index >= len(self.tutorial.steps) - 1
            self.note_widgets.add(Button((x + w - 116, y + h - 44, 100, 34), label="Finish" if last else "Next",
                                         primary=True, on_click=self.next_step, tooltip="Go on (Enter)"))

    def handle(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos") and self.under_drawer(event.pos):
            return super().handle(event)  # the casebook lies over the note: it takes the click
        if self.scripted and self.note_widgets.items and self.note_widgets.handle(event):
            return True
        if self.scripted and self.note is not None and not self.move_done and self.view.board.held is None and \
                event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and inside(self.note, event.pos):
            return True  # the note is paper on the table: a click on it reaches nothing under it
        if self.scripted and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.step.do is None:
            self.next_step()
            return True
        if self.scripted and event.type == pygame.KEYDOWN and event.key == pygame.K_h \
                and not event.mod & pygame.KMOD_CTRL:
            self.app.toast("In the lesson the note says each move. Hint (H) is there once the guided part ends, "
                           "and in your own games.", 5.0)
            return True
        return super().handle(event)

    def draw_guides(self, canvas: Canvas) -> None:
        """The step's frames, its move's marks and its note, over the table and under the banner
        and the casebook (a frame drawn over the open drawer crossed its lines)."""
        super().draw_guides(canvas)
        if not self.scripted or self.note is None or self.move_done:
            return  # once the step's move is made its note and frames go while the others play
        pal = self.app.palette
        regions, move = self.marks()
        for x, y, w, h in regions:
            canvas.box((x - 4, y - 4, w + 8, h + 8), pal.brass, radius=8, width=3)
        draw_marks(canvas, pal, move, self.step.do is None or self.view.marks_move(self.step.do),
                   buttons_between(self, move))
        x, y, w, h = self.note
        canvas.mark_overlay(self.note)
        draw_paper_panel(canvas, pal, self.note)
        size, gap = self._note_text
        for i, line in enumerate(self._note_lines):
            canvas.text(line, (x + 16, y + 12 + i * gap), size, pal.ink)
        if self.step.do is not None and not self.move_done:
            top = y + h - 10 - len(self._move_lines) * MOVE_LINE
            for i, line in enumerate(self._move_lines):
                canvas.text(line, (x + 16, top + i * MOVE_LINE), MOVE_TEXT, pal.ink_soft)
        self.note_widgets.draw(canvas, pal)

    def banner_text(self) -> str:
        if self.scripted:
            where = f"{self.tutorial.title}, step {self.step_index + 1} of {len(self.tutorial.steps)}"
            if not self.move_done:
                return f"{where}: follow the note"
            if not self.queue and not self.view.busy:
                return f"{where}: follow the note"  # nobody is playing ("Watson is playing" over a still table)
            if self.step.do is not None and len(self.queue) == len(self.step.then):
                return f"{where}: your move is made"  # it still plays out: nobody else has moved yet
            return f"{where}: {self._others_play()}..."
        return super().banner_text()

    def _others_play(self) -> str:
        """``Dr Watson is playing`` at a table of two, ``the others are playing`` at more."""
        others = [name for seat, name in enumerate(self.seat_names) if seat != LEARNER]
        return f"{others[0]} is playing" if len(others) == 1 else "the others are playing"

    def tooltip(self, pos):
        widget = self.note_widgets.at(pos) if self.scripted else None
        if widget is not None and widget.tooltip:
            return widget.tooltip
        return super().tooltip(pos)
