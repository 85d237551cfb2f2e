"""Post Office component data: loaded from the TOML files in ``data/`` and validated once, with
what is worked out from it once (the geometry's tables, the prebuilt actions).

Three files ship with the package:

- ``box.toml`` — the helpers, the four parcel colours (= parcel types), the four parcel icons (their
  marks and titles for the table), the four tape shapes and the stamp supply;
- ``parcels.toml`` — the 96 regular parcel tokens and the 16 starting tokens (4 per helper), each
  a 2×2 of parcels with a colour and at most one icon;
- ``goals.toml`` — the 9 goal tokens, each a name, a title, a help text and a condition: the name
  of a function registered in :data:`GOAL_CONDITIONS` (goals.py) with the numbers it takes.

:func:`load_default` loads the shipped files; a user's file given to :func:`parse_components`
may hold any of these sections (``helpers``,
``colours``, ``icons``, ``shapes``, ``stamps``, ``tokens``, ``starting_tokens``, ``goals``); each
section it holds replaces the shipped one. Every problem is a :class:`ComponentError` naming the
file, the entry and what is wrong. Each goal's condition is resolved here, once: the goal holds
its check bound to its numbers, so the end-of-round check looks nothing up.

:class:`Components` is what every function of the game is given first, as ``components``: the
data, and the tables precomputed from it once at load (:mod:`geometry`: every way a tape lies on
the grid, each token's turns, each name's index; :mod:`prebuilt`: every action object, so that
``legal_actions`` only looks them up).
"""

from __future__ import annotations

import functools
import inspect
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from mailbag.core.effects import Effects
from mailbag.core.errors import ComponentError
from mailbag.core.files import parse_toml
from mailbag.core.i18n import _

if TYPE_CHECKING:
    from mailbag.games.post_office.bitboard import SealKernel
    from mailbag.games.post_office.geometry import Form, Placement, Turned
    from mailbag.games.post_office.prebuilt import PrebuiltActions
    from mailbag.games.post_office.state import Player

DATA: Final = Path(__file__).parent / "data"
SHIPPED: Final = ("box.toml", "parcels.toml", "goals.toml")
SECTIONS: Final = (
    "helpers",
    "colours",
    "icons",
    "shapes",
    "stamps",
    "tokens",
    "starting_tokens",
    "goals",
)

#: icons a parcel may carry (index = code used in the state); what each does is a rule — a type
#: symbol and a receipt score (PO-8), a stamp pays when sealed (PO-6) — its mark and title are
#: data (``[[icons]]`` in box.toml)
ICONS: Final = ("none", "symbol", "stamp", "receipt")
NONE: Final = 0
SYMBOL: Final = 1
STAMP: Final = 2
RECEIPT: Final = 3
#: the four parcels of a token, in the order the state stores them
CORNERS: Final = ("top_left", "top_right", "bottom_left", "bottom_right")
REGULAR_TOKENS: Final = 96
STARTING_PER_HELPER: Final = 4

#: a goal condition: ``condition(components, player, **numbers) -> bool``, its numbers
#: keyword-only
GoalCondition = Callable[..., bool]
#: the goal conditions by name, as ``condition = "..."`` in goals.toml names them; goals.py
#: registers the shipped ones (``@GOAL_CONDITIONS.register("tapes_placed")``)
GOAL_CONDITIONS: Final = Effects[GoalCondition]("Post Office goal")
#: the fields of a goal entry besides its condition's numbers
GOAL_FIELDS: Final = ("name", "title", "help", "condition")
#: a component file's goals: the printed game has 9; a user's file may have fewer or more
MAX_GOALS: Final = 64
#: the most stamp tokens of one value (and starting stamps) a component file may give: the
#: printed game has 47 tokens; a bound keeps every stamp count a 64-bit number in records
MAX_STAMP_TOKENS: Final = 10_000


@dataclass(frozen=True)
class Colour:
    name: str  # the parcel type: fragile, gift, sweet, personal
    shade: str  # the printed colour: light blue, blue, yellow, brown
    letter: str  # one letter for the terminal


@dataclass(frozen=True)
class Icon:
    name: str  # one of ICONS
    mark: str  # one character after the colour letter in the terminal
    title: str  # what the table calls it


@dataclass(frozen=True)
class Shape:
    name: str  # L, T, I, Z
    cells: tuple[tuple[int, int], ...]  # (row, col) of the 4 squares as printed


@dataclass(frozen=True)
class Token:
    """A parcel token: ``colours``/``icons`` in the order top-left, top-right, bottom-left,
    bottom-right, as printed (rotation 0)."""

    id: int  # regular tokens 1..96; starting tokens 97..112 (see starting_id)
    label: str  # "17" or "cat-2"
    colours: tuple[int, int, int, int]
    icons: tuple[int, int, int, int]


@dataclass(frozen=True)
class Goal:
    """A goal token: its data entry, and its condition bound to the entry's numbers."""

    name: str
    title: str
    help: str
    condition: str  # the name of its function in GOAL_CONDITIONS
    numbers: dict[str, int]  # the condition's numbers (count, tapes, ...)
    #: the check: whether a board meets the goal now (PO-9, PO-110)
    check: Callable[[Components, Player], bool] = field(compare=False, repr=False)


@dataclass(frozen=True, eq=False)
class Components:
    """The game's component data (its fields up to ``source``), and the tables worked out from
    it once, when it is loaded (the fields after: see :mod:`geometry` and :mod:`prebuilt`).
    Compared by identity: one loaded set is one game's."""

    helpers: tuple[str, ...]
    colours: tuple[Colour, ...]
    icons: tuple[Icon, ...]  # index = icon code (ICONS)
    shapes: tuple[Shape, ...]
    stamp_tokens: dict[int, int]  # value -> number of tokens
    starting_stamps: int
    tokens: tuple[Token, ...]  # index = token id (index 0 is a blank placeholder)
    goals: tuple[Goal, ...]
    source: str

    #: forms[shape]: the distinct fixed forms of each tape shape (``geometry.orientations``)
    forms: list[list[Form]] = field(init=False, repr=False)
    #: every way to lay a tape shape on the parcel grid, by placement id
    placements: list[Placement] = field(init=False, repr=False)
    #: (shape, form, first parcel) -> placement id
    placement_id: dict[tuple[int, int, int], int] = field(init=False, repr=False)
    #: for each placement: the quarter of the grid it lies wholly in, or -1
    placement_quarter: list[int] = field(init=False, repr=False)
    #: turned[token][rotation]: the colours and the icons the token shows on its cell's parcels
    #: (``geometry.CELL_PARCELS`` order) when turned that many quarter turns clockwise
    turned: list[list[Turned]] = field(init=False, repr=False)
    #: the seal matching tables (see bitboard.py), one entry per form of every shape, in shape
    #: then form order: (shape, form, piece, piece, offset, starts)
    seal_forms: list[tuple[int, int, int, int, int, int]] = field(init=False, repr=False)
    #: pid_at[shape][form][parcel]: the placement of that form starting on parcel (-1: none)
    pid_at: list[list[list[int]]] = field(init=False, repr=False)
    #: the C seal matcher's forms (``bitboard.seal_hits``), prepared on first use
    seal_kernel: SealKernel = field(init=False, repr=False)
    colour_index: dict[str, int] = field(init=False, repr=False)
    shape_index: dict[str, int] = field(init=False, repr=False)
    goal_index: dict[str, int] = field(init=False, repr=False)
    helper_index: dict[str, int] = field(init=False, repr=False)
    #: every action object, prebuilt once (:mod:`prebuilt`)
    actions: PrebuiltActions = field(init=False, repr=False)

    def __post_init__(self) -> None:
        from mailbag.games.post_office import geometry
        from mailbag.games.post_office.bitboard import SealKernel
        from mailbag.games.post_office.prebuilt import PrebuiltActions

        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        forms = [geometry.orientations(shape) for shape in self.shapes]
        placements, placement_id = geometry.tape_placements(forms)
        seal_forms, pid_at = geometry.seal_tables(forms, placement_id)
        put("forms", forms)
        put("placements", placements)
        put("placement_id", placement_id)
        put("placement_quarter", geometry.placement_quarters(placements))
        put("turned", geometry.turned_tokens(self.tokens))
        put("seal_forms", seal_forms)
        put("pid_at", pid_at)
        put("seal_kernel", SealKernel())
        put("colour_index", {c.name: i for i, c in enumerate(self.colours)})
        put("shape_index", {s.name: i for i, s in enumerate(self.shapes)})
        put("goal_index", {g.name: i for i, g in enumerate(self.goals)})
        put("helper_index", {h: i for i, h in enumerate(self.helpers)})
        put("actions", PrebuiltActions(self))

    def tape_name(self, tape: int) -> str:
        """``tape`` = colour * 4 + shape, by the data's names (``fragile L``)."""
        colour, shape = divmod(tape, 4)
        return f"{self.colours[colour].name} {self.shapes[shape].name}"

    @property
    def stamp_total(self) -> int:
        return sum(value * n for value, n in self.stamp_tokens.items())

    def starting_id(self, helper: int, number: int) -> int:
        """Token id of starting token ``number`` (1..4) of helper ``helper``."""
        return REGULAR_TOKENS + 1 + helper * STARTING_PER_HELPER + (number - 1)

    def starting_tokens(self, helper: int) -> list[int]:
        return [self.starting_id(helper, k) for k in range(1, STARTING_PER_HELPER + 1)]


# -- loading --------------------------------------------------------------------------------------


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as exc:
        raise ComponentError(
            _("{file}: cannot read component file ({reason})", file=path, reason=exc.strerror)
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(
            _("{file}: not valid TOML ({reason})", file=path, reason=exc)
        ) from None


def load_default() -> Components:
    """The shipped components (``data/*.toml``)."""
    return _load(None, "")


def parse_components(text: str, source: str) -> Components:
    """The shipped components with the sections of a user's component file (its ``text``)
    replacing them; ``source`` names the file in error messages."""
    return _load(text, source)


def _load(user_text: str | None, source: str) -> Components:
    origin: dict[str, str] = {}
    merged: dict[str, Any] = {}
    for name in SHIPPED:
        data = _read(DATA / name)
        for key, value in data.items():
            merged[key] = value
            origin[key] = name
    user_file = source or "components"
    if user_text is not None:
        user = parse_toml(user_text, user_file)
        unknown = sorted(set(user) - set(SECTIONS))
        if unknown:
            raise ComponentError(
                _(
                    "{file}: unknown section {section}; Post Office component sections are: "
                    "{sections}",
                    file=user_file,
                    section=repr(unknown[0]),
                    sections=", ".join(SECTIONS),
                )
            )
        if not user:
            raise ComponentError(_("{file}: no component section in the file", file=user_file))
        for key, value in user.items():
            merged[key] = value
            origin[key] = str(user_file)
    for key in SECTIONS:
        if key not in merged:
            raise ComponentError(
                _(
                    "{file}: section {section} is missing from the shipped data",
                    file=DATA,
                    section=repr(key),
                )
            )
    return _build(merged, origin, user_file if user_text is not None else "shipped")


class _Entry:
    """Reads fields of one table with errors naming file, section, entry and field."""

    def __init__(self, file: str, where: str, table: Any) -> None:
        self.file, self.where = file, where
        if not isinstance(table, dict):
            self.fail(_("expected a table, got {kind}", kind=type(table).__name__))
        self.table: dict[str, Any] = table

    def fail(self, problem: str) -> None:
        raise ComponentError(f"{self.file}: {self.where}: {problem}")

    def only(self, *fields: str) -> None:
        extra = sorted(set(self.table) - set(fields))
        if extra:
            self.fail(
                _(
                    "unknown field {field}; fields are: {fields}",
                    field=repr(extra[0]),
                    fields=", ".join(fields),
                )
            )

    def get(self, name: str, kind: type) -> Any:
        if name not in self.table:
            self.fail(_("missing field {field}", field=repr(name)))
        value = self.table[name]
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            self.fail(
                _(
                    "field {field} must be {kind}, got {value}",
                    field=repr(name),
                    kind=kind.__name__,
                    value=repr(value),
                )
            )
        return value


def _list(merged: dict[str, Any], origin: dict[str, str], key: str) -> list[Any]:
    value = merged[key]
    if not isinstance(value, list):
        raise ComponentError(
            _("{file}: {section} must be a list of entries", file=origin[key], section=repr(key))
        )
    return value


def _build(merged: dict[str, Any], origin: dict[str, str], source: str) -> Components:
    helpers = _helpers(merged, origin)
    colours = _colours(merged, origin)
    icons = _icons(merged, origin)
    shapes = _shapes(merged, origin)
    stamp_tokens, starting = _stamps(merged, origin)
    tokens = _tokens(merged, origin, helpers, colours)
    goals = _goals(merged, origin)
    return Components(
        helpers, colours, icons, shapes, stamp_tokens, starting, tokens, goals, source
    )


def _helpers(merged: dict[str, Any], origin: dict[str, str]) -> tuple[str, ...]:
    file = origin["helpers"]
    names = _list(merged, origin, "helpers")
    if len(names) != 4:
        raise ComponentError(
            _("{file}: helpers: expected 4 helpers, found {count}", file=file, count=len(names))
        )
    for name in names:
        if not isinstance(name, str) or not name.isidentifier():
            raise ComponentError(
                _(
                    "{file}: helpers: {name} is not a helper name (one word)",
                    file=file,
                    name=repr(name),
                )
            )
    if len(set(names)) != len(names):
        raise ComponentError(_("{file}: helpers: a helper is listed twice", file=file))
    return tuple(names)


def _colours(merged: dict[str, Any], origin: dict[str, str]) -> tuple[Colour, ...]:
    file = origin["colours"]
    entries = _list(merged, origin, "colours")
    if len(entries) != 4:
        raise ComponentError(
            _("{file}: colours: expected 4 colours, found {count}", file=file, count=len(entries))
        )
    result = []
    for i, table in enumerate(entries, 1):
        e = _Entry(file, _("{section} entry {number}", section="colours", number=i), table)
        e.only("name", "shade", "letter")
        name, shade, letter = e.get("name", str), e.get("shade", str), e.get("letter", str)
        if not name.isidentifier():
            e.fail(_("colour name {name} must be one word", name=repr(name)))
        if len(letter) != 1 or not letter.isalpha() or not letter.isupper():
            e.fail(_("letter {letter} must be one capital letter", letter=repr(letter)))
        result.append(Colour(name, shade, letter))
    if len({c.name for c in result}) != 4 or len({c.letter for c in result}) != 4:
        raise ComponentError(_("{file}: colours: names and letters must be distinct", file=file))
    return tuple(result)


def _icons(merged: dict[str, Any], origin: dict[str, str]) -> tuple[Icon, ...]:
    """The four icons' marks and titles, by icon code (the entries may come in any order)."""
    file = origin["icons"]
    entries = _list(merged, origin, "icons")
    found: dict[str, Icon] = {}
    for i, table in enumerate(entries, 1):
        e = _Entry(file, _("{section} entry {number}", section="icons", number=i), table)
        e.only("name", "mark", "title")
        name, mark, title = e.get("name", str), e.get("mark", str), e.get("title", str)
        e.where = _("icon {name}", name=repr(name))
        if name not in ICONS:
            e.fail(
                _(
                    "unknown icon {icon}; icons are: {icons}",
                    icon=repr(name),
                    icons=", ".join(ICONS),
                )
            )
        if name in found:
            e.fail(_("listed twice"))
        if len(mark) != 1 or not mark.isprintable():
            e.fail(_("mark {mark} must be one printable character", mark=repr(mark)))
        found[name] = Icon(name, mark, title)
    missing = [name for name in ICONS if name not in found]
    if missing:
        raise ComponentError(
            _("{file}: icons: icon {icon} is missing", file=file, icon=repr(missing[0]))
        )
    if len({icon.mark for icon in found.values()}) != len(ICONS):
        raise ComponentError(_("{file}: icons: marks must be distinct", file=file))
    return tuple(found[name] for name in ICONS)


def _shapes(merged: dict[str, Any], origin: dict[str, str]) -> tuple[Shape, ...]:
    file = origin["shapes"]
    entries = _list(merged, origin, "shapes")
    if len(entries) != 4:
        raise ComponentError(
            _(
                "{file}: shapes: expected 4 tape shapes, found {count}",
                file=file,
                count=len(entries),
            )
        )
    result = []
    for i, table in enumerate(entries, 1):
        e = _Entry(file, _("{section} entry {number}", section="shapes", number=i), table)
        e.only("name", "cells")
        name = e.get("name", str)
        e.where = _("shape {name}", name=repr(name))
        if not name.isidentifier():
            e.fail(_("shape name {name} must be one word", name=repr(name)))
        cells = []
        for j, cell in enumerate(e.get("cells", list), 1):
            c = _Entry(file, _("shape {name} cell {number}", name=repr(name), number=j), cell)
            c.only("row", "col")
            row, col = c.get("row", int), c.get("col", int)
            if not (0 <= row < 4 and 0 <= col < 4):
                c.fail(_("row and col must be 0..3"))
            cells.append((row, col))
        if len(cells) != 4 or len(set(cells)) != 4:
            e.fail(_("a tape covers exactly 4 distinct cells"))
        if not _connected(cells):
            e.fail(_("the 4 cells must be connected side by side"))
        result.append(Shape(name, tuple(cells)))
    if len({s.name for s in result}) != 4:
        raise ComponentError(_("{file}: shapes: shape names must be distinct", file=file))
    return tuple(result)


def _connected(cells: list[tuple[int, int]]) -> bool:
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def _stamps(merged: dict[str, Any], origin: dict[str, str]) -> tuple[dict[int, int], int]:
    e = _Entry(origin["stamps"], "stamps", merged["stamps"])
    e.only("fives", "threes", "ones", "starting")
    tokens = {5: e.get("fives", int), 3: e.get("threes", int), 1: e.get("ones", int)}
    starting = e.get("starting", int)
    if any(n < 0 for n in tokens.values()) or starting < 0:
        e.fail(_("stamp counts must not be negative"))
    if any(n > MAX_STAMP_TOKENS for n in tokens.values()) or starting > MAX_STAMP_TOKENS:
        e.fail(_("stamp counts must be at most {limit}", limit=MAX_STAMP_TOKENS))
    total = sum(v * n for v, n in tokens.items())
    if total < 4 * starting:
        e.fail(
            _(
                "the supply ({total} stamps) cannot give 4 players {starting} stamps each",
                total=total,
                starting=starting,
            )
        )
    return tokens, starting


def _parcels(e: _Entry, colours: tuple[Colour, ...]) -> tuple[list[int], list[int]]:
    names = [c.name for c in colours]
    cols, icons = [], []
    for corner in CORNERS:
        p = _Entry(e.file, f"{e.where}, {corner}", e.get(corner, dict))
        p.only("colour", "icon")
        colour, icon = p.get("colour", str), p.get("icon", str)
        if colour not in names:
            p.fail(
                _(
                    "unknown colour {colour}; colours are: {colours}",
                    colour=repr(colour),
                    colours=", ".join(names),
                )
            )
        if icon not in ICONS:
            p.fail(
                _(
                    "unknown icon {icon}; icons are: {icons}",
                    icon=repr(icon),
                    icons=", ".join(ICONS),
                )
            )
        cols.append(names.index(colour))
        icons.append(ICONS.index(icon))
    return cols, icons


def _tokens(
    merged: dict[str, Any],
    origin: dict[str, str],
    helpers: tuple[str, ...],
    colours: tuple[Colour, ...],
) -> tuple[Token, ...]:
    blank = Token(0, "-", (-1, -1, -1, -1), (0, 0, 0, 0))
    table: list[Token] = [blank] * (REGULAR_TOKENS + 1 + len(helpers) * STARTING_PER_HELPER)
    file = origin["tokens"]
    entries = _list(merged, origin, "tokens")
    if len(entries) != REGULAR_TOKENS:
        raise ComponentError(
            _(
                "{file}: tokens: expected {expected} parcel tokens, found {count}",
                file=file,
                expected=REGULAR_TOKENS,
                count=len(entries),
            )
        )
    for i, entry in enumerate(entries, 1):
        e = _Entry(file, _("{section} entry {number}", section="tokens", number=i), entry)
        e.only("id", *CORNERS)
        tid = e.get("id", int)
        e.where = _("token {token}", token=tid)
        if not 1 <= tid <= REGULAR_TOKENS:
            e.fail(_("id must be 1..{last}", last=REGULAR_TOKENS))
        if table[tid].id:
            e.fail(_("id used twice"))
        cols, icons = _parcels(e, colours)
        table[tid] = Token(tid, str(tid), _four(cols), _four(icons))
    file = origin["starting_tokens"]
    entries = _list(merged, origin, "starting_tokens")
    expected = len(helpers) * STARTING_PER_HELPER
    if len(entries) != expected:
        raise ComponentError(
            _(
                "{file}: starting_tokens: expected {expected} starting tokens ({each} per "
                "helper), found {count}",
                file=file,
                expected=expected,
                each=STARTING_PER_HELPER,
                count=len(entries),
            )
        )
    for i, entry in enumerate(entries, 1):
        e = _Entry(file, _("{section} entry {number}", section="starting_tokens", number=i), entry)
        e.only("helper", "number", *CORNERS)
        helper, number = e.get("helper", str), e.get("number", int)
        label = f"{helper}-{number}"
        e.where = _("starting token {token}", token=label)
        if helper not in helpers:
            e.fail(
                _(
                    "unknown helper {helper}; helpers are: {helpers}",
                    helper=repr(helper),
                    helpers=", ".join(helpers),
                )
            )
        if not 1 <= number <= STARTING_PER_HELPER:
            e.fail(_("number must be 1..{last}", last=STARTING_PER_HELPER))
        h = helpers.index(helper)
        tid = REGULAR_TOKENS + 1 + h * STARTING_PER_HELPER + number - 1
        if table[tid].id:
            e.fail(_("listed twice"))
        cols, icons = _parcels(e, colours)
        table[tid] = Token(tid, label, _four(cols), _four(icons))
    return tuple(table)


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def _goals(merged: dict[str, Any], origin: dict[str, str]) -> tuple[Goal, ...]:
    from mailbag.games.post_office import goals as _shipped  # noqa: F401  (registers them)

    file = origin["goals"]
    entries = _list(merged, origin, "goals")
    if not 1 <= len(entries) <= MAX_GOALS:
        raise ComponentError(
            _(
                "{file}: goals: expected 1 to {most} goal tokens, found {count}",
                file=file,
                most=MAX_GOALS,
                count=len(entries),
            )
        )
    result = []
    for i, entry in enumerate(entries, 1):
        e = _Entry(file, _("{section} entry {number}", section="goals", number=i), entry)
        name = e.get("name", str)
        e.where = _("goal {name}", name=repr(name))
        if not name.isidentifier():
            e.fail(_("a goal name must be one word (letters, digits, _)"))
        title, condition = e.get("title", str), e.get("condition", str)
        text = e.get("help", str) if "help" in e.table else ""
        function = GOAL_CONDITIONS.get(condition, f"{file}: {e.where}")
        required, optional = condition_numbers(function)
        e.only(*GOAL_FIELDS, *required, *optional)
        numbers = {number: e.get(number, int) for number in required}
        numbers.update({number: e.get(number, int) for number in optional if number in e.table})
        if any(v < 1 for v in numbers.values()):
            e.fail(_("counts must be at least 1"))
        check = functools.partial(function, **numbers)
        result.append(Goal(name, title, text, condition, numbers, check))
    if len({g.name for g in result}) != len(result):
        raise ComponentError(_("{file}: goals: goal names must be distinct", file=file))
    return tuple(result)


def condition_numbers(function: GoalCondition) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The numbers a goal condition takes: its keyword-only parameters, (required, optional)."""
    required: list[str] = []
    optional: list[str] = []
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            empty = parameter.default is inspect.Parameter.empty
            (required if empty else optional).append(parameter.name)
    return tuple(required), tuple(optional)
