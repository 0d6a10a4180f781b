"""What a game's table must provide to the common table scene, and a generic fallback.

Each game has ``sleuth/games/<pkg>/table.py`` with ``TABLE``, a ``TableView`` subclass that
draws the game from an observation, turns drags and clicks into actions, animates events and
words them for the move log. The common ``TableScene`` frames it (banner, log, pause menu,
handoff, bots, autosave). A game without its own table yet is played through ``GenericTableView``:
the observation's public facts and every legal action as a button, which is also the keyboard
route to every action.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from sleuth.core.engine import Observation
from sleuth.core.values import Action, Event
from sleuth.ui.board import Board, nowhere_reason
from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.theme import mix
from sleuth.ui.widgets import Button, Widgets
from sleuth.ui.words import possessive

if TYPE_CHECKING:
    from sleuth.ui.scenes.table import TableScene


#: The results screen's story column: text size, width and lines (a game's ``story()`` may measure
#: its lines against it to choose how much to tell).
STORY_SIZE = 16
STORY_WIDTH = 330
STORY_LINES = 10


#: what ``TableScene.act`` answers for a move held back by the "Are you sure?" dialog
AWAITING_CONFIRMATION = "waiting for confirmation"


class TableView:
    """Base class for a game's table. ``self.scene`` offers ``act(action)`` and the settings."""

    def __init__(self, scene: TableScene, rect: Rect) -> None:
        self.scene = scene
        self.rect = rect
        self.board = Board(lambda: scene.app.palette)
        self.board.targets_for = self._targets_for
        self.board.on_drop = self._on_drop
        self.board.on_click = self._on_click
        self.board.on_refused = self._refused
        self.board.resting = self._resting
        self.board.covered = self._covered
        self.board.over_control = self._over_control
        self.board.dropped_nowhere = self._dropped_nowhere
        self.obs: Observation | None = None
        #: the seat public lines are written to, when not the viewer's: a handoff's "Since your
        #: last turn" tells its player "Alice tells you that your 2nd card is a 4"
        self.reader: int | None = None

    @property
    def viewer(self) -> int | None:
        """Whose eyes the table shows (None: the public view on handoff screens)."""
        return self.scene.viewer

    # -- the board asks these (override in a game's table) ----------------------------------
    def _targets_for(self, sprite) -> set:
        """The drop targets that would be legal for ``sprite`` now (they light up while dragging)."""
        return set()

    def _covered(self, pos) -> str | None:
        """Why a drop at ``pos`` is refused unseen: the open casebook lies over the table there
        (a card dropped on the drawer had been eliminated into the Impossible hidden under it)."""
        under = getattr(self.scene, "under_drawer", None)
        if under is not None and under(pos):
            return "The casebook covers that place: close it (L) to play a card there."
        return None

    def _over_control(self, pos) -> bool:
        """Whether a button of the table lies under ``pos``: a card let go there is played nowhere
        (a place within reach had taken it: one let go on "All moves (M)" was played under the
        lead just above it)."""
        widgets = getattr(self, "widgets", None)
        return widgets is not None and widgets.at(pos) is not None

    def focused_card(self):
        """The card the keyboard's cursor is on (Z shows it large, as it does under the pointer);
        None where the table has no such cursor or it is elsewhere."""
        return None

    def cursor_steps_aside(self) -> None:
        """The keyboard's focus went to a button (Tab): a cursor of the table's own on a card or a
        place is no longer shown nor answers Enter, so one thing at a time wears the ring."""

    def _dropped_nowhere(self, sprite, targets: set) -> str:
        """Why a card let go over no drop place slides back (a game may say it in its own words)."""
        return nowhere_reason(sprite, targets)

    def keyed(self) -> bool:
        """Whether the player is at the keys: the table's keyboard cursor is out. The turn's how-to
        then says the keys, not the mouse's drags and clicks (a keyboard-only player read "drag a
        card" and "click a stack" all game). A button ringed by Tab (the table's or the banner's)
        counts too: the player who reached it is at the keys."""
        if getattr(self, "cursor", None) is not None:
            return True
        widgets = getattr(self, "widgets", None)
        if widgets is not None and widgets.keyboard and widgets.focus is not None:
            return True
        return getattr(self.scene, "banner_focus", None) is not None

    def owns(self, sprite) -> bool:
        """Whether ``sprite`` is one of the viewer's own cards, that they play from (a game says)."""
        return False

    def card_rests_reason(self, sprite) -> str | None:
        """On the viewer's turn, why one of their cards can be neither picked up nor clicked now
        (Bakerstreet: "now you bid"); None to say nothing."""
        return None

    def _resting(self, sprite) -> str | None:
        """Why a card of the viewer's own that was pressed stays put: another seat is to move, or
        the game's own reason (feel play-test: in the bidding or on another's turn the card simply
        would not pick up, and nothing said why)."""
        scene = self.scene
        if self.viewer is None or getattr(scene, "watching", False) or self.obs is None or not self.owns(sprite):
            return None
        if scene.state.is_over():
            return None
        seat = scene.session.pending()
        if seat is not None and seat != self.viewer:
            return f"Not yet: it is {possessive(scene.seat_names[seat])} turn."
        return self.card_rests_reason(sprite)

    def _refused(self, reason: str) -> None:
        """A drop not played says why; one that waits on "Are you sure?" says nothing (the
        dialog asks, and a "waiting for confirmation" notice read as the app's own state)."""
        if reason != AWAITING_CONFIRMATION:
            self.scene.app.toast(reason)

    def _on_drop(self, sprite, target) -> str | None:
        """Turn a drop into an action and play it: None when accepted, else the reason."""
        return "That card cannot go there."

    def _on_click(self, sprite) -> None:
        """A click on a clickable sprite (select it, or act)."""

    # -- the scene calls these --------------------------------------------------------------
    def sync(self, obs: Observation, events: Sequence[Event], animate: bool) -> None:
        """Show ``obs``; ``events`` are what happened since the last sync (for animation)."""
        self.obs = obs

    def handle(self, event: pygame.event.Event) -> bool:
        return self.board.handle(event)

    def update(self, dt: float) -> None:
        self.board.update(dt)

    def draw(self, canvas: Canvas) -> None:
        """The whole table: the painted layer, the drop areas, then the cards and what lies over them."""
        self.draw_static(canvas)
        self.board.draw_areas(canvas)
        self.draw_moving(canvas)

    def draw_static(self, canvas: Canvas) -> None:
        """The painted layer under the cards (panels, tracks, their words): everything that
        changes only when ``static_key`` does, so the scene may keep it as one picture."""

    def draw_moving(self, canvas: Canvas) -> None:
        """The cards and what is drawn over them (marks, the table's buttons): drawn every frame.
        The drop areas lit while a card is held lie under them, with the painted layer."""
        self.board.draw(canvas)

    def static_key(self) -> object | None:
        """Everything ``draw_static`` reads, as a hashable value; None means draw it every frame
        (the safe default for a table that has not named its inputs)."""
        return None

    def widgets_key(self) -> tuple:
        """The table's buttons as the painted layer shows them (they are drawn with it): every
        field of each widget, whether the pointer is over it, and which has the focus."""
        widgets = getattr(self, "widgets", None)
        if widgets is None:
            return ()
        return (widgets.focus, widgets.keyboard, *((type(w), tuple(getattr(w, f.name) for f in dataclasses.fields(w)), w.hovered)
                                 for w in widgets.items))

    def static_inputs(self) -> tuple:
        """What every table's painted layer reads besides its own state: the observation shown,
        whose eyes, the seat names, the settings (a changed setting replaces the object)."""
        return (self.obs, self.viewer, tuple(self.scene.seat_names), self.scene.app.settings)

    @property
    def bots_only(self) -> bool:
        """Nobody plays at this table but bots: the public view is all there is, and no one is
        waited for ("until the next player is at the screen" would never come true)."""
        return not self.scene.session.human_seats and not self.scene.watching

    #: once the game is over the table shows the state's ``revealed_view`` (every hidden card
    #: face up) rather than the viewer's own: Beyond Baker Street, whose players never see their
    #: own hands (a table whose own view already turns its secrets over at the end keeps it)
    turns_all_up_at_end = False

    def show_hinted(self, action) -> None:
        """Set the table's own controls to the coach's move (Bakerstreet's bid amount), so the
        button the hint rings makes that move (it rang "Bid 10" for "Open with 13")."""

    def order_moves(self, legal: list) -> list:
        """The moves list's order (M): as the game lists them, unless a table knows better."""
        return legal

    def public_view_words(self, what: str = "hands") -> str:
        """What the public view says of what it hides (``what``, plural): in a replay that E shows
        a player's eyes, at a table of bots that nothing is ever shown, at the couch that the
        next player will see theirs (a replay said "until the next player is at the screen");
        nothing once the game is over, when no next player comes."""
        if self.scene.watching:
            return f"The public view: {what} are hidden. Press E to see through a player's eyes."
        if self.bots_only:
            return f"Only bots play: {what} stay hidden."
        if self.scene.state.is_over():
            return ""  # no next player is coming (the finished table had still promised one)
        return f"{what[0].upper()}{what[1:]} are hidden until the next player is at the screen."

    def animating(self) -> bool:
        """Something moves on the table by itself (a tween runs, a card is held in the hand)."""
        return bool(self.board.tweens.items) or self.board.held is not None  # a slide back too, unwatched

    #: a move's line waits in the banner until its animation has ended (Purrrlock: a Paws guess's
    #: answer showed while the guess was still on screen); otherwise it shows as the move starts
    #: to play out, so the banner names the move on the table (it had told the one before while
    #: a bot's card moved, then the bot's own under the next player's turn)
    news_waits_for_animation = False

    def news(self, event: Event) -> bool:
        """Whether ``event``'s line is worth the banner: False for a turn's bare last step ("Billy's
        turn ends."), after which the banner shows the turn's news again."""
        return True

    def seat_role(self, seat: int) -> str | None:
        """What a seat played besides its name, for the results ("as Inspector Lestrade"); None."""
        return None

    def aftermath_news(self, event: Event) -> bool:
        """Whether an after-effect of a move (not its first line) is told in the summary a
        handoff gives of the moves since a player's last turn (Furriarty's step in Purrrlock)."""
        return False

    def banner_aftermath(self, event: Event) -> bool:
        """Whether an after-effect of the newest move is told in the banner after the move's own
        line (Case Connection's refill of every location: the board changed with no word)."""
        return False

    def settled(self) -> None:
        """The last animation has ended: offer the controls (buttons, what may be dragged or
        clicked) for the state as it is now. Tables that build controls in ``sync`` while an
        animation runs (when no move is offered) rebuild them here."""

    @property
    def busy(self) -> bool:
        """True while an animation the player should watch is still running."""
        return self.board.busy

    def finish_animations(self) -> None:
        self.board.finish_animations()

    def deal_source(self, sprite) -> tuple[float, float] | None:
        """Where ``sprite`` comes from in a new game's opening deal: its deck or the supply (the
        deal sends it from there to its place); None for what lies in its place from the start.
        A game's table names its decks; by default nothing is dealt."""
        return None

    def pointable(self, pos: tuple[float, float]) -> bool:
        """Whether the table takes a click or a drag at ``pos``: a live button, or a card that may
        be picked up or clicked (a game adds its own places: Purrrlock's notes grid)."""
        widgets = getattr(self, "widgets", None)
        hit = widgets.at(pos) if widgets is not None else None
        if hit is not None:
            return hit.enabled
        sprite = self.board.sprite_at(pos)
        return sprite is not None and (sprite.draggable or sprite.clickable)

    def tooltip(self, pos: tuple[float, float]) -> str | None:
        sprite = self.board.sprite_at(pos)
        return sprite.tooltip or None if sprite is not None else None

    # -- words ------------------------------------------------------------------------------
    def describe(self, event: Event) -> str | None:
        """The move-log line for an event (None: not worth a line)."""
        return generic_event_text(event, self.scene.seat_names)

    def describe_action(self, action: Action) -> str:
        return generic_action_text(action)

    def describe_action_briefly(self, action: Action) -> str:
        """The move in few words where the room is two short lines (the replay expert's box); a
        game whose moves run long says the important part only."""
        return self.describe_action(action)

    def turn_hint(self) -> str:
        """What the viewer may do now, in a few words, for the banner."""
        return ""

    def risky(self, seat: int, action: Action) -> str | None:
        """A warning when ``action`` would lose the game (asked before a human does it)."""
        return None

    def give_up(self) -> tuple[str, str, Action] | None:
        """When the game can no longer be won by the viewer's side and they are to move: the words
        of the button that gives it up ("Give up the case"), why it cannot be won (a sentence) and
        the move that gives it up (Beyond Baker Street's hopeless case); else None."""
        return None

    def hint_context(self) -> object:
        """What the coach's hint was given for besides the game's log: a change the player makes
        on their own side of the table (Case Connection's desk) sends the hint away as a move does."""
        return None

    def table_notes(self) -> dict[str, object]:
        """What the players laid out at this table besides their moves, by seat (as text: ``"0"``),
        in plain JSON data: kept with a suspended game, so Save and quit, then Continue, finds it
        again. None here; Purrrlock's own note marks and Case Connection's desk."""
        return {}

    def restore_table_notes(self, notes: dict[str, object]) -> None:
        """Lay out again what :meth:`table_notes` gave, after the first sync of a resumed game.
        Notes that no longer fit the game (a damaged or edited save) are dropped quietly."""

    def keep_clear(self) -> list[Rect]:
        """Where the player is at work (Case Connection's desk): a note over the table (the coach's
        hint) lies anywhere else first, over the others' places before this one."""
        return []

    def frames(self) -> list[Rect]:
        """Panels drawn on the table (Bakerstreet's side panel): a notice or a note over the table
        lies wholly inside one or wholly beside it, never across its edge (``frame_edges``)."""
        return []

    def reading_areas(self) -> list[Rect]:
        """Places that hold what a player reads, drawn as marks rather than words (Purrrlock's
        notes grid): a note lying over the table weighs them as it weighs text and cards."""
        return []

    #: what the results' score column counts (Bakerstreet's is the longest run of letters)
    score_heading = "Scores"

    def result_headline(self, outcome) -> str | None:
        """The results' headline when the game has words of its own for its ending (None: who
        won, as every game says it)."""
        return None

    def outcome_words(self, outcome) -> str:
        """How the game ended, in a sentence, for the banner and under the results' headline: the
        engine's reason with the players' names (a game may say it better)."""
        return name_seats(outcome.reason, self.scene.seat_names)

    def story(self) -> list[str]:
        """A few sentences telling how the game went, for the results screen."""
        lines = self.scene.log_lines
        if len(lines) <= 8:
            return list(lines)
        return lines[:2] + ["..."] + lines[-6:]

    def draw_results_extra(self, canvas: Canvas, rect: Rect) -> None:
        """Room on the results screen for a game's own picture (a chart of its tracks)."""

    def draw_results_backdrop(self, canvas: Canvas, rect: Rect) -> None:
        """The panel every game's results picture sits on (same look in all four games)."""
        pal = self.scene.app.palette
        canvas.box(rect, mix(pal.paper, pal.paper_dark, 0.5), radius=6)

    # -- the coach, "why?" and the guided first game ------------------------------------------
    #: names of the table's regions a tutorial step may point at (``look_at``), see ``region``
    REGIONS: tuple[str, ...] = ()

    def region(self, name: str) -> Rect | None:
        """The logical rectangle of a named region of the table (one of ``REGIONS``), or None."""
        return None

    def marks_move(self, action: Action) -> bool:
        """Whether ``action_marks`` go from a thing to where it goes (an arrow joins them), or are
        all pointed at (Beyond Baker Street's Assist: an arrow from one card to the other read as
        "drag this there")."""
        return True

    def action_marks(self, action: Action) -> list[Rect]:
        """Where ``action`` happens on the table, for the coach's glow and a tutorial's highlight:
        first what is moved or chosen (the card), then where it goes (the target), if anywhere."""
        return []

    def explain(self, explanation, coach: bool) -> list[str]:
        """An explanation (``sleuth/ai/explain.py``, already filtered for the viewer) in one to
        three sentences. ``coach``: a hint addressed to the viewer ("Play your 3..."); otherwise why
        the bot in ``explanation.seat`` did what it did ("Mrs Hudson played... because...")."""
        best = explanation.best
        if coach:
            lines = [f"Try this: {self.describe_action(best.action)}."]
        else:
            lines = [f"{self.scene.seat_names[explanation.seat]} chose: {self.describe_action(best.action)}."]
        if explanation.runner_up is not None:
            lines.append(f"Next best: {self.describe_action(explanation.runner_up.action)}.")
        return lines

    def cancel(self) -> None:
        """Drop any half-made choice (Esc)."""
        self.board.cancel_drag()

    def turn_word(self) -> str:
        """How the banner starts while the viewer acts (a game says "Your last turn" when it is)."""
        return "Your turn"

    def half_made(self) -> bool:
        """A choice is half made (a card held, an Assist's options open): Esc drops it rather
        than pausing the game. Tables with choices of their own add them."""
        return self.board.held is not None

    def half_made_toward(self, action: Action) -> bool:
        """Whether the choice half made now is a step of ``action`` (the coach's hinted move keeps
        its glow and arrow for it; for another choice they go). By default, yes."""
        return True

    # -- acting out of turn at a shared screen (a game's optional seats) --------------------
    def interrupt_label(self) -> str:
        """The button that lets another human at the couch act out of turn."""
        return "Act now"

    def interrupt_call_anchor(self) -> Rect:
        """Where the one interrupt button for everyone else goes, which asks who acts over the
        public table: away from every private card (a button on a seat's own panel sat over that
        seat's secret card)."""
        x, y, _w, _h = self.rect
        return (x + 10, y + 6, 240, 30)

    def interrupt_call_label(self) -> str:
        return "Someone else acts (P)"

    def interrupt_call_tooltip(self) -> str:
        return "Someone else acts out of turn now: say who on the next screen; the screen is passed to them and back"

    def interrupt_cancel_anchor(self) -> Rect:
        """Where the interrupting player's "Cancel" button goes while they act."""
        x, y, w, _ = self.rect
        return (x + w - 240, y + 8, 230, 34)

    def interrupt_hint(self) -> str:
        """What the interrupting player does now, for the banner."""
        return "make your move"

    def interrupt_reason(self, seat: int) -> str:
        """The line under "Pass to NAME" when ``seat`` interrupts."""
        return f"{self.scene.seat_names[seat]} acts out of turn."


def name_seats(text: str, names: Sequence[str]) -> str:
    """Put player names where an engine's sentence says "seat N" (see ``Outcome.reason``); a seat
    named You takes the word after it as "you" does ("You hold", not "You holds")."""
    import re

    from sleuth.ui.words import says

    def swap(match: re.Match) -> str:
        index, word = int(match.group(1)), match.group(2)
        if not 0 <= index < len(names):
            return match.group(0)
        return says(names[index], word) if word else names[index]

    return re.sub(r"\b[Ss]eat (\d+)\b(?: ([a-z]+)\b)?", swap, text)


def _humanise(kind: str) -> str:
    return kind.replace("_", " ")


def generic_action_text(action: Action) -> str:
    parts = [f"{f.name.replace('_', ' ')} {getattr(action, f.name)}" for f in dataclasses.fields(action)
             if f.repr and not f.kw_only]
    return _humanise(action.KIND).capitalize() + (": " + ", ".join(parts) if parts else "")


def generic_event_text(event: Event, names: Sequence[str]) -> str:
    fields = {f.name: getattr(event, f.name) for f in dataclasses.fields(event) if f.repr and not f.kw_only}
    who = ""
    if isinstance(fields.get("seat"), int) and 0 <= fields["seat"] < len(names):
        who = names[fields.pop("seat")] + ": "
    rest = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in fields.items() if v is not None)
    return f"{who}{_humanise(event.KIND)}" + (f" ({rest})" if rest else "")


class GenericTableView(TableView):
    """Any game, without its own table: facts as text, legal actions as buttons."""

    def __init__(self, scene: TableScene, rect: Rect) -> None:
        super().__init__(scene, rect)
        self.widgets = Widgets()
        self.page = 0

    def sync(self, obs, events, animate):
        super().sync(obs, events, animate)
        self._rebuild()

    def _rebuild(self) -> None:
        self.widgets.clear()
        seat = self.scene.viewer
        if seat is None or self.obs is None:
            return
        legal = self.scene.legal_for_viewer()
        x, y, w, h = self.rect
        per_page = 12
        pages = max(1, (len(legal) + per_page - 1) // per_page)
        self.page = min(self.page, pages - 1)
        shown = legal[self.page * per_page:(self.page + 1) * per_page]
        for i, action in enumerate(shown):
            col, rowi = divmod(i, 6)
            rect = (x + 20 + col * (w - 40) / 2, y + h - 290 + rowi * 44, (w - 60) / 2, 38)
            self.widgets.add(Button(rect, label=self.describe_action(action)[:48], size=17,
                                    on_click=lambda a=action: self.scene.act(a), tooltip=str(action)))
        if pages > 1:
            self.widgets.add(Button((x + w - 200, y + h - 30, 180, 26), label=f"more ({self.page + 1}/{pages})",
                                    size=16, on_click=self._next_page))

    def _next_page(self) -> None:
        self.page += 1
        self._rebuild()

    def handle(self, event):
        return self.widgets.handle(event)

    def draw_moving(self, canvas):
        pal = self.scene.app.palette
        x, y, w, h = self.rect
        if self.obs is None:
            return
        facts = []
        for f in dataclasses.fields(self.obs):
            if f.name in ("log", "seat", "outcome"):
                continue
            facts.append(f"{f.name.replace('_', ' ')}: {_short(getattr(self.obs, f.name))}")
        canvas.alpha_box((x + 12, y + 12, w - 24, h - 320), pal.panel, 150, radius=10)
        used = 0.0
        for line in facts:
            used += canvas.paragraph(line, (x + 26, y + 24 + used, w - 52, h - 350 - used), 17, pal.text_light)
        self.widgets.draw(canvas, pal)

    def tooltip(self, pos):
        return self.widgets.tooltip(pos)


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) < 400 else text[:400] + "..."


def view_class_for(game_id: str) -> type[TableView]:
    """The game's own table view if it has one, else the generic one."""
    from sleuth.core.registry import GAME_MODULES

    module_name = GAME_MODULES.get(game_id, "") + ".table"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return GenericTableView
        raise
    return getattr(module, "TABLE", GenericTableView)
