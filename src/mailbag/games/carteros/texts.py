"""Carteros' words in the reader's language: the titles and help texts of the cards (written once,
in ``data/components.toml``, whence the catalogs take them), the abbreviations of the shipped
ones (listed here for the catalogs), the score categories, the places outside the neighbourhood,
what a reaction window answers, and an event put into words.

A user's component file may name cards of its own: what is not in the catalogs is shown as the
file writes it. The notation (``play rubber_boots``) is never translated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from mailbag.core.game import SEAT_FIELDS, Event
from mailbag.core.i18n import N_, NC_, _, data_text, pgettext
from mailbag.core.presentation import cited_rules

if TYPE_CHECKING:
    from mailbag.games.carteros.components import Components

#: the game's name and the tables of its component data (``[[house]]`` …): a data entry's title
#: and help are in the catalog with the context ``data_context(NAME, table)``, "carteros house"
NAME: Final = "carteros"
HOUSE: Final = "house"
MAIL: Final = "mail"
ACTION: Final = "action"
#: contexts of the catalogs' other entries for the component data
ABBREV: Final = "carteros abbrev"
ONE: Final = "carteros one mail"
SCORE: Final = "score"
PLACE: Final = "carteros place"
CAUSE: Final = "carteros cause"
#: a seat named by its number (the glossaries' word for a seat: "jugador 2", "speler 2")
SEAT: Final = "carteros seat"

#: the abbreviations of the shipped component file (the board shows a house seen with GPS, and
#: a Mail kind delivered, by one); the catalogs take a data entry's ``title`` and ``help`` from
#: the data file itself, but not its ``abbrev``, so the shipped ones are listed here (a test
#: checks that every one in the file is, and translated)
ABBREVIATIONS: Final = (
    NC_("carteros abbrev", "Rcv"),
    NC_("carteros abbrev", "Dbl"),
    NC_("carteros abbrev", "Dog"),
    NC_("carteros abbrev", "Lst"),
    NC_("carteros abbrev", "Chg"),
    NC_("carteros abbrev", "L"),
    NC_("carteros abbrev", "P"),
)

#: one Mail card of a shipped kind with its article ("a Letter": "una Carta", "een brief"), by
#: title; a kind of a user's file is "a {mail}"
ONE_MAIL: Final = {
    "Letter": NC_("carteros one mail", "a Letter"),
    "Parcel": NC_("carteros one mail", "a Parcel"),
}

#: the score categories (keys of a score's breakdown, which records keep in English: a Mail
#: kind's name and "s", then these), translated where shown with ``pgettext("score", key)``
SCORE_CATEGORIES: Final = (
    NC_("score", "letters"),
    NC_("score", "parcels"),
    NC_("score", "missions"),
    NC_("score", "first to finish"),
)
#: the rulebook sections a refusal names (legal.py), shown with ``pgettext("rule", name)``
RULE_SECTIONS: Final = (
    NC_("rule", "End of the Game"),
    NC_("rule", "Turn Order 3"),
    NC_("rule", "Turn Order 9"),
)

#: every rule a refusal or a text of this game cites (``IllegalAction.rule``: a ruling of
#: docs/carteros.md or a rulebook section) → its title and a one-sentence summary, in English
#: (``rules`` gives them in the reader's language): a refusal names its rule by this title, with
#: the summary a click away, never by a bare id
RULES: Final[dict[str, tuple[str, str]]] = {
    "CA-1": (
        N_("Actions of a turn"),
        N_(
            "A turn is up to three actions in any order: walk one house, deliver, draw an Action "
            "card (holding fewer than 3), play one, discard and replace one (once a turn), or "
            "refill at the Post Office with an empty bag."
        ),
    ),
    "CA-2": (
        N_("Delivering"),
        N_(
            "Turn the face-down house you stand on, if you carry Mail and its card was not "
            "placed this turn: the card says whether you deliver, flee from Stampy, get lost "
            "or change direction."
        ),
    ),
    "CA-3": (
        N_("Refilling your bag"),
        N_(
            "With no Mail card left you may go back to the Post Office and draw up to 5, never "
            "more than you still need to reach 10 deliveries."
        ),
    ),
    "CA-4": (
        N_("The Bicycle"),
        N_(
            "Ride up to 3 houses in a straight line, turning each one; Received and Double "
            "deliver, and the bicycle never enters a flooded house."
        ),
    ),
    "CA-5": (
        N_("The Wind"),
        N_("Every other carrier on your row or column loses one card at random."),
    ),
    "CA-6": (
        N_("Rain, Rubber Boots and Sunny Day"),
        N_(
            "Rain soaks the Mail of the other carriers in the neighbourhood (an Umbrella saves "
            "it) and floods a block of 4 houses where only Rubber Boots deliver, until a Sunny "
            "Day dries them all."
        ),
    ),
    "CA-7": (
        N_("The GPS"),
        N_(
            "Look in secret at up to two houses next to you, then your turn ends; it cannot be "
            "your last action, and it can also cancel a Lost card."
        ),
    ),
    "CA-8": (
        N_("The end and the tie-break"),
        N_(
            "The first to deliver 10 Mail cards scores 3 more and the round is played out; "
            "tied carriers ride a line of 3 houses and count what it delivers."
        ),
    ),
    "CA-9": (
        N_("Stampy the dog"),
        N_(
            "Stampy starts on a corner and moves one house at the end of every turn, biting the "
            "carriers he reaches; nobody delivers on his house."
        ),
    ),
    "CA-10": (
        N_("Delivery Missions"),
        N_(
            "From the neighbourhood go to the shops to take one of the face-up missions, then "
            "deliver at its house; you hold one at a time and complete at most 3."
        ),
    ),
    "CA-103": (
        N_("Reactions"),
        N_(
            "A card that cancels something (Umbrella, Bone, GPS against Lost) is offered only to "
            "the carrier holding it, just before the effect strikes, and costs no action."
        ),
    ),
    "CA-110": (
        N_("Playing Action cards"),
        N_(
            "Bone and Umbrella are only answers to something; Rubber Boots cannot be put on "
            "twice; GPS is played as the first or second action of a turn."
        ),
    ),
    "End of the Game": (
        N_("The game is over"),
        N_("Nothing more can be played once the last round and the tie-break are over."),
    ),
    "Turn Order 3": (
        N_("Entering the neighbourhood"),
        N_("From the Post Office you walk into the neighbourhood on one of its corner houses."),
    ),
    "Turn Order 9": (
        N_("Drawing Action cards"),
        N_(
            "You draw from the Action deck, and when it is empty its discard pile is shuffled "
            "into a new one; with both empty there is nothing to draw."
        ),
    ),
}


def rules() -> dict[str, tuple[str, str]]:
    """:data:`RULES` in the reader's language."""
    return {rule: (_(title), _(summary)) for rule, (title, summary) in RULES.items()}


#: the words naming the kinds of things a position is built from (positions.py), for the
#: catalogs: a refusal names the kind in the reader's language
POSITION_WORDS: Final = (
    N_("House card"),
    N_("Mail card"),
    N_("Action card"),
    N_("Delivery Mission"),
    N_("house"),
    N_("place"),
    N_("flood block"),
    N_("task"),
)

#: the places outside the neighbourhood, by their name in a view
PLACES: Final = {
    "post_office": NC_("carteros place", "Post Office"),
    "shops": NC_("carteros place", "shops"),
}

#: what a reaction window answers, or why a card or a mission is lost, by the cause's name in
#: the state (``Task.cause``) and in events
CAUSES: Final = {
    "stampy_card": NC_("carteros cause", "Stampy"),
    "stampy": NC_("carteros cause", "Stampy"),
    "lost_card": NC_("carteros cause", "Lost"),
    "rain": NC_("carteros cause", "the Rain"),
    "catch": NC_("carteros cause", "Stampy's bite"),
    "debt": NC_("carteros cause", "the Mail card owed to Stampy"),
    "change_of_direction": NC_("carteros cause", "Change of Direction"),
    "wind": NC_("carteros cause", "Wind"),
}

#: events whose ``card`` is a HOUSE card (in any other it is an Action card)
HOUSE_EVENTS: Final = frozenset({"reveal", "ride", "peeked"})


def house_title(components: Components, name: str) -> str:
    index = components.house_index.get(name)
    return data_text(NAME, HOUSE, components.houses[index].title) if index is not None else name


def action_title(components: Components, name: str) -> str:
    index = components.action_index.get(name)
    return data_text(NAME, ACTION, components.actions[index].title) if index is not None else name


def mail_title(components: Components, name: str) -> str:
    index = components.mail_index.get(name)
    return data_text(NAME, MAIL, components.mails[index].title) if index is not None else name


def one_mail(components: Components, name: str) -> str:
    """One Mail card of kind ``name`` with its article: "a Letter"."""
    index = components.mail_index.get(name)
    if index is None:
        return name
    title = components.mails[index].title
    if title in ONE_MAIL:
        return pgettext(ONE, ONE_MAIL[title])
    return _("a {mail}", mail=data_text(NAME, MAIL, title))


def house_abbrev(components: Components, name: str) -> str:
    index = components.house_index.get(name)
    return pgettext(ABBREV, components.houses[index].abbrev) if index is not None else name


def mail_abbrev(components: Components, name: str) -> str:
    index = components.mail_index.get(name)
    return pgettext(ABBREV, components.mails[index].abbrev) if index is not None else name


def help_text(table: str, text: str) -> str:
    """The help text of a data entry of ``table`` (:data:`HOUSE`, :data:`ACTION`), without the
    rule ids it cites (``(CA-6)``): a person reads the rule's words, never its id."""
    return cited_rules(data_text(NAME, table, text))[0]


def place(name: str) -> str:
    """A carrier's position: a house's name, the Post Office or the shops."""
    return pgettext(PLACE, PLACES[name]) if name in PLACES else name


def cause(name: str) -> str:
    return pgettext(CAUSE, CAUSES[name]) if name in CAUSES else name


def seat_name(number: int) -> str:
    """A seat in a text that has no names (the board, a refusal): "seat 2"."""
    return pgettext("carteros seat", "seat {number}", number=number)


def event_text(components: Components, event: Event, names: Sequence[str]) -> str:
    """``event`` in the reader's language: seats by their names, cards by their titles, Mail
    cards with their article, causes in words."""
    fields: dict[str, Any] = {}
    for key, value in event.data.items():
        if isinstance(value, int) and not isinstance(value, bool) and key in SEAT_FIELDS:
            fields[key] = names[value] if 0 <= value < len(names) else value
        elif key == "seats" and isinstance(value, list):
            fields[key] = ", ".join(
                names[s] if isinstance(s, int) and 0 <= s < len(names) else str(s) for s in value
            )
        elif key == "card" and isinstance(value, str):
            house = event.kind in HOUSE_EVENTS
            fields[key] = (
                house_title(components, value) if house else action_title(components, value)
            )
        elif key == "mail" and isinstance(value, str):
            fields[key] = one_mail(components, value)
        elif key == "mail" and isinstance(value, list):
            fields[key] = ", ".join(mail_title(components, m) for m in value)
        elif key == "cause" and isinstance(value, str):
            fields[key] = cause(value)
        else:
            fields[key] = value
    try:
        return _(event.text, **fields)
    except (KeyError, IndexError, ValueError, AttributeError):
        return event.text
