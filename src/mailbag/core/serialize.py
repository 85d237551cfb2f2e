"""States to JSON and back, exactly, with the schema version and the game's name."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import sys
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from mailbag.core.errors import RecordError
from mailbag.core.game import Game, S, validate
from mailbag.core.i18n import _

_encoder = msgspec.json.Encoder(order="deterministic")


def state_to_json(game: Game[S], state: S) -> str:
    """``{"game", "schema", "state"}`` as compact JSON text."""
    doc = {"game": game.spec.name, "schema": game.schema_version, "state": state}
    return _encoder.encode(doc).decode()


def state_from_json(game: Game[S], text: str | bytes) -> S:
    """Inverse of :func:`state_to_json`; a wrong game, schema or shape is a clear error."""
    doc = decode_json(text, _("saved state"))
    if not isinstance(doc, dict) or "state" not in doc:
        raise RecordError(_("saved state has no 'state' field"))
    if doc.get("game") != game.spec.name:
        raise RecordError(
            _(
                "saved state is of game {found}, not {game}",
                found=repr(doc.get("game")),
                game=repr(game.spec.name),
            )
        )
    schema = doc.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise RecordError(
            _("saved state has no valid schema version: {schema}", schema=repr(schema))
        )
    if schema > game.schema_version:
        raise RecordError(
            _(
                "saved state has schema {schema}, made by a newer mailbag; this one reads "
                "{game} schemas up to {version}",
                schema=schema,
                game=game.spec.name,
                version=game.schema_version,
            )
        )
    data = doc["state"]
    for version in range(schema, game.schema_version):
        if not isinstance(data, dict):
            break
        data = game.migrate(data, version)
    try:
        state = from_builtins(data, game.state_type)
    except (msgspec.ValidationError, RecursionError) as exc:
        raise RecordError(
            _("saved state does not fit {game}: {detail}", game=game.spec.name, detail=str(exc))
        ) from None
    validate(game, state)
    return state


def from_builtins(data: Any, kind: type[S]) -> S:
    """Plain data (decoded JSON) to a state of class ``kind``, every field checked against its
    declared type. A ``msgspec.Struct`` is converted by msgspec. A dataclass is converted
    through a Struct of the same fields and types (:func:`_mirror`), then built with its own
    ``__init__``: the compiled build makes the dataclasses native classes whose annotations
    have lost their element types (``list[Player]`` reads ``list``), with which msgspec would
    leave the nested records as dicts; the mirror takes the types from the source instead, so
    both builds load every state alike."""
    if not (dataclasses.is_dataclass(kind) and isinstance(kind, type)):
        return msgspec.convert(data, type=kind)
    mirror = _mirror(kind)
    return _realize(msgspec.convert(data, type=mirror))  # type: ignore[no-any-return]


#: each dataclass's mirror Struct, and back
_MIRRORS: dict[type, type] = {}
_REAL: dict[type, type] = {}


def _mirror(kind: type) -> type:
    """A ``msgspec.Struct`` with the fields of dataclass ``kind`` (names, types, defaults), the
    dataclasses among the types replaced by their own mirrors."""
    found = _MIRRORS.get(kind)
    if found is not None:
        return found
    hints = field_types(kind)
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for item in dataclasses.fields(kind):
        hint = _mirrored(hints[item.name])
        if item.default is not dataclasses.MISSING:
            fields.append((item.name, hint, item.default))
        elif item.default_factory is not dataclasses.MISSING:
            fields.append((item.name, hint, msgspec.field(default_factory=item.default_factory)))
        else:
            fields.append((item.name, hint))
    mirror = msgspec.defstruct(kind.__name__, fields, kw_only=True)
    _MIRRORS[kind] = mirror
    _REAL[mirror] = kind
    return mirror


def _mirrored(hint: Any) -> Any:
    """``hint`` with every dataclass in it replaced by its mirror Struct."""
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return _mirror(hint)
    args = typing.get_args(hint)
    if not args:
        return hint
    new = tuple(_mirrored(arg) for arg in args)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[new]  # noqa: UP007 (a tuple of types, built at run time)
    if origin is typing.Literal or origin is None:
        return hint
    return origin[new[0] if len(new) == 1 else new]


def _realize(value: Any) -> Any:
    """A converted mirror as the dataclasses it stands for (lists, tuples, dicts walked)."""
    real = _REAL.get(type(value))
    if real is not None:
        names = value.__struct_fields__
        return real(**{name: _realize(getattr(value, name)) for name in names})
    if type(value) is list:
        return [_realize(item) for item in value]
    if type(value) is dict:
        return {key: _realize(item) for key, item in value.items()}
    if type(value) is tuple:
        return tuple(_realize(item) for item in value)
    return value


def field_types(kind: type) -> dict[str, Any]:
    """The declared type of each field of dataclass ``kind``, elements included. A class of a
    module compiled by mypyc (an extension module) has kept only the outer class of each
    annotation (``list``), so its annotations are read from the module's source, which the
    compiled build checks to be exactly what it was compiled from (mailbag._build), and
    evaluated in the compiled module's namespace (its classes are the compiled ones)."""
    module = sys.modules[kind.__module__]
    if str(getattr(module, "__file__", "")).endswith(".py"):
        return typing.get_type_hints(kind)
    package, _dot, leaf = kind.__module__.rpartition(".")
    source = Path(sys.modules[package].__path__[0]) / f"{leaf}.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == kind.__name__:
            return {
                item.target.id: eval(ast.unparse(item.annotation), vars(module))
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            }
    raise TypeError(f"no class {kind.__name__} in {source}")


def decode_json(text: str | bytes, what: str) -> Any:
    """JSON text to Python data; anything that is not JSON (bad bytes, nesting too deep, a
    number too large) is a :class:`RecordError` naming ``what`` was being read."""
    try:
        return msgspec.json.decode(text)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
        raise RecordError(
            _("{what} is not valid JSON: {detail}", what=what, detail=str(exc))
        ) from None


def to_builtins(obj: Any) -> Any:
    """Plain JSON-able Python data (dicts, lists, ...) for a state, event or score."""
    return msgspec.to_builtins(obj)


def state_digest(state: Any) -> str:
    """A short fingerprint of a state's exact layout (fast; for comparing states in one run).
    Records use :func:`record_digest`, which survives fields added with a default."""
    return hashlib.blake2b(msgspec.msgpack.encode(state), digest_size=8).hexdigest()


#: how record digests are computed: 1 = :func:`state_digest` (records without a "digests"
#: header field, from mailbag before 0.2); 2 = :func:`record_digest`
RECORD_DIGESTS = 2

_NO_DEFAULT: Any = object()
_FIELDS: dict[type, list[tuple[str, Any]]] = {}
_NAMES: dict[type, tuple[str, ...]] = {}


def is_record_type(obj: object) -> bool:
    """Whether ``obj`` is an instance of a state class: a ``msgspec.Struct``, or a dataclass
    (which the compiled build makes a native class: Postcards' and Carteros' states)."""
    return isinstance(obj, msgspec.Struct) or (
        dataclasses.is_dataclass(obj) and not isinstance(obj, type)
    )


def field_names(kind: type) -> tuple[str, ...]:
    """The attribute names of a state class's fields (a ``msgspec.Struct`` or a dataclass), in
    order."""
    found = _NAMES.get(kind)
    if found is None:
        if dataclasses.is_dataclass(kind):
            found = tuple(field.name for field in dataclasses.fields(kind))
        else:
            found = tuple(getattr(kind, "__struct_fields__", ()))
        _NAMES[kind] = found
    return found


def _fields(kind: type) -> list[tuple[str, Any]]:
    found = _FIELDS.get(kind)
    if found is None:
        # (name, default, default factory) of each field, and the marker of "none" for them
        if dataclasses.is_dataclass(kind):
            infos: list[tuple[str, Any, Any]] = [
                (f.name, f.default, f.default_factory) for f in dataclasses.fields(kind)
            ]
            none: Any = dataclasses.MISSING
        else:
            infos = [
                (f.encode_name, f.default, f.default_factory) for f in msgspec.structs.fields(kind)
            ]
            none = msgspec.NODEFAULT
        found = []
        for name, default, factory in infos:
            if default is none:
                default = _NO_DEFAULT if factory is none else factory()
            found.append((name, default))
        _FIELDS[kind] = found
    return found


def canonical_form(obj: Any) -> Any:
    """A state as plain data in its canonical form: struct fields by name, and a field that
    holds its declared default left out — so adding a field with a default to a state changes
    no canonical form, and no recorded digest, of a game that never uses it."""
    if is_record_type(obj):
        out = {}
        for name, default in _fields(type(obj)):
            value = getattr(obj, name)
            if default is _NO_DEFAULT or value != default:
                out[name] = canonical_form(value)
        return out
    if isinstance(obj, (list, tuple)):
        return [canonical_form(item) for item in obj]
    if isinstance(obj, dict):
        return {key: canonical_form(value) for key, value in obj.items()}
    return obj


def record_digest(state: Any, recorded: Callable[[Any], Any] | None = None) -> str:
    """The fingerprint of a state stored with every recorded step (scheme 2): a hash of its
    canonical form, so records made before a field was added (with a default) still replay.
    ``recorded`` turns the canonical form into the one an older schema had (the game's
    ``recorded_form``), to check the digests of a record that schema wrote."""
    form = canonical_form(state)
    if recorded is not None:
        form = recorded(form)
    data = _encoder.encode(form)
    return hashlib.blake2b(data, digest_size=8, person=b"mailbag-rec-v2").hexdigest()


def canonical_json(data: Any) -> bytes:
    """Deterministic JSON bytes (sorted keys) — how views are compared byte for byte."""
    return _encoder.encode(data)
