"""One Sleuth at a time on one set of player files (executable play-test: two windows opened on
the same saves and statistics, each saving over the other, without a word)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from sleuth.store.instance import ALREADY_OPEN, InstanceLock
from sleuth.store.paths import UserPaths

HOLD = ("import sys, time\n"
        "from sleuth.store.instance import InstanceLock\n"
        "from sleuth.store.paths import UserPaths\n"
        "lock = InstanceLock(UserPaths.default())\n"
        "print(lock.acquire(), flush=True)\n"
        "time.sleep(120)\n")


def holder(home):
    """Another process that takes the lock on ``home`` and keeps it; its first line says whether it got it."""
    env = dict(os.environ, SLEUTH_HOME=str(home))
    return subprocess.Popen([sys.executable, "-c", HOLD], stdout=subprocess.PIPE, text=True, env=env)


def test_a_second_process_cannot_take_the_lock_until_the_first_lets_go(tmp_path, monkeypatch):
    monkeypatch.setenv("SLEUTH_HOME", str(tmp_path))
    mine = InstanceLock(UserPaths.default())
    assert mine.acquire()
    other = holder(tmp_path)
    try:
        assert other.stdout.readline().strip() == "False"
    finally:
        other.kill()
        other.wait()
    mine.release()
    other = holder(tmp_path)
    try:
        assert other.stdout.readline().strip() == "True"
    finally:
        other.kill()
        other.wait()


@pytest.mark.skipif(os.name != "posix", reason="kills a process with SIGKILL")
def test_a_killed_copy_leaves_no_stale_lock(tmp_path, monkeypatch):
    monkeypatch.setenv("SLEUTH_HOME", str(tmp_path))
    other = holder(tmp_path)
    assert other.stdout.readline().strip() == "True"
    assert not InstanceLock(UserPaths.default()).acquire()
    other.send_signal(signal.SIGKILL)
    other.wait()
    lock = InstanceLock(UserPaths.default())
    assert lock.acquire()
    lock.release()


def test_the_app_says_it_is_already_open_and_does_not_start(tmp_path, monkeypatch):
    from sleuth.ui import app as app_module
    from sleuth.ui import startup

    monkeypatch.setenv("SLEUTH_HOME", str(tmp_path))
    shown = []
    monkeypatch.setattr(startup, "show_problem", shown.append)
    monkeypatch.setattr(app_module.App, "__init__", lambda self: pytest.fail("a second copy opened"))
    other = holder(tmp_path)
    try:
        assert other.stdout.readline().strip() == "True"
        assert app_module.run_app() == 1
    finally:
        other.kill()
        other.wait()
    assert shown == [ALREADY_OPEN]


def test_a_folder_that_cannot_be_written_does_not_stop_the_start(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    lock = InstanceLock(UserPaths(blocked / "config", blocked / "data", blocked / "logs"))
    assert lock.acquire()
