"""The RL layer's optional C parts, loaded where they were built.

``mailbag/rl/_actions.c`` (action masks, and ``Core``: the environments' position cache and
step) and each game's observation encoding (its encoder's C twin, ``games/<game>/_encoder.c``
for the built-in games: :attr:`mailbag.core.encoding.Encoder.native_twin`) are optional
extensions, built when the package is installed where a C compiler is found. Each is a faster
twin of Python code that stays the reference and runs where the extension is missing; tests/rl
holds each to its reference. ``MAILBAG_RL_NATIVE=0`` turns them all off (for measuring the
Python paths, or ruling the C out).
"""

from __future__ import annotations

from typing import Any

from mailbag.core.encoding import load_native, native_enabled


def enabled() -> bool:
    """False when ``MAILBAG_RL_NATIVE=0`` turns the C parts off."""
    return native_enabled()


def load(name: str) -> Any:
    """The extension ``mailbag.rl.<name>``, or None where it was not built or is turned off."""
    return load_native(f"mailbag.rl.{name}")
