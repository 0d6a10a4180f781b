"""Each character's ability on its own, in a scenario that would go differently without it."""

from __future__ import annotations

from sleuth.games.beyond_baker_street.characters import (
    ChooseKeep,
    Peek,
    PlacePeeked,
    RallyHolmes,
    ReturnEvidence,
    SkipAssist,
    SwapEvidence,
    SwapHands,
)
from sleuth.games.beyond_baker_street.rules import Assist, Confirm, Eliminate, Investigate, Pursue
from tests.contract import check_illegal_unchanged
from tests.games.beyond_baker_street.helpers import T, card, keys, lead, make
from tests.games.beyond_baker_street.test_rules import PILES


def base(chars, **kw):
    kw.setdefault("piles", PILES)
    return make(chars=chars, **kw)


def test_lestrade_eliminating_past_the_limit_never_moves_holmes():
    for chars, expected in (((1, 0), 11), ((0, 0), 10)):
        st = base(chars, case=3, hands=[["clue-1"], ["track-2"]], impossible=["clue-6", "clue-5"], holmes=11)
        st.apply(0, Eliminate(0))
        assert st.holmes == expected


def test_gregson_eliminated_evidence_counts_double():
    for chars, expected in (((2, 0), 10), ((0, 0), 5)):
        st = base(chars, hands=[["clue-5"], ["track-2"]])
        st.apply(0, Eliminate(0))
        assert st.investigation == expected


def test_baynes_confirming_moves_holmes_back_two():
    for chars, expected in (((3, 0), 12), ((0, 0), 11)):
        st = base(chars, hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-3"]}, holmes=10)
        st.apply(0, Confirm("motive"))
        assert st.holmes == expected


def test_bradstreet_hopkins_jones_forrester_may_not_name_their_icon():
    hand = ["document-1", "witness-2", "track-3", "clue-4"]
    for number, icon in ((4, "document"), (5, "witness"), (6, "track"), (7, "clue")):
        st = base((number, 0), hands=[["clue-5"], hand])
        assert Assist(1, icon=icon) not in st.legal_actions(0)
        assert "may not name" in check_illegal_unchanged(st, 0, Assist(1, icon=icon))
        plain = base((0, 0), hands=[["clue-5"], hand])
        assert Assist(1, icon=icon) in plain.legal_actions(0)


def test_martin_may_not_name_numbers():
    st = base((8, 0), hands=[["clue-5"], ["track-2"]])
    assert not any(isinstance(a, Assist) and a.number is not None for a in st.legal_actions(0))
    assert "numbers" in check_illegal_unchanged(st, 0, Assist(1, number=2))
    assert Assist(1, icon="track") in st.legal_actions(0)


def test_irene_once_per_game_moves_holmes_away_from_0():
    st = base((9, 0), hands=[["clue-5"], ["track-2"]], holmes=5)
    assert RallyHolmes() in st.legal_actions(0)
    st.apply(0, RallyHolmes())
    assert st.holmes == 6 and st.used[0]
    st.apply(1, Pursue("motive"))
    assert RallyHolmes() not in st.legal_actions(0)
    assert "once per game" in check_illegal_unchanged(st, 0, RallyHolmes())
    plain = base((0, 0), hands=[["clue-5"], ["track-2"]])
    assert "does not have" in check_illegal_unchanged(plain, 0, RallyHolmes())


def test_mary_may_confirm_a_lead_one_short():
    st = base((10, 0), hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-2"]})
    st.apply(0, Confirm("motive"))
    assert st.confirmed[T.section_of["motive"]]
    plain = base((0, 0), hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-2"]})
    check_illegal_unchanged(plain, 0, Confirm("motive"))
    two_short = base((10, 0), hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-1"]})
    check_illegal_unchanged(two_short, 0, Confirm("motive"))


def test_eva_draws_two_and_her_right_hand_neighbour_chooses_the_one_she_keeps():
    st = base((0, 11, 0), players=3, hands=[["clue-5"], ["track-2", "witness-1"], ["clue-1"]],
              deck=["document-1", "document-2", "document-3"], turn=1)
    st.apply(1, Eliminate(0))
    assert st.pending_seats() == (0,)  # seat 0 plays just before seat 1: her right-hand neighbour
    assert st.observe(0).decision == "eva_choice"
    assert sorted(keys(st.observe(0).decision_cards)) == ["document-2", "document-3"]
    assert st.observe(1).decision_cards == () and st.observe(2).decision_cards == ()
    assert "waiting for seat 0" in check_illegal_unchanged(st, 1, Eliminate(0))
    st.apply(0, ChooseKeep("document-2"))
    assert keys(st.hands[1]) == ["witness-1", "document-2"]
    assert keys(st.deck) == ["document-3", "document-1"]  # the other went under the deck
    assert st.pending_seats() == (2,)
    plain = base((0, 0, 0), players=3, hands=[["clue-5"], ["track-2", "witness-1"], ["clue-1"]],
                 deck=["document-1", "document-2", "document-3"], turn=1)
    plain.apply(1, Eliminate(0))
    assert keys(plain.hands[1]) == ["witness-1", "document-3"] and plain.pending_seats() == (2,)


def test_eva_with_one_card_left_in_the_deck_simply_draws_it():
    st = base((0, 11), hands=[["clue-5"], ["track-2"]], deck=["document-1"], turn=1)
    st.apply(1, Eliminate(0))
    assert keys(st.hands[1]) == ["document-1"] and st.pending_seats() == (0,) and st.decision is None


def test_helen_the_impossible_holds_one_more_card():
    for chars, expected in (((12, 0), 11), ((0, 0), 10)):
        st = base(chars, case=3, hands=[["clue-1"], ["track-2"]], impossible=["clue-6", "clue-5"], holmes=11, turn=1)
        st.apply(1, Eliminate(0))  # the effect holds whoever eliminates
        assert st.holmes == expected


def test_hilda_gives_two_assists_in_one_action_holmes_moving_once():
    st = base((13, 0, 0), players=3, hands=[["clue-5"], ["track-2", "witness-1"], ["clue-1"]])
    st.apply(0, Assist(1, number=2))
    assert st.pending_seats() == (0,) and st.observe(0).decision == "hilda_second"
    assert "second Assist" in check_illegal_unchanged(st, 0, Eliminate(0))
    st.apply(0, Assist(2, icon="clue"))
    assert st.holmes == 14 and st.pending_seats() == (1,)
    assert st.observe(2).knowledge[2][0][0] == 1 << T.icon_index["clue"]
    st2 = base((13, 0), hands=[["clue-5"], ["track-2"]])
    st2.apply(0, Assist(1, number=2))
    st2.apply(0, SkipAssist())
    assert st2.holmes == 14 and st2.pending_seats() == (1,)
    plain = base((0, 0), hands=[["clue-5"], ["track-2"]])
    plain.apply(0, Assist(1, number=2))
    assert plain.pending_seats() == (1,)


def test_baskerville_swaps_lead_evidence_with_an_eliminated_card_once():
    st = base((14, 0), hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6"]},
              impossible=["clue-2"], track=2, holmes=9)
    act = SwapEvidence("motive", "clue-6", "clue-2")
    assert act in st.legal_actions(0)
    st.apply(0, act)
    assert keys(st.lead_ev[T.section_of["motive"]]) == ["clue-2"]
    assert keys(st.impossible_ev) == ["clue-6"] and st.investigation == 6 and st.holmes == 9
    st.apply(1, Pursue("opportunity"))
    assert "once per game" in check_illegal_unchanged(st, 0, SwapEvidence("motive", "clue-2", "clue-6"))


def test_baskerville_swap_of_a_mismatched_card_changes_the_value():
    st = base((14, 0), hands=[["clue-5"], ["track-2"]], mismatched={"motive": ["track-5"]}, impossible=["witness-1"],
              track=1)
    st.apply(0, SwapEvidence("motive", "track-5", "witness-1"))
    assert st.lead_value(T.section_of["motive"]) == 10 and st.investigation == 5


def test_pike_swaps_a_card_with_another_hand_and_both_know_their_new_card():
    st = base((15, 0), hands=[["clue-5", "track-1"], ["track-2", "witness-4"]])
    st.apply(0, SwapHands(1, 1, 0))
    assert keys(st.hands[0]) == ["clue-5", "track-2"] and keys(st.hands[1]) == ["track-1", "witness-4"]
    kn0 = st.observe(0).knowledge[0][1]
    assert kn0 == (1 << T.icon_index["track"], 1 << 2)
    kn1 = st.observe(1).knowledge[1][0]
    assert kn1 == (1 << T.icon_index["track"], 1 << 1)
    assert "once per game" in check_illegal_unchanged(
        _after_other_turn(st), 0, SwapHands(0, 1, 0))


def _after_other_turn(st):
    st.apply(1, Pursue("opportunity"))
    return st


def test_wiggins_leads_he_pursues_or_kills_leave_the_game():
    st = base((16, 0), case=5, hands=[["clue-5"], ["track-2"]], impossible=["clue-6"], holmes=9)
    st.apply(0, Pursue("suspect"))
    assert st.impossible_leads == [] and st.vanished == [lead("suspect-witness-12")] and st.holmes == 9
    st2 = base((16, 0), hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6"]})
    st2.apply(0, Investigate(0, "motive"))
    assert st2.vanished == [lead("motive-clue-9")] and st2.impossible_leads == []
    plain = base((0, 0), case=5, hands=[["clue-5"], ["track-2"]], impossible=["clue-6"], holmes=9)
    plain.apply(0, Pursue("suspect"))
    assert plain.holmes == 8


def test_wiggins_emptying_a_section_still_loses():
    st = base((16, 0), hands=[["clue-5"], ["track-2"]], piles={**PILES, "suspect": ["suspect-clue-13"]})
    st.apply(0, Pursue("suspect"))
    assert st.outcome().team_won is False


def test_hudson_returns_an_eliminated_card_to_the_deck_and_the_track_drops():
    st = base((17, 0), hands=[["clue-5"], ["track-2"]], impossible=["clue-6"], track=9, deck=["witness-1"])
    assert ReturnEvidence("clue-6") in st.legal_actions(0)
    st.apply(0, ReturnEvidence("clue-6"))
    assert st.investigation == 3 and st.impossible_ev == [] and sorted(keys(st.deck)) == ["clue-6", "witness-1"]
    plain = base((0, 0), hands=[["clue-5"], ["track-2"]], impossible=["clue-6"])
    assert not any(isinstance(a, ReturnEvidence) for a in plain.legal_actions(0))


def test_toby_looks_at_the_top_card_and_may_bury_it():
    st = base((18, 0), hands=[["clue-5"], ["track-2"]], deck=["witness-1", "document-4"])
    st.apply(0, Peek())
    assert st.pending_seats() == (0,) and keys(st.observe(0).decision_cards) == ["document-4"]
    assert st.observe(1).decision_cards == ()
    peeks = [e for e in st.events_for(1) if e.KIND == "peeked"]
    assert peeks and peeks[-1].card is None
    st.apply(0, PlacePeeked(True))
    assert keys(st.deck) == ["document-4", "witness-1"] and st.pending_seats() == (1,)
    st2 = base((18, 0), hands=[["clue-5"], ["track-2"]], deck=[])
    assert Peek() not in st2.legal_actions(0)


def test_a_seat_without_the_character_cannot_use_its_ability():
    st = base((0, 0), hands=[["clue-5"], ["track-2"]], impossible=["clue-1"])
    for act in (Peek(), ReturnEvidence("clue-1"), SwapHands(0, 1, 0), SwapEvidence("motive", "clue-1", "clue-1")):
        assert "does not have" in check_illegal_unchanged(st, 0, act)
    assert card("clue-1") in st.impossible_ev


def test_eva_the_buried_card_is_seen_only_by_the_chooser():
    st = base((0, 11, 0), players=3, hands=[["clue-5"], ["track-2", "witness-1"], ["clue-1"]],
              deck=["document-1", "document-2", "document-3"], turn=1)
    st.apply(1, Eliminate(0))
    st.apply(0, ChooseKeep("document-3"))
    kept = {seat: [e for e in st.events_for(seat) if e.KIND == "kept"][-1] for seat in range(3)}
    assert kept[0].buried == "document-2" and kept[0].card == "document-3"
    assert kept[2].buried is None and kept[2].card == "document-3"
    assert kept[1].card is None and kept[1].buried is None  # Eva never sees her own card
    drew = {seat: [e for e in st.events_for(seat) if e.KIND == "drew_two"][-1] for seat in range(3)}
    assert drew[0].cards == ("document-3", "document-2") and drew[1].cards == (None, None)


def test_hilda_gets_no_second_assist_when_the_first_ends_the_game():
    st = base((13, 0), hands=[["clue-5"], ["track-2"]], holmes=1)
    st.apply(0, Assist(1, number=2))
    assert st.is_over() and st.decision is None and st.pending_seats() == ()


def test_mary_short_confirm_of_the_third_lead_on_20_wins():
    st = base((10, 0), hands=[["clue-5"], ["track-2"]], evidence={"motive": ["clue-6", "clue-2"]}, track=20)
    st.confirmed[T.section_of["opportunity"]] = True
    st.confirmed[T.section_of["suspect"]] = True
    st.apply(0, Confirm("motive"))
    assert st.outcome().team_won is True
