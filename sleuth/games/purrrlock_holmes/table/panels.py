"""Drawing the Purrrlock Holmes table under and around the sprites: Furriarty's trail band, the
deck and discard outlines, every seat's panel (name, Paws board, score, stand, Lead and Dead End
labels), the hint box, the marks on the tokens a guess would take (the "if right" label sits over
exactly those tokens), the rings on this turn's answered cards, and the results strip.

``TablePanels`` is mixed into ``PurrrlockTable`` (table/__init__.py)."""

from __future__ import annotations

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.layout import (
    DECK_BOX,
    DECK_POS,
    DISCARD_POS,
    HINT_BOX,
    OWN_SOLVED,
    SOLVED_TOP,
    TRAIL_BAND,
    TRAIL_X0,
    TRAIL_X1,
    TRAIL_Y,
)
from sleuth.games.purrrlock_holmes.table.paint import CARD, SMALL, TOKEN, back_face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import legible
from sleuth.ui.creatures import draw_fishbone, draw_paw, draw_pipe
from sleuth.ui.theme import CAPTION, Palette, mix
from sleuth.ui.widgets import inside
from sleuth.ui.words import plural, possessive

#: the Paws board at the right of every name strip (the couch's "Paws!" button covers it)
PAWS_BOARD = (74, 18)
STRIP_H = 24  # a panel's name strip


class TablePanels:
    """The table's painted panels and the results strip."""

    def _draw_trail(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = TRAIL_BAND
        canvas.alpha_box((x, y, w, h), pal.wood_dark, 150, radius=10)
        canvas.box((x, y, w, h), pal.brass_dark, radius=10, width=1.5)
        # the left end: where tokens are collected
        canvas.box((x + 6, y + 6, 104, h - 12), pal.brass, radius=8)
        canvas.text("START", (x + 58, y + 24), 17, pal.ink, "center", bold=True, serif=True)
        canvas.text("tokens are", (x + 58, y + 48), CAPTION, pal.ink, "center")
        canvas.text("taken here", (x + 58, y + 66), CAPTION, pal.ink, "center")
        canvas.polygon([(x + 110, TRAIL_Y - 11), (x + 124, TRAIL_Y), (x + 110, TRAIL_Y + 11)], pal.brass)
        canvas.line((TRAIL_X0 - 12, TRAIL_Y), (TRAIL_X1 + 12, TRAIL_Y), pal.brass_dark, 3)
        size = self.trail_size()
        items = self.trail_items(obs)
        first = items[0][1] if items else size
        r = TOKEN[0] / 2
        for slot in range(size):
            px, py = self.slot_pos(slot)
            if slot < first:
                canvas.circle((px, py), r - 3, mix(pal.felt_dark, pal.wood_dark, 0.5))
                canvas.circle((px, py), r - 3, pal.brass_dark, 1)
            else:
                canvas.circle((px, py), r + 4, pal.brass_dark, 1)
        # the right end: escape
        ex = TRAIL_X1 + 40
        canvas.polygon([(ex - 8, TRAIL_Y - 13), (ex + 8, TRAIL_Y), (ex - 8, TRAIL_Y + 13)], pal.bad)
        band = mix(pal.felt, pal.wood_dark, 150 / 255)  # the band as it lies over the felt
        canvas.text("ESCAPE", (x + w - 8, y + h - 3), CAPTION, legible(pal.bad, band), "bottomright", bold=True)
        if items and not self.would_take() and obs.outcome is None:  # a picked guess puts "if right" there instead
            fx, _ = self.slot_pos(first)
            canvas.text("next", (fx, TRAIL_Y - r - 1), CAPTION, pal.highlight, "midbottom", bold=True)
        words = f"Round {obs.round}"
        if obs.outcome is not None:
            words += ": the game is over."
        elif obs.last_round:
            words += ": LAST ROUND, Furriarty escapes when it ends!"
        else:
            words += f". Furriarty steps right after {possessive(self.scene.seat_names[obs.players - 1])} turn."
        left = TRAIL_X0 - r
        words = canvas.fit(words, CAPTION, TRAIL_X1 - left - 40, bold=obs.last_round)
        canvas.text(words, (left, y + h - 3), CAPTION, pal.bad if obs.last_round else pal.paper_dark,
                    "bottomleft", bold=obs.last_round)

    def _draw_take_marks(self, canvas: Canvas, pal: Palette) -> None:
        """A ring on each token the picked guess would take, and "if right" centred over exactly
        those (one token: over it; two: over the pair, joined by a bar)."""
        self.take_label_rect = None
        keys = self.would_take()
        spots = [sprite.pos for key in keys if (sprite := self.board.sprite(key)) is not None]
        if not spots:
            return
        ring = TOKEN[0] / 2 + 3
        for x, y in spots:
            canvas.circle((x, y), ring, pal.highlight, 3)
        left, right = spots[0][0], spots[-1][0]
        top = min(y for _, y in spots) - ring
        if len(spots) > 1:
            canvas.line((left, top + 2), (right, top + 2), pal.highlight, 3)
        centre = (left + right) / 2
        tw, th = canvas.text_size("if right", CAPTION, bold=True)
        box = (centre - tw / 2 - 5, top - th + 2, tw + 10, th)
        canvas.box(box, pal.wood_dark, radius=4)
        self.take_label_rect = canvas.text("if right", (centre, top - th / 2 + 2), CAPTION, pal.highlight, "center",
                                           bold=True)

    def _draw_turn_answers(self, canvas: Canvas, pal: Palette) -> None:
        """Ring the cards answered this turn (among the Leads and Dead Ends) until the turn ends."""
        obs = self.obs
        for card, lead in self.turn_answers():
            if card not in obs.leads[self.viewer] + obs.dead_ends[self.viewer]:
                continue  # a right guess since sent it to the discard pile
            sprite = self.board.sprite(("card", card))
            if sprite is None or sprite.hidden or self.board.busy:
                continue
            x, y, w, h = sprite.rect_logical
            canvas.box((x - 3, y - 3, w + 6, h + 6), pal.good if lead else pal.bad, radius=9, width=3)

    def _draw_deck(self, canvas: Canvas, pal: Palette, obs) -> None:
        canvas.alpha_box(DECK_BOX, pal.wood_dark, 110, radius=10)
        x, y = DECK_POS
        w, h = SMALL
        face = back_face(pal, SMALL)
        back = canvas.painted(face.key, SMALL, face.paint)
        for i in range(min(4, (obs.deck_size + 9) // 10)):
            canvas.blit(back, (x - w / 2 - i * 1.2, y - h / 2 - i * 1.2))
        if obs.deck_size == 0:
            canvas.box((x - w / 2, y - h / 2, w, h), pal.paper_dark, radius=7, width=1.5)
        canvas.box((DISCARD_POS[0] - w / 2, DISCARD_POS[1] - h / 2, w, h), pal.paper_dark, radius=7, width=1)
        canvas.text(f"Deck {obs.deck_size}", (x, y + h / 2 + 1), CAPTION, pal.text_light, "midtop", bold=True)
        canvas.text(f"Discard {self.discard_count()}", (DISCARD_POS[0], y + h / 2 + 1), CAPTION, pal.text_light,
                    "midtop", bold=True)

    # -- counters that follow what they count ------------------------------------------------
    def _landed(self, keys) -> bool:
        """Whether none of these sprites is still on its way (or waiting to set off)."""
        for key in keys:
            sprite = self.board.sprite(key)
            if sprite is not None and sprite.move_tween is not None and not sprite.move_tween.finished:
                return False
        return True

    def header_obs(self, seat: int):
        """The facts a seat's name strip prints (score, Paws board): the newest once the tokens it
        counts lie by its cases. They had waited for the whole move's animation: after a right
        guess the tokens lay there for two seconds beside "2 VP" instead of 7 (play-test s38)."""
        obs, shown = self.obs, self.shown_obs
        if shown is None or shown is obs:
            return obs
        keys = [("got", seat, k) for k in range(len(obs.collected[seat]))]
        if obs.caught_furriarty == seat:
            keys.append(("furr",))
        return obs if self._landed(keys) else shown

    def discard_count(self) -> int:
        """The discard pile's count as drawn: the cards that have landed on it, and those still on
        their way off it (a reshuffle). "Discard 14" had stayed while new cards landed on top."""
        obs, shown = self.obs, self.shown_obs
        if shown is None or shown is obs:
            return len(obs.discard)
        leaving = set(shown.discard) - set(obs.discard)
        return (sum(1 for c in obs.discard if self._landed([("card", c)]))
                + sum(1 for c in leaving if not self._landed([("card", c)])))

    def counters_key(self) -> tuple:
        """What the counters that follow their sprites print (for the painted layer's key)."""
        if self.obs is None:
            return ()
        return (self.discard_count(), tuple(self.header_obs(seat) is self.obs for seat in range(self.obs.players)))

    def paws_board_rect(self, seat: int) -> tuple[float, float, float, float]:
        """The Paws board at the right of the seat's name strip."""
        x, y, w, _ = self.panel_rect(seat)
        bw, bh = PAWS_BOARD
        return (x + w - 8 - bw, y + 2 + (STRIP_H - bh) / 2, bw, bh)

    def paws_board_at(self, pos) -> int | None:
        """The seat whose Paws board (the chip in its name strip) is at ``pos``, if any."""
        if self.obs is None:
            return None
        return next((seat for seat in range(self.obs.players) if inside(self.paws_board_rect(seat), pos)), None)

    def _draw_panel(self, canvas: Canvas, pal: Palette, obs, seat: int) -> None:
        x, y, w, h = self.panel_rect(seat)
        own = seat == self.home
        turn = seat == obs.turn and obs.outcome is None
        canvas.alpha_box((x, y, w, h), pal.felt_dark, 110, radius=10)
        canvas.box((x, y, w, h), pal.highlight if turn else pal.felt_light, radius=10, width=2.5 if turn else 1)
        canvas.box((x + 2, y + 2, w - 4, STRIP_H), pal.brass_dark if turn else pal.wood, radius=8)
        mid = y + 2 + STRIP_H / 2
        head = self.header_obs(seat) if obs is self.shown_obs else obs  # the score waits for its tokens
        # the Paws board: the paw side up until flipped
        used = head.paws_used[seat]
        bx, by, bw, bh = self.paws_board_rect(seat)
        canvas.box((bx, by, bw, bh), pal.paper_dark if not used else pal.ink_soft, radius=4)
        if not used:
            draw_paw(canvas, (bx + 12, mid), 13, pal.wood)
        # once called, the board says what the call costs: the score beside it counts it
        canvas.text(f"Paws -{self.cards.paws_cost}" if used else "Paws", (bx + bw / 2 + (0 if used else 7), mid),
                    CAPTION, pal.paper if used else pal.ink, "center", bold=True)
        name = self.scene.seat_names[seat]
        # the fullest words for the score that leave the name whole
        room = bx - 8 - (x + 10) - canvas.text_size(name, 15, bold=True)[0] - 10
        texts = self._score_texts(head, seat)
        score = next((t for t in texts if canvas.text_size(t, CAPTION, bold=True)[0] <= room), texts[-1])
        drawn = canvas.text(score, (bx - 8, mid), CAPTION, pal.text_light, "midright", bold=True)
        label = name + (" (you)" if seat == self.viewer and name.lower() != "you" else "")
        if turn:
            label += ": playing now"
        room = drawn[0] - 10 - (x + 10)
        if canvas.text_size(label, 15, bold=True)[0] > room:
            label = name  # the strip's colour still says whose turn it is
        canvas.text(canvas.fit(label, 15, room, bold=True), (x + 10, mid), 15,
                    legible(pal.highlight, pal.brass_dark) if turn else pal.text_light, "midleft", bold=True)
        # the stand and the sides
        sx, sy = self.stand_pos(seat)
        bar = (sx - CARD[0] / 2 - 9, sy + CARD[1] / 2 - 4, CARD[0] + 18, 10)
        canvas.box(bar, pal.wood, radius=3)
        canvas.box(bar, pal.wood_dark, radius=3, width=1)
        if not obs.has_investigation[seat]:
            canvas.box((sx - CARD[0] / 2, sy - CARD[1] / 2, CARD[0], CARD[1]), pal.paper_dark, radius=7, width=1)
            canvas.text("none", (sx, sy), CAPTION, pal.paper_dark, "center")
        for dead in (False, True):
            rx, ry, rw, rh = self.lead_region(seat, dead)
            colour = pal.bad if dead else pal.good
            # over the cards, which grow outwards from the stand: the label sits on the stand's side
            if dead:
                ix = rx + 11
                draw_fishbone(canvas, (ix, ry + 9), 18, colour)
                canvas.text("Dead Ends", (ix + 14, ry + 9), CAPTION, pal.paper_dark, "midleft", bold=True)
            else:
                ix = rx + rw - 11
                draw_pipe(canvas, (ix, ry + 9), 18, colour)
                canvas.text("Leads", (ix - 14, ry + 9), CAPTION, pal.paper_dark, "midright", bold=True)
        if own:
            canvas.text("Completed", (OWN_SOLVED[0] + 6, OWN_SOLVED[1] + 9), CAPTION, pal.paper_dark, "midleft",
                        bold=True)
            if self.nothing_completed(seat):
                sx0, sy0, sw, sh = OWN_SOLVED
                canvas.text("none yet", (sx0 + 6, sy0 + SOLVED_TOP + (sh - SOLVED_TOP) / 2), CAPTION, pal.paper_dark,
                            "midleft")
            if seat == self.viewer:
                canvas.text("Your Investigation", (sx, sy - CARD[1] / 2 - 2), CAPTION, pal.paper_dark, "midbottom",
                            bold=True)
        elif self.nothing_completed(seat):
            sx0, sy0, sw, sh = self.solved_region(seat)
            canvas.text(canvas.fit("no completed Investigation yet", CAPTION, sw - 12), (sx0 + 6, sy0 + sh / 2),
                        CAPTION, pal.paper_dark, "midleft")
        if not own:
            ax, ay = self.hand_anchor(seat)
            if obs.hand_sizes[seat] == 0:
                canvas.text("no cards", (ax, ay), CAPTION, pal.paper_dark, "center")

    def nothing_completed(self, seat: int) -> bool:
        """Whether a seat's panel says it has completed no Investigation: neither in the facts
        shown nor in the newest ones, so the words never lie under a card flying in. (They had gone
        during every animation at the table, a blink at each move.)"""
        return all(o.solved[seat] == () and not o.collected[seat] for o in (self.shown_obs, self.obs))

    def _draw_hint(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = HINT_BOX
        canvas.alpha_box((x, y, w, h), pal.panel, 130, radius=8)
        canvas.box((x, y, w, h), pal.brass_dark, radius=8, width=1)
        if self.viewer is None:
            # once the game is over nobody comes to the screen: what the finished table shows; a
            # replay's "everything" eyes show every hand (this box had said they were hidden)
            if obs.hands is not None:
                text = ("Everything revealed: every hand and every Investigation is face up. Press E to see "
                        "through a player's eyes.")
            else:
                text = (self.public_view_words("hands and notes")
                        or "The game is over: every Investigation is face up.")
            canvas.paragraph(text, (x + 10, y + 9, w - 20, h - 16), 15, pal.paper_dark)
            return
        canvas.paragraph(self._hint_text(), (x + 10, y + 9, w - 20, h - 16), 15, pal.text_light)

    # -- results -----------------------------------------------------------------------------
    def draw_results_extra(self, canvas: Canvas, rect) -> None:
        """The final trail, then one line per inspector: name, award, score, cases and tokens."""
        pal = self.scene.app.palette
        obs = self.obs
        if obs is None:
            return
        x, y, w, h = rect
        self.draw_results_backdrop(canvas, rect)
        # the trail as it ended
        ty = y + 14
        shown = canvas.text("Trail:", (x + 10, ty), CAPTION, pal.ink_soft, "midleft", bold=True)
        items = self.trail_items()
        tx = shown[0] + shown[2] + 16
        if not items:
            canvas.text("empty", (tx - 6, ty), CAPTION, pal.ink_soft, "midleft")
        for i, (key, _slot) in enumerate(items):
            if key == ("furr",):
                _results_token(canvas, pal, (tx + i * 24, ty), "F", pal.ink, pal.warn)
            else:
                value = obs.trail[key[1] - self.removed()]
                _results_token(canvas, pal, (tx + i * 24, ty), str(value) if value is not None else "",
                               pal.paper if value is not None else pal.wood, pal.ink)
        caught = obs.caught_furriarty
        outcome = obs.outcome
        status = "Furriarty caught" if caught is not None else "Furriarty escaped"
        canvas.text(status, (x + w - 10, ty), CAPTION, pal.good if caught is not None else pal.bad, "midright",
                    bold=True)
        # the inspectors, a line each
        n = obs.players
        awards = outcome.awards if outcome is not None else {}
        scores = outcome.scores if outcome is not None else [0] * n
        top = y + 30
        row = min(26.0, (y + h - 4 - top) / max(1, n))
        name_w = 0.26 * w
        award_x, award_w = x + 10 + name_w + 8, 0.25 * w
        score_x = award_x + award_w + 12
        cases_x = score_x + 56
        tokens_x = cases_x + 112
        for s in range(n):
            cy = top + row * s + row / 2
            if s % 2 == 0:
                canvas.box((x + 4, cy - row / 2, w - 8, row), mix(pal.paper, pal.paper_dark, 0.2), radius=4)
            canvas.text(canvas.fit(self.scene.seat_names[s], CAPTION, name_w, bold=True), (x + 10, cy), CAPTION,
                        pal.ink, "midleft", bold=True)
            for title, seats in awards.items():
                if s in seats:
                    colour = pal.good if title == R.CHIEF else pal.bad
                    badge = min(18.0, row - 1)
                    canvas.box((award_x, cy - badge / 2, award_w, badge), colour, radius=4)
                    canvas.text(canvas.fit(title, CAPTION, award_w - 8, bold=True), (award_x + award_w / 2, cy),
                                CAPTION, pal.paper, "center", bold=True)
            canvas.text(f"{scores[s]:g} VP", (score_x, cy), CAPTION, pal.ink, "midleft", bold=True)
            cases = plural(len(obs.solved[s]), "case") + (", Paws" if obs.paws_used[s] else "")
            canvas.text(cases, (cases_x, cy), CAPTION, pal.ink_soft, "midleft")
            values = obs.collected[s]
            paws = bool(obs.paws_used[s])
            room = x + w - 14 - tokens_x
            step = min(22.0, room / max(1, len(values) + paws - 1))
            for j, value in enumerate(values):
                fur = caught == s and j == len(values) - 1
                label = "F" if fur else (str(value) if value is not None else "")
                _results_token(canvas, pal, (tokens_x + j * step, cy), label,
                               pal.ink if fur else (pal.paper if value is not None else pal.wood),
                               pal.warn if fur else pal.ink)
            if paws:  # the VP the Paws call cost, as a token of its own: the row adds up to the score
                _results_token(canvas, pal, (tokens_x + len(values) * step, cy), "-1", pal.bad, pal.paper)


def _results_token(canvas: Canvas, pal: Palette, centre, label: str, fill, ink) -> None:
    """A paw print token in the results strip (its value, F for Furriarty, blank face down)."""
    canvas.circle(centre, 9.5, fill)
    canvas.circle(centre, 9.5, pal.brass_dark, 1)
    if label:
        canvas.text(label, centre, CAPTION, ink, "center", bold=True)
