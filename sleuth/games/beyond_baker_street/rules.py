"""Beyond Baker Street: the rules engine (pure Python).

The players hold their evidence cards facing away from themselves: every seat sees the other
hands, never its own. Together they must confirm a Suspect, a Motive and an Opportunity lead and
land the Investigation track on exactly 20 before Holmes (a countdown track) reaches 0.

Rules as implemented (rulebook ``shared/rules/beyond-baker-street.txt`` and RULINGS.md):

- Setup: the case file sets Holmes's start space and how many cards the Impossible holds. Each
  lead section gets a pile of 3 random leads of its type, the top one face up. Hands of 6/4/3
  cards (2/3/4 players) are dealt from the shuffled 24 evidence cards; the rest is the deck.
  With characters, the seat holding the lowest character number starts; play goes clockwise
  (seat+1). Without characters seat 0 starts.
- A turn is exactly one action; passing is not allowed.
- Assist: tell another seat how many cards of one number or one icon they hold; it must be at
  least one and all such cards are pointed out (ruling 7). The target's knowledge of each card
  in their hand is updated, positively on the cards pointed out ("a 3") and negatively on the
  rest ("not a 3"); it stays attached to the card while it is in that hand. Holmes moves 1
  toward 0.
- Investigate: play a card from your hand to an unconfirmed lead. Matching icon: its number adds
  to the evidence; if the evidence then exceeds the lead's value (printed value plus every
  mismatched card under it), the lead dies (ruling 2). Other icon: the number raises the lead's
  value and never kills it (ruling 3). Then draw.
- Confirm: an unconfirmed lead whose evidence equals its value exactly; Holmes moves 1 away from
  0 (never above 20). Confirming the third lead off 20 is legal and loses (ruling 4).
- Eliminate: a card from your hand face up into the Impossible; the track advances by its
  number; above 20 loses at once (ruling 5). Then draw.
- Pursue: the top lead of an unconfirmed section goes face down into the Impossible, its
  evidence is shuffled into the deck (a new deck if it was empty) and the next lead is revealed;
  pursuing the last lead loses (ruling 6).
- The Impossible: each card added beyond the case file's limit moves Holmes 1 toward 0.
- Drawing: after playing a card, draw one if the deck has any, otherwise the hand shrinks
  (ruling 8).
- End: checked after every action, defeats first (ruling 9): Holmes at 0; the track above 20; a
  lead section emptied; the third lead confirmed off 20. Victory: the third lead confirmed with
  the track on 20.

Characters (COMPONENTS.md; each ability is read from the YAML ``ability`` data): see
``data/cards/beyond-baker-street.yaml`` for the list of ability kinds.

Design decisions (neither in the rulebook nor in RULINGS.md):

- Options: ``case`` 1..6; ``characters`` off or random; ``char1``..``char4`` set the character of
  seat 1..4 by its number (0 = none chosen: dealt at random when ``characters=random``, none
  otherwise). The same character cannot be given to two seats.
- Turn order: the rulebook makes the lowest character number the start player and then play
  goes clockwise, so seats keep their places; "right-hand neighbour" is the seat that plays just
  before (seat-1).
- Lady Eva Blackwell draws two only when she draws after playing a card (not in the initial
  deal) and only if the deck holds two; her right-hand neighbour sees both and chooses (a pending
  decision); the other card goes under the deck, seen only by the chooser.
- Lady Hilda Hope's second Assist is a pending decision after her first (``skip_assist``
  declines it); Holmes moved once, for the first.
- Sir Henry Baskerville's swap is his action; the card coming out of the Impossible joins the
  lead as an Investigate would place it (matching icon: evidence; other icon: raises the
  value); if the evidence then exceeds the value, the lead dies as in ruling 2. The track moves
  by the difference of the two numbers and may therefore exceed 20 (a loss).
- Langdale Pike's swap is his action; he picks one of his cards by its place in his hand.
- Mrs Hudson's return and Toby's look are actions any number of times; Toby needs a non-empty
  deck; Hudson's track drop is the card's printed number (also for a card Gregson doubled).
- Wiggins: a lead he pursues or kills leaves the game, but a section emptied that way still
  loses (nothing is left to confirm there).
- Mary Morstan's short confirm counts as a confirm in every respect (Holmes, third lead).
- Without characters seat 0 starts (the book's "who last read a Holmes story" is the app's job).
- An Assist that tells the target nothing new is still legal (it is how a seat with nothing
  useful to do passes, at Holmes's cost; the book forbids passing but not such an Assist).
- Toby's look is shown only to Toby (an event with a redacted twin for the others).
- If an action ends the game while Lady Eva's two drawn cards wait for the choice, they stay aside.
- The track never goes below 0 (only Mrs Hudson and Sir Henry lower it).
- The public view (``observe(None)``) shows no hand at all (it is drawn on hand-off screens).
- When the game is over every view shows every hand face up (the end of the game reveals all).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sleuth.core.engine import GameState, Observation, Outcome
from sleuth.core.values import Action, Event
from sleuth.games.beyond_baker_street.cards import Cards, load_cards

# ----------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class Assist(Action):
    """Tell ``target`` which of their cards show ``number`` (or ``icon``)."""

    KIND = "assist"
    target: int
    number: int | None = None
    icon: str | None = None


@dataclass(frozen=True)
class Investigate(Action):
    KIND = "investigate"
    slot: int
    section: str


@dataclass(frozen=True)
class Confirm(Action):
    KIND = "confirm"
    section: str


@dataclass(frozen=True)
class Eliminate(Action):
    KIND = "eliminate"
    slot: int


@dataclass(frozen=True)
class Pursue(Action):
    KIND = "pursue"
    section: str


@dataclass(frozen=True)
class RallyHolmes(Action):
    """Irene Adler, once per game: Holmes moves away from 0."""

    KIND = "rally_holmes"


@dataclass(frozen=True)
class SwapEvidence(Action):
    """Sir Henry Baskerville, once per game: swap ``card`` on a lead with ``impossible_card``."""

    KIND = "swap_evidence"
    section: str
    card: str
    impossible_card: str


@dataclass(frozen=True)
class SwapHands(Action):
    """Langdale Pike, once per game: swap his card at ``slot`` with ``target``'s at ``target_slot``."""

    KIND = "swap_hands"
    slot: int
    target: int
    target_slot: int


@dataclass(frozen=True)
class ReturnEvidence(Action):
    """Mrs Hudson: an eliminated card goes back into the deck."""

    KIND = "return_evidence"
    card: str


@dataclass(frozen=True)
class Peek(Action):
    """Toby: look at the top card of the deck."""

    KIND = "peek"


@dataclass(frozen=True)
class PlacePeeked(Action):
    """Toby, after Peek: leave the card on top or put it at the bottom."""

    KIND = "place_peeked"
    bottom: bool


@dataclass(frozen=True)
class ChooseKeep(Action):
    """Lady Eva Blackwell's right-hand neighbour: the card she keeps."""

    KIND = "choose_keep"
    card: str


@dataclass(frozen=True)
class SkipAssist(Action):
    """Lady Hilda Hope: decline the second Assist."""

    KIND = "skip_assist"


ACTION_CLASSES = (Assist, Investigate, Confirm, Eliminate, Pursue, RallyHolmes, SwapEvidence, SwapHands,
                  ReturnEvidence, Peek, PlacePeeked, ChooseKeep, SkipAssist)

# ----------------------------------------------------------------------------------------------
# Events


@dataclass(frozen=True)
class Dealt(Event):
    """Setup: the case, the characters and the start seat."""

    KIND = "dealt"
    case: int
    characters: tuple[int, ...]
    start: int


@dataclass(frozen=True)
class LeadRevealed(Event):
    KIND = "lead_revealed"
    section: str
    lead: str


@dataclass(frozen=True)
class Drew(Event):
    """``card`` is None in the copy the drawing seat sees (it never sees its own cards)."""

    KIND = "drew"
    seat: int
    card: str | None


@dataclass(frozen=True)
class Assisted(Event):
    KIND = "assisted"
    seat: int
    target: int
    number: int | None
    icon: str | None
    slots: tuple[int, ...]


@dataclass(frozen=True)
class Investigated(Event):
    KIND = "investigated"
    seat: int
    slot: int
    card: str
    section: str
    matched: bool
    evidence: int
    value: int


@dataclass(frozen=True)
class LeadDied(Event):
    KIND = "lead_died"
    section: str
    lead: str
    vanished: bool


@dataclass(frozen=True)
class Reshuffled(Event):
    KIND = "reshuffled"
    cards: tuple[str, ...]
    deck: int


@dataclass(frozen=True)
class Confirmed(Event):
    KIND = "confirmed"
    seat: int
    section: str
    lead: str


@dataclass(frozen=True)
class Eliminated(Event):
    KIND = "eliminated"
    seat: int
    slot: int
    card: str
    track: int


@dataclass(frozen=True)
class Pursued(Event):
    KIND = "pursued"
    seat: int
    section: str
    lead: str


@dataclass(frozen=True)
class HolmesMoved(Event):
    KIND = "holmes_moved"
    steps: int
    holmes: int
    why: str


@dataclass(frozen=True)
class Rallied(Event):
    KIND = "rallied"
    seat: int


@dataclass(frozen=True)
class SwappedEvidence(Event):
    KIND = "swapped_evidence"
    seat: int
    section: str
    card: str
    impossible_card: str
    track: int


@dataclass(frozen=True)
class SwappedHands(Event):
    KIND = "swapped_hands"
    seat: int
    slot: int
    target: int
    target_slot: int
    gave: str
    got: str


@dataclass(frozen=True)
class Returned(Event):
    KIND = "returned"
    seat: int
    card: str
    track: int


@dataclass(frozen=True)
class Peeked(Event):
    KIND = "peeked"
    seat: int
    card: str | None


@dataclass(frozen=True)
class PlacedPeeked(Event):
    KIND = "placed_peeked"
    seat: int
    bottom: bool


@dataclass(frozen=True)
class DrewTwo(Event):
    """Lady Eva drew two; ``cards`` shown only to the chooser."""

    KIND = "drew_two"
    seat: int
    chooser: int
    cards: tuple[str | None, ...]


@dataclass(frozen=True)
class Kept(Event):
    KIND = "kept"
    chooser: int
    seat: int
    card: str | None
    buried: str | None


@dataclass(frozen=True)
class SkippedAssist(Event):
    KIND = "skipped_assist"
    seat: int


@dataclass(frozen=True)
class GameOver(Event):
    KIND = "game_over"
    won: bool
    reason: str


EVENT_CLASSES = (Dealt, LeadRevealed, Drew, Assisted, Investigated, LeadDied, Reshuffled, Confirmed, Eliminated,
                 Pursued, HolmesMoved, Rallied, SwappedEvidence, SwappedHands, Returned, Peeked, PlacedPeeked,
                 DrewTwo, Kept, SkippedAssist, GameOver)

# ----------------------------------------------------------------------------------------------
# Observation


@dataclass(frozen=True)
class SectionView:
    """One lead section as the table shows it.

    ``lead`` is the face-up lead (its id in ``Cards.leads``), or None once the pile is empty.
    ``value`` is the printed value plus the mismatched cards; ``evidence`` the matching total.
    ``pile`` counts the leads still in the section, the face-up one included.
    """

    id: str
    lead: int | None
    icon: int
    printed: int
    value: int
    evidence: int
    cards: tuple[int, ...]
    mismatched: tuple[int, ...]
    pile: int
    confirmed: bool


@dataclass(frozen=True)
class BBSObservation(Observation):
    """What one seat may know.

    ``hands[s]`` lists seat s's cards (evidence ids) in hand order, None where this seat may not
    see them (its own hand; every hand in the public view). ``knowledge[s][i]`` is what seat s was
    told about its card i by Assists: a pair (icon mask, number mask) of still possible icons
    (bit i = ``Cards.icons[i]``) and numbers (bit n = number n).
    ``decision`` names a pending decision (``eva_choice``, ``toby_place``, ``hilda_second``) and
    ``decision_seat`` who takes it; ``decision_cards`` the cards that decision shows this seat.
    """

    case: int
    holmes: int
    holmes_max: int
    investigation: int
    target: int
    impossible_limit: int
    impossible: tuple[int, ...]
    dead_leads: tuple[int, ...]
    vanished_leads: tuple[int, ...]
    sections: tuple[SectionView, ...]
    deck_size: int
    hands: tuple[tuple[int | None, ...], ...]
    knowledge: tuple[tuple[tuple[int, int], ...], ...]
    characters: tuple[int, ...]
    used: tuple[bool, ...]
    turn: int
    start: int
    decision: str | None
    decision_seat: int | None
    decision_cards: tuple[int, ...]
    assists_left: int


# ----------------------------------------------------------------------------------------------
# The state


class _Tables:
    """Per-card-set lookups shared by every state (never mutated)."""

    def __init__(self, cards: Cards) -> None:
        self.cards = cards
        self.icon_of = tuple(e.icon for e in cards.evidence)
        self.num_of = tuple(e.number for e in cards.evidence)
        self.key_of = tuple(cards.card_key(e.id) for e in cards.evidence)
        self.card_of = {k: i for i, k in enumerate(self.key_of)}
        self.lead_key = tuple(cards.lead_key(ld.id) for ld in cards.leads)
        self.section_ids = tuple(s.id for s in cards.sections)
        self.section_of = {s: i for i, s in enumerate(self.section_ids)}
        self.icon_ids = tuple(i.id for i in cards.icons)
        self.icon_index = {s: i for i, s in enumerate(self.icon_ids)}
        self.full_icons = (1 << len(cards.icons)) - 1
        self.full_numbers = 0
        for n in set(self.num_of):
            self.full_numbers |= 1 << n
        self.numbers = tuple(sorted(set(self.num_of)))
        self.ncards = len(cards.evidence)


_TABLES: dict[int, _Tables] = {}


def tables_for(cards: Cards) -> _Tables:
    t = _TABLES.get(id(cards))
    if t is None or t.cards is not cards:
        t = _Tables(cards)
        _TABLES[id(cards)] = t
    return t


class BBSState(GameState):
    GAME_ID = "beyond-baker-street"
    __slots__ = (
        "t", "_rng", "_rng_state", "players", "log", "case", "holmes", "investigation", "limit", "deck", "hands", "know_icon",
        "know_num", "piles", "lead_ev", "lead_mis", "confirmed", "impossible_ev", "impossible_leads", "vanished",
        "chars", "abilities", "used", "turn", "start", "decision", "limbo", "result", "turns", "assists",
    )

    def __init__(
        self,
        cards: Cards,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        seat_characters: tuple[int, ...] | None = None,
    ) -> None:
        options = dict(options or {})
        t = tables_for(cards)
        self.t = t
        self._rng_state = None
        self._rng = random.Random(seed)
        self.players = players
        self.log = []
        if not cards.min_players <= players <= cards.max_players:
            raise ValueError(f"Beyond Baker Street is for {cards.min_players}-{cards.max_players} players")
        case_no = int(options.get("case", 1))
        case = cards.case(case_no)
        self.case = case_no
        self.holmes = case.holmes
        self.investigation = 0
        self.limit = case.impossible_limit
        # characters
        if seat_characters is None:
            seat_characters = _characters_from_options(cards, players, options, self.rng)
        if len(seat_characters) != players:
            raise ValueError(f"seat_characters needs {players} entries")
        chosen = [c for c in seat_characters if c]
        if len(set(chosen)) != len(chosen):
            raise ValueError("two seats cannot play the same character")
        self.chars = list(seat_characters)
        self.abilities = tuple(cards.character(c).ability if c else None for c in self.chars)
        for ab in self.abilities:
            if ab is not None and ab.kind == "impossible_bonus":
                self.limit += ab.extra
        self.used = [False] * players
        # leads
        self.piles = []
        for section in cards.sections:
            pool = list(section.leads)
            self.rng.shuffle(pool)
            self.piles.append(pool[: section.pile])
        self.lead_ev = [[] for _ in cards.sections]
        self.lead_mis = [[] for _ in cards.sections]
        self.confirmed = [False] * len(cards.sections)
        self.impossible_ev = []
        self.impossible_leads = []
        self.vanished = []
        # evidence
        self.deck = list(range(t.ncards))
        self.rng.shuffle(self.deck)
        self.know_icon = [t.full_icons] * t.ncards
        self.know_num = [t.full_numbers] * t.ncards
        self.hands = [[] for _ in range(players)]
        self.limbo = []
        self.decision = None
        self.result = None
        self.turns = 0
        self.assists = 0
        if any(self.chars):
            numbered = [(c if c else 10_000, s) for s, c in enumerate(self.chars)]
            self.start = min(numbered)[1]
        else:
            self.start = 0
        self.turn = self.start
        self.emit(Dealt(case_no, tuple(self.chars), self.start))
        for s in range(len(cards.sections)):
            self.emit(LeadRevealed(t.section_ids[s], t.lead_key[self.piles[s][0]]))
        for _ in range(cards.hand_sizes[players]):
            for seat in range(players):
                self._draw_one(seat)

    # -- the random generator (copied lazily: clones share its state until one of them shuffles) --
    @property
    def rng(self) -> random.Random:
        r = self._rng
        if r is None:
            r = random.Random.__new__(random.Random)
            r.setstate(self._rng_state)
            self._rng = r
            self._rng_state = None
        return r

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_state = None

    # -- helpers -------------------------------------------------------------------------------
    def _ability(self, seat: int, kind: str):
        ab = self.abilities[seat]
        return ab if ab is not None and ab.kind == kind else None

    def _others(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s != seat)

    def _draw_one(self, seat: int) -> None:
        if not self.deck:
            return
        card = self.deck.pop()
        self._to_hand(seat, card)

    def _to_hand(self, seat: int, card: int) -> None:
        t = self.t
        self.hands[seat].append(card)
        self.know_icon[card] = t.full_icons
        self.know_num[card] = t.full_numbers
        key = t.key_of[card]
        self.emit(Drew(seat, key, audience=self._others(seat)))
        self.emit(Drew(seat, None, audience=(seat,), public=True))

    def lead_value(self, s: int) -> int:
        pile = self.piles[s]
        if not pile:
            return 0
        num = self.t.num_of
        return self.t.cards.leads[pile[0]].value + sum(num[c] for c in self.lead_mis[s])

    def lead_evidence(self, s: int) -> int:
        num = self.t.num_of
        return sum(num[c] for c in self.lead_ev[s])

    def impossible_count(self) -> int:
        return len(self.impossible_ev) + len(self.impossible_leads)

    def _move_holmes(self, steps: int, why: str) -> None:
        before = self.holmes
        self.holmes = max(0, min(self.t.cards.holmes_max, self.holmes + steps))
        if self.holmes != before:
            self.emit(HolmesMoved(self.holmes - before, self.holmes, why))

    def _add_impossible_card(self, seat: int | None, lead: int | None = None, evidence: int | None = None,
                             free: bool = False) -> None:
        if lead is not None:
            self.impossible_leads.append(lead)
        else:
            self.impossible_ev.append(evidence)
        if self.impossible_count() > self.limit and not free:
            self._move_holmes(-1, "impossible")

    def _shuffle_into_deck(self, cards: list[int]) -> None:
        if not cards:
            return
        self.deck.extend(cards)
        self.rng.shuffle(self.deck)
        self.emit(Reshuffled(tuple(self.t.key_of[c] for c in cards), len(self.deck)))

    def _lose_lead(self, seat: int, s: int) -> None:
        """The top lead of section s leaves (pursued or dead): Impossible (or gone), evidence reshuffled."""
        t = self.t
        lead = self.piles[s].pop(0)
        vanish = self._ability(seat, "leads_vanish") is not None
        self.emit(LeadDied(t.section_ids[s], t.lead_key[lead], vanish))
        if vanish:
            self.vanished.append(lead)
        else:
            self._add_impossible_card(seat, lead=lead)
        back = self.lead_ev[s] + self.lead_mis[s]
        self.lead_ev[s] = []
        self.lead_mis[s] = []
        self._shuffle_into_deck(back)
        if self.piles[s]:
            self.emit(LeadRevealed(t.section_ids[s], t.lead_key[self.piles[s][0]]))

    def _after_play(self, seat: int) -> None:
        """Draw after playing a card (Lady Eva draws two and waits for her neighbour)."""
        ab = self._ability(seat, "draw_choose")
        if ab is not None and len(self.deck) >= 2 and ab.draw >= 2:
            count = min(ab.draw, len(self.deck))
            self.limbo = [self.deck.pop() for _ in range(count)]
            chooser = (seat - 1) % self.players
            keys = tuple(self.t.key_of[c] for c in self.limbo)
            self.emit(DrewTwo(seat, chooser, keys, audience=(chooser,)))
            self.emit(DrewTwo(seat, chooser, tuple(None for _ in keys), audience=tuple(
                s for s in range(self.players) if s != chooser), public=True))
            self.decision = ("eva_choice", chooser, seat)
            return
        self._draw_one(seat)

    # -- who acts ------------------------------------------------------------------------------
    def pending_seats(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        if self.decision is not None:
            return (self.decision[1],)
        return (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.result is not None:
            return []
        t = self.t
        d = self.decision
        if d is not None:
            if seat != d[1]:
                return []
            kind = d[0]
            if kind == "eva_choice":
                return [ChooseKeep(t.key_of[c]) for c in self.limbo]
            if kind == "toby_place":
                return [PlacePeeked(False), PlacePeeked(True)]
            return [*self._assists(seat), SkipAssist()]
        if seat != self.turn:
            return []
        acts: list[Action] = []
        hand = self.hands[seat]
        open_sections = [s for s in range(len(self.piles)) if not self.confirmed[s] and self.piles[s]]
        short = self._ability(seat, "confirm_short")
        for s in open_sections:
            diff = self.lead_value(s) - self.lead_evidence(s)
            if diff == 0 or (short is not None and 0 <= diff <= short.short):
                acts.append(Confirm(t.section_ids[s]))
        for i in range(len(hand)):
            for s in open_sections:
                acts.append(Investigate(i, t.section_ids[s]))
        for i in range(len(hand)):
            acts.append(Eliminate(i))
        for s in open_sections:
            acts.append(Pursue(t.section_ids[s]))
        acts.extend(self._assists(seat))
        ab = self.abilities[seat]
        if ab is not None:
            acts.extend(self._ability_actions(seat, ab))
        return acts

    def _assists(self, seat: int) -> list[Action]:
        t = self.t
        ab = self.abilities[seat]
        forbid = ab.about if ab is not None and ab.kind == "forbid_assist" else ""
        acts: list[Action] = []
        for target in range(self.players):
            if target == seat or not self.hands[target]:
                continue
            hand = self.hands[target]
            if forbid != "number":
                for n in sorted({t.num_of[c] for c in hand}):
                    acts.append(Assist(target, number=n))
            for i in sorted({t.icon_of[c] for c in hand}):
                if t.icon_ids[i] != forbid:
                    acts.append(Assist(target, icon=t.icon_ids[i]))
        return acts

    def _ability_actions(self, seat: int, ab) -> list[Action]:
        t = self.t
        kind = ab.kind
        if ab.once and self.used[seat]:
            return []
        if kind == "rally_holmes":
            return [RallyHolmes()]
        if kind == "swap_lead_impossible":
            acts: list[Action] = []
            for s in range(len(self.piles)):
                if self.confirmed[s] or not self.piles[s]:
                    continue
                for c in self.lead_ev[s] + self.lead_mis[s]:
                    for x in self.impossible_ev:
                        acts.append(SwapEvidence(t.section_ids[s], t.key_of[c], t.key_of[x]))
            return acts
        if kind == "swap_hands":
            acts = []
            for i in range(len(self.hands[seat])):
                for target in self._others(seat):
                    for j in range(len(self.hands[target])):
                        acts.append(SwapHands(i, target, j))
            return acts
        if kind == "return_eliminated":
            return [ReturnEvidence(t.key_of[c]) for c in self.impossible_ev]
        if kind == "peek_top":
            return [Peek()] if self.deck else []
        return []

    # -- checking ------------------------------------------------------------------------------
    def why_illegal(self, seat: int, action: Action) -> str | None:
        t = self.t
        d = self.decision
        if d is not None:
            who = d[1]
            kind = d[0]
            if seat != who:
                return f"the game is waiting for seat {who} to decide"
            if kind == "eva_choice":
                if not isinstance(action, ChooseKeep):
                    return "choose which of the two drawn cards Lady Eva keeps"
                c = t.card_of.get(action.card)
                if c is None or c not in self.limbo:
                    return f"{action.card} is not one of the two cards Lady Eva drew"
                return None
            if kind == "toby_place":
                if not isinstance(action, PlacePeeked):
                    return "choose whether the card you looked at stays on top or goes to the bottom"
                return None
            if isinstance(action, SkipAssist):
                return None
            if not isinstance(action, Assist):
                return "give your second Assist or skip it"
            return self._why_assist(seat, action)
        if seat != self.turn:
            return "it is not your turn"
        hand = self.hands[seat]
        if isinstance(action, Assist):
            return self._why_assist(seat, action)
        if isinstance(action, (Investigate, Confirm, Pursue)):
            s = t.section_of.get(action.section)
            if s is None:
                return f"there is no lead section {action.section!r}"
            if self.confirmed[s]:
                return f"the {action.section} lead is already confirmed"
            if not self.piles[s]:
                return f"the {action.section} section has no lead left"
            if isinstance(action, Investigate):
                if not 0 <= action.slot < len(hand):
                    return f"you have no card in place {action.slot}"
                return None
            if isinstance(action, Confirm):
                diff = self.lead_value(s) - self.lead_evidence(s)
                short = self._ability(seat, "confirm_short")
                if diff == 0 or (short is not None and 0 <= diff <= short.short):
                    return None
                return (f"the {action.section} lead needs evidence equal to its value "
                        f"({self.lead_evidence(s)} of {self.lead_value(s)})")
            return None
        if isinstance(action, Eliminate):
            if not 0 <= action.slot < len(hand):
                return f"you have no card in place {action.slot}"
            return None
        if isinstance(action, (SkipAssist, PlacePeeked, ChooseKeep)):
            return "there is no decision of that kind to take now"
        ab = self.abilities[seat]
        needed = {RallyHolmes: "rally_holmes", SwapEvidence: "swap_lead_impossible", SwapHands: "swap_hands",
                  ReturnEvidence: "return_eliminated", Peek: "peek_top"}.get(type(action))
        if needed is None:
            return f"{action} is not a Beyond Baker Street action"
        if ab is None or ab.kind != needed:
            return "your character does not have that ability"
        if ab.once and self.used[seat]:
            return "that ability may be used only once per game and you have used it"
        if isinstance(action, SwapEvidence):
            s = t.section_of.get(action.section)
            if s is None or self.confirmed[s] or not self.piles[s]:
                return "swap with a card on an unconfirmed lead"
            c = t.card_of.get(action.card)
            if c is None or c not in self.lead_ev[s] and c not in self.lead_mis[s]:
                return f"{action.card} is not on the {action.section} lead"
            x = t.card_of.get(action.impossible_card)
            if x is None or x not in self.impossible_ev:
                return f"{action.impossible_card} is not an eliminated card in the Impossible"
            return None
        if isinstance(action, SwapHands):
            if not 0 <= action.slot < len(hand):
                return f"you have no card in place {action.slot}"
            if action.target == seat or not 0 <= action.target < self.players:
                return "swap with another player"
            if not 0 <= action.target_slot < len(self.hands[action.target]):
                return f"seat {action.target} has no card in place {action.target_slot}"
            return None
        if isinstance(action, ReturnEvidence):
            c = t.card_of.get(action.card)
            if c is None or c not in self.impossible_ev:
                return f"{action.card} is not an eliminated card in the Impossible"
            return None
        if isinstance(action, Peek) and not self.deck:
            return "the deck is empty"
        return None

    def _why_assist(self, seat: int, action: Assist) -> str | None:
        t = self.t
        if action.target == seat:
            return "you cannot assist yourself"
        if not 0 <= action.target < self.players:
            return f"there is no seat {action.target}"
        if (action.number is None) == (action.icon is None):
            return "an Assist names exactly one number or one icon"
        ab = self.abilities[seat]
        forbid = ab.about if ab is not None and ab.kind == "forbid_assist" else ""
        hand = self.hands[action.target]
        if action.number is not None:
            if forbid == "number":
                return "your character may not name numbers in an Assist"
            if not any(t.num_of[c] == action.number for c in hand):
                return f"seat {action.target} holds no {action.number}: you may not tell a player they have none"
            return None
        i = t.icon_index.get(action.icon)
        if i is None:
            return f"there is no icon {action.icon!r}"
        if forbid == action.icon:
            return f"your character may not name {action.icon} in an Assist"
        if not any(t.icon_of[c] == i for c in hand):
            return f"seat {action.target} holds no {action.icon}: you may not tell a player they have none"
        return None

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> None:
        t = self.t
        d = self.decision
        if d is not None:
            kind = d[0]
            self.decision = None
            if kind == "eva_choice":
                eva = d[2]
                keep = t.card_of[action.card]
                other = [c for c in self.limbo if c != keep]
                self.limbo = []
                for c in other:
                    self.deck.insert(0, c)
                key = t.key_of[keep]
                buried = t.key_of[other[0]] if other else None
                self.emit(Kept(seat, eva, key, buried, audience=(seat,)))
                self.emit(Kept(seat, eva, key, None, audience=tuple(
                    s for s in range(self.players) if s not in (seat, eva))))
                if eva != seat:
                    self.emit(Kept(seat, eva, None, None, audience=(eva,), public=True))
                self.hands[eva].append(keep)
                self.know_icon[keep] = t.full_icons
                self.know_num[keep] = t.full_numbers
                self._end_turn(eva)
                return
            if kind == "toby_place":
                if action.bottom:
                    self.deck.insert(0, self.deck.pop())
                self.emit(PlacedPeeked(seat, action.bottom))
                self._end_turn(seat)
                return
            # Hilda's second assist
            if isinstance(action, SkipAssist):
                self.emit(SkippedAssist(seat))
            else:
                self._assist(seat, action, move_holmes=False)
            self._end_turn(seat)
            return

        hand = self.hands[seat]
        if isinstance(action, Assist):
            self._assist(seat, action, move_holmes=True)
            ab = self._ability(seat, "assists_per_action")
            if ab is not None and ab.count >= 2 and self.result is None and self._check_end() is None:
                self.decision = ("hilda_second", seat)
                return
        elif isinstance(action, Investigate):
            s = t.section_of[action.section]
            card = hand.pop(action.slot)
            lead = t.cards.leads[self.piles[s][0]]
            matched = t.icon_of[card] == lead.icon
            if matched:
                self.lead_ev[s].append(card)
            else:
                self.lead_mis[s].append(card)
            ev, val = self.lead_evidence(s), self.lead_value(s)
            self.emit(Investigated(seat, action.slot, t.key_of[card], action.section, matched, ev, val))
            if ev > val:
                self._lose_lead(seat, s)
            self._after_play(seat)
        elif isinstance(action, Confirm):
            s = t.section_of[action.section]
            self.confirmed[s] = True
            self.emit(Confirmed(seat, action.section, t.lead_key[self.piles[s][0]]))
            ab = self._ability(seat, "confirm_holmes")
            self._move_holmes(ab.steps if ab is not None else 1, "confirm")
        elif isinstance(action, Eliminate):
            card = hand.pop(action.slot)
            mult = self._ability(seat, "eliminate_multiplier")
            self.investigation += t.num_of[card] * (mult.factor if mult is not None else 1)
            self.emit(Eliminated(seat, action.slot, t.key_of[card], self.investigation))
            self._add_impossible_card(seat, evidence=card, free=self._ability(seat, "eliminate_no_holmes") is not None)
            self._after_play(seat)
        elif isinstance(action, Pursue):
            s = t.section_of[action.section]
            self.emit(Pursued(seat, action.section, t.lead_key[self.piles[s][0]]))
            self._lose_lead(seat, s)
        elif isinstance(action, RallyHolmes):
            self.used[seat] = True
            self.emit(Rallied(seat))
            self._move_holmes(self.abilities[seat].steps, "rally")
        elif isinstance(action, SwapEvidence):
            self.used[seat] = True
            s = t.section_of[action.section]
            c = t.card_of[action.card]
            x = t.card_of[action.impossible_card]
            (self.lead_ev[s] if c in self.lead_ev[s] else self.lead_mis[s]).remove(c)
            self.impossible_ev[self.impossible_ev.index(x)] = c
            lead = t.cards.leads[self.piles[s][0]]
            (self.lead_ev[s] if t.icon_of[x] == lead.icon else self.lead_mis[s]).append(x)
            self.investigation = max(0, self.investigation + t.num_of[c] - t.num_of[x])
            self.emit(SwappedEvidence(seat, action.section, action.card, action.impossible_card, self.investigation))
            if self.lead_evidence(s) > self.lead_value(s):
                self._lose_lead(seat, s)
        elif isinstance(action, SwapHands):
            self.used[seat] = True
            other = self.hands[action.target]
            mine, theirs = hand[action.slot], other[action.target_slot]
            hand[action.slot], other[action.target_slot] = theirs, mine
            for c in (mine, theirs):
                self.know_icon[c] = 1 << t.icon_of[c]
                self.know_num[c] = 1 << t.num_of[c]
            self.emit(SwappedHands(seat, action.slot, action.target, action.target_slot, t.key_of[mine],
                                   t.key_of[theirs]))
        elif isinstance(action, ReturnEvidence):
            c = t.card_of[action.card]
            self.impossible_ev.remove(c)
            self.investigation = max(0, self.investigation - t.num_of[c])
            self.emit(Returned(seat, action.card, self.investigation))
            self._shuffle_into_deck([c])
        elif isinstance(action, Peek):
            top = self.deck[-1]
            self.emit(Peeked(seat, t.key_of[top], audience=(seat,)))
            self.emit(Peeked(seat, None, audience=self._others(seat), public=True))
            self.decision = ("toby_place", seat)
            return
        if self.decision is not None:
            if self._check_end() is not None:
                self.decision = None
                self._finish()
            return
        self._end_turn(seat)

    def _assist(self, seat: int, action: Assist, move_holmes: bool) -> None:
        t = self.t
        hand = self.hands[action.target]
        slots = []
        if action.number is not None:
            bit = 1 << action.number
            for i, c in enumerate(hand):
                if t.num_of[c] == action.number:
                    self.know_num[c] = bit
                    slots.append(i)
                else:
                    self.know_num[c] &= ~bit
        else:
            ic = t.icon_index[action.icon]
            bit = 1 << ic
            for i, c in enumerate(hand):
                if t.icon_of[c] == ic:
                    self.know_icon[c] = bit
                    slots.append(i)
                else:
                    self.know_icon[c] &= ~bit
        self.assists += 1
        self.emit(Assisted(seat, action.target, action.number, action.icon, tuple(slots)))
        if move_holmes:
            self._move_holmes(-1, "assist")

    def _end_turn(self, seat: int) -> None:
        """After a complete action: check the end, else pass the turn clockwise."""
        self.turns += 1
        if self._check_end() is not None:
            self._finish()
            return
        self.turn = (self.turn + 1) % self.players

    def _check_end(self) -> tuple[bool, str] | None:
        target = self.t.cards.investigation_target
        if self.holmes <= 0:
            return (False, "Holmes solved the case first")
        if self.investigation > target:
            return (False, f"the Investigation track went past {target}")
        for s, pile in enumerate(self.piles):
            if not pile:
                return (False, f"the last {self.t.cards.sections[s].name} lead was lost")
        if all(self.confirmed):
            if self.investigation != target:
                return (False, f"the third lead was confirmed with the Investigation track on {self.investigation}")
            return (True, "the case is solved before Holmes")
        return None

    def _finish(self) -> None:
        won, reason = self._check_end()
        self.result = (won, reason)
        self.emit(GameOver(won, reason))

    # -- views ---------------------------------------------------------------------------------
    def _view(self, seat: int | None, own: bool) -> BBSObservation:
        t = self.t
        secs = []
        for s in range(len(self.piles)):
            pile = self.piles[s]
            lead = pile[0] if pile else None
            ld = t.cards.leads[lead] if lead is not None else None
            secs.append(SectionView(
                t.section_ids[s], lead, ld.icon if ld else -1, ld.value if ld else 0, self.lead_value(s),
                self.lead_evidence(s), tuple(self.lead_ev[s]), tuple(self.lead_mis[s]), len(pile), self.confirmed[s]))
        hands = []
        over = self.result is not None  # the game is over: every hand is turned face up for all
        for s, hand in enumerate(self.hands):
            if not over and (seat is None or (s == seat and not own)):
                hands.append(tuple(None for _ in hand))
            else:
                hands.append(tuple(hand))
        d = self.decision
        dcards: tuple[int, ...] = ()
        if d is not None and seat == d[1]:
            if d[0] == "eva_choice":
                dcards = tuple(self.limbo)
            elif d[0] == "toby_place":
                dcards = (self.deck[-1],)
        ab_count = 0
        if d is not None and d[0] == "hilda_second":
            ab_count = 1
        return BBSObservation(
            seat=seat,
            players=self.players,
            pending=self.pending_seats(),
            log=self.events_for(seat),
            outcome=self.outcome(),
            case=self.case,
            holmes=self.holmes,
            holmes_max=t.cards.holmes_max,
            investigation=self.investigation,
            target=t.cards.investigation_target,
            impossible_limit=self.limit,
            impossible=tuple(self.impossible_ev),
            dead_leads=tuple(self.impossible_leads),
            vanished_leads=tuple(self.vanished),
            sections=tuple(secs),
            deck_size=len(self.deck),
            hands=tuple(hands),
            knowledge=tuple(tuple((self.know_icon[c], self.know_num[c]) for c in hand) for hand in self.hands),
            characters=tuple(self.chars),
            used=tuple(self.used),
            turn=self.turn,
            start=self.start,
            decision=d[0] if d is not None else None,
            decision_seat=d[1] if d is not None else None,
            decision_cards=dcards,
            assists_left=ab_count,
        )

    def observe(self, seat: int | None) -> BBSObservation:
        return self._view(seat, False)

    def seer_view(self, seat: int) -> BBSObservation:
        return self._view(seat, True)

    # -- the end -------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        won, reason = self.result
        score = 1.0 if won else 0.0
        return Outcome(won, tuple(range(self.players)) if won else (), tuple(score for _ in range(self.players)),
                       reason)

    def stats(self) -> dict[str, float]:
        return {
            "turns": float(self.turns),
            "assists": float(self.assists),
            "holmes_left": float(self.holmes),
            "track": float(self.investigation),
            "confirmed": float(sum(self.confirmed)),
        }

    # -- search --------------------------------------------------------------------------------
    def clone(self) -> BBSState:
        o = BBSState.__new__(BBSState)
        o.t = self.t
        if self._rng is not None:
            self._rng_state = self._rng.getstate()
            self._rng = None
        o._rng = None
        o._rng_state = self._rng_state
        o.players = self.players
        o.log = list(self.log)
        o.case = self.case
        o.holmes = self.holmes
        o.investigation = self.investigation
        o.limit = self.limit
        o.deck = self.deck[:]
        o.hands = [h[:] for h in self.hands]
        o.know_icon = self.know_icon[:]
        o.know_num = self.know_num[:]
        o.piles = [p[:] for p in self.piles]
        o.lead_ev = [p[:] for p in self.lead_ev]
        o.lead_mis = [p[:] for p in self.lead_mis]
        o.confirmed = self.confirmed[:]
        o.impossible_ev = self.impossible_ev[:]
        o.impossible_leads = self.impossible_leads[:]
        o.vanished = self.vanished[:]
        o.chars = self.chars[:]
        o.abilities = self.abilities
        o.used = self.used[:]
        o.turn = self.turn
        o.start = self.start
        o.decision = self.decision
        o.limbo = self.limbo[:]
        o.result = self.result
        o.turns = self.turns
        o.assists = self.assists
        return o

    def check_invariants(self) -> None:
        t = self.t
        everywhere = self.deck + [c for h in self.hands for c in h] + self.impossible_ev + self.limbo
        for s in range(len(self.piles)):
            everywhere += self.lead_ev[s] + self.lead_mis[s]
        assert sorted(everywhere) == list(range(t.ncards)), "an evidence card was lost or duplicated"
        leads = [ld for p in self.piles for ld in p] + self.impossible_leads + self.vanished
        assert len(leads) == len(set(leads)) == sum(s.pile for s in t.cards.sections), "a lead was lost"
        assert 0 <= self.holmes <= t.cards.holmes_max, f"Holmes off the track: {self.holmes}"
        target = t.cards.investigation_target
        assert 0 <= self.investigation, "Investigation track below 0"
        if self.result is None:
            assert self.investigation <= target, "Investigation track above 20 in a running game"
            assert self.holmes > 0
            for s in range(len(self.piles)):
                if self.confirmed[s]:
                    continue
                assert self.lead_evidence(s) <= self.lead_value(s), "a lead holds more evidence than its value"
        assert len(self.limbo) == 0 or (self.decision is not None and self.decision[0] == "eva_choice") \
            or self.result is not None


def _characters_from_options(cards: Cards, players: int, options: Mapping[str, Any],
                             rng: random.Random) -> tuple[int, ...]:
    chosen = []
    for seat in range(players):
        chosen.append(int(options.get(f"char{seat + 1}", 0) or 0))
    for seat in range(players, cards.max_players):
        if int(options.get(f"char{seat + 1}", 0) or 0):
            raise ValueError(f"char{seat + 1} is set but there are only {players} players")
    picked = [c for c in chosen if c]
    if len(set(picked)) != len(picked):
        raise ValueError("two seats cannot play the same character")
    if options.get("characters", "off") == "random":
        pool = [ch.number for ch in cards.characters if ch.number not in picked]
        rng.shuffle(pool)
        for seat in range(players):
            if not chosen[seat]:
                chosen[seat] = pool.pop()
    return tuple(chosen)


def new_game(players: int, options: Mapping[str, Any], seed: int) -> BBSState:
    return BBSState(load_cards(), players, options, seed)
