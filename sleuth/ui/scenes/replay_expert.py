"""The replay viewer's second opinion: what the expert would have played at each human move.

For every move a human made, the game's expert is asked from that seat's observation at that
moment (what the player knew then, never more), in the bots' worker, one move after another, so
the viewer never waits: the drawer shows the progress, and at a human's move either "the expert
agrees" or what it would have played instead, with its reasons.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.ai.runner import HintJob
from sleuth.ui.words import possessive, you_inside


@dataclass(frozen=True)
class Opinion:
    """The expert's move at one human move (``agrees``: it is the move the player made)."""

    action: object
    agrees: bool
    explanation: object | None


class ExpertComparison:
    """Asks the expert about each human move of a review, in the background, in order."""

    def __init__(self, app, review, spec, runner) -> None:
        self.app = app
        self.runner = runner
        self.review = review
        self.spec = spec
        seats = review.replay.seats
        self.moves = [index for index, (seat, _) in enumerate(review.moves)
                      if seats[seat].is_human] if "expert" in spec.bots else []
        self.opinions: dict[int, Opinion] = {}
        self._next = 0
        self._pending = None

    @property
    def total(self) -> int:
        return len(self.moves)

    @property
    def done(self) -> int:
        return len(self.opinions)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def update(self) -> bool:
        """Collect an answer and ask the next question; True when something new arrived."""
        arrived = False
        if self._pending is not None and self._pending[1].done():
            move, future = self._pending
            self._pending = None
            try:
                decision = future.result()
            except Exception:  # noqa: BLE001 - one failed opinion is skipped, the rest go on
                decision = None
            played = self.review.moves[move][1]
            if decision is not None and decision.action is not None:
                self.opinions[move] = Opinion(decision.action, decision.action == played, decision.explanation)
            else:
                self.opinions[move] = Opinion(None, False, None)
            arrived = True
        if self._pending is None and self._next < len(self.moves):
            move = self.moves[self._next]
            self._next += 1
            state = self.review.state_at(move)
            seat = self.review.moves[move][0]
            legal = state.legal_actions(seat)
            interrupt = seat not in state.pending_seats()
            job = HintJob(self.spec.id, seat, state.observe(seat), tuple(legal),
                          f"sleuth-hint:{self.review.replay.seed}", move, 0.1, interrupt=interrupt)
            self._pending = (move, self.runner.submit_hint(job))
        return arrived

    def line(self, move: int, view, names) -> str | None:
        """The drawer's line about move ``move`` (0-based), if it was a human's."""
        if move not in self.moves:
            return None
        opinion = self.opinions.get(move)
        name = names[self.review.moves[move][0]]
        if opinion is None:
            return f"Asking the expert about {possessive(name)} move..."
        if opinion.action is None:
            return "The expert had no opinion on this move."
        if opinion.agrees:
            return f"The expert agrees with {possessive(name)} move."
        # two rows of 14 px in the drawer: "The expert would have played:" took a third of them
        return you_inside(f"Expert's choice: {view.describe_action_briefly(opinion.action)}.")
