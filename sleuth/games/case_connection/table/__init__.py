"""The Case Connection table: four locations, the supplies, every player's area, your workbench.

Your desk is like laying cards out on a real one. Your turn: visit a location by choosing 2 of its
items, each dragged straight to where it goes on your desk (a thread onto a cell, a proof onto the
seam between two cards) or clicked; the second one sends the engine's single ``take`` action with
both, and each lands where it was dropped. Your threads lie anywhere on the desk, at any time
(also during other players' turns), at twice the size of the cards around it; the desk scrolls.
Every seam between two cards says live whether it connects (matching symbols glow, a mismatch
shows a small cross), and every lead icon whether it is met. Only the cards joined to your lead by
proofs are the reconstruction: Reconstruct lights up the moment the engine accepts them and says
what they would score; otherwise the message says why in words, with the card it means outlined.
Undo (Ctrl+Z), Clear, and a Hint in two steps (what is missing and where it lies; then the
engine's layout, placed with animation). Everything can be done by keyboard as well (arrows move
a cursor, Enter picks up and puts down). Exchange, End turn and the two choices after a
reconstruction (keep 2 items, keep 1 of the leads drawn) are buttons and pickers; every move is
also in the moves list (M).

Everything here is public except the leads a player is choosing from. The public view (handoff
screens) shows no offer and no desk. Your layout is yours: it survives other players' turns and
hot-seat handoffs, and the engine sees it only when you reconstruct.

This module holds ``CaseTable`` (state, sync, buttons and draw order) and ``TABLE``; its other
roles live beside it, one per module, as mixins: ``layout`` (where everything sits), ``paint``
(the pieces' faces), ``panels`` (the table's areas drawn around the sprites and the results
chart), ``animate`` (following events, placing sprites), ``input`` (drags, clicks, taking),
``keyboard`` (the cursor), ``workbench`` (your desk and its verdict, with ``verdict`` and
``advice`` as its pure reasoning), ``words`` (every sentence the player reads: the log, move
names, hints, tooltips, refusals and the results story, with ``tips`` for the pieces' own
tooltips), ``reasons`` (the coach's and the
bots' explanations in words) and ``rivals`` (how close each other player is to reconstructing,
with its words). The named regions a tutorial points at and where a move happens
(the coach's glow) are here, beside the buttons they name.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

from sleuth.core.values import Action, Event
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.cards import CaseCards, load_cards
from sleuth.games.case_connection.table.animate import EventAnimation
from sleuth.games.case_connection.table.input import TableInput
from sleuth.games.case_connection.table.keyboard import DeskKeyboard
from sleuth.games.case_connection.table.layout import (
    BUTTON_ROW,
    CARD,
    DESK,
    DESK_BUTTONS_H,
    DESK_BUTTONS_Y,
    DONE_ROW,
    EXCHANGE_Y,
    LEAD_PANEL,
    MESSAGE,
    RIGHT_W,
    RIGHT_X,
    STAGING,
    SUPPLY,
    TOKEN,
    TRAY,
    TRAY_TOKEN,
    TRAY_TOKEN_Y,
    VIEW_RECT,
    Edge,
    TableLayout,
)
from sleuth.games.case_connection.table.paint import FacesMixin
from sleuth.games.case_connection.table.panels import TablePanels
from sleuth.games.case_connection.table.reasons import ReasonWording
from sleuth.games.case_connection.table.rivals import RivalProgress
from sleuth.games.case_connection.table.words import (
    CANCEL_TIP,
    CLEAR_TIP,
    END_TURN_TIP,
    HINT_TIP,
    KEEP_TIP,
    MOVES_TIP,
    NOTHING_TO_UNDO,
    PAN_TIPS,
    UNDO_NOT_TAKE_BACK,
    UNDO_TIP,
    TableWording,
)
from sleuth.games.case_connection.table.workbench import Feedback, Layout, WorkbenchMixin
from sleuth.ui.canvas import Rect
from sleuth.ui.motion import Callouts
from sleuth.ui.tableview import TableView
from sleuth.ui.theme import Palette
from sleuth.ui.tween import Tweens
from sleuth.ui.widgets import Button, Widgets

PAN_ARROWS = ((-1, 0), (0, -1), (0, 1), (1, 0))  # the desk's scroll buttons, left to right


class ArrowButton(Button):
    """A small button with a drawn arrow (the desk's scroll buttons): no glyph the font may lack.
    With ``count`` it also says how many of your cards lie out of view that way."""

    direction: tuple[int, int] = (0, 0)
    count: int = 0

    def draw(self, canvas, pal, focused):
        super().draw(canvas, pal, focused)
        x, y, w, h = self.rect
        cx, cy = x + w / 2, y + h / 2
        if self.count:
            cx = x + w * 0.34
            canvas.text(str(self.count), (x + w * 0.74, cy), 14, pal.ink, "center", bold=True)
        dx, dy = self.direction
        r = min(w, h) * 0.26
        tip = (cx + dx * r, cy + dy * r)
        back = (cx - dx * r, cy - dy * r)
        side = (-dy * r, dx * r)
        colour = pal.ink if self.enabled else pal.ink_soft
        canvas.polygon([tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])], colour)


@lru_cache(maxsize=1)
def bundled_cards() -> CaseCards:
    return load_cards()


#: where the table's buttons sit (the coach's glow and a tutorial's highlight name them too)
RECONSTRUCT_BUTTON = (DESK[0] + 8, DESK_BUTTONS_Y, 136, DESK_BUTTONS_H)
END_TURN_BUTTON = (RIGHT_X + RIGHT_W - 150, BUTTON_ROW[0], 150, BUTTON_ROW[1])


def _around(rects: list[Rect]) -> Rect | None:
    """The smallest rectangle holding every one of ``rects`` (None for none)."""
    if not rects:
        return None
    left = min(r[0] for r in rects)
    top = min(r[1] for r in rects)
    return (left, top, max(r[0] + r[2] for r in rects) - left, max(r[1] + r[3] for r in rects) - top)


def _centred(pos: tuple[float, float], size: float) -> Rect:
    return (pos[0] - size / 2, pos[1] - size / 2, size, size)


class CaseTable(ReasonWording, TableWording, RivalProgress, TablePanels, DeskKeyboard, TableInput, EventAnimation,
                WorkbenchMixin, FacesMixin, TableLayout, TableView):
    """The table view; its roles live in the mixins (reasons, words, rivals, panels, keyboard, input,
    animation, workbench, faces, layout)."""

    #: the parts of the table a tutorial step may point at (``look_at``); see ``region``
    REGIONS = ("locations", "location_1", "location_2", "location_3", "location_4", "supply", "offer", "lead",
               "desk", "reconstruct", "message", "tray", "trade", "visit", "end_turn", "completed", "opponents")

    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.cards = bundled_cards()
        self.widgets = Widgets()
        self._built_with_coach = None  # the coach setting the buttons were made for
        self._ids = itertools.count(1)
        self.kind_of: dict[int, str] = {}
        self.held: list[dict[str, list[int]]] = []  # per seat: proof kind -> token ids
        self.at_loc: list[list[int | None]] = []  # per location: proof space -> token id
        self.layouts: dict[int, Layout] = {}
        self._callouts_until: dict[int, float] = {}  # per seat: when its last callout of this sync ends
        # a visit being made: ("thread", tid, loc, target) / ("tok", token, loc, target); target is where
        # it lies on your desk until the take is sent: ("cell", cell), ("edge", seam) or None (staging row)
        self.picks: list[tuple] = []
        self.visiting: int | None = None
        self.selected: object | None = None  # a sprite key of yours chosen for click-then-click placement
        self.keep_sel: list[object] = []
        self.hover_edge: Edge | None = None
        self._quiet_desk: tuple | None = None  # the desk as it was at another player's move (focus_shown)
        self.delay: dict = {}
        self.origin: dict = {}
        self.leaving: dict = {}
        self._feedback: Feedback | None = None
        self._feedback_sig: object = None
        self._animating = False
        self.coins_pending: dict[int, int] = {}
        self.hint_note = ""
        self.hint_step = 0  # 1: the hint said what is missing; pressed again it lays out a layout
        self.hint_sig: tuple = ()
        self.hint_marks: set = set()  # location items the hint names, lit up
        self.cursor: tuple | None = None  # the keyboard's cursor: (target, rect)
        self._slide: tuple | None = None  # grabbing the desk: (pointer at the start, origin at the start)
        self._was_busy = False
        self.local_tweens = Tweens()
        self._last_offer: tuple[str, ...] = ()
        self.callouts = Callouts()
        self.shown_layouts: list[list] = []  # [Reconstructed, box rect, showing?]: others' reconstructions

    def update(self, dt: float) -> None:
        super().update(dt)
        self.local_tweens.update(dt)
        busy = self.busy
        if self._was_busy and not busy:
            self.settled()  # what may be dragged, clicked and pressed is known once the table is still
        self._was_busy = busy
        if not busy and self._built_with_coach != self.scene.setting("coach"):
            self._rebuild_widgets()  # the coach switched in Settings mid-game: the desk's Hint comes or goes

    def settled(self) -> None:
        """The scene offers the controls for the state as it is now (also where the moves offered
        changed without a move: a lesson's step that asks for one after steps that only talk)."""
        if self.obs is not None and not self.busy:
            self._relayout()

    def finish_animations(self) -> None:
        super().finish_animations()
        self.local_tweens.finish_all()

    def animating(self) -> bool:
        """The workbench's own tweens (a card snapping into its cell) move by themselves too."""
        return super().animating() or self.local_tweens.busy

    # -- small facts ------------------------------------------------------------------------
    @property
    def pal(self) -> Palette:
        return self.scene.app.palette

    def keep_clear(self) -> list:
        """The desk, where the player builds: the coach's note lies over the others' panels first."""
        return [DESK] if self.desk_shown() else []

    def desk_shown(self) -> bool:
        """Your desk is on the table (not while you choose a lead or the 2 items to keep)."""
        obs = self.obs
        if obs is None or self.viewer is None or obs.offer:
            return False
        return not (obs.phase == R.PHASE_KEEP and self.my_turn() and not self.busy)

    def my_turn(self) -> bool:
        obs = self.obs
        return (obs is not None and self.viewer is not None and self.viewer in obs.pending
                and obs.phase != R.PHASE_OVER)

    def legal(self) -> list[Action]:
        return self.scene.legal_for_viewer() if not self.busy else []

    # -- the coach, "why?" and the guided first game ------------------------------------------
    def explain(self, explanation, coach: bool) -> list[str]:
        """The expert's reasons in sentences (``table/reasons.py``)."""
        return self.explanation_words(explanation, coach)

    def region(self, name: str) -> Rect | None:
        """A named part of the table (one of ``REGIONS``); your own parts only when someone looks."""
        obs = self.obs
        if obs is None:
            return None
        if name == "locations":
            return _around([self.loc_rect(loc) for loc in range(len(obs.locations))])
        if name.startswith("location_") and name[9:].isdigit():
            loc = int(name[9:]) - 1
            return self.loc_rect(loc) if 0 <= loc < len(obs.locations) else None
        if name == "supply":
            return SUPPLY
        if name == "opponents":
            rects = self.seat_rects()
            return _around([rect for seat, rect in rects.items() if seat != self.viewer])
        if self.viewer is None:
            return None
        if name == "offer":
            n = len(obs.offer or ())
            return _around([_centred(self.offer_pos(k, n), self.offer_card(n)) for k in range(n)])
        if name == "trade":
            return (RIGHT_X + 4, TRAY_TOKEN_Y - TRAY_TOKEN / 2 - 4, RIGHT_W - 8, EXCHANGE_Y + 28 - TRAY_TOKEN_Y
                    + TRAY_TOKEN / 2)
        places = {"lead": LEAD_PANEL, "desk": DESK, "reconstruct": RECONSTRUCT_BUTTON, "message": MESSAGE,
                  "tray": TRAY, "visit": STAGING, "end_turn": END_TURN_BUTTON, "completed": DONE_ROW}
        return places.get(name)

    def action_marks(self, action: Action) -> list[Rect]:
        """Where a move happens: the items or the lead chosen (or the button pressed), then where they go."""
        obs = self.obs
        if obs is None:
            return []
        if isinstance(action, R.Take):
            marks = self._take_marks(action)
            mover = obs.pending[0] if obs.pending else self.viewer
            target = TRAY if mover == self.viewer and self.viewer is not None else self.seat_rects().get(mover)
            return marks + ([target] if target is not None and marks else [])
        if isinstance(action, R.PickLead):
            offer = list(obs.offer or ())
            if action.lead not in offer:
                return []
            return [_centred(self.offer_pos(offer.index(action.lead), len(offer)), self.offer_card(len(offer))),
                    LEAD_PANEL]
        if self.viewer is None:
            return []
        if isinstance(action, R.Keep):
            keys = [("thread", tid) for tid in action.threads]
            mine = {code: list(tokens) for code, tokens in self.held[self.viewer].items()} if self.held else {}
            keys += [("tok", mine[code].pop(0)) for code in action.proofs if mine.get(code)]
            sprites = [self.board.sprite(key) for key in keys]
            return [sprite.rect_logical for sprite in sprites if sprite is not None]
        if isinstance(action, R.Exchange):
            gx = self.tray_group_x(obs.proof_kinds.index(action.proof))
            return [(gx, TRAY_TOKEN_Y - TRAY_TOKEN / 2, (RIGHT_W - 12) / 4 - 4, TRAY_TOKEN),
                    self.exchange_rect(obs.proof_kinds.index(action.proof))]
        if isinstance(action, R.Reconstruct):
            return [RECONSTRUCT_BUTTON, VIEW_RECT]
        if isinstance(action, R.EndTurn):
            return [END_TURN_BUTTON]
        return []

    def exchange_rect(self, kind_index: int) -> Rect:
        """The Exchange 3 button under a kind of proofs in the tray (a lesson's frame round it was
        narrower than the button)."""
        return (self.tray_group_x(kind_index) - 2, EXCHANGE_Y, 84, 24)

    def _take_marks(self, action: R.Take) -> list[Rect]:
        """The rectangles of a take's items at its location (a repeated proof marks two tokens)."""
        threads, proofs = self.obs.locations[action.location]
        marks = [_centred(self.loc_thread_pos(action.location, threads.index(tid)), CARD)
                 for tid in action.threads if tid in threads]
        used: set[int] = set()
        for code in action.proofs:
            k = next((k for k, c in enumerate(proofs) if c == code and k not in used), None)
            if k is not None:
                used.add(k)
                marks.append(_centred(self.loc_proof_pos(action.location, k), TOKEN))
        return marks

    # -- sync -------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        self._last_offer = tuple(previous.offer or ()) if previous is not None else ()
        super().sync(obs, events, animate)
        self._animating = animate and self.board.speed > 0
        if previous is None or len(self.held) != obs.players:
            self._reset_tracking(obs)
        self.delay, self.origin, self.leaving = {}, {}, {}
        self.coins_pending: dict[int, int] = {}
        self._follow(events)
        self._reconcile(obs)
        if any(getattr(e, "seat", self.viewer) != self.viewer for e in events):
            self._quiet_desk = self.desk_sig()  # another player moved: the desk's red outline goes
        if self.selected is not None and not self._is_mine(self.selected) and (
                self._at_location(self.selected) is None or not self.my_turn()):
            self.selected = None
        if previous is None or previous.seat != obs.seat:
            self.cursor = None  # a new pair of eyes: no cursor until they press a key
        self._relayout(animate)

    def _relayout(self, animate: bool = False, moves: dict | None = None, instant: bool = False) -> None:
        self._feedback = None
        placements = self._placements(self.obs)
        self._apply(placements, animate, moves, instant)
        self._refresh_drop_areas()
        self._rebuild_widgets()
        if self.busy:
            self._was_busy = True  # look again once the animation is over (see update)

    def half_made(self) -> bool:
        return super().half_made() or bool(self.picks) or self.selected is not None or bool(self.keep_sel)

    def cancel(self) -> None:
        super().cancel()
        self._slide = None
        self.picks = []
        self.visiting = None
        self.selected = None
        self.keep_sel = []
        if self.obs is not None:
            self._relayout()

    # -- buttons ----------------------------------------------------------------------------
    def _rebuild_widgets(self) -> None:
        self._built_with_coach = self.scene.setting("coach")  # (update rebuilds when it changes)
        self.widgets.clear()
        obs = self.obs
        if obs is None or self.viewer is None:
            return
        legal = self.legal()
        me = self.viewer
        y, h = BUTTON_ROW
        if self.scene.watching:
            pass  # a replay offers no move: no Keep, Reconstruct, Hint, Undo or Clear (they stood there, greyed)
        elif obs.offer:
            n = len(obs.offer)
            for k, lid in enumerate(obs.offer):
                action = R.PickLead(lid)
                keep = Button(self.offer_button(k, n), label="Keep" if self.offer_compact(n) else "Keep this lead", size=15,
                              primary=action in legal, enabled=action in legal,
                              on_click=lambda a=action: self.scene.act(a), tooltip=self.lead_words(lid))
                keep.action = action
                self.widgets.add(keep)
        elif obs.phase == R.PHASE_KEEP and self.my_turn() and not self.busy:
            action = self.keep_action()
            self.widgets.add(Button((DESK[0] + DESK[2] / 2 - 105, 480, 210, 38), label="Keep these 2", size=18,
                                    primary=action is not None,
                                    enabled=action is not None,
                                    on_click=lambda: self.scene.act(self.keep_action()) if self.keep_action() else None,
                                    tooltip=KEEP_TIP))
        elif obs.leads[me] is not None and obs.outcome is None:  # no Hint, Undo or Clear on a finished table
            ok = self.may_reconstruct()
            fb = self.feedback()
            tip = self._reconstruct_tip(fb)
            by, bh = DESK_BUTTONS_Y, DESK_BUTTONS_H
            x = DESK[0] + 8
            self.widgets.add(Button(RECONSTRUCT_BUTTON, label="Reconstruct", size=17, primary=ok, enabled=ok,
                                    on_click=self.reconstruct, tooltip=tip))
            x += 136 + 6
            # the desk's Hint is the coach's: not there when the coach is off in Settings
            tools = [("Hint", self.hint_button, HINT_TIP, True)] if self.scene.setting("coach") else []
            undo = self.can_undo()
            undo_tip = UNDO_TIP if undo else NOTHING_TO_UNDO
            if getattr(self.scene, "take_backs_offered", lambda: False)():
                undo_tip = f"{undo_tip} {UNDO_NOT_TAKE_BACK}"
            tools += [("Undo", self.undo, undo_tip, undo),
                      ("Clear", self.clear_layout, CLEAR_TIP, True)]
            for label, click, tooltip, enabled in tools:
                self.widgets.add(Button((x, by, 68, bh), label=label, size=16, on_click=click, tooltip=tooltip,
                                        enabled=enabled))
                x += 68 + 6
        if self.desk_shown() and obs.leads[me] is not None:
            counts = self.out_of_view()
            for k, (dx, dy) in enumerate(PAN_ARROWS):
                arrow = ArrowButton((DESK[0] + DESK[2] - 8 - (4 - k) * 36 + 3, DESK_BUTTONS_Y, 33, DESK_BUTTONS_H),
                                    label="", size=14, enabled=self.can_pan(dx, dy),
                                    primary=bool(counts[(dx, dy)]),
                                    on_click=lambda dx=dx, dy=dy: self.pan(dx, dy), tooltip=PAN_TIPS[(dx, dy)])
                arrow.direction = (dx, dy)
                arrow.count = counts[(dx, dy)]
                self.widgets.add(arrow)
        # the button under a kind counts the tray only: it had taken a proof off a seam of the desk,
        # undoing a connection without a word (the moves list, M, says which seam it takes)
        for action in (a for a in legal if isinstance(a, R.Exchange) and not self.exchange_off_desk(a.proof)):
            exchange = Button(self.exchange_rect(obs.proof_kinds.index(action.proof)), label="Exchange 3", size=14,
                              on_click=lambda a=action: self.scene.act(a), tooltip=self._exchange_tip(action.proof))
            exchange.action = action
            self.widgets.add(exchange)
        if self.picks:
            self.widgets.add(Button((RIGHT_X + 6, STAGING[1] + 22, 76, 28), label="Cancel", size=15,
                                    on_click=self.cancel, tooltip=CANCEL_TIP))
        if R.EndTurn() in legal:
            self.widgets.add(Button(END_TURN_BUTTON, label="End turn", size=18,
                                    primary=not self.may_reconstruct(), on_click=lambda: self.scene.act(R.EndTurn()),
                                    tooltip=END_TURN_TIP))
        if legal:
            self.widgets.add(Button((RIGHT_X + 4, y, 140, h), label="All moves (M)", size=15,
                                    on_click=self.scene.show_moves, tooltip=MOVES_TIP))


TABLE = CaseTable
