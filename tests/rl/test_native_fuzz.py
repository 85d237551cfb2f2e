"""The native encodings never crash the interpreter on a malformed state: thousands of states
with one or a few fields swapped for a wrong value (None, a huge or negative int, a float, text,
a short or long list, a list of the wrong things) are each either encoded or refused with an
ordinary Python exception; where both the C and the Python encode one, they write the same
numbers. Each game runs in a subprocess, so that a crash fails the test instead of ending the
test run."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import subprocess
import sys
from array import array
from typing import Any

import pytest

from mailbag.core import Rng
from mailbag.rl.universe import encoder_class

#: mutants per game (bounded)
MUTANTS = 20_000

WRONG: tuple[Any, ...] = (
    None,
    -1,
    -7,
    10**30,
    2**63,
    3.5,
    True,
    "x",
    (),
    [],
    [None],
    [10**30],
    [-5] * 300,
    [[1, 2], "y"],
    {1: 2},
    object(),
)


def _fields(obj: Any) -> list[str]:
    if dataclasses.is_dataclass(obj):
        return [f.name for f in dataclasses.fields(obj)]
    names = getattr(type(obj), "__struct_fields__", None)  # msgspec
    if names is not None:
        return list(names)
    return [n for n in getattr(obj, "__dict__", {}) if not n.startswith("_")]


def _mutate(state: Any, rng: Rng) -> None:
    """Walk from the state down a random path of fields and list items; replace the value there
    with a wrong one (or, in a list, drop or add an item)."""
    node: Any = state
    for _depth in range(6):
        if isinstance(node, list) and node:
            i = rng.randbelow(len(node))
            child = node[i]
            if rng.randbelow(3) == 0 or not (isinstance(child, list) or _fields(child)):
                choice = rng.randbelow(3)
                if choice == 0:
                    node[i] = WRONG[rng.randbelow(len(WRONG))]
                elif choice == 1:
                    del node[i]
                else:
                    node.append(WRONG[rng.randbelow(len(WRONG))])
                return
            node = child
            continue
        names = _fields(node)
        if not names:
            return
        name = names[rng.randbelow(len(names))]
        child = getattr(node, name)
        if rng.randbelow(3) == 0 or not (isinstance(child, list) or _fields(child)):
            # a frozen or typed field keeps its value
            with contextlib.suppress(TypeError, AttributeError):
                setattr(node, name, WRONG[rng.randbelow(len(WRONG))])
            return
        node = child


def fuzz(name: str, mutants: int) -> str:
    """Encode ``mutants`` malformed states of ``name`` in C; returns a tally."""
    from mailbag.bench.rules import sample_positions
    from mailbag.core.registry import get

    game = get(name)
    module = encoder_class(game).load_native()
    encoder = encoder_class(game)(game, 2)
    config = module.configure(encoder)
    positions = sample_positions(game, 2, game.spec.resolve_options({}), 60, 11)
    rng = Rng.from_seed(4, len(name))
    buffer = array("f", bytes(4 * encoder.size))
    written = refused = 0
    for n in range(mutants):
        state, seat = positions[n % len(positions)]
        mutant = game.copy(state)
        for _ in range(1 + rng.randbelow(3)):
            _mutate(mutant, rng)
        try:
            module.write(config, mutant, seat, buffer)
        except Exception:  # refused: any ordinary exception will do, a crash will not
            refused += 1
            continue
        written += 1
        reference = array("f", bytes(4 * encoder.size))
        try:
            encoder.write_state(mutant, seat, reference)
        except Exception:  # the C may accept what the Python refuses (it reads a field once)
            continue
        assert buffer.tobytes() == reference.tobytes(), f"mutant {n}: C and Python differ"
    return f"{written} {refused}"


@pytest.mark.parametrize("build", ["pure", "compiled"])
@pytest.mark.parametrize("name", ["postcards", "post_office", "carteros"])
def test_a_malformed_state_never_crashes_the_native_encoding(
    name: str, build: str, request: pytest.FixtureRequest
) -> None:
    """On both builds: the compiled build's states are mypyc classes, whose typed fields refuse
    a wrong value themselves, so there the lists' items take most of the changes."""
    from mailbag._build import compiler_missing
    from mailbag.core.registry import get
    from mailbag.rl import native

    if build == "compiled":
        request.getfixturevalue("compiled_build")

    if encoder_class(get(name)).load_native() is None:
        if compiler_missing() is not None or not native.enabled():
            pytest.skip("the native encodings are not built here")
        pytest.fail("the native encodings were not built: pip install -e . builds them")
    here = os.path.dirname(os.path.abspath(__file__))
    script = (
        f"import sys; sys.path.insert(0, {here!r})\n"
        "from test_native_fuzz import fuzz\n"
        f"print(fuzz({name!r}, {MUTANTS}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "MAILBAG_BUILD": build},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    written, refused = map(int, done.stdout.split()[-2:])
    assert written + refused == MUTANTS
    assert refused > MUTANTS // 10  # the mutants did reach the checks
    assert written > MUTANTS // 10  # and many were still states (a change the view ignores)
