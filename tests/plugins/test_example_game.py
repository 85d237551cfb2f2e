"""The example of a game in a package of its own (examples/mailbag-example-game: Letterbox, with
its rules, texts, encoder and board), installed through the ``mailbag.games`` entry point with no
file of mailbag edited: ``mailbag games`` lists it, ``mailbag play`` plays it to the end, it is a
PettingZoo environment, it passes the contract checks of ``mailbag.testing``, and ``mailbag
serve`` serves its own board and names it in the welcome (tests/browser plays it there).

``make test`` installs the example (the dev set-up does); elsewhere these tests are skipped,
saying so, unless ``CI`` is set: there a missing example is a failure.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from mailbag.core.registry import get

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mailbag-example-game"


def require_example() -> None:
    """Skip (or, under CI, fail) when the example package is not installed."""
    entry = [ep for ep in entry_points(group="mailbag.games") if ep.name == "letterbox"]
    if entry and importlib.util.find_spec("letterbox") is not None:
        return
    why = (
        "the example game is not installed (make test installs it: "
        f"pip install -e {EXAMPLE.relative_to(EXAMPLE.parents[1])})"
    )
    if os.environ.get("CI"):
        pytest.fail(why)
    pytest.skip(why)


@pytest.fixture(autouse=True)
def _installed() -> None:
    require_example()


def mailbag(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mailbag", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        env=dict(os.environ, MAILBAG_DATA_DIR=str(cwd / "data")),
    )


def test_it_is_found_through_the_entry_point_and_plays_in_mailbag_play(tmp_path: Path) -> None:
    game = get("letterbox")
    assert type(game).__module__ == "letterbox.game"  # from its own package, not mailbag's
    assert Path(sys.modules["letterbox"].__file__ or "").parent == EXAMPLE / "letterbox"
    listed = mailbag(tmp_path, "games")
    assert listed.returncode == 0, listed.stderr
    assert "letterbox" in listed.stdout and "Letterbox" in listed.stdout
    played = mailbag(
        tmp_path, "play", "letterbox", "--seats", "random,random,greedy", "--seed", "5", "--json"
    )
    assert played.returncode == 0, played.stderr
    result = json.loads(played.stdout)
    assert result["game"] == "letterbox" and len(result["scores"]) == 3
    # every letter is dealt or drawn once and posted once: 18 posts, 18 - 9 dealt draws
    assert result["turns"] == 18 + (18 - 3 * 3)
    assert sorted(result["ranking"])[0] == 1
    replayed = mailbag(tmp_path, "replay", result["record"])
    assert replayed.returncode == 0 and f"verified: {result['turns']} steps" in replayed.stdout


def test_it_is_a_pettingzoo_environment_with_masks() -> None:
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    import mailbag.rl as rl

    env = rl.env("letterbox", 4)
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    steps, rewards, ended = 0, dict.fromkeys(env.possible_agents, 0.0), set()
    for agent in env.agent_iter(max_iter=500):
        obs, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            ended.add(agent)
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.shape == (10,) and mask.any()  # post 1..9, draw
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert ended == set(env.possible_agents)
    assert steps == 18 + (18 - 4 * 3)
    assert max(rewards.values()) > 0 > min(rewards.values())
    table = [str(a) for a in rl.action_table(get("letterbox"), 4).actions]
    assert table == [*(f"post {c}" for c in range(1, 10)), "draw"]


def test_it_passes_the_contract_checks_of_mailbag_testing() -> None:
    from mailbag.testing import CHECKS, check_game, contract_cases

    game = get("letterbox")
    cases = contract_cases(game, seeds=1)
    assert {c.check for c in cases} == set(CHECKS)
    assert {len(c.seats) for c in cases} == {2, 3, 4}
    check_game(game, seeds=1)


def test_mailbag_serve_serves_its_own_board_and_names_it(tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
    try:
        from wsclient import connect, make_table, open_client, parse_link
    finally:
        sys.path.pop(0)
    web = EXAMPLE / "letterbox" / "web"
    with open_client(tmp_path / "db.sqlite3") as client:
        script = client.get("/games/letterbox/board.js")
        assert script.status_code == 200
        assert script.headers["content-type"] == "text/javascript; charset=utf-8"
        assert script.content == (web / "board.js").read_bytes()
        assert client.get("/games/letterbox/board.css").content == (web / "board.css").read_bytes()
        assert client.get("/games/letterbox/game.py").status_code == 404
        games: Any = client.get("/api/games").json()
        assert "letterbox" in json.dumps(games)
        made = make_table(
            client,
            {
                "game": "letterbox",
                "seats": [{"kind": "me", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
            },
        )
        table, fragment = parse_link(made["links"]["0"])
        with connect(client, table) as ws:
            welcome = ws.hello(fragment["token"])
    assert welcome["board"] == {
        "script": "/games/letterbox/board.js",
        "style": "/games/letterbox/board.css",
    }
    assert welcome["components"]["postcodes"] == list(range(1, 10))
