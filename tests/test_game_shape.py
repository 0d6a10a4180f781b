"""One shape for every game package: the engine side never reaches the interface, every game has
the same rooms, and no module in a game grows past what one role needs.

The engine side (`sleuth/games/<pkg>/*.py`) must not import pygame, pymunk or `sleuth.ui`, not even
through what it imports: each engine module is imported in a fresh interpreter and the modules it
brought in are inspected. The interface side lives in `sleuth/games/<pkg>/table/`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "sleuth" / "games"
PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())

ENGINE_ROOMS = ("__init__.py", "cards.py", "rules.py", "bots.py")
TABLE_ROOMS = ("__init__.py", "layout.py", "paint.py", "words.py", "animate.py", "input.py")
INTERFACE = ("pygame", "pymunk", "sleuth.ui")
MAX_LINES = 900


def test_the_registry_knows_every_game_package():
    from sleuth.core.registry import GAME_MODULES

    assert sorted(m.rsplit(".", 1)[1] for m in GAME_MODULES.values()) == PACKAGES
    assert len(PACKAGES) == 4


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_package_has_the_common_rooms(package):
    folder = GAMES / package
    missing = [room for room in ENGINE_ROOMS if not (folder / room).is_file()]
    missing += [f"table/{room}" for room in TABLE_ROOMS if not (folder / "table" / room).is_file()]
    assert not missing, f"{package} lacks {', '.join(missing)}"
    assert not (folder / "table.py").exists(), "the table is a package (table/), not a module"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_engine_side_never_imports_the_interface(package):
    modules = [f"sleuth.games.{package}"] + [
        f"sleuth.games.{package}.{path.stem}" for path in sorted((GAMES / package).glob("*.py"))
        if path.stem != "__init__"
    ]
    probe = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({INTERFACE!r}))))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    reached = json.loads(result.stdout.strip().splitlines()[-1])
    assert not reached, f"the engine side of {package} imports {reached}"


def test_the_engine_side_has_no_interface_import_lines():
    """The same rule read from the source, so the message names the file and line."""
    offenders = []
    for path in sorted(GAMES.glob("*/*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from") and words[1].startswith(INTERFACE):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_no_module_of_a_game_is_over_900_lines():
    long = {str(p.relative_to(ROOT)): n for p in sorted(GAMES.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, long


def test_every_table_module_says_its_role():
    import ast

    silent = [str(p.relative_to(ROOT)) for p in sorted(GAMES.glob("*/table/*.py"))
              if not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))]
    assert not silent, silent
