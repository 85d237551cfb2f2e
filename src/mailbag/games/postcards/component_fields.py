"""Typed access to the fields of a Postcards component file, for the loader (``components.py``):
every wrong type, range or word is a :class:`ComponentError` naming the file, the entry and the
field; and the binding of an entry's own numbers to its behaviour's keyword-only parameters."""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable, Collection
from typing import Any

from mailbag.core.errors import ComponentError
from mailbag.core.i18n import _, pgettext
from mailbag.games.postcards.behaviours import PARAMETER_TYPES
from mailbag.games.postcards.kinds import CAMPSITE_TYPES

#: an entry's name: one word, as the action notation writes it (a gift may add ``.word``)
NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
GIFT_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}(\.[a-z0-9_]{1,32})?")
#: numbers a behaviour takes from its entry, and the longest table of them
NUMBER_LIMIT = 1000
TABLE_LIMIT = 20


class Fields:
    """The fields of one file, read with their types checked."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, entry: str, problem: str) -> ComponentError:
        return ComponentError(
            _("{source}: {entry}: {problem}", source=self.source, entry=entry, problem=problem)
        )

    def table(self, data: dict[str, Any], key: str, entry: str) -> dict[str, Any]:
        value = data.get(key)
        if not isinstance(value, dict):
            raise self.fail(entry, _("missing table [{key}]", key=key))
        return value

    def array(self, data: dict[str, Any], key: str, entry: str) -> list[Any]:
        value = data.get(key)
        if not isinstance(value, list):
            raise self.fail(entry, _("missing field {key} (a list)", key=repr(key)))
        return value

    def entries(self, data: dict[str, Any], key: str, entry: str) -> list[dict[str, Any]]:
        value = self.array(data, key, entry)
        for i, item in enumerate(value, 1):
            if not isinstance(item, dict):
                raise self.fail(f"{entry} #{i}", _("must be a table"))
        return value

    def integer(self, data: dict[str, Any], key: str, entry: str, lo: int, hi: int) -> int:
        value = data.get(key)
        if value is None:
            raise self.fail(entry, _("missing field {key}", key=repr(key)))
        return self.number(value, _("field {key}", key=repr(key)), entry, lo, hi)

    def number(self, value: Any, what: str, entry: str, lo: int, hi: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(
                entry, _("{what} must be an integer, not {value}", what=what, value=repr(value))
            )
        if not lo <= value <= hi:
            raise self.fail(
                entry,
                _("{what} = {value} is outside {lo}..{hi}", what=what, value=value, lo=lo, hi=hi),
            )
        return value

    def flag(self, data: dict[str, Any], key: str, entry: str, default: bool | None = None) -> bool:
        value = data.get(key, default)
        if value is None:
            raise self.fail(entry, _("missing field {key} (true or false)", key=repr(key)))
        if not isinstance(value, bool):
            raise self.fail(
                entry,
                _(
                    "field {key} must be true or false, not {value}",
                    key=repr(key),
                    value=repr(value),
                ),
            )
        return value

    def word(self, data: dict[str, Any], key: str, entry: str, valid: Collection[str]) -> str:
        value = data.get(key)
        if value is None:
            raise self.fail(entry, _("missing field {key}", key=repr(key)))
        return self.choice(value, _("field {key}", key=repr(key)), key, entry, valid)

    def choice(self, value: Any, what: str, noun: str, entry: str, valid: Collection[str]) -> str:
        """``value`` (the content of ``what``) must be one of the words ``valid``."""
        if not isinstance(value, str):
            raise self.fail(
                entry, _("{what} must be text, not {value}", what=what, value=repr(value))
            )
        if value not in valid:
            raise self.fail(
                entry,
                _(
                    "unknown {noun} {value}; valid: {valid}",
                    noun=noun,
                    value=repr(value),
                    valid=", ".join(valid),
                ),
            )
        return value

    def text(self, data: dict[str, Any], key: str, entry: str) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(entry, _("missing field {key} (text)", key=repr(key)))
        if len(value) > 200 or "\n" in value:
            raise self.fail(
                entry,
                _("field {key} must be one line of at most 200 characters", key=repr(key)),
            )
        return value

    def name(self, data: dict[str, Any], entry: str, pattern: re.Pattern[str] = NAME) -> str:
        """An entry's ``name``: one lower-case word, as the notation writes it."""
        value = data.get("name")
        if not isinstance(value, str) or not pattern.fullmatch(value):
            raise self.fail(
                entry,
                _(
                    "field 'name' must be one lower-case word (a-z, 0-9, _), not {value}",
                    value=repr(value),
                ),
            )
        return value

    def no_extra(self, data: dict[str, Any], allowed: Collection[str], entry: str) -> None:
        extra = sorted(set(data) - set(allowed))
        if extra:
            raise self.fail(
                entry, _("unknown field(s) {fields}", fields=", ".join(map(repr, extra)))
            )

    # -- an entry's numbers, bound to its behaviour --------------------------------------------
    def bind(
        self,
        function: Callable[..., Any],
        data: dict[str, Any],
        entry: str,
        fields: Collection[str],
        actions: Collection[str],
    ) -> tuple[Callable[..., Any], dict[str, Any]]:
        """``function`` with the entry's values for its keyword-only parameters bound, and those
        values. The entry may hold ``fields`` besides them and nothing else."""
        numbers: dict[str, Any] = {}
        names: list[str] = []
        for parameter in inspect.signature(function).parameters.values():
            if parameter.kind is not inspect.Parameter.KEYWORD_ONLY:
                continue
            names.append(parameter.name)
            kind = _annotation(parameter.annotation)
            if kind not in PARAMETER_TYPES:
                raise self.fail(
                    entry,
                    _(
                        "its behaviour's parameter {name} has a type ({kind}) a component file "
                        "cannot give; known: {known}",
                        name=repr(parameter.name),
                        kind=kind,
                        known=", ".join(PARAMETER_TYPES),
                    ),
                )
            if parameter.name not in data:
                if parameter.default is inspect.Parameter.empty:
                    raise self.fail(entry, _("missing field {key}", key=repr(parameter.name)))
                continue
            numbers[parameter.name] = self.parameter(
                data[parameter.name], kind, parameter.name, entry, actions
            )
        self.no_extra(data, [*fields, *names], entry)
        if not numbers:
            return function, numbers
        return functools.partial(function, **numbers), numbers

    def parameter(
        self, value: Any, kind: str, key: str, entry: str, actions: Collection[str]
    ) -> object:
        what = _("field {key}", key=repr(key))
        if kind == "int":
            return self.number(value, what, entry, 0, NUMBER_LIMIT)
        if kind == "Table":
            if not isinstance(value, list) or not 1 <= len(value) <= TABLE_LIMIT:
                raise self.fail(
                    entry,
                    _("{what} must be a list of 1..{most} numbers", what=what, most=TABLE_LIMIT),
                )
            return tuple(self.number(v, what, entry, 0, NUMBER_LIMIT) for v in value)
        if kind == "CampsiteType":
            noun = pgettext("component file", "campsite type")
            return self.choice(value, what, noun, entry, CAMPSITE_TYPES)
        return self.choice(value, what, pgettext("component file", "action"), entry, actions)


def _annotation(annotation: Any) -> str:
    """A parameter's annotation as the loader names it (``Table`` for ``tuple[int, ...]``)."""
    if isinstance(annotation, str):
        text = annotation
    elif isinstance(annotation, type):
        text = annotation.__name__
    else:
        text = str(annotation)
    return "Table" if text == "tuple[int, ...]" else text
