"""``python -m mailbag`` and the ``mailbag`` command: Ctrl-C even while mailbag is still loading
ends with one line, never a traceback."""

from __future__ import annotations

import sys


def run() -> None:
    try:
        from mailbag.cli import main
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    main()


if __name__ == "__main__":
    run()
