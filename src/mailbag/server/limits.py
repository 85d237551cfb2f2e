"""The HTTP API's limits: how large a request body may be and how deeply its JSON may nest
(checked without parsing: a parser recurses), and how many new tables a client address may
make (token buckets). ``mailbag.server.app`` uses them; docs/protocol.md lists them."""

from __future__ import annotations

import asyncio
import contextvars
import json
import os
import re
import time
from itertools import accumulate
from typing import Any

from starlette.requests import Request

from mailbag.core.i18n import _

#: the largest request body the API reads (an imported record), and any other body
MAX_BODY = 4 * 1024 * 1024
MAX_SMALL_BODY = 64 * 1024
#: how deeply a request's JSON may nest
MAX_DEPTH = 64
#: tables (made or imported) a client address may make a minute, and at once; the operator
#: may change them (``MAILBAG_TABLES_PER_MINUTE``, 0: no limit; ``MAILBAG_TABLES_BURST``)
TABLES_PER_MINUTE, TABLES_BURST = 30.0, 10
#: the client addresses whose buckets are kept at most
MAX_ADDRESSES = 10_000


class ApiError(Exception):
    """An HTTP error: its status and what was wrong (in the reader's language)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


#: a JSON string, escapes and all (what the depth check skips: brackets in it are text)
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
#: every byte but the brackets (deleted before the brackets are counted)
_NOT_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_BRACKET_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def json_depth(body: bytes) -> int:
    """How deeply arrays and objects nest in the JSON text ``body`` (brackets in strings not
    counted), found without parsing it (a parser recurses, and fails ~1,000 levels down)."""
    if body.count(b"[") + body.count(b"{") <= MAX_DEPTH:
        return 0  # cannot be deeper than the limit
    brackets = _JSON_STRING.sub(b"", body).translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)


def parse_json(body: bytes) -> Any:
    if json_depth(body) > MAX_DEPTH:
        raise ApiError(400, _("the request nests deeper than {limit} levels", limit=MAX_DEPTH))
    try:
        return json.loads(body)
    except RecursionError:
        raise ApiError(
            400, _("the request nests deeper than {limit} levels", limit=MAX_DEPTH)
        ) from None
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, _("the request body is not JSON")) from None


async def read_json(request: Request, limit: int = MAX_SMALL_BODY) -> Any:
    """The request's JSON body: at most ``limit`` bytes (else 413), nested at most
    :data:`MAX_DEPTH` levels, and JSON (else 400)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ApiError(413, _("request too large (at most {limit} bytes)", limit=limit))
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise ApiError(413, _("request too large (at most {limit} bytes)", limit=limit))
    body = b"".join(chunks)
    if size > MAX_SMALL_BODY:  # a large import: parsed off the event loop
        return await asyncio.to_thread(contextvars.copy_context().run, parse_json, body)
    return parse_json(body)


class Buckets:
    """Token buckets by client address: ``per_minute`` a minute, ``burst`` at once (a rate
    of 0: no limit). Only addresses seen lately are kept (a full bucket is forgotten)."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(max(1, burst))
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, address: str) -> float:
        """Take one from ``address``'s bucket: 0 if it had one, else the seconds until it
        will."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic()
        tokens, at = self._buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            return (1 - tokens) / self.rate
        self._buckets[address] = (tokens - 1, now)
        if len(self._buckets) > MAX_ADDRESSES:
            self._forget(now)
        return 0.0

    def give_back(self, address: str) -> None:
        """A request that made nothing (refused as wrong) does not count."""
        found = self._buckets.get(address)
        if found is not None:
            self._buckets[address] = (min(self.burst, found[0] + 1), found[1])

    def _forget(self, now: float) -> None:
        full = [
            a for a, (t, at) in self._buckets.items() if t + (now - at) * self.rate >= self.burst
        ]
        for address in full:
            del self._buckets[address]
        while len(self._buckets) > MAX_ADDRESSES:  # the oldest first (dicts keep their order)
            del self._buckets[next(iter(self._buckets))]


def env_limit(env: str, default: float) -> float:
    """An operator's limit from the environment variable ``env``, else ``default``."""
    value = os.environ.get(env, "").strip()
    try:
        return float(value) if value else default
    except ValueError:
        raise ValueError(f"{env}={value!r}: give a number") from None
