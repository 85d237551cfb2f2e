"""Playing a game full screen from the command line: the table opened and saved as in line mode,
the screen run, then the result (or how to resume) printed in the terminal as it was."""

from __future__ import annotations

from pathlib import Path

from mailbag.core.records import GameRecord
from mailbag.sim.runner import make_agents
from mailbag.table import FileStore, Table
from mailbag.terminal import (
    console,
    game_for_record,
    print_scoreboard,
    report_result,
    say_stopped,
)
from mailbag.tui.app import PlayApp


def play_full_screen(
    record: GameRecord, *, save_path: Path, json_out: bool, resumed: bool
) -> int:
    """Play (or resume) the game of ``record`` full screen, saving every accepted decision to
    ``save_path``; returns the exit status (as :func:`mailbag.terminal.play_in_terminal`)."""
    game = game_for_record(record)
    for warning in record.warnings:
        console.print(f"warning: {warning}", markup=False)
    humans = [i for i, kind in enumerate(record.seats) if kind == "human"]
    agents = make_agents(game, record.seats, record.seed)
    table = Table.open(game, record, FileStore(save_path), agents)
    if resumed and table.is_over():
        table.close()
        console.print(f"game {record.game_id} is already over", markup=False)
        print_scoreboard(game, table.state, record)
        return 0
    app = PlayApp(table, humans, resumed=resumed)
    try:
        how = app.run()
    finally:
        table.close()
    if not table.is_over():
        say_stopped(how or "stopped", save_path, len(record.steps))
        return app.status_code
    return report_result(game, table.state, record, save_path, json_out)
