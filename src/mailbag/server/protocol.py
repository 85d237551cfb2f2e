"""The wire protocol's client messages (``docs/protocol.md``), typed and versioned: anything
that does not decode into one of them is answered with an error frame naming what was wrong."""

from __future__ import annotations

from typing import Annotated

import msgspec

from mailbag.core.i18n import _

#: the protocol version every message carries
VERSION = 1
#: the largest client message accepted, in bytes
MAX_MESSAGE = 16 * 1024

_Token = Annotated[str, msgspec.Meta(min_length=1, max_length=128)]
_Step = Annotated[int, msgspec.Meta(ge=0, le=10_000_000)]


class Hello(msgspec.Struct, tag="hello", tag_field="type", forbid_unknown_fields=True):
    v: int
    token: _Token | None = None
    watch: _Token | None = None
    last_step: _Step | None = None
    #: the reader's language (en, nl, es); else the browser's Accept-Language
    lang: Annotated[str, msgspec.Meta(max_length=16)] | None = None


class Submit(msgspec.Struct, tag="submit", tag_field="type", forbid_unknown_fields=True):
    v: int
    step: _Step
    action: Annotated[str, msgspec.Meta(min_length=1, max_length=2000)]


class Undo(msgspec.Struct, tag="undo", tag_field="type", forbid_unknown_fields=True):
    v: int
    step: _Step


class HintRequest(msgspec.Struct, tag="hint", tag_field="type", forbid_unknown_fields=True):
    """Ask for a hint for this seat's decision at ``step`` (where the table allows hints)."""

    v: int
    step: _Step


class Back(msgspec.Struct, tag="back", tag_field="type", forbid_unknown_fields=True):
    v: int


class Lang(msgspec.Struct, tag="lang", tag_field="type", forbid_unknown_fields=True):
    v: int
    lang: Annotated[str, msgspec.Meta(max_length=16)]


class Sync(msgspec.Struct, tag="sync", tag_field="type", forbid_unknown_fields=True):
    v: int


class Ping(msgspec.Struct, tag="ping", tag_field="type", forbid_unknown_fields=True):
    v: int


ClientMessage = Hello | Submit | Undo | HintRequest | Back | Lang | Sync | Ping

_decoder = msgspec.json.Decoder(ClientMessage)


class BadMessage(Exception):
    """A client message that is not one of the protocol's."""


def decode(data: str | bytes) -> ClientMessage:
    """One client message, or :class:`BadMessage` saying what was wrong with it."""
    if len(data) > MAX_MESSAGE:
        raise BadMessage(
            _(
                "message too large ({size} bytes; at most {limit})",
                size=len(data),
                limit=MAX_MESSAGE,
            )
        )
    try:
        message = _decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise BadMessage(_("not a protocol message: {detail}", detail=str(exc))) from None
    except msgspec.DecodeError:
        raise BadMessage(_("not a protocol message: malformed JSON")) from None
    if message.v != VERSION:
        raise BadMessage(
            _(
                "protocol version {version} is not spoken here (version {spoken})",
                version=message.v,
                spoken=VERSION,
            )
        )
    return message


def encode(message: dict[str, object]) -> str:
    return msgspec.json.encode({"v": VERSION, **message}).decode()
