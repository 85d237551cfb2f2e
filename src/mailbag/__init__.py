"""mailbag: Postcards, Post Office and Carteros, played by their printed rules.

The rules engines live in :mod:`mailbag.games`; :mod:`mailbag.core` is the contract every game
implements; bots, simulation and the command line sit on top and see games only through it.

``MAILBAG_BUILD=compiled`` (or ``auto``) runs the hot modules from the compiled build made by
``make compiled`` (see :mod:`mailbag._build`); by default everything runs as pure Python.
"""

import os as _os

__version__ = "0.1.0"

if (_os.environ.get("MAILBAG_BUILD") or "pure") != "pure":
    from mailbag._build import choose as _choose

    _choose(_os.environ["MAILBAG_BUILD"])
