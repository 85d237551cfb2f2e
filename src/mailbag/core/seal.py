"""The seed of a game in progress, sealed in the record saved as it is played.

A game's seed is the whole deal (every card of every deck follows from it), and it is shown
only once the game is over. The record the terminal saves decision by decision
(``mailbag.table.FileStore``) therefore holds it sealed while the game goes on: the header has no
``seed`` but ``"sealed": {"seed": HEX, "key": NAME, "check": HEX}`` — the seed XORed with a pad
drawn from a random key, and a keyed check that tells a wrong key. The key is a private file of
the data folder (``keys/NAME.key``, mode 0600, in a folder of mode 0700), never in the record.
Reading the record (``mailbag play --resume``, ``mailbag replay``, an import into a server
running in the same data folder) opens the seal with it; once the game is over the record is
rewritten with the plain seed and the key is deleted. The seal keeps the deal out of a look at
the record (a shared screen, a file sent to someone); the key sits in the same person's data
folder, so it does not keep it from that person.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from pathlib import Path
from typing import Any

from mailbag.core.errors import RecordError
from mailbag.core.i18n import _

_NAME = re.compile(r"^[0-9a-f]{16}$")
_HEX = re.compile(r"^[0-9a-f]{16}$")


class SealError(RecordError):
    """A sealed seed that cannot be opened here (its key is missing or does not fit)."""


def keys_dir() -> Path:
    """The folder of the seal keys, in the data folder (see mailbag.paths)."""
    from mailbag.paths import data_dir  # the data folder: a leaf module, no game in it

    return data_dir() / "keys"


def new_key() -> str:
    """Make a new key file (mode 0600) and return its name."""
    folder = keys_dir()
    name = secrets.token_hex(8)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(folder, 0o700)
        fd = os.open(folder / f"{name}.key", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(32) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        raise RecordError(
            _(
                "cannot keep the game's key in {folder}: {reason}",
                folder=str(folder),
                reason=exc.strerror,
            )
        ) from None
    return name


def _key(name: str) -> bytes | None:
    if not _NAME.match(name):
        return None
    try:
        text = (keys_dir() / f"{name}.key").read_text(encoding="ascii").strip()
        return bytes.fromhex(text)
    except (OSError, ValueError):
        return None


def has_key(name: str) -> bool:
    return _key(name) is not None


def forget_key(name: str) -> None:
    """Delete key ``name`` (the game is over: its record now holds the plain seed)."""
    if _NAME.match(name):
        (keys_dir() / f"{name}.key").unlink(missing_ok=True)


def _pad(key: bytes, game_id: str) -> int:
    digest = hashlib.blake2b(game_id.encode(), key=key, digest_size=8, person=b"mailbag-seal")
    return int.from_bytes(digest.digest(), "big")


def _check(key: bytes, seed: int) -> str:
    digest = hashlib.blake2b(seed.to_bytes(8, "big"), key=key, digest_size=8, person=b"mailbag-chk")
    return digest.hexdigest()


def seal(seed: int, game_id: str, name: str) -> dict[str, str]:
    """The header's ``sealed`` field for ``seed`` with key ``name`` (which must exist)."""
    key = _key(name)
    if key is None:
        raise SealError(_("the key {name} of this game is missing", name=name))
    return {"seed": f"{seed ^ _pad(key, game_id):016x}", "key": name, "check": _check(key, seed)}


def unseal(sealed: Any, game_id: str, where: str) -> tuple[int, str]:
    """The seed of a header's ``sealed`` field and the key's name; a clear error when it is
    malformed or its key is not in this data folder."""
    if not (
        isinstance(sealed, dict)
        and isinstance(sealed.get("key"), str)
        and all(isinstance(sealed.get(k), str) and _HEX.match(sealed[k]) for k in ("seed", "check"))
        and _NAME.match(sealed["key"])
    ):
        raise RecordError(
            _("{where}: header field 'sealed' must be {{seed, key, check}}", where=where)
        )
    name = sealed["key"]
    key = _key(name)
    if key is None:
        raise SealError(
            _(
                "{where}: the seed of this game in progress is sealed and its key {name} is not in "
                "{folder} (the data folder of the mailbag that played it): resume it there",
                where=where,
                name=name,
                folder=str(keys_dir()),
            )
        )
    seed = int(sealed["seed"], 16) ^ _pad(key, game_id)
    if _check(key, seed) != sealed["check"]:
        raise SealError(
            _("{where}: the key {name} does not open this game's seal", where=where, name=name)
        )
    return seed, name
