"""Post Office positions written and read by name (mailbag.games.post_office.positions):
tokens by label on [row, col] cells, a tape by the parcels it covers, the phase by name, the rest
filled from the seed to fit it; refusals naming what is impossible; the round trip."""

from __future__ import annotations

import dataclasses
import random
import re
from operator import attrgetter

import msgspec
import pytest

from mailbag.core import PositionError, StateError, apply, new_game, ranking, scores
from mailbag.core.spec import OptionSpec
from mailbag.games.post_office import GAME, SPEC, PostOfficeGame
from mailbag.games.post_office.positions import build, describe
from mailbag.games.post_office.state import PRINTED

GREEN = [
    {"token": "1", "at": [0, 0]},  # labels name the printed tokens
    {"token": "2", "at": [0, 1], "turn": 1},
]


def test_a_seal_phase_filled_from_the_seed_to_fit_the_round() -> None:
    state = build(players=3, round=4, phase="seal", seats=[{"tokens": GREEN, "stamps": 7}])
    laid = [25 - p.token.count(0) - 4 for p in state.players]
    assert laid == [7, 7, 7]  # 3 full rounds of 2, then this round's first placement
    assert [len(p.hand) for p in state.players] == [1, 1, 1]
    assert state.players[0].token[0] == 1 and state.players[0].rotation[1] == 1
    assert state.players[0].stamps == 7
    assert GAME.deciders(state) == (0, 1, 2)
    assert GAME.inventory(state) == GAME.inventory(new_game(GAME, 3, {}, 0))
    again = build(players=3, round=4, phase="seal", seats=[{"tokens": GREEN}], seed=1)
    assert again.players[1].token != state.players[1].token  # the rest comes from the seed


def test_a_tape_given_by_the_parcels_it_covers() -> None:
    state = build(players=2, round=4, phase="keep")
    board = state.players[0]
    # find four parcels of one colour forming a shape on the dealt board, as a person would
    legal = build(players=2, round=4, phase="seal")
    seals = [a for a in GAME.legal_actions(legal, 0) if a.verb == "seal"]
    assert seals
    chosen = seals[0]
    parcels = chosen.to_json()["parcels"]
    described = describe(legal)
    described["seats"][0]["tapes"] = [{"colour": chosen.args[0], "parcels": parcels}]
    taped = build(described)
    tapes = describe(taped)["seats"][0]["tapes"]
    assert tapes == [{"colour": chosen.args[0], "parcels": parcels}]
    assert sorted(divmod(q, 10) for q, t in enumerate(taped.players[0].tape) if t >= 0) == [
        tuple(rc) for rc in parcels
    ]
    # that tape is now used: sealing it again is no longer offered
    assert chosen not in GAME.legal_actions(taped, 0)
    assert board.tape == [-1] * 100


def test_named_tokens_under_a_tape_named_by_its_parcels() -> None:
    state = build(
        round=3,
        phase="seal",
        seats=[
            {
                "tokens": [{"token": "3", "at": [0, 0]}, {"token": "5", "at": [0, 1], "turn": 3}],
                "tapes": [{"colour": "gift", "parcels": [[0, 0], [0, 1], [0, 2], [0, 3]]}],
            }
        ],
    )
    board = state.players[0]
    assert board.token[:2] == [3, 5] and board.rotation[:2] == [0, 3]
    assert [board.tape[q] >= 0 for q in range(5)] == [True, True, True, True, False]
    assert {board.colour[q] for q in range(4)} == {GAME.components.colour_index["gift"]}
    assert describe(state)["seats"][0]["tapes"] == [
        {"colour": "gift", "parcels": [[0, 0], [0, 1], [0, 2], [0, 3]]}
    ]
    # the gift I tape is down: no gift I seal is offered any more
    assert not any(a.args[:2] == ("gift", "I") for a in GAME.legal_actions(state, 0) if a.args)


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        (
            {"seats": [{"tokens": [{"token": "97x", "at": [0, 0]}]}]},
            "there is no parcel token '97x'",
        ),
        (
            {"seats": [{"tokens": [{"token": "5", "at": [0, 0]}, {"token": "5", "at": [0, 2]}]}]},
            "the position needs 2 × parcel token '5', but only 1 are left to place",
        ),
        (
            {"seats": [{"tokens": [{"token": "5", "at": [0, 0]}, {"token": "6", "at": [0, 0]}]}]},
            "cell [0, 0] is taken twice",
        ),
        ({"seats": [{"tokens": [{"token": "5", "at": [5, 0]}]}]}, "cell [5, 0] is off the board"),
        (
            {
                "seats": [
                    {"tapes": [{"colour": "gift", "parcels": [[0, 0], [0, 1], [0, 2], [1, 3]]}]}
                ]
            },
            "no tape shape covers the parcels [[0, 0], [0, 1], [0, 2], [1, 3]]",
        ),
        ({"seats": [{"tapes": [{"colour": "pink", "parcels": []}]}]}, "there is no colour 'pink'"),
        ({"phase": "stamp"}, "there is no phase 'stamp'; the names are: keep, move, place, seal"),
        ({"seats": [{"helper": "cow"}]}, "there is no helper 'cow'; the names are: cat, dog"),
        (
            {"options": {"goals": True}, "goal_display": ["ten_stamps", "ten_stamps"]},
            "the position needs 2 × goal 'ten_stamps', but only 1 are left to place",
        ),
        ({"seats": {3: {}}}, "seat 3 is not a seat of this game (seats 0 to 1)"),
    ],
)
def test_an_impossible_position_is_refused_naming_what(
    parts: dict[str, object], message: str
) -> None:
    with pytest.raises(PositionError, match="^" + re.escape(message)):
        build(**parts)


def test_a_board_without_its_starting_tokens_is_refused_by_the_games_check() -> None:
    with pytest.raises(StateError, match=re.escape("starting cell (1,1) is empty (PO-109)")):
        build(seats=[{"tokens": [{"token": "cat-2", "at": [1, 3]}]}])


def _random_position(seed: int) -> object:
    rnd = random.Random(seed)
    state = new_game(GAME, rnd.choice([2, 3, 4]), {"goals": rnd.random() < 0.5}, seed)
    for _ in range(rnd.randrange(120)):
        if GAME.is_over(state):
            break
        seat = rnd.choice(GAME.deciders(state))
        state, _events = apply(GAME, state, seat, rnd.choice(GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("seed", range(10))
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


def test_a_new_option_is_one_entry_of_the_spec() -> None:
    """A made-up option — how many goals lie face up, the state's ``params.goals_face_up`` —
    added to a copy of the spec with its ``read`` and nothing else: the game deals by it, and a
    position with it round-trips through ``describe`` and ``build``, which list no option."""
    face_up = OptionSpec(
        "goals_face_up",
        int,
        PRINTED.goals_face_up,
        "goals face up",
        minimum=1,
        maximum=9,
        read=attrgetter("params.goals_face_up"),
    )
    spec = dataclasses.replace(SPEC, options=(*SPEC.options, face_up))
    game = PostOfficeGame(spec, GAME.components)
    state = new_game(game, 3, {"goals": True, "goals_face_up": 2}, 4)
    assert len(state.goal_display) == 2 and state.params.goals_face_up == 2
    description = describe(state, game)
    assert description["options"] == {"goals": True, "rounds": 11, "goals_face_up": 2}
    again = build(description, seed=9, game=game)
    plain, rebuilt = msgspec.to_builtins(state), msgspec.to_builtins(again)
    plain.pop("rng"), rebuilt.pop("rng")
    assert rebuilt == plain
    assert describe(again, game) == description
    assert describe(new_game(GAME, 3, {"goals": True}, 4))["options"] == {
        "goals": True,
        "rounds": 11,
    }
