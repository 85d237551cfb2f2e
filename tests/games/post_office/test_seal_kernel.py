"""The C seal matcher (``_seals.c``) lists exactly what the Python reference
``bitboard.seal_hits`` lists, in the same order, on the boards of many random games (tapes laid,
colours used up, several seats and the 4-player goals too), and refuses malformed input with an
error instead of reading past a list.

The matcher is an optional extension that ``pip install -e .`` builds (setup.py) and both builds
load from the package; without a C compiler it is not built and these tests are skipped, saying
so (with one, a missing matcher fails them: the install did not build it). The component data it
is prepared for still pickles and copies (an RL environment's game does), and
``MAILBAG_SEALS_NATIVE=0`` turns it off.
"""

from __future__ import annotations

import copy
import importlib
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from mailbag._build import compiler_missing
from mailbag.core import new_game
from mailbag.games.post_office import bitboard
from mailbag.games.post_office.components import Components, load_default
from mailbag.games.post_office.state import SEAL, Player

from .builder import GAME

NAME = "mailbag.games.post_office._seals"
#: random games per seat count, and the most decisions a game may take (a bound)
GAMES = 12
MAX_STEPS = 3000
#: what a fresh interpreter says of the matcher bitboard loaded
PROBE = (
    "from mailbag.games.post_office import bitboard; from mailbag._build import build_name; "
    "print(build_name(), bitboard._SEALS and bitboard._SEALS.__file__)"
)


@pytest.fixture(scope="module")
def seals() -> ModuleType:
    """The matcher setup.py built (straight from the package, whatever the switch says)."""
    try:
        return importlib.import_module(NAME)
    except ImportError:
        missing = compiler_missing()
        if missing is not None:
            pytest.skip(f"{missing}: _seals.c is not built here (pip install said why)")
        pytest.fail("_seals.c was not built: pip install -e . builds it (and says why not)")


def test_the_c_matcher_lists_what_the_python_lists(
    seals: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    components: Components = GAME.components
    compared = with_hits = taped = 0
    for seats in (2, 3, 4):
        rng = random.Random(seats)
        for seed in range(GAMES):
            state = new_game(GAME, seats, {"goals": seats == 4}, seed)
            for _ in range(MAX_STEPS):
                now = GAME.deciders(state)
                if not now:
                    break
                seat = now[rng.randrange(len(now))]
                legal = GAME.legal_actions(state, seat)
                if state.phase == SEAL:
                    for p in state.players:
                        monkeypatch.setattr(bitboard, "_SEALS", None)
                        expected = bitboard.seal_hits(components, p)
                        monkeypatch.setattr(bitboard, "_SEALS", seals)
                        assert bitboard.seal_hits(components, p) == expected
                        compared += 1
                        with_hits += len(expected) > 1
                        taped += max(p.placed) >= 0
                # mostly seal when one can: boards fill with tapes, colours get used up
                seals_now = [a for a in legal if a.verb == "seal"]
                choice = seals_now if seals_now and rng.random() < 0.8 else legal
                GAME.apply_in_place(state, seat, choice[rng.randrange(len(choice))])
            else:
                pytest.fail(f"a game did not end in {MAX_STEPS} decisions")
    assert compared > 1000 and with_hits > 100 and taped > 500, (compared, with_hits, taped)


def test_the_c_matcher_refuses_malformed_input(seals: ModuleType) -> None:
    state = new_game(GAME, 2, {}, 1)
    kernel = seals.prepare([])  # no forms: nothing ever fits
    assert seals.hits(state.players[0].colour, state.players[0].tape, [-1] * 16, kernel) == []
    colour, tape = [0] * 100, [-1] * 100
    with pytest.raises(ValueError, match="colour: a list of 100 integers"):
        seals.hits([0] * 99, tape, [-1] * 16, kernel)
    with pytest.raises(ValueError, match="placed: a list of 16 integers"):
        seals.hits(colour, tape, [-1] * 15, kernel)
    with pytest.raises(TypeError):
        seals.hits(colour, tape, [-1] * 16)
    with pytest.raises(ValueError, match="a piece, offset or shape out of range"):
        seals.prepare([(0, 7, 0, 0, [], [-1] * 100)])
    with pytest.raises(ValueError, match="a start parcel out of range"):
        seals.prepare([(0, 0, 0, 0, [100], [-1] * 100)])


def _open_board() -> Player:
    """A board of one colour, every parcel open: every placement of every shape fits."""
    p: Player = GAME.copy(new_game(GAME, 2, {}, 2)).players[0]
    p.colour[:] = [1] * 100
    p.tape[:] = [-1] * 100
    p.placed[:] = [-1] * 16
    return p


def test_components_with_the_matcher_prepared_pickle_and_copy(
    seals: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The prepared matcher (a C capsule) stays behind when its components are pickled or copied
    (an RL environment's game is): the twin prepares its own on first use and lists the same."""
    components = load_default()  # its own: the registry's are shared by every test
    p = _open_board()
    monkeypatch.setattr(bitboard, "_SEALS", None)
    expected = bitboard.seal_hits(components, p)
    monkeypatch.setattr(bitboard, "_SEALS", seals)
    assert len(expected) > 100
    assert components.seal_kernel.capsule is None
    assert bitboard.seal_hits(components, p) == expected
    assert components.seal_kernel.capsule is not None
    for twin in (pickle.loads(pickle.dumps(components)), copy.deepcopy(components)):
        assert twin.seal_kernel.capsule is None
        assert bitboard.seal_hits(twin, p) == expected
    assert bitboard.seal_hits(components, p) == expected


def _probe(**env: str) -> list[str]:
    here = {k: v for k, v in os.environ.items() if not k.startswith("MAILBAG_")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        env={**here, **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout.split()


def test_the_pure_build_uses_the_matcher_and_the_switch_turns_it_off(seals: ModuleType) -> None:
    assert _probe() == ["pure", str(seals.__file__)]
    assert _probe(MAILBAG_SEALS_NATIVE="0") == ["pure", "None"]


def test_the_compiled_build_uses_the_same_matcher(seals: ModuleType, compiled_build: Path) -> None:
    found = _probe(MAILBAG_BUILD="compiled", MAILBAG_COMPILED_DIR=str(compiled_build))
    assert found == ["compiled", str(seals.__file__)]
