"""Load the build scripts (build/*.py) as modules: ``build/`` is not a package."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"


def load(name: str):
    """build/<name>.py as a fresh module (build.py imports its sibling ``bundle`` by name)."""
    added = str(BUILD) not in sys.path
    if added:
        sys.path.insert(0, str(BUILD))
    try:
        spec = importlib.util.spec_from_file_location(f"sleuth_build_{name}", BUILD / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        if added:
            sys.path.remove(str(BUILD))
        sys.modules.pop("bundle", None)


@pytest.fixture(scope="session")
def bundle():
    return load("bundle")


@pytest.fixture
def bundle_layout(tmp_path, bundle):
    """A folder laid out as PyInstaller unpacks the bundle's data files (what sys._MEIPASS holds)."""
    import shutil

    root = tmp_path / "meipass"
    for source, folder in bundle.data_files():
        (root / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, root / folder)
    return root
