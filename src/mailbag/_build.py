"""Which build of mailbag runs: the pure-Python package or the compiled one.

The compiled build (``make compiled``, see tools/compile.py) is the hot modules of this package
compiled by mypyc into C extensions, kept in ``build/compiled/`` at the top of the repository: the
extensions and a manifest, nothing else. It changes nothing but speed. The environment variable
``MAILBAG_BUILD`` chooses, when ``mailbag`` is first imported:

- ``pure`` (or unset): this package, as it is;
- ``compiled``: the modules of the manifest load from their extensions, every other module from
  this package as usual (an error if the build is missing, or if the sources of a compiled
  module, or of a module it imports, changed since it was built: ``make compiled`` rebuilds it);
- ``auto``: the compiled build when it is there and up to date, else this package.

:func:`build_name` says which one is running.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: where the compiled build is kept, for a checkout (src/mailbag -> build/compiled)
COMPILED_DIR = Path(
    os.environ.get("MAILBAG_COMPILED_DIR") or Path(__file__).resolve().parents[2] / "build/compiled"
)
MANIFEST = "manifest.json"
CHOICES = ("pure", "compiled", "auto")
PACKAGE = Path(__file__).resolve().parent


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_manifest() -> dict[str, object] | str:
    """The compiled build's manifest, or why there is none to use."""
    path = COMPILED_DIR / MANIFEST
    if not path.is_file():
        return f"no compiled build in {COMPILED_DIR} (make compiled builds it)"
    manifest = json.loads(path.read_text())
    assert isinstance(manifest, dict)
    sources = manifest["sources"]
    assert isinstance(sources, dict)
    for name, digest in sources.items():
        source = PACKAGE / name
        if not source.is_file() or file_hash(source) != digest:
            return (
                f"the compiled build in {COMPILED_DIR} is older than mailbag/{name} "
                "(make compiled rebuilds it)"
            )
    return manifest


def compiled_state() -> str | None:
    """Why the compiled build cannot be used now, or None when it can."""
    found = read_manifest()
    return found if isinstance(found, str) else None


class CompiledFinder:
    """Finds the compiled modules' extensions; every other module is found as usual."""

    def __init__(self, extensions: dict[str, str]) -> None:
        self.extensions = extensions

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        extension = self.extensions.get(name)
        if extension is None:
            return None
        return importlib.util.spec_from_file_location(name, COMPILED_DIR / extension)


def choose(choice: str) -> None:
    """Put the compiled build in place for ``choice`` (``MAILBAG_BUILD``), or raise ImportError."""
    if choice == "pure":
        return
    if choice not in CHOICES:
        raise ImportError(f"MAILBAG_BUILD={choice}: choose one of {', '.join(CHOICES)}")
    found = read_manifest()
    if isinstance(found, str):
        if choice == "compiled":
            raise ImportError(f"MAILBAG_BUILD=compiled: {found}")
        return
    extensions = found["extensions"]
    assert isinstance(extensions, dict)
    if not any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        sys.path.append(str(COMPILED_DIR))  # the shared library the extensions load
        sys.meta_path.insert(0, CompiledFinder(extensions))


def compiler_missing() -> str | None:
    """What the compiled build cannot be made without here (a C compiler, Python's headers), or
    None when it can be made."""
    import shutil
    import sysconfig

    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None and shutil.which("cc") is None:
        return "no C compiler (cc)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h; Debian: python3-dev)"
    return None


def build_name() -> str:
    """``compiled`` when the rules run compiled (extension modules), else ``pure``."""
    from mailbag.core import rng

    return "pure" if str(rng.__file__).endswith(".py") else "compiled"
