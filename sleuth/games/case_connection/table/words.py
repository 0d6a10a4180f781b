"""What the Case Connection table says: every sentence the player reads.

The names of seats and symbols in a sentence, the words for threads, leads and taken items, the
move log's lines (``describe``) and the moves' names (``describe_action``), turn hints, the
tooltips of the table's areas and of its buttons (every piece's own are tips.py's), why a drag, click or visit is
refused, the workbench's verdict on each edge and lead icon, the sentences drawn on the table
(the lead offer, keep 2, the verdict message, the visit row), callouts, and the results story.

``TableWording`` is mixed into ``CaseTable`` (``table/__init__.py``); the other rooms call it for
their words and keep only short labels (headings, counts, legends) beside the drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sleuth.core.values import Action, Event
from sleuth.core.wording import number_word
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.balance import first_leads
from sleuth.games.case_connection.cards import DX, DY, SIDES
from sleuth.games.case_connection.grid import LEAD_CELL, place_text
from sleuth.games.case_connection.table import verdict as V
from sleuth.games.case_connection.table.layout import DONE_ROW, LEAD_PANEL, MESSAGE, STAGING, SUPPLY, TRAY
from sleuth.games.case_connection.table.tips import PieceTips
from sleuth.ui.tableview import STORY_LINES, STORY_SIZE, STORY_WIDTH
from sleuth.ui.widgets import inside
from sleuth.ui.words import cap, either, join_words, named, plural, possessive, says, verb_for

# what the bonus icons are called: in full (tooltips, the log) and short (the verdict, the results story)
BONUS_WORDS = {
    "bonus_point": "a Bonus Point token (+1 point)",
    "universal": "a Universal proof",
    "extra_lead": "an extra lead to choose from",
}
# the same, counted (the results story): one, and more than one
BONUS_COUNTED = {"bonus_point": ("+1 point", "+{n} points"), "universal": ("a Universal proof", "{n} Universal proofs"),
                 "extra_lead": ("an extra lead", "{n} extra leads")}

# -- button tooltips ---------------------------------------------------------------------------
KEEP_TIP = ("Keep the 2 items you marked; the rest go back (threads under the "
            "deck, proofs to the pile, universals to the supply).")
HINT_TIP = ("First press: what your items still lack for your lead, and where it lies. Second press: "
            "your items laid out on the desk in a way that reconstructs it, when there is one.")
CLEAR_TIP = "Put every card and proof from your desk back in your tray."
UNDO_TIP = ("Undo your last change on your desk: a card or proof moved, the hint's layout or Clear (Ctrl+Z). "
            "It changes only your desk, never a move of the game.")
#: said after UNDO_TIP where the banner offers Take back (a game against bots): the two read alike
UNDO_NOT_TAKE_BACK = "Take back, at the top, takes back your last move of the game (a visit, a reconstruction)."
CANCEL_TIP = "Put the chosen item back at its location (or right-click, or Ctrl+Z)."
PAN_TIPS = {
    (-1, 0): "Slide the desk to show the cells further left (Shift+Left; or drag an empty part of the desk).",
    (1, 0): "Slide the desk to show the cells further right (Shift+Right; or drag an empty part of the desk).",
    (0, -1): "Slide the desk to show the cells further up (Shift+Up; or drag an empty part of the desk).",
    (0, 1): "Slide the desk to show the cells further down (Shift+Down; or drag an empty part of the desk).",
}
END_TURN_TIP = "Pass to the next player (you may still exchange or reconstruct before this)."
MOVES_TIP = "Every move you may make, as a list"

# -- why a take or a visit is refused ------------------------------------------------------------
NOT_AT_A_LOCATION = "That is not at a location."
ALREADY_VISITED = "You have already visited a location this turn."
TAKE_ON_YOUR_TURN = "You can take items only on your turn."
VISIT_ON_YOUR_TURN = "You can visit a location only on your turn."
TAKE_BY_A_PLACE = "To take it, drop it on your desk or in your tray, or click it."

# -- why a move on the workbench is refused ----------------------------------------------------
# short: over three lines the notice found no room clear of the desk's words (it lay on COMPLETED)
CANNOT_CONNECT = "No proof joins these cards: their touching edges share no symbol (cards never turn)."
DROP_ON_THE_WORKBENCH = "Drop it on your desk or back in your tray."
THREADS_ON_CELLS = "Thread cards go on the cells of your desk, not on the seams between them."
CELL_TAKEN = "That cell is taken."
PROOFS_ON_EDGES = "Proofs go on the seam between two cards that touch: drop it where they meet."
EDGE_TAKEN = "There is already a proof on that seam."
NO_LEAD_TO_RECONSTRUCT = "You have no lead to reconstruct yet."
TOO_WIDE = "The solver's arrangement is wider than your desk."
NOTHING_TO_UNDO = "Nothing to undo on your desk."
NOTHING_HERE = "Nothing to pick up here: move the cursor onto a card or a proof first."
LEAVE_OR_KEEP = "Drop it back on its location to leave it, or on your desk or in your tray to keep it."

# -- sentences drawn on the table --------------------------------------------------------------
KEEP_2_WORDS = ("Your lead is reconstructed. Click 2 of your items (in your tray) to keep; everything else "
                "goes back: threads under the thread deck, proofs to the pile, universals to the supply.")
# a lead being chosen from, dropped anywhere but on the player's own panel
KEEP_A_LEAD = "Drop the lead on your panel (where your name is) to keep it, or press Keep under it."
# an item dragged anywhere but onto the keep slots while 2 items are kept
KEEP_AN_ITEM = "Drop it on one of the two places to keep it, or click it."
# the visit row while one of your items is chosen for click-then-click placement
PLACE_IT = "Now click where it goes: a cell or seam of your desk, or your tray."

# what a lead icon's line in the checklist says after the symbol and side, on one line of its panel
ICON_STATUS = {"direct": "connected directly", "indirect": "along the chain", "missing": "not connected",
               "beyond": "needs a connection along the chain"}
# where a neighbouring card lies, seen from a card, by the side it touches
TOWARDS_IT = ("above it", "on its right", "below it", "on its left")
# where a lead side is, in a sentence about one of its icons
SIDE_PLACE = ("on top of the lead", "on the right of the lead", "at the bottom of the lead", "on the left of the lead")

# where a seam lies from the card (or the lead) it borders, by the side it is on
SEAM_TOWARDS = ("above", "to the right of", "below", "to the left of")
# how each card of a seam is called in that seam's verdict, by the side facing the other card
SEAM_CARD = {0: "the lower card", 1: "the left card", 2: "the upper card", 3: "the right card"}


class TableWording(PieceTips):
    """The table's words: names in sentences, log lines, move names, hints, tooltips, refusals,
    the workbench's verdict, the sentences drawn on the table and the story; mixed into ``CaseTable``
    (uses its ``obs``, ``viewer``, ``cards``, ``scene``, ``board``, ``widgets`` and layout)."""

    # -- names in a sentence ----------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.scene.seat_names[seat]

    def outcome_words(self, outcome) -> str:
        """``Watson reached the 9-point goal first and stayed ahead through the final turns.`` instead of
        the engine's "Watson won with 9 points: seat 1 reached 9 points; final turns played"."""
        obs = self.obs
        if obs is None or obs.end_trigger is None:
            return "No items were left to take, and a whole round passed without a reconstruction."
        trigger = self.name(obs.end_trigger)
        # the goal, not a score: "Violet reached 9 points first" was read as her score while she had 10
        reached = f"{says(trigger, 'reached')} the {self.cards.target_points}-point goal first"
        scores = [int(score) for score in outcome.scores]
        tied = sum(1 for score in scores if score == max(scores)) > 1
        winners = list(outcome.winners)
        if len(winners) > 1:
            return f"{reached}, and the final turns ended in a shared win."
        if tied:  # "ended ahead" of a player with as many points read as wrong
            top = max(scores)
            level = [seat for seat, score in enumerate(scores) if score == top]
            decided = self._tie_break(winners[0], level)
            if winners == [obs.end_trigger]:
                both = "both" if len(level) == 2 else "all"
                if len(scores) > 2:  # who tied, at a table of more
                    both = f"{join_words([named(self.name(seat)) for seat in level])} {both}"
                return f"{reached}; {both} scored {plural(top, 'point')}, and {decided}."
            return (f"{reached}, but {self.says(winners[0], 'drew', start=False)} level on "
                    f"{plural(top, 'point')} in the final turns, and {decided}.")
        if winners == [obs.end_trigger]:
            return f"{reached} and stayed ahead through the final turns."
        return f"{reached}, but {self.says(winners[0], 'ended', start=False)} ahead after the final turns."

    def _tie_break(self, winner: int, level: list[int]) -> str:
        """What broke a tie on points, by the rulebook's order (the best single completed lead,
        then the most completed leads), with the figures: ``Watson's best single lead (5 points)
        beat Ann's (4 points)``. "Won on the best single lead (then the most leads)" read as if
        the leads counted against the player who had more."""
        obs = self.obs
        best = {seat: max((self.cards.lead(lid).points for lid in obs.completed[seat]), default=0) for seat in level}
        count = {seat: len(obs.completed[seat]) for seat in level}
        others = [seat for seat in level if seat != winner]

        def theirs(seat: int) -> str:  # "Watson's", "yours"
            return "yours" if self.name(seat).lower() == "you" else self.possessive(seat)

        mine = f"{self.possessive(winner)} best single lead ({plural(best[winner], 'point')})"
        beaten = [seat for seat in others if best[seat] < best[winner]]
        matched = [seat for seat in others if best[seat] == best[winner]]
        beat = join_words([f"{theirs(seat)} ({plural(best[seat], 'point')})" for seat in beaten])
        if not matched:
            return f"{mine} beat {beat}"
        said = f"{mine} matched {join_words([theirs(seat) for seat in matched])}"
        if beaten:
            said += f" and beat {beat}"
        against = join_words([str(count[seat]) for seat in matched])
        return f"{said}, and {self.says(winner, 'completed', start=False)} more leads: {count[winner]} against {against}"

    def news(self, event) -> bool:
        """A turn's bare end ("Billy's turn ends.") is no news for the banner: it shows what the
        turn took or built again. A refill is told after the move's own line (its line had taken
        the move's place), never instead of it."""
        return not isinstance(event, R.TurnEnded)

    def banner_aftermath(self, event) -> bool:
        """Every location refilled after a move: told in the banner after the move's line (a
        newcomer saw all four locations change with no word)."""
        return isinstance(event, R.Refilled) and event.reason != "setup"

    def final_turns(self, seat: int) -> str:
        """Who plays on once ``seat`` has reached the target: ``Watson gets one final turn`` at a
        table of two, ``every other player gets one final turn`` at more."""
        players = len(self.scene.seat_names)
        if players == 2:
            return f"{self.says(1 - seat, 'gets', start=False)} one final turn"
        return "every other player gets one final turn"

    def verb(self, seat: int, verb: str) -> str:
        """``takes`` for Watson, ``take`` for a seat named You (a second verb in one sentence)."""
        name = self.name(seat)
        return verb_for(name, verb)

    def says(self, seat: int, verb: str, start: bool = True) -> str:
        """``Watson takes`` but ``You take`` (``you take`` in the middle of a sentence)."""
        return says(self.name(seat), verb, start)

    def possessive(self, seat: int) -> str:
        return possessive(self.name(seat))

    def sym(self, code: str) -> str:
        return self.cards.symbol_name(code)

    # -- words for things -------------------------------------------------------------------
    # A card has no printed id, so a sentence says what is on it: a thread by its symbols (its
    # tooltip by each side), a lead by its points (and its icons where there is room).
    def thread_words(self, tid: str) -> str:
        t = self.cards.thread(tid)
        sides = [f"{SIDES[s]} {self.sym(code)}" for s, code in enumerate(t.edges) if code is not None]
        blank = [SIDES[s] for s, code in enumerate(t.edges) if code is None]
        text = "A thread: " + ", ".join(sides)
        if blank:
            text += f" ({' and '.join(blank)} blank)"
        if t.bonus:
            text += f". Bonus: {BONUS_WORDS[t.bonus]} when it is directly connected to a lead"
        return text + "."

    def thread_kind(self, tid: str, count: int = 1) -> str:
        """A thread by its symbols, without its article: ``Cyber thread`` for one symbol, ``thread
        showing Witness and Cyber`` for more ("a Forensic, Witness and Cyber thread and a Universal
        proof" read as four things; "Cyber-Forensic-Witness" as an id), always in one order (two
        threads of the same symbols read alike and are counted together); ``count`` makes it plural."""
        shown = {c for c in self.cards.thread(tid).edges if c is not None}
        codes = [c for c in self.cards.proof_kinds if c in shown] + sorted(shown - set(self.cards.proof_kinds))
        noun = "thread" if count == 1 else "threads"
        if len(codes) == 1:
            return f"{self.sym(codes[0])} {noun}"
        return f"{noun} showing {join_words([self.sym(c) for c in codes])}"

    def lead_icons(self, lid: str, explain: bool = True) -> str:
        """``top Forensic; right Cyber and Witness (one direct, one further along that side's chain)``."""
        parts = []
        for side, icons in enumerate(self.cards.lead(lid).sides):
            if not icons:
                continue
            kinds = list(dict.fromkeys(icons))
            names = f"two {self.sym(kinds[0])}" if len(icons) == 2 and len(kinds) == 1 else \
                " and ".join(self.sym(code) for code in icons)
            extra = " (one direct, one further along that side's chain)" if len(icons) > 1 and explain else ""
            parts.append(f"{SIDES[side]} {names}{extra}")
        return "; ".join(parts)

    def lead_points(self, lid: str) -> str:
        """``4-point lead``."""
        return f"{self.cards.lead(lid).points}-point lead"

    def lead_words(self, lid: str) -> str:
        return f"A {self.lead_points(lid)}. Its icons: {self.lead_icons(lid)}."

    def items_words(self, threads: Sequence[str], proofs: Sequence[str]) -> str:
        words = []
        alike: dict[str, list[str]] = {}  # threads of the same symbols, told together
        for tid in threads:
            alike.setdefault(self.thread_kind(tid), []).append(tid)
        for kind, same in alike.items():
            words.append(f"a {kind}" if len(same) == 1 else f"{len(same)} {self.thread_kind(same[0], len(same))}")
        for code, n in Counter(proofs).items():
            words.append(f"a {self.sym(code)} proof" if n == 1 else plural(n, f"{self.sym(code)} proof"))
        return join_words(words) if words else "nothing"

    def items_summed(self, threads: Sequence[str], proofs: Sequence[str], alike: bool = True) -> tuple[str, str]:
        """A take's items said short, and what its threads show: (``2 threads and a Cyber proof``,
        ``one showing Forensic and Cyber, the other showing Witness``) for a take whose threads need
        their symbols told, else (``items_words``, ""); ``alike`` False sums up two alike threads too
        (``2 threads``). The short part comes first, so a line cut
        at its first clause (the banner, the replay expert's two lines) still says what was taken
        (play-test: "...and a thread showing..." cut in a replay's banner)."""
        kinds = [self.thread_kind(tid) for tid in threads]
        whole = self.items_words(threads, proofs)
        if not any(" showing " in kind for kind in kinds) or alike and len(set(kinds)) == 1 and not proofs:
            return whole, ""  # "a Cyber thread and a Witness proof", "2 threads showing Forensic and Cyber"
        parts = ["a thread" if len(threads) == 1 else plural(len(threads), "thread")]
        if proofs:
            parts.append(self.items_words((), proofs))
        shows = [kind.split(" showing ", 1)[1] if " showing " in kind else kind.rsplit(" ", 1)[0] for kind in kinds]
        if len(shows) == 1:
            return join_words(parts), f"the thread shows {shows[0]}"
        return join_words(parts), f"one showing {shows[0]}, the other showing {shows[1]}"

    def _twin_places(self, action: R.Take) -> dict[str, str]:
        """The taken threads that another thread at the location reads the same as (its symbols
        alike, its sides not: threads are never turned), each with where it lies there (``left``,
        ``middle``, ``right``): two moves of "Your possible moves" read word for word alike."""
        if self.obs is None or action.location >= len(self.obs.locations):
            return {}
        spaces = self.obs.locations[action.location][0]
        where = {1: ("",), 2: ("left", "right"), 3: ("left", "middle", "right")}.get(len(spaces))
        places = {}
        for tid in action.threads:
            kind = self.thread_kind(tid)
            if tid in spaces and where and any(other is not None and other not in action.threads and
                                                self.thread_kind(other) == kind for other in spaces):
                places[tid] = where[spaces.index(tid)] if len(where) > 1 else ""
        return {tid: place for tid, place in places.items() if place}

    def describe_action_briefly(self, action: Action) -> str:
        """The move in few words, for the replay expert's two short lines: what a take takes, not
        what each thread shows; a lead by its points; an exchange without its seams."""
        a = action
        if isinstance(a, R.Take):
            items = self.items_summed(a.threads, a.proofs, alike=False)[0]
            return f"Visit {self.cards.locations[a.location].name}: take {items}"
        if isinstance(a, R.Keep):
            return f"Keep {self.items_summed(a.threads, a.proofs, alike=False)[0]}"
        if isinstance(a, R.PickLead):
            return f"Keep the {self.lead_points(a.lead)}"
        if isinstance(a, R.Exchange):
            return f"Exchange 3 {self.sym(a.proof)} proofs for a Universal proof"
        return self.describe_action(a)

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
                threads, proofs = obs.locations[loc]
                items = sum(t is not None for t in threads) + sum(p is not None for p in proofs)
                now = f"{plural(items, 'item')} now" + (", closed" if items == 1 else "")
                return (f"{spec.name} ({now}): {plural(spec.threads, 'thread space')} and "
                        f"{plural(spec.proofs, 'proof space')}. "
                        "Visit it to take exactly 2 items (any mix). A location with only 1 item cannot be "
                        "visited; when two locations are down to 1 item, every location is replenished.")
        if inside(SUPPLY, pos):
            return (f"Thread deck: {plural(obs.thread_deck, 'card')}. Lead deck: {plural(obs.lead_deck, 'card')}. "
                    f"Proof pile: {plural(obs.proof_pile, 'proof')}, face down, drawn at random. Universal proofs "
                    f"in the supply: {obs.universal_supply}. Bonus Point tokens left: {obs.bonus_pool}.")
        if self.viewer is not None:
            if inside(LEAD_PANEL, pos):
                return ("Your lead's icons: each needs its own connection of that symbol. One icon per side is "
                        "met by the card touching that side (direct); a second icon on the same side by a "
                        "connection further along that card's chain (indirect). Bonuses count only directly.")
            if inside(TRAY, pos):
                return ("Your tray: threads and proofs you hold but have not laid out. Exchange 3 proofs of one "
                        "kind for a Universal once per turn.")
            if inside(STAGING, pos):
                return ("A visit: choose 2 items at one location, dragged onto your desk or clicked; they are "
                        "taken together.")
            if inside(DONE_ROW, pos):
                return "Your completed leads (face down, points on the seal) and Bonus Point tokens."
            if inside(MESSAGE, pos):
                return ("What your desk is now: the points and bonuses it would score, or exactly what stops it "
                        "from being a reconstruction (the card or seam it means is outlined on the desk).")
            for cell in self.view_cells():
                if inside(self.cell_rect(cell), pos) and self.desk_shown():
                    return ("A cell of your desk, around your lead. Lay threads anywhere: only the cards joined to "
                            "your lead by proofs are the reconstruction; the rest lie aside. Drag an empty part "
                            "of the desk to slide it.")
        for seat, rect in self.seat_rects().items():
            if inside(rect, pos):
                return (f"{cap(self.possessive(seat))} area: lead, threads, proofs, completed leads "
                        f"and Bonus Point tokens; {plural(obs.scores[seat], 'point')}.{self.progress_words(seat)}")
        return None

    # -- callouts ---------------------------------------------------------------------------
    def _banner(self, e: Event) -> str:
        """The short banner over a player's area while a reconstruction or the end trigger plays."""
        if isinstance(e, R.Reconstructed):
            return f"Lead reconstructed: +{e.points}"
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
    def _shows(self, cell, side: int, syms) -> str:
        """``the left card shows Cyber on its right side``: one card of a seam, by where it lies."""
        who = "your lead" if cell == LEAD_CELL else SEAM_CARD[side]
        what = " and ".join(self.sym(x) for x in syms) if syms else "nothing"
        return f"{who} shows {what} on its {SIDES[side]} side"

    def _connected_words(self, link: str, kind: str) -> str:
        return f"Connected: {self.sym(link)}, with a {self.sym(kind)} proof."

    def _wrong_proof_words(self, kind: str, one: str, other: str) -> str:
        return f"This {self.sym(kind)} proof cannot join them: {one}, {other}."

    def _missing_proof_words(self, common: Sequence[str]) -> str:
        names = [self.sym(s) for s in common]
        return f"Proof missing: both show {either(names)}. Drop a {either(names + ['Universal'])} proof here."

    def _no_match_words(self, one: str, other: str) -> str:
        return f"Symbols don't match: {one}, {other}. These cards touch but cannot connect."

    @staticmethod
    def _seam_place(edge) -> str:
        """Where a seam of your desk lies, as a player would say it: ``to the right of your lead``,
        ``below the card above your lead``."""
        a, b = edge
        if LEAD_CELL in edge:
            other = b if a == LEAD_CELL else a
            side = next(s for s in range(4) if (DX[s], DY[s]) == other)
            return f"{SEAM_TOWARDS[side]} your lead"
        side = next(s for s in range(4) if (a[0] + DX[s], a[1] + DY[s]) == b)
        return f"{SEAM_TOWARDS[side]} {place_text(a).replace('the lead', 'your lead')}"

    def _icon_words(self, code: str, side: int, status: str) -> str:
        return f"{self.sym(code)}, {SIDES[side]}: {ICON_STATUS[status]}"

    def _back_where_it_came_from(self, key) -> str:
        """Why an item of a location, dropped on no place for it, slid back: one sentence wherever it
        was dropped (your area's gaps, the Hint button, the middle of the table, another's area)."""
        return LEAVE_OR_KEEP if self._staged(key) is not None else TAKE_BY_A_PLACE

    # -- why a desk is not (yet) a reconstruction ----------------------------------------------
    def _why_words(self, why) -> str:
        """The sentence for a ``verdict.Why``; "this thread" is the card outlined on the desk."""
        names = [self.sym(c) for c in why.icons]
        where = SIDE_PLACE[why.side] if why.side is not None else ""

        def edge_of(code: str | None) -> str:
            return f"this thread's {self.sym(code)} edge" if code else "this thread's blank edge"

        if why.kind == V.NO_THREAD:
            facing = SIDES[(why.side + 2) % 4]
            if len(names) == 1:
                return (f"the {names[0]} icon {where} has no thread reaching it: put a thread showing {names[0]} "
                        f"on its {facing} edge there")
            kinds = list(dict.fromkeys(names))  # two icons of one kind: "the two Forensic icons"
            icons = f"two {kinds[0]}" if len(kinds) == 1 else " and ".join(names)
            return (f"the {icons} icons {where} have no thread reaching them: put a thread showing "
                    f"{either(kinds)} on its {facing} edge there")
        if why.kind == V.FACES_LEAD:
            icons = f"the lead's {' and '.join(names)} icon{'s' if len(names) > 1 else ''}"
            return f"{edge_of(why.mine)} faces {icons}: a connection needs the same symbol on both"
        if why.kind == V.NO_PROOF_LEAD:
            name = self.sym(why.mine)
            return (f"this thread's {name} edge meets the lead's {name} icon, but no proof lies between them: drop "
                    f"a {name} or Universal proof on the seam{self._none_spare(why)}")
        if why.kind == V.FACES_CARD:
            want = names[0]
            faces = f"a {self.sym(why.faces)} edge" if why.faces else "a blank edge"
            return (f"{edge_of(why.mine)} faces {faces}, so they cannot connect; the {want} icon {where} still "
                    f"needs a {want} connection along this chain")
        if why.kind == V.NO_PROOF_CARD:
            name = names[0]
            return (f"this thread's {name} edge meets a {name} edge, but no proof lies between them; the {name} "
                    f"icon {where} needs that connection: drop a {name} or Universal proof "
                    f"there{self._none_spare(why)}")
        if why.kind == V.BRIDGE:
            return self._bridge_words(why, names[0], where)
        if why.kind == V.NEEDS_MORE:
            name = names[0]
            need = f"the {name} icon {where} needs one more {name} connection further along the chain"
            if why.mine:
                return f"{need}: join a thread to this card's {name} edge, with a {name} or Universal proof"
            if why.faces:
                return (f"{need}, and no card of that chain shows {name} on a free edge: join a thread showing "
                        f"{name} to this card's {self.sym(why.faces)} edge, then another to its {name} edge")
            return f"{need}, and the cards of that chain have no free edge left: lay them out another way"
        if why.kind == V.LOOP:
            return ("these threads close a loop: every thread must reach the lead by exactly one chain, so take "
                    "one proof out of the loop")
        if why.kind == V.WRONG_PROOF:
            return f"this {self.sym(why.icons[0])} proof lies on a seam it cannot join"
        return why.text

    @staticmethod
    def _none_spare(why) -> str:
        """`` (you have none spare)`` after a proof to drop, when every one of that kind (and every
        Universal one) the player holds already lies on the desk."""
        return "" if why.spare else " (you have none spare yet)"

    def _bridge_words(self, why, name: str, where: str) -> str:
        """A card aside would give the connection a lead icon needs, but no proof joins it to the
        chain: the proof missing (which, and on which seam), then what is left to do."""
        near = why.cells[0]
        chain_cell = why.edge[0] if why.edge[1] == near else why.edge[1]
        toward = next(TOWARDS_IT[s] for s in range(4) if (near[0] + DX[s], near[1] + DY[s]) == chain_cell)
        link = self.sym(why.mine)
        drop = (f"drop a {link} or Universal proof between it and the card {toward}"
                f"{self._none_spare(why)}")
        if why.then == V.MADE:
            return (f"the {name} connection beyond this thread would satisfy the {name} icon {where}, but no proof "
                    f"joins this thread to the chain: {drop}")
        if why.then == V.SEAM:
            return (f"this thread leads to a {name} seam for the {name} icon {where}, but no proof joins it to the "
                    f"chain: {drop}, then a {name} or Universal proof on that {name} seam")
        if len(why.cells) > 1:
            return (f"a thread beyond this one shows {name} for the {name} icon {where}, but no proof joins this "
                    f"one to the chain: {drop}, then join a thread to that {name} edge")
        return (f"this thread shows {name} for the {name} icon {where}, but no proof joins it to the chain: {drop}, "
                f"then join a thread to its {name} edge")

    # -- the hint's first step ------------------------------------------------------------------
    def _advice_words(self, advice) -> str:
        """What your items lack and where it lies: ``You need one more Witness thread and a Cyber
        proof; The Docks has both.``"""
        if advice.ready:
            return "You hold everything this lead needs. Press Hint again to see a layout."
        if not advice.needs:
            parts = []
            for kind, code, n in advice.short:
                if kind == "thread":
                    parts.append(f"a thread showing {self.sym(code)} toward the lead's {SIDES[n]} side")
                else:
                    parts.append(f"{number_word(n)} more {self.sym(code)} "
                                 f"proof{'s' if n > 1 else ''}")
            if not parts:
                return ("This lead needs more than two more items: collect threads whose symbols continue its "
                        "chains.")
            return f"This lead needs more than two more items, at least {join_words(parts)}."
        holding = bool(self.obs.threads[self.viewer])
        groups: dict[tuple[str, str], int] = {}
        for need in advice.needs:
            groups[(need.kind, need.symbol)] = groups.get((need.kind, need.symbol), 0) + 1
        phrases = []
        for (kind, code), n in groups.items():
            name = self.sym(code)
            if kind == "thread":
                many = f"{number_word(n)} more" if holding else number_word(n)
                phrases.append(f"{'one more' if holding else 'a'} {name} thread" if n == 1 else f"{many} {name} threads")
            else:
                phrases.append(f"a {name} proof" if n == 1 else f"{number_word(n)} {name} proofs")
        places = {need.location for need in advice.needs}
        if len(places) == 1 and None not in places:
            loc = self.cards.locations[advice.needs[0].location].name
            has = "it" if len(advice.needs) == 1 else "both" if len(advice.needs) == 2 else "them all"
            where = f"{loc} has {has}"
        elif places == {None}:
            where = "none is out at a location now" if len(advice.needs) == 1 else "none of them is out at a location now"
        else:
            bits = []
            for need in advice.needs:
                what = f"{self.sym(need.symbol)} {need.kind}"
                if need.location is None:
                    bits.append(f"no {what} is out at a location now")
                else:
                    bits.append(f"the {what} is at {self.cards.locations[need.location].name}")
            where = join_words(bits)
        return f"You need {join_words(phrases)}; {where}."

    def _wrong_kind_words(self, code: str, common: Sequence[str]) -> str:
        names = [self.sym(s) for s in common]
        return (f"A {self.sym(code)} proof cannot join {either(names)} symbols: use a "
                f"{either(names + ['Universal'])} proof.")

    def _no_arrangement_toast(self, lid: str) -> str:
        return "No arrangement of your items reconstructs your lead yet: collect more threads or proofs."

    # -- sentences drawn on the table -------------------------------------------------------
    def _offer_words(self, n: int) -> str:
        if n == 1:
            return "You drew the last lead of the deck: keep it. Bigger points need more connections."
        return (f"You drew {n} leads. Keep one; the other{'s go' if n > 2 else ' goes'} to the bottom of the "
                "lead deck. Bigger points need more connections.")

    def _no_lead_words(self, obs) -> str:
        """The verdict message while you have no lead."""
        me = obs.seat
        if obs.outcome is not None:
            text = "The game is over."
        elif me is not None and obs.scores[me] >= self.cards.target_points:
            # a reconstruction that reaches the target ends the turn: nothing is kept, no new lead
            text = (f"Reconstructed! You have {plural(obs.scores[me], 'point')}: "
                    f"{'the others play' if obs.players > 2 else 'the other player plays'} the final turns.")
        elif obs.phase == R.PHASE_KEEP or self.busy and me is not None and obs.scores[me] > 0:  # not the deal
            text = "Reconstructed! Next you keep 2 of your items and choose a new lead."
        elif obs.lead_deck:
            text = "No lead at the moment: you draw 2 and keep one at the start of your next turn."
        else:
            text = "No lead: the lead deck is empty. You may still collect items."
        return text

    def _ready_words(self, obs, me: int, verdict) -> tuple[str, str]:
        """The verdict message's heading and line for a valid layout (``verdict``, a Reconstruction)."""
        kinds = Counter(self.cards.thread(t).bonus for t in verdict.direct if self.cards.thread(t).bonus)
        # counted ("2 extra leads"; it read "extra lead and extra lead")
        bonus = [BONUS_COUNTED[kind][0] if n == 1 else BONUS_COUNTED[kind][1].format(n=n) for kind, n in kinds.items()]
        lead = self.cards.lead(obs.leads[me])
        head = "Ready: Reconstruct!" if self.my_turn() and obs.phase == R.PHASE_PLAY else \
            "Valid: reconstruct on your turn."
        text = f"It scores {plural(lead.points, 'point')}" + (
            f" and the bonus{'es' if sum(kinds.values()) > 1 else ''} of the cards next to the lead: {join_words(bonus)}."
            if bonus else "; no bonus icon is directly connected to the lead.")
        aside = len(self.layout().cells) - len(verdict.threads)
        if aside > 0:
            text += f" {plural(aside, 'card')} aside {'does' if aside == 1 else 'do'} not count."
        return head, text

    def _visit_words(self, obs) -> tuple[str, bool]:
        """The visit row's line when nothing is being taken, and whether it calls for a move now."""
        if self.scene.watching:
            return "", False  # a replay asks for no move ("Between turns you may rearrange your desk.")
        if self.my_turn() and obs.phase == R.PHASE_PLAY and not obs.taken:
            if self._takes():
                where = self.cards.locations[self.visiting].name if self.visiting is not None else "a location"
                return f"Visit {where}: drag 2 of its items onto your desk, or click them.", True
            if not self.legal():
                return "", False  # nothing to do yet (a lesson's script is playing): not "Visited"
            return f"No location holds 2 items: {self._still_to_do(obs)}.", False
        if self.my_turn() and obs.phase == R.PHASE_PLAY:
            return f"Visited. Now {self._still_to_do(obs)}.", False
        if self.my_turn() and obs.phase == R.PHASE_KEEP:
            return "Click 2 of your items in the tray, then press \"Keep these 2\".", True
        if self.my_turn():
            return "Choose your lead first: press Keep under the one you want.", True
        if obs.outcome is not None:
            return "The game is over: the casebook (L) tells how it went.", False
        return "Between turns you may rearrange your desk.", False

    def _still_to_do(self, obs) -> str:
        """What the player can still do this turn, and only that ("exchange" was said when none was possible)."""
        kinds = {type(a) for a in self.legal()}
        return either(["arrange"] * bool(obs.threads[self.viewer]) + ["exchange"] * (R.Exchange in kinds)
                      + ["reconstruct"] * (R.Reconstruct in kinds) + ["end your turn"])

    def _picks_words(self) -> str:
        """The message while a visit is being made (one item chosen)."""
        name = self.cards.locations[self.picks[0][2]].name
        return (f"Choose one more item at {name}: drag it to where it goes on your desk, or click it. Both are "
                "taken together. Click the first again (or Cancel, or Ctrl+Z) to put it back.")

    def _keep_label(self, key) -> str:
        """Under an item marked to keep after a reconstruction."""
        return "this thread" if key[0] == "thread" else f"{self.sym(self.kind_of[key[1]])} proof"

    # -- the move log and the moves' names ----------------------------------------------------
    def _head_starts(self, e: R.GameStarted) -> list[str]:
        """What each player starts with by Sleuth's balance rule, in turn order: ``Bo starts
        with 1 Universal proof and chooses a first lead from 3``. (The 4-player draws after the
        layout have their own lines, ``HeadStartDrawn``.)"""
        players = len(e.head_start)
        out = []
        for place in range(players):
            seat = (e.first + place) % players
            leads = first_leads(players, place)
            choice = f"{self.verb(seat, 'chooses')} a first lead from {leads}" if leads != 2 else ""
            if e.head_start[seat]:
                gift = f"{self.says(seat, 'starts', start=False)} with {plural(e.head_start[seat], 'Universal proof')}"
                out.append(f"{gift} and {choice}" if choice else gift)
            elif choice:
                out.append(f"{named(self.name(seat))} {choice}")
        return out

    def describe(self, event: Event) -> str | None:
        e = event
        if isinstance(e, R.GameStarted):
            line = f"{self.says(e.first, 'goes')} first. Reach {plural(self.cards.target_points, 'point')}."
            if any(e.head_start):  # Sleuth's balance rule (all 0 with the rulebook's setup)
                line += f" Sleuth's balance rule: {'; '.join(self._head_starts(e))}."
            return line
        if isinstance(e, R.HeadStartDrawn):
            where = join_words((["the thread deck"] if e.threads else []) + (["the pile"] if e.proofs else []))
            return (f"By Sleuth's balance rule, {self.says(e.seat, 'draws', start=False)} "
                    f"{self.items_words(e.threads, e.proofs)} from {where}.")
        if isinstance(e, R.Refilled):
            if e.reason == "setup":
                return "The locations are laid out with threads and proofs."
            return f"Every location is replenished: {e.reason}."
        if isinstance(e, R.LeadsDrawn):
            keeps = f"{self.verb(e.seat, 'keeps')} {'it' if e.count == 1 else 'one'}"
            if e.leads:
                points = join_words([str(self.cards.lead(lid).points) for lid in e.leads])
                worth = f"worth {points} {'point' if points == '1' else 'points'}"
                return f"{self.says(e.seat, 'draws')} {plural(e.count, 'lead')} ({worth}) and {keeps}."
            return f"{self.says(e.seat, 'draws')} {plural(e.count, 'lead')} and {keeps}."
        if isinstance(e, R.LeadChosen):
            back = ""
            if e.returned == 1:
                back = "; the other goes under the lead deck"
            elif e.returned:
                back = f"; the other {e.returned} go under the lead deck"
            return f"{self.says(e.seat, 'keeps')} a {self.lead_points(e.lead)}{back}."
        if isinstance(e, R.NoLead):
            return f"The lead deck is empty: {self.says(e.seat, 'has', start=False)} no new lead for now."
        if isinstance(e, R.Took):
            where = self.cards.locations[e.location].name
            items, shows = self.items_summed(e.threads, e.proofs)
            return (f"{self.says(e.seat, 'visits')} {where} and {self.verb(e.seat, 'takes')} {items}"
                    f"{': ' + shows if shows else ''}.")
        if isinstance(e, R.Exchanged):
            return f"{self.says(e.seat, 'exchanges')} 3 {self.sym(e.proof)} proofs for a Universal proof."
        if isinstance(e, R.Reconstructed):
            direct = f" with {plural(len(e.direct), 'direct connection')}" if e.direct else ""
            return f"{self.says(e.seat, 'reconstructs')} a {self.lead_points(e.lead)}{direct}!"
        if isinstance(e, R.BonusGained):
            if not e.granted:
                return (f"A thread next to {self.possessive(e.seat)} lead shows {BONUS_WORDS[e.bonus]}, "
                        "but none is left.")
            # "an extra lead to choose from" already ends in "from": the thread is named first
            whom = "you" if self.name(e.seat).lower() == "you" else self.name(e.seat)
            return f"A thread next to the lead gives {whom} {BONUS_WORDS[e.bonus]}."
        if isinstance(e, R.Kept):
            back = []
            if e.returned_threads:
                n = len(e.returned_threads)
                back.append(f"{plural(n, 'thread')} {'goes' if n == 1 else 'go'} under the deck")
            if e.returned_proofs:
                n = len(e.returned_proofs)
                back.append(f"{plural(n, 'proof')} {'goes' if n == 1 else 'go'} back")
            rest = f"; {' and '.join(back)}" if back else ""
            return f"{self.says(e.seat, 'keeps')} {self.items_words(e.threads, e.proofs)}{rest}."
        if isinstance(e, R.TurnEnded):
            return f"{cap(self.possessive(e.seat))} turn ends."  # "Carol ends the turn." read clumsily
        if isinstance(e, R.EndTriggered):
            return f"{self.says(e.seat, 'reaches')} {plural(e.score, 'point')}: {self.final_turns(e.seat)}."
        if isinstance(e, R.GameOver):
            names = join_words([named(self.name(w)) for w in e.winners])
            best = max(e.scores) if e.scores else 0
            if len(e.winners) == 1:
                return f"Game over: {says(names, 'wins', start=False)} with {plural(best, 'point')}."
            return f"Game over: {names} share the win with {plural(best, 'point')}."
        return super().describe(e)

    def describe_action(self, action: Action) -> str:
        a = action
        if isinstance(a, R.Take):
            where = self.cards.locations[a.location].name
            places = self._twin_places(a)
            if places:  # told apart from the move that takes the twin thread instead
                taken = [f"the {places[tid]} {self.thread_kind(tid)}" if tid in places else f"a {self.thread_kind(tid)}"
                         for tid in a.threads]
                if a.proofs:
                    taken.append(self.items_words((), a.proofs))
                return f"Visit {where}: take {join_words(taken)}"
            return f"Visit {where}: take {self.items_words(a.threads, a.proofs)}"
        if isinstance(a, R.Exchange):
            said = f"Exchange 3 {self.sym(a.proof)} proofs for a Universal proof"
            seams = self.exchange_off_desk(a.proof) if self.obs is not None else []
            if not seams:
                return said
            which = "all three" if len(seams) == 3 else f"{number_word(len(seams))} of them"
            places = join_words([self._seam_place(edge) for edge in seams])
            return f"{said}, {which} off your desk (the seam{'s' if len(seams) > 1 else ''} {places})"
        if isinstance(a, R.Reconstruct):
            lid = self.obs.leads[self.viewer] if self.obs is not None and self.viewer is not None else None
            what = f"your {self.lead_points(lid)}" if lid else "your lead"
            return f"Reconstruct {what} with {plural(len(a.cards), 'thread')}"
        if isinstance(a, R.Keep):
            return f"Keep {self.items_words(a.threads, a.proofs)}"
        if isinstance(a, R.PickLead):
            return f"Keep the {self.lead_points(a.lead)}: {self.lead_icons(a.lead, explain=False)}"
        if isinstance(a, R.EndTurn):
            return "End your turn"
        return super().describe_action(a)

    def turn_word(self) -> str:
        """"Your last turn" once someone has reached the target and the final turns are played."""
        obs = self.obs
        return "Your last turn" if obs is not None and obs.final_turns_left > 0 else "Your turn"

    def turn_hint(self) -> str:
        obs = self.obs
        if obs is None or not self.my_turn():
            return ""
        if obs.phase in (R.PHASE_SETUP, R.PHASE_PICK):
            return "choose the lead you keep"
        if obs.phase == R.PHASE_KEEP:
            return "mark 2 items to keep"
        if self.picks:
            return "choose one more item there"
        if not obs.taken and self._takes():
            if self.keyed():
                return "visit a location: pick up 2 of its items with Enter"
            return "visit a location: drag 2 of its items onto your desk"
        if self.may_reconstruct():
            return "press Reconstruct, or end your turn"
        return self._still_to_do(obs)

    def risky(self, seat: int, action: Action) -> str | None:
        """No move in Case Connection loses on the spot (reaching 9 only starts the final turns)."""
        return None

    # -- results ----------------------------------------------------------------------------
    def story(self) -> list[str]:
        """How the game went: every reconstruction (who, when, how many points) and the end.

        Told in full when it fits the results screen's story column (``STORY_BOX``); otherwise the
        same reconstructions are told more briefly, one line per player, never cut out."""
        obs = self.obs
        if obs is None:
            return super().story()
        done = [e for e in obs.log if isinstance(e, R.GameOver)]
        end = [self.describe(done[-1])] if done else []
        builds: list[tuple[int, R.Reconstructed, list[str]]] = []  # (round, event, bonuses)
        trigger: tuple[int, R.EndTriggered] | None = None
        last_of_trigger = -1  # the reconstruction that reached the end (the trigger is told right after it)
        ended = 0
        for e in obs.log:
            rnd = ended // max(1, obs.players) + 1
            if isinstance(e, R.TurnEnded):
                ended += 1
            elif isinstance(e, R.Reconstructed):
                builds.append((rnd, e, []))
            elif isinstance(e, R.BonusGained) and e.granted and builds and builds[-1][1].seat == e.seat:
                builds[-1][2].append(e.bonus)
            elif isinstance(e, R.EndTriggered):
                trigger = (rnd, e)
                last_of_trigger = len(builds) - 1
        if not builds:
            return ["Nobody reconstructed a lead."] + end
        full = []
        for k, (rnd, e, bonus) in enumerate(builds):
            counted = [(one if n == 1 else many.format(n=n)) for kind, n in Counter(bonus).items()
                       for one, many in (BONUS_COUNTED[kind],)]
            extra = f" (bonus: {join_words(counted)})" if bonus else ""
            full.append(f"Round {rnd}: {self.says(e.seat, 'reconstructs', start=False)} "
                        f"a {self.lead_points(e.lead)}{extra}.")
            if trigger is not None and k == last_of_trigger:
                full.append(f"Round {trigger[0]}: {self.says(trigger[1].seat, 'reaches', start=False)} "
                            f"{plural(trigger[1].score, 'point')}; {self.final_turns(trigger[1].seat)}.")
        if self._story_fits(full + end):
            return full + end
        by_seat: dict[int, list[tuple[int, int]]] = {}
        bonus_points: Counter[int] = Counter()  # the Bonus Point tokens: part of the score (issue: 4 + 3 read as 8)
        for rnd, e, bonus in builds:
            by_seat.setdefault(e.seat, []).append((rnd, e.points))
            bonus_points[e.seat] += bonus.count("bonus_point")

        def plus_bonus(seat: int) -> str:
            n = bonus_points[seat]
            return f", and {self.verb(seat, 'gains')} {plural(n, 'bonus point')}" if n else ""

        brief = []
        for seat, leads in by_seat.items():
            points = join_words([str(p) for _, p in leads])
            rounds = join_words([str(r) for r, _ in leads])
            brief.append(f"{self.says(seat, 'reconstructs')} {plural(len(leads), 'lead')}: {points} points, "
                         f"in round{'s' if len(leads) > 1 else ''} {rounds}{plus_bonus(seat)}.")
        if trigger is not None:
            reached = (f"Round {trigger[0]}: {self.says(trigger[1].seat, 'reaches', start=False)} "
                       f"{plural(trigger[1].score, 'point')}.")
            if self._story_fits(brief + [reached] + end):
                return brief + [reached] + end
        if self._story_fits(brief + end):
            return brief + end
        shortest = []
        for seat, leads in by_seat.items():
            bonus = f" and {plural(bonus_points[seat], 'bonus point')}" if bonus_points[seat] else ""
            shortest.append(f"{self.name(seat)}: {plural(len(leads), 'lead')} of "
                            f"{join_words([str(p) for _, p in leads])} points{bonus}.")
        return shortest + end

    def _story_fits(self, lines: list[str]) -> bool:
        """Whether ``lines`` fit the results screen's story column, measured with the app's fonts."""
        app = getattr(self.scene, "app", None)
        canvas = getattr(app, "canvas", None)
        if canvas is None:
            return True
        return sum(len(canvas.wrap(line, STORY_SIZE, STORY_WIDTH)) for line in lines) <= STORY_LINES
