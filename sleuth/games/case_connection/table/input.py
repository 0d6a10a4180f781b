"""Case Connection input: what the viewer may touch, and what drags and clicks do.

``TableInput`` gives ``CaseTable`` who may drag or click which sprite, the board's drop areas and
legal targets, and taking 2 items from a location as one gesture: each item is dragged straight
to where it goes on your desk (a thread onto a cell, a proof onto a seam between two cards) or
clicked (it waits in the staging row); the first may be moved or put back (dragged back to its
location, clicked, Cancel, right-click, Ctrl+Z) until the second is chosen, and then the engine's
single ``take`` action is sent with both, and each lands where it was dropped. Also: clicks on
sprites and locations, the keep-2 choice after a reconstruction, click-then-click placement, and
sliding the desk by grabbing an empty part of it. Keys are in ``keyboard.py``; why a take, a visit
or a drop is refused is said in ``words.py``.
"""

from __future__ import annotations

from collections import Counter

import pygame

from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.grid import LEAD_CELL
from sleuth.games.case_connection.table.layout import (
    CELL,
    KEEP_AREA,
    LEAD_PANEL,
    STAGING,
    TRAY,
    VIEW_AREA,
    VIEW_RECT,
    Edge,
    neighbours,
)
from sleuth.games.case_connection.table.words import (
    ALREADY_VISITED,
    CELL_TAKEN,
    KEEP_A_LEAD,
    KEEP_AN_ITEM,
    NOT_AT_A_LOCATION,
    PROOFS_ON_EDGES,
    TAKE_ON_YOUR_TURN,
    THREADS_ON_CELLS,
    VISIT_ON_YOUR_TURN,
)
from sleuth.ui.board import CardSprite, nowhere_reason
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

    def _staged(self, key):
        """The pick of a visit being made for this sprite key, or None."""
        return next((p for p in self.picks if p[:2] == key), None)

    def _pickable(self, key) -> bool:
        loc = self._at_location(key)
        if loc is None:
            return False
        trial = self._pick_for(key, loc)
        if trial is None:
            return False
        picks = [p[:3] for p in self.picks if p[2] == loc and p[:2] != key] + [trial]
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
        if key[0] in ("thread", "tok"):
            return (key[0], key[1], loc)
        return None

    def _draggable(self, key) -> bool:
        if self._is_mine(key):
            return True  # while 2 items are kept, dragged onto a keep slot (clicked, it is chosen too)
        return self._staged(key) is not None or self._pickable(key) or self._offered(key)

    def _keeping(self) -> bool:
        """The viewer chooses the 2 items they keep after a reconstruction."""
        return self.obs is not None and self.obs.phase == R.PHASE_KEEP and self.my_turn()

    def _offered(self, key) -> bool:
        """A lead the viewer is choosing from now: it may be dragged onto their panel to keep it
        (a lesson's arrow from the lead to the panel led to a drag that did nothing)."""
        obs = self.obs
        return key[0] == "lead" and bool(obs.offer) and key[1] in obs.offer and self.viewer in obs.pending

    def _clickable(self, key) -> bool:
        if self._is_mine(key):
            return True
        if key[0] == "lead" and self.obs.offer and key[1] in self.obs.offer:
            return True
        return self._pickable(key) or self._staged(key) is not None

    # -- drop areas and targets -------------------------------------------------------------
    def _refresh_drop_areas(self) -> None:
        areas: list[DropArea] = []
        if self.viewer is not None and self.obs is not None:  # the precise places first: the board takes the first hit
            occupied = self._occupied()
            for edge in self.grid_edges():
                if edge[0] in occupied and edge[1] in occupied:
                    areas.append(DropArea(self.edge_rect(edge), ("edge", edge)))
            for cell in self.view_cells():
                if cell != LEAD_CELL:
                    areas.append(DropArea(self.cell_rect(cell), ("cell", cell)))
            for loc in range(len(self.obs.locations)):
                areas.append(DropArea(self.loc_rect(loc), ("loc", loc), self.cards.locations[loc].name))
            if self.obs.offer and self.viewer in self.obs.pending:
                areas.append(DropArea(LEAD_PANEL, "keep_lead", "your lead"))
            if self._keeping():
                areas.append(DropArea(KEEP_AREA, "keep_item", "the items you keep"))
            areas.append(DropArea(TRAY, "tray", "your tray"))
            areas.append(DropArea(STAGING, "stage", "the visit"))
            areas.append(DropArea(VIEW_AREA, "take", "your area"))
        self.board.drop_areas = areas

    def _desk_targets(self, key) -> set:
        """Where the item would connect, to light up while it is carried: the free cells in view
        where a thread's edge meets a matching symbol, or the seams a proof fits. (A thread may be
        dropped on any free cell: the desk is a scratch area; only these are lit.)"""
        out = set()
        if key[0] == "thread":
            for cell in self.view_cells():
                if self._cell_free(cell, key[1]) and self._would_match(key[1], cell):
                    out.add(("cell", cell))
        else:
            code = self.kind_of[key[1]]
            occupied = self._occupied()
            for edge in self.grid_edges():
                if edge[0] in occupied and edge[1] in occupied and self._seam_free(edge, key[1]) is None \
                        and self._token_fits(code, edge) is None:
                    out.add(("edge", edge))
        return out

    def _targets_for(self, sprite: CardSprite) -> set:
        key = sprite.key
        if self._offered(key):
            return {"keep_lead"}
        if self._keeping() and self._is_mine(key):
            return {"keep_item"}
        if self._is_mine(key):
            layout = self.layout()
            out = self._desk_targets(key)
            if layout.cell_of(key[1]) is not None or (key[0] == "tok" and layout.edge_of(key[1]) is not None):
                out.add("tray")
            return out
        staged = self._staged(key)
        if staged is not None or self._pickable(key):
            out = self._desk_targets(key) | {"tray", "stage"}  # (elsewhere in your area: it slides back)
            if staged is not None:
                out.add(("loc", staged[2]))
            return out
        return set()

    def _would_match(self, tid: str, cell) -> bool:
        """A thread on ``cell`` would meet a matching symbol on at least one side."""
        cells = self.desk_cells()
        lead = self._lead()
        edges = self.cards.thread(tid).edges
        for side, other in enumerate(neighbours(cell)):
            if cells.get(other) == tid or (other not in cells and not (other == LEAD_CELL and lead is not None)):
                continue
            if edges[side] is not None and edges[side] in self._symbols_at(cells, lead, other, (side + 2) % 4):
                return True
        return False

    def _on_drop(self, sprite: CardSprite, target) -> str | None:
        if sprite.key[0] == "thread" and not (isinstance(target, tuple) and target[0] in ("cell", "loc")) \
                and target not in ("tray", "stage"):
            cell = self.cell_at(sprite.pos) if self.desk_shown() else None
            if cell is not None:
                target = ("cell", cell)  # a card snaps to the cell its centre lies on
        return self._drop_key(sprite.key, target)

    def _dropped_nowhere(self, sprite: CardSprite, targets: set) -> str:
        """An item of a location let go over no place at all is told what its drop over any other
        wrong place says; everything else as in every game."""
        if targets and self._at_location(sprite.key) is not None and not self._is_mine(sprite.key):
            return self._back_where_it_came_from(sprite.key)
        return nowhere_reason(sprite, targets)

    def _drop_key(self, key, target) -> str | None:
        """Put ``key`` on ``target`` (a drop, or a click or Enter on a place): None when done, else why not."""
        if self._offered(key):
            if target == "keep_lead":
                return self.scene.act(R.PickLead(key[1]))
            return KEEP_A_LEAD
        if self._keeping() and self._is_mine(key):
            if target != "keep_item":
                return KEEP_AN_ITEM
            if key not in self.keep_sel:
                self._toggle_keep(key)
            return None
        if self._is_mine(key):
            if isinstance(target, tuple) and target[0] == "loc":
                return self._place(key, "tray")
            return self._place(key, target)
        if isinstance(target, tuple) and target[0] == "loc":
            staged = self._staged(key)
            if staged is not None and staged[2] == target[1]:
                self._unpick(key)
                return None
            return self._back_where_it_came_from(key)
        if target == "take":
            # your area outside the lit places (the desk's Hint button, a gap): nothing is taken and
            # the item slides back (it had been taken, and the turn read "Taking from ...: 1 of 2")
            return self._back_where_it_came_from(key)
        if target in ("tray", "stage"):
            return self._pick(key, None)
        if isinstance(target, tuple) and target[0] in ("cell", "edge"):
            return self._pick(key, target)
        return self._back_where_it_came_from(key)

    # -- taking from a location ---------------------------------------------------------------
    def _pick_target_problem(self, key, target) -> str | None:
        if target is None:
            return None
        if key[0] == "thread":
            if target[0] != "cell":
                return THREADS_ON_CELLS
            return None if self._cell_free(target[1], key[1]) else CELL_TAKEN
        if target[0] != "edge":
            return PROOFS_ON_EDGES
        return self._seam_free(target[1], key[1]) or self._token_fits(self.kind_of[key[1]], target[1])

    def _pick(self, key, target=None) -> str | None:
        """Choose an item of a visit: where it goes on your desk (``target``), or None (the staging
        row). The second item sends the take; a click on a chosen item puts it back."""
        loc = self._at_location(key)
        if loc is None:
            return NOT_AT_A_LOCATION
        if not self._takes():
            if self.obs.taken:
                return ALREADY_VISITED
            return TAKE_ON_YOUR_TURN
        staged = self._staged(key)
        if staged is not None:
            if target is None and staged[3] is None:
                self._unpick(key)
                return None
            reason = self._pick_target_problem(key, target)
            if reason:
                return reason
            self.picks = [p[:3] + (target,) if p[:2] == key else p for p in self.picks]
            self.selected = None
            self.scene.app.sound.play("slide")
            self._relayout()
            return None
        if self.picks and self.picks[0][2] != loc:
            self.picks = []
            self.scene.app.toast(self._now_visiting(loc))
        if not self._pickable(key):
            return self._cannot_be_visited(loc)
        reason = self._pick_target_problem(key, target)
        if reason:
            return reason
        self.visiting = loc
        self.selected = None
        self.picks.append(self._pick_for(key, loc) + (target,))
        self.scene.app.sound.play("click" if target is None else "slide")
        if len(self.picks) == 2:
            threads = tuple(sorted(p[1] for p in self.picks if p[0] == "thread"))
            proofs = tuple(sorted(self.kind_of[p[1]] for p in self.picks if p[0] == "tok"))
            reason = self.scene.act(R.Take(loc, threads, proofs))
            if reason is not None:
                self.picks = self.picks[:1]
                self._relayout()
            return None
        self.layout().history.append(("pick", key))
        self._relayout()
        return None

    def _why_not_pick(self, key) -> str:
        """Why an item at a location cannot be chosen now (no side effects, unlike ``_pick``)."""
        loc = self._at_location(key)
        if loc is None:
            return NOT_AT_A_LOCATION
        if not self._takes():
            return ALREADY_VISITED if self.obs.taken else TAKE_ON_YOUR_TURN
        return self._cannot_be_visited(loc)

    def _unpick(self, key) -> None:
        """Put a chosen item back at its location."""
        self.picks = [p for p in self.picks if p[:2] != key]
        self.selected = None
        self.scene.app.sound.play("click")
        self._relayout()

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
        if self.selected is not None and self.selected != key and not self._is_mine(self.selected):
            self.selected = None  # a location item carried by keyboard: the click starts afresh
        if self._is_mine(key):
            if obs.phase == R.PHASE_KEEP and self.my_turn():
                self._toggle_keep(key)
                return
            self.selected = None if self.selected == key else key
            self.scene.app.sound.play("click")
            self._relayout()
            return
        if self._at_location(key) is not None:
            staged = self._staged(key)
            reason = self._pick(key, None) if staged is None or staged[3] is None else self._unpick(key)
            if reason:
                self.scene.app.toast(reason)

    def _toggle_keep(self, key) -> None:
        """Choose or drop an item to keep. Proofs of one kind lie in one stack, so a click on a
        stack whose top proof is chosen chooses the next one of that kind while a keep slot is
        free (two Universal proofs could not be kept with the mouse); then it drops one."""
        if key[0] == "tok" and key in self.keep_sel and len(self.keep_sel) < 2:
            kind = self.kind_of[key[1]]
            free = [("tok", t) for t in self.held[self.viewer][kind] if ("tok", t) not in self.keep_sel]
            if free:
                key = free[0]
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
        if event.type == pygame.KEYDOWN and self.handle_key(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.cursor = None  # the mouse is in use: the keyboard's cursor steps aside
        if self.widgets.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_edge = self._edge_at(event.pos)
            if self._slide is not None and event.buttons and event.buttons[0]:
                self._slide_desk(event.pos)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._slide is not None:
            self._slide = None
            return True
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
                    reason = self._drop_key(self.selected, target)
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
            if self.desk_shown() and inside(VIEW_RECT, pos):
                self._slide = (pos, self.desk_origin())  # an empty part of the desk: slide it
                return True
        return False

    def _slide_desk(self, pos) -> None:
        """Grabbing an empty part of the desk and moving the pointer slides the desk by whole cells."""
        start, origin = self._slide
        dx = round((start[0] - pos[0]) / CELL)
        dy = round((start[1] - pos[1]) / CELL)
        want = (origin[0] + dx, origin[1] + dy)
        now = self.desk_origin()
        if want != now:
            self.pan(want[0] - now[0], want[1] - now[1])

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
        for cell in self.view_cells():
            if cell != LEAD_CELL and inside(self.cell_rect(cell), pos):
                return ("cell", cell)
        if inside(TRAY, pos):
            return "tray"
        for loc in range(len(self.obs.locations)):
            if inside(self.loc_rect(loc), pos):
                return ("loc", loc)
        return None
