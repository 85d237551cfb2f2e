"""Byte-spread bitboards of a player's parcels: the fast path of tape matching and scoring.

A board's 100 parcels become one integer: parcel p is byte p, and a parcel of colour c sets bit
``8 * p + c`` (see ``geometry.LANES``). The integer is built straight from the state's lists
(packed to bytes, translated, read back as an integer), so it is never stale and is not part of
the state. Packing uses msgpack, which writes each small integer -32..127 as one byte (-1 as
0xFF) after a 3-byte header for a list of 100: faster than ``struct``.

Shifting the integer right by ``8 * k`` lays parcel p + k over parcel p, so ``m & m >> 8``
marks, in every colour at once, the parcels whose right neighbour has the same colour. (Shifts
also wrap a row's end onto the next row's start; every result is masked with the parcels where a
shape may start, which never wrap.)
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Final

import msgspec

from mailbag.games.post_office.components import RECEIPT, SYMBOL, Components
from mailbag.games.post_office.geometry import LANES, PARCELS, PSIZE, spread
from mailbag.games.post_office.state import Player


def native_seals() -> Any:
    """The seal matcher in C (``_seals.c``: :func:`seal_hits`' list, computed on one 100-bit
    mask per colour), an optional extension that ``pip install`` builds where a C compiler is
    found; None where it was not built, or where ``MAILBAG_SEALS_NATIVE=0`` turns it off
    (:func:`seal_hits` then runs in Python, the reference). Both builds use it alike."""
    if os.environ.get("MAILBAG_SEALS_NATIVE", "1") == "0":
        return None
    try:
        return importlib.import_module("mailbag.games.post_office._seals")
    except ImportError:
        return None


_SEALS: Final[Any] = native_seals()
_encode = msgspec.msgpack.Encoder().encode
_from = int.from_bytes
#: bits of the msgpack header before the first value (a list of 16..65535 items)
_HEADER: Final = 24


def _translation(mapping: dict[int, int]) -> bytes:
    """A ``bytes.translate`` table: the bytes in ``mapping`` to their values, the rest to 0."""
    return bytes(mapping.get(b, 0) for b in range(256))


#: colour c (0..3) to bit c; an empty parcel (-1, byte 0xFF) to nothing
COLOUR_BIT: Final = _translation({c: 1 << c for c in range(4)})
#: -1 (an open parcel in ``tape``, an empty one in ``colour``) to every colour's bit
ALL_IF_NONE: Final = _translation({0xFF: LANES})
IS_SYMBOL: Final = _translation({SYMBOL: LANES})
IS_RECEIPT: Final = _translation({RECEIPT: 1})
#: a tape (0..15) to bit 0, -1 (open) to nothing
IS_TAPED: Final = _translation({t: 1 for t in range(16)})
#: every byte's bit of colour c
COLOUR_LANE: Final = tuple(sum(1 << (8 * p + c) for p in range(PARCELS)) for c in range(4))
#: bit 0 of every parcel but those of the first (last) column: where a neighbour on the left
#: (right) exists
HAS_LEFT: Final = sum(1 << (8 * p) for p in range(PARCELS) if p % PSIZE > 0)
HAS_RIGHT: Final = sum(1 << (8 * p) for p in range(PARCELS) if p % PSIZE < PSIZE - 1)
#: parcels that start a 2×2 square of the grid (row and column 0..8)
SQUARE_STARTS: Final = spread([r * PSIZE + c for r in range(PSIZE - 1) for c in range(PSIZE - 1)])
#: the parcels of a 2×2 square from its first one, in bits
_RIGHT: Final = 8
_DOWN: Final = 8 * PSIZE
_DIAG: Final = 8 * (PSIZE + 1)


def pack(values: list[int]) -> bytes:
    """The 100 small integers of a parcel list (-1 as 0xFF) as bytes."""
    return _encode(values)[3:]


def colour_bits(colour: bytes) -> int:
    """Every parcel's colour bit (sealed ones too), from the packed ``colour`` list."""
    return _from(colour.translate(COLOUR_BIT), "little")


def open_lanes(tape: list[int]) -> int:
    """Every colour's bit of the open (unsealed) parcels, from a board's ``tape`` list."""
    return _from(_encode(tape).translate(ALL_IF_NONE), "little") >> _HEADER


def open_bits(p: Player) -> int:
    """The colour bits of the open (unsealed) parcels of a board."""
    colours = _from(_encode(p.colour).translate(COLOUR_BIT), "little")
    if max(p.placed) < 0:  # no tape laid yet: every parcel is open
        return colours >> _HEADER
    return (colours & _from(_encode(p.tape).translate(ALL_IF_NONE), "little")) >> _HEADER


def board_bits(p: Player) -> tuple[int, int, bytes, bytes]:
    """(open colour bits, sealed parcels as bit 8 * p, packed icons, packed colours) of a
    board."""
    colour = _encode(p.colour)[3:]
    colours = _from(colour.translate(COLOUR_BIT), "little")
    icon = _encode(p.icon)[3:]
    if max(p.placed) < 0:  # no tape laid yet: every parcel is open, none sealed
        return colours, 0, icon, colour
    tape = _encode(p.tape)
    m = colours & (_from(tape.translate(ALL_IF_NONE), "little") >> _HEADER)
    return m, _from(tape.translate(IS_TAPED), "little") >> _HEADER, icon, colour


def beside(bits: int) -> int:
    """The parcels (bit 8 * p) side by side with any parcel of ``bits`` (bit 8 * p)."""
    return (
        (bits << _RIGHT & HAS_LEFT) | (bits >> _RIGHT & HAS_RIGHT) | bits << _DOWN | bits >> _DOWN
    )


def receipt_bits(icon: bytes) -> int:
    """The parcels showing a receipt (bit 8 * p), from the packed ``icon`` list."""
    return _from(icon.translate(IS_RECEIPT), "little")


def symbol_lanes(icon: bytes) -> int:
    """Every colour's bit of the parcels showing their type's symbol (packed ``icon`` list)."""
    return _from(icon.translate(IS_SYMBOL), "little")


def form_fits(components: Components, m: int) -> list[tuple[int, int, int]]:
    """(shape, form, fits) for every form of a tape shape that fits somewhere on the colour bits
    ``m``: bit 8 * a + c of ``fits`` is set when the placement of that form starting on parcel
    a covers 4 parcels of colour c in ``m``. In shape then form order."""
    if not m:
        return []
    row = m & m >> _RIGHT
    col = m & m >> _DOWN
    pieces = (m, row, col, row & row >> _RIGHT, col & col >> _DOWN)
    found = []
    for s, f, k1, k2, offset, starts in components.seal_forms:
        fits = pieces[k1] & pieces[k2] >> offset & starts
        if fits:
            found.append((s, f, fits))
    return found


def unused_colours(placed: list[int]) -> int:
    """The lanes (every byte's bit) of the colours with a tape still unused."""
    lanes = 0
    for c in range(4):
        base = c * 4
        if placed[base] < 0 or placed[base + 1] < 0 or placed[base + 2] < 0 or placed[base + 3] < 0:
            lanes |= COLOUR_LANE[c]
    return lanes


def seal_hits(components: Components, p: Player) -> list[tuple[int, int]]:
    """(colour, placement id) of every unused tape that may be laid now (PO-6), by colour, then
    shape, form and first parcel. (Where the C matcher is built, the same list is computed in C:
    :func:`native_seal_hits`.)"""
    if _SEALS is not None:
        return native_seal_hits(components, p)
    placed = p.placed
    unused = unused_colours(placed)
    if not unused:
        return []
    pid_at = components.pid_at
    found = []
    for s, f, fits in form_fits(components, open_bits(p) & unused):
        at = pid_at[s][f]
        while fits:
            low = fits & -fits
            bit = low.bit_length() - 1
            colour = bit & 7
            if placed[colour * 4 + s] < 0:
                found.append((colour, at[bit >> 3]))
            fits ^= low
    if len(found) > 1:
        found.sort(key=_colour)  # stable: shape, form and parcel order kept within a colour
    return found


def native_seal_hits(components: Components, p: Player) -> list[tuple[int, int]]:
    """:func:`seal_hits` by the C matcher, on one 100-bit mask per colour (the same forms: each
    form's pieces, their offset in parcels, its start parcels and placements)."""
    kernel = components.seal_kernel
    capsule = kernel.capsule
    if capsule is None:
        pid = components.pid_at
        forms = [
            (s, k1, k2, offset // 8, _start_parcels(starts), pid[s][f])
            for s, f, k1, k2, offset, starts in components.seal_forms
        ]
        capsule = kernel.capsule = _SEALS.prepare(forms)
    found: list[tuple[int, int]] = _SEALS.hits(p.colour, p.tape, p.placed, capsule)
    return found


class SealKernel:
    """The C matcher's forms of one set of components, prepared on first use and kept on them
    (``Components.seal_kernel``). The prepared forms are a C capsule, which neither pickles nor
    copies: pickled or copied components (an RL environment's, a worker's game) carry an empty
    kernel, prepared again on its first use."""

    __slots__ = ("capsule",)

    def __init__(self, capsule: object = None) -> None:
        self.capsule = capsule

    def __reduce__(self) -> tuple[type[SealKernel], tuple[()]]:
        return (SealKernel, ())


def _start_parcels(starts: int) -> list[int]:
    """The parcels of a byte-spread ``starts`` mask, ascending."""
    return [a for a in range(PARCELS) if starts >> (8 * a) & 1]


def _colour(hit: tuple[int, int]) -> int:
    return hit[0]


# -- scoring ---------------------------------------------------------------------------------------


def open_symbol_counts(m: int, icon: bytes) -> list[int]:
    """Open symbols of each colour, from the open colour bits and the packed ``icon`` list."""
    symbols = m & symbol_lanes(icon)
    return [(symbols & lane).bit_count() for lane in COLOUR_LANE]


def square_bits(m: int) -> int:
    """Bit 8 * a + c for every 2×2 square of open parcels of colour c starting on parcel a."""
    return m & m >> _RIGHT & m >> _DOWN & m >> _DIAG & SQUARE_STARTS


def square_indices(squares: int) -> list[int]:
    """The squares of :func:`square_bits` as indices into ``geometry.SQUARES``, ascending."""
    out = []
    while squares:
        low = squares & -squares
        r, c = divmod((low.bit_length() - 1) >> 3, PSIZE)
        out.append(r * (PSIZE - 1) + c)
        squares ^= low
    return out


def squares_touch(squares: int) -> bool:
    """Whether two of the squares share two parcels (next to each other in a row or column)."""
    return bool(squares & squares >> _RIGHT or squares & squares >> _DOWN)


def near_squares(colour: bytes) -> int:
    """2×2 squares with exactly one empty parcel and three parcels of one colour (sealed or
    not), from the packed ``colour`` list."""
    c0 = colour_bits(colour)
    e0 = _from(colour.translate(ALL_IF_NONE), "little")
    c1, c2, c3 = c0 >> _RIGHT, c0 >> _DOWN, c0 >> _DIAG
    top = c0 & c1 & SQUARE_STARTS
    bottom = c2 & c3 & SQUARE_STARTS
    return (
        (e0 & c1 & bottom).bit_count()
        + ((e0 >> _RIGHT) & c0 & bottom).bit_count()
        + ((e0 >> _DOWN) & top & c3).bit_count()
        + ((e0 >> _DIAG) & top & c2).bit_count()
    )


def open_receipts_at(icon: bytes, tape: list[int]) -> list[int]:
    """The open parcels showing a receipt, ascending."""
    out = []
    i = icon.find(RECEIPT)
    while i >= 0:
        if tape[i] < 0:
            out.append(i)
        i = icon.find(RECEIPT, i + 1)
    return out
