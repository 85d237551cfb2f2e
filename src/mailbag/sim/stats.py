"""Statistics of a simulation: win rates with Wilson intervals, score distributions by category,
first-player advantage, game length and per-component balance.

Definitions (also in docs/research.md):

- A seat *wins* a game when its place is 1; when ``k`` seats share first place each gets ``1/k``
  of a win, so win rates over all seats of a game add up to 1.
- The 95% interval of a win rate is Wilson's score interval with ``z = 1.959964`` on the
  (possibly fractional) number of wins out of the number of seat-games.
- Score statistics cover every scoring category seen in any game; a category missing from a
  seat's breakdown counts 0 for that seat-game. Means and standard deviations are over
  seat-games (sample standard deviation, ``n - 1``); quantiles interpolate linearly between
  order statistics (the "inclusive" method, the same as numpy's default).
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from mailbag.sim.worker import Outcome

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``successes`` out of ``trials`` (``(0, 1)`` when no trials)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = (z / denominator) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # exact ends for all-or-nothing (the formula gives them up to rounding)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def describe(values: Sequence[float]) -> dict[str, float]:
    """n, mean, sd, min, q25, median, q75, max of ``values``."""
    n = len(values)
    if n == 0:
        return {"n": 0}
    data = sorted(float(v) for v in values)
    mean = statistics.fmean(data)
    sd = statistics.stdev(data) if n > 1 else 0.0
    if n > 1:
        q25, median, q75 = statistics.quantiles(data, n=4, method="inclusive")
    else:
        q25 = median = q75 = data[0]
    return {
        "n": n,
        "mean": mean,
        "sd": sd,
        "min": data[0],
        "q25": q25,
        "median": median,
        "q75": q75,
        "max": data[-1],
    }


def cpu_per_move(outcomes: Iterable[Outcome]) -> dict[str, dict[str, Any]]:
    """Per seat kind: its decisions, the CPU seconds its bots spent choosing them and the
    seconds per decision (None where it made none: an engine seat such as the Automa). Kept
    apart from :func:`summarise`'s statistics, which do not depend on the machine."""
    cpu: dict[str, float] = defaultdict(float)
    moves: dict[str, int] = defaultdict(int)
    for o in outcomes:
        for seat, kind in enumerate(o.seats):
            moves[kind] += o.moves[seat] if o.moves else 0
            cpu[kind] += o.cpu[seat] if o.cpu else 0.0
    return {
        kind: {
            "moves": moves[kind],
            "cpu_seconds": cpu[kind],
            "per_move": cpu[kind] / moves[kind] if moves[kind] else None,
        }
        for kind in sorted(moves)
    }


def cpu_text(seconds: float | None) -> str:
    """CPU time per decision in a unit that suits it (``0.213 s``, ``4.1 ms``, ``12 µs``);
    ``—`` where the seat made no decision (an engine seat, or a summary without timings)."""
    if seconds is None:
        return "—"
    if seconds >= 0.1:
        return f"{seconds:.3f} s"
    if seconds >= 0.001:
        return f"{1000 * seconds:.1f} ms"
    return f"{1_000_000 * seconds:.0f} µs"


def win_share(ranking: Sequence[int], seat: int) -> float:
    """The seat's share of the win: 1/k when k seats share first place, else 0."""
    if ranking[seat] != 1:
        return 0.0
    return 1.0 / sum(1 for place in ranking if place == 1)


def rate(wins: float, trials: int) -> dict[str, Any]:
    low, high = wilson(wins, trials)
    return {
        "n": trials,
        "wins": wins,
        "win_rate": wins / trials if trials else 0.0,
        "ci95": [low, high],
    }


def summarise(outcomes: Iterable[Outcome]) -> dict[str, Any]:
    """The statistics of a set of finished games, as JSON-able data."""
    games = sorted(outcomes, key=lambda o: o.index)
    if not games:
        return {"games": 0}
    num_seats = len(games[0].seats)
    kinds = sorted({kind for o in games for kind in o.seats})
    # every scoring category seen in any breakdown, in order of first appearance
    categories = list(dict.fromkeys(c for o in games for b in o.breakdown for c in b))

    kind_wins: dict[str, float] = defaultdict(float)
    kind_trials: dict[str, int] = defaultdict(int)
    kind_places: dict[str, list[int]] = defaultdict(list)
    kind_scores: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    seat_wins = [0.0] * num_seats
    tag_wins: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    tag_trials: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    tag_scores: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))

    for o in games:
        for seat, kind in enumerate(o.seats):
            share = win_share(o.ranking, seat)
            kind_wins[kind] += share
            kind_trials[kind] += 1
            kind_places[kind].append(o.ranking[seat])
            seat_wins[seat] += share
            scores = kind_scores[kind]
            scores["total"].append(o.scores[seat])
            for category in categories:
                # a category missing from a breakdown scored nothing in that game
                scores[category].append(o.breakdown[seat].get(category, 0))
            for category, tags in o.tags[seat].items():
                for tag in set(tags):
                    tag_wins[category][tag] += share
                    tag_trials[category][tag] += 1
                    tag_scores[category][tag].append(o.scores[seat])

    by_kind: dict[str, Any] = {}
    for kind in kinds:
        entry = rate(kind_wins[kind], kind_trials[kind])
        entry["mean_place"] = statistics.fmean(kind_places[kind])
        entry["scores"] = {cat: describe(vals) for cat, vals in kind_scores[kind].items()}
        by_kind[kind] = entry

    by_seat = [rate(seat_wins[s], len(games)) for s in range(num_seats)]
    fair = 1.0 / num_seats
    balance: dict[str, Any] = {}
    for category in sorted(tag_trials):
        rows = {}
        for tag in sorted(tag_trials[category]):
            entry = rate(tag_wins[category][tag], tag_trials[category][tag])
            entry["mean_score"] = statistics.fmean(tag_scores[category][tag])
            rows[tag] = entry
        balance[category] = rows

    return {
        "games": len(games),
        "seats": num_seats,
        "fair_win_rate": fair,
        "by_kind": by_kind,
        "by_seat": by_seat,
        "first_player_advantage": by_seat[0]["win_rate"] - fair,
        "length": describe([o.decisions for o in games]),
        "balance": balance,
    }
