"""Test-wide set-up: the contract helpers (tests/contract) are importable from every test."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "contract"))
