"""Goal tokens (PO-9, PO-107): each goal's condition (PO-110), the end-of-round check, ties,
refills (PO-111)."""

from __future__ import annotations

import pytest

from mailbag.games.post_office.goals import check_goals, completes
from mailbag.games.post_office.state import KEEP, OVER, SEAL

from .builder import GAME, blank_with, block, board, everyone, new, seal, texts, uniform
from .test_scoring import LENA, LENA_TAPES

GOALS = {g.name: g for g in GAME.components.goals}
INDEX = {g.name: i for i, g in enumerate(GAME.components.goals)}


def holds(name: str, text: str, tapes: list[list[tuple[int, int]]] = (), stamps: int = 3) -> bool:  # type: ignore[assignment]
    state = new(2)
    board(state, 0, text)
    for cells in tapes:
        seal(state, 0, cells)
    state.players[0].stamps = stamps
    return completes(GAME.components, state.players[0], GOALS[name])


def test_the_nine_printed_goals_come_first() -> None:
    """The printed goals, in the order of goals.toml (a goal added to the data comes after)."""
    assert list(GOALS)[:9] == [
        "five_squares",
        "one_colour_all_shapes",
        "one_shape_all_colours",
        "eight_tapes",
        "ten_stamps",
        "three_busy_receipts",
        "eight_symbols",
        "four_quarters",
        "four_colour_squares",
    ]


def test_five_squares() -> None:
    assert holds("five_squares", blank_with({rc: "P" for rc in block(0, 0, 4, 4)}))
    assert not holds("five_squares", blank_with({rc: "P" for rc in block(0, 0, 2, 6)}))  # 3


FRAGILE_SHAPES = [
    [(0, 0), (0, 1), (0, 2), (0, 3)],  # I
    [(2, 0), (3, 0), (4, 0), (4, 1)],  # L
    [(2, 3), (2, 4), (2, 5), (3, 4)],  # T
    [(6, 0), (6, 1), (7, 1), (7, 2)],  # Z
]


def test_one_colour_all_shapes() -> None:
    assert holds("one_colour_all_shapes", uniform("F"), FRAGILE_SHAPES)
    assert not holds("one_colour_all_shapes", uniform("F"), FRAGILE_SHAPES[:3])


def rows_of_colours() -> str:
    return "\n".join(" ".join(["FGSPFGSPFG"[r]] * 10) for r in range(10))


def test_one_shape_all_colours() -> None:
    i_tapes = [[(r, c) for c in range(4)] for r in range(4)]  # an I in each colour
    assert holds("one_shape_all_colours", rows_of_colours(), i_tapes)
    assert not holds("one_shape_all_colours", rows_of_colours(), i_tapes[:3])


def test_eight_tapes() -> None:
    text = "\n".join(" ".join(["FFGGSSPPFG"[r]] * 10) for r in range(10))
    eight = []
    for k in range(4):  # an I and an L of each colour
        eight.append([(2 * k, c) for c in range(4)])
        eight.append([(2 * k, 5), (2 * k + 1, 5), (2 * k + 1, 6), (2 * k + 1, 7)])
    assert holds("eight_tapes", text, eight)
    assert not holds("eight_tapes", text, eight[:7])


def test_ten_stamps_counting_goal_tokens_as_eight() -> None:
    """PO-112: a held goal token counts as a stamp token of value 8."""
    assert holds("ten_stamps", blank_with({}), stamps=10)
    assert not holds("ten_stamps", blank_with({}), stamps=9)
    state = new(2, goals=True)
    state.players[0].stamps = 2
    state.players[0].goals = [0]
    assert completes(GAME.components, state.players[0], GOALS["ten_stamps"])  # 2 + 8
    state.players[0].stamps = 1
    assert not completes(GAME.components, state.players[0], GOALS["ten_stamps"])  # 1 + 8


def test_three_busy_receipts() -> None:
    assert holds("three_busy_receipts", LENA, LENA_TAPES)  # 3 receipts, each touching 2 tapes
    assert not holds("three_busy_receipts", LENA, LENA_TAPES[1:])  # (0,4) lost the fragile I


def test_eight_symbols_of_one_type() -> None:
    eight = {(9, c): "S*" for c in range(8)}
    assert holds("eight_symbols", blank_with(eight))
    assert not holds("eight_symbols", blank_with(dict(list(eight.items())[:7])))
    spread = {(9, c): "S*" for c in range(4)} | {(8, c): "G*" for c in range(4)}
    assert not holds("eight_symbols", blank_with(spread))
    # sealed symbols are not open
    assert not holds("eight_symbols", blank_with(eight), [[(9, 0), (9, 1), (9, 2), (9, 3)]])


def test_four_quarters() -> None:
    quarters = [
        [(0, 0), (0, 1), (0, 2), (0, 3)],  # I, top-left
        [(0, 5), (1, 5), (2, 5), (2, 6)],  # L, top-right
        [(5, 0), (5, 1), (5, 2), (6, 1)],  # T, bottom-left
        [(7, 5), (7, 6), (8, 6), (8, 7)],  # Z, bottom-right
    ]
    text = uniform("S")
    assert holds("four_quarters", text, quarters)
    assert not holds("four_quarters", text, quarters[:3])
    across = [*quarters[:3], [(4, 3), (4, 4), (5, 4), (5, 5)]]  # a Z across all four
    assert not holds("four_quarters", text, across)


def test_four_colour_squares() -> None:
    cells = {rc: "F" for rc in block(0, 0, 2, 2)}
    cells |= {rc: "G" for rc in block(0, 4, 2, 2)}
    cells |= {rc: "S" for rc in block(4, 0, 2, 2)}
    assert not holds("four_colour_squares", blank_with(cells))
    cells |= {rc: "P" for rc in block(6, 6, 2, 2)}
    assert holds("four_colour_squares", blank_with(cells))
    cells |= {(6, 8): "P", (6, 9): "P"}
    assert holds("four_colour_squares", blank_with(cells))
    sealed = [[(6, 6), (6, 7), (6, 8), (6, 9)]]  # a tape over the personal square
    assert not holds("four_colour_squares", blank_with(cells), sealed)


def show(state, name: str) -> None:  # type: ignore[no-untyped-def]
    """Put goal ``name`` face up (swapping it with a face-up one if it is in the stack)."""
    g = INDEX[name]
    if g in state.goal_display:
        return
    state.goal_stack[state.goal_stack.index(g)] = state.goal_display[0]
    state.goal_display[0] = g


def to_end_of_round(state):  # type: ignore[no-untyped-def]
    while not (state.phase == SEAL and (state.step == 1 or state.round == state.params.rounds)):
        state, _ = everyone(state)
    return everyone(state)


def test_goals_are_off_by_default() -> None:
    state = new(3)
    assert not state.goals_on and state.goal_display == [] and state.goal_stack == []
    assert sorted(state.goal_box) == list(range(len(GAME.components.goals)))
    state.players[0].stamps = 20
    state, _ = to_end_of_round(state)
    assert state.players[0].goals == []


def test_four_goals_face_up_at_the_start() -> None:
    state = new(3, goals=True)
    stack = len(GAME.components.goals) - 4  # 5 with the printed goals
    assert len(state.goal_display) == 4 and len(state.goal_stack) == stack
    assert GAME.view(state, None)["goal_stack_size"] == stack


def test_end_of_round_check_tie_and_refill() -> None:
    state = new(3, goals=True, seed=4)
    show(state, "ten_stamps")
    for p in state.players[1:]:
        p.stamps = 12
    state.stamp_supply -= 18
    state, _ = everyone(state)  # keep
    state, _ = everyone(state)  # move
    state, _ = everyone(state)  # place
    state, _ = everyone(state)  # seal: mid-round, goals are not checked yet
    assert state.players[1].goals == []
    stack = list(state.goal_stack)
    supply = state.stamp_supply
    state, events = to_end_of_round(state)
    assert state.phase == KEEP and state.round == 2
    ten = INDEX["ten_stamps"]
    assert state.players[1].goals == [ten] and state.players[1].goals_won == [ten]
    assert state.players[2].goals == [] and state.players[2].stamps == 12 + 8
    assert state.stamp_supply == supply - 8
    assert ten not in state.goal_display and len(state.goal_display) == 4
    assert state.goal_display[-1] == stack[-1] and state.goal_stack == stack[:-1]
    said = texts(events)
    assert "seat 1 completes goal 'Ten stamps' and takes its token" in said
    assert "seat 2 also completes goal 'Ten stamps' and takes 8 stamps" in said
    assert GAME.balance_tags(state, 1)["goal"] == ["goal:ten_stamps"]


def test_the_stack_runs_out() -> None:
    state = new(2, goals=True)
    ten = INDEX["ten_stamps"]
    others = [g for g in range(9) if g != ten]
    state.goal_display = [ten, *others[:3]]
    state.goal_stack = []
    state.goal_box = others[3:]
    state.players[0].stamps = 30
    state.stamp_supply -= 27
    events = check_goals(GAME.components, state)
    assert state.players[0].goals == [ten]
    assert state.goal_display == others[:3]  # nothing left to lay out
    assert [e.kind for e in events] == ["goal"]


@pytest.mark.slow
def test_goals_are_checked_after_the_half_round() -> None:
    """PO-107: round 11 ends after its one sealing step, and goals are checked then too."""
    state = new(2, goals=True, seed=9)
    while not (state.round == state.params.rounds and state.phase == SEAL):
        state, _ = everyone(state)
    assert state.step == 0
    show(state, "ten_stamps")
    state.goal_display = [INDEX["ten_stamps"]]  # (only this goal is checked here)
    state.players[0].stamps += 10
    state.stamp_supply -= 10
    state, _ = everyone(state)
    assert state.phase == OVER
    assert INDEX["ten_stamps"] in state.players[0].goals
    assert GAME.scores(state)[0].breakdown["goal tokens"] == 8


def test_a_goal_laid_out_by_a_refill_waits_for_the_next_check() -> None:
    """PO-111: all face-up goals are checked together; refills come after the check."""
    state = new(2, goals=True)
    ten, shapes = INDEX["ten_stamps"], INDEX["one_colour_all_shapes"]
    unreached = [INDEX[n] for n in ("three_busy_receipts", "four_colour_squares", "eight_symbols")]
    rest = [g for g in range(9) if g not in (ten, shapes, *unreached)]
    state.goal_display = [ten, *unreached]
    state.goal_stack = [*rest, shapes]  # one_colour_all_shapes on top
    state.goal_box = []
    state.players[0].stamps = 12
    state.stamp_supply -= 9
    for seat, code in ((0, "G"), (1, "F")):
        board(state, seat, uniform(code))
        for cells in FRAGILE_SHAPES:  # all four shapes of the board's colour
            seal(state, seat, cells)
    check_goals(GAME.components, state)
    assert state.players[0].goals == [ten]
    assert state.goal_display == [*unreached, shapes]  # laid out after the check...
    assert state.players[1].goals == []  # ...and checked only at the end of the next round
    check_goals(GAME.components, state)
    assert state.players[0].goals == [ten, shapes]
    assert state.players[1].stamps == 3 + 8


def test_a_goal_shared_from_a_short_supply() -> None:
    """PO-106: the stamps for a shared goal come from the supply as far as it lasts."""
    state = new(3, goals=True)
    ten = INDEX["ten_stamps"]
    show(state, "ten_stamps")
    for p in state.players:
        p.stamps = 10
    state.stamp_supply = 5  # (stamps are not conserved in this test)
    check_goals(GAME.components, state)
    assert state.players[0].goals == [ten]
    assert state.players[1].stamps == 15 and state.players[2].stamps == 10
    assert state.stamp_supply == 0
