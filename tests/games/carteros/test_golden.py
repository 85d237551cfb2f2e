"""Golden recorded Carteros games replay exactly: every action is still legal, every state digest
matches, and the recorded result is reproduced (`make golden` keeps them, see tests/golden.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mailbag.core.records import load, replay
from mailbag.games.carteros import GAME

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.jsonl"))


def test_there_are_golden_games_for_every_mode() -> None:
    modes = {(load(p).options.get("stampy"), load(p).options.get("missions")) for p in GOLDEN}
    assert modes == {(False, False), (True, False), (False, True), (True, True)}


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays(path: Path) -> None:
    record = load(path)
    state = replay(GAME, record)
    assert GAME.is_over(state)
    assert record.result is not None and record.result["ranking"] == GAME.ranking(state)
    if path.stem.startswith("tiebreak"):
        assert any(state.tiebreak) and min(GAME.ranking(state)) == 1
