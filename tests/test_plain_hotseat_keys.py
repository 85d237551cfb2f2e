"""Hot seat in line mode (``--plain``): no line typed at a hand-over leaks or moves, whatever a
person mashes; typing ahead at a terminal is thrown away; names cannot drive the terminal.

Two people share the terminal in each game. At every seat boundary the person who finished
mashes at their end of turn (``ok>``), then at the hand-over (``ready>``) they and then the
person arriving do: every printable ASCII character as a line, Enter, Esc and Tab are typed
across the run, and Enter 1 to 5 times in a row. Everything printed is kept with who is at the
keyboard as it is printed; the seats' hidden things come from the game's own views (the lines of
one seat's view that neither the other seat's view nor a spectator's shows) and events (those
only that seat may see). None may be printed while the other person is at the keyboard, and
mashing makes no move.
"""

from __future__ import annotations

import io
import itertools
import os
import random
import re
import select
import string
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mailbag import terminal
from mailbag.core import Event
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.table import Table

GAMES = ["postcards", "post_office", "carteros"]
NAMES = ["alice", "bob"]
#: every key a person may mash, as a line: the printable ASCII characters (Space and the digits
#: among them), Enter (an empty line), Esc and Tab
KEYS = [*string.printable[:95], "", "\x1b", "\t"]
#: the seat boundaries (a finished turn, a hand-over) driven in each game
BOUNDARIES = 4
#: lines mashed in each window (then Enter 1–5 times)
PER_WINDOW = 12
#: a bound on the questions asked in one game (only a bug reaches it)
QUESTIONS = 3000


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def view_lines(game: Any, table: Table, seat: int | None) -> set[str]:
    return {
        norm(line) for line in game.presentation.render(table.view(seat)).splitlines() if norm(line)
    }


def hidden_things(table: Table, seat: int, other: int, events: list[Event]) -> set[str]:
    """What of ``seat`` only ``seat`` may see now: its view's lines that neither ``other``'s nor
    a spectator's view shows (not even within a line), and the text of events only it saw."""
    game = table.game
    mine = view_lines(game, table, seat) - view_lines(game, table, other)
    mine -= view_lines(game, table, None)
    labels = NAMES
    seen_by_other = {
        norm(game.presentation.event_text(e, labels)) for e in events if e.visible_to(other)
    }
    secret = {
        norm(game.presentation.event_text(e, labels))
        for e in events
        if e.visible_to(seat) and not e.visible_to(other)
    }
    public = (
        norm(game.presentation.render(table.view(other)))
        + " "
        + norm(game.presentation.render(table.view(None)))
    )
    return {h for h in mine | (secret - seen_by_other) if len(h) >= 4 and h not in public}


class People:
    """The two people at the terminal: they answer every question (``input``) as the game
    asks it, mashing keys at the hot-seat questions; everything printed is kept with who was
    at the keyboard."""

    def __init__(self, out: io.StringIO, seed: int) -> None:
        self.out = out
        self.pos = 0
        self.at: int | None = None
        self.printed: list[tuple[int | None, str]] = []
        self.table: Table | None = None
        self.events: list[Event] = []
        order = KEYS[:]
        random.Random(seed).shuffle(order)
        self.cycle: Iterator[str] = itertools.cycle(order)
        self.enters = itertools.cycle(range(1, 6))
        self.pressed: set[str] = set()
        self.repeats: set[int] = set()
        self.count = 0
        self.queue: list[tuple[int | None, str]] = []
        self.boundaries = 0
        self.step = 0
        self.asked = 0
        self.last: int | None = None  # who decided last
        self.gate: str | None = None
        self.hidden: dict[int, set[str]] = {}
        self.checks: list[tuple[int, set[str], str]] = []  # (from chunk, hidden, what)

    def burst(self, who: int | None) -> list[tuple[int | None, str]]:
        lines: list[str] = []
        while len(lines) < PER_WINDOW:
            lines.append(next(self.cycle))
        enters = next(self.enters)
        self.repeats.add(enters)
        self.pressed.update(lines)
        self.count += len(lines) + enters
        return [(who, line) for line in [*lines, *[""] * enters]]

    def __call__(self, prompt: str = "") -> str:
        self.asked += 1
        assert self.asked < QUESTIONS
        chunk = self.out.getvalue()[self.pos :]
        self.pos += len(chunk)
        self.printed.append((self.at, chunk))
        assert self.table is not None
        table = self.table
        if prompt in ("ok> ", "ready> "):
            if self.gate is None:  # a new hot-seat question
                assert self.queue == []
                self.gate = prompt
                self.step = table.step
                nxt = table.waiting_for()[0]
                if prompt == "ok> ":  # the end of the last decider's turn
                    assert self.last is not None and self.last != nxt
                    self.hidden = {
                        nxt: hidden_things(table, nxt, self.last, self.events),
                        self.last: hidden_things(table, self.last, nxt, self.events),
                    }
                    self.events.clear()
                    self.checks.append((len(self.printed) - 1, self.hidden[nxt], "end of turn"))
                    self.queue = [*self.burst(self.last), (self.last, "ok")]
                else:
                    leaving = 1 - nxt
                    if not self.hidden:  # the game's start
                        self.hidden = {
                            nxt: hidden_things(table, nxt, leaving, self.events),
                            leaving: hidden_things(table, leaving, nxt, self.events),
                        }
                        self.events.clear()
                    both = self.hidden[nxt] | self.hidden[leaving]
                    # the screen was cleared, then the hand-over was shown
                    assert "Pass the keyboard to" in chunk.rpartition("\f")[2], chunk[-300:]
                    self.checks.append((len(self.printed) - 1, both, "hand-over"))
                    self.queue = [*self.burst(leaving), *self.burst(nxt), (nxt, "ready")]
            assert table.step == self.step, "a mashed line made a move"
            who, line = self.queue.pop(0)
            self.at = who
            if line in ("ok", "ready"):
                self.gate = None
                if line == "ready":
                    self.boundaries += 1
                    self.checks.append(
                        (len(self.printed), self.hidden[1 - who], "the next person's screen")
                    )
                    self.hidden = {}
            return line
        # a decision: the person whose name is in the prompt
        assert self.gate is None and not self.queue, prompt
        if self.printed[-2:-1] and self.printed[-2][1].endswith("ready> "):
            assert chunk.lstrip(" \n").startswith("\f"), chunk[:200]  # cleared on arrival
        name = prompt.split(">")[0].split(" ")[0]
        seat = NAMES.index(name)
        assert self.at == seat, (self.at, prompt)
        self.last = seat
        if self.boundaries > BOUNDARIES:
            return "quit"
        if table.held is not None:  # a choice completing the phase, waiting to be revealed
            return "ok"
        return "a" if "no choice" not in chunk[-200:] else "back"

    def finish(self) -> None:
        self.printed.append((self.at, self.out.getvalue()[self.pos :]))

    def leaks(self) -> list[str]:
        found = []
        for index, hidden, what in self.checks:
            text = norm(self.printed[index][1]) if index < len(self.printed) else ""
            found += [f"{what}: {h}" for h in hidden if h in text]
        return found


def play(name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> People:
    out = io.StringIO()
    people = People(out, len(name))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr("builtins.input", people)
    opened = terminal.open_table

    def open_table(*args: Any, **kwargs: Any) -> Table | None:
        table = opened(*args, **kwargs)
        assert table is not None
        people.table = table
        people.events.extend(table.opening)
        table.listeners.append(lambda seat, action, events, state: people.events.extend(events))
        return table

    monkeypatch.setattr(terminal, "open_table", open_table)
    game = get(name)
    record = GameRecord(
        game.spec.name, game.spec.resolve_options(), 11, ["human", "human"], names=NAMES
    )
    status = terminal.play_in_terminal(
        record, save_path=tmp_path / "g.jsonl", json_out=False, resumed=False
    )
    people.finish()
    monkeypatch.undo()
    assert status == 0
    return people


@pytest.mark.parametrize("name", GAMES)
def test_no_line_at_a_hand_over_leaks_or_moves(
    name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    began = time.monotonic()
    people = play(name, monkeypatch, tmp_path)
    assert people.boundaries == BOUNDARIES + 1  # the start, then BOUNDARIES finished turns
    assert not people.leaks(), people.leaks()
    assert people.pressed == set(KEYS), set(KEYS) - people.pressed  # every key, in every game
    assert people.repeats == {1, 2, 3, 4, 5}
    shown = "".join(chunk for _at, chunk in people.printed)
    assert "your turn is over" in shown and "type ok to go on" in shown
    assert "type ready to go on" in shown and "refused" not in shown
    print(
        f"{name}: {people.boundaries} boundaries, {people.count} lines mashed, "
        f"{time.monotonic() - began:.1f} s"
    )


def test_an_end_of_turn_shows_what_it_did_until_ok() -> None:
    """A person's end of turn shows what their last decisions did (a peek, here), answers any
    other line with a reminder, and clears the screen once they type ``ok``."""
    out = io.StringIO()
    screen = terminal.Screen([0, 1], NAMES)
    screen.showing = 0
    screen.pending[0] += ["alice peeks at B2: Stampy", "alice ends their turn"]
    screen.pending[1] += ["alice ends their turn"]
    answers = iter(["", "", "1", "ok"])
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "stdout", out)
        mp.setattr("builtins.input", lambda prompt="": next(answers))
        screen.turn_over(0)
    text = out.getvalue()
    assert "alice: your turn is over." in text and "alice peeks at B2: Stampy" in text
    assert text.count("type ok to go on") == 3  # Enter, Enter, 1: nothing
    assert text.rstrip("\n").endswith("\f") and screen.showing is None
    assert screen.pending[1] == ["alice ends their turn"]  # bob's, kept for bob


def _read_until(fd: int, wanted: bytes, seen: bytearray, limit: float = 60.0) -> None:
    """Read the terminal until ``wanted`` has appeared after what was already ``seen``, then
    forget what came before it (bounded)."""
    end = time.monotonic() + limit
    while wanted not in seen:
        left = end - time.monotonic()
        assert left > 0, f"{wanted!r} not seen; the end: {bytes(seen[-600:])!r}"
        ready, _, _ = select.select([fd], [], [], min(left, 1.0))
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            assert chunk, f"the game ended before {wanted!r}: {bytes(seen[-600:])!r}"
            seen += chunk
    del seen[: seen.index(wanted) + len(wanted)]


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX terminal")
def test_lines_typed_ahead_at_a_terminal_are_thrown_away(tmp_path: Path) -> None:
    """At a real terminal, ``ok`` and ``ready`` typed in one go (before the hand-over was on
    the screen) do not pass the keyboard: the ``ready`` is thrown away, and the hand-over asks
    again; only a ``ready`` typed once it is shown goes on."""
    import pty
    import subprocess

    main, child = pty.openpty()
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120", "LINES": "40", "TERM": "dumb"}
    env.pop("MAILBAG_LANG", None)
    command = [
        sys.executable,
        "-m",
        "mailbag",
        "play",
        "carteros",
        "--plain",
        "--seats",
        "alice=human,bob=human",
        "--seed",
        "3",
        "--record",
        str(tmp_path / "g.jsonl"),
    ]
    process = subprocess.Popen(command, stdin=child, stdout=child, stderr=child, env=env)
    os.close(child)
    seen = bytearray()
    try:
        _read_until(main, b"ready> ", seen)
        os.write(main, b"ready\n")
        _read_until(main, b"alice> ", seen)
        os.write(main, b"end\n")  # alice ends her turn at once
        _read_until(main, b"ok> ", seen)
        os.write(main, b"ok\nready\n")  # in a hurry: ready before the hand-over is shown
        _read_until(main, b"Pass the keyboard to bob", seen)
        _read_until(main, b"ready> ", seen)
        os.write(main, b"x\n")  # answered by the hand-over: the early "ready" was thrown away
        _read_until(main, b"type ready to go on", seen)
        _read_until(main, b"ready> ", seen)
        assert b"bob> " not in seen and b"your decision" not in seen
        os.write(main, b"ready\n")
        _read_until(main, b"bob> ", seen)
        os.write(main, b"quit\n")
        assert process.wait(60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        os.close(main)


def test_names_cannot_drive_the_terminal(tmp_path: Path) -> None:
    """A record (written by hand) whose names hold ESC, CR and a right-to-left override: line
    mode shows them escaped; no raw control or bidirectional character reaches the output."""
    game = get("carteros")
    record = GameRecord(
        game.spec.name, game.spec.resolve_options(), 3, ["human", "human"], names=["x", "y"]
    )
    record.names = ["\x1b[2Jmallory", "eve\u202e\rbob"]  # past any check of the name rule
    out = io.StringIO()
    answers = iter(["ready", "end", "", "ok", "ready", "quit"])
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "stdout", out)
        mp.setattr("builtins.input", lambda prompt="": next(answers))
        status = terminal.play_in_terminal(
            record, save_path=tmp_path / "g.jsonl", json_out=False, resumed=False
        )
    text = out.getvalue()
    assert status == 0
    assert "\\u001b[2Jmallory" in text and "eve\\u202e\\u000dbob" in text  # shown, escaped
    assert "\x1b" not in text and "\u202e" not in text and "\r" not in text


def test_the_final_scores_show_names_escaped_and_kinds_under_them() -> None:
    from rich.console import Console

    from mailbag.table import MemoryStore

    game = get("carteros")
    record = GameRecord(
        game.spec.name, game.spec.resolve_options(), 3, ["human", "random"], names=["x", "y"]
    )
    record.names = ["alice", "\x1b[2Jm\u202e"]
    table = Table.open(game, record, MemoryStore(), {})
    out = io.StringIO()
    Console(file=out, width=100).print(terminal.scoreboard(game, table.state, record))
    text = out.getvalue()
    assert "\x1b" not in text and "\u202e" not in text and "\\u000a" not in text
    assert "\\u001b[2Jm\\u202e" in text
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if "alice" in line)
    assert "human" in lines[row + 1] and "random" in lines[row + 1]  # each kind under its name
