"""The Case Connection table: four locations, the supplies, every player's area, your workbench.

Your turn: visit a location by taking 2 of its items. Click them (or drag them into your area);
the second one sends the engine's single ``take`` action with both. Lay your threads on the
workbench grid around your lead (drag, or click a card then a cell; cards are never rotated) and
proofs on the edges between cards. Every edge says live whether it is connected, whose symbols
do not match or which proof is missing, and every lead icon whether it is satisfied (directly or
further along its side's chain). Reconstruct is enabled exactly when the engine's validator
accepts the layout; otherwise its explanation is shown. Hint lays out the engine's solver
arrangement from your items (or says none exists). Exchange, End turn and the two choices after
a reconstruction (keep 2 items, keep 1 of the leads drawn) are buttons and pickers; every move is
also in the moves list (M).

Everything here is public except the leads a player is choosing from. The public view (handoff
screens) shows no offer and no workbench. Your layout is yours: it survives other players' turns
and hot-seat handoffs, and the engine sees it only when you reconstruct.

This module holds ``CaseTable`` (state, sync, buttons and draw order) and ``TABLE``; its other
roles live beside it, one per module, as mixins: ``layout`` (where everything sits), ``paint``
(the pieces' faces), ``panels`` (the table's areas drawn around the sprites and the results
chart), ``animate`` (following events, placing sprites), ``input`` (drags, clicks, taking),
``workbench`` (your layout and its verdict) and ``words`` (every sentence the player reads: the
log, move names, hints, tooltips, refusals and the results story).
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
from sleuth.games.case_connection.table.layout import (
    BUTTON_ROW,
    EXCHANGE_Y,
    MESSAGE,
    OFFER,
    RIGHT_W,
    RIGHT_X,
    STAGING,
    Edge,
    TableLayout,
)
from sleuth.games.case_connection.table.paint import FacesMixin
from sleuth.games.case_connection.table.panels import TablePanels
from sleuth.games.case_connection.table.words import (
    CANCEL_TIP,
    CLEAR_TIP,
    END_TURN_TIP,
    HINT_TIP,
    KEEP_TIP,
    MOVES_TIP,
    TableWording,
)
from sleuth.games.case_connection.table.workbench import Feedback, Layout, WorkbenchMixin
from sleuth.ui.motion import Callouts
from sleuth.ui.tableview import TableView
from sleuth.ui.theme import Palette
from sleuth.ui.tween import Tweens
from sleuth.ui.widgets import Button, Widgets


@lru_cache(maxsize=1)
def bundled_cards() -> CaseCards:
    return load_cards()


class CaseTable(TableWording, TablePanels, TableInput, EventAnimation, WorkbenchMixin, FacesMixin, TableLayout,
                TableView):
    """The table view; its roles live in the mixins (words, panels, input, animation, workbench, faces, layout)."""

    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.cards = bundled_cards()
        self.widgets = Widgets()
        self._ids = itertools.count(1)
        self.kind_of: dict[int, str] = {}
        self.held: list[dict[str, list[int]]] = []  # per seat: proof kind -> token ids
        self.at_loc: list[list[int | None]] = []  # per location: proof space -> token id
        self.layouts: dict[int, Layout] = {}
        self.picks: list[tuple] = []  # ("thread", tid, loc) / ("tok", token, loc): a visit being made
        self.visiting: int | None = None
        self.selected: object | None = None  # a sprite key of yours chosen for click-then-click placement
        self.keep_sel: list[object] = []
        self.hover_edge: Edge | None = None
        self.delay: dict = {}
        self.origin: dict = {}
        self.leaving: dict = {}
        self._feedback: Feedback | None = None
        self._feedback_sig: object = None
        self._animating = False
        self.coins_pending: dict[int, int] = {}
        self.hint_note = ""
        self._was_busy = False
        self.local_tweens = Tweens()
        self._last_offer: tuple[str, ...] = ()
        self.callouts = Callouts()
        self.shown_layouts: list[list] = []  # [Reconstructed, box rect, showing?]: others' reconstructions

    def update(self, dt: float) -> None:
        super().update(dt)
        self.local_tweens.update(dt)
        busy = self.busy
        if self._was_busy and not busy and self.obs is not None:
            self._relayout()  # what may be dragged, clicked and pressed is known once the table is still
        self._was_busy = busy

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

    def my_turn(self) -> bool:
        obs = self.obs
        return (obs is not None and self.viewer is not None and self.viewer in obs.pending
                and obs.phase != R.PHASE_OVER)

    def legal(self) -> list[Action]:
        return self.scene.legal_for_viewer() if not self.busy else []

    # -- sync -------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        self._last_offer = tuple(previous.offer or ()) if previous is not None else ()
        super().sync(obs, events, animate)
        self._animating = animate and self.board.speed > 0
        self.hint_note = ""
        if previous is None or len(self.held) != obs.players:
            self._reset_tracking(obs)
        self.delay, self.origin, self.leaving = {}, {}, {}
        self.coins_pending: dict[int, int] = {}
        self._follow(events)
        self._reconcile(obs)
        if self.selected is not None and not self._is_mine(self.selected):
            self.selected = None
        self._relayout(animate)

    def _relayout(self, animate: bool = False) -> None:
        self._feedback = None
        placements = self._placements(self.obs)
        self._apply(placements, animate)
        self._refresh_drop_areas()
        self._rebuild_widgets()
        if self.busy:
            self._was_busy = True  # look again once the animation is over (see update)

    def cancel(self) -> None:
        super().cancel()
        self.picks = []
        self.visiting = None
        self.selected = None
        self.keep_sel = []
        if self.obs is not None:
            self._relayout()

    # -- buttons ----------------------------------------------------------------------------
    def _rebuild_widgets(self) -> None:
        self.widgets.clear()
        obs = self.obs
        if obs is None or self.viewer is None:
            return
        legal = self.legal()
        me = self.viewer
        mx = MESSAGE[0]
        y, h = BUTTON_ROW
        if obs.offer:
            for k, lid in enumerate(obs.offer):
                x, cy = self.offer_pos(k, len(obs.offer))
                action = R.PickLead(lid)
                keep = Button((x - 55, cy + OFFER / 2 + 54, 110, 30), label="Keep this lead", size=15,
                              primary=action in legal, enabled=action in legal,
                              on_click=lambda a=action: self.scene.act(a), tooltip=self.lead_words(lid))
                keep.action = action
                self.widgets.add(keep)
        elif obs.phase == R.PHASE_KEEP and self.my_turn() and not self.busy:
            action = self.keep_action()
            self.widgets.add(Button((mx + 90, 450, 210, 38), label="Keep these 2", size=18, primary=action is not None,
                                    enabled=action is not None,
                                    on_click=lambda: self.scene.act(self.keep_action()) if self.keep_action() else None,
                                    tooltip=KEEP_TIP))
        elif obs.leads[me] is not None:
            ok = self.may_reconstruct()
            fb = self.feedback()
            tip = self._reconstruct_tip(fb)
            self.widgets.add(Button((mx, y, 150, h), label="Reconstruct", size=18, primary=ok, enabled=ok,
                                    on_click=self.reconstruct, tooltip=tip))
            self.widgets.add(Button((mx + 158, y, 112, h), label="Hint", size=17, on_click=self.hint,
                                    tooltip=HINT_TIP))
            self.widgets.add(Button((mx + 278, y, 112, h), label="Clear", size=17, on_click=self.clear_layout,
                                    tooltip=CLEAR_TIP))
        for action in (a for a in legal if isinstance(a, R.Exchange)):
            gx = RIGHT_X + 10 + obs.proof_kinds.index(action.proof) * 84
            exchange = Button((gx - 4, EXCHANGE_Y, 80, 26), label="Trade 3", size=15,
                              on_click=lambda a=action: self.scene.act(a), tooltip=self._exchange_tip(action.proof))
            exchange.action = action
            self.widgets.add(exchange)
        if self.picks:
            self.widgets.add(Button((RIGHT_X + RIGHT_W - 82, STAGING[1] + 22, 76, 28), label="Cancel", size=15,
                                    on_click=self.cancel, tooltip=CANCEL_TIP))
        if R.EndTurn() in legal:
            self.widgets.add(Button((RIGHT_X + RIGHT_W - 150, y, 150, h), label="End turn", size=18,
                                    primary=not self.may_reconstruct(), on_click=lambda: self.scene.act(R.EndTurn()),
                                    tooltip=END_TURN_TIP))
        if legal:
            self.widgets.add(Button((RIGHT_X, y, 150, h), label="All moves (M)", size=16,
                                    on_click=self.scene.show_moves, tooltip=MOVES_TIP))


TABLE = CaseTable
