"""The full-screen terminal UI (Textual, the optional extra ``mailbag[tui]``): ``mailbag play``
opens it when it runs in a terminal and Textual is installed (``--plain`` keeps line mode)."""

from __future__ import annotations

import importlib.util


def available() -> bool:
    """Whether Textual is installed (the ``tui`` extra)."""
    return importlib.util.find_spec("textual") is not None
