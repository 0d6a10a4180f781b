"""The wheel carries assets/ and data/cards/, and one helper finds them in every layout."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    pytest.importorskip("hatchling")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-d", str(out), "-t", "wheel"], cwd=ROOT,
                   check=True, capture_output=True)
    [built] = list(out.glob("*.whl"))
    return built


def test_the_wheel_carries_every_data_file_and_asset(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (ROOT / "data" / "cards").glob("*.yaml"):
        assert f"sleuth/_bundled/data/cards/{path.name}" in names
    for path in (ROOT / "data" / "tutorials").glob("*.yaml"):
        assert f"sleuth/_bundled/data/tutorials/{path.name}" in names
    for path in (ROOT / "assets").rglob("*"):
        if path.is_file():
            assert f"sleuth/_bundled/assets/{path.relative_to(ROOT / 'assets').as_posix()}" in names


def test_an_unpacked_wheel_finds_its_bundled_data(wheel, tmp_path):
    zipfile.ZipFile(wheel).extractall(tmp_path)
    code = "import sleuth.resources as r; print(r.resource_root()); print(r.data_file('bakerstreet.yaml').is_file())"
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                            env={"PYTHONPATH": str(tmp_path), "PATH": ""})
    root, exists = result.stdout.split()
    assert Path(root) == tmp_path / "sleuth" / "_bundled"
    assert exists == "True"


def test_a_pyinstaller_bundle_is_found_through_meipass(tmp_path, monkeypatch):
    from sleuth import resources

    (tmp_path / "data" / "cards").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    resources.resource_root.cache_clear()
    try:
        assert resources.resource_root() == tmp_path
    finally:
        resources.resource_root.cache_clear()


def test_a_source_checkout_finds_the_repository_folders():
    from sleuth import resources

    resources.resource_root.cache_clear()
    assert resources.data_file("bakerstreet.yaml").is_file()
