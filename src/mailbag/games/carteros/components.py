"""Carteros component data: one declarative entry per kind of card, loaded from TOML, validated,
and turned once into the integer tables every rule reads.

One TOML file holds a complete component set (the shipped one is ``data/components.toml``; a
user's file in the same format is read with ``Game.with_components``). Cards of one kind are
interchangeable, so each ``[[house]]``, ``[[mail]]`` and ``[[action]]`` entry is a kind of card:
its name (its word in the notation), title, copies, flags, legality, effect and help text; the
``[[mission]]`` cards are listed one by one. Effects and requirements are names of functions
registered in :mod:`behaviours`. The counts are the file's own: any consistent set is played,
and a rule that needs a minimum (12 houses for the neighbourhood, cards enough to deal) refuses
a set below it. A kind's index is its position in its table, the integer the state stores.

Validation happens once, at load: a wrong value, an unknown name or effect, a missing or
unexpected field raises :class:`ComponentError` naming the file, the entry and the problem.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Any, Final

from mailbag.core.errors import ComponentError
from mailbag.core.files import parse_toml
from mailbag.core.i18n import N_, _
from mailbag.games.carteros import action_cards, house_cards  # noqa: F401 (register effects)
from mailbag.games.carteros.behaviours import (
    ACTION_EFFECTS,
    EFFECT_NEEDS,
    HOUSE_EFFECTS,
    REQUIREMENTS,
)
from mailbag.games.carteros.board import HOUSE_INDEX, HOUSES
from mailbag.games.carteros.kinds import (
    ActionKind,
    Components,
    HouseKind,
    MailKind,
    Mission,
    assemble,
)
from mailbag.games.carteros.state import BAG_LIMIT, CAUSES

__all__ = ["Components", "Mission", "load_default", "parse_components"]

#: mission points allowed by the rulings (CA-10 components: 2, 3 or 4)
MISSION_POINTS: Final = (2, 3, 4)
#: the most a Mail card may be worth in a user's file (printed: letters 1, parcels 2); scores
#: stay small numbers that every view, record and message can carry
MAX_MAIL_POINTS: Final = 10
#: bounds that keep any accepted file a game that fits in memory and on the screen
MAX_COPIES: Final = 100
MAX_KINDS: Final = 16
MAX_MISSIONS: Final = 48
MAX_TITLE: Final = 40
MAX_HELP: Final = 100
#: the house effect that delivers Mail cards; its entries say how many (``delivers``)
DELIVER: Final = "deliver"
_NAME: Final = re.compile(r"[a-z][a-z0-9_]{0,23}")
_ABBREV: Final = re.compile(r"[A-Za-z][A-Za-z0-9]{0,2}")

#: per table: the fields every entry has, then the optional ones
_FIELDS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "house": (("name", "title", "abbrev", "count", "effect", "help"), ("delivers",)),
    "mail": (("name", "title", "abbrev", "points", "count"), ()),
    "action": (("name", "title", "count", "help"), ("effect", "requires", "cancels")),
    "mission": (("number", "house", "points"), ()),
}


def _where(source: str, table: str, index: int, entry: dict[str, Any]) -> str:
    label = entry.get("name", entry.get("number", "?"))
    if not isinstance(label, (str, int)) or isinstance(label, bool):
        label = "?"
    return _(
        "{source}: [[{table}]] entry {number} ({label})",
        source=source,
        table=table,
        number=index + 1,
        label=str(label)[:30],
    )


def _int(value: object, where: str, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ComponentError(
            _(
                "{where}: field {field} must be an integer, not {value}",
                where=where,
                field=repr(name),
                value=repr(value),
            )
        )
    if value < low:
        raise ComponentError(
            _(
                "{where}: field {field} must be at least {low}, not {value}",
                where=where,
                field=repr(name),
                low=low,
                value=value,
            )
        )
    if value > high:
        raise ComponentError(
            _(
                "{where}: field {field} must be at most {high}, not {value}",
                where=where,
                field=repr(name),
                high=high,
                value=value,
            )
        )
    return value


def _text(value: object, where: str, name: str, longest: int) -> str:
    if not isinstance(value, str) or not value.strip() or not value.isprintable():
        raise ComponentError(
            _(
                "{where}: field {field} must be a non-empty line of text",
                where=where,
                field=repr(name),
            )
        )
    if len(value) > longest:
        raise ComponentError(
            _(
                "{where}: field {field} is longer than {longest} characters",
                where=where,
                field=repr(name),
                longest=longest,
            )
        )
    return value


def _word(value: object, where: str, name: str, pattern: re.Pattern[str], rule: str) -> str:
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ComponentError(
            _(
                "{where}: field {field} must be {rule}, not {value}",
                where=where,
                field=repr(name),
                rule=_(rule),
                value=repr(value),
            )
        )
    return value


def _names(value: object, where: str, name: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ComponentError(
            _("{where}: field {field} must be a list of names", where=where, field=repr(name))
        )
    if len(set(value)) != len(value):
        raise ComponentError(
            _("{where}: field {field} lists a name twice", where=where, field=repr(name))
        )
    return tuple(value)


def _entries(source: str, data: dict[str, Any], table: str) -> list[dict[str, Any]]:
    entries = data.get(table)
    if not isinstance(entries, list) or not entries:
        raise ComponentError(_("{source}: no [[{table}]] entries", source=source, table=table))
    most = MAX_MISSIONS if table == "mission" else MAX_KINDS
    if len(entries) > most:
        raise ComponentError(
            _(
                "{source}: {count} [[{table}]] entries; at most {most}",
                source=source,
                count=len(entries),
                table=table,
                most=most,
            )
        )
    required, optional = _FIELDS[table]
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ComponentError(
                _(
                    "{source}: [[{table}]] entry {number} is not a table",
                    source=source,
                    table=table,
                    number=index + 1,
                )
            )
        where = _where(source, table, index, entry)
        for name in required:
            if name not in entry:
                raise ComponentError(
                    _("{where}: missing field {field}", where=where, field=repr(name))
                )
        extra = sorted(set(entry) - set(required) - set(optional))
        if extra:
            raise ComponentError(
                _(
                    "{where}: unknown field {field}; fields are {fields}",
                    where=where,
                    field=repr(extra[0]),
                    fields=", ".join(required + optional),
                )
            )
    return entries


def _unique(source: str, table: str, field: str, kinds: list[tuple[str, str | None]]) -> None:
    """No two entries of ``table`` share a ``field`` (``kinds``: each entry's name and value)."""
    seen: set[str] = set()
    for index, (name, value) in enumerate(kinds):
        if value is None:
            continue
        if value in seen:
            raise ComponentError(
                _(
                    "{source}: [[{table}]] entry {number} ({name}): {field} {value} is listed "
                    "twice",
                    source=source,
                    table=table,
                    number=index + 1,
                    name=name,
                    field=field,
                    value=repr(value),
                )
            )
        seen.add(value)


def _houses(source: str, data: dict[str, Any]) -> tuple[HouseKind, ...]:
    kinds: list[HouseKind] = []
    for index, entry in enumerate(_entries(source, data, "house")):
        where = _where(source, "house", index, entry)
        effect = _word(entry["effect"], where, "effect", _NAME, N_("an effect's name"))
        function = HOUSE_EFFECTS.get(effect, where)
        delivers = 0
        if effect == DELIVER:
            if "delivers" not in entry:
                raise ComponentError(
                    _(
                        "{where}: the {effect} effect needs field 'delivers'",
                        where=where,
                        effect=repr(DELIVER),
                    )
                )
            delivers = _int(entry["delivers"], where, "delivers", 1, BAG_LIMIT)
        elif "delivers" in entry:
            raise ComponentError(
                _(
                    "{where}: field 'delivers' belongs to the {effect} effect only (a Bicycle "
                    "and the tie-break ignore other cards, CA-4)",
                    where=where,
                    effect=repr(DELIVER),
                )
            )
        kinds.append(
            HouseKind(
                name=_word(entry["name"], where, "name", _NAME, N_("a lower-case word")),
                title=_text(entry["title"], where, "title", MAX_TITLE),
                abbrev=_word(
                    entry["abbrev"], where, "abbrev", _ABBREV, N_("1–3 letters or digits")
                ),
                count=_int(entry["count"], where, "count", 0, MAX_COPIES),
                effect=effect,
                function=function,
                delivers=delivers,
                help=_text(entry["help"], where, "help", MAX_HELP),
            )
        )
    _unique(source, "house", "name", [(k.name, k.name) for k in kinds])
    _unique(source, "house", "abbrev", [(k.name, k.abbrev) for k in kinds])
    total = sum(k.count for k in kinds)
    if total < HOUSES:
        raise ComponentError(
            _(
                "{source}: the [[house]] counts add up to {total}, but the neighbourhood alone "
                "is {houses} face-down House cards (rulebook, Setup 2)",
                source=source,
                total=total,
                houses=HOUSES,
            )
        )
    return tuple(kinds)


def _mails(source: str, data: dict[str, Any]) -> tuple[MailKind, ...]:
    kinds: list[MailKind] = []
    for index, entry in enumerate(_entries(source, data, "mail")):
        where = _where(source, "mail", index, entry)
        kinds.append(
            MailKind(
                name=_word(entry["name"], where, "name", _NAME, N_("a lower-case word")),
                title=_text(entry["title"], where, "title", MAX_TITLE),
                abbrev=_word(
                    entry["abbrev"], where, "abbrev", _ABBREV, N_("1–3 letters or digits")
                ),
                points=_int(entry["points"], where, "points", 1, MAX_MAIL_POINTS),
                count=_int(entry["count"], where, "count", 0, MAX_COPIES),
            )
        )
    _unique(source, "mail", "name", [(k.name, k.name) for k in kinds])
    _unique(source, "mail", "abbrev", [(k.name, k.abbrev) for k in kinds])
    return tuple(kinds)


def _actions(source: str, data: dict[str, Any]) -> tuple[ActionKind, ...]:
    kinds: list[ActionKind] = []
    causes = sorted(set(CAUSES.values()))
    answered: dict[str, str] = {}
    for index, entry in enumerate(_entries(source, data, "action")):
        where = _where(source, "action", index, entry)
        name = _word(entry["name"], where, "name", _NAME, N_("a lower-case word"))
        effect = None
        function = None
        if "effect" in entry:
            effect = _word(entry["effect"], where, "effect", _NAME, N_("an effect's name"))
            function = ACTION_EFFECTS.get(effect, where)
        requires = _names(entry.get("requires", []), where, "requires")
        if requires and effect is None:
            raise ComponentError(
                _("{where}: field 'requires' needs an effect to play the card", where=where)
            )
        checks = tuple(REQUIREMENTS.get(r, where) for r in requires)
        missing = sorted(EFFECT_NEEDS.get(effect or "", frozenset()) - set(requires))
        if missing:
            raise ComponentError(
                _(
                    "{where}: the {effect} effect needs {names} in field 'requires'",
                    where=where,
                    effect=repr(effect),
                    names=", ".join(map(repr, missing)),
                )
            )
        cancels = _names(entry.get("cancels", []), where, "cancels")
        for cause in cancels:
            if cause not in causes:
                raise ComponentError(
                    _(
                        "{where}: cannot cancel {cause}; a reaction cancels {causes}",
                        where=where,
                        cause=repr(cause),
                        causes=", ".join(causes),
                    )
                )
            if cause in answered:
                raise ComponentError(
                    _(
                        "{where}: {cause} is already cancelled by {card}; one card answers each "
                        "reaction window (CA-103)",
                        where=where,
                        cause=repr(cause),
                        card=repr(answered[cause]),
                    )
                )
            answered[cause] = name
        if effect is None and not cancels:
            raise ComponentError(
                _(
                    "{where}: the card does nothing; give it an 'effect' (played as an action) "
                    "or 'cancels' (a reaction)",
                    where=where,
                )
            )
        kinds.append(
            ActionKind(
                name=name,
                title=_text(entry["title"], where, "title", MAX_TITLE),
                count=_int(entry["count"], where, "count", 0, MAX_COPIES),
                effect=effect,
                function=function,
                requires=requires,
                checks=checks,
                cancels=cancels,
                help=_text(entry["help"], where, "help", MAX_HELP),
            )
        )
    _unique(source, "action", "name", [(k.name, k.name) for k in kinds])
    _unique(source, "action", "effect", [(k.name, k.effect) for k in kinds])
    return tuple(kinds)


def _missions(source: str, data: dict[str, Any]) -> tuple[Mission | None, ...]:
    entries = _entries(source, data, "mission")
    total = len(entries)
    found: list[Mission | None] = [None] * (total + 1)
    for index, entry in enumerate(entries):
        where = _where(source, "mission", index, entry)
        number = _int(entry["number"], where, "number", 1, total)
        if found[number] is not None:
            raise ComponentError(
                _("{where}: mission number {number} is listed twice", where=where, number=number)
            )
        house = entry["house"]
        if not isinstance(house, str) or house not in HOUSE_INDEX:
            raise ComponentError(
                _(
                    "{where}: unknown house {house}; houses are A1–C4 (column A–C, row 1–4)",
                    where=where,
                    house=repr(house),
                )
            )
        points = entry["points"]
        if type(points) is not int or points not in MISSION_POINTS:
            raise ComponentError(
                _(
                    "{where}: a mission is worth 2, 3 or 4 points, not {points}",
                    where=where,
                    points=repr(points),
                )
            )
        found[number] = Mission(number, HOUSE_INDEX[house], points)
    return tuple(found)


def parse_components(text: str, source: str) -> Components:
    """Validate a component file's text; ``source`` names it in error messages."""
    data = parse_toml(text, source)
    unknown = sorted(set(data) - set(_FIELDS))
    if unknown:
        raise ComponentError(
            _(
                "{source}: unknown table {table}; tables are {tables}",
                source=source,
                table=repr(unknown[0]),
                tables=", ".join(_FIELDS),
            )
        )
    return assemble(
        source,
        _houses(source, data),
        _mails(source, data),
        _actions(source, data),
        _missions(source, data),
    )


def load_default() -> Components:
    """The shipped component set (``data/components.toml``); a user's own file is read by
    ``Game.with_components``."""
    text = resources.files("mailbag.games.carteros").joinpath("data/components.toml").read_text()
    return parse_components(text, "carteros/data/components.toml")
