"""Postcards played to the end in Dutch and in Spanish, in line mode, through the command line
(``mailbag --lang nl play postcards --plain``, a person typing "1" at every prompt, against the
Automa or a bot): what the engine puts on screen — the board, the events, the menu
descriptions, the Automa's explained turns — holds no English word of a stoplist (proper names
and the notation aside).

The engine's texts are told apart from the command line's own frame (prompts, headers, the
score table: another area's texts) by replaying the saved record in the same language: every
event and board drawn there must be on screen as made by the engine. The frame's check is
a plain test now that the command line's texts are translated too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mailbag.cli import app
from mailbag.core.i18n import use_language
from mailbag.core.records import load, replay_steps
from mailbag.games import get

runner = CliRunner()

#: English words the engine says in English and never in Dutch or Spanish (none of them is a
#: Dutch or Spanish word: "hand", "plus", "expert", "effect", "souvenir", "normal", "in", "is",
#: "no", "en", "over" are left out on purpose)
STOPLIST = (  # noqa: SIM905 (a list of words, read as one)
    "the and you your seat turn deck discard postcard postcards stamp stamps camp camps "
    "campsite campsites movement gift gifts card cards travel region regions points supply "
    "tokens score plays takes draws sends moves sticks places keeps uses ends declines "
    "empty available nothing pending itinerary slot space left right binding instead action "
    "beach mountain forest lake village red blue green yellow easy with from to not gains "
    "scores bicycles adjacent first last round sent track next"
).split()
ENGLISH = re.compile(r"\b(" + "|".join(STOPLIST) + r")\b", re.IGNORECASE)
#: proper names: the game, the Automa
PROPER = re.compile(r"\b(POSTCARDS|Postcards|Automa)\b")
#: where a game of each language ends, in its own words
OVER = {"nl": "de partij is afgelopen", "es": "la partida ha terminado"}
#: a person answers "1" at most this many times (a game takes well under a thousand)
ANSWERS = 2500


@dataclass
class Played:
    """A game played through the command line, and the engine's texts of it."""

    lang: str
    output: str
    record: Path
    #: the events the person was told of, and the boards drawn at their decisions
    events: list[str] = field(default_factory=list)
    boards: list[str] = field(default_factory=list)
    #: menu descriptions of every legal action offered to the person
    described: list[str] = field(default_factory=list)
    #: the notation of every legal action offered (language-neutral, left out of the checks)
    notation: set[str] = field(default_factory=set)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _english(text: str) -> list[str]:
    return sorted({m.group(0) for m in ENGLISH.finditer(PROPER.sub("", text))})


def _play(lang: str, seats: str, seed: int, *options: str) -> Played:
    args = ["--lang", lang, "play", "postcards", "--plain", "--seats", seats, "--seed", str(seed)]
    for option in options:
        args += ["-o", option]
    with use_language("en"):  # the command line sets the language for the rest of the process
        result = runner.invoke(app, args, input="a\n" * ANSWERS)
    assert result.exit_code == 0, result.output[-3000:]
    found = re.search(r"\S+\.jsonl", result.output.split("\n", 3)[1])
    assert found, result.output[:500]
    played = Played(lang, result.output, Path(found.group(0)))
    game = get("postcards")
    record = load(played.record)
    with use_language(lang):
        names = [record.label(s) for s in range(len(record.seats))]
        for step in replay_steps(game, record):
            played.events += [
                game.presentation.event_text(e, names) for e in step.events if e.visible_to(0)
            ]
            state = step.state
            if 0 in game.deciders(state):
                view = game.view(state, 0)
                played.boards.append(game.presentation.render(view))
                for action in game.legal_actions(state, 0):
                    played.described.append(game.presentation.describe_action(view, action))
                    played.notation.add(str(action))
    assert game.is_over(state), "the game did not end: more answers are needed"
    return played


GAMES = {
    "nl-solo": ("nl", "human,automa:normal", 1, ()),
    "es-solo": ("es", "human,automa:normal", 2, ()),
    "nl-solo-dutch-edition-side-b": ("nl", "human,automa:normal", 3, ("edition=nl", "side=B")),
    "es-two-players": ("es", "human,greedy", 4, ()),
    "nl-two-players": ("nl", "human,greedy", 5, ()),
}
_played: dict[str, Played] = {}


def played(name: str) -> Played:
    if name not in _played:
        lang, seats, seed, options = GAMES[name]
        _played[name] = _play(lang, seats, seed, *options)
    return _played[name]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_engine_speaks_the_readers_language(name: str) -> None:
    game = played(name)
    assert OVER[game.lang] in game.output
    screen = _flat(game.output)
    missing = [text for text in game.events if _flat(text) not in screen]
    assert not missing, f"events not on screen: {missing[:3]}"
    # a decision with a single choice is taken without drawing the board
    drawn = sum(1 for board in game.boards if _flat(board) in screen)
    assert drawn > len(game.boards) / 2, (drawn, len(game.boards))
    english = {}
    for text in [*game.events, *game.boards, *game.described]:
        words = _english(text)
        if words:
            english[text] = words
    assert not english, f"{len(english)} engine texts with English words, e.g.:\n" + "\n".join(
        f"{words}: {text[:300]}" for text, words in list(english.items())[:8]
    )


@pytest.mark.parametrize("name", ["nl-solo", "es-solo"])
def test_the_frame_around_the_engine_speaks_the_readers_language(name: str) -> None:
    game = played(name)
    rest = _flat(game.output)
    for text in sorted({_flat(t) for t in game.events + game.boards}, key=len, reverse=True):
        rest = rest.replace(text, " ")
    # the notation of the menus and prompts: actions and their parts ("stamp 44", "action 25")
    parts = {
        " ".join(tokens[i:j])
        for tokens in (a.split() for a in game.notation)
        for i in range(len(tokens))
        for j in range(i + 1, len(tokens) + 1)
    }
    for part in sorted(parts, key=len, reverse=True):
        if " " in part:
            rest = rest.replace(part, " ")
        else:  # a single word only where the menu shows a step of the notation
            rest = re.sub(rf"(?<=[a-z]\) ){re.escape(part)}(?= — | ▸)", " ", rest)
    rest = re.sub(r"\S+\.jsonl|\b[a-z]+\.[a-z]+\b", " ", rest)  # paths, card names
    assert not _english(rest), _english(rest)
