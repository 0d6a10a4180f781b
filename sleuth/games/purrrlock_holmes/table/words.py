"""What the Purrrlock Holmes table says: the move log's lines, the moves' names, turn hints,
warnings before a risky guess or pass, tooltips, printed scores, the guess picked in the notes
and the end-of-game story.

Every line is a sentence a person would write: counts through ``plural`` ("1 card", "2 cards"),
names through ``possessive``/``says`` and ``cap`` (a name keeps its capitals: never
``str.capitalize`` on a sentence that starts with one), cards by their names, never by id.

``TableWording`` is mixed into ``PurrrlockTable`` (table/__init__.py)."""

from __future__ import annotations

from collections.abc import Sequence

from sleuth.core.values import Action, Event
from sleuth.core.wording import number_word
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.layout import DECK_BOX, GRID, TRAIL_BAND
from sleuth.games.purrrlock_holmes.table.notes import CIRCLED, CROSSED, FULL, MARKS, guess_words
from sleuth.ui.widgets import inside
from sleuth.ui.words import cap, join_words, named, plural, possessive, says, times


class TableWording:
    """The table's words: log lines, move names, hints, warnings, tooltips, story."""

    # -- names in sentences ------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return self.scene.seat_names[seat]

    def _ranked(self, seats, rank: str) -> str:
        """``Watson is promoted to Chief Inspector``, ``you are ...``, ``Ann and Bob are ...s``."""
        if len(seats) == 1:
            return f"{says(self._name(seats[0]), 'is', start=False)} {rank}"
        return f"{join_words([named(self._name(s)) for s in seats])} are {rank}s"

    def _says(self, seat: int, verb: str) -> str:
        """``Mrs Hudson guesses`` but ``You guess``."""
        return says(self._name(seat), verb)

    def _whose(self, seat: int) -> str:
        """``Mrs Hudson's``, ``Holmes'`` or ``your`` (start a sentence with ``cap``)."""
        return possessive(self._name(seat))

    def _whom(self, seat: int) -> str:
        """A seat as the object of a sentence: ``to Mrs Hudson``, ``to you``."""
        name = self._name(seat)
        return "you" if name.lower() == "you" else name

    def _card_list(self, cards: Sequence[int]) -> str:
        return join_words([self.cards.card_name(c) for c in cards])

    @staticmethod
    def _token_words(value: int | None) -> str:
        return f"a {value}-VP token" if value is not None else "a face-down token"

    @classmethod
    def _tokens_words(cls, values) -> list[str]:
        """Tokens in words, alike ones counted once: ``two face-down tokens``, ``a 2-VP token``."""
        counts: dict[int | None, int] = {}
        for value in values:
            counts[value] = counts.get(value, 0) + 1
        out = []
        for value, n in counts.items():
            kind = f"{value}-VP token" if value is not None else "face-down token"
            out.append(cls._token_words(value) if n == 1 else f"{number_word(n)} {kind}s")
        return out

    # -- the guess picked in the notes -------------------------------------------------------
    def _pick_text(self) -> str:
        if self.pick is None:
            return ""
        suspect, hour = self.pick
        if suspect is not None and hour is not None:
            return f"{self.cards.suspects[suspect]} {hour}"
        return self.cards.suspects[suspect] if suspect is not None else f"hour {hour}"

    def _take_text(self) -> str:
        keys = self.would_take()
        if not keys:
            return ""
        tokens = [self.obs.trail[key[1] - self.removed()] for key in keys if key != ("furr",)]
        words = self._tokens_words(tokens)
        if ("furr",) in keys:
            words.append("Furriarty (he is caught and the game ends)")
        return "If right, it takes " + join_words(words) + "."

    def _guess_tip(self) -> str:
        if self.pick is None:
            return ("Pick what to guess in your notes: a suspect's name (the suspect only: 1 token if right), an hour "
                    "(1 token) or a cell (both: 2 tokens). A wrong guess on your turn costs the 2 cards you draw as it ends.")
        return f"Guess {guess_words(self.cards, *self.pick)}. {self._take_text()}"

    # -- printed facts -----------------------------------------------------------------------
    def _score_text(self, obs, seat: int) -> str:
        """A seat's score as a person says it: "0 VP and 2 face-down tokens", "-1 VP after Paws"."""
        return self._score_texts(obs, seat)[0]

    def _score_texts(self, obs, seat: int) -> list[str]:
        """A seat's score in words, the fullest first, then shorter ones for a narrow name strip
        ("0 VP + 2 hidden" had not said what was hidden; "-1 VP" after a Paws, nor why it was
        below zero, play-test s128, s131). The VP count the face-up tokens (the viewer's own, all of
        them) less the Paws penalty; the shortest leaves the penalty to the Paws board beside it."""
        values = obs.collected[seat]
        known = sum(v for v in values if v is not None)
        hidden = sum(1 for v in values if v is None)
        paws = self.cards.paws_cost if obs.paws_used[seat] else 0
        figure = f"{known - paws} VP"
        after = f"{figure} after Paws" if paws else figure
        if not hidden:
            return [after, figure] if paws else [figure]
        return [f"{after} and {plural(hidden, 'face-down token')}", f"{after}, {hidden} face down",
                f"{figure}, {hidden} face down"]

    def turn_answers(self, seeding: bool = False) -> list[tuple[int, bool]]:
        """The viewer's own answers this turn (card, lead), while it is still their turn: to the
        cards they asked about, or (``seeding``) to the 2 drawn to start a new Investigation."""
        obs = self.obs
        me = self.viewer
        if obs is None or me is None or obs.turn != me or obs.outcome is not None:
            return []
        out: list[tuple[int, bool]] = []
        for e in reversed(obs.log):
            if isinstance(e, R.TurnStarted):
                break
            if isinstance(e, R.Investigated) and e.seat == me and e.seeding == seeding:
                out.append((e.card, e.lead))
        return out[::-1]

    def _seeded_text(self) -> str:
        """``, started by Goose 10, a Lead; Toad 3, a Dead End.``, or ``.`` (a newcomer saw two new
        cards under Leads and Dead Ends after a right guess, and nothing said where from)."""
        seeded = self.turn_answers(seeding=True)
        if not seeded:
            return "."
        said = "; ".join(f"{self.cards.card_name(card)}, {'a Lead' if lead else 'a Dead End'}" for card, lead in seeded)
        return f", started by {said}."

    def _turn_guess(self) -> R.Guessed | None:
        """The viewer's own (not Paws) guess this turn, while it is still their turn."""
        obs = self.obs
        if obs is None or self.viewer is None or obs.turn != self.viewer:
            return None
        for e in reversed(obs.log):
            if isinstance(e, R.TurnStarted):
                return None
            if isinstance(e, R.Guessed) and e.seat == self.viewer and not e.paws:
                return e
        return None

    def _answers_text(self) -> str:
        """``Rat 1: a Lead. Toad 5: a Dead End.`` for this turn's answers, so they stay in view."""
        return " ".join(f"{self.cards.card_name(card)}: {'a Lead' if lead else 'a Dead End'}."
                        for card, lead in self.turn_answers())

    def _hint_text(self) -> str:
        obs = self.obs
        if obs.outcome is not None:
            return "The game is over."
        # whose turn as the table shows it: while a move still plays out, the banner names its
        # player's move and the name strip says "playing now" (keyboard play-test: the help box
        # already said "Billy's turn" under "Watson's move" and "Watson: playing now")
        shown = self.shown_obs if self.busy and getattr(self, "shown_obs", None) is not None else obs
        turn = shown.turn if shown.turn != self.viewer else obs.turn
        if turn != self.viewer:
            whose = cap(self._whose(turn))
            interrupt = getattr(self.scene, "interrupt", None)  # a replay has none
            if interrupt is not None and interrupt.seat == self.viewer and not self.scene.interrupt_answered:
                return (f"You called Paws in {self._whose(turn)} turn: pick a guess in your notes (a suspect, "
                        f"an hour, or a cell for both), then press \"Paws!\". It costs {self.cards.paws_cost} VP at the "
                        "end of the game.")
            if self._may_guess(paws=True):
                return (f"{whose} turn: the table answers their questions. Once a game you may call Paws and "
                        f"guess at once, even now (it costs {self.cards.paws_cost} VP).")
            return f"{whose} turn."
        if self.queued_card() is not None:
            # what Paws is, in the words: a newcomer met "(or call Paws first)" a step before the
            # lesson explained it
            paws = " (or press Paws! to guess first: once a game, for 1 VP)" if self._may_guess(paws=True) else ""
            if self.second_card_turns_itself():  # alone against bots it needs no click
                return f"{self._answers_text()} The card on your stand turns over in a moment{paws}.".strip()
            return f"{self._answers_text()} Click the card on your stand to hear its answer{paws}.".strip()
        if self._investigate_open():
            need = self._need()
            if self.chosen:
                return f"Choose card {len(self.chosen) + 1} of {need}: drag it onto your stand or click it."
            extra = " Or guess first." if self._may_guess() else ""
            return f"Investigate: drag {plural(need, 'card')} onto your stand (or click them).{extra}"
        if R.EndTurn() in self._legal:
            guessed = self._turn_guess()
            said = self._answers_text()
            if said and guessed is not None and guessed.correct:
                # the answers were about the Investigation just completed, not the new one beside them
                said = "Your answers this turn: " + said
            if guessed is not None:  # the rule a newcomer misses: a wrong guess costs the turn's draw
                said += (f" Your guess was right: your new Investigation is on your stand{self._seeded_text()}"
                         if guessed.correct else
                         " Your guess was wrong, so you draw no cards at the end of this turn.")
            if self._may_guess():
                return f"{said} Guess in your notes, or pass your cards to end your turn.".strip()
            if guessed is not None and guessed.correct:  # the box's room goes to the new cards' answers
                return f"{said} Pass your cards to end your turn.".strip()
            return f"{said} Pass your cards to end your turn when you are ready.".strip()
        return "Your turn."

    # -- tooltips ----------------------------------------------------------------------------
    def tooltip(self, pos):
        text = self.widgets.tooltip(pos)
        if text:
            return text
        if self.notes is not None and inside(GRID, pos):
            return self._grid_tip(pos)
        sprite = self.board.sprite_at(pos)
        if sprite is not None and sprite.tooltip and not sprite.hidden:
            return sprite.tooltip
        if inside(TRAIL_BAND, pos):
            return ("Furriarty's trail. A correct guess takes tokens from the left end: 1 for one detail, 2 for both. "
                    "Furriarty steps right at the end of every round; when nothing is left to his right, the next "
                    "round is the last.")
        if inside(DECK_BOX, pos):
            return (f"The clue deck ({plural(self.obs.deck_size, 'card')}) and the discard pile "
                    f"({plural(len(self.obs.discard), 'card')}).")
        if self.obs is not None:
            for seat in range(self.obs.players):
                rect = self.panel_rect(seat)
                if inside(rect, pos):
                    return self._panel_tip(seat, pos)
        return None

    def _grid_tip(self, pos) -> str:
        hit = self.grid_hit(pos)
        cards = self.cards
        mode = self.notes_mode()
        if hit is None:
            if mode == MARKS:
                return ("Your notes, marked by you alone: click a cell to cross it out, again to circle it, again to "
                        "clear it. Right-click a cell (or click a name or an hour) to pick your guess. Your marks "
                        "are cleared when you start a new Investigation.")
            if mode == FULL:
                return ("Your notes: which cards your own Investigation can still be, worked out only from what you "
                        "have seen and been told. Click to pick a guess.")
            return ("Deduction notes are off (see Settings): click a suspect's name, an hour or a cell to pick a "
                    "guess.")
        suspect, hour = hit
        if suspect is not None and hour is not None:
            card = cards.card_id(suspect, hour)
            if mode == FULL:
                return self.notes.why[card] + " Click to pick it as a guess of both details."
            if mode == MARKS:
                mark = self.own_marks().get(card)
                said = {CROSSED: "crossed out", CIRCLED: "circled"}.get(mark, "not marked")
                return (f"{cards.card_name(card)}: {said} by you. Click to change your mark; right-click to pick "
                        "it as a guess of both details.")
            return f"{cards.card_name(card)}. Click to pick it as a guess of both details (2 tokens if right)."
        if suspect is not None:
            said = ""
            if mode == FULL:
                said = f": {'possible' if suspect in self.notes.suspects else 'ruled out'}"
            return f"{cards.suspects[suspect]}{said}. Click to guess only the suspect (1 token if right)."
        said = ""
        if mode == FULL:
            said = f": {'possible' if hour in self.notes.hours else 'ruled out'}"
        return f"Hour {hour}{said}. Click to guess only the hour (1 token if right)."

    def _panel_tip(self, seat: int, pos) -> str:
        name = self._name(seat)
        if inside(self.lead_region(seat, False), pos):
            return "Leads (pipe side): cards that share the suspect, or sit within an hour, of this Investigation."
        if inside(self.lead_region(seat, True), pos):
            return "Dead Ends (fish bones): cards sharing nothing with this Investigation."
        x, y, w, _ = self.panel_rect(seat)
        if y <= pos[1] < y + 24:
            used = self.obs.paws_used[seat]
            hidden = sum(1 for v in self.obs.collected[seat] if v is None)
            extra = f" (only {name} knows what the face-down {'one is' if hidden == 1 else 'ones are'} worth)" \
                if hidden else ""
            # "Paws board:" meant nothing; the chip only tells whether Paws is still there to call
            paws = ("They have called Paws (it costs them 1 VP at the end)." if used else
                    "They may still call Paws once this game.")
            if seat == self.viewer:
                paws = ("You have called Paws (it costs you 1 VP at the end)." if used else
                        "You may still call Paws once this game: the Paws! button under your notes.")
            return f"{name}: {self._score_text(self.obs, seat)}{extra} so far. {paws}"
        if seat == self.viewer:
            return "Your place: your Investigation stand, your Leads and Dead Ends, your completed cases and hand."
        return f"{cap(self._whose(seat))} place at the table."

    def paws_board_words(self, seat: int) -> str:
        """What a click on a seat's Paws chip says: whether that player may still call Paws, and
        how it is done (the chips looked like buttons and did nothing when clicked, play-test z11)."""
        name = self._name(seat)
        scene = self.scene
        cost = self.cards.paws_cost
        if self.obs.paws_used[seat]:
            if seat == self.viewer:
                return f"You have called Paws: once per game, and it costs you {cost} VP at the end."
            return f"{name} has called Paws: once per game, and it costs them {cost} VP at the end."
        if seat == self.viewer:
            return ("To call Paws (once per game, even on another player's turn): pick a guess in your notes, then "
                    "press \"Paws! (-1 VP)\" under them.")
        if self.obs.outcome is not None:
            return f"{name} did not call Paws."
        if scene.watching:
            return f"{name} has not called Paws so far."
        if not scene.session.is_human(seat):
            return f"{name} is a bot: it calls Paws by itself when it wants to (once per game)."
        call = f"\"{self.interrupt_call_label()}\" on the trail"
        if seat in scene.interrupt_seats():
            return (f"For {name} to call Paws, press {call}, or the key P: the table is hidden first, then it asks "
                    "who calls.")
        return f"{name} may call Paws once this game, with {call} or the key P when it shows."

    def _trail_tip(self, value: int | None) -> str:
        if value is None:
            return "A face-down paw print token (1 to 3 VP). Whoever collects it may look at it."
        return f"A face-up paw print token worth {value} VP."

    def _hand_tip(self, card: int) -> str:
        """A card of your hand, as things stand now: to ask about while you may investigate; once
        your cards are chosen or answered, it goes to the next player (it had still said "Drag it
        onto your stand to ask" after both cards were revealed, couch play-test p20)."""
        cards = self.cards
        suspect, hour = cards.suspects[cards.card_suspect[card]], cards.card_hour[card]
        before, after = (hour - 2) % cards.hours + 1, hour % cards.hours + 1
        lead_if = (f"a Lead if your Investigation is a {suspect} or its hour is {before}, {hour} or {after}")
        nxt = self._whom(self.others()[0]) if self.others() else "the next player"
        if self._investigate_open():
            text = f"{suspect} {hour} in your hand: {lead_if}. Drag it onto your stand to ask."
            if self.notes is not None and self.notes_mode() == FULL:
                lead, dead = self.split(card)
                text += (f" Of your {plural(lead + dead, 'possible card')}, a Lead would leave {lead} and a Dead "
                         f"End {dead}.")
            return text
        if self.queued_card() is not None:
            return (f"{suspect} {hour} in your hand. Your cards for this turn are chosen: reveal the one on your "
                    f"stand. This one goes to {nxt} when you pass your cards.")
        if R.EndTurn() in self._legal:
            return (f"{suspect} {hour} in your hand. You have investigated this turn: it goes to {nxt} when you "
                    "pass your cards.")
        return f"{suspect} {hour} in your hand: {lead_if}. You may ask about it on your turn."

    def _waiting_tip(self, card: int, queued: bool) -> str:
        if queued:
            return f"{self.cards.card_name(card)} waits on your stand: click it to hear its answer."
        return f"{self.cards.card_name(card)} is chosen: choose one more card. Click it to take it back."

    # -- the move log ------------------------------------------------------------------------
    def aftermath_news(self, event) -> bool:
        """Furriarty's step, the tokens a right guess collects and the deck's answers for a new
        Investigation are told in a handoff's summary, though they follow another move (the end
        of a turn, the guess)."""
        return isinstance(event, (R.FurriartyMoved, R.TokensCollected)) or \
            (isinstance(event, R.Investigated) and event.seeding)

    def describe(self, event: Event) -> str | None:
        e = event
        cards = self.cards
        if isinstance(e, R.TrailLaid):
            shown = [v for v in e.tokens[:e.furriarty_at] if v is not None]
            hidden = e.furriarty_at - len(shown)
            right = len(e.tokens) - e.furriarty_at
            parts = [plural(hidden, "face-down token")] if hidden else []
            if shown:
                parts.append(("face-up tokens worth " if len(shown) > 1 else "a face-up token worth ")
                             + join_words([str(v) for v in shown]))
            parts.append(f"Furriarty, then {plural(right, 'face-down token')}")
            return "The trail is laid, left to right: " + ", ".join(parts) + "."
        if isinstance(e, R.TurnStarted):
            return f"Round {e.round}: {self._whose(e.seat)} turn."
        if isinstance(e, R.InvestigationDrawn):
            if e.card is not None:
                return f"{self._says(e.seat, 'draws')} a new Investigation: {cards.card_name(e.card)}."
            if e.seat == self.viewer:
                return f"{self._says(e.seat, 'draws')} a new Investigation; it faces the others, so you cannot see it."
            return f"{self._says(e.seat, 'draws')} a new Investigation (not shown on the shared screen)."
        if isinstance(e, R.NoInvestigation):
            return f"No card is left for {self._whose(e.seat)} new Investigation."
        if isinstance(e, R.Investigated):
            answer = "a Lead" if e.lead else "a Dead End"
            if e.seeding:
                # the rules "seed" a new Investigation with two answers from the deck: said plainly
                return f"From the deck, for {self._whose(e.seat)} new Investigation: {cards.card_name(e.card)} is {answer}."
            return f"{self._says(e.seat, 'asks')} about {cards.card_name(e.card)}: {answer}."
        if isinstance(e, R.Drew):
            if e.cards:
                return f"{self._says(e.seat, 'draws')} {self._card_list(e.cards)}."
            if e.count:
                return f"{self._says(e.seat, 'draws')} {plural(e.count, 'card')}."
            return f"{self._says(e.seat, 'draws')} nothing: the deck and the discard pile are empty."
        if isinstance(e, R.Passed):
            what = self._card_list(e.cards) if e.cards else plural(e.count, "card")
            return f"{self._says(e.seat, 'passes')} {what} to {self._whom(e.to)}."
        if isinstance(e, R.Guessed):
            head = self._says(e.seat, "calls") + " Paws and guesses" if e.paws else self._says(e.seat, "guesses")
            return f"{head} {guess_words(cards, e.suspect, e.hour)}: {'right!' if e.correct else 'wrong.'}"
        if isinstance(e, R.TokensCollected):
            paws = len(e.values) - (1 if e.furriarty else 0)
            parts = self._tokens_words(e.values[:paws])
            if e.furriarty:
                parts.append(f"Furriarty himself ({cards.furriarty_value} VP)")
            return f"{self._says(e.seat, 'collects')} {join_words(parts)}."
        if isinstance(e, R.Solved):
            return f"{cap(self._whose(e.seat))} Investigation was {cards.card_name(e.card)}: solved."
        if isinstance(e, R.Discarded):
            what = ("the Leads and Dead Ends of the solved case" if len(e.cards) > 1 else
                    "the only Lead or Dead End of the solved case")
            return f"{self._says(e.seat, 'discards')} {self._card_list(e.cards)}, {what}."
        if isinstance(e, R.Reshuffled):
            return f"The discard pile ({plural(e.count, 'card')}) is shuffled into a new deck."
        if isinstance(e, R.FurriartyMoved):
            text = (f"Furriarty steps right and turns up a {e.revealed}-VP token." if e.revealed else
                    "Furriarty steps right.")
            if e.last_round:
                text += " Last round: catch him now or he escapes!"
            return text
        if isinstance(e, R.GameOver):
            scores = join_words([f"{self._name(s)} {e.scores[s]} VP" for s in range(len(e.scores))])  # one colon
            # the titles say what earned them: "Chief Inspector: Watson" meant nothing to a newcomer
            if e.caught:
                rank = self._ranked(e.winners, "promoted to Chief Inspector")
                return f"Furriarty is caught! {self._decided_by(e, e.winners, True)}, {rank}. Scores: {scores}."
            return (f"Furriarty escapes London and nobody wins. {self._decided_by(e, e.litter_box, False)}, "
                    f"{self._ranked(e.litter_box, 'demoted to Litter Box Inspector')}. Scores: {scores}.")
        return super().describe(e)

    def _decided_by(self, e, chosen: tuple[int, ...], caught: bool) -> str:
        """How the title went: ``With the most VP`` (the fewest, when he escaped), or on a tie of
        VP, by the solved Investigations the rules break it with (newcomer play-test: Billy and
        Watson both had 8 VP, and "With the most VP, Billy is promoted" read as a mistake)."""
        level = [s for s in range(len(e.scores)) if s not in chosen and chosen and e.scores[s] == e.scores[chosen[0]]]
        if not level or self.obs is None:
            return f"With the {'most' if caught else 'fewest'} VP"
        done = [len(cases) for cases in self.obs.solved]
        return (f"Level on {e.scores[chosen[0]]} VP with {join_words([named(self._name(s)) for s in level])}, but with "
                f"{'fewer' if caught else 'more'} solved Investigations ({done[chosen[0]]} against "
                f"{join_words([str(done[s]) for s in level])})")

    def describe_action(self, action: Action) -> str:
        a = action
        cards = self.cards
        if isinstance(a, R.Investigate):
            if a.then:
                return f"Investigate {cards.card_name(a.card)}, then {self._card_list(a.then)}"
            if self.queued_card() == a.card:
                return f"Reveal the answer for {cards.card_name(a.card)}"
            return f"Investigate {cards.card_name(a.card)}"
        if isinstance(a, R.Guess):
            words = guess_words(cards, a.suspect, a.hour)
            earned = 2 if a.suspect is not None and a.hour is not None else 1
            head = f"Paws (-{cards.paws_cost} VP): guess {words}" if a.paws else f"Guess {words}"
            return f"{head} ({plural(earned, 'token')} if right)"
        if isinstance(a, R.EndTurn):
            return "End your turn: " + self._cleanup_words()
        return super().describe_action(a)

    def _cleanup_words(self) -> str:
        """What ending the turn will do: pass what is left, then draw (or not)."""
        obs = self.obs
        nxt = self._whom(self.others()[0]) if obs is not None and self.others() else "the next player"
        held = len(obs.hand or ()) if obs is not None else 2
        passing = (f"pass your {plural(held, 'card')} to {nxt}" if held else
                   f"{nxt} draws {self.cards.pass_cards} instead (you have no cards to pass)")
        if obs is not None and obs.wrong_guess:
            return f"{passing}; you draw nothing (your guess was wrong)"
        return f"{passing} and draw {self.cards.draw_cards}"

    def turn_hint(self) -> str:
        if self.obs is None or self.viewer is None:
            return ""
        if self.queued_card() is not None:
            if self.second_card_turns_itself():  # not a click it is waiting for (it had said so for a second)
                return "the 2nd card turns over once the bots pass on Paws"
            return "Enter on the card on your stand reveals it" if self.keyed() else "click your stand to reveal the 2nd card"
        if self._investigate_open():
            if self.chosen:
                return "choose your second card"
            ask = "choose 2 cards to ask about" if self.keyed() else "drag 2 cards onto your stand"
            return ask + (", or guess first" if self._may_guess() else "")
        if R.EndTurn() in self._legal:
            if self._may_guess():
                return "guess in your notes, or pass your cards"
            return "pass your cards to end your turn"
        return ""

    def risky(self, seat: int, action: Action) -> str | None:
        obs = self.obs
        if obs is None:
            return None
        if isinstance(action, R.Guess):
            notes = self.notes
            # only the full notes may say so: in the other modes the player does the deducing
            if notes is not None and self.notes_mode() == FULL and not notes.possible(
                    action.suspect, action.hour, self.cards):
                cost = (f"you would spend your only Paws and {self.cards.paws_cost} VP on it" if action.paws else
                        "a wrong guess on your turn costs the 2 cards you draw as it ends")
                return (f"Your notes rule out {guess_words(self.cards, action.suspect, action.hour)}: this guess "
                        f"is surely wrong, and {cost}.")
            return self._catch_warning(seat, action)
        if isinstance(action, R.EndTurn) and obs.last_round and obs.turn == obs.players - 1 and not obs.guessed:
            return ("This is the last round and you are the last to play: when your turn ends Furriarty escapes and "
                    "nobody wins. You have not used your Guess yet.")
        return None

    def _catch_warning(self, seat: int, action: R.Guess) -> str | None:
        """Taking Furriarty ends the game at once: say so if someone else would or may win then.

        Each score is a range by what the guesser can see: a face-down token is worth the least
        to the most a paw print can be. A rival whose least beats the guesser's most surely wins
        (a tie in VP goes to the fewer completed Investigations); one whose most does may win. The
        play-tester saw "Watson may still finish with as many VP as you (about 4)" beside
        "Watson 19 VP + 2 hidden": the old check knew only Watson's best case and printed the
        guesser's own total where Watson's seemed meant."""
        self_pick = (action.suspect, action.hour)
        old = self.pick
        self.pick = self_pick
        keys = self.would_take()
        self.pick = old
        if ("furr",) not in keys:
            return None
        obs = self.obs
        low, high = min(self.cards.token_values), max(self.cards.token_values)
        # the guesser sees their own face-down tokens; only those still on the trail are unknown
        mine = sum(v for v in obs.collected[seat] if v is not None) - (self.cards.paws_cost if (
            obs.paws_used[seat] or action.paws) else 0)
        unknown = 0
        for key in keys:
            if key == ("furr",):
                mine += self.cards.furriarty_value
            else:
                value = obs.trail[key[1] - self.removed()]
                if value is None:
                    unknown += 1
                else:
                    mine += value
        mine_low, mine_high = mine + unknown * low, mine + unknown * high
        my_cases = len(obs.solved[seat]) + 1  # this guess completes the Investigation

        def beats(theirs: int, cases: int, ours: int) -> bool:
            return theirs > ours or (theirs == ours and cases < my_cases)

        sure, maybe = [], []
        for s in range(obs.players):
            if s == seat:
                continue
            values = obs.collected[s]
            shown = sum(v for v in values if v is not None) - (self.cards.paws_cost if obs.paws_used[s] else 0)
            hidden = sum(1 for v in values if v is None)
            cases = len(obs.solved[s])
            if beats(shown + hidden * low, cases, mine_high):
                sure.append((s, shown, hidden, cases))
            elif beats(shown + hidden * high, cases, mine_low):
                maybe.append((s, shown, hidden, cases))
        if not sure and not maybe:
            return None
        yours = f"{mine_low} VP" if mine_low == mine_high else f"{mine_low} to {mine_high} VP"
        head = "If right, this takes Furriarty and the game ends at once"
        rivals, at_least = (sure, True) if sure else (maybe, False)
        parts = [self._rival_words(s, shown, hidden, low, high, at_least) for s, shown, hidden, _ in rivals]
        # a tie in VP decides by the cases: say so when that is what puts a rival ahead
        tie = any(shown + hidden * (low if sure else high) == (mine_high if sure else mine_low)
                  for _, shown, hidden, _ in rivals)
        end = (" (a tie in VP goes to whoever completed fewer Investigations, and you would have "
               f"{plural(my_cases, 'completed Investigation')})") if tie else ""
        if len(sure) == 1:
            verdict = says(self._name(sure[0][0]), "wins", start=False)
        else:
            verdict = "you cannot win" if sure else "you might not win"
        return f"{head}, and {verdict}: you would finish with {yours}, and {join_words(parts)}{end}."

    def _rival_words(self, seat: int, shown: int, hidden: int, low: int, high: int, at_least: bool) -> str:
        """``Watson already has 19 VP and 2 face-down tokens, so at least 21 VP`` (surely ahead)
        or ``Ann has 3 VP and a face-down token worth 1 to 3 VP, so up to 6 VP`` (may be)."""
        has = says(self._name(seat), "has", start=False)  # "Watson has", "you have"
        if at_least:
            who, verb = has.rsplit(" ", 1)
            has = f"{who} already {verb}"
        if not hidden:
            return f"{has} {shown} VP"
        tokens = "a face-down token" if hidden == 1 else f"{number_word(hidden)} face-down tokens"
        if at_least:
            return f"{has} {shown} VP and {tokens}, so at least {shown + hidden * low} VP"
        worth = f"worth {low} to {high} VP" + (" each" if hidden > 1 else "")
        return f"{has} {shown} VP and {tokens} {worth}, so up to {shown + hidden * high} VP"

    # -- results -----------------------------------------------------------------------------
    def story(self) -> list[str]:
        obs = self.obs
        if obs is None:
            return super().story()
        lines = []
        solved = [e for e in obs.log if isinstance(e, R.Solved)]
        wrong = [e for e in obs.log if isinstance(e, R.Guessed) and not e.correct]
        paws = [e for e in obs.log if isinstance(e, R.Guessed) and e.paws]
        moves = [e for e in obs.log if isinstance(e, R.FurriartyMoved)]
        lines.append(f"{plural(obs.round, 'round')}: {plural(len(solved), 'Investigation')} solved and "
                     f"{plural(len(wrong), 'wrong guess', 'wrong guesses')}; Furriarty stepped right "
                     f"{times(len(moves))}.")
        by_seat = [sum(1 for e in solved if e.seat == s) for s in range(obs.players)]
        most = max(by_seat)
        # "Watson and you solved ...": a seat named You is "you" after the first name
        leaders = [named(self._name(s), start=not k)
                   for k, s in enumerate(s for s in range(obs.players) if by_seat[s] == most)]
        if most and len(leaders) == 1:
            lines.append(f"{leaders[0]} solved the most cases ({most}).")
        elif most:  # a tie is no one's record: "Alice, Watson and Bob solved 3 cases each."
            lines.append(f"{join_words(leaders)} solved {plural(most, 'case')} each.")
        # told after the game, in the past tense: the move log's live lines ("Last round: catch him
        # now or he escapes!") had read as commands inside the story (play-test s180)
        for e in paws:
            lines.append(f"{named(self._name(e.seat), start=True)} called Paws on "
                         f"{guess_words(self.cards, e.suspect, e.hour)}: {'right' if e.correct else 'wrong'}.")
        last = next((k for k, e in enumerate(moves) if e.last_round), None)
        if last is not None:  # he steps at the end of every round
            lines.append(f"Furriarty reached the end of the trail after round {last + 1}, so round {last + 2} "
                         "was the last.")
        over = next((e for e in obs.log if isinstance(e, R.GameOver)), None)
        if over is not None and over.caught:
            catcher = obs.caught_furriarty
            head = (f"{named(self._name(catcher), start=True)} caught Furriarty in round {obs.round}."
                    if catcher is not None else f"Furriarty was caught in round {obs.round}.")
            lines.append(f"{head} {self._decided_by(over, over.winners, True)}, "
                         f"{self._ranked_past(over.winners, 'promoted to Chief Inspector')}.")
        elif over is not None:
            lines.append(f"Furriarty escaped London after round {obs.round}, and nobody won. "
                         f"{self._decided_by(over, over.litter_box, False)}, "
                         f"{self._ranked_past(over.litter_box, 'demoted to Litter Box Inspector')}.")
        return lines[-7:]

    def _ranked_past(self, seats, rank: str) -> str:
        """``Watson was promoted to Chief Inspector``, ``you were ...``, ``Ann and Bob were ...s``."""
        if len(seats) == 1:
            name = named(self._name(seats[0]))
            return f"{name} {'were' if name == 'you' else 'was'} {rank}"
        return f"{join_words([named(self._name(s)) for s in seats])} were {rank}s"
