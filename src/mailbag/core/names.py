"""One rule for the names people give seats, from the lobby and the command line to the record,
and one way to show any text that came from outside (a name, a record's field) on a screen.

A name is a line of 1 to :data:`MAX_NAME` characters once stripped of surrounding spaces, with
no control character (ESC, CR, a tab, NUL …), no bidirectional override or isolate (which
reorder what is shown around them), no lone surrogate and no other invisible format character.
Everything that is shown of a name passes :func:`printable` too, so a record written by hand
with such a character still cannot clear a screen or reverse a line.
"""

from __future__ import annotations

import unicodedata

from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _

#: the longest name a seat may have, everywhere (lobby, ``--seats``, records)
MAX_NAME = 20

#: format characters a name may hold: the joiners that compose emoji and some scripts' words
_ALLOWED_FORMAT = frozenset({"\u200c", "\u200d"})


class SeatNameError(MailbagError):
    """A seat name that breaks the name rule, and why."""


def _unsafe(char: str) -> bool:
    """Whether ``char`` may not be shown as it is: a control, a surrogate, an unassigned or
    private-use code point, or a format character (bidirectional overrides among them)."""
    category = unicodedata.category(char)
    if category == "Cf":
        return char not in _ALLOWED_FORMAT
    return category in ("Cc", "Cs", "Co", "Cn") or category in ("Zl", "Zp")


def name_problem(value: object) -> str | None:
    """Why ``value`` is not a valid seat name (in the reader's language), or ``None``."""
    if not isinstance(value, str):
        return _("a name is text")
    name = value.strip()
    if not name:
        return _("a name cannot be empty")
    if len(name) > MAX_NAME:
        return _("a name has at most {limit} characters", limit=MAX_NAME)
    bad = next((c for c in name if _unsafe(c)), None)
    if bad is not None:
        return _(
            "a name cannot hold the invisible or control character {char}",
            char=f"U+{ord(bad):04X}",
        )
    return None


def check_name(value: object, where: str) -> str:
    """``value`` stripped, if it is a valid seat name; else :class:`SeatNameError` naming
    ``where`` and what was wrong."""
    problem = name_problem(value)
    if problem is not None:
        raise SeatNameError(_("{where}: {problem}", where=where, problem=problem))
    assert isinstance(value, str)
    return value.strip()


def printable(text: str) -> str:
    """``text`` safe to print on a terminal or put on a page: every control, surrogate and
    format character (bidirectional overrides among them) written as a visible ``\\uXXXX``."""
    if not any(_unsafe(c) for c in text):
        return text
    out = []
    for char in text:
        if not _unsafe(char):
            out.append(char)
        else:
            out.append(f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}")
    return "".join(out)
