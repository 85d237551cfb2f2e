"""Carteros (2–4 players): deliver your Mail cards to a neighbourhood of face-down houses.

The neighbourhood is 3×4 face-down HOUSE cards (columns A–C, rows 1–4). Each carrier starts at
the Post Office with 5 Mail cards (letters 1 point, parcels 2) and 2 Action cards. A turn is up
to three actions, in any order, repeats allowed (CA-1): move one house (entering at a corner);
deliver — turn the house underfoot: Received delivers one Mail card, Double two, Stampy costs
the remaining actions (or a Mail card), Lost sends the carrier to the Post Office, Change of
Direction discards a Mail card; the card is replaced and the new one cannot be turned again that
turn (CA-2); draw an Action card (fewer than 3 in hand); play an Action card (inside the
neighbourhood); discard and replace an Action card (once a turn); refill at the Post Office with
no Mail cards left (CA-3). Action cards: Bicycle (ride and deliver up to 3 houses, CA-4), Wind
(CA-5), Rain, Rubber Boots, Umbrella, Sunny Day (CA-6), GPS (CA-7), and Bone (against Stampy).
Umbrella, Bone and GPS-against-Lost are reactions: the engine asks the seat holding the card.

The first carrier to deliver 10 Mail cards scores +3 and the round is finished; most points
wins; ties ride the bicycle tie-break (CA-8). Options: ``stampy`` — the dog's meeple roams the
neighbourhood and bites (CA-9); ``missions`` — Delivery Missions from the shops (CA-10);
``max_rounds`` — the safeguard of CA-102. See docs/carteros.md for every ruling.
"""

from operator import attrgetter
from typing import Final

from mailbag.core.i18n import N_
from mailbag.core.spec import GameSpec, OptionSpec
from mailbag.games.carteros.components import load_default
from mailbag.games.carteros.decisions import VERBS
from mailbag.games.carteros.game import CarterosGame
from mailbag.games.carteros.state import DEFAULT_MAX_ROUNDS

__all__ = ["GAME", "SPEC", "CarterosGame"]


SPEC: Final = GameSpec(
    name="carteros",
    title=N_("Carteros"),
    min_seats=2,
    max_seats=4,
    options=(
        OptionSpec(
            "stampy",
            bool,
            False,
            N_(
                "Stampy the Furious Dog roams the neighbourhood, one house at the end of every "
                "turn, and bites the carriers he reaches"
            ),
            label=N_("Stampy the dog"),
            choice_labels=(N_("Stampy stays home"), N_("Stampy roams the streets")),
            read=attrgetter("stampy_mode"),
        ),
        OptionSpec(
            "missions",
            bool,
            False,
            N_("the shops offer Delivery Missions: deliver at a named house for extra points"),
            label=N_("Delivery Missions"),
            choice_labels=(N_("no missions"), N_("missions from the shops")),
            read=attrgetter("missions_mode"),
        ),
        OptionSpec(
            "max_rounds",
            int,
            DEFAULT_MAX_ROUNDS,
            N_("a safeguard: play ends after this round if nobody has delivered 10 Mail cards"),
            minimum=1,
            maximum=1000,
            label=N_("Round limit"),
            read=attrgetter("max_rounds"),
        ),
    ),
    summary=N_("Deliver 10 Mail cards in a neighbourhood of face-down houses (2–4 carriers)."),
    verbs=VERBS,
)

GAME: Final = CarterosGame(SPEC, load_default())
