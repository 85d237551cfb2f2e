"""Statistics on known inputs: Wilson intervals, descriptions, shared wins, a whole summary."""

from __future__ import annotations

import math

import pytest

from mailbag.sim.stats import describe, summarise, wilson, win_share
from mailbag.sim.worker import Outcome


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        # the roots of (p - wins/n)^2 = z^2 p (1 - p) / n, solved independently
        (50, 100, 0.4038315, 0.5961685),
        (0, 10, 0.0, 0.2775328),
        (10, 10, 0.7224672, 1.0),
        (1, 20, 0.0088814, 0.2361312),
        (81, 263, 0.2552885, 0.3662096),
    ],
)
def test_wilson_known_values(wins: float, n: int, low: float, high: float) -> None:
    got = wilson(wins, n)
    assert got[0] == pytest.approx(low, abs=1e-6)
    assert got[1] == pytest.approx(high, abs=1e-6)


def test_wilson_formula_and_edges() -> None:
    z = 1.959963984540054
    p, n = 0.3, 40
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert wilson(12, 40) == pytest.approx((centre - half, centre + half))
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(2.5, 5)  # fractional (shared) wins are allowed
    assert low < 0.5 < high and low == pytest.approx(1 - high)


def test_describe_known_values() -> None:
    d = describe([1, 2, 3, 4, 10])
    assert d["n"] == 5
    assert d["mean"] == 4
    assert d["sd"] == pytest.approx(math.sqrt(12.5))
    assert (d["min"], d["q25"], d["median"], d["q75"], d["max"]) == (1, 2, 3, 4, 10)
    assert describe([7])["sd"] == 0 and describe([7])["median"] == 7
    assert describe([])["n"] == 0


def test_win_share_splits_shared_first_places() -> None:
    assert win_share([1, 2], 0) == 1.0
    assert win_share([1, 2], 1) == 0.0
    assert win_share([1, 1, 3], 0) == 0.5
    assert win_share([2, 1, 1], 2) == 0.5


def outcome(index: int, seats: list[str], scores: list[int], ranking: list[int]) -> Outcome:
    return Outcome(
        index=index,
        seed=index,
        rotation=0,
        seats=seats,
        scores=scores,
        breakdown=[{"cards": s - 1, "bonus": 1} for s in scores],
        ranking=ranking,
        decisions=10 + index,
        tags=[{"colour": [f"c{(index + s) % 2}"]} for s in range(len(seats))],
    )


def test_summary_of_known_games() -> None:
    games = [
        outcome(0, ["a", "b"], [5, 3], [1, 2]),
        outcome(1, ["b", "a"], [4, 4], [1, 1]),
        outcome(2, ["a", "b"], [2, 6], [2, 1]),
        outcome(3, ["b", "a"], [1, 7], [2, 1]),
    ]
    games[3].breakdown[1]["gift"] = 2
    s = summarise(reversed(games))  # order of arrival does not matter
    assert s["games"] == 4 and s["seats"] == 2 and s["fair_win_rate"] == 0.5
    a, b = s["by_kind"]["a"], s["by_kind"]["b"]
    assert a["n"] == 4 and a["wins"] == 2.5 and a["win_rate"] == 0.625
    assert b["wins"] == 1.5
    assert a["ci95"] == pytest.approx(list(wilson(2.5, 4)))
    assert a["mean_place"] == 1.25
    assert a["scores"]["total"]["mean"] == pytest.approx((5 + 4 + 2 + 7) / 4)
    assert a["scores"]["bonus"]["sd"] == 0
    assert a["scores"]["cards"]["max"] == 6
    assert list(a["scores"]) == ["total", "cards", "bonus", "gift"]
    # "gift" appears only in game 3's breakdown: it counts 0 in the other seat-games
    assert a["scores"]["gift"]["n"] == 4 and a["scores"]["gift"]["mean"] == 0.5
    assert b["scores"]["gift"]["max"] == 0
    # seat 0 won games 0 and 1 (shared): 1.5 of 4
    assert s["by_seat"][0]["wins"] == 1.5
    assert s["first_player_advantage"] == pytest.approx(1.5 / 4 - 0.5)
    assert s["length"]["mean"] == 11.5 and s["length"]["min"] == 10
    c0 = s["balance"]["colour"]["c0"]  # seat 0 in games 0, 2; seat 1 in games 1, 3
    assert c0["n"] == 4
    assert c0["wins"] == pytest.approx(1 + 0 + 0.5 + 1)
    assert c0["mean_score"] == pytest.approx((5 + 2 + 4 + 7) / 4)


def test_empty_summary() -> None:
    assert summarise([]) == {"games": 0}
