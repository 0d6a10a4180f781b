"""Purrrlock Holmes card data: read ``data/cards/purrrlock-holmes.yaml`` into frozen dataclasses.

Clue cards are numbered ``suspect_index * hours + (hour - 1)``; the lead relation and the masks the
bots use (int bitmasks over the card ids) are computed here once from the data.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sleuth.data.loader import load_yaml, unique
from sleuth.resources import data_file

GAME_ID = "purrrlock-holmes"


@dataclass(frozen=True)
class Trail:
    """How many tokens lie where on the trail at setup, left to right."""

    left_face_down: int
    face_up: int
    right_face_down: int

    @property
    def size(self) -> int:
        return self.left_face_down + self.face_up + self.right_face_down


@dataclass(frozen=True)
class PurrrlockCards:
    suspects: tuple[str, ...]
    hours: int
    #: value of each of the paw print tokens, token id = index
    token_values: tuple[int, ...]
    furriarty_value: int
    paws_cost: int
    hand_first: int
    hand_other: int
    seed_cards: int
    investigate_cards: int
    pass_cards: int
    draw_cards: int
    trails: dict[int, Trail]
    # derived tables (not data): card -> suspect / hour, card -> lead mask
    card_suspect: tuple[int, ...]
    card_hour: tuple[int, ...]
    lead_mask: tuple[int, ...]
    suspect_mask: tuple[int, ...]
    hour_mask: tuple[int, ...]  # index hour - 1

    @property
    def card_count(self) -> int:
        return len(self.card_suspect)

    @property
    def all_mask(self) -> int:
        return (1 << self.card_count) - 1

    def card_id(self, suspect: int, hour: int) -> int:
        return suspect * self.hours + hour - 1

    def card_name(self, card: int) -> str:
        return f"{self.suspects[self.card_suspect[card]]} {self.card_hour[card]}"

    def is_lead(self, asked: int, hidden: int) -> bool:
        return bool(self.lead_mask[hidden] >> asked & 1)


def _tables(suspect_count: int, hours: int):
    card_suspect = tuple(c // hours for c in range(suspect_count * hours))
    card_hour = tuple(c % hours + 1 for c in range(suspect_count * hours))
    leads = []
    for hidden in range(len(card_suspect)):
        mask = 0
        for asked in range(len(card_suspect)):
            dist = abs(card_hour[asked] - card_hour[hidden]) % hours
            dist = min(dist, hours - dist)
            if card_suspect[asked] == card_suspect[hidden] or dist <= 1:
                mask |= 1 << asked
        leads.append(mask)
    suspect_mask = tuple(sum(1 << (s * hours + h) for h in range(hours)) for s in range(suspect_count))
    hour_mask = tuple(sum(1 << (s * hours + h) for s in range(suspect_count)) for h in range(hours))
    return card_suspect, card_hour, tuple(leads), suspect_mask, hour_mask


def load_cards(path: Path | str | None = None) -> PurrrlockCards:
    """Read and check a Purrrlock Holmes data file; every mistake raises DataError."""
    root = load_yaml(path if path is not None else data_file(f"{GAME_ID}.yaml"))
    keys = root.mapping(
        required=(
            "game", "suspects", "hours", "paw_prints", "furriarty_value", "paws_cost", "hand_first",
            "hand_other", "seed_cards", "investigate_cards", "pass_cards", "draw_cards", "trails",
        )
    )
    keys["game"].str(choices=(GAME_ID,))
    suspect_nodes = keys["suspects"].seq(min_len=2, max_len=12)
    suspects = tuple(n.str() for n in suspect_nodes)
    unique(zip(suspect_nodes, suspects, strict=True), "suspect")
    hours = keys["hours"].int(3, 24)
    values: list[int] = []
    for node in keys["paw_prints"].seq(min_len=1):
        fields = node.mapping(required=("value", "count"))
        value = fields["value"].int(1, 9)
        values.extend([value] * fields["count"].int(1, 60))
    furriarty_value = keys["furriarty_value"].int(0, 9)
    paws_cost = keys["paws_cost"].int(0, 9)
    hand_first = keys["hand_first"].int(2, 8)
    hand_other = keys["hand_other"].int(0, 8)
    seed_cards = keys["seed_cards"].int(0, 4)
    investigate_cards = keys["investigate_cards"].int(1, 4)
    pass_cards = keys["pass_cards"].int(0, 4)
    draw_cards = keys["draw_cards"].int(0, 4)
    if investigate_cards > hand_first:
        raise keys["investigate_cards"].error(f"cannot investigate more cards ({investigate_cards}) than the first hand holds ({hand_first})")
    trails: dict[int, Trail] = {}
    for count_text, node in keys["trails"].items():
        try:
            count = int(count_text)
        except ValueError:
            raise node.error("trail keys are player counts 2..5") from None
        if not 2 <= count <= 5:
            raise node.error(f"trail keys are player counts 2..5, got {count}")
        fields = node.mapping(required=("left_face_down", "face_up", "right_face_down"))
        trail = Trail(
            fields["left_face_down"].int(0, 60), fields["face_up"].int(0, 60), fields["right_face_down"].int(1, 60)
        )
        if trail.size > len(values):
            raise node.error(f"the trail needs {trail.size} paw print tokens but there are only {len(values)}")
        trails[count] = trail
    missing = [n for n in range(2, 6) if n not in trails]
    if missing:
        raise keys["trails"].error(f"missing the trail for {', '.join(map(str, missing))} players")
    cards_needed = 5 * (1 + seed_cards) + hand_first + 4 * hand_other
    if len(suspects) * hours < cards_needed:
        raise keys["hours"].error(f"{len(suspects)} x {hours} clue cards cannot deal a 5-player setup ({cards_needed} cards)")
    card_suspect, card_hour, leads, suspect_mask, hour_mask = _tables(len(suspects), hours)
    return PurrrlockCards(
        suspects=suspects,
        hours=hours,
        token_values=tuple(values),
        furriarty_value=furriarty_value,
        paws_cost=paws_cost,
        hand_first=hand_first,
        hand_other=hand_other,
        seed_cards=seed_cards,
        investigate_cards=investigate_cards,
        pass_cards=pass_cards,
        draw_cards=draw_cards,
        trails=trails,
        card_suspect=card_suspect,
        card_hour=card_hour,
        lead_mask=leads,
        suspect_mask=suspect_mask,
        hour_mask=hour_mask,
    )


@lru_cache(maxsize=4)
def bundled_cards() -> PurrrlockCards:
    """The bundled data, read once."""
    return load_cards(data_file(f"{GAME_ID}.yaml"))
