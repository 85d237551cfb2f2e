"""Whole games: the round structure (PO-7), simultaneous choices that never leak (PO-2),
determinize (PO-105), conservation, JSON, rendering, the heuristic and balance tags."""

from __future__ import annotations

import pytest

from mailbag.core import (
    IllegalAction,
    Rng,
    canonical_json,
    parse_action,
    state_from_json,
    state_to_json,
)
from mailbag.games.post_office.heuristics import heuristic
from mailbag.games.post_office.state import KEEP, MOVE, OVER, PLACE, SEAL

from .builder import (
    GAME,
    act,
    at,
    at_seal,
    blank_with,
    block,
    board,
    everyone,
    new,
    seal,
    uniform,
)


def random_game(players: int, goals: bool, seed: int, check_views: bool = False):  # type: ignore[no-untyped-def]
    """Play a random game with the fast path; check the contract as it goes."""
    state = new(players, goals, seed)
    rng = Rng.from_seed(seed, 1)
    start = GAME.inventory(state)
    placements = [0] * players
    decisions_in_last_round = [0] * players
    while not GAME.is_over(state):
        deciders = GAME.deciders(state)
        seat = deciders[rng.randbelow(len(deciders))]
        legal = GAME.legal_actions(state, seat)
        assert legal
        action = legal[rng.randbelow(len(legal))]
        if state.round == state.params.rounds:
            decisions_in_last_round[seat] += 1
        placements[seat] += action.verb == "place"
        phase, round_ = state.phase, state.round
        if check_views:
            before = {s: canonical_json(GAME.view(state, s)) for s in range(players) if s != seat}
        GAME.apply_in_place(state, seat, action)
        if check_views and (state.phase, state.round) == (phase, round_):
            for s, text in before.items():  # not resolved: only that `seat` chose (PO-114)
                seen = GAME.view(state, s)
                assert seen["players"][seat]["chosen"]
                seen["players"][seat]["chosen"] = False
                assert canonical_json(seen) == text
        assert GAME.inventory(state) == start
    return state, placements, decisions_in_last_round


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("goals", [False, True])
def test_random_games_end_after_21_placements_each(players: int, goals: bool) -> None:
    for seed in range(3):
        state, placements, last = random_game(players, goals, seed, check_views=seed == 0)
        assert state.phase == OVER and state.round == state.params.rounds
        assert placements == [21] * players
        assert last == [4] * players  # keep, move, place, seal: the half round 11 (PO-7)
        assert all(all(p.token) for p in state.players)  # every cell holds a token
        assert len(state.discarded) == players  # each player's unplaced token (PO-7)
        assert len(state.supply) == 96 - 22 * players
        assert GAME.deciders(state) == ()
        assert GAME.legal_actions(state, 0) == []
        with pytest.raises(IllegalAction, match="game is over"):
            raise GAME.explain_illegal(state, 0, parse_action("skip"))
        scores = GAME.scores(state)
        assert all(s.total == sum(s.breakdown.values()) for s in scores)


def test_each_phase_asks_every_player() -> None:
    state = new(4, seed=3)
    order = []
    for _ in range(8):
        assert GAME.deciders(state) == (0, 1, 2, 3)
        order.append((state.phase, state.step))
        state, _ = everyone(state)
    assert order == [
        (KEEP, 0),
        (MOVE, 0),
        (PLACE, 0),
        (SEAL, 0),
        (MOVE, 1),
        (PLACE, 1),
        (SEAL, 1),
        (KEEP, 0),
    ]
    assert state.round == 2


def test_views_determinize_and_json_along_a_game() -> None:
    state = new(3, True, seed=11)
    rng = Rng.from_seed(5)
    steps = 0
    while not GAME.is_over(state) and steps < 120:
        seat = GAME.deciders(state)[-1]
        for observer in (0, 1, 2, None):
            view = GAME.view(state, observer)
            world = GAME.determinize(view, Rng(rng.next64()))
            assert canonical_json(GAME.view(world, observer)) == canonical_json(view)
            assert GAME.inventory(world) == GAME.inventory(state)
            if observer is not None:
                assert GAME.legal_actions(world, observer) == GAME.legal_actions(state, observer)
        text = state_to_json(GAME, state)
        assert state_from_json(GAME, text) == state
        legal = GAME.legal_actions(state, seat)
        for action in legal:
            assert GAME.parse_action(str(action)) == action
        state, _ = act(state, seat, str(legal[rng.randbelow(len(legal))]))
        steps += 1


def test_hand_and_dealt_tokens_are_private() -> None:
    state = new(3, seed=2)
    spectator = GAME.view(state, None)
    assert "hand" not in spectator and "dealt" not in spectator
    mine = GAME.view(state, 0)
    assert mine["dealt"] == state.players[0].dealt and mine["pending"] is None
    assert all("dealt" not in p for p in mine["players"])


def test_render_shows_grid_helper_stamps_tapes_and_goals() -> None:
    state = at_seal(2)
    board(state, 0, uniform("F$"))
    state, _ = everyone(state, {0: "seal fragile T 0 0 0"})
    state.players[0].space = 3  # column 3
    view = GAME.view(state, 0)
    text = GAME.presentation.render(view)
    assert "you (cat)" in text and "seat 1 (dog)" in text
    assert "|fT fT|fT F$|" in text  # three parcels sealed by the fragile T tape, one open
    assert "tapes left F:L-IZ G:LTIZ S:LTIZ P:LTIZ" in text
    assert "    v       " in text and "helper on space 3: column 2" in text
    assert "you (cat): 7 stamps" in text  # 3 + four covered stamp icons
    assert "your hand:" in text
    state = new(2, goals=True)
    assert "goals face up:" in GAME.presentation.render(GAME.view(state, None))


def test_describe_actions() -> None:
    state = new(2, seed=1)
    view = GAME.view(state, 0)
    keep = GAME.legal_actions(state, 0)[0]
    kept = GAME.presentation.describe_action(view, keep)
    assert kept.startswith(f"keep token {keep.args[0]} (") and "[" not in kept  # words, no code
    state, _ = everyone(state)
    view = GAME.view(state, 0)
    assert GAME.presentation.describe_action(view, parse_action("move 2")) == (
        "move the helper to the column 2 paying 2 stamps"
    )
    state, _ = everyone(state)
    view = GAME.view(state, 0)
    token = state.players[0].hand[0]
    label = GAME.presentation.describe_action(view, parse_action(f"place {token} 0 0 1"))
    # the token as it will lie, in words (two turns that look alike read alike)
    assert label.startswith(f"place token {token} (") and label.endswith(") on cell (0,0)")
    assert "°" not in label and "[" not in label
    state, _ = everyone(state)
    board(state, 0, uniform("S$"))
    view = GAME.view(state, 0)
    assert GAME.presentation.describe_action(view, parse_action("seal sweet I 1 0 0")) == (
        # 4 stamps, and 2 of the uniform board's square groups sealed (the engine on a copy)
        "seal (0,0) (1,0) (2,0) (3,0) with the sweet I tape (+4 stamps): -6 points"
    )
    assert GAME.presentation.describe_action(view, parse_action("skip")) == "seal nothing this time"


def test_heuristic_values_the_pending_seal() -> None:
    """The greedy bot looks at worlds where its own choice is still pending (PO-2): the
    heuristic must see it."""
    state = at_seal(2)
    board(state, 0, blank_with({(0, c): "S$" for c in range(4)} | {(9, 9): "S*"}))
    skip, _ = act(state, 0, "skip")
    sealed, _ = act(state, 0, "seal sweet I 0 0 0")
    assert heuristic(GAME.components, sealed, 0) > heuristic(GAME.components, skip, 0)
    assert isinstance(GAME.search.heuristic(state, 0), float)


def test_balance_tags_name_the_helper_and_goals() -> None:
    state = new(3, goals=True)
    state.players[2].goals_won = [state.goal_display[0]]
    name = GAME.components.goals[state.goal_display[0]].name
    assert GAME.balance_tags(state, 2) == {"helper": ["helper:pigeon"], "goal": [f"goal:{name}"]}


def test_starting_tokens_on_the_four_diagonal_cells() -> None:
    state = new(2, seed=8)
    for h, p in enumerate(state.players):
        cells = [c for c in range(25) if p.token[c]]
        assert cells == [6, 8, 16, 18]
        assert [p.rotation[c] for c in cells] == [0, 0, 0, 0]  # PO-109: as printed
        assert sorted(p.token[c] for c in cells) == GAME.components.starting_tokens(h)
    assert sorted(state.starting_box) == [
        t for h in (2, 3) for t in GAME.components.starting_tokens(h)
    ]
    assert state.players[0].colour[at(2, 2)] >= 0 and state.players[0].colour[at(0, 0)] == -1


def score_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if "score" in line]


def test_render_shows_each_seats_running_score_by_source() -> None:
    """PO-8 on the boards as they are: the total and its sources, the same for every viewer."""
    state = at_seal(2)
    board(state, 1, blank_with({rc: "G*" for rc in block(0, 0, 3, 4)}))
    seal(state, 1, [(0, 0), (0, 1), (0, 2), (0, 3)])  # a gift I: 4 symbols sealed, 8 open
    state.players[1].stamps = 6
    expected = GAME.scores(state)[1]
    assert expected.breakdown["gift"] == 8 and expected.breakdown["square groups"] == 10
    text = GAME.presentation.render(GAME.view(state, 0))
    assert (
        f"  score now {expected.total}: stamps 6 + gift 8 (8 symbols × 1 tape) + "
        "square groups 10" in text
    )
    mine = GAME.scores(state)[0].total
    assert f"scores now: you {mine} · seat 1 {expected.total}" in text
    other = GAME.presentation.render(GAME.view(state, 1))
    assert f"scores now: seat 0 {mine} · you {expected.total}" in other
    assert score_lines(other)[1:] == score_lines(text)[1:]  # the same boards, the same scores


def test_render_scores_leave_out_a_pending_choice() -> None:
    """A seat's choice is hidden until everyone has chosen (PO-2): the scores shown, even to
    the seat itself, are those of the boards before it."""
    state = at_seal(2)
    board(state, 0, uniform("F$"))
    before = {
        seat: score_lines(GAME.presentation.render(GAME.view(state, seat))) for seat in (0, 1, None)
    }
    chosen, _ = act(state, 0, "seal fragile T 0 0 0")  # would take 4 stamps once revealed
    assert chosen.players[0].pending
    for seat in (0, 1, None):
        assert score_lines(GAME.presentation.render(GAME.view(chosen, seat))) == before[seat]
    done, _ = everyone(chosen)
    assert score_lines(GAME.presentation.render(GAME.view(done, 1))) != before[1]
