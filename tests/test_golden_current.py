"""Every golden game is up to date: re-recording it under the current engine changes nothing
(after a deliberate rules or format change, `make golden` rewrites them and lists what moved)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import golden


def test_the_golden_games_are_up_to_date(capsys) -> None:  # type: ignore[no-untyped-def]
    status = golden.main(["--check"])
    shown = capsys.readouterr().out
    assert status == 0, f"run `make golden`:\n{shown}"
    assert shown.count("unchanged") == len(golden.GOLDEN)
