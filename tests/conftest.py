"""Test-wide set-up: the contract helpers (tests/contract) are importable from every test."""

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "contract"))


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games played by tests save their records in a private folder, never the user's."""
    monkeypatch.setenv("MAILBAG_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _english_after_each_test(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English, whatever the machine's locale, and a command run with
    ``--lang`` (which sets the language for the rest of its process) does not leak into the
    next test on the same worker."""
    from mailbag.core.i18n import set_language

    monkeypatch.delenv("MAILBAG_LANG", raising=False)
    set_language("en")
    yield
    set_language("en")
