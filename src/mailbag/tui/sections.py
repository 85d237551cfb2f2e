"""A game's rendered view cut into the parts of the full-screen layout: the shared board, the
seat's own area, and one block per other seat (a compact first line, the rest on demand).

Game-agnostic: it reads only the text of ``game.render(view)``. A player's block starts at a line
that names the seat (``seat 2 …``, ``> seat 2: …``, ``you (cat): …``) and goes on over the lines
indented further, up to a blank line; the lines after the last block (``Your hand: …``) are the
seat's own. A text with no such line is all board. A render in another language names the seat
as that language's seat label does (``speler 2``, ``jugador 2``; see the glossaries) and the
seat itself as ``jij`` or ``tú``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from mailbag.core.i18n import LANGUAGES, use_language

#: how a render calls the seat it is shown to, in every language (see docs/glossary.*.md)
YOU = ("you", "jij", "tú")


@cache
def _header() -> re.Pattern[str]:
    """A line that starts a player's block, in any language: the seat's label (``seat 2``,
    ``speler 2``) or the word for "you"."""
    from mailbag.core.records import seat_label

    seat_words = {"seat"}
    for lang in LANGUAGES:
        with use_language(lang):
            word = seat_label(0).rsplit("0", 1)[0].strip()
        if word and word != "seat":  # another language's may start a line capitalized
            seat_words |= {word, word[:1].upper() + word[1:]}
    you = {YOU[0], *(w for word in YOU[1:] for w in (word, word[:1].upper() + word[1:]))}
    seats = "|".join(sorted(map(re.escape, seat_words), key=len, reverse=True))
    yous = "|".join(sorted(map(re.escape, you), key=len, reverse=True))
    return re.compile(
        rf"^(?P<lead>\s*(?:>\s*)?)(?:(?:{seats}) (?P<seat>\d+)\b|(?:{yous})\b(?=[\s(:]))"
    )


@dataclass(frozen=True)
class Block:
    """One player's part of the rendering."""

    seat: int | None
    lines: tuple[str, ...]

    @property
    def compact(self) -> str:
        return self.lines[0].strip().lstrip("> ").strip()

    @property
    def full(self) -> str:
        return "\n".join(_dedent(self.lines))


@dataclass(frozen=True)
class Sections:
    board: str
    mine: str
    others: list[Block] = field(default_factory=list)


def split_render(text: str, seat: int | None) -> Sections:
    """``text`` (a rendered view of ``seat``) cut into board, own area and the other seats."""
    lines = [line.rstrip() for line in text.splitlines()]
    board: list[str] = []
    after: list[str] = []
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        match = _header().match(lines[i])
        if match is None:
            (after if blocks else board).append(lines[i])
            i += 1
            continue
        after.clear()  # lines between blocks belong to no one (blank separators)
        indent = len(match.group("lead"))
        block = [lines[i]]
        i += 1
        while i < len(lines) and lines[i].strip() and _indent(lines[i]) > indent:
            block.append(lines[i])
            i += 1
        number = match.group("seat")
        blocks.append(Block(int(number) if number is not None else None, tuple(block)))
    if not blocks:
        return Sections(text.rstrip("\n"), "")
    mine = [b for b in blocks if b.seat is None or b.seat == seat]
    others = [b for b in blocks if b not in mine]
    own = [b.full for b in mine]
    rest = "\n".join(_trim(after))
    if rest:
        own.append(rest)
    return Sections("\n".join(_trim(board)), "\n\n".join(own), others)


def _indent(line: str) -> int:
    stripped = line.lstrip(" ")
    lead = len(line) - len(stripped)
    if stripped.startswith(">"):
        lead += 1 + len(stripped[1:]) - len(stripped[1:].lstrip(" "))
    return lead


def _dedent(lines: tuple[str, ...]) -> list[str]:
    first = lines[0]
    cut = len(first) - len(first.lstrip(" "))
    out = [first.strip()]
    for line in lines[1:]:
        out.append(line[cut:] if line[:cut].strip() == "" else line)
    return out


def _trim(lines: list[str]) -> list[str]:
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return lines[start:end]
