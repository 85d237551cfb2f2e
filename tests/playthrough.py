"""A golden game as a readable text playthrough, in the manner of OpenSpiel's: step by step, who
acts, what every seat sees (in words), the legal actions, the action taken and what happened.

``make golden`` writes one beside each golden record (``X.jsonl`` -> ``X.playthrough.txt``) and
the tests compare it with a fresh one, so a change of the rules, the views or their texts shows
up in review as a diff a person can read (docs/contributing.md). Only the core contract is used
(``view``, ``legal_actions``, ``deciders``, ``scores``, ``ranking``, and the presentation's
``render``, ``describe_action`` and ``event_text``): any registered game gets one. To keep a long
game's file near a megabyte, a view is printed in full only where it says much that is new: the
public view where it differs from the last full one, each seat's view where it differs from the
public one (the file's header says how to read it).

    .venv/bin/python tests/playthrough.py RECORD.jsonl   (prints the playthrough of a record)
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mailbag.core import Action, Game, MailbagError, apply, start_game
from mailbag.core.game import Event
from mailbag.core.i18n import use_language
from mailbag.core.records import GameRecord, engine_seat_kinds, load
from mailbag.games import get

#: the legal actions listed in full at a step; beyond, only how many more there are
MAX_LISTED = 40
#: the length of the diff a failing test shows
DIFF_LINES = 80
WIDTH = 100
#: the public view is shown in full when its differences from the last full one would be
#: longer than this fraction of it (1/3)
FULL_AFTER = 3

HEADER = """\
How to read it: each step names the seat to act and shows the public view (what a spectator
sees): in full; or, when that is short, where it differs from the last one shown in full ("-" a
line of that one, "+" the line now; "..." between places apart); or that it is unchanged since
a step. Then each seat's view where it differs from the public one ("-" a line of the public
view that the seat sees otherwise, "+" a line only the seat sees), or that it differs as shown
at an earlier step. Then the legal actions of the seat to act (notation -- the same in words;
at most {listed} listed, with the count of the rest), the action taken, and the events, each
with the seats that see it. The end shows the final views, the scores with their breakdown and
the places. Made by tests/playthrough.py (`make golden`); do not edit by hand."""


def path_of(record_path: Path) -> Path:
    """Where the playthrough of the golden record ``X.jsonl`` lives: ``X.playthrough.txt``."""
    return record_path.with_name(record_path.stem + ".playthrough.txt")


def playthrough(record: GameRecord, title: str = "") -> str:
    """The playthrough of ``record`` (English; the same text on every machine). Kept for the
    rest of the process by the record's text: the golden check and the playthrough test ask
    for the same ones."""
    key = (record.dumps(), title)
    if key not in _MADE:
        with use_language("en"):
            _MADE[key] = "\n".join(line.rstrip() for line in _lines(record, title)) + "\n"
    return _MADE[key]


_MADE: dict[tuple[str, str], str] = {}


def _lines(record: GameRecord, title: str) -> list[str]:
    game: Game[Any] = get(record.game)
    names = [record.label(seat) for seat in range(len(record.seats))]
    out = _header(record, title, names)
    try:
        state, events = start_game(
            game, engine_seat_kinds(game, record.seats), record.options, record.seed
        )
    except MailbagError as exc:
        return [*out, "", f"the game cannot be set up: {exc}"]
    shown = _Shown(game, names)
    out += ["", _rule("set-up"), *_events(game, events, names)]
    total = len(record.steps)
    for number, step in enumerate(record.steps, 1):
        seat, action = step.seat, step.action
        deciders = game.deciders(state)
        who = f"{names[seat]} ({record.seats[seat]}) to act"
        if len(deciders) > 1:
            who += " (deciding now: " + ", ".join(names[d] for d in deciders) + ")"
        out += ["", _rule(f"step {number} of {total}: {who}"), *shown.views(state, number)]
        view = game.view(state, seat)
        out += _legal(game, game.legal_actions(state, seat), view)
        out.append(f"action: {action} -- {_described(game, view, action)}")
        try:
            state, events = apply(game, state, seat, action)
        except MailbagError as exc:
            return [
                *out,
                f"refused: {exc}",
                "",
                "the recorded game stops here: its action is refused",
            ]
        out += _events(game, events, names)
    over = game.is_over(state)
    out += ["", _rule("the end" if over else "the record ends before the game does")]
    out += shown.views(state, total + 1, full=True)
    out.append("scores (total, place: breakdown):")
    ranking = game.ranking(state)
    for seat, score in enumerate(game.scores(state)):
        parts = ", ".join(f"{key} {value}" for key, value in score.breakdown.items())
        out.append(f"  {names[seat]}: {score.total}, place {ranking[seat]}: {parts or '-'}")
    return out


def _header(record: GameRecord, title: str, names: Sequence[str]) -> list[str]:
    options = ", ".join(f"{key}={_value(record.options[key])}" for key in sorted(record.options))
    seats = ", ".join(f"{names[seat]} {kind}" for seat, kind in enumerate(record.seats))
    return [
        f"# mailbag playthrough: {title or record.game}",
        f"game: {record.game} (rules {record.rules})",
        f"options: {options or '(none)'}",
        f"seed: {record.seed}",
        f"seats: {seats}",
        f"steps: {len(record.steps)}",
        "",
        *HEADER.format(listed=MAX_LISTED).splitlines(),
    ]


def _described(game: Game[Any], view: dict[str, Any], action: Action) -> str:
    """The action in words; its notation where the game cannot say it (a refused action)."""
    try:
        return game.presentation.describe_action(view, action)
    except (MailbagError, LookupError, ValueError, TypeError):
        return str(action)


class _Shown:
    """The views last shown, so that an unchanged one is named, not repeated."""

    def __init__(self, game: Game[Any], names: Sequence[str]) -> None:
        self.game = game
        self.names = names
        self.public: list[str] = []
        self.public_at = 0
        self.full: list[str] = []
        self.full_at = 0
        self.private: dict[int, tuple[list[str], int]] = {}

    def views(self, state: Any, number: int, full: bool = False) -> list[str]:
        """The views at step ``number``: the public one in full when ``full``, at the start or
        when it differs much from the last one shown in full, else its differences from that."""
        game = self.game
        public = game.presentation.render(game.view(state, None)).splitlines()
        delta = [] if public == self.public or full else _delta(self.full, public)
        if public == self.public:
            out = [f"public view: unchanged since step {self.public_at}"]
        elif full or not self.full or len(delta) * FULL_AFTER > len(public):
            out = ["public view:", *(f"  | {line}" for line in public)]
            self.full, self.full_at, self.public_at = public, number, number
        else:
            out = [f"public view, where it differs from step {self.full_at}'s:"]
            out.extend(f"  {line}" for line in delta)
            self.public_at = number
        self.public = public
        for seat, name in enumerate(self.names):
            own = game.presentation.render(game.view(state, seat)).splitlines()
            own_delta = _delta(public, own)
            if not own_delta:
                out.append(f"{name}'s view: the public view")
                continue
            last = self.private.get(seat)
            if last is not None and last[0] == own_delta:
                out.append(
                    f"{name}'s view: the public one, with the differences shown at step {last[1]}"
                )
                continue
            out.append(f"{name}'s view, where it differs from the public one:")
            out.extend(f"  {line}" for line in own_delta)
            self.private[seat] = (own_delta, number)
        return out


def _delta(public: list[str], own: list[str]) -> list[str]:
    """The lines by which ``own`` differs from ``public``: "-" one of the public view's it shows
    otherwise, "+" one of its own; "..." between places apart."""
    out: list[str] = []
    for group in difflib.SequenceMatcher(None, public, own, autojunk=False).get_grouped_opcodes(0):
        if out:
            out.append("...")
        for _tag, i1, i2, j1, j2 in group:
            out.extend(f"- {line}" for line in public[i1:i2])
            out.extend(f"+ {line}" for line in own[j1:j2])
    return out


def _legal(game: Game[Any], legal: Sequence[Action], view: dict[str, Any]) -> list[str]:
    out = [f"legal actions: {len(legal)}"]
    out.extend(
        f"  {action} -- {game.presentation.describe_action(view, action)}"
        for action in legal[:MAX_LISTED]
    )
    if len(legal) > MAX_LISTED:
        out.append(f"  ... and {len(legal) - MAX_LISTED} more")
    return out


def _events(game: Game[Any], events: Sequence[Event], names: Sequence[str]) -> list[str]:
    if not events:
        return ["events: none"]
    out = ["events:"]
    for event in events:
        if event.to is None:
            to = "everyone"
        else:
            to = ", ".join(names[s] if 0 <= s < len(names) else str(s) for s in event.to) + " only"
        out.append(f"  [{to}] {game.presentation.event_text(event, names)}")
    return out


def _rule(text: str) -> str:
    return f"== {text} " + "=" * max(3, WIDTH - len(text) - 4)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def difference(committed: str, fresh: str, name: str, limit: int = DIFF_LINES) -> str:
    """The start of the unified diff from the ``committed`` playthrough to the ``fresh`` one."""
    old = committed.splitlines()
    lines = list(
        difflib.unified_diff(
            old,
            fresh.splitlines(),
            f"{name} (committed)",
            f"{name} (the rules of now)",
            n=3,
            lineterm="",
        )
    )
    lines = [_with_step(line, old) if line.startswith("@@ ") else line for line in lines]
    if len(lines) > limit:
        lines = [*lines[:limit], f"... ({len(lines) - limit} more lines of diff)"]
    return "\n".join(lines)


def _with_step(header: str, old: list[str]) -> str:
    """A hunk's header ``@@ -12,7 +12,7 @@`` with the step it falls in (as git names the
    function around a hunk): ``@@ -12,7 +12,7 @@ == step 3 of 67: seat 0 (greedy) to act``."""
    start = int(header.split()[1].lstrip("-").split(",")[0])
    for line in reversed(old[: start + 3]):
        if line.startswith("== "):
            return f"{header} {line.rstrip('= ')}"
    return header


if __name__ == "__main__":
    for argument in sys.argv[1:]:
        sys.stdout.write(playthrough(load(Path(argument)), Path(argument).stem))
