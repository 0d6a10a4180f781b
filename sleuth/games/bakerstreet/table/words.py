"""What the Bakerstreet table says in words: card names, the move log's sentences for events and
actions, the panel's hint, the tooltip of a detective card, the memory aid's count preview and the
story of the game for the results screen. The module's functions are pure text from what they are
given: seat names come in as ``name(seat)``.

``TableWords`` is mixed into ``BakerstreetTable`` (table/__init__.py) and says these things for the
table: the tooltips, the move log's lines, the turn hint, the story and ``risky()``.

``explain_lines()`` words the expert's reasons (``reasons.py`` lists the facts) for the coach's hint
("Dispute Watson's bid of 17: ...") and for the "why?" of a bot's move ("Watson disputed ...").
Facts resting on the deciding seat's hand arrive already removed for anyone else; the sentences
also never name a card or a bid amount that would give that hand away (a runner-up's card, the
honest bid, a letter taken face down) unless the reader is that seat or the game is over.

``risky()``: Bakerstreet has no move that loses the game on the spot. The game ends only when a
player takes the letter that completes 7 in a row, and nothing the viewer can know tells that a
move hands the opponent that letter (their letters are face down). So it never warns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sleuth.ai.explain import Explanation, Fact
from sleuth.core.values import Action, Event
from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.table.layout import CARD, EV, LETTERS_END, PANEL, PLATE_X, plate_y
from sleuth.games.bakerstreet.table.model import Model, Token
from sleuth.ui.tableview import STORY_LINES, STORY_SIZE, STORY_WIDTH
from sleuth.ui.widgets import inside
from sleuth.ui.words import cap, join_words, named, plural, possessive, says, times, verb_for

Names = Callable[[int], str]

SYMBOL_WORD = {"stop": "STOP", "double": "x2", "arrow": "ARROW"}  # printed on the cards
SYMBOL_NAME = {"stop": "a Stop", "double": "an x2", "arrow": "an Arrow"}  # said in a sentence
SYMBOL_LONG = {
    "stop": "Stop: counted, then the evaluation ends (cards below stay).",
    "double": "x2: doubles its owner's total in the evaluation (once).",
    "arrow": "Arrow: the next stack clockwise is evaluated too.",
}



def card_text(value: int | None, symbol: str | None) -> str:
    """``3``, ``3 with a Stop``, ``2 with an x2``: a detective card as a sentence names it."""
    if value is None:
        return "card"
    return f"{value}" if symbol in (None, "none") else f"{value} with {SYMBOL_NAME[symbol]}"


def tally(values: Sequence[int], doubled: bool, total: int) -> str:
    """One player's side of a count: ``nothing (0)``, ``4``, ``3+5 = 8``, ``3+5, doubled to 16``.
    A side that counts 0 reads ``nothing (0)`` whether it had no card or only 0s: a tie at 0 had
    read "You: 0" beside "Watson: nothing", as if the two sides differed."""
    if total == 0:
        return "nothing (0)"
    text = "+".join(str(v) for v in values)
    if doubled:
        return f"{text}, doubled to {total}"
    return text if len(values) == 1 else f"{text} = {total}"


def count_text(e: R.Evaluated, name: Names) -> str:
    """Both sides of an evaluation: ``Ann has 3+5 = 8, Bob has nothing`` (``Player 1 5`` ran a
    name into its count)."""
    parts = []
    for seat in range(2):
        mine = [c for c in e.cards if c[0] == seat]
        doubled = any(c[2] == "double" for c in mine)
        parts.append(f"{says(name(seat), 'has', start=False)} {tally([c[1] for c in mine], doubled, e.totals[seat])}")
    return ", ".join(parts)


def stay_text(left: int) -> str:
    """The cards a Stop left out of a count: ``the card below it stays``, ``the 3 cards below it stay``."""
    return "the card below it stays" if left == 1 else f"the {left} cards below it stay"


def reason_text(reason: str, name: Names) -> str:
    """The engine's game-over reason with seat numbers turned into names."""
    for seat in range(2):
        reason = reason.replace(f"seat {seat}", name(seat))
    return reason.replace("You holds", "You hold").replace("You has", "You have")


def longest_run_of(letters: Sequence[str], alphabet: Sequence[str]) -> tuple[int, int]:
    """(length, start index) of the longest run of held letters in alphabet order."""
    held = set(letters)
    best, best_start, run, start = 0, 0, 0, 0
    for i, letter in enumerate(alphabet):
        if letter in held:
            if run == 0:
                start = i
            run += 1
            if run > best:
                best, best_start = run, start
        else:
            run = 0
    return best, best_start


def end_text(winners: Sequence[int], names: Sequence[str], letters: Sequence[Sequence[str]],
             alphabet: Sequence[str], run_to_win: int) -> str:
    """What decided the game, as the story's last line: ``You win with 8 letters in a row, F to M
    (7 in a row ends the game).``; when the evidence ran out, the longest run, then the most letters."""
    runs = [longest_run_of(mine, alphabet) for mine in letters]
    if winners and runs[winners[0]][0] >= run_to_win:
        run, start = runs[winners[0]]
        first, last = alphabet[start], alphabet[start + run - 1]
        return (f"{says(names[winners[0]], 'wins')} with {run} letters in a row, {first} to {last} "
                f"({run_to_win} in a row ends the game).")
    ran_out = "No evidence was left that either player could take"
    if runs[0][0] != runs[1][0]:
        best = winners[0] if winners else max(range(2), key=lambda s: runs[s][0])
        return (f"{ran_out}, so the longest run decided: {says(names[best], 'wins', start=False)} with "
                f"{runs[best][0]} in a row to {runs[1 - best][0]}.")
    counts = [len(mine) for mine in letters]
    if counts[0] != counts[1]:
        best = winners[0] if winners else max(range(2), key=lambda s: counts[s])
        return (f"{ran_out} and both runs were {runs[0][0]} long, so the most letters decided: "
                f"{says(names[best], 'wins', start=False)} with {counts[best]} to {counts[1 - best]}.")
    return f"{ran_out}; both runs were {runs[0][0]} long and both players held {counts[0]} letters: a draw."


def describe_event(e: Event, name: Names, stacks: int, otherwise: Callable[[Event], str | None]) -> str | None:
    """The move-log line for a Bakerstreet event (None: not worth a line); ``otherwise`` for any other event."""
    if isinstance(e, R.Dealt):
        return (f"The evidence is dealt face down: {plural(len(e.sizes), 'stack')} of "
                f"{plural(e.sizes[0] if e.sizes else 0, 'card')}.")
    if isinstance(e, R.RoundStarted):
        return f"Round {e.round}: {says(name(e.first), 'starts')}."
    if isinstance(e, R.Drew):
        if e.value is None:
            return None
        return f"{says(name(e.seat), 'draws')} a {card_text(e.value, e.symbol)}."
    if isinstance(e, R.Reshuffled):
        return f"{says(name(e.seat), 'shuffles')} the used pile into a new unused stack of {plural(e.cards, 'card')}."
    if isinstance(e, R.Played):
        return f"{says(name(e.seat), 'plays')} a {card_text(e.value, e.symbol)} beside stack {e.stack + 1}."
    if isinstance(e, R.BidMade):
        return f"{says(name(e.seat), 'bids')} {e.amount}."
    if isinstance(e, R.Disputed):
        shown = " and ".join(f"{possessive(name(s))} {' + '.join(str(v) for v, _ in h)}" if h else
                             f"{possessive(name(s))} empty hand" for s, h in enumerate(e.hands))
        verdict = f"at least {e.bid}" if e.total >= e.bid else f"less than {e.bid}"
        return (f"{says(name(e.seat), 'disputes')} {possessive(name(e.bidder))} bid of {e.bid}: {shown}; "
                f"the total {e.total} is {verdict}, so {says(name(e.winner), 'wins', start=False)} the dispute.")
    if isinstance(e, R.StackChosen):
        return f"{says(name(e.seat), 'chooses')} stack {e.stack + 1} to evaluate."
    if isinstance(e, R.Evaluated):
        if e.totals[0] == e.totals[1]:
            won = f"A tie at {e.totals[0]}: {says(name(e.winner), 'takes', start=False)} it as the dispute's winner."
        else:
            won = f"{says(name(e.winner), 'wins')} it."
        text = f"Stack {e.stack + 1} is counted: {count_text(e, name)}. {won}"
        if e.left:  # a Stop at the bottom of its pile cut nothing short: not worth a word
            text += f" A Stop ended the count; {stay_text(e.left)}."
        if e.arrow:
            text += f" An Arrow sends the count on to stack {(e.stack + 1) % stacks + 1}."
        return text
    if isinstance(e, R.Looked):
        if e.letters is not None:
            found = join_words(list(e.letters)) if e.letters else "nothing: it is empty"
            finds = verb_for(name(e.seat), "finds")
            return f"{says(name(e.seat), 'looks')} through stack {e.stack + 1} and {finds} {found}."
        return f"{says(name(e.seat), 'looks')} through stack {e.stack + 1}."
    if isinstance(e, R.Took):
        if not e.taken:
            return f"{says(name(e.seat), 'takes')} nothing: no letter there is new to them."
        if e.letter is not None:
            return f"{says(name(e.seat), 'takes')} the letter {e.letter} from stack {e.stack + 1}."
        return f"{says(name(e.seat), 'takes')} a letter from stack {e.stack + 1} (face down)."
    if isinstance(e, R.GameOver):
        if not e.winners:
            return f"Game over, a draw: {reason_text(e.reason, name)}."
        reason = reason_text(e.reason, name)
        reason = "you" + reason[3:] if reason.startswith("You ") else reason  # after the colon
        return f"{says(name(e.winners[0]), 'wins')}: {reason}."
    return otherwise(e)


def describe_action(a: Action, name: Names, last_bid: tuple[int, int] | None,
                    otherwise: Callable[[Action], str]) -> str:
    """A move as the viewer's own words (``last_bid``: (seat, amount) of the bid a Dispute answers)."""
    if isinstance(a, R.Play):
        return f"Play your {card_text(a.value, a.symbol)} beside stack {a.stack + 1}"
    if isinstance(a, R.Bid):
        return f"Bid {a.amount}"
    if isinstance(a, R.Dispute):
        return f"Dispute {possessive(name(last_bid[0]))} bid of {last_bid[1]}" if last_bid else "Dispute"
    if isinstance(a, R.Choose):
        return f"Evaluate stack {a.stack + 1}"
    if isinstance(a, R.Take):
        return f"Take the letter {a.letter}"
    return otherwise(a)


def panel_hint(obs, viewer: int | None, name: Names, watching: bool = False, bots_only: bool = False) -> str:
    """What to do now, under the bidding in the side panel (``watching``: a replay, where nobody
    plays and nothing is handed over; ``bots_only``: no player at the table). Nothing in the public
    view of a shared screen: the handoff says whose eyes come next ("Hands are hidden until the
    next player is at the screen." had stood in the bidding panel, beside "no bid yet" and at the
    handoff card's edge)."""
    me = viewer
    if watching:
        return ""
    if me is None:
        return "Only bots play: both hands stay hidden." if bots_only else ""
    if obs.phase == R.TURN and obs.turn == me:
        if obs.bids:
            return (f"Your turn: drag a card next to a stack and raise to at least {obs.min_bid}, "
                    "or dispute the bid if you think the six cards total less.")
        return "Your turn: drag a card from your hand next to any stack, then bid."
    if obs.phase == R.BID and obs.turn == me:
        return "Now bid: how high do all six hand cards total? (Symbols do not count here.)"
    if obs.turn is not None:
        return f"{says(name(obs.turn), 'is')} playing."
    return ""


def card_tip(tok: Token, m: Model, viewer: int | None, name: Names, memory: bool, everything: bool = False) -> str:
    """The tooltip of a detective card, wherever it lies (``memory``: the memory aid is on;
    ``everything``: a replay's "everything revealed" eyes, where both hands show)."""
    me = viewer
    whose = "Your" if tok.owner == me else cap(possessive(name(tok.owner)))
    what = card_text(tok.value, tok.symbol)
    symbol = f" {SYMBOL_LONG[tok.symbol]}" if tok.symbol in SYMBOL_LONG else ""
    if me is not None and any(k is tok for k in m.hands[me]):
        return (f"Your {what}.{symbol} Drag it next to an evidence stack to play it (or click it, then a "
                "stack). In a bid, only its value counts.")
    for seat in range(2):
        if any(k is tok for k in m.hands[seat]):
            if everything and tok.value is not None:
                return f"{cap(possessive(name(seat)))} {what}, in hand.{symbol}"
            return f"{cap(possessive(name(seat)))} hand card (hidden)."
        if m.used[seat] and m.used[seat][-1] is tok:
            return (f"{cap(possessive(name(seat)))} used pile, {len(m.used[seat])} cards: only the "
                    "top card shows. When the unused stack runs out, this pile is shuffled into it.")
        if any(k is tok for k in m.used[seat]):
            return f"{whose} used card."
    for stack, pile in enumerate(m.piles):
        if pile and pile[-1] is tok:
            below = len(pile) - 1
            tip = f"{whose} {what} on top of stack {stack + 1}'s detective pile.{symbol} "
            tip += f"{plural(below, 'card')} {'lies' if below == 1 else 'lie'} covered below it." if below else \
                "No card lies below it."
            if below and memory:
                covered = ", ".join(f"{name(k.owner)} {card_text(k.value, k.symbol)}"
                                    for k in reversed(pile[:-1]))
                tip += f" Memory aid, top down: {covered}."
            elif below:
                tip += " You may not look through the pile (the memory aid in Settings shows what you saw)."
            return tip
        if any(k is tok for k in pile):
            if not memory:
                return f"A covered card beside stack {stack + 1}: nobody may look at it."
            return f"Covered (memory aid): {'your' if whose == 'Your' else whose} {what}, seen when it was played."
    return f"{whose} {what}."


def count_preview(pile: Sequence[Token], name: Names) -> str:
    """Memory aid: what counting this pile now would give (from the cards seen played)."""
    totals, doubled, arrow = [0, 0], [False, False], False
    for tok in reversed(pile):
        if tok.value is None:
            return ""
        totals[tok.owner] += tok.value
        doubled[tok.owner] |= tok.symbol == "double"
        arrow |= tok.symbol == "arrow"
        if tok.symbol == "stop":
            break
    final = [t * (2 if d else 1) for t, d in zip(totals, doubled, strict=True)]
    text = f"Memory aid: counting it now gives {name(0)} {final[0]}, {name(1)} {final[1]}"
    return text + (" and an Arrow to the next stack." if arrow else ".")


#: The results screen's story column (ResultsScene.draw_story): its width, its room in lines and
#: its text size. The story is written to fit it (the screen would drop its start instead).


def story_lines(names: Sequence[str], rounds: int, disputes: Sequence[R.Disputed], evals: Sequence[R.Evaluated],
                took: Sequence[tuple[int, int, str | None]], end: str | None,
                fits: Callable[[list[str]], bool] = lambda lines: True) -> list[str]:
    """The game in a few sentences: disputes, evaluations, the biggest count, the letters, the end
    (``end``: what decided the game, see ``end_text``; None while it goes on).

    The letters each player took and the end are always told; the other lines, in the order of
    their weight (disputes, evaluations, the biggest count), only while the whole still ``fits``."""
    told: list[tuple[tuple[int, int], str]] = []  # (place in the story, line): the letters and the end
    for seat in range(2):
        mine = [(rnd, letter) for rnd, s, letter in took if s == seat]
        seen = [letter for _, letter in mine if letter is not None]
        if not mine:
            continue
        if seen and len(seen) == len(mine):
            told.append(((3, seat), f"{says(names[seat], 'takes')} {join_words(seen)}, in that order."))
        else:
            told.append(((3, seat), f"{says(names[seat], 'takes')} {plural(len(mine), 'letter')}, face down."))
    if end:  # the log's last "draw" had been "You draw a 1." (and "You win:" never matched "wins:")
        told.append(((4, 0), end))
    extra = []
    if disputes:
        won = [sum(1 for d in disputes if d.winner == s) for s in range(2)]
        held = sum(1 for d in disputes if d.winner == d.bidder)
        stood = (f"{held} of the {len(disputes)} disputed bids stood" if len(disputes) > 1 else
                 "the one disputed bid stood" if held else "the one disputed bid fell")
        extra.append(((0, 0), f"{plural(rounds, 'round')}. Disputes won: {won[0]} by {named(names[0])}, "
                         f"{won[1]} by {named(names[1])}; {stood}."))
    if evals:
        won = [sum(1 for e in evals if e.winner == s) for s in range(2)]
        arrows = sum(1 for e in evals if e.arrow)
        # a Stop cuts a count short only when cards lie below it (one at the bottom had been counted
        # too: "Stops cut 3 counts short" where one Stop had left cards beneath it)
        stops = sum(1 for e in evals if e.left)
        symbols = ([f"Arrows sent the count on {times(arrows)}"] if arrows else []) + (
            ["a Stop cut 1 count short"] if stops == 1 else [f"Stops cut {stops} counts short"] if stops else [])
        said = f" {cap('; '.join(symbols))}." if symbols else ""  # what did not happen goes unsaid
        extra.append(((1, 0), f"Evaluations won: {won[0]} by {named(names[0])}, {won[1]} by {named(names[1])}."
                         f"{said}"))
        best = max(evals, key=lambda e: (max(e.totals), len(e.cards)))
        if max(best.totals) > 0:
            extra.append(((2, 0), f"The biggest count was on stack {best.stack + 1}: "
                             f"{count_text(best, names.__getitem__)}."))
    for line in extra:
        if fits([text for _, text in sorted(told + [line])]):
            told.append(line)
    return [text for _, text in sorted(told)]


# -- the expert's reasons in words ---------------------------------------------------------------
def chance_text(chance: float) -> str:
    """``a 64% chance``, ``an 8% chance``; the ends as words."""
    pct = round(100 * chance)
    if pct >= 100:
        return "every chance"
    if pct <= 0:
        return "no chance"
    return f"{'an' if str(pct).startswith('8') or pct in (11, 18) else 'a'} {pct}% chance"


def odds_text(chance: float, bid: int) -> str:
    """``there is a 23% chance the six cards total 20 or more``; near-certainties as words."""
    pct = round(100 * chance)
    if pct >= 100:
        return f"the six cards are all but sure to total {bid} or more"
    if pct <= 0:
        return f"the six cards will almost surely total less than {bid}"
    return f"there is {chance_text(chance)} the six cards total {bid} or more"


def stand_text(chance: float) -> str:
    """How likely a bid is to stand: ``only a 15% chance``, ``almost no chance``."""
    pct = round(100 * chance)
    if pct <= 0:
        return "almost no chance"
    if pct >= 100:
        return "every chance"
    return f"only {chance_text(chance)}"


def about(value: float) -> str:
    """``about 8``, ``about 7.5`` (halves kept, the rest rounded)."""
    return f"about {round(value * 2) / 2:g}"


class Voice:
    """Who is who in an explanation: the deciding seat (``you`` for the coach, else its name) and
    its opponent (``you`` when the reader is that opponent). ``private``: the reader may not see
    the deciding seat's hand, so no sentence names its unplayed cards or its honest bid."""

    def __init__(self, ex: Explanation, coach: bool, viewer: int | None, revealed: bool, name: Names) -> None:
        me = ex.seat
        self.coach = coach
        self.me = "you" if coach else name(me)
        self.opp = "you" if not coach and viewer == 1 - me else name(1 - me)
        self.private = not coach and viewer != me and not revealed

    @property
    def mine(self) -> str:
        """``your`` (coach) or ``Watson's``."""
        return possessive(self.me)

    @property
    def it(self) -> str:
        """The deciding seat once named in the sentence: ``you`` or ``it``."""
        return "you" if self.coach else "it"

    @property
    def its(self) -> str:
        return "your" if self.coach else "its"

    @property
    def theirs(self) -> str:
        return possessive(self.opp)

    def tense(self, present: str, past: str) -> str:
        """The coach speaks of now (``hold``), the "why?" of a move made (``held``)."""
        return present if self.coach else past

    def verb(self, present: str, past: str) -> str:
        """``you hold`` for the coach, ``Watson held`` for a bot's move."""
        return f"{self.me} {self.tense(present, past)}"

    def lead(self, mine: int, theirs: int) -> str:
        """``7 to 3 for you``, ``6 to 2 for Watson``, ``a tie at 4``, ``nothing for either``."""
        if mine == theirs:  # "counts 0 all" read as a typo
            return "nothing for either side" if mine == 0 else f"a tie at {mine}"
        if mine > theirs:
            return f"{mine} to {theirs} for {self.me}"
        return f"{theirs} to {mine} for {self.opp}"


def _facts(facts, key: str) -> list[Fact]:
    return [f for f in facts if f.key == key]


def _one(facts, key: str) -> Fact | None:
    return next((f for f in facts if f.key == key), None)


def count_phrase(counts: Sequence[Fact], v: Voice, form: str = "counts", named: bool = True) -> str:
    """A stack's count (and the Arrow's next one): ``stack 3 counts 7 to 3 for you``; ``form``
    ``would`` gives ``stack 3 would count ...``, ``which`` gives ``stack 3, which counts ...``;
    ``named=False`` says ``it`` for a stack the sentence has named already."""
    first = counts[0]
    verb = {"counts": " counts", "would": " would count", "which": ", which counts"}[form]
    subject = f"stack {first['stack'] + 1}" if named else "it"
    text = f"{subject}{verb} {v.lead(first['mine'], first['theirs'])}"
    if first["stop"]:
        text += ", where its Stop card ends the count"  # "1 to 0 for you down to its Stop" read as a riddle
    if first["arrow"] and len(counts) > 1:
        nxt = counts[1]
        text += (f", and its Arrow carries the count on to stack {nxt['stack'] + 1}, "
                 f"{v.lead(nxt['mine'], nxt['theirs'])}")
    return text


def _be(subject: str, v: Voice) -> str:
    """``you were`` / ``Watson was`` (the "why?" of a move made), ``you are`` / ``Watson is`` (the coach)."""
    you = subject.lower() == "you"
    if v.coach:
        return f"{subject} {'are' if you else 'is'}"
    return f"{subject} {'were' if you else 'was'}"


def placement_phrase(play: R.Play, before: Fact | None, counts: Sequence[Fact], v: Voice) -> str:
    """Why a card went beside its stack, said after the move's own words ("Watson played a 4 with an
    Arrow beside stack 5"): how the stack counted before the card (``before``) and how it counts
    with the card on top (``counts``, the Arrow's next stack included), e.g. ``, which you were
    winning 5 to 0: now it is 5 to 4 for you, but its Arrow carries the count on to stack 1, 9 to 0
    for Watson``. A Stop that shuts off cards below it says so; a card that only adds to a lead
    says the lead is harder to overturn. Empty without the counts."""
    if not counts:
        return ""
    after = counts[0]
    a_lead = after["mine"] - after["theirs"]
    context = ""
    b_lead = None
    if before is not None:
        b_lead = before["mine"] - before["theirs"]
        score = f"{max(before['mine'], before['theirs'])} to {min(before['mine'], before['theirs'])}"
        if before["cards"] == 0:
            context = f", where no detective card {v.tense('lies', 'lay')} yet"
        elif b_lead < 0:
            context = f", which {_be(v.opp, v)} winning {score}"
        elif b_lead > 0:
            context = f", which {_be(v.it, v)} winning {score}"  # "Watson played ..., which it was winning"
        else:
            context = f", which {v.tense('is', 'was')} tied at {before['mine']}"
    state = v.lead(after["mine"], after["theirs"])
    becomes = v.tense("it becomes", "now it is")
    covered = before["cards"] if before is not None else 0
    if after["mine"] == after["theirs"] == 0:
        body = "it counts nothing for either side"  # ("now it is nothing for either side" after a 0)
    elif play.symbol == "stop" and covered:
        below = "the card below it" if covered == 1 else f"the {covered} cards below it"
        body = f"its Stop leaves {below} out of the count, so {becomes} {state}"
    elif b_lead is not None and covered and a_lead == b_lead and play.symbol != "double":
        body = f"{v.tense('it stays', 'it is still')} {state}"
    else:
        if b_lead is not None and covered and b_lead < a_lead < 0:
            state = f"only {state}"
        body = f"{'with its x2, ' if play.symbol == 'double' else ''}{becomes} {state}"
        if b_lead is not None and covered and 0 < b_lead < a_lead:
            body += f", harder for {v.opp} to overturn"
    if after["stop"] and not (play.symbol == "stop" and covered):  # a Stop further down cuts it short
        body += ", where its Stop card ends the count"
    if after["arrow"] and len(counts) > 1:
        nxt = counts[1]
        n_lead = nxt["mine"] - nxt["theirs"]
        turn = (a_lead < 0 < n_lead) or (n_lead < 0 < a_lead)
        body += (f", {'but' if turn else 'and'} its Arrow carries the count on to stack {nxt['stack'] + 1}, "
                 f"{v.lead(nxt['mine'], nxt['theirs'])}")
    return f"{context}: {body}"


def letter_phrase(f: Fact, who: str, only: bool = False) -> str:
    """``gives you 5 of the 7 letters from C to I`` (``only``: ``gives you only 4 ...``), or the win."""
    if f["held"] >= f["need"]:
        return f"completes all {f['need']} letters from {f['first']} to {f['last']} and wins the game"
    if f["held"] <= 1:
        return f"gives {who} a first letter towards {f['need']} in a row"
    return (f"gives {who} {'only ' if only else ''}{f['held']} of the {f['need']} letters "
            f"from {f['first']} to {f['last']}")


def worth_sentence(facts, v: Voice) -> str | None:
    """What the deciding seat knows of a stack's letters, as a sentence."""
    saw = _one(facts, "saw_letter")
    if saw is not None:
        return f"{v.verb('saw', 'saw')} the letter {saw['letter']} there, which {letter_phrase(saw, v.me)}."
    unseen = _one(facts, "unseen_stack")
    if unseen is not None:
        have = "have" if v.coach else "had"
        return f"{v.me} {have} not seen its {plural(unseen['cards'], 'letter')} yet."
    if _one(facts, "nothing_new") is not None:
        return f"{v.me} already {v.tense('hold', 'held')} every letter seen there."
    if _one(facts, "empty_stack") is not None:
        return "It has no evidence left to take."
    return None


def worse_reason(best, runner, v: Voice) -> str | None:
    """Why the runner-up stack or play is worth less, from the facts both carry."""
    b_counts, r_counts = _facts(best.facts, "count"), _facts(runner.facts, "count")
    b_lead = b_counts[0]["mine"] - b_counts[0]["theirs"] if b_counts else None
    r_lead = r_counts[0]["mine"] - r_counts[0]["theirs"] if r_counts else None
    if b_lead is not None and r_lead is not None and r_lead < b_lead:
        return count_phrase(r_counts, v, "would", named=False)
    if _one(runner.facts, "nothing_new") is not None:
        return f"{v.verb('hold', 'held')} every letter seen there already"
    if _one(runner.facts, "empty_stack") is not None:
        return "its evidence is all gone"
    saw_b, saw_r = _one(best.facts, "saw_letter"), _one(runner.facts, "saw_letter")
    if saw_b is not None and saw_r is not None and saw_r["held"] < saw_b["held"]:
        return f"the letter {saw_r['letter']} seen there {letter_phrase(saw_r, v.me, only=True)}"
    if saw_b is not None and saw_r is None:
        return f"{v.me} {v.tense('know', 'knew')} of no letter there as good as the {saw_b['letter']}"
    if r_counts and r_lead == b_lead:
        return count_phrase(r_counts, v, "would", named=False)
    if isinstance(runner.action, R.Choose):
        return f"it is worth less to {v.me}"
    return f"it leaves the piles as a whole less in {v.its} favour"


def closeness(measure: str, best_value: float, runner_value: float) -> str:
    """The runner-up's value beside the best's, in words (letter values have no unit to quote)."""
    gap = best_value - runner_value
    if abs(gap) < 1e-6:
        return "would do just as well"
    if gap < 0:
        return "is worth more by the numbers"
    if measure == "utility" and gap <= 0.1 * max(1.0, abs(best_value)):
        return "comes close"
    return "is worse"


class ReasonWords:
    """An explanation in one to three sentences (``lines``), as the coach or as the "why?"."""

    def __init__(self, ex: Explanation, coach: bool, viewer: int | None, revealed: bool, name: Names,
                 last_bid: tuple[int, int] | None) -> None:
        self.ex = ex
        self.v = Voice(ex, coach, viewer, revealed, name)
        self.last_bid = last_bid
        self.situation = ex.situation

    # -- moves as words ------------------------------------------------------------------------
    def move(self, a: Action) -> str:
        """The chosen move: ``Play your 4 beside stack 2`` (coach) or ``Watson played a 4 beside stack 2``."""
        v = self.v
        if isinstance(a, R.Play):
            card = card_text(a.value, a.symbol)
            return (f"Play your {card} beside stack {a.stack + 1}" if v.coach else
                    f"{v.me} played a {card} beside stack {a.stack + 1}")
        if isinstance(a, R.Bid):
            opening = _one(self.situation, "opening") is not None
            if v.coach:
                return f"Open with {a.amount}" if opening else f"Bid {a.amount}"
            return f"{v.me} {'opened with' if opening else 'bid'} {a.amount}"
        if isinstance(a, R.Dispute):
            bid = self.disputed_bid()
            return f"Dispute {v.theirs} bid of {bid}" if v.coach else f"{v.me} disputed {v.theirs} bid of {bid}"
        if isinstance(a, R.Choose):
            return f"Evaluate stack {a.stack + 1}" if v.coach else f"{v.me} chose stack {a.stack + 1} to evaluate"
        if isinstance(a, R.Take):
            if v.private:
                return f"{v.me} took a letter"
            return f"Take the letter {a.letter}" if v.coach else f"{v.me} took the letter {a.letter}"
        return "This move"

    def other(self, a: Action, best: Action) -> str:
        """The runner-up as a sentence's subject (lower case unless a name), hiding what a private
        reader may not see."""
        v = self.v
        if isinstance(a, R.Play):
            same = isinstance(best, R.Play) and (best.value, best.symbol) == (a.value, a.symbol)
            if v.private and not same:
                return f"another card beside stack {a.stack + 1}"
            return f"{v.mine} {card_text(a.value, a.symbol)} beside stack {a.stack + 1}"
        if isinstance(a, R.Bid):
            return "a higher bid" if v.private else f"bidding {a.amount}"
        if isinstance(a, R.Dispute):
            return f"disputing {v.theirs} {self.disputed_bid()}"
        if isinstance(a, R.Choose):
            return f"stack {a.stack + 1}"
        if isinstance(a, R.Take):
            return f"the letter {a.letter}"
        return "the next best move"

    def disputed_bid(self) -> int:
        for key in ("forced", "table_bid", "bid_chance"):
            f = _one(self.situation, key)
            if f is not None:
                return f["bid"]
        return self.last_bid[1] if self.last_bid else 0

    def runner_sentence(self, reason: str | None) -> str | None:
        runner = self.ex.runner_up
        if runner is None:
            return None
        subject = self.other(runner.action, self.ex.best.action)
        tail = f": {reason}." if reason else "."
        if self.v.private:
            return cap(f"{subject} was {self.v.its} other choice{tail}")
        return cap(f"{subject} {closeness(self.ex.measure, self.ex.best.value, runner.value)}{tail}")

    def hand_clause(self) -> str | None:
        """``you hold 6 and Watson's 3 cards probably total about 8``."""
        v = self.v
        mine, theirs = _one(self.situation, "hand_total"), _one(self.situation, "their_hand")
        if theirs is None:
            return None
        # the bot's belief reads the cards out and the bids: said so, since the panel's plain
        # average ("0 to 15, about 7.5") counts the cards alone
        likely = "probably total" if v.coach else "were likely to total"
        # ("by the cards out" read as jargon to a newcomer)
        source = "judging by the bids and the cards seen so far" if _one(self.situation, "table_bid") \
            else "judging by the cards seen so far"
        other = f"{v.theirs} {plural(theirs['cards'], 'card')} {likely} {about(theirs['expected'])} {source}"
        if mine is None:
            return other
        return f"{v.verb('hold', 'held')} {mine['total']} and {other}"

    # -- sentences by the kind of move ---------------------------------------------------------
    def lines(self) -> list[str]:
        best = self.ex.best.action
        if isinstance(best, R.Take):
            lines = self.take()
        elif isinstance(best, R.Choose):
            lines = self.choose()
        elif isinstance(best, R.Dispute):
            lines = self.dispute()
        elif isinstance(best, R.Play):
            lines = self.play()
        else:
            lines = self.bid()
        return [cap(line) for line in lines if line][:3]

    def take(self) -> list[str]:
        v, best = self.v, self.ex.best
        f = _one(best.facts, "letter")
        if f is None:
            return [f"{self.move(best.action)}: which one, and why, stays hidden until the game is over."]
        lines = [f"{self.move(best.action)}: it {letter_phrase(f, v.me)}."]
        runner = self.ex.runner_up
        rf = _one(runner.facts, "letter") if runner is not None else None
        if rf is not None:
            lines.append(self.runner_sentence(self.letter_reason(f, rf)))
        elif _one(self.situation, "only_move") is not None:
            lines.append(f"It {v.tense('is', 'was')} the only letter there new to {v.me}.")
        return lines

    def letter_reason(self, best: Fact, other: Fact) -> str | None:
        """Why the runner-up letter is worth less: fewer letters of its run held, or fewer runs
        through it (a letter near A or T can be part of fewer runs of seven)."""
        v = self.v
        if letter_phrase(other, v.me) == letter_phrase(best, v.me):
            return None
        said = f"it {letter_phrase(other, v.me, only=other['held'] < best['held'])}"
        if other["held"] >= best["held"] and other["runs"] < best["runs"]:
            said += (f", but it lies in only {other['runs']} possible runs of {other['need']}, where "
                     f"{best['letter']} lies in {best['runs']}")
        return said

    def choose(self) -> list[str]:
        v, best = self.v, self.ex.best
        counts = _facts(best.facts, "count")
        first = f"{self.move(best.action)}: {count_phrase(counts, v, named=False)}" if counts else \
            self.move(best.action)
        if counts and counts[0]["mine"] == counts[0]["theirs"]:
            first += f", and a tie goes to {v.me}"
        lines = [first + ".", worth_sentence(best.facts, v)]
        if self.ex.runner_up is not None:
            lines.append(self.runner_sentence(worse_reason(best, self.ex.runner_up, v)))
        return lines

    def dispute(self) -> list[str]:
        v, sit, move = self.v, self.situation, self.move(self.ex.best.action)
        forced = _one(sit, "forced")
        if forced is not None:
            return [f"{move}: {forced['bid']} is the highest bid there is, so it cannot be raised."]
        chance = _one(sit, "bid_chance")
        hands = self.hand_clause()
        if chance is not None and hands is not None:
            first = f"{move}: {hands}, so {odds_text(chance['chance'], chance['bid'])}."
        elif hands is not None:
            # a dispute shows both hands at once, so the hand is no secret here (the fact still is)
            first = f"{move}: {hands}; {v.its} own hand, shown in the dispute, settled it."
        else:
            first = f"{move}."
        lines = [first]
        counts = _facts(self.ex.best.facts, "count")
        runner = self.ex.runner_up
        if _one(sit, "bluff") is not None:
            doing = f"playing {self.other(runner.action, self.ex.best.action)} and raising" if runner else "playing on"
            lines.append(f"It is a bluff: {doing} is worth more by the numbers, but disputing now and then keeps "
                         f"{v.opp} from reading {v.mine} hand.")
            return lines
        if counts:
            lines.append(f"If you win, evaluate {count_phrase(counts, v, 'which')}." if v.coach else
                         f"Had it won, it would evaluate {count_phrase(counts, v, 'which')}.")
        if runner is not None and isinstance(runner.action, R.Bid):  # an empty hand: bid or dispute
            lines.append(self.runner_sentence(self.bid_reason(runner)))
        elif runner is not None:
            lines.append(self.play_on_sentence(runner))
        return lines

    def play_on_sentence(self, runner) -> str:
        """The dispute's runner-up: ``Playing your 5 beside stack 1 and raising to 21 is worse: ...``."""
        v = self.v
        raised = _one(runner.facts, "bid_chance")
        doing = f"playing {self.other(runner.action, self.ex.best.action)} and raising"
        if v.private or raised is None:
            return cap(f"{doing} was {v.its} other choice.")
        verdict = closeness(self.ex.measure, self.ex.best.value, runner.value)
        return cap(f"{doing} to {raised['bid']} {verdict}: that bid would stand with {stand_text(raised['chance'])}.")

    def play(self) -> list[str]:
        v, ex = self.v, self.ex
        counts = _facts(ex.best.facts, "count")
        lines = []
        stalled = _one(self.situation, "stalled")
        if stalled is not None:
            lines.append(f"Nobody has taken a letter for {plural(stalled['rounds'], 'round')}, so playing cards to "
                         "change the piles beats another dispute.")
        raised = _one(ex.best.facts, "bid_chance")
        first = self.move(ex.best.action) + placement_phrase(ex.best.action, _one(ex.best.facts, "before"), counts, v)
        if raised is not None and v.coach:
            first += f". Then raise to {raised['bid']}"
        lines.append(first + ".")
        runner = ex.runner_up
        if runner is not None and isinstance(runner.action, R.Dispute):
            lines.append(self.against_dispute(runner))
        else:
            lines.append(worth_sentence(ex.best.facts, v))
            if runner is not None:
                lines.append(self.runner_sentence(worse_reason(ex.best, runner, v)))
        return lines

    def against_dispute(self, runner) -> str:
        """Why playing on beat disputing the bid on the table."""
        v = self.v
        chance = _one(self.situation, "bid_chance")
        disputing = self.other(runner.action, self.ex.best.action)
        if chance is None:
            return (f"{v.me} did not dispute {v.theirs} {self.disputed_bid()}: that choice rests on {v.its} own "
                    "hand, which stays hidden until the game is over.")
        odds = odds_text(chance["chance"], chance["bid"])
        if _one(self.situation, "bluff") is not None:
            return (f"This is a bluff: by the numbers {disputing} is worth more, but raising now and then when a "
                    f"dispute looks better keeps {v.opp} guessing.")
        if chance["chance"] >= 0.5:
            hands = self.hand_clause()
            return cap(f"{disputing} would probably fail: {hands + ', so ' if hands else ''}{odds}.")
        return cap(f"{disputing} might well succeed, since {odds}, but the stacks are worth more after this card.")

    def bid(self) -> list[str]:
        v, ex = self.v, self.ex
        best = ex.best
        chance = _one(best.facts, "bid_chance")
        opening = _one(self.situation, "opening")
        first = self.move(best.action)
        if _one(best.facts, "least_bid") is not None:
            first += f", the least {v.it} {v.tense('may', 'could')}"
        elif opening is not None and best.action.amount < opening["public"]:
            below = opening["public"] - best.action.amount
            first += (f", {'a little' if below <= 2 else below} below {opening['public']}, the average of two hands "
                      "from the cards still unseen")
        if chance is not None:
            first += f": {odds_text(chance['chance'], best.action.amount)}"
        lines = [first + "."]
        played = _one(self.situation, "played")
        if played is not None and not v.coach:
            # the turn's card comes before its bid: the "why?" of the turn says where it went and
            # why (it had said only "Watson bid 15, the least it could" after a real block)
            card = R.Play(played["value"], played["symbol"], played["stack"])
            lines.insert(0, self.move(card) + placement_phrase(card, _one(self.situation, "before"),
                                                               _facts(self.situation, "count"), v) + ".")
        if _one(best.facts, "hand_blind") is not None:
            if opening is not None:
                lines.append(f"An opening that ignores {v.mine} hand tells {v.opp} nothing about it.")
            else:
                lines.append(f"Raising by just one tells {v.opp} nothing about {v.mine} hand.")
        runner = ex.runner_up
        if runner is not None and _one(best.facts, "hand_blind") is not None and runner.value > best.value \
                and not v.private:
            # the numbers favour the other bid, and the bid chosen hides the hand: said as one
            # sentence ("Bidding 10 is worth more by the numbers" read as advice against the hint)
            subject = self.other(runner.action, best.action)
            lines.append(cap(f"{subject} {v.tense('is', 'was')} worth a little more by the numbers, but it "
                             f"{v.tense('would tell', 'would have told')} {v.opp} something about {v.mine} hand."))
        elif runner is not None:
            lines.append(self.runner_sentence(self.bid_reason(runner)))
        return lines

    def bid_reason(self, runner) -> str | None:
        """Why the other bid (or the dispute, with an empty hand) is worse."""
        v = self.v
        if isinstance(runner.action, R.Dispute):
            sit = _one(self.situation, "bid_chance")
            return f"it would win with {stand_text(1 - sit['chance'])}" if sit is not None else None
        chance = _one(runner.facts, "bid_chance")
        if chance is None:
            return "it would be less likely to stand" if v.private else None
        stands = f"would stand with {stand_text(chance['chance'])}"
        if _one(runner.facts, "expected_total") is not None:
            return (f"it is about what {v.verb('expect', 'expected')} the six cards to total, but it {stands}, and "
                    f"it would show {v.opp} how strong {v.its} hand is")
        return f"it {stands}"


def explain_lines(ex: Explanation, coach: bool, viewer: int | None, revealed: bool, name: Names,
                  last_bid: tuple[int, int] | None = None) -> list[str]:
    """The expert's reasons in one to three sentences (``reasons.py`` lists the facts)."""
    return ReasonWords(ex, coach, viewer, revealed, name, last_bid).lines()


class TableWords:
    """The table's words: tooltips, log lines, the turn hint and the story."""

    # -- tooltips ---------------------------------------------------------------------------
    def _card_tip(self, tok: Token) -> str:
        return card_tip(tok, self.model, self.viewer, self.name, self.scene.app.settings.show_covered_cards,
                        self.everything)

    def tooltip(self, pos):
        text = self.widgets.tooltip(pos) if not self.busy else None
        if text:
            return text
        sprite = self.board.sprite_at(pos)
        if sprite is not None and sprite.tooltip:
            return sprite.tooltip
        obs = self.obs
        if obs is None:
            return None
        for i in range(self.model.stacks):
            ex, ey = self.evidence_pos(i)
            if inside((ex - EV[0] / 2 - 6, ey - EV[1] / 2 - 6, EV[0] + 12, EV[1] + 20), pos):
                tip = (f"Evidence stack {i + 1}: {plural(obs.evidence_sizes[i], 'face-down letter card')}. Win its "
                       "evaluation to look through them and take one letter you do not hold.")
                seen = self.model.looked.get(i)
                if seen is not None and self.scene.app.settings.show_covered_cards:
                    tip += f" Memory aid: in round {seen[0]} you saw {' '.join(seen[1]) or 'nothing'}."
                return tip
            if inside(self.stack_rect(i), pos):
                if obs.phase == R.CHOOSE and obs.dispute_winner == self.viewer:
                    tip = f"Click to evaluate stack {i + 1}."
                    if self.scene.app.settings.show_covered_cards:
                        tip += " " + count_preview(self.model.piles[i], self.name)
                    return tip
                return (f"Stack {i + 1}: play a card beside it by dragging it here. Its detective pile has "
                        f"{plural(obs.pile_sizes[i], 'card')}; only the top one shows.")
        for seat in range(2):
            dx, dy = self.deck_pos(seat)
            if inside((dx - CARD[0] / 2, dy - CARD[1] / 2, CARD[0], CARD[1]), pos):
                return (f"{cap(possessive(self.name(seat)))} unused detective cards: "
                        f"{obs.unused_sizes[seat]}. Draw from here; when empty, the used pile is shuffled in.")
            ux, uy = self.used_pos(seat)
            if inside((ux - CARD[0] / 2, uy - CARD[1] / 2, CARD[0], CARD[1]), pos):
                return f"{cap(possessive(self.name(seat)))} used pile: {plural(obs.used_sizes[seat], 'card')}."
            bottom = seat == self.bottom
            if inside((PLATE_X, plate_y(bottom), LETTERS_END - PLATE_X, 124 if bottom else 100), pos):
                if seat == self.viewer:
                    return (f"Your evidence letters, A to {obs.alphabet[-1]} in order. Collect {obs.run_to_win} in "
                            "a row (no wrap from the last to A) to win. The bracket marks your longest run.")
                return (f"{cap(possessive(self.name(seat)))} evidence: {plural(obs.letter_counts[seat], 'letter')}, "
                        "face down. You do not see which.")
        if inside(PANEL, pos):
            return "The bidding, disputes and evaluations are shown here."
        return None

    # -- words ------------------------------------------------------------------------------
    def describe(self, event: Event) -> str | None:
        return describe_event(event, self.name, self.model.stacks, super().describe)

    def describe_action(self, action: Action) -> str:
        last = self.obs.bids[-1] if self.obs is not None and self.obs.bids else None
        return describe_action(action, self.name, last, super().describe_action)  # the module's function

    def turn_hint(self) -> str:
        obs = self.obs
        if obs is None:
            return ""
        if obs.phase == R.TURN:
            can_dispute = any(isinstance(a, R.Dispute) for a in self.scene.legal_for_viewer())
            return "drag a card next to a stack" + (", or Dispute" if can_dispute else "")
        if obs.phase == R.BID:  # the opening bid may be anything: "bid at least 0" said nothing
            return f"bid at least {obs.min_bid}" if obs.bids else "make the opening bid"
        if obs.phase == R.CHOOSE:
            return "click a stack to evaluate"
        if obs.phase == R.TAKE:
            return "take a letter"
        return ""

    def risky(self, seat: int, action: Action) -> str | None:
        """No Bakerstreet move loses on the spot (see the module docstring), so never a warning."""
        return None

    # -- results ----------------------------------------------------------------------------
    def story(self) -> list[str]:
        """The game in a few sentences: disputes, evaluations, the biggest count, the letters."""
        r, obs = self.replay, self.obs
        end = None
        if obs is not None and obs.outcome is not None and obs.revealed_letters is not None:
            end = end_text(obs.outcome.winners, self.scene.seat_names, obs.revealed_letters, obs.alphabet,
                           obs.run_to_win)
        lines = story_lines(self.scene.seat_names, self.model.round, r.disputes, r.evals, r.took, end,
                            self._story_fits)
        return lines or super().story()

    def _story_fits(self, lines: list[str]) -> bool:
        """Whether ``lines`` fit the results screen's story column, measured with the app's fonts."""
        canvas = self.scene.app.canvas
        return sum(len(canvas.wrap(line, STORY_SIZE, STORY_WIDTH)) for line in lines) <= STORY_LINES
