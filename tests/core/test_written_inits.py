"""The state classes whose ``__init__`` is written out (mypyc compiles a written one; the one
``@dataclass`` generates runs interpreted) take and keep every field of the dataclass: a field
added to the class but not to its ``__init__`` fails here, not in a game."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from mailbag.games.carteros import state as carteros_state
from mailbag.games.post_office import player as post_office_player
from mailbag.games.postcards import state as postcards_state

MODULES = (postcards_state, carteros_state, post_office_player)


def _is_written(kind: type) -> bool:
    """Whether ``kind.__init__`` is the class's own code, not the one @dataclass generated (whose
    code comes from a string)."""
    return kind.__init__.__code__.co_filename != "<string>"  # type: ignore[misc]


WRITTEN = [
    kind
    for module in MODULES
    for _, kind in inspect.getmembers(module, inspect.isclass)
    if kind.__module__ == module.__name__ and dataclasses.is_dataclass(kind) and _is_written(kind)
]


def test_the_written_inits_are_found() -> None:
    names = {k.__name__ for k in WRITTEN}
    assert {"Turn", "Frame", "OwnedPostcard", "Task"} <= names and "Player" in names


@pytest.mark.parametrize("kind", WRITTEN, ids=lambda k: f"{k.__module__}.{k.__name__}")
def test_a_written_init_takes_and_keeps_every_field(kind: type) -> None:
    values: dict[str, object] = {}
    for i, f in enumerate(dataclasses.fields(kind)):
        kind_text = str(f.type)
        values[f.name] = (
            [i + 1] if "list" in kind_text else f"v{i}" if "str" in kind_text else i + 1
        )
    made = kind(**values)
    assert {name: getattr(made, name) for name in values} == values
    # and the defaults are the dataclass's own
    required = {
        f.name: values[f.name]
        for f in dataclasses.fields(kind)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    plain = kind(**required)
    for f in dataclasses.fields(kind):
        if f.name not in required:
            default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
            assert getattr(plain, f.name) == default, f.name
