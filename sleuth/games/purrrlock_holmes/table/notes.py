"""Your deduction notes: which cards your own Investigation can still be and why (``deduce``,
from your own observation only), and the 5 x 12 notes grid that shows them and where you pick
a guess (``NotesGrid``, mixed into ``PurrrlockTable`` in table/__init__.py).

How much the grid deduces for you is a setting (``deduction_notes``): ``full`` shows every card
the answers and what you have seen rule out; ``marks`` shows only the marks you make yourself
(a click on a cell cycles crossed out / circled / clear; they are kept per seat in the table view
for your current Investigation, survive the other players' turns and are never drawn for anyone
else); ``off`` shows no deductions. In every mode the grid picks a guess (in ``marks`` a cell is
picked with the right button, since the left one marks)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.bots import draw_index, out_of_the_deck, shown_mask
from sleuth.games.purrrlock_holmes.cards import PurrrlockCards
from sleuth.games.purrrlock_holmes.table.layout import GRID, GRID_LABEL_W, GRID_ROW, GRID_TOP, HEADER_H
from sleuth.games.purrrlock_holmes.table.paint import suspect_colour
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import legible
from sleuth.ui.creatures import draw_animal
from sleuth.ui.theme import BODY, CAPTION, Palette, mix, panel_ground
from sleuth.ui.widgets import inside
from sleuth.ui.words import either, plural, possessive


@dataclass
class Notes:
    """What the viewer can deduce about their own Investigation (card -> status and reason)."""

    status: list[int]  # 0 possible, 1 seen elsewhere, 2 ruled out by an answer, 3 a wrong guess
    why: list[str]
    suspects: list[int]
    hours: list[int]

    @property
    def count(self) -> int:
        return sum(1 for s in self.status if s == 0)

    def possible(self, suspect: int | None, hour: int | None, cards: PurrrlockCards) -> bool:
        return any(self.status[c] == 0 and (suspect is None or cards.card_suspect[c] == suspect)
                   and (hour is None or cards.card_hour[c] == hour) for c in range(cards.card_count))


POSSIBLE, SEEN, ANSWER, WRONG = range(4)

#: the ``deduction_notes`` setting's presets
FULL, MARKS, OFF = "full", "marks", "off"
#: the player's own marks in ``marks`` mode (cycled in this order by a click)
CROSSED, CIRCLED = 11, 12  # apart from the deductions above: one symbol drawer serves both


def deduce(obs: R.PurrrlockObservation, cards: PurrrlockCards, names: Sequence[str]) -> Notes | None:
    """The candidates for the viewer's own Investigation, from the viewer's observation only."""
    me = obs.seat
    if me is None or not obs.has_investigation[me]:
        return None
    name = cards.card_name
    why: dict[int, tuple[int, str]] = {}

    def seen(card: int, where: str) -> None:
        why.setdefault(card, (SEEN, f"{name(card)} is {where}, so it is not your Investigation."))

    for card in obs.hand or ():
        seen(card, "in your hand")
    for s, card in enumerate(obs.investigations):
        if card is not None and s != me:  # one's own is face up only once the game is over
            seen(card, f"{possessive(names[s])} Investigation")
    for s in range(obs.players):
        for card in obs.leads[s]:
            seen(card, "your Lead" if s == me else f"among {possessive(names[s])} Leads")
        for card in obs.dead_ends[s]:
            seen(card, "your Dead End" if s == me else f"among {possessive(names[s])} Dead Ends")
        for card in obs.solved[s]:
            seen(card, f"a completed Investigation of {names[s]}")
    for card in obs.discard:
        seen(card, "in the discard pile")
    log = obs.log
    drawn = draw_index(obs)
    start = drawn + 1
    before = out_of_the_deck(log[:drawn]) if drawn > 0 else 0
    for card in range(cards.card_count):
        if before >> card & 1:
            seen(card, "a card you saw out of the deck when you drew your Investigation")
    wrong: list[R.Guessed] = []
    for e in log[start:]:
        if isinstance(e, R.Guessed) and e.seat == me and not e.correct:
            wrong.append(e)
        shown = shown_mask(e)
        for card in range(cards.card_count):
            if shown >> card & 1:
                seen(card, "a card you saw after drawing your Investigation")
    status = [POSSIBLE] * cards.card_count
    reasons = [""] * cards.card_count
    for card in range(cards.card_count):
        if card in why:
            status[card], reasons[card] = why[card]
            continue
        for g in wrong:
            if (g.suspect is None or g.suspect == cards.card_suspect[card]) and (
                    g.hour is None or g.hour == cards.card_hour[card]):
                status[card] = WRONG
                reasons[card] = f"You guessed {guess_words(cards, g.suspect, g.hour)} and were wrong."
                break
        if status[card] != POSSIBLE:
            continue
        for lead in obs.leads[me]:
            if not cards.is_lead(lead, card):
                status[card] = ANSWER
                reasons[card] = (f"{name(lead)} was a Lead: your card shares its suspect or is within an hour "
                                 f"of {cards.card_hour[lead]}; {name(card)} does neither.")
                break
        if status[card] != POSSIBLE:
            continue
        for dead in obs.dead_ends[me]:
            if cards.is_lead(dead, card):
                status[card] = ANSWER
                reasons[card] = (f"{name(dead)} was a Dead End: your card is not a {cards.suspects[cards.card_suspect[dead]]}"
                                 f" and not within an hour of {cards.card_hour[dead]}.")
                break
        if status[card] == POSSIBLE:
            reasons[card] = f"{name(card)} is still possible."
    own = obs.investigations[me]
    if own is not None:
        # the game is over and the viewer's own card lies face up: the notes agree with it (they
        # ruled it out as "seen" and named another card "certain")
        for card in range(cards.card_count):
            if card == own:
                status[card], reasons[card] = POSSIBLE, f"Your Investigation was {name(card)}: it is face up now."
            elif status[card] == POSSIBLE:
                status[card], reasons[card] = SEEN, f"Your Investigation was {name(own)}, face up now."
    live = [c for c in range(cards.card_count) if status[c] == POSSIBLE]
    suspects = sorted({cards.card_suspect[c] for c in live})
    hours = sorted({cards.card_hour[c] for c in live})
    return Notes(status, reasons, suspects, hours)


def guess_words(cards: PurrrlockCards, suspect: int | None, hour: int | None) -> str:
    if suspect is not None and hour is not None:
        return f"{cards.suspects[suspect]} at {hour}"
    if suspect is not None:
        return f"the suspect {cards.suspects[suspect]}"
    return f"the hour {hour}"


def hours_text(hours: Sequence[int]) -> str:
    if not hours:
        return "none"
    if len(hours) == 1:
        return str(hours[0])
    return ", ".join(map(str, hours[:-1])) + " or " + str(hours[-1])


class NotesGrid:
    """The notes grid: its cells, clicks, the player's own marks and drawing."""

    def notes_mode(self) -> str:
        """``full``, ``marks`` or ``off``: read at every use, so a change in Settings shows at once."""
        return self.scene.setting("deduction_notes")

    def order_moves(self, legal: list) -> list:
        """The moves list (M) for a keyboard player: the guesses the notes still allow before the
        other guesses when the notes show it (the others would tell what a player who marks their
        own notes has not worked out), Paws after the plain ones. The moves that are not guesses
        (the Investigate pairs) come first, until the allowed guesses fit on the list's first page:
        then those lead, as the rules page says. A guess at "Crow at 10" took eight page turns
        through 165 entries; with notes "certainly Goose, certainly 11" the list had opened on
        "Investigate Rat 2, then Dog 4"."""
        from sleuth.ui.scenes.moves import PER_PAGE

        notes = self.notes if self.notes_mode() == FULL else None

        def allowed(action) -> bool:
            return notes is None or notes.possible(action.suspect, action.hour, self.cards)

        few = notes is not None and \
            0 < sum(1 for a in legal if isinstance(a, R.Guess) and allowed(a)) <= PER_PAGE

        def rank(action) -> tuple:
            if not isinstance(action, R.Guess):
                return (1 if few else 0, 0)
            if allowed(action):
                return (0 if few else 1, 1 if action.paws else 0)
            return (2, 1 if action.paws else 0)

        return sorted(legal, key=rank)

    # -- the player's own marks (``marks`` mode) ---------------------------------------------
    def _investigation_number(self, seat: int) -> int:
        """How many Investigations ``seat`` has drawn so far (its marks belong to the current one)."""
        log = self.obs.log
        key = (self.obs.seat, len(log), seat)  # a seat's log only grows
        if self._inv_count is not None and self._inv_count[0] == key:
            return self._inv_count[1]
        count = sum(1 for e in log if isinstance(e, R.InvestigationDrawn) and e.seat == seat)
        self._inv_count = (key, count)
        return count

    def own_marks(self) -> dict[int, int]:
        """The viewer's marks (card -> CROSSED or CIRCLED) for their current Investigation."""
        seat = self.viewer
        if seat is None or self.obs is None:
            return {}
        number = self._investigation_number(seat)
        kept = self.marks.get(seat)
        if kept is None or kept[0] != number:
            kept = self.marks[seat] = (number, {})
        return kept[1]

    def table_notes(self) -> dict[str, object]:
        """Each seat's own marks with the Investigation they belong to: in the "only what I mark"
        notes they are a player's only notes, and Save and quit, then Continue, had lost them."""
        return {str(seat): {"investigation": number, "marks": {str(card): mark for card, mark in sorted(marks.items())}}
                for seat, (number, marks) in sorted(self.marks.items()) if marks}

    def restore_table_notes(self, notes: dict[str, object]) -> None:
        cards = self.cards.card_count
        for seat, data in notes.items():
            try:
                number, marks = int(data["investigation"]), data["marks"]
                kept = {int(card): mark for card, mark in marks.items()
                        if mark in (CROSSED, CIRCLED) and 0 <= int(card) < cards}
            except (TypeError, KeyError, ValueError, AttributeError):
                continue  # a damaged note: that seat starts with a clean grid
            if 0 <= int(seat) < self.obs.players and kept:
                self.marks[int(seat)] = (number, kept)

    def _cycle_mark(self, card: int) -> None:
        marks = self.own_marks()
        mark = {None: CROSSED, CROSSED: CIRCLED}.get(marks.get(card))
        if mark is None:
            marks.pop(card, None)
        else:
            marks[card] = mark

    def cell_symbol(self, card: int) -> int | None:
        """What the viewer's grid shows in ``card``'s cell: a deduction (full notes), the
        viewer's own mark (``marks``), or nothing."""
        notes = self.shown_notes
        if notes is None:
            return None
        mode = self.notes_mode()
        if mode == FULL:
            return notes.status[card]
        if mode == MARKS:
            return self.own_marks().get(card)
        return None

    # -- where things are --------------------------------------------------------------------
    def cell_rect(self, suspect: int, hour: int) -> tuple[float, float, float, float]:
        x, _, w, _ = GRID
        cw = (w - GRID_LABEL_W - 12) / self.cards.hours
        return (x + GRID_LABEL_W + 4 + (hour - 1) * cw, GRID_TOP + suspect * GRID_ROW, cw, GRID_ROW)

    def grid_hit(self, pos) -> tuple[int | None, int | None] | None:
        """(suspect, hour) under ``pos``: a cell, a row label (hour None) or an hour header."""
        x, _, w, _ = GRID
        cards = self.cards
        cw = (w - GRID_LABEL_W - 12) / cards.hours
        left = x + GRID_LABEL_W + 4
        px, py = pos
        if GRID_TOP - HEADER_H <= py < GRID_TOP and left <= px < left + cw * cards.hours:
            return (None, int((px - left) // cw) + 1)
        if GRID_TOP <= py < GRID_TOP + GRID_ROW * len(cards.suspects):
            suspect = int((py - GRID_TOP) // GRID_ROW)
            if x + 4 <= px < left:
                return (suspect, None)
            if left <= px < left + cw * cards.hours:
                return (suspect, int((px - left) // cw) + 1)
        return None

    def _grid_click(self, pos, button: int = 1) -> bool:
        """A left click picks a guess (in ``marks`` mode, on a cell it changes your mark); a right
        click always picks."""
        if self.notes is None or not inside(GRID, pos):
            return False
        hit = self.grid_hit(pos)
        if hit is None:
            return True
        self.grid_act(hit, pick=button != 1 or not self.marks_here(hit))
        return True

    def marks_here(self, hit: tuple[int | None, int | None]) -> bool:
        """Whether the left click or Enter at ``hit`` marks it (a cell in ``marks`` mode) rather
        than picking it as the guess."""
        return self.notes_mode() == MARKS and None not in hit

    def grid_act(self, hit: tuple[int | None, int | None], pick: bool) -> None:
        """A click or a key in the grid at ``hit``: pick it as the guess (again: let go of it), or
        change your own mark there."""
        if pick:
            self.pick = None if self.pick == hit else hit
            self._rebuild_widgets()
        else:
            self._cycle_mark(self.cards.card_id(*hit))
        self.scene.app.sound.play("click")

    # -- drawing -----------------------------------------------------------------------------
    def _draw_grid(self, canvas: Canvas, pal: Palette) -> None:
        x, y, w, h = GRID
        canvas.alpha_box((x, y, w, h), pal.panel, 170, radius=8)
        canvas.box((x, y, w, h), pal.brass_dark, radius=8, width=1.5)
        mode = self.notes_mode()
        title = {FULL: "WHAT YOU CAN DEDUCE", MARKS: "YOUR NOTES (YOUR OWN MARKS)"}.get(mode, "PICK A GUESS")
        canvas.text(title, (x + 10, y + 8), CAPTION, pal.brass, bold=True)
        notes = self.shown_notes
        cards = self.cards
        if notes is None:
            if self.viewer is not None:
                text = "You have no Investigation right now."
            elif self.scene.watching and getattr(self.scene, "eyes", None) != getattr(self.scene, "EVERYTHING", ""):
                text = "The public view: no one's notes. Press E to see through a player's eyes."
            elif self.scene.watching:
                text = ("Every hand and every Investigation is face up here. Press E to watch through one "
                        "player's eyes and see what they could deduce.")
            elif self.bots_only:
                text = "Only bots play: their notes stay private."
            elif self.scene.state.is_over():
                text = "The game is over: nothing is left to deduce."
            else:
                text = "Your notes are private: they show when you are at the screen."
            canvas.paragraph(text, (x + 10, y + 40, w - 20, h - 50), BODY, pal.paper_dark)
            return
        full = mode == FULL
        if full:
            canvas.text(plural(notes.count, "card") + " possible", (x + w - 10, y + 8), CAPTION, pal.highlight,
                        "topright", bold=True)
        elif mode == MARKS:
            crossed = sum(1 for m in self.own_marks().values() if m == CROSSED)
            canvas.text(f"{crossed} crossed out", (x + w - 10, y + 8), CAPTION, pal.text_light, "topright", bold=True)
        cw = (w - GRID_LABEL_W - 12) / cards.hours
        left = x + GRID_LABEL_W + 4
        pick = self.pick
        hover = self.hover
        asking = self.asking_card() if full and notes is self.notes else None
        faded = legible(pal.ink_soft, panel_ground(pal), 3.0)  # ruled out, still read (was 1.8:1)
        for hour in range(1, cards.hours + 1):
            cx = left + (hour - 1) * cw + cw / 2
            live = hour in notes.hours or not full
            chosen = pick is not None and pick[0] is None and pick[1] == hour
            if chosen:
                canvas.box((left + (hour - 1) * cw, GRID_TOP - HEADER_H, cw, HEADER_H - 1), pal.highlight, radius=3)
            canvas.text(str(hour), (cx, GRID_TOP - HEADER_H / 2), CAPTION, pal.ink if chosen else (
                pal.text_light if live else faded), "center", bold=live)
        for s, name in enumerate(cards.suspects):
            ry = GRID_TOP + s * GRID_ROW
            live = s in notes.suspects or not full
            chosen = pick is not None and pick[1] is None and pick[0] == s
            if chosen:
                canvas.box((x + 4, ry + 1, GRID_LABEL_W - 2, GRID_ROW - 2), pal.highlight, radius=3)
            colour = suspect_colour(pal, s)
            draw_animal(canvas, name, (x + 16, ry + GRID_ROW / 2), 18, colour if live else faded)
            canvas.text(name, (x + 28, ry + GRID_ROW / 2), CAPTION, pal.ink if chosen else (
                pal.text_light if live else faded), "midleft", bold=live)
            for hour in range(1, cards.hours + 1):
                card = cards.card_id(s, hour)
                cx, cy, cwid, ch = self.cell_rect(s, hour)
                inner = (cx + 1, cy + 1, cwid - 2, ch - 2)
                mid = (cx + cwid / 2, cy + ch / 2)
                symbol = self.cell_symbol(card)
                if not full:
                    canvas.box(inner, mix(pal.paper, colour, 0.12), radius=3)
                    if symbol is not None:
                        _draw_symbol(canvas, pal, symbol, mid, colour)
                elif symbol == POSSIBLE:
                    canvas.box(inner, mix(pal.paper, colour, 0.25), radius=3)
                    _draw_symbol(canvas, pal, POSSIBLE, mid, colour)
                    if asking is not None and self.cards.is_lead(asking, card):
                        canvas.box(inner, pal.good, radius=3, width=2)
                else:
                    canvas.box(inner, closed_cell(pal), radius=3)
                    _draw_symbol(canvas, pal, symbol, mid, colour)
                if pick is not None and (pick[0] is None or pick[0] == s) and (pick[1] is None or pick[1] == hour):
                    canvas.box((cx, cy, cwid, ch), pal.highlight, radius=3, width=2)
                elif hover is not None and (hover[0] is None or hover[0] == s) and (hover[1] is None or hover[1] == hour):
                    canvas.box((cx, cy, cwid, ch), pal.paper, radius=3, width=1)
        ty = GRID_TOP + GRID_ROW * len(cards.suspects) + 4
        if full:
            self._draw_full_legend(canvas, pal, notes, ty)
        elif mode == MARKS:
            self._draw_legend_row(canvas, pal, ty, [(CROSSED, "ruled out, by you"), (CIRCLED, "maybe, by you")])
            canvas.paragraph("Click a cell to cross, circle or clear it. Right-click it, or click a name or an hour, "
                             "to pick a guess.", (x + 10, ty + 20, w - 20, 36), CAPTION, pal.paper_dark)
        else:
            canvas.paragraph("Deduction notes are off (Settings): you do the deducing. Click a name, an hour or a "
                             "cell to pick your guess.", (x + 10, ty, w - 20, 54), CAPTION, pal.paper_dark)
        bottom = (x + 10, ty + 58, w - 20, y + h - ty - 60)
        if asking is not None:
            lead, dead = self.split(asking)
            # "(outlined)", not "(green)": the outline is blue in the colour-blind palette
            text = f"Asking {cards.card_name(asking)}: a Lead leaves {lead} (outlined), a Dead End leaves {dead}."
            canvas.paragraph(text, bottom, CAPTION, pal.highlight)
            return
        # nothing is left to guess once the game is over, nor in a replay (nothing is played there)
        over = self.obs.outcome is not None or self.scene.watching
        take = "" if over else self._take_text() if self.pick is not None else (
            "Click a name, an hour or a cell to pick a guess." if full else "")
        keyed = "" if over else self.grid_cursor_words()
        if keyed:  # the arrow keys' cursor is in the grid: what Enter does, where a tag would cover cells
            take = f"{self._take_text()} {keyed}".strip() if self.pick is not None else keyed
        canvas.paragraph(take, bottom, CAPTION, pal.highlight if self.pick or keyed else pal.paper_dark)

    def _draw_full_legend(self, canvas: Canvas, pal: Palette, notes: Notes, ty: float) -> None:
        cards = self.cards
        x = GRID[0]
        sus = notes.suspects
        suspect_text = (f"certainly {cards.suspects[sus[0]]}" if len(sus) == 1 else
                        (either([cards.suspects[s] for s in sus]) or "none") if len(sus) <= 3 else f"{len(sus)} left")
        hour_text = f"certainly {notes.hours[0]}" if len(notes.hours) == 1 else (
            hours_text(notes.hours) if len(notes.hours) <= 5 else f"{len(notes.hours)} left")
        summary = canvas.fit(f"Suspect: {suspect_text}.  Hour: {hour_text}.", CAPTION, GRID[2] - 20)
        canvas.text(summary, (x + 10, ty), CAPTION, pal.text_light)
        self._draw_legend_row(canvas, pal, ty + 20, [(POSSIBLE, "could be yours"),
                                                     (ANSWER, "an answer rules it out")])
        self._draw_legend_row(canvas, pal, ty + 38, [(SEEN, "you saw it elsewhere"), (WRONG, "guessed wrong")])

    def _draw_legend_row(self, canvas: Canvas, pal: Palette, y: float, items) -> None:
        """Each symbol drawn as in the cells, then its meaning in words."""
        px = GRID[0] + 10
        for kind, words in items:
            box = (px, y + 1, 18, 16)
            lit = kind in (POSSIBLE, CROSSED, CIRCLED)
            canvas.box(box, mix(pal.paper, pal.accents[2], 0.2) if lit else closed_cell(pal), radius=3)
            _draw_symbol(canvas, pal, kind, (px + 9, y + 9), pal.accents[2])
            drawn = canvas.text(words, (px + 23, y + 9), CAPTION, pal.paper_dark, "midleft")
            px = drawn[0] + drawn[2] + 16

    def asking_card(self) -> int | None:
        """The own hand card under the mouse, being dragged or focused (to preview its answer),
        while it may be asked about: once the turn's cards are chosen the preview would tell of a
        question that can no longer be put."""
        if self.viewer is None or self.obs is None or not self._investigate_open():
            return None
        sprite = self.board.held or self.board.hover_sprite
        if sprite is None and self.card_focus is not None:
            sprite = self.board.sprite(("card", self.card_focus))
        if sprite is None or self.viewer is None or sprite.key[0] != "card" or sprite.hidden:
            return None
        card = sprite.key[1]
        return card if card in (self.obs.hand or ()) else None

    def split(self, asked: int) -> tuple[int, int]:
        """How many candidates a Lead / a Dead End answer about ``asked`` would leave."""
        live = [c for c in range(self.cards.card_count) if self.notes.status[c] == POSSIBLE]
        lead = sum(1 for c in live if self.cards.is_lead(asked, c))
        return lead, len(live) - lead


def closed_cell(pal: Palette):
    """A cell that cannot be your card: dark, under its mark."""
    return mix(pal.panel, pal.felt_dark, 0.4)


def _draw_symbol(canvas: Canvas, pal: Palette, kind: int, mid: tuple[float, float], colour) -> None:
    """A cell's symbol: a deduction (POSSIBLE, ANSWER, SEEN, WRONG) or your own mark (CROSSED,
    CIRCLED, drawn bolder and in ink so they never look like the grid's own deductions)."""
    mx, my = mid
    mark = legible(pal.ink_soft, closed_cell(pal), 3.0)  # told apart at a glance (was 2.0:1)
    if kind == POSSIBLE:
        canvas.circle(mid, 4.5, mix(colour, pal.ink, 0.3))
    elif kind == ANSWER:
        canvas.line((mx - 3.5, my - 3.5), (mx + 3.5, my + 3.5), mark, 1.5)
        canvas.line((mx - 3.5, my + 3.5), (mx + 3.5, my - 3.5), mark, 1.5)
    elif kind == SEEN:
        canvas.line((mx - 4, my), (mx + 4, my), mark, 1.5)
    elif kind == WRONG:
        canvas.text("?", mid, CAPTION, legible(pal.bad, closed_cell(pal)), "center", bold=True)
    elif kind == CROSSED:
        canvas.line((mx - 5, my - 5), (mx + 5, my + 5), pal.ink, 2.5)
        canvas.line((mx - 5, my + 5), (mx + 5, my - 5), pal.ink, 2.5)
    elif kind == CIRCLED:
        canvas.circle(mid, 6.5, pal.ink, 2)
