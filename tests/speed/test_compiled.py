"""The compiled build changes nothing but speed: the same seeded games and searches, played by
the pure-Python package and by the compiled copy (``make compiled``), give identical records,
final states, scores and MCTS visit counts.

Each build runs tests/speed/differential.py in its own process (``MAILBAG_BUILD`` chooses); the
two run side by side. Only the compiled modules differ between the two processes: every other
module loads from src/mailbag in both. Without a C compiler the compiled half cannot be built
and the test is skipped, saying so; with one, a missing or stale compiled build fails (``make
compiled``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SRC = Path(__file__).resolve().parents[2] / "src" / "mailbag"
#: seeded random games per game, MCTS searches per game and their iterations
PLAYOUTS = 1000
SEARCHES = 3
ITERS = 150


def _run(build: str, game: str) -> subprocess.Popen[str]:
    env = dict(os.environ, MAILBAG_BUILD=build)
    return subprocess.Popen(
        [
            sys.executable,
            str(HERE / "differential.py"),
            game,
            str(PLAYOUTS),
            str(SEARCHES),
            str(ITERS),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _result(proc: subprocess.Popen[str]) -> dict[str, object]:
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    result = json.loads(out)
    assert isinstance(result, dict)
    return result


@pytest.fixture(scope="module")
def compiled(compiled_build: Path) -> Path:
    if SRC.parent.name != "src" or not SRC.is_dir():
        pytest.skip("the differential test runs in a checkout (src/mailbag beside tests/)")
    return compiled_build


@pytest.mark.parametrize("game", ["postcards", "post_office", "carteros"])
def test_compiled_build_plays_the_same_games(compiled: Path, game: str) -> None:
    pure, fast = _run("pure", game), _run("compiled", game)
    a, b = _result(pure), _result(fast)
    assert (a.pop("build"), b.pop("build")) == ("pure", "compiled")
    playouts = a["playouts"]
    assert isinstance(playouts, dict) and playouts["games"] == PLAYOUTS
    assert playouts["decisions"] > 20 * PLAYOUTS
    searches = a["searches"]
    assert isinstance(searches, list) and len(searches) == SEARCHES
    assert all(sum(v for _a, v in root) >= ITERS - 1 for root in searches)
    assert a == b
