"""Post Office observations: the seat's view of the shelvings, helpers, tokens and goals.

A shelving is 10×10 parcels read row by row; its colour, icon and tape planes are copied as
runs (colour index + 1, icon index, taped), so encoding stays a few slice writes per seat.
Tokens in hand or dealt are described by their four parcels from the (public) component data.
Another seat's simultaneous pick is never in the view, only whether it has chosen.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import Any

from mailbag.core import Action, Game, Observation
from mailbag.core.encoding import Encoder
from mailbag.games.post_office.actions import SKIP_ACTION
from mailbag.games.post_office.geometry import PSIZE, TRACK
from mailbag.games.post_office.scoring import stamp_value
from mailbag.games.post_office.state import PHASE_NAMES, PostOfficeState

PHASES = ("keep", "move", "place", "seal")
#: token slots shown: the tokens dealt to pick from, and the tokens in hand
SLOTS = 2
PARCELS = PSIZE * PSIZE


class PostOfficeEncoder(Encoder):
    native_twin = "mailbag.games.post_office._encoder"

    @staticmethod
    def actions(game: Game[Any], num_players: int) -> Iterator[Action]:
        """Every action the game can ever offer (the RL layer's action table)."""
        prebuilt = game.components.actions  # type: ignore[attr-defined]
        yield from prebuilt.keep
        # a move is paid extra steps along one lap of the track at most
        yield from (prebuilt.move(n) for n in range(TRACK))
        for by_cell in prebuilt.place:
            for by_rot in by_cell:
                yield from by_rot
        yield SKIP_ACTION
        for by_colour in prebuilt.seal:
            yield from by_colour

    def layout(self) -> None:
        components = self.game.components  # type: ignore[attr-defined]
        self.components = components
        n = self.num_players
        self.colours = len(components.colours)
        self.icons = len(components.icons)
        self.goal_of = {g.name: i for i, g in enumerate(components.goals)}
        goals = len(components.goals)
        # a token: present, then per parcel its colour one-hot and icon one-hot
        self.token_size = 1 + 4 * (self.colours + self.icons)
        self.phase_of = {p: i for i, p in enumerate(PHASES)}
        self.o_phase = self.add("phase", len(PHASES), "the phase, one-hot: " + ", ".join(PHASES))
        self.o_round = self.add(
            "round", 3, "round / rounds in the game, step of the phase / 10, goals are played"
        )
        self.o_supply = self.add(
            "supply", 3, "tokens left in the supply / 100, discarded / 100, stamp supply / 130"
        )
        self.o_dealt = self.add(
            "dealt",
            SLOTS * self.token_size,
            "the tokens dealt to choose from (keep phase), per "
            "slot: present, then per parcel its colour one-hot and icon one-hot",
        )
        self.o_hand = self.add("hand", SLOTS * self.token_size, "the tokens in hand, as dealt")
        self.o_goals = self.add(
            "goal_display", goals + 1, "the face-up goals by kind, then the goal stack / 9"
        )
        self.seat_size = TRACK + 7 + goals + 3 * PARCELS
        self.o_seats = self.add(
            "seats",
            n * self.seat_size,
            "per relative seat: helper space one-hot (24), stamp "
            "value / 30, stamps / 30, goal tokens / 4, hand size / 2, dealt size / 2, has chosen "
            "this phase, placements / 21; goals won by kind; then the shelving's 100 parcels "
            "(row by row): colour index + 1 (0 empty), icon index, taped (1) — three planes",
        )

    def _token(self, o: int, token: int, b: array[float]) -> None:
        t = self.components.tokens[token]
        c, k = self.colours, self.icons
        b[o] = 1.0
        for i, (colour, icon) in enumerate(zip(t.colours, t.icons, strict=True)):
            at = o + 1 + i * (c + k)
            if colour >= 0:
                b[at + colour] = 1.0
            b[at + c + icon] = 1.0

    def write(self, view: Observation, b: array[float]) -> None:
        n = self.num_players
        me = view["seat"]
        phase = self.phase_of.get(view["phase"])
        if phase is not None:
            b[self.o_phase + phase] = 1.0
        o = self.o_round
        b[o] = view["round"] / view["params"]["rounds"]
        b[o + 1] = view["step"] / 10
        b[o + 2] = view["goals_on"]
        o = self.o_supply
        b[o] = view["supply_size"] / 100
        b[o + 1] = view["discarded_size"] / 100
        b[o + 2] = view["stamp_supply"] / 130
        size = self.token_size
        for slot, token in enumerate(view["dealt"][:SLOTS]):
            self._token(self.o_dealt + slot * size, token, b)
        for slot, token in enumerate(view["hand"][:SLOTS]):
            self._token(self.o_hand + slot * size, token, b)
        goal_of = self.goal_of
        for name in view["goal_display"]:
            b[self.o_goals + goal_of[name]] = 1.0
        b[self.o_goals + len(goal_of)] = view["goal_stack_size"] / 9
        for seat, player in enumerate(view["players"]):
            self._seat(self.o_seats + ((seat - me) % n) * self.seat_size, player)

    def _seat(self, o: int, p: dict[str, Any]) -> None:
        b = self.buffer
        placed = p["placed"]
        b[o + p["space"]] = 1.0
        o += TRACK
        b[o] = p["stamp_value"] / 30
        b[o + 1] = p["stamps"] / 30
        b[o + 2] = len(p["goals"]) / 4
        b[o + 3] = p["hand_size"] / 2
        b[o + 4] = p["dealt_size"] / 2
        b[o + 5] = p["chosen"]
        b[o + 6] = (len(placed) - placed.count(-1)) / 21
        base = o + 7
        goal_of = self.goal_of
        for name in p["goals_won"]:
            b[base + goal_of[name]] = 1.0
        base += len(goal_of)
        import numpy as np  # the RL layer's (a game's folder imports no numpy at import)

        planes = np.array((p["colours"], p["icons"], p["tapes"]), dtype=np.int16)
        out = self.array
        out[base : base + PARCELS] = planes[0] + 1
        out[base + PARCELS : base + 2 * PARCELS] = planes[1]
        out[base + 2 * PARCELS : base + 3 * PARCELS] = planes[2] >= 0

    # -- the fast path: the same numbers straight from the state's fields the seat may know ----
    def _fast_tables(self) -> None:
        """Made on first use: each token's block (as ``_token`` writes it), the phase index of
        each phase number, and per seat the last shelving planes seen with their block."""
        self._token_blocks: list[array[float]] = []
        for token in range(len(self.components.tokens)):
            block = array("f", bytes(4 * self.token_size))
            self._token(0, token, block)
            self._token_blocks.append(block)
        self._phase_at = [self.phase_of.get(name) for name in PHASE_NAMES]
        self._planes: list[tuple[list[int], list[int], list[int], array[float]] | None] = [
            None
        ] * self.num_players

    def _shelving(
        self, s: int, colour: list[int], icon: list[int], tape: list[int]
    ) -> array[float]:
        """The three planes of seat ``s``'s shelving, rebuilt only when they changed (a shelving
        changes in the place and seal phases only)."""
        cached = self._planes[s]
        if cached is not None and cached[0] == colour and cached[1] == icon and cached[2] == tape:
            return cached[3]
        block = array("f", [c + 1 for c in colour])
        block.extend(array("f", icon))
        block.extend(array("f", [1.0 if t >= 0 else 0.0 for t in tape]))
        self._planes[s] = (colour[:], icon[:], tape[:], block)
        return block

    def write_state(self, state: PostOfficeState, seat: int, b: array[float]) -> None:
        if not hasattr(self, "_planes"):
            self._fast_tables()
        n = self.num_players
        phase = self._phase_at[state.phase]
        if phase is not None:
            b[self.o_phase + phase] = 1.0
        o = self.o_round
        b[o] = state.round / state.params.rounds
        b[o + 1] = state.step / 10
        b[o + 2] = state.goals_on
        o = self.o_supply
        b[o] = len(state.supply) / 100
        b[o + 1] = len(state.discarded) / 100
        b[o + 2] = state.stamp_supply / 130
        size = self.token_size
        blocks = self._token_blocks
        mine = state.players[seat]
        for slot, token in enumerate(mine.dealt[:SLOTS]):
            o = self.o_dealt + slot * size
            b[o : o + size] = blocks[token]
        for slot, token in enumerate(mine.hand[:SLOTS]):
            o = self.o_hand + slot * size
            b[o : o + size] = blocks[token]
        for g in state.goal_display:
            b[self.o_goals + g] = 1.0
        goals = len(self.goal_of)
        b[self.o_goals + goals] = len(state.goal_stack) / 9
        for s, p in enumerate(state.players):
            o = self.o_seats + ((s - seat) % n) * self.seat_size
            b[o + p.space] = 1.0
            o += TRACK
            b[o] = stamp_value(p) / 30
            b[o + 1] = p.stamps / 30
            b[o + 2] = len(p.goals) / 4
            b[o + 3] = len(p.hand) / 2
            b[o + 4] = len(p.dealt) / 2
            b[o + 5] = bool(p.pending)
            placed = p.placed
            b[o + 6] = (len(placed) - placed.count(-1)) / 21
            o += 7
            for g in p.goals_won:
                b[o + g] = 1.0
            o += goals
            b[o : o + 3 * PARCELS] = self._shelving(s, p.colour, p.icon, p.tape)
