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

from typing import Final

from mailbag.games.post_office.game import SPEC, PostOfficeGame

GAME: Final = PostOfficeGame()

__all__ = ["GAME", "SPEC", "PostOfficeGame"]
