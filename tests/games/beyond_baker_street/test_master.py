"""The Master (issue 23): legal moves, a kept deadline, determinism given its generator, no use of
hidden cards, the blueprint's move unless the search beats it by the margin, sampled worlds that
agree with the observation, and an explanation the table can word."""

from __future__ import annotations

import random
import time

import pytest

from sleuth.core.registry import get
from sleuth.games.beyond_baker_street.bots import ExpertBot, Thought
from sleuth.games.beyond_baker_street.master import MasterBot, Search, calibration_for, team_value, win_chance
from sleuth.games.beyond_baker_street.reasons import FACT_KEYS
from sleuth.games.beyond_baker_street.rules import Eliminate, Pursue
from sleuth.games.beyond_baker_street.world import sample_world
from tests.games.beyond_baker_street.helpers import CARDS, hidden_card_twins

SPEC = get("beyond-baker-street")

#: the think time tests give the Master (its own default is 1.5 s)
QUICK = 0.05


def _positions(count: int, seed: int = 0):
    """Ordinary turns (no pending decision) from expert playouts, with every player count and characters."""
    rng = random.Random(seed)
    expert = ExpertBot()
    found = []
    game = 0
    while len(found) < count:
        options = {"case": 1 + game % 6, "characters": "random" if game % 2 else "off"}
        state = SPEC.create(2 + game % 3, options, seed * 1000 + game)
        game += 1
        for _ in range(rng.randrange(0, 30)):
            if state.is_over():
                break
            seat = state.pending_seats()[0]
            state.apply(seat, expert.choose(state.observe(seat), state.legal_actions(seat), rng, 5.0))
        if not state.is_over() and state.decision is None:
            found.append((state, state.pending_seats()[0]))
    return found


def test_a_sampled_world_observed_from_its_seat_is_the_observation_it_came_from():
    rng = random.Random(3)
    for state, seat in _positions(25, seed=3):
        obs = state.observe(seat)
        for _ in range(4):
            world = sample_world(obs, CARDS, rng)
            world.check_invariants()
            assert world.observe(seat) == obs
            assert sorted(world.deck + world.hands[seat]) == sorted(state.deck + state.hands[seat])


def test_the_master_plays_legal_moves_to_the_end_with_characters_and_decisions():
    rng = random.Random(5)
    for seed in range(3):
        state = SPEC.create(2 + seed, {"characters": "random", "case": 1 + 2 * seed}, seed)
        bots = [MasterBot(think_s=QUICK) for _ in range(state.players)]
        steps = 0
        while not state.is_over() and steps < 200:
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.observe(seat), legal, rng)
            assert action in legal
            state.apply(seat, action)
            steps += 1
        assert state.is_over()


def test_the_master_keeps_its_deadline():
    """No search works past twice its think time. Counted in CPU time, which is never more than the
    wall-clock the deadline watches: on a loaded machine a descheduled search lasts longer on the
    clock without doing more, and that is not the bot's overrun."""
    bot = MasterBot(think_s=QUICK)
    slowest = 0.0
    searched = 0
    for k, (state, seat) in enumerate(_positions(12, seed=7)):
        obs, legal = state.observe(seat), state.legal_actions(seat)
        start = time.process_time()
        found = bot.search(obs, legal, random.Random(k))
        slowest = max(slowest, time.process_time() - start)
        searched += found.path == "search"
    assert searched >= 3
    assert slowest < 2 * QUICK


def test_the_think_time_is_a_setting_scaled_with_the_budget():
    assert MasterBot().think_time(0.1) == pytest.approx(1.5)
    assert MasterBot().think_time(0.02) == pytest.approx(0.3)
    assert MasterBot(think_s=0.5).think_time(0.1) == pytest.approx(0.5)


def test_the_candidates_are_the_blueprints_move_and_the_best_others_within_the_window():
    """The blueprint's move first, then the others by score while within ``window`` of it and
    ``candidates`` in all; two moves of one kind scored exactly alike (cards nothing sets apart)
    count once."""
    legal = [Eliminate(0), Eliminate(1), Eliminate(2), Pursue("suspect"), Pursue("motive"), Pursue("opportunity")]
    scores = [1.0, 1.0, 0.9, 0.8, 0.55, None]
    thought = Thought(action=legal[0], legal=legal, path="search", scores=scores)
    # slots 0 and 1 are scored alike: the blueprint played slot 0, slot 1 is not searched again
    assert MasterBot(candidates=6, window=0.5).pick_candidates(thought) == [0, 2, 3, 4]
    assert MasterBot(candidates=6, window=0.25).pick_candidates(thought) == [0, 2, 3]
    assert MasterBot(candidates=2, window=0.5).pick_candidates(thought) == [0, 2]
    assert MasterBot(candidates=1, window=0.5).pick_candidates(thought) == [0]


def _searched_positions(count: int, seed: int):
    """Positions where the Master has at least two moves to compare."""
    bot = MasterBot(think_s=QUICK)
    out = []
    for state, seat in _positions(4 * count, seed=seed):
        thought = bot.blueprint.think(state.observe(seat), state.legal_actions(seat), random.Random(0), 5.0)
        if len(bot.pick_candidates(thought)) >= 2:
            out.append((state, seat))
            if len(out) == count:
                break
    return out


def test_the_master_is_deterministic_given_its_generator():
    for k, (state, seat) in enumerate(_searched_positions(4, seed=11)):
        obs, legal = state.observe(seat), state.legal_actions(seat)
        results = []
        for disturb in range(2):
            random.seed(disturb)  # the global generator must not matter
            bot = MasterBot(think_s=60.0, max_worlds=3)
            found = bot.search(obs, legal, random.Random(k))
            results.append((found.action, found.worlds, found.totals, found.diffs))
        assert results[0] == results[1]
        assert results[0][1] >= 1


def test_the_master_never_reads_its_hidden_cards():
    """Two states that differ only in the seat's own cards and the deck order: the same search."""
    checked = 0
    for state, seat, other in hidden_card_twins(range(12)):
        if other.observe(seat) != state.observe(seat):
            continue  # the swap broke what an Assist told the seat: not the same observation
        a = MasterBot(think_s=60.0, max_worlds=2).search(state.observe(seat), state.legal_actions(seat),
                                                          random.Random(1))
        b = MasterBot(think_s=60.0, max_worlds=2).search(other.observe(seat), other.legal_actions(seat),
                                                          random.Random(1))
        assert (a.action, a.totals) == (b.action, b.totals)
        checked += 1
    assert checked >= 4


def _search(totals, diffs, squares, counts, margin=0.03) -> tuple[MasterBot, Search]:
    bot = MasterBot(think_s=QUICK, margin=margin)
    found = Search(action=None, blueprint=None, path="search", candidates=list(range(len(totals))),
                   totals=totals, counts=counts, diffs=diffs, squares=squares, worlds=max(counts))
    return bot, found


def test_an_alternative_is_played_only_when_it_beats_the_blueprint_by_the_margin():
    # 20 worlds; candidate 1 gains 0.02 a world (below the 0.03 margin), candidate 2 gains 0.05
    n = 20
    bot, found = _search([8.0, 8.4, 9.0], [0.0, 0.02 * n, 0.05 * n], [0.0, 0.0004 * n, 0.0025 * n], [n, n, n])
    assert bot._best(found) == 2
    bot, found = _search([8.0, 8.4, 9.0], [0.0, 0.02 * n, 0.05 * n], [0.0, 0.0004 * n, 0.0025 * n], [n, n, n],
                         margin=0.06)
    assert bot._best(found) == 0
    # a gain above the margin but within its noise (half the worlds +0.5, half -0.4) keeps the blueprint's move
    bot, found = _search([8.0, 9.0], [0.0, 0.05 * n], [0.0, (0.25 + 0.16) / 2 * n], [n, n])
    assert bot._best(found) == 0


def test_with_an_unreachable_margin_the_master_plays_the_blueprint_move():
    for k, (state, seat) in enumerate(_searched_positions(4, seed=13)):
        obs, legal = state.observe(seat), state.legal_actions(seat)
        found = MasterBot(think_s=60.0, max_worlds=3, margin=2.0).search(obs, legal, random.Random(k))
        assert found.path == "search" and found.worlds >= 1
        assert found.action == found.blueprint.action
        assert found.action == ExpertBot().choose(obs, legal, random.Random(0), 5.0)


def test_the_master_explains_the_move_it_plays():
    for k, (state, seat) in enumerate(_searched_positions(4, seed=17)):
        obs, legal = state.observe(seat), state.legal_actions(seat)
        rng_a, rng_b = random.Random(k), random.Random(k)
        chosen = MasterBot(think_s=60.0, max_worlds=3).choose(obs, legal, rng_a)
        made = MasterBot(think_s=60.0, max_worlds=3).decide(obs, legal, rng_b)
        assert made.action == chosen and rng_a.getstate() == rng_b.getstate()
        x = made.explanation
        assert x is not None and x.best.action == chosen and x.seat == seat
        assert x.measure == "win_chance" and 0.0 <= x.best.value <= 1.0
        assert x.runner_up is not None and x.runner_up.action in legal and x.runner_up.action != chosen
        assert {f.key for f in x.facts()} <= set(FACT_KEYS)
        margin = [f for f in x.runner_up.facts if f.key == "margin"]
        assert len(margin) == 1 and margin[0]["spaces"] >= 0.0


def test_the_team_value_is_calibrated_towards_a_chance_to_win():
    """A fresh game of case 1 is more likely won than one of case 6, and both chances are real ones."""
    bot = ExpertBot()
    chances = {}
    for case in (1, 6):
        state = SPEC.create(3, {"case": case}, 0)
        scale, offset = calibration_for(CARDS.case(case).holmes)
        chances[case] = win_chance(team_value(bot.ev, state), scale, offset)
    assert 0.0 < chances[6] < chances[1] < 1.0


def test_the_table_words_the_masters_reasons_as_sentences(app):
    from tests.games.beyond_baker_street.test_explain import _check_lines
    from tests.games.beyond_baker_street.test_words import named_table

    table = named_table(app)
    view, viewer = table.view, table.viewer
    worded = 0
    for k, (state, seat) in enumerate(_searched_positions(8, seed=19)):
        if state.players != 3 or seat == viewer:
            continue
        x = MasterBot(think_s=60.0, max_worlds=3).decide(state.observe(seat), state.legal_actions(seat),
                                                          random.Random(k)).explanation
        _check_lines(view.explain(x.shown_to(viewer, False), coach=False), x)
        _check_lines(view.explain(x.shown_to(viewer, True), coach=False), x)
        worded += 1
    assert worded >= 1


def test_the_master_plays_people_and_other_bots_as_newcomers_in_its_rollouts():
    """Told who sits where (``meet``), the Master plays partners who follow no convention (people,
    whose seats are not named, and bots of another kind) by the newcomer's rules; expert and Master
    partners by the expert's. Never told, it takes every partner for a convention player."""
    obs = SPEC.create(4, {}, 0).observe(0)
    bot = MasterBot(think_s=QUICK)
    assert bot.newcomers(obs) == frozenset()
    bot.meet(0, {1: "expert", 2: "basic"})  # seat 3 is a person
    assert bot.newcomers(obs) == {2, 3}
    bot.meet(0, {1: "master", 2: "expert", 3: "expert"})
    assert bot.newcomers(obs) == frozenset()


def test_the_masters_rollouts_play_a_newcomer_seat_by_the_newcomers_rules():
    played = []
    for k, (state, seat) in enumerate(_searched_positions(6, seed=23)):
        if state.players < 3:
            continue
        partner = (seat + 1) % state.players
        bot = MasterBot(think_s=60.0, max_worlds=2)
        bot.meet(seat, {s: "expert" for s in range(state.players) if s not in (seat, partner)})
        asked = []
        choose = bot.newcomer.choose

        def spy(obs, legal, rng, budget_s=0.1, _choose=choose, _asked=asked):
            _asked.append(obs.seat)
            return _choose(obs, legal, rng, budget_s)

        bot.newcomer.choose = spy
        found = bot.search(state.observe(seat), state.legal_actions(seat), random.Random(k))
        assert found.worlds >= 1
        assert asked and set(asked) == {partner}  # the partner's turns, and nobody else's
        played.append(k)
    assert played


def test_the_master_searches_the_assist_a_newcomer_would_act_on():
    """Whatever the blueprint thinks of it, the Assist the newcomer's rules would give a newcomer
    partner is among the moves searched (when it is legal and not the blueprint's own move)."""
    offered = 0
    for state, seat in _positions(60, seed=29):
        if state.players < 3:
            continue
        obs, legal = state.observe(seat), state.legal_actions(seat)
        partner = (seat + 1) % state.players
        bot = MasterBot(think_s=60.0, max_worlds=1)
        bot.meet(seat, {s: "master" for s in range(state.players) if s not in (seat, partner)})
        hint = bot.newcomer.hint_for(obs, partner)
        thought = bot.blueprint.think(obs, legal, random.Random(0), 5.0)
        if hint is None or hint not in legal or hint == thought.action or thought.path != "search":
            continue
        found = bot.search(obs, legal, random.Random(0))
        assert legal.index(hint) in found.candidates
        offered += 1
    assert offered >= 3


def test_every_bot_is_told_who_sits_where(monkeypatch):
    """The match runner and the app's bots both call ``meet``: the other bots' kinds by seat, and
    nothing for a person's seat."""
    from sleuth.ai.match import play_game
    from sleuth.ai.runner import SessionBots

    met = []
    real = MasterBot.meet
    monkeypatch.setattr(MasterBot, "meet", lambda self, seat, partners: (met.append((seat, dict(partners))),
                                                                         real(self, seat, partners)))
    SessionBots("beyond-baker-street", ((0, "master", "a"), (2, "expert", "b")))
    assert met == [(0, {2: "expert"})]
    met.clear()
    record = play_game(SPEC, ("master", "basic", "expert"), {"case": 1}, 1, budget_s=0.003)
    assert record.error is None
    assert met == [(0, {1: "basic", 2: "expert"})]


def test_the_newcomers_reading_of_an_assist_is_what_the_rules_tell_them():
    """``BasicBot.told`` (what an Assist leaves its target knowing, seen by the giver) agrees with
    the engine; and ``known_play`` finds the card play the newcomer makes first."""
    from sleuth.games.beyond_baker_street.basic import BasicBot
    from sleuth.games.beyond_baker_street.rules import Assist, Eliminate, Investigate

    basic = BasicBot()
    checked = 0
    for state, seat in _positions(10, seed=31):
        obs = state.observe(seat)
        for a in state.legal_actions(seat):
            if not isinstance(a, Assist):
                continue
            after = state.clone()
            after.apply(seat, a)
            if after.decision is not None:
                continue  # Hilda's second Assist pending: the knowledge is the same, the view not yet
            assert basic.told(obs, a) == after.observe(a.target).knowledge[a.target]
            play = basic.known_play(after.observe(a.target), after.observe(a.target).knowledge[a.target])
            assert play is None or isinstance(play, Investigate | Eliminate)
            checked += 1
    assert checked >= 20


def test_a_newcomer_who_knows_no_move_at_the_horizon_costs_a_holmes_space_where_holmes_is_scarce():
    """A rollout ends before the newcomer partner's next turn; if by the newcomer's rules they know
    no move then (no ready lead to confirm, no card play they know), that turn goes on an Assist or
    a blind card, so the position is valued lower: a Holmes space on case 3 and harder, nothing on
    cases 1 and 2 (Holmes 15 and 12 spaces away). Partners who follow the convention, and
    newcomers who know a move, are valued as before."""
    from sleuth.ai.deadline import Deadline
    from sleuth.games.beyond_baker_street.bots import HOLMES
    from sleuth.games.beyond_baker_street.master import newcomer_idle_for

    charges = [newcomer_idle_for(CARDS.case(n).holmes) for n in range(1, 7)]
    assert charges[:2] == [0.0, 0.0] and charges[2:] == [HOLMES] * 4
    seen = {True: 0, False: 0}
    for state, seat in _positions(40, seed=37):
        if state.players < 3:
            continue
        partner = (seat + 1) % state.players
        bot = MasterBot(think_s=60.0)
        scale, offset = calibration_for(CARDS.case(state.case).holmes)

        def chance(newcomers, idle, state=state, bot=bot, scale=scale, offset=offset):
            return bot._rollout(state.clone(), 0, Deadline(60.0), random.Random(0), scale, offset, newcomers, idle)

        knows = bot.newcomer.knows_a_move(state.observe(partner), partner)
        value = team_value(bot.roller.ev, state)
        assert chance(frozenset(), HOLMES) == pytest.approx(win_chance(value, scale, offset))
        assert chance(frozenset({partner}), 0.0) == pytest.approx(win_chance(value, scale, offset))
        expected = value if knows else value - HOLMES
        assert chance(frozenset({partner}), HOLMES) == pytest.approx(win_chance(expected, scale, offset))
        seen[knows] += 1
    assert seen[True] >= 2 and seen[False] >= 2
