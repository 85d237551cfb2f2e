"""Every Python module of ``src/mailbag`` ships in the wheel: it sits in a package that
setuptools finds (a folder with an ``__init__.py``: ``mailbag.cli``, ``mailbag.bench`` …) or is
package data (the database migrations). A folder of modules without an ``__init__.py`` would
import from a checkout and be missing from an installed mailbag."""

from __future__ import annotations

import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def test_every_module_is_in_a_package_or_package_data() -> None:
    packages = set(find_packages(str(SRC)))
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    shipped_as_data = {
        path
        for package, patterns in data.items()
        for pattern in patterns
        for path in (SRC / package.replace(".", "/")).glob(pattern)
    }
    modules = [p for p in (SRC / "mailbag").rglob("*.py") if "vendor" not in p.parts]
    assert len(modules) > 100  # the walk found the package
    left_out = [
        str(path.relative_to(SRC))
        for path in modules
        if ".".join(path.parent.relative_to(SRC).parts) not in packages
        and path not in shipped_as_data
    ]
    assert not left_out, "modules the wheel would not ship:\n" + "\n".join(left_out)
    assert {"mailbag.cli", "mailbag.bench"} <= packages
