"""The Bakerstreet table: five evidence stacks in a circle, detective piles, bids, disputes, letters.

The viewer sits at the bottom, the opponent at the top (in the public view of a handoff seat 0 is
at the bottom and both hands are face down). Play a card by dragging it from your hand next to
an evidence stack (or click the card, then the stack); bid with the bid control on the right
(- / + / quick amounts, only legal bids); dispute with the Dispute button. The dispute's winner
clicks a stack to evaluate; the evaluation's winner picks a letter from the picker. The arrow
keys and Enter do the same by keyboard (``keyboard``), and every move is also in the moves list (M).

Everything is drawn from the viewer's observation and the viewer's own event log: the log is
replayed into a small model of where every detective card lies (each card a token with a stable
sprite key), which is how cards travel hand -> pile -> evaluation tray -> used pile -> shuffled
back, and how the memory aid (``show_covered_cards``) knows the covered cards: the viewer saw
every one of them played.

This package is the table; this module holds the view itself (its state, syncing and draw order),
and its other roles live beside it, one per module: ``layout`` (geometry and who sits where),
``model`` (the log replayed into the model and the animation timeline), ``animate`` (the model and
timeline turned into motion on the board), ``input`` (what the viewer may touch and what it does,
the buttons included), ``paint`` (card faces and the board's drawings), ``panels`` (the side panel,
the letter picker's tiles and the results picture), ``words`` (the table's words), ``reasons`` (the
expert's reasons in words) and ``regions`` (the named regions a guided game points at and the marks the coach
lights up for a move).
"""

from __future__ import annotations

from collections.abc import Sequence

from sleuth.core.values import Event
from sleuth.games.bakerstreet.table.animate import TableAnimation
from sleuth.games.bakerstreet.table.input import TableInput
from sleuth.games.bakerstreet.table.keyboard import TableKeyboard
from sleuth.games.bakerstreet.table.layout import TableLayout
from sleuth.games.bakerstreet.table.model import Model, Replay
from sleuth.games.bakerstreet.table.paint import Faces, TablePaint, draw_ring
from sleuth.games.bakerstreet.table.panels import TablePanels
from sleuth.games.bakerstreet.table.reasons import explain_lines
from sleuth.games.bakerstreet.table.regions import TableRegions
from sleuth.games.bakerstreet.table.words import TableWords
from sleuth.ui.canvas import Canvas
from sleuth.ui.tableview import TableView
from sleuth.ui.widgets import Button, Widgets


class BakerstreetTable(TableWords, TableRegions, TableKeyboard, TableInput, TablePanels, TablePaint, TableAnimation,
                       TableLayout, TableView):
    """The Bakerstreet table view: the mixins before ``TableView`` each bring one role."""

    score_heading = "Longest run of letters"

    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.widgets = Widgets()
        self.faces = Faces(lambda: scene.app.palette)
        self.replay = Replay()  # the model and the current sync's timeline
        self.anim_t = 0.0  # seconds into the current sync's timeline (unscaled)
        self.anim_end = 0.0
        self.bid_value: int | None = None
        self.selected: int | None = None  # token id of a hand card clicked (click-then-stack)
        self._was_busy = False
        self._memory = scene.app.settings.show_covered_cards

    @property
    def model(self) -> Model:
        """Where every detective card lies, as far as the viewer knows."""
        return self.replay.model

    # -- sync -------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        super().sync(obs, events, animate)
        if previous is None or previous.seat != obs.seat:
            self.board.keep_only(set())
            self.cursor = None  # a new pair of eyes: no cursor until they press a key
        log = obs.log
        new_from = len(log) - len(events) if animate else len(log)
        self.replay = Replay(self.bottom, self.viewer, self.scene.app.settings.show_covered_cards, obs.everything)
        self.replay.run(log, max(0, new_from), obs.hand_sizes)
        self._place(animate)
        self.selected = None
        self.bid_value = None
        self._rebuild_widgets()

    # -- the coach and "why?" ---------------------------------------------------------------
    def explain(self, explanation, coach: bool) -> list[str]:
        """The expert's reasons (already filtered for the viewer) in one to three sentences: to the
        viewer about their own move (``coach``), or why the bot in ``explanation.seat`` moved so."""
        obs = self.obs
        revealed = obs is not None and obs.outcome is not None
        last_bid = obs.bids[-1] if obs is not None and obs.bids else None
        return explain_lines(explanation, coach, self.viewer, revealed, self.name, last_bid)

    # -- drawing ----------------------------------------------------------------------------
    def static_key(self) -> object | None:
        """At rest, the painted layer reads the observation, the side panel's bid control and the
        card picked to play; while a move animates, the panel follows the animation's clock, so
        the layer is painted every frame."""
        if self.obs is None or self.busy:
            return None
        self._hide_under_drawer()  # the buttons' visibility is part of the picture
        bid_control = any(isinstance(wd, Button) and wd.label.startswith("Bid") for wd in self.widgets.items)
        return (*self.static_inputs(), self.anim_t, self.bid_value if bid_control else None, self.selected,
                len(self.legal()))  # the moves offered (none while a lesson's note is read)

    def draw_static(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        obs = self.obs
        if obs is None:
            return
        draw_ring(canvas, pal, self.model.stacks, self.scene.app.settings.show_covered_cards)
        self._draw_stacks(canvas, pal, obs)
        for seat in range(2):
            self._draw_band(canvas, pal, obs, seat)
        self._draw_panel(canvas, pal, obs)
        self._hide_under_drawer()  # the drawer may have opened since the buttons were made
        if not self.busy:
            self.widgets.draw(canvas, pal)

    def draw_moving(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        obs = self.obs
        if obs is None:
            return
        self.board.draw(canvas)
        self._draw_after(canvas, pal, obs)
        self._draw_arrow_chain(canvas, pal)
        self.draw_cursor(canvas, pal)


TABLE = BakerstreetTable
