"""Game records: JSON Lines of the game, options, seed, seats and the actions taken.

Line 1 is the header, then one line per decision ``{"seat", "action", "digest"}`` (the digest of
the state after the step, when recorded), then optionally ``{"result": ...}``. Replaying a record
re-runs every action through the public :func:`~mailbag.core.game.apply` and checks each digest,
so a record that does not reproduce its game is caught at the step where it diverges. It is
replayed by the rules it was played by (header ``rules``, ``Game.at_rules``) and its digests
checked in the form of the schema that wrote it (``Game.recorded_form``): records survive the
upgrades that change play (docs/contributing.md). A record saved while its game is played holds
the seed sealed (:mod:`mailbag.core.seal`).

A record is read from outside, so reading it is defensive: it is bounded in size, must be UTF-8,
every field is type- and range-checked, and only a last line torn by a crash while it was being
written (no newline after it) is dropped, with a warning (the game resumes from the step
before); a broken line anywhere else is an error naming it. A game played with
the user's own component data carries that data (and its SHA-256) in the header, never a path to
read.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mailbag.core.actions import Action
from mailbag.core.errors import MailbagError, RecordError
from mailbag.core.files import fsync_folder as fsync_folder  # re-exported: their old home
from mailbag.core.files import read_bounded
from mailbag.core.files import write_atomic as write_atomic
from mailbag.core.game import Event, Game, Score, apply, start_game, validate
from mailbag.core.i18n import N_, NC_, _, ngettext, pgettext
from mailbag.core.names import MAX_NAME, name_problem, printable
from mailbag.core.seal import seal, unseal
from mailbag.core.serialize import (
    RECORD_DIGESTS,
    decode_json,
    record_digest,
    state_digest,
    to_builtins,
)

RECORD_VERSION = 1
#: the largest record file mailbag reads (a long 4-player game is well under 1 MiB)
MAX_RECORD_BYTES = 64 << 20
MAX_SEATS = 16
MAX_SEED = (1 << 64) - 1


@dataclass(frozen=True)
class ComponentData:
    """A user's component file as a record carries it: its name, text and SHA-256."""

    source: str
    text: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def to_json(self) -> dict[str, str]:
        return {"source": self.source, "sha256": self.sha256, "text": self.text}


@dataclass
class Step:
    seat: int
    action: Action
    digest: str | None = None

    def to_line(self) -> str:
        entry: dict[str, Any] = {"seat": self.seat, "action": str(self.action)}
        if self.digest:
            entry["digest"] = self.digest
        return json.dumps(entry)


def new_game_id() -> str:
    """A short random name for a game (shown while it is played, used in file names): unlike the
    seed, it tells nothing about the deal."""
    return secrets.token_hex(4)


def seed_game_id(seed: int, seats: list[str] | None = None) -> str:
    """A reproducible name for a game of ``seed`` and ``seats`` (simulations, tests): a one-way
    hash, so it does not give the seed away either; the seatings of one deal get their own."""
    text = f"{seed}:{','.join(seats or [])}"
    digest = hashlib.blake2b(text.encode(), digest_size=4, person=b"mailbag-game-id")
    return digest.hexdigest()


@dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    seed: int
    #: the seat kinds as played: "human", "random", "mcts:iters=500", "automa:normal", ...
    seats: list[str]
    steps: list[Step] = field(default_factory=list)
    result: dict[str, Any] | None = None
    components: ComponentData | None = None
    #: the game's public name (see :func:`new_game_id`); never derived from the seed
    game_id: str = field(default_factory=new_game_id)
    #: problems found (and survived) while reading the record, for the reader to show
    warnings: list[str] = field(default_factory=list)
    #: how the step digests were computed (see ``serialize.RECORD_DIGESTS``)
    digests: int = RECORD_DIGESTS
    #: the game's state schema when the record was made (None: not known, an older record)
    schema: int | None = None
    #: the seats' names, when people gave them (``--seats alice=human,bob=human``)
    names: list[str] | None = None
    #: the version of the game's rules it is played by (``Game.rules_version``; header field
    #: ``rules``, absent in records of rules 1); 0 when made: the game's rules of today
    rules: int = 0
    #: the name of the key that seals the seed in the record saved while the game is played
    #: (mailbag.core.seal), once there is one
    seal: str | None = None

    def __post_init__(self) -> None:
        if self.rules == 0:
            self.rules = current_rules(self.game)

    def label(self, seat: int) -> str:
        """How a seat is called on screen: its name, or ``seat N`` (in the reader's language)."""
        if self.names and 0 <= seat < len(self.names):
            return self.names[seat]
        return seat_label(seat)

    def engine_seats(self, game: Game[Any]) -> tuple[str, ...]:
        return engine_seat_kinds(game, self.seats)

    def header_line(self, sealed: bool = False) -> str:
        """The header; ``sealed``: the seed sealed with key :attr:`seal` (mailbag.core.seal)."""
        header: dict[str, Any] = {
            "mailbag_record": RECORD_VERSION,
            "id": self.game_id,
            "game": self.game,
            "options": self.options,
            "seats": self.seats,
        }
        if sealed and self.seal is not None:
            header["sealed"] = seal(self.seed, self.game_id, self.seal)
        else:
            header["seed"] = self.seed
        if self.components is not None:
            header["components"] = self.components.to_json()
        if self.digests != 1:
            header["digests"] = self.digests
        if self.schema is not None:
            header["schema"] = self.schema
        if self.names:
            header["names"] = self.names
        if self.rules != 1:
            header["rules"] = self.rules
        return json.dumps(header, sort_keys=True)

    def result_line(self) -> str:
        return json.dumps({"result": self.result}, sort_keys=True)

    def to_lines(self, sealed: bool = False) -> list[str]:
        lines = [self.header_line(sealed), *(step.to_line() for step in self.steps)]
        if self.result is not None:
            lines.append(self.result_line())
        return lines

    def dumps(self, sealed: bool = False) -> str:
        """The whole record; ``sealed``: with the seed sealed (see :meth:`header_line`)."""
        return "\n".join(self.to_lines(sealed)) + "\n"

    def save(self, path: Path) -> None:
        """Write the whole record atomically: a crash leaves the old file or the new one."""
        write_atomic(path, self.dumps())


def current_rules(game: str) -> int:
    """The rules version that ``game`` (a registered game's name) is played by today; 1 for a
    name the registry does not know (its record cannot be replayed anyway)."""
    from mailbag.core.registry import get

    try:
        return get(game).rules_version
    except MailbagError:
        return 1


def seat_label(seat: int) -> str:
    """A seat without a name, as the reader calls it: ``seat 2`` (``speler 2``, ``jugador 2``)."""
    return _("seat {number}", number=seat)


#: the seat kinds shown in words (a person, the bots, Postcards' Automa levels); a kind with
#: parameters (``mcts:iters=500``) shows its bot's word and the parameters as typed
SEAT_KINDS = (
    NC_("seat kind", "human"),
    NC_("seat kind", "random"),
    NC_("seat kind", "greedy"),
    NC_("seat kind", "mcts"),
    NC_("seat kind", "automa:easy"),
    NC_("seat kind", "automa:normal"),
    NC_("seat kind", "automa:expert"),
)


def seat_kind_label(kind: str) -> str:
    """A seat kind as the reader says it (``human``: ``mens``, ``persona``); the record and the
    command line keep the kind as typed."""
    if kind in SEAT_KINDS:
        return pgettext("seat kind", kind)
    base, sep, rest = kind.partition(":")
    if sep and base in SEAT_KINDS:
        return pgettext("seat kind", base) + sep + rest
    return kind


def engine_seat_kinds(game: Game[Any], seats: list[str]) -> tuple[str, ...]:
    """What the rules engine is told about each seat: an engine seat kind or "player"."""
    return tuple(kind if kind in game.spec.engine_seats else "player" for kind in seats)


def result_of(game: Game[Any], state: Any) -> dict[str, Any]:
    scores: list[Score] = game.scores(state)
    return {
        "scores": [s.total for s in scores],
        "breakdown": [to_builtins(s.breakdown) for s in scores],
        "ranking": game.ranking(state),
    }


def _is_int(value: object, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _header(header: Any, where: str) -> GameRecord:
    if not isinstance(header, dict) or header.get("mailbag_record") != RECORD_VERSION:
        raise RecordError(_("{where}: not a mailbag game record header", where=where))
    for key, kind in (("game", str), ("options", dict), ("seats", list)):
        if not isinstance(header.get(key), kind):
            raise RecordError(
                _(
                    "{where}: header field {key} missing or not {kind}",
                    where=where,
                    key=repr(key),
                    kind=kind.__name__,
                )
            )
    sealed = "seed" not in header and "sealed" in header
    if not sealed and not _is_int(header.get("seed"), 0, MAX_SEED):
        raise RecordError(
            _("{where}: header field 'seed' must be an integer from 0 to 2**64-1", where=where)
        )
    seats = header["seats"]
    if not 1 <= len(seats) <= MAX_SEATS or not all(
        isinstance(s, str) and 0 < len(s) <= 100 for s in seats
    ):
        raise RecordError(
            _(
                "{where}: header field 'seats' must list 1–{most} seat kinds",
                where=where,
                most=MAX_SEATS,
            )
        )
    options = header["options"]
    for key, value in options.items():
        if not isinstance(value, (bool, int, float, str)) or (
            type(value) is int and not _is_int(value, -(2**63), 2**63 - 1)
        ):
            raise RecordError(
                _(
                    "{where}: option {key} has a value that is not an option",
                    where=where,
                    key=repr(key),
                )
            )
    game_id = header.get("id")
    if game_id is None:  # records written before games had ids
        game_id = hashlib.blake2b(json.dumps(header, sort_keys=True).encode(), digest_size=4)
        game_id = game_id.hexdigest()
    elif not (isinstance(game_id, str) and 0 < len(game_id) <= 64 and game_id.isalnum()):
        raise RecordError(_("{where}: header field 'id' must be a short word", where=where))
    seed: int = header.get("seed", 0)
    seal_key: str | None = None
    if sealed:  # a game in progress, saved as it was played (mailbag.core.seal)
        seed, seal_key = unseal(header["sealed"], game_id, where)
    digests = header.get("digests", 1)
    if digests not in (1, 2):
        raise RecordError(
            _(
                "{where}: unknown digest scheme {scheme} (a newer mailbag?)",
                where=where,
                scheme=repr(digests),
            )
        )
    schema = header.get("schema")
    if schema is not None and not _is_int(schema, 1, 10_000):
        raise RecordError(_("{where}: header field 'schema' must be a version number", where=where))
    names = header.get("names")
    if names is not None:
        if not (isinstance(names, list) and len(names) == len(seats)):
            raise RecordError(
                _(
                    "{where}: header field 'names' must name every seat (1–{most} characters)",
                    where=where,
                    most=MAX_NAME,
                )
            )
        for seat, name in enumerate(names):
            problem = name_problem(name)  # the one name rule, as in the lobby and --seats
            if problem is not None:
                raise RecordError(
                    _(
                        "{where}: header field 'names': the name of seat {seat} ({name}): "
                        "{problem}",
                        where=where,
                        seat=seat,
                        name=printable(repr(name))[:60],
                        problem=problem,
                    )
                )
    rules = header.get("rules", 1)
    if not _is_int(rules, 1, 10_000):
        raise RecordError(_("{where}: header field 'rules' must be a version number", where=where))
    return GameRecord(
        game=header["game"],
        options=options,
        seed=seed,
        seats=list(seats),
        components=_components(header.get("components"), where),
        game_id=game_id,
        digests=digests,
        schema=schema,
        names=names,
        rules=rules,
        seal=seal_key,
    )


def _components(data: Any, where: str) -> ComponentData | None:
    if data is None:
        return None
    if isinstance(data, str):
        raise RecordError(
            _(
                "{where}: the record names its component file by path (an older mailbag); "
                "records now carry the component data itself — play the game again with "
                "--components FILE",
                where=where,
            )
        )
    if not (
        isinstance(data, dict)
        and isinstance(data.get("text"), str)
        and isinstance(data.get("source"), str)
        and isinstance(data.get("sha256"), str)
    ):
        raise RecordError(
            _("{where}: header field 'components' must be {{source, sha256, text}}", where=where)
        )
    from mailbag.core.game import MAX_COMPONENT_BYTES

    if len(data["text"]) > MAX_COMPONENT_BYTES:
        raise RecordError(
            _("{where}: the component data is larger than a component file may be", where=where)
        )
    found = ComponentData(data["source"][:200], data["text"])
    if found.sha256 != data["sha256"]:
        raise RecordError(
            _("{where}: the component data does not match its SHA-256 (altered?)", where=where)
        )
    return found


def _step(entry: Any, where: str) -> Step:
    from mailbag.core.actions import parse_action

    if not (
        isinstance(entry, dict)
        and _is_int(entry.get("seat"), 0, MAX_SEATS - 1)
        and isinstance(entry.get("action"), str)
    ):
        raise RecordError(
            _(
                "{where}: expected {{'seat': 0–{last}, 'action': text}}",
                where=where,
                last=MAX_SEATS - 1,
            )
        )
    digest = entry.get("digest")
    if digest is not None and not (isinstance(digest, str) and len(digest) <= 64):
        raise RecordError(_("{where}: 'digest' must be a short text", where=where))
    try:
        action = parse_action(entry["action"])
    except MailbagError as exc:
        raise RecordError(f"{where}: {exc}") from None
    return Step(entry["seat"], action, digest)


def loads(text: str | bytes, source: str | None = None) -> GameRecord:
    """Parse a record; every malformed line is an error naming the line. A last line that is
    not complete (a crash while it was written) is dropped, with a warning in ``warnings``."""
    if source is None:
        source = _("record")
    if isinstance(text, bytes):
        raw = text
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line_no = raw[: exc.start].count(b"\n") + 1
            raise RecordError(
                _("{source} line {line}: not UTF-8 text", source=source, line=line_no)
            ) from None
    lines = text.split("\n")
    numbered = [(n, ln) for n, ln in enumerate(lines, start=1) if ln.strip()]
    if not numbered:
        raise RecordError(_("{source}: empty file, not a game record", source=source))
    # only the very last line of the file, with no newline after it, can be torn by a crash
    # while it was written: a broken line anywhere else is damage, never dropped silently
    torn_line = len(lines) if lines[-1].strip() else 0
    first = _("{source} line {line}", source=source, line=1)
    record = _header(decode_json(numbered[0][1], first), first)
    for number, line in numbered[1:]:
        where = _("{source} line {line}", source=source, line=number)
        try:
            entry = decode_json(line, where)
        except RecordError:
            if number == torn_line:
                record.warnings.append(
                    ngettext(
                        "{where} is incomplete (the game stopped while it was being saved): "
                        "continuing from the {count} complete decision before it",
                        "{where} is incomplete (the game stopped while it was being saved): "
                        "continuing from the {count} complete decisions before it",
                        len(record.steps),
                        where=where,
                        count=len(record.steps),
                    )
                )
                break
            raise
        if record.result is not None:
            raise RecordError(_("{where}: a line after the result", where=where))
        if isinstance(entry, dict) and "result" in entry:
            if not isinstance(entry["result"], dict):
                raise RecordError(_("{where}: 'result' must be an object", where=where))
            record.result = entry["result"]
            continue
        record.steps.append(_step(entry, where))
    return record


def load(path: Path) -> GameRecord:
    """Read a record file: a regular file of at most 64 MiB."""
    data = read_bounded(path, MAX_RECORD_BYTES, RecordError, N_("a game record"))
    return loads(data, str(path))


@dataclass
class ReplayStep:
    index: int
    seat: int
    action: Action
    events: list[Event]
    state: Any


def digest_of(game: Game[Any], record: GameRecord) -> Callable[[Any], str]:
    """How the step digests of ``record`` are computed, as the mailbag that wrote it did: its
    digest scheme, and the canonical form of its schema (``Game.recorded_form``). A game that
    goes on adds its decisions' digests the same way, so the whole record stays checkable."""
    if record.digests != 2:
        return state_digest
    schema = record.schema or 1
    if schema >= game.schema_version:
        return record_digest

    def older(state: Any) -> str:
        return record_digest(state, lambda data: game.recorded_form(data, schema))

    return older


def replay_steps(game: Game[Any], record: GameRecord) -> Iterator[ReplayStep]:
    """Re-run a record step by step, checking legality and digests; yields each step."""
    if record.game != game.spec.name:
        raise RecordError(
            _(
                "record is of {found}, not {game}",
                found=repr(record.game),
                game=repr(game.spec.name),
            )
        )
    if record.rules > game.rules_version:
        raise RecordError(
            _(
                "the record was played by rules version {found} of {game}, made by a newer "
                "mailbag; this one plays its rules versions up to {latest}",
                found=record.rules,
                game=game.spec.name,
                latest=game.rules_version,
            )
        )
    # dealt by the rules the record was played by: the state keeps them for every later step
    state, opening = start_game(
        game.at_rules(record.rules),
        engine_seat_kinds(game, record.seats),
        record.options,
        record.seed,
    )
    schema = record.schema or 1
    digest = digest_of(game, record)
    check = record.digests == 2 or schema == game.schema_version
    if not check and any(step.digest for step in record.steps):
        record.warnings.append(
            _(
                "recorded by an older mailbag (schema {old}, now {new}): its actions are "
                "replayed, its step digests not checked",
                old=record.schema or 1,
                new=game.schema_version,
            )
        )
    yield ReplayStep(0, -1, Action("start"), opening, state)
    for index, step in enumerate(record.steps, start=1):
        try:
            state, events = apply(game, state, step.seat, step.action)
        except MailbagError as exc:
            raise RecordError(
                _(
                    "step {index} (seat {seat}: {action}): {detail}",
                    index=index,
                    seat=step.seat,
                    action=str(step.action),
                    detail=str(exc),
                )
            ) from None
        if check and step.digest and digest(state) != step.digest:
            raise RecordError(
                _(
                    "step {index} (seat {seat}: {action}): the state differs from the "
                    "recorded one (digest mismatch)",
                    index=index,
                    seat=step.seat,
                    action=str(step.action),
                )
            )
        yield ReplayStep(index, step.seat, step.action, events, state)


def replay(game: Game[Any], record: GameRecord) -> Any:
    """Re-run the whole record and check its result, if it has one; returns the final state."""
    state: Any = None
    for step in replay_steps(game, record):
        state = step.state
    if record.result is not None:
        if not game.is_over(state):
            raise RecordError(_("record has a result but its actions do not finish the game"))
        if result_of(game, state) != record.result:
            raise RecordError(_("replayed result differs from the recorded result"))
    validate(game, state)
    return state
