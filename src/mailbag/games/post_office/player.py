"""A Post Office player's board, helper, stamps and tokens: a dataclass, in a module of its own
so that the compiled build compiles it into a native class (mypyc cannot compile the msgspec
Structs of :mod:`~mailbag.games.post_office.state`, which keeps the game's other records). The
rules read a board's fields at every step: a native class's fields are read directly.

msgspec encodes and decodes it exactly as it did the Struct it replaces (the same fields in the
same order; a player's fields are never left out), so states, digests and records are unchanged.
Its ``__init__`` is written out: mypyc compiles a written one, where the one ``@dataclass``
generates runs interpreted. So is its deep copy, :func:`copy_player` (compiled, the field types
are not there to generate it from); tests/games/post_office checks it copies every field.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Player:
    helper: int  # index of the helper (and board) this seat plays
    space: int  # helper position on the track, 0..23 (0 = Start)
    stamps: int  # stamp value held (PO-1: tokens only make change)
    token: list[int]  # 25 cells: token id or EMPTY
    rotation: list[int]  # 25 cells: quarter turns clockwise
    colour: list[int]  # 100 parcels: colour index, -1 where no token lies
    icon: list[int]  # 100 parcels: NONE / SYMBOL / STAMP / RECEIPT
    tape: list[int]  # 100 parcels: -1 open, else the tape sealing it (colour * 4 + shape)
    placed: list[int]  # 16 tapes (colour * 4 + shape): placement id, or -1 while unused
    hand: list[int] = field(default_factory=list)  # tokens waiting to be placed (private)
    dealt: list[int] = field(default_factory=list)  # the 2 tokens dealt, before keep/pass (private)
    goals: list[int] = field(default_factory=list)  # goal tokens held (each counts 8 stamps)
    goals_won: list[int] = field(default_factory=list)  # every goal token taken (also spent)
    #: this phase's decision, [] while still owed (private until revealed)
    pending: list[int] = field(default_factory=list)

    def __init__(
        self,
        helper: int,
        space: int,
        stamps: int,
        token: list[int],
        rotation: list[int],
        colour: list[int],
        icon: list[int],
        tape: list[int],
        placed: list[int],
        hand: list[int] | None = None,
        dealt: list[int] | None = None,
        goals: list[int] | None = None,
        goals_won: list[int] | None = None,
        pending: list[int] | None = None,
    ) -> None:
        self.helper = helper
        self.space = space
        self.stamps = stamps
        self.token = token
        self.rotation = rotation
        self.colour = colour
        self.icon = icon
        self.tape = tape
        self.placed = placed
        self.hand = [] if hand is None else hand
        self.dealt = [] if dealt is None else dealt
        self.goals = [] if goals is None else goals
        self.goals_won = [] if goals_won is None else goals_won
        self.pending = [] if pending is None else pending


def copy_player(p: Player) -> Player:
    """A deep copy of a board (every list copied)."""
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
