"""Beyond Baker Street by keyboard: the table's cursor (``ui/cursor.py``) over your hand, your
partners' cards, the leads and the buttons, doing what the mouse's clicks do.

Enter on one of your cards chooses it, as a click does; the leads it may go to and the Impossible
then join the cursor's places, and Enter on one plays it there (Investigate, Eliminate). Enter on
a partner's card opens its Assists in the action bar and moves the cursor to the first of them.
Enter on a lead you may Pursue chooses it, and Enter on the Impossible pursues it: two steps, as
the mouse's drag is, so one key never spends Holmes spaces by accident. Backspace (or Esc) lets
go of a choice.

``TableKeyboard`` is mixed into ``BBSTable`` and works on its state (``obs``, ``own_tokens``,
``selected_slot``, ``assist_card``, ``pursuing``, ``widgets``, ``board``).
"""

from __future__ import annotations

from sleuth.games.beyond_baker_street import rules as R
from sleuth.ui.cursor import TAG_HEIGHT, TableCursor


class TableKeyboard(TableCursor):
    """The places, Enter and the tag of Beyond Baker Street's keyboard cursor."""

    def owns(self, sprite) -> bool:
        """Your own cards (face away from you) are the ones you play."""
        return sprite.key[0] == "own"

    def _chosen(self) -> tuple | None:
        """What the keyboard (or a click) has chosen to play: ("own", token) or ("lead", section)."""
        if self.selected_slot is not None and self.selected_slot < len(self.own_tokens):
            return ("own", self.own_tokens[self.selected_slot])
        if self.pursuing is not None:
            return ("pursue", self.pursuing)
        return None

    def _drop_targets(self) -> set:
        chosen = self._chosen()
        if chosen is None:
            return set()
        if chosen[0] == "pursue":
            return {"impossible"} if R.Pursue(chosen[1]) in self.legal() else set()
        sprite = self.board.sprite(chosen)
        return self._targets_for(sprite) if sprite is not None else set()

    def cursor_places(self) -> list[tuple]:
        obs = self.obs
        if obs is None or self.viewer is None:
            return []
        out = []
        sprites = self.board.by_key
        for token in self.own_tokens:
            sprite = sprites.get(("own", token))
            if sprite is not None and not sprite.hidden:
                out.append((("sprite", ("own", token)), sprite.rect_logical))
        targets = self._drop_targets()
        if targets:
            # a chosen card: where it may go, in place of the leads it would cover, and not the
            # partners' cards (keyboard play-test: Up from the hand passed over the leads to a
            # partner's card, nearer the straight line up; Backspace first to Assist instead)
            out += [(("area", area.target), tuple(area.rect)) for area in self.board.drop_areas
                    if area.target in targets]
            return out
        for key, sprite in sprites.items():
            if key[0] == "ev" and not sprite.hidden and self._is_partner_card(key[1]):
                out.append((("sprite", key), sprite.rect_logical))
        for sec in obs.sections:
            sprite = sprites.get(("lead", sec.lead)) if sec.lead is not None else None
            if sprite is not None and not sprite.hidden:
                out.append((("sprite", ("lead", sec.lead)), sprite.rect_logical))
        return out

    def cursor_first(self, places):
        """Your first card when you may play one, else the first place (a partner's card, a lead)."""
        own = [p for p in places if p[0][0] == "sprite" and p[0][1][0] == "own"]
        return (own if own and self.legal() else places)[0]

    def cursor_enter(self, target) -> None:
        kind = target[0]
        if kind == "area":
            self._play_at(target[1])
            return
        key = target[1]
        sprite = self.board.sprite(key)
        if sprite is None:
            return
        if key[0] == "lead":
            section = self._section_of_lead(key[1])
            if section is not None and R.Pursue(section) in self.legal():
                self.pursuing = None if self.pursuing == section else section
                self.selected_slot = None
                self.assist_card = None
                self._rebuild_widgets()
                # the ring goes on to the Impossible, the one place the lead may go (it had jumped
                # to the nearest card left, a partner's, where Enter opened the Assists)
                self.ring_on(("area", "impossible"))
            else:
                self.scene.app.toast(self._not_pursued(section))
            return
        self.pursuing = None
        self._on_click(sprite)
        if key[0] == "ev" and self.assist_card is not None:
            first = next((w for w in self.widgets.items if getattr(w, "action", None) is not None
                          and w.visible and w.enabled), None)
            if first is not None:  # its Assists are the next thing to choose
                self.cursor = (("button", tuple(first.rect)), tuple(first.rect))

    def _play_at(self, target) -> None:
        chosen = self._chosen()
        if chosen is None:
            return
        if chosen[0] == "pursue":
            action = R.Pursue(chosen[1]) if target == "impossible" else None
        else:
            action = self._action_for(chosen, target)
        if action is None:
            return
        reason = self.scene.act(action)
        if reason:
            self._refused(reason)

    def _not_pursued(self, section: str | None) -> str:
        """Why Enter on a lead does nothing: it cannot be pursued now."""
        why = self.scene.state.why_illegal(self.viewer, R.Pursue(section)) if section is not None else None
        return f"This lead cannot be pursued now: {why}." if why else "This lead cannot be pursued now."

    def cursor_words(self) -> str:
        if self.cursor is None or self.cursor[0][0] == "button":
            return super().cursor_words()
        target = self.cursor[0]
        if target[0] == "area":
            chosen = self._chosen()
            if chosen is not None and chosen[0] == "pursue":
                return "Enter: pursue the lead"
            return "Enter: eliminate it" if target[1] == "impossible" else "Enter: investigate here"
        key = target[1]
        legal = self.legal()
        if key[0] == "own":
            if not legal:
                return ""
            return "Enter: put it back" if self._chosen() == key else "Enter: choose it"
        if key[0] == "lead":
            section = self._section_of_lead(key[1])
            return "Enter: choose it to pursue" if R.Pursue(section) in legal else ""
        if key[0] == "ev":
            seat = next((s for s, hand in enumerate(self.obs.hands) if hand and key[1] in hand), None)
            if any(isinstance(a, R.Assist) and a.target == seat for a in legal):
                return "Enter: Assist"
        return ""

    def cursor_tag_at(self, rect, width: float) -> tuple[float, float]:
        """On a lead's section or the Impossible the tag lies inside it, at its foot (above it, it
        covered the numbers of a partner's cards)."""
        if self.cursor is not None and self.cursor[0][0] == "area":
            x, y, w, h = rect
            return (x + w / 2 - width / 2, y + h - TAG_HEIGHT - 8)
        return super().cursor_tag_at(rect, width)

    def cursor_cancel(self) -> bool:
        """Backspace lets go of the choice, and the ring goes back to what was chosen (it had
        landed on whatever lay nearest the place it was on)."""
        chosen = self._chosen()
        if chosen is None and self.assist_card is None:
            return False
        if chosen is not None and chosen[0] == "pursue":
            lead = next((sec.lead for sec in self.obs.sections if sec.id == chosen[1]), None)
            back = ("sprite", ("lead", lead))
        else:
            back = ("sprite", chosen if chosen is not None else ("ev", self.assist_card))
        self.cancel()
        self.ring_on(back)
        return True

    def draw_pursuit(self, canvas, pal) -> None:
        """The lead chosen to pursue wears the chosen card's ring."""
        if self.pursuing is None:
            return
        lead = next((sec.lead for sec in self.obs.sections if sec.id == self.pursuing), None)
        sprite = self.board.sprite(("lead", lead)) if lead is not None else None
        if sprite is not None:
            x, y, w, h = sprite.rect_logical
            canvas.box((x - 4, y - 4, w + 8, h + 8), pal.highlight, radius=9, width=3)

