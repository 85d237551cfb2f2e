"""The rendered view cut into board, own area and other players, on the three real games: no
line lost or shown twice, each seat's block where it belongs."""

from __future__ import annotations

import random

import pytest

from mailbag.core import apply, start_game
from mailbag.games import get
from mailbag.tui.sections import split_render

GAMES = [
    ("postcards", ["player", "automa:normal"]),
    ("post_office", ["player", "player", "player"]),
    ("carteros", ["player", "player", "player"]),
]


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_every_line_lands_in_one_place(name: str, seats: list[str]) -> None:
    game = get(name)
    state, _ = start_game(game, seats, None, 3)
    rnd = random.Random(3)
    for step in range(120):
        if game.is_over(state):
            break
        if step % 20 == 0:
            for seat in range(len(seats)):
                text = game.render(game.view(state, seat))
                parts = split_render(text, seat)
                numbers = sorted(b.seat or 0 for b in parts.others)
                assert numbers == [s for s in range(len(seats)) if s != seat]
                assert parts.mine and parts.board
                shown = "\n".join([parts.board, parts.mine, *(b.full for b in parts.others)])
                words = sorted(w for w in text.split())
                assert sorted(w for w in shown.split()) == words  # nothing lost, nothing twice
                for block in parts.others:
                    assert block.compact and "\n" not in block.compact
        deciders = game.deciders(state)
        seat = deciders[0]
        state, _ = apply(game, state, seat, rnd.choice(game.legal_actions(state, seat)))


def test_a_text_without_players_is_all_board() -> None:
    parts = split_render("a board\n  with lines\n", 0)
    assert parts.board == "a board\n  with lines" and parts.mine == "" and parts.others == []
