"""mailbag beside OpenSpiel, interleaved on one core: the ratios table of issue 19.

    .venv/bin/python -m mailbag.bench.compare [--rounds 5] [--seconds 2] [--core N]
        [--baseline REV] [--pool]

Runs from a checkout of mailbag (an editable install: it measures the checkout's src/ and
build/compiled, and ``--baseline`` reads its git history). Sets up OpenSpiel in its own virtual
environment the first time (build/venv-openspiel, ``pip install open_spiel``; git-ignored), then
runs every measurement of :mod:`mailbag.bench.engines` (the file beside this one, run as a script:
OpenSpiel's environment has no mailbag) in a fresh process pinned to one core (``taskset``), round
after round, each round going through every entry in turn: a machine shared with other work slows
all entries of a round alike, so the ratios stay fair where the absolute figures do not. Each figure
is the median over the rounds of decisions (or MCTS iterations) per CPU-second.

Entries: mailbag's three games, pure and compiled (``make compiled``; skipped when not built),
measured on a snapshot of src/ and build/compiled taken at the start (the tree may change),
and with ``--baseline REV`` the pure package of that git revision (``git archive`` into a
temporary folder); OpenSpiel's C++ games driven from Python (:data:`CPP_GAMES`, whose geometric
mean is the target) and, for context, a few of its pure-Python games. ``--pool`` adds the
process pool's speed-up: ``mailbag sim`` of random seats on 1 and on 2 workers (wall clock).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: the checkout: src/mailbag/bench/ is this file's folder
ROOT = HERE.parents[2]
MAILBAG_PYTHON = ROOT / ".venv" / "bin" / "python"
OPENSPIEL_VENV = ROOT / "build" / "venv-openspiel"
GAMES = ("postcards", "post_office", "carteros")
#: OpenSpiel's C++ card games named by the issue, 2 seats where the game allows it; bridge scored
#: by its tricks (the double-dummy solver at each game's end is no part of playing it)
CPP_GAMES = ("hearts", "bridge(use_double_dummy_result=false)", "hanabi(players=2)")
#: OpenSpiel's pure-Python games, for context (not in the target)
PY_GAMES = ("python_kuhn_poker", "python_tic_tac_toe", "python_liars_poker")


def openspiel_python() -> Path:
    python = OPENSPIEL_VENV / "bin" / "python"
    if not python.exists():
        print(f"setting up OpenSpiel in {OPENSPIEL_VENV} (pip install open_spiel) ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(OPENSPIEL_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "open_spiel"], check=True)
    return python


def pinned(core: int | None) -> list[str]:
    if core is None or shutil.which("taskset") is None:
        return []
    return ["taskset", "-c", str(core)]


class Entry:
    def __init__(self, label: str, argv: list[str], env: dict[str, str]) -> None:
        self.label, self.argv, self.env = label, argv, env
        self.values: list[float] = []

    def run(self, prefix: list[str]) -> None:
        done = subprocess.run(
            [*prefix, *self.argv], env=self.env, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise SystemExit(f"{self.label} failed:\n{done.stderr[-3000:]}")
        self.values.append(json.loads(done.stdout.strip().splitlines()[-1])["per_s"])

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def spread(self) -> str:
        return f"{min(self.values):,.0f}–{max(self.values):,.0f}"


def mailbag_env(build: str, pythonpath: str | None = None) -> dict[str, str]:
    env = dict(os.environ, MAILBAG_BUILD=build)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    return env


def snapshot(into: Path) -> str:
    """A copy of src/ and of the compiled build, laid out as in the checkout."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    shutil.copytree(ROOT / "src", into / "src", ignore=skip)
    if (ROOT / "build" / "compiled").is_dir():
        shutil.copytree(ROOT / "build" / "compiled", into / "build" / "compiled")
    return str(into / "src")


def baseline_tree(rev: str, into: Path) -> str:
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "src"], capture_output=True, check=True
    ).stdout
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return str(into / "src")


def geomean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


def round_ratios(entry: Entry, against: list[list[float]]) -> list[float]:
    """``entry``'s figure ÷ the geometric mean of ``against`` in each round (a round's entries ran
    one after another, so a slow spell of the machine touches both sides of its ratio)."""
    return [v / geomean([a[r] for a in against]) for r, v in enumerate(entry.values)]


def ratio_text(ratios: list[float]) -> str:
    """The median ratio and its range over the rounds."""
    return f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per playout run")
    parser.add_argument("--iters", type=int, default=2000, help="MCTS iterations per search")
    parser.add_argument("--core", type=int, default=(os.cpu_count() or 1) - 1)
    parser.add_argument("--baseline", help="a git revision to measure beside (pure build)")
    parser.add_argument("--pool", action="store_true", help="measure the process pool too")
    parser.add_argument("--pool-games", type=int, default=10000)
    parser.add_argument("--pool-seats", default="random,random")
    args = parser.parse_args()
    if not (ROOT / "src" / "mailbag" / "bench" / "compare.py").is_file():
        raise SystemExit(
            f"{__name__} runs from a checkout of mailbag (pip install -e .): "
            f"no src/mailbag in {ROOT}"
        )

    spiel = str(openspiel_python())
    engines = str(HERE / "engines.py")
    mailbag = str(MAILBAG_PYTHON)
    secs = str(args.seconds)
    tmp = Path(tempfile.mkdtemp(prefix="mailbag-bench-"))
    # a snapshot of the sources and the compiled build: others may change the tree meanwhile
    current = snapshot(tmp / "current")
    check = "from mailbag._build import compiled_state as c; print(c() or 'ok')"
    compiled = subprocess.run(
        [mailbag, "-c", check], env=mailbag_env("pure", current), capture_output=True, text=True
    )
    builds = ["pure"] + (["compiled"] if compiled.stdout.strip() == "ok" else [])
    if "compiled" not in builds:
        print(f"no up-to-date compiled build (make compiled): {compiled.stdout.strip()}")
    base_path = baseline_tree(args.baseline, tmp / "baseline") if args.baseline else None

    play: list[Entry] = []
    mcts: list[Entry] = []
    for game in GAMES:
        for build in builds:
            env = mailbag_env(build, current)
            play.append(
                Entry(f"{game} {build}", [mailbag, engines, "playout", "mailbag", game, secs], env)
            )
            mcts.append(
                Entry(
                    f"{game} {build}",
                    [mailbag, engines, "mcts", "mailbag", game, str(args.iters)],
                    env,
                )
            )
        if base_path:
            env = mailbag_env("pure", base_path)
            label = f"{game} {args.baseline}"
            play.append(Entry(label, [mailbag, engines, "playout", "mailbag", game, secs], env))
            mcts.append(
                Entry(label, [mailbag, engines, "mcts", "mailbag", game, str(args.iters)], env)
            )
    cpp = [
        Entry(g, [spiel, engines, "playout", "openspiel", g, secs], dict(os.environ))
        for g in CPP_GAMES
    ]
    pys = [
        Entry(g, [spiel, engines, "playout", "openspiel", g, secs], dict(os.environ))
        for g in PY_GAMES
    ]
    everything = play + cpp + pys + mcts
    prefix = pinned(args.core)
    started = time.time()
    for r in range(args.rounds):
        order = everything[r % len(everything) :] + everything[: r % len(everything)]
        for entry in order:
            entry.run(prefix)
        print(f"round {r + 1}/{args.rounds} done ({time.time() - started:.0f} s)", flush=True)

    target = geomean([e.median for e in cpp])
    where = f"core {args.core}" if prefix else "any core (no taskset)"
    print(
        f"\nRandom playouts, decisions per CPU-second, median of {args.rounds} interleaved "
        f"rounds on {where}, 2 seats where the game allows it"
    )
    print(f"{'entry':<44}{'median':>10}  {'range':<17}{'× C++ geomean (range over rounds)':>34}")
    cpp_values = [e.values for e in cpp]
    for entry in play + cpp + pys:
        print(
            f"{entry.label:<44}{entry.median:>10,.0f}  {entry.spread():<17}"
            f"{ratio_text(round_ratios(entry, cpp_values)):>34}"
        )
    print(f"{'OpenSpiel C++ geometric mean (the target)':<44}{target:>10,.0f}")
    print(f"{'OpenSpiel Python geometric mean':<44}{geomean([e.median for e in pys]):>10,.0f}")

    print(
        f"\nMCTS iterations per CPU-second at the opening ({args.iters} iterations, default search)"
    )
    base = {e.label.split()[0]: e for e in mcts if args.baseline and args.baseline in e.label}
    print(f"{'entry':<44}{'median':>10}  {'range':<17}{'× baseline (range over rounds)':>34}")
    for entry in mcts:
        found = base.get(entry.label.split()[0])
        ratio = ratio_text(round_ratios(entry, [found.values])) if found else "–"
        print(f"{entry.label:<44}{entry.median:>10,.0f}  {entry.spread():<17}{ratio:>34}")

    if args.pool:
        pool_speedup(args.pool_games, args.pool_seats, args.rounds, builds[-1], current)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


def pool_speedup(games: int, seats: str, rounds: int, build: str, src: str) -> None:
    """``mailbag sim`` on 1 and 2 workers, alternated; wall-clock seconds."""
    mailbag = [str(MAILBAG_PYTHON), "-m", "mailbag"]
    times: dict[int, list[float]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as out:
        for r in range(rounds):
            for workers in (1, 2) if r % 2 == 0 else (2, 1):
                argv = [
                    *mailbag,
                    "sim",
                    "postcards",
                    "--seats",
                    seats,
                    "-n",
                    str(games),
                    "--workers",
                    str(workers),
                    "--no-records",
                    "--report",
                    "none",  # the pool, not the report's plot (a second in either run)
                    "-q",
                    "--seed",
                    str(r),
                    "--out",
                    f"{out}/{r}-{workers}",
                ]
                start = time.perf_counter()
                subprocess.run(argv, env=mailbag_env(build, src), capture_output=True, check=True)
                times[workers].append(time.perf_counter() - start)
    one, two = statistics.median(times[1]), statistics.median(times[2])
    print(
        f"\nProcess pool ({build} build): mailbag sim postcards --seats {seats}, {games} games, "
        "--report none, "
        f"median of {rounds}: 1 worker {one:.2f} s, 2 workers {two:.2f} s: "
        f"{one / two:.2f}× (wall clock; needs two quiet cores)"
    )


if __name__ == "__main__":
    sys.exit(main())
