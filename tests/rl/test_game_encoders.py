"""Each game's encoder lives in the game's own folder and the RL layer finds it through the game.

``games/<game>/encoder.py`` (with its C twin ``_encoder.c`` beside it) is named by the game's one
attribute ``Game.encoder``; it imports only the core, its own game's modules and the standard
library (numpy only inside a function, once an encoder is made), so importing a game never
brings in numpy or ``mailbag.rl``. The RL layer keeps no list of games' encoders: no module of
``mailbag.rl`` imports a game.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import mailbag.rl
from mailbag.core.encoding import Encoder
from mailbag.core.registry import BUILTIN, get

SRC = Path(mailbag.rl.__file__).resolve().parent.parent


def _imports(tree: ast.Module) -> tuple[list[str], list[str]]:
    """The modules ``tree`` imports outside any function, and those it imports inside one."""
    in_functions = {
        id(node)
        for func in ast.walk(tree)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(func)
    }
    top: list[str] = []
    inner: list[str] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module]
        (inner if id(node) in in_functions else top).extend(names)
    return top, inner


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_the_game_names_its_encoder_kept_in_its_own_folder(name: str) -> None:
    game = get(name)
    encoder = game.encoder
    assert isinstance(encoder, type) and issubclass(encoder, Encoder)
    assert encoder.__module__ == f"mailbag.games.{name}.encoder"
    assert encoder.native_twin == f"mailbag.games.{name}._encoder"
    folder = SRC / "games" / name
    assert (folder / "encoder.py").is_file() and (folder / "_encoder.c").is_file()
    # the action universe sits beside it
    assert list(encoder.actions(game, 2))


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_a_games_encoder_imports_only_the_core_its_game_and_the_standard_library(
    name: str,
) -> None:
    path = SRC / "games" / name / "encoder.py"
    top, inner = _imports(ast.parse(path.read_text(encoding="utf-8")))
    allowed = ("mailbag.core", f"mailbag.games.{name}")
    bad = [
        module
        for module in top
        if not module.startswith(allowed) and module.split(".")[0] not in sys.stdlib_module_names
    ]
    bad += [m for m in inner if m.startswith("mailbag.") and not m.startswith(allowed)]
    assert not bad, f"{path.relative_to(SRC)} reaches out of its game: {bad}"


def test_importing_the_games_and_their_encoders_loads_neither_numpy_nor_the_rl_layer() -> None:
    script = (
        "import sys\n"
        "from mailbag.core.registry import BUILTIN, get\n"
        "for name in BUILTIN:\n"
        "    assert get(name).encoder is not None\n"
        "print(sorted(m for m in ('numpy', 'mailbag.rl') if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "[]"


def test_the_rl_layer_imports_no_game() -> None:
    bad = []
    for path in sorted((SRC / "rl").glob("*.py")):
        top, inner = _imports(ast.parse(path.read_text(encoding="utf-8")))
        bad += [f"{path.name}: {m}" for m in top + inner if m.startswith("mailbag.games")]
    assert not bad, "mailbag.rl reaches into a game:\n" + "\n".join(bad)
