"""The core knows no game: no module of ``mailbag.core`` imports a game or a layer above the core.

The built-in games are named in the registry as data (a module path loaded when asked for); an
``import`` statement, or ``importlib.import_module`` / ``__import__`` of a written-out name,
reaching up from the core is a failure naming the file and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import mailbag.core

CORE = Path(mailbag.core.__file__).parent

#: the packages and modules over the core (the core may use mailbag.core.*, mailbag.paths and
#: mailbag._build, leaves with no game in them)
ABOVE = (
    "games",
    "table",
    "bots",
    "sim",
    "server",
    "tui",
    "rl",
    "cli",
    "terminal",
    "bench",
    "testing",
    "i18n",
)


def _above(module: str) -> bool:
    parts = module.split(".")
    return len(parts) >= 2 and parts[0] == "mailbag" and parts[1] in ABOVE


def _imports(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from .. import x reaches out of mailbag.core
                base = ["mailbag", "core"][: max(0, 2 - (node.level - 1))]
                module = ".".join([*base, *(node.module.split(".") if node.module else [])])
                names = [module] if node.module else [f"{module}.{a.name}" for a in node.names]
                found += [(node.lineno, name) for name in names]
            elif node.module == "mailbag":
                found += [(node.lineno, f"mailbag.{alias.name}") for alias in node.names]
            elif node.module:
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            if (
                called in ("import_module", "__import__")
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
            ):
                found.append((node.lineno, first.value))
    return found


def test_the_core_imports_no_game_and_no_layer_above_it() -> None:
    files = sorted(CORE.rglob("*.py"))
    assert len(files) > 10  # the walk found the core
    bad = [
        f"{path.relative_to(CORE.parent)}:{line}: {module}"
        for path in files
        for line, module in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        if _above(module)
    ]
    assert not bad, "the core reaches up:\n" + "\n".join(bad)


def test_the_walk_sees_every_form_of_import() -> None:
    code = (
        "import mailbag.games\n"
        "from mailbag.table import x\n"
        "from mailbag import bots\n"
        "from ..sim import y\n"
        "import importlib\n"
        "importlib.import_module('mailbag.rl')\n"
        "from mailbag.core.rng import Rng\n"
    )
    seen = [module for _, module in _imports(ast.parse(code)) if _above(module)]
    assert seen == ["mailbag.games", "mailbag.table", "mailbag.bots", "mailbag.sim", "mailbag.rl"]
