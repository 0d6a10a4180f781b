"""Your deduction notes: which cards your own Investigation can still be and why (``deduce``,
from your own observation only), and the 5 x 12 notes grid that shows them and where you pick
a guess (``NotesGrid``, mixed into ``PurrrlockTable`` in table/__init__.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.cards import PurrrlockCards
from sleuth.games.purrrlock_holmes.table.layout import GRID, GRID_LABEL_W, GRID_ROW, GRID_TOP
from sleuth.games.purrrlock_holmes.table.paint import suspect_colour
from sleuth.ui.canvas import Canvas
from sleuth.ui.creatures import draw_animal
from sleuth.ui.theme import Palette, mix
from sleuth.ui.widgets import inside


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
        if card is not None:
            seen(card, f"{names[s]}'s Investigation")
    for s in range(obs.players):
        for card in obs.leads[s]:
            seen(card, "your Lead" if s == me else f"among {names[s]}'s Leads")
        for card in obs.dead_ends[s]:
            seen(card, "your Dead End" if s == me else f"among {names[s]}'s Dead Ends")
        for card in obs.solved[s]:
            seen(card, f"a completed Investigation of {names[s]}")
    for card in obs.discard:
        seen(card, "in the discard pile")
    log = obs.log
    start = 0
    for i in range(len(log) - 1, -1, -1):
        if isinstance(log[i], R.InvestigationDrawn) and log[i].seat == me:
            start = i + 1
            break
    wrong: list[R.Guessed] = []
    for e in log[start:]:
        shown: tuple[int, ...] = ()
        if isinstance(e, (R.Drew, R.Passed)) and e.cards:
            shown = e.cards
        elif isinstance(e, (R.Investigated, R.Solved)):
            shown = (e.card,)
        elif isinstance(e, R.InvestigationDrawn) and e.card is not None:
            shown = (e.card,)
        elif isinstance(e, R.Discarded):
            shown = e.cards
        elif isinstance(e, R.Guessed) and e.seat == me and not e.correct:
            wrong.append(e)
        for card in shown:
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
    """The notes grid: its cells, clicks and drawing."""

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
        if GRID_TOP - 17 <= py < GRID_TOP and left <= px < left + cw * cards.hours:
            return (None, int((px - left) // cw) + 1)
        if GRID_TOP <= py < GRID_TOP + GRID_ROW * len(cards.suspects):
            suspect = int((py - GRID_TOP) // GRID_ROW)
            if x + 4 <= px < left:
                return (suspect, None)
            if left <= px < left + cw * cards.hours:
                return (suspect, int((px - left) // cw) + 1)
        return None

    def _grid_click(self, pos) -> bool:
        if self.notes is None or not inside(GRID, pos):
            return False
        hit = self.grid_hit(pos)
        if hit is None:
            return True
        self.pick = None if self.pick == hit else hit
        self.scene.app.sound.play("click")
        self._rebuild_widgets()
        return True

    def _draw_grid(self, canvas: Canvas, pal: Palette) -> None:
        x, y, w, h = GRID
        canvas.alpha_box((x, y, w, h), pal.panel, 170, radius=8)
        canvas.box((x, y, w, h), pal.brass_dark, radius=8, width=1.5)
        canvas.text("WHAT YOU CAN DEDUCE", (x + 8, y + 5), 14, pal.brass, bold=True)
        notes = self.shown_notes
        cards = self.cards
        if notes is None:
            text = ("Your notes are private: they show when you are at the screen." if self.viewer is None else
                    "You have no Investigation right now.")
            canvas.paragraph(text, (x + 10, y + 40, w - 20, h - 50), 15, pal.paper_dark)
            return
        canvas.text(f"{notes.count} possible", (x + w - 8, y + 5), 14, pal.highlight, "topright", bold=True)
        cw = (w - GRID_LABEL_W - 12) / cards.hours
        left = x + GRID_LABEL_W + 4
        pick = self.pick
        hover = self.hover
        asking = self.asking_card() if notes is self.notes else None
        for hour in range(1, cards.hours + 1):
            cx = left + (hour - 1) * cw + cw / 2
            live = hour in notes.hours
            chosen = pick is not None and pick[0] is None and pick[1] == hour
            if chosen:
                canvas.box((left + (hour - 1) * cw, GRID_TOP - 17, cw, 17), pal.highlight, radius=3)
            canvas.text(str(hour), (cx, GRID_TOP - 8), 13, pal.ink if chosen else (
                pal.text_light if live else pal.ink_soft), "center", bold=live)
        for s, name in enumerate(cards.suspects):
            ry = GRID_TOP + s * GRID_ROW
            live = s in notes.suspects
            chosen = pick is not None and pick[1] is None and pick[0] == s
            if chosen:
                canvas.box((x + 4, ry + 1, GRID_LABEL_W - 2, GRID_ROW - 2), pal.highlight, radius=3)
            colour = suspect_colour(pal, s)
            draw_animal(canvas, name, (x + 14, ry + GRID_ROW / 2), 15, colour if live else pal.ink_soft)
            canvas.text(name, (x + 24, ry + GRID_ROW / 2), 13, pal.ink if chosen else (
                pal.text_light if live else pal.ink_soft), "midleft", bold=live)
            for hour in range(1, cards.hours + 1):
                card = cards.card_id(s, hour)
                cx, cy, cwid, ch = self.cell_rect(s, hour)
                state = notes.status[card]
                inner = (cx + 1, cy + 1, cwid - 2, ch - 2)
                if state == POSSIBLE:
                    canvas.box(inner, mix(pal.paper, colour, 0.25), radius=3)
                    canvas.circle((cx + cwid / 2, cy + ch / 2), 3.5, mix(colour, pal.ink, 0.3))
                    if asking is not None and self.cards.is_lead(asking, card):
                        canvas.box(inner, pal.good, radius=3, width=2)
                else:
                    canvas.box(inner, mix(pal.panel, pal.felt_dark, 0.4), radius=3)
                    mid = (cx + cwid / 2, cy + ch / 2)
                    if state == ANSWER:
                        canvas.line((mid[0] - 3, mid[1] - 3), (mid[0] + 3, mid[1] + 3), pal.ink_soft, 1.5)
                        canvas.line((mid[0] - 3, mid[1] + 3), (mid[0] + 3, mid[1] - 3), pal.ink_soft, 1.5)
                    elif state == SEEN:
                        canvas.line((mid[0] - 3, mid[1]), (mid[0] + 3, mid[1]), pal.ink_soft, 1.5)
                    else:
                        canvas.text("?", mid, 13, pal.bad, "center", bold=True)
                if pick is not None and (pick[0] is None or pick[0] == s) and (pick[1] is None or pick[1] == hour):
                    canvas.box((cx, cy, cwid, ch), pal.highlight, radius=3, width=2)
                elif hover is not None and (hover[0] is None or hover[0] == s) and (hover[1] is None or hover[1] == hour):
                    canvas.box((cx, cy, cwid, ch), pal.paper, radius=3, width=1)
        ty = GRID_TOP + GRID_ROW * len(cards.suspects) + 3
        sus = notes.suspects
        suspect_text = (f"certainly {cards.suspects[sus[0]]}" if len(sus) == 1 else
                        " or ".join(cards.suspects[s] for s in sus) if len(sus) <= 3 else f"{len(sus)} possible")
        hour_text = f"certainly {notes.hours[0]}" if len(notes.hours) == 1 else (
            hours_text(notes.hours) if len(notes.hours) <= 5 else f"{len(notes.hours)} possible")
        canvas.text(f"Suspect: {suspect_text}.  Hour: {hour_text}.", (x + 8, ty), 14, pal.text_light)
        canvas.text("dot: possible  x: an answer  -: seen  ?: wrong guess", (x + 8, ty + 17), 13, pal.paper_dark)
        asking = self.asking_card()
        if asking is not None and notes is self.notes:
            lead, dead = self.split(asking)
            text = (f"Asking {cards.card_name(asking)}: a Lead leaves {lead} (green), a Dead End "
                    f"leaves {dead}.")
            canvas.paragraph(text, (x + 8, ty + 34, w - 16, 40), 13, pal.highlight)
            return
        take = self._take_text() if self.pick is not None else "Click a name, an hour or a cell to pick a guess."
        canvas.paragraph(take, (x + 8, ty + 34, w - 16, 40), 13, pal.highlight if self.pick else pal.paper_dark)

    def asking_card(self) -> int | None:
        """The own hand card under the mouse or in the hand being dragged (to preview its answer)."""
        sprite = self.board.held or self.board.hover_sprite
        if sprite is None or self.viewer is None or sprite.key[0] != "card" or sprite.hidden:
            return None
        card = sprite.key[1]
        return card if card in (self.obs.hand or ()) else None

    def split(self, asked: int) -> tuple[int, int]:
        """How many candidates a Lead / a Dead End answer about ``asked`` would leave."""
        live = [c for c in range(self.cards.card_count) if self.notes.status[c] == POSSIBLE]
        lead = sum(1 for c in live if self.cards.is_lead(asked, c))
        return lead, len(live) - lead
