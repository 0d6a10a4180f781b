"""PyInstaller runtime hook: give a windowed executable somewhere to print.

A windowed build on Windows (and a macOS app started from Finder) has no console, so
``sys.stdout`` and ``sys.stderr`` are None, and anything that writes to them directly (rather than
through ``print``) would crash. Point them at the null device instead; the exit code still tells
``sleuth selftest``'s result. Runs before the entry script.
"""

import os
import sys

for _name in ("stdout", "stderr"):
    if getattr(sys, _name) is None:
        setattr(sys, _name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long as the process
