"""Case Connection keyboard: a cursor over everything a turn needs, so no mouse is required.

The arrow keys move a cursor to the nearest place in that direction (spatial navigation, as on a
television menu): the items at the locations, your tray, the cells of your desk and the seams
between its cards, and the buttons. Enter (or Space) picks up the item under the cursor, and
Enter again puts it down where the cursor is: the same drops the mouse makes (``_drop_key``), so
the rules, the refusals and the take made of two chosen items are exactly the mouse's. Enter on a
button presses it. Shift+arrows scroll the desk, Ctrl+Z undoes the last change on the desk (with
none left, the table takes back the move, as Take back does), Backspace puts a carried item back;
Tab still steps through the buttons as in every menu.
"""

from __future__ import annotations

import pygame

from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.grid import LEAD_CELL
from sleuth.games.case_connection.table.layout import TRAY, TRAY_THREAD_Y
from sleuth.games.case_connection.table.words import CELL_TAKEN, NOTHING_HERE
from sleuth.ui.cursor import TableCursor
from sleuth.ui.spatial import centre as _centre
from sleuth.ui.widgets import ARROW_WAYS


class DeskKeyboard(TableCursor):
    """The keyboard's cursor (``ui/cursor.py``) on the desk; mixed into ``CaseTable`` (uses its
    ``board``, ``widgets``, ``picks``, ``selected`` and the desk, taking and placing moves of the
    other mixins)."""

    # -- where the cursor may go --------------------------------------------------------------
    def cursor_places(self) -> list[tuple[tuple, tuple]]:
        """Every place of the desk and the locations the cursor may stop, as (target, rect)."""
        obs = self.obs
        if obs is None or self.viewer is None:
            return []
        out: list[tuple[tuple, tuple]] = []
        sprites = self.board.by_key
        carrying = self.selected
        if obs.offer:
            for lid in obs.offer:
                if ("lead", lid) in sprites:
                    out.append((("sprite", ("lead", lid)), sprites[("lead", lid)].rect_logical))
        if self._takes() or self.picks:
            for key, sprite in sprites.items():
                staged = self._staged(key)
                if key[0] in ("thread", "tok") and self._at_location(key) is not None and not sprite.hidden \
                        and (staged is None or staged[3] is None):
                    out.append((("sprite", key), sprite.rect_logical))
        layout = self.layout()
        on_desk = set(layout.cells.values()) | set(layout.edges.values())
        seen_kinds = set()
        for key, sprite in sprites.items():
            if not self._is_mine(key) or key[1] in on_desk:
                continue
            if key[0] == "tok":  # one stop per kind of proof: the top token of the little pile
                kind = self.kind_of[key[1]]
                free = [t for t in self.held[self.viewer][kind] if t not in on_desk]
                if kind in seen_kinds or not free or key[1] != free[-1]:
                    continue
                seen_kinds.add(kind)
            out.append((("sprite", key), sprite.rect_logical))
        if self.desk_shown():
            for cell in self.view_cells():
                out.append((("cell", cell), self.cell_rect(cell)))
            tokens = self.desk_edges()
            occupied = self._occupied()
            for edge in self.grid_edges():
                if edge[0] in occupied and edge[1] in occupied and (
                        edge in tokens or (carrying is not None and carrying[0] == "tok")):
                    out.append((("edge", edge), self.edge_rect(edge)))
            if carrying is not None and self._is_mine(carrying):
                out.append((("tray",), TRAY))
            staged = self._staged(carrying) if carrying is not None else None
            if staged is not None:
                out.append((("loc", staged[2]), self.loc_rect(staged[2])))
        return out

    def focused_card(self):
        """The card or proof under the keyboard's cursor: the one it names, or what lies on its cell."""
        rect = self.cursor_rect()
        if rect is None or self.widgets.shown_focus() is not None:
            return None
        if self.cursor[0][0] not in ("cell", "edge"):
            return super().focused_card()
        sprite = self.board.sprite_at(_centre(rect))
        return sprite if sprite is not None and not sprite.hidden else None

    def cursor_first(self, places):
        """The cursor begins on the lead on offer, else an item to take, else the lead cell."""
        pick = [p for p in places if p[0][0] == "sprite" and self._at_location(p[0][1]) is not None]
        lead = [p for p in places if p[0] == ("cell", LEAD_CELL)]
        offer = [p for p in places if p[0][0] == "sprite" and p[0][1][0] == "lead"]
        return (offer or pick or lead or places)[0]

    # -- keys -------------------------------------------------------------------------------
    def handle_key(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z takes back a placement, Shift+arrows scroll the desk; the rest is the cursor's."""
        if not self.cursor_ready():
            return False
        mods = getattr(event, "mod", 0)
        if event.key == pygame.K_z and mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return self.undo(quiet=True)  # a bare desk: the table takes back the last move instead
        if event.key in ARROW_WAYS and mods & pygame.KMOD_SHIFT:
            self.widgets.focus = None
            self.pan(*ARROW_WAYS[event.key])
            return True
        return self.cursor_key(event)

    def cursor_cancel(self) -> bool:
        """Backspace puts a carried item back, else lets go of the chosen items."""
        if self.selected is not None:
            self.selected = None
            self._relayout()
            return True
        if self.picks:
            self.cancel()
            return True
        return False

    def _press(self, rect) -> None:
        self.selected = None
        super()._press(rect)

    def cursor_enter(self, target) -> None:
        kind = target[0]
        carrying = self.selected
        if carrying is None:
            self._lift(target)
            return
        reason = None
        if kind == "cell":
            here = self.desk_cells().get(target[1])
            if here is not None and here == carrying[1]:
                self.selected = None  # put down where it lay
            elif here is not None:
                reason = CELL_TAKEN
            else:
                reason = self._drop_key(carrying, target)
        elif kind == "edge":
            if self.desk_edges().get(target[1]) == carrying[1]:
                self.selected = None
            else:
                reason = self._drop_key(carrying, target)
        elif kind == "tray":
            reason = self._drop_key(carrying, "tray")
        elif kind == "loc":
            reason = self._drop_key(carrying, target)
        elif kind == "sprite":
            key = target[1]
            if key == carrying:
                staged = self._staged(key)
                reason = self._pick(key, None) if not self._is_mine(key) and staged is None else None
                self.selected = None
            elif self._is_mine(key):
                reason = self._drop_key(carrying, "tray")
            elif key[0] == "lead":
                self.selected = None
                self.scene.act(R.PickLead(key[1]))
            else:
                self.selected = None
                self._lift(target)
                return
        if reason:
            self.scene.app.toast(reason)
        self._relayout()

    def _lift(self, target) -> None:
        """Enter with nothing carried: pick up what is under the cursor (or press, choose, keep it)."""
        kind = target[0]
        key = None
        if kind == "sprite":
            key = target[1]
            if key[0] == "lead":
                self.scene.act(R.PickLead(key[1]))
                return
            if self._is_mine(key) and self.obs.phase == R.PHASE_KEEP and self.my_turn():
                self._toggle_keep(key)
                return
            if not self._is_mine(key) and self._staged(key) is None and not self._pickable(key):
                self.scene.app.toast(self._why_not_pick(key))
                return
        elif kind == "cell":
            tid = self.desk_cells().get(target[1])
            key = ("thread", tid) if tid is not None else None
        elif kind == "edge":
            token = self.desk_edges().get(target[1])
            key = ("tok", token) if token is not None else None
        if key is None:
            if kind == "cell" and target[1] != LEAD_CELL:
                self.scene.app.toast(NOTHING_HERE)
            return
        self.selected = key
        self.scene.app.sound.play("click")
        self._relayout()

    def cursor_tag_at(self, rect, width: float) -> tuple[float, float]:
        """On a thread in the lower row of a long hand the tag lies under the ring, on the words
        "YOUR PROOFS" (above it, it covered the icons at the foot of the threads in the upper row)."""
        x, y, w, h = rect
        target = self.cursor[0] if self.cursor is not None else None
        if target is not None and target[0] == "sprite" and target[1][0] == "thread" \
                and TRAY[0] <= x and x + w <= TRAY[0] + TRAY[2] and y > TRAY_THREAD_Y - h / 2 + 1 \
                and y + h <= TRAY[1] + TRAY[3]:
            left = min(max(x + w / 2 - width / 2, TRAY[0] + 4), TRAY[0] + TRAY[2] - 4 - width)
            return (left, y + h + 5)
        return super().cursor_tag_at(rect, width)

    def cursor_words(self) -> str:
        """What Enter does at the cursor, in a word or two (drawn beside it)."""
        if self.cursor is None or self.cursor[0][0] == "button":
            return super().cursor_words()
        target = self.cursor[0]
        if self.selected is not None:
            if target[0] == "sprite" and target[1] == self.selected:
                staged = self._staged(self.selected)
                return "Enter: choose it" if not self._is_mine(self.selected) and staged is None else "Enter: put it down"
            return "Enter: put it here"
        if target[0] == "cell" and target[1] not in self.desk_cells():
            return ""
        if target[0] == "sprite" and target[1][0] == "lead":
            return "Enter: keep this lead"
        if target[0] == "sprite" and self._is_mine(target[1]) and self.obs.phase == R.PHASE_KEEP:
            return "Enter: keep it"
        return "Enter: pick up"
