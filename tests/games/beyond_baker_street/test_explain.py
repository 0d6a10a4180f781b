"""The expert explains its moves (issue 20): ``decide`` plays what ``choose`` plays, every quoted fact
is true in the observation it came from, the explanation follows the fact that decided the move,
the coach never reads a hidden card, a hint is quick, and the table words every fact as sentences
a person would write, naming no card to a viewer who may not see it."""

from __future__ import annotations

import random
import re
import time

import pytest

from sleuth.ai.explain import Considered, Explanation, fact
from sleuth.core.registry import get
from sleuth.games.beyond_baker_street import characters as C
from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.bots import ExpertBot, make
from sleuth.games.beyond_baker_street.reasons import FACT_KEYS, SECRET_KEYS
from tests.games.beyond_baker_street.helpers import CARDS, TRACK_8_PILES, T
from tests.games.beyond_baker_street.helpers import make as make_state
from tests.games.beyond_baker_street.test_words import NAMES, check_sentence, named_table

SPEC = get("beyond-baker-street")
#: generous, so that a busy machine never cuts one of two compared searches short
SLOW = 5.0


def positions(count: int, seed: int = 0):
    """(state, seat) pairs from seeded playouts mixing random and expert moves, with every player
    count, several case files and characters (so Lady Eva's, Toby's and Lady Hilda's decisions come)."""
    rng = random.Random(seed)
    expert = make("expert")
    found = []
    game = 0
    while len(found) < count:
        options = {"case": 1 + game % 4}
        if game % 2:
            options["characters"] = "random"
        state = SPEC.create(2 + game % 3, options, seed * 1000 + game)
        game += 1
        for _ in range(rng.randrange(0, 26)):
            if state.is_over():
                break
            seat = state.pending_seats()[0]
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))] if rng.random() < 0.4 else \
                expert.choose(state.observe(seat), legal, rng, SLOW)
            state.apply(seat, action)
        if not state.is_over():
            found.append((state, state.pending_seats()[0]))
    return found


@pytest.fixture(scope="module")
def played():
    """120 positions, made once for the tests of this module (each test uses its own share)."""
    return positions(120, seed=1)


def test_decide_plays_exactly_what_choose_plays_and_names_legal_moves(played):
    choosing, deciding = ExpertBot(), ExpertBot()
    decisions = 0
    for k, (state, seat) in enumerate(played[:70]):
        obs, legal = state.observe(seat), state.legal_actions(seat)
        rng_a, rng_b = random.Random(k), random.Random(k)
        chosen = choosing.choose(obs, legal, rng_a, SLOW)
        made = deciding.decide(obs, legal, rng_b, SLOW)
        assert made.action == chosen
        assert rng_a.getstate() == rng_b.getstate()  # the same use of the generator
        x = made.explanation
        assert x is not None and x.seat == seat and x.best.action == chosen and x.best.action in legal
        if x.runner_up is not None:
            assert x.runner_up.action in legal and x.runner_up.action != x.best.action
            assert x.runner_up.value <= x.best.value
        decisions += obs.decision is not None
    assert decisions >= 1  # a character's pending decision was explained too


# -- every quoted fact is true -------------------------------------------------------------------

def _bits(mask: int, top: int) -> list[int]:
    return [i for i in range(top + 1) if mask >> i & 1]


def _unseen(state, seat) -> set[int]:
    """The cards ``seat`` cannot see, from the true state: the deck, its own hand, a draw it is not shown."""
    cards = set(state.deck) | set(state.hands[seat])
    if state.decision is None or state.decision[1] != seat:
        cards |= set(state.limbo)
    return cards


def _remaining(state) -> set[int]:
    """Evidence not yet on a lead or in the Impossible: in hands, the deck, or drawn aside."""
    return set(state.deck) | {c for hand in state.hands for c in hand} | set(state.limbo)


def _sums(cards: list[int]) -> set[frozenset]:
    out = {frozenset()}
    for c in cards:
        out |= {s | {c} for s in out}
    return out


def _ways(cards: list[int], need: int) -> list[frozenset]:
    return [s for s in _sums(cards) if sum(T.num_of[c] for c in s) == need]


def _factor(obs, seat) -> int:
    """How many times an eliminated card counts on the track for ``seat`` (Inspector Gregson: twice)."""
    number = obs.characters[seat]
    ability = CARDS.character(number).ability if number else None
    return ability.factor if ability is not None and ability.kind == "eliminate_multiplier" else 1


def check_fact(f, obs, state, seat, action) -> None:
    """``f`` is true of ``obs`` (checked against the observation and the true state)."""
    t = T
    me = seat
    assert (f.key in SECRET_KEYS) == f.secret, f
    count = len(obs.impossible) + len(obs.dead_leads)
    secs = {s.id: s for s in obs.sections}
    if f.key == "holmes":
        assert f["spaces"] == obs.holmes
    elif f.key == "track":
        assert f["left"] == obs.target - obs.investigation and f["target"] == obs.target
    elif f.key == "impossible":
        assert f["room"] == max(0, obs.impossible_limit - count) and f["limit"] == obs.impossible_limit
    elif f.key == "card":
        ki, kn = obs.knowledge[me][f["slot"]]
        icons = _bits(ki, len(t.icon_ids) - 1)
        numbers = [n for n in t.numbers if kn >> n & 1]
        true_card = state.hands[me][f["slot"]]
        if f["icon"]:
            assert icons == [t.icon_index[f["icon"]]] and t.icon_of[true_card] == icons[0]  # really known
        else:
            assert len(icons) > 1 and {t.icon_index[i] for i in f["not_icons"]} == set(range(len(t.icon_ids))) - set(icons)
        if f["number"]:
            assert numbers == [f["number"]] and t.num_of[true_card] == f["number"]
        else:
            assert len(numbers) > 1 and set(f["not_numbers"]) == set(t.numbers) - set(numbers)
        told = [e for e in obs.log if e.KIND == "assisted" and e.target == me]
        if f["icon_by"] >= 0:
            assert any(e.seat == f["icon_by"] and e.icon == f["icon"] for e in told)
        if f["number_by"] >= 0:
            assert any(e.seat == f["number_by"] and e.number == f["number"] for e in told)
    elif f.key == "convention":
        ki, kn = obs.knowledge[me][action.slot]
        assert (ki & (ki - 1)) == 0 or (kn & (kn - 1)) == 0  # the card was pointed at
        assert f["by"] == -1 or any(e.KIND == "assisted" and e.target == me and e.seat == f["by"] for e in obs.log)
    elif f.key == "lead":
        sec = secs[f["section"]]
        assert f["need"] == sec.value - sec.evidence and f["value"] == sec.value
        assert f["icon"] == t.icon_ids[sec.icon] and f["last"] == (sec.pile <= 1)
    elif f.key == "fits":
        sec = secs[f["section"]]
        ki, kn = obs.knowledge[me][action.slot]
        numbers = [n for n in t.numbers if kn >> n & 1]
        need = sec.value - sec.evidence
        expected = "sure" if ki == 1 << sec.icon else ("maybe" if ki >> sec.icon & 1 else "never")
        assert f["match"] == expected
        assert list(f["kills"]) == ([n for n in numbers if n > need] if expected != "never" else [])
        assert f["finishes"] == (expected == "sure" and numbers == [need])
    elif f.key in ("odds", "track_odds"):
        ki, kn = obs.knowledge[me][action.slot]
        cands = [c for c in _unseen(state, me) if ki >> t.icon_of[c] & 1 and kn >> t.num_of[c] & 1]
        assert f["identities"] == len(cands) and state.hands[me][action.slot] in cands
        values = [v for name, v in f.args if name != "identities"]
        assert all(0.0 <= v <= 1.0 + 1e-9 for v in values)
        if f.key == "odds":
            sec = secs[action.section]
            assert f["finish"] + f["kill"] <= f["match"] + 1e-9
            assert f["counted_finish"] + f["counted_kill"] <= f["counted_match"] + 1e-9
            if all(t.icon_of[c] == sec.icon for c in cands):
                assert f["match"] == f["counted_match"] == pytest.approx(1.0)
            if not any(t.icon_of[c] == sec.icon for c in cands):
                assert f["match"] == f["counted_match"] == 0.0
        else:
            left = obs.target - obs.investigation
            assert f["exact"] + f["over"] <= 1.0 + 1e-9
            if all(t.num_of[c] * _factor(obs, me) <= left for c in cands):
                assert f["over"] == 0.0
    elif f.key == "lead_risk":
        assert isinstance(action, R.Eliminate)
        sec = secs[f["section"]]
        ki, kn = obs.knowledge[me][action.slot]
        need = sec.value - sec.evidence
        assert ki == 1 << sec.icon and not sec.confirmed and f["need"] == need
        assert list(f["kills"]) == [n for n in t.numbers if kn >> n & 1 and n > need] != []
    elif f.key == "track_fit":
        kn = obs.knowledge[me][action.slot][1]
        numbers = [n for n in t.numbers if kn >> n & 1]
        left = obs.target - obs.investigation
        factor = _factor(obs, me)
        assert f["left"] == left and list(f["over"]) == [n for n in numbers if n * factor > left]
        assert f["exact"] == (len(numbers) == 1 and numbers[0] * factor == left)
    elif f.key == "assist":
        hand = obs.hands[f["target"]]
        hits = [c for c in hand if (t.num_of[c] == f["number"] if f["number"] else t.icon_ids[t.icon_of[c]] == f["icon"])]
        assert f["count"] == len(hits) >= 1 and 0 <= f["newly"] <= len(hand)
        # ``whole``: the cards the Assist leaves known in full (icon and number) among ``newly``
        def single(mask: int) -> bool:
            return mask & (mask - 1) == 0

        whole = 0
        for j, c in enumerate(hand):
            ki0, kn0 = ki, kn = obs.knowledge[f["target"]][j]
            if f["number"]:
                kn = 1 << f["number"] if t.num_of[c] == f["number"] else kn & ~(1 << f["number"])
            else:
                bit = 1 << t.icon_index[f["icon"]]
                ki = bit if t.icon_ids[t.icon_of[c]] == f["icon"] else ki & ~bit
            gained = (single(ki) and not single(ki0)) or (single(kn) and not single(kn0))
            whole += gained and single(ki) and single(kn)
        assert f["whole"] == whole <= f["newly"], (f, whole)
        assert (f["number"] or None, f["icon"] or None) == (action.number, action.icon)
    elif f.key == "enables":
        c = t.card_of[f["card"]]
        assert c in obs.hands[f["target"]] and f["target"] == action.target
        if f["use"] == "track":
            left = obs.target - obs.investigation
            assert t.num_of[c] <= left and f["finishes"] == (t.num_of[c] == left)
        else:
            sec = secs[f["use"]]
            need = sec.value - sec.evidence
            assert sec.icon == t.icon_of[c] and t.num_of[c] <= need and f["finishes"] == (t.num_of[c] == need)
            # the lead can still be finished after it, with the cards in hands or the deck
            others = [x for x in _remaining(state) if x != c and t.icon_of[x] == sec.icon]
            assert _ways(others, need - t.num_of[c])
            # its number is said to be known only when the target's knowledge, with this Assist, pins it
            slot = obs.hands[f["target"]].index(c)
            numbers = obs.knowledge[f["target"]][slot][1]
            if action.number is not None:
                numbers = 1 << action.number
            assert f["number_known"] == (numbers & (numbers - 1) == 0)
    elif f.key == "holmes_cost":
        if f["why"] == "assist":
            assert isinstance(action, R.Assist) and obs.decision != "hilda_second"
        else:
            assert f["why"] == "impossible" and count >= obs.impossible_limit
    elif f.key == "confirm":
        sec = secs[f["section"]]
        assert not sec.confirmed
        assert f["third"] == (sum(s.confirmed for s in obs.sections) == len(obs.sections) - 1)
    elif f.key == "pursue":
        sec = secs[f["section"]]
        need = sec.value - sec.evidence
        mine = [c for c in _remaining(state) if t.icon_of[c] == sec.icon]
        assert f["hopeless"] == (not _ways(mine, need)) and f["last"] == (sec.pile <= 1)
        if f["clash"]:
            other = secs[f["clash"]]
            assert other.icon == sec.icon and not other.confirmed
            assert not any(not a & b for a in _ways(mine, need) for b in _ways(mine, other.value - other.evidence))
    elif f.key == "loses":
        if f["how"] == "last_lead":
            assert secs[action.section].pile <= 1
        elif f["how"] == "third_off":
            assert obs.investigation != obs.target
        elif f["how"] == "holmes":
            assert obs.holmes <= 1
        else:
            assert f["how"] == "track_over"
    elif f.key == "margin":
        assert f["spaces"] >= 0.0
    elif f.key == "keep":
        assert obs.decision == "eva_choice" and t.card_of[f["card"]] in obs.decision_cards
    elif f.key == "sniffed":
        assert obs.decision == "toby_place" and t.card_of[f["card"]] == obs.decision_cards[0] == state.deck[-1]
    elif f.key == "swap_hands":
        assert f["card"] == t.key_of[state.hands[action.target][action.target_slot]]
    else:
        assert f.key in FACT_KEYS, f


def test_every_quoted_fact_is_true_in_the_observation(played):
    bot = ExpertBot()
    quoted: set[str] = set()
    for k, (state, seat) in enumerate(played):
        obs = state.observe(seat)
        x = bot.decide(obs, state.legal_actions(seat), random.Random(k), SLOW).explanation
        for f in x.situation:
            check_fact(f, obs, state, seat, None)
            quoted.add(f.key)
        for considered in (x.best, x.runner_up):
            if considered is None:
                continue
            for f in considered.facts:
                check_fact(f, obs, state, seat, considered.action)
                quoted.add(f.key)
    # the facts that decide everyday moves all came up
    assert {"card", "lead", "fits", "odds", "track_fit", "track_odds", "assist", "enables", "margin"} <= quoted


# -- the explanation follows the deciding fact ---------------------------------------------------

def _told(state, seat, slot, icon=None, number=None) -> None:
    """As if an Assist had told ``seat`` its card at ``slot`` is ``icon`` / ``number``."""
    c = state.hands[seat][slot]
    if icon is not None:
        state.know_icon[c] = 1 << T.icon_index[icon]
    if number is not None:
        state.know_num[c] = 1 << number


def _explain(state, seat=0):
    bot = ExpertBot()
    made = bot.decide(state.observe(seat), state.legal_actions(seat), random.Random(0), SLOW)
    return made.action, made.explanation


def _facts(considered):
    return {f.key: f for f in considered.facts}


def test_a_card_known_to_finish_a_lead_is_played_and_unknown_it_is_not():
    hands = [["clue-4", "track-1", "witness-2"], ["document-3", "track-5", "witness-6"]]
    base = dict(players=2, hands=hands, piles={"motive": ["motive-clue-9", "motive-track-9"]},
                evidence={"motive": ["clue-5"]}, track=4)
    known = make_state(**base)
    _told(known, 0, 0, icon="clue", number=4)
    action, x = _explain(known)
    assert action == R.Investigate(0, "motive")
    facts = _facts(x.best)
    assert facts["card"]["icon"] == "clue" and facts["card"]["number"] == 4
    assert facts["lead"]["need"] == 4 and facts["fits"]["finishes"]

    unknown = make_state(**base)  # the same table, but nobody told seat 0 what its card is
    action, x = _explain(unknown)
    assert action != R.Investigate(0, "motive")
    if isinstance(action, R.Investigate):
        assert not _facts(x.best)["fits"]["finishes"]


def test_a_six_is_eliminated_when_the_track_needs_six_and_not_when_it_needs_five():
    hands = [["document-6", "track-1", "witness-2"], ["clue-3", "track-5", "witness-4"]]
    needs_six = make_state(players=2, hands=hands, track=14)
    _told(needs_six, 0, 0, number=6)
    action, x = _explain(needs_six)
    assert action == R.Eliminate(0)
    assert _facts(x.best)["track_fit"]["exact"] and _facts(x.best)["track_fit"]["left"] == 6

    needs_five = make_state(players=2, hands=hands, track=15)
    _told(needs_five, 0, 0, number=6)
    action, x = _explain(needs_five)
    assert action != R.Eliminate(0)
    quoted = [f for c in (x.best, x.runner_up) if c is not None for f in c.facts if f.key == "track_fit"]
    assert all(not f["exact"] for f in quoted)


# -- the coach never reads a hidden card ------------------------------------------------------------

def _swap_hidden(state, seat):
    """A copy of ``state`` where one card of ``seat``'s own hand is exchanged with a deck card it
    could just as well be (same knowledge): nothing ``seat`` may see changes."""
    twin = state.clone()
    for slot, c in enumerate(twin.hands[seat]):
        ki, kn = twin.know_icon[c], twin.know_num[c]
        for j, d in enumerate(twin.deck):
            if ki >> T.icon_of[d] & 1 and kn >> T.num_of[d] & 1:
                twin.hands[seat][slot], twin.deck[j] = d, c
                twin.know_icon[d], twin.know_num[d] = ki, kn
                return twin
    return None


def test_two_states_differing_only_in_what_the_seat_cannot_see_give_the_same_hint(played):
    compared = 0
    for k, (state, seat) in enumerate(played[70:]):
        if state.decision is not None:
            continue
        twin = _swap_hidden(state, seat)
        if twin is None:
            continue
        assert twin.hands[seat] != state.hands[seat]
        obs, twin_obs = state.observe(seat), twin.observe(seat)
        assert obs == twin_obs
        first = SPEC.make_bot("expert").decide(obs, state.legal_actions(seat), random.Random(k), SLOW)
        second = SPEC.make_bot("expert").decide(twin_obs, twin.legal_actions(seat), random.Random(k), SLOW)
        assert first == second  # the same action and the same explanation, fact for fact
        compared += 1
    assert compared >= 20


def test_a_hint_is_decided_quickly(played):
    """As the coach asks: a fresh expert, the seat's observation, the default budget (100 hints)."""
    times = []
    for k, (state, seat) in enumerate(played[:100]):
        obs, legal = state.observe(seat), state.legal_actions(seat)
        start = time.perf_counter()
        made = SPEC.make_bot("expert").decide(obs, legal, random.Random(k))
        times.append(time.perf_counter() - start)
        assert made.action in legal
    times.sort()
    p95 = times[int(0.95 * len(times)) - 1]
    assert p95 < 0.2, f"hint p95 {p95 * 1000:.0f} ms"


# -- words ----------------------------------------------------------------------------------------

SITUATION = (fact("holmes", spaces=9), fact("track", left=6, target=20), fact("impossible", room=0, limit=4))
CARD = fact("card", slot=1, icon="clue", number=0, icon_by=2, number_by=-1, not_icons=(), not_numbers=(6,))
BLIND = fact("card", slot=0, icon="", number=0, icon_by=-1, number_by=-1, not_icons=("witness",), not_numbers=())
SIX = fact("card", slot=0, icon="", number=6, icon_by=-1, number_by=2, not_icons=(), not_numbers=())
TRACK = fact("card", slot=2, icon="track", number=0, icon_by=0, number_by=-1, not_icons=(), not_numbers=())
HAT_READ = fact("card", slot=0, icon="witness", number=0, icon_by=-1, number_by=-1, not_icons=(), not_numbers=(),
                icon_read=(2,), number_read=(), read_from="assist")
PLAY_READ = fact("card", slot=1, icon="", number=0, icon_by=-1, number_by=-1, not_icons=("track", "clue"),
                 not_numbers=(), icon_read=(2,), number_read=(), read_from="play")


def _runner(action, spaces, *facts):
    return Considered(action, -3.0, (*facts, fact("margin", spaces=spaces)))


#: one explanation (best, runner-up, situation) for every fact key, as a bot in seat 1 gives it
CASES = [
    (Considered(R.Investigate(1, "motive"), -2.0, (
        CARD, fact("convention", by=2, weight=6.0),
        fact("lead", section="motive", icon="clue", need=4, value=9, last=True),
        fact("fits", section="motive", match="sure", kills=(5,), finishes=False),
        fact("odds", secret=True, match=1.0, finish=0.25, kill=0.25, lose=0.25, identities=4),
        fact("loses", how="last_lead"))),
     _runner(R.Eliminate(0), 2.4, SIX, fact("track_fit", left=6, over=(), exact=True),
             fact("track_odds", secret=True, exact=1.0, over=0.0, lose=0.0, identities=2),
             fact("holmes_cost", steps=1, why="impossible")), SITUATION),
    (Considered(R.Investigate(0, "suspect"), -2.0, (
        BLIND, fact("lead", section="suspect", icon="track", need=13, value=13, last=False),
        fact("fits", section="suspect", match="maybe", kills=(), finishes=False),
        fact("odds", secret=True, match=0.3, finish=0.0, kill=0.0, lose=0.0, identities=10))),
     _runner(R.Investigate(0, "opportunity"), 0.1, BLIND,
             fact("lead", section="opportunity", icon="witness", need=7, value=7, last=False),
             fact("fits", section="opportunity", match="never", kills=(), finishes=False)), SITUATION),
    (Considered(R.Eliminate(0), -2.0, (
        SIX, fact("convention", by=2, weight=6.0), fact("track_fit", left=5, over=(6,), exact=False),
        fact("loses", how="track_over"),
        fact("track_odds", secret=True, exact=0.0, over=1.0, lose=1.0, identities=2))),
     _runner(R.Eliminate(2), 40.0, BLIND, fact("track_fit", left=5, over=(6,), exact=False),
             fact("track_odds", secret=True, exact=0.2, over=0.1, lose=0.1, identities=10)),
     (*SITUATION, fact("hurried"))),
    (Considered(R.Assist(0, icon="witness"), -2.0, (
        fact("assist", target=0, number=0, icon="witness", count=2, newly=2),
        fact("enables", target=0, card="witness-3", use="motive", finishes=True),
        fact("holmes_cost", steps=1, why="assist"))),
     _runner(R.Assist(2, number=6), 1.0, fact("assist", target=2, number=6, icon="", count=1, newly=1),
             fact("enables", target=2, card="document-6", use="track", finishes=True),
             fact("holmes_cost", steps=1, why="assist")), SITUATION),
    (Considered(R.Assist(2, number=1), -2.0, (
        fact("assist", target=2, number=1, icon="", count=1, newly=0), fact("holmes_cost", steps=1, why="assist"),
        fact("loses", how="holmes"))), None, SITUATION),
    (Considered(R.Confirm("opportunity"), -2.0, (fact("confirm", section="opportunity", back=2, third=True),)),
     _runner(R.Confirm("suspect"), 30.0, fact("confirm", section="suspect", back=1, third=True),
             fact("loses", how="third_off")), (*SITUATION, fact("hurried"))),
    (Considered(R.Pursue("suspect"), -2.0, (
        fact("lead", section="suspect", icon="witness", need=12, value=12, last=False),
        fact("pursue", section="suspect", hopeless=False, clash="motive", last=False),
        fact("holmes_cost", steps=1, why="impossible"))),
     _runner(R.Pursue("motive"), 0.6, fact("lead", section="motive", icon="witness", need=10, value=10, last=True),
             fact("pursue", section="motive", hopeless=True, clash="", last=True), fact("loses", how="last_lead")),
     SITUATION),
    (Considered(R.Pursue("opportunity"), -2.0, (
        fact("lead", section="opportunity", icon="document", need=8, value=8, last=False),
        fact("pursue", section="opportunity", hopeless=False, clash="", last=False))), None, SITUATION),
    (Considered(C.ChooseKeep("clue-3"), -2.0, (fact("keep", secret=True, card="clue-3", use="motive", seat=2),)),
     _runner(C.ChooseKeep("track-4"), 5.0, fact("keep", secret=True, card="track-4", use="track", seat=2)),
     SITUATION),
    (Considered(C.PlacePeeked(False), -2.0, (fact("sniffed", secret=True, card="clue-3", useful=True, use="motive"),)),
     _runner(C.PlacePeeked(True), 1.0), SITUATION),
    (Considered(C.PlacePeeked(True), -2.0, (fact("sniffed", secret=True, card="clue-3", useful=False, use="track"),)),
     None, SITUATION),
    (Considered(C.SkipAssist(), -2.0, (fact("no_assist"),)),
     _runner(R.Assist(0, number=3), 0.2, fact("assist", target=0, number=3, icon="", count=1, newly=1)), SITUATION),
    (Considered(C.RallyHolmes(), -2.0, (fact("rally", steps=2),)),
     _runner(C.Peek(), 1.0, fact("peek")), SITUATION),
    (Considered(C.Peek(), -2.0, (fact("peek"),)),
     _runner(C.RallyHolmes(), 1.0, fact("rally", steps=1)), SITUATION),
    (Considered(C.ReturnEvidence("clue-3"), -2.0, (fact("return_card", card="clue-3"),)),
     _runner(C.SwapEvidence("motive", "clue-4", "track-2"), 3.0,
             fact("swap_lead", section="motive", card="clue-4", impossible_card="track-2")), SITUATION),
    (Considered(C.SwapEvidence("motive", "clue-4", "track-2"), -2.0,
                (fact("swap_lead", section="motive", card="clue-4", impossible_card="track-2"),)),
     _runner(C.SwapHands(1, 0, 2), 3.0, fact("swap_hands", target=0, slot=1, card="witness-5")), SITUATION),
    (Considered(C.SwapHands(1, 2, 0), -2.0, (fact("swap_hands", target=2, slot=1, card="witness-5"),)),
     _runner(C.ReturnEvidence("clue-3"), 3.0, fact("return_card", card="clue-3")), SITUATION),
    # a Master's card known by a code among the Masters: read from a partner's Assist (the hat),
    # or partly from a partner's card play (the play code)
    (Considered(R.Investigate(0, "opportunity"), -2.0, (
        HAT_READ, fact("lead", section="opportunity", icon="witness", need=7, value=7, last=False),
        fact("fits", section="opportunity", match="sure", kills=(), finishes=False))),
     _runner(R.Eliminate(1), 1.0, PLAY_READ, fact("track_fit", left=9, over=(), exact=False)), SITUATION),
    # a Track told by its icon, eliminated: what it risked on the lead it matches
    (Considered(R.Eliminate(2), -2.0, (
        TRACK, fact("convention", by=0, weight=6.0), fact("track_fit", left=9, over=(), exact=False),
        fact("lead_risk", section="opportunity", need=4, kills=(5, 6)),
        fact("track_odds", secret=True, exact=0.0, over=0.0, lose=0.0, identities=3, counted_exact=0.0,
             counted_over=0.0, counted_lose=0.0))),
     _runner(R.Assist(0, number=5), 2.1, fact("assist", target=0, number=5, icon="", count=1, newly=1),
             fact("holmes_cost", steps=1, why="assist")), SITUATION),
]


def _explanations(seat):
    for best, runner, situation in CASES:
        yield Explanation(seat, "utility", best, runner, situation)


def test_the_cases_quote_every_fact_key():
    keys = {f.key for x in _explanations(1) for f in x.facts()}
    assert keys == set(FACT_KEYS)


def _check_lines(lines, what) -> None:
    assert 1 <= len(lines) <= 3, (what, lines)
    for line in lines:
        check_sentence(line, what)
        assert line.endswith("."), (what, line)
        assert not any(word in line for word in ("True", "False", "[", "]", "{", "}")), (what, line)
        assert not re.search(r"\d\.\d|\de-\d", line), (what, line)  # no raw floats
        for key in FACT_KEYS:
            if "_" in key:
                assert key not in line, (what, line)


def test_every_fact_key_is_worded_as_sentences_for_the_coach_and_the_why(app):
    table = named_table(app)
    view = table.view
    viewer = table.viewer
    for x in _explanations(1):  # a bot's move, read by another player: secret facts held back
        _check_lines(view.explain(x.shown_to(viewer, False), coach=False), x)
        _check_lines(view.explain(x.shown_to(viewer, True), coach=False), x)  # the game is over
    for x in _explanations(viewer):  # the coach's hint for the viewer's own move: everything
        if any(f.key in ("enables", "swap_hands", "assist") and f.get("target") == viewer for f in x.facts()):
            continue  # nobody is hinted to assist themselves
        lines = view.explain(x.shown_to(viewer, False), coach=True)
        _check_lines(lines, x)


def test_reasons_say_what_decided_and_why_the_runner_up_is_worse(app):
    view = named_table(app).view
    best, runner, situation = CASES[0]
    coach = " ".join(view.explain(Explanation(0, "utility", best, runner, situation), coach=True))
    assert "Play your 2nd card on the Motive lead" in coach and "4 more Clue evidence" in coach
    assert f"you know it is a Clue, from {NAMES[2]}'s Assist" in coach
    # the card's icon is known and counting alone makes it sure to match: the bots' reading of the
    # Assist adds nothing, and the sentence on it had run hints to 14 lines over the lead cards
    assert "picked out this card" not in coach and "read an Assist" not in coach
    assert "100%" not in coach and "sure to match" in coach and "25% chance to overshoot the lead" in coach
    # what the gap is worth, in plain words (play-test: "worth about one Holmes space less" was never explained)
    assert "about as costly as two more steps for Holmes" in coach and "Holmes spaces less" not in coach
    why = " ".join(view.explain(Explanation(1, "utility", best, runner, situation).shown_to(0, False), coach=False))
    assert why.startswith(f"{NAMES[1]} played the card on the Motive lead")
    assert "%" not in why  # the chances rest on cards only that bot saw
    assert "a matching 5 would overshoot the lead and lose the game" in why.lower()


def test_a_masters_card_known_by_a_code_says_whose_move_told_it(app):
    """Play-test: "Billy knew it was a Witness" of a card its Assists had told only "not Track":
    what a code among the Masters told is said to be read from the move that carried it."""
    view = named_table(app).view
    best, runner, situation = next(case for case in CASES if HAT_READ in case[0].facts)
    why = " ".join(view.explain(Explanation(1, "utility", best, runner, situation).shown_to(0, False), coach=False))
    assert f"knew it was a Witness, read from which Assist {NAMES[2]} chose to give, a signal between the " \
           "Master bots" in why, why
    assert f"partly read from which card {NAMES[2]} chose to play" not in why  # the runner-up's card
    lines = view.explain(Explanation(1, "utility", runner, None, situation).shown_to(0, False), coach=False)
    assert f"not a Track or a Clue, partly read from which card {NAMES[2]} chose to play" in lines[0], lines


def test_a_search_cut_short_says_so(app):
    view = named_table(app).view
    best, runner, situation = CASES[5]
    lines = view.explain(Explanation(1, "utility", best, runner, situation).shown_to(0, False), coach=False)
    assert lines[-1] == "Time ran short, so not every move was weighed in full."
    lines = view.explain(Explanation(1, "utility", best, None, situation), coach=False)
    assert "no time to weigh every move" in lines[-1]


def test_reasons_never_name_a_card_the_viewer_may_not_see(app):
    table = named_table(app)
    view = table.view
    me = table.viewer
    told_me = Explanation(1, "utility", Considered(R.Assist(me, icon="witness"), -1.0, (
        fact("assist", target=me, number=0, icon="witness", count=1, newly=1),
        fact("enables", target=me, card="witness-3", use="motive", finishes=True))),
        _runner(R.Assist(me, number=3), 1.0, fact("assist", target=me, number=3, icon="", count=1, newly=1)),
        SITUATION)
    text = " ".join(view.explain(told_me.shown_to(me, False), coach=False))
    assert "Witness 3" not in text and "3s" not in text  # nor which of my cards the runner-up would name
    assert "you then knew that card's icon, though not its number" in text  # what the Assist told, no more
    chose_for_me = Explanation(2, "utility", Considered(C.ChooseKeep("clue-3"), -1.0, (
        fact("keep", secret=True, card="clue-3", use="motive", seat=me),)),
        _runner(C.ChooseKeep("track-4"), 4.0), SITUATION)
    text = " ".join(view.explain(chose_for_me.shown_to(me, False), coach=False))
    assert "Clue 3" not in text and "Track 4" not in text


def test_on_the_shared_screen_a_why_names_no_card_of_a_players_hand(app):
    """Couch play-test (Ann, a bot, Ben): on the screen between two turns, Watson's "why?" said
    "The next best move was telling Ann which cards are Witnesses", and Ann, still at the screen,
    learned she held more than one. The public view says what an Assist not given would have
    named as its holder hears it: not at all."""
    table = named_table(app)
    view = table.view
    ann = table.viewer
    runner_up = Explanation(1, "utility", Considered(R.Eliminate(0), -1.0, (
        fact("track_fit", left=6, over=(), exact=False),)),
        _runner(R.Assist(ann, icon="witness"), 1.0, fact("assist", target=ann, number=0, icon="witness", count=2,
                                                          newly=2)), SITUATION)
    table.set_viewer(None)
    text = " ".join(view.explain(runner_up.shown_to(None, False), coach=False))
    assert "Witness" not in text and f"an Assist to {NAMES[0]}" in text


def test_a_card_played_knowing_it_cannot_match_says_it_raises_the_lead(app):
    """Newcomer play-test: the hint said "Play your 1st card on the Motive lead, which needs 3 more
    Witness evidence: you know it is a 3" for a card tagged "Track or Clue"; the learner played it
    to finish the lead, and its 3 raised the lead's value to 13."""
    view = named_table(app).view
    card = fact("card", slot=0, icon="", number=3, icon_by=-1, number_by=1, not_icons=("witness", "document"),
                not_numbers=())
    best = Considered(R.Investigate(0, "motive"), -1.0, (
        card, fact("convention", by=1, weight=6.0),
        fact("lead", section="motive", icon="witness", need=3, value=10, last=False),
        fact("fits", section="motive", match="never", kills=(), finishes=False),
        fact("odds", secret=True, match=0.0, finish=0.0, kill=0.0, lose=0.0, identities=2)))
    coach = " ".join(view.explain(Explanation(0, "utility", best, None, SITUATION), coach=True))
    assert "It cannot be a Witness, so its 3 raises the lead's value to 13 instead of counting as evidence" in coach
    assert "worth playing now" not in coach  # not the bots' "play it now" reading of the Assist
    why = " ".join(view.explain(Explanation(1, "utility", best, None, SITUATION).shown_to(0, False), coach=False))
    assert "every other move looked costlier" in why
    assert why.count("raises the lead's value") == 1  # (newcomer: it had said so twice over)


def test_a_card_that_may_not_match_says_what_a_miss_does(app):
    """Newcomer play-test: the hint gave "a 36% chance to match" and not what a card that does not
    match does; the Witness 4 went under the Opportunity lead and raised it from 8 to 12."""
    view = named_table(app).view
    best, runner, situation = CASES[1]  # a blind card on the Suspect lead (Track), 30% to match
    coach = " ".join(view.explain(Explanation(0, "utility", best, runner, situation), coach=True))
    assert "a card that is not a Track raises the lead's value by its number instead" in coach


def test_an_assist_that_tells_an_icon_promises_a_sure_match_not_a_finish(app):
    """Newcomer play-test: "Tell Billy that these 2 cards are Witnesses: Billy would then know
    enough to play Witness 4 to finish the Motive lead"; Billy, holding two Witnesses and knowing
    neither number, played the 1."""
    view = named_table(app).view
    partner = 2
    best = Considered(R.Assist(partner, icon="witness"), -2.0, (
        fact("assist", target=partner, number=0, icon="witness", count=2, newly=2),
        fact("enables", target=partner, card="witness-4", use="motive", finishes=True, number_known=False),
        fact("holmes_cost", steps=1, why="assist")))
    coach = " ".join(view.explain(Explanation(0, "utility", best, None, SITUATION), coach=True))
    assert "to finish the Motive lead" not in coach
    assert (f"play Witness 4 on the Motive lead as a sure match: its number would finish the lead, though "
            f"{NAMES[2]} would not know that number") in coach


def test_an_icon_assist_says_the_icons_are_known_not_that_the_cards_can_be_played_unguessed(app):
    """Play-test (bbr_m6why): "Watson told you that these 5 cards are Witnesses: you then knew
    enough to play 5 cards without guessing", and knowing the icons tells no number."""
    view = named_table(app).view
    partner = 2

    def why(number, icon, count, newly, whole):
        best = Considered(R.Assist(partner, number=number, icon=icon), -2.0, (
            fact("assist", target=partner, number=number or 0, icon=icon or "", count=count, newly=newly,
                 whole=whole),))
        return view.explain(Explanation(1, "utility", best, None, SITUATION).shown_to(partner, False), coach=False)[0]

    icons = why(None, "witness", 5, 5, 0)
    assert "without guessing" not in icons
    assert icons.endswith("then knew the icons of 5 cards, though not their numbers."), icons
    assert why(3, None, 1, 1, 0).endswith("then knew that card's number, though not its icon."), why(3, None, 1, 1, 0)
    assert why(None, "witness", 3, 3, 1).endswith("then knew the icons of 3 cards, and one of them in full.")
    # a card whose number was told before and whose icon this Assist tells is known whole
    assert why(None, "witness", 1, 1, 1).endswith("then knew enough to play that card without guessing.")


def test_real_explanations_read_as_sentences(app, played):
    """What the expert actually says over seeded games, read by its own player and by another."""
    table = named_table(app)
    view = table.view
    viewer = table.viewer
    bot = ExpertBot()
    for k, (state, seat) in enumerate(played):
        if state.players != len(table.seat_names):
            continue
        x = bot.decide(state.observe(seat), state.legal_actions(seat), random.Random(k), SLOW).explanation
        if seat == viewer:
            _check_lines(view.explain(x.shown_to(viewer, False), coach=True), x)
        else:
            _check_lines(view.explain(x.shown_to(viewer, False), coach=False), x)



def test_a_cost_both_moves_pay_is_not_why_the_runner_up_is_worse(app):
    """Two Assists both cost a Holmes space: the runner-up is not "worse, as it costs a Holmes space"."""
    view = named_table(app).view
    best, runner, situation = CASES[3]  # an Assist, and an Assist as the runner-up
    coach = " ".join(view.explain(Explanation(0, "utility", best, runner, situation), coach=True))
    assert "The next best move is telling" in coach and "as it costs a Holmes space" not in coach
    best, runner, situation = CASES[0]  # a card play, and an Eliminate into a full Impossible
    assert "Holmes space" in " ".join(view.explain(Explanation(0, "utility", best, runner, situation), coach=True))


def test_an_eliminated_card_told_only_its_icon_says_what_it_risked_on_its_lead(app):
    """Play-test: told "these 2 cards are Tracks" with the Opportunity lead needing exactly 4,
    Watson eliminated the Track 4, and his "why?" said the bots take a pointed card as one to play
    now. The reason given is the one for eliminating: its number was unknown and a 5 or 6 would
    have killed the lead."""
    view = named_table(app).view
    best, runner, situation = CASES[-1]
    why = " ".join(view.explain(Explanation(1, "utility", best, runner, situation).shown_to(0, False), coach=False))
    assert why.startswith(f"{NAMES[1]} eliminated the card")
    assert "Its number was not known, and the Opportunity lead needed exactly 4 more: a 5 or 6 would have " \
        "killed it" in why
    assert "playing now" not in why and "play now" not in why
    coach = " ".join(view.explain(Explanation(0, "utility", best, runner, situation), coach=True))
    assert "the Opportunity lead needs exactly 4 more: a 5 or 6 would overshoot it" in coach


def test_no_reason_speaks_of_pointing_or_other_programmer_words(app):
    """Play-test: "reading the pointing that way and counting the cards you can see" read as
    programmer language; the reasons say it in plain words."""
    table = named_table(app)
    view = table.view
    for x in _explanations(1):
        for shown in (x.shown_to(table.viewer, False), x.shown_to(table.viewer, True)):
            text = " ".join(view.explain(shown, coach=False)).lower()
            assert not re.search(r"\b(point\w*|tries|samples?|rollouts?|worlds?|identit\w*)\b", text), text
    for x in _explanations(table.viewer):
        text = " ".join(view.explain(x, coach=True)).lower()
        assert not re.search(r"\b(point\w*|tries|samples?|rollouts?|worlds?|identit\w*)\b", text), text


def _six_told_long_ago():
    """The play-test's position (s33): your 3rd card was told to be a 6 by an old Assist, not a
    Clue; of the 6s you cannot see only Track 6 and Witness 6 are left, and the Opportunity lead
    (Track) needs 6."""
    st = make_state(
        players=2, case=1, turn=0, track=15, holmes=12,
        hands=[["witness-1", "witness-5", "witness-6", "document-3", "track-2", "clue-5"],
               ["witness-3", "document-1", "document-4", "clue-4", "witness-4", "clue-2"]],
        piles=TRACK_8_PILES,
        evidence={"opportunity": ["track-3", "track-1"], "motive": ["clue-1", "clue-3"], "suspect": ["clue-6"]},
        mismatched={"opportunity": ["witness-2"]}, impossible=["document-5", "document-6", "track-4"])
    not_clue, six = T.full_icons & ~(1 << T.icon_index["clue"]), 1 << 6
    for key, kn in (("witness-1", T.full_numbers & ~six), ("witness-5", T.full_numbers & ~six), ("witness-6", six)):
        st.know_icon[T.card_of[key]], st.know_num[T.card_of[key]] = not_clue, kn
    for key in ("witness-3", "document-1", "document-4"):
        st.know_icon[T.card_of[key]] = T.full_icons & ~1  # not a Track
    return st


def test_a_hint_gives_the_chance_counting_gives_and_the_bots_reading_apart(app):
    """Play-test: "it has an 86% chance to match" for a card known only to be a 6 (a Witness 6),
    where counting the cards gives an even chance: 86% is the bots' reading of an old Assist as
    one to play now. The hint gives the counted chance as the chance, and the 86% as the bots'."""
    action, x = _explain(_six_told_long_ago())
    assert action == R.Investigate(2, "opportunity")
    odds = _facts(x.best)["odds"]
    assert odds["counted_match"] == pytest.approx(0.5) and odds["match"] == pytest.approx(6 / 7)
    view = named_table(app).view
    coach = " ".join(view.explain(x, coach=True))
    assert "counting the cards you can see alone, it has a 50% chance to match and a 50% chance to finish the " \
        "lead; reading the Assist that way, the bots put the chance to match at 86%" in coach
    assert "has an 86%" not in coach
    # here the bots' reading is what makes the move: it is said, as theirs
    assert "the bots read an Assist as picking out cards worth playing now" in coach


def test_an_assist_hint_names_only_a_lead_the_card_can_still_finish(app):
    """Play-test: the hint said Clues told to Watson would let him "play Clue 4 on the Motive
    lead", which needed 5 with the Clue 1 already played (8 of 9, never finished); Watson played it
    on the Suspect lead. The hint names the Suspect lead, where Clue 4 and Clue 2 finish it."""
    st = make_state(
        players=2, case=1, turn=0, track=15, holmes=12,
        hands=[["witness-1", "witness-5", "document-3", "track-2", "clue-5", "track-5"],
               ["witness-3", "document-1", "document-4", "clue-4", "witness-4", "clue-2"]],
        piles={"opportunity": ["opportunity-track-7", "opportunity-witness-7"],
               "motive": ["motive-clue-9", "motive-track-9", "motive-clue-10"],
               "suspect": ["suspect-clue-12", "suspect-track-13", "suspect-track-12"]},
        evidence={"motive": ["clue-1", "clue-3"], "suspect": ["clue-6"]},
        impossible=["document-5", "document-6", "track-4"])
    st.impossible_leads = [T.lead_key.index("opportunity-track-8")]
    action, x = _explain(st)
    assert action == R.Assist(1, icon="clue")
    uses = {(f["card"], f["use"]) for f in x.best.facts if f.key == "enables"}
    assert ("clue-4", "motive") not in uses and ("clue-4", "suspect") in uses
    view = named_table(app).view
    coach = " ".join(view.explain(x, coach=True))
    assert f"{NAMES[1]} would then know enough to play Clue 4 on the Suspect lead" in coach
    assert "Motive" not in coach.split(".")[0]


def test_a_runner_ups_chance_is_said_to_be_only_so_much_when_the_chosen_moves_is_better(app):
    """Re-check play-test: the next best move "has only a 31% chance to match" where the chosen
    card had the same 31%. "Only" is said where the chosen move's chance is higher."""
    view = named_table(app).view
    lead = fact("lead", section="suspect", icon="track", need=13, value=13, last=False)
    fits = fact("fits", section="suspect", match="maybe", kills=(), finishes=False)

    def odds(match):
        return fact("odds", secret=True, match=match, finish=0.0, kill=0.0, lose=0.0, identities=10)

    for best_match, said in ((0.31, False), (0.6, True)):
        best = Considered(R.Investigate(0, "suspect"), -2.0, (BLIND, lead, fits, odds(best_match)))
        runner = _runner(R.Investigate(1, "suspect"), 0.1, BLIND, lead, fits, odds(0.31))
        coach = " ".join(view.explain(Explanation(0, "utility", best, runner, SITUATION), coach=True))
        assert ("only a 31% chance to match" in coach) == said, coach
