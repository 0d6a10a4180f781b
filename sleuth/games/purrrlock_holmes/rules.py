"""Purrrlock Holmes: Furriarty's Trail, the rules engine.

Book rules implemented here (each in its own method, named in the docstrings below):
setup of the trail per player count; the first player and Furriarty's place at the end of the
round; hidden Investigations (every seat sees every Investigation but its own); seeding each
Investigation with 2 investigated cards; hands of 4 (first player) and 2 (others); the mandatory
Investigate (2 cards revealed one at a time, answered Lead/Dead End by the engine, placed left or
right); the optional Guess (suspect, hour or both, before or after investigating; 1 or 2 tokens
from the left of the trail; a wrong guess says nothing about which part was wrong and costs the
cleanup draw); a completed Investigation (face up with its tokens, leads and dead ends discarded,
a new one drawn and seeded); cleanup (pass the remaining 2 cards clockwise, or the next player
draws 2 when nothing is passed; then draw 2 unless the guess was wrong); Furriarty's turn after
every round; the last round; catching him; Paws; the reshuffle of the discard pile; scoring,
awards and ties (RULINGS 8).

Design decisions (in neither the book nor RULINGS.md):

- Seats are clockwise in index order and seat 0 is the first player ("most cats" is not
  something a program can ask); Furriarty's end-of-round token sits between the last seat and
  seat 0, so his turn comes after seat ``players - 1``.
- Investigate is two decisions so a Paws can come between the two reveals: the first,
  ``investigate(card=a, then=(b,))``, chooses both cards (the book chooses 2, then reveals them one
  at a time, so the second card cannot be changed after the first answer) and reveals ``a``; the
  second, ``investigate(card=b, then=())``, is the only legal action of the active seat until it is
  taken and reveals ``b``. Answers are given by the engine, truthfully, and are public.
- A guess is one action ``guess(suspect, hour, paws)``; ``suspect`` or ``hour`` is None for the
  detail not declared. Paws is the same action with ``paws=True`` and is an extra guess: calling it
  on your own turn does not use up your turn's Guess action (a wrong Paws on your own turn still
  costs your cleanup draw, RULINGS 6).
- The turn always ends with the player's own ``end_turn()``, offered once the Investigate is done
  (before or after the optional Guess); the cleanup follows it (passing is not a choice: the book
  passes exactly the cards left in hand). The book's Cleanup is the player's own phase, done by
  hand when they are ready, so the last answer (or the guess's "right"/"wrong") is theirs to read
  before the cards go round, and RULINGS 6's "any moment a decision is pending" includes that
  moment (a Paws may come after the last answer and before the pass). Only a seat with nothing
  at all to do (no hand, no Investigation) has its turn cleaned up at once.
- Collecting stops at Furriarty: a correct "both" guess whose first token is Furriarty collects
  only him (the game ends at once). With fewer items left on the trail than a guess earns, the
  player takes what there is (there is always at least Furriarty).
- Running out of clue cards: when the deck is empty the face-up discard pile is shuffled into a
  new deck (RULINGS 7). If both are empty (every card sits in hands, Investigations, leads and dead
  ends and completed Investigations, which happens in long games where few Investigations are
  solved), a draw gives as many cards as there are (possibly none); a hand of one card investigates
  that one card; an empty hand skips the Investigate; a seat that cannot draw a new Investigation
  has none (it cannot guess or call Paws) and draws one at the start of its next turn if it can;
  a player who passes fewer than 2 cards passes what is left (only an empty hand makes the next
  player draw 2 instead).
- Scores are only shown at the end (face-down tokens stay secret). The Furriarty token scores for
  whoever collects it.
- The public view (``observe(None)``, for handoff screens) shows no Investigation at all, since
  each one is secret from one of the players who may be looking.
- When the game is over every view shows every Investigation: the end of the game turns them all
  face up for everyone at the table.
- Anything the rules hand out at random (the trail, the deck, reshuffles) uses the state's own
  generator, so a seed and the action list replay the same game.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from itertools import permutations

from sleuth.core.engine import GameState, Observation, Outcome
from sleuth.core.values import Action, Event

from .cards import PurrrlockCards

NOT_STARTED, IN_PROGRESS, DONE = 0, 1, 2

CHIEF = "Chief Inspector"
LITTER = "Litter Box Inspector"


# -- actions -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Investigate(Action):
    """Reveal ``card`` from your hand; the first reveal of a turn also names the cards still to
    reveal (``then``), which then follow one action each."""

    KIND = "investigate"
    card: int
    then: tuple[int, ...] = ()


@dataclass(frozen=True)
class Guess(Action):
    """Guess the suspect, the hour or both of your Investigation; ``paws`` calls Paws for it."""

    KIND = "guess"
    suspect: int | None
    hour: int | None
    paws: bool = False


@dataclass(frozen=True)
class EndTurn(Action):
    """End your turn once you have investigated (guessed or not): the cleanup follows."""

    KIND = "end_turn"


ACTIONS = (Investigate, Guess, EndTurn)


# -- events ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TrailLaid(Event):
    KIND = "trail_laid"
    tokens: tuple[int | None, ...]  # face-up values, None face down (Furriarty excluded)
    furriarty_at: int


@dataclass(frozen=True)
class TurnStarted(Event):
    KIND = "turn_started"
    seat: int
    round: int


@dataclass(frozen=True)
class InvestigationDrawn(Event):
    KIND = "investigation_drawn"
    seat: int
    card: int | None  # None in the copy the seat itself sees


@dataclass(frozen=True)
class NoInvestigation(Event):
    KIND = "no_investigation"
    seat: int


@dataclass(frozen=True)
class Investigated(Event):
    KIND = "investigated"
    seat: int
    card: int
    lead: bool
    seeding: bool


@dataclass(frozen=True)
class Drew(Event):
    KIND = "drew"
    seat: int
    count: int
    cards: tuple[int, ...] | None  # None in the copy other seats see


@dataclass(frozen=True)
class Passed(Event):
    KIND = "passed"
    seat: int
    to: int
    count: int
    cards: tuple[int, ...] | None  # None in the copy the other seats see


@dataclass(frozen=True)
class Guessed(Event):
    KIND = "guessed"
    seat: int
    suspect: int | None
    hour: int | None
    paws: bool
    correct: bool


@dataclass(frozen=True)
class TokensCollected(Event):
    KIND = "tokens_collected"
    seat: int
    values: tuple[int | None, ...]  # None: face down (shown only to the collector)
    furriarty: bool


@dataclass(frozen=True)
class Solved(Event):
    KIND = "solved"
    seat: int
    card: int


@dataclass(frozen=True)
class Discarded(Event):
    KIND = "discarded"
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Reshuffled(Event):
    KIND = "reshuffled"
    count: int


@dataclass(frozen=True)
class FurriartyMoved(Event):
    KIND = "furriarty_moved"
    revealed: int
    last_round: bool


@dataclass(frozen=True)
class GameOver(Event):
    KIND = "game_over"
    caught: bool
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    litter_box: tuple[int, ...]


EVENTS = (
    TrailLaid, TurnStarted, InvestigationDrawn, NoInvestigation, Investigated, Drew, Passed, Guessed,
    TokensCollected, Solved, Discarded, Reshuffled, FurriartyMoved, GameOver,
)


@dataclass(frozen=True)
class PurrrlockObservation(Observation):
    """What one seat may know (``seat`` None: the public view).

    Cards are ids (``suspect * hours + hour - 1``). ``investigations[s]`` is None for the viewer's
    own, for a seat without one, and for every seat in the public view (each Investigation is secret
    from one player); ``own_investigation`` is only filled in by ``seer_view``.
    ``trail`` lists the paw prints left to right without Furriarty (the value if face up, None if
    face down); Furriarty stands before ``trail[furriarty_at]``.
    ``collected[s]`` lists token values, None where face down and not the viewer's own (all are
    revealed once the game is over, as the rulebook's scoring does).
    """

    round: int
    turn: int
    last_round: bool
    trail: tuple[int | None, ...]
    furriarty_at: int
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    investigations: tuple[int | None, ...]
    has_investigation: tuple[bool, ...]
    leads: tuple[tuple[int, ...], ...]
    dead_ends: tuple[tuple[int, ...], ...]
    solved: tuple[tuple[int, ...], ...]
    collected: tuple[tuple[int | None, ...], ...]
    caught_furriarty: int | None
    paws_used: tuple[bool, ...]
    deck_size: int
    discard: tuple[int, ...]
    investigate_state: int  # of the seat whose turn it is: 0 not started, 1 one card shown, 2 done
    guessed: bool
    wrong_guess: bool
    #: the viewer's own cards chosen but not yet revealed in its Investigate (its own choice)
    committed: tuple[int, ...] = ()
    own_investigation: int | None = None
    #: every seat's hand, in a replay's "everything" eyes only (``revealed_view``); else None
    hands: tuple[tuple[int, ...], ...] | None = None


class PurrrlockState(GameState):
    #: what take-backs stop at, beyond private events (draws, passes, tokens): an investigated
    #: card's answer (news to its asker too: a take-back must not let a player ask again knowing
    #: it), a card shown from a hidden hand, a guess's verdict, a solved card and Furriarty's token
    REVEALS = {"investigated": "all", "discarded": "others", "guessed": "all", "solved": "all",
               "furriarty_moved": "all"}
    GAME_ID = "purrrlock-holmes"
    __slots__ = (
        "cards", "rng", "players", "log", "deck", "discard", "hands", "investigation", "leads", "dead_ends",
        "solved", "collected", "trail", "box", "face_up", "paws_used", "turn", "round", "inv_state",
        "inv_queue", "guessed", "wrong", "last_round", "over", "caught_by", "result", "counters", "furr", "tables",
    )

    def __init__(self, cards: PurrrlockCards, players: int, seed: int) -> None:
        if players not in cards.trails:
            raise ValueError(f"Purrrlock Holmes has no trail for {players} players")
        self.cards = cards
        self.rng = random.Random(seed)
        self.players = players
        self.log = []
        self.furr = len(cards.token_values)  # the Furriarty token's id
        self.tables = _action_tables(cards)
        self.hands = [[] for _ in range(players)]
        self.investigation = [-1] * players
        self.leads = [[] for _ in range(players)]
        self.dead_ends = [[] for _ in range(players)]
        self.solved = [[] for _ in range(players)]
        self.collected = [[] for _ in range(players)]
        self.paws_used = [False] * players
        self.discard = []
        self.turn = 0
        self.round = 1
        self.inv_state = NOT_STARTED
        self.inv_queue = []
        self.guessed = False
        self.wrong = False
        self.last_round = False
        self.over = False
        self.caught_by = -1
        self.result = None
        self.counters = {"guesses": 0, "wrong_guesses": 0, "paws": 0, "solved": 0, "reshuffles": 0, "dry_draws": 0}
        self._setup_trail()
        # Setup 4: shuffle the 60 clue cards, deal each player an Investigation they cannot see.
        self.deck = list(range(cards.card_count))
        self.rng.shuffle(self.deck)
        for seat in range(players):
            self._draw_investigation(seat)
        # Setup 5: each player draws 2 cards and investigates them.
        for seat in range(players):
            self._seed(seat)
        # Setup 6: 4 cards to the first player, 2 to the others.
        for seat in range(players):
            self._draw_to_hand(seat, cards.hand_first if seat == 0 else cards.hand_other)
        self._start_turn()

    # -- setup -----------------------------------------------------------------------------------
    def _setup_trail(self) -> None:
        """Setup 1 (RULINGS 2): mix the tokens face down, lay face-down, face-up, Furriarty, face-down.

        Tokens not used by this player count go back to the box face down.
        """
        layout = self.cards.trails[self.players]
        tokens = list(range(len(self.cards.token_values)))
        self.rng.shuffle(tokens)
        self.face_up = [False] * (len(tokens) + 1)
        self.face_up[self.furr] = True
        left = tokens[: layout.left_face_down + layout.face_up]
        for token in left[layout.left_face_down:]:
            self.face_up[token] = True
        right = tokens[len(left): layout.size]
        self.box = tokens[layout.size:]
        self.trail = left + [self.furr] + right
        self.emit(TrailLaid(self._public_trail(), len(left)))

    def _public_trail(self) -> tuple[int | None, ...]:
        values = self.cards.token_values
        return tuple(values[t] if self.face_up[t] else None for t in self.trail if t != self.furr)

    # -- drawing ---------------------------------------------------------------------------------
    def _draw_one(self) -> int:
        """Draw the top card; an empty deck is first replaced by the shuffled discard pile (RULINGS 7).

        Returns -1 when neither has a card (see the module docstring).
        """
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.counters["reshuffles"] += 1
            self.emit(Reshuffled(len(self.deck)))
        if not self.deck:
            self.counters["dry_draws"] += 1
            return -1
        return self.deck.pop()

    def _draw_to_hand(self, seat: int, count: int) -> None:
        drawn = []
        for _ in range(count):
            card = self._draw_one()
            if card < 0:
                break
            drawn.append(card)
        self.hands[seat].extend(drawn)
        others = tuple(s for s in range(self.players) if s != seat)
        self.emit(Drew(seat, len(drawn), tuple(drawn), audience=(seat,)))
        self.emit(Drew(seat, len(drawn), None, audience=others, public=True))

    def _draw_investigation(self, seat: int) -> bool:
        """Draw an Investigation into the card stand, facing the others: the seat never sees it."""
        card = self._draw_one()
        if card < 0:
            self.investigation[seat] = -1
            self.emit(NoInvestigation(seat))
            return False
        self.investigation[seat] = card
        others = tuple(s for s in range(self.players) if s != seat)
        self.emit(InvestigationDrawn(seat, card, audience=others))
        self.emit(InvestigationDrawn(seat, None, audience=(seat,), public=True))
        return True

    def _seed(self, seat: int) -> None:
        """Seed an Investigation: draw 2 cards and investigate them at once."""
        for _ in range(self.cards.seed_cards):
            card = self._draw_one()
            if card < 0:
                break
            self._answer(seat, card, seeding=True)

    def _answer(self, seat: int, card: int, seeding: bool) -> None:
        """The others answer truthfully: a Lead (same suspect, same or adjacent hour) goes left,
        a Dead End right (RULINGS 1)."""
        lead = self.cards.is_lead(card, self.investigation[seat])
        (self.leads if lead else self.dead_ends)[seat].append(card)
        self.emit(Investigated(seat, card, lead, seeding))

    # -- turns -----------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        seat = self.turn
        self.inv_state = NOT_STARTED
        self.guessed = False
        self.wrong = False
        self.emit(TurnStarted(seat, self.round))
        if self.investigation[seat] < 0 and self._draw_investigation(seat):
            self._seed(seat)
        if not self.hands[seat]:
            self.inv_state = DONE  # nothing to investigate with (see the module docstring)
            if self.investigation[seat] < 0:
                self._cleanup()  # nothing to investigate and nothing to guess about: no decision

    def _cleanup(self) -> None:
        """Cleanup: pass the remaining cards clockwise (an empty hand makes the next player draw 2
        instead), then draw 2 unless the player guessed wrong this turn. Then the next player, or
        Furriarty after the last seat."""
        seat = self.turn
        nxt = (seat + 1) % self.players
        hand = self.hands[seat]
        if hand:
            passing = hand[: self.cards.pass_cards]
            del hand[: self.cards.pass_cards]
            self.hands[nxt].extend(passing)
            others = tuple(s for s in range(self.players) if s not in (seat, nxt))
            self.emit(Passed(seat, nxt, len(passing), tuple(passing), audience=(seat, nxt)))
            self.emit(Passed(seat, nxt, len(passing), None, audience=others, public=True))
        else:
            self._draw_to_hand(nxt, self.cards.pass_cards)
        if not self.wrong:
            self._draw_to_hand(seat, self.cards.draw_cards)
        if seat == self.players - 1:
            self._furriarty_turn()
            if self.over:
                return
            self.round += 1
        self.turn = nxt
        self._start_turn()

    def _furriarty_turn(self) -> None:
        """End of round: Furriarty swaps with the token to his right, which turns face up. Once no
        token is left to his right the players get one last round; after it he escapes."""
        if self.last_round:
            self._finish(caught=False)
            return
        at = self.trail.index(self.furr)
        if at + 1 < len(self.trail):
            token = self.trail[at + 1]
            self.trail[at], self.trail[at + 1] = token, self.furr
            self.face_up[token] = True
            at += 1
            revealed = self.cards.token_values[token]
        else:
            revealed = 0
        self.last_round = at + 1 >= len(self.trail)
        self.emit(FurriartyMoved(revealed, self.last_round))

    # -- guessing --------------------------------------------------------------------------------
    def _guess(self, seat: int, action: Guess) -> None:
        """Guess: correct only if every declared detail is right; nobody says which part was wrong.
        One detail earns the leftmost token, both details the two leftmost (RULINGS 3)."""
        hidden = self.investigation[seat]
        correct = (action.suspect is None or action.suspect == self.cards.card_suspect[hidden]) and (
            action.hour is None or action.hour == self.cards.card_hour[hidden]
        )
        self.counters["guesses"] += 1
        if action.paws:
            self.paws_used[seat] = True
            self.counters["paws"] += 1
        elif seat == self.turn:
            self.guessed = True
        self.emit(Guessed(seat, action.suspect, action.hour, action.paws, correct))
        if not correct:
            self.counters["wrong_guesses"] += 1
            if seat == self.turn:  # RULINGS 5 and 6: only on your own turn does it cost the draw
                self.wrong = True
            return
        earned = 2 if action.suspect is not None and action.hour is not None else 1
        self._collect(seat, earned)
        self._complete(seat)
        if self.caught_by >= 0:
            self._finish(caught=True)
            return
        if self._draw_investigation(seat):
            self._seed(seat)

    def _collect(self, seat: int, earned: int) -> None:
        """Take tokens from the left end of the trail; collecting Furriarty catches him (and stops)."""
        taken = []
        while earned and self.trail:
            token = self.trail.pop(0)
            taken.append(token)
            earned -= 1
            if token == self.furr:
                self.caught_by = seat
                break
        self.collected[seat].extend(taken)
        values = self.cards.token_values
        full = tuple(self.cards.furriarty_value if t == self.furr else values[t] for t in taken)
        masked = tuple(
            self.cards.furriarty_value if t == self.furr else (values[t] if self.face_up[t] else None) for t in taken
        )
        caught = self.caught_by == seat
        if full == masked:
            self.emit(TokensCollected(seat, full, caught))
        else:
            others = tuple(s for s in range(self.players) if s != seat)
            self.emit(TokensCollected(seat, full, caught, audience=(seat,)))
            self.emit(TokensCollected(seat, masked, caught, audience=others, public=True))

    def _complete(self, seat: int) -> None:
        """A completed Investigation: card face up with its tokens, leads and dead ends discarded."""
        card = self.investigation[seat]
        self.investigation[seat] = -1
        self.solved[seat].append(card)
        self.counters["solved"] += 1
        self.emit(Solved(seat, card))
        gone = tuple(self.leads[seat] + self.dead_ends[seat])
        self.discard.extend(gone)
        self.leads[seat] = []
        self.dead_ends[seat] = []
        if gone:
            self.emit(Discarded(seat, gone))

    # -- the end ---------------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Token values (Furriarty's included), minus the Paws cost for each seat that called it."""
        values = self.cards.token_values
        return tuple(
            sum(self.cards.furriarty_value if t == self.furr else values[t] for t in self.collected[s])
            - (self.cards.paws_cost if self.paws_used[s] else 0)
            for s in range(self.players)
        )

    def _finish(self, caught: bool) -> None:
        """Caught: most VP is Chief Inspector, ties to fewest completed Investigations, then shared.
        Escaped: no winner; fewest VP is Litter Box Inspector, ties to most completed, then shared."""
        self.over = True
        scores = self.scores()
        done = [len(self.solved[s]) for s in range(self.players)]
        seats = range(self.players)
        if caught:
            best = max((scores[s], -done[s]) for s in seats)
            winners = tuple(s for s in seats if (scores[s], -done[s]) == best)
            litter: tuple[int, ...] = ()
            reason = f"seat {self.caught_by} caught Furriarty in round {self.round}"
            awards = {CHIEF: winners}
        else:
            worst = min((scores[s], -done[s]) for s in seats)
            litter = tuple(s for s in seats if (scores[s], -done[s]) == worst)
            winners = ()
            reason = "Furriarty escaped London"
            awards = {LITTER: litter}
        self.result = Outcome(caught, winners, tuple(float(x) for x in scores), reason, awards)
        self.emit(GameOver(caught, winners, scores, litter))

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        return self.result

    # -- contract: who acts and what they may do ---------------------------------------------------
    def pending_seats(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def optional_seats(self) -> tuple[int, ...]:
        """Paws: any seat that has not called it and has an Investigation may act out of turn."""
        if self.over:
            return ()
        return tuple(
            s for s in range(self.players) if s != self.turn and not self.paws_used[s] and self.investigation[s] >= 0
        )

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over:
            return []
        tables = self.tables
        result: list[Action] = []
        can_guess = self.investigation[seat] >= 0
        if seat == self.turn:
            if self.inv_state != DONE:
                result.extend(self._investigations(seat))
            if self.inv_state != IN_PROGRESS and not self.guessed and can_guess:
                result.extend(tables.guesses)
            if self.inv_state == DONE:
                result.append(tables.end_turn)
        if can_guess and not self.paws_used[seat]:
            result.extend(tables.paws)
        return result

    def _investigations(self, seat: int) -> list[Action]:
        """Investigate choices: every ordered choice of 2 hand cards, or the committed next card."""
        if self.inv_state == IN_PROGRESS:
            return [Investigate(self.inv_queue[0], tuple(self.inv_queue[1:]))]
        hand = sorted(self.hands[seat])
        need = min(self.cards.investigate_cards, len(hand))
        return [Investigate(p[0], tuple(p[1:])) for p in permutations(hand, need)]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Investigate):
            if seat != self.turn:
                return "you can only investigate on your own turn"
            if self.inv_state == DONE:
                return "you have already investigated this turn"
            hand = self.hands[seat]
            if self.inv_state == IN_PROGRESS:
                if action.card != self.inv_queue[0] or tuple(action.then) != tuple(self.inv_queue[1:]):
                    return f"you chose to reveal {self.cards.card_name(self.inv_queue[0])} next"
                return None
            chosen = (action.card, *action.then) if isinstance(action.then, tuple) else None
            if chosen is None or any(not isinstance(c, int) or c not in hand for c in chosen):
                return "that card is not in your hand"
            if len(set(chosen)) != len(chosen):
                return "choose different cards"
            need = min(self.cards.investigate_cards, len(hand))
            if len(chosen) != need:
                return f"choose {need} cards from your hand to investigate"
            return None
        if isinstance(action, Guess):
            cards = self.cards
            if action.suspect is None and action.hour is None:
                return "a guess names the suspect, the hour, or both"
            if action.suspect is not None and not (
                isinstance(action.suspect, int) and 0 <= action.suspect < len(cards.suspects)
            ):
                return f"there is no suspect number {action.suspect!r}"
            if action.hour is not None and not (isinstance(action.hour, int) and 1 <= action.hour <= cards.hours):
                return f"there is no hour {action.hour!r}"
            if self.investigation[seat] < 0:
                return "you have no Investigation to guess about"
            if action.paws:
                if self.paws_used[seat]:
                    return "you have already called Paws this game"
                return None
            if seat != self.turn:
                return "you can only guess on your own turn (or by calling Paws)"
            if self.inv_state == IN_PROGRESS:
                return "finish revealing your second card first (only Paws may interrupt an Investigate)"
            if self.guessed:
                return "you have already guessed this turn"
            return None
        if isinstance(action, EndTurn):
            if seat != self.turn:
                return "it is not your turn"
            if self.inv_state != DONE:
                return "you must investigate before ending your turn"
            return None
        return f"{action} is not a Purrrlock Holmes action"

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Investigate):
            if self.inv_state == NOT_STARTED:
                self.inv_queue = [action.card, *action.then]
            card = self.inv_queue.pop(0)
            self.hands[seat].remove(card)
            self.inv_state = IN_PROGRESS if self.inv_queue else DONE
            self._answer(seat, card, seeding=False)
        elif isinstance(action, Guess):
            self._guess(seat, action)
        else:
            self._cleanup()

    # -- views -----------------------------------------------------------------------------------
    def _view(self, seat: int | None, seer: bool, everything: bool = False) -> PurrrlockObservation:
        values = self.cards.token_values
        over = self.over or everything
        collected = tuple(
            tuple(
                self.cards.furriarty_value if t == self.furr
                else (values[t] if self.face_up[t] or s == seat or over else None)
                for t in self.collected[s]
            )
            for s in range(self.players)
        )
        furr_at = self.trail.index(self.furr) if self.furr in self.trail else 0
        return PurrrlockObservation(
            seat=seat,
            players=self.players,
            pending=self.pending_seats(),
            log=self.events_for(seat),
            outcome=self.result,
            round=self.round,
            turn=self.turn,
            last_round=self.last_round,
            # the replay's "everything" eyes turn the trail's face-down tokens up too (they had
            # stayed paws there, the one thing of the game that view still hid)
            trail=tuple(values[t] for t in self.trail if t != self.furr) if everything else self._public_trail(),
            furriarty_at=furr_at,
            hand=tuple(sorted(self.hands[seat])) if seat is not None else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            # the public view (handoff screens) shows no Investigation: each is secret from one seat;
            # once the game is over every Investigation is turned face up for everyone
            investigations=tuple(
                None if self.investigation[s] < 0 or (not over and (seat is None or s == seat))
                else self.investigation[s]
                for s in range(self.players)
            ),
            has_investigation=tuple(c >= 0 for c in self.investigation),
            leads=tuple(tuple(x) for x in self.leads),
            dead_ends=tuple(tuple(x) for x in self.dead_ends),
            solved=tuple(tuple(x) for x in self.solved),
            collected=collected,
            caught_furriarty=self.caught_by if self.caught_by >= 0 else None,
            paws_used=tuple(self.paws_used),
            deck_size=len(self.deck),
            discard=tuple(self.discard),
            investigate_state=self.inv_state,
            guessed=self.guessed,
            wrong_guess=self.wrong,
            committed=tuple(self.inv_queue) if seat == self.turn and self.inv_state == IN_PROGRESS else (),
            own_investigation=(
                self.investigation[seat] if seer and seat is not None and self.investigation[seat] >= 0 else None
            ),
        )

    def observe(self, seat: int | None) -> PurrrlockObservation:
        return self._view(seat, False)

    def seer_view(self, seat: int) -> PurrrlockObservation:
        return self._view(seat, True)

    def revealed_view(self) -> PurrrlockObservation:
        """Every Investigation, every hand, every token on the trail and every collected token face up (a replay's
        "everything" eyes): the log names each new Investigation, each card drawn or passed and
        each collected token. (The hands had stayed with their owners' eyes: the "everything" view
        showed no hand at all.)"""
        return dataclasses.replace(self._view(None, False, everything=True),
                                   hands=tuple(tuple(sorted(h)) for h in self.hands),
                                   log=self.revealed_log(("investigation_drawn", "tokens_collected", "drew",
                                                          "passed")))

    # -- search and tests ------------------------------------------------------------------------
    def clone(self) -> PurrrlockState:
        other = PurrrlockState.__new__(PurrrlockState)
        other.cards = self.cards
        other.rng = random.Random(0)  # an int seed is cheap; the state is replaced at once
        other.rng.setstate(self.rng.getstate())
        other.players = self.players
        other.log = list(self.log)
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.hands = [list(h) for h in self.hands]
        other.investigation = list(self.investigation)
        other.leads = [list(x) for x in self.leads]
        other.dead_ends = [list(x) for x in self.dead_ends]
        other.solved = [list(x) for x in self.solved]
        other.collected = [list(x) for x in self.collected]
        other.trail = list(self.trail)
        other.box = list(self.box)
        other.face_up = list(self.face_up)
        other.paws_used = list(self.paws_used)
        other.turn = self.turn
        other.round = self.round
        other.inv_state = self.inv_state
        other.inv_queue = list(self.inv_queue)
        other.guessed = self.guessed
        other.wrong = self.wrong
        other.last_round = self.last_round
        other.over = self.over
        other.caught_by = self.caught_by
        other.result = self.result
        other.counters = dict(self.counters)
        other.furr = self.furr
        other.tables = self.tables
        return other

    def check_invariants(self) -> None:
        """Every clue card is somewhere exactly once; every token and Furriarty too."""
        cards = list(self.deck) + self.discard + [c for c in self.investigation if c >= 0]
        for seat in range(self.players):
            cards += self.hands[seat] + self.leads[seat] + self.dead_ends[seat] + self.solved[seat]
        assert sorted(cards) == list(range(self.cards.card_count)), "a clue card was lost or duplicated"
        tokens = self.trail + self.box + [t for c in self.collected for t in c]
        assert sorted(tokens) == list(range(self.furr + 1)), "a token was lost or duplicated"
        for seat in range(self.players):
            assert len(self.hands[seat]) <= self.cards.hand_first, f"seat {seat} holds too many cards"
            for card in self.leads[seat]:
                assert self.cards.is_lead(card, self.investigation[seat]), "a dead end sits among the leads"
            for card in self.dead_ends[seat]:
                assert not self.cards.is_lead(card, self.investigation[seat]), "a lead sits among the dead ends"
        if not self.over:
            assert self.furr in self.trail, "Furriarty left the trail but the game goes on"
            assert all(not self.face_up[t] for t in self.box), "a boxed token was revealed"
            at = self.trail.index(self.furr)
            assert all(self.face_up[t] for t in self.trail[self.layout_face_up_start():at]), "a passed token is face down"
        assert 0 <= self.turn < self.players

    def layout_face_up_start(self) -> int:
        """Index in the current trail from which every token left of Furriarty must be face up."""
        layout = self.cards.trails[self.players]
        gone = sum(len(c) for c in self.collected)
        return max(0, layout.left_face_down - gone)

    def stats(self) -> dict[str, float]:
        """Figures the match runner averages over games."""
        out = {k: float(v) for k, v in self.counters.items()}
        out["rounds"] = float(self.round)
        out["caught"] = 1.0 if self.caught_by >= 0 else 0.0
        return out


class _Tables:
    __slots__ = ("guesses", "paws", "end_turn")

    def __init__(self, cards: PurrrlockCards) -> None:
        guesses = [Guess(s, None) for s in range(len(cards.suspects))]
        guesses += [Guess(None, h) for h in range(1, cards.hours + 1)]
        guesses += [Guess(s, h) for s in range(len(cards.suspects)) for h in range(1, cards.hours + 1)]
        self.guesses = tuple(guesses)
        self.paws = tuple(Guess(g.suspect, g.hour, True) for g in guesses)
        self.end_turn = EndTurn()


_TABLES: dict[int, tuple[PurrrlockCards, _Tables]] = {}


def _action_tables(cards: PurrrlockCards) -> _Tables:
    """The action objects of one card set, built once (legal_actions runs on every step)."""
    entry = _TABLES.get(id(cards))
    if entry is None or entry[0] is not cards:
        entry = _TABLES[id(cards)] = (cards, _Tables(cards))
    return entry[1]
