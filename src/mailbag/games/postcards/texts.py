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
RULE_SECTIONS: Final = (
    NC_("rule", "Movement action"),
    NC_("rule", "Game Turn"),
    NC_("rule", "Sticking a Stamp"),
    NC_("rule", "End of the Game"),
    NC_("rule", "action notation"),
    NC_("rule", "legal actions"),
)
#: every rule a refusal or a text of the game cites (``IllegalAction.rule``: a ruling's id or a
#: rulebook section) → its title and a one-sentence summary, in mailbag's own words (English,
#: marked for the catalogs; ``Presentation.rules`` gives them translated): a refusal names its
#: rule by this title, never by a bare id
RULES: Final[dict[str, tuple[str, str]]] = {
    "PC-1": (
        N_("The map"),
        N_(
            "A movement takes your bicycle to a region that shares a border with yours; Corse is "
            "reached by ferry from Provence-Alpes-Côte d'Azur only."
        ),
    ),
    "PC-2": (
        N_("The token supply"),
        N_(
            "Stamps and souvenirs come from one shared supply; when it is empty, no stamp or "
            "souvenir can be placed until a sent postcard returns its tokens."
        ),
    ),
    "PC-3": (
        N_("What everyone sees"),
        N_(
            "Everyone sees the postcards in front of each traveller; hands are secret, only "
            "their sizes are known, and of the face-up postcards only the picture side shows."
        ),
    ),
    "PC-4": (
        N_("Effects"),
        N_(
            "Stamp and star effects happen at once; movement, postcard and camp effects can be "
            "used later in the same turn and are lost when it ends."
        ),
    ),
    "PC-5": (
        N_("Board side B: stars"),
        N_(
            "On side B every star you gain is taken as its points or turned into one movement, "
            "one postcard or one stamp."
        ),
    ),
    "PC-6": (
        N_("Three cards a turn, and pairs"),
        N_(
            "You play three Travel cards each turn (one more per plus effect); two cards played "
            "together act as one card of any action and any colour."
        ),
    ),
    "PC-7": (
        N_("Taking a postcard"),
        N_(
            "A postcard action takes a face-up postcard or the top of the deck; in the English "
            "edition you may first replace the three face-up postcards once."
        ),
    ),
    "PC-8": (
        N_("Camping"),
        N_(
            "A camp goes on a free campsite of the region where your bicycle is, while you have "
            "camp tokens left; it may earn a souvenir of the campsite's type."
        ),
    ),
    "PC-9": (
        N_("Sending a postcard"),
        N_(
            "A postcard with every stamp space filled can be sent from its own region at any "
            "moment of your turn: you score its points and take a gift."
        ),
    ),
    "PC-10": (
        N_("Gifts and empty decks"),
        N_(
            "Lightning gifts are used during your turn, bell gifts score at the end; an empty "
            "deck is refilled from its shuffled discard pile, and with both empty nothing is "
            "drawn."
        ),
    ),
    "PC-10a": (
        N_("When a deck is reshuffled"),
        N_("The moment a deck runs out, its discard pile is shuffled into a new deck."),
    ),
    "PC-11": (
        N_("End of your turn"),
        N_(
            "After your cards you draw back up to five, one at a time, each from the face-up "
            "Travel cards or the deck."
        ),
    ),
    "PC-12": (
        N_("End of the game"),
        N_(
            "The first traveller to send four postcards takes the bonus; the round is then "
            "finished so everyone has had as many turns, and the highest score wins."
        ),
    ),
    "PC-13": (
        N_("The Automa's cards"),
        N_(
            "The Automa plays the face-up Travel cards from the first slot on: three, four or "
            "five of them by its level."
        ),
    ),
    "PC-14": (
        N_("The Automa's priorities"),
        N_(
            "The Automa chooses among its postcards in the order of the regions on its "
            "itinerary card."
        ),
    ),
    "PC-15": (
        N_("How the Automa uses a card"),
        N_(
            "Left of the binding the Automa sticks a stamp first, right of it it takes the "
            "card's action first; if it can do neither, the card is discarded."
        ),
    ),
    "PC-16": (
        N_("The Automa's postcards and gifts"),
        N_(
            "The Automa sends a full postcard at once, wherever it is, and takes the leftmost "
            "gift; its gifts score points at the end."
        ),
    ),
    "PC-17": (
        N_("Several Automas"),
        N_("More than one Automa may sit at a table, each with its own level."),
    ),
    "PC-101": (
        N_("No way forward"),
        N_(
            "When the supply is empty and no postcard can be completed, the round is finished "
            "and the game ends."
        ),
    ),
    "PC-102": (
        N_("A camp's effects in order"),
        N_("After a camp, the effect under the camp token comes first, then the souvenir."),
    ),
    "PC-103": (
        N_("A card without use"),
        N_(
            "A Travel card that can be used neither for its action nor as a stamp is played "
            "without effect; a card that has a use cannot be."
        ),
    ),
    "PC-104": (
        N_("Round limit"),
        N_("The game also ends after round 100."),
    ),
    "PC-105": (
        N_("When you may send and use gifts"),
        N_(
            "You may send a postcard or use a gift whenever no other choice of your turn is "
            "waiting, until you end the turn."
        ),
    ),
    "PC-106": (
        N_("Taking a gift"),
        N_("After sending a postcard you must take one of the face-up gifts, if there is one."),
    ),
    "PC-107": (
        N_("Hiking Guide with a short deck"),
        N_(
            "The Hiking Guide draws up to five postcards; if it draws two or fewer, you keep "
            "them all."
        ),
    ),
    "PC-108": (
        N_("Copies of a card"),
        N_("Copies of a Travel card are alike, so it never matters which copy you play."),
    ),
    "PC-201": (
        N_("Which postcard the Automa takes"),
        N_(
            "The Automa takes the face-up postcard of the first region on its itinerary card "
            "that it does not hold yet."
        ),
    ),
    "PC-202": (
        N_("When the Automa replaces the postcards"),
        N_(
            "If none of the face-up postcards suits it, the Automa replaces them once before "
            "taking the top of the deck."
        ),
    ),
    "PC-203": (
        N_("The Automa's camps"),
        N_("The Automa camps only on a campsite matching an open souvenir space of its postcards."),
    ),
    "PC-204": (
        N_("The Automa's camp effects in order"),
        N_(
            "For the Automa the souvenir and its effect come first, then the effect under the "
            "camp token."
        ),
    ),
    "PC-205": (
        N_("Which gift the Automa takes"),
        N_("The Automa takes the leftmost face-up gift."),
    ),
    "PC-206": (
        N_("Lost effects"),
        N_("An effect the Automa cannot carry out is lost."),
    ),
    "PC-207": (
        N_("The Automa's stars"),
        N_("A star always scores its points for the Automa."),
    ),
    "PC-208": (
        N_("An empty slot"),
        N_("Nothing is played for an empty slot of the Travel cards."),
    ),
    "PC-209": (
        N_("The Automa and an empty supply"),
        N_(
            "With the supply empty the Automa cannot stick a stamp; a camp is still placed, "
            "without a souvenir."
        ),
    ),
    "PC-210": (
        N_("The Automa's ride"),
        N_(
            "The Automa rides to the region of the top postcard of the deck; with no postcard "
            "left it cannot move."
        ),
    ),
    "PC-211": (
        N_("The Automa and the deck top, Dutch edition"),
        N_(
            "When the Automa takes the deck top in the Dutch edition, the face-up postcards "
            "are replaced, as for a player."
        ),
    ),
    "Movement action": (
        N_("Movement"),
        N_("A movement card takes your bicycle to an adjacent region."),
    ),
    "Game Turn": (
        N_("Your turn"),
        N_("On your turn you play Travel cards from your hand, one decision at a time."),
    ),
    "Sticking a Stamp": (
        N_("Sticking a stamp"),
        N_(
            "A card sticks a stamp of its own colour on an open space of one of your unsent "
            "postcards; a pair sticks one of any colour."
        ),
    ),
    "End of the Game": (
        N_("The game is over"),
        N_("Once the last round is finished nothing more can be played."),
    ),
    "action notation": (
        N_("Typed actions"),
        N_("A typed action must be written the way the list of choices writes it."),
    ),
    "legal actions": (
        N_("What can be done now"),
        N_("Only the choices offered now can be taken."),
    ),
}
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
    """A Travel card by kind name, in words: its colour and action (``green postcard card``),
    never the notation's name (``green.postcard``)."""
    index = components.travel_index(name)
    if index is None:
        return name
    kind = components.travel[index]
    return _("{colour} {action} card", colour=colour(kind.colour), action=action(kind.action))


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
    return _fill(_automa_named(event, names), fields)


#: an Automa's lines for a seat whose name already says it is the Automa (the browser names an
#: unnamed Automa seat "Automa — normal"): "Automa — normal: slot 1 …", never "Automa Automa —
#: normal: slot 1 …"
NAMED_AUTOMA: Final = {
    "Automa {seat}: slot {slot} {steps}": N_("{seat}: slot {slot} {steps}"),
    "Automa {seat}: slot {slot}, {steps}": N_("{seat}: slot {slot}, {steps}"),
    (
        "Automa ({seat}, {difficulty}) plays the face-up Travel cards of slots "
        "1–{cards}, left to right: slots 1–2 left of the binding (stamp first), "
        "slots 3–{cards} right of it (action first)"
    ): N_(
        "{seat} plays the face-up Travel cards of slots 1–{cards}, left to right: slots 1–2 "
        "left of the binding (stamp first), slots 3–{cards} right of it (action first)"
    ),
}


def _automa_named(event: Event, names: Sequence[str]) -> str:
    """The template of ``event``: an Automa line's shorter one when its seat's name already
    says "Automa"."""
    named = NAMED_AUTOMA.get(event.text)
    seat = event.data.get("seat")
    if named is None or not isinstance(seat, int) or not 0 <= seat < len(names):
        return event.text
    return named if "automa" in names[seat].lower() else event.text
