"""``sleuth validate``: load every card data file and tutorial (or the files given) and report
each problem.

Every card file starts with ``game: <id>``, which says which game's loader checks it, so a copy
of a file under any name (a fixture, a modder's draft) is checked by the right rules. A file with
``steps`` is a tutorial (``data/tutorials/``), checked and played through by its own loader.
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
    if files is None:
        from sleuth.resources import resource_root

        files = [data_file(spec.data_file) for spec in specs.values()]
        files += sorted((resource_root() / "data" / "tutorials").glob("*.yaml"))
    targets = files
    messages = []
    for path in targets:
        try:
            root = load_yaml(path)
            if not root.is_mapping():
                raise root.error("expected a mapping with 'game: <id>' at the top")
            keys = dict(root.items())
            if "steps" in keys:
                from sleuth.data.tutorials import load_tutorial

                load_tutorial(path)
                continue
            if "game" not in keys:
                raise root.error("missing key 'game' (which game this file is for)")
            game_id = keys["game"].str(choices=sorted(specs))
            specs[game_id].load_cards(path)
        except SleuthError as exc:
            messages.append(str(exc))
    return messages
