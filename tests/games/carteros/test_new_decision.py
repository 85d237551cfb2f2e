"""A new Action card that asks the player something new is its data entry, its effect and the
one :class:`Decision` of what it asks (its verbs, menu, resolution, refusal, every action it can
offer and its task's fields): this one makes up an Express card (jump to a house of your row or
column, ``express HOUSE``) and plays it through the menus, the engine, the state check, the
encoder's action universe, the words and the board — touching no module. In mailbag the entry
goes into ``DECISIONS`` (decisions.py); here it is added for the test's length only.

Every ``express HOUSE`` once got the same click (``do:express``), and no test noticed: the
contract's click check, run with the card, catches exactly that."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from mailbag.core import Action, Event, IllegalAction, Observation, apply, validate
from mailbag.games.carteros import GAME, SPEC
from mailbag.games.carteros import decisions as D
from mailbag.games.carteros import legal as legal_module
from mailbag.games.carteros.behaviours import ACTION_EFFECTS
from mailbag.games.carteros.board import HOUSE_INDEX, HOUSE_NAMES, same_street
from mailbag.games.carteros.components import Components, parse_components
from mailbag.games.carteros.effects import discard_action
from mailbag.games.carteros.game import CarterosGame, CarterosPresentation
from mailbag.games.carteros.state import CarterosState, Task
from mailbag.testing.contract import CHECKS

from .builder import build, legal

ROOT = Path(__file__).parents[3]
SHIPPED = (ROOT / "src" / "mailbag" / "games" / "carteros" / "data" / "components.toml").read_text()

#: the data entry (many copies, so that random play meets it often)
EXPRESS = """
[[action]]
name = "express"
title = "Express"
count = 12
effect = "express"
help = "jump to a house of your row or column"
"""


def express(
    components: Components, state: CarterosState, seat: int, kind: int, events: list[Event]
) -> None:
    """The effect: the card is discarded, and the carrier is asked where to jump."""
    discard_action(state, seat, kind)
    state.tasks.append(Task("express", seat))


if "express" not in ACTION_EFFECTS.names():
    ACTION_EFFECTS.register("express")(express)


def _targets(state: CarterosState, seat: int) -> list[int]:
    here = state.pos[seat]
    return [h for h in range(len(HOUSE_NAMES)) if h not in (here, state.stampy)]


def _menu(components: Components, state: CarterosState, task: Task) -> list[Action]:
    here = state.pos[task.seat]
    return [
        Action("express", (HOUSE_NAMES[h],))
        for h in _targets(state, task.seat)
        if same_street(here, h)
    ]


def _jump(
    components: Components,
    state: CarterosState,
    seat: int,
    task: Task,
    action: Action,
    events: list[Event],
) -> None:
    state.tasks.pop()
    house = str(action.args[0])
    state.pos[seat] = HOUSE_INDEX[house]
    events.append(Event("express", "{seat} jumps to {house}", {"seat": seat, "house": house}))


def _refuse(
    components: Components, state: CarterosState, task: Task, action: Action
) -> IllegalAction:
    return IllegalAction("CA-1", "jump to a house of your row or column")


#: the one Decision
DECISION = D.Decision(
    "express",
    frozenset({"express"}),
    "CA-1",
    "choose the house to jump to (express HOUSE)",
    "to choose where to jump",
    {"express": "jump to {arg}"},
    _menu,
    _jump,
    _refuse,
    actions=lambda components: tuple(Action("express", (h,)) for h in HOUSE_NAMES),
    fields=lambda components: D.NO_FIELDS,
)

#: the game with the card; a decision written into decisions.py adds its verbs to the spec's
SPEC_WITH_EXPRESS = dataclasses.replace(SPEC, verbs=SPEC.verbs | DECISION.verbs)
GAME_WITH_EXPRESS = CarterosGame(
    SPEC_WITH_EXPRESS, parse_components(SHIPPED + EXPRESS, "express.toml")
)
SEATS = ("player", "player", "player")


@pytest.fixture(autouse=True)
def decision(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Decision's entry, as decisions.py would hold it, for this test only."""
    monkeypatch.setitem(D.DECISIONS, "express", DECISION)
    monkeypatch.setitem(D.MENUS, "express", DECISION.menu)
    monkeypatch.setitem(D.RESOLVE, "express", DECISION.resolve)
    for module in (D, legal_module):  # the notation's verbs, read where a refusal names them
        monkeypatch.setattr(module, "VERBS", D.VERBS | DECISION.verbs)
    yield


def test_the_card_asks_its_decision_and_the_engine_carries_it_out() -> None:
    game = GAME_WITH_EXPRESS
    state = build(2, game=game, pos={0: "B2"}, hand={0: ["express"]})
    played, _ = apply(game, state, 0, Action("play", ("express",)))
    assert game.deciders(played) == (0,) and played.tasks == [Task("express", 0)]
    assert legal(played, game=game) == [f"express {h}" for h in ("B1", "A2", "C2", "B3", "B4")]
    view = game.view(played, 1)
    assert "seat 0 to choose where to jump" in game.presentation.render(view)
    mine = game.view(played, 0)
    jump = Action("express", ("B4",))
    assert game.presentation.describe_action(mine, jump) == "jump to B4"
    assert game.presentation.click_path(mine, jump) == ("do:express B4",)
    with pytest.raises(IllegalAction, match="row or column"):
        apply(game, played, 0, Action("express", ("A1",)))
    after, events = apply(game, played, 0, jump)
    assert after.pos[0] == HOUSE_INDEX["B4"] and not after.tasks
    assert any(e.kind == "express" for e in events)
    validate(game, played)  # the state check knows the task from its entry
    validate(game, after)
    universe = set(game.encoder.actions(game, 2)) if game.encoder else set()
    assert {Action("express", (h,)) for h in HOUSE_NAMES} <= universe


@pytest.mark.parametrize("check", ["actions", "clicks", "conservation", "encoder", "presentation"])
def test_the_contract_holds_with_the_card(check: str) -> None:
    for seed in range(2):
        CHECKS[check](GAME_WITH_EXPRESS, SEATS, {}, seed)


def test_random_play_asks_the_decision() -> None:
    from mailbag.testing.walk import random_walk

    asked = [
        action
        for seed in range(2)
        for _, _, action, _ in random_walk(GAME_WITH_EXPRESS, SEATS, {}, seed)
        if action.verb == "express"
    ]
    assert asked  # the contract's walks above meet it


class OneClickForEveryJump(CarterosPresentation):
    """The defect of old: a verb the board draws nothing for got one button, ``do:express``."""

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        if action.verb == "express":
            return ("do:express",)
        return super().click_path(observation, action)


def test_the_click_check_catches_every_jump_sharing_one_click() -> None:
    broken = CarterosGame(GAME_WITH_EXPRESS.spec, GAME_WITH_EXPRESS.components)
    broken.__dict__["presentation"] = OneClickForEveryJump(broken)
    with pytest.raises(AssertionError, match=r"express \w\d and express \w\d have the same click"):
        for seed in range(2):
            CHECKS["clicks"](broken, SEATS, {}, seed)


def test_the_shipped_game_knows_no_express() -> None:
    assert "express" not in GAME.spec.verbs
    assert "express" not in GAME.components.action_index
