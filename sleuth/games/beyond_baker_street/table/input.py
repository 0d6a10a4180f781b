"""Pointer and keys to actions on the Beyond Baker Street table: where a dragged card may be
dropped and what the drop does, clicks on a partner's card (the Assist buttons) or on your own
(click-to-place), the Confirm, decision and ability buttons, and cancelling a choice (Esc).

``TableInput`` is mixed into ``BBSTable`` (table/__init__.py) and works on its state (``obs``,
``viewer``, ``own_tokens``, ``assist_card``, ``assist_target``, ``assist_hover``,
``selected_slot``, ``widgets``)."""

from __future__ import annotations

import math

import pygame

from sleuth.core.values import Action
from sleuth.games.beyond_baker_street import characters as C
from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.outlook import why_hopeless
from sleuth.games.beyond_baker_street.table.layout import (
    CHAR_RECT,
    GIVE_UP_BUTTON,
    IMPOSSIBLE,
    MOVES_BUTTON,
    face_up_hand,
)
from sleuth.games.beyond_baker_street.table.words import ABILITY_ACTIONS
from sleuth.ui.board import DRAG_THRESHOLD, CardSprite
from sleuth.ui.widgets import Button
from sleuth.ui.words import cap, plural
from sleuth.ui.zones import DropArea


class TableInput:
    """Drags, drops, clicks, buttons and cancelling."""

    # -- input ------------------------------------------------------------------------------
    def legal(self) -> list[Action]:
        return self.scene.legal_for_viewer() if not self.busy else []

    def _targets_for(self, sprite: CardSprite) -> set:
        legal = self.legal()
        targets = set()
        if sprite.key[0] == "own":
            slot = self.own_tokens.index(sprite.key[1])
            for a in legal:
                if isinstance(a, R.Investigate) and a.slot == slot:
                    targets.add(("lead", a.section))
                if isinstance(a, R.Eliminate) and a.slot == slot:
                    targets.add("impossible")
        elif sprite.key[0] == "lead":
            section = self._section_of_lead(sprite.key[1])
            if any(isinstance(a, R.Pursue) and a.section == section for a in legal):
                targets.add("impossible")
        return targets

    def _section_of_lead(self, lead: int) -> str | None:
        return next((s.id for s in self.obs.sections if s.lead == lead), None)

    def _action_for(self, sprite_key, target) -> Action | None:
        if sprite_key[0] == "own":
            slot = self.own_tokens.index(sprite_key[1])
            if target == "impossible":
                return R.Eliminate(slot)
            if isinstance(target, tuple) and target[0] == "lead":
                return R.Investigate(slot, target[1])
        if sprite_key[0] == "lead" and target == "impossible":
            section = self._section_of_lead(sprite_key[1])
            return R.Pursue(section) if section else None
        return None

    def _on_drop(self, sprite: CardSprite, target) -> str | None:
        action = self._action_for(sprite.key, target)
        if action is None:
            return "That card cannot go there."
        return self.scene.act(action)

    def _on_click(self, sprite: CardSprite) -> None:
        if sprite.key[0] == "ev" and self._is_partner_card(sprite.key[1]):
            card = sprite.key[1]
            self.assist_card = card
            self.assist_target = next(s for s, h in enumerate(self.obs.hands) if face_up_hand(h) and card in h)
            self.selected_slot = None
            self._rebuild_widgets()
        elif sprite.key[0] == "own":
            slot = self.own_tokens.index(sprite.key[1])
            self.selected_slot = None if self.selected_slot == slot else slot
            self.assist_card = None
            self.pursuing = None
            self._rebuild_widgets()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.cursor_key(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.cursor = None  # the mouse is in use: the keyboard's cursor steps aside
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.tooltip_quiet = True  # a click or a drop: no tooltip over the result until the pointer moves
        elif event.type == pygame.MOUSEMOTION:
            self.tooltip_quiet = False
        if self.widgets.handle(event):
            return True
        self._partner_drag(event)
        if event.type == pygame.MOUSEMOTION:
            hovered = self.widgets.at(event.pos)
            self.assist_hover = getattr(hovered, "action", None) if hovered is not None else None
        if self.board.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.selected_slot is not None:
            for area in self.board.drop_areas:
                if area.contains(event.pos):
                    sprite = self.board.sprite(("own", self.own_tokens[self.selected_slot]))
                    action = self._action_for(sprite.key, area.target) if sprite else None
                    if action is not None:
                        self.scene.act(action)
                    return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and (self.assist_card is not None):
            self.assist_card = None
            self._rebuild_widgets()
            return True
        return False

    def _partner_drag(self, event: pygame.event.Event) -> None:
        """A partner's card is only clicked (to Assist), never dragged: one pulled away and let go
        elsewhere says why it stays (the board would let it go without a word)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sprite = self.board.sprite_at(event.pos)
            partner = sprite is not None and sprite.key[0] == "ev" and self._is_partner_card(sprite.key[1])
            self.partner_press = (sprite.key[1], event.pos) if partner else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.partner_press is not None:
            card, start = self.partner_press
            self.partner_press = None
            sprite = self.board.sprite(("ev", card))
            if sprite is None or sprite.contains(event.pos) or math.dist(start, event.pos) <= DRAG_THRESHOLD:
                return  # a click: the Assist choices
            seat = next((s for s, h in enumerate(self.obs.hands) if face_up_hand(h) and card in h), None)
            if seat is not None:
                self.scene.app.toast(self.partner_card_refusal(seat))

    def half_made(self) -> bool:
        return super().half_made() or self.assist_card is not None or self.selected_slot is not None or \
            self.pursuing is not None

    def half_made_toward(self, action) -> bool:
        """A partner's card clicked is a step of an Assist to that partner, a card of your own
        chosen a step of playing it, a lead chosen a step of pursuing it (couch play-test: the
        hint's arrow to the Impossible stayed while the player chose what to tell a partner)."""
        if self.assist_card is not None:
            return isinstance(action, R.Assist) and action.target == self.assist_target
        if self.selected_slot is not None:
            return isinstance(action, R.Investigate | R.Eliminate) and action.slot == self.selected_slot
        if self.pursuing is not None:
            return action == R.Pursue(self.pursuing)
        return True

    def cancel(self) -> None:
        super().cancel()
        self.assist_card = None
        self.selected_slot = None
        self.pursuing = None
        self._rebuild_widgets()

    def _refresh_drop_areas(self) -> None:
        areas = [DropArea(self.section_area(i), ("lead", sec.id), self.section_name(sec.id))
                 for i, sec in enumerate(self.obs.sections)]
        areas.append(DropArea(IMPOSSIBLE, "impossible", "The Impossible"))
        self.board.drop_areas = areas

    # -- buttons ----------------------------------------------------------------------------
    def _rebuild_widgets(self) -> None:
        self.widgets.clear()
        self.bar = None
        if self.obs is None:
            return
        legal = self.legal()
        for index, sec in enumerate(self.obs.sections):
            confirm = R.Confirm(sec.id)
            if confirm in legal:
                exact = sec.evidence == sec.value
                why = ("The evidence equals the value exactly" if exact else
                       "The evidence is one short of the value, which your character may confirm")
                baynes = self._seat_ability(self.viewer, "confirm_holmes")
                back = f" {plural(baynes.steps, 'space')}" if baynes is not None else ""
                button = Button(self.section_parts(index)["confirm"], label="Confirm", primary=True, size=16,
                                on_click=lambda a=confirm: self.scene.act(a),
                                tooltip=f"{why}: confirm this lead, and Holmes steps back{back}.")
                self.widgets.add(button)
        entries = self._assist_entries(legal) if self.assist_card is not None and self.assist_target is not None \
            else []
        entries += self._decision_entries(legal)
        if entries:
            self._bar_buttons(entries)
        self._ability_button(legal)
        if legal:
            self.widgets.add(Button(MOVES_BUTTON, label="All moves (M)", size=16,
                                    on_click=self.scene.show_moves, tooltip="Every move you may make, as a list."))
        offer = self.give_up() if legal else None
        if offer is not None:
            self.widgets.add(Button(GIVE_UP_BUTTON, label=offer[0], size=16, on_click=self.scene.give_up,
                                    tooltip=offer[1]))

    def give_up(self) -> tuple[str, str, Action] | None:
        """A hopeless case (``outlook.why_hopeless``, from what everyone sees) may be given up by
        the player to move: a play-tester's team played on for a minute after the case was lost."""
        if self.viewer is None or self.obs is None:
            return None
        state = self.scene.state
        if self.viewer not in state.pending_seats():  # whom GiveUp admits (nobody once it is over)
            return None
        why = why_hopeless(state)  # asked once: the engine's check for GiveUp is this test
        return None if why is None else ("Give up the case", f"The case can no longer be solved: {why}.", R.GiveUp())

    def _bar_buttons(self, entries: list[dict]) -> None:
        """The action bar: its words (what to tell a partner, a decision's question) and a button
        per entry, laid out by ``bar_parts`` (layout.py) and painted by ``_draw_bar`` (paint.py)."""
        self.bar = self.bar_parts(self.bar_words(), [entry["label"] for entry in entries])
        for entry, rect in zip(entries, self.bar["buttons"], strict=True):
            action = entry["action"]
            button = Button(rect, label=entry["label"], size=self.bar["size"], primary=True,
                            enabled=entry.get("enabled", True), on_click=lambda a=action: self.scene.act(a),
                            tooltip=entry.get("tooltip", ""))
            if isinstance(action, R.Assist):
                button.action = action  # the cards it points at light up while hovered
            self.widgets.add(button)

    def _assist_entries(self, legal: list[Action]) -> list[dict]:
        """The two Assists about the partner's card the viewer clicked: its number, its icon."""
        ev = self.cards.evidence[self.assist_card]
        target = self.assist_target
        icon_id = self.cards.icons[ev.icon].id
        options = [R.Assist(target, number=ev.number), R.Assist(target, icon=icon_id)]
        hand = self.obs.hands[target]
        entries = []
        for action in options:
            count = sum(1 for c in hand if self._matches(c, action))
            said = self._assist_words(action.number, action.icon, count)
            # Lady Hilda's second Assist is free: Holmes moved once, for the first
            cost = "Holmes does not move for a second Assist" if self.obs.decision == "hilda_second" else \
                "Holmes moves 1 step closer"
            tooltip = f"Tell {self._obj(target)}: {said}. {cost}."
            if action not in legal:  # a character's rule forbids it: say which, not a dead button
                why = self.scene.state.why_illegal(self.viewer, action) or "it is not allowed now"
                tooltip = f"Not allowed: {why[:1].lower()}{why[1:].rstrip('.')}."
            entries.append({"label": cap(said), "action": action, "enabled": action in legal, "tooltip": tooltip})
        return entries

    def assist_parts(self, target: int) -> list[tuple[float, float, float, float]]:
        """Where the two Assist buttons are (in the action bar) while a card of ``target``'s is chosen."""
        return [w.rect for w in self.widgets.items if isinstance(getattr(w, "action", None), R.Assist)
                and w.action.target == target]

    def _matches(self, card: int, action: R.Assist) -> bool:
        ev = self.cards.evidence[card]
        if action.number is not None:
            return ev.number == action.number
        return self.cards.icons[ev.icon].id == action.icon

    def _decision_entries(self, legal: list[Action]) -> list[dict]:
        """A pending decision's choices (Toby's look, Lady Eva's draw, Lady Hilda's second Assist)."""
        decisions = [a for a in legal if isinstance(a, (C.PlacePeeked, C.SkipAssist, C.ChooseKeep))]
        return [{"label": self.describe_action(action), "action": action} for action in decisions]

    def _ability_button(self, legal: list[Action]) -> None:
        """The viewer's character ability, as a button at the foot of their character card."""
        ability = self.viewer_ability()
        if ability is None or ability.kind not in ABILITY_ACTIONS or self.scene.watching:
            return  # (a replay offers no move: the ability's button stood there, greyed out)
        kind, label = ABILITY_ACTIONS[ability.kind]
        mine = [a for a in legal if isinstance(a, kind)]
        reason = self._ability_blocked(ability, mine)
        x, y, w, h = CHAR_RECT
        button = Button((x + 8, y + h - 38, w - 16, 30), label=label, size=15, primary=bool(mine),
                        enabled=bool(mine), on_click=lambda: self._use_ability(kind, label, mine),
                        tooltip=reason or "Use your character's ability as your action")
        self.widgets.add(button)

    def _ability_blocked(self, ability, mine: list[Action]) -> str | None:
        if mine:
            return None
        if ability.once and self.obs.used[self.viewer]:
            return "Already used: this ability works once per game."
        if self.viewer not in self.obs.pending:
            return "Only on your own turn, as your action."
        return "Nothing to use it on right now."

    def _use_ability(self, kind, label: str, mine: list[Action]) -> None:
        if len(mine) == 1:
            self.scene.act(mine[0])
        else:
            self.scene.show_moves(only=lambda a: isinstance(a, kind), title=label.rstrip("."))
