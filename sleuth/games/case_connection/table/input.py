"""Case Connection input: what the viewer may touch, and what drags and clicks do.

``TableInput`` gives ``CaseTable`` who may drag or click which sprite, the board's drop areas and
legal targets, taking 2 items from a location (one ``take`` action with both), clicks on sprites
and locations, the keep-2 choice after a reconstruction, and mouse handling (right-click cancels;
click an item of yours, then a cell or edge, to place it). Why a take or a visit is refused is
said in ``words.py``.
"""

from __future__ import annotations

from collections import Counter

import pygame

from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.grid import LEAD_CELL
from sleuth.games.case_connection.table.layout import TRAY, VIEW_AREA, Edge, neighbours
from sleuth.games.case_connection.table.words import (
    ALREADY_VISITED,
    NOT_AT_A_LOCATION,
    TAKE_BY_CLICKING,
    TAKE_ON_YOUR_TURN,
    VISIT_ON_YOUR_TURN,
)
from sleuth.ui.board import CardSprite
from sleuth.ui.widgets import inside
from sleuth.ui.zones import DropArea


class TableInput:
    """Dragging, clicking and taking; mixed into ``CaseTable`` (uses its ``obs``, ``viewer``, ``board``,
    ``scene``, ``widgets`` and the pick and selection state set up in its ``__init__``)."""

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

    # -- drop areas and targets -------------------------------------------------------------
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

    def _on_drop(self, sprite: CardSprite, target) -> str | None:
        key = sprite.key
        if target == "take" and not self._is_mine(key):
            return self._pick(key)
        if not self._is_mine(key):
            return TAKE_BY_CLICKING
        return self._place(key, target)

    # -- taking from a location ---------------------------------------------------------------
    def _pick(self, key) -> str | None:
        loc = self._at_location(key)
        if loc is None:
            return NOT_AT_A_LOCATION
        if not self._takes():
            if self.obs.taken:
                return ALREADY_VISITED
            return TAKE_ON_YOUR_TURN
        if any(p[:2] == key for p in self.picks):
            self.picks = [p for p in self.picks if p[:2] != key]
            self._relayout()
            return None
        if self.picks and self.picks[0][2] != loc:
            self.picks = []
            self.scene.app.toast(self._now_visiting(loc))
        if not self._pickable(key):
            return self._cannot_be_visited(loc)
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
        if not takes:
            if not self.my_turn():
                self.scene.app.toast(VISIT_ON_YOUR_TURN)
            elif self.obs.taken:
                self.scene.app.toast(ALREADY_VISITED)
            else:
                self.scene.app.toast(self._too_few_to_visit(loc))
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
