"""Golden recorded Post Office games: each replays exactly, step digests and result included.

Regenerate (only after a deliberate rules change) with
``MAILBAG_REGEN_GOLDEN=1 pytest tests/games/post_office/test_po_golden.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from po_builder import GAME

from mailbag.core.records import load, replay
from mailbag.sim.runner import play_game

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "two_players_random.jsonl": (["random", "random"], {"goals": False}, 101),
    "three_players_goals_greedy.jsonl": (["greedy", "random", "greedy"], {"goals": True}, 202),
    "four_players_goals_random.jsonl": (["random"] * 4, {"goals": True}, 303),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_replays(name: str) -> None:
    path = GOLDEN / name
    if os.environ.get("MAILBAG_REGEN_GOLDEN"):
        seats, options, seed = GAMES[name]
        result = play_game(GAME, seats, options, seed, digests=True)
        path.write_text(result.record.dumps(), encoding="utf-8")
    record = load(path)
    assert record.game == "post_office"
    assert record.result is not None
    final = replay(GAME, record)
    assert GAME.is_over(final)
    players = len(record.seats)
    assert len(record.steps) == players * (7 * 10 + 4)  # 10 full rounds and a half round
    assert all(all(p.token) for p in final.players)
    assert [s.total for s in GAME.scores(final)] == record.result["scores"]
