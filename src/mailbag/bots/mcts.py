"""Information-set Monte Carlo tree search (single-observer IS-MCTS) that plans on views only.

Every iteration takes a world consistent with the bot's view (``game.determinize``), walks the
tree of action sequences with UCB1 restricted to the actions legal in that world (counting each
child's *availability*, as IS-MCTS does), adds one node, plays a short random rollout with the
fast in-place path and scores the result: the final ranking when the game ended, otherwise the
game's heuristic for every seat, centred and squashed into [0, 1]. Each node keeps the reward of
the seat that chose the action leading to it, so opponents, simultaneous deciders and reacting
seats are all modelled as maximising their own result.

The bot never sees the true state: only the view it is given and the worlds drawn from it.

Seat kind parameters (``mcts:iters=2000``, ``mcts:time=1.0,depth=12``, ``mcts:cpu=0.5``):

- ``iters`` — iterations per decision (default 1000); ``time`` — seconds per decision by the
  wall clock; ``cpu`` — seconds of CPU time the search's own thread spends per decision (when
  either is given, the search stops at whichever budget runs out first; ``iters`` is then
  unlimited unless also given). Both cover the whole decision, drawing the worlds included. A
  time budget makes play depend on the machine's speed *and its load* (on a busy machine a
  decision gets a fraction of its seconds of work); a CPU budget only on its speed. Neither is
  reproducible.
- ``depth`` — random rollout steps before the heuristic evaluation (default 8; ``full`` plays
  rollouts to the end of the game).
- ``c`` — UCB exploration constant (default 0.7).
- ``worlds`` — N > 0 (default 64) draws up to N worlds per decision (up front with ``iters``
  alone, as the iterations reach them with a time budget) and cycles through copies of them,
  each copy with fresh chance (a copy is much cheaper than ``determinize``); 0 draws a fresh
  world every iteration.
- ``prior`` — W > 0 seeds every legal action's mean with its one-ply heuristic reward (the
  greedy bot's look, on the iteration's world) counted as W visits, and UCB chooses among all
  the legal actions: the search follows the heuristic first and widens where deeper looks
  disagree (default 0: off, each untried action is expanded once in random order).
- ``rollout`` — ``uniform`` (default: random steps) or ``guided``: each step the mover's greedy
  move, or with probability ``eps`` (default 0.1) a random one.
- ``horizon`` — ``game`` (default) or ``turn``: plan the seat's own turn only (the tree and
  the rollouts stop where another seat decides or ``Game.turns_completed`` moves).
- ``workers`` — N > 1 splits the search into N searches in spawned worker processes, merged at
  the root (``parallel.py``); reproducible with ``iters``.

Each parameter's range is declared in :data:`PARAMS` (checked by ``bots.base.check_kind``). A
server also bounds ``time`` and ``iters`` by its operator's limits, runs every search in one
process, and caps each search where it runs (:func:`capped`): a default budget over its limits
stops there too.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any, Final

from mailbag.bots.base import BotParam, register_bot
from mailbag.bots.greedy import check_params, float_param, int_param
from mailbag.core import Action, Game, Observation, Rng, SeatError
from mailbag.core.i18n import N_, _
from mailbag.core.serialize import field_names

DEFAULT_ITERS: Final = 1000
DEFAULT_DEPTH: Final = 8
DEFAULT_WORLDS: Final = 64
DEFAULT_C: Final = 0.7
DEFAULT_ROLLOUT: Final = "uniform"
DEFAULT_EPS: Final = 0.1
DEFAULT_PRIOR: Final = 0.0
ROLLOUTS: Final = ("uniform", "guided")
HORIZONS: Final = ("game", "turn")
KNOWN: Final = (
    "iters",
    "time",
    "cpu",
    "depth",
    "c",
    "worlds",
    "rollout",
    "eps",
    "prior",
    "workers",
    "horizon",
)


#: hard caps on every search in this process, innermost last: (seconds, iterations) — a
#: server's worker process sets them for each move and hint (:func:`capped`)
_CAPS: Final[list[tuple[float | None, int | None]]] = []


@contextlib.contextmanager
def capped(seconds: float | None, iters: int | None) -> Iterator[None]:
    """Within the block, every search stops after ``seconds`` or ``iters`` iterations at the
    latest, whatever its seat kind asks (a server's limits, enforced where the search runs).
    A search stopped by the cap is no longer reproducible from its seed alone."""
    _CAPS.append((seconds, iters))
    try:
        yield
    finally:
        _CAPS.pop()


class Node:
    """One information-set node: statistics of the action that led here."""

    __slots__ = ("avail", "children", "offered", "priors", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        #: the seat whose decision led to this node (-1 at the root)
        self.seat = seat
        self.children: dict[Action, Node] = {}
        self.visits = 0
        #: how often this node's action was legal when its parent was visited
        self.avail = 0
        #: sum of ``seat``'s rewards over the visits
        self.total = 0.0
        #: with ``prior=``: the one-ply heuristic reward of each action tried from here, for
        #: the seat deciding here, and how often each action was available (visited or not)
        self.priors: dict[Action, float] | None = None
        self.offered: dict[Action, int] | None = None

    def value(self) -> float:
        """The mean reward of this node's seat over its visits (0.5 before any)."""
        return self.total / self.visits if self.visits else 0.5


class MctsBot:
    """IS-MCTS with truncated random rollouts evaluated by the game's heuristic."""

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        seed: int,
        *,
        iters: int | None = DEFAULT_ITERS,
        seconds: float | None = None,
        cpu: float | None = None,
        depth: int | None = DEFAULT_DEPTH,
        c: float = DEFAULT_C,
        worlds: int = DEFAULT_WORLDS,
        rollout: str = DEFAULT_ROLLOUT,
        eps: float = DEFAULT_EPS,
        prior: float = DEFAULT_PRIOR,
        workers: int = 1,
        horizon: str = "game",
    ) -> None:
        if iters is None and seconds is None and cpu is None:
            raise SeatError(_("the mcts bot needs a budget: iters=N, time=S or cpu=S"))
        self.game = game
        self.seat = seat
        self.iters = iters
        self.seconds = seconds
        #: CPU seconds of this thread per decision (``cpu=``), None: no CPU budget
        self.cpu = cpu
        self.depth = depth
        self.c = c
        self.worlds = worlds
        self.rollout = rollout
        self.eps = eps
        self.prior = prior
        self.workers = workers
        self.horizon = horizon
        self.rng = Rng.from_seed(seed, 0x3C75, seat)
        # running scale of the centred heuristic, so its units do not matter
        self._abs_sum = 0.0
        self._abs_count = 0
        #: iterations done in the last decision (for the benchmark)
        self.last_iterations = 0
        self.last_root: Node | None = None
        #: called after each iteration with the root's child it went through, the world it
        #: ended in and every seat's reward (a game review's statistics; None: nobody watches)
        self.watch: Callable[[Node, Any, list[float]], None] | None = None

    def export_state(self) -> tuple[int, float, int]:
        """What the bot's decisions change in it (its generator, the running scale of the
        heuristic): a bot made again from the same kind and seed that is given this
        (:meth:`import_state`) decides on exactly as this one would (a server's workers)."""
        return (self.rng.state, self._abs_sum, self._abs_count)

    def import_state(self, state: tuple[int, float, int]) -> None:
        self.rng.state, self._abs_sum, self._abs_count = state

    # -- the search -------------------------------------------------------------------------------
    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        root = self.search(observation, legal)
        best = legal[0]
        best_key = (-1, -math.inf)
        for action in legal:
            child = root.children.get(action)
            if child is None:
                continue
            key = (child.visits, child.value())
            if key > best_key:
                best, best_key = action, key
        return best

    def search(self, observation: Observation, legal: Sequence[Action]) -> Node:
        """Run the budget from ``observation`` and return the root (its children's statistics).

        A time budget covers the whole decision, the drawing of worlds included: with one, the
        worlds are drawn as the iterations need them, so however many are asked for the search
        stops on time. With an iteration budget alone they are drawn up front (at most one per
        four iterations), which keeps such searches exactly reproducible."""
        if self.workers > 1:
            return self._search_parallel(observation, legal)
        clock = time.perf_counter
        deadline = None if self.seconds is None else clock() + self.seconds
        cap_seconds, cap_iters = _CAPS[-1] if _CAPS else (None, None)
        # a server's cap stops the search but leaves how it draws its worlds as it was: within
        # the cap, play is exactly what it would be without one
        stop = deadline if cap_seconds is None else clock() + cap_seconds
        if deadline is not None and stop is not None:
            stop = min(stop, deadline)
        # a CPU budget: this thread's CPU time (another thread's or process's work, and the
        # time the machine gives to others, do not count against it)
        cpu_clock = time.thread_time
        cpu_stop = None if self.cpu is None else cpu_clock() + self.cpu
        budgeted = deadline is not None or cpu_stop is not None
        game = self.game
        root = Node(-1)
        pool: list[Any] = []
        size = 0
        if self.worlds > 0:
            # each world serves about four iterations or more (fewer worlds for small budgets)
            size = self.worlds if self.iters is None else min(self.worlds, 1 + self.iters // 4)
            if not budgeted:
                pool = [game.determinize(observation, self.rng) for _ in range(size)]
        limit = self.iters
        if cap_iters is not None:
            limit = cap_iters if limit is None else min(limit, cap_iters)
        done = 0
        while (
            (limit is None or done < limit)
            and (stop is None or clock() < stop)
            and (cpu_stop is None or cpu_clock() < cpu_stop)
        ):
            if size and len(pool) < size and done == len(pool):
                # a time or CPU budget: the next world is drawn now, inside the budget
                pool.append(game.determinize(observation, self.rng))
            if pool:
                world = game.copy(pool[done % len(pool)])
                _reseed(world, self.rng)
            else:
                world = game.determinize(observation, self.rng)
            self._iterate(root, world, legal)
            done += 1
        self.last_iterations = done
        self.last_root = root
        return root

    def _search_parallel(self, observation: Observation, legal: Sequence[Action]) -> Node:
        """``workers`` searches in worker processes (see ``parallel.py``), their roots merged:
        the iterations are shared out, a time or CPU budget is given to each."""
        from mailbag.bots import parallel

        executor = parallel.pool(self.workers)
        ref = parallel.game_ref(self.game)
        base = self.rng.next64()
        futures = []
        for part in range(self.workers):
            iters = self.iters
            if iters is not None:
                iters = iters // self.workers + (1 if part < iters % self.workers else 0)
                if iters == 0:
                    continue
            settings = {
                "iters": iters,
                "seconds": self.seconds,
                "cpu": self.cpu,
                "depth": self.depth,
                "c": self.c,
                "worlds": self.worlds,
                "rollout": self.rollout,
                "eps": self.eps,
                "prior": self.prior,
                "horizon": self.horizon,
            }
            seed = (base + part * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            futures.append(
                executor.submit(
                    parallel.search_part, ref, self.seat, seed, settings, observation, list(legal)
                )
            )
        root = Node(-1)
        for future in futures:
            for action, visits, total, avail in future.result():
                child = root.children.get(action)
                if child is None:
                    child = root.children[action] = Node(self.seat)
                child.visits += visits
                child.total += total
                child.avail += avail
                root.visits += visits
        self.last_iterations = root.visits
        self.last_root = root
        return root

    def _iterate(self, root: Node, world: Any, root_legal: Sequence[Action]) -> None:
        game = self.game
        rng = self.rng
        apply_in_place = game.apply_in_place
        deciders = game.deciders
        legal_actions = game.legal_actions
        c = self.c
        weight = self.prior

        node = root
        path = [root]
        seat = self.seat
        legal: Sequence[Action] = root_legal
        turn_horizon = self.horizon == "turn"
        turns = game.turns_completed(world) if turn_horizon else None
        # selection and expansion
        while True:
            children = node.children
            if weight > 0:
                # every action starts from its one-ply heuristic reward, counted as ``weight``
                # visits: the search first follows the greedy bot's choice, then looks wider
                action, child = self._select_with_priors(node, world, seat, legal)
                if child is None:
                    child = Node(seat)
                    children[action] = child
                    apply_in_place(world, seat, action)
                    path.append(child)
                    break
                apply_in_place(world, seat, action)
                node = child
            else:
                # each legal action's child looked up once (hashing the actions is a good part
                # of an iteration's own time); indexed loops, not zip, which compiled code runs
                # natively
                found = [children.get(a) for a in legal]
                untried = [legal[i] for i in range(len(legal)) if found[i] is None]
                if untried:
                    action = untried[rng.randbelow(len(untried))]
                    child = Node(seat)
                    children[action] = child
                    child.avail += 1
                    for tried in found:
                        if tried is not None:
                            tried.avail += 1
                    apply_in_place(world, seat, action)
                    path.append(child)
                    break
                best_child: Node | None = None
                best_action = legal[0]
                best_value = -math.inf
                for i in range(len(legal)):
                    known = found[i]
                    assert known is not None
                    child = known
                    child.avail += 1
                    value = child.total / child.visits + c * math.sqrt(
                        math.log(child.avail) / child.visits
                    )
                    if value > best_value:
                        best_child, best_action, best_value = child, legal[i], value
                assert best_child is not None
                apply_in_place(world, seat, best_action)
                node = best_child
            path.append(node)
            now = deciders(world)
            if not now:
                break
            if turn_horizon and self._turn_over(world, now, turns):
                break
            seat = now[0]
            legal = legal_actions(world, seat)
        # rollout
        if self.rollout == "guided":
            self._greedy_rollout(world, turns)
        else:
            steps = 0
            depth = self.depth
            randbelow = rng.randbelow
            while depth is None or steps < depth:
                now = deciders(world)
                if not now or (turn_horizon and self._turn_over(world, now, turns)):
                    break
                mover = now[0]
                options = legal_actions(world, mover)
                apply_in_place(world, mover, options[randbelow(len(options))])
                steps += 1
        rewards = self.evaluate(world)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.total += rewards[visited.seat]
        watch = self.watch
        if watch is not None:
            watch(path[1], world, rewards)

    def _select_with_priors(
        self, node: Node, world: Any, seat: int, legal: Sequence[Action]
    ) -> tuple[Action, Node | None]:
        """UCB over all of ``legal``, each action's mean seeded with its prior reward as
        ``prior`` virtual visits; returns the action and its child (None: not visited yet)."""
        priors = node.priors
        offered = node.offered
        if priors is None or offered is None:
            priors = node.priors = {}
            offered = node.offered = {}
        missing = [a for a in legal if a not in priors]
        if missing:
            self._fill_priors(priors, world, seat, missing)
        weight = self.prior
        c = self.c
        children = node.children
        best_action = legal[0]
        best_child: Node | None = None
        best_value = -math.inf
        for a in legal:
            seen = offered.get(a, 0) + 1
            offered[a] = seen
            child = children.get(a)
            if child is None:
                n = weight
                mean = priors[a]
            else:
                child.avail = seen
                n = child.visits + weight
                mean = (child.total + weight * priors[a]) / n
            value = mean + c * math.sqrt(math.log(seen) / n)
            if value > best_value:
                best_action, best_child, best_value = a, child, value
        return best_action, best_child

    def _fill_priors(
        self, priors: dict[Action, float], world: Any, seat: int, actions: Sequence[Action]
    ) -> None:
        """Each action's reward for ``seat`` right after it (one ply, on this world)."""
        game = self.game
        copy, apply_in_place = game.copy, game.apply_in_place
        for action in actions:
            after = copy(world)
            apply_in_place(after, seat, action)
            priors[action] = self.evaluate(after)[seat]

    def _turn_over(self, world: Any, now: Sequence[int], turns: int | None) -> bool:
        """With ``horizon=turn``: has the turn of the search's seat ended in ``world``? It has
        when that seat no longer decides, or when the game counts turns and one was completed
        (an engine seat may have played its turn inside ``apply``)."""
        if self.seat not in now:
            return True
        return turns is not None and self.game.turns_completed(world) != turns

    def _greedy_rollout(self, world: Any, turns: int | None = None) -> None:
        """Up to ``depth`` steps, each the greedy bot's move (the action whose result the
        mover's heuristic likes best, on this world) or, with probability ``eps``, a random
        one."""
        game = self.game
        rng = self.rng
        copy, apply_in_place, heuristic = game.copy, game.apply_in_place, game.search.heuristic
        deciders, legal_actions = game.deciders, game.legal_actions
        depth = self.depth
        eps = self.eps
        steps = 0
        while depth is None or steps < depth:
            now = deciders(world)
            if not now or (self.horizon == "turn" and self._turn_over(world, now, turns)):
                break
            mover = now[0]
            options = legal_actions(world, mover)
            if len(options) == 1:
                choice = options[0]
            elif eps > 0 and rng.random() < eps:
                choice = options[rng.randbelow(len(options))]
            else:
                choice = options[0]
                best = -math.inf
                for action in options:
                    after = copy(world)
                    apply_in_place(after, mover, action)
                    value = heuristic(after, mover)
                    if value > best:
                        choice, best = action, value
            apply_in_place(world, mover, choice)
            steps += 1

    # -- evaluation -------------------------------------------------------------------------------
    def evaluate(self, world: Any) -> list[float]:
        """Each seat's reward in [0, 1]: by final place when the game is over, else the
        heuristic centred on the seats' mean and squashed with a running scale."""
        game = self.game
        n = game.num_seats(world)
        if n > 1 and game.is_over(world):
            return [(n - place) / (n - 1) for place in game.ranking(world)]
        values = game.search.heuristics(world)
        if n > 1:
            mean = sum(values) / n
            values = [v - mean for v in values]
        self._abs_sum += sum(abs(v) for v in values)
        self._abs_count += n
        scale = self._abs_sum / self._abs_count if self._abs_sum > 0 else 1.0
        return [_sigmoid(v / scale) for v in values]


def _sigmoid(x: float) -> float:
    if x < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _reseed(world: Any, rng: Rng) -> None:
    """Give a copied world fresh chance: reseed the generators held at its top level."""
    for name in field_names(type(world)):
        value = getattr(world, name)
        if isinstance(value, Rng):
            value.state = rng.next64()


def _factory(game: Game[Any], seat: int, seed: int, params: dict[str, str]) -> MctsBot:
    check_params("mcts", params, KNOWN)
    rollout = params.get("rollout", DEFAULT_ROLLOUT)
    if rollout not in ROLLOUTS:
        raise SeatError(
            _(
                "bot parameter rollout={value} must be one of: {choices}",
                value=repr(rollout),
                choices=", ".join(ROLLOUTS),
            )
        )
    seconds = float_param(params, "time", 0.0) if "time" in params else None
    if seconds is not None and seconds <= 0:
        raise SeatError(_("bot parameter time must be more than 0 seconds"))
    cpu = float_param(params, "cpu", 0.0) if "cpu" in params else None
    if cpu is not None and cpu <= 0:
        raise SeatError(_("bot parameter cpu must be more than 0 seconds"))
    horizon = params.get("horizon", "game")
    if horizon not in HORIZONS:
        raise SeatError(
            _(
                "bot parameter horizon={value} must be one of: {choices}",
                value=repr(horizon),
                choices=", ".join(HORIZONS),
            )
        )
    iters: int | None = DEFAULT_ITERS
    if "iters" in params:
        iters = int_param(params, "iters", DEFAULT_ITERS, minimum=1)
    elif seconds is not None or cpu is not None:
        iters = None
    depth: int | None = DEFAULT_DEPTH
    if params.get("depth") == "full":
        depth = None
    else:
        depth = int_param(params, "depth", DEFAULT_DEPTH, minimum=0)
    return MctsBot(
        game,
        seat,
        seed * 7919 + seat,
        iters=iters,
        seconds=seconds,
        cpu=cpu,
        depth=depth,
        c=float_param(params, "c", DEFAULT_C),
        worlds=int_param(params, "worlds", DEFAULT_WORLDS),
        rollout=rollout,
        eps=float_param(params, "eps", DEFAULT_EPS),
        prior=float_param(params, "prior", DEFAULT_PRIOR),
        workers=int_param(params, "workers", 1, minimum=1),
        horizon=horizon,
    )


def _planner(game: Game[Any], seat: int, seed: int, params: dict[str, str]) -> MctsBot:
    """``planner``: the MCTS bot with the game's own best search settings
    (``game.search.settings()``) where the seat kind does not give them; in Postcards the guided
    whole-turn planner. A game without settings of its own gets the plain ``mcts`` bot."""
    check_params("planner", params, KNOWN)
    return _factory(game, seat, seed, {**game.search.settings(), **params})


#: the parameters of ``mcts`` and ``planner`` and their ranges; a server also bounds ``time``
#: and ``iters`` by its operator's limits and runs every search in one process (``workers``)
PARAMS: Final = (
    BotParam(
        "iters",
        "int",
        1,
        1_000_000_000,
        limit="iters",
        default=str(DEFAULT_ITERS),
        help=N_("search iterations per decision (unlimited when only time is given)"),
    ),
    BotParam(
        "time",
        "float",
        0,
        86_400,
        above=True,
        limit="time",
        help=N_("seconds per decision (not reproducible)"),
    ),
    BotParam(
        "cpu",
        "float",
        0,
        86_400,
        above=True,
        limit="time",
        help=N_("CPU seconds per decision, whatever the machine's load (not reproducible)"),
    ),
    BotParam(
        "depth",
        "int",
        0,
        10_000,
        words=("full",),
        default=str(DEFAULT_DEPTH),
        help=N_("random steps after the tree before the position is judged"),
    ),
    BotParam("c", "float", 0, 1_000, default=str(DEFAULT_C), help=N_("exploration")),
    BotParam(
        "worlds",
        "int",
        0,
        10_000_000,
        default=str(DEFAULT_WORLDS),
        help=N_("hidden deals drawn per decision (0: a new one every iteration)"),
    ),
    BotParam(
        "rollout",
        "choice",
        words=ROLLOUTS,
        default=DEFAULT_ROLLOUT,
        help=N_("random steps, or guided by the greedy look"),
    ),
    BotParam(
        "eps",
        "float",
        0,
        1,
        default=str(DEFAULT_EPS),
        help=N_("share of random steps in a guided rollout"),
    ),
    BotParam(
        "prior",
        "float",
        0,
        1_000_000,
        default="0",
        help=N_("weight of the one-step look on untried actions (0: off)"),
    ),
    BotParam(
        "workers",
        "int",
        1,
        256,
        server_max=1,
        default="1",
        help=N_("processes sharing the search"),
    ),
    BotParam(
        "horizon",
        "choice",
        words=HORIZONS,
        default="game",
        help=N_("plan to the end of the game, or of the seat's own turn"),
    ),
)
assert tuple(p.name for p in PARAMS) == KNOWN

#: ``planner``'s defaults are the game's own settings (``game.search.settings()``), else mcts's
PLANNER_PARAMS: Final = tuple(replace(param, default="") for param in PARAMS)

register_bot(
    "mcts",
    _factory,
    PARAMS,
    summary=N_("searches ahead on deals drawn from what the seat can see (Monte Carlo)"),
)
register_bot(
    "planner",
    _planner,
    PLANNER_PARAMS,
    summary=N_("mcts with the game's own best settings where the kind gives none"),
)
