"""Dealing and passing parcel tokens (PO-3) and simultaneous decisions (PO-2, PO-105)."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, NotYourTurn, Rng, canonical_json, parse_action
from mailbag.games.post_office.state import KEEP, MOVE

from .builder import GAME, act, everyone, find, new, texts


def test_setup_and_the_first_deal() -> None:
    """PO-1: stamps are numbers; 129 in all, 3 per player."""
    state = new(3, seed=5)
    assert state.round == 1 and state.phase == KEEP
    assert len(state.supply) == 96 - 6
    for p in state.players:
        assert len(p.dealt) == 2 and p.hand == []
        assert p.stamps == 3
        assert sum(1 for t in p.token if t) == 4  # the starting tokens
    assert state.stamp_supply == 129 - 9
    assert GAME.deciders(state) == (0, 1, 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_keep_one_pass_the_other_to_the_left(players: int) -> None:
    """PO-3, PO-108: the left of a seat is the next seat."""
    state = new(players, seed=players)
    dealt = [list(p.dealt) for p in state.players]
    kept = {i: d[i % 2] for i, d in enumerate(dealt)}
    state, events = everyone(state, {i: f"keep {k}" for i, k in kept.items()})
    assert state.phase == MOVE
    for i, p in enumerate(state.players):
        right = (i - 1) % players
        passed = dealt[right][1 - right % 2]
        assert p.hand == [kept[i], passed]
        assert p.dealt == []
        assert f"you receive token {passed} from seat {right}" in texts(events, i)


def test_two_players_pass_to_each_other() -> None:
    state = new(2, seed=1)
    a, b = (list(p.dealt) for p in state.players)
    state, _ = everyone(state, {0: f"keep {a[0]}", 1: f"keep {b[0]}"})
    assert state.players[0].hand == [a[0], b[1]]
    assert state.players[1].hand == [b[0], a[1]]


def test_phase_waits_until_everyone_has_chosen() -> None:
    state = new(3, seed=2)
    first = state.players[1].dealt[0]
    state, _ = act(state, 1, f"keep {first}")
    assert state.phase == KEEP
    assert GAME.deciders(state) == (0, 2)
    assert state.players[1].pending == [first]
    assert state.players[1].hand == []  # nothing happens before the reveal
    with pytest.raises(NotYourTurn):
        act(state, 1, f"keep {first}")
    assert GAME.explain_illegal(state, 1, parse_action(f"keep {first}")).rule == "PO-2"


def test_keeping_a_token_not_dealt_is_refused() -> None:
    state = new(2, seed=3)
    stranger = state.players[1].dealt[0]
    with pytest.raises(IllegalAction, match=r"not one of the two dealt to you") as info:
        act(state, 0, f"keep {stranger}")
    assert info.value.rule == "PO-3"
    with pytest.raises(IllegalAction, match="now is the keep phase") as info:
        act(state, 0, "move 0")
    assert info.value.rule == "PO-2"


def test_pending_choice_shown_to_its_owner_only() -> None:
    state = new(3, seed=4)
    token = state.players[0].dealt[1]
    before = [canonical_json(GAME.view(state, s)) for s in (1, 2, None)]
    state, _ = act(state, 0, f"keep {token}")
    assert GAME.view(state, 0)["pending"] == f"keep {token}"
    after_views = [GAME.view(state, s) for s in (1, 2, None)]
    # PO-114: everybody sees that seat 0 has chosen (and nobody else), never what
    for view in after_views:
        assert [p["chosen"] for p in view["players"]] == [True, False, False]
        assert token not in {t for p in view["players"] for t in p["tokens"]}
        view["players"][0]["chosen"] = False
    assert before == [canonical_json(v) for v in after_views]  # nothing else changed


def test_received_token_is_visible_to_the_receiver_only() -> None:
    """PO-3, PO-104."""
    state = new(3, seed=6)
    passed = state.players[0].dealt[1]
    state, _ = everyone(state, {0: f"keep {state.players[0].dealt[0]}"})
    assert passed in state.players[1].hand
    assert passed in GAME.view(state, 1)["hand"]
    for observer in (0, 2, None):
        assert not find(GAME.view(state, observer), passed)  # not even the passer is shown it
    for i, p in enumerate(GAME.view(state, 0)["players"]):
        assert p["hand_size"] == 2 and "hand" not in p, i


def test_determinize_gives_those_who_chose_a_random_choice() -> None:
    """PO-105, PO-114: in a world drawn from seat 1's view, seat 0 has chosen (that is public)
    one of the tokens dealt to it in that world, drawn at random — not its true choice; seat 2
    is still choosing."""
    state = new(3, seed=7)
    state, _ = act(state, 0, f"keep {state.players[0].dealt[0]}")
    state, _ = act(state, 1, f"keep {state.players[1].dealt[1]}")
    view = GAME.view(state, 1)
    world = GAME.determinize(view, Rng.from_seed(1))
    assert world.players[0].pending != []
    kept = str(GAME.components.actions.decode("keep", world.players[0].pending))
    assert kept in {f"keep {t}" for t in world.players[0].dealt}
    assert world.players[1].pending == state.players[1].pending
    assert world.players[2].pending == []
    assert GAME.deciders(world) == (2,)
    # the kept token is drawn, not copied: over some worlds both dealt tokens are kept
    picks = set()
    for k in range(40):
        other = GAME.determinize(view, Rng.from_seed(k)).players[0]
        keep = str(GAME.components.actions.decode("keep", other.pending)).split()[1]
        picks.add(other.dealt.index(int(keep)))
    assert picks == {0, 1}
    assert canonical_json(GAME.view(world, 1)) == canonical_json(view)
    assert GAME.inventory(world) == GAME.inventory(state)
    # hidden tokens are redrawn: other worlds deal seat 0 other tokens
    seen = {tuple(GAME.determinize(view, Rng.from_seed(k)).players[0].dealt) for k in range(10)}
    assert len(seen) > 1
