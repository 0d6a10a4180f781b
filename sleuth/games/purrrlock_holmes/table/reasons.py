"""Why the expert plays what it plays, in words: the coach's hint and the "why?" of a bot's move.

The expert explains each decision with facts (``bots.ExpertBot``, whose docstring lists every key);
this module turns them into one to three sentences a person would write. For the coach
(``coach=True``) the sentences speak to the viewer about their own move ("Investigate Rat 3, then
Goose 7: whatever the answers, ..."); otherwise they tell why the named bot did what it did.
The runner-up comes second, with what makes it worse, in words ("right only 1 time in 3",
"would leave up to 8"), never as raw numbers.

The explanation arrives already filtered for the viewer (secret facts removed), and the words
never name a card the viewer may not see: a card of the bot's move is named only once the move
has shown it to the table (it was asked about), and the cards of a pair the bot did not choose
(still in its hand) are never named to anyone but that seat's own player.

``ReasonWording`` is mixed into ``PurrrlockTable`` (table/__init__.py)."""

from __future__ import annotations

from sleuth.ai.explain import Explanation, Fact
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.notes import guess_words
from sleuth.ui.words import cap, plural

#: at most this many sentences per explanation
MAX_SENTENCES = 3


def _facts(facts) -> dict[str, Fact]:
    return {f.key: f for f in facts}


def chance_words(chance: float, count: int | None = None) -> str:
    """``1 time in 3``, ``2 times in 3`` (when the chance is a share of ``count`` cards), else
    ``40% of the time``."""
    if chance >= 0.999:
        return "every time"
    if count:
        hits = round(chance * count)
        if hits and abs(hits / count - chance) < 0.002:
            return f"{plural(hits, 'time')} in {count}"
    return f"{round(chance * 100)}% of the time"


def right_words(chance: float, count: int | None, past: bool, only: bool = False) -> str:
    """How likely a guess is right, as a clause: ``it is right only 1 time in 3`` when the share
    of cards is known, else ``it has a 67% chance to be right``; ``past`` for a bot's move."""
    if chance >= 0.999:
        return "it was certain" if past else "it is certain"
    said = chance_words(chance, count)
    rather = "only " if only else ""
    if not said.endswith("of the time"):
        return f"it {'was' if past else 'is'} right {rather}{said}"
    return f"it {'had' if past else 'has'} {rather}a {round(chance * 100)}% chance to be right"


def _earned(guess: R.Guess) -> int:
    return 2 if guess.suspect is not None and guess.hour is not None else 1


class ReasonWording:
    """``explain``: the expert's reasons for a move, in sentences."""

    def explain(self, explanation: Explanation, coach: bool) -> list[str]:
        return _Reasons(self, explanation, coach).sentences()


class _Reasons:
    """One explanation worded for the table's viewer."""

    def __init__(self, table, explanation: Explanation, coach: bool) -> None:
        self.table = table
        self.e = explanation
        self.coach = coach
        self.cards = table.cards
        self.seat = explanation.seat
        self.own = coach or table.viewer == explanation.seat  # the seat's own player reads it
        self.name = table._name(explanation.seat)
        self.whose = "your" if coach else table._whose(explanation.seat)
        self.best = _facts(explanation.best.facts)
        self.situation = _facts(explanation.situation)
        runner = explanation.runner_up
        self.runner = _facts(runner.facts) if runner is not None else {}

    def sentences(self) -> list[str]:
        action = self.e.best.action
        if isinstance(action, R.Investigate):
            lines = self._investigate(action)
        elif isinstance(action, R.Guess):
            lines = self._paws(action) if action.paws else self._guess(action)
        elif isinstance(action, R.EndTurn):
            lines = self._end()
        else:
            lines = [f"{self.table.describe_action(action)}."]
        if len(lines) < MAX_SENTENCES:
            lines.append(self._race())
        return [cap(line) for line in lines if line][:MAX_SENTENCES]

    # -- pieces ------------------------------------------------------------------------------
    def _card(self, card: int, played: bool) -> str | None:
        """The card's name if the viewer may read it here, else None."""
        if self.own:
            return self.cards.card_name(card)
        if played and self._was_asked(card):
            return self.cards.card_name(card)
        return None

    def _was_asked(self, card: int) -> bool:
        """The seat asked about ``card`` in front of the viewer (its answer is in the viewer's log)."""
        obs = self.table.obs
        return obs is not None and any(
            isinstance(e, R.Investigated) and e.seat == self.seat and e.card == card for e in obs.log)

    def _still_possible(self, count: int) -> str:
        """``the 14 cards your Investigation can still be``."""
        if self.coach:
            return f"the {plural(count, 'card')} your Investigation can still be"
        return f"the {plural(count, 'card')} {self.whose} Investigation could still be"

    def _certainty(self, facts: dict[str, Fact]) -> str | None:
        """Why a guess is sure, from the fact that made it so (None when the viewer may not read it)."""
        if "known_card" in facts:
            card = self.cards.card_name(facts["known_card"]["card"])
            if self.coach:
                return f"your Investigation can only be {card}"
            return f"only {card} was still possible for {self.whose} Investigation"
        for key, detail in (("shared_suspect", "suspect"), ("shared_hour", "hour")):
            if key in facts:
                fact = facts[key]
                what = (f"the {self.cards.suspects[fact['suspect']]}" if detail == "suspect"
                        else f"the hour {fact['hour']}")
                verb = "show" if self.coach else "showed"
                count = fact["count"]
                every = "both" if count == 2 else "all of them"
                # "all 3 cards your Investigation can still be show the Rat" read as broken grammar
                could = "your Investigation can still be" if self.coach else f"{self.whose} Investigation could still be"
                return f"{could} {plural(count, 'card')}, and {every} {verb} {what}"
        return None

    def _odds(self, facts: dict[str, Fact], guess: R.Guess, value: float) -> tuple[float, int | None]:
        """(the chance a guess is right, out of how many cards if the viewer may know)."""
        odds = facts.get("odds")
        if odds is not None:
            return odds["chance"], odds["count"]
        return value / _earned(guess), None

    def _reward(self, facts: dict[str, Fact], sure: bool) -> str:
        takes = facts.get("takes")
        if takes is None:
            return ""
        if takes["catches"]:
            if sure:
                return "it catches Furriarty and ends the game" if self.coach else (
                    "it was sure to catch Furriarty and end the game")
            return "a right guess catches Furriarty and ends the game" if self.coach else (
                "a right guess would catch Furriarty and end the game")
        tokens = plural(takes["tokens"], "token")
        if sure:
            return f"it takes {tokens} for sure" if self.coach else f"it was sure to take {tokens}"
        return f"a right guess takes {tokens}" if self.coach else f"a right guess would take {tokens}"

    def _race(self) -> str:
        """The trail, when it presses: the last round, or Furriarty about to reach its end."""
        trail = self.situation.get("trail")
        if trail is None or self.best.get("last_chance") is not None:
            return ""
        if trail["last_round"]:
            return "This is the last round: Furriarty escapes at its end." if self.coach else (
                "It was the last round: Furriarty escapes at its end.")
        return ""

    # -- investigate -------------------------------------------------------------------------
    def _investigate(self, action: R.Investigate) -> list[str]:
        first = self._card(action.card, played=True)
        if "second_card" in self.best:
            what = first or "the second card"
            if self.coach:
                return [f"Reveal the answer for {what}: you chose it together with your first card, so it is "
                        "asked next (only a Paws may come before it).", self._possible_line()]
            return [f"{self.name} revealed {what}: it had been chosen together with the first card, so it came "
                    "next."]
        if "only_choice" in self.best:
            if self.coach:
                return [f"Investigate {first}: it is the only card in your hand.", self._possible_line()]
            return [f"{self.name} asked about {first or 'the only card in their hand'}: there was nothing else to "
                    "ask about."]
        cards = [first] + [self._card(c, played=True) for c in action.then]
        if self.coach:
            head = f"Investigate {cards[0]}, then {cards[1]}" if len(cards) > 1 else f"Investigate {cards[0]}"
        elif all(cards):
            head = f"{self.name} asked about {cards[0]} and {cards[1]}" if len(cards) > 1 else (
                f"{self.name} asked about {cards[0]}")
        elif cards[0]:
            head = f"{self.name} asked about {cards[0]} and a second card from their hand"
        else:
            head = f"{self.name} asked about two cards from their hand"
        return [self._narrowing(head), self._runner_pair()]

    def _possible_line(self) -> str:
        possible = self.situation.get("possible")
        if possible is None:
            return ""
        count = possible["count"]
        if count == 1:
            return "Only one card is left for your Investigation: you can guess it as soon as this is done."
        return f"Your Investigation can still be any of {plural(count, 'card')}."

    def _narrowing(self, head: str) -> str:
        narrows = self.best.get("narrows")
        if narrows is None:
            return (f"{head}: of all the pairs of cards in their hand, this one could tell them the most "
                    "about their Investigation.")
        count, worst, mean = narrows["possible"], narrows["worst_left"], narrows["expected_left"]
        if count <= 1:
            return (f"{head}: {self.whose} Investigation is already known, but two cards must be asked about "
                    "every turn.")
        # it read "at most 6 of the 14 cards your Investigation can still be will remain"
        cards = plural(count, "card")
        if worst >= count:
            # "after the answers, at most 3 will be left, about 3 on average" of 3: a newcomer read
            # it as a pair that tells nothing, chosen for no reason; two cards must be asked about
            if self.coach:
                return (f"{head}: your Investigation can be any of {cards} now, and no answer about these "
                        "two can rule one out; two cards must be asked about every turn.")
            return (f"{head}: {self.whose} Investigation could be any of {cards} then, and no answer about "
                    "these two could rule one out; two cards must be asked about every turn.")
        if self.coach:
            return (f"{head}: your Investigation can be any of {cards} now; after the answers, at most {worst} "
                    f"will be left, about {mean:g} on average.")
        return (f"{head}: {self.whose} Investigation could be any of {cards} then; after the answers, at most "
                f"{worst} would be left, about {mean:g} on average.")

    def _runner_pair(self) -> str:
        runner = self.e.runner_up
        if runner is None:
            return ""
        action = runner.action
        names = [self._card(c, played=False) for c in (action.card, *action.then)]
        pair = f"Asking {' and '.join(names)} instead" if all(names) else "The next best pair"
        if runner.value >= self.e.best.value - 1e-9:
            return f"{pair} would do just as well." if self.coach else f"{pair} would have done just as well."
        best_n, other_n = self.best.get("narrows"), self.runner.get("narrows")
        if best_n is None or other_n is None:
            best = self.e.best.value
            share = round(100 * (best - runner.value) / best) if best > 0 else 0
            if share < 1:
                return f"{pair} was almost as good."
            return f"{pair} was worth about {share}% less to them."
        leaves = f"up to {other_n['worst_left']}, about {other_n['expected_left']:g} on average"
        passing = self.situation.get("pass_to")
        if other_n["bits"] < best_n["bits"] or passing is None:
            return f"{pair} would leave {leaves}." if self.coach else f"{pair} would have left {leaves}."
        # it told as much or more: the cards left to pass on decided
        more = "just as much" if other_n["bits"] == best_n["bits"] else f"a little more (it leaves {leaves})"
        nxt = self.table._whom(passing["to"])
        # "ahead" counts their face-down tokens as 2 each: said so, since the table shows only
        # the face-up ones ("Watson is ahead" beside "You 5 VP", "Watson 4 VP + 1 hidden")
        hidden = passing.get("hidden", 0)
        tokens = "their hidden token as 2" if hidden == 1 else f"their {hidden} hidden tokens as 2 each"
        ahead = f"probably ahead (counting {tokens})" if hidden else "ahead"
        if self.coach:
            if passing["helpful"]:
                return (f"{pair} would tell you {more}, but this pair leaves you the cards that will tell {nxt} "
                        "most when you pass them on.")
            return (f"{pair} would tell you {more}, but {nxt} is {ahead} with time to spare, and this pair "
                    f"passes on the cards that tell {nxt} least.")
        if passing["helpful"]:
            return (f"{pair} would have told them {more}, but this pair left the cards that tell {nxt} most "
                    "to pass on.")
        return (f"{pair} would have told them {more}, but {nxt} was {ahead} with time to spare, and this "
                f"pair passed on the cards that tell {nxt} least.")

    # -- guesses -----------------------------------------------------------------------------
    def _guess(self, guess: R.Guess) -> list[str]:
        words = guess_words(self.cards, guess.suspect, guess.hour)
        head = f"Guess {words}" if self.coach else f"{self.name} guessed {words}"
        chance, count = self._odds(self.best, guess, self.e.best.value)
        sure = chance >= 0.999
        reward = self._reward(self.best, sure)
        reason = self._certainty(self.best)
        past = not self.coach
        if reason is None and "last_chance" in self.best:
            last = "this is your last chance to guess this game" if self.coach else (
                "it was their last chance to guess this game")
            reason = f"{last}, and {right_words(chance, count, past)}"
        elif reason is None:
            reason = f"by what they knew, {right_words(chance, count, past)}"
        if not reward:
            first = f"{head}: {reason}."
        else:
            first = f"{head}: {reason}, so {reward}." if sure else f"{head}: {reason}; {reward}."
        return [first, self._runner_guess(chance)]

    def _runner_guess(self, chance: float) -> str:
        runner = self.e.runner_up
        if runner is None or not isinstance(runner.action, R.Guess):
            return ""
        other = runner.action
        words = guess_words(self.cards, other.suspect, other.hour)
        other_chance, count = self._odds(self.runner, other, runner.value)
        best_takes, other_takes = self.best.get("takes"), self.runner.get("takes")
        tokens = other_takes["tokens"] if other_takes is not None else _earned(other)
        mine = best_takes["tokens"] if best_takes is not None else _earned(self.e.best.action)
        took = plural(tokens, "token")
        would = "would" if self.coach else "would have"

        def verb(present: str, past: str) -> str:
            return f"{would} {present if self.coach else past}"

        if other_chance >= 0.999 and tokens == mine:
            return f"Guessing {words} {verb('do', 'done')} just as well."
        if other_chance >= 0.999 and tokens < mine:
            if self.coach:
                return f"Guessing {words} would be just as sure but take only {took}."
            return f"Guessing {words} would have been just as sure but taken only {took}."
        if other_chance < chance:
            return (f"Guessing {words} instead {verb('take', 'taken')} {took} if right, but "
                    f"{right_words(other_chance, count, not self.coach, only=True)}.")
        if runner.value >= self.e.best.value - 1e-9:
            return f"Guessing {words} {verb('do', 'done')} as well."
        likely = "just as likely" if abs(other_chance - chance) < 1e-9 else "likelier"
        return f"Guessing {words} {verb('be', 'been')} {likely} to be right, but for fewer tokens."

    def _paws(self, guess: R.Guess) -> list[str]:
        words = guess_words(self.cards, guess.suspect, guess.hour)
        head = f"Call Paws now and guess {words}" if self.coach else f"{self.name} called Paws and guessed {words}"
        paws = self.best.get("paws_now")
        cost = paws["cost"] if paws is not None else self.cards.paws_cost
        # Paws is only called on a sure guess: say why when the viewer may read it
        sure = self._certainty(self.best) or "by what they knew, it was certain"
        reward = self._reward(self.best, True)
        takes = self.best.get("takes")
        lead = f"{head}: {sure}"
        if paws is not None and paws["reason"] == "turn_gone":
            gone = "your last turn of the game has passed" if self.coach else (
                "their last turn of the game had passed")
            tokens = f"its {plural(takes['tokens'], 'token')}" if takes is not None else "its tokens"
            only = "is your only way left" if self.coach else "was their only way left"
            return [f"{lead}; {gone}, so Paws {only} to collect {tokens}.",
                    f"Paws costs {cost} VP at the end of the game."]
        first = f"{lead}, and {reward}."
        wait = ("Waiting would give the others a chance to catch him first" if self.coach else
                "Waiting would have given the others a chance to catch him first")
        return [first, f"{wait}; Paws costs {cost} VP at the end of the game."]

    # -- the end of the turn -----------------------------------------------------------------
    def _end(self) -> list[str]:
        unsure = self.best.get("no_sure_guess")
        if unsure is not None:
            words = guess_words(self.cards, unsure.get("suspect"), unsure.get("hour"))
            said = chance_words(unsure["chance"], unsure["count"])
            if self.coach:
                first = (f"End your turn without guessing: no guess is sure yet, and the best bet, {words}, is "
                         f"right only {said}.")
            else:
                first = (f"{self.name} ended their turn without guessing: no guess was sure, and the best bet, "
                         f"{words}, was right only {said}.")
            if "last_chance" in self.best:
                chance = "this is your last chance" if self.coach else "it was their last chance"
                return [first, f"Even though {chance} to guess, the expert gambles only at even odds or better."]
            draw = plural(self.cards.draw_cards, "card")
            cost = f"would cost you the {draw} you draw" if self.coach else (
                f"would have cost them the {draw} they draw")
            return [first, f"A wrong guess {cost} as the turn ends."]  # "cleanup" was jargon
        if "guessed_already" in self.best:
            if self.coach:
                return ["End your turn: you have investigated and guessed, so all that is left is to pass your cards."]
            return [f"{self.name} ended their turn: they had investigated and guessed, so nothing was left to do."]
        later = ", even on this last chance" if "last_chance" in self.best else " yet"
        if self.coach:
            return [f"End your turn: you have investigated, and no guess is worth making{later}."]
        later = ", even on their last chance" if "last_chance" in self.best else " yet"
        return [f"{self.name} ended their turn: they had investigated, and no guess was worth making{later}."]
