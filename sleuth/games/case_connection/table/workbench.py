"""Case Connection workbench: your private layout of threads and proofs around your lead.

``Layout`` is one player's arrangement (the engine sees it only when they reconstruct) and
``Feedback`` what the workbench says about it. ``WorkbenchMixin`` gives ``CaseTable`` the live
verdict (per edge, per lead icon, and the engine's validator) and the moves that edit the layout:
placing and lifting items, Hint (the engine's solver), Clear and Reconstruct. Its words (each
edge's and icon's verdict, why a move is refused) are in ``words.py``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.cards import DX, DY, OPPOSITE, UNIVERSAL, Lead
from sleuth.games.case_connection.grid import LEAD_CELL, Problem, Reconstruction, check, solve
from sleuth.games.case_connection.table.layout import Cell, Edge, edge_key, in_grid, neighbours, side_towards
from sleuth.games.case_connection.table.words import (
    CANNOT_CONNECT,
    CELL_TAKEN,
    DROP_ON_THE_WORKBENCH,
    EDGE_TAKEN,
    NEXT_TO_A_CARD,
    NO_LEAD_TO_RECONSTRUCT,
    PROOFS_ON_EDGES,
    THREADS_ON_CELLS,
    TOO_WIDE,
)

# edge feedback kinds
CONNECTED, NO_MATCH, MISSING, WRONG = "connected", "no match", "missing", "wrong proof"


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
    """What the workbench says about a layout: per edge, per lead icon, and the engine's verdict.

    ``focus`` is what the verdict's sentence is about, to be pointed at on the grid: the cells it
    names and the edge (seam) it names, from the same check that wrote the sentence."""

    edges: dict  # edge -> (kind, words)
    icons: list  # (side, symbol, status, words); status "direct" | "indirect" | "missing"
    verdict: Reconstruction | str | None
    action: R.Reconstruct | None
    focus: tuple[tuple[Cell, ...], Edge | None] = ((), None)


class WorkbenchMixin:
    """The viewer's layout and its verdict; mixed into ``CaseTable`` (uses its ``obs``, ``viewer``, ``layouts``,
    ``kind_of``, ``held``, ``cards`` and ``scene``)."""

    def layout(self) -> Layout | None:
        if self.viewer is None:
            return None
        return self.layouts.setdefault(self.viewer, Layout())

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
                if kind is not None and common and (kind == UNIVERSAL or kind in common):
                    link = common[0] if kind == UNIVERSAL else kind
                    edges[e] = (CONNECTED, self._connected_words(link, kind))
                    links[e[0]].append((e[1], link))
                    links[e[1]].append((e[0], link))
                elif kind is not None:
                    edges[e] = (WRONG, self._wrong_proof_words(kind, self._shows(e[0], side, sa),
                                                               self._shows(e[1], OPPOSITE[side], sb)))
                elif common:
                    edges[e] = (MISSING, self._missing_proof_words(common))
                else:
                    edges[e] = (NO_MATCH, self._no_match_words(self._shows(e[0], side, sa),
                                                               self._shows(e[1], OPPOSITE[side], sb)))
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
                        icons.append((side, code, "direct", self._icon_words(code, side, "direct")))
                    elif direct is not None and beyond[code] > 0:
                        beyond[code] -= 1
                        icons.append((side, code, "indirect", self._icon_words(code, side, "indirect")))
                    else:
                        icons.append((side, code, "missing", self._icon_words(code, side, "missing")))
        verdict = None
        action = None
        focus: tuple = ((), None)
        if lead is not None:
            placements = tuple(sorted((tid, c[0], c[1]) for c, tid in layout.cells.items()))
            proofs = tuple(sorted((e[0][0], e[0][1], e[1][0], e[1][1], self.kind_of[t]) for e, t in layout.edges.items()))
            held = dict(zip(obs.proof_kinds, obs.proofs[me], strict=True))
            result = check(self.cards, lead, obs.threads[me], held, placements, proofs)
            if isinstance(result, Problem):
                verdict = result.text
                edge = edge_key(*result.edge) if result.edge is not None else None
                focus = (tuple(c for c in result.cells if in_grid(c)), edge if edge in edges else None)
            else:
                verdict = result
                action = R.Reconstruct(placements, proofs)
        return Feedback(edges, icons, verdict, action, focus)

    def may_reconstruct(self) -> bool:
        fb = self.feedback()
        return (fb is not None and fb.action is not None and self.my_turn() and self.obs.phase == R.PHASE_PLAY
                and not self.busy)

    # -- placing and lifting items -----------------------------------------------------------
    def _occupied(self) -> set[Cell]:
        layout = self.layout()
        if layout is None:
            return set()
        lead = self.obs.leads[self.viewer]
        return set(layout.cells) | ({LEAD_CELL} if lead is not None else set())

    def _token_fits(self, code: str, edge: Edge) -> str | None:
        """None when a ``code`` proof connects across ``edge``, else why not."""
        layout = self.layout()
        lead = self.cards.lead(self.obs.leads[self.viewer]) if self.obs.leads[self.viewer] else None
        side = side_towards(edge[0], edge[1])
        sa = self._symbols_at(layout, lead, edge[0], side)
        sb = self._symbols_at(layout, lead, edge[1], OPPOSITE[side])
        common = [s for s in sa if s in sb]
        if not common:
            return CANNOT_CONNECT
        if code != UNIVERSAL and code not in common:
            return self._wrong_kind_words(code, common)
        return None

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
            return DROP_ON_THE_WORKBENCH
        if key[0] == "thread":
            if target[0] != "cell":
                return THREADS_ON_CELLS
            cell = target[1]
            if cell == LEAD_CELL or cell in self._occupied():
                return CELL_TAKEN
            here = layout.cell_of(key[1])
            near = (self._occupied() | {LEAD_CELL}) - ({here} if here else set())
            if not any(n in near for n in neighbours(cell)):
                return NEXT_TO_A_CARD
            self._lift_card(layout, key[1])
            layout.cells[cell] = key[1]
        else:
            if target[0] != "edge":
                return PROOFS_ON_EDGES
            edge = target[1]
            if edge in layout.edges:
                return EDGE_TAKEN
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

    # -- buttons ----------------------------------------------------------------------------
    def hint(self) -> None:
        """Lay out the engine's solver arrangement from your items, or say that none exists."""
        me, obs = self.viewer, self.obs
        if me is None or obs is None:
            return
        lid = obs.leads[me]
        if lid is None:
            self.scene.app.toast(NO_LEAD_TO_RECONSTRUCT)
            return
        held = dict(zip(obs.proof_kinds, obs.proofs[me], strict=True))
        found = solve(self.cards, self.cards.lead(lid), obs.threads[me], held)
        if found is None:
            self.scene.app.toast(self._no_arrangement_toast(lid))
            self.hint_note = self._no_arrangement_note(lid)
            self._rebuild_widgets()
            return
        placed, tokens = found
        if not all(in_grid((x, y)) for _, x, y in placed):
            self.scene.app.toast(TOO_WIDE)
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
