"""Scoring (PO-8): stamps, symbols × tapes, receipts, square groups and the tie-break."""

from __future__ import annotations

from mailbag.games.post_office.scoring import breakdown, max_square_groups, square_groups

from .builder import GAME, blank_with, block, board, new, seal

# The rulebook's "Example of Scoring", rebuilt as a board: Lena has 3 fives (15 stamps),
# 2 open fragile symbols and 3 fragile tapes, 3 open gift symbols and 3 gift tapes, 7 open sweet
# symbols and 3 sweet tapes, 4 open personal symbols and 4 personal tapes, 3 open receipts each
# touching two tapes, and 2 square groups.
LENA = """
F  F  F  F  Fr G  G  G  G  S
G  P* G  P* G  P* P  P  P  P*
F  F  S  F  F  F  S  P  S  G
F  G  P  G  F  G  S* S* P  G
F  F  F  S  F  S  S* S* G  G
S  P  G  S  S  Pr P  P  G  P
S  F  S  S  G  F  S  P  P  P
S  S  P  G  G  G  G* G* P  P
F* S* F* S* F  S* G* G  F  S
S  S  S  S  Gr P  P  P  P  P
"""
LENA_TAPES = [
    [(0, 0), (0, 1), (0, 2), (0, 3)],  # fragile I
    [(2, 0), (3, 0), (4, 0), (4, 1)],  # fragile L
    [(2, 3), (2, 4), (2, 5), (3, 4)],  # fragile T
    [(0, 5), (0, 6), (0, 7), (0, 8)],  # gift I
    [(2, 9), (3, 9), (4, 9), (4, 8)],  # gift L (flipped)
    [(7, 3), (7, 4), (7, 5), (6, 4)],  # gift T
    [(9, 0), (9, 1), (9, 2), (9, 3)],  # sweet I
    [(5, 0), (6, 0), (7, 0), (7, 1)],  # sweet L
    [(4, 3), (5, 3), (6, 3), (5, 4)],  # sweet T
    [(9, 5), (9, 6), (9, 7), (9, 8)],  # personal I
    [(5, 9), (6, 9), (7, 9), (7, 8)],  # personal L (flipped)
    [(1, 6), (1, 7), (1, 8), (2, 7)],  # personal T
    [(5, 6), (5, 7), (6, 7), (6, 8)],  # personal Z
]


def test_the_rulebook_scoring_example_lena_95() -> None:
    state = new(2)
    board(state, 0, LENA)
    for cells in LENA_TAPES:
        seal(state, 0, cells)
    state.players[0].stamps = 15
    parts = breakdown(GAME.components, state.players[0])
    assert parts == {
        "stamps": 15,
        "goal tokens": 0,
        "fragile": 6,
        "gift": 9,
        "sweet": 21,
        "personal": 16,
        "receipts": 18,
        "square groups": 10,
    }
    score = GAME.scores(state)[0]
    assert score.total == 95 == 15 + 6 + 9 + 21 + 16 + 18 + 10
    assert score.breakdown == parts


def squares_on(cells: list[tuple[int, int]], code: str = "S") -> int:
    state = new(2)
    board(state, 0, blank_with({rc: code for rc in cells}))
    return square_groups(state.players[0])


def test_background_has_no_square_group() -> None:
    assert squares_on([]) == 0


def test_square_groups_one_shared_parcel_allowed_two_not() -> None:
    assert squares_on(block(1, 1, 2, 2)) == 1
    assert squares_on(block(1, 1, 2, 3)) == 1  # two squares sharing 2 parcels: only one counts
    # two squares meeting diagonally share one parcel: both count
    assert squares_on(block(1, 1, 2, 2) + block(2, 2, 2, 2)) == 2
    assert squares_on(block(1, 1, 3, 3)) == 2  # 4 squares; the best set is two diagonal ones
    assert squares_on(block(1, 1, 4, 4)) == 5  # 4 corners and the centre
    assert squares_on(block(0, 0, 2, 4)) == 2  # side by side, sharing nothing
    assert squares_on(block(0, 0, 2, 5)) == 2
    assert squares_on(block(0, 0, 10, 10)) == 41


def test_the_rulebook_picture_green_groups_share_a_receipt() -> None:
    """Two groups meet at one parcel (a receipt); the central group would share more than one
    parcel with them, so only the two count."""
    cells = block(3, 3, 2, 2) + block(4, 4, 2, 2)
    state = new(2)
    blocks = {rc: "P" for rc in cells}
    blocks[(4, 4)] = "Pr"
    board(state, 0, blank_with(blocks))
    assert square_groups(state.players[0]) == 2


def test_sealed_parcels_break_square_groups() -> None:
    state = new(2)
    board(state, 0, blank_with({rc: "G" for rc in block(0, 0, 2, 4) + block(3, 0, 1, 4)}))
    assert square_groups(state.players[0]) == 2
    seal(state, 0, [(3, 0), (3, 1), (3, 2), (3, 3)])
    assert square_groups(state.players[0]) == 2
    seal(state, 0, [(0, 0), (1, 0), (1, 1), (1, 2)])  # an L through both squares
    assert square_groups(state.players[0]) == 0


def test_different_colours_never_conflict() -> None:
    assert max_square_groups([0, 1, 2]) == 2  # the raw solver: three squares in a row
    state = new(2)
    cells = {rc: "F" for rc in block(0, 0, 2, 2)}
    cells.update({rc: "P" for rc in block(0, 2, 2, 2)})
    board(state, 0, blank_with(cells))
    assert square_groups(state.players[0]) == 2


def test_symbols_times_tapes_only_open_symbols() -> None:
    state = new(2)
    board(
        state,
        0,
        blank_with(
            {(0, 0): "F*", (0, 1): "F*", (0, 2): "F*", (0, 3): "F*", (5, 5): "F*", (5, 7): "G*"}
        ),
    )
    p = state.players[0]
    assert breakdown(GAME.components, p)["fragile"] == 0  # no fragile tape yet
    seal(state, 0, [(0, 0), (0, 1), (0, 2), (0, 3)])
    parts = breakdown(GAME.components, p)
    assert parts["fragile"] == 1 * 1  # (5,5) is the one open fragile symbol, 1 fragile tape
    assert parts["gift"] == 0


def test_receipts_score_three_per_distinct_touching_tape() -> None:
    state = new(2)
    grid = blank_with(
        {
            (1, 1): "Sr",
            (1, 0): "P",
            (2, 0): "P",
            (2, 1): "P",
            (2, 2): "P",
            (0, 1): "G",
            (0, 2): "G",
            (0, 3): "G",
            (0, 4): "G",
            (5, 5): "Fr",
        }
    )
    board(state, 0, grid)
    seal(state, 0, [(1, 0), (2, 0), (2, 1), (2, 2)])  # touches (1,1) twice: counts once
    assert breakdown(GAME.components, state.players[0])["receipts"] == 3
    seal(state, 0, [(0, 1), (0, 2), (0, 3), (0, 4)])
    assert breakdown(GAME.components, state.players[0])["receipts"] == 6


def test_a_sealed_receipt_earns_nothing() -> None:
    state = new(2)
    board(state, 0, blank_with({(0, c): "G" for c in range(5)} | {(0, 1): "Gr"}))
    seal(state, 0, [(0, 1), (0, 2), (0, 3), (0, 4)])
    assert breakdown(GAME.components, state.players[0])["receipts"] == 0
    state2 = new(2)
    board(state2, 0, blank_with({(0, c): "G" for c in range(5)} | {(0, 0): "Gr"}))
    seal(state2, 0, [(0, 1), (0, 2), (0, 3), (0, 4)])
    assert breakdown(GAME.components, state2.players[0])["receipts"] == 3


def test_goal_tokens_count_eight_stamps() -> None:
    state = new(2, goals=True)
    state.players[0].goals = [state.goal_display.pop()]
    parts = GAME.scores(state)[0].breakdown
    assert parts["stamps"] == 3 and parts["goal tokens"] == 8


def test_ties_broken_by_stamps_then_shared() -> None:
    state = new(2)
    board(state, 0, blank_with({}))
    board(state, 1, blank_with({}))
    state.players[0].stamps, state.players[1].stamps = 5, 5
    assert [s.total for s in GAME.scores(state)] == [5, 5]
    assert GAME.ranking(state) == [1, 1]  # same points, same stamps: a shared win
    board(state, 1, blank_with({rc: "S" for rc in block(0, 0, 2, 2)}))
    state.players[0].stamps, state.players[1].stamps = 10, 5
    assert [s.total for s in GAME.scores(state)] == [10, 10]
    assert GAME.rank_key(state, 0) == (10, 10) and GAME.rank_key(state, 1) == (10, 5)
    assert GAME.ranking(state) == [1, 2]  # equal points: more stamps wins
