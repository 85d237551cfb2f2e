"""Observations: built from a seat's view only — a world redrawn from that view gives the same
observation and mask (contract check 4 for the encoders) — and a simultaneous pick never
reaches another seat's observation; features read what they say; every feature is documented."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import mailbag.rl as rl
from mailbag.core import Rng, new_game
from mailbag.core.registry import BUILTIN, get
from mailbag.rl.match import Match
from mailbag.rl.universe import encoder_class

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def _walk(name: str, seats: int, options: dict[str, Any], seed: int, every: int) -> list[Any]:
    game = get(name)
    rng = Rng.from_seed(seed, 9)
    state = new_game(game, seats, options, seed)
    out = []
    for step in range(3000):
        deciders = game.deciders(state)
        if not deciders:
            break
        if step % every == 0:
            out.append(game.copy(state))
        legal = game.legal_actions(state, deciders[0])
        game.apply_in_place(state, deciders[0], legal[rng.randbelow(len(legal))])
    return out


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("postcards", {}),
        ("post_office", {"goals": True}),
        ("carteros", {"stampy": True, "missions": True}),
    ],
)
def test_a_world_redrawn_from_a_view_gives_the_same_observation(
    name: str, options: dict[str, Any]
) -> None:
    game = get(name)
    match = Match(game, ("player",) * 3, options)
    rng = Rng.from_seed(4, 4)
    checked = 0
    for state in _walk(name, 3, options, 21, 5):
        for seat in range(3):
            match.state = state
            match.forget()
            mine = match.observe(seat)
            world = game.determinize(game.view(state, seat), Rng(rng.next64()))
            match.state = world
            match.forget()
            theirs = match.observe(seat)
            assert np.array_equal(mine["observation"], theirs["observation"])
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            checked += 1
    assert checked > 30


def test_a_simultaneous_pick_never_reaches_another_seats_observation() -> None:
    """Post Office: seat 0 keeps one token or the other; seat 1, deciding next in the same
    phase, observes exactly the same either way — and the pick is recorded (the rules did take
    two different actions)."""
    seen = []
    for choice in (0, 1):
        env = rl.env("post_office", 3)
        env.reset(seed=8)
        assert env.agent_selection == "seat_0"
        legal = np.flatnonzero(env.observe("seat_0")["action_mask"])
        assert len(legal) == 2
        env.step(int(legal[choice]))
        assert env.agent_selection == "seat_1"
        seen.append((env.observe("seat_1"), env.observe("seat_2"), env.infos["seat_0"]["action"]))
    (a1, a2, pick_a), (b1, b2, pick_b) = seen
    assert pick_a != pick_b
    for x, y in ((a1, b1), (a2, b2)):
        assert np.array_equal(x["observation"], y["observation"])
        assert np.array_equal(x["action_mask"], y["action_mask"])


def test_the_parallel_env_applies_picks_made_on_the_same_observations() -> None:
    env = rl.parallel_env("post_office", 2)
    obs, _infos = env.reset(seed=3)
    picks = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    assert all(o["action_mask"].sum() == 2 for o in obs.values())  # both keep a token at once
    _obs, _rewards, _term, _trunc, infos = env.step(picks)
    assert {a: i["action"] for a, i in infos.items()} == {
        a: str(env.match.table.actions[i]) for a, i in picks.items()
    }


def test_postcards_features_read_the_view() -> None:
    game = get("postcards")
    match = Match(game, ("player", "player"))
    match.reset(5)
    view = match.view(0)
    enc = match.encoder
    vec = enc.encode(view)
    hand = enc.feature("hand")
    kinds = [k.name for k in game.components.travel]  # type: ignore[attr-defined]
    expected = np.zeros(hand.size, dtype=np.float32)
    for name in view["hand"]:
        expected[kinds.index(name)] += 0.2
    assert np.allclose(vec[hand.offset : hand.offset + hand.size], expected)
    seats = enc.feature("seats")
    region = view["players"][1]["region"]  # the next seat, relative seat 1
    at = seats.offset + enc.seat_size + 4 + region - 1  # type: ignore[attr-defined]
    assert vec[at] == 1.0
    # seat 1 sees itself as relative seat 0: the same region at the first seat block
    other = enc.encode(match.view(1))
    assert other[seats.offset + 4 + region - 1] == 1.0


def test_carteros_features_read_the_view() -> None:
    match = Match(get("carteros"), ("player",) * 2, {"stampy": True})
    match.reset(2)
    vec = match.encoder.encode(match.view(0))
    enc = match.encoder
    turn = enc.feature("turn")
    assert vec[turn.offset + 5] == 1.0  # Stampy mode
    carriers = enc.feature("carriers")
    assert vec[carriers.offset + 12] == 1.0  # at the Post Office, before entering


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_every_feature_is_documented_and_the_layout_is_contiguous(name: str) -> None:
    text = DOCS.read_text(encoding="utf-8")
    enc = encoder_class(get(name))(get(name), 3)
    offset = 0
    for feature in enc.features:
        assert feature.offset == offset
        offset += feature.size
        assert f"`{feature.name}`" in text, f"docs/rl.md does not describe {name}'s {feature.name}"
    assert offset == enc.size


def test_rewards_rank_and_score() -> None:
    assert rl.rank_reward([1, 2, 3], 0) == 1.0
    assert rl.rank_reward([1, 2, 3], 2) == -1.0
    assert rl.rank_reward([1, 2, 3], 1) == 0.0
    assert rl.rank_reward([1, 1, 3], 0) == 0.5
    assert rl.score_reward([30, 25, 41], 0) == -11.0
    assert rl.score_reward([30, 25, 21], 0) == 5.0


@pytest.mark.parametrize("reward", ["rank", "score"])
def test_a_finished_game_pays_the_chosen_reward(reward: str) -> None:
    env = rl.env("carteros", 2, reward=reward, max_rounds=3)
    env.reset(seed=1)
    total: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=5000):
        obs, r, done, trunc, _info = env.last()
        total[agent] += r
        env.step(None if done or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    game = env.match.game
    state = env.match.state
    assert game.is_over(state)
    if reward == "rank":
        ranking = game.ranking(state)
        assert total == {f"seat_{s}": rl.rank_reward(ranking, s) for s in range(2)}
    else:
        totals = [s.total for s in game.scores(state)]
        assert total == {f"seat_{s}": float(totals[s] - totals[1 - s]) for s in range(2)}
