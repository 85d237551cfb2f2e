"""Test games for the simulation tests (tiny from tests/contract, Duel from tests/bots) and a
fixture that registers them by name for the duration of a test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for folder in (HERE.parent / "contract", HERE.parent / "bots"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """tiny and duel found by name in the registry during one test, and only then."""
    import duel
    import tiny

    from mailbag.core import registry

    monkeypatch.setitem(registry._LOADED, "tiny", tiny.GAME)
    monkeypatch.setitem(registry._LOADED, "duel", duel.GAME)
    yield
