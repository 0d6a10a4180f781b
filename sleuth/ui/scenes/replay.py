"""Watching a recorded game on the real table: play, pause, step, jump, and whose eyes.

The viewer is the game's own table view, driven by the recorded moves instead of players: no bot
thinks, nobody is handed the screen, nothing can be played. Space plays or pauses, Left and Right
step one move (a step forward animates as in the game), Home and End jump to the start and the
end, E changes whose eyes the table shows (the public view or any seat's, what that player knew
at that moment), the timeline in the side panel can be clicked, and Esc goes back. Seeking is
instant: ``core.review.Review`` keeps snapshots.
"""

from __future__ import annotations

import weakref
from datetime import UTC, datetime

import pygame

from sleuth.core.registry import get
from sleuth.core.review import Review
from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.table import LOG_FLASH, LOG_RECT, BannerTab, TableScene
from sleuth.ui.session import GameSession
from sleuth.ui.widgets import Button, Widgets, inside
from sleuth.ui.words import article, possessive, seat_kind_name

#: seconds between moves while playing, per speed
SPEEDS = (2.0, 1.0, 0.5, 0.2)
TIMELINE = (LOG_RECT[0] + 14, 630, LOG_RECT[2] - 28, 18)
#: where each replay was left, per app (one app session): the replay's identity -> ``ReplayPlace``
_PLACES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def replay_identity(replay) -> tuple:
    """What makes two openings the same game: the title, the seed, the seats and every move (the
    results' "Watch the replay" and Recent games' Watch of one game are the same replay)."""
    seats = tuple((seat.name, seat.kind) for seat in replay.seats)
    return replay.game_id, replay.seed, seats, tuple(tuple(move) for move in replay.actions)


class ReplayScene(TableScene):
    """A finished (or suspended) game seen again, move by move."""

    #: nothing is played here: no hint, no take-back
    coach_allowed = False
    watching = True

    def __init__(self, app, review: Review, viewer: int | None = None, played_at: datetime | None = None,
                 file_name: str | None = None) -> None:
        self.review = review
        #: when the game was played (its end, as Recent games lists it), for "Save replay..."'s name;
        #: ``file_name``: the name of the file it was opened from, offered again as it was
        self.played_at = played_at
        self.file_name = file_name
        self.eyes = viewer  # a seat, None (the public view) or EVERYTHING
        replay = review.replay
        session = GameSession(get(replay.game_id), replay, state=review.state_at(0))
        session.bots.clear()  # nobody decides anything here
        self.move = 0
        self.playing = False
        self.speed = 1
        self.wait = 0.0
        super().__init__(app, session)
        # the whole table first: the banner holds the steps and Play; the drawer (L) the casebook,
        # the timeline, whose eyes and the expert's word (open, it had covered a quarter of the table)
        self.log_open = False
        self.viewer = viewer
        if viewer is None and review.state_at(review.length).is_over() and \
                self.state.revealed_view() is not None:
            self.eyes = self.EVERYTHING  # a finished game is watched with every card shown
        self.set_viewer(viewer)
        self.controls = [
            Button((LOG_RECT[0] + 14, 660, 44, 34), label="|<", size=16, on_click=lambda: self.seek(0),
                   tooltip="The start (Home)"),
            Button((LOG_RECT[0] + 62, 660, 44, 34), label="<", size=16, on_click=self.step_back,
                   tooltip="One move back (Left)"),
            Button((LOG_RECT[0] + 110, 660, 52, 34), label="Play", size=16, primary=True, on_click=self.toggle,
                   tooltip="Play or pause (Space)"),
            Button((LOG_RECT[0] + 166, 660, 44, 34), label=">", size=16, on_click=self.step,
                   tooltip="One move forward (Right)"),
            Button((LOG_RECT[0] + 214, 660, 44, 34), label=">|", size=16, on_click=lambda: self.seek(self.review.length),
                   tooltip="The end (End)"),
        ]
        self.eyes_button = Button((LOG_RECT[0] + 14, 596, LOG_RECT[2] - 28, 28), label="", size=15,
                                  on_click=self.next_eyes, tooltip="Whose eyes the table shows (E)")
        #: Tab and Enter reach the drawer's buttons (the keyboard found no focus anywhere)
        self.control_widgets = Widgets([self.eyes_button, *self.controls])
        from sleuth.ui.scenes.replay_expert import ExpertComparison

        self.expert = ExpertComparison(app, review, self.spec, app.bot_runner or session.runner)
        self._refresh_labels()
        self._resume()

    # -- where the player left this replay ------------------------------------------------------
    def _resume(self) -> None:
        """Coming back to a replay of the same game in this app session goes on where it was left
        (its move, whose eyes, the drawer, the speed): Esc at move 7 to the results, then "Watch
        the replay", had started again at move 0 with the Casebook closed."""
        place = _PLACES.get(self.app, {}).get(replay_identity(self.review.replay))
        if place is None:
            return
        move, eyes, log_open, speed = place
        if eyes in self.eyes_order():
            self.eyes = eyes
            self.viewer = None if eyes == self.EVERYTHING else eyes
        self.log_open = log_open
        self.speed = speed
        self.seek(move)  # (seek shows the move's line and sets the eyes' view)

    def _remember_place(self) -> None:
        places = _PLACES.setdefault(self.app, {})
        places[replay_identity(self.review.replay)] = (self.move, self.eyes, self.log_open, self.speed)

    def on_exit(self) -> None:
        self._remember_place()
        super().on_exit()

    # -- the game is not played here --------------------------------------------------------
    def legal_for_viewer(self):
        return []

    def act(self, action, confirmed: bool = False) -> str | None:
        return "This is a replay: nothing can be played."

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.expert.update():
            self.app.invalidate()
        if self.app.palette is not self._palette:
            self._palette = self.app.palette
            self.set_viewer(self.viewer)
        self.view.update(dt)
        self._tick_flash()  # a line that waited for its card to turn (Purrrlock's answers) comes now
        if self.view.busy:
            return
        if self.playing:
            self.wait -= dt
            if self.wait <= 0:
                if self.move >= self.review.length:
                    self.playing = False
                    self._refresh_labels()
                else:
                    self.step()
                    self.wait = SPEEDS[self.speed]

    def animating(self) -> bool:
        """Frames while a move animates; between moves the loop idles (the wait is a timer the
        idle loop's 30 ms wake-ups keep). Playing had drawn 60 frames a second throughout: 33-44%
        of a core for one card a second."""
        return self.view.animating()

    def frame_key(self) -> object:
        return (self.move, self.viewer, self.eyes, self.playing, self.speed, self.expert.done, self.log_open,
                self._flash[0] if self._flash else None)

    def banner_tabs(self):
        """The casebook's button, "Save replay..." (the game as one file, name and folder chosen)
        and, with the drawer closed, its steps and Play, each in a place of its own; a button that
        comes and goes ("Why? (W)") stands left of them all (it had pushed them 110 px left, and a
        second click on ">" opened "Save replay as")."""
        tabs = super().banner_tabs()
        fixed, coming = tabs[:1], tabs[1:]
        x, y, w, h = fixed[0].rect
        right = x - 10
        fixed.append(BannerTab((right - 150, y, 150, h), "Save replay...", False, self.save_replay,
                               "Save this game as a file you can keep or send: choose its name and folder (S)"))
        right -= 150 + 16
        if not self.log_open:  # the drawer's steps and Play, in the banner, right to left
            for button in reversed(self.controls):
                width = 72 if button is self.controls[2] else 40
                fixed.append(BannerTab((right - width, y, width, h), button.label, button is self.controls[2]
                                       and self.playing, button.on_click, button.tooltip))
                right -= width + 6
            right -= 10
        for tab in coming:
            tx, ty, tw, th = tab.rect
            fixed.append(BannerTab((right - tw, ty, tw, th), tab.label, tab.pressed, tab.action, tab.tip,
                                   tab.available))
            right -= tw + 10
        return fixed

    def _flash_min(self) -> float:
        """A replay's line changes with each step at once: stepping quickly had shown each move's
        line one step late (the line before had to stay its reading time)."""
        return 0.0

    def _tick_flash(self) -> None:
        """Only the newest step's line is worth the banner, and it shows as the step is shown, with
        its animation's start: a line never waits for the one before it to be read (Bakerstreet's
        banner told each step one step late), nor for the animation to end (Purrrlock's guesses and
        Paws went ~3 s without a word, and with Play never got one: the next step came first). It
        stays while the replay stays at that move: it had gone after 4 s, unseen until the pointer
        moved, and took the banner's "Why? (W)" with it."""
        del self._flash_queue[:-1]
        if self._flash_queue:
            self._flash, self._flash_since = (self._flash_queue.pop(), self.clock + LOG_FLASH), self.clock

    def move_line(self) -> str | None:
        """The line of the move just reached (its own line, not its last side effect); None at the
        start."""
        if not self.move or not self.session.move_events or self.session.move_events[-1][0] != self.move - 1:
            return None
        start = self.session.move_events[-1][1]
        lines = [(line, index) for line, index in zip(self.log_lines, self.log_events, strict=True) if index >= start]
        news = [line for line, index in lines if self.view.news(self.state.log[index])]
        # a move that tells nothing new tells itself ("Watson's turn ends."): every step its own line
        return news[0] if news else lines[0][0] if lines else self._news_line

    def save_replay(self):
        """Open "Save replay as": a name (the game and when it was played, or the name of the file it
        came from) and a folder (the last one used). The name had told the moment of saving: a game
        played at 12:42 was offered as "... 12.59"."""
        from sleuth.ui.scenes.files import SaveReplayScene, default_file_name

        when = (self.played_at or datetime.now(UTC)).astimezone()  # the player's own clock
        name = self.file_name or default_file_name(get(self.review.replay.game_id).name, when)
        dialog = SaveReplayScene(self.app, name, self.write_replay)
        self.app.stack.push(dialog)
        return dialog

    def write_replay(self, path) -> None:
        """Write the replay (the save format, refused when edited) to ``path``."""
        from sleuth.core import replay as rp
        from sleuth.store.paths import atomic_write_text

        atomic_write_text(path, rp.to_json(self.review.replay, self.review.state_at(self.review.length)))

    # -- moving through the game --------------------------------------------------------------
    def step(self) -> None:
        """One move forward, animated as it was in the game."""
        if self.move >= self.review.length:
            return
        seat, action = self.review.moves[self.move]
        self.view.finish_animations()
        self._flash = None  # the move left behind is not told as this one's
        start = len(self.state.log)
        self.state.apply(seat, action)
        # the move's own line leads the banner, not its last side effect ("The Assist moves Holmes
        # 1 step closer" stood for "Bot tells Ada that ...")
        self.session.move_events.append((self.move, start, len(self.state.log)))
        self.move += 1
        self.rebuild_view(animate=self.animation_speed > 0, news=True)
        self._refresh_labels()

    def step_back(self) -> None:
        self.seek(self.move - 1)

    def seek(self, move: int) -> None:
        """Jump to ``move``; the banner tells that move (a step back, Home and End had kept the
        line of the move left, or one from the end of the game at its start)."""
        self.move = max(0, min(self.review.length, move))
        self.session.state = self.review.state_at(self.move)
        self.session.move_events = [entry for entry in self.session.move_events if entry[0] < self.move - 1]
        if self.move:
            before = len(self.review.state_at(self.move - 1).log)
            self.session.move_events.append((self.move - 1, before, len(self.state.log)))
        self._flash = self._pending_flash = None
        self.set_viewer(self.viewer)
        self._tell_move()
        self._refresh_labels()

    def _tell_move(self) -> None:
        """The banner tells the move reached (nothing at the start)."""
        line = self.move_line()
        self._flash = (line, self.clock + LOG_FLASH) if line is not None else None
        self._flash_since = self.clock

    def toggle_log(self) -> None:
        """The drawer opens and closes; closed again, the banner tells the move reached as before
        (its line and "Why? (W)" had gone with the drawer's opening)."""
        super().toggle_log()
        if not self.log_open:
            self._tell_move()

    def toggle(self) -> None:
        if self.move >= self.review.length:
            self.seek(0)
        self.playing = not self.playing
        self.wait = 0.0
        self._refresh_labels()

    def faster(self) -> None:
        self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        self._refresh_labels()

    def slower(self) -> None:
        self.speed = max(0, self.speed - 1)
        self._refresh_labels()

    #: the "eyes" that see every hidden card at once (where the game can show it)
    EVERYTHING = "everything"

    def eyes_order(self) -> list:
        """Everything revealed (where the game can show it), the public view, each seat's eyes."""
        everything = [self.EVERYTHING] if self.state.revealed_view() is not None else []
        return [*everything, None, *range(len(self.review.replay.seats))]

    def eyes_label_is_everything(self) -> bool:
        return self.eyes_button.label.endswith("everything revealed")

    def observation(self):
        if self.eyes == self.EVERYTHING:
            return self.state.revealed_view()
        return super().observation()

    def next_eyes(self) -> None:
        """Everything revealed, the public view, then each seat's eyes in turn."""
        order = self.eyes_order()
        self.eyes = order[(order.index(self.eyes) + 1) % len(order)]
        self.viewer = None if self.eyes == self.EVERYTHING else self.eyes
        self.set_viewer(self.viewer)
        self._refresh_labels()

    def _refresh_labels(self) -> None:
        self.controls[2].label = "Pause" if self.playing else "Play"
        if self.eyes == self.EVERYTHING:
            eyes = "everything revealed"
        else:
            # "your eyes" for a seat named You ("Seen through: You's eyes")
            eyes = "the public view" if self.viewer is None else f"{possessive(self.seat_names[self.viewer])} eyes"
        self.eyes_button.label = f"Seen through: {eyes}"
        self.app.invalidate()

    # -- input ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_SPACE: self.toggle, pygame.K_LEFT: self.step_back, pygame.K_RIGHT: self.step,
                    pygame.K_PLUS: self.faster, pygame.K_EQUALS: self.faster, pygame.K_KP_PLUS: self.faster,
                    pygame.K_MINUS: self.slower, pygame.K_KP_MINUS: self.slower,
                    pygame.K_HOME: lambda: self.seek(0), pygame.K_END: lambda: self.seek(self.review.length),
                    pygame.K_e: self.next_eyes, pygame.K_ESCAPE: self.leave}
            if event.key == pygame.K_s:
                self._save_on_release = True  # on the key's release: its "s" went into the file name
                return True
            if event.key in keys and not (event.key == pygame.K_SPACE and self.control_widgets.keyboard
                                          and self.control_widgets.focus is not None):
                keys[event.key]()
                return True
            if self.log_open and event.key in (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.control_widgets.handle(event):
                    self.app.invalidate()
                    return True
            if not self.log_open and event.key in (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER) and \
                    self._banner_focus_key(event):
                return True
        if event.type == pygame.KEYUP and event.key == pygame.K_s and getattr(self, "_save_on_release", False):
            self._save_on_release = False
            self.save_replay()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.toggle_log()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_w and not event.mod & pygame.KMOD_CTRL:
            self.explain()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            from sleuth.ui.scenes.rules import RulesScene

            self.app.stack.push(RulesScene(self.app, self.spec))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.log_open:
            return super().handle(event)  # the banner's button opens the drawer again
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._banner_click(event.pos):
            return True  # Save replay... and Casebook work with the drawer open too
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.under_drawer(event.pos) and \
                self._log_click(event.pos):
            return True  # a line's "why?" in the Casebook opens the bot's reasons, as in a game
        if self._zoom(event):
            return True  # right-click, Z: any card large, as on the table
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.control_widgets.keyboard = False  # the mouse is in use: no ring
            for button in (*self.controls, self.eyes_button):
                if inside(button.rect, event.pos):
                    button.click(event.pos)
                    return True
            if inside(TIMELINE, event.pos):
                x, _, w, _ = TIMELINE
                self.seek(round((event.pos[0] - x) / w * self.review.length))
                return True
        if event.type == pygame.MOUSEMOTION:
            for button in (*self.controls, self.eyes_button):
                button.hovered = inside(button.rect, event.pos)
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def explain(self) -> bool:
        """W: the reasons of the bot move the banner tells, else of the latest bot move up to this
        step, as in a game (in a replay W had only taken the banner's line away)."""
        silent = self._unexplained_bot_shown()
        if silent is not None:
            kind = seat_kind_name(self.session.seats[silent].kind)
            self.app.toast(f"{self.seat_names[silent]} ({article(kind)}) plays by simple rules and gives no "
                           "reasons for its moves.")
            return False
        return self.show_why(self.why_move())

    def _banner_focus_key(self, event: pygame.event.Event) -> bool:
        """With the drawer closed, Tab and Shift+Tab ring the banner's buttons left to right (the
        steps, Play, Save replay..., Casebook) and Enter presses the one ringed."""
        tabs = [tab for tab in reversed(self.banner_tabs()) if tab.available]
        labels = [tab.label for tab in tabs]
        if event.key == pygame.K_TAB and labels:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            at = labels.index(self.banner_focus) if self.banner_focus in labels else (-1 if step > 0 else len(labels))
            self.banner_focus = labels[(at + step) % len(labels)]
        elif self.banner_focus in labels:
            play = self.banner_focus == self.controls[2].label
            tabs[labels.index(self.banner_focus)].action()
            if play:
                self.banner_focus = self.controls[2].label  # Play became Pause: the ring stays on it
        else:
            return False
        self.app.invalidate()
        return True

    def leave(self) -> None:
        self.app.stack.remove(self)

    # -- drawing --------------------------------------------------------------------------------
    def _draw_expert(self, canvas: Canvas, pal, rect) -> None:
        """The expert's word on the move just played (a human's), or the comparison's progress."""
        if not self.expert.total:
            return
        x, y, w, h = rect
        canvas.box(rect, pal.wood_dark, radius=8)
        line = self.expert.line(self.move - 1, self.view, self.seat_names) if self.move else None
        if line is None:
            expert = self.expert
            # what the box is for, at a bot's move or before the first (it had said "The expert has
            # looked at every human move." at move 0, which told a player nothing)
            line = ("At each move a person made, the expert says here whether it agrees." if expert.finished else
                    f"The expert is looking over the moves people made: {expert.done} of {expert.total}.")
        for i, text in enumerate(canvas.wrap(line, 14, w - 20)[:2]):
            canvas.text(text, (x + 10, y + 5 + i * 19), 14, pal.paper)
        if not self.expert.finished:  # the comparison's progress bar along the bottom edge
            canvas.box((x + 10, y + h - 6, w - 20, 3), pal.felt_dark, radius=1)
            canvas.box((x + 10, y + h - 6, (w - 20) * self.expert.done / self.expert.total, 3), pal.brass, radius=1)

    def banner_title(self) -> str:
        """None: "Replay, move 2 of 28" says what this is, and the banner's steps, Save and "Why?"
        leave a move's line little room ("Watson plays Document 5 on the..." was cut at 170 px)."""
        return ""

    def banner_keys(self) -> str:
        return "Space: play  E: eyes  S: save  Esc: back"

    def log_bottom(self) -> float:
        return 490  # the expert's opinion, the controls and the timeline sit below

    def banner_tells_the_end(self) -> bool:
        """Never: "Replay, move 25 of 25" does not say how the game ended, so the last move's line
        is shown as every other move's is (play-test: the last step's banner was blank beside it)."""
        return False

    def banner_text(self) -> str:
        # "Replay, move 2 of 28" whole beside a move's line (cut at its colon, it had read "Replay");
        # with the drawer closed and no line shown, where the rest is
        where = f"Replay, move {self.move} of {self.review.length}"
        return where if self.log_open or self._flash is not None else f"{where} (L: the timeline)"

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        if not self.log_open:
            return
        pal = self.app.palette
        x, y, w, h = LOG_RECT
        self._draw_expert(canvas, pal, (x + 4, 496, w - 8, 48))
        canvas.box((x + 4, 548, w - 8, h - (548 - y) - 4), pal.wood_dark, radius=8)
        per_second = 1 / SPEEDS[self.speed]
        canvas.text("Left / Right: one move   Home / End", (x + 14, 554), 14, pal.paper_dark)
        canvas.text(f"- / +: speed, {per_second:g} {'move' if per_second == 1 else 'moves'} a second",
                    (x + 14, 573), 14, pal.paper_dark)
        tx, ty, tw, th = TIMELINE
        canvas.box((tx, ty, tw, th), pal.felt_dark, radius=6)
        total = max(1, self.review.length)
        for move in range(1, self.review.length + 1):
            if self.review.seat_of(move) != self.review.seat_of(move - 1 if move > 1 else 1) or move == 1:
                mx = tx + tw * (move - 1) / total
                canvas.line((mx, ty + 3), (mx, ty + th - 3), pal.paper_dark, 1)  # a new seat's turn
        canvas.box((tx, ty, tw * self.move / total, th), pal.brass, radius=6)
        self.control_widgets.draw(canvas, pal)
        # the drawer's reminder of keys lay under this panel, unseen
        canvas.text(canvas.fit(self.banner_keys(), 14, w - 28), (x + 14, 698), 14, pal.paper_dark)
