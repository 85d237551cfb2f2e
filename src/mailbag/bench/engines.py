"""One timed measurement, printed as one JSON line: run by :mod:`mailbag.bench.compare` in a
fresh process, as a script (it imports no mailbag at its top: OpenSpiel's environment has none).

    python src/mailbag/bench/engines.py playout mailbag GAME SECONDS   (the mailbag venv;
                                                                        MAILBAG_BUILD chooses)
    python src/mailbag/bench/engines.py playout openspiel GAME SECONDS (the OpenSpiel venv;
                                                                        pyspiel names)
    python src/mailbag/bench/engines.py mcts mailbag GAME ITERS

Random playouts: from a new game, until it ends, the deciding seat's legal actions are generated
at every step and one is applied, chosen uniformly by a seeded generator; chance (OpenSpiel's
chance nodes, mailbag's shuffles inside apply) is resolved but not counted. The figure is
decisions per CPU-second (``time.process_time``), new games included. MCTS: one search of ITERS
iterations from the opening's first decider (the default search), iterations per CPU-second.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any


def mailbag_playouts(name: str, seconds: float) -> dict[str, Any]:
    from mailbag import games
    from mailbag.core import new_game

    try:
        from mailbag._build import build_name

        build = build_name()
    except ImportError:  # a baseline from before the compiled build
        build = "pure"
    game = games.get(name)
    rng = random.Random(0)
    deciders, legal_actions, apply_in_place = game.deciders, game.legal_actions, game.apply_in_place
    decisions = played = 0
    clock = time.process_time
    start = clock()
    while clock() - start < seconds:
        state = new_game(game, 2, {}, played)
        while True:
            now = deciders(state)
            if not now:
                break
            seat = now[0]
            legal = legal_actions(state, seat)
            apply_in_place(state, seat, legal[int(rng.random() * len(legal))])
            decisions += 1
        played += 1
    elapsed = clock() - start
    return {"per_s": decisions / elapsed, "games": played, "build": build}


def openspiel_playouts(name: str, seconds: float) -> dict[str, Any]:
    import pyspiel

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
    game = pyspiel.load_game(name)
    rng = random.Random(0)
    decisions = played = 0
    clock = time.process_time
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            decisions += 1
        played += 1
    elapsed = clock() - start
    return {"per_s": decisions / elapsed, "games": played, "build": "C++"}


def mailbag_mcts(name: str, iters: int) -> dict[str, Any]:
    from mailbag import games
    from mailbag.bots.mcts import MctsBot
    from mailbag.core import new_game

    game = games.get(name)
    state = new_game(game, 2, {}, 0)
    seat = game.deciders(state)[0]
    legal = game.legal_actions(state, seat)
    bot = MctsBot(game, seat, 0, iters=iters)
    view = game.view(state, seat)
    start = time.process_time()
    bot.search(view, legal)
    elapsed = time.process_time() - start
    return {"per_s": bot.last_iterations / elapsed, "iterations": bot.last_iterations}


def main() -> None:
    what, engine, name, amount = sys.argv[1:5]
    if what == "playout":
        run = mailbag_playouts if engine == "mailbag" else openspiel_playouts
        result = run(name, float(amount))
    else:
        result = mailbag_mcts(name, int(amount))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
