"""The Keys paragraph of every game's rules (F1): what a keyboard player reads to find their way."""

from __future__ import annotations

import re

import pytest

from sleuth.core.registry import game_ids
from sleuth.ui.scenes.rules import rules_text


def keys_paragraph(game_id: str) -> str:
    return rules_text(game_id).split("# Keys", 1)[1].strip().split("\n#", 1)[0]


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text) if s]


@pytest.mark.parametrize("game_id", game_ids())
def test_the_keys_paragraph_opens_with_the_arrow_keys_over_the_cards_and_enter_playing_there(game_id):
    """Play-tester (keyboard only): nothing told them that the arrow keys move over the cards and
    places and that Enter plays there; two games' Keys began with dragging, the keys after it, and
    Case Connection's named no card. Every game's Keys now opens with the arrows: a cursor over the
    cards and the places, then what Enter on them does and Backspace (the mouse's way after it)."""
    first, *rest = sentences(keys_paragraph(game_id))
    assert first.startswith("The arrow keys move a cursor over "), first
    over, _, enter = first.partition(":")
    assert "card" in over and enter.strip().startswith("Enter on "), first
    assert "Backspace" in enter, first

def test_case_connections_keys_give_ctrl_z_one_meaning_at_a_time():
    """Play-tester: Case Connection's Keys said, in one paragraph, "Ctrl+Z undoes your last
    placement" and "Ctrl+Z takes back your move against bots". The table tries the desk first (a
    card or proof laid, the hint's layout, Clear, a visit's first item) and takes back the move
    only when the desk has nothing left to undo: one sentence says so, in that order."""
    keys = keys_paragraph("case-connection")
    told = [sentence for sentence in sentences(keys) if "Ctrl+Z" in sentence]
    assert len(told) == 1 and keys.count("Ctrl+Z") == 1, told
    said = told[0]
    assert said.index("first undoes your last change on your desk") < said.index("nothing left to undo") \
        < said.index("takes back your last move against bots"), said
