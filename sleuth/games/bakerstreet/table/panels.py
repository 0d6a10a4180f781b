"""The side panel right of the ring: the bidding (with the number of the bid control), a dispute's
hands and totals, an evaluation counted card by card, the letter picker's frame and the close of
the case; and ``LetterTile``, the picker's widget for one evidence card.

``SidePanel`` draws one frame from what the table hands it; it keeps nothing between frames.
``TablePanels``, mixed into ``BakerstreetTable`` (table/__init__.py), hands it that and draws the
results screen's picture of each player's letters.
"""

from __future__ import annotations

from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.table.layout import BID_ROW_UP, GHOST, PANEL, Layout
from sleuth.games.bakerstreet.table.model import Show
from sleuth.games.bakerstreet.table.paint import Faces, fit_text, longest_run_of
from sleuth.games.bakerstreet.table.words import Names, cap, panel_hint, reason_text
from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.theme import Palette, mix
from sleuth.ui.widgets import Button
from sleuth.ui.words import plural, possessive, says


class LetterTile(Button):
    """One evidence card of the looked-through stack in the letter picker: a button (click, Enter
    or Space takes the letter) drawn as a card."""

    def __init__(self, rect: Rect, letter: str, note: str, on_click, enabled: bool, tooltip: str) -> None:
        super().__init__(rect, tooltip=tooltip, enabled=enabled, on_click=on_click)
        self.letter = letter
        self.note = note

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


class SidePanel:
    """The panel as of one frame.

    ``show``: what the timeline shows at second ``at`` (None: nothing yet); ``busy``: animations run;
    ``latest_eval``: the last evaluation in the log; ``bid_value``: the amount in the bid control, None
    when the control is not shown. ``layout`` gives the seating (``bottom``) and the number of stacks.
    """

    def __init__(self, obs, layout: Layout, faces: Faces, viewer: int | None, name: Names, busy: bool, at: float,
                 show: Show | None, latest_eval: R.Evaluated | None, bid_value: int | None) -> None:
        self.obs = obs
        self.layout = layout
        self.faces = faces
        self.viewer = viewer
        self.name = name
        self.busy = busy
        self.at = at
        self.show = show
        self.latest_eval = latest_eval
        self.bid_value = bid_value

    @property
    def bottom(self) -> int:
        return self.layout.bottom

    def draw(self, canvas: Canvas, pal: Palette) -> None:
        obs = self.obs
        canvas.alpha_box(PANEL, pal.panel, 170, radius=12)
        canvas.box(PANEL, pal.brass_dark, radius=12, width=2)
        show = self.show
        if obs.phase == R.OVER and not self.busy:
            self._over(canvas, pal, obs)
        elif show is None or show.kind == "round":
            self._bids(canvas, pal, obs)
        elif show.kind == "dispute":
            self._dispute(canvas, pal, obs, show)
        else:
            self._eval(canvas, pal, obs, show)

    def _title(self, canvas: Canvas, pal: Palette, text: str) -> None:
        x, y, w, h = PANEL
        canvas.text(text, (x + 16, y + 10), 17, pal.brass, bold=True)

    def _bids(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = PANEL
        self._title(canvas, pal, f"Round {obs.round}: bidding")
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
                hidden = f"{cap(possessive(self.name(1 - me)))} {plural(other, 'hidden card')}"
                canvas.text(f"{hidden}: 0 to {5 * other}, about {2.5 * other:g}. Six cards: {total} to "
                            f"{total + 5 * other}.", (x + 22, line_y + 22), 14, pal.paper_dark)
        hint = panel_hint(obs, self.viewer, self.name)
        if hint:
            canvas.paragraph(hint, (x + 22, line_y + 48, w - 44, 60), 15, pal.highlight)
        if obs.phase == R.TURN:
            self._guide(canvas, pal, (x + 16, y + h - 160, w - 32, 92))
        if self.bid_value is not None:
            by = y + h - BID_ROW_UP
            canvas.box((x + 76, by, 82, 46), pal.paper, radius=8)
            canvas.box((x + 76, by, 82, 46), pal.brass_dark, radius=8, width=2)
            canvas.text(str(self.bid_value), (x + 117, by + 23), 32, pal.ink, "center", bold=True)
            lo = obs.min_bid or 0
            canvas.text(f"legal bids: {lo} to {obs.max_bid}", (x + 24, by - 20), 14, pal.paper_dark)

    def _guide(self, canvas: Canvas, pal: Palette, rect: Rect) -> None:
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

    def _dispute(self, canvas: Canvas, pal: Palette, obs, show: Show) -> None:
        e: R.Disputed = show.event
        x, y, w, h = PANEL
        self._title(canvas, pal, "Dispute!")
        canvas.paragraph(f"{says(self.name(e.seat), 'disputes')} {possessive(self.name(e.bidder))} bid of {e.bid}.",
                         (x + 22, y + 38, w - 44, 40), 18, pal.text_light, bold=True)
        for row, seat in enumerate((self.bottom, 1 - self.bottom)):
            values = [v for v, _ in e.hands[seat]]
            text = f"{self.name(seat)}: {' + '.join(map(str, values)) or '-'} = {sum(values)}"
            canvas.text(text, (x + 22, y + 80 + row * 26), 18, pal.text_light)
        win = e.total >= e.bid
        sign = "≥" if win else "<"
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

    def _eval(self, canvas: Canvas, pal: Palette, obs, show: Show) -> None:
        e: R.Evaluated = show.event
        x, y, w, h = PANEL
        stacks = self.layout.stacks
        head = f"Evaluating stack {e.stack + 1}" + (" (Arrow)" if show.origin == "arrow" else "")
        self._title(canvas, pal, head)
        arrived = sum(1 for when in show.times if when <= self.at)
        done = self.at >= show.end
        totals = [0, 0]
        doubled = [False, False]
        for owner, value, symbol in e.cards[:arrived]:
            totals[owner] += value
            doubled[owner] = doubled[owner] or symbol == "double"
        for seat in (self.bottom, 1 - self.bottom):
            cx = self.layout.panel_column(seat)
            canvas.box((cx - 90, y + 38, 180, 26), mix(self.faces.seat_colour(seat), pal.wood_dark, 0.3), radius=6)
            canvas.text(self.name(seat), (cx, y + 51), 16, pal.text_light, "center", bold=True)
            total = totals[seat] * (2 if doubled[seat] else 1)
            text = f"{totals[seat]} x2 = {total}" if doubled[seat] else f"{total}"
            canvas.text("total", (cx, y + h - 116), 13, pal.paper_dark, "center")
            canvas.text(text, (cx, y + h - 100), 26, pal.highlight, "center", bold=True)
        # ghosts of counted cards that have gone on to the used piles
        index = [0, 0]
        counts = [sum(1 for c in e.cards if c[0] == s) for s in range(2)]
        for owner, value, symbol in e.cards[:arrived]:
            px, py = self.layout.tray_pos(owner, index[owner], counts[owner])
            index[owner] += 1
            picking = (not self.busy and obs.phase == R.TAKE and obs.looking is not None
                       and self.viewer == e.winner and e is self.latest_eval)
            if (self.at > show.end + 1.2 or not self.busy) and not picking:
                face = self.faces.detective_face(owner, value, symbol, GHOST)
                canvas.blit(canvas.painted(face.key, GHOST, face.paint), (px, py), "center")
        # the latest symbol, called out
        if 0 < arrived:
            owner, value, symbol = e.cards[arrived - 1]
            if symbol != "none" and not done:
                call = {"stop": "STOP! Counting ends here.",
                        "double": f"x2! {cap(possessive(self.name(owner)))} total is doubled.",
                        "arrow": f"ARROW! Stack {(e.stack + 1) % stacks + 1} is evaluated next."}[symbol]
                canvas.box((x + 20, y + h - 80, w - 40, 28), self.faces.symbol_colour(symbol), radius=6)
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
            if e.arrow and not (obs.phase == R.OVER and e is self.latest_eval):
                extra = f"Arrow: stack {(e.stack + 1) % stacks + 1} is evaluated next."
            stop = any(c[2] == "stop" for c in e.cards)
            if stop:
                extra = ("A Stop ended the count; cards below it stay. " + extra).strip()
            if extra:
                canvas.text(extra, (x + w / 2, y + h - 50), 14, pal.paper_dark, "center")
            if not self.busy and obs.phase == R.TAKE and obs.stack == e.stack and e is self.latest_eval:
                self._take(canvas, pal, obs, e)

    def _take(self, canvas: Canvas, pal: Palette, obs, e: R.Evaluated) -> None:
        x, y, w, h = PANEL
        if obs.looking is not None and self.viewer == e.winner:
            canvas.alpha_box((x + 10, y + 140, w - 20, h - 150), pal.panel, 235, radius=10)
            canvas.box((x + 10, y + 140, w - 20, h - 150), pal.brass, radius=10, width=2)
            score = f"{max(e.totals)} to {min(e.totals)}"
            canvas.text(f"You won stack {e.stack + 1} ({score}): take one letter", (x + 24, y + 150), 18,
                        pal.highlight, bold=True)
            canvas.text("(you may hold each letter once; the rest stay face down)", (x + 24, y + 172), 13,
                        pal.paper_dark)
        else:
            canvas.text(f"{says(self.name(e.winner), 'looks')} through stack {e.stack + 1} and takes a letter.",
                        (x + w / 2, y + h - 28), 15, pal.highlight, "center")

    def _over(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = PANEL
        self._title(canvas, pal, "Case closed")
        outcome = obs.outcome
        if outcome is None:
            return
        winners = [self.name(s) for s in outcome.winners]
        head = f"{winners[0]} wins!" if len(winners) == 1 else "A draw"
        canvas.text(head, (x + 22, y + 44), 34, pal.highlight, bold=True)
        canvas.paragraph(reason_text(outcome.reason, self.name), (x + 22, y + 90, w - 44, 80), 16, pal.text_light)


class TablePanels:
    """The side panel and the results picture, drawn from the table's state."""

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

    # -- results ----------------------------------------------------------------------------
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
            canvas.text(fit_text(canvas, self.name(seat), 16, 104, bold=True), (x + 10, ry + 14), 16, pal.ink,
                        "midleft", bold=True)
            if letters is None:
                count = plural(obs.letter_counts[seat], "letter")
                text = f"{count} (face down: the game does not turn them over for you)"
                if obs.outcome is not None:
                    text = f"{count}, face down; longest run {obs.outcome.scores[seat]:g}"
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
