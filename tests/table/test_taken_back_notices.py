"""A decision taken back is shown as taken back in every seat's log (issue 31): the table tells
its undo listeners what each seat had seen of it; a seat that saw something gets a line saying
it was taken back, a seat that saw nothing of it (another's unseen simultaneous choice) nothing —
not even a spectator. Line mode shows those lines in hot seat."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

from mailbag import terminal
from mailbag.bots import make_agents
from mailbag.core import apply
from mailbag.core.records import GameRecord
from mailbag.games import get
from mailbag.table import Table, TakenBack, taken_back_text

NAMES = ["ana", "beto", "cleo"]


def open_table(name: str, seats: list[str], seed: int) -> Table:
    game = get(name)
    record = GameRecord(
        game.spec.name, game.spec.resolve_options(), seed, seats, names=NAMES[: len(seats)]
    )
    return Table.open(game, record, None, make_agents(game, seats, seed))


def test_a_public_decision_taken_back_is_told_to_everyone_as_taken_back() -> None:
    table = open_table("postcards", ["human", "human"], 5)
    game = table.game
    camp = next(a for a in table.legal_actions(0) if a.verb == "play" and "action" in a.args)
    assert not game.reveals(table.state, 0, camp, *apply(game, table.state, 0, camp))
    notices: list[TakenBack] = []
    table.undo_listeners.append(notices.append)
    events = table.submit(0, camp)
    table.undo(0)
    assert len(notices) == 1
    notice = notices[0]
    assert (notice.index, notice.seat, notice.action) == (0, 0, camp)
    assert notice.events == events
    said = [game.presentation.event_text(e, NAMES) for e in events]
    assert said and all(e.to is None for e in events)
    what = "; ".join(said)
    assert taken_back_text(game, notice, 1, NAMES) == f"ana took back: {what}"
    assert taken_back_text(game, notice, None, NAMES) == f"ana took back: {what}"
    assert taken_back_text(game, notice, 0, NAMES) == f"you took back: {what}"


def test_an_unseen_simultaneous_choice_taken_back_is_told_to_nobody_else() -> None:
    table = open_table("post_office", ["human", "human", "human"], 4)
    game = table.game
    notices: list[TakenBack] = []
    table.undo_listeners.append(notices.append)
    mine = table.legal_actions(0)[0]
    events = table.submit(0, mine)
    table.submit(1, table.legal_actions(1)[0])
    table.undo(0)
    (notice,) = notices
    assert notice.events == events and all(e.to == (0,) for e in events)
    for other in (1, 2, None):
        assert notice.seen_by(other) == []
        assert taken_back_text(game, notice, other, NAMES) is None
    echo = "; ".join(game.presentation.event_text(e, NAMES) for e in events)
    assert taken_back_text(game, notice, 0, NAMES) == f"you took back: {echo}"


def test_a_private_draw_is_told_to_each_as_they_saw_it() -> None:
    """Carteros: a carrier's draw shows the card to them alone and "draws a card" to the
    others; a move taken back is told to everyone, as they saw it."""
    table = open_table("carteros", ["human", "human"], 7)
    game = table.game
    notices: list[TakenBack] = []
    table.undo_listeners.append(notices.append)
    for move in table.legal_actions(0):
        after, events = apply(game, table.state, 0, move)
        if not game.reveals(table.state, 0, move, after, events):
            break
    else:
        raise AssertionError("no reversible first move")
    table.submit(0, move)
    table.undo(0)
    (notice,) = notices
    for viewer in (0, 1, None):
        seen = [e for e in events if e.visible_to(viewer)]
        assert notice.seen_by(viewer) == seen and seen
    assert taken_back_text(game, notice, 1, NAMES) == "ana took back: " + "; ".join(
        game.presentation.event_text(e, NAMES) for e in events if e.visible_to(1)
    )


def test_line_mode_shows_a_taken_back_decision_as_taken_back_in_the_others_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hot seat in line mode: ana plays a camp and takes it back, then plays on until her turn
    ends; beto, arriving, reads that she took the camp back, after the line of the camp."""
    game = get("postcards")
    record = GameRecord(
        "postcards", game.spec.resolve_options(), 5, ["human", "human"], names=["ana", "beto"]
    )
    probe = Table.open(game, record)
    camp = next(a for a in probe.legal_actions(0) if a.verb == "play" and "action" in a.args)
    said = [game.presentation.event_text(e, ["ana", "beto"]) for e in probe.submit(0, camp)]
    record.steps.clear()
    tables: list[Table] = []
    real_open = terminal.open_table

    def opened(*args: Any) -> Table | None:
        table = real_open(*args)
        assert table is not None
        tables.append(table)
        return table

    script = [str(camp), "undo"]
    asked = []

    def read_line(prompt: str) -> str:
        asked.append(prompt)
        assert len(asked) < 500
        if prompt.startswith(("ready", "ok")):
            return prompt.split(">")[0]
        if prompt.startswith("beto"):
            return "quit"
        return script.pop(0) if script else str(tables[0].legal_actions(0)[0])

    out = io.StringIO()
    monkeypatch.setattr(terminal, "open_table", opened)
    monkeypatch.setattr(terminal, "read_line", read_line)
    monkeypatch.setattr(sys, "stdout", out)  # the console writes to sys.stdout of the moment
    terminal.play_in_terminal(record, save_path=tmp_path / "g.jsonl", json_out=False, resumed=False)
    text = out.getvalue()
    assert "took back: " + str(camp) in text  # ana is told
    beto = text[text.index("Pass the keyboard to beto") :]
    log = beto[beto.index("since your last turn:") :]
    what = "; ".join(said)
    assert f"ana took back: {what}" in log
    assert log.index(said[0]) < log.index("ana took back:")  # after the line of the camp
    ana = text[: text.index("Pass the keyboard to beto")]
    assert "ana took back:" not in ana  # the taker is told in her own words, once
