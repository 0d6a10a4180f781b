"""The table scene every game is played in, framing the game's own view.

It owns the flow of play: it asks bots (on their worker thread) when it is their turn, lets the
viewer act through the game's view, shows a handoff screen before a different human may look,
keeps the move log (only what the current viewer may see), warns before a move that loses, and
hands over to the results when the game is over. The game's view draws the table itself.

Couch play (two or more human seats) follows one rule here, for every game: a private view is on
screen only while its owner acts. Once a human's move has been made and watched, and the next seat
to act is a bot or nobody in particular (or the game is over), the table shows the public view
(``observe(None)``); the next human gets a "Pass to NAME" screen. A human who may act out of turn
(a game's optional seats: Purrrlock's Paws) has one shared button, or the key P: either hides the
table and asks who acts (a seat's number key answers); calling it pauses the game (a thinking bot's
choice is dropped), passes the screen to them and afterwards back to whoever's turn it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from sleuth.core.errors import IllegalAction
from sleuth.core.registry import GameSpec
from sleuth.core.replay import SeatInfo
from sleuth.core.values import Action
from sleuth.ui.canvas import Canvas
from sleuth.ui.deal import deal as deal_cards
from sleuth.ui.scene import Scene
from sleuth.ui.scenes.coach import Coach, WhyScene
from sleuth.ui.scenes.common import draw_felt
from sleuth.ui.session import AutosaveWriter, GameSession
from sleuth.ui.staticlayer import StaticLayer
from sleuth.ui.tableview import AWAITING_CONFIRMATION, TableView, view_class_for
from sleuth.ui.texture import draw_wood
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W, mix
from sleuth.ui.widgets import ARROW_WAYS, Button, Widgets, draw_focus_ring, inside
from sleuth.ui.words import article, cap, either, plural, possessive, says, seat_kind_name

BANNER_H = 44
LOG_W = 300
#: the table has the whole width: the move log is a drawer over its right edge, closed by default
TABLE_RECT = (0, BANNER_H, LOGICAL_W, LOGICAL_H - BANNER_H)
LOG_RECT = (LOGICAL_W - LOG_W, BANNER_H, LOG_W, LOGICAL_H - BANNER_H)
#: the banner's button that opens and closes the drawer (and L)
LOG_TAB = (LOGICAL_W - 150, 6, 140, BANNER_H - 12)
#: the banner's other buttons, right to left after the casebook: Take back in a game against bots
#: (Ctrl+Z), the coach's Hint (H), "Why?" for the bot move just shown (W); each this wide
TAB_W = 100
TAB_GAP = 10
#: seconds the newest line of the log shows in the banner while the drawer is closed
LOG_FLASH = 4.0
#: ... and this long when it tells another's move to the player now to move: what just happened
#: comes before how to move ("Your turn: drag a card...", which returns after it). At 4 s a
#: player who looked up a moment late found only the how-to and no word of the bot's move.
LOG_FLASH_TO_ACT = 12.0
FLASH_MIN = 2.0  # a move's line stays at least this long before the next move's line (less at a fast bot pace)
FLASH_HURRY = 1.0  # ... and this long once the player is to move (the banner lagged the table)
FLASH_QUEUE = 4  # lines waiting for the banner, at most
#: what the greyed Hint says while the player may not move
HINT_LATER = "The expert's hint is for your own move: ask when it is your turn (H)."
#: the game's name on the banner's menu button (see ``menu_tab``), and the room its menu mark takes
MENU_TAB_SIZE = 20
MENU_MARK_W = 16
#: the text size of a banner line told on two rows (14 px read as 13 to play-testers, three times)
BANNER_TWO_LINES = 15


def _balanced(canvas: Canvas, line: str, size: float, width: float) -> list[str]:
    """``line`` on two rows of about equal length, not a full row and a word alone under it
    ("Stamford passes Dog 6 and Dog 7 to" over "you."): the narrowest width that still takes two
    rows, found by halving."""
    low, high = width / 2, width
    for _ in range(8):
        middle = (low + high) / 2
        if len(canvas.wrap(line, size, middle)) <= 2:
            high = middle
        else:
            low = middle
    return canvas.wrap(line, size, high)


@dataclass(frozen=True)
class BannerTab:
    """A button in the banner: where, its words, pressed (a panel it opens is open), what a click
    does and its tooltip. ``available`` False draws it greyed: Take back before there is a move to take
    back, or after something hidden was shown; a click then says why, as its tooltip does."""

    rect: tuple
    label: str
    pressed: bool
    action: object
    tip: str
    available: bool = True
    #: a count in a small disc at the button's corner (the casebook's moves not yet read), 0: none
    badge: int = 0
    #: the game's name at the banner's left, the way to the menu (``menu_tab``)
    menu: bool = False


def _first_clauses(line: str, fits) -> str | None:
    """The longest start of ``line`` that ends at a sentence or a clause (before ". ", "; " or
    ": ") and ``fits``, closed with a full stop; None when no clause does."""
    cuts = [i for i in range(len(line)) if line.startswith((". ", "; ", ": "), i)]
    for cut in reversed(cuts):
        text = line[:cut].rstrip(",") + "."
        if fits(text):
            return text
    return None


@dataclass(frozen=True)
class Interrupt:
    """A human acting out of turn (Purrrlock's Paws): who, and the log length when it began."""

    seat: int
    log_length: int


def start_game(app, spec: GameSpec, seats: Sequence[SeatInfo], options: dict, seed: int,
               replace_top: bool = False) -> TableScene:
    session = GameSession.new(spec.id, list(seats), options, seed, autosave=AutosaveWriter(app, spec.id),
                              runner=app.bot_runner)
    session.save()
    scene = TableScene(app, session)
    if replace_top:
        app.stack.replace(scene)
    else:
        app.stack.push(scene)
    scene.deal()
    return scene


class TableScene(Scene):
    paints_whole_screen = True  # the felt under the table
    #: the coach's Hint is offered at this table (not in a tutorial, whose script leads)
    coach_allowed = True
    #: a recorded game being watched (a replay): nobody plays and nothing is handed over
    watching = False
    #: when the game ended (``_game_finished``); None while it goes on
    finished_at = None

    def __init__(self, app, session: GameSession, view_class: type[TableView] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.spec = session.spec
        humans = session.human_seats
        #: whose eyes the screen shows: the single human, the last human who confirmed a
        #: handoff, or None (public view) when only bots play or before the first handoff
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.view = (view_class or view_class_for(self.spec.id))(self, TABLE_RECT)
        self.log_lines: list[str] = []
        #: for each log line, the bot move it starts whose reasons "why?" shows (else None)
        self.log_why: list[int | None] = []
        self.log_events: list[int] = []  # for each log line, its event's place in the game's log
        self.log_scroll = 0
        #: the move log is a drawer: closed by default, L or the banner's button opens it
        self.log_open = False
        #: the banner button the keyboard's focus is on (Tab reaches them after the table's own)
        self.banner_focus: str | None = None
        self._arrows_told = False  # the first Tab's word on the arrow keys (``_tell_the_arrows``)
        self._hopeless_told = False  # the word that the game can no longer be won (``_tell_hopeless``)
        self._flash: tuple[str, float] | None = None  # the newest line, shown until this clock time
        #: a banner line that tells a move with its after-effect -> the move's own casebook line
        self._flash_alias: dict[str, str] = {}
        self._flash_since = 0.0  # when the line shown came up
        #: the lines still to show, oldest first: each waits for the line before it to have been up
        #: ``FLASH_MIN`` seconds (a bot's move that another followed within a second was never seen)
        #: and, where the view asks (``news_waits_for_animation``), for its move's animation to end
        self._flash_queue: list[str] = []
        self.static_layer = StaticLayer()  # the felt and the table's painted layer, kept between frames
        self.banner_layer = StaticLayer()  # the banner, kept while its words and buttons stay
        self._synced: int | None = 0  # how much of the shown log the view has seen (None: all of it)
        self.bot_wait = 0.0
        self.finished = False
        self.results_shown = False
        self.recorded = False
        self._wrapped: tuple[tuple, list[str]] = ((), [])
        self._results_delay = 0.8
        #: a human seat acting out of turn at a shared screen (None: the game runs as usual)
        self.interrupt: Interrupt | None = None
        #: the scene's own buttons: each other human's interrupt (Paws) and "cancel" for the caller
        self.widgets = Widgets()
        self._widget_key: tuple | None = None
        self._handoff_reason = ""  # said on the next handoff ("Back to Bob's turn." after a Paws)
        self._paused_seat: int | None = None  # whose private view a pause at the couch hid
        self._notes_read_at = 0  # the number of moves when the casebook was last opened
        self.clock = 0.0
        # a button that has just taken another's place holds off clicks by the table's own clock
        for group in (self.widgets, getattr(self.view, "widgets", None)):
            if group is not None:
                group.clock = lambda: self.clock
        self._was_busy = False
        self._palette = app.palette
        self.coach = Coach(self)
        self.rebuild_view(animate=False)
        if session.replay.notes and not self.watching:
            self.view.restore_table_notes(session.replay.notes)  # a resumed game's marks and desk
            self.app.invalidate()
        if session.replay.actions and not self.watching and not self.state.is_over() and self._move_line:
            # a resumed game tells its last move in the banner, as it did when the game was left
            # (play-test: after Continue the banner said only "Your turn", and a Master's move made
            # as the window closed was found only in the casebook; then it told the move's
            # after-effect, "The Assist moves Holmes...", and not the Assist)
            self._flash_queue.append(self._move_line)
            self._tick_flash()

    # -- facts for views --------------------------------------------------------------------
    @property
    def seat_names(self) -> list[str]:
        return [s.name for s in self.session.seats]

    @property
    def state(self):
        return self.session.state

    def legal_for_viewer(self) -> list[Action]:
        if self.viewer is None or self.state.is_over():
            return []
        return self.state.legal_actions(self.viewer)

    def viewer_may_act(self) -> bool:
        return bool(self.legal_for_viewer()) and not self.view.busy

    @property
    def couch(self) -> bool:
        """Two or more humans share the screen: private views are shown only to whoever acts."""
        return len(self.session.human_seats) > 1

    @property
    def animation_speed(self) -> float:
        return self.app.settings.animation_scale

    def deal(self) -> None:
        """A new game's table first appears: its cards fly from their decks to their places, one
        after another (play-test: the setup screen went straight to a fully laid-out table, and no
        card ever left a deck). Not for a game continued, a replay or a lesson (they do not start
        here), nor at the instant pace. The table is busy meanwhile: bots wait, a click finishes it."""
        if self.watching or self.animation_speed <= 0:
            return
        if deal_cards(self.view.board, self.view.deal_source, self.animation_speed):
            self.app.sound.play("shuffle")
            self.app.invalidate()

    # -- syncing the view -------------------------------------------------------------------
    def rebuild_view(self, animate: bool, news: bool | None = None) -> None:
        """Show the current observation for the viewer, with everything since the last sync. The
        view and the casebook read the observation's log: the viewer's events, or in a replay's
        "everything" eyes the private copies of what was hidden. ``news`` (a move just made; by
        default whenever it animates) puts the move's line in the banner, with animations off too."""
        news = animate if news is None else news
        obs = self.observation()
        shown = obs.log
        events = shown[self._synced:] if self._synced is not None else ()
        self._synced = len(shown)
        self.view.board.speed = self.animation_speed if animate else 0.0
        self.view.sync(obs, events, animate)
        before = len(self.log_lines)
        self.log_lines, self.log_why, self.log_events = [], [], []
        moves = self.session.explained_move_of_event()  # built once: the log can be long
        index_of = {id(event): index for index, event in enumerate(self.state.log)}
        explained: set[int] = set()
        # the newest move's own line leads the flash, not its last side effect ("The Assist moves
        # Holmes 1 step closer" said nothing of what was told, and to whom)
        newest = self.session.move_events[-1][1] if self.session.move_events else len(self.state.log)
        lead_line = last_news = own_line = None
        aftermath: list[str] = []  # the newest move's after-effects the banner tells after its line
        for event in shown:
            if (line := self.view.describe(event)) is None:
                continue
            index = index_of.get(id(event), -1)
            self.log_lines.append(line)
            self.log_events.append(index)
            if own_line is None and index >= newest:
                own_line = line  # the newest move's first line, news or not ("Ada's turn ends.")
            if self.view.news(event):
                after = self.view.banner_aftermath(event)
                if lead_line is None and index >= newest:
                    lead_line = line
                elif index >= newest and after:
                    aftermath.append(line)  # after the move's line, never in its place
                if not after:
                    last_news = line
            move = moves.get(index)
            # no "why?" on a move that tells no news (a bare turn end): its button sat on the next one's
            if move is not None and move not in explained and self.view.news(event):
                explained.add(move)
                self.log_why.append(move)
            else:
                self.log_why.append(None)
        # the newest line worth the banner: a handoff's banner tells it, not a bare "Watson's turn ends."
        self._news_line = last_news or (self.log_lines[-1] if self.log_lines else None)
        #: the newest move's own line ("Billy tells you that...", not its after-effect "The Assist
        #: moves Holmes 1 step closer")
        self._move_line = lead_line or self._news_line
        if news and len(self.log_lines) > before and self.log_lines:
            # the line waits its turn in the banner; the one before stays meanwhile (a blank
            # banner between a bot's moves flickered)
            # a move that tells nothing new ("Billy's turn ends.") shows the turn's news again; a
            # replay's step tells its own move, whatever it is (Case Connection's replay had told
            # "Ada visits Baker Street..." again at "Ada's turn ends.", as if a step did nothing)
            line = lead_line or (own_line if self.watching else None) or last_news or self.log_lines[-1]
            # (a replay tells each step by its move's own line alone)
            told_lines = [line] + (aftermath if lead_line is not None and not self.watching else [])
            if len(told_lines) > 1:
                # the last after-effect stays with the move's own line: the banner had ended on
                # "New Opportunity lead: Document 8." alone, and a glance could not tell who did what
                told_lines[-1] = f"{line} {told_lines[-1]}"
                self._flash_alias[told_lines[-1]] = line
                while len(self._flash_alias) > FLASH_QUEUE + 2:
                    del self._flash_alias[next(iter(self._flash_alias))]
            for told in told_lines:
                if not self._flash_queue or self._flash_queue[-1] != told:
                    self._flash_queue.append(told)
            del self._flash_queue[:-FLASH_QUEUE]  # at most a few lines behind the table
            self._tick_flash()
        if not animate:
            self.view.finish_animations()
            self.view.settled()
        self.app.invalidate()

    def observation(self):
        """What the table shows: the viewer's observation; once the game is over, every hidden
        card face up where the game can show it (the player never saw their own Beyond Baker
        Street hand). The replay viewer may show more."""
        if self.state.is_over() and not self.watching and self.view.turns_all_up_at_end:
            revealed = self.state.revealed_view()
            if revealed is not None:
                return revealed
        return self.session.observe(self.viewer)

    def set_viewer(self, seat: int | None) -> None:
        if seat != self.viewer:
            self.coach.clear()  # a hint is for the eyes it was asked with (it showed through a Paws handoff)
        self.viewer = seat
        self._synced = None  # the new eyes start settled: nothing to animate
        self.view.board.keep_only(set())
        flash, pending = self._flash, self._pending_flash
        self.rebuild_view(animate=False)
        # the banner's newest line was written for the old eyes ("Alice draws a 4"): it is said
        # again as the new eyes read it ("Alice draws a card"), never carried over
        latest = self._news_line
        self._flash = (latest, flash[1]) if flash is not None and latest else None
        self._pending_flash = latest if pending is not None and latest else None
        self._refresh_widgets()

    # -- acting -----------------------------------------------------------------------------
    def act(self, action: Action, confirmed: bool = False) -> str | None:
        """The viewer's action. Returns None when applied, else the reason it was refused."""
        if self.viewer is None:
            return "Nobody is at the screen."
        if not confirmed and self.app.settings.confirm_losing_moves:
            warning = self.view.risky(self.viewer, action)
            if warning and self.legal_for_viewer() == [action]:  # "Cancel" alone would lead nowhere
                warning += " It is the only move left."
            if warning:
                from sleuth.ui.scenes.dialogs import ConfirmScene

                self.app.stack.push(ConfirmScene(self.app, warning, lambda: self.act(action, confirmed=True)))
                return AWAITING_CONFIRMATION
        seat = self.viewer
        public = self._ends_private_view(action)
        if public:  # the move plays out in the public view: its owner's is done, and the next player may be looking
            self.set_viewer(None)
        try:
            self.session.apply(seat, action)
        except IllegalAction as exc:
            if public:
                self.set_viewer(seat)
            self.app.toast(exc.reason)
            return exc.reason
        self.app.toasts.clear()  # a refusal or a warning is about the position that is gone
        self.app.sound.play("slide")
        self._flash_queue = []  # the others' lines still waiting are behind the player's own move
        self.rebuild_view(animate=True)
        self._refresh_widgets()  # at once: a Cancel for an interrupt just answered goes now, not after the animation
        return None

    def _ends_private_view(self, action: Action) -> bool:
        """Whether the viewer's ``action`` ends their part at a shared screen (it is no longer
        their move after it): then nobody else may see their view, not even while the move
        animates (the next player's cards, a new hand, a letter just taken stayed up 0.3 to 2.5 s
        while the screen changed hands)."""
        if not self.couch or self.viewer is None:
            return False
        after = self.state.clone()
        try:
            after.apply(self.viewer, action)
        except IllegalAction:
            return False
        if after.is_over():
            return False  # the end turns every secret over: the table stays as its last mover sees it
        if self.interrupt is not None:
            return True  # the out-of-turn move is made: the screen goes back to the turn's owner
        return self.viewer not in after.pending_seats()

    def _apply_bot(self, seat: int, action: Action, explanation=None) -> None:
        self.session.apply(seat, action, explanation)
        self.app.sound.play("slide")
        self.rebuild_view(animate=self.animation_speed > 0, news=True)  # with animations off, its line all the same
        self._refresh_widgets()  # at once: another human's Paws! follows their panel, which moved with the turn

    # -- the flow of play -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self._tick_flash()
        if self.app.palette is not self._palette:
            # the colour-blind palette was switched: every card is painted again from the new one
            self._palette = self.app.palette
            self.set_viewer(self.viewer)
        self.view.update(dt)
        self.coach.update()
        state = self.state
        if state.is_over() and not self.recorded:
            self._game_finished()  # at once, so a window closed during the last animation loses nothing
        if self.view.busy:
            self._was_busy = True
            return
        if self._was_busy:
            self._was_busy = False
            self.view.settled()  # controls from the state after the last animation, in every table
            self.app.invalidate()
        self._refresh_widgets()
        if self.couch and self.viewer is not None and not self._viewer_acting():
            # the owner of this private view has finished (and watched) their move: nobody else may
            # see it, so until the next human confirms a handoff the table shows the public view
            self.set_viewer(None)
        if state.is_over():
            self.interrupt = None  # a Paws that caught Furriarty ends the game, and the interrupt
            self._results_delay -= dt
            if not self.results_shown and self._results_delay <= 0:
                self.show_results()
            return
        if self.interrupt is not None:
            self._follow_interrupt()
            return
        try:
            decision = self.session.poll_bot()
            if decision is not None and decision.action is not None:
                self._apply_bot(decision.seat, decision.action, decision.explanation)
                self.bot_wait = self.app.settings.bot_delay_s
                return
        except Exception as exc:  # noqa: BLE001 - a broken bot must not stop the table
            self._bot_failed(exc)
            return
        if self.session.thinking:
            return
        if self.session.bot_jobs_due():
            if self._banner_behind():
                # a bot moves once the move before it has been told long enough to read (the
                # banner's time is its pause): with three quick bots the banner had named the move
                # before the one on the table, and dropped lines
                self.bot_wait = 0.0
                return
            if self.bot_wait > 0:
                self.bot_wait -= dt
                return
            self.session.start_bot_decision()
            return
        seat = self.session.pending()
        if seat is not None and self.session.is_human(seat) and seat != self.viewer:
            reason, self._handoff_reason = self._handoff_reason, ""
            self.handoff(seat, reason)

    def setting(self, name: str):
        """A setting as this table applies it (a lesson keeps what its words describe)."""
        return getattr(self.app.settings, name)

    def _viewer_acting(self) -> bool:
        """The viewer is the seat the game waits for (or the one calling an interrupt)."""
        if self.state.is_over():
            return False
        if self.interrupt is not None:
            return self.viewer == self.interrupt.seat
        return self.viewer in self.state.pending_seats()

    # -- acting out of turn (a game's optional seats: Purrrlock's Paws) -------------------------
    def interrupt_seats(self) -> list[int]:
        """Human seats other than the viewer that may act out of turn now, at a shared screen.

        The viewer acts out of turn through the table itself; every other human needs a way in
        that does not make them look at the screen first: a button on their own panel and a key.
        """
        if not self.couch or self.watching or self.state.is_over() or self.interrupt is not None:
            return []  # a replay offers no live move (its "Someone else: Paws! (P)" did nothing)
        optional = self.state.optional_seats()
        return [s for s in self.session.human_seats
                if s in optional and s != self.viewer and self.state.legal_actions(s)]

    def call_interrupt(self, seat: int) -> bool:
        """``seat`` acts out of turn: pause the game, hand the screen over, then hand it back.

        A bot's pending choice is dropped (it chooses again from the new position afterwards) and
        no bot move is applied until the interrupt is over.
        """
        if seat not in self.interrupt_seats():
            return False
        self.view.finish_animations()
        self.session.drop_bot_decision()
        self.app.toasts.clear()  # P's prompt (or a note about the turn) is not for the handoff screen
        self.interrupt = Interrupt(seat, len(self.state.log))
        self._refresh_widgets(force=True)
        self.handoff(seat, self.view.interrupt_reason(seat))
        return True

    def ask_who_interrupts(self, back_to: int | None = None) -> None:
        """The shared interrupt button: hide everything private, then ask who acts (a player who
        calls Paws never has to look at a table showing their own secret card). "Nobody" hands
        the screen to ``back_to``, by default whoever was at it."""
        from sleuth.ui.scenes.handoff import InterruptChooserScene

        seats = self.interrupt_seats()
        if not seats:
            return
        if back_to is None:
            back_to = self.viewer
        self.view.finish_animations()
        self.session.drop_bot_decision()
        self.app.toasts.clear()
        self.set_viewer(None)
        self.app.stack.push(InterruptChooserScene(self.app, self, seats, back_to))

    def cancel_interrupt(self) -> None:
        """The interrupting player changed their mind: back to the game as it was."""
        if self.interrupt is not None:
            self._end_interrupt()

    def _end_interrupt(self) -> None:
        self.interrupt = None
        self.set_viewer(None)  # the seat whose turn it is gets its own handoff ("Pass to BOB")
        seat = self.session.pending()
        back = seat is not None and self.session.is_human(seat)
        self._handoff_reason = f"Back to {possessive(self.seat_names[seat])} turn." if back else ""
        self._refresh_widgets(force=True)

    @property
    def interrupt_answered(self) -> bool:
        """The interrupting seat has acted: the interrupt only waits for its animation to end
        (no Cancel, no prompt to act any more)."""
        return self.interrupt is not None and len(self.state.log) > self.interrupt.log_length

    def _follow_interrupt(self) -> None:
        """End the interrupt once its seat has acted (or can no longer act)."""
        interrupt = self.interrupt
        if len(self.state.log) > interrupt.log_length or not self.state.legal_actions(interrupt.seat):
            self._end_interrupt()

    def _refresh_widgets(self, force: bool = False) -> None:
        key = (len(self.state.log), self.viewer, self.interrupt)
        if key == self._widget_key and not force:
            return  # asked every step: the seats' legal actions change only with the log
        self._widget_key = key
        self._tell_hopeless()
        seats = self.interrupt_seats()
        self.widgets.clear()
        if seats:  # one button for everyone, away from every private card; it asks who acts
            self.widgets.add(Button(self.view.interrupt_call_anchor(), label=self.view.interrupt_call_label(),
                                    size=14, primary=True, on_click=self.ask_who_interrupts,
                                    tooltip=f"{self.view.interrupt_call_tooltip()} (keys: P, then "
                                            f"{self.interrupt_keys(seats)})"))
        if self.interrupt is not None and self.viewer == self.interrupt.seat and not self.interrupt_answered:
            pending = self.session.pending()
            back = self.seat_names[pending] if pending is not None else "the game"
            self.widgets.add(Button(self.view.interrupt_cancel_anchor(),
                                    label=f"Cancel, back to {back}", size=15, on_click=self.cancel_interrupt,
                                    tooltip=f"Do not {self.view.interrupt_label().rstrip('!').lower()} after all"))

    def _bot_failed(self, exc: Exception) -> None:
        """A bot raised or chose an illegal move: say so and play a random legal move for it."""
        import random

        seat = self.session.pending()
        self.app.toast(f"A bot made a mistake ({type(exc).__name__}: {exc}); it plays a random move instead.", 6.0)
        if seat is not None and seat in self.session.bots:
            legal = self.state.legal_actions(seat)
            if legal:
                self._apply_bot(seat, random.Random(len(self.state.log)).choice(legal))

    def _game_finished(self) -> None:
        """Once, the moment the game is over: clear the autosave and record the result."""
        from datetime import UTC, datetime

        from sleuth.store.saves import clear_autosave

        self.recorded = True
        self.finished_at = datetime.now(UTC)  # Recent games and a saved replay's name tell this moment
        session, paths, stats = self.session, self.app.paths, self.app.stats
        replay, outcome = session.replay, self.state.outcome()
        finished_at = self.finished_at

        game_id = self.spec.id

        def record() -> None:
            clear_autosave(paths, game_id)
            stats.record_game(replay, outcome, finished_at=finished_at)
            warning = stats.take_warning()
            if warning:
                self.app.toast(warning, 8.0)

        self.app.background(record)

    def handoff(self, seat: int, reason: str = "") -> None:
        """Hide everything private, then let ``seat``'s player confirm they are at the screen."""
        from sleuth.ui.scenes.handoff import HandoffScene

        if not self.couch:
            self.set_viewer(seat)
            return
        self.set_viewer(None)
        moved = any(mover == seat for mover, _ in self.session.replay.actions)
        # "Since your last turn" to a player who has had none read oddly at the start
        heading = "Since your last turn" if moved else "So far"
        self.app.stack.push(HandoffScene(self.app, self, seat, reason, self.since_last_turn(seat), heading))

    def since_last_turn(self, seat: int) -> list[str]:
        """What the table saw since ``seat`` last moved (since the start, before its first move):
        a line a move, the move's own first public line, and the after-effects its table counts
        as news (Furriarty's step, the tokens a right guess collects), the newest last (a bot's
        turn passes quicker than the eye, and a handoff covers it at once). Routine after-effects
        ("draws 2 cards", "Round 2") are left out, so a right guess or an Assist stands out."""
        actions = self.session.replay.actions
        last = next((i for i in range(len(actions) - 1, -1, -1) if actions[i][0] == seat), -1)
        # where each move's events begin, and the end of the log: one look per move, not two
        bounds = [self.session.log_length_at(move) for move in range(last + 1, len(actions) + 1)]
        lines: list[str] = []
        self.view.reader = seat  # written to that player ("tells you that your 2nd card")
        try:
            for start, end in zip(bounds, bounds[1:], strict=False):
                first = True
                for event in self.state.log[start:end]:
                    if not event.visible_to(None) or not (first or self.view.aftermath_news(event)):
                        continue
                    if first and not self.view.news(event):
                        continue  # a bare "Billy's turn ends." takes a row and says nothing
                    line = self.view.describe(event)
                    if line:
                        lines.append(line)
                        first = False
        finally:
            self.view.reader = None
        return lines

    def show_results(self) -> None:
        from sleuth.ui.scenes.results import ResultsScene

        again = self.results_shown  # back from a look at the finished table: no second fanfare
        self.results_shown = True
        self.app.stack.push(ResultsScene(self.app, self, again=again))

    # -- drawing only when something changed ---------------------------------------------------
    def animating(self) -> bool:
        return self.view.animating()

    def frame_key(self) -> object:
        """A bot's move, a changed viewer or interrupt, the thinking line, the results: each is a
        change the screen must show although no key was pressed."""
        return (len(self.state.log), self.viewer, self.interrupt, self.session.thinking, self.results_shown,
                len(self.log_lines), self.log_scroll, self.log_open, self._flash[0] if self._flash else None,
                self.coach.asked_at, self.coach.shown_at)

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        handled = self._handle(event)
        if event.type != pygame.MOUSEMOTION:  # a mark or a card laid comes with a click, a drop or a key
            self._keep_table_notes()
        return handled

    def _keep_table_notes(self) -> None:
        """Save the game again when the players' notes changed (a mark in Purrrlock's grid, a card
        laid on Case Connection's desk): they are no move, so the save after each move missed them
        and Save and quit, then Continue, lost them."""
        if self.watching or self.session.autosave is None or self.state.is_over():
            return
        notes = self.view.table_notes()
        if notes != self.session.replay.notes:
            self.session.replay.notes = notes
            self.session.save()

    def _handle(self, event: pygame.event.Event) -> bool:
        if self._interrupt_key(event):
            return True
        mouse = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
        under_drawer = mouse and self.under_drawer(event.pos)
        if self.widgets.items and mouse and not under_drawer and self.widgets.handle(event):
            return True
        if not under_drawer and self.coach.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & pygame.KMOD_CTRL:
            self.coach.ask()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_w and not event.mod & pygame.KMOD_CTRL:
            silent = self._unexplained_bot_shown()
            if silent is not None:  # not a later bot's reasons, for a move the banner has not told yet
                kind = seat_kind_name(self.session.seats[silent].kind)
                self.app.toast(f"{self.seat_names[silent]} ({article(kind)}) plays by simple rules and gives no "
                               "reasons for its moves.")
                return True
            self.show_why(self.why_move())  # the banner's bot move, else the latest
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._banner_click(event.pos):
            return True
        if self.log_open and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                event.pos[0] >= LOG_RECT[0] and event.pos[1] >= BANNER_H and self._log_click(event.pos):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.log_open:
            self.toggle_log()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.view.half_made():
                self.view.cancel()
            else:
                self.pause()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            from sleuth.ui.scenes.rules import RulesScene

            # at a shared screen, as a pause: the rules are a place people step away to (F1 went
            # straight back to the player's hand and notes, where Esc, Rules, Back handed over)
            self._step_away()
            self.app.stack.push(RulesScene(self.app, self.spec,
                                           then=lambda: self.resume_after_pause("Back from the rules.")))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and self.viewer_may_act():
            self.show_moves()
            # opened by key: its first move wears the keyboard's ring (it had none, and the first
            # Down ringed the second move)
            self.app.stack.top.widgets.keyboard = True
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.toggle_log()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and inside(LOG_TAB, event.pos):
            self.toggle_log()
            return True
        if self.log_open and event.type == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, self.log_scroll + event.y)
            return True
        if self.log_open and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and \
                event.pos[0] >= LOG_RECT[0] and event.pos[1] >= BANNER_H and self.view.board.held is None:
            return event.type != pygame.MOUSEMOTION
        if self.view.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.view.finish_animations()  # a click or key skips the animation
            if not self._settled_on_a_control(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self._tell_the_arrows()
        if self._banner_keys(event):
            return True
        if self.view.handle(event):
            if event.type == pygame.KEYDOWN and event.key in ARROW_WAYS and self.banner_focus is not None:
                self.banner_focus = None  # the table's own focus moved: one ring at a time, Enter goes there
                self.app.invalidate()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return self.take_back() or True  # a table's own Ctrl+Z (a half-built desk) came first
        return self._zoom(event)

    def _tell_the_arrows(self) -> None:
        """The first Tab at a table whose cards and places the arrow keys reach says so, once: a
        keyboard player tabbed through the buttons and never found how to lay out a thread (the
        arrows were told only at the end of the rules)."""
        places = getattr(self.view, "cursor_places", None)
        if self._arrows_told or places is None or not self.view.cursor_ready() or not places():
            return
        self._arrows_told = True
        self.app.toast("The arrow keys move over the cards and places, and Enter plays there; Tab steps "
                       "through the buttons.", 6.0)

    def _zoom(self, event: pygame.event.Event) -> bool:
        """Right-click a card, or hold Z or Space over it or with the keyboard's cursor on it, to see it
        large (a table that uses the right button, Z or Space itself, e.g. a focused button, has
        already taken the event)."""
        from sleuth.ui.scenes.zoom import ZoomScene

        keyed = event.type == pygame.KEYDOWN and event.key in (pygame.K_z, pygame.K_SPACE) and \
            not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            pos, release = event.pos, (pygame.MOUSEBUTTONUP, 3)
        elif keyed:
            pos, release = self.app.mouse_pos, (pygame.KEYUP, event.key)
        else:
            return False
        if self.view.board.held is not None:
            # mid-drag nothing comes over the table to take the button's release (the card had
            # stayed on the pointer, and the next click played it): the right button lets go of
            # the card, as in most games; Space or Z does nothing, and the drag goes on
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.view.board.cancel_drag()
            return True
        # a key shows the card the keyboard's cursor is on (a keyboard player had no way to)
        sprite = (self.view.focused_card() if keyed else None) or self.view.board.sprite_at(pos)
        if sprite is None or sprite.hidden:
            if keyed and event.key == pygame.K_z:
                self.app.toast("Point at a card (or move the keyboard's cursor to it) and hold Z to see it large.")
                return True
            return False
        self.app.stack.push(ZoomScene(self.app, sprite, release))
        return True

    def _interrupt_key(self, event: pygame.event.Event) -> bool:
        """P at a shared screen does what the shared interrupt button does: it hides the table and
        asks who acts, where a seat's number key picks the caller. (P had kept the acting player's
        hand and notes up under a prompt "press 1 for Ann or 4 for Dee", in front of everyone who
        was about to call.) Alone against bots there is no other human to ask: P is not taken."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_p or not self.interrupt_seats():
            return False
        self.ask_who_interrupts()
        return True

    def interrupt_keys(self, seats: Sequence[int]) -> str:
        """Which number key calls whose interrupt after P: ``1 for Ann or 3 for Cleo``."""
        return either(f"{s + 1} for {self.seat_names[s]}" for s in seats)

    def toast_place(self, sizes: list[tuple[float, float]], canvas: Canvas | None = None
                    ) -> tuple[int, tuple[float, float]]:
        """Where a notice goes on this table, of its shapes ``sizes`` (widest first): the widest
        that lies over nothing, as near the bottom middle as the table allows; where none does,
        over no button above all, then as little of the cards and places to drop on, then of
        what is read (the tracks, a notes grid, and with ``canvas`` every line the table writes:
        the view is drawn once to find them, so only before the frame is drawn); it lies in a panel
        of the table or beside it, not across its edge (``frame_edges``). Worked out once
        per position and shapes, not every frame. Returns (shape, top left)."""
        from sleuth.ui.layoutcheck import occupied, touchable
        from sleuth.ui.scenes.coach import first_clear_spot, frame_edges, split_drop_areas

        # the table's buttons as they are now: a notice placed before a lesson handed the table over
        # lay on the Dispute button that came up under it a moment later
        widgets = getattr(self.view, "widgets", None)
        buttons = tuple(tuple(w.rect) for w in widgets.items if w.visible) if widgets is not None else ()
        key = (tuple(sizes), canvas is not None, len(self.state.log), self.viewer, self.log_open, self.coach.note,
               self.view.busy, buttons)
        cached = getattr(self, "_toast_spot", None)
        if cached is None or cached[0] != key:
            touch, cards = touchable(self)
            hard, drops = split_drop_areas(self, touch)
            if self.coach.note is not None:
                hard.append(self.coach.note)
            if canvas is not None:
                reading = occupied(self, canvas)[1]
            else:
                reading = [tuple(rect) for rect in self.view.reading_areas()]
            right = LOG_RECT[0] if self.log_open else LOGICAL_W
            area = (12, BANNER_H + 12, right - 24, LOGICAL_H - BANNER_H - 24)
            index, spot, _ = first_clear_spot(sizes, hard, area, reading, near=(right / 2, LOGICAL_H),
                                            firm=drops + cards + frame_edges(self))
            self._toast_spot = (key, (index, spot[:2]))
        return self._toast_spot[1]

    def toast_spot(self, size: tuple[float, float]) -> tuple[float, float]:
        """Where a notice of one shape goes (``toast_place``)."""
        return self.toast_place([size])[1]

    @property
    def _pending_flash(self) -> str | None:
        """The newest line still waiting to show (None when none waits)."""
        return self._flash_queue[-1] if self._flash_queue else None

    @_pending_flash.setter
    def _pending_flash(self, line: str | None) -> None:
        self._flash_queue = [] if line is None else [line]

    def _flash_min(self) -> float:
        """How long a move's line stays before the next one: ``FLASH_MIN``, down to ``FLASH_HURRY``
        at a fast bot pace (the bots wait for the banner, so a fast pace would be the normal one)."""
        return min(FLASH_MIN, max(FLASH_HURRY, 2.5 * self.app.settings.bot_delay_s))

    def _banner_behind(self) -> bool:
        """Whether the banner still tells the last move: its line waits, or has been up less than
        a bot's line needs to be read (``_flash_min``, twice the pause at a slow pace) or, after a
        person's own move, less than the bot pace's pause. Bots hold their next move meanwhile, so
        the banner names every move while it plays out. Not at the instant pace, which asks for no
        waiting at all."""
        delay = self.app.settings.bot_delay_s
        if delay <= 0:
            return False
        if self._flash_queue:
            return True
        if self._flash is None or not self.session.replay.actions:
            return False
        need = max(delay, FLASH_HURRY) if self._tells_a_person(self._flash[0]) else max(self._flash_min(), 2 * delay)
        return getattr(self, "clock", 0.0) - self._flash_since < need

    def _tells_a_person(self, line: str) -> bool:
        """Whether a banner line tells a person's own move ("Ann plays...", "You play..."): the
        player knows it already, so the bot after it need not wait for it to be read."""
        names = [self.seat_names[seat] for seat in self.session.human_seats]
        return any(line.startswith(f"{name} ") for name in names) or line.startswith("You ")

    def _tick_flash(self) -> None:
        """The next line shows once the line before it has been up ``FLASH_MIN`` seconds (and its
        move's animation has ended, where the view asks), ``FLASH_HURRY`` once the player at the screen is to move (the
        banner said "Your turn" while the bots' moves before it were still being told, seconds
        behind the table); the last one stays ``LOG_FLASH`` seconds, ``LOG_FLASH_TO_ACT`` when it tells
        another's move to the player now to move."""
        clock = getattr(self, "clock", 0.0)
        hurry = self.viewer is not None and self._viewer_acting() or (
            self._flash is not None and self._tells_a_person(self._flash[0]))  # a person's own move is known
        wait = FLASH_HURRY if hurry else self._flash_min()
        if self._flash_queue and not (self.view.busy and self.view.news_waits_for_animation) and (
                self._flash is None or clock - self._flash_since >= wait):
            self._flash, self._flash_since = (self._flash_queue.pop(0), clock + LOG_FLASH), clock
        if self._flash is not None and clock >= self._flash[1]:
            to_act = self.viewer is not None and self._viewer_acting() and not self._tells_a_person(self._flash[0])
            if not to_act or clock - self._flash_since >= LOG_FLASH_TO_ACT:
                self._flash = None

    # -- the coach and "why?" -------------------------------------------------------------------
    def table_top(self) -> float:
        """Where the table begins under the banner (the coach's note stays below it)."""
        return BANNER_H

    def why_move(self) -> int | None:
        """The bot move whose line the banner shows, whose reasons its "Why?" and W open (with
        several bots the banner's move was not the latest, and W explained another)."""
        line = self._flash_line()
        return self.log_why[line] if line is not None else None  # None unless it starts a bot's move

    def _why_tab_move(self) -> int | None:
        """The bot move the banner's "Why?" explains: the one its line shows, else, once the line
        has gone, the bot move W explains if it came after the viewer's own last move. The button
        had gone with the line after a few seconds: a newcomer's click 2 s later hit nothing."""
        shown = self.why_move()
        if shown is not None or self.log_open or self.viewer is None:
            return shown
        move = self._why_default()
        if move is None or move not in self.session.explanations:
            return None
        mine = max((i for i, (seat, _) in enumerate(self.session.replay.actions) if seat == self.viewer), default=-1)
        return move if move > mine else None

    def _flash_line(self) -> int | None:
        """Which line of the casebook the banner shows (the latest with its words); None when
        it shows none or the drawer is open."""
        if self._flash is None or self.log_open:
            return None
        shown = self._flash_alias.get(self._flash[0], self._flash[0])
        return next((i for i in range(len(self.log_lines) - 1, -1, -1) if self.log_lines[i] == shown), None)

    def _unexplained_bot_shown(self) -> int | None:
        """The seat of the bot whose move the banner shows, when that move came without reasons
        (an Easy bot's); else None."""
        line = self._flash_line()
        if line is None or self.log_why[line] is not None:
            return None
        move = self.session.move_of_event(self.log_events[line])
        if move is None or move in self.session.explanations:
            return None
        seat = self.session.replay.actions[move][0]
        return None if self.session.is_human(seat) else seat

    def _why_default(self) -> int | None:
        """The bot move W explains: of the latest bot's latest run of explained moves, the last
        that was a real choice (a turn's forced last step, "nothing was left to do", explains less
        than the move before it); else the latest explained move."""
        latest = [m for m in self.log_why if m is not None]
        if not latest:
            return None
        explanations = self.session.explanations
        last = explanations.get(latest[-1])
        for move in reversed(latest):
            explanation = explanations.get(move)
            if explanation is None or last is None or explanation.seat != last.seat:
                break
            if explanation.runner_up is not None:
                return move
        return latest[-1]

    def show_why(self, move: int | None = None) -> bool:
        """Open the reasons of bot move ``move`` (default: ``_why_default``)."""
        if move is None:
            move = self._why_default()
            if move is None:
                self.app.toast("No bot move to explain yet.")
                return False
        explanation = self.session.explanations.get(move)
        if explanation is None:
            return False
        line = self.log_lines[self.log_why.index(move)] if move in self.log_why else ""
        self.app.stack.push(WhyScene(self.app, self, line, explanation))
        return True

    @property
    def handing_off(self) -> bool:
        """Whether a screen that hides the table lies over it: a handoff, the couch's "Who calls
        Paws?" or the pause menu (the banner's buttons are not for anyone then: "Casebook (L)"
        showed over them and did nothing)."""
        from sleuth.ui.scenes.handoff import HandoffScene, InterruptChooserScene
        from sleuth.ui.scenes.pause import PauseScene

        return any(isinstance(scene, HandoffScene | InterruptChooserScene | PauseScene) and scene.table is self
                   for scene in self.app.stack.scenes)

    def banner_tabs(self) -> list[BannerTab]:
        """The banner's buttons, right to left. Those that come and go often stand furthest left,
        so the others keep their places. None under a handoff screen: they showed through it
        dimmed, and a click there only confirmed the handoff."""
        if self.handing_off:
            return []
        unread = self.unread_moves()
        tabs = [("Casebook (L)", self.log_open, self.toggle_log,
                 "Casebook: every move you were allowed to see (L opens and closes it)." +
                 (f" {plural(unread, 'move')} since your last one; the banner tells only the newest." if unread else ""),
                 True)]
        if self.state.is_over() and self.results_shown:  # a look at the finished table: the way back
            tabs.append(("Results", False, self.show_results, "Back to the results of this game", True))
        if self.take_backs_offered():  # there the whole game, greyed when it has nothing to take back
            point, event, reason = self.session.take_back_point()
            tabs.append(("Take back", False, self.take_back, self.take_back_words(point) if point is not None
                         else self.take_back_refusal(event, reason), point is not None))
        if self.coach.offered:  # left of Take back, there the whole game: greyed while the player may not move
            if self.coach.available:
                tabs.append(("Hint (H)", self.coach.showing or self.coach.waiting, self.coach.ask,
                             "What would the expert play in your place? It sees only what you see (H).", True))
            else:  # it had gone with every bot's turn, and Why? slid into its place: a click for Why? hit Hint
                tabs.append(("Hint (H)", False, lambda: self.app.toast(HINT_LATER), HINT_LATER, False))
        why = self._why_tab_move()
        if why is not None:  # last: it comes with a bot's move and goes with the viewer's next
            explained = self.session.explanations.get(why)
            who = self.seat_names[explained.seat] if explained is not None else "the bot"
            tabs.append(("Why? (W)", False, lambda: self.show_why(self._why_tab_move()),
                         f"Why {who} made that move: the bot's own reasons (W)", True))
        out = []
        right = LOG_TAB[0] + LOG_TAB[2]
        for index, (label, pressed, action, tip, available) in enumerate(tabs):
            width = LOG_TAB[2] if index == 0 else TAB_W
            rect = (right - width, 6, width, BANNER_H - 12)
            right = rect[0] - TAB_GAP
            out.append(BannerTab(rect, label, pressed, action, tip, available, unread if index == 0 else 0))
        menu = self.menu_tab()
        if menu is not None:  # last: the leftmost, first in Tab's order along the banner
            out.append(menu)
        return out

    def menu_tab(self) -> BannerTab | None:
        """The game's name at the banner's left is the way to the pause menu (Esc): a menu mark, the
        name, a frame. The menu had been reachable only by Esc, which nothing on the table said."""
        title = self.banner_title()
        if not title:
            return None
        width = self.app.canvas.text_size(title, MENU_TAB_SIZE, True, serif=True)[0] + MENU_MARK_W + 26
        return BannerTab((8, 6, width, BANNER_H - 12), title, False, self.pause,
                         "Menu: rules, settings, save and quit (Esc)", menu=True)

    def unread_moves(self) -> int:
        """The others' moves since the viewer's own last move (or since they last opened the case
        notes), when more than the banner's one line can tell: the veteran play-tester found
        only the last of three bot moves in the banner, and the rest only by opening the notes."""
        seat = self.viewer
        if seat is None or self.log_open or self.state.is_over():
            return 0
        actions = self.session.replay.actions
        last = next((i for i in range(len(actions) - 1, -1, -1) if actions[i][0] == seat), -1)
        start = max(last + 1, self._notes_read_at)
        count = sum(1 for mover, _ in actions[start:] if mover != seat)
        return count if count >= 2 else 0

    def _banner_keys(self, event: pygame.event.Event) -> bool:
        """Tab and Shift+Tab reach the banner's buttons after (before) the table's own, and Enter
        or Space presses the one in focus; a click anywhere takes the focus back to the mouse.
        The keys H, L, W and Ctrl+Z press them as before."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.banner_focus = None
            return False
        if event.type != pygame.KEYDOWN:
            return False
        tabs = [tab for tab in reversed(self.banner_tabs()) if tab.available]  # left to right
        labels = [tab.label for tab in tabs]
        if self.banner_focus not in labels:
            self.banner_focus = None
        if self.banner_focus is not None and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            tabs[labels.index(self.banner_focus)].action()
            self.app.invalidate()
            return True
        if event.key != pygame.K_TAB or not tabs:
            return False
        back = bool(event.mod & pygame.KMOD_SHIFT)
        widgets = getattr(self.view, "widgets", None)
        live = widgets._live() if widgets is not None else []
        usable = [i for i, widget in enumerate(live) if getattr(widget, "enabled", True)]
        if self.banner_focus is not None:  # along the banner, then back to the table's buttons
            at = labels.index(self.banner_focus) + (-1 if back else 1)
            self.banner_focus = labels[at] if 0 <= at < len(labels) else None
            self.app.invalidate()
            if self.banner_focus is None and usable:
                widgets.focus = None  # the table's own Tab takes its first (last) button
                return False
            if self.banner_focus is None:
                self.banner_focus = labels[0 if not back else -1]
            return True
        at = widgets.focus if widgets is not None else None
        if usable and (at is None or at != (usable[0] if back else usable[-1])):
            return False  # the table's buttons first
        self.banner_focus = labels[-1 if back else 0]
        if widgets is not None:
            widgets.focus = None
        # the table's own cursor steps aside (Case Connection's stayed on a card saying "Enter: pick
        # up" beside the ringed button, and Enter pressed the button)
        self.view.cursor_steps_aside()
        self.app.invalidate()
        return True

    def banner_focus_rect(self):
        """The rectangle of the banner button the keyboard's focus is on, or None (a table's own
        arrows start from it)."""
        tab = next((tab for tab in self.banner_tabs() if tab.label == self.banner_focus), None)
        return tab.rect if tab is not None else None

    def _banner_click(self, pos) -> bool:
        for tab in self.banner_tabs():
            if inside(tab.rect, pos):
                tab.action()
                return True
        return False

    # -- take-backs ----------------------------------------------------------------------------
    def take_backs_offered(self) -> bool:
        """Take back is offered in a game of one human against bots (not in a replay or a lesson)."""
        return self.spec.take_backs and self.coach_allowed and len(self.session.human_seats) == 1 \
            and len(self.session.seats) > 1 and not self.state.is_over()

    def take_back_words(self, point: int) -> str:
        """What Take back would take back, named: the human's last move, the bots' moves since, and
        the turn a bot is playing now (a play-tester found it live while a bot was choosing and
        could not tell what it would undo)."""
        actions = self.session.replay.actions
        try:
            move = f" ({self.view.describe_action(self.spec.actions.parse(actions[point][1]))})"
        except Exception:  # noqa: BLE001 - a move the view cannot name is still taken back
            move = ""
        said = f"Take back your last move{move}"
        since = len(actions) - point - 1
        if since:
            said += f" and the {plural(since, 'move')} the bots have made since"
        playing = [seat for seat in self.state.pending_seats() if seat in self.session.bots]
        if playing:  # a bot's turn is under way: it goes too
            name = self.seat_names[playing[0]]
            said += f"; {name} is still playing" if since else f", before {name} plays"
        return f"{said} (Ctrl+Z)."

    def take_back_refusal(self, event, reason: str) -> str:
        """Why Take back is unavailable, in words: what was shown since the move, or the reason."""
        if event is None:
            return reason
        line = self.view.describe(event)
        shown = f" ({line.rstrip('.')})" if line else ""
        return f"Your last move cannot be taken back: since then, something hidden was shown to you{shown}."

    def give_up(self) -> None:
        """Give up a game the viewer's side can no longer win (``view.give_up``), after a question
        that says why it cannot be won."""
        from sleuth.ui.scenes.dialogs import ConfirmScene

        offer = self.view.give_up()
        if offer is None:
            return
        _label, why, action = offer
        self.app.stack.push(ConfirmScene(self.app, f"{why} Give it up now? The game ends as a loss.",
                                         lambda: self.act(action, confirmed=True), yes="Give it up", no="Play on"))

    def _tell_hopeless(self) -> None:
        """Once a game, the moment it can no longer be won and a player at the screen is to move:
        why, and that it may be given up (a play-tester's team played on for a minute after its
        case was lost, and nothing said so)."""
        if self._hopeless_told or self.watching:
            return
        offer = self.view.give_up()
        if offer is None:
            return
        self._hopeless_told = True
        # short: a six-line notice had lain over the player's plate and a lead for its 10 s
        _label, why, _action = offer
        self.app.toast(f"{why} You may give it up, or play on.", 8.0)

    def take_back(self) -> bool:
        """Ctrl+Z or Take back: take back the human's last move and every bot move after it."""
        if not self.spec.take_backs and self.coach_allowed:
            self.app.toast(f"Moves cannot be taken back in {self.spec.name}: each one shows you something new.", 6.0)
            return False
        if not self.take_backs_offered():
            if self.couch and not self.state.is_over():  # Ctrl+Z did nothing and said nothing
                self.app.toast("Moves cannot be taken back with more than one person at the table.", 4.0)
            return False
        point, event, reason = self.session.take_back_point()
        if point is None:
            self.app.toast(self.take_back_refusal(event, reason), 6.0)
            return False
        self.view.finish_animations()
        self.coach.clear()
        self.session.take_back(point)
        self._synced = 0
        self.view.board.keep_only(set())
        self._flash = self._pending_flash = None
        self.rebuild_view(animate=False)
        self._refresh_widgets(force=True)
        self.bot_wait = self.app.settings.bot_delay_s
        undos = self.session.replay.undos
        self.app.toast(f"Your move was taken back ({undos} {'take-back' if undos == 1 else 'take-backs'} "
                       "this game).", 3.0)
        return True

    def _log_click(self, pos) -> bool:
        """A click on a line of the drawer that has a "why?" opens it."""
        for rect, move in getattr(self, "_why_spots", ()):
            if inside(rect, pos):
                return self.show_why(move)
        return False

    def toggle_log(self) -> None:
        """Open or close the move log's drawer over the right edge of the table."""
        self.log_open = not self.log_open
        self.log_scroll = 0
        if self.log_open:
            self._notes_read_at = len(self.session.replay.actions)
        self._flash = self._pending_flash = None
        self.app.invalidate()

    def show_moves(self, only=None, title: str = "Your possible moves") -> None:
        """The list of legal moves (optionally only those ``only`` accepts), for keyboard play."""
        from sleuth.ui.scenes.moves import MovesScene

        self.app.stack.push(MovesScene(self.app, self, only, title))

    def pause(self) -> None:
        """The pause menu. At a shared screen a pause is where a player steps away: their private
        view goes first (the menu had lain over a player's hand, notes and the others' clue cards,
        readable, and Resume went straight back to them), and Resume hands the screen back."""
        from sleuth.ui.scenes.pause import PauseScene

        self._step_away()
        # the table's keyboard ring goes: under the menu it read as a second focus
        self.banner_focus = None
        widgets = getattr(self.view, "widgets", None)
        if widgets is not None:
            widgets.focus = None
        self.app.stack.push(PauseScene(self.app, self))

    def _step_away(self) -> None:
        """At a shared screen, hide the private view of the player at it until they confirm they are
        back (``resume_after_pause``)."""
        if self.couch and not self.watching and self.viewer is not None and not self.state.is_over():
            self._paused_seat = self.viewer
            self.set_viewer(None)

    def resume_after_pause(self, reason: str = "Back from the pause.") -> None:
        """Resume (or back from the rules): the player whose view was hidden confirms they are back."""
        seat, self._paused_seat = self._paused_seat, None
        if seat is None or self.viewer is not None or self.state.is_over():
            return
        if self.interrupt is not None:
            seat = self.interrupt.seat  # mid-Paws: back to the caller, whose turn it is not
        elif seat not in self.state.pending_seats():
            return  # the turn has moved on: the table hands the screen to whoever acts now
        self.handoff(seat, reason)

    def on_exit(self) -> None:
        self.session.close()

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        board = self.view.board
        key = self.static_key()
        still = board.still_count() if key is not None else 0
        if key is not None:  # the cards lying still below every moving one are kept with the layer
            key = (key, still, board.still_key(still))
        self.static_layer.draw(canvas, key, lambda c: self._draw_static(c, still))
        board.drawn_below = still
        try:
            self.view.draw_moving(canvas)
        finally:
            board.drawn_below = 0
        self.draw_guides(canvas)
        self.banner_layer.draw(canvas, self.banner_key(), self.draw_banner, (0, 0, LOGICAL_W, BANNER_H))
        if self.log_open:
            canvas.mark_overlay(LOG_RECT)
            self.draw_log(canvas)
            for widget in self.widgets.items:  # the scene's buttons under the drawer wait for it to close
                widget.visible = widget.rect[0] + widget.rect[2] <= LOG_RECT[0]
        else:
            for widget in self.widgets.items:
                widget.visible = True
        self.widgets.draw(canvas, pal)

    def _settled_on_a_control(self, event: pygame.event.Event) -> bool:
        """After a click skipped the animation: whether it lands on one of the table's controls,
        which then works at once (an End turn pressed while a new card was dealt looked live and
        took a second click). The table settles first, so the control is the one it shows. Tab
        only moves the focus, so it moves it at once too: it was spent on skipping the animation,
        which showed as a Tab stop with no ring where Enter did nothing."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and not self.view.busy:
            self.offer_controls()
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or self.view.busy:
            return False
        self.offer_controls()
        widgets = getattr(self.view, "widgets", None)
        if widgets is not None and widgets.at(event.pos) is not None:
            return True
        sprite = self.view.board.sprite_at(event.pos)  # a card to click or pick up counts too (a
        return sprite is not None and (sprite.clickable or sprite.draggable)  # first click was lost)

    def offer_controls(self, force: bool = False) -> None:
        """Settle the table now (its animations have ended): the view's and the scene's controls
        for the state as it is, without waiting for the next update to notice."""
        if self.view.busy:
            return
        self._was_busy = False
        self.view.settled()
        self._refresh_widgets(force=force)
        self.app.invalidate()

    def draw_guides(self, canvas: Canvas) -> None:
        """What lies on the table over the cards and under the banner and the casebook: the
        coach's note and marks (a lesson adds its own)."""
        self.coach.draw(canvas)

    def under_drawer(self, pos) -> bool:
        """Whether ``pos`` is on the open casebook, which lies over the table and its guides."""
        return self.log_open and pos[0] >= LOG_RECT[0] and pos[1] >= BANNER_H

    def static_key(self) -> object | None:
        """The table's painted layer is kept while this holds (``staticlayer.py``)."""
        key = self.view.static_key() if self.app.keep_painted_layers else None
        if key is None:
            return None
        return (key, self.app.palette, self.view.board.areas_key(), self.view.widgets_key())

    def _draw_static(self, canvas: Canvas, still: int = 0) -> None:
        draw_felt(canvas, self.app.palette)
        self.view.draw_static(canvas)
        self.view.board.draw_areas(canvas)
        self.view.board.draw_range(canvas, 0, still)

    def banner_text(self) -> str:
        state = self.state
        if state.is_over():
            outcome = state.outcome()
            return f"Game over: {self.view.outcome_words(outcome)}" if outcome else "Game over"
        if self.interrupt is not None:
            reason = self.view.interrupt_reason(self.interrupt.seat)
            if self.viewer == self.interrupt.seat and not self.interrupt_answered:
                hint = self.view.interrupt_hint()
                return f"{reason} {cap(hint)}"
            return reason
        if self.couch and self.viewer is not None and not self._viewer_acting():
            # the last player's own move is still playing out on their private view: nobody else
            # is called to the screen until the handoff (it would show them that view)
            return f"{cap(possessive(self.seat_names[self.viewer]))} move"
        seat = self.session.pending()
        if seat is None:
            return ""
        actions = self.session.replay.actions
        if self.view.busy and actions and actions[-1][0] != seat and actions[-1][0] != self.viewer and \
                self.view.board.held is None and self.app.stack.top is self:
            # another seat's move still plays out: it is named, not the seat after it ("Carol's
            # turn" over Watson's move, so Watson's turn was never named); not once the player
            # has taken a card or answers a question ("Violet's move" stood over "Are you sure?")
            return f"{cap(possessive(self.seat_names[actions[-1][0]]))} move"
        name = self.seat_names[seat]
        if seat == self.viewer:
            hint = self.view.turn_hint()
            turn = self.view.turn_word()
            turn = turn if name.lower() == "you" else f"{turn}, {name}"  # not "Your turn, You"
            return turn + (f": {hint}" if hint else "")
        if not self.session.is_human(seat):
            return f"{says(name, 'is')} thinking..." if self.session.thinking else f"{cap(possessive(name))} turn"
        if self.coach.waiting:
            return "Asking the expert what it would play..."
        return f"{cap(possessive(name))} turn"

    def banner_key(self) -> object | None:
        """What the banner shows: its words, the newest move's line, its buttons (``banner_tabs``)."""
        if not self.app.keep_painted_layers:
            return None
        flash = self._flash[0] if self._banner_flashes() else None
        acting = self.viewer is not None and self._viewer_acting()
        tabs = self.banner_tabs()
        return (self.banner_text(), flash, acting, self.banner_focus, self._hovered_tab(tabs),
                tuple((tuple(tab.rect), tab.label, tab.pressed, tab.tip, tab.available, tab.badge) for tab in tabs),
                self.spec.name, self.app.palette)

    def _hovered_tab(self, tabs: list[BannerTab]) -> str | None:
        """The label of the banner button under the pointer: it lights up, as the table's own
        buttons do (the banner's stayed the same under the pointer)."""
        x, y = self.app.mouse_pos
        return next((tab.label for tab in tabs if tab.available and tab.rect[0] <= x <= tab.rect[0] + tab.rect[2]
                     and tab.rect[1] <= y <= tab.rect[1] + tab.rect[3]), None)

    def draw_banner(self, canvas: Canvas) -> None:
        pal = self.app.palette
        draw_wood(canvas, (0, 0, LOGICAL_W, BANNER_H), pal.wood)
        canvas.line((0, BANNER_H - 2), (LOGICAL_W, BANNER_H - 2), pal.brass_dark, 2)  # inside the banner
        # the short name ("Case Connection"): the full one took a quarter of the banner, and the
        # newest move was squeezed into two narrow lines beside it
        menu = self.menu_tab()
        title = self.banner_title()
        left = 14
        if menu is None and title:  # under the pause menu or a handoff: the name alone
            name = canvas.text(title, (14, BANNER_H / 2), MENU_TAB_SIZE, pal.brass, "midleft", bold=True, serif=True)
            left = name[0] + name[2] + 24
        elif menu is not None:
            left = menu.rect[0] + menu.rect[2] + 18
        right = self._draw_banner_tabs(canvas)
        colour = pal.highlight if self.viewer is not None and self._viewer_acting() else pal.text_light
        if self._banner_flashes() and not self.banner_tells_the_end() and not self._flash_repeats_turn(self._flash[0]):
            # the newest move in words (not after the game: the banner already says how it ended), for a few seconds, where it covers nothing on the table
            room = right - 24 - left
            turn = self.banner_text()
            if ": " in turn and (canvas.fit(turn, 18, room * 0.62) != turn or
                                 not self._flash_fits(canvas, turn, left, right - 24)):
                turn = turn.split(": ", 1)[0]  # "Your turn, Ada" whole; the how-to returns with the flash gone
            turn = canvas.fit(turn, 18, room * 0.62)
            shown = canvas.text(turn, (left, BANNER_H / 2), 18, colour, "midleft")
            self._banner_line(canvas, self._flash[0], shown[0] + shown[2] + 24, right - 24, pal.paper_dark, (16, BANNER_TWO_LINES))
        else:
            self._banner_line(canvas, self.banner_text(), left, right - 24, colour, (18, 16, BANNER_TWO_LINES), centred=True)

    def _banner_flashes(self) -> bool:
        """Whether the newest move's line shows beside the banner's words: not with the casebook
        open, nor under the pause menu or a handoff (the banner's buttons gone, the how-to and the
        move ran together into one dimmed line behind the menu: "...choose the lead you keep   Bot
        keeps a 2-point lead..."); the line comes back with the table."""
        return self._flash is not None and not self.log_open and not self.handing_off

    def banner_tells_the_end(self) -> bool:
        """Whether the banner's words say how the game ended (``banner_text``): the newest move's
        line is then not shown beside them."""
        return self.state.is_over()

    def banner_title(self) -> str:
        """The game's name at the banner's left."""
        return self.spec.short_name

    def _flash_fits(self, canvas: Canvas, turn: str, left: float, right: float) -> bool:
        """Whether the newest line, beside ``turn``, is shown up to the end of a sentence or a
        clause (on two lines at most); a long move ("Ann keeps a thread showing Forensic and
        Witness, and a Witness...") was cut where it said what was kept while the turn's how-to
        took the room."""
        width = right - (left + canvas.text_size(turn, 18)[0] + 24)
        line = self._flash[0]

        def fits(text: str) -> bool:
            return len(canvas.wrap(text, BANNER_TWO_LINES, width)) <= 2

        return fits(line) or _first_clauses(line, fits) is not None

    def _flash_repeats_turn(self, line: str) -> bool:
        """Whether the newest line only says whose turn it is, as the banner does already
        ("Billy's turn   Round 1: Billy's turn.")."""
        head = self.banner_text().split(":", 1)[0].split(",", 1)[0].strip().lower()
        if not head.endswith("turn"):
            return False
        said = line.rstrip(".!").lower()
        if head.startswith("your") and self.viewer is not None:  # "Your turn, Ann" and "Round 2: Ann's turn."
            return said.endswith(head) or said.endswith(f"{possessive(self.seat_names[self.viewer])} turn".lower())
        return said.endswith(head)

    def _banner_line(self, canvas: Canvas, line: str, left: float, right: float, colour, sizes,
                     centred: bool = False) -> None:
        """``line`` between ``left`` and ``right``: on one line at the first of ``sizes`` it fits,
        else on two lines at ``BANNER_TWO_LINES`` px (only a third line's worth is cut, with "...");
        a long Paws prompt or move was cut short where it mattered."""
        small = BANNER_TWO_LINES
        width = right - left
        x, anchor = ((left + right) / 2, "center") if centred else (left, "midleft")
        for size in sizes:
            if canvas.text_size(line, size)[0] <= width:
                canvas.text(line, (x, BANNER_H / 2), size, colour, anchor)
                return
        rows = canvas.wrap(line, small, width)
        if len(rows) < 2:  # one word wider than the room
            canvas.text(canvas.fit(line, small, width), (x, BANNER_H / 2), small, colour, anchor)
            return
        if len(rows) > 2:  # the sentence's first clauses whole, not cut in a word ("3 threads go under th...")
            shorter = _first_clauses(line, lambda text: len(canvas.wrap(text, small, width)) <= 2)
            if shorter is not None:
                line, rows = shorter, canvas.wrap(shorter, small, width)
        if len(rows) == 2:
            rows = _balanced(canvas, line, small, width)
        rows = [rows[0], canvas.fit(" ".join(rows[1:]), small, width, words=True)]
        for index, row in enumerate(rows):
            canvas.text(row, (x, BANNER_H / 2 + (index - 0.5) * (small + 3)), small, colour, anchor)

    def _draw_banner_tabs(self, canvas: Canvas) -> float:
        """The banner's buttons at the right (see ``banner_tabs``). Returns where the leftmost one
        begins (the banner's text stays left of it)."""
        pal = self.app.palette
        tabs = self.banner_tabs()
        hovered = self._hovered_tab(tabs)
        for tab in tabs:
            x, y, w, h = tab.rect
            if tab.menu:
                self._draw_menu_tab(canvas, tab, tab.label == hovered)
                continue
            face = pal.brass if tab.pressed else pal.paper
            if tab.label == hovered:
                face = mix(face, (255, 255, 255), 0.18)  # as the table's own buttons light up
            canvas.box(tab.rect, face if tab.available else mix(face, pal.panel, 0.55), radius=8)
            canvas.box(tab.rect, pal.brass_dark if tab.available else pal.ink_soft, radius=8, width=1.5)
            ink = pal.ink if tab.available else pal.ink_soft
            if tab.badge:  # the moves not yet read: a pill at the button's right end, the words beside it
                count = str(min(tab.badge, 99))
                pill_w = canvas.text_size(count, 15, True)[0] + 12
                pill = (x + w - 5 - pill_w, y + 6, pill_w, h - 12)
                canvas.box(pill, pal.brass_dark, radius=(h - 12) / 2)
                canvas.text(count, (pill[0] + pill_w / 2, y + h / 2), 15, pal.paper, "center", bold=True)
                room = pill[0] - 4 - (x + 6)
                canvas.text(canvas.fit(tab.label, 15, room), (x + 6 + room / 2, y + h / 2), 15, ink, "center",
                            bold=tab.pressed)
            else:
                canvas.text(tab.label, (x + w / 2, y + h / 2), 16, ink, "center", bold=tab.pressed)
            if tab.label == self.banner_focus:  # the keyboard's ring, as on the table's own buttons
                draw_focus_ring(canvas, pal, tab.rect, gap=0)  # inside the banner
        self._tabs = [(tab.rect, tab.tip, tab.available) for tab in tabs]  # as drawn: for the tooltip and pointer
        return min((tab.rect[0] for tab in tabs if not tab.menu), default=LOG_TAB[0] + LOG_TAB[2])

    def _draw_menu_tab(self, canvas: Canvas, tab: BannerTab, hovered: bool) -> None:
        """The menu button: the game's name in brass on the wood, after a menu mark (three bars),
        framed in brass; it lights up under the pointer and wears the keyboard's ring."""
        pal = self.app.palette
        x, y, w, h = tab.rect
        if hovered:
            canvas.alpha_box(tab.rect, pal.paper, 40, radius=8)
        canvas.box(tab.rect, pal.brass_dark if not hovered else pal.brass, radius=8, width=1.5)
        for row in (-5, 0, 5):
            canvas.line((x + 10, y + h / 2 + row), (x + 10 + MENU_MARK_W - 4, y + h / 2 + row), pal.brass, 2)
        canvas.text(tab.label, (x + 14 + MENU_MARK_W, y + h / 2), MENU_TAB_SIZE, pal.brass, "midleft",
                    bold=True, serif=True)
        if tab.label == self.banner_focus:
            draw_focus_ring(canvas, pal, tab.rect, gap=0)  # inside the banner, as its other buttons

    def log_bottom(self) -> float:
        """Where the drawer's list of lines ends (above the keys it reminds of)."""
        return LOG_RECT[1] + LOG_RECT[3] - 36

    def banner_keys(self) -> str:
        """The keys the drawer reminds of (the replay viewer has its own)."""
        return "M: moves  H: hint  W: why  F1: rules"  # L or Esc closes it, as its button's tooltip says

    def draw_log(self, canvas: Canvas) -> None:
        pal = self.app.palette
        x, y, w, h = LOG_RECT
        canvas.box((x, y, w, h), mix(pal.wood_dark, pal.panel, 0.5))
        canvas.line((x, y), (x, y + h), pal.brass_dark, 2)
        canvas.text("Casebook", (x + 14, y + 8), 20, pal.brass, bold=True, serif=True)
        # 15 px: at 14 the reminder read as 13 to two play-testers; it fits the drawer whole
        canvas.text(canvas.fit(self.banner_keys(), 15, w - 28), (x + 14, y + h - 25), 15, pal.paper_dark)
        key = (len(self.log_lines), id(self.log_lines), canvas.scale)
        if self._wrapped[0] != key:  # wrapping measures every word: once per change, not per frame
            lines: list[tuple[str, int | None]] = []  # (text, bot move whose "why?" starts here)
            for entry, move in zip(self.log_lines, self.log_why, strict=True):
                wrapped = canvas.wrap(entry, 15, w - 28 - (52 if move is not None else 0))
                lines.extend((text, move if i == 0 else None) for i, text in enumerate(wrapped))
            self._wrapped = (key, lines)
        lines = self._wrapped[1]
        visible = int((self.log_bottom() - (y + 40)) // 20)
        end = max(0, len(lines) - self.log_scroll)
        start = max(0, end - visible)
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - visible))
        self._why_spots = []
        for i, (line, move) in enumerate(lines[start:end]):
            ly = y + 40 + i * 20
            canvas.text(line, (x + 14, ly), 15, pal.text_light)
            if move is not None:
                spot = (x + w - 60, ly - 1, 48, 20)
                canvas.box(spot, pal.paper_dark, radius=6)
                canvas.text("why?", (spot[0] + 24, ly + 9), 15, pal.ink, "center")
                self._why_spots.append((spot, move))

    def tooltip_card(self, pos):
        """A face-up card under the pointer is shown large after half a second (not while one is
        held, not under the drawer or a note)."""
        if self.view.board.held is not None or pos[1] < BANNER_H or \
                (self.log_open and pos[0] >= LOG_RECT[0]) or self.widgets.at(pos) is not None:
            return None
        note = self.coach.note
        if note is not None and inside(note, pos):
            return None
        sprite = self.view.board.sprite_at(pos)
        if sprite is None or sprite.hidden or sprite.shown < 0.5:
            return None
        return sprite

    def pointable(self, pos) -> bool:
        """A hand over the table's and the banner's live buttons, the cards that may be picked up or
        clicked and what the game's own table takes a click on; a held card keeps it."""
        if self.view.board.held is not None or super().pointable(pos):
            return True
        if any(inside(rect, pos) and available for rect, _, available in getattr(self, "_tabs", ())):
            return True  # the banner's buttons as drawn (not built again at every motion of the pointer)
        if pos[1] < BANNER_H or (self.log_open and pos[0] >= LOG_RECT[0]) or self.handing_off:
            return False
        return self.view.pointable(pos)

    def tooltip(self, pos):
        if self.view.board.held is not None:
            return None  # mid-drag the held card's own words popped up over the place it was dropping on
        widget = self.widgets.at(pos)
        if widget is not None and widget.tooltip:
            return widget.tooltip
        for rect, tip, _ in getattr(self, "_tabs", ()):
            if inside(rect, pos):
                return tip
        if pos[1] < BANNER_H:
            return None
        if self.log_open and any(inside(rect, pos) for rect, _ in getattr(self, "_why_spots", ())):
            return "Why the bot made this move, in its own reasons"
        if self.log_open and pos[0] >= LOG_RECT[0]:
            return "Casebook: every move you were allowed to see. Scroll with the mouse wheel."
        return self.view.tooltip(pos)
