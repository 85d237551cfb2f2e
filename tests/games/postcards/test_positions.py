"""Postcards positions written and read by name (mailbag.games.postcards.positions): a solo
game against the Automa set up in a few named lines, conservation, refusals naming what is
impossible, and the round trip ``build(describe(state))`` on positions reached by random play."""

from __future__ import annotations

import random
import re

import msgspec
import pytest

from mailbag.core import PositionError, apply, new_game, ranking, scores
from mailbag.games.postcards import GAME
from mailbag.games.postcards.positions import build, describe

SOLO = ["player", "automa:easy"]


def test_a_solo_position_in_named_parts_topped_up_from_the_seed() -> None:
    state = build(
        seats=SOLO,
        players=[
            {
                "hand": ["red.camp", "blue.movement"],
                "region": "Bretagne",
                "postcards": [{"card": 29, "stamps": [True, False]}],
            }
        ],
        travel_row=["green.postcard"],
        current=0,
    )
    components = GAME.components
    me = state.players[0]
    assert me.region == 11
    assert len(me.hand) == 5 and components.travel_names["red.camp"] in me.hand
    assert [(o.card, o.stamps) for o in me.postcards] == [(29, [True, False])]
    assert state.travel_row[0] == components.travel_names["green.postcard"]
    assert all(k >= 0 for k in state.travel_row)  # the empty slots refilled (PC-11)
    assert state.supply == components.tokens - 1  # one stamp on the postcard
    assert GAME.inventory(state) == GAME.inventory(new_game(GAME, SOLO, {}, 0))
    assert describe(state)["players"][0]["region"] == "Bretagne"
    # and it plays on: a legal action applies
    action = GAME.legal_actions(state, 0)[0]
    after, _events = apply(GAME, state, 0, action)
    assert after is not state


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        ({"players": [{"hand": ["red.joker"]}]}, "there is no Travel card 'red.joker'"),
        (
            {"players": [{"hand": ["red.camp"] * 7}]},
            "the position needs 7 × Travel card 'red.camp', but only 6 are left to place",
        ),
        ({"players": [{"region": "Kent"}]}, "there is no region 'Kent'"),
        ({"players": [{"postcards": [{"card": 99}]}]}, "there is no postcard '99'"),
        (
            {"players": [{"postcards": [{"card": 29}]}, {"postcards": [{"card": 29}]}]},
            "the position needs 2 × postcard '29', but only 1 are left to place",
        ),
        (
            {"players": [{"postcards": [{"card": 29, "stamps": [True]}]}]},
            "postcard 29 has 2 stamps spaces, not 1",
        ),
        ({"players": [{"camps": [3]}, {"camps": [3]}]}, "campsite 3 is taken twice"),
        ({"players": [{"gifts": ["pony"]}]}, "there is no gift 'pony'"),
        ({"players": [{"itinerary": 1}, {"itinerary": 1}]}, "the position needs 2 × itinerary '1'"),
        ({"current": 2}, "seat 2 is not a seat of this game (seats 0 to 1)"),
    ],
)
def test_an_impossible_position_is_refused_naming_what(
    parts: dict[str, object], message: str
) -> None:
    with pytest.raises(PositionError, match="^" + re.escape(message)):
        build(**parts)


def _random_position(seed: int) -> object:
    rnd = random.Random(seed)
    count = rnd.choice([1, 2, 3, 4])
    kinds = (
        ["player"] * count if count > 1 else ["player", "automa:" + rnd.choice(["easy", "expert"])]
    )
    options = {o.name: rnd.choice(o.sample_values()) for o in GAME.spec.options}
    state = new_game(GAME, kinds, options, seed)
    for _ in range(rnd.randrange(150)):
        if GAME.is_over(state):
            break
        seat = GAME.deciders(state)[0]
        state, _events = apply(GAME, state, seat, rnd.choice(GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_describe_then_build_gives_the_position_back(seed: int) -> None:
    state = _random_position(seed)
    description = describe(state)
    again = build(description, seed=seed + 100)
    plain, rebuilt = msgspec.to_builtins(state), msgspec.to_builtins(again)
    plain.pop("rng"), rebuilt.pop("rng")
    assert rebuilt == plain
    assert describe(again) == description
    assert scores(GAME, again) == scores(GAME, state)
    assert ranking(GAME, again) == ranking(GAME, state)


def test_a_new_option_round_trips_with_no_list_of_option_names_to_edit() -> None:
    """An option is one entry of the spec, with the rule that reads it back from a state: a
    made-up one (a copy of the spec with it added) is described and built again, and the
    builder takes it, with no other edit."""
    from dataclasses import replace

    from mailbag.core.spec import OptionSpec
    from mailbag.games.postcards.game import PostcardsGame
    from mailbag.games.postcards.positions import Builder

    def seats(state: object) -> int:
        return len(state.players)

    made_up = OptionSpec("table_size", int, 2, "made up", minimum=2, maximum=4, read=seats)
    spec = replace(GAME.spec, options=(*GAME.spec.options, made_up))
    game = PostcardsGame(spec, GAME.components)
    state = new_game(game, 3, {"edition": "nl", "side": "B", "table_size": 3}, 5)
    described = describe(state, game)
    assert described["options"] == {"edition": "nl", "side": "B", "table_size": 3}
    again = build(described, game=game)
    plain, rebuilt = msgspec.to_builtins(state), msgspec.to_builtins(again)
    plain.pop("rng"), rebuilt.pop("rng")
    assert rebuilt == plain
    assert describe(again, game) == described
    # the shipped game's description holds exactly its own options, read from the spec
    assert describe(new_game(GAME, 2, {"side": "B"}, 1))["options"] == {
        "edition": "en",
        "side": "B",
    }
    built = Builder(3, game=game, side="B", table_size=3).state
    assert game.spec.options_of(built) == {"edition": "en", "side": "B", "table_size": 3}
