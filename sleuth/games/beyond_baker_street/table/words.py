"""What the Beyond Baker Street table says: the move log's lines (``describe``), the moves' names,
the turn hint, warnings before a risky move, the ability buttons' labels, what Assists told a
player about a card (badges and tooltips), every tooltip, and the end-of-game story.

``TableWording`` is mixed into ``BBSTable`` (table/__init__.py)."""

from __future__ import annotations

from sleuth.core.values import Action, Event
from sleuth.games.beyond_baker_street import characters as C
from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.table.layout import CHAR_RECT, IMPOSSIBLE
from sleuth.ui.widgets import inside
from sleuth.ui.words import says

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

    # -- knowledge and tips -----------------------------------------------------------------
    def knowledge_words(self, icon_mask: int, number_mask: int) -> list[str]:
        icons = [i for i in range(len(self.cards.icons)) if icon_mask >> i & 1]
        numbers = [n for n in range(1, self.cards.max_number + 1) if number_mask >> n & 1]
        words = []
        if len(icons) == 1:
            words.append(self.cards.icons[icons[0]].name)
        elif len(icons) < len(self.cards.icons):
            words += [f"not {self.cards.icons[i].name}" for i in range(len(self.cards.icons)) if i not in icons]
        if len(numbers) == 1:
            words.append(str(numbers[0]))
        elif len(numbers) < self.cards.max_number:
            missing = [n for n in range(1, self.cards.max_number + 1) if n not in numbers]
            words.append("not " + "/".join(map(str, missing)))
        return words

    def _badges(self, key) -> tuple[str, ...]:
        if key[0] != "own" or self.viewer is None:
            return ()
        slot = self.own_tokens.index(key[1]) if key[1] in self.own_tokens else None
        if slot is None or slot >= len(self.obs.knowledge[self.viewer]):
            return ()
        return tuple(self.knowledge_words(*self.obs.knowledge[self.viewer][slot]))

    def _own_tip(self, slot: int) -> str:
        words = self.knowledge_words(*self.obs.knowledge[self.viewer][slot]) if self.viewer is not None else []
        known = ", ".join(words) if words else "nothing yet"
        return (f"Your card {slot + 1}, face down: you cannot see it. Assists told you: {known}. "
                "Drag it onto a lead to Investigate or onto the Impossible to Eliminate.")

    def _partner_card_tip(self, seat: int, card: int) -> str:
        ev = self.cards.evidence[card]
        slot = self.obs.hands[seat].index(card)
        words = self.knowledge_words(*self.obs.knowledge[seat][slot])
        knows = ", ".join(words) if words else "nothing"
        return (f"{self.scene.seat_names[seat]}'s {self.cards.icons[ev.icon].name} {ev.number}. "
                f"They know: {knows}. Click to Assist them.")

    def _lead_tip(self, sec) -> str:
        ld = self.cards.leads[sec.lead]
        icon = self.cards.icons[ld.icon].name
        need = sec.value - sec.evidence
        state = "confirmed" if sec.confirmed else (
            "complete: Confirm it" if need == 0 else f"needs {need} more {icon} evidence")
        return (f"{sec.id.capitalize()} lead: {icon} {ld.value}; value now {sec.value} "
                f"(mismatched cards raise it), evidence {sec.evidence}: {state}. {sec.pile - 1} more below. "
                "Drag it onto the Impossible to Pursue.")

    def tooltip(self, pos):
        text = self.widgets.tooltip(pos)
        if text:
            return text
        character = self.viewer_character()
        if character is not None and inside(CHAR_RECT, pos):
            return (f"Your character: {character.name} ({character.pipes} pipes: more pipes make the game easier). "
                    f"{character.description}")
        sprite = self.board.sprite_at(pos)
        if sprite is not None and sprite.tooltip:
            return sprite.tooltip
        if inside(IMPOSSIBLE, pos):
            return ("The Impossible: eliminated evidence (face up) and dead leads (face down). Each card beyond "
                    "the case file's limit moves Holmes one step closer to solving the case.")
        if inside((16, 52, 470, 56), pos):
            return "Holmes: every Assist and every card beyond the Impossible's limit moves him toward 0; each " \
                   "Confirm moves him back. At 0 he has solved it and you lose."
        if inside((496, 52, 494, 56), pos):
            return "Investigation: each eliminated card adds its number. You need exactly 20 when the third " \
                   "lead is confirmed; going past 20 loses."
        for index in range(3):
            if inside(self.section_area(index), pos):
                return "A lead section: drop a card here to Investigate the face-up lead."
        return None

    # -- words ------------------------------------------------------------------------------
    def _ev_text(self, name: str | None) -> str:
        if name is None or name not in self.card_of:
            return "a card"
        ev = self.cards.evidence[self.card_of[name]]
        return f"{self.cards.icons[ev.icon].name} {ev.number}"

    def _lead_text(self, name: str) -> str:
        if name not in self.lead_of:
            return name
        ld = self.cards.leads[self.lead_of[name]]
        return f"{self.cards.sections[ld.section].name} ({self.cards.icons[ld.icon].name} {ld.value})"

    def _says(self, seat: int, verb: str) -> str:
        """``Watson plays`` but ``You play`` (a seat may be named You)."""
        return says(self.scene.seat_names[seat], verb)

    @staticmethod
    def _plural(word: str) -> str:
        return word + ("es" if word.endswith("s") else "s")

    def _assist_words(self, number: int | None, icon: str | None, count: int) -> str:
        """``these 2 cards are 3s`` / ``this card is a Witness``."""
        word = str(number) if number is not None else (icon or "").capitalize()
        if count == 1:
            article = "an" if word[:1] in "8AEIOU" else "a"
            return f"this card is {article} {word}"
        return f"these {count} cards are {self._plural(word)}"

    def describe(self, event: Event) -> str | None:
        names = self.scene.seat_names
        said_by = self._says
        e = event
        if isinstance(e, R.Dealt):
            return f"Case file {e.case}. {said_by(e.start, 'starts')}."
        if isinstance(e, R.LeadRevealed):
            return f"New lead: {self._lead_text(e.lead)}."
        if isinstance(e, R.Drew):
            return None
        if isinstance(e, R.Assisted):
            count = len(e.slots)
            said = self._assist_words(e.number, e.icon, count)
            return f"{said_by(e.seat, 'assists')} {names[e.target]}: {said}."
        if isinstance(e, R.Investigated):
            how = "adds to" if e.matched else "raises the value of"
            return f"{said_by(e.seat, 'plays')} {self._ev_text(e.card)}: it {how} the {e.section} lead."
        if isinstance(e, R.LeadDied):
            return f"The {e.section} lead {self._lead_text(e.lead)} is dead" + (" and vanishes." if e.vanished else
                                                                               ": into the Impossible.")
        if isinstance(e, R.Reshuffled):
            return f"{len(e.cards)} evidence card(s) shuffled back into the deck."
        if isinstance(e, R.Confirmed):
            return f"{said_by(e.seat, 'confirms')} the {e.section}: {self._lead_text(e.lead)}."
        if isinstance(e, R.Eliminated):
            return f"{said_by(e.seat, 'eliminates')} {self._ev_text(e.card)}; investigation at {e.track}."
        if isinstance(e, R.Pursued):
            return f"{said_by(e.seat, 'pursues')}: {self._lead_text(e.lead)} is dropped."
        if isinstance(e, R.HolmesMoved):
            direction = "closer to solving it" if e.steps < 0 else "back"
            return f"Holmes moves {abs(e.steps)} {direction} ({e.why}): now {e.holmes}."
        if isinstance(e, C.Rallied):
            return f"{said_by(e.seat, 'moves')} Holmes back a step (Irene Adler, once per game)."
        if isinstance(e, R.GameOver):
            return ("Solved! " if e.won else "Holmes wins: ") + e.reason
        if isinstance(e, C.Peeked):
            return f"{said_by(e.seat, 'sniffs')} the top card (Toby)" + (f": {self._ev_text(e.card)}." if e.card else ".")
        if isinstance(e, C.PlacedPeeked):
            return f"{said_by(e.seat, 'puts')} it {'under the deck' if e.bottom else 'back on top'}."
        if isinstance(e, C.Kept):
            return f"{said_by(e.chooser, 'chooses')} the card {names[e.seat]} keeps."
        return super().describe(e)

    def describe_action(self, action: Action) -> str:
        names = self.scene.seat_names
        a = action
        if isinstance(a, R.Assist):
            what = self._plural(str(a.number) if a.number is not None else a.icon.capitalize())
            return f"Assist {names[a.target]}: point out their {what}"
        if isinstance(a, R.Investigate):
            return f"Investigate: your card {a.slot + 1} onto the {a.section} lead"
        if isinstance(a, R.Eliminate):
            return f"Eliminate: your card {a.slot + 1} into the Impossible"
        if isinstance(a, R.Confirm):
            return f"Confirm the {a.section} lead"
        if isinstance(a, R.Pursue):
            return f"Pursue: drop the {a.section} lead"
        if isinstance(a, C.RallyHolmes):
            return "Irene Adler: move Holmes back 1"
        if isinstance(a, C.Peek):
            return "Toby: look at the top card"
        if isinstance(a, C.PlacePeeked):
            return "Put it under the deck" if a.bottom else "Leave it on top"
        if isinstance(a, C.ChooseKeep):
            return f"Let them keep {self._ev_text(a.card)}"
        if isinstance(a, C.SkipAssist):
            return "No second Assist"
        if isinstance(a, C.ReturnEvidence):
            return f"Mrs Hudson: return {self._ev_text(a.card)} to the deck"
        if isinstance(a, C.SwapEvidence):
            return f"Baskerville: swap {self._ev_text(a.card)} on the {a.section} for {self._ev_text(a.impossible_card)}"
        if isinstance(a, C.SwapHands):
            return f"Pike: swap your card {a.slot + 1} with {names[a.target]}'s card {a.target_slot + 1}"
        return super().describe_action(a)

    def turn_hint(self) -> str:
        obs = self.obs
        if obs is None:
            return ""
        if obs.decision == "eva_choice":
            return "choose which card she keeps"
        if obs.decision == "toby_place":
            return "top or bottom?"
        if obs.decision == "hilda_second":
            return "a second Assist, or skip"
        return "drag a card, click a partner's card to Assist, or Confirm"

    def risky(self, seat: int, action: Action) -> str | None:
        obs = self.obs
        if obs is None:
            return None
        count = len(obs.impossible) + len(obs.dead_leads)
        over_limit = count >= obs.impossible_limit
        if isinstance(action, R.Confirm):
            confirmed = sum(1 for s in obs.sections if s.confirmed)
            if confirmed == len(obs.sections) - 1 and obs.investigation != obs.target:
                return (f"This is the last lead, but the Investigation track is on {obs.investigation}, not "
                        f"{obs.target}: confirming it now loses the game.")
        if isinstance(action, R.Pursue):
            sec = next(s for s in obs.sections if s.id == action.section)
            if sec.pile <= 1:
                return f"This is the last {action.section} lead: pursuing it loses the game."
            if over_limit and obs.holmes <= 1:
                return "The Impossible is full: one more card moves Holmes to 0 and loses the game."
        if isinstance(action, R.Investigate):
            sec = next(s for s in obs.sections if s.id == action.section)
            icon_mask, number_mask = obs.knowledge[seat][action.slot]
            lead_icon = self.cards.leads[sec.lead].icon if sec.lead is not None else -1
            could_match = bool(icon_mask >> lead_icon & 1) if lead_icon >= 0 else False
            numbers = [n for n in range(1, self.cards.max_number + 1) if number_mask >> n & 1]
            could_kill = could_match and any(sec.evidence + n > sec.value for n in numbers)
            if could_kill and sec.pile <= 1:
                return (f"If this card is a matching card too big for the lead, the last {sec.id} lead dies "
                        "and you lose.")
            if could_kill and over_limit and obs.holmes <= 1:
                return "If this card kills the lead, the full Impossible moves Holmes to 0 and you lose."
        if isinstance(action, R.Assist) and obs.holmes <= 1:
            return "Holmes is one step from solving the case: this Assist moves him to 0 and loses the game."
        if isinstance(action, R.Eliminate):
            knowledge = obs.knowledge[seat][action.slot]
            numbers = [n for n in range(1, self.cards.max_number + 1) if knowledge[1] >> n & 1]
            over = [n for n in numbers if obs.investigation + n > obs.target]
            if over and len(over) == len(numbers):
                return f"Every number this card could be takes the track past {obs.target}: you would lose."
            if over:
                return (f"If this card is a {' or '.join(map(str, over))}, the track goes past {obs.target} "
                        "and you lose.")
            if over_limit and obs.holmes <= 1:
                return "The Impossible is full: one more card moves Holmes to 0 and loses the game."
        return None

    # -- results ----------------------------------------------------------------------------
    def story(self) -> list[str]:
        lines = [line for line in self.scene.log_lines if "confirms" in line or "dead" in line or "Solved" in line
                 or "Holmes wins" in line]
        return lines[-7:] or super().story()
