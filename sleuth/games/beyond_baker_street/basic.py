"""Beyond Baker Street's ``basic`` bot: a careful new player's rules (see ``BasicBot``).

Its own module because the planner bots (``bots.py``) also use it: it is their answer when a
decision's deadline passes before anything could be scored.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sleuth.ai.bot import DEFAULT_BUDGET_S, Bot
from sleuth.core.values import Action
from sleuth.games.beyond_baker_street.cards import load_cards, tables_for
from sleuth.games.beyond_baker_street.characters import PlacePeeked, SkipAssist
from sleuth.games.beyond_baker_street.rules import Assist, BBSObservation, Confirm, Eliminate, Investigate


class BasicBot(Bot):
    """A careful new player's rules, tried in order.

    Convention (the same one it reads): an Assist about a number says "eliminate these", an
    Assist about an icon says "investigate these on the lead with that icon".

    1. Confirm a ready lead (the third only with the track on exactly 20).
    2. Play a card you know: icon and number known and it fits a lead -> investigate; number known
       and it fits the track -> eliminate; icon known and its lead still needs 6 or more (no
       card can overshoot) -> investigate.
    3. Point out a partner's card that fits: an icon for a lead needing 6 or more, else a number
       for the track (only if every card of that number fits).
    4. Eliminate your oldest card blind while the track needs 6 or more and the Impossible has room.
    5. Otherwise pass with the least harmful Assist.
    """

    kind = "basic"

    def __init__(self) -> None:
        self.cards = load_cards()
        self.t = tables_for(self.cards)

    def choose(self, obs: BBSObservation, legal: Sequence[Action], rng: random.Random,
               budget_s: float = DEFAULT_BUDGET_S) -> Action:
        me = obs.seat
        if obs.decision == "toby_place":
            return PlacePeeked(False)
        if obs.decision == "eva_choice":
            return legal[0]
        if obs.decision == "hilda_second":
            return SkipAssist()
        left = obs.target - obs.investigation
        secs = obs.sections
        open_secs, need = _open_leads(obs)
        may_confirm = _may_confirm(obs)
        for a in legal:
            if isinstance(a, Confirm) and may_confirm:
                return a
        known = self.known_play(obs, obs.knowledge[me])
        if known is not None:
            return known
        if obs.holmes > 2:
            for step in range(1, obs.players):
                target = (me + step) % obs.players
                if self._has_known_play(obs, target, open_secs, need, left):
                    continue  # they already know what to play: no need to spend Holmes
                hint = self._hint_for(obs, target, open_secs, need, left)
                if hint is not None and hint in legal:
                    return hint
        room = len(obs.impossible) + len(obs.dead_leads) < obs.impossible_limit
        if left >= 6 and room and obs.hands[me]:
            return Eliminate(0)
        assists = [a for a in legal if isinstance(a, Assist)]
        if assists and obs.holmes > 1:
            return assists[0]
        for a in legal:
            if isinstance(a, Confirm) and may_confirm:
                return a
        if left >= 6 and obs.hands[me]:
            return Eliminate(0)
        if obs.hands[me]:
            return Investigate(0, secs[max(open_secs, key=lambda i: need[i])].id)
        return assists[0] if assists else legal[0]

    def known_play(self, obs: BBSObservation, knowledge: Sequence[tuple[int, int]]) -> Action | None:
        """Rule 2 for a hand known as ``knowledge`` says (icon mask, number mask per slot): the
        first card play it makes safe, or None."""
        secs = obs.sections
        open_secs, need = _open_leads(obs)
        left = obs.target - obs.investigation
        for slot, (ki, kn) in enumerate(knowledge):
            icon = ki.bit_length() - 1 if ki & (ki - 1) == 0 else None
            num = kn.bit_length() - 1 if kn & (kn - 1) == 0 else None
            if icon is not None and num is not None:
                for i in open_secs:
                    if secs[i].icon == icon and num <= need[i]:
                        return Investigate(slot, secs[i].id)
            if num is not None and num <= left:
                return Eliminate(slot)
            if icon is not None and num is None:
                for i in open_secs:
                    if secs[i].icon == icon and need[i] >= 6:
                        return Investigate(slot, secs[i].id)
        return None

    def knows_a_move(self, obs: BBSObservation, seat: int) -> bool:
        """Whether ``seat``, played by these rules, would spend its turn on rule 1 or 2 (a ready lead
        it would confirm, or a card play it knows) rather than on an Assist or a blind card; seen
        from ``obs``, which shows that seat's knowledge of its hand."""
        if _may_confirm(obs):
            for sec in obs.sections:
                if sec.lead is not None and not sec.confirmed and sec.evidence == sec.value:
                    return True
        return self.known_play(obs, obs.knowledge[seat]) is not None

    def told(self, obs: BBSObservation, assist: Assist) -> tuple[tuple[int, int], ...]:
        """What ``assist.target`` knows of their hand after ``assist`` (their hand seen from ``obs``)."""
        t = self.t
        out = []
        for c, (ki, kn) in zip(obs.hands[assist.target], obs.knowledge[assist.target], strict=True):
            if assist.icon is not None:
                icon = t.icon_index[assist.icon]
                ki = 1 << icon if t.icon_of[c] == icon else ki & ~(1 << icon)
            else:
                bit = 1 << assist.number
                kn = bit if t.num_of[c] == assist.number else kn & ~bit
            out.append((ki, kn))
        return tuple(out)

    def hint_for(self, obs: BBSObservation, target: int) -> Assist | None:
        """The Assist this bot would give ``target`` now (rule 3), seen from ``obs``'s seat; None
        when none helps. The Master offers it to a partner who reads Assists this way."""
        open_secs, need = _open_leads(obs)
        return self._hint_for(obs, target, open_secs, need, obs.target - obs.investigation)

    def _has_known_play(self, obs, seat, open_secs, need, left) -> bool:
        for ki, kn in obs.knowledge[seat]:
            icon = ki.bit_length() - 1 if ki & (ki - 1) == 0 else None
            num = kn.bit_length() - 1 if kn & (kn - 1) == 0 else None
            if num is not None and num <= left:
                return True
            if icon is not None and any(obs.sections[i].icon == icon and need[i] >= 6 for i in open_secs):
                return True
        return False

    def _hint_for(self, obs, target, open_secs, need, left):
        """The most useful true Assist for ``target``: exact fits first, then big safe progress."""
        t = self.t
        hand = obs.hands[target]
        best, best_score = None, 0
        for j, c in enumerate(hand):
            ki, kn = obs.knowledge[target][j]
            icon, num = t.icon_of[c], t.num_of[c]
            icon_known, num_known = ki == 1 << icon, kn == 1 << num
            for i in open_secs:
                if obs.sections[i].icon != icon or num > need[i]:
                    continue
                exact = num == need[i]
                if not icon_known and need[i] >= 6:
                    score = 3 + num
                    hint = Assist(target, icon=t.icon_ids[icon])
                elif not icon_known:
                    score = 6 if exact else 0
                    hint = Assist(target, icon=t.icon_ids[icon])
                elif not num_known:
                    score = 9 if exact else 0
                    hint = Assist(target, number=num)
                else:
                    continue
                if score > best_score:
                    best, best_score = hint, score
            same = [x for x in hand if t.num_of[x] == num]
            total = num * len(same)
            if not num_known and 0 < total <= left:
                score = 10 if total == left else (2 + total if left - total >= 3 else 0)
                if score > best_score:
                    best, best_score = Assist(target, number=num), score
        return best


def _may_confirm(obs: BBSObservation) -> bool:
    """Rule 1's proviso: a lead may be confirmed unless it is the third with the track short of 20."""
    return sum(s.confirmed for s in obs.sections) < 2 or obs.investigation == obs.target


def _open_leads(obs: BBSObservation) -> tuple[list[int], dict[int, int]]:
    """The sections with a face-up lead not yet confirmed, and the evidence each still needs."""
    secs = obs.sections
    open_secs = [i for i, s in enumerate(secs) if not s.confirmed and s.lead is not None]
    return open_secs, {i: secs[i].value - secs[i].evidence for i in open_secs}
