"""Saved states load in the compiled build exactly as in the pure one: states saved at many
steps of random games of every game (Postcards' players and decision frames, Carteros' pending
tasks among them) and the saved states of mailbag 0.1 are read by both builds, each in its own
process, and come back the same — the same JSON, the same record digests, the same classes
(nested records are records, never dicts: mypyc strips the element types of the compiled
classes' annotations, ``list[Player]`` reads ``list``, and msgspec alone would leave them dicts).
Skipped without a C compiler; a missing or stale compiled build fails (``make compiled``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from mailbag.bots import make_agents
from mailbag.core import apply, new_game, state_to_json
from mailbag.games import get

HERE = Path(__file__).parent
SEATS = {"postcards": 3, "post_office": 3, "carteros": 3}


def _saved_states() -> list[list[str]]:
    """Every 7th state of 4 random games of each game, and the 0.1 fixtures' saved states."""
    found: list[list[str]] = []
    for name, seats in SEATS.items():
        game = get(name)
        for seed in range(4):
            state = new_game(game, ("player",) * seats, {}, seed)
            agents = make_agents(game, ["random"] * seats, seed)
            for step in range(10_000):
                if game.is_over(state):
                    break
                if step % 7 == 0:
                    found.append([name, state_to_json(game, state)])
                seat = game.deciders(state)[0]
                legal = game.legal_actions(state, seat)
                state, _ = apply(game, state, seat, agents[seat].choose({}, legal))
            found.append([name, state_to_json(game, state)])
    for path in sorted((HERE / "records_0_1").glob("*-states.jsonl")):
        name = json.loads(
            path.with_name(path.stem[: -len("-states")] + ".jsonl").read_text().split("\n")[0]
        )["game"]
        for line in path.read_text().splitlines():
            found.append([name, json.dumps(json.loads(line)["state"])])
    return found


def _load(build: str, states: list[list[str]]) -> dict[str, Any]:
    env = dict(os.environ, MAILBAG_BUILD=build)
    done = subprocess.run(
        [sys.executable, str(HERE / "load_states.py")],
        input=json.dumps(states),
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-5000:]
    result = json.loads(done.stdout)
    assert isinstance(result, dict)
    return result


def test_the_compiled_build_loads_every_saved_state_as_the_pure_one(compiled_build: Path) -> None:
    states = _saved_states()
    tasks = [json.loads(t)["state"].get("tasks") for n, t in states if n == "carteros"]
    stacks = [json.loads(t)["state"]["turn"]["stack"] for n, t in states if n == "postcards"]
    assert sum(1 for t in tasks if t) >= 5 and sum(1 for s in stacks if s) >= 5
    pure, compiled = _load("pure", states), _load("compiled", states)
    assert (pure["build"], compiled["build"]) == ("pure", "compiled")
    assert len(compiled["states"]) == len(states) > 300
    for (name, text), a, b in zip(states, pure["states"], compiled["states"], strict=True):
        assert "dict" not in b["classes"], (name, b["classes"])
        assert a == b, name
        assert json.loads(a["json"])["state"] == _filled(json.loads(text)["state"], a)


def _filled(saved: dict[str, Any], loaded: dict[str, Any]) -> dict[str, Any]:
    """The saved state with the fields it left out (0.1 had no ``rules``) as loaded."""
    again = json.loads(loaded["json"])["state"]
    return {**{k: v for k, v in again.items() if k not in saved}, **saved}
