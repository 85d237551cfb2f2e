"""Moving the helper (PO-4), the lap limit (PO-101), full lines after placement (PO-102) and
paying with goal tokens (PO-103)."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, canonical_json
from mailbag.games.post_office.geometry import SPACE_LINE
from mailbag.games.post_office.legal import max_extra_steps, route, spendable
from mailbag.games.post_office.state import PLACE

from .builder import GAME, act, at_move, column, everyone, fill, legal_strs, row, texts


def test_the_mandatory_step() -> None:
    state = at_move()
    assert legal_strs(state, 0)[0] == "move 0"
    state, events = everyone(state, {0: "move 0", 1: "move 0"})
    assert state.phase == PLACE
    assert state.players[0].space == 1 and SPACE_LINE[1] == ("col", 0)
    assert "seat 0's helper moves to the column 0" in texts(events)


def test_paid_extra_steps() -> None:
    state = at_move()
    assert legal_strs(state, 0) == ["move 0", "move 1", "move 2", "move 3"]
    supply = state.stamp_supply
    state, _ = everyone(state, {0: "move 2", 1: "move 0"})
    assert state.players[0].space == 3
    assert state.players[0].stamps == 1
    assert state.stamp_supply == supply + 2


def test_more_steps_than_stamps_is_refused() -> None:
    state = at_move()
    with pytest.raises(IllegalAction, match="cost 4 stamps; you hold 3") as info:
        act(state, 0, "move 4")
    assert info.value.rule == "PO-4"


def test_full_lines_are_skipped_for_free() -> None:
    state = at_move()
    fill(state, 0, column(0) + column(1))
    state, _ = everyone(state, {0: "move 0"})
    assert state.players[0].space == 3  # columns 1 and 2 (spaces 1, 2) were full
    assert state.players[0].stamps == 3


def test_paid_steps_skip_full_lines_too() -> None:
    state = at_move()
    fill(state, 0, column(1))
    assert route(state.players[0])[:3] == [1, 3, 4]
    state, _ = everyone(state, {0: "move 1"})
    assert state.players[0].space == 3
    assert state.players[0].stamps == 2


def test_no_free_cell_in_the_next_rows_goes_to_the_corner() -> None:
    """The rulebook's example: Lena's row and the next ones are full: she goes to the corner."""
    state = at_move()
    fill(state, 0, row(2) + row(3) + row(4))
    state.players[0].space = 8  # pointing at row 2
    state, _ = everyone(state, {0: "move 0"})
    assert state.players[0].space == 12  # the bottom-right corner
    free = [c for c in range(25) if state.players[0].token[c] == 0]
    hand = sorted(state.players[0].hand)
    assert legal_strs(state, 0) == [
        f"place {t} {c // 5} {c % 5} {rot}" for t in hand for c in free for rot in range(4)
    ]


def test_corners_always_stop_the_helper() -> None:
    state = at_move()
    state.players[0].space = 5
    state, _ = everyone(state, {0: "move 0"})
    assert state.players[0].space == 6 and SPACE_LINE[6] is None


def test_the_track_wraps_round_to_start() -> None:
    state = at_move()
    state.players[0].space = 23
    state, _ = everyone(state, {0: "move 0"})
    assert state.players[0].space == 0  # Start is the top-left corner


def test_at_most_one_lap_of_extra_steps() -> None:
    """PO-101: the extra steps stop short of going round the track again."""
    state = at_move()
    state.players[0].stamps = 100
    moves = legal_strs(state, 0)
    assert moves == [f"move {n}" for n in range(24)]
    with pytest.raises(IllegalAction, match="round the track again") as info:
        act(state, 0, "move 24")
    assert info.value.rule == "PO-101"
    state, _ = everyone(state, {0: "move 23"})
    assert state.players[0].space == 0 and state.players[0].stamps == 77


def test_helper_stays_on_a_full_line_until_its_next_move() -> None:
    """PO-102: a line filled by a placement does not push the helper on at once."""
    state = at_move()
    fill(state, 0, [0, 5, 10, 15])  # column 1 has one free cell left: (4, 0)
    token = state.players[0].hand[0]
    state, _ = everyone(state, {0: "move 0"})
    assert state.players[0].space == 1
    state, _ = everyone(state, {0: f"place {token} 4 0 0"})
    assert state.players[0].space == 1  # column 1 is full now, the helper has not moved
    state, _ = everyone(state)  # seal: skip
    state, _ = everyone(state, {0: "move 0"})
    assert state.players[0].space == 2


def test_goal_tokens_pay_for_steps_with_change() -> None:
    """PO-103: a goal token is exchanged for 8 stamps when the stamps held do not cover a
    payment; the change comes from the supply."""
    state = at_move(goals=True)
    p = state.players[0]
    goal = state.goal_display.pop()
    p.goals, p.goals_won, p.stamps = [goal], [goal], 1
    state.stamp_supply += 2  # seat 0 held 3 stamps; keep the count of 129
    assert legal_strs(state, 0)[-1] == "move 9"
    supply = state.stamp_supply
    state, _ = everyone(state, {0: "move 3"})
    p = state.players[0]
    assert p.goals == [] and p.goals_won == [goal]
    assert goal in state.goal_box
    assert p.stamps == 1 + 8 - 3
    assert state.stamp_supply == supply + 1 - (8 - 2)


def test_helper_moves_are_hidden_until_the_reveal() -> None:
    state = at_move(3)
    before = GAME.view(state, 1)
    state, _ = act(state, 0, "move 2")
    after = GAME.view(state, 1)
    assert after["players"][0]["chosen"] and not before["players"][0]["chosen"]  # PO-114
    after["players"][0]["chosen"] = False
    assert canonical_json(after) == canonical_json(before)  # where the helper goes: hidden
    assert state.players[0].space == 0 and state.players[0].stamps == 3
    assert GAME.view(state, 0)["pending"] == "move 2"


def test_lap_limit_counts_every_stop_of_a_lap() -> None:
    """PO-101 on many boards: the last legal move is the last stop of one lap."""
    state = at_move(3, seed=5)
    for k in range(60):
        for seat in range(3):
            p = state.players[seat]
            p.stamps = 40
            assert max_extra_steps(p) == len(route(p)) - 1
            p.stamps = 2
            assert max_extra_steps(p) == min(spendable(p), len(route(p)) - 1)
        fill(state, k % 3, [k % 25])
