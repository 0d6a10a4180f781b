"""Beyond Baker Street: the 18 characters' abilities (pure Python).

Each character card (COMPONENTS.md) changes one rule; which rule is read from the YAML ``ability``
data (``data/cards/beyond-baker-street.yaml`` lists the ability kinds). This module holds the
abilities' own actions and events, how the seats get their characters from the options, and
``CharacterRules``: the part of ``BBSState`` (rules.py, which mixes it in) that deals the
characters, lists, checks and applies the ability actions, and runs the decisions an ability
leaves pending (Lady Eva's draw, Toby's look, Lady Hilda's second Assist). Abilities that only
change a core action (Lestrade and Gregson on Eliminate, Baynes and Mary Morstan on Confirm, the
five inspectors who may not name an icon or numbers in an Assist, Wiggins on a lost lead, Helen
Stoner's extra room in the Impossible, the trigger of Lady Hilda's second Assist) are read where
rules.py applies that action, through ``_ability``.

Design decisions (neither in the rulebook nor in RULINGS.md):

- Options: ``characters`` off or random (on); ``char1``..``char4`` set the character of seat
  1..4 by its number while characters are on (0 = dealt at random). With characters off nobody
  plays a character, whatever the seats' picks say (the setup screen hides the pickers then): the
  rulebook's first game has no characters at all. The same character cannot go to two seats.
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
- Toby's look is shown only to Toby (an event with a redacted twin for the others).
- If an action ends the game while Lady Eva's two drawn cards wait for the choice, they stay aside.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sleuth.core.values import Action, Event
from sleuth.games.beyond_baker_street.cards import Ability, Cards

# ----------------------------------------------------------------------------------------------
# The abilities' actions


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


# ----------------------------------------------------------------------------------------------
# The abilities' events


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



# ----------------------------------------------------------------------------------------------
# Dealing the characters


def _characters_from_options(cards: Cards, players: int, options: Mapping[str, Any],
                             rng: random.Random) -> tuple[int, ...]:
    chosen = []
    for seat in range(players):
        chosen.append(int(options.get(f"char{seat + 1}", 0) or 0))
    for seat in range(players, cards.max_players):
        if int(options.get(f"char{seat + 1}", 0) or 0):
            raise ValueError(f"char{seat + 1} is set but there are only {players} players")
    if options.get("characters", "off") != "random":
        return (0,) * players  # characters off: the seats' picks do not apply
    picked = [c for c in chosen if c]
    if len(set(picked)) != len(picked):
        raise ValueError("two seats cannot play the same character")
    pool = [ch.number for ch in cards.characters if ch.number not in picked]
    rng.shuffle(pool)
    for seat in range(players):
        if not chosen[seat]:
            chosen[seat] = pool.pop()
    return tuple(chosen)


def _times(factor: int) -> str:
    return {2: "double", 3: "triple"}.get(factor, f"{factor} times its number")


def ability_text(ability: Ability, cards: Cards) -> str:
    """What a character's ability does, as a player would say it (the card text in our own words):
    the setup screen's tooltip on each seat's character and the table's character cards use it."""
    kind = ability.kind
    once = "Once per game, as the action: " if ability.once else "As the action: "
    if kind == "eliminate_no_holmes":
        return "Cards this player eliminates never move Holmes, even beyond the Impossible's limit."
    if kind == "eliminate_multiplier":
        return f"Cards this player eliminates count {_times(ability.factor)} on the Investigation track."
    if kind == "confirm_holmes":
        return f"When this player confirms a lead, Holmes moves back {plural_words(ability.steps, 'space')} instead of 1."
    if kind == "forbid_assist":
        if ability.about == "number":
            return "This player can never give an Assist about a number, only about icons."
        icon = next((i.name for i in cards.icons if i.id == ability.about), ability.about)
        return f"This player can never give an Assist about {icon}{'es' if icon.endswith('s') else 's'}."
    if kind == "rally_holmes":
        return f"{once}move Holmes back {plural_words(ability.steps, 'space')}."
    if kind == "confirm_short":
        return f"This player may confirm a lead whose evidence is {ability.short} short of its value."
    if kind == "draw_choose":
        return (f"This player draws {ability.draw} cards instead of 1; the player on their right chooses the one "
                "kept, the other goes under the deck.")
    if kind == "impossible_bonus":
        return f"The Impossible holds {plural_words(ability.extra, 'more card')} before Holmes moves."
    if kind == "assists_per_action":
        return f"This player may give {ability.count} Assists as one action; Holmes moves only once."
    if kind == "swap_lead_impossible":
        return (f"{once}swap a card on an open lead with an eliminated card in the Impossible; the "
                "Investigation track changes by the difference and Holmes does not move.")
    if kind == "swap_hands":
        return (f"{once}swap one of your own cards with a card from another hand; both players then "
                "know their new card.")
    if kind == "leads_vanish":
        return "Leads this player pursues or kills leave the game instead of going into the Impossible."
    if kind == "return_eliminated":
        return f"{once}put an eliminated card back into the deck; the Investigation track drops by its number."
    if kind == "peek_top":
        return f"{once}look at the top card of the deck, then leave it there or put it under the deck."
    return "Changes one rule of the game."


def plural_words(count: int, one: str) -> str:
    """``1 space``, ``2 spaces`` (the engine side has no interface helpers)."""
    return f"{count} {one if count == 1 else one + 's'}"


# ----------------------------------------------------------------------------------------------
# The abilities' rules


class CharacterRules:
    """The characters' rules, mixed into ``BBSState`` (rules.py): it works on the state's fields
    (``t``, ``hands``, ``deck``, ``abilities``, ``used``, ``decision``, ``limbo`` ...) and calls its
    helpers (``_assists``, ``_assist``, ``_draw_one``, ``_lose_lead``, ``_move_holmes`` ...)."""

    __slots__ = ()

    # -- setup ---------------------------------------------------------------------------------
    def _deal_characters(self, cards: Cards, players: int, options: Mapping[str, Any],
                         seat_characters: tuple[int, ...] | None) -> None:
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

    def _start_seat(self) -> int:
        """The seat holding the lowest character number starts (seat 0 without characters)."""
        if any(self.chars):
            numbered = [(c if c else 10_000, s) for s, c in enumerate(self.chars)]
            return min(numbered)[1]
        return 0

    def _ability(self, seat: int, kind: str):
        ab = self.abilities[seat]
        return ab if ab is not None and ab.kind == kind else None

    # -- drawing after a play ------------------------------------------------------------------
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

    # -- what may be done ----------------------------------------------------------------------
    def _decision_actions(self, seat: int) -> list[Action]:
        """The choices of the pending decision (``seat`` takes it)."""
        t = self.t
        kind = self.decision[0]
        if kind == "eva_choice":
            return [ChooseKeep(t.key_of[c]) for c in self.limbo]
        if kind == "toby_place":
            return [PlacePeeked(False), PlacePeeked(True)]
        return [*self._assists(seat), SkipAssist()]

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
    def _why_decision(self, action: Action, kind: str) -> str | None:
        """Why ``action`` does not answer the pending decision ``kind`` (an Assist given as Lady
        Hilda's second is checked in rules.py like any Assist)."""
        t = self.t
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
        return "give your second Assist or skip it"

    def _why_ability(self, seat: int, action: Action) -> str | None:
        """Why an ability action, a decision out of turn or an action of no kind at all is illegal
        on ``seat``'s turn (no decision pending)."""
        if isinstance(action, (SkipAssist, PlacePeeked, ChooseKeep)):
            return "there is no decision of that kind to take now"
        t = self.t
        hand = self.hands[seat]
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

    # -- applying ------------------------------------------------------------------------------
    def _apply_decision(self, seat: int, action: Action, d: tuple) -> None:
        """``seat`` takes the pending decision ``d``; the turn then ends."""
        t = self.t
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

    def _apply_ability(self, seat: int, action: Action) -> bool:
        """An ability used as the turn's action; False when it leaves a decision pending (Toby's look)."""
        t = self.t
        hand = self.hands[seat]
        if isinstance(action, RallyHolmes):
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
            return False
        return True
