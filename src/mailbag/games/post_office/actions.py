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
from mailbag.games.post_office.components import Components
from mailbag.games.post_office.geometry import PSIZE, Placement

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


def seal_action(components: Components, colour: str, placement: Placement) -> SealAction:
    """The seal action laying ``colour``'s tape in ``placement``."""
    shapes = components.shapes
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


def seal_parcels(components: Components, action: Action) -> list[tuple[int, int]]:
    """The parcels (row, col) that a ``seal`` action's tape covers, in reading order (the
    action need not be legal, only well formed: a KeyError or ValueError otherwise)."""
    shape = components.shape_index[str(action.args[1])]
    anchor = int(action.args[3]) * PSIZE + int(action.args[4])
    placement_id = components.placement_id[(shape, int(action.args[2]), anchor)]
    placement = components.placements[placement_id]
    return sorted((q // PSIZE, q % PSIZE) for q in placement.cells)


def action_json(components: Components, action: Action) -> dict[str, Any]:
    """The JSON form of any Post Office action, a seal's with the parcels it covers (also for
    an action read back from its notation or JSON, which is a plain Action)."""
    data = action.to_json()
    if action.verb == "seal" and "parcels" not in data:
        data["parcels"] = [list(rc) for rc in seal_parcels(components, action)]
    return data
