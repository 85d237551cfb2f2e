"""Random playouts in every mode and seat count: they end, deciders always have actions, and the
game's own invariants hold at every step (the contract suite checks the rest)."""

from __future__ import annotations

import pytest

from mailbag.core import Rng, new_game
from mailbag.games.carteros import GAME

MODES = [{}, {"stampy": True}, {"missions": True}, {"stampy": True, "missions": True}]


@pytest.mark.parametrize("options", MODES, ids=["base", "stampy", "missions", "both"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_playouts_end_with_invariants_kept(options: dict[str, bool], seats: int) -> None:
    for seed in range(3):
        state = new_game(GAME, seats, options, seed)
        inventory = GAME.inventory(state)
        rng = Rng.from_seed(seed, 31)
        for _ in range(20_000):
            if GAME.is_over(state):
                break
            (seat,) = GAME.deciders(state)
            legal = GAME.legal_actions(state, seat)
            assert legal
            GAME.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
            for task in state.tasks:  # CA-103: a window is open only for a seat holding the card
                if task.kind == "react":
                    assert state.hand[task.seat][task.arg] > 0
            for s in range(seats):
                assert sum(state.hand[s]) <= 3
                assert sum(state.mail[s]) + sum(state.delivered[s]) <= 10
                assert len(state.missions_done[s]) <= 3
            assert state.round <= state.max_rounds
        assert GAME.is_over(state) and GAME.deciders(state) == ()
        assert GAME.inventory(state) == inventory
        ranking = GAME.ranking(state)
        assert min(ranking) == 1


def test_a_tiny_round_limit_ends_every_game() -> None:
    state = new_game(GAME, 4, {"stampy": True, "max_rounds": 1}, 7)
    rng = Rng.from_seed(1)
    while not GAME.is_over(state):
        (seat,) = GAME.deciders(state)
        legal = GAME.legal_actions(state, seat)
        GAME.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
    assert state.round == 1 and state.stampy == -1  # no placement: play ended with round 1


def test_the_turn_menu_agrees_with_the_rule_checks_used_by_explain() -> None:
    """The menu lists the cards played as an action from the component set's ``play_menu``;
    ``explain`` asks ``play_problem`` of every card: both read the cards' requirements."""
    from mailbag.games.carteros import actions as A
    from mailbag.games.carteros import legal as L
    from mailbag.games.carteros.board import ADJACENT, CORNERS

    components = GAME.components
    checked = 0
    for options in MODES:
        state = new_game(GAME, 3, options, 4)
        rng = Rng.from_seed(4, 2)
        while not GAME.is_over(state):
            (seat,) = GAME.deciders(state)
            legal = GAME.legal_actions(state, seat)
            if not state.tasks:
                house = state.pos[seat]
                slow = [A.MOVE[q] for q in (ADJACENT[house] if house >= 0 else CORNERS)]
                slow += [A.DELIVER] if L.can_deliver(components, state, seat) else []
                slow += [A.DRAW] if L.can_draw(state, seat) else []
                slow += [
                    components.play[k]
                    for k in range(len(components.actions))
                    if L.play_problem(components, state, seat, k) is None
                ]
                if not state.replaced:
                    slow += [components.replace[k] for k, c in enumerate(state.hand[seat]) if c]
                slow += [A.REFILL] if L.can_refill(state, seat) else []
                slow += [A.SHOPS] if L.can_go_shopping(state, seat) else []
                assert legal == [*slow, A.END]
                checked += 1
            GAME.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
    assert checked > 100
