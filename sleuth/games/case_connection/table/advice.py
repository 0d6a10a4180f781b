"""Case Connection hint, first step: what your items lack for your lead, and where it lies now.

A hint in two steps teaches more than a finished layout: first what is missing ("one more Witness
thread and a Cyber proof; The Docks has both"), and only on a second press the engine's layout.
``advise`` asks the engine's solver (``grid.solve``) the questions a player would: do my items
already do it; would one item from a location; two from one location (one visit); two from two
locations; and, failing those, items not out on the table now (any proof of a kind, a thread like
those still unseen). The first answer found is the advice; each thread is named by the symbol that
connects it in the solver's layout. When nothing that small helps, ``Advice.short`` says what the
lead plainly lacks (a thread for a side, proofs of a kind). Pure: no pygame, no sentences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from sleuth.games.case_connection.cards import DX, DY, OPPOSITE, UNIVERSAL, CaseCards, Lead
from sleuth.games.case_connection.grid import solve


@dataclass(frozen=True)
class Need:
    """One item to add: a thread (named by the symbol it would connect with) or a proof."""

    kind: str  # "thread" or "proof"
    symbol: str
    location: int | None  # where it lies now; None: not out at any location
    item: str | None  # the thread id or proof code at that location (None when not on the table)


@dataclass(frozen=True)
class Advice:
    ready: bool  # your items already reconstruct the lead
    needs: tuple[Need, ...] = ()  # the smallest addition found (empty when ready or none found)
    short: tuple[tuple[str, str, int], ...] = ()  # plainly lacking: ("thread", symbol, side) / ("proof", symbol, n)


Candidate = tuple[str, str, int | None]  # ("t", thread id, location) / ("p", proof code, location)


def advise(cards: CaseCards, lead: Lead, threads: Sequence[str], proofs: Mapping[str, int], locations: Sequence,
           unseen: Iterable[str] = ()) -> Advice:
    """``locations`` as in the observation: per location (thread spaces, proof spaces)."""
    held = list(threads)

    def works(extra: Sequence[Candidate]):
        more = Counter(x for k, x, _ in extra if k == "p")
        counts = {k: proofs.get(k, 0) + more[k] for k in cards.proof_kinds}
        return solve(cards, lead, held + [x for k, x, _ in extra if k == "t"], counts)

    if works(()) is not None:
        return Advice(True)
    table: list[Candidate] = []
    for loc, (spaces, tokens) in enumerate(locations):
        table += [("t", tid, loc) for tid in spaces if tid is not None]
        for code, n in sorted(Counter(c for c in tokens if c is not None).items()):
            table += [("p", code, loc)] * min(n, 2)
    singles = list(dict.fromkeys(table))
    for c in singles:
        if (found := works((c,))) is not None:
            return _advice(cards, (c,), found)
    pairs = list(dict.fromkeys(tuple(sorted(p)) for p in combinations(table, 2)
                               if p[0][0] == "p" or p[0] != p[1]))
    pairs.sort(key=lambda p: p[0][2] != p[1][2])  # one visit before two
    for pair in pairs:
        if (found := works(pair)) is not None:
            return _advice(cards, pair, found)
    generic: list[Candidate] = [("p", code, None) for code in cards.symbols]
    kinds_seen = set()
    for tid in sorted(unseen):
        t = cards.thread(tid)
        if (t.edges, t.bonus) not in kinds_seen:
            kinds_seen.add((t.edges, t.bonus))
            generic.append(("t", tid, None))
    for c in generic:
        if (found := works((c,))) is not None:
            return _advice(cards, (c,), found)
    for c in generic:
        for d in singles + [g for g in generic if g[0] == "p"]:
            if d != c or c[0] == "p":
                if (found := works((d, c))) is not None:
                    return _advice(cards, (d, c), found)
    return Advice(False, (), _shortfall(cards, lead, held, proofs))


def _advice(cards: CaseCards, extra: Sequence[Candidate], arrangement) -> Advice:
    placed, tokens = arrangement
    where = {tid: (x, y) for tid, x, y in placed}
    parent = {(x2, y2): (x1, y1) for x1, y1, x2, y2, _ in tokens}
    needs = []
    for kind, item, loc in extra:
        if kind == "p":
            needs.append(Need("proof", item, loc, item if loc is not None else None))
            continue
        cell = where.get(item)
        symbol = next((c for c in cards.thread(item).edges if c), "")
        if cell is not None and cell in parent:
            up = parent[cell]
            side = next(s for s in range(4) if (cell[0] + DX[s], cell[1] + DY[s]) == up)
            symbol = cards.thread(item).edges[side] or symbol
        needs.append(Need("thread", symbol, loc, item if loc is not None else None))
    return Advice(False, tuple(sorted(needs, key=lambda n: n.kind != "thread")))  # threads first, as players say


def _shortfall(cards: CaseCards, lead: Lead, threads: Sequence[str], proofs: Mapping[str, int]):
    """What the lead plainly lacks: a thread for a side none of yours can touch, proofs of a kind."""
    out: list[tuple[str, str, int]] = []
    for side, icons in enumerate(lead.sides):
        if icons and not any(cards.thread(t).edges[OPPOSITE[side]] in icons for t in threads):
            out.append(("thread", icons[0], side))
    spare = proofs.get(UNIVERSAL, 0)
    for code, n in sorted(Counter(c for icons in lead.sides for c in icons).items()):
        lack = n - proofs.get(code, 0)
        covered = min(spare, max(0, lack))
        spare -= covered
        if lack - covered > 0:
            out.append(("proof", code, lack - covered))
    return tuple(out)
