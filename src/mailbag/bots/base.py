"""What a bot is: something that picks one of the legal actions from a view, never the state.

Seat kinds in ``--seats`` map to bots here: ``random``, ``greedy``, ``mcts[:iters=N|time=S|cpu=S]``;
:func:`make_agents` makes the bots of a game's seats (every front end and the simulator).
Bots are given the seat's view and its legal actions; search bots plan on worlds drawn with
``determinize(view)``.

Every bot declares the parameters its seat kind may carry (:class:`BotParam`: name, type,
range), and :func:`check_kind` checks a kind against them before any bot is made: an unknown
parameter, a value of the wrong type or out of range is an error naming the parameter and its
range. A server adds its operator's limits (:class:`BotLimits`: seconds and iterations per move,
the length of a kind).
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from mailbag.core import Action, Game, Observation, SeatError
from mailbag.core.i18n import _


class Bot(Protocol):
    """Chooses one of ``legal`` for the seat whose view is ``observation``."""

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action: ...


#: seat-kind name -> factory(game, seat, bot_seed, params); ``bot_seed`` is the bot's own seed,
#: derived one way from the game's (:func:`bot_seed`): a bot can never rebuild the deal from it

BotFactory = Callable[[Game[Any], int, int, dict[str, str]], Bot]
_FACTORIES: dict[str, BotFactory] = {}
_PARAMS: dict[str, tuple[BotParam, ...]] = {}
_SUMMARIES: dict[str, str] = {}


@dataclass(frozen=True)
class BotParam:
    """One parameter a bot's seat kind may carry (``mcts:iters=500``): its type and range."""

    name: str
    type: Literal["int", "float", "choice"]
    minimum: float = 0
    maximum: float = math.inf
    #: the minimum itself is not allowed (``time`` must be more than 0)
    above: bool = False
    #: a ``choice``'s values; for a number, words allowed besides (``depth=full``)
    words: tuple[str, ...] = ()
    #: which of a server's :class:`BotLimits` also bounds it (``"time"``, ``"iters"``)
    limit: Literal["time", "iters"] | None = None
    #: the most a server allows (a bot that thinks on the server's own threads, or in one
    #: process only)
    server_max: float | None = None
    #: the value used when the kind does not give it, as typed ("" when there is none); the
    #: help lists it (``mailbag games``, ``mailbag play --help``)
    default: str = ""
    #: what it sets, in a few English words (marked ``N_``, shown in the reader's language)
    help: str = ""

    def bounds(self, limits: BotLimits | None) -> tuple[float, bool]:
        """The largest value allowed, and whether that is a server's limit."""
        if limits is None:
            return self.maximum, False
        most, by_server = self.maximum, False
        for bound in (
            self.server_max,
            limits.time if self.limit == "time" else None,
            limits.iters if self.limit == "iters" else None,
        ):
            if bound is not None and bound < most:
                most, by_server = bound, True
        return most, by_server

    def describe(self, limits: BotLimits | None = None) -> str:
        """The range in words: ``an integer from 1 to 20000``, ``one of: uniform, guided``."""
        if self.type == "choice":
            return _("one of: {choices}", choices=", ".join(self.words))
        most, _by_server = self.bounds(limits)
        least = _number(self.minimum)
        if self.type == "int":
            text = _("an integer from {least} to {most}", least=least, most=_number(most))
        elif self.above:
            text = _("a number more than {least}, at most {most}", least=least, most=_number(most))
        else:
            text = _("a number from {least} to {most}", least=least, most=_number(most))
        if self.words:
            text = _("{range}, or {words}", range=text, words=", ".join(self.words))
        return text


@dataclass(frozen=True)
class BotLimits:
    """What a server allows a bot: seconds and search iterations per move (its operator sets
    them: ``mailbag serve --max-bot-time S --max-bot-iters N``) and the length of a kind (it
    names an unnamed bot's seat, which a record keeps to 20 characters; the database column
    holds more)."""

    time: float = 10.0
    iters: int = 20_000
    kind_length: int = 40


#: a seat kind's characters: a bot's name, then ``:`` and ``name=value`` parameters
_KIND_TEXT = re.compile(r"[A-Za-z0-9_.:=,+\-]*")
_INTEGER = re.compile(r"[+-]?[0-9]{1,30}")


def _number(value: float) -> str:
    """A bound as people write it: ``20000``, ``0.5`` (never ``2e4`` or ``20000.0``)."""
    if value == int(value):
        return str(int(value))
    return f"{value:g}"


def register_bot(
    name: str, factory: BotFactory, params: Sequence[BotParam] = (), summary: str = ""
) -> None:
    """Make seat kind ``name`` a bot; ``params``: the parameters its kind may carry (every
    other parameter is refused before ``factory`` is called); ``summary``: what it does, in a
    few English words (marked ``N_``). The command line's help lists every registered bot with
    its summary and parameters."""
    _FACTORIES[name] = factory
    _PARAMS[name] = tuple(params)
    _SUMMARIES[name] = summary


def bot_summary(name: str) -> str:
    """What bot ``name`` does, in the reader's language ("" when its registration says none)."""
    _load_builtin()
    summary = _SUMMARIES.get(name, "")
    return _(summary) if summary else ""


def bot_params(name: str) -> tuple[BotParam, ...]:
    """The parameters bot ``name`` declares."""
    _load_builtin()
    return _PARAMS.get(name, ())


def check_kind(kind: object, limits: BotLimits | None = None) -> tuple[str, dict[str, str]]:
    """Check a bot's seat kind against the bot's declared parameters (and, on a server, its
    ``limits``); returns the bot's name and parameters. Raises :class:`SeatError` naming what
    is wrong: the bot, a parameter and its range, or the server's limit."""
    _load_builtin()
    if not isinstance(kind, str) or not kind.strip():
        raise SeatError(
            _("a bot kind is a text such as mcts:iters=500, not {kind}", kind=repr(kind))
        )
    if limits is not None and len(kind) > limits.kind_length:
        raise SeatError(
            _(
                "bot kind {kind} is {length} characters long; at most {limit} on this server",
                kind=repr(kind[: limits.kind_length]) + "…",
                length=len(kind),
                limit=limits.kind_length,
            )
        )
    if not _KIND_TEXT.fullmatch(kind):
        raise SeatError(
            _(
                "bot kind {kind}: only letters, digits and the signs : = , . _ + - are allowed",
                kind=repr(kind),
            )
        )
    name, _sep, rest = kind.strip().partition(":")
    if name not in _FACTORIES:
        raise SeatError(
            _(
                "unknown bot {kind}; bots: {bots}",
                kind=repr(kind),
                bots=", ".join(sorted(_FACTORIES)),
            )
        )
    declared = {param.name: param for param in _PARAMS.get(name, ())}
    params: dict[str, str] = {}
    for part in filter(None, rest.split(",")):
        key, _sep, value = part.partition("=")
        if key not in declared:
            if not declared:
                raise SeatError(
                    _("the {bot} bot takes no parameters, got {names}", bot=name, names=key)
                )
            raise SeatError(
                _(
                    "unknown parameter {names} for the {bot} bot; known: {known}",
                    names=repr(key),
                    bot=name,
                    known=", ".join(declared),
                )
            )
        if key in params:
            raise SeatError(_("bot parameter {name} is given twice", name=key))
        _check_value(name, declared[key], value, limits)
        params[key] = value
    return name, params


def _check_value(bot: str, param: BotParam, raw: str, limits: BotLimits | None) -> None:
    if raw in param.words:
        return
    value: float | None = None
    if param.type == "int" and _INTEGER.fullmatch(raw):
        value = int(raw)
    elif param.type == "float":
        try:
            value = float(raw)
        except ValueError:
            value = None
        if value is not None and not math.isfinite(value):
            value = None
    most, by_server = param.bounds(limits)
    high_enough = value is not None and (
        value > param.minimum or (value == param.minimum and not param.above)
    )
    if value is not None and high_enough:
        if value <= most:
            return
        if by_server:
            raise SeatError(
                _(
                    "bot parameter {name}={value} is over this server's limit: {range}",
                    name=param.name,
                    value=raw,
                    range=param.describe(limits),
                )
            )
    fields = {"name": param.name, "value": repr(raw), "bot": bot, "range": param.describe(limits)}
    if value is None and param.type == "int":
        raise SeatError(
            _("bot parameter {name}={value} of the {bot} bot is not an integer: {range}", **fields)
        )
    if value is None and param.type == "float":
        raise SeatError(
            _("bot parameter {name}={value} of the {bot} bot is not a number: {range}", **fields)
        )
    raise SeatError(
        _(
            "bot parameter {name}={value} of the {bot} bot must be {range}",
            name=param.name,
            value=repr(raw) if value is None else raw,
            bot=bot,
            range=param.describe(limits),
        )
    )


def bot_kinds() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)


def parse_kind(kind: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iters=2000"`` -> ``("mcts", {"iters": "2000"})``; ``"automa:normal"`` ->
    ``("automa", {"normal": ""})``."""
    name, _sep, rest = kind.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, rest.split(",")):
        key, _sep, value = part.partition("=")
        params[key.strip()] = value.strip()
    return name.strip(), params


#: ``alice=human``: a seat with a name (letters first, at most 20 characters)
_NAMED = re.compile(r"^([A-Za-z][A-Za-z0-9_.\-]{0,19})=([A-Za-z_]+)(:.*)?$")


def split_name(seat: str) -> tuple[str | None, str]:
    """``"alice=human"`` -> ``("alice", "human")``; ``"greedy"`` -> ``(None, "greedy")``."""
    found = _NAMED.match(seat)
    if found is None or not _is_seat_word(found.group(2)):
        return None, seat
    return found.group(1), seat[len(found.group(1)) + 1 :]


def _is_seat_word(word: str) -> bool:
    _load_builtin()
    return word in ("human", "automa") or word in _FACTORIES


def split_seats(values: list[str] | str) -> list[str]:
    """Seat kinds from ``--seats``: comma-separated, where a piece like ``time=1`` (a parameter
    without a bot name) continues the previous kind: ``mcts:iters=9,depth=4,greedy`` is two
    seats. A seat may carry a name: ``alice=human,bob=mcts:iters=9,greedy``."""
    items = [values] if isinstance(values, str) else list(values)
    kinds: list[str] = []
    for item in items:
        for piece in item.split(","):
            piece = piece.strip()
            if not piece:
                raise SeatError(_("empty seat kind in {seats}", seats=repr(item)))
            named = split_name(piece)[0] is not None
            if "=" in piece and ":" not in piece and not named and kinds and ":" in kinds[-1]:
                kinds[-1] += "," + piece
            else:
                kinds.append(piece)
    return kinds


def is_bot_kind(kind: str) -> bool:
    """Whether ``kind`` names a bot (its parameters are checked by :func:`check_kind`)."""
    _load_builtin()
    return parse_kind(kind)[0] in _FACTORIES


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's own seed: a one-way hash of (game seed, seat). Reproducible, so the same game
    seed gives the same bots' play, but a bot cannot recover the game's seed, and so the deal,
    from it."""
    digest = hashlib.blake2b(
        f"{game_seed}:{seat}".encode(), digest_size=8, person=b"mailbag-bot"
    ).digest()
    return int.from_bytes(digest, "big") >> 1


def make_bot(kind: str, game: Game[Any], seat: int, seed: int) -> Bot:
    """The bot for seat kind ``kind`` in a game dealt from ``seed``; the bot itself only
    ever receives :func:`bot_seed` of it. An unknown kind or bad parameter is a clear error
    (:func:`check_kind`, without a server's limits)."""
    name, params = check_kind(kind)
    return _FACTORIES[name](game, seat, bot_seed(seed, seat), params)


def make_agents(game: Game[Any], seats: Sequence[str], seed: int) -> dict[int, Bot]:
    """Bots for every seat that is neither a person ("human") nor played by the engine."""
    agents: dict[int, Bot] = {}
    for seat, kind in enumerate(seats):
        if kind == "human" or kind in game.spec.engine_seats:
            continue
        if kind.split(":")[0] in {k.split(":")[0] for k in game.spec.engine_seats}:
            valid = ", ".join(game.spec.engine_seats)
            raise SeatError(
                _(
                    "unknown seat kind {kind}; this game's engine seats: {valid}",
                    kind=repr(kind),
                    valid=valid,
                )
            )
        agents[seat] = make_bot(kind, game, seat, seed)
    return agents


_BUILTIN_LOADED: list[bool] = []


def _load_builtin() -> None:
    if _BUILTIN_LOADED:
        return
    _BUILTIN_LOADED.append(True)
    import importlib

    for module in ("mailbag.bots.random_bot", "mailbag.bots.greedy", "mailbag.bots.mcts"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
