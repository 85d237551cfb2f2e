"""Observation encoding: a seat's view turned into one fixed-shape ``float32`` vector.

An :class:`Encoder` lists its features (name, length, what each number means) once, at start,
so the vector's layout is fixed per game and seat count and docs/rl.md can list every feature.
Two encodings give the same vector. ``write`` reads the seat's *view* (``game.view(state,
seat)``) and is the reference. ``write_state`` is the fast path the environments use: it
writes straight from the state's fields that the seat may know — its own hidden parts and the
public ones, exactly what its view holds — skipping the view's JSON-friendly copies. A game
without one falls back to the view. tests/rl checks that both give identical vectors on random
positions, and that a world redrawn from the seat's view gives the seat the same observation
(so the fast path can hold nothing the view does not).

Both set the non-zero entries one by one in a preallocated ``array.array`` (a Python write
there costs a fraction of a numpy item write) and whole runs through a numpy array over the
same memory; the result is copied out once.

A third, native encoding does what ``write_state`` does in C: ``mailbag/rl/_obs_<game>.c``,
built when the package is installed where a C compiler is found (an optional extension: without
one, ``write_state`` runs). It has two functions: ``configure(encoder)`` reads the encoder's
layout once, and ``write(config, state, seat, buffer)`` clears ``buffer`` and sets the non-zero
numbers in it exactly as ``write_state`` would (so the observation goes straight into a new,
uninitialised numpy array). ``write_state`` stays the reference; tests/rl holds the native
encoding to it, number for number. ``MAILBAG_RL_NATIVE=0`` turns the native encoding off.

Seats are numbered from the observer: relative seat 0 is the seat itself, 1 the next seat
clockwise, and so on, so one policy can play every seat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from mailbag.core import Game, Observation
from mailbag.rl import native

Vector = npt.NDArray[np.float32]
FLOAT32 = np.dtype(np.float32)
#: the native encoding's ``write``: (config, state, seat, buffer) -> None
NativeWrite = Callable[[object, Any, int, Any], None]


def native_module(game: str) -> Any:
    """The native encoding of ``game`` (``mailbag.rl._obs_<game>``), or None where it was not
    built or ``MAILBAG_RL_NATIVE=0`` turns it off (:mod:`mailbag.rl.native`)."""
    return native.load(f"_obs_{game}")


@dataclass(frozen=True)
class Feature:
    """A run of the observation vector: ``name`` at ``offset``, ``size`` numbers."""

    name: str
    offset: int
    size: int
    doc: str


class Encoder(ABC):
    """The observation layout of one game and seat count, and the view → vector encoding."""

    def __init__(self, game: Game[Any], num_players: int) -> None:
        self.game = game
        self.num_players = num_players
        self.features: list[Feature] = []
        self.size = 0
        self.layout()
        #: the buffer ``write`` fills, a numpy array over the same memory, and zeros to reset it
        self.buffer = array("f", bytes(4 * self.size))
        self.array: Vector = np.frombuffer(self.buffer, dtype=np.float32)
        self._zeros = array("f", bytes(4 * self.size))
        #: the native encoding's write function and its configuration (None: write_state runs)
        self.native: tuple[NativeWrite, object] | None = None
        self._bind_native()

    def _bind_native(self) -> None:
        module = native_module(self.game.spec.name)
        self.native = None if module is None else (module.write, module.configure(self))

    # an encoder pickles and copies (environments do) without its C configuration and the numpy
    # view of its buffer, both made again on the other side
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["native"], state["array"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.array = np.frombuffer(self.buffer, dtype=np.float32)
        self._bind_native()

    def add(self, name: str, size: int, doc: str) -> int:
        """Declare the next feature; returns its offset."""
        offset = self.size
        self.features.append(Feature(name, offset, size, doc))
        self.size += size
        return offset

    def feature(self, name: str) -> Feature:
        return next(f for f in self.features if f.name == name)

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
            out = np.empty(self.size, FLOAT32)
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
