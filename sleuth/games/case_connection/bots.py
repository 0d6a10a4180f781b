"""Bots for Case Connection: ``random``, ``basic`` (greedy) and ``expert`` (planning + lookahead).

Both non-random bots measure a lead's progress by ``shortfall``: an estimate of how many more
items (threads and proofs) the player needs before the lead can be reconstructed, 0 exactly when
the solver finds an arrangement. ``basic`` reconstructs as soon as it can and otherwise takes the
pair of items that lowers its shortfall most. ``expert`` also values bonus icons, the points per
turn of the leads it picks, what its take denies the opponents, and looks one round ahead on
sampled worlds (hidden deck orders and refills) with the real rules.

Shortfalls are memoised per bot (``Shortfalls``, bounded), never in the module: a bot lives for
one game in a match (one session in the app) and its table goes with it. The expert keeps a hard
deadline (``sleuth.ai.deadline``): a cheap answer first, then samples until the time is up; the
rollouts look at the clock every step and a sample cut short is dropped, so every candidate is
always compared on the same complete samples.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from sleuth.ai.bot import DEFAULT_BUDGET_S, Bot, RandomBot
from sleuth.ai.deadline import Deadline, Memo, TimeUp
from sleuth.ai.explain import Decision
from sleuth.games.case_connection.cards import OPPOSITE, UNIVERSAL, CaseCards, Lead, load_cards
from sleuth.games.case_connection.grid import solve_keys, thread_keys
from sleuth.games.case_connection.reasons import LOOKED, PLANNED, Notes, explain
from sleuth.games.case_connection.rules import (
    PHASE_KEEP,
    PHASE_PICK,
    PHASE_SETUP,
    CaseObservation,
    EndTurn,
    Exchange,
    Keep,
    PickLead,
    Reconstruct,
    Take,
)
from sleuth.games.case_connection.world import sample_world

# -- evaluation ---------------------------------------------------------------------------------


def _edges(cards: CaseCards, tid: str) -> tuple:
    return cards.thread_by_id[tid].edges


def thread_shortfall(cards: CaseCards, lead: Lead, threads: Sequence[str]) -> int:
    """Threads still missing, greedily per side (double sides first), ignoring geometry."""
    by_id = cards.thread_by_id
    pool = [(t, by_id[t].edges) for t in threads]
    used: set[str] = set()
    cost = 0
    for _side, icons, facing in _side_plan(lead):
        if len(icons) == 1:
            code = icons[0]
            pick = next((t for t, e in pool if e[facing] == code and t not in used), None)
            if pick is None:
                cost += 1
            else:
                used.add(pick)
            continue
        best, best_use = 2, ()
        for d, r in ((icons[0], icons[1]), (icons[1], icons[0])):
            for t1, e1 in pool:
                if e1[facing] != d or t1 in used:
                    continue
                dirs = [OPPOSITE[k] for k in range(4) if k != facing and e1[k] == r]
                if not dirs:
                    if best > 1:
                        best, best_use = 1, (t1,)
                    continue
                t2 = next((t for t, e in pool if t != t1 and t not in used and any(e[k] == r for k in dirs)), None)
                if t2 is not None:
                    best, best_use = 0, (t1, t2)
                    break
                if best > 1:
                    best, best_use = 1, (t1,)
            if best == 0:
                break
        cost += best
        used.update(best_use)
    return cost


@lru_cache(maxsize=256)
def _side_plan(lead: Lead) -> tuple:
    sides = sorted((s for s in range(4) if lead.sides[s]), key=lambda s: -len(lead.sides[s]))
    return tuple((s, lead.sides[s], OPPOSITE[s]) for s in sides)


@lru_cache(maxsize=256)
def _lead_need(lead: Lead, kinds: tuple) -> tuple:
    need = Counter(code for icons in lead.sides for code in icons)
    return tuple((kinds.index(code), n) for code, n in need.items())


def proof_shortfall(lead: Lead, proofs: Sequence[int], kinds: Sequence[str]) -> int:
    missing = 0
    for index, n in _lead_need(lead, tuple(kinds)):
        if proofs[index] < n:
            missing += n - proofs[index]
    return max(0, missing - proofs[-1])


def solvable(cards: CaseCards, lead: Lead, threads: Sequence[str], proofs: Sequence[int]) -> bool:
    return solve_keys(lead.sides, thread_keys(cards, threads), cards.symbols, tuple(proofs)) is not None


def shortfall(cards: CaseCards, lead: Lead, threads: Sequence[str], proofs: Sequence[int]) -> int:
    """Items still needed for ``lead`` (0 exactly when a reconstruction exists). Not memoised:
    bots ask their own ``Shortfalls``."""
    return _shortfall_of(cards, lead, tuple(sorted(threads)), tuple(proofs))


#: Entries of a bot's shortfall memo. Measured (expert against basic, 2 and 4 players): an expert
#: fills at most 16,000 entries in a game, a basic bot about 200. The expert's hit rate is 81.7%
#: at this bound (a whole game fits), 81.4% at 5,000 and 78.6% at 2,000; the old module-wide
#: table, kept across games, reached 82.6% with 279,000 entries after 30 games.
SHORTFALL_MEMO = 20_000


class Shortfalls:
    """One bot's memo of ``shortfall`` (by lead id, sorted threads and proof counts), bounded."""

    __slots__ = ("cards", "memo")

    def __init__(self, cards: CaseCards, limit: int | None = None) -> None:
        self.cards = cards
        self.memo = Memo(SHORTFALL_MEMO if limit is None else limit)

    def __call__(self, lead: Lead, threads: Sequence[str], proofs: Sequence[int]) -> int:
        key = (lead.id, tuple(sorted(threads)), tuple(proofs))
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        return self.memo.put(key, _shortfall_of(self.cards, lead, key[1], key[2]))


def _shortfall_of(cards: CaseCards, lead: Lead, threads: Sequence[str], proofs: Sequence[int]) -> int:
    est = thread_shortfall(cards, lead, threads) + proof_shortfall(lead, proofs, cards.proof_kinds)
    if est == 0:
        return 0 if solvable(cards, lead, threads, proofs) else 1
    return est


@lru_cache(maxsize=1)
def _cards() -> CaseCards:
    return load_cards()


def _after_take(obs: CaseObservation, seat: int, action: Take) -> tuple[list[str], list[int]]:
    threads = sorted(list(obs.threads[seat]) + list(action.threads))
    proofs = list(obs.proofs[seat])
    for code in action.proofs:
        proofs[obs.proof_kinds.index(code)] += 1
    return threads, proofs


def is_last_turn(obs: CaseObservation) -> bool:
    """Whether this is the seat's final turn: another seat has reached the target (rule: every
    other player then gets one final turn)."""
    return obs.end_trigger is not None and obs.end_trigger != obs.seat


def seats_still_to_play(obs: CaseObservation) -> list[int]:
    """The other seats that get another turn after this one: all of them, or in the final turns
    only those between this seat and the one that reached the target."""
    after = obs.players if obs.end_trigger is None or obs.end_trigger == obs.seat else obs.final_turns_left
    return [(obs.seat + k) % obs.players for k in range(1, after)]


def _remove(location, action: Take):
    threads = [None if t in action.threads else t for t in location[0]]
    proofs = list(location[1])
    for code in action.proofs:
        proofs[proofs.index(code)] = None
    return (threads, proofs)


def _bonus_direct_potential(cards: CaseCards, lead: Lead, threads: Sequence[str]) -> float:
    """Bonus icons on threads that could sit directly on a side of the lead."""
    value = 0.0
    for side, icons in enumerate(lead.sides):
        if not icons:
            continue
        facing = OPPOSITE[side]
        best = 0.0
        for tid in threads:
            t = cards.thread(tid)
            if t.edges[facing] in icons and t.bonus is not None:
                best = max(best, BONUS_VALUE[t.bonus])
        value += best
    return value


def board_turns(cards: CaseCards, lead: Lead, threads: Sequence[str], proofs: Sequence[int], locations,
                depth: int = 3, sf: Shortfalls | None = None) -> float:
    """Turns of greedy taking from this board (no refills, no rivals) until the lead is ready;
    beyond ``depth`` turns, the rest of the shortfall at two items a turn."""
    if sf is None:
        sf = Shortfalls(cards)
    threads = list(threads)
    proofs = list(proofs)
    board = [(list(t), list(p)) for t, p in locations]
    need = sf(lead, threads, proofs)
    for turn in range(depth):
        if need == 0:
            return float(turn)
        best = None
        for index, (bt, bp) in enumerate(board):
            items = [("t", x) for x in bt if x is not None] + [("p", x) for x in bp if x is not None]
            if len(items) < 2:
                continue
            for i in range(len(items)):
                for j in range(i + 1, len(items)):
                    t2 = threads + [x for k, x in (items[i], items[j]) if k == "t"]
                    p2 = list(proofs)
                    for k, x in (items[i], items[j]):
                        if k == "p":
                            p2[cards.proof_kinds.index(x)] += 1
                    n = sf(lead, t2, p2)
                    if best is None or n < best[0]:
                        best = (n, index, items[i], items[j], t2, p2)
        if best is None or best[0] >= need:
            break
        need, index, a, b, threads, proofs = best
        for k, x in (a, b):
            spaces = board[index][0] if k == "t" else board[index][1]
            spaces[spaces.index(x)] = None
    if need == 0:
        return float(depth)
    return depth + need / 2.0 if need else float(depth)


BONUS_VALUE = {"bonus_point": 1.0, "universal": 0.35, "extra_lead": 0.3}


def _usefulness(cards: CaseCards, lead: Lead | None, action, kinds) -> float:
    """Tie-break between equal shortfalls: items that fit the lead's sides or types."""
    if lead is None:
        return 0.0
    icons = {code for side in lead.sides for code in side}
    score = 0.0
    for tid in action.threads:
        edges = cards.thread(tid).edges
        score += sum(1 for side, ic in enumerate(lead.sides) if ic and edges[OPPOSITE[side]] in ic)
        score += 0.2 * sum(e is not None for e in edges)
        if cards.thread(tid).bonus:
            score += 0.3
    for code in action.proofs:
        score += 1.2 if code in icons else 0.4
    return score


# -- basic --------------------------------------------------------------------------------------


class BasicBot(Bot):
    """Greedy: reconstruct when possible; take the 2 items that most shrink the lead's shortfall."""

    kind = "basic"

    def __init__(self) -> None:
        self.sf = Shortfalls(_cards())

    def choose(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        cards = _cards()
        sf = self.sf
        seat = obs.seat
        if obs.phase in (PHASE_SETUP, PHASE_PICK):
            return self.pick_lead(obs, legal, cards)
        if obs.phase == PHASE_KEEP:
            return max(legal, key=lambda a: (_keep_value(cards, a), str(a)))
        for action in legal:
            if isinstance(action, Reconstruct):
                return action
        lead = cards.lead(obs.leads[seat]) if obs.leads[seat] else None
        if lead is not None:
            for action in legal:
                if isinstance(action, Exchange):
                    proofs = list(obs.proofs[seat])
                    proofs[obs.proof_kinds.index(action.proof)] -= 3
                    proofs[-1] += 1
                    if solvable(cards, lead, obs.threads[seat], proofs):
                        return action
        takes = [a for a in legal if isinstance(a, Take)]
        if takes:
            if lead is None:
                return takes[rng.randrange(len(takes))]
            best = None
            for action in takes:
                threads, proofs = _after_take(obs, seat, action)
                key = (-sf(lead, threads, proofs), _usefulness(cards, lead, action, obs.proof_kinds),
                       rng.random())
                if best is None or key > best[0]:
                    best = (key, action)
            return best[1]
        return EndTurn() if EndTurn() in legal else legal[0]

    def pick_lead(self, obs, legal, cards):
        seat = obs.seat
        sf = self.sf

        def value(action):
            lead = cards.lead(action.lead)
            need = sf(lead, obs.threads[seat], obs.proofs[seat])
            return (-need, lead.points)

        return max(legal, key=value)


def _keep_value(cards: CaseCards, action: Keep) -> float:
    value = 0.0
    for code in action.proofs:
        value += 2.0 if code == UNIVERSAL else 1.0
    for tid in action.threads:
        t = cards.thread(tid)
        value += 0.45 * sum(e is not None for e in t.edges) + (0.4 if t.bonus else 0.0)
    return value


# -- expert -------------------------------------------------------------------------------------


class ExpertBot(Bot):
    """Plans with the solver, values bonuses, denies, and looks ahead on sampled worlds.

    - Leads: each offered lead is played out on worlds sampled from the observation (hidden deck
      orders and pile draws; everyone playing the greedy policy) until it is reconstructed or
      five own turns pass; the lead with the best points (bonus tokens included) per own turn
      wins, with a prior of points per estimated turn (greedy takes on the visible board).
    - Takes: shortfall after the take (0 exactly when the solver finds an arrangement), bonus
      icons that can sit directly on the lead, greedy planning of the next takes on the visible
      board, and denial (how much the take spoils the other players' best takes, weighted by
      their score). The best few takes are then played on sampled worlds with the real rules:
      refills from the hidden deck and pile, rivals taking greedily, its own next turn greedy,
      measuring how many own takes it still needs two turns from now; as many samples as the
      time budget allows, the same samples for every candidate.
    - Keep: the best few pairs by how well they fit the leads still unseen are played out on
      sampled worlds (the next leads drawn from the hidden deck, everyone greedy): points gained
      per own turn until the next reconstruction decides.
    - Exchanges only when that lowers the shortfall; reconstructs at once (the solver prefers
      bonus-point, then extra-lead, then universal threads next to the lead).

    It explains itself (``decide``): while choosing it notes in ``self.notes`` the values it
    computes anyway, and ``reasons.explain`` turns them into facts afterwards (the table words them).
    """

    kind = "expert"
    top_k = 5
    budget_share = 0.55
    bonus_weight = 1.5
    max_samples = 30
    plan_weight = 0.5
    rival_weight = 0.0
    look_depth = 2
    pick_rollouts = True
    pick_budget = 0.075
    pick_share = 0.75
    keep_rollouts = True
    keep_k = 4
    pick_horizon = 5
    deny_weight = 0.35
    look_weight = 0.5

    def __init__(self) -> None:
        self.sf = Shortfalls(_cards())
        #: the hard deadline of the decision being made (rollouts check it at every step)
        self.hard = Deadline.never()
        #: what the decision being made weighs, for its explanation (``reasons.Notes``)
        self.notes = Notes()

    def choose(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        return self.decide(obs, legal, rng, budget_s).action

    def decide(self, obs, legal, rng, budget_s=DEFAULT_BUDGET_S):
        """The move and why. The reasons are built after the clock has stopped, from the notes taken
        while choosing: no extra search, no extra use of ``rng``, so ``choose`` plays the same."""
        start = time.perf_counter()
        self.hard = Deadline(budget_s, start=start)
        self.notes = Notes()
        try:
            action = self._choose(obs, legal, rng, budget_s, start)
        finally:
            self.hard = Deadline.never()
        return Decision(action, explain(obs, action, self.notes, _cards(), self.sf))

    def _choose(self, obs, legal, rng, budget_s, start):
        cards = _cards()
        sf = self.sf
        seat = obs.seat
        if obs.phase in (PHASE_SETUP, PHASE_PICK):
            return self.pick_lead(obs, legal, cards, rng, budget_s)
        if obs.phase == PHASE_KEEP:
            return self.keep(obs, legal, cards, rng, budget_s)
        notes = self.notes
        for action in legal:
            if isinstance(action, Reconstruct):
                notes.rank("reconstruct", [(action, float(cards.lead(obs.leads[seat]).points))])
                return action
        lead = cards.lead(obs.leads[seat]) if obs.leads[seat] else None
        if lead is not None and not obs.exchanged:
            for action in legal:
                if isinstance(action, Exchange):
                    proofs = list(obs.proofs[seat])
                    proofs[obs.proof_kinds.index(action.proof)] -= 3
                    proofs[-1] += 1
                    before = sf(lead, obs.threads[seat], obs.proofs[seat])
                    after = sf(lead, obs.threads[seat], proofs)
                    if after < before:
                        notes.rank("exchange", [(action, float(after))])
                        notes.note(action, before=before, after=after)
                        return action
        takes = [a for a in legal if isinstance(a, Take)]
        if not takes:
            action = EndTurn() if EndTurn() in legal else legal[0]
            notes.rank("end", [(action, 0.0)])
            return action
        if lead is None:
            return self._deny_most(obs, takes, cards, rng)
        if is_last_turn(obs):
            # the game ends before another turn of this seat: only a take that makes the lead
            # ready this turn scores; without one, the take can only spoil the seats still to play
            ready = [a for a in takes if sf(lead, *_after_take(obs, seat, a)) == 0]
            if not ready:
                return self._deny_most(obs, takes, cards, rng)
            takes = ready
        # the cheap answer: the take that lowers the shortfall most (with bonus icons)
        scored = []
        for action in takes:
            threads, proofs = _after_take(obs, seat, action)
            need = sf(lead, threads, proofs)
            value = -need * 1.0
            value += self.bonus_weight * _bonus_direct_potential(cards, lead, threads)
            value += 0.05 * _usefulness(cards, lead, action, obs.proof_kinds)
            if need == 0:
                value += 0.5
            scored.append([value, action])
            notes.note(action, short=need)
        scored.sort(key=lambda x: -x[0])
        notes.rank("take", [(a, v) for v, a in scored])  # the cheap answer, until the planning is done
        shortlist = [list(item) for item in scored[: self.top_k]]
        try:
            for item in shortlist:
                spoiled: list = []
                item[0] += self.deny_weight * self._deny(obs, item[1], cards, spoiled)
                notes.note(item[1], spoiled=tuple(spoiled))
                if self.plan_weight:
                    threads, proofs = _after_take(obs, seat, item[1])
                    board = [list(x) for x in obs.locations]
                    board[item[1].location] = _remove(obs.locations[item[1].location], item[1])
                    turns = board_turns(cards, lead, threads, proofs, board, depth=2, sf=sf)
                    item[0] -= self.plan_weight * turns
                    notes.note(item[1], turns=turns)
                self.hard.check()
        except TimeUp:
            return scored[0][1]  # not every candidate planned: compare none of them on plans
        shortlist.sort(key=lambda x: -x[0])
        notes.stage = PLANNED
        deadline = start + budget_s * self.budget_share
        if len(shortlist) > 1 and time.perf_counter() < deadline:
            self._lookahead(obs, shortlist, cards, rng, deadline)
        notes.rank("take", [(a, v) for v, a in shortlist])
        return shortlist[0][1]

    def _deny_most(self, obs, takes, cards, rng):
        """Without a lead: the take that spoils the others' best takes most (best so far when the
        time is up)."""
        best, best_key = takes[0], None
        weighed = []
        try:
            for action in takes:
                spoiled: list = []
                key = (self._deny(obs, action, cards, spoiled), rng.random())
                weighed.append((key, action))
                self.notes.note(action, spoiled=tuple(spoiled))
                if best_key is None or key > best_key:
                    best, best_key = action, key
                self.hard.check()
        except TimeUp:
            pass
        weighed.sort(key=lambda x: x[0], reverse=True)  # the best key first: the one chosen
        self.notes.rank("deny", [(a, key[0]) for key, a in weighed])
        return best

    # -- parts ------------------------------------------------------------------------------
    def pick_lead(self, obs, legal, cards, rng=None, budget_s=DEFAULT_BUDGET_S):
        seat = obs.seat
        my_score = obs.scores[seat]

        def value(action):
            lead = cards.lead(action.lead)
            turns = 1.0 + board_turns(cards, lead, obs.threads[seat], obs.proofs[seat], obs.locations, sf=self.sf)
            finish = 1.5 if my_score + lead.points >= cards.target_points else 0.0
            self.notes.note(action, turns=turns, finish=finish > 0)
            return (lead.points + finish + self.bonus_weight * 0.5 * sum(1 for side in lead.sides if side)) / turns

        if not self.pick_rollouts or len(legal) < 2:
            values = [value(a) for a in legal]
            self.notes.rank("pick", _ranked(legal, values))
            return self.notes.ranking[0][0]  # the first of the best, as max(legal, key=value)
        return self._pick_by_rollouts(obs, legal, cards, rng or rng_for(obs), value, budget_s)

    def _sampled_totals(self, obs, actions, cards, rng, budget_s, salt, rollout):
        """Up to 16 sampled worlds within the pick budget: each action applied on a clone of the same
        world (its deck reseeded with ``salt``), then ``rollout(sim, action)`` summed per action.
        A sample cut short by the hard deadline is dropped (every action keeps the same samples)."""
        deadline = time.perf_counter() + min(self.pick_budget, self.pick_share * budget_s)
        seat = obs.seat
        totals = [0.0] * len(actions)
        samples = 0
        cost = 0.0
        while samples < 16 and time.perf_counter() + cost < deadline:
            begin = time.perf_counter()
            world = sample_world(obs, cards, rng)
            values = []
            try:
                for action in actions:
                    sim = world.clone()
                    sim.rng.seed(samples * 7919 + salt)
                    sim.apply(seat, action)
                    values.append(rollout(sim, action))
            except TimeUp:
                break
            for index, value in enumerate(values):
                totals[index] += value
            samples += 1
            cost = max(cost, time.perf_counter() - begin)
        return totals, samples

    def _pick_by_rollouts(self, obs, legal, cards, rng, value, budget_s=DEFAULT_BUDGET_S):
        """Play each offered lead out on sampled worlds (everyone greedy) until it is
        reconstructed or ``pick_horizon`` own turns pass; points (with bonus tokens) per turn."""
        seat = obs.seat
        prior = [value(a) for a in legal]  # the cheap answer, and the prior of the sampled one
        totals, samples = self._sampled_totals(
            obs, legal, cards, rng, budget_s, 3, lambda sim, action: self._rollout_rate(sim, seat, cards, rng, action.lead))
        notes = self.notes
        if samples == 0:
            notes.rank("pick", _ranked(legal, prior))
            return legal[max(range(len(legal)), key=lambda i: prior[i])]
        scores = [totals[i] / samples + 0.3 * prior[i] for i in range(len(legal))]
        notes.samples = samples
        for action, total in zip(legal, totals, strict=True):
            notes.note(action, rate=total / samples)
        notes.rank("pick", _ranked(legal, scores))
        return legal[max(range(len(legal)), key=lambda i: scores[i])]

    def _rollout_rate(self, sim, seat, cards, rng, lead_id) -> float:
        start_score = sim.score(seat)
        own_turns = 0
        guard = 0
        hard = self.hard
        while not sim.is_over() and guard < 400 and own_turns <= self.pick_horizon:
            guard += 1
            hard.check()
            if lead_id in sim.completed[seat]:
                break
            actor = sim.pending_seats()[0]
            action = _fast_greedy(sim, actor, cards, rng, self.sf)
            if actor == seat and isinstance(action, EndTurn):
                own_turns += 1
            sim.apply(actor, action)
        if lead_id in sim.completed[seat]:
            return (sim.score(seat) - start_score) / (own_turns + 1)
        return 0.0

    def keep(self, obs, legal, cards, rng=None, budget_s=DEFAULT_BUDGET_S):
        placed = {x for x in obs.leads if x is not None} | {x for c in obs.completed for x in c}
        unseen = [lead for lead in cards.leads if lead.id not in placed]

        def value(action):
            v = _keep_value(cards, action) * 0.5
            for lead in unseen:
                icons = {code for side in lead.sides for code in side}
                for tid in action.threads:
                    edges = cards.thread(tid).edges
                    v += sum(1 for side, ic in enumerate(lead.sides) if ic and edges[OPPOSITE[side]] in ic) / len(unseen)
                for code in action.proofs:
                    v += (1.0 if code in icons or code == UNIVERSAL else 0.0) * 1.2 / max(1, len(unseen)) * 3
            return (v, str(action))

        values = {action: value(action) for action in legal}
        ranked = sorted(legal, key=values.__getitem__, reverse=True)
        self.notes.rank("keep", [(a, values[a][0]) for a in ranked[: self.keep_k]])
        if not self.keep_rollouts or len(ranked) < 2:
            return ranked[0]
        return self._keep_by_rollouts(obs, ranked[: self.keep_k], cards, rng or rng_for(obs), budget_s)

    def _keep_by_rollouts(self, obs, options, cards, rng, budget_s):
        """Play each kept pair on sampled worlds (the next leads drawn from the hidden deck,
        everyone greedy) for ``pick_horizon`` own turns: points gained per own turn."""
        seat = obs.seat
        totals, samples = self._sampled_totals(
            obs, options, cards, rng, budget_s, 5, lambda sim, action: self._rollout_gain(sim, seat, cards, rng))
        if samples == 0:
            return options[0]
        order = sorted(range(len(options)), key=lambda i: (totals[i], -i), reverse=True)
        notes = self.notes
        notes.samples = samples
        for index, action in enumerate(options):
            notes.note(action, rate=totals[index] / samples)
        notes.rank("keep", [(options[i], totals[i] / samples) for i in order])
        return options[order[0]]  # the best total, the earliest of equals

    def _rollout_gain(self, sim, seat, cards, rng) -> float:
        start_score = sim.score(seat)
        own_turns = 0
        guard = 0
        hard = self.hard
        while not sim.is_over() and guard < 400 and own_turns <= self.pick_horizon:
            guard += 1
            hard.check()
            actor = sim.pending_seats()[0]
            action = _fast_greedy(sim, actor, cards, rng, self.sf)
            if actor == seat and isinstance(action, EndTurn):
                own_turns += 1
            sim.apply(actor, action)
            if actor == seat and isinstance(action, Reconstruct):
                break
        return (sim.score(seat) - start_score) / (own_turns + 1)

    def _deny(self, obs, action: Take, cards, spoiled: list | None = None) -> float:
        """How much this take lowers the best gain the other players could get from the board;
        ``spoiled`` collects (seat, best gain before, best gain after) for every player it spoils."""
        total = 0.0
        for other in seats_still_to_play(obs):
            lid = obs.leads[other]
            if lid is None:
                continue
            lead = cards.lead(lid)
            base = self.sf(lead, obs.threads[other], obs.proofs[other])
            if base == 0:
                continue
            loc = obs.locations[action.location]
            taken_t = set(action.threads)
            taken_p = Counter(action.proofs)
            best_before = best_after = 0
            for index, (threads, proofs) in enumerate(obs.locations):
                items = [("t", t) for t in threads if t is not None] + [("p", p) for p in proofs if p is not None]
                for i in range(len(items)):
                    for j in range(i + 1, len(items)):
                        pair = (items[i], items[j])
                        gain = self._gain(cards, lead, obs, other, pair, base)
                        best_before = max(best_before, gain)
                        if index == action.location:
                            used_t = [x for k2, x in pair if k2 == "t"]
                            used_p = Counter(x for k2, x in pair if k2 == "p")
                            remaining_p = Counter(p for p in loc[1] if p is not None)
                            remaining_p.subtract(taken_p)
                            if any(t in taken_t for t in used_t) or any(
                                remaining_p[c] < n for c, n in used_p.items()
                            ):
                                continue
                            if len(items) - 2 < 2:
                                continue
                        best_after = max(best_after, gain)
            urgency = 1.0 + obs.scores[other] / cards.target_points
            total += (best_before - best_after) * urgency
            if spoiled is not None and best_after < best_before:
                spoiled.append((other, best_before, best_after))
        return total

    def _gain(self, cards, lead, obs, other, pair, base) -> int:
        threads = list(obs.threads[other])
        proofs = list(obs.proofs[other])
        for kind, x in pair:
            if kind == "t":
                threads.append(x)
            else:
                proofs[obs.proof_kinds.index(x)] += 1
        return base - self.sf(lead, sorted(threads), proofs)

    def _lookahead(self, obs, shortlist, cards, rng, deadline) -> None:
        """Average, over sampled worlds, the shortfall at the start of the next own turn.

        Samples start until ``deadline`` (a share of the budget); one under way at that moment is
        finished unless the hard deadline cuts it short, and then it is dropped: a sample counts
        for every candidate or for none."""
        seat = obs.seat
        totals = [0.0] * len(shortlist)
        ready = [0] * len(shortlist)  # samples where the lead is ready by the next own turn (noted)
        samples = 0
        while time.perf_counter() < deadline and samples < self.max_samples:
            world = sample_world(obs, cards, rng)
            values = []
            try:
                for _, action in shortlist:
                    sim = world.clone()
                    sim.rng.seed(samples * 1000 + 17)  # the same refills for every candidate
                    sim.apply(seat, action)
                    values.append(self._future(sim, seat, cards, rng))
            except TimeUp:
                break
            for index, value in enumerate(values):
                totals[index] += value
                ready[index] += value > 0
            samples += 1
        if samples == 0:
            return
        notes = self.notes
        notes.stage, notes.samples = LOOKED, samples
        for index, item in enumerate(shortlist):
            item[0] += self.look_weight * (totals[index] / samples)
            notes.note(item[1], ready=ready[index])
        shortlist.sort(key=lambda x: -x[0])

    def _future(self, sim, seat, cards, rng) -> float:
        """Minus the own takes still needed after this one, over ``look_depth`` own turns of
        play (rivals greedy); beyond the horizon, the best shortfall after one more take."""
        sf = self.sf
        hard = self.hard
        before = [sim.score(s) for s in range(sim.players)]
        value = 0.0
        for step in range(self.look_depth):
            hard.check()
            if sim.is_over() or sim.leads[seat] is None:
                break
            if sim.solution(seat) is not None:
                value = float(self.look_depth - step)
                break
            if step > 0:
                sim.apply(seat, _fast_greedy(sim, seat, cards, rng, self.sf))
                if sim.solution(seat) is not None:
                    value = float(self.look_depth - step) - 0.01
                    break
            if sim.phase == "play" and sim.turn == seat and not sim.can_take():
                sim.apply(seat, EndTurn())
            elif sim.phase == "play" and sim.turn == seat:
                sim.apply(seat, EndTurn())
            guard = 0
            while not sim.is_over() and (sim.turn != seat or sim.phase != "play") and guard < 80:
                guard += 1
                hard.check()
                actor = sim.pending_seats()[0]
                sim.apply(actor, _fast_greedy(sim, actor, cards, rng, self.sf) if actor != seat else sim.legal_actions(actor)[0])
            if sim.is_over() or sim.leads[seat] is None:
                break
            if step == self.look_depth - 1:
                lead = cards.lead(sim.leads[seat])
                best = sf(lead, sim.hand_threads[seat], sim.hand_proofs[seat])
                for action in sim.take_options() if sim.can_take() else []:
                    threads = sim.hand_threads[seat] + list(action.threads)
                    proofs = list(sim.hand_proofs[seat])
                    for code in action.proofs:
                        proofs[cards.proof_kinds.index(code)] += 1
                    best = min(best, sf(lead, threads, proofs))
                value = -float(best)
        rival_points = sum(sim.score(s) - before[s] for s in range(sim.players) if s != seat)
        return value - self.rival_weight * rival_points


def _ranked(actions: Sequence, values: Sequence[float]) -> list:
    """(action, value) best first; among equal values the earlier action first (as ``max`` picks)."""
    order = sorted(range(len(actions)), key=lambda i: -values[i])
    return [(actions[i], values[i]) for i in order]


def rng_for(obs: CaseObservation):
    """A generator for a decision that has none passed in (derived from the observation)."""
    import random

    return random.Random(f"case-connection:{obs.seat}:{obs.turns}:{len(obs.log)}")


def _fast_greedy(sim, actor: int, cards: CaseCards, rng, sf: Shortfalls):
    """The basic policy played straight on a simulated state (no observation is built)."""
    phase = sim.phase
    if phase in (PHASE_SETUP, PHASE_PICK):
        def lead_key(lid):
            lead = cards.lead(lid)
            return (-sf(lead, sim.hand_threads[actor], sim.hand_proofs[actor]), lead.points)

        return PickLead(max(sim.offer, key=lead_key))
    if phase == PHASE_KEEP:
        return max(sim.legal_actions(actor), key=lambda a: (_keep_value(cards, a), str(a)))
    found = sim.solution(actor)
    if found is not None:
        return Reconstruct(*found)
    if not sim.can_take():
        return EndTurn()
    lid = sim.leads[actor]
    takes = sim.take_options()
    if lid is None:
        return takes[rng.randrange(len(takes))]
    lead = cards.lead(lid)
    best = None
    for action in takes:
        threads = sim.hand_threads[actor] + list(action.threads)
        proofs = list(sim.hand_proofs[actor])
        for code in action.proofs:
            proofs[cards.proof_kinds.index(code)] += 1
        key = (-sf(lead, threads, proofs), _usefulness(cards, lead, action, cards.proof_kinds))
        if best is None or key > best[0]:
            best = (key, action)
    return best[1]


BOTS = {"random": RandomBot, "basic": BasicBot, "expert": ExpertBot}
