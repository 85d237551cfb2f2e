"""A game's rules in mailbag's own words: the reference every screen opens at the section that
governs a choice, a refusal, a log line or a score line.

Each game keeps its reference in its folder, one Markdown file per language
(``games/<game>/rules/en.md``, ``nl.md``, ``es.md``): a ``# `` title, then chapters (``## ``) and
their sections (``### ``), each heading ending in its stable id (``## Setup {#setup}``,
``### The postcard action {#PC-7}``). The ids are the same in every language; a ruling's section
has the ruling's id, so every id the code cites (``IllegalAction.rule``, ``# PC-7``) opens its
section. The body is a small, safe subset of Markdown — paragraphs, ``- `` and ``1. `` lists,
``**bold**``, ``*italic*``, ``code``, links to other sections (``[words](#id)``) and, on a line of
its own, a picture of the game's board folder (``![what it shows](name)``: the drawing
``games/<game>/web/rules-<name>.svg``, served beside the board) — turned into
HTML for the browser (:func:`to_html`, everything escaped) and into plain text for the terminal
(:func:`to_text`). No game words live here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from html import escape
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Final

from mailbag.core.errors import MailbagError
from mailbag.core.i18n import LANGUAGES, language

_HEADING: Final = re.compile(r"^(#{2,3}) (.+?) \{#([A-Za-z0-9][A-Za-z0-9_.-]*)\}\s*$")
_INLINE: Final = re.compile(
    r"\*\*(?P<bold>.+?)\*\*|\*(?P<em>[^*\s][^*]*?)\*|`(?P<code>[^`]+)`"
    r"|\[(?P<words>[^\]]+)\]\(#(?P<target>[A-Za-z0-9_.-]+)\)"
)
_LIST_ITEM: Final = re.compile(r"^(?:- |\d+\. )")
_PICTURE: Final = re.compile(r"^!\[(?P<caption>[^\]]+)\]\((?P<name>[a-z0-9][a-z0-9-]*)\)$")


class RulesError(MailbagError):
    """A rules reference that cannot be read: names the file, the line and what is wrong."""


@dataclass(frozen=True)
class Section:
    """One section of a reference: its id, title, level (2: a chapter, 3: a section of the
    chapter ``parent``) and its body in the Markdown subset."""

    id: str
    title: str
    level: int
    parent: str | None
    body: str
    #: the game whose board folder its pictures are drawn in
    game: str = ""

    def html(self) -> str:
        return to_html(self.body, self.game)

    def pictures(self) -> list[str]:
        """The names of the pictures the section shows."""
        return [items[1] for kind, items in _blocks(self.body) if kind == "picture"]

    def text(self) -> str:
        return to_text(self.body)


@dataclass(frozen=True)
class Reference:
    """A game's rules in one language: its title, introduction and sections in reading order."""

    game: str
    lang: str
    title: str
    intro: str
    sections: tuple[Section, ...]
    _by_id: dict[str, Section] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id.update((s.id, s) for s in self.sections)

    def get(self, section_id: str) -> Section | None:
        return self._by_id.get(section_id)

    def ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sections)

    def children(self, section_id: str) -> tuple[Section, ...]:
        return tuple(s for s in self.sections if s.parent == section_id)

    def search(self, words: str) -> list[Section]:
        """The sections whose id, title or text hold every word of ``words`` (case and accents
        ignored), those with a word in the title first."""
        wanted = _fold(words).split()
        if not wanted:
            return []
        found: list[tuple[int, int, Section]] = []
        for order, section in enumerate(self.sections):
            title = _fold(f"{section.id} {section.title}")
            text = f"{title} {_fold(to_text(section.body))}"
            if all(word in text for word in wanted):
                found.append((0 if any(w in title for w in wanted) else 1, order, section))
        return [section for _, _, section in sorted(found, key=lambda f: f[:2])]

    def find(self, topic: str) -> Section | None:
        """The section ``topic`` names: its id (``PC-7``, ``setup``, any case), its title, or the
        first section a search for it finds."""
        exact = self._by_id.get(topic) or next(
            (s for s in self.sections if s.id.lower() == topic.strip().lower()), None
        )
        if exact is not None:
            return exact
        folded = _fold(topic)
        titled = next((s for s in self.sections if _fold(s.title) == folded), None)
        if titled is not None:
            return titled
        hits = self.search(topic)
        return hits[0] if hits else None


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def parse(text: str, game: str, lang: str, where: str = "") -> Reference:
    """A reference from its Markdown (``where`` names the file in errors)."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# "):
        raise RulesError(f"{where}: line 1 must be the title, '# <game>'")
    title = lines[0][2:].strip()
    heads: list[tuple[int, int, str, str]] = []  # line number, level, id, title
    for number, line in enumerate(lines[1:], start=2):
        if line.startswith("#"):
            match = _HEADING.match(line)
            if match is None:
                raise RulesError(
                    f"{where}:{number}: a heading is '## Title {{#id}}' or '### Title {{#id}}'"
                )
            heads.append((number, len(match.group(1)), match.group(3), match.group(2).strip()))
    if not heads:
        raise RulesError(f"{where}: no sections ('## Title {{#id}}')")
    intro = "\n".join(lines[1 : heads[0][0] - 1]).strip()
    sections: list[Section] = []
    seen: set[str] = set()
    chapter: str | None = None
    for index, (number, level, section_id, head) in enumerate(heads):
        end = heads[index + 1][0] - 1 if index + 1 < len(heads) else len(lines)
        body = "\n".join(lines[number:end]).strip()
        if section_id in seen:
            raise RulesError(f"{where}:{number}: the id {section_id!r} is used twice")
        if not body:
            raise RulesError(f"{where}:{number}: the section {section_id!r} says nothing")
        if level == 3 and chapter is None:
            raise RulesError(f"{where}:{number}: a '###' section before any '##' chapter")
        seen.add(section_id)
        if level == 2:
            chapter = section_id
        sections.append(
            Section(section_id, head, level, None if level == 2 else chapter, body, game)
        )
    reference = Reference(game, lang, title, intro, tuple(sections))
    for section in sections:
        for target in _targets(section.body):
            if reference.get(target) is None:
                raise RulesError(
                    f"{where}: the section {section.id!r} links to {target!r}, which is no section"
                )
    return reference


def _targets(body: str) -> Iterator[str]:
    for match in _INLINE.finditer(body):
        if match.group("target"):
            yield match.group("target")


def rules_folder(package: str) -> Traversable | None:
    """The ``rules`` folder of a game's package (``mailbag.games.postcards``), or None."""
    if not package:  # a game in a top-level module (a plug-in's) has no package folder
        return None
    try:
        folder = resources.files(package) / "rules"
    except (ModuleNotFoundError, TypeError, ValueError):
        return None
    return folder if folder.is_dir() else None


@cache
def _load(package: str, game: str, lang: str) -> Reference | None:
    folder = rules_folder(package)
    if folder is None:
        return None
    path = folder / f"{lang}.md"
    if not path.is_file():
        return None
    return parse(path.read_text(encoding="utf-8"), game, lang, f"{package}/rules/{lang}.md")


def load(package: str, game: str, lang: str | None = None) -> Reference | None:
    """The reference of the game in ``package`` in ``lang`` (default: the reader's language),
    falling back to English; None when the game brings none."""
    lang = lang or language()
    found = _load(package, game, lang) if lang in LANGUAGES else None
    return found if found is not None else _load(package, game, "en")


def resolve(reference: Reference, rule: str, aliases: Mapping[str, str]) -> Section | None:
    """The section a cited rule opens: a section id (``PC-7``), or a rulebook name the code
    cites (``"End of the Game"``) through the game's ``aliases``; a lettered ruling
    (``PC-10a``) without its own section opens its parent's (``PC-10``)."""
    found = reference.get(rule) or reference.get(aliases.get(rule, ""))
    if found is None:
        lettered = re.fullmatch(r"([A-Z]{2,3}-\d+)[a-z]", rule)
        if lettered:
            found = reference.get(lettered.group(1))
    return found


# -- the body's Markdown subset -----------------------------------------------------------------


def _blocks(body: str) -> Iterator[tuple[str, list[str]]]:
    """("p", [text]) paragraphs and ("ul" | "ol", [items]) lists."""
    kind = ""
    items: list[str] = []
    for raw in [*body.splitlines(), ""]:
        line = raw.strip()
        if not line:
            if items:
                yield kind, items
            kind, items = "", []
            continue
        picture = _PICTURE.match(line)
        item = _LIST_ITEM.match(line)
        if picture:
            if items:
                yield kind, items
            yield "picture", [picture.group("caption"), picture.group("name")]
            kind, items = "", []
        elif item:
            this = "ul" if line.startswith("- ") else "ol"
            if items and kind != this:
                yield kind, items
                items = []
            kind = this
            items.append(line[item.end() :])
        elif kind in ("ul", "ol"):
            items[-1] += " " + line
        else:
            kind = "p"
            items = [f"{items[0]} {line}"] if items else [line]
    return


def _inline_html(text: str) -> str:
    out: list[str] = []
    last = 0
    for match in _INLINE.finditer(text):
        out.append(escape(text[last : match.start()]))
        if match.group("bold") is not None:
            out.append(f"<strong>{_inline_html(match.group('bold'))}</strong>")
        elif match.group("em") is not None:
            out.append(f"<em>{_inline_html(match.group('em'))}</em>")
        elif match.group("code") is not None:
            out.append(f"<code>{escape(match.group('code'))}</code>")
        else:
            target = escape(match.group("target"))
            out.append(
                f'<a href="#{target}" data-section="{target}">'
                f"{_inline_html(match.group('words'))}</a>"
            )
        last = match.end()
    out.append(escape(text[last:]))
    return "".join(out)


def picture_file(name: str) -> str:
    """The file of picture ``name`` in the game's board folder."""
    return f"rules-{name}.svg"


def to_html(body: str, game: str = "") -> str:
    """A section's body as HTML: every character of the text escaped, links to other sections
    as ``<a href="#id" data-section="id">``, pictures as a figure of ``game``'s board folder."""
    parts: list[str] = []
    for kind, items in _blocks(body):
        if kind == "picture":
            caption = escape(_inline_text(items[0]))
            source = escape(f"/games/{game}/{picture_file(items[1])}")
            parts.append(
                f'<figure class="rules-picture" data-picture="{escape(items[1])}">'
                f'<img src="{source}" alt="{caption}"><figcaption>{caption}</figcaption></figure>'
            )
        elif kind == "p":
            parts.append(f"<p>{_inline_html(items[0])}</p>")
        else:
            inner = "".join(f"<li>{_inline_html(item)}</li>" for item in items)
            parts.append(f"<{kind}>{inner}</{kind}>")
    return "".join(parts)


def _inline_text(text: str) -> str:
    def plain(match: re.Match[str]) -> str:
        for name in ("bold", "em", "code", "words"):
            if match.group(name) is not None:
                return _inline_text(match.group(name))
        return match.group(0)

    return _INLINE.sub(plain, text)


def to_text(body: str) -> str:
    """A section's body as plain text: paragraphs apart, list items as ``- `` or ``1. ``."""
    parts: list[str] = []
    for kind, items in _blocks(body):
        if kind == "picture":
            parts.append(f"[{_inline_text(items[0])}]")
        elif kind == "p":
            parts.append(_inline_text(items[0]))
        elif kind == "ul":
            parts.append("\n".join(f"- {_inline_text(item)}" for item in items))
        else:
            parts.append("\n".join(f"{n}. {_inline_text(item)}" for n, item in enumerate(items, 1)))
    return "\n\n".join(parts)
