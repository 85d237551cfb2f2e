"""A new Action card is one data entry, one effect function and one test: this one makes up a
Map card (look at the house you stand on), registers its effect here, and plays it through the
menus, the engine, the refusals, the views, the board and the notation — touching no module."""

from __future__ import annotations

from pathlib import Path

import pytest

from mailbag.core import Event, IllegalAction, apply, parse_action, validate
from mailbag.games.carteros import GAME
from mailbag.games.carteros.behaviours import ACTION_EFFECTS
from mailbag.games.carteros.board import HOUSE_NAMES
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.effects import discard_action
from mailbag.games.carteros.state import CarterosState

from .builder import HK, H, act, build, legal

SHIPPED = (
    Path(__file__).parents[3]
    / "src"
    / "mailbag"
    / "games"
    / "carteros"
    / "data"
    / "components.toml"
).read_text()

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
    assert game.components.action_counts[kind] == 3 and sum(game.components.action_counts) == 41
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
    assert "Map" in game.render(view)
    assert game.describe_action(view, parse_action("play map")) == (
        "play Map: look at the house you stand on"
    )
    # the engine plays it: one action, the card discarded, what it showed only to its seat
    after, events = act(state, "play map", game=game)
    assert after.known[0][H["B2"]] == HK["lost"] and after.actions_used == 1
    assert after.hand[0][kind] == 0 and after.action_discard[kind] == 1
    assert next(e for e in events if e.kind == "peeked").to == (0,)
    assert "B2 Lst" in game.render(game.view(after, 0))
    assert "B2 Lst" not in game.render(game.view(after, 1))
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
