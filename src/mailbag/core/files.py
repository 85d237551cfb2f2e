"""Reading what a user hands mailbag, defensively: a regular file of bounded size, TOML text
that cannot exhaust the parser; and writing a file whole or not at all (:func:`write_atomic`)."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from mailbag.core.errors import ComponentError, MailbagError, RecordError
from mailbag.core.i18n import _


def read_bounded(path: Path, limit: int, error: type[MailbagError], what: str) -> bytes:
    """The bytes of ``path``, which must be a regular file (not a folder, a device such as
    ``/dev/zero``, a pipe) of at most ``limit`` bytes; anything else is an ``error`` naming
    ``path`` and saying it is not ``what``."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise error(_("{path}: not a regular file", path=str(path)))
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise error(
            _("cannot read {path}: {reason}", path=str(path), reason=exc.strerror)
        ) from None
    if len(data) > limit:
        raise error(
            _("{path}: over {size} KiB, not {what}", path=str(path), size=limit >> 10, what=_(what))
        )
    return data


#: the longest dotted key (``a.b.c``) a component file may hold: the formats need none, and the
#: standard TOML parser takes memory quadratic in a key's length (a 200 KB key exhausts a machine)
MAX_KEY_PARTS = 32
_LONG_KEY = re.compile(
    r"(?<![A-Za-z0-9_\-])(?:(?:[A-Za-z0-9_\-]++|\"[^\"\n]*+\"|'[^'\n]*+')[ \t]*+\.[ \t]*+)"
    + f"{{{MAX_KEY_PARTS},}}"
)


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """A component file's TOML text as data; text that is not TOML, nests too deeply or holds a
    dotted key too long to parse safely is a :class:`ComponentError` naming ``source``."""
    long_key = _LONG_KEY.search(text)
    if long_key is not None:
        line = text.count("\n", 0, long_key.start()) + 1
        raise ComponentError(
            _(
                "{source}: line {line}: a dotted key of more than {parts} parts; "
                "component files use plain keys (name, title, count, ...)",
                source=source,
                line=line,
                parts=MAX_KEY_PARTS,
            )
        )
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(
            _("{source}: not valid TOML ({detail})", source=source, detail=str(exc))
        ) from None
    except RecursionError:
        raise ComponentError(
            _("{source}: not valid TOML (arrays or tables nested too deeply)", source=source)
        ) from None


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` by ``text``: a temporary file beside it, fsync, rename, fsync the folder.
    A full disk or a crash never leaves a half-written file in its place."""
    folder = path.parent
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise RecordError(
            _("cannot write {path}: {reason}", path=str(path), reason=exc.strerror)
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise RecordError(
            _("cannot write {path}: {reason}", path=str(path), reason=exc.strerror)
        ) from None
    fsync_folder(folder)


def fsync_folder(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
