"""The menus' keys (mailbag.table.keys): letters only, never the front end's own, never a letter
that reads like a digit; every entry of a list of any length has one, and none is the start of
another."""

from __future__ import annotations

import pytest

from mailbag.table.keys import LOOKALIKES, MOST, choice_keys, letters, match

RESERVED = set("quhov")


def test_the_letters_leave_out_the_reserved_and_the_lookalikes() -> None:
    free = letters(RESERVED)
    assert free == [c for c in "abcdefgijkmnprstwxyz"]
    assert not set(free) & (RESERVED | LOOKALIKES)
    assert not any(c.isdigit() for c in free)


@pytest.mark.parametrize("count", [0, 1, 5, 20, 21, 30, 45, 200, 400, 401, 5000])
def test_every_entry_has_a_key_and_none_starts_another(count: int) -> None:
    keys = choice_keys(count, RESERVED)
    assert len(keys) == count == len(set(keys))
    free = set(letters(RESERVED))
    for key in keys:
        assert set(key) <= free, key
        assert not any(other != key and other.startswith(key) for other in keys), key
    singles = [k for k in keys if len(k) == 1]
    if count <= len(free):
        assert keys == letters(RESERVED)[:count]
    else:  # as many single letters as the longer keys leave, first
        assert keys[: len(singles)] == singles
        assert max(len(k) for k in keys) <= 3


def test_match_reads_a_key_its_start_or_nothing() -> None:
    keys = choice_keys(45, RESERVED)
    assert match(keys, "a") == 0
    last = keys[-1]
    assert len(last) == 2
    assert match(keys, last[0]) == "more"
    assert match(keys, last) == 44
    assert match(keys, last.upper()) == 44
    assert match(keys, "q") is None and match(keys, "5") is None and match(keys, "") is None


def test_impossible_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        choice_keys(-1)
    with pytest.raises(ValueError):
        choice_keys(MOST + 1)
    with pytest.raises(ValueError):
        choice_keys(3, reserved="abcdefghijklmnopqrstuvwxyz")
