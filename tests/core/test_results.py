"""The public ``mailbag.core.scores`` / ``ranking`` functions on built positions, and the
package's typing marker shipped with it."""

from __future__ import annotations

import tomllib
from pathlib import Path

from mailbag.core import ranking, scores
from mailbag.games.carteros import GAME
from mailbag.games.carteros.positions import build

ROOT = Path(__file__).resolve().parents[2]


def test_scores_and_places_of_a_built_position() -> None:
    # 3 letters (1 point each) against 2 parcels (2 points each): the parcels lead
    state = build(carriers=[{"delivered": {"letter": 3}}, {"delivered": {"parcel": 2}}])
    found = scores(GAME, state)
    assert [s.total for s in found] == [3, 4]
    assert found[1].breakdown["parcels"] == 4
    assert ranking(GAME, state) == [2, 1]
    # level on points and nothing else to tell them apart: they share first place
    level = build(carriers=[{"delivered": {"letter": 2}}, {"delivered": {"parcel": 1}}])
    assert ranking(GAME, level) == [1, 1]
    assert found == GAME.scores(state)  # the methods stay and agree


def test_the_package_says_it_is_typed_and_ships_the_marker() -> None:
    assert (ROOT / "src" / "mailbag" / "py.typed").is_file()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["mailbag"]
