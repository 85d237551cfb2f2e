"""A game installed as a plug-in (the ``mailbag.games`` entry point) that brings an encoder gets a
PettingZoo environment with no file of mailbag edited; one that brings none is refused by name,
with that reason. Both run in a real ``python`` process with a toy package on its path (a
``.dist-info`` folder is what an installed package leaves behind), as tests/plugins does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

CONTRACT = Path(__file__).parent.parent / "contract"

#: the toy game's encoder, in its own folder: it imports the core and the standard library only
ENCODER = '''
"""The toy game's observation: the seat's hand by value, each seat's points, the deck."""
from array import array
from typing import Any

from mailbag.core import Action, Game, Observation, act
from mailbag.core.encoding import Encoder


class ToyEncoder(Encoder):
    @staticmethod
    def actions(game: Game[Any], num_players: int) -> list[Action]:
        return [*(act("play", v) for v in range(1, 7)), act("draw"), act("pass")]

    def layout(self) -> None:
        self.o_hand = self.add("hand", 6, "cards in hand by value / 2")
        self.o_points = self.add("points", self.num_players, "points by relative seat / 24")
        self.o_deck = self.add("deck", 1, "cards left in the deck / 12")

    def write(self, view: Observation, b: "array[float]") -> None:
        for card in view["hand"] or ():
            b[self.o_hand + card - 1] += 0.5
        for seat, points in enumerate(view["points"]):
            b[self.o_points + self.rel(view, seat)] = points / 24
        b[self.o_deck] = view["deck_size"] / 12
'''

PACKAGE = '''
"""A toy game in a package of its own, with an encoder beside its rules."""
import dataclasses

from tiny import TinyGame

from toy_rl.encoder import ToyEncoder


class ToyRlGame(TinyGame):
    spec = dataclasses.replace(TinyGame.spec, name="toy_rl", title="Toy RL")
    encoder = ToyEncoder


class ToyGame(TinyGame):
    spec = dataclasses.replace(TinyGame.spec, name="toy", title="Toy")


GAME = ToyRlGame()
PLAIN = ToyGame()
'''

SCRIPT = """
import json, sys
import numpy as np
from pettingzoo.test import api_test

import mailbag.rl as rl
from mailbag.core.errors import MailbagError

out = {}
env = rl.env("toy_rl", 3)
api_test(rl.env("toy_rl", 2), num_cycles=40)
env.reset(seed=4)
steps, rewards = 0, {}
for agent in env.agent_iter(max_iter=200):
    obs, reward, terminated, truncated, info = env.last()
    rewards[agent] = rewards.get(agent, 0.0) + reward
    if terminated or truncated:
        env.step(None)
        continue
    legal = np.flatnonzero(obs["action_mask"])
    env.step(int(legal[0]))
    steps += 1
out["steps"] = steps
out["size"] = int(env.observation_space(env.possible_agents[0])["observation"].shape[0])
out["actions"] = int(env.action_space(env.possible_agents[0]).n)
out["rewards"] = sorted(rewards.values())
out["table"] = [str(a) for a in rl.action_table(env.unwrapped.match.game, 3).actions]
try:
    rl.env("toy", 2)
except MailbagError as exc:
    out["refused"] = str(exc)
try:
    rl.parallel_env("toy", 2)
except MailbagError as exc:
    out["refused_parallel"] = str(exc)
print(json.dumps(out))
"""


def install(site: Path, name: str, entries: list[str]) -> None:
    dist = site / f"{name.replace('-', '_')}-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[mailbag.games]\n" + "\n".join(entries) + "\n")


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    package = tmp_path / "toy_rl"
    package.mkdir()
    (package / "__init__.py").write_text(PACKAGE)
    (package / "encoder.py").write_text(ENCODER)
    install(tmp_path, "toy-rl", ["toy_rl = toy_rl:GAME", "toy = toy_rl:PLAIN"])
    return tmp_path


def test_a_plugin_with_an_encoder_is_an_environment_and_one_without_is_refused(
    site: Path,
) -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(CONTRACT)]))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=site,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    # three seats, four turns each: the toy game's twelve decisions, taken by index
    assert out["steps"] == 12
    assert out["size"] == 6 + 3 + 1
    assert out["actions"] == 8
    assert out["table"] == [*(f"play {v}" for v in range(1, 7)), "draw", "pass"]
    assert out["rewards"][-1] > 0 > out["rewards"][0]
    for key in ("refused", "refused_parallel"):
        assert out[key].startswith("toy brings no reinforcement-learning encoder"), out[key]
