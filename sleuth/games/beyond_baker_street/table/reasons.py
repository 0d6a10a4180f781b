"""Why a move is good, in words: the Beyond Baker Street table's side of the coach's hint and of
the "why?" on a bot's move.

The expert explains a decision with facts (``sleuth/games/beyond_baker_street/reasons.py`` lists
every key); ``explain`` turns them into one to three sentences: the move and what decided it, the
risk it weighed, and the next best move with how much worse the bot found it. ``coach`` speaks to
the viewer about their own move ("Play your card 2 on the Motive lead..."), otherwise the table
tells why the bot in ``explanation.seat`` did what it did ("Mrs Hudson played the card...").

The explanation given is already filtered for the viewer (``Explanation.shown_to``: the bot's
chances, which rest on the partners' cards it saw, only reach its own player or everyone once the
game is over). Cards are named only to viewers who may see them: a card of a partner's hand to
every viewer but its holder, the cards Toby sniffed or Lady Eva drew only to the seat shown them.

``TableReasons`` is mixed into ``BBSTable`` (table/__init__.py) and uses ``TableWording``'s names.
"""

from __future__ import annotations

from sleuth.ai.explain import Considered, Explanation, Fact
from sleuth.core.wording import number_word
from sleuth.games.beyond_baker_street import characters as C
from sleuth.games.beyond_baker_street import rules as R
from sleuth.ui.words import article, cap, either, join_words, ordinal, plural, possessive

#: gaps between two moves (Holmes spaces): below NEAR as good as each other, below LITTLE a little
#: worse, from FAR on far worse (a whole track of Holmes spaces: a risk of losing the game)
NEAR, LITTLE, FAR = 0.25, 0.75, 20.0


def percent(p: float) -> str:
    """``70%``; ``under 1%`` for a sliver that is not nothing."""
    if 0 < p < 0.005:
        return "under 1%"
    return f"{round(p * 100)}%"


def _or_numbers(numbers) -> str:
    """``5 or 6``, ``4, 5 or 6``."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class TableReasons:
    """The coach's hint and a bot's reasons, in sentences."""

    def explain(self, explanation: Explanation, coach: bool) -> list[str]:
        x = explanation
        best = x.best
        facts = _Facts(best.facts)
        lines = [self._why_best(x, facts, coach)]
        risk = self._risk(x, facts, coach)
        if risk:
            lines.append(risk)
        hurried = any(f.key == "hurried" for f in x.situation)
        if x.runner_up is not None:
            lines.append(self._why_not(x, x.runner_up, coach))
            if hurried and len(lines) < 3:
                lines.append("Time ran short, so not every move was weighed in full")
        elif hurried:
            who = "you" if coach else self._name(x.seat)
            lines.append(f"There was no time to weigh every move, so this is the move a careful newcomer "
                         f"would make in {'your' if coach else possessive(who)} place.")
        return [_sentence(line) for line in lines[:3]]

    # -- who sees what ------------------------------------------------------------------------
    def _revealed(self) -> bool:
        return self.obs is not None and self.obs.outcome is not None

    def _sees_hand(self, seat: int) -> bool:
        """Whether the viewer may see ``seat``'s cards (a partner's hand; everything once it is over)."""
        return self._revealed() or (self.viewer is not None and self.viewer != seat)

    def _sees_private(self, x: Explanation) -> bool:
        """Whether the viewer may see what only the deciding seat was shown (Toby's card, Eva's two)."""
        return self._revealed() or self.viewer == x.seat

    # -- names --------------------------------------------------------------------------------
    def _card_name(self, key: str) -> str:
        return self._ev_text(key) if key else "a card"

    def _teller(self, seat: int) -> str:
        """``Watson's Assist`` (``your Assist`` when the viewer gave it)."""
        name = "you" if seat == self.viewer else self._name(seat)
        return f"{possessive(name)} Assist"

    def _whom(self, seat: int) -> str:
        return "you" if seat == self.viewer else self._name(seat)

    def _known(self, f: Fact) -> tuple[str, str]:
        """What a ``card`` fact says the card is (``a Clue 4``) and who told it (``Watson's Assist``)."""
        icon = self.icon_name(f["icon"]) if f["icon"] else ""
        number = str(f["number"]) if f["number"] else ""
        what = " ".join(part for part in (icon, number) if part)
        tellers = []
        for by in (f["icon_by"], f["number_by"]):
            if by >= 0 and by not in tellers:
                tellers.append(by)
        told = ""
        if len(tellers) == 1:
            told = self._teller(tellers[0])
        elif tellers:
            names = ["you" if s == self.viewer else self._name(s) for s in tellers]
            told = join_words([possessive(n) for n in names]) + " Assists"
        return (article(what) if what else "", told)

    def _knowledge(self, f: Fact, coach: bool, who: str) -> str:
        """``you know it is a Clue, from Watson's Assist`` / ``Mrs Hudson knew it was a 3`` /
        ``Billy knew it was a Witness, read from which card Watson chose to play, a signal ...``."""
        what, told = self._known(f)
        verb, be = ("know", "is") if coach else ("knew", "was")
        icon_read, number_read = tuple(f.get("icon_read", ())), tuple(f.get("number_read", ()))
        if what:
            # a code among the Masters is quoted for the part of the card it is said to know
            code = self._code_words((icon_read if f["icon"] else ()) + (number_read if f["number"] else ()),
                                    f.get("read_from", ""))
            if told and code:
                return f"{who} {verb} it {be} {what}, from {told} and from {code}"
            if code:
                return f"{who} {verb} it {be} {what}, read from {code}"
            return f"{who} {verb} it {be} {what}, from {told}" if told else f"{who} {verb} it {be} {what}"
        ruled = [article(self.icon_name(i)) for i in f["not_icons"]] + [article(str(n)) for n in f["not_numbers"]]
        if ruled:
            code = self._code_words(icon_read + number_read, f.get("read_from", ""))
            source = f", partly read from {code}" if code else ""
            return f"{who} {verb} only that it {be} not {either(ruled)}{source}"
        return "nothing tells you what it is yet" if coach else f"{who} knew nothing about it yet"

    def _code_words(self, seats: tuple[int, ...], read_from: str) -> str:
        """How a Master knew more of its card than the Assists said (play-test: "Billy knew it was
        a Witness" of a card told only "not Track"): ``which card Watson chose to play, a signal
        between the Master bots``; "" when no code told anything."""
        names = []
        for seat in seats:
            if self._whom(seat) not in names:
                names.append(self._whom(seat))
        if not names or read_from not in ("play", "assist"):
            return ""
        who = join_words(names)
        if read_from == "play":
            return f"which card {who} chose to play, a signal between the Master bots"
        return f"which Assist {who} chose to give, a signal between the Master bots"

    # -- the chosen move ------------------------------------------------------------------------
    def _why_best(self, x: Explanation, facts: _Facts, coach: bool) -> str:
        a = x.best.action
        name = self._name(x.seat)
        who = "you" if coach else name
        if isinstance(a, R.Investigate):
            lead = facts.get("lead")
            need = self._need_words(lead, coach)
            knows = self._knowledge(facts.get("card"), coach, who) if facts.get("card") else ""
            move = (f"Play your {ordinal(a.slot + 1)} card on the {self.section_name(a.section)} lead" if coach
                    else f"{name} played the card on the {self.section_name(a.section)} lead")
            return f"{move}, which {need}: {knows}" if knows else f"{move}, which {need}"
        if isinstance(a, R.Eliminate):
            fit = facts.get("track_fit")
            move = f"Eliminate your {ordinal(a.slot + 1)} card" if coach else f"{name} eliminated the card"
            knows = self._knowledge(facts.get("card"), coach, who) if facts.get("card") else ""
            track = self._track_words(fit, coach) if fit else ""
            return f"{move}: {track}, and {knows}" if track and knows else f"{move}: {track or knows}"
        if isinstance(a, R.Assist):
            return self._assist_reason(x, facts, coach)
        if isinstance(a, R.Confirm):
            return self._confirm_reason(x, facts, coach)
        if isinstance(a, R.Pursue):
            return self._pursue_reason(x, facts, coach)
        return self._other_reason(x, facts, coach)

    def _need_words(self, lead: Fact | None, coach: bool) -> str:
        if lead is None:
            return "is open" if coach else "was open"
        verb = "needs" if coach else "needed"
        if lead["need"] <= 0:
            return "is already complete" if coach else "was already complete"
        return f"{verb} {lead['need']} more {self.icon_name(lead['icon'])} evidence"

    def _track_words(self, fit: Fact, coach: bool) -> str:
        target = self.obs.target if self.obs is not None else 20
        if fit["exact"]:
            landed = "lands" if coach else "landed"
            return f"it {landed} the Investigation track on exactly {target}"
        verb = "needs" if coach else "needed"
        if fit["left"] >= self.cards.max_number and not fit["over"]:
            can = "can" if coach else "could"
            return f"the Investigation track {verb} {fit['left']} more, so no card {can} take it past {target}"
        return f"the Investigation track {verb} {fit['left']} more to land on exactly {target}"

    def _assist_reason(self, x: Explanation, facts: _Facts, coach: bool) -> str:
        a = x.best.action
        f = facts.get("assist")
        target = self._whom(a.target)
        said = self._assist_words(a.number, a.icon, f["count"]) if f and f["count"] else \
            f"which cards are {self._plural(str(a.number) if a.number is not None else self.icon_name(a.icon))}"
        move = f"Tell {target} that {said}" if coach else f"{self._name(x.seat)} told {target} that {said}"
        enables = facts.all("enables")
        if enables and self._sees_hand(a.target):
            e = next((e for e in enables if e["finishes"]), enables[0])
            # what the Assist makes possible, not a promise of the partner's next move ("Watson can
            # then eliminate Track 5", and Watson eliminated another card)
            can = "would then know enough to" if coach else "then knew enough to"
            # a card that fits two leads is named with both: which one its holder picks is theirs
            # to choose (play-test: "enough to play Clue 4 on the Motive lead", played on the Suspect)
            others = [o["use"] for o in enables if o["card"] == e["card"] and o["use"] not in ("track", e["use"])]
            return f"{move}: {target} {can} {self._use_words(e, others)}"
        newly = f["newly"] if f else 0
        if newly:
            return f"{move}: {target} {self._newly_known(f, coach)}"
        return f"{move}: it tells nothing new, but it passes the turn at the least cost"

    def _newly_known(self, f: Fact, coach: bool) -> str:
        """What an Assist told its target, and no more: ``then knew the icons of 5 cards, though
        not their numbers`` (play-test: an icon Assist "these 5 cards are Witnesses" was said to
        let the player "play 5 cards without guessing", and knowing the icons tells no number);
        "enough to play ... without guessing" only of cards then known whole. An explanation saved
        before ``whole`` was kept claims only the part told."""
        verb = "would then know" if coach else "then knew"  # what it makes possible, not a promise
        newly, whole = f["newly"], f.get("whole", 0)
        one = newly == 1 and f["count"] == 1
        if whole >= newly:
            what = "that card" if one else plural(newly, "card")
            return f"{verb} enough to play {what} without guessing"
        told, untold = ("number", "icon") if f["number"] else ("icon", "number")
        if one:
            return f"{verb} that card's {told}, though not its {untold}"
        if newly == 1:
            return f"{verb} the {told} of one more card, though not its {untold}"
        if whole:  # some were known in part before: those are now known in full
            return f"{verb} the {told}s of {plural(newly, 'card')}, and {number_word(whole)} of them in full"
        return f"{verb} the {told}s of {plural(newly, 'card')}, though not their {untold}s"

    def _use_words(self, e: Fact, others: list[str] = ()) -> str:
        card = self._card_name(e["card"])
        if e["use"] == "track":
            target = self.obs.target if self.obs is not None else 20
            return f"eliminate {card} to land the Investigation track on {target}" if e["finishes"] \
                else f"eliminate {card}"
        section = self.section_name(e["use"])
        if e["finishes"] and not e.get("number_known", True):
            # told its icon only: a sure match, not a sure finish (newcomer play-test: "Billy
            # would then know enough to play Witness 4 to finish the Motive lead", and Billy,
            # holding two Witnesses, played the 1)
            who = self._name(e["target"])
            return (f"play {card} on the {section} lead as a sure match: its number would finish the lead, "
                    f"though {who} would not know that number")
        if e["finishes"]:
            return f"play {card} to finish the {section} lead"
        if others:
            sections = [section, *(self.section_name(o) for o in others)]
            return f"play {card} on the {', '.join(sections[:-1])} or {sections[-1]} lead"
        return f"play {card} on the {section} lead"

    def _confirm_reason(self, x: Explanation, facts: _Facts, coach: bool) -> str:
        a = x.best.action
        f = facts.get("confirm")
        section = self.section_name(a.section)
        back = _spaces(f["back"] if f else 1)
        if coach:
            line = f"Confirm the {section} lead: its evidence equals its value, and Holmes steps back {back}"
        else:
            line = (f"{self._name(x.seat)} confirmed the {section} lead: its evidence equalled its value, and Holmes "
                    f"stepped back {back}")
        if f and f["third"] and not facts.get("loses"):
            line += "; it is the third lead with the Investigation track on its mark, so the case is solved"
        return line

    def _pursue_reason(self, x: Explanation, facts: _Facts, coach: bool) -> str:
        a = x.best.action
        f = facts.get("pursue")
        lead = facts.get("lead")
        section = self.section_name(a.section)
        move = f"Pursue the {section} lead" if coach else f"{self._name(x.seat)} pursued the {section} lead"
        icon = self.icon_name(lead["icon"]) if lead else ""
        need = lead["need"] if lead else 0
        if f and f["hopeless"]:
            can = "can no longer" if coach else "could no longer"
            return f"{move}: the cards still in play {can} add up to the {need} {icon} evidence it needs"
        if f and f["clash"]:
            other = self.section_name(f["clash"])
            return (f"{move}: like the {other} lead it needs {icon} evidence, and the {icon} cards left cannot "
                    "finish both")
        looks = "looks" if coach else "looked"
        return f"{move}: a new lead {looks} cheaper than the {need} more {icon} evidence this one needs"

    def _other_reason(self, x: Explanation, facts: _Facts, coach: bool) -> str:
        a = x.best.action
        name = self._name(x.seat)
        private = self._sees_private(x)
        if isinstance(a, C.ChooseKeep):
            f = facts.get("keep")
            players = self.obs.players if self.obs is not None else 2
            eva = self._whom(f["seat"] if f else (x.seat + 1) % players)  # Lady Eva sits after her chooser
            if not private or f is None:
                return (f"Choose the card {eva} keeps" if coach else f"{name} chose the card {eva} kept") + \
                    ": the one of the two that does more good now"
            card = self._card_name(f["card"])
            use = self._use_place(f["use"])
            return (f"Give {eva} {card}" if coach else f"{name} gave {eva} {card}") + \
                f": it does more good {use} than the other card"
        if isinstance(a, C.PlacePeeked):
            f = facts.get("sniffed")
            card = self._card_name(f["card"]) if f and private else "the card"
            where = "under the deck" if a.bottom else "on top of the deck"
            if coach:
                move = f"Put {card} under the deck" if a.bottom else f"Leave {card} on top"
            else:
                move = f"{name} put {card} {where}"
            if f is None:
                return move
            if f["useful"]:
                return f"{move}: it is useful {self._use_place(f['use'])}, so the next draw should take it"
            return f"{move}: nobody needs it soon, so the next draw should be another card"
        if isinstance(a, C.SkipAssist):
            return ("Give no second Assist" if coach else f"{name} gave no second Assist") + \
                ": none would tell a partner anything worth more"
        if isinstance(a, C.RallyHolmes):
            steps = _spaces(facts.get("rally")["steps"] if facts.get("rally") else 1)
            return (f"Hold Holmes back {steps}" if coach else f"{name} held Holmes back {steps}") + \
                ": no card play or Assist was worth as much"
        if isinstance(a, C.Peek):
            return ("Sniff the top card of the deck" if coach else f"{name} sniffed the top card of the deck") + \
                ": a free look, and no other move was worth more"
        if isinstance(a, C.ReturnEvidence):
            card = self._card_name(a.card)
            return (f"Put {card} back into the deck" if coach else f"{name} put {card} back into the deck") + \
                ": the Investigation track drops by its number and can land on its mark again"
        if isinstance(a, C.SwapEvidence):
            section = self.section_name(a.section)
            swap = f"{self._card_name(a.card)} on the {section} lead for {self._card_name(a.impossible_card)}"
            return (f"Swap {swap}" if coach else f"{name} swapped {swap}") + \
                ": both the lead and the Investigation track come out closer to their marks"
        if isinstance(a, C.SwapHands):
            f = facts.get("swap_hands")
            card = self._card_name(f["card"]) if f and self._sees_hand(a.target) else "a card"
            theirs = possessive(self._whom(a.target))
            if coach:
                return f"Swap your {ordinal(a.slot + 1)} card for {theirs} {card}: both of you then know your new card"
            return f"{name} swapped a card for {theirs} {card}: both then knew their new card"
        return f"Try this: {self.describe_action(a)}" if coach else f"{name} chose: {self.describe_action(a)}"

    def _use_place(self, use: str) -> str:
        if use == "track":
            return "on the Investigation track"
        return f"on the {self.section_name(use)} lead"

    # -- the risk it weighed --------------------------------------------------------------------
    def _risk(self, x: Explanation, facts: _Facts, coach: bool) -> str:
        a = x.best.action
        name = self._name(x.seat)
        if isinstance(a, R.Investigate | R.Eliminate):
            parts = []
            conv = facts.get("convention")
            card = facts.get("card")
            risks = facts.all("lead_risk")
            if isinstance(a, R.Eliminate) and card is not None and card["icon"] and not card["number"]:
                # told its icon, not its number, and eliminated all the same: not "a card to play
                # now" (play-test: Watson threw away the Track that would have finished the lead,
                # and his reasons said the bots play such a card now); what it risked on the lead
                conv = None
                if risks:
                    parts.append(self._lead_risk_words(risks[0], coach))
            odds = facts.get("odds") or facts.get("track_odds")
            fits, lead = facts.get("fits"), facts.get("lead")
            if isinstance(a, R.Investigate) and fits is not None and fits["match"] == "never" and lead is not None:
                # a card played knowing it cannot match (newcomer play-test: the hint said only "you
                # know it is a 3" for a Track or Clue on a Witness lead, and the learner thought it
                # would finish the lead)
                number = card["number"] if card is not None else 0
                to = f" to {lead['value'] + number}" if number else ""
                looked = "looks" if coach else "looked"
                parts.append(f"it cannot be {article(self.icon_name(lead['icon']))}, so its "
                             f"{number or 'number'} raises the lead's value{to} instead of counting as evidence: "
                             f"even so, every other move {looked} costlier")
                conv = None
            if conv is not None and odds is not None and _lean_moved(odds) is None:
                # counting alone gives the chances the bots' reading of the Assist gives: the
                # convention changed nothing worth a sentence (it had run a hint to 14 lines,
                # over the lead cards, beside "you know it is a Clue, from Bot 1's Assist")
                conv = None
            if conv is not None:
                # the convention is the bots' (the rules page, F1, states it): said as theirs
                teller = cap(self._teller(conv["by"])) if conv["by"] >= 0 else "A partner's Assist"
                parts.append(f"{teller} picked out this card, and the bots read an Assist as picking out cards worth "
                             "playing now, as the rules page says")
            chances = self._counted_chances(odds, conv is not None, coach, name) if odds is not None else ""
            never = isinstance(a, R.Investigate) and fits is not None and fits["match"] == "never"
            if chances:
                parts.append(chances)
            elif odds is None and not never:  # (a card that cannot match is told above: once)
                public = self._public_risk(facts, coach)
                if public:
                    parts.append(public)
            if odds is not None and odds.key == "odds" and not never and 0 < _counted(odds)["match"] < 1 \
                    and lead is not None:
                # what a miss does (newcomer play-test: "a 36% chance to match", and the Witness 4
                # that did not went under the lead and raised it from 8 to 12 unannounced)
                parts.append(f"a card that is not {article(self.icon_name(lead['icon']))} raises the lead's "
                             "value by its number instead")
            cost = facts.get("holmes_cost")
            if cost is not None and isinstance(a, R.Eliminate) and len(parts) < 2:
                parts.append("the Impossible is full, so it also moves Holmes a step")
            return "; ".join(parts)
        if isinstance(a, R.Assist):
            cost = facts.get("holmes_cost")
            if cost is None:
                return ""
            spaces = self._situation(x, "holmes")
            if facts.get("loses"):
                return "It moves Holmes to 0, which loses the game"
            left = f"; he is then {plural(spaces['spaces'] - 1, 'step')} from solving the case" if spaces else ""
            return f"It costs a Holmes space{left}"
        if isinstance(a, R.Pursue):
            if facts.get("loses"):
                return f"It is the last {self.section_name(a.section)} lead, so pursuing it loses the game"
            if facts.get("holmes_cost"):
                return "The Impossible is full, so the lead moves Holmes a step"
        if isinstance(a, R.Confirm) and facts.get("loses"):
            return "The Investigation track is not on its mark, so confirming the third lead now loses the game"
        return ""

    def _lead_risk_words(self, risk: Fact, coach: bool) -> str:
        """``its number was not known, and the Opportunity lead needed exactly 4 more: a 5 or 6
        would have killed it`` (the card's icon is in the sentence before)."""
        section = self.section_name(risk["section"])
        kills = article(_or_numbers(risk["kills"]))
        if coach:
            return (f"its number is unknown, and the {section} lead needs exactly {risk['need']} more: "
                    f"{kills} would overshoot it")
        return (f"its number was not known, and the {section} lead needed exactly {risk['need']} more: "
                f"{kills} would have killed it")

    def _counted_chances(self, odds: Fact, lean: bool, coach: bool, name: str) -> str:
        """The chances by counting the cards the seat could see (every card it may be alike: what a
        player can check), and, when the convention's lean made the bot count on more, what it
        counted on (play-test: "an 86% chance to match" for a 6 where counting gave an even chance)."""
        seen = "counting the cards you can see" if coach else f"counting the cards {name} could see"
        counted = _counted(odds)
        chances = self._chances(counted, coach)
        if not chances:
            return ""
        if not lean:
            return f"{seen}, {chances}"
        words = {"match": "match", "finish": "finish the lead", "kill": "overshoot the lead",
                 "exact": "land the Investigation track exactly", "over": "take the Investigation track too far"}
        moved = _lean_moved(odds)
        if moved is None:
            return f"{seen}, {chances}"
        return (f"{seen} alone, {chances}; reading the Assist that way, the bots put the chance to "
                f"{words[moved]} at {percent(odds[moved])}")

    def _chances(self, odds: Fact, coach: bool) -> str:
        """``it is sure to match and has an 86% chance to finish the lead`` (nothing for no risk)."""
        if odds.key == "odds":
            items = [(odds["match"], "match"), (odds["finish"], "finish the lead"), (odds["kill"], "overshoot the lead")]
        else:
            exact = "land the Investigation track exactly"
            items = [(odds["exact"], exact), (odds["over"], "take the Investigation track too far")]
        items.append((odds["lose"], "lose the game"))
        shown = [(p, what) for p, what in items if p > 0]
        if odds.key == "track_odds" and all(what == exact or p == 0 for p, what in items) \
                and odds["exact"] < 1:
            return ""  # no risk and no sure landing: nothing the track's words did not say
        be, have = ("is", "has") if coach else ("was", "had")
        sure = [what for p, what in shown if p >= 0.995]
        maybe = [f"{article(percent(p))} chance to {what}" for p, what in shown if p < 0.995]
        clauses = []
        if sure:
            # the best move sure to lose: say that no other move saves the case (a newcomer read it
            # as advice to lose)
            lost = f", but so {be} every other move" if "lose the game" in sure else ""
            clauses.append(f"it {be} sure to {join_words(sure)}{lost}")
        if maybe:
            clauses.append(("" if sure else "it ") + f"{have} {join_words(maybe)}")
        return " and ".join(clauses)

    def _public_risk(self, facts: _Facts, coach: bool) -> str:
        """The risk as anyone can read it from what the seat was told (no card counting)."""
        fits = facts.get("fits")
        would = "would"
        if fits is not None:
            lead = facts.get("lead")
            icon = self.icon_name(lead["icon"]) if lead else ""
            bits = []
            if fits["kills"]:
                lose = " and lose the game" if lead and lead["last"] else ""
                bits.append(f"a matching {_or_numbers(fits['kills'])} {would} overshoot the lead{lose}")
            if fits["match"] == "maybe":
                bits.append(f"a card that is not {article(icon)} {would} raise the lead's value instead")
            if fits["match"] == "never":
                bits.append("it cannot match, so its number raises the lead's value")
            return "; ".join(bits)
        fit = facts.get("track_fit")
        if fit is not None and fit["over"]:
            target = self.obs.target if self.obs is not None else 20
            return (f"{article(_or_numbers(fit['over']))} {would} take the Investigation track past {target} and "
                    "lose the game")
        return ""

    @staticmethod
    def _situation(x: Explanation, key: str) -> Fact | None:
        return next((f for f in x.situation if f.key == key), None)

    # -- the next best move ---------------------------------------------------------------------
    def _why_not(self, x: Explanation, runner: Considered, coach: bool) -> str:
        facts = _Facts(runner.facts)
        margin = facts.get("margin")
        spaces = margin["spaces"] if margin else 0.0
        if spaces < NEAR:
            how = "almost as good"
        elif spaces < LITTLE:
            how = "a little worse"
        elif spaces >= FAR:
            how = "far worse"
        else:
            count = max(1, round(spaces))
            # said as what it is worth to the team: "worth about one Holmes space less" was never explained
            steps = "one more step" if count == 1 else f"{number_word(count)} more steps"
            how = f"about as costly as {steps} for Holmes"
        because = self._weakness(facts, _Facts(x.best.facts))
        verb = "is" if coach else "was"
        move = f"The next best move {verb} {self._gerund(x, runner.action, coach)}"
        if because and spaces >= NEAR:
            # the weakness first, then the whole difference: "worth about two Holmes spaces less,
            # as it costs a Holmes space" read as two sums that did not agree (now "about as costly
            # as two more steps for Holmes")
            return f"{move}: {because}, and all told it {verb} {how}"
        # a weakness qualifies "almost as good" ("though"): "almost as good, as it has only a 36%
        # chance to match" contradicted itself
        return f"{move}, {how}" + (f", though {because}" if because else "")

    def _gerund(self, x: Explanation, a, coach: bool) -> str:
        # "playing Watson's 1st card", not "playing 1st card"
        your = "your " if coach else f"{possessive(self._name(x.seat))} "
        if isinstance(a, R.Investigate):
            return f"playing {your}{ordinal(a.slot + 1)} card on the {self.section_name(a.section)} lead"
        if isinstance(a, R.Eliminate):
            return f"eliminating {your}{ordinal(a.slot + 1)} card"
        if isinstance(a, R.Assist):
            if not self._sees_hand(a.target):
                # which cards it would have named would tell their holder of their own hand: the
                # viewer's, or, on the screen between two turns, a player who may still be at it
                return f"an Assist to {self._whom(a.target)}"
            word = str(a.number) if a.number is not None else self.icon_name(a.icon)
            return f"telling {self._name(a.target)} which cards are {self._plural(word)}"
        if isinstance(a, R.Confirm):
            return f"confirming the {self.section_name(a.section)} lead"
        if isinstance(a, R.Pursue):
            return f"pursuing the {self.section_name(a.section)} lead"
        if isinstance(a, C.ChooseKeep):
            return f"keeping {self._card_name(a.card)}" if self._sees_private(x) else "keeping the other card"
        if isinstance(a, C.PlacePeeked):
            return "putting the card under the deck" if a.bottom else "leaving the card on top"
        if isinstance(a, C.SkipAssist):
            return "giving no second Assist"
        if isinstance(a, C.RallyHolmes):
            return "holding Holmes back"
        if isinstance(a, C.Peek):
            return "sniffing the top card"
        if isinstance(a, C.ReturnEvidence):
            return f"putting {self._card_name(a.card)} back into the deck"
        if isinstance(a, C.SwapEvidence):
            return f"swapping {self._card_name(a.card)} on the {self.section_name(a.section)} lead"
        if isinstance(a, C.SwapHands):
            return f"swapping a card with {self._whom(a.target)}"
        text = self.describe_action(a)
        return text[:1].lower() + text[1:]

    def _weakness(self, facts: _Facts, best: _Facts) -> str:
        """The fact that most plainly makes the runner-up worse than the ``best`` move, as a
        clause (or nothing: a cost both moves pay sets neither apart)."""
        loses = facts.get("loses")
        if loses is not None:
            return {"last_lead": "it would lose the last lead of its section, and with it the game",
                    "third_off": "confirming the third lead off the Investigation track's mark loses the game",
                    "holmes": "Holmes would reach 0 and win",
                    "track_over": "the Investigation track would go too far, which loses the game",
                    }.get(loses["how"], "it loses")
        fits = facts.get("fits")
        odds = facts.get("odds")
        odds = _counted(odds) if odds is not None else None  # a chance a player can check
        if fits is not None and fits["match"] == "never" or odds is not None and odds["match"] == 0:
            return "the card cannot match that lead and would only raise its value"
        if odds is not None:
            if odds["kill"] >= 0.05:
                return f"it has {article(percent(odds['kill']))} chance to overshoot the lead"
            best_odds = best.get("odds")
            best_match = _counted(best_odds)["match"] if best_odds is not None else 1.0
            # "only" where the chosen move's chance is better: "has only a 31% chance" under a
            # chosen card with the same 31% set nothing apart
            if odds["match"] < 0.5 and odds["match"] < best_match - 0.005:
                return f"it has only {article(percent(odds['match']))} chance to match"
        if odds is None and fits is not None and fits["kills"]:
            return f"a matching {_or_numbers(fits['kills'])} would overshoot the lead"
        if odds is None and fits is not None and fits["match"] == "maybe":
            return "the card may not match it and would then raise its value"
        track = facts.get("track_odds")
        track = _counted(track) if track is not None else None
        if track is not None and track["over"] >= 0.05:
            return f"it has {article(percent(track['over']))} chance to take the Investigation track too far"
        fit = facts.get("track_fit")
        if fit is not None and fit["over"]:
            return f"{article(_or_numbers(fit['over']))} would take the Investigation track too far"
        if facts.get("holmes_cost") is not None and best.get("holmes_cost") is None:
            return "it costs a Holmes space"
        return ""


def _counted(odds: Fact) -> Fact:
    """``odds`` (or ``track_odds``) with the chances by card counting alone in the place of the
    chances the bot weighed (the same when the fact has none: an explanation saved before)."""
    names = ("match", "finish", "kill", "lose") if odds.key == "odds" else ("exact", "over", "lose")
    return Fact(odds.key, tuple((n, odds.get(f"counted_{n}", odds[n])) for n in names), odds.secret)


def _lean_moved(odds: Fact) -> str | None:
    """The first chance the bots' reading of an Assist put apart from counting alone ("match",
    "exact", ...), or None when the reading changed none of them."""
    counted = _counted(odds)
    names = ("match", "finish", "kill") if odds.key == "odds" else ("exact", "over")
    return next((n for n in names if abs(odds[n] - counted[n]) >= 0.005), None)


class _Facts:
    """A move's facts by key."""

    def __init__(self, facts) -> None:
        self.facts = tuple(facts)

    def get(self, key: str) -> Fact | None:
        return next((f for f in self.facts if f.key == key), None)

    def all(self, key: str) -> list[Fact]:
        return [f for f in self.facts if f.key == key]


def _spaces(count: int) -> str:
    return "a space" if count == 1 else plural(count, "space")


def _sentence(text: str) -> str:
    text = text.strip()
    text = cap(text)
    return text if text.endswith((".", "!", "?")) else text + "."
