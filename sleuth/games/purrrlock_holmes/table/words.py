"""What the Purrrlock Holmes table says: the move log's lines, the moves' names, turn hints,
warnings before a risky guess or pass, tooltips, printed scores, the guess picked in the notes
and the end-of-game story.

``TableWording`` is mixed into ``PurrrlockTable`` (table/__init__.py)."""

from __future__ import annotations

from collections.abc import Sequence

from sleuth.core.values import Action, Event
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.layout import DECK_POS, GRID, TRAIL_BAND
from sleuth.games.purrrlock_holmes.table.notes import guess_words
from sleuth.ui.widgets import inside
from sleuth.ui.words import says


class TableWording:
    """The table's words: log lines, move names, hints, warnings, tooltips, story."""

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
        words = []
        for key in keys:
            if key == ("furr",):
                words.append("Furriarty (he is caught, the game ends)")
            else:
                value = self.obs.trail[key[1] - self.removed()]
                words.append(f"a {value}" if value is not None else "a face-down token")
        return "If right it takes " + " and ".join(words) + "."

    def _guess_tip(self) -> str:
        if self.pick is None:
            return ("Click a suspect's name (guess the suspect: 1 token), an hour (1 token) or a cell (both: 2 tokens) "
                    "in your notes. A wrong guess on your turn costs your cleanup draw.")
        return f"Guess {guess_words(self.cards, *self.pick)}. {self._take_text()}"

    # -- printed facts -----------------------------------------------------------------------
    def _score_text(self, obs, seat: int) -> str:
        values = obs.collected[seat]
        known = sum(v for v in values if v is not None)
        hidden = sum(1 for v in values if v is None)
        paws = self.cards.paws_cost if obs.paws_used[seat] else 0
        text = f"{known - paws} VP"
        if hidden:
            text += f" +{hidden}?"
        return text

    def _hint_text(self) -> str:
        obs = self.obs
        if obs.outcome is not None:
            return "The game is over."
        if obs.turn != self.viewer:
            name = self.scene.seat_names[obs.turn]
            if any(isinstance(a, R.Guess) and a.paws for a in self._legal):
                return f"{name}'s turn: the table answers their questions. You may call Paws at any moment."
            return f"{name}'s turn."
        if self.queued_card() is not None:
            return "Click the card on your stand to hear its answer (or call Paws first)."
        if self._investigate_open():
            need = self._need()
            if self.chosen:
                return f"Choose card {len(self.chosen) + 1} of {need}: drag it onto your stand or click it."
            extra = " Or guess first." if any(isinstance(a, R.Guess) and not a.paws for a in self._legal) else ""
            return f"Investigate: drag {need} cards onto your stand (or click them).{extra}"
        if R.EndTurn() in self._legal:
            return "Guess in your notes, or drag your cards onto the next player to pass them."
        return "Your turn."

    # -- tooltips ----------------------------------------------------------------------------
    def tooltip(self, pos):
        text = self.widgets.tooltip(pos)
        if text:
            return text
        if self.notes is not None and inside(GRID, pos):
            hit = self.grid_hit(pos)
            cards = self.cards
            if hit is None:
                return ("Your notes: which cards your own Investigation can still be, worked out only from what you "
                        "have seen and been told. Click to pick a guess.")
            suspect, hour = hit
            if suspect is not None and hour is not None:
                return self.notes.why[cards.card_id(suspect, hour)] + " Click to pick it as a guess of both details."
            if suspect is not None:
                ok = suspect in self.notes.suspects
                return (f"{cards.suspects[suspect]}: {'possible' if ok else 'ruled out'}. Click to guess only the "
                        "suspect (1 token if right).")
            ok = hour in self.notes.hours
            return f"Hour {hour}: {'possible' if ok else 'ruled out'}. Click to guess only the hour (1 token if right)."
        sprite = self.board.sprite_at(pos)
        if sprite is not None and sprite.tooltip and not sprite.hidden:
            return sprite.tooltip
        if inside(TRAIL_BAND, pos):
            return ("Furriarty's trail. A correct guess takes tokens from the left end: 1 for one detail, 2 for both. "
                    "Furriarty steps right at the end of every round; when nothing is left to his right, the next "
                    "round is the last.")
        if inside((DECK_POS[0] - 30, DECK_POS[1] - 40, 120, 80), pos):
            return f"The clue deck ({self.obs.deck_size} cards) and the discard pile ({len(self.obs.discard)})."
        if self.obs is not None:
            for seat in range(self.obs.players):
                rect = self.panel_rect(seat)
                if inside(rect, pos):
                    return self._panel_tip(seat, pos)
        return None

    def _panel_tip(self, seat: int, pos) -> str:
        name = self.scene.seat_names[seat]
        if inside(self.lead_region(seat, False), pos):
            return "Leads (pipe side): cards that share the suspect, or sit within an hour, of this Investigation."
        if inside(self.lead_region(seat, True), pos):
            return "Dead Ends (fish bones): cards sharing nothing with this Investigation."
        x, y, w, _ = self.panel_rect(seat)
        if y <= pos[1] < y + 24:
            used = self.obs.paws_used[seat]
            hidden = sum(1 for v in self.obs.collected[seat] if v is None)
            extra = f" (+{hidden}? means {hidden} face-down token(s) only {name} knows)" if hidden else ""
            return (f"{name}: {self._score_text(self.obs, seat)}{extra} so far. Paws board: "
                    + ("flipped, Paws used (-1 VP at the end)." if used else "Paws not used yet."))
        if seat == self.viewer:
            return "Your place: your Investigation stand, your Leads and Dead Ends, your completed cases and hand."
        return f"{name}'s place at the table."

    def _trail_tip(self, value: int | None) -> str:
        if value is None:
            return "A face-down paw print token (1 to 3 VP). Whoever collects it may look at it."
        return f"A face-up paw print token worth {value} VP."

    def _hand_tip(self, card: int) -> str:
        cards = self.cards
        suspect, hour = cards.suspects[cards.card_suspect[card]], cards.card_hour[card]
        before, after = (hour - 2) % cards.hours + 1, hour % cards.hours + 1
        text = (f"{suspect} {hour} in your hand: a Lead if your Investigation is a {suspect} or its hour is "
                f"{before}, {hour} or {after}. Drag it onto your stand to ask.")
        if self.notes is not None:
            lead, dead = self.split(card)
            text += f" Of your {lead + dead} candidates a Lead would leave {lead}, a Dead End {dead}."
        return text

    def _waiting_tip(self, card: int, queued: bool) -> str:
        if queued:
            return f"{self.cards.card_name(card)} waits on your stand: click it to hear its answer."
        return f"{self.cards.card_name(card)} is chosen: choose one more card. Click it to take it back."

    # -- words -------------------------------------------------------------------------------
    def _says(self, seat: int, verb: str) -> str:
        """``Watson guesses`` but ``You guess``."""
        return says(self.scene.seat_names[seat], verb)

    def _whose(self, seat: int) -> str:
        name = self.scene.seat_names[seat]
        return "your" if name.lower() == "you" else f"{name}'s"

    def _card_list(self, cards: Sequence[int]) -> str:
        names = [self.cards.card_name(c) for c in cards]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def describe(self, event: Event) -> str | None:
        e = event
        cards = self.cards
        names = self.scene.seat_names
        if isinstance(e, R.TrailLaid):
            shown = [v for v in e.tokens[:e.furriarty_at] if v is not None]
            right = len(e.tokens) - e.furriarty_at
            return (f"The trail is laid: {e.furriarty_at - len(shown)} face-down, face-up "
                    f"{', '.join(map(str, shown)) or 'none'}, then Furriarty, then {right} face-down.")
        if isinstance(e, R.TurnStarted):
            return f"Round {e.round}: {self._whose(e.seat)} turn."
        if isinstance(e, R.InvestigationDrawn):
            if e.card is None:
                return f"{self._says(e.seat, 'draws')} a new Investigation (hidden from {'you' if e.seat == self.viewer else 'them'})."
            return f"{self._says(e.seat, 'draws')} a new Investigation: {cards.card_name(e.card)}."
        if isinstance(e, R.NoInvestigation):
            return f"No card is left for {self._whose(e.seat)} new Investigation."
        if isinstance(e, R.Investigated):
            answer = "a Lead" if e.lead else "a Dead End"
            if e.seeding:
                return f"Seeding {self._whose(e.seat)} Investigation: {cards.card_name(e.card)} is {answer}."
            return f"{self._says(e.seat, 'asks')} about {cards.card_name(e.card)}: {answer}."
        if isinstance(e, R.Drew):
            if e.cards:
                return f"{self._says(e.seat, 'draws')} {self._card_list(e.cards)}."
            return f"{self._says(e.seat, 'draws')} {e.count} card(s)." if e.count else \
                f"{self._says(e.seat, 'draws')} nothing: no cards are left."
        if isinstance(e, R.Passed):
            what = self._card_list(e.cards) if e.cards else f"{e.count} card(s)"
            return f"{self._says(e.seat, 'passes')} {what} to {names[e.to]}."
        if isinstance(e, R.Guessed):
            head = self._says(e.seat, "calls") + " Paws and guesses" if e.paws else self._says(e.seat, "guesses")
            return f"{head} {guess_words(cards, e.suspect, e.hour)}: {'right!' if e.correct else 'wrong.'}"
        if isinstance(e, R.TokensCollected):
            parts = []
            paws = len(e.values) - (1 if e.furriarty else 0)
            for v in e.values[:paws]:
                parts.append(f"a {v}" if v is not None else "a face-down token")
            if e.furriarty:
                parts.append("FURRIARTY")
            return f"{self._says(e.seat, 'collects')} {' and '.join(parts)}."
        if isinstance(e, R.Solved):
            return f"{self._whose(e.seat).capitalize()} Investigation was {cards.card_name(e.card)}: complete."
        if isinstance(e, R.Discarded):
            return f"{self._whose(e.seat).capitalize()} {len(e.cards)} Leads and Dead Ends go to the discard pile."
        if isinstance(e, R.Reshuffled):
            return f"The discard pile ({e.count} cards) is shuffled into a new deck."
        if isinstance(e, R.FurriartyMoved):
            text = f"Furriarty steps right, revealing a {e.revealed}." if e.revealed else "Furriarty steps right."
            if e.last_round:
                text += " Last round: catch him now or he escapes!"
            return text
        if isinstance(e, R.GameOver):
            scores = ", ".join(f"{names[s]} {e.scores[s]}" for s in range(len(e.scores)))
            if e.caught:
                chief = ", ".join(names[s] for s in e.winners)
                return f"Furriarty is caught! Chief Inspector: {chief}. Scores: {scores}."
            litter = ", ".join(names[s] for s in e.litter_box)
            return f"Furriarty escapes London. Litter Box Inspector: {litter}. Scores: {scores}."
        return super().describe(e)

    def describe_action(self, action: Action) -> str:
        a = action
        cards = self.cards
        if isinstance(a, R.Investigate):
            if a.then:
                return f"Investigate {cards.card_name(a.card)}, then {', '.join(cards.card_name(c) for c in a.then)}"
            if self.queued_card() == a.card:
                return f"Reveal the answer for {cards.card_name(a.card)}"
            return f"Investigate {cards.card_name(a.card)}"
        if isinstance(a, R.Guess):
            words = guess_words(cards, a.suspect, a.hour)
            earned = 2 if a.suspect is not None and a.hour is not None else 1
            return (f"Paws (-1 VP): guess {words}" if a.paws else f"Guess {words}") + f" ({earned} token(s) if right)"
        if isinstance(a, R.EndTurn):
            nxt = self.scene.seat_names[self.others()[0]] if self.obs is not None and self.others() else "the next player"
            return f"End your turn: pass your cards to {nxt} and draw 2"
        return super().describe_action(a)

    def turn_hint(self) -> str:
        if self.obs is None or self.viewer is None:
            return ""
        if self.queued_card() is not None:
            return "click your stand to reveal the 2nd card"
        if self._investigate_open():
            if self.chosen:
                return "choose your second card"
            return "drag 2 cards onto your stand" + (", or guess first" if any(
                isinstance(a, R.Guess) and not a.paws for a in self._legal) else "")
        if R.EndTurn() in self._legal:
            return "guess in your notes, or pass your cards"
        return ""

    def risky(self, seat: int, action: Action) -> str | None:
        obs = self.obs
        if obs is None:
            return None
        if isinstance(action, R.Guess):
            notes = self.notes
            if notes is not None and not notes.possible(action.suspect, action.hour, self.cards):
                cost = ("you would spend your only Paws and 1 VP on it" if action.paws else
                        "a wrong guess on your turn costs your 2-card draw at cleanup")
                return (f"Your notes rule out {guess_words(self.cards, action.suspect, action.hour)}: this guess "
                        f"is surely wrong, and {cost}.")
            return self._catch_warning(seat, action)
        if isinstance(action, R.EndTurn) and obs.last_round and obs.turn == obs.players - 1 and not obs.guessed:
            return ("This is the last round and you are the last to play: when your turn ends Furriarty escapes and "
                    "nobody wins. You have not used your Guess yet.")
        return None

    def _catch_warning(self, seat: int, action: R.Guess) -> str | None:
        """Taking Furriarty ends the game at once: say so if someone else may still be ahead."""
        self_pick = (action.suspect, action.hour)
        old = self.pick
        self.pick = self_pick
        keys = self.would_take()
        self.pick = old
        if ("furr",) not in keys:
            return None
        obs = self.obs
        mine = sum(v for v in obs.collected[seat] if v is not None) - (self.cards.paws_cost if (
            obs.paws_used[seat] or action.paws) else 0)
        for key in keys:
            if key == ("furr",):
                mine += self.cards.furriarty_value
            else:
                value = obs.trail[key[1] - self.removed()]
                mine += value if value is not None else 1
        rivals = []
        for s in range(obs.players):
            if s == seat:
                continue
            values = obs.collected[s]
            best = sum(v if v is not None else 3 for v in values) - (self.cards.paws_cost if obs.paws_used[s] else 0)
            if best >= mine:
                rivals.append(self.scene.seat_names[s])
        if not rivals:
            return None
        return (f"If right, this takes Furriarty and the game ends at once. By what you can see, "
                f"{', '.join(rivals)} may still finish with as many VP as you (about {mine}).")

    # -- results -----------------------------------------------------------------------------
    def story(self) -> list[str]:
        names = self.scene.seat_names
        obs = self.obs
        if obs is None:
            return super().story()
        lines = []
        solved = [e for e in obs.log if isinstance(e, R.Solved)]
        wrong = [e for e in obs.log if isinstance(e, R.Guessed) and not e.correct]
        paws = [e for e in obs.log if isinstance(e, R.Guessed) and e.paws]
        moves = [e for e in obs.log if isinstance(e, R.FurriartyMoved)]
        lines.append(f"{obs.round} round(s); {len(solved)} Investigation(s) solved, {len(wrong)} wrong guess(es); "
                     f"Furriarty stepped {len(moves)} time(s).")
        by_seat = [sum(1 for e in solved if e.seat == s) for s in range(obs.players)]
        best = max(range(obs.players), key=lambda s: by_seat[s])
        if by_seat[best]:
            lines.append(f"{names[best]} solved the most cases ({by_seat[best]}).")
        for e in paws:
            lines.append(f"{names[e.seat]} called Paws: {guess_words(self.cards, e.suspect, e.hour)}, "
                         f"{'right' if e.correct else 'wrong'}.")
        for line in self.scene.log_lines:
            if "caught" in line or "escapes London" in line or "Last round" in line:
                lines.append(line)
        return lines[-7:]
