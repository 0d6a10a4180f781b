"""What the coach and the "why?" of a bot's move say in Case Connection.

The expert explains itself with facts (``sleuth/games/case_connection/reasons.py`` lists their
keys); this mixin turns one explanation into one to three sentences: the move and the fact that
decided it, one more reason when there is one, and the runner-up with the fact that made it
worse. ``coach`` speaks to the viewer about their own move ("Visit The Docks: ..."); otherwise it
tells why the named bot did what it did, in the past tense ("Watson visited ...").

Secrecy: the explanation arrives filtered for the viewer (secret facts removed), and the only
hidden cards in this game are the leads a player chose from. So a lead that was offered and not
kept is named only when its facts are still there (the viewer chose, or the game is over), and is
otherwise "the other lead".
"""

from __future__ import annotations

from sleuth.ai.explain import Considered, Explanation, Fact
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.grid import Reconstruction
from sleuth.ui.words import cap, join_words, ordinal, plural

#: a thread's bonus icon, in a sentence about where it can sit
BONUS_ICON = {"bonus_point": "Bonus Point icon", "universal": "Universal icon", "extra_lead": "extra-lead icon"}
#: bonuses gained by a reconstruction, counted
BONUS_GAINED = {"bonus_point": ("a Bonus Point token", "{n} Bonus Point tokens"),
                "universal": ("a Universal proof", "{n} Universal proofs"),
                "extra_lead": ("an extra lead to choose from", "{n} extra leads to choose from")}


def _facts(considered: Considered | None, key: str) -> list[Fact]:
    return [f for f in considered.facts if f.key == key] if considered is not None else []


def _one(considered: Considered | None, key: str) -> Fact | None:
    found = _facts(considered, key)
    return found[0] if found else None


def _number(value: float) -> str:
    """``1.6``, ``2``: one decimal, none when it is whole."""
    return f"{round(value, 1):g}"


def _last_turn(explanation: Explanation) -> Fact | None:
    """The ``final_turn`` fact when the move is made on the seat's last turn."""
    return next((f for f in explanation.situation if f.key == "final_turn"), None)


def _played_on(coach: bool) -> str:
    """How a choice's points a turn are said, without the sampling: an average over the turns to
    come ("Playing on from here many times" read as the program's talk; the number of draws it
    tried is no figure a player needs)."""
    return "On average from here" if coach else "On average from there"


def _how_often(ready: int, samples: int) -> str:
    """How often a take leaves the lead ready after the next turn, in a player's words (the
    bot's count of sampled draws, "7 of 11", is not): ``almost always``, ``usually``, ``often``,
    ``sometimes``, ``rarely``, ``almost never`` (sampled, so never "always" or "never")."""
    share = ready / samples if samples else 0.0
    if share >= 1:
        return "almost always"
    if share >= 0.7:
        return "usually"
    if share >= 0.4:
        return "often"
    if share >= 0.15:
        return "sometimes"
    return "rarely" if ready else "almost never"


def _more(n: int) -> str:
    """The expert's estimate of what a lead still lacks: ``about 2 more items``."""
    return "about one more item" if n == 1 else f"about {n} more items"


class ReasonWording:
    """Sentences for explanations; mixed into ``CaseTable`` (uses its words: names, items, leads)."""

    def explanation_words(self, explanation: Explanation, coach: bool) -> list[str]:
        best = explanation.best.action
        if isinstance(best, R.Take):
            if any(f.key == "spoil_only" for f in explanation.best.facts):
                lines = self._spoil_words(explanation, coach)
            else:
                lines = self._take_words(explanation, coach)
        elif isinstance(best, R.PickLead):
            lines = self._pick_words(explanation, coach)
        elif isinstance(best, R.Keep):
            lines = self._keep_words(explanation, coach)
        elif isinstance(best, R.Reconstruct):
            lines = self._reconstruct_words(explanation, coach)
        elif isinstance(best, R.Exchange):
            lines = self._exchange_words(explanation, coach)
        else:
            lines = self._end_words(explanation, coach)
        final = _last_turn(explanation)
        if final is not None and len(lines) < 3 and not any("last turn" in line for line in lines):
            target = plural(self.cards.target_points, "point")
            if coach:
                last = f"This is your last turn: {self.says(final['trigger'], 'has', start=False)} reached {target}."
            else:
                last = f"It was {self.possessive(explanation.seat)} last turn: {self.says(final['trigger'], 'had', start=False)} " \
                       f"reached {target}."
            lines.insert(1, last)
        return [cap(line) for line in lines[:3]]

    # -- who -----------------------------------------------------------------------------------
    def _whose(self, seat: int, coach: bool) -> str:
        """``your`` to the coached player, ``Watson's`` about a bot."""
        return "your" if coach else self.possessive(seat)

    def _last_words(self, ex: Explanation, coach: bool) -> str:
        """``This is your last turn`` / ``It was Watson's last turn``."""
        return "This is your last turn" if coach else f"It was {self.possessive(ex.seat)} last turn"

    def _moot(self, ex: Explanation, coach: bool) -> str:
        """Why a choice after a reconstruction on the last turn does not matter."""
        if coach:
            return "this is your last turn, so the game ends before this choice could score, and any will do."
        return f"it was {self.possessive(ex.seat)} last turn, so no choice could score any more."

    def _lead_phrase(self, explanation: Explanation, coach: bool) -> str:
        status = next((f for f in explanation.situation if f.key == "lead_short"), None)
        lead = f"{self.cards.lead(status['lead']).points}-point lead" if status is not None else "lead"
        return f"{self._whose(explanation.seat, coach)} {lead}"

    def _items(self, action) -> str:
        return self.items_words(action.threads, action.proofs)

    def _visit(self, action: R.Take) -> str:
        return f"{self._items(action)} at {self.cards.locations[action.location].name}"

    # -- takes ---------------------------------------------------------------------------------
    def _take_words(self, ex: Explanation, coach: bool) -> list[str]:
        best, runner = ex.best, ex.runner_up
        seat = ex.seat
        status = next((f for f in ex.situation if f.key == "lead_short"), None)
        short = _one(best, "take_short")
        lead = self._lead_phrase(ex, coach)
        where = self.cards.locations[best.action.location].name
        down = f", down from {status['short']}." if status is not None and status["short"] > short["after"] else "."
        if coach:
            first = f"Visit {where} and take {self._items(best.action)}: "
            if short["ready"]:
                first += f"with them you can reconstruct {lead} at once."
            else:
                first += f"{lead} then needs {_more(short['after'])}{down}"
        else:
            first = f"{self.says(seat, 'visited')} {where} for {self._items(best.action)}: "
            if short["ready"]:
                first += f"that made {lead} ready to reconstruct."
            else:
                first += f"{lead} then needed {_more(short['after'])}{down}"
        lines = [first]
        extra = self._take_extra(best, ex, coach)
        if extra:
            lines.append(extra)
        if runner is not None and self._visit(runner.action) != self._visit(best.action):
            # a runner-up told in the same words (other cards of the same kinds) said nothing: "Taking
            # a thread showing Forensic and Cyber at The Docks is next best" under that very take
            lines.append(self._take_runner(ex, coach))
        return lines

    def _take_extra(self, best: Considered, ex: Explanation, coach: bool) -> str:
        """One more reason the chosen take is good: a bonus icon, the sampled futures, a spoiled rival."""
        bonus = _one(best, "bonus_icon")
        if bonus is not None:
            kind = self.thread_kind(bonus["thread"])
            return (f"The {BONUS_ICON[bonus['bonus']]} on the {kind} {'can' if coach else 'could'} sit right next to "
                    f"{self._whose(ex.seat, coach)} lead, for {BONUS_GAINED[bonus['bonus']][0]}.")
        futures = _one(best, "futures")
        short = _one(best, "take_short")
        if futures is not None and futures["ready"] and not (short is not None and short["ready"]):
            # the bot tried the next turn out on sampled draws: said as how often the lead is then
            # ready (not "futures", "tries" nor "7 of 11 ways"); moot when the take makes the lead
            # ready at once
            often = _how_often(futures["ready"], futures["samples"])
            if coach:
                return f"With them you would {often} be ready to reconstruct after your next turn."
            return f"With them {self.name(ex.seat)} would {often} be ready to reconstruct after the next turn."
        spoils = _one(best, "spoils")
        if spoils is not None:
            return f"It also {'spoils' if coach else 'spoiled'} {self.possessive(spoils['seat'])} best take."
        return ""

    def _take_runner(self, ex: Explanation, coach: bool) -> str:
        """The runner-up take and the first fact, in the order a player weighs them, that made it worse."""
        best, runner = ex.best, ex.runner_up
        other = f"Taking {self._visit(runner.action)}"
        leave = "would leave" if coach else "would have left"
        b_short, r_short = _one(best, "take_short"), _one(runner, "take_short")
        if b_short["ready"] and not r_short["ready"]:
            return f"{other} {leave} the lead needing {_more(r_short['after'])}."
        if not r_short["ready"] and r_short["after"] > b_short["after"]:
            return f"{other} {leave} it needing {_more(r_short['after'])}, not {b_short['after']}."
        b_fut, r_fut = _one(best, "futures"), _one(runner, "futures")
        if b_fut is not None and r_fut is not None and r_fut["ready"] < b_fut["ready"]:
            who = "you" if coach else self.name(ex.seat)
            r_often = _how_often(r_fut["ready"], b_fut["samples"])
            b_often = _how_often(b_fut["ready"], b_fut["samples"])
            turn = "your next turn" if coach else "the next turn"
            if r_often == b_often:  # "would sometimes ..., where this one sometimes does" said nothing
                return f"{other} {leave} {who} ready to reconstruct after {turn} less often."
            left = "leave" if coach else "have left"
            chosen = f"this take {b_often} does" if coach else f"{self.possessive(ex.seat)} take {b_often} did"
            return f"{other} would {r_often} {left} {who} ready to reconstruct after {turn}; {chosen}."
        b_bonus = {f["bonus"] for f in _facts(best, "bonus_icon")}
        r_bonus = {f["bonus"] for f in _facts(runner, "bonus_icon")}
        if b_bonus - r_bonus:
            bring = "would bring" if coach else "would have brought"
            return f"{other} {bring} no {BONUS_ICON[sorted(b_bonus - r_bonus)[0]]} that can sit next to the lead."
        b_plan, r_plan = _one(best, "plan_turns"), _one(runner, "plan_turns")
        if b_plan is not None and r_plan is not None and r_plan["turns"] > b_plan["turns"]:
            return (f"{other} {leave} more to collect: about {plural_turns(r_plan['turns'])} of takes from what is "
                    f"out now, not {plural_turns(b_plan['turns'])}.")
        b_spoils = {f["seat"] for f in _facts(best, "spoils")}
        r_spoils = {f["seat"] for f in _facts(runner, "spoils")}
        spared = sorted(b_spoils - r_spoils)
        if spared:
            return f"{other} {leave} {self.possessive(spared[0])} best take untouched."
        return f"{other} {'is' if coach else 'was'} {self._closeness(ex)}."

    def _closeness(self, ex: Explanation) -> str:
        gap = ex.best.value - ex.runner_up.value
        if gap < 0.05:
            return "next best, a very close call"
        if gap < 0.5:
            return "next best, only a little behind"
        return "next best, well behind"

    def _spoil_words(self, ex: Explanation, coach: bool) -> list[str]:
        best, runner = ex.best, ex.runner_up
        no_lead = next((f for f in ex.situation if f.key == "no_lead"), None)
        last = _last_turn(ex) is not None
        if last and no_lead is None:
            why = "no take makes your lead ready" if coach else f"no take made {self.possessive(ex.seat)} lead ready"
            why = f"{'This is your' if coach else 'It was ' + self.possessive(ex.seat)} last turn and {why}"
        elif last:
            why = f"{'You have' if coach else self.says(ex.seat, 'had')} no lead on {'your' if coach else 'a'} last turn"
        elif no_lead is not None and no_lead["deck"] == 0:
            why = f"{'You have' if coach else self.says(ex.seat, 'had')} no lead and the lead deck " \
                  f"{'is' if coach else 'was'} empty"
        else:
            why = "You have no lead until a new one is drawn next turn" if coach else \
                f"{self.says(ex.seat, 'had')} no lead until a new one was drawn"
        spoils = _facts(best, "spoils")
        if coach:
            first = f"{why}, so take what others need: {self._visit(best.action)}."
        else:
            first = f"{why}, so {self.verb(ex.seat, 'took')} what others needed: {self._visit(best.action)}."
        lines = [first]
        if spoils:
            f = spoils[0]
            left = "now brings" if coach else "then brought"
            lines.append(f"It spoils {self.possessive(f['seat'])} best take: the best one left {left} "
                         f"{self.possessive(f['seat'])} lead {plural(f['after'], 'item')} closer, not {f['before']}.")
        else:
            lines.append("No take spoils anyone's plans much here, so any will do.")
        if runner is not None and spoils:
            lines.append(f"Taking {self._visit(runner.action)} {'spoils' if coach else 'spoiled'} less.")
        return lines

    # -- leads ---------------------------------------------------------------------------------
    def _pick_words(self, ex: Explanation, coach: bool) -> list[str]:
        best, runner = ex.best, ex.runner_up
        offer = _one(best, "lead_offer")
        rate = _one(best, "pick_rate")
        lead = f"{offer['points']}-point lead{self._offer_place(offer['lead'], coach)}"
        plan = f"with what is out now, it takes about {plural_turns(offer['turns'])} of visits to make"
        head = f"Keep the {lead}" if coach else f"{self.says(ex.seat, 'kept')} the {lead}"
        if _last_turn(ex) is not None:
            return [f"{head}: {self._moot(ex, coach)}"]
        first = f"{head}: {plan}"
        first += f", and {self._finish_words(offer, ex.seat, coach)}." if offer["finishes"] else "."
        lines = [first]
        if rate is not None:
            lines.append(f"{_played_on(coach)}, {'this lead scores' if coach else 'that lead scored'} "
                         f"{rate_words(rate['rate'])}.")
            lines += self._rate_against_plan(offer, rate["rate"], coach)
        if runner is not None:
            other = _one(runner, "lead_offer")
            if other is None:  # the lead not kept stays hidden from this viewer
                lines.append("What else was drawn looked weaker.")  # one other lead or three: not said
            else:
                other_rate = _one(runner, "pick_rate")
                worth = rate_words(other_rate["rate"]) if other_rate is not None else \
                    f"about {plural_turns(other['turns'])} of takes"
                if other_rate is not None and rate is not None and \
                        round(other_rate["rate"], 1) == round(rate["rate"], 1):
                    worth = "about as good by this count; either will do"  # "0.8 ... next best: about 0.8"
                which = "other " if other["points"] == offer["points"] else ""  # two 3-point leads on offer
                place = self._offer_place(other["lead"], coach)
                lines.append(f"The {which}{other['points']}-point lead{place} {'is' if coach else 'was'} next best: "
                             f"{worth}.")
        return lines

    @staticmethod
    def _rate_against_plan(offer: Fact, rate: float, coach: bool) -> list[str]:
        """Why the points a turn are not the lead's points over the turns just said, when they are
        far apart. The turns count only the items out now; the points a turn come from games played
        on from here, where new items come out, bonus points count and others take items too. A
        newcomer read "3 points ... about 4 turns ... about 1.4 points a turn" as wrong sums."""
        points, turns = offer["points"], offer["turns"]
        if not turns or not rate:
            return []
        plain = points / turns
        over = f"{plural(points, 'point')} over {plural_turns(turns)}"
        was = "is" if coach else "was"
        if rate > plain * 1.25:
            return [f"That {was} more than {over}: new items come out as others visit, which can make it "
                    "sooner, and bonus points can add to it."]
        if rate < plain * 0.8:
            return [f"That {was} less than {over}: others take items too, and in some games it is not made "
                    "in time."]
        return []

    def _finish_words(self, offer: Fact, seat: int, coach: bool) -> str:
        """What making an offered lead that reaches the target does: ``making it brings you to 10
        points, enough to end the game`` (the score it leads to, not the target: "its points reach
        9" was read as the score when it would be 10). A fact without the score says no figure."""
        score = offer.get("score")
        whom = "you" if coach else self.name(seat)
        if score is None:
            return f"making it would bring {whom} to the {plural(self.cards.target_points, 'point')} that end the game"
        bring = "brings" if coach else "would bring"
        return f"making it {bring} {whom} to {plural(score, 'point')}, enough to end the game"

    def _offer_place(self, lid: str, coach: bool) -> str:
        """`` on the left`` when another lead on offer has as many points (the coach speaks while
        the leads lie side by side; "the 3-point lead" named neither of two)."""
        obs = self.obs
        offer = list(obs.offer) if coach and obs is not None and obs.offer else []
        if lid not in offer or len(offer) < 2:
            return ""
        points = self.cards.lead(lid).points
        if sum(1 for other in offer if self.cards.lead(other).points == points) < 2:
            return ""
        k, n = offer.index(lid), len(offer)
        if k == 0:
            return " on the left"
        if k == n - 1:
            return " on the right"
        return " in the middle" if n == 3 else f" {ordinal(k + 1)} from the left"

    def _keep_words(self, ex: Explanation, coach: bool) -> list[str]:
        best, runner = ex.best, ex.runner_up
        action = best.action
        fits = _facts(best, "keep_fits")
        if coach:
            first = f"Keep {self._items(action)}"
        else:
            first = f"{self.says(ex.seat, 'kept')} {self._items(action)}"
        if _last_turn(ex) is not None:
            return [f"{first}: {self._moot(ex, coach)}"]
        if fits:
            low = min(fits, key=lambda f: f["fits"])
            items = len(action.threads) + len(action.proofs)  # two Universals are one fact, two items
            each = ("it suits" if items == 1 else "each suits") if len(fits) == 1 else "each suits at least"
            share = f"all {low['unseen']}" if low["fits"] == low["unseen"] else f"{low['fits']} of the {low['unseen']}"
            first += f": {each} {share} leads still to come."
        else:
            first += "."
        lines = [first]
        rate = _one(best, "keep_rate")
        if rate is not None:
            lines.append(f"{_played_on(coach)}, {'keeping them scores' if coach else 'keeping them scored'} "
                         f"{rate_words(rate['rate'])}.")
        if runner is not None:
            other = f"Keeping {self._items(runner.action)}"
            r_rate = _one(runner, "keep_rate")
            if r_rate is not None and rate is not None and r_rate["rate"] >= rate["rate"]:
                lines.append(f"{other} {'does' if coach else 'did'} just as well; either is fine.")
            elif r_rate is not None:
                lines.append(f"{other} {'scores' if coach else 'scored'} {rate_words(r_rate['rate'])}.")
            else:
                lines.append(f"{other} {'is' if coach else 'was'} {self._closeness(ex)}.")
        return lines

    # -- reconstruct, exchange, end ------------------------------------------------------------
    def _reconstruct_words(self, ex: Explanation, coach: bool) -> list[str]:
        done = _one(ex.best, "reconstruct")
        lead = f"{self._whose(ex.seat, coach)} {done['points']}-point lead"
        gains = []
        for kind in dict.fromkeys(done["bonuses"]):
            one, many = BONUS_GAINED[kind]
            n = done["bonuses"].count(kind)
            gains.append(one if n == 1 else many.format(n=n))
        points = plural(done["points"], "point")
        bonus = ""
        if gains:
            bonus = f", and the bonus icons next to it {'add' if coach else 'added'} {join_words(gains)}"
        if coach:
            lines = [f"Reconstruct {lead} now: it scores {points}{bonus}."]
            feedback = self.feedback()
            if not isinstance(getattr(feedback, "verdict", None), Reconstruction):
                # the Reconstruct button waits for the desk: say how to get there
                lines.append("Lay its threads out on the desk first: the desk's Hint lays them out for you.")
        else:
            lines = [f"{self.says(ex.seat, 'reconstructed')} a {done['points']}-point lead at once for {points}{bonus}."]
        reach = _one(ex.best, "reaches_target")
        if reach is not None:
            lines.append(f"That {'brings you' if coach else 'brought ' + self.name(ex.seat)} to "
                         f"{plural(reach['score'], 'point')}: {self.final_turns(ex.seat)}.")
        elif _last_turn(ex) is not None:
            lines.append(f"{self._last_words(ex, coach)}: no later turn could score it.")
        elif coach:
            lines.append("Waiting gains nothing: you keep 2 of your items and choose a new lead right after.")
        else:
            lines.append("Waiting would have gained nothing: a new lead comes right after.")
        return lines

    def _exchange_words(self, ex: Explanation, coach: bool) -> list[str]:
        f = _one(ex.best, "exchange")
        proof = self.sym(f["proof"])
        lead = self._lead_phrase(ex, coach)
        if f["after"] == 0:
            then = f"{lead} is then ready to reconstruct" if coach else f"{lead} was then ready to reconstruct"
        else:
            then = f"{lead} then {'needs' if coach else 'needed'} {_more(f['after'])} instead of {f['before']}"
        if coach:
            first = f"Exchange 3 {proof} proofs for a Universal proof: {then}."
        else:
            first = f"{self.says(ex.seat, 'exchanged')} 3 {proof} proofs for a Universal proof: {then}."
        return [first, "A Universal proof joins any two matching edges, so it fills whatever proof is missing."]

    def _end_words(self, ex: Explanation, coach: bool) -> list[str]:
        f = _one(ex.best, "turn_over")
        status = next((s for s in ex.situation if s.key == "lead_short"), None)
        visited = f is not None and f["taken"]
        if coach:
            done = "you have made your visit" if visited else "no location holds 2 items to take"
            rest = f" and {self._lead_phrase(ex, coach)} still needs {_more(status['short'])}" if status else ""
            return [f"End your turn: {done}{rest}, so nothing more can be done now."]
        done = "after the visit" if visited else "with no location holding 2 items to take"
        rest = f": {self._lead_phrase(ex, coach)} still needed {_more(status['short'])}" if status else ""
        return [f"{self.says(ex.seat, 'ended')} the turn {done}{rest}, so there was nothing more to do."]


def plural_turns(turns: float) -> str:
    """``about 1 turn``, ``2.5 turns``."""
    return f"{_number(turns)} turn" if round(turns, 1) == 1 else f"{_number(turns)} turns"


def rate_words(points: float) -> str:
    """``about 0.8 points a turn``, ``almost no points a turn`` ("about 0 points a turn")."""
    return "almost no points a turn" if round(points, 1) == 0 else f"about {plural_points(points)} a turn"


def plural_points(points: float) -> str:
    """``1 point``, ``0.8 points``."""
    return f"{_number(points)} point" if round(points, 1) == 1 else f"{_number(points)} points"
