"""Observation encoding: a seat's view turned into one fixed-shape ``float32`` vector.

A game that can be played by reinforcement learning brings an encoder: a subclass of
:class:`Encoder` in its own folder (``games/<game>/encoder.py``), named by its ``Game``'s one
attribute ``encoder`` (None: the game brings none, and ``mailbag.rl`` refuses it with that
reason). The encoder lists its features (name, length, what each number means) once, at start,
so the vector's layout is fixed per game and seat count and docs/rl.md can list every feature,
and it lists the game's action universe (:meth:`Encoder.actions`: every action the game can ever
offer at that seat count), from which the RL layer makes its table of action indices.

Two encodings give the same vector. ``write`` reads the seat's *view* (``game.view(state,
seat)``) and is the reference. ``write_state`` is the fast path the environments use: it
writes straight from the state's fields that the seat may know — its own hidden parts and the
public ones, exactly what its view holds — skipping the view's JSON-friendly copies. A game
without one falls back to the view. tests/rl checks that both give identical vectors on random
positions, and that a world redrawn from the seat's view gives the seat the same observation
(so the fast path can hold nothing the view does not).

Both set the non-zero entries one by one in a preallocated ``array.array`` (a Python write
there costs a fraction of a numpy item write) and whole runs through a numpy array over the
same memory; the result is copied out once. numpy (``pip install mailbag[rl]``) is imported
when the first encoder is made, never when this module or a game's encoder module is imported:
a game's folder imports only the core and the standard library.

A third, native encoding does what ``write_state`` does in C: the game's C twin (for the
built-in games ``games/<game>/_encoder.c``, named by :attr:`Encoder.native_twin`; what the twins
share is in ``core/_encoder.h``), built when the package is installed where a C compiler is found
(an optional extension: without one, ``write_state`` runs). It has two functions:
``configure(encoder)`` reads the encoder's layout once, and ``write(config, state, seat,
buffer)`` clears ``buffer`` and sets the non-zero numbers in it exactly as ``write_state`` would
(so the observation goes straight into a new, uninitialised numpy array). ``write_state`` stays
the reference; tests/rl holds the native encoding to it, number for number.
``MAILBAG_RL_NATIVE=0`` turns the native encodings off (and the RL layer's other C parts).

Seats are numbered from the observer: relative seat 0 is the seat itself, 1 the next seat
clockwise, and so on, so one policy can play every seat.
"""

from __future__ import annotations

import importlib
import os
from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mailbag.core.actions import Action

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from mailbag.core.game import Game, Observation

    Vector = npt.NDArray[np.float32]

#: the native encoding's ``write``: (config, state, seat, buffer) -> None
NativeWrite = Callable[[object, Any, int, Any], None]
#: numpy and its float32 dtype, imported when the first encoder is made (:func:`_numpy`)
_np: Any = None
_FLOAT32: Any = None


def _numpy() -> Any:
    global _np, _FLOAT32
    if _np is None:
        import numpy

        _np, _FLOAT32 = numpy, numpy.dtype(numpy.float32)
    return _np


def native_enabled() -> bool:
    """False when ``MAILBAG_RL_NATIVE=0`` turns the C parts of the RL layer off."""
    return os.environ.get("MAILBAG_RL_NATIVE", "1") != "0"


def load_native(module: str | None) -> Any:
    """The extension ``module`` (a dotted name), or None where there is none, it was not built,
    or ``MAILBAG_RL_NATIVE=0`` turns it off."""
    if module is None or not native_enabled():
        return None
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


@dataclass(frozen=True)
class Feature:
    """A run of the observation vector: ``name`` at ``offset``, ``size`` numbers."""

    name: str
    offset: int
    size: int
    doc: str


class Encoder(ABC):
    """The observation layout of one game and seat count, the view → vector encoding, and the
    game's action universe (:meth:`actions`)."""

    #: the dotted name of the encoder's C twin (``mailbag.games.postcards._encoder``), loaded
    #: where it was built; None: the Python ``write_state`` is the only fast path
    native_twin: ClassVar[str | None] = None

    def __init__(self, game: Game[Any], num_players: int) -> None:
        self.game = game
        self.num_players = num_players
        self.features: list[Feature] = []
        self.size = 0
        np = _numpy()
        self.layout()
        #: the buffer ``write`` fills, a numpy array over the same memory, and zeros to reset it
        self.buffer = array("f", bytes(4 * self.size))
        self.array: Vector = np.frombuffer(self.buffer, dtype=_FLOAT32)
        self._zeros = array("f", bytes(4 * self.size))
        #: the native encoding's write function and its configuration (None: write_state runs)
        self.native: tuple[NativeWrite, object] | None = None
        self._bind_native()

    @classmethod
    def load_native(cls) -> Any:
        """The C twin's module (:attr:`native_twin`), or None where there is none, it was not
        built or ``MAILBAG_RL_NATIVE=0`` turns it off."""
        return load_native(cls.native_twin)

    def _bind_native(self) -> None:
        module = self.load_native()
        self.native = None if module is None else (module.write, module.configure(self))

    # an encoder pickles and copies (environments do) without its C configuration and the numpy
    # view of its buffer, both made again on the other side
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["native"], state["array"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.array = _numpy().frombuffer(self.buffer, dtype=_FLOAT32)
        self._bind_native()

    def add(self, name: str, size: int, doc: str) -> int:
        """Declare the next feature; returns its offset."""
        offset = self.size
        self.features.append(Feature(name, offset, size, doc))
        self.size += size
        return offset

    def feature(self, name: str) -> Feature:
        return next(f for f in self.features if f.name == name)

    @staticmethod
    @abstractmethod
    def actions(game: Game[Any], num_players: int) -> Iterable[Action]:
        """Every action ``game`` can ever offer when ``num_players`` seats play, each once, in
        a fixed order: the RL layer's table of action indices (its masks mark the legal ones).
        Nothing here says when an action is legal: that is ``legal_actions``' job alone."""

    @abstractmethod
    def layout(self) -> None:
        """Declare every feature with :meth:`add` (called once by ``__init__``)."""

    @abstractmethod
    def write(self, view: Observation, b: array[float]) -> None:
        """Set ``view``'s non-zero numbers in ``b`` (all zero on entry; :attr:`array` is a
        numpy array over the same memory, for whole runs)."""

    def write_state(self, state: Any, seat: int, b: array[float]) -> None:
        """Set the non-zero numbers of ``seat``'s observation of ``state`` in ``b`` (all zero on
        entry), reading only what ``view(state, seat)`` holds. This default goes through the
        view; a game's encoder overrides it with a direct, identical, faster path."""
        self.write(self.game.view(state, seat), b)

    def encode_state(self, state: Any, seat: int) -> Vector:
        """``seat``'s observation of ``state`` as a new vector (the fast path)."""
        native = self.native
        if native is not None:
            out: Vector = _np.empty(self.size, _FLOAT32)
            native[0](native[1], state, seat, out)  # clears it first
            return out
        buffer = self.buffer
        buffer[:] = self._zeros
        self.write_state(state, seat, buffer)
        return self.array.copy()

    def encode(self, view: Observation, out: Vector | None = None) -> Vector:
        """``view`` as a new vector, or written into ``out`` when given (then returned)."""
        buffer = self.buffer
        buffer[:] = self._zeros
        self.write(view, buffer)
        if out is None:
            return self.array.copy()
        out[:] = self.array
        return out

    def rel(self, view: Observation, seat: int | None) -> int:
        """``seat`` numbered from the observer (``-1`` for none)."""
        if seat is None or seat < 0:
            return -1
        me = view.get("seat")
        return (seat - (me if isinstance(me, int) else 0)) % self.num_players
