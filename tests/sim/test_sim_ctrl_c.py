"""Ctrl-C on a real ``mailbag sim`` process: the first stops the run and keeps every finished
game; a second one exits at once with one line saying what was written; no traceback and no
"Exception ignored" noise either way, and no worker process left behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

#: bounds that only a hang reaches
STARTED = 120.0
STOPPED = 120.0
HUGE = 100_000_000


def _default_sigint() -> None:
    # the child gets Python's Ctrl-C handling even when this test runs with SIGINT ignored
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Sim:
    """``python -m mailbag sim postcards`` in a process of its own, output in files."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        self.out = tmp_path / "out"
        self.stdout = tmp_path / "stdout.txt"
        self.stderr = tmp_path / "stderr.txt"
        env = dict(os.environ, COLUMNS="120", PYTHONUNBUFFERED="1")
        command = [sys.executable, "-m", "mailbag", "sim", "postcards"]
        command += ["--seats", "random,random", *args, "--out", str(self.out)]
        with self.stdout.open("w") as stdout, self.stderr.open("w") as stderr:
            self.process = subprocess.Popen(
                command,
                cwd=tmp_path,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=stdout,
                stderr=stderr,
                preexec_fn=_default_sigint,
            )

    def lines(self) -> list[str]:
        path = self.out / "games.jsonl"
        return path.read_text().splitlines() if path.exists() else []

    def wait_for_games(self, count: int) -> None:
        deadline = time.monotonic() + STARTED
        while len(self.lines()) < count:
            assert self.process.poll() is None, self.stderr.read_text()
            assert time.monotonic() < deadline, f"fewer than {count} games after {STARTED} s"
            time.sleep(0.05)

    def workers(self) -> list[int]:
        """The process ids of the sim's children (Linux: /proc)."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                found.append(int(stat.parent.name))
        return found

    def interrupt(self) -> None:
        self.process.send_signal(signal.SIGINT)

    def finish(self) -> tuple[int, str]:
        code = self.process.wait(STOPPED)
        return code, self.stderr.read_text()


def gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")  # a zombie nobody has reaped yet is not running either


def assert_all_gone(pids: list[int]) -> None:
    deadline = time.monotonic() + 10
    while not all(gone(pid) for pid in pids):
        assert time.monotonic() < deadline, f"worker processes left running: {pids}"
        time.sleep(0.05)


def assert_quiet(stderr: str) -> None:
    for noise in ("Traceback", "Exception ignored", "Error", "Warning"):
        assert noise not in stderr, stderr


@pytest.mark.parametrize("workers", [1, 2])
def test_first_ctrl_c_stops_and_keeps_the_finished_games(tmp_path: Path, workers: int) -> None:
    sim = Sim(tmp_path, "--games", str(HUGE), "--workers", str(workers), "--report", "none")
    sim.wait_for_games(3)
    if Path("/proc").is_dir():
        assert len(sim.workers()) == (workers if workers > 1 else 0)
    children = sim.workers()
    sim.interrupt()
    code, stderr = sim.finish()
    assert code == 130
    assert_quiet(stderr)
    summary = json.loads((sim.out / "summary.json").read_text())
    finished = summary["games_finished"]
    assert finished >= 3 and summary["interrupted"] and summary["games_requested"] == HUGE
    last = [line for line in stderr.splitlines() if line.strip()][-1]
    assert last == f"interrupted: kept the {finished} finished games"
    indices = [json.loads(line)["index"] for line in sim.lines()]
    assert indices == sorted(indices) and len(indices) == finished
    assert len(list((sim.out / "records").glob("game-*.jsonl"))) == finished
    if workers == 1:
        assert indices == list(range(finished))
    assert f"postcards: {finished} games" in sim.stdout.read_text()
    assert_all_gone(children)


@pytest.mark.parametrize("workers", [1, 2])
def test_second_ctrl_c_exits_at_once_with_one_line(tmp_path: Path, workers: int) -> None:
    # the report (plots) keeps the run busy after the first Ctrl-C: the second lands there
    sim = Sim(tmp_path, "--games", str(HUGE), "--workers", str(workers), "--report", "md")
    sim.wait_for_games(3)
    children = sim.workers()
    sim.interrupt()
    time.sleep(0.1)
    sim.interrupt()
    code, stderr = sim.finish()
    assert code == 130
    assert_quiet(stderr)
    written = len(sim.lines())
    assert written >= 3
    last = [line for line in stderr.splitlines() if line.strip()][-1]
    expected = f"{written} finished games were written to {sim.out}"
    assert last == f"interrupted again: stopping now; {expected}"
    assert len(list((sim.out / "records").glob("game-*.jsonl"))) == written
    assert not list(sim.out.glob(".*.tmp"))
    assert_all_gone(children)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_finished_run_is_quiet(tmp_path: Path, workers: int) -> None:
    sim = Sim(tmp_path, "--games", "4", "--workers", str(workers), "--report", "none", "-q")
    code, stderr = sim.finish()
    assert code == 0, stderr
    assert stderr == ""
    assert len(sim.lines()) == 4
    assert json.loads((sim.out / "summary.json").read_text())["games_finished"] == 4


def test_a_run_started_with_ctrl_c_ignored_stays_deaf_to_it(tmp_path: Path) -> None:
    """A background job of a shell gets SIGINT ignored: the run must not take it over."""
    env = dict(os.environ)
    command = [sys.executable, "-m", "mailbag", "sim", "postcards", "--seats", "random,random"]
    command += ["--games", "6", "--report", "none", "-q", "--out", str(tmp_path / "out")]

    def ignore_sigint() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ignore_sigint,
    )
    deadline = time.monotonic() + STARTED
    games = tmp_path / "out" / "games.jsonl"
    while not (games.exists() and games.read_text()) and process.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=STOPPED)
    assert process.returncode == 0, stderr
    assert json.loads((tmp_path / "out" / "summary.json").read_text())["games_finished"] == 6
