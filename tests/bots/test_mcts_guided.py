"""The MCTS bot's guided search (``prior=``, ``rollout=guided``) and root parallelism
(``workers=``): reproducible with ``iters=`` and a seed, view-only, and valid when merged."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from typing import Any

import duel
import pytest
from realgames import default_players, loadable_games

from mailbag.bots import make_bot
from mailbag.bots.mcts import MctsBot, Node
from mailbag.bots.parallel import close_pools
from mailbag.core import Action, Game, Rng, SeatError, apply, canonical_json, new_game
from mailbag.games import get

GUIDED = [
    "mcts:iters=40,prior=2,depth=0",
    "mcts:iters=30,rollout=guided,depth=3",
    "mcts:iters=30,prior=1,rollout=guided,depth=2,eps=0.3,c=0.3",
]


def decision(game: Game[Any], seats: Any, seed: int, skip: int) -> tuple[Any, int, list[Action]]:
    """A position ``skip`` real choices into a game played by taking the first legal action."""
    state = new_game(game, seats, {}, seed)
    for _ in range(2000):
        seat = game.deciders(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            if skip == 0:
                return state, seat, legal
            skip -= 1
        game.apply_in_place(state, seat, legal[-1 if skip % 2 else 0])
    raise AssertionError("no position found")


def stats(root: Node) -> list[tuple[str, int, float, int]]:
    return sorted((str(a), c.visits, round(c.total, 9), c.avail) for a, c in root.children.items())


def search(kind: str, game: Game[Any], state: Any, seat: int, seed: int = 7) -> MctsBot:
    bot = make_bot(kind, game, seat, seed)
    assert isinstance(bot, MctsBot)
    bot.search(game.view(state, seat), game.legal_actions(state, seat))
    return bot


@pytest.mark.parametrize("kind", GUIDED)
def test_guided_search_is_reproducible_with_iters(kind: str) -> None:
    game = get("postcards")
    state, seat, _legal = decision(game, 2, 4, 3)
    first, again = search(kind, game, state, seat), search(kind, game, state, seat)
    assert first.last_root is not None and again.last_root is not None
    assert stats(first.last_root) == stats(again.last_root)
    other = search(kind, game, state, seat, seed=8)
    assert other.last_root is not None
    assert stats(other.last_root) != stats(first.last_root)  # the seed matters


def test_prior_follows_the_heuristic_first() -> None:
    """With one iteration the guided search has tried exactly one action: the one whose
    one-ply heuristic reward is highest (the greedy bot's choice on that world)."""
    game = get("postcards")
    state, seat, legal = decision(game, 2, 9, 2)
    bot = search("mcts:iters=1,prior=2,depth=0,worlds=1", game, state, seat)
    root = bot.last_root
    assert root is not None and root.priors is not None
    assert set(root.priors) == set(legal)
    assert len(set(root.priors.values())) > 1  # the scene does tell the actions apart
    best = max(legal, key=lambda a: root.priors[a] if root.priors else 0.0)
    assert list(root.children) == [best]


@pytest.mark.parametrize("kind", GUIDED)
def test_guided_search_sees_only_the_view(kind: str) -> None:
    """The true state and another world of the same view give the same choice."""
    for game in loadable_games():
        state = new_game(game, default_players(game), {}, 5)
        rng = Rng.from_seed(5)
        checked = 0
        for step in range(80):
            if game.is_over(state) or checked == 2:
                break
            seat = game.deciders(state)[0]
            legal = game.legal_actions(state, seat)
            if step % 9 == 4 and len(legal) > 1:
                view = game.view(state, seat)
                other = game.determinize(view, rng.spawn())
                assert canonical_json(game.view(other, seat)) == canonical_json(view)
                mine = make_bot(kind, game, seat, 11).choose(view, legal)
                theirs = make_bot(kind, game, seat, 11).choose(game.view(other, seat), legal)
                assert mine == theirs, game.spec.name
                checked += 1
            game.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])


def test_guided_search_does_not_see_a_hidden_pick() -> None:
    game = duel.GAME
    choices = []
    for pick in (1, 5):
        state = new_game(game, 2, {}, 0)
        state, _ = apply(game, state, 0, game.parse_action(f"pick {pick}"))
        bot = make_bot("mcts:iters=50,prior=2,rollout=guided,depth=2", game, 1, 3)
        choices.append(bot.choose(game.view(state, 1), game.legal_actions(state, 1)))
    assert choices[0] == choices[1]


@pytest.fixture()
def closes_pools() -> Iterator[None]:
    """The shared worker pools are closed after the test: a later test in this process (the
    simulation's, which checks that it leaves no child process behind) must not find them."""
    yield
    close_pools()
    assert not multiprocessing.active_children()


@pytest.mark.usefixtures("closes_pools")
def test_two_workers_merge_a_valid_reproducible_search() -> None:
    """``workers=2`` runs two searches in spawned processes: the merged root holds exactly the
    iterations asked for, only legal actions, and the same numbers for the same seed."""
    game = get("postcards")
    state, seat, legal = decision(game, 2, 4, 1)
    kind = "mcts:iters=61,prior=2,depth=0,workers=2"
    first, again = search(kind, game, state, seat), search(kind, game, state, seat)
    assert first.last_root is not None and again.last_root is not None
    assert first.last_iterations == 61
    assert sum(c.visits for c in first.last_root.children.values()) == 61
    assert set(first.last_root.children) <= set(legal)
    assert stats(first.last_root) == stats(again.last_root)
    # not one search run twice: the two halves differ from a single 61-iteration search
    single = search("mcts:iters=61,prior=2,depth=0", game, state, seat)
    assert single.last_root is not None
    assert stats(single.last_root) != stats(first.last_root)
    bot = make_bot(kind, game, seat, 7)
    assert bot.choose(game.view(state, seat), legal) in legal


@pytest.mark.usefixtures("closes_pools")
def test_two_workers_with_an_unregistered_game() -> None:
    """A test game is not in the registry: the workers get the game object itself."""
    game = duel.GAME
    state = new_game(game, 2, {}, 0)
    bot = make_bot("mcts:iters=20,workers=2", game, 0, 1)
    assert isinstance(bot, MctsBot)
    action = bot.choose(game.view(state, 0), game.legal_actions(state, 0))
    assert action in game.legal_actions(state, 0)
    assert bot.last_iterations == 20


@pytest.mark.parametrize(
    ("kind", "word"),
    [
        ("mcts:rollout=fancy", "rollout"),
        ("mcts:workers=0", "workers"),
        ("mcts:prior=-1", "prior"),
        ("mcts:eps=x", "eps"),
        ("mcts:horizon=week", "horizon"),
    ],
)
def test_bad_parameters_are_refused(kind: str, word: str) -> None:
    with pytest.raises(SeatError, match=word):
        make_bot(kind, get("postcards"), 0, 1)


def test_solo_against_the_automa() -> None:
    """Solo Postcards: the Automa plays inside ``apply``, the search only decides for the player."""
    game = get("postcards")
    state, seat, legal = decision(game, ("player", "automa:expert"), 2, 2)
    bot = search("mcts:iters=40,prior=2,rollout=guided,depth=4", game, state, seat)
    assert bot.last_root is not None
    assert sum(c.visits for c in bot.last_root.children.values()) == 40
    assert all(a in legal for a in bot.last_root.children)


def test_a_ready_postcard_is_sent_where_random_rollouts_drown_it() -> None:
    """A scene from a game between greedy bots (seed 2, decision 66): the seat stands in the
    region of a fully stamped postcard among 43 legal actions. Sending it scores now; the
    guided search (heuristic priors) sends it for every seed at 30 iterations, while the same
    budget of uniform random rollouts (the old default) spreads itself over the other 42 actions
    and mostly plays something else; so does the planner (Postcards' own settings)."""
    from mailbag.bots.greedy import GreedyBot

    game = get("postcards")
    state = new_game(game, 2, {}, 2)
    greedy = [GreedyBot(game, 0, 1), GreedyBot(game, 1, 2)]
    for _ in range(66):
        seat = game.deciders(state)[0]
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        game.apply_in_place(state, seat, greedy[seat].choose(view, legal))
    seat = game.deciders(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    sends = [a for a in legal if a.verb == "send"]
    assert len(sends) == 1 and len(legal) > 30
    guided = [make_bot("mcts:iters=30,prior=2,depth=0", game, seat, s) for s in range(3)]
    uniform = [make_bot("mcts:iters=30", game, seat, s) for s in range(3)]
    # the planner: Postcards' own search settings (game.search.settings())
    planner = [make_bot("planner:iters=30", game, seat, s) for s in range(3)]
    assert [b.choose(view, legal) for b in planner] == sends * 3
    assert [b.choose(view, legal) for b in guided] == sends * 3
    assert sum(b.choose(view, legal) == sends[0] for b in uniform) <= 1


class TurnWatch:
    """A game that records, for every position the search asks the legal actions of, who
    decides there and how many turns had been completed (everything else passes through)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.asked: list[tuple[int, int | None]] = []

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        self.asked.append((seat, self.game.turns_completed(state)))
        return self.game.legal_actions(state, seat)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


@pytest.mark.parametrize("seats", [2, ("player", "automa:expert")], ids=["two", "solo"])
@pytest.mark.parametrize("rollout", ["uniform", "guided"])
def test_turn_horizon_plans_the_seat_s_own_turn_only(seats: Any, rollout: str) -> None:
    """``horizon=turn``: the tree and the rollouts stop where the seat's turn ends — where
    another seat decides, or (solo) where the Automa's turn played inside ``apply`` moved the
    turn count; without it the search reads on into the following turns."""
    game = get("postcards")
    state, seat, legal = decision(game, seats, 4, 1)
    turns = game.turns_completed(state)
    assert turns is not None
    asked = {}
    for horizon in ("turn", "game"):
        watch = TurnWatch(game)
        bot = make_bot(
            f"mcts:iters=150,prior=1,rollout={rollout},depth=12,horizon={horizon}", game, seat, 3
        )
        assert isinstance(bot, MctsBot)
        bot.game = watch  # type: ignore[assignment]
        bot.search(game.view(state, seat), legal)
        asked[horizon] = watch.asked
    assert asked["turn"] and all(x == (seat, turns) for x in asked["turn"])
    assert any(x != (seat, turns) for x in asked["game"])


def test_the_planner_is_mcts_with_the_game_s_settings() -> None:
    """``planner`` takes the game's search settings where the kind does not give them; in a
    game without settings of its own it is the plain MCTS bot."""
    postcards = get("postcards")
    bot = make_bot("planner:iters=5,c=0.5", postcards, 0, 1)
    assert isinstance(bot, MctsBot)
    assert (bot.horizon, bot.rollout, bot.depth, bot.prior, bot.c) == (
        "turn",
        "guided",
        None,
        2.0,
        0.5,
    )
    plain = make_bot("planner:iters=5", duel.GAME, 0, 1)
    assert isinstance(plain, MctsBot)
    assert (plain.horizon, plain.rollout, plain.prior) == ("game", "uniform", 0.0)
    with pytest.raises(SeatError, match="speed"):
        make_bot("planner:speed=3", postcards, 0, 1)
