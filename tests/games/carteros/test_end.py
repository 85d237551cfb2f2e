"""The end (CA-8): +3 for the first to deliver 10, equal turns, scoring, the bicycle tie-break;
and the safeguard round limit (CA-102)."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, apply, parse_action
from mailbag.games.carteros import GAME

from .builder import act, build, legal


def nine_delivered(current: int, seats: int = 3, **kw: object) -> object:
    return build(
        seats,
        current=current,
        pos={current: "B2"},
        grid={"B2": "received_letter"},
        mail={current: {"parcel": 1}},
        delivered={current: {"letter": 5, "parcel": 4}},
        **kw,  # type: ignore[arg-type]
    )


def test_the_tenth_delivery_scores_three_and_the_round_is_finished() -> None:
    state, events = act(nine_delivered(1), "deliver", "give parcel")
    assert state.finisher == 1 and any(e.kind == "finish" for e in events)
    score = GAME.scores(state)[1]
    assert score.breakdown == {"letters": 5, "parcels": 10, "missions": 0, "first to finish": 3}
    assert score.total == 18
    assert not GAME.is_over(state) and state.current == 1  # the turn goes on
    state, _ = act(state, "end")
    assert state.current == 2 and not GAME.is_over(state)  # the last seat still plays
    state, events = act(state, "end")
    assert GAME.is_over(state) and GAME.deciders(state) == ()
    assert any(e.kind == "game_over" for e in events)
    assert GAME.ranking(state) == [2, 1, 2]


def test_when_the_last_seat_finishes_the_game_ends_with_that_turn() -> None:
    state, _ = act(nine_delivered(2), "deliver", "give parcel", "end")
    assert GAME.is_over(state)


def test_a_second_carrier_reaching_ten_in_the_last_round_gets_no_bonus() -> None:
    state = build(
        2,
        pos={0: "B2", 1: "B2"},
        grid={"B2": "received_letter"},
        house_top=["received_letter"],
        mail={0: {"parcel": 1}, 1: {"letter": 1}},
        delivered={0: {"letter": 9}, 1: {"letter": 9}},
    )
    state, _ = act(state, "deliver", "give parcel", "end")
    state, _ = act(state, "deliver", "give letter")
    assert state.finisher == 0 and sum(state.delivered[1]) == 10
    assert GAME.scores(state)[1].breakdown["first to finish"] == 0
    assert GAME.scores(state)[0].total == 9 + 2 + 3


def test_ca109_a_tie_for_first_is_broken_by_the_bicycle_line() -> None:
    state = build(
        3,
        current=2,
        grid={"A1": "received_letter", "B1": "double_received", "C1": "lost"},
        delivered={0: {"letter": 4}, 1: {"parcel": 2}, 2: {"letter": 1}},
        max_rounds=2,
        round=2,
    )
    state, events = act(state, "end")  # the safeguard ends play after round 2 (CA-102)
    assert state.final and not state.over
    assert any(e.kind == "tie" for e in events)
    assert GAME.deciders(state) == (0,)
    assert len(legal(state)) == 10  # 4 rows and 6 column runs of three
    with pytest.raises(IllegalAction, match="line of 3") as info:
        apply(GAME, state, 0, parse_action("tiebreak A1 B2"))
    assert info.value.rule == "CA-8"
    state, _ = act(state, "tiebreak A1 C1")  # Received 1 + Double 2 + Lost 0
    assert state.tiebreak[0] == 3
    assert GAME.deciders(state) == (1,)  # seat 2 (2 points) does not ride
    state.grid[9:12] = [0, 0, 0]  # seat 1 finds three Received Letters on row 4
    state, _ = act(state, "tiebreak A4 C4")
    assert GAME.is_over(state) and state.tiebreak == [3, 3, 0]
    assert GAME.ranking(state) == [1, 1, 3]  # still tied: a shared win


def test_ca109_the_tie_break_decides_the_winner() -> None:
    state = build(
        2,
        current=1,
        grid={"A1": "received_letter", "A2": "received_letter", "A3": "received_letter"},
        delivered={0: {"parcel": 1}, 1: {"letter": 2}},
        max_rounds=2,
    )
    state, _ = act(state, "end", "tiebreak A1 A3")
    state.grid[2:12:3] = [3, 3, 3, 3]  # column C is all Lost
    state, _ = act(state, "tiebreak C1 C3")
    assert state.tiebreak == [3, 0] and GAME.ranking(state) == [1, 2]
    assert [s.total for s in GAME.scores(state)] == [2, 2]


def test_ca102_play_ends_after_the_last_round_allowed() -> None:
    state = build(2, current=1, round=7, max_rounds=7, delivered={0: {"letter": 1}})
    state, events = act(state, "end")
    assert GAME.is_over(state) and state.finisher == -1
    assert any("CA-102" in e.text for e in events)
    assert GAME.ranking(state) == [1, 2]
    earlier = build(2, current=0, round=7, max_rounds=7)
    earlier, _ = act(earlier, "end")
    assert not GAME.is_over(earlier)  # only after the last seat of the round
