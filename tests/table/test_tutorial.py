"""The guided first game (``games/<game>/tutorial.toml``, mailbag.table.tutorial): the lesson plays
to its end by its own steps, every step is legal where it comes and says something in every
language, another choice is refused with a friendly line, and ``mailbag learn`` in line mode is
followed to its end by reading only what it says to type, in each language."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mailbag.bots import make_agents
from mailbag.core import registry
from mailbag.table.table import Table
from mailbag.table.tutorial import (
    TutorialError,
    lesson_refusal,
    parse_tutorial,
    step_action,
    tutorial_of,
)

LESSONS = ("postcards", "post_office", "carteros")

#: the sections of the rules reference each lesson must teach: its game's core rules, so that a
#: lesson that skips one fails
TAUGHT = {
    "postcards": {"camp", "stamp", "sending", "gifts", "movement", "end-of-turn"},
    "post_office": {"draft", "move", "place", "parcels", "squares", "seal", "end-of-round"},
    "carteros": {
        "move",
        "deliver",
        "received-letter",
        "double-received",
        "draw",
        "play-card",
        "refill",
        "end-turn",
    },
}


@pytest.mark.parametrize("name", LESSONS)
def test_the_lesson_plays_to_its_end_by_its_own_steps(name: str) -> None:
    game = registry.get(name)
    lesson = tutorial_of(game)
    assert lesson is not None and len(lesson.steps) >= 12
    record = lesson.record()
    table = Table.open(game, record, agents=make_agents(game, record.seats, record.seed))
    reference = game.presentation.rules_reference("en")
    assert reference is not None
    taught: set[str] = set()
    for _turn in range(1_000):
        table.advance()
        step = lesson.expected(table.record.steps)
        if step is None:
            break
        assert step.rule is not None and reference.get(step.rule) is not None, step
        taught.add(step.rule)
        legal = table.legal_actions(0)
        action = step_action(game, step)
        assert action in legal, f"step {step.do!r} is not legal here"
        if len(legal) > 1:  # a decision the learner makes has words in every language
            assert step.words is not None, f"step {step.do!r} says nothing"
            assert len({step.words.get(lang) for lang in ("en", "nl", "es")}) == 3
            other = next(a for a in legal if a != action)
            refusal = lesson_refusal(game, table.view(0), step, other)
            assert refusal is not None and "Not yet" in refusal.reason
            assert lesson_refusal(game, table.view(0), step, action) is None
        table.submit(0, action)
    else:
        pytest.fail("the lesson never ended")
    assert not table.is_over()  # it goes on as a real game
    assert TAUGHT[name] <= taught, f"the lesson never teaches {sorted(TAUGHT[name] - taught)}"


def test_a_bad_lesson_file_names_what_is_wrong() -> None:
    with pytest.raises(TutorialError, match="seat 0 is the learner"):
        parse_tutorial(
            'seats = ["greedy"]\nseed = 1\nsteps = []\n[intro]\nen="a"\nnl="b"\nes="c"\n'
            '[outro]\nen="a"\nnl="b"\nes="c"\n',
            "postcards",
        )
    with pytest.raises(TutorialError, match="step 1: no words in es"):
        parse_tutorial(
            'seats = ["human"]\nseed = 1\n[intro]\nen="a"\nnl="b"\nes="c"\n'
            '[outro]\nen="a"\nnl="b"\nes="c"\n[[steps]]\ndo = "end"\nen = "x"\nnl = "y"\n',
            "postcards",
        )


#: what line mode says to type, in each language
TYPE = re.compile(r"^(?:Type|Typ|Escribe): (.+?)\s*$", re.M)
DONE = {"en": "The lesson is over", "nl": "De les is voorbij", "es": "La lección ha terminado"}


def _held_reveals(name: str) -> int:
    """How many of the lesson's typed steps complete a simultaneous phase, so that line mode
    holds them until the learner reveals them (``ok``, a line of its own to type): the lesson
    replayed at a table that holds such choices, as line mode does (a decision with a single
    choice, which the lesson does not type, is revealed on its own)."""
    game = registry.get(name)
    lesson = tutorial_of(game)
    assert lesson is not None
    record = lesson.record()
    table = Table.open(game, record, agents=make_agents(game, record.seats, record.seed))
    table.hold_reveals = True
    held = 0
    for _turn in range(1_000):
        table.advance()  # the bots choose first, as line mode has them do
        step = lesson.expected(table.record.steps)
        if step is None:
            return held
        table.submit(0, step_action(game, step))
        if table.held is not None:
            if step.words is not None:
                held += 1
            table.reveal(0)
    pytest.fail("the lesson never ended")


def _read_until_prompt(process: subprocess.Popen[bytes], deadline: float) -> str:
    """What the game printed until it waits at a prompt (``> `` with nothing after it)."""
    assert process.stdout is not None
    out = b""
    while time.monotonic() < deadline:
        ready, _w, _x = select.select([process.stdout], [], [], 1.0)
        if ready:
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            out += chunk
            if out.endswith(b"> "):
                return out.decode("utf-8", "replace")
    return out.decode("utf-8", "replace")


@pytest.mark.parametrize("lang", ["en", "nl", "es"])
@pytest.mark.parametrize("name", LESSONS)
def test_mailbag_learn_is_followed_to_its_end_in_line_mode(
    name: str, lang: str, tmp_path: Path
) -> None:
    env = {**os.environ, "COLUMNS": "100"}
    process = subprocess.Popen(
        [sys.executable, "-m", "mailbag", "--lang", lang, "learn", name],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**env, "MAILBAG_DATA_DIR": str(tmp_path)},
        cwd=tmp_path,
    )
    assert process.stdin is not None
    deadline = time.monotonic() + 300  # generous: CI is a loaded 2-core machine
    screen = ""
    typed = 0
    try:
        for _turn in range(200):
            screen = _read_until_prompt(process, deadline)
            if DONE[lang] in screen:
                break
            said = TYPE.findall(screen)
            assert said, f"the lesson said nothing to type:\n{screen[-2000:]}"
            process.stdin.write(f"{said[-1]}\n".encode())
            process.stdin.flush()
            typed += 1
        else:
            pytest.fail("the lesson never ended")
        assert "Traceback" not in screen
        process.stdin.write(b"quit\n")
        process.stdin.flush()
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    lesson = tutorial_of(registry.get(name))
    assert lesson is not None
    # every step with words, and every reveal of a held choice, is typed exactly once
    steps = sum(1 for step in lesson.steps if step.words is not None)
    assert typed == steps + _held_reveals(name)


def test_a_game_in_a_top_level_module_brings_no_lesson_and_no_rules() -> None:
    """A plug-in game may live in a module of its own, outside any package: it has neither
    (the lobby lists it without "Learn to play"), and asking is no error."""
    import types

    from mailbag.core.rulebook import rules_folder
    from mailbag.table.tutorial import _load

    module = types.ModuleType("solo_plugin")
    assert module.__name__.rpartition(".")[0] == ""
    assert _load("", "solo_plugin") is None
    assert rules_folder("") is None
