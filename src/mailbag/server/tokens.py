"""Tables' ids, seats' secrets and the links that carry them: 192-bit tokens, stored only as
hashes; a rematch seat's token derived one-way from the old one."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

#: a table's id as the lobby makes them (``secrets.token_urlsafe(9)``; the column holds 32)
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def is_table_id(value: object) -> bool:
    """Whether ``value`` can be a table's id (anything else is no table, without a look-up)."""
    return isinstance(value, str) and _TABLE_ID.fullmatch(value) is not None


def new_token() -> str:
    """A seat's secret: 192 random bits."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    # any text hashes (a lone surrogate from a request's JSON too): it is just no seat's
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def derived_token(token: str, table_id: str) -> str:
    """The token of the same person's seat at a rematch table: derived one-way from their
    token, so the server, which stores only hashes, can hand it to them when they show theirs."""
    digest = hmac.new(token.encode(), f"rematch:{table_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def pending_hash(old_hash: str) -> str:
    """What a rematch seat stores until its owner claims it: a mark of the old seat's hash."""
    return "pending:" + old_hash[:48]


def seat_link(table_id: str, seat: int, token: str) -> str:
    return f"/t/{table_id}#seat={seat}&token={token}"


def watch_link(table_id: str, key: str) -> str:
    return f"/t/{table_id}#watch={key}"
