"""A case that can no longer be solved: ``outlook.why_hopeless`` and the ``GiveUp`` it allows.

A play-tester's team played on for about a minute after its case was lost (Holmes one space from
the end, the Impossible full, a lead needing 10 more Clue points with 6 left) and nothing said so.
"""

from __future__ import annotations

import random

import pytest

from sleuth.core.errors import IllegalAction
from sleuth.core.registry import get
from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.bots import make as make_bot
from sleuth.games.beyond_baker_street.outlook import why_hopeless
from tests.contract import check_illegal_unchanged
from tests.games.beyond_baker_street.helpers import T, make

SPEC = get("beyond-baker-street")
ONES = ["track-1", "witness-1", "clue-1", "document-1"]


def confirmed(state, *sections: str):
    for section in sections:
        state.confirmed[T.section_of[section]] = True
    return state


def test_a_track_that_cannot_land_on_20_makes_the_case_hopeless():
    """The track must end on exactly 20: at 19 with every 1 eliminated, no card can finish it."""
    state = make(players=2, case=1, impossible=ONES, track=19)
    assert why_hopeless(state) == ("the Investigation track must end on exactly 20, and no cards still in play "
                                   "add up to the 1 it lacks")
    assert why_hopeless(make(players=2, case=1, impossible=ONES[:3], track=19)) is None  # one 1 is left


def test_the_last_lead_of_a_section_that_can_no_longer_be_finished_makes_the_case_hopeless():
    """A lead is confirmed only when matching evidence equals its value; with its section's last lead
    lacking 10 Clue points and only Clues 1, 2 and 3 in play, the section is lost."""
    piles = {"opportunity": ["opportunity-track-8"], "motive": ["motive-clue-10"], "suspect": ["suspect-clue-12"]}
    state = make(players=2, case=1, piles=piles, impossible=["clue-4", "clue-5", "clue-6"], track=3)
    assert why_hopeless(state) == ("the last Motive lead lacks 10 Clue points, and no Clue cards still in play "
                                   "can make that up")


def test_the_play_testers_position_holmes_cannot_outlast_what_the_case_still_needs():
    """Holmes one space from the end, the Impossible full (case 6 holds one card), the track on 17
    and a Motive lead needing more Clue points than are left: eliminating the last 3 and dropping
    the Motive lead each move Holmes, and with the other two leads confirmed no Confirm sets him
    back. Three spaces from the end, the same table still has a way."""
    piles = {"opportunity": ["opportunity-track-8"], "motive": ["motive-clue-10", "motive-track-9"],
             "suspect": ["suspect-clue-12"]}
    hands = [[f"{icon}-{n}" for n in range(1, 5)] for icon in ("track", "witness", "document")]
    state = confirmed(make(players=3, case=6, hands=hands, piles=piles, impossible=["clue-4", "clue-5", "clue-6"],
                           track=17, holmes=1, evidence={"motive": ["clue-1"]}), "opportunity", "suspect")
    reason = why_hopeless(state)
    assert reason == ("Holmes is 1 space from solving it, and finishing needs at least 2 more cards past the "
                      "Impossible's limit, each moving him a space; no Confirm is left to set him back")
    state.holmes = 3
    assert why_hopeless(state) is None


def test_mrs_hudson_at_the_table_can_bring_cards_back_so_nothing_is_called_hopeless():
    """Mrs Hudson returns eliminated cards to the deck and lowers the track: no bound holds."""
    assert why_hopeless(make(players=2, case=1, chars=(17, 4), impossible=ONES, track=19)) is None


def test_giving_up_is_refused_while_the_case_can_be_solved_and_ends_a_hopeless_one_lost():
    """Giving up is no move of the book: never among the legal moves, refused with a reason (and
    nothing changed) while the case can still be solved, and the end of a hopeless one."""
    hopeful = make(players=2, case=1, track=5)
    assert R.GiveUp() not in hopeful.legal_actions(hopeful.turn)
    assert check_illegal_unchanged(hopeful, hopeful.turn, R.GiveUp()) == "the case can still be solved"
    hopeless = make(players=2, case=1, impossible=ONES, track=19)
    other = 1 - hopeless.turn
    assert check_illegal_unchanged(hopeless, other, R.GiveUp()) == "only the player to move may give the case up"
    assert R.GiveUp() not in hopeless.legal_actions(hopeless.turn)
    assert SPEC.actions.parse(str(R.GiveUp())) == R.GiveUp()
    events = hopeless.apply(hopeless.turn, R.GiveUp())
    assert hopeless.is_over() and hopeless.pending_seats() == ()
    outcome = hopeless.outcome()
    assert outcome.team_won is False and outcome.reason.startswith(R.GAVE_UP)
    assert "no cards still in play add up to the 1" in outcome.reason
    assert isinstance(events[-1], R.GameOver) and SPEC.events.parse(str(events[-1])) == events[-1]
    hopeless.check_invariants()


@pytest.mark.parametrize("kind, games", [("random", 240), ("basic", 200)])
def test_a_case_called_hopeless_is_always_lost_however_it_is_played_on(kind, games):
    """The test is sound: in seeded games at every case file, with and without characters, every
    position it calls hopeless goes on to a loss."""
    called = 0
    for seed in range(games):
        options = {"case": 1 + seed % 6, "characters": "random" if seed % 2 else "off"}
        state = SPEC.create(2 + seed % 3, options, seed)
        bot = make_bot(kind) if kind != "random" else None
        rng = random.Random(seed)
        said = None
        while not state.is_over():
            said = said or why_hopeless(state)
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, bot.choose(state.observe(seat), legal, rng) if bot else rng.choice(legal))
        if said is not None:
            called += 1
            assert state.outcome().team_won is False, f"seed {seed}: called hopeless ({said}), then won"
    assert called >= games // 40  # it does speak: a test that never fires would pass trivially


def test_a_hopeless_case_can_be_given_up_only_by_the_player_to_move_and_not_mid_game_by_mistake():
    """A position reached in play that is not hopeless refuses the give-up with the same reason."""
    state = SPEC.create(3, {"case": 3}, 4)
    with pytest.raises(IllegalAction):
        state.apply(state.turn, R.GiveUp())
