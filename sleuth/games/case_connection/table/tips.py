"""What Case Connection's pieces say under the pointer: a thread or proof at a location, chosen
for a visit, held by a player, laid on your desk or in your tray, a lead offered or completed,
Bonus Point tokens. ``PieceTips`` is a part of ``TableWording`` (words.py), which builds the
tooltips from these and names the things in them (``thread_words``, ``lead_words``, ``sym``)."""

from __future__ import annotations

from sleuth.games.case_connection.cards import UNIVERSAL
from sleuth.games.case_connection.grid import place_text
from sleuth.ui.words import cap, plural, possessive, says


def where_words(cell) -> str:
    """Where a card lies on your workbench: ``to the right of your lead``, ``two above your lead``."""
    return place_text(cell).removeprefix("the card ").replace("the lead", "your lead")


class PieceTips:
    """The pieces' tooltips; mixed into ``TableWording``."""

    def _tip_thread_at(self, tid: str, where: str, may_take: bool = True) -> str:
        if not may_take:  # after the visit, or on another's turn: what it is, not an offer refused
            return f"{self.thread_words(tid)} At {where}."
        return (f"{self.thread_words(tid)} At {where}: drag it onto a cell of your desk (or click it) to take it; "
                "the take is made with the second item you choose.")

    def _tip_proof_at(self, code: str, where: str, may_take: bool = True) -> str:
        what = (f"A {self.sym(code)} proof at {where}: it joins two cards whose touching edges both show "
                f"{self.sym(code)}.")
        return f"{what} Drag it onto such a seam on your desk (or click it) to take it." if may_take else what

    def _tip_staged(self, key, where: str) -> str:
        what = self.thread_words(key[1]) if key[0] == "thread" else f"A {self.sym(self.kind_of[key[1]])} proof."
        return (f"{what} Chosen at {where}, not taken yet: choose one more item there. Drag it elsewhere, "
                "or click it to put it back.")

    def _tip_current_lead(self, seat: int, lid: str) -> str:
        return f"{cap(self.possessive(seat))} current lead. {self.lead_words(lid)}{self.progress_words(seat)}"

    def _tip_held_thread(self, who: str, tid: str) -> str:
        return f"{says(who, 'holds')} it. {self.thread_words(tid)}"

    def _tip_held_pile(self, who: str, tids) -> str:
        """The pile on the last place of a long hand: every thread in it, the one on top first."""
        cards = " ".join(self.thread_words(t) for t in reversed(tids))
        return f"{says(who, 'holds')} these {len(tids)} threads in a pile, the one on top first. {cards}"

    def _tip_held_proofs(self, who: str, n: int, code: str) -> str:
        return f"{says(who, 'holds')} {plural(n, self.sym(code) + ' proof')}."

    def _tip_completed_by(self, who: str, lid: str) -> str:
        return f"Completed by {who}, face down: a {self.lead_points(lid)}. Its icons: {self.lead_icons(lid)}."

    def _tip_coins(self, who: str, n: int) -> str:
        return f"{cap(possessive(who))} Bonus Point tokens: {n} (1 point each)."

    def _tip_offer_shown(self, who: str, offer) -> str:
        leads = " ".join(self.lead_words(lid) for lid in offer)
        return f"{says(who, 'is')} choosing one of these {len(offer)} leads (face up only in the replay). {leads}"

    def _tip_choosing(self, who: str, n: int) -> str:
        if n == 1:
            return f"{says(who, 'takes')} the last lead of the deck."
        return f"{says(who, 'is')} choosing one of the {n} leads drawn (nobody else sees them)."

    def _tip_your_lead(self, lid: str) -> str:
        return f"Your lead, on the desk. {self.lead_words(lid)}"

    def _tip_laid_thread(self, tid: str, cell) -> str:
        return (f"{self.thread_words(tid)} On your desk, {where_words(cell)}: drag it to any other cell or "
                "back to your tray (Ctrl+Z undoes).")

    def _tip_tray_thread(self, tid: str) -> str:
        return (f"{self.thread_words(tid)} In your tray: drag it onto any cell of your desk; it counts once a "
                "proof joins it to your lead or its chain (cards are never rotated).")

    def _keep_tip(self, what: str) -> str:
        """A tray item's tooltip while 2 items are kept after a reconstruction (dragging is over)."""
        return f"{what} Click it to keep it: you keep 2 items, and the rest go back."

    def _token_tip(self, code: str) -> str:
        if code == UNIVERSAL:
            return ("A Universal proof: it joins any two touching edges that show the same symbol. Drag it onto "
                    "the seam between two cards.")
        return (f"A {self.sym(code)} proof: drag it onto the seam between two cards whose touching edges both show "
                f"{self.sym(code)}.")

    def _tip_laid_proof(self, code: str) -> str:
        return (f"A {self.sym(code)} proof joining two cards. Drag it to another seam or "
                "back to your tray.")

    def _tip_you_completed(self, lid: str) -> str:
        return f"You completed it, a {self.lead_points(lid)}. Its icons: {self.lead_icons(lid)}."

    def _tip_your_coins(self, n: int) -> str:
        return f"Your Bonus Point tokens: {n} (1 point each)."

    def _tip_offered(self, lid: str) -> str:
        return f"{self.lead_words(lid)} Click it to keep it; the others go under the lead deck."
