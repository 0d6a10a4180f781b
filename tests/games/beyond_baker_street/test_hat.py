"""The hat convention (``hat.py``): the codes, and every seat reading its icons from its own log."""

from __future__ import annotations

import random

import pytest

from sleuth.games.beyond_baker_street import hat
from sleuth.games.beyond_baker_street.bots import ExpertBot
from sleuth.games.beyond_baker_street.cards import load_cards, tables_for
from sleuth.games.beyond_baker_street.rules import Assist, BBSState

T = tables_for(load_cards())


def test_code_is_the_targets_place_and_the_kind():
    """At 3 players: the next seat by number 0, by icon 1; the seat after by number 2, by icon 3."""
    assert hat.code_of(0, Assist(1, number=3), 3) == 0
    assert hat.code_of(0, Assist(1, icon="clue"), 3) == 1
    assert hat.code_of(0, Assist(2, number=3), 3) == 2
    assert hat.code_of(2, Assist(1, icon="clue"), 3) == 3
    # at 4 players the third seat on shares the next seat's codes
    assert hat.code_of(0, Assist(3, number=1), 4) == 0


def test_focus_is_the_first_card_of_unknown_icon():
    full = T.full_icons
    assert hat.focus([(1, full), (full, full)]) == 1
    assert hat.focus([(full, 2), (4, 8)]) == 0
    assert hat.focus([(1, 2), (4, 8)]) is None


def _play(seed: int, players: int, moves: int, hatters: frozenset[int]) -> None:
    """A game in which every hatter's Assist carries the convention's code and the other seats
    give any Assist; the icons the hat gave are kept beside the engine's masks, as the table's bots
    would know them, and every hatter's replay of its own log is checked against them before each
    move, as is whose Assist it reads each icon from (``readers``: what its "why" says it read)."""
    state = BBSState(load_cards(), players, {"case": 3}, seed)
    rng = random.Random(seed)
    bot = ExpertBot()
    by_hat: dict[int, int] = {}  # cards in hand whose icon the hat told their holder: the hinter

    def truth():
        return tuple(tuple((1 << T.icon_of[c] if c in by_hat else state.know_icon[c], state.know_num[c])
                           for c in hand) for hand in state.hands)

    for _ in range(moves):
        if state.result is not None:
            break
        seat = state.pending_seats()[0]
        for viewer in hatters:
            aug = hat.augmented_knowledge(state.observe(viewer), T, hatters)
            assert aug == truth(), f"seat {viewer} misreads the hat"
            read = hat.readers(state.observe(viewer), T, hatters)
            assert read == tuple(((by_hat[c],) if c in by_hat and state.know_icon[c] != 1 << T.icon_of[c] else (), ())
                                 for c in state.hands[viewer])
        obs = state.observe(seat)
        known = truth()
        legal = state.legal_actions(seat)
        if seat in hatters:
            legal = hat.allowed(T, obs, known, legal, hatters)
        assists = [a for a in legal if isinstance(a, Assist)]
        action = rng.choice(assists) if assists and rng.random() < 0.4 else bot.choose(obs, legal, rng)
        told = []
        if isinstance(action, Assist) and seat in hatters:
            for other, hand in enumerate(state.hands):
                slot = hat.focus(known[other])
                if other != seat and other in hatters and slot is not None:
                    told.append(hand[slot])
        state.apply(seat, action)
        by_hat.update((c, seat) for c in told)
        held = {c for hand in state.hands for c in hand}
        by_hat = {c: s for c, s in by_hat.items() if c in held}


@pytest.mark.parametrize("players", [3, 4])
def test_every_seat_reads_its_own_icons_from_the_sums(players):
    """Each partner subtracts the hands it sees from the Assist's code and reads the icon of its
    first unknown card; replayed from each seat's log, the masks equal the ones the table keeps."""
    for seed in range(4):
        _play(seed, players, 40, frozenset(range(players)))


@pytest.mark.parametrize("players, hatters", [(3, {0, 1}), (3, {1, 2}), (4, {0, 2, 3}), (4, {1, 3})])
def test_hatters_beside_newcomers_read_only_each_others_codes(players, hatters):
    """Beside seats that play no convention, a hatter's code sums only the other hatters' hands, a
    newcomer's Assist is read for what it says, and every hatter's replay still equals the masks
    the table keeps."""
    for seed in range(4):
        _play(seed, players, 40, frozenset(hatters))


def test_every_sum_has_an_assist_to_carry_it():
    """Every hand holding a card can take an Assist by number and one by icon, so each of the four
    codes is always on offer at 3 players."""
    for seed in range(20):
        state = BBSState(load_cards(), 3, {"case": 3}, seed)
        seat = state.pending_seats()[0]
        codes = {hat.code_of(seat, a, 3) for a in state.legal_actions(seat) if isinstance(a, Assist)}
        assert codes == {0, 1, 2, 3}


def test_an_assist_off_the_convention_is_noticed():
    """A partner who gives an Assist the sums contradict makes the replay refuse (None) rather than
    read a wrong icon, when the contradiction shows."""
    refused = 0
    for seed in range(10):
        state = BBSState(load_cards(), 3, {"case": 3}, seed)
        seat = state.pending_seats()[0]
        obs = state.observe(seat)
        want = hat.wanted_code(T, seat, obs.hands, obs.knowledge, range(3))
        wrong = [a for a in state.legal_actions(seat) if isinstance(a, Assist) and hat.code_of(seat, a, 3) != want]
        state.apply(seat, wrong[0])
        for viewer in range(3):
            if viewer != seat and hat.augmented_knowledge(state.observe(viewer), T, range(3)) is None:
                refused += 1
    assert refused > 0


def _master_table(players: int, kinds: dict[int, dict[int, str]] | None = None):
    from sleuth.games.beyond_baker_street.master import MasterBot

    bots = [MasterBot(think_s=0.05, max_worlds=2, use_hat=True, hat_beside_newcomers=True) for _ in range(players)]
    for seat, bot in enumerate(bots):
        bot.meet(seat, (kinds or {}).get(seat, {s: "master" for s in range(players) if s != seat}))
    return bots


@pytest.mark.parametrize("newcomer", [None, 2, 0])
def test_masters_give_only_coded_assists_and_read_them(newcomer):
    """Three Masters, or two beside a basic seat: every Master's Assist carries the code its
    hinter's sums ask for (over the other Masters' hands), and every Master's replay of the hat
    stays consistent with what it was told to the end of the game."""
    from sleuth.games.beyond_baker_street.bots import BasicBot

    rng = random.Random(2)
    kinds = ["basic" if seat == newcomer else "master" for seat in range(3)]
    hatters = frozenset(seat for seat in range(3) if seat != newcomer)
    assists = 0
    for seed in range(2):
        state = BBSState(load_cards(), 3, {"case": 3}, seed)
        bots = _master_table(3, {seat: {s: kinds[s] for s in range(3) if s != seat} for seat in range(3)})
        if newcomer is not None:
            bots[newcomer] = BasicBot()
        while not state.is_over():
            seat = state.pending_seats()[0]
            obs = state.observe(seat)
            legal = state.legal_actions(seat)
            if seat == newcomer:
                state.apply(seat, bots[seat].choose(obs, legal, rng))
                continue
            assert bots[seat].hatters(obs) == hatters
            known = hat.augmented_knowledge(obs, T, hatters)
            assert known is not None
            action = bots[seat].choose(obs, legal, rng)
            assert action in legal
            if isinstance(action, Assist) and state.decision is None:
                assert hat.code_of(seat, action, 3) == hat.wanted_code(T, seat, obs.hands, known, hatters)
                assists += 1
            state.apply(seat, action)
    assert assists > 0


def test_who_plays_the_hat():
    """Masters play it among themselves, beside a person (no kind) or a basic seat too, but never
    beside an expert (who reads Assists by its own convention), nor a lone Master, nor at a table
    of two or one with characters."""
    from sleuth.games.beyond_baker_street.master import MasterBot

    state = BBSState(load_cards(), 3, {"case": 3}, 1)
    obs = state.observe(0)
    masters = _master_table(3)[0]
    assert masters.hatters(obs) == {0, 1, 2}
    assert _master_table(3, {0: {1: "master"}})[0].hatters(obs) == {0, 1}
    assert _master_table(3, {0: {1: "basic", 2: "master"}})[0].hatters(obs) == {0, 2}
    assert not _master_table(3, {0: {1: "master", 2: "expert"}})[0].hat_table(obs)
    assert not _master_table(3, {0: {1: "basic", 2: "basic"}})[0].hat_table(obs)
    apart = MasterBot(use_hat=True, hat_beside_newcomers=False)
    apart.meet(0, {1: "master", 2: "basic"})
    assert not apart.hat_table(obs)
    two = BBSState(load_cards(), 2, {"case": 3}, 1)
    assert not _master_table(2)[0].hat_table(two.observe(0))
    chars = BBSState(load_cards(), 3, {"case": 3, "characters": "random"}, 1)
    assert not masters.hat_table(chars.observe(0))


def test_a_master_at_a_hat_table_explains_without_the_pointing_convention():
    """At a hat table a pointed card is not "one to play now": the Master's reasons never cite that
    convention (30 decisions, over as many games as it takes)."""
    rng = random.Random(4)
    explained = 0
    for seed in range(10):
        state = BBSState(load_cards(), 3, {"case": 3}, seed)
        bots = _master_table(3)
        while not state.is_over() and explained < 30:
            seat = state.pending_seats()[0]
            decision = bots[seat].decide(state.observe(seat), state.legal_actions(seat), rng)
            why = decision.explanation
            moves = [why.best] + ([why.runner_up] if why.runner_up else [])
            assert all(f.key != "convention" for m in moves for f in m.facts)
            state.apply(seat, decision.action)
            explained += 1
    assert explained == 30
