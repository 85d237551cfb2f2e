"""Ratings from game results: a Bradley–Terry fit by MM iterations, on the Elo scale, with
bootstrap confidence intervals. Standard library only.

**Model.** Each entry ``i`` has a strength ``γ_i > 0``; in a comparison of ``i`` and ``j``,
``i`` does better with probability ``γ_i / (γ_i + γ_j)``. A game of ``n`` seats gives one
comparison for every pair of seats: 1 to the better place, 0 to the worse, ½ each when the
places are equal. The rating shown is ``400 · log10 γ`` (the Elo scale: 400 points more means
odds of 10 to 1), shifted so the mean rating of the entries is 0, or so a chosen ``anchor`` entry
is 0.

**Fit.** Maximum likelihood with a weak prior: every pair of entries that met also has
``prior`` virtual comparisons (default 1), half won by each (BayesElo's "virtual draws"). This
keeps the fit finite when an entry won or lost every game (random against greedy): with ``w``
wins in ``n`` games between two entries the odds come out as ``(w + ½) / (n − w + ½)``. The
maximum is found by Hunter's MM iteration (Hunter 2004, *MM algorithms for generalized
Bradley–Terry models*), run on all entries at once::

    γ_i ← W_i / Σ_j N_ij / (γ_i + γ_j)

where ``W_i`` is ``i``'s total score in its comparisons and ``N_ij`` the number of comparisons of
``i`` and ``j`` (both with the virtual ones), followed by rescaling to a geometric mean of 1; it
increases the (concave in ``log γ``) likelihood at every step and stops when no ``log γ`` moves
by more than ``1e-10`` (at most 20 000 rounds).

**Intervals.** A stratified bootstrap over games: each resample draws, for every table (pairing)
of the schedule, as many games as it played, with replacement, and refits; the 95% interval of
an entry is the 2.5th–97.5th percentile of its resampled ratings (``bootstrap`` resamples,
default 200, from a seeded generator: the same results give the same intervals). Resampling
whole games keeps the comparisons of one multi-seat game together, so a 4-seat game does not
count as six independent results.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

#: one game: the entry and the place (1 = first) of each seat
GameResult = Sequence[tuple[str, int]]

ELO = 400.0 / math.log(10.0)
TOLERANCE = 1e-10
MAX_ROUNDS = 20_000


@dataclass(frozen=True)
class Rating:
    entry: str
    rating: float
    low: float
    high: float
    #: comparisons the entry took part in, and its mean score in them (1 win, ½ tie, 0 loss)
    comparisons: int
    score: float


class Tally:
    """Scores and comparison counts between entries, added game by game."""

    def __init__(self, entries: Sequence[str]) -> None:
        self.entries = list(entries)
        self.index = {e: i for i, e in enumerate(self.entries)}
        k = len(self.entries)
        #: wins[i][j]: i's score against j (ties count ½ each)
        self.wins = [[0.0] * k for _ in range(k)]
        #: counts[i][j]: comparisons of i and j (symmetric)
        self.counts = [[0] * k for _ in range(k)]

    def add(self, game: GameResult, times: int = 1) -> None:
        seats = [(self.index[entry], place) for entry, place in game]
        for a in range(len(seats)):
            i, pi = seats[a]
            for b in range(a + 1, len(seats)):
                j, pj = seats[b]
                if i == j:
                    continue
                share = 1.0 if pi < pj else 0.0 if pi > pj else 0.5
                self.wins[i][j] += share * times
                self.wins[j][i] += (1.0 - share) * times
                self.counts[i][j] += times
                self.counts[j][i] += times


def fit(tally: Tally, prior: float = 1.0, start: Sequence[float] | None = None) -> list[float]:
    """The strengths ``γ`` maximising the likelihood with the prior (see the module), scaled to
    a geometric mean of 1."""
    k = len(tally.entries)
    # the prior: ``prior`` virtual comparisons, half won by each, for every pair that met
    counts = [[n + prior if n else 0.0 for n in row] for row in tally.counts]
    wins = [
        sum(row) + prior / 2 * sum(1 for n in tally.counts[i] if n)
        for i, row in enumerate(tally.wins)
    ]
    gamma = list(start) if start is not None else [1.0] * k
    for _round in range(MAX_ROUNDS):
        moved = 0.0
        new = list(gamma)
        for i in range(k):
            gi = gamma[i]
            row = counts[i]
            denominator = 0.0
            for j in range(k):
                if row[j]:
                    denominator += row[j] / (gi + gamma[j])
            if denominator > 0 and wins[i] > 0:
                new[i] = wins[i] / denominator
        centre = math.exp(sum(math.log(g) for g in new) / k)
        for i in range(k):
            value = new[i] / centre
            moved = max(moved, abs(math.log(value / gamma[i])))
            gamma[i] = value
        if moved < TOLERANCE:
            break
    return gamma


def to_elo(gamma: Sequence[float], entries: Sequence[str], anchor: str | None) -> list[float]:
    logs = [ELO * math.log(g) for g in gamma]
    shift = logs[list(entries).index(anchor)] if anchor is not None else sum(logs) / len(logs)
    return [value - shift for value in logs]


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between order statistics (numpy's default)."""
    position = q * (len(sorted_values) - 1)
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)


def rate(
    entries: Sequence[str],
    tables: Sequence[Sequence[GameResult]],
    *,
    anchor: str | None = None,
    bootstrap: int = 200,
    seed: int = 0,
    prior: float = 1.0,
) -> list[Rating]:
    """Ratings of ``entries`` from the games of each table, best first (see the module).

    ``tables`` groups the games by pairing (the strata of the bootstrap)."""
    if anchor is not None and anchor not in entries:
        raise ValueError(f"anchor {anchor!r} is not an entry")
    tally = Tally(entries)
    for games in tables:
        for game in games:
            tally.add(game)
    gamma = fit(tally, prior)
    ratings = to_elo(gamma, entries, anchor)
    samples: list[list[float]] = [[] for _ in entries]
    generator = random.Random(seed)
    for _resample in range(max(0, bootstrap)):
        resampled = Tally(entries)
        for games in tables:
            if not games:
                continue
            picks = [0] * len(games)
            for _draw in range(len(games)):
                picks[generator.randrange(len(games))] += 1
            for game, times in zip(games, picks, strict=True):
                if times:
                    resampled.add(game, times)
        values = to_elo(fit(resampled, prior, gamma), entries, anchor)
        for i, value in enumerate(values):
            samples[i].append(value)
    result = []
    for i, entry in enumerate(entries):
        n = sum(tally.counts[i])
        score = sum(tally.wins[i]) / n if n else 0.0
        if samples[i]:
            ordered = sorted(samples[i])
            low, high = _percentile(ordered, 0.025), _percentile(ordered, 0.975)
        else:
            low = high = ratings[i]
        result.append(Rating(entry, ratings[i], low, high, n, score))
    result.sort(key=lambda r: -r.rating)
    return result


def expected_score(rating_a: float, rating_b: float) -> float:
    """The model's chance that a rated ``rating_a`` does better than a rated ``rating_b``."""
    return 1.0 / (1.0 + math.pow(10.0, (rating_b - rating_a) / 400.0))
