"""A game review in a terminal: the decisions with their marks and better choices, a text graph
of each seat's expected result over the game, and each seat's accuracy (``mailbag review``)."""

from __future__ import annotations

from collections.abc import Sequence

from mailbag.core.i18n import _
from mailbag.review.engine import MARK_COUNTS, MARK_WORDS, MARKS, THRESHOLDS, Review

#: lichess's signs of a marked move
SIGNS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
BLOCKS = " ▁▂▃▄▅▆▇█"


def graph_line(values: Sequence[float], width: int) -> str:
    """``values`` (0–1) as one line of ``width`` block characters (each the mean of its part)."""
    if not values:
        return ""
    width = max(1, min(width, len(values)))
    out = []
    for column in range(width):
        start = column * len(values) // width
        end = max(start + 1, (column + 1) * len(values) // width)
        part = values[start:end]
        mean = sum(part) / len(part)
        out.append(BLOCKS[min(len(BLOCKS) - 1, max(1, round(mean * (len(BLOCKS) - 1))))])
    return "".join(out)


def mark_line(review: Review, seat: int, width: int) -> str:
    """Under a seat's graph: where its marked decisions fall (``?!``, ``?``, ``??`` shortened to
    one sign: ``!`` inaccuracy, ``?`` mistake, ``X`` blunder)."""
    decisions = review.decisions
    if not decisions:
        return ""
    width = max(1, min(width, len(decisions)))
    cells = [" "] * width
    rank = {"inaccuracy": 1, "mistake": 2, "blunder": 3}
    sign = {"inaccuracy": "!", "mistake": "?", "blunder": "X"}
    for i, d in enumerate(decisions):
        if d.seat != seat or d.mark is None:
            continue
        column = min(width - 1, i * width // len(decisions))
        here = cells[column]
        if here == " " or rank[d.mark] > {"!": 1, "?": 2, "X": 3}[here]:
            cells[column] = sign[d.mark]
    return "".join(cells)


def settings_line(review: Review) -> str:
    s = review.settings
    return _(
        "judged from each player's own view: a search of {iters} iterations per decision "
        "(and {duel} for each of the choice made and the better one when they differ), "
        "{worlds} hidden deals drawn from what the player knew; a decision is marked only when "
        "its loss is beyond its spread (two standard errors)",
        iters=s["iters"],
        duel=s["duel"],
        worlds=s["worlds"],
    )


def thresholds_line() -> str:
    parts = [
        _("{mark} {sign} from {loss}", mark=_(MARK_WORDS[name]), sign=SIGNS[name], loss=f"{t:.2f}")
        for name, t in reversed(THRESHOLDS)
    ]
    return _("marks, by the expected result lost: {marks}", marks=", ".join(parts))


def summary_lines(review: Review) -> list[str]:
    lines = []
    for seat, name in enumerate(review.seats):
        accuracy = review.accuracy[seat]
        counts = review.marks[seat]
        marks = ", ".join(f"{_(MARK_COUNTS[m])} {counts[m]}" for m in reversed(MARKS))
        if accuracy is None:
            lines.append(_("{seat}: no decisions to judge", seat=name))
        else:
            lines.append(
                _(
                    "{seat}: accuracy {accuracy}%, {marks}",
                    seat=name,
                    accuracy=f"{accuracy:.1f}",
                    marks=marks,
                )
            )
    return lines


def graph_lines(review: Review, width: int = 60) -> list[str]:
    """Each seat's expected result after each decision (1 a sure first place), and its marks."""
    values: list[list[float]] = [[] for _seat in review.seats]
    for d in review.decisions:
        for seat in range(len(review.seats)):
            values[seat].append(d.results[seat] if seat < len(d.results) else 0.5)
    label = max((len(n) for n in review.seats), default=0)
    lines = [_("expected result over the game (top: a sure win)")]
    for seat, name in enumerate(review.seats):
        lines.append(f"  {name:<{label}} |{graph_line(values[seat], width)}|")
        marks = mark_line(review, seat, width)
        if marks.strip():
            lines.append(f"  {'':<{label}}  {marks}")
    return lines
