"""The games mailbag plays, found by name: ``mailbag.games.get("postcards")``.

The registry itself lives in :mod:`mailbag.core.registry` (the built-in games are named there as
data); these are its functions under the name callers use.
"""

from mailbag.core.registry import get, names, register

__all__ = ["get", "names", "register"]
