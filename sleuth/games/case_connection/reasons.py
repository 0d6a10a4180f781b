"""Why the Case Connection expert chose its move: its own evaluation, kept as facts.

The expert (``bots.ExpertBot``) writes down what it weighs while it decides, in a ``Notes``: the
candidates it compared with the values it gave them, and the numbers it computed on the way (the
shortfall after each take, whose best take a take spoils, the planned turns, how often a sampled
future was ready). Nothing here searches again: once the clock has stopped, ``explain`` turns the
notes into an ``Explanation`` (``sleuth/ai/explain.py``), adding only facts that are one cheap
look at the observation (the lead's shortfall now, which bonus icons can face the lead, what a
kept item fits). The table words the facts (``table/reasons.py``).

Everything in Case Connection is on the table except the decks' order and the leads a player is
choosing from, so the only secret facts are those about an offered lead that was not kept.

Fact keys and their values (``fact(key, **values)``):

=================  ==============================================  ===============================
key                values                                          what it says
=================  ==============================================  ===============================
``lead_short``     ``lead`` (id), ``points``, ``short``            situation: the seat's lead and
                                                                   the items it lacks now, as the
                                                                   expert estimates them
``no_lead``        ``deck`` (leads left in the lead deck)          situation: the seat has no lead
``final_turn``     ``trigger`` (the seat that reached the target)  situation: this is the seat's
                                                                   last turn
``take_short``     ``after`` (the estimate after the take),        a take: ``ready`` says whether
                   ``ready`` (bool)                                the solver reconstructs the lead
                                                                   with it (the estimate may miss
                                                                   a clever layout; 0 is exact)
``bonus_icon``     ``thread`` (id), ``bonus`` (kind)               a taken thread's bonus icon can
                                                                   sit right next to the lead
``spoils``         ``seat``, ``before``, ``after``                 a take lowers the items that
                                                                   seat's best take would bring
``plan_turns``     ``turns`` (float, one decimal)                  turns of takes from what is out
                                                                   now until the lead is ready
``futures``        ``samples``, ``ready``                          sampled futures (hidden refills,
                                                                   rivals' takes) in which the lead
                                                                   is ready by the next own turn
``reconstruct``    ``lead``, ``points``, ``bonuses`` (kinds)       reconstructing now scores this
``reaches_target`` ``score``, ``target``                           ... and reaches the target
``exchange``       ``proof``, ``before``, ``after``                trading 3 proofs for a Universal
                                                                   lowers the lead's shortfall
``turn_over``      ``taken`` (bool)                                nothing left to do this turn:
                                                                   visited already, or no location
                                                                   can be visited
``lead_offer``     ``lead``, ``points``, ``turns``, ``finishes``,  an offered lead: its points, the
                   ``score``                                       planned turns to make it (one
                                                                   decimal), whether its points
                                                                   reach the target, the score
                                                                   making it brings (bonus icons
                                                                   aside); secret when the lead
                                                                   was not kept
``pick_rate``      ``samples``, ``rate`` (points a turn)           an offered lead played out on
                                                                   sampled futures; secret when
                                                                   the lead was not kept
``keep_fits``      ``thread`` (id) or ``proof`` (code), ``fits``,  a kept item suits ``fits`` of
                   ``unseen``                                      the ``unseen`` leads to come
``keep_rate``      ``samples``, ``rate`` (points a turn)           a kept pair played out on
                                                                   sampled futures
``spoil_only``     (none)                                          without a lead, or on the last
                                                                   turn without a take that makes
                                                                   the lead ready, a take is chosen
                                                                   only to spoil others
=================  ==============================================  ===============================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sleuth.ai.explain import Considered, Explanation, Fact, fact
from sleuth.core.values import Action
from sleuth.games.case_connection.cards import OPPOSITE, UNIVERSAL, CaseCards, Lead
from sleuth.games.case_connection.grid import solve, validate
from sleuth.games.case_connection.rules import (
    CaseObservation,
    EndTurn,
    Exchange,
    Keep,
    PickLead,
    Reconstruct,
    Take,
)

#: how far the expert got in weighing its takes: the cheap answer, planned, or looked ahead
CHEAP, PLANNED, LOOKED = "cheap", "planned", "looked"


class Notes:
    """What the expert weighed for one decision, written down as it went.

    ``ranking``: the candidates it compared in the end, best first, each with its value (values of
    one ranking are comparable); ``detail``: numbers it computed per candidate on the way;
    ``samples``: how many sampled futures the values rest on (0: none); ``stage`` (takes only):
    how far the weighing got before the answer (``CHEAP``, ``PLANNED``, ``LOOKED``).
    """

    __slots__ = ("kind", "ranking", "detail", "samples", "stage")

    def __init__(self) -> None:
        self.kind = ""
        self.ranking: list[tuple[Action, float]] = []
        self.detail: dict[Action, dict] = {}
        self.samples = 0
        self.stage = CHEAP

    def rank(self, kind: str, ranking: list[tuple[Action, float]]) -> None:
        self.kind = kind
        self.ranking = ranking

    def note(self, action: Action, **values) -> None:
        self.detail.setdefault(action, {}).update(values)

    def of(self, action: Action) -> dict:
        return self.detail.get(action, {})


Shortfall = Callable[[Lead, Sequence[str], Sequence[int]], int]


def explain(obs: CaseObservation, action: Action, notes: Notes, cards: CaseCards, sf: Shortfall) -> Explanation:
    """The explanation of ``action`` from the notes the expert kept while choosing it."""
    ranking = notes.ranking or [(action, 0.0)]
    best_value = next((v for a, v in ranking if a == action), ranking[0][1])
    runner = next(((a, v) for a, v in ranking if a != action), None)
    why = _Why(obs, notes, cards, sf)
    measure = why.measure(action)
    best = Considered(action, float(best_value), why.facts(action, kept=True))
    runner_up = None
    if runner is not None:
        runner_up = Considered(runner[0], float(runner[1]), why.facts(runner[0], kept=False))
    return Explanation(obs.seat, measure, best, runner_up, why.situation(action))


class _Why:
    """The facts of one decision (one observation, one set of notes)."""

    def __init__(self, obs: CaseObservation, notes: Notes, cards: CaseCards, sf: Shortfall) -> None:
        self.obs = obs
        self.notes = notes
        self.cards = cards
        self.sf = sf
        seat = obs.seat
        self.lead = cards.lead(obs.leads[seat]) if obs.leads[seat] is not None else None

    def measure(self, action: Action) -> str:
        if isinstance(action, PickLead | Reconstruct):
            return "points"
        if isinstance(action, Keep):
            return "points" if self.notes.samples else "utility"
        if isinstance(action, Exchange | EndTurn):
            return "shortfall"
        return "utility"

    def situation(self, action: Action) -> tuple[Fact, ...]:
        obs, seat = self.obs, self.obs.seat
        out = []
        if self.lead is not None and isinstance(action, Take | Exchange | EndTurn | Reconstruct):
            short = self.sf(self.lead, obs.threads[seat], obs.proofs[seat])
            out.append(fact("lead_short", lead=self.lead.id, points=self.lead.points, short=short))
        elif self.lead is None and isinstance(action, Take | EndTurn):
            out.append(fact("no_lead", deck=obs.lead_deck))
        if obs.end_trigger is not None and obs.end_trigger != seat:
            out.append(fact("final_turn", trigger=obs.end_trigger))
        return tuple(out)

    def facts(self, action: Action, kept: bool) -> tuple[Fact, ...]:
        if isinstance(action, Take):
            return self._take(action)
        if isinstance(action, PickLead):
            return self._pick(action, secret=not kept)
        if isinstance(action, Keep):
            return self._keep(action)
        if isinstance(action, Reconstruct):
            return self._reconstruct(action)
        if isinstance(action, Exchange):
            d = self.notes.of(action)
            return (fact("exchange", proof=action.proof, before=d["before"], after=d["after"]),)
        if isinstance(action, EndTurn):
            return (fact("turn_over", taken=self.obs.taken),)
        return ()

    def _take(self, action: Take) -> tuple[Fact, ...]:
        notes, d = self.notes, self.notes.of(action)
        if notes.kind == "deny":
            return (fact("spoil_only"),) + tuple(fact("spoils", seat=s, before=b, after=a)
                                                 for s, b, a in d.get("spoiled", ()))
        seat = self.obs.seat
        proofs = dict(zip(self.obs.proof_kinds, self.obs.proofs[seat], strict=True))
        for code in action.proofs:
            proofs[code] += 1
        ready = d["short"] == 0 or solve(self.cards, self.lead, [*self.obs.threads[seat], *action.threads], proofs) \
            is not None
        out = [fact("take_short", after=d["short"], ready=ready)]
        if self.obs.bonus_icons and self.lead is not None:
            for tid in action.threads:
                bonus = self.cards.thread(tid).bonus
                if bonus is not None and _faces_lead(self.cards, self.lead, tid):
                    out.append(fact("bonus_icon", thread=tid, bonus=bonus))
        if notes.stage != CHEAP:
            out += [fact("spoils", seat=s, before=b, after=a) for s, b, a in d.get("spoiled", ())]
            if "turns" in d:
                out.append(fact("plan_turns", turns=round(d["turns"], 1)))
        if notes.stage == LOOKED and "ready" in d:
            out.append(fact("futures", samples=notes.samples, ready=d["ready"]))
        return tuple(out)

    def _pick(self, action: PickLead, secret: bool) -> tuple[Fact, ...]:
        d = self.notes.of(action)
        lead = self.cards.lead(action.lead)
        out = [fact("lead_offer", secret=secret, lead=lead.id, points=lead.points, turns=round(d["turns"], 1),
                    finishes=d["finish"], score=self.obs.scores[self.obs.seat] + lead.points)]
        if self.notes.samples:
            out.append(fact("pick_rate", secret=secret, samples=self.notes.samples, rate=round(d["rate"], 2)))
        return tuple(out)

    def _keep(self, action: Keep) -> tuple[Fact, ...]:
        obs = self.obs
        placed = {x for x in obs.leads if x is not None} | {x for c in obs.completed for x in c}
        unseen = [lead for lead in self.cards.leads if lead.id not in placed]
        out = []
        for tid in action.threads:
            fits = sum(1 for lead in unseen if _faces_lead(self.cards, lead, tid))
            out.append(fact("keep_fits", thread=tid, fits=fits, unseen=len(unseen)))
        for code in dict.fromkeys(action.proofs):
            fits = sum(1 for lead in unseen if code == UNIVERSAL or any(code in side for side in lead.sides))
            out.append(fact("keep_fits", proof=code, fits=fits, unseen=len(unseen)))
        d = self.notes.of(action)
        if self.notes.samples and "rate" in d:
            out.append(fact("keep_rate", samples=self.notes.samples, rate=round(d["rate"], 2)))
        return tuple(out)

    def _reconstruct(self, action: Reconstruct) -> tuple[Fact, ...]:
        obs, seat, lead = self.obs, self.obs.seat, self.lead
        held = dict(zip(obs.proof_kinds, obs.proofs[seat], strict=True))
        result = validate(self.cards, lead, obs.threads[seat], held, action.cards, action.proofs)
        direct = () if isinstance(result, str) else result.direct
        bonuses = tuple(sorted(self.cards.thread(t).bonus for t in direct if self.cards.thread(t).bonus)) \
            if obs.bonus_icons else ()
        out = [fact("reconstruct", lead=lead.id, points=lead.points, bonuses=bonuses)]
        score = obs.scores[seat] + lead.points + min(bonuses.count("bonus_point"), obs.bonus_pool)
        if score >= self.cards.target_points:
            out.append(fact("reaches_target", score=score, target=self.cards.target_points))
        return tuple(out)


def _faces_lead(cards: CaseCards, lead: Lead, tid: str) -> bool:
    """The thread can sit directly on a side of the lead (its facing edge shows one of that side's icons)."""
    edges = cards.thread(tid).edges
    return any(icons and edges[OPPOSITE[side]] in icons for side, icons in enumerate(lead.sides))
