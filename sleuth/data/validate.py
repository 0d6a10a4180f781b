"""``sleuth validate``: load every card data file (or the files given) and report each problem.

Every card file starts with ``game: <id>``, which says which game's loader checks it, so a copy
of a file under any name (a fixture, a modder's draft) is checked by the right rules.
"""

from __future__ import annotations

from pathlib import Path

from sleuth.core.errors import SleuthError
from sleuth.core.registry import available
from sleuth.data.loader import load_yaml
from sleuth.resources import data_file


def validate_files(files: list[Path] | None = None) -> list[str]:
    """Messages for every file that does not load (empty when all is well)."""
    specs = {spec.id: spec for spec in available() if spec.data_file and spec.load_cards}
    targets = files if files is not None else [data_file(spec.data_file) for spec in specs.values()]
    messages = []
    for path in targets:
        try:
            root = load_yaml(path)
            if not root.is_mapping():
                raise root.error("expected a mapping with 'game: <id>' at the top")
            keys = dict(root.items())
            if "game" not in keys:
                raise root.error("missing key 'game' (which game this file is for)")
            game_id = keys["game"].str(choices=sorted(specs))
            specs[game_id].load_cards(path)
        except SleuthError as exc:
            messages.append(str(exc))
    return messages
