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

from sleuth.core.wording import either, number_word
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


#: which way a neighbour lies, by the side it is on (top, right, bottom, left)
_TOWARDS = ("above", "to the right of", "below", "to the left of")
_TOWARDS_IT = ("above it", "to its right", "below it", "to its left")


def counted(n: int, word: str) -> str:
    """``1 Forensic proof``, ``2 Forensic proofs`` (the engine's own tiny plural: rules never import ui)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def place_text(cell: Cell, what: str = "card") -> str:
    """Where a card lies, said from the lead as a player would: ``the card to the right of the lead``,
    ``the card two above the lead``, ``the card one right and two up from the lead``.

    Cards carry no printed ids and the table shows no coordinates, so a sentence about the layout
    names a card by its place around the lead (the only fixed point every player sees)."""
    x, y = cell
    if cell == LEAD_CELL:
        return "the lead"
    if x == 0 or y == 0:
        side = 0 if y < 0 else 2 if y > 0 else 1 if x > 0 else 3
        n = abs(x) + abs(y)
        return f"the {what} {'' if n == 1 else number_word(n) + ' '}{_TOWARDS[side]} the lead"
    across = f"{number_word(abs(x))} {'right' if x > 0 else 'left'}"
    up = f"{number_word(abs(y))} {'up' if y < 0 else 'down'}"
    return f"the {what} {across} and {up} from the lead"


def _beside(a: Cell, b: Cell) -> str:
    """``b`` named from its neighbour ``a``: ``the lead`` or ``the card to its right``."""
    if b == LEAD_CELL:
        return "the lead"
    side = _side_between(a, b)
    return f"the card {_TOWARDS_IT[side]}" if side is not None else place_text(b)


@dataclass(frozen=True)
class Problem:
    """Why a layout is not a reconstruction: one sentence, and the cells and the edge it is about,
    so a table can point at exactly what the sentence names (never at something else)."""

    text: str
    cells: tuple[Cell, ...] = ()
    edge: tuple[Cell, Cell] | None = None


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


def _distance(cell: Cell) -> tuple[int, Cell]:
    return (abs(cell[0]) + abs(cell[1]), cell)


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
    result = check(cards, lead, held_threads, held_proofs, placements, proofs)
    return result.text if isinstance(result, Problem) else result


def check(
    cards: CaseCards,
    lead: Lead,
    held_threads: Iterable[str],
    held_proofs: Mapping[str, int],
    placements: tuple,
    proofs: tuple,
) -> Reconstruction | Problem:
    """``validate`` with the reason's cells and edge: a ``Reconstruction``, or the ``Problem``."""
    name = cards.symbol_name
    held = set(held_threads)
    grid: dict[Cell, Thread] = {}
    where: dict[str, Cell] = {}
    for item in placements:
        if not (isinstance(item, tuple) and len(item) == 3):
            return Problem(f"a card placement is (thread id, x, y), got {item!r}")
        tid, x, y = item
        if not isinstance(tid, str) or not isinstance(x, int) or not isinstance(y, int):
            return Problem(f"a card placement is (thread id, x, y), got {item!r}")
        cell = (x, y)
        if tid not in held:
            return Problem(f"you do not hold {place_text(cell)}", (cell,))
        if tid in where:
            return Problem("the same thread is placed twice", (where[tid], cell))
        if cell == LEAD_CELL:
            return Problem("a thread cannot go on the lead's cell: the lead card is there", (cell,))
        if cell in grid:
            return Problem("two cards on the same cell", (cell,))
        grid[cell] = cards.thread(tid)
        where[tid] = cell
    if not grid:
        return Problem("place at least one thread card next to the lead", (LEAD_CELL,))

    # proofs: each on an edge between two orthogonally adjacent cards, matching symbols
    used: Counter[str] = Counter()
    edges: dict[frozenset, str] = {}  # edge -> connection type
    adjacency: dict[Cell, list[Cell]] = {c: [] for c in (*grid, LEAD_CELL)}
    for item in proofs:
        if not (isinstance(item, tuple) and len(item) == 5):
            return Problem(f"a proof placement is (x1, y1, x2, y2, token), got {item!r}")
        x1, y1, x2, y2, code = item
        if not all(isinstance(v, int) for v in (x1, y1, x2, y2)) or code not in cards.proof_kinds:
            return Problem(f"a proof placement is (x1, y1, x2, y2, token) with token one of "
                           f"{', '.join(cards.proof_kinds)}, got {item!r}")
        a, b = (x1, y1), (x2, y2)
        used[code] += 1
        if used[code] > held_proofs.get(code, 0):
            have = held_proofs.get(code, 0)
            return Problem(f"the layout uses {counted(used[code], name(code) + ' proof')} but you hold "
                           f"{'none' if have == 0 else 'only ' + str(have)}")
        side = _side_between(a, b)
        if side is None:
            if abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1:
                return Problem(f"a proof lies between {place_text(a)} and {place_text(b)}, which are diagonal, "
                               "not adjacent (diagonal connections are not allowed)", (a, b))
            return Problem(f"a proof lies between {place_text(a, 'cell')} and {place_text(b, 'cell')}, "
                           "which are not adjacent", (a, b))
        for c in (a, b):
            if c not in adjacency:
                return Problem(f"a proof lies beside {place_text(c, 'empty cell')}", (a, b), (a, b))
        key = frozenset((a, b))
        if key in edges:
            return Problem(f"two proofs on the same edge, between {place_text(a)} and {_beside(a, b)}", (a, b),
                           (a, b))
        sa = _symbols(cards, lead, grid, a, side)
        sb = _symbols(cards, lead, grid, b, OPPOSITE[side])
        common = [s for s in sa if s in sb]
        if not common:
            def shows(syms: tuple[str, ...], s: int) -> str:
                what = " and ".join(name(x) for x in syms) if syms else "no symbol"
                return f"{what} on its {SIDES[s]} side"

            return Problem(
                f"{place_text(a)} and {_beside(a, b)} do not match, so no proof can join them: one shows "
                f"{shows(sa, side)}, the other {shows(sb, OPPOSITE[side])}", (a, b), (a, b))
        if code != UNIVERSAL and code not in common:
            wanted = [name(x) for x in common]
            return Problem(
                f"wrong proof between {place_text(a)} and {_beside(a, b)}: a {name(code)} proof cannot join "
                f"{either(wanted)} symbols (use {either([*wanted, 'Universal'])})", (a, b), (a, b))
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
                return _loop(parent, cell, nxt)
            parent[nxt] = cell
            order.append(nxt)
    # the nearest card not joined to the lead: alone, or with the cards joined to it
    loose = [cell for cell in sorted(grid, key=_distance) if cell not in parent]
    if loose:
        return _not_connected(cards, lead, grid, adjacency, parent, loose[0])

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
            if first not in grid:
                return Problem(f"the {name(missing)} icon on the {SIDES[side]} side is not connected: no thread is "
                               f"on the {SIDES[side]} of the lead", (first,))
            return Problem(f"the {name(missing)} icon on the {SIDES[side]} side is not connected: no proof joins "
                           f"the lead to {_beside(LEAD_CELL, first)}", (first,), (LEAD_CELL, first))
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
                return Problem(
                    f"the {name(code)} icon on the {SIDES[side]} side is not connected: the direct connection "
                    f"there is {name(edges[key])}, and the chain beyond {place_text(first)} has no further "
                    f"{name(code)} connection", (first,))
    placed_tokens: list[str] = []
    for item in proofs:
        placed_tokens.append(item[4])
    return Reconstruction(tuple(direct), tuple(t.id for t in grid.values()), tuple(placed_tokens))


def loop_path(parent: Mapping[Cell, Cell | None], a: Cell, b: Cell) -> list[Cell]:
    """The cards of the loop closed by joining ``a`` and ``b``, two cards of one search tree
    (``parent`` maps each card to the one it was reached from), from ``a`` round to ``b``."""

    def chain(c: Cell) -> list[Cell]:
        out = []
        node: Cell | None = c
        while node is not None:
            out.append(node)
            node = parent.get(node)
        return out

    ca, cb = chain(a), chain(b)
    common = next(c for c in ca if c in cb)
    return ca[: ca.index(common) + 1] + list(reversed(cb[: cb.index(common)]))


def _loop(parent: Mapping[Cell, Cell | None], a: Cell, b: Cell) -> Problem:
    path = loop_path(parent, a, b)
    return Problem(f"loop: the connections close a loop through {number_word(len(path))} cards, with {place_text(b)} "
                   "among them; every thread must reach the lead by exactly one chain", tuple(path), (a, b))


def _component(adjacency: Mapping[Cell, list[Cell]], start: Cell) -> set[Cell]:
    seen = {start}
    stack = [start]
    while stack:
        for nxt in adjacency[stack.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def _not_connected(cards: CaseCards, lead: Lead, grid: Mapping[Cell, Thread], adjacency: Mapping[Cell, list[Cell]],
                   joined: Mapping[Cell, object], start: Cell) -> Problem:
    """The nearest card that no chain joins to the lead, and the seam that would join it.

    ``start`` is that card; the cards joined to it (its group) are as far from the lead as it is.
    The sentence names the group's card beside the gap, and the gap itself: preferably a seam to a
    card already joined to the lead whose symbols match (a proof is all it lacks), else any seam to
    such a card, else what the group touches at all. The cells and the edge returned are those."""
    group = _component(adjacency, start)
    seams = []
    for cell in sorted(group, key=_distance):
        for side in range(4):
            other = (cell[0] + DX[side], cell[1] + DY[side])
            if other in joined:
                here = _symbols(cards, lead, grid, cell, side)
                there = _symbols(cards, lead, grid, other, OPPOSITE[side])
                seams.append((not any(s in there for s in here), _distance(cell), cell, other))
    if seams:
        unmatched, _, cell, other = min(seams)
        why = (f"it touches {_beside(cell, other)}, but their touching sides do not match" if unmatched
               else f"it touches {_beside(cell, other)}, but no proof joins them")
        edge = (cell, other) if cell <= other else (other, cell)
        return Problem(f"{_who(cell, group)} not connected to the lead: {why}", (cell,), edge)
    for cell in sorted(group, key=_distance):
        for side in range(4):
            other = (cell[0] + DX[side], cell[1] + DY[side])
            if other in grid and other not in group:
                return Problem(f"{_who(cell, group)} not connected to the lead: it touches only "
                               f"{_beside(cell, other)}, which is not connected to the lead either", (cell,),
                               (min(cell, other), max(cell, other)))
    for g in sorted(group, key=_distance):
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            other = (g[0] + dx, g[1] + dy)
            if other in joined:
                return Problem(f"{_who(g, group)} not connected to the lead: it touches {place_text(other)} only at "
                               "a corner (diagonal connections are not allowed)", (g, other))
    return Problem(f"{_who(start, group)} not connected to the lead: it touches no other card", (start,))


def _who(cell: Cell, group: set[Cell]) -> str:
    """``the card above the lead is`` or ``the card above the lead and the 2 cards joined to it are``."""
    if len(group) == 1:
        return f"{place_text(cell)} is"
    others = len(group) - 1
    return f"{place_text(cell)} and the {counted(others, 'card')} joined to it are"


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


#: The solver's memo, shared by the rules and the bots' rollouts. 20,000 entries keep the bots'
#: hit rate (a match's peak memory 231 -> 46 MB, the expert's win rate unchanged; docs/performance.md).
SOLVE_MEMO = 20_000


@lru_cache(maxsize=SOLVE_MEMO)
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
