"""What goes into the Sleuth executable: the one description the spec builds from and the tests check.

Plain Python (no PyInstaller import), so ``tests/build`` can check it without running a build.
Paths are ``pathlib`` paths relative to the repository, so the same spec works on Linux, Windows
and macOS; only the icon format depends on the system.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_DIR = ROOT / "build"

#: The executable's name (PyInstaller adds ``.exe`` on Windows).
NAME = "sleuth"
#: The one-folder build's folder (not ``sleuth``: on a case-insensitive disk that would clash with
#: the one-file ``sleuth`` beside it, and the two builds may live in dist/ together).
ONEDIR_NAME = "sleuth-onedir"
#: The macOS application bundle made from the one-folder build.
MAC_APP_NAME = "Sleuth.app"
MAC_BUNDLE_ID = "org.sleuth.app"

ENTRY_SCRIPT = BUILD_DIR / "entry.py"
RUNTIME_HOOKS = [BUILD_DIR / "rthook_stdio.py"]

#: Icon files made by build/make_icon.py that only the build uses (not read at run time).
BUILD_ONLY_ASSETS = {"icon.ico", "icon.icns"}

#: Modules the app never uses but that PyInstaller would pull in if they are installed: GUI
#: toolkits, numpy (pygame's surfarray/sndarray import it when present), test suites and examples
#: shipped inside pygame and pymunk, and pymunk's helpers for other drawing libraries. Also
#: OpenSSL (``ssl``, ``_ssl``, ``_hashlib``: libcrypto and libssl, 5.5 MB unpacked): Sleuth never
#: goes online, every standard module that can use them imports them inside a try, and hashlib
#: falls back to Python's own sha256 (used by replays) without ``_hashlib``.
EXCLUDES = [
    "ssl",
    "_ssl",
    "_hashlib",
    "tkinter",
    "_tkinter",
    "numpy",
    "matplotlib",
    "PIL",
    "IPython",
    "pytest",
    "pygame.tests",
    "pygame.examples",
    "pygame.docs",
    "pygame.__pyinstaller",
    "pymunk.tests",
    "pymunk.examples",
    "pymunk.matplotlib_util",
    "pymunk.pyglet_util",
    "pymunk._pyglet15_util",
    "pymunk.pymunk_extension_build",
    "sleuth.tests",
]


def data_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """``(source file, folder inside the bundle)`` for every file the app reads at run time.

    Every card file (``data/cards/*.yaml``), every tutorial (``data/tutorials/*.yaml``) and everything in ``assets/`` (rules texts, the icon,
    anything added later) keeps its relative folder, which is the layout
    ``sleuth.resources.resource_root`` looks for under ``sys._MEIPASS``.
    """
    pairs = []
    for path in font_files():
        pairs.append((str(path), "fonts"))
        licence = path.parent.parent / "LICENSE"  # the SIL Open Font License travels with the font
        if licence.is_file() and (str(licence), f"fonts/{path.parent.parent.name}") not in pairs:
            pairs.append((str(licence), f"fonts/{path.parent.parent.name}"))
    for path in sorted((root / "data" / "cards").glob("*.yaml")):
        pairs.append((str(path), str(Path("data", "cards"))))
    for path in sorted((root / "data" / "tutorials").glob("*.yaml")):
        pairs.append((str(path), str(Path("data", "tutorials"))))
    for path in sorted((root / "assets").rglob("*")):
        if not path.is_file() or path.name in BUILD_ONLY_ASSETS or path.name.startswith("."):
            continue
        pairs.append((str(path), str(path.parent.relative_to(root))))
    return pairs


def font_files() -> list[Path]:
    """The typefaces the app draws with (``sleuth.resources.FONTS``), from their font packages."""
    sys.path.insert(0, str(ROOT))
    try:
        from sleuth.resources import FONTS, font_file
    finally:
        sys.path.pop(0)
    found = []
    for face, bold in FONTS:
        path = font_file(face, bold)
        if path is None:
            raise FileNotFoundError(f"the font package for {FONTS[(face, bold)][1]} is not installed")
        found.append(path)
    return found


def lazy_modules(root: Path = ROOT) -> list[str]:
    """Modules the app imports by name at run time (invisible to PyInstaller's import scan).

    The game registry (``sleuth/core/registry.py``) imports each game package with importlib, and
    the table view (``sleuth/ui/tableview.py``) imports each game's table package the same way
    (``sleuth/games/<pkg>/table/``, with every module in it). The
    spec also adds ``collect_submodules('sleuth')``; this list is what the tests check is covered.
    """
    modules = []
    games = root / "sleuth" / "games"
    for init in sorted(games.glob("*/__init__.py")):
        package = init.parent
        for module in sorted(package.rglob("*.py")):
            parts = module.relative_to(root).with_suffix("").parts
            if "__pycache__" in parts:
                continue
            modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return modules


def sleuth_modules(root: Path = ROOT) -> list[str]:
    """Every module of the sleuth package in the source tree (all must be in the bundle)."""
    package = root / "sleuth"
    names = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if "__pycache__" in parts or "_bundled" in parts:
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


#: Native pieces that must be in every build, as glob patterns on the path inside the bundle:
#: pymunk's chipmunk library and the cffi backend it loads through, and pygame's default font.
REQUIRED_NATIVE = ["pymunk/_chipmunk*", "_cffi_backend*", "pygame/freesansbold.ttf"]


def missing_from_bundle(files: set[str], modules: set[str], root: Path = ROOT) -> list[str]:
    """What a built bundle lacks, given the paths inside it and the modules in its archive."""
    from fnmatch import fnmatch

    files = {name.replace("\\", "/") for name in files}
    missing = []
    for source, folder in data_files(root):
        inside = Path(folder, Path(source).name).as_posix()
        if inside not in files:
            missing.append(f"data file {inside}")
    for pattern in REQUIRED_NATIVE:
        if not any(fnmatch(name, pattern) for name in files):
            missing.append(f"native library {pattern}")
    for module in sleuth_modules(root):
        if module not in modules:
            missing.append(f"module {module}")
    return missing


def icon_file(platform: str = sys.platform, root: Path = ROOT) -> str | None:
    """The icon in the format the system's executable takes (none for a Linux ELF file)."""
    if platform.startswith("win"):
        return str(root / "assets" / "icon.ico")
    if platform == "darwin":
        return str(root / "assets" / "icon.icns")
    return None


def strip_binaries(platform: str = sys.platform) -> bool:
    """Strip debug symbols from the native libraries: on Linux only (the Python library alone can
    carry ~18 MB of them); not on Windows (no strip tool) nor macOS (it would break signatures)."""
    return platform.startswith("linux")


def windowed(onedir: bool, platform: str = sys.platform) -> bool:
    """A windowed program (no terminal window on Windows and macOS), except macOS's one-file build:
    there the double-clickable form is the .app that --onedir makes, and PyInstaller discourages
    windowed one-file programs outside an .app, so the one-file build is a plain Terminal program."""
    return not (platform == "darwin" and not onedir)


def exe_name(platform: str = sys.platform) -> str:
    return NAME + (".exe" if platform.startswith("win") else "")


def onefile_path(dist: Path, platform: str = sys.platform) -> Path:
    return dist / exe_name(platform)


def onedir_path(dist: Path, platform: str = sys.platform) -> Path:
    """The executable inside the one-folder build."""
    return dist / ONEDIR_NAME / exe_name(platform)


#: The Linux download: the one-file program in a folder, packed so it keeps its permission to run
#: (a program file downloaded on its own loses it, and a file manager then will not start it).
LINUX_ARCHIVE = "sleuth-linux.tar.gz"
LINUX_README = """Sleuth: four detective card games.

Double-click "sleuth" in this folder to play. Your games, settings and statistics are kept in
~/.config/Sleuth and ~/.local/share/Sleuth, so this folder may be moved or replaced by a newer
one at any time.

If your file manager opens the program instead of running it, right-click it and choose "Run"
(or "Run as a Program"), or allow running executable files in its settings.
"""


def linux_archive(exe: Path, dest: Path) -> Path:
    """``dest``/sleuth-linux.tar.gz: a folder "Sleuth" holding ``exe`` (mode 755) and a README."""
    import io
    import tarfile

    archive = dest / LINUX_ARCHIVE
    with tarfile.open(archive, "w:gz") as tar:
        info = tar.gettarinfo(str(exe), arcname="Sleuth/sleuth")
        info.mode = 0o755
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        with open(exe, "rb") as handle:
            tar.addfile(info, handle)
        text = LINUX_README.encode()
        note = tarfile.TarInfo("Sleuth/README.txt")
        note.size, note.mode, note.mtime = len(text), 0o644, int(info.mtime)
        tar.addfile(note, io.BytesIO(text))
    return archive
