"""A test game that fails on purpose, for the simulation's error handling: the tiny game, except
that a deal with seed 13 raises an error and a deal with seed 666 kills its process."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping

from tiny import TinyGame, TinyState

from mailbag.core.spec import OptionValue

BREAKS = 13
DIES = 666


class BrittleGame(TinyGame):
    spec = dataclasses.replace(TinyGame.spec, name="brittle", title="Brittle")

    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> TinyState:
        if seed == BREAKS:
            raise ValueError(f"brittle: the deal of seed {seed} breaks")
        if seed == DIES:
            os._exit(3)
        return super().new_state(seats, options, seed)


GAME = BrittleGame()
