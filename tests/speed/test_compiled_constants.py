"""The compiled modules' constants are ``Final``: mypyc builds a ``Final`` constant into the code
(a literal) or keeps it in a C static, where a plain module global is looked up in the module's
dictionary, and its type checked, at every read.

Checked over the modules tools/compile.py compiles and the game modules they import: every
module-level name in capitals assigned once is annotated ``Final``.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
CONSTANT = re.compile(r"^_?[A-Z][A-Z0-9_]+$")


def _compile_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("compile_tool", ROOT / "tools" / "compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _plain_constants(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple):
            # ``A, B = 1, 2`` cannot be annotated: each name must be assigned on its own
            names = [n.id for n in node.targets[0].elts if isinstance(n, ast.Name)]
            found += [f"{path}:{node.lineno} {n}" for n in names if CONSTANT.match(n)]
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, annotation = node.targets[0], None
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, annotation = node.target, node.annotation
        else:
            continue
        if not isinstance(target, ast.Name) or not CONSTANT.match(target.id):
            continue
        value = node.value
        if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "TypeVar":
            continue
        if annotation is None or "Final" not in ast.unparse(annotation):
            found.append(f"{path}:{node.lineno} {target.id}")
    return found


def test_compiled_modules_constants_are_final() -> None:
    tool = _compile_tool()
    files = set(tool.module_files()) | {
        f for f in tool.sources() if f.startswith("games/") or f.startswith("bots/mcts")
    }
    assert "games/postcards/state.py" in files and "core/rng.py" in files
    plain = [c for f in sorted(files) for c in _plain_constants(tool.PACKAGE / f)]
    assert plain == [], "module constants to annotate Final:\n" + "\n".join(plain)


def test_the_check_sees_a_plain_constant(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        'from typing import Final\nAA: Final = 1\nBB = 2\nCC: int = 3\nT = TypeVar("T")\n'
        "DD, EE = 4, 5\n"
    )
    found = [entry.split()[-1] for entry in _plain_constants(module)]
    assert found == ["BB", "CC", "DD", "EE"]
