"""A game from another installed package plays through the CLI with no change to mailbag: a
toy package with an entry point in the group ``mailbag.games`` is put on the path of a real
``mailbag`` process (a ``.dist-info`` folder is what an installed package leaves behind)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

CONTRACT = Path(__file__).parent.parent / "contract"

TOY = '''
"""A toy game in a package of its own: the tiny test game under another name."""
import dataclasses

from tiny import TinyGame


class ToyGame(TinyGame):
    spec = dataclasses.replace(TinyGame.spec, name="toy", title="Toy")


GAME = ToyGame()
'''


def install(site: Path, name: str, entry: str) -> None:
    dist = site / f"{name.replace('-', '_')}-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[mailbag.games]\n{entry}\n")


def mailbag(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(CONTRACT)]))
    return subprocess.run(
        [sys.executable, "-m", "mailbag", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=site,
    )


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    (tmp_path / "toy_package.py").write_text(TOY)
    install(tmp_path, "toy-package", "toy = toy_package:GAME")
    return tmp_path


def test_a_plugin_game_is_listed_played_simulated_and_benchmarked(site: Path) -> None:
    listed = mailbag(site, "games")
    assert listed.returncode == 0, listed.stderr
    assert "toy" in listed.stdout and "Toy" in listed.stdout
    played = mailbag(site, "play", "toy", "--seats", "random,greedy", "--seed", "2", "--json")
    assert played.returncode == 0, played.stderr
    result = json.loads(played.stdout)
    assert result["game"] == "toy" and result["turns"] == 8
    replayed = mailbag(site, "replay", result["record"])
    assert replayed.returncode == 0 and "verified: 8 steps" in replayed.stdout
    simulated = mailbag(site, "sim", "toy", "--seats", "random,greedy", "--games", "4",
                        "--out", "out", "--report", "none", "-q")
    assert simulated.returncode == 0, simulated.stderr
    assert (site / "out" / "games.jsonl").read_text().count("\n") == 4
    bench = mailbag(site, "bench", "toy", "--seconds", "0.2", "--json")
    assert bench.returncode == 0, bench.stderr


def test_a_broken_plugin_is_an_error_naming_it(tmp_path: Path) -> None:
    install(tmp_path, "broken", "broken = no_such_module:GAME")
    played = mailbag(tmp_path, "play", "broken")
    assert played.returncode == 2
    assert "game plug-in 'broken' (no_such_module:GAME) failed to load" in played.stderr
    assert "Traceback" not in played.stderr
    listed = mailbag(tmp_path, "games")
    assert listed.returncode == 0 and "postcards" in listed.stdout
