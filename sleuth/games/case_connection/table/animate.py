"""Case Connection animation: following the engine's events and moving the sprites.

``EventAnimation`` gives ``CaseTable`` the identity of every proof token (which physical token
went where, as the events say), the timing of each sprite's move, sounds and callouts (including
another player's reconstruction shown as it lay on their table), the agreement of the tracked
tokens with the observation, and the placement of every sprite (position, size, faces, layer,
tooltip) with the animated or settled move there. The tooltips' and callouts' words come from
``words.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sleuth.core.values import Event
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.cards import UNIVERSAL
from sleuth.games.case_connection.grid import LEAD_CELL
from sleuth.games.case_connection.table.layout import (
    BONUS_POOL,
    CARD,
    COIN,
    DESK_CARD,
    EDGE_TOKEN,
    LEAD_DECK,
    OPP_W,
    OPP_X,
    OPP_Y,
    PILE,
    STAGE_CARD,
    THREAD_DECK,
    TILE,
    TOKEN,
    TRAY_TOKEN,
    UNIVERSAL_SUPPLY,
    in_grid,
    panel_dims,
)
from sleuth.ui.board import CardSprite
from sleuth.ui.motion import at_time
from sleuth.ui.tween import Tween

EVENT_STEP = 0.24  # seconds between the animations of successive events


class EventAnimation:
    """Token tracking, event animation and sprite placement; mixed into ``CaseTable`` (uses its ``obs``,
    ``viewer``, ``board``, ``scene`` and the tracking state set up in its ``__init__``)."""

    # -- following the engine's events ------------------------------------------------------
    def _new_token(self, code: str) -> int:
        token = next(self._ids)
        self.kind_of[token] = code
        return token

    def _reset_tracking(self, obs) -> None:
        self.held = [{code: [] for code in obs.proof_kinds} for _ in range(obs.players)]
        self.at_loc = [[None] * len(proofs) for _, proofs in obs.locations]

    def _came(self, key, source: str | None, t: float) -> None:
        self.delay.setdefault(key, t)
        if source is not None:
            self.origin.setdefault(key, source)

    def _given_back_order(self, seat: int, code: str) -> list[int]:
        """The order in which ``seat``'s tokens of ``code`` go back (an exchange, the items not kept):
        the loose ones in the tray first, then those on the desk's seams."""
        ids = self.held[seat][code] if seat < len(self.held) else []
        layout = self.layouts.get(seat)
        placed = set(layout.edges.values()) if layout else set()
        return [i for i in reversed(ids) if i not in placed] + [i for i in reversed(ids) if i in placed]

    def _give_back(self, seat: int, code: str, n: int, t: float) -> None:
        """Take ``n`` tokens of ``code`` out of ``seat``'s area (loose ones first) toward the pile."""
        ids = self.held[seat][code]
        for token in self._given_back_order(seat, code)[:n]:
            ids.remove(token)
            self.leaving[("tok", token)] = ("supply" if code == UNIVERSAL else "pile", t)

    def exchange_off_desk(self, code: str) -> list:
        """The seams of your desk an exchange of 3 ``code`` proofs would take a proof off (the tray's
        proofs go first): none when the tray holds 3 of them."""
        me = self.viewer
        layout = self.layouts.get(me) if me is not None else None
        if layout is None or not self.held:
            return []
        seams = (layout.edge_of(token) for token in self._given_back_order(me, code)[:3])
        return [edge for edge in seams if edge is not None]

    def _follow(self, events: Sequence[Event]) -> None:
        """Move the identities of proof tokens as the events say, and time each sprite's move."""
        self._callouts_until = {}  # a seat's next callout waits for its last
        for index, e in enumerate(events):
            t = index * EVENT_STEP
            if isinstance(e, R.Refilled):
                n = 0
                for spaces in e.threads:
                    for tid in spaces:
                        if tid is not None and ("thread", tid) not in self.board.by_key:
                            self._came(("thread", tid), "deck", t + n * 0.05)
                            n += 1
                for loc, spaces in enumerate(e.proofs):
                    for i, code in enumerate(spaces):
                        if i >= len(self.at_loc[loc]):
                            continue
                        cur = self.at_loc[loc][i]
                        if code is None:
                            self.at_loc[loc][i] = None
                        elif cur is None or self.kind_of.get(cur) != code:
                            token = self._new_token(code)
                            self.at_loc[loc][i] = token
                            self._came(("tok", token), "pile", t + n * 0.05)
                            n += 1
                self._sound_at("flip" if index else "shuffle", t)
            elif isinstance(e, R.Took):
                mine = e.seat == self.viewer
                chosen = [p[1] for p in self.picks if p[0] == "tok" and p[2] == e.location] if mine else []
                for code in e.proofs:
                    spaces = self.at_loc[e.location]
                    order = sorted(range(len(spaces)), key=lambda k: spaces[k] not in chosen)  # the very tokens chosen
                    i = next((k for k in order if spaces[k] is not None and self.kind_of[spaces[k]] == code), None)
                    if i is None:
                        continue
                    token = spaces[i]
                    spaces[i] = None
                    self.held[e.seat][code].append(token)
                    self._came(("tok", token), None, t)
                for tid in e.threads:
                    self._came(("thread", tid), None, t)
                if mine:
                    self._land_picks(e)
                self._sound_at("slide", t)
            elif isinstance(e, R.HeadStartDrawn):
                for k, tid in enumerate(e.threads):
                    self._came(("thread", tid), "deck", t + k * 0.05)
                for k, code in enumerate(e.proofs):
                    token = self._new_token(code)
                    self.held[e.seat][code].append(token)
                    self._came(("tok", token), "pile", t + (len(e.threads) + k) * 0.05)
                self._sound_at("slide", t)
            elif isinstance(e, R.Exchanged):
                self._give_back(e.seat, e.proof, 3, t)
                token = self._new_token(UNIVERSAL)
                self.held[e.seat][UNIVERSAL].append(token)
                self._came(("tok", token), "supply", t + 0.2)
                self._sound_at("click", t)
            elif isinstance(e, R.BonusGained):
                if e.granted and e.bonus == "universal":
                    token = self._new_token(UNIVERSAL)
                    self.held[e.seat][UNIVERSAL].append(token)
                    self._came(("tok", token), "supply", t)
                elif e.granted and e.bonus == "bonus_point":
                    n = len(self._coin_keys(e.seat)) + self.coins_pending.get(e.seat, 0)
                    self._came(("coin", e.seat, n), "pool", t)
                    self.coins_pending[e.seat] = self.coins_pending.get(e.seat, 0) + 1
                self._sound_at("tick", t)
            elif isinstance(e, R.Reconstructed):
                self._came(("lead", e.lead), None, t)
                layout = self.layouts.get(e.seat)
                if layout is not None:
                    for tid in layout.cells.values():
                        self._came(("thread", tid), None, t + 2 * EVENT_STEP)
                    for token in layout.edges.values():
                        self._came(("tok", token), None, t + 2 * EVENT_STEP)
                    layout.clear()
                    layout.history.clear()  # those cards are gone from the desk: nothing to undo
                    layout.origin = None
                    layout.lead = None
                self._sound_at("flip", t)
                self._callout(self._banner(e), e.seat, t, e)
            elif isinstance(e, R.Kept):
                for code, n in Counter(e.returned_proofs).items():
                    self._give_back(e.seat, code, n, t)
                for tid in e.returned_threads:
                    self.leaving[("thread", tid)] = ("deck", t)
                for tid in e.threads:
                    self._came(("thread", tid), None, t)
                if e.returned_threads:
                    self._sound_at("shuffle", t)
            elif isinstance(e, R.LeadsDrawn):
                if e.leads:
                    for k, lid in enumerate(e.leads):
                        self._came(("lead", lid), "leads", t + k * 0.08)
                else:
                    for k in range(e.count):
                        self._came(("offer", e.seat, k), "leads", t + k * 0.08)
                self._sound_at("flip", t)
            elif isinstance(e, R.LeadChosen):
                self._came(("lead", e.lead), "leads", t)
                for lid in self._last_offer:
                    if lid != e.lead:
                        self.leaving[("lead", lid)] = ("leads", t)
                for k in range(e.returned + 1):
                    self.leaving[("offer", e.seat, k)] = ("leads", t)
                self._sound_at("slide", t)
            elif isinstance(e, R.TurnEnded):
                self._sound_at("tick", t)
            elif isinstance(e, R.EndTriggered):
                self._callout(self._banner(e), e.seat, t)

    def _land_picks(self, e: R.Took) -> None:
        """Your take went through: each chosen item lands where it was dropped on your desk."""
        picks = [p for p in self.picks if p[2] == e.location]
        if sorted(p[1] for p in picks if p[0] == "thread") != sorted(e.threads) or not any(p[3] for p in picks):
            return
        layout = self.layout()
        layout.remember()
        for kind, item, _loc, target in sorted(picks, key=lambda p: p[0] != "thread"):
            if target is None:
                continue
            if kind == "thread" and target[0] == "cell" and target[1] not in layout.cells:
                layout.cells[target[1]] = item
            elif kind == "tok" and target[0] == "edge" and target[1] not in layout.edges:
                if any(item in ids for ids in self.held[e.seat].values()):
                    layout.edges[target[1]] = item

    def _sound_at(self, name: str, t: float) -> None:
        if self._animating:
            at_time(self.board, t, lambda: self.scene.app.sound.play(name), skip_if_rushed=True)

    def _callout(self, text: str, seat: int, t: float, shown: R.Reconstructed | None = None) -> None:
        """A short banner over a player's area while an event plays (kept busy meanwhile); for
        another player's reconstruction it also shows their layout, as it lay on their table."""
        if not self._animating:
            return
        pal = self.pal
        # one after the other where they share a place ("9 points: final turns!" lay over "Lead
        # reconstructed: +4")
        t = max(t, self._callouts_until.get(seat, 0.0))
        self._callouts_until[seat] = t + (2.2 if shown is not None else 1.3)
        if seat == self.viewer:
            self.callouts.add(self.board, text, self.cell_centre((0, -2)), pal.good, t, 1.3, 20)
            return
        rect = self.seat_rects().get(seat, (OPP_X, OPP_Y, OPP_W, 160))
        if shown is None:
            self.callouts.add(self.board, text, (rect[0] + rect[2] / 2, rect[1] + 60), pal.good, t, 1.3, 20)
            return
        box = self._shown_box(shown, rect)
        item = [shown, box, False]
        self.shown_layouts.append(item)

        def apply(u: float) -> None:
            item[2] = True

        def done() -> None:
            if item in self.shown_layouts:
                self.shown_layouts.remove(item)

        self.board.tweens.add(Tween(2.2 * self.board.speed, apply, lambda u: u, done, t * self.board.speed))
        # over the reconstructing player's own area, whose lead and threads are being cleared away (above
        # the layout shown beside it, it lay over the viewer's lead checklist)
        self.callouts.add(self.board, text, (rect[0] + rect[2] / 2, rect[1] + 60), pal.good, t, 2.2, 20)

    def _coin_keys(self, seat: int) -> list:
        return [k for k in self.board.by_key if k[0] == "coin" and k[1] == seat]

    def _reconcile(self, obs) -> None:
        """Make the tracked tokens agree with the observation (first sync, a new viewer, any gap)."""
        for loc, (_, proofs) in enumerate(obs.locations):
            for i, code in enumerate(proofs):
                cur = self.at_loc[loc][i]
                if code is None:
                    self.at_loc[loc][i] = None
                elif cur is None or self.kind_of.get(cur) != code:
                    self.at_loc[loc][i] = self._new_token(code)
        for seat in range(obs.players):
            for k, code in enumerate(obs.proof_kinds):
                want = obs.proofs[seat][k]
                ids = self.held[seat][code]
                if len(ids) > want:
                    self._give_back(seat, code, len(ids) - want, 0.0)
                while len(ids) < want:
                    ids.append(self._new_token(code))
        for seat, layout in self.layouts.items():
            lead = obs.leads[seat]
            if layout.lead is not None and layout.lead != lead:
                layout.clear()
                layout.history.clear()
                layout.origin = None
            layout.lead = lead
            hand = set(obs.threads[seat])
            layout.cells = {c: t for c, t in layout.cells.items() if t in hand and in_grid(c) and c != LEAD_CELL}
            tokens = {t for ids in self.held[seat].values() for t in ids}
            occupied = set(layout.cells) | ({LEAD_CELL} if lead is not None else set())
            layout.edges = {e: t for e, t in layout.edges.items()
                            if t in tokens and e[0] in occupied and e[1] in occupied}
        if not self.my_turn() or obs.taken or obs.phase != R.PHASE_PLAY:
            self.picks = []
            self.visiting = None
        else:
            self.picks = [p for p in self.picks if self._pick_still_there(p)]
        if obs.phase != R.PHASE_KEEP or not self.my_turn():
            self.keep_sel = []

    def _pick_still_there(self, pick) -> bool:
        loc = pick[2]
        threads, _ = self.obs.locations[loc]
        if pick[0] == "thread":
            return pick[1] in threads
        return pick[1] in self.at_loc[loc]

    # -- placing the sprites ----------------------------------------------------------------
    def _placements(self, obs) -> dict:
        """key -> (pos, size, front, back, face_up, layer, tooltip)."""
        out: dict = {}
        may_take = any(isinstance(a, R.Take) for a in self.legal())  # no "drag it to take it" after the visit
        for loc, (threads, proofs) in enumerate(obs.locations):
            name = self.cards.locations[loc].name
            for k, tid in enumerate(threads):
                if tid is None:
                    continue
                key = ("thread", tid)
                if self._staged(key) is not None:
                    self._place_staged(key, CARD, name, out)
                    continue
                tip = self._tip_thread_at(tid, name, may_take)
                out[key] = (self.loc_thread_pos(loc, k), CARD, self.thread_face(tid, CARD), self.thread_back(CARD),
                            True, 2, tip)
            for k, code in enumerate(proofs):
                token = self.at_loc[loc][k] if k < len(self.at_loc[loc]) else None
                if code is None or token is None:
                    continue
                key = ("tok", token)
                if self._staged(key) is not None:
                    self._place_staged(key, TOKEN, name, out)
                    continue
                tip = self._tip_proof_at(code, name, may_take)
                out[key] = (self.loc_proof_pos(loc, k), TOKEN, self.token_face(code, TOKEN), self.token_back(TOKEN),
                            True, 2, tip)
        for seat, rect in self.seat_rects().items():
            self._place_panel(obs, seat, rect, out)
        if self.viewer is not None:
            self._place_own(obs, self.viewer, out)
        return out

    def _place_staged(self, key, size: float, where: str, out: dict) -> None:
        """An item of a visit being made: on the desk where it was dropped, else in the staging row."""
        index = next(k for k, p in enumerate(self.picks) if p[:2] == key)
        target = self.picks[index][3]
        tip = self._tip_staged(key, where)
        if target is None:
            pos, size = self.staging_pos(index), STAGE_CARD
        elif target[0] == "cell":
            if not self.in_view(target[1]):
                return
            pos, size = self.cell_centre(target[1]), DESK_CARD
        else:
            if not self.edge_in_view(target[1]):
                return
            pos, size = self.proof_spot(target[1]), EDGE_TOKEN
        if key[0] == "thread":
            front, back = self.thread_face(key[1], size), self.thread_back(size)
        else:
            code = self.kind_of[key[1]]
            front, back = self.token_face(code, size), self.token_back(size)
        out[key] = (pos, size, front, back, True, 41 if key[0] == "tok" else 9, tip)

    def _place_panel(self, obs, seat: int, rect, out: dict) -> None:
        x, y, w, h = rect
        d = panel_dims(rect)
        who = self.name(seat)
        lead = obs.leads[seat]
        if lead is not None:
            out[("lead", lead)] = (d.lead_pos(), d.lead,
                                   self.lead_face(lead, d.lead), self.lead_back(d.lead), True, 4,
                                   self._tip_current_lead(seat, lead))
        hand = obs.threads[seat]
        pile = hand[len(hand) - d.pile(len(hand)):]
        for k, tid in enumerate(hand):
            tip = self._tip_held_pile(who, pile) if len(pile) > 1 and tid == pile[-1] else self._tip_held_thread(who, tid)
            out[("thread", tid)] = (d.thread_pos(k, len(hand)), d.thread, self.thread_face(tid, d.thread),
                                    self.thread_back(d.thread), True, 4 + k, tip)
        for kind_index, code in enumerate(obs.proof_kinds):
            ids = self.held[seat][code]
            for k, token in enumerate(ids):
                out[("tok", token)] = (d.token_pos(kind_index, k), d.token, self.token_face(code, d.token),
                                       self.token_back(d.token), True, 5 + k,
                                       self._tip_held_proofs(who, len(ids), code))
        done, coins = len(obs.completed[seat]), obs.bonus_tokens[seat]
        for k, lid in enumerate(obs.completed[seat]):
            out[("lead", lid)] = (d.done_pos(k, done, coins), d.tile, self.lead_face(lid, d.tile),
                                  self.completed_face(lid, d.tile), False, 4 + k, self._tip_completed_by(who, lid))
        for k in range(coins):
            out[("coin", seat, k)] = (d.coin_pos(k, done, coins), COIN, self.coin_face(), self.coin_face(),
                                      True, 6 + done + k,
                                      self._tip_coins(who, obs.bonus_tokens[seat]))
        if obs.offer_size and seat in obs.pending and obs.phase in (R.PHASE_SETUP, R.PHASE_PICK):
            shown = obs.offer if self.viewer is None else None  # a replay's everything eyes show them
            for k in range(obs.offer_size):
                pos = (x + w - 20 - d.thread / 2 - k * (d.thread + 4 if shown else 14), d.top + d.thread / 2 + 2)
                front = self.lead_face(shown[k], d.thread) if shown else self.lead_back(d.thread)
                tip = self._tip_offer_shown(who, shown) if shown else self._tip_choosing(who, obs.offer_size)
                out[("offer", seat, k)] = (pos, d.thread, front, self.lead_back(d.thread), bool(shown), 8 + k, tip)

    def _place_own(self, obs, me: int, out: dict) -> None:
        layout = self.layout()
        lead = obs.leads[me]
        desk = self.desk_shown()
        if lead is not None and desk and self.in_view(LEAD_CELL):
            out[("lead", lead)] = (self.cell_centre(LEAD_CELL), DESK_CARD, self.lead_face(lead, DESK_CARD),
                                   self.lead_back(DESK_CARD), True, 6,
                                   self._tip_your_lead(lead))
        for cell, tid in layout.cells.items():
            if desk and self.in_view(cell):  # the cards out of view stay on the desk, unseen until it slides
                out[("thread", tid)] = (self.cell_centre(cell), DESK_CARD, self.thread_face(tid, DESK_CARD),
                                        self.thread_back(DESK_CARD), True, 7, self._tip_laid_thread(tid, cell))
        placed = set(layout.cells.values())
        loose = [t for t in obs.threads[me] if t not in placed]
        size = self.tray_card(len(loose))
        keeping = obs.phase == R.PHASE_KEEP and me in obs.pending  # the tray's items are clicked to keep
        for k, tid in enumerate(loose):
            out[("thread", tid)] = (self.tray_thread_pos(k, len(loose)), size, self.thread_face(tid, size),
                                    self.thread_back(size), True, 10 + k,
                                    self._keep_tip(self.thread_words(tid)) if keeping else self._tip_tray_thread(tid))
        on_edges = {t: e for e, t in layout.edges.items()}
        for kind_index, code in enumerate(obs.proof_kinds):
            ids = self.held[me][code]
            free = [t for t in ids if t not in on_edges]
            for k, token in enumerate(free):
                out[("tok", token)] = (self.tray_token_pos(kind_index, k, len(free)), TRAY_TOKEN,
                                       self.token_face(code, TRAY_TOKEN), self.token_back(TRAY_TOKEN), True, 30 + k,
                                       self._keep_tip(f"A {self.sym(code)} proof.") if keeping else self._token_tip(code))
            for token in ids:
                if token in on_edges and desk and self.edge_in_view(on_edges[token]):
                    out[("tok", token)] = (self.proof_spot(on_edges[token]), EDGE_TOKEN,
                                           self.token_face(code, EDGE_TOKEN), self.token_back(EDGE_TOKEN), True, 40,
                                           self._tip_laid_proof(code))
        for k, lid in enumerate(obs.completed[me]):
            out[("lead", lid)] = (self.done_pos(k), TILE, self.lead_face(lid, TILE), self.completed_face(lid, TILE),
                                  False, 4, self._tip_you_completed(lid))
        cx = self.done_pos(len(obs.completed[me]))[0] - TILE / 2 + COIN / 2
        for k in range(obs.bonus_tokens[me]):
            out[("coin", me, k)] = ((cx + k * 12, self.done_pos(0)[1]), COIN, self.coin_face(), self.coin_face(), True,
                                    6 + k, self._tip_your_coins(obs.bonus_tokens[me]))
        if obs.offer:
            for k, lid in enumerate(obs.offer):
                size = self.offer_card(len(obs.offer))
                out[("lead", lid)] = (self.offer_pos(k, len(obs.offer)), size, self.lead_face(lid, size),
                                      self.lead_back(size), True, 50,
                                      self._tip_offered(lid))

    def _source_pos(self, source: str | None, fallback):
        return {"deck": THREAD_DECK, "pile": PILE, "supply": UNIVERSAL_SUPPLY, "pool": BONUS_POOL,
                "leads": LEAD_DECK}.get(source, fallback)

    def deal_source(self, sprite) -> tuple[float, float] | None:
        """A new game's threads come from the thread deck, the lead cards from the lead deck, the
        proofs at the locations from the pile and a player's own universal proof from the supply."""
        kind = sprite.key[0]
        if kind == "thread":
            return THREAD_DECK
        if kind in ("offer", "lead"):
            return LEAD_DECK
        if kind == "tok":
            return PILE if any(sprite.key[1] in tokens for tokens in self.at_loc) else UNIVERSAL_SUPPLY
        return None

    def _apply(self, placements: dict, animate: bool, moves: dict | None = None, instant: bool = False) -> None:
        """Put every sprite where ``placements`` says: animated (events), staggered (``moves``:
        key -> delay, the hint's layout) or a short settle (your own moves; ``instant``: the desk slid)."""
        board = self.board
        anim = animate and self.board.speed > 0
        for key in list(board.by_key):
            if key in placements:
                continue
            sprite = board.by_key[key]
            where = self.leaving.get(key)
            if anim and where is not None:
                dest, t = where
                if key[0] == "lead":
                    sprite.back = self.lead_back(sprite.size[0])
                board.flip(sprite, False, delay=t + 0.1)
                board.move(sprite, self._source_pos(dest, THREAD_DECK), 0.0, duration=0.45, delay=t,
                           done=lambda k=key: self._drop_if_gone(k))
            else:
                board.remove(key)
        for key, (pos, size, front, back, face_up, layer, tip) in placements.items():
            sprite = board.sprite(key)
            t = self.delay.get(key, 0.0) if anim else 0.0
            if sprite is None:
                source = self.origin.get(key) if anim else None
                start = self._source_pos(source, pos) if source else pos
                sprite = board.ensure(key, (size, size), front, back, face_up if source is None else False, start, layer)
                if key[0] == "tok" or key[0] == "coin":
                    sprite.corner = size / 2  # round shadow where the board supports it
            else:
                sprite.front, sprite.back, sprite.size = front, back, (size, size)
            board.set_layer(sprite, layer)
            sprite.tooltip = tip
            sprite.draggable = self._draggable(key)
            sprite.clickable = self._clickable(key)
            sprite.selected = key == self.selected or key in self.keep_sel or any(p[:2] == key for p in self.picks)
            sprite.dimmed = self._dimmed(key)
            if anim:
                board.move(sprite, pos, 0.0, duration=0.4, delay=t)
                if sprite.face_up != face_up:
                    board.flip(sprite, face_up, delay=t + 0.18)
            elif instant:
                if sprite.move_tween is not None:
                    sprite.move_tween.finished = True
                sprite.pos = pos
                self._settle(sprite, pos, face_up)
            elif moves and key in moves:
                self._settle(sprite, pos, face_up, delay=moves[key], duration=0.35, lift=14.0)
            else:
                self._settle(sprite, pos, face_up)

    def _settle(self, sprite: CardSprite, pos, face_up: bool, delay: float = 0.0, duration: float = 0.18,
                lift: float = 0.0) -> None:
        """A move of your own (or a redraw): a short slide that never makes the table busy, so a
        click right after it is a click, not a request to skip an animation (``animating`` still
        says it moves, so every frame of it is drawn)."""
        board = self.board
        saved, speed = board.tweens, board.speed
        board.tweens = self.local_tweens
        if delay:
            board.speed = self.scene.animation_speed  # the hint's layout plays at the player's speed
        try:
            board.move(sprite, pos, 0.0, duration=duration, delay=delay, lift=lift)
        finally:
            board.tweens, board.speed = saved, speed
        if sprite.face_up != face_up and (sprite.flip_tween is None or sprite.flip_tween.finished):
            sprite.face_up = face_up
            sprite.shown = 1.0 if face_up else 0.0

    def _dimmed(self, key) -> bool:
        """While you choose what to take, items you cannot take with the current visit are greyed."""
        if key[0] not in ("thread", "tok") or self._is_mine(key) or not self._takes():
            return False
        loc = self._at_location(key)
        if loc is None:
            return False
        if self.visiting is not None and loc != self.visiting:
            return True
        return not self._pickable(key) and not any(p[:2] == key for p in self.picks)

    def _drop_if_gone(self, key) -> None:
        if self.board.sprite(key) is not None and key not in self._current_keys():
            self.board.remove(key)

    def _current_keys(self) -> set:
        return set(self._placements(self.obs)) if self.obs is not None else set()
