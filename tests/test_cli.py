import subprocess
import sys

from sleuth import __version__
from sleuth.cli import main


def test_version_and_help(capsys):
    for argv in (["--version"], ["--help"]):
        try:
            main(argv)
        except SystemExit as exc:
            assert exc.code == 0
    out = capsys.readouterr().out
    assert __version__ in out
    for command in ("match", "bench", "validate", "selftest"):
        assert command in out


def test_validate_bundled_data_passes(capsys):
    assert main(["validate"]) == 0


def test_validate_reports_a_broken_file_with_exit_2(tmp_path, capsys):
    bad = tmp_path / "x.yaml"
    bad.write_text("game: [\n")
    assert main(["validate", str(bad)]) == 2
    assert "not valid YAML" in capsys.readouterr().err


def test_python_dash_m_runs():
    result = subprocess.run([sys.executable, "-m", "sleuth", "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and __version__ in result.stdout


def test_selftest_passes(capsys):
    assert main(["selftest"]) == 0
