"""Typed card data for Sherlock: Case Connection, read from ``data/cards/case-connection.yaml``.

The rulebook fixes the component counts (checked here); what is printed on each card is designed
data in the YAML file. Every mistake raises ``DataError`` with the file, line and key path.

Geometry used everywhere: the sides of a card are indexed 0..3 = top, right, bottom, left; the
neighbour across side ``s`` of cell (x, y) is (x + DX[s], y + DY[s]) with x growing to the right
and y growing downward (screen order), so the top neighbour of (0, 0) is (0, -1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from sleuth.data.loader import Node, load_yaml, unique
from sleuth.resources import data_file

SIDES = ("top", "right", "bottom", "left")
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
OPPOSITE = (2, 3, 0, 1)
UNIVERSAL = "U"
BONUS_KINDS = ("bonus_point", "universal", "extra_lead", "none")

#: Component counts printed in the rulebook's component list (checked, not configured).
RULEBOOK_COUNTS = {
    "leads": 20,
    "threads": 44,
    "locations": 4,
    "thread_spaces": 10,
    "proof_spaces": 10,
    "proofs_each": 13,
    "universal": 8,
    "bonus_point_tokens": 6,
    "target_points": 9,
}


@dataclass(frozen=True)
class Lead:
    id: str
    points: int
    #: icons per side (top, right, bottom, left), each a tuple of symbol codes (0-2 of them)
    sides: tuple[tuple[str, ...], ...]

    @property
    def icon_count(self) -> int:
        return sum(len(s) for s in self.sides)


@dataclass(frozen=True)
class Thread:
    id: str
    #: the symbol code on each edge (top, right, bottom, left) or None for a blank edge
    edges: tuple[str | None, ...]
    #: one of BONUS_KINDS other than "none", or None
    bonus: str | None


@dataclass(frozen=True)
class Location:
    name: str
    threads: int
    proofs: int


@dataclass(frozen=True)
class CaseCards:
    symbols: tuple[str, ...]  # codes, e.g. ("F", "W", "C")
    names: tuple[tuple[str, str], ...]  # (code, name) pairs
    leads: tuple[Lead, ...]
    threads: tuple[Thread, ...]
    locations: tuple[Location, ...]
    proofs_each: tuple[tuple[str, int], ...]  # (code, count) per symbol
    universal: int
    bonus_point_tokens: int
    target_points: int
    lead_by_id: dict[str, Lead] = field(default_factory=dict, compare=False, hash=False, repr=False)
    thread_by_id: dict[str, Thread] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        self.lead_by_id.update((lead.id, lead) for lead in self.leads)
        self.thread_by_id.update((t.id, t) for t in self.threads)

    def lead(self, lead_id: str) -> Lead:
        return self.lead_by_id[lead_id]

    def thread(self, thread_id: str) -> Thread:
        return self.thread_by_id[thread_id]

    def symbol_name(self, code: str) -> str:
        if code == UNIVERSAL:
            return "Universal"
        for c, name in self.names:
            if c == code:
                return name.capitalize()
        return code

    @property
    def proof_kinds(self) -> tuple[str, ...]:
        return (*self.symbols, UNIVERSAL)


def _read_symbol_names(node: Node) -> tuple[tuple[str, str], ...]:
    pairs = []
    for name, code_node in node.items():
        code = code_node.str()
        if len(code) != 1 or not code.isupper() or code == UNIVERSAL:
            raise code_node.error(f"a symbol code is one capital letter other than {UNIVERSAL}, got {code!r}")
        pairs.append((code_node, name, code))
    if len(pairs) != 3:
        raise node.error(f"the game has exactly 3 symbols (Forensic, Witness, Cyber), got {len(pairs)}")
    unique(((n, c) for n, _, c in pairs), "symbol code")
    return tuple((c, name) for _, name, c in pairs)


def load_cards(path: Path | str | None = None) -> CaseCards:
    """Read and check the card file (the bundled one by default)."""
    return _load(str(path) if path is not None else str(data_file("case-connection.yaml")))


@lru_cache(maxsize=8)
def _load(path: str) -> CaseCards:
    root = load_yaml(path).mapping(
        required=("game", "symbols", "locations", "proofs", "bonus_point_tokens", "target_points", "leads", "threads")
    )
    root["game"].str(choices=("case-connection",))
    names = _read_symbol_names(root["symbols"])
    by_name = {name: code for code, name in names}
    codes = tuple(code for code, _ in names)

    def symbol(node: Node) -> str:
        return by_name[node.str(choices=tuple(by_name))]

    def edge(node: Node) -> str | None:
        text = node.str(choices=(*by_name, "none"))
        return None if text == "none" else by_name[text]

    # locations
    loc_nodes = root["locations"].exactly(RULEBOOK_COUNTS["locations"])
    locations = []
    for node in loc_nodes:
        f = node.mapping(required=("name", "threads", "proofs"))
        locations.append(Location(f["name"].str(), f["threads"].int(0, 10), f["proofs"].int(0, 10)))
        if locations[-1].threads + locations[-1].proofs < 2:
            raise node.error("a location needs at least 2 spaces (a visit takes 2 items)")
    unique(((n, loc.name) for n, loc in zip(loc_nodes, locations, strict=True)), "location name")
    for key, attr in (("thread_spaces", "threads"), ("proof_spaces", "proofs")):
        total = sum(getattr(loc, attr) for loc in locations)
        if total != RULEBOOK_COUNTS[key]:
            raise root["locations"].error(
                f"the locations must have {RULEBOOK_COUNTS[key]} {attr[:-1]} spaces in all, got {total}"
            )

    # proofs and tokens
    proof_fields = root["proofs"].mapping(required=(*by_name, "universal"))
    proofs_each = []
    for name, code in by_name.items():
        count = proof_fields[name].int(0, 99)
        if count != RULEBOOK_COUNTS["proofs_each"]:
            raise proof_fields[name].error(f"the rulebook has {RULEBOOK_COUNTS['proofs_each']} {name} proofs, got {count}")
        proofs_each.append((code, count))
    universal = proof_fields["universal"].int(0, 99)
    if universal != RULEBOOK_COUNTS["universal"]:
        raise proof_fields["universal"].error(f"the rulebook has {RULEBOOK_COUNTS['universal']} universal proofs, got {universal}")
    bonus_tokens = root["bonus_point_tokens"].int(0, 99)
    if bonus_tokens != RULEBOOK_COUNTS["bonus_point_tokens"]:
        raise root["bonus_point_tokens"].error(f"the rulebook has {RULEBOOK_COUNTS['bonus_point_tokens']} bonus point tokens")
    target = root["target_points"].int(1, 99)
    if target != RULEBOOK_COUNTS["target_points"]:
        raise root["target_points"].error(f"the rulebook ends the game at {RULEBOOK_COUNTS['target_points']} points")

    # leads
    lead_nodes = root["leads"].exactly(RULEBOOK_COUNTS["leads"])
    leads = []
    for node in lead_nodes:
        f = node.mapping(required=("id", "points", *SIDES))
        sides = []
        for side in SIDES:
            icons = tuple(symbol(n) for n in f[side].seq(max_len=2))
            sides.append(icons)
        lead = Lead(f["id"].str(), f["points"].int(1, 9), tuple(sides))
        if lead.icon_count < 2:
            raise node.error(f"lead {lead.id} needs at least 2 icons, got {lead.icon_count}")
        leads.append(lead)
    unique(((n, lead.id) for n, lead in zip(lead_nodes, leads, strict=True)), "lead id")

    # threads
    thread_nodes = root["threads"].exactly(RULEBOOK_COUNTS["threads"])
    threads = []
    for node in thread_nodes:
        f = node.mapping(required=("id", *SIDES, "bonus"))
        edges = tuple(edge(f[side]) for side in SIDES)
        bonus = f["bonus"].str(choices=BONUS_KINDS)
        thread = Thread(f["id"].str(), edges, None if bonus == "none" else bonus)
        if sum(e is not None for e in edges) < 2:
            raise node.error(f"thread {thread.id} needs symbols on at least 2 edges (it could not extend a chain)")
        threads.append(thread)
    unique(((n, t.id) for n, t in zip(thread_nodes, threads, strict=True)), "thread id")
    unique(
        [(n, lead.id) for n, lead in zip(lead_nodes, leads, strict=True)]
        + [(n, t.id) for n, t in zip(thread_nodes, threads, strict=True)],
        "card id (leads and threads share one name space)",
    )

    # cross-references: every lead icon can be met by some thread's facing edge
    for node, lead in zip(lead_nodes, leads, strict=True):
        for side, icons in enumerate(lead.sides):
            for code in icons:
                facing = OPPOSITE[side]
                if not any(t.edges[facing] == code for t in threads):
                    name = next(n for c, n in names if c == code)
                    raise node.error(
                        f"lead {lead.id}: no thread shows {name} on its {SIDES[facing]} edge, "
                        f"so the {name} icon on the {SIDES[side]} side can never be connected"
                    )
    return CaseCards(
        symbols=codes,
        names=names,
        leads=tuple(leads),
        threads=tuple(threads),
        locations=tuple(locations),
        proofs_each=tuple(proofs_each),
        universal=universal,
        bonus_point_tokens=bonus_tokens,
        target_points=target,
    )
