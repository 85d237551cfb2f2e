"""A seat's legal actions as a person chooses them: in steps, identical outcomes once, each choice
with its consequence where the seat can know it — for every front end (line mode, full screen).

Game-agnostic and without I/O: everything is built from the seat's view and legal actions through
the core contract, never from the true state, so a menu tells the seat nothing its view does not.

- **Steps.** Actions are grouped by their leading notation tokens: first *what* (``play
  red.camp``, ``place 88``, ``seal sweet``; a selection of several things of one kind, like
  ``pair a b``, is one *what* under its verb), then *where* (``action 25`` / ``stamp 34 3``; a long
  list of coordinates is split once more, cell then rotation). A decision with few choices is one
  list.
- **Identical outcomes once.** Each action is tried in :data:`WORLDS` worlds drawn with
  ``game.determinize`` from the seat's view (fixed seeds: the menu depends on the view alone). Two
  actions that reveal nothing and leave the seat looking at the same thing in every world (its
  rendered view, its next legal actions, the scores) are one choice.
- **Consequences.** The seat's score breakdown before and after each action, in
  :data:`~mailbag.table.consequences.SCORE_WORLDS` worlds drawn from the view (no second copy of
  any scoring rule: the game's own ``scores``); the change is shown as fact only where every
  world agrees on it, else as an estimate marked ``~`` without points (a prize that hangs on
  another seat's hidden cards: :mod:`mailbag.table.consequences`).
- **Single choices.** :attr:`Menu.single` is the action of a decision with one distinct choice,
  which a front end takes on its own (with a log line).

In a simultaneous phase the seat's pick only takes effect once everyone has chosen: the other
seats that owe the same decision are played (their first legal action) in each world before the
outcome is looked at, the same for every action compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from mailbag.core import (
    Action,
    Event,
    Game,
    MailbagError,
    Observation,
    Rng,
    canonical_json,
)
from mailbag.core.i18n import _
from mailbag.table.consequences import (
    MISFITS,
    SCORE_WORLDS,
    SEEDS,
    WORLDS,
    Change,
    breakdown,
    change_of,
    diff_in,
    difference,
    let_simultaneous_seats_choose,
)
from mailbag.table.consequences import known_score_parts as known_score_parts
from mailbag.table.consequences import known_scores as known_scores
from mailbag.table.consequences import score_note as score_note
from mailbag.table.consequences import score_worlds as score_worlds

#: a decision with at most this many distinct choices is shown as one list
FLAT = 10
#: a list of places longer than this is split into one more step
LONG = 20
#: the worlds (drawn from the seat's view) each action is tried in whole: ``WORLDS`` of them
_SEEDS = SEEDS[:WORLDS]
#: a last notation token with at most this many values is an orientation: chosen last
_ORIENTATIONS = 4
_INT = re.compile(r"^-?[0-9]+$")
T = TypeVar("T")


@dataclass(frozen=True)
class Choice:
    """One entry of a menu: a final choice (``action``) or a step that opens more choices."""

    #: the notation of everything chosen up to and including this entry ("play blue.postcard")
    notation: str
    #: the part of the notation this entry adds at its step ("stamp 10 3")
    key: str
    #: what it does, in words (the game's own description)
    text: str
    action: Action | None = None
    children: tuple[Choice, ...] = ()
    #: the consequence where the seat can know it ("receipts +3, stamps -1"); "" when unknown
    note: str = ""
    #: other legal actions with exactly the same outcome (not listed separately)
    same: tuple[Action, ...] = ()
    #: the change of the seat's total score where known (a step: the best of its choices)
    points: int | None = None

    @property
    def is_step(self) -> bool:
        return self.action is None

    def leaves(self) -> Iterator[Choice]:
        """The final choices under this entry (itself when it is one)."""
        if self.action is not None:
            yield self
            return
        for child in self.children:
            yield from child.leaves()

    @property
    def count(self) -> int:
        return sum(1 for _ in self.leaves())

    @property
    def says(self) -> str:
        """What it does, without a leading ``…: `` that only repeats its notation, and empty when
        the description is the notation itself."""
        head, sep, rest = self.text.partition(": ")
        if sep and rest and (self.notation + " ").startswith(head + " "):
            return rest
        return "" if self.text in (self.key, self.notation) else self.text


@dataclass(frozen=True)
class Menu:
    """A seat's decision organised for a person."""

    seat: int
    legal: tuple[Action, ...]
    choices: tuple[Choice, ...]
    #: the seat's score breakdown now, where every world agrees on it (else empty)
    scores: dict[str, int] = field(default_factory=dict)

    def leaves(self) -> Iterator[Choice]:
        for choice in self.choices:
            yield from choice.leaves()

    @property
    def distinct(self) -> list[Action]:
        """One action per distinct outcome, in the game's order."""
        return [leaf.action for leaf in self.leaves() if leaf.action is not None]

    @property
    def single(self) -> Action | None:
        """The action of a decision with a single distinct choice (taken without asking)."""
        distinct = self.distinct
        return distinct[0] if len(distinct) == 1 else None

    def leaf_for(self, action: Action) -> Choice | None:
        """The choice that stands for ``action`` (itself or an action with the same outcome)."""
        for leaf in self.leaves():
            if leaf.action == action or action in leaf.same:
                return leaf
        return None

    def find(self, text: str, within: Choice | None = None) -> Action | Choice | None:
        """What a person typed: a legal action's notation or the start of one, in any case; at a
        step (``within``) also the rest of the notation from there. Returns the action, the step
        the text opens, or ``None`` when nothing matches."""
        typed = [t.lower() for t in text.split()]
        if not typed:
            return None
        tries = [typed]
        if within is not None:
            tries.insert(0, [t.lower() for t in within.notation.split()] + typed)
        for words in tries:
            exact = [a for a in self.legal if _lower(a) == words]
            if len(exact) == 1:
                return exact[0]
            if len(exact) > 1:  # tokens differing only by case: the exact spelling decides
                spelled = [a for a in exact if str(a).split() == text.split()]
                if spelled:
                    return spelled[0]
            step = _find_step(self.choices, words)
            if step is not None:
                return step
        return None


def _lower(action: Action) -> list[str]:
    return [t.lower() for t in str(action).split()]


def _find_step(choices: Sequence[Choice], words: list[str]) -> Choice | None:
    for choice in choices:
        if not choice.is_step:
            continue
        mine = [t.lower() for t in choice.notation.split()]
        if mine == words:
            return choice
        if words[: len(mine)] == mine:
            deeper = _find_step(choice.children, words)
            if deeper is not None:
                return deeper
    return None


# -- building -------------------------------------------------------------------------------------


def build_menu(game: Game[Any], view: Observation, legal: Sequence[Action], seat: int) -> Menu:
    """The menu of ``seat``'s decision from its view and legal actions only."""
    outcomes, scores = _try_in_worlds(game, view, legal, seat)
    items: list[_Item] = []
    by_print: dict[tuple[bytes, ...], _Item] = {}
    for action in legal:
        outcome = outcomes.get(action)
        # the same situation afterwards in every world tried: one choice. Quiet or not (the
        # decision that completes a simultaneous phase shows the others' choices, which differ
        # from world to world, PO-114), twins are twins in each world alike.
        if outcome is not None:
            twin = by_print.get(outcome.prints)
            if twin is not None:
                twin.same.append(action)
                continue
        change = outcome.change if outcome is not None else Change(None, "")
        item = _Item(
            tuple(str(action).split()),
            action,
            game.presentation.describe_action(view, action),
            change.note,
            change.points,
        )
        if outcome is not None:
            by_print[outcome.prints] = item
        items.append(item)
    return Menu(seat, tuple(legal), _arrange(items), scores)


def menu_for(table: Any, seat: int) -> Menu:
    """The menu of ``seat``'s decision at a table (anything with ``game``, ``view`` and
    ``legal_actions``, like :class:`~mailbag.table.Table`)."""
    return build_menu(table.game, table.view(seat), table.legal_actions(seat), seat)


@dataclass
class _Item:
    tokens: tuple[str, ...]
    action: Action
    text: str
    note: str
    points: int | None
    same: list[Action] = field(default_factory=list)


@dataclass(frozen=True)
class _Outcome:
    #: reveals nothing and resolves no chance, in every world tried
    quiet: bool
    #: what the seat looks at afterwards, per world (equal prints: the same outcome)
    prints: tuple[bytes, ...]
    #: the change of the seat's score breakdown: certain where every world agrees on it
    change: Change


def _try_in_worlds(
    game: Game[Any], view: Observation, legal: Sequence[Action], seat: int
) -> tuple[dict[Action, _Outcome], dict[str, int]]:
    """Each legal action tried in worlds drawn from ``view``; the seat's score where they agree."""
    worlds: list[Any] = []
    for seed in _SEEDS[:WORLDS]:
        try:
            worlds.append(game.determinize(view, Rng.from_seed(seed)))
        except MailbagError:
            return {}, {}
    befores = [breakdown(game, w, seat) for w in worlds]
    legal_in = [set(game.legal_actions(w, seat)) for w in worlds]
    more = _score_worlds(game, view, seat)
    everyone = [*befores, *(before for _, _, before, _ in more)]
    first = everyone[0]
    scores = first if first is not None and all(b == first for b in everyone) else {}
    order = list(first or ())
    outcomes: dict[Action, _Outcome] = {}
    for action in legal:
        tries = []
        for world, allowed, before in zip(worlds, legal_in, befores, strict=True):
            tries.append(_try(game, world, seat, action, before) if action in allowed else None)
        if any(t is None for t in tries):
            continue
        done = [t for t in tries if t is not None]
        quiet = all(t.quiet for t in done) and len({t.seen for t in done}) == 1
        # the score change is told as fact where every world agrees on it, the worlds tried
        # whole and more (the decision that completes a simultaneous phase is not quiet — it
        # shows the others' choices — yet what it costs or earns the seat may be the same in
        # every world); the others at the same table choose at random in the further worlds
        diffs = [t.diff for t in done]
        for world, allowed, before, seed in more:
            if action in allowed:
                picks = Rng.from_seed(seed, 0x51)
                diffs.append(diff_in(game, world, seat, action, before, picks))
        known = [d for d in diffs if d is not None]
        outcomes[action] = _Outcome(quiet, tuple(t.print for t in done), change_of(known, order))
    return outcomes, scores


def _score_worlds(
    game: Game[Any], view: Observation, seat: int
) -> list[tuple[Any, set[Action], dict[str, int] | None, int]]:
    """The further worlds a score change is tried in (after the ``WORLDS`` tried whole), each
    with the seat's legal actions, its breakdown and its seed; none when the view cannot be
    drawn from."""
    found = []
    for seed in SEEDS[WORLDS:SCORE_WORLDS]:
        try:
            world = game.determinize(view, Rng.from_seed(seed))
            allowed = set(game.legal_actions(world, seat))
        except MISFITS:
            return []
        found.append((world, allowed, breakdown(game, world, seat), seed))
    return found


@dataclass(frozen=True)
class _Try:
    quiet: bool
    #: the seat's view right after the action (the same in every world if nothing is revealed)
    seen: bytes
    #: the seat's situation once the decision has taken effect
    print: bytes
    diff: dict[str, int] | None


def _try(
    game: Game[Any], world: Any, seat: int, action: Action, before: dict[str, int] | None
) -> _Try | None:
    """``action`` carried out in a copy of ``world``; ``None`` if the world cannot take it."""
    try:
        after = game.copy(world)
        events = game.apply_in_place(after, seat, action)
        quiet = _quiet(world, after, seat, events)
        seen = canonical_json(game.view(after, seat))
        let_simultaneous_seats_choose(game, world, after, seat)
        look = game.view(after, seat)
        deciders = game.deciders(after)
        nexts = [str(a) for a in game.legal_actions(after, seat)] if seat in deciders else []
        scores = [s.breakdown for s in game.scores(after)]
        fingerprint = canonical_json(
            [game.presentation.render(look), nexts, scores, list(deciders)]
        )
        mine = breakdown(game, after, seat)
    except MISFITS:
        return None  # a world drawn from the view that this action does not fit
    diff = None if before is None or mine is None else difference(before, mine)
    return _Try(quiet, seen, fingerprint, diff)


def _quiet(before: Any, after: Any, seat: int, events: Sequence[Event]) -> bool:
    """No chance resolved (the state's generator untouched) and nothing shown to another seat
    alone; what the seat itself is shown is compared across worlds by the caller."""
    if getattr(before, "rng", None) != getattr(after, "rng", None):
        return False
    return all(event.to is None or set(event.to) <= {seat} for event in events)


# -- arranging in steps ---------------------------------------------------------------------------


def _arrange(items: list[_Item]) -> tuple[Choice, ...]:
    """The first step: everything at once when it is short, else one entry per *what*."""
    if len(items) <= FLAT:
        return tuple(_leaf(item, 0) for item in items)
    entries: list[Choice] = []
    for verb, group in _grouped(items, lambda it: it.tokens[:1]):
        if len(group) == 1:
            entries.append(_leaf(group[0], 0))
        elif _is_selection(group):
            entries.append(_step(verb, 0, [_leaf(it, 1) for it in group]))
        else:
            whats = _grouped(group, lambda it: it.tokens[:2])
            if all(len(members) == 1 for _, members in whats):  # move A3, move B4: one step
                entries.append(_step(verb, 0, [_leaf(it, 1) for it in group]))
                continue
            for what, members in whats:
                if len(members) == 1:
                    entries.append(_leaf(members[0], 0))
                else:
                    entries.append(_step(what, 0, _where(members, len(what))))
    if len(entries) > LONG:  # too many things to choose from: one step per verb first
        regrouped: list[Choice] = []
        for verb, same_verb in _grouped(entries, lambda c: tuple(c.notation.split()[:1])):
            if len(same_verb) == 1:
                regrouped.append(same_verb[0])
            else:
                regrouped.append(_restep(verb, same_verb))
        entries = regrouped
    return tuple(entries)


def _where(items: list[_Item], depth: int) -> list[Choice]:
    """The step after a *what*: the rest of the notation, split once more when it is long."""
    if len(items) <= FLAT:
        return [_leaf(item, depth) for item in items]
    rests = [item.tokens[depth:] for item in items]
    common = 0
    while all(len(r) > common and r[common] == rests[0][common] for r in rests):
        common += 1
    if any(len(r) <= common for r in rests):
        return [_leaf(item, depth) for item in items]
    if all(_INT.match(r[common]) for r in rests) and _is_orientation(rests):
        cut = max(len(r) for r in rests) - 1  # coordinates first, the orientation last
    elif len(items) <= LONG:
        return [_leaf(item, depth) for item in items]
    else:
        cut = common + 1
    if cut <= common:
        return [_leaf(item, depth) for item in items]
    groups = _grouped(items, lambda it: it.tokens[: depth + cut])
    if len(groups) == 1 or len(groups) == len(items):
        return [_leaf(item, depth) for item in items]
    out: list[Choice] = []
    for key, members in groups:
        if len(members) == 1:
            out.append(_leaf(members[0], depth))
        else:
            out.append(_step(key, depth, _where(members, len(key))))
    return out


def _is_orientation(rests: list[tuple[str, ...]]) -> bool:
    lengths = {len(r) for r in rests}
    return len(lengths) == 1 and len({r[-1] for r in rests}) <= _ORIENTATIONS


def _is_selection(items: list[_Item]) -> bool:
    """Several things of one kind chosen together (``pair a b``): the same words appear as the
    first and as the second argument."""
    if any(len(it.tokens) < 3 for it in items):
        return False
    firsts = {it.tokens[1] for it in items}
    seconds = {it.tokens[2] for it in items}
    words = all(not _INT.match(t) for t in firsts | seconds)
    return words and bool(firsts & seconds)


def _grouped(items: Sequence[T], key: Any) -> list[tuple[tuple[str, ...], list[T]]]:
    groups: dict[tuple[str, ...], list[T]] = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return list(groups.items())


def _leaf(item: _Item, depth: int) -> Choice:
    return Choice(
        notation=" ".join(item.tokens),
        key=" ".join(item.tokens[depth:]),
        text=item.text,
        action=item.action,
        note=item.note,
        same=tuple(item.same),
        points=item.points,
    )


def _step(prefix: tuple[str, ...], depth: int, children: list[Choice]) -> Choice:
    head, children = _trimmed(children)
    if not head:
        head = _common_words([leaf.text for child in children for leaf in child.leaves()])
    return _with_range(
        Choice(
            notation=" ".join(prefix),
            key=" ".join(prefix[depth:]),
            text=head,
            children=tuple(children),
        )
    )


def _restep(verb: tuple[str, ...], entries: list[Choice]) -> Choice:
    """Entries of the first step gathered under their verb."""
    children = tuple(replace(entry, key=" ".join(entry.notation.split()[1:])) for entry in entries)
    return _with_range(Choice(notation=verb[0], key=verb[0], text="", children=children))


def _common_words(texts: list[str]) -> str:
    """The longest run of words every description shares ("move to region", "on cell (0,0)"),
    if it has two words or more: what a step's choices have in common."""
    if len(texts) < 2:
        return ""
    words = [text.split() for text in texts]
    first: list[str] = words[0]
    best: list[str] = []
    for start in range(len(first)):
        for end in range(len(first), start + max(len(best), 1), -1):
            run = first[start:end]
            if all(_holds(other, run) for other in words[1:]):
                best = run
                break
    while best and " ".join(best).count("(") > " ".join(best).count(")"):
        best = best[:-1]  # no bracket left open
    return " ".join(best) if len(best) >= 2 else ""


def _holds(words: list[str], run: list[str]) -> bool:
    size = len(run)
    return any(words[i : i + size] == run for i in range(len(words) - size + 1))


def _trimmed(children: list[Choice]) -> tuple[str, list[Choice]]:
    """When every child's description starts with the same ``…: ``, that start describes the
    step (said once) and the children keep the rest."""
    if not children or not all(": " in c.text for c in children):
        return "", children
    heads = {c.text.split(": ", 1)[0] for c in children}
    if len(heads) != 1:
        return "", children
    return heads.pop(), [replace(c, text=c.text.split(": ", 1)[1]) for c in children]


def _with_range(step: Choice) -> Choice:
    """A step's consequence: the one all its choices share, else the range of their totals
    (when every one is known); ``points`` is the best of them."""
    leaves = list(step.leaves())
    notes = {leaf.note for leaf in leaves}
    totals = [leaf.points for leaf in leaves]
    known = [p for p in totals if p is not None]
    best = max(known) if known and len(known) == len(totals) else None
    if len(notes) == 1:
        return replace(step, note=notes.pop(), points=best)
    if best is None:
        return replace(step, points=None)
    low = min(known)
    if low != best:
        note = _("total {low:+d} to {high:+d}", low=low, high=best)
    else:
        note = _("total {points:+d}", points=best)
    return replace(step, note=note, points=best)


# -- what a front end does with a menu ------------------------------------------------------------


def take_single(table: Any, seat: int, menu: Menu, auto: set[int]) -> str | None:
    """Take the decision's only distinct choice, if it has one: submitted for the seat, its
    record index remembered in ``auto`` (undo steps back over it); returns the log line."""
    action = menu.single
    if action is None:
        return None
    leaf = menu.leaf_for(action)
    auto.add(table.step)
    table.submit(seat, action)
    text = leaf.text if leaf is not None and leaf.text else str(action)
    return _("only one choice, taken for you: {text} ({action})", text=text, action=str(action))


def take_back(table: Any, seat: int, auto: set[int]) -> list[Any]:
    """Take back ``seat``'s latest choice: the decisions taken for it on their own since (see
    :func:`take_single`), then the one it made. Returns the steps taken back, latest first;
    raises the table's refusal when not even one may be."""
    if not table.can_undo(seat):
        table.undo(seat)  # raises the table's refusal, which tells nothing of other seats
    undone = []
    while table.can_undo(seat):
        undone.append(table.undo(seat))
        index = len(table.record.steps)
        was_auto = index in auto
        auto.discard(index)
        if not was_auto:
            break
    return undone
