"""Test-wide set-up: the contract helpers (tests/contract) are importable from every test."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "contract"))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Games played by tests save their records in a private folder, never the user's."""
    monkeypatch.setenv("MAILBAG_DATA_DIR", str(tmp_path_factory.mktemp("data")))
