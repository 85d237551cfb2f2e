"""How a game shows itself to people, and what it tells its search bots: the two halves of a
game's interface that are not its rules, each behind one attribute of the ``Game``.

- ``game.presentation`` (a :class:`Presentation`): the view in words for the terminal
  (:meth:`~Presentation.render`, and :meth:`~Presentation.sections`, the same as data the
  full-screen terminal lays out), actions and events in words, and what the graphical board
  draws (:meth:`~Presentation.board_data`) and clicks (:meth:`~Presentation.click_path`).
- ``game.search`` (a :class:`SearchHints`): how good a position looks for each seat, and the
  search bot's settings that suit the game.
- ``game.encoder`` (:mod:`mailbag.core.encoding`): the reinforcement-learning encoder.

Every one has a working default, so a game that leaves one out still plays everywhere, and says
so where it shows: the default presentation draws the view as plain data, and the browser draws
a generic board with a notice when ``board_data`` is empty; the default hints value a position
by the score. A game brings its own by naming a subclass in ``presentation_type`` /
``search_type``; the object is made once per game object, bound to it (``self.game``), so it
reads the game's component data (a game played with the user's own data file is another game
object, with its own presentation). ``mailbag.testing`` checks each half on its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

import msgspec

from mailbag.core.actions import Action
from mailbag.core.i18n import _

if TYPE_CHECKING:
    from mailbag.core.game import Event, Game, Observation
    from mailbag.core.rulebook import Reference

#: how many choices' sections :meth:`Presentation.action_rule` keeps (a game's action universe:
#: Post Office's is about 17,000)
ACTION_RULES_KEPT: Final = 100_000
#: the rules every table cites that are no game's (a stale step, an undo, the notation), each
#: answered by the section of that name in a game's reference
TABLE_RULES: Final = {
    "action notation": "notation",
    "notation": "notation",
    "undo": "undo",
    "stale": "table",
    "away": "table",
    "busy": "table",
    "not_your_turn": "turn",
    "turn order": "turn",
    "legal actions": "turn",
    "lesson": "table",
}


@dataclass(frozen=True)
class RuleMap:
    """Which section of a game's rules reference (:mod:`mailbag.core.rulebook`) governs what a
    player sees: a rule the code cites by a rulebook name (``aliases``: ``"End of the Game"`` →
    ``"end"``; ruling ids need none), an action (``actions``: the first pattern that matches the
    start of its notation), a log line (``events``: by the event's kind) and a score line
    (``scores``: by its breakdown key, or the key's words before `` (``: ``keychain (beach)``).
    ``turn``: the section of a decision no pattern names."""

    aliases: Mapping[str, str] = field(default_factory=dict)
    actions: Sequence[tuple[str, str]] = ()
    events: Mapping[str, str] = field(default_factory=dict)
    scores: Mapping[str, str] = field(default_factory=dict)
    turn: str = "turn"

    def action(self, notation: str) -> str:
        for pattern, section in self.actions:
            if re.match(pattern, notation):
                return section
        return self.turn

    def score(self, key: str) -> str | None:
        return self.scores.get(key) or self.scores.get(key.split(" (")[0])


class Block(msgspec.Struct, frozen=True):
    """One part of the table in words: a heading and its lines.

    Each line is one logical line, never wrapped to a width: the terminal wraps it to its pane
    (a line's leading spaces indent it, and its wrapped rest, under the line above). ``seat``
    names whose block it is (None: the shared board); ``summary`` is its one short line for a
    narrow layout (empty: the ``title``)."""

    title: str
    lines: tuple[str, ...] = ()
    seat: int | None = None
    summary: str = ""

    @property
    def compact(self) -> str:
        return self.summary or self.title

    def text(self) -> str:
        """The block as plain text: its title, then its lines."""
        return "\n".join((self.title, *self.lines)) if self.title else "\n".join(self.lines)


class Sections(msgspec.Struct, frozen=True):
    """A seat's view laid out as data (:meth:`Presentation.sections`): the shared ``board``,
    the seat's ``own`` area (None for a spectator) and one block per other seat, in seat order
    (for a spectator: every seat)."""

    board: Block
    own: Block | None = None
    others: tuple[Block, ...] = ()


def plain_lines(data: Any, indent: str = "") -> list[str]:
    """JSON-able data as readable lines (``key: value``, nested data indented), for a game that
    brings no words of its own."""
    lines: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, dict | list) and value:
                lines.append(f"{indent}{key}:")
                lines.extend(plain_lines(value, indent + "  "))
            else:
                lines.append(f"{indent}{key}: {_scalar(value)}")
    elif isinstance(data, list):
        if all(not isinstance(item, dict | list) for item in data):
            lines.append(f"{indent}{', '.join(_scalar(item) for item in data)}")
        else:
            for item in data:
                sub = plain_lines(item, indent + "  ")
                if sub:
                    sub[0] = f"{indent}- {sub[0].lstrip()}"
                lines.extend(sub)
    else:
        lines.append(f"{indent}{_scalar(data)}")
    return lines


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, dict | list):
        return "-" if not value else str(value)
    return str(value)


class Presentation:
    """A game in words and on the board. Every method reads only what it is given (a seat's
    view, an action, an event) and the game's fixed component data, never a state: what it
    shows a seat can be no more than that seat's view."""

    #: which section of the rules reference governs each choice, log line and score line
    rule_map: ClassVar[RuleMap] = RuleMap()

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def rules_reference(self, lang: str | None = None) -> Reference | None:
        """The game's rules in mailbag's words, in ``lang`` (default: the reader's language):
        the Markdown files of the ``rules`` folder beside the game's module. None: the game
        brings none (a refusal then gives its reason and rule summary alone)."""
        from mailbag.core.rulebook import load

        package = type(self.game).__module__.rpartition(".")[0]
        return load(package, self.game.spec.name, lang)

    def rule_section(self, rule: str | None) -> str | None:
        """The id of the section a cited rule opens (a ruling id, a rulebook name the game
        maps in :attr:`rule_map`, or one of :data:`TABLE_RULES`); None when there is none."""
        from mailbag.core.rulebook import resolve

        reference = self.rules_reference("en")
        if not rule or reference is None:
            return None
        aliases = {**TABLE_RULES, **self.rule_map.aliases}
        found = resolve(reference, rule, aliases)
        return None if found is None else found.id

    def _known(self, section: str | None) -> str | None:
        if not section:
            return None
        # whether the reference has the section, looked up once per section (every choice of
        # every state message asks)
        known: dict[str, bool] = self.__dict__.setdefault("_sections_known", {})
        found = known.get(section)
        if found is None:
            reference = self.rules_reference("en")
            found = known[section] = reference is not None and bool(reference.get(section))
        return section if found else None

    def action_rule(self, action: Action | str) -> str | None:
        """The section that explains a choice (``action``, or its notation)."""
        notation = str(action)
        rules: dict[str, str | None] = self.__dict__.setdefault("_action_rules", {})
        if notation in rules:
            return rules[notation]
        found = self._known(self.rule_map.action(notation))
        if len(rules) < ACTION_RULES_KEPT:
            rules[notation] = found
        return found

    def event_rule(self, event: Event) -> str | None:
        """The section that explains a log line."""
        return self._known(self.rule_map.events.get(event.kind))

    def score_rule(self, key: str) -> str | None:
        """The section that explains a score line (a breakdown key)."""
        return self._known(self.rule_map.score(key))

    def decision_rule(self, actions: Sequence[Action | str]) -> str | None:
        """The section that explains a decision as a whole: the one all its choices share, or
        the turn's (:attr:`RuleMap.turn`) when they are of several kinds."""
        if not actions:
            return None
        found = {self.rule_map.action(str(action)) for action in actions}
        return self._known(found.pop() if len(found) == 1 else self.rule_map.turn)

    def render(self, observation: Observation) -> str:
        """The view as text for the terminal (the default: :meth:`sections`, one part after
        another)."""
        sections = self.sections(observation)
        parts = [sections.board, *([sections.own] if sections.own else []), *sections.others]
        return "\n\n".join(part.text() for part in parts if part.title or part.lines)

    def sections(self, observation: Observation) -> Sections:
        """The view as the parts of the full-screen terminal's layout. The default puts the
        whole view, as plain data, in the board."""
        return Sections(board=Block(title="", lines=tuple(plain_lines(observation))))

    def describe_action(self, observation: Observation, action: Action) -> str:
        """A short description of ``action`` in the reader's language, for menus (the default:
        its notation)."""
        return str(action)

    def event_text(self, event: Event, names: Sequence[str]) -> str:
        """``event`` in the reader's language (see :mod:`mailbag.core.i18n`): its ``text`` is an
        English template over its ``data``; a seat number in a field named in
        :data:`~mailbag.core.game.SEAT_FIELDS` reads as that seat's name. A game overrides this
        where a field needs more (a card's name in the reader's language)."""
        from mailbag.core.game import SEAT_FIELDS

        fields: dict[str, object] = {}
        for key, value in event.data.items():
            seat = isinstance(value, int) and not isinstance(value, bool) and key in SEAT_FIELDS
            fields[key] = names[value] if seat and 0 <= value < len(names) else value
        try:
            return _(event.text, **fields)
        except (KeyError, IndexError, ValueError, AttributeError):
            return event.text

    def board_data(self) -> dict[str, Any]:
        """The fixed component data a graphical board draws from, JSON-able and the same for
        every seat (names in the reader's language, map geometry, card faces): never anything
        of a game in progress. Empty (the default): the game has no graphical board, and the
        browser draws the generic one, saying so."""
        return {}

    def click_path(self, observation: Observation, action: Action) -> tuple[str, ...]:
        """What a player clicks on the graphical board to take ``action``, in order: the ids of
        the things the board draws (``"hand:red.camp"``, ``"region:7"``); an id beginning with
        ``do:`` is a button the client draws beside the board. Among the legal actions of one
        decision no two paths are equal and none is the beginning of another (contract check:
        every action has exactly one click sequence). Built from ``observation`` (the seat's
        view) and the action alone. Empty (the default): reachable from the list only."""
        return ()

    def click_action(self, observation: Observation, clicks: Sequence[str]) -> Action | None:
        """The action a click sequence would take if it were legal: the inverse of
        :meth:`click_path` over actions that are *not* legal now, so that a refused click is
        answered with the rules' own reason (the server asks ``game.explain`` about it). Built
        from ``observation`` and ``clicks`` alone. None (the default): the clicks name no
        action, and the browser says what can be clicked instead."""
        return None

    def changed_things(self, before: Observation, after: Observation) -> tuple[str, ...]:
        """The ids of the things the board draws (as in :meth:`click_path`) that differ between
        two views of one seat, ``before`` and ``after`` the others' moves (a tile placed, a card
        taken, a house turned), for the board to highlight until the seat acts. Empty (the
        default): nothing is highlighted."""
        return ()

    def forced_choice(self, observation: Observation, actions: Sequence[Action]) -> Action | None:
        """One of ``actions`` (the seat's legal actions, read with ``observation``) to take for the
        seat without asking, when the decision cannot change anything of the game (the last
        turn's draws, which no later turn uses): the table takes it and logs it in words. None
        (the default): the seat is asked."""
        return None

    def rules(self) -> dict[str, tuple[str, str]]:
        """Each rule the game cites (``IllegalAction.rule``, a ruling's id such as ``PC-8``) →
        its title and a one-sentence summary in the reader's language, in mailbag's own words:
        a refusal names its rule by this title (a link to the summary), never by a bare id.
        Empty (the default): refusals give their reason alone."""
        return {}


#: a rule id cited in a text, in brackets or parentheses: ``[PC-8]``, ``(CA-6)``, ``(PO-101, PO-4)``
_CITED = re.compile(r"\s*[\[(]((?:[A-Z]{2,3}-\d+)(?:\s*[,;/]\s*[A-Z]{2,3}-\d+)*)[\])]")


def cited_rules(text: str) -> tuple[str, tuple[str, ...]]:
    """``text`` without the rule ids cited in it (``"no campsite 99 [PC-8]"`` →
    ``"no campsite 99"``) and those ids in order: a text shown to a person names a rule in
    words (:meth:`Presentation.rules`), never by a bare id."""
    ids: list[str] = []

    def drop(match: re.Match[str]) -> str:
        ids.extend(part.strip() for part in re.split(r"[,;/]", match.group(1)))
        return ""

    return _CITED.sub(drop, text).strip(), tuple(dict.fromkeys(ids))


class SearchHints:
    """What a game tells its search bots: how good a position looks, and the settings that suit
    it. The default values a position by the score."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def heuristic(self, state: Any, seat: int) -> float:
        """How good ``state`` looks for ``seat`` (used by the greedy bot); higher is better.
        The default: the seat's score less the best other seat's."""
        scores = self.game.scores(state)
        mine = scores[seat].total
        best_other = max((s.total for i, s in enumerate(scores) if i != seat), default=0)
        return float(mine - best_other)

    def heuristics(self, state: Any) -> list[float]:
        """:meth:`heuristic` for every seat at once (search bots evaluate every seat of a
        position); a game whose heuristic compares the seats overrides this to value each seat
        once instead of once per seat."""
        return [self.heuristic(state, seat) for seat in range(self.game.num_seats(state))]

    def settings(self) -> dict[str, str]:
        """The search bot's parameters that suit this game best (e.g. ``{"horizon": "turn"}``),
        used where a seat kind does not give them (``mcts:c=1`` still sets ``c``)."""
        return {}
