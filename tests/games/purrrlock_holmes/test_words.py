"""Issue 15, item 11: every line the Purrrlock Holmes table writes is a sentence a person would
write: proper plurals ("1 card", "2 cards", never "card(s)"), names with their capitals ("Mrs
hudson's Investigation" came from ``str.capitalize`` on a sentence starting with a name), no card
ids, no raw keys, no debug tuples. Every event and action class is worded with seat names such as
"Mrs Hudson", and the table's tooltips, hints, banner, drawn labels and story are swept too."""

from __future__ import annotations

import re

import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.cards import bundled_cards
from sleuth.ui.driver import pump
from sleuth.ui.scenes.table import start_game
from tests.text_spy import record_texts

SPEC = get("purrrlock-holmes")
CARDS = bundled_cards()
NAMES = ["Mrs Hudson", "Dr Watson", "Holmes"]
# cards whose ids are no hour, count, round, score or value said anywhere below
A, B, C, D = CARDS.card_id(3, 2), CARDS.card_id(4, 3), CARDS.card_id(2, 6), CARDS.card_id(3, 6)
IDS = re.compile(rf"\b({A}|{B}|{C}|{D})\b")
VERBS = "draws|asks|passes|guesses|collects|discards|calls|has|is"


def every_event() -> list:
    """Every event class of the game, in the shapes it takes (seen by the seat or hidden, one or
    several cards, by you or by another seat)."""
    out = [
        R.TrailLaid((None, None, 3, 1), 4), R.TrailLaid((2, None, None), 1), R.TrailLaid((None, 3), 1),
        R.InvestigationDrawn(0, None), R.InvestigationDrawn(1, A), R.InvestigationDrawn(2, None),
        R.Drew(0, 2, (A, B)), R.Drew(1, 2, None), R.Drew(2, 1, None), R.Drew(0, 1, (C,)), R.Drew(1, 0, None),
        R.Passed(0, 1, 2, (A, B)), R.Passed(2, 0, 2, (C, D)), R.Passed(1, 2, 1, None), R.Passed(1, 2, 2, None),
        R.Guessed(0, 3, None, False, True), R.Guessed(1, None, 7, True, False), R.Guessed(2, 4, 3, False, False),
        R.TokensCollected(0, (2, None), False), R.TokensCollected(1, (1,), False),
        R.TokensCollected(2, (3, 3), True), R.Discarded(0, (A, B)), R.Discarded(2, (C,)),
        R.Reshuffled(1), R.Reshuffled(14), R.FurriartyMoved(2, False), R.FurriartyMoved(0, True),
        R.GameOver(True, (0,), (5, 7, 4), ()), R.GameOver(True, (0, 2), (5, 4, 5), ()),
        R.GameOver(False, (), (5, 7, 4), (2,)), R.GameOver(False, (), (4, 7, 4), (0, 2)),
    ]
    for seat in range(3):
        out += [R.TurnStarted(seat, 3), R.NoInvestigation(seat), R.Investigated(seat, C, True, False),
                R.Investigated(seat, D, False, True), R.Solved(seat, A)]
    assert {type(e) for e in out} == set(R.EVENTS)
    return out


def every_action() -> list:
    out = [R.Investigate(A, (B,)), R.Investigate(C), R.Guess(3, None), R.Guess(None, 7), R.Guess(4, 3),
           R.Guess(2, None, True), R.Guess(1, 9, True), R.EndTurn()]
    assert {type(a) for a in out} == set(R.ACTIONS)
    return out


def check_sentence(text: str, names=NAMES) -> None:
    assert text and text == text.strip(), repr(text)
    assert "(s)" not in text and "(es)" not in text, text
    assert not IDS.search(text), f"a card id in: {text}"
    for raw in ("_", "None", "True", "False", "seat ", "Seat ", "KIND", "[", "{"):
        assert raw not in text, f"{raw!r} in: {text}"
    assert not re.search(r"\(\d+,", text), f"a tuple in: {text}"
    assert not re.search(r"\b1 (cards|tokens|rounds|times|cases)\b|\b([02-9]|\d\d+) (card|token|round|time|case)\b",
                         text), f"a wrong plural in: {text}"
    for name in names:
        for found in re.findall(re.escape(name), text, re.IGNORECASE):
            assert found == name, f"{name!r} lost its capitals in: {text}"
    assert not re.search(rf"\bYou ({VERBS})\b", text), text
    assert "'s's" not in text and "s's " not in text.replace("Holmes's", ""), text


@pytest.fixture
def table(app):
    seats = [SeatInfo(NAMES[0], "human"), SeatInfo(NAMES[1], "basic"), SeatInfo(NAMES[2], "basic")]
    table = start_game(app, SPEC, seats, {}, seed=3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    return table


def test_every_event_is_a_sentence_with_names_plurals_and_no_ids(table):
    view = table.view
    for event in every_event():
        text = view.describe(event)
        check_sentence(text)
        assert text[0].isupper() and text[-1] in ".!", text
    lines = {view.describe(e) for e in every_event()}
    assert "Mrs Hudson's Investigation was Rat 12: solved." not in lines  # (the card is Crow 2)
    assert f"Mrs Hudson's Investigation was {CARDS.card_name(A)}: solved." in lines
    assert "Holmes' Investigation" in " ".join(lines)
    assert "Dr Watson draws 2 cards." in lines and "Dr Watson passes 1 card to Holmes." in lines


def test_every_action_is_named_in_words(table):
    view = table.view
    for action in every_action():
        text = view.describe_action(action)
        check_sentence(text)
        assert text[0].isupper(), text
    assert view.describe_action(R.Guess(3, None)).endswith("(1 token if right)")
    assert view.describe_action(R.Guess(4, 3)).endswith("(2 tokens if right)")


def test_a_seat_named_you_reads_as_you(app):
    seats = [SeatInfo("You", "human"), SeatInfo("Dr Watson", "basic")]
    table = start_game(app, SPEC, seats, {}, seed=3)
    pump(app, until=lambda: table.viewer_may_act(), timeout=30)
    lines = [table.view.describe(e) for e in every_event() if all(
        s < 2 for s in (getattr(e, "seat", 0), getattr(e, "to", 0)) + tuple(getattr(e, "winners", ()))
        + tuple(getattr(e, "litter_box", ())))
        and len(getattr(e, "scores", (0, 0))) <= 2]
    for line in lines:
        check_sentence(line, ["Dr Watson"])
    assert "Round 3: your turn." in lines and "Your Investigation was Crow 2: solved." in lines


def test_tooltips_hints_labels_and_the_story_read_as_sentences(table, app, monkeypatch):
    view = table.view
    drawn = record_texts(monkeypatch)
    texts: set[str] = set()
    for _ in range(3):
        texts |= {view._hint_text(), table.banner_text(), view.turn_hint() or "x"}
        for x in range(4, 1010, 9):
            for y in range(48, 716, 9):
                tip = view.tooltip((x, y))
                if tip:
                    texts.add(tip)
        app.draw()
        texts |= {t for t in drawn if t.strip()}
        drawn.clear()
        legal = [a for a in table.legal_for_viewer() if isinstance(a, (R.Investigate, R.EndTurn))]
        table.act(legal[0], confirmed=True)
        pump(app, until=lambda: table.viewer_may_act() or table.state.is_over(), timeout=30)
    assert len(texts) > 60  # the sweep met the table's many tooltips and labels
    for text in texts:
        check_sentence(text)
    for line in view.story():
        check_sentence(line)


def test_alike_tokens_are_counted_not_repeated():
    """"collects a face-down token and a face-down token" reads as "two face-down tokens"."""
    from sleuth.games.purrrlock_holmes.table.words import TableWording

    assert TableWording._tokens_words([None, None]) == ["two face-down tokens"]
    assert TableWording._tokens_words([2, None]) == ["a 2-VP token", "a face-down token"]
    assert TableWording._tokens_words([3, 3, None]) == ["two 3-VP tokens", "a face-down token"]


def test_the_story_names_no_single_leader_when_cases_solved_are_tied(table, monkeypatch):
    """Play-test: "Alice solved the most cases (3)." when Alice, Watson and Bob had 3 each."""
    import dataclasses

    view = table.view
    solved = tuple(R.Solved(seat, card) for seat in range(3) for card in range(seat * 10, seat * 10 + 3))
    monkeypatch.setattr(view, "obs", dataclasses.replace(view.obs, log=tuple(view.obs.log) + solved))
    lines = view.story()
    names = table.seat_names
    assert f"{names[0]}, {names[1]} and {names[2]} solved 3 cases each." in lines
    assert not any("the most" in line for line in lines)


def test_the_story_says_you_in_lower_case_after_another_leaders_name(table, monkeypatch):
    """Play-test (Bakerstreet's story read "5 by You"): a seat named You is "you" mid-sentence in
    the results story too ("Watson and you solved 3 cases each")."""
    import dataclasses

    view = table.view
    monkeypatch.setattr(view, "_name", ["Watson", "You", "Holmes"].__getitem__)
    solved = tuple(R.Solved(seat, card) for seat in range(2) for card in range(seat * 10, seat * 10 + 3))
    monkeypatch.setattr(view, "obs", dataclasses.replace(view.obs, log=tuple(view.obs.log) + solved))
    assert "Watson and you solved 3 cases each." in view.story()


def test_after_a_right_guess_the_turns_answers_are_told_apart_from_the_new_investigation(app, monkeypatch):
    """Play-test: after a right guess the box read "Toad 3: a Lead. Toad 11: a Dead End. Your
    guess was right." beside the new Investigation and its own Leads from the deck, as if those
    answers were about it."""
    from types import SimpleNamespace

    from sleuth.games.purrrlock_holmes import rules as R
    from tests.games.purrrlock_holmes.test_table import solo_table

    view = solo_table(app).view
    monkeypatch.setattr(view, "queued_card", lambda: None)
    monkeypatch.setattr(view, "_investigate_open", lambda: False)
    monkeypatch.setattr(view, "_may_guess", lambda paws=False: False)
    monkeypatch.setattr(view, "turn_answers",
                        lambda seeding=False: [(1, False), (2, True)] if seeding else [(0, True), (3, False)])
    monkeypatch.setattr(view, "_turn_guess", lambda: SimpleNamespace(correct=True))
    view._legal = [R.EndTurn()]
    words = view._hint_text()
    assert words.startswith("Your answers this turn: ") and "a Lead." in words
    # second verifier: the 2 cards drawn to start it, answered at once, were told nowhere but the Casebook
    first, second = (view.cards.card_name(card) for card in (1, 2))
    assert f"Your guess was right: your new Investigation is on your stand, started by {first}, a Dead End; " \
        f"{second}, a Lead." in words
    canvas = app.canvas  # the whole of it fits the box, at its 15 px
    from sleuth.games.purrrlock_holmes.table.layout import HINT_BOX
    assert len(canvas.wrap(words, 15, HINT_BOX[2] - 20)) * 19 <= HINT_BOX[3] - 16


@pytest.mark.parametrize("players", [3, 5])
def test_the_score_in_a_name_strip_says_what_is_face_down_and_names_the_paws_penalty(app, monkeypatch, players):
    """Play-test (s128, s131): a seat's strip read "-1 VP + 1 hidden" after a Paws and "0 VP + 2
    hidden": it did not say what was hidden, nor that the -1 was the Paws. The strip says it as a
    person would, as fully as the strip has room for beside the whole name: "-1 VP after Paws and
    1 face-down token" where it is wide, "-1 VP, 1 face down" beside a Paws board reading
    "Paws -1" where it is narrow (5 seats)."""
    import dataclasses

    from tests.games.purrrlock_holmes.test_table import solo_table

    table = solo_table(app, players=players)
    view = table.view
    obs = view.obs
    collected = [()] * players
    collected[1], collected[2] = (None,), (2, None, None)
    paws = [False] * players
    paws[1] = True
    obs = dataclasses.replace(obs, collected=tuple(collected), paws_used=tuple(paws))
    drawn = record_texts(monkeypatch)
    for seat in (1, 2):
        view._draw_panel(app.canvas, app.palette, obs, seat)
    assert not [t for t in drawn if "hidden" in t]
    assert "Paws -1" in drawn
    if players == 3:
        assert "-1 VP after Paws and 1 face-down token" in drawn
        assert "2 VP and 2 face-down tokens" in drawn
    else:
        assert "-1 VP, 1 face down" in drawn
        assert "2 VP, 2 face down" in drawn
    assert view._score_text(obs, 1) == "-1 VP after Paws and 1 face-down token"


def test_the_story_after_the_game_is_told_in_the_past_tense_without_live_commands(table, monkeypatch):
    """Play-test (s180): the results' story said "Furriarty stepped right 4 times", then "Furriarty
    steps right and turns up a 1-VP token. Last round: catch him now or he escapes!" and "Furriarty
    is caught! ..." copied from the move log. After the game every line is in the past tense."""
    import dataclasses

    view = table.view
    names = table.seat_names
    log = tuple(view.obs.log) + (
        R.Guessed(1, 3, None, True, True), R.FurriartyMoved(2, False), R.FurriartyMoved(1, False),
        R.FurriartyMoved(1, True), R.TokensCollected(0, (2, 3), True), R.GameOver(True, (0,), (9, 8, 7), ()))
    monkeypatch.setattr(view, "obs", dataclasses.replace(view.obs, log=log, round=4, caught_furriarty=0))
    lines = view.story()
    story = " ".join(lines)
    for live in ("catch him now", "Last round", "steps right", "is caught", "calls Paws", "escapes", " is promoted"):
        assert live not in story, (live, lines)
    assert f"{names[1]} called Paws on the suspect Crow: right." in lines
    assert "Furriarty reached the end of the trail after round 3, so round 4 was the last." in lines
    assert f"{names[0]} caught Furriarty in round 4. With the most VP, {names[0]} was promoted to Chief " \
           "Inspector." in lines
    for line in lines:
        check_sentence(line)
