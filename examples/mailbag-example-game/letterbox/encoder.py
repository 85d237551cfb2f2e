"""Letterbox's observation for reinforcement learning (``Game.encoder``): what the seat's view
holds, as numbers; and its action universe (post 1…9, draw). Imports only the core."""

from __future__ import annotations

from array import array
from typing import Any

from mailbag.core import Action, Game, Observation, act
from mailbag.core.encoding import Encoder

from letterbox.components import COPIES, HAND_LIMIT, POSTCODES, all_letters

_ALL = len(all_letters())


class LetterboxEncoder(Encoder):
    @staticmethod
    def actions(game: Game[Any], num_players: int) -> list[Action]:
        return [*(act("post", code) for code in POSTCODES), act("draw")]

    def layout(self) -> None:
        n, codes = self.num_players, len(POSTCODES)
        self.o_hand = self.add("hand", codes, "letters in hand by postcode / copies")
        self.o_top = self.add("top", codes + 1, "the letterbox's top postcode, one-hot (0: empty)")
        self.o_pile = self.add("pile", 1, "letters in the letterbox / all letters")
        self.o_sorted = self.add("sorted", codes, "sorted letters by postcode / copies")
        self.o_bag = self.add("bag", 1, "letters in the mail bag / all letters")
        self.o_sizes = self.add("hand_sizes", n, "letters in hand by relative seat / hand limit")
        self.o_points = self.add("points", n, "points by relative seat / 45")
        self.o_turn = self.add("to_act", n, "the seat to act, by relative seat, one-hot")

    def write(self, view: Observation, b: array[float]) -> None:
        for code in view["hand"] or ():
            b[self.o_hand + code - 1] += 1 / COPIES
        pile = view["pile"]
        b[self.o_top + (pile[-1] if pile else 0)] = 1.0
        b[self.o_pile] = len(pile) / _ALL
        for code in view["sorted"]:
            b[self.o_sorted + code - 1] += 1 / COPIES
        b[self.o_bag] = view["bag"] / _ALL
        for seat, size in enumerate(view["hand_sizes"]):
            b[self.o_sizes + self.rel(view, seat)] = size / HAND_LIMIT
        for seat, points in enumerate(view["points"]):
            b[self.o_points + self.rel(view, seat)] = points / 45
        b[self.o_turn + self.rel(view, view["current"])] = 1.0
