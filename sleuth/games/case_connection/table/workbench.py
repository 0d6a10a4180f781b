"""Case Connection desk: your private layout of threads and proofs around your lead.

``Layout`` is one player's arrangement (the engine sees it only when they reconstruct), with its
undo history and where the desk is scrolled; ``Feedback`` is what the desk says about it.
``WorkbenchMixin`` gives ``CaseTable`` the live marks (every seam between two cards: connected,
matching but without a proof, not matching), the lead's icons, the verdict (``verdict.judge``:
only the cards joined to the lead by proofs are the reconstruction, the rest lies aside) and the
moves that edit the desk: placing and lifting items anywhere, at any time (the rulebook: adjust
your cards and tokens at any time, even when it is not your turn), Undo (Ctrl+Z), Clear, the
two-step Hint (``advice`` first, then the engine's solver layout, placed with animation),
scrolling, and Reconstruct. The items of a visit being made (``picks``) lie on the desk too, where
they were dropped, until the take is sent. Words are in ``words.py``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.cards import DX, DY, OPPOSITE, UNIVERSAL, Lead
from sleuth.games.case_connection.grid import LEAD_CELL, Reconstruction, solve
from sleuth.games.case_connection.table.advice import Advice, advise
from sleuth.games.case_connection.table.layout import (
    Cell,
    Edge,
    clamp_origin,
    edge_key,
    in_grid,
    neighbours,
    side_towards,
)
from sleuth.games.case_connection.table.verdict import judge
from sleuth.games.case_connection.table.words import (
    CANNOT_CONNECT,
    CELL_TAKEN,
    DROP_ON_THE_WORKBENCH,
    EDGE_TAKEN,
    NO_LEAD_TO_RECONSTRUCT,
    NOTHING_TO_UNDO,
    PROOFS_ON_EDGES,
    THREADS_ON_CELLS,
    TOO_WIDE,
)

# seam feedback kinds
CONNECTED, NO_MATCH, MISSING, WRONG = "connected", "no match", "missing", "wrong proof"
HISTORY = 100  # the placements Undo remembers
KEPT_HISTORY = 30  # ... and keeps through Save and quit


@dataclass
class Layout:
    """One player's arrangement (the engine sees it only when they reconstruct)."""

    lead: str | None = None
    cells: dict[Cell, str] = field(default_factory=dict)  # cell -> thread id
    edges: dict[Edge, int] = field(default_factory=dict)  # seam -> proof token id
    origin: Cell | None = None  # the top-left cell in view (None: around the lead)
    history: list = field(default_factory=list)  # ("layout", cells, edges) or ("pick", sprite key)

    def cell_of(self, tid: str) -> Cell | None:
        return next((c for c, t in self.cells.items() if t == tid), None)

    def edge_of(self, token: int) -> Edge | None:
        return next((e for e, t in self.edges.items() if t == token), None)

    def clear(self) -> None:
        self.cells.clear()
        self.edges.clear()

    def remember(self) -> None:
        self.history.append(("layout", dict(self.cells), dict(self.edges)))
        del self.history[:-HISTORY]


@dataclass(frozen=True)
class Feedback:
    """What the desk says: per seam, per lead icon, and the verdict.

    ``verdict`` is a ``Reconstruction`` when the engine accepts the cards joined to the lead, else
    the sentence that says why; ``focus`` is what that sentence is about, outlined on the desk
    (the cells it names and the seam), from the same reading that wrote the sentence."""

    edges: dict  # seam -> (kind, words)
    icons: list  # (side, symbol, status, words); status "direct" | "indirect" | "missing"
    verdict: Reconstruction | str | None
    action: R.Reconstruct | None
    focus: tuple[tuple[Cell, ...], Edge | None] = ((), None)


class WorkbenchMixin:
    """The viewer's desk and its verdict; mixed into ``CaseTable`` (uses its ``obs``, ``viewer``, ``layouts``,
    ``picks``, ``kind_of``, ``held``, ``cards`` and ``scene``)."""

    def layout(self) -> Layout | None:
        if self.viewer is None:
            return None
        return self.layouts.setdefault(self.viewer, Layout())

    # -- kept with a suspended game --------------------------------------------------------
    def table_notes(self) -> dict[str, object]:
        """Each player's desk: the threads on its cells and the kinds of proof on its seams (a
        proof token's id is the table's own; its kind is what the desk needs again). Save and
        quit, then Continue, had put every laid thread back under "not laid out". The last
        placements Undo takes back are kept the same way (Undo had nothing to undo after
        Continue); where the desk is scrolled is not kept: it opens around the lead."""
        out: dict[str, object] = {}
        for seat, layout in sorted(self.layouts.items()):
            undo = [self._desk_words(cells, edges) for entry in layout.history[-KEPT_HISTORY:]
                    if entry[0] == "layout" for cells, edges in [entry[1:]]]
            if layout.cells or layout.edges or undo:
                out[str(seat)] = {"lead": layout.lead, **self._desk_words(layout.cells, layout.edges)}
                if undo:  # what Undo takes back after Continue too (it had nothing to undo)
                    out[str(seat)]["undo"] = undo
        return out

    def _desk_words(self, cells: dict, edges: dict) -> dict[str, list]:
        """A desk as a save file keeps it: threads by cell, the kind of proof on each seam."""
        return {"cells": [[row, col, tid] for (row, col), tid in sorted(cells.items())],
                "edges": [[*a, *b, self.kind_of[token]] for (a, b), token in sorted(edges.items())
                          if token in self.kind_of]}

    def _desk_from_words(self, seat: int, data: dict) -> tuple[dict, dict]:
        """A kept desk's cells and seams, each seam's proof one of the seat's own of its kind."""
        cells = {(int(row), int(col)): str(tid) for row, col, tid in data["cells"]}
        free = {code: list(ids) for code, ids in self.held[seat].items()}
        edges = {}
        for r1, c1, r2, c2, kind in data["edges"]:
            if free.get(kind):  # the seat's proofs of that kind, one each
                edges[((int(r1), int(c1)), (int(r2), int(c2)))] = free[kind].pop(0)
        return cells, edges

    def restore_table_notes(self, notes: dict[str, object]) -> None:
        for seat_text, data in notes.items():
            try:
                seat = int(seat_text)
                if not 0 <= seat < self.obs.players:
                    continue
                lead = data["lead"]
                cells, edges = self._desk_from_words(seat, data)
            except (TypeError, KeyError, ValueError, AttributeError):
                continue  # a damaged note: that desk starts empty
            history = []
            for kept in data.get("undo", []) if isinstance(data.get("undo"), list) else []:
                try:
                    history.append(("layout", *self._desk_from_words(seat, kept)))
                except (TypeError, KeyError, ValueError, AttributeError):
                    continue  # a damaged step: Undo goes on without it
            self.layouts[seat] = Layout(lead=lead if isinstance(lead, str) else None, cells=cells, edges=edges,
                                        history=history)
        self._reconcile(self.obs)  # what no longer fits the game (another lead, a thread gone) is dropped
        self._relayout()

    # -- the desk: your layout and the items of a visit being made ---------------------------
    def desk_cells(self) -> dict[Cell, str]:
        """Threads on the desk: yours, and those of a visit being made (not yet taken)."""
        layout = self.layout()
        out = dict(layout.cells) if layout is not None else {}
        for kind, item, _loc, target in self.picks:
            if kind == "thread" and target is not None and target[0] == "cell":
                out[target[1]] = item
        return out

    def desk_edges(self) -> dict[Edge, int]:
        """Proofs on the desk's seams (token ids): yours, and those of a visit being made."""
        layout = self.layout()
        out = dict(layout.edges) if layout is not None else {}
        for kind, item, _loc, target in self.picks:
            if kind == "tok" and target is not None and target[0] == "edge":
                out[target[1]] = item
        return out

    def _occupied(self) -> set[Cell]:
        if self.layout() is None:
            return set()
        lead = self.obs.leads[self.viewer]
        return set(self.desk_cells()) | ({LEAD_CELL} if lead is not None else set())

    def _lead(self) -> Lead | None:
        lid = self.obs.leads[self.viewer] if self.obs is not None and self.viewer is not None else None
        return self.cards.lead(lid) if lid is not None else None

    # -- the desk's verdict -----------------------------------------------------------------
    def desk_sig(self) -> tuple:
        """What lies on your desk now (cards, proofs by kind, a visit's items on it)."""
        layout = self.layout()
        if layout is None:
            return ()
        return (tuple(sorted(layout.cells.items())), tuple(sorted((e, self.kind_of[t]) for e, t in layout.edges.items())),
                tuple(self.picks))

    def focus_shown(self) -> bool:
        """The red outline of what the desk's message speaks of: on your turn, and between turns
        after your own move on the desk; the next move of another player takes it away (it had
        stayed on through the others' turns)."""
        return self.my_turn() or self.desk_sig() != self._quiet_desk

    def feedback(self) -> Feedback | None:
        """The desk's verdict on the layout; none once the game is over (the finished table kept
        "Not yet: ..." and its red target cell under the results)."""
        me, obs = self.viewer, self.obs
        if me is None or obs is None or obs.outcome is not None:
            return None
        layout = self.layout()
        sig = (me, obs.leads[me], self.desk_sig(), obs.threads[me], obs.proofs[me])
        if self._feedback is not None and self._feedback_sig == sig:
            return self._feedback
        self._feedback_sig = sig
        self._feedback = self._compute_feedback(obs, me, layout)
        return self._feedback

    def _symbols_at(self, cells: dict, lead: Lead | None, cell: Cell, side: int) -> tuple[str, ...]:
        if cell == LEAD_CELL:
            return lead.sides[side] if lead is not None else ()
        edge = self.cards.thread(cells[cell]).edges[side]
        return (edge,) if edge is not None else ()

    def _seam_marks(self, lead: Lead | None) -> dict:
        """Every seam between two cards on the desk: connected, wrong proof, proof missing or no match."""
        cells = self.desk_cells()
        tokens = self.desk_edges()
        occupied = set(cells) | ({LEAD_CELL} if lead is not None else set())
        out: dict = {}
        for a in sorted(occupied):
            for b in neighbours(a):
                if b not in occupied or b < a:
                    continue
                e = edge_key(a, b)
                side = side_towards(e[0], e[1])
                sa = self._symbols_at(cells, lead, e[0], side)
                sb = self._symbols_at(cells, lead, e[1], OPPOSITE[side])
                common = [s for s in sa if s in sb]
                token = tokens.get(e)
                kind = self.kind_of[token] if token is not None else None
                if kind is not None and common and (kind == UNIVERSAL or kind in common):
                    out[e] = (CONNECTED, self._connected_words(common[0] if kind == UNIVERSAL else kind, kind))
                elif kind is not None:
                    out[e] = (WRONG, self._wrong_proof_words(kind, self._shows(e[0], side, sa),
                                                             self._shows(e[1], OPPOSITE[side], sb)))
                elif common:
                    out[e] = (MISSING, self._missing_proof_words(common))
                else:
                    out[e] = (NO_MATCH, self._no_match_words(self._shows(e[0], side, sa),
                                                             self._shows(e[1], OPPOSITE[side], sb)))
        return out

    def _icon_status(self, lead: Lead, layout: Layout) -> list:
        """Each lead icon: connected directly, further along its side's chain, or not yet."""
        links: dict[Cell, list[tuple[Cell, str]]] = {}
        for e, token in layout.edges.items():
            side = side_towards(e[0], e[1])
            cells = layout.cells
            if any(c != LEAD_CELL and c not in cells for c in e):
                continue
            common = [s for s in self._symbols_at(cells, lead, e[0], side)
                      if s in self._symbols_at(cells, lead, e[1], OPPOSITE[side])]
            kind = self.kind_of[token]
            if common and (kind == UNIVERSAL or kind in common):
                link = common[0] if kind == UNIVERSAL else kind
                links.setdefault(e[0], []).append((e[1], link))
                links.setdefault(e[1], []).append((e[0], link))
        parent: dict[Cell, Cell | None] = {LEAD_CELL: None}
        order = [LEAD_CELL]
        for cell in order:
            for nxt, _ in links.get(cell, ()):
                if nxt not in parent:
                    parent[nxt] = cell
                    order.append(nxt)
        icons = []
        for side, sym_list in enumerate(lead.sides):
            if not sym_list:
                continue
            first = (DX[side], DY[side])
            direct = next((link for nxt, link in links.get(LEAD_CELL, ()) if nxt == first), None)
            beyond: Counter[str] = Counter()
            if direct is not None:
                stack = [first]
                while stack:
                    cell = stack.pop()
                    for nxt, link in links.get(cell, ()):
                        if parent.get(nxt) == cell:
                            beyond[link] += 1
                            stack.append(nxt)
            used_direct = False
            for code in sym_list:
                if direct == code and not used_direct:
                    used_direct = True
                    status = "direct"
                elif direct is not None and beyond[code] > 0:
                    beyond[code] -= 1
                    status = "indirect"
                else:
                    status = "missing"
                # a second icon of a side whose first thread is joined: it needs a connection beyond
                # that thread ("not connected" let the player look for a thread at the lead's edge)
                told = "beyond" if status == "missing" and direct is not None else status
                icons.append((side, code, status, self._icon_words(code, side, told)))
        return icons

    def _compute_feedback(self, obs, me: int, layout: Layout) -> Feedback:
        lead = self._lead()
        edges = self._seam_marks(lead)
        if lead is None:
            return Feedback(edges, [], None, None)
        held = dict(zip(obs.proof_kinds, obs.proofs[me], strict=True))
        codes = {e: self.kind_of[t] for e, t in layout.edges.items()}
        verdict = judge(self.cards, lead, layout.cells, codes, obs.threads[me], held)
        icons = self._icon_status(lead, layout)
        if verdict.why is None:
            result = Reconstruction(verdict.direct, tuple(t for t, _, _ in verdict.placements),
                                    tuple(p[4] for p in verdict.proofs))
            return Feedback(edges, icons, result, R.Reconstruct(verdict.placements, verdict.proofs))
        why = verdict.why
        focus = (tuple(c for c in why.cells if in_grid(c)), why.edge)
        return Feedback(edges, icons, self._why_words(why), None, focus)

    def may_reconstruct(self) -> bool:
        fb = self.feedback()
        return (fb is not None and fb.action is not None and self.my_turn() and self.obs.phase == R.PHASE_PLAY
                and not self.busy)

    # -- placing and lifting your items -------------------------------------------------------
    def _token_fits(self, code: str, edge: Edge) -> str | None:
        """None when a ``code`` proof connects across ``edge`` (as the desk lies now), else why not."""
        cells = self.desk_cells()
        lead = self._lead()
        side = side_towards(edge[0], edge[1])
        sa = self._symbols_at(cells, lead, edge[0], side)
        sb = self._symbols_at(cells, lead, edge[1], OPPOSITE[side])
        common = [s for s in sa if s in sb]
        if not common:
            return CANNOT_CONNECT
        if code != UNIVERSAL and code not in common:
            return self._wrong_kind_words(code, common)
        return None

    def _cell_free(self, cell: Cell, moving: str | None = None) -> bool:
        """An empty cell of the desk (or the one the card being moved lies on)."""
        if not in_grid(cell) or cell == LEAD_CELL:
            return False
        here = self.desk_cells().get(cell)
        return here is None or here == moving

    def _seam_free(self, edge: Edge, token: int | None = None) -> str | None:
        """None when a proof may lie on ``edge``: two cards touch there and no other proof is on it."""
        occupied = self._occupied()
        if edge[0] not in occupied or edge[1] not in occupied:
            return PROOFS_ON_EDGES
        here = self.desk_edges().get(edge)
        if here is not None and here != token:
            return EDGE_TAKEN
        return None

    def _place(self, key, target) -> str | None:
        """Move one of your items on the desk (your own layout; the engine is not asked)."""
        layout = self.layout()
        if target in ("tray", "take"):
            if key[0] == "thread":
                if layout.cell_of(key[1]) is not None:
                    layout.remember()
                    self._lift_card(layout, key[1])
            else:
                edge = layout.edge_of(key[1])
                if edge is not None:
                    layout.remember()
                    del layout.edges[edge]
            self.selected = None
            self._relayout()
            return None
        if not isinstance(target, tuple) or target[0] not in ("cell", "edge"):
            return DROP_ON_THE_WORKBENCH
        if key[0] == "thread":
            if target[0] != "cell":
                return THREADS_ON_CELLS
            cell = target[1]
            if not self._cell_free(cell, key[1]):
                return CELL_TAKEN
            if layout.cell_of(key[1]) == cell:
                self.selected = None
                self._relayout()
                return None
            layout.remember()
            self._lift_card(layout, key[1])
            layout.cells[cell] = key[1]
        else:
            if target[0] != "edge":
                return PROOFS_ON_EDGES
            edge = target[1]
            reason = self._seam_free(edge, key[1]) or self._token_fits(self.kind_of[key[1]], edge)
            if reason:
                return reason
            layout.remember()
            old = layout.edge_of(key[1])
            if old is not None:
                del layout.edges[old]
            layout.edges[edge] = key[1]
        self.selected = None
        self.scene.app.sound.play("slide")
        self._relayout()
        return None

    def _lift_card(self, layout: Layout, tid: str) -> None:
        """A card leaves its cell; the proofs on its seams go back to the tray."""
        cell = layout.cell_of(tid)
        if cell is None:
            return
        del layout.cells[cell]
        for edge in [e for e in layout.edges if cell in e]:
            del layout.edges[edge]

    def can_undo(self) -> bool:
        """Whether Undo has a placement to take back (it looked live and said "Nothing to undo.")."""
        layout = self.layout()
        if layout is None:
            return False
        picked = {p[:2] for p in self.picks}
        return any(entry[0] != "pick" or entry[1] in picked for entry in layout.history)

    def undo(self, quiet: bool = False) -> bool:
        """The desk's Undo and Ctrl+Z: take back the last placement (a card or proof moved, the
        hint's layout, Clear, or the first item of a visit being made). False when there was none
        (the button then says so; Ctrl+Z, ``quiet``, goes on to take back the last move)."""
        layout = self.layout()
        if layout is None:
            return False
        while layout.history:
            entry = layout.history.pop()
            if entry[0] == "pick":
                if any(p[:2] == entry[1] for p in self.picks):
                    self.picks = [p for p in self.picks if p[:2] != entry[1]]
                    if not self.picks:
                        self.visiting = None
                    break
                continue
            _, cells, edges = entry
            hand = set(self.obs.threads[self.viewer])
            tokens = {t for ids in self.held[self.viewer].values() for t in ids}
            layout.cells = {c: t for c, t in cells.items() if t in hand}
            occupied = set(layout.cells) | {LEAD_CELL}
            layout.edges = {e: t for e, t in edges.items() if t in tokens and e[0] in occupied and e[1] in occupied}
            break
        else:
            if not quiet:
                self.scene.app.toast(NOTHING_TO_UNDO)
            return False
        self.selected = None
        self.scene.app.sound.play("slide")
        self._relayout()
        return True

    def pan(self, dx: int, dy: int) -> None:
        """Scroll the desk by whole cells (the cards stay where they lie on it)."""
        layout = self.layout()
        if layout is None:
            return
        origin = clamp_origin((self.desk_origin()[0] + dx, self.desk_origin()[1] + dy))
        if origin != self.desk_origin():
            layout.origin = origin
            self._relayout(instant=True)

    def can_pan(self, dx: int, dy: int) -> bool:
        x0, y0 = self.desk_origin()
        return clamp_origin((x0 + dx, y0 + dy)) != (x0, y0)

    # -- buttons ----------------------------------------------------------------------------
    def hint_context(self) -> object:
        """The desk as laid out: the coach's hint stayed through four drags and a desk Hint."""
        layout = self.layout() if self.obs is not None and self.viewer is not None else None
        if layout is None:
            return None
        return (tuple(sorted(layout.cells.items())), tuple(sorted(layout.edges.items())))

    def _hint_sig(self) -> tuple:
        obs, me = self.obs, self.viewer
        layout = self.layout()
        return (obs.leads[me], obs.threads[me], obs.proofs[me], obs.locations, tuple(sorted(layout.cells.items())),
                tuple(sorted(layout.edges.items())))

    def hint_button(self) -> None:
        """Hint, in two steps: first what your items lack and where it lies; pressed again (with
        nothing changed meanwhile), the engine's layout of your items, placed with animation."""
        me, obs = self.viewer, self.obs
        if me is None or obs is None:
            return
        if obs.leads[me] is None:
            self.scene.app.toast(NO_LEAD_TO_RECONSTRUCT)
            return
        if self.hint_step == 1 and self.hint_sig == self._hint_sig():
            self.hint_step = 2
            self.hint()
            return
        advice = self.advice()
        self.hint_step = 1
        self.hint_sig = self._hint_sig()
        self.hint_note = self._advice_words(advice)
        self.hint_marks = self._advice_marks(advice)
        self.scene.app.sound.play("click")
        self._relayout()

    def advice(self) -> Advice:
        obs, me = self.obs, self.viewer
        held = dict(zip(obs.proof_kinds, obs.proofs[me], strict=True))
        seen = {t for hand in obs.threads for t in hand} | {t for spaces, _ in obs.locations for t in spaces if t}
        unseen = [t.id for t in self.cards.threads if t.id not in seen]
        return advise(self.cards, self._lead(), obs.threads[me], held, obs.locations, unseen)

    def _advice_marks(self, advice: Advice) -> set:
        """The location items the advice names, to light up."""
        marks = set()
        for need in advice.needs:
            if need.location is None or need.item is None:
                continue
            if need.kind == "thread":
                marks.add(("thread", need.item))
            else:
                token = next((t for t in self.at_loc[need.location] if t is not None
                              and self.kind_of[t] == need.item and ("tok", t) not in marks), None)
                if token is not None:
                    marks.add(("tok", token))
        return marks

    def hint_showing(self) -> bool:
        return bool(self.hint_note) and self.hint_sig == self._hint_sig()

    def hint(self) -> None:
        """Lay out the engine's solver arrangement from your items (with animation), or say that
        none exists."""
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
            self.hint_note = self._advice_words(self.advice())
            self.hint_sig = self._hint_sig()
            self._rebuild_widgets()
            return
        placed, tokens = found
        if not all(in_grid((x, y)) for _, x, y in placed):
            self.scene.app.toast(TOO_WIDE)
            return
        layout = self.layout()
        layout.remember()
        layout.clear()
        self.picks = [p[:3] + (None,) for p in self.picks]  # a visit being made waits in the staging row
        for tid, x, y in placed:
            layout.cells[(x, y)] = tid
        free = {code: list(ids) for code, ids in self.held[me].items()}
        for x1, y1, x2, y2, code in tokens:
            layout.edges[edge_key((x1, y1), (x2, y2))] = free[code].pop(0)
        layout.origin = None
        self.hint_note = ""
        self.hint_marks = set()
        self.selected = None
        self.scene.app.sound.play("slide")
        order = sorted(layout.cells.items(), key=lambda item: abs(item[0][0]) + abs(item[0][1]))
        moves = {("thread", tid): k * 0.09 for k, (_, tid) in enumerate(order)}
        last = len(order) * 0.09
        for k, token in enumerate(layout.edges.values()):
            moves[("tok", token)] = last + k * 0.06
        self._relayout(moves=moves)

    def clear_layout(self) -> None:
        layout = self.layout()
        if layout is not None:
            if layout.cells or layout.edges:
                layout.remember()
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
