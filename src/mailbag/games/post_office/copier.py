"""Fast deep copies of plain-data states, generated once from their msgspec fields.

A hand-written copy lists every field by position, so a field added to the struct but not to
the copy is silently reset (or shifts the others). :func:`struct_copier` instead writes the copy
function from ``msgspec.structs.fields`` when the module is imported: every field is copied by
its declared type — numbers, booleans, text and frozen structs are shared (immutable), lists are
sliced (lists of lists and of records copied item by item), other structs are rebuilt field by
field, a record of a type given with its own copy (a compiled dataclass, whose field types are
not there to read) is copied by it — and a field of any other type is a ``TypeError`` at import,
never a silent share. The generated code is one constructor call with the fields in declaration
order, as fast as the hand-written copy (a generic msgpack round trip,
``mailbag.core.game.clone``, is ~2.5× slower).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar, get_args, get_origin

import msgspec

T = TypeVar("T")

_SHARED: Final = (int, bool, str, float)


def _is_struct(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, msgspec.Struct)


def _struct_fields(kind: type) -> list[tuple[str, Any]] | None:
    """(name, type) of each field of a mutable Struct, in declaration order; None for a frozen
    one (immutable: shared)."""
    if kind.__struct_config__.frozen:  # type: ignore[attr-defined]
        return None
    return [(f.name, f.type) for f in msgspec.structs.fields(kind)]


def _expression(
    kind: Any,
    value: str,
    names: dict[str, Any],
    depth: int,
    known: Mapping[type, Callable[..., Any]],
) -> str:
    """Python source of an expression that deep-copies ``value`` (source) of type ``kind``
    (with ``known[kind]`` where given: a hand-written copy)."""
    if kind in _SHARED:
        return value
    if kind in known:
        name = f"_copy_{kind.__name__}"
        if names.setdefault(name, known[kind]) is not known[kind]:
            raise TypeError(f"two record types named {kind.__name__} in one state")
        return f"{name}({value})"
    if get_origin(kind) is list:
        (item,) = get_args(kind)
        var = f"x{depth}"
        inner = _expression(item, var, names, depth + 1, known)
        if inner == var:
            return f"{value}[:]"
        return f"[{inner} for {var} in {value}]"
    if not _is_struct(kind):
        raise TypeError(f"no generated copy for a field of type {kind!r}")
    fields = _struct_fields(kind)
    if fields is None:
        return value  # immutable: shared
    name = f"_{kind.__name__}"
    if names.setdefault(name, kind) is not kind:
        raise TypeError(f"two record types named {kind.__name__} in one state")
    args = ", ".join(_expression(t, f"{value}.{n}", names, depth, known) for n, t in fields)
    return f"{name}({args})"


def copier_source(
    kind: type[T], known: Mapping[type, Callable[..., Any]] | None = None
) -> tuple[str, dict[str, Any]]:
    """The source of the copy function of ``kind`` and the names it refers to."""
    names: dict[str, Any] = {}
    body = _expression(kind, "s", names, 0, known or {})
    return f"def copy(s):\n    return {body}\n", names


def struct_copier(
    kind: type[T], known: Mapping[type, Callable[..., Any]] | None = None
) -> Callable[[T], T]:
    """A function returning a deep copy of a ``kind`` struct, written from its fields; a field
    of a type in ``known`` (a record type that is not a Struct, such as a dataclass) is copied
    by the function given for it."""
    source, names = copier_source(kind, known)
    namespace: dict[str, Any] = dict(names)
    exec(compile(source, f"<copy of {kind.__name__}>", "exec"), namespace)
    function: Callable[[T], T] = namespace["copy"]
    function.__doc__ = f"A deep copy of a {kind.__name__} (generated from its fields)."
    return function
