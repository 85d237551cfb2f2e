"""The compiled build's C seal matcher (``_seals.c``) lists exactly what the Python reference
``bitboard.seal_hits`` lists, in the same order, on the boards of many random games (tapes laid,
colours used up, several seats and the 4-player goals too), and refuses malformed input with an
error instead of reading past a list.

The extension is loaded straight from the compiled build (``make compiled``, which ``make test``
runs first); without a C compiler the build cannot be made and the test is skipped, saying so.
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType

import pytest
from po_builder import GAME

from mailbag._build import MANIFEST
from mailbag.core import new_game
from mailbag.games.post_office import bitboard
from mailbag.games.post_office.geometry import Tables
from mailbag.games.post_office.state import SEAL

NAME = "mailbag.games.post_office._seals"
#: random games per seat count, and the most decisions a game may take (a bound)
GAMES = 12
MAX_STEPS = 3000


@pytest.fixture(scope="module")
def seals(compiled_build: Path) -> ModuleType:
    extensions = json.loads((compiled_build / MANIFEST).read_text())["extensions"]
    if NAME not in extensions:
        pytest.skip("_seals.c did not build here (tools/compile.py said why)")
    spec = importlib.util.spec_from_file_location(NAME, compiled_build / extensions[NAME])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_c_matcher_lists_what_the_python_lists(
    seals: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables: Tables = GAME.tables
    # the kernel made here is cached on the registry's shared tables: put back what was there
    # afterwards (a capsule left on them would make every Post Office game unpicklable)
    monkeypatch.setattr(tables, "seal_kernel", tables.seal_kernel)
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
                        expected = bitboard.seal_hits(p, tables)
                        monkeypatch.setattr(bitboard, "_SEALS", seals)
                        assert bitboard.seal_hits(p, tables) == expected
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
    tables: Tables = GAME.tables
    kernel = tables.seal_kernel
    if kernel is None:
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
