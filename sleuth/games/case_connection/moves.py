"""Case Connection's moves: the actions a player can take and the events the engine reports,
the vocabulary shared by the engine (``rules.py``), the bots, the table and saved games."""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.values import Action, Event

# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PickLead(Action):
    """Keep this lead out of the ones just drawn (the others go to the bottom of the lead deck)."""

    KIND = "pick_lead"
    lead: str


@dataclass(frozen=True)
class Take(Action):
    """Visit ``location`` (index) and take exactly 2 items: thread ids and proof codes."""

    KIND = "take"
    location: int
    threads: tuple[str, ...] = ()
    proofs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Exchange(Action):
    """Give 3 proofs of this type back to the pile for a universal proof (once per turn)."""

    KIND = "exchange"
    proof: str


@dataclass(frozen=True)
class Reconstruct(Action):
    """Lay out the lead: ``cards`` = ((thread id, x, y), ...) with the lead on (0, 0);
    ``proofs`` = ((x1, y1, x2, y2, token), ...) on the edges between adjacent cells."""

    KIND = "reconstruct"
    cards: tuple = ()
    proofs: tuple = ()


def layout_key(action: Reconstruct) -> tuple:
    """A Reconstruct's cards and proofs in one canonical order (edges from their lower end)."""
    proofs = []
    for x1, y1, x2, y2, token in action.proofs:
        a, b = sorted(((x1, y1), (x2, y2)))
        proofs.append((*a, *b, token))
    return tuple(sorted(action.cards)), tuple(sorted(proofs))


@dataclass(frozen=True)
class Keep(Action):
    """After a reconstruction: the 2 items kept; everything else goes back."""

    KIND = "keep"
    threads: tuple[str, ...] = ()
    proofs: tuple[str, ...] = ()


@dataclass(frozen=True)
class EndTurn(Action):
    KIND = "end_turn"


ACTIONS = (PickLead, Take, Exchange, Reconstruct, Keep, EndTurn)

# -- events -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameStarted(Event):
    """``head_start``: the Universal proofs each seat starts with by Sleuth's balance rule
    (``balance.py``; all 0, or empty in older logs, with the rulebook's setup)."""

    KIND = "game_started"
    first: int
    head_start: tuple[int, ...] = ()


@dataclass(frozen=True)
class HeadStartDrawn(Event):
    """Sleuth's balance rule at 4 players: after the locations are laid out, a player draws
    ``threads`` from the top of the thread deck and ``proofs`` from the pile (``balance.py``)."""

    KIND = "head_start_drawn"
    seat: int
    threads: tuple[str, ...]
    proofs: tuple[str, ...]


@dataclass(frozen=True)
class Refilled(Event):
    """The locations after a replenish: per location its thread spaces and proof spaces."""

    KIND = "refilled"
    threads: tuple
    proofs: tuple
    reason: str


@dataclass(frozen=True)
class LeadsDrawn(Event):
    KIND = "leads_drawn"
    seat: int
    leads: tuple[str, ...] | None  # None in the copy for the other seats
    count: int


@dataclass(frozen=True)
class LeadChosen(Event):
    KIND = "lead_chosen"
    seat: int
    lead: str
    returned: int


@dataclass(frozen=True)
class NoLead(Event):
    KIND = "no_lead"
    seat: int


@dataclass(frozen=True)
class Took(Event):
    KIND = "took"
    seat: int
    location: int
    threads: tuple[str, ...]
    proofs: tuple[str, ...]


@dataclass(frozen=True)
class Exchanged(Event):
    KIND = "exchanged"
    seat: int
    proof: str


@dataclass(frozen=True)
class Reconstructed(Event):
    KIND = "reconstructed"
    seat: int
    lead: str
    points: int
    cards: tuple
    proofs: tuple
    direct: tuple[str, ...]


@dataclass(frozen=True)
class BonusGained(Event):
    KIND = "bonus"
    seat: int
    thread: str
    bonus: str
    granted: bool  # False when the pool or supply was empty


@dataclass(frozen=True)
class Kept(Event):
    KIND = "kept"
    seat: int
    threads: tuple[str, ...]
    proofs: tuple[str, ...]
    returned_threads: tuple[str, ...]
    returned_proofs: tuple[str, ...]


@dataclass(frozen=True)
class TurnEnded(Event):
    KIND = "turn_ended"
    seat: int


@dataclass(frozen=True)
class EndTriggered(Event):
    KIND = "end_triggered"
    seat: int
    score: int


@dataclass(frozen=True)
class GameOver(Event):
    KIND = "game_over"
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


EVENTS = (GameStarted, HeadStartDrawn, Refilled, LeadsDrawn, LeadChosen, NoLead, Took, Exchanged, Reconstructed, BonusGained,
          Kept, TurnEnded, EndTriggered, GameOver)
