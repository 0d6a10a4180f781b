"""What the Case Connection table says: every sentence the player reads.

The names of seats and symbols in a sentence, the words for threads, leads and taken items, the
move log's lines (``describe``) and the moves' names (``describe_action``), turn hints, the
tooltips of the table's areas, of its buttons and of every piece, why a drag, click or visit is
refused, the workbench's verdict on each edge and lead icon, the sentences drawn on the table
(the lead offer, keep 2, the verdict message, the visit row), callouts, and the results story.

``TableWording`` is mixed into ``CaseTable`` (``table/__init__.py``); the other rooms call it for
their words and keep only short labels (headings, counts, legends) beside the drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sleuth.core.values import Action, Event
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.cards import SIDES, UNIVERSAL
from sleuth.games.case_connection.table.layout import DONE_ROW, LEAD_PANEL, MESSAGE, STAGING, SUPPLY, TRAY
from sleuth.ui.widgets import inside
from sleuth.ui.words import possessive, says

# what the bonus icons are called: in full (tooltips, the log) and short (the verdict, the results story)
BONUS_WORDS = {
    "bonus_point": "a Bonus Point token (+1 point)",
    "universal": "a Universal proof",
    "extra_lead": "an extra lead to choose from",
}
BONUS_SHORT = {"bonus_point": "+1 point", "universal": "Universal proof", "extra_lead": "extra lead"}

# -- button tooltips ---------------------------------------------------------------------------
KEEP_TIP = ("Keep the 2 items you marked; the rest go back (threads under the "
            "deck, proofs to the pile, universals to the supply).")
HINT_TIP = ("Lay out a valid arrangement of your items (the engine's solver), or "
            "say that none exists yet.")
CLEAR_TIP = "Put every card and proof from the workbench back in your tray."
CANCEL_TIP = "Put the item back and choose again (or right-click)."
END_TURN_TIP = ("Pass to the next player (you may still exchange or reconstruct "
                "before this).")
MOVES_TIP = "Every move you may make, as a list"

# -- why a take or a visit is refused ------------------------------------------------------------
TAKE_BY_CLICKING = "Take items by clicking them, or by dragging them into your area."
NOT_AT_A_LOCATION = "That is not at a location."
ALREADY_VISITED = "You have already visited a location this turn."
TAKE_ON_YOUR_TURN = "You can take items only on your turn."
VISIT_ON_YOUR_TURN = "You can visit a location only on your turn."

# -- why a move on the workbench is refused ----------------------------------------------------
CANNOT_CONNECT = ("These two cards cannot be connected: their touching edges do not show the same symbol "
                  "(cards are never rotated).")
DROP_ON_THE_WORKBENCH = "Drop it on the workbench or back in your tray."
THREADS_ON_CELLS = "Thread cards go on the cells of the workbench, not on edges."
CELL_TAKEN = "That cell is taken."
NEXT_TO_A_CARD = "Place a thread next to your lead or next to another card (diagonals do not connect)."
PROOFS_ON_EDGES = "Proofs go on the edge between two cards: drop it on the seam."
EDGE_TAKEN = "There is already a proof on that edge."
NO_LEAD_TO_RECONSTRUCT = "You have no lead to reconstruct yet."
TOO_WIDE = "The solver's arrangement is wider than the workbench."

# -- sentences drawn on the table --------------------------------------------------------------
KEEP_2_WORDS = ("Your lead is reconstructed. Click 2 of your items (in your tray) to keep; everything else "
                "goes back: threads under the thread deck, proofs to the pile, universals to the supply.")

# what a lead icon's line in the checklist says after the symbol and side
ICON_STATUS = {"direct": "connected directly", "indirect": "connected further along the chain",
               "missing": "not connected"}


class TableWording:
    """The table's words: names in sentences, log lines, move names, hints, tooltips, refusals,
    the workbench's verdict, the sentences drawn on the table and the story; mixed into ``CaseTable``
    (uses its ``obs``, ``viewer``, ``cards``, ``scene``, ``board``, ``widgets`` and layout)."""

    # -- names in a sentence ----------------------------------------------------------------
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


    # -- button tooltips --------------------------------------------------------------------
    def _reconstruct_tip(self, fb) -> str:
        tip = "Reconstruct your lead with the layout on the workbench."
        if fb is not None and isinstance(fb.verdict, str):
            tip = "Not yet: " + fb.verdict
        elif not self.my_turn():
            tip = "Your layout is valid: you may reconstruct on your turn."
        return tip

    def _exchange_tip(self, proof: str) -> str:
        return (f"Exchange 3 {self.sym(proof)} proofs for 1 Universal proof (once per "
                "turn; the 3 go back to the pile).")

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

    # -- tooltips of the pieces -------------------------------------------------------------
    def _tip_thread_at(self, tid: str, where: str) -> str:
        return f"{self.thread_words(tid)} At {where}: click it or drag it to your area to take it."

    def _tip_proof_at(self, code: str, where: str) -> str:
        return (f"A {self.sym(code)} proof at {where}: it joins two cards whose touching edges both show "
                f"{self.sym(code)}. Click it or drag it to your area to take it.")

    def _tip_current_lead(self, seat: int, lid: str) -> str:
        return f"{self.possessive(seat).capitalize()} current lead. {self.lead_words(lid)}"

    def _tip_held_thread(self, who: str, tid: str) -> str:
        return f"{who} holds it. {self.thread_words(tid)}"

    def _tip_held_proofs(self, who: str, n: int, code: str) -> str:
        return f"{who} holds {n} {self.sym(code)} proof(s)."

    def _tip_completed_by(self, who: str, lid: str) -> str:
        return f"Completed by {who}: {self.lead_words(lid)}"

    def _tip_coins(self, who: str, n: int) -> str:
        return f"{who}'s Bonus Point tokens: {n} (1 point each)."

    def _tip_choosing(self, who: str, n: int) -> str:
        return (f"{who} is choosing one of {n} leads (only they see "
                "them).")

    def _tip_your_lead(self, lid: str) -> str:
        return f"Your lead, on the centre of the workbench. {self.lead_words(lid)}"

    def _tip_laid_thread(self, tid: str, cell) -> str:
        return (f"{self.thread_words(tid)} On your workbench at ({cell[0]},{cell[1]}): "
                "drag it to another cell or back to your tray.")

    def _tip_tray_thread(self, tid: str) -> str:
        return (f"{self.thread_words(tid)} In your tray: drag it onto the workbench, next to "
                "your lead or another card (cards are never rotated).")

    def _token_tip(self, code: str) -> str:
        if code == UNIVERSAL:
            return ("A Universal proof: it joins any two touching edges that show the same symbol. Drag it onto "
                    "the edge between two cards.")
        return (f"A {self.sym(code)} proof: drag it onto the edge between two cards whose touching edges both show "
                f"{self.sym(code)}.")

    def _tip_laid_proof(self, code: str) -> str:
        return (f"A {self.sym(code)} proof joining two cards. Drag it to another edge or "
                "back to your tray.")

    def _tip_you_completed(self, lid: str) -> str:
        return f"You completed it: {self.lead_words(lid)}"

    def _tip_your_coins(self, n: int) -> str:
        return f"Your Bonus Point tokens: {n} (1 point each)."

    def _tip_offered(self, lid: str) -> str:
        return f"{self.lead_words(lid)} Click it to keep it; the others go under the lead deck."

    # -- callouts ---------------------------------------------------------------------------
    def _banner(self, e: Event) -> str:
        """The short banner over a player's area while a reconstruction or the end trigger plays."""
        if isinstance(e, R.Reconstructed):
            return f"{e.lead} reconstructed: +{e.points}"
        if isinstance(e, R.EndTriggered):
            return f"{e.score} points: final turns!"
        return ""

    # -- why a take or a visit is refused ---------------------------------------------------
    def _now_visiting(self, loc: int) -> str:
        return f"You visit one location a turn: now visiting {self.cards.locations[loc].name}."

    def _cannot_be_visited(self, loc: int) -> str:
        return f"{self.cards.locations[loc].name} cannot be visited (it holds fewer than 2 items)."

    def _too_few_to_visit(self, loc: int) -> str:
        return f"{self.cards.locations[loc].name} holds fewer than 2 items and cannot be visited."

    # -- the workbench's verdict ------------------------------------------------------------
    def _shows(self, who: str, side: int, syms) -> str:
        what = " and ".join(self.sym(x) for x in syms) if syms else "nothing"
        return f"{who} shows {what} on its {SIDES[side]} side"

    def _connected_words(self, link: str, kind: str) -> str:
        return f"Connected: {self.sym(link)} (a {self.sym(kind)} proof)."

    def _wrong_proof_words(self, kind: str, one: str, other: str) -> str:
        return (f"This {self.sym(kind)} proof cannot join them: "
                f"{one}, {other}.")

    def _missing_proof_words(self, common: Sequence[str]) -> str:
        need = " or ".join(self.sym(s) for s in common)
        return f"Proof missing: both show {need}. Drop a {need} or Universal proof here."

    def _no_match_words(self, one: str, other: str) -> str:
        return (f"Symbols don't match: {one}, "
                f"{other}. These cards touch but cannot connect.")

    def _icon_words(self, code: str, side: int, status: str) -> str:
        return f"{self.sym(code)}, {SIDES[side]}: {ICON_STATUS[status]}"

    def _wrong_kind_words(self, code: str, common: Sequence[str]) -> str:
        need = " or ".join(self.sym(s) for s in common)
        return f"A {self.sym(code)} proof cannot join {need} symbols: use {need} or Universal."

    def _no_arrangement_toast(self, lid: str) -> str:
        return (f"No arrangement of your items reconstructs {lid} yet: "
                "collect more threads or proofs.")

    def _no_arrangement_note(self, lid: str) -> str:
        return f"Hint: no arrangement of your items reconstructs {lid} yet."

    # -- sentences drawn on the table -------------------------------------------------------
    def _offer_words(self, n: int) -> str:
        return (f"You drew {n} leads. Keep one; the other{'s go' if n > 2 else ' goes'} to the bottom of the "
                "lead deck. Bigger points need more connections.")

    def _no_lead_words(self, obs) -> str:
        """The verdict message while you have no lead."""
        if self.busy or obs.phase == R.PHASE_KEEP:
            text = "Reconstructed! Next you keep 2 of your items and choose a new lead."
        elif obs.lead_deck:
            text = "No lead at the moment: you draw 2 and keep one at the start of your next turn."
        else:
            text = "No lead: the lead deck is empty. You may still collect items."
        return text

    def _ready_words(self, obs, me: int, verdict) -> tuple[str, str]:
        """The verdict message's heading and line for a valid layout (``verdict``, a Reconstruction)."""
        bonus = [BONUS_SHORT[self.cards.thread(t).bonus] for t in verdict.direct if self.cards.thread(t).bonus]
        lead = self.cards.lead(obs.leads[me])
        head = "Ready: Reconstruct!" if self.my_turn() and obs.phase == R.PHASE_PLAY else \
            "Valid: reconstruct on your turn."
        text = f"{lead.points} points" + (f", bonus: {', '.join(bonus)}" if bonus else ", no bonus icons next to "
                                          "the lead")
        return head, text

    def _visit_words(self, obs) -> tuple[str, bool]:
        """The visit row's line when nothing is being taken, and whether it calls for a move now."""
        if self.my_turn() and obs.phase == R.PHASE_PLAY and not obs.taken and self._takes():
            where = self.cards.locations[self.visiting].name if self.visiting is not None else "a location"
            return f"Visit {where}: click 2 of its items (or drag them here).", True
        if self.my_turn() and obs.phase == R.PHASE_PLAY:
            return "Visited. Now arrange, trade, reconstruct or end your turn.", False
        return "Between turns you may rearrange your workbench.", False

    # -- the move log and the moves' names ----------------------------------------------------
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
