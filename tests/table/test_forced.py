"""A decision that cannot change anything of the game is taken for the seat (Table.forced, the
game's presentation.forced_choice): the table asks the game on the seat's own view and legal
actions, takes only a legal action, and the front ends' take_forced submits it with a line in
words that an undo steps back over."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from mailbag.bots import make_agents
from mailbag.core import Action, Observation
from mailbag.core.i18n import use_language
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.games.carteros.game import CarterosGame, CarterosPresentation
from mailbag.table import MemoryStore, Table
from mailbag.table.forced import forced_line, take_forced
from mailbag.table.menu import take_back


class ForcingPresentation(CarterosPresentation):
    """Carteros whose every decision of two or more choices is "forced" to the last legal
    action — or, with ``wrong``, to an action that is not legal (never taken)."""

    wrong = False
    seen: ClassVar[list[tuple[Observation, list[Action]]]] = []

    def forced_choice(self, observation: Observation, actions: Any) -> Action | None:
        self.seen.append((observation, list(actions)))
        if len(actions) < 2:
            return None
        if self.wrong:
            return Action("deliver", (999,))
        return actions[-1]


class ForcingGame(CarterosGame):
    presentation_type = ForcingPresentation


def forcing_table(seats: list[str] | None = None) -> Table:
    base = get("carteros")
    game = ForcingGame(base.spec, base.components)
    seats = seats or ["human", "human"]
    record = GameRecord(game.spec.name, game.spec.resolve_options(), 4, seats)
    return Table.open(game, record, MemoryStore(), make_agents(game, seats, 4))


@pytest.fixture(autouse=True)
def _fresh() -> None:
    ForcingPresentation.wrong = False
    ForcingPresentation.seen = []


def test_the_table_asks_the_game_on_the_seats_own_view() -> None:
    table = forcing_table()
    seat = table.deciders()[0]
    legal = table.legal_actions(seat)
    assert len(legal) >= 2
    assert table.forced(seat) == legal[-1]
    observation, actions = ForcingPresentation.seen[-1]
    assert observation == table.view(seat) and actions == legal


def test_a_seat_that_owes_nothing_is_never_forced() -> None:
    table = forcing_table()
    other = 1 - table.deciders()[0]
    assert table.forced(other) is None
    assert ForcingPresentation.seen == []  # not even asked


def test_an_action_that_is_not_legal_is_never_taken() -> None:
    ForcingPresentation.wrong = True
    table = forcing_table()
    seat = table.deciders()[0]
    assert table.forced(seat) is None
    assert take_forced(table, seat, set()) is None
    assert table.step == 0


def test_the_plain_game_forces_nothing() -> None:
    game = get("carteros")
    record = GameRecord(game.spec.name, game.spec.resolve_options(), 4, ["human", "human"])
    table = Table.open(game, record, MemoryStore(), {})
    assert table.forced(table.deciders()[0]) is None


def test_take_forced_submits_it_with_a_line_in_words_and_undo_steps_over_it() -> None:
    table = forcing_table()
    seat = table.deciders()[0]
    action = table.legal_actions(seat)[-1]
    words = table.game.presentation.describe_action(table.view(seat), action)
    assert words and words != str(action)
    auto: set[int] = set()
    line = take_forced(table, seat, auto)
    assert line == f"taken for you: {words}"
    assert table.step == 1 and table.record.steps[0].action == action and auto == {0}
    if table.can_undo(seat):  # taken back like a single choice taken for the seat
        take_back(table, seat, auto)
        assert table.step == 0 and auto == set()


def test_the_line_is_in_the_readers_language() -> None:
    table = forcing_table()
    seat = table.deciders()[0]
    action = table.legal_actions(seat)[-1]
    with use_language("nl"):
        line = forced_line(table, seat, action)
    assert not line.startswith("taken for you"), line
