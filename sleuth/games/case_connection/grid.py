"""Reconstructions: check a player's arrangement, and find one when it exists.

An arrangement is what the player lays out on the table: the Lead card on cell (0, 0), Thread
cards on other cells (never rotated), and Proof tokens on edges between orthogonally adjacent
cells. Cells are (x, y), x to the right, y downward; see ``cards.py`` for the side numbering.

``validate`` applies the rules of a Connection and of a Reconstruction (rulebook "Connections",
"Reconstructing Leads"; RULINGS 3-6) and returns either a ``Reconstruction`` or one sentence
that says exactly what is wrong. ``solve`` searches for a valid arrangement from a set of items.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from sleuth.games.case_connection.cards import DX, DY, OPPOSITE, SIDES, UNIVERSAL, CaseCards, Lead, Thread

Cell = tuple[int, int]
LEAD_CELL: Cell = (0, 0)
#: The most search nodes ``solve`` explores before it gives up (it then reports no arrangement).
#: Far above what any hand needs in play (see the tests); it only bounds pathological inputs.
NODE_LIMIT = 40_000
#: Node budget of each shorter-arrangement retry once one arrangement is known (best effort).
DEEPENING_LIMIT = 1_500
#: Which bonus icons the solver tries first next to the lead (points before tokens and leads).
BONUS_ORDER = {"bonus_point": 0, "extra_lead": 1, "universal": 2}


@dataclass(frozen=True)
class Reconstruction:
    """A valid arrangement, as the engine needs it after the check."""

    direct: tuple[str, ...]  # thread ids directly connected to the lead (their bonuses count)
    threads: tuple[str, ...]  # every thread placed
    proofs: tuple[str, ...]  # every token placed (codes, with repeats)


def cell_text(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def _side_between(a: Cell, b: Cell) -> int | None:
    """The side of ``a`` that faces ``b``, or None when they are not orthogonal neighbours."""
    for side in range(4):
        if (a[0] + DX[side], a[1] + DY[side]) == b:
            return side
    return None


def _symbols(cards: CaseCards, lead: Lead, grid: Mapping[Cell, Thread], cell: Cell, side: int) -> tuple[str, ...]:
    if cell == LEAD_CELL:
        return lead.sides[side]
    edge = grid[cell].edges[side]
    return (edge,) if edge is not None else ()


def validate(
    cards: CaseCards,
    lead: Lead,
    held_threads: Iterable[str],
    held_proofs: Mapping[str, int],
    placements: tuple,
    proofs: tuple,
) -> Reconstruction | str:
    """Check an arrangement; a ``Reconstruction`` when valid, else the reason in plain words.

    ``placements`` is ``((thread_id, x, y), ...)``; ``proofs`` is ``((x1, y1, x2, y2, code), ...)``.
    """
    name = cards.symbol_name
    held = set(held_threads)
    grid: dict[Cell, Thread] = {}
    where: dict[str, Cell] = {}
    for item in placements:
        if not (isinstance(item, tuple) and len(item) == 3):
            return f"a card placement is (thread id, x, y), got {item!r}"
        tid, x, y = item
        if not isinstance(tid, str) or not isinstance(x, int) or not isinstance(y, int):
            return f"a card placement is (thread id, x, y), got {item!r}"
        if tid not in held:
            return f"you do not hold thread {tid}"
        if tid in where:
            return f"thread {tid} is placed twice"
        cell = (x, y)
        if cell == LEAD_CELL:
            return f"{tid} cannot go on (0,0): the lead card is there"
        if cell in grid:
            return f"two cards on the same cell {cell_text(cell)} ({grid[cell].id} and {tid})"
        grid[cell] = cards.thread(tid)
        where[tid] = cell
    if not grid:
        return "place at least one thread card next to the lead"

    # proofs: each on an edge between two orthogonally adjacent cards, matching symbols
    used: Counter[str] = Counter()
    edges: dict[frozenset, str] = {}  # edge -> connection type
    adjacency: dict[Cell, list[Cell]] = {c: [] for c in (*grid, LEAD_CELL)}
    for item in proofs:
        if not (isinstance(item, tuple) and len(item) == 5):
            return f"a proof placement is (x1, y1, x2, y2, token), got {item!r}"
        x1, y1, x2, y2, code = item
        if not all(isinstance(v, int) for v in (x1, y1, x2, y2)) or code not in cards.proof_kinds:
            return f"a proof placement is (x1, y1, x2, y2, token) with token one of {', '.join(cards.proof_kinds)}, got {item!r}"
        a, b = (x1, y1), (x2, y2)
        used[code] += 1
        if used[code] > held_proofs.get(code, 0):
            return f"you hold {held_proofs.get(code, 0)} {name(code)} proof(s) but the arrangement uses {used[code]}"
        span = f"{cell_text(a)}-{cell_text(b)}"
        side = _side_between(a, b)
        if side is None:
            if abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1:
                return f"the proof at {span} is diagonal: cells {cell_text(a)} and {cell_text(b)} are not adjacent (diagonal connections are not allowed)"
            return f"the proof at {span} joins cells that are not adjacent"
        for c in (a, b):
            if c not in adjacency:
                return f"the proof at {span} has no card on {cell_text(c)}"
        key = frozenset((a, b))
        if key in edges:
            return f"two proofs on the same edge {span}"
        sa = _symbols(cards, lead, grid, a, side)
        sb = _symbols(cards, lead, grid, b, OPPOSITE[side])
        common = [s for s in sa if s in sb]
        if not common:
            def show(syms: tuple[str, ...], c: Cell, s: int) -> str:
                who = "the lead" if c == LEAD_CELL else grid[c].id
                what = " and ".join(name(x) for x in syms) if syms else "no symbol"
                return f"{who} shows {what} on its {SIDES[s]} side"

            return (
                f"the cards at {cell_text(a)} and {cell_text(b)} do not match, so no proof can join them: "
                f"{show(sa, a, side)}, {show(sb, b, OPPOSITE[side])}"
            )
        if code != UNIVERSAL and code not in common:
            wanted = " or ".join(name(x) for x in common)
            return (
                f"wrong proof at {span}: a {name(code)} token cannot join {wanted} symbols "
                f"(use {wanted} or Universal)"
            )
        edges[key] = code if code != UNIVERSAL else common[0]
        adjacency[a].append(b)
        adjacency[b].append(a)

    # the tree rule: exactly one chain from every thread back to the lead, no loops
    parent: dict[Cell, Cell | None] = {LEAD_CELL: None}
    order = [LEAD_CELL]
    for cell in order:
        for nxt in adjacency[cell]:
            if nxt == parent[cell]:
                continue
            if nxt in parent:
                return "loop: " + _loop_text(parent, cell, nxt)
            parent[nxt] = cell
            order.append(nxt)
    for cell in sorted(grid, key=lambda c: (abs(c[0]) + abs(c[1]), c)):
        if cell in parent:
            continue
        if adjacency[cell]:
            # part of a group of cards that is joined together but not to the lead
            continue
        return _unconnected_text(grid, cell)
    for cell in sorted(grid, key=lambda c: (abs(c[0]) + abs(c[1]), c)):
        if cell not in parent:
            group = _component(adjacency, cell)
            if any(g in parent for g in group):
                continue
            return (
                f"the cards at {', '.join(cell_text(c) for c in sorted(group))} are joined to each other but not to "
                f"the lead: {_touch_text(grid, group, parent)}"
            )

    # every lead icon satisfied by its own connection (RULINGS 5)
    direct = []
    for side, icons in enumerate(lead.sides):
        first = (DX[side], DY[side])
        key = frozenset((LEAD_CELL, first))
        if key in edges:
            direct.append(grid[first].id)
        if not icons:
            continue
        if key not in edges:
            missing = icons[0]
            why = (
                f"no thread is on the {SIDES[side]} of the lead" if first not in grid
                else f"no proof joins the lead to {grid[first].id} at {cell_text(first)}"
            )
            return f"the {name(missing)} icon on the {SIDES[side]} side is not connected: {why}"
        remaining = Counter(icons)
        remaining[edges[key]] -= 1
        found: Counter[str] = Counter()
        stack = [first]
        while stack:
            cell = stack.pop()
            for nxt in adjacency[cell]:
                if parent.get(nxt) == cell:
                    found[edges[frozenset((cell, nxt))]] += 1
                    stack.append(nxt)
        for code, count in remaining.items():
            if count > 0 and found[code] < count:
                return (
                    f"the {name(code)} icon on the {SIDES[side]} side is not connected: the direct connection "
                    f"there is {name(edges[key])}, and the chain beyond {grid[first].id} has no further "
                    f"{name(code)} connection"
                )
    placed_tokens: list[str] = []
    for item in proofs:
        placed_tokens.append(item[4])
    return Reconstruction(tuple(direct), tuple(t.id for t in grid.values()), tuple(placed_tokens))


def _loop_text(parent: Mapping[Cell, Cell | None], a: Cell, b: Cell) -> str:
    def chain(c: Cell) -> list[Cell]:
        out = []
        node: Cell | None = c
        while node is not None:
            out.append(node)
            node = parent.get(node)
        return out

    ca, cb = chain(a), chain(b)
    common = next(c for c in ca if c in cb)
    path = ca[: ca.index(common) + 1] + list(reversed(cb[: cb.index(common)]))
    cells = " - ".join(cell_text(c) for c in path + [path[0]])
    return f"the connections close a loop {cells}; every thread must reach the lead by exactly one chain"


def _component(adjacency: Mapping[Cell, list[Cell]], start: Cell) -> set[Cell]:
    seen = {start}
    stack = [start]
    while stack:
        for nxt in adjacency[stack.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def _touch_text(grid: Mapping[Cell, Thread], group: set[Cell], connected: Mapping[Cell, object]) -> str:
    for cell in sorted(group):
        for side in range(4):
            other = (cell[0] + DX[side], cell[1] + DY[side])
            if other in connected and other not in group:
                return f"cards at {cell_text(other)} and {cell_text(cell)} touch but no proof joins them"
    for cell in sorted(group):
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            other = (cell[0] + dx, cell[1] + dy)
            if other in connected:
                return (
                    f"{cell_text(cell)} touches {cell_text(other)} only at a corner "
                    "(diagonal connections are not allowed)"
                )
    return "they touch no connected card"


def _unconnected_text(grid: Mapping[Cell, Thread], cell: Cell) -> str:
    tid = grid[cell].id
    occupied = set(grid) | {LEAD_CELL}
    for side in range(4):
        other = (cell[0] + DX[side], cell[1] + DY[side])
        if other in occupied:
            return (
                f"{tid} at {cell_text(cell)} is not connected to the lead: cards at {cell_text(other)} and "
                f"{cell_text(cell)} touch but no proof joins them"
            )
    for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        other = (cell[0] + dx, cell[1] + dy)
        if other in occupied:
            return (
                f"{tid} at {cell_text(cell)} is not connected to the lead: it touches {cell_text(other)} only at a "
                "corner (diagonal connections are not allowed)"
            )
    return f"{tid} at {cell_text(cell)} is not connected to the lead: it touches no other card"


# -- the solver ---------------------------------------------------------------------------------

ThreadKey = tuple[str, tuple, str | None]  # (id, edges, bonus)


def thread_keys(cards: CaseCards, thread_ids: Iterable[str]) -> tuple[ThreadKey, ...]:
    return tuple(sorted((t.id, t.edges, t.bonus) for t in (cards.thread(i) for i in thread_ids)))


def solve(cards: CaseCards, lead: Lead, thread_ids: Iterable[str], proofs: Mapping[str, int]) -> tuple | None:
    """A valid arrangement ``(placements, proofs)`` from these items, or None when there is none.

    Among the threads that could sit next to the lead, those with a bonus icon are tried first,
    so the arrangement found tends to collect bonuses. Results are memoised by the multiset of
    items (see ``solve_keys``).
    """
    counts = tuple(proofs.get(k, 0) for k in cards.proof_kinds)
    return solve_keys(lead.sides, thread_keys(cards, thread_ids), cards.symbols, counts)


@lru_cache(maxsize=200_000)
def solve_keys(sides: tuple, threads: tuple[ThreadKey, ...], symbols: tuple[str, ...], counts: tuple[int, ...]):
    """The memoised search behind ``solve`` (hashable arguments only)."""
    icons_by_type = Counter(code for icons in sides for code in icons)
    have = dict(zip(symbols, counts[:-1], strict=True))
    universal = counts[-1]
    total_icons = sum(icons_by_type.values())
    # necessary conditions first: enough threads, proofs and one direct candidate per side
    if len(threads) < total_icons or sum(counts) < total_icons:
        return None
    if sum(max(0, n - have.get(t, 0)) for t, n in icons_by_type.items()) > universal:
        return None
    order = []
    for side, icons in enumerate(sides):
        if not icons:
            continue
        facing = OPPOSITE[side]
        cands = sum(1 for t in threads if t[1][facing] in icons)
        if cands == 0:
            return None
        order.append((-len(icons), cands, side))
    order.sort()
    side_order = [s for _, _, s in order]

    found = _search(sides, threads, have, universal, total_icons, side_order, len(threads), NODE_LIMIT)
    if found is None or len(found[0]) == total_icons:
        return found
    for limit in range(total_icons, len(found[0])):  # the fewest threads (iterative deepening)
        smaller = _search(sides, threads, have, universal, total_icons, side_order, limit, DEEPENING_LIMIT)
        if smaller is not None:
            return smaller
    return found


def _search(sides, threads, have, universal, total_icons, side_order, limit, nodes):
    """Depth-first search for an arrangement with at most ``limit`` threads."""
    icons_by_type = Counter(code for icons in sides for code in icons)
    need = Counter(icons_by_type)  # proofs reserved: one per icon still to satisfy, plus links
    used = [False] * len(threads)
    occupied = {LEAD_CELL}
    placed: list[tuple[str, int, int]] = []
    tokens: list[tuple[int, int, int, int, str]] = []
    budget = [nodes]
    pending = [total_icons]  # icons not yet satisfied (each needs a thread of its own)

    def affordable() -> bool:
        return sum(max(0, n - have.get(t, 0)) for t, n in need.items()) <= universal

    def free_threads() -> int:
        return used.count(False)

    def proof_for(code: str) -> str:
        # a symbol proof if one is left over after the reservations, else a universal
        return code if sum(1 for x in tokens if x[4] == code) < have.get(code, 0) else UNIVERSAL

    def sides_from(k: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if k == len(side_order):
            return True
        side = side_order[k]
        icons = sides[side]
        cell = (DX[side], DY[side])
        if cell in occupied:
            return False
        facing = OPPOSITE[side]
        seen = set()
        cands = [i for i, t in enumerate(threads) if not used[i] and t[1][facing] in icons]
        cands.sort(key=lambda i: BONUS_ORDER.get(threads[i][2], 3))  # bonus icons first
        for i in cands:
            key = (threads[i][1], threads[i][2])
            if key in seen:
                continue
            seen.add(key)
            code = threads[i][1][facing]
            remaining = Counter(icons)
            remaining[code] -= 1
            used[i] = True
            occupied.add(cell)
            placed.append((threads[i][0], cell[0], cell[1]))
            tokens.append((0, 0, cell[0], cell[1], proof_for(code)))
            pending[0] -= 1
            if +remaining:
                ok = extend(k, cell, i, +remaining)
            else:
                ok = sides_from(k + 1)
            if ok:
                return True
            pending[0] += 1
            tokens.pop()
            placed.pop()
            occupied.discard(cell)
            used[i] = False
        return False

    def extend(k: int, cell: Cell, ti: int, remaining: Counter) -> bool:
        """Grow the chain of side ``side_order[k]`` from ``cell`` until ``remaining`` is covered."""
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if free_threads() < pending[0] or len(placed) + pending[0] > limit:
            return False
        edges_here = threads[ti][1]
        # links that satisfy an icon first, so the shortest chains are found first
        dirs = sorted((d for d in range(4) if edges_here[d] is not None), key=lambda d: remaining[edges_here[d]] <= 0)
        for d in dirs:
            code = edges_here[d]
            nxt = (cell[0] + DX[d], cell[1] + DY[d])
            if nxt in occupied:
                continue
            back = OPPOSITE[d]
            useful = remaining[code] > 0
            if not useful:
                need[code] += 1
                if not affordable() or free_threads() < pending[0] + 1 or len(placed) + pending[0] + 1 > limit:
                    need[code] -= 1
                    continue
            seen = set()
            for j, t in enumerate(threads):
                if used[j] or t[1][back] != code or t[1] in seen:
                    continue
                seen.add(t[1])
                used[j] = True
                occupied.add(nxt)
                placed.append((t[0], nxt[0], nxt[1]))
                tokens.append((cell[0], cell[1], nxt[0], nxt[1], proof_for(code)))
                if useful:
                    remaining[code] -= 1
                    pending[0] -= 1
                    ok = sides_from(k + 1) if not +remaining else extend(k, nxt, j, remaining)
                    remaining[code] += 1
                    pending[0] += 1
                else:
                    ok = extend(k, nxt, j, remaining)
                if ok:
                    return True
                tokens.pop()
                placed.pop()
                occupied.discard(nxt)
                used[j] = False
            if not useful:
                need[code] -= 1
        return False

    if not sides_from(0):
        return None
    return tuple(placed), tuple(tokens)
