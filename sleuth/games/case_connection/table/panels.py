"""Case Connection panels: the table's areas drawn around the sprites, and the results chart.

``TablePanels`` gives ``CaseTable`` its ``draw``: the location boards, the supplies, every player's
compact area and counts (and, under each one's lead, how close they are to reconstructing
it), your desk (drawn by ``desk_panels``), the lead offer and keep-2 choice,
your lead's icon checklist, tray labels, legends, callouts (and another player's reconstruction
shown beside their area), the public view's key of symbols and bonuses, and ``draw_results_extra`` for
the results screen. The pieces themselves are sprites painted in ``paint.py``; the sentences drawn
here come from ``words.py`` (short labels, headings and counts stay beside the drawing).
"""

from __future__ import annotations

from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.cards import SIDES, UNIVERSAL
from sleuth.games.case_connection.grid import solve
from sleuth.games.case_connection.table.desk_panels import DeskPanels
from sleuth.games.case_connection.table.layout import (
    BONUS_POOL,
    BOTTOM,
    CARD,
    COIN,
    DESK,
    DONE_ROW,
    KEEP_SLOT,
    KEEP_SLOTS,
    LEAD_DECK,
    LEAD_PANEL,
    LOC_HEAD,
    LOWER_Y,
    MINI_LEAD,
    OFFER_LINE,
    OPP_Y,
    PILE,
    RIGHT_W,
    RIGHT_X,
    SIDE_W,
    SIDE_X,
    STAGING,
    SUPPLY,
    THREAD_DECK,
    TILE,
    TOKEN,
    TRAY,
    TRAY_PROOF_LABEL_Y,
    TRAY_THREAD_Y,
    TRAY_TOKEN,
    TRAY_TOKEN_Y,
    UNIVERSAL_SUPPLY,
    panel_dims,
)
from sleuth.games.case_connection.table.paint import (
    draw_bonus,
    draw_symbol,
    paint_token,
    symbol_colour,
    token_symbol_size,
)
from sleuth.games.case_connection.table.words import KEEP_2_WORDS, PLACE_IT
from sleuth.ui.canvas import Canvas
from sleuth.ui.theme import Palette, mix
from sleuth.ui.words import ordinal, plural


def fit_text(canvas: Canvas, text: str, size: float, width: float, bold: bool = False) -> str:
    """The toolkit's ellipsis cut (``Canvas.fit``), under the name this table's code uses."""
    return canvas.fit(text, size, width, bold)


class TablePanels(DeskPanels):
    """Everything drawn around the sprites; mixed into ``CaseTable`` (uses its ``obs``, ``viewer``, ``board``,
    ``cards``, ``widgets``, ``callouts`` and faces)."""

    # -- drawing ----------------------------------------------------------------------------
    def static_key(self) -> object | None:
        """The painted layer reads the workbench's state: your arrangement (cards and proofs on the
        desk, where it is scrolled), the items picked on a visit, what is selected or kept, the
        cursor, the free cell under a carried thread, the hint; and whether animations run."""
        if self.obs is None:
            return None
        layout = self.layout()
        desk = None if layout is None else (layout.lead, tuple(layout.cells.items()), tuple(layout.edges.items()),
                                            layout.origin)
        return (*self.static_inputs(), self.busy, desk, tuple(self.picks), self.visiting, self.selected,
                tuple(self.keep_sel), self.cursor, self._snap_cell(),
                self.viewer is not None and self.hint_showing(), self.hint_note)

    def draw_static(self, canvas: Canvas) -> None:
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
        self.widgets.draw(canvas, pal)  # under the cards: no card at rest covers a button

    def draw_moving(self, canvas: Canvas) -> None:
        obs = self.obs
        if obs is None:
            return
        pal = self.pal
        self.board.draw(canvas)
        if self.viewer is not None:
            self._draw_edge_marks(canvas, pal)
            self._draw_counts(canvas, pal, obs)
            self._draw_hint_marks(canvas, pal)
        else:
            for seat, rect in self.seat_rects().items():
                self._draw_panel_counts(canvas, pal, obs, seat, rect)
            self._draw_legends(canvas, pal)
        if self.viewer is not None:
            for seat, rect in self.seat_rects().items():
                self._draw_panel_counts(canvas, pal, obs, seat, rect)
        if self.viewer is not None:
            self._draw_cursor(canvas, pal)
        self._draw_callouts(canvas, pal)

    def _draw_callouts(self, canvas: Canvas, pal: Palette) -> None:
        for shown, box, showing in self.shown_layouts:
            if showing:
                self._draw_shown_layout(canvas, pal, shown, box)
        self.callouts.draw(canvas, pal)

    #: another player's reconstruction shown beside their area: its cards as large as the leads in
    #: the players' areas (every icon on them 14 px or more), a gap between them wide enough for a
    #: 24 px proof between the two icons it joins
    SHOWN_CARD = MINI_LEAD
    SHOWN_GAP = 17
    SHOWN_TOKEN = 24

    @staticmethod
    def _shown_extent(e: R.Reconstructed) -> tuple[int, int, int, int]:
        """(left column, top row, columns, rows) of a reconstruction's cells."""
        cells = [(0, 0)] + [(x, y) for _, x, y in e.cards]
        x0, y0 = min(c[0] for c in cells), min(c[1] for c in cells)
        return x0, y0, max(c[0] for c in cells) - x0 + 1, max(c[1] for c in cells) - y0 + 1

    def _shown_box(self, e: R.Reconstructed, rect) -> tuple[float, float, float, float]:
        """Where another player's reconstruction is shown: beside their area (or over it). A layout
        too tall for the room under the locations has its gaps narrowed."""
        _, _, cols, rows = self._shown_extent(e)
        cell = min(self.SHOWN_CARD + self.SHOWN_GAP, (BOTTOM - LOWER_Y - 40 - 20) / rows)
        w, h = cols * cell + 20, rows * cell + 20
        px, py, pw, ph = rect
        left = px - w - 10 if self.viewer is not None else px + pw / 2 - w / 2
        top = min(max(py + 36, LOWER_Y + 40), BOTTOM - h)
        return (left, top, w, h)

    def shown_pieces(self, e: R.Reconstructed, box) -> list[tuple[object, tuple[float, float], float]]:
        """(face, centre, size) of every piece of a shown reconstruction: the lead, the threads,
        and each proof in the middle of its seam, between the two icons it joins."""
        x0, y0, cols, _ = self._shown_extent(e)
        left, top, w, _ = box
        cell = (w - 20) / cols
        card = min(self.SHOWN_CARD, cell - 3)

        def centre(cx: int, cy: int) -> tuple[float, float]:
            return (left + 10 + (cx - x0) * cell + cell / 2, top + 10 + (cy - y0) * cell + cell / 2)

        out = [(self.lead_face(e.lead, card), centre(0, 0), card)]
        out += [(self.thread_face(tid, card), centre(x, y), card) for tid, x, y in e.cards]
        for x1, y1, x2, y2, code in e.proofs:
            a, b = centre(x1, y1), centre(x2, y2)
            out.append((self.token_face(code, self.SHOWN_TOKEN), ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2),
                        self.SHOWN_TOKEN))
        return out

    def _draw_shown_layout(self, canvas: Canvas, pal: Palette, e: R.Reconstructed, box) -> None:
        """Another player's reconstruction as it lay on their table."""
        canvas.shadow(box, radius=8, spread=6, alpha=110, offset=(3, 4))
        canvas.box(box, mix(pal.felt_dark, pal.wood_dark, 0.3), radius=8)
        canvas.box(box, pal.brass, radius=8, width=2)
        for face, pos, size in self.shown_pieces(e, box):
            canvas.blit(canvas.painted(face.key, (size, size), face.paint), pos, "center")

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
            full = self.cards.locations[loc].name
            # the location's name comes first, then its count, on every board ("closed: 1 item" said
            # nothing of why: a visit takes 2 items); a board too narrow for the reason beside its
            # name (Baker Street) says it on the board, under the count (it had said nothing at all)
            notes = [plural(items, "item") if open_ else "1 item: too few to visit" if items == 1 else "empty",
                     "" if open_ else "1 item" if items == 1 else "empty", ""]
            note = next((n for n in notes if canvas.text_size(full, 18, True, True)[0] + 32
                         + canvas.text_size(n, 14)[0] <= w), notes[-1])
            right = x + w - 10
            if note:
                right = canvas.text(note, (right, y + LOC_HEAD / 2 + 1), 14,
                                    pal.text_light if open_ else pal.warn, "midright")[0] - 12
            name = canvas.fit(full, 18, right - (x + 10), bold=True, serif=True)  # measured in its own face
            canvas.text(name, (x + 10, y + LOC_HEAD / 2 + 1), 18, pal.brass, "midleft", bold=True, serif=True)
            # on the narrow board, the same words as on the others ("closed" had said nothing of why)
            late_note = "" if open_ or note in notes[:1] else ("too few\nto visit" if items == 1 else "empty")
            for k in range(len(threads)):
                cx, cy = self.loc_thread_pos(loc, k)
                canvas.box((cx - CARD / 2, cy - CARD / 2, CARD, CARD), mix(pal.wood_dark, pal.felt_dark, 0.4),
                           radius=7)
                canvas.box((cx - CARD / 2, cy - CARD / 2, CARD, CARD), pal.brass_dark, radius=7, width=1)
            for k in range(len(proofs)):
                cx, cy = self.loc_proof_pos(loc, k)
                canvas.circle((cx, cy), TOKEN / 2, mix(pal.wood_dark, pal.felt_dark, 0.4))
                canvas.circle((cx, cy), TOKEN / 2, pal.brass_dark, 1)
            if late_note:  # a narrow board (Baker Street) has no room beside its name: on its first empty place
                empty = next((self.loc_thread_pos(loc, k) for k, t in enumerate(threads) if t is None), None)
                if empty is None:  # its thread is there: beside it, over the empty proof places
                    last = self.loc_thread_pos(loc, len(threads) - 1)
                    empty = ((last[0] + CARD / 2 + x + w - 3) / 2, last[1])
                if empty is not None:
                    rows = late_note.split("\n")
                    for i, row in enumerate(rows):
                        canvas.text(row, (empty[0], empty[1] + (i - (len(rows) - 1) / 2) * 17), 14, pal.warn, "center",
                                    bold=True)

    def _draw_supplies(self, canvas: Canvas, pal: Palette, obs) -> None:
        """The piles everyone draws from, two rows of icons with their counts."""
        x, y, w, h = SUPPLY
        canvas.alpha_box((x, y, w, h), pal.shadow, 110, radius=10)
        canvas.box((x, y, w, h), pal.brass_dark, radius=10, width=1.5)
        size = 20
        back = self.thread_back(size)
        surf = canvas.painted(back.key, (size, size), back.paint)
        for i in reversed(range(min(3, obs.thread_deck))):
            canvas.blit(surf, (THREAD_DECK[0] - size / 2 + i * 2, THREAD_DECK[1] - size / 2))
        lead_back = self.lead_back(size)
        surf = canvas.painted(lead_back.key, (size, size), lead_back.paint)
        for i in reversed(range(min(3, obs.lead_deck))):
            canvas.blit(surf, (LEAD_DECK[0] - size / 2 + i * 2, LEAD_DECK[1] - size / 2))
        tb = self.token_back(size)
        surf = canvas.painted(tb.key, (size, size), tb.paint)
        for i in reversed(range(min(3, obs.proof_pile))):
            canvas.blit(surf, (PILE[0] - size / 2 + i * 2, PILE[1] - size / 2))
        if obs.universal_supply:
            canvas.blit(canvas.painted(("cc-token", UNIVERSAL, size, pal.accents), (size, size),
                                       lambda c: paint_token(c, size, UNIVERSAL, pal)),
                        (UNIVERSAL_SUPPLY[0] - size / 2, UNIVERSAL_SUPPLY[1] - size / 2))
        if obs.bonus_pool:
            canvas.blit(canvas.painted(self.coin_face().key, (COIN, COIN), self.coin_face().paint),
                        (BONUS_POOL[0] - COIN / 2, BONUS_POOL[1] - COIN / 2))
        for (px, py), count, label in ((THREAD_DECK, obs.thread_deck, "threads"), (LEAD_DECK, obs.lead_deck, "leads"),
                                       (PILE, obs.proof_pile, "proofs"),
                                       (UNIVERSAL_SUPPLY, obs.universal_supply, "universal"),
                                       (BONUS_POOL, obs.bonus_pool, "bonus points")):
            shown = canvas.text(str(count), (px + 20, py), 15, pal.text_light, "midleft", bold=True)
            canvas.text(label, (shown[0] + shown[2] + 4, py), 14, pal.paper_dark, "midleft")

    def _panel_box(self, canvas: Canvas, pal: Palette, obs, seat: int, rect) -> None:
        x, y, w, h = rect
        turn = seat in obs.pending and obs.phase != R.PHASE_OVER
        canvas.alpha_box(rect, pal.shadow, 100, radius=10)
        canvas.box(rect, pal.highlight if turn else pal.brass_dark, radius=10, width=2.5 if turn else 1)
        colour = pal.seats[seat % len(pal.seats)]
        canvas.circle((x + 14, y + 14), 6, colour)
        canvas.circle((x + 14, y + 14), 6, pal.ink, 1)
        name = self.name(seat) + (" (you)" if seat == self.viewer and self.name(seat).lower() != "you" else "")
        status = ("to play" if obs.phase == R.PHASE_PLAY else "choosing") if turn else self._order_tag(obs, seat)
        self._draw_header(canvas, pal, (x + 26, y + 6, w - 36), name, status, obs.scores[seat], turn)

    @staticmethod
    def _order_tag(obs, seat: int) -> str:
        """In the first round, where a seat plays in the turn order ("plays 2nd"): the first player
        is drawn by lot, and only the casebook said who it was."""
        if obs.turns >= obs.players or obs.phase == R.PHASE_OVER:
            return ""
        return f"plays {ordinal((seat - obs.first) % obs.players + 1)}"

    def _draw_header(self, canvas: Canvas, pal: Palette, row, name: str, status: str, score: int,
                     turn: bool) -> None:
        """A name, a status tag and the score on one row, never overlapping: the score keeps the
        right end, the tag sits before it, and the name gets what is left (cut short with an
        ellipsis when it does not fit). The tag is lit on the seat whose turn it is."""
        x, y, w = row
        score_text = plural(score, "point")
        right = x + w - canvas.text_size(score_text, 16, True)[0]
        canvas.text(score_text, (x + w, y), 16, pal.brass, "topright", bold=True)
        if status:
            tag_w = canvas.text_size(status, 14, True)[0] + 12
            right -= 8 + tag_w
            canvas.box((right, y - 1, tag_w, 19), pal.highlight if turn else pal.paper_dark, radius=5)
            canvas.text(status, (right + tag_w / 2, y + 8.5), 14, pal.ink, "center", bold=True)
        canvas.text(fit_text(canvas, name, 16, right - 8 - x, bold=True), (x, y), 16,
                    pal.highlight if turn else pal.text_light, bold=True)

    def _draw_panel(self, canvas: Canvas, pal: Palette, obs, seat: int, rect) -> None:
        self._panel_box(canvas, pal, obs, seat, rect)
        d = panel_dims(rect)
        if obs.leads[seat] is None:
            lx, ly = d.lead_pos()
            canvas.box((lx - d.lead / 2, ly - d.lead / 2, d.lead, d.lead), pal.brass_dark, radius=6, width=1)
            canvas.text("no lead", (lx, ly), 14, pal.paper_dark, "center")
        if not obs.threads[seat]:
            canvas.text("no threads", (d.threads_x, d.top + 6), 14, pal.paper_dark)
        self._draw_progress(canvas, pal, seat, d)

    def _draw_progress(self, canvas: Canvas, pal: Palette, seat: int, d) -> None:
        """Under another player's lead, how close they are to reconstructing it ("Ready now", "1 item
        short"), from what the table shows of them: at a real table everyone builds face up, and here
        a rival had gone from 3 to 7 points with nothing to read beforehand."""
        short = self.rival_shortfall(seat)
        if short is None:
            return
        x, y, w, h = d.progress_room()
        lines = canvas.wrap(self.progress_label(short), 14, w, bold=short <= 1)[:2]
        colour = pal.highlight if short == 0 else pal.text_light if short == 1 else pal.paper_dark
        pitch = d.PROGRESS_LINE
        first = y + h / 2 - (len(lines) - 1) * pitch / 2
        for i, line in enumerate(lines):
            canvas.text(line, (x + w / 2, first + i * pitch), 14, colour, "center", bold=short <= 1)

    def _draw_panel_counts(self, canvas: Canvas, pal: Palette, obs, seat: int, rect) -> None:
        d = panel_dims(rect)
        hand = len(obs.threads[seat])
        if d.pile(hand) > 1:  # a long hand's last threads lie in a pile: its count beside it
            px, py = d.thread_pos(hand - 1, hand)
            canvas.text(f"x{d.pile(hand)}", (px + d.thread / 2 + 3, py), 14, pal.text_light, "midleft", bold=True)
        for kind_index in range(len(obs.proof_kinds)):
            n = obs.proofs[seat][kind_index]
            px, py = d.token_pos(kind_index, max(n - 1, 0))
            tx = px + d.token / 2 + 3
            if n:
                canvas.text(f"x{n}", (tx, py), 14, pal.text_light, "midleft", bold=True)
            else:  # an empty place shows its kind faintly ("0" beside a blank ring named none)
                canvas.circle((px, py), d.token / 2, pal.brass_dark, 1)
                code = obs.proof_kinds[kind_index]
                draw_symbol(canvas, code, (px, py), token_symbol_size(d.token), pal,
                            mix(symbol_colour(pal, code), pal.felt, 0.5))
                canvas.text("0", (tx, py), 14, pal.paper_dark, "midleft")
        coins = obs.bonus_tokens[seat]
        if d.wide and not obs.completed[seat] and not coins:
            canvas.text("no lead completed yet", (d.done_x, d.done_y), 14, pal.paper_dark, "midleft")
        if coins > 1 and not d.wide:
            cx, cy = d.coin_pos(0, len(obs.completed[seat]), coins)
            canvas.text(f"x{coins}", (cx + COIN / 2 + 2, cy), 14, pal.text_light, "midleft", bold=True)

    def _draw_own(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        canvas.alpha_box(DESK, pal.shadow, 90, radius=10)
        canvas.alpha_box((RIGHT_X - 4, LOWER_Y, RIGHT_W + 8, BOTTOM - LOWER_Y), pal.shadow, 90, radius=10)
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
        canvas.text("Choose your lead", (DESK[0] + 12, DESK[1] + 8), 20, pal.brass, bold=True, serif=True)
        canvas.paragraph(self._offer_words(n), (DESK[0] + 12, DESK[1] + 38, DESK[2] - 24, 40), 16, pal.text_light)
        me = self.viewer
        held = dict(zip(obs.proof_kinds, obs.proofs[me], strict=True))
        room = self.offer_pitch(n) - 10
        card = self.offer_card(n)
        for k, lid in enumerate(obs.offer):
            x, y = self.offer_pos(k, n)
            lead = self.cards.lead(lid)
            lines = []
            for side, icons in enumerate(lead.sides):
                if icons:  # "top: Cyber + Forensic", wrapped between words where the leads stand close
                    joined = "\u00a0+ ".join(self.sym(c) for c in icons)  # a line never starts with "+"
                    lines += canvas.wrap(f"{SIDES[side]}: {joined}", 14, room)
            for i, line in enumerate(lines[:self.offer_lines_max(n)]):  # the room above the lead's button
                canvas.text(fit_text(canvas, line, 14, room), (x, y + card / 2 + 6 + i * OFFER_LINE), 14, pal.text_light,
                            "midtop")
            ready = solve(self.cards, lead, obs.threads[me], held) is not None
            if ready:
                label = "ready!" if self.offer_compact(n) else "ready with your items!"
                canvas.text(label, (x, y - card / 2 - 22), 14, pal.highlight, "midtop", bold=True)

    def _draw_keep(self, canvas: Canvas, pal: Palette, obs) -> None:
        canvas.text("Keep 2 items", (DESK[0] + 12, DESK[1] + 8), 20, pal.brass, bold=True, serif=True)
        canvas.paragraph(KEEP_2_WORDS, (DESK[0] + 12, DESK[1] + 38, DESK[2] - 24, 80), 16, pal.text_light)
        for k, (x, y) in enumerate(KEEP_SLOTS):
            canvas.box((x - KEEP_SLOT / 2, y - KEEP_SLOT / 2, KEEP_SLOT, KEEP_SLOT), pal.brass_dark, radius=8, width=1.5)
            if k < len(self.keep_sel):
                key = self.keep_sel[k]
                if key[0] == "thread":
                    face = self.thread_face(key[1], CARD)
                else:
                    face = self.token_face(self.kind_of[key[1]], 52)
                size = CARD if key[0] == "thread" else 52
                canvas.blit(canvas.painted(face.key, (size, size), face.paint), (x, y), "center")
                canvas.text(self._keep_label(key), (x, y + 60), 15, pal.text_light, "midtop", bold=True)
            else:
                canvas.text("click an item", (x, y), 14, pal.paper_dark, "center")

    def _draw_lead_status(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        x, y, w, h = LEAD_PANEL
        lid = obs.leads[me]
        score = obs.scores[me]
        turn = me in obs.pending and obs.phase != R.PHASE_OVER
        self._draw_header(canvas, pal, (x + 8, y + 6, w - 16), self.name(me),
                          "your turn" if turn else self._order_tag(obs, me), score, turn)
        if lid is None:
            canvas.text("No lead yet.", (x + 8, y + 30), 15, pal.paper_dark)
            return
        lead = self.cards.lead(lid)
        if obs.outcome is not None:  # nothing more to connect: "Connect every icon:" led to an empty list
            canvas.text(f"Your lead: {plural(lead.points, 'point')}, not reconstructed.", (x + 8, y + 29), 14,
                        pal.paper_dark)
            return
        fb = self.feedback()
        icons = fb.icons if fb is not None else []
        canvas.text(f"Your lead: {plural(lead.points, 'point')}. Connect every icon:",
                    (x + 8, y + (29 if len(icons) <= 3 else 26)), 14, pal.paper_dark)
        # a line each, whole, in one wording per state: four icons had taken two columns, where
        # "Forensic, bottom" lost its ": connected" and "not connected" read "not yet". Four lines
        # sit closer (a fourth at the same pitch ran under the tray's heading).
        pitch, first = (17, 58) if len(icons) <= 3 else (15.5, 51)
        width = w - 20
        for i, (_side, code, status, words) in enumerate(icons):
            lx = x + 10
            ly = y + first + i * pitch
            draw_symbol(canvas, code, (lx + 7, ly), 15 if len(icons) <= 3 else 14, pal)
            ok = status != "missing"
            mark_x = lx + 22
            if ok:
                canvas.lines([(mark_x, ly), (mark_x + 4, ly + 4), (mark_x + 11, ly - 5)], pal.good, 2.5)
            else:
                canvas.circle((mark_x + 5, ly), 5, pal.bad, 2)
            canvas.text(fit_text(canvas, words, 14, width - 44), (lx + 38, ly), 14,
                        pal.text_light if ok else pal.paper_dark, "midleft")

    def _draw_tray_labels(self, canvas: Canvas, pal: Palette, obs, me: int) -> None:
        x, y, w, h = TRAY
        placed = len(self.layout().cells) if self.layout() else 0
        loose = len(obs.threads[me]) - placed
        canvas.line((x, y - 2), (x + w, y - 2), pal.brass_dark, 1)
        counts = [f"{loose} not laid out" if loose else "", f"{placed} on the desk" if placed else ""]
        heading = ", ".join(part for part in counts if part)  # "0 not laid out, 0 on the desk" says nothing
        canvas.text(f"YOUR THREADS: {heading}" if heading else "YOUR THREADS", (x + 8, y + 3), 14, pal.brass,
                    bold=True)
        if not obs.threads[me]:
            canvas.text("none: take threads from the locations", (x + 8, TRAY_THREAD_Y), 14, pal.paper_dark, "midleft")
        canvas.text("YOUR PROOFS", (x + 8, TRAY_PROOF_LABEL_Y), 14, pal.brass, bold=True)
        on_edges = set(self.layout().edges.values())
        for kind_index, code in enumerate(obs.proof_kinds):
            gx = self.tray_group_x(kind_index)
            if not [t for t in self.held[me][code] if t not in on_edges]:
                canvas.circle((gx + TRAY_TOKEN / 2, TRAY_TOKEN_Y), TRAY_TOKEN / 2, pal.brass_dark, 1)
            canvas.text(self.sym(code), (gx, TRAY_TOKEN_Y + TRAY_TOKEN / 2 + 2), 14, pal.paper_dark)
        sx, sy, sw, sh = STAGING
        canvas.line((sx, sy - 4), (sx + sw, sy - 4), pal.brass_dark, 1)
        if self.picks:
            name = self.cards.locations[self.picks[0][2]].name
            canvas.text(fit_text(canvas, f"Taking from {name}: 1 of 2", 14, sw - 16, True), (sx + 8, sy + 2), 14,
                        pal.highlight, bold=True)
        elif self.selected is not None and self.cursor is None:
            canvas.paragraph(PLACE_IT, (sx + 8, sy + 2, sw - 16, 52), 14, pal.highlight, bold=True)
        else:
            text, now = self._visit_words(obs)
            colour = pal.text_light if now else pal.paper_dark
            canvas.paragraph(text, (sx + 8, sy + 2, sw - 16, 52), 14, colour)
        dx, dy, dw, dh = DONE_ROW
        canvas.line((dx, dy - 2), (dx + dw, dy - 2), pal.brass_dark, 1)
        row_y = self.done_pos(0)[1]
        canvas.text("COMPLETED", (dx + 8, row_y), 14, pal.brass, "midleft", bold=True)
        if not obs.completed[me] and not obs.bonus_tokens[me]:
            canvas.text("nothing yet", (self.done_pos(0)[0] - TILE / 2, row_y), 14, pal.paper_dark, "midleft")
        self._draw_bonus_legend(canvas, pal, dx + 8, dy + dh - 16)

    def _draw_bonus_legend(self, canvas: Canvas, pal: Palette, x: float, y: float) -> None:
        """The three bonus icons with their words (bonuses count only next to the lead)."""
        canvas.text("Bonus:", (x, y), 14, pal.paper_dark, "midleft")
        x += canvas.text_size("Bonus:", 14)[0] + 10
        for bonus, word in (("bonus_point", "+1 point"), ("universal", "Universal"), ("extra_lead", "extra lead")):
            draw_bonus(canvas, bonus, (x + 8, y), 16, pal)
            canvas.text(word, (x + 19, y), 14, pal.text_light, "midleft")
            x += 19 + canvas.text_size(word, 14)[0] + 12

    def _draw_legends(self, canvas: Canvas, pal: Palette) -> None:
        """The public view's key, in the right column: the proof symbols, then the bonus icons."""
        x, y = SIDE_X + 12, OPP_Y + 8
        canvas.text("Proof symbols", (x, y), 20, pal.brass, bold=True, serif=True)
        y += 40
        for code in self.obs.proof_kinds:
            draw_symbol(canvas, code, (x + 10, y), 20, pal)
            canvas.text(self.sym(code), (x + 28, y), 15, pal.text_light, "midleft")
            y += 28
        y += 12
        canvas.text("Bonus icons", (x, y), 20, pal.brass, bold=True, serif=True)
        y += 40
        for bonus, word in (("bonus_point", "+1 point"), ("universal", "a Universal proof"),
                            ("extra_lead", "an extra lead to draw")):
            draw_bonus(canvas, bonus, (x + 10, y), 20, pal)
            canvas.text(word, (x + 28, y), 15, pal.text_light, "midleft")
            y += 28
        canvas.paragraph("A bonus counts only on a card joined directly to the lead.", (x, y + 4, SIDE_W - 24, 60),
                         14, pal.paper_dark)

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
                if sprite is None:
                    continue
                x, y, w, h = sprite.rect_logical
                # a check mark at the corner, where no edge icon lies (a "KEEP" tag across the foot
                # of a thread hid its bottom icon); the keep slots on the desk say it in words
                if key[0] == "tok":
                    canvas.circle((x + w / 2, y + h / 2), w / 2 + 3, pal.highlight, 3)
                cx, cy = x + w - 2, y + 2
                canvas.circle((cx, cy), 9 if key[0] == "thread" else 7, pal.highlight)
                canvas.lines([(cx - 3.5, cy), (cx - 1, cy + 3), (cx + 4, cy - 3)], pal.ink, 2)

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
