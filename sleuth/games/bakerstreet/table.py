"""The Bakerstreet table: five evidence stacks in a circle, detective piles, bids, disputes, letters.

The viewer sits at the bottom, the opponent at the top (in the public view of a handoff seat 0 is
at the bottom and both hands are face down). Play a card by dragging it from your hand next to
an evidence stack (or click the card, then the stack); bid with the bid control on the right
(- / + / quick amounts, only legal bids); dispute with the Dispute button. The dispute's winner
clicks a stack to evaluate; the evaluation's winner picks a letter from the picker. Every move is
also in the moves list (M).

Everything is drawn from the viewer's observation and the viewer's own event log: the log is
replayed into a small model of where every detective card lies (each card a token with a stable
sprite key), which is how cards travel hand -> pile -> evaluation tray -> used pile -> shuffled
back, and how the memory aid (``show_covered_cards``) knows the covered cards: the viewer saw
every one of them played.

``risky()``: Bakerstreet has no move that loses the game on the spot. The game ends only when a
player takes the letter that completes 7 in a row, and nothing the viewer can know tells that a
move hands the opponent that letter (their letters are face down). So it never warns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from sleuth.core.values import Action, Event
from sleuth.games.bakerstreet import rules as R
from sleuth.ui.board import CardSprite, Face
from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.cardart import card_back, card_face, draw_icon
from sleuth.ui.tableview import TableView
from sleuth.ui.theme import Palette, mix
from sleuth.ui.timeline import call_at, run_path
from sleuth.ui.tween import Tween, lerp
from sleuth.ui.widgets import Button, Widget, Widgets, inside
from sleuth.ui.words import possessive, says
from sleuth.ui.zones import DropArea, ring

CARD = (60, 86)
GHOST = (40, 56)
EV = (50, 70)
CENTRE = (268, 376)
RADIUS = 138
PANEL = (520, 172, 478, 396)
TOP_Y = 124  # card centre of the top (opponent) band
BOTTOM_Y = 660  # card centre of the bottom (viewer) band
DECK_X, USED_X, HAND_X = 48, 122, 300
HAND_STEP = 72
LETTERS_X = 430
FAN_MAX = 40  # how far the memory-aid fan of covered cards may reach below the top card
SYMBOL_WORD = {"stop": "STOP", "double": "x2", "arrow": "ARROW"}
SYMBOL_LONG = {
    "stop": "Stop: counted, then the evaluation ends (cards below stay).",
    "double": "x2: doubles its owner's total in the evaluation (once).",
    "arrow": "Arrow: the next stack clockwise is evaluated too.",
}


@dataclass
class Token:
    """One detective card as far as the viewer knows it (value None: never seen face up)."""

    id: int
    owner: int
    value: int | None = None
    symbol: str | None = None


@dataclass
class Model:
    """Where every detective card lies, replayed from the viewer's event log."""

    stacks: int = 5
    hands: list[list[Token]] = field(default_factory=lambda: [[], []])
    piles: list[list[Token]] = field(default_factory=list)
    used: list[list[Token]] = field(default_factory=lambda: [[], []])
    looked: dict[int, tuple[int, tuple[str, ...]]] = field(default_factory=dict)  # stack -> (round, letters)
    round: int = 0
    next_id: int = 0


@dataclass
class Show:
    """Something the side panel shows from timeline second ``t`` on (t < 0: already shown)."""

    kind: str  # round, dispute, eval
    t: float
    event: Event | None = None
    times: tuple[float, ...] = ()  # eval: when each counted card arrives
    end: float = 0.0  # eval: when the count is complete
    origin: str = ""


class LetterTile(Widget):
    """One evidence card of the looked-through stack in the letter picker."""

    def __init__(self, rect: Rect, letter: str, note: str, on_click, enabled: bool, tooltip: str) -> None:
        super().__init__(rect, tooltip=tooltip, enabled=enabled)
        self.letter = letter
        self.note = note
        self.on_click = on_click

    def click(self, pos):
        if self.enabled:
            self.on_click()
            return True
        return False

    def key(self, key, text=""):
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.click((0, 0))
        return False

    def draw(self, canvas, pal, focused):
        x, y, w, h = self.rect
        face = pal.paper if self.enabled else mix(pal.paper, pal.panel, 0.55)
        if self.enabled and (self.hovered or focused):
            face = mix(face, (255, 255, 255), 0.25)
        canvas.shadow(self.rect, radius=7, spread=3, alpha=70, offset=(2, 3))
        canvas.box(self.rect, face, radius=7)
        canvas.box(self.rect, pal.brass_dark if self.enabled else pal.ink_soft, radius=7, width=3 if focused else 1.5)
        canvas.text(self.letter, (x + w / 2, y + h * 0.4), h * 0.5, pal.ink if self.enabled else pal.ink_soft,
                    "center", bold=True)
        canvas.text(self.note, (x + w / 2, y + h - 11), 13, pal.ink_soft if not self.enabled else pal.brass_dark,
                    "center", bold=self.enabled)
        if not self.enabled:
            canvas.line((x + 8, y + h * 0.4), (x + w - 8, y + h * 0.4), pal.ink_soft, 2)


def longest_run_of(letters: Sequence[str], alphabet: Sequence[str]) -> tuple[int, int]:
    """(length, start index) of the longest run of held letters in alphabet order."""
    held = set(letters)
    best, best_start, run, start = 0, 0, 0, 0
    for i, letter in enumerate(alphabet):
        if letter in held:
            if run == 0:
                start = i
            run += 1
            if run > best:
                best, best_start = run, start
        else:
            run = 0
    return best, best_start


def cap(text: str) -> str:
    """Capitalise the first letter only (``your`` -> ``Your``; names keep their own case)."""
    return text[:1].upper() + text[1:]


def card_text(value: int | None, symbol: str | None) -> str:
    if value is None:
        return "a card"
    return f"{value}" if symbol in (None, "none") else f"{value} {SYMBOL_WORD[symbol]}"


class BakerstreetTable(TableView):
    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.widgets = Widgets()
        self.model = Model()
        self.shows: list[Show] = []
        self.anim_t = 0.0  # seconds into the current sync's timeline (unscaled)
        self.anim_end = 0.0
        self.bid_value: int | None = None
        self.selected: int | None = None  # token id of a hand card clicked (click-then-stack)
        self.took: list[tuple[int, int, str | None]] = []  # (round, seat, letter) for the story
        self.evals: list[R.Evaluated] = []
        self.disputes: list[R.Disputed] = []
        self._was_busy = False
        self._memory = scene.app.settings.show_covered_cards

    # -- who sits where ---------------------------------------------------------------------
    @property
    def bottom(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def band_y(self, seat: int) -> float:
        return BOTTOM_Y if seat == self.bottom else TOP_Y

    def name(self, seat: int) -> str:
        return self.scene.seat_names[seat]

    def stack_centre(self, i: int) -> tuple[float, float]:
        return ring(CENTRE, RADIUS, self.model.stacks)[i]

    def evidence_pos(self, i: int) -> tuple[float, float]:
        x, y = self.stack_centre(i)
        return (x - 34, y)

    def pile_pos(self, i: int) -> tuple[float, float]:
        x, y = self.stack_centre(i)
        return (x + 36, y - 8)

    def stack_rect(self, i: int) -> Rect:
        x, y = self.stack_centre(i)
        return (x - 66, y - 58, 140, 118)

    def deck_pos(self, seat: int) -> tuple[float, float]:
        return (DECK_X, self.band_y(seat))

    def used_pos(self, seat: int, depth: int = 0) -> tuple[float, float]:
        d = min(depth, 6) * 0.5
        return (USED_X - d * 0.3, self.band_y(seat) - d)

    def hand_pos(self, seat: int, index: int, count: int) -> tuple[float, float]:
        return (HAND_X + (index - (count - 1) / 2) * HAND_STEP, self.band_y(seat))

    def tray_pos(self, owner: int, index: int, count: int) -> tuple[float, float]:
        x, y, w, h = PANEL
        col = x + w * (0.27 if owner == self.bottom else 0.73)
        step = min(22.0, (h - 260) / max(1, count - 1))
        return (col, y + 112 + index * step)

    def letters_pos(self, seat: int) -> tuple[float, float]:
        return (LETTERS_X + 40, self.band_y(seat))

    def covered_pos(self, stack: int, depth: int, count: int) -> tuple[float, float]:
        """Where the card ``depth`` below the top lies (the fan is the memory aid; else squared)."""
        x, y = self.pile_pos(stack)
        if not self.scene.app.settings.show_covered_cards or depth == 0:
            return (x, y)
        step = min(12.0, FAN_MAX / max(1, count - 1))
        return (x + depth * 1.0, y + depth * step)

    # -- faces ------------------------------------------------------------------------------
    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        pal = self.scene.app.palette
        return pal.seats[seat % len(pal.seats)]

    def back_style(self, seat: int) -> str:
        return ("stripes", "dots")[seat % 2]

    def detective_face(self, owner: int, value: int, symbol: str, size=CARD) -> Face:
        pal = self.scene.app.palette
        colour = self.seat_colour(owner)
        w, h = size
        style = self.back_style(owner)

        def paint(c: Canvas) -> None:
            card_face(c, w, h, pal, colour)
            band = h * 0.12
            c.box((3, 3, w - 6, band), colour, radius=4)
            light = mix(colour, pal.paper, 0.55)
            if style == "stripes":
                for i in range(1, int((w - 6) // 7)):
                    c.line((3 + i * 7, 4), (3 + i * 7 - 4, 2 + band), light, 1)
            else:
                for i in range(1, int((w - 6) // 8)):
                    c.circle((3 + i * 8, 3 + band / 2), 1.4, light)
            small = max(11.0, h * 0.17)
            c.text(str(value), (7, band + 4), small, pal.ink, bold=True)
            if symbol == "none":
                c.text(str(value), (w / 2, h * 0.56), h * 0.5, pal.ink, "center", bold=True)
            else:
                c.text(str(value), (w / 2 + w * 0.12, h * 0.38), h * 0.34, pal.ink, "center", bold=True)
                draw_icon(c, symbol, (w / 2, h * 0.66), h * 0.26, self.symbol_colour(symbol))
                c.text(SYMBOL_WORD[symbol], (w / 2, h - 5), max(10.0, h * 0.13), pal.ink, "midbottom", bold=True)
            # the bottom-left corner stays readable when the card lies fanned under another
            c.text(str(value), (6, h - 4), small, pal.ink, "bottomleft", bold=True)

        return Face(("bs-det", owner, value, symbol, size, colour, pal.seats), paint)

    def symbol_colour(self, symbol: str) -> tuple[int, int, int]:
        pal = self.scene.app.palette
        return {"stop": pal.bad, "double": pal.brass_dark, "arrow": pal.accents[2]}.get(symbol, pal.ink)

    def detective_back(self, owner: int, size=CARD) -> Face:
        pal = self.scene.app.palette
        w, h = size
        colour = mix(self.seat_colour(owner), pal.wood_dark, 0.25)
        style = self.back_style(owner)
        return Face(("bs-back", owner, size, colour), lambda c: card_back(c, w, h, pal, style, colour))

    def evidence_back(self, size=EV) -> Face:
        pal = self.scene.app.palette
        w, h = size
        return Face(("bs-ev-back", size, pal.wood), lambda c: card_back(c, w, h, pal, "rings", pal.wood))

    def evidence_face(self, letter: str, size=EV) -> Face:
        pal = self.scene.app.palette
        w, h = size

        def paint(c: Canvas) -> None:
            card_face(c, w, h, pal)
            c.text(letter, (w / 2, h / 2), h * 0.55, pal.ink, "center", bold=True)

        return Face(("bs-ev", letter, size), paint)

    def token_face(self, tok: Token, size=CARD) -> Face:
        if tok.value is None:
            return self.detective_back(tok.owner, size)
        return self.detective_face(tok.owner, tok.value, tok.symbol or "none", size)

    # -- the model: replaying the log -------------------------------------------------------
    def _replay(self, log: Sequence[Event], new_from: int) -> None:
        """Rebuild the model; events from ``new_from`` on get timeline times and keyframes."""
        self.model = Model()
        self.shows = []
        self.took = []
        self.evals = []
        self.disputes: list[R.Disputed] = []
        self.keys: dict[int, list] = {}  # token id -> [(t, duration, pos, face_up)]
        self.start_at: dict[int, tuple[tuple[float, float], bool]] = {}
        self.gone: dict[int, Token] = {}
        self.flights: list[tuple[float, int, int, str | None]] = []  # (t, seat, stack, letter)
        self.sounds: list[tuple[float, str]] = []
        self._live = False
        t = 0.0
        for index, e in enumerate(log):
            live = index >= new_from
            t0 = t if live else -1.0
            self._live = live
            took = self._apply_event(e, t0, live)
            if live:
                t += took
        self.timeline_end = t
        self._reconcile_hands()

    def _reconcile_hands(self) -> None:
        """The public log holds no draws: hand cards nobody may see are made up to the observed counts."""
        obs = self.obs
        m = self.model
        for seat in range(2):
            hand = m.hands[seat]
            while len(hand) < obs.hand_sizes[seat]:
                hand.append(Token(m.next_id, seat))
                m.next_id += 1
            while len(hand) > obs.hand_sizes[seat]:
                hand.pop(0)

    def _key(self, tok: Token, t: float, pos: tuple[float, float], dur: float = 0.35,
             face_up: bool | None = None) -> None:
        if not self._live:
            return
        frames = self.keys.setdefault(tok.id, [])
        if frames:
            _, _, last, last_up = frames[-1]
            if abs(last[0] - pos[0]) + abs(last[1] - pos[1]) < 0.5 and face_up in (None, last_up):
                return  # already on its way there
        frames.append((t, dur, pos, face_up))

    def _sound(self, item: tuple[float, str]) -> None:
        if self._live:
            self.sounds.append(item)

    def _settle_hand(self, seat: int, t: float) -> None:
        hand = self.model.hands[seat]
        for i, tok in enumerate(hand):
            self._key(tok, t, self.hand_pos(seat, i, len(hand)), 0.3)

    def _settle_pile(self, stack: int, t: float) -> None:
        pile = self.model.piles[stack]
        for depth, tok in enumerate(reversed(pile)):
            self._key(tok, t, self.covered_pos(stack, depth, len(pile)), 0.3, True)

    def _apply_event(self, e: Event, t: float, live: bool) -> float:
        """Change the model for one event; returns the time the event takes on the timeline."""
        m = self.model
        if isinstance(e, R.Dealt):
            m.stacks = len(e.sizes)
            m.piles = [[] for _ in e.sizes]
            self._sound((t, "shuffle"))
            return 0.4
        if isinstance(e, R.RoundStarted):
            m.round = e.round
            self.shows.append(Show("round", t, e))
            return 0.2
        if isinstance(e, R.Drew):
            tok = Token(m.next_id, e.seat, e.value, e.symbol)
            m.next_id += 1
            m.hands[e.seat].append(tok)
            if t >= 0:
                self.start_at[tok.id] = (self.deck_pos(e.seat), False)
                self._settle_hand(e.seat, t)
                self.keys[tok.id][-1] = (t, 0.35, self.keys[tok.id][-1][2], e.seat == self.viewer)
                self._sound((t, "slide"))
            return 0.14
        if isinstance(e, R.Reshuffled):
            for tok in m.used[e.seat]:
                self._key(tok, t, self.deck_pos(e.seat), 0.4, False)
                if t >= 0:
                    self.gone[tok.id] = tok
            m.used[e.seat] = []
            self._sound((t, "shuffle"))
            return 0.7
        if isinstance(e, R.Played):
            hand = m.hands[e.seat]
            pick = next((k for k in hand if k.value == e.value and k.symbol == e.symbol), None)
            if pick is None:
                pick = next((k for k in hand if k.value is None), hand[0] if hand else None)
            if pick is None:  # cannot happen with a consistent log; keep the model whole
                pick = Token(m.next_id, e.seat)
                m.next_id += 1
            else:
                hand.remove(pick)
            pick.value, pick.symbol = e.value, e.symbol
            m.piles[e.stack].append(pick)
            self._key(pick, t, self.pile_pos(e.stack), 0.45, True)
            self._settle_hand(e.seat, t + 0.15)
            self._settle_pile(e.stack, t + 0.2)
            self._sound((t, "slide"))
            self._sound((t + 0.2, "flip"))
            return 0.6
        if isinstance(e, R.BidMade):
            self._sound((t, "tick"))
            return 0.45
        if isinstance(e, R.Disputed):
            self.shows.append(Show("dispute", t, e))
            self.disputes.append(e)
            for seat in range(2):
                hand = m.hands[seat]
                while len(hand) < len(e.hands[seat]):  # the public view saw no draws
                    hand.append(Token(m.next_id, seat))
                    m.next_id += 1
                for tok, (value, symbol) in zip(hand, e.hands[seat], strict=False):
                    tok.value, tok.symbol = value, symbol
                for i, tok in enumerate(hand):
                    self._key(tok, t, self.hand_pos(seat, i, len(hand)), 0.3, True)
            self._sound((t, "flip"))
            hold = 2.0
            for seat in range(2):
                for tok in m.hands[seat]:
                    m.used[seat].append(tok)
                    self._key(tok, t + hold, self.used_pos(seat, len(m.used[seat])), 0.4, True)
                m.hands[seat] = []
            self._sound((t + hold, "slide"))
            return hold + 0.5
        if isinstance(e, R.StackChosen):
            return 0.35
        if isinstance(e, R.Evaluated):
            self.evals.append(e)
            pile = m.piles[e.stack]
            counted = [pile.pop() for _ in range(min(len(e.cards), len(pile)))]
            for tok, (owner, value, symbol) in zip(counted, e.cards, strict=False):
                tok.owner, tok.value, tok.symbol = owner, value, symbol
            per_card = 0.45
            times = []
            index = [0, 0]
            counts = [sum(1 for c in e.cards if c[0] == s) for s in range(2)]
            for i, tok in enumerate(counted):
                when = t + 0.2 + i * per_card
                times.append(when + 0.35)
                self._key(tok, when, self.tray_pos(tok.owner, index[tok.owner], counts[tok.owner]), 0.35, True)
                index[tok.owner] += 1
                self._sound((when, "tick"))
            end = t + 0.2 + len(counted) * per_card + 0.1
            origin = "arrow" if self.shows and self.shows[-1].kind == "eval" and self.shows[-1].event.arrow else ""
            if not live:
                times, end = [-1.0] * len(times), -1.0
            self.shows.append(Show("eval", t, e, tuple(times), end, origin))
            hold = 1.2
            for tok in counted:
                m.used[tok.owner].append(tok)
                self._key(tok, end + hold, self.used_pos(tok.owner, len(m.used[tok.owner])), 0.4, True)
            self._settle_pile(e.stack, end + hold)
            self._sound((end + hold, "slide"))
            return end - t + hold + 0.5
        if isinstance(e, R.Looked):
            if e.letters is not None:
                m.looked[e.stack] = (m.round, e.letters)
            return 0.25
        if isinstance(e, R.Took):
            self.took.append((m.round, e.seat, e.letter if e.taken else None))
            if e.taken:
                looked = m.looked.get(e.stack)
                if looked is not None and e.letter is not None and e.letter in looked[1]:
                    rest = list(looked[1])
                    rest.remove(e.letter)
                    m.looked[e.stack] = (looked[0], tuple(rest))
                if t >= 0:
                    self.flights.append((t, e.seat, e.stack, e.letter))
                    self._sound((t, "slide"))
                return 0.7
            return 0.3
        if isinstance(e, R.GameOver):
            return 0.0
        return 0.0

    # -- sync -------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        super().sync(obs, events, animate)
        if previous is None or previous.seat != obs.seat:
            self.board.keep_only(set())
        log = obs.log
        new_from = len(log) - len(events) if animate else len(log)
        self._replay(log, max(0, new_from))
        self._place(animate)
        self.selected = None
        self.bid_value = None
        self._rebuild_widgets()

    def _final_layout(self) -> dict[int, tuple[tuple[float, float], bool, int, Token]]:
        """token id -> (pos, face_up, layer, token) for the model's end state."""
        m = self.model
        out = {}
        for seat in range(2):
            hand = m.hands[seat]
            for i, tok in enumerate(hand):
                out[tok.id] = (self.hand_pos(seat, i, len(hand)), seat == self.viewer and tok.value is not None,
                               300 + i, tok)
            for depth, tok in enumerate(m.used[seat]):
                out[tok.id] = (self.used_pos(seat, depth + 1), True, 100 + depth, tok)
        for stack, pile in enumerate(m.piles):
            for depth, tok in enumerate(reversed(pile)):
                out[tok.id] = (self.covered_pos(stack, depth, len(pile)), True, 200 - depth, tok)
        return out

    def _place(self, animate: bool) -> None:
        board = self.board
        final = self._final_layout()
        speed = board.speed if animate else 0.0
        keep = {("det", tid) for tid in final} | {("det", tid) for tid in self.gone}
        for key in list(board.by_key):
            if key[0] == "det" and key not in keep:
                board.remove(key)
            elif key[0] == "ev":
                board.remove(key)
        all_ids = list(final) + [tid for tid in self.gone if tid not in final]
        for tid in all_ids:
            gone = self.gone.get(tid)
            pos, face_up, layer, tok = final.get(tid, (self.deck_pos(gone.owner if gone else 0), False, 50, gone))
            key = ("det", tid)
            sprite = board.sprite(key)
            front = self.token_face(tok)
            back = self.detective_back(tok.owner)
            frames = self.keys.get(tid, []) if animate else []
            if sprite is None:
                start, start_up = self.start_at.get(tid, (pos, face_up)) if frames else (pos, face_up)
                sprite = board.ensure(key, CARD, front, back, start_up, start, layer)
            else:
                sprite.front, sprite.back = front, back
            board.set_layer(sprite, layer)
            sprite.tooltip = self._card_tip(tok, tid)
            sprite.dimmed = self._covered(tok)
            if frames:
                run_path(board, sprite, frames, speed, tid in self.gone)
            else:
                board.move(sprite, pos, 0.0, duration=0.3)
                board.flip(sprite, face_up)
        # layers for cards in flight: the last to arrive lies on top
        self._flights(speed)
        self._sounds(speed if animate else 0.0, animate)
        total = self.timeline_end if animate else 0.0
        self.anim_t = 0.0 if total > 0 and speed > 0 else total
        self.anim_end = total
        if total > 0 and speed > 0:
            def progress(u: float) -> None:
                self.anim_t = u * total
            board.tweens.add(Tween(total * speed, progress, lambda u: u))
        else:
            self.anim_t = total
        self._interactivity()
        self._refresh_drop_areas()

    def _covered(self, tok: Token) -> bool:
        """A detective card under the top of its pile (drawn dimmed: shown only as a memory aid)."""
        return any(tok in pile[:-1] for pile in self.model.piles)

    def _token_by_id(self, tid: int) -> Token | None:
        m = self.model
        for zone in m.hands + m.used + m.piles:
            for tok in zone:
                if tok.id == tid:
                    return tok
        return Token(tid, 0)

    def _flights(self, speed: float) -> None:
        """Taken evidence cards fly from their stack to the taker's letters."""
        for i, (when, seat, stack, letter) in enumerate(self.flights):
            key = ("ev", i, when)
            face = self.evidence_face(letter) if letter is not None and seat == self.viewer else self.evidence_back()
            sprite = self.board.ensure(key, EV, face, self.evidence_back(), False, self.evidence_pos(stack), 500)
            target = self.letters_pos(seat)
            if letter is not None and seat == self.viewer and letter in self.obs.alphabet:
                tile_w = min(27.0, (1000 - LETTERS_X) / max(1, len(self.obs.alphabet)))
                index = self.obs.alphabet.index(letter)
                target = (LETTERS_X + index * tile_w + (tile_w - 3) / 2, self.band_y(seat) + 1)
            origin = self.evidence_pos(stack)

            def apply(u: float, s=origin, p=target, spr=sprite) -> None:
                spr.pos = (lerp(s[0], p[0], u), lerp(s[1], p[1], u) - 30 * (1 - (2 * u - 1) ** 2))

            self.board.tweens.add(Tween(0.6 * speed, apply, delay=when * speed))
            if seat == self.viewer:
                self.board.flip(sprite, True, delay=when + 0.05)
            call_at(self.board, when + 0.65, lambda k=key: self.board.remove(k), speed)

    def _sounds(self, speed: float, animate: bool) -> None:
        if not animate:
            return
        sound = self.scene.app.sound
        for when, name in self.sounds:
            call_at(self.board, when, lambda n=name: sound.play(n), speed)

    def _interactivity(self) -> None:
        may = self._may_play()
        me = self.viewer
        for key, sprite in self.board.by_key.items():
            if key[0] != "det":
                continue
            tok = self._token_by_id(key[1])
            mine = me is not None and tok is not None and any(tok is k for k in self.model.hands[me])
            sprite.draggable = mine and may
            sprite.clickable = mine and may
            sprite.selected = self.selected == key[1]

    def _may_play(self) -> bool:
        return any(isinstance(a, R.Play) for a in self.legal())

    def _refresh_drop_areas(self) -> None:
        self.board.drop_areas = [DropArea(self.stack_rect(i), ("stack", i), f"Stack {i + 1}")
                                 for i in range(self.model.stacks)]

    # -- time -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        memory = self.scene.app.settings.show_covered_cards
        if memory != self._memory and self.obs is not None and not self.busy:
            self._memory = memory
            self.sync(self.obs, (), False)  # fan the covered cards out (or square them up)
        busy = self.busy
        if self._was_busy and not busy:
            self._interactivity()
            self._rebuild_widgets()
        self._was_busy = busy

    def finish_animations(self) -> None:
        super().finish_animations()
        self.anim_t = self.anim_end
        self._interactivity()
        self._rebuild_widgets()

    # -- input ------------------------------------------------------------------------------
    def legal(self) -> list[Action]:
        return self.scene.legal_for_viewer() if not self.busy else []

    def _hand_token(self, tid: int) -> Token | None:
        me = self.viewer
        if me is None:
            return None
        return next((k for k in self.model.hands[me] if k.id == tid), None)

    def _play_for(self, tid: int, stack: int) -> R.Play | None:
        tok = self._hand_token(tid)
        if tok is None or tok.value is None:
            return None
        return R.Play(tok.value, tok.symbol or "none", stack)

    def _targets_for(self, sprite: CardSprite) -> set:
        legal = set(self.legal())
        targets = set()
        for i in range(self.model.stacks):
            action = self._play_for(sprite.key[1], i) if sprite.key[0] == "det" else None
            if action is not None and action in legal:
                targets.add(("stack", i))
        return targets

    def _on_drop(self, sprite: CardSprite, target) -> str | None:
        if not (isinstance(target, tuple) and target[0] == "stack" and sprite.key[0] == "det"):
            return "Drop the card next to an evidence stack."
        action = self._play_for(sprite.key[1], target[1])
        if action is None:
            return "Only a card from your own hand can be played."
        if action not in self.legal():
            return "You cannot play a card now."
        return self.scene.act(action)

    def _on_click(self, sprite: CardSprite) -> None:
        if sprite.key[0] == "det" and self._hand_token(sprite.key[1]) is not None:
            self.selected = None if self.selected == sprite.key[1] else sprite.key[1]
            self._interactivity()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        if self.board.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            stack = next((i for i in range(self.model.stacks) if inside(self.stack_rect(i), event.pos)), None)
            legal = self.legal()
            if stack is not None and R.Choose(stack) in legal:
                self.scene.act(R.Choose(stack))
                return True
            if stack is not None and self.selected is not None:
                action = self._play_for(self.selected, stack)
                if action is not None and action in legal:
                    self.scene.act(action)
                    return True
            if self.selected is not None:
                self.selected = None
                self._interactivity()
                return True
        return False

    def cancel(self) -> None:
        super().cancel()
        self.selected = None
        self._interactivity()

    # -- buttons ----------------------------------------------------------------------------
    def _rebuild_widgets(self) -> None:
        self.widgets.clear()
        obs = self.obs
        if obs is None:
            return
        legal = self.legal()
        if not legal:
            return
        x, y, w, h = PANEL
        bids = [a for a in legal if isinstance(a, R.Bid)]
        if bids:
            lo, hi = min(a.amount for a in bids), max(a.amount for a in bids)
            if self.bid_value is None:
                self.bid_value = self._suggested_bid(lo, hi)
            self.bid_value = max(lo, min(hi, self.bid_value))
            by = y + h - 118
            self.widgets.add(Button((x + 24, by, 46, 46), label="-", size=30, enabled=self.bid_value > lo,
                                    on_click=lambda: self._nudge(-1), tooltip="One less"))
            self.widgets.add(Button((x + 164, by, 46, 46), label="+", size=30, enabled=self.bid_value < hi,
                                    on_click=lambda: self._nudge(1), tooltip="One more"))
            quick = sorted({lo, min(hi, lo + 1), min(hi, lo + 2), min(hi, lo + 4)} if obs.bids else
                           {lo} | {max(lo, min(hi, v)) for v in (self._suggested_bid(lo, hi) - 3,
                                                                 self._suggested_bid(lo, hi),
                                                                 self._suggested_bid(lo, hi) + 3)})
            for i, value in enumerate(quick[:4]):
                self.widgets.add(Button((x + 228 + i * 60, by + 4, 54, 38), label=str(value), size=19,
                                        on_click=lambda v=value: self._set_bid(v),
                                        tooltip=f"Set the bid to {value}" + (" (the least you may bid)"
                                                                             if value == lo else "")))
            self.widgets.add(Button((x + 24, by + 58, w - 48, 46), label=f"Bid {self.bid_value}", size=24,
                                    primary=True, on_click=self._bid,
                                    tooltip="Say how high the six hand cards (yours and your opponent's) total"))
        if R.Dispute() in legal:
            last = obs.bids[-1]
            label = f"Dispute {possessive(self.name(last[0]))} {last[1]}"
            self.widgets.add(Button((x + 24, y + h - 64, w - 48, 46), label=label, size=22, primary=True,
                                    on_click=lambda: self.scene.act(R.Dispute()),
                                    tooltip=f"Claim the six hand cards total less than {last[1]}. Both hands are "
                                            "shown; the winner chooses a stack to evaluate."))
        takes = [a for a in legal if isinstance(a, R.Take)]
        if obs.phase == R.TAKE and obs.looking is not None and takes:
            self._letter_tiles(legal)
        self.widgets.add(Button((x + w - 136, y + 8, 126, 28), label="All moves (M)", size=15,
                                on_click=self.scene.show_moves, tooltip="Every move you may make, as a list"))

    def _suggested_bid(self, lo: int, hi: int) -> int:
        """The viewer's own hand plus the opponent's expected three (2.5 each), within the legal range."""
        obs = self.obs
        own = sum(v for v, _ in obs.hand or ())
        guess = round(own + 2.5 * obs.hand_sizes[1 - self.bottom])
        return max(lo, min(hi, guess if not obs.bids else lo))

    def _nudge(self, delta: int) -> None:
        self.bid_value = (self.bid_value or 0) + delta
        self._rebuild_widgets()

    def _set_bid(self, value: int) -> None:
        self.bid_value = value
        self._rebuild_widgets()

    def _bid(self) -> None:
        if self.bid_value is not None:
            self.scene.act(R.Bid(self.bid_value))

    def _letter_tiles(self, legal: list[Action]) -> None:
        obs = self.obs
        letters = obs.looking or ()
        mine = set(obs.letters or ())
        x, y, w, h = PANEL
        per_row = 4
        tw, th = 96, 74
        for i, letter in enumerate(letters):
            col, row = i % per_row, i // per_row
            rect = (x + 26 + col * (tw + 10), y + 194 + row * (th + 10), tw, th)
            allowed = R.Take(letter) in legal
            if allowed:
                run, _ = longest_run_of(sorted(mine | {letter}), obs.alphabet)
                note = f"run {run}" + (" WINS" if run >= obs.run_to_win else "")
                tip = f"Take {letter}: your longest run becomes {run} (you need {obs.run_to_win})."
            else:
                note = "yours already"
                tip = f"You already hold {letter}: a player may hold each letter only once."
            take = R.Take(letter)
            self.widgets.add(LetterTile(rect, letter, note, lambda a=take: self.scene.act(a), allowed, tip))

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        obs = self.obs
        if obs is None:
            return
        self._draw_ring(canvas, pal)
        self._draw_stacks(canvas, pal, obs)
        for seat in range(2):
            self._draw_band(canvas, pal, obs, seat)
        self._draw_panel(canvas, pal, obs)
        self.board.draw_areas(canvas)
        self.board.draw(canvas)
        self._draw_after(canvas, pal, obs)
        self._draw_arrow_chain(canvas, pal)
        if not self.busy:
            self.widgets.draw(canvas, pal)

    def _draw_ring(self, canvas: Canvas, pal: Palette) -> None:
        """A faint circle with arrowheads between the stacks: the clockwise order an Arrow follows."""

        cx, cy = CENTRE
        colour = mix(pal.felt, pal.felt_light, 0.9)
        r = RADIUS - 4
        canvas.lines(ring(CENTRE, r, 72), colour, 2, closed=True)
        n = self.model.stacks
        for i in range(n):
            a = math.radians(-90 + (i + 0.5) * 360 / n)
            px, py = cx + r * math.cos(a), cy + r * math.sin(a)
            ux, uy = -math.sin(a), math.cos(a)  # clockwise on screen
            canvas.polygon([(px + ux * 9, py + uy * 9), (px - ux * 6 - uy * 7, py - uy * 6 + ux * 7),
                            (px - ux * 6 + uy * 7, py - uy * 6 - ux * 7)], colour)
        canvas.text("clockwise", (cx, cy - 8), 14, mix(pal.felt_light, pal.text_light, 0.4), "center")
        canvas.text("(Arrow order)", (cx, cy + 10), 13, mix(pal.felt_light, pal.text_light, 0.3), "center")

    def _draw_arrow_chain(self, canvas: Canvas, pal: Palette) -> None:
        """After a count with an Arrow: a bright arc to the next stack clockwise, with words."""
        show = self._current_show()
        if show is None or show.kind != "eval" or not show.event.arrow or self.anim_t < show.end:
            return
        if self.obs.phase == R.OVER and show.event is self.evals[-1]:
            return  # the game ended on this stack's letter: the Arrow has nothing left to chain
        cx, cy = CENTRE
        n = self.model.stacks
        r = RADIUS - 4
        a0 = -90 + show.event.stack * 360 / n + 10
        a1 = -90 + (show.event.stack + 1) * 360 / n - 14
        arc = [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * k / 16)),
                cy + r * math.sin(math.radians(a0 + (a1 - a0) * k / 16))) for k in range(17)]
        canvas.lines(arc, pal.shadow, 9)
        canvas.lines(arc, pal.highlight, 5)
        a = math.radians(a1)
        px, py = cx + r * math.cos(a), cy + r * math.sin(a)
        ux, uy = -math.sin(a), math.cos(a)
        canvas.polygon([(px + ux * 16, py + uy * 16), (px - ux * 4 - uy * 12, py - uy * 4 + ux * 12),
                        (px - ux * 4 + uy * 12, py - uy * 4 - ux * 12)], pal.highlight)
        mx, my = cx, cy + 34
        label = f"ARROW: on to stack {(show.event.stack + 1) % n + 1}"
        tw = canvas.text_size(label, 14, True)[0] + 12
        canvas.box((mx - tw / 2, my - 11, tw, 22), pal.wood_dark, radius=6)
        canvas.box((mx - tw / 2, my - 11, tw, 22), pal.highlight, radius=6, width=1.5)
        canvas.text(label, (mx, my), 14, pal.highlight, "center", bold=True)

    def _stack_state(self, obs, i: int) -> str:
        if obs.phase == R.CHOOSE and obs.dispute_winner == self.viewer and not self.busy:
            return "choose"
        current = self._current_show()
        if current is not None and current.kind == "eval" and current.event.stack == i:
            return "eval"
        if obs.stack == i and not self.busy:
            return "eval"
        return ""

    def _draw_stacks(self, canvas: Canvas, pal: Palette, obs) -> None:
        back = self.evidence_back()
        surf = canvas.painted(back.key, EV, back.paint)
        for i in range(self.model.stacks):
            rx, ry, rw, rh = self.stack_rect(i)
            state = self._stack_state(obs, i)
            fill = pal.felt_dark
            canvas.alpha_box((rx, ry, rw, rh), fill, 120, radius=10)
            if state == "choose":
                canvas.box((rx, ry, rw, rh), pal.highlight, radius=10, width=3)
            elif state == "eval":
                canvas.box((rx - 3, ry - 3, rw + 6, rh + 6), pal.brass, radius=12, width=4)
            else:
                canvas.box((rx, ry, rw, rh), pal.felt_light, radius=10, width=1)
            ex, ey = self.evidence_pos(i)
            size = obs.evidence_sizes[i] if i < len(obs.evidence_sizes) else 0
            for k in range(min(5, size)):
                canvas.blit(surf, (ex - EV[0] / 2 - k * 1.2, ey - EV[1] / 2 - k * 1.2))
            if size == 0:
                canvas.box((ex - EV[0] / 2, ey - EV[1] / 2, EV[0], EV[1]), pal.paper_dark, radius=7, width=1.5)
            canvas.circle((rx + 14, ry + 14), 12, pal.brass)
            canvas.circle((rx + 14, ry + 14), 12, pal.brass_dark, 1.5)
            canvas.text(str(i + 1), (rx + 14, ry + 14), 17, pal.ink, "center", bold=True)
            canvas.text(f"{size} cards", (ex, ey + EV[1] / 2 + 3), 13, pal.paper_dark, "midtop")
            pile = obs.pile_sizes[i] if i < len(obs.pile_sizes) else 0
            px, py = self.pile_pos(i)
            if pile == 0:
                canvas.box((px - CARD[0] / 2, py - CARD[1] / 2, CARD[0], CARD[1]), mix(pal.felt, pal.paper_dark, 0.4),
                           radius=7, width=1.5)
                canvas.text("no", (px, py - 8), 13, pal.paper_dark, "center")
                canvas.text("cards", (px, py + 8), 13, pal.paper_dark, "center")

    def _draw_after(self, canvas: Canvas, pal: Palette, obs) -> None:
        """Marks over the cards: pile counts, the memory-aid label, the chosen-card outline."""
        memory = self.scene.app.settings.show_covered_cards
        for i in range(self.model.stacks):
            pile = obs.pile_sizes[i] if i < len(obs.pile_sizes) else 0
            px, py = self.pile_pos(i)
            if pile > 1:
                label = f"{pile} cards"
                tw = canvas.text_size(label, 13, True)[0] + 10
                canvas.box((px - tw / 2, py - CARD[1] / 2 - 16, tw, 17), pal.wood_dark, radius=5)
                canvas.text(label, (px, py - CARD[1] / 2 - 8), 13, pal.text_light, "center", bold=True)
                if memory:
                    _, fy = self.covered_pos(i, pile - 1, pile)
                    canvas.text("memory aid", (px, fy + CARD[1] / 2 + 1), 13, pal.warn, "midtop", bold=True)
        if self.selected is not None:
            sprite = self.board.sprite(("det", self.selected))
            if sprite is not None:
                x, y, w, h = sprite.rect_logical
                canvas.text("now click a stack", (x + w / 2, y - 14), 15, pal.highlight, "center", bold=True)

    def _draw_band(self, canvas: Canvas, pal: Palette, obs, seat: int) -> None:
        y = self.band_y(seat)
        top = y - CARD[1] / 2
        plate_y = top - 30 if seat == self.bottom else top - 58 + 0
        if seat != self.bottom:
            plate_y = 50
        turn = seat in obs.pending
        colour = self.seat_colour(seat)
        plate = (14, plate_y, 396, 24)
        canvas.box(plate, pal.brass_dark if turn else pal.wood, radius=6)
        canvas.box((20, plate_y + 5, 14, 14), colour, radius=3)
        you = " (you)" if seat == self.viewer and self.name(seat).lower() != "you" else ""
        cards = f"{self.back_style(seat)} backs"
        canvas.text(self.name(seat) + you, (40, plate_y + 12), 16, pal.highlight if turn else pal.text_light,
                    "midleft", bold=True)
        canvas.text(cards, (404, plate_y + 12), 13, pal.paper_dark, "midright")
        # unused deck and used pile
        dx, dy = self.deck_pos(seat)
        back = self.detective_back(seat)
        surf = canvas.painted(back.key, CARD, back.paint)
        unused = obs.unused_sizes[seat]
        for k in range(min(4, unused)):
            canvas.blit(surf, (dx - CARD[0] / 2 - k * 1.2, dy - CARD[1] / 2 - k * 1.2))
        if unused == 0:
            canvas.box((dx - CARD[0] / 2, dy - CARD[1] / 2, CARD[0], CARD[1]), pal.paper_dark, radius=7, width=1.5)
        caption_y = dy + CARD[1] / 2 + 2 if seat != self.bottom else dy - CARD[1] / 2 - 17
        if seat == self.bottom:
            caption_y = dy + CARD[1] / 2 + 1
        canvas.text(f"unused {unused}", (dx, caption_y), 13, pal.text_light, "midtop", bold=True)
        ux, uy = self.used_pos(seat)
        if obs.used_sizes[seat] == 0:
            canvas.box((ux - CARD[0] / 2, uy - CARD[1] / 2, CARD[0], CARD[1]), mix(pal.felt, pal.paper_dark, 0.4),
                       radius=7, width=1.5)
        canvas.text(f"used {obs.used_sizes[seat]}", (ux, caption_y), 13, pal.text_light, "midtop", bold=True)
        if obs.hand_sizes[seat] == 0 and obs.phase in (R.TURN, R.BID) and not self.busy:
            canvas.text("no hand cards", (HAND_X, y), 14, pal.paper_dark, "center")
        self._draw_letters(canvas, pal, obs, seat)

    def _draw_letters(self, canvas: Canvas, pal: Palette, obs, seat: int) -> None:
        y = self.band_y(seat)
        count = obs.letter_counts[seat]
        x0 = LETTERS_X
        if seat == self.viewer and obs.letters is not None:
            letters = obs.letters
            run, start = longest_run_of(letters, obs.alphabet)
            title = (f"Your evidence: {len(letters)} letter{'' if len(letters) == 1 else 's'}, longest run {run} "
                     f"(need {obs.run_to_win} in a row)")
            canvas.text(title, (x0, y - 44), 15, pal.highlight if run else pal.text_light, bold=True)
            tile_w = min(27.0, (1000 - x0) / max(1, len(obs.alphabet)))
            for i, letter in enumerate(obs.alphabet):
                rx = x0 + i * tile_w
                held = letter in letters
                in_run = held and start <= i < start + run and run >= 2
                rect = (rx, y - 18, tile_w - 3, 38)
                if held:
                    canvas.shadow(rect, radius=5, spread=2, alpha=60, offset=(1, 2))
                    canvas.box(rect, mix(pal.paper, pal.highlight, 0.45) if in_run else pal.paper, radius=5)
                    canvas.box(rect, pal.brass_dark if in_run else pal.ink_soft, radius=5, width=2 if in_run else 1)
                    canvas.text(letter, (rx + (tile_w - 3) / 2, y + 1), 20, pal.ink, "center", bold=True)
                else:
                    canvas.box(rect, mix(pal.felt, pal.felt_light, 0.5), radius=5, width=1)
                    canvas.text(letter, (rx + (tile_w - 3) / 2, y + 1), 15, mix(pal.felt_light, pal.text_light, 0.3),
                                "center")
            if run >= 2:
                bx0 = x0 + start * tile_w
                bx1 = x0 + (start + run) * tile_w - 3
                canvas.lines([(bx0, y + 24), (bx0, y + 30), (bx1, y + 30), (bx1, y + 24)], pal.highlight, 2)
                canvas.text(f"run of {run}", ((bx0 + bx1) / 2, y + 31), 13, pal.highlight, "midtop", bold=True)
        else:
            plural = "" if count == 1 else "s"
            canvas.text(f"{cap(possessive(self.name(seat)))} evidence: {count} letter{plural} (face down)",
                        (x0, y - 44), 15, pal.text_light, bold=True)
            back = self.evidence_back((32, 44))
            surf = canvas.painted(back.key, (32, 44), back.paint)
            for k in range(count):
                canvas.blit(surf, (x0 + k * 26, y - 20))
            if count == 0:
                canvas.text("none yet", (x0, y), 14, pal.paper_dark, "midleft")

    # -- the side panel ---------------------------------------------------------------------
    def _current_show(self) -> Show | None:
        shown = [s for s in self.shows if s.t <= self.anim_t]
        return shown[-1] if shown else None

    def _draw_panel(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = PANEL
        canvas.alpha_box(PANEL, pal.panel, 170, radius=12)
        canvas.box(PANEL, pal.brass_dark, radius=12, width=2)
        show = self._current_show()
        if obs.phase == R.OVER and not self.busy:
            self._panel_over(canvas, pal, obs)
        elif show is None or show.kind == "round":
            self._panel_bids(canvas, pal, obs)
        elif show.kind == "dispute":
            self._panel_dispute(canvas, pal, obs, show)
        else:
            self._panel_eval(canvas, pal, obs, show)

    def _panel_title(self, canvas: Canvas, pal: Palette, text: str) -> None:
        x, y, w, h = PANEL
        canvas.text(text, (x + 16, y + 10), 17, pal.brass, bold=True)

    def _panel_bids(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = PANEL
        self._panel_title(canvas, pal, f"Round {obs.round}: bidding")
        bids = obs.bids
        me = self.viewer
        if bids:
            seat, amount = bids[-1]
            canvas.text("current bid", (x + 22, y + 44), 15, pal.paper_dark)
            big = canvas.text(str(amount), (x + 22, y + 58), 64, pal.highlight, bold=True)
            who = "by you" if seat == me else f"by {self.name(seat)}"
            canvas.text(who, (big[0] + big[2] + 14, big[1] + big[3] - 8), 22, pal.text_light, "bottomleft",
                        bold=True)
            chain = "  >  ".join(f"{self.name(s)} {a}" for s, a in bids[-5:])
            if len(bids) > 5:
                chain = "...  " + chain
            canvas.text(chain, (x + 22, y + 124), 14, pal.paper_dark)
        else:
            first = obs.first
            canvas.text("no bid yet", (x + 22, y + 48), 26, pal.text_light, bold=True)
            opener = "You open" if first == me else f"{self.name(first)} opens"
            canvas.text(f"{opener} this round: any bid from 0 to {obs.max_bid}.", (x + 22, y + 84), 15,
                        pal.paper_dark)
        line_y = y + 148
        if obs.hand is not None and me is not None:
            own = [v for v, _ in obs.hand]
            if own:
                total = sum(own)
                text = f"Your hand: {' + '.join(map(str, own))} = {total}"
                canvas.text(text, (x + 22, line_y), 16, pal.text_light, bold=True)
                other = obs.hand_sizes[1 - me]
                hidden = f"{cap(possessive(self.name(1 - me)))} {other} hidden cards"
                canvas.text(f"{hidden}: 0 to {5 * other}, about {2.5 * other:g}. Six cards: {total} to "
                            f"{total + 5 * other}.", (x + 22, line_y + 22), 14, pal.paper_dark)
        hint = self._panel_hint(obs)
        if hint:
            canvas.paragraph(hint, (x + 22, line_y + 48, w - 44, 60), 15, pal.highlight)
        if obs.phase == R.TURN:
            self._draw_guide(canvas, pal, (x + 16, y + h - 160, w - 32, 92))
        if any(isinstance(wd, Button) and wd.label.startswith("Bid") for wd in self.widgets.items) and not self.busy:
            by = y + h - 118
            canvas.box((x + 76, by, 82, 46), pal.paper, radius=8)
            canvas.box((x + 76, by, 82, 46), pal.brass_dark, radius=8, width=2)
            canvas.text(str(self.bid_value), (x + 117, by + 23), 32, pal.ink, "center", bold=True)
            lo = obs.min_bid or 0
            canvas.text(f"legal bids: {lo} to {obs.max_bid}", (x + 24, by - 20), 14, pal.paper_dark)

    def _draw_guide(self, canvas: Canvas, pal: Palette, rect: Rect) -> None:
        """The turn in four steps, for a player who does not know the game yet."""
        x, y, w, h = rect
        canvas.box(rect, mix(pal.panel, pal.felt_dark, 0.5), radius=8)
        canvas.box(rect, mix(pal.brass_dark, pal.panel, 0.4), radius=8, width=1)
        steps = ("1. Play a hand card beside any stack (it covers the cards there).",
                 "2. Draw back to 3 (automatic).",
                 "3. Bid: the total of all six hand cards, higher than the last bid...",
                 "4. ...or, instead of playing, Dispute the last bid if you think it is too high.")
        for i, line in enumerate(steps):
            canvas.text(line, (x + 10, y + 8 + i * 22), 14, pal.paper_dark)

    def _panel_hint(self, obs) -> str:
        me = self.viewer
        if me is None:
            return "Hands are hidden until the next player is at the screen."
        if obs.phase == R.TURN and obs.turn == me:
            if obs.bids:
                return (f"Your turn: drag a card next to a stack and raise to at least {obs.min_bid}, "
                        "or dispute the bid if you think the six cards total less.")
            return "Your turn: drag a card from your hand next to any stack, then bid."
        if obs.phase == R.BID and obs.turn == me:
            return "Now bid: how high do all six hand cards total? (Symbols do not count here.)"
        if obs.turn is not None:
            return f"{says(self.name(obs.turn), 'is')} playing."
        return ""

    def _panel_dispute(self, canvas: Canvas, pal: Palette, obs, show: Show) -> None:
        e: R.Disputed = show.event
        x, y, w, h = PANEL
        self._panel_title(canvas, pal, "Dispute!")
        canvas.paragraph(f"{says(self.name(e.seat), 'disputes')} {possessive(self.name(e.bidder))} bid of {e.bid}.",
                         (x + 22, y + 38, w - 44, 40), 18, pal.text_light, bold=True)
        for row, seat in enumerate((self.bottom, 1 - self.bottom)):
            values = [v for v, _ in e.hands[seat]]
            text = f"{self.name(seat)}: {' + '.join(map(str, values)) or '-'} = {sum(values)}"
            canvas.text(text, (x + 22, y + 80 + row * 26), 18, pal.text_light)
        win = e.total >= e.bid
        sign = ">=" if win else "<"
        canvas.text(f"Total {e.total} {sign} bid {e.bid}", (x + 22, y + 140), 30, pal.highlight, bold=True)
        who = (f"{says(self.name(e.bidder), 'wins')} the dispute (as the bidder)" if win
               else f"{says(self.name(e.seat), 'wins')} the dispute (as the disputer)")
        canvas.text(who, (x + 22, y + 178), 18, pal.good, bold=True)
        if obs.phase == R.CHOOSE and not self.busy:
            if obs.dispute_winner == self.viewer:
                text = ("Click a stack to evaluate it. Its detective cards are counted from the top down, "
                        "until a Stop; the higher total takes a letter.")
            else:
                text = f"{says(self.name(obs.dispute_winner), 'chooses')} a stack to evaluate."
            canvas.paragraph(text, (x + 22, y + 214, w - 44, 80), 16, pal.highlight)

    def _panel_eval(self, canvas: Canvas, pal: Palette, obs, show: Show) -> None:
        e: R.Evaluated = show.event
        x, y, w, h = PANEL
        head = f"Evaluating stack {e.stack + 1}" + (" (Arrow)" if show.origin == "arrow" else "")
        self._panel_title(canvas, pal, head)
        arrived = sum(1 for when in show.times if when <= self.anim_t)
        done = self.anim_t >= show.end
        totals = [0, 0]
        doubled = [False, False]
        for owner, value, symbol in e.cards[:arrived]:
            totals[owner] += value
            doubled[owner] = doubled[owner] or symbol == "double"
        for seat in (self.bottom, 1 - self.bottom):
            cx = x + w * (0.27 if seat == self.bottom else 0.73)
            canvas.box((cx - 90, y + 38, 180, 26), mix(self.seat_colour(seat), pal.wood_dark, 0.3), radius=6)
            canvas.text(self.name(seat), (cx, y + 51), 16, pal.text_light, "center", bold=True)
            total = totals[seat] * (2 if doubled[seat] else 1)
            text = f"{totals[seat]} x2 = {total}" if doubled[seat] else f"{total}"
            canvas.text("total", (cx, y + h - 116), 13, pal.paper_dark, "center")
            canvas.text(text, (cx, y + h - 100), 26, pal.highlight, "center", bold=True)
        # ghosts of counted cards that have gone on to the used piles
        index = [0, 0]
        counts = [sum(1 for c in e.cards if c[0] == s) for s in range(2)]
        for owner, value, symbol in e.cards[:arrived]:
            px, py = self.tray_pos(owner, index[owner], counts[owner])
            index[owner] += 1
            picking = (not self.busy and obs.phase == R.TAKE and obs.looking is not None
                       and self.viewer == e.winner and e is self.evals[-1])
            if (self.anim_t > show.end + 1.2 or not self.busy) and not picking:
                face = self.detective_face(owner, value, symbol, GHOST)
                canvas.blit(canvas.painted(face.key, GHOST, face.paint), (px, py), "center")
        # the latest symbol, called out
        if 0 < arrived:
            owner, value, symbol = e.cards[arrived - 1]
            if symbol != "none" and not done:
                call = {"stop": "STOP! Counting ends here.",
                        "double": f"x2! {cap(possessive(self.name(owner)))} total is doubled.",
                        "arrow": f"ARROW! Stack {(e.stack + 1) % self.model.stacks + 1} is evaluated next."}[symbol]
                canvas.box((x + 20, y + h - 80, w - 40, 28), self.symbol_colour(symbol), radius=6)
                canvas.text(call, (x + w / 2, y + h - 66), 17, pal.paper, "center", bold=True)
        if not e.cards:
            canvas.paragraph("No detective cards beside this stack: the dispute's winner wins it.",
                             (x + 22, y + 90, w - 44, 60), 16, pal.text_light)
        if done:
            a, b = e.totals[self.bottom], e.totals[1 - self.bottom]
            tie = e.totals[0] == e.totals[1]
            result = (f"Tie {a} to {b}: {self.name(e.winner)} (dispute winner) takes it" if tie else
                      f"{says(self.name(e.winner), 'wins')} {max(a, b)} to {min(a, b)}")
            canvas.text(result, (x + w / 2, y + h - 74), 18, pal.good, "center", bold=True)
            extra = ""
            if e.arrow and not (obs.phase == R.OVER and e is self.evals[-1]):
                extra = f"Arrow: stack {(e.stack + 1) % self.model.stacks + 1} is evaluated next."
            stop = any(c[2] == "stop" for c in e.cards)
            if stop:
                extra = ("A Stop ended the count; cards below it stay. " + extra).strip()
            if extra:
                canvas.text(extra, (x + w / 2, y + h - 50), 14, pal.paper_dark, "center")
            if not self.busy and obs.phase == R.TAKE and obs.stack == e.stack and e is self.evals[-1]:
                self._panel_take(canvas, pal, obs, e)

    def _panel_take(self, canvas: Canvas, pal: Palette, obs, e: R.Evaluated) -> None:
        x, y, w, h = PANEL
        if obs.looking is not None and self.viewer == e.winner:
            canvas.alpha_box((x + 10, y + 140, w - 20, h - 150), pal.panel, 235, radius=10)
            canvas.box((x + 10, y + 140, w - 20, h - 150), pal.brass, radius=10, width=2)
            score = f"{max(e.totals)} to {min(e.totals)}"
            canvas.text(f"You won stack {e.stack + 1} ({score}): take one letter", (x + 24, y + 150), 18,
                        pal.highlight, bold=True)
            canvas.text("(you may hold each letter once; the rest stay face down)", (x + 24, y + 172 - 0), 13,
                        pal.paper_dark)
        else:
            canvas.text(f"{says(self.name(e.winner), 'looks')} through stack {e.stack + 1} and takes a letter.",
                        (x + w / 2, y + h - 28), 15, pal.highlight, "center")

    def _panel_over(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = PANEL
        self._panel_title(canvas, pal, "Case closed")
        outcome = obs.outcome
        if outcome is None:
            return
        winners = [self.name(s) for s in outcome.winners]
        head = f"{winners[0]} wins!" if len(winners) == 1 else "A draw"
        canvas.text(head, (x + 22, y + 44), 34, pal.highlight, bold=True)
        canvas.paragraph(self._reason(outcome.reason), (x + 22, y + 90, w - 44, 80), 16, pal.text_light)

    # -- tooltips ---------------------------------------------------------------------------
    def _card_tip(self, tok: Token, tid: int) -> str:
        m = self.model
        me = self.viewer
        whose = "Your" if tok.owner == me else cap(possessive(self.name(tok.owner)))
        what = card_text(tok.value, tok.symbol)
        symbol = f" {SYMBOL_LONG[tok.symbol]}" if tok.symbol in SYMBOL_LONG else ""
        if me is not None and any(k is tok for k in m.hands[me]):
            return (f"Your {what}.{symbol} Drag it next to an evidence stack to play it (or click it, then a "
                    "stack). In a bid, only its value counts.")
        for seat in range(2):
            if any(k is tok for k in m.hands[seat]):
                return f"{cap(possessive(self.name(seat)))} hand card (hidden)."
            if m.used[seat] and m.used[seat][-1] is tok:
                return (f"{cap(possessive(self.name(seat)))} used pile, {len(m.used[seat])} cards: only the "
                        "top card shows. When the unused stack runs out, this pile is shuffled into it.")
            if any(k is tok for k in m.used[seat]):
                return f"{whose} used card."
        for stack, pile in enumerate(m.piles):
            if pile and pile[-1] is tok:
                below = len(pile) - 1
                tip = (f"{whose} {what} on top of stack {stack + 1}'s detective pile.{symbol} "
                       f"{below} card(s) lie covered below it.")
                if below and self.scene.app.settings.show_covered_cards:
                    covered = ", ".join(f"{self.name(k.owner)} {card_text(k.value, k.symbol)}"
                                        for k in reversed(pile[:-1]))
                    tip += f" Memory aid, top down: {covered}."
                elif below:
                    tip += " You may not look through the pile (the memory aid in Settings shows what you saw)."
                return tip
            if any(k is tok for k in pile):
                if not self.scene.app.settings.show_covered_cards:
                    return f"A covered card beside stack {stack + 1}: nobody may look at it."
                return f"Covered (memory aid): {whose.lower()} {what}, seen when it was played."
        return f"{whose} {what}."

    def _preview(self, stack: int) -> str:
        """Memory aid: what counting this stack now would give (from the cards seen played)."""
        totals, doubled, arrow = [0, 0], [False, False], False
        for tok in reversed(self.model.piles[stack]):
            if tok.value is None:
                return ""
            totals[tok.owner] += tok.value
            doubled[tok.owner] |= tok.symbol == "double"
            arrow |= tok.symbol == "arrow"
            if tok.symbol == "stop":
                break
        final = [t * (2 if d else 1) for t, d in zip(totals, doubled, strict=True)]
        text = f"Memory aid: counting it now gives {self.name(0)} {final[0]}, {self.name(1)} {final[1]}"
        return text + (" and an Arrow to the next stack." if arrow else ".")

    def tooltip(self, pos):
        text = self.widgets.tooltip(pos) if not self.busy else None
        if text:
            return text
        sprite = self.board.sprite_at(pos)
        if sprite is not None and sprite.tooltip:
            return sprite.tooltip
        obs = self.obs
        if obs is None:
            return None
        for i in range(self.model.stacks):
            ex, ey = self.evidence_pos(i)
            if inside((ex - EV[0] / 2 - 6, ey - EV[1] / 2 - 6, EV[0] + 12, EV[1] + 20), pos):
                tip = (f"Evidence stack {i + 1}: {obs.evidence_sizes[i]} face-down letter cards. Win its "
                       "evaluation to look through them and take one letter you do not hold.")
                seen = self.model.looked.get(i)
                if seen is not None and self.scene.app.settings.show_covered_cards:
                    tip += f" Memory aid: in round {seen[0]} you saw {' '.join(seen[1]) or 'nothing'}."
                return tip
            if inside(self.stack_rect(i), pos):
                if obs.phase == R.CHOOSE and obs.dispute_winner == self.viewer:
                    tip = f"Click to evaluate stack {i + 1}."
                    if self.scene.app.settings.show_covered_cards:
                        tip += " " + self._preview(i)
                    return tip
                return (f"Stack {i + 1}: play a card beside it by dragging it here. Its detective pile has "
                        f"{obs.pile_sizes[i]} card(s); only the top one shows.")
        for seat in range(2):
            dx, dy = self.deck_pos(seat)
            if inside((dx - CARD[0] / 2, dy - CARD[1] / 2, CARD[0], CARD[1]), pos):
                return (f"{cap(possessive(self.name(seat)))} unused detective cards: "
                        f"{obs.unused_sizes[seat]}. Draw from here; when empty, the used pile is shuffled in.")
            ux, uy = self.used_pos(seat)
            if inside((ux - CARD[0] / 2, uy - CARD[1] / 2, CARD[0], CARD[1]), pos):
                return f"{cap(possessive(self.name(seat)))} used pile: {obs.used_sizes[seat]} cards."
            band_y = self.band_y(seat)
            if inside((LETTERS_X, band_y - 48, 1000 - LETTERS_X, 96), pos):
                if seat == self.viewer:
                    return (f"Your evidence letters, A to {obs.alphabet[-1]} in order. Collect {obs.run_to_win} in "
                            "a row (no wrap from the last to A) to win. The bracket marks your longest run.")
                return (f"{cap(possessive(self.name(seat)))} evidence: {obs.letter_counts[seat]} letters, "
                        "face down. You do not see which.")
        if inside(PANEL, pos):
            return "The bidding, disputes and evaluations are shown here."
        return None

    # -- words ------------------------------------------------------------------------------
    def _reason(self, reason: str) -> str:
        for seat in range(2):
            reason = reason.replace(f"seat {seat}", self.name(seat))
        return reason.replace("You holds", "You hold").replace("You has", "You have")

    def describe(self, event: Event) -> str | None:
        e = event
        name = self.name
        if isinstance(e, R.Dealt):
            return f"The evidence is dealt face down: {len(e.sizes)} stacks of {e.sizes[0] if e.sizes else 0}."
        if isinstance(e, R.RoundStarted):
            return f"Round {e.round}: {says(name(e.first), 'starts')}."
        if isinstance(e, R.Drew):
            if e.value is None:
                return None
            return f"{says(name(e.seat), 'draws')} {card_text(e.value, e.symbol)}."
        if isinstance(e, R.Reshuffled):
            return f"{says(name(e.seat), 'shuffles')} the used pile into a new unused stack ({e.cards} cards)."
        if isinstance(e, R.Played):
            return f"{says(name(e.seat), 'plays')} {card_text(e.value, e.symbol)} beside stack {e.stack + 1}."
        if isinstance(e, R.BidMade):
            return f"{says(name(e.seat), 'bids')} {e.amount}."
        if isinstance(e, R.Disputed):
            shown = "; ".join(f"{name(s)} {'+'.join(str(v) for v, _ in h) or '-'}" for s, h in enumerate(e.hands))
            sign = ">=" if e.total >= e.bid else "<"
            return (f"{says(name(e.seat), 'disputes')} {possessive(name(e.bidder))} {e.bid}: {shown}; "
                    f"total {e.total} {sign} {e.bid}, {says(name(e.winner), 'wins')} the dispute.")
        if isinstance(e, R.StackChosen):
            return f"{says(name(e.seat), 'chooses')} stack {e.stack + 1} to evaluate."
        if isinstance(e, R.Evaluated):
            parts = []
            for seat in range(2):
                mine = [c for c in e.cards if c[0] == seat]
                values = "+".join(str(c[1]) for c in mine) or "0"
                dbl = " x2" if any(c[2] == "double" for c in mine) else ""
                parts.append(f"{name(seat)} {values}{dbl} = {e.totals[seat]}")
            text = f"Stack {e.stack + 1} counted: {', '.join(parts)}. {says(name(e.winner), 'wins')} it."
            if any(c[2] == "stop" for c in e.cards):
                text += " (Stopped.)"
            if e.arrow:
                text += f" Arrow: stack {(e.stack + 1) % self.model.stacks + 1} next."
            return text
        if isinstance(e, R.Looked):
            if e.letters is not None:
                return f"{says(name(e.seat), 'looks')} through stack {e.stack + 1}: {' '.join(e.letters) or 'empty'}."
            return f"{says(name(e.seat), 'looks')} through stack {e.stack + 1}."
        if isinstance(e, R.Took):
            if not e.taken:
                return f"{says(name(e.seat), 'takes')} nothing: no letter there is new to them."
            if e.letter is not None:
                return f"{says(name(e.seat), 'takes')} the letter {e.letter} from stack {e.stack + 1}."
            return f"{says(name(e.seat), 'takes')} a letter from stack {e.stack + 1} (face down)."
        if isinstance(e, R.GameOver):
            if not e.winners:
                return f"Game over, a draw: {self._reason(e.reason)}."
            return f"{says(name(e.winners[0]), 'wins')}: {self._reason(e.reason)}."
        return super().describe(e)

    def describe_action(self, action: Action) -> str:
        a = action
        if isinstance(a, R.Play):
            return f"Play your {card_text(a.value, a.symbol)} beside stack {a.stack + 1}"
        if isinstance(a, R.Bid):
            return f"Bid {a.amount}"
        if isinstance(a, R.Dispute):
            last = self.obs.bids[-1] if self.obs is not None and self.obs.bids else None
            return f"Dispute {possessive(self.name(last[0]))} bid of {last[1]}" if last else "Dispute"
        if isinstance(a, R.Choose):
            return f"Evaluate stack {a.stack + 1}"
        if isinstance(a, R.Take):
            return f"Take the letter {a.letter}"
        return super().describe_action(a)

    def turn_hint(self) -> str:
        obs = self.obs
        if obs is None:
            return ""
        if obs.phase == R.TURN:
            can_dispute = any(isinstance(a, R.Dispute) for a in self.scene.legal_for_viewer())
            return "drag a card next to a stack" + (", or Dispute" if can_dispute else "")
        if obs.phase == R.BID:
            return f"bid at least {obs.min_bid}"
        if obs.phase == R.CHOOSE:
            return "click a stack to evaluate"
        if obs.phase == R.TAKE:
            return "take a letter"
        return ""

    def risky(self, seat: int, action: Action) -> str | None:
        """No Bakerstreet move loses on the spot (see the module docstring), so never a warning."""
        return None

    # -- results ----------------------------------------------------------------------------
    def story(self) -> list[str]:
        """The game in a few sentences: disputes, evaluations, the biggest count, the letters."""
        names = self.scene.seat_names
        lines = []
        rounds = self.model.round
        if self.disputes:
            won = [sum(1 for d in self.disputes if d.winner == s) for s in range(2)]
            held = sum(1 for d in self.disputes if d.winner == d.bidder)
            lines.append(f"{rounds} rounds. Disputes won: {names[0]} {won[0]}, {names[1]} {won[1]}; "
                         f"{held} of {len(self.disputes)} bids stood.")
        if self.evals:
            won = [sum(1 for e in self.evals if e.winner == s) for s in range(2)]
            arrows = sum(1 for e in self.evals if e.arrow)
            stops = sum(1 for e in self.evals if any(c[2] == "stop" for c in e.cards))
            lines.append(f"Evaluations won: {names[0]} {won[0]}, {names[1]} {won[1]}. "
                         f"Arrows chained {arrows}, Stops cut {stops} count(s) short.")
            best = max(self.evals, key=lambda e: (max(e.totals), len(e.cards)))
            if max(best.totals) > 0:
                lines.append("Biggest count: " + (self.describe(best) or ""))
        for seat in range(2):
            mine = [(rnd, letter) for rnd, s, letter in self.took if s == seat]
            seen = [letter for _, letter in mine if letter is not None]
            if not mine:
                continue
            if seen and len(seen) == len(mine):
                lines.append(f"{says(names[seat], 'takes')} " + ", ".join(seen) + " (in that order).")
            else:
                lines.append(f"{says(names[seat], 'takes')} {len(mine)} letter(s), face down.")
        over = next((line for line in reversed(self.scene.log_lines) if "wins:" in line or "draw" in line), None)
        if over:
            lines.append(over)
        return lines or super().story()

    def draw_results_extra(self, canvas: Canvas, rect) -> None:
        """Each player's letters (what the viewer may see) with the longest run marked."""
        pal = self.scene.app.palette
        obs = self.obs
        if obs is None:
            return
        x, y, w, h = rect
        canvas.box(rect, mix(pal.paper, pal.paper_dark, 0.5), radius=6)
        letters_by_seat = self._final_letters()
        for row, seat in enumerate((self.bottom, 1 - self.bottom)):
            ry = y + 8 + row * (h / 2)
            letters = letters_by_seat[seat]
            canvas.text(self.name(seat), (x + 10, ry + 14), 16, pal.ink, "midleft", bold=True)
            if letters is None:
                text = f"{obs.letter_counts[seat]} letters (face down: the game does not turn them over for you)"
                if obs.outcome is not None:
                    text = f"{obs.letter_counts[seat]} letters, face down; longest run {obs.outcome.scores[seat]:g}"
                canvas.text(text, (x + 120, ry + 14), 15, pal.ink_soft, "midleft")
                continue
            run, start = longest_run_of(letters, obs.alphabet)
            tile = min(26.0, (w - 130) / len(obs.alphabet))
            for i, letter in enumerate(obs.alphabet):
                rx = x + 120 + i * tile
                held = letter in letters
                in_run = held and start <= i < start + run
                rr = (rx, ry, tile - 3, 28)
                if held:
                    canvas.box(rr, mix(pal.paper, pal.highlight, 0.6) if in_run else pal.paper, radius=4)
                    canvas.box(rr, pal.brass_dark if in_run else pal.ink_soft, radius=4, width=2 if in_run else 1)
                    canvas.text(letter, (rx + (tile - 3) / 2, ry + 14), 16, pal.ink, "center", bold=True)
                else:
                    canvas.box(rr, pal.paper_dark, radius=4, width=1)
            canvas.text(f"run {run}", (x + w - 8, ry + 14), 15, pal.ink, "midright", bold=True)

    def _final_letters(self) -> list[tuple[str, ...] | None]:
        """The viewer's letters; the opponent's are shown once the game is over (the winner turns them up),
        as far as the viewer's log tells them (taken letters the viewer saw)."""
        obs = self.obs
        out: list[tuple[str, ...] | None] = [None, None]
        for seat in range(2):
            if obs.revealed_letters is not None:
                out[seat] = tuple(obs.revealed_letters[seat])
            elif seat == self.viewer and obs.letters is not None:
                out[seat] = tuple(obs.letters)
            else:
                seen = [letter for _, s, letter in self.took if s == seat and letter is not None]
                if seen and len(seen) == obs.letter_counts[seat]:
                    out[seat] = tuple(sorted(seen))
        return out


TABLE = BakerstreetTable
