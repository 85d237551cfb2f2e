"""Reading a file a user names, defensively: a regular file, of bounded size."""

from __future__ import annotations

import stat
from pathlib import Path

from mailbag.core.errors import MailbagError


def read_bounded(path: Path, limit: int, error: type[MailbagError], what: str) -> bytes:
    """The bytes of ``path``, which must be a regular file (not a folder, a device such as
    ``/dev/zero``, a pipe) of at most ``limit`` bytes; anything else is an ``error`` naming
    ``path`` and saying it is not ``what``."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise error(f"{path}: not a regular file")
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror}") from None
    if len(data) > limit:
        raise error(f"{path}: over {limit >> 10} KiB, not {what}")
    return data
