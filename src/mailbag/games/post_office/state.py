"""The plain-data state of a Post Office game (msgspec Structs and the boards' dataclass,
:class:`~mailbag.games.post_office.player.Player`), with fast generated copies.

Each player's board is kept both as the tokens on its 25 cells (with their rotations) and,
for speed, as the 100 parcels they show: colour, icon, and the tape sealing each parcel.
A player's decision in a simultaneous phase is held in ``pending`` until every player has
chosen (PO-2); only then is the phase resolved for everyone at once.

The game's parameters that an option may change (the number of rounds, the goals face up) are
the state's :class:`Params`, set at set-up from the resolved options; the rules read them from
the state, never from a module constant.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import msgspec

from mailbag.core import Rng
from mailbag.games.post_office.copier import struct_copier
from mailbag.games.post_office.geometry import FREE_CELLS
from mailbag.games.post_office.player import Player, copy_player

# phases of a round (PO-2: each one asks every player for one decision)
KEEP: Final = 0
MOVE: Final = 1
PLACE: Final = 2
SEAL: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("keep", "move", "place", "seal", "over")

EMPTY: Final = 0  # no token on a cell
SKIP: Final = -1  # pending seal decision "skip"


#: the range of option ``rounds`` (PO-113): at least one full round before the half round; every
#: round but the last places two tokens, the last one, and no board holds more than its free cells
FEWEST_ROUNDS: Final = 2
MOST_ROUNDS: Final = (FREE_CELLS - 1) // 2 + 1


class Params(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The numbers of the printed game that an option may change, with the printed values as
    defaults: set at set-up from the resolved options (:func:`params_from`), read by the rules
    from the state. A field named like an option (``rounds``) takes that option's value; the
    others keep their default until an option of their name is declared (SPEC, __init__.py)."""

    rounds: int = 11  # PO-7, PO-113: rounds 1..rounds-1 are full, the last a half round
    goals_face_up: int = 4  # PO-9: goals lying face up while the stack lasts


#: the printed game's parameters. The one instance a state holds whenever its parameters are the
#: printed ones: a state's encoding (and so every record digest) leaves it out by identity, so
#: games with the printed values encode exactly as before the parameters were in the state.
PRINTED: Final = Params()


def params_from(values: Mapping[str, object]) -> Params:
    """The parameters named in ``values`` (resolved options, or a view's ``params``), the others
    printed; :data:`PRINTED` itself when they all are the printed values."""
    given: dict[str, int] = {}
    for name in Params.__struct_fields__:
        value = values.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            given[name] = value
    params = Params(**given)
    return PRINTED if params == PRINTED else params


class PostOfficeState(msgspec.Struct, omit_defaults=True):
    rng: Rng
    players: list[Player]
    round: int  # 1..params.rounds
    phase: int  # KEEP / MOVE / PLACE / SEAL / OVER
    step: int  # 0: first move-place-seal of the round, 1: second
    supply: list[int]  # face-down parcel token supply; the end of the list is the top
    discarded: list[int]  # tokens left unplaced after the half round 11 (PO-7)
    stamp_supply: int  # stamps in the middle of the table (finite)
    goals_on: bool
    goal_stack: list[int]  # face-down goal tokens; the end of the list is the top
    goal_display: list[int]  # face-up goals
    goal_box: list[int]  # goal tokens out of play (option off, or exchanged: PO-103)
    starting_box: list[int]  # starting tokens of helpers nobody plays
    #: the game's parameters; omitted from the encoding while they are the printed ones (PRINTED)
    params: Params = PRINTED


__all__ = ["Player", "PostOfficeState", "copy_player", "copy_state"]
#: a deep copy written from the fields above (see copier.py): a new field is never dropped
copy_state = struct_copier(PostOfficeState, {Player: copy_player})
