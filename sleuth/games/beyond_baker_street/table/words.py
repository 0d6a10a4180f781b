"""What the Beyond Baker Street table says: the move log's lines (``describe``), the moves' names,
the turn hint, warnings before a risky move, the ability buttons' labels, what Assists told a
player about a card (badges and tooltips), every tooltip, and the end-of-game story.

Every line is a sentence a person would write: cards, leads, sections, icons and characters by
their names from the card data (never an id such as ``witness-6`` or a lowercased name), counts
with proper plurals, no raw field names.

``TableWording`` is mixed into ``BBSTable`` (table/__init__.py)."""

from __future__ import annotations

from sleuth.core.values import Action, Event
from sleuth.games.beyond_baker_street import characters as C
from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.cards import tables_for
from sleuth.games.beyond_baker_street.characters import ability_text
from sleuth.games.beyond_baker_street.table.layout import (
    CHAR_RECT,
    HOLMES_TRACK,
    IMPOSSIBLE,
    INVESTIGATION_TRACK,
    face_up_hand,
)
from sleuth.games.beyond_baker_street.world import slot_candidates, unseen_cards
from sleuth.ui.widgets import inside
from sleuth.ui.words import article, cap, either, join_words, ordinal, plural, possessive, says

#: Character abilities that are an action of their own: the button on the character card.
ABILITY_ACTIONS = {
    "rally_holmes": (C.RallyHolmes, "Move Holmes back"),
    "peek_top": (C.Peek, "Sniff the top card"),
    "return_eliminated": (C.ReturnEvidence, "Return a card..."),
    "swap_hands": (C.SwapHands, "Swap cards..."),
    "swap_lead_impossible": (C.SwapEvidence, "Swap evidence..."),
}


class TableWording:
    """The table's words: log lines, move names, hints, warnings, knowledge, tooltips, story."""

    # -- names ------------------------------------------------------------------------------
    def section_name(self, section_id: str) -> str:
        """``Opportunity`` for ``opportunity`` (the name printed on the board)."""
        return next((s.name for s in self.cards.sections if s.id == section_id), section_id.title())

    def icon_name(self, icon_id: str | None) -> str:
        return next((i.name for i in self.cards.icons if i.id == icon_id), (icon_id or "").title())

    @staticmethod
    def _plural(word: str) -> str:
        return word + ("es" if word.endswith("s") else "s")

    def _ev_text(self, name: str | None) -> str:
        """``Witness 6`` for the card ``witness-6``; ``a card`` when the viewer may not know it."""
        if name is None or name not in self.card_of:
            return "a card"
        ev = self.cards.evidence[self.card_of[name]]
        return f"{self.cards.icons[ev.icon].name} {ev.number}"

    def _lead_card_text(self, name: str) -> str:
        """``Track 13`` for the lead ``suspect-track-13``."""
        if name not in self.lead_of:
            return "an unknown lead"
        ld = self.cards.leads[self.lead_of[name]]
        return f"{self.cards.icons[ld.icon].name} {ld.value}"

    def _lead_text(self, section: str, lead: str) -> str:
        """``the Suspect lead, Track 13``."""
        return f"the {self.section_name(section)} lead, {self._lead_card_text(lead)}"

    def _name(self, seat: int) -> str:
        names = self.scene.seat_names
        return names[seat] if 0 <= seat < len(names) else "Someone"

    def _says(self, seat: int, verb: str) -> str:
        """``Watson plays`` but ``You play`` (a seat may be named You)."""
        return says(self._name(seat), verb)

    def _as_character(self, seat: int) -> str:
        """``Ann, as Toby,`` (or just ``Ann`` when the seat plays no character)."""
        character = self.character_of(seat)
        return f"{self._name(seat)}, as {character.name}," if character is not None else self._name(seat)

    def _is_solo_viewer(self, seat: int) -> bool:
        """Lines about ``seat`` may say "you": it is the viewer and the only person at the table
        (the others are bots), or the player a handoff's summary is written to (what it tells
        them is public: everyone heard the Assist)."""
        if seat == self.reader:
            return True
        session = getattr(self.scene, "session", None)
        return seat == self.viewer and session is not None and session.human_seats == [seat] and \
            not self.scene.watching

    def _obj(self, seat: int) -> str:
        """A seat's name after a verb: ``Watson``, but ``you`` for a seat named You."""
        name = self._name(seat)
        return "you" if name.lower() == "you" else name

    def _as_says(self, seat: int, verb: str) -> str:
        """``Ann, as Toby, sniffs`` / ``You, as Toby, sniff``."""
        name = self._name(seat)
        return says(name, verb).replace(name, self._as_character(seat), 1)

    def character_of(self, seat: int):
        obs = self.obs
        if obs is None or not 0 <= seat < len(obs.characters) or not obs.characters[seat]:
            return None
        return next((c for c in self.cards.characters if c.number == obs.characters[seat]), None)

    def seat_role(self, seat: int) -> str | None:
        """The character a seat played, for the results."""
        character = self.character_of(seat)
        return f"as {character.name}" if character is not None else None

    def character_with(self, kind: str) -> str:
        """The name of the character whose ability is ``kind`` (the card data says who it is)."""
        return next((c.name for c in self.cards.characters if c.ability.kind == kind), "A character")

    def ability_words(self, character) -> str:
        return ability_text(character.ability, self.cards)

    # -- knowledge and tips -----------------------------------------------------------------
    def knowledge_words(self, icon_mask: int, number_mask: int) -> list[str]:
        icons = [i for i in range(len(self.cards.icons)) if icon_mask >> i & 1]
        numbers = [n for n in range(1, self.cards.max_number + 1) if number_mask >> n & 1]
        words = []
        if len(icons) == 1:
            words.append(self.cards.icons[icons[0]].name)
        elif len(icons) < len(self.cards.icons):
            # one tag, as numbers have: "Clue or Track", or "not Witness or Clue" (a tag for each
            # icon ruled out stacked three high over the card's own icon)
            names = [self.cards.icons[i].name for i in icons]
            missing = [self.cards.icons[i].name for i in range(len(self.cards.icons)) if i not in icons]
            words.append(either(names) if len(names) <= len(missing) else "not " + either(missing))
        if len(numbers) == 1:
            words.append(str(numbers[0]))
        elif len(numbers) < self.cards.max_number:
            missing = [n for n in range(1, self.cards.max_number + 1) if n not in numbers]
            # "2, 3 or 5" or "not 2 or 3", whichever is shorter ("not 2/3" read as two thirds)
            words.append(either(map(str, numbers)) if len(numbers) <= len(missing) else
                         "not " + either(map(str, missing)))
        return words

    def _knowledge_sentence(self, words: list[str], nothing: str) -> str:
        return ", ".join(words) if words else nothing

    def _badges(self, key) -> tuple[str, ...]:
        """What a card's holder was told about it by Assists, drawn on the card: the viewer's own
        face-down cards and the partners' cards alike, and every hand's cards in a replay's
        "everything revealed" eyes (no viewer: play-test, the tags "Witness", "not 6" showed
        only through one player's eyes). Assists are heard by all: a tag leaks nothing."""
        obs = self.obs
        if obs is None:
            return ()
        if key[0] == "own":
            if self.viewer is None:
                return ()
            slot = self.own_tokens.index(key[1]) if key[1] in self.own_tokens else None
            if slot is None or slot >= len(obs.knowledge[self.viewer]):
                return ()
            return tuple(self.knowledge_words(*obs.knowledge[self.viewer][slot]))
        if key[0] == "ev":
            for seat, hand in enumerate(obs.hands):
                if seat != self.viewer and face_up_hand(hand) and key[1] in hand:
                    return tuple(self.knowledge_words(*obs.knowledge[seat][hand.index(key[1])]))
        return ()

    def _own_tip(self, slot: int) -> str:
        words = self.knowledge_words(*self.obs.knowledge[self.viewer][slot]) if self.viewer is not None else []
        known = self._knowledge_sentence(words, "nothing yet")
        return (f"Your {ordinal(slot + 1)} card, face down: you cannot see it. Assists told you: {known}. "
                "Drag it onto a lead to Investigate or onto the Impossible to Eliminate.")

    def _partner_card_tip(self, seat: int, card: int) -> str:
        ev = self.cards.evidence[card]
        slot = self.obs.hands[seat].index(card)
        words = self.knowledge_words(*self.obs.knowledge[seat][slot])
        name = self._name(seat)
        # a tag is the holder's knowledge, not the card ("Witness or Document" on a plain blue
        # Witness puzzled a newcomer): said so where the tag is met
        knows = (f"The tag on it is what {name} knows about this card from Assists, since they cannot see it: "
                 f"{', '.join(words)}." if words else f"{name} cannot see it and knows nothing about it yet.")
        return (f"{possessive(name)} {self.cards.icons[ev.icon].name} {ev.number}. {knows} "
                "Click to Assist them.")

    def partner_card_refusal(self, seat: int) -> str:
        """Why a partner's card dragged away stays put (play-test: dropping Watson's card on a lead
        did nothing and said nothing, where your own card dropped wrong says why)."""
        name = self._name(seat)
        return (f"Only {name} can play {possessive(name)} cards. To help, click one of them and choose what "
                f"to tell {self._obj(seat)}: that is an Assist.")

    def _lead_tip(self, sec) -> str:
        ld = self.cards.leads[sec.lead]
        icon = self.cards.icons[ld.icon].name
        need = sec.value - sec.evidence
        if sec.confirmed:
            state = "confirmed"
        elif need == 0:
            state = "complete, so it may be confirmed"
        else:
            state = f"it needs {need} more {icon} evidence"
        raised = f", raised to {sec.value} by mismatched cards" if sec.value != ld.value else ""
        pursue = "" if sec.confirmed else " Drag it onto the Impossible to Pursue it."
        return (f"The {self.section_name(sec.id)} lead: {icon} {ld.value}{raised}. Evidence {sec.evidence}: "
                f"{state}. {self.leads_below_tip(sec.pile - 1)}{pursue}")

    def leads_below_tip(self, count: int) -> str:
        """What "2 leads below" means (play-test: never explained)."""
        if count == 0:
            return "No lead is left below it: if it is pursued or dies, you lose."
        return (f"{cap(plural(count, 'more lead'))} of this section {'waits' if count == 1 else 'wait'} face down "
                "below it: when it is pursued or dies, the next takes its place.")

    def leads_below_words(self, count: int) -> str:
        return "no lead below" if count == 0 else f"{plural(count, 'lead')} below"

    def face_down_words(self, count: int) -> str:
        return f"{plural(count, 'card')} face down"

    def matching_tip(self) -> str:
        return "Matching evidence on this lead: its number counts toward the lead's value."

    def mismatched_tip(self) -> str:
        return "A card of another icon under this lead: its number raises the lead's value."

    def face_down_tip(self, sec) -> str:
        return (f"The confirmed {self.section_name(sec.id)} lead's evidence: "
                f"{self.face_down_words(sec.face_down)}, no longer to be looked at.")

    def eliminated_tip(self) -> str:
        return "Eliminated evidence: its number went onto the Investigation track."

    def dead_lead_tip(self, lead: int) -> str:
        """A dead lead lies face down, as the rulebook puts it (Pursue, or evidence past its value);
        it was face up on its section before, so every player saw it: the tip says what it was
        (play-test: pursued leads lay face down, even in the "everything" replay, and nothing said
        what they were)."""
        ld = self.cards.leads[lead]
        section = self.cards.sections[ld.section].name
        return (f"A dead lead: the {section} lead, {self.cards.icons[ld.icon].name} {ld.value}. The rules put it "
                "face down in the Impossible, where it counts toward the case file's limit.")

    def decision_card_tip(self, card: int) -> str:
        name = self.cards.card_text(card)
        if self.obs is not None and self.obs.decision == "toby_place":
            return f"The top card of the deck is {name}. Only you see it."
        return f"{name}, one of the two cards drawn. Only you see them."

    def decision_title(self) -> str:
        obs = self.obs
        if obs.decision == "toby_place":
            return f"{self.character_with('peek_top')} sniffs the top card"
        if obs.decision == "eva_choice":
            return f"Choose the card for {self._obj(self._eva_seat())}"
        return "A second Assist: click a partner's card"

    def bar_words(self) -> str:
        """The action bar's words before its buttons: whom the Assist buttons tell, else the
        pending decision's question."""
        if self.assist_card is not None and self.assist_target is not None:
            return f"Tell {self._obj(self.assist_target)}:"
        if self.obs is not None and self.obs.decision is not None and self.obs.decision_seat == self.viewer:
            return self.decision_title() + ":"
        return ""

    def _eva_seat(self) -> int:
        """Lady Eva sits after the seat that chooses for her (her right-hand neighbour)."""
        obs = self.obs
        return (obs.decision_seat + 1) % obs.players if obs.decision_seat is not None else 0

    def _plate_tip(self, seat: int) -> str | None:
        character = self.character_of(seat)
        if character is None:
            return None
        used = " Already used." if self.obs.used[seat] and character.ability.once else ""
        # the ability once: the card's own text says it again ("once per game, as his action, he swaps...")
        return f"{self._says(seat, 'plays')} {character.name}. {self.ability_words(character)}{used}"

    def _impossible_tip(self) -> str:
        """What the Impossible is, where its limit comes from (the case file chosen at setup) and
        who at this table adds cards to it without moving Holmes."""
        obs = self.obs
        limit = plural(obs.impossible_limit, "card")
        said = []
        if (c := self._in_play("eliminate_no_holmes")) is not None:
            said.append(f"not a card {c.name} eliminates")
        if (c := self._in_play("leads_vanish")) is not None:
            said.append(f"a lead {c.name} pursues or kills leaves the game instead")
        but = f" ({join_words(said)})" if said else ""
        bonus = self._in_play("impossible_bonus")
        extra = f" and {possessive(bonus.name)} ability" if bonus is not None else ""
        return (f"The Impossible: eliminated evidence face up and dead leads face down. It holds {limit} before "
                f"Holmes moves: that limit comes from case file {obs.case}, the difficulty chosen for this "
                f"game{extra}. "
                f"Each card beyond it moves Holmes one step closer to solving the case{but}.")

    def tooltip(self, pos):
        if self.tooltip_quiet:
            return None  # after a click or a drop, until the pointer moves again
        text = self.widgets.tooltip(pos)
        if text:
            return text
        character = self.viewer_character()
        if character is not None and inside(CHAR_RECT, pos):
            return (f"Your character, {character.name}, with {plural(character.pipes, 'pipe')}: the more pipes, "
                    f"the easier the game. {self.ability_words(character)} {character.description}")
        sprite = self.board.sprite_at(pos)
        if sprite is not None and sprite.tooltip:
            return sprite.tooltip
        for seat, rect in self.plates():
            if inside(rect, pos):
                return self._plate_tip(seat)
        if inside(IMPOSSIBLE, pos):
            return self._impossible_tip()
        if inside(HOLMES_TRACK, pos):
            return ("Holmes: every Assist and every card beyond the Impossible's limit moves him toward 0; each "
                    f"Confirm moves him back. At 0 he has solved it and you lose.{self._holmes_exceptions()}")
        if inside(INVESTIGATION_TRACK, pos):
            return (f"Investigation: each eliminated card adds its number. You need exactly {self.obs.target} "
                    f"when the third lead is confirmed; going past {self.obs.target} loses.")
        for index, sec in enumerate(self.obs.sections):
            if inside(self.section_parts(index)["below"], pos) and sec.lead is not None and not sec.confirmed:
                return self.leads_below_tip(sec.pile - 1)
        for index in range(len(self.obs.sections)):
            if inside(self.section_area(index), pos):
                return "A lead section: drop a card here to Investigate the face-up lead."
        return None

    # -- the log ----------------------------------------------------------------------------
    def _assist_words(self, number: int | None, icon: str | None, count: int) -> str:
        """``these 2 cards are 3s`` / ``this card is a Witness``."""
        word = str(number) if number is not None else self.icon_name(icon)
        if count == 1:
            return f"this card is {article(word)}"
        return f"these {count} cards are {self._plural(word)}"

    def _cards_are(self, target: int, slots, word: str) -> str:
        """``their 4th card is a 6``, ``your 1st and 3rd cards are Witnesses``: the cards an Assist
        names, by their places in the target's hand."""
        whose = "your" if self._obj(target) == "you" else "their"
        cards = join_words([ordinal(slot + 1) for slot in sorted(slots)])
        if len(slots) == 1:
            return f"{whose} {cards} card is {article(word)}"
        return f"{whose} {cards} cards are {self._plural(word)}"

    def banner_aftermath(self, event) -> bool:
        """A dead or pursued lead's evidence shuffled back into the deck, and the new lead turned
        up in its place, are told in the banner after the move's line (newcomer play-test: the
        deck went from 3 to 6 with no word, and the Opportunity lead became a Document lead)."""
        return isinstance(event, R.Reshuffled | R.LeadRevealed)

    def aftermath_news(self, event) -> bool:
        """Holmes's steps (for an Assist, a card over the Impossible's limit, a confirmed lead
        setting him back) are told in a handoff's summary: a couch player away for two turns saw
        only the two card plays, and not why Holmes stood two steps closer."""
        return isinstance(event, R.HolmesMoved)

    def _holmes_words(self, e: R.HolmesMoved) -> str:
        steps = plural(abs(e.steps), "step")
        if e.steps < 0:
            cause = {"assist": "The Assist moves Holmes", "impossible": "The Impossible is over its limit: Holmes moves"}
            return f"{cause.get(e.why, 'Holmes moves')} {steps} closer to solving the case; he is on {e.holmes}."
        cause = {"confirm": "The confirmed lead sets Holmes back"}
        return f"{cause.get(e.why, 'Holmes falls back')} {steps}; he is on {e.holmes}."

    def result_headline(self, outcome) -> str | None:
        """``Case solved before Holmes!``, ``Holmes solved it first``, or, when a lead section or
        the Investigation track ended it, ``The case fell apart`` (it said Holmes solved it while
        he stood on 11)."""
        if outcome.team_won:
            return "Case solved before Holmes!"
        if outcome.reason.startswith(R.GAVE_UP):
            return "The case was given up"
        return "Holmes solved it first" if outcome.reason.startswith("Holmes") else "The case fell apart"

    def outcome_words(self, outcome) -> str:
        """Under the results' headline and in the banner: a case given up says only that (its why,
        a long sentence, had been cut mid-clause there; the story and the casebook tell it whole)."""
        if outcome.reason.startswith(R.GAVE_UP):
            return "the team gave up a case that could no longer be solved"
        return super().outcome_words(outcome)

    def _game_over_words(self, e: R.GameOver) -> str:
        reason = cap(e.reason)
        if e.won:
            return "Solved before Holmes!"
        if e.reason.startswith(R.GAVE_UP):  # "The team gives up the case: Holmes is 1 space from ..."
            return f"The team gives up the case, since {e.reason[len(R.GAVE_UP):]}. The team loses."
        # "Holmes wins" beside "Holmes ended on 10" puzzled a newcomer: the case fell apart, he did not solve it
        return f"{reason}." if reason.startswith("Holmes") else f"The case fell apart: {e.reason}. The team loses."

    def describe(self, event: Event) -> str | None:
        e = event
        if isinstance(e, R.Dealt):
            cast = [self._says(s, "plays") + f" {c.name}" for s in range(len(e.characters))
                    if (c := next((x for x in self.cards.characters if x.number == e.characters[s]), None))]
            # the case file said what it is: the game's difficulty ("Case file 1" was never explained)
            case = next((c for c in self.cards.case_files if c.number == e.case), None)
            sets = f", the difficulty: Holmes starts on {case.holmes}" if case is not None else ""
            return f"Case file {e.case}{sets}. {self._says(e.start, 'starts')}." + (
                f" {'; '.join(cast)}." if cast else "")
        if isinstance(e, R.LeadRevealed):
            return f"New {self.section_name(e.section)} lead: {self._lead_card_text(e.lead)}."
        if isinstance(e, R.Drew):
            return None
        if isinstance(e, R.Assisted):
            if not e.slots:
                said = self._assist_words(e.number, e.icon, 0)
                return f"{self._says(e.seat, 'tells')} {self._obj(e.target)}: {said}."
            # the cards by their places in the hand ("this card" pointed at nothing in the notes)
            word = str(e.number) if e.number is not None else self.icon_name(e.icon)
            cards = join_words([ordinal(slot + 1) for slot in sorted(e.slots)])
            # the one player at a table of bots hears it as said to them: "Billy tells you that
            # your 4th card is a 6" ("tells Ann that their 4th card" read as someone else's card)
            if self._is_solo_viewer(e.target):
                return f"{self._says(e.seat, 'tells')} you that your {cards} " + (
                    f"card is {article(word)}." if len(e.slots) == 1 else f"cards are {self._plural(word)}.")
            said = self._cards_are(e.target, e.slots, word)
            return f"{self._says(e.seat, 'tells')} {self._obj(e.target)} that {said}."
        if isinstance(e, R.Investigated):
            section = self.section_name(e.section)
            if e.matched:
                past = ", past its value: the lead is dead" if e.evidence > e.value else ""  # "15 of 13" said no more
                return (f"{self._says(e.seat, 'plays')} {self._ev_text(e.card)} on the {section} lead: "
                        f"{e.evidence} of {e.value}{past}.")
            return (f"{self._says(e.seat, 'plays')} {self._ev_text(e.card)} under the {section} lead: "
                    f"its value rises to {e.value}.")
        if isinstance(e, R.LeadDied):
            where = "leaves the game" if e.vanished else "goes face down into the Impossible"
            lead = self._lead_text(e.section, e.lead)
            return f"{cap(lead)}, is dead and {where}."
        if isinstance(e, R.Reshuffled):
            return (f"{plural(len(e.cards), 'evidence card')} {'goes' if len(e.cards) == 1 else 'go'} back into "
                    f"the deck, which is shuffled: {plural(e.deck, 'card')} in it now.")
        if isinstance(e, R.Confirmed):
            return (f"{self._says(e.seat, 'confirms')} {self._lead_text(e.section, e.lead)}; its evidence is "
                    "turned face down.")
        if isinstance(e, R.Eliminated):
            return f"{self._says(e.seat, 'eliminates')} {self._ev_text(e.card)}: the Investigation track is on {e.track}."
        if isinstance(e, R.Pursued):
            return f"{self._says(e.seat, 'pursues')} {self._lead_text(e.section, e.lead)}."
        if isinstance(e, R.HolmesMoved):
            return self._holmes_words(e)
        if isinstance(e, C.Rallied):
            return f"{self._as_says(e.seat, 'holds')} Holmes back, once per game."
        if isinstance(e, C.SwappedEvidence):
            return (f"{self._as_says(e.seat, 'swaps')} {self._ev_text(e.card)} on the {self.section_name(e.section)} "
                    f"lead for {self._ev_text(e.impossible_card)} from the Impossible: the Investigation track is on "
                    f"{e.track}.")
        if isinstance(e, C.SwappedHands):
            mine, theirs = possessive(self._name(e.seat)), possessive(self._name(e.target))
            return (f"{self._as_says(e.seat, 'swaps')} a card with {self._obj(e.target)}: {mine} new card is "
                    f"{self._ev_text(e.got)} and {theirs} is {self._ev_text(e.gave)}; both know their new card.")
        if isinstance(e, C.Returned):
            return (f"{self._as_says(e.seat, 'puts')} {self._ev_text(e.card)} from the Impossible back into the "
                    f"deck: the Investigation track is on {e.track}.")
        if isinstance(e, C.Peeked):
            seen = f": it is {self._ev_text(e.card)}" if e.card else ""
            return f"{self._as_says(e.seat, 'sniffs')} the top card of the deck{seen}."
        if isinstance(e, C.PlacedPeeked):
            return f"{self._says(e.seat, 'puts')} it {'under the deck' if e.bottom else 'back on top of the deck'}."
        if isinstance(e, C.DrewTwo):
            shown = [self._ev_text(c) for c in e.cards if c]
            cards = f", {' and '.join(shown)}," if len(shown) == len(e.cards) and shown else ""
            return (f"{self._as_says(e.seat, 'draws')} {plural(len(e.cards), 'card')}{cards} and "
                    f"{self._says(e.chooser, 'chooses')} the one that goes into {possessive(self._name(e.seat))} "
                    "hand.")
        if isinstance(e, C.Kept):
            kept = f" {self._ev_text(e.card)}" if e.card else " a card"
            buried = f"; {self._ev_text(e.buried)} goes under the deck" if e.buried else "; the other goes under the deck"
            return f"{self._says(e.chooser, 'gives')} {self._obj(e.seat)}{kept}{buried}."
        if isinstance(e, C.SkippedAssist):
            return f"{self._as_says(e.seat, 'gives')} no second Assist."
        if isinstance(e, R.GameOver):
            return self._game_over_words(e)
        return super().describe(e)

    # -- the moves --------------------------------------------------------------------------
    @staticmethod
    def _your_card(slot: int) -> str:
        return f"your {ordinal(slot + 1)} card"

    def describe_action(self, action: Action) -> str:
        a = action
        if isinstance(a, R.Assist):
            word = str(a.number) if a.number is not None else self.icon_name(a.icon)
            hand = self.obs.hands[a.target] if self.obs is not None and a.target < len(self.obs.hands) else None
            if face_up_hand(hand):
                # the cards by their places ("Tell Watson: this card is a 4" named no card in the
                # replay expert's line nor in the list of moves)
                slots = [j for j, c in enumerate(hand) if self._matches(c, a)]
                if slots:
                    return f"Tell {self._obj(a.target)} that {self._cards_are(a.target, slots, word)}"
            return f"Tell {self._obj(a.target)} which of their cards are {self._plural(word)}"
        if isinstance(a, R.Investigate):
            return f"Investigate: play {self._your_card(a.slot)} on the {self.section_name(a.section)} lead"
        if isinstance(a, R.Eliminate):
            return f"Eliminate: play {self._your_card(a.slot)} into the Impossible"
        if isinstance(a, R.Confirm):
            return f"Confirm the {self.section_name(a.section)} lead"
        if isinstance(a, R.Pursue):
            return f"Pursue: drop the {self.section_name(a.section)} lead into the Impossible"
        if isinstance(a, C.RallyHolmes):
            return f"{self.character_with('rally_holmes')}: hold Holmes back, once per game"
        if isinstance(a, C.Peek):
            return f"{self.character_with('peek_top')}: sniff the top card of the deck"
        if isinstance(a, C.PlacePeeked):
            shown = self._decision_cards(self.obs) if self.obs is not None else ()
            card = self.cards.card_text(shown[0]) if shown else "it"
            return f"Put {card} under the deck" if a.bottom else f"Leave {card} on top"
        if isinstance(a, C.ChooseKeep):
            return f"Keep {self._ev_text(a.card)}"
        if isinstance(a, C.SkipAssist):
            return "No second Assist"
        if isinstance(a, C.ReturnEvidence):
            return f"{self.character_with('return_eliminated')}: put {self._ev_text(a.card)} back into the deck"
        if isinstance(a, C.SwapEvidence):
            return (f"{self.character_with('swap_lead_impossible')}: swap {self._ev_text(a.card)} on the "
                    f"{self.section_name(a.section)} lead for {self._ev_text(a.impossible_card)}")
        if isinstance(a, C.SwapHands):
            theirs = None
            if self.obs is not None and a.target < len(self.obs.hands):
                hand = self.obs.hands[a.target]
                theirs = hand[a.target_slot] if face_up_hand(hand) and a.target_slot < len(hand) else None
            what = self.cards.card_text(theirs) if theirs is not None else f"{ordinal(a.target_slot + 1)} card"
            return (f"{self.character_with('swap_hands')}: swap {self._your_card(a.slot)} for "
                    f"{possessive(self._name(a.target))} {what}")
        return super().describe_action(a)

    def turn_hint(self) -> str:
        obs = self.obs
        if obs is None:
            return ""
        if obs.decision == "eva_choice":
            return f"choose the card for {self._obj(self._eva_seat())}"
        if obs.decision == "toby_place":
            return "leave the card on top or put it under the deck"
        if obs.decision == "hilda_second":
            return "give a second Assist, or none"
        if self.selected_slot is not None:
            if self.keyed():
                return f"choose a lead or the Impossible for your {ordinal(self.selected_slot + 1)} card, or Backspace"
            return f"click a lead or the Impossible for your {ordinal(self.selected_slot + 1)} card, or Esc"
        if self.pursuing is not None:
            return f"choose the Impossible to pursue the {self.section_name(self.pursuing)} lead, or Esc"
        return self._moves_prompt(self.scene.legal_for_viewer())

    def _moves_prompt(self, legal: list[Action]) -> str:
        """The turn's moves that exist, each said as it is made (play-test: with the deck and every
        hand empty the banner still said "drag a card, click a partner's card to Assist, or
        Confirm" while only the Pursues were legal)."""
        kinds = {type(a) for a in legal}
        said = []
        keyed = self.keyed()  # at the keys: the cursor's words (Enter on a card chooses it)
        if kinds & {R.Investigate, R.Eliminate}:
            said.append("choose a card" if keyed else "drag a card")
        elif R.Pursue in kinds:  # no card of your own to play: a lead is what you drag
            said.append("choose a lead, then the Impossible, to Pursue it" if keyed else
                        "drag a lead onto the Impossible to Pursue it")
        if R.Assist in kinds:
            said.append("choose a partner's card to Assist" if keyed else "click a partner's card to Assist")
        if R.Confirm in kinds:
            said.append("Confirm")
        button = next((label for kind, (cls, label) in ABILITY_ACTIONS.items() if cls in kinds), None)
        if button is not None and len(said) < 2:
            said.append(f"use {button.rstrip('.')} on your character card")
        if not said:
            return "see All moves (M)"
        # "..., click a partner's card to Assist, or Confirm": the comma keeps Confirm a move of its own
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + (", or " if len(said) > 2 else " or ") + said[-1]

    def _own_candidates(self, seat: int, slot: int) -> list[int]:
        """The cards ``seat``'s card in ``slot`` can still be: what Assists told it, less every card
        it sees elsewhere (the identities the coach's hint counts with)."""
        obs = self.obs
        if obs.seat != seat:
            return []
        return slot_candidates(obs, self.cards, unseen_cards(obs, self.cards))[slot]

    def _seat_ability(self, seat: int, kind: str):
        """``seat``'s character's ability when it is of ``kind`` (else None)."""
        character = self.character_of(seat)
        return character.ability if character is not None and character.ability.kind == kind else None

    def _in_play(self, kind: str):
        """The character at this table whose ability is ``kind`` (else None)."""
        obs = self.obs
        seats = range(len(obs.characters)) if obs is not None else ()
        return next((c for seat in seats if (c := self.character_of(seat)) is not None and c.ability.kind == kind),
                    None)

    def _holmes_exceptions(self) -> str:
        """The abilities at this table that change what moves Holmes, one sentence (or "")."""
        said = []
        if (c := self._in_play("eliminate_no_holmes")) is not None:
            said.append(f"cards {c.name} eliminates never move him")
        if (c := self._in_play("leads_vanish")) is not None:
            said.append(f"leads {c.name} pursues or kills leave the game and never move him")
        if (c := self._in_play("assists_per_action")) is not None:
            said.append(f"{possessive(c.name)} second Assist is free")
        if (c := self._in_play("confirm_holmes")) is not None:
            said.append(f"{possessive(c.name)} Confirms move him back {plural(c.ability.steps, 'space')}")
        if (c := self._in_play("rally_holmes")) is not None:
            said.append(f"{c.name} can move him back {plural(c.ability.steps, 'space')} once")
        return f" At this table, {join_words(said)}." if said else ""

    def _holmes_at_zero_if_full(self, seat: int, lead: bool) -> bool:
        """One more card in the Impossible from ``seat``'s move (a lead, else a card eliminated)
        moves Holmes to 0: the Impossible is full, Holmes on 1, and no ability of the seat's keeps
        the card out or Holmes still (Lestrade's eliminations, Wiggins's leads)."""
        obs = self.obs
        if len(obs.impossible) + len(obs.dead_leads) < obs.impossible_limit or obs.holmes > 1:
            return False
        return self._seat_ability(seat, "leads_vanish" if lead else "eliminate_no_holmes") is None

    def risky(self, seat: int, action: Action) -> str | None:
        obs = self.obs
        if obs is None:
            return None
        t = tables_for(self.cards)
        if isinstance(action, R.Confirm):
            confirmed = sum(1 for s in obs.sections if s.confirmed)
            if confirmed == len(obs.sections) - 1 and obs.investigation != obs.target:
                return (f"This is the last lead, but the Investigation track is on {obs.investigation}, not "
                        f"{obs.target}: confirming it now loses the game.")
        if isinstance(action, R.Pursue):
            sec = next(s for s in obs.sections if s.id == action.section)
            full = self._holmes_at_zero_if_full(seat, lead=True)
            if sec.pile <= 1:
                # both reasons always apply: the lead pursued also goes into the full Impossible
                also = " It would also go into the full Impossible and move Holmes to 0." if full else ""
                return f"This is the last {self.section_name(action.section)} lead: pursuing it loses the game.{also}"
            if full:
                return "The Impossible is full: one more card moves Holmes to 0 and loses the game."
        if isinstance(action, R.Investigate):
            sec = next(s for s in obs.sections if s.id == action.section)
            lead_icon = self.cards.leads[sec.lead].icon if sec.lead is not None else -1
            # what the card can still be, counting the cards the player sees (as the hint does)
            could_kill = any(t.icon_of[c] == lead_icon and sec.evidence + t.num_of[c] > sec.value
                             for c in self._own_candidates(seat, action.slot))
            if could_kill and sec.pile <= 1:
                return (f"If this card is a matching card too big for the lead, the last "
                        f"{self.section_name(sec.id)} lead dies and you lose.")
            if could_kill and self._holmes_at_zero_if_full(seat, lead=True):
                return "If this card kills the lead, the full Impossible moves Holmes to 0 and you lose."
        # Lady Hilda's second Assist is free: Holmes does not move for it
        if isinstance(action, R.Assist) and obs.holmes <= 1 and obs.decision != "hilda_second":
            return "Holmes is one step from solving the case: this Assist moves him to 0 and loses the game."
        if isinstance(action, R.Eliminate):
            mult = self._seat_ability(seat, "eliminate_multiplier")
            factor = mult.factor if mult is not None else 1  # Gregson's eliminations count double
            numbers = sorted({t.num_of[c] for c in self._own_candidates(seat, action.slot)})
            over = [n for n in numbers if obs.investigation + n * factor > obs.target]
            if self._holmes_at_zero_if_full(seat, lead=False):
                # any card loses: the reason that always applies first, the track's as well where
                # it applies (play-test: "If this card is a 5 or 6, the track goes past 20" alone,
                # where every card eliminated moved Holmes to 0)
                full = "The Impossible is full: any card eliminated now moves Holmes to 0 and loses the game."
                if over and len(over) == len(numbers):
                    card = "This card" if len(numbers) == 1 else "Every number this card could be"
                    return f"{full} {card} would also take the Investigation track past {obs.target}."
                if over:
                    return (f"{full} If this card is {article(either(map(str, over)))}, it would also take the "
                            f"Investigation track past {obs.target}.")
                return full
            if over and len(over) == len(numbers):
                return (f"Every number this card could be takes the Investigation track past {obs.target}: "
                        "you would lose.")
            if over:
                return (f"If this card is {article(either(map(str, over)))}, the Investigation track goes past "
                        f"{obs.target} and you lose.")
        if isinstance(action, C.SwapEvidence):
            return self._swap_risk(seat, action)
        return None

    def _swap_risk(self, seat: int, action: C.SwapEvidence) -> str | None:
        """Sir Henry's swap: the track moves by the difference, and a lead whose evidence then
        passes its value dies (into the Impossible)."""
        obs = self.obs
        t = tables_for(self.cards)
        out, into = self.card_of.get(action.card), self.card_of.get(action.impossible_card)
        sec = next((s for s in obs.sections if s.id == action.section), None)
        if out is None or into is None or sec is None:
            return None
        track = obs.investigation + t.num_of[out] - t.num_of[into]
        if track > obs.target:
            return f"This swap takes the Investigation track to {track}, past {obs.target}: you would lose."
        matched = t.icon_of[into] == sec.icon
        evidence = sec.evidence - (t.num_of[out] if out in sec.cards else 0) + (t.num_of[into] if matched else 0)
        value = sec.value - (t.num_of[out] if out in sec.mismatched else 0) + (0 if matched else t.num_of[into])
        if evidence <= value:
            return None
        if sec.pile <= 1:
            return (f"This swap puts more evidence on the last {self.section_name(sec.id)} lead than its value: "
                    "the lead dies and you lose.")
        if self._holmes_at_zero_if_full(seat, lead=True):
            return "This swap kills the lead, and the full Impossible moves Holmes to 0: you would lose."
        return None

    # -- results ----------------------------------------------------------------------------
    def story(self) -> list[str]:
        """How the case went, in a few lines that always fit the results screen: who confirmed
        which lead, the leads lost, the Assists each player gave, where the tracks ended, and the
        end as the log told it."""
        events = self.scene.state.events_for(self.viewer)
        by_seat: dict[int, list[str]] = {}  # "Alice confirmed the Suspect and Motive leads, Watson the ..."
        for e in events:
            if isinstance(e, R.Confirmed):
                by_seat.setdefault(e.seat, []).append(self.section_name(e.section))
        confirmed = [f"{self._name(seat) if k == 0 else self._obj(seat)}{' confirmed' if k == 0 else ''} the "
                     f"{join_words(sections)} "
                     f"{'lead' if len(sections) == 1 else 'leads'}" for k, (seat, sections) in enumerate(by_seat.items())]
        pursuits = [e for e in events if isinstance(e, R.Pursued)]
        died = sum(isinstance(e, R.LeadDied) for e in events) - len(pursuits)  # a pursued lead's end is logged too
        ended = next((e for e in events if isinstance(e, R.GameOver)), None)
        pursued = len(pursuits)
        if pursuits and ended is not None and not ended.won and \
                f"last {self.section_name(pursuits[-1].section)} lead" in ended.reason:
            pursued -= 1  # the last lead pursued had no next one: the game's end tells it ("3 given up for the next")
        assists = [0] * len(self.scene.seat_names)
        for e in events:
            if isinstance(e, R.Assisted):
                assists[e.seat] += 1
        lines = [f"{', '.join(confirmed)}." if confirmed else "No lead was confirmed."]
        # said as what happened on the way ("1 lead pursued" after three confirmed read as a contradiction)
        lost = ([f"{plural(died, 'lead')} died"] if died else []) + (
            [f"{plural(pursued, 'lead')} {'was' if pursued == 1 else 'were'} given up for the next in {'its' if pursued == 1 else 'their'} section"]
            if pursued else [])
        if lost:
            lines.append(f"On the way, {join_words(lost)}.")
        given = [f"{count} by {self._obj(seat)}" for seat, count in enumerate(assists) if count]
        # what they cost as Holmes moved for them (a free second Assist, Holmes already on 0: nothing)
        spent = -sum(e.steps for e in events if isinstance(e, R.HolmesMoved) and e.why == "assist")
        lines.append(f"Assists: {join_words(given)} ({plural(spent, 'Holmes space')})." if given
                     else "No Assist was given.")
        obs = self.obs
        if obs is not None:
            lines.append(f"Holmes ended on {obs.holmes}, the Investigation track on {obs.investigation} "
                         f"(the case needs exactly {obs.target}).")
        end = [line for e in events if isinstance(e, R.GameOver) and (line := self.describe(e))]
        return lines + end[-1:] or super().story()
