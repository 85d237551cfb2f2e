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


@pytest.fixture(scope="session")
def compiled_build() -> Path:
    """The compiled build's folder (``make compiled``; ``make test`` makes it first). Without a
    C compiler it cannot be made and the test is skipped, saying so; with one, a missing or
    stale build fails the test."""
    from mailbag._build import COMPILED_DIR, compiled_state, compiler_missing

    why = compiled_state()
    if why is not None:
        missing = compiler_missing()
        if missing is not None:
            pytest.skip(f"{missing}: the compiled build cannot be made here and is not tested")
        pytest.fail(f"{why}: run `make compiled` (make test does) before this test")
    return COMPILED_DIR
