"""Postcards in the reader's language: the words for the game's identifiers and the names the
component data gives them (listed here so the catalogs hold them), the titles and help of its
entries (written once, in the data; :func:`data`), and events put into words.

The component data (``data/components.toml``) and the state speak in identifiers and English
titles (``red.camp``, ``keychain.beach``, "Road Map", region 8); everything a person reads is
made from them at display time by the functions below, in the language of the moment (see
:mod:`mailbag.core.i18n`). A name of a user's own component file that the catalogs do not hold
is shown as written. A test checks that every name of the shipped data is in the catalogs: its
entries' titles and help are extracted from the data file itself (with the context of their
table, ``data_context("postcards", "gifts")``), the other names are listed here.

Events stay data: their ``text`` is an English template over their ``data`` (``"{seat} moves
to region {region}"``); :func:`event_text` fills it with the data's values in words — a seat's
name, a Travel card, a gift, a colour, an effect, a region's name (``{region_name}`` for a
field ``region``) — and the Automa's explained steps (each step's own template and fields).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from mailbag.core.i18n import N_, NC_, _, data_text, pgettext, use_language

if TYPE_CHECKING:
    from mailbag.core.game import Event
    from mailbag.games.postcards.kinds import Components, Effect

# -- the names of the shipped component data (data/components.toml) -------------------------------

#: the game's name in the contexts of its component data's texts (``data_context``)
GAME_NAME: Final = "postcards"

#: the regions of the map, as printed on the board
REGIONS: Final = (
    NC_("region", "Normandie"),
    NC_("region", "Hauts-de-France"),
    NC_("region", "Grand Est"),
    NC_("region", "Bourgogne-Franche-Comté"),
    NC_("region", "Auvergne-Rhône-Alpes"),
    NC_("region", "Provence-Alpes-Côte d'Azur"),
    NC_("region", "Corse"),
    NC_("region", "Occitanie"),
    NC_("region", "Nouvelle-Aquitaine"),
    NC_("region", "Pays de la Loire"),
    NC_("region", "Bretagne"),
    NC_("region", "Centre-Val de Loire"),
    NC_("region", "Île-de-France"),
)
#: the Travel card actions and the effect icons by name (as in ``red.movement``, ``star 2``): the
#: words those identifiers read as (every entry's title and help is written once, in its data
#: entry: :func:`data` puts them in the reader's language)
ACTIONS: Final = (
    NC_("action", "movement"),
    NC_("action", "postcard"),
    NC_("action", "camp"),
)
EFFECTS: Final = (
    NC_("effect", "movement"),
    NC_("effect", "postcard"),
    NC_("effect", "camp"),
    NC_("effect", "stamp"),
    NC_("effect", "star"),
    NC_("effect", "plus"),
)
#: the lines of the final score the shipped bell gifts add to (their entries' ``breakdown``)
SCORE_LINES: Final = (
    NC_("score", "caravan"),
    NC_("score", "keychain (beach)"),
    NC_("score", "keychain (mountain)"),
    NC_("score", "keychain (forest)"),
    NC_("score", "keychain (lake)"),
    NC_("score", "keychain (village)"),
    NC_("score", "snow globes"),
)
#: the identifiers of the rules (kinds.py, automa.py): colours, campsite types, difficulties
WORDS: Final = (
    NC_("colour", "red"),
    NC_("colour", "blue"),
    NC_("colour", "green"),
    NC_("colour", "yellow"),
    NC_("campsite", "beach"),
    NC_("campsite", "mountain"),
    NC_("campsite", "forest"),
    NC_("campsite", "lake"),
    NC_("campsite", "village"),
    NC_("difficulty", "easy"),
    NC_("difficulty", "normal"),
    NC_("difficulty", "expert"),
)

#: the rules a refusal names that are rulebook sections, not ruling ids (``PC-8``): the code stays
#: as it is (language-neutral); a front end may show it with ``pgettext("rule", code)``
RULES: Final = (
    NC_("rule", "Movement action"),
    NC_("rule", "Game Turn"),
    NC_("rule", "Sticking a Stamp"),
    NC_("rule", "End of the Game"),
    NC_("rule", "action notation"),
    NC_("rule", "legal actions"),
)
#: the words naming the kinds of things a position is built from (positions.py), for the
#: catalogs: a refusal names the kind in the reader's language
POSITION_WORDS: Final = (
    N_("Travel card"),
    N_("postcard"),
    N_("gift"),
    N_("itinerary"),
    N_("region"),
    N_("campsite"),
)

# -- words ----------------------------------------------------------------------------------------


def region_name(components: Components, region: int) -> str:
    """A region's name (``Normandie``); a number the map does not have, as a number."""
    found = components.regions.get(region)
    return pgettext("region", found.name) if found is not None else str(region)


def region_label(components: Components, region: int) -> str:
    """A region's name and number: ``Occitanie (8)``."""
    return _("{name} ({number})", name=region_name(components, region), number=region)


def colour(name: str) -> str:
    return pgettext("colour", name)


def campsite(name: str) -> str:
    """A campsite type: ``beach`` …"""
    return pgettext("campsite", name)


def difficulty(level: str) -> str:
    """An Automa's level: ``easy``, ``normal`` or ``expert``."""
    return pgettext("difficulty", level)


def action(name: str) -> str:
    """A Travel card action by its name (``movement``), as a lower-case word."""
    return pgettext("action", name)


def data(table: str, text: str) -> str:
    """A title or help text of the component data's ``[[table]]`` (``actions``, ``effects``,
    ``gifts``) in the reader's language: the shipped entries' are in the catalog (with the
    context of their table), a user's own entry reads as written."""
    return data_text(GAME_NAME, table, text)


def action_title(title: str) -> str:
    """A Travel card action's title (``Movement``)."""
    return data("actions", title)


def effect(label: str) -> str:
    """An effect icon as printed on a space: its kind (``stamp``), and a star's points
    (``star 2``)."""
    kind, _sep, points = label.rpartition(" ")
    if kind and points.isdigit():
        return _("{effect} {points}", effect=pgettext("effect", kind), points=int(points))
    return pgettext("effect", label)


def effect_title(components: Components, printed: Effect) -> str:
    """An effect icon by its kind's title: ``Stamp``, ``Star 2``."""
    title = data("effects", components.effects[printed.index].title)
    if printed.points:
        return _("{effect} {points}", effect=title, points=printed.points)
    return title


def gift(components: Components, which: int | str) -> str:
    """A gift card's title, by kind index or name (``road_map``)."""
    index = components.gift_index(which) if isinstance(which, str) else which
    if index is None or not 0 <= index < len(components.gifts):
        return str(which)
    return data("gifts", components.gifts[index].title)


def gift_title(title: str) -> str:
    """A gift card's title (``Road Map``)."""
    return data("gifts", title)


def travel(components: Components, name: str) -> str:
    """A Travel card by kind name: the notation itself in English (``green.postcard``), the
    colour and the action in words elsewhere (``groen/ansichtkaart``)."""
    index = components.travel_index(name)
    if index is None:
        return name
    kind = components.travel[index]
    return _("{colour}.{action}", colour=colour(kind.colour), action=action(kind.action))


def score_line(line: str) -> str:
    """A line of the final score (its key in the score's breakdown, which stays English)."""
    return pgettext("score", line)


def seat(number: int) -> str:
    """A seat as the board names it: ``seat 2``."""
    return _("seat {number}", number=number)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``4th`` …"""
    if 10 <= n % 100 <= 20:
        return _("{n}th", n=n)
    last = n % 10
    if last == 1:
        return _("{n}st", n=n)
    if last == 2:
        return _("{n}nd", n=n)
    if last == 3:
        return _("{n}rd", n=n)
    return _("{n}th", n=n)


# -- events ---------------------------------------------------------------------------------------

#: data fields holding a region number: ``{<field>_name}`` is that region's name
REGION_FIELDS: Final = frozenset({"region", "here", "there", "postcard_region"})


def words(components: Components, data: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """An event's (or an Automa step's) data as the fields of its template, in words."""
    from mailbag.core.game import SEAT_FIELDS

    fields: dict[str, Any] = {}
    for key, value in data.items():
        number = isinstance(value, int) and not isinstance(value, bool)
        if key in SEAT_FIELDS and number and 0 <= value < len(names):
            fields[key] = names[value]
        elif key in REGION_FIELDS and number:
            fields[key] = value
            fields[f"{key}_name"] = region_name(components, value)
        elif key == "regions" and isinstance(value, list):
            fields[key] = ", ".join(region_label(components, int(r)) for r in value)
        elif not isinstance(value, str) and key not in ("gift", "cards"):
            fields[key] = value
        elif key == "colour":
            fields[key] = colour(value)
        elif key == "action":
            fields[key] = action(value)
        elif key == "site":
            fields[key] = campsite(value)
        elif key in ("effect", "choice"):
            fields[key] = effect(value)
        elif key == "gift" and isinstance(value, (int, str)) and not isinstance(value, bool):
            fields[key] = gift(components, value)
        elif key == "difficulty":
            fields[key] = difficulty(value)
        elif key == "card":
            fields[key] = travel(components, value)
        elif key == "cards" and isinstance(value, list):
            fields[key] = [travel(components, c) if isinstance(c, str) else c for c in value]
        else:
            fields[key] = value
    if "because" in data:
        fields["reason"] = _fill(str(data["because"]), fields)
    elif isinstance(data.get("reason"), str):
        fields["reason"] = _(data["reason"])
    return fields


def _fill(template: str, fields: Mapping[str, Any]) -> str:
    try:
        return _(template, **fields)
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


def step_text(components: Components, step: Mapping[str, Any], names: Sequence[str] = ()) -> str:
    """One explained step of the Automa (``{"rule", "text", "say", "with"}``) in words."""
    template = step.get("say")
    if not isinstance(template, str):
        return str(step.get("text", ""))
    fields = step.get("with")
    return _fill(template, words(components, fields if isinstance(fields, dict) else {}, names))


def english(components: Components, template: str, fields: Mapping[str, Any]) -> str:
    """A template filled in English (seat numbers as numbers)."""
    with use_language("en"):
        return _fill(template, words(components, fields, ()))


def event_text(components: Components, event: Event, names: Sequence[str]) -> str:
    """``event`` in the reader's language (see the module's docstring)."""
    fields = words(components, event.data, names)
    steps = event.data.get("steps")
    if isinstance(steps, list):
        fields["steps"] = " → ".join(step_text(components, s, names) for s in steps)
    return _fill(event.text, fields)
