"""Painting the Beyond Baker Street table: the procedural faces of evidence cards, leads and their
backs, the painted parts of the table (the two tracks, the lead sections, the Impossible, the
deck, a decision's panel, the action bar, the seat plates, the viewer's character card, the
Assist highlight, the knowledge badges on cards) and the results chart of both tracks over the
game.

``TablePaint`` is mixed into ``BBSTable`` (table/__init__.py) and works on its state (``obs``,
``cards``, ``scene``, ``viewer``, ``board``, ``history``, ``bar``); where things are comes from
``TableLayout`` (layout.py)."""

from __future__ import annotations

from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.table.layout import (
    BADGE,
    BADGE_PAD,
    CARD,
    CHAR_RECT,
    DECK_CARD,
    DECK_LABEL,
    DECK_POS,
    HOLMES_TRACK,
    IMPOSSIBLE,
    INVESTIGATION_TRACK,
    LEAD,
    OTHERS_Y,
    OWN_PLATE,
    SMALL,
    face_up_hand,
    numeral_size,
)
from sleuth.games.beyond_baker_street.table.words import ABILITY_ACTIONS
from sleuth.ui.board import Face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import card_back, card_face, draw_icon, draw_track
from sleuth.ui.engrave import vignette
from sleuth.ui.texture import draw_wood
from sleuth.ui.theme import Palette, mix
from sleuth.ui.words import plural, possessive

#: lines of a paragraph apart: 14 px type is 18 px tall, so lines never touch
LINE_GAP = 1.3


def icon_colour(pal: Palette, icon: int) -> tuple[int, int, int]:
    return pal.accents[icon % len(pal.accents)]


#: the height of the results chart's key row (its words at ``NOTE_SIZE``, centred 13 px under the top)
CHART_KEY_H = 24
#: the short notes a player reads: a section's "2 leads below" and value, the chart's key
#: (play-testers measured them at 13 px when set at 14)
NOTE_SIZE = 15


class TablePaint:
    """The pieces' faces and the painted table: tracks, sections, the Impossible, deck, plates."""

    # -- faces ------------------------------------------------------------------------------
    def evidence_face(self, card: int, size=CARD, tagged: bool = False, index: bool = False) -> Face:
        """A face-up evidence card: its number at the top and at the foot, its icon in the middle.
        A ``tagged`` card (a partner's, carrying knowledge tags at its foot) prints its number once,
        at the top, and its icon small beside it, so the tags cover neither (half a foot numeral
        beside "not Clue" read as "not Clue3", and a two-row "not Document" hid half the icon). An
        ``index`` card (overlapped in the crowded Impossible) shows its number and its icon side by
        side in the top-left corner (``index_corner``), the part the cards laid over it leave clear."""
        pal = self.scene.app.palette
        ev = self.cards.evidence[card]
        icon = self.cards.icons[ev.icon]
        w, h = size

        def paint(c: Canvas) -> None:
            colour = icon_colour(pal, ev.icon)
            card_face(c, w, h, pal, colour)
            numeral = numeral_size(h)
            c.text(str(ev.number), (8, 2), numeral, pal.ink, bold=True, serif=True)
            if index:
                corner = numeral * 0.9
                draw_icon(c, icon.id, (8 + numeral * 0.62 + 3 + corner / 2, 4 + corner / 2), corner, colour)
                draw_icon(c, icon.id, (w / 2, h * 0.68), min(w, h) * 0.36, colour)  # whole on the last row
                return
            if tagged:
                corner = numeral * 0.9
                draw_icon(c, icon.id, (w - 8 - corner / 2, 4 + corner / 2), corner, colour)
                return
            if w >= CARD[0] * 0.9:  # room for the icon's little engraved scene behind it
                vignette(c, icon.id, (w / 2, h * 0.5), w * 0.4, h * 0.22)
            c.text(str(ev.number), (w - 8, h - 1), numeral, pal.ink, "bottomright", bold=True, serif=True)
            draw_icon(c, icon.id, (w / 2, h * 0.48), min(w, h) * 0.48, colour)

        return Face(("bbs-ev", card, size, pal.accents, index, tagged), paint)

    def back_face(self, size=CARD) -> Face:
        pal = self.scene.app.palette
        w, h = size
        return Face(("bbs-back", size, pal.seats[1]),
                    lambda c: card_back(c, w, h, pal, "lattice", mix(pal.seats[1], pal.wood_dark, 0.3)))

    def lead_face(self, lead: int, size=LEAD) -> Face:
        pal = self.scene.app.palette
        ld = self.cards.leads[lead]
        icon = self.cards.icons[ld.icon]
        section = self.cards.sections[ld.section]
        w, h = size
        scale = w / LEAD[0]

        def paint(c: Canvas) -> None:
            colour = icon_colour(pal, ld.icon)
            card_face(c, w, h, pal)
            if w >= LEAD[0] * 0.9:  # the section's name on its band (too small to read on a small copy)
                draw_wood(c, (6, 6, w - 12, 22), pal.wood, radius=4)
                c.text(section.name, (w / 2, 17), 14, pal.brass, "center", bold=True)
                vignette(c, icon.id, (w / 2, h * 0.47), w * 0.36, h * 0.18)
            draw_icon(c, icon.id, (w / 2, h * 0.47), 40 * scale, colour)
            c.text(str(ld.value), (w / 2, h - 4), max(14.0, 38 * scale), pal.ink, "midbottom", bold=True, serif=True)

        return Face(("bbs-lead", lead, size, pal.accents), paint)

    def lead_back(self, size=LEAD) -> Face:
        pal = self.scene.app.palette
        w, h = size
        return Face(("bbs-lead-back", size, pal.wood), lambda c: card_back(c, w, h, pal, "rings", pal.wood))

    # -- the painted table ------------------------------------------------------------------
    def _draw_tracks(self, canvas: Canvas, pal: Palette, obs) -> None:
        draw_track(canvas, pal, HOLMES_TRACK, obs.holmes_max, self.holmes_shown, "Holmes",
                   "at 0 he solves it first", pal.bad, danger=0)
        draw_track(canvas, pal, INVESTIGATION_TRACK, obs.target, self.track_shown, "Investigation",
                   f"finish on exactly {obs.target}", pal.brass, goal=obs.target)

    def _draw_sections(self, canvas: Canvas, pal: Palette, obs) -> None:
        for index, sec in enumerate(obs.sections):
            x, y, w, h = self.section_area(index)
            parts = self.section_parts(index)
            canvas.alpha_box((x, y, w, h), pal.felt_dark, 120, radius=10)
            canvas.box((x, y, w, h), pal.felt_light, radius=10, width=1)
            nx, ny, _, nh = parts["name"]
            canvas.text(self.section_name(sec.id), (nx, ny + nh / 2), 20, pal.paper, "midleft", bold=True, serif=True)
            if sec.lead is None:
                canvas.text("no lead left", (x + w / 2, y + h / 2), 16, pal.bad, "center")
                continue
            cx, cy, cw, ch = parts["counter"]
            colour = pal.good if sec.confirmed else (pal.highlight if sec.evidence == sec.value else pal.text_light)
            canvas.text(f"{sec.evidence} / {sec.value}", (cx + cw, cy + ch / 2), 18, colour, "midright", bold=True)
            bx, by, _, bh = parts["below"]
            canvas.text(self.leads_below_words(sec.pile - 1), (bx, by + bh / 2), NOTE_SIZE, pal.paper_dark,
                        "midleft")
            if sec.value != sec.printed:
                vx, vy, vw, vh = parts["value"]
                canvas.text(f"value {sec.printed}+{sec.value - sec.printed}", (vx + vw, vy + vh / 2), NOTE_SIZE,
                            pal.warn, "midright")
            if sec.confirmed:
                self._draw_stamp(canvas, pal, parts["stamp"])
                if sec.face_down:
                    px, py, pw, ph = parts["pile_note"]
                    canvas.paragraph(self.face_down_words(sec.face_down), (px, py, pw, ph), 14, pal.paper_dark,
                                     line_gap=LINE_GAP)
            elif not sec.cards:  # where the evidence goes: an empty place, like a printed board's
                ex, ey, _, _ = parts["evidence"]
                canvas.box((ex, ey, SMALL[0], SMALL[1]), pal.felt_light, radius=7, width=1.5)

    def _draw_stamp(self, canvas: Canvas, pal: Palette, rect) -> None:
        """A confirmed lead's stamp: a green label with a tick, under the lead card."""
        x, y, w, h = rect
        canvas.box(rect, pal.good, radius=5)
        canvas.box(rect, pal.paper, radius=5, width=1.5)
        canvas.lines([(x + 8, y + h / 2), (x + 12, y + h / 2 + 4), (x + 19, y + h / 2 - 5)], pal.paper, 2.5)
        canvas.text("CONFIRMED", (x + w / 2 + 9, y + h / 2), 14, pal.paper, "center", bold=True)

    def _draw_impossible(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = IMPOSSIBLE
        parts = self.impossible_parts()
        count = len(obs.impossible) + len(obs.dead_leads)
        over = count >= obs.impossible_limit
        canvas.alpha_box((x, y, w, h), pal.shadow, 110, radius=10)
        canvas.box((x, y, w, h), pal.bad if over else pal.brass_dark, radius=10, width=2)
        tx, ty, _, th = parts["title"]
        canvas.text("The Impossible", (tx, ty + th / 2), 20, pal.brass, "midleft", bold=True, serif=True)
        cx, cy, cw, ch = parts["count"]
        # "7 / 4 cards" read as a fraction once the Impossible was past its limit
        note = f"{count} of {obs.impossible_limit}" if count <= obs.impossible_limit else \
            f"{count}, limit {obs.impossible_limit}"
        canvas.text(note, (cx + cw, cy + ch / 2), 16, pal.bad if over else pal.text_light, "midright", bold=True)
        room = obs.impossible_limit - count
        free = self._in_play("eliminate_no_holmes")  # Lestrade's eliminations never move Holmes
        extra = (f"full: each further card moves Holmes, except {possessive(free.name.split()[-1])} eliminations"
                 if over and free
                 else "full: each further card costs Holmes a step" if over
                 else f"{plural(room, 'more card')} before Holmes moves")
        canvas.paragraph(f"Case file {obs.case}: {extra}", parts["note"], 14, pal.warn if over else pal.paper_dark,
                         line_gap=LINE_GAP)

    def _draw_deck(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y = DECK_POS
        w, h = DECK_CARD
        face = self.back_face(DECK_CARD)
        back = canvas.painted(face.key, DECK_CARD, face.paint)
        if obs.deck_size:
            canvas.shadow((x - w / 2 - 3, y - h / 2 - 3, w + 3, h + 3), radius=8, spread=5, alpha=90, offset=(3, 5))
        for i in range(min(4, obs.deck_size)):
            canvas.blit(back, (x - w / 2 - i * 1.5, y - h / 2 - i * 1.5))
        if obs.deck_size == 0:
            canvas.box((x - w / 2, y - h / 2, w, h), pal.paper_dark, radius=7, width=1.5)
        lx, ly = DECK_LABEL
        canvas.text("Deck", (x, ly), 16, pal.text_light, "midtop", bold=True)
        canvas.text(plural(obs.deck_size, "card"), (x, ly + 20), 14, pal.paper_dark, "midtop")

    def _draw_decision(self, canvas: Canvas, pal: Palette, obs) -> None:
        """The cards the viewer's pending decision shows them (Toby's look, Lady Eva's draw), on a
        panel beside the deck; the decision's words and buttons are in the action bar."""
        cards, _ = self.decision_shape(obs)
        for panel in self.decision_parts(cards)["panel"]:
            canvas.alpha_box(panel, pal.panel, 215, radius=10)
            canvas.box(panel, pal.brass, radius=10, width=2)

    def _draw_bar(self, canvas: Canvas, pal: Palette) -> None:
        """The action bar's panel and words (what to tell a partner, a decision's question)."""
        bar = self.bar
        if bar is None:
            return
        canvas.alpha_box(bar["panel"], pal.panel, 215, radius=9)
        canvas.box(bar["panel"], pal.brass, radius=9, width=1.5)
        tx, ty, _, th = bar["title"]
        canvas.text(bar["text"], (tx, ty + th / 2), 16, pal.brass, "midleft", bold=True)

    def _draw_seats(self, canvas: Canvas, pal: Palette, obs) -> None:
        visible = self.visible_partners()
        for position, seat in enumerate(visible):
            self._seat_plate(canvas, pal, obs, seat, self.other_plate(position, len(visible)))
        if self.viewer is not None:
            self._seat_plate(canvas, pal, obs, self.viewer, OWN_PLATE, own=True)
        elif not visible:
            words = self.public_view_words()
            canvas.text(words, (self.rect[2] / 2, OTHERS_Y), 20, pal.paper_dark, "center")

    def _draw_character(self, canvas: Canvas, pal: Palette) -> None:
        character = self.viewer_character()
        if character is None:
            return
        x, y, w, h = CHAR_RECT
        canvas.shadow(CHAR_RECT, radius=8, spread=4, alpha=80)
        canvas.box(CHAR_RECT, pal.paper, radius=8)
        canvas.box(CHAR_RECT, pal.brass_dark, radius=8, width=1.5)
        canvas.text(character.name, (x + 8, y + 4), 19, pal.ink, bold=True, serif=True)  # its name, not its card number
        for i in range(character.pipes):  # pipes: how much easier the character makes the game
            px = x + w - 14 - i * 14
            canvas.circle((px, y + 16), 4, pal.brass_dark)
            canvas.line((px - 3, y + 16), (px - 9, y + 12), pal.brass_dark, 2)
        has_button = character.ability.kind in ABILITY_ACTIONS
        room = h - (72 if has_button else 36)
        used = canvas.paragraph(self.ability_words(character), (x + 8, y + 32, w - 16, room), 14, pal.ink,
                                line_gap=LINE_GAP)
        story = canvas.wrap(character.description, 14, w - 16)
        if used + 6 + len(story) * 14 * LINE_GAP <= room:  # the card's flavour too, when it fits whole
            canvas.paragraph(character.description, (x + 8, y + 38 + used, w - 16, room - used - 6), 14,
                             pal.ink_soft, line_gap=LINE_GAP)

    def _seat_plate(self, canvas: Canvas, pal: Palette, obs, seat: int, rect, own: bool = False) -> None:
        x, y, w, h = rect
        turn = seat in obs.pending
        draw_wood(canvas, rect, pal.wood if not turn else pal.brass_dark, radius=6)
        number = obs.characters[seat] if seat < len(obs.characters) else 0
        right = x + w - 8
        if number:
            char = next(c for c in self.cards.characters if c.number == number)
            used = ", used" if obs.used[seat] and char.ability.once else ""
            # the character's name, not its card number ("14. Sir Henry Baskerville,..." was cut)
            drawn = canvas.text(canvas.fit(f"{char.name}{used}", 14, w * 0.45), (right, y + h / 2),
                                14, pal.paper_dark, "midright")
            right = drawn[0] - 12
        hand = self.obs.hands[seat]
        turned = own and face_up_hand(hand)  # only once the game is over
        # an empty hand has nothing to turn up ("your cards, turned up now the case is over" over nothing)
        name = self.scene.seat_names[seat] + (": no cards left in your hand" if own and hand is not None and not hand
                                              else ": your cards, turned up now the case is over" if turned else
                                              ": your cards face away from you" if own else "")
        canvas.text(canvas.fit(name, 15, right - x - 8, True), (x + 8, y + h / 2), 15,
                    pal.highlight if turn else pal.text_light, "midleft", bold=True)

    def _draw_assist_highlight(self, canvas: Canvas, pal: Palette) -> None:
        if self.assist_card is None or self.assist_target is None:
            return
        hand = self.obs.hands[self.assist_target]
        action = self.assist_hover if isinstance(self.assist_hover, R.Assist) else None
        for card in hand:
            sprite = self.board.sprite(("ev", card))
            if sprite is None:
                continue
            x, y, w, h = sprite.rect_logical
            if action is not None and self._matches(card, action):
                canvas.box((x - 5, y - 5, w + 10, h + 10), pal.highlight, radius=9, width=4)
            elif card == self.assist_card:
                canvas.box((x - 4, y - 4, w + 8, h + 8), pal.paper, radius=9, width=2)

    def badge_size(self, sprite) -> float:
        """The badges' text size on a card: 16, or down to 14 so the widest fits inside the card."""
        canvas = self.scene.app.canvas
        room = sprite.size[0] - 4 - BADGE_PAD
        size = BADGE[0]
        while size > 14 and max(canvas.text_size(word, size, True)[0] for word in sprite.badges) > room:
            size -= 1
        return size

    def badge_layout(self, sprite) -> tuple[float, list[tuple[str, tuple[float, float]]], list[tuple[float, float, float, float]]]:
        """The badges as drawn, worked out once a frame: their text size, each row's words with
        the point it is centred on, and one box a badge. A badge wider than the card at 14 px
        takes two rows inside one box ("Witness or" / "Clue"; it was cut at both sides of a
        face-down card), so a wrapped "not Document" does not read with the "3" under it as one
        stack of three tags; four rows at most; from the top on the viewer's own (face-down)
        cards, from the foot up on a partner's (face-up) card, so its number and icon stay
        readable."""
        canvas = self.scene.app.canvas
        size = self.badge_size(sprite)
        room = sprite.size[0] - 4 - BADGE_PAD
        groups: list[list[str]] = []
        left = 4
        for word in sprite.badges:
            rows = canvas.wrap(word, size, room) if canvas.text_size(word, size, True)[0] > room else [word]
            rows = rows[:left]
            if rows:
                groups.append(rows)
                left -= len(rows)
        x, y, w, h = sprite.rect_logical
        pitch, gap = BADGE[1] - 2, 2  # a row inside a box; the room between two badges
        height = sum(len(rows) * pitch + gap for rows in groups)
        top = y + 12 if sprite.key[0] == "own" else y + h - 4 - height
        placed, boxes = [], []
        for rows in groups:
            tw = min(max(canvas.text_size(word, size, True)[0] for word in rows) + BADGE_PAD, w - 4)
            boxes.append((x + w / 2 - tw / 2, top, tw, len(rows) * pitch))
            placed += [(word, (x + w / 2, top + (i + 0.5) * pitch)) for i, word in enumerate(rows)]
            top += len(rows) * pitch + gap
        return size, placed, boxes

    def badge_rows(self, sprite) -> list[str]:
        return [word for word, _ in self.badge_layout(sprite)[1]]

    def badge_rects(self, sprite) -> list[tuple[float, float, float, float]]:
        """One box a badge (a badge over two rows is one box)."""
        return self.badge_layout(sprite)[2]

    def _draw_badges(self, canvas: Canvas, pal: Palette) -> None:
        for sprite in self.board.sprites.sprites():
            if not sprite.badges or sprite.hidden:
                continue
            partner = sprite.key[0] != "own"
            size, placed, boxes = self.badge_layout(sprite)
            for rect in boxes:
                canvas.box(rect, pal.brass if partner else pal.paper, radius=5)
                canvas.box(rect, pal.ink_soft, radius=5, width=1)
            for word, centre in placed:
                canvas.text(word, centre, size, pal.ink, "center", bold=True)

    # -- results ----------------------------------------------------------------------------
    def draw_results_extra(self, canvas: Canvas, rect) -> None:
        """The two tracks over the game, as a small chart."""
        pal = self.scene.app.palette
        x, y, w, h = rect
        if len(self.history) < 2:
            return
        self.draw_results_backdrop(canvas, rect)
        top = max(20, max(max(p) for p in self.history))
        n = len(self.history) - 1

        # the lines keep below the key's row, with room for their width: an Investigation track
        # near 20 all game had drawn its line along the frame's top edge under the key, hard to see
        plot_top, plot_bottom = y + CHART_KEY_H + 8, y + h - 10

        def pt(i: int, v: int) -> tuple[float, float]:
            return (x + 10 + (w - 20) * i / n, plot_bottom - (plot_bottom - plot_top) * v / top)

        canvas.lines([pt(i, p[0]) for i, p in enumerate(self.history)], pal.bad, 2.5)
        canvas.lines([pt(i, p[1]) for i, p in enumerate(self.history)], pal.brass_dark, 2.5)
        # a key drawn in the lines' own colours ("Holmes (red)" was orange in the colour-blind palette)
        lx = x + 10
        for colour, label in ((pal.bad, "Holmes"), (pal.brass_dark, "Investigation")):
            canvas.line((lx, y + 13), (lx + 18, y + 13), colour, 3)
            shown = canvas.text(label, (lx + 24, y + 13), NOTE_SIZE, pal.ink_soft, "midleft")
            lx = shown[0] + shown[2] + 14
        canvas.text("move by move", (lx, y + 13), NOTE_SIZE, pal.ink_soft, "midleft")
