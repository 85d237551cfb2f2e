"""Every bot declares its parameters (name, type, range); a seat kind is checked against them —
on the command line as it is, on a server within its operator's limits too — and a wrong one is
an error naming the parameter and its range (issue 28)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mailbag.bots.base import BotLimits, bot_kinds, bot_params, check_kind, make_bot
from mailbag.bots.mcts import MctsBot, capped
from mailbag.core import SeatError
from mailbag.core.game import new_game
from mailbag.games import get

SERVER = BotLimits()

#: (kind, words the refusal must hold) — refused everywhere
REFUSED = [
    ("mcts:iters=abc", ["iters", "integer from 1 to"]),
    ("mcts:iters=-5", ["iters=-5", "integer from 1 to"]),
    ("mcts:iters=0", ["iters=0", "integer from 1 to"]),
    ("mcts:iters=99999999999", ["iters=99999999999", "integer from 1 to"]),
    ("mcts:time=100000", ["time=100000", "at most"]),
    ("mcts:time=0", ["time=0", "more than 0"]),
    ("mcts:time=-1", ["time=-1", "more than 0"]),
    ("mcts:time=nan", ["time", "number"]),
    ("mcts:time=inf", ["time", "number"]),
    ("mcts:cpu=0", ["cpu=0", "more than 0"]),
    ("mcts:cpu=-0.5", ["cpu=-0.5", "more than 0"]),
    ("mcts:cpu=fast", ["cpu", "number"]),
    ("mcts:cpu=100000", ["cpu=100000", "at most"]),
    ("mcts:c=-1", ["c=-1", "number from 0 to"]),
    ("mcts:eps=2", ["eps=2", "number from 0 to 1"]),
    ("mcts:depth=deep", ["depth", "or full"]),
    ("mcts:rollout=smart", ["rollout", "uniform, guided"]),
    ("mcts:horizon=week", ["horizon", "game, turn"]),
    ("mcts:workers=0", ["workers=0", "integer from 1 to"]),
    ("mcts:foo=1", ["foo", "known: iters, time"]),
    ("mcts:iters=5,iters=6", ["iters", "twice"]),
    ("mcts:=5", ["unknown parameter"]),
    ("mcts:iters=", ["iters", "integer"]),
    ("mcts:iters=1.5", ["iters", "integer"]),
    ("planner:iters=abc", ["iters", "integer"]),
    ("random:x=1", ["random bot takes no parameters", "x"]),
    ("greedy:worlds=0", ["worlds=0", "integer from 1 to"]),
    ("greedy:depth=2", ["depth", "known: worlds"]),
    ("mcts:iters=5;rm", ["only letters, digits"]),
    ("mcts: iters=5", ["only letters, digits"]),
    ("wizard", ["unknown bot"]),
]

#: kinds a bot takes on the command line but a server with the default limits refuses
OVER_THE_SERVERS = [
    ("mcts:iters=20001", ["iters=20001", "this server's limit", "20000"]),
    ("mcts:time=10.5", ["time=10.5", "this server's limit", "at most 10"]),
    ("mcts:cpu=10.5", ["cpu=10.5", "this server's limit", "at most 10"]),
    ("mcts:workers=2", ["workers=2", "this server's limit"]),
    ("greedy:worlds=1000", ["worlds=1000", "this server's limit", "16"]),
    ("mcts:iters=1000,c=1.4,depth=8,eps=0.12345", ["41 characters", "at most 40"]),
]

ACCEPTED = [
    "random",
    "greedy",
    "greedy:worlds=16",
    "mcts",
    "mcts:iters=20",
    "mcts:iters=1000,c=1.4",
    "mcts:time=10",
    "mcts:time=0.5,iters=20000",
    "mcts:depth=full,rollout=guided,prior=2",
    "mcts:eps=0,horizon=turn,c=0.25",
    "mcts:worlds=0",
    "planner",
    "planner:iters=300",
]


@pytest.mark.parametrize(("kind", "words"), REFUSED, ids=[k for k, _w in REFUSED])
def test_a_bad_kind_is_refused_naming_the_parameter_and_its_range(
    kind: str, words: list[str]
) -> None:
    for limits in (None, SERVER):
        with pytest.raises(SeatError) as caught:
            check_kind(kind, limits)
        for word in words:
            assert word in str(caught.value), (kind, limits, str(caught.value))
    # making the bot (the command line, a stored table) checks the same
    with pytest.raises(SeatError):
        make_bot(kind, get("carteros"), 0, 1)


@pytest.mark.parametrize(("kind", "words"), OVER_THE_SERVERS, ids=[k for k, _w in OVER_THE_SERVERS])
def test_a_server_refuses_more_than_its_limits(kind: str, words: list[str]) -> None:
    check_kind(kind)  # fine on the command line
    with pytest.raises(SeatError) as caught:
        check_kind(kind, SERVER)
    for word in words:
        assert word in str(caught.value), (kind, str(caught.value))


def test_the_operator_sets_the_limits() -> None:
    strict = BotLimits(time=1.0, iters=500)
    check_kind("mcts:iters=500,time=1", strict)
    for kind, limit in (("mcts:iters=501", "500"), ("mcts:time=1.5", "at most 1")):
        with pytest.raises(SeatError) as caught:
            check_kind(kind, strict)
        assert "this server's limit" in str(caught.value) and limit in str(caught.value)
    check_kind("mcts:iters=50000", BotLimits(iters=50_000))


@pytest.mark.parametrize("kind", ACCEPTED)
def test_good_kinds_are_accepted_and_make_their_bot(kind: str) -> None:
    assert check_kind(kind, SERVER)[0] == kind.partition(":")[0]
    make_bot(kind, get("carteros"), 0, 1)


def test_every_bot_declares_its_parameters() -> None:
    assert set(bot_kinds()) >= {"random", "greedy", "mcts", "planner"}
    assert bot_params("random") == ()
    assert [p.name for p in bot_params("greedy")] == ["worlds"]
    names = {p.name for p in bot_params("mcts")}
    assert names == {
        "iters",
        "time",
        "cpu",
        "depth",
        "c",
        "worlds",
        "rollout",
        "eps",
        "prior",
        "workers",
        "horizon",
    }
    for param in bot_params("mcts"):
        assert param.describe(), param


def test_a_cap_stops_a_search_and_leaves_one_within_it_unchanged() -> None:
    game = get("carteros")
    state = new_game(game, 2, None, 3)
    seat = game.deciders(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    plain = make_bot("mcts:iters=200", game, seat, 9)
    within = make_bot("mcts:iters=200", game, seat, 9)
    assert isinstance(plain, MctsBot) and isinstance(within, MctsBot)
    expected = plain.choose(view, legal)
    with capped(60.0, 1000):
        assert within.choose(view, legal) == expected
    assert within.last_iterations == plain.last_iterations == 200
    greedy = make_bot("mcts:iters=1000000000", game, seat, 9)
    assert isinstance(greedy, MctsBot)
    with capped(None, 50):
        greedy.choose(view, legal)
    assert greedy.last_iterations == 50
    timed = make_bot("mcts:time=30", game, seat, 9)
    assert isinstance(timed, MctsBot)
    began = time.monotonic()
    with capped(0.2, None):
        timed.choose(view, legal)
    assert timed.last_iterations > 0
    assert time.monotonic() - began < 10, "a 30 s search went on past its 0.2 s cap"


@pytest.mark.parametrize(
    ("kind", "word"),
    [
        ("mcts:iters=abc", "iters"),
        ("mcts:iters=99999999999", "iters"),
        ("random:x=1", "random"),
        ("mcts:time=100000", "time"),
    ],
)
def test_the_command_line_refuses_a_bad_kind(kind: str, word: str, tmp_path: Path) -> None:
    """``mailbag play --seats``: the same check, without a server's limits (before it, a kind
    of 27 hours a move started a game that never ended: the wait is bounded here)."""
    env = {**os.environ, "MAILBAG_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mailbag",
            "play",
            "carteros",
            "--seats",
            f"{kind},random",
            "--plain",
            "--seed",
            "1",
            "--record",
            str(tmp_path / "game.jsonl"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert word in output and "Traceback" not in output, output
