"""Find bundled files (``assets/`` and ``data/cards/``) wherever Sleuth runs from.

Three layouts, one answer:
- a PyInstaller bundle unpacks them under ``sys._MEIPASS/assets`` and ``sys._MEIPASS/data/cards``;
- an installed wheel carries them inside the package, at ``sleuth/_bundled/...``;
- a source checkout or an editable install has them at the top of the repository.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def resource_root() -> Path:
    """The folder that holds ``assets/`` and ``data/cards/``."""
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle))
    candidates.append(_PACKAGE_DIR / "_bundled")
    candidates.append(_PACKAGE_DIR.parent)
    for root in candidates:
        if (root / "data" / "cards").is_dir():
            return root
    tried = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"Sleuth's data folder is missing (looked in: {tried})")


def data_file(name: str) -> Path:
    """A card data file, e.g. ``data_file('bakerstreet.yaml')``."""
    return resource_root() / "data" / "cards" / name


def asset(name: str) -> Path:
    return resource_root() / "assets" / name
