"""Test games for the bot tests: the contract's tiny game and the Duel game (simultaneous picks
and reactions), importable as plain modules."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for folder in (HERE.parent / "contract", HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
