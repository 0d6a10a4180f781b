"""Bots for Beyond Baker Street: ``basic``, ``expert`` and ``seer`` (``random`` is sleuth.ai.RandomBot).

All three look only at the observation they are given (the seer's shows its own hand too). A
confirmed lead's evidence is face down in every observation (a count only): the bots remember
those cards from the log, where they saw each one played (``remembered_face_down``).

The expert and the seer share one value function, ``Evaluator.value``: 8 points per Holmes space,
minus 10 points per card-unit of work left in the cheapest exact plan (``plan.Planner.work``:
every open lead finished exactly with matching cards and the Investigation track landed on 20,
each card used once), minus 2.5 per point of evidence still needed, minus the cost of leads that
must be replaced (pursued) because they can no longer be finished alone or together with the
others, plus a little for cards in hand (they are what lets the team draw). A lost game is a large
negative number; a won game a large positive one.

Cards cost by class: A = its holder knows it well enough to play it (1), B = a partner sees it
but its holder would need an Assist (1.8), C = nobody sees it yet: the deck, or the deciding
seat's own hand (2.0 for the seer, 2.6 for the expert).

- seer: sees every hand, so it scores each legal action by the value of the board it leads to and
  takes the best. Confirm is worth only Holmes's step, so it is held back while a useful card can
  be played (a ready lead is safe: nobody plays on it) and used later as a free pass.
- expert (honest): the same value, averaged over every identity each of its own cards can still
  have (card counting plus what Assists told it, positive and negative). An Assist is scored by
  the board it leaves: the pointed cards move to class A for the use the hint reveals (an icon:
  leads; a number: the track), and Holmes pays a space. Convention a human can follow: "an Assist
  points at a card you can play now". Receiving one, the expert gives the identities that make
  the pointed card a good play six times the weight of the others (weight 1: 45% on case 1 at 3
  players, 3: 69%, 6: a little better everywhere measured): a lean, never a certainty,
  so a partner who follows no convention cannot make it play blindly into a loss.
  Uncertain plays are scored by the mean of a win-chance-like utility of their outcomes
  (1 / (1 + exp(-value / scale))), not the mean value: a loss counts as a lost game, not as
  minus infinity, so the expert takes a small risk when it saves a Holmes space. The scale is
  smaller (bolder) on harder case files, where a safe line loses anyway.
- Once-a-game swaps are priced like any action, less the option of keeping them: Baskerville's
  (a lead card for an eliminated one: the lead's need and the track change, both known exactly)
  and Pike's (for the expert: both swapped cards become known to their new holders, like an
  Assist on two cards that costs no Holmes). Measured with Pike in seat 1 (case 3, 2 players,
  300 games, seed 1000): 35.0% using the swap, 29.7% without; Baskerville: 30.3% either way.
- basic: readable rules (``basic.BasicBot``); also the planner bots' answer when their deadline
  passes before any action could be scored.
- The expert explains each move (``ExpertBot.decide``): ``think`` keeps what every action was
  scored (``Thought``), ``choose`` plays its action, and ``reasons.py`` reads the facts off it.

Measured and rejected (left out of the code): predicting the partner's immediate play after an
Assist and adding its gain, charging predicted misreads, valuing an icon alone only on leads that
need 6 or more, and discounting Assists to later seats; none beat the plain class value.
Also measured and left out (case 3 at 4 players, 300-600 games, seed 0, against 20.8-24.5%):
a linear value with a capped loss instead of the utility (11-12%); a penalty for plays whose icon
is unknown (15: 19.7%, 40: 17.7%) or for mismatching outcomes (10: 23.0%, 30: 21.3%); preferring
Assists to nearer seats (2 a seat: 21.8%, 5: 19.3%) or farther ones (17.8%); class costs B 1.5 /
2.1 and C 2.3 / 2.9 / 3.3 (21.8-25.0%, within noise).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from sleuth.ai.bot import DEFAULT_BUDGET_S, Bot, RandomBot
from sleuth.ai.deadline import Deadline, TimeUp
from sleuth.ai.explain import Decision
from sleuth.core.values import Action
from sleuth.games.beyond_baker_street.basic import BasicBot
from sleuth.games.beyond_baker_street.cards import load_cards, tables_for
from sleuth.games.beyond_baker_street.characters import (
    Peek,
    PlacePeeked,
    RallyHolmes,
    ReturnEvidence,
    SkipAssist,
    SwapEvidence,
    SwapHands,
)
from sleuth.games.beyond_baker_street.plan import INF, Planner
from sleuth.games.beyond_baker_street.rules import Assist, BBSObservation, Confirm, Eliminate, Investigate, Pursue

HOLMES = 8.0  # value of one Holmes space
CARD = 10.0  # value of one card-unit of work left
NEED = 2.5  # per point of evidence still needed: big needs leave fewer ways to finish
LOST = -100_000.0
CONVENTION = 6.0  # weight of "this pointed card is playable now" identities after an Assist
WON = 100_000.0
ONCE_OPTION = 4.0  # what keeping a once-a-game swap (Pike, Baskerville) for later is worth
SWAP_SAMPLES = 6  # identities of my own card averaged over when pricing Pike's swap

#: card plays scored on this many of their candidate identities (evenly spread) before any play is
#: scored on all of them, so that a decision cut short by its deadline has compared every action
FIRST_SAMPLES = 3


class Sim:
    """An abstract board: what matters for the value function."""

    __slots__ = ("needs", "icons", "piles", "fresh", "target", "holmes", "imp", "limit", "lc", "tc",
                 "done", "confirmed", "holmes_max", "hand_total", "deck", "oncards", "onmask")

    def copy(self) -> Sim:
        o = Sim.__new__(Sim)
        o.needs = self.needs[:]
        o.icons = self.icons
        o.piles = self.piles[:]
        o.fresh = self.fresh[:]
        o.target = self.target
        o.holmes = self.holmes
        o.imp = self.imp
        o.limit = self.limit
        o.lc = self.lc
        o.tc = self.tc
        o.done = self.done
        o.confirmed = self.confirmed[:]
        o.holmes_max = self.holmes_max
        o.hand_total = self.hand_total
        o.deck = self.deck
        o.oncards = self.oncards[:]
        o.onmask = self.onmask[:]
        return o


class Evaluator:
    """The value function and the effect of each kind of action on a ``Sim``."""

    def __init__(self, cards, costs: tuple[float, float, float], fresh_extra: float = 10.0) -> None:
        self.cards = cards
        self.t = tables_for(cards)
        # the planner's memo tables are this evaluator's (one bot's), not the module's
        self.planner = Planner(cards, costs)
        self.num = self.t.num_of
        self.icon = self.t.icon_of
        # what a lead that still has to be revealed costs, by section: about value/3.5 unknown cards
        self.fresh_cost = []
        for sec in cards.sections:
            values = [cards.leads[ld].value for ld in sec.leads]
            mean = sum(values) / len(values)
            self.fresh_cost.append(CARD * costs[2] * mean / 3.5 + NEED * mean + fresh_extra)

    # -- building the abstract board ------------------------------------------------------------
    def sim_from(self, obs: BBSObservation, lc: tuple[int, int, int], tc: tuple[int, int, int]) -> Sim:
        """``lc``/``tc``: the (A, B, C) class masks of the available cards for leads and for the track."""
        s = Sim.__new__(Sim)
        s.needs = []
        icons = []
        s.piles = []
        s.fresh = []
        s.confirmed = []
        s.oncards = []
        s.onmask = []
        for sec in obs.sections:
            s.oncards.append(len(sec.cards) + len(sec.mismatched) + sec.face_down)
            m = 0
            for c in sec.cards + sec.mismatched:
                m |= 1 << c
            s.onmask.append(m)
            s.needs.append(sec.value - sec.evidence if sec.lead is not None else 0)
            icons.append(sec.icon)
            s.piles.append(sec.pile)
            s.fresh.append(False)
            s.confirmed.append(sec.confirmed)
        s.icons = tuple(icons)
        s.target = obs.target - obs.investigation
        s.holmes = obs.holmes
        s.imp = len(obs.impossible) + len(obs.dead_leads)
        s.limit = obs.impossible_limit
        s.lc = lc
        s.tc = tc
        s.done = 0
        s.holmes_max = obs.holmes_max
        s.hand_total = sum(len(h) for h in obs.hands)
        s.deck = obs.deck_size
        return s

    # -- value -----------------------------------------------------------------------------------
    def value(self, s: Sim) -> float:
        if s.done:
            return WON if s.done > 0 else LOST
        if s.holmes <= 0:
            return LOST
        if s.hand_total == 0 and (s.target > 0 or any(
                not s.confirmed[i] and (s.needs[i] > 0 or s.fresh[i]) for i in range(len(s.needs)))):
            return LOST / 2
        slack = s.limit - s.imp
        per_card = 0.8 if slack <= 0 else (0.3 if slack == 1 else 0.0)
        leads = []
        idx = []
        fresh = 0.0
        avail = s.lc[0] | s.lc[1] | s.lc[2]
        hopeless = 0
        locked = 0
        for i, need in enumerate(s.needs):
            if s.confirmed[i]:
                continue
            if s.fresh[i]:
                fresh += self.fresh_cost[i]
                continue
            if need > 0:
                if self.planner.lead_possible(s.icons[i], need, avail):
                    leads.append((s.icons[i], need))
                    idx.append(i)
                else:
                    hopeless += 1
                    fresh += self.fresh_cost[i]
                    locked += s.oncards[i]
                    if s.piles[i] <= 1:
                        return LOST / 2
        if s.target < 0 or self.planner.track_cost(avail, 0, 0, s.target) == INF:
            return LOST / 4 + HOLMES * s.holmes
        w = self.planner.work(tuple(sorted(leads)), s.target, s.lc, s.tc, per_card)
        extra = 0.0
        if w == INF:
            # not every open lead can be finished together: the cheapest ones to give up are pursued
            best = INF
            n = len(leads)
            for drop in range(1, (1 << n)):
                kept = tuple(sorted(leads[k] for k in range(n) if not drop >> k & 1))
                pen = 0.0
                for k in range(n):
                    if drop >> k & 1:
                        i = idx[k]
                        if s.piles[i] <= 1:
                            pen = INF
                            break
                        pen += self.fresh_cost[i] + HOLMES + 6.0 * s.oncards[i] - NEED * leads[k][1]
                if pen == INF:
                    continue
                wk = self.planner.work(kept, s.target, s.lc, s.tc, per_card)
                if wk < INF and CARD * wk + pen < best:
                    best = CARD * wk + pen
            if best == INF:
                return LOST / 4 + HOLMES * s.holmes
            extra = best
            w = 0.0
        return (HOLMES * s.holmes - CARD * w - extra - NEED * sum(n for _, n in leads) - fresh - HOLMES * hopeless
                - 6.0 * locked + 3.0 * min(s.hand_total, 6))

    # -- effects (card c known) ---------------------------------------------------------------
    def _lead_dies(self, s: Sim, i: int, vanish: bool) -> None:
        s.piles[i] -= 1
        if s.piles[i] <= 0:
            s.done = -1
            return
        s.fresh[i] = True
        s.needs[i] = 0
        s.deck += s.oncards[i]
        s.oncards[i] = 0
        back = s.onmask[i]
        s.onmask[i] = 0
        s.lc = (s.lc[0], s.lc[1], s.lc[2] | back)
        s.tc = (s.tc[0], s.tc[1], s.tc[2] | back)
        if not vanish:
            s.imp += 1
            if s.imp > s.limit:
                s.holmes -= 1

    def play(self, s: Sim, c: int, dest: int, ab=None) -> Sim:
        """Card c investigated on section ``dest`` (0..2) or eliminated (dest == -1)."""
        o = s.copy()
        keep = ~(1 << c)
        lc, tc = o.lc, o.tc
        o.lc = (lc[0] & keep, lc[1] & keep, lc[2] & keep)
        o.tc = (tc[0] & keep, tc[1] & keep, tc[2] & keep)
        n = self.num[c]
        if o.deck > 0:
            o.deck -= 1
        else:
            o.hand_total -= 1
        if dest < 0:
            factor = ab.factor if ab is not None and ab.kind == "eliminate_multiplier" else 1
            o.target -= n * factor
            if o.target < 0:
                o.done = -1
                return o
            o.imp += 1
            if o.imp > o.limit and not (ab is not None and ab.kind == "eliminate_no_holmes"):
                o.holmes -= 1
            return o
        if o.fresh[dest]:
            # an unknown new lead: a card played on it blind is a gamble; count it as mild harm
            o.holmes -= 0.5
            return o
        o.oncards[dest] += 1
        o.onmask[dest] |= 1 << c
        if self.icon[c] == o.icons[dest]:
            o.needs[dest] -= n
            if o.needs[dest] < 0:
                self._lead_dies(o, dest, ab is not None and ab.kind == "leads_vanish")
        else:
            o.needs[dest] += n
        return o

    def confirm(self, s: Sim, i: int, ab=None) -> Sim:
        o = s.copy()
        o.confirmed[i] = True
        steps = ab.steps if ab is not None and ab.kind == "confirm_holmes" else 1
        o.holmes = min(o.holmes_max, o.holmes + steps)
        if all(o.confirmed):
            o.done = 1 if o.target == 0 else -1
        return o

    def swap_evidence(self, s: Sim, i: int, c: int, x: int) -> Sim:
        """Baskerville: card ``c`` leaves lead ``i`` for the Impossible and eliminated card ``x``
        takes its place (placed as an Investigate would place it); the track changes by the difference."""
        o = s.copy()
        icon = o.icons[i]
        nc, nx = self.num[c], self.num[x]
        o.needs[i] += nc if self.icon[c] == icon else -nc
        o.onmask[i] = (o.onmask[i] & ~(1 << c)) | (1 << x)
        o.target = min(self.cards.investigation_target, o.target - (nc - nx))
        if o.target < 0:
            o.done = -1
            return o
        if self.icon[x] == icon:
            o.needs[i] -= nx
            if o.needs[i] < 0:
                self._lead_dies(o, i, False)
        else:
            o.needs[i] += nx
        return o

    def pursue(self, s: Sim, i: int, ab=None) -> Sim:
        o = s.copy()
        self._lead_dies(o, i, ab is not None and ab.kind == "leads_vanish")
        return o

    def holmes_step(self, s: Sim, steps: float) -> Sim:
        o = s.copy()
        o.holmes = min(o.holmes_max, o.holmes + steps)
        return o


def remembered_face_down(obs: BBSObservation, t) -> list[int]:
    """The evidence under the confirmed leads, as this seat remembers it from its log.

    A confirmed lead's cards are turned face down and may no longer be looked at, so the
    observation only counts them; but every seat saw each of them played (the Investigate and
    Baskerville's swap are public events), and a card it remembers there is a card it will not
    draw. Replaying the log's moves of cards on and off the leads gives them back."""
    confirmed = {sec.id for sec in obs.sections if sec.confirmed}
    if not confirmed:
        return []
    on: dict[str, list[int]] = {}
    for e in obs.log:
        kind = e.KIND
        if kind == "investigated":
            on.setdefault(e.section, []).append(t.card_of[e.card])
        elif kind == "swapped_evidence":
            cards = on.setdefault(e.section, [])
            if t.card_of[e.card] in cards:
                cards.remove(t.card_of[e.card])
            cards.append(t.card_of[e.impossible_card])
        elif kind == "lead_died":
            on.pop(e.section, None)
    return [c for sid in confirmed for c in on.get(sid, ())]


class _Context:
    """Everything a bot derives from one observation."""

    def __init__(self, ev: Evaluator, obs: BBSObservation, see_own: bool) -> None:
        self.ev = ev
        self.obs = obs
        t = ev.t
        me = obs.seat
        self.me = me
        on_board = 0
        for sec in obs.sections:
            for c in sec.cards + sec.mismatched:
                on_board |= 1 << c
        for c in remembered_face_down(obs, t):
            on_board |= 1 << c
        for c in obs.impossible:
            on_board |= 1 << c
        visible = 0
        for hand in obs.hands:
            for c in hand:
                if c is not None:
                    visible |= 1 << c
        for c in obs.decision_cards:
            visible |= 1 << c
        full = (1 << t.ncards) - 1
        self.unseen = full & ~on_board & ~visible  # deck + own hidden hand
        self.visible = visible
        self.own = list(obs.hands[me])
        self.own_known = all(c is not None for c in self.own) and see_own
        # candidates for each own slot
        self.cands: list[list[int]] = []
        for i, c in enumerate(self.own):
            if c is not None and see_own:
                self.cands.append([c])
                continue
            ki, kn = obs.knowledge[me][i]
            cs = []
            m = self.unseen
            while m:
                low = m & -m
                x = low.bit_length() - 1
                m ^= low
                if ki >> t.icon_of[x] & 1 and kn >> t.num_of[x] & 1:
                    cs.append(x)
            self.cands.append(cs or [x for x in range(t.ncards) if self.unseen >> x & 1])
        unseen = self.unseen
        if see_own:
            hands = 0
            for hand in obs.hands:
                for c in hand:
                    hands |= 1 << c
            lc = (hands, 0, unseen & ~hands)
            tc = lc
        else:
            la = ta = 0
            for cs in self.cands:
                if len(cs) == 1:
                    la |= 1 << cs[0]
                    ta |= 1 << cs[0]
            lb = tb = 0
            for seat, hand in enumerate(obs.hands):
                if seat == me:
                    continue
                for j, c in enumerate(hand):
                    ki, kn = obs.knowledge[seat][j]
                    a_lead, a_track = self.classes(ki, kn)
                    if a_lead:
                        la |= 1 << c
                    else:
                        lb |= 1 << c
                    if a_track:
                        ta |= 1 << c
                    else:
                        tb |= 1 << c
            for c in obs.decision_cards:
                lb |= 1 << c
                tb |= 1 << c
            rest = unseen & ~la
            lc = (la, lb, rest)
            tc = (ta, tb, unseen & ~ta)
        self.lc = lc
        self.tc = tc
        self.sim = ev.sim_from(obs, lc, tc)
        self.base = ev.value(self.sim)
        chars = obs.characters
        self.ab = ev.cards.character(chars[me]).ability if chars[me] else None
        self._vtab: dict[int, list[float]] = {}
        self.swap_cache: dict[tuple, float] = {}

    def classes(self, ki: int, kn: int) -> tuple[bool, bool]:
        """Whether a holder with this knowledge can play the card on a lead / on the track unaided."""
        icon_known = ki & (ki - 1) == 0
        num_known = kn & (kn - 1) == 0
        return icon_known, num_known

    def vtab(self, c: int) -> list[float]:
        """Value after card c is played to section 0..2 (index 0..2) or eliminated (index 3)."""
        row = self._vtab.get(c)
        if row is None:
            ev = self.ev
            row = []
            for i in range(len(self.sim.needs)):
                if self.sim.confirmed[i]:
                    row.append(-INF)
                else:
                    row.append(ev.value(ev.play(self.sim, c, i)))
            row.append(ev.value(ev.play(self.sim, c, -1)))
            self._vtab[c] = row
        return row


def _spread(n: int, k: int) -> list[int]:
    """``k`` indexes evenly spread over ``range(n)`` (all of them when ``n <= k``)."""
    if n <= k:
        return list(range(n))
    return sorted({j * n // k for j in range(k)})


_TURN_KINDS = frozenset({"assisted", "investigated", "confirmed", "eliminated", "pursued", "rallied",
                         "swapped_evidence", "swapped_hands", "returned", "peeked"})
_FREE_KINDS = frozenset({"returned", "peeked"})


def _recent_free_action(obs: BBSObservation) -> bool:
    """Whether one of the last ``players`` actions was a free one (Toby's look, Mrs Hudson's return)."""
    seen = 0
    for e in reversed(obs.log):
        if e.KIND in _TURN_KINDS:
            if e.KIND in _FREE_KINDS:
                return True
            seen += 1
            if seen >= obs.players:
                return False
    return False


def _section_index(ev: Evaluator, sid: str) -> int:
    return ev.t.section_of[sid]


@dataclass
class Thought:
    """One decision as the planner bots made it, kept so that the expert's reasons
    (``reasons.py``) read the very numbers its choice came from instead of weighing anew.

    ``scores[i]`` is what ``legal[i]`` was scored (None: not scored before the deadline), in the
    units it was compared in (``PlannerBot.util`` of the value: log u for the expert). ``ctx`` is
    None when the deadline passed before the position could be read (``fallback`` was played).
    ``plays`` maps the index of each card play (Investigate, Eliminate) to the identities its card
    may have and ``{identity index: (score, weight)}`` for those evaluated. ``path`` says how the
    move was found: ``search`` (every action scored), ``decision`` (a pending decision of a
    character's, ``PlannerBot._decide``) or ``fallback`` (no time: ``BasicBot``'s move).
    """

    action: Action
    legal: Sequence[Action]
    path: str
    ctx: _Context | None = None
    scores: list[float | None] = field(default_factory=list)
    plays: dict[int, tuple[list[int], dict[int, tuple[float, float]]]] = field(default_factory=dict)


class PlannerBot(Bot):
    """Scores every legal action with the value function (seer: exact; expert: averaged)."""

    kind = "planner"
    see_own = False
    use_assists = True

    costs = (1.0, 1.8, 2.0)
    fresh_extra = 10.0  # what a lead still to be revealed costs beyond its expected cards
    # Empty: actions compared on the raw value (the seer, who never gambles). Otherwise values are
    # turned into a win-chance-like utility, u = 1 / (1 + exp(-value / scale)), before uncertain
    # outcomes are averaged, so a small risk of losing is weighed against what it saves instead
    # of being treated as infinitely bad. Scores are log u (no underflow deep in a lost game).
    # The scale depends on the case file: (Holmes start, scale) anchors, interpolated between.
    risk_scales: tuple[tuple[int, float], ...] = ()
    utility_scale: float | None = None  # set per decision from ``risk_scales``
    #: False: card plays are scored on ``FIRST_SAMPLES`` spread identities only, never on all of
    #: them (a cheaper policy, for the Master's rollouts: ``master.py``)
    refine = True

    def __init__(self) -> None:
        self.ev = Evaluator(load_cards(), self.costs, self.fresh_extra)
        self.basic = BasicBot()

    def util(self, v: float) -> float:
        """The score of a sure outcome of value ``v``: ``v`` itself, or log u(v) (see above)."""
        scale = self.utility_scale
        if scale is None:
            return v
        x = v / scale
        # log(1 / (1 + e^-x)) = -log(1 + e^-x), computed without overflow
        return -math.log1p(math.exp(-x)) if x > -30 else x

    def average(self, scores: list[float], weights: list[float]) -> float:
        """The score of an uncertain outcome: utilities averaged (log-mean-exp of log u scores)."""
        wsum = sum(weights)
        if self.utility_scale is None:
            return sum(w * v for v, w in zip(scores, weights, strict=True)) / wsum
        top = max(scores)
        return top + math.log(sum(w * math.exp(v - top) for v, w in zip(scores, weights, strict=True)) / wsum)

    def scale_for(self, case: int) -> float | None:
        """The utility scale for a case file: smaller (bolder) the fewer Holmes spaces it starts with."""
        anchors = self.risk_scales
        if not anchors:
            return None
        h = self.ev.cards.case(case).holmes
        if h <= anchors[0][0]:
            return anchors[0][1]
        for (h0, s0), (h1, s1) in zip(anchors, anchors[1:], strict=False):
            if h <= h1:
                return s0 + (s1 - s0) * (h - h0) / (h1 - h0)
        return anchors[-1][1]

    def choose(self, obs: BBSObservation, legal: Sequence[Action], rng: random.Random,
               budget_s: float = DEFAULT_BUDGET_S) -> Action:
        """The best-scored legal action, found within ``budget_s`` (an anytime search).

        A cheap answer comes first (``BasicBot``'s rules). Then every action is scored, card plays
        first on a few of the identities their card can have; then the card plays are completed,
        the most promising first. When the deadline passes (the planner checks the clock while it
        works), the best action so far is returned: each scored on what was evaluated of it.
        """
        return self.think(obs, legal, rng, budget_s).action

    def think(self, obs: BBSObservation, legal: Sequence[Action], rng: random.Random,
              budget_s: float = DEFAULT_BUDGET_S) -> Thought:
        """``choose``'s evaluation: the action and what every action was scored (``Thought``)."""
        deadline = Deadline(budget_s)
        self.utility_scale = self.scale_for(obs.case)
        planner = self.ev.planner
        planner.deadline = deadline
        try:
            fallback = self.fallback(obs, legal, rng)
            try:
                ctx = _Context(self.ev, obs, self.see_own)
                if obs.decision is not None:
                    return self._decide(ctx, obs, legal, rng)
            except TimeUp:
                return Thought(fallback, legal, "fallback")
            return self._search(ctx, legal, deadline, fallback)
        finally:
            planner.deadline = Deadline.never()

    def fallback(self, obs: BBSObservation, legal: Sequence[Action], rng: random.Random) -> Action:
        """The answer when there is no time to score anything: a careful new player's move."""
        action = self.basic.choose(obs, legal, rng)
        return action if action in legal else legal[0]

    def _search(self, ctx: _Context, legal: Sequence[Action], deadline: Deadline, fallback: Action) -> Thought:
        ev = self.ev
        sim = ctx.sim
        u = self.util
        bonus = 2.0 if ctx.obs.deck_size else 0.0  # playing a card draws a fresh one while the deck lasts
        scores: list[float | None] = [None] * len(legal)
        # card plays: [index in legal, destination, candidates, weigher, {candidate index: (score, weight)}]
        plays = []
        for i, a in enumerate(legal):
            if isinstance(a, Investigate) or isinstance(a, Eliminate):
                dest = _section_index(ev, a.section) if isinstance(a, Investigate) else -1
                plays.append((i, dest, ctx.cands[a.slot], self.weigher(ctx, a.slot), {}))

        def evaluate(play, k: int) -> None:
            _, dest, cs, weigh, done = play
            c = cs[k]
            w = 1.0 if weigh is None else weigh(c)
            done[k] = (u(ev.value(ev.play(sim, c, dest, ctx.ab)) + bonus), w)

        try:
            # every action once: card plays on a few spread identities, the rest exactly
            for i, a in enumerate(legal):
                if not (isinstance(a, Investigate) or isinstance(a, Eliminate)):
                    scores[i] = self.score(ctx, a)
                    deadline.check()
            for play in plays:
                for k in _spread(len(play[2]), FIRST_SAMPLES):
                    evaluate(play, k)
                deadline.check()
            # then every identity of every card play, the most promising plays first
            for play in sorted(plays, key=lambda p: -self._partial(p[4])) if self.refine else ():
                for k in range(len(play[2])):
                    if k not in play[4]:
                        evaluate(play, k)
                        deadline.check()
        except TimeUp:
            pass
        for play in plays:
            if play[4]:
                scores[play[0]] = self._partial(play[4])
        best = None
        best_v = -INF
        for a, v in zip(legal, scores, strict=True):
            if v is not None and v > best_v + 1e-9:
                best, best_v = a, v
        if best is None:
            return Thought(fallback, legal, "fallback", ctx, scores)
        return Thought(best, legal, "search", ctx, scores, {play[0]: (play[2], play[4]) for play in plays})

    def _partial(self, done: dict[int, tuple[float, float]]) -> float:
        """A card play's score from the identities evaluated so far (all of them: the exact score),
        averaged in candidate order as ``score`` does."""
        keys = sorted(done)
        return self.average([done[k][0] for k in keys], [done[k][1] for k in keys])

    # -- scoring --------------------------------------------------------------------------------
    def score(self, ctx: _Context, a: Action) -> float:
        ev = self.ev
        sim = ctx.sim
        ab = ctx.ab
        if isinstance(a, Investigate) or isinstance(a, Eliminate):
            cs = self.weighted_cands(ctx, a.slot)
            dest = _section_index(ev, a.section) if isinstance(a, Investigate) else -1
            # playing a card draws a fresh one: a small bonus while the deck lasts
            bonus = 2.0 if ctx.obs.deck_size else 0.0
            u = self.util
            return self.average([u(ev.value(ev.play(sim, c, dest, ab)) + bonus) for c, _ in cs],
                                [w for _, w in cs])
        u = self.util
        if isinstance(a, Confirm):
            return u(ev.value(ev.confirm(sim, _section_index(ev, a.section), ab)))
        if isinstance(a, Pursue):
            return u(ev.value(ev.pursue(sim, _section_index(ev, a.section), ab)) - 1.0)
        if isinstance(a, Assist):
            if self.use_assists:
                return u(self.assist_value(ctx, a, 1) - 0.1)
            return u(ev.value(ev.holmes_step(sim, -1)) - 0.1)
        if isinstance(a, RallyHolmes):
            return u(ev.value(ev.holmes_step(sim, ab.steps)) - 0.5)
        if isinstance(a, SwapEvidence):
            t = ev.t
            o = ev.swap_evidence(sim, _section_index(ev, a.section), t.card_of[a.card], t.card_of[a.impossible_card])
            return u(ev.value(o) - ONCE_OPTION)
        if isinstance(a, SwapHands):
            return self.swap_hands_value(ctx, a)
        if isinstance(a, Peek):
            # a free pass, but never two free actions within one round (the game must move on)
            return u(ctx.base - 0.2) if not _recent_free_action(ctx.obs) else u(2 * LOST) - 1.0
        if isinstance(a, ReturnEvidence):
            c = ev.t.card_of[a.card]
            o = sim.copy()
            o.target += ev.num[c]
            o.imp -= 1
            bit = 1 << c
            o.lc = (o.lc[0], o.lc[1], o.lc[2] | bit)
            o.tc = (o.tc[0], o.tc[1], o.tc[2] | bit)
            v = ev.value(o) - 0.3
            # only to rescue a board that can no longer be finished (else eliminate/return loops),
            # and never as a repeated free pass (at most twice a game)
            rescue = ctx.base <= LOST / 8 and v > ctx.base + 1.0
            used = sum(1 for e in ctx.obs.log if e.KIND == "returned" and e.seat == ctx.me)
            ok = rescue and used < 2 and not _recent_free_action(ctx.obs)
            return u(v) if ok else u(2 * LOST) - 1.0
        return u(ctx.base - 50.0)

    def weighted_cands(self, ctx: _Context, slot: int) -> list[tuple[int, float]]:
        weigh = self.weigher(ctx, slot)
        if weigh is None:
            return [(c, 1.0) for c in ctx.cands[slot]]
        return [(c, weigh(c)) for c in ctx.cands[slot]]

    def weigher(self, ctx: _Context, slot: int) -> Callable[[int], float] | None:
        """The weight of each identity of my card at ``slot`` (None: all equal)."""
        return None

    def swap_hands_value(self, ctx: _Context, a: SwapHands) -> float:
        """Pike: my card at ``a.slot`` and the target's card change hands and both holders know
        their new card, so both become class A; my card is averaged over what it can be (a few
        evenly spread candidates when many remain). The ability is spent, so its option value is
        charged. Cached per (candidates, card received)."""
        ev = self.ev
        theirs = ctx.obs.hands[a.target][a.target_slot]
        cs = self.weighted_cands(ctx, a.slot)
        if len(cs) > SWAP_SAMPLES:
            step = len(cs) / SWAP_SAMPLES
            cs = [cs[int(k * step)] for k in range(SWAP_SAMPLES)]
        key = (tuple(cs), theirs)
        hit = ctx.swap_cache.get(key)
        if hit is not None:
            return hit
        u = self.util
        scores = []
        for x, _ in cs:
            o = ctx.sim.copy()
            m = 1 << theirs | 1 << x
            o.lc = (o.lc[0] | m, o.lc[1] & ~m, o.lc[2] & ~m)
            o.tc = (o.tc[0] | m, o.tc[1] & ~m, o.tc[2] & ~m)
            scores.append(u(ev.value(o) - ONCE_OPTION))
        v = self.average(scores, [w for _, w in cs])
        ctx.swap_cache[key] = v
        return v

    def assist_value(self, ctx: _Context, a: Assist, cost: int) -> float:
        return self.ev.value(self.ev.holmes_step(ctx.sim, -cost))

    # -- pending decisions ------------------------------------------------------------------------
    def _decide(self, ctx: _Context, obs: BBSObservation, legal, rng) -> Thought:
        """A pending decision: each choice valued as it is compared (recorded as ``util`` of it)."""
        ev = self.ev
        u = self.util
        if obs.decision == "eva_choice":
            values = [max(ctx.vtab(ev.t.card_of[a.card])) for a in legal]
            best = legal[values.index(max(values))]  # the first of the best, as max() takes it
            return Thought(best, legal, "decision", ctx, [u(v) for v in values])
        if obs.decision == "toby_place":
            c = obs.decision_cards[0]
            keep_v, bury_v = max(ctx.vtab(c)), ctx.base + 1.0
            useful = keep_v > bury_v
            scores = [u(bury_v if a.bottom else keep_v) for a in legal]
            return Thought(PlacePeeked(not useful), legal, "decision", ctx, scores)
        if obs.decision == "hilda_second":
            best, best_v = SkipAssist(), ctx.base + 0.5
            values: list[float | None] = []
            for a in legal:
                g = None
                if isinstance(a, Assist) and self.use_assists:
                    g = self.assist_value(ctx, a, 0)
                    if g > best_v:
                        best, best_v = a, g
                elif isinstance(a, SkipAssist):
                    g = ctx.base + 0.5
                values.append(g)
            return Thought(best, legal, "decision", ctx, [None if v is None else u(v) for v in values])
        return Thought(legal[0], legal, "decision", ctx)


class SeerBot(PlannerBot):
    """Sees its own hand: the upper bound the honest bots are measured against."""

    kind = "seer"
    seer = True
    see_own = True
    use_assists = False


class ExpertBot(PlannerBot):
    """Honest: averages over what its own cards can be, and scores Assists by their effect."""

    kind = "expert"
    costs = (1.0, 1.8, 2.6)
    # a new lead is a gamble for an honest team (its icon's cards may be unknown or gone): 25
    # instead of 10 (case 3, 4 players, 600 games: 10: 21.5%, 25: 24.5%, 35: 21.7%, 45: 22.0%)
    fresh_extra = 25.0
    # Measured (team win rate, seed 0): case 1 (Holmes 15), 3 players, 400 games: scale 30: 63.0%,
    # 45: 71.2% (60: 73.0% in 200). Case 3 (Holmes 11), 3 players, 200 games: raw values 24.5%;
    # 15: 2.5% (reckless); 30: 31.5%; 60: 32.0%; 120: 29.5%; 4 players: raw 10.0%, 30: 18.5%,
    # 45: 23.0%, 60: 20.0%. Case 6 (Holmes 8), 4 players, 1000 games: 22: 2.2%, 30: 1.4%, 45: 0.5%.
    # The harder the case, the more a safe line loses anyway and the more a gamble is worth.
    risk_scales = ((8, 22.0), (11, 45.0), (15, 60.0))

    def decide(self, obs: BBSObservation, legal: Sequence[Action], rng: random.Random,
               budget_s: float = DEFAULT_BUDGET_S) -> Decision:
        """``choose``'s move (the same ``think``), with the reasons read off that evaluation."""
        from sleuth.games.beyond_baker_street.reasons import explain  # reasons.py reads this module

        thought = self.think(obs, legal, rng, budget_s)
        return Decision(thought.action, explain(self, obs, thought))

    def told_masks(self, ctx: _Context, slot: int) -> tuple[int, int]:
        """What Assists told the seat of its card at ``slot`` (icon mask, number mask): what the
        convention's lean reads as pointed."""
        return ctx.obs.knowledge[ctx.me][slot]

    def weigher(self, ctx: _Context, slot: int) -> Callable[[int], float] | None:
        if len(ctx.cands[slot]) == 1:
            return None
        ki, kn = self.told_masks(ctx, slot)
        t = self.ev.t
        pointed = ki != t.full_icons and (ki & (ki - 1)) == 0 or kn != t.full_numbers and (kn & (kn - 1)) == 0
        if not pointed:
            return None
        # convention: a pointed card is meant to be playable now; lean towards such identities.
        # Named by its icon alone, it is meant for a lead of that icon, as the rules page says
        # (the expert's icon Assists never make a card known for the track): a Track named to a
        # player whose Opportunity lead needed exactly 4 leant as much to a 5 or 6 that could
        # only be eliminated, and the 4 was eliminated. Expert self-play, this reading against
        # the lean to any use: case 1, 3 players, seed 0, 200 games 72.0% / 71.5%; seed 1000, 600
        # games 73.2% / 72.5%; case 3 27.3% / 27.7%; case 1 at 2 players 66.7% / 67.0%, at 4
        # players 71.3% / 71.0% (seed 2000, 600 games): the same strength, and the rules' reading
        pass_v = ctx.base - HOLMES
        uses = len(t.section_ids) if (ki & (ki - 1)) == 0 and (kn & (kn - 1)) != 0 else None

        def weigh(c: int) -> float:
            return CONVENTION if max(ctx.vtab(c)[:uses]) > pass_v + 2.0 else 1.0

        return weigh

    def assist_value(self, ctx: _Context, a: Assist, cost: int) -> float:
        """The board after the Assist: the target's cards it makes playable get cheaper; Holmes pays."""
        ev = self.ev
        t = ev.t
        target = a.target
        hand = ctx.obs.hands[target]
        if any(c is None for c in hand):
            return ev.value(ev.holmes_step(ctx.sim, -cost))
        la, lb, lcc = ctx.lc
        ta, tb, tcc = ctx.tc
        told = {}
        for j, c in enumerate(hand):
            ki, kn = ctx.obs.knowledge[target][j]
            if a.number is not None:
                bit = 1 << a.number
                kn = bit if t.num_of[c] == a.number else kn & ~bit
            else:
                bit = 1 << t.icon_index[a.icon]
                ki = bit if t.icon_of[c] == t.icon_index[a.icon] else ki & ~bit
            told[c] = (ki, kn)
        told.update(self.also_told(ctx, a, told))
        for c, (ki, kn) in told.items():
            a_lead, a_track = ctx.classes(ki, kn)
            m = 1 << c
            if a_lead:
                la, lb = la | m, lb & ~m
            if a_track:
                ta, tb = ta | m, tb & ~m
        o = ev.holmes_step(ctx.sim, -cost)
        o.lc = (la, lb, lcc)
        o.tc = (ta, tb, tcc)
        return ev.value(o)

    def also_told(self, ctx: _Context, a: Assist, told: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
        """What an Assist tells beyond what it says: (icon mask, number mask) by card, for cards
        other partners hold or the target's ``told`` already updated. The expert's Assists say only
        what they say; the Master's hat convention adds an icon for each partner (``master.py``)."""
        return {}


def make(kind: str) -> Bot:
    if kind == "random":
        return RandomBot()
    if kind == "basic":
        return BasicBot()
    if kind == "expert":
        return ExpertBot()
    if kind == "seer":
        return SeerBot()
    raise ValueError(f"unknown bot {kind!r}")
