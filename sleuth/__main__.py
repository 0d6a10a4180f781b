"""``python -m sleuth`` and the ``sleuth`` command."""

import sys

from sleuth.cli import main

if __name__ == "__main__":
    sys.exit(main())
