"""The full screen as a person sees it (issue 31's "Judged by"): ``mailbag play`` of each game run
in a real terminal (tmux) at 80×24 and 120×40 and after resizes between them in both directions,
with a few decisions played by keys in between. Each screen is saved as text under
tests/artifacts/tui/ (``tmux-<game>-<n>-<size>.txt``) and checked: exactly the window's rows, no
row wider than the window, the status line and the keys, the seat's own area (its first line),
the current decision (the Choices pane with its first entry) and one line for every other seat
(its summary) all on screen. The texts looked for come from the game's own sections of the
seat's view, replayed from the record the game writes as it goes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len

from mailbag.core.records import load
from mailbag.games import get
from mailbag.table import MemoryStore, Table

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts" / "tui"
#: a bound on waiting for a screen (a loaded machine starts Python slowly; only a hang reaches it)
WAIT = 45.0
MAILBAG = [sys.executable, "-m", "mailbag"]

GAMES = {
    "postcards": ["human", "automa:normal"],
    "post_office": ["human", "greedy", "random"],
    "carteros": ["human", "greedy"],
}
SMALL, LARGE = (80, 24), (120, 40)


class Tmux:
    """One tmux server of its own (its own socket), one window running ``mailbag play``."""

    def __init__(self, tmp: Path, size: tuple[int, int], command: list[str]) -> None:
        self.socket = f"mailbag-test-{uuid.uuid4().hex[:8]}"
        env = {
            **os.environ,
            "MAILBAG_DATA": str(tmp / "data"),
            "TERM": "xterm-256color",
            "MAILBAG_LANG": "en",
        }
        env.pop("NO_COLOR", None)
        # pytest-xdist's workers carry COLUMNS=80 and LINES=24, and a program in the pane reads
        # its size from them before the terminal's (shutil.get_terminal_size): the window's own
        # size and its resizes would never reach the game
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        self.env = env
        script = tmp / "run.sh"
        quoted = " ".join(f"'{part}'" for part in command)
        script.write_text(f"#!/bin/sh\ncd '{tmp}'\n{quoted}\necho EXITED $?\nsleep 600\n")
        script.chmod(0o755)
        width, height = size
        self.tmux("new-session", "-d", "-s", "t", "-x", str(width), "-y", str(height), str(script))
        self.tmux("set-option", "-g", "window-size", "manual")

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args],
            capture_output=True,
            text=True,
            env=self.env,
            timeout=30,
            check=True,
        )
        return done.stdout

    def screen(self) -> list[str]:
        return self.tmux("capture-pane", "-p", "-t", "t").split("\n")[:-1]

    def resize(self, size: tuple[int, int]) -> None:
        self.tmux("resize-window", "-t", "t", "-x", str(size[0]), "-y", str(size[1]))

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "t", key)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, check=False)


@pytest.fixture
def tmux_factory(tmp_path: Path) -> Iterator[list[Tmux]]:
    made: list[Tmux] = []
    yield made
    for one in made:
        one.close()


def expected_texts(game_name: str, record_path: Path) -> tuple[list[str], list[str]]:
    """What the seat's own area and the other seats' lines begin with now: from the game's
    sections of seat 0's view, at the state the record the game writes has reached."""
    game = get(game_name)
    table = Table.open(game, load(record_path), MemoryStore())
    sections = game.presentation.sections(table.view(0))
    own = [sections.own.title] if sections.own is not None else []
    others = [block.summary or block.title for block in sections.others]
    return own, others


def start_of(text: str) -> str:
    """The first words of a text (what is on one row however the pane wraps it)."""
    return " ".join(text.split()[:3])


def problems(
    rows: list[str], size: tuple[int, int], own: list[str], others: list[str]
) -> list[str]:
    """What is wrong with a screen of ``size``, in words (nothing: it is whole)."""
    width, height = size
    found = []
    if len(rows) != height:
        found.append(f"{len(rows)} rows, not {height}")
    found += [f"row {i} is {cell_len(r)} wide" for i, r in enumerate(rows) if cell_len(r) > width]
    flat = " ".join(" ".join(rows).split())
    if not rows or "your decision" not in rows[0]:
        found.append("the status line does not say it is your decision")
    if not rows or "save & quit" not in rows[-1]:
        found.append("the keys are not on the last row")
    if "Choices" not in flat or not any(
        r.lstrip(" │").startswith("a) ") or " a) " in r for r in rows
    ):
        found.append("the current decision (Choices, entry a) is not on screen")
    for text in own:
        if start_of(text) not in flat:
            found.append(f"the own area ({start_of(text)!r}) is not on screen")
    for text in others:
        if start_of(text) not in flat:
            found.append(f"another seat's line ({start_of(text)!r}) is not on screen")
    return found


def wait_whole(
    term: Tmux, game_name: str, record: Path, size: tuple[int, int], name: str
) -> list[str]:
    """Wait (bounded) until the screen is a whole decision at ``size``; save it as text."""
    deadline = time.monotonic() + WAIT
    wrong: list[str] = ["nothing yet"]
    rows: list[str] = []
    while time.monotonic() < deadline:
        rows = term.screen()
        if record.exists() and rows and "your decision" in rows[0]:
            try:
                own, others = expected_texts(game_name, record)
            except Exception as exc:  # the record between two lines: look again
                wrong = [f"record not readable yet: {exc}"]
            else:
                wrong = problems(rows, size, own, others)
                if not wrong:
                    break
        time.sleep(0.25)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"tmux-{name}.txt").write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert not wrong, f"{name}: " + "; ".join(wrong) + "\n" + "\n".join(rows)
    return rows


def play_some(term: Tmux, record: Path, count: int) -> None:
    """Make ``count`` decisions by keys — ``a`` (the first entry), then Space (which reveals a
    Post Office choice waiting, or takes the highlighted entry of a step), in turn — waiting
    for the record to grow after each (bounded)."""
    for _ in range(count):
        before = len(load(record).steps)
        deadline = time.monotonic() + WAIT
        pressed, presses = 0.0, 0
        while time.monotonic() < deadline:
            if len(load(record).steps) > before:
                break
            now = time.monotonic()
            if now - pressed > 1.5:
                # a, then Space (it reveals a waiting choice, or takes the highlighted entry)
                term.keys("Space" if presses % 2 else "a")
                pressed, presses = now, presses + 1
            time.sleep(0.25)
        else:
            raise AssertionError("no decision recorded:\n" + "\n".join(term.screen()))


@pytest.mark.parametrize("game_name", sorted(GAMES))
@pytest.mark.parametrize("first", [SMALL, LARGE], ids=["from-80x24", "from-120x40"])
def test_each_game_is_whole_at_both_sizes_and_after_resizes(
    game_name: str, first: tuple[int, int], tmp_path: Path, tmux_factory: list[Tmux]
) -> None:
    record = tmp_path / "game.jsonl"
    seats = ",".join(GAMES[game_name])
    command = [*MAILBAG, "play", game_name, "--seats", seats, "--seed", "3", "--record"]
    term = Tmux(tmp_path, first, [*command, str(record)])
    tmux_factory.append(term)
    other = LARGE if first == SMALL else SMALL
    tag = f"{game_name}-from-{first[0]}x{first[1]}"
    wait_whole(term, game_name, record, first, f"{tag}-1-{first[0]}x{first[1]}")
    term.resize(other)
    wait_whole(term, game_name, record, other, f"{tag}-2-{other[0]}x{other[1]}")
    play_some(term, record, 2)
    wait_whole(term, game_name, record, other, f"{tag}-3-{other[0]}x{other[1]}")
    term.resize(first)
    wait_whole(term, game_name, record, first, f"{tag}-4-{first[0]}x{first[1]}")
    play_some(term, record, 1)
    term.resize(other)
    term.resize(first)  # two resizes in a row: laid out for the last
    wait_whole(term, game_name, record, first, f"{tag}-5-{first[0]}x{first[1]}")
    term.keys("q")
