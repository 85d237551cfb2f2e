"""Play seeded games and searches and print a digest of everything that happened, as JSON.

Run by tests/speed/test_compiled.py once under each build (``MAILBAG_BUILD=pure`` and
``MAILBAG_BUILD=compiled``), in its own process; the two digests must be equal. For each game:
``GAMES`` random playouts (seat counts in turn over the game's range, the actions chosen by a
seeded generator from the legal actions), digesting every decision (the seat, the number of
legal actions, the action chosen), the final state's JSON and the scores; and a few MCTS
searches with a fixed number of iterations (``iters=``), digesting every root child's visits.

Usage: python tests/speed/differential.py GAME PLAYOUTS SEARCHES ITERS
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from mailbag import games
from mailbag._build import build_name
from mailbag.bots.mcts import MctsBot
from mailbag.core import Game, Rng, new_game
from mailbag.core.serialize import state_to_json

#: Postcards' tables with an Automa besides the seat counts (its turns run inside apply)
AUTOMA_TABLES: tuple[tuple[str, ...], ...] = (
    ("player", "automa:normal"),
    ("player", "player", "automa:expert"),
    ("player", "automa:easy"),
)


def tables(game: Game[Any]) -> list[int | tuple[str, ...]]:
    """The tables the playouts go round: every seat count from 2, and Postcards' Automa ones."""
    low, high = max(2, game.spec.min_seats), game.spec.max_seats
    counts: list[int | tuple[str, ...]] = list(range(low, high + 1))
    return counts + list(AUTOMA_TABLES) if game.spec.name == "postcards" else counts


def playouts(game: Game[Any], count: int) -> dict[str, Any]:
    digest = hashlib.sha256()
    round_ = tables(game)
    decisions = 0
    for g in range(count):
        seats = round_[g % len(round_)]
        state = new_game(game, seats, {}, g)
        rng = Rng.from_seed(g, 0xD1FF)
        for _step in range(100_000):
            deciders = game.deciders(state)
            if not deciders:
                break
            seat = deciders[rng.randbelow(len(deciders))]
            legal = game.legal_actions(state, seat)
            action = legal[rng.randbelow(len(legal))]
            digest.update(f"{seat}|{len(legal)}|{action};".encode())
            game.apply_in_place(state, seat, action)
            decisions += 1
        else:
            raise AssertionError(f"{game.spec.name} game {g} did not end")
        digest.update(state_to_json(game, state).encode())
        digest.update(json.dumps(game.scores(state), sort_keys=True, default=str).encode())
    return {"games": count, "decisions": decisions, "digest": digest.hexdigest()}


def searches(game: Game[Any], count: int, iters: int) -> list[list[tuple[str, int]]]:
    roots = []
    for s in range(count):
        state = new_game(game, 2, {}, 500 + s)
        seat = game.deciders(state)[0]
        legal = game.legal_actions(state, seat)
        bot = MctsBot(game, seat, s, iters=iters)
        root = bot.search(game.view(state, seat), legal)
        roots.append(sorted((str(a), child.visits) for a, child in root.children.items()))
    return roots


def main() -> None:
    name = sys.argv[1]
    count, search_count, iters = (int(a) for a in sys.argv[2:5])
    game = games.get(name)
    out = {
        "build": build_name(),
        "game": name,
        "playouts": playouts(game, count),
        "searches": searches(game, search_count, iters),
    }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
