"""CA-4: the bicycle cannot enter a flooded house — on any step of its ride, not only the first
(issue 28, point 14: for the second time a planted bug let a ride's later step into a flood and
no test caught it; the first-step case is in test_cards.py).

A 2×2 flood block covers two rows, so on a straight ride the first flooded house is the second
step at the latest: from row 1 down into a block at rows 3–4, or from row 4 up into rows 1–2.
Every start, direction and block is tried below too."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, apply, parse_action
from mailbag.games.carteros import GAME
from mailbag.games.carteros.board import BLOCK_HOUSES, HOUSE_NAMES, HOUSES, STEP
from mailbag.games.carteros.positions import BLOCK_NAMES

from .builder import act, build, legal

FLOODED = "the bicycle cannot enter a flooded house"


def _refused_as_flooded(state: object, house: str) -> None:
    with pytest.raises(IllegalAction, match=FLOODED) as info:
        apply(GAME, state, 0, parse_action(f"ride {house}"))
    assert info.value.rule == "CA-4"


@pytest.mark.parametrize(
    ("start", "first", "flooded", "block", "boots"),
    [
        ("A1", "A2", "A3", "A3", False),  # down column A into rows 3–4
        ("B1", "B2", "B3", "A3", False),
        ("C1", "C2", "C3", "B3", True),  # Rubber Boots do not help a bicycle (CA-106)
        ("A4", "A3", "A2", "A1", False),  # up column A into rows 1–2
        ("C4", "C3", "C2", "B1", True),
    ],
)
def test_the_second_step_of_a_ride_does_not_enter_a_flood(
    start: str, first: str, flooded: str, block: str, boots: bool
) -> None:
    state = build(
        2,
        pos={0: start},
        floods=[block],
        boots=[0] if boots else [],
        grid={first: "received_letter"},
        mail={0: {"letter": 3}},
        hand={0: ["bicycle"]},
    )
    state, _ = act(state, "play bicycle")
    assert f"ride {first}" in legal(state)
    state, _ = act(state, f"ride {first}", "give letter")  # a delivery between the steps
    assert state.pos[0] == HOUSE_NAMES.index(first)
    # straight on is the flooded house: the ride can only stop here
    assert legal(state) == ["stop"]
    _refused_as_flooded(state, flooded)
    state, _ = act(state, "stop")
    assert not state.tasks and state.actions_used == 1


def test_a_ride_stopped_by_a_flood_delivers_what_it_passed() -> None:
    """Two floods at once: the ride from A4 up turns A3, then A2 (rows 1–2) is flooded; the
    Double at A3 delivered on the way."""
    state = build(
        2,
        pos={0: "A4"},
        floods=["A1", "B1"],
        grid={"A3": "double_received"},
        mail={0: {"letter": 2, "parcel": 1}},
        hand={0: ["bicycle"]},
    )
    state, _ = act(state, "play bicycle")
    assert legal(state) == ["ride A3", "ride B4"]
    state, _ = act(state, "ride A3", "give letter", "give parcel")
    assert legal(state) == ["stop"]
    _refused_as_flooded(state, "A2")
    assert sum(state.delivered[0]) == 2


def _offered_rides(state: object) -> list[str]:
    return [a[len("ride ") :] for a in legal(state) if a.startswith("ride ")]


def test_no_step_of_any_ride_enters_a_flood() -> None:
    """Every start house, every flood block, every first direction: at each step the ride
    offers exactly the next house straight on when it is on the board and dry, never a flooded
    one, and refuses a flooded one with CA-4's reason."""
    rides = later_floods = 0
    for start in range(HOUSES):
        for b, block in enumerate(BLOCK_NAMES):
            wet = set(BLOCK_HOUSES[b])
            if start in wet:
                continue
            base = build(2, pos={0: HOUSE_NAMES[start]}, floods=[block], hand={0: ["bicycle"]})
            for direction in range(4):
                first = STEP[start][direction]
                if first < 0 or first in wet:
                    continue
                state, _ = act(base, "play bicycle")
                assert HOUSE_NAMES[first] in _offered_rides(state)
                state, _ = act(state, f"ride {HOUSE_NAMES[first]}")
                rides += 1
                at = first
                for _step in range(2):  # the second and third houses of the ride
                    if not state.tasks:
                        break
                    ahead = STEP[at][direction]
                    offered = _offered_rides(state)
                    assert not {HOUSE_NAMES[h] for h in wet} & set(offered), (
                        HOUSE_NAMES[start],
                        block,
                        offered,
                    )
                    if ahead >= 0 and ahead in wet:
                        later_floods += 1
                        assert offered == [], (HOUSE_NAMES[start], block, offered)
                        _refused_as_flooded(state, HOUSE_NAMES[ahead])
                        break
                    if ahead < 0:
                        assert offered == []
                        break
                    assert offered == [HOUSE_NAMES[ahead]]
                    state, _ = act(state, f"ride {HOUSE_NAMES[ahead]}")
                    at = ahead
    assert rides > 50 and later_floods >= 8, (rides, later_floods)
