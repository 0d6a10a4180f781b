"""The play code: which of its equally known cards a Master plays tells the other Masters a card.

Beside a newcomer (a person, or a bot that reads an Assist for what it says) the Masters cannot
play the hat (``hat.py``): its code fixes the target and kind of every Assist, the newcomer's
included, and halves the wins there. Their Assists are the newcomer's to read, but their card
plays are free to carry something. When a Master plays a card (Investigate or Eliminate) and
holds other cards it knows exactly as well (the same masks of possible icons and numbers, the
code's narrowing included), nothing it knows sets them apart: card counting and every convention
see the same identities for each, so playing one or another costs nothing on average. Which of
them it plays is the code.

- A hand's *focus* is its first card whose icon its holder does not know (else its first card
  whose number it does not know); its *value* is the rank of that card's true icon (or number)
  among the ones its holder still thinks possible, 0 when it knows every card.
- A Master playing the card at one of ``k`` equally known slots (in slot order) plays the one at
  position ``(sum of the other Masters' values) mod k``. Each other Master subtracts the values
  it sees and learns its own value modulo ``k``: its focus card's possible icons (or numbers)
  narrow to the ranks that agree, down to one when ``k`` is at least their number.

What each Master knew so is common knowledge among the Masters (``augmented_knowledge`` replays it
from the log: its own focus from the codes, the others' from the cards it sees). A newcomer is never
asked to read it, and nothing the newcomer sees changes: a card play is as legal and as good.
The convention is for tables of 3 or 4 players without characters (whose swaps move cards).
docs/beyond-baker-street.md, "The play code", has the measurements.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from sleuth.core.values import Action
from sleuth.games.beyond_baker_street.hat import Knowledge, Readers, Sources, replay, say
from sleuth.games.beyond_baker_street.rules import BBSObservation, Eliminate, Investigate

ICON, NUMBER = 0, 1


def focus(row: Sequence[Sequence[int]]) -> tuple[int, int] | None:
    """(slot, ICON or NUMBER) of a hand's focus: its first card of unknown icon, else its first
    card of unknown number; None when its holder knows every card."""
    for part in (ICON, NUMBER):
        for slot, masks in enumerate(row):
            m = masks[part]
            if m & (m - 1):
                return slot, part
    return None


def ranks(mask: int) -> list[int]:
    """The values a mask allows, lowest first."""
    return [b for b in range(mask.bit_length()) if mask >> b & 1]


def hand_value(t, hand: Sequence[int], row: Sequence[Sequence[int]]) -> int:
    """A hand's value: the rank of its focus card's true icon (or number) among those its holder
    still thinks possible; 0 when it knows every card."""
    f = focus(row)
    if f is None:
        return 0
    slot, part = f
    true = t.icon_of[hand[slot]] if part == ICON else t.num_of[hand[slot]]
    return ranks(row[slot][part]).index(true)


def peers(row: Sequence[Sequence[int]], slot: int) -> list[int]:
    """The slots of a hand known exactly as well as ``slot`` (itself included), in order."""
    return [j for j, masks in enumerate(row) if tuple(masks) == tuple(row[slot])]


def coded(t, obs: BBSObservation, knowledge: Knowledge, action: Action, coders: Collection[int]) -> Action:
    """``action`` with its card moved to the equally known slot that carries the code (the
    action itself when it plays no card or the seat holds no equal card). ``knowledge`` as the
    Masters (``coders``) know it (``augmented_knowledge``)."""
    if not isinstance(action, (Investigate, Eliminate)):
        return action
    me = obs.seat
    same = peers(knowledge[me], action.slot)
    if len(same) < 2:
        return action
    total = sum(hand_value(t, obs.hands[s], knowledge[s]) for s in coders if s != me)  # type: ignore[arg-type]
    slot = same[total % len(same)]
    if isinstance(action, Investigate):
        return Investigate(slot, action.section)
    return Eliminate(slot)


def augmented_knowledge(obs: BBSObservation, t, coders: Collection[int]) -> Knowledge | None:
    """Every hand's knowledge as the Masters (``coders``) know it: the engine's masks narrowed by
    each code, replayed from ``obs.log`` (``hat.replay``). None when the replay does not agree with
    the observation (a Master played a card the code contradicts)."""
    return _replay(obs, t, coders)


def readers(obs: BBSObservation, t, coders: Collection[int]) -> Readers:
    """For each card of ``obs.seat``'s hand, the Masters whose card plays the code read to narrow
    what it knows of that card's icon and number (``hat.Readers``); none when the replay does not
    agree with the observation."""
    sources = Sources(obs.seat)
    return sources.readers(obs) if _replay(obs, t, coders, sources) is not None else ()


def _replay(obs: BBSObservation, t, coders: Collection[int], sources: Sources | None = None) -> Knowledge | None:
    me = obs.seat

    def read_assist(e, hands, told, aug) -> bool:
        for rows in (told, aug):
            say(t, rows[e.target], e)
        return True

    def read_play(e, hands, aug) -> bool:
        return e.seat not in coders or _read(t, me, obs.players, e, hands, aug, coders)

    return replay(obs, t, read_assist, read_play, sources)


def _read(t, me: int, players: int, e, hands, aug, coders: Collection[int]) -> bool:
    """One Master's card play read as a code, before the card leaves its hand: every other
    Master's focus narrows to the ranks that agree with it. False when none would."""
    same = peers(aug[e.seat], e.slot)
    k = len(same)
    if k < 2:
        return True
    code = same.index(e.slot)
    readers = [s for s in range(players) if s != e.seat and s in coders]
    values = {s: hand_value(t, hands[s], aug[s]) for s in readers if s != me}
    for seat in readers:
        f = focus(aug[seat])
        if f is None:
            continue
        slot, part = f
        # my own value from the code less what I see; another's as I see it
        want = (code - sum(values.values())) % k if seat == me else values[seat] % k
        keep = [v for r, v in enumerate(ranks(aug[seat][slot][part])) if r % k == want]
        if not keep:
            return False
        mask = 0
        for v in keep:
            mask |= 1 << v
        aug[seat][slot][part] = mask
    return True
