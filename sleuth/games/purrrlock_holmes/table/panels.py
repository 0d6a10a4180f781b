"""Drawing the Purrrlock Holmes table under and around the sprites: Furriarty's trail band, the
deck and discard outlines, every seat's panel (name, Paws board, score, stand, Lead and Dead End
labels), the hint box, the marks on the tokens a guess would take (the "if right" label sits over
exactly those tokens), the rings on this turn's answered cards, and the results strip.

``TablePanels`` is mixed into ``PurrrlockTable`` (table/__init__.py)."""

from __future__ import annotations

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.layout import (
    DECK_POS,
    DISCARD_POS,
    HINT_BOX,
    OWN_SOLVED,
    TRAIL_BAND,
    TRAIL_X0,
    TRAIL_X1,
    TRAIL_Y,
)
from sleuth.games.purrrlock_holmes.table.paint import CARD, SMALL, back_face
from sleuth.ui.canvas import Canvas
from sleuth.ui.creatures import draw_fishbone, draw_paw, draw_pipe
from sleuth.ui.theme import Palette, mix
from sleuth.ui.words import plural, possessive


class TablePanels:
    """The table's painted panels and the results strip."""

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
        if items and not self.would_take():  # a picked guess puts "if right" there instead
            fx, _ = self.slot_pos(first)
            canvas.text("next", (fx, y + 2), 13, pal.highlight, "midtop", bold=True)
        words = f"Round {obs.round}"
        if obs.last_round:
            words += ": LAST ROUND, Furriarty escapes when it ends!"
        else:
            words += f". Furriarty steps right after {possessive(self.scene.seat_names[obs.players - 1])} turn."
        canvas.text(words, (TRAIL_X0 - 14, y + h - 3), 13, pal.bad if obs.last_round else pal.paper_dark,
                    "bottomleft", bold=obs.last_round)

    def _draw_take_marks(self, canvas: Canvas, pal: Palette) -> None:
        """A ring on each token the picked guess would take, and "if right" centred over exactly
        those (one token: over it; two: over the pair, joined by a bar)."""
        self.take_label_rect = None
        keys = self.would_take()
        spots = [sprite.pos for key in keys if (sprite := self.board.sprite(key)) is not None]
        if not spots:
            return
        for x, y in spots:
            canvas.circle((x, y), 21, pal.highlight, 3)
        left, right = spots[0][0], spots[-1][0]
        top = min(y for _, y in spots) - 21
        if len(spots) > 1:
            canvas.line((left, top + 2), (right, top + 2), pal.highlight, 3)
        centre = (left + right) / 2
        tw, th = canvas.text_size("if right", 13, bold=True)
        box = (centre - tw / 2 - 4, top - th + 1, tw + 8, th)
        canvas.box(box, pal.wood_dark, radius=4)
        self.take_label_rect = canvas.text("if right", (centre, top - th / 2 + 1), 13, pal.highlight, "center",
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
        x, y = DECK_POS
        w, h = SMALL
        face = back_face(pal, SMALL)
        back = canvas.painted(face.key, SMALL, face.paint)
        for i in range(min(4, (obs.deck_size + 9) // 10)):
            canvas.blit(back, (x - w / 2 - i * 1.2, y - h / 2 - i * 1.2))
        if obs.deck_size == 0:
            canvas.box((x - w / 2, y - h / 2, w, h), pal.paper_dark, radius=7, width=1.5)
        canvas.box((DISCARD_POS[0] - w / 2, DISCARD_POS[1] - h / 2, w, h), pal.paper_dark, radius=7, width=1)
        canvas.text(f"Deck {obs.deck_size}", (x, y + h / 2 + 2), 13, pal.text_light, "midtop", bold=True)
        canvas.text(f"Discard {len(obs.discard)}", (DISCARD_POS[0], y + h / 2 + 2), 13, pal.text_light, "midtop",
                    bold=True)

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
            label += ": playing now"
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

    # -- results -----------------------------------------------------------------------------
    def draw_results_extra(self, canvas: Canvas, rect) -> None:
        """The final trail and every inspector's cases, tokens, score and award."""
        pal = self.scene.app.palette
        obs = self.obs
        if obs is None:
            return
        x, y, w, h = rect
        self.draw_results_backdrop(canvas, rect)
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
            canvas.text(plural(len(obs.solved[s]), "case") + " solved"
                        + (", called Paws" if obs.paws_used[s] else ""),
                        (cx + 4, cy + 40), 13, pal.ink_soft)
            for j, value in enumerate(obs.collected[s][:8]):
                px = cx + 12 + j * 20
                fur = caught == s and j == len(obs.collected[s]) - 1
                canvas.circle((px, cy + 68), 8, pal.ink if fur else (pal.paper if value is not None else pal.wood))
                canvas.circle((px, cy + 68), 8, pal.brass_dark, 1)
                label = "F" if fur else (str(value) if value is not None else "")
                canvas.text(label, (px, cy + 68), 13, pal.warn if fur else pal.ink, "center", bold=True)
