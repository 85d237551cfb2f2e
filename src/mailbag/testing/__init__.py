"""Tools for a game's author: the contract checks that every game of mailbag passes, shipped with
mailbag so a game in a package of its own runs them against the installed mailbag
(:mod:`mailbag.testing.contract`). Developer-facing: its messages are English, not translated.
Nothing here imports pytest.
"""

from mailbag.testing.contract import (
    CHECKS,
    ContractCase,
    check_game,
    combinations,
    contract_cases,
    random_walk,
)

__all__ = ["CHECKS", "ContractCase", "check_game", "combinations", "contract_cases", "random_walk"]
