"""Post Office's graphical board: what a player clicks for each action (clicks.click_path), the
board's fixed data (clicks.board_data) and the points a seal would earn, told in its text."""

from __future__ import annotations

import json
from itertools import pairwise

from mailbag.core import parse_action
from mailbag.core.i18n import use_language
from mailbag.games.post_office.legal import route_from
from mailbag.games.post_office.state import MOVE, PLACE, SEAL

from .builder import GAME, act, at, blank_with, board, everyone, fill, new, seal


def paths(state, seat=0):  # type: ignore[no-untyped-def]
    view = GAME.view(state, seat)
    return {str(a): GAME.presentation.click_path(view, a) for a in GAME.legal_actions(state, seat)}


def test_keep_is_the_dealt_token() -> None:
    state = new(2, seed=3)
    dealt = state.players[0].dealt
    assert paths(state) == {f"keep {t}": (f"deal:{t}",) for t in dealt}


def test_a_move_clicks_the_space_it_ends_on_past_full_lines() -> None:
    state = everyone(new(2, seed=3))[0]
    assert state.phase == MOVE
    p = state.players[0]
    p.stamps = 5
    # fill column 0 and 1 but for one cell: spaces 1 and 2 point at full columns and are skipped
    fill(state, 0, [r * 5 for r in range(5)] + [r * 5 + 1 for r in range(5)])
    p.space = 0
    got = paths(state)
    stops = route_from(p.token, 0)
    assert stops[0] == 3, stops  # the free steps past the full columns 0 and 1
    assert got["move 0"] == ("space:3",)
    assert got["move 1"] == (f"space:{stops[1]}",)
    assert len(set(got.values())) == len(got)


def test_a_placement_is_token_turn_cell() -> None:
    state = everyone(everyone(new(2, seed=3))[0], {0: "move 0", 1: "move 0"})[0]
    assert state.phase == PLACE
    token = state.players[0].hand[0]
    space = state.players[0].space  # 1: the helper points at column 0
    assert space == 1
    got = paths(state)
    assert got[f"place {token} 2 0 3"] == (f"token:{token}", "rot:3", "cell:10")
    assert all(p[2] in {f"cell:{r * 5}" for r in range(5)} for p in got.values())


def test_a_seal_is_tape_form_first_parcel_and_tells_its_points() -> None:
    state = new(2, seed=1)
    for _ in range(3):
        state = everyone(state)[0]
    assert state.phase == SEAL
    board(state, 0, blank_with({(0, c): "S$" for c in range(4)} | {(5, 5): "S*", (7, 7): "S*"}))
    view = GAME.view(state, 0)
    action = parse_action("seal sweet I 0 0 0")
    assert GAME.presentation.click_path(view, action) == ("tape:sweet:I", "form:0", "parcel:0")
    assert GAME.presentation.click_path(view, parse_action("skip")) == ("skip",)
    # 4 stamps taken, and the 2 open sweet symbols now count once for the one sweet tape
    assert GAME.presentation.describe_action(view, action).endswith(": +6 points")
    # the engine's own count: the score after the seal, less the score before
    before = GAME.scores(state)[0].total
    after, _ = act(state, 0, "seal sweet I 0 0 0")
    after, _ = act(after, 1, "skip")
    assert GAME.scores(after)[0].total - before == 6


def test_a_seal_covering_a_square_group_loses_points() -> None:
    state = new(2, seed=1)
    for _ in range(3):
        state = everyone(state)[0]
    square = {(r, c): "G" for r in range(2) for c in range(2)}
    board(state, 0, blank_with(square | {(2, 0): "G", (3, 0): "G"}))
    view = GAME.view(state, 0)
    # the upright I over (0,0) (1,0) (2,0) (3,0) seals a parcel of the one square group (5
    # points); no symbols, no stamps
    seals = {
        str(a): GAME.presentation.describe_action(view, a) for a in GAME.legal_actions(state, 0)
    }
    assert seals["seal gift I 1 0 0"].endswith(": -5 points"), seals["seal gift I 1 0 0"]


def test_used_tapes_are_not_offered_and_paths_stay_distinct() -> None:
    state = new(2, seed=1)
    for _ in range(3):
        state = everyone(state)[0]
    board(state, 0, blank_with({(r, c): "F" for r in range(4) for c in range(4)}))
    seal(state, 0, [(0, 0), (0, 1), (0, 2), (0, 3)])
    got = paths(state)
    assert not any(p[0] == "tape:fragile:I" for p in got.values())
    values = sorted(got.values())
    for a, b in pairwise(values):
        assert b[: len(a)] != a


def test_board_data_is_json_and_in_the_readers_language() -> None:
    data = GAME.presentation.board_data()
    json.dumps(data)
    assert data["tokens"][0][0] != data["tokens"][1][0]
    assert [s["name"] for s in data["shapes"]] == ["L", "T", "I", "Z"]
    assert len(data["shapes"][0]["forms"]) == 8 and len(data["shapes"][2]["forms"]) == 2
    assert len(data["spaces"]) == 24 and data["spaces"][0]["line"] is None
    assert data["spaces"][1]["line"] == ["col", 0]
    assert data["colours"][0]["label"] == "fragile"
    with use_language("nl"):
        dutch = GAME.presentation.board_data()
    assert dutch["colours"][0]["label"] != "fragile"
    assert dutch["words"]["round"] == "Ronde {round} van {rounds}"
    assert at(1, 2) == 12
