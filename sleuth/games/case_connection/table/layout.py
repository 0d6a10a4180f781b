"""Case Connection table layout: where everything sits, in logical pixels.

The fixed places (locations, supplies, your workbench, tray, staging and completed rows, the other
players' column), the workbench grid around your lead (cells, edges, neighbours), the sizes inside
a player's compact area, and ``TableLayout``: the positions ``CaseTable`` computes from the game
in play (number of players, location sizes, who is looking).
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.games.case_connection.cards import DX, DY

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
GRID_ORIGIN = (23, 206)  # top-left corner of cell (-3, -3); no coordinates are printed around it
# Nothing that can be clicked lies in the bottom strip the app's notices (toasts) cover: a notice is
# centred at the bottom of the window (up to 736 wide, 3 lines = 88 high, 18 above the edge), so
# below y 614 and right of x 272 there are only words and pieces to look at (the verdict, your
# completed leads, the other players' areas). The buttons sit in one row above that strip.
BUTTON_ROW = (576, 34)  # y, height of the row of buttons under the workbench and under your tray
MESSAGE = (10, 616, 390, 96)
RIGHT_X, RIGHT_W = 410, 338
LEAD_PANEL = (RIGHT_X, 188, RIGHT_W, 104)
TRAY = (RIGHT_X, 296, RIGHT_W, 180)  # threads and proofs you hold but have not laid out
TRAY_THREAD_Y = 334
TRAY_TOKEN_Y = 448
EXCHANGE_Y = 478  # the Trade 3 buttons under the proofs
STAGING = (RIGHT_X, 512, RIGHT_W, 58)
DONE_ROW = (RIGHT_X, 616, RIGHT_W, 96)
OPP_X, OPP_W = 756, 248


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
    return PanelDims(MINI_LEAD, MINI, MINI_TOKEN, TILE, 58, x, y, w)


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
        return (RIGHT_X + 190 + k * 58, STAGING[1] + 32)

    def done_pos(self, k: int) -> tuple[float, float]:
        return (RIGHT_X + 96 + k * (TILE + 6), DONE_ROW[1] + 44)

    def offer_pos(self, k: int, n: int) -> tuple[float, float]:
        pitch = OFFER + 26
        left = GRID_ORIGIN[0] + 7 * CELL / 2 - (n - 1) * pitch / 2
        return (left + k * pitch, 330)
