"""One game, one folder: every built-in game has the same modules, doing the same jobs under the
same names with the same argument order (the loaded data first, always ``components``), and its
tests mirror it (``tests/games/<game>/test_<topic>.py``). docs/contributing.md ("Adding a game")
names every file this test checks; whoever learns one game finds the others laid out the same."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from mailbag.core.game import Game
from mailbag.core.presentation import Presentation, SearchHints
from mailbag.core.registry import BUILTIN

SRC = Path(__file__).resolve().parents[2] / "src" / "mailbag"
TESTS = Path(__file__).resolve().parent
GAMES = sorted(BUILTIN)

#: module -> its functions' names and leading parameters, the same in every game
JOBS: dict[str, dict[str, tuple[str, ...]]] = {
    "setup": {"deal": ("components", "seats", "options", "seed")},
    "legal": {
        "deciders": ("components", "state"),
        "legal_actions": ("components", "state", "seat"),
        "explain": ("components", "state", "seat", "action"),
    },
    "apply": {"apply_action": ("components", "state", "seat", "action")},
    "view": {
        "view": ("components", "state", "seat"),
        "determinize": ("components", "observation", "rng"),
    },
    "scoring": {
        "scores": ("components", "state"),
        "rank_key": ("components", "state", "seat"),
    },
    "validate": {"check_state": ("components", "state")},
    "reveal": {"reveals": ("components", "before", "seat", "action", "after", "events")},
    "render": {
        "render": ("components", "observation"),
        "sections": ("components", "observation"),
        "describe_action": ("components", "observation", "action"),
    },
    "clicks": {
        "board_data": ("components",),
        "click_path": ("components", "observation", "action"),
    },
    "heuristics": {
        "heuristic": ("components", "state", "seat"),
        "heuristics": ("components", "state"),
    },
    "components": {"load_default": (), "parse_components": ("text", "source")},
    "positions": {"describe": ("state",), "build": ()},
}
#: modules every game has beside those above
MODULES = {"__init__", "game", "state", "texts", "encoder", *JOBS}
#: names no game may use for a module (they meant a different thing in each game)
RETIRED = {"rules", "notation"}
#: what the Game subclass leaves to its two halves
PRESENTATION = ("render", "describe_action", "event_text", "board_data", "click_path")
SEARCH = ("heuristic", "heuristics", "search_settings")


def folder(game: str) -> Path:
    return SRC / "games" / game


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_modules(game: str) -> None:
    have = {p.stem for p in folder(game).glob("*.py")}
    assert not MODULES - have, f"{game} lacks {sorted(MODULES - have)}"
    assert not RETIRED & have, f"{game} still has {sorted(RETIRED & have)}"
    for extra in ("data", "web"):
        assert (folder(game) / extra).is_dir(), f"{game} has no {extra}/"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("module", sorted(JOBS))
def test_the_same_jobs_have_the_same_names_and_arguments(game: str, module: str) -> None:
    mod = importlib.import_module(f"mailbag.games.{game}.{module}")
    for name, params in JOBS[module].items():
        function = getattr(mod, name, None)
        assert callable(function), f"{game}/{module}.py has no {name}()"
        got = tuple(inspect.signature(function).parameters)[: len(params)]
        assert got == params, f"{game}/{module}.py {name}{got}: expected {params} first"


@pytest.mark.parametrize("game", GAMES)
def test_spec_and_game_are_made_in_the_package(game: str) -> None:
    package = importlib.import_module(f"mailbag.games.{game}")
    source = (folder(game) / "__init__.py").read_text(encoding="utf-8")
    assigned = {
        target.id
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.AnnAssign | ast.Assign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    assert {"SPEC", "GAME"} <= assigned, f"{game}/__init__.py does not make {'SPEC', 'GAME'}"
    game_object = package.GAME
    assert isinstance(game_object, Game) and game_object.spec is package.SPEC
    heuristics = importlib.import_module(f"mailbag.games.{game}.heuristics")
    assert isinstance(heuristics.SEARCH_SETTINGS, dict)


@pytest.mark.parametrize("game", GAMES)
def test_the_game_class_leaves_presentation_and_search_to_their_halves(game: str) -> None:
    game_object = importlib.import_module(f"mailbag.games.{game}").GAME
    cls = type(game_object)
    own = set(vars(cls))
    assert not own & {*PRESENTATION, *SEARCH}, (
        f"{cls.__name__} defines {own & {*PRESENTATION, *SEARCH}}"
    )
    assert issubclass(cls.presentation_type, Presentation)
    assert cls.presentation_type.__module__ == f"mailbag.games.{game}.game"
    assert issubclass(cls.search_type, SearchHints)
    assert cls.search_type.__module__ == f"mailbag.games.{game}.game"
    assert cls.encoder is not None


def _names_in(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


@pytest.mark.parametrize("game", GAMES)
def test_the_loaded_data_has_one_name(game: str) -> None:
    wrong = {
        f"{path.name}: {name}"
        for path in folder(game).glob("*.py")
        for name in _names_in(path) & {"comps", "tables"}
    }
    assert not wrong, f"{game} calls its loaded data otherwise than `components`: {sorted(wrong)}"


def test_no_core_module_imports_a_game() -> None:
    for path in (SRC / "core").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("mailbag.games"), f"core/{path.name}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("mailbag.games"), f"core/{path.name}"


@pytest.mark.parametrize("game", GAMES)
def test_the_tests_mirror_the_folder(game: str) -> None:
    here = TESTS / game
    assert (here / "__init__.py").exists(), f"tests/games/{game} is not a package"
    prefixes = ("test_po_", "test_pc_", f"test_{game}_", "test_carteros_", "test_post_office_")
    named = sorted(p.name for p in here.glob("test_*.py") if p.name.startswith(prefixes))
    assert not named, f"tests/games/{game}: drop the game's prefix from {named}"
    others = sorted(
        p.name
        for p in here.glob("*.py")
        if not p.name.startswith("test_")
        and p.name not in {"__init__.py", "builder.py", "conftest.py"}
    )
    assert all(not name.endswith("_builder.py") for name in others), others
