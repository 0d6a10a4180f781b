"""Case Connection table layout: where everything sits, in logical pixels.

The fixed places (locations, supplies, your desk and its message, tray, staging and completed rows,
the other players' column), the desk's grid around your lead (cells, seams, neighbours; 7 x 7 cells
of which 5 x 4 are in view at a time, at twice the size of the cards elsewhere), the sizes inside a
player's compact area, and ``TableLayout``: the positions ``CaseTable`` computes from the game in
play (number of players, location sizes, who is looking, where the desk is scrolled).
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.games.case_connection.cards import DX, DY

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

# -- geometry (logical pixels; the table area is x 0..1010, y 44..720) ---------------------------
CARD = 48  # thread and lead cards at the locations and in your tray
DESK_CARD = 96  # threads and your lead on the desk: twice the size of the cards around it
CELL = 102  # desk cell pitch (cards leave a thin gap where the proofs sit)
MINI = 28  # threads in other players' areas
MINI_LEAD = 56
TILE = 30  # completed leads
TOKEN = 28  # proofs at the locations
TRAY_TOKEN = 26
EDGE_TOKEN = 30  # proofs on the desk's seams
MINI_TOKEN = 18
COIN = 22
OFFER = 96  # leads offered to you
GRID_R = 3  # the desk spans -3..3 each way around the lead (solver layouts stay within 3)
DESK_COLS, DESK_ROWS = 5, 4  # the cells in view at once; the rest of the desk scrolls into view
LOC_Y, LOC_W, LOC_H = 50, 194, 112
SUPPLY = (816, 50, 188, 112)
THREAD_DECK = (838, 72)
LEAD_DECK = (926, 72)
PILE = (838, 106)
UNIVERSAL_SUPPLY = (926, 106)
BONUS_POOL = (838, 140)
LOWER_Y = 168
# Nothing that can be clicked lies in the bottom strip the app's notices (toasts) cover: a notice is
# centred at the bottom of the window (up to 736 wide, 3 lines = 88 high, 18 above the edge), so
# below y 614 and right of x 272 there are only words and pieces to look at (the verdict, your
# completed leads, the other players' areas). The desk ends at y 614; its buttons sit above it.
DESK = (8, LOWER_Y, 528, 446)  # your desk: its buttons, then the cells in view
DESK_BUTTONS_Y, DESK_BUTTONS_H = 172, 31
VIEW_X, VIEW_Y = 17, 206  # top-left corner of the cells in view (5 x 102 wide, 4 x 102 high)
VIEW_RECT = (VIEW_X, VIEW_Y, DESK_COLS * CELL, DESK_ROWS * CELL)
MESSAGE = (8, 618, 528, 96)
RIGHT_X, RIGHT_W = 544, 248
LEAD_PANEL = (RIGHT_X, 170, RIGHT_W, 112)
TRAY = (RIGHT_X, 286, RIGHT_W, 214)  # threads and proofs you hold but have not laid out
TRAY_THREAD_Y = 330
TRAY_TOKEN_Y = 446
EXCHANGE_Y = 476  # the Trade 3 buttons under the proofs
STAGING = (RIGHT_X, 506, RIGHT_W, 62)
BUTTON_ROW = (576, 34)  # y, height of End turn and All moves, under your tray
DONE_ROW = (RIGHT_X, 618, RIGHT_W, 96)
VIEW_AREA = (8, LOWER_Y, RIGHT_X + RIGHT_W - 8, 614 - LOWER_Y)  # your area: desk, lead, tray
OPP_X, OPP_W = 800, 204


# -- the workbench grid ------------------------------------------------------------------------


def edge_key(a: Cell, b: Cell) -> Edge:
    return (a, b) if a <= b else (b, a)


def neighbours(cell: Cell) -> list[Cell]:
    return [(cell[0] + DX[s], cell[1] + DY[s]) for s in range(4)]


def in_grid(cell: Cell) -> bool:
    return abs(cell[0]) <= GRID_R and abs(cell[1]) <= GRID_R


def side_towards(a: Cell, b: Cell) -> int:
    return next(s for s in range(4) if (a[0] + DX[s], a[1] + DY[s]) == b)


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
    return PanelDims(MINI_LEAD, MINI, MINI_TOKEN, TILE, min(58.0, (w - 16) / 4), x, y, w)


def default_origin(lead_sides) -> Cell:
    """The top-left cell in view when a desk opens: the lead in the middle column, and the row
    above or below it shown according to which side's chains run deeper."""
    top = len(lead_sides[0]) if lead_sides else 0
    bottom = len(lead_sides[2]) if lead_sides else 0
    return (-(DESK_COLS // 2), -1 if bottom > top else -2)


def clamp_origin(origin: Cell) -> Cell:
    """Keep the cells in view inside the desk."""
    x = min(max(origin[0], -GRID_R), GRID_R - DESK_COLS + 1)
    y = min(max(origin[1], -GRID_R), GRID_R - DESK_ROWS + 1)
    return (x, y)


class TableLayout:
    """Positions on the table; mixed into ``CaseTable`` (uses its ``obs``, ``viewer``, ``rect``, ``cards``)."""

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
        return (left + CARD / 2 + k * (CARD + 8), y + 24 + CARD / 2)

    def loc_proof_pos(self, loc: int, k: int) -> tuple[float, float]:
        x, y, w, _ = self.loc_rect(loc)
        n = self.cards.locations[loc].proofs
        left = x + w / 2 - (n * TOKEN + (n - 1) * 12) / 2
        return (left + TOKEN / 2 + k * (TOKEN + 12), y + 24 + CARD + 6 + TOKEN / 2)

    def desk_origin(self) -> Cell:
        """The top-left cell in view (each player's desk scrolls on its own)."""
        layout = self.layout() if self.viewer is not None else None
        if layout is None or layout.origin is None:
            lid = self.obs.leads[self.viewer] if self.obs is not None and self.viewer is not None else None
            return default_origin(self.cards.lead(lid).sides if lid else None)
        return layout.origin

    def in_view(self, cell: Cell) -> bool:
        x0, y0 = self.desk_origin()
        return x0 <= cell[0] < x0 + DESK_COLS and y0 <= cell[1] < y0 + DESK_ROWS

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        x0, y0 = self.desk_origin()
        return (VIEW_X + (cell[0] - x0) * CELL + CELL / 2, VIEW_Y + (cell[1] - y0) * CELL + CELL / 2)

    def cell_at(self, pos) -> Cell | None:
        """The cell in view under a point, or None."""
        x0, y0 = self.desk_origin()
        col, row = (pos[0] - VIEW_X) // CELL, (pos[1] - VIEW_Y) // CELL
        if 0 <= col < DESK_COLS and 0 <= row < DESK_ROWS:
            return (x0 + int(col), y0 + int(row))
        return None

    def cell_rect(self, cell: Cell) -> tuple[float, float, float, float]:
        x, y = self.cell_centre(cell)
        return (x - CELL / 2, y - CELL / 2, CELL, CELL)

    def edge_centre(self, edge: Edge) -> tuple[float, float]:
        a, b = (self.cell_centre(c) for c in edge)
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def edge_rect(self, edge: Edge) -> tuple[float, float, float, float]:
        """The seam between two cells: where a proof is dropped (it overlaps both cards' edges)."""
        x, y = self.edge_centre(edge)
        if edge[0][1] == edge[1][1]:  # side by side: a vertical seam
            return (x - 18, y - 30, 36, 60)
        return (x - 30, y - 18, 60, 36)

    def edge_in_view(self, edge: Edge) -> bool:
        return self.in_view(edge[0]) and self.in_view(edge[1])

    def grid_cells(self) -> list[Cell]:
        """Every cell of the desk (in view or not)."""
        return [(x, y) for y in range(-GRID_R, GRID_R + 1) for x in range(-GRID_R, GRID_R + 1)]

    def view_cells(self) -> list[Cell]:
        """The cells in view, row by row."""
        x0, y0 = self.desk_origin()
        return [(x, y) for y in range(y0, y0 + DESK_ROWS) for x in range(x0, x0 + DESK_COLS)]

    def grid_edges(self) -> list[Edge]:
        """The seams between cells in view."""
        out = []
        for cell in self.view_cells():
            for other in ((cell[0] + 1, cell[1]), (cell[0], cell[1] + 1)):
                if self.in_view(other):
                    out.append(edge_key(cell, other))
        return out

    def tray_thread_pos(self, k: int, n: int) -> tuple[float, float]:
        per_row = 4
        pitch = CARD + 6
        if n > 2 * per_row:  # squeeze rather than overflow
            per_row = (n + 1) // 2
            pitch = (RIGHT_W - 20 - CARD) / max(1, per_row - 1)
        row, col = divmod(k, per_row)
        return (RIGHT_X + 10 + CARD / 2 + col * pitch, TRAY_THREAD_Y + row * (CARD + 6))

    def tray_group_x(self, kind_index: int) -> float:
        """The left end of one kind of proof in your tray (four kinds side by side)."""
        return RIGHT_X + 8 + kind_index * (RIGHT_W - 12) / 4

    def tray_token_pos(self, kind_index: int, k: int, n: int) -> tuple[float, float]:
        step = min(6.0, 16 / max(1, n - 1)) if n > 1 else 0
        return (self.tray_group_x(kind_index) + TRAY_TOKEN / 2 + k * step, TRAY_TOKEN_Y)

    def staging_pos(self, k: int) -> tuple[float, float]:
        return (RIGHT_X + 122 + k * 56, STAGING[1] + 34)

    def done_pos(self, k: int) -> tuple[float, float]:
        return (RIGHT_X + 96 + k * (TILE + 6), DONE_ROW[1] + 44)

    def offer_pos(self, k: int, n: int) -> tuple[float, float]:
        pitch = OFFER + 26
        left = DESK[0] + DESK[2] / 2 - (n - 1) * pitch / 2
        return (left + k * pitch, 352)
