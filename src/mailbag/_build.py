"""Which build of mailbag runs: the pure-Python package or the compiled copy.

The compiled build (``make compiled``, see tools/compile.py) is a copy of this package in
``build/compiled/`` at the top of the repository, with the hot modules compiled by mypyc beside
their sources. It changes nothing but speed. The environment variable ``MAILBAG_BUILD`` chooses:

- ``pure`` (or unset): this package, as it is;
- ``compiled``: ``import mailbag`` loads the compiled copy instead (an error if it is missing,
  or older than the sources: ``make compiled`` rebuilds it);
- ``auto``: the compiled copy when it is there and up to date, else this package.

:func:`build_name` says which one is running.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

#: the compiled copy, for a checkout (src/mailbag -> build/compiled/mailbag)
COMPILED_DIR = Path(
    os.environ.get("MAILBAG_COMPILED_DIR") or Path(__file__).resolve().parents[2] / "build/compiled"
)
CHOICES = ("pure", "compiled", "auto")


def source_hash(package: Path) -> str:
    """A digest of the package's code and rules data (what the compiled copy is made from)."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts:
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def compiled_state(package: Path) -> str | None:
    """Why the compiled copy cannot stand in for ``package``, or None when it can."""
    stamp = COMPILED_DIR / "SOURCE_HASH"
    if not stamp.is_file():
        return f"no compiled build in {COMPILED_DIR} (make compiled builds it)"
    if stamp.read_text().split("\n")[0] != source_hash(package):
        return f"the compiled build in {COMPILED_DIR} is older than the sources (make compiled)"
    return None


def build_name() -> str:
    """``compiled`` when the rules run compiled (an extension module), else ``pure``."""
    from mailbag.core import rng

    return "compiled" if not str(rng.__file__).endswith(".py") else "pure"
