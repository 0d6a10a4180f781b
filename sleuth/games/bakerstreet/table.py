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

This module is the TableView: syncing, placing and animating the sprites, input, the buttons and
the drawing order. Its helpers, one role each: ``layout`` (geometry), ``replay`` (the log replayed
into the model and the animation timeline), ``paint`` (card faces and board drawings), ``panel``
(the side panel and the letter picker's tiles) and ``narration`` (the table's words).

``risky()``: Bakerstreet has no move that loses the game on the spot. The game ends only when a
player takes the letter that completes 7 in a row, and nothing the viewer can know tells that a
move hands the opponent that letter (their letters are face down). So it never warns.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from sleuth.core.values import Action, Event
from sleuth.games.bakerstreet import narration
from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.layout import (
    BID_ROW_UP,
    CARD,
    EV,
    HAND_X,
    LETTERS_X,
    PANEL,
    Layout,
    letter_tile_width,
)
from sleuth.games.bakerstreet.narration import cap
from sleuth.games.bakerstreet.paint import (
    Faces,
    draw_arrow_chain,
    draw_hidden_letters,
    draw_own_letters,
    draw_ring,
    longest_run_of,
)
from sleuth.games.bakerstreet.panel import LetterTile, SidePanel
from sleuth.games.bakerstreet.replay import Model, Replay, Show, Token
from sleuth.ui.board import CardSprite
from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.tableview import TableView
from sleuth.ui.theme import Palette, mix
from sleuth.ui.timeline import call_at, run_path
from sleuth.ui.tween import Tween, lerp
from sleuth.ui.widgets import Button, Widgets, inside
from sleuth.ui.words import possessive
from sleuth.ui.zones import DropArea


class BakerstreetTable(TableView):
    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.widgets = Widgets()
        self.faces = Faces(lambda: scene.app.palette)
        self.replay = Replay()  # the model and the current sync's timeline
        self.anim_t = 0.0  # seconds into the current sync's timeline (unscaled)
        self.anim_end = 0.0
        self.bid_value: int | None = None
        self.selected: int | None = None  # token id of a hand card clicked (click-then-stack)
        self._was_busy = False
        self._memory = scene.app.settings.show_covered_cards

    @property
    def model(self) -> Model:
        """Where every detective card lies, as far as the viewer knows."""
        return self.replay.model

    # -- who sits where (the arithmetic is in layout.Layout) ---------------------------------
    @property
    def bottom(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def layout(self) -> Layout:
        return Layout(self.bottom, self.model.stacks, self.scene.app.settings.show_covered_cards)

    def band_y(self, seat: int) -> float:
        return self.layout.band_y(seat)

    def name(self, seat: int) -> str:
        return self.scene.seat_names[seat]

    def evidence_pos(self, i: int) -> tuple[float, float]:
        return self.layout.evidence_pos(i)

    def pile_pos(self, i: int) -> tuple[float, float]:
        return self.layout.pile_pos(i)

    def stack_rect(self, i: int) -> Rect:
        return self.layout.stack_rect(i)

    def deck_pos(self, seat: int) -> tuple[float, float]:
        return self.layout.deck_pos(seat)

    def used_pos(self, seat: int, depth: int = 0) -> tuple[float, float]:
        return self.layout.used_pos(seat, depth)

    def hand_pos(self, seat: int, index: int, count: int) -> tuple[float, float]:
        return self.layout.hand_pos(seat, index, count)

    def letters_pos(self, seat: int) -> tuple[float, float]:
        return self.layout.letters_pos(seat)

    def covered_pos(self, stack: int, depth: int, count: int) -> tuple[float, float]:
        """Where the card ``depth`` below the top lies (the fan is the memory aid; else squared)."""
        return self.layout.covered_pos(stack, depth, count)

    # -- sync -------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        super().sync(obs, events, animate)
        if previous is None or previous.seat != obs.seat:
            self.board.keep_only(set())
        log = obs.log
        new_from = len(log) - len(events) if animate else len(log)
        self.replay = Replay(self.bottom, self.viewer, self.scene.app.settings.show_covered_cards)
        self.replay.run(log, max(0, new_from), obs.hand_sizes)
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
        keep = {("det", tid) for tid in final} | {("det", tid) for tid in self.replay.gone}
        for key in list(board.by_key):
            if key[0] == "det" and key not in keep:
                board.remove(key)
            elif key[0] == "ev":
                board.remove(key)
        all_ids = list(final) + [tid for tid in self.replay.gone if tid not in final]
        for tid in all_ids:
            gone = self.replay.gone.get(tid)
            pos, face_up, layer, tok = final.get(tid, (self.deck_pos(gone.owner if gone else 0), False, 50, gone))
            key = ("det", tid)
            sprite = board.sprite(key)
            front = self.faces.token_face(tok)
            back = self.faces.detective_back(tok.owner)
            frames = self.replay.keys.get(tid, []) if animate else []
            if sprite is None:
                start, start_up = self.replay.start_at.get(tid, (pos, face_up)) if frames else (pos, face_up)
                sprite = board.ensure(key, CARD, front, back, start_up, start, layer)
            else:
                sprite.front, sprite.back = front, back
            board.set_layer(sprite, layer)
            sprite.tooltip = self._card_tip(tok)
            sprite.dimmed = self._covered(tok)
            if frames:
                run_path(board, sprite, frames, speed, tid in self.replay.gone)
            else:
                board.move(sprite, pos, 0.0, duration=0.3)
                board.flip(sprite, face_up)
        # layers for cards in flight: the last to arrive lies on top
        self._flights(speed)
        self._sounds(speed if animate else 0.0, animate)
        total = self.replay.end if animate else 0.0
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
        for i, (when, seat, stack, letter) in enumerate(self.replay.flights):
            key = ("ev", i, when)
            face = (self.faces.evidence_face(letter) if letter is not None and seat == self.viewer
                    else self.faces.evidence_back())
            sprite = self.board.ensure(key, EV, face, self.faces.evidence_back(), False, self.evidence_pos(stack), 500)
            target = self.letters_pos(seat)
            if letter is not None and seat == self.viewer and letter in self.obs.alphabet:
                tile_w = letter_tile_width(len(self.obs.alphabet))
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
        for when, name in self.replay.sounds:
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
            by = y + h - BID_ROW_UP
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
        draw_ring(canvas, pal, self.model.stacks)
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

    def _draw_arrow_chain(self, canvas: Canvas, pal: Palette) -> None:
        """After a count with an Arrow: a bright arc to the next stack clockwise, with words."""
        show = self._current_show()
        if show is None or show.kind != "eval" or not show.event.arrow or self.anim_t < show.end:
            return
        if self.obs.phase == R.OVER and show.event is self.replay.evals[-1]:
            return  # the game ended on this stack's letter: the Arrow has nothing left to chain
        draw_arrow_chain(canvas, pal, show.event.stack, self.model.stacks)

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
        back = self.faces.evidence_back()
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
        plate_y = top - 30 if seat == self.bottom else 50  # the opponent's name plate sits at the top
        turn = seat in obs.pending
        colour = self.faces.seat_colour(seat)
        plate = (14, plate_y, 396, 24)
        canvas.box(plate, pal.brass_dark if turn else pal.wood, radius=6)
        canvas.box((20, plate_y + 5, 14, 14), colour, radius=3)
        you = " (you)" if seat == self.viewer and self.name(seat).lower() != "you" else ""
        cards = f"{self.faces.back_style(seat)} backs"
        canvas.text(self.name(seat) + you, (40, plate_y + 12), 16, pal.highlight if turn else pal.text_light,
                    "midleft", bold=True)
        canvas.text(cards, (404, plate_y + 12), 13, pal.paper_dark, "midright")
        # unused deck and used pile
        dx, dy = self.deck_pos(seat)
        back = self.faces.detective_back(seat)
        surf = canvas.painted(back.key, CARD, back.paint)
        unused = obs.unused_sizes[seat]
        for k in range(min(4, unused)):
            canvas.blit(surf, (dx - CARD[0] / 2 - k * 1.2, dy - CARD[1] / 2 - k * 1.2))
        if unused == 0:
            canvas.box((dx - CARD[0] / 2, dy - CARD[1] / 2, CARD[0], CARD[1]), pal.paper_dark, radius=7, width=1.5)
        caption_y = dy + CARD[1] / 2 + (1 if seat == self.bottom else 2)
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
        if seat == self.viewer and obs.letters is not None:
            draw_own_letters(canvas, pal, y, obs.letters, obs.alphabet, obs.run_to_win)
        else:
            draw_hidden_letters(canvas, pal, self.faces, y, cap(possessive(self.name(seat))), obs.letter_counts[seat])

    # -- the side panel ---------------------------------------------------------------------
    def _current_show(self) -> Show | None:
        shown = [s for s in self.replay.shows if s.t <= self.anim_t]
        return shown[-1] if shown else None

    def _draw_panel(self, canvas: Canvas, pal: Palette, obs) -> None:
        bid_control = any(isinstance(wd, Button) and wd.label.startswith("Bid") for wd in self.widgets.items)
        evals = self.replay.evals
        panel = SidePanel(obs, self.layout, self.faces, self.viewer, self.name, self.busy, self.anim_t,
                          self._current_show(), evals[-1] if evals else None,
                          self.bid_value if bid_control and not self.busy else None)
        panel.draw(canvas, pal)

    # -- tooltips ---------------------------------------------------------------------------
    def _card_tip(self, tok: Token) -> str:
        return narration.card_tip(tok, self.model, self.viewer, self.name, self.scene.app.settings.show_covered_cards)

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
                        tip += " " + narration.count_preview(self.model.piles[i], self.name)
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
    def describe(self, event: Event) -> str | None:
        return narration.describe_event(event, self.name, self.model.stacks, super().describe)

    def describe_action(self, action: Action) -> str:
        last = self.obs.bids[-1] if self.obs is not None and self.obs.bids else None
        return narration.describe_action(action, self.name, last, super().describe_action)

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
        r = self.replay
        lines = narration.story_lines(self.scene.seat_names, self.model.round, r.disputes, r.evals, r.took,
                                      self.scene.log_lines, self.describe)
        return lines or super().story()

    def draw_results_extra(self, canvas: Canvas, rect) -> None:
        """Each player's letters (what the viewer may see) with the longest run marked."""
        pal = self.scene.app.palette
        obs = self.obs
        if obs is None:
            return
        x, y, w, h = rect
        self.draw_results_backdrop(canvas, rect)
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
                seen = [letter for _, s, letter in self.replay.took if s == seat and letter is not None]
                if seen and len(seen) == obs.letter_counts[seat]:
                    out[seat] = tuple(sorted(seen))
        return out


TABLE = BakerstreetTable
