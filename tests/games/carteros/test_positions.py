"""Carteros positions written and read by name (mailbag.games.carteros.positions): the
judge's example, conservation, refusals naming what is impossible, and the round trip
``build(describe(state))`` on positions reached by random play."""

from __future__ import annotations

import dataclasses
import random

import msgspec
import pytest

from mailbag.core import PositionError, apply, new_game, ranking, scores, validate
from mailbag.core.spec import OptionSpec
from mailbag.games.carteros import GAME, SPEC, CarterosGame
from mailbag.games.carteros.board import HOUSE_INDEX
from mailbag.games.carteros.positions import build, describe


def example() -> object:
    return build(
        players=2,
        houses={"B3": "lost", "C3": "stampy"},
        carriers=[
            {"at": "B2", "mail": ["letter", "parcel"], "hand": ["rain"], "mission": 3},
            {"at": "C4", "hand": {"umbrella": 2}},
        ],
        floods=["A1"],
        stampy="C2",
        round=2,
    )


def test_a_flood_a_mission_and_stampy_in_a_few_named_lines() -> None:
    state = example()
    components = GAME.components
    assert state.stampy_mode and state.missions_mode
    assert state.stampy == HOUSE_INDEX["C2"]
    assert state.floods == [0]
    assert state.mission == [3, 0]
    assert state.pos == [HOUSE_INDEX["B2"], HOUSE_INDEX["C4"]]
    assert state.grid[HOUSE_INDEX["B3"]] == components.house_index["lost"]
    assert state.grid[HOUSE_INDEX["C3"]] == components.house_index["stampy"]
    assert state.hand[1][components.action_index["umbrella"]] == 2
    assert state.mail[0] == [1, 1] and state.mail[1] == [0, 0]
    validate(GAME, state)
    fresh = new_game(GAME, 2, {"missions": True}, 0)
    assert GAME.inventory(state) == GAME.inventory(fresh)
    # the rest comes from the seed: another seed, other decks, the named parts the same
    other = build(describe(state) | {"house_deck": [], "mail_deck": [], "action_deck": []}, seed=9)
    assert other.stampy == state.stampy and other.floods == state.floods
    assert sorted(other.mail_deck) == sorted(state.mail_deck)
    assert other.mail_deck != state.mail_deck
    # what the seat sees names the same things
    view = GAME.view(state, 0)
    assert view["floods"] == ["A1"]


def test_the_phase_and_who_decides_a_pending_flood() -> None:
    state = build(
        carriers=[{}, {"at": "B2"}],
        floods=[None],
        tasks=[{"kind": "flood", "seat": 1}],
        current=1,
        actions_used=1,
        deciders=[1],
    )
    assert GAME.deciders(state) == (1,)
    assert [str(a) for a in GAME.legal_actions(state, 1)][:2] == ["flood A1", "flood B1"]
    after, _events = apply(GAME, state, 1, GAME.parse_action("flood B2"))
    assert describe(after)["floods"] == ["B2"]


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        ({"houses": {"D5": "lost"}}, "there is no house 'D5'; the names are: A1, B1, C1"),
        ({"houses": {"A1": "letter"}}, "there is no House card 'letter'"),
        (
            {"houses": {h: "stampy" for h in ("A1", "A2", "A3", "B1", "B2", "B3")}},
            "the position needs 6 × House card 'stampy', but only 5 are left to place",
        ),
        (
            {"carriers": [{"hand": ["rain"] * 3}, {"hand": ["rain"]}], "floods": ["A1"]},
            "the position needs 5 × Action card 'rain', but only 4 are left to place",
        ),
        ({"carriers": [{"hand": ["joker"]}]}, "there is no Action card 'joker'"),
        ({"floods": ["C4"]}, "there is no flood block 'C4'; the names are: A1, B1, A2"),
        ({"carriers": [{"at": "home"}]}, "there is no place 'home'"),
        ({"carriers": {5: {"at": "A1"}}}, "seat 5 is not a seat of this game (seats 0 to 1)"),
        ({"stamp": "A1"}, "a Carteros position has no part 'stamp'"),
        ({"carriers": [{"mission": 13}]}, "there is no Delivery Mission '13'"),
        ({"tasks": [{"kind": "sleep"}]}, "there is no task 'sleep'"),
        ({"deciders": [1]}, "in this position seats [0] decide, not [1]"),
    ],
)
def test_an_impossible_position_is_refused_naming_what(
    parts: dict[str, object], message: str
) -> None:
    with pytest.raises(PositionError, match="^" + _escape(message)):
        build(**parts)


def _escape(text: str) -> str:
    import re

    return re.escape(text)


def test_an_inconsistent_position_is_refused_by_the_games_own_check() -> None:
    from mailbag.core import StateError

    with pytest.raises(StateError, match="shops without a mission card"):
        build(
            carriers=[{"at": "shops"}, {}], missions=[{"mission": None}], mission_decks=[[1], [2]]
        )


def _random_position(seed: int) -> object:
    rnd = random.Random(seed)
    options = {"stampy": rnd.random() < 0.5, "missions": rnd.random() < 0.5}
    state = new_game(GAME, rnd.choice([2, 3, 4]), options, seed)
    for _ in range(rnd.randrange(200)):
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
    assert plain.pop("rng") != rebuilt.pop("rng") or seed + 100 == seed
    assert rebuilt == plain
    assert describe(again) == description
    assert msgspec.json.encode(description)  # plain JSON-able data
    assert scores(GAME, again) == scores(GAME, state)
    assert ranking(GAME, again) == ranking(GAME, state)


def test_a_new_option_is_one_entry_that_round_trips() -> None:
    """A made-up option added to a copy of the spec, with its ``read``, is described and built
    back with no other edit: no list of option names to extend."""
    short = OptionSpec(
        "short",
        bool,
        False,
        "a made-up option: a game of at most 10 rounds",
        read=lambda state: state.max_rounds <= 10,
    )
    spec = dataclasses.replace(SPEC, options=(*SPEC.options, short))
    game = CarterosGame(spec, GAME.components)
    state = new_game(game, 3, {"max_rounds": 8, "short": True}, 4)
    description = describe(state, game)
    assert description["options"] == {
        "stampy": False,
        "missions": False,
        "max_rounds": 8,
        "short": True,
    }
    again = build(description, seed=5, game=game)
    plain, rebuilt = msgspec.to_builtins(state), msgspec.to_builtins(again)
    plain.pop("rng"), rebuilt.pop("rng")
    assert rebuilt == plain and describe(again, game) == description
