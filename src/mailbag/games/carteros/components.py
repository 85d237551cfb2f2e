"""Carteros component data: house, mail, action and mission cards, loaded from TOML and validated.

One TOML file holds a complete component set (the shipped one is ``data/components.toml``; a
user's corrected file in the same format is loaded with :func:`load_components`). Cards of one
kind are interchangeable, so each ``[[house]]``, ``[[mail]]`` and ``[[action]]`` entry names a
kind and its number of copies; the 12 ``[[mission]]`` cards are listed one by one. Validation
happens once, at load: a wrong count, an unknown name, a missing or unexpected field raises
:class:`ComponentError` naming the file, the entry and the problem. The rules then work on the
integer tables of :class:`Components` and never re-validate.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from mailbag.core.errors import ComponentError
from mailbag.games.carteros.board import HOUSE_INDEX

#: kinds of HOUSE card, in the engine's index order
HOUSE_KINDS: tuple[str, ...] = (
    "received_letter",
    "double_received",
    "stampy",
    "lost",
    "change_of_direction",
)
RECEIVED, DOUBLE, STAMPY, LOST, CHANGE = range(5)

#: kinds of MAIL card
MAIL_KINDS: tuple[str, ...] = ("letter", "parcel")
LETTER, PARCEL = range(2)

#: kinds of ACTION card
ACTION_KINDS: tuple[str, ...] = (
    "bone",
    "bicycle",
    "wind",
    "rain",
    "rubber_boots",
    "umbrella",
    "sunny_day",
    "gps",
)
BONE, BICYCLE, WIND, RAIN, BOOTS, UMBRELLA, SUNNY, GPS = range(8)

#: the printed totals a component set must have (rulebook, Components)
TOTALS = {"house": 43, "mail": 45, "action": 38, "mission": 12}
#: mission points allowed by the rulings (CA-10 components: 2, 3 or 4)
MISSION_POINTS = (2, 3, 4)
#: the most a Mail card may be worth in a user's file (printed: letters 1, parcels 2); scores
#: stay small numbers that every view, record and message can carry
MAX_MAIL_POINTS = 10
#: the longest dotted key (``a.b.c``) a component file may hold: the format needs none, and the
#: TOML parser takes memory quadratic in a key's length (a 200 KB key exhausts the machine)
MAX_KEY_PARTS = 32
_LONG_KEY = re.compile(
    r"(?<![A-Za-z0-9_\-])(?:(?:[A-Za-z0-9_\-]++|\"[^\"\n]*+\"|'[^'\n]*+')[ \t]*+\.[ \t]*+)"
    + f"{{{MAX_KEY_PARTS},}}"
)

_FIELDS = {
    "house": ("name", "title", "count"),
    "mail": ("name", "title", "points", "count"),
    "action": ("name", "title", "count"),
    "mission": ("number", "house", "points"),
}
_KINDS = {"house": HOUSE_KINDS, "mail": MAIL_KINDS, "action": ACTION_KINDS}


@dataclass(frozen=True)
class Mission:
    """A Delivery Mission card: deliver at ``house`` (an index 0–11) for ``points``."""

    number: int
    house: int
    points: int


@dataclass(frozen=True)
class Components:
    """A validated component set as integer tables indexed like the ``*_KINDS`` tuples."""

    source: str
    house_counts: tuple[int, ...]
    house_titles: tuple[str, ...]
    mail_counts: tuple[int, ...]
    mail_points: tuple[int, ...]
    mail_titles: tuple[str, ...]
    action_counts: tuple[int, ...]
    action_titles: tuple[str, ...]
    #: missions by number; ``missions[number]`` (index 0 unused)
    missions: tuple[Mission | None, ...]

    @property
    def mission_numbers(self) -> tuple[int, ...]:
        return tuple(m.number for m in self.missions if m is not None)

    def mission(self, number: int) -> Mission:
        found = self.missions[number]
        assert found is not None
        return found


def _where(source: str, table: str, index: int, entry: dict[str, Any]) -> str:
    label = entry.get("name", entry.get("number", "?"))
    return f"{source}: [[{table}]] entry {index + 1} ({label})"


def _int(value: object, where: str, name: str, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ComponentError(f"{where}: field {name!r} must be an integer, not {value!r}")
    if value < minimum:
        raise ComponentError(f"{where}: field {name!r} must be at least {minimum}, not {value}")
    return value


def _points(value: object, where: str) -> int:
    points = _int(value, where, "points", 1)
    if points > MAX_MAIL_POINTS:
        raise ComponentError(
            f"{where}: field 'points' must be at most {MAX_MAIL_POINTS}, not {points}"
        )
    return points


def _entries(source: str, data: dict[str, Any], table: str) -> list[dict[str, Any]]:
    entries = data.get(table)
    if not isinstance(entries, list) or not entries:
        raise ComponentError(f"{source}: no [[{table}]] entries")
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ComponentError(f"{source}: [[{table}]] entry {index + 1} is not a table")
        where = _where(source, table, index, entry)
        for name in _FIELDS[table]:
            if name not in entry:
                raise ComponentError(f"{where}: missing field {name!r}")
        extra = sorted(set(entry) - set(_FIELDS[table]))
        if extra:
            raise ComponentError(
                f"{where}: unknown field {extra[0]!r}; fields are {', '.join(_FIELDS[table])}"
            )
    return entries


def _kinds(
    source: str, data: dict[str, Any], table: str
) -> tuple[tuple[int, ...], tuple[str, ...], list[dict[str, Any]]]:
    """Counts and titles of a table of card kinds, in engine order."""
    kinds = _KINDS[table]
    entries = _entries(source, data, table)
    counts = [-1] * len(kinds)
    titles = [""] * len(kinds)
    ordered: list[dict[str, Any]] = [{} for _ in kinds]
    for index, entry in enumerate(entries):
        where = _where(source, table, index, entry)
        name = entry["name"]
        if name not in kinds:
            raise ComponentError(
                f"{where}: unknown {table} card {name!r}; known: {', '.join(kinds)}"
            )
        k = kinds.index(name)
        if counts[k] >= 0:
            raise ComponentError(f"{where}: {table} card {name!r} is listed twice")
        counts[k] = _int(entry["count"], where, "count", 0)
        if not isinstance(entry["title"], str) or not entry["title"].strip():
            raise ComponentError(f"{where}: field 'title' must be a non-empty string")
        titles[k] = entry["title"]
        ordered[k] = entry
    missing = [kinds[k] for k in range(len(kinds)) if counts[k] < 0]
    if missing:
        raise ComponentError(f"{source}: no [[{table}]] entry for {', '.join(missing)}")
    if sum(counts) != TOTALS[table]:
        raise ComponentError(
            f"{source}: the [[{table}]] counts add up to {sum(counts)}, "
            f"but the game has {TOTALS[table]} {table} cards"
        )
    return tuple(counts), tuple(titles), ordered


def _missions(source: str, data: dict[str, Any]) -> tuple[Mission | None, ...]:
    entries = _entries(source, data, "mission")
    total = TOTALS["mission"]
    if len(entries) != total:
        raise ComponentError(
            f"{source}: {len(entries)} [[mission]] entries, but the game has {total} missions"
        )
    found: list[Mission | None] = [None] * (total + 1)
    for index, entry in enumerate(entries):
        where = _where(source, "mission", index, entry)
        number = _int(entry["number"], where, "number", 1)
        if number > total:
            raise ComponentError(f"{where}: mission numbers run from 1 to {total}, not {number}")
        if found[number] is not None:
            raise ComponentError(f"{where}: mission number {number} is listed twice")
        house = entry["house"]
        if not isinstance(house, str) or house not in HOUSE_INDEX:
            raise ComponentError(
                f"{where}: unknown house {house!r}; houses are A1–C4 (column A–C, row 1–4)"
            )
        points = _int(entry["points"], where, "points", 0)
        if points not in MISSION_POINTS:
            raise ComponentError(f"{where}: a mission is worth 2, 3 or 4 points, not {points}")
        found[number] = Mission(number, HOUSE_INDEX[house], points)
    return tuple(found)


def parse_components(text: str, source: str) -> Components:
    """Validate a component file's text; ``source`` names it in error messages."""
    long_key = _LONG_KEY.search(text)
    if long_key is not None:
        line = text.count("\n", 0, long_key.start()) + 1
        raise ComponentError(
            f"{source}: line {line}: a dotted key of more than {MAX_KEY_PARTS} parts; "
            "the component format uses plain keys (name, title, count, ...)"
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{source}: not valid TOML ({exc})") from None
    except RecursionError:
        raise ComponentError(
            f"{source}: not valid TOML (arrays or tables nested too deeply)"
        ) from None
    unknown = sorted(set(data) - set(_FIELDS))
    if unknown:
        raise ComponentError(
            f"{source}: unknown table {unknown[0]!r}; tables are {', '.join(_FIELDS)}"
        )
    house_counts, house_titles, _ = _kinds(source, data, "house")
    mail_counts, mail_titles, mail_entries = _kinds(source, data, "mail")
    mail_points = tuple(
        _points(entry["points"], _where(source, "mail", k, entry))
        for k, entry in enumerate(mail_entries)
    )
    action_counts, action_titles, _ = _kinds(source, data, "action")
    return Components(
        source=source,
        house_counts=house_counts,
        house_titles=house_titles,
        mail_counts=mail_counts,
        mail_points=mail_points,
        mail_titles=mail_titles,
        action_counts=action_counts,
        action_titles=action_titles,
        missions=_missions(source, data),
    )


def load_components(path: Path | None = None) -> Components:
    """The shipped component set, or the user's file at ``path``."""
    if path is None:
        text = (
            resources.files("mailbag.games.carteros").joinpath("data/components.toml").read_text()
        )
        return parse_components(text, "carteros/data/components.toml")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ComponentError(f"cannot read component file {path}: {exc.strerror}") from None
    return parse_components(text, str(path))
