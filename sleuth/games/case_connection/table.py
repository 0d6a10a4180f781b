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
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from sleuth.core.values import Action, Event
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.cards import DX, DY, OPPOSITE, SIDES, UNIVERSAL, CaseCards, Lead, Thread, load_cards
from sleuth.games.case_connection.rules_grid import LEAD_CELL, Reconstruction, solve, validate
from sleuth.ui.board import CardSprite, Face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import card_back, card_face, icon_witness
from sleuth.ui.motion import Callouts, at_time
from sleuth.ui.tableview import TableView
from sleuth.ui.theme import Colour, Palette, mix
from sleuth.ui.tween import Tween, Tweens
from sleuth.ui.widgets import Button, Widgets, inside
from sleuth.ui.words import possessive, says
from sleuth.ui.zones import DropArea

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

# -- geometry (logical pixels; the table area is x 0..1010, y 44..720) ---------------------------
CARD = 48  # thread and lead cards at the locations, in your tray and on the workbench
CELL = 52  # workbench cell pitch (cards leave a thin gap where the proofs sit)
MINI = 28  # threads in other players' areas
MINI_LEAD = 56
TILE = 30  # completed leads
TOKEN = 28  # proofs at the locations
TRAY_TOKEN = 26
EDGE_TOKEN = 22
MINI_TOKEN = 18
COIN = 22
OFFER = 96  # leads offered to you
GRID_R = 3  # the workbench spans -3..3 each way around the lead (solver layouts stay within 3)
LOC_Y, LOC_W, LOC_H = 52, 194, 124
SUPPLY = (816, 52, 188, 124)
THREAD_DECK = (838, 76)
LEAD_DECK = (926, 76)
PILE = (838, 112)
UNIVERSAL_SUPPLY = (926, 112)
BONUS_POOL = (838, 150)
LOWER_Y = 184
VIEW_AREA = (8, 184, 742, 532)
GRID_ORIGIN = (32, 218)  # top-left corner of cell (-3, -3)
MESSAGE = (10, 588, 390, 84)
RIGHT_X, RIGHT_W = 410, 338
LEAD_PANEL = (RIGHT_X, 188, RIGHT_W, 104)
TRAY = (RIGHT_X, 296, RIGHT_W, 196)  # threads and proofs you hold but have not laid out
TRAY_THREAD_Y = 336
TRAY_TOKEN_Y = 466
STAGING = (RIGHT_X, 540, RIGHT_W, 62)
DONE_ROW = (RIGHT_X, 608, RIGHT_W, 62)
OPP_X, OPP_W = 756, 248
EVENT_STEP = 0.24  # seconds between the animations of successive events

BONUS_WORDS = {
    "bonus_point": "a Bonus Point token (+1 point)",
    "universal": "a Universal proof",
    "extra_lead": "an extra lead to choose from",
}
BONUS_SHORT = {"bonus_point": "+1 point", "universal": "Universal proof", "extra_lead": "extra lead"}
SYMBOL_ACCENT = {"F": 0, "W": 1, "C": 2}

# edge feedback kinds
CONNECTED, NO_MATCH, MISSING, WRONG = "connected", "no match", "missing", "wrong proof"


@lru_cache(maxsize=1)
def bundled_cards() -> CaseCards:
    return load_cards()


# -- pictures ---------------------------------------------------------------------------------


def symbol_colour(pal: Palette, code: str) -> Colour:
    if code == UNIVERSAL:
        return pal.brass_dark
    return pal.accents[SYMBOL_ACCENT.get(code, 3) % len(pal.accents)]


def _drop(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """Forensic: a drop (a point on top, round below)."""
    x, y = p
    r = s * 0.3
    cy = y + s * 0.14
    pts = [(x, y - s * 0.46)]
    for i in range(15):
        a = math.radians(-35 + 250 * i / 14)
        pts.append((x + r * math.cos(a), cy + r * math.sin(a)))
    c.polygon(pts, col)


def _chip(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """Cyber: a square chip with pins on every side."""
    x, y = p
    h = s * 0.26
    c.box((x - h, y - h, 2 * h, 2 * h), col, radius=max(1, s * 0.05))
    pin = s * 0.14
    width = max(1, s * 0.06)
    for k in (-0.5, 0.5):
        o = k * h
        c.line((x + o, y - h - pin), (x + o, y + h + pin), col, width)
        c.line((x - h - pin, y + o), (x + h + pin, y + o), col, width)
    c.box((x - h * 0.45, y - h * 0.45, h * 0.9, h * 0.9), (245, 238, 220), radius=max(1, s * 0.03))


def _star(c: Canvas, p: tuple[float, float], s: float, col: Colour) -> None:
    """Universal: a five-pointed star."""
    x, y = p
    pts = []
    for i in range(10):
        r = s * (0.48 if i % 2 == 0 else 0.2)
        a = math.radians(-90 + 36 * i)
        pts.append((x + r * math.cos(a), y + r * math.sin(a)))
    c.polygon(pts, col)


def draw_symbol(c: Canvas, code: str, p: tuple[float, float], s: float, pal: Palette,
                col: Colour | None = None) -> None:
    """Forensic = drop, Witness = person, Cyber = chip, Universal = star (shape first, colour second)."""
    col = col or symbol_colour(pal, code)
    if code == "F":
        _drop(c, p, s, col)
    elif code == "W":
        icon_witness(c, (p[0], p[1] + s * 0.02), s * 0.95, col)
    elif code == "C":
        _chip(c, p, s, col)
    else:
        _star(c, p, s, col)


def draw_bonus(c: Canvas, bonus: str, p: tuple[float, float], s: float, pal: Palette) -> None:
    """A coin with a plus (bonus point), a small proof with a star (universal), a card with a plus
    (extra lead): three outlines that differ without colour."""
    x, y = p
    if bonus == "bonus_point":
        c.circle((x, y), s * 0.5, pal.brass)
        c.circle((x, y), s * 0.5, pal.brass_dark, max(1, s * 0.08))
        arm, width = s * 0.26, max(1.5, s * 0.12)
        c.line((x - arm, y), (x + arm, y), pal.ink, width)
        c.line((x, y - arm), (x, y + arm), pal.ink, width)
    elif bonus == "universal":
        c.circle((x, y), s * 0.5, pal.paper)
        c.circle((x, y), s * 0.5, pal.brass_dark, max(1, s * 0.08))
        _star(c, (x, y), s * 0.78, pal.brass_dark)
    elif bonus == "extra_lead":
        w, h = s * 0.62, s * 0.86
        c.box((x - w / 2 - s * 0.1, y - h / 2 - s * 0.06, w, h), pal.brass_dark, radius=max(1, s * 0.08))
        c.box((x - w / 2 + s * 0.08, y - h / 2 + s * 0.06, w, h), pal.wood, radius=max(1, s * 0.08))
        c.box((x - w / 2 + s * 0.08, y - h / 2 + s * 0.06, w, h), pal.brass, radius=max(1, s * 0.08),
              width=max(1, s * 0.06))
        arm, width = s * 0.2, max(1.5, s * 0.1)
        cx, cy = x + s * 0.08, y + s * 0.06
        c.line((cx - arm, cy), (cx + arm, cy), pal.paper, width)
        c.line((cx, cy - arm), (cx, cy + arm), pal.paper, width)


def paint_thread(c: Canvas, s: float, thread: Thread, pal: Palette) -> None:
    card_face(c, s, s, pal)
    inset = s * 0.21
    half = s * 0.24
    for side, code in enumerate(thread.edges):
        if code is None:
            continue
        col = symbol_colour(pal, code)
        if DX[side] == 0:
            yy = 2.2 if side == 0 else s - 2.2
            c.line((s / 2 - half, yy), (s / 2 + half, yy), col, max(2, s * 0.06))
        else:
            xx = s - 2.2 if side == 1 else 2.2
            c.line((xx, s / 2 - half), (xx, s / 2 + half), col, max(2, s * 0.06))
        centre = (s / 2 + DX[side] * (s / 2 - inset), s / 2 + DY[side] * (s / 2 - inset))
        draw_symbol(c, code, centre, s * 0.27, pal)
    if thread.bonus:
        draw_bonus(c, thread.bonus, (s / 2, s / 2), s * 0.3, pal)


def lead_icon_positions(s: float, lead: Lead) -> list[tuple[int, str, tuple[float, float]]]:
    """(side, symbol, centre) of each icon printed on a lead card of size ``s``."""
    out = []
    inset = s * (0.15 if s >= 80 else 0.19)
    for side, icons in enumerate(lead.sides):
        n = len(icons)
        for j, code in enumerate(icons):
            along = (j - (n - 1) / 2) * s * 0.3
            cx = s / 2 + DX[side] * (s / 2 - inset) + (along if DX[side] == 0 else 0)
            cy = s / 2 + DY[side] * (s / 2 - inset) + (along if DY[side] == 0 else 0)
            out.append((side, code, (cx, cy)))
    return out


def paint_lead(c: Canvas, s: float, lead: Lead, pal: Palette) -> None:
    card_face(c, s, s, pal, tint=pal.brass)
    c.box((3, 3, s - 6, s - 6), pal.brass_dark, radius=5, width=max(1.5, s * 0.035))
    big = s >= 80
    if big:
        c.text(str(lead.points), (s / 2, s * 0.46), s * 0.3, pal.ink, "center", bold=True)
        c.text("points", (s / 2, s * 0.66), 13, pal.ink_soft, "center")
    else:
        c.text(str(lead.points), (s / 2, s / 2), max(15, s * 0.36), pal.ink, "center", bold=True)
    for _, code, centre in lead_icon_positions(s, lead):
        draw_symbol(c, code, centre, s * (0.2 if big else 0.24), pal)


def paint_completed(c: Canvas, s: float, lead: Lead, pal: Palette) -> None:
    """A completed lead lies face down; its points stay readable on the brass seal."""
    card_back(c, s, s, pal, "rings", pal.wood)
    c.circle((s / 2, s / 2), s * 0.34, pal.brass)
    c.circle((s / 2, s / 2), s * 0.34, pal.brass_dark, 1.5)
    c.text(str(lead.points), (s / 2, s / 2), max(14, s * 0.46), pal.ink, "center", bold=True)


def paint_token(c: Canvas, d: float, code: str, pal: Palette) -> None:
    r = d / 2
    face = mix(pal.brass, pal.paper, 0.45) if code == UNIVERSAL else pal.paper
    c.circle((r, r), r - 0.5, pal.brass_dark)
    c.circle((r, r), r - max(1.5, d * 0.08), face)
    draw_symbol(c, code, (r, r), d * 0.6, pal)


def paint_token_back(c: Canvas, d: float, pal: Palette) -> None:
    r = d / 2
    c.circle((r, r), r - 0.5, pal.brass_dark)
    c.circle((r, r), r - max(1.5, d * 0.08), pal.wood_dark)
    c.text("?", (r, r), max(13, d * 0.55), pal.brass, "center", bold=True)


def paint_coin(c: Canvas, d: float, pal: Palette) -> None:
    r = d / 2
    c.circle((r, r), r - 0.5, pal.brass_dark)
    c.circle((r, r), r - max(1.5, d * 0.09), pal.brass)
    c.text("+1", (r, r + 0.5), max(13, d * 0.56), pal.ink, "center", bold=True)


# -- the player's layout on the workbench -------------------------------------------------------


def edge_key(a: Cell, b: Cell) -> Edge:
    return (a, b) if a <= b else (b, a)


def neighbours(cell: Cell) -> list[Cell]:
    return [(cell[0] + DX[s], cell[1] + DY[s]) for s in range(4)]


def in_grid(cell: Cell) -> bool:
    return abs(cell[0]) <= GRID_R and abs(cell[1]) <= GRID_R


def side_towards(a: Cell, b: Cell) -> int:
    return next(s for s in range(4) if (a[0] + DX[s], a[1] + DY[s]) == b)


@dataclass
class Layout:
    """One player's arrangement (the engine sees it only when they reconstruct)."""

    lead: str | None = None
    cells: dict[Cell, str] = field(default_factory=dict)  # cell -> thread id
    edges: dict[Edge, int] = field(default_factory=dict)  # edge -> proof token id

    def cell_of(self, tid: str) -> Cell | None:
        return next((c for c, t in self.cells.items() if t == tid), None)

    def edge_of(self, token: int) -> Edge | None:
        return next((e for e, t in self.edges.items() if t == token), None)

    def clear(self) -> None:
        self.cells.clear()
        self.edges.clear()


@dataclass(frozen=True)
class Feedback:
    """What the workbench says about a layout: per edge, per lead icon, and the engine's verdict."""

    edges: dict  # edge -> (kind, words)
    icons: list  # (side, symbol, status, words); status "direct" | "indirect" | "missing"
    verdict: Reconstruction | str | None
    action: R.Reconstruct | None


@dataclass(frozen=True)
class PanelDims:
    """Sizes and rows inside a player's compact area (bigger in the public view's wide panels)."""

    lead: float
    thread: float
    token: float
    tile: float
    group: float  # spacing of the proof kinds
    x: float
    y: float
    w: float

    @property
    def threads_x(self) -> float:
        return self.x + 16 + self.lead

    @property
    def per_row(self) -> int:
        return max(1, int((self.x + self.w - 8 - self.threads_x) // (self.thread + 4)))

    @property
    def tokens_y(self) -> float:
        return self.y + 30 + max(self.lead, 2 * (self.thread + 4)) + 6 + self.token / 2

    @property
    def done_y(self) -> float:
        return self.tokens_y + self.token / 2 + 8 + self.tile / 2

    def thread_pos(self, k: int, n: int) -> tuple[float, float]:
        """Two rows at most: a long hand overlaps rather than spilling onto the proofs."""
        per_row, pitch = self.per_row, self.thread + 4
        if n > 2 * per_row:
            per_row = (n + 1) // 2
            pitch = (self.x + self.w - 8 - self.threads_x - self.thread) / max(1, per_row - 1)
        row, col = divmod(k, per_row)
        return (self.threads_x + self.thread / 2 + col * pitch,
                self.y + 30 + self.thread / 2 + row * (self.thread + 4))

    def token_pos(self, kind_index: int, k: int) -> tuple[float, float]:
        return (self.x + 8 + self.token / 2 + kind_index * self.group + min(k, 5) * 3, self.tokens_y)


def panel_dims(rect) -> PanelDims:
    x, y, w, h = rect
    if w > 400 and h > 220:
        return PanelDims(84, 40, 24, 40, 92, x, y, w)
    return PanelDims(MINI_LEAD, MINI, MINI_TOKEN, TILE, 58, x, y, w)


class CaseTable(TableView):
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

    # -- small facts ------------------------------------------------------------------------
    @property
    def pal(self) -> Palette:
        return self.scene.app.palette

    def name(self, seat: int) -> str:
        return self.scene.seat_names[seat]

    def verb(self, seat: int, verb: str) -> str:
        """``takes`` for Watson, ``take`` for a seat named You (a second verb in one sentence)."""
        name = self.name(seat)
        return says(name, verb)[len(name) + 1:]

    def says(self, seat: int, verb: str) -> str:
        """``Watson takes`` but ``You take``."""
        return says(self.name(seat), verb)

    def possessive(self, seat: int) -> str:
        return possessive(self.name(seat))

    def sym(self, code: str) -> str:
        return self.cards.symbol_name(code)

    def my_turn(self) -> bool:
        obs = self.obs
        return (obs is not None and self.viewer is not None and self.viewer in obs.pending
                and obs.phase != R.PHASE_OVER)

    def legal(self) -> list[Action]:
        return self.scene.legal_for_viewer() if not self.busy else []

    def layout(self) -> Layout | None:
        if self.viewer is None:
            return None
        return self.layouts.setdefault(self.viewer, Layout())

    def seat_rects(self) -> dict[int, tuple[float, float, float, float]]:
        """Compact areas: the other players in a column on the right, or everyone (public view)."""
        obs = self.obs
        if self.viewer is None:
            seats = list(range(obs.players))
            cols = 2
            rows = (len(seats) + 1) // 2
            w = (self.rect[2] - 24) / cols
            h = min(236, (720 - LOWER_Y - 6) / rows - 6)
            return {s: (8 + (i % cols) * (w + 8), LOWER_Y + 2 + (i // cols) * (h + 6), w, h)
                    for i, s in enumerate(seats)}
        others = [(self.viewer + k) % obs.players for k in range(1, obs.players)]
        h = min(200, (720 - LOWER_Y - 4) / max(1, len(others)) - 6)
        return {s: (OPP_X, LOWER_Y + 2 + i * (h + 6), OPP_W, h) for i, s in enumerate(others)}

    # -- places -----------------------------------------------------------------------------
    def loc_rect(self, loc: int) -> tuple[float, float, float, float]:
        return (8 + loc * (LOC_W + 8), LOC_Y, LOC_W, LOC_H)

    def loc_thread_pos(self, loc: int, k: int) -> tuple[float, float]:
        x, y, w, _ = self.loc_rect(loc)
        n = self.cards.locations[loc].threads
        left = x + w / 2 - (n * CARD + (n - 1) * 8) / 2
        return (left + CARD / 2 + k * (CARD + 8), y + 26 + CARD / 2)

    def loc_proof_pos(self, loc: int, k: int) -> tuple[float, float]:
        x, y, w, _ = self.loc_rect(loc)
        n = self.cards.locations[loc].proofs
        left = x + w / 2 - (n * TOKEN + (n - 1) * 12) / 2
        return (left + TOKEN / 2 + k * (TOKEN + 12), y + 26 + CARD + 8 + TOKEN / 2)

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        gx, gy = GRID_ORIGIN
        return (gx + (cell[0] + GRID_R) * CELL + CELL / 2, gy + (cell[1] + GRID_R) * CELL + CELL / 2)

    def cell_rect(self, cell: Cell) -> tuple[float, float, float, float]:
        x, y = self.cell_centre(cell)
        return (x - CELL / 2, y - CELL / 2, CELL, CELL)

    def edge_centre(self, edge: Edge) -> tuple[float, float]:
        a, b = (self.cell_centre(c) for c in edge)
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def edge_rect(self, edge: Edge) -> tuple[float, float, float, float]:
        x, y = self.edge_centre(edge)
        if edge[0][1] == edge[1][1]:  # side by side: a vertical seam
            return (x - 13, y - 19, 26, 38)
        return (x - 19, y - 13, 38, 26)

    def grid_cells(self) -> list[Cell]:
        return [(x, y) for y in range(-GRID_R, GRID_R + 1) for x in range(-GRID_R, GRID_R + 1)]

    def grid_edges(self) -> list[Edge]:
        out = []
        for cell in self.grid_cells():
            for other in ((cell[0] + 1, cell[1]), (cell[0], cell[1] + 1)):
                if in_grid(other):
                    out.append(edge_key(cell, other))
        return out

    def tray_thread_pos(self, k: int, n: int) -> tuple[float, float]:
        per_row = 6
        pitch = CARD + 6
        if n > 2 * per_row:  # squeeze rather than overflow
            per_row = (n + 1) // 2
            pitch = (RIGHT_W - 20 - CARD) / max(1, per_row - 1)
        row, col = divmod(k, per_row)
        return (RIGHT_X + 10 + CARD / 2 + col * pitch, TRAY_THREAD_Y + row * (CARD + 6))

    def tray_token_pos(self, kind_index: int, k: int, n: int) -> tuple[float, float]:
        gx = RIGHT_X + 10 + kind_index * 84
        step = min(8.0, 34 / max(1, n - 1)) if n > 1 else 0
        return (gx + TRAY_TOKEN / 2 + k * step, TRAY_TOKEN_Y)

    def staging_pos(self, k: int) -> tuple[float, float]:
        return (RIGHT_X + 190 + k * 58, STAGING[1] + 36)

    def done_pos(self, k: int) -> tuple[float, float]:
        return (RIGHT_X + 96 + k * (TILE + 6), DONE_ROW[1] + 40)

    def offer_pos(self, k: int, n: int) -> tuple[float, float]:
        pitch = OFFER + 26
        left = GRID_ORIGIN[0] + 7 * CELL / 2 - (n - 1) * pitch / 2
        return (left + k * pitch, 330)

    # -- faces ------------------------------------------------------------------------------
    def thread_face(self, tid: str, size: float) -> Face:
        pal = self.pal
        thread = self.cards.thread(tid)
        return Face(("cc-thread", tid, size, pal.accents), lambda c: paint_thread(c, size, thread, pal))

    def thread_back(self, size: float) -> Face:
        pal = self.pal
        accent = mix(pal.accents[2 % len(pal.accents)], pal.wood_dark, 0.45)
        return Face(("cc-thread-back", size, accent), lambda c: card_back(c, size, size, pal, "dots", accent))

    def lead_face(self, lid: str, size: float) -> Face:
        pal = self.pal
        lead = self.cards.lead(lid)
        return Face(("cc-lead", lid, size, pal.accents), lambda c: paint_lead(c, size, lead, pal))

    def lead_back(self, size: float) -> Face:
        pal = self.pal
        return Face(("cc-lead-back", size, pal.wood), lambda c: card_back(c, size, size, pal, "rings", pal.wood))

    def completed_face(self, lid: str, size: float) -> Face:
        pal = self.pal
        lead = self.cards.lead(lid)
        return Face(("cc-done", lid, size, pal.wood), lambda c: paint_completed(c, size, lead, pal))

    def token_face(self, code: str, size: float) -> Face:
        pal = self.pal
        return Face(("cc-token", code, size, pal.accents), lambda c: paint_token(c, size, code, pal))

    def token_back(self, size: float) -> Face:
        pal = self.pal
        return Face(("cc-token-back", size), lambda c: paint_token_back(c, size, pal))

    def coin_face(self) -> Face:
        pal = self.pal
        return Face(("cc-coin", COIN, pal.brass), lambda c: paint_coin(c, COIN, pal))

    # -- words for things -------------------------------------------------------------------
    def thread_words(self, tid: str) -> str:
        t = self.cards.thread(tid)
        sides = [f"{SIDES[s]} {self.sym(code)}" for s, code in enumerate(t.edges) if code is not None]
        blank = [SIDES[s] for s, code in enumerate(t.edges) if code is None]
        text = f"Thread {tid}: " + ", ".join(sides)
        if blank:
            text += f" ({' and '.join(blank)} blank)"
        if t.bonus:
            text += f". Bonus: {BONUS_WORDS[t.bonus]} when it is directly connected to a lead"
        return text + "."

    def lead_words(self, lid: str) -> str:
        lead = self.cards.lead(lid)
        parts = []
        for side, icons in enumerate(lead.sides):
            if not icons:
                continue
            names = " and ".join(self.sym(code) for code in icons)
            extra = " (one direct, one further along that side's chain)" if len(icons) > 1 else ""
            parts.append(f"{SIDES[side]} {names}{extra}")
        return f"Lead {lid}, {lead.points} points: " + "; ".join(parts) + "."

    def items_words(self, threads: Sequence[str], proofs: Sequence[str]) -> str:
        words = list(threads)
        counts = Counter(proofs)
        for code, n in counts.items():
            words.append(f"{'a' if n == 1 else n} {self.sym(code)} proof{'s' if n > 1 else ''}")
        if not words:
            return "nothing"
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    # -- following the engine's events ------------------------------------------------------
    def _new_token(self, code: str) -> int:
        token = next(self._ids)
        self.kind_of[token] = code
        return token

    def _reset_tracking(self, obs) -> None:
        self.held = [{code: [] for code in obs.proof_kinds} for _ in range(obs.players)]
        self.at_loc = [[None] * len(proofs) for _, proofs in obs.locations]

    def _came(self, key, source: str | None, t: float) -> None:
        self.delay.setdefault(key, t)
        if source is not None:
            self.origin.setdefault(key, source)

    def _give_back(self, seat: int, code: str, n: int, t: float) -> None:
        """Take ``n`` tokens of ``code`` out of ``seat``'s area (loose ones first) toward the pile."""
        ids = self.held[seat][code]
        layout = self.layouts.get(seat)
        placed = set(layout.edges.values()) if layout else set()
        order = [i for i in reversed(ids) if i not in placed] + [i for i in reversed(ids) if i in placed]
        for token in order[:n]:
            ids.remove(token)
            self.leaving[("tok", token)] = ("supply" if code == UNIVERSAL else "pile", t)

    def _follow(self, events: Sequence[Event]) -> None:
        """Move the identities of proof tokens as the events say, and time each sprite's move."""
        for index, e in enumerate(events):
            t = index * EVENT_STEP
            if isinstance(e, R.Refilled):
                n = 0
                for spaces in e.threads:
                    for tid in spaces:
                        if tid is not None and ("thread", tid) not in self.board.by_key:
                            self._came(("thread", tid), "deck", t + n * 0.05)
                            n += 1
                for loc, spaces in enumerate(e.proofs):
                    for i, code in enumerate(spaces):
                        if i >= len(self.at_loc[loc]):
                            continue
                        cur = self.at_loc[loc][i]
                        if code is None:
                            self.at_loc[loc][i] = None
                        elif cur is None or self.kind_of.get(cur) != code:
                            token = self._new_token(code)
                            self.at_loc[loc][i] = token
                            self._came(("tok", token), "pile", t + n * 0.05)
                            n += 1
                self._sound_at("flip" if index else "shuffle", t)
            elif isinstance(e, R.Took):
                for code in e.proofs:
                    spaces = self.at_loc[e.location]
                    i = next((k for k, tok in enumerate(spaces) if tok is not None and self.kind_of[tok] == code), None)
                    if i is None:
                        continue
                    token = spaces[i]
                    spaces[i] = None
                    self.held[e.seat][code].append(token)
                    self._came(("tok", token), None, t)
                for tid in e.threads:
                    self._came(("thread", tid), None, t)
                self._sound_at("slide", t)
            elif isinstance(e, R.Exchanged):
                self._give_back(e.seat, e.proof, 3, t)
                token = self._new_token(UNIVERSAL)
                self.held[e.seat][UNIVERSAL].append(token)
                self._came(("tok", token), "supply", t + 0.2)
                self._sound_at("click", t)
            elif isinstance(e, R.BonusGained):
                if e.granted and e.bonus == "universal":
                    token = self._new_token(UNIVERSAL)
                    self.held[e.seat][UNIVERSAL].append(token)
                    self._came(("tok", token), "supply", t)
                elif e.granted and e.bonus == "bonus_point":
                    n = len(self._coin_keys(e.seat)) + self.coins_pending.get(e.seat, 0)
                    self._came(("coin", e.seat, n), "pool", t)
                    self.coins_pending[e.seat] = self.coins_pending.get(e.seat, 0) + 1
                self._sound_at("tick", t)
            elif isinstance(e, R.Reconstructed):
                self._came(("lead", e.lead), None, t)
                layout = self.layouts.get(e.seat)
                if layout is not None:
                    for tid in layout.cells.values():
                        self._came(("thread", tid), None, t + 2 * EVENT_STEP)
                    for token in layout.edges.values():
                        self._came(("tok", token), None, t + 2 * EVENT_STEP)
                    layout.clear()
                    layout.lead = None
                self._sound_at("flip", t)
                self._callout(f"{e.lead} reconstructed: +{e.points}", e.seat, t, e)
            elif isinstance(e, R.Kept):
                for code, n in Counter(e.returned_proofs).items():
                    self._give_back(e.seat, code, n, t)
                for tid in e.returned_threads:
                    self.leaving[("thread", tid)] = ("deck", t)
                for tid in e.threads:
                    self._came(("thread", tid), None, t)
                if e.returned_threads:
                    self._sound_at("shuffle", t)
            elif isinstance(e, R.LeadsDrawn):
                if e.leads:
                    for k, lid in enumerate(e.leads):
                        self._came(("lead", lid), "leads", t + k * 0.08)
                else:
                    for k in range(e.count):
                        self._came(("offer", e.seat, k), "leads", t + k * 0.08)
                self._sound_at("flip", t)
            elif isinstance(e, R.LeadChosen):
                self._came(("lead", e.lead), "leads", t)
                for lid in self._last_offer:
                    if lid != e.lead:
                        self.leaving[("lead", lid)] = ("leads", t)
                for k in range(e.returned + 1):
                    self.leaving[("offer", e.seat, k)] = ("leads", t)
                self._sound_at("slide", t)
            elif isinstance(e, R.TurnEnded):
                self._sound_at("tick", t)
            elif isinstance(e, R.EndTriggered):
                self._callout(f"{e.score} points: final turns!", e.seat, t)

    def _sound_at(self, name: str, t: float) -> None:
        if self._animating:
            at_time(self.board, t, lambda: self.scene.app.sound.play(name), skip_if_rushed=True)

    def _callout(self, text: str, seat: int, t: float, shown: R.Reconstructed | None = None) -> None:
        """A short banner over a player's area while an event plays (kept busy meanwhile); for
        another player's reconstruction it also shows their layout, as it lay on their table."""
        if not self._animating:
            return
        pal = self.pal
        if seat == self.viewer:
            self.callouts.add(self.board, text, self.cell_centre((0, -2)), pal.good, t, 1.3, 20)
            return
        rect = self.seat_rects().get(seat, (OPP_X, LOWER_Y, OPP_W, 160))
        if shown is None:
            self.callouts.add(self.board, text, (rect[0] + rect[2] / 2, rect[1] + 60), pal.good, t, 1.3, 20)
            return
        box = self._shown_box(shown, rect)
        item = [shown, box, False]
        self.shown_layouts.append(item)

        def apply(u: float) -> None:
            item[2] = True

        def done() -> None:
            if item in self.shown_layouts:
                self.shown_layouts.remove(item)

        self.board.tweens.add(Tween(2.2 * self.board.speed, apply, lambda u: u, done, t * self.board.speed))
        self.callouts.add(self.board, text, (box[0] + box[2] / 2, box[1] - 22), pal.good, t, 2.2, 20)

    def _coin_keys(self, seat: int) -> list:
        return [k for k in self.board.by_key if k[0] == "coin" and k[1] == seat]

    def _reconcile(self, obs) -> None:
        """Make the tracked tokens agree with the observation (first sync, a new viewer, any gap)."""
        for loc, (_, proofs) in enumerate(obs.locations):
            for i, code in enumerate(proofs):
                cur = self.at_loc[loc][i]
                if code is None:
                    self.at_loc[loc][i] = None
                elif cur is None or self.kind_of.get(cur) != code:
                    self.at_loc[loc][i] = self._new_token(code)
        for seat in range(obs.players):
            for k, code in enumerate(obs.proof_kinds):
                want = obs.proofs[seat][k]
                ids = self.held[seat][code]
                if len(ids) > want:
                    self._give_back(seat, code, len(ids) - want, 0.0)
                while len(ids) < want:
                    ids.append(self._new_token(code))
        for seat, layout in self.layouts.items():
            lead = obs.leads[seat]
            if layout.lead is not None and layout.lead != lead:
                layout.clear()
            layout.lead = lead
            hand = set(obs.threads[seat])
            layout.cells = {c: t for c, t in layout.cells.items() if t in hand and in_grid(c) and c != LEAD_CELL}
            tokens = {t for ids in self.held[seat].values() for t in ids}
            occupied = set(layout.cells) | ({LEAD_CELL} if lead is not None else set())
            layout.edges = {e: t for e, t in layout.edges.items()
                            if t in tokens and e[0] in occupied and e[1] in occupied}
        if not self.my_turn() or obs.taken or obs.phase != R.PHASE_PLAY:
            self.picks = []
            self.visiting = None
        else:
            self.picks = [p for p in self.picks if self._pick_still_there(p)]
        if obs.phase != R.PHASE_KEEP or not self.my_turn():
            self.keep_sel = []

    def _pick_still_there(self, pick) -> bool:
        loc = pick[2]
        threads, _ = self.obs.locations[loc]
        if pick[0] == "thread":
            return pick[1] in threads
        return pick[1] in self.at_loc[loc]

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

    def _placements(self, obs) -> dict:
        """key -> (pos, size, front, back, face_up, layer, tooltip)."""
        out: dict = {}
        picked = {p[:2]: k for k, p in enumerate(self.picks)}
        for loc, (threads, proofs) in enumerate(obs.locations):
            name = self.cards.locations[loc].name
            for k, tid in enumerate(threads):
                if tid is None:
                    continue
                pos = self.staging_pos(picked[("thread", tid)]) if ("thread", tid) in picked \
                    else self.loc_thread_pos(loc, k)
                tip = f"{self.thread_words(tid)} At {name}: click it or drag it to your area to take it."
                out[("thread", tid)] = (pos, CARD, self.thread_face(tid, CARD), self.thread_back(CARD), True, 2, tip)
            for k, code in enumerate(proofs):
                token = self.at_loc[loc][k] if k < len(self.at_loc[loc]) else None
                if code is None or token is None:
                    continue
                pos = self.staging_pos(picked[("tok", token)]) if ("tok", token) in picked \
                    else self.loc_proof_pos(loc, k)
                tip = (f"A {self.sym(code)} proof at {name}: it joins two cards whose touching edges both show "
                       f"{self.sym(code)}. Click it or drag it to your area to take it.")
                out[("tok", token)] = (pos, TOKEN, self.token_face(code, TOKEN), self.token_back(TOKEN), True, 2, tip)
        for seat, rect in self.seat_rects().items():
            self._place_panel(obs, seat, rect, out)
        if self.viewer is not None:
            self._place_own(obs, self.viewer, out)
        return out

    def _place_panel(self, obs, seat: int, rect, out: dict) -> None:
        x, y, w, h = rect
        d = panel_dims(rect)
        who = self.name(seat)
        lead = obs.leads[seat]
        if lead is not None:
            out[("lead", lead)] = ((x + 8 + d.lead / 2, y + 30 + d.lead / 2), d.lead,
                                   self.lead_face(lead, d.lead), self.lead_back(d.lead), True, 4,
                                   f"{self.possessive(seat).capitalize()} current lead. {self.lead_words(lead)}")
        for k, tid in enumerate(obs.threads[seat]):
            out[("thread", tid)] = (d.thread_pos(k, len(obs.threads[seat])), d.thread, self.thread_face(tid, d.thread),
                                    self.thread_back(d.thread), True, 4 + k, f"{who} holds it. {self.thread_words(tid)}")
        for kind_index, code in enumerate(obs.proof_kinds):
            ids = self.held[seat][code]
            for k, token in enumerate(ids):
                out[("tok", token)] = (d.token_pos(kind_index, k), d.token, self.token_face(code, d.token),
                                       self.token_back(d.token), True, 5 + k,
                                       f"{who} holds {len(ids)} {self.sym(code)} proof(s).")
        for k, lid in enumerate(obs.completed[seat]):
            pos = (x + 8 + d.tile / 2 + k * (d.tile + 4), d.done_y)
            out[("lead", lid)] = (pos, d.tile, self.lead_face(lid, d.tile), self.completed_face(lid, d.tile), False, 4,
                                  f"Completed by {who}: {self.lead_words(lid)}")
        cx = x + 8 + len(obs.completed[seat]) * (d.tile + 4) + 8
        for k in range(obs.bonus_tokens[seat]):
            out[("coin", seat, k)] = ((cx + COIN / 2 + k * 10, d.done_y), COIN, self.coin_face(), self.coin_face(),
                                      True, 6 + k,
                                      f"{who}'s Bonus Point tokens: {obs.bonus_tokens[seat]} (1 point each).")
        if obs.offer_size and seat in obs.pending and obs.phase in (R.PHASE_SETUP, R.PHASE_PICK):
            for k in range(obs.offer_size):
                pos = (x + w - 20 - d.thread / 2 - k * 14, y + 30 + d.thread / 2 + 2)
                out[("offer", seat, k)] = (pos, d.thread, self.lead_back(d.thread), self.lead_back(d.thread), False,
                                           8 + k, f"{who} is choosing one of {obs.offer_size} leads (only they see "
                                           "them).")

    def _place_own(self, obs, me: int, out: dict) -> None:
        layout = self.layout()
        lead = obs.leads[me]
        if lead is not None:
            out[("lead", lead)] = (self.cell_centre(LEAD_CELL), CARD, self.lead_face(lead, CARD),
                                   self.lead_back(CARD), True, 6,
                                   f"Your lead, on the centre of the workbench. {self.lead_words(lead)}")
        for cell, tid in layout.cells.items():
            out[("thread", tid)] = (self.cell_centre(cell), CARD, self.thread_face(tid, CARD), self.thread_back(CARD),
                                    True, 7, f"{self.thread_words(tid)} On your workbench at ({cell[0]},{cell[1]}): "
                                    "drag it to another cell or back to your tray.")
        placed = set(layout.cells.values())
        loose = [t for t in obs.threads[me] if t not in placed]
        for k, tid in enumerate(loose):
            out[("thread", tid)] = (self.tray_thread_pos(k, len(loose)), CARD, self.thread_face(tid, CARD),
                                    self.thread_back(CARD), True, 10 + k,
                                    f"{self.thread_words(tid)} In your tray: drag it onto the workbench, next to "
                                    "your lead or another card (cards are never rotated).")
        on_edges = {t: e for e, t in layout.edges.items()}
        for kind_index, code in enumerate(obs.proof_kinds):
            ids = self.held[me][code]
            free = [t for t in ids if t not in on_edges]
            for k, token in enumerate(free):
                out[("tok", token)] = (self.tray_token_pos(kind_index, k, len(free)), TRAY_TOKEN,
                                       self.token_face(code, TRAY_TOKEN), self.token_back(TRAY_TOKEN), True, 30 + k,
                                       self._token_tip(code))
            for token in ids:
                if token in on_edges:
                    out[("tok", token)] = (self.edge_centre(on_edges[token]), EDGE_TOKEN,
                                           self.token_face(code, EDGE_TOKEN), self.token_back(EDGE_TOKEN), True, 40,
                                           f"A {self.sym(code)} proof joining two cards. Drag it to another edge or "
                                           "back to your tray.")
        for k, lid in enumerate(obs.completed[me]):
            out[("lead", lid)] = (self.done_pos(k), TILE, self.lead_face(lid, TILE), self.completed_face(lid, TILE),
                                  False, 4, f"You completed it: {self.lead_words(lid)}")
        cx = self.done_pos(len(obs.completed[me]))[0] + 4
        for k in range(obs.bonus_tokens[me]):
            out[("coin", me, k)] = ((cx + k * 12, DONE_ROW[1] + 40), COIN, self.coin_face(), self.coin_face(), True,
                                    6 + k, f"Your Bonus Point tokens: {obs.bonus_tokens[me]} (1 point each).")
        if obs.offer:
            for k, lid in enumerate(obs.offer):
                out[("lead", lid)] = (self.offer_pos(k, len(obs.offer)), OFFER, self.lead_face(lid, OFFER),
                                      self.lead_back(OFFER), True, 50,
                                      f"{self.lead_words(lid)} Click it to keep it; the others go under the lead deck.")

    def _token_tip(self, code: str) -> str:
        if code == UNIVERSAL:
            return ("A Universal proof: it joins any two touching edges that show the same symbol. Drag it onto "
                    "the edge between two cards.")
        return (f"A {self.sym(code)} proof: drag it onto the edge between two cards whose touching edges both show "
                f"{self.sym(code)}.")

    def _source_pos(self, source: str | None, fallback):
        return {"deck": THREAD_DECK, "pile": PILE, "supply": UNIVERSAL_SUPPLY, "pool": BONUS_POOL,
                "leads": LEAD_DECK}.get(source, fallback)

    def _apply(self, placements: dict, animate: bool) -> None:
        board = self.board
        anim = animate and self.board.speed > 0
        for key in list(board.by_key):
            if key in placements:
                continue
            sprite = board.by_key[key]
            where = self.leaving.get(key)
            if anim and where is not None:
                dest, t = where
                if key[0] == "lead":
                    sprite.back = self.lead_back(sprite.size[0])
                board.flip(sprite, False, delay=t + 0.1)
                board.move(sprite, self._source_pos(dest, THREAD_DECK), 0.0, duration=0.45, delay=t,
                           done=lambda k=key: self._drop_if_gone(k))
            else:
                board.remove(key)
        for key, (pos, size, front, back, face_up, layer, tip) in placements.items():
            sprite = board.sprite(key)
            t = self.delay.get(key, 0.0) if anim else 0.0
            if sprite is None:
                source = self.origin.get(key) if anim else None
                start = self._source_pos(source, pos) if source else pos
                sprite = board.ensure(key, (size, size), front, back, face_up if source is None else False, start, layer)
                if key[0] == "tok" or key[0] == "coin":
                    sprite.corner = size / 2  # round shadow where the board supports it
            else:
                sprite.front, sprite.back, sprite.size = front, back, (size, size)
            board.set_layer(sprite, layer)
            sprite.tooltip = tip
            sprite.draggable = self._draggable(key)
            sprite.clickable = self._clickable(key)
            sprite.selected = key == self.selected or key in self.keep_sel or any(p[:2] == key for p in self.picks)
            sprite.dimmed = self._dimmed(key)
            if anim:
                board.move(sprite, pos, 0.0, duration=0.4, delay=t)
                if sprite.face_up != face_up:
                    board.flip(sprite, face_up, delay=t + 0.18)
            else:
                self._settle(sprite, pos, face_up)

    def _settle(self, sprite: CardSprite, pos, face_up: bool) -> None:
        """A move of your own (or a redraw): a short slide that never makes the table busy, so a
        click right after it is a click, not a request to skip an animation."""
        board = self.board
        saved = board.tweens
        board.tweens = self.local_tweens
        try:
            board.move(sprite, pos, 0.0, duration=0.18, lift=0.0)
        finally:
            board.tweens = saved
        if sprite.face_up != face_up and (sprite.flip_tween is None or sprite.flip_tween.finished):
            sprite.face_up = face_up
            sprite.shown = 1.0 if face_up else 0.0

    def _dimmed(self, key) -> bool:
        """While you choose what to take, items you cannot take with the current visit are greyed."""
        if key[0] not in ("thread", "tok") or self._is_mine(key) or not self._takes():
            return False
        loc = self._at_location(key)
        if loc is None:
            return False
        if self.visiting is not None and loc != self.visiting:
            return True
        return not self._pickable(key) and not any(p[:2] == key for p in self.picks)

    def _drop_if_gone(self, key) -> None:
        if self.board.sprite(key) is not None and key not in self._current_keys():
            self.board.remove(key)

    def _current_keys(self) -> set:
        return set(self._placements(self.obs)) if self.obs is not None else set()

    # -- who may touch what -----------------------------------------------------------------
    def _is_mine(self, key) -> bool:
        """A thread or proof in the viewer's own area."""
        me, obs = self.viewer, self.obs
        if me is None or obs is None:
            return False
        if key[0] == "thread":
            return key[1] in obs.threads[me]
        if key[0] == "tok":
            return any(key[1] in ids for ids in self.held[me].values())
        return False

    def _at_location(self, key) -> int | None:
        if key[0] == "thread":
            return next((i for i, (t, _) in enumerate(self.obs.locations) if key[1] in t), None)
        if key[0] == "tok":
            return next((i for i, spaces in enumerate(self.at_loc) if key[1] in spaces), None)
        return None

    def _takes(self) -> list[R.Take]:
        return [a for a in self.legal() if isinstance(a, R.Take)]

    def _pickable(self, key) -> bool:
        loc = self._at_location(key)
        if loc is None:
            return False
        trial = self._pick_for(key, loc)
        if trial is None:
            return False
        picks = [p for p in self.picks if p[2] == loc] + [trial]
        if len(picks) > 2:
            return False
        threads = [p[1] for p in picks if p[0] == "thread"]
        codes = [self.kind_of[p[1]] for p in picks if p[0] == "tok"]
        for take in self._takes():
            if take.location != loc:
                continue
            if Counter(take.threads) >= Counter(threads) and Counter(take.proofs) >= Counter(codes):
                return True
        return False

    def _pick_for(self, key, loc: int):
        if key[0] == "thread":
            return ("thread", key[1], loc)
        if key[0] == "tok":
            return ("tok", key[1], loc)
        return None

    def _draggable(self, key) -> bool:
        if self._is_mine(key):
            return self.obs.phase != R.PHASE_KEEP or not self.my_turn()
        return self._pickable(key) and not any(p[:2] == key for p in self.picks)

    def _clickable(self, key) -> bool:
        if self._is_mine(key):
            return True
        if key[0] == "lead" and self.obs.offer and key[1] in self.obs.offer:
            return True
        return self._pickable(key) or any(p[:2] == key for p in self.picks)

    # -- the workbench's verdict ------------------------------------------------------------
    def feedback(self) -> Feedback | None:
        me, obs = self.viewer, self.obs
        if me is None or obs is None:
            return None
        layout = self.layout()
        sig = (me, obs.leads[me], tuple(sorted(layout.cells.items())),
               tuple(sorted((e, self.kind_of[t]) for e, t in layout.edges.items())), obs.threads[me], obs.proofs[me])
        if self._feedback is not None and self._feedback_sig == sig:
            return self._feedback
        self._feedback_sig = sig
        self._feedback = self._compute_feedback(obs, me, layout)
        return self._feedback

    def _symbols_at(self, layout: Layout, lead: Lead | None, cell: Cell, side: int) -> tuple[str, ...]:
        if cell == LEAD_CELL:
            return lead.sides[side] if lead is not None else ()
        edge = self.cards.thread(layout.cells[cell]).edges[side]
        return (edge,) if edge is not None else ()

    def _compute_feedback(self, obs, me: int, layout: Layout) -> Feedback:
        lid = obs.leads[me]
        lead = self.cards.lead(lid) if lid is not None else None
        occupied = set(layout.cells) | ({LEAD_CELL} if lead is not None else set())
        edges: dict = {}
        links: dict[Cell, list[tuple[Cell, str]]] = {c: [] for c in occupied}
        who = {c: ("the lead" if c == LEAD_CELL else layout.cells[c]) for c in occupied}
        for a in sorted(occupied):
            for b in neighbours(a):
                if b not in occupied or b < a:
                    continue
                e = edge_key(a, b)
                side = side_towards(e[0], e[1])
                sa = self._symbols_at(layout, lead, e[0], side)
                sb = self._symbols_at(layout, lead, e[1], OPPOSITE[side])
                common = [s for s in sa if s in sb]
                token = layout.edges.get(e)
                kind = self.kind_of[token] if token is not None else None

                def shows(c: Cell, s: int, syms) -> str:
                    what = " and ".join(self.sym(x) for x in syms) if syms else "nothing"
                    return f"{who[c]} shows {what} on its {SIDES[s]} side"

                if kind is not None and common and (kind == UNIVERSAL or kind in common):
                    link = common[0] if kind == UNIVERSAL else kind
                    edges[e] = (CONNECTED, f"Connected: {self.sym(link)} (a {self.sym(kind)} proof).")
                    links[e[0]].append((e[1], link))
                    links[e[1]].append((e[0], link))
                elif kind is not None:
                    edges[e] = (WRONG, f"This {self.sym(kind)} proof cannot join them: "
                                       f"{shows(e[0], side, sa)}, {shows(e[1], OPPOSITE[side], sb)}.")
                elif common:
                    need = " or ".join(self.sym(s) for s in common)
                    edges[e] = (MISSING, f"Proof missing: both show {need}. Drop a {need} or Universal proof here.")
                else:
                    edges[e] = (NO_MATCH, f"Symbols don't match: {shows(e[0], side, sa)}, "
                                          f"{shows(e[1], OPPOSITE[side], sb)}. These cards touch but cannot connect.")
        icons = []
        if lead is not None:
            parent: dict[Cell, Cell | None] = {LEAD_CELL: None}
            order = [LEAD_CELL]
            for cell in order:
                for nxt, _ in links[cell]:
                    if nxt not in parent:
                        parent[nxt] = cell
                        order.append(nxt)
            for side, sym_list in enumerate(lead.sides):
                if not sym_list:
                    continue
                first = (DX[side], DY[side])
                direct = next((link for nxt, link in links[LEAD_CELL] if nxt == first), None)
                beyond: Counter[str] = Counter()
                if direct is not None:
                    stack = [first]
                    while stack:
                        cell = stack.pop()
                        for nxt, link in links[cell]:
                            if parent.get(nxt) == cell:
                                beyond[link] += 1
                                stack.append(nxt)
                used_direct = False
                for code in sym_list:
                    if direct == code and not used_direct:
                        used_direct = True
                        icons.append((side, code, "direct", f"{self.sym(code)}, {SIDES[side]}: connected directly"))
                    elif direct is not None and beyond[code] > 0:
                        beyond[code] -= 1
                        icons.append((side, code, "indirect",
                                      f"{self.sym(code)}, {SIDES[side]}: connected further along the chain"))
                    else:
                        icons.append((side, code, "missing", f"{self.sym(code)}, {SIDES[side]}: not connected"))
        verdict = None
        action = None
        if lead is not None:
            placements = tuple(sorted((tid, c[0], c[1]) for c, tid in layout.cells.items()))
            proofs = tuple(sorted((e[0][0], e[0][1], e[1][0], e[1][1], self.kind_of[t]) for e, t in layout.edges.items()))
            held = dict(zip(obs.proof_kinds, obs.proofs[me], strict=True))
            verdict = validate(self.cards, lead, obs.threads[me], held, placements, proofs)
            if isinstance(verdict, Reconstruction):
                action = R.Reconstruct(placements, proofs)
        return Feedback(edges, icons, verdict, action)

    def may_reconstruct(self) -> bool:
        fb = self.feedback()
        return (fb is not None and fb.action is not None and self.my_turn() and self.obs.phase == R.PHASE_PLAY
                and not self.busy)

    # -- drop areas and targets -------------------------------------------------------------
    def _occupied(self) -> set[Cell]:
        layout = self.layout()
        if layout is None:
            return set()
        lead = self.obs.leads[self.viewer]
        return set(layout.cells) | ({LEAD_CELL} if lead is not None else set())

    def _refresh_drop_areas(self) -> None:
        areas: list[DropArea] = []
        if self.viewer is not None:  # the precise places first: the board takes the first hit
            occupied = self._occupied()
            for edge in self.grid_edges():
                if edge[0] in occupied and edge[1] in occupied:
                    areas.append(DropArea(self.edge_rect(edge), ("edge", edge)))
            for cell in self.grid_cells():
                if cell != LEAD_CELL:
                    areas.append(DropArea(self.cell_rect(cell), ("cell", cell)))
            areas.append(DropArea(TRAY, "tray", "your tray"))
            areas.append(DropArea(VIEW_AREA, "take", "your area"))
        self.board.drop_areas = areas

    def _targets_for(self, sprite: CardSprite) -> set:
        key = sprite.key
        if self._is_mine(key):
            layout = self.layout()
            occupied = self._occupied()
            out = set()
            if key[0] == "thread":
                here = layout.cell_of(key[1])
                if here is not None:
                    out.add("tray")
                near = occupied | {LEAD_CELL}
                for cell in self.grid_cells():
                    if cell in occupied or cell == LEAD_CELL:
                        continue
                    if any(n in near and n != here for n in neighbours(cell)):
                        out.add(("cell", cell))
            else:
                if layout.edge_of(key[1]) is not None:
                    out.add("tray")
                code = self.kind_of[key[1]]
                for edge in self.grid_edges():
                    if edge in layout.edges or edge[0] not in occupied or edge[1] not in occupied:
                        continue
                    if self._token_fits(code, edge) is None:
                        out.add(("edge", edge))
            return out
        if self._pickable(key):
            return {"take"}
        return set()

    def _token_fits(self, code: str, edge: Edge) -> str | None:
        """None when a ``code`` proof connects across ``edge``, else why not."""
        layout = self.layout()
        lead = self.cards.lead(self.obs.leads[self.viewer]) if self.obs.leads[self.viewer] else None
        side = side_towards(edge[0], edge[1])
        sa = self._symbols_at(layout, lead, edge[0], side)
        sb = self._symbols_at(layout, lead, edge[1], OPPOSITE[side])
        common = [s for s in sa if s in sb]
        if not common:
            return ("These two cards cannot be connected: their touching edges do not show the same symbol "
                    "(cards are never rotated).")
        if code != UNIVERSAL and code not in common:
            need = " or ".join(self.sym(s) for s in common)
            return f"A {self.sym(code)} proof cannot join {need} symbols: use {need} or Universal."
        return None

    def _on_drop(self, sprite: CardSprite, target) -> str | None:
        key = sprite.key
        if target == "take" and not self._is_mine(key):
            return self._pick(key)
        if not self._is_mine(key):
            return "Take items by clicking them, or by dragging them into your area."
        return self._place(key, target)

    def _place(self, key, target) -> str | None:
        """Move one of your items on the workbench (your own layout; the engine is not asked)."""
        layout = self.layout()
        self.hint_note = ""
        if target in ("tray", "take"):
            if key[0] == "thread":
                self._lift_card(layout, key[1])
            else:
                edge = layout.edge_of(key[1])
                if edge is not None:
                    del layout.edges[edge]
            self.selected = None
            self._relayout()
            return None
        if not isinstance(target, tuple):
            return "Drop it on the workbench or back in your tray."
        if key[0] == "thread":
            if target[0] != "cell":
                return "Thread cards go on the cells of the workbench, not on edges."
            cell = target[1]
            if cell == LEAD_CELL or cell in self._occupied():
                return "That cell is taken."
            here = layout.cell_of(key[1])
            near = (self._occupied() | {LEAD_CELL}) - ({here} if here else set())
            if not any(n in near for n in neighbours(cell)):
                return "Place a thread next to your lead or next to another card (diagonals do not connect)."
            self._lift_card(layout, key[1])
            layout.cells[cell] = key[1]
        else:
            if target[0] != "edge":
                return "Proofs go on the edge between two cards: drop it on the seam."
            edge = target[1]
            if edge in layout.edges:
                return "There is already a proof on that edge."
            reason = self._token_fits(self.kind_of[key[1]], edge)
            if reason:
                return reason
            old = layout.edge_of(key[1])
            if old is not None:
                del layout.edges[old]
            layout.edges[edge] = key[1]
        self.selected = None
        self.scene.app.sound.play("slide")
        self._relayout()
        return None

    def _lift_card(self, layout: Layout, tid: str) -> None:
        cell = layout.cell_of(tid)
        if cell is None:
            return
        del layout.cells[cell]
        for edge in [e for e in layout.edges if cell in e]:
            del layout.edges[edge]

    # -- taking from a location ---------------------------------------------------------------
    def _pick(self, key) -> str | None:
        loc = self._at_location(key)
        if loc is None:
            return "That is not at a location."
        if not self._takes():
            if self.obs.taken:
                return "You have already visited a location this turn."
            return "You can take items only on your turn."
        if any(p[:2] == key for p in self.picks):
            self.picks = [p for p in self.picks if p[:2] != key]
            self._relayout()
            return None
        if self.picks and self.picks[0][2] != loc:
            self.picks = []
            self.scene.app.toast(f"You visit one location a turn: now visiting {self.cards.locations[loc].name}.")
        if not self._pickable(key):
            return f"{self.cards.locations[loc].name} cannot be visited (it holds fewer than 2 items)."
        self.visiting = loc
        self.picks.append(self._pick_for(key, loc))
        self.scene.app.sound.play("click")
        if len(self.picks) == 2:
            threads = tuple(sorted(p[1] for p in self.picks if p[0] == "thread"))
            proofs = tuple(sorted(self.kind_of[p[1]] for p in self.picks if p[0] == "tok"))
            action = R.Take(loc, threads, proofs)
            reason = self.scene.act(action)
            if reason is not None:
                self.picks = self.picks[:1]
                self._relayout()
            return None
        self._relayout()
        return None

    def visit(self, loc: int) -> None:
        """Clicking a location board: visit it (its items light up), or say why not."""
        takes = [a for a in self._takes() if a.location == loc]
        name = self.cards.locations[loc].name
        if not takes:
            if not self.my_turn():
                self.scene.app.toast("You can visit a location only on your turn.")
            elif self.obs.taken:
                self.scene.app.toast("You have already visited a location this turn.")
            else:
                self.scene.app.toast(f"{name} holds fewer than 2 items and cannot be visited.")
            return
        if self.visiting != loc:
            self.picks = []
        self.visiting = loc
        self.scene.app.sound.play("click")
        self._relayout()

    # -- clicks -----------------------------------------------------------------------------
    def _on_click(self, sprite: CardSprite) -> None:
        key = sprite.key
        obs = self.obs
        if key[0] == "lead" and obs.offer and key[1] in obs.offer:
            self.scene.act(R.PickLead(key[1]))
            return
        if self._is_mine(key):
            if obs.phase == R.PHASE_KEEP and self.my_turn():
                self._toggle_keep(key)
                return
            self.selected = None if self.selected == key else key
            self.scene.app.sound.play("click")
            self._relayout()
            return
        if self._at_location(key) is not None:
            reason = self._pick(key)
            if reason:
                self.scene.app.toast(reason)

    def _toggle_keep(self, key) -> None:
        if key in self.keep_sel:
            self.keep_sel.remove(key)
        else:
            if len(self.keep_sel) >= 2:
                self.keep_sel.pop(0)
            self.keep_sel.append(key)
        self.scene.app.sound.play("click")
        self._relayout()

    def keep_action(self) -> R.Keep | None:
        threads = tuple(sorted(k[1] for k in self.keep_sel if k[0] == "thread"))
        proofs = tuple(sorted(self.kind_of[k[1]] for k in self.keep_sel if k[0] == "tok"))
        action = R.Keep(threads, proofs)
        return action if action in self.legal() else None

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_edge = self._edge_at(event.pos)
        if self.board.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and (self.picks or self.selected or self.keep_sel):
            self.cancel()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.obs is not None:
            pos = event.pos
            if self.selected is not None:
                target = self._target_at(pos)
                if target is not None:
                    reason = self._place(self.selected, target)
                    if reason:
                        self.scene.app.toast(reason)
                    return True
                self.selected = None
                self._relayout()
                return True
            for loc in range(len(self.obs.locations)):
                if inside(self.loc_rect(loc), pos):
                    self.visit(loc)
                    return True
        return False

    def _edge_at(self, pos) -> Edge | None:
        if self.viewer is None or self.obs is None:
            return None
        occupied = self._occupied()
        for edge in self.grid_edges():
            if edge[0] in occupied and edge[1] in occupied and inside(self.edge_rect(edge), pos):
                return edge
        return None

    def _target_at(self, pos):
        edge = self._edge_at(pos)
        if edge is not None and self.selected[0] == "tok":
            return ("edge", edge)
        for cell in self.grid_cells():
            if cell != LEAD_CELL and inside(self.cell_rect(cell), pos):
                return ("cell", cell)
        if inside(TRAY, pos):
            return "tray"
        return None

    def cancel(self) -> None:
        super().cancel()
        self.picks = []
        self.visiting = None
        self.selected = None
        self.keep_sel = []
        if self.obs is not None:
            self._relayout()

    # -- buttons ----------------------------------------------------------------------------
    def hint(self) -> None:
        """Lay out the engine's solver arrangement from your items, or say that none exists."""
        me, obs = self.viewer, self.obs
        if me is None or obs is None:
            return
        lid = obs.leads[me]
        if lid is None:
            self.scene.app.toast("You have no lead to reconstruct yet.")
            return
        held = dict(zip(obs.proof_kinds, obs.proofs[me], strict=True))
        found = solve(self.cards, self.cards.lead(lid), obs.threads[me], held)
        if found is None:
            self.scene.app.toast(f"No arrangement of your items reconstructs {lid} yet: "
                                 "collect more threads or proofs.")
            self.hint_note = f"Hint: no arrangement of your items reconstructs {lid} yet."
            self._rebuild_widgets()
            return
        placed, tokens = found
        if not all(in_grid((x, y)) for _, x, y in placed):
            self.scene.app.toast("The solver's arrangement is wider than the workbench.")
            return
        layout = self.layout()
        layout.clear()
        for tid, x, y in placed:
            layout.cells[(x, y)] = tid
        free = {code: list(ids) for code, ids in self.held[me].items()}
        for x1, y1, x2, y2, code in tokens:
            layout.edges[edge_key((x1, y1), (x2, y2))] = free[code].pop(0)
        self.hint_note = ""
        self.selected = None
        self.scene.app.sound.play("slide")
        self._relayout()

    def clear_layout(self) -> None:
        layout = self.layout()
        if layout is not None:
            layout.clear()
            self.selected = None
            self._relayout()

    def reconstruct(self) -> None:
        fb = self.feedback()
        if fb is None or fb.action is None:
            if fb is not None and isinstance(fb.verdict, str):
                self.scene.app.toast(fb.verdict)
            return
        self.scene.act(fb.action)

    def _rebuild_widgets(self) -> None:
        self.widgets.clear()
        obs = self.obs
        if obs is None or self.viewer is None:
            return
        legal = self.legal()
        me = self.viewer
        mx, my, mw, _ = MESSAGE
        y = 678
        if obs.offer:
            for k, lid in enumerate(obs.offer):
                x, cy = self.offer_pos(k, len(obs.offer))
                action = R.PickLead(lid)
                self.widgets.add(Button((x - 54, cy + OFFER / 2 + 54, 108, 30), label=f"Keep {lid}", size=16,
                                        primary=action in legal, enabled=action in legal,
                                        on_click=lambda a=action: self.scene.act(a),
                                        tooltip=self.lead_words(lid)))
        elif obs.phase == R.PHASE_KEEP and self.my_turn() and not self.busy:
            action = self.keep_action()
            self.widgets.add(Button((mx + 90, 450, 210, 38), label="Keep these 2", size=18, primary=action is not None,
                                    enabled=action is not None,
                                    on_click=lambda: self.scene.act(self.keep_action()) if self.keep_action() else None,
                                    tooltip="Keep the 2 items you marked; the rest go back (threads under the "
                                            "deck, proofs to the pile, universals to the supply)."))
        elif obs.leads[me] is not None:
            ok = self.may_reconstruct()
            fb = self.feedback()
            tip = "Reconstruct your lead with the layout on the workbench."
            if fb is not None and isinstance(fb.verdict, str):
                tip = "Not yet: " + fb.verdict
            elif not self.my_turn():
                tip = "Your layout is valid: you may reconstruct on your turn."
            self.widgets.add(Button((mx, y, 150, 34), label="Reconstruct", size=18, primary=ok, enabled=ok,
                                    on_click=self.reconstruct, tooltip=tip))
            self.widgets.add(Button((mx + 158, y, 112, 34), label="Hint", size=17, on_click=self.hint,
                                    tooltip="Lay out a valid arrangement of your items (the engine's solver), or "
                                            "say that none exists yet."))
            self.widgets.add(Button((mx + 278, y, 112, 34), label="Clear", size=17, on_click=self.clear_layout,
                                    tooltip="Put every card and proof from the workbench back in your tray."))
        for action in (a for a in legal if isinstance(a, R.Exchange)):
            gx = RIGHT_X + 10 + obs.proof_kinds.index(action.proof) * 84
            exchange = Button((gx - 4, 498, 80, 26), label="Trade 3", size=15, on_click=lambda a=action: self.scene.act(a),
                              tooltip=f"Exchange 3 {self.sym(action.proof)} proofs for 1 Universal proof (once per "
                                      "turn; the 3 go back to the pile).")
            exchange.action = action
            self.widgets.add(exchange)
        if self.picks:
            self.widgets.add(Button((RIGHT_X + RIGHT_W - 82, STAGING[1] + 22, 76, 28), label="Cancel", size=15,
                                    on_click=self.cancel, tooltip="Put the item back and choose again (or right-click)."))
        if R.EndTurn() in legal:
            self.widgets.add(Button((RIGHT_X + RIGHT_W - 150, y, 150, 34), label="End turn", size=18,
                                    primary=not self.may_reconstruct(), on_click=lambda: self.scene.act(R.EndTurn()),
                                    tooltip="Pass to the next player (you may still exchange or reconstruct "
                                            "before this)."))
        if legal:
            self.widgets.add(Button((RIGHT_X, y, 150, 34), label="All moves (M)", size=16,
                                    on_click=self.scene.show_moves, tooltip="Every move you may make, as a list"))

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        obs = self.obs
        if obs is None:
            return
        pal = self.pal
        self._draw_locations(canvas, pal, obs)
        self._draw_supplies(canvas, pal, obs)
        for seat, rect in self.seat_rects().items():
            self._draw_panel(canvas, pal, obs, seat, rect)
        if self.viewer is not None:
            self._draw_own(canvas, pal, obs, self.viewer)
        self.board.draw_areas(canvas)
        self.board.draw(canvas)
        if self.viewer is not None:
            self._draw_edge_marks(canvas, pal)
            self._draw_counts(canvas, pal, obs)
        else:
            for seat, rect in self.seat_rects().items():
                self._draw_panel_counts(canvas, pal, obs, seat, rect)
            self._draw_symbol_legend(canvas, pal, 16, 704)
            self._draw_bonus_legend(canvas, pal, 520, 704)
        if self.viewer is not None:
            for seat, rect in self.seat_rects().items():
                self._draw_panel_counts(canvas, pal, obs, seat, rect)
        self.widgets.draw(canvas, pal)
        self._draw_callouts(canvas, pal)

    def _draw_callouts(self, canvas: Canvas, pal: Palette) -> None:
        for shown, box, showing in self.shown_layouts:
            if showing:
                self._draw_shown_layout(canvas, pal, shown, box)
        self.callouts.draw(canvas, pal)

    SHOWN_CELL = 36

    def _shown_box(self, e: R.Reconstructed, rect) -> tuple[float, float, float, float]:
        """Where another player's reconstruction is shown: beside their area (or over it)."""
        cells = [(0, 0)] + [(x, y) for _, x, y in e.cards]
        cols = max(c[0] for c in cells) - min(c[0] for c in cells) + 1
        rows = max(c[1] for c in cells) - min(c[1] for c in cells) + 1
        w, h = cols * self.SHOWN_CELL + 20, rows * self.SHOWN_CELL + 20
        px, py, pw, ph = rect
        left = px - w - 10 if self.viewer is not None else px + pw / 2 - w / 2
        top = min(max(py + 36, LOWER_Y + 40), 716 - h)
        return (left, top, w, h)

    def _draw_shown_layout(self, canvas: Canvas, pal: Palette, e: R.Reconstructed, box) -> None:
        """Another player's reconstruction as it lay on their table."""
        size = self.SHOWN_CELL
        left, top, w, h = box
        cells = [(0, 0)] + [(x, y) for _, x, y in e.cards]
        x0, y0 = min(c[0] for c in cells), min(c[1] for c in cells)
        canvas.shadow(box, radius=8, spread=6, alpha=110, offset=(3, 4))
        canvas.box(box, mix(pal.felt_dark, pal.wood_dark, 0.3), radius=8)
        canvas.box(box, pal.brass, radius=8, width=2)

        def centre(cx: int, cy: int) -> tuple[float, float]:
            return (left + 10 + (cx - x0) * size + size / 2, top + 10 + (cy - y0) * size + size / 2)

        card = size - 3
        faces = [(self.lead_face(e.lead, card), (0, 0))]
        faces += [(self.thread_face(tid, card), (x, y)) for tid, x, y in e.cards]
        for face, (cx, cy) in faces:
            canvas.blit(canvas.painted(face.key, (card, card), face.paint), centre(cx, cy), "center")
        for x1, y1, x2, y2, code in e.proofs:
            a, b = centre(x1, y1), centre(x2, y2)
            face = self.token_face(code, 16)
            canvas.blit(canvas.painted(face.key, (16, 16), face.paint), ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2),
                        "center")

    def _draw_locations(self, canvas: Canvas, pal: Palette, obs) -> None:
        for loc, (threads, proofs) in enumerate(obs.locations):
            x, y, w, h = self.loc_rect(loc)
            items = sum(t is not None for t in threads) + sum(p is not None for p in proofs)
            open_ = items >= 2
            chosen = self.visiting == loc and self.my_turn()
            canvas.shadow((x, y, w, h), radius=10, spread=4, alpha=70, offset=(2, 3))
            canvas.box((x, y, w, h), mix(pal.wood, pal.felt_dark, 0.25), radius=10)
            canvas.box((x + 3, y + 3, w - 6, h - 6), pal.highlight if chosen else pal.brass_dark, radius=8,
                       width=3 if chosen else 1.5)
            canvas.text(self.cards.locations[loc].name.upper(), (x + 10, y + 6), 15, pal.brass, bold=True)
            note = f"{items} item{'s' if items != 1 else ''}" if open_ else "closed: 1 item" if items == 1 else "empty"
            canvas.text(note, (x + w - 10, y + 7), 14, pal.text_light if open_ else pal.warn, "topright")
            for k in range(len(threads)):
                cx, cy = self.loc_thread_pos(loc, k)
                canvas.box((cx - CARD / 2, cy - CARD / 2, CARD, CARD), mix(pal.wood_dark, pal.felt_dark, 0.4),
                           radius=6)
                canvas.box((cx - CARD / 2, cy - CARD / 2, CARD, CARD), pal.brass_dark, radius=6, width=1)
            for k in range(len(proofs)):
                cx, cy = self.loc_proof_pos(loc, k)
                canvas.circle((cx, cy), TOKEN / 2, mix(pal.wood_dark, pal.felt_dark, 0.4))
                canvas.circle((cx, cy), TOKEN / 2, pal.brass_dark, 1)

    def _draw_supplies(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = SUPPLY
        canvas.alpha_box((x, y, w, h), pal.shadow, 110, radius=10)
        canvas.box((x, y, w, h), pal.brass_dark, radius=10, width=1.5)
        back = self.thread_back(34)
        surf = canvas.painted(back.key, (34, 34), back.paint)
        for i in range(min(3, obs.thread_deck)):
            canvas.blit(surf, (THREAD_DECK[0] - 17 - i * 1.5, THREAD_DECK[1] - 17 - i * 1.5), "topleft")
        lead_back = self.lead_back(34)
        surf = canvas.painted(lead_back.key, (34, 34), lead_back.paint)
        for i in range(min(3, obs.lead_deck)):
            canvas.blit(surf, (LEAD_DECK[0] - 17 - i * 1.5, LEAD_DECK[1] - 17 - i * 1.5), "topleft")
        tb = self.token_back(26)
        surf = canvas.painted(tb.key, (26, 26), tb.paint)
        for i in range(min(3, obs.proof_pile)):
            canvas.blit(surf, (PILE[0] - 13 + i * 3, PILE[1] - 13 - i * 2), "topleft")
        if obs.universal_supply:
            canvas.blit(canvas.painted(("cc-token", UNIVERSAL, 26, pal.accents), (26, 26),
                                       lambda c: paint_token(c, 26, UNIVERSAL, pal)),
                        (UNIVERSAL_SUPPLY[0] - 13, UNIVERSAL_SUPPLY[1] - 13), "topleft")
        if obs.bonus_pool:
            canvas.blit(canvas.painted(self.coin_face().key, (COIN, COIN), self.coin_face().paint),
                        (BONUS_POOL[0] - COIN / 2, BONUS_POOL[1] - COIN / 2), "topleft")
        for (px, py), count, label in ((THREAD_DECK, obs.thread_deck, "threads"), (LEAD_DECK, obs.lead_deck, "leads"),
                                       (PILE, obs.proof_pile, "proofs"),
                                       (UNIVERSAL_SUPPLY, obs.universal_supply, "universal"),
                                       (BONUS_POOL, obs.bonus_pool, "bonus points")):
            canvas.text(str(count), (px + 22, py - 9), 17, pal.text_light, "topleft", bold=True)
            canvas.text(label, (px + 22, py + 6), 13, pal.paper_dark, "topleft")

    def _panel_box(self, canvas: Canvas, pal: Palette, obs, seat: int, rect) -> None:
        x, y, w, h = rect
        turn = seat in obs.pending and obs.phase != R.PHASE_OVER
        canvas.alpha_box(rect, pal.shadow, 100, radius=10)
        canvas.box(rect, pal.highlight if turn else pal.brass_dark, radius=10, width=2.5 if turn else 1)
        colour = pal.seats[seat % len(pal.seats)]
        canvas.circle((x + 14, y + 14), 6, colour)
        canvas.circle((x + 14, y + 14), 6, pal.ink, 1)
        label = self.name(seat) + (" (you)" if seat == self.viewer and self.name(seat).lower() != "you" else "")
        if turn:
            label += " - to play" if obs.phase == R.PHASE_PLAY else " - choosing"
        canvas.text(label, (x + 26, y + 6), 16, pal.highlight if turn else pal.text_light, bold=True)
        score = obs.scores[seat]
        canvas.text(f"{score} point{'s' if score != 1 else ''}", (x + w - 10, y + 6), 16, pal.brass, "topright",
                    bold=True)

    def _draw_panel(self, canvas: Canvas, pal: Palette, obs, seat: int, rect) -> None:
        self._panel_box(canvas, pal, obs, seat, rect)
        x, y, w, h = rect
        d = panel_dims(rect)
        if obs.leads[seat] is None:
            canvas.box((x + 8, y + 30, d.lead, d.lead), pal.brass_dark, radius=6, width=1)
            canvas.text("no lead", (x + 8 + d.lead / 2, y + 30 + d.lead / 2), 13, pal.paper_dark, "center")
        if not obs.threads[seat]:
            canvas.text("no threads", (d.threads_x, y + 36), 13, pal.paper_dark)

    def _draw_panel_counts(self, canvas: Canvas, pal: Palette, obs, seat: int, rect) -> None:
        x, y, w, h = rect
        d = panel_dims(rect)
        for kind_index in range(len(obs.proof_kinds)):
            n = obs.proofs[seat][kind_index]
            px, py = d.token_pos(kind_index, max(n - 1, 0))
            tx = px + d.token / 2 + 3
            if n:
                canvas.text(f"x{n}", (tx, py), 14, pal.text_light, "midleft", bold=True)
            else:
                canvas.circle((px, py), d.token / 2, pal.brass_dark, 1)
                canvas.text("0", (tx, py), 14, pal.paper_dark, "midleft")
        if not obs.completed[seat] and not obs.bonus_tokens[seat]:
            canvas.text("no lead completed yet", (x + 8, d.done_y - 7), 13, pal.paper_dark)

    def _draw_own(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        gx, gy = GRID_ORIGIN
        size = (2 * GRID_R + 1) * CELL
        canvas.alpha_box((8, LOWER_Y, 394, 720 - LOWER_Y - 4), pal.shadow, 90, radius=10)
        canvas.alpha_box((RIGHT_X - 4, LOWER_Y, RIGHT_W + 8, 720 - LOWER_Y - 4), pal.shadow, 90, radius=10)
        if obs.offer or (obs.phase == R.PHASE_KEEP and self.my_turn() and not self.busy):
            if obs.offer:
                self._draw_offer(canvas, pal, obs)
            else:
                self._draw_keep(canvas, pal, obs)
            self._draw_lead_status(canvas, pal, obs, me)
            self._draw_tray_labels(canvas, pal, obs, me)
            return
        canvas.text("WORKBENCH", (16, 187), 15, pal.brass, bold=True)
        x = 124
        for kind, word in ((CONNECTED, "connected"), (MISSING, "proof missing"), (NO_MATCH, "no match")):
            self._draw_mark(canvas, pal, kind, (x, 194), legend=True)
            canvas.text(word, (x + 12, 194), 13, pal.paper_dark, "midleft")
            x += 12 + canvas.text_size(word, 13)[0] + 22
        canvas.box((gx - 2, gy - 2, size + 4, size + 4), mix(pal.felt_dark, pal.wood_dark, 0.3), radius=8)
        occupied = self._occupied()
        for cell in self.grid_cells():
            x, y, w, h = self.cell_rect(cell)
            reach = any(n in occupied | {LEAD_CELL} for n in neighbours(cell))
            colour = mix(pal.felt_dark, pal.felt_light, 0.35 if reach else 0.12)
            canvas.box((x + 3, y + 3, w - 6, h - 6), colour, radius=5, width=1)
        for k in range(-GRID_R, GRID_R + 1):
            cx, _ = self.cell_centre((k, -GRID_R))
            _, cy = self.cell_centre((-GRID_R, k))
            canvas.text(str(k), (cx, gy - 8), 13, pal.paper_dark, "center")
            canvas.text(str(k), (gx - 10, cy), 13, pal.paper_dark, "center")
        if obs.leads[me] is None:
            x, y, w, h = self.cell_rect(LEAD_CELL)
            canvas.box((x + 2, y + 2, w - 4, h - 4), pal.brass_dark, radius=6, width=1.5)
            canvas.text("lead", (x + w / 2, y + h / 2), 13, pal.paper_dark, "center")
        if self.selected is not None:
            for target in self._targets_for_key(self.selected):
                if isinstance(target, tuple):
                    rect = self.cell_rect(target[1]) if target[0] == "cell" else self.edge_rect(target[1])
                    canvas.alpha_box(rect, pal.highlight, 40, radius=6)
                    canvas.box(rect, pal.highlight, radius=6, width=1.5)
        self._draw_message(canvas, pal, obs, me)
        self._draw_lead_status(canvas, pal, obs, me)
        self._draw_tray_labels(canvas, pal, obs, me)

    def _targets_for_key(self, key) -> set:
        sprite = self.board.sprite(key)
        return self._targets_for(sprite) if sprite is not None else set()

    def _draw_offer(self, canvas: Canvas, pal: Palette, obs) -> None:
        n = len(obs.offer)
        canvas.text("CHOOSE YOUR LEAD", (16, 190), 15, pal.brass, bold=True)
        canvas.paragraph(f"You drew {n} leads. Keep one; the other{'s go' if n > 2 else ' goes'} to the bottom of the "
                         "lead deck. Bigger points need more connections.", (16, 212, 380, 60), 15, pal.text_light)
        me = self.viewer
        held = dict(zip(obs.proof_kinds, obs.proofs[me], strict=True))
        for k, lid in enumerate(obs.offer):
            x, y = self.offer_pos(k, n)
            lead = self.cards.lead(lid)
            lines = []
            for side, icons in enumerate(lead.sides):
                if icons:
                    lines.append(f"{SIDES[side]}: {' + '.join(self.sym(c) for c in icons)}")
            for i, line in enumerate(lines):
                canvas.text(line, (x, y + OFFER / 2 + 8 + i * 16), 13, pal.text_light, "midtop")
            ready = solve(self.cards, lead, obs.threads[me], held) is not None
            if ready:
                canvas.text("ready with your items!", (x, y - OFFER / 2 - 18), 13, pal.highlight, "midtop", bold=True)

    def _draw_keep(self, canvas: Canvas, pal: Palette, obs) -> None:
        canvas.text("KEEP 2 ITEMS", (16, 190), 15, pal.brass, bold=True)
        canvas.paragraph("Your lead is reconstructed. Click 2 of your items (in your tray) to keep; everything else "
                         "goes back: threads under the thread deck, proofs to the pile, universals to the supply.",
                         (16, 212, 380, 80), 15, pal.text_light)
        for k in range(2):
            x, y = 110 + k * 180, 360
            canvas.box((x - 40, y - 40, 80, 80), pal.brass_dark, radius=8, width=1.5)
            if k < len(self.keep_sel):
                key = self.keep_sel[k]
                if key[0] == "thread":
                    face = self.thread_face(key[1], 64)
                else:
                    face = self.token_face(self.kind_of[key[1]], 48)
                size = 64 if key[0] == "thread" else 48
                canvas.blit(canvas.painted(face.key, (size, size), face.paint), (x, y), "center")
                label = key[1] if key[0] == "thread" else f"{self.sym(self.kind_of[key[1]])} proof"
                canvas.text(label, (x, y + 50), 15, pal.text_light, "midtop", bold=True)
            else:
                canvas.text("click an item", (x, y), 14, pal.paper_dark, "center")

    def _draw_message(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        x, y, w, h = MESSAGE
        canvas.box((x, y, w, h), mix(pal.paper, pal.paper_dark, 0.3), radius=8)
        canvas.box((x, y, w, h), pal.brass_dark, radius=8, width=1)
        if obs.leads[me] is None:
            if self.busy or obs.phase == R.PHASE_KEEP:
                text = "Reconstructed! Next you keep 2 of your items and choose a new lead."
            elif obs.lead_deck:
                text = "No lead at the moment: you draw 2 and keep one at the start of your next turn."
            else:
                text = "No lead: the lead deck is empty. You may still collect items."
            canvas.paragraph(text, (x + 10, y + 8, w - 20, h - 12), 15, pal.ink)
            return
        fb = self.feedback()
        note = self.hint_note
        if fb is None:
            return
        if isinstance(fb.verdict, Reconstruction):
            bonus = [BONUS_SHORT[self.cards.thread(t).bonus] for t in fb.verdict.direct if self.cards.thread(t).bonus]
            lead = self.cards.lead(obs.leads[me])
            head = "Ready: Reconstruct!" if self.my_turn() and obs.phase == R.PHASE_PLAY else \
                "Valid: reconstruct on your turn."
            text = f"{lead.points} points" + (f", bonus: {', '.join(bonus)}" if bonus else ", no bonus icons next to "
                                              "the lead")
            canvas.text(head, (x + 10, y + 8), 17, pal.good, bold=True)
            canvas.paragraph(text, (x + 10, y + 30, w - 20, h - 34), 15, pal.ink)
        else:
            canvas.text("Not yet:", (x + 10, y + 8), 15, pal.bad, bold=True)
            verdict = fb.verdict if isinstance(fb.verdict, str) else ""
            canvas.paragraph(note or verdict, (x + 72, y + 8, w - 82, h - 12), 14, pal.ink)

    def _draw_lead_status(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        x, y, w, h = LEAD_PANEL
        lid = obs.leads[me]
        score = obs.scores[me]
        who = self.name(me)
        turn = me in obs.pending and obs.phase != R.PHASE_OVER
        canvas.text(f"{who}" + (" - your turn" if turn else ""), (x + 6, y + 2), 16,
                    pal.highlight if turn else pal.text_light, bold=True)
        canvas.text(f"{score} point{'s' if score != 1 else ''}", (x + w - 6, y + 2), 16, pal.brass, "topright",
                    bold=True)
        if lid is None:
            canvas.text("No lead yet.", (x + 6, y + 26), 15, pal.paper_dark)
            return
        lead = self.cards.lead(lid)
        canvas.text(f"Lead {lid}: {lead.points} points. Connect every icon:", (x + 6, y + 24), 14, pal.paper_dark)
        fb = self.feedback()
        icons = fb.icons if fb is not None else []
        for i, (_side, code, status, words) in enumerate(icons):
            lx = x + 8
            ly = y + 50 + i * 15
            draw_symbol(canvas, code, (lx + 7, ly), 13, pal)
            ok = status != "missing"
            mark_x = lx + 22
            if ok:
                canvas.lines([(mark_x, ly), (mark_x + 4, ly + 4), (mark_x + 11, ly - 5)], pal.good, 2.5)
            else:
                canvas.circle((mark_x + 5, ly), 5, pal.bad, 2)
            canvas.text(words, (lx + 38, ly), 14, pal.text_light if ok else pal.paper_dark, "midleft")

    def _draw_tray_labels(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        x, y, w, h = TRAY
        placed = len(self.layout().cells) if self.layout() else 0
        loose = len(obs.threads[me]) - placed
        canvas.line((x, y - 2), (x + w, y - 2), pal.brass_dark, 1)
        canvas.text(f"YOUR THREADS ({loose} in the tray, {placed} laid out)", (x + 6, y + 2), 14, pal.brass, bold=True)
        if not obs.threads[me]:
            canvas.text("none: take threads from the locations", (x + 10, TRAY_THREAD_Y - 6), 14, pal.paper_dark)
        canvas.text("YOUR PROOFS", (x + 6, TRAY_TOKEN_Y - 34), 14, pal.brass, bold=True)
        for kind_index, code in enumerate(obs.proof_kinds):
            gx = RIGHT_X + 10 + kind_index * 84
            on_edges = set(self.layout().edges.values())
            if not [t for t in self.held[me][code] if t not in on_edges]:
                canvas.circle((gx + TRAY_TOKEN / 2, TRAY_TOKEN_Y), TRAY_TOKEN / 2, pal.brass_dark, 1)
            canvas.text(self.sym(code), (gx, TRAY_TOKEN_Y + 16), 13, pal.paper_dark)
        sx, sy, sw, sh = STAGING
        canvas.line((sx, sy - 4), (sx + sw, sy - 4), pal.brass_dark, 1)
        if self.picks:
            name = self.cards.locations[self.picks[0][2]].name
            canvas.text(f"Taking from {name}:", (sx + 6, sy + 4), 14, pal.highlight, bold=True)
            canvas.text(f"{len(self.picks)} of 2 - pick one more", (sx + 6, sy + 24), 14, pal.text_light)
        else:
            if self.my_turn() and obs.phase == R.PHASE_PLAY and not obs.taken and self._takes():
                where = self.cards.locations[self.visiting].name if self.visiting is not None else "a location"
                text, colour = f"Visit {where}: click 2 of its items (or drag them here).", pal.text_light
            elif self.my_turn() and obs.phase == R.PHASE_PLAY:
                text, colour = "Visited. Now arrange, trade, reconstruct or end your turn.", pal.paper_dark
            else:
                text, colour = "Between turns you may rearrange your workbench.", pal.paper_dark
            canvas.text(text, (sx + 6, sy + 4), 14, colour)
            self._draw_bonus_legend(canvas, pal, sx + 6, sy + 38)
        dx, dy, dw, dh = DONE_ROW
        canvas.line((dx, dy - 2), (dx + dw, dy - 2), pal.brass_dark, 1)
        canvas.text("COMPLETED", (dx + 6, dy + 4), 14, pal.brass, bold=True)
        if not obs.completed[me] and not obs.bonus_tokens[me]:
            canvas.text("nothing yet", (dx + 96, dy + 32), 14, pal.paper_dark)

    def _draw_bonus_legend(self, canvas: Canvas, pal: Palette, x: float, y: float) -> None:
        """The three bonus icons with their words (bonuses count only next to the lead)."""
        canvas.text("Bonus:", (x, y), 13, pal.paper_dark, "midleft")
        x += canvas.text_size("Bonus:", 13)[0] + 12
        for bonus, word in (("bonus_point", "+1 point"), ("universal", "Universal"), ("extra_lead", "extra lead")):
            draw_bonus(canvas, bonus, (x + 7, y), 15, pal)
            canvas.text(word, (x + 18, y), 13, pal.text_light, "midleft")
            x += 18 + canvas.text_size(word, 13)[0] + 14

    def _draw_symbol_legend(self, canvas: Canvas, pal: Palette, x: float, y: float) -> None:
        """The proof symbols with their words: shape first, colour second."""
        for code in self.obs.proof_kinds:
            draw_symbol(canvas, code, (x + 8, y), 16, pal)
            word = self.sym(code)
            canvas.text(word, (x + 20, y), 14, pal.text_light, "midleft")
            x += 20 + canvas.text_size(word, 14)[0] + 18

    def _draw_counts(self, canvas: Canvas, pal: Palette, obs) -> None:
        me = self.viewer
        layout = self.layout()
        on_edges = set(layout.edges.values())
        for kind_index, code in enumerate(obs.proof_kinds):
            free = [t for t in self.held[me][code] if t not in on_edges]
            if free:
                x, y = self.tray_token_pos(kind_index, len(free) - 1, len(free))
                canvas.text(f"x{len(free)}", (x + TRAY_TOKEN / 2 + 3, y), 15, pal.text_light, "midleft", bold=True)
        if obs.phase == R.PHASE_KEEP and self.my_turn():
            for key in self.keep_sel:
                sprite = self.board.sprite(key)
                if sprite is not None:
                    x, y, w, h = sprite.rect_logical
                    tw = canvas.text_size("KEEP", 13, True)[0] + 8
                    canvas.box((x + w / 2 - tw / 2, y - 10, tw, 16), pal.highlight, radius=4)
                    canvas.text("KEEP", (x + w / 2, y - 2), 13, pal.ink, "center", bold=True)
        if self.selected is not None:
            sprite = self.board.sprite(self.selected)
            if sprite is not None:
                x, y, w, h = sprite.rect_logical
                canvas.text("now click a place", (x + w / 2, y - 12), 14, pal.highlight, "center", bold=True)

    def _draw_mark(self, canvas: Canvas, pal: Palette, kind: str, at, legend: bool = False) -> None:
        """Per-seam feedback: a ring (connected), ? (proof missing), a cross (symbols don't match)."""
        x, y = at
        if kind == CONNECTED:
            if legend:
                canvas.circle((x, y), 7, pal.paper)
            canvas.circle((x, y), 7 if legend else EDGE_TOKEN / 2 + 1.5, pal.good, 1.5)
        elif kind == MISSING:
            canvas.circle((x, y), 9, pal.paper)
            canvas.circle((x, y), 9, pal.warn, 2)
            canvas.text("?", (x, y + 0.5), 14, pal.ink, "center", bold=True)
        else:
            canvas.circle((x, y), 8, pal.paper)
            canvas.line((x - 4, y - 4), (x + 4, y + 4), pal.bad, 2.5)
            canvas.line((x - 4, y + 4), (x + 4, y - 4), pal.bad, 2.5)
            if kind == WRONG:
                canvas.circle((x, y), EDGE_TOKEN / 2 + 2, pal.bad, 2)

    def _draw_edge_marks(self, canvas: Canvas, pal: Palette) -> None:
        fb = self.feedback()
        if fb is None or self.obs.offer:
            return
        for edge, (kind, _) in fb.edges.items():
            self._draw_mark(canvas, pal, kind, self.edge_centre(edge))
        if self.hover_edge is not None and self.hover_edge in fb.edges:
            x, y, w, h = self.edge_rect(self.hover_edge)
            canvas.box((x, y, w, h), pal.highlight, radius=6, width=1.5)

    # -- tooltips ---------------------------------------------------------------------------
    def tooltip(self, pos):
        text = self.widgets.tooltip(pos)
        if text:
            return text
        obs = self.obs
        if obs is None:
            return None
        if self.viewer is not None and not obs.offer:
            edge = self._edge_at(pos)
            fb = self.feedback()
            if edge is not None and fb is not None and edge in fb.edges:
                return fb.edges[edge][1]
        sprite = self.board.sprite_at(pos)
        if sprite is not None and sprite.tooltip:
            return sprite.tooltip
        for loc in range(len(obs.locations)):
            if inside(self.loc_rect(loc), pos):
                spec = self.cards.locations[loc]
                return (f"{spec.name}: {spec.threads} thread spaces and {spec.proofs} proof spaces. Visit it to take "
                        "exactly 2 items (any mix). A location with only 1 item cannot be visited; when two "
                        "locations are down to 1 item, every location is replenished.")
        if inside(SUPPLY, pos):
            return (f"Thread deck {obs.thread_deck}, lead deck {obs.lead_deck}, proof pile {obs.proof_pile} (face "
                    f"down, drawn at random), Universal proofs in the supply {obs.universal_supply}, Bonus Point "
                    f"tokens left {obs.bonus_pool}.")
        if self.viewer is not None:
            if inside(LEAD_PANEL, pos):
                return ("Your lead's icons: each needs its own connection of that symbol. One icon per side is "
                        "met by the card touching that side (direct); a second icon on the same side by a "
                        "connection further along that card's chain (indirect). Bonuses count only directly.")
            if inside(TRAY, pos):
                return ("Your tray: threads and proofs you hold but have not laid out. Exchange 3 proofs of one "
                        "kind for a Universal once per turn.")
            if inside(STAGING, pos):
                return "A visit: click 2 items at one location (or drag them here); they are taken together."
            if inside(DONE_ROW, pos):
                return "Your completed leads (face down, points on the seal) and Bonus Point tokens."
            if inside(MESSAGE, pos):
                return "The engine's verdict on your layout: exactly what stops it from being a reconstruction."
            for cell in self.grid_cells():
                if inside(self.cell_rect(cell), pos):
                    return (f"Workbench cell ({cell[0]},{cell[1]}); your lead sits on (0,0). Drop a thread next to "
                            "your lead or another card; diagonal neighbours do not connect.")
        for seat, rect in self.seat_rects().items():
            if inside(rect, pos):
                return (f"{self.possessive(seat).capitalize()} area: lead, threads, proofs, completed leads "
                        f"and Bonus Point tokens; {obs.scores[seat]} points.")
        return None

    # -- words ------------------------------------------------------------------------------
    def describe(self, event: Event) -> str | None:
        e = event
        if isinstance(e, R.GameStarted):
            return f"{self.says(e.first, 'goes')} first. Reach {self.cards.target_points} points."
        if isinstance(e, R.Refilled):
            if e.reason == "setup":
                return "The locations are laid out with threads and proofs."
            return f"Every location is replenished ({e.reason})."
        if isinstance(e, R.LeadsDrawn):
            if e.leads:
                return f"{self.says(e.seat, 'draws')} leads {', '.join(e.leads)} and {self.verb(e.seat, 'keeps')} one."
            return f"{self.says(e.seat, 'draws')} {e.count} leads and {self.verb(e.seat, 'keeps')} one."
        if isinstance(e, R.LeadChosen):
            lead = self.cards.lead(e.lead)
            back = f"; {e.returned} go{'es' if e.returned == 1 else ''} under the lead deck" if e.returned else ""
            return f"{self.says(e.seat, 'keeps')} lead {e.lead} ({lead.points} points){back}."
        if isinstance(e, R.NoLead):
            return f"The lead deck is empty: {self.name(e.seat)} has no new lead for now."
        if isinstance(e, R.Took):
            where = self.cards.locations[e.location].name
            return (f"{self.says(e.seat, 'visits')} {where} and {self.verb(e.seat, 'takes')} "
                    f"{self.items_words(e.threads, e.proofs)}.")
        if isinstance(e, R.Exchanged):
            return f"{self.says(e.seat, 'exchanges')} 3 {self.sym(e.proof)} proofs for a Universal proof."
        if isinstance(e, R.Reconstructed):
            direct = f" ({len(e.direct)} direct connection{'s' if len(e.direct) != 1 else ''})"
            return f"{self.says(e.seat, 'reconstructs')} lead {e.lead} for {e.points} points{direct}!"
        if isinstance(e, R.BonusGained):
            if not e.granted:
                return f"Bonus from {e.thread}: {BONUS_WORDS[e.bonus]}, but none is left."
            return f"Bonus from {e.thread}: {self.says(e.seat, 'gains')} {BONUS_WORDS[e.bonus]}."
        if isinstance(e, R.Kept):
            back = []
            if e.returned_threads:
                back.append(f"{len(e.returned_threads)} thread{'s' if len(e.returned_threads) != 1 else ''} "
                            "under the deck")
            if e.returned_proofs:
                back.append(f"{len(e.returned_proofs)} proof{'s' if len(e.returned_proofs) != 1 else ''} back")
            rest = f"; {' and '.join(back)}" if back else ""
            return f"{self.says(e.seat, 'keeps')} {self.items_words(e.threads, e.proofs)}{rest}."
        if isinstance(e, R.TurnEnded):
            return f"{self.says(e.seat, 'ends')} the turn."
        if isinstance(e, R.EndTriggered):
            return (f"{self.says(e.seat, 'reaches')} {e.score} points: every other player gets one final turn.")
        if isinstance(e, R.GameOver):
            names = " and ".join(self.name(w) for w in e.winners)
            best = max(e.scores) if e.scores else 0
            verb = "wins" if len(e.winners) == 1 else "share the win"
            if len(e.winners) == 1 and self.name(e.winners[0]).lower() == "you":
                verb = "win"
            return f"Game over: {names} {verb} with {best} points."
        return super().describe(e)

    def describe_action(self, action: Action) -> str:
        a = action
        if isinstance(a, R.Take):
            where = self.cards.locations[a.location].name
            return f"Visit {where}: take {self.items_words(a.threads, a.proofs)}"
        if isinstance(a, R.Exchange):
            return f"Exchange 3 {self.sym(a.proof)} proofs for a Universal proof"
        if isinstance(a, R.Reconstruct):
            lid = self.obs.leads[self.viewer] if self.obs is not None and self.viewer is not None else None
            what = f"lead {lid}" if lid else "your lead"
            return f"Reconstruct {what} with {', '.join(t for t, _, _ in a.cards)} (the solver's layout)"
        if isinstance(a, R.Keep):
            return f"Keep {self.items_words(a.threads, a.proofs)}"
        if isinstance(a, R.PickLead):
            lead = self.cards.lead(a.lead)
            icons = "; ".join(f"{SIDES[s]} {'+'.join(self.sym(c) for c in icons)}"
                              for s, icons in enumerate(lead.sides) if icons)
            return f"Keep lead {a.lead} ({lead.points} points: {icons})"
        if isinstance(a, R.EndTurn):
            return "End your turn"
        return super().describe_action(a)

    def turn_hint(self) -> str:
        obs = self.obs
        if obs is None or not self.my_turn():
            return ""
        if obs.phase in (R.PHASE_SETUP, R.PHASE_PICK):
            return "choose the lead you keep"
        if obs.phase == R.PHASE_KEEP:
            return "mark 2 items to keep"
        if self.picks:
            return "pick one more item there"
        if not obs.taken and self._takes():
            return "visit a location: click 2 of its items"
        if self.may_reconstruct():
            return "Reconstruct, or end your turn"
        return "arrange, reconstruct or end your turn"

    def risky(self, seat: int, action: Action) -> str | None:
        """No move in Case Connection loses on the spot (reaching 9 only starts the final turns)."""
        return None

    # -- results ----------------------------------------------------------------------------
    def story(self) -> list[str]:
        obs = self.obs
        if obs is None:
            return super().story()
        lines: list[str] = []
        bonus: dict[int, list[str]] = {}
        for e in obs.log:
            if isinstance(e, R.BonusGained) and e.granted:
                bonus.setdefault(e.seat, []).append(BONUS_SHORT[e.bonus])
        count = Counter(e.seat for e in obs.log if isinstance(e, R.Reconstructed))
        turns: Counter[int] = Counter()
        for e in obs.log:
            if isinstance(e, R.TurnEnded):
                turns[e.seat] += 1
            elif isinstance(e, R.Reconstructed):
                lines.append(f"{self.says(e.seat, 'reconstructs')} {e.lead} (+{e.points}), turn {turns[e.seat] + 1}.")
            elif isinstance(e, R.EndTriggered):
                lines.append(f"{self.says(e.seat, 'reaches')} {e.score}: final round.")
        if len(lines) > 5:
            lines = lines[:1] + ["..."] + lines[-3:]
        ranked = sorted(bonus, key=lambda seat: -len(bonus[seat]))[:2]
        for seat in ranked:
            words = [name if n == 1 else f"{name} x{n}" for name, n in Counter(bonus[seat]).items()]
            lines.append(f"{self.possessive(seat).capitalize()} bonuses: {', '.join(words)}.")
        if not count:
            lines.insert(0, "Nobody completed a lead.")
        done = [e for e in obs.log if isinstance(e, R.GameOver)]
        if done:
            lines.append(self.describe(done[-1]))
        return lines

    def draw_results_extra(self, canvas: Canvas, rect) -> None:
        """Each player's completed leads (with their icons and points), bonus tokens and total."""
        obs = self.obs
        if obs is None:
            return
        pal = self.pal
        x, y, w, h = rect
        h = min(h, 88)  # the bottom of the room: the story above may run long
        y = rect[1] + rect[3] - h
        canvas.box((x, y, w, h), mix(pal.paper, pal.paper_dark, 0.5), radius=6)
        col_w = w / obs.players
        size = 36
        for seat in range(obs.players):
            cx = x + seat * col_w + 8
            colour = pal.seats[seat % len(pal.seats)]
            canvas.circle((cx + 6, y + 13), 5, colour)
            canvas.text(self.name(seat), (cx + 16, y + 5), 16, pal.ink, bold=True)
            canvas.text(f"{obs.scores[seat]} pts", (cx + col_w - 20, y + 5), 16, pal.ink, "topright", bold=True)
            per_row = max(1, int((col_w - 16) // (size + 4)))
            shown = obs.completed[seat][:per_row]
            for k, lid in enumerate(shown):
                face = self.lead_face(lid, size)
                canvas.blit(canvas.painted(face.key, (size, size), face.paint), (cx + k * (size + 4), y + 26), "topleft")
            if not shown:
                canvas.text("no lead completed", (cx, y + 36), 14, pal.ink_soft)
            note = f"{len(obs.completed[seat])} lead{'s' if len(obs.completed[seat]) != 1 else ''}"
            if obs.bonus_tokens[seat]:
                note += f" + {obs.bonus_tokens[seat]} bonus"
            canvas.text(note, (cx, y + h - 20), 14, pal.ink_soft)


TABLE = CaseTable
