"""Case Connection table layout: where everything sits, in logical pixels.

The table has the whole 1280 x 676 area under the banner (issue 18). Across the top, the four
locations, each as wide as its threads (92 px, big enough to read every edge icon) and its proofs
beside them. Under them three columns: your desk (its buttons, then 5 x 4 of its 7 x 7 cells at
96 px, then its message), your own column (your lead's checklist, your tray of threads and proofs,
the visit row, End turn, your completed leads) and, on the right, the supply and the other
players' areas. That column is what the move log's drawer covers when it is open: below the
locations' row, only pieces to look at lie there, and no button of the table at all.

``TableLayout`` gives the positions ``CaseTable`` computes from the game in play (number of
players, location sizes, who is looking, where the desk is scrolled); ``PanelDims`` the sizes and
rows inside one player's area.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.games.case_connection.cards import DX, DY
from sleuth.games.case_connection.grid import LEAD_CELL

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

# -- geometry (logical pixels; the table area is x 0..1280, y 44..720) ---------------------------
CARD = 92  # threads at the locations and in your tray: every edge icon readable at 1280 x 720
DESK_CARD = 96  # threads and your lead on the desk
CELL = 102  # desk cell pitch (cards leave a thin gap where the proofs sit)
MINI = 44  # threads in other players' areas
MINI_LEAD = 62
TILE = 30  # completed leads
TOKEN = 34  # proofs at the locations
TRAY_TOKEN = 30
EDGE_TOKEN = 26  # proofs on the desk's seams
#: a proof on a seam lies this far along it from the middle (down a vertical seam, right along a
#: horizontal one): the icons it joins sit in the middle of the two cards' edges and stay in view
PROOF_SHIFT = 30
STAGE_CARD = 44  # an item chosen by a click, waiting in the visit row for the second one (as in the
# other players' areas: every icon on it 14 px)
MINI_TOKEN = 20
COIN = 22
COIN_COUNT_W = 20  # the room of "x2" beside a pile of Bonus Point tokens
OFFER = 96  # leads offered to you
OFFER_BUTTON_W = 124  # the "Keep this lead" button under each
OFFER_LINE = 18  # a line of an offered lead's words (14 px), which start 6 px under the card
GRID_R = 3  # the desk spans -3..3 each way around the lead (solver layouts stay within 3)
DESK_COLS, DESK_ROWS = 5, 4  # the cells in view at once; the rest of the desk scrolls into view
TABLE_X, TABLE_R = 8, 1272  # the table's left and right margins
# the locations: a name row, then the threads with the proofs in a column beside them
LOC_Y, LOC_H = 48, 118
LOC_HEAD = 22  # the name row; the cards start under it
LOC_PAD = 5
LOC_THREAD_GAP = 3
LOC_PROOF_GAP = 6  # between the threads and the proofs' column
#: the narrowest board: room for its name and its count ("Baker Street", then "3 items", in the name
#: row: Baker Street alone had no count and, closed, no word of why); the pads above paid for it
LOC_MIN_W = 176
LOWER_Y = 170  # under the locations
# Nothing that can be clicked lies in the bottom strip the app's notices (toasts) cover: a notice is
# centred at the bottom of the window (up to 736 wide, 3 lines = 88 high, 18 above the edge), so
# below y 614 and between x 272 and 1008 there are only words and pieces to look at (the message,
# your completed leads, the other players' areas). The desk's cards end at y 612.
DESK = (8, LOWER_Y, 528, 448)  # your desk: its buttons, then the cells in view
#: the two places of the items kept after a reconstruction: centred this far apart on the desk
KEEP_SLOTS = ((DESK[0] + DESK[2] / 2 - 110, 370), (DESK[0] + DESK[2] / 2 + 110, 370))
KEEP_SLOT = 104
KEEP_AREA = (KEEP_SLOTS[0][0] - KEEP_SLOT / 2, 370 - KEEP_SLOT / 2, 220 + KEEP_SLOT, KEEP_SLOT)
DESK_BUTTONS_Y, DESK_BUTTONS_H = 173, 30
VIEW_X, VIEW_Y = 17, 207  # top-left corner of the cells in view (5 x 102 wide, 4 x 102 high)
VIEW_RECT = (VIEW_X, VIEW_Y, DESK_COLS * CELL, DESK_ROWS * CELL)
MESSAGE = (8, 620, 528, 96)  # its legend ends 3 px above the frame (descenders included)
RIGHT_X, RIGHT_W = 544, 428  # your column, beside the desk
LEAD_PANEL = (RIGHT_X, LOWER_Y, RIGHT_W, 108)  # your name, score and lead's checklist
TRAY = (RIGHT_X, 282, RIGHT_W, 218)  # threads and proofs you hold but have not laid out
TRAY_THREAD_Y = 304 + CARD / 2  # the centre of the row of threads (or of the two rows of a long hand)
TRAY_GAP, TRAY_ROW_GAP = 6, 4  # between the threads in your tray, side by side and row above row
TRAY_PROOF_LABEL_Y = 404
TRAY_TOKEN_Y = 438
EXCHANGE_Y = 476  # the Exchange 3 buttons under the proofs
STAGING = (RIGHT_X, 504, RIGHT_W, 54)  # the visit row: what to do, or the item chosen first
BUTTON_ROW = (564, 34)  # y, height of End turn and All moves
DONE_ROW = (RIGHT_X, 618, RIGHT_W, 96)
VIEW_AREA = (8, LOWER_Y, RIGHT_X + RIGHT_W - 8, 614 - LOWER_Y)  # your area: desk, lead, tray
# the right column: the supply, then the other players (what the log's drawer covers when open)
SIDE_X, SIDE_W = 980, 292
OPP_X, OPP_W = SIDE_X, SIDE_W
SUPPLY = (SIDE_X, LOWER_Y, SIDE_W, 70)
# each pile's icon, in two columns of three rows; its count and word follow it
THREAD_DECK = (SIDE_X + 20, LOWER_Y + 14)
LEAD_DECK = (SIDE_X + 160, LOWER_Y + 14)
PILE = (SIDE_X + 20, LOWER_Y + 35)
UNIVERSAL_SUPPLY = (SIDE_X + 160, LOWER_Y + 35)
BONUS_POOL = (SIDE_X + 20, LOWER_Y + 56)
OPP_Y = SUPPLY[1] + SUPPLY[3] + 6
BOTTOM = 714


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
    """Sizes and rows inside a player's area: a name row, the lead with the threads beside it (two
    rows at most), then the proofs; the completed leads in a row of their own in the public view's
    wide areas, at the right end of the proofs' row in the compact ones."""

    lead: float
    thread: float
    token: float
    tile: float
    group: float  # spacing of the proof kinds
    x: float
    y: float
    w: float
    wide: bool = False
    h: float = 0  # the area's height (0: no limit): the compact areas' last row keeps clear of its bottom

    HEAD = 26  # the name row; the pieces start under it
    GAP = 4

    @property
    def top(self) -> float:
        return self.y + self.HEAD

    @property
    def threads_x(self) -> float:
        return self.x + 16 + self.lead

    @property
    def per_row(self) -> int:
        return max(1, int((self.x + self.w - 8 - self.threads_x + self.GAP) // (self.thread + self.GAP)))

    @property
    def tokens_y(self) -> float:
        block = max(self.lead, 2 * self.thread + self.GAP)
        y = self.top + block + 8 + max(self.token, 0 if self.wide else self.tile) / 2
        if self.h and not self.wide:  # at 4 players the row lay against the area's edge, at the window's foot
            y = min(y, self.y + self.h - 8 - max(self.token, self.tile) / 2)
        return y

    @property
    def done_y(self) -> float:
        return self.tokens_y + self.token / 2 + 8 + self.tile / 2 if self.wide else self.tokens_y

    @property
    def done_x(self) -> float:
        """The left end of the completed leads (and, after them, the Bonus Point tokens)."""
        return self.x + 8 if self.wide else self.x + 8 + 4 * self.group + 4

    def lead_pos(self) -> tuple[float, float]:
        return (self.x + 8 + self.lead / 2, self.top + self.lead / 2)

    #: the lines under the lead saying how close the player is to reconstructing it (14 px)
    PROGRESS_LINE = 15

    def progress_room(self) -> tuple[float, float, float, float]:
        """Under the lead, above the row of proofs, no wider than the lead's column (the threads lie
        to its right): where the words "Ready now" or "2 items short" go, two lines at most (at 4
        players this room is 33 px high)."""
        top = self.top + self.lead + 1
        bottom = self.tokens_y - self.token / 2 - 1
        return (self.x + 4, top, self.lead + 8, bottom - top)

    def thread_pos(self, k: int, n: int) -> tuple[float, float]:
        """Two rows at most, every card whole: a hand longer than the two rows hold lies with its
        last threads in a pile on the last place (its count beside it), rather than overlapping
        (which hid the icons on the cards' right edges) or spilling onto the proofs."""
        per_row, pitch = self.per_row, self.thread + self.GAP
        row, col = divmod(min(k, 2 * per_row - 1), per_row)
        return (self.threads_x + self.thread / 2 + col * pitch, self.top + self.thread / 2 + row * (self.thread + self.GAP))

    def pile(self, n: int) -> int:
        """How many threads lie in the pile on the last place of a hand of ``n`` (1: no pile)."""
        return max(1, n - 2 * self.per_row + 1)

    def token_pos(self, kind_index: int, k: int) -> tuple[float, float]:
        """A kind's ``k``-th proof: a small pile in the wide areas; one token in the compact ones,
        its count beside it (a pile pushed "x2" into the next kind's token)."""
        step = 3 if self.wide else 0
        return (self.x + 8 + self.token / 2 + kind_index * self.group + min(k, 5) * step, self.tokens_y)

    def coin_pos(self, k: int, tiles: int, coins: int) -> tuple[float, float]:
        """Bonus Point tokens: after the completed leads in the wide areas; in the compact ones, one
        pile at the right end of the row (its count written beside it)."""
        if self.wide:
            return self.done_pos(tiles + k, tiles, coins)
        return (self.x + self.w - 8 - (COIN_COUNT_W if coins > 1 else 0) - COIN / 2, self.done_y)

    def done_pos(self, k: int, tiles: int, coins: int) -> tuple[float, float]:
        """The ``k``-th completed lead; they lie closer together (overlapping, the points on each
        seal still showing) when many must fit."""
        n = tiles + coins if self.wide else tiles
        right = self.x + self.w - 8
        if coins and not self.wide:
            right = self.coin_pos(0, tiles, coins)[0] - COIN / 2 - 6
        pitch = min(self.tile + 4, (right - self.done_x - self.tile) / max(1, n - 1))
        return (self.done_x + self.tile / 2 + k * pitch, self.done_y)


def panel_dims(rect) -> PanelDims:
    x, y, w, h = rect
    if w > 400 and h > 220:
        return PanelDims(92, 64, 28, 40, 92, x, y, w, wide=True)
    return PanelDims(MINI_LEAD, MINI, MINI_TOKEN, 26, min(40.0, (w - 16) / 6), x, y, w, h=h)


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
        """Players' areas: the other players in the right column under the supply, or everyone
        in two columns where your desk and column are (public view)."""
        obs = self.obs
        if self.viewer is None:
            seats = list(range(obs.players))
            cols = 2
            rows = (len(seats) + 1) // 2
            w = (RIGHT_X + RIGHT_W - 8 - 8) / cols
            h = min(300, (BOTTOM - LOWER_Y) / rows - 6)
            return {s: (8 + (i % cols) * (w + 8), LOWER_Y + (i // cols) * (h + 6), w, h)
                    for i, s in enumerate(seats)}
        others = [(self.viewer + k) % obs.players for k in range(1, obs.players)]
        h = min(200, (BOTTOM - OPP_Y + 6) / max(1, len(others)) - 6)
        return {s: (OPP_X, OPP_Y + i * (h + 6), OPP_W, h) for i, s in enumerate(others)}

    # -- places -----------------------------------------------------------------------------
    def _loc_natural_w(self, loc: int) -> float:
        """A location as wide as its threads and its proofs' column."""
        spec = self.cards.locations[loc]
        threads = spec.threads * CARD + (spec.threads - 1) * LOC_THREAD_GAP
        return 2 * LOC_PAD + threads + LOC_PROOF_GAP + self._proof_column_w(spec.proofs)

    def _loc_widths(self) -> list[float]:
        """Each location as wide as its threads and its proofs' column, and as its name row needs."""
        return [max(LOC_MIN_W, self._loc_natural_w(loc)) for loc in range(len(self.cards.locations))]

    @staticmethod
    def _proof_column_w(n: int) -> float:
        """Up to 2 proofs stand in a column; 3 lie two over one."""
        return TOKEN if n <= 2 else 2 * TOKEN + 4

    def loc_rect(self, loc: int) -> tuple[float, float, float, float]:
        widths = self._loc_widths()
        gap = (TABLE_R - TABLE_X - sum(widths)) / max(1, len(widths) - 1)
        return (TABLE_X + sum(widths[:loc]) + loc * gap, LOC_Y, widths[loc], LOC_H)

    def loc_thread_pos(self, loc: int, k: int) -> tuple[float, float]:
        x, y, _, _ = self.loc_rect(loc)
        return (x + LOC_PAD + CARD / 2 + k * (CARD + LOC_THREAD_GAP), y + LOC_HEAD + CARD / 2)

    def loc_proof_pos(self, loc: int, k: int) -> tuple[float, float]:
        x, y, w, _ = self.loc_rect(loc)
        n = self.cards.locations[loc].proofs
        mid = y + LOC_HEAD + CARD / 2
        right = x + w - LOC_PAD - (w - self._loc_natural_w(loc)) / 2  # in the middle of a wider board's room
        if n <= 2:
            pitch = TOKEN + 8
            return (right - TOKEN / 2, mid + (k - (n - 1) / 2) * pitch)
        row_gap = 4
        if k < 2:  # two over one
            return (right - 2 * TOKEN - 4 + TOKEN / 2 + k * (TOKEN + 4), mid - (TOKEN + row_gap) / 2)
        return (right - TOKEN - 2, mid + (TOKEN + row_gap) / 2)

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

    def proof_spot(self, edge: Edge) -> tuple[float, float]:
        """Where a proof on a seam lies, and the seam's marks with it: beside the middle of the two
        cards' edges, where their icons are (a proof in the middle hid half of each), down a
        vertical seam or right along a horizontal one; beside the lead's first icon of a side of
        two (the upper or the left one) when that is the icon the seam matches (the "?" had sat by
        the lower icon while the match was the upper one)."""
        x, y = self.edge_centre(edge)
        shift = -PROOF_SHIFT if self._seam_on_first_icon(edge) else PROOF_SHIFT
        if edge[0][1] == edge[1][1]:  # side by side: a vertical seam
            return (x, y + shift)
        return (x + shift, y)

    def _seam_on_first_icon(self, edge: Edge) -> bool:
        """The seam joins a thread to the first of two different icons on that side of your lead:
        the one its proof stands for, else the one the thread's edge shows."""
        if self.viewer is None or self.obs is None or LEAD_CELL not in edge:
            return False
        lead = self._lead()
        other = edge[1] if edge[0] == LEAD_CELL else edge[0]
        side = next((s for s in range(4) if (DX[s], DY[s]) == other), None)
        if lead is None or side is None or len(lead.sides[side]) != 2 or len(set(lead.sides[side])) != 2:
            return False
        token = self.desk_edges().get(edge)
        kind = self.kind_of.get(token) if token is not None else None
        if kind is None or kind not in lead.sides[side]:
            tid = self.desk_cells().get(other)
            kind = self.cards.thread(tid).edges[(side + 2) % 4] if tid is not None else None
        return kind == lead.sides[side][0]

    def edge_rect(self, edge: Edge) -> tuple[float, float, float, float]:
        """The seam between two cells: where a proof is dropped (from the middle of the seam to
        past the proof's spot, on whichever side of the middle it lies)."""
        x, y = self.edge_centre(edge)
        reach = PROOF_SHIFT + EDGE_TOKEN / 2 + 3
        # by the first icon: as far each way (the keyboard's cursor steps between the centres)
        start, length = (-reach, 2 * reach) if self._seam_on_first_icon(edge) else (-30, 30 + reach)
        if edge[0][1] == edge[1][1]:  # side by side: a vertical seam
            return (x - 18, y + start, 36, length)
        return (x + start, y - 18, length, 36)

    def seam_mark_rect(self, edge: Edge) -> tuple[float, float, float, float]:
        """The outline that points at a seam: round its proof's spot, clear of the icons."""
        x, y = self.proof_spot(edge)
        half = EDGE_TOKEN / 2 + 3
        return (x - half, y - half, 2 * half, 2 * half)

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

    @staticmethod
    def tray_rows(n: int) -> tuple[float, int]:
        """(card size, cards a row) of your ``n`` loose threads: one row at full size, smaller as
        the hand grows; from 9 threads on, two rows of 44 px cards (one row of 9 made them 40 px,
        their icons 13 px; at 44 px every icon is 14 px, as in the other players' areas). Every
        card lies whole, none covering another, so each can be read and dragged."""
        n = max(1, n)
        best = (0.0, n)
        for rows in range(1, n + 1):
            per_row = -(-n // rows)
            size = min(CARD, (RIGHT_W - 16 - (per_row - 1) * TRAY_GAP) / per_row,
                       (CARD - (rows - 1) * TRAY_ROW_GAP) / rows)
            if size > best[0]:
                best = (size, per_row)
        return best

    def tray_card(self, n: int) -> float:
        return self.tray_rows(n)[0]

    def tray_thread_pos(self, k: int, n: int) -> tuple[float, float]:
        size, per_row = self.tray_rows(n)
        rows = -(-max(1, n) // per_row)
        row, col = divmod(k, per_row)
        top = TRAY_THREAD_Y - (rows * size + (rows - 1) * TRAY_ROW_GAP) / 2
        return (RIGHT_X + 8 + size / 2 + col * (size + TRAY_GAP), top + size / 2 + row * (size + TRAY_ROW_GAP))

    def tray_group_x(self, kind_index: int) -> float:
        """The left end of one kind of proof in your tray (four kinds side by side)."""
        return RIGHT_X + 8 + kind_index * (RIGHT_W - 12) / 4

    def tray_token_pos(self, kind_index: int, k: int, n: int) -> tuple[float, float]:
        step = min(6.0, 16 / max(1, n - 1)) if n > 1 else 0
        return (self.tray_group_x(kind_index) + TRAY_TOKEN / 2 + k * step, TRAY_TOKEN_Y)

    def staging_pos(self, k: int) -> tuple[float, float]:
        """Where an item chosen by a click waits: at the visit row's right end, beside its words
        ("Taking from Covent Garden: 1 of 2") rather than on them."""
        return (RIGHT_X + RIGHT_W - 24 - STAGE_CARD / 2 - k * (STAGE_CARD + 10), STAGING[1] + STAGING[3] / 2)

    def done_pos(self, k: int) -> tuple[float, float]:
        return (RIGHT_X + 112 + k * (TILE + 6), DONE_ROW[1] + 14 + TILE / 2)

    def offer_pos(self, k: int, n: int) -> tuple[float, float]:
        pitch = self.offer_pitch(n)
        left = DESK[0] + DESK[2] / 2 - (n - 1) * pitch / 2
        return (left + k * pitch, 336)

    def offer_pitch(self, n: int) -> float:
        return min(250.0, (DESK[2] - 20) / max(1, n))

    def offer_card(self, n: int) -> float:
        """The size of an offered lead: full size up to 5 side by side, smaller beyond."""
        return min(OFFER, self.offer_pitch(n) - 6)

    def offer_compact(self, n: int) -> bool:
        """Five leads or more (Sleuth's balance rule at 4 players, or extra-lead bonuses): too
        narrow for a "Keep this lead" button and a side's words on one line each."""
        return self.offer_pitch(n) < OFFER_BUTTON_W + 6

    def offer_lines_max(self, n: int) -> int:
        """How many lines of words fit under each offered lead, above its button."""
        return 6 if self.offer_compact(n) else 4

    def offer_button(self, k: int, n: int) -> tuple[float, float, float, float]:
        """The "Keep" button under offered lead ``k``, below the most lines of words it may have."""
        x, cy = self.offer_pos(k, n)
        w = self.offer_pitch(n) - 6 if self.offer_compact(n) else OFFER_BUTTON_W
        return (x - w / 2, cy + self.offer_card(n) / 2 + 12 + self.offer_lines_max(n) * OFFER_LINE, w, 32)
