"""Strength against time per move: one bot kind at several budgets against fixed opponents.

    python -m mailbag.bench.strength GAME --kind mcts:iters=100 --kind mcts:iters=300 \
        [--against greedy] [--games 200] [--seed 5000] [--out DIR] [--core N] [--positions 15]

For each ``--kind`` (a seat kind as ``mailbag sim --seats`` takes it, parameters included):

- its games: ``mailbag sim GAME --seats KIND,AGAINST -n GAMES --seed SEED`` (seats rotated, so
  every deal is played from each seat), whose summary gives the kind's wins and their 95% Wilson
  interval (a shared first place counts as a win, as ``mailbag sim`` counts it);
- its time per move: the CPU seconds (``time.process_time``) the kind takes to choose at
  ``--positions`` positions of the first seat, taken evenly from three games of the greedy bot
  in the same seats (decisions with a single legal action are left out: every bot takes them
  at once), the mean and the median.

An iteration budget (``iters=``) keeps the games reproducible and the same under any load; the
time per move measured beside them says what that budget costs on this machine (it is CPU time,
so other work on the machine slows it less than it slows the wall clock). Every run is pinned
to one core with ``taskset`` when ``--core`` is given. MAILBAG_BUILD chooses the build, as
everywhere (the compiled one plays identical games, faster). Prints a Markdown table; the
folders of the runs stay in ``--out`` (default ``strength-GAME``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from mailbag.bench.compare import pinned

MAILBAG = Path(sys.executable).with_name("mailbag")


def play(game: str, kind: str, against: str, args: argparse.Namespace, out: Path) -> dict[str, Any]:
    """The kind's games: its wins, games and interval from ``mailbag sim``'s summary."""
    folder = out / re.sub(r"[^A-Za-z0-9=.]+", "_", kind)
    command = [
        *pinned(args.core),
        str(MAILBAG),
        "sim",
        game,
        "--seats",
        f"{kind},{against}",
        "-n",
        str(args.games),
        "--seed",
        str(args.seed),
        "--out",
        str(folder),
        "--report",
        "none",
        "-q",
        *[f"--option={option}" for option in args.option],
    ]
    started = time.perf_counter()
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "sim.log").open("w") as log:
        subprocess.run(command, check=True, stdout=log, stderr=subprocess.STDOUT)
    summary = json.loads((folder / "summary.json").read_text())
    row = summary["stats"]["by_kind"][kind]
    return {
        "games": row["n"],
        "wins": row["wins"],
        "win_rate": row["win_rate"],
        "ci95": row["ci95"],
        "wall_seconds": time.perf_counter() - started,
        "folder": str(folder),
    }


def time_per_move(game_name: str, kind: str, against: str, count: int) -> dict[str, float]:
    """CPU seconds ``kind`` takes per decision at positions of greedy games (seat 0)."""
    from mailbag import games
    from mailbag.bots.base import make_bot, split_seats
    from mailbag.core import new_game
    from mailbag.core.records import engine_seat_kinds

    game = games.get(game_name)
    seats = ["greedy", *split_seats(against)]  # the searching seat's place, played greedily
    positions = []
    for seed in range(900, 903):
        state = new_game(game, engine_seat_kinds(game, seats), {}, seed)
        # every seat that decides plays greedily (an engine seat such as an Automa never does)
        bots = [make_bot("greedy", game, s, seed) for s in range(len(seats))]
        for _ in range(10_000):  # bounded: no game of these has nearly so many decisions
            deciders = game.deciders(state)
            if not deciders:
                break
            seat = deciders[0]
            legal = game.legal_actions(state, seat)
            if seat == 0 and len(legal) > 1:
                positions.append((game.copy(state), legal))
            choice = bots[seat].choose(game.view(state, seat), legal)
            game.apply_in_place(state, seat, choice)
    step = max(1, len(positions) // count)
    chosen = positions[::step][:count]
    times = []
    for index, (state, legal) in enumerate(chosen):
        bot = make_bot(kind, game, 0, index)
        view = game.view(state, 0)
        start = time.process_time()
        bot.choose(view, legal)
        times.append(time.process_time() - start)
    return {"mean": statistics.mean(times), "median": statistics.median(times), "n": len(times)}


def measure_moves(game: str, kind: str, against: str, args: argparse.Namespace) -> dict[str, Any]:
    """:func:`time_per_move` in a fresh process pinned like the games."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import strength; "
        "print(json.dumps(strength.time_per_move(*sys.argv[2:5], int(sys.argv[5]))))"
    )
    command = [
        *pinned(args.core),
        sys.executable,
        "-c",
        code,
        str(Path(__file__).parent),
        game,
        kind,
        against,
        str(args.positions),
    ]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--kind", action="append", required=True, help="a seat kind (repeat)")
    parser.add_argument("--against", default="greedy", help="the other seats, comma-separated")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--option", action="append", default=[], help="game option key=value")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--core", type=int)
    parser.add_argument("--positions", type=int, default=15)
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    args = parser.parse_args()
    if not MAILBAG.exists():
        sys.exit(f"no mailbag beside {sys.executable}: run this with the project's .venv python")
    for kind in args.kind:
        if kind in args.against.split(","):
            sys.exit(f"{kind} is also among --against: its games could not be told apart")
    out = args.out or Path(f"strength-{args.game}")
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for kind in args.kind:
        result = play(args.game, kind, args.against, args, out)
        result["per_move"] = measure_moves(args.game, kind, args.against, args)
        result["kind"] = kind
        rows.append(result)
        print(f"{kind}: {result['win_rate']:.1%} of {result['games']}", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    build = os.environ.get("MAILBAG_BUILD", "pure")
    print(f"{args.game}: each kind vs {args.against}, seed {args.seed}, {build} build\n")
    print("| kind | games | win rate [95% Wilson] | CPU s per move (mean / median) |")
    print("|---|---:|---|---|")
    for row in rows:
        low, high = row["ci95"]
        moves = row["per_move"]
        print(
            f"| `{row['kind']}` | {row['games']} | {row['win_rate']:.1%} "
            f"[{low:.1%}–{high:.1%}] | {moves['mean']:.3f} / {moves['median']:.3f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
