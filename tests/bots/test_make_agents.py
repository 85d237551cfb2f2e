"""The bots of a game's seats come from the bots layer (every front end and the simulator)."""

from __future__ import annotations

import pytest

from mailbag.bots import make_agents
from mailbag.core import SeatError
from mailbag.games import get


def test_a_bot_for_every_seat_but_people_and_the_engine() -> None:
    game = get("postcards")
    agents = make_agents(game, ["human", "random", "automa:normal", "greedy"], 7)
    assert sorted(agents) == [1, 3]
    assert all(callable(getattr(agent, "choose", None)) for agent in agents.values())


def test_a_misspelt_engine_seat_names_the_engine_seats() -> None:
    with pytest.raises(SeatError, match=r"unknown seat kind 'automa:hard'; this game's engine"):
        make_agents(get("postcards"), ["human", "automa:hard"], 0)
