"""Reports from summaries, including the edge cases of a clean sweep and no balance tags."""

from __future__ import annotations

from pathlib import Path

from mailbag.sim.report import write_report
from mailbag.sim.stats import summarise, wilson
from mailbag.sim.worker import Outcome


def sweep(games: int) -> list[Outcome]:
    """ "a" wins every game, whatever its seat."""
    outcomes = []
    for i in range(games):
        seats = ["a", "b"] if i % 2 == 0 else ["b", "a"]
        ranking = [1, 2] if i % 2 == 0 else [2, 1]
        scores = [10, 3] if i % 2 == 0 else [3, 10]
        outcomes.append(
            Outcome(i, i, i % 2, seats, scores, [{"x": s} for s in scores], ranking, 5, [{}, {}])
        )
    return outcomes


def summary_of(outcomes: list[Outcome]) -> dict[str, object]:
    return {
        "game": "test",
        "options": {},
        "seats": ["a", "b"],
        "seed": 0,
        "rotation": True,
        "games_requested": len(outcomes) + 1,
        "games_finished": len(outcomes),
        "interrupted": True,
        "backend": "local",
        "workers": 1,
        "games_per_second": 1.0,
        "stats": summarise(outcomes),
    }


def test_clean_sweep_report_and_exact_interval_ends(tmp_path: Path) -> None:
    outcomes = sweep(20)
    summary = summary_of(outcomes)
    stats = summary["stats"]
    assert isinstance(stats, dict)
    assert stats["by_kind"]["a"]["ci95"] == [wilson(20, 20)[0], 1.0]
    assert stats["by_kind"]["b"]["ci95"][0] == 0.0
    path = write_report(summary, outcomes, tmp_path, "md")
    text = path.read_text()
    assert "interrupted" in text and "20 of 21" in text
    assert "| a | 20 | 20.00 | 100.0% |" in text
    assert not list(stats["balance"])
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == [
        "length.png",
        "scores.png",
        "seats.png",
        "win_rate.png",
    ]
