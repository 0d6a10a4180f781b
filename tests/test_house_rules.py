"""House rules that keep the code base healthy, checked on every run."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = ["sleuth/core", "sleuth/data", "sleuth/ai"]


def pure_files():
    files = [p for d in PURE for p in (ROOT / d).rglob("*.py")]
    for game in (ROOT / "sleuth/games").glob("*/"):
        files += [p for p in game.glob("*.py") if p.stem.split("_")[0] in ("rules", "bots", "cards", "world")]
    return files


def test_rules_bots_and_data_never_import_pygame_or_pymunk():
    pattern = re.compile(r"^\s*(import|from)\s+(pygame|pymunk)\b", re.M)
    offenders = [str(p.relative_to(ROOT)) for p in pure_files() if pattern.search(p.read_text())]
    assert offenders == []


def test_engines_and_bots_never_use_the_global_random():
    pattern = re.compile(r"(?<![\w.])random\.(random|randint|choice|choices|shuffle|sample|uniform|randrange)\(")
    offenders = [str(p.relative_to(ROOT)) for p in pure_files() if pattern.search(p.read_text())]
    assert offenders == []


def test_no_deepcopy_anywhere():
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "sleuth").rglob("*.py") if "deepcopy" in p.read_text()]
    assert offenders == []


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
                    reason="ruff is part of the test extra")
def test_ruff_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    result = subprocess.run([ruff, "check", "--no-cache", str(ROOT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]
