"""The wire protocol's client messages (``docs/protocol.md``), typed and versioned: anything
that does not decode into one of them is answered with an error frame naming what was wrong."""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Annotated

import msgspec

from mailbag.core.i18n import _

#: the protocol version every message carries
VERSION = 1
#: the largest client message accepted, in bytes (of UTF-8)
MAX_MESSAGE = 16 * 1024
#: how deeply arrays and objects may nest in a client message (the protocol's nest 1 deep)
MAX_DEPTH = 32

_Token = Annotated[str, msgspec.Meta(min_length=1, max_length=128)]
_Step = Annotated[int, msgspec.Meta(ge=0, le=10_000_000)]
#: a thing's id on the board (as in an action's click path)
_ClickId = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class Hello(msgspec.Struct, tag="hello", tag_field="type", forbid_unknown_fields=True):
    v: int
    token: _Token | None = None
    watch: _Token | None = None
    last_step: _Step | None = None
    #: the reader's language (en, nl, es); else the browser's Accept-Language
    lang: Annotated[str, msgspec.Meta(max_length=16)] | None = None
    #: whether ``state`` messages carry the board drawn as text (``board``): a client that draws
    #: the graphical board says false, and asks with ``board_text`` when it shows the text
    board_text: bool = True


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


class Why(msgspec.Struct, tag="why", tag_field="type", forbid_unknown_fields=True):
    """Why a click on the board at ``step`` is refused: ``clicks`` are the ids clicked so far,
    the refused one last (answered with a ``why`` in words)."""

    v: int
    step: _Step
    clicks: Annotated[list[_ClickId], msgspec.Meta(min_length=1, max_length=16)]


class Reveal(msgspec.Struct, tag="reveal", tag_field="type", forbid_unknown_fields=True):
    """The seat confirms its held choice (a simultaneous phase it completed): carry it out."""

    v: int
    step: _Step


class Back(msgspec.Struct, tag="back", tag_field="type", forbid_unknown_fields=True):
    v: int


class Lang(msgspec.Struct, tag="lang", tag_field="type", forbid_unknown_fields=True):
    v: int
    lang: Annotated[str, msgspec.Meta(max_length=16)]


class BoardText(msgspec.Struct, tag="board_text", tag_field="type", forbid_unknown_fields=True):
    v: int
    on: bool


class Sync(msgspec.Struct, tag="sync", tag_field="type", forbid_unknown_fields=True):
    v: int


class Ping(msgspec.Struct, tag="ping", tag_field="type", forbid_unknown_fields=True):
    v: int


ClientMessage = (
    Hello | Submit | Undo | HintRequest | Why | Reveal | Back | Lang | BoardText | Sync | Ping
)

_decoder = msgspec.json.Decoder(ClientMessage)


class BadMessage(Exception):
    """A client message that is not one of the protocol's."""


#: a JSON string, escapes and all (brackets in one are text, not nesting)
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
#: every byte but the brackets (deleted before the brackets are counted)
_NOT_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_BRACKET_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def depth(data: bytes) -> int:
    """How deeply arrays and objects nest in the JSON text ``data`` (at least; brackets in
    strings not counted), found without parsing it: a parser recurses, and msgspec gives up
    (``RecursionError``) about 1,000 levels down — 5 KB of ``{"a":`` is enough."""
    if data.count(b"[") + data.count(b"{") <= MAX_DEPTH:
        return 0  # cannot nest deeper than the limit
    brackets = _JSON_STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)


def decode(data: str | bytes) -> ClientMessage:
    """One client message, or :class:`BadMessage` saying what was wrong with it: too large,
    nested too deep, not JSON, not one of the protocol's messages."""
    if isinstance(data, str):
        # a lone surrogate (only a test client can send one) becomes bytes that are not UTF-8
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > MAX_MESSAGE:
        raise BadMessage(
            _(
                "message too large ({size} bytes; at most {limit})",
                size=len(data),
                limit=MAX_MESSAGE,
            )
        )
    if depth(data) > MAX_DEPTH:
        raise BadMessage(_("message nested deeper than {limit} levels", limit=MAX_DEPTH))
    try:
        data.decode()  # JSON text is UTF-8 (a text frame that is not is handed on as bytes)
    except UnicodeDecodeError:
        raise BadMessage(_("not a protocol message: malformed JSON")) from None
    try:
        message = _decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise BadMessage(_("not a protocol message: {detail}", detail=str(exc))) from None
    except msgspec.DecodeError:
        raise BadMessage(_("not a protocol message: malformed JSON")) from None
    except RecursionError:  # not expected past the depth check; never a traceback
        raise BadMessage(_("message nested deeper than {limit} levels", limit=MAX_DEPTH)) from None
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
