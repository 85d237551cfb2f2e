"""A player's post shelving: laying a parcel token on one of its cells, the step the set-up
(the starting tokens, PO-109), the apply step (PO-5), the heuristics' projection of a pending
placement and the position builder share."""

from __future__ import annotations

from mailbag.games.post_office.components import Components
from mailbag.games.post_office.geometry import CELL_PARCELS
from mailbag.games.post_office.player import Player


def place_token(components: Components, p: Player, token: int, cell: int, rotation: int) -> None:
    """Lay ``token`` on ``cell`` of ``p``'s shelving turned ``rotation`` quarter turns
    clockwise: the cell's four parcels take the colours and icons the turned token shows."""
    p.token[cell] = token
    p.rotation[cell] = rotation
    colours, icons = components.turned[token][rotation]
    a, b, c, d = CELL_PARCELS[cell]
    colour, icon = p.colour, p.icon
    colour[a], colour[b], colour[c], colour[d] = colours
    icon[a], icon[b], icon[c], icon[d] = icons
