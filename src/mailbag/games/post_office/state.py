"""The plain-data state of a Post Office game (msgspec Structs), with a fast hand-written copy.

Each player's board is kept both as the tokens on its 25 cells (with their rotations) and,
for speed, as the 100 parcels they show: colour, icon, and the tape sealing each parcel.
A player's decision in a simultaneous phase is held in ``pending`` until every player has
chosen (PO-2); only then is the phase resolved for everyone at once.
"""

from __future__ import annotations

from typing import TypeVar

import msgspec

from mailbag.core import Rng

T = TypeVar("T")

# phases of a round (PO-2: each one asks every player for one decision)
KEEP, MOVE, PLACE, SEAL, OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("keep", "move", "place", "seal", "over")
LAST_ROUND = 11  # PO-7: round 11 is a half round

EMPTY = 0  # no token on a cell
SKIP = -1  # pending seal decision "skip"


class Player(msgspec.Struct):
    helper: int  # index of the helper (and board) this seat plays
    space: int  # helper position on the track, 0..23 (0 = Start)
    stamps: int  # stamp value held (PO-1: tokens only make change)
    token: list[int]  # 25 cells: token id or EMPTY
    rotation: list[int]  # 25 cells: quarter turns clockwise
    colour: list[int]  # 100 parcels: colour index, -1 where no token lies
    icon: list[int]  # 100 parcels: NONE / SYMBOL / STAMP / RECEIPT
    tape: list[int]  # 100 parcels: -1 open, else the tape sealing it (colour * 4 + shape)
    placed: list[int]  # 16 tapes (colour * 4 + shape): placement id, or -1 while unused
    hand: list[int] = []  # parcel tokens waiting to be placed (private)
    dealt: list[int] = []  # the 2 tokens dealt, before keep/pass (private)
    goals: list[int] = []  # goal tokens held (each counts 8 stamps)
    goals_won: list[int] = []  # every goal token ever taken (also those spent)
    pending: list[int] = []  # this phase's decision, [] while still owed (private until reveal)


class PostOfficeState(msgspec.Struct):
    rng: Rng
    players: list[Player]
    round: int  # 1..11
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


def copy_player(p: Player) -> Player:
    return Player(
        p.helper,
        p.space,
        p.stamps,
        p.token[:],
        p.rotation[:],
        p.colour[:],
        p.icon[:],
        p.tape[:],
        p.placed[:],
        p.hand[:],
        p.dealt[:],
        p.goals[:],
        p.goals_won[:],
        p.pending[:],
    )


def copy_state(s: PostOfficeState) -> PostOfficeState:
    return PostOfficeState(
        Rng(s.rng.state),
        [copy_player(p) for p in s.players],
        s.round,
        s.phase,
        s.step,
        s.supply[:],
        s.discarded[:],
        s.stamp_supply,
        s.goals_on,
        s.goal_stack[:],
        s.goal_display[:],
        s.goal_box[:],
        s.starting_box[:],
    )
