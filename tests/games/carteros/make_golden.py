"""Regenerate the Carteros golden records (run by hand after a deliberate rules change):

.venv/bin/python tests/games/carteros/make_golden.py
"""

from __future__ import annotations

from pathlib import Path

from mailbag.games.carteros import GAME
from mailbag.sim.runner import play_game

HERE = Path(__file__).parent / "golden"

#: name -> (seats, options, seed)
GAMES: dict[str, tuple[list[str], dict[str, bool], int]] = {
    "base-2p-greedy-random": (["greedy", "random"], {}, 1),
    "stampy-3p": (["greedy", "random", "greedy"], {"stampy": True}, 2),
    "missions-3p": (["random", "greedy", "greedy"], {"missions": True}, 5),
    "stampy-missions-4p": (
        ["greedy", "random", "greedy", "random"],
        {"stampy": True, "missions": True},
        3,
    ),
}


def tiebreak_seed(seats: list[str], options: dict[str, bool]) -> int:
    """The first seed whose game ends in the bicycle tie-break."""
    for seed in range(1000):
        result = play_game(GAME, seats, options, seed, fast=True)
        if any(result.state.tiebreak):
            return seed
    raise RuntimeError("no tie-break in 1000 games")


def main() -> None:
    HERE.mkdir(exist_ok=True)
    games = dict(GAMES)
    seats = ["greedy", "greedy"]
    games["tiebreak-2p"] = (seats, {}, tiebreak_seed(seats, {}))
    for name, (seats, options, seed) in games.items():
        result = play_game(GAME, seats, options, seed, digests=True)
        (HERE / f"{name}.jsonl").write_text(result.record.dumps())
        print(name, seed, result.turns, "decisions", result.scores, result.ranking)


if __name__ == "__main__":
    main()
