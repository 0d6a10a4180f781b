"""Issue 20: the expert explains its moves (``ExpertBot.decide``) and the table words the reasons.

- ``decide`` plays what ``choose`` plays (and ``decide_interrupt`` what ``interrupt`` plays), with
  the same use of the generator, and the explained move is legal;
- every fact quoted is true in the observation it was computed from, checked here with our own code;
- the explanation changes when the fact that decided it changes;
- the coach never reads a hidden card: states differing only in what the seat cannot see give
  equal observations and the same decision, reasons included;
- a hint is quick (p95 far under 200 ms);
- every fact key is worded in sentences a person would write, and a bot's reasons never name a
  card still hidden in its hand to another player.
"""

from __future__ import annotations

import random
import re
import time

import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.games.purrrlock_holmes import bots as B
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.ui.driver import pump
from sleuth.ui.scenes.table import start_game

from .helpers import CARDS, CROW, DOG, GOOSE, RAT, TOAD, card, new_state, set_hand, set_investigation, set_trail

SPEC = get("purrrlock-holmes")
NAMES = ["Mrs Hudson", "Dr Watson", "Holmes", "Inspector Lestrade", "Irene Adler"]
#: facts resting on the seat's candidate set (its hand and memory): only its own player reads them
SECRET = {"possible", "narrows", "known_card", "shared_suspect", "shared_hour", "odds", "no_sure_guess"}


def documented_keys() -> set[str]:
    """The fact keys in the table of ``ExpertBot``'s docstring (rows between its 2nd and 3rd rules)."""
    lines = B.ExpertBot.__doc__.splitlines()
    rules = [i for i, line in enumerate(lines) if line.strip().startswith("=====")]
    return {line.split()[0] for line in lines[rules[1] + 1:rules[2]] if line[4:5].strip()}


# -- positions ------------------------------------------------------------------------------------
def playout_decisions(players: int, seed: int):
    """Every decision of an all-expert game: (state before it, seat, observation, legal, decision,
    interrupt?). Interrupts are offered as the match runner offers them."""
    state = SPEC.create(players, {}, seed)
    bot = B.ExpertBot()
    rng = random.Random(seed)
    out = []
    while not state.is_over():
        acted = False
        for seat in state.optional_seats():
            legal = state.legal_actions(seat)
            obs = state.observe(seat)
            decision = bot.decide_interrupt(obs, legal, rng)
            if decision is not None:
                out.append((state.clone(), seat, obs, legal, decision, True))
                state.apply(seat, decision.action)
                acted = True
                break
        if acted:
            continue
        seat = state.pending_seats()[0]
        legal = state.legal_actions(seat)
        obs = state.observe(seat)
        decision = bot.decide(obs, legal, rng)
        out.append((state.clone(), seat, obs, legal, decision, False))
        state.apply(seat, decision.action)
    return out


@pytest.fixture(scope="module")
def decisions():
    found = []
    for players in (2, 3, 5):
        for seed in range(4):
            found += playout_decisions(players, seed)
    return found


def staged(inv, my_hand, other_hand, leads=(), dead=(), inv_state=R.NOT_STARTED, turn=0, last_round=False):
    """A 2-player position for seat 0 whose candidates are exactly its Investigation and the
    other hand's cards (less what the answers rule out): the deck lies in the discard pile and the
    log is empty, so nothing else is unseen or remembered."""
    state = new_state(2, 0)
    set_investigation(state, 0, inv, leads, dead)
    set_hand(state, 0, my_hand)
    set_hand(state, 1, other_hand)
    state.discard.extend(state.deck)
    state.deck = []
    state.log = []
    state.turn, state.inv_state, state.last_round = turn, inv_state, last_round
    return state


def staged_decisions():
    """Positions the playouts rarely reach: (state, seat, interrupt?)."""
    out = []
    # one card in hand: nothing to choose
    out.append((staged(card(GOOSE, 5), [card(DOG, 1)], [card(TOAD, 8), card(RAT, 2)]), 0, False))
    # the last round, investigated, 3 cards left with two at hour 5: the expert gambles on the hour
    gamble = staged(card(GOOSE, 5), [], [card(TOAD, 5), card(RAT, 7)], inv_state=R.DONE, last_round=True)
    set_trail(gamble, [1, 2, 3], [])
    out.append((gamble, 0, False))
    # the same, but no option is even odds: it ends its turn without guessing
    even = staged(card(GOOSE, 5), [], [card(TOAD, 6), card(RAT, 7)], inv_state=R.DONE, last_round=True)
    set_trail(even, [1, 2, 3], [])
    out.append((even, 0, False))
    # its last turn has passed and it knows its card: Paws out of turn
    # (the Lead Goose 9 rules out Dog 3, the Dead End Crow 7 rules out Goose 6)
    gone = staged(card(GOOSE, 5), [card(DOG, 1), card(DOG, 2)], [card(GOOSE, 6), card(DOG, 3)],
                  dead=[card(DOG, 11), card(CROW, 7)], leads=[card(GOOSE, 9)], turn=1, last_round=True)
    set_trail(gone, [1, 2, 3], [])
    out.append((gone, 0, True))
    return out


def decide(state, seat, interrupt):
    bot = B.ExpertBot()
    obs = state.observe(seat)
    legal = state.legal_actions(seat)
    decision = (bot.decide_interrupt if interrupt else bot.decide)(obs, legal, random.Random(0))
    return obs, legal, decision


# -- 1. decide plays what choose plays ------------------------------------------------------------
def test_decide_plays_what_choose_plays_with_the_same_use_of_the_generator(decisions):
    bot = B.ExpertBot()
    assert len(decisions) > 400
    for _state, _seat, obs, legal, decision, interrupt in decisions:
        a, b = random.Random(7), random.Random(7)
        if interrupt:
            assert bot.interrupt(obs, legal, a) == decision.action == bot.decide_interrupt(obs, legal, b).action
        else:
            assert bot.choose(obs, legal, a) == decision.action == bot.decide(obs, legal, b).action
        assert a.getstate() == b.getstate()
        explanation = decision.explanation
        assert explanation is not None and explanation.seat == obs.seat
        assert explanation.best.action == decision.action and decision.action in legal
        if explanation.runner_up is not None:
            assert explanation.runner_up.action in legal
            assert explanation.runner_up.action != explanation.best.action
            assert explanation.runner_up.value <= explanation.best.value + 1e-9


def test_interrupts_it_declines_carry_no_decision(decisions):
    bot = B.ExpertBot()
    declined = 0
    for state, _seat, _obs, _legal, _decision, _interrupt in decisions[:300]:
        for seat in state.optional_seats():
            obs, legal = state.observe(seat), state.legal_actions(seat)
            if bot.interrupt(obs, legal, random.Random(0)) is None:
                assert bot.decide_interrupt(obs, legal, random.Random(0)) is None
                declined += 1
    assert declined > 100


# -- 2. every quoted fact is true -----------------------------------------------------------------
def candidates(obs) -> list[int]:
    mask = B.expert_candidates(obs, CARDS)
    return [c for c in range(CARDS.card_count) if mask >> c & 1]


def share(cands, suspect, hour) -> float:
    hits = [c for c in cands if (suspect is None or CARDS.card_suspect[c] == suspect)
            and (hour is None or CARDS.card_hour[c] == hour)]
    return len(hits) / len(cands)


def cells_left(cands, asked) -> list[int]:
    """How many candidates each combination of answers about ``asked`` leaves, counted by hand."""
    groups: dict[tuple[bool, ...], int] = {}
    for hidden in cands:
        answers = tuple(CARDS.is_lead(a, hidden) for a in asked)
        groups[answers] = groups.get(answers, 0) + 1
    return list(groups.values())


def score_guess(obs, seat) -> float:
    return sum(2.0 if v is None else v for v in obs.collected[seat]) - (1.0 if obs.paws_used[seat] else 0.0)


def check_fact(f, action, state, obs, legal) -> None:
    """One fact against the observation (and the true state, where it speaks of the world)."""
    seat = obs.seat
    cands = candidates(obs)
    assert f.secret == (f.key in SECRET), f
    if f.key == "possible":
        assert f["count"] == len(cands)
    elif f.key == "trail":
        assert (f["before"], f["steps_left"], f["last_round"]) == (
            obs.furriarty_at, len(obs.trail) - obs.furriarty_at, obs.last_round)
    elif f.key == "pass_to":
        nxt = (seat + 1) % obs.players
        rounds_left = 0 if obs.last_round else len(obs.trail) - obs.furriarty_at
        assert f["to"] == nxt
        assert f["helpful"] == (not (score_guess(obs, nxt) > score_guess(obs, seat) and rounds_left > 2))
        assert f["hidden"] == sum(1 for v in obs.collected[nxt] if v is None)
        assert len(obs.hand) > 1 + len(action.then)  # some card is left to pass
    elif f.key == "narrows":
        sizes = cells_left(cands, (action.card, *action.then))
        assert f["possible"] == len(cands)
        assert f["worst_left"] == max(sizes)
        assert f["expected_left"] == pytest.approx(sum(s * s for s in sizes) / len(cands), abs=0.05)
    elif f.key == "known_card":
        assert cands == [f["card"]] == [state.investigation[seat]]
    elif f.key == "shared_suspect":
        assert len(cands) == f["count"] > 1
        assert {CARDS.card_suspect[c] for c in cands} == {f["suspect"]}
        assert CARDS.card_suspect[state.investigation[seat]] == f["suspect"]
    elif f.key == "shared_hour":
        assert len(cands) == f["count"] > 1
        assert {CARDS.card_hour[c] for c in cands} == {f["hour"]}
        assert CARDS.card_hour[state.investigation[seat]] == f["hour"]
    elif f.key in ("odds", "no_sure_guess"):
        assert f["count"] == len(cands)
        assert f["chance"] == pytest.approx(share(cands, f.get("suspect"), f.get("hour")), abs=0.001)
        if f.key == "no_sure_guess":
            assert f["chance"] < 1
            assert len({CARDS.card_suspect[c] for c in cands}) > 1 and len({CARDS.card_hour[c] for c in cands}) > 1
    elif f.key == "takes":
        earn = 2 if action.suspect is not None and action.hour is not None else 1
        assert (f["tokens"], f["catches"]) == (min(earn, obs.furriarty_at + 1), earn > obs.furriarty_at)
        truth = state.investigation[seat]
        right = (action.suspect in (None, CARDS.card_suspect[truth]) and action.hour in (None, CARDS.card_hour[truth]))
        if right and action in legal:  # play it on a copy: the tokens taken are as said
            world = state.clone()
            events = world.apply(seat, action)
            taken = next(e for e in events if isinstance(e, R.TokensCollected))
            assert len(taken.values) == f["tokens"] and taken.furriarty == f["catches"]
    elif f.key == "last_chance":
        assert obs.last_round and obs.turn == seat
        assert obs.investigate_state == R.DONE or not any(isinstance(a, R.Investigate) for a in legal)
    elif f.key == "paws_now":
        assert f["cost"] == CARDS.paws_cost and not obs.paws_used[seat]
        if f["reason"] == "catch":
            assert action.paws and len(cands) >= 1
        else:
            assert f["reason"] == "turn_gone" and obs.last_round and len(cands) == 1
            assert obs.turn > seat or (obs.turn == seat and obs.guessed)
    elif f.key == "guessed_already":
        assert obs.guessed and obs.turn == seat
    elif f.key == "second_card":
        assert obs.investigate_state == R.IN_PROGRESS and obs.committed == (action.card,)
    elif f.key == "only_choice":
        assert [a for a in legal if isinstance(a, R.Investigate)] == [action] or len(legal) == 1
    else:
        raise AssertionError(f"an undocumented fact key: {f.key}")


def every_explained(decisions):
    for state, _seat, obs, legal, decision, _interrupt in decisions:
        yield state, obs, legal, decision.explanation
    for state, seat, interrupt in staged_decisions():
        obs, legal, decision = decide(state, seat, interrupt)
        assert decision is not None
        yield state, obs, legal, decision.explanation


def test_every_quoted_fact_is_true_in_the_observation(decisions):
    seen: set[str] = set()
    for state, obs, legal, explanation in every_explained(decisions):
        for f in explanation.situation:
            check_fact(f, explanation.best.action, state, obs, legal)
            seen.add(f.key)
        for considered in (explanation.best, explanation.runner_up):
            if considered is None:
                continue
            for f in considered.facts:
                check_fact(f, considered.action, state, obs, legal)
                seen.add(f.key)
    assert seen == documented_keys()


def test_the_staged_positions_say_what_they_were_built_to_say():
    keys = []
    for state, seat, interrupt in staged_decisions():
        _obs, _legal, decision = decide(state, seat, interrupt)
        keys.append({f.key for f in decision.explanation.facts()})
    assert "only_choice" in keys[0]
    assert {"last_chance", "odds"} <= keys[1] and decide(*staged_decisions()[1])[2].action == R.Guess(None, 5)
    assert {"last_chance", "no_sure_guess"} <= keys[2]
    assert {"paws_now", "known_card"} <= keys[3]
    paws = decide(*staged_decisions()[3])[2].explanation.best
    assert paws.action == R.Guess(GOOSE, 5, True) and paws.facts[0]["reason"] == "turn_gone"


# -- 3. the explanation follows the deciding fact -------------------------------------------------
def test_knowing_the_card_or_only_its_suspect_changes_the_guess_and_its_reasons():
    # the other hand holds Dog 2 (ruled out by the Dead End Dog 9) or Goose 6 (a second Goose)
    known = staged(card(GOOSE, 5), [card(RAT, 1), card(RAT, 2)], [card(DOG, 1), card(DOG, 2)], dead=[card(DOG, 9)])
    suspect = staged(card(GOOSE, 5), [card(RAT, 1), card(RAT, 2)], [card(GOOSE, 6), card(DOG, 2)],
                     dead=[card(DOG, 9)])
    _, _, a = decide(known, 0, False)
    _, _, b = decide(suspect, 0, False)
    assert a.action == R.Guess(GOOSE, 5) and b.action == R.Guess(GOOSE, None)
    facts_a = {f.key: f for f in a.explanation.best.facts}
    facts_b = {f.key: f for f in b.explanation.best.facts}
    assert facts_a["known_card"]["card"] == card(GOOSE, 5) and "known_card" not in facts_b
    assert facts_b["shared_suspect"]["suspect"] == GOOSE and facts_b["shared_suspect"]["count"] == 2
    assert a.explanation.runner_up.action == R.Guess(GOOSE, None)  # one detail: 1 token instead of 2
    runner = b.explanation.runner_up.action  # both details: right 1 time in 2
    assert runner.suspect == GOOSE and runner.hour in (5, 6)
    assert a.explanation.best.value == 2.0 and b.explanation.best.value == 1.0


def test_an_extra_answer_changes_what_the_pair_is_said_to_narrow():
    hand = [card(GOOSE, 2), card(TOAD, 7), card(RAT, 11), card(CROW, 4)]
    wide = staged(card(TOAD, 3), hand, [card(DOG, 5), card(GOOSE, 9)])
    # the Crows and Rats leave the discard pile (and the table): the seat cannot place them
    wide.discard = [c for c in wide.discard if CARDS.card_suspect[c] not in (CROW, RAT)]
    narrow = wide.clone()
    narrow.dead_ends[0].append(card(CROW, 9))  # one more answer: not a Crow, not hours 8 to 10
    _, _, a = decide(wide, 0, False)
    _, _, b = decide(narrow, 0, False)
    assert isinstance(a.action, R.Investigate) and isinstance(b.action, R.Investigate)
    na = next(f for f in a.explanation.best.facts if f.key == "narrows")
    nb = next(f for f in b.explanation.best.facts if f.key == "narrows")
    assert na["possible"] > nb["possible"]
    assert a.explanation != b.explanation


# -- 4. the coach never reads a hidden card -------------------------------------------------------
def hidden_twin(state, seat, rng):
    """A copy differing only in what ``seat`` cannot see: its own Investigation swapped with a deck
    card that answers its Leads and Dead Ends alike, and another seat's hand card swapped with a
    deck card. None when the deck offers no such cards."""
    twin = state.clone()
    own = twin.investigation[seat]
    asked = twin.leads[seat] + twin.dead_ends[seat]
    alike = [c for c in twin.deck if own >= 0 and all(CARDS.is_lead(a, c) == CARDS.is_lead(a, own) for a in asked)]
    others = [s for s in range(twin.players) if s != seat and twin.hands[s]]
    if not alike or not others or len(twin.deck) < 2:
        return None
    swap = rng.choice(alike)
    twin.deck[twin.deck.index(swap)] = own
    twin.investigation[seat] = swap
    other = rng.choice(others)
    spare = next(c for c in twin.deck if c != own)
    k = rng.randrange(len(twin.hands[other]))
    twin.deck[twin.deck.index(spare)], twin.hands[other][k] = twin.hands[other][k], spare
    return twin


def test_states_differing_only_in_hidden_cards_give_the_same_hint(decisions):
    rng = random.Random(5)
    bot = B.ExpertBot()
    compared = 0
    for state, seat, obs, legal, decision, interrupt in decisions[::3]:
        twin = hidden_twin(state, seat, rng)
        if twin is None:
            continue
        assert twin.investigation[seat] != state.investigation[seat]
        twin_obs = twin.observe(seat)
        assert twin_obs == obs
        assert twin.legal_actions(seat) == legal
        again = (bot.decide_interrupt if interrupt else bot.decide)(twin_obs, legal, random.Random(0))
        assert again == decision  # the action and every reason
        compared += 1
    assert compared > 100


# -- 5. quick ---------------------------------------------------------------------------------------
def test_a_hint_takes_far_less_than_200_ms_at_p95(decisions):
    bot = B.ExpertBot()
    times = []
    for _state, _seat, obs, legal, _decision, _interrupt in [d for d in decisions if not d[5]][:150]:
        start = time.perf_counter()
        bot.decide(obs, legal, random.Random(0))
        times.append(time.perf_counter() - start)
    times.sort()
    assert len(times) >= 100
    assert times[int(0.95 * len(times))] < 0.2


# -- 6. the words -----------------------------------------------------------------------------------
@pytest.fixture
def table(app):
    """Five seats, so every seat of the playouts (2 to 5 players) has a name."""
    seats = [SeatInfo(NAMES[0], "human")] + [SeatInfo(name, "basic") for name in NAMES[1:]]
    table = start_game(app, SPEC, seats, {}, seed=3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    return table


RAW = [re.compile(p) for p in (r"_", r"\bNone\b", r"\bTrue\b", r"\bFalse\b", r"[\[\]{}<>=]", r"\(\d+,",
                                r"\d\.\d\d", r"\bseat\b", r"\bvalue\b")]


def check_words(lines: list[str]) -> None:
    assert 1 <= len(lines) <= 3, lines
    for text in lines:
        assert text == text.strip() and text[0].isupper() and text[-1] in ".!", text
        for pattern in RAW:
            assert not pattern.search(text), f"{pattern.pattern} in: {text}"
        assert "(s)" not in text and "  " not in text, text
        assert not re.search(r"\b1 (cards|tokens|times)\b|\b([02-9]|\d\d+) (card|token|time)\b", text), text
        for name in NAMES:
            for found in re.findall(re.escape(name), text, re.IGNORECASE):
                assert found == name, text


def test_every_fact_key_is_worded_in_sentences(table, decisions):
    view = table.view
    worded: set[str] = set()
    samples = list(every_explained(decisions[::2]))
    for _state, _obs, _legal, explanation in samples:
        for viewer, revealed in ((explanation.seat, False), ((explanation.seat + 1) % 5, False), (None, True)):
            shown = explanation.shown_to(viewer, revealed)
            for coach in (True, False):
                lines = view.explain(shown, coach)
                check_words(lines)
            worded |= {f.key for f in shown.facts()}
    assert worded == documented_keys()


def test_the_words_say_the_reasons_and_the_runner_up(table):
    view = table.view
    known = staged(card(GOOSE, 5), [card(RAT, 1), card(RAT, 2)], [card(DOG, 1), card(DOG, 2)], dead=[card(DOG, 9)])
    explanation = decide(known, 0, False)[2].explanation
    coach = " ".join(view.explain(explanation, coach=True))
    assert coach.startswith("Guess Goose at 5: your Investigation can only be Goose 5, so it takes 2 tokens for sure.")
    assert "Guessing the suspect Goose would be just as sure but take only 1 token." in coach
    gamble = staged_decisions()[1][0]
    said = " ".join(view.explain(decide(gamble, 0, False)[2].explanation, coach=True))
    assert "last chance" in said and "2 times in 3" in said and "right only 1 time in 3" in said
    why = " ".join(view.explain(explanation.shown_to(1, False), coach=False))
    assert why.startswith("Mrs Hudson guessed Goose at 5: by what they knew, it was certain")
    assert "Goose 5" not in why.replace("Goose at 5", "")  # the known card was a secret fact


def test_a_bots_reasons_never_name_a_card_hidden_in_its_hand(app):
    """For the human at the table, a bot's reasons name only cards it has asked about: the pair
    it passed over stays in its hand, unnamed."""
    seats = [SeatInfo(NAMES[0], "human"), SeatInfo(NAMES[1], "expert"), SeatInfo(NAMES[2], "expert")]
    table = start_game(app, SPEC, seats, {}, seed=11)
    view = table.view
    checked = 0
    for seed in range(5):
        for state, seat, obs, _legal, decision, _interrupt in playout_decisions(3, seed):
            if seat == 0 or not isinstance(decision.action, R.Investigate) or not decision.action.then:
                continue
            after = state.clone()
            after.apply(seat, decision.action)
            after.apply(seat, R.Investigate(decision.action.then[0]))
            table.session.state = after
            view.sync(after.observe(0), [], False)
            text = " ".join(view.explain(decision.explanation.shown_to(0, False), coach=False))
            asked = {decision.action.card, *decision.action.then}
            for hidden in set(obs.hand) - asked:
                assert not re.search(rf"\b{CARDS.card_name(hidden)}\b", text), text
            for shown in asked:
                assert CARDS.card_name(shown) in text
            checked += 1
    assert checked > 20


def test_what_a_pair_narrows_reads_as_a_sentence(app):
    """Play-test: "at most 6 of the 14 cards your Investigation can still be will remain, about 4.4
    on average" was hard to parse."""
    hand = [card(GOOSE, 2), card(TOAD, 7), card(RAT, 11), card(CROW, 4)]
    state = staged(card(TOAD, 3), hand, [card(DOG, 5), card(GOOSE, 9)])
    _, _, decision = decide(state, 0, False)
    narrows = next(f for f in decision.explanation.best.facts if f.key == "narrows")
    table = start_game(app, get("purrrlock-holmes"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, 3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    words = " ".join(table.view.explain(decision.explanation, coach=True))
    assert f"your Investigation can be any of {narrows['possible']} cards now; after the answers, at most " \
        f"{narrows['worst_left']} will be left" in words, words


def test_a_rival_ahead_only_by_a_guess_at_their_hidden_tokens_is_said_probably_ahead(table):
    """Newcomer play-test: the hint said "Watson is ahead with time to spare" beside "You 5 VP" and
    "Watson 4 VP + 1 hidden": the bot counts a face-down token as 2. The words say so."""
    from sleuth.ai.explain import Considered, Explanation, fact

    view = table.view
    pair = R.Investigate(view.obs.hand[0], (view.obs.hand[1],))
    other = R.Investigate(view.obs.hand[2], (view.obs.hand[3],))
    narrows = fact("narrows", secret=True, possible=3, expected_left=3.0, worst_left=3, bits=0.5)
    nxt = NAMES[1]
    for hidden, words in ((1, f"{nxt} is probably ahead (counting their hidden token as 2) with time to spare"),
                          (0, f"{nxt} is ahead with time to spare")):
        x = Explanation(view.viewer, "utility", Considered(pair, 1.0, (narrows,)),
                        Considered(other, 1.0 - 1e-6, (narrows,)),
                        (fact("pass_to", to=1, helpful=False, hidden=hidden),))
        text = " ".join(view.explain(x, coach=True))
        assert words in text, text
        # a pair whose answers cannot narrow anything says so, not "at most 3 will be left" of 3
        assert "no answer about these two can rule one out" in text and "at most 3" not in text, text
