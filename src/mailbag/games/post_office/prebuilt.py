"""Every Post Office action object prebuilt once, and the small integer form a pending decision
is kept in: :class:`PrebuiltActions`, made with the component data (``components.actions``).
(Its module, apart from the notation in :mod:`~mailbag.games.post_office.actions`, so that the
compiled build compiles it: ``chosen`` runs at every decision.)"""

from __future__ import annotations

from mailbag.core import Action
from mailbag.games.post_office.actions import MAX_MOVE, SKIP_ACTION, seal_action
from mailbag.games.post_office.components import Components
from mailbag.games.post_office.geometry import CELLS, PSIZE, SIZE
from mailbag.games.post_office.state import SKIP


class PrebuiltActions:
    """Every action object prebuilt once, so legal_actions only looks them up."""

    def __init__(self, components: Components) -> None:
        self.colour_index = components.colour_index
        self.shape_index = components.shape_index
        self.placement_id = components.placement_id
        ntokens = len(components.tokens)
        self.keep = [Action("keep", (t,)) for t in range(ntokens)]
        self.moves = [Action("move", (n,)) for n in range(MAX_MOVE)]
        self.place = [
            [
                [Action("place", (t, cell // SIZE, cell % SIZE, rot)) for rot in range(4)]
                for cell in range(CELLS)
            ]
            for t in range(ntokens)
        ]
        self.seal: list[list[Action]] = [
            [seal_action(components, colour.name, pl) for pl in components.placements]
            for colour in components.colours
        ]

        #: place4[token][cell]: the 4 placements of that token on that cell, by rotation
        self.place4 = [[list(by_rot) for by_rot in by_cell] for by_cell in self.place]
        #: id of a prebuilt action -> (its pending form, its notation), for every action of the
        #: tables above (made here, once: ``chosen`` runs at every decision of every search).
        #: Keyed by identity: the actions entered live as long as this object, so a hit is that
        #: very action.
        self.known: dict[int, tuple[tuple[int, ...], str]] = {}
        prebuilt: list[Action] = [*self.keep, *self.moves, SKIP_ACTION]
        for by_cell in self.place:
            for by_rot in by_cell:
                prebuilt += by_rot
        for by_placement in self.seal:
            prebuilt += by_placement
        for action in prebuilt:
            self.known[id(action)] = (tuple(self.encode(action)), str(action))

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
        # an action built elsewhere (equal to a prebuilt one, or a move beyond the tables)
        return self.encode(action), str(action)

    def encode(self, action: Action) -> list[int]:
        """The pending form of a legal action (trusted: no checks)."""
        verb, args = action
        if verb == "skip":
            return [SKIP]
        if verb == "keep" or verb == "move":
            return [int(args[0])]
        if verb == "place":
            return [int(args[0]), int(args[1]) * SIZE + int(args[2]), int(args[3])]
        shape = self.shape_index[str(args[1])]
        anchor = int(args[3]) * PSIZE + int(args[4])
        return [self.colour_index[str(args[0])], self.placement_id[(shape, int(args[2]), anchor)]]

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
