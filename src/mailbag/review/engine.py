"""Game review: every decision of a game judged by a search from what its player knew then.

A decision is a step of the record where its seat had more than one legal action. It is judged
from exactly what that seat could know at that moment — its view (``game.view(state, seat)``),
its legal actions and the action it took — and nothing else (:func:`review_decision` is given
nothing more): the search plans on worlds drawn from that view (``game.determinize``), and its
seed is a hash of the view, the legal actions and the settings, so two positions the seat could
not tell apart are judged identically, whatever the revealed game holds.

How a decision is judged (documented for players in ``docs/review.md``):

1. **The search.** An IS-MCTS search (the bots' own, :class:`~mailbag.bots.mcts.MctsBot`) of
   ``iters`` iterations from the view; its most visited choice is *the better choice*.
2. **The duel.** When the choice made is another one, each of the two is searched alone, with the
   same seed (so on the same drawn worlds) and ``duel`` iterations each: their mean results are
   the two *expected results*, and the *loss* is how much the better one gives more.
3. **The spread.** Each iteration's result is one sample: the spread of a mean is twice its
   standard error (about 95%), and the loss's spread combines the two means'.
4. **The mark.** A decision is marked only when its loss is beyond its spread and at least a
   threshold of the expected result (:data:`THRESHOLDS`, on the scale of winning chances as
   lichess marks chess moves): an inaccuracy, a mistake or a blunder.

The *expected result* of a seat is the search's reward: 1 for a sure first place, 0 for a sure
last (by the final ranking when a playout reached the end, else the game's evaluation of every
seat, centred and squashed). The *expected margin* is the seat's score minus the best other
seat's (final scores, or the evaluation in points before the end). A seat's *accuracy* is the
mean over its decisions of lichess's accuracy of a move, from its loss in percentage points.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Final

from mailbag.core import Action, Game, MailbagError, Observation, canonical_json
from mailbag.core.i18n import N_, _
from mailbag.core.records import GameRecord, replay_steps

#: marks by the loss of expected result (the better choice's minus the one made), largest first
THRESHOLDS: Final = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
MARKS: Final = tuple(name for name, _loss in THRESHOLDS)
MARK_WORDS: Final = {
    "blunder": N_("blunder"),
    "mistake": N_("mistake"),
    "inaccuracy": N_("inaccuracy"),
}
#: how many of each a seat made, as a summary counts them
MARK_COUNTS: Final = {
    "blunder": N_("blunders"),
    "mistake": N_("mistakes"),
    "inaccuracy": N_("inaccuracies"),
}
#: a loss smaller than this is shown as none (the two choices are as good)
SHOWN_LOSS: Final = 0.01
#: the spread of a mean: this many standard errors (about 95%)
SPREAD_SE: Final = 2.0
#: review depths: the search's iterations per decision (the duel gets half each)
DEPTHS: Final = {"quick": 300, "default": 800, "deep": 3000}
DEFAULT_DEPTH: Final = "default"
#: how many of the search's other choices a decision lists
ALTERNATIVES: Final = 3


class ReviewError(MailbagError):
    """A review that cannot be made (a bad setting, a record that does not replay)."""


@dataclass(frozen=True)
class Settings:
    """What a review searches with: its depth's iterations, the duel's, the search's own
    settings (rollout depth, worlds drawn)."""

    iters: int = DEPTHS[DEFAULT_DEPTH]
    duel: int = DEPTHS[DEFAULT_DEPTH] // 2
    depth: int = 8
    worlds: int = 32

    @classmethod
    def of(cls, depth: str = DEFAULT_DEPTH, iters: int | None = None) -> Settings:
        if depth not in DEPTHS:
            raise ReviewError(
                _(
                    "unknown review depth {depth}; valid: {valid}",
                    depth=repr(depth),
                    valid=", ".join(DEPTHS),
                )
            )
        n = DEPTHS[depth] if iters is None else iters
        if not 20 <= n <= 100_000:
            raise ReviewError(_("the iterations must be 20 to 100000, not {n}", n=n))
        return cls(iters=n, duel=max(10, n // 2))

    def key(self) -> str:
        """The settings as one stable string (a stored review's key)."""
        return f"iters={self.iters},duel={self.duel},depth={self.depth},worlds={self.worlds}"


@dataclass
class Estimate:
    """An action's statistics from a search: iterations through it, the deciding seat's mean
    result and its standard error, every seat's mean result and mean margin."""

    visits: int = 0
    mean: float = 0.5
    se: float = 0.0
    results: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)


@dataclass
class Choice:
    notation: str
    text: str
    visits: int
    value: float


@dataclass
class DecisionReview:
    """One judged decision (its record step ``index``, 1 = the first action)."""

    index: int
    seat: int
    played: str
    played_text: str
    best: str
    best_text: str
    #: the deciding seat's expected result after the choice made, and after the better one
    value: float
    best_value: float
    loss: float
    spread: float
    mark: str | None
    accuracy: float
    #: every seat's expected result and margin after the choice made
    results: list[float]
    margins: list[float]
    iterations: int
    #: CPU seconds the judgment took (where it ran)
    cpu: float
    legal: int
    alternatives: list[Choice]
    #: the clicks on the graphical board of the choice made and of the better one
    played_clicks: list[str]
    best_clicks: list[str]


def review_seed(observation: Observation, legal: Sequence[Action], settings: Settings) -> int:
    """The searches' seed: a hash of what the seat saw and could do, and the settings."""
    digest = hashlib.blake2b(digest_size=8, person=b"mailbag-review")
    digest.update(canonical_json(observation))
    digest.update(canonical_json([str(a) for a in legal]))
    digest.update(settings.key().encode())
    return int.from_bytes(digest.digest(), "big")


def margins_of(game: Game[Any], world: Any) -> list[float]:
    """Each seat's score minus the best other seat's: final scores when the game is over, else
    the game's evaluation (points and what will likely become points)."""
    if game.is_over(world):
        values = [float(score.total) for score in game.scores(world)]
    else:
        values = [float(v) for v in game.search.heuristics(world)]
    if len(values) == 1:
        return values
    out = []
    for seat, mine in enumerate(values):
        out.append(mine - max(v for other, v in enumerate(values) if other != seat))
    return out


class _Tally:
    """Per root child of a search: the samples of the deciding seat's result (sum, sum of
    squares), and the sums of every seat's result and margin."""

    def __init__(self, game: Game[Any], seat: int) -> None:
        self.game = game
        self.seat = seat
        self.stats: dict[int, list[Any]] = {}

    def __call__(self, child: Any, world: Any, rewards: list[float]) -> None:
        entry = self.stats.get(id(child))
        if entry is None:
            n = len(rewards)
            entry = self.stats[id(child)] = [0, 0.0, 0.0, [0.0] * n, [0.0] * n]
        r = rewards[self.seat]
        entry[0] += 1
        entry[1] += r
        entry[2] += r * r
        for s, value in enumerate(rewards):
            entry[3][s] += value
        for s, value in enumerate(margins_of(self.game, world)):
            entry[4][s] += value

    def estimate(self, child: Any) -> Estimate:
        entry = self.stats.get(id(child))
        if entry is None or entry[0] == 0:
            return Estimate()
        n, total, squares, results, margins = entry
        mean = total / n
        variance = max(0.0, squares / n - mean * mean) * (n / (n - 1) if n > 1 else 1.0)
        return Estimate(
            visits=n,
            mean=mean,
            se=math.sqrt(variance / n) if n > 1 else 0.5,
            results=[v / n for v in results],
            margins=[v / n for v in margins],
        )


def _search(
    game: Game[Any],
    seat: int,
    observation: Observation,
    legal: Sequence[Action],
    seed: int,
    iters: int,
    settings: Settings,
) -> tuple[dict[Action, Estimate], int]:
    """A search of ``iters`` iterations over ``legal``: each action's estimate."""
    from mailbag.bots.mcts import MctsBot

    bot = MctsBot(game, seat, seed, iters=iters, depth=settings.depth, worlds=settings.worlds)
    tally = _Tally(game, seat)
    bot.watch = tally
    root = bot.search(observation, legal)
    return {a: tally.estimate(node) for a, node in root.children.items()}, bot.last_iterations


def accuracy_of(loss: float) -> float:
    """lichess's accuracy of a move from its loss of winning chances (0–1): 100 for none."""
    value = 103.1668 * math.exp(-0.04354 * 100.0 * max(0.0, loss)) - 3.1669
    return round(max(0.0, min(100.0, value)), 2)


def mark_of(loss: float, spread: float) -> str | None:
    """The mark of a decision: the largest threshold its loss reaches, when beyond its spread."""
    if loss <= spread:
        return None
    for name, threshold in THRESHOLDS:
        if loss >= threshold:
            return name
    return None


def review_decision(
    game: Game[Any],
    seat: int,
    observation: Observation,
    legal: Sequence[Action],
    played: Action,
    settings: Settings,
    index: int = 0,
) -> DecisionReview:
    """Judge the choice ``played`` of ``seat`` from its ``observation`` and ``legal`` actions
    (see the module): nothing else about the game is read."""
    if played not in legal:
        raise ReviewError(
            _("step {index}: {action} was not a legal choice", index=index, action=str(played))
        )
    started = time.process_time()
    seed = review_seed(observation, legal, settings)
    estimates, iterations = _search(game, seat, observation, legal, seed, settings.iters, settings)
    order = {a: i for i, a in enumerate(legal)}
    ranked = sorted(
        estimates.items(), key=lambda ae: (-ae[1].visits, -ae[1].mean, order.get(ae[0], 0))
    )
    best = ranked[0][0] if ranked else played
    if best == played:
        mine = estimates[played]
        best_estimate = mine
        loss = 0.0
        spread = SPREAD_SE * mine.se
    else:
        # the two alone, on the same worlds, with the same effort: a fair comparison
        duel_best, n_best = _search(game, seat, observation, [best], seed, settings.duel, settings)
        duel_mine, n_mine = _search(
            game, seat, observation, [played], seed, settings.duel, settings
        )
        iterations += n_best + n_mine
        best_estimate, mine = duel_best[best], duel_mine[played]
        loss = max(0.0, best_estimate.mean - mine.mean)
        spread = SPREAD_SE * math.sqrt(best_estimate.se**2 + mine.se**2)
    presentation = game.presentation
    alternatives = [
        Choice(str(a), presentation.describe_action(observation, a), e.visits, round(e.mean, 4))
        for a, e in ranked[:ALTERNATIVES]
    ]
    mark = mark_of(loss, spread)
    return DecisionReview(
        index=index,
        seat=seat,
        played=str(played),
        played_text=presentation.describe_action(observation, played),
        best=str(best),
        best_text=presentation.describe_action(observation, best),
        value=round(mine.mean, 4),
        best_value=round(best_estimate.mean, 4),
        loss=round(loss, 4),
        spread=round(spread, 4),
        mark=mark,
        # a loss within the spread is no loss: the move is as good as the search can tell
        accuracy=round(accuracy_of(loss if mark else 0.0), 2),
        results=[round(v, 4) for v in mine.results],
        margins=[round(v, 2) for v in mine.margins],
        iterations=iterations,
        cpu=round(time.process_time() - started, 4),
        legal=len(legal),
        alternatives=alternatives,
        played_clicks=list(presentation.click_path(observation, played)),
        best_clicks=list(presentation.click_path(observation, best)),
    )


@dataclass(frozen=True)
class Task:
    """One decision to judge: all a worker needs (the seat's view, never the state)."""

    index: int
    seat: int
    observation: Observation
    legal: tuple[Action, ...]
    played: Action


def decisions_of(game: Game[Any], record: GameRecord) -> Iterator[Task]:
    """The record's decisions, replayed: each step whose seat had more than one legal choice."""
    previous: Any = None
    try:
        for step in replay_steps(game, record):
            if step.index > 0 and previous is not None:
                legal = game.legal_actions(previous, step.seat)
                if len(legal) > 1:
                    observation = game.view(previous, step.seat)
                    yield Task(step.index, step.seat, observation, tuple(legal), step.action)
            previous = step.state
    except MailbagError as exc:
        raise ReviewError(_("the record does not replay: {detail}", detail=str(exc))) from None


def run_task(ref: str | Game[Any], task: Task, settings: Settings) -> DecisionReview:
    """Judge one decision (in a worker process, or here)."""
    from mailbag.core import registry

    game = registry.get(ref) if isinstance(ref, str) else ref
    return review_decision(
        game, task.seat, task.observation, task.legal, task.played, settings, task.index
    )


Progress = Callable[[int, int], bool | None]


@dataclass
class Review:
    """A whole game's review: its settings, its decisions, each seat's accuracy and marks."""

    game: str
    game_id: str
    seats: list[str]
    settings: dict[str, Any]
    thresholds: dict[str, float]
    decisions: list[DecisionReview]
    accuracy: list[float | None]
    marks: list[dict[str, int]]
    result: dict[str, Any] | None
    complete: bool = True

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        decisions = []
        for d in data["decisions"]:
            d = dict(d)
            d["alternatives"] = [Choice(**c) for c in d["alternatives"]]
            decisions.append(DecisionReview(**d))
        return cls(**{**data, "decisions": decisions})


def summarise(
    game: Game[Any],
    record: GameRecord,
    settings: Settings,
    decisions: list[DecisionReview],
    complete: bool = True,
) -> Review:
    n = len(record.seats)
    accuracy: list[float | None] = []
    marks: list[dict[str, int]] = []
    for seat in range(n):
        mine = [d for d in decisions if d.seat == seat]
        accuracy.append(round(sum(d.accuracy for d in mine) / len(mine), 1) if mine else None)
        marks.append({m: sum(1 for d in mine if d.mark == m) for m in MARKS})
    return Review(
        game=record.game,
        game_id=record.game_id,
        seats=[record.label(s) for s in range(n)],
        settings={
            "iters": settings.iters,
            "duel": settings.duel,
            "depth": settings.depth,
            "worlds": settings.worlds,
            "spread": f"{SPREAD_SE:g} standard errors",
        },
        thresholds={name: t for name, t in THRESHOLDS},
        decisions=sorted(decisions, key=lambda d: d.index),
        accuracy=accuracy,
        marks=marks,
        result=record.result,
        complete=complete,
    )


def review_record(
    game: Game[Any],
    record: GameRecord,
    settings: Settings,
    *,
    workers: int = 1,
    progress: Progress | None = None,
) -> Review:
    """Review every decision of ``record`` with ``workers`` processes (1: here). ``progress(done,
    total)`` is called as decisions finish; returning False cancels the review (what was judged
    so far is returned, ``complete`` False)."""
    tasks = list(decisions_of(game, record))
    total = len(tasks)
    done: list[DecisionReview] = []
    stopped = False
    if progress is not None and progress(0, total) is False:
        return summarise(game, record, settings, done, complete=False)
    if workers <= 1 or total < 2:
        for task in tasks:
            done.append(run_task(game, task, settings))
            if progress is not None and progress(len(done), total) is False:
                stopped = True
                break
        return summarise(game, record, settings, done, complete=not stopped)
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    from mailbag.bots import parallel

    ref = parallel.game_ref(game)
    # a pool of its own, not the bots' shared one: a review is one long job, and its
    # processes end with it (none outlives a review run from the command line)
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=spawn) as executor:
        queue = iter(tasks)
        running: set[Future[DecisionReview]] = set()
        # a few tasks ahead per worker, not the whole game: a cancel stops soon
        for task in queue:
            running.add(executor.submit(run_task, ref, task, settings))
            if len(running) >= 2 * workers:
                break
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                done.append(future.result())
            if progress is not None and progress(len(done), total) is False:
                stopped = True
                for future in running:
                    future.cancel()
                break
            for task in queue:
                running.add(executor.submit(run_task, ref, task, settings))
                if len(running) >= 2 * workers:
                    break
    return summarise(game, record, settings, done, complete=not stopped)
