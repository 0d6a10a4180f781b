"""``sleuth selftest``: a headless run through everything, used to check the packaged executable.

It loads all card data and the tutorials, plays one bots-only game of every registered game, then opens every scene
headless and plays one bots-only game of each game through its real table scene.
"""

from __future__ import annotations

import os
import sys
import time


def run_selftest() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from sleuth.ai.match import play_game
    from sleuth.core.registry import available
    from sleuth.data.validate import validate_files

    start = time.perf_counter()
    problems = validate_files()
    for message in problems:
        print(f"selftest: data: {message}", file=sys.stderr)
    if problems:
        return 1
    from sleuth.resources import FONTS, font_file

    missing = [name for (face, bold), (_, name) in FONTS.items() if font_file(face, bold) is None]
    if missing:
        print(f"selftest: fonts: missing {', '.join(missing)}", file=sys.stderr)
        return 1
    from sleuth.data.tutorials import has_tutorial

    lessons = [spec.id for spec in available() if not has_tutorial(spec.id)]
    if lessons:  # the bundle must carry data/tutorials (each file was checked by validate_files)
        print(f"selftest: tutorials: missing for {', '.join(lessons)}", file=sys.stderr)
        return 1
    for spec in available():
        record = play_game(spec, ["random"] * spec.min_players, {}, seed=1)
        if record.error:
            print(f"selftest: {spec.id}: a bots-only game crashed:\n{record.error}", file=sys.stderr)
            return 1
        print(f"selftest: {spec.id}: {record.actions} actions, {record.reason}")
    from sleuth.ui.selftest import run_ui_selftest

    failure = run_ui_selftest()
    if failure:
        print(f"selftest: ui: {failure}", file=sys.stderr)
        return 1
    print(f"selftest: ok in {time.perf_counter() - start:.1f}s")
    return 0
