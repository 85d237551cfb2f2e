"""Carteros game state: plain data (dataclasses) with the generator inside (the deal is in
:mod:`setup`).

The classes are dataclasses rather than msgspec Structs so that the compiled build makes
them native classes (mypyc cannot compile a Struct): the compiled rules then read and write their
fields directly instead of through Python's attribute lookup — 1.2× the random playouts and 1.17×
the MCTS iterations of the compiled build with Structs (docs/speed.md). msgspec encodes, decodes
and validates them exactly as it did the Structs (same JSON, same digests).

Cards of one kind are interchangeable, so hands, discard piles and delivered cards are counts per
kind (lists indexed like the ``*_KINDS`` tuples of :mod:`components`); decks whose order matters
are lists of kinds with the top card last. Multi-step effects are a stack of :class:`Task`\\ s:
the top task is either a decision owed by its seat or an automatic step the engine runs at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from mailbag.core.rng import Rng

#: cards dealt at the start (rulebook, Setup 4–5)
START_MAIL: Final = 5
START_ACTIONS: Final = 2
#: deliveries that end the game (CA-8) and the bonus of the first carrier to make them
GOAL: Final = 10
FINISH_BONUS: Final = 3
#: actions per turn (CA-1), action cards a hand may reach by drawing, mail cards after a refill
ACTIONS_PER_TURN: Final = 3
HAND_LIMIT: Final = 3
BAG_LIMIT: Final = 5
#: missions a carrier may complete per game (CA-10)
MISSION_LIMIT: Final = 3
#: the safeguard of CA-102 (option ``max_rounds``): play stops after this many rounds if nobody
#: has delivered 10
DEFAULT_MAX_ROUNDS: Final = 100

#: the automatic steps an Action card can cancel as a reaction, and the name of each as the
#: cause of its reaction window (CA-103) — the names an ``[[action]]`` entry's ``cancels`` lists
CAUSES: Final[dict[str, str]] = {
    "stampy_card": "stampy_card",
    "lost_card": "lost_card",
    "soak": "rain",
    "catch": "catch",
    "debt": "debt",
}
#: (each cause in words, in the reader's language: ``texts.CAUSES``)


@dataclass
class Task:
    """One step of a multi-step effect.

    Decisions (owed by ``seat``): ``give`` (deliver ``n`` more Mail cards), ``discard`` (a Mail
    card), ``react`` (use Action card ``arg`` or pass; ``cause`` names what it answers), ``flood``,
    ``ride`` (Bicycle: ``n`` houses ridden, direction ``arg``), ``peek`` (GPS: ``n`` peeks left,
    ``arg`` the house already seen), ``take_mission``, ``place_stampy``, ``move_stampy``,
    ``tiebreak``. Automatic steps: ``next_turn``, ``stampy_card``, ``lost_card``, ``soak``,
    ``catch``, ``debt``; for the last five ``arg`` is the Action card that cancels them, and when
    one comes up while its seat holds that card the engine first pushes a ``react`` task right
    above it (``cause`` then becomes ``"asked"``).
    """

    kind: str
    seat: int
    n: int = 0
    arg: int = -1
    cause: str = ""

    def __init__(self, kind: str, seat: int, n: int = 0, arg: int = -1, cause: str = "") -> None:
        # written out: mypyc compiles it, where the one @dataclass generates runs interpreted
        self.kind = kind
        self.seat = seat
        self.n = n
        self.arg = arg
        self.cause = cause


@dataclass
class CarterosState:
    rng: Rng
    stampy_mode: bool
    missions_mode: bool
    max_rounds: int
    #: the face-down HOUSE card of each of the 12 houses (a kind)
    grid: list[int]
    #: bitmask of houses whose card was replaced this turn (CA-2: not turned again this turn)
    fresh: int
    house_deck: list[int]
    house_discard: list[int]
    mail_deck: list[int]
    mail_discard: list[int]
    action_deck: list[int]
    action_discard: list[int]
    #: per carrier: a house 0–11, POST_OFFICE or SHOPS
    pos: list[int]
    #: per carrier: Mail cards in hand, Action cards in hand, Mail cards delivered (counts)
    mail: list[list[int]]
    hand: list[list[int]]
    delivered: list[list[int]]
    #: Rubber Boots on the table in front of each carrier (CA-6)
    boots: list[bool]
    #: the Rain cards on the table: the top-left house of each flooded 2×2 block (-1 until chosen)
    floods: list[int]
    #: Stampy's meeple: a house, or -1 when not in the neighbourhood (CA-9)
    stampy: int
    #: Mail cards each carrier owes Stampy at their next refill (CA-9)
    debt: list[int]
    #: per carrier, per house: the HOUSE card kind it saw with GPS, -1 if unknown (CA-7)
    known: list[list[int]]
    #: Delivery Missions (CA-10): two face-up decks (top last), discard, held (0: none), done
    mission_decks: list[list[int]]
    mission_discard: list[int]
    mission: list[int]
    missions_done: list[list[int]]
    #: Action cards each carrier played or used (counts per kind; balance statistics)
    played: list[list[int]]
    #: whose turn it is; seat 0 starts (CA-104)
    current: int = 0
    round: int = 1
    actions_used: int = 0
    #: the once-per-turn discard-and-replace was used (CA-1)
    replaced: bool = False
    #: the turn ends as soon as the task stack is empty (Stampy, GPS, ``end``)
    turn_over: bool = False
    #: the first carrier to deliver their 10th Mail card (-1: nobody yet) (CA-8)
    finisher: int = -1
    #: bicycle tie-break points (CA-8)
    tiebreak: list[int] = field(default_factory=list)
    #: play has ended; the tie-break, if any, runs from the task stack
    final: bool = False
    over: bool = False
    tasks: list[Task] = field(default_factory=list)


def copy_state(s: CarterosState) -> CarterosState:
    """A fast deep copy (every list copied, every Task re-made)."""
    return CarterosState(
        Rng(s.rng.state),
        s.stampy_mode,
        s.missions_mode,
        s.max_rounds,
        s.grid[:],
        s.fresh,
        s.house_deck[:],
        s.house_discard[:],
        s.mail_deck[:],
        s.mail_discard[:],
        s.action_deck[:],
        s.action_discard[:],
        s.pos[:],
        [m[:] for m in s.mail],
        [h[:] for h in s.hand],
        [d[:] for d in s.delivered],
        s.boots[:],
        s.floods[:],
        s.stampy,
        s.debt[:],
        [k[:] for k in s.known],
        [d[:] for d in s.mission_decks],
        s.mission_discard[:],
        s.mission[:],
        [d[:] for d in s.missions_done],
        [p[:] for p in s.played],
        s.current,
        s.round,
        s.actions_used,
        s.replaced,
        s.turn_over,
        s.finisher,
        s.tiebreak[:],
        s.final,
        s.over,
        [Task(t.kind, t.seat, t.n, t.arg, t.cause) for t in s.tasks],
    )


def expand(counts: list[int] | tuple[int, ...]) -> list[int]:
    """Counts per kind -> a list of kinds (in kind order)."""
    return [k for k, c in enumerate(counts) for _ in range(c)]
