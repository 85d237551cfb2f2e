"""What a choice does to the seat's score, as far as its view tells it — and the scores now.

Everything here is worked out in worlds drawn with ``game.determinize`` from the seat's view,
with fixed seeds (so it depends on the view alone and tells the seat nothing more). A change is
shown as fact only when every world tried agrees on it: a seat cannot see the others' hands, and
a change that hangs on them (a prize won only if the next seat holds nothing higher) differs from
world to world. Such a change is shown as an estimate instead, each uncertain number marked
``~`` (its mean over the worlds), and carries no points. Two worlds told few such cases apart:
the menu showed ``play 2 [prizes +1]`` as fact while the opponent's hidden card made it false.
The more worlds agree, the surer the fact; :data:`SCORE_WORLDS` is the number tried.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mailbag.core import Action, Game, MailbagError, Observation, Rng
from mailbag.core.i18n import _, pgettext

#: how many worlds the server's and the full screen's scores are read from (``score_worlds``)
WORLDS = 2
#: how many worlds a choice's score change is tried in before it is shown as fact
SCORE_WORLDS = 24
#: the worlds' seeds: the first :data:`WORLDS` are also the menu's and the scores'
SEEDS: tuple[int, ...] = (0x6D61696C, 0x626167, *range(0x5C0E0, 0x5C0E0 + SCORE_WORLDS - 2))
#: what an attempt in a world drawn from a view may raise (the world does not fit the action)
MISFITS = (MailbagError, LookupError, ValueError, TypeError)

Diff = dict[str, int]


@dataclass(frozen=True)
class Change:
    """A choice's change of the seat's score breakdown over the worlds tried."""

    #: the change, where every world agrees on it (else None)
    certain: Diff | None
    #: the note shown: the certain change in words, or the estimate with each uncertain
    #: number marked ``~``; "" when there is nothing to tell
    note: str

    @property
    def points(self) -> int | None:
        """The change of the total, where certain."""
        return None if self.certain is None else sum(self.certain.values())


def change_of(diffs: Sequence[Diff | None], order: Sequence[str] = ()) -> Change:
    """The change told by the worlds' ``diffs`` (``None``: a world that could not take the
    action): certain when they all agree, else an estimate (the categories in ``order`` first)."""
    known = [d for d in diffs if d is not None]
    if not known:
        return Change(None, "")
    if len(known) == len(diffs) and all(d == known[0] for d in known):
        return Change(known[0], score_note(known[0]))
    return Change(None, estimate_note(known, order))


def diff_in(
    game: Game[Any],
    world: Any,
    seat: int,
    action: Action,
    before: Diff | None,
    rng: Rng | None = None,
) -> Diff | None:
    """The change of ``seat``'s breakdown when ``action`` is carried out in a copy of ``world``
    (and the seats choosing at the same time have chosen: at random with ``rng``, else their
    first legal action); ``None`` where the world cannot take it."""
    if before is None:
        return None
    try:
        after = game.copy(world)
        game.apply_in_place(after, seat, action)
        let_simultaneous_seats_choose(game, world, after, seat, rng)
        mine = breakdown(game, after, seat)
    except MISFITS:
        return None
    return None if mine is None else difference(before, mine)


def difference(before: Diff, after: Diff) -> Diff:
    """The changed categories, in the breakdown's order (so a note reads the same every run)."""
    keys = [*before, *(k for k in after if k not in before)]
    return {k: v for k in keys if (v := after.get(k, 0) - before.get(k, 0))}


def let_simultaneous_seats_choose(
    game: Game[Any], world: Any, after: Any, seat: int, rng: Rng | None = None
) -> None:
    """The other seats that owed the same (simultaneous) decision choose (their first legal
    action, or one at random with ``rng``), so that the seat's pick takes effect."""
    waiting = set(game.deciders(world)) - {seat}
    for _turn in range(len(waiting)):
        now = game.deciders(after)
        if seat in now or game.is_over(after):
            return
        others = [s for s in now if s in waiting]
        if not others:
            return
        actions = game.legal_actions(after, others[0])
        if not actions:
            return
        pick = actions[0] if rng is None else actions[rng.randbelow(len(actions))]
        game.apply_in_place(after, others[0], pick)
        waiting.discard(others[0])


def breakdown(game: Game[Any], state: Any, seat: int) -> Diff | None:
    try:
        return dict(game.scores(state)[seat].breakdown)
    except MISFITS:
        return None


def score_note(diff: Diff | None) -> str:
    """A score change in words: ``receipts +3, stamps -1`` (``total`` when several parts), the
    categories in the reader's language."""
    if not diff:
        return ""
    parts = [f"{pgettext('score', key)} {value:+d}" for key, value in diff.items()]
    total = sum(diff.values())
    if len(parts) > 1:
        parts.append(_("total {points:+d}", points=total))
    return ", ".join(parts)


def estimate_note(diffs: Sequence[Diff], order: Sequence[str] = ()) -> str:
    """A score change the worlds disagree on: each category as its change where they all agree
    on it (``cards +9``), else ``~`` and its mean over them (``prizes ~+0.8``); the total the
    same way when there are several parts."""
    keys = [k for k in order if any(k in d for d in diffs)]
    keys += sorted({k for d in diffs for k in d} - set(keys))
    parts = []
    for key in keys:
        values = [d.get(key, 0) for d in diffs]
        parts.append(f"{pgettext('score', key)} {_told(values)}")
    totals = [sum(d.values()) for d in diffs]
    if len(parts) > 1 or (not parts and any(totals)):
        parts.append(_("total {points}", points=_told(totals)))
    return ", ".join(parts)


def _told(values: Sequence[int]) -> str:
    """``+3`` when every world gives 3, else ``~`` and the mean (``~+0.5``, ``~-1``)."""
    if all(v == values[0] for v in values):
        return f"{values[0]:+d}"
    mean = round(sum(values) / len(values), 1)
    text = f"{int(mean):+d}" if mean == int(mean) else f"{mean:+.1f}"
    return "~" + text


# -- the scores now ------------------------------------------------------------------------------


def score_worlds(game: Game[Any], view: Observation, count: int = WORLDS) -> list[Any] | None:
    """The worlds :func:`known_scores` reads (the first ``count`` of them): drawn from ``view``
    with fixed seeds (so they depend on the view alone); ``None`` when the view cannot be drawn
    from."""
    worlds: list[Any] = []
    for seed in SEEDS[:count]:
        try:
            worlds.append(game.determinize(view, Rng.from_seed(seed)))
        except MISFITS:
            return None
    return worlds


def known_scores(
    game: Game[Any], view: Observation, worlds: list[Any] | None = None
) -> list[int | None]:
    """Each seat's score as far as ``view`` tells it: the total where every world drawn from the
    view agrees, ``None`` where it depends on something the viewer cannot see. ``worlds``: those
    of :func:`score_worlds` for ``view``, when the caller has drawn them already."""
    return known_score_parts(game, view, worlds)[0]


def open_score_parts(
    game: Game[Any], state: Any
) -> tuple[list[int | None], list[dict[str, int] | None]]:
    """:func:`known_score_parts` of a game whose scores are open (``game.public_scores``, held by
    contract check 13): read off ``state`` itself, as every world drawn from any view agrees."""
    try:
        scored = list(game.scores(state))
    except MISFITS:
        return [], []
    return [s.total for s in scored], [dict(s.breakdown) for s in scored]


def known_score_parts(
    game: Game[Any], view: Observation, worlds: list[Any] | None = None
) -> tuple[list[int | None], list[dict[str, int] | None]]:
    """:func:`known_scores` and, beside each total, its breakdown by category (``None`` where
    the worlds disagree on it), from one scoring of each world."""
    if worlds is None:
        worlds = score_worlds(game, view)
    scored: list[list[Any]] = []
    for world in worlds or ():
        try:
            scored.append(list(game.scores(world)))
        except MISFITS:
            return [], []
    if not scored:
        return [], []
    totals: list[int | None] = []
    parts: list[dict[str, int] | None] = []
    for column in zip(*scored, strict=True):
        first = column[0]
        totals.append(first.total if all(s.total == first.total for s in column) else None)
        same = all(dict(s.breakdown) == dict(first.breakdown) for s in column)
        parts.append(dict(first.breakdown) if same else None)
    return totals, parts
