"""Case Connection panels: the table's areas drawn around the sprites, and the results chart.

``TablePanels`` gives ``CaseTable`` its ``draw``: the location boards, the supplies, every player's
compact area and counts, your desk (drawn by ``desk_panels``), the lead offer and keep-2 choice,
your lead's icon checklist, tray labels, legends, callouts (and another player's reconstruction
shown beside their area), and ``draw_results_extra`` for the results screen. The pieces themselves are sprites painted in ``paint.py``; the sentences drawn
here come from ``words.py`` (short labels, headings and counts stay beside the drawing).
"""

from __future__ import annotations

from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.cards import SIDES, UNIVERSAL
from sleuth.games.case_connection.grid import solve
from sleuth.games.case_connection.table.desk_panels import DeskPanels
from sleuth.games.case_connection.table.layout import (
    BONUS_POOL,
    CARD,
    COIN,
    DESK,
    DONE_ROW,
    LEAD_DECK,
    LEAD_PANEL,
    LOWER_Y,
    OFFER,
    PILE,
    RIGHT_W,
    RIGHT_X,
    STAGING,
    SUPPLY,
    THREAD_DECK,
    TOKEN,
    TRAY,
    TRAY_THREAD_Y,
    TRAY_TOKEN,
    TRAY_TOKEN_Y,
    UNIVERSAL_SUPPLY,
    panel_dims,
)
from sleuth.games.case_connection.table.paint import draw_bonus, draw_symbol, paint_token
from sleuth.games.case_connection.table.words import KEEP_2_WORDS
from sleuth.ui.canvas import Canvas
from sleuth.ui.theme import Palette, mix
from sleuth.ui.words import plural


def fit_text(canvas: Canvas, text: str, size: float, width: float, bold: bool = False) -> str:
    """The toolkit's ellipsis cut (``Canvas.fit``), under the name this table's code uses."""
    return canvas.fit(text, size, width, bold)


class TablePanels(DeskPanels):
    """Everything drawn around the sprites; mixed into ``CaseTable`` (uses its ``obs``, ``viewer``, ``board``,
    ``cards``, ``widgets``, ``callouts`` and faces)."""

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        obs = self.obs
        if obs is None:
            return
        pal = self.pal
        self._draw_locations(canvas, pal, obs)
        self._draw_supplies(canvas, pal, obs)
        for seat, rect in self.seat_rects().items():
            self._draw_panel(canvas, pal, obs, seat, rect)
        if self.viewer is not None:
            self._draw_own(canvas, pal, obs, self.viewer)
        self.board.draw_areas(canvas)
        self.board.draw(canvas)
        if self.viewer is not None:
            self._draw_edge_marks(canvas, pal)
            self._draw_counts(canvas, pal, obs)
            self._draw_hint_marks(canvas, pal)
        else:
            for seat, rect in self.seat_rects().items():
                self._draw_panel_counts(canvas, pal, obs, seat, rect)
            self._draw_symbol_legend(canvas, pal, 16, 704)
            self._draw_bonus_legend(canvas, pal, 520, 704)
        if self.viewer is not None:
            for seat, rect in self.seat_rects().items():
                self._draw_panel_counts(canvas, pal, obs, seat, rect)
        self.widgets.draw(canvas, pal)
        if self.viewer is not None:
            self._draw_cursor(canvas, pal)
        self._draw_callouts(canvas, pal)

    def _draw_callouts(self, canvas: Canvas, pal: Palette) -> None:
        for shown, box, showing in self.shown_layouts:
            if showing:
                self._draw_shown_layout(canvas, pal, shown, box)
        self.callouts.draw(canvas, pal)

    SHOWN_CELL = 36

    def _shown_box(self, e: R.Reconstructed, rect) -> tuple[float, float, float, float]:
        """Where another player's reconstruction is shown: beside their area (or over it)."""
        cells = [(0, 0)] + [(x, y) for _, x, y in e.cards]
        cols = max(c[0] for c in cells) - min(c[0] for c in cells) + 1
        rows = max(c[1] for c in cells) - min(c[1] for c in cells) + 1
        w, h = cols * self.SHOWN_CELL + 20, rows * self.SHOWN_CELL + 20
        px, py, pw, ph = rect
        left = px - w - 10 if self.viewer is not None else px + pw / 2 - w / 2
        top = min(max(py + 36, LOWER_Y + 40), 716 - h)
        return (left, top, w, h)

    def _draw_shown_layout(self, canvas: Canvas, pal: Palette, e: R.Reconstructed, box) -> None:
        """Another player's reconstruction as it lay on their table."""
        size = self.SHOWN_CELL
        left, top, w, h = box
        cells = [(0, 0)] + [(x, y) for _, x, y in e.cards]
        x0, y0 = min(c[0] for c in cells), min(c[1] for c in cells)
        canvas.shadow(box, radius=8, spread=6, alpha=110, offset=(3, 4))
        canvas.box(box, mix(pal.felt_dark, pal.wood_dark, 0.3), radius=8)
        canvas.box(box, pal.brass, radius=8, width=2)

        def centre(cx: int, cy: int) -> tuple[float, float]:
            return (left + 10 + (cx - x0) * size + size / 2, top + 10 + (cy - y0) * size + size / 2)

        card = size - 3
        faces = [(self.lead_face(e.lead, card), (0, 0))]
        faces += [(self.thread_face(tid, card), (x, y)) for tid, x, y in e.cards]
        for face, (cx, cy) in faces:
            canvas.blit(canvas.painted(face.key, (card, card), face.paint), centre(cx, cy), "center")
        for x1, y1, x2, y2, code in e.proofs:
            a, b = centre(x1, y1), centre(x2, y2)
            face = self.token_face(code, 16)
            canvas.blit(canvas.painted(face.key, (16, 16), face.paint), ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2),
                        "center")

    def _draw_locations(self, canvas: Canvas, pal: Palette, obs) -> None:
        for loc, (threads, proofs) in enumerate(obs.locations):
            x, y, w, h = self.loc_rect(loc)
            items = sum(t is not None for t in threads) + sum(p is not None for p in proofs)
            open_ = items >= 2
            chosen = self.visiting == loc and self.my_turn()
            canvas.shadow((x, y, w, h), radius=10, spread=4, alpha=70, offset=(2, 3))
            canvas.box((x, y, w, h), mix(pal.wood, pal.felt_dark, 0.25), radius=10)
            canvas.box((x + 3, y + 3, w - 6, h - 6), pal.highlight if chosen else pal.brass_dark, radius=8,
                       width=3 if chosen else 1.5)
            canvas.text(self.cards.locations[loc].name.upper(), (x + 10, y + 5), 15, pal.brass, bold=True)
            note = plural(items, "item") if open_ else "closed: 1 item" if items == 1 else "empty"
            canvas.text(note, (x + w - 10, y + 6), 14, pal.text_light if open_ else pal.warn, "topright")
            for k in range(len(threads)):
                cx, cy = self.loc_thread_pos(loc, k)
                canvas.box((cx - CARD / 2, cy - CARD / 2, CARD, CARD), mix(pal.wood_dark, pal.felt_dark, 0.4),
                           radius=6)
                canvas.box((cx - CARD / 2, cy - CARD / 2, CARD, CARD), pal.brass_dark, radius=6, width=1)
            for k in range(len(proofs)):
                cx, cy = self.loc_proof_pos(loc, k)
                canvas.circle((cx, cy), TOKEN / 2, mix(pal.wood_dark, pal.felt_dark, 0.4))
                canvas.circle((cx, cy), TOKEN / 2, pal.brass_dark, 1)

    def _draw_supplies(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = SUPPLY
        canvas.alpha_box((x, y, w, h), pal.shadow, 110, radius=10)
        canvas.box((x, y, w, h), pal.brass_dark, radius=10, width=1.5)
        back = self.thread_back(34)
        surf = canvas.painted(back.key, (34, 34), back.paint)
        for i in range(min(3, obs.thread_deck)):
            canvas.blit(surf, (THREAD_DECK[0] - 17 - i * 1.5, THREAD_DECK[1] - 17 - i * 1.5), "topleft")
        lead_back = self.lead_back(34)
        surf = canvas.painted(lead_back.key, (34, 34), lead_back.paint)
        for i in range(min(3, obs.lead_deck)):
            canvas.blit(surf, (LEAD_DECK[0] - 17 - i * 1.5, LEAD_DECK[1] - 17 - i * 1.5), "topleft")
        tb = self.token_back(26)
        surf = canvas.painted(tb.key, (26, 26), tb.paint)
        for i in range(min(3, obs.proof_pile)):
            canvas.blit(surf, (PILE[0] - 13 + i * 3, PILE[1] - 13 - i * 2), "topleft")
        if obs.universal_supply:
            canvas.blit(canvas.painted(("cc-token", UNIVERSAL, 26, pal.accents), (26, 26),
                                       lambda c: paint_token(c, 26, UNIVERSAL, pal)),
                        (UNIVERSAL_SUPPLY[0] - 13, UNIVERSAL_SUPPLY[1] - 13), "topleft")
        if obs.bonus_pool:
            canvas.blit(canvas.painted(self.coin_face().key, (COIN, COIN), self.coin_face().paint),
                        (BONUS_POOL[0] - COIN / 2, BONUS_POOL[1] - COIN / 2), "topleft")
        for (px, py), count, label in ((THREAD_DECK, obs.thread_deck, "threads"), (LEAD_DECK, obs.lead_deck, "leads"),
                                       (PILE, obs.proof_pile, "proofs"),
                                       (UNIVERSAL_SUPPLY, obs.universal_supply, "universal"),
                                       (BONUS_POOL, obs.bonus_pool, "bonus points")):
            canvas.text(str(count), (px + 22, py - 9), 17, pal.text_light, "topleft", bold=True)
            canvas.text(label, (px + 22, py + 6), 14, pal.paper_dark, "topleft")

    def _panel_box(self, canvas: Canvas, pal: Palette, obs, seat: int, rect) -> None:
        x, y, w, h = rect
        turn = seat in obs.pending and obs.phase != R.PHASE_OVER
        canvas.alpha_box(rect, pal.shadow, 100, radius=10)
        canvas.box(rect, pal.highlight if turn else pal.brass_dark, radius=10, width=2.5 if turn else 1)
        colour = pal.seats[seat % len(pal.seats)]
        canvas.circle((x + 14, y + 14), 6, colour)
        canvas.circle((x + 14, y + 14), 6, pal.ink, 1)
        name = self.name(seat) + (" (you)" if seat == self.viewer and self.name(seat).lower() != "you" else "")
        status = ("to play" if obs.phase == R.PHASE_PLAY else "choosing") if turn else ""
        self._draw_header(canvas, pal, (x + 26, y + 6, w - 36), name, status, obs.scores[seat], turn)

    def _draw_header(self, canvas: Canvas, pal: Palette, row, name: str, status: str, score: int,
                     turn: bool) -> None:
        """A name, a status tag and the score on one row, never overlapping: the score keeps the
        right end, the tag sits before it, and the name gets what is left (cut short with an
        ellipsis when it does not fit)."""
        x, y, w = row
        score_text = plural(score, "point")
        right = x + w - canvas.text_size(score_text, 16, True)[0]
        canvas.text(score_text, (x + w, y), 16, pal.brass, "topright", bold=True)
        if status:
            tag_w = canvas.text_size(status, 14, True)[0] + 12
            right -= 8 + tag_w
            canvas.box((right, y - 1, tag_w, 19), pal.highlight, radius=5)
            canvas.text(status, (right + tag_w / 2, y + 8.5), 14, pal.ink, "center", bold=True)
        canvas.text(fit_text(canvas, name, 16, right - 8 - x, bold=True), (x, y), 16,
                    pal.highlight if turn else pal.text_light, bold=True)

    def _draw_panel(self, canvas: Canvas, pal: Palette, obs, seat: int, rect) -> None:
        self._panel_box(canvas, pal, obs, seat, rect)
        x, y, w, h = rect
        d = panel_dims(rect)
        if obs.leads[seat] is None:
            canvas.box((x + 8, y + 30, d.lead, d.lead), pal.brass_dark, radius=6, width=1)
            canvas.text("no lead", (x + 8 + d.lead / 2, y + 30 + d.lead / 2), 14, pal.paper_dark, "center")
        if not obs.threads[seat]:
            canvas.text("no threads", (d.threads_x, y + 36), 14, pal.paper_dark)

    def _draw_panel_counts(self, canvas: Canvas, pal: Palette, obs, seat: int, rect) -> None:
        x, y, w, h = rect
        d = panel_dims(rect)
        for kind_index in range(len(obs.proof_kinds)):
            n = obs.proofs[seat][kind_index]
            px, py = d.token_pos(kind_index, max(n - 1, 0))
            tx = px + d.token / 2 + 3
            if n:
                canvas.text(f"x{n}", (tx, py), 14, pal.text_light, "midleft", bold=True)
            else:
                canvas.circle((px, py), d.token / 2, pal.brass_dark, 1)
                canvas.text("0", (tx, py), 14, pal.paper_dark, "midleft")
        if not obs.completed[seat] and not obs.bonus_tokens[seat]:
            canvas.text("no lead completed yet", (x + 8, d.done_y - 7), 14, pal.paper_dark)

    def _draw_own(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        canvas.alpha_box(DESK, pal.shadow, 90, radius=10)
        canvas.alpha_box((RIGHT_X - 4, LOWER_Y, RIGHT_W + 8, 720 - LOWER_Y - 4), pal.shadow, 90, radius=10)
        if not self.desk_shown():
            if obs.offer:
                self._draw_offer(canvas, pal, obs)
            else:
                self._draw_keep(canvas, pal, obs)
            self._draw_lead_status(canvas, pal, obs, me)
            self._draw_tray_labels(canvas, pal, obs, me)
            return
        self._draw_desk(canvas, pal, obs, me)
        self._draw_message(canvas, pal, obs, me)
        self._draw_lead_status(canvas, pal, obs, me)
        self._draw_tray_labels(canvas, pal, obs, me)

    def _targets_for_key(self, key) -> set:
        sprite = self.board.sprite(key)
        return self._targets_for(sprite) if sprite is not None else set()

    def _draw_offer(self, canvas: Canvas, pal: Palette, obs) -> None:
        n = len(obs.offer)
        canvas.text("CHOOSE YOUR LEAD", (DESK[0] + 10, DESK[1] + 8), 15, pal.brass, bold=True)
        canvas.paragraph(self._offer_words(n), (DESK[0] + 10, DESK[1] + 30, DESK[2] - 20, 60), 15, pal.text_light)
        me = self.viewer
        held = dict(zip(obs.proof_kinds, obs.proofs[me], strict=True))
        for k, lid in enumerate(obs.offer):
            x, y = self.offer_pos(k, n)
            lead = self.cards.lead(lid)
            lines = []
            for side, icons in enumerate(lead.sides):
                if icons:
                    lines.append(f"{SIDES[side]}: {' + '.join(self.sym(c) for c in icons)}")
            for i, line in enumerate(lines):
                canvas.text(line, (x, y + OFFER / 2 + 8 + i * 16), 14, pal.text_light, "midtop")
            ready = solve(self.cards, lead, obs.threads[me], held) is not None
            if ready:
                canvas.text("ready with your items!", (x, y - OFFER / 2 - 20), 14, pal.highlight, "midtop", bold=True)

    def _draw_keep(self, canvas: Canvas, pal: Palette, obs) -> None:
        canvas.text("KEEP 2 ITEMS", (DESK[0] + 10, DESK[1] + 8), 15, pal.brass, bold=True)
        canvas.paragraph(KEEP_2_WORDS, (DESK[0] + 10, DESK[1] + 30, DESK[2] - 20, 80), 15, pal.text_light)
        for k in range(2):
            x, y = DESK[0] + DESK[2] / 2 - 100 + k * 200, 360
            canvas.box((x - 40, y - 40, 80, 80), pal.brass_dark, radius=8, width=1.5)
            if k < len(self.keep_sel):
                key = self.keep_sel[k]
                if key[0] == "thread":
                    face = self.thread_face(key[1], 64)
                else:
                    face = self.token_face(self.kind_of[key[1]], 48)
                size = 64 if key[0] == "thread" else 48
                canvas.blit(canvas.painted(face.key, (size, size), face.paint), (x, y), "center")
                canvas.text(self._keep_label(key), (x, y + 50), 15, pal.text_light, "midtop", bold=True)
            else:
                canvas.text("click an item", (x, y), 14, pal.paper_dark, "center")

    def _draw_lead_status(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        x, y, w, h = LEAD_PANEL
        lid = obs.leads[me]
        score = obs.scores[me]
        turn = me in obs.pending and obs.phase != R.PHASE_OVER
        self._draw_header(canvas, pal, (x + 6, y + 2, w - 12), self.name(me), "your turn" if turn else "", score,
                          turn)
        if lid is None:
            canvas.text("No lead yet.", (x + 6, y + 26), 15, pal.paper_dark)
            return
        lead = self.cards.lead(lid)
        canvas.text(f"Your lead: {plural(lead.points, 'point')}. Connect every icon:", (x + 6, y + 23), 14,
                    pal.paper_dark)
        fb = self.feedback()
        icons = fb.icons if fb is not None else []
        pitch = 16 if len(icons) <= 4 else 14.5
        for i, (_side, code, status, words) in enumerate(icons):
            lx = x + 8
            ly = y + 48 + i * pitch
            draw_symbol(canvas, code, (lx + 7, ly), 14, pal)
            ok = status != "missing"
            mark_x = lx + 22
            if ok:
                canvas.lines([(mark_x, ly), (mark_x + 4, ly + 4), (mark_x + 11, ly - 5)], pal.good, 2.5)
            else:
                canvas.circle((mark_x + 5, ly), 5, pal.bad, 2)
            canvas.text(words, (lx + 38, ly), 14, pal.text_light if ok else pal.paper_dark, "midleft")

    def _draw_tray_labels(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        x, y, w, h = TRAY
        placed = len(self.layout().cells) if self.layout() else 0
        loose = len(obs.threads[me]) - placed
        canvas.line((x, y - 2), (x + w, y - 2), pal.brass_dark, 1)
        canvas.text(f"YOUR THREADS: {loose} here, {placed} on the desk", (x + 6, y + 2), 14, pal.brass, bold=True)
        if not obs.threads[me]:
            canvas.text("none: take threads from the locations", (x + 8, TRAY_THREAD_Y - 6), 14, pal.paper_dark)
        canvas.text("YOUR PROOFS", (x + 6, TRAY_TOKEN_Y - 32), 14, pal.brass, bold=True)
        on_edges = set(self.layout().edges.values())
        for kind_index, code in enumerate(obs.proof_kinds):
            gx = self.tray_group_x(kind_index)
            if not [t for t in self.held[me][code] if t not in on_edges]:
                canvas.circle((gx + TRAY_TOKEN / 2, TRAY_TOKEN_Y), TRAY_TOKEN / 2, pal.brass_dark, 1)
            canvas.text(self.sym(code), (gx, TRAY_TOKEN_Y + 15), 14, pal.paper_dark)
        sx, sy, sw, sh = STAGING
        canvas.line((sx, sy - 4), (sx + sw, sy - 4), pal.brass_dark, 1)
        if self.picks:
            name = self.cards.locations[self.picks[0][2]].name
            canvas.text(fit_text(canvas, f"Taking from {name}: 1 of 2", 14, sw - 12, True), (sx + 6, sy + 2), 14,
                        pal.highlight, bold=True)
        else:
            text, now = self._visit_words(obs)
            colour = pal.text_light if now else pal.paper_dark
            canvas.paragraph(text, (sx + 6, sy, sw - 12, 36), 14, colour)
            self._draw_bonus_legend(canvas, pal, sx + 6, sy + 48)
        dx, dy, dw, dh = DONE_ROW
        canvas.line((dx, dy - 2), (dx + dw, dy - 2), pal.brass_dark, 1)
        canvas.text("COMPLETED", (dx + 6, dy + 4), 14, pal.brass, bold=True)
        if not obs.completed[me] and not obs.bonus_tokens[me]:
            canvas.text("nothing yet", (dx + 96, dy + 36), 14, pal.paper_dark)

    def _draw_bonus_legend(self, canvas: Canvas, pal: Palette, x: float, y: float) -> None:
        """The three bonus icons with their words (bonuses count only next to the lead)."""
        if self.viewer is None:
            canvas.text("Bonus:", (x, y), 14, pal.paper_dark, "midleft")
            x += canvas.text_size("Bonus:", 14)[0] + 12
        for bonus, word in (("bonus_point", "+1 point"), ("universal", "Universal"), ("extra_lead", "extra lead")):
            draw_bonus(canvas, bonus, (x + 7, y), 15, pal)
            canvas.text(word, (x + 17, y), 14, pal.text_light, "midleft")
            x += 17 + canvas.text_size(word, 14)[0] + 10

    def _draw_symbol_legend(self, canvas: Canvas, pal: Palette, x: float, y: float) -> None:
        """The proof symbols with their words: shape first, colour second."""
        for code in self.obs.proof_kinds:
            draw_symbol(canvas, code, (x + 8, y), 16, pal)
            word = self.sym(code)
            canvas.text(word, (x + 20, y), 14, pal.text_light, "midleft")
            x += 20 + canvas.text_size(word, 14)[0] + 18

    def _draw_counts(self, canvas: Canvas, pal: Palette, obs) -> None:
        me = self.viewer
        layout = self.layout()
        on_edges = set(layout.edges.values())
        for kind_index, code in enumerate(obs.proof_kinds):
            free = [t for t in self.held[me][code] if t not in on_edges]
            if free:
                x, y = self.tray_token_pos(kind_index, len(free) - 1, len(free))
                canvas.text(f"x{len(free)}", (x + TRAY_TOKEN / 2 + 3, y), 15, pal.text_light, "midleft", bold=True)
        if obs.phase == R.PHASE_KEEP and self.my_turn():
            for key in self.keep_sel:
                sprite = self.board.sprite(key)
                if sprite is not None:
                    x, y, w, h = sprite.rect_logical
                    tw = canvas.text_size("KEEP", 14, True)[0] + 8
                    canvas.box((x + w / 2 - tw / 2, y - 11, tw, 18), pal.highlight, radius=4)
                    canvas.text("KEEP", (x + w / 2, y - 2), 14, pal.ink, "center", bold=True)
        if self.selected is not None and self.cursor is None:
            sprite = self.board.sprite(self.selected)
            if sprite is not None:
                x, y, w, h = sprite.rect_logical
                canvas.text("now click a place", (x + w / 2, y - 12), 14, pal.highlight, "center", bold=True)

    # -- results ----------------------------------------------------------------------------
    def draw_results_extra(self, canvas: Canvas, rect) -> None:
        """Each player's completed leads (their points on the seals), bonus tokens and total: one row
        per player, the name cut short (with an ellipsis) before it reaches the leads."""
        obs = self.obs
        if obs is None:
            return
        pal = self.pal
        x, y, w, h = rect
        self.draw_results_backdrop(canvas, (x, y, w, h))
        row_h = (h - 8) / max(1, obs.players)
        size = min(26.0, row_h - 4)
        for seat in range(obs.players):
            ry = y + 4 + seat * row_h
            cy = ry + row_h / 2
            colour = pal.seats[seat % len(pal.seats)]
            canvas.circle((x + 12, cy), 5, colour)
            score = plural(obs.scores[seat], "point")
            score_w = canvas.text_size(score, 15, True)[0]
            canvas.text(score, (x + w - 8, cy), 15, pal.ink, "midright", bold=True)
            canvas.text(fit_text(canvas, self.name(seat), 15, 184, bold=True), (x + 22, cy), 15, pal.ink, "midleft",
                        bold=True)
            left, room = x + 212, w - 220 - score_w - 8
            done = obs.completed[seat]
            if not done and not obs.bonus_tokens[seat]:
                canvas.text("no lead completed", (left, cy), 14, pal.ink_soft, "midleft")
                continue
            step = min(size + 3, (room - size) / max(1, len(done) + obs.bonus_tokens[seat] - 1))
            for k, lid in enumerate(done):
                face = self.completed_face(lid, size)
                canvas.blit(canvas.painted(face.key, (size, size), face.paint), (left + k * step, cy - size / 2))
            coin = self.coin_face()
            for k in range(obs.bonus_tokens[seat]):
                cx = left + (len(done) + k) * step + (size - COIN) / 2
                canvas.blit(canvas.painted(coin.key, (COIN, COIN), coin.paint), (cx, cy - COIN / 2))
