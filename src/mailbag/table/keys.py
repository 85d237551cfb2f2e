"""The keys of a menu's entries, for every front end: letters that never look like the numbers on
a board (a region 5, a parcel 10), one per entry however long the list.

:func:`choice_keys` gives ``count`` entries their keys: single letters (``a``, ``b``, … leaving
out the front end's own keys and :data:`LOOKALIKES`) while they last; a longer list keeps single
letters for its first entries and gives the rest two letters, the first of which is never a key
on its own (``y`` then ``ya``, ``yb`` …), so a key is never the start of another and every entry
is reachable by its key (a list of 400 entries too). :func:`match` reads what was typed so far:
an entry, the start of one, or nothing.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence

#: letters never used as keys: they look like digits (``l`` like 1, ``o`` like 0)
LOOKALIKES = frozenset("lo")
#: the most keys one list may have (three letters deep): no menu comes near it
MOST = 26**3


def letters(reserved: Iterable[str] = ()) -> list[str]:
    """The letters a menu may use, in alphabetical order: ``a``–``z`` without ``reserved`` (the
    front end's own keys) and :data:`LOOKALIKES`."""
    taken = {key.lower() for key in reserved if len(key) == 1} | LOOKALIKES
    return [c for c in string.ascii_lowercase if c not in taken]


def choice_keys(count: int, reserved: Iterable[str] = ()) -> list[str]:
    """``count`` distinct keys, in list order: single letters while they last, then two (or,
    for a very long list, three) letters whose first letters are not keys of their own. No key
    is the beginning of another. Raises ``ValueError`` for a negative count, one over
    :data:`MOST`, or when no letter is left."""
    free = letters(reserved)
    if count < 0 or count > MOST:
        raise ValueError(f"cannot give keys to {count} entries")
    if count and not free:
        raise ValueError("no letter is left for the choices' keys")
    size = len(free)
    if count <= size:
        return free[:count]
    # the last ``prefixes`` letters open a second letter: (size - p) single keys + p * size
    for prefixes in range(1, size + 1):
        if size - prefixes + prefixes * size >= count:
            singles = free[: size - prefixes]
            longer = [p + c for p in free[size - prefixes :] for c in free]
            return singles + longer[: count - len(singles)]
    # even every letter opening a second one is too few: three letters for the rest
    deep = [a + b + c for a in free for b in free for c in free]
    if count > len(deep):
        raise ValueError(f"cannot give keys to {count} entries")
    return deep[:count]


def match(keys: Sequence[str], typed: str) -> int | str | None:
    """What ``typed`` (the letters pressed so far, any case) selects among ``keys``: the index
    of the entry it is the key of, ``"more"`` when it is the beginning of longer keys (wait for
    the next letter), else ``None``."""
    typed = typed.lower()
    if not typed:
        return None
    for index, key in enumerate(keys):
        if key == typed:
            return index
    if any(key.startswith(typed) for key in keys):
        return "more"
    return None
