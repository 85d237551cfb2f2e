"""Nothing accepted is lost: real ``mailbag play`` processes killed with SIGKILL, stopped with
SIGTERM/SIGHUP or interrupted while a bot thinks leave a record that resumes exactly where they
stopped. Each process is driven through pipes with bounded waits."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from mailbag.core.records import load, replay
from mailbag.games import get

WAIT = 60.0  # seconds: a generous bound that only a hang reaches
PROMPT = "seat 0> "
#: the prompt of any step of seat 0's decision ("seat 0> ", "seat 0 play red.camp> ")
ANY_PROMPT = re.compile(r"seat 0(?: [^\n>]+)?> ")
TAKEN = "only one choice, taken for you"


@pytest.fixture(autouse=True)
def _same_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The games played below save their records with the seed sealed by a key of their data
    folder (``tmp_path``, mailbag.core.seal): this process reads them in the same folder."""
    monkeypatch.setenv("MAILBAG_DATA_DIR", str(tmp_path))


class Player:
    """A ``mailbag play`` process with a person at seat 0, typed at through a pipe."""

    def __init__(self, args: list[str], data: Path) -> None:
        env = dict(os.environ, MAILBAG_DATA_DIR=str(data), COLUMNS="160", PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mailbag", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=data,
            text=True,
            encoding="utf-8",
        )
        self.out = ""
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        while True:
            chunk = self.proc.stdout.read(1)
            if not chunk:
                return
            with self._lock:
                self.out += chunk

    def text(self) -> str:
        with self._lock:
            return self.out

    def wait_for(self, needle: str, count: int = 1) -> None:
        deadline = time.monotonic() + WAIT
        while self.text().count(needle) < count:
            if time.monotonic() > deadline or (self.proc.poll() is not None and not self._more()):
                raise AssertionError(f"never saw {needle!r} x{count}; output:\n{self.text()}")
            time.sleep(0.02)

    def _more(self) -> bool:
        self._reader.join(0.5)
        return self._reader.is_alive()

    def decide(self) -> None:
        """Make one decision: the first choice at each of its steps, until the next decision
        is asked."""
        top = self.text().count(PROMPT)
        line = "a"  # the first entry's key
        for _ in range(10):
            seen, mark = len(ANY_PROMPT.findall(self.text())), len(self.text())
            self.type(line)
            deadline = time.monotonic() + WAIT
            while len(ANY_PROMPT.findall(self.text())) <= seen:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise AssertionError(f"no prompt after a choice; output:\n{self.text()}")
                time.sleep(0.02)
            # a choice completing a simultaneous phase waits to be revealed (Post Office)
            # (read with its whitespace collapsed: the terminal may wrap the line anywhere)
            said = " ".join(self.text()[mark:].split())
            line = "ok" if "reveals the phase" in said else "a"
            if line == "a" and self.text().count(PROMPT) > top:
                return
        raise AssertionError(f"a decision of more than 10 steps; output:\n{self.text()}")

    def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def finish(self) -> int:
        code = self.proc.wait(WAIT)
        self._reader.join(WAIT)
        return code


def last_view(output: str) -> str:
    """The last view shown to the person: from the last decision header to the action list."""
    start = output.rindex("your decision")
    return output[start : output.index("Your choices", start)]


def resumed_line(count: int) -> str:
    """How a resumed game says how far it was (the noun in its right number)."""
    return f"resumed after {count} decision" + ("" if count == 1 else "s") + ")"


def record_path(output: str) -> Path:
    return Path(output.split("saved as you play to ")[1].split()[0])


@pytest.mark.parametrize("name", ["postcards", "post_office", "carteros"])
def test_sigkill_after_n_decisions_resumes_at_decision_n(name: str, tmp_path: Path) -> None:
    decided = 4
    player = Player(["play", name, "--seats", "human,random"], tmp_path)
    player.wait_for(PROMPT)
    for _ in range(decided):
        player.decide()  # returns once the next decision is asked: all before are accepted
    shown = last_view(player.text())
    path = record_path(player.text())
    player.proc.send_signal(signal.SIGKILL)
    assert player.finish() == -signal.SIGKILL
    saved = load(path)
    # the person's decisions, and those with a single choice that were taken for them
    assert [s.seat for s in saved.steps].count(0) == decided + player.text().count(TAKEN)
    state = replay(get(name), saved)
    assert 0 in get(name).deciders(state)
    resumed = Player(["play", "--resume", str(path)], tmp_path)
    resumed.wait_for(PROMPT)
    assert resumed_line(len(saved.steps)) in resumed.text()
    assert last_view(resumed.text()) == shown  # the very position the person was looking at
    resumed.type("quit")
    assert resumed.finish() == 0
    assert len(load(path).steps) == len(saved.steps)


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_and_sighup_save_and_say_how_to_resume(
    signum: int, status: int, tmp_path: Path
) -> None:
    player = Player(["play", "carteros", "--seats", "human,random"], tmp_path)
    player.wait_for(PROMPT)
    player.decide()
    player.proc.send_signal(signum)
    assert player.finish() == status
    path = record_path(player.text())
    assert f"game saved to {path} after 1 decision;" in player.text()  # one: singular
    assert f"mailbag play --resume {path}" in player.text()
    assert "Traceback" not in player.text()
    assert len(load(path).steps) == 1


@pytest.mark.parametrize(
    ("game", "status", "said"),
    [
        # in turn: the person waits while the bot thinks; Ctrl-C interrupts the bot
        ("carteros", 130, "interrupted: game saved to g.jsonl"),
        # a simultaneous phase: the bot thinks while the person is asked; Ctrl-C at the
        # prompt saves and stops at once, the bot's thinking dropped
        ("post_office", 0, "stopped: game saved to g.jsonl"),
    ],
)
def test_ctrl_c_while_a_bot_thinks_saves(game: str, status: int, said: str, tmp_path: Path) -> None:
    player = Player(
        ["play", game, "--seats", "mcts:time=30,human", "--record", "g.jsonl"],
        tmp_path,
    )
    deadline = time.monotonic() + WAIT
    while "saved as you play" not in player.text() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # the bot thinks for 30 s on its first decision
    began = time.monotonic()
    player.proc.send_signal(signal.SIGINT)
    assert player.finish() == status
    assert time.monotonic() - began < 25  # not after the bot's 30 s
    assert said in player.text(), player.text()
    assert "Traceback" not in player.text()


def test_a_torn_last_line_resumes_from_the_line_before(tmp_path: Path) -> None:
    player = Player(["play", "carteros", "--seats", "human,random"], tmp_path)
    player.wait_for(PROMPT)
    for _ in range(3):
        player.decide()
    path = record_path(player.text())
    player.proc.send_signal(signal.SIGKILL)
    player.finish()
    complete = load(path)
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"seat": 0, "action": "mo')  # a crash in the middle of a line
    resumed = Player(["play", "--resume", str(path)], tmp_path)
    resumed.wait_for(PROMPT)
    assert "warning:" in resumed.text() and "is incomplete" in resumed.text()
    assert resumed_line(len(complete.steps)) in resumed.text()
    resumed.type("quit")
    assert resumed.finish() == 0
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    for line in text.splitlines():  # rewritten whole: the torn line is gone
        json.loads(line)
    assert len(load(path).steps) == len(complete.steps)
