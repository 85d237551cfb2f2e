"""Post Office's words in the reader's language: the names that come from the component data
(``data/*.toml``: helpers, parcel types and their colours) listed here for the catalogs, the
score categories and phase names, and the functions that put them into words. The titles and
help texts of the data's entries (icons, goals) are written once, in the data file: the catalog
takes them from there (context ``post_office icons``, ``post_office goals``: ``data_context``).

The data and the notation keep their English names (``seal fragile L 0 2 3``, records, views);
only what is shown is translated. A name or title from a user's component file that has no
translation is shown as written. The board's one-letter colour codes and the receipt's mark
follow the translated names when they stay distinct (``B`` for *breekbaar*), else the data's
letters.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from mailbag.core.i18n import N_, NC_, _, catalog, data_context, data_text, language, pgettext
from mailbag.games.post_office.components import Colour, Components, Goal, Icon
from mailbag.games.post_office.geometry import SPACE_LINE

#: the helpers (box.toml ``helpers``)
HELPERS: Final = (
    NC_("helper", "cat"),
    NC_("helper", "dog"),
    NC_("helper", "pigeon"),
    NC_("helper", "hamster"),
)
#: the parcel types, which are the colours' names (box.toml ``[[colours]]`` ``name``)
PARCEL_TYPES: Final = (
    NC_("parcel type", "fragile"),
    NC_("parcel type", "gift"),
    NC_("parcel type", "sweet"),
    NC_("parcel type", "personal"),
)
#: the printed colours (box.toml ``[[colours]]`` ``shade``)
SHADES: Final = (
    NC_("shade", "light blue"),
    NC_("shade", "blue"),
    NC_("shade", "yellow"),
    NC_("shade", "brown"),
)
#: the score categories: the keys of a board's breakdown (scoring.py), the parcel types among
#: them; shown with ``pgettext("score", key)``
SCORE_CATEGORIES: Final = (
    NC_("score", "stamps"),
    NC_("score", "goal tokens"),
    NC_("score", "fragile"),
    NC_("score", "gift"),
    NC_("score", "sweet"),
    NC_("score", "personal"),
    NC_("score", "receipts"),
    NC_("score", "square groups"),
)
#: the phases of a round (state.py ``PHASE_NAMES``)
PHASES: Final = (
    NC_("phase", "keep"),
    NC_("phase", "move"),
    NC_("phase", "place"),
    NC_("phase", "seal"),
    NC_("phase", "over"),
)
#: the rulebook sections a refusal names (legal.py), shown with ``pgettext("rule", name)``
RULES: Final = (
    NC_("rule", "Setup"),
    NC_("rule", "End of Game"),
)
#: the words naming the kinds of things a position is built from (positions.py), for the
#: catalogs: a refusal names the kind in the reader's language
POSITION_WORDS: Final = (
    N_("parcel token"),
    N_("goal"),
    N_("tape"),
    N_("colour"),
    N_("shape"),
    N_("helper"),
    N_("parcel code"),
)


def helper(name: str) -> str:
    return pgettext("helper", name)


def parcel_type(colour: Colour) -> str:
    """A colour by its parcel type (``fragile``), as the table calls it."""
    return pgettext("parcel type", colour.name)


def shade(colour: Colour) -> str:
    return pgettext("shade", colour.shade)


def icon_title(icon: Icon) -> str:
    """An icon's title (box.toml ``[[icons]]``), as the table calls it."""
    return data_text("post_office", "icons", icon.title)


def goal_title(goal: Goal) -> str:
    """A goal's title (goals.toml ``[[goals]]``), as the table calls it."""
    return data_text("post_office", "goals", goal.title)


def goal_help(goal: Goal) -> str:
    """What completes a goal, in words (goals.toml ``help``)."""
    return data_text("post_office", "goals", goal.help) if goal.help else ""


def score_category(key: str) -> str:
    return pgettext("score", key)


def phase(name: str) -> str:
    return pgettext("phase", name)


def shape_name(components: Components, shape: int) -> str:
    """A tape shape: its letter (L, T, I, Z) reads the same in every language."""
    return components.shapes[shape].name


def tape_name(components: Components, tape: int) -> str:
    """``tape`` = colour * 4 + shape, e.g. ``fragile L`` (``breekbaar L``)."""
    colour, shape = divmod(tape, 4)
    return _(
        "{parcel_type} {shape}",
        parcel_type=parcel_type(components.colours[colour]),
        shape=shape_name(components, shape),
    )


def letters(components: Components) -> tuple[str, ...]:
    """Each colour's letter on the boards: the first letter of its translated parcel type when
    every type has a translation and the letters stay distinct, else the data's letters."""
    return _letters(components.colours, language())


@cache
def _letters(colours: tuple[Colour, ...], lang: str) -> tuple[str, ...]:
    data = tuple(c.letter for c in colours)
    known = catalog(lang)
    names = [known.get(("parcel type", c.name)) for c in colours]
    found = tuple((name or "")[:1].upper() for name in names)
    if lang == "en" or not all(f.isalpha() for f in found) or len(set(found)) != len(found):
        return data
    return found


def marks(components: Components) -> tuple[str, ...]:
    """Each icon's mark after the colour letter: a letter mark (the receipt's ``r``) is the
    first letter of the translated title when it has one and the marks stay distinct, else
    the data's marks."""
    return _marks(components.icons, language())


@cache
def _marks(icons: tuple[Icon, ...], lang: str) -> tuple[str, ...]:
    data = tuple(i.mark for i in icons)
    known = catalog(lang)
    context = data_context("post_office", "icons")
    found = []
    for icon in icons:
        title = known.get((context, icon.title)) or ""
        found.append(
            title[:1].lower() if icon.mark.isalpha() and title[:1].isalpha() else icon.mark
        )
    if lang == "en" or len(set(found)) != len(found):
        return data
    return tuple(found)


def space_text(space: int) -> str:
    """How a space of the helper's track is called: a corner, or the row / column (counted
    from 0) it points at (geometry.space_name in the reader's language)."""
    line = SPACE_LINE[space]
    if line is None:
        if space == 0:
            return _("Start corner")
        if space == 6:
            return _("top-right corner")
        if space == 12:
            return _("bottom-right corner")
        return _("bottom-left corner")
    if line[0] == "row":
        return _("row {row}", row=line[1])
    return _("column {column}", column=line[1])
