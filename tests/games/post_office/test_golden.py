"""Golden recorded Post Office games: each replays exactly, step digests and result included.

They are kept by ``make golden`` (tests/golden.py), which lists them with their seats and seeds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mailbag.core.records import load, replay

from .builder import GAME

GOLDEN = Path(__file__).parent / "golden"
GAMES = sorted(p.name for p in GOLDEN.glob("*.jsonl"))


@pytest.mark.parametrize("name", GAMES)
def test_golden_game_replays(name: str) -> None:
    path = GOLDEN / name
    record = load(path)
    assert record.game == "post_office"
    assert record.result is not None
    final = replay(GAME, record)
    assert GAME.is_over(final)
    players = len(record.seats)
    assert len(record.steps) == players * (7 * 10 + 4)  # 10 full rounds and a half round
    assert all(all(p.token) for p in final.players)
    assert [s.total for s in GAME.scores(final)] == record.result["scores"]
