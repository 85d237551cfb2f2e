"""The game's parameters live in the state (option ``rounds``, PO-113), and the state's copy is
generated from its fields, so a new field or option can never be dropped."""

from __future__ import annotations

import msgspec
import pytest

from mailbag.core import (
    OptionError,
    Rng,
    StateError,
    new_game,
    state_from_json,
    state_to_json,
    validate,
)
from mailbag.core.game import clone
from mailbag.core.serialize import field_names
from mailbag.games.post_office.copier import struct_copier
from mailbag.games.post_office.geometry import CELLS, STARTING_CELLS
from mailbag.games.post_office.state import (
    EMPTY,
    FEWEST_ROUNDS,
    KEEP,
    MOST_ROUNDS,
    OVER,
    PRINTED,
    SEAL,
    Params,
    Player,
    PostOfficeState,
    copy_player,
    copy_state,
)

from .builder import GAME, everyone


def play_out(state: PostOfficeState, limit: int = 2000) -> tuple[PostOfficeState, int]:
    """Every seat takes its first legal action until the game ends; (final state, decisions)."""
    decisions = 0
    for _ in range(limit):
        if GAME.is_over(state):
            return state, decisions
        before = len(GAME.deciders(state))
        state, _ = everyone(state)
        decisions += before
    raise AssertionError("the game did not end")


def test_printed_game_has_eleven_rounds_and_four_goals_face_up() -> None:
    state: PostOfficeState = new_game(GAME, 2, {}, 0)
    assert state.params is PRINTED
    assert (PRINTED.rounds, PRINTED.goals_face_up) == (11, 4)
    assert GAME.spec.option("rounds").default == 11
    assert (FEWEST_ROUNDS, MOST_ROUNDS) == (2, 11)  # 21 free cells: 10 full rounds + a half


@pytest.mark.parametrize("rounds", [2, 3, 7, 11])
@pytest.mark.parametrize("players", [2, 4])
def test_option_rounds_sets_the_last_round(rounds: int, players: int) -> None:
    """PO-113: rounds 1..rounds-1 are full (2 placements), the last a half round (1)."""
    state: PostOfficeState = new_game(GAME, players, {"rounds": rounds, "goals": True}, 5)
    assert state.params.rounds == rounds
    final, decisions = play_out(state)
    assert final.phase == OVER and final.round == rounds
    assert decisions == players * (7 * (rounds - 1) + 4)
    laid = 2 * (rounds - 1) + 1
    for p in final.players:
        assert CELLS - p.token.count(EMPTY) - len(STARTING_CELLS) == laid
        assert p.hand == [] and p.dealt == []
    assert len(final.discarded) == players  # PO-7: the unplaced token of the half round
    validate(GAME, final)


def test_the_half_round_has_no_second_step() -> None:
    state: PostOfficeState = new_game(GAME, 2, {"rounds": 2}, 1)
    for _ in range(200):
        if state.round == 2 and state.phase == SEAL:
            break
        state, _ = everyone(state)
    assert (state.round, state.phase, state.step) == (2, SEAL, 0)
    state, events = everyone(state)
    assert state.phase == OVER
    assert [e.kind for e in events][-1] == "game_over"


@pytest.mark.parametrize("value", [1, 12, "many", True])
def test_rounds_out_of_range_is_refused(value: object) -> None:
    with pytest.raises(OptionError, match="rounds"):
        new_game(GAME, 2, {"rounds": value}, 0)


def test_params_are_public_and_determinize_keeps_them() -> None:
    state: PostOfficeState = new_game(GAME, 3, {"rounds": 4}, 2)
    view = GAME.view(state, 1)
    assert view["params"] == {"rounds": 4, "goals_face_up": 4}
    world = GAME.determinize(view, Rng(7))
    assert world.params == state.params
    assert GAME.view(world, 1) == view
    assert "round 1 of 4" in GAME.presentation.render(view)


def test_printed_params_are_left_out_of_the_encoding() -> None:
    """Records made before the parameters were in the state keep their digests."""
    printed: PostOfficeState = new_game(GAME, 2, {"rounds": 11}, 0)
    assert printed.params is PRINTED
    assert "params" not in msgspec.json.decode(msgspec.json.encode(printed))
    short: PostOfficeState = new_game(GAME, 2, {"rounds": 3}, 0)
    doc = msgspec.json.decode(msgspec.json.encode(short))
    assert doc["params"]["rounds"] == 3
    back = state_from_json(GAME, state_to_json(GAME, short))
    assert back == short and back.params.rounds == 3


def broken(state: PostOfficeState, **changes: int) -> PostOfficeState:
    doc = msgspec.json.decode(state_to_json(GAME, state))
    doc["state"]["params"] = {**msgspec.structs.asdict(state.params), **changes}
    return state_from_json(GAME, msgspec.json.encode(doc))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rounds": 1}, "a game has 2 to 11"),
        ({"rounds": 12}, "a game has 2 to 11"),
        ({"goals_face_up": 0}, "1 to 64 can"),
        ({"goals_face_up": 65}, "1 to 64 can"),
    ],
)
def test_check_state_refuses_params_out_of_range(changes: dict[str, int], message: str) -> None:
    state: PostOfficeState = new_game(GAME, 2, {}, 0)
    with pytest.raises(StateError, match=message):
        broken(state, **changes)


def test_check_state_reads_the_round_count_from_the_state() -> None:
    state: PostOfficeState = new_game(GAME, 2, {"rounds": 3}, 0)
    for _ in range(100):
        if state.round == 3:
            break
        state, _ = everyone(state)
    assert state.round == 3 and state.phase == KEEP
    with pytest.raises(StateError, match="rounds are 1 to 2"):
        broken(state, rounds=2)
    final, _ = play_out(state)
    with pytest.raises(StateError, match="ends after round 4"):
        broken(final, rounds=4)  # over in round 3 of a 4-round game
    validate(GAME, final)


def test_a_seal_step_of_the_last_round_is_checked_against_the_state_rounds() -> None:
    state: PostOfficeState = new_game(GAME, 2, {"rounds": 4}, 0)
    for _ in range(200):
        if state.round == 3 and state.phase == SEAL and state.step == 1:
            break
        state, _ = everyone(state)
    validate(GAME, state)
    with pytest.raises(StateError, match="the half round 3 has no second step"):
        broken(state, rounds=3)


# -- the generated copies ---------------------------------------------------------------------


def test_copy_equals_a_clone_and_shares_no_list() -> None:
    state: PostOfficeState = new_game(GAME, 3, {"goals": True, "rounds": 5}, 4)
    state, _ = everyone(state)
    copy = copy_state(state)
    assert copy == clone(state)
    for name in PostOfficeState.__struct_fields__:
        value = getattr(state, name)
        if isinstance(value, list):
            assert getattr(copy, name) is not value, name
    assert copy.rng is not state.rng and copy.params is state.params  # frozen: shared
    for p, q in zip(state.players, copy.players, strict=True):
        assert p is not q
        for name in field_names(Player):
            value = getattr(p, name)
            if isinstance(value, list):
                assert getattr(q, name) is not value, name
    assert copy_player(state.players[0]) == state.players[0]


class Board(msgspec.Struct):
    cells: list[list[int]]
    rng: Rng
    label: str = ""


class Table(msgspec.Struct):
    boards: list[Board]
    params: Params
    count: int = 0


def test_a_struct_copier_covers_every_field_it_is_given() -> None:
    """A field added to a struct is copied with no copy code to edit."""
    table = Table([Board([[1, 2], [3]], Rng(5), "a")], Params(rounds=3), 7)
    copy = struct_copier(Table)(table)
    assert copy == table
    assert copy.boards[0].cells[0] is not table.boards[0].cells[0]
    assert copy.boards[0].rng is not table.boards[0].rng


def test_a_field_of_an_unknown_type_fails_at_once() -> None:
    class Odd(msgspec.Struct):
        names: dict[str, int]

    with pytest.raises(TypeError, match="no generated copy"):
        struct_copier(Odd)


def test_the_written_out_player_init_and_copy_cover_every_field() -> None:
    """Player's ``__init__`` and ``copy_player`` are written out (compiled, the dataclass's field
    types are not there to generate them from): every field is taken, kept, and deep-copied."""
    import dataclasses

    from mailbag.games.post_office.player import Player, copy_player

    values: dict[str, object] = {}
    for i, f in enumerate(dataclasses.fields(Player)):
        listed = f.default_factory is list or "list" in str(f.type)
        values[f.name] = [i + 1, i + 2] if listed else i + 1
    player = Player(**values)  # type: ignore[arg-type]
    assert {name: getattr(player, name) for name in values} == values
    copy = copy_player(player)
    assert copy == player
    for name, value in values.items():
        if isinstance(value, list):
            assert getattr(copy, name) is not getattr(player, name), name


def test_a_record_with_its_own_copy_is_copied_by_it() -> None:
    calls: list[Board] = []

    def copy_board(board: Board) -> Board:
        calls.append(board)
        return Board([row[:] for row in board.cells], Rng(board.rng.state), board.label)

    table = Table([Board([[1]], Rng(1), "a"), Board([[2]], Rng(2), "b")], Params(rounds=3))
    copy = struct_copier(Table, {Board: copy_board})(table)
    assert copy == table and calls == table.boards
