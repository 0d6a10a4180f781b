"""Sherlock: Case Connection, the rules engine.

Rules from the rulebook and RULINGS.md (Case Connection 1-8), as the engine applies them:

- Setup: thread spaces of the four locations get face-up threads from the shuffled thread deck,
  proof spaces get tokens drawn at random from the face-down proof pile; each player draws 2
  leads and keeps 1 (a decision, ``pick_lead``), the other goes to the bottom of the lead deck;
  the first player is chosen at random.
- A turn: visit one location that holds at least 2 items and take exactly 2 of them, in any mix
  of threads and proofs (one action, ``take``). If no location holds 2 items at the start of a
  turn, every location is replenished first (RULINGS 1). After taking, if two or more locations
  hold exactly one item, every location is replenished (RULINGS 2). Replenishing fills every
  empty thread space from the top of the thread deck and every empty proof space with a token
  drawn at random from the pile.
- Once per turn, at any time in it, a player may exchange 3 proofs of one type for a Universal
  proof from the supply (``exchange``).
- At any time during their own turn a player may reconstruct their lead (``reconstruct``, the
  arrangement is part of the action and is validated: see ``grid``). On success, in order:
  bonuses of directly connected threads (a bonus point token, a universal token, an extra lead
  to draw), the lead is claimed for its points; then the player keeps 2 of their items
  (``keep``), threads go to the bottom of the thread deck, proofs back to the pile, universals
  to the supply; then they draw 2 leads (+1 per extra-lead bonus) and keep one (``pick_lead``),
  the others go to the bottom of the lead deck.
- Sleuth's balance rule (``balance.py``, option ``setup``, default on): by number of players,
  each place in the turn order starts with Universal proofs from the supply (at 4 players also a
  proof from the pile for the first and a thread from the deck for the last) and chooses its first
  lead from its own number of leads (``balance.describe`` words each player count).
- Reaching 9 points (completed leads + bonus tokens) triggers the end; every other player then
  gets one final turn (RULINGS 8). Most points wins; ties go to the highest single completed
  lead, then the most completed leads; still tied, the win is shared.

Design decisions (the book and the rulings are silent; players will not be surprised):

1. A turn ends with an explicit ``end_turn`` action, allowed once the player has taken their 2
   items (or could not take any), so they may still exchange and reconstruct after taking.
2. ``legal_actions`` offers one reconstruction, the solver's arrangement, when the player's
   items allow one; ``apply`` accepts any other valid arrangement too (the table sends the
   player's own layout). Reconstructing twice in a turn is allowed when the items allow it.
3. The proof pile is a face-down heap: each draw takes a uniformly random token from it.
   Returned threads go to the bottom of the thread deck in id order.
4. The player who reaches 9 points ends their turn at once ("proceed immediately to Game
   End"): they skip keeping items and drawing a new lead, which could no longer matter.
5. When the thread deck or the proof pile runs out, spaces stay empty. If no location can be
   visited even after replenishing, the player skips taking and may still exchange and
   reconstruct. If a whole round passes in which no player could take anything and nobody
   exchanged or reconstructed, nothing can change any more: the game ends and is scored.
6. When the lead deck is empty a player draws what is left; with none left they have no lead
   until a later turn starts with leads in the deck (they draw 2 and keep 1 then).
7. When the bonus point pool or the universal supply is empty, that bonus gives nothing.
   Exchanging needs a universal in the supply; universals cannot be exchanged.
8. After a reconstruction with two or fewer items left, the player keeps them all without
   choosing; a lead offer of a single card is still a (one-option) choice.
9. Not rules but design experiments (game options, default "on"): ``bonus_icons=off`` makes
   thread bonus icons do nothing, ``universals=off`` removes the universal tokens; they exist to
   measure what those components add (docs/case-connection.md).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from itertools import combinations

from sleuth.core.engine import GameState, Observation, Outcome
from sleuth.core.values import Action
from sleuth.games.case_connection.balance import first_leads, head_starts, starting_universals
from sleuth.games.case_connection.cards import UNIVERSAL, CaseCards
from sleuth.games.case_connection.grid import counted, solve, validate
from sleuth.games.case_connection.moves import (  # the moves, re-exported: rules.X names them all
    ACTIONS,
    BonusGained,
    EndTriggered,
    EndTurn,
    Exchange,
    Exchanged,
    GameOver,
    GameStarted,
    HeadStartDrawn,
    Keep,
    Kept,
    LeadChosen,
    LeadsDrawn,
    NoLead,
    PickLead,
    Reconstruct,
    Reconstructed,
    Refilled,
    Take,
    Took,
    TurnEnded,
    layout_key,
)

# -- observation --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CaseObservation(Observation):
    """Everything on the table is public: the locations, every player's lead, items, completed
    leads and bonus tokens. Hidden: the order of the decks, which tokens are in the pile, and
    the leads a player draws (only the drawer sees them; the kept one is then shown)."""

    phase: str
    turn: int
    first: int
    proof_kinds: tuple[str, ...]
    locations: tuple  # per location: (thread spaces, proof spaces), None for an empty space
    leads: tuple  # per seat: lead id or None
    threads: tuple  # per seat: thread ids
    proofs: tuple  # per seat: counts in proof_kinds order
    completed: tuple  # per seat: completed lead ids
    bonus_tokens: tuple[int, ...]
    scores: tuple[int, ...]
    thread_deck: int
    proof_pile: int
    lead_deck: int
    universal_supply: int
    bonus_pool: int
    taken: bool
    exchanged: bool
    offer: tuple[str, ...] | None  # the leads being chosen from, for the choosing seat only
    offer_size: int
    end_trigger: int | None
    final_turns_left: int
    idle_turns: int
    turns: int
    bonus_icons: bool = True
    universals: bool = True
    balance: bool = True


PHASE_SETUP = "setup"
PHASE_PLAY = "play"
PHASE_KEEP = "keep"
PHASE_PICK = "pick_lead"
PHASE_OVER = "over"


class CaseState(GameState):
    GAME_ID = "case-connection"
    #: what take-backs stop at, beyond private events (the leads drawn to choose from): new
    #: threads and proofs turned up at the locations, and another player's chosen lead
    REVEALS = {"refilled": "all", "lead_chosen": "others"}
    __slots__ = (
        "cards", "rng", "players", "log", "lead_deck", "thread_deck", "pile", "loc_threads", "loc_proofs",
        "universal_supply", "bonus_pool", "leads", "hand_threads", "hand_proofs", "completed", "bonus_tokens",
        "turn", "first", "phase", "chooser", "offer", "setup_queue", "taken", "exchanged", "active", "extra",
        "end_trigger", "final_left", "idle_turns", "turns", "reason", "stat", "bonus_icons", "universals",
        "balance",
    )

    def __init__(self, cards: CaseCards, players: int, seed: int, bonus_icons: bool = True,
                 universals: bool = True, balance: bool = True) -> None:
        """``balance`` False sets the game up by the rulebook alone (no head start for the later
        players). ``bonus_icons`` / ``universals`` False are design experiments (options), not
        rules: thread bonus icons do nothing / there are no universal tokens at all."""
        self.cards = cards
        self.bonus_icons = bonus_icons
        self.universals = universals
        self.balance = balance
        self.rng = random.Random(seed)
        self.players = players
        self.log = []
        kinds = cards.proof_kinds
        self.pile = [n for _, n in cards.proofs_each]  # counts per symbol (F, W, C order)
        self.universal_supply = cards.universal if universals else 0
        self.bonus_pool = cards.bonus_point_tokens
        self.thread_deck = [t.id for t in cards.threads]
        self.rng.shuffle(self.thread_deck)
        self.lead_deck = [lead.id for lead in cards.leads]
        self.rng.shuffle(self.lead_deck)
        self.loc_threads = [[None] * loc.threads for loc in cards.locations]
        self.loc_proofs = [[None] * loc.proofs for loc in cards.locations]
        self.leads: list[str | None] = [None] * players
        self.hand_threads: list[list[str]] = [[] for _ in range(players)]
        self.hand_proofs: list[list[int]] = [[0] * len(kinds) for _ in range(players)]
        self.completed: list[list[str]] = [[] for _ in range(players)]
        self.bonus_tokens = [0] * players
        self.first = self.rng.randrange(players)
        self.turn = self.first
        self.taken = self.exchanged = self.active = False
        self.extra = 0
        self.end_trigger: int | None = None
        self.final_left = 0
        self.idle_turns = 0
        self.turns = 0
        self.reason = ""
        self.stat = {"reconstructions": 0, "bonus_point": 0, "universal": 0, "extra_lead": 0, "exchanges": 0,
                     "refills": 0}
        given = starting_universals(players, self.first, self.universal_supply, balance)
        for seat, count in enumerate(given):  # Sleuth's balance rule, from the universal supply
            self.universal_supply -= count
            self.hand_proofs[seat][-1] += count
        self.emit(GameStarted(self.first, given))
        self._replenish("setup")
        self._draw_head_starts()
        self.phase = PHASE_SETUP
        self.setup_queue = [(self.first + k) % players for k in range(players)]
        self.chooser = -1
        self.offer: list[str] = []
        self._next_setup_offer()

    # -- helpers ----------------------------------------------------------------------------
    def _kind_index(self, code: str) -> int:
        return self.cards.proof_kinds.index(code)

    def _draw_proof(self) -> str | None:
        total = sum(self.pile)
        if total == 0:
            return None
        r = self.rng.randrange(total)
        for i, n in enumerate(self.pile):
            if r < n:
                self.pile[i] -= 1
                return self.cards.symbols[i]
            r -= n
        raise AssertionError("unreachable")

    def _replenish(self, reason: str) -> None:
        for spaces in self.loc_threads:
            for i, tid in enumerate(spaces):
                if tid is None and self.thread_deck:
                    spaces[i] = self.thread_deck.pop(0)
        for spaces in self.loc_proofs:
            for i, code in enumerate(spaces):
                if code is None:
                    spaces[i] = self._draw_proof()
        if reason != "setup":
            self.stat["refills"] += 1
        self.emit(Refilled(tuple(tuple(s) for s in self.loc_threads), tuple(tuple(s) for s in self.loc_proofs), reason))

    def _draw_head_starts(self) -> None:
        """Sleuth's balance rule, after the layout: in turn order, each player draws the threads
        (top of the deck) and proofs (from the pile) their place starts with."""
        given = head_starts(self.players, self.first, self.balance)
        for place in range(self.players):
            seat = (self.first + place) % self.players
            threads = self.thread_deck[:given[seat].threads]
            del self.thread_deck[:len(threads)]
            proofs = [code for code in (self._draw_proof() for _ in range(given[seat].proofs)) if code is not None]
            if not threads and not proofs:
                continue
            self.hand_threads[seat].extend(threads)
            self.hand_threads[seat].sort()
            for code in proofs:
                self.hand_proofs[seat][self._kind_index(code)] += 1
            self.emit(HeadStartDrawn(seat, tuple(threads), tuple(proofs)))

    def location_items(self, loc: int) -> int:
        return sum(t is not None for t in self.loc_threads[loc]) + sum(p is not None for p in self.loc_proofs[loc])

    def can_visit(self, loc: int) -> bool:
        return self.location_items(loc) >= 2

    def any_visitable(self) -> bool:
        return any(self.can_visit(i) for i in range(len(self.loc_threads)))

    def held_proofs(self, seat: int) -> dict[str, int]:
        return dict(zip(self.cards.proof_kinds, self.hand_proofs[seat], strict=True))

    def score(self, seat: int) -> int:
        return sum(self.cards.lead(lid).points for lid in self.completed[seat]) + self.bonus_tokens[seat]

    def item_count(self, seat: int) -> int:
        return len(self.hand_threads[seat]) + sum(self.hand_proofs[seat])

    def _offer_leads(self, seat: int, count: int) -> None:
        drawn = self.lead_deck[:count]
        del self.lead_deck[:count]
        self.chooser = seat
        self.offer = drawn
        if not drawn:
            self.emit(NoLead(seat))
            return
        others = tuple(s for s in range(self.players) if s != seat)
        self.emit(LeadsDrawn(seat, tuple(drawn), len(drawn), audience=(seat,)))
        if others:
            self.emit(LeadsDrawn(seat, None, len(drawn), audience=others, public=True))

    def _next_setup_offer(self) -> None:
        while self.setup_queue:
            seat = self.setup_queue.pop(0)
            self._offer_leads(seat, first_leads(self.players, (seat - self.first) % self.players, self.balance))
            if self.offer:
                return
        self.phase = PHASE_PLAY
        self.chooser = -1
        self._start_turn()

    def _start_turn(self) -> None:
        self.taken = self.exchanged = self.active = False
        seat = self.turn
        if not self.any_visitable():
            self._replenish("no location could be visited")
        if self.leads[seat] is None and self.lead_deck:
            self.phase = PHASE_PICK
            self._offer_leads(seat, 2)

    def can_take(self) -> bool:
        return not self.taken and self.any_visitable()

    # -- who acts ---------------------------------------------------------------------------
    def pending_seats(self):
        if self.phase == PHASE_OVER:
            return ()
        if self.phase in (PHASE_SETUP, PHASE_PICK):
            return (self.chooser,)
        return (self.turn,)

    def legal_actions(self, seat):
        if self.phase == PHASE_OVER or seat not in self.pending_seats():
            return []
        if self.phase in (PHASE_SETUP, PHASE_PICK):
            return [PickLead(lid) for lid in self.offer]
        if self.phase == PHASE_KEEP:
            return self._keep_options(seat)
        out: list[Action] = []
        if self.can_take():
            out.extend(self.take_options())
        if not self.exchanged and self.universal_supply > 0:
            for i, code in enumerate(self.cards.symbols):
                if self.hand_proofs[seat][i] >= 3:
                    out.append(Exchange(code))
        arrangement = self.solution(seat)
        if arrangement is not None:
            out.append(Reconstruct(*arrangement))
        if not self.can_take():
            out.append(EndTurn())
        return out

    def take_options(self) -> list[Take]:
        out = []
        for loc in range(len(self.loc_threads)):
            if not self.can_visit(loc):
                continue
            items = [("t", t) for t in self.loc_threads[loc] if t is not None]
            items += [("p", p) for p in self.loc_proofs[loc] if p is not None]
            seen = set()
            for a, b in combinations(items, 2):
                threads = tuple(sorted(x for k, x in (a, b) if k == "t"))
                proofs = tuple(sorted(x for k, x in (a, b) if k == "p"))
                if (threads, proofs) in seen:
                    continue
                seen.add((threads, proofs))
                out.append(Take(loc, threads, proofs))
        return out

    def solution(self, seat: int):
        """The solver's arrangement for ``seat``'s lead from its items, or None."""
        lead = self.leads[seat]
        if lead is None:
            return None
        return solve(self.cards, self.cards.lead(lead), self.hand_threads[seat], self.held_proofs(seat))

    def _keep_options(self, seat: int) -> list[Keep]:
        items = [("t", t) for t in sorted(self.hand_threads[seat])]
        for code, n in zip(self.cards.proof_kinds, self.hand_proofs[seat], strict=True):
            items += [("p", code)] * min(n, 2)
        out = []
        seen = set()
        for a, b in combinations(items, 2):
            threads = tuple(sorted(x for k, x in (a, b) if k == "t"))
            proofs = tuple(sorted(x for k, x in (a, b) if k == "p"))
            if (threads, proofs) not in seen:
                seen.add((threads, proofs))
                out.append(Keep(threads, proofs))
        return out

    # -- checking ---------------------------------------------------------------------------
    def why_illegal(self, seat, action):
        if not isinstance(action, ACTIONS):
            return f"{action} is not a Case Connection action"
        if seat not in self.pending_seats():
            if self.phase in (PHASE_SETUP, PHASE_PICK):
                return "another player is choosing a lead"
            return "it is not your turn"
        if isinstance(action, PickLead):
            if self.phase not in (PHASE_SETUP, PHASE_PICK):
                return "there is no lead to choose now"
            if action.lead not in self.offer:
                return "that lead is not one of the leads you drew"
            return None
        if self.phase in (PHASE_SETUP, PHASE_PICK):
            return "choose one of the leads you drew first"
        if isinstance(action, Keep):
            if self.phase != PHASE_KEEP:
                return "you keep items only after a reconstruction"
            return self._why_bad_keep(seat, action)
        if self.phase == PHASE_KEEP:
            return "choose the 2 items to keep first"
        if isinstance(action, Take):
            return self._why_bad_take(action)
        if isinstance(action, Exchange):
            if self.exchanged:
                return "you have already exchanged proofs this turn (once per turn)"
            if action.proof not in self.cards.symbols:
                names = ", ".join(self.cards.symbol_name(c) for c in self.cards.symbols)
                return f"only {names} proofs can be exchanged (3 of one type for a universal)"
            if self.hand_proofs[seat][self._kind_index(action.proof)] < 3:
                return f"you need 3 {self.cards.symbol_name(action.proof)} proofs to exchange"
            if self.universal_supply == 0:
                return "no universal proof is left in the supply"
            return None
        if isinstance(action, Reconstruct):
            lead = self.leads[seat]
            if lead is None:
                return "you have no lead to reconstruct"
            result = validate(self.cards, self.cards.lead(lead), self.hand_threads[seat], self.held_proofs(seat),
                              action.cards, action.proofs)
            return result if isinstance(result, str) else None
        if isinstance(action, EndTurn):
            if self.can_take():
                return "take 2 items from a location before ending your turn"
            return None
        return "unknown action"

    def _why_bad_take(self, action: Take) -> str | None:
        if self.taken:
            return "you have already visited a location this turn"
        if not isinstance(action.location, int) or not 0 <= action.location < len(self.loc_threads):
            return f"there is no location {action.location!r}"
        name = self.cards.locations[action.location].name
        if not self.can_visit(action.location):
            return f"{name} holds fewer than 2 items and cannot be visited"
        if len(action.threads) + len(action.proofs) != 2:
            return "take exactly 2 items (threads and/or proofs)"
        for tid in action.threads:
            if not isinstance(tid, str) or tid not in self.loc_threads[action.location]:
                return f"that thread is not at {name}"
        if len(set(action.threads)) != len(action.threads):
            return "a thread can be taken only once"
        need = Counter(action.proofs)
        for code, n in need.items():
            if code not in self.cards.symbols:
                return f"{code!r} is not a proof type ({', '.join(self.cards.symbols)})"
            if self.loc_proofs[action.location].count(code) < n:
                return f"{name} does not have {counted(n, self.cards.symbol_name(code) + ' proof')}"
        return None

    def _why_bad_keep(self, seat: int, action: Keep) -> str | None:
        want = min(2, self.item_count(seat))
        if len(action.threads) + len(action.proofs) != want:
            return f"keep exactly {counted(want, 'item')}"
        if len(set(action.threads)) != len(action.threads):
            return "a thread can be kept only once"
        for tid in action.threads:
            if tid not in self.hand_threads[seat]:
                return "you do not hold that thread"
        for code, n in Counter(action.proofs).items():
            if code not in self.cards.proof_kinds or self.hand_proofs[seat][self._kind_index(code)] < n:
                return f"you do not hold {counted(n, self.cards.symbol_name(code) + ' proof')}"
        return None

    # -- changing ---------------------------------------------------------------------------
    def _apply(self, seat, action):
        if isinstance(action, PickLead):
            self._pick_lead(seat, action.lead)
        elif isinstance(action, Take):
            self._take(seat, action)
        elif isinstance(action, Exchange):
            i = self._kind_index(action.proof)
            self.hand_proofs[seat][i] -= 3
            self.pile[i] += 3
            self.universal_supply -= 1
            self.hand_proofs[seat][-1] += 1
            self.exchanged = self.active = True
            self.stat["exchanges"] += 1
            self.emit(Exchanged(seat, action.proof))
        elif isinstance(action, Reconstruct):
            self._reconstruct(seat, action)
        elif isinstance(action, Keep):
            self._keep(seat, action.threads, action.proofs)
        elif isinstance(action, EndTurn):
            self._end_turn(seat)

    def _pick_lead(self, seat: int, lead: str) -> None:
        rest = [lid for lid in self.offer if lid != lead]
        self.lead_deck.extend(rest)
        self.leads[seat] = lead
        self.offer = []
        self.emit(LeadChosen(seat, lead, len(rest)))
        if self.phase == PHASE_SETUP:
            self._next_setup_offer()
        else:
            self.phase = PHASE_PLAY
            self.chooser = -1

    def _take(self, seat: int, action: Take) -> None:
        loc = action.location
        for tid in action.threads:
            self.loc_threads[loc][self.loc_threads[loc].index(tid)] = None
            self.hand_threads[seat].append(tid)
        self.hand_threads[seat].sort()
        for code in action.proofs:
            self.loc_proofs[loc][self.loc_proofs[loc].index(code)] = None
            self.hand_proofs[seat][self._kind_index(code)] += 1
        self.taken = self.active = True
        self.emit(Took(seat, loc, tuple(action.threads), tuple(action.proofs)))
        if sum(1 for i in range(len(self.loc_threads)) if self.location_items(i) == 1) >= 2:
            self._replenish("two locations held only one item")

    def _reconstruct(self, seat: int, action: Reconstruct) -> None:
        lead = self.cards.lead(self.leads[seat])
        result = validate(self.cards, lead, self.hand_threads[seat], self.held_proofs(seat), action.cards,
                          action.proofs)
        assert not isinstance(result, str)
        self.active = True
        self.stat["reconstructions"] += 1
        self.emit(Reconstructed(seat, lead.id, lead.points, action.cards, action.proofs, result.direct))
        self.extra = 0
        for tid in result.direct:  # 1. bonuses of directly connected threads only
            bonus = self.cards.thread(tid).bonus
            if bonus is None or not self.bonus_icons:
                continue
            granted = True
            if bonus == "bonus_point":
                granted = self.bonus_pool > 0
                if granted:
                    self.bonus_pool -= 1
                    self.bonus_tokens[seat] += 1
            elif bonus == "universal":
                granted = self.universal_supply > 0
                if granted:
                    self.universal_supply -= 1
                    self.hand_proofs[seat][-1] += 1
            else:
                self.extra += 1
            if granted:
                self.stat[bonus] += 1
            self.emit(BonusGained(seat, tid, bonus, granted))
        self.completed[seat].append(lead.id)  # 2. claim the lead
        self.leads[seat] = None
        score = self.score(seat)
        if score >= self.cards.target_points:
            if self.end_trigger is None:
                self.end_trigger = seat
                self.final_left = self.players - 1
                self.emit(EndTriggered(seat, score))
            self._end_turn(seat)
            return
        if self.item_count(seat) <= 2:  # 3. keep 2 items (all of them when there are no more)
            kept_proofs = tuple(c for c, n in zip(self.cards.proof_kinds, self.hand_proofs[seat], strict=True)
                                for _ in range(n))
            self._keep(seat, tuple(self.hand_threads[seat]), kept_proofs)
        else:
            self.phase = PHASE_KEEP

    def _keep(self, seat: int, threads: tuple[str, ...], proofs: tuple[str, ...]) -> None:
        keep_t = list(threads)
        back_t = [t for t in self.hand_threads[seat] if t not in keep_t]
        keep_p = Counter(proofs)
        back_p: list[str] = []
        for i, code in enumerate(self.cards.proof_kinds):
            n = self.hand_proofs[seat][i] - keep_p[code]
            back_p += [code] * n
            if code == UNIVERSAL:
                self.universal_supply += n
            else:
                self.pile[i] += n
            self.hand_proofs[seat][i] = keep_p[code]
        self.hand_threads[seat] = sorted(keep_t)
        self.thread_deck.extend(sorted(back_t))  # 4. threads to the bottom, proofs to the pile
        self.emit(Kept(seat, tuple(sorted(keep_t)), tuple(sorted(proofs)), tuple(sorted(back_t)), tuple(back_p)))
        self.phase = PHASE_PICK  # 5. draw 2 leads (+1 per extra-lead bonus), keep one
        self._offer_leads(seat, 2 + self.extra)
        self.extra = 0
        if not self.offer:
            self.phase = PHASE_PLAY
            self.chooser = -1

    def _end_turn(self, seat: int) -> None:
        self.emit(TurnEnded(seat))
        self.turns += 1
        self.phase = PHASE_PLAY
        self.chooser = -1
        self.offer = []
        if self.end_trigger is not None and seat != self.end_trigger:
            self.final_left -= 1
        if self.end_trigger is not None and self.final_left <= 0:
            self._finish(f"seat {self.end_trigger} reached {self.cards.target_points} points; final turns played")
            return
        if self.active or self.any_visitable() or self.thread_deck or sum(self.pile):
            self.idle_turns = 0
        else:
            self.idle_turns += 1
            if self.idle_turns >= self.players:
                self._finish("no items left to take and a full round passed without a reconstruction")
                return
        self.turn = (seat + 1) % self.players
        self._start_turn()

    def _finish(self, reason: str) -> None:
        self.phase = PHASE_OVER
        self.reason = reason
        out = self.outcome()
        self.emit(GameOver(out.winners, tuple(int(s) for s in out.scores), out.reason))

    # -- views ------------------------------------------------------------------------------
    def observe(self, seat):
        chooser = self.chooser if self.phase in (PHASE_SETUP, PHASE_PICK) else -1
        return CaseObservation(
            seat=seat,
            players=self.players,
            pending=self.pending_seats(),
            log=self.events_for(seat),
            outcome=self.outcome(),
            phase=self.phase,
            turn=self.turn,
            first=self.first,
            proof_kinds=self.cards.proof_kinds,
            locations=tuple((tuple(t), tuple(p)) for t, p in zip(self.loc_threads, self.loc_proofs, strict=True)),
            leads=tuple(self.leads),
            threads=tuple(tuple(h) for h in self.hand_threads),
            proofs=tuple(tuple(h) for h in self.hand_proofs),
            completed=tuple(tuple(c) for c in self.completed),
            bonus_tokens=tuple(self.bonus_tokens),
            scores=tuple(self.score(s) for s in range(self.players)),
            thread_deck=len(self.thread_deck),
            proof_pile=sum(self.pile),
            lead_deck=len(self.lead_deck),
            universal_supply=self.universal_supply,
            bonus_pool=self.bonus_pool,
            taken=self.taken,
            exchanged=self.exchanged,
            offer=tuple(self.offer) if seat is not None and seat == chooser else None,
            offer_size=len(self.offer) if chooser >= 0 else 0,
            end_trigger=self.end_trigger,
            final_turns_left=self.final_left,
            idle_turns=self.idle_turns,
            turns=self.turns,
            bonus_icons=self.bonus_icons,
            universals=self.universals,
            balance=self.balance,
        )

    def seer_view(self, seat):
        return self.observe(seat)  # nothing of a seat's own is hidden from it in this game

    def revealed_view(self):
        """The public view plus the leads being chosen from, face up, and every lead drawn named in
        the log (a replay's "everything" eyes; the deck orders stay hidden)."""
        picking = self.phase in (PHASE_SETUP, PHASE_PICK) and self.offer
        return replace(self.observe(None), log=self.revealed_log(("leads_drawn",)),
                       offer=tuple(self.offer) if picking else None)

    # -- the end ----------------------------------------------------------------------------
    def is_over(self):
        return self.phase == PHASE_OVER

    def ranking_key(self, seat: int) -> tuple[int, int, int]:
        """Most points, then the single completed lead worth most, then the most leads."""
        best = max((self.cards.lead(lid).points for lid in self.completed[seat]), default=0)
        return (self.score(seat), best, len(self.completed[seat]))

    def outcome(self):
        if self.phase != PHASE_OVER:
            return None
        keys = [self.ranking_key(s) for s in range(self.players)]
        top = max(keys)
        winners = tuple(s for s in range(self.players) if keys[s] == top)
        scores = tuple(float(k[0]) for k in keys)
        tied = sum(1 for k in keys if k[0] == top[0]) > 1
        how = ""
        if tied:
            how = " (tie broken by the best single lead, then the most leads)" if len(winners) == 1 else " (shared)"
        seats = [f"seat {w}" for w in winners]  # the table puts the players' names in
        who = seats[0] if len(seats) == 1 else ", ".join(seats[:-1]) + " and " + seats[-1]
        return Outcome(None, winners, scores, f"{who} won with {counted(top[0], 'point')}{how}: {self.reason}")

    # -- search -----------------------------------------------------------------------------
    def clone(self):
        o = CaseState.__new__(CaseState)
        o.cards = self.cards
        o.bonus_icons = self.bonus_icons
        o.universals = self.universals
        o.balance = self.balance
        o.rng = random.Random()
        o.rng.setstate(self.rng.getstate())
        o.players = self.players
        o.log = list(self.log)
        o.lead_deck = list(self.lead_deck)
        o.thread_deck = list(self.thread_deck)
        o.pile = list(self.pile)
        o.loc_threads = [list(s) for s in self.loc_threads]
        o.loc_proofs = [list(s) for s in self.loc_proofs]
        o.universal_supply = self.universal_supply
        o.bonus_pool = self.bonus_pool
        o.leads = list(self.leads)
        o.hand_threads = [list(h) for h in self.hand_threads]
        o.hand_proofs = [list(h) for h in self.hand_proofs]
        o.completed = [list(c) for c in self.completed]
        o.bonus_tokens = list(self.bonus_tokens)
        o.turn = self.turn
        o.first = self.first
        o.phase = self.phase
        o.chooser = self.chooser
        o.offer = list(self.offer)
        o.setup_queue = list(self.setup_queue)
        o.taken = self.taken
        o.exchanged = self.exchanged
        o.active = self.active
        o.extra = self.extra
        o.end_trigger = self.end_trigger
        o.final_left = self.final_left
        o.idle_turns = self.idle_turns
        o.turns = self.turns
        o.reason = self.reason
        o.stat = dict(self.stat)
        return o

    def check_invariants(self):
        cards = self.cards
        threads = list(self.thread_deck) + [t for s in self.loc_threads for t in s if t is not None]
        threads += [t for h in self.hand_threads for t in h]
        assert sorted(threads) == sorted(t.id for t in cards.threads), "a thread card was lost or duplicated"
        for i, (code, count) in enumerate(cards.proofs_each):
            where = self.pile[i] + sum(s.count(code) for s in self.loc_proofs) + sum(h[i] for h in self.hand_proofs)
            assert where == count, f"{code} proofs: {where} instead of {count}"
            assert self.pile[i] >= 0
        universal = self.universal_supply + sum(h[-1] for h in self.hand_proofs)
        assert universal == (cards.universal if self.universals else 0), "a universal proof was lost or duplicated"
        assert self.bonus_pool + sum(self.bonus_tokens) == cards.bonus_point_tokens, "bonus tokens"
        leads = list(self.lead_deck) + [x for x in self.leads if x is not None] + list(self.offer)
        leads += [x for c in self.completed for x in c]
        assert sorted(leads) == sorted(lead.id for lead in cards.leads), "a lead card was lost or duplicated"
        assert all(min(h) >= 0 for h in self.hand_proofs)
        assert 0 <= self.universal_supply <= cards.universal and 0 <= self.bonus_pool

    def same_action(self, a, b) -> bool:
        """A Reconstruct is the same whatever order its cards and proofs are listed in, and
        whichever end of its edge a proof names first."""
        if isinstance(a, Reconstruct) and isinstance(b, Reconstruct):
            return layout_key(a) == layout_key(b)
        return a == b

    def turn_order(self, seat: int) -> int:
        """1 for the player who took the first turn, 2 for the next clockwise, and so on."""
        return (seat - self.first) % self.players + 1

    def stats(self):
        """Per-game figures, averaged by ``sleuth match`` as ``mean_stats``. The first player is
        random, so seat numbers do not show turn order: ``first_player_won`` is the first player's
        share of the win (1, 0.5 for a win shared by two, else 0), ``turn_order_of_winner`` the
        winner's place in the turn order (1 = first; the mean place for a shared win)."""
        out = {"turns": float(self.turns), "rounds": self.turns / self.players}
        out.update({k: float(v) for k, v in self.stat.items()})
        outcome = self.outcome()
        if outcome is not None and outcome.winners:
            winners = outcome.winners
            out["first_player_won"] = (1.0 if self.first in winners else 0.0) / len(winners)
            out["turn_order_of_winner"] = sum(self.turn_order(w) for w in winners) / len(winners)
        return out


def new_game(cards: CaseCards, players: int, seed: int) -> CaseState:
    return CaseState(cards, players, seed)
