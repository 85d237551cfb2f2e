"""Which texts belong to which catalog (``src/mailbag/i18n/<lang>/<area>.po``), and how they are
extracted — shared by the catalog test and ``make catalogs`` (tests/i18n/catalogs.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "mailbag"
I18N = SRC / "i18n"
TRANSLATED = ("nl", "es")

#: area -> the source files (globs under src/mailbag) whose texts it holds; a file an area names
#: exactly (no wildcard) is that area's alone, whichever other area's glob matches it too
AREAS: dict[str, tuple[str, ...]] = {
    "carteros": ("games/carteros/**/*.py",),
    "post_office": ("games/post_office/**/*.py",),
    "postcards": ("games/postcards/**/*.py",),
    "play": (
        "*.py",
        "core/**/*.py",
        "table/**/*.py",
        "tui/**/*.py",
        "bots/**/*.py",
        "sim/**/*.py",
        "review/**/*.py",
        "games/*.py",
        "rl/**/*.py",
        "cli/**/*.py",
        "bench/**/*.py",
    ),
    # the server's load benchmark (mailbag bench-server) speaks of the server's things
    "server": (
        "server/**/*.py",
        "server/static/**/*.js",
        "bench/server.py",
        "bench/processes.py",
    ),
}

PYTHON_KEYWORDS = {
    "_": None,
    "N_": None,
    "pgettext": ((1, "c"), 2),
    "NC_": ((1, "c"), 2),
    # a text with a count: its singular and plural (the count itself is not extracted)
    "ngettext": (1, 2),
    "npgettext": ((1, "c"), 2, 3),
}
#: each translated language's plural forms, written into its catalogs' headers (Babel would give
#: Spanish a third form, for counts like a million, that no text here needs)
PLURAL_FORMS = {"nl": "nplurals=2; plural=(n != 1);", "es": "nplurals=2; plural=(n != 1);"}

#: a message id: its text, or a text with a count's (singular, plural)
MessageId = str | tuple[str, str]
#: the browser client looks its texts up with t("…")
JS_KEYWORDS = {"t": None}


def _named(pattern: str) -> bool:
    return not any(char in pattern for char in "*?[")


def files_of(area: str) -> list[Path]:
    found: set[Path] = set()
    for pattern in AREAS[area]:
        found.update(p for p in SRC.glob(pattern) if "vendor" not in p.parts)
    others = {
        SRC / pattern
        for other, patterns in AREAS.items()
        if other != area
        for pattern in patterns
        if _named(pattern)
    }
    return sorted(found - others)


def data_files_of(area: str) -> list[Path]:
    """A game area's component data files (``games/<game>/data/*.toml``)."""
    return sorted((SRC / "games" / area / "data").glob("*.toml"))


def data_messages(area: str, path: Path) -> Iterator[tuple[str | None, str, Path, int]]:
    """The texts a person reads in one component data file: the string values of the keys
    ``DATA_TEXT_KEYS`` of every entry, each with the context of its table (``data_context``)."""
    import tomllib

    from mailbag.core.i18n import DATA_TEXT_KEYS, data_context

    lines = path.read_text(encoding="utf-8").splitlines()

    def line_of(value: str, start: int) -> int:
        needle = repr(value)[1:-1]
        for number in range(start, len(lines)):
            line = lines[number]
            if not line.lstrip().startswith("#") and (needle in line or value in line):
                return number + 1
        return 1

    def walk(node: object, table: str) -> Iterator[tuple[str, str]]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in DATA_TEXT_KEYS and isinstance(value, str) and table:
                    yield table, value
                elif isinstance(value, dict | list):
                    yield from walk(value, f"{table}.{key}" if table else key)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item, table)

    cursor = 0
    for table, text in walk(tomllib.loads(path.read_text(encoding="utf-8")), ""):
        number = line_of(text, cursor)
        cursor = max(cursor, number - 1)
        yield data_context(area, table), text, path, number


def messages_of(area: str) -> Iterator[tuple[str | None, MessageId, Path, int]]:
    """(context, message id, file, line) of every marked text of ``area`` (a text with a count:
    its id is the pair (singular, plural)), and for a game's area the texts of its component data
    (:func:`data_messages`)."""
    from babel.messages.extract import extract

    for path in data_files_of(area):
        yield from data_messages(area, path)
    for path in files_of(area):
        js = path.suffix == ".js"
        with path.open("rb") as handle:
            for line, message, _comments, context in extract(
                "javascript" if js else "python",
                handle,
                keywords=JS_KEYWORDS if js else PYTHON_KEYWORDS,
                comment_tags=(),
                # the client's texts are mostly inside htm's html`…` templates
                options={"parse_template_string": True} if js else None,
            ):
                msgid: MessageId = (
                    (message[0], message[1]) if isinstance(message, tuple) else message
                )
                if msgid and (isinstance(msgid, str) or msgid[0]):
                    yield context, msgid, path, line
