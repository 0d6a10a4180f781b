"""The bundle layout at run time: resources resolve under sys._MEIPASS, a damaged card file or a
missing display gives a clear message (not a traceback), and the executable's entry script and
stdio hook behave. Each start-up case runs in a fresh interpreter, as the executable would."""

import os
import subprocess
import sys
import textwrap

import pytest

from sleuth import resources
from tests.build.conftest import BUILD, ROOT, load


@pytest.fixture
def frozen(bundle_layout, monkeypatch):
    """sys._MEIPASS points at a copy of the bundle's data files (as in the running executable)."""
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle_layout), raising=False)
    resources.resource_root.cache_clear()
    yield bundle_layout
    resources.resource_root.cache_clear()


def test_resources_resolve_inside_the_bundle_first(frozen):
    assert resources.resource_root() == frozen
    assert resources.data_file("bakerstreet.yaml").parent == frozen / "data" / "cards"
    for rules in (ROOT / "assets" / "rules").glob("*.txt"):
        assert resources.asset(f"rules/{rules.name}").read_text(encoding="utf-8") == rules.read_text(encoding="utf-8")
    assert resources.asset("icon.png").is_file()


def test_all_card_data_loads_from_the_bundle(frozen):
    from sleuth.data.validate import validate_files

    assert validate_files() == []


def run_frozen(meipass, code: str, env_changes: dict | None = None, drop=()) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter that believes it is the executable unpacked at ``meipass``."""
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.update(env_changes or {})
    for name in drop:
        env.pop(name, None)
    prelude = f"import sys; sys._MEIPASS = {str(meipass)!r}; sys.path.insert(0, {str(BUILD)!r})\n"
    return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_a_damaged_card_file_stops_the_start_with_a_clear_message(bundle_layout):
    card = bundle_layout / "data" / "cards" / "bakerstreet.yaml"
    card.write_text(card.read_text(encoding="utf-8") + "\n  : [unclosed\n", encoding="utf-8")
    result = run_frozen(bundle_layout, "import entry; sys.argv = ['sleuth']; sys.exit(entry.run())")
    assert result.returncode == 1
    assert "card data is damaged" in result.stderr
    assert "bakerstreet.yaml" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_a_missing_card_file_stops_the_start_with_a_clear_message(bundle_layout):
    (bundle_layout / "data" / "cards" / "case-connection.yaml").unlink()
    result = run_frozen(bundle_layout, "import entry; sys.argv = ['sleuth']; sys.exit(entry.run())")
    assert result.returncode == 1
    assert "card data is damaged" in result.stderr and "case-connection.yaml" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="'no display' is DISPLAY/WAYLAND_DISPLAY on Linux")
def test_no_display_gives_a_clear_message(bundle_layout):
    result = run_frozen(bundle_layout, "import entry; sys.argv = ['sleuth']; sys.exit(entry.run())",
                        drop=("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"))
    assert result.returncode == 1
    assert "needs a display" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_app_draws_its_first_frame_from_the_bundle_and_writes_nothing_there(bundle_layout, tmp_path):
    before = {p: p.stat().st_mtime_ns for p in bundle_layout.rglob("*")}
    result = run_frozen(bundle_layout, "import entry; sys.argv = ['sleuth']; sys.exit(entry.run())",
                        {"SLEUTH_EXIT_AFTER_FIRST_FRAME": "1", "SLEUTH_HOME": str(tmp_path / "home")})
    assert result.returncode == 0, result.stderr
    build = load("build")
    lines = [x for x in result.stdout.splitlines() if x.startswith(build.FIRST_FRAME_PREFIX)]
    assert lines and float(lines[0][len(build.FIRST_FRAME_PREFIX):]) > 1e9
    assert {p: p.stat().st_mtime_ns for p in bundle_layout.rglob("*")} == before, "nothing written in the bundle"


def test_an_unexpected_error_at_start_is_a_message_and_exit_1(monkeypatch, capsys):
    entry = load("entry")
    import sleuth.cli
    import sleuth.ui.startup

    shown = []

    def boom(argv=None):
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(sleuth.cli, "main", boom)
    monkeypatch.setattr(sleuth.ui.startup, "show_problem", shown.append)
    monkeypatch.setattr(sys, "argv", ["sleuth"])
    assert entry.run() == 1
    assert shown and "unexpected error" in shown[0] and "the table fell over" in shown[0]
    # a command (any argument) keeps the ordinary traceback for whoever typed it
    monkeypatch.setattr(sys, "argv", ["sleuth", "selftest"])
    with pytest.raises(RuntimeError):
        entry.run()


def test_no_stdout_or_stderr_does_not_crash_a_command():
    """A windowed Windows build has sys.stdout = sys.stderr = None: the runtime hook fills them in."""
    hook = (BUILD / "rthook_stdio.py").read_text(encoding="utf-8")
    code = f"""
        import sys
        sys.stdout = sys.stderr = None
        exec({hook!r})
        sys.stderr.write("written to the null device\\n")
        sys.stderr.isatty()
        from sleuth.cli import main
        code = main(["validate"])
        sys.__stdout__.write(f"exit {{code}}\\n")
    """
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "exit 0"
    assert result.stderr == ""
