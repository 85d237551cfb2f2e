"""What line mode (:mod:`mailbag.terminal`) prints: a menu's entries with their keys, who won and
the final scores, how to resume a stopped game.

A menu's entries have the same keys as in the full screen (:mod:`mailbag.table.keys`): letters,
never digits that would read like the numbers on the board (a region 5, a parcel 10), one for
every entry however long the list, leaving out the letters the full screen keeps for its own keys
(:data:`FULL_SCREEN_KEYS`); line mode takes those letters as its commands too. What a person types
that is no key, command or action is answered by :func:`not_a_choice`: what was wrong and how to
list the choices.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from mailbag.core import Action, Game, Observation
from mailbag.core.i18n import _, ngettext, pgettext
from mailbag.core.names import printable
from mailbag.core.records import GameRecord, seat_kind_label
from mailbag.table.keys import choice_keys
from mailbag.table.menu import Choice, Menu

if TYPE_CHECKING:
    from mailbag.table.hints import Hint

console = Console(highlight=False, emoji=False)

#: the letters the full screen keeps for its own keys (``q`` save & quit, ``u`` undo, ``h`` hint,
#: ``o`` others, ``v`` board/you): never a choice's key, so a menu has the same keys in both;
#: line mode reads ``q``, ``u`` and ``h`` as the same commands (tests compare with the app's)
FULL_SCREEN_KEYS = frozenset("quhov")
#: line mode's one-letter commands, as in the full screen
LETTER_COMMANDS = {"quit": "q", "undo": "u", "hint": "h", "help": "?"}
_LETTERS = re.compile(r"[A-Za-z]{1,3}")
_DIGITS = re.compile(r"[0-9]{1,6}")
#: at most this much of a refused line is said back
_ECHO = 40


def keys_for(entries: Sequence[Choice]) -> list[str]:
    """The keys of a list of entries, in order (as the full screen gives them)."""
    return choice_keys(len(entries), FULL_SCREEN_KEYS)


def entry_lines(entries: Sequence[Choice]) -> list[str]:
    """One line per entry: its key (``a)``), then what :func:`describe_choice` says."""
    keys = keys_for(entries)
    width = max((len(key) for key in keys), default=1)
    return [
        f"  {key.rjust(width)}) {describe_choice(entry)}"
        for key, entry in zip(keys, entries, strict=True)
    ]


def key_path(
    entries: Sequence[Choice],
    action: Action,
    keys_of: Callable[[Sequence[Choice]], list[str]] = keys_for,
) -> list[str] | None:
    """The keys that choose ``action`` from ``entries`` (a menu's list at the step it is at):
    one per step, the entry's key at each (``["c", "a"]``: ``c`` opens the step, ``a`` chooses);
    an action merged into another with the same outcome is reached by that one's keys. ``None``
    when ``action`` is not under ``entries``."""
    for key, entry in zip(keys_of(entries), entries, strict=True):
        if entry.action is not None:
            if entry.action == action or action in entry.same:
                return [key]
            continue
        below = key_path(entry.children, action, keys_of)
        if below is not None:
            return [key, *below]
    return None


def hint_lines(
    game: Game[Any],
    observation: Observation,
    hint: Hint,
    menu: Menu,
    at: Sequence[Choice] = (),
    keys_of: Callable[[Sequence[Choice]], list[str]] = keys_for,
) -> list[str]:
    """A hint as a terminal shows it, in the reader's language: each choice by the keys that
    pick it in the menu on screen (from the step ``at`` is at when it is there, else from the
    first step) — the same letters as the entries', never a rank that reads like one —, what
    it does in words, and how much the search believed in it."""
    if not hint.choices:
        return [_("no hint: nothing to choose")]
    here = at[-1].children if at else menu.choices

    def keys(action: Action) -> str:
        path = key_path(here, action, keys_of)
        if path is None and at:
            path = key_path(menu.choices, action, keys_of)
            if path is not None:  # from the first step: go back there first
                return _("{keys} from the first step", keys=" ▸ ".join(path))
        return " ▸ ".join(path) if path is not None else str(action)

    def words(action: Action) -> str:
        text = game.presentation.describe_action(observation, action)
        return text if text else str(action)

    if hint.iterations == 0:
        action = hint.choices[0].action
        return [
            _("hint: only one choice — {keys}) {action}", keys=keys(action), action=words(action))
        ]
    lines = [
        ngettext(
            "hint (a search of {count} iteration on what you can see):",
            "hint (a search of {count} iterations on what you can see):",
            hint.iterations,
            count=hint.iterations,
        )
    ]
    for choice in hint.choices:
        lines.append(
            _(
                "  {keys}) {action} — {share}% of the search, expected result {value}",
                keys=keys(choice.action),
                action=words(choice.action),
                share=format(100 * choice.share, ".0f"),
                value=format(choice.value, ".2f"),
            )
        )
    return lines


def describe_choice(choice: Choice) -> str:
    """One line for a choice: its notation at this step, what it does, its consequence."""
    parts = [choice.key]
    if choice.is_step:
        parts[0] += " ▸ " + ngettext(
            "{count} choice", "{count} choices", choice.count, count=choice.count
        )
    if choice.says:
        parts.append(f"— {choice.says}")
    if choice.same:
        parts.append(_("(+{count} alike)", count=len(choice.same)))
    if choice.note:
        parts.append(f"[{choice.note}]")
    return " ".join(parts)


def not_a_choice(
    text: str, keys: Sequence[str], reason: str = "", verbs: Sequence[str] = ()
) -> str:
    """The answer to a typed line that is no key, command or action: what was wrong (a key not
    on the list, the beginning of longer keys, a number, a word that is no action, or — for one
    of the game's verbs — why the notation was refused) and how to list the choices."""
    listing = pgettext("command", "help")
    typed = printable(text.strip())
    if len(typed) > _ECHO:
        typed = typed[:_ECHO] + "…"
    word = text.strip().lower()
    if _DIGITS.fullmatch(word):
        return _(
            "no choice {key}: the choices' keys are letters ({first}…); ? or {help} lists them",
            key=typed,
            first=", ".join(keys[:3]) or "a",
            help=listing,
        )
    longer = [key for key in keys if key.startswith(word) and key != word]
    if _LETTERS.fullmatch(word) and longer:
        return _(
            "{key} begins longer keys ({keys}…): type the whole key",
            key=typed,
            keys=", ".join(longer[:3]),
        )
    if _LETTERS.fullmatch(word):
        return _("no choice on key {key} — ? or {help} lists the choices", key=typed, help=listing)
    verb = word.split()[0] if word.split() else ""
    if reason and verb in {v.lower() for v in verbs}:
        return _(
            "{text} is no key and no action: {reason} — ? or {help} lists the choices",
            text=typed,
            reason=reason,
            help=listing,
        )
    return _(
        "{text} is no key and no action — ? or {help} lists the choices", text=typed, help=listing
    )


# -- the end of a game ----------------------------------------------------------------------------
def winners_line(game: Game[Any], state: Any, record: GameRecord) -> str:
    """Who won: the seat in first place, or the seats sharing it (as the full screen says)."""
    ranking = game.ranking(state)
    first = min(ranking, default=1)
    names = [printable(record.label(s)) for s, place in enumerate(ranking) if place == first]
    if len(names) == 1:
        return _("{name} wins", name=names[0])
    return _("shared win: {names}", names=", ".join(names))


def print_scoreboard(game: Game[Any], state: Any, record: GameRecord) -> None:
    """Who won, then the final scores: one column per seat (in finishing order), one row per
    scoring source. The game is over, so its seed may be shown now."""
    console.print(Text(winners_line(game, state, record), style="bold"), soft_wrap=True)
    console.print(scoreboard(game, state, record))


def scoreboard(game: Game[Any], state: Any, record: GameRecord) -> RichTable:
    """The final scores as a table (see :func:`print_scoreboard`)."""
    scores = game.scores(state)
    ranking = game.ranking(state)
    order = sorted(range(len(scores)), key=lambda s: (ranking[s], s))
    categories: list[str] = []
    for score in scores:
        for key in score.breakdown:
            if key not in categories:
                categories.append(key)
    table = RichTable(
        title=_(
            "{title} — final scores (game {id}, seed {seed})",
            title=_(game.spec.title),
            id=printable(record.game_id),
            seed=record.seed,
        )
    )
    table.add_column("")
    for seat in order:
        table.add_column(
            Text(
                printable(record.label(seat))
                + "\n"
                + printable(seat_kind_label(record.seats[seat]))
            ),
            justify="right",
        )
    table.add_row(_("place"), *(str(ranking[s]) for s in order), style="bold")
    for key in categories:
        table.add_row(
            pgettext("score", key), *(str(scores[s].breakdown.get(key, 0)) for s in order)
        )
    table.add_row(_("total"), *(str(scores[s].total) for s in order), style="bold")
    return table


def say(text: str) -> None:
    """Print, unless the terminal is gone (SIGHUP): the record is what matters then."""
    with suppress(OSError):
        console.print(text, markup=False, soft_wrap=True)


def command_name() -> str:
    """How this mailbag was started, so a printed command runs as typed: the script path used
    (``.venv/bin/mailbag``), ``mailbag`` when found on the PATH, or ``python -m mailbag``."""
    import shutil

    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else "mailbag"
    if argv0.endswith("__main__.py") or argv0 in ("-m", "-c"):
        return f"{sys.executable} -m mailbag"
    name = Path(argv0).name
    if os.sep not in argv0 or shutil.which(name) == str(Path(argv0).resolve()):
        return name
    return argv0


def say_stopped(how: str, save_path: Path, decisions: int) -> None:
    """The line that tells a person who stopped a game how to resume it."""
    say(
        "\n"
        + ngettext(
            "{how}: game saved to {path} after {count} decision; resume it with: "
            "{command} play --resume {path}",
            "{how}: game saved to {path} after {count} decisions; resume it with: "
            "{command} play --resume {path}",
            decisions,
            how=how,
            path=str(save_path),
            count=decisions,
            command=command_name(),
        )
    )


def report_result(
    game: Game[Any], state: Any, record: GameRecord, save_path: Path, json_out: bool
) -> int:
    """A finished game's result: JSON for scripts, or who won, the scoreboard and where the
    record is."""
    final = record.result or {}
    if json_out:
        print(
            json.dumps(
                {
                    "game": record.game,
                    "id": record.game_id,
                    "seed": record.seed,
                    "seats": list(record.seats),
                    "scores": final.get("scores"),
                    "breakdown": final.get("breakdown"),
                    "ranking": final.get("ranking"),
                    "turns": len(record.steps),
                    "record": str(save_path),
                },
                sort_keys=True,
            )
        )
        return 0
    print_scoreboard(game, state, record)
    console.print(_("record written to {path}", path=str(save_path)), markup=False, soft_wrap=True)
    sys.stdout.flush()
    return 0
