"""The Bakerstreet expert's reasons in words: ``explain_lines()`` words the facts ``reasons.py`` (the
game's, beside ``bots.py``) lists, for the coach's hint ("Dispute Watson's bid of 17: ...") and for
the "why?" of a bot's move ("Watson disputed ..."; over a turn's bid, the card played before it
first: "Watson played a 4 with an Arrow beside stack 5, which you were winning 5 to 0: ...").

Facts resting on the deciding seat's hand arrive already removed for anyone else; the sentences
also never name a card or a bid amount that would give that hand away (a runner-up's card, the
honest bid, a letter taken face down) unless the reader is that seat or the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from sleuth.ai.explain import Explanation, Fact
from sleuth.core.values import Action
from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.table.words import Names, card_text
from sleuth.ui.words import cap, plural, possessive


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
    # an x2 is worth naming only when it doubled something: a 0 with an x2 over the opponent's
    # Stop had read "with its x2, it becomes 5 to 0 for Watson" (a 0 doubled is still 0)
    plain = (before["mine"] if before is not None and covered else 0) + play.value
    doubled = play.symbol == "double" and after["mine"] != plain
    if after["mine"] == after["theirs"] == 0:
        body = "it counts nothing for either side"  # ("now it is nothing for either side" after a 0)
    elif play.symbol == "stop" and covered:
        below = "the card below it" if covered == 1 else f"the {covered} cards below it"
        body = f"its Stop leaves {below} out of the count, so {becomes} {state}"
    elif b_lead is not None and covered and a_lead == b_lead and not doubled:
        body = f"{v.tense('it stays', 'it is still')} {state}"
    else:
        if b_lead is not None and covered and b_lead < a_lead < 0:
            state = f"only {state}"
        body = f"{'with its x2, ' if doubled else ''}{becomes} {state}"
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
        # the bot's belief reads the cards out and the bids: said so, since the panel's figure
        # ("about 7 judging by the cards seen so far, not by the bids") reads the cards alone
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
            return lines + self.bluff_lines(runner)
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
        if runner is not None and isinstance(runner.action, R.Dispute) and _one(self.situation, "bluff") is not None:
            lines += self.bluff_lines(runner)
        elif runner is not None and isinstance(runner.action, R.Dispute):
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
        if chance["chance"] >= 0.5:
            hands = self.hand_clause()
            return cap(f"{disputing} would probably fail: {hands + ', so ' if hands else ''}{odds}.")
        return cap(f"{disputing} might well succeed, since {odds}, but the stacks are worth more after this card.")

    def bluff_lines(self, runner) -> list[str]:
        """A deliberate bluff (the expert's, now and then): that it is one, what the numbers favoured
        instead, and what bluffing gains. The play-tester's hint had recommended a raise and then
        called it worse ("by the numbers disputing Watson's 11 is worth more") without saying why
        anyone would choose it."""
        v, best = self.v, self.ex.best.action
        raising = not isinstance(best, R.Dispute)
        if raising:
            other = f"disputing {v.theirs} {self.disputed_bid()}"
        elif runner is not None:
            other = f"playing {self.other(runner.action, best)} and raising"
        else:
            other = "playing on"
        move = "raise" if raising else "dispute"
        when = "raise only with a strong hand" if raising else "dispute only with a weak hand"
        tells = "from your bids" if raising else "from when you dispute"
        if v.coach:
            return [f"This {move} is a bluff: by the numbers, {other} is the better move this time.",
                    f"Bluff now and then all the same: if you {when}, {v.opp} can tell your hand {tells}."]
        its_tells = "from its bids" if raising else "from when it disputes"
        return [f"Its {move} was a bluff: by the numbers, {other} was the better move that time.",
                f"{v.me} bluffs now and then so that {v.opp} cannot tell its hand {its_tells}."]

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
