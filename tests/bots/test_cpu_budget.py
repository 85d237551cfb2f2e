"""A CPU budget (``mcts:cpu=S``, issue 35): the search stops when its own thread has spent S
seconds of CPU time on the decision, so time the machine gives to others (here: a wait that
uses no CPU) does not shorten it as it shortens a wall-clock budget; ``mailbag sim`` reports
each seat kind's CPU seconds per decision."""

from __future__ import annotations

import time
from typing import Any

import duel
import pytest
from realgames import position

from mailbag.bots import make_bot
from mailbag.bots.base import BotLimits
from mailbag.bots.mcts import MctsBot
from mailbag.core import Game, SeatError
from mailbag.server.thinking import expected_seconds
from mailbag.sim.stats import cpu_text
from mailbag.sim.tournament import SimConfig, run_sim

#: the worlds drawn while the machine is "busy elsewhere": each waits this long without
#: using CPU (six of them: more than the 0.05 s budgets below, by the wall clock)
WAIT = 0.02
WAITING_WORLDS = 6
#: a generous bound that only a search ignoring its budget can pass
HANG = 5.0


class Busy:
    """A game whose first worlds each take ``WAIT`` seconds of waiting (no CPU) to draw, as a
    loaded machine would hand the search's thread to others; everything else passes through."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.drawn = 0

    def determinize(self, observation: Any, rng: Any) -> Any:
        self.drawn += 1
        if self.drawn <= WAITING_WORLDS:
            time.sleep(WAIT)
        return self.game.determinize(observation, rng)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def searched(kind: str) -> tuple[MctsBot, float, float]:
    """A search of ``kind`` on a busy machine: the bot, its wall seconds and CPU seconds."""
    game = duel.GAME
    state, seat, legal = position(game, 4)
    bot = make_bot(kind, game, seat, 4)
    assert isinstance(bot, MctsBot)
    bot.game = Busy(game)  # type: ignore[assignment]
    wall, cpu = time.perf_counter(), time.thread_time()
    action = bot.choose(game.view(state, seat), legal)
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    assert action in legal
    return bot, wall, cpu


def test_a_cpu_budget_is_not_shortened_by_waiting() -> None:
    # worlds=0: a fresh world every iteration, so the first six iterations each wait
    bot, wall, cpu = searched("mcts:cpu=0.05,worlds=0")
    # the waits took more than the budget by the wall clock, yet the search went on past them
    assert wall >= WAITING_WORLDS * WAIT
    assert bot.last_iterations > WAITING_WORLDS
    # and it stopped on its CPU budget (with a generous bound for a loaded machine)
    assert 0.05 <= cpu < HANG
    # the same budget by the wall clock is spent waiting: it stops within the waits
    timed, timed_wall, _cpu = searched("mcts:time=0.05,worlds=0")
    assert timed.last_iterations <= WAITING_WORLDS
    assert timed.last_iterations < bot.last_iterations
    assert timed_wall < HANG


def test_iterations_and_a_cpu_budget_stop_at_whichever_comes_first() -> None:
    bot, _wall, _cpu = searched("mcts:cpu=30,iters=40,worlds=0")
    assert bot.last_iterations == 40


def test_a_cpu_budget_alone_leaves_the_iterations_unlimited() -> None:
    bot = make_bot("mcts:cpu=0.2", duel.GAME, 0, 1)
    assert isinstance(bot, MctsBot)
    assert (bot.iters, bot.cpu, bot.seconds) == (None, 0.2, None)
    with pytest.raises(SeatError, match="iters=N, time=S or cpu=S"):
        MctsBot(duel.GAME, 0, 1, iters=None)


def test_the_server_expects_a_cpu_budget_to_take_its_seconds() -> None:
    limits = BotLimits()
    assert expected_seconds("mcts:cpu=0.3", limits) == pytest.approx(0.3)
    assert expected_seconds("mcts:cpu=50", limits) == pytest.approx(limits.time)


def test_cpu_text_picks_a_unit() -> None:
    assert [cpu_text(x) for x in (None, 0.2134, 0.0041, 0.000012)] == [
        "—",
        "0.213 s",
        "4.1 ms",
        "12 µs",
    ]


def test_sim_reports_cpu_seconds_per_move_per_seat_kind() -> None:
    """Solo Postcards: the greedy seat's decisions are timed; the Automa, an engine seat that
    decides nothing, reports none."""
    config = SimConfig(
        game="postcards",
        seats=["greedy", "automa:normal"],
        games=2,
        workers=1,
        seed=11,
        out=None,
    )
    result = run_sim(config)
    outcomes = result.outcomes
    assert len(outcomes) == 2
    for outcome in outcomes:
        greedy = outcome.seats.index("greedy")
        automa = 1 - greedy
        assert outcome.moves[greedy] == outcome.decisions > 0
        assert outcome.moves[automa] == 0 and outcome.cpu[automa] == 0.0
        assert outcome.cpu[greedy] > 0.0
    timing = result.summary["cpu_per_move"]
    entry = timing["greedy"]
    assert entry["moves"] == sum(o.decisions for o in outcomes)
    assert entry["per_move"] == pytest.approx(
        sum(o.cpu[o.seats.index("greedy")] for o in outcomes) / entry["moves"]
    )
    assert 0 < entry["per_move"] < HANG
    assert timing["automa:normal"] == {"moves": 0, "cpu_seconds": 0.0, "per_move": None}
    # the measured times stay out of the statistics and of the games' lines (reproducible)
    assert "cpu" not in outcomes[0].summary_line()
    assert outcomes[0].summary_line()["moves"] == outcomes[0].moves
