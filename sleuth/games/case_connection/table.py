"""The Case Connection table: four locations, the supplies, every player's area, your workbench.

Your turn: visit a location by taking 2 of its items. Click them (or drag them into your area);
the second one sends the engine's single ``take`` action with both. Lay your threads on the
workbench grid around your lead (drag, or click a card then a cell; cards are never rotated) and
proofs on the edges between cards. Every edge says live whether it is connected, whose symbols
do not match or which proof is missing, and every lead icon whether it is satisfied (directly or
further along its side's chain). Reconstruct is enabled exactly when the engine's validator
accepts the layout; otherwise its explanation is shown. Hint lays out the engine's solver
arrangement from your items (or says none exists). Exchange, End turn and the two choices after
a reconstruction (keep 2 items, keep 1 of the leads drawn) are buttons and pickers; every move is
also in the moves list (M).

Everything here is public except the leads a player is choosing from. The public view (handoff
screens) shows no offer and no workbench. Your layout is yours: it survives other players' turns
and hot-seat handoffs, and the engine sees it only when you reconstruct.

This module holds ``CaseTable`` (state, sync, buttons, tooltips and the words for the log and the
results story); its other roles live beside it, one per module, as mixins: ``geometry`` (where
everything sits), ``paint`` (the pieces' pictures), ``workbench`` (your layout and its verdict),
``animation`` (following events, placing sprites), ``interaction`` (drags, clicks, taking) and
``drawing`` (the table's areas and the results chart).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from sleuth.core.values import Action, Event
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.animation import AnimationMixin
from sleuth.games.case_connection.cards import SIDES, CaseCards, load_cards
from sleuth.games.case_connection.drawing import DrawingMixin
from sleuth.games.case_connection.geometry import (
    DONE_ROW,
    LEAD_PANEL,
    MESSAGE,
    OFFER,
    RIGHT_W,
    RIGHT_X,
    STAGING,
    SUPPLY,
    TRAY,
    Edge,
    GeometryMixin,
)
from sleuth.games.case_connection.interaction import InputMixin
from sleuth.games.case_connection.paint import BONUS_SHORT, BONUS_WORDS, FacesMixin
from sleuth.games.case_connection.workbench import Feedback, Layout, WorkbenchMixin
from sleuth.ui.motion import Callouts
from sleuth.ui.tableview import TableView
from sleuth.ui.theme import Palette
from sleuth.ui.tween import Tweens
from sleuth.ui.widgets import Button, Widgets, inside
from sleuth.ui.words import possessive, says


@lru_cache(maxsize=1)
def bundled_cards() -> CaseCards:
    return load_cards()


class CaseTable(DrawingMixin, InputMixin, AnimationMixin, WorkbenchMixin, FacesMixin, GeometryMixin, TableView):
    """The table view; its roles live in the mixins (drawing, input, animation, workbench, faces, geometry)."""

    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.cards = bundled_cards()
        self.widgets = Widgets()
        self._ids = itertools.count(1)
        self.kind_of: dict[int, str] = {}
        self.held: list[dict[str, list[int]]] = []  # per seat: proof kind -> token ids
        self.at_loc: list[list[int | None]] = []  # per location: proof space -> token id
        self.layouts: dict[int, Layout] = {}
        self.picks: list[tuple] = []  # ("thread", tid, loc) / ("tok", token, loc): a visit being made
        self.visiting: int | None = None
        self.selected: object | None = None  # a sprite key of yours chosen for click-then-click placement
        self.keep_sel: list[object] = []
        self.hover_edge: Edge | None = None
        self.delay: dict = {}
        self.origin: dict = {}
        self.leaving: dict = {}
        self._feedback: Feedback | None = None
        self._feedback_sig: object = None
        self._animating = False
        self.coins_pending: dict[int, int] = {}
        self.hint_note = ""
        self._was_busy = False
        self.local_tweens = Tweens()
        self._last_offer: tuple[str, ...] = ()
        self.callouts = Callouts()
        self.shown_layouts: list[list] = []  # [Reconstructed, box rect, showing?]: others' reconstructions

    def update(self, dt: float) -> None:
        super().update(dt)
        self.local_tweens.update(dt)
        busy = self.busy
        if self._was_busy and not busy and self.obs is not None:
            self._relayout()  # what may be dragged, clicked and pressed is known once the table is still
        self._was_busy = busy

    def finish_animations(self) -> None:
        super().finish_animations()
        self.local_tweens.finish_all()

    # -- small facts ------------------------------------------------------------------------
    @property
    def pal(self) -> Palette:
        return self.scene.app.palette

    def name(self, seat: int) -> str:
        return self.scene.seat_names[seat]

    def verb(self, seat: int, verb: str) -> str:
        """``takes`` for Watson, ``take`` for a seat named You (a second verb in one sentence)."""
        name = self.name(seat)
        return says(name, verb)[len(name) + 1:]

    def says(self, seat: int, verb: str) -> str:
        """``Watson takes`` but ``You take``."""
        return says(self.name(seat), verb)

    def possessive(self, seat: int) -> str:
        return possessive(self.name(seat))

    def sym(self, code: str) -> str:
        return self.cards.symbol_name(code)

    def my_turn(self) -> bool:
        obs = self.obs
        return (obs is not None and self.viewer is not None and self.viewer in obs.pending
                and obs.phase != R.PHASE_OVER)

    def legal(self) -> list[Action]:
        return self.scene.legal_for_viewer() if not self.busy else []

    # -- words for things -------------------------------------------------------------------
    def thread_words(self, tid: str) -> str:
        t = self.cards.thread(tid)
        sides = [f"{SIDES[s]} {self.sym(code)}" for s, code in enumerate(t.edges) if code is not None]
        blank = [SIDES[s] for s, code in enumerate(t.edges) if code is None]
        text = f"Thread {tid}: " + ", ".join(sides)
        if blank:
            text += f" ({' and '.join(blank)} blank)"
        if t.bonus:
            text += f". Bonus: {BONUS_WORDS[t.bonus]} when it is directly connected to a lead"
        return text + "."

    def lead_words(self, lid: str) -> str:
        lead = self.cards.lead(lid)
        parts = []
        for side, icons in enumerate(lead.sides):
            if not icons:
                continue
            names = " and ".join(self.sym(code) for code in icons)
            extra = " (one direct, one further along that side's chain)" if len(icons) > 1 else ""
            parts.append(f"{SIDES[side]} {names}{extra}")
        return f"Lead {lid}, {lead.points} points: " + "; ".join(parts) + "."

    def items_words(self, threads: Sequence[str], proofs: Sequence[str]) -> str:
        words = list(threads)
        counts = Counter(proofs)
        for code, n in counts.items():
            words.append(f"{'a' if n == 1 else n} {self.sym(code)} proof{'s' if n > 1 else ''}")
        if not words:
            return "nothing"
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    # -- sync -------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        self._last_offer = tuple(previous.offer or ()) if previous is not None else ()
        super().sync(obs, events, animate)
        self._animating = animate and self.board.speed > 0
        self.hint_note = ""
        if previous is None or len(self.held) != obs.players:
            self._reset_tracking(obs)
        self.delay, self.origin, self.leaving = {}, {}, {}
        self.coins_pending: dict[int, int] = {}
        self._follow(events)
        self._reconcile(obs)
        if self.selected is not None and not self._is_mine(self.selected):
            self.selected = None
        self._relayout(animate)

    def _relayout(self, animate: bool = False) -> None:
        self._feedback = None
        placements = self._placements(self.obs)
        self._apply(placements, animate)
        self._refresh_drop_areas()
        self._rebuild_widgets()
        if self.busy:
            self._was_busy = True  # look again once the animation is over (see update)

    def cancel(self) -> None:
        super().cancel()
        self.picks = []
        self.visiting = None
        self.selected = None
        self.keep_sel = []
        if self.obs is not None:
            self._relayout()

    # -- buttons ----------------------------------------------------------------------------
    def _rebuild_widgets(self) -> None:
        self.widgets.clear()
        obs = self.obs
        if obs is None or self.viewer is None:
            return
        legal = self.legal()
        me = self.viewer
        mx, my, mw, _ = MESSAGE
        y = 678
        if obs.offer:
            for k, lid in enumerate(obs.offer):
                x, cy = self.offer_pos(k, len(obs.offer))
                action = R.PickLead(lid)
                self.widgets.add(Button((x - 54, cy + OFFER / 2 + 54, 108, 30), label=f"Keep {lid}", size=16,
                                        primary=action in legal, enabled=action in legal,
                                        on_click=lambda a=action: self.scene.act(a),
                                        tooltip=self.lead_words(lid)))
        elif obs.phase == R.PHASE_KEEP and self.my_turn() and not self.busy:
            action = self.keep_action()
            self.widgets.add(Button((mx + 90, 450, 210, 38), label="Keep these 2", size=18, primary=action is not None,
                                    enabled=action is not None,
                                    on_click=lambda: self.scene.act(self.keep_action()) if self.keep_action() else None,
                                    tooltip="Keep the 2 items you marked; the rest go back (threads under the "
                                            "deck, proofs to the pile, universals to the supply)."))
        elif obs.leads[me] is not None:
            ok = self.may_reconstruct()
            fb = self.feedback()
            tip = "Reconstruct your lead with the layout on the workbench."
            if fb is not None and isinstance(fb.verdict, str):
                tip = "Not yet: " + fb.verdict
            elif not self.my_turn():
                tip = "Your layout is valid: you may reconstruct on your turn."
            self.widgets.add(Button((mx, y, 150, 34), label="Reconstruct", size=18, primary=ok, enabled=ok,
                                    on_click=self.reconstruct, tooltip=tip))
            self.widgets.add(Button((mx + 158, y, 112, 34), label="Hint", size=17, on_click=self.hint,
                                    tooltip="Lay out a valid arrangement of your items (the engine's solver), or "
                                            "say that none exists yet."))
            self.widgets.add(Button((mx + 278, y, 112, 34), label="Clear", size=17, on_click=self.clear_layout,
                                    tooltip="Put every card and proof from the workbench back in your tray."))
        for action in (a for a in legal if isinstance(a, R.Exchange)):
            gx = RIGHT_X + 10 + obs.proof_kinds.index(action.proof) * 84
            exchange = Button((gx - 4, 498, 80, 26), label="Trade 3", size=15, on_click=lambda a=action: self.scene.act(a),
                              tooltip=f"Exchange 3 {self.sym(action.proof)} proofs for 1 Universal proof (once per "
                                      "turn; the 3 go back to the pile).")
            exchange.action = action
            self.widgets.add(exchange)
        if self.picks:
            self.widgets.add(Button((RIGHT_X + RIGHT_W - 82, STAGING[1] + 22, 76, 28), label="Cancel", size=15,
                                    on_click=self.cancel, tooltip="Put the item back and choose again (or right-click)."))
        if R.EndTurn() in legal:
            self.widgets.add(Button((RIGHT_X + RIGHT_W - 150, y, 150, 34), label="End turn", size=18,
                                    primary=not self.may_reconstruct(), on_click=lambda: self.scene.act(R.EndTurn()),
                                    tooltip="Pass to the next player (you may still exchange or reconstruct "
                                            "before this)."))
        if legal:
            self.widgets.add(Button((RIGHT_X, y, 150, 34), label="All moves (M)", size=16,
                                    on_click=self.scene.show_moves, tooltip="Every move you may make, as a list"))

    # -- tooltips ---------------------------------------------------------------------------
    def tooltip(self, pos):
        text = self.widgets.tooltip(pos)
        if text:
            return text
        obs = self.obs
        if obs is None:
            return None
        if self.viewer is not None and not obs.offer:
            edge = self._edge_at(pos)
            fb = self.feedback()
            if edge is not None and fb is not None and edge in fb.edges:
                return fb.edges[edge][1]
        sprite = self.board.sprite_at(pos)
        if sprite is not None and sprite.tooltip:
            return sprite.tooltip
        for loc in range(len(obs.locations)):
            if inside(self.loc_rect(loc), pos):
                spec = self.cards.locations[loc]
                return (f"{spec.name}: {spec.threads} thread spaces and {spec.proofs} proof spaces. Visit it to take "
                        "exactly 2 items (any mix). A location with only 1 item cannot be visited; when two "
                        "locations are down to 1 item, every location is replenished.")
        if inside(SUPPLY, pos):
            return (f"Thread deck {obs.thread_deck}, lead deck {obs.lead_deck}, proof pile {obs.proof_pile} (face "
                    f"down, drawn at random), Universal proofs in the supply {obs.universal_supply}, Bonus Point "
                    f"tokens left {obs.bonus_pool}.")
        if self.viewer is not None:
            if inside(LEAD_PANEL, pos):
                return ("Your lead's icons: each needs its own connection of that symbol. One icon per side is "
                        "met by the card touching that side (direct); a second icon on the same side by a "
                        "connection further along that card's chain (indirect). Bonuses count only directly.")
            if inside(TRAY, pos):
                return ("Your tray: threads and proofs you hold but have not laid out. Exchange 3 proofs of one "
                        "kind for a Universal once per turn.")
            if inside(STAGING, pos):
                return "A visit: click 2 items at one location (or drag them here); they are taken together."
            if inside(DONE_ROW, pos):
                return "Your completed leads (face down, points on the seal) and Bonus Point tokens."
            if inside(MESSAGE, pos):
                return "The engine's verdict on your layout: exactly what stops it from being a reconstruction."
            for cell in self.grid_cells():
                if inside(self.cell_rect(cell), pos):
                    return (f"Workbench cell ({cell[0]},{cell[1]}); your lead sits on (0,0). Drop a thread next to "
                            "your lead or another card; diagonal neighbours do not connect.")
        for seat, rect in self.seat_rects().items():
            if inside(rect, pos):
                return (f"{self.possessive(seat).capitalize()} area: lead, threads, proofs, completed leads "
                        f"and Bonus Point tokens; {obs.scores[seat]} points.")
        return None

    # -- words ------------------------------------------------------------------------------
    def describe(self, event: Event) -> str | None:
        e = event
        if isinstance(e, R.GameStarted):
            return f"{self.says(e.first, 'goes')} first. Reach {self.cards.target_points} points."
        if isinstance(e, R.Refilled):
            if e.reason == "setup":
                return "The locations are laid out with threads and proofs."
            return f"Every location is replenished ({e.reason})."
        if isinstance(e, R.LeadsDrawn):
            if e.leads:
                return f"{self.says(e.seat, 'draws')} leads {', '.join(e.leads)} and {self.verb(e.seat, 'keeps')} one."
            return f"{self.says(e.seat, 'draws')} {e.count} leads and {self.verb(e.seat, 'keeps')} one."
        if isinstance(e, R.LeadChosen):
            lead = self.cards.lead(e.lead)
            back = f"; {e.returned} go{'es' if e.returned == 1 else ''} under the lead deck" if e.returned else ""
            return f"{self.says(e.seat, 'keeps')} lead {e.lead} ({lead.points} points){back}."
        if isinstance(e, R.NoLead):
            return f"The lead deck is empty: {self.name(e.seat)} has no new lead for now."
        if isinstance(e, R.Took):
            where = self.cards.locations[e.location].name
            return (f"{self.says(e.seat, 'visits')} {where} and {self.verb(e.seat, 'takes')} "
                    f"{self.items_words(e.threads, e.proofs)}.")
        if isinstance(e, R.Exchanged):
            return f"{self.says(e.seat, 'exchanges')} 3 {self.sym(e.proof)} proofs for a Universal proof."
        if isinstance(e, R.Reconstructed):
            direct = f" ({len(e.direct)} direct connection{'s' if len(e.direct) != 1 else ''})"
            return f"{self.says(e.seat, 'reconstructs')} lead {e.lead} for {e.points} points{direct}!"
        if isinstance(e, R.BonusGained):
            if not e.granted:
                return f"Bonus from {e.thread}: {BONUS_WORDS[e.bonus]}, but none is left."
            return f"Bonus from {e.thread}: {self.says(e.seat, 'gains')} {BONUS_WORDS[e.bonus]}."
        if isinstance(e, R.Kept):
            back = []
            if e.returned_threads:
                back.append(f"{len(e.returned_threads)} thread{'s' if len(e.returned_threads) != 1 else ''} "
                            "under the deck")
            if e.returned_proofs:
                back.append(f"{len(e.returned_proofs)} proof{'s' if len(e.returned_proofs) != 1 else ''} back")
            rest = f"; {' and '.join(back)}" if back else ""
            return f"{self.says(e.seat, 'keeps')} {self.items_words(e.threads, e.proofs)}{rest}."
        if isinstance(e, R.TurnEnded):
            return f"{self.says(e.seat, 'ends')} the turn."
        if isinstance(e, R.EndTriggered):
            return (f"{self.says(e.seat, 'reaches')} {e.score} points: every other player gets one final turn.")
        if isinstance(e, R.GameOver):
            names = " and ".join(self.name(w) for w in e.winners)
            best = max(e.scores) if e.scores else 0
            verb = "wins" if len(e.winners) == 1 else "share the win"
            if len(e.winners) == 1 and self.name(e.winners[0]).lower() == "you":
                verb = "win"
            return f"Game over: {names} {verb} with {best} points."
        return super().describe(e)

    def describe_action(self, action: Action) -> str:
        a = action
        if isinstance(a, R.Take):
            where = self.cards.locations[a.location].name
            return f"Visit {where}: take {self.items_words(a.threads, a.proofs)}"
        if isinstance(a, R.Exchange):
            return f"Exchange 3 {self.sym(a.proof)} proofs for a Universal proof"
        if isinstance(a, R.Reconstruct):
            lid = self.obs.leads[self.viewer] if self.obs is not None and self.viewer is not None else None
            what = f"lead {lid}" if lid else "your lead"
            return f"Reconstruct {what} with {', '.join(t for t, _, _ in a.cards)} (the solver's layout)"
        if isinstance(a, R.Keep):
            return f"Keep {self.items_words(a.threads, a.proofs)}"
        if isinstance(a, R.PickLead):
            lead = self.cards.lead(a.lead)
            icons = "; ".join(f"{SIDES[s]} {'+'.join(self.sym(c) for c in icons)}"
                              for s, icons in enumerate(lead.sides) if icons)
            return f"Keep lead {a.lead} ({lead.points} points: {icons})"
        if isinstance(a, R.EndTurn):
            return "End your turn"
        return super().describe_action(a)

    def turn_hint(self) -> str:
        obs = self.obs
        if obs is None or not self.my_turn():
            return ""
        if obs.phase in (R.PHASE_SETUP, R.PHASE_PICK):
            return "choose the lead you keep"
        if obs.phase == R.PHASE_KEEP:
            return "mark 2 items to keep"
        if self.picks:
            return "pick one more item there"
        if not obs.taken and self._takes():
            return "visit a location: click 2 of its items"
        if self.may_reconstruct():
            return "Reconstruct, or end your turn"
        return "arrange, reconstruct or end your turn"

    def risky(self, seat: int, action: Action) -> str | None:
        """No move in Case Connection loses on the spot (reaching 9 only starts the final turns)."""
        return None

    # -- results ----------------------------------------------------------------------------
    def story(self) -> list[str]:
        obs = self.obs
        if obs is None:
            return super().story()
        lines: list[str] = []
        bonus: dict[int, list[str]] = {}
        for e in obs.log:
            if isinstance(e, R.BonusGained) and e.granted:
                bonus.setdefault(e.seat, []).append(BONUS_SHORT[e.bonus])
        count = Counter(e.seat for e in obs.log if isinstance(e, R.Reconstructed))
        turns: Counter[int] = Counter()
        for e in obs.log:
            if isinstance(e, R.TurnEnded):
                turns[e.seat] += 1
            elif isinstance(e, R.Reconstructed):
                lines.append(f"{self.says(e.seat, 'reconstructs')} {e.lead} (+{e.points}), turn {turns[e.seat] + 1}.")
            elif isinstance(e, R.EndTriggered):
                lines.append(f"{self.says(e.seat, 'reaches')} {e.score}: final round.")
        if len(lines) > 5:
            lines = lines[:1] + ["..."] + lines[-3:]
        ranked = sorted(bonus, key=lambda seat: -len(bonus[seat]))[:2]
        for seat in ranked:
            words = [name if n == 1 else f"{name} x{n}" for name, n in Counter(bonus[seat]).items()]
            lines.append(f"{self.possessive(seat).capitalize()} bonuses: {', '.join(words)}.")
        if not count:
            lines.insert(0, "Nobody completed a lead.")
        done = [e for e in obs.log if isinstance(e, R.GameOver)]
        if done:
            lines.append(self.describe(done[-1]))
        return lines



TABLE = CaseTable
