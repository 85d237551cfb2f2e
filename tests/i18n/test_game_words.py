"""A game's words live with the game: the kinds its positions name and the rulebook sections its
refusals cite are marked in that game's own catalog area, and the core's lists hold only the
words of no game (a seat, a decision, a phase; a table's and a server's rules, the notation)."""

from __future__ import annotations

import ast
import re

import pytest
from areas import SRC, files_of, messages_of

from mailbag.core import errors, positions

GAMES = ("postcards", "post_office", "carteros")
#: the core's own words: every game may use them without marking them again
GENERIC_KINDS = {"seat", "decision", "phase"}
GENERIC_RULES = {"away", "stale", "undo", "notation"}
#: a ruling's id (``CA-4``) reads the same in every language
RULING = re.compile(r"^[A-Z]{2}-\d+$")
#: core.positions' helpers and the argument that names what is looked up
NAMING = {"lookup": 0, "take": 0, "twice": 0, "square": 0, "check_seat": 2}


def _literal(call: ast.Call, index: int) -> str | None:
    arg = call.args[index] if len(call.args) > index else None
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def _called(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _words(game: str) -> tuple[set[str], set[str]]:
    """(the kinds named in the game's positions.py, the rules named by its refusals)."""
    kinds: set[str] = set()
    rules: set[str] = set()
    for path in files_of(game):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = _called(node)
            if path.name == "positions.py" and name in NAMING:
                word = _literal(node, NAMING[name])
                kinds |= {word} if word else set()
            elif name == "IllegalAction":
                word = _literal(node, 0)
                rules |= {word} if word and not RULING.match(word) else set()
    return kinds, rules


def test_the_core_lists_only_the_words_of_no_game() -> None:
    assert set(positions.KINDS) == GENERIC_KINDS
    assert set(errors.RULE_NAMES) == GENERIC_RULES


@pytest.mark.parametrize("game", GAMES)
def test_a_games_words_are_marked_in_its_own_catalog(game: str) -> None:
    kinds, rules = _words(game)
    assert kinds and rules  # the walk found the game's words
    marked = {(context, msgid) for context, msgid, _path, _line in messages_of(game)}
    missing = sorted(k for k in kinds - GENERIC_KINDS if (None, k) not in marked)
    missing += sorted(f"rule {r}" for r in rules - GENERIC_RULES if ("rule", r) not in marked)
    where = SRC / "games" / game
    assert not missing, f"not marked under {where.relative_to(SRC)}: {missing}"
