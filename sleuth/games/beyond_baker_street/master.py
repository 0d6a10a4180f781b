"""The Beyond Baker Street ``master``: the expert's move, checked by rolling sampled deals forward.

Hanabi's SPARTA (Lerer et al., 2020) showed how to make a good convention bot better without
making it unreadable: keep a blueprint policy that every seat plays, and on each turn test the
blueprint's move against a few alternatives by playing the game forward from deals consistent
with what the seat has seen; switch only when an alternative wins clearly more often. Here:

- **Blueprint**: the expert (``bots.ExpertBot``). The Master's moves are the expert's unless the
  search says otherwise, so its Assists follow the expert's convention ("an Assist points at a
  card you can play now") and a partner, human or bot, reads them as it reads the expert's.
- **Candidates**: the blueprint's move and the best-scored other moves by the blueprint's own
  scores (at most ``candidates`` in all, within ``window`` of the best; moves the blueprint
  scored exactly alike, such as two cards nothing sets apart, count once).
- **Worlds**: deals of the seat's own hand (from the identities its Assists and card counting
  leave, leaning 6:1 towards the convention's reading, as the expert does), the deck and the
  hidden leads (``world.sample_world``); every candidate is played on the same worlds, with the
  same later shuffles, so their difference is measured on common chances.
- **Rollouts**: after the candidate, a cheap version of the blueprint (``LeanExpert``: the expert
  scoring each card play on three identities of its card; the same conventions at about half the
  cost) plays every seat for one round of the table (``horizon_rounds``) or to the end; the position is then valued by the expert's value function over the
  true hands (each card priced by what its holder knows: ``team_value``) and turned into a chance
  to win by a logistic fit per case file (``CALIBRATION``); a finished game counts 1 or 0.
- **Partners who follow no convention**: told who sits where (``meet``), the Master plays a
  person or a bot of another kind by the newcomer's rules (``BasicBot``: play what you know, point
  out what a partner can play) in its rollouts, never as a reader of the expert's convention, and
  also searches the Assists such a partner would act on (``newcomer_hints``). A one-round
  rollout ends before that partner's next turn, so on case files 3-6 the position at its
  end is charged a Holmes space for each such partner who then knows no move (``NEWCOMER_IDLE``).
- **The hat convention, among Masters only** (``hat.py``): when another partner is a Master
  (``meet``) and the table has 3-4 players and no characters, every Master's Assist's target and
  kind carry the sum of the other Masters' first unknown icons, so one Assist tells each other
  Master an icon; the Masters read it from their logs, the blueprint (``HatExpert``) values an
  Assist with those icons and gives only the Assists that carry the code, and the worlds and
  rollouts carry the icons. Beside a person or a newcomer bot the Masters keep the expert's
  convention by default; with ``hat_beside_newcomers`` they play the hat among themselves, the
  newcomer never asked to read a code (measured worse: ``HAT_BESIDE_NEWCOMERS``). Beside an
  expert, who reads Assists by its own convention, the Master keeps that convention.
- **The play code, among Masters beside a newcomer** (``play_code.py``): where the hat is not
  played because a partner follows no convention, the Masters' Assists stay the expert's, and
  their card plays carry a code instead: of the cards a Master knows exactly alike, which one it
  plays tells the other Masters part of their first unknown icon (or number). The blueprint
  (``CodeExpert``) reads the narrowed masks, worlds are dealt within them, and the rollouts play
  by the engine's masks; the card the search chose is moved to its equally known twin that
  carries the code.
- **Margin**: an alternative replaces the blueprint's move only when its mean chance beats the
  blueprint's on the same worlds by ``margin`` and by two standard errors of the paired
  differences. Alternatives that cannot catch up are dropped as the worlds come in, and the
  search stops early when none is left.

Think time: ``think_s`` (1.5 s by default) at the table's ordinary budget; the Master scales it
with the budget it is handed (``think_time``), so a match run with ``--budget-ms 20`` gives it
0.3 s. Everything is checked against a hard deadline (``sleuth.ai.deadline``): a world whose
rollouts are not all finished in time is dropped, so the decision rests on complete worlds only.
With the deadline never reached (``max_worlds`` worlds done first) the decision depends on the
observation and the generator alone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from sleuth.ai.bot import DEFAULT_BUDGET_S, Bot
from sleuth.ai.deadline import SEARCH_SHARE, Deadline, TimeUp
from sleuth.ai.explain import Considered, Decision, Explanation, fact
from sleuth.core.values import Action
from sleuth.games.beyond_baker_street import hat, play_code
from sleuth.games.beyond_baker_street.basic import BasicBot
from sleuth.games.beyond_baker_street.bots import HOLMES, Evaluator, ExpertBot, Thought
from sleuth.games.beyond_baker_street.rules import Assist, BBSObservation, BBSState
from sleuth.games.beyond_baker_street.world import sample_world, slot_candidates, unseen_cards

#: seconds a decision may take at the ordinary budget (``think_time``)
THINK_S = 1.5
#: most moves searched, the blueprint's included. Six within 0.5 rather than four within 0.25: with
#: four, most searches at 1.5 s ended with every alternative dropped long before the deadline, and
#: the wider set turns that unused time into wins (docs/beyond-baker-street.md, "Using the time at 1.5 s")
CANDIDATES = 6
#: how far below the blueprint's best score (log u, the expert's units) a move may be and still be searched
WINDOW = 0.5
#: win chance an alternative must gain over the blueprint's move before the Master plays it
MARGIN = 0.03
#: blueprint decisions rolled after each candidate, in rounds of the table (players decisions each)
HORIZON_ROUNDS = 1.0
#: roll out the lean expert (card plays scored on 3 identities of their card) instead of the expert
LEAN_ROLLOUTS = True
#: worlds every candidate is measured on before any is dropped
MIN_WORLDS = 6
#: most Assists to newcomer partners searched besides the blueprint's candidates
NEWCOMER_CANDIDATES = 3
#: partners' kinds that play the expert's convention; any other partner (a person, ``basic``) is
#: played in the rollouts by ``BasicBot``, the careful newcomer who reads Assists as the rules
#: summary tells people to (see ``MasterBot.meet``)
CONVENTION_KINDS = frozenset({"expert", "master"})
#: play the hat convention (``hat.py``: every Assist also tells each other Master one icon) when
#: the table's shape allows it (3-4 players, no characters) and another partner is a Master
HAT = True
#: partners' kinds that play the hat convention
HAT_KINDS = frozenset({"master"})
#: play it among the Masters also beside partners who follow no convention (people, ``basic``);
#: never beside a bot that reads Assists by the expert's convention. Off: master, master, basic on
#: case 3 at 0.3 s, seeds 0-199, won 11.0% with it and 23.5% without (docs/beyond-baker-street.md,
#: "Two Masters beside a newcomer")
HAT_BESIDE_NEWCOMERS = False
#: play the play code (``play_code.py``: which of its equally known cards a Master plays tells the
#: other Masters a card of theirs) among the Masters at tables where the hat is not played because
#: a partner follows no convention (3-4 players, no characters, no expert partner)
PLAY_CODE = True
#: (Holmes start, charge): what the position at the rollout's horizon is charged for each newcomer
#: partner who then knows no move by the newcomer's rules (``BasicBot.knows_a_move``), since their
#: next turn goes on an Assist or a blind card. A Holmes space where Holmes is scarce: master,
#: master, basic at 0.3 s, case 3 (Holmes 11), seeds 0-799: 20.9% without it, 24.2% with it.
#: Nothing from Holmes 12 up: case 1 (Holmes 15), seeds 0-399: 85.8% without it, 82.2% with it;
#: case 2 (Holmes 12), seeds 0-399: 63.3% without it, 60.3% with the 6 points interpolated before
#: (a newcomer's Assist there costs a space the case can spare and tells a Master something).
#: docs/beyond-baker-street.md, "A newcomer who knows no move"
NEWCOMER_IDLE: tuple[tuple[int, float], ...] = ((11, HOLMES), (12, 0.0))

#: P(win) = 1 / (1 + exp(-(value - offset) / scale)) for ``team_value``, by the case file's Holmes
#: start (interpolated between). A logistic fit over every decision of 360 expert games (60 per case
#: file, 2-4 players, seeds 50000+): one scale, an offset linear in the Holmes start (the value
#: already counts 8 a Holmes space, yet a harder case loses more from the same value). By fifths of
#: the value, predicted/won: case 1 0.21/0.21 0.51/0.50 0.65/0.55 0.78/0.61 0.87/0.84; case 3
#: 0.01/0.00 0.08/0.17 0.12/0.20 0.19/0.25 0.39/0.53; no game of cases 5 and 6 was won in the sample.
CALIBRATION: tuple[tuple[int, float, float], ...] = ((8, 94.0, 125.0), (11, 94.0, 10.0), (15, 94.0, -144.0))


def team_value(ev: Evaluator, state: BBSState) -> float:
    """The expert's value function on a complete state: a card in a hand costs as its holder knows
    it (class A: known for that use; B: a partner sees it), the deck as unseen (C)."""
    la = lb = ta = tb = 0
    for hand in state.hands:
        for c in hand:
            ki, kn = state.know_icon[c], state.know_num[c]
            bit = 1 << c
            if ki & (ki - 1) == 0:
                la |= bit
            else:
                lb |= bit
            if kn & (kn - 1) == 0:
                ta |= bit
            else:
                tb |= bit
    deck = 0
    for c in state.deck:
        deck |= 1 << c
    for c in state.limbo:
        deck |= 1 << c
    sim = ev.sim_from(state.observe(None), (la, lb, deck), (ta, tb, deck))
    return ev.value(sim)


def by_holmes(anchors: Sequence[tuple[float, ...]], holmes: int) -> tuple[float, ...]:
    """The values of ``anchors`` (rows of Holmes start, then values; ascending starts) for a case
    file that starts Holmes on ``holmes``: linear between two rows, the end rows' beyond them."""
    if holmes <= anchors[0][0]:
        return tuple(anchors[0][1:])
    for lo, hi in zip(anchors, anchors[1:], strict=False):
        if holmes <= hi[0]:
            f = (holmes - lo[0]) / (hi[0] - lo[0])
            return tuple(a + (b - a) * f for a, b in zip(lo[1:], hi[1:], strict=True))
    return tuple(anchors[-1][1:])


def calibration_for(holmes: int) -> tuple[float, float]:
    """(scale, offset) of the win-chance fit for a case file that starts Holmes on ``holmes``."""
    scale, offset = by_holmes(CALIBRATION, holmes)
    return scale, offset


def newcomer_idle_for(holmes: int) -> float:
    """The horizon's charge for a newcomer who knows no move (``NEWCOMER_IDLE``) on a case file
    that starts Holmes on ``holmes``."""
    return by_holmes(NEWCOMER_IDLE, holmes)[0]


def win_chance(value: float, scale: float, offset: float) -> float:
    x = (value - offset) / scale
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


@dataclass
class Search:
    """One decision of the Master, kept for its explanation and for tests.

    ``blueprint`` is the expert's evaluation of the position; ``candidates`` the indexes (in
    ``blueprint.legal``) of the moves searched, the blueprint's first; ``totals``, ``diffs`` and
    ``squares`` the sums of each candidate's chances, of its difference from the blueprint's and of
    that difference squared, over the ``counts`` complete worlds it was played on (``worlds`` in
    all: a candidate dropped stops counting); ``dropped`` the candidates given up on as the worlds came in.
    ``path``: ``blueprint`` (no search: a single sensible move, a pending decision, or no time for
    a world) or ``search``.
    """

    action: Action
    blueprint: Thought
    path: str
    candidates: list[int] = field(default_factory=list)
    totals: list[float] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    diffs: list[float] = field(default_factory=list)
    squares: list[float] = field(default_factory=list)
    worlds: int = 0
    dropped: set[int] = field(default_factory=set)
    rollouts: int = 0
    #: the decision was taken playing the hat convention (``blueprint`` read the hat's icons)
    hat: bool = False
    #: the decision was taken playing the play code (``blueprint`` read what the codes told);
    #: ``chosen`` is the move the search chose, ``action`` that move with its card moved to the
    #: equally known slot that carries the code
    code: bool = False
    chosen: Action | None = None

    def mean(self, k: int) -> float:
        """Candidate k's mean chance to win over the complete worlds it was played on."""
        return self.totals[k] / self.counts[k] if self.counts[k] else 0.0

    def gain(self, k: int) -> tuple[float, float]:
        """Candidate k's mean gain over the blueprint's move and the standard error of that mean."""
        n = self.counts[k]
        if n < 2:
            return 0.0, math.inf
        mean = self.diffs[k] / n
        var = max(0.0, (self.squares[k] - n * mean * mean) / (n - 1))
        return mean, math.sqrt(var / n)


class HatExpert(ExpertBot):
    """The expert's evaluation at a table playing the hat convention: it reads the augmented masks
    (the caller hands it an observation carrying them) and values an Assist with the icon it also
    tells every other hatter (the first card of unknown icon in each of their hands)."""

    #: the seats playing the hat (set by the Master for its table)
    hatters: frozenset[int] = frozenset()

    def also_told(self, ctx, a: Assist, told: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
        obs = ctx.obs
        t = self.ev.t
        extra = {}
        for seat, hand in enumerate(obs.hands):
            if seat == ctx.me or seat not in self.hatters:
                continue
            slot = hat.focus(obs.knowledge[seat])
            if slot is None:
                continue
            c = hand[slot]
            _, kn = told.get(c, obs.knowledge[seat][slot])
            extra[c] = (1 << t.icon_of[c], kn)
        return extra

    def weigher(self, ctx, slot: int):
        """No lean: at a hat table an Assist's target and kind are set by the code, so a pointed
        card is not a card to play now; what the hat tells is already in the masks."""
        return None


class CodeExpert(ExpertBot):
    """The expert's evaluation at a table playing the play code: it reads the masks the codes
    narrowed (the caller hands it an observation carrying them), and its convention's lean still
    reads as pointed only what Assists told (``told``: the engine's masks of the seat's hand)."""

    #: the engine's masks of the seat's own hand (set by the Master for each decision)
    told: Sequence[tuple[int, int]] = ()

    def told_masks(self, ctx, slot: int) -> tuple[int, int]:
        return self.told[slot] if slot < len(self.told) else ctx.obs.knowledge[ctx.me][slot]


class LeanExpert(ExpertBot):
    """The expert scoring each card play on a few spread identities of its card, never all of them:
    the same conventions at a fraction of the cost, for rollouts."""

    refine = False


class LeanHatExpert(HatExpert):
    """``LeanExpert`` at a table playing the hat convention."""

    refine = False


class MasterBot(Bot):
    """The expert's move unless rollouts on sampled deals show a clearly better one (see module)."""

    kind = "master"

    def __init__(self, think_s: float = THINK_S, candidates: int = CANDIDATES, window: float = WINDOW,
                 margin: float = MARGIN, horizon_rounds: float = HORIZON_ROUNDS,
                 max_worlds: int | None = None, lean_rollouts: bool = LEAN_ROLLOUTS,
                 newcomer_candidates: int = NEWCOMER_CANDIDATES, use_hat: bool = HAT,
                 hat_beside_newcomers: bool = HAT_BESIDE_NEWCOMERS, use_play_code: bool = PLAY_CODE) -> None:
        self.think_s = think_s
        self.candidates = candidates
        self.window = window
        self.margin = margin
        self.horizon_rounds = horizon_rounds
        self.max_worlds = max_worlds
        self.newcomer_candidates = newcomer_candidates
        self.blueprint = ExpertBot()
        # the rollouts' policy: the expert itself, or its lean version (the same evaluator and memos)
        self.roller = LeanExpert() if lean_rollouts else self.blueprint
        self.roller.ev = self.blueprint.ev
        self.use_hat = use_hat
        self.hat_beside_newcomers = hat_beside_newcomers
        #: the blueprint and the rollouts' policy at a table playing the hat convention
        self.hat_blueprint = HatExpert()
        self.hat_roller = LeanHatExpert() if lean_rollouts else self.hat_blueprint
        self.hat_blueprint.ev = self.hat_roller.ev = self.blueprint.ev
        self.use_play_code = use_play_code
        #: the blueprint at a table playing the play code
        self.code_blueprint = CodeExpert()
        self.code_blueprint.ev = self.blueprint.ev
        #: how partners who follow no convention are played in the rollouts, and whose Assists
        #: to them are searched (``newcomer.hint_for``)
        self.newcomer = BasicBot()
        #: the other bots' kinds by seat, as ``meet`` told them (None: never told, every seat is
        #: taken to follow the expert's convention)
        self.partners: dict[int, str] | None = None

    def meet(self, seat: int, partners: Mapping[int, str]) -> None:
        """Partners who are people (no kind named) or bots outside the expert's convention are
        played by the newcomer's rules in the rollouts: the Master never counts on them reading an
        Assist the expert's way, and searches the Assists a newcomer would act on."""
        self.partners = dict(partners)

    def newcomers(self, obs: BBSObservation) -> frozenset[int]:
        """The seats played by the newcomer's rules: partners who are people or bots of another kind."""
        if self.partners is None:
            return frozenset()
        return frozenset(s for s in range(obs.players)
                         if s != obs.seat and self.partners.get(s) not in CONVENTION_KINDS)

    def masters(self, obs: BBSObservation) -> frozenset[int]:
        """The Masters' seats, this one included, when the table allows a convention among them:
        the table's shape allows it (3-4 players, no characters), another partner is a Master, and
        no partner reads Assists by the expert's convention; empty otherwise."""
        if self.partners is None or not hat.playable(obs):
            return frozenset()
        others = [self.partners.get(s) for s in range(obs.players) if s != obs.seat]
        seats = frozenset({obs.seat} | {s for s, kind in self.partners.items() if kind in HAT_KINDS})
        if len(seats) < 2 or any(kind in CONVENTION_KINDS - HAT_KINDS for kind in others):
            return frozenset()
        return seats

    def hatters(self, obs: BBSObservation) -> frozenset[int]:
        """The seats that play the hat convention at this table, this one included; empty when it
        is not played. It is played when it is on and the table allows a convention among the
        Masters (``masters``); beside a person or a newcomer bot only with ``hat_beside_newcomers``."""
        seats = self.masters(obs) if self.use_hat else frozenset()
        if len(seats) < obs.players and not self.hat_beside_newcomers:
            return frozenset()
        return seats

    def coders(self, obs: BBSObservation) -> frozenset[int]:
        """The seats that play the play code at this table, this one included; empty when it is
        not played. It is played when it is on, the table allows a convention among the Masters
        (``masters``), and the hat is not played (a partner follows no convention)."""
        if not self.use_play_code or self.hatters(obs):
            return frozenset()
        return self.masters(obs)

    def hat_table(self, obs: BBSObservation) -> bool:
        """Whether this seat plays the hat convention at this table."""
        return bool(self.hatters(obs))

    def think_time(self, budget_s: float) -> float:
        """Seconds this decision may take: ``think_s`` at the ordinary budget, scaled with it."""
        return self.think_s * budget_s / DEFAULT_BUDGET_S

    def choose(self, obs: BBSObservation, legal: Sequence[Action], rng: random.Random,
               budget_s: float = DEFAULT_BUDGET_S) -> Action:
        return self.search(obs, legal, rng, budget_s).action

    def decide(self, obs: BBSObservation, legal: Sequence[Action], rng: random.Random,
               budget_s: float = DEFAULT_BUDGET_S) -> Decision:
        """``choose``'s move (the same search), with the reasons read off that search."""
        found = self.search(obs, legal, rng, budget_s)
        return Decision(found.action, self.explain(obs, found))

    # -- the search ---------------------------------------------------------------------------------
    def search(self, obs: BBSObservation, legal: Sequence[Action], rng: random.Random,
               budget_s: float = DEFAULT_BUDGET_S) -> Search:
        """The blueprint's move, and the rollouts that keep or replace it (``Search``); playing
        the play code, that move's card moved to the equally known slot that carries the code."""
        coders = self.coders(obs) if obs.decision is None else frozenset()
        known = play_code.augmented_knowledge(obs, self.blueprint.ev.t, coders) if coders else None
        found = self._search(obs, legal, rng, budget_s, known)
        found.chosen = found.action
        if known is not None:
            found.action = play_code.coded(self.blueprint.ev.t, obs, known, found.action, coders)
        return found

    def _search(self, obs: BBSObservation, legal: Sequence[Action], rng: random.Random,
                budget_s: float, known: hat.Knowledge | None) -> Search:
        """``search`` before the play code moves the card; ``known``: the masks the codes
        narrowed (None: the play code is not played)."""
        think = self.think_time(budget_s)
        deadline = Deadline(think)
        search_rng = random.Random(rng.getrandbits(64))
        blueprint, roller, hatters = self.blueprint, self.roller, frozenset()
        table = self.hatters(obs) if obs.decision is None else frozenset()
        if table:
            known = hat.augmented_knowledge(obs, blueprint.ev.t, table)
            coded = None if known is None else hat.allowed(blueprint.ev.t, obs, known, legal, table)
            if coded:
                # read the hat's icons and give only the Assists that carry the code
                obs, legal = hat.with_knowledge(obs, known), coded
                blueprint, roller, hatters = self.hat_blueprint, self.hat_roller, table
                self.hat_blueprint.hatters = self.hat_roller.hatters = table
        told = None  # the engine's masks, when the blueprint reads the codes' narrower ones
        if known is not None:  # never at a hat table (``coders``)
            told = obs.knowledge
            obs = hat.with_knowledge(obs, known)
            blueprint = self.code_blueprint
            blueprint.told = told[obs.seat]
        # the blueprint's deadline is the Master's: the whole decision ends by the same mark
        thought = blueprint.think(obs, legal, search_rng, deadline.left() / SEARCH_SHARE)
        found = Search(thought.action, thought, "blueprint", hat=bool(hatters), code=told is not None)
        if thought.path != "search" or obs.decision is not None or deadline.expired():
            return found
        newcomers = self.newcomers(obs)
        cands = self.pick_candidates(thought)
        cands += self.newcomer_hints(obs, legal, thought, cands, newcomers)
        if len(cands) < 2:
            return found
        found.path = "search"
        found.candidates = cands
        found.totals = [0.0] * len(cands)
        found.counts = [0] * len(cands)
        found.diffs = [0.0] * len(cands)
        found.squares = [0.0] * len(cands)
        unseen = unseen_cards(obs, self.blueprint.ev.cards)
        slots = slot_candidates(obs, self.blueprint.ev.cards, unseen)
        weigh = self._belief(blueprint, thought, len(slots))
        steps = max(1, round(self.horizon_rounds * obs.players))
        holmes = self.blueprint.ev.cards.case(obs.case).holmes
        scale, offset = calibration_for(holmes)
        idle = newcomer_idle_for(holmes) if newcomers else 0.0
        me = obs.seat
        try:
            while self.max_worlds is None or found.worlds < self.max_worlds:
                deadline.check()  # also when every rollout ends at once (a move that ends the game)
                world = sample_world(obs, self.blueprint.ev.cards, search_rng, weigh, unseen, slots)
                if told is not None:
                    _tell(world, told)
                shuffle_seed = search_rng.getrandbits(64)
                chances = [0.0] * len(cands)
                for k, i in enumerate(cands):
                    if k in found.dropped:
                        continue
                    w = world.clone()
                    w.rng = random.Random(shuffle_seed)  # the same later shuffles for every candidate
                    self._apply(w, me, legal[i], hatters)
                    chances[k] = self._rollout(w, steps, deadline, search_rng, scale, offset, newcomers, idle,
                                               roller, hatters)
                    found.rollouts += 1
                found.worlds += 1
                for k in range(len(cands)):
                    if k in found.dropped:
                        continue
                    found.counts[k] += 1
                    found.totals[k] += chances[k]
                    d = chances[k] - chances[0]
                    found.diffs[k] += d
                    found.squares[k] += d * d
                if found.worlds >= MIN_WORLDS and self._prune(found):
                    break
        except TimeUp:
            pass
        found.action = legal[cands[self._best(found)]]
        return found

    def pick_candidates(self, thought: Thought) -> list[int]:
        """The blueprint's move first, then the best-scored others within ``window`` of it."""
        legal, scores = thought.legal, thought.scores
        best = legal.index(thought.action)
        top = scores[best]
        if top is None:
            return [best]
        order = sorted((i for i, s in enumerate(scores) if s is not None and i != best), key=lambda i: -scores[i])
        picked = [best]
        for i in order:
            if len(picked) >= self.candidates or scores[i] < top - self.window:
                break
            if any(legal[j].KIND == legal[i].KIND and abs(scores[j] - scores[i]) <= 1e-9 for j in picked):
                continue  # the same move with another card nothing sets apart
            picked.append(i)
        return picked

    def newcomer_hints(self, obs: BBSObservation, legal: Sequence[Action], thought: Thought,
                       picked: Sequence[int], newcomers: frozenset[int]) -> list[int]:
        """The Assists a newcomer partner would act on, those the blueprint's candidates do not
        include already: the one ``BasicBot`` would give them, then (best scored first, at most
        ``newcomer_candidates``) Assists after which they know a card play (``BasicBot``'s rule 2)
        when they know none now. ``picked``: the blueprint's candidates."""
        picked = set(picked)
        hints: list[int] = []
        others: list[int] = []
        for seat in sorted(newcomers):
            hint = self.newcomer.hint_for(obs, seat)
            if hint is not None and hint in legal:
                hints.append(legal.index(hint))
            if self.newcomer.known_play(obs, obs.knowledge[seat]) is None:
                others += [i for i, a in enumerate(legal) if isinstance(a, Assist) and a.target == seat
                           and self.newcomer.known_play(obs, self.newcomer.told(obs, a)) is not None]
        others = sorted((i for i in others if thought.scores[i] is not None), key=lambda i: -thought.scores[i])
        extra: list[int] = []
        for i in hints + others[:self.newcomer_candidates]:
            if i not in picked and thought.scores[i] is not None:
                picked.add(i)
                extra.append(i)
        return extra

    def _belief(self, blueprint: ExpertBot, thought: Thought, slots: int):
        """The weight of identity ``card`` for own slot ``slot``: the blueprint's convention lean."""
        ctx = thought.ctx
        weighers = [blueprint.weigher(ctx, s) for s in range(slots)]
        if all(w is None for w in weighers):
            return None

        def weigh(slot: int, card: int) -> float:
            w = weighers[slot]
            return 1.0 if w is None else w(card)

        return weigh

    @staticmethod
    def _apply(w: BBSState, seat: int, action: Action, hatters: frozenset[int]) -> None:
        """``action`` on a world; a hatter's Assist also tells each other hatter an icon."""
        told = hat.focus_cards(w, seat, hatters) if hatters and isinstance(action, Assist) else ()
        w.apply(seat, action)
        if told:
            hat.tell_icons(w, told)

    def _rollout(self, w: BBSState, steps: int, deadline: Deadline, rng: random.Random,
                 scale: float, offset: float, newcomers: frozenset[int] = frozenset(),
                 idle: float = 0.0, roller: ExpertBot | None = None,
                 hatters: frozenset[int] = frozenset()) -> float:
        """Play the blueprint for every seat (the newcomer's rules for ``newcomers``) for ``steps``
        decisions; the chance to win after them, the value charged ``idle`` for each newcomer who
        then knows no move. Playing the hat (``hatters``), the world's masks carry the hat's icons
        and every hatter gives only the Assists that carry the code."""
        bp = roller or self.roller
        for _ in range(steps):
            if w.result is not None:
                break
            seat = w.pending_seats()[0]
            legal = w.legal_actions(seat)
            if seat in newcomers:
                action = self.newcomer.choose(w.observe(seat), legal, rng)
                w.apply(seat, action)
                continue
            view = w.observe(seat)
            if hatters and view.decision is None:
                legal = hat.allowed(w.t, view, view.knowledge, legal, hatters) or legal
            # the blueprint's own deadline ends with the Master's: a cut decision is never used
            action = bp.think(view, legal, rng, deadline.left() / SEARCH_SHARE).action
            deadline.check()
            self._apply(w, seat, action, hatters)
        if w.result is not None:
            return 1.0 if w.result[0] else 0.0
        deadline.check()
        value = team_value(bp.ev, w)
        if idle:
            for seat in newcomers:
                # the horizon ends before this newcomer's next turn: one who knows no move will
                # spend it on an Assist or a blind card
                if not self.newcomer.knows_a_move(w.observe(seat), seat):
                    value -= idle
        return win_chance(value, scale, offset)

    def _prune(self, found: Search) -> bool:
        """Drop the alternatives that cannot beat the blueprint by the margin; True when none is left."""
        for k in range(1, len(found.candidates)):
            if k in found.dropped:
                continue
            gain, err = found.gain(k)
            if gain + 2.0 * err <= self.margin:
                found.dropped.add(k)
        return len(found.dropped) == len(found.candidates) - 1

    def _best(self, found: Search) -> int:
        """The candidate played: the blueprint's, unless an alternative gains the margin and two
        standard errors (the largest such gain wins)."""
        best, best_gain = 0, 0.0
        for k in range(1, len(found.candidates)):
            if k in found.dropped:
                continue
            gain, err = found.gain(k)
            if gain > self.margin and gain - 2.0 * err > 0.0 and gain > best_gain:
                best, best_gain = k, gain
        return best

    # -- why ----------------------------------------------------------------------------------------
    def explain(self, obs: BBSObservation, found: Search) -> Explanation:
        """The expert's reasons when its move stands without a contest; otherwise the searched move
        against the best other one searched, valued as chances to win over the sampled deals."""
        from sleuth.games.beyond_baker_street.reasons import explain, facts_of, situation_of

        thought = found.blueprint
        bot = self.blueprint
        read: hat.Readers = ()
        read_from = ""
        if found.hat and thought.ctx is not None:
            # the reasons rest on what the seat knows with the hat's icons, and no convention lean;
            # an icon the hat told is said to be read from the Assists that carried it
            read, read_from = hat.readers(obs, bot.ev.t, self.hatters(obs)), "assist"
            bot, obs = self.hat_blueprint, thought.ctx.obs
        elif found.code and thought.ctx is not None:
            # and with what the codes told, said to be read from the card plays that carried them
            # (play-test: "Billy knew it was a Witness" where Assists had said only "not Track")
            read, read_from = play_code.readers(obs, bot.ev.t, self.coders(obs)), "play"
            bot, obs = self.code_blueprint, thought.ctx.obs
        played = thought.legal.index(found.action)
        if found.chosen is not None and found.chosen != found.action:
            # the code moved the card to an equally known one: the reasons are that card's
            twin = thought.legal.index(found.chosen)
            found = replace(found, candidates=[played if i == twin else i for i in found.candidates])
            if thought.action == found.chosen:
                thought = replace(thought, action=found.action)
        if found.path != "search" or found.worlds == 0:
            return explain(bot, obs, thought, read, read_from)
        chosen = found.candidates.index(played)
        others = [k for k in range(len(found.candidates)) if k != chosen]
        runner = max(others, key=found.mean)
        scale, _ = calibration_for(self.blueprint.ev.cards.case(obs.case).holmes)

        def considered(k: int, extra=()) -> Considered:
            i = found.candidates[k]
            return Considered(thought.legal[i], found.mean(k), (*facts_of(bot, obs, thought, i, read, read_from),
                                                                *extra))

        spaces = scale * (_logit(found.mean(chosen)) - _logit(found.mean(runner))) / HOLMES
        best = considered(chosen)
        second = considered(runner, (fact("margin", spaces=round(max(0.0, spaces), 1)),))
        return Explanation(obs.seat, "win_chance", best, second, situation_of(bot, obs, thought))


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def _tell(world: BBSState, told: Sequence[Sequence[tuple[int, int]]]) -> None:
    """A world dealt within what the codes told, its masks set back to what Assists told: in the
    rollouts every seat plays by the engine's masks (the codes are not played there)."""
    for hand, know in zip(world.hands, told, strict=True):
        for c, (ki, kn) in zip(hand, know, strict=True):
            world.know_icon[c] = ki
            world.know_num[c] = kn
