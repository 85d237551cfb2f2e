"""``mailbag games`` and ``mailbag play --help`` list every seat kind: a person, every registered
bot with each of its parameters (name, range, default) and every game's engine seats, and show
how seats are named (``name=kind``) — made from the registries, so a bot registered later is
listed with no help text edited."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from mailbag.bots import base
from mailbag.bots.base import BotParam, bot_kinds, bot_params, register_bot
from mailbag.cli import app
from mailbag.core.i18n import use_language
from mailbag.games import get, names

runner = CliRunner()


def shown(*args: str) -> str:
    with use_language("en"):
        result = runner.invoke(app, list(args), terminal_width=200)
    assert result.exit_code == 0, result.output
    return re.sub(r"\s+", " ", result.output)


@pytest.fixture
def extra_kind() -> Iterator[str]:
    """A bot kind registered after the command line was built (as a plug-in would)."""

    def factory(game: Any, seat: int, seed: int, params: dict[str, str]) -> Any:
        raise AssertionError("not played here")

    params = (
        BotParam("patience", "int", 2, 77, default="5", help="how long it waits"),
        BotParam("mood", "choice", words=("calm", "grumpy")),
    )
    register_bot("ponderer", factory, params, summary="thinks slowly about everything")
    try:
        yield "ponderer"
    finally:
        for table in (base._FACTORIES, base._PARAMS, base._SUMMARIES):
            table.pop("ponderer", None)


@pytest.mark.parametrize("command", [("games",), ("play", "--help")])
def test_every_seat_kind_is_listed_with_its_parameters(command: tuple[str, ...]) -> None:
    text = shown(*command)
    assert "alice=human,bob=mcts:iters=200" in text  # the name=kind form
    assert "human — a person at this keyboard" in text
    kinds = bot_kinds()
    assert {"random", "greedy", "mcts", "planner"} <= set(kinds)
    for kind in kinds:
        assert f" {kind} — " in text, kind
    for name, default in (("iters", "1000"), ("depth", "8"), ("c", "0.7"), ("worlds", "64")):
        assert re.search(rf"{name}: [^;]+; [^;]+; default {re.escape(default)}\b", text), name
    for param in bot_params("mcts"):
        assert f" {param.name}: " in text and param.describe() in text, param.name
    assert "the parameters of mcts" in text  # the planner's, said once
    engine = [kind for name in names() for kind in get(name).spec.engine_seats]
    assert "automa:easy" in engine
    for kind in engine:
        assert kind in text, kind


@pytest.mark.parametrize("command", [("games",), ("play", "--help")])
def test_a_kind_added_to_the_registry_is_listed(extra_kind: str, command: tuple[str, ...]) -> None:
    text = shown(*command)
    assert "ponderer — thinks slowly about everything" in text
    assert "patience: how long it waits; an integer from 2 to 77; default 5" in text
    assert "mood: one of: calm, grumpy" in text
