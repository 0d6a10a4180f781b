"""Painting the Beyond Baker Street table: the procedural faces of evidence cards, leads and their
backs, the painted parts of the table (the two tracks, the lead sections, the Impossible, the
deck, the seat plates, the viewer's character card, the Assist highlight, the knowledge badges on
cards) and the results chart of both tracks over the game.

``TablePaint`` is mixed into ``BBSTable`` (table/__init__.py) and works on its state (``obs``,
``cards``, ``scene``, ``viewer``, ``board``, ``history``); where things are comes from
``TableLayout`` (layout.py)."""

from __future__ import annotations

from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.table.layout import (
    BADGE,
    BADGE_PAD,
    CARD,
    CHAR_RECT,
    DECK_LABEL,
    DECK_POS,
    HOLMES_TRACK,
    IMPOSSIBLE,
    INVESTIGATION_TRACK,
    LEAD,
    OWN_PLATE,
    OWN_SPACING,
    PARTNER_GAP,
    face_up_hand,
)
from sleuth.games.beyond_baker_street.table.words import ABILITY_ACTIONS
from sleuth.ui.board import Face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import card_back, card_face, draw_icon, draw_track
from sleuth.ui.theme import Palette, mix
from sleuth.ui.words import plural


def icon_colour(pal: Palette, icon: int) -> tuple[int, int, int]:
    return pal.accents[icon % len(pal.accents)]


class TablePaint:
    """The pieces' faces and the painted table: tracks, sections, the Impossible, deck, plates."""

    # -- faces ------------------------------------------------------------------------------
    def evidence_face(self, card: int, size=CARD) -> Face:
        pal = self.scene.app.palette
        ev = self.cards.evidence[card]
        icon = self.cards.icons[ev.icon]
        w, h = size

        def paint(c: Canvas) -> None:
            colour = icon_colour(pal, ev.icon)
            card_face(c, w, h, pal, colour)
            c.text(str(ev.number), (9, 5), h * 0.3, pal.ink, bold=True)
            c.text(str(ev.number), (w - 9, h - 5), h * 0.3, pal.ink, "bottomright", bold=True)
            draw_icon(c, icon.id, (w / 2, h / 2 + 2), min(w, h) * 0.5, colour)

        return Face(("bbs-ev", card, size, pal.accents), paint)

    def back_face(self, size=CARD) -> Face:
        pal = self.scene.app.palette
        w, h = size
        return Face(("bbs-back", size, pal.seats[1]),
                    lambda c: card_back(c, w, h, pal, "lattice", mix(pal.seats[1], pal.wood_dark, 0.3)))

    def lead_face(self, lead: int) -> Face:
        pal = self.scene.app.palette
        ld = self.cards.leads[lead]
        icon = self.cards.icons[ld.icon]
        section = self.cards.sections[ld.section]
        w, h = LEAD

        def paint(c: Canvas) -> None:
            colour = icon_colour(pal, ld.icon)
            card_face(c, w, h, pal)
            c.box((6, 6, w - 12, 20), pal.wood, radius=4)
            c.text(section.name.upper(), (w / 2, 16), 12, pal.brass, "center", bold=True)
            draw_icon(c, icon.id, (w / 2, h / 2 + 4), 34, colour)
            c.text(str(ld.value), (w / 2, h - 8), 30, pal.ink, "midbottom", bold=True)

        return Face(("bbs-lead", lead, pal.accents), paint)

    def lead_back(self) -> Face:
        pal = self.scene.app.palette
        w, h = LEAD
        return Face(("bbs-lead-back", pal.wood), lambda c: card_back(c, w, h, pal, "rings", pal.wood))

    # -- the painted table ------------------------------------------------------------------
    def _draw_tracks(self, canvas: Canvas, pal: Palette, obs) -> None:
        draw_track(canvas, pal, HOLMES_TRACK, 0, obs.holmes_max, self.holmes_shown,
                   "HOLMES (at 0 he solves it first)", pal.bad, danger=0)
        draw_track(canvas, pal, INVESTIGATION_TRACK, 0, obs.target, self.track_shown,
                   f"INVESTIGATION (finish on exactly {obs.target})", pal.brass, goal=obs.target)

    def _draw_sections(self, canvas: Canvas, pal: Palette, obs) -> None:
        for index, sec in enumerate(obs.sections):
            x, y, w, h = self.section_area(index)
            parts = self.section_parts(index)
            canvas.alpha_box((x, y, w, h), pal.felt_dark, 120, radius=10)
            canvas.box((x, y, w, h), pal.felt_light, radius=10, width=1)
            nx, ny, _, _ = parts["name"]
            canvas.text(self.section_name(sec.id).upper(), (nx, ny + 2), 14, pal.paper_dark, bold=True)
            if sec.lead is None:
                canvas.text("no lead left", (x + w / 2, y + h / 2), 16, pal.bad, "center")
                continue
            cx, cy, cw, _ = parts["counter"]
            colour = pal.good if sec.confirmed else (pal.highlight if sec.evidence == sec.value else pal.text_light)
            canvas.text(f"{sec.evidence} / {sec.value}", (cx + cw, cy), 16, colour, "topright", bold=True)
            if sec.value != sec.printed:
                vx, vy, vw, _ = parts["value"]
                canvas.text(f"value {sec.printed}+{sec.value - sec.printed}", (vx + vw, vy), 14, pal.warn, "topright")
            bx, by, _, bh = parts["below"]
            canvas.text(self.leads_below_words(sec.pile - 1), (bx, by + bh / 2), 14, pal.paper_dark, "midleft")
            if sec.confirmed:
                self._draw_stamp(canvas, pal, parts["stamp"])
                if sec.face_down:
                    px, py, pw, ph = parts["pile_note"]
                    canvas.paragraph(self.face_down_words(sec.face_down), (px, py, pw, ph), 14, pal.paper_dark)

    def _draw_stamp(self, canvas: Canvas, pal: Palette, rect) -> None:
        """A confirmed lead's stamp: a green label with a tick, under the lead card."""
        x, y, w, h = rect
        canvas.box(rect, pal.good, radius=5)
        canvas.box(rect, pal.paper, radius=5, width=1.5)
        canvas.lines([(x + 9, y + h / 2), (x + 13, y + h / 2 + 4), (x + 20, y + h / 2 - 5)], pal.paper, 2.5)
        canvas.text("CONFIRMED", (x + w / 2 + 8, y + h / 2), 14, pal.paper, "center", bold=True)

    def _draw_impossible(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = IMPOSSIBLE
        count = len(obs.impossible) + len(obs.dead_leads)
        over = count >= obs.impossible_limit
        canvas.alpha_box((x, y, w, h), pal.shadow, 110, radius=10)
        canvas.box((x, y, w, h), pal.bad if over else pal.brass_dark, radius=10, width=2)
        canvas.text("THE IMPOSSIBLE", (x + 10, y + 8), 15, pal.brass, bold=True)
        note = f"{count} / {plural(obs.impossible_limit, 'card')}"
        canvas.text(note, (x + w - 10, y + 8), 15, pal.bad if over else pal.text_light, "topright", bold=True)
        room = obs.impossible_limit - count
        extra = ("one more costs Holmes a step" if over
                 else f"{plural(room, 'more card')} before Holmes moves")
        canvas.text(f"Case file {obs.case}: {extra}", (x + w - 10, y + 28), 14,
                    pal.warn if over else pal.paper_dark, "topright")

    def _draw_deck(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y = DECK_POS
        w, h = CARD
        back = canvas.painted(self.back_face().key, CARD, self.back_face().paint)
        for i in range(min(4, obs.deck_size)):
            canvas.blit(back, (x - w / 2 - i * 1.5, y - h / 2 - i * 1.5))
        if obs.deck_size == 0:
            canvas.box((x - w / 2, y - h / 2, w, h), pal.paper_dark, radius=7, width=1.5)
        canvas.text(f"Deck: {plural(obs.deck_size, 'card')}", DECK_LABEL, 16, pal.text_light, bold=True)

    def _draw_decision(self, canvas: Canvas, pal: Palette, obs) -> None:
        """The viewer's pending decision (Toby's look, Lady Eva's draw, Lady Hilda's second Assist):
        a panel of its own beside the deck, with the cards it shows and its buttons."""
        cards, buttons = self.decision_shape(obs)
        if not buttons:
            return
        parts = self.decision_parts(cards, buttons)
        panel = parts["panel"][0]
        canvas.alpha_box(panel, pal.panel, 215, radius=10)
        canvas.box(panel, pal.brass, radius=10, width=2)
        tx, ty, tw, th = parts["title"][0]
        canvas.text(self.decision_title(), (tx, ty + th / 2), 15, pal.brass, "midleft", bold=True)

    def _draw_seats(self, canvas: Canvas, pal: Palette, obs) -> None:
        visible = [s for s in self.seat_slots() if face_up_hand(obs.hands[s])]
        for position, seat in enumerate(visible):
            self._seat_plate(canvas, pal, obs, seat, self.other_plate(position, len(visible)))
        if self.viewer is not None:
            self._seat_plate(canvas, pal, obs, self.viewer, OWN_PLATE, own=True)
        elif not visible:
            canvas.text("Hands are hidden until the next player is at the screen.", (self.rect[2] / 2, 560), 20,
                        pal.paper_dark, "center")

    def _draw_character(self, canvas: Canvas, pal: Palette) -> None:
        character = self.viewer_character()
        if character is None:
            return
        x, y, w, h = CHAR_RECT
        canvas.shadow(CHAR_RECT, radius=8, spread=4, alpha=80)
        canvas.box(CHAR_RECT, pal.paper, radius=8)
        canvas.box(CHAR_RECT, pal.brass_dark, radius=8, width=1.5)
        canvas.text(f"{character.number}. {character.name}", (x + 8, y + 7), 16, pal.ink, bold=True)
        for i in range(character.pipes):  # pipes: how much easier the character makes the game
            px = x + w - 14 - i * 14
            canvas.circle((px, y + 14), 4, pal.brass_dark)
            canvas.line((px - 3, y + 14), (px - 9, y + 10), pal.brass_dark, 2)
        has_button = character.ability.kind in ABILITY_ACTIONS
        room = h - (72 if has_button else 36)
        used = canvas.paragraph(self.ability_words(character), (x + 8, y + 30, w - 16, room), 14, pal.ink)
        story = canvas.wrap(character.description, 14, w - 16)
        if used + 6 + len(story) * 14 * 1.2 <= room:  # the card's flavour too, when it fits whole
            canvas.paragraph(character.description, (x + 8, y + 36 + used, w - 16, room - used - 6), 14,
                             pal.ink_soft)

    def _seat_plate(self, canvas: Canvas, pal: Palette, obs, seat: int, rect, own: bool = False) -> None:
        x, y, w, h = rect
        turn = seat in obs.pending
        canvas.box(rect, pal.wood if not turn else pal.brass_dark, radius=6)
        name = self.scene.seat_names[seat] + (": your cards face away from you" if own else "")
        canvas.text(name, (x + 8, y + h / 2), 15, pal.highlight if turn else pal.text_light, "midleft", bold=True)
        number = obs.characters[seat] if seat < len(obs.characters) else 0
        if number:
            char = next(c for c in self.cards.characters if c.number == number)
            used = ", used" if obs.used[seat] and char.ability.once else ""
            canvas.text(f"{char.number}. {char.name}{used}", (x + w - 8, y + h / 2), 14, pal.paper_dark, "midright")

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
        """The badges' text size on a card: 16, or down to 14 so the widest fits between the card
        and its neighbours."""
        canvas = self.scene.app.canvas
        room = (OWN_SPACING if sprite.key[0] == "own" else CARD[0] + PARTNER_GAP) - 4 - BADGE_PAD
        size = BADGE[0]
        while size > 14 and max(canvas.text_size(word, size, True)[0] for word in sprite.badges) > room:
            size -= 1
        return size

    def badge_rects(self, sprite) -> list[tuple[float, float, float, float]]:
        """Where a card's knowledge badges go: on the viewer's own (face-down) cards from the top;
        on a partner's (face-up) card from its foot up, so its number and icon stay readable."""
        canvas = self.scene.app.canvas
        x, y, w, h = sprite.rect_logical
        row = BADGE[1]
        size = self.badge_size(sprite)
        shown = len(sprite.badges[:3])
        top = y + 10 if sprite.key[0] == "own" else y + h + 8 - shown * row
        rects = []
        for i, word in enumerate(sprite.badges[:3]):
            tw = canvas.text_size(word, size, True)[0] + BADGE_PAD
            rects.append((x + w / 2 - tw / 2, top + i * row, tw, row - 2))
        return rects

    def _draw_badges(self, canvas: Canvas, pal: Palette) -> None:
        for sprite in self.board.sprites.sprites():
            if not sprite.badges or sprite.hidden:
                continue
            partner = sprite.key[0] != "own"
            size = self.badge_size(sprite)
            for word, rect in zip(sprite.badges, self.badge_rects(sprite), strict=False):
                bx, by, bw, bh = rect
                canvas.box(rect, pal.brass if partner else pal.paper, radius=5)
                canvas.box(rect, pal.ink_soft, radius=5, width=1)
                canvas.text(word, (bx + bw / 2, by + bh / 2), size, pal.ink, "center", bold=True)

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

        def pt(i: int, v: int) -> tuple[float, float]:
            return (x + 10 + (w - 20) * i / n, y + h - 10 - (h - 30) * v / top)

        canvas.lines([pt(i, p[0]) for i, p in enumerate(self.history)], pal.bad, 2.5)
        canvas.lines([pt(i, p[1]) for i, p in enumerate(self.history)], pal.brass_dark, 2.5)
        canvas.text("Holmes (red) and Investigation (brass), move by move", (x + 10, y + 4), 14, pal.ink_soft)
