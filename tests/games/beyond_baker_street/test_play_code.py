"""The play code (``play_code.py``): which of its equally known cards a Master plays tells the
other Masters a card of theirs; every Master reads it from its own log."""

from __future__ import annotations

import random

import pytest

from sleuth.games.beyond_baker_street import play_code
from sleuth.games.beyond_baker_street.basic import BasicBot
from sleuth.games.beyond_baker_street.cards import load_cards, tables_for
from sleuth.games.beyond_baker_street.master import MasterBot
from sleuth.games.beyond_baker_street.rules import Assist, BBSState, Eliminate, Investigate

T = tables_for(load_cards())
FULL = (T.full_icons, T.full_numbers)


def test_focus_is_the_first_unknown_icon_then_the_first_unknown_number():
    assert play_code.focus([(1, 2), FULL]) == (1, play_code.ICON)
    assert play_code.focus([(1, T.full_numbers), (4, 8)]) == (0, play_code.NUMBER)
    assert play_code.focus([(1, 2), (4, 8)]) is None


def test_a_hands_value_is_the_rank_of_its_focus_among_what_its_holder_thinks_possible():
    """A card whose holder thinks icons 1 and 3 possible and whose icon is 3 has value 1."""
    card = next(c for c in range(T.ncards) if T.icon_of[c] == 3)
    assert play_code.hand_value(T, [card], [(0b1010, T.full_numbers)]) == 1
    assert play_code.hand_value(T, [card], [(1 << 3, 1 << T.num_of[card])]) == 0


def test_peers_are_the_cards_known_exactly_as_well():
    row = [FULL, (1, T.full_numbers), FULL, FULL]
    assert play_code.peers(row, 0) == [0, 2, 3]
    assert play_code.peers(row, 1) == [1]


def _table(players: int, newcomers: set[int], seed: int):
    """Masters (a short think, two worlds) and ``basic`` seats, each Master told who sits where."""
    kinds = ["basic" if seat in newcomers else "master" for seat in range(players)]
    bots = []
    for seat in range(players):
        if seat in newcomers:
            bots.append(BasicBot())
            continue
        bot = MasterBot(think_s=0.05, max_worlds=2)
        bot.meet(seat, {s: kinds[s] for s in range(players) if s != seat})
        bots.append(bot)
    return BBSState(load_cards(), players, {"case": 3}, seed), bots, kinds


@pytest.mark.parametrize("players, newcomers", [(3, {2}), (3, {0}), (4, {1}), (4, {0, 3})])
def test_masters_beside_newcomers_read_each_others_codes(players, newcomers):
    """Over whole games: every Master's replay of the codes is accepted, never rules out a card's
    true icon or number, narrows no mask the engine's does not, names the other Masters whose card
    plays narrowed each of its own masks, and every Master's replay of every hand is the same (what
    the codes told is common knowledge among them); and the codes tell something (some mask ends
    narrower than the engine's), while every move stays legal."""
    coders = frozenset(range(players)) - newcomers
    narrower = moved = 0
    for seed in range(2):
        state, bots, kinds = _table(players, newcomers, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending_seats()[0]
            reads = {}
            for viewer in coders:
                obs = state.observe(viewer)
                assert bots[viewer].coders(obs) == coders
                known = play_code.augmented_knowledge(obs, T, coders)
                assert known is not None, f"seat {viewer} cannot read the codes"
                reads[viewer] = known
                # whose card plays it read (what its "why" says): exactly where it knows more
                for row, engine, read in zip(known[viewer], obs.knowledge[viewer],
                                             play_code.readers(obs, T, coders), strict=True):
                    for part in (0, 1):
                        assert bool(read[part]) == (row[part] != engine[part])
                        assert set(read[part]) <= coders - {viewer}
            first = reads[min(coders)]
            assert all(known == first for known in reads.values())
            for hand, row in zip(state.hands, first, strict=True):
                for c, (ki, kn) in zip(hand, row, strict=True):
                    assert ki >> T.icon_of[c] & 1 and kn >> T.num_of[c] & 1
                    assert ki & ~state.know_icon[c] == 0 and kn & ~state.know_num[c] == 0
                    narrower += (ki, kn) != (state.know_icon[c], state.know_num[c])
            obs, legal = state.observe(seat), state.legal_actions(seat)
            if seat in coders:
                found = bots[seat].search(obs, legal, rng)
                action = found.action
                if action != found.chosen:
                    moved += 1
                    assert isinstance(action, (Investigate, Eliminate))
                    assert action.slot in play_code.peers(first[seat], found.chosen.slot)
            else:
                action = bots[seat].choose(obs, legal, rng)
            assert action in legal
            state.apply(seat, action)
    assert narrower > 0 and moved > 0


def test_who_plays_the_code():
    """Two or more Masters play it beside a person (no kind) or a basic seat, where the hat is not
    played; never among Masters alone (they play the hat), beside an expert, for a lone Master, at
    a table of two, or with characters."""
    state = BBSState(load_cards(), 3, {"case": 3}, 1)
    obs = state.observe(0)

    def master(partners: dict[int, str], **kw) -> MasterBot:
        bot = MasterBot(**kw)
        bot.meet(0, partners)
        return bot

    assert master({1: "master", 2: "basic"}).coders(obs) == {0, 1}
    assert master({1: "master"}).coders(obs) == {0, 1}
    assert not master({1: "master", 2: "master"}).coders(obs)
    assert not master({1: "master", 2: "expert"}).coders(obs)
    assert not master({1: "basic", 2: "basic"}).coders(obs)
    assert not master({1: "master", 2: "basic"}, use_play_code=False).coders(obs)
    two = BBSState(load_cards(), 2, {"case": 3}, 1)
    assert not master({1: "master"}).coders(two.observe(0))
    chars = BBSState(load_cards(), 3, {"case": 3, "characters": "random"}, 1)
    assert not master({1: "master", 2: "basic"}).coders(chars.observe(0))


def test_a_master_explains_the_card_it_plays_under_the_code():
    """When the code moves a Master's card play to an equally known card, its reasons speak of the
    card it plays."""
    rng = random.Random(3)
    checked = 0
    for seed in range(6):
        state, bots, _ = _table(3, {2}, seed)
        while not state.is_over() and checked < 3:
            seat = state.pending_seats()[0]
            obs, legal = state.observe(seat), state.legal_actions(seat)
            if seat == 2:
                state.apply(seat, bots[seat].choose(obs, legal, rng))
                continue
            decision = bots[seat].decide(obs, legal, random.Random(seed))
            found = bots[seat].search(obs, legal, random.Random(seed))
            if found.action != found.chosen and decision.action == found.action:
                assert decision.explanation.best.action == found.action
                slots = {dict(f.args).get("slot") for f in decision.explanation.best.facts if f.key == "card"}
                assert slots <= {found.action.slot}
                checked += 1
            state.apply(seat, decision.action)
    assert checked > 0


def _play_test_position():
    """The play-tester's game: case 5, a person in seat 0 beside two Masters. The person told seat
    2 that its 3rd and 4th cards are Tracks; seat 1 then played its 1st card (of four it knew
    nothing about) on the Opportunity lead. Seat 2 to play, told of its 1st card only "not Track"."""
    state = BBSState(load_cards(), 3, {"case": 5, "characters": "off"}, 429560679)
    state.apply(0, Assist(target=2, icon="track"))
    state.apply(1, Investigate(0, "opportunity"))
    bot = MasterBot(think_s=60.0, max_worlds=2)
    bot.meet(2, {1: "master"})  # seat 0 is a person
    return state, bot


def test_a_master_knows_its_card_from_the_card_its_partner_chose_to_play():
    """Play-test: Billy's "why?" said "Billy knew it was a Witness" of a card told only "not Track".
    He did know it, by the play code: which of four equally unknown cards Watson played (his 1st)
    told Billy the rank of his 1st card's icon among Witness, Clue and Document. The knowledge
    follows Watson's choice, not Billy's hidden card: had Watson played his 2nd card, Billy would
    read Clue."""
    state, bot = _play_test_position()
    obs = state.observe(2)
    assert obs.knowledge[2][0][0] == T.full_icons & ~(1 << T.icon_index["track"])  # Assists: not Track
    assert T.key_of[state.hands[2][0]] == "witness-5"
    known = play_code.augmented_knowledge(obs, T, bot.coders(obs))
    assert known[2][0][0] == 1 << T.icon_index["witness"]
    assert play_code.readers(obs, T, bot.coders(obs))[0] == ((1,), ())
    other = BBSState(load_cards(), 3, {"case": 5, "characters": "off"}, 429560679)
    other.apply(0, Assist(target=2, icon="track"))
    other.apply(1, Investigate(1, "opportunity"))
    known = play_code.augmented_knowledge(other.observe(2), T, bot.coders(obs))
    assert known[2][0][0] == 1 << T.icon_index["clue"]


def test_a_masters_why_says_it_read_its_card_from_its_partners_card_play(app):
    """Play-test: "Billy knew it was a Witness", yet the Assists had told only "not Track": the
    reasons now say how he knew, from which card Watson chose to play."""
    from tests.games.beyond_baker_street.test_explain import _check_lines
    from tests.games.beyond_baker_street.test_words import NAMES, named_table

    state, bot = _play_test_position()
    x = bot.decide(state.observe(2), state.legal_actions(2), random.Random(0)).explanation
    cards = [f for c in (x.best, x.runner_up) if c is not None for f in c.facts if f.key == "card" and f["slot"] == 0]
    assert cards, "no reason speaks of the 1st card"
    for f in cards:
        assert f["icon"] == "witness" and f["icon_by"] == -1
        assert f["icon_read"] == (1,) and f["read_from"] == "play"
    view = named_table(app).view
    lines = view.explain(x.shown_to(0, False), coach=False)
    _check_lines(lines, x)
    said = " ".join(lines)
    assert f"knew it was a Witness, read from which card {NAMES[1]} chose to play" in said, said
