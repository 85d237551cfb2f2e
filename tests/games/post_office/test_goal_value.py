"""A goal token is worth 8 stamps wherever stamps are counted (PO-112): the "ten stamps" goal,
paying for helper steps by exchanging it (PO-103) — with a short supply too (PO-106) —, the
projection of the greedy bot, scoring, the tie-break and the views.

Each scene is built so that the rule ignoring goal tokens (or exchanging them wrongly) gives a
different answer; the scenes made from real games are checked with ``validate`` as well."""

from __future__ import annotations

from mailbag.core import validate
from mailbag.games.post_office.apply import payment
from mailbag.games.post_office.goals import check_goals
from mailbag.games.post_office.heuristics import projected
from mailbag.games.post_office.state import KEEP, PostOfficeState

from .builder import GAME, act, at_move, blank_with, board, everyone, legal_strs, new, seal, texts
from .test_goals import FRAGILE_SHAPES, INDEX, show, to_end_of_round

TOTAL = GAME.components.stamp_total


def take(state: PostOfficeState, seat: int, name: str) -> int:
    """Seat ``seat`` holds goal ``name`` as if it had won it (taken from the stack, or from the
    face-up goals and replaced)."""
    g = INDEX[name]
    if g in state.goal_display:
        state.goal_display.remove(g)
        state.goal_display.append(state.goal_stack.pop())
    else:
        state.goal_stack.remove(g)
    state.players[seat].goals.append(g)
    state.players[seat].goals_won.append(g)
    return g


def set_stamps(state: PostOfficeState, seat: int, stamps: int) -> None:
    """Give ``seat`` exactly ``stamps``, to or from the supply (the total stays 129)."""
    state.stamp_supply += state.players[seat].stamps - stamps
    state.players[seat].stamps = stamps


# -- the "ten stamps" goal ----------------------------------------------------------------------


def test_ten_stamps_reached_only_thanks_to_a_goal_token() -> None:
    state = new(3, goals=True, seed=4)
    show(state, "ten_stamps")
    take(state, 1, "eight_tapes")  # (not face up: a goal won earlier)
    set_stamps(state, 1, 2)  # 2 stamps + a goal token = 10
    set_stamps(state, 2, 9)  # 9 stamps, no goal token
    validate(GAME, state)
    state, events = to_end_of_round(state)  # no stamps paid or earned: move 0, skip
    assert state.phase == KEEP and state.round == 2
    ten = INDEX["ten_stamps"]
    assert state.players[1].goals == [INDEX["eight_tapes"], ten]
    assert state.players[2].goals == [] and state.players[2].stamps == 9
    assert "seat 1 completes goal 'Ten stamps' and takes its token" in texts(events)
    validate(GAME, state)


def test_one_check_judges_the_boards_as_the_round_ended() -> None:
    """PO-112 with PO-111: a goal token or the 8 stamps taken in a check count for "ten stamps"
    only from the next check (judged one by one, both seats would reach 10 at once)."""
    state = new(2, goals=True)
    shapes, ten = INDEX["one_colour_all_shapes"], INDEX["ten_stamps"]
    state.goal_display = [shapes, ten]
    state.goal_stack = []
    state.goal_box = [g for g in range(9) if g not in (shapes, ten)]
    for seat, code in ((0, "G"), (1, "F")):
        board(state, seat, "\n".join(" ".join([code] * 10) for _ in range(10)))
        for cells in FRAGILE_SHAPES:  # all four shapes of the board's colour
            seal(state, seat, cells)
        state.players[seat].stamps = 2
    state.stamp_supply = 100
    events = check_goals(GAME.components, state)
    assert state.players[0].goals == [shapes]  # 2 stamps + 8 now...
    assert state.players[1].stamps == 2 + 8  # ...and 10 stamps now
    assert [e.kind for e in events] == ["goal", "goal_shared"]  # but no "ten stamps" yet
    assert state.goal_display == [ten]
    check_goals(GAME.components, state)  # the next end of round
    assert state.players[0].goals == [shapes, ten]
    assert state.players[1].stamps == 10 + 8


# -- paying for helper steps with a goal token ----------------------------------------------------


def test_a_helper_move_affordable_only_with_the_goal_token() -> None:
    state = at_move(goals=True)
    g = take(state, 0, "ten_stamps")
    set_stamps(state, 0, 0)
    validate(GAME, state)
    assert legal_strs(state, 0) == [f"move {n}" for n in range(9)]  # 0 stamps + 8
    assert legal_strs(state, 1) == [f"move {n}" for n in range(4)]  # 3 stamps
    supply = state.stamp_supply
    before = GAME.scores(state)[0]
    state, events = everyone(state, {0: "move 5", 1: "move 0"})
    p = state.players[0]
    assert p.space == 6 and p.goals == [] and p.goals_won == [g] and g in state.goal_box
    assert p.stamps == 8 - 5 and state.stamp_supply == supply - 3
    assert "seat 0's helper moves to the top-right corner (paying 5 stamps)" in texts(events)
    after = GAME.scores(state)[0]
    assert after.total == before.total - 5  # the exchange itself costs nothing
    assert (after.breakdown["stamps"], after.breakdown["goal tokens"]) == (3, 0)
    assert (before.breakdown["stamps"], before.breakdown["goal tokens"]) == (0, 8)
    validate(GAME, state)


def test_the_exchange_with_a_short_supply() -> None:
    """PO-103, PO-106: the stamps paid enter the supply first, then the change is taken as far
    as it lasts; seats pay in seat order."""
    state = at_move(goals=True)
    g = take(state, 0, "ten_stamps")
    set_stamps(state, 0, 1)
    set_stamps(state, 1, TOTAL - 1 - 1)
    assert state.stamp_supply == 1
    validate(GAME, state)
    assert legal_strs(state, 0)[-1] == "move 9"  # 1 stamp + 8: a short supply does not limit
    state, _ = everyone(state, {0: "move 3", 1: "move 2"})
    p = state.players[0]
    assert p.goals == [] and g in state.goal_box
    assert p.stamps == 2  # change of 6 due, only 1 + 1 (its own stamp) in the supply
    assert state.players[1].stamps == TOTAL - 2 - 2
    assert state.stamp_supply == 2  # seat 1's payment came after seat 0's change
    validate(GAME, state)


def test_payment_takes_stamps_first_then_as_few_goal_tokens_as_needed() -> None:
    # (stamps held, amount, supply) -> (stamps left, goal tokens exchanged, supply after)
    assert payment(5, 3, 10) == (2, 0, 13)  # stamps cover it: no exchange
    assert payment(5, 5, 0) == (0, 0, 5)
    assert payment(1, 3, 10) == (6, 1, 5)  # 1 + 8 - 3 change
    assert payment(0, 8, 10) == (0, 1, 10)  # exactly one token, no change
    assert payment(0, 9, 10) == (7, 2, 3)  # two tokens for 9
    assert payment(1, 3, 0) == (1, 1, 0)  # short supply: only its own stamp comes back
    assert payment(0, 5, 0) == (0, 1, 0)  # empty supply: no change at all


def test_the_greedy_projection_exchanges_the_goal_token() -> None:
    state = at_move(goals=True)
    take(state, 0, "ten_stamps")
    set_stamps(state, 0, 0)
    state, _ = act(state, 0, "move 5")
    q = projected(GAME.components, state, 0)
    assert (q.stamps, q.goals) == (3, [])  # not -5 stamps with the token still held
    assert state.players[0].goals == [INDEX["ten_stamps"]]  # (the state itself is unchanged)


# -- scoring, the tie-break, views ------------------------------------------------------------


def test_a_goal_token_ties_with_eight_stamps() -> None:
    """PO-8, PO-112: equal points and equal stamps when goal tokens count 8: a shared place
    (counting stamps only, seat 1 would win the tie-break)."""
    state = new(2, goals=True)
    board(state, 0, blank_with({}))
    board(state, 1, blank_with({}))
    take(state, 0, "eight_tapes")
    state.players[0].stamps, state.players[1].stamps = 2, 10
    scores = GAME.scores(state)
    assert [s.total for s in scores] == [10, 10]
    assert scores[0].breakdown["stamps"] == 2 and scores[0].breakdown["goal tokens"] == 8
    assert GAME.rank_key(state, 0) == GAME.rank_key(state, 1) == (10, 10)
    assert GAME.ranking(state) == [1, 1]
    state.players[1].stamps = 9
    board(state, 1, blank_with({(0, 0): "P", (0, 1): "P", (1, 0): "P", (1, 1): "P"}))
    assert [s.total for s in GAME.scores(state)] == [10, 14]


def test_views_show_what_goal_tokens_are_worth() -> None:
    state = at_move(goals=True)
    take(state, 1, "ten_stamps")
    set_stamps(state, 1, 2)
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert [v["stamp_value"] for v in view["players"]] == [3, 10]
        assert [v["stamps"] for v in view["players"]] == [3, 2]
    text = GAME.presentation.render(GAME.view(state, 0))
    assert "seat 1 (dog): 2 stamps · goal tokens: Ten stamps (worth 10 stamps in all)" in text
    assert "you (cat): 3 stamps · goal tokens: none · " in text
