"""MAILBAG_BUILD chooses the build, and ``mailbag bench`` says which one it measured."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mailbag._build import COMPILED_DIR, build_name, compiled_state

SRC = Path(__file__).resolve().parents[2] / "src" / "mailbag"


def _python(code: str, build: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, MAILBAG_BUILD=build)
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )


SHOW = (
    "import mailbag, mailbag._build as b; from mailbag.games.carteros import legal;"
    "print(b.build_name(), mailbag.__file__, legal.__file__)"
)


def test_the_tests_run_the_pure_package() -> None:
    assert build_name() == "pure"


def test_pure_is_the_sources_and_a_wrong_choice_is_refused() -> None:
    done = _python(SHOW, "pure")
    assert done.returncode == 0, done.stderr
    name, package, module = done.stdout.split()
    assert name == "pure" and Path(package).parent == SRC and module.endswith("legal.py")
    wrong = _python(SHOW, "fastest")
    assert wrong.returncode != 0 and "MAILBAG_BUILD=fastest" in wrong.stderr


def test_compiled_loads_the_compiled_copy_or_says_why_not() -> None:
    done = _python(SHOW, "compiled")
    why = compiled_state()
    if why is not None:  # missing or stale: refused with the reason, never the pure build quietly
        assert done.returncode != 0 and "make compiled" in done.stderr
        auto = _python(SHOW, "auto")
        assert auto.returncode == 0 and auto.stdout.split()[0] == "pure"
        return
    assert done.returncode == 0, done.stderr
    name, package, module = done.stdout.split()
    assert name == "compiled" and Path(package).parent == SRC  # the package: the sources'
    assert Path(module).is_relative_to(COMPILED_DIR) and not module.endswith(".py")


@pytest.mark.parametrize("build", ["pure", "compiled"])
def test_bench_says_which_build_it_measured(build: str) -> None:
    if build == "compiled" and compiled_state() is not None:
        pytest.skip("no up-to-date compiled build (make compiled)")
    code = (
        "import json; from mailbag import games; from mailbag.bench.rules import run_bench;"
        "r = run_bench(games.get('carteros'), seconds=0.05);"
        "print(json.dumps({'build': r['build'], 'd': r['random_playout']['decisions']}))"
    )
    done = _python(code, build)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["build"] == build and result["d"] > 0


def test_a_stale_build_is_refused_and_auto_falls_back(tmp_path: Path) -> None:
    """A manifest whose hash of a source no longer matches: compiled refuses, naming the source;
    auto runs the pure package."""
    manifest = {
        "modules": ["core/rng.py"],
        "extensions": {"mailbag.core.rng": "mailbag/core/rng.so"},
        "sources": {"core/rng.py": "0" * 64},
    }
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    env = dict(os.environ, MAILBAG_COMPILED_DIR=str(tmp_path))
    for build, ok in (("compiled", False), ("auto", True)):
        done = subprocess.run(
            [sys.executable, "-c", SHOW],
            env={**env, "MAILBAG_BUILD": build},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert (done.returncode == 0) is ok, done.stderr
        if ok:
            assert done.stdout.split()[0] == "pure"
        else:
            assert "older than mailbag/core/rng.py" in done.stderr
