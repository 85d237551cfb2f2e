"""The catalog marks: ``N_`` and ``NC_`` mark a text for the catalogs where it is written and
return it unchanged; it is translated where shown (:mod:`mailbag.core.i18n`, which re-exports
them).

A module of their own so that the compiled build compiles them: the rules mark every event's
text, and a compiled module calls a compiled function directly, where a call into an
interpreted one is a dictionary lookup and a Python call each time.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is written; it is translated where shown."""
    return message


def NC_(context: str, message: str) -> str:
    """:func:`N_` for a text translated with :func:`pgettext` where shown (a score category
    named in a table of constants)."""
    return message
