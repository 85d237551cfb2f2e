"""mailbag: Postcards, Post Office and Carteros, played by their printed rules.

The rules engines live in :mod:`mailbag.games`; :mod:`mailbag.core` is the contract every game
implements; bots, simulation and the command line sit on top and see games only through it.

``MAILBAG_BUILD=compiled`` (or ``auto``) runs the compiled copy of this package instead, built
by ``make compiled`` (see :mod:`mailbag._build`); by default this pure-Python package runs.
"""

import os as _os
import sys as _sys
from pathlib import Path as _Path

__version__ = "0.1.0"

_choice = _os.environ.get("MAILBAG_BUILD", "pure") or "pure"
#: the compiled copy has its stamp beside the package; this is the sources' copy
if _choice != "pure" and not (_Path(__file__).parent.parent / "SOURCE_HASH").is_file():
    import importlib as _importlib

    from mailbag._build import CHOICES as _CHOICES
    from mailbag._build import COMPILED_DIR as _COMPILED_DIR
    from mailbag._build import compiled_state as _compiled_state

    if _choice not in _CHOICES:
        raise ImportError(f"MAILBAG_BUILD={_choice}: choose one of {', '.join(_CHOICES)}")
    _why = _compiled_state(_Path(__file__).parent)
    if _why is None:  # load the compiled copy in place of this package
        _sys.path.insert(0, str(_COMPILED_DIR))
        for _name in [m for m in _sys.modules if m == "mailbag" or m.startswith("mailbag.")]:
            del _sys.modules[_name]
        _importlib.import_module("mailbag")
    elif _choice == "compiled":
        raise ImportError(f"MAILBAG_BUILD=compiled: {_why}")
