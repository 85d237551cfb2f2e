"""The contract checks ship with mailbag (``mailbag.testing``): an outside game imports them from
the installed package, without pytest, and runs them by a call or as parametrized cases."""

from __future__ import annotations

import subprocess
import sys

import pytest
from test_negative import LeakyView
from tiny import GAME

from mailbag.testing import CHECKS, check_game, contract_cases


def test_mailbag_testing_imports_without_pytest() -> None:
    script = (
        "import sys; sys.modules['pytest'] = None; sys.modules['_pytest'] = None\n"
        "import mailbag.testing as t; print(sorted(t.CHECKS))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(sorted(CHECKS))


def test_cases_cover_every_check_and_seat_count() -> None:
    cases = contract_cases(GAME, seeds=3)
    assert {c.check for c in cases} == set(CHECKS)
    assert {len(c.seats) for c in cases} == {2, 3}
    assert all(c.seeds == (0, 1, 2) for c in cases)
    assert "views-tiny-player+player-hand=2" in {str(c) for c in cases}
    only = contract_cases(GAME, seeds=[7], seat_counts=[3], checks=["playout"])
    assert only and {(c.check, c.seats, c.seeds) for c in only} == {
        ("playout", ("player",) * 3, (7,))
    }
    assert len(only) == len(GAME.spec.contract_option_sets())
    with pytest.raises(ValueError, match="no contract check named"):
        contract_cases(GAME, checks=["nonsense"])


def test_check_game_passes_a_sound_game_and_names_what_a_leaky_one_breaks() -> None:
    check_game(GAME, seeds=1, seat_counts=[2])
    with pytest.raises(AssertionError, match=r"views-tiny-player\+player.* seed 0: contract 4"):
        check_game(LeakyView(), seeds=1, checks=["views"])
