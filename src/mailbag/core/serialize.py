"""States to JSON and back, exactly, with the schema version and the game's name."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from mailbag.core.errors import RecordError
from mailbag.core.game import Game, S, validate

_encoder = msgspec.json.Encoder(order="deterministic")


def state_to_json(game: Game[S], state: S) -> str:
    """``{"game", "schema", "state"}`` as compact JSON text."""
    doc = {"game": game.spec.name, "schema": game.schema_version, "state": state}
    return _encoder.encode(doc).decode()


def state_from_json(game: Game[S], text: str | bytes) -> S:
    """Inverse of :func:`state_to_json`; a wrong game, schema or shape is a clear error."""
    doc = decode_json(text, "saved state")
    if not isinstance(doc, dict) or "state" not in doc:
        raise RecordError("saved state has no 'state' field")
    if doc.get("game") != game.spec.name:
        raise RecordError(f"saved state is of game {doc.get('game')!r}, not {game.spec.name!r}")
    if doc.get("schema") != game.schema_version:
        raise RecordError(
            f"saved state has schema {doc.get('schema')!r}; this mailbag reads schema "
            f"{game.schema_version} for {game.spec.name}"
        )
    try:
        state = msgspec.convert(doc["state"], type=game.state_type)
    except (msgspec.ValidationError, RecursionError) as exc:
        raise RecordError(f"saved state does not fit {game.spec.name}: {exc}") from None
    validate(game, state)
    return state


def decode_json(text: str | bytes, what: str) -> Any:
    """JSON text to Python data; anything that is not JSON (bad bytes, nesting too deep, a
    number too large) is a :class:`RecordError` naming ``what`` was being read."""
    try:
        return msgspec.json.decode(text)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
        raise RecordError(f"{what} is not valid JSON: {exc}") from None


def to_builtins(obj: Any) -> Any:
    """Plain JSON-able Python data (dicts, lists, ...) for a state, event or score."""
    return msgspec.to_builtins(obj)


def state_digest(state: msgspec.Struct) -> str:
    """A short fingerprint of a state, stored in records so a replay can check every step."""
    return hashlib.blake2b(msgspec.msgpack.encode(state), digest_size=8).hexdigest()


def canonical_json(data: Any) -> bytes:
    """Deterministic JSON bytes (sorted keys) — how views are compared byte for byte."""
    return _encoder.encode(data)
