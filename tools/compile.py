"""Build the compiled mailbag: the hot modules compiled to C extensions with mypyc.

``make compiled`` runs this. It copies ``src/mailbag`` into ``build/compiled-cache/src`` (mypyc
type-checks the whole package; its caches there make a rebuild quicker), compiles the modules of
:data:`MODULES` there, and keeps only the result in ``build/compiled/``: the extensions, the
shared library they load, and ``manifest.json`` (each compiled module's extension, and the hash
of each source it was made from: the compiled modules and the mailbag modules they import).
``src/mailbag`` stays the pure-Python package, the fallback and the reference. With
``MAILBAG_BUILD=compiled`` the modules of the manifest load from their extensions and every
other module from ``src/mailbag`` (see ``mailbag/_build.py``); once one of the hashed sources
changes, the build refuses to load until it is rebuilt.

Nothing in the compiled modules differs from their sources: the same code, compiled. The
hand-written C parts (the RL layer's, Post Office's seal matcher) are not built here: they are
optional extensions that ``pip install`` builds (setup.py), loaded alike by both builds. The
differential test (tests/speed/test_compiled.py) plays the same seeded games with both builds and
requires identical records.

Usage: python tools/compile.py [--check]   (--check: exit 1 when the build is missing or stale)
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))

from mailbag._build import (  # noqa: E402
    COMPILED_DIR,
    MANIFEST,
    PACKAGE,
    compiler_missing,
    file_hash,
    read_manifest,
)

#: the modules compiled, by package: the rules' hot paths (legal actions, apply, new game,
#: copy, view, determinize, heuristics, scoring), the generator, and the search. Modules not
#: listed (texts, rendering, clicks, validation, position builders, the game classes that
#: tests subclass, and the behaviours whose signatures the component loaders read: Postcards'
#: effect_icons and gifts; Post Office's actions, whose SealAction extends a NamedTuple, which
#: mypyc cannot compile; and Post Office's bitboard, whose operations on integers of hundreds of
#: bits measure twice as slow compiled as interpreted) stay interpreted in both builds.
MODULES: dict[str, tuple[str, ...]] = {
    "core": ("marks", "rng"),
    "games/postcards": (
        "apply",
        "automa",
        "heuristics",
        "kinds",
        "legal",
        "pieces",
        "prebuilt",
        "reveal",
        "scoring",
        "setup",
        "state",
        "travel_actions",
        "turn",
        "view",
    ),
    "games/post_office": (
        "apply",
        "copier",
        "geometry",
        "goals",
        "heuristics",
        "legal",
        "player",
        "prebuilt",
        "reveal",
        "scoring",
        "setup",
        "shelving",
        "view",
    ),
    "games/carteros": (
        "action_cards",
        "actions",
        "apply",
        "board",
        "decisions",
        "effects",
        "heuristics",
        "house_cards",
        "kinds",
        "legal",
        "reveal",
        "scoring",
        "setup",
        "state",
        "view",
    ),
    "bots": ("mcts",),
}


def module_files() -> list[str]:
    """The compiled modules' sources, relative to the package (``games/postcards/pieces.py``)."""
    return [f"{pkg}/{m}.py" for pkg, names in MODULES.items() for m in names]


def module_name(relative: str) -> str:
    return "mailbag." + relative.removesuffix(".py").replace("/", ".")


def imported_sources(relative: str) -> set[str]:
    """The mailbag modules ``relative`` imports by name (``from mailbag.x import y`` counts
    ``x.py`` or ``x/y.py``), relative to the package."""
    tree = ast.parse((PACKAGE / relative).read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    found = set()
    for name in names:
        if name == "mailbag" or not name.startswith("mailbag."):
            continue
        path = name.removeprefix("mailbag.").replace(".", "/")
        for candidate in (f"{path}.py", f"{path}/__init__.py"):
            if (PACKAGE / candidate).is_file():
                found.add(candidate)
    return found


def sources() -> dict[str, str]:
    """Each source the compiled modules are made from, with its hash: the modules themselves
    and the mailbag modules they import (whose constants and classes they may build in)."""
    made = set(module_files())
    for relative in module_files():
        made |= imported_sources(relative)
    return {relative: file_hash(PACKAGE / relative) for relative in sorted(made)}


def build(out: Path) -> None:
    work = out.parent / "compiled-cache" / "src"
    made = sources()
    shutil.rmtree(work / "mailbag", ignore_errors=True)
    shutil.copytree(
        PACKAGE, work / "mailbag", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    )
    for old in work.glob("*.so"):
        old.unlink()
    env = dict(os.environ, MYPYPATH=str(work), MAILBAG_BUILD="pure")
    env.pop("PYTHONPATH", None)
    files = [f"mailbag/{m}" for m in module_files()]
    mypyc = [sys.executable, "-m", "mypyc", "--strict", "--python-version", "3.11"]
    print(f"mypyc: compiling {len(files)} modules into {out} (a minute or more)", flush=True)
    done = subprocess.run([*mypyc, *files], cwd=work, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stdout.write(done.stdout[-20_000:] + done.stderr[-20_000:])
        raise SystemExit(f"compiled build failed (mypyc exit {done.returncode})")
    staging = out.with_name(out.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    for shared in work.glob("*__mypyc*.so"):
        shutil.copy2(shared, staging / shared.name)
    extensions = {}
    for relative in module_files():
        stem = (work / "mailbag" / relative).with_suffix("")
        (extension,) = stem.parent.glob(stem.name + ".*.so")
        target = Path("mailbag") / extension.relative_to(work / "mailbag")
        (staging / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(extension, staging / target)
        extensions[module_name(relative)] = target.as_posix()
    manifest = {"modules": module_files(), "extensions": extensions, "sources": made}
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)


def current() -> bool:
    manifest = read_manifest()
    return not isinstance(manifest, str) and manifest["modules"] == module_files()


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if missing or stale")
    args = parser.parse_args()
    out = COMPILED_DIR
    if args.check:
        ok = current()
        print("compiled build:", "up to date" if ok else "missing or stale", f"({out})")
        return 0 if ok else 1
    if current():
        print(f"compiled build up to date ({out})")
        return 0
    missing = compiler_missing()
    if missing is not None:
        print(f"compiled build skipped: {missing}; only the pure-Python build is tested")
        return 0
    build(out)
    print(f"compiled build ready: {out} (MAILBAG_BUILD=compiled selects it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
