"""The contract every game implements, and the functional operations built on it.

A game subclasses :class:`Game` and supplies the rules as small methods on a plain-data state
(a ``msgspec.Struct``). The public operations — :func:`apply` above all — live here, once, so that
every game behaves the same way: ``apply`` checks the decider and the action against
``legal_actions``, then works on a copy, so the old state is never changed, not even by an illegal
action.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import msgspec

from mailbag.core.actions import Action, parse_action
from mailbag.core.errors import ComponentError, IllegalAction, NotYourTurn, StateError
from mailbag.core.i18n import N_, _
from mailbag.core.presentation import Presentation, SearchHints
from mailbag.core.rng import Rng
from mailbag.core.spec import GameSpec, OptionValue

if TYPE_CHECKING:
    from mailbag.core.encoding import Encoder

#: A view: JSON-able data of exactly what one seat (or a spectator) may know.
Observation = dict[str, Any]


#: fields of an event's data that hold a seat number (shown as the seat's name)
SEAT_FIELDS = frozenset({"seat", "player", "by", "target", "other", "victim", "giver", "receiver"})


class Event(msgspec.Struct, frozen=True):
    """Something that happened, as data a UI can render. ``text`` is an English template over
    ``data`` (``"{seat} draws {count}"``), put in the reader's language at display time by
    ``game.presentation.event_text``; ``to`` lists the seats that may see it (``None``:
    everyone); a redacted public twin is emitted separately by the game."""

    kind: str
    text: str
    data: dict[str, Any] = {}
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


class Score(msgspec.Struct, frozen=True):
    """A seat's score with its breakdown by source, in the rulebook's terms."""

    total: int
    breakdown: dict[str, int]


#: a game's state class: a ``msgspec.Struct`` or a dataclass (see mailbag.core.serialize)
S = TypeVar("S")


class Game(ABC, Generic[S]):
    """One game's rules. Methods take and return plain-data states; none does I/O."""

    spec: GameSpec
    state_type: type[S]
    #: bumped when the state layout changes in a way a default cannot cover (a field renamed,
    #: split, given another meaning); saved states name the version they were made with and
    #: :meth:`migrate` brings an older one forward. A field added with a default needs neither.
    schema_version: int = 1
    #: the version of the rules of play: bumped when a change makes an action do something else
    #: than before (a ruling read anew, a fixed rule), so that a game played before it no longer
    #: plays the same. Records name the version they were played by (header ``rules``, absent:
    #: 1) and replay by it (:meth:`at_rules`); the state keeps the version it was dealt by, so
    #: a game goes on by its own rules whoever resumes it (docs/contributing.md).
    rules_version: int = 1
    #: the game's reinforcement-learning encoder (:mod:`mailbag.core.encoding`): a subclass of
    #: ``Encoder`` kept in the game's folder (``encoder.py``, with its C twin), which also lists
    #: the game's action universe. ``mailbag.rl`` finds it here; None (the default): the game
    #: brings none, and ``mailbag.rl`` refuses it with that reason.
    encoder: ClassVar[type[Encoder] | None] = None
    #: the game in words and on the board (:mod:`mailbag.core.presentation`): a subclass of
    #: ``Presentation``, made once per game object as :attr:`presentation`
    presentation_type: ClassVar[type[Presentation]] = Presentation
    #: what the game tells its search bots: a subclass of ``SearchHints``, as :attr:`search`
    search_type: ClassVar[type[SearchHints]] = SearchHints
    #: whether the scores (every seat's total and breakdown) are open information: the same in
    #: every world drawn from any seat's view. Then the server reads a seat's known scores off
    #: the true state instead of drawing worlds from its view (the same figures, without the
    #: draws that were most of a message's cost); contract check 13 holds a game to it. False
    #: (the default): the scores a seat is shown are those all worlds drawn from its view agree on.
    public_scores: ClassVar[bool] = False
    #: whether who owes a decision is open information (the same in every world drawn from any
    #: seat's view: no game hides that another seat has chosen): then it is read off the true
    #: state, as :attr:`public_scores`; False: from a world drawn from the seat's view.
    public_deciders: ClassVar[bool] = False

    @cached_property
    def presentation(self) -> Presentation:
        """This game in words and on the board (render, sections, actions and events in words,
        the board's data and clicks)."""
        return self.presentation_type(self)

    @cached_property
    def search(self) -> SearchHints:
        """What this game tells its search bots (heuristics, settings)."""
        return self.search_type(self)

    def at_rules(self, version: int) -> Game[S]:
        """This game dealing by rules ``version`` (1 … :attr:`rules_version`): what a record
        made by an older mailbag is replayed with. The game's set-up writes the version into
        the state and its rules read it from there; the default is a copy of the game object
        with ``rules_version`` set."""
        if version == self.rules_version:
            return self
        if not 1 <= version <= self.rules_version:
            raise StateError(
                _(
                    "{game} has no rules version {version} (this mailbag plays 1 to {latest})",
                    game=self.spec.name,
                    version=version,
                    latest=self.rules_version,
                )
            )
        older = copy.copy(self)
        older.__dict__.pop("presentation", None)  # made anew, bound to the older game
        older.__dict__.pop("search", None)
        older.rules_version = version
        return older

    # -- set-up ---------------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int) -> S:
        """Deal and shuffle from ``seed``. ``seats`` holds "player" or an engine seat kind."""

    def setup(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> tuple[S, list[Event]]:
        """Deal, with the events of anything the engine already played during set-up (an
        engine seat that moves first, like Postcards' Automa). Override when there are any."""
        return self.new_state(seats, options, seed), []

    def with_components(self, path: Path) -> Game[S]:
        """This game played with the user's own component data file (read safely: a size
        limit, UTF-8 only; see :func:`read_component_file`)."""
        return self.with_component_text(read_component_file(path), str(path))

    def with_component_text(self, text: str, source: str) -> Game[S]:
        """This game played with the component data ``text`` (the content of a component file,
        as a record carries it); ``source`` names it in error messages."""
        raise ComponentError(_("{game} has no component data to replace", game=self.spec.name))

    def migrate(self, data: dict[str, Any], from_schema: int) -> dict[str, Any]:
        """A saved state's plain data of schema ``from_schema`` brought to ``from_schema + 1``
        (called once per version step when an older saved state is read). The default changes
        nothing: fields added with a default are filled in when the state is read."""
        return data

    def recorded_form(self, data: dict[str, Any], schema: int) -> dict[str, Any]:
        """A state's canonical form (``serialize.canonical_form``) as schema ``schema`` laid it
        out: the step digests of a record written then are checked against it (scheme 2), so
        records survive a field that play changes. The inverse of :meth:`migrate`: a field
        added since is dropped, a renamed one given its old name. The default changes nothing
        (a field added with a default is left out of the canonical form while it holds it)."""
        return data

    def check_state(self, state: S) -> None:
        """Raise :class:`StateError` naming the first broken invariant of ``state`` (every
        component in exactly one place, values in range, hand limits, phase and deciders
        consistent). Called by :func:`validate` on every state loaded from outside."""

    # -- flow -----------------------------------------------------------------------------------
    @abstractmethod
    def deciders(self, state: S) -> tuple[int, ...]:
        """The seats that owe a decision now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, complete and exact."""

    @abstractmethod
    def apply_in_place(self, state: S, seat: int, action: Action) -> list[Event]:
        """Carry out a legal action by changing ``state``: the fast path for bots and simulation.
        The caller guarantees legality; use :func:`apply` for anything else."""

    def reveals(
        self, before: S, seat: int, action: Action, after: S, events: Sequence[Event]
    ) -> bool:
        """Whether ``action`` resolved chance or showed anyone something hidden: such a decision
        can never be taken back (undo stops there). The default catches a draw from the state's
        generator and any private event; a game overrides it to add what it reveals otherwise (a
        card turned face up, a display refilled from a deck). The contract tests check it: a
        decision called reversible must give the seat the same view in every world it could not
        tell apart before."""
        rng_before = getattr(before, "rng", None)
        if rng_before is not None and rng_before != getattr(after, "rng", None):
            return True
        return any(event.to is not None for event in events)

    def explain_illegal(self, state: S, seat: int, action: Action) -> IllegalAction:
        """Why ``action`` is not legal for ``seat`` now, naming the rule it breaks."""
        return IllegalAction(
            "legal actions", _("{action} is not a legal action now", action=str(action))
        )

    def copy(self, state: S) -> S:
        """An independent deep copy of ``state``."""
        return clone(state)

    # -- information ----------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> Observation:
        """What ``seat`` (``None``: a spectator) may know, as JSON-able data."""

    @abstractmethod
    def determinize(self, observation: Observation, rng: Rng) -> S:
        """A full state consistent with ``observation``, unseen things redistributed at random."""

    def hidden_fields(self, seat: int | None) -> tuple[str, ...]:
        """The parts of the state that ``seat`` (``None``: a spectator) cannot know, which
        :meth:`determinize` may redraw: paths into the state's canonical form, dot-separated,
        where ``*`` matches any key or index and ``~`` any seat index but ``seat``'s (e.g.
        ``"players.~.hand"``, ``"travel_deck"``, ``"rng"``). Everything else is public to that
        seat, and the contract tests check that ``determinize`` keeps it exactly."""
        return ("rng",)

    # -- end ------------------------------------------------------------------------------------
    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[Score]:
        """Each seat's score with its breakdown (final scores once the game is over)."""

    def rank_key(self, state: S, seat: int) -> tuple[int, ...]:
        """Higher is better: the score, then the rulebook's tie-breaks."""
        return (self.scores(state)[seat].total,)

    def ranking(self, state: S) -> list[int]:
        """Each seat's place, 1 = winner; seats still tied after every tie-break share a place."""
        keys = [self.rank_key(state, s) for s in range(self.num_seats(state))]
        return [1 + sum(1 for other in keys if other > key) for key in keys]

    @abstractmethod
    def num_seats(self, state: S) -> int: ...

    def seat_kinds(self, state: S) -> tuple[str, ...]:
        """ "player" or the engine seat kind of each seat."""
        return tuple("player" for _ in range(self.num_seats(state)))

    # -- checks and presentation ----------------------------------------------------------------
    @abstractmethod
    def inventory(self, state: S) -> Counter[str]:
        """Every card, token and tile in the game, each counted once wherever it is
        (the conservation contract test checks this never changes)."""

    def turns_completed(self, state: S) -> int | None:
        """How many turns have been completed, all seats together, or None when the game does
        not count turns (search bots with a turn horizon then stop where another seat decides;
        a count also tells them when an engine seat played a turn inside ``apply``)."""
        return None

    def balance_tags(self, state: S, seat: int) -> dict[str, list[str]]:
        """The components that shaped ``seat``'s game, by category, for balance statistics
        (e.g. ``{"itinerary": ["itinerary:3"], "gift": ["gift:car", ...]}``)."""
        return {}

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.spec.verbs or None)


def clone(state: S) -> S:
    """Deep copy of a plain-data state (msgpack round trip: ~15× faster than deepcopy)."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))


# -- functional operations of the contract --------------------------------------------------------


def new_game(
    game: Game[S],
    seats: Sequence[str] | int,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
) -> S:
    """Validate options and seats, then deal. ``seats`` is a count or a list whose entries are
    "player" or one of the game's engine seat kinds."""
    return start_game(game, seats, options, seed)[0]


def start_game(
    game: Game[S],
    seats: Sequence[str] | int,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
) -> tuple[S, list[Event]]:
    """:func:`new_game` with the events of set-up (what engine seats did before anyone else)."""
    kinds = tuple(["player"] * seats) if isinstance(seats, int) else tuple(seats)
    game.spec.check_seats(kinds)
    return game.setup(kinds, game.spec.resolve_options(options), seed)


def check_action(game: Game[S], state: S, seat: int, action: Action) -> None:
    """Raise an :class:`IllegalAction` naming the rule unless ``seat`` may take ``action`` now."""
    deciders = game.deciders(state)
    if seat not in deciders:
        raise NotYourTurn(seat, game.is_over(state))
    if action not in game.legal_actions(state, seat):
        raise game.explain_illegal(state, seat, action)


def apply(game: Game[S], state: S, seat: int, action: Action) -> tuple[S, list[Event]]:
    """Functional step: the new state and the events; ``state`` itself is never changed."""
    check_action(game, state, seat, action)
    new = game.copy(state)
    events = game.apply_in_place(new, seat, action)
    return new, events


def visible_events(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (``None``: a spectator)."""
    return [e for e in events if e.visible_to(seat)]


def validate(game: Game[S], state: S) -> None:
    """Check a state that came from outside (a file, a message, a test) against its game's
    invariants; raise :class:`StateError` naming the first broken one.

    A checker that trips over data it did not expect (an index out of range, a wrong type deep
    inside) has found a broken state too: that is reported the same way, never as a crash.
    """
    if not isinstance(state, game.state_type):
        raise StateError(
            _("not a {game} state: {kind}", game=game.spec.name, kind=type(state).__name__)
        )
    try:
        game.check_state(state)
    except StateError:
        raise
    except (IndexError, KeyError, TypeError, ValueError, OverflowError, AttributeError) as exc:
        raise StateError(
            _(
                "{game} state is inconsistent ({error}: {detail})",
                game=game.spec.name,
                error=type(exc).__name__,
                detail=str(exc),
            )
        ) from None


#: the largest component file mailbag reads (the shipped ones are well under 100 KiB)
MAX_COMPONENT_BYTES = 1 << 20


def read_component_file(path: Path) -> str:
    """The text of a user's component file: a regular file, at most 1 MiB, UTF-8."""
    from mailbag.core.files import read_bounded

    data = read_bounded(path, MAX_COMPONENT_BYTES, ComponentError, N_("a component file"))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ComponentError(
            _("{path}: not UTF-8 text (byte {byte})", path=str(path), byte=exc.start)
        ) from None
