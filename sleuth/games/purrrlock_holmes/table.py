"""The Purrrlock Holmes table: Furriarty's trail, every inspector's stand, leads and dead ends,
completed Investigations with their tokens, your hand and your deduction notes.

Play as at the real table: drag two cards from your hand, one at a time, onto your stand (or
click them); the first answer appears when the second card is chosen (the book reveals them one
at a time, so both are chosen first), and the second card waits on the stand until you click it,
so a Paws can come between. Pick a guess in your notes (a suspect's name, an hour, or a cell for
both) and press Guess or Paws; the tokens it would take light up on the trail. After
investigating, drag your remaining cards onto the next player to pass them and end your turn.
Every move is also in the moves list (M).

Your own Investigation is always drawn face down. Your notes (the 5 x 12 grid) are computed only
from your own observation: cards you can see or have seen since you drew your Investigation,
your Lead/Dead End answers and your wrong guesses. The public view (handoff screens) shows no
hand, no notes and no Investigation face up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from sleuth.core.values import Action, Event
from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.cards import PurrrlockCards, bundled_cards
from sleuth.ui.board import CardSprite, Face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import card_back, card_face
from sleuth.ui.creatures import draw_animal, draw_cat_face, draw_clock, draw_fishbone, draw_paw, draw_pipe
from sleuth.ui.motion import Callouts, Leg, at_time, run_path
from sleuth.ui.tableview import TableView
from sleuth.ui.theme import Palette, mix
from sleuth.ui.widgets import Button, Widgets, inside
from sleuth.ui.words import says
from sleuth.ui.zones import DropArea

CARD = (62, 88)
SMALL = (42, 60)
BACK_SMALL = (24, 34)
TOKEN = (34, 34)
GOT = (24, 24)

TRAIL_Y = 80
TRAIL_X0, TRAIL_X1 = 128, 770
TRAIL_BAND = (8, 48, 826, 78)
DECK_POS = (864, 84)
DISCARD_POS = (926, 84)
MID_Y, MID_H = 130, 314
OWN = (8, 450, 674, 266)
OWN_STAND = (250, 530)
OWN_LEADS = (8, 478, 204, 132)
OWN_DEAD = (288, 478, 204, 132)
OWN_SOLVED = (498, 478, 184, 132)
HAND_CENTRE = (330, 664)
HAND_STEP = 70
HINT_BOX = (8, 616, 184, 98)
GRID = (690, 450, 314, 188)
GRID_LABEL_W = 66
GRID_TOP = 492
GRID_ROW = 19
STEP = 47  # spacing of small cards in lead / dead end grids
CASCADE = 22


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


class PurrrlockTable(TableView):
    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.cards = bundled_cards()
        self.widgets = Widgets()
        self.callouts = Callouts()
        self.notes: Notes | None = None
        self.chosen: list[int] = []  # cards picked for Investigate, not yet revealed
        self.pick: tuple[int | None, int | None] | None = None  # the guess chosen in the notes
        self.pass_armed = False
        self.hover: tuple[int | None, int | None] | None = None  # the notes cell under the mouse
        self._legal: list[Action] = []
        self.shown_obs: R.PurrrlockObservation | None = None
        self.shown_notes: Notes | None = None
        self._placements: dict = {}
        self._pv_cache: tuple[tuple, dict] | None = None
        self.trail_history: list[tuple[int | None, ...]] = []

    # -- who sits where ----------------------------------------------------------------------
    @property
    def home(self) -> int:
        """The seat drawn at the bottom: the viewer, else the seat about to play (or seat 0)."""
        if self.viewer is not None:
            return self.viewer
        obs = self.obs
        if obs is not None and obs.pending and self.scene.session.human_seats:
            return obs.pending[0]
        return 0

    def others(self) -> list[int]:
        n = self.obs.players
        return [(self.home + k) % n for k in range(1, n)]

    def panel_rect(self, seat: int) -> tuple[float, float, float, float]:
        if seat == self.home:
            return OWN
        others = self.others()
        n = len(others)
        gap = 8
        w = min(660.0, (994 - gap * (n - 1)) / n)
        total = w * n + gap * (n - 1)
        x0 = 8 + (994 - total) / 2
        i = others.index(seat)
        return (x0 + i * (w + gap), MID_Y, w, MID_H)

    def stand_pos(self, seat: int) -> tuple[float, float]:
        if seat == self.home:
            return OWN_STAND
        x, y, w, _ = self.panel_rect(seat)
        return (x + w / 2, y + 136)

    def ask_pos(self, seat: int) -> tuple[float, float]:
        sx, sy = self.stand_pos(seat)
        return (sx + 12, sy + 16)

    def lead_region(self, seat: int, dead: bool) -> tuple[float, float, float, float]:
        if seat == self.home:
            return OWN_DEAD if dead else OWN_LEADS
        x, y, w, _ = self.panel_rect(seat)
        side = w / 2 - 40
        return (x + w / 2 + 38, y + 90, side, 178) if dead else (x + 4, y + 90, side, 178)

    def solved_region(self, seat: int) -> tuple[float, float, float, float]:
        if seat == self.home:
            return OWN_SOLVED
        x, y, w, _ = self.panel_rect(seat)
        return (x + 4, y + 26, w - 8, 62)

    def hand_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.home:
            return HAND_CENTRE
        x, y, w, h = self.panel_rect(seat)
        return (x + w / 2, y + h - 24)

    def slot_pos(self, slot: int) -> tuple[float, float]:
        size = self.trail_size()
        step = (TRAIL_X1 - TRAIL_X0) / max(1, size - 1)
        return (TRAIL_X0 + slot * step, TRAIL_Y)

    def trail_size(self) -> int:
        return self.cards.trails[self.obs.players].size + 1

    def removed(self, obs=None) -> int:
        """Paw prints taken off the trail so far (they are keyed by their order on the trail)."""
        obs = obs or self.obs
        taken = sum(len(c) for c in obs.collected)
        return taken - (1 if obs.caught_furriarty is not None else 0)

    def trail_items(self, obs=None) -> list[tuple]:
        """The sprite keys on the trail, left to right, with their slot numbers."""
        obs = obs or self.obs
        r = self.removed(obs)
        out = []
        for i in range(len(obs.trail)):
            if i == obs.furriarty_at and obs.caught_furriarty is None:
                out.append((("furr",), r + i))
            # paws right of Furriarty sit one slot further (also once he is caught: he was left of them)
            out.append((("paw", r + i), r + i + (1 if i >= obs.furriarty_at else 0)))
        if obs.furriarty_at >= len(obs.trail) and obs.caught_furriarty is None:
            out.append((("furr",), r + len(obs.trail)))
        return out

    def would_take(self) -> list[tuple]:
        """Trail keys the picked guess would collect if right (stops at Furriarty)."""
        if self.pick is None or self.obs is None:
            return []
        earned = 2 if self.pick[0] is not None and self.pick[1] is not None else 1
        out = []
        for key, _slot in self.trail_items():
            out.append(key)
            if key == ("furr",) or len(out) == earned:
                break
        return out

    # -- faces -------------------------------------------------------------------------------
    def suspect_colour(self, pal: Palette, suspect: int) -> tuple[int, int, int]:
        return pal.accents[suspect % len(pal.accents)]

    def clue_face(self, card: int, size=CARD) -> Face:
        pal = self.scene.app.palette
        cards = self.cards
        suspect, hour = cards.card_suspect[card], cards.card_hour[card]
        name = cards.suspects[suspect]
        w, h = size

        def paint(c: Canvas) -> None:
            colour = self.suspect_colour(pal, suspect)
            dark = mix(colour, pal.ink, 0.35)
            card_face(c, w, h, pal, colour)
            if w < 56:
                # small (cascaded) cards: the strip that stays visible carries the hour and the animal
                strip = 17
                c.box((3, 3, w - 6, strip), colour, radius=5)
                c.text(str(hour), (6, 3 + strip / 2), 16, pal.paper, "midleft", bold=True)
                draw_animal(c, name, (w - 11, 3 + strip / 2), 15, pal.paper)
                c.text(name, (w / 2, strip + 5), 13, dark, "midtop", bold=True)
                draw_clock(c, pal, (w / 2, h - 15), 10, hour)
                return
            strip = 19
            c.box((3, 3, w - 6, strip), colour, radius=5)
            c.text(name, (w / 2, 3 + strip / 2), 15, pal.paper, "center", bold=True)
            draw_animal(c, name, (w / 2, strip + 24), w * 0.6, dark)
            draw_clock(c, pal, (w * 0.3, h - 15), 11, hour)
            c.text(str(hour), (w * 0.72, h - 15), 22, pal.ink, "center", bold=True)

        return Face(("ph-card", card, size, pal.accents), paint)

    def back_face(self, size=CARD) -> Face:
        pal = self.scene.app.palette
        w, h = size
        accent = mix(pal.accents[4], pal.wood_dark, 0.35)

        def paint(c: Canvas) -> None:
            card_back(c, w, h, pal, "dots", accent)
            draw_paw(c, (w / 2, h / 2), min(w, h) * 0.3, pal.wood_dark)

        return Face(("ph-back", size, accent), paint)

    def token_face(self, value: int | None, secret: bool = False, size=TOKEN) -> Face:
        """A paw print token: face down (paw), face up (its VP), or face down but known to you."""
        pal = self.scene.app.palette
        w, h = size
        r = w / 2

        def paint(c: Canvas) -> None:
            if value is None or secret:
                c.circle((r, r), r - 0.5, pal.wood)
                c.circle((r, r), r - 0.5, pal.brass_dark, 1.5)
                if secret:  # face down on the table, but its owner has looked at it
                    draw_paw(c, (r, r), w * 0.62, mix(pal.wood, pal.paper, 0.2))
                    c.text(str(value), (r, r + 1), w * 0.66, pal.highlight, "center", bold=True)
                else:
                    draw_paw(c, (r, r), w * 0.62, mix(pal.wood, pal.paper, 0.45))
            else:
                c.circle((r, r), r - 0.5, pal.paper)
                c.circle((r, r), r - 0.5, pal.brass_dark, 2)
                draw_paw(c, (r, r + 1), w * 0.6, mix(pal.paper, pal.paper_dark, 0.7))
                c.text(str(value), (r, r), w * 0.62, pal.ink, "center", bold=True)

        return Face(("ph-token", value, secret, size), paint)

    def furriarty_face(self, size=TOKEN) -> Face:
        pal = self.scene.app.palette
        w, _ = size
        r = w / 2

        def paint(c: Canvas) -> None:
            c.circle((r, r), r - 0.5, pal.ink)
            c.circle((r, r), r - 0.5, pal.bad, 2)
            draw_cat_face(c, (r, r - 1), w * 0.8, (70, 62, 58), pal.warn)
            c.text(str(self.cards.furriarty_value), (r, w - 6), w * 0.3, pal.paper, "center", bold=True)

        return Face(("ph-furr", size, pal.bad), paint)

    # -- sync --------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        super().sync(obs, events, animate)
        if previous is None or previous.seat != obs.seat:
            self.board.keep_only(set())
            self.callouts.clear()
            previous = None
            self.shown_obs = None
        self._legal = self.scene.legal_for_viewer()
        self.notes = deduce(obs, self.cards, self.scene.seat_names)
        if any(isinstance(e, R.Guessed) and e.seat == obs.seat for e in events):
            self.pick = None
        self._validate_choices()
        taken_keys = self._rekey(previous, events) if previous is not None else {}
        self._placements = self._layout()
        self._animate(previous, events, taken_keys, animate and previous is not None)
        if not self.trail_history or self.trail_history[-1] != obs.trail:
            self.trail_history.append(obs.trail)
        self._rebuild_widgets()

    def _validate_choices(self) -> None:
        obs = self.obs
        hand = obs.hand or ()
        if not self._investigate_open() or any(c not in hand for c in self.chosen):
            self.chosen = []
        if R.EndTurn() not in self._legal:
            self.pass_armed = False
        if self.notes is None:
            self.pick = None

    def _investigate_open(self) -> bool:
        """The viewer may choose cards to investigate (the first reveal of the turn)."""
        return self.obs.investigate_state == R.NOT_STARTED and any(isinstance(a, R.Investigate) for a in self._legal)

    def _need(self) -> int:
        first = next((a for a in self._legal if isinstance(a, R.Investigate)), None)
        return 1 + len(first.then) if first is not None else 2

    def queued_card(self) -> int | None:
        """The viewer's second card, chosen and waiting on the stand to be revealed."""
        if self.obs.investigate_state != R.IN_PROGRESS:
            return None
        return next((a.card for a in self._legal if isinstance(a, R.Investigate)), None)

    def _rekey(self, previous, events: Sequence[Event]) -> dict[int, list]:
        """Carry sprites over when a thing changes key: collected tokens, revealed Investigations."""
        board = self.board
        obs = self.obs
        taken: dict[int, list] = {}
        r = self.removed(previous)
        order = [e.seat for e in events if isinstance(e, R.TokensCollected)]
        order += [s for s in range(obs.players) if s not in order]
        for seat in order:
            before = len(previous.collected[seat])
            after = len(obs.collected[seat])
            keys = []
            for k in range(before, after):
                if obs.caught_furriarty == seat and k == after - 1:
                    keys.append(("furr",))
                    continue
                board.rekey(("paw", r), ("got", seat, k))
                keys.append(("got", seat, k))
                r += 1
            if keys:
                taken[seat] = keys
        for e in events:
            if isinstance(e, R.Solved) and board.sprite(("stand", e.seat)) is not None:
                board.rekey(("stand", e.seat), ("card", e.card))
        return taken

    def _layout(self) -> dict:
        """key -> (pos, angle, size, front, back, face_up, layer, tooltip)."""
        obs = self.obs
        out: dict = {}
        cards = self.cards
        names = self.scene.seat_names
        # the trail
        for key, slot in self.trail_items():
            pos = self.slot_pos(slot)
            if key == ("furr",):
                out[key] = (pos, 0.0, TOKEN, self.furriarty_face(), self.furriarty_face(), True, 36,
                            "Furriarty: collected like a paw print; whoever takes him catches him and the game ends. "
                            "At the end of each round he swaps with the token to his right, turning it face up.")
            else:
                value = obs.trail[key[1] - self.removed()]
                out[key] = (pos, 0.0, TOKEN, self.token_face(value), self.token_face(None), value is not None, 32,
                            self._trail_tip(value))
        # every seat
        for seat in range(obs.players):
            self._layout_seat(out, seat, names)
        # discard pile
        for k, card in enumerate(obs.discard):
            pos = (DISCARD_POS[0] + (k % 3) * 0.6, DISCARD_POS[1] - min(k, 12) * 0.4)
            out[("card", card)] = (pos, 0.0, SMALL, self.clue_face(card, SMALL), self.back_face(SMALL), True, 2 + k,
                                   f"Discard pile ({len(obs.discard)}), top: {cards.card_name(card)}. It is "
                                   "shuffled into a new deck when the deck runs out.")
        return out

    def _layout_seat(self, out: dict, seat: int, names) -> None:
        obs = self.obs
        cards = self.cards
        me = self.viewer
        name = names[seat]
        sx, sy = self.stand_pos(seat)
        # the Investigation in its stand
        if obs.has_investigation[seat]:
            card = obs.investigations[seat]
            if card is None:
                tip = ("Your Investigation: it faces the others, so you cannot see it. Ask about cards and read your "
                       "notes to work it out." if seat == me else
                       f"{name}'s Investigation (hidden in this public view).")
                out[("stand", seat)] = ((sx, sy), 0.0, CARD, self.back_face(), self.back_face(), False, 5, tip)
            else:
                out[("card", card)] = ((sx, sy), 0.0, CARD, self.clue_face(card), self.back_face(), True, 5,
                                       f"{name}'s Investigation: {cards.card_name(card)}. {name} cannot see it; "
                                       "you can. Their Leads share its suspect or sit within an hour of it.")
        # leads and dead ends
        for dead, group in ((False, obs.leads[seat]), (True, obs.dead_ends[seat])):
            region = self.lead_region(seat, dead)
            for k, (pos, layer) in enumerate(self._grid_places(region, len(group), dead)):
                card = group[k]
                word = "Dead End" if dead else "Lead"
                whose = "your" if seat == me else f"{name}'s"
                out[("card", card)] = (pos, 0.0, SMALL, self.clue_face(card, SMALL), self.back_face(SMALL), True,
                                       10 + layer, f"{cards.card_name(card)}: a {word} for {whose} Investigation "
                                       + ("(it shares nothing with it: not this suspect, not within an hour)."
                                          if dead else "(same suspect, same hour or an hour next to it)."))
        # completed Investigations and their tokens
        x, y, w, h = self.solved_region(seat)
        solved = obs.solved[seat]
        groups = self._token_groups(seat)
        step = min(48.0, (w - 44) / max(1, len(solved) - 1)) if len(solved) > 1 else 48.0
        for k, card in enumerate(solved):
            cx = x + 24 + k * step
            cy = y + h / 2 + (6 if seat == self.home else 2)
            out[("card", card)] = ((cx, cy), 0.0, SMALL, self.clue_face(card, SMALL), self.back_face(SMALL), True,
                                   20 + 2 * k, f"A completed Investigation of {name}: {cards.card_name(card)}.")
            group = groups[k] if k < len(groups) else []
            for j, index in enumerate(group):
                spread = 12 if len(solved) > 1 and step < 48 else 13
                pos = (cx - (len(group) - 1) * spread + j * 2 * spread, cy + 14)
                self._place_token(out, seat, index, pos, 21 + 2 * k)
        grouped = {i for g in groups for i in g}
        loose = [i for i in range(len(obs.collected[seat])) if i not in grouped]
        for j, index in enumerate(loose):
            self._place_token(out, seat, index, (x + w - 14 - j * 16, y + 14), 60)
        # the hand
        if seat == me and obs.hand is not None:
            queued = self.queued_card()
            waiting = [c for c in obs.hand if c in self.chosen or c == queued]
            rest = [c for c in obs.hand if c not in waiting]
            for k, card in enumerate(rest):
                pos = (HAND_CENTRE[0] + (k - (len(rest) - 1) / 2) * HAND_STEP, HAND_CENTRE[1])
                out[("card", card)] = (pos, 0.0, CARD, self.clue_face(card), self.back_face(), True, 70 + k,
                                       self._hand_tip(card))
            for card in waiting:
                out[("card", card)] = (self.ask_pos(seat), 8.0, CARD, self.clue_face(card), self.back_face(), True,
                                       90, self._waiting_tip(card, card == queued))
        elif seat != self.home or me is not None:
            count = obs.hand_sizes[seat]
            ax, ay = self.hand_anchor(seat)
            for k in range(count):
                pos = (ax + (k - (count - 1) / 2) * 16, ay)
                out[("back", seat, k)] = (pos, 0.0, BACK_SMALL, self.back_face(BACK_SMALL),
                                          self.back_face(BACK_SMALL), False, 80 + k,
                                          f"{name}'s hand: {count} card(s). They pass what is left to the next "
                                          "player at the end of their turn.")

    def _place_token(self, out: dict, seat: int, index: int, pos, layer: int) -> None:
        obs = self.obs
        value = obs.collected[seat][index]
        if obs.caught_furriarty == seat and index == len(obs.collected[seat]) - 1:
            out[("furr",)] = (pos, 0.0, GOT, self.furriarty_face(GOT), self.furriarty_face(GOT), True, layer + 1,
                              f"Furriarty, caught by {self.scene.seat_names[seat]}: "
                              f"{self.cards.furriarty_value} VP.")
            return
        secret = seat == self.viewer and not self._token_public(seat, index)
        face_up = value is not None
        tip = (f"A paw print token worth {value} VP." if face_up and not secret else
               f"A face-down token worth {value} VP: only you know it." if secret else
               "A face-down paw print token: only its owner knows its value (1 to 3 VP).")
        out[("got", seat, index)] = (pos, 0.0, GOT, self.token_face(value, secret, GOT), self.token_face(None, size=GOT),
                                     face_up, layer, tip)

    def _token_public(self, seat: int, index: int) -> bool:
        """Whether a collected token was face up on the trail (the public log says its value)."""
        return self._public_values.get((seat, index), False)

    @property
    def _public_values(self) -> dict[tuple[int, int], bool]:
        """(seat, index) -> True where the token was face up when collected, from the viewer's log:
        the collector's own copy of TokensCollected has every value, so the face-up ones are those
        the trail showed (tracked from TrailLaid and FurriartyMoved)."""
        obs = self.obs
        cache = self._pv_cache
        if cache is not None and cache[0] == (obs.seat, len(obs.log)):
            return cache[1]
        up: list[bool] = []
        fa = 0
        out: dict[tuple[int, int], bool] = {}
        counts = [0] * obs.players
        for e in obs.log:
            if isinstance(e, R.TrailLaid):
                up = [v is not None for v in e.tokens]
                fa = e.furriarty_at
            elif isinstance(e, R.FurriartyMoved):
                if fa < len(up):
                    up[fa] = True
                fa += 1
            elif isinstance(e, R.TokensCollected):
                paws = len(e.values) - (1 if e.furriarty else 0)
                for j in range(len(e.values)):
                    if j < paws and up:
                        out[(e.seat, counts[e.seat] + j)] = up.pop(0)
                        fa -= 1
                counts[e.seat] += len(e.values)
        self._pv_cache = ((obs.seat, len(obs.log)), out)
        return out

    def _token_groups(self, seat: int) -> list[list[int]]:
        """Indices into ``collected[seat]`` per completed Investigation, from the log (in order)."""
        obs = self.obs
        groups: list[list[int]] = []
        pending: list[int] = []
        count = 0
        for e in obs.log:
            if isinstance(e, R.TokensCollected) and e.seat == seat:
                pending = list(range(count, count + len(e.values)))
                count += len(e.values)
            elif isinstance(e, R.Solved) and e.seat == seat:
                groups.append(pending)
                pending = []
        if count != len(obs.collected[seat]) or len(groups) != len(obs.solved[seat]):
            # the public log lacks the redacted copies: one token per card, the rest on the last
            n = len(obs.solved[seat])
            groups = [[] for _ in range(n)]
            for i in range(len(obs.collected[seat])):
                if n:
                    groups[min(i, n - 1)].append(i)
        return groups

    def _grid_places(self, region, count: int, dead: bool) -> list[tuple[tuple[float, float], int]]:
        """Small cards in columns, cascading down (newest lowest), squeezed to fit the region."""
        x, y, w, h = region
        cols = max(1, int((w + 6) // STEP))
        rows = max(1, (count + cols - 1) // cols)
        step = min(CASCADE, (h - SMALL[1] - 20) / max(1, rows - 1)) if rows > 1 else CASCADE
        out = []
        for k in range(count):
            col, row = k % cols, k // cols
            cx = x + w - SMALL[0] / 2 - 2 - col * STEP if not dead else x + SMALL[0] / 2 + 2 + col * STEP
            out.append(((cx, y + 20 + SMALL[1] / 2 + row * step), row * cols + col))
        return out

    # -- animation ---------------------------------------------------------------------------
    def _animate(self, previous, events: Sequence[Event], taken: dict[int, list], animate: bool) -> None:
        board = self.board
        placements = self._placements
        legs: dict = {}
        starts: dict = {}
        sounds: list[tuple[float, str]] = []
        t = 0.0
        me = self.viewer
        pal = self.scene.app.palette
        new_backs: dict[int, list] = {}
        for key in placements:
            if key[0] == "back" and board.sprite(key) is None:
                new_backs.setdefault(key[1], []).append(key)
        for keys in new_backs.values():
            keys.sort()
        in_discard = {("card", c) for c in previous.discard} if previous is not None else set()
        fa = previous.furriarty_at if previous is not None else 0
        removed = self.removed(previous) if previous is not None else 0

        def leg(key, start, duration, pos, face=None, angle=0.0, lift=14.0, terminal=True):
            legs.setdefault(key, []).append((Leg(start, duration, pos, angle, face, lift), terminal))

        def start_at(key, pos, face_up=False):
            if board.sprite(key) is None and key not in starts:
                starts[key] = (pos, face_up)

        def say(text, pos, colour, start, duration=0.9, size=17):
            if animate:
                self.callouts.add(board, text, pos, colour, start, duration, size)

        if animate:
            for e in events:
                if isinstance(e, R.TrailLaid):
                    for i, (key, _slot) in enumerate(self.trail_items()):
                        start_at(key, (TRAIL_X0 - 70, TRAIL_Y))
                        leg(key, t + i * 0.05, 0.3, (0, 0))
                    sounds.append((t, "shuffle"))
                    t += 0.05 * self.trail_size() + 0.3
                elif isinstance(e, R.TurnStarted):
                    t += 0.05
                elif isinstance(e, R.InvestigationDrawn):
                    key = ("card", e.card) if e.card is not None else ("stand", e.seat)
                    start_at(key, DECK_POS)
                    leg(key, t, 0.35, (0, 0))
                    sounds.append((t, "slide"))
                    t += 0.4
                elif isinstance(e, R.NoInvestigation):
                    say("No card left for a new Investigation", self.stand_pos(e.seat), pal.bad, t)
                    t += 0.5
                elif isinstance(e, R.Investigated):
                    key = ("card", e.card)
                    start_at(key, DECK_POS if e.seeding else self.hand_anchor(e.seat))
                    ask = self.ask_pos(e.seat)
                    leg(key, t, 0.3, ask, True, 8.0, terminal=False)
                    sounds.append((t + 0.3, "flip"))
                    hold = 0.25 if e.seeding else 0.55
                    say("Lead" if e.lead else "Dead End", (ask[0], ask[1] - 58), pal.good if e.lead else pal.bad,
                        t + 0.3, hold + 0.25)
                    leg(key, t + 0.3 + hold, 0.3, (0, 0))
                    sounds.append((t + 0.3 + hold, "slide"))
                    t += 0.65 + hold
                elif isinstance(e, R.Drew):
                    if e.cards is not None:
                        for i, card in enumerate(e.cards):
                            start_at(("card", card), DECK_POS)
                            leg(("card", card), t + i * 0.08, 0.35, (0, 0))
                    else:
                        for i in range(e.count):
                            if new_backs.get(e.seat):
                                key = new_backs[e.seat].pop(0)
                                start_at(key, DECK_POS)
                                leg(key, t + i * 0.08, 0.35, (0, 0))
                    if e.count:
                        sounds.append((t, "slide"))
                    t += 0.3 + 0.08 * e.count
                elif isinstance(e, R.Passed):
                    src = self.hand_anchor(e.seat)
                    dst = self.hand_anchor(e.to)
                    if e.cards is not None and me == e.seat:
                        for card in e.cards:
                            leg(("card", card), t, 0.45, dst, False, terminal=False)
                    elif e.cards is not None and me == e.to:
                        for card in e.cards:
                            start_at(("card", card), src)
                            leg(("card", card), t, 0.45, (0, 0), True)
                    for _ in range(e.count):
                        if new_backs.get(e.to):
                            key = new_backs[e.to].pop(0)
                            start_at(key, src)
                            leg(key, t, 0.45, (0, 0))
                    sounds.append((t, "slide"))
                    t += 0.5
                elif isinstance(e, R.Guessed):
                    pos = self.stand_pos(e.seat)
                    pos = (pos[0], max(66.0, pos[1] - 66))
                    text = ("Paws! " if e.paws else "") + guess_words(self.cards, e.suspect, e.hour) + "?"
                    say(text, pos, pal.ink, t, 0.65)
                    say("Right!" if e.correct else "Wrong", pos, pal.good if e.correct else pal.bad, t + 0.65, 0.7, 20)
                    sounds.append((t, "click"))
                    sounds.append((t + 0.65, "flip" if e.correct else "tick"))
                    t += 1.3
                elif isinstance(e, R.TokensCollected):
                    keys = taken.get(e.seat, [])
                    for i, key in enumerate(keys):
                        leg(key, t + i * 0.15, 0.6, (0, 0), lift=40.0)
                    fa -= len(e.values) - (1 if e.furriarty else 0)
                    removed += len(e.values) - (1 if e.furriarty else 0)
                    sounds.append((t, "slide"))
                    t += 0.7 + 0.15 * len(keys)
                elif isinstance(e, R.Solved):
                    key = ("card", e.card)
                    if me == e.seat:
                        sx, sy = self.stand_pos(e.seat)
                        leg(key, t, 0.3, (sx, sy - 20), True, terminal=False)
                        say(f"It was {self.cards.card_name(e.card)}!", (sx, sy - 84), pal.good, t + 0.3, 0.9)
                        sounds.append((t, "flip"))
                        t += 0.9
                    leg(key, t, 0.4, (0, 0), True)
                    t += 0.45
                elif isinstance(e, R.Discarded):
                    for i, card in enumerate(e.cards):
                        leg(("card", card), t + i * 0.05, 0.35, DISCARD_POS, True)
                        in_discard.add(("card", card))
                    sounds.append((t, "slide"))
                    t += 0.4 + 0.05 * len(e.cards)
                elif isinstance(e, R.Reshuffled):
                    for key in in_discard:
                        leg(key, t, 0.4, DECK_POS, False, terminal=False)
                    in_discard = set()
                    sounds.append((t, "shuffle"))
                    say("Discard pile shuffled into a new deck", (DECK_POS[0] - 40, DECK_POS[1] + 48), pal.ink, t)
                    t += 0.6
                elif isinstance(e, R.FurriartyMoved):
                    leg(("furr",), t, 0.6, (0, 0), lift=42.0)
                    passed = ("paw", removed + fa)
                    leg(passed, t, 0.6, (0, 0), True, lift=0.0)
                    fa += 1
                    sounds.append((t, "tick"))
                    sounds.append((t + 0.4, "flip"))
                    fx, fy = self.slot_pos(removed + fa)
                    say(f"Furriarty reveals a {e.revealed}" if e.revealed else "Furriarty moves", (fx, fy + 44),
                        pal.bad, t + 0.5, 0.9)
                    t += 1.0
                    if e.last_round:
                        say("Last round: catch him now!", ((TRAIL_X0 + TRAIL_X1) / 2, TRAIL_Y + 44), pal.bad, t, 1.2, 20)
                        t += 0.8
                elif isinstance(e, R.GameOver):
                    text = "Furriarty is caught!" if e.caught else "Furriarty escapes London!"
                    say(text, ((TRAIL_X0 + TRAIL_X1) / 2, TRAIL_Y + 44), pal.good if e.caught else pal.bad, t, 1.4, 22)
                    t += 1.0
        for when, name in sounds:
            at_time(board, when, lambda n=name: self.scene.app.sound.play(n), skip_if_rushed=True)
        self._apply(placements, legs, starts, animate)

    def _apply(self, placements: dict, legs: dict, starts: dict, animate: bool) -> None:
        board = self.board
        for key in list(board.by_key):
            if key not in placements:
                if animate and key in legs:
                    sprite = board.by_key[key]
                    run_path(board, sprite, [leg for leg, _ in legs[key]], done=lambda k=key: self._drop_sprite(k),
                             layer_while_moving=300)
                else:
                    board.remove(key)
        for key, (pos, angle, size, front, back, face_up, layer, tip) in placements.items():
            sprite = board.sprite(key)
            fresh = sprite is None
            if sprite is None:
                start, start_up = starts.get(key, (pos, face_up)) if animate else (pos, face_up)
                sprite = board.ensure(key, size, front, back, start_up, start, layer)
                sprite.corner = size[0] / 2 if key[0] in ("paw", "furr", "got") else 8.0
            else:
                sprite.front, sprite.back, sprite.size = front, back, size
                sprite.corner = size[0] / 2 if key[0] in ("paw", "furr", "got") else 8.0
            board.set_layer(sprite, layer)
            sprite.tooltip = tip
            self._set_input(sprite)
            path = []
            for i, (leg, terminal) in enumerate(legs.get(key, [])):
                last = i == len(legs[key]) - 1
                if last and terminal:
                    leg = Leg(leg.start, leg.duration, pos, angle, face_up, leg.lift)
                path.append(leg)
            if path and (path[-1].pos != pos or path[-1].face_up != face_up):
                path.append(Leg(path[-1].end, 0.3, pos, angle, face_up))
            if not path and (sprite.pos != pos or sprite.angle != angle or sprite.face_up != face_up):
                path = [Leg(0.0, 0.35, pos, angle, face_up)]
            if path:
                scripted = key in legs
                run_path(board, sprite, path, hidden_until_start=fresh and scripted,
                         layer_while_moving=200 + layer if scripted else None)
        self._refresh_drop_areas()

    def _drop_sprite(self, key) -> None:
        if key not in self._placements:
            self.board.remove(key)

    def _set_input(self, sprite: CardSprite) -> None:
        key = sprite.key
        obs = self.obs
        sprite.draggable = False
        sprite.clickable = False
        sprite.selected = False
        if self.viewer is None or key[0] not in ("card", "stand"):
            return
        hand = obs.hand or ()
        if key[0] == "card" and key[1] in hand:
            card = key[1]
            if card == self.queued_card():
                sprite.clickable = True
                sprite.selected = True
            elif card in self.chosen:
                sprite.clickable = True
                sprite.selected = True
            else:
                sprite.draggable = self._investigate_open() or R.EndTurn() in self._legal
                sprite.clickable = sprite.draggable
                sprite.selected = self.pass_armed
        elif key == ("stand", self.viewer):
            sprite.clickable = self.queued_card() is not None

    def _relayout(self) -> None:
        """Re-place the sprites after a choice that is not yet an action (no events)."""
        if self.obs is None:
            return
        self._placements = self._layout()
        self._apply(self._placements, {}, {}, True)
        self._rebuild_widgets()

    def _refresh_drop_areas(self) -> None:
        areas = []
        if self.viewer is not None:
            sx, sy = OWN_STAND
            areas.append(DropArea((sx - 52, sy - 62, 134, 124), "stand", "Your stand",
                                  "Drop a card here to ask whether it is a Lead or a Dead End."))
            others = self.others()
            if others:
                areas.append(DropArea(self.panel_rect(others[0]), "pass", "Pass",
                                      "Drop your cards here to pass them and end your turn."))
        self.board.drop_areas = areas

    # -- input -------------------------------------------------------------------------------
    def _targets_for(self, sprite: CardSprite) -> set:
        if self.busy or sprite.key[0] != "card":
            return set()
        card = sprite.key[1]
        if card not in (self.obs.hand or ()) or card in self.chosen or card == self.queued_card():
            return set()
        targets = set()
        if self._investigate_open():
            targets.add("stand")
        if R.EndTurn() in self._legal:
            targets.add("pass")
        return targets

    def _on_drop(self, sprite: CardSprite, target) -> str | None:
        if target not in self._targets_for(sprite):
            if target == "pass":
                return "Investigate first: pass your cards only after asking about 2 of them."
            if target == "stand":
                return "You have already investigated this turn." if self.obs.turn == self.viewer else \
                    "You can only investigate on your own turn."
            return "That card cannot go there."
        if target == "stand":
            return self._choose(sprite.key[1])
        return self.scene.act(R.EndTurn())

    def _choose(self, card: int) -> str | None:
        """Pick a card for Investigate: the last card needed makes the action (first one revealed)."""
        need = self._need()
        if len(self.chosen) + 1 < need:
            self.chosen.append(card)
            self.scene.app.sound.play("click")
            self._relayout()
            return None
        cards = [*self.chosen, card]
        self.chosen = []
        return self.scene.act(R.Investigate(cards[0], tuple(cards[1:])))

    def _on_click(self, sprite: CardSprite) -> None:
        key = sprite.key
        if key == ("stand", self.viewer) or (key[0] == "card" and key[1] == self.queued_card()):
            self.reveal()
            return
        if key[0] != "card":
            return
        card = key[1]
        if card in self.chosen:
            self.chosen.remove(card)
            self._relayout()
            return
        if self._investigate_open():
            self._choose(card)
        elif R.EndTurn() in self._legal:
            self.pass_armed = not self.pass_armed
            if self.pass_armed:
                self.scene.app.toast(f"Now click {self.scene.seat_names[self.others()[0]]}'s area to pass your "
                                     "cards and end your turn.")
            self._relayout()

    def reveal(self) -> None:
        card = self.queued_card()
        if card is not None:
            self.scene.act(R.Investigate(card, ()))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.grid_hit(event.pos) if self.notes is not None and inside(GRID, event.pos) else None
        if self.widgets.handle(event):
            return True
        if self.board.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._grid_click(event.pos):
                return True
            others = self.others() if self.obs is not None else []
            if self.pass_armed and others and inside(self.panel_rect(others[0]), event.pos):
                self.pass_armed = False
                self.scene.act(R.EndTurn())
                return True
            sx, sy = OWN_STAND
            if self.queued_card() is not None and inside((sx - 40, sy - 50, 80, 100), event.pos):
                self.reveal()
                return True
            if self.pass_armed:
                self.pass_armed = False
                self._relayout()
                return True
        return False

    def take_back(self) -> None:
        self.chosen = []
        self._relayout()

    def cancel(self) -> None:
        super().cancel()
        self.chosen = []
        self.pass_armed = False
        self.pick = None
        self._relayout()

    # -- the notes grid ----------------------------------------------------------------------
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

    # -- buttons -----------------------------------------------------------------------------
    def _rebuild_widgets(self) -> None:
        self.widgets.clear()
        if self.obs is None or self.viewer is None:
            return
        legal = self._legal
        gx, gy, gw, gh = GRID
        if self.notes is not None:
            guess = paws = None
            if self.pick is not None:
                guess = R.Guess(self.pick[0], self.pick[1], False)
                paws = R.Guess(self.pick[0], self.pick[1], True)
            label = f"Guess {self._pick_text()}" if self.pick is not None else "Guess: pick in notes"
            self.widgets.add(Button((gx, gy + gh + 4, 156, 34), label=label, size=15, primary=guess in legal,
                                    enabled=guess in legal, on_click=lambda a=guess: self.scene.act(a),
                                    tooltip=self._guess_tip()))
            any_paws = any(isinstance(a, R.Guess) and a.paws for a in legal)
            self.widgets.add(Button((gx + 160, gy + gh + 4, 154, 34), label="Paws! (-1 VP)", size=15,
                                    primary=paws in legal, enabled=any_paws,
                                    on_click=lambda a=paws: self._paws(a),
                                    tooltip="Once per game, at any moment (even on another player's turn): flip your "
                                            "board and make one guess at once. Costs 1 VP at the end."))
        bx, by = 476, 618
        if self.queued_card() is not None:
            self.widgets.add(Button((bx, by, 206, 34), label="Reveal the 2nd card", primary=True, size=16,
                                    on_click=self.reveal,
                                    tooltip="Ask about the card waiting on your stand (you may call Paws first)."))
        elif R.EndTurn() in legal:
            nxt = self.scene.seat_names[self.others()[0]] if self.others() else "the next player"
            self.widgets.add(Button((bx, by, 206, 34), label=f"Pass to {nxt}, end turn", primary=True, size=15,
                                    on_click=lambda: self.scene.act(R.EndTurn()),
                                    tooltip=f"Skip your Guess: pass the cards left in your hand to {nxt} and "
                                            "draw 2. (Dragging your cards onto their area does the same.)"))
        elif self.chosen:
            self.widgets.add(Button((bx, by, 206, 34), label="Take the card back", size=15,
                                    on_click=self.take_back, tooltip="Put the chosen card back in your hand."))
        if legal:
            self.widgets.add(Button((bx, by + 40, 206, 28), label="All moves (M)", size=15,
                                    on_click=self.scene.show_moves, tooltip="Every move you may make, as a list"))

    def _paws(self, action: Action | None) -> None:
        if action is not None and action in self._legal:
            self.scene.act(action)
            return
        self.scene.app.toast("Pick what to guess in your notes first: a suspect's name, an hour, or a cell for "
                             "both; then press Paws again.")

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

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        if self.obs is None:
            return
        if not self.busy or self.shown_obs is None:
            # the printed facts (scores, notes, round) change when the animations have shown why
            self.shown_obs, self.shown_notes = self.obs, self.notes
        obs = self.shown_obs
        self._draw_trail(canvas, pal, obs)
        self._draw_deck(canvas, pal, obs)
        for seat in range(obs.players):
            self._draw_panel(canvas, pal, obs, seat)
        self._draw_hint(canvas, pal, obs)
        self._draw_grid(canvas, pal)
        self.board.draw_areas(canvas)
        self.board.draw(canvas)
        self._draw_take_marks(canvas, pal)
        self.widgets.draw(canvas, pal)
        self.callouts.draw(canvas, pal)

    def _draw_trail(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = TRAIL_BAND
        canvas.alpha_box((x, y, w, h), pal.wood_dark, 150, radius=10)
        canvas.box((x, y, w, h), pal.brass_dark, radius=10, width=1.5)
        # the left end: where tokens are collected
        canvas.box((x + 6, y + 6, 86, h - 12), pal.brass, radius=8)
        canvas.text("START", (x + 49, y + 20), 16, pal.ink, "center", bold=True)
        canvas.text("tokens are", (x + 49, y + 38), 13, pal.ink, "center")
        canvas.text("taken here", (x + 49, y + 52), 13, pal.ink, "center")
        canvas.polygon([(x + 92, TRAIL_Y - 9), (x + 104, TRAIL_Y), (x + 92, TRAIL_Y + 9)], pal.brass)
        canvas.line((TRAIL_X0 - 10, TRAIL_Y), (TRAIL_X1 + 10, TRAIL_Y), pal.brass_dark, 3)
        size = self.trail_size()
        items = self.trail_items(obs)
        first = items[0][1] if items else size
        for slot in range(size):
            px, py = self.slot_pos(slot)
            if slot < first:
                canvas.circle((px, py), 15, mix(pal.felt_dark, pal.wood_dark, 0.5))
                canvas.circle((px, py), 15, pal.brass_dark, 1)
            else:
                canvas.circle((px, py), 19, pal.brass_dark, 1)
        # the right end: escape
        ex = TRAIL_X1 + 26
        canvas.polygon([(ex - 6, TRAIL_Y - 11), (ex + 8, TRAIL_Y), (ex - 6, TRAIL_Y + 11)], pal.bad)
        canvas.text("ESCAPE", (ex + 4, y + h - 4), 13, pal.bad, "bottomright", bold=True)
        if items:
            fx, _ = self.slot_pos(first)
            canvas.text("next", (fx, y + 2), 13, pal.highlight, "midtop", bold=True)
        words = f"Round {obs.round}"
        if obs.last_round:
            words += ": LAST ROUND, Furriarty escapes when it ends!"
        else:
            words += f". Furriarty steps right after {self.scene.seat_names[obs.players - 1]}'s turn."
        canvas.text(words, (TRAIL_X0 - 14, y + h - 3), 13, pal.bad if obs.last_round else pal.paper_dark,
                    "bottomleft", bold=obs.last_round)

    def _draw_take_marks(self, canvas: Canvas, pal: Palette) -> None:
        keys = self.would_take()
        if not keys:
            return
        for key in keys:
            sprite = self.board.sprite(key)
            if sprite is None:
                continue
            x, y = sprite.pos
            canvas.circle((x, y), 22, pal.highlight, 3)
        sprite = self.board.sprite(keys[-1])
        if sprite is not None:
            canvas.text("if right", (sprite.pos[0] + 26, sprite.pos[1] - 20), 13, pal.highlight, "midleft",
                        bold=True)

    def _draw_deck(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y = DECK_POS
        w, h = SMALL
        face = self.back_face(SMALL)
        back = canvas.painted(face.key, SMALL, face.paint)
        for i in range(min(4, (obs.deck_size + 9) // 10)):
            canvas.blit(back, (x - w / 2 - i * 1.2, y - h / 2 - i * 1.2))
        if obs.deck_size == 0:
            canvas.box((x - w / 2, y - h / 2, w, h), pal.paper_dark, radius=7, width=1.5)
        canvas.box((DISCARD_POS[0] - w / 2, DISCARD_POS[1] - h / 2, w, h), pal.paper_dark, radius=7, width=1)
        canvas.text(f"Deck {obs.deck_size}", (x, y + h / 2 + 2), 13, pal.text_light, "midtop", bold=True)
        canvas.text(f"Discard {len(obs.discard)}", (DISCARD_POS[0], y + h / 2 + 2), 13, pal.text_light, "midtop",
                    bold=True)

    def _score_text(self, obs, seat: int) -> str:
        values = obs.collected[seat]
        known = sum(v for v in values if v is not None)
        hidden = sum(1 for v in values if v is None)
        paws = self.cards.paws_cost if obs.paws_used[seat] else 0
        text = f"{known - paws} VP"
        if hidden:
            text += f" +{hidden}?"
        return text

    def _draw_panel(self, canvas: Canvas, pal: Palette, obs, seat: int) -> None:
        x, y, w, h = self.panel_rect(seat)
        own = seat == self.home
        turn = seat == obs.turn and obs.outcome is None
        canvas.alpha_box((x, y, w, h), pal.felt_dark, 110, radius=10)
        canvas.box((x, y, w, h), pal.highlight if turn else pal.felt_light, radius=10, width=2.5 if turn else 1)
        hx, hy, hw = x, y, (w if not own else 674)
        canvas.box((hx + 2, hy + 2, hw - 4, 22), pal.brass_dark if turn else pal.wood, radius=8)
        name = self.scene.seat_names[seat]
        label = name + (" (you)" if seat == self.viewer and name.lower() != "you" else "")
        if turn:
            label += "  - turn"
        canvas.text(label, (hx + 10, hy + 13), 15, pal.highlight if turn else pal.text_light, "midleft", bold=True)
        right = hx + hw - 8
        # the Paws board: the paw side up until flipped
        used = obs.paws_used[seat]
        bw = 64
        canvas.box((right - bw, hy + 5, bw, 16), pal.paper_dark if not used else pal.ink_soft, radius=4)
        if not used:
            draw_paw(canvas, (right - bw + 10, hy + 13), 12, pal.wood)
        canvas.text("Paws used" if used else "Paws", (right - bw / 2 + (0 if used else 6), hy + 13), 13,
                    pal.paper if used else pal.ink, "center", bold=True)
        score = self._score_text(obs, seat)
        if seat == self.viewer:
            values = obs.collected[seat]
            total = sum(v for v in values if v is not None) - (self.cards.paws_cost if used else 0)
            score = f"{total} VP"
        canvas.text(score, (right - bw - 10, hy + 13), 15, pal.text_light, "midright", bold=True)
        # the stand and the sides
        sx, sy = self.stand_pos(seat)
        canvas.box((sx - 40, sy + CARD[1] / 2 - 4, 80, 10), pal.wood, radius=3)
        canvas.box((sx - 40, sy + CARD[1] / 2 - 4, 80, 10), pal.wood_dark, radius=3, width=1)
        if not obs.has_investigation[seat]:
            canvas.box((sx - CARD[0] / 2, sy - CARD[1] / 2, CARD[0], CARD[1]), pal.paper_dark, radius=7, width=1)
            canvas.text("none", (sx, sy), 13, pal.paper_dark, "center")
        for dead in (False, True):
            rx, ry, rw, rh = self.lead_region(seat, dead)
            colour = pal.bad if dead else pal.good
            ix = rx + 10 if not dead else rx + rw - 10
            if dead:
                draw_fishbone(canvas, (ix, ry + 9), 16, colour)
                canvas.text("Dead Ends", (ix - 12, ry + 9), 13, pal.paper_dark, "midright", bold=True)
            else:
                draw_pipe(canvas, (ix, ry + 9), 16, colour)
                canvas.text("Leads", (ix + 12, ry + 9), 13, pal.paper_dark, "midleft", bold=True)
        if own:
            canvas.text("Completed", (OWN_SOLVED[0] + 6, OWN_SOLVED[1] + 2), 13, pal.paper_dark, bold=True)
            if seat == self.viewer:
                canvas.text("Your Investigation", (sx, sy - CARD[1] / 2 - 3), 13, pal.paper_dark, "midbottom",
                            bold=True)
        elif obs.solved[seat] == () and not obs.collected[seat]:
            sx0, sy0, _, sh = self.solved_region(seat)
            canvas.text("no completed Investigation yet", (sx0 + 6, sy0 + sh / 2), 13, pal.paper_dark, "midleft")
        if not own:
            ax, ay = self.hand_anchor(seat)
            if obs.hand_sizes[seat] == 0:
                canvas.text("no cards in hand", (ax, ay), 13, pal.paper_dark, "center")

    def _draw_hint(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = HINT_BOX
        canvas.alpha_box((x, y, w, h), pal.panel, 120, radius=8)
        if self.viewer is None:
            text = ("Hands and notes are hidden until the next player is at the screen."
                    if self.scene.session.human_seats else "Only bots play: hands and notes stay hidden.")
            canvas.paragraph(text, (x + 8, y + 8, w - 16, h - 16), 14, pal.paper_dark)
            return
        canvas.paragraph(self._hint_text(), (x + 8, y + 7, w - 16, h - 12), 14, pal.text_light)

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
            colour = self.suspect_colour(pal, s)
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

    def draw_results_extra(self, canvas: Canvas, rect) -> None:
        """The final trail and every inspector's cases, tokens, score and award."""
        pal = self.scene.app.palette
        obs = self.obs
        if obs is None:
            return
        x, y, w, h = rect
        canvas.box(rect, mix(pal.paper, pal.paper_dark, 0.5), radius=6)
        # the trail as it ended
        canvas.text("Trail:", (x + 8, y + 14), 14, pal.ink_soft, "midleft", bold=True)
        items = self.trail_items()
        tx = x + 56
        if not items:
            canvas.text("empty", (tx, y + 14), 14, pal.ink_soft, "midleft")
        for i, (key, _slot) in enumerate(items):
            cx = tx + i * 22
            if key == ("furr",):
                canvas.circle((cx, y + 14), 9, pal.ink)
                canvas.text("F", (cx, y + 14), 13, pal.warn, "center", bold=True)
            else:
                value = obs.trail[key[1] - self.removed()]
                canvas.circle((cx, y + 14), 9, pal.paper if value is not None else pal.wood)
                canvas.circle((cx, y + 14), 9, pal.brass_dark, 1)
                if value is not None:
                    canvas.text(str(value), (cx, y + 14), 13, pal.ink, "center", bold=True)
        caught = obs.caught_furriarty
        outcome = obs.outcome
        status = "Furriarty caught" if caught is not None else "Furriarty escaped"
        canvas.text(status, (x + w - 8, y + 14), 14, pal.good if caught is not None else pal.bad, "midright",
                    bold=True)
        # the inspectors
        n = obs.players
        cw = (w - 16) / n
        awards = outcome.awards if outcome is not None else {}
        scores = outcome.scores if outcome is not None else [0] * n
        for s in range(n):
            cx = x + 8 + s * cw
            cy = y + 32
            canvas.text(self.scene.seat_names[s], (cx + 4, cy), 14, pal.ink, bold=True)
            canvas.text(f"{scores[s]:g} VP", (cx + cw - 8, cy), 14, pal.ink, "topright", bold=True)
            for title, seats in awards.items():
                if s in seats:
                    colour = pal.good if title == R.CHIEF else pal.bad
                    canvas.box((cx + 2, cy + 18, cw - 8, 18), colour, radius=4)
                    canvas.text(title, (cx + cw / 2 - 3, cy + 27), 13, pal.paper, "center", bold=True)
            canvas.text(f"{len(obs.solved[s])} case(s)" + (", Paws" if obs.paws_used[s] else ""),
                        (cx + 4, cy + 40), 13, pal.ink_soft)
            for j, value in enumerate(obs.collected[s][:8]):
                px = cx + 12 + j * 20
                fur = caught == s and j == len(obs.collected[s]) - 1
                canvas.circle((px, cy + 68), 8, pal.ink if fur else (pal.paper if value is not None else pal.wood))
                canvas.circle((px, cy + 68), 8, pal.brass_dark, 1)
                label = "F" if fur else (str(value) if value is not None else "")
                canvas.text(label, (px, cy + 68), 13, pal.warn if fur else pal.ink, "center", bold=True)


TABLE = PurrrlockTable
