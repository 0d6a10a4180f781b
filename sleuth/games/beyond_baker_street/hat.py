"""The hat convention: an Assist that also tells each partner playing it one icon (bots only).

Everyone at the table sees every hand but their own, as in Hanabi, so Hanabi's hat strategy
(Cox et al., 2015) applies. Each hand has a *value*: the icon (0-3) of its first card whose icon its
holder does not know (0 when it knows every icon). A hinter adds up the values of every other
seat's hand, modulo 4, and gives an Assist whose *code* is that sum: the code is read off the
Assist's target (the next seat or the one after) and kind (a number or an icon), four codes that
every hand holding a card can take. Each partner who sees the Assist subtracts the values of the
hands it sees (all but the hinter's and its own) and reads its own value: the icon of its first
card of unknown icon. One Assist thus tells every partner one icon, besides what it says outright.

What a seat was told so (the engine's knowledge plus the icons the hat gave) is common knowledge:
every seat can replay it from its log (``augmented_knowledge``), its own cards from the sums and
the others' from the cards it sees. The convention is only for tables of 3 or 4 players without
characters (whose swaps move cards between hands).

The seats that play it (``hatters``) need not be the whole table: beside a newcomer (a person, or
a bot that reads an Assist for what it says and nothing more) the bots playing the hat sum only
each other's hands, and a newcomer's Assist is read for what it says. The newcomer is never asked
to read a code; the code only decides which of the true Assists a hatter gives.
docs/beyond-baker-street.md, "What the team lacks", has the measurements that led to it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

from sleuth.games.beyond_baker_street.rules import Assist, BBSObservation, BBSState

#: how many values a code carries: the four icons
CODES = 4
#: table sizes the convention is played at (with 2 players a code would have only two values)
PLAYERS = (3, 4)

Knowledge = tuple[tuple[tuple[int, int], ...], ...]


def playable(obs: BBSObservation) -> bool:
    """Whether the table's shape allows the convention: 3 or 4 players, no characters."""
    return obs.players in PLAYERS and not any(obs.characters)


def code_of(hinter: int, assist: Assist, players: int) -> int:
    """The code an Assist carries: its target's place after the hinter and its kind."""
    offset = (assist.target - hinter) % players
    return (2 * (offset - 1) + (0 if assist.number is not None else 1)) % CODES


def focus(knowledge: Sequence[tuple[int, int]]) -> int | None:
    """The slot of a hand's first card whose icon its holder does not know (None: it knows all)."""
    for slot, (ki, _) in enumerate(knowledge):
        if ki & (ki - 1):
            return slot
    return None


def hand_value(t, hand: Sequence[int], knowledge: Sequence[tuple[int, int]]) -> int:
    """A hand's value: the icon of its focus card, 0 when there is none."""
    slot = focus(knowledge)
    return 0 if slot is None else t.icon_of[hand[slot]]


def wanted_code(t, hinter: int, hands: Sequence[Sequence[int | None]], knowledge: Knowledge,
                hatters: Collection[int]) -> int:
    """The code the hinter's Assist must carry: the sum of the values of the other hatters' hands,
    modulo 4. ``hands`` as the hinter sees them (every hand but its own), ``knowledge`` augmented."""
    total = 0
    for seat, hand in enumerate(hands):
        if seat != hinter and seat in hatters:
            total += hand_value(t, hand, knowledge[seat])  # type: ignore[arg-type]
    return total % CODES


def allowed(t, obs: BBSObservation, knowledge: Knowledge, legal: Sequence, hatters: Collection[int]) -> list:
    """``legal`` without the Assists whose code is not the one the convention asks for now."""
    want = wanted_code(t, obs.seat, obs.hands, knowledge, hatters)
    return [a for a in legal if not isinstance(a, Assist) or code_of(obs.seat, a, obs.players) == want]


def augmented_knowledge(obs: BBSObservation, t, hatters: Collection[int]) -> Knowledge | None:
    """Every hand's knowledge as the hat's players (``hatters``) know it: the engine's masks with
    each icon the convention gave, replayed from ``obs.log``. None when the replay does not agree
    with the observation (a hatter gave an Assist the sums contradict)."""
    return _replay(obs, t, hatters)


def readers(obs: BBSObservation, t, hatters: Collection[int]) -> Readers:
    """For each card of ``obs.seat``'s hand, the hatters whose Assists the hat read to tell its
    icon (``Readers``); none when the replay does not agree with the observation."""
    sources = Sources(obs.seat)
    return sources.readers(obs) if _replay(obs, t, hatters, sources) is not None else ()


def _replay(obs: BBSObservation, t, hatters: Collection[int], sources: Sources | None = None) -> Knowledge | None:
    me = obs.seat

    def read_assist(e, hands, told, aug) -> bool:
        return _replay_assist(t, me, obs.players, e, hands, told, aug, hatters)

    return replay(obs, t, read_assist, sources=sources)


#: for each card of a seat's own hand, the seats whose moves a convention read to narrow what the
#: seat knows of it beyond what the Assists said: (seats for its icon, seats for its number)
Readers = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


class Sources:
    """Which seats' moves, read as a convention, narrowed the masks of ``me``'s own cards beyond
    the engine's (``replay`` notes each read): what a Master's "why" owes to a code, so it can
    say so instead of passing it off as something an Assist told."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.aug: list[list[list[int]]] | None = None
        #: id of a row of ``aug[me]`` -> (that row, [seats for its icon, seats for its number])
        self.seen: dict[int, tuple[list[int], tuple[list[int], list[int]]]] = {}

    @staticmethod
    def _excess(told, aug, me: int) -> list[tuple[int, int]]:
        return [(t_row[0] & ~a_row[0], t_row[1] & ~a_row[1]) for t_row, a_row in zip(told[me], aug[me], strict=True)]

    def before(self, told, aug) -> list[tuple[int, int]]:
        self.aug = aug
        return self._excess(told, aug, self.me)

    def after(self, seat: int, told, aug, before: list[tuple[int, int]]) -> None:
        """``seat``'s move was read: a mask the convention narrowed more than the engine's is its."""
        for row, old, new in zip(aug[self.me], before, self._excess(told, aug, self.me), strict=True):
            for part in (0, 1):
                if new[part] & ~old[part]:
                    seats = self.seen.setdefault(id(row), (row, ([], [])))[1][part]
                    if seat not in seats:
                        seats.append(seat)

    def readers(self, obs: BBSObservation) -> Readers:
        """The seats for each card at the end, for the masks still narrower than the engine's."""
        if self.aug is None:
            return tuple(((), ()) for _ in obs.knowledge[self.me])
        out = []
        for row, engine in zip(self.aug[self.me], obs.knowledge[self.me], strict=True):
            found = self.seen.get(id(row))
            seats = found[1] if found is not None and found[0] is row else ([], [])
            out.append(tuple(tuple(seats[p]) if engine[p] & ~row[p] else () for p in (0, 1)))
        return tuple(out)  # type: ignore[return-value]


def replay(obs: BBSObservation, t, read_assist: Callable[..., bool],
           read_play: Callable[..., bool] | None = None, sources: Sources | None = None) -> Knowledge | None:
    """Every hand's masks replayed from ``obs.log`` as a convention among bots reads them: the
    engine's masks (``told``) and the convention's (``aug``), rows of [icon mask, number mask]
    per hand, beside the cards ``obs.seat`` saw in each hand (``hands``; None for its own).
    ``read_assist(e, hands, told, aug)`` applies an Assist to both; ``read_play(e, hands, aug)``
    reads a card play before the card leaves its hand. Either returns False when the convention
    contradicts the log; the result is ``aug``, or None when a reader refused or the engine's
    masks replayed differ from the observation's. ``sources`` notes whose moves narrowed what."""
    hands: list[list[int | None]] = [[] for _ in range(obs.players)]
    told: list[list[list[int]]] = [[] for _ in range(obs.players)]
    aug: list[list[list[int]]] = [[] for _ in range(obs.players)]

    def read(e, reader: Callable[..., bool]) -> bool:
        """``reader`` applied to ``e``; ``sources`` notes what ``e.seat``'s move narrowed."""
        if sources is None:
            return reader(e)
        before = sources.before(told, aug)
        if not reader(e):
            return False
        sources.after(e.seat, told, aug, before)
        return True
    for e in obs.log:
        kind = e.KIND
        if kind == "drew":
            hands[e.seat].append(None if e.card is None else t.card_of[e.card])
            told[e.seat].append([t.full_icons, t.full_numbers])
            aug[e.seat].append([t.full_icons, t.full_numbers])
        elif kind in ("investigated", "eliminated"):
            if read_play is not None and not read(e, lambda ev: read_play(ev, hands, aug)):
                return None
            for rows in (hands, told, aug):
                del rows[e.seat][e.slot]
        elif kind == "assisted":
            if not read(e, lambda ev: read_assist(ev, hands, told, aug)):
                return None
    got = tuple(tuple((ki, kn) for ki, kn in row) for row in told)
    if got != obs.knowledge:
        return None
    return tuple(tuple((ki, kn) for ki, kn in row) for row in aug)


def _replay_assist(t, me: int, players: int, e, hands, told, aug, hatters: Collection[int]) -> bool:
    """One Assist replayed: the values are taken before it, then what it says, then the hat's
    icons (none when a newcomer gave it: it says what it says)."""
    hinter = e.seat
    focuses = ({seat: focus(aug[seat]) for seat in range(players) if seat != hinter and seat in hatters}
               if hinter in hatters else {})
    values = {}
    for seat, slot in focuses.items():
        if seat != me:
            values[seat] = 0 if slot is None else t.icon_of[hands[seat][slot]]
    for rows in (told, aug):
        say(t, rows[e.target], e)
    assist = Assist(e.target, number=e.number, icon=e.icon)
    for seat, slot in focuses.items():
        if slot is None:
            continue
        if seat != me:
            icon = t.icon_of[hands[seat][slot]]
        else:
            icon = (code_of(hinter, assist, players) - sum(values.values())) % CODES
        bit = 1 << icon
        if not aug[seat][slot][0] & bit:
            return False
        aug[seat][slot][0] = bit
    return True


def say(t, hand: list[list[int]], e) -> None:
    """What an Assist (its ``assisted`` event ``e``) says, applied to its target's masks ``hand``
    (rows of [icon mask, number mask]): the pointed cards have that icon or number, the others not."""
    if e.number is not None:
        bit, index = 1 << e.number, 1
    else:
        bit, index = 1 << t.icon_index[e.icon], 0
    for j, row in enumerate(hand):
        row[index] = bit if j in e.slots else row[index] & ~bit


def with_knowledge(obs: BBSObservation, knowledge: Knowledge) -> BBSObservation:
    """``obs`` reading ``knowledge`` (the augmented masks) instead of the engine's."""
    return replace(obs, knowledge=knowledge)


def focus_cards(state: BBSState, hinter: int, hatters: Collection[int]) -> list[int]:
    """In a complete state whose masks are already augmented: the focus card of each hatter but
    the hinter, taken before an Assist of ``hinter`` is applied (``tell_icons`` after it); none
    when the hinter is not a hatter."""
    if hinter not in hatters:
        return []
    out = []
    for seat, hand in enumerate(state.hands):
        if seat == hinter or seat not in hatters:
            continue
        slot = focus([(state.know_icon[c], state.know_num[c]) for c in hand])
        if slot is not None:
            out.append(hand[slot])
    return out


def tell_icons(state: BBSState, cards: Sequence[int]) -> None:
    """The hat's effect on a complete state: each focus card's holder now knows its icon."""
    t = state.t
    for c in cards:
        state.know_icon[c] = 1 << t.icon_of[c]
