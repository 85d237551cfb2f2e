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
RULE_SECTIONS: Final = (
    NC_("rule", "Setup"),
    NC_("rule", "End of Game"),
)
#: every ruling the game cites (refusals, option help, texts) → its title and a one-sentence
#: summary in mailbag's own words (docs/post_office.md has them in full); shown translated by
#: :func:`rules`, so that a refusal names its rule in words, never by a bare id
RULES: Final[dict[str, tuple[str, str]]] = {
    "PO-1": (
        N_("Stamps"),
        N_("Each player starts with 3 stamps; the supply holds the rest, 129 in all."),
    ),
    "PO-2": (
        N_("Everyone chooses at once"),
        N_(
            "Every phase asks each player for one choice; the choices stay secret until "
            "everyone has chosen, then all are carried out together."
        ),
    ),
    "PO-3": (
        N_("Keeping a token"),
        N_("You are dealt two tokens: you keep one and pass the other to the player on your left."),
    ),
    "PO-4": (
        N_("Moving the helper"),
        N_(
            "The helper moves one space clockwise, one more for each stamp you pay, and passes "
            "spaces pointing at a full row or column for free."
        ),
    ),
    "PO-5": (
        N_("Placing a token"),
        N_(
            "You must lay a token, turned any way, on a free cell of the row or column your "
            "helper points at (any free cell from a corner)."
        ),
    ),
    "PO-6": (
        N_("Sealing parcels"),
        N_(
            "After placing you may lay one unused tape on four open parcels of its colour; "
            "each stamp it covers takes a stamp from the supply."
        ),
    ),
    "PO-7": (
        N_("The last, half round"),
        N_(
            "The last round has one move, one placement and one sealing; the token left in "
            "your hand is discarded."
        ),
    ),
    "PO-8": (
        N_("Scoring"),
        N_(
            "Stamps, open symbols times the tapes of their colour, receipts beside tapes and "
            "open square groups score; ties go to the most stamps."
        ),
    ),
    "PO-9": (
        N_("Goals"),
        N_(
            "With goals, four face-up goals are checked at the end of every round; the first "
            "player to complete one takes it, worth 8 stamps."
        ),
    ),
    "PO-101": (
        N_("One lap at most"),
        N_(
            "You may pay for extra steps only up to one lap of the track: more would take the "
            "helper round again."
        ),
    ),
    "PO-102": (
        N_("Free steps only while moving"),
        N_("A placement that fills the helper's row or column does not move the helper on."),
    ),
    "PO-103": (
        N_("Paying with goal tokens"),
        N_(
            "When your stamps do not cover a payment, goal tokens are exchanged for 8 stamps "
            "each, and you get the change."
        ),
    ),
    "PO-104": (
        N_("The passed token"),
        N_("Only the player who receives a passed token sees it."),
    ),
    "PO-105": (
        N_("What bots may know"),
        N_("A bot plans only on what its seat can see; everything hidden is drawn at random."),
    ),
    "PO-106": (
        N_("A short stamp supply"),
        N_("When the supply runs short, players are served in seat order from the first seat."),
    ),
    "PO-107": (
        N_("The half round ends the game"),
        N_("The game ends after the last round's sealing; goals are checked then too."),
    ),
    "PO-108": (
        N_("Seats and helpers"),
        N_("The first seat plays the cat, the next ones the dog, the pigeon and the hamster."),
    ),
    "PO-109": (
        N_("Starting tokens"),
        N_("Every shelving starts with four tokens on its four starting cells, unturned."),
    ),
    "PO-110": (
        N_("Goal conditions"),
        N_("A goal is completed exactly as its text says."),
    ),
    "PO-111": (
        N_("One goal check for all"),
        N_("All face-up goals are checked together at the end of a round, then refilled."),
    ),
    "PO-112": (
        N_("A goal token counts 8 stamps"),
        N_("A goal token held counts as 8 stamps for paying, for goals and for scoring."),
    ),
    "PO-113": (
        N_("Fewer rounds"),
        N_("A shorter game plays fewer rounds; the last one is always a half round."),
    ),
    "PO-114": (
        N_("Who has chosen is public"),
        N_("Everyone sees who has made this phase's choice, never what it is."),
    ),
}


def rules() -> dict[str, tuple[str, str]]:
    """:data:`RULES` in the reader's language."""
    return {rule: (_(title), _(summary)) for rule, (title, summary) in RULES.items()}


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
