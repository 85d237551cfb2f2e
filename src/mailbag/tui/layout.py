"""A game's view laid out in the full-screen panes, from the data of
``game.presentation.sections(view)`` (see :mod:`mailbag.core.presentation`): nothing here reads
or cuts rendered text.

Each pane draws some :class:`~mailbag.core.presentation.Block` s, one after another with a blank
row between them: a block's title (bold), then its lines. A line is one logical line, never
wrapped by the game: it is wrapped here, at the width the pane has when it is drawn (so a resize
lays it out anew), with a hanging indent: the rows after the first are indented :data:`HANG`
more than the line's own leading spaces. Widths are counted in terminal cells.

Colour comes from the game's palette (:class:`Painter`): the words it names (a stamp's colour, a
parcel's letter, a kind of card) are drawn in their colour with their symbol just before them,
for those who cannot tell the colours apart; with colour off (``NO_COLOR``) the symbols stay and
no colour is drawn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from rich.cells import cell_len, get_character_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.errors import StyleSyntaxError
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text

from mailbag.core.presentation import Block

#: how much further than its first row a wrapped line's other rows are indented
HANG = 2
#: a game's palette: a word as the game writes it (in the reader's language) -> its colour (a
#: name or ``#rrggbb``) and its symbol ("" when the word is a mark of its own, like a letter)
Palette = Mapping[str, tuple[str, str]]

_TOKENS = re.compile(r"\S+|\s+")


def pieces(line: str, width: int, hang: int = HANG) -> list[tuple[str, int, int]]:
    """Where a logical line (tabs expanded) is cut into rows of at most ``width`` cells: each
    row is an indent and the slice ``line[start:end]``. Cut at spaces (a word longer than a row
    is cut where the row ends), the first row indented by the line's leading spaces, the rest
    ``hang`` more (an indent never takes more than half the width). Spaces inside a row are
    kept as they are (columns stay aligned); those where a line is cut go."""
    width = max(1, width)
    line = line.rstrip()
    if cell_len(line) <= width:
        return [("", 0, len(line))]
    body = len(line) - len(line.lstrip(" "))
    first = " " * min(body, width // 2)
    rest = " " * min(body + hang, width // 2)
    rows: list[tuple[str, int, int]] = []
    indent, start, end = first, -1, -1  # start < 0: nothing but the indent in this row yet
    for found in _TOKENS.finditer(line, body):
        token, at = found.group(), found.start()
        if token.isspace():
            continue
        used = cell_len(indent) + (cell_len(line[start:at]) if start >= 0 else 0)
        if start >= 0 and used + cell_len(token) > width:
            rows.append((indent, start, end))
            indent, start, used = rest, -1, cell_len(rest)
        while start < 0 and used + cell_len(token) > width:  # a word longer than the row
            size = _fit(token, width - used)
            rows.append((indent, at, at + size))
            token, at = token[size:], at + size
            indent, used = rest, cell_len(rest)
        if not token:  # the word ended a row exactly (a wide character)
            continue
        if start < 0:
            start = at
        end = at + len(token)
    rows.append((indent, start, end) if start >= 0 else (indent, 0, 0))
    return rows


def wrap(line: str, width: int) -> list[str]:
    """One logical line as rows of at most ``width`` cells (see :func:`pieces`)."""
    line = line.expandtabs().rstrip()
    return [indent + line[start:end] for indent, start, end in pieces(line, width)]


def _fit(word: str, room: int) -> int:
    """How many characters of ``word`` fit in ``room`` cells (at least one)."""
    used = 0
    for index, char in enumerate(word):
        used += get_character_cell_size(char)
        if used > room:
            return max(1, index)
    return len(word)


class Painter:
    """The words of a game's palette drawn in their colours (``colour``: False draws none), each
    with its symbol just before it. A word is found whole: not inside a longer word."""

    def __init__(self, palette: Palette | None = None, *, colour: bool = True) -> None:
        self.styles: dict[str, tuple[Style, str]] = {}
        for word, (name, symbol) in (palette or {}).items():
            if not word.strip():
                continue
            try:
                style = Style(color=name, bold=True) if colour else Style()
            except (StyleSyntaxError, ValueError, TypeError):
                style = Style()  # a colour the terminal cannot name: the symbol still shows
            self.styles[word] = (style, symbol)
        words = sorted(self.styles, key=len, reverse=True)
        self.pattern = (
            re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?!\w)")
            if words
            else None
        )

    def paint(self, line: str) -> Text:
        """``line`` with the palette's words in colour, each after its symbol."""
        if self.pattern is None:
            return Text(line)
        text = Text()
        done = 0
        for found in self.pattern.finditer(line):
            style, symbol = self.styles[found.group()]
            text.append(line[done : found.start()])
            text.append(symbol + found.group(), style=style)
            done = found.end()
        text.append(line[done:])
        return text


#: draws no palette at all
PLAIN = Painter()


class Hanging:
    """One styled line (a Rich renderable) wrapped at the width it is drawn at, its rows after
    the first indented ``hang`` cells (a menu entry's text under the entry, not its key)."""

    def __init__(self, text: Text, hang: int) -> None:
        self.text = text
        self.hang = hang

    @property
    def plain(self) -> str:
        return self.text.plain

    def __str__(self) -> str:
        return self.text.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = self.text
        rows = [
            Text(indent) + text[start:end]
            for indent, start, end in pieces(text.plain, options.max_width, self.hang)
        ]
        yield Text("\n").join(rows)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(options.max_width, 10), cell_len(self.text.plain)).clamp(
            max_width=options.max_width
        )


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
    """Blocks drawn in a pane (a Rich renderable): wrapped at the width they are drawn at, in
    the colours of ``painter``."""

    def __init__(self, blocks: Sequence[Block], painter: Painter = PLAIN) -> None:
        self.blocks = tuple(blocks)
        self.rows = rows_of(self.blocks)
        self.painter = painter
        self._painted = [
            (painter.paint(line.expandtabs().rstrip()), title) for line, title in self.rows
        ]

    def lines(self, width: int) -> list[Text]:
        """The pane's rows at ``width`` cells."""
        out: list[Text] = []
        for painted, title in self._painted:
            for indent, start, end in pieces(painted.plain, width):
                row = Text(indent) + painted[start:end]
                if title:
                    row.stylize("bold")
                out.append(row)
        return out

    def height(self, width: int) -> int:
        """How many rows the blocks take at ``width`` cells."""
        return sum(len(pieces(painted.plain, width)) for painted, _title in self._painted)

    def shown(self) -> str:
        """The blocks as drawn (with the palette's symbols), unwrapped."""
        return "\n".join(painted.plain for painted, _title in self._painted)

    def __bool__(self) -> bool:
        return bool(self.rows)

    def __str__(self) -> str:
        """The blocks as the game wrote them, unwrapped (what a reader of the screen finds)."""
        return "\n".join(line for line, _title in self.rows)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self.lines(options.max_width)
        if lines:
            yield Text("\n").join(lines)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        shown = [painted.plain for painted, _title in self._painted]
        widest = max((cell_len(line) for line in shown), default=0)
        least = max((cell_len(word) for line in shown for word in line.split()), default=0)
        return Measurement(least, widest).clamp(max_width=options.max_width)
