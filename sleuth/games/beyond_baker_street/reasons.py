"""Why the Beyond Baker Street expert chose its move (pure Python).

``explain`` turns one decision of the expert (``bots.Thought``: the action, what every legal
action was scored, the position as the bot read it) into an ``Explanation``
(``sleuth/ai/explain.py``): the chosen move and the runner-up with the scores the bot gave them,
and the facts those scores rested on. Nothing is weighed anew: the scores are the search's own,
the chances are read off the identities the search evaluated for a card (with the weights it gave
them), and the other facts are counted from the observation the bot decided from. So a
partner's "erratic" move reads as what it was: "she was told it is a Witness; the convention
says a pointed card is one to play now; 70% of what it could be fits the Motive lead".

Values (``measure`` ``utility``): each ``Considered.value`` is the score the bot compared, log u
where u = 1 / (1 + exp(-value / scale)) of its value function (bots.py), averaged over what its
card can be. Those are not chances to win, so the table words the gap between the two moves with
the runner-up's ``margin`` fact instead: the difference of their certainty equivalents in Holmes
spaces (8 value points a space).

The runner-up is the best-scored other action, skipping actions of the chosen one's kind scored
exactly the same (playing one unknown card or another about which nothing is known: the same
move twice).

Facts (public unless marked secret; a secret fact rests on what only the deciding seat sees, the
cards in its partners' hands, through card counting or a card only it was shown):

=============  ===========================================  ======================================
key            args                                         meaning
=============  ===========================================  ======================================
holmes         spaces                                       Holmes is ``spaces`` steps from 0
track          left, target                                 the Investigation track needs ``left``
                                                            more to land on ``target`` exactly
impossible     room, limit                                  the Impossible takes ``room`` more
                                                            cards before each moves Holmes
hurried        (none)                                       the deadline passed before every move
                                                            was weighed in full
card           slot, icon, number, icon_by, number_by,      what the seat was told about its own
               not_icons, not_numbers, icon_read,           card: icon id / number ("" / 0:
               number_read, read_from                       unknown), the seat whose Assist told
                                                            each (-1: known another way), the
                                                            icons and numbers ruled out;
                                                            ``icon_read`` / ``number_read``: the
                                                            seats whose moves a code among the
                                                            Masters read to know more of its icon
                                                            / number than Assists said, and
                                                            ``read_from`` those moves: 'play'
                                                            (the play code's card plays),
                                                            'assist' (the hat's Assists) or ""
convention     by, weight                                   ``by`` pointed at this card; a pointed
                                                            card is one to play now, so what makes
                                                            it a good play weighed ``weight`` x
lead           section, icon, need, value, last             the lead needs ``need`` more evidence
                                                            of ``icon`` to reach ``value``;
                                                            ``last``: the section's last lead
fits           section, match, kills, finishes              by what the seat was told: it matches
                                                            'sure' / 'maybe' / 'never'; ``kills``:
                                                            numbers it may be that would kill the
                                                            lead; ``finishes``: known to complete
odds (secret)  match, finish, kill, lose, identities,       the chances the bot weighed over the
               counted_match, counted_finish,               ``identities`` its card can have (with
               counted_kill, counted_lose                   the convention's lean); ``counted_*``:
                                                            the same by card counting alone (every
                                                            identity alike), which a player can check
track_fit      left, over, exact                            Eliminate, by what the seat was told:
                                                            ``over``: numbers it may be that pass
                                                            the target; ``exact``: known to land
track_odds     exact, over, lose, identities,               the chances the bot weighed, and by
(secret)       counted_exact, counted_over, counted_lose    card counting alone (as ``odds``)
lead_risk      section, need, kills                         Eliminate of a card known to have the
                                                            icon of this open lead: ``kills``: the
                                                            numbers it may be, by what the seat was
                                                            told, that pass the ``need`` left
assist         target, number, icon, count, newly, whole    an Assist naming ``number`` or
                                                            ``icon`` (0 / ""), pointing at
                                                            ``count`` cards; ``newly``: cards the
                                                            target can then play unaided (their
                                                            icon, or their number, newly known);
                                                            ``whole``: of those, the ones then
                                                            known whole (icon and number)
enables        target, card, use, finishes,                 a pointed card (key) the target can
               number_known (a lead's use only)             now play on ``use`` (a section id or
                                                            'track') leaving it still possible to
                                                            finish; names a card of the target's
                                                            hand, so the table words it only to
                                                            viewers who see that hand;
                                                            ``number_known``: the target knows its
                                                            number too (else a sure match only)
holmes_cost    steps, why                                   the move moves Holmes ``steps`` toward
                                                            0 ('assist', 'impossible')
confirm        section, back, third                         Holmes steps back ``back``; ``third``:
                                                            the case's last lead
pursue         section, hopeless, clash, last               ``hopeless``: the cards left cannot
                                                            finish it; ``clash``: another open
                                                            lead of its icon (section id) that
                                                            cannot be finished with it; ``last``
loses          how                                          the move loses at once: 'last_lead',
                                                            'third_off', 'holmes', 'track_over'
margin         spaces                                       runner-up only: how much worse the bot
                                                            valued it, in Holmes spaces
keep (secret)  card, use, seat                              Lady Eva's draw: the card kept for
                                                            ``seat``, best used on ``use``
sniffed        card, useful, use                            Toby's look at the top card
(secret)
no_assist      (none)                                       no second Assist (Lady Hilda) gains
rally          steps                                        Irene Adler holds Holmes back
peek           (none)                                       Toby's look: a free turn
return_card    card                                         Mrs Hudson returns an eliminated card
swap_lead      section, card, impossible_card               Sir Henry's swap
swap_hands     target, slot, card                           Langdale Pike takes ``card``
=============  ===========================================  ======================================
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from sleuth.ai.explain import Considered, Explanation, Fact, fact
from sleuth.core.values import Action
from sleuth.games.beyond_baker_street.bots import CONVENTION, HOLMES, LOST, ExpertBot, Thought, remembered_face_down
from sleuth.games.beyond_baker_street.characters import (
    ChooseKeep,
    Peek,
    PlacePeeked,
    RallyHolmes,
    ReturnEvidence,
    SkipAssist,
    SwapEvidence,
    SwapHands,
)
from sleuth.games.beyond_baker_street.hat import Readers
from sleuth.games.beyond_baker_street.rules import Assist, BBSObservation, Confirm, Eliminate, Investigate, Pursue

#: every fact key above, in the table's order (the table words each; tests check each)
FACT_KEYS = ("holmes", "track", "impossible", "hurried", "card", "convention", "lead", "fits", "odds", "track_fit",
             "track_odds", "lead_risk", "assist", "enables", "holmes_cost", "confirm", "pursue", "loses", "margin", "keep",
             "sniffed", "no_assist", "rally", "peek", "return_card", "swap_lead", "swap_hands")
#: the keys whose facts are secret (they rest on cards only the deciding seat saw)
SECRET_KEYS = frozenset({"odds", "track_odds", "keep", "sniffed"})

MEASURE = "utility"
#: a value at or below this is a lost game (or one that can no longer be won) to the value function
LOSS_LINE = LOST / 8
#: two scores this close are equal (the search's own tie margin)
TIE = 1e-9


def explain(bot: ExpertBot, obs: BBSObservation, thought: Thought, read: Readers = (),
            read_from: str = "") -> Explanation:
    """The explanation of ``thought`` (a decision ``bot`` just made from ``obs``). ``read``: for
    each card of the seat's hand, the seats whose moves a code among the Masters read to know it
    better than its Assists say (``hat.Readers``), ``read_from`` the kind of those moves ('play' or
    'assist'); ``obs`` then carries the masks the code narrowed."""
    reader = _Reader(bot, obs, thought, read, read_from)
    legal = list(thought.legal)
    scores = thought.scores or [None] * len(legal)
    best_i = legal.index(thought.action) if thought.action in legal else -1
    best_score = scores[best_i] if best_i >= 0 else None
    best = Considered(thought.action, _value(best_score), reader.facts_for(best_i, thought.action))
    runner = None
    runner_i = _runner_up(legal, scores, best_i)
    if runner_i is not None and best_score is not None:
        score = scores[runner_i]
        spaces = (reader.equivalent(best_score) - reader.equivalent(score)) / HOLMES
        facts = (*reader.facts_for(runner_i, legal[runner_i]), fact("margin", spaces=round(spaces, 1)))
        runner = Considered(legal[runner_i], _value(score), facts)
    return Explanation(obs.seat, MEASURE, best, runner, reader.situation())


def _value(score: float | None) -> float:
    """A score as the explanation keeps it (0.0 when nothing was scored: no time at all)."""
    return 0.0 if score is None else float(score)


def _runner_up(legal: Sequence[Action], scores: Sequence[float | None], best_i: int) -> int | None:
    if best_i < 0 or scores[best_i] is None:
        return None
    best_score = scores[best_i]
    kind = legal[best_i].KIND
    found, found_v = None, -math.inf
    for i, (action, score) in enumerate(zip(legal, scores, strict=True)):
        if i == best_i or score is None:
            continue
        if action.KIND == kind and abs(score - best_score) <= TIE:
            continue  # the same move with another card nothing sets apart
        if score > found_v + TIE:
            found, found_v = i, score
    return found


def _bits(mask: int, top: int) -> list[int]:
    return [i for i in range(top + 1) if mask >> i & 1]


class _Reader:
    """Reads the facts of one decision off the observation and the bot's evaluation."""

    def __init__(self, bot: ExpertBot, obs: BBSObservation, thought: Thought, read: Readers = (),
                 read_from: str = "") -> None:
        self.bot = bot
        self.read = read
        self.read_from = read_from
        self.obs = obs
        self.thought = thought
        self.ctx = thought.ctx
        self.t = bot.ev.t
        self.cards = bot.ev.cards
        self.me = obs.seat
        self.sections = {sec.id: sec for sec in obs.sections}
        self.tellers = _tellers(obs, self.me)
        chars = obs.characters
        self.ability = self.cards.character(chars[self.me]).ability if chars[self.me] else None

    # -- values ------------------------------------------------------------------------------
    def equivalent(self, score: float) -> float:
        """The sure value worth ``score`` to the bot (its certainty equivalent, value points)."""
        scale = self.bot.utility_scale
        if scale is None:
            return score
        # score = log u, u = 1 / (1 + e^(-v / scale)): v = scale * log(u / (1 - u))
        rest = max(-math.expm1(min(score, 0.0)), 1e-300)
        return scale * (score - math.log(rest))

    # -- the position --------------------------------------------------------------------------
    def situation(self) -> tuple[Fact, ...]:
        obs = self.obs
        count = len(obs.impossible) + len(obs.dead_leads)
        out = [fact("holmes", spaces=obs.holmes),
               fact("track", left=obs.target - obs.investigation, target=obs.target),
               fact("impossible", room=max(0, obs.impossible_limit - count), limit=obs.impossible_limit)]
        if self._hurried():
            out.append(fact("hurried"))
        return tuple(out)

    def _hurried(self) -> bool:
        th = self.thought
        if th.path == "fallback":
            return True
        if th.path != "search":
            return False
        if any(score is None for score in th.scores):
            return True
        return any(len(done) < len(cands) for cands, done in th.plays.values())

    # -- one action --------------------------------------------------------------------------
    def facts_for(self, index: int, action: Action) -> tuple[Fact, ...]:
        a = action
        if isinstance(a, Investigate):
            return self._investigate(index, a)
        if isinstance(a, Eliminate):
            return self._eliminate(index, a)
        if isinstance(a, Assist):
            return self._assist(a)
        if isinstance(a, Confirm):
            return self._confirm(a)
        if isinstance(a, Pursue):
            return self._pursue(a)
        return self._other(a)

    def _card(self, slot: int) -> list[Fact]:
        """What the seat knows about its card at ``slot`` and who told it, and the convention."""
        t = self.t
        ki, kn = self.obs.knowledge[self.me][slot]
        icons = _bits(ki, len(t.icon_ids) - 1)
        numbers = [n for n in t.numbers if kn >> n & 1]
        told = self.tellers[slot] if slot < len(self.tellers) else []
        icon = t.icon_ids[icons[0]] if len(icons) == 1 else ""
        number = numbers[0] if len(numbers) == 1 else 0
        icon_by = next((by for by, n, i in reversed(told) if i == icon and icon), -1)
        number_by = next((by for by, n, i in reversed(told) if n == number and number), -1)
        # what a code among the Masters told beyond the Assists, and whose moves told it
        icon_read, number_read = self.read[slot] if slot < len(self.read) else ((), ())
        out = [fact("card", slot=slot, icon=icon, number=number, icon_by=icon_by, number_by=number_by,
                    not_icons=tuple(t.icon_ids[i] for i in range(len(t.icon_ids)) if i not in icons) if icon == ""
                    else (),
                    not_numbers=tuple(n for n in t.numbers if n not in numbers) if number == 0 else (),
                    icon_read=icon_read, number_read=number_read,
                    read_from=self.read_from if icon_read or number_read else "")]
        ctx = self.ctx
        if ctx is not None and self.bot.weigher(ctx, slot) is not None:
            by = told[-1][0] if told else -1
            out.append(fact("convention", by=by, weight=CONVENTION))
        return out

    def _investigate(self, index: int, a: Investigate) -> tuple[Fact, ...]:
        t = self.t
        sec = self.sections[a.section]
        need = sec.value - sec.evidence
        ki, kn = self.obs.knowledge[self.me][a.slot]
        numbers = [n for n in t.numbers if kn >> n & 1]
        lead_bit = 1 << sec.icon
        match = "sure" if ki == lead_bit else ("maybe" if ki & lead_bit else "never")
        kills = tuple(n for n in numbers if n > need) if match != "never" else ()
        finishes = match == "sure" and numbers == [need]
        out = self._card(a.slot)
        out.append(fact("lead", section=a.section, icon=t.icon_ids[sec.icon], need=need, value=sec.value,
                        last=sec.pile <= 1))
        out.append(fact("fits", section=a.section, match=match, kills=kills, finishes=finishes))
        if match == "sure" and kills and len(kills) == len(numbers) and sec.pile <= 1:
            out.append(fact("loses", how="last_lead"))
        play = self.thought.plays.get(index)
        if play is not None and play[1]:
            cands, done = play
            line = self._loss_score()
            outcomes = []  # (weight, match, finish, kill, lose) of each identity weighed
            for k, (score, w) in done.items():
                c = cands[k]
                match = t.icon_of[c] == sec.icon
                outcomes.append((w, match, match and t.num_of[c] == need, match and t.num_of[c] > need,
                                 score <= line))
            weighed, counted = _shares(outcomes, True), _shares(outcomes, False)
            out.append(fact("odds", secret=True, match=weighed[0], finish=weighed[1], kill=weighed[2],
                            lose=weighed[3], identities=len(cands), counted_match=counted[0],
                            counted_finish=counted[1], counted_kill=counted[2], counted_lose=counted[3]))
        return tuple(out)

    def _eliminate(self, index: int, a: Eliminate) -> tuple[Fact, ...]:
        t = self.t
        obs = self.obs
        left = obs.target - obs.investigation
        factor = self.ability.factor if self.ability is not None and self.ability.kind == "eliminate_multiplier" else 1
        kn = obs.knowledge[self.me][a.slot][1]
        numbers = [n for n in t.numbers if kn >> n & 1]
        over = tuple(n for n in numbers if n * factor > left)
        out = self._card(a.slot)
        out.append(fact("track_fit", left=left, over=over, exact=len(numbers) == 1 and numbers[0] * factor == left))
        ki = obs.knowledge[self.me][a.slot][0]
        for sec in obs.sections:
            # a card known to match an open lead, eliminated: what it risked there
            need = sec.value - sec.evidence
            if sec.confirmed or sec.lead is None or ki != 1 << sec.icon:
                continue
            kills = tuple(n for n in numbers if n > need)
            if kills:
                out.append(fact("lead_risk", section=sec.id, need=need, kills=kills))
        if over and len(over) == len(numbers):
            out.append(fact("loses", how="track_over"))
        count = len(obs.impossible) + len(obs.dead_leads)
        free = self.ability is not None and self.ability.kind == "eliminate_no_holmes"
        if count >= obs.impossible_limit and not free:
            out.append(fact("holmes_cost", steps=1, why="impossible"))
        play = self.thought.plays.get(index)
        if play is not None and play[1]:
            cands, done = play
            line = self._loss_score()
            outcomes = []
            for k, (score, w) in done.items():
                n = t.num_of[cands[k]] * factor
                outcomes.append((w, n == left, n > left, score <= line))
            weighed, counted = _shares(outcomes, True), _shares(outcomes, False)
            out.append(fact("track_odds", secret=True, exact=weighed[0], over=weighed[1], lose=weighed[2],
                            identities=len(cands), counted_exact=counted[0], counted_over=counted[1],
                            counted_lose=counted[2]))
        return tuple(out)

    def _loss_score(self) -> float:
        """A card play scored at or below this lost the game (the search adds a bonus for drawing)."""
        bonus = 2.0 if self.obs.deck_size else 0.0
        return self.bot.util(LOSS_LINE + bonus)

    def _assist(self, a: Assist) -> tuple[Fact, ...]:
        t = self.t
        obs = self.obs
        hand = obs.hands[a.target]
        out: list[Fact] = []
        if any(c is None for c in hand):  # never: a seat sees every other hand
            return (fact("assist", target=a.target, number=a.number or 0, icon=a.icon or "", count=0, newly=0, whole=0),)
        left = obs.target - obs.investigation
        avail = self._available()
        planner = self.bot.ev.planner
        pointed = []
        newly = whole = 0
        for j, c in enumerate(hand):
            ki, kn = obs.knowledge[a.target][j]
            before = _classes(ki, kn)
            if a.number is not None:
                bit = 1 << a.number
                hit = t.num_of[c] == a.number
                kn = bit if hit else kn & ~bit
            else:
                bit = 1 << t.icon_index[a.icon]
                hit = t.icon_of[c] == t.icon_index[a.icon]
                ki = bit if hit else ki & ~bit
            after = _classes(ki, kn)
            gained = (after[0] and not before[0]) or (after[1] and not before[1])
            newly += gained
            whole += gained and after[0] and after[1]
            if hit:
                pointed.append(c)
                if not gained:
                    continue
                if after[0]:
                    for sec in obs.sections:
                        need = sec.value - sec.evidence
                        # a use that leaves the lead impossible to finish is no use ("Clue 4 on
                        # the Motive lead" where only the Clue 1 already played could finish it)
                        if not sec.confirmed and sec.lead is not None and sec.icon == t.icon_of[c] \
                                and t.num_of[c] <= need \
                                and planner.lead_possible(sec.icon, need - t.num_of[c], avail & ~(1 << c)):
                            out.append(fact("enables", target=a.target, card=t.key_of[c], use=sec.id,
                                            finishes=t.num_of[c] == need, number_known=after[1]))
                if after[1] and t.num_of[c] <= left:
                    out.append(fact("enables", target=a.target, card=t.key_of[c], use="track",
                                    finishes=t.num_of[c] == left))
        out.insert(0, fact("assist", target=a.target, number=a.number or 0, icon=a.icon or "", count=len(pointed),
                           newly=newly, whole=whole))
        if obs.decision != "hilda_second":
            out.append(fact("holmes_cost", steps=1, why="assist"))
            if obs.holmes <= 1:
                out.append(fact("loses", how="holmes"))
        return tuple(out)

    def _confirm(self, a: Confirm) -> tuple[Fact, ...]:
        obs = self.obs
        back = self.ability.steps if self.ability is not None and self.ability.kind == "confirm_holmes" else 1
        third = sum(1 for sec in obs.sections if sec.confirmed) == len(obs.sections) - 1
        out = [fact("confirm", section=a.section, back=back, third=third)]
        if third and obs.investigation != obs.target:
            out.append(fact("loses", how="third_off"))
        return tuple(out)

    def _pursue(self, a: Pursue) -> tuple[Fact, ...]:
        t = self.t
        sec = self.sections[a.section]
        need = sec.value - sec.evidence
        avail = self._available()
        planner = self.bot.ev.planner
        hopeless = not planner.lead_possible(sec.icon, need, avail)
        clash = ""
        if not hopeless:
            for other in self.obs.sections:
                if other.id == sec.id or other.confirmed or other.lead is None or other.icon != sec.icon:
                    continue
                other_need = other.value - other.evidence
                if planner.lead_possible(other.icon, other_need, avail) and \
                        not _together(planner, sec.icon, need, other_need, avail):
                    clash = other.id
                    break
        out = [fact("lead", section=a.section, icon=t.icon_ids[sec.icon], need=need, value=sec.value,
                    last=sec.pile <= 1),
               fact("pursue", section=a.section, hopeless=hopeless, clash=clash, last=sec.pile <= 1)]
        if sec.pile <= 1:
            out.append(fact("loses", how="last_lead"))
        count = len(self.obs.impossible) + len(self.obs.dead_leads)
        vanish = self.ability is not None and self.ability.kind == "leads_vanish"
        if count >= self.obs.impossible_limit and not vanish:
            out.append(fact("holmes_cost", steps=1, why="impossible"))
        return tuple(out)

    def _available(self) -> int:
        """The evidence cards not on the board nor in the Impossible: in hands or in the deck."""
        if self.ctx is not None:
            lc = self.ctx.lc
            return lc[0] | lc[1] | lc[2]
        gone = 0
        for sec in self.obs.sections:
            for c in sec.cards + sec.mismatched:
                gone |= 1 << c
        for c in (*self.obs.impossible, *remembered_face_down(self.obs, self.t)):
            gone |= 1 << c
        return ((1 << self.t.ncards) - 1) & ~gone

    def _other(self, a: Action) -> tuple[Fact, ...]:
        t = self.t
        obs = self.obs
        ctx = self.ctx
        if isinstance(a, ChooseKeep) and ctx is not None:
            c = t.card_of[a.card]
            return (fact("keep", secret=True, card=a.card, use=self._best_use(c),
                         seat=(obs.decision_seat + 1) % obs.players if obs.decision_seat is not None else self.me),)
        if isinstance(a, PlacePeeked) and ctx is not None and obs.decision_cards:
            c = obs.decision_cards[0]
            useful = max(ctx.vtab(c)) > ctx.base + 1.0
            return (fact("sniffed", secret=True, card=t.key_of[c], useful=useful, use=self._best_use(c)),)
        if isinstance(a, SkipAssist):
            return (fact("no_assist"),)
        if isinstance(a, RallyHolmes):
            return (fact("rally", steps=self.ability.steps if self.ability is not None else 1),)
        if isinstance(a, Peek):
            return (fact("peek"),)
        if isinstance(a, ReturnEvidence):
            return (fact("return_card", card=a.card),)
        if isinstance(a, SwapEvidence):
            return (fact("swap_lead", section=a.section, card=a.card, impossible_card=a.impossible_card),)
        if isinstance(a, SwapHands):
            theirs = obs.hands[a.target][a.target_slot]
            return (fact("swap_hands", target=a.target, slot=a.slot, card=t.key_of[theirs] if theirs is not None
                         else ""),)
        return ()

    def _best_use(self, c: int) -> str:
        """Where card ``c`` would do most good now: a section id, or 'track' (eliminated)."""
        row = self.ctx.vtab(c)
        best = row.index(max(row))
        return self.t.section_ids[best] if best < len(self.t.section_ids) else "track"


def _shares(outcomes: Sequence[tuple], weighed: bool) -> list[float]:
    """The share of each outcome (the booleans after each row's weight) among ``outcomes``: by the
    rows' weights (``weighed``: as the bot weighed them), or every row alike (card counting)."""
    total = sum(row[0] if weighed else 1.0 for row in outcomes)
    return [sum(row[0] if weighed else 1.0 for row in outcomes if row[i]) / total
            for i in range(1, len(outcomes[0]))]


def _classes(ki: int, kn: int) -> tuple[bool, bool]:
    """Whether a holder with this knowledge can play the card on a lead / on the track unaided
    (``bots._Context.classes``, which needs a whole context)."""
    return ki & (ki - 1) == 0, kn & (kn - 1) == 0


def _together(planner, icon: int, need_a: int, need_b: int, avail: int) -> bool:
    """Whether two leads of one icon can both be finished with different cards from ``avail``."""
    rows = planner.subsets[icon]
    if not (0 <= need_a < len(rows) and 0 <= need_b < len(rows)):
        return False
    firsts = [m for m in rows[need_a] if not m & ~avail]
    seconds = [m for m in rows[need_b] if not m & ~avail]
    return any(not m & n for m in firsts for n in seconds)


def _tellers(obs: BBSObservation, me: int) -> list[list[tuple[int, int, str]]]:
    """For each card in ``me``'s hand, the Assists that pointed at it while it was there, oldest
    first, as (seat, number or 0, icon id or ""), read off the log: the hand's order follows the
    plays (a card leaves its place), the draws (a new card goes last) and the swaps. A card that
    arrived by Langdale Pike's swap is known without an Assist (no entry)."""
    hand: list[list[tuple[int, int, str]]] = []
    for e in obs.log:
        kind = e.KIND
        if kind == "drew" and e.seat == me:
            hand.append([])
        elif kind == "kept" and e.seat == me:
            hand.append([])
        elif kind in ("investigated", "eliminated") and e.seat == me:
            if 0 <= e.slot < len(hand):
                hand.pop(e.slot)
        elif kind == "assisted" and e.target == me:
            for slot in e.slots:
                if 0 <= slot < len(hand):
                    hand[slot].append((e.seat, e.number or 0, e.icon or ""))
        elif kind == "swapped_hands":
            if e.seat == me and 0 <= e.slot < len(hand):
                hand[e.slot] = []
            if e.target == me and 0 <= e.target_slot < len(hand):
                hand[e.target_slot] = []
    if len(hand) != len(obs.hands[me]):  # a log that does not add up: quote no teller at all
        return [[] for _ in obs.hands[me]]
    return hand


def facts_of(bot: ExpertBot, obs: BBSObservation, thought: Thought, index: int, read: Readers = (),
             read_from: str = "") -> tuple[Fact, ...]:
    """The facts ``explain`` would quote for ``thought.legal[index]`` (for bots that build their
    explanation around the expert's evaluation, such as the Master, ``master.py``; ``read`` and
    ``read_from`` as ``explain``'s)."""
    return _Reader(bot, obs, thought, read, read_from).facts_for(index, thought.legal[index])


def situation_of(bot: ExpertBot, obs: BBSObservation, thought: Thought) -> tuple[Fact, ...]:
    """The facts about the position ``explain`` would quote with ``thought``."""
    return _Reader(bot, obs, thought).situation()
