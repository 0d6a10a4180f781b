"""Beyond Baker Street card data: read and checked from ``data/cards/beyond-baker-street.yaml``.

Every value the engine uses (icons, the 24 evidence cards, the 28 leads in three sections, case
files, hand sizes, track lengths and the 18 characters with their abilities as structured data)
comes from the YAML file; nothing here is a card value. Mistakes raise ``DataError`` naming the
file, the line and the key path. ``tables_for`` gives the per-card-set lookups (each card's icon,
number and text name, the sections' and icons' indexes) that the engine and the bots share.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sleuth.data.loader import Node, load_yaml, unique
from sleuth.resources import data_file

GAME_ID = "beyond-baker-street"

#: Ability kinds the engine knows, with the parameter keys each one needs (and may have).
ABILITY_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "eliminate_no_holmes": ((), ()),
    "eliminate_multiplier": (("factor",), ()),
    "confirm_holmes": (("steps",), ()),
    "forbid_assist": (("about",), ()),
    "rally_holmes": (("steps",), ("once",)),
    "confirm_short": (("short",), ()),
    "draw_choose": (("draw",), ()),
    "impossible_bonus": (("extra",), ()),
    "assists_per_action": (("count",), ()),
    "swap_lead_impossible": ((), ("once",)),
    "swap_hands": ((), ("once",)),
    "leads_vanish": ((), ()),
    "return_eliminated": ((), ("once",)),
    "peek_top": ((), ("once",)),
}


@dataclass(frozen=True)
class Icon:
    id: str
    name: str


@dataclass(frozen=True)
class Evidence:
    """One evidence card: ``icon`` indexes ``Cards.icons``."""

    id: int
    icon: int
    number: int


@dataclass(frozen=True)
class Lead:
    """One lead card: ``section`` indexes ``Cards.sections``, ``icon`` indexes ``Cards.icons``."""

    id: int
    section: int
    icon: int
    value: int


@dataclass(frozen=True)
class Section:
    id: str
    name: str
    pile: int
    leads: tuple[int, ...]


@dataclass(frozen=True)
class CaseFile:
    number: int
    holmes: int
    impossible_limit: int


@dataclass(frozen=True)
class Ability:
    """A character's rule change. ``kind`` is one of ``ABILITY_KINDS``; unused parameters keep defaults."""

    kind: str
    factor: int = 1
    steps: int = 1
    about: str = ""
    short: int = 0
    draw: int = 1
    extra: int = 0
    count: int = 1
    once: bool = False


@dataclass(frozen=True)
class Character:
    number: int
    name: str
    pipes: int
    description: str
    ability: Ability


@dataclass(frozen=True)
class Cards:
    icons: tuple[Icon, ...]
    evidence: tuple[Evidence, ...]
    sections: tuple[Section, ...]
    leads: tuple[Lead, ...]
    case_files: tuple[CaseFile, ...]
    hand_sizes: dict[int, int]
    min_players: int
    max_players: int
    investigation_target: int
    holmes_max: int
    characters: tuple[Character, ...]
    max_number: int

    def icon_index(self, icon_id: str) -> int:
        for i, icon in enumerate(self.icons):
            if icon.id == icon_id:
                return i
        raise KeyError(icon_id)

    def section_index(self, section_id: str) -> int:
        for i, section in enumerate(self.sections):
            if section.id == section_id:
                return i
        raise KeyError(section_id)

    def case(self, number: int) -> CaseFile:
        for case in self.case_files:
            if case.number == number:
                return case
        raise KeyError(number)

    def character(self, number: int) -> Character:
        for ch in self.characters:
            if ch.number == number:
                return ch
        raise KeyError(number)

    def card_key(self, card: int) -> str:
        """The text name of an evidence card in actions and events, e.g. ``clue-3``."""
        ev = self.evidence[card]
        return f"{self.icons[ev.icon].id}-{ev.number}"

    def card_by_key(self, key: str) -> int | None:
        for ev in self.evidence:
            if self.card_key(ev.id) == key:
                return ev.id
        return None

    def lead_key(self, lead: int) -> str:
        """The text name of a lead, e.g. ``suspect-clue-12``."""
        ld = self.leads[lead]
        return f"{self.sections[ld.section].id}-{self.icons[ld.icon].id}-{ld.value}"

    def card_text(self, card: int) -> str:
        ev = self.evidence[card]
        return f"{self.icons[ev.icon].name} {ev.number}"


class _Tables:
    """Per-card-set lookups shared by every state (never mutated)."""

    def __init__(self, cards: Cards) -> None:
        self.cards = cards
        self.icon_of = tuple(e.icon for e in cards.evidence)
        self.num_of = tuple(e.number for e in cards.evidence)
        self.key_of = tuple(cards.card_key(e.id) for e in cards.evidence)
        self.card_of = {k: i for i, k in enumerate(self.key_of)}
        self.lead_key = tuple(cards.lead_key(ld.id) for ld in cards.leads)
        self.section_ids = tuple(s.id for s in cards.sections)
        self.section_of = {s: i for i, s in enumerate(self.section_ids)}
        self.icon_ids = tuple(i.id for i in cards.icons)
        self.icon_index = {s: i for i, s in enumerate(self.icon_ids)}
        self.full_icons = (1 << len(cards.icons)) - 1
        self.full_numbers = 0
        for n in set(self.num_of):
            self.full_numbers |= 1 << n
        self.numbers = tuple(sorted(set(self.num_of)))
        self.ncards = len(cards.evidence)


_TABLES: dict[int, _Tables] = {}


def tables_for(cards: Cards) -> _Tables:
    t = _TABLES.get(id(cards))
    if t is None or t.cards is not cards:
        t = _Tables(cards)
        _TABLES[id(cards)] = t
    return t


def _read_ability(node: Node, icon_ids: tuple[str, ...]) -> Ability:
    raw = node.mapping()
    if "kind" not in raw:
        raise node.error("missing key 'kind'")
    kind = raw["kind"].str(choices=sorted(ABILITY_KINDS))
    need, may = ABILITY_KINDS[kind]
    fields = node.mapping(required=("kind", *need), optional=may)
    values: dict[str, object] = {"kind": kind}
    for key, child in fields.items():
        if key == "kind":
            continue
        if key == "about":
            values[key] = child.str(choices=(*icon_ids, "number"))
        elif key == "once":
            values[key] = child.bool()
        else:
            values[key] = child.int(1, 10)
    return Ability(**values)  # type: ignore[arg-type]


def load_cards(path: Path | str | None = None) -> Cards:
    """Read and check a Beyond Baker Street data file (the bundled one by default)."""
    if path is None:
        return _bundled()
    return _load(Path(path))


@lru_cache(maxsize=4)
def _cached(path: str) -> Cards:
    return _load(Path(path))


def _bundled() -> Cards:
    return _cached(str(data_file(f"{GAME_ID}.yaml")))


def _load(path: Path) -> Cards:
    root = load_yaml(path)
    top = root.mapping(
        required=("game", "players", "hand_sizes", "tracks", "icons", "evidence", "lead_sections", "case_files",
                  "characters"),
    )
    top["game"].str(choices=(GAME_ID,))
    players = top["players"].mapping(required=("min", "max"))
    min_p = players["min"].int(1, 8)
    max_p = players["max"].int(min_p, 8)

    tracks = top["tracks"].mapping(required=("investigation_target", "holmes_max"))
    target = tracks["investigation_target"].int(1, 200)
    holmes_max = tracks["holmes_max"].int(1, 200)

    icon_nodes = top["icons"].seq(min_len=1)
    icons = []
    for node in icon_nodes:
        f = node.mapping(required=("id", "name"))
        icons.append(Icon(f["id"].str(), f["name"].str()))
    unique(((n, icons[i].id) for i, n in enumerate(icon_nodes)), "icon")
    icon_ids = tuple(i.id for i in icons)

    evidence: list[Evidence] = []
    seen_numbers: dict[tuple[int, int], Node] = {}
    for node in top["evidence"].seq(min_len=1):
        f = node.mapping(required=("icon", "numbers"))
        icon = icon_ids.index(f["icon"].str(choices=icon_ids))
        for num_node in f["numbers"].seq(min_len=1):
            number = num_node.int(1, 20)
            if (icon, number) in seen_numbers:
                raise num_node.error(f"duplicate evidence card {icon_ids[icon]} {number}")
            seen_numbers[(icon, number)] = num_node
            evidence.append(Evidence(len(evidence), icon, number))
    hand_nodes = top["hand_sizes"].mapping()
    hand_sizes: dict[int, int] = {}
    for key, node in hand_nodes.items():
        try:
            count = int(key)
        except ValueError:
            raise node.error(f"player count {key!r} is not a number") from None
        if not min_p <= count <= max_p:
            raise node.error(f"player count {count} is outside {min_p}..{max_p}")
        size = node.int(1, 20)
        if size * count > len(evidence):
            raise node.error(f"{count} hands of {size} need more than the {len(evidence)} evidence cards")
        hand_sizes[count] = size
    for count in range(min_p, max_p + 1):
        if count not in hand_sizes:
            raise top["hand_sizes"].error(f"missing hand size for {count} players")

    sections: list[Section] = []
    leads: list[Lead] = []
    seen_leads: dict[tuple[int, int], Node] = {}
    section_nodes = top["lead_sections"].seq(min_len=1)
    for s_index, node in enumerate(section_nodes):
        f = node.mapping(required=("id", "name", "pile", "leads"))
        pile = f["pile"].int(1, 20)
        ids = []
        lead_nodes = f["leads"].seq(min_len=1)
        for lead_node in lead_nodes:
            lf = lead_node.mapping(required=("icon", "value"))
            icon = icon_ids.index(lf["icon"].str(choices=icon_ids))
            value = lf["value"].int(1, 100)
            if (icon, value) in seen_leads:
                raise lead_node.error(f"duplicate lead {icon_ids[icon]} {value}")
            seen_leads[(icon, value)] = lead_node
            ids.append(len(leads))
            leads.append(Lead(len(leads), s_index, icon, value))
        if pile > len(ids):
            raise f["pile"].error(f"a pile of {pile} needs at least {pile} leads, the section has {len(ids)}")
        sections.append(Section(f["id"].str(), f["name"].str(), pile, tuple(ids)))
    unique(((n, sections[i].id) for i, n in enumerate(section_nodes)), "section")

    case_nodes = top["case_files"].seq(min_len=1)
    cases = []
    for node in case_nodes:
        f = node.mapping(required=("number", "holmes", "impossible_limit"))
        number = f["number"].int(1, 99)
        cases.append(CaseFile(number, f["holmes"].int(1, holmes_max), f["impossible_limit"].int(0, 99)))
    unique(((n, cases[i].number) for i, n in enumerate(case_nodes)), "case file")

    char_nodes = top["characters"].seq(min_len=max_p)
    characters = []
    for node in char_nodes:
        f = node.mapping(required=("number", "name", "pipes", "description", "ability"))
        characters.append(
            Character(
                f["number"].int(1, 99),
                f["name"].str(),
                f["pipes"].int(0, 9),
                f["description"].str(),
                _read_ability(f["ability"], icon_ids),
            )
        )
    unique(((n, characters[i].number) for i, n in enumerate(char_nodes)), "character number")
    unique(((n, characters[i].name) for i, n in enumerate(char_nodes)), "character name")
    characters.sort(key=lambda c: c.number)

    return Cards(
        icons=tuple(icons),
        evidence=tuple(evidence),
        sections=tuple(sections),
        leads=tuple(leads),
        case_files=tuple(sorted(cases, key=lambda c: c.number)),
        hand_sizes=hand_sizes,
        min_players=min_p,
        max_players=max_p,
        investigation_target=target,
        holmes_max=holmes_max,
        characters=tuple(characters),
        max_number=max(e.number for e in evidence),
    )
