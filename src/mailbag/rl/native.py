"""The RL layer's optional C parts, loaded where they were built.

``mailbag/rl/_actions.c`` (action masks, and ``Core``: the environments' position cache and
step) and ``mailbag/rl/_obs_<game>.c`` (observations) are optional extensions, built when the
package is installed where a C compiler is found. Each is a faster twin of Python code that
stays the reference and runs where the extension is missing; tests/rl holds each to its
reference. ``MAILBAG_RL_NATIVE=0`` turns them all off (for measuring the Python paths, or ruling
the C out).
"""

from __future__ import annotations

import importlib
import os
from typing import Any


def enabled() -> bool:
    """False when ``MAILBAG_RL_NATIVE=0`` turns the C parts off."""
    return os.environ.get("MAILBAG_RL_NATIVE", "1") != "0"


def load(name: str) -> Any:
    """The extension ``mailbag.rl.<name>``, or None where it was not built or is turned off."""
    if not enabled():
        return None
    try:
        return importlib.import_module(f"mailbag.rl.{name}")
    except ImportError:
        return None
