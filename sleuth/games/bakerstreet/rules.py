"""Bakerstreet's rules engine (2 players, competitive, bluffing).

The rules, as the rulebook and RULINGS.md give them (each is implemented where its name appears):

- Setup: each player shuffles their 30 detective cards into an unused stack and takes the top 3
  into hand; the 40 evidence cards are shuffled into 5 stacks of 8 placed in a circle. Seat 0 is
  the "younger player" and starts the first round.
- A turn is either a dispute of the opponent's last bid, or: play one hand card face up beside any
  of the 5 stacks (it covers every detective card already there), draw back to 3 from the unused
  stack, then bid. The first bid of a round is any whole number 0..30; every later bid is at least
  1 more than the opponent's last bid (ruling 1).
- A dispute is allowed only when the opponent has bid this round (ruling 1). Both hands are
  revealed; if the six values (symbols ignored) total less than the bid, the disputer wins,
  otherwise the bidder wins. Both hands go face up onto their owners' used piles (ruling 2).
- Evaluation: the dispute's winner chooses a stack. Its detective cards are taken from the top
  down until the pile is empty or a Stop has been counted; each player's values are added, doubled
  once if they have one or more x2 cards among them; the higher total wins, a tie (also 0-0 and a
  stack with no detective cards) goes to the dispute's winner (ruling 3). Evaluated cards go onto
  their owners' used piles. If any evaluated card had an Arrow, the next stack clockwise is
  evaluated the same way, and so on; a stack can be evaluated twice in a round (ruling 4).
- The winner of each evaluation looks at that evidence stack and takes one card whose letter they
  do not hold yet; with none such (or an empty stack) they take nothing (ruling 5). The rest stay.
- An empty unused stack is refilled by shuffling the used pile (ruling 6).
- A new round: both players take the top 3 cards of their unused stack (their hands went onto the
  used piles at the dispute); the dispute's loser starts.
- The game ends at once when a player holds 7 or more consecutive letters (no wrap from T to A).
  If the supply is exhausted, the longest run wins, then the most evidence cards, else a draw
  (ruling 7).

Design decisions (in neither the book nor RULINGS.md):

- Clockwise is stack i -> stack i+1 (mod 5). Seat 0 plays the role of the younger player.
- The ``symbols`` option (all, no-stop, no-double, no-arrow) prints one symbol as a plain card. It
  exists only for the simulation that shows every symbol matters; the app plays with all.
- The highest bid is 30 (six cards of value 5 at most): a larger bid always loses its dispute, so
  it is not offered. Facing a bid of 30 the only legal move is to dispute.
- "The evidence supply is exhausted" (ruling 7) means: no card left on the table can ever be
  taken, because every letter still lying there is already held by both players. With two copies
  per letter and one per player, a letter a player lacks always has a copy on the table, so this
  happens only once all 40 cards are held, long after someone had 7 in a row: with the printed
  cards the branch is unreachable (it is implemented and tested for other data), and every player
  can always still win. Nothing in the book bounds the number of rounds, though: a dispute's
  winner may keep choosing a stack that yields nothing. After ``max_rounds`` rounds (300, in the
  data) the game is scored by ruling 7's order (longest run, then most cards, else a draw). Bot
  games reach it very rarely (docs/bakerstreet.md).
- If a player's unused stack and used pile are both empty (all their cards lie beside evidence
  stacks), the draw is skipped and the hand is smaller; a player with an empty hand bids (or
  disputes) without playing a card. Rare, but real: a pile topped by Stops can swallow most of a
  player's cards, because evaluations stop at the Stop and never reach the cards below.
- The revealed hand goes onto the used pile in the order it was revealed (the last one on top);
  evaluated cards go onto the used pile in the order they were counted (the last one on top).
- New-round refill: the dispute's loser (the new starting player) draws first; only the order of
  reshuffles depends on it.

Hidden information: a seat sees its own hand, the top detective card of each stack, the top of
each used pile, its own letters, the opponent's letter count, the bids, and what disputes and
evaluations revealed. Covered detective cards are not in the observation, but the seat saw each
one played, so its event log holds them. An evidence stack's letters are shown only to the seat
that looked through it (an event with that seat as its audience).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from sleuth.core.engine import GameState, Observation, Outcome
from sleuth.core.values import Action, Event
from sleuth.games.bakerstreet.cards import ARROW, DOUBLE, NONE, STOP, SYMBOLS, BakerCards

# -- phases -----------------------------------------------------------------------------------
TURN = "turn"  # play a card (or dispute)
BID = "bid"  # after playing and drawing: bid
CHOOSE = "choose"  # the dispute's winner chooses the stack to evaluate
TAKE = "take"  # the evaluation's winner takes an evidence card
OVER = "over"

#: Symbol options for the simulation that shows every symbol matters (``-o symbols=no-arrow``).
SYMBOL_VARIANTS = ("all", "no-stop", "no-double", "no-arrow")


# -- actions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Play(Action):
    """Play the hand card with this value and symbol beside evidence stack ``stack`` (0..4)."""

    KIND = "play"
    value: int
    symbol: str
    stack: int


@dataclass(frozen=True)
class Bid(Action):
    KIND = "bid"
    amount: int


@dataclass(frozen=True)
class Dispute(Action):
    KIND = "dispute"


@dataclass(frozen=True)
class Choose(Action):
    """The dispute's winner chooses the evidence stack to evaluate."""

    KIND = "choose"
    stack: int


@dataclass(frozen=True)
class Take(Action):
    """The evaluation's winner takes the evidence card with this letter."""

    KIND = "take"
    letter: str


# -- events -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Dealt(Event):
    """The evidence was dealt: ``sizes`` cards per stack (letters face down)."""

    KIND = "dealt"
    sizes: tuple[int, ...]


@dataclass(frozen=True)
class RoundStarted(Event):
    KIND = "round"
    round: int
    first: int


@dataclass(frozen=True)
class Drew(Event):
    """``seat`` drew a card; value and symbol are None in the copy the opponent sees."""

    KIND = "drew"
    seat: int
    value: int | None
    symbol: str | None


@dataclass(frozen=True)
class Reshuffled(Event):
    KIND = "reshuffled"
    seat: int
    cards: int


@dataclass(frozen=True)
class Played(Event):
    KIND = "played"
    seat: int
    value: int
    symbol: str
    stack: int


@dataclass(frozen=True)
class BidMade(Event):
    KIND = "bid_made"
    seat: int
    amount: int


@dataclass(frozen=True)
class Disputed(Event):
    """The dispute: both hands shown (by seat), the six-card total, the bid and who won."""

    KIND = "disputed"
    seat: int
    bidder: int
    bid: int
    hands: tuple[tuple[tuple[int, str], ...], ...]
    total: int
    winner: int


@dataclass(frozen=True)
class StackChosen(Event):
    KIND = "stack_chosen"
    seat: int
    stack: int


@dataclass(frozen=True)
class Evaluated(Event):
    """One evaluation: the counted cards (owner, value, symbol) from the top, totals, winner;
    ``left``: the detective cards still beside the stack after the count. Only a Stop leaves any,
    and only then did it cut the count short (a Stop at the bottom of its pile cuts nothing)."""

    KIND = "evaluated"
    stack: int
    cards: tuple[tuple[int, int, str], ...]
    totals: tuple[int, ...]
    winner: int
    arrow: bool
    left: int = 0


@dataclass(frozen=True)
class Looked(Event):
    """``seat`` looked through an evidence stack; ``letters`` is None for the opponent."""

    KIND = "looked"
    seat: int
    stack: int
    letters: tuple[str, ...] | None


@dataclass(frozen=True)
class Took(Event):
    """``seat`` took a card from ``stack`` (``taken``); the letter is None for the opponent."""

    KIND = "took"
    seat: int
    stack: int
    taken: bool
    letter: str | None


@dataclass(frozen=True)
class GameOver(Event):
    KIND = "game_over"
    winners: tuple[int, ...]
    reason: str


ACTIONS = (Play, Bid, Dispute, Choose, Take)
EVENTS = (Dealt, RoundStarted, Drew, Reshuffled, Played, BidMade, Disputed, StackChosen, Evaluated, Looked,
          Took, GameOver)


@dataclass(frozen=True)
class BakerObservation(Observation):
    round: int
    first: int
    turn: int | None
    phase: str
    #: Own hand as (value, symbol), in the order drawn; None in the public view.
    hand: tuple[tuple[int, str], ...] | None
    hand_sizes: tuple[int, ...]
    #: Top detective card beside each stack as (owner, value, symbol), or None.
    pile_tops: tuple[tuple[int, int, str] | None, ...]
    pile_sizes: tuple[int, ...]
    evidence_sizes: tuple[int, ...]
    used_tops: tuple[tuple[int, str] | None, ...]
    used_sizes: tuple[int, ...]
    unused_sizes: tuple[int, ...]
    #: Own evidence letters, sorted; None in the public view.
    letters: tuple[str, ...] | None
    #: Once the game is over, both players' letters face up (the winner turns theirs over; a
    #: decision on runs compares both), else None.
    revealed_letters: tuple[tuple[str, ...], ...] | None
    letter_counts: tuple[int, ...]
    #: This round's bids as (seat, amount), oldest first.
    bids: tuple[tuple[int, int], ...]
    min_bid: int | None
    max_bid: int
    dispute_winner: int | None
    #: The stack being evaluated or taken from (None outside an evaluation).
    stack: int | None
    #: The letters of the stack being taken from, for the seat that looks through it.
    looking: tuple[str, ...] | None
    run_to_win: int
    #: Public facts of the box: the evidence letters in order, and one colour's detective deck.
    alphabet: tuple[str, ...]
    deck: tuple[tuple[int, str], ...]
    #: The replay's "everything revealed" eyes (``revealed_view``): every event as the seat it was
    #: meant for saw it, both hands in ``hands``, both players' letters in ``revealed_letters`` and
    #: each evidence stack's letters, sorted, in ``stack_letters``. False, and None, in any seat's
    #: observation.
    everything: bool = False
    hands: tuple[tuple[tuple[int, str], ...], ...] | None = None
    stack_letters: tuple[tuple[str, ...], ...] | None = None


def longest_run(mask: int) -> int:
    """The longest run of consecutive set bits (letters held in a row)."""
    best = 0
    while mask:
        mask &= mask << 1
        best += 1
    return best


class BakerState(GameState):
    #: what take-backs stop at, beyond private events (a draw, a look through a stack): a card
    #: played from a hidden hand, and a dispute's shown hands
    REVEALS = {"played": "others", "disputed": "all"}
    GAME_ID = "bakerstreet"
    __slots__ = (
        "cards", "rng", "players", "log",
        "value", "sym", "letter_of", "names", "letter_index", "deck_size", "deck_text", "max_bid",
        "unused", "used", "hands", "piles", "evidence", "held", "masks",
        "round", "first", "turn", "phase", "bids", "dispute_winner", "eval_stack", "eval_winner",
        "arrow_pending", "result", "counters",
    )

    def __init__(self, cards: BakerCards, seed: int, symbols: str = "all") -> None:
        self.cards = cards
        self.max_bid = cards.max_bid
        self.rng = random.Random(seed)
        self.players = 2
        self.log = []
        drop = {"all": -1, "no-stop": STOP, "no-double": DOUBLE, "no-arrow": ARROW}[symbols]
        # card id c: seat c // deck size, the deck's card c % deck size
        self.value = tuple(card.value for deck in cards.decks for card in deck)
        self.sym = tuple(
            NONE if SYMBOLS.index(card.symbol) == drop else SYMBOLS.index(card.symbol)
            for deck in cards.decks for card in deck
        )
        self.names = cards.letters
        self.letter_index = {letter: i for i, letter in enumerate(cards.letters)}
        self.letter_of = tuple(i for i in range(len(cards.letters)) for _ in range(cards.copies))
        n = self.deck_size = len(cards.decks[0])
        self.deck_text = tuple(self.card(c) for c in range(n))
        self.unused = [list(range(s * n, (s + 1) * n)) for s in range(2)]
        for pile in self.unused:
            self.rng.shuffle(pile)
        self.used = [[], []]
        self.hands = [[], []]
        self.piles = [[] for _ in range(cards.stacks)]
        deal = list(range(len(self.letter_of)))
        self.rng.shuffle(deal)
        size = cards.stack_size
        self.evidence = [deal[i * size:(i + 1) * size] for i in range(cards.stacks)]
        self.held = [[], []]
        self.masks = [0, 0]
        self.round = 0
        self.first = 0
        self.turn = 0
        self.phase = TURN
        self.bids = []
        self.dispute_winner = None
        self.eval_stack = None
        self.eval_winner = None
        self.arrow_pending = False
        self.result = None
        # rounds, turns, disputes, evaluations, arrow evaluations, stop/double decisive, bluffs won
        self.counters = {"played_none": 0, "played_stop": 0, "played_double": 0, "played_arrow": 0,
                         "evaluations": 0, "arrow_evaluations": 0, "stop_decisive": 0, "double_decisive": 0,
                         "stop_counted": 0, "double_counted": 0, "disputes_won_by_bidder": 0}
        self.emit(Dealt(tuple(len(e) for e in self.evidence)))
        self._start_round(0)

    # -- small helpers -------------------------------------------------------------------------
    def card(self, cid: int) -> tuple[int, str]:
        return (self.value[cid], SYMBOLS[self.sym[cid]])

    def _draw(self, seat: int) -> bool:
        """Draw one card into ``seat``'s hand, reshuffling the used pile if the unused is empty."""
        unused = self.unused[seat]
        if not unused:
            used = self.used[seat]
            if not used:
                return False
            unused.extend(used)
            used.clear()
            self.rng.shuffle(unused)
            self.emit(Reshuffled(seat, len(unused)))
        cid = unused.pop()
        self.hands[seat].append(cid)
        value, symbol = self.card(cid)
        self.emit(Drew(seat, value, symbol, audience=(seat,)))
        self.emit(Drew(seat, None, None, audience=(1 - seat,), public=True))
        return True

    def _start_round(self, first: int) -> None:
        if self.round >= self.cards.max_rounds:
            self._finish_by_supply(f"the round limit ({self.cards.max_rounds}) was reached")
            return
        self.round += 1
        self.first = first
        self.bids = []
        self.dispute_winner = None
        self.emit(RoundStarted(self.round, first))
        for seat in (first, 1 - first):
            while len(self.hands[seat]) < self.cards.hand_size and self._draw(seat):
                pass
        self.turn = first
        self.phase = TURN

    def min_bid(self) -> int:
        return self.bids[-1][1] + 1 if self.bids else 0

    def _eligible_letters(self, seat: int, stack: int) -> list[str]:
        mask = self.masks[seat]
        found = sorted({self.letter_of[e] for e in self.evidence[stack] if not mask >> self.letter_of[e] & 1})
        return [self.names[i] for i in found]

    # -- who acts ------------------------------------------------------------------------------
    def pending_seats(self):
        if self.phase == OVER:
            return ()
        if self.phase in (TURN, BID):
            return (self.turn,)
        if self.phase == CHOOSE:
            return (self.dispute_winner,)
        return (self.eval_winner,)

    def legal_actions(self, seat):
        if self.phase == OVER:
            return []
        if self.phase == TURN:
            if seat != self.turn:
                return []
            result = []
            can_bid = self.min_bid() <= self.max_bid
            if can_bid:
                if self.hands[seat]:
                    seen = set()
                    for cid in self.hands[seat]:
                        key = (self.value[cid], self.sym[cid])
                        if key not in seen:
                            seen.add(key)
                            result.extend(_PLAYS[key][:self.cards.stacks])
                else:
                    result.extend(_BIDS[self.min_bid():self.max_bid + 1])
            if self.bids:
                result.append(_DISPUTE)
            return result
        if self.phase == BID:
            return list(_BIDS[self.min_bid():self.max_bid + 1]) if seat == self.turn else []
        if self.phase == CHOOSE:
            return list(_CHOOSE[:self.cards.stacks]) if seat == self.dispute_winner else []
        if seat != self.eval_winner:
            return []
        return [Take(letter) for letter in self._eligible_letters(seat, self.eval_stack)]

    def why_illegal(self, seat, action):
        phase = self.phase
        if isinstance(action, Play):
            if phase not in (TURN, BID) or seat != self.turn:
                return "it is not your turn to play a card"
            if phase == BID:
                return "you have already played a card this turn; now make a bid"
            if not self.hands[seat]:
                return "you have no card in hand; make a bid or dispute"
            if not 0 <= action.stack < self.cards.stacks:
                return f"there is no evidence stack {action.stack + 1} (the stacks are 1 to {self.cards.stacks})"
            if self.min_bid() > self.max_bid:
                return f"nobody can bid above {self.max_bid}: you must dispute"
            if action.symbol not in SYMBOLS:
                return f"{action.symbol!r} is not a symbol ({', '.join(SYMBOLS)})"
            code = SYMBOLS.index(action.symbol)
            if not any(self.value[c] == action.value and self.sym[c] == code for c in self.hands[seat]):
                return f"you hold no {_card_text(action.value, action.symbol)}"
            return None
        if isinstance(action, Bid):
            if phase not in (TURN, BID) or seat != self.turn:
                return "it is not your turn to bid"
            if phase == TURN and self.hands[seat]:
                return "play a card before you bid"
            low, high = self.min_bid(), self.max_bid
            if not low <= action.amount <= high:
                if self.bids and action.amount < low:
                    return f"your bid must be at least {low}, one more than your opponent's {low - 1}"
                return f"a bid must be between {low} and {high}"
            return None
        if isinstance(action, Dispute):
            if phase not in (TURN, BID) or seat != self.turn:
                return "it is not your turn"
            if phase == BID:
                return "you have played a card this turn, so you must bid"
            if not self.bids:
                return "there is no bid to dispute yet this round"
            return None
        if isinstance(action, Choose):
            if phase != CHOOSE or seat != self.dispute_winner:
                return "only the winner of the dispute chooses the stack, after the dispute"
            if not 0 <= action.stack < self.cards.stacks:
                return f"there is no evidence stack {action.stack + 1} (the stacks are 1 to {self.cards.stacks})"
            return None
        if isinstance(action, Take):
            if phase != TAKE or seat != self.eval_winner:
                return "only the winner of the evaluation takes an evidence card"
            index = self.letter_index.get(action.letter)
            if index is None:
                return f"{action.letter!r} is not an evidence letter"
            if self.masks[seat] >> index & 1:
                return f"you already hold the letter {action.letter}; you may hold each letter only once"
            if not any(self.letter_of[e] == index for e in self.evidence[self.eval_stack]):
                return f"this evidence stack holds no {action.letter}"
            return None
        return f"{action} is not a Bakerstreet action"

    # -- changing the state --------------------------------------------------------------------
    def _apply(self, seat, action):
        if isinstance(action, Play):
            code = SYMBOLS.index(action.symbol)
            hand = self.hands[seat]
            for i, cid in enumerate(hand):
                if self.value[cid] == action.value and self.sym[cid] == code:
                    del hand[i]
                    break
            self.piles[action.stack].append(cid)
            self.emit(Played(seat, action.value, action.symbol, action.stack))
            self.counters[_PLAYED_KEY[code]] += 1
            self._draw(seat)
            self.phase = BID
        elif isinstance(action, Bid):
            self.bids.append((seat, action.amount))
            self.emit(BidMade(seat, action.amount))
            self.turn = 1 - seat
            self.phase = TURN
        elif isinstance(action, Dispute):
            self._dispute(seat)
        elif isinstance(action, Choose):
            self.emit(StackChosen(seat, action.stack))
            self._evaluate(action.stack)
        else:
            index = self.letter_index[action.letter]
            stack = self.evidence[self.eval_stack]
            for i, e in enumerate(stack):
                if self.letter_of[e] == index:
                    del stack[i]
                    break
            self.held[seat].append(e)
            self.masks[seat] |= 1 << index
            self.emit(Took(seat, self.eval_stack, True, action.letter, audience=(seat,)))
            self.emit(Took(seat, self.eval_stack, True, None, audience=(1 - seat,), public=True))
            self._after_take(seat)

    def _dispute(self, seat: int) -> None:
        bidder, bid = self.bids[-1]
        total = sum(self.value[c] for h in self.hands for c in h)
        winner = seat if total < bid else bidder
        if winner == bidder:
            self.counters["disputes_won_by_bidder"] += 1
        hands = tuple(tuple(self.card(c) for c in h) for h in self.hands)
        self.emit(Disputed(seat, bidder, bid, hands, total, winner))
        for s in range(2):
            self.used[s].extend(self.hands[s])
            self.hands[s] = []
        self.dispute_winner = winner
        self.first = 1 - winner  # the loser starts the next round
        self.phase = CHOOSE

    def _evaluate(self, stack: int) -> None:
        """Count one stack from the top until it is empty or a Stop has been counted."""
        pile = self.piles[stack]
        counted = []
        totals = [0, 0]
        doubled = [False, False]
        arrow = False
        stopped = False
        while pile:
            cid = pile.pop()
            counted.append(cid)
            owner = cid // self.deck_size
            totals[owner] += self.value[cid]
            sym = self.sym[cid]
            if sym == DOUBLE:
                doubled[owner] = True
            elif sym == ARROW:
                arrow = True
            elif sym == STOP:
                stopped = True
                break
        final = [t * 2 if d else t for t, d in zip(totals, doubled, strict=True)]
        dw = self.dispute_winner
        winner = dw if final[dw] >= final[1 - dw] else 1 - dw
        self._count_symbol_effects(stack, totals, doubled, final, winner, stopped, any(doubled))
        for cid in counted:
            self.used[cid // self.deck_size].append(cid)
        cards = tuple((cid // self.deck_size,) + self.card(cid) for cid in counted)
        self.emit(Evaluated(stack, cards, tuple(final), winner, arrow, len(pile)))
        self.eval_stack = stack
        self.eval_winner = winner
        self.arrow_pending = arrow
        stack_letters = tuple(sorted(self.names[self.letter_of[e]] for e in self.evidence[stack]))
        self.emit(Looked(winner, stack, stack_letters, audience=(winner,)))
        self.emit(Looked(winner, stack, None, audience=(1 - winner,), public=True))
        if self._eligible_letters(winner, stack):
            self.phase = TAKE
        else:
            self.emit(Took(winner, stack, False, None))
            self._after_take(winner)

    def _count_symbol_effects(self, stack, totals, doubled, final, winner, stopped, any_double):
        """Statistics for the symbol design: would this evaluation's winner differ without a symbol?"""
        c = self.counters
        c["evaluations"] += 1
        if self.arrow_pending:
            c["arrow_evaluations"] += 1
        dw = self.dispute_winner
        if any_double:
            c["double_counted"] += 1
            if (dw if totals[dw] >= totals[1 - dw] else 1 - dw) != winner:
                c["double_decisive"] += 1
        if stopped:
            c["stop_counted"] += 1
            # counting on through the rest of the pile as if the Stop were plain
            rest = list(totals)
            dbl = list(doubled)
            for cid in self.piles[stack]:
                rest[cid // self.deck_size] += self.value[cid]
                if self.sym[cid] == DOUBLE:
                    dbl[cid // self.deck_size] = True
            alt = [t * 2 if d else t for t, d in zip(rest, dbl, strict=True)]
            if (dw if alt[dw] >= alt[1 - dw] else 1 - dw) != winner:
                c["stop_decisive"] += 1

    def _after_take(self, seat: int) -> None:
        run = longest_run(self.masks[seat])
        if run >= self.cards.run_to_win:
            self._finish((seat,), f"seat {seat} holds {run} consecutive letters")
            return
        if self._supply_exhausted():
            self._finish_by_supply("no evidence card is left that either player may take")

            return
        if self.arrow_pending:
            self._evaluate((self.eval_stack + 1) % self.cards.stacks)
            return
        self.eval_stack = None
        self.eval_winner = None
        self._start_round(self.first)

    def _supply_exhausted(self) -> bool:
        both = self.masks[0] & self.masks[1]
        return all(both >> self.letter_of[e] & 1 for stack in self.evidence for e in stack)

    def _finish_by_supply(self, why: str) -> None:
        runs = [longest_run(m) for m in self.masks]
        counts = [len(h) for h in self.held]
        if runs[0] != runs[1]:
            best = 0 if runs[0] > runs[1] else 1
            self._finish((best,), f"{why}; seat {best} has the longest run ({runs[best]})")
        elif counts[0] != counts[1]:
            best = 0 if counts[0] > counts[1] else 1
            self._finish((best,), f"{why}; runs tied at {runs[0]}, seat {best} has more evidence ({counts[best]})")
        else:
            self._finish((), f"{why}; runs and evidence counts tied: a draw")

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.phase = OVER
        self.turn = None
        self.eval_stack = None
        self.eval_winner = None
        self.arrow_pending = False
        scores = tuple(float(longest_run(m)) for m in self.masks)
        self.result = Outcome(None, winners, scores, reason)
        self.emit(GameOver(winners, reason))

    # -- views ---------------------------------------------------------------------------------
    def observe(self, seat):
        private = seat is not None
        looking = None
        if private and self.phase == TAKE and seat == self.eval_winner:
            looking = tuple(sorted(self.names[self.letter_of[e]] for e in self.evidence[self.eval_stack]))
        return BakerObservation(
            seat=seat,
            players=2,
            pending=self.pending_seats(),
            log=self.events_for(seat),
            outcome=self.result,
            round=self.round,
            first=self.first,
            turn=self.turn if self.phase in (TURN, BID) else None,
            phase=self.phase,
            hand=tuple(self.card(c) for c in self.hands[seat]) if private else None,
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            pile_tops=tuple((p[-1] // self.deck_size,) + self.card(p[-1]) if p else None for p in self.piles),
            pile_sizes=tuple(len(p) for p in self.piles),
            evidence_sizes=tuple(len(e) for e in self.evidence),
            used_tops=tuple(self.card(u[-1]) if u else None for u in self.used),
            used_sizes=(len(self.used[0]), len(self.used[1])),
            unused_sizes=(len(self.unused[0]), len(self.unused[1])),
            letters=tuple(sorted(self.names[self.letter_of[e]] for e in self.held[seat])) if private else None,
            letter_counts=(len(self.held[0]), len(self.held[1])),
            revealed_letters=(
                tuple(tuple(sorted(self.names[self.letter_of[e]] for e in self.held[s])) for s in (0, 1))
                if self.phase == OVER else None
            ),
            bids=tuple(self.bids),
            min_bid=self.min_bid() if self.phase in (TURN, BID) else None,
            max_bid=self.max_bid,
            dispute_winner=self.dispute_winner,
            stack=self.eval_stack,
            looking=looking,
            run_to_win=self.cards.run_to_win,
            alphabet=self.names,
            deck=self.deck_text,
        )

    def revealed_view(self) -> BakerObservation:
        """Both hands and every letter face up, each stack's evidence included (a replay's
        "everything" eyes): the log keeps the private copy of each event (a draw with its card, a
        look with its letters, a taken letter) and drops the copy the other seat saw."""
        letters_of = tuple(tuple(sorted(self.names[self.letter_of[e]] for e in self.held[s])) for s in (0, 1))
        return dataclasses.replace(
            self.observe(None),
            log=self.revealed_log(),
            revealed_letters=letters_of,
            everything=True,
            hands=tuple(tuple(self.card(c) for c in self.hands[s]) for s in (0, 1)),
            stack_letters=tuple(tuple(sorted(self.names[self.letter_of[e]] for e in stack))
                                for stack in self.evidence),
        )

    def seer_view(self, seat):
        """Bakerstreet hides nothing of a seat's own cards from itself, so this is ``observe``."""
        return self.observe(seat)

    # -- the end -------------------------------------------------------------------------------
    def is_over(self):
        return self.phase == OVER

    def outcome(self):
        return self.result

    # -- search --------------------------------------------------------------------------------
    def clone(self):
        other = BakerState.__new__(BakerState)
        other.cards = self.cards
        other.max_bid = self.max_bid
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.players = 2
        other.log = list(self.log)
        other.value = self.value
        other.deck_size = self.deck_size
        other.deck_text = self.deck_text
        other.sym = self.sym
        other.letter_of = self.letter_of
        other.names = self.names
        other.letter_index = self.letter_index
        other.unused = [list(p) for p in self.unused]
        other.used = [list(p) for p in self.used]
        other.hands = [list(h) for h in self.hands]
        other.piles = [list(p) for p in self.piles]
        other.evidence = [list(e) for e in self.evidence]
        other.held = [list(h) for h in self.held]
        other.masks = list(self.masks)
        other.round = self.round
        other.first = self.first
        other.turn = self.turn
        other.phase = self.phase
        other.bids = list(self.bids)
        other.dispute_winner = self.dispute_winner
        other.eval_stack = self.eval_stack
        other.eval_winner = self.eval_winner
        other.arrow_pending = self.arrow_pending
        other.result = self.result
        other.counters = dict(self.counters)
        return other

    def check_invariants(self):
        n = len(self.value)
        detective = sorted(
            [c for p in self.unused for c in p] + [c for p in self.used for c in p]
            + [c for h in self.hands for c in h] + [c for p in self.piles for c in p]
        )
        assert detective == list(range(n)), "a detective card was lost or duplicated"
        for seat in range(2):
            mine = self.unused[seat] + self.used[seat] + self.hands[seat]
            assert all(c // self.deck_size == seat for c in mine), "a detective card is in the wrong player's piles"
            assert len(self.hands[seat]) <= self.cards.hand_size
        evidence = sorted([e for s in self.evidence for e in s] + [e for h in self.held for e in h])
        assert evidence == list(range(len(self.letter_of))), "an evidence card was lost or duplicated"
        for seat in range(2):
            letters = [self.letter_of[e] for e in self.held[seat]]
            assert len(letters) == len(set(letters)), "a player holds a letter twice"
            assert self.masks[seat] == sum(1 << i for i in letters)
        amounts = [b for _, b in self.bids]
        assert all(b < a for b, a in zip(amounts, amounts[1:], strict=False)), "bids must rise"
        assert all(0 <= b <= self.max_bid for b in amounts)
        assert all(s != t for (s, _), (t, _) in zip(self.bids, self.bids[1:], strict=False)), "bids alternate"
        if self.phase != OVER:
            assert longest_run(self.masks[0]) < self.cards.run_to_win
            assert longest_run(self.masks[1]) < self.cards.run_to_win

    def stats(self):
        c = self.counters
        return {
            "rounds": float(self.round),
            "evaluations": float(c["evaluations"]),
            "arrow_evaluations": float(c["arrow_evaluations"]),
            "stop_counted": float(c["stop_counted"]),
            "stop_decisive": float(c["stop_decisive"]),
            "double_counted": float(c["double_counted"]),
            "double_decisive": float(c["double_decisive"]),
            "disputes_won_by_bidder": float(c["disputes_won_by_bidder"]),
            "evidence_taken": float(len(self.held[0]) + len(self.held[1])),
            "played_none": float(c["played_none"]),
            "played_stop": float(c["played_stop"]),
            "played_double": float(c["played_double"]),
            "played_arrow": float(c["played_arrow"]),
        }


def _card_text(value: int, symbol: str) -> str:
    """``3``, ``3 with a Stop`` (as the table says it)."""
    named = {"stop": "a Stop", "double": "an x2", "arrow": "an Arrow"}
    return f"{value}" if symbol not in named else f"{value} with {named[symbol]}"


# Cached action objects: the legal lists are built often, frozen dataclasses are slow to make.
_BIDS = tuple(Bid(n) for n in range(0, 61))
_DISPUTE = Dispute()
_PLAYED_KEY = tuple(f"played_{name}" for name in SYMBOLS)
_CHOOSE = tuple(Choose(s) for s in range(10))
_PLAYS = {
    (v, code): tuple(Play(v, SYMBOLS[code], s) for s in range(10))
    for v in range(10) for code in range(len(SYMBOLS))
}
