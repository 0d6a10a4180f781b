"""The expert explains its moves (reasons.py): the same move as ``choose``, facts that are true in
the observation they came from, reasons that follow the deciding fact, nothing read from hidden
cards, hints fast enough, and the table's words for every fact."""

from __future__ import annotations

import dataclasses
import random
import re
import time

import pytest

from sleuth.ai.explain import Considered, Explanation, fact
from sleuth.ai.match import bot_rng
from sleuth.ai.runner import HintJob, hint
from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.bots import ExpertBot
from sleuth.games.bakerstreet.reasons import count_chain, count_stack
from sleuth.games.bakerstreet.rules import BakerState
from sleuth.games.bakerstreet.table.words import card_text
from tests.games.bakerstreet.helpers import SPEC, arrange, new

#: every fact key reasons.py documents, and whether it rests on the deciding seat's secrets
FACT_KEYS = {
    "hand_total": True, "their_hand": False, "table_bid": False, "bid_chance": True, "least_bid": False, "hand_blind": False,
    "opening": False, "expected_total": True, "forced": False, "stalled": False, "bluff": True,
    "only_move": False, "count": None, "saw_letter": True, "nothing_new": True, "unseen_stack": False,
    "empty_stack": False, "letter": True, "before": False, "played": False,
}


def positions(kinds=("expert", "expert"), seeds=range(4)):
    """(state, seat) at every decision of seeded games (a clone of the state before the move)."""
    for seed in seeds:
        state = new(seed)
        bots = [SPEC.make_bot(k) for k in kinds]
        rngs = [bot_rng(seed, s) for s in (0, 1)]
        while not state.is_over():
            seat = state.pending_seats()[0]
            yield state.clone(), seat
            state.apply(seat, bots[seat].choose(state.observe(seat), state.legal_actions(seat), rngs[seat]))


def test_decide_plays_what_choose_plays_and_explains_a_legal_move():
    deciders = [ExpertBot(), ExpertBot()]
    choosers = [ExpertBot(), ExpertBot()]
    kinds_seen = set()
    count = 0
    for state, seat in positions(("expert", "random"), range(6)):
        obs, legal = state.observe(seat), state.legal_actions(seat)
        rng_a, rng_b = random.Random(count), random.Random(count)
        decision = deciders[seat].decide(obs, legal, rng_a)
        assert decision.action == choosers[seat].choose(obs, legal, rng_b)
        assert rng_a.getstate() == rng_b.getstate()  # the same use of the generator
        ex = decision.explanation
        assert ex is not None and ex.seat == seat
        assert ex.best.action == decision.action and ex.best.action in legal
        assert ex.runner_up is None or (ex.runner_up.action in legal and ex.runner_up.action != ex.best.action)
        assert ex.measure in ("utility", "win_chance")
        kinds_seen.add(decision.action.KIND)
        count += 1
    assert count > 300
    assert kinds_seen == {"play", "bid", "dispute", "choose", "take"}


# -- every quoted fact is true in its observation -------------------------------------------------
class Seen:
    """What a seat knows, replayed from its own log with this test's own code."""

    def __init__(self, obs):
        me = obs.seat
        self.piles = [[] for _ in obs.pile_sizes]
        self.used = [[], []]
        self.looked: dict[int, list[str]] = {}
        self.round_starts = []
        self.taken_at = []
        for index, e in enumerate(obs.log):
            if isinstance(e, R.Played):
                self.piles[e.stack].append((e.seat, e.value, e.symbol))
            elif isinstance(e, R.Evaluated):
                for _ in e.cards:
                    owner, value, symbol = self.piles[e.stack].pop()
                    self.used[owner].append(value)
            elif isinstance(e, R.Disputed):
                for seat, hand in enumerate(e.hands):
                    self.used[seat].extend(v for v, _ in hand)
            elif isinstance(e, R.Reshuffled):
                self.used[e.seat] = []
            elif isinstance(e, R.Looked) and e.seat == me and e.letters is not None:
                self.looked[e.stack] = list(e.letters)
            elif isinstance(e, R.Took) and e.taken:
                self.taken_at.append(index)
                if e.seat == me and e.letter in self.looked.get(e.stack, []):
                    self.looked[e.stack].remove(e.letter)
            elif isinstance(e, R.RoundStarted):
                self.round_starts.append(index)

    def unseen_values(self, obs, seat):
        """The values of ``seat``'s cards neither on a pile nor on its used pile (nor, for the
        observer, in its hand)."""
        values = [v for v, _ in obs.deck]
        for pile in self.piles:
            for owner, value, _ in pile:
                if owner == seat:
                    values.remove(value)
        for value in self.used[seat]:
            values.remove(value)
        if seat == obs.seat:
            for value, _ in obs.hand:
                values.remove(value)
        return values


def check_window(f, letters, obs):
    names = list(obs.alphabet)
    first, last = names.index(f["first"]), names.index(f["last"])
    assert last - first + 1 == f["need"] == obs.run_to_win
    at = names.index(f["letter"])
    assert f["runs"] == sum(1 for start in range(len(names) - f["need"] + 1) if start <= at < start + f["need"])
    assert first <= names.index(f["letter"]) <= last
    mine = set(letters) | {f["letter"]}
    assert f["held"] == sum(1 for x in names[first:last + 1] if x in mine)


def check_fact(f, obs, seen: Seen, legal, owner):
    """``owner``: the considered action the fact belongs to (None: the situation)."""
    me, other = obs.seat, 1 - obs.seat
    assert f.key in FACT_KEYS, f.key
    if FACT_KEYS[f.key] is not None:
        assert f.secret == FACT_KEYS[f.key], f.key
    hand_total = sum(v for v, _ in obs.hand)
    if f.key == "hand_total":
        assert (f["total"], f["cards"]) == (hand_total, len(obs.hand))
    elif f.key == "their_hand":
        unseen = sorted(seen.unseen_values(obs, other))
        cards = obs.hand_sizes[other]
        assert f["cards"] == cards
        assert sum(unseen[:cards]) - 1e-6 <= f["expected"] <= sum(unseen[-cards:]) + 1e-6 if cards else f["expected"] == 0
    elif f.key == "bid_chance":
        assert 0.0 <= f["chance"] <= 1.0
        if owner is None:
            assert f["bid"] == obs.bids[-1][1]
        elif isinstance(owner, R.Bid):
            assert f["bid"] == owner.amount
        else:  # playing on: the raise by one
            assert f["bid"] == obs.bids[-1][1] + 1
        best_other = sum(sorted(seen.unseen_values(obs, other))[-obs.hand_sizes[other]:] or [0])
        if hand_total >= f["bid"]:
            assert f["chance"] == pytest.approx(1.0)
        if hand_total + best_other < f["bid"]:
            assert f["chance"] == pytest.approx(0.0)
    elif f.key == "table_bid":
        assert owner is None and f["bid"] == obs.bids[-1][1] and obs.bids[-1][0] == other
    elif f.key == "least_bid":
        assert obs.bids and f["bid"] == obs.min_bid == owner.amount
    elif f.key == "hand_blind":
        assert isinstance(owner, R.Bid)
    elif f.key == "opening":
        assert not obs.bids
        mean = [sum(vals) / len(vals) for vals in (seen.unseen_values(obs, s) + ([v for v, _ in obs.hand] if s == me
                                                                                 else []) for s in (0, 1))]
        assert f["public"] == int(mean[0] * obs.hand_sizes[0] + mean[1] * obs.hand_sizes[1])
    elif f.key == "expected_total":
        assert hand_total <= f["total"] <= hand_total + 5 * obs.hand_sizes[other]
    elif f.key == "forced":
        assert f["bid"] == obs.bids[-1][1] == obs.max_bid
    elif f.key == "stalled":
        starts = seen.round_starts
        assert f["rounds"] >= 2 and len(starts) > f["rounds"]
        assert not any(starts[-f["rounds"] - 1] < t for t in seen.taken_at)
    elif f.key == "only_move":
        assert len(legal) == 1 or len([a for a in legal if a.KIND == "take"]) == 1
    elif f.key == "count":
        # the values: check_chain; in a situation, the count of the card the seat just played
        assert isinstance(owner, R.Play | R.Choose | R.Dispute) or owner is None and obs.phase == R.BID
        assert 0 <= f["stack"] < len(obs.pile_sizes)
    elif f.key == "before":
        piles = [list(p) for p in seen.piles]
        if owner is None:  # the card played this turn lies on top now: the count before it
            assert piles[f["stack"]][-1][0] == me
            piles[f["stack"]].pop()
        else:
            assert isinstance(owner, R.Play) and f["stack"] == owner.stack
        final, _, _ = count_stack(list(piles[f["stack"]]))
        assert (f["mine"], f["theirs"], f["cards"]) == (final[me], final[other], len(piles[f["stack"]]))
    elif f.key == "played":
        assert owner is None and obs.phase == R.BID
        last = next(e for e in reversed(obs.log) if isinstance(e, R.Played))
        assert last.seat == me and (last.stack, last.value, last.symbol) == (f["stack"], f["value"], f["symbol"])
    elif f.key == "saw_letter":
        assert f["letter"] in seen.looked[f["stack"]] and f["letter"] not in obs.letters
        check_window(f, obs.letters, obs)
    elif f.key == "nothing_new":
        assert all(x in obs.letters for x in seen.looked[f["stack"]])
    elif f.key == "unseen_stack":
        assert f["stack"] not in seen.looked and f["cards"] == obs.evidence_sizes[f["stack"]] > 0
    elif f.key == "empty_stack":
        assert obs.evidence_sizes[f["stack"]] == 0
    elif f.key == "letter":
        assert f["letter"] in obs.looking and f["letter"] not in obs.letters
        check_window(f, obs.letters, obs)


def check_chain(counts, obs, seen: Seen, owner):
    """An Arrow chain of count facts: each stack after the first is the next one clockwise, counted
    on the piles the earlier counts left."""
    piles = [list(p) for p in seen.piles]
    if isinstance(owner, R.Play):
        piles[owner.stack].append((obs.seat, owner.value, owner.symbol))
    expected = count_chain(piles, counts[0]["stack"], obs.seat)
    assert [(f["stack"], f["mine"], f["theirs"], f["stop"], f["arrow"]) for f in counts] == expected


def test_every_quoted_fact_is_true_in_the_observation_it_came_from():
    keys = set()
    bot_of = {}
    for state, seat in positions(("expert", "expert"), range(8)):
        obs, legal = state.observe(seat), state.legal_actions(seat)
        bot = bot_of.setdefault(seat, ExpertBot())
        ex = bot.decide(obs, legal, random.Random(len(obs.log))).explanation
        seen = Seen(obs)
        for f in ex.situation:
            check_fact(f, obs, seen, legal, None)
            keys.add(f.key)
        played = [f for f in ex.situation if f.key == "count"]
        if played:  # the card played this turn, quoted with the bid: counted as it lies now
            check_chain(played, obs, seen, None)
            assert not any(f.secret for f in played)
        for considered in (ex.best, ex.runner_up):
            if considered is None:
                continue
            for f in considered.facts:
                check_fact(f, obs, seen, legal, considered.action)
                keys.add(f.key)
            counts = [f for f in considered.facts if f.key == "count"]
            if counts:
                check_chain(counts, obs, seen, considered.action)
                hidden_card = isinstance(considered.action, R.Play) and considered.action != ex.best.action and (
                    not isinstance(ex.best.action, R.Play)
                    or (ex.best.action.value, ex.best.action.symbol) != (considered.action.value,
                                                                        considered.action.symbol))
                assert all(f.secret == hidden_card for f in counts)
    # the common facts all came up in these games (the rare ones have their own tests below)
    assert {"hand_total", "their_hand", "bid_chance", "least_bid", "hand_blind", "opening", "expected_total",
            "count", "saw_letter", "unseen_stack", "letter", "before", "played"} <= keys


def test_a_bid_of_30_is_disputed_because_nothing_else_is_legal():
    state = arrange(new(2), hands={0: [(1,), (2,), (0,)]}, bids=[(0, 12), (1, 30)], turn=0)
    obs, legal = state.observe(0), state.legal_actions(0)
    ex = ExpertBot().decide(obs, legal, random.Random(1)).explanation
    assert legal == [R.Dispute()] and ex.best.action == R.Dispute() and ex.runner_up is None
    assert {f.key for f in ex.situation} == {"forced", "only_move"}
    for f in ex.situation:
        check_fact(f, obs, Seen(obs), legal, None)


def _play_on(state, seat, stack):
    play = next(a for a in state.legal_actions(seat) if isinstance(a, R.Play) and a.stack == stack)
    state.apply(seat, play)


def test_with_an_empty_hand_the_choice_is_dispute_or_the_least_bid():
    state = arrange(new(8), hands={0: [], 1: [(2,), (2,), (3,)]}, unused={0: []}, bids=[(0, 5), (1, 25)], turn=0)
    obs, legal = state.observe(0), state.legal_actions(0)
    assert not any(isinstance(a, R.Play) for a in legal) and R.Bid(26) in legal
    ex = ExpertBot().decide(obs, legal, random.Random(2)).explanation
    assert ex.measure == "win_chance"
    assert {ex.best.action, ex.runner_up.action} == {R.Dispute(), R.Bid(26)}
    for considered in (ex.best, ex.runner_up):
        for f in considered.facts:
            check_fact(f, obs, Seen(obs), legal, considered.action)
    for f in ex.situation:
        check_fact(f, obs, Seen(obs), legal, None)


def test_a_stalled_game_plays_cards_and_says_so():
    # seat 0 holds A to F, and stack 1 holds only the other copies of A to F: twice seat 0 wins a
    # dispute, evaluates stack 1 and takes nothing, so in round 3 the expert plays instead of disputing
    state = arrange(new(6), held={0: "ABCDEF"}, evidence={0: "ABCDEF"})
    for _ in range(2):
        first = state.turn
        if first == 0:
            _play_on(state, 0, 1)
            state.apply(0, R.Bid(1))
        _play_on(state, 1, 2)
        state.apply(1, R.Bid(29))
        state.apply(0, R.Dispute())
        assert state.dispute_winner == 0
        state.apply(0, R.Choose(0))
        assert not state.log[-2].taken if isinstance(state.log[-2], R.Took) else True
    assert state.round == 3 and state.turn == 1
    _play_on(state, 1, 2)
    state.apply(1, R.Bid(3))
    obs, legal = state.observe(0), state.legal_actions(0)
    ex = ExpertBot().decide(obs, legal, random.Random(0)).explanation
    stalled = [f for f in ex.situation if f.key == "stalled"]
    assert stalled and stalled[0]["rounds"] == 2
    assert isinstance(ex.best.action, R.Play) and R.Dispute() in legal
    check_fact(stalled[0], obs, Seen(obs), legal, None)


def bot_memory_ready(bot, obs):
    """The bot's memory of ``obs``'s log, as a decision from ``obs`` would leave it."""
    from sleuth.games.bakerstreet.bots import Memory

    bot.memory = Memory(obs.seat)
    bot.memory.start(obs)
    bot.memory.update(obs.log)
    return bot


def _taking_position() -> BakerState:
    """A real game played by experts up to its first letter to take."""
    for state, _seat in positions(("expert", "expert"), range(1)):
        if state.phase == R.TAKE:
            return state
    raise AssertionError("no evaluation in the game")


def test_empty_and_known_stacks_and_a_single_letter_are_worded_as_facts():
    state = _taking_position()
    seat = state.eval_winner
    obs = state.observe(seat)
    bot = bot_memory_ready(ExpertBot(), obs)
    stack = state.eval_stack
    seen = Seen(obs)
    # the stack being taken from was just looked through: what the seat knows of it
    facts = bot.worth_facts(obs, stack)
    assert facts[0].key in ("saw_letter", "nothing_new")
    for f in facts:
        check_fact(f, obs, seen, state.legal_actions(seat), None)
    # the same stack with every letter already held reads "nothing new"
    known = list(bot.memory.known[stack])
    mask_obs = _with_letters(obs, tuple(sorted(set(obs.letters) | set(known))))
    assert bot.worth_facts(mask_obs, stack)[0].key == "nothing_new"
    # an empty stack
    empty = _with(obs, evidence_sizes=tuple(0 if s == stack else n for s, n in enumerate(obs.evidence_sizes)))
    assert bot.worth_facts(empty, stack) == (fact("empty_stack", stack=stack),)


def _with(obs, **changes):
    import dataclasses

    return dataclasses.replace(obs, **changes)


def _with_letters(obs, letters):
    return _with(obs, letters=letters)


# -- the reasons follow the deciding fact -----------------------------------------------------------
def _taking(held: str) -> BakerState:
    """Seat 0 has won the evaluation of stack 1 (letters B, J and Q) and holds ``held``."""
    state = arrange(new(7), hands={0: [], 1: []}, held={0: held}, evidence={0: "BJQ"}, dispute_winner=0)
    state.phase, state.turn, state.eval_stack, state.eval_winner = R.TAKE, None, 0, 0
    return state


def test_the_letter_taken_and_its_reason_follow_the_letters_held():
    late = _taking("NOPRS")  # Q would make N to S, six in a row
    run = _taking("GHIKL")  # J would make G to L
    a = ExpertBot().decide(late.observe(0), late.legal_actions(0), random.Random(0)).explanation
    b = ExpertBot().decide(run.observe(0), run.legal_actions(0), random.Random(0)).explanation
    assert (a.best.action, b.best.action) == (R.Take("Q"), R.Take("J"))
    assert [(f["letter"], f["held"]) for f in a.best.facts + b.best.facts] == [("Q", 6), ("J", 6)]
    for ex, state in ((a, late), (b, run)):
        obs = state.observe(0)
        for considered in (ex.best, ex.runner_up):
            for f in considered.facts:
                check_fact(f, obs, Seen(obs), state.legal_actions(0), considered.action)


def _bid_on_the_table(hand, bid):
    """Seat 0 to move against seat 1's bid, seat 0 holding ``hand``."""
    return arrange(new(4), hands={0: hand, 1: [(2,), (2,), (3,)]}, bids=[(0, bid - 1), (1, bid)], turn=0)


def test_the_dispute_and_its_reason_follow_the_hand():
    weak = _bid_on_the_table([(0,), (0,), (1,)], 20)
    strong = _bid_on_the_table([(5,), (5,), (4,)], 20)
    a = ExpertBot().decide(weak.observe(0), weak.legal_actions(0), random.Random(3))
    b = ExpertBot().decide(strong.observe(0), strong.legal_actions(0), random.Random(3))
    assert a.action == R.Dispute() and isinstance(b.action, R.Play)
    hand_a = next(f for f in a.explanation.situation if f.key == "hand_total")
    hand_b = next(f for f in b.explanation.situation if f.key == "hand_total")
    assert (hand_a["total"], hand_b["total"]) == (1, 14)
    chance_a = next(f for f in a.explanation.situation if f.key == "bid_chance")["chance"]
    chance_b = next(f for f in b.explanation.situation if f.key == "bid_chance")["chance"]
    assert chance_a < 0.05 and chance_b > 0.5


def _choosing(mine: int, theirs: int) -> BakerState:
    """Seat 0 won the dispute; its 5 lies beside stack ``mine``, seat 1's 4 beside ``theirs``, and
    only those two stacks hold evidence (the bot reads the piles from the cards it saw played)."""
    state = arrange(new(5), hands={0: [(5,), (0,), (1,)], 1: [(4,), (0,), (1,)]},
                    evidence={s: "" for s in range(5) if s not in (mine, theirs)}, turn=0)
    state.apply(0, R.Play(5, "none", mine))
    state.apply(0, R.Bid(3))
    state.apply(1, R.Play(4, "none", theirs))
    state.apply(1, R.Bid(29))
    state.apply(0, R.Dispute())
    assert state.phase == R.CHOOSE and state.dispute_winner == 0
    return state


def test_the_stack_chosen_and_its_count_follow_the_piles():
    one, other = _choosing(2, 0), _choosing(0, 2)
    a = ExpertBot().decide(one.observe(0), one.legal_actions(0), random.Random(0)).explanation
    b = ExpertBot().decide(other.observe(0), other.legal_actions(0), random.Random(0)).explanation
    assert (a.best.action, b.best.action) == (R.Choose(2), R.Choose(0))
    for ex, stack in ((a, 2), (b, 0)):
        count = next(f for f in ex.best.facts if f.key == "count")
        assert (count["stack"], count["mine"], count["theirs"]) == (stack, 5, 0)
        assert {f.key for f in ex.runner_up.facts} == {"count", "empty_stack"}
    for ex, state in ((a, one), (b, other)):
        obs = state.observe(0)
        for considered in (ex.best, ex.runner_up):
            check_chain([f for f in considered.facts if f.key == "count"], obs, Seen(obs), considered.action)


# -- the coach never reads a hidden card --------------------------------------------------------------
def hide_differently(state: BakerState, seat: int, rng: random.Random) -> BakerState:
    """The same game with everything ``seat`` cannot see rearranged: the opponent's hand swapped
    with cards of its unused stack, both unused stacks shuffled, and the letters of the stacks
    ``seat`` never looked through dealt among those stacks again."""
    other = state.clone()
    opp = 1 - seat
    pool = other.hands[opp] + other.unused[opp]
    rng.shuffle(pool)
    size = len(other.hands[opp])
    other.hands[opp], other.unused[opp] = pool[:size], pool[size:]
    rng.shuffle(other.unused[seat])
    looked = {e.stack for e in state.events_for(seat) if isinstance(e, R.Looked) and e.letters is not None}
    blind = [s for s in range(len(other.evidence)) if s not in looked]
    cards = [e for s in blind for e in other.evidence[s]]
    rng.shuffle(cards)
    for s in blind:
        n = len(other.evidence[s])
        other.evidence[s], cards = cards[:n], cards[n:]
    other.check_invariants()
    return other


def test_the_coach_never_reads_a_hidden_card():
    checked = 0
    for state, seat in positions(("expert", "expert"), range(3)):
        if state.phase == R.TAKE:
            continue  # the taker sees the stack's letters: nothing about it is hidden then
        twin = hide_differently(state, seat, random.Random(checked))
        if twin.hands[1 - seat] == state.hands[1 - seat] and twin.evidence == state.evidence:
            continue
        obs, legal = state.observe(seat), state.legal_actions(seat)
        assert twin.observe(seat) == obs and twin.legal_actions(seat) == legal
        job = HintJob("bakerstreet", seat, obs, tuple(legal), "sleuth-hint:test", checked, 0.1)
        twin_job = HintJob("bakerstreet", seat, twin.observe(seat), tuple(legal), "sleuth-hint:test", checked, 0.1)
        a, b = hint(job), hint(twin_job)
        assert (a.action, a.explanation) == (b.action, b.explanation)
        checked += 1
    assert checked > 100


def test_a_hint_takes_well_under_200_ms():
    times = []
    for state, seat in positions(("expert", "expert"), range(2)):
        obs, legal = state.observe(seat), tuple(state.legal_actions(seat))
        start = time.perf_counter()
        made = hint(HintJob("bakerstreet", seat, obs, legal, "sleuth-hint:timing", len(times), 0.1))
        times.append(time.perf_counter() - start)
        assert made.action in legal and made.explanation is not None
        if len(times) >= 100:
            break
    times.sort()
    assert len(times) == 100
    assert times[94] < 0.2, f"p95 {times[94] * 1000:.1f} ms"


# -- the words -----------------------------------------------------------------------------------
def _table(app):
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.scenes.table import start_game

    table = start_game(app, SPEC, [SeatInfo("Ann", "human"), SeatInfo("Watson", "expert")], {}, 3)
    return table.view


def _count(stack, mine, theirs, secret=False, stop=False, arrow=False):
    return fact("count", secret=secret, stack=stack, mine=mine, theirs=theirs, stop=stop, arrow=arrow)


def _letter(key="letter", letter="F", held=5, stack=None):
    extra = {} if stack is None else {"stack": stack}
    return fact(key, secret=True, **extra, letter=letter, held=held, first="C", last="I", need=7, runs=7)


HAND = (fact("hand_total", secret=True, total=6, cards=3), fact("their_hand", expected=8.2, cards=3),
        fact("table_bid", bid=17))


def sample_explanations(seat: int) -> dict[str, Explanation]:
    """One explanation for each fact key (a few keys share one), as the bots build them."""
    play, play2 = R.Play(4, "none", 1), R.Play(2, "arrow", 3)
    chance = fact("bid_chance", secret=True, bid=17, chance=0.3)
    return {
        "dispute": Explanation(seat, "utility", Considered(R.Dispute(), 6.0, (_count(0, 7, 3),
                                                                             fact("unseen_stack", stack=0, cards=8))),
                               Considered(play, 2.0, (_count(1, 4, 0, secret=True),
                                                      fact("bid_chance", secret=True, bid=18, chance=0.22))),
                               HAND + (chance,)),
        "bluff": Explanation(seat, "utility", Considered(play, 1.0, (_count(1, 4, 2),)),
                             Considered(R.Dispute(), 3.0, (_count(0, 7, 3),)),
                             HAND + (chance, fact("bluff", secret=True))),
        "forced": Explanation(seat, "utility", Considered(R.Dispute(), 0.0), None,
                              (fact("forced", bid=30), fact("only_move"))),
        "stalled": Explanation(seat, "utility",
                               Considered(play, 5.0, (_count(1, 4, 2, stop=True, arrow=True), _count(2, 3, 1),
                                                      _letter("saw_letter", stack=1))),
                               Considered(play2, 4.0, (_count(3, 2, 5, secret=True), fact("nothing_new", secret=True,
                                                                                           stack=3))),
                               (fact("stalled", rounds=2),)),
        "play": Explanation(seat, "utility", Considered(play, 9.0, (_count(1, 4, 2), fact("empty_stack", stack=1))),
                            Considered(play2, 8.9, (_count(3, 2, 2, secret=True), fact("empty_stack", stack=3)))),
        "bid": Explanation(seat, "win_chance",
                           Considered(R.Bid(15), 0.64, (fact("bid_chance", secret=True, bid=15, chance=0.64),
                                                        fact("least_bid", bid=15), fact("hand_blind"))),
                           Considered(R.Bid(18), 0.4, (fact("bid_chance", secret=True, bid=18, chance=0.4),
                                                       fact("expected_total", secret=True, total=17.6))),
                           HAND),
        "opening": Explanation(seat, "win_chance",
                               Considered(R.Bid(12), 0.81, (fact("bid_chance", secret=True, bid=12, chance=0.81),
                                                            fact("hand_blind"))),
                               Considered(R.Bid(16), 0.45, (fact("bid_chance", secret=True, bid=16, chance=0.45),)),
                               HAND + (fact("opening", public=14),)),
        "empty hand": Explanation(seat, "win_chance", Considered(R.Dispute(), 0.7),
                                  Considered(R.Bid(18), 0.08, (fact("bid_chance", secret=True, bid=18, chance=0.08),)),
                                  HAND + (chance,)),
        "choose": Explanation(seat, "utility", Considered(R.Choose(2), 30.0, (_count(2, 5, 5), _letter("saw_letter",
                                                                                                    stack=2))),
                              Considered(R.Choose(0), 10.0, (_count(0, 1, 6),))),
        "known stacks": Explanation(seat, "utility",
                                    Considered(R.Choose(2), 30.0, (_count(2, 5, 0), fact("unseen_stack", stack=2,
                                                                                         cards=6))),
                                    Considered(R.Choose(4), 10.0, (_count(4, 5, 0), fact("nothing_new", secret=True,
                                                                                         stack=4)))),
        "take": Explanation(seat, "utility", Considered(R.Take("F"), 27.0, (_letter(),)),
                            Considered(R.Take("Q"), 3.0, (_letter(letter="Q", held=2),))),
        "single letter": Explanation(seat, "utility", Considered(R.Take("F"), 27.0, (_letter(held=7),)), None,
                                     (fact("only_move"),)),
        "block": Explanation(seat, "utility", Considered(BLOCK, 9.0, BLOCKED + (fact("unseen_stack", stack=4,
                                                                                          cards=8),)),
                             Considered(play, 8.0, (fact("before", stack=1, mine=0, theirs=0, cards=0),
                                                    _count(1, 4, 0, secret=True)))),
        "turn": Explanation(seat, "win_chance",
                            Considered(R.Bid(15), 0.64, (fact("bid_chance", secret=True, bid=15, chance=0.64),
                                                         fact("least_bid", bid=15), fact("hand_blind"))),
                            Considered(R.Bid(18), 0.4, (fact("bid_chance", secret=True, bid=18, chance=0.4),)),
                            (fact("played", stack=4, value=4, symbol="arrow"),) + BLOCKED + HAND),
    }


#: Watson's 4 with an Arrow on the stack 5 you were winning with a 5, the Arrow on to Watson's 9 on
#: stack 1 (round 9 of a veteran's play-test)
BLOCK = R.Play(4, "arrow", 4)
BLOCKED = (fact("before", stack=4, mine=0, theirs=5, cards=1), _count(4, 4, 5, arrow=True), _count(0, 9, 0))


#: a phrase that shows each fact key was put into words (in the coach's wording)
WORDED = {
    "hand_total": "hold 6", "their_hand": "about 8", "bid_chance": "30% chance", "least_bid": "the least you may",
    "hand_blind": "nothing about", "opening": "the average of two hands from the cards still unseen", "expected_total": "what you expect",
    "forced": "highest bid", "stalled": "Nobody has taken a letter", "bluff": "bluff", "only_move": "only letter",
    "count": "7 to 3 for you", "table_bid": "bid of 17", "saw_letter": "You saw the letter F", "nothing_new": "every letter seen there",
    "unseen_stack": "not seen its 6 letters", "empty_stack": "no evidence left", "letter": "5 of the 7",
    "before": "beside stack 5, which Watson is winning 5 to 0: it becomes only 5 to 4 for Watson",
}


def assert_well_written(lines: list[str]):
    assert 1 <= len(lines) <= 3
    for line in lines:
        assert line[0].isupper() and line.endswith("."), line
        assert "_" not in line and "None" not in line and "True" not in line and "False" not in line, line
        assert not re.search(r"[\[\]{}()=<>]", line), line
        assert not re.search(r"\d\.\d\d", line), line  # no raw floats
        assert ": :" not in line and "  " not in line and ".." not in line


def test_every_fact_key_is_put_into_plain_sentences(app):
    view = _table(app)
    view.obs = view.scene.state.observe(0)
    text_of = {}
    for name, ex in sample_explanations(0).items():
        lines = view.explain(ex, True)
        assert_well_written(lines)
        text_of[name] = " ".join(lines)
    everything = " ".join(text_of.values())
    keys = {f.key for ex in sample_explanations(0).values() for f in ex.facts()}
    assert keys == set(FACT_KEYS)
    for key, phrase in WORDED.items():
        assert phrase in everything, (key, phrase)
    assert text_of["dispute"].startswith("Dispute Watson's bid of 17: you hold 6")
    assert text_of["choose"].endswith("Stack 1 is worse: it would count 6 to 1 for Watson.")
    assert text_of["empty hand"].endswith("Bidding 18 is worse: it would stand with only an 8% chance.")
    # play-test: "stack 1 counts 1 to 0 for you down to its Stop" read as a riddle
    assert "where its Stop card ends the count" in text_of["stalled"] and "down to its Stop" not in text_of["stalled"]
    # play-test: "a little below 15" while the hint bid 12; two below 14 is "a little", more is counted
    assert "12, a little below 14, the average" in text_of["opening"]
    opening = sample_explanations(0)["opening"]
    lower = dataclasses.replace(opening, situation=opening.situation[:-1] + (fact("opening", public=15),))
    assert "12, 3 below 15, the average" in " ".join(view.explain(lower, True))


def test_why_hides_what_the_reader_may_not_see_until_the_game_is_over(app):
    view = _table(app)
    view.obs = view.scene.state.observe(0)
    for ex in sample_explanations(1).values():
        private = view.explain(ex.shown_to(0, False), False)
        revealed = view.explain(ex, False)
        assert_well_written(private)
        assert_well_written(revealed)
        text = " ".join(private)
        assert "Watson" in text and "hold 6" not in text and "30%" not in text and "bluff" not in text
        if ex.runner_up is not None and isinstance(ex.runner_up.action, R.Play):
            best, other = ex.best.action, ex.runner_up.action
            if not (isinstance(best, R.Play) and (best.value, best.symbol) == (other.value, other.symbol)):
                # a card still in Watson's hand stays hidden: "another card beside stack 4"
                assert f"{card_text(other.value, other.symbol)} beside" not in text
                assert f"nother card beside stack {other.stack + 1}" in text
        if isinstance(ex.runner_up and ex.runner_up.action, R.Bid):
            assert str(ex.runner_up.action.amount) not in text
        if isinstance(ex.best.action, R.Take):
            assert "F" not in re.sub(r"\bFor\b|\bF\w+", "", text)  # the letter taken stays face down
    dispute = " ".join(view.explain(sample_explanations(1)["dispute"].shown_to(0, False), False))
    assert view.obs.bids == ()  # the bid disputed comes from the explanation, not from the table now
    assert dispute.startswith("Watson disputed your bid of 17")
    assert "own hand, shown in the dispute, settled it" in dispute and "stays hidden" not in dispute


def test_why_over_a_bots_turn_says_where_its_card_went_and_why_not_only_its_bid():
    """Veteran play-test, round 9: Watson covered the player's winning stack 5 with a 4 with an
    Arrow, a real block, and "Why Watson did that" said only "Watson bid 15, the least it could".
    The turn's bid now carries the card played before it, and its "why?" opens with that card."""
    from sleuth.games.bakerstreet.table.reasons import explain_lines

    state = arrange(new(9), hands={0: [(5,), (0,), (1,)], 1: [(4,), (5,), (4, "arrow")]}, turn=0)
    for seat, value, symbol, stack, bid in ((0, 5, "none", 4, 10), (1, 4, "none", 0, 11), (0, 0, "none", 2, 12),
                                            (1, 5, "none", 0, 13), (0, 1, "none", 3, 14)):
        state.apply(seat, R.Play(value, symbol, stack))
        state.apply(seat, R.Bid(bid))
    state.apply(1, R.Play(4, "arrow", 4))  # over the player's 5, the Arrow on to Watson's 4 and 5
    obs, legal = state.observe(1), state.legal_actions(1)
    decision = ExpertBot().decide(obs, legal, random.Random(0))
    assert isinstance(decision.action, R.Bid)
    ex = decision.explanation
    for f in ex.situation:
        check_fact(f, obs, Seen(obs), legal, None)
    names = ("You", "Watson").__getitem__
    for shown, revealed in ((ex.shown_to(0, False), False), (ex, True)):
        lines = explain_lines(shown, False, 0, revealed, names, (0, 14))
        assert_well_written(lines)
        assert lines[0] == ("Watson played a 4 with an Arrow beside stack 5, which you were winning 5 to 0: now it "
                            "is only 5 to 4 for you, but its Arrow carries the count on to stack 1, 9 to 0 for "
                            "Watson.")
        assert lines[1].startswith("Watson bid 15")
    # the coach, over the viewer's own bid, does not retell the card the viewer just played
    coach = explain_lines(ex, True, 1, False, names, (0, 14))
    assert coach[0].startswith("Bid 15")


def test_a_stop_at_the_bottom_of_its_pile_cuts_no_count_short_in_the_reasons():
    """The play-test's Stop that "ended the count" with nothing below it: a count fact says a Stop
    cut it short only when cards lie below that Stop."""
    assert count_stack([(1, 3, "stop")])[2] is False
    assert count_stack([(0, 2, "none"), (1, 3, "stop")])[2] is True
    assert count_stack([(1, 3, "stop"), (0, 2, "none")])[2] is False  # counted to the bottom


def test_real_explanations_read_well_for_the_coach_and_for_why(app):
    view = _table(app)
    for state, seat in positions(("expert", "expert"), range(2)):
        obs = state.observe(seat)
        ex = ExpertBot().decide(obs, state.legal_actions(seat), random.Random(7)).explanation
        view.obs = state.observe(0)
        if seat == 0:
            assert_well_written(view.explain(ex, True))
        else:
            assert_well_written(view.explain(ex.shown_to(0, False), False))
            assert_well_written(view.explain(ex, False))


def test_the_bots_estimate_of_a_hand_says_what_it_reads():
    """Play-test: the panel said Watson's cards came to "about 7.5" (their plain average) while the
    hint said "probably total about 9.5": the hint now says it reads the bids and the cards out."""
    from sleuth.games.bakerstreet.table.reasons import explain_lines

    situation = (fact("hand_total", total=6, cards=3), fact("their_hand", expected=9.5, cards=3))
    best = Considered(R.Dispute(), 0.5)
    names = ("You", "Watson").__getitem__
    plain = explain_lines(Explanation(0, "win_chance", best, None, situation), True, 0, False, names)
    bid = explain_lines(Explanation(0, "win_chance", best, None, situation + (fact("table_bid", bid=16),)),
                        True, 0, False, names, (1, 16))
    assert any("about 9.5 judging by the cards seen so far" in line for line in plain), plain
    assert any("about 9.5 judging by the bids and the cards seen so far" in line for line in bid), bid


def _round_one_after_watsons_stop():
    """The newcomer's round 1 (b06): the player's 3 lies under Watson's 5 with a Stop on stack 1,
    the player bid 10, Watson 11; the player holds 2, 0 with an x2 and 1."""
    state = arrange(new(3), hands={0: [(3,), (0, "double"), (1,)], 1: [(5, "stop"), (2,), (4,)]},
                    unused={0: [(2,)], 1: [(3,)]}, turn=0)
    for seat, value, symbol, bid in ((0, 3, "none", 10), (1, 5, "stop", 11)):
        state.apply(seat, R.Play(value, symbol, 0))
        state.apply(seat, R.Bid(bid))
    return state


def test_a_hint_that_bluffs_says_so_and_what_the_bluff_gains():
    """Newcomer play-test, round 1: Watson bid 11 and the hint said "Play your 0 with an x2 beside
    stack 1 ... Then raise to 12. This is a bluff: by the numbers disputing Watson's 11 is worth
    more, but ...": the coach (the expert, whose calibrated bluff had fired) recommended a move it
    called worse and never said why anyone would. It now says the raise is a bluff, what the numbers
    favoured, and what a bluff now and then gains, in a newcomer's words."""
    from sleuth.games.bakerstreet.table.reasons import explain_lines

    state = _round_one_after_watsons_stop()
    obs, legal = state.observe(0), state.legal_actions(0)
    names = ("You", "Watson").__getitem__
    bluffs = [d for d in (ExpertBot().decide(obs, legal, random.Random(i)) for i in range(40))
              if any(f.key == "bluff" for f in d.explanation.situation)]
    assert bluffs, "the expert never bluffed here"
    made = bluffs[0]
    assert isinstance(made.action, R.Play)
    lines = explain_lines(made.explanation, True, 0, False, names, (1, 11))
    assert_well_written(lines)
    assert lines[0].endswith("Then raise to 12.")
    assert lines[1] == "This raise is a bluff: by the numbers, disputing Watson's 11 is the better move this time."
    assert lines[2] == ("Bluff now and then all the same: if you raise only with a strong hand, Watson can tell "
                        "your hand from your bids.")
    # the same bluff by Watson (in seat 0 here), read by the other player once the game is over
    why = explain_lines(made.explanation, False, 1, True, ("Watson", "Ann").__getitem__, (1, 11))
    assert_well_written(why)
    assert why[-2:] == ["Its raise was a bluff: by the numbers, disputing your 11 was the better move that time.",
                        "Watson bluffs now and then so that you cannot tell its hand from its bids."]


def test_a_zero_with_an_x2_is_not_said_to_double_anything():
    """Newcomer play-test (b06): "Play your 0 with an x2 beside stack 1, which Watson is winning 5
    to 0: with its x2, it becomes 5 to 0 for Watson" (a 0 doubled is still 0, and nothing of the
    player's lies above Watson's Stop). The x2 is named only when it doubles something."""
    from sleuth.games.bakerstreet.table.reasons import Voice, placement_phrase

    ex = Explanation(0, "utility", Considered(R.Dispute(), 0.0), None, ())
    v = Voice(ex, True, 0, False, ("You", "Watson").__getitem__)
    zero = R.Play(0, "double", 0)
    said = placement_phrase(zero, fact("before", stack=0, mine=0, theirs=5, cards=2), (_count(0, 0, 5, stop=True),), v)
    assert said == ", which Watson is winning 5 to 0: it stays 5 to 0 for Watson, where its Stop card ends the count"
    # an x2 that does double the player's side still says so
    four = R.Play(2, "double", 0)
    said = placement_phrase(four, fact("before", stack=0, mine=3, theirs=0, cards=1), (_count(0, 10, 0),), v)
    assert said == ", which you are winning 3 to 0: with its x2, it becomes 10 to 0 for you, harder for Watson to overturn"
    # and a 2 with an x2 on an empty stack counts 4
    said = placement_phrase(four, fact("before", stack=0, mine=0, theirs=0, cards=0), (_count(0, 4, 0),), v)
    assert "with its x2, it becomes 4 to 0 for you" in said
