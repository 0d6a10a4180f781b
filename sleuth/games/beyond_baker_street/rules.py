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
  0 (never above 20). Confirming the third lead off 20 is legal and loses (ruling 4). The lead's
  evidence cards are turned face down and may no longer be looked at: every view shows them as a
  count (``SectionView.face_down``); what a seat saw played there stays in its log.
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

Characters (COMPONENTS.md; each ability is read from the YAML ``ability`` data): their actions,
events, rules and design decisions are in ``characters.py`` (``CharacterRules``, mixed into
``BBSState`` here).

Design decisions (neither in the rulebook nor in RULINGS.md):

- Options: ``case`` 1..6; ``characters`` and ``char1``..``char4`` (see characters.py).
- Turn order: the rulebook makes the lowest character number the start player and then play
  goes clockwise, so seats keep their places; "right-hand neighbour" is the seat that plays just
  before (seat-1).
- Without characters seat 0 starts (the book's "who last read a Holmes story" is the app's job).
- An Assist that tells the target nothing new is still legal (it is how a seat with nothing
  useful to do passes, at Holmes's cost; the book forbids passing but not such an Assist).
- The track never goes below 0 (only Mrs Hudson and Sir Henry lower it).
- The public view (``observe(None)``) shows no hand at all (it is drawn on hand-off screens).
- When the game is over every view shows every hand face up (the end of the game reveals all).
- Giving up: once no way of playing on can solve the case (``outlook.py``), the player to move may
  give it up (``GiveUp``) and the game ends lost at once, as a table of people would stop.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sleuth.core import wording
from sleuth.core.engine import GameState, Observation, Outcome
from sleuth.core.values import Action, Event
from sleuth.games.beyond_baker_street.cards import Cards, load_cards, tables_for
from sleuth.games.beyond_baker_street.characters import (  # the abilities' actions and events, listed below
    CharacterRules,
    ChooseKeep,
    DrewTwo,
    Kept,
    Peek,
    Peeked,
    PlacedPeeked,
    PlacePeeked,
    Rallied,
    RallyHolmes,
    Returned,
    ReturnEvidence,
    SkipAssist,
    SkippedAssist,
    SwapEvidence,
    SwapHands,
    SwappedEvidence,
    SwappedHands,
)
from sleuth.games.beyond_baker_street.outlook import why_hopeless

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
class GiveUp(Action):
    """The team gives up a case that can no longer be solved (``outlook.why_hopeless``, from what
    every player sees): not one of the book's actions and never among the legal ones a bot picks
    from. The table offers it to the player to move; the game ends at once, lost."""

    KIND = "give_up"


ACTION_CLASSES = (Assist, Investigate, Confirm, Eliminate, Pursue, GiveUp, RallyHolmes, SwapEvidence, SwapHands,
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
    ``cards`` and ``mismatched`` list the evidence an open lead shows face up. A confirmed lead's
    evidence is "turned face down and may no longer be looked at" (rulebook, Confirm): both are
    empty and ``face_down`` counts those cards (a seat remembers what it saw played only through
    the log).
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
    face_down: int = 0


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


#: how the reason of a case given up begins (``GiveUp``); the hopeless test's sentence follows
GAVE_UP = f"{wording.GAVE_UP}the case, since "

# ----------------------------------------------------------------------------------------------
# The state


class BBSState(CharacterRules, GameState):
    #: what take-backs stop at, beyond private events (a partner's draw): a new lead, an Assist
    #: about the player's own hand, and the player's own card turned face up
    REVEALS = {"lead_revealed": "all", "assisted": "target", "investigated": "self", "eliminated": "self"}
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
        self._deal_characters(cards, players, options, seat_characters)  # chars, abilities, used
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
        self.start = self._start_seat()
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
            return self._decision_actions(seat)
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

    # -- checking ------------------------------------------------------------------------------
    def why_illegal(self, seat: int, action: Action) -> str | None:
        t = self.t
        d = self.decision
        if isinstance(action, GiveUp):
            if seat not in self.pending_seats():
                return "only the player to move may give the case up"
            return None if why_hopeless(self) else "the case can still be solved"
        if d is not None:
            who = d[1]
            kind = d[0]
            if seat != who:
                return f"the game is waiting for seat {who} to decide"
            if kind == "hilda_second" and isinstance(action, Assist):
                return self._why_assist(seat, action)
            return self._why_decision(action, kind)
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
        return self._why_ability(seat, action)

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
        if isinstance(action, GiveUp):
            self.decision = None
            self.result = (False, f"{GAVE_UP}{why_hopeless(self)}")
            self.emit(GameOver(*self.result))
            return
        if d is not None:
            self._apply_decision(seat, action, d)
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
        elif not self._apply_ability(seat, action):
            return  # Toby's look: his decision is pending
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
    def _view(self, seat: int | None, own: bool, everything: bool = False) -> BBSObservation:
        t = self.t
        secs = []
        for s in range(len(self.piles)):
            pile = self.piles[s]
            lead = pile[0] if pile else None
            ld = t.cards.leads[lead] if lead is not None else None
            if self.confirmed[s]:  # turned face down: a count, never the cards
                shown: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
                face_down = len(self.lead_ev[s]) + len(self.lead_mis[s])
            else:
                shown, face_down = (tuple(self.lead_ev[s]), tuple(self.lead_mis[s])), 0
            secs.append(SectionView(
                t.section_ids[s], lead, ld.icon if ld else -1, ld.value if ld else 0, self.lead_value(s),
                self.lead_evidence(s), shown[0], shown[1], len(pile), self.confirmed[s], face_down))
        hands = []
        over = self.result is not None or everything  # over: every hand is turned face up for all
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

    def revealed_view(self) -> BBSObservation:
        """Every hand face up, as at the end of the game (a replay's "everything" eyes)."""
        return self._view(None, True, everything=True)

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


def new_game(players: int, options: Mapping[str, Any], seed: int) -> BBSState:
    return BBSState(load_cards(), players, options, seed)
