"""Post Office action notation, and the small integer form a pending decision is kept in.

- ``keep TOKEN`` — draft: keep this dealt token, pass the other to the left (PO-3);
- ``move N`` — move the helper one space plus N extra spaces paid with N stamps (PO-4);
- ``place TOKEN ROW COL ROT`` — place a token on cell (ROW, COL), 0..4, turned ROT quarter
  turns clockwise, 0..3 (PO-5);
- ``seal COLOUR SHAPE FORM ROW COL`` — lay the tape of that colour and shape, in its form FORM
  (see :func:`~mailbag.games.post_office.geometry.orientations`), so that its first square in
  reading order covers parcel (ROW, COL), 0..9 (PO-6);
- ``skip`` — seal nothing this time.

A seal action's JSON form also names the parcels its tape covers (``"parcels": [[ROW, COL], …]``,
in reading order): derived from the action, so a reader need not know the tape shapes, and never
needed back (:func:`~mailbag.core.actions.action_from_json` reads the verb and arguments only, and
records keep the notation).
"""

from __future__ import annotations

from typing import Any, Final

from mailbag.core import Action
from mailbag.games.post_office.geometry import CELLS, PSIZE, SIZE, Placement, Tables
from mailbag.games.post_office.state import SKIP

VERBS: Final = frozenset({"keep", "move", "place", "seal", "skip"})
SKIP_ACTION: Final = Action("skip")
MAX_MOVE: Final = 200  # precomputed move actions (more are built on demand)


class SealAction(Action):
    """A ``seal`` action that knows the parcels its tape covers: equal to (and hashed like) the
    plain :class:`~mailbag.core.actions.Action` of the same notation, its JSON form adds them."""

    #: the 4 parcels (row, col) it covers, in reading order (set by :func:`seal_action`)
    parcels: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["parcels"] = [list(rc) for rc in self.parcels]
        return data


def seal_action(tables: Tables, colour: str, placement: Placement) -> SealAction:
    """The seal action laying ``colour``'s tape in ``placement``."""
    shapes = tables.components.shapes
    action = SealAction(
        "seal",
        (
            colour,
            shapes[placement.shape].name,
            placement.orient,
            placement.anchor // PSIZE,
            placement.anchor % PSIZE,
        ),
    )
    action.parcels = tuple(sorted((q // PSIZE, q % PSIZE) for q in placement.cells))
    return action


def seal_parcels(tables: Tables, action: Action) -> list[tuple[int, int]]:
    """The parcels (row, col) that a ``seal`` action's tape covers, in reading order (the
    action need not be legal, only well formed: a KeyError or ValueError otherwise)."""
    shape = tables.shape_index[str(action.args[1])]
    anchor = int(action.args[3]) * PSIZE + int(action.args[4])
    placement = tables.placements[tables.placement_id[(shape, int(action.args[2]), anchor)]]
    return sorted((q // PSIZE, q % PSIZE) for q in placement.cells)


def action_json(tables: Tables, action: Action) -> dict[str, Any]:
    """The JSON form of any Post Office action, a seal's with the parcels it covers (also for
    an action read back from its notation or JSON, which is a plain Action)."""
    data = action.to_json()
    if action.verb == "seal" and "parcels" not in data:
        data["parcels"] = [list(rc) for rc in seal_parcels(tables, action)]
    return data


class Notation:
    """Every action object prebuilt once, so legal_actions only looks them up."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        ntokens = len(tables.components.tokens)
        self.keep = [Action("keep", (t,)) for t in range(ntokens)]
        self.moves = [Action("move", (n,)) for n in range(MAX_MOVE)]
        self.place = [
            [
                [Action("place", (t, cell // SIZE, cell % SIZE, rot)) for rot in range(4)]
                for cell in range(CELLS)
            ]
            for t in range(ntokens)
        ]
        colours = tables.components.colours
        self.seal: list[list[Action]] = [
            [seal_action(tables, colour.name, pl) for pl in tables.placements]
            for colour in colours
        ]

        #: place4[token][cell]: the 4 placements of that token on that cell, by rotation
        self.place4 = [[list(by_rot) for by_rot in by_cell] for by_cell in self.place]
        #: id of a prebuilt action -> (its pending form, its notation), filled as actions are
        #: chosen. Keyed by identity: only actions held in the tables above are entered, and they
        #: live as long as this object, so a hit is that very action.
        self.known: dict[int, tuple[tuple[int, ...], str]] = {}

    def moves_upto(self, n: int) -> list[Action]:
        """``move 0`` .. ``move n``."""
        return self.moves[: n + 1] if n < MAX_MOVE else [self.move(k) for k in range(n + 1)]

    def move(self, n: int) -> Action:
        return self.moves[n] if n < MAX_MOVE else Action("move", (n,))

    def chosen(self, action: Action) -> tuple[list[int], str]:
        """The pending form and the notation of a legal action."""
        known = self.known.get(id(action))
        if known is not None:
            return list(known[0]), known[1]
        pending, text = self.encode(action), str(action)
        try:
            prebuilt = self.decode("seal" if action.verb == "skip" else action.verb, pending)
        except IndexError:  # no prebuilt action has these numbers
            return pending, text
        if prebuilt is action:
            self.known[id(action)] = (tuple(pending), text)
        return pending, text

    def encode(self, action: Action) -> list[int]:
        """The pending form of a legal action (trusted: no checks)."""
        verb, args = action
        if verb == "skip":
            return [SKIP]
        if verb == "keep" or verb == "move":
            return [int(args[0])]
        if verb == "place":
            return [int(args[0]), int(args[1]) * SIZE + int(args[2]), int(args[3])]
        t = self.tables
        shape = t.shape_index[str(args[1])]
        anchor = int(args[3]) * PSIZE + int(args[4])
        return [t.colour_index[str(args[0])], t.placement_id[(shape, int(args[2]), anchor)]]

    def decode(self, phase_verb: str, pending: list[int]) -> Action:
        """The action of a pending decision made in a phase whose verb is ``phase_verb``."""
        if phase_verb == "keep":
            return self.keep[pending[0]]
        if phase_verb == "move":
            return self.move(pending[0])
        if phase_verb == "place":
            return self.place[pending[0]][pending[1]][pending[2]]
        if pending[0] == SKIP:
            return SKIP_ACTION
        return self.seal[pending[0]][pending[1]]
