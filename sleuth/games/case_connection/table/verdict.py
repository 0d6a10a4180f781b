"""Case Connection desk verdict: why a desk is (not yet) a reconstruction, as facts to point at.

The desk is a scratch area: threads may lie anywhere, and only what is joined to the lead by
proofs is the reconstruction (the rulebook: keep unconnected cards and tokens to the side). So
``judge`` first finds that part (the lead's connections, followed proof by proof), and then asks
the engine's own check (``grid.check``) about exactly that part: Reconstruct is offered when, and
only when, the engine accepts it.

When it is not yet a reconstruction, ``judge`` says why as a ``Why``: a kind, the lead's side and
symbols it concerns, and the cells and seam it is about, so that the table can outline the card
("this thread") and write the sentence (``words.py``) from the same facts. Mistakes on cards the
player has laid are told before what is still missing: a thread facing the lead (or a chain card)
with the wrong symbol, a matching seam without a proof, a loop; then a second icon on a side that
needs more of its chain; then a side with no thread at all. Nothing here draws: no pygame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from sleuth.games.case_connection.cards import DX, DY, OPPOSITE, UNIVERSAL, CaseCards, Lead
from sleuth.games.case_connection.grid import LEAD_CELL, Problem, check, loop_path
from sleuth.games.case_connection.table.layout import in_grid

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

# kinds of Why, in the words of the sentence each becomes (see words.py)
NO_THREAD = "no thread"  # a lead side with icons has no card touching it
FACES_LEAD = "faces the lead"  # the card on a lead side shows another symbol (or none) toward the icon
NO_PROOF_LEAD = "no proof at the lead"  # the card on a lead side matches, but no proof joins them
LOOP = "loop"  # the proofs close a loop
FACES_CARD = "faces a card"  # a chain card's needed symbol faces a card showing another symbol
NO_PROOF_CARD = "no proof between cards"  # two cards match where the chain needs it, but no proof
NEEDS_MORE = "needs more"  # a second icon on a side still needs a connection further along its chain
BRIDGE = "not joined to the chain"  # a card aside would give that connection, but no proof joins it to the chain
WRONG_PROOF = "wrong proof"  # a proof lies on a seam it cannot join
ENGINE = "engine"  # the engine's own sentence (anything the desk's reading does not explain)


def edge_key(a: Cell, b: Cell) -> Edge:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Why:
    """What stops a desk from being a reconstruction, and where on the desk it is."""

    kind: str
    side: int | None = None  # the lead's side it concerns
    icons: tuple[str, ...] = ()  # the lead icon(s) concerned (symbol codes)
    mine: str | None = None  # the symbol on the card spoken of ("this thread's Forensic edge"), None = blank
    faces: str | None = None  # the symbol it faces
    cells: tuple[Cell, ...] = ()  # the cards (or empty cells) to outline
    edge: Edge | None = None  # the seam to outline
    text: str = ""  # ENGINE only: the engine's sentence
    #: BRIDGE: what the card aside offers once joined: MADE (a connection of the kind already
    #: beyond it), SEAM (a matching seam of the kind, still without its proof) or EDGE (a free edge)
    then: str = ""
    #: a proof the player is told to drop: whether they hold a spare one (of that kind or Universal)
    spare: bool = True


# what a card aside offers a side's chain once a proof joins it (Why.then)
MADE, SEAM, EDGE = "made", "seam", "edge"


@dataclass(frozen=True)
class Verdict:
    """A desk's verdict: the reconstruction to send (when valid) or why not, and the cards joined
    to the lead (the rest of the desk lies aside)."""

    placements: tuple  # ((thread id, x, y), ...) of the cards joined to the lead
    proofs: tuple  # ((x1, y1, x2, y2, token code), ...) of the proofs joining them
    why: Why | None  # None: the engine accepts this reconstruction
    direct: tuple[str, ...] = ()  # when valid: the threads directly connected (their bonuses count)


def _symbols(cards: CaseCards, lead: Lead, cells: Mapping[Cell, str], cell: Cell, side: int) -> tuple[str, ...]:
    if cell == LEAD_CELL:
        return lead.sides[side]
    code = cards.thread(cells[cell]).edges[side]
    return (code,) if code is not None else ()


def _side_between(a: Cell, b: Cell) -> int | None:
    for side in range(4):
        if (a[0] + DX[side], a[1] + DY[side]) == b:
            return side
    return None


def links(cards: CaseCards, lead: Lead, cells: Mapping[Cell, str], edges: Mapping[Edge, str]):
    """The connections on the desk: {edge: symbol joined}, and the first proof that joins nothing
    (a wrong kind, or on a seam whose symbols do not match) as (edge, code), or None."""
    occupied = set(cells) | {LEAD_CELL}
    out: dict[Edge, str] = {}
    wrong = None
    for edge, code in sorted(edges.items()):
        a, b = edge
        side = _side_between(a, b)
        if side is None or a not in occupied or b not in occupied:
            continue
        common = [s for s in _symbols(cards, lead, cells, a, side) if s in _symbols(cards, lead, cells, b, OPPOSITE[side])]
        if common and (code == UNIVERSAL or code in common):
            out[edge] = common[0] if code == UNIVERSAL else code
        elif wrong is None:
            wrong = (edge, code)
    return out, wrong


def judge(cards: CaseCards, lead: Lead, cells: Mapping[Cell, str], edges: Mapping[Edge, str],
          held_threads, held_proofs: Mapping[str, int]) -> Verdict:
    """The verdict on a desk: ``cells`` {cell: thread id} and ``edges`` {seam: proof code} around
    the lead on (0, 0)."""
    joined, wrong = links(cards, lead, cells, edges)
    adjacency: dict[Cell, list[Cell]] = {}
    for a, b in joined:
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    parent: dict[Cell, Cell | None] = {LEAD_CELL: None}
    order = [LEAD_CELL]
    loop: Why | None = None
    for cell in order:
        for nxt in adjacency.get(cell, ()):
            if nxt == parent[cell]:
                continue
            if nxt in parent:
                if loop is None:
                    loop = _loop(parent, cell, nxt)
                continue
            parent[nxt] = cell
            order.append(nxt)
    part = [c for c in order if c != LEAD_CELL]
    placements = tuple(sorted((cells[c], c[0], c[1]) for c in part))
    inside = set(order)
    proofs = tuple(sorted((a[0], a[1], b[0], b[1], edges[(a, b)]) for (a, b) in joined if a in inside and b in inside))
    problems: list[tuple[int, int, Why]] = []
    if loop is not None:
        problems.append((0, 0, loop))
    if wrong is not None:
        (a, b), code = wrong
        problems.append((1, 0, Why(WRONG_PROOF, icons=(code,), cells=tuple(c for c in (a, b) if c != LEAD_CELL),
                                   edge=(a, b))))
    spare = Counter(held_proofs)
    spare.subtract(edges.values())
    for side, icons in enumerate(lead.sides):
        if icons:
            found = _side_problem(cards, lead, cells, joined, parent, side, icons, spare)
            if found is not None:
                problems.append((found[0], side, found[1]))
    if problems:
        return Verdict(placements, proofs, min(problems, key=lambda p: (p[0], p[1]))[2])
    result = check(cards, lead, held_threads, held_proofs, placements, proofs)
    if isinstance(result, Problem):
        edge = edge_key(*result.edge) if result.edge is not None else None
        return Verdict(placements, proofs, Why(ENGINE, cells=tuple(result.cells), edge=edge, text=result.text))
    return Verdict(placements, proofs, None, result.direct)


def _side_problem(cards: CaseCards, lead: Lead, cells: Mapping[Cell, str], joined: Mapping[Edge, str],
                  parent: Mapping[Cell, Cell | None], side: int, icons: tuple[str, ...],
                  spare: Mapping[str, int]) -> tuple[int, Why] | None:
    """What one side of the lead still lacks, with its priority (lower is told first)."""
    first = (DX[side], DY[side])
    seam = edge_key(LEAD_CELL, first)
    if first not in cells:
        return 3, Why(NO_THREAD, side, icons, cells=(first,))
    facing = cards.thread(cells[first]).edges[OPPOSITE[side]]
    if facing not in icons:
        return 1, Why(FACES_LEAD, side, icons, mine=facing, faces=icons[0], cells=(first,), edge=seam)
    if seam not in joined or parent.get(first) != LEAD_CELL:
        return 1, Why(NO_PROOF_LEAD, side, icons, mine=facing, faces=facing, cells=(first,), edge=seam,
                      spare=_has_spare(spare, facing))
    remaining = Counter(icons)
    remaining[joined[seam]] -= 1
    chain = [first]  # the cards whose chain runs through ``first``
    found: Counter[str] = Counter()
    for cell in chain:
        for (a, b), code in joined.items():
            other = b if a == cell else a if b == cell else None
            if other is not None and parent.get(other) == cell:
                found[code] += 1
                chain.append(other)
    for code, count in remaining.items():
        if count > 0 and found[code] < count:
            return _extend_problem(cards, cells, joined, set(parent), chain, side, icons, code, spare)
    return None


def _has_spare(spare: Mapping[str, int], code: str) -> bool:
    """Whether the player holds a proof of ``code`` (or a Universal one) not yet on the desk."""
    return spare.get(code, 0) > 0 or spare.get(UNIVERSAL, 0) > 0


def _common(cards: CaseCards, cells: Mapping[Cell, str], a: Cell, b: Cell) -> str | None:
    """The symbol two touching threads both show on their facing edges, or None."""
    side = _side_between(a, b)
    mine = cards.thread(cells[a]).edges[side]
    return mine if mine is not None and mine == cards.thread(cells[b]).edges[OPPOSITE[side]] else None


def _extend_problem(cards: CaseCards, cells: Mapping[Cell, str], joined: Mapping[Edge, str], linked: set,
                    chain: list[Cell], side: int, icons: tuple[str, ...], code: str,
                    spare: Mapping[str, int]) -> tuple[int, Why]:
    """A side's chain lacks a ``code`` connection: the seam of a chain card showing ``code`` that
    touches a card aside and matches it without a proof; else a card aside that would give that
    connection once a proof joins it to the chain (the one proof missing, which and where); else a
    chain card's ``code`` edge facing a card that does not match; else what the chain needs."""
    for cell in chain:
        for d in range(4):
            other = (cell[0] + DX[d], cell[1] + DY[d])
            if other in cells and other not in linked and _common(cards, cells, cell, other) == code:
                return 1, Why(NO_PROOF_CARD, side, icons, mine=code, faces=code, cells=(other,),
                              edge=edge_key(cell, other), spare=_has_spare(spare, code))
    bridge = _bridge(cards, cells, joined, linked, chain, code)
    if bridge is not None:
        then, seam, near, far, link = bridge
        return 1, Why(BRIDGE, side, (code,), mine=link, cells=(near,) if far == near else (near, far), edge=seam,
                      then=then, spare=_has_spare(spare, link))
    for cell in chain:
        for d in range(4):
            other = (cell[0] + DX[d], cell[1] + DY[d])
            if other not in cells or other in linked:
                continue
            mine = cards.thread(cells[cell]).edges[d]
            theirs = cards.thread(cells[other]).edges[OPPOSITE[d]]
            if code in (mine, theirs) and mine != theirs:
                return 1, Why(FACES_CARD, side, (code,), mine=theirs, faces=mine, cells=(other,),
                              edge=edge_key(cell, other))
    free = [(c, d) for c in chain for d in range(4) if cards.thread(cells[c]).edges[d] is not None
            and _open(cells, (c[0] + DX[d], c[1] + DY[d]))]
    with_code = [(c, d) for c, d in free if cards.thread(cells[c]).edges[d] == code]
    if with_code:
        return 2, Why(NEEDS_MORE, side, (code,), mine=code, cells=(with_code[0][0],))
    if free:  # grow the chain from another symbol with a thread that also shows ``code``
        cell, d = free[0]
        return 2, Why(NEEDS_MORE, side, (code,), faces=cards.thread(cells[cell]).edges[d], cells=(cell,))
    return 2, Why(NEEDS_MORE, side, (code,), cells=tuple(chain))


def _open(cells: Mapping[Cell, str], cell: Cell) -> bool:
    """An empty cell of the desk where a thread may be laid."""
    return cell not in cells and cell != LEAD_CELL and in_grid(cell)


def _bridge(cards: CaseCards, cells: Mapping[Cell, str], joined: Mapping[Edge, str], linked: set,
            chain: list[Cell], code: str):
    """A card aside, touching the chain on a matching seam with no proof, whose group (the cards
    aside joined to it by proofs) already holds a ``code`` connection, or a matching ``code`` seam
    without a proof, or a free ``code`` edge: (what it offers, the seam, the card aside, the card
    offering it, the seam's symbol); the best such, or None."""
    best = None
    rank = {MADE: 0, SEAM: 1, EDGE: 2}
    for cell in chain:
        for d in range(4):
            near = (cell[0] + DX[d], cell[1] + DY[d])
            if near not in cells or near in linked:
                continue
            link = _common(cards, cells, cell, near)
            if link is None:
                continue
            group = [near]  # the cards aside joined to ``near`` by proofs
            for g in group:
                for (a, b) in joined:
                    other = b if a == g else a if b == g else None
                    if other is not None and other not in group and other not in linked:
                        group.append(other)
            for far in group:
                offer = _offer(cards, cells, joined, linked, group, far, code)
                if offer is not None and (best is None or rank[offer] < rank[best[0]]):
                    best = (offer, edge_key(cell, near), near, far, link)
    return best


def _offer(cards: CaseCards, cells: Mapping[Cell, str], joined: Mapping[Edge, str], linked: set,
           group: list[Cell], far: Cell, code: str) -> str | None:
    """What the card aside ``far`` offers toward a ``code`` connection (MADE, SEAM, EDGE), or None."""
    offers = []
    for d in range(4):
        if cards.thread(cells[far]).edges[d] != code:
            continue
        other = (far[0] + DX[d], far[1] + DY[d])
        seam = edge_key(far, other)
        if seam in joined and joined[seam] == code:
            offers.append(MADE)
        elif other in cells and other not in linked and _common(cards, cells, far, other) == code:
            offers.append(SEAM)
        elif _open(cells, other):
            offers.append(EDGE)
    return min(offers, key=(MADE, SEAM, EDGE).index) if offers else None


def _loop(parent: Mapping[Cell, Cell | None], a: Cell, b: Cell) -> Why:
    path = loop_path(parent, a, b)
    return Why(LOOP, cells=tuple(c for c in path if c != LEAD_CELL), edge=edge_key(a, b))
