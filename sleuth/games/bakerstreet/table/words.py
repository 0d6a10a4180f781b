"""What the Bakerstreet table says in words: card names, the move log's sentences for events and
actions, the panel's hint, the tooltip of a detective card, the memory aid's count preview and the
story of the game for the results screen. The module's functions are pure text from what they are
given: seat names come in as ``name(seat)``.

``TableWords`` is mixed into ``BakerstreetTable`` (table/__init__.py) and says these things for the
table: the tooltips, the move log's lines, the turn hint, the story and ``risky()``.

The expert's reasons in words (the coach's hint and the "why?" of a bot's move) live beside this
module, in ``table/reasons.py``.

``risky()``: Bakerstreet has no move that loses the game on the spot. The game ends only when a
player takes the letter that completes 7 in a row, and nothing the viewer can know tells that a
move hands the opponent that letter (their letters are face down). So it never warns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
    """One player's side of a count: ``nothing (0)``, ``0``, ``4``, ``3+5 = 8``, ``3+5, doubled
    to 16``. ``nothing (0)`` is a side with no card (its 0 said, so that a tie at 0 reads as one:
    "You: 0" beside "Watson: nothing" had looked like two different counts); a side of 0 cards
    reads its 0s ("you have nothing (0)" beside the player's own 0 card read as a mistake), and an
    x2 that doubles 0 is not named."""
    if not values:
        return "nothing (0)"
    text = "+".join(str(v) for v in values)
    if total == 0:
        return text if len(values) == 1 else f"{text} = 0"
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
        # the outcome first, the hands last: the banner keeps only the first clauses that fit two
        # lines, and it had ended at "...and Watson's 5 + 3 + 1." with no total and no winner
        verdict = f"at least {e.bid}" if e.total >= e.bid else f"less than {e.bid}"
        shown = " and ".join(says(name(s), "holds", start=s == 0) + " " +
                             (" + ".join(str(v) for v, _ in h) if h else "no card") for s, h in enumerate(e.hands))
        return (f"{says(name(e.seat), 'disputes')} {possessive(name(e.bidder))} bid of {e.bid}, and "
                f"{says(name(e.winner), 'wins', start=False)} the dispute: the total {e.total} is {verdict}. "
                f"{shown}.")
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
        if not e.taken:  # (the banner tells it after the stack chosen: see ``banner_aftermath``)
            return (f"{says(name(e.seat), 'takes')} nothing from stack {e.stack + 1}: no letter there is new "
                    f"to {them(name(e.seat))}.")
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


def panel_hint(obs, viewer: int | None, name: Names, watching: bool = False, bots_only: bool = False,
               playing: int | None = None) -> str:
    """What to do now, under the bidding in the side panel (``watching``: a replay, where nobody
    plays and nothing is handed over; ``bots_only``: no player at the table). Nothing in the public
    view of a shared screen: the handoff says whose eyes come next ("Hands are hidden until the
    next player is at the screen." had stood in the bidding panel, beside "no bid yet" and at the
    handoff card's edge). ``playing``: the other seat whose move the table still plays out, while
    the banner names it ("Watson's move"): the panel's "Your turn" had come before the banner's
    and before the cards could be dragged."""
    me = viewer
    if watching:
        return ""
    if me is None:
        return "Only bots play: both hands stay hidden." if bots_only else ""
    if playing is not None and playing != me:
        return f"{says(name(playing), 'is')} playing."
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


def them(name: str) -> str:
    """``them`` for Watson, ``you`` for a seat named You ("You take nothing: no letter there is
    new to them" had spoken of the player as someone else)."""
    return "you" if name.lower() == "you" else "them"


def letters_line(name: str, seen: Sequence[str], taken: int, nothing: int) -> str | None:
    """What one player took, for the story: ``You take J and I, in that order.``, ``You take E.``, ``Watson takes
    15 letters, face down, and nothing twice: those stacks held no letter new to them.`` An
    evaluation won with no new letter in its stack takes nothing (ruling 5): it had been counted as
    a letter ("Watson takes 17 letters" beside Watson's 15)."""
    if not taken and not nothing:
        return None
    if not taken:
        where = "the stack" if nothing == 1 else "the stacks"
        return (f"{says(name, 'takes')} nothing: {where} {says(name, 'won', start=False)} held no letter "
                f"new to {them(name)}.")
    order = ", in that order" if len(seen) > 1 else ""  # ("You take E, in that order." for one letter)
    text = (f"{says(name, 'takes')} {join_words(list(seen))}{order}" if len(seen) == taken else
            f"{says(name, 'takes')} {plural(taken, 'letter')}, face down")
    if nothing:
        where = "that stack" if nothing == 1 else "those stacks"
        text += f", and nothing {times(nothing)}: {where} held no letter new to {them(name)}"
    return text + "."


def story_lines(names: Sequence[str], rounds: int, disputes: Sequence[R.Disputed], evals: Sequence[R.Evaluated],
                took: Sequence[tuple[int, int, str | None]], end: str | None,
                fits: Callable[[list[str]], bool] = lambda lines: True,
                took_nothing: Sequence[tuple[int, int]] = ()) -> list[str]:
    """The game in a few sentences: disputes, evaluations, the biggest count, the letters, the end
    (``end``: what decided the game, see ``end_text``; None while it goes on). ``took``: (round,
    seat, letter) of each letter taken (letter None: face down); ``took_nothing``: (round, seat)
    of each evaluation won that took nothing.

    The letters each player took and the end are always told; the other lines, in the order of
    their weight (disputes, evaluations, the biggest count), only while the whole still ``fits``."""
    told: list[tuple[tuple[int, int], str]] = []  # (place in the story, line): the letters and the end
    for seat in range(2):
        mine = [letter for _, s, letter in took if s == seat]
        seen = [letter for letter in mine if letter is not None]
        line = letters_line(names[seat], seen, len(mine), sum(1 for _, s in took_nothing if s == seat))
        if line:
            told.append(((3, seat), line))
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
                        f"face down: by the rules you do not see which until the game is over. {obs.run_to_win} "
                        "in a row wins.")
        if inside(PANEL, pos):
            return "The bidding, disputes and evaluations are shown here."
        return None

    # -- words ------------------------------------------------------------------------------
    def describe(self, event: Event) -> str | None:
        return describe_event(event, self.name, self.model.stacks, super().describe)

    def describe_action(self, action: Action) -> str:
        last = self.obs.bids[-1] if self.obs is not None and self.obs.bids else None
        return describe_action(action, self.name, last, super().describe_action)  # the module's function

    def banner_aftermath(self, event: Event) -> bool:
        """An evaluation that took nothing is told in the banner after the move's line, where a
        letter taken is told (marathon play-test: the banner said only "Watson chooses stack 4 to
        evaluate" and never that Watson took nothing there)."""
        return isinstance(event, R.Took) and not event.taken

    def aftermath_news(self, event: Event) -> bool:
        """The same in a handoff's summary of the moves since a player's last turn."""
        return self.banner_aftermath(event)

    def turn_hint(self) -> str:
        obs = self.obs
        if obs is None:
            return ""
        if obs.phase == R.TURN:
            can_dispute = any(isinstance(a, R.Dispute) for a in self.scene.legal_for_viewer())
            play = "choose a card, then the stack it goes beside" if self.keyed() else "drag a card next to a stack"
            return play + (", or Dispute" if can_dispute else "")
        if obs.phase == R.BID:  # the opening bid may be anything: "bid at least 0" said nothing
            return f"bid at least {obs.min_bid}" if obs.bids else "make the opening bid"
        if obs.phase == R.CHOOSE:
            return "choose a stack to evaluate" if self.keyed() else "click a stack to evaluate"
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
                            self._story_fits, r.took_nothing)
        return lines or super().story()

    def _story_fits(self, lines: list[str]) -> bool:
        """Whether ``lines`` fit the results screen's story column, measured with the app's fonts."""
        canvas = self.scene.app.canvas
        return sum(len(canvas.wrap(line, STORY_SIZE, STORY_WIDTH)) for line in lines) <= STORY_LINES
