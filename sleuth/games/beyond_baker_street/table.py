"""The Beyond Baker Street table: tracks, case file, leads, the Impossible, the deck and hands.

Play by drag and drop: your own (face-down) card onto a lead to Investigate or onto the
Impossible to Eliminate; a face-up lead onto the Impossible to Pursue. Confirm with the button on
a complete lead. Assist by clicking a card in a partner's hand and choosing "these are 3s" or
"these are Witnesses" (the cards it would point at light up first). Character abilities are
buttons on your character plate. Every move is also in the moves list (M) for the keyboard.

Your own cards are drawn face down with what Assists told you ("3", "not Witness"). The public
view (handoff screens) shows no hand at all, face up or down.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

import pygame

from sleuth.core.values import Action, Event
from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.cards import Cards, load_cards
from sleuth.ui.board import CardSprite, Face
from sleuth.ui.canvas import Canvas
from sleuth.ui.cardart import card_back, card_face, draw_icon, draw_track
from sleuth.ui.tableview import TableView
from sleuth.ui.theme import Palette, mix
from sleuth.ui.tween import Tween
from sleuth.ui.widgets import Button, Widgets, inside
from sleuth.ui.words import says
from sleuth.ui.zones import DropArea, fan

CARD = (58, 82)
SMALL = (46, 64)
LEAD = (80, 112)
SECTION_X = (70, 250, 430)  # left edges of the three lead columns (inside the table area)
LEAD_Y = 200  # centre of the lead cards
IMPOSSIBLE = (620, 140, 370, 170)
DECK_POS = (680, 390)
OWN_Y = 648
OWN_X = 530  # centre of the viewer's own hand
OTHERS_Y = 500
EVENT_STEP = 0.22  # seconds between the animations of successive events
CHAR_RECT = (20, 600, 220, 112)  # the viewer's character card, bottom left

#: Character abilities that are an action of their own: the button on the character card.
ABILITY_ACTIONS = {
    "rally_holmes": (R.RallyHolmes, "Move Holmes back"),
    "peek_top": (R.Peek, "Sniff the top card"),
    "return_eliminated": (R.ReturnEvidence, "Return a card..."),
    "swap_hands": (R.SwapHands, "Swap cards..."),
    "swap_lead_impossible": (R.SwapEvidence, "Swap evidence..."),
}


@lru_cache(maxsize=1)
def bundled_cards() -> Cards:
    return load_cards()


def face_up_hand(hand) -> bool:
    """A hand this seat may see (the observation masks a hidden hand's cards as None)."""
    return hand is not None and all(card is not None for card in hand)


def icon_colour(pal: Palette, icon: int) -> tuple[int, int, int]:
    return pal.accents[icon % len(pal.accents)]


class BBSTable(TableView):
    def __init__(self, scene, rect) -> None:
        super().__init__(scene, rect)
        self.cards = bundled_cards()
        self.card_of = {self.cards.card_key(e.id): e.id for e in self.cards.evidence}
        self.lead_of = {self.cards.lead_key(ld.id): ld.id for ld in self.cards.leads}
        self.widgets = Widgets()
        self.own_tokens: list[int] = []
        self._token_counter = itertools.count()
        self.assist_card: int | None = None  # a partner's card the viewer clicked
        self.assist_target: int | None = None
        self.assist_hover: Action | None = None
        self.selected_slot: int | None = None
        self.holmes_shown = 15.0
        self.track_shown = 0.0
        self.history: list[tuple[int, int]] = []

    # -- geometry ---------------------------------------------------------------------------
    def section_centre(self, index: int) -> tuple[float, float]:
        return (SECTION_X[index] + LEAD[0] / 2, LEAD_Y)

    def section_area(self, index: int) -> tuple[float, float, float, float]:
        return (SECTION_X[index] - 14, 126, LEAD[0] + 92, 310)

    def seat_slots(self) -> list[int]:
        """Other seats in play order after the viewer (or all seats in the public view)."""
        obs = self.obs
        players = obs.players
        if self.viewer is None:
            return list(range(players))
        return [(self.viewer + k) % players for k in range(1, players)]

    def other_hand_origin(self, position: int, count: int) -> tuple[float, float, float]:
        """Left x, centre y and width of the band for the position-th other hand."""
        width = (self.rect[2] - 40) / max(1, count)
        return (20 + position * width, OTHERS_Y, width)

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

    # -- sync -------------------------------------------------------------------------------
    def sync(self, obs, events: Sequence[Event], animate: bool) -> None:
        previous = self.obs
        super().sync(obs, events, animate)
        if previous is None or previous.seat != obs.seat:
            self.board.keep_only(set())
            self.own_tokens = []
        self._track_tokens(events)
        placements = self._layout(obs)
        delays = self._delays(events) if animate else {}
        self._apply_layout(placements, events, delays, animate)
        self._animate_tracks(obs, animate)
        self._record_history(obs)
        self.assist_card = None
        self.assist_target = None
        self.selected_slot = None
        self._rebuild_widgets()

    def _track_tokens(self, events: Sequence[Event]) -> None:
        """Stable keys for the viewer's own face-down cards (identity never revealed)."""
        me = self.viewer
        if me is None:
            return
        for e in events:
            if isinstance(e, (R.Investigated, R.Eliminated)) and e.seat == me and e.slot < len(self.own_tokens):
                self.own_tokens.pop(e.slot)
            elif isinstance(e, R.Drew) and e.seat == me:
                self.own_tokens.append(next(self._token_counter))
            elif isinstance(e, R.Kept) and e.seat == me:
                self.own_tokens.append(next(self._token_counter))
            elif isinstance(e, R.SwappedHands):
                if e.seat == me and e.slot < len(self.own_tokens):
                    self.own_tokens[e.slot] = next(self._token_counter)
                if e.target == me and e.target_slot < len(self.own_tokens):
                    self.own_tokens[e.target_slot] = next(self._token_counter)
        hand = self.obs.hands[me]
        if len(self.own_tokens) != len(hand):
            self.own_tokens = [next(self._token_counter) for _ in hand]

    def _layout(self, obs) -> dict:
        """key -> (pos, angle, size, front, back, face_up, layer, tooltip, draggable)."""
        out: dict = {}
        # what the viewer may do, computed once per layout (it asks the engine for every move)
        legal = self.scene.legal_for_viewer() if self.scene.viewer_may_act() else []
        for index, sec in enumerate(obs.sections):
            cx, cy = self.section_centre(index)
            if sec.lead is not None:
                pursuable = R.Pursue(sec.id) in legal
                out[("lead", sec.lead)] = ((cx, cy), 0.0, LEAD, self.lead_face(sec.lead), self.lead_back(), True, 3,
                                           self._lead_tip(sec), pursuable)
            for k, card in enumerate(sec.cards):
                out[("ev", card)] = ((cx, cy + 84 + k * 22), 0.0, SMALL, self.evidence_face(card, SMALL),
                                     self.back_face(SMALL), True, 4 + k, "Matching evidence on this lead", False)
            for k, card in enumerate(sec.mismatched):
                out[("ev", card)] = ((cx + 60, cy - 4 + k * 22), 0.0, SMALL, self.evidence_face(card, SMALL),
                                     self.back_face(SMALL), True, 4 + k,
                                     "A mismatched card: its number raises the lead's value", False)
        ix, iy, iw, ih = IMPOSSIBLE
        for k, card in enumerate(obs.impossible):
            pos = (ix + 34 + (k % 9) * 37, iy + 68 + (k // 9) * 40)
            out[("ev", card)] = (pos, 0.0, SMALL, self.evidence_face(card, SMALL), self.back_face(SMALL), True, 10 + k,
                                 "Eliminated evidence", False)
        for k, lead in enumerate(obs.dead_leads):
            pos = (ix + iw - 40 - k * 14, iy + ih - 44)
            out[("lead", lead)] = (pos, 8.0 - k * 3, LEAD, self.lead_face(lead), self.lead_back(), False, 20 + k,
                                   "A dead lead (face down in the Impossible)", False)
        others = self.seat_slots()
        visible_others = [s for s in others if face_up_hand(obs.hands[s])]
        for position, seat in enumerate(visible_others):
            left, cy, width = self.other_hand_origin(position, len(visible_others))
            hand = obs.hands[seat]
            spacing = min(CARD[0] + 6, (width - 40) / max(1, len(hand)))
            for k, card in enumerate(hand):
                x = left + 20 + CARD[0] / 2 + k * spacing
                out[("ev", card)] = ((x, cy + 14), 0.0, CARD, self.evidence_face(card), self.back_face(), True, 30 + k,
                                     self._partner_card_tip(seat, card), False)
        me = self.viewer
        if me is not None and obs.hands[me] is not None:
            hand = obs.hands[me]
            places = fan((OWN_X, OWN_Y), len(hand), CARD[0] + 14, 8, 1.2)
            for k, (token, (x, y, angle)) in enumerate(zip(self.own_tokens, places, strict=False)):
                out[("own", token)] = ((x, y), angle, CARD, self.back_face(), self.back_face(), False, 40 + k,
                                       self._own_tip(k), bool(legal))
        return out

    def _delays(self, events: Sequence[Event]) -> dict:
        """Each card starts moving when the first event that mentions it plays (events in order)."""
        delays: dict = {}
        step = EVENT_STEP
        for index, e in enumerate(events):
            for key in self._keys_in(e):
                delays.setdefault(key, index * step)
        return delays

    def _keys_in(self, e: Event) -> list:
        keys = []
        for name in ("card", "impossible_card", "gave", "got", "buried"):
            value = getattr(e, name, None)
            if isinstance(value, str) and value in self.card_of:
                keys.append(("ev", self.card_of[value]))
        for value in getattr(e, "cards", ()) or ():
            if isinstance(value, str) and value in self.card_of:
                keys.append(("ev", self.card_of[value]))
        lead = getattr(e, "lead", None)
        if isinstance(lead, str) and lead in self.lead_of:
            keys.append(("lead", self.lead_of[lead]))
        return keys

    def _start_for(self, key, events: Sequence[Event]) -> tuple[tuple[float, float], bool]:
        """Where a card that just appeared comes from, and whether it starts face up."""
        deck = DECK_POS
        if key[0] == "own":
            return deck, False
        if key[0] == "lead":
            for e in events:
                if isinstance(e, R.LeadRevealed) and self.lead_of.get(e.lead) == key[1]:
                    index = self.obs and [s.id for s in self.obs.sections].index(e.section)
                    cx, cy = self.section_centre(index or 0)
                    return (cx, cy - 6), False
            return deck, False
        name = self.cards.card_key(key[1])
        for e in events:
            if isinstance(e, (R.Investigated, R.Eliminated)) and e.card == name and e.seat == self.viewer:
                token_pos = self._own_slot_pos(e.slot)
                return token_pos, False
            if isinstance(e, R.Drew) and e.card == name:
                return deck, False
        return deck, False

    def _own_slot_pos(self, slot: int) -> tuple[float, float]:
        hand = self.obs.hands[self.viewer] if self.viewer is not None else None
        count = len(hand or ()) + 1
        places = fan((OWN_X, OWN_Y), count, CARD[0] + 14, 8, 1.2)
        x, y, _ = places[min(slot, len(places) - 1)]
        return (x, y)

    def _apply_layout(self, placements: dict, events: Sequence[Event], delays: dict, animate: bool) -> None:
        board = self.board
        going_to_deck = set()
        for e in events:
            if isinstance(e, R.Reshuffled):
                going_to_deck |= {("ev", self.card_of[n]) for n in e.cards if n in self.card_of}
        for key in list(board.by_key):
            if key not in placements:
                sprite = board.by_key[key]
                if animate and (key in going_to_deck or key[0] == "own"):
                    delay = delays.get(key, 0.0)
                    board.flip(sprite, False, delay=delay)
                    board.move(sprite, DECK_POS, 0.0, duration=0.45, delay=delay,
                               done=lambda k=key: board.remove(k))
                else:
                    board.remove(key)
        for key, (pos, angle, size, front, back, face_up, layer, tip, draggable) in placements.items():
            sprite = board.sprite(key)
            if sprite is None:
                start, start_up = self._start_for(key, events) if animate else (pos, face_up)
                sprite = board.ensure(key, size, front, back, start_up, start, layer)
                if animate:
                    self.scene.app.sound.play("slide")
            else:
                sprite.front, sprite.back, sprite.size = front, back, size
            board.set_layer(sprite, layer)
            sprite.tooltip = tip
            sprite.draggable = draggable
            sprite.clickable = key[0] == "ev" and self._is_partner_card(key[1])
            sprite.badges = self._badges(key)
            delay = delays.get(key, 0.0)
            board.move(sprite, pos, angle, duration=0.4, delay=delay)
            if sprite.face_up != face_up:
                board.flip(sprite, face_up, delay=delay + 0.15)
                if animate:
                    self.scene.app.sound.play("flip")
        if animate and going_to_deck:
            self.scene.app.sound.play("shuffle")
        self._refresh_drop_areas()

    def _refresh_drop_areas(self) -> None:
        areas = [DropArea(self.section_area(i), ("lead", sec.id), sec.id.capitalize())
                 for i, sec in enumerate(self.obs.sections)]
        areas.append(DropArea(IMPOSSIBLE, "impossible", "The Impossible"))
        self.board.drop_areas = areas

    def _animate_tracks(self, obs, animate: bool) -> None:
        """The markers step one space at a time toward their new values (with a tick per step)."""
        for attr, goal in (("holmes_shown", obs.holmes), ("track_shown", obs.investigation)):
            start = getattr(self, attr)
            if not animate or start == goal:
                setattr(self, attr, float(goal))
                continue
            steps = abs(goal - start)
            duration = min(1.2, 0.12 * steps) * self.board.speed
            last = [round(start)]

            def apply(t: float, a=attr, s=start, g=goal, last=last) -> None:
                value = s + (g - s) * t
                setattr(self, a, value)
                if round(value) != last[0]:
                    last[0] = round(value)
                    self.scene.app.sound.play("tick")

            self.board.tweens.add(Tween(duration, apply, lambda t: t, delay=0.2 * self.board.speed))

    def _record_history(self, obs) -> None:
        point = (obs.holmes, obs.investigation)
        if not self.history or self.history[-1] != point:
            self.history.append(point)

    # -- knowledge and tips -----------------------------------------------------------------
    def _is_partner_card(self, card: int) -> bool:
        me = self.viewer
        if me is None:
            return False
        return any(face_up_hand(hand) and card in hand for s, hand in enumerate(self.obs.hands) if s != me)

    def knowledge_words(self, icon_mask: int, number_mask: int) -> list[str]:
        icons = [i for i in range(len(self.cards.icons)) if icon_mask >> i & 1]
        numbers = [n for n in range(1, self.cards.max_number + 1) if number_mask >> n & 1]
        words = []
        if len(icons) == 1:
            words.append(self.cards.icons[icons[0]].name)
        elif len(icons) < len(self.cards.icons):
            words += [f"not {self.cards.icons[i].name}" for i in range(len(self.cards.icons)) if i not in icons]
        if len(numbers) == 1:
            words.append(str(numbers[0]))
        elif len(numbers) < self.cards.max_number:
            missing = [n for n in range(1, self.cards.max_number + 1) if n not in numbers]
            words.append("not " + "/".join(map(str, missing)))
        return words

    def _badges(self, key) -> tuple[str, ...]:
        if key[0] != "own" or self.viewer is None:
            return ()
        slot = self.own_tokens.index(key[1]) if key[1] in self.own_tokens else None
        if slot is None or slot >= len(self.obs.knowledge[self.viewer]):
            return ()
        return tuple(self.knowledge_words(*self.obs.knowledge[self.viewer][slot]))

    def _own_tip(self, slot: int) -> str:
        words = self.knowledge_words(*self.obs.knowledge[self.viewer][slot]) if self.viewer is not None else []
        known = ", ".join(words) if words else "nothing yet"
        return (f"Your card {slot + 1}, face down: you cannot see it. Assists told you: {known}. "
                "Drag it onto a lead to Investigate or onto the Impossible to Eliminate.")

    def _partner_card_tip(self, seat: int, card: int) -> str:
        ev = self.cards.evidence[card]
        slot = self.obs.hands[seat].index(card)
        words = self.knowledge_words(*self.obs.knowledge[seat][slot])
        knows = ", ".join(words) if words else "nothing"
        return (f"{self.scene.seat_names[seat]}'s {self.cards.icons[ev.icon].name} {ev.number}. "
                f"They know: {knows}. Click to Assist them.")

    def _lead_tip(self, sec) -> str:
        ld = self.cards.leads[sec.lead]
        icon = self.cards.icons[ld.icon].name
        need = sec.value - sec.evidence
        state = "confirmed" if sec.confirmed else (
            "complete: Confirm it" if need == 0 else f"needs {need} more {icon} evidence")
        return (f"{sec.id.capitalize()} lead: {icon} {ld.value}; value now {sec.value} "
                f"(mismatched cards raise it), evidence {sec.evidence}: {state}. {sec.pile - 1} more below. "
                "Drag it onto the Impossible to Pursue.")

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
            self._rebuild_widgets()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
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

    def cancel(self) -> None:
        super().cancel()
        self.assist_card = None
        self.selected_slot = None
        self._rebuild_widgets()

    # -- buttons ----------------------------------------------------------------------------
    def _rebuild_widgets(self) -> None:
        self.widgets.clear()
        if self.obs is None:
            return
        legal = self.legal()
        for index, sec in enumerate(self.obs.sections):
            confirm = R.Confirm(sec.id)
            if confirm in legal:
                x, y = self.section_centre(index)
                button = Button((x - 46, y - LEAD[1] / 2 - 40, 92, 30), label="Confirm", primary=True, size=17,
                                on_click=lambda a=confirm: self.scene.act(a),
                                tooltip="The evidence equals the value exactly: confirm this lead (Holmes steps back)")
                self.widgets.add(button)
        if self.assist_card is not None and self.assist_target is not None:
            self._assist_buttons(legal)
        self._special_buttons(legal)
        if legal:
            self.widgets.add(Button((self.rect[2] - 150, 676, 136, 32), label="All moves (M)", size=16,
                                    on_click=self.scene.show_moves, tooltip="Every move you may make, as a list"))

    def _assist_buttons(self, legal: list[Action]) -> None:
        ev = self.cards.evidence[self.assist_card]
        target = self.assist_target
        icon_id = self.cards.icons[ev.icon].id
        options = [R.Assist(target, number=ev.number), R.Assist(target, icon=icon_id)]
        hand = self.obs.hands[target]
        position = self.seat_slots().index(target) if target in self.seat_slots() else 0
        left, cy, width = self.other_hand_origin(position, len([s for s in self.seat_slots()
                                                                 if face_up_hand(self.obs.hands[s])]))
        for i, action in enumerate(options):
            count = sum(1 for c in hand if self._matches(c, action))
            what = (f"{ev.number}s" if count > 1 else f"a {ev.number}") if action.number is not None else (
                f"{self.cards.icons[ev.icon].name}s" if count > 1 else f"a {self.cards.icons[ev.icon].name}")
            label = f"{'These are' if count > 1 else 'This is'} {what} ({count})"
            button = Button((left + 10 + i * (width / 2 - 6), cy - 92, width / 2 - 14, 34), label=label, size=16,
                            primary=True, enabled=action in legal, on_click=lambda a=action: self.scene.act(a),
                            tooltip=f"Tell {self.scene.seat_names[target]}: {label.lower()}. Holmes moves 1 step.")
            button.action = action  # the cards it points at light up while hovered
            self.widgets.add(button)

    def _matches(self, card: int, action: R.Assist) -> bool:
        ev = self.cards.evidence[card]
        if action.number is not None:
            return ev.number == action.number
        return self.cards.icons[ev.icon].id == action.icon

    def _special_buttons(self, legal: list[Action]) -> None:
        """Pending decisions as buttons above the character card; the ability button on it."""
        decisions = [a for a in legal if isinstance(a, (R.PlacePeeked, R.SkipAssist, R.ChooseKeep))]
        for i, action in enumerate(decisions[:4]):
            self.widgets.add(Button((CHAR_RECT[0], CHAR_RECT[1] - 40 - i * 38, CHAR_RECT[2], 32),
                                    label=self.describe_action(action), size=15, primary=True,
                                    on_click=lambda a=action: self.scene.act(a)))
        ability = self.viewer_ability()
        if ability is None or ability.kind not in ABILITY_ACTIONS:
            return
        kind, label = ABILITY_ACTIONS[ability.kind]
        mine = [a for a in legal if isinstance(a, kind)]
        reason = self._ability_blocked(ability, mine)
        x, y, w, h = CHAR_RECT
        button = Button((x + 8, y + h - 38, w - 16, 30), label=label, size=15, primary=bool(mine),
                        enabled=bool(mine), on_click=lambda: self._use_ability(kind, label, mine),
                        tooltip=reason or "Use your character's ability as your action")
        self.widgets.add(button)

    def viewer_ability(self):
        character = self.viewer_character()
        return character.ability if character is not None else None

    def viewer_character(self):
        if self.viewer is None or self.obs is None or self.viewer >= len(self.obs.characters):
            return None
        number = self.obs.characters[self.viewer]
        return next((c for c in self.cards.characters if c.number == number), None) if number else None

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

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        obs = self.obs
        if obs is None:
            return
        self._draw_tracks(canvas, pal, obs)
        self._draw_sections(canvas, pal, obs)
        self._draw_impossible(canvas, pal, obs)
        self._draw_deck(canvas, pal, obs)
        self._draw_seats(canvas, pal, obs)
        self._draw_character(canvas, pal)
        self.board.draw_areas(canvas)
        self._draw_assist_highlight(canvas, pal)
        self.board.draw(canvas)
        self._draw_badges(canvas, pal)
        if self.selected_slot is not None:
            sprite = self.board.sprite(("own", self.own_tokens[self.selected_slot]))
            if sprite is not None:
                x, y, w, h = sprite.rect_logical
                canvas.box((x - 4, y - 4, w + 8, h + 8), pal.highlight, radius=9, width=3)
                canvas.text("now click a lead or the Impossible", (x + w / 2, y - 22), 15, pal.highlight, "center")
        self.widgets.draw(canvas, pal)

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

    def tooltip(self, pos):
        text = self.widgets.tooltip(pos)
        if text:
            return text
        character = self.viewer_character()
        if character is not None and inside(CHAR_RECT, pos):
            return (f"Your character: {character.name} ({character.pipes} pipes: more pipes make the game easier). "
                    f"{character.description}")
        sprite = self.board.sprite_at(pos)
        if sprite is not None and sprite.tooltip:
            return sprite.tooltip
        if inside(IMPOSSIBLE, pos):
            return ("The Impossible: eliminated evidence (face up) and dead leads (face down). Each card beyond "
                    "the case file's limit moves Holmes one step closer to solving the case.")
        if inside((16, 52, 470, 56), pos):
            return "Holmes: every Assist and every card beyond the Impossible's limit moves him toward 0; each " \
                   "Confirm moves him back. At 0 he has solved it and you lose."
        if inside((496, 52, 494, 56), pos):
            return "Investigation: each eliminated card adds its number. You need exactly 20 when the third " \
                   "lead is confirmed; going past 20 loses."
        for index in range(3):
            if inside(self.section_area(index), pos):
                return "A lead section: drop a card here to Investigate the face-up lead."
        return None

    # -- words ------------------------------------------------------------------------------
    def _ev_text(self, name: str | None) -> str:
        if name is None or name not in self.card_of:
            return "a card"
        ev = self.cards.evidence[self.card_of[name]]
        return f"{self.cards.icons[ev.icon].name} {ev.number}"

    def _lead_text(self, name: str) -> str:
        if name not in self.lead_of:
            return name
        ld = self.cards.leads[self.lead_of[name]]
        return f"{self.cards.sections[ld.section].name} ({self.cards.icons[ld.icon].name} {ld.value})"

    def _says(self, seat: int, verb: str) -> str:
        """``Watson plays`` but ``You play`` (a seat may be named You)."""
        return says(self.scene.seat_names[seat], verb)

    @staticmethod
    def _plural(word: str) -> str:
        return word + ("es" if word.endswith("s") else "s")

    def _assist_words(self, number: int | None, icon: str | None, count: int) -> str:
        """``these 2 cards are 3s`` / ``this card is a Witness``."""
        word = str(number) if number is not None else (icon or "").capitalize()
        if count == 1:
            article = "an" if word[:1] in "8AEIOU" else "a"
            return f"this card is {article} {word}"
        return f"these {count} cards are {self._plural(word)}"

    def describe(self, event: Event) -> str | None:
        names = self.scene.seat_names
        said_by = self._says
        e = event
        if isinstance(e, R.Dealt):
            return f"Case file {e.case}. {said_by(e.start, 'starts')}."
        if isinstance(e, R.LeadRevealed):
            return f"New lead: {self._lead_text(e.lead)}."
        if isinstance(e, R.Drew):
            return None
        if isinstance(e, R.Assisted):
            count = len(e.slots)
            said = self._assist_words(e.number, e.icon, count)
            return f"{said_by(e.seat, 'assists')} {names[e.target]}: {said}."
        if isinstance(e, R.Investigated):
            how = "adds to" if e.matched else "raises the value of"
            return f"{said_by(e.seat, 'plays')} {self._ev_text(e.card)}: it {how} the {e.section} lead."
        if isinstance(e, R.LeadDied):
            return f"The {e.section} lead {self._lead_text(e.lead)} is dead" + (" and vanishes." if e.vanished else
                                                                               ": into the Impossible.")
        if isinstance(e, R.Reshuffled):
            return f"{len(e.cards)} evidence card(s) shuffled back into the deck."
        if isinstance(e, R.Confirmed):
            return f"{said_by(e.seat, 'confirms')} the {e.section}: {self._lead_text(e.lead)}."
        if isinstance(e, R.Eliminated):
            return f"{said_by(e.seat, 'eliminates')} {self._ev_text(e.card)}; investigation at {e.track}."
        if isinstance(e, R.Pursued):
            return f"{said_by(e.seat, 'pursues')}: {self._lead_text(e.lead)} is dropped."
        if isinstance(e, R.HolmesMoved):
            direction = "closer to solving it" if e.steps < 0 else "back"
            return f"Holmes moves {abs(e.steps)} {direction} ({e.why}): now {e.holmes}."
        if isinstance(e, R.Rallied):
            return f"{said_by(e.seat, 'moves')} Holmes back a step (Irene Adler, once per game)."
        if isinstance(e, R.GameOver):
            return ("Solved! " if e.won else "Holmes wins: ") + e.reason
        if isinstance(e, R.Peeked):
            return f"{said_by(e.seat, 'sniffs')} the top card (Toby)" + (f": {self._ev_text(e.card)}." if e.card else ".")
        if isinstance(e, R.PlacedPeeked):
            return f"{said_by(e.seat, 'puts')} it {'under the deck' if e.bottom else 'back on top'}."
        if isinstance(e, R.Kept):
            return f"{said_by(e.chooser, 'chooses')} the card {names[e.seat]} keeps."
        return super().describe(e)

    def describe_action(self, action: Action) -> str:
        names = self.scene.seat_names
        a = action
        if isinstance(a, R.Assist):
            what = self._plural(str(a.number) if a.number is not None else a.icon.capitalize())
            return f"Assist {names[a.target]}: point out their {what}"
        if isinstance(a, R.Investigate):
            return f"Investigate: your card {a.slot + 1} onto the {a.section} lead"
        if isinstance(a, R.Eliminate):
            return f"Eliminate: your card {a.slot + 1} into the Impossible"
        if isinstance(a, R.Confirm):
            return f"Confirm the {a.section} lead"
        if isinstance(a, R.Pursue):
            return f"Pursue: drop the {a.section} lead"
        if isinstance(a, R.RallyHolmes):
            return "Irene Adler: move Holmes back 1"
        if isinstance(a, R.Peek):
            return "Toby: look at the top card"
        if isinstance(a, R.PlacePeeked):
            return "Put it under the deck" if a.bottom else "Leave it on top"
        if isinstance(a, R.ChooseKeep):
            return f"Let them keep {self._ev_text(a.card)}"
        if isinstance(a, R.SkipAssist):
            return "No second Assist"
        if isinstance(a, R.ReturnEvidence):
            return f"Mrs Hudson: return {self._ev_text(a.card)} to the deck"
        if isinstance(a, R.SwapEvidence):
            return f"Baskerville: swap {self._ev_text(a.card)} on the {a.section} for {self._ev_text(a.impossible_card)}"
        if isinstance(a, R.SwapHands):
            return f"Pike: swap your card {a.slot + 1} with {names[a.target]}'s card {a.target_slot + 1}"
        return super().describe_action(a)

    def turn_hint(self) -> str:
        obs = self.obs
        if obs is None:
            return ""
        if obs.decision == "eva_choice":
            return "choose which card she keeps"
        if obs.decision == "toby_place":
            return "top or bottom?"
        if obs.decision == "hilda_second":
            return "a second Assist, or skip"
        return "drag a card, click a partner's card to Assist, or Confirm"

    def risky(self, seat: int, action: Action) -> str | None:
        obs = self.obs
        if obs is None:
            return None
        count = len(obs.impossible) + len(obs.dead_leads)
        over_limit = count >= obs.impossible_limit
        if isinstance(action, R.Confirm):
            confirmed = sum(1 for s in obs.sections if s.confirmed)
            if confirmed == len(obs.sections) - 1 and obs.investigation != obs.target:
                return (f"This is the last lead, but the Investigation track is on {obs.investigation}, not "
                        f"{obs.target}: confirming it now loses the game.")
        if isinstance(action, R.Pursue):
            sec = next(s for s in obs.sections if s.id == action.section)
            if sec.pile <= 1:
                return f"This is the last {action.section} lead: pursuing it loses the game."
            if over_limit and obs.holmes <= 1:
                return "The Impossible is full: one more card moves Holmes to 0 and loses the game."
        if isinstance(action, R.Investigate):
            sec = next(s for s in obs.sections if s.id == action.section)
            icon_mask, number_mask = obs.knowledge[seat][action.slot]
            lead_icon = self.cards.leads[sec.lead].icon if sec.lead is not None else -1
            could_match = bool(icon_mask >> lead_icon & 1) if lead_icon >= 0 else False
            numbers = [n for n in range(1, self.cards.max_number + 1) if number_mask >> n & 1]
            could_kill = could_match and any(sec.evidence + n > sec.value for n in numbers)
            if could_kill and sec.pile <= 1:
                return (f"If this card is a matching card too big for the lead, the last {sec.id} lead dies "
                        "and you lose.")
            if could_kill and over_limit and obs.holmes <= 1:
                return "If this card kills the lead, the full Impossible moves Holmes to 0 and you lose."
        if isinstance(action, R.Assist) and obs.holmes <= 1:
            return "Holmes is one step from solving the case: this Assist moves him to 0 and loses the game."
        if isinstance(action, R.Eliminate):
            knowledge = obs.knowledge[seat][action.slot]
            numbers = [n for n in range(1, self.cards.max_number + 1) if knowledge[1] >> n & 1]
            over = [n for n in numbers if obs.investigation + n > obs.target]
            if over and len(over) == len(numbers):
                return f"Every number this card could be takes the track past {obs.target}: you would lose."
            if over:
                return (f"If this card is a {' or '.join(map(str, over))}, the track goes past {obs.target} "
                        "and you lose.")
            if over_limit and obs.holmes <= 1:
                return "The Impossible is full: one more card moves Holmes to 0 and loses the game."
        return None

    # -- results ----------------------------------------------------------------------------
    def story(self) -> list[str]:
        lines = [line for line in self.scene.log_lines if "confirms" in line or "dead" in line or "Solved" in line
                 or "Holmes wins" in line]
        return lines[-7:] or super().story()

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


TABLE = BBSTable
