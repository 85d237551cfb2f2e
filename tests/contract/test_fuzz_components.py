"""Fuzzing component files: a mutated copy of each game's shipped component file is refused
with an error naming the problem, or gives a game that plays; never a crash."""

from __future__ import annotations

import os
from importlib import resources

import pytest
from fuzz import fuzz_components

from mailbag.core.registry import get

COUNT = int(os.environ.get("MAILBAG_FUZZ_COMPONENTS", "400"))

#: (game, shipped component file): a user's file has the same format
SHIPPED = [
    ("postcards", "data/components.toml"),
    ("carteros", "data/components.toml"),
    ("post_office", "data/goals.toml"),
    ("post_office", "data/box.toml"),
    ("post_office", "data/parcels.toml"),
]


@pytest.mark.parametrize(("name", "path"), SHIPPED)
def test_mutated_component_files_are_refused_or_play(name: str, path: str) -> None:
    package = f"mailbag.games.{name}"
    text = resources.files(package).joinpath(path).read_text(encoding="utf-8")
    _accepted, refused = fuzz_components(get(name), text, 7, COUNT)
    assert refused > 0, "no mutant was refused: the fuzzer is not reaching the checks"
