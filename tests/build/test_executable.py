"""The real thing: build the one-file executable with PyInstaller and run its checks.

Slow (half a minute to a few minutes) and needs the build extra, so it only runs when asked:

    SLEUTH_TEST_BUILD=1 pytest tests/build/test_executable.py

(.ci/run does the same build and checks with ``python build/build.py --ci`` after the tests.)
"""

import os

import pytest

from tests.build.conftest import load

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("SLEUTH_TEST_BUILD") != "1", reason="set SLEUTH_TEST_BUILD=1 to build"),
]


def test_build_the_one_file_executable_and_check_it():
    pytest.importorskip("PyInstaller")
    build = load("build")
    assert build.main(["--check"]) == 0
    exe = build.bundle.onefile_path(build.DIST)
    assert exe.is_file() and os.access(exe, os.X_OK)
    assert exe.stat().st_size < 40e6, "the one-file executable stays under 40 MB"
