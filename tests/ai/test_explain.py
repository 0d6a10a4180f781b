"""The explanation contract (sleuth/ai/explain.py): facts as data, secrets kept from other eyes."""

from __future__ import annotations

import pickle

import pytest

from sleuth.ai.bot import RandomBot
from sleuth.ai.explain import Considered, Decision, Explanation, fact
from sleuth.games.bakerstreet.rules import Bid


def test_a_fact_keeps_its_values_in_order_and_pickles():
    needs = fact("needs", lead="Motive", points=4)
    assert needs["lead"] == "Motive" and needs.get("points") == 4 and needs.get("missing", 0) == 0
    with pytest.raises(KeyError):
        needs["missing"]
    assert pickle.loads(pickle.dumps(needs)) == needs


def test_secret_facts_are_shown_only_to_the_deciding_seat_or_once_the_game_is_over():
    mine = fact("hand_total", secret=True, total=9)
    public = fact("table_bid", bid=12)
    explanation = Explanation(1, "win_chance", Considered(Bid(13), 0.6, (mine, public)),
                              Considered(Bid(14), 0.4, (mine,)), situation=(mine,))
    other = explanation.shown_to(0, revealed=False)
    assert other.best.facts == (public,) and other.runner_up.facts == () and other.situation == ()
    assert other.best.action == Bid(13) and other.runner_up.action == Bid(14)
    assert explanation.shown_to(1, revealed=False) is explanation
    assert explanation.shown_to(0, revealed=True) is explanation
    assert not any(f.secret for f in other.facts())


def test_an_unknown_measure_is_refused():
    with pytest.raises(ValueError, match="measure"):
        Explanation(0, "vibes", Considered(Bid(1), 1.0))


def test_a_bot_that_does_not_explain_still_decides():
    import random

    decision = RandomBot().decide(None, [Bid(1), Bid(2)], random.Random(1))
    assert isinstance(decision, Decision) and decision.action in (Bid(1), Bid(2)) and decision.explanation is None


def test_every_expert_explains_its_move():
    """The four experts keep the contract: a legal action with an explanation whose best move is
    that action, from the observation alone."""
    import random

    from sleuth.core.registry import available

    for spec in available():
        state = spec.create(spec.min_players, {}, 5)
        seat = state.pending_seats()[0]
        legal = state.legal_actions(seat)
        decision = spec.make_bot("expert").decide(state.observe(seat), legal, random.Random(3))
        assert decision.action in legal, spec.id
        assert decision.explanation is not None, spec.id
        assert decision.explanation.best.action == decision.action, spec.id
        assert decision.explanation.seat == seat, spec.id
