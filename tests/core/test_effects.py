"""The registry of named effects that component data refers to."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mailbag.core import ComponentError
from mailbag.core.effects import Effects


def test_data_names_an_effect_and_gets_its_function() -> None:
    effects: Effects[Callable[[int], int]] = Effects("test card")

    @effects.register("double")
    def double(x: int) -> int:
        return 2 * x

    assert effects.get("double", "cards.toml: card 1")(4) == 8
    assert effects.names() == {"double"}
    with pytest.raises(ComponentError, match="card 2: unknown test card effect 'tripple'; known"):
        effects.get("tripple", "cards.toml: card 2")
    with pytest.raises(ValueError, match="registered twice"):
        effects.register("double")(double)


def test_toml_that_would_exhaust_the_parser_is_refused() -> None:
    from mailbag.core.files import parse_toml

    assert parse_toml("a = 1\n[b]\nc = [1, 2]\n", "x.toml") == {"a": 1, "b": {"c": [1, 2]}}
    with pytest.raises(ComponentError, match=r"x.toml: line 2: a dotted key of more than 32"):
        parse_toml("a = 1\n" + ".".join(["k"] * 40_000) + " = 1\n", "x.toml")
    with pytest.raises(ComponentError, match="nested too deeply"):
        parse_toml("a = " + "[" * 10_000 + "]" * 10_000, "x.toml")
    with pytest.raises(ComponentError, match="not valid TOML"):
        parse_toml("a = = 1", "x.toml")
