"""The seat kinds in words, for ``mailbag games`` and ``mailbag play --help``: every kind a seat
may be — a person, each registered bot with its parameters (name, range, default, from the bot's
declared :class:`~mailbag.bots.base.BotParam`), each game's engine seats — and the ``name=kind``
form. Made from the registries each time it is shown, so a bot registered by a plug-in is listed
with no help text edited."""

from __future__ import annotations

import textwrap
from dataclasses import replace

from mailbag.bots.base import BotParam, bot_kinds, bot_params, bot_summary
from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _
from mailbag.core.records import seat_kind_label

#: how ``--seats`` is written, with names and a bot's parameters
EXAMPLE = "alice=human,bob=mcts:iters=200,greedy"


def param_line(param: BotParam) -> str:
    """One parameter: its name, what it sets, its range and its default."""
    parts = [_(param.help)] if param.help else []
    parts.append(param.describe())
    if param.default:
        parts.append(_("default {default}", default=param.default))
    return f"{param.name}: " + "; ".join(parts)


def engine_lines() -> list[str]:
    """Each game's engine seats (a seat its own rules play: Postcards' Automa)."""
    from mailbag.games import get, names

    lines = []
    for name in names():
        try:
            game = get(name)
        except MailbagError:  # a broken plug-in: `mailbag games` lists it with its error
            continue
        if game.spec.engine_seats:
            lines.append(
                _(
                    "{kinds} — {game}: engine seats, played by the game's own rules",
                    kinds=", ".join(game.spec.engine_seats),
                    game=_(game.spec.title),
                )
            )
    return lines


def seat_kind_lines(width: int = 100) -> list[str]:
    """The seat kinds as lines of text at most ``width`` wide where words allow (an indented
    line: a parameter of the kind above it)."""
    lines = [
        _(
            "Seat kinds (--seats, a comma list; a seat may have a name, name=kind: {example}):",
            example=EXAMPLE,
        ),
        "  "
        + _(
            "{kind} — a person at this keyboard (several people: they share the screen in turn)",
            kind=_labelled("human"),
        ),
    ]
    listed: dict[tuple[BotParam, ...], str] = {}
    for kind in bot_kinds():
        summary = bot_summary(kind)
        head = "  " + _labelled(kind)
        lines.append(f"{head} — {summary}" if summary else head)
        params = bot_params(kind)
        # the same parameters as a kind above, defaults left aside: said once
        bare = tuple(replace(param, default="") for param in params)
        if params and bare in listed:
            lines.append("      " + _("the parameters of {kind}", kind=listed[bare]))
            continue
        listed.setdefault(bare, kind)
        lines.extend("      " + param_line(param) for param in params)
    lines.extend("  " + line for line in engine_lines())
    lines.append(
        "  "
        + _(
            "a bot's parameters follow its kind after a colon, separated by commas: {example}",
            example="mcts:iters=500,depth=4",
        )
    )
    return [wrapped for line in lines for wrapped in _wrap(line, width)]


def _labelled(kind: str) -> str:
    """A kind as typed, and as the reader calls it where that differs (``human (mens)``)."""
    label = seat_kind_label(kind)
    return kind if label == kind else f"{kind} ({label})"


def _wrap(line: str, width: int) -> list[str]:
    """A line wrapped at ``width``, its further rows indented under its text."""
    indent = len(line) - len(line.lstrip(" "))
    return textwrap.wrap(
        line,
        width=max(width, 40),
        initial_indent="",
        subsequent_indent=" " * (indent + 4),
        break_on_hyphens=False,
        break_long_words=False,
    ) or [line]
