"""The side panel right of the ring: the bidding (with the number of the bid control), a dispute's
hands and totals, an evaluation counted card by card, the letter picker's frame and the close of
the case; and ``LetterTile``, the picker's widget for one evidence card.

``SidePanel`` draws one frame from what the table hands it; it keeps nothing between frames.
``TablePanels``, mixed into ``BakerstreetTable`` (table/__init__.py), hands it that and draws the
results screen's picture of each player's letters.
"""

from __future__ import annotations

from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.bots import Memory
from sleuth.games.bakerstreet.table.layout import (
    BID_ROW_UP,
    GHOST,
    GUIDE_H,
    LEFT_X,
    PANEL,
    PANEL_PAD,
    PANEL_SPLIT,
    RIGHT_W,
    RIGHT_X,
    TILE,
    Layout,
)
from sleuth.games.bakerstreet.table.model import Show
from sleuth.games.bakerstreet.table.paint import Faces, fit_text, longest_run_of
from sleuth.games.bakerstreet.table.reasons import about
from sleuth.games.bakerstreet.table.words import Names, panel_hint, reason_text, stay_text, tally
from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.cardart import legible
from sleuth.ui.theme import Palette, mix, panel_ground
from sleuth.ui.widgets import Button
from sleuth.ui.words import cap, named, plural, possessive, says, verb_for


def hidden_estimate(obs, seat: int, cards: int) -> tuple[int, int, float]:
    """The least, the most and the average total of ``cards`` of ``seat``'s detective cards not
    seen face up so far, read from the public log as the bots read it (so the figure is the
    hint's own before any bid)."""
    memory = Memory(obs.seat)
    memory.start(obs)
    memory.update(obs.log)
    counts = memory.unseen_counts(seat)
    values = sorted(v for v, n in enumerate(counts) for _ in range(max(0, n)))
    if len(values) < cards:  # (cannot happen: the hand itself is unseen) the plain range of any cards
        values = sorted(v for v, _ in obs.deck)
    return sum(values[:cards]), sum(values[-cards:]), cards * sum(values) / len(values)


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
        canvas.text(self.letter, (x + w / 2, y + h * 0.36), h * 0.46, pal.ink if self.enabled else pal.ink_soft,
                    "center", bold=True, serif=True)
        colour = pal.ink_soft if not self.enabled else pal.brass_dark
        lines = canvas.wrap(self.note, 14, w - 8, self.enabled)[:2]
        for k, line in enumerate(lines):
            canvas.text(line, (x + w / 2, y + h - 12 - (len(lines) - 1 - k) * 16), 14, colour, "center",
                        bold=self.enabled)
        if not self.enabled:
            canvas.line((x + 10, y + h * 0.36), (x + w - 10, y + h * 0.36), pal.ink_soft, 2)


def outcome_tone(pal: Palette, winner: int, viewer: int | None):
    """Green for the viewer's win, red for their loss (a dispute and a count alike; "Watson
    wins 5 to 4" was green); between others (a replay, the couch's public view) neither. Lightened
    until it reads on the panel ("Watson wins the dispute" in red had been 2.3:1)."""
    tone = pal.good if winner == viewer else pal.bad if viewer is not None else pal.highlight
    return legible(tone, panel_ground(pal))


class SidePanel:
    """The panel as of one frame.

    ``show``: what the timeline shows at second ``at`` (None: nothing yet); ``busy``: animations run;
    ``latest_eval``: the last evaluation in the log; ``bid_value``: the amount in the bid control, None
    when the control is not shown. ``layout`` gives the seating (``bottom``) and the number of stacks.

    The bidding has two columns: the bid and the controls on the left (clear of the move log's
    drawer), the viewer's hand, the hint and the guide on the right. A dispute, a count and the
    close of the case use the whole width.
    """

    def __init__(self, obs, layout: Layout, faces: Faces, viewer: int | None, name: Names, busy: bool, at: float,
                 show: Show | None, latest_eval: R.Evaluated | None, bid_value: int | None,
                 watching: bool = False, bots_only: bool = False, may_choose: bool = True,
                 playing: int | None = None) -> None:
        self.obs = obs
        self.playing = playing
        self.bots_only = bots_only
        self.may_choose = may_choose
        self.layout = layout
        self.faces = faces
        self.viewer = viewer
        self.name = name
        self.busy = busy
        self.at = at
        self.show = show
        self.latest_eval = latest_eval
        self.bid_value = bid_value
        self.watching = watching

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
        canvas.text(text, (LEFT_X, y + 10), 24, pal.brass, bold=True, serif=True)

    # -- the bidding --------------------------------------------------------------------------
    def _bids(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = PANEL
        self._title(canvas, pal, f"Round {obs.round}: bidding")
        bids = obs.bids
        me = self.viewer
        if bids:
            seat, amount = bids[-1]
            canvas.text("current bid", (LEFT_X, y + 48), 15, pal.paper_dark)
            big = canvas.text(str(amount), (LEFT_X, y + 64), 56, pal.highlight, bold=True)
            who = "by you" if seat == me else f"by {named(self.name(seat))}"
            left = big[0] + big[2] + 14
            canvas.text(fit_text(canvas, who, 20, LEFT_X + PANEL_SPLIT - left, bold=True),
                        (left, big[1] + big[3] - 14), 20, pal.text_light, "bottomleft", bold=True)
            canvas.text(self._chain(canvas, bids), (LEFT_X, y + 140), 14, pal.paper_dark)
        else:
            first = obs.first
            canvas.text("no bid yet", (LEFT_X, y + 50), 28, pal.text_light, bold=True)
            # a seat named You, watched in a replay, opens as "You open" too
            opener = "You open" if first == me else says(self.name(first), "opens")
            canvas.paragraph(f"{opener} this round: any bid from 0 to {obs.max_bid}.", (LEFT_X, y + 90, PANEL_SPLIT, 40),
                             15, pal.paper_dark)
        if self.bid_value is not None:
            by = y + h - BID_ROW_UP
            canvas.box((LEFT_X + 52, by, 82, 46), pal.paper, radius=8)
            canvas.box((LEFT_X + 52, by, 82, 46), pal.brass_dark, radius=8, width=2)
            canvas.text(str(self.bid_value), (LEFT_X + 93, by + 23), 32, pal.ink, "center", bold=True)
            lo = obs.min_bid or 0
            canvas.text(f"You may bid {lo} to {obs.max_bid}", (LEFT_X, by - 24), 15, pal.paper_dark)
        self._facts(canvas, pal, obs)

    def _chain(self, canvas: Canvas, bids) -> str:
        """The latest bids in order, as many as fit the column (the oldest give way first)."""
        # "Player 1 2" ran a name into its bid; "then You" had a capital mid-sentence
        words = [f"{self.name(s) if k == 0 or self.name(s).lower() != 'you' else 'you'}: {a}"
                 for k, (s, a) in enumerate(bids)]
        for start in range(max(0, len(words) - 5), len(words)):
            chain = ("...  " if start else "") + ", then ".join(words[start:])  # ">" read as "greater than"
            if canvas.text_size(chain, 14)[0] <= PANEL_SPLIT:
                return chain
        return fit_text(canvas, words[-1], 14, PANEL_SPLIT)

    def _facts(self, canvas: Canvas, pal: Palette, obs) -> None:
        """The right column: the viewer's hand and what the six cards may total, the hint, the guide."""
        x, y, w, h = PANEL
        me = self.viewer
        line_y = y + 48
        if obs.hands is not None:  # everything revealed: both hands and their total
            for seat in (self.bottom, 1 - self.bottom):
                values = [v for v, _ in obs.hands[seat]]
                text = f"{cap(possessive(self.name(seat)))} hand: {' + '.join(map(str, values)) or 'none'}"
                canvas.text(fit_text(canvas, text, 16, RIGHT_W), (RIGHT_X, line_y), 16, pal.text_light, bold=True)
                line_y += 26
            total = sum(v for hand in obs.hands for v, _ in hand)
            count = sum(len(hand) for hand in obs.hands)
            canvas.text(f"All {count} hand cards: {total}" if count else "No hand cards", (RIGHT_X, line_y), 15,
                        pal.paper_dark)
            line_y += 30
        elif obs.hand is not None and me is not None:
            own = [v for v, _ in obs.hand]
            if own:
                total = sum(own)
                canvas.text(f"Your hand: {' + '.join(map(str, own))} = {total}", (RIGHT_X, line_y), 17,
                            pal.text_light, bold=True)
                line_y += 30
                line_y += canvas.paragraph(self._hidden_line(obs, total), (RIGHT_X, line_y, RIGHT_W, 80), 15,
                                           pal.paper_dark)
                line_y += 10
        hint = panel_hint(obs, self.viewer, self.name, self.watching, self.bots_only, self.playing)
        if hint:
            canvas.paragraph(hint, (RIGHT_X, line_y, RIGHT_W, 80), 16, pal.highlight)
        if obs.phase == R.TURN:
            self._guide(canvas, pal)

    def _hidden_line(self, obs, total: int) -> str:
        """What the opponent's hidden cards may total, and on what the figure rests: the cards of
        theirs not seen face up so far (played, counted, shown in a dispute), never the bids. It
        had said "about 7.5" all game (any three cards) beside the hint's "about 9 judging by the
        bids", and a player read a contradiction."""
        me = self.viewer
        other = obs.hand_sizes[1 - me]
        name = self.name(1 - me)
        if not other:
            return f"{says(name, 'holds')} no card. Six cards: {total}."
        lo, hi, expected = hidden_estimate(obs, 1 - me, other)
        return (f"{cap(possessive(name))} {plural(other, 'hidden card')}: {lo} to {hi}, {about(expected)} judging "
                f"by the cards seen so far, not by the bids. Six cards: {total + lo} to {total + hi}.")

    def _guide(self, canvas: Canvas, pal: Palette) -> None:
        """The turn in four steps, for a player who does not know the game yet, across the panel's foot."""
        x, y, w, h = PANEL
        steps = ("1. Play a hand card beside any stack (it covers the cards there).",
                 "2. Draw back to 3 (automatic).",
                 "3. Bid: the total of all six hand cards, higher than the last bid...",
                 "4. ...or, instead of playing, Dispute the last bid if you think it is too high.")
        rect = (LEFT_X - 6, y + h - PANEL_PAD - GUIDE_H, w - 2 * PANEL_PAD + 12, GUIDE_H)
        canvas.box(rect, mix(pal.panel, pal.felt_dark, 0.5), radius=8)
        canvas.box(rect, mix(pal.brass_dark, pal.panel, 0.4), radius=8, width=1)
        for i, line in enumerate(steps):
            canvas.text(fit_text(canvas, line, 14, rect[2] - 20), (LEFT_X + 4, rect[1] + 9 + i * 20), 14,
                        pal.paper_dark)

    # -- a dispute ----------------------------------------------------------------------------
    def _dispute(self, canvas: Canvas, pal: Palette, obs, show: Show) -> None:
        e: R.Disputed = show.event
        x, y, w, h = PANEL
        inner = w - 2 * PANEL_PAD
        self._title(canvas, pal, "Dispute!")
        line_y = y + 48
        line_y += canvas.paragraph(f"{says(self.name(e.seat), 'disputes')} {possessive(self.name(e.bidder))} bid of "
                                   f"{e.bid}.", (LEFT_X, line_y, inner, 50), 20, pal.text_light, bold=True) + 8
        for seat in (self.bottom, 1 - self.bottom):
            values = [v for v, _ in e.hands[seat]]
            text = f"{self.name(seat)}: {' + '.join(map(str, values)) or '-'} = {sum(values)}"
            canvas.text(fit_text(canvas, text, 19, inner), (LEFT_X, line_y), 19, pal.text_light)
            line_y += 28
        win = e.total >= e.bid
        sign = "≥" if win else "<"
        canvas.text(f"Total {e.total} {sign} bid {e.bid}", (LEFT_X, line_y + 6), 32, pal.highlight, bold=True)
        line_y += 52
        who = (f"{says(self.name(e.bidder), 'wins')} the dispute (as the bidder)" if win
               else f"{says(self.name(e.seat), 'wins')} the dispute (as the disputer)")
        winner = e.bidder if win else e.seat
        canvas.text(fit_text(canvas, who, 20, inner, bold=True), (LEFT_X, line_y), 20, self._tone(pal, winner),
                    bold=True)
        line_y += 42
        if obs.phase == R.CHOOSE and not self.busy:
            if obs.dispute_winner == self.viewer and not self.may_choose:
                return  # the viewer's choice, not offered yet (a lesson's note is read first)
            if obs.dispute_winner == self.viewer:
                # plain words: "until a Stop" came in the lesson before Stop cards were explained
                text = ("Click a stack to evaluate it: each side adds up its own cards there, from the top "
                        "down (a Stop card ends the count), and the higher total takes a letter.")
            else:
                text = f"{says(self.name(obs.dispute_winner), 'chooses')} a stack to evaluate."
            canvas.paragraph(text, (LEFT_X, line_y, inner, 80), 17, pal.highlight)

    # -- an evaluation --------------------------------------------------------------------------
    def _eval(self, canvas: Canvas, pal: Palette, obs, show: Show) -> None:
        e: R.Evaluated = show.event
        x, y, w, h = PANEL
        stacks = self.layout.stacks
        head = f"Evaluating stack {e.stack + 1}" + (" (Arrow)" if show.origin == "arrow" else "")
        self._title(canvas, pal, head)
        arrived = sum(1 for when in show.times if when <= self.at)
        done = self.at >= show.end
        picking = (not self.busy and obs.phase == R.TAKE and obs.looking is not None
                   and self.viewer == e.winner and e is self.latest_eval)
        if picking:
            self._pick(canvas, pal, e, stacks)
            return
        totals = [0, 0]
        doubled = [False, False]
        for owner, value, symbol in e.cards[:arrived]:
            totals[owner] += value
            doubled[owner] = doubled[owner] or symbol == "double"
        for seat in (1 - self.bottom, self.bottom):
            row = self.layout.tray_row(seat)
            canvas.box((LEFT_X, row - 48, 176, 28), mix(self.faces.seat_colour(seat), pal.wood_dark, 0.3), radius=6)
            canvas.text(fit_text(canvas, self.name(seat), 16, 164, bold=True), (LEFT_X + 88, row - 34), 16,
                        pal.text_light, "center", bold=True)
            total = totals[seat] * (2 if doubled[seat] else 1)
            text = f"{totals[seat]} x2 = {total}" if doubled[seat] else f"{total}"
            canvas.text("total", (LEFT_X + 88, row - 2), 14, pal.paper_dark, "center")
            canvas.text(text, (LEFT_X + 88, row + 26), 28, pal.highlight, "center", bold=True)
        # ghosts of counted cards that have gone on to the used piles
        index = [0, 0]
        counts = [sum(1 for c in e.cards if c[0] == s) for s in range(2)]
        for owner, value, symbol in e.cards[:arrived]:
            px, py = self.layout.tray_pos(owner, index[owner], counts[owner])
            index[owner] += 1
            if self.at > show.end + 1.2 or not self.busy:
                face = self.faces.detective_face(owner, value, symbol, GHOST)
                canvas.blit(canvas.painted(face.key, GHOST, face.paint), (px, py), "center")
        if not e.cards:
            row = self.layout.tray_row(1 - self.bottom)
            canvas.paragraph("No detective cards beside this stack: the dispute's winner wins it.",
                             (LEFT_X + 200, row - 20, w - 2 * PANEL_PAD - 200, 60), 17, pal.text_light)
        foot = y + 282  # under the two rows
        # the latest symbol, called out
        if 0 < arrived:
            owner, value, symbol = e.cards[arrived - 1]
            if symbol != "none" and not done:
                call = {"stop": "STOP! Counting ends here.",
                        "double": f"x2! {cap(possessive(self.name(owner)))} total is doubled.",
                        "arrow": f"ARROW! Stack {(e.stack + 1) % stacks + 1} is evaluated next."}[symbol]
                canvas.box((LEFT_X, foot, w - 2 * PANEL_PAD, 32), self.faces.symbol_colour(symbol), radius=6)
                canvas.text(call, (x + w / 2, foot + 16), 18, pal.paper, "center", bold=True)
        if done:
            result, extra = self._outcome(e, stacks)
            canvas.text(result, (x + w / 2, foot + 16), 20, self._tone(pal, e.winner), "center", bold=True)
            if extra:
                canvas.text(extra, (x + w / 2, foot + 46), 15, pal.paper_dark, "center")
            if not self.busy and obs.phase == R.TAKE and obs.stack == e.stack and e is self.latest_eval:
                takes = verb_for(self.name(e.winner), "takes")  # "take" for You
                canvas.text(f"{says(self.name(e.winner), 'looks')} through stack {e.stack + 1} and {takes} a letter.",
                            (x + w / 2, y + h - 30), 16, pal.highlight, "center")

    def _tone(self, pal: Palette, winner: int):
        return outcome_tone(pal, winner, self.viewer)

    def _outcome(self, e: R.Evaluated, stacks: int) -> tuple[str, str]:
        """The result of a count in words, and what follows from it ("" when nothing does)."""
        a, b = e.totals[self.bottom], e.totals[1 - self.bottom]
        tie = e.totals[0] == e.totals[1]
        # "a tie at 0", said as one ("Tie 0 to 0" beside "You: 0" and "Watson: nothing" read as a muddle)
        result = (f"A tie at {a}: {says(self.name(e.winner), 'takes', start=False)} it as the dispute's winner"
                  if tie else
                  f"{says(self.name(e.winner), 'wins')} {max(a, b)} to {min(a, b)}")
        extra = ""
        if e.arrow and not (self.obs.phase == R.OVER and e is self.latest_eval):
            extra = f"Arrow: stack {(e.stack + 1) % stacks + 1} is evaluated next."
        if e.left:  # nothing below a Stop at the bottom of its pile: it cut nothing short
            extra = (f"A Stop ended the count; {stay_text(e.left)}. " + extra).strip()
        return result, extra

    def _pick(self, canvas: Canvas, pal: Palette, e: R.Evaluated, stacks: int) -> None:
        """The viewer won the count: the letter picker (its tiles are widgets) and the count beside it."""
        x, y, w, h = PANEL
        score = f"{max(e.totals)} to {min(e.totals)}"
        canvas.text(f"You won stack {e.stack + 1} ({score}): take one letter", (LEFT_X, y + 48), 19,
                    pal.highlight, bold=True)
        canvas.text("(you may hold each letter once; the rest stay face down)", (LEFT_X, y + 74), 15,
                    pal.paper_dark)
        side = LEFT_X + 4 * TILE[0] + 3 * 10 + 24
        width = x + w - PANEL_PAD - side
        line_y = y + 104
        canvas.text("The count", (side, line_y), 17, pal.brass, bold=True)
        line_y += 28
        for seat in (self.bottom, 1 - self.bottom):
            mine = [c for c in e.cards if c[0] == seat]
            doubled = any(c[2] == "double" for c in mine)
            line_y += canvas.paragraph(f"{self.name(seat)}: {tally([c[1] for c in mine], doubled, e.totals[seat])}",
                                       (side, line_y, width, 40), 15, pal.text_light) + 4
        result, extra = self._outcome(e, stacks)
        line_y += 6 + canvas.paragraph(result + ".", (side, line_y + 6, width, 60), 16, legible(pal.good, panel_ground(pal)), bold=True)
        if extra:
            canvas.paragraph(extra, (side, line_y + 8, width, 80), 14, pal.paper_dark)

    # -- the close of the case ----------------------------------------------------------------
    def _over(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = PANEL
        self._title(canvas, pal, "Case closed")
        outcome = obs.outcome
        if outcome is None:
            return
        winners = [self.name(s) for s in outcome.winners]
        head = f"{says(winners[0], 'wins')}!" if len(winners) == 1 else "A draw"
        canvas.text(head, (LEFT_X, y + 50), 36, pal.highlight, bold=True)
        canvas.paragraph(reason_text(outcome.reason, self.name), (LEFT_X, y + 104, w - 2 * PANEL_PAD, 80), 18,
                         pal.text_light)


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
                          self.bid_value if bid_control and not self.busy else None, self.scene.watching,
                          self.bots_only, self.may_choose(), self._move_playing_out())
        panel.draw(canvas, pal)

    def _move_playing_out(self) -> int | None:
        """The seat whose move the table still plays out, when it is not the viewer's: the banner
        names that move meanwhile ("Watson's move", ``TableScene.banner_text``), and the panel had
        already said "Your turn: drag a card..." while no card could be dragged yet."""
        if not self.busy or self.scene.watching:
            return None
        actions = self.scene.session.replay.actions
        seat = actions[-1][0] if actions else None
        return seat if seat != self.viewer else None

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
            ry = y + 10 + row * (h / 2)  # the top of the row's tiles (40 px tall); mid = ry + 20
            letters = letters_by_seat[seat]
            canvas.text(fit_text(canvas, self.name(seat), 16, 104, bold=True), (x + 10, ry + 20), 16, pal.ink,
                        "midleft", bold=True)
            if letters is None:
                count = plural(obs.letter_counts[seat], "letter")
                text = f"{count} (face down: the game does not turn them over for you)"
                if obs.outcome is not None:
                    text = f"{count}, face down; longest run {obs.outcome.scores[seat]:g}"
                canvas.text(text, (x + 120, ry + 20), 15, pal.ink_soft, "midleft")
                continue
            run, start = longest_run_of(letters, obs.alphabet)
            tile = min(30.0, (w - 120 - 70) / len(obs.alphabet))  # the run's words keep 70 px of their own
            for i, letter in enumerate(obs.alphabet):
                rx = x + 120 + i * tile
                held = letter in letters
                in_run = held and start <= i < start + run
                rr = (rx, ry, tile - 3, 40)
                if held:
                    canvas.box(rr, mix(pal.paper, pal.highlight, 0.6) if in_run else pal.paper, radius=4)
                    canvas.box(rr, pal.brass_dark if in_run else pal.ink_soft, radius=4, width=2 if in_run else 1)
                    canvas.text(letter, (rx + (tile - 3) / 2, ry + 20), 21, pal.ink, "center", bold=True, serif=True)
                else:
                    canvas.box(rr, pal.paper_dark, radius=4, width=1)
            canvas.text(f"run {run}", (x + w - 8, ry + 20), 15, pal.ink, "midright", bold=True)

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
