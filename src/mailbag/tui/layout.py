"""A game's view laid out in the full-screen panes, from the data of
``game.presentation.sections(view)`` (see :mod:`mailbag.core.presentation`): nothing here reads
or cuts rendered text.

Each pane draws some :class:`~mailbag.core.presentation.Block` s, one after another with a blank
row between them: a block's title (bold), then its lines. A line is one logical line, never
wrapped by the game: it is wrapped here, at the width the pane has when it is drawn (so a resize
lays it out anew), with a hanging indent: the rows after the first are indented :data:`HANG`
more than the line's own leading spaces. Widths are counted in terminal cells.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich.cells import cell_len, get_character_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from mailbag.core.presentation import Block

#: how much further than its first row a wrapped line's other rows are indented
HANG = 2

_TOKENS = re.compile(r"\S+|\s+")


def wrap(line: str, width: int) -> list[str]:
    """One logical line as rows of at most ``width`` cells: cut at spaces (a word longer than a
    row is cut where the row ends), the first row indented by the line's leading spaces, the
    rest :data:`HANG` more (an indent never takes more than half the width). Spaces inside a
    row are kept as they are (columns stay aligned); those where a line is cut go."""
    width = max(1, width)
    line = line.expandtabs().rstrip()
    if cell_len(line) <= width:
        return [line]
    body = line.lstrip(" ")
    lead = len(line) - len(body)
    first = " " * min(lead, width // 2)
    rest = " " * min(lead + HANG, width // 2)
    rows: list[str] = []
    row = first
    fresh = True  # nothing but the indent in this row yet
    for token in _TOKENS.findall(body):
        if token.isspace():
            if not fresh:
                row += token
            continue
        if not fresh and cell_len(row) + cell_len(token) > width:
            rows.append(row.rstrip())
            row, fresh = rest, True
        while cell_len(row) + cell_len(token) > width:  # a word longer than the row
            head, token = _fit(token, width - cell_len(row))
            rows.append(row + head)
            row = rest
        row += token
        fresh = False
    rows.append(row.rstrip())
    return rows


def _fit(word: str, room: int) -> tuple[str, str]:
    """``word`` cut after as many characters as fit in ``room`` cells (at least one)."""
    used = 0
    for index, char in enumerate(word):
        used += get_character_cell_size(char)
        if used > room:
            index = max(1, index)
            return word[:index], word[index:]
    return word, ""


def rows_of(blocks: Iterable[Block]) -> list[tuple[str, bool]]:
    """The logical rows of ``blocks``, each with whether it is a title: a blank row between two
    blocks, none for a block with neither title nor lines."""
    rows: list[tuple[str, bool]] = []
    for block in blocks:
        if not (block.title or block.lines):
            continue
        if rows:
            rows.append(("", False))
        if block.title:
            rows.append((block.title, True))
        rows.extend((line, False) for line in block.lines)
    return rows


class Laid:
    """Blocks drawn in a pane (a Rich renderable): wrapped at the width they are drawn at."""

    def __init__(self, blocks: Sequence[Block]) -> None:
        self.blocks = tuple(blocks)
        self.rows = rows_of(self.blocks)

    def lines(self, width: int) -> list[Text]:
        """The pane's rows at ``width`` cells."""
        out: list[Text] = []
        for line, title in self.rows:
            style = "bold" if title else ""
            out.extend(Text(row, style=style) for row in wrap(line, width))
        return out

    def height(self, width: int) -> int:
        """How many rows the blocks take at ``width`` cells."""
        return sum(len(wrap(line, width)) for line, _title in self.rows)

    def __bool__(self) -> bool:
        return bool(self.rows)

    def __str__(self) -> str:
        """The blocks as plain text, unwrapped (what a reader of the screen finds in it)."""
        return "\n".join(line for line, _title in self.rows)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self.lines(options.max_width)
        if lines:
            yield Text("\n").join(lines)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(line.expandtabs().rstrip()) for line, _ in self.rows), default=0)
        least = max((cell_len(word) for line, _ in self.rows for word in line.split()), default=0)
        return Measurement(least, widest).clamp(max_width=options.max_width)
