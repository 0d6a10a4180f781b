"""What goes into the executable (build/bundle.py, which build/sleuth.spec builds from), checked
without running PyInstaller."""

import struct
import sys
from pathlib import Path

import pygame
import pytest

from tests.build.conftest import BUILD, ROOT, load


def test_every_card_file_and_asset_is_carried_in_its_own_folder(bundle):
    pairs = {(Path(src).resolve(), Path(folder)) for src, folder in bundle.data_files()}
    for card in sorted((ROOT / "data" / "cards").glob("*.yaml")):
        assert (card.resolve(), Path("data", "cards")) in pairs
    for rules in sorted((ROOT / "assets" / "rules").glob("*.txt")):
        assert (rules.resolve(), Path("assets", "rules")) in pairs
    assert ((ROOT / "assets" / "icon.png").resolve(), Path("assets")) in pairs
    names = {src.name for src, _ in pairs}
    assert "README.md" not in names, "data/cards/README.md is for developers, not the app"
    assert not names & {"icon.ico", "icon.icns"}, "the build-only icon formats stay out of the bundle"
    for src, folder in pairs:
        assert src.is_file()
        assert not Path(folder).is_absolute()
        if folder.parts[0] == "fonts":
            continue  # the typefaces and their licences come from the font packages (resources.font_file)
        assert src.parent == (ROOT / folder).resolve(), "each file keeps its folder relative to the repository"
    from sleuth.resources import FONTS

    assert sorted(name for name in names if name.endswith(".ttf")) == sorted(name for _, name in FONTS.values())


def test_every_game_and_table_module_imported_by_name_is_a_hidden_import(bundle):
    from sleuth.core.registry import GAME_MODULES

    modules = set(bundle.lazy_modules())
    for package in GAME_MODULES.values():
        assert package in modules
        # sleuth/ui/tableview.py imports "<package>.table" by name: the package and all its rooms
        table = ROOT / Path(*package.split(".")) / "table"
        assert f"{package}.table" in modules
        for room in sorted(table.glob("*.py")):
            if room.stem != "__init__":
                assert f"{package}.table.{room.stem}" in modules


def test_the_module_list_includes_folders_without_init(bundle):
    """sleuth/ui may be a namespace package (no __init__.py), which collect_submodules skips."""
    modules = set(bundle.sleuth_modules())
    assert {"sleuth", "sleuth.cli", "sleuth.resources", "sleuth.ui.app", "sleuth.ui.startup",
            "sleuth.ui.scenes.title", "sleuth.ui.selftest"} <= modules
    on_disk = {p for p in (ROOT / "sleuth").rglob("*.py") if "__pycache__" not in p.parts}
    assert len(modules) == len(on_disk)
    assert not any(name.endswith(".__init__") for name in modules)


def test_a_bundle_missing_a_module_a_data_file_or_chipmunk_is_caught(bundle):
    files = {f"{Path(folder).as_posix()}/{Path(src).name}" for src, folder in bundle.data_files()}
    files |= {"pymunk/_chipmunk.abi3.so", "_cffi_backend.cpython-311-x86_64-linux-gnu.so", "pygame/freesansbold.ttf"}
    modules = set(bundle.sleuth_modules())
    assert bundle.missing_from_bundle(files, modules) == []
    assert bundle.missing_from_bundle({f.replace("/", "\\") for f in files}, modules) == [], "Windows separators"
    assert bundle.missing_from_bundle(files - {"data/cards/bakerstreet.yaml"}, modules) == [
        "data file data/cards/bakerstreet.yaml"]
    assert bundle.missing_from_bundle(files - {"pymunk/_chipmunk.abi3.so"}, modules) == [
        "native library pymunk/_chipmunk*"]
    assert bundle.missing_from_bundle(files, modules - {"sleuth.ui.app"}) == ["module sleuth.ui.app"]


def test_the_spec_adds_every_sleuth_module_and_the_bundle_lists():
    spec = (BUILD / "sleuth.spec").read_text(encoding="utf-8")
    assert 'collect_submodules("sleuth"' in spec
    for name in ("bundle.data_files()", "bundle.lazy_modules()", "bundle.sleuth_modules()", "bundle.EXCLUDES", "bundle.RUNTIME_HOOKS",
                 "bundle.icon_file()"):
        assert name in spec
    assert "console=not windowed" in spec and "bundle.windowed(options.onedir)" in spec
    assert "strip=strip" in spec and "bundle.strip_binaries()" in spec


def test_the_spec_has_no_system_specific_paths():
    for name in ("sleuth.spec", "bundle.py", "build.py"):
        text = (BUILD / name).read_text(encoding="utf-8")
        for fragment in ("/usr/", "/tmp/", "/home/", "/work/", "C:\\\\", ".so\""):
            assert fragment not in text, f"{name} mentions {fragment!r}"


def test_the_packages_we_need_are_not_excluded(bundle):
    for needed in ("pygame", "pymunk", "_cffi_backend", "yaml", "platformdirs", "sqlite3", "sleuth"):
        assert needed not in bundle.EXCLUDES
    assert {"tkinter", "numpy"} <= set(bundle.EXCLUDES)


def test_the_entry_script_and_hooks_exist(bundle):
    assert bundle.ENTRY_SCRIPT.is_file()
    for hook in bundle.RUNTIME_HOOKS:
        assert hook.is_file()


@pytest.mark.parametrize(("platform", "icon", "exe"), [
    ("win32", "icon.ico", "sleuth.exe"),
    ("darwin", "icon.icns", "sleuth"),
    ("linux", None, "sleuth"),
])
def test_icon_format_and_executable_name_follow_the_system(bundle, platform, icon, exe):
    chosen = bundle.icon_file(platform)
    assert (chosen and Path(chosen).name) == icon
    if chosen:
        assert Path(chosen).is_file()
    assert bundle.exe_name(platform) == exe
    assert bundle.onefile_path(Path("dist"), platform) == Path("dist", exe)
    assert bundle.onedir_path(Path("dist"), platform) == Path("dist", "sleuth-onedir", exe)


@pytest.mark.parametrize(("platform", "onedir", "windowed", "strip"), [
    ("linux", False, True, True), ("linux", True, True, True),
    ("win32", False, True, False), ("win32", True, True, False),
    ("darwin", False, False, False), ("darwin", True, True, False),
])
def test_windowed_and_strip_per_system(bundle, platform, onedir, windowed, strip):
    assert bundle.windowed(onedir, platform) is windowed
    assert bundle.strip_binaries(platform) is strip


def test_the_icon_files_are_well_formed():
    image = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    assert image.get_size() == (256, 256)

    ico = (ROOT / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = set()
    for i in range(count):
        width, _, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * i)
        sizes.add(width or 256)
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(ico)
    assert {16, 32, 48, 256} <= sizes

    icns = (ROOT / "assets" / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    position, kinds = 8, set()
    while position < len(icns):
        kinds.add(icns[position:position + 4])
        position += struct.unpack_from(">I", icns, position + 4)[0]
    assert position == len(icns)
    assert {b"ic07", b"ic08", b"ic09", b"ic10"} <= kinds


def test_make_icon_draws_every_format(tmp_path):
    make_icon = load("make_icon")
    assert make_icon.main(tmp_path) == 0
    for name in ("icon.png", "icon.ico", "icon.icns"):
        assert (tmp_path / name).stat().st_size > 1000
    corner, centre = make_icon.draw(64).get_at((0, 0)), make_icon.draw(64).get_at((32, 32))
    assert corner.a == 0 and centre.a == 255, "a rounded tile on a transparent background"


def test_pyinstaller_work_and_dist_folders_stay_out_of_the_tracked_build_folder():
    build = load("build")
    for onedir in (False, True):
        command = build.pyinstaller_command(onedir)
        work = Path(command[command.index("--workpath") + 1])
        dist = Path(command[command.index("--distpath") + 1])
        assert BUILD not in work.parents and BUILD not in dist.parents
        assert work == ROOT / ".pyinstaller" and dist == ROOT / "dist"
        assert command[:4] == [sys.executable, "-m", "PyInstaller", str(BUILD / "sleuth.spec")]
        assert ("--onedir" in command) == onedir
        if onedir:
            assert command[-2:] == ["--", "--onedir"], "spec options come after '--'"
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "dist/" in ignored and ".pyinstaller/" in ignored


def test_without_openssl_hashing_and_a_bots_game_still_work(bundle):
    """The build leaves out ssl/_hashlib (OpenSSL): replays' sha256 must come from Python's own."""
    assert {"ssl", "_ssl", "_hashlib"} <= set(bundle.EXCLUDES)
    code = """
import sys
for name in ("_hashlib", "ssl", "_ssl"):
    sys.modules[name] = None  # as if absent: importing them raises ImportError
import hashlib
assert hashlib.sha256(b"sleuth").hexdigest().startswith("d3cb")
from sleuth.ai.match import play_game
from sleuth.core.registry import available
from sleuth.core.replay import log_digest
for spec in available():
    state = spec.create(spec.min_players, {}, 3)
    assert len(log_digest(state)) == 32
    assert not play_game(spec, ["random"] * spec.min_players, {}, seed=3).error
print("ok")
"""
    import subprocess

    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


def test_the_linux_desktop_entry_is_well_formed():
    import configparser

    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(BUILD / "sleuth.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application"
    assert section["Name"] == "Sleuth"
    assert section["Exec"] and section["Icon"] == "sleuth"
    assert section["Terminal"] == "false"
    assert section["Categories"].endswith(";") and "Game" in section["Categories"].split(";")
    assert section["StartupWMClass"] == "sleuth", "the window's class (SDL uses the program's name)"


def test_the_linux_download_keeps_the_programs_permission_to_run(bundle, tmp_path):
    """Executable play-test: a program file downloaded on its own loses its permission to run, and a
    file manager then will not start it; the Linux download packs it in a folder that keeps it."""
    import tarfile

    exe = tmp_path / "sleuth"
    exe.write_bytes(b"\x7fELF not really")
    exe.chmod(0o600)
    archive = bundle.linux_archive(exe, tmp_path)
    with tarfile.open(archive) as tar:
        members = {m.name: m for m in tar.getmembers()}
        assert set(members) == {"Sleuth/sleuth", "Sleuth/README.txt"}
        assert members["Sleuth/sleuth"].mode == 0o755
        assert tar.extractfile("Sleuth/sleuth").read() == exe.read_bytes()
        assert "Double-click" in tar.extractfile("Sleuth/README.txt").read().decode()
