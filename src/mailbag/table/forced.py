"""Decisions taken for a person because they cannot change anything of the game
(:meth:`mailbag.table.table.Table.forced`, the game's ``presentation.forced_choice``): Postcards'
draws on the final turn, which no later turn uses. The terminal front ends take such a decision
at once and show one line saying what was done, in words — never the action's notation alone."""

from __future__ import annotations

from typing import Any

from mailbag.core.i18n import _


def forced_line(table: Any, seat: int, action: Any) -> str:
    """The line telling ``seat`` what was taken for it: the action in words (its notation only
    when the game has no words for it)."""
    words = table.game.presentation.describe_action(table.view(seat), action)
    return _("taken for you: {text}", text=words or str(action))


def take_forced(table: Any, seat: int, auto: set[int]) -> str | None:
    """Take ``seat``'s decision for it if it cannot change anything (:meth:`Table.forced`):
    submitted, its record index remembered in ``auto`` (an undo steps back over it, as over a
    single choice taken for the seat); returns the line to show, or ``None`` when the seat must
    be asked."""
    action = table.forced(seat)
    if action is None:
        return None
    line = forced_line(table, seat, action)  # worded on the view the decision was made in
    auto.add(table.step)
    table.submit(seat, action)
    return line
