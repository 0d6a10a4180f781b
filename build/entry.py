"""The executable's entry point: ``sleuth`` as a frozen program (see build/sleuth.spec).

With no arguments it opens the app (a double-click); any arguments are the ``sleuth`` command line,
so ``sleuth selftest`` checks the executable itself.
"""

import multiprocessing
import os
import sys


def run() -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from sleuth.cli import main

    if len(sys.argv) > 1:
        return main()
    set_window_icon()
    # The double-click path: an unexpected error becomes a message (window or stderr), never a
    # bare traceback in a bootloader dialog. The traceback still goes to stderr for a terminal.
    try:
        return main()
    except Exception as exc:  # noqa: BLE001
        import traceback

        traceback.print_exc()
        from sleuth.ui.startup import crash_report, show_problem

        show_problem(crash_report(exc))
        return 1


def set_window_icon() -> None:
    """Sleuth's icon (assets/icon.png) on the window and taskbar instead of pygame's default.

    Set before the window opens, as some systems ignore a later change. Best effort: without a
    display this does nothing, and the app's start-up check then says what is wrong.
    """
    try:
        import pygame

        from sleuth.resources import asset

        pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
    except Exception:  # noqa: BLE001 - an icon is never worth failing the start for
        pass


if __name__ == "__main__":
    multiprocessing.freeze_support()  # `sleuth match --jobs N` starts worker processes
    sys.exit(run())
