"""Find bundled files (``assets/``, ``data/cards/`` and the fonts) wherever Sleuth runs from.

Three layouts, one answer:
- a PyInstaller bundle unpacks them under ``sys._MEIPASS/assets`` and ``sys._MEIPASS/data/cards``;
- an installed wheel carries them inside the package, at ``sleuth/_bundled/...``;
- a source checkout or an editable install has them at the top of the repository.
"""

from __future__ import annotations

import sys
from functools import cache, lru_cache
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


#: The typefaces (SIL Open Font License, shipped by the fontpkg wheels): (face, bold) -> (package,
#: file). Atkinson Hyperlegible for the interface, Crimson Text for titles, headings and numerals,
#: and Fira Sans for the letters those two lack (Cyrillic and Greek: a name typed "Дмитрий" or
#: "Ελένη"). Each has static weight files (SDL_ttf renders only the default weight of a variable
#: font, and a synthetic bold is no bold).
FONTS = {
    ("ui", False): ("fontpkg_atkinson_hyperlegible", "AtkinsonHyperlegible-Regular.ttf"),
    ("ui", True): ("fontpkg_atkinson_hyperlegible", "AtkinsonHyperlegible-Bold.ttf"),
    ("serif", False): ("fontpkg_crimson_text", "CrimsonText-SemiBold.ttf"),
    ("serif", True): ("fontpkg_crimson_text", "CrimsonText-Bold.ttf"),
    ("fallback", False): ("fontpkg_fira_sans", "FiraSans-Regular.ttf"),
    ("fallback", True): ("fontpkg_fira_sans", "FiraSans-Bold.ttf"),
}


@cache
def font_file(face: str, bold: bool) -> Path | None:
    """The font file of a face: in a PyInstaller bundle under ``fonts/``, otherwise inside its
    installed font package. None when it cannot be found (the caller falls back and says so)."""
    package, name = FONTS[(face, bold)]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle and (Path(bundle) / "fonts" / name).is_file():
        return Path(bundle) / "fonts" / name
    try:
        from importlib.resources import files

        path = Path(str(files(package) / "files" / name))
    except (ModuleNotFoundError, TypeError):
        return None
    return path if path.is_file() else None
