"""Every line the Beyond Baker Street table writes is a sentence a person would write (issue 15,
item 11): each event and each action of the game, in every variant, worded with proper plurals,
names as they are spelled (seats, characters, cards, leads, sections), no ids, raw keys or
debug tuples; and the same for the tooltips and the banner's hints over a running table."""

from __future__ import annotations

import dataclasses
import itertools
import re

from sleuth.games.beyond_baker_street.rules import ACTION_CLASSES, EVENT_CLASSES
from sleuth.ui.driver import pump

NAMES = ("Ann", "Mrs Hudson", "McTavish")
CHARACTERS = {"char1": 18, "char2": 11, "char3": 14}  # Toby, Lady Eva Blackwell, Sir Henry Baskerville

#: Sample values for each field name of the game's events and actions (every variant is worded).
SAMPLES = {
    "seat": (0, 1, 2), "target": (1, 0), "chooser": (2,), "start": (1,),
    "slot": (0, 2), "target_slot": (1,),
    "card": ("witness-6", None), "impossible_card": ("track-2",), "gave": ("clue-3",), "got": ("document-5",),
    "buried": ("track-4", None),
    "cards": (("clue-3",), ("clue-3", "track-4"), (None, None)),
    "section": ("suspect", "opportunity"), "lead": ("suspect-track-13", "opportunity-witness-7"),
    "matched": (True, False), "vanished": (True, False), "won": (True, False), "bottom": (True, False),
    "evidence": (7,), "value": (9,), "track": (13,), "deck": (1, 12), "holmes": (14,), "case": (2,),
    "steps": (-1, -2, 1, 2), "why": ("assist", "impossible", "confirm", "rally"),
    "reason": ("Holmes solved the case first", "the Investigation track went past 20",
               "the last Suspect lead was lost", "the third lead was confirmed with the Investigation track on 18",
               "the case is solved before Holmes"),
    "characters": ((18, 11, 14), (0, 0, 0)), "slots": ((0,), (0, 2)),
    "number": (3, None), "icon": ("witness", None),
}

# ids and keys: witness-6, suspect-track-13, lead_died (but "face-up" is a word)
ID = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b|\b[a-z]+_[a-z0-9_]+\b|\b(?:opportunity|motive|suspect)-")
# sections and icons are named with their capitals ("the track" alone is the Investigation track)
LOWER_NAMES = re.compile(r"\b(opportunity|motive|suspect|witness(?:es)?|clues?|documents?|tracks)\b|\btrack \d")


def samples(cls):
    fields = [f.name for f in dataclasses.fields(cls) if f.repr and not f.kw_only]
    for values in itertools.product(*(SAMPLES[name] for name in fields)):
        kwargs = dict(zip(fields, values, strict=True))
        if kwargs.get("seat") is not None and kwargs.get("seat") == kwargs.get("target"):
            continue
        if cls.__name__ in ("Assisted", "Assist") and (kwargs["number"] is None) == (kwargs["icon"] is None):
            continue
        yield cls(**kwargs)


def check_sentence(line: str, what) -> None:
    assert line and line == line.strip(), what
    assert "(s)" not in line and "(" not in line and ")" not in line, (what, line)
    assert not ID.search(line), (what, line)
    assert "seat " not in line.lower() and "None" not in line and "_" not in line, (what, line)
    assert not LOWER_NAMES.search(line), (what, line)
    for name in NAMES:
        named = re.findall(rf"\b{re.escape(name)}\b", line, flags=re.IGNORECASE)
        assert all(found == name for found in named), (what, line)  # never "Mrs hudson", "Mctavish"
    assert not re.search(r"\b(1 (cards|steps|leads|spaces))\b|\b([02-9]|\d\d+) (card|step|lead|space)\b", line), \
        (what, line)
    assert line[0].isupper() or line[0].isdigit(), (what, line)


def named_table(app):
    from sleuth.core.registry import get
    from sleuth.core.replay import SeatInfo
    from sleuth.ui.scenes.table import start_game

    seats = [SeatInfo(NAMES[0], "human"), SeatInfo(NAMES[1], "basic"), SeatInfo(NAMES[2], "basic")]
    table = start_game(app, get("beyond-baker-street"), seats, {"characters": "random", **CHARACTERS}, 7)
    pump(app, until=lambda: bool(table.legal_for_viewer()) and not table.view.busy, timeout=30)
    return table


def test_every_event_and_action_of_the_game_reads_as_a_sentence(app):
    view = named_table(app).view
    worded = 0
    for cls in EVENT_CLASSES:
        for event in samples(cls):
            line = view.describe(event)
            if cls.__name__ == "Drew":
                assert line is None  # drawing is shown, not written
                continue
            check_sentence(line, event)
            worded += 1
    for cls in ACTION_CLASSES:
        for action in samples(cls):
            check_sentence(view.describe_action(action), action)
            worded += 1
    assert worded > 200


def test_named_things_keep_their_names_and_counts_their_plurals(app):
    from sleuth.games.beyond_baker_street import characters as C
    from sleuth.games.beyond_baker_street import rules as R

    view = named_table(app).view
    assert view.describe(R.Reshuffled(("clue-3",), 1)) == \
        "1 evidence card goes back into the deck, which is shuffled: 1 card in it now."
    assert view.describe(R.Reshuffled(("clue-3", "track-4"), 12)).startswith("2 evidence cards go back")
    assert view.describe(R.LeadDied("suspect", "suspect-track-13", False)) == \
        "The Suspect lead, Track 13, is dead and goes face down into the Impossible."
    assert view.describe(C.SwappedEvidence(2, "suspect", "witness-6", "track-2", 9)) == (
        "McTavish, as Sir Henry Baskerville, swaps Witness 6 on the Suspect lead for Track 2 from the "
        "Impossible: the Investigation track is on 9.")
    # Ann is the one person at the table and reads it: said to her (play-test: "tells Ann that
    # their 4th card" read as someone else's card); of a bot, by its name
    assert view.describe(R.Assisted(1, 0, None, "witness", (0, 2))) == \
        "Mrs Hudson tells you that your 1st and 3rd cards are Witnesses."
    assert view.describe(R.Assisted(1, 0, 2, None, (3,))) == "Mrs Hudson tells you that your 4th card is a 2."
    assert view.describe(R.Assisted(0, 1, 2, None, (3,))) == "Ann tells Mrs Hudson that their 4th card is a 2."
    assert view.describe(C.Peeked(0, "clue-2")) == "Ann, as Toby, sniffs the top card of the deck: it is Clue 2."
    # a card past the lead's value says what it did (play-test: "15 of 13" said no more)
    assert view.describe(R.Investigated(1, 0, "witness-4", "suspect", True, 15, 13)) == \
        "Mrs Hudson plays Witness 4 on the Suspect lead: 15 of 13, past its value: the lead is dead."
    assert view.describe(R.GameOver(False, "the last Suspect lead was lost")) == \
        "The case fell apart: the last Suspect lead was lost. The team loses."  # not "Holmes wins" beside "ended on 10"


def test_the_tooltips_and_hints_over_a_running_table_read_as_sentences(app):
    table = named_table(app)
    view = table.view
    for _ in range(3):
        texts = {view.turn_hint()}
        for x in range(10, 1010, 24):
            for y in range(50, 720, 24):
                tip = table.tooltip((x, y))
                if tip:
                    texts.add(tip)
        for text in texts:
            check_sentence(text[:1].upper() + text[1:], text)
        for line in table.log_lines:
            check_sentence(line, line)
        table.act(table.legal_for_viewer()[0], confirmed=True)
        pump(app, until=lambda: table.state.is_over() or (bool(table.legal_for_viewer()) and not view.busy),
             timeout=30)


def test_a_cards_possible_numbers_read_as_words_not_fractions():
    """Play-test: a badge "not 2/3" read as two thirds. The shorter of what it may be and what it
    is not, in words."""
    from types import SimpleNamespace

    from sleuth.games.beyond_baker_street.cards import load_cards
    from sleuth.games.beyond_baker_street.table.words import TableWording

    words = SimpleNamespace(cards=load_cards())
    every_icon = (1 << len(words.cards.icons)) - 1

    def said(numbers):
        return TableWording.knowledge_words(words, every_icon, sum(1 << n for n in numbers))

    assert said([1, 4, 5, 6]) == ["not 2 or 3"]
    assert said([2, 3, 5]) == ["2, 3 or 5"]
    assert said([1, 2, 3, 4, 5]) == ["not 6"]


def test_a_bots_runner_up_names_whose_card_it_is(app):
    """Play-test: "The next best move was playing 1st card on the Opportunity lead"."""
    from sleuth.ai.explain import Considered, Explanation
    from sleuth.core.registry import get
    from sleuth.core.replay import SeatInfo
    from sleuth.games.beyond_baker_street import rules as R
    from sleuth.ui.scenes.table import start_game

    table = start_game(app, get("beyond-baker-street"), [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic")],
                       {}, 3)
    x = Explanation(seat=1, measure="utility", best=Considered(R.Eliminate(0), 0.0),
                    runner_up=Considered(R.Investigate(0, "opportunity"), 0.0))
    assert "playing Watson's 1st card on the Opportunity lead" in table.view._gerund(x, x.runner_up.action, False)


def test_the_results_say_how_the_case_ended_and_who_confirmed_what(app, monkeypatch):
    """Play-test: "Holmes solved it first" headed a game lost to a dead lead section with Holmes on
    11; the story read "Suspect by Alice, Motive by Alice and Opportunity by Alice"; a win read
    "Solved! The case is solved before Holmes."."""
    from sleuth.core.engine import Outcome
    from sleuth.core.registry import get
    from sleuth.core.replay import SeatInfo
    from sleuth.games.beyond_baker_street import rules as R
    from sleuth.ui.scenes.table import start_game

    table = start_game(app, get("beyond-baker-street"), [SeatInfo("Alice", "human"), SeatInfo("Watson", "basic")],
                       {}, 3)
    view = table.view
    assert view.result_headline(Outcome(False, (), (0, 0), "the last Opportunity lead was lost")) == \
        "The case fell apart"
    assert view.result_headline(Outcome(False, (), (0, 0), "Holmes solved the case first")) == \
        "Holmes solved it first"
    assert view.describe(R.GameOver(True, "the case is solved before Holmes")) == "Solved before Holmes!"
    confirmed = (R.Confirmed(0, "suspect", "x"), R.Confirmed(0, "motive", "y"), R.Confirmed(1, "opportunity", "z"))
    monkeypatch.setattr(type(table.state), "events_for", lambda state, seat: confirmed)
    assert view.story()[0] == "Alice confirmed the Suspect and Motive leads, Watson the Opportunity lead."


def test_a_runner_up_almost_as_good_is_qualified_not_explained(app):
    """Play-test: "almost as good, as it has only a 36% chance to match" contradicted itself."""
    from sleuth.ai.explain import Considered, Explanation, fact
    from sleuth.core.registry import get
    from sleuth.core.replay import SeatInfo
    from sleuth.games.beyond_baker_street import rules as R
    from sleuth.ui.scenes.table import start_game

    table = start_game(app, get("beyond-baker-street"), [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic")],
                       {}, 3)
    runner = Considered(R.Investigate(0, "opportunity"), 0.0,
                        (fact("margin", spaces=0.01), fact("odds", match=0.36, finish=0.0, kill=0.0, lose=0.0)))
    x = Explanation(seat=0, measure="utility", best=Considered(R.Eliminate(0), 0.0), runner_up=runner)
    line = table.view._why_not(x, runner, True)
    assert "almost as good, though it has only a 36% chance to match" in line, line


def test_what_a_card_is_not_takes_one_tag_for_its_icon():
    """Play-test: three tags ("not Witness", "not Clue", "not 6") stacked over a partner's card hid
    its icon. What its icon may be is one tag, as its number is."""
    from types import SimpleNamespace

    from sleuth.games.beyond_baker_street.cards import load_cards
    from sleuth.games.beyond_baker_street.table.words import TableWording

    words = SimpleNamespace(cards=load_cards())
    names = [icon.name for icon in words.cards.icons]
    every_number = sum(1 << n for n in range(1, words.cards.max_number + 1))

    def said(icons):
        return TableWording.knowledge_words(words, sum(1 << i for i in icons), every_number)

    assert said([0]) == [names[0]]
    assert said([0, 1]) == [f"{names[0]} or {names[1]}"]
    assert said([0, 1, 2]) == [f"not {names[3]}"]
    assert said([0, 1]) != said([0, 1, 2]) and all(len(said(s)) == 1 for s in ([0, 2], [1, 2, 3]))


def test_the_story_does_not_count_a_last_lead_pursued_as_given_up_for_the_next(app, monkeypatch):
    """Verification play-test: "3 leads were given up for the next in their section" counted the
    last pursuit, which had no next lead and lost the game (the end's own line tells that one)."""
    from sleuth.games.beyond_baker_street import rules as R

    table = named_table(app)
    events = [R.Pursued(0, "motive", "m1"), R.LeadDied("motive", "m1", False),
              R.Pursued(1, "suspect", "s1"), R.LeadDied("suspect", "s1", False),
              R.GameOver(False, "the last Suspect lead was lost")]
    monkeypatch.setattr(type(table.state), "events_for", lambda state, viewer: events)
    story = " ".join(table.view.story())
    assert "1 lead was given up for the next in its section" in story, story


def test_an_assist_move_names_the_cards_it_tells_about(app):
    """Play-test (bbr_case5): the replay expert's line read "The expert would have played: Tell
    Watson: this card is a 4.", and "this card" said nothing of which card."""
    from sleuth.games.beyond_baker_street import rules as R
    from sleuth.games.beyond_baker_street.table.layout import face_up_hand

    table = named_table(app)
    view = table.view
    assists = [a for a in table.legal_for_viewer() if isinstance(a, R.Assist)]
    assert assists
    for a in assists:
        hand = view.obs.hands[a.target]
        assert face_up_hand(hand)
        slots = [j for j, c in enumerate(hand) if view._matches(c, a)]
        line = view.describe_action(a)
        check_sentence(line, a)
        assert "this card" not in line and "these" not in line, line
        if slots:
            places = [f"{j + 1}{'st' if j == 0 else 'nd' if j == 1 else 'rd' if j == 2 else 'th'}" for j in slots]
            assert line.startswith(f"Tell {NAMES[a.target]} that their {places[0]}"), line
            assert all(place in line for place in places), line
