"""Where things sit on the Purrrlock Holmes table: the fixed geometry (trail, deck and discard,
the home seat's area, the hint box, the notes grid), each seat's panel and zones, the trail's
slots and sprite keys, and the placement of every sprite for the current observation (position,
face, layer and tooltip).

``TableLayout`` is mixed into ``PurrrlockTable`` (table/__init__.py) and works on its state (``obs``,
``cards``, ``scene``, ``viewer``, ``chosen``, ``pick``); the sprites' tooltips come from
``TableWording`` (words.py)."""

from __future__ import annotations

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.paint import (
    BACK_SMALL,
    CARD,
    GOT,
    SMALL,
    SMALL_HEAD,
    TAB,
    TAB_HEAD,
    TOKEN,
    back_face,
    clue_face,
    furriarty_face,
    more_face,
    token_face,
)
from sleuth.ui.words import cap, plural, possessive, says

# The table at 1280 x 720 (logical), in three rows under the 44-px banner:
# the top row: Furriarty's trail (left) and the clue deck with the discard pile (right)
TRAIL_BAND = (8, 48, 1076, 94)
TRAIL_Y = 90
TRAIL_X0, TRAIL_X1 = 160, 1000
DECK_BOX = (1092, 48, 180, 94)
#: the one "Paws!" for another player at the couch: the trail band's bottom right, under the
#: paw prints, left of "ESCAPE" (away from every clue card)
PAWS_CALL = (780, 117, 232, 23)
DECK_POS = (1140, 85)
DISCARD_POS = (1224, 85)
# the middle row: the other inspectors, side by side across the whole width
MID_Y, MID_H = 148, 256
MID_X0, MID_W = 8, 1264
# the bottom row: your notes (left; Guess and Paws under them) and your place (right). Every
# button stays left of the move-log drawer (it opens over the right 300 px); what the drawer may
# cover for a moment is only to be read: your completed cases and the hint
GRID = (8, 410, 370, 264)
GRID_LABEL_W = 74
GRID_TOP = 458
GRID_ROW = 22
HEADER_H = 20  # the hours over the grid's columns
GUESS_Y = 680
OWN = (386, 410, 886, 306)
OWN_LEADS = (394, 440, 214, 168)
OWN_STAND = (680, 510)
OWN_DEAD = (752, 440, 214, 168)
OWN_SOLVED = (980, 438, 284, 126)
HINT_BOX = (980, 566, 284, 146)
HAND_CENTRE = (555, 662)
HAND_STEP = 80
HAND_ROOM = 322  # the width the hand may take: a large hand closes up rather than spill over
BUTTON_X, BUTTON_Y, BUTTON_W = 724, 614, 248  # Reveal / Pass, and All moves under it
COLUMN_GAP = 4
STEP = SMALL[0] + COLUMN_GAP  # spacing of small cards in lead / dead end grids
#: the room a seat's Leads and Dead Ends keep from its panel's edge and from its stand (at 4 px
#: a Lead lay against the panel's left edge at 5 seats, play-test s173)
SIDE_MARGIN = 6
#: a cascaded small card shows its head: the strip (hour and animal) and the suspect's name (at 24 px
#: the name of the card under it was hidden: Cid's 7 Crow under his 9 Crow, couch play-test p18)
CASCADE = SMALL_HEAD
#: the label line ("Leads", "Dead Ends") over a side's cards
LABEL_H = 18
STEP_DOWN = SMALL[1] + 4  # a second row of your own Leads lies whole below the first (a fourth
# Lead covered the third's face when they cascaded)



#: a completed case's tokens stand in a column just right of its card: on the card they covered
#: its clock (play-test q10), then its suspect's name ("G...se", couch play-tests p18, q09)
TOKEN_GAP = 2
#: the gap between two completed cases, and the least one: closer, the tokens of one case had lain
#: half under the next card, only the last case's numbers whole (play-test pul2, rpu_end)
SOLVED_GAP = 8
SOLVED_MIN_GAP = 3
#: your own completed cases sit under their label ("Completed")
SOLVED_TOP = 18
#: how a seat's completed cases are laid out, the first way that holds them all (each case whole
#: and every token beside or under its own card, off every card): whole cards with their tokens in
#: a column beside them; whole cards with the tokens in a row under them; in more than one row,
#: or where the region is too low for that, the cards' heads (hour and suspect) alone
SOLVED_STYLES = ((SMALL, "beside"), (SMALL, "below"), (TAB, "beside"), (TAB, "below"))

#: a click this soon after the seats changed places (another player came to the screen) is
#: dropped: it was aimed at what had been under the pointer
SETTLE_AFTER_MOVE = 0.6


class TableLayout:
    """Where each seat, zone and sprite of the table goes."""

    _kept_home: int | None = None  # the seat at the bottom while nobody is at the screen
    _shown_home: int | None = None  # the seat at the bottom at the last sync
    home_moved_at = -1.0  # the scene's clock when the seats last changed places

    # -- who sits where ----------------------------------------------------------------------
    @property
    def home(self) -> int:
        """The seat drawn at the bottom: the viewer, else the seat about to play (or seat 0)."""
        if self.viewer is not None:
            return self.viewer
        if self._kept_home is not None:
            return self._kept_home
        return self._first_home()

    def _first_home(self) -> int:
        """Before anyone was at the screen: the seat about to play (or seat 0)."""
        obs = self.obs
        if obs is not None and obs.pending and self.scene.session.human_seats:
            return obs.pending[0]
        return 0

    def keep_home(self) -> None:
        """Remember who sits at the bottom: in the public view (a bot's turn, between two players at
        the couch) the places stay as the last player at the screen left them. They had followed
        the seat the game waited for, so the panels swapped places between a bot's sub-steps and
        when a turn passed, and a quick click landed on a button that had just moved under it.
        A player who came to the screen out of turn (a Paws) leaves the places as they were: the
        big panel had stayed the caller's, under their name, for the rest of a bot's turn (z07)."""
        interrupt = getattr(self.scene, "interrupt", None)  # a replay has none
        calling = interrupt is not None and interrupt.seat == self.viewer
        if self.viewer is not None and not (calling and self._kept_home is not None):
            self._kept_home = self.viewer
        elif self._kept_home is None and self.obs is not None:
            self._kept_home = self._first_home()
        if self._shown_home is not None and self.home != self._shown_home:
            self.home_moved_at = self.scene.clock
        self._shown_home = self.home

    def others(self) -> list[int]:
        n = self.obs.players
        return [(self.home + k) % n for k in range(1, n)]

    def panel_rect(self, seat: int) -> tuple[float, float, float, float]:
        if seat == self.home:
            return OWN
        others = self.others()
        n = len(others)
        gap = 8
        w = min(700.0, (MID_W - gap * (n - 1)) / n)
        total = w * n + gap * (n - 1)
        x0 = MID_X0 + (MID_W - total) / 2
        i = others.index(seat)
        return (x0 + i * (w + gap), MID_Y, w, MID_H)

    def stand_pos(self, seat: int) -> tuple[float, float]:
        if seat == self.home:
            return OWN_STAND
        x, y, w, _ = self.panel_rect(seat)
        return (x + w / 2, y + 110 + CARD[1] / 2)

    def ask_pos(self, seat: int) -> tuple[float, float]:
        sx, sy = self.stand_pos(seat)
        return (sx + 12, sy + 16)

    def lead_region(self, seat: int, dead: bool) -> tuple[float, float, float, float]:
        """Leads left of the stand, Dead Ends right of it; a label line, then the cards."""
        if seat == self.home:
            return OWN_DEAD if dead else OWN_LEADS
        x, y, w, h = self.panel_rect(seat)
        side = w / 2 - CARD[0] / 2 - 2 * SIDE_MARGIN
        top = y + 108
        room = h - 112
        return (x + w - SIDE_MARGIN - side, top, side, room) if dead else (x + SIDE_MARGIN, top, side, room)

    def solved_region(self, seat: int) -> tuple[float, float, float, float]:
        if seat == self.home:
            return OWN_SOLVED
        x, y, w, _ = self.panel_rect(seat)
        return (x + 4, y + 30, w - 8, 74)

    def hand_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.home:
            return HAND_CENTRE
        x, y, w, h = self.panel_rect(seat)
        return (x + w / 2, y + h - 4 - BACK_SMALL[1] / 2)

    def slot_pos(self, slot: int) -> tuple[float, float]:
        size = self.trail_size()
        step = (TRAIL_X1 - TRAIL_X0) / max(1, size - 1)
        return (TRAIL_X0 + slot * step, TRAIL_Y)

    def trail_size(self) -> int:
        return self.cards.trails[self.obs.players].size + 1

    def removed(self, obs=None) -> int:
        """Paw prints taken off the trail so far (they are keyed by their order on the trail)."""
        obs = obs or self.obs
        taken = sum(len(c) for c in obs.collected)
        return taken - (1 if obs.caught_furriarty is not None else 0)

    def trail_items(self, obs=None) -> list[tuple]:
        """The sprite keys on the trail, left to right, with their slot numbers."""
        obs = obs or self.obs
        r = self.removed(obs)
        out = []
        for i in range(len(obs.trail)):
            if i == obs.furriarty_at and obs.caught_furriarty is None:
                out.append((("furr",), r + i))
            # paws right of Furriarty sit one slot further (also once he is caught: he was left of them)
            out.append((("paw", r + i), r + i + (1 if i >= obs.furriarty_at else 0)))
        if obs.furriarty_at >= len(obs.trail) and obs.caught_furriarty is None:
            out.append((("furr",), r + len(obs.trail)))
        return out

    def would_take(self) -> list[tuple]:
        """Trail keys the picked guess would collect if right (stops at Furriarty)."""
        if self.pick is None or self.obs is None:
            return []
        earned = 2 if self.pick[0] is not None and self.pick[1] is not None else 1
        out = []
        for key, _slot in self.trail_items():
            out.append(key)
            if key == ("furr",) or len(out) == earned:
                break
        return out

    # -- where every sprite goes -------------------------------------------------------------
    def _layout(self) -> dict:
        """key -> (pos, angle, size, front, back, face_up, layer, tooltip)."""
        obs = self.obs
        out: dict = {}
        cards = self.cards
        pal = self.scene.app.palette
        names = self.scene.seat_names
        # the trail
        for key, slot in self.trail_items():
            pos = self.slot_pos(slot)
            if key == ("furr",):
                out[key] = (pos, 0.0, TOKEN, furriarty_face(pal, cards), furriarty_face(pal, cards), True, 36,
                            "Furriarty: collected like a paw print; whoever takes him catches him and the game ends. "
                            "At the end of each round he swaps with the token to his right, turning it face up.")
            else:
                value = obs.trail[key[1] - self.removed()]
                out[key] = (pos, 0.0, TOKEN, token_face(pal, value), token_face(pal, None), value is not None, 32,
                            self._trail_tip(value))
        # every seat
        for seat in range(obs.players):
            self._layout_seat(out, seat, names)
        # discard pile
        for k, card in enumerate(obs.discard):
            pos = (DISCARD_POS[0] + (k % 3) * 0.6, DISCARD_POS[1] - min(k, 12) * 0.4)
            out[("card", card)] = (pos, 0.0, SMALL, clue_face(pal, cards, card, SMALL), back_face(pal, SMALL), True,
                                   2 + k, f"The discard pile: {plural(len(obs.discard), 'card')}, "
                                   f"{cards.card_name(obs.discard[-1])} on top. It is shuffled into a new deck when "
                                   "the deck runs out.")
        return out

    def _layout_seat(self, out: dict, seat: int, names) -> None:
        obs = self.obs
        cards = self.cards
        pal = self.scene.app.palette
        me = self.viewer
        name = names[seat]
        sx, sy = self.stand_pos(seat)
        # the Investigation in its stand
        if obs.has_investigation[seat]:
            card = obs.investigations[seat]
            if card is None:
                tip = ("Your Investigation: it faces the others, so you cannot see it. Ask about cards and read your "
                       "notes to work it out." if seat == me else
                       f"{cap(possessive(name))} Investigation (hidden in this public view).")
                out[("stand", seat)] = ((sx, sy), 0.0, CARD, back_face(pal), back_face(pal), False, 5, tip)
            else:
                out[("card", card)] = ((sx, sy), 0.0, CARD, clue_face(pal, cards, card), back_face(pal), True, 5,
                                       f"{cap(possessive(name))} Investigation: {cards.card_name(card)}. "
                                       f"{says(name, 'cannot')} see it; {'you' if me is not None else 'the others'} "
                                       "can. Its Leads share its suspect or sit within an hour of it.")
        # leads and dead ends
        for dead, group in ((False, obs.leads[seat]), (True, obs.dead_ends[seat])):
            region = self.lead_region(seat, dead)
            # your own place has room for whole rows; another's cascades above its hand
            spread = STEP_DOWN if seat == self.home else CASCADE
            places, tile = self._grid_places(region, len(group), dead, spread)
            word = "Dead End" if dead else "Lead"
            whose = "your" if seat == me else possessive(name)
            for k, (pos, layer, size) in enumerate(places):
                card = group[k]
                out[("card", card)] = (pos, 0.0, size, clue_face(pal, cards, card, size), back_face(pal, size),
                                       True, 10 + layer, f"{cards.card_name(card)}: a {word} for {whose} Investigation "
                                       + ("(it shares nothing with it: not this suspect, not within an hour)."
                                          if dead else "(same suspect, same hour or an hour next to it)."))
            if tile is not None:
                pos, size, hidden, layer = tile
                face = more_face(pal, hidden, size)
                out[("more", seat, dead)] = (pos, 0.0, size, face, face, True, 10 + layer,
                                             f"{plural(hidden, 'older ' + word)} for {whose} Investigation "
                                             f"{'lies' if hidden == 1 else 'lie'} under this: "
                                             f"{self._card_list(group[:hidden])}.")
        # completed Investigations and their tokens
        solved = obs.solved[seat]
        groups = self._token_groups(seat)
        groups = [groups[k] if k < len(groups) else [] for k in range(len(solved))]
        top = SOLVED_TOP if seat == self.home else 0  # your own region has its label above the cards
        places = solved_places(self.solved_region(seat), top, [len(g) for g in groups])
        for k, card in enumerate(solved):
            pos, size, spots = places[k]
            out[("card", card)] = (pos, 0.0, size, clue_face(pal, cards, card, size), back_face(pal, size),
                                   True, 20 + 2 * k, f"A completed Investigation of {name}: {cards.card_name(card)}.")
            for index, spot in zip(groups[k], spots, strict=True):
                self._place_token(out, seat, index, spot, 21 + 2 * k)
        x, y, w, h = self.solved_region(seat)
        grouped = {i for g in groups for i in g}
        loose = [i for i in range(len(obs.collected[seat])) if i not in grouped]
        for j, index in enumerate(loose):
            self._place_token(out, seat, index, (x + w - GOT[0] / 2 - 2 - j * (GOT[0] - 6), y + GOT[1] / 2 + 2), 60)
        # the hand
        if seat == me and obs.hand is not None:
            queued = self.queued_card()
            waiting = [c for c in obs.hand if c in self.chosen or c == queued]
            slots = self._hand_slots(obs.hand, bool(waiting))
            step = min(HAND_STEP, (HAND_ROOM - CARD[0]) / max(1, len(slots) - 1))
            for k, card in enumerate(slots):
                if card not in obs.hand or card in waiting:
                    continue  # its place stays empty while the Investigate is chosen and revealed
                pos = (HAND_CENTRE[0] + (k - (len(slots) - 1) / 2) * step, HAND_CENTRE[1])
                out[("card", card)] = (pos, 0.0, CARD, clue_face(pal, cards, card), back_face(pal), True, 70 + k,
                                       self._hand_tip(card))
            for card in waiting:
                out[("card", card)] = (self.ask_pos(seat), 8.0, CARD, clue_face(pal, cards, card), back_face(pal),
                                       True, 90, self._waiting_tip(card, card == queued))
        elif obs.hands is not None:  # a replay's "everything" eyes: every hand face up
            self._layout_open_hand(out, seat, obs.hands[seat], name)
        elif seat != self.home or me is not None:
            count = obs.hand_sizes[seat]
            ax, ay = self.hand_anchor(seat)
            # the backs stay under the stand, off the Leads and Dead Ends beside it
            step = min(BACK_SMALL[0] * 0.7, (CARD[0] + 2 * SIDE_MARGIN - BACK_SMALL[0]) / max(1, count - 1))
            for k in range(count):
                pos = (ax + (k - (count - 1) / 2) * step, ay)
                out[("back", seat, k)] = (pos, 0.0, BACK_SMALL, back_face(pal, BACK_SMALL),
                                          back_face(pal, BACK_SMALL), False, 80 + k,
                                          f"{cap(possessive(name))} hand: {plural(count, 'card')}. What is left "
                                          "of it goes to the next player at the end of the turn.")

    def _layout_open_hand(self, out: dict, seat: int, hand, name: str) -> None:
        """A hand face up for everyone (a replay's "everything" eyes): the bottom seat's in its own
        place, whole; another's under its stand, as heads (hour, animal, suspect) side by side."""
        pal = self.scene.app.palette
        cards = self.cards
        tip = f"{cap(possessive(name))} hand"
        if seat == self.home:
            step = min(HAND_STEP, (HAND_ROOM - CARD[0]) / max(1, len(hand) - 1))
            for k, card in enumerate(hand):
                pos = (HAND_CENTRE[0] + (k - (len(hand) - 1) / 2) * step, HAND_CENTRE[1])
                out[("card", card)] = (pos, 0.0, CARD, clue_face(pal, cards, card), back_face(pal), True, 70 + k,
                                       f"{tip}: {cards.card_name(card)}.")
            return
        _x, _y, w, _h = self.panel_rect(seat)
        ax, _ay = self.hand_anchor(seat)
        y = _y + _h - 4 - TAB[1] / 2
        step = min(TAB[0] + 4, (w / 2 - TAB[0]) / max(1, len(hand) - 1))
        for k, card in enumerate(hand):
            pos = (ax + (k - (len(hand) - 1) / 2) * step, y)
            out[("card", card)] = (pos, 0.0, TAB, clue_face(pal, cards, card, TAB), back_face(pal, TAB), True, 80 + k,
                                   f"{tip}: {cards.card_name(card)}. What is left of it goes to the next player "
                                   "at the end of the turn.")

    def _hand_slots(self, hand, choosing: bool) -> list[int]:
        """The hand's places, left to right. While the Investigate's cards are being chosen and
        revealed the places stay where they were (a chosen card leaves a gap), so a second click
        lands on the card that was under the pointer; otherwise the hand closes up."""
        seat = self.viewer
        kept = self._slots.get(seat)
        if choosing and kept and set(hand) <= set(kept):
            return kept
        self._slots[seat] = list(hand)
        return self._slots[seat]

    def _place_token(self, out: dict, seat: int, index: int, pos, layer: int) -> None:
        obs = self.obs
        pal = self.scene.app.palette
        value = obs.collected[seat][index]
        if obs.caught_furriarty == seat and index == len(obs.collected[seat]) - 1:
            out[("furr",)] = (pos, 0.0, GOT, furriarty_face(pal, self.cards, GOT), furriarty_face(pal, self.cards, GOT),
                              True, layer + 1,
                              f"Furriarty, caught by {self.scene.seat_names[seat]}: "
                              f"{self.cards.furriarty_value} VP.")
            return
        secret = seat == self.viewer and not self._token_public(seat, index)
        face_up = value is not None
        tip = (f"A paw print token worth {value} VP." if face_up and not secret else
               f"A face-down token worth {value} VP: only you know it." if secret else
               "A face-down paw print token: only its owner knows its value (1 to 3 VP).")
        out[("got", seat, index)] = (pos, 0.0, GOT, token_face(pal, value, secret, GOT),
                                     token_face(pal, None, size=GOT), face_up, layer, tip)

    def _token_public(self, seat: int, index: int) -> bool:
        """Whether a collected token was face up on the trail (the public log says its value)."""
        return self._public_values.get((seat, index), False)

    @property
    def _public_values(self) -> dict[tuple[int, int], bool]:
        """(seat, index) -> True where the token was face up when collected, from the viewer's log:
        the collector's own copy of TokensCollected has every value, so the face-up ones are those
        the trail showed (tracked from TrailLaid and FurriartyMoved)."""
        obs = self.obs
        cache = self._pv_cache
        if cache is not None and cache[0] == (obs.seat, len(obs.log)):
            return cache[1]
        up: list[bool] = []
        fa = 0
        out: dict[tuple[int, int], bool] = {}
        counts = [0] * obs.players
        for e in obs.log:
            if isinstance(e, R.TrailLaid):
                up = [v is not None for v in e.tokens]
                fa = e.furriarty_at
            elif isinstance(e, R.FurriartyMoved):
                if fa < len(up):
                    up[fa] = True
                fa += 1
            elif isinstance(e, R.TokensCollected):
                paws = len(e.values) - (1 if e.furriarty else 0)
                for j in range(len(e.values)):
                    if j < paws and up:
                        out[(e.seat, counts[e.seat] + j)] = up.pop(0)
                        fa -= 1
                counts[e.seat] += len(e.values)
        self._pv_cache = ((obs.seat, len(obs.log)), out)
        return out

    def _token_groups(self, seat: int) -> list[list[int]]:
        """Indices into ``collected[seat]`` per completed Investigation, from the log (in order)."""
        obs = self.obs
        groups: list[list[int]] = []
        pending: list[int] = []
        count = 0
        for e in obs.log:
            if isinstance(e, R.TokensCollected) and e.seat == seat:
                pending = list(range(count, count + len(e.values)))
                count += len(e.values)
            elif isinstance(e, R.Solved) and e.seat == seat:
                groups.append(pending)
                pending = []
        if count != len(obs.collected[seat]) or len(groups) != len(obs.solved[seat]):
            # the public log lacks the redacted copies: one token per card, the rest on the last
            n = len(obs.solved[seat])
            groups = [[] for _ in range(n)]
            for i in range(len(obs.collected[seat])):
                if n:
                    groups[min(i, n - 1)].append(i)
        return groups

    def _grid_places(self, region, count: int, dead: bool, spread: float = CASCADE
                     ) -> tuple[list[tuple[tuple[float, float], int, tuple[float, float]]], tuple | None]:
        """Small cards in rows (newest lowest) ``spread`` apart, squeezed to fit the region, as
        (centre, layer, size), and the "+N" tile where some lie hidden (else None). Rows never come
        closer than a card's head (its hour and its suspect's name): where whole cards would, the
        side shows tabs (the heads alone) instead; where even tabs would not fit, the newest cards
        fill every slot but the first, and the oldest lie stacked under a tile there that counts
        them (a long Dead Ends pile at 5 seats had run three rows of whole cards past its panel's
        bottom, over the notes' frame, play-test g5_3). The tile is (centre, size, how many it
        covers, its layer)."""
        x, y, w, h = region
        cols = grid_columns(w)
        rows = max(1, -(-count // cols))
        room = h - LABEL_H
        size, step = SMALL, spread
        shown = count
        if rows > 1:
            step = min(spread, (room - SMALL[1]) / (rows - 1))
            if step < SMALL_HEAD:
                # whole cards would hide one another's names: the heads alone, as far apart as fits
                size = TAB
                step = min(spread, (room - TAB[1]) / (rows - 1))
                if step < TAB_HEAD:
                    # even the heads do not fit: as many rows as hold them, the oldest under a tile
                    rows = max(1, int((room - TAB[1]) // TAB_HEAD) + 1)
                    step = TAB_HEAD if rows > 1 else 0.0
                    shown = rows * cols - 1

        def centre(slot: int) -> tuple[float, float]:
            col, row = slot % cols, slot // cols
            cx = x + w - SMALL[0] / 2 - col * STEP if not dead else x + SMALL[0] / 2 + col * STEP
            return (cx, y + LABEL_H + size[1] / 2 + row * step)

        hidden = count - shown
        out = [(centre(0), k, size) for k in range(hidden)]  # the oldest, stacked under the tile
        out += [(centre(slot + (1 if hidden else 0)), hidden + 1 + slot, size) for slot in range(shown)]
        tile = (centre(0), size, hidden, hidden) if hidden else None
        return out, tile


def grid_columns(width: float) -> int:
    """How many columns of small cards, ``COLUMN_GAP`` apart, a Lead or Dead End region holds."""
    return max(1, int((width + COLUMN_GAP) // STEP))


def _solved_unit(size: tuple[float, float], style: str, tokens: int) -> tuple[float, float]:
    """The width and height a completed case takes with ``tokens`` tokens laid out in ``style``."""
    w, h = size
    if style == "beside":  # columns of two right of the card
        cols = max(1, -(-tokens // 2))
        return w + TOKEN_GAP + cols * GOT[0] + (cols - 1) * 2, max(h, 2 * GOT[1] + 2)
    return max(w, tokens * GOT[0] + (tokens - 1) * 2), h + TOKEN_GAP + GOT[1]  # a row under the card


def _solved_rows(units: list[tuple[float, float]], w: float, room: float) -> list[list[int]] | None:
    """The cases in rows, left to right, each row within ``w`` and all of them within ``room`` in
    height; None where they do not fit."""
    rows: list[list[int]] = []
    width = 0.0
    for k, (uw, _uh) in enumerate(units):
        if rows and width + SOLVED_MIN_GAP + uw <= w:
            rows[-1].append(k)
            width += SOLVED_MIN_GAP + uw
        else:
            rows.append([k])
            width = uw
            if uw > w:
                return None
    height = sum(max(units[k][1] for k in row) for row in rows)
    return rows if height <= room + 0.01 else None


def solved_places(region, top: float, tokens: list[int]
                  ) -> list[tuple[tuple[float, float], tuple[float, float], list[tuple[float, float]]]]:
    """Where a seat's completed cases go in ``region`` (below ``top``): for each, the card's centre
    and size and its tokens' centres. ``tokens`` counts each case's tokens. The first of the
    ``SOLVED_STYLES`` that holds them all is used; none does (more cases than a game reaches),
    the heads alone in one row, squeezed."""
    x, y, w, h = region
    x, w = x + 2, w - 2
    room = h - top
    for size, style in SOLVED_STYLES:
        units = [_solved_unit(size, style, n) for n in tokens]
        rows = _solved_rows(units, w, room)
        if rows is not None:
            break
    else:
        size, style = SOLVED_STYLES[-1]
        units = [_solved_unit(size, style, n) for n in tokens]
        rows = [list(range(len(tokens)))]
    heights = [max(units[k][1] for k in row) for row in rows] if tokens else []
    spare = room - sum(heights)
    row_gap = min(4.0, spare / (len(rows) - 1)) if len(rows) > 1 else 0.0
    ry = y + top + (spare - row_gap * (len(rows) - 1)) / 2  # the rows centred in the region's height
    out: list = [None] * len(tokens)
    for row, uh in zip(rows, heights, strict=True):
        used = sum(units[k][0] for k in row)
        gap = min(SOLVED_GAP, (w - used) / (len(row) - 1)) if len(row) > 1 else 0.0
        ux = x
        for k in row:
            uw = units[k][0]
            n = tokens[k]
            if style == "beside":
                cx, cy = ux + size[0] / 2, ry + uh / 2
                tx = ux + size[0] + TOKEN_GAP + GOT[0] / 2
                lines = min(2, n)
                # two to a column beside the card, centred on it: every word and the clock show
                spots = [(tx + j // 2 * (GOT[0] + 2), cy + (j % 2 - (lines - 1) / 2) * (GOT[1] + 2))
                         for j in range(n)]
            else:
                cx, cy = ux + uw / 2, ry + size[1] / 2
                ty = ry + size[1] + TOKEN_GAP + GOT[1] / 2
                spots = [(cx + (j - (n - 1) / 2) * (GOT[0] + 2), ty) for j in range(n)]
            out[k] = ((cx, cy), size, spots)
            ux += uw + gap
        ry += uh + row_gap
    return out
