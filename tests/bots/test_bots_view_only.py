"""Bots decide from the view alone: two true states that give a seat the same view get the same
choice, whatever the hidden cards are."""

from __future__ import annotations

from typing import Any

import duel
import pytest
import tiny
from realgames import default_players, loadable_games

from mailbag.bots import make_bot
from mailbag.core import Game, Rng, apply, canonical_json, new_game

BOTS = ["random", "greedy", "greedy:worlds=3", "mcts:iters=60", "mcts:iters=40,depth=full"]


def choice(kind: str, game: Game[Any], state: Any, seat: int) -> Any:
    bot = make_bot(kind, game, seat, seed=11)
    return bot.choose(game.view(state, seat), game.legal_actions(state, seat))


@pytest.mark.parametrize("kind", BOTS)
def test_same_view_same_choice_tiny(kind: str) -> None:
    a = new_game(tiny.GAME, 2, {}, 3)
    b = tiny.GAME.copy(a)
    # seat 1's hand and the deck differ; seat 0 cannot tell the two states apart
    pool = b.hands[1] + b.deck
    pool.reverse()
    b.hands[1], b.deck = pool[: len(b.hands[1])], pool[len(b.hands[1]) :]
    assert a.hands[1] != b.hands[1] or a.deck != b.deck
    assert canonical_json(tiny.GAME.view(a, 0)) == canonical_json(tiny.GAME.view(b, 0))
    assert choice(kind, tiny.GAME, a, 0) == choice(kind, tiny.GAME, b, 0)


@pytest.mark.parametrize("kind", BOTS)
def test_hidden_simultaneous_pick_is_not_seen(kind: str) -> None:
    game = duel.GAME
    for pick in (1, 5):
        state = new_game(game, 2, {}, 0)
        state, _ = apply(game, state, 0, game.parse_action(f"pick {pick}"))
        assert game.deciders(state) == (1,)
        if pick == 1:
            low = state
        else:
            high = state
    assert canonical_json(game.view(low, 1)) == canonical_json(game.view(high, 1))
    assert choice(kind, game, low, 1) == choice(kind, game, high, 1)


@pytest.mark.parametrize("kind", ["random", "greedy", "mcts:iters=30"])
def test_same_view_same_choice_real_games(kind: str) -> None:
    """On every registered game: the true state and a determinization of its view give the same
    view, so a bot must choose the same action in both, at several points of a game."""
    games = loadable_games()
    if not games:
        pytest.skip("no real game registered yet")
    for game in games:
        state = new_game(game, default_players(game), {}, 5)
        rng = Rng.from_seed(5)
        for step in range(60):
            if game.is_over(state):
                break
            seat = game.deciders(state)[0]
            legal = game.legal_actions(state, seat)
            if step % 15 == 0 and len(legal) > 1:
                view = game.view(state, seat)
                other = game.determinize(view, rng.spawn())
                assert canonical_json(game.view(other, seat)) == canonical_json(view)
                assert choice(kind, game, state, seat) == choice(kind, game, other, seat)
            game.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
