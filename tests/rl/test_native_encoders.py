"""The native encodings (each game's ``_encoder.c``) write exactly what the Python fast path
(``Encoder.write_state``, itself held to the view encoder by test_fast_encoders.py) writes: the
same float32 numbers, bit for bit, for every seat of random positions of every seat count and
option set, on the pure states and on the compiled build's. Malformed input is refused with an
error naming what was wrong, never written past the buffer."""

from __future__ import annotations

import os
import subprocess
import sys
from array import array
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mailbag._build import compiler_missing
from mailbag.core import Rng, new_game
from mailbag.core.encoding import Encoder
from mailbag.core.registry import BUILTIN, get
from mailbag.rl import native
from mailbag.rl.universe import encoder_class

CASES: list[tuple[str, tuple[str, ...], dict[str, Any]]] = [
    ("postcards", ("player", "automa:easy"), {}),
    ("postcards", ("player",) * 2, {}),
    ("postcards", ("player",) * 3, {"side": "B"}),
    ("postcards", ("player",) * 4, {}),
    ("post_office", ("player",) * 2, {}),
    ("post_office", ("player",) * 3, {"goals": True}),
    ("post_office", ("player",) * 4, {}),
    ("carteros", ("player",) * 2, {}),
    ("carteros", ("player",) * 3, {"stampy": True}),
    ("carteros", ("player",) * 4, {"stampy": True, "missions": True}),
]


def native_or_skip(name: str) -> Any:
    """The native encoding of ``name``; where it is missing the test is skipped if no C compiler
    could have built it, and fails if one could (``pip install -e .`` builds it)."""
    module = encoder_class(get(name)).load_native()
    if module is None:
        missing = compiler_missing()
        if missing is not None or not native.enabled():
            pytest.skip(f"the native encoding of {name} is not built here ({missing})")
        pytest.fail(f"the native encoding of {name} was not built: pip install -e . builds it")
    return module


def python_vector(encoder: Encoder, state: Any, seat: int) -> np.ndarray:
    buffer = array("f", bytes(4 * encoder.size))
    encoder.write_state(state, seat, buffer)
    return np.frombuffer(buffer, dtype=np.float32).copy()


def native_vector(encoder: Encoder, module: Any, config: object, state: Any, seat: int) -> Any:
    buffer = array("f", [7.5]) * encoder.size  # it writes the whole buffer: nothing stays
    module.write(config, state, seat, buffer)
    return np.frombuffer(buffer, dtype=np.float32).copy()


def compare_games(
    name: str, kinds: tuple[str, ...], options: dict[str, Any], games: int, every: int
) -> int:
    """Play ``games`` random games, comparing both encodings at every ``every``-th decision for
    every seat; returns how many vectors were compared (fails on the first that differs)."""
    game = get(name)
    module = native_or_skip(name)
    resolved = game.spec.resolve_options(options)
    encoder = encoder_class(get(name))(game, len(kinds))
    config = module.configure(encoder)
    rng = Rng.from_seed(23, len(kinds))
    compared = 0
    for g in range(games):
        state = new_game(game, kinds, resolved, 500 + g)
        for step in range(3000):  # bounded: every game here ends well within this
            deciders = game.deciders(state)
            if step % every == 0 or not deciders:
                for seat in range(len(kinds)):
                    want = python_vector(encoder, state, seat)
                    got = native_vector(encoder, module, config, state, seat)
                    if want.tobytes() != got.tobytes():
                        wrong = [
                            (f.name, int(i - f.offset), float(want[i]), float(got[i]))
                            for f in encoder.features
                            for i in range(f.offset, f.offset + f.size)
                            if want[i].tobytes() != got[i].tobytes()
                        ]
                        pytest.fail(f"{name} {kinds} seat {seat} step {step}: {wrong[:8]}")
                    compared += 1
            if not deciders:
                break
            legal = game.legal_actions(state, deciders[0])
            game.apply_in_place(state, deciders[0], legal[rng.randbelow(len(legal))])
        else:
            pytest.fail(f"a random {name} game did not end in 3000 decisions")
    return compared


@pytest.mark.parametrize(("name", "kinds", "options"), CASES)
def test_the_native_encoding_equals_the_python_one(
    name: str, kinds: tuple[str, ...], options: dict[str, Any]
) -> None:
    compared = compare_games(name, kinds, options, games=4, every=2)
    assert compared > 200


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_the_encoder_uses_the_native_encoding_when_built(name: str) -> None:
    native_or_skip(name)
    encoder = encoder_class(get(name))(get(name), 2)
    assert encoder.native is not None


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_the_native_encoding_refuses_malformed_input(name: str) -> None:
    game = get(name)
    module = native_or_skip(name)
    encoder = encoder_class(get(name))(game, 2)
    config = module.configure(encoder)
    state = new_game(game, 2, None, 1)
    good = array("f", bytes(4 * encoder.size))
    for buffer in (array("f", bytes(4 * (encoder.size - 1))), array("d", bytes(8 * encoder.size))):
        with pytest.raises((ValueError, TypeError), match=r"buffer"):
            module.write(config, state, 0, buffer)
    with pytest.raises(TypeError):
        module.write(config, state, 0, bytes(4 * encoder.size))  # read-only
    for seat in (-1, 2, 99):
        with pytest.raises(ValueError, match=r"seat"):
            module.write(config, state, seat, good)
    with pytest.raises((TypeError, AttributeError)):
        module.write(config, object(), 0, good)
    with pytest.raises(TypeError):
        module.write(object(), state, 0, good)
    with pytest.raises(TypeError):
        module.configure(object())


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_the_native_encoding_on_the_compiled_build(compiled_build: Path, name: str) -> None:
    """The compiled build's states are native classes: the same comparison, run there."""
    native_or_skip(name)
    here = os.path.dirname(os.path.abspath(__file__))
    script = (
        f"import sys; sys.path.insert(0, {here!r})\n"
        "import mailbag._build as b; assert b.build_name() == 'compiled', b.build_name()\n"
        "from test_native_encoders import CASES, compare_games\n"
        f"mine = [case for case in CASES if case[0] == {name!r}]\n"
        "total = sum(compare_games(n, k, o, games=1, every=3) for n, k, o in mine)\n"
        "print(total)\n"
    )
    env = {**os.environ, "MAILBAG_BUILD": "compiled"}
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert int(done.stdout.split()[-1]) > 100
