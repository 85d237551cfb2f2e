"""Regenerate the golden recorded games of Postcards (run by hand after a deliberate rules
change: ``.venv/bin/python tests/games/postcards/make_golden.py``)."""

from __future__ import annotations

from pathlib import Path

from mailbag.games.postcards import GAME
from mailbag.sim.runner import play_game

GAMES = [
    ("2p-en-A-greedy", ["greedy", "random"], {"edition": "en", "side": "A"}, 1),
    ("3p-nl-B-greedy", ["greedy", "greedy", "random"], {"edition": "nl", "side": "B"}, 2),
    ("4p-en-B-greedy", ["greedy", "greedy", "greedy", "greedy"], {"edition": "en", "side": "B"}, 3),
    ("2p-nl-A-greedy", ["greedy", "greedy"], {"edition": "nl", "side": "A"}, 4),
]


def main() -> None:
    folder = Path(__file__).parent / "golden"
    folder.mkdir(exist_ok=True)
    for name, seats, options, seed in GAMES:
        result = play_game(GAME, seats, options, seed, digests=True)
        (folder / f"{name}.jsonl").write_text(result.record.dumps(), encoding="utf-8")
        print(name, result.turns, "decisions, scores", result.scores)


if __name__ == "__main__":
    main()
