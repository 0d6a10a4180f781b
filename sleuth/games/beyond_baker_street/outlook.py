"""Whether a case can still be solved, from what every player can see.

A game of Beyond Baker Street ends only when Holmes reaches 0, the track passes 20, a section
loses its last lead or the third lead is confirmed. A table can be past saving well before that:
a play-tester's team had Holmes one space from the end, a full Impossible and a Motive lead
needing 10 more Clue points with 6 left, and played about a minute more before the book's end
came. ``why_hopeless`` says, in a sentence, why no way of playing on can win, or None when one
might; the table then offers to give the case up (``GiveUp`` in rules.py).

The test is sound, never a guess: each condition below assumes the best the team could still do
(every card where it helps most, no Assist ever again, every Confirm winning Holmes back), so a
case called hopeless is lost whatever anyone plays (the tests play on from every such position).
It reads only what is public: the evidence not yet eliminated or locked under a confirmed lead is
the pool every hand, the deck and the open leads share, whoever holds it.

1. **The track**: it must land on exactly 20. If no cards of the pool add up to the gap (a card
   Gregson eliminates counts twice), the case is lost.
2. **A lead**: a lead is confirmed when its matching evidence equals its value; a card of another
   icon under it raises that value by its number. If no matching cards of the pool, less any
   others put under it, can make up what it lacks (one short for Mary Morstan), it must be
   pursued or die, and if it is its section's last lead, the case is lost.
3. **Holmes**: landing on 20 takes at least as many eliminations as the fewest pool cards that add
   up to the gap, and every lead that cannot be finished must leave for the Impossible too. Each
   card past the Impossible's limit moves Holmes a space (not Lestrade's eliminations, not the
   leads Wiggins pursues); only a Confirm (or Irene Adler's rally, once) moves him back, and the
   third Confirm comes last. If Holmes would reach 0 even so, the case is lost.

Mrs Hudson and Sir Henry Baskerville bring eliminated cards back into play and move the track
back; at a table with either, nothing is called hopeless.
"""

from __future__ import annotations

from sleuth.core.wording import plural

#: abilities that bring eliminated cards back or lower the track: the test says nothing with them
UNBOUNDED = ("return_eliminated", "swap_lead_impossible")


def why_hopeless(state) -> str | None:
    """Why the case can no longer be solved, in a sentence; None while it still might be."""
    if state.result is not None:
        return None
    abilities = [ab for ab in state.abilities if ab is not None]
    if any(ab.kind in UNBOUNDED for ab in abilities):
        return None
    t = state.t
    cards = t.cards
    pool = _pool(state)
    target = cards.investigation_target
    gap = target - state.investigation
    doubled = max((ab.factor for ab in abilities if ab.kind == "eliminate_multiplier"), default=1)
    fewest = _fewest_cards(pool, t.num_of, gap, doubled)
    if fewest is None:
        return (f"the Investigation track must end on exactly {target}, and no cards still in play "
                f"add up to the {gap} it lacks")
    short = max((ab.short for ab in abilities if ab.kind == "confirm_short"), default=0)
    leaving = 0  # leads that must go to the Impossible before the case is solved
    open_sections = [s for s in range(len(state.piles)) if not state.confirmed[s] and state.piles[s]]
    for s in open_sections:
        if _finishable(state, s, pool, short):
            continue
        name = cards.sections[s].name
        lacks = state.lead_value(s) - state.lead_evidence(s)
        icon = cards.icons[cards.leads[state.piles[s][0]].icon].name
        if len(state.piles[s]) == 1:
            return (f"the last {name} lead lacks {lacks} {icon} points, and no {icon} cards still in "
                    f"play can make that up")
        leaving += 1
    vanish = any(ab.kind == "leads_vanish" for ab in abilities)
    free_eliminations = any(ab.kind == "eliminate_no_holmes" for ab in abilities)
    added = (0 if free_eliminations else fewest) + (0 if vanish else leaving)
    moves_holmes = max(0, added - max(0, state.limit - state.impossible_count()))  # past the room left
    steps_back = max((ab.steps for ab in abilities if ab.kind == "confirm_holmes"), default=1)
    back = steps_back * max(0, len(open_sections) - 1)
    back += sum(ab.steps for seat, ab in enumerate(state.abilities)
                if ab is not None and ab.kind == "rally_holmes" and not (ab.once and state.used[seat]))
    if state.holmes + back - moves_holmes > 0:
        return None
    won_back = f"confirming leads wins back only {plural(back, 'space')}" if back else "no Confirm is left to set him back"
    return (f"Holmes is {plural(state.holmes, 'space')} from solving it, and finishing needs at least "
            f"{plural(moves_holmes, 'more card')} past the Impossible's limit, each moving him a space; {won_back}")


def _pool(state) -> list[int]:
    """Every evidence card still in play: not eliminated, not under a confirmed lead."""
    locked = set(state.impossible_ev)
    for s, done in enumerate(state.confirmed):
        if done:
            locked.update(state.lead_ev[s])
            locked.update(state.lead_mis[s])
    return [c for c in range(state.t.ncards) if c not in locked]


def _fewest_cards(pool: list[int], num_of, gap: int, doubled: int) -> int | None:
    """The fewest pool cards whose numbers (each counted ``doubled`` times where a seat doubles
    its eliminations) add up to exactly ``gap``; None when none do."""
    if gap < 0:
        return None
    fewest = {0: 0}
    for card in pool:
        steps = {num_of[card], num_of[card] * doubled}
        grown = dict(fewest)
        for total, count in fewest.items():
            for step in steps:
                reach = total + step
                if reach <= gap and grown.get(reach, count + 2) > count + 1:
                    grown[reach] = count + 1
        fewest = grown
    return fewest.get(gap)


def _sums(numbers: list[int], cap: int) -> set[int]:
    """Every total (up to ``cap``) a subset of ``numbers`` makes."""
    totals = {0}
    for n in numbers:
        totals |= {total + n for total in totals if total + n <= cap}
    return totals


def _finishable(state, s: int, pool: list[int], short: int) -> bool:
    """Whether section ``s``'s open lead could still be confirmed: matching pool cards (not those
    already under it) making up what it lacks plus any other cards put under it."""
    t = state.t
    lead_icon = t.cards.leads[state.piles[s][0]].icon
    under = set(state.lead_ev[s]) | set(state.lead_mis[s])
    free = [c for c in pool if c not in under]
    matching = [t.num_of[c] for c in free if t.icon_of[c] == lead_icon]
    others = [t.num_of[c] for c in free if t.icon_of[c] != lead_icon]
    lacks = state.lead_value(s) - state.lead_evidence(s)
    if lacks < 0:
        return False
    cap = sum(matching)
    made = _sums(matching, cap)
    raised = _sums(others, cap)
    return any(need - allowance in made for need in (lacks + extra for extra in raised)
               for allowance in range(short + 1))
