"""Playing in Dutch and Spanish: a whole game of each in line mode with no English left on screen
(but proper names and notation), the command's help and errors in the language, the language
chosen by --lang, MAILBAG_LANG or the locale, and the full screen's labels in Dutch."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mailbag.cli import app
from mailbag.core.i18n import _, set_language, use_language
from mailbag.games import get

runner = CliRunner()

GAMES = ("carteros", "post_office", "postcards")
LANGUAGES = ("nl", "es")
#: the seed of each game played to the end (a short game with the first choice every time)
SEEDS = {"carteros": 3, "post_office": 3, "postcards": 3}
#: scripted input: the first entry (key a) at every decision, more than any of these games needs
INPUT = "a\n" * 3000
#: Post Office: the choice completing a phase waits to be revealed (``ok``; in Spanish ``vale``,
#: the English word always works); at a choice's prompt the ``ok`` is refused, in the language
REVEALING_INPUT = "a\nok\n" * 3000

#: English words that are not Dutch or Spanish too: none of them may be left on screen
ENGLISH = frozenset(
    """
    the and you your yours seat seats turn turns score scores draws plays choose chose choice
    choices game games saved save resume resumed decision decisions refused undo took taken
    takes total place final record written round rounds moves ends with from card cards player
    players deck board points point only new back quit nothing since last pass press goes gets
    receives delivers which their his her has have not to on at by it its for this that there
    are be been will may must can cannot what when where who whose all any each every other
    others next first second third gains sends sent keeps discard discarded pile empty left
    right up out into one two three four five six seven eight nine yes parcel parcels house
    houses stamp stamps postcard travel gift gifts region regions campsite helper helpers goal
    goals tape rain flood sunny day wins winner tie human random greedy easy expert seed over
    hand is in a no of normal final blue green red yellow action movement camp
    """.split()  # noqa: SIM905
)
#: words of the language that are spelt like an English word of the list above
SAME = {
    "nl": {"score", "seed", "is", "in", "hand", "over", "normal", "final", "of"},
    "es": {"a", "no", "total", "final", "normal", "has"},
}
#: proper names in the games' texts (the games' titles, Carteros' bull)
NAMES = {"Postcards", "Post", "Office", "Carteros", "Stampy", "Automa"}


def without_notation(text: str, game_name: str) -> str:
    """The screen without what is notation: the menu's keys, prompts, actions in brackets,
    file paths, and every verb of the game (typed as written in every language)."""
    verbs = get(game_name).spec.verbs
    lines = []
    for line in text.splitlines():
        # a menu entry: its key (a letter or two) and its notation
        line = re.sub(r"^\s*[a-z]{1,3}\)\s+.*?(?=\s▸|\s—|\s\(\+|\s\[|$)", "", line)
        line = re.sub(r"^(?:speler|jugador) \d+(?: [^>]*)?> ", "", line)
        line = re.sub(r"^[^:—]*?(?=(?::[^—]*)? — \d+ \S+ \(\S+ )", "", line)  # a step's notation
        line = re.sub(rf"\((?:{'|'.join(map(re.escape, verbs))})(?: [^()\s]+)*\)", "", line)
        line = " ".join(word for word in line.split() if "/" not in word)
        lines.append(line)
    return "\n".join(lines)


def english_left(text: str, lang: str, game_name: str) -> list[str]:
    """The lines that still hold an English word (with the word)."""
    verbs = {v.lower() for v in get(game_name).spec.verbs}
    stop = ENGLISH - SAME[lang] - verbs
    found = []
    for line in without_notation(text, game_name).splitlines():
        words = re.findall(r"(?<!\w)[A-Za-z]+(?!\w)", line)
        # a capital letter alone is a label (side A, column B), not the article
        words = [w for w in words if w not in NAMES and not (len(w) == 1 and w.isupper())]
        bad = sorted({w.lower() for w in words} & stop)
        if bad:
            found.append(f"{bad}: {line.strip()}")
    return found


def play(lang: str, game_name: str) -> str:
    with use_language("en"):  # --lang sets the language of this context: set it back after
        result = runner.invoke(
            app,
            [
                "--lang",
                lang,
                "play",
                game_name,
                "--plain",
                "--seats",
                "human,random",
                "--seed",
                str(SEEDS[game_name]),
            ],
            input=REVEALING_INPUT if game_name == "post_office" else INPUT,
        )
    assert result.exit_code == 0, result.output[-3000:]
    return result.output


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_name", GAMES)
def test_a_whole_game_reads_in_the_language(game_name: str, lang: str) -> None:
    output = play(lang, game_name)
    with use_language(lang):
        finished = _("record written to {path}", path="")
        place = _("place")
    assert finished.strip() in output, output[-2000:]  # played to the end, not stopped
    assert place in output  # the scoreboard, in the language
    left = english_left(output, lang, game_name)
    unique = sorted(set(left))
    assert not unique, f"{len(unique)} lines with English ({game_name}, {lang}):\n" + "\n".join(
        unique[:60]
    )


def test_the_stoplist_finds_english() -> None:
    with use_language("en"):
        result = runner.invoke(
            app,
            ["play", "carteros", "--plain", "--seats", "human,random", "--seed", "3"],
            input="a\n" * 5,
        )
    left = english_left(result.output, "nl", "carteros")
    assert any("your" in line for line in left) and any("seat" in line for line in left)


def mailbag(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real command (the language is chosen before the commands are built)."""
    environ = {k: v for k, v in os.environ.items() if k not in ("MAILBAG_LANG", "LC_ALL", "LANG")}
    environ.update({"LC_MESSAGES": "", "LANGUAGE": ""})
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "mailbag", *args],
        capture_output=True,
        text=True,
        env=environ,
        timeout=120,
        check=False,
    )


def test_help_and_errors_in_spanish() -> None:
    shown = mailbag("--lang", "es", "--help")
    assert shown.returncode == 0, shown.stderr
    for spanish in ("Uso:", "Opciones:", "Órdenes:", "Muestra esta ayuda y sale.", "partida"):
        assert spanish in shown.stdout, shown.stdout
    for english in ("Usage", "Options", "Commands", "Show this message", "Play a game"):
        assert english not in shown.stdout, shown.stdout
    play_help = mailbag("--lang", "es", "play", "--help")
    assert "[OPCIONES] [JUEGO]" in play_help.stdout and "por defecto" in play_help.stdout
    assert "default" not in play_help.stdout and "seat kinds" not in play_help.stdout
    unknown = mailbag("--lang", "es", "play", "nosuch")
    assert unknown.returncode == 2
    assert unknown.stderr.strip().startswith("error: juego desconocido 'nosuch'; juegos conocidos:")
    bad = mailbag("--lang", "es", "play", "carteros", "--seed", "x")
    assert bad.returncode == 2 and "Valor no válido para '--seed'" in bad.stderr, bad.stderr


def test_help_in_dutch() -> None:
    shown = mailbag("--lang", "nl", "--help")
    assert "mailbag [OPTIES] OPDRACHT [ARGUMENTEN]..." in shown.stdout, shown.stdout
    assert shown.stdout.startswith("Gebruik: ")
    assert "Toon deze hulp en stop." in shown.stdout


def test_the_language_is_chosen_by_the_environment_and_a_bad_one_is_a_clear_error() -> None:
    assert "Gebruik:" in mailbag("--help", env={"MAILBAG_LANG": "nl"}).stdout
    assert "Uso:" in mailbag("--help", env={"LANG": "es_ES.UTF-8"}).stdout
    assert "Usage:" in mailbag("--help", env={"LANG": "fr_FR.UTF-8"}).stdout
    assert "Uso:" in mailbag("--lang", "es", "--help", env={"MAILBAG_LANG": "nl"}).stdout
    assert "Uso:" in mailbag("--lang=es", "--help").stdout
    for args, env in (
        (("--lang", "fr", "games"), {}),
        (("games",), {"MAILBAG_LANG": "klingon"}),
    ):
        bad = mailbag(*args, env=env)
        assert bad.returncode == 2, bad
        assert bad.stdout == ""
        line = bad.stderr.strip()
        assert "\n" not in line and "Traceback" not in line
        assert line.startswith("error: language") and "choose one of en, nl, es" in line


def test_a_bad_lang_given_to_the_app_is_a_usage_error() -> None:
    with use_language("en"):
        result = runner.invoke(app, ["--lang", "xx", "games"])
    assert result.exit_code == 2
    assert "--lang" in result.output and "choose one of en, nl, es" in result.output


def test_the_seat_label_and_kinds_read_in_the_language() -> None:
    from mailbag.core.records import GameRecord, seat_kind_label

    record = GameRecord("carteros", {}, 1, ["human", "mcts:iters=50"])
    with use_language("nl"):
        assert record.label(1) == "speler 1"
        assert seat_kind_label("human") == "mens"
        assert seat_kind_label("mcts:iters=50") == "mcts:iters=50"
    with use_language("es"):
        assert record.label(0) == "jugador 0"
        assert seat_kind_label("random") == "aleatorio"
    assert record.label(0) == "seat 0"


def test_line_mode_takes_its_commands_in_the_language() -> None:
    with use_language("en"):
        result = runner.invoke(
            app,
            ["--lang", "es", "play", "carteros", "--plain", "--seats", "human,random"],
            input="a\natrás\ndeshacer\nsalir\n",
        )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "no hay adónde volver" in out and "deshecho:" in out
    assert "partida guardada en" in out and "reanúdala con" in out


def test_the_full_screen_labels_read_in_dutch() -> None:
    pytest.importorskip("textual")
    sys.path.insert(0, str(Path(__file__).parent / "tui"))
    from drive import new_app, screen_text, settle

    async def run() -> None:
        app = new_app("carteros", ["human", "random"], 5)
        async with app.run_test(size=(140, 45)) as pilot:
            await settle(pilot, app)
            text = screen_text(app)
            for dutch in ("Bord", "Keuzes", "Logboek", "Scores", "jouw beslissing", "partij"):
                assert dutch in text, text
            for key in ("opslaan & stoppen", "terugnemen", "toetsen"):
                assert key in text, text
            for english in ("Board", "Choices", "your decision", "save & quit", "keys"):
                assert english not in text, text
            await pilot.press("question_mark")
            await pilot.pause()
            keys = screen_text(app)
            assert "Toetsen" in keys and "deze lijst met toetsen" in keys, keys
            assert "this list of keys" not in keys

    try:
        with use_language("en"):
            set_language("nl")  # as the command does, before the app is built
            asyncio.run(run())
    finally:
        sys.path.remove(str(Path(__file__).parent / "tui"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("game_name", "seats"),
    [
        ("postcards", ["player", "automa:normal"]),
        ("post_office", ["player", "player", "player"]),
        ("carteros", ["player", "player", "player"]),
    ],
)
def test_each_players_block_comes_as_data_in_the_language(
    game_name: str, seats: list[str], lang: str
) -> None:
    """The full screen lays out the game's sections (board, own area, one block per other
    seat) as data, in any language: every seat's view has its own area and one block for each
    other seat, in seat order, and the texts are in the reader's language (not English)."""
    import random

    from mailbag.core import apply, start_game

    game = get(game_name)
    state, _events = start_game(game, seats, None, 3)
    rnd = random.Random(3)
    with use_language(lang):
        for step in range(60):
            if game.is_over(state):
                break
            if step % 20 == 0:
                for seat in range(len(seats)):
                    parts = game.presentation.sections(game.view(state, seat))
                    numbers = [b.seat for b in parts.others]
                    assert numbers == [s for s in range(len(seats)) if s != seat], parts
                    assert parts.own is not None and parts.own.lines, parts
                    assert parts.board.lines, parts
                    with use_language("en"):
                        english = game.presentation.sections(game.view(state, seat))
                    assert parts.own.text() != english.own.text() if english.own else True
            decider = game.deciders(state)[0]
            action = rnd.choice(game.legal_actions(state, decider))
            state, _events = apply(game, state, decider, action)


def test_line_mode_commands_are_no_games_verb() -> None:
    """A command typed in line mode (``stoppen``, ``deshacer``) never hides an action."""
    from mailbag.terminal import COMMANDS, command_words

    verbs = {verb for name in GAMES for verb in get(name).spec.verbs}
    for lang in ("en", *LANGUAGES):
        with use_language(lang):
            for command in COMMANDS:
                assert not command_words(command) & verbs, (lang, command)
