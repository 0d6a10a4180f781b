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
    CARD,
    CHAR_RECT,
    DECK_POS,
    IMPOSSIBLE,
    LEAD,
    OWN_X,
    face_up_hand,
)
from sleuth.games.beyond_baker_street.table.words import ABILITY_ACTIONS
from sleuth.ui.board import Face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import card_back, card_face, draw_icon, draw_track
from sleuth.ui.theme import Palette, mix


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
        draw_track(canvas, pal, (16, 52, 470, 56), 0, obs.holmes_max, self.holmes_shown,
                   "HOLMES (at 0 he solves it first)", pal.bad, danger=0)
        draw_track(canvas, pal, (496, 52, 494, 56), 0, obs.target, self.track_shown,
                   f"INVESTIGATION (finish on exactly {obs.target})", pal.brass, goal=obs.target)

    def _draw_sections(self, canvas: Canvas, pal: Palette, obs) -> None:
        for index, sec in enumerate(obs.sections):
            x, y, w, h = self.section_area(index)
            canvas.alpha_box((x, y, w, h), pal.felt_dark, 120, radius=10)
            canvas.box((x, y, w, h), pal.felt_light, radius=10, width=1)
            canvas.text(sec.id.upper(), (x + 8, y + 6), 14, pal.paper_dark, bold=True)
            if sec.lead is None:
                canvas.text("no lead left", (x + w / 2, y + h / 2), 16, pal.bad, "center")
                continue
            status = "CONFIRMED" if sec.confirmed else f"{sec.evidence} / {sec.value}"
            colour = pal.good if sec.confirmed else (pal.highlight if sec.evidence == sec.value else pal.text_light)
            canvas.text(status, (x + w - 8, y + 6), 16, colour, "topright", bold=True)
            if sec.value != sec.printed:
                canvas.text(f"value {sec.printed}+{sec.value - sec.printed}", (x + w - 8, y + 24), 13,
                            pal.warn, "topright")
            canvas.text(f"{sec.pile - 1} below", (x + 8, y + h - 18), 13, pal.paper_dark)
            if sec.confirmed:
                cx, cy = self.section_centre(index)
                canvas.circle((cx + LEAD[0] / 2 - 4, cy - LEAD[1] / 2 + 4), 13, pal.good)
                canvas.lines([(cx + 28, cy - 52), (cx + 34, cy - 46), (cx + 44, cy - 60)], pal.paper, 3)

    def _draw_impossible(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y, w, h = IMPOSSIBLE
        count = len(obs.impossible) + len(obs.dead_leads)
        over = count >= obs.impossible_limit
        canvas.alpha_box((x, y, w, h), pal.shadow, 110, radius=10)
        canvas.box((x, y, w, h), pal.bad if over else pal.brass_dark, radius=10, width=2)
        canvas.text("THE IMPOSSIBLE", (x + 10, y + 8), 15, pal.brass, bold=True)
        note = f"{count} / {obs.impossible_limit} cards"
        canvas.text(note, (x + w - 10, y + 8), 15, pal.bad if over else pal.text_light, "topright", bold=True)
        extra = "one more costs Holmes a step" if over else f"{obs.impossible_limit - count} free before Holmes moves"
        canvas.text(extra, (x + w - 10, y + 27), 13, pal.warn if over else pal.paper_dark, "topright")

    def _draw_deck(self, canvas: Canvas, pal: Palette, obs) -> None:
        x, y = DECK_POS
        w, h = CARD
        back = canvas.painted(self.back_face().key, CARD, self.back_face().paint)
        for i in range(min(4, obs.deck_size)):
            canvas.blit(back, (x - w / 2 - i * 1.5, y - h / 2 - i * 1.5))
        if obs.deck_size == 0:
            canvas.box((x - w / 2, y - h / 2, w, h), pal.paper_dark, radius=7, width=1.5)
        canvas.text(f"Deck: {obs.deck_size}", (x + w / 2 + 12, y - 8), 17, pal.text_light, "midleft", bold=True)
        canvas.text(f"Case file {obs.case}", (x + w / 2 + 12, y + 14), 15, pal.paper_dark, "midleft")

    def _draw_seats(self, canvas: Canvas, pal: Palette, obs) -> None:
        visible = [s for s in self.seat_slots() if face_up_hand(obs.hands[s])]
        for position, seat in enumerate(visible):
            left, cy, width = self.other_hand_origin(position, len(visible))
            self._seat_plate(canvas, pal, obs, seat, (left + 10, cy - 56, width - 20, 24))
        if self.viewer is not None:
            self._seat_plate(canvas, pal, obs, self.viewer, (OWN_X - 200, 584, 400, 24), own=True)
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
        canvas.text(f"{character.number}. {character.name}", (x + 8, y + 6), 15, pal.ink, bold=True)
        for i in range(character.pipes):  # pipes: how much easier the character makes the game
            px = x + w - 14 - i * 14
            canvas.circle((px, y + 13), 4, pal.brass_dark)
            canvas.line((px - 3, y + 13), (px - 9, y + 9), pal.brass_dark, 2)
        has_button = character.ability.kind in ABILITY_ACTIONS
        canvas.paragraph(character.description, (x + 8, y + 26, w - 16, h - (66 if has_button else 30)), 13,
                         pal.ink_soft)

    def _seat_plate(self, canvas: Canvas, pal: Palette, obs, seat: int, rect, own: bool = False) -> None:
        x, y, w, h = rect
        turn = seat in obs.pending
        canvas.box(rect, pal.wood if not turn else pal.brass_dark, radius=6)
        name = self.scene.seat_names[seat] + (" (you: your cards face away from you)" if own else "")
        canvas.text(name, (x + 8, y + h / 2), 15, pal.highlight if turn else pal.text_light, "midleft", bold=True)
        number = obs.characters[seat] if seat < len(obs.characters) else 0
        if number:
            char = next(c for c in self.cards.characters if c.number == number)
            used = " (used)" if obs.used[seat] else ""
            canvas.text(f"{char.number}. {char.name}{used}", (x + w - 8, y + h / 2), 13, pal.paper_dark, "midright")

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

    def _draw_badges(self, canvas: Canvas, pal: Palette) -> None:
        for sprite in self.board.sprites.sprites():
            if not sprite.badges:
                continue
            x, y, w, h = sprite.rect_logical
            for i, word in enumerate(sprite.badges[:3]):
                tw = canvas.text_size(word, 13, True)[0] + 10
                by = y + 10 + i * 19
                canvas.box((x + w / 2 - tw / 2, by, tw, 17), pal.paper, radius=5)
                canvas.box((x + w / 2 - tw / 2, by, tw, 17), pal.ink_soft, radius=5, width=1)
                canvas.text(word, (x + w / 2, by + 9), 13, pal.ink, "center", bold=True)

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
