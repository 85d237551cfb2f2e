"""A new Action card is one data entry (its title and help with it), one effect function and one
test: this one makes up a Map card (look at the house you stand on), registers its effect here,
and plays it through the menus, the engine, the refusals, the views, the board, the notation,
the words of every language and the catalogs' extraction — touching no module. The contract's
checks hold with it, and its click check catches two actions of one decision sharing a click
(every ``express HOUSE`` of a made-up card once got the same ``do:express``, and no test
noticed)."""

from __future__ import annotations

import copy
import importlib
from pathlib import Path
from types import ModuleType

import pytest

from mailbag.core import Action, Event, IllegalAction, Observation, apply, parse_action, validate
from mailbag.core.i18n import use_language
from mailbag.games.carteros import GAME
from mailbag.games.carteros.behaviours import ACTION_EFFECTS
from mailbag.games.carteros.board import HOUSE_NAMES
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.effects import discard_action
from mailbag.games.carteros.game import CarterosGame, CarterosPresentation
from mailbag.games.carteros.state import CarterosState
from mailbag.testing.contract import CHECKS

from .builder import HK, H, act, build, legal

ROOT = Path(__file__).parents[3]
SHIPPED = (ROOT / "src" / "mailbag" / "games" / "carteros" / "data" / "components.toml").read_text()

#: the one data entry
MAP = """
[[action]]
name = "map"
title = "Map"
count = 3
effect = "look_here"
requires = ["not_last_action"]
help = "look at the house you stand on"
"""


def look_here(
    components: Components, state: CarterosState, seat: int, kind: int, events: list[Event]
) -> None:
    """The one effect function: the carrier privately sees the card of their own house."""
    discard_action(state, seat, kind)
    house = state.pos[seat]
    state.known[seat][house] = state.grid[house]
    card = components.house_names[state.grid[house]]
    events.append(Event("peeked", f"{HOUSE_NAMES[house]} hides {card}", {"card": card}, to=(seat,)))


if "look_here" not in ACTION_EFFECTS.names():
    ACTION_EFFECTS.register("look_here")(look_here)

GAME_WITH_MAP = GAME.with_component_text(SHIPPED + MAP, "map.toml")


def test_a_made_up_action_card_is_played_from_its_data_entry_and_effect() -> None:
    game = GAME_WITH_MAP
    kind = game.components.action_index["map"]
    assert game.components.action_counts[kind] == 3
    assert sum(game.components.action_counts) == sum(GAME.components.action_counts) + 3
    state = build(2, game=game, pos={0: "B2"}, grid={"B2": "lost"}, hand={0: ["map", "wind"]})
    # the menu offers it, the board and the menu label name it
    assert legal(state, game=game)[4:] == [
        "draw",
        "play wind",
        "play map",
        "replace wind",
        "replace map",
        "refill",
        "end",
    ]
    view = game.view(state, 0)
    assert "Map" in game.presentation.render(view)
    assert game.presentation.describe_action(view, parse_action("play map")) == (
        "play Map: look at the house you stand on"
    )
    # the engine plays it: one action, the card discarded, what it showed only to its seat
    after, events = act(state, "play map", game=game)
    assert after.known[0][H["B2"]] == HK["lost"] and after.actions_used == 1
    assert after.hand[0][kind] == 0 and after.action_discard[kind] == 1
    assert next(e for e in events if e.kind == "peeked").to == (0,)
    assert "B2 Lst" in game.presentation.render(game.view(after, 0))
    assert "B2 Lst" not in game.presentation.render(game.view(after, 1))
    assert game.view(after, 1)["carriers"][0]["played"]["map"] == 1
    validate(game, after)
    assert game.inventory(after) == game.inventory(state)


def test_a_made_up_card_is_refused_by_the_rules_its_entry_names() -> None:
    game = GAME_WITH_MAP
    outside = build(2, game=game, hand={0: ["map"]})
    assert "play map" not in legal(outside, game=game)
    with pytest.raises(IllegalAction, match="inside the neighbourhood") as info:
        apply(game, outside, 0, parse_action("play map"))
    assert info.value.rule == "CA-1"
    last = build(2, game=game, pos={0: "A1"}, hand={0: ["map"]}, actions_used=2)
    assert "play map" not in legal(last, game=game)
    with pytest.raises(IllegalAction, match="Map cannot be the last action") as info:
        apply(game, last, 0, parse_action("play map"))
    assert info.value.rule == "CA-7"
    # the shipped game knows no Map
    with pytest.raises(IllegalAction, match="play takes one of bone, bicycle"):
        apply(GAME, build(2, pos={0: "A1"}), 0, parse_action("play map"))


def test_a_made_up_cards_words_are_its_entrys_in_every_language() -> None:
    """Its title and help are the entry's: shown as written in any language (a user's own card
    is in no catalog), while the words around them and the shipped cards are translated."""
    game = GAME_WITH_MAP
    view = game.view(build(2, game=game, pos={0: "B2"}, hand={0: ["map", "bicycle"]}), 0)
    words = game.presentation
    play_map, play_bicycle = parse_action("play map"), parse_action("play bicycle")
    # the help as the entry writes it, less the rule id it cites (a person reads no bare id)
    bicycle = "ride up to 3 houses in a line, delivering on Received and Double"
    assert words.describe_action(view, play_bicycle) == f"play Bicycle: {bicycle}"
    with use_language("nl"):
        assert words.describe_action(view, play_map) == "Map spelen: look at the house you stand on"
        shipped = words.describe_action(view, play_bicycle)
        kinds = words.board_data()["action_kinds"]
        shown = words.render(view)
    assert shipped.startswith("Fiets spelen: ") and bicycle not in shipped
    assert (
        kinds["map"]["title"] == "Map" and kinds["map"]["help"] == "look at the house you stand on"
    )
    assert kinds["bicycle"]["title"] == "Fiets"
    assert "Map" in shown and "Fiets" in shown


def _messages(areas: ModuleType) -> set[tuple[str | None, str]]:
    return {(context, text) for context, text, _path, _line in areas.messages_of("carteros")}


def test_a_new_shipped_entrys_texts_are_extracted_into_the_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``make catalogs`` (tests/i18n/areas.py) takes the entry's title and help into the game's
    catalog, with its table's context, from the data file itself."""
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "i18n"))
    areas = importlib.import_module("areas")
    action = "carteros action"
    shipped = _messages(areas)
    assert (action, "Bicycle") in shipped and (action, "Map") not in shipped
    data = tmp_path / "components.toml"
    data.write_text(SHIPPED + MAP, encoding="utf-8")
    monkeypatch.setattr(areas, "data_files_of", lambda area: [data])
    extracted = _messages(areas)
    assert (action, "Map") in extracted
    assert (action, "look at the house you stand on") in extracted


@pytest.mark.parametrize("check", ["actions", "clicks", "conservation", "encoder", "presentation"])
def test_the_contract_holds_with_a_made_up_card(check: str) -> None:
    for seed in range(2):
        CHECKS[check](GAME_WITH_MAP, ("player", "player", "player"), {}, seed)


class OneClickForEveryCard(CarterosPresentation):
    """The defect of old, on a verb of the shipped game: every card played by one click."""

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        if action.verb == "play":
            return ("do:play",)
        return super().click_path(observation, action)


def test_the_click_check_catches_two_actions_sharing_a_click() -> None:
    broken: CarterosGame = copy.copy(GAME_WITH_MAP)
    broken.__dict__["presentation"] = OneClickForEveryCard(broken)
    with pytest.raises(AssertionError, match="the same click path"):
        for seed in range(4):
            CHECKS["clicks"](broken, ("player", "player", "player"), {}, seed)


def test_a_new_decisions_actions_each_get_a_click_of_their_own() -> None:
    """A verb the board draws nothing for (a new decision's, ``express HOUSE``) is a button
    per action: no two share one, none begins another."""
    view = GAME_WITH_MAP.view(build(2, game=GAME_WITH_MAP, pos={0: "B2"}), 0)
    paths = [
        GAME_WITH_MAP.presentation.click_path(view, Action("express", (house,)))
        for house in HOUSE_NAMES
    ]
    assert len(set(paths)) == len(HOUSE_NAMES) and all(len(path) == 1 for path in paths)
    assert paths[0] == ("do:express A1",)
