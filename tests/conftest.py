"""Test-wide set-up: the contract helpers (tests/contract) are importable from every test."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "contract"))


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games played by tests save their records in a private folder, never the user's."""
    monkeypatch.setenv("MAILBAG_DATA_DIR", str(tmp_path_factory.mktemp("data")))
