"""The rating ladder: the Bradley–Terry fit on synthetic results of known strength, the
round-robin schedule, and small real ladders (library and command line)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from mailbag.cli.research import register
from mailbag.core.errors import MailbagError
from mailbag.core.registry import get
from mailbag.sim.ladder import LadderConfig, check, ladder_jobs, pairings, run_ladder
from mailbag.sim.rating import Tally, expected_score, fit, rate, to_elo

app = typer.Typer()
register(app)
runner = CliRunner()


def _synthetic(
    strengths: dict[str, float], games: int, seed: int, seats: int = 2
) -> list[list[list[tuple[str, int]]]]:
    """Games of every combination, places drawn from a Plackett–Luce model of the strengths
    (rating r → γ = 10^(r/400)): the Bradley–Terry model is exact for pairs."""
    import itertools

    generator = random.Random(seed)
    tables = []
    for combo in itertools.combinations(strengths, seats):
        games_of_table = []
        for _game in range(games):
            left = list(combo)
            order = []
            while left:
                weights = [10 ** (strengths[e] / 400) for e in left]
                pick = generator.choices(left, weights)[0]
                order.append(pick)
                left.remove(pick)
            games_of_table.append([(e, order.index(e) + 1) for e in combo])
        tables.append(games_of_table)
    return tables


def test_two_entries_match_the_closed_form() -> None:
    # w wins in n games: the maximum likelihood odds are w : n − w, and with the prior's one
    # virtual comparison (half a win each) (w + ½) : (n − w + ½)
    tally = Tally(["a", "b"])
    for i in range(10):
        tally.add([("a", 1 if i < 7 else 2), ("b", 2 if i < 7 else 1)])
    plain = fit(tally, prior=0.0)
    assert plain[0] / plain[1] == pytest.approx(7 / 3, rel=1e-8)
    assert plain[0] * plain[1] == pytest.approx(1.0)
    with_prior = fit(tally)
    assert with_prior[0] / with_prior[1] == pytest.approx(7.5 / 3.5, rel=1e-8)
    elo = to_elo(with_prior, ["a", "b"], "b")
    assert elo == [pytest.approx(400 * math.log10(7.5 / 3.5)), 0.0]
    assert expected_score(elo[0], elo[1]) == pytest.approx(7.5 / 11)


def test_ties_count_half_and_multiseat_games_count_every_pair() -> None:
    tally = Tally(["a", "b", "c"])
    tally.add([("a", 1), ("b", 1), ("c", 3)])
    assert tally.wins[0][1] == 0.5 and tally.wins[1][0] == 0.5
    assert tally.wins[0][2] == 1.0 and tally.wins[2][0] == 0.0
    assert tally.counts[0][1] == tally.counts[1][2] == tally.counts[0][2] == 1


@pytest.mark.parametrize("seats", [2, 3])
def test_fit_recovers_a_known_order_and_intervals_cover_the_truth(seats: int) -> None:
    truth = {"weak": -300.0, "low": -100.0, "mid": 0.0, "high": 150.0, "top": 250.0}
    tables = _synthetic(truth, games=150, seed=seats, seats=seats)
    ratings = rate(list(truth), tables, bootstrap=150, seed=1)
    assert [r.entry for r in ratings] == ["top", "high", "mid", "low", "weak"]
    mean = sum(truth.values()) / len(truth)
    for r in ratings:
        centred = truth[r.entry] - mean
        assert r.low <= r.rating <= r.high
        assert r.low - 15 <= centred <= r.high + 15, (r, centred)
        # enough games: intervals of about ±40–80 points, not a degenerate point or a huge span
        assert 20 < r.high - r.low < 220, r
    assert sum(r.rating for r in ratings) == pytest.approx(0.0, abs=1e-6)


def test_perfect_records_stay_finite_and_the_anchor_is_zero() -> None:
    tables = [[[("random", 2), ("greedy", 1)]] * 10]
    ratings = rate(["random", "greedy"], tables, anchor="random", bootstrap=20)
    by = {r.entry: r for r in ratings}
    assert by["random"].rating == 0.0
    # odds 10.5 : 0.5
    assert by["greedy"].rating == pytest.approx(400 * math.log10(21))
    assert by["greedy"].score == 1.0 and by["random"].comparisons == 10


def test_bootstrap_is_reproducible() -> None:
    truth = {"a": 0.0, "b": 100.0, "c": 200.0}
    tables = _synthetic(truth, games=20, seed=5)
    assert rate(list(truth), tables, seed=3) == rate(list(truth), tables, seed=3)


def test_round_robin_schedule_every_pair_seats_rotated() -> None:
    entries = ["random", "greedy", "automa:easy", "automa:normal", "automa:expert"]
    postcards = get("postcards")
    tables = pairings(postcards, entries, 2)
    # every pair of entries but the Automa–Automa ones
    assert len(tables) == 10 - 3
    assert ("automa:easy", "automa:normal") not in tables
    assert ("random", "greedy") in tables and ("greedy", "automa:expert") in tables
    jobs = ladder_jobs(tables, 4, seed=10)
    assert [j.index for j in jobs] == list(range(len(tables) * 4))
    for t, kinds in enumerate(tables):
        mine = jobs[t * 4 : t * 4 + 4]
        # each deal twice, once in each seating; the same deals for every pairing
        assert [j.seed for j in mine] == [10, 10, 11, 11]
        assert [j.seats for j in mine] == [kinds, kinds[::-1], kinds, kinds[::-1]]
    carteros = get("carteros")
    full = pairings(carteros, ["a", "b", "c", "d"], 3)
    assert len(full) == 4
    seatings = [j.seats for j in ladder_jobs(full[:1], 3, 0)]
    assert seatings == [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a")]


def test_check_refuses_bad_ladders() -> None:
    with pytest.raises(MailbagError, match="twice"):
        check(LadderConfig("carteros", ["greedy", "greedy", "random"]))
    with pytest.raises(MailbagError, match="tables seat"):
        check(LadderConfig("carteros", ["greedy", "random"], table=5))
    with pytest.raises(MailbagError, match="at least 3 entries"):
        check(LadderConfig("carteros", ["greedy", "random"], table=3))
    with pytest.raises(MailbagError):
        check(LadderConfig("carteros", ["greedy", "automa:expert"]))


def test_a_tiny_real_ladder_in_solo_postcards() -> None:
    config = LadderConfig(
        "postcards", ["random", "greedy", "automa:easy"], games=2, workers=1, bootstrap=30
    )
    result = run_ladder(config)
    summary = result.summary
    assert summary["games_finished"] == 3 * 2
    assert [p["seats"] for p in summary["pairings"]] == [
        ["random", "greedy"],
        ["random", "automa:easy"],
        ["greedy", "automa:easy"],
    ]
    # random never beats greedy or the Automa: it is last
    assert summary["ratings"][-1]["entry"] == "random"
    assert summary["pairings"][0]["wins"] == {"random": 0.0, "greedy": 2.0}
    assert {o.seats[0] for o in result.outcomes[:2]} == {"random", "greedy"}


def test_ladder_command_json_and_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "ladder.png"
    args = ["ladder", "carteros", "--bots", "random,greedy,mcts:iters=8,depth=2", "-n", "2"]
    result = runner.invoke(app, [*args, "--json", "-q", "--bootstrap", "10", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["entries"] == ["random", "greedy", "mcts:iters=8,depth=2"]
    assert summary["games_finished"] == 6 and len(summary["ratings"]) == 3
    assert plot.read_bytes().startswith(b"\x89PNG")
    table = runner.invoke(app, [*args, "-q", "--bootstrap", "0", "--anchor", "random"])
    assert table.exit_code == 0, table.output
    assert "95% CI" in table.stdout and "random is rated" in table.stdout
    bad = runner.invoke(app, ["ladder", "carteros", "--bots", "greedy", "-q"])
    assert bad.exit_code == 2 and "at least 2 entries" in bad.output
