"""Case Connection's move sentences fit where they are read: a take says what it takes before
what each thread shows (the replay's banner cuts a line at a clause, the replay expert's box shows
two short rows), and no two moves in "Your possible moves" read alike."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from sleuth.games.case_connection import rules as R
from sleuth.ui.scenes.replay_expert import ExpertComparison, Opinion
from sleuth.ui.scenes.table import LOG_RECT, _first_clauses
from tests.games.case_connection.test_table import playing_table

#: the replay expert's box: two rows of 14 px in the drawer (replay.py's ``_draw_expert``)
EXPERT_WIDTH = LOG_RECT[2] - 8 - 20
#: the banner's room for a bot's move in a replay (beside "Why? (W)" and the steps), two rows of 15 px
BANNER_WIDTH = 375


def every_take(cards, view):
    """Every take of two items at every location from the whole card set (any may lie there)."""
    threads = [t.id for t in cards.threads]
    kinds = {view.thread_kind(t): t for t in threads}  # one thread of each kind is enough
    proofs = [*cards.proof_kinds, "U"]
    for loc in range(len(cards.locations)):
        for a, b in combinations(list(kinds.values()) + proofs + proofs, 2):
            picked = [a, b]
            yield R.Take(loc, tuple(x for x in picked if x in threads), tuple(x for x in picked if x not in threads))


def test_a_take_in_a_replay_is_read_whole_in_the_banner_and_the_experts_box(app):
    """Play-test (ccr_tops1, ccr_case9): the replay's banner read "...and a thread showing..." and
    "...and a Cyber..."; the expert's box stopped at "Visit The Docks: take a thread showing
    Forensic and"."""
    table = playing_table(app)
    view, canvas = table.view, app.canvas
    expert = ExpertComparison.__new__(ExpertComparison)
    expert.moves, expert.review = [0], type("R", (), {"moves": [(0, None)]})()
    for take in every_take(view.cards, view):
        expert.opinions = {0: Opinion(take, False, None)}
        line = expert.line(0, view, table.seat_names)
        assert len(canvas.wrap(line, 14, EXPERT_WIDTH)) <= 2, line
        assert view.cards.locations[take.location].name in line, line
        said = view.describe(R.Took(1, take.location, take.threads, take.proofs))

        def fits(text):
            return len(canvas.wrap(text, 15, BANNER_WIDTH)) <= 2

        shown = said if fits(said) else _first_clauses(said, fits)
        assert shown is not None and shown.startswith(f"Bot1 visits {view.cards.locations[take.location].name} "
                                                      "and takes "), said
        assert "showing" not in shown or shown == said, said  # no thread's symbols cut in two


def test_no_two_possible_moves_read_alike(app):
    """Play-test (cc_m): "Visit The Docks: take a thread showing Forensic and Witness, and a thread
    showing Forensic, Witness and Cyber" twice in "Your possible moves" (two threads of the same
    symbols on different sides, one in the middle, one on the right)."""
    table = playing_table(app)
    state, view = table.state, table.view
    cards = view.cards
    by_kind: dict[str, list[str]] = {}
    for t in cards.threads:
        by_kind.setdefault(view.thread_kind(t.id), []).append(t.id)
    twins = next(ids for kind, ids in by_kind.items() if len(ids) >= 2 and " showing " in kind)
    other = next(t.id for t in cards.threads if view.thread_kind(t.id) != view.thread_kind(twins[0]))
    loc = next(i for i, spaces in enumerate(state.loc_threads) if len(spaces) == 3)
    state.loc_threads[loc] = [other, twins[0], twins[1]]
    view.sync(state.observe(table.viewer), [], False)
    labels = [view.describe_action(a) for a in state.legal_actions(table.viewer)]
    assert [label for label, n in Counter(labels).items() if n > 1] == []
    name = cards.locations[loc].name
    there = [label for label in labels if label.startswith(f"Visit {name}: ")]
    with_other = [label for label in there if f"a {view.thread_kind(other)}" in label and "showing" in label]
    assert sorted(place for label in with_other for place in ("middle", "right") if f"the {place} thread" in label) \
        == ["middle", "right"], there
    # the pair of twins together needs no places
    assert f"Visit {name}: take 2 {view.thread_kind(twins[0], 2)}" in there
