"""Set-up: shuffle the mail bag from the seed and deal each seat its hand."""

from __future__ import annotations

from collections.abc import Mapping

from mailbag.core import Rng
from mailbag.core.spec import OptionValue

from letterbox.components import all_letters
from letterbox.state import LetterboxState


def new_state(
    seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
) -> LetterboxState:
    rng = Rng.from_seed(seed)
    bag = all_letters()
    rng.shuffle(bag)
    hand = int(options["hand"])
    hands = [sorted(bag.pop() for _ in range(hand)) for _ in seats]
    n = len(seats)
    return LetterboxState(bag, hands, points=[0] * n, posted=[0] * n, current=rng.randbelow(n))
