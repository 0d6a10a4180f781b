"""The reconstruction validator and the solver (rulebook "Connections", "Reconstructing Leads";
RULINGS 3-6), on small hand-made cards."""

from __future__ import annotations

import random

import pytest

from sleuth.games.case_connection.grid import Problem, place_text, solve, validate
from sleuth.games.case_connection.grid import check as check_layout
from tests.games.case_connection.helpers import lead, mini_cards, proofs, thread

# threads: edges top, right, bottom, left
T = [
    thread("A", "-W-F", "bonus_point"),  # left F: fits a lead's right side showing F
    thread("B", "C-CW", "universal"),    # left W
    thread("C", "--FC"),                 # left C
    thread("D", "F-W-", "extra_lead"),   # bottom W: fits a lead's top side showing W
    thread("E", "WWW-"),                 # top W, right W
    thread("G", "--CW"),                 # left W, bottom C
    thread("H", "C--F"),                 # top C, left F
]
L_RIGHT_F = lead("R1", right="F", points=2)
L_RIGHT_FW = lead("R2", right="FW", points=3)
L_TOP_W_RIGHT_F = lead("R3", top="W", right="F", points=2)
L_RIGHT_FF = lead("R4", right="FF", points=3)
CARDS = mini_cards(T, [L_RIGHT_F, L_RIGHT_FW, L_TOP_W_RIGHT_F, L_RIGHT_FF])
ALL = [t.id for t in T]


def check(the_lead, cards, tokens, held="FFWWCCU"):
    return validate(CARDS, the_lead, ALL, proofs(held), tuple(cards), tuple(tokens))


def test_direct_connection_matching_symbol_and_proof_reconstructs():
    result = check(L_RIGHT_F, [("A", 1, 0)], [(0, 0, 1, 0, "F")])
    assert not isinstance(result, str), result
    assert result.direct == ("A",)


def test_universal_proof_replaces_any_proof():
    result = check(L_RIGHT_F, [("A", 1, 0)], [(0, 0, 1, 0, "U")])
    assert not isinstance(result, str), result


def test_wrong_proof_is_named():
    reason = check(L_RIGHT_F, [("A", 1, 0)], [(0, 0, 1, 0, "W")])
    assert reason.startswith("wrong proof between the lead and the card to its right: a Witness proof cannot join "
                             "Forensic symbols")


def test_facing_symbols_must_match():
    reason = check(L_RIGHT_F, [("B", 1, 0)], [(0, 0, 1, 0, "F")])
    assert reason == ("the lead and the card to its right do not match, so no proof can join them: one shows "
                      "Forensic on its right side, the other Witness on its left side")


def test_missing_icon_is_named_with_its_side():
    reason = check(L_TOP_W_RIGHT_F, [("A", 1, 0)], [(0, 0, 1, 0, "F")])
    assert reason == "the Witness icon on the top side is not connected: no thread is on the top of the lead"


def test_card_on_the_side_without_proof_is_not_connected():
    reason = check(L_RIGHT_F, [("A", 1, 0)], [])
    assert reason == ("the card to the right of the lead is not connected to the lead: it touches the lead, but no "
                      "proof joins them")


def test_two_icons_on_a_side_one_direct_one_further_along_the_chain():
    # A at (1,0) joins the lead with F; A's right edge W meets B's left edge W at (2,0)
    result = check(L_RIGHT_FW, [("A", 1, 0), ("B", 2, 0)], [(0, 0, 1, 0, "F"), (1, 0, 2, 0, "W")])
    assert not isinstance(result, str), result
    assert result.direct == ("A",)  # B is indirect: its universal bonus does not count


def test_second_icon_of_a_side_needs_its_own_connection():
    reason = check(L_RIGHT_FW, [("A", 1, 0)], [(0, 0, 1, 0, "F")])
    assert reason.startswith("the Witness icon on the right side is not connected")
    assert "no further Witness connection" in reason


def test_two_equal_icons_on_a_side_need_two_connections_of_that_type():
    # R4 needs F twice on the right: direct F to A is one; the chain A-B is Witness, not Forensic
    reason = check(L_RIGHT_FF, [("A", 1, 0), ("B", 2, 0)], [(0, 0, 1, 0, "F"), (1, 0, 2, 0, "W")])
    assert reason.startswith("the Forensic icon on the right side is not connected")


def test_indirect_icon_on_another_sides_chain_does_not_count():
    # the top chain carries a Witness link (E-D), but the second icon is on the right side
    the_lead = lead("R5", top="W", right="FW", points=4)
    cards = [("A", 1, 0), ("E", 0, -1), ("D", 0, -2)]
    tokens = [(0, 0, 1, 0, "F"), (0, 0, 0, -1, "W"), (0, -1, 0, -2, "W")]
    reason = check(the_lead, cards, tokens, held="FWWW")
    assert "Witness icon on the right side is not connected" in reason


def test_diagonal_neighbours_cannot_connect():
    reason = check(L_RIGHT_F, [("A", 1, 0), ("H", 2, 1)], [(0, 0, 1, 0, "F"), (1, 0, 2, 1, "U")])
    assert "diagonal" in reason and "not adjacent" in reason


def test_a_card_touching_only_at_a_corner_is_not_connected():
    reason = check(L_RIGHT_F, [("A", 1, 0), ("H", 2, 1)], [(0, 0, 1, 0, "F")])
    assert reason.startswith("the card two right and one down from the lead is not connected to the lead")
    assert "corner" in reason


def test_a_card_far_away_touches_nothing():
    reason = check(L_RIGHT_F, [("A", 1, 0), ("H", 5, 5)], [(0, 0, 1, 0, "F")])
    assert reason == ("the card five right and five down from the lead is not connected to the lead: it touches no "
                      "other card")


def test_loop_is_refused():
    # a square: lead (0,0), N (1,0), M (1,-1), K (0,-1), all four edges joined
    square = [thread("N", "W--F"), thread("M", "--WF"), thread("K", "-FF-")]
    sq_lead = lead("SQ", top="F", right="F")
    cards = mini_cards(square, [sq_lead])
    arrangement = (("N", 1, 0), ("M", 1, -1), ("K", 0, -1))
    tokens = ((0, 0, 1, 0, "F"), (1, 0, 1, -1, "W"), (0, 0, 0, -1, "F"), (0, -1, 1, -1, "F"))
    reason = validate(cards, sq_lead, ["N", "M", "K"], proofs("FFFW"), arrangement, tokens)
    assert reason.startswith("loop: the connections close a loop"), reason
    # without the closing proof it is a valid tree (M and K still touch: that is allowed)
    ok = validate(cards, sq_lead, ["N", "M", "K"], proofs("FFFW"), arrangement, tokens[:3])
    assert not isinstance(ok, str), ok


def test_tokens_and_cards_must_be_held():
    assert check(L_RIGHT_F, [("A", 1, 0)], [(0, 0, 1, 0, "F")], held="W") == (
        "the layout uses 1 Forensic proof but you hold none")
    assert check(L_RIGHT_F, [("A", 1, 0), ("B", 2, 0)], [(0, 0, 1, 0, "F"), (1, 0, 2, 0, "W")], held="FU") == (
        "the layout uses 1 Witness proof but you hold none")
    assert validate(CARDS, L_RIGHT_F, ["B"], proofs("F"), (("A", 1, 0),), ((0, 0, 1, 0, "F"),)) == (
        "you do not hold the card to the right of the lead")


def test_cells_are_single_and_the_lead_cell_is_taken():
    assert "lead card is there" in check(L_RIGHT_F, [("A", 0, 0)], [])
    assert "two cards on the same cell" in check(L_RIGHT_F, [("A", 1, 0), ("B", 1, 0)], [])
    assert "placed twice" in check(L_RIGHT_F, [("A", 1, 0), ("A", 2, 0)], [])


def test_proof_needs_cards_on_both_cells_and_one_per_edge():
    assert "beside the empty cell two to the right of the lead" in check(L_RIGHT_F, [("A", 1, 0)], [(0, 0, 1, 0, "F"), (1, 0, 2, 0, "W")])
    assert "two proofs on the same edge" in check(L_RIGHT_F, [("A", 1, 0)], [(0, 0, 1, 0, "F"), (1, 0, 0, 0, "U")])


def test_extra_connections_beyond_the_icons_are_allowed():
    result = check(L_RIGHT_F, [("A", 1, 0), ("B", 2, 0)], [(0, 0, 1, 0, "F"), (1, 0, 2, 0, "W")])
    assert not isinstance(result, str), result


def test_no_connection_on_a_side_without_icons():
    # lead R1 shows nothing on top: D placed there cannot connect
    reason = check(L_RIGHT_F, [("A", 1, 0), ("D", 0, -1)], [(0, 0, 1, 0, "F"), (0, 0, 0, -1, "W")])
    assert reason.startswith("the lead and the card above it do not match, so no proof can join them: one shows no "
                             "symbol on its top side")


def test_places_are_said_from_the_lead_without_coordinates():
    assert place_text((1, 0)) == "the card to the right of the lead"
    assert place_text((0, -2)) == "the card two above the lead"
    assert place_text((-1, 1)) == "the card one left and one down from the lead"
    assert place_text((0, 0)) == "the lead"


def test_the_nearest_loose_card_is_named_with_the_seam_that_would_join_it():
    """Play-test issue 15, item 10: the message named a far card (T24) that touched a loose group
    (T31 and a card joined to it) and pointed at the seam between them, while the gap was the seam
    between that group and the lead. Here A lies right of the lead without a proof, B is joined to
    A, and H touches B (no proof, no match): the nearest loose card is A, with B joined to it, and
    the seam to name and point at is lead-A, not B-H."""
    cards = [("A", 1, 0), ("B", 2, 0), ("H", 3, 0)]
    tokens = [(1, 0, 2, 0, "W")]
    result = check_layout(CARDS, L_RIGHT_F, ALL, proofs("FFWWCCU"), tuple(cards), tuple(tokens))
    assert isinstance(result, Problem)
    assert result.text == ("the card to the right of the lead and the 1 card joined to it are not connected to the "
                           "lead: it touches the lead, but no proof joins them")
    assert result.cells == ((1, 0),) and result.edge == ((0, 0), (1, 0))
    assert validate(CARDS, L_RIGHT_F, ALL, proofs("FFWWCCU"), tuple(cards), tuple(tokens)) == result.text


def test_a_loose_card_is_pointed_at_the_seam_where_a_proof_would_join_it():
    """A loose card touching two joined cards, one it cannot match (looked at first, below it) and
    one it can (to its left): the sentence and the edge are the matching seam, where a proof is all
    that is missing."""
    # lead R3 (top W, right F): A right of the lead (joined by F), E above the lead (joined by W);
    # G above A: its bottom C meets A's blank top, its left W meets E's right W
    cards = [("A", 1, 0), ("E", 0, -1), ("G", 1, -1)]
    tokens = [(0, 0, 1, 0, "F"), (0, 0, 0, -1, "W")]
    result = check_layout(CARDS, L_TOP_W_RIGHT_F, ALL, proofs("FFWWCCU"), tuple(cards), tuple(tokens))
    assert isinstance(result, Problem)
    assert result.text == ("the card one right and one up from the lead is not connected to the lead: it touches the "
                           "card to its left, but no proof joins them")
    assert result.cells == ((1, -1),) and result.edge == ((0, -1), (1, -1))


# -- solver ---------------------------------------------------------------------------------


def test_solver_finds_the_two_icon_side_chain_and_prefers_bonus_threads():
    found = solve(CARDS, L_RIGHT_FW, ALL, proofs("FW"))
    assert found is not None
    assert not isinstance(validate(CARDS, L_RIGHT_FW, ALL, proofs("FW"), *found), str)
    assert solve(CARDS, L_RIGHT_FW, ALL, proofs("F")) is None  # two connections need two proofs


def test_solver_uses_universal_tokens():
    assert solve(CARDS, L_TOP_W_RIGHT_F, ["A", "D"], proofs("UU")) is not None
    assert solve(CARDS, L_TOP_W_RIGHT_F, ["A", "D"], proofs("FU")) is not None
    assert solve(CARDS, L_TOP_W_RIGHT_F, ["A", "D"], proofs("FF")) is None


def _brute_force(cards, the_lead, ids, held):
    """Every connected placement of every subset of threads, every set of matching edges, tokens
    chosen by type (universals covering shortfalls): True when the validator accepts any."""
    from itertools import combinations

    by_id = {t.id: t for t in cards.threads}
    found = []

    def edges_of(grid):
        out = []
        for (x, y) in list(grid) + [(0, 0)]:
            for dx, dy, s, o in ((1, 0, 1, 3), (0, 1, 2, 0)):
                nb = (x + dx, y + dy)
                if nb not in grid and nb != (0, 0):
                    continue
                a = the_lead.sides[s] if (x, y) == (0, 0) else (by_id[grid[(x, y)]].edges[s],)
                b = the_lead.sides[o] if nb == (0, 0) else (by_id[grid[nb]].edges[o],)
                common = [c for c in a if c is not None and c in b]
                if common:
                    out.append(((x, y), nb, common[0]))
        return out

    def try_grid(grid):
        es = edges_of(grid)
        for k in range(1, len(es) + 1):
            for subset in combinations(es, k):
                need = {}
                for _, _, c in subset:
                    need[c] = need.get(c, 0) + 1
                tokens = []
                left = dict(held)
                for a, b, c in subset:
                    code = c if left.get(c, 0) > 0 else "U"
                    left[code] = left.get(code, 0) - 1
                    if left[code] < 0:
                        break
                    tokens.append((a[0], a[1], b[0], b[1], code))
                else:
                    placements = tuple((tid, x, y) for (x, y), tid in grid.items())
                    if not isinstance(validate(cards, the_lead, ids, held, placements, tuple(tokens)), str):
                        return True
        return False

    def grow(grid, rest):
        if grid and try_grid(grid):
            return True
        frontier = {(x + dx, y + dy) for (x, y) in list(grid) + [(0, 0)] for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        frontier -= set(grid) | {(0, 0)}
        for i, tid in enumerate(rest):
            for cell in sorted(frontier):
                grid[cell] = tid
                if grow(grid, rest[:i] + rest[i + 1:]):
                    return True
                del grid[cell]
        return False

    return grow({}, list(ids)) if not found else True


def test_solver_finds_a_solution_exactly_when_brute_force_does():
    rng = random.Random(7)
    agree = solvable = 0
    for case in range(120):
        threads = []
        for i in range(rng.randint(2, 3) if case % 10 else 4):
            pattern = "".join(rng.choice("FWC-") for _ in range(4))
            threads.append(thread(f"X{i}", pattern))
        sides = ["", "", "", ""]
        for _ in range(rng.randint(1, 2)):
            sides[rng.randrange(4)] += rng.choice("FWC")
        sides = [s[:2] for s in sides]
        the_lead = lead("Z", *sides)
        cards = mini_cards(threads, [the_lead])
        held = proofs("".join(rng.choice("FWCU") for _ in range(rng.randint(1, 4))))
        ids = [t.id for t in threads]
        found = solve(cards, the_lead, ids, held)
        brute = _brute_force(cards, the_lead, ids, held)
        assert (found is not None) == brute, (case, threads, the_lead, held)
        if found is not None:
            assert not isinstance(validate(cards, the_lead, ids, held, *found), str)
            solvable += 1
        agree += 1
    assert 12 <= solvable <= 108, solvable  # the cases exercise both answers


@pytest.mark.parametrize("lead_id", [f"L{i:02d}" for i in range(1, 21)])
def test_every_designed_lead_can_be_reconstructed_from_the_deck(lead_id):
    from sleuth.games.case_connection.cards import load_cards

    real = load_cards()
    the_lead = real.lead(lead_id)
    found = solve(real, the_lead, [t.id for t in real.threads], {"F": 13, "W": 13, "C": 13, "U": 0})
    assert found is not None
    assert not isinstance(validate(real, the_lead, [t.id for t in real.threads], {"F": 13, "W": 13, "C": 13, "U": 0},
                                   *found), str)
