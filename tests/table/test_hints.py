"""Hints (mailbag.table.hints): never using what the seat cannot see, reproducible, who may ask
by default, and asking for one in line mode."""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from mailbag.cli import app
from mailbag.core import Rng, canonical_json
from mailbag.core.game import new_game
from mailbag.core.registry import get
from mailbag.table.hints import Hint, compute_hint, hints_by_default

runner = CliRunner()
SMALL = "mcts:iters=120"


def _position(name: str, seats: Any, seed: int, steps: int) -> tuple[Any, Any]:
    """A position ``steps`` random decisions into a game, and the game."""
    game = get(name)
    state = new_game(game, seats, None, seed)
    rng = Rng.from_seed(seed, 77)
    for _step in range(steps):
        deciders = game.deciders(state)
        if not deciders:
            break
        seat = deciders[0]
        legal = game.legal_actions(state, seat)
        state = game.copy(state)
        game.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
    return game, state


def _hint_on(game: Any, state: Any, seat: int) -> Hint:
    return compute_hint(
        game, seat, game.view(state, seat), game.legal_actions(state, seat), kind=SMALL
    )


def _as_data(hint: Hint) -> list[tuple[str, int, float]]:
    return [(str(c.action), c.visits, c.value) for c in hint.choices]


@pytest.mark.parametrize(
    ("name", "seats", "steps"),
    [("postcards", ("player", "player"), 3), ("post_office", 3, 2), ("carteros", 2, 4)],
)
def test_a_hint_never_changes_with_what_the_seat_cannot_see(
    name: str, seats: Any, steps: int
) -> None:
    game, state = _position(name, seats, 11, steps)
    seat = game.deciders(state)[0]
    view = game.view(state, seat)
    # another world the seat cannot tell apart: everything hidden from it redrawn
    other = game.determinize(view, Rng.from_seed(99))
    assert canonical_json(game.copy(other)) != canonical_json(game.copy(state)), (
        "the two worlds must differ in hidden parts for this test to mean anything"
    )
    assert canonical_json(game.view(other, seat)) == canonical_json(view)
    hint = _hint_on(game, state, seat)
    assert len(hint.choices) >= 2 and hint.iterations == 120
    assert _as_data(_hint_on(game, other, seat)) == _as_data(hint)
    # the test has teeth: a search that planned on the true state (no redrawing) would tell the
    # two worlds apart
    real = game.determinize

    def leaky() -> list[Any]:
        found = []
        for world in (state, other):
            game.determinize = lambda _view, _rng, w=world: game.copy(w)  # type: ignore[method-assign]
            try:
                found.append(_as_data(_hint_on(game, world, seat)))
            finally:
                game.determinize = real  # type: ignore[method-assign]
        return found

    first, second = leaky()
    assert first != second


def test_a_hint_is_reproducible_and_ordered_by_visits() -> None:
    game, state = _position("carteros", 2, 5, 0)
    seat = game.deciders(state)[0]
    assert len(game.legal_actions(state, seat)) > 3
    a, b = _hint_on(game, state, seat), _hint_on(game, state, seat)
    assert _as_data(a) == _as_data(b)
    visits = [c.visits for c in a.choices]
    assert visits == sorted(visits, reverse=True) and len(visits) == 3
    assert all(0.0 <= c.value <= 1.0 and 0.0 < c.share <= 1.0 for c in a.choices)
    assert a.iterations == 120


def test_hints_by_default_one_person_against_bots_only() -> None:
    assert hints_by_default(["human", "automa:expert"])
    assert hints_by_default(["greedy", "human", "mcts"])
    assert not hints_by_default(["human", "human"])
    assert not hints_by_default(["greedy", "random"])


def test_line_mode_hint_when_allowed_and_refused_when_off(tmp_path: Any) -> None:
    args = ["play", "postcards", "--seats", "human,automa:normal", "--seed", "3", "--plain"]
    shown = runner.invoke(app, [*args, "--record", str(tmp_path / "a.jsonl")], input="hint\nquit\n")
    assert shown.exit_code == 0, shown.output
    assert "(hint shows the best choices a search finds)" in shown.output
    said = " ".join(shown.output.split())  # the console wraps long lines
    assert "hint (a search of 1000 iterations on what you can see):" in said
    assert " 1. " not in said and len(re.findall(r" [a-z]{1,2}(?: ▸ [a-z]{1,2})*\) ", said)) >= 3
    assert said.count("% of the search, expected result 0.") == 3
    off = runner.invoke(
        app, [*args, "--no-hints", "--record", str(tmp_path / "b.jsonl")], input="hint\nquit\n"
    )
    assert off.exit_code == 0, off.output
    assert "hints are off in this game" in off.output and "% of the search" not in off.output
