"""Post Office (2–4 players): fill your post shelving with parcels and seal them with tape.

Each player has a 5×5 shelving whose cells each take one parcel token of 2×2 parcels, so the
parcels form a 10×10 grid; 4 starting tokens lie diagonal to the centre, leaving 21 free cells.
A parcel has one of four colours (= types: fragile, gift, sweet, personal) and at most one icon:
its type's symbol, a stamp or a receipt. Every phase is played simultaneously (PO-2): each
player decides, the choices are revealed together.

A round: (1) each player is dealt 2 tokens, keeps one and passes the other to the left (PO-3);
(2) the helper moves one space clockwise around the shelving, plus any extra spaces paid with
1 stamp each, skipping rows and columns that are full for free (PO-4); (3) a token is placed, in
any of 4 rotations, on a free cell of the row or column the helper points at, or anywhere from a
corner (PO-5); (4) optionally one mail tape of a colour seals 4 open parcels of that colour
forming its shape (L, T, I or Z, turned or flipped), each covered stamp icon earning a stamp
(PO-6); (5)–(7) move, place the other token, seal again. Rounds 1–10 are full; round 11 is a
half round and the unplaced token is discarded (PO-7); option ``rounds`` plays fewer rounds, the
last always a half round (PO-113).

Scoring (PO-8): stamps (a goal token counts 8); for each type, open symbols × tapes of that
colour; 3 per distinct tape touching an open receipt; 5 per square group of 4 open parcels of
one colour, taking the largest set of groups no two of which share more than one parcel. Ties:
most stamps, then shared. Option ``goals`` adds the 9 goal tokens (PO-9), checked at the end of
every round; each goal is a data entry plus a registered condition function (goals.py). See
``docs/post_office.md`` for every ruling and the action notation.
"""

from operator import attrgetter
from typing import Final

from mailbag.core.i18n import N_
from mailbag.core.spec import GameSpec, OptionSpec
from mailbag.games.post_office.actions import VERBS
from mailbag.games.post_office.components import load_default
from mailbag.games.post_office.game import PostOfficeGame
from mailbag.games.post_office.state import FEWEST_ROUNDS, MOST_ROUNDS, PRINTED

__all__ = ["GAME", "SPEC", "PostOfficeGame"]


SPEC: Final = GameSpec(
    name="post_office",
    title=N_("Post Office"),
    min_seats=2,
    max_seats=4,
    options=(
        OptionSpec(
            "goals",
            bool,
            False,
            N_(
                "play with the goal tokens (9 printed, 4 face up; the rulebook recommends "
                "leaving them out of a first game)"
            ),
            label=N_("Goal tokens"),
            choice_labels=(N_("without goals"), N_("with goals")),
            read=attrgetter("goals_on"),
        ),
        OptionSpec(
            "rounds",
            int,
            PRINTED.rounds,
            N_(
                "the number of rounds, the last one a half round: 11 as printed, fewer for a "
                "shorter game"
            ),
            label=N_("Rounds"),
            minimum=FEWEST_ROUNDS,
            maximum=MOST_ROUNDS,
            # a field of the state's Params named like the option takes its value (state.py)
            read=attrgetter("params.rounds"),
        ),
    ),
    #: goals with the shortest game: goals are checked after the half round too (PO-107)
    contract_options=({"goals": True, "rounds": FEWEST_ROUNDS},),
    summary=N_(
        "Draft parcel tokens, fill your 5×5 shelving and seal same-coloured shapes with "
        "mail tape; 2–4 players choose simultaneously."
    ),
    verbs=VERBS,
)

GAME: Final = PostOfficeGame(SPEC, load_default())
