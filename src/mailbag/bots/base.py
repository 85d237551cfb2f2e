"""What a bot is: something that picks one of the legal actions from a view, never the state.

Seat kinds in ``--seats`` map to bots here: ``random``, ``greedy``, ``mcts[:iters=N|time=S]``.
Bots are given the seat's view and its legal actions; search bots plan on worlds drawn with
``determinize(view)``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from mailbag.core import Action, Game, Observation, SeatError
from mailbag.core.i18n import _


class Bot(Protocol):
    """Chooses one of ``legal`` for the seat whose view is ``observation``."""

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action: ...


#: seat-kind name -> factory(game, seat, bot_seed, params); ``bot_seed`` is the bot's own seed,
#: derived one way from the game's (:func:`bot_seed`): a bot can never rebuild the deal from it

BotFactory = Callable[[Game[Any], int, int, dict[str, str]], Bot]
_FACTORIES: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    _FACTORIES[name] = factory


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
    ever receives :func:`bot_seed` of it. An unknown kind or bad parameter is a clear error."""
    _load_builtin()
    name, params = parse_kind(kind)
    if name not in _FACTORIES:
        raise SeatError(
            _(
                "unknown bot {kind}; bots: {bots}",
                kind=repr(kind),
                bots=", ".join(sorted(_FACTORIES)),
            )
        )
    return _FACTORIES[name](game, seat, bot_seed(seed, seat), params)


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
