"""Bots pick legal actions (every step goes through the validating ``apply``), handle
simultaneous deciders and reactions, and the seat-kind parameters are checked."""

from __future__ import annotations

from typing import Any

import duel
import pytest
import tiny
from realgames import default_players, loadable_games

from mailbag.bots import bot_kinds, make_bot
from mailbag.bots.mcts import MctsBot
from mailbag.core import Game, SeatError, new_game
from mailbag.sim.runner import play_game

BOTS = ["random", "greedy", "mcts:iters=40", "mcts:iters=25,depth=0,c=1.5,worlds=4"]


def test_kinds_registered() -> None:
    assert {"random", "greedy", "mcts"} <= set(bot_kinds())


@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("players", [2, 3])
def test_bots_play_legal_tiny(kind: str, players: int) -> None:
    for seed in range(4):
        seats = [kind] + ["random"] * (players - 1)
        result = play_game(tiny.GAME, seats, {"hand": 3}, seed)  # apply() checks every action
        assert tiny.GAME.is_over(result.state)
        assert len(result.record.steps) == 4 * players


@pytest.mark.parametrize("kind", BOTS)
def test_bots_handle_simultaneous_and_reactions(kind: str) -> None:
    reacted = 0
    both_deciding = 0
    for seed in range(4):
        state = new_game(duel.GAME, 2, {}, seed)
        result = play_game(duel.GAME, [kind, kind], {}, seed, state=state)
        assert duel.GAME.is_over(result.state)
        reacted += sum(1 for step in result.record.steps if step.action.verb == "react")
        both_deciding += 1 if result.record.steps[0].action.verb == "pick" else 0
    assert reacted > 0 and both_deciding == 4


def test_bot_answers_as_second_simultaneous_decider() -> None:
    """When both seats owe a pick, the second seat's bot is asked too and picks from its hand."""
    game = duel.GAME
    state = new_game(game, 2, {}, 1)
    assert game.deciders(state) == (0, 1)
    bot = make_bot("mcts:iters=50", game, 1, 3)
    action = bot.choose(game.view(state, 1), game.legal_actions(state, 1))
    assert action in game.legal_actions(state, 1)


@pytest.mark.parametrize("kind", ["greedy", "mcts:iters=20"])
def test_bots_play_legal_real_games(kind: str) -> None:
    games = loadable_games()
    if not games:
        pytest.skip("no real game registered yet")
    for game in games:
        players = default_players(game)
        seats = [kind] + ["random"] * (players - 1)
        result = play_game(game, seats, {}, 2)
        assert game.is_over(result.state)


@pytest.mark.parametrize(
    "kind",
    [
        "mcts:iters=abc",
        "mcts:iters=0",
        "mcts:time=-1",
        "mcts:time=0",
        "mcts:depth=deep",
        "mcts:speed=3",
        "greedy:worlds=0",
        "greedy:depth=2",
        "random:x=1",
        "alphazero",
    ],
)
def test_bad_seat_kinds_are_clear_errors(kind: str) -> None:
    with pytest.raises(SeatError) as info:
        make_bot(kind, tiny.GAME, 0, 0)
    assert kind.split(":")[-1].split("=")[0] in str(info.value) or "bot" in str(info.value)


def test_mcts_parameters() -> None:
    bot = make_bot("mcts:time=0.05", tiny.GAME, 0, 0)
    assert isinstance(bot, MctsBot)
    assert bot.iters is None and bot.seconds == 0.05
    state = new_game(tiny.GAME, 2, {}, 0)
    bot.choose(tiny.GAME.view(state, 0), tiny.GAME.legal_actions(state, 0))
    assert bot.last_iterations > 0
    full = make_bot("mcts:iters=7,depth=full", tiny.GAME, 0, 0)
    assert isinstance(full, MctsBot) and full.depth is None and full.iters == 7
    both = make_bot("mcts:iters=5,time=30", tiny.GAME, 0, 0)
    assert isinstance(both, MctsBot)
    both.choose(tiny.GAME.view(state, 0), tiny.GAME.legal_actions(state, 0))
    assert both.last_iterations == 5


def test_mcts_root_statistics_cover_every_legal_action() -> None:
    game: Game[Any] = tiny.GAME
    state = new_game(game, 2, {}, 4)
    legal = game.legal_actions(state, 0)
    bot = MctsBot(game, 0, 1, iters=200)
    root = bot.search(game.view(state, 0), legal)
    assert set(root.children) == set(legal)
    assert sum(child.visits for child in root.children.values()) == 200
    assert root.visits == 200


def test_mcts_is_reproducible_with_an_iteration_budget() -> None:
    game: Game[Any] = duel.GAME
    first = play_game(game, ["mcts:iters=30", "mcts:iters=30"], {}, 8)
    second = play_game(game, ["mcts:iters=30", "mcts:iters=30"], {}, 8)
    assert first.record.dumps() == second.record.dumps()
