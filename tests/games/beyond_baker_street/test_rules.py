"""Scenario tests: one or more per rule of the rulebook and per ruling (RULINGS.md, Beyond Baker Street)."""

from __future__ import annotations

import pytest

from sleuth.core.registry import get
from sleuth.games.beyond_baker_street.rules import (
    Assist,
    BBSState,
    Confirm,
    Eliminate,
    Investigate,
    Pursue,
)
from tests.contract import check_illegal_unchanged
from tests.games.beyond_baker_street.helpers import CARDS, T, card, keys, lead, make

SPEC = get("beyond-baker-street")

PILES = {
    "opportunity": ["opportunity-track-7", "opportunity-clue-8", "opportunity-witness-7"],
    "motive": ["motive-clue-9", "motive-track-10", "motive-document-9"],
    "suspect": ["suspect-witness-12", "suspect-document-11", "suspect-clue-13"],
}


def base(**kw):
    kw.setdefault("piles", PILES)
    return make(**kw)


# -- data ------------------------------------------------------------------------------------------


def test_data_has_24_evidence_4_icons_by_1_to_6_each_icon_summing_21():
    assert len(CARDS.evidence) == 24
    for icon in range(4):
        nums = sorted(e.number for e in CARDS.evidence if e.icon == icon)
        assert nums == [1, 2, 3, 4, 5, 6] and sum(nums) == 21
    assert sum(e.number for e in CARDS.evidence) == 84


def test_data_has_28_leads_in_three_sections_each_value_once_per_icon():
    sizes = {s.id: len(s.leads) for s in CARDS.sections}
    assert sizes == {"opportunity": 8, "motive": 8, "suspect": 12}
    assert len({(ld.icon, ld.value) for ld in CARDS.leads}) == 28
    assert sorted({ld.value for ld in CARDS.leads}) == list(range(7, 14))


def test_data_case_files_hand_sizes_and_characters():
    assert [(c.number, c.holmes, c.impossible_limit) for c in CARDS.case_files] == [
        (1, 15, 4), (2, 12, 4), (3, 11, 2), (4, 10, 2), (5, 9, 1), (6, 8, 1)]
    assert CARDS.hand_sizes == {2: 6, 3: 4, 4: 3}
    assert [c.number for c in CARDS.characters] == list(range(1, 19))
    assert all(c.description and c.ability.kind for c in CARDS.characters)


# -- setup -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", range(1, 7))
def test_setup_case_file_sets_holmes_and_impossible_limit(case):
    st = SPEC.create(3, {"case": case}, 1)
    cf = CARDS.case(case)
    assert (st.holmes, st.limit) == (cf.holmes, cf.impossible_limit)
    assert st.investigation == 0


def test_setup_three_piles_of_three_leads_of_their_own_type_top_face_up():
    st = SPEC.create(2, {}, 7)
    obs = st.observe(0)
    for s in range(len(CARDS.sections)):
        assert len(st.piles[s]) == 3
        assert all(CARDS.leads[ld].section == s for ld in st.piles[s])
        assert obs.sections[s].lead == st.piles[s][0] and obs.sections[s].pile == 3


@pytest.mark.parametrize("players, size", [(2, 6), (3, 4), (4, 3)])
def test_setup_hand_size_by_player_count_rest_is_the_deck(players, size):
    st = SPEC.create(players, {}, 3)
    assert all(len(h) == size for h in st.hands)
    assert len(st.deck) == 24 - players * size
    st.check_invariants()


def test_setup_lowest_character_number_starts_then_clockwise():
    st = BBSState(CARDS, 3, {}, 0, seat_characters=(17, 4, 9))
    assert st.pending_seats() == (1,)
    st.apply(1, Pursue("motive"))
    assert st.pending_seats() == (2,)


def test_setup_without_characters_seat_0_starts():
    assert SPEC.create(4, {}, 0).pending_seats() == (0,)


def test_options_choose_a_character_per_seat_and_deal_the_rest():
    st = SPEC.create(3, {"characters": "random", "char2": 13}, 5)
    assert st.chars[1] == 13 and all(st.chars) and len(set(st.chars)) == 3
    with pytest.raises(ValueError, match="same character"):
        SPEC.create(3, {"characters": "random", "char1": 18, "char3": 18}, 5)
    with pytest.raises(ValueError, match="only 2 players"):
        SPEC.create(2, {"characters": "random", "char4": 3}, 5)


def test_with_characters_off_a_seats_pick_does_not_apply():
    """The rulebook's first game has no characters: "off" means nobody plays one, whatever the
    seats' pickers say (issue 15, item 6: a pick under "off" used to apply)."""
    for options in ({"char1": 18}, {"characters": "off", "char1": 18, "char2": 9}, {"char1": 18, "char3": 18}):
        st = SPEC.create(3, options, 5)
        assert st.chars == [0, 0, 0] and st.abilities == (None, None, None)
        assert not any(a.KIND == "peek" for a in st.legal_actions(st.pending_seats()[0]))


# -- assist ----------------------------------------------------------------------------------------


def test_assist_number_points_out_every_such_card_and_moves_holmes_one_toward_0():
    st = base(hands=[["clue-1"], ["clue-3", "track-3", "witness-5"]])
    events = st.apply(0, Assist(1, number=3))
    assert st.holmes == 14
    told = [e for e in events if e.KIND == "assisted"][0]
    assert told.slots == (0, 1)
    kn = st.observe(1).knowledge[1]
    assert kn[0][1] == 1 << 3 and kn[1][1] == 1 << 3
    assert kn[2][1] & (1 << 3) == 0  # negative knowledge: "not a 3"


def test_assist_icon_gives_positive_and_negative_knowledge():
    st = base(hands=[["clue-1"], ["clue-3", "track-3", "witness-5"]])
    st.apply(0, Assist(1, icon="witness"))
    kn = st.observe(1).knowledge[1]
    w = 1 << T.icon_index["witness"]
    assert kn[2][0] == w
    assert kn[0][0] & w == 0 and kn[1][0] & w == 0


def test_assist_may_not_say_a_player_has_none_nor_target_yourself():
    st = base(hands=[["clue-1"], ["clue-3", "track-3"]])
    assert "none" in check_illegal_unchanged(st, 0, Assist(1, number=6))
    assert "none" in check_illegal_unchanged(st, 0, Assist(1, icon="document"))
    assert "yourself" in check_illegal_unchanged(st, 0, Assist(0, number=1))
    assert "exactly one" in check_illegal_unchanged(st, 0, Assist(1, number=3, icon="clue"))


def test_knowledge_travels_with_the_card_while_it_stays_in_the_hand():
    st = base(hands=[["clue-1", "track-6"], ["clue-3", "track-3", "witness-5"]])
    st.apply(0, Assist(1, number=5))
    st.apply(1, Eliminate(0))  # clue-3 leaves; witness-5 moves to place 1
    kn = st.observe(1).knowledge[1]
    assert keys(st.hands[1])[1] == "witness-5" and kn[1][1] == 1 << 5
    # the new card carries no knowledge
    assert kn[-1] == (T.full_icons, T.full_numbers)


def test_knowledge_is_forgotten_when_the_card_leaves_the_hand():
    st = base(hands=[["clue-1"], ["clue-3"]], deck=["track-1", "witness-2"])
    st.apply(0, Assist(1, number=3))
    st.apply(1, Eliminate(0))
    assert st.know_num[card("clue-3")] == 1 << 3  # stale entry ignored: no longer in hand
    assert st.observe(0).knowledge[1] == ((T.full_icons, T.full_numbers),)


# -- investigate -----------------------------------------------------------------------------------


def test_investigate_matching_icon_adds_to_the_evidence_and_draws():
    st = base(hands=[["clue-4", "track-1"], ["track-2"]], deck=["witness-6", "document-6"])
    st.apply(0, Investigate(0, "motive"))  # motive-clue-9
    s = T.section_of["motive"]
    assert st.lead_evidence(s) == 4 and st.lead_value(s) == 9
    assert keys(st.hands[0]) == ["track-1", "document-6"]


def test_investigate_other_icon_raises_the_value_and_never_kills():
    st = base(hands=[["track-6", "track-5"], ["track-2"]], evidence={"motive": ["clue-6"]})
    st.apply(0, Investigate(0, "motive"))
    s = T.section_of["motive"]
    assert st.lead_value(s) == 15 and st.lead_evidence(s) == 6
    assert st.piles[s][0] == lead("motive-clue-9")


def test_investigate_exceeding_the_value_kills_the_lead_into_the_impossible():
    st = base(hands=[["clue-5", "track-1"], ["track-2"]], evidence={"motive": ["clue-6"]}, deck=[])
    st.apply(0, Investigate(0, "motive"))
    s = T.section_of["motive"]
    assert st.impossible_leads == [lead("motive-clue-9")]
    assert st.piles[s][0] == lead("motive-track-10") and st.lead_evidence(s) == 0
    # the dead lead's evidence is shuffled into the (empty) deck, then the player draws
    assert sorted(keys(st.deck + st.hands[0][1:])) == sorted(["clue-5", "clue-6"])
    assert len(st.hands[0]) == 2


def test_killing_the_last_lead_of_a_section_loses():
    st = base(hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6"]},
              piles={**PILES, "motive": ["motive-clue-9"]})
    st.apply(0, Investigate(0, "motive"))
    assert st.is_over() and st.outcome().team_won is False and "Motive" in st.outcome().reason


def test_when_the_deck_is_empty_the_hand_shrinks():
    st = base(hands=[["clue-5", "track-1"], ["track-2"]], deck=[])
    st.apply(0, Investigate(0, "motive"))
    assert keys(st.hands[0]) == ["track-1"]


def test_confirmed_lead_takes_no_more_evidence():
    st = base(hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-3"]})
    st.apply(0, Confirm("motive"))
    assert "already confirmed" in check_illegal_unchanged(st, 1, Investigate(0, "motive"))
    assert "already confirmed" in check_illegal_unchanged(st, 1, Pursue("motive"))


# -- confirm ---------------------------------------------------------------------------------------


def test_confirm_needs_evidence_exactly_equal_to_the_value_and_moves_holmes_back():
    st = base(hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-2"]}, holmes=10)
    assert "equal" in check_illegal_unchanged(st, 0, Confirm("motive"))
    st = base(hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-3"]}, holmes=10)
    st.apply(0, Confirm("motive"))
    assert st.confirmed[T.section_of["motive"]] and st.holmes == 11


def test_confirm_counts_mismatched_cards_in_the_value():
    st = base(hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-4"]}, mismatched={"motive": ["track-1"]})
    st.apply(0, Confirm("motive"))
    assert st.confirmed[T.section_of["motive"]]


def test_a_confirmed_leads_evidence_is_turned_face_down_and_may_no_longer_be_looked_at():
    """Rulebook, Confirm: "All the Evidence cards played to that Lead are turned face-down and may
    no longer be looked at during the game." Every view (each seat, the seer's, the public one)
    shows them as a count; the open leads still show theirs."""
    st = base(hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-4"], "opportunity": ["track-1"]},
              mismatched={"motive": ["witness-1"]})
    before = st.observe(0).sections[T.section_of["motive"]]
    assert before.cards == (card("clue-6"), card("clue-4")) and before.face_down == 0
    st.apply(0, Confirm("motive"))
    for view in (st.observe(0), st.observe(1), st.observe(None), st.seer_view(1)):
        motive = view.sections[T.section_of["motive"]]
        assert motive.confirmed and motive.cards == () and motive.mismatched == () and motive.face_down == 3
        assert view.sections[T.section_of["opportunity"]].cards == (card("track-1"),)
        shown = {c for sec in view.sections for c in sec.cards + sec.mismatched}
        assert not shown & {card("clue-6"), card("clue-4"), card("witness-1")}
    st.check_invariants()  # the cards are still there, face down


def test_holmes_never_goes_above_20():
    st = base(hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-3"]}, holmes=20)
    st.apply(0, Confirm("motive"))
    assert st.holmes == 20


def _two_confirmed(track):
    st = base(hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-3"]}, track=track)
    st.confirmed[T.section_of["opportunity"]] = True
    st.confirmed[T.section_of["suspect"]] = True
    return st


def test_confirming_the_third_lead_with_the_track_on_20_wins():
    st = _two_confirmed(20)
    st.apply(0, Confirm("motive"))
    assert st.outcome().team_won is True and st.outcome().winners == (0, 1)


def test_confirming_the_third_lead_off_20_is_legal_and_loses():
    st = _two_confirmed(19)
    assert Confirm("motive") in st.legal_actions(0)
    st.apply(0, Confirm("motive"))
    assert st.outcome().team_won is False and "19" in st.outcome().reason


# -- eliminate -------------------------------------------------------------------------------------


def test_eliminate_moves_the_card_to_the_impossible_and_advances_the_track():
    st = base(hands=[["clue-5", "track-1"], ["track-2"]], track=3)
    st.apply(0, Eliminate(0))
    assert st.investigation == 8 and keys(st.impossible_ev) == ["clue-5"]
    assert len(st.hands[0]) == 2


def test_eliminate_past_20_loses_at_once():
    st = base(hands=[["clue-5", "track-1"], ["track-2"]], track=16)
    st.apply(0, Eliminate(0))
    assert st.outcome().team_won is False and "past 20" in st.outcome().reason


def test_each_card_beyond_the_case_limit_moves_holmes():
    st = base(case=3, hands=[["clue-1", "track-1"], ["track-2", "witness-1"]], impossible=["clue-6"], holmes=11)
    st.apply(0, Eliminate(0))  # 2 cards: at the limit
    assert st.holmes == 11
    st.apply(1, Eliminate(1))  # 3 cards: one beyond
    assert st.holmes == 10


def test_dead_leads_count_toward_the_limit():
    st = base(case=5, hands=[["clue-1"], ["track-2"]], impossible=["clue-6"], holmes=9)
    st.apply(0, Pursue("suspect"))
    assert st.holmes == 8 and st.impossible_count() == 2


# -- pursue ----------------------------------------------------------------------------------------


def test_pursue_discards_the_top_lead_reshuffles_its_evidence_and_reveals_the_next():
    st = base(hands=[["clue-1"], ["track-2"]], evidence={"suspect": ["witness-6"]},
              mismatched={"suspect": ["clue-2"]})
    deck_before = len(st.deck)
    st.apply(0, Pursue("suspect"))
    s = T.section_of["suspect"]
    assert st.impossible_leads == [lead("suspect-witness-12")]
    assert st.piles[s][0] == lead("suspect-document-11")
    assert len(st.deck) == deck_before + 2 and st.lead_ev[s] == [] and st.lead_mis[s] == []
    st.check_invariants()


def test_pursuing_the_last_lead_loses():
    st = base(hands=[["clue-1"], ["track-2"]], piles={**PILES, "suspect": ["suspect-clue-13"]})
    st.apply(0, Pursue("suspect"))
    assert st.outcome().team_won is False and "Suspect" in st.outcome().reason


# -- Holmes and the end ----------------------------------------------------------------------------


def test_holmes_reaching_0_loses_at_once():
    st = base(hands=[["clue-1"], ["track-2"]], holmes=1)
    st.apply(0, Assist(1, number=2))
    assert st.outcome().team_won is False and "Holmes" in st.outcome().reason
    assert st.legal_actions(1) == []


def test_defeats_are_checked_first_holmes_before_the_track():
    st = base(case=6, hands=[["clue-6"], ["track-2"]], impossible=["clue-1"], holmes=1, track=18)
    st.apply(0, Eliminate(0))
    assert "Holmes" in st.outcome().reason


def test_no_action_is_accepted_after_the_end():
    st = base(hands=[["clue-1"], ["track-2"]], holmes=1)
    st.apply(0, Assist(1, number=2))
    with pytest.raises(Exception, match="over"):
        st.apply(1, Eliminate(0))


def test_passing_is_not_allowed_there_is_always_an_action():
    st = base(hands=[[], []], deck=[])
    acts = st.legal_actions(0)
    assert acts and all(isinstance(a, Pursue) for a in acts)


def test_out_of_turn_actions_are_refused():
    st = base(hands=[["clue-1"], ["track-2"]])
    assert "not your turn" in check_illegal_unchanged(st, 1, Eliminate(0))
    assert "no card in place" in check_illegal_unchanged(st, 0, Eliminate(3))
    assert "no lead section" in check_illegal_unchanged(st, 0, Pursue("alibi"))
