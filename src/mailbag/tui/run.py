"""Playing a game full screen from the command line: the table opened and saved as in line mode,
the screen run, then the result (or how to resume) printed in the terminal as it was."""

from __future__ import annotations

from pathlib import Path

from mailbag.core.i18n import _
from mailbag.core.records import GameRecord
from mailbag.table.hints import hints_by_default
from mailbag.terminal import open_table, report_result, say_stopped
from mailbag.tui.app import PlayApp


def play_full_screen(
    record: GameRecord,
    *,
    save_path: Path,
    json_out: bool,
    resumed: bool,
    hints: bool | None = None,
) -> int:
    """Play (or resume) the game of ``record`` full screen, saving every accepted decision to
    ``save_path``; returns the exit status (as :func:`mailbag.terminal.play_in_terminal`)."""
    table = open_table(record, save_path, resumed)
    if table is None:
        return 0
    game = table.game
    humans = [i for i, kind in enumerate(record.seats) if kind == "human"]
    allowed = hints_by_default(record.seats) if hints is None else hints
    app = PlayApp(table, humans, resumed=resumed, hints=allowed)
    try:
        how = app.run()
    finally:
        table.close()
    if not table.is_over():
        say_stopped(how or _("stopped"), save_path, len(record.steps))
        return app.status_code
    return report_result(game, table.state, record, save_path, json_out)
