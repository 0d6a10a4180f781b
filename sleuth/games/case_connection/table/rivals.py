"""How close each other player is to reconstructing their lead: the measure and its words.

At a real table everyone builds their connections face up, so a player can see a rival closing in;
here the bots lay out nothing until they reconstruct. What a player holds is public (their lead,
threads and proof counts), so each other player's area says under their lead how close they are
("Ready now", "1 item short", "4 items short"), and the tooltips of their lead and area say it in a
sentence. The measure is the bots' own (``bots.Shortfalls``: the items a hand lacks to reconstruct
its lead, 0 exactly when the solver finds an arrangement), asked only of what the observation shows,
once per player and observation (the painted layer and the tooltips ask again and again).

``RivalProgress`` is mixed into ``CaseTable`` (uses its ``obs``, ``cards`` and ``name``).
"""

from __future__ import annotations

from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.bots import Shortfalls
from sleuth.ui.words import plural, says

#: what players hold, remembered with how close it is to their lead: a game's worth at 4 players
RIVAL_MEMO = 512


class RivalProgress:
    """How close a player is to reconstructing their lead, from what the table shows of them."""

    _rival_sf: Shortfalls | None = None
    _progress: tuple = (None, None)  # (the observation, seat -> items short), made on first use

    def rival_shortfall(self, seat: int) -> int | None:
        """How many items (threads or proofs) ``seat``'s lead still lacks, 0 when they can reconstruct
        it now; None without a lead, or once the game is over."""
        obs = self.obs
        if obs is None or obs.leads[seat] is None or obs.phase == R.PHASE_OVER:
            return None
        if self._rival_sf is None:
            self._rival_sf = Shortfalls(self.cards, limit=RIVAL_MEMO)
        if self._progress[0] is not obs:
            self._progress = (obs, {})
        known = self._progress[1]
        if seat not in known:
            known[seat] = self._rival_sf(self.cards.lead(obs.leads[seat]), obs.threads[seat], obs.proofs[seat])
        return known[seat]

    @staticmethod
    def progress_label(short: int) -> str:
        """Under another player's lead (wrapped to its width there)."""
        return "Ready now" if short == 0 else f"{plural(short, 'item')} short"

    def progress_words(self, seat: int) -> str:
        """The same as a sentence to end a tooltip with, after a space: `` With the threads and proofs
        Watson holds, the lead can be reconstructed now (4 points).`` or `` Watson needs about 2 more
        items (threads or proofs) to reconstruct it.``; empty without a lead or once the game is over."""
        short = self.rival_shortfall(seat)
        if short is None:
            return ""
        who = self.name(seat)
        if short == 0:
            points = plural(self.cards.lead(self.obs.leads[seat]).points, "point")
            return (f" With the threads and proofs {says(who, 'holds', start=False)}, the lead can be reconstructed "
                    f"now ({points}).")
        more = "about one more item" if short == 1 else f"about {short} more items"
        return f" {says(who, 'needs')} {more} (threads or proofs) to reconstruct it."
