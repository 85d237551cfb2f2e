"""Build the compiled copy of mailbag: the hot modules compiled to C extensions with mypyc.

``make compiled`` runs this. It copies ``src/mailbag`` to ``build/compiled/mailbag`` (sources,
data and all), compiles the modules of :data:`MODULES` there with mypyc, and leaves each
extension beside its source, where Python's import finds it first. The copy is the compiled
build; ``src/mailbag`` stays the pure-Python package, the fallback and the reference. Running
with ``MAILBAG_BUILD=compiled`` makes ``import mailbag`` load the copy (see
``mailbag/_build.py``). ``build/compiled/SOURCE_HASH`` records the sources it was made from:
the compiled build refuses to load once ``src/mailbag`` has changed since.

Nothing in the compiled modules differs from their sources: the same code, compiled. The
differential test (tests/speed/test_compiled.py) plays the same seeded games with both builds
and requires identical records.

Usage: python tools/compile.py [--check]   (--check: exit 1 when the build is missing or stale)
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))

from mailbag._build import COMPILED_DIR, source_hash  # noqa: E402

#: the modules compiled, by package: the rules' hot paths (legal actions, apply, new game,
#: copy, view, determinize, heuristics, scoring), the generator, and the search. Modules not
#: listed (texts, rendering, clicks, validation, position builders, the game classes that
#: tests subclass, and the behaviours whose signatures the component loaders read: Postcards'
#: effect_icons and gifts) stay interpreted in both builds.
MODULES: dict[str, tuple[str, ...]] = {
    "core": ("rng",),
    "games/postcards": (
        "actions",
        "automa",
        "heuristics",
        "reveal",
        "rules",
        "scoring",
        "travel_actions",
        "turn",
        "view",
    ),
    "games/post_office": (
        "bitboard",
        "copier",
        "geometry",
        "goals",
        "heuristics",
        "legal",
        "reveal",
        "rules",
        "scoring",
        "view",
    ),
    "games/carteros": (
        "action_cards",
        "decisions",
        "effects",
        "heuristics",
        "house_cards",
        "legal",
        "reveal",
        "rules",
        "scoring",
        "view",
    ),
    "bots": ("mcts",),
}


def module_files() -> list[str]:
    return [f"mailbag/{pkg}/{m}.py" for pkg, names in MODULES.items() for m in names]


def have_compiler() -> str | None:
    """The C compiler Python's build uses, when it is there."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) or shutil.which("cc")


def build(out: Path) -> None:
    staging = out.with_name(out.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    digest = source_hash(SRC / "mailbag")
    shutil.copytree(
        SRC / "mailbag",
        staging / "mailbag",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"),
    )
    # the previous build's C files and objects: mypyc and setuptools redo only what changed
    cache = out.parent / "compiled-cache"
    cache.mkdir(parents=True, exist_ok=True)
    for name in ("build", ".mypy_cache"):
        (staging / name).symlink_to(cache / name.lstrip("."), target_is_directory=True)
        (cache / name.lstrip(".")).mkdir(exist_ok=True)
    env = dict(os.environ, MYPYPATH=str(staging), MAILBAG_BUILD="pure")
    env.pop("PYTHONPATH", None)
    mypyc = [sys.executable, "-m", "mypyc", "--strict", "--python-version", "3.11"]
    print(f"mypyc: compiling {len(module_files())} modules into {out} (a minute or more)")
    done = subprocess.run(
        [*mypyc, *module_files()], cwd=staging, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.stdout.write(done.stdout[-20_000:] + done.stderr[-20_000:])
        raise SystemExit(f"compiled build failed (mypyc exit {done.returncode})")
    for name in ("build", ".mypy_cache"):
        (staging / name).unlink()
    (staging / "SOURCE_HASH").write_text(f"{digest}\n{' '.join(module_files())}\n")
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if missing or stale")
    args = parser.parse_args()
    out = COMPILED_DIR
    stamp = out / "SOURCE_HASH"
    current = stamp.is_file() and stamp.read_text().split("\n")[:2] == [
        source_hash(SRC / "mailbag"),
        " ".join(module_files()),
    ]
    if args.check:
        print("compiled build:", "up to date" if current else "missing or stale", f"({out})")
        return 0 if current else 1
    if current:
        print(f"compiled build up to date ({out})")
        return 0
    if have_compiler() is None:
        print("compiled build skipped: no C compiler (cc) found; the pure-Python build is used")
        return 0
    build(out)
    print(f"compiled build ready: {out} (MAILBAG_BUILD=compiled selects it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
