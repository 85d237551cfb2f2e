"""Line mode (``mailbag play --plain``): menus you cannot misread, what a wrong line is told, hints
and the end of the game in the player's language, and counts with their noun in its number.

- The entries have the full screen's keys (letters from mailbag.table.keys, never the letters
  the full screen keeps for itself), every entry of a long list has one, and a number is never
  read as an entry's place in the list (``5`` beside "region 5" once picked the fifth entry).
- A line that is no key, command or action is answered with one short line saying what was
  wrong and how to list the choices, in the player's language; typed notation still works.
- A hint is in the game's language; the game over says who won (a tie shared) above each seat's
  score by its parts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mailbag.bots import make_agents
from mailbag.cli import app
from mailbag.core.i18n import ngettext, use_language
from mailbag.core.records import GameRecord, load
from mailbag.games import get
from mailbag.plain import FULL_SCREEN_KEYS, describe_choice, entry_lines, keys_for, winners_line
from mailbag.table import MemoryStore, Table
from mailbag.table.hints import compute_hint
from mailbag.table.keys import LOOKALIKES
from mailbag.table.menu import Choice, menu_for
from mailbag.terminal import match_key

runner = CliRunner()
#: Postcards, seed 3, against the Automa: the first menu's fourth entry (key d) is a step whose
#: entries move to region 1 (key a) and region 10 (key b) or stamp
POSTCARDS = ["play", "postcards", "--plain", "--seats", "human,automa:normal", "--seed", "3"]


def play(args: list[str], typed: str, tmp_path: Path, lang: str = "en") -> tuple[str, GameRecord]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    record = tmp_path / f"game-{lang}.jsonl"
    with use_language("en"):
        result = runner.invoke(
            app, ["--lang", lang, *args, "--record", str(record)], input=typed, terminal_width=200
        )
    assert result.exit_code == 0, result.output[-3000:]
    return result.output, load(record)


def entries(count: int) -> list[Choice]:
    return [Choice(f"pick {i}", f"pick {i}", f"pick card {i}") for i in range(count)]


# -- keys --------------------------------------------------------------------------------------
def test_the_keys_are_the_full_screens_letters_never_digits() -> None:
    for count in (1, 9, 10, 13, 21, 22, 60, 400):
        keys = keys_for(entries(count))
        assert len(set(keys)) == count
        assert all(key.isalpha() and key.islower() for key in keys)
        assert not set("".join(keys)) & (FULL_SCREEN_KEYS | LOOKALIKES)
        for index, key in enumerate(keys):  # every entry is reachable by its key, any case
            assert match_key(keys, key) == index and match_key(keys, key.upper()) == index
        lines = entry_lines(entries(count))
        assert [line.split(")")[0].strip() for line in lines] == keys


def test_the_letters_left_out_are_the_full_screens_own_keys() -> None:
    pytest.importorskip("textual")
    from mailbag.tui.app import PlayApp

    letters = set()
    for binding in PlayApp.BINDINGS:
        assert not isinstance(binding, tuple)
        letters |= {k for k in binding.key.split(",") if len(k) == 1 and k.isalpha()}
    assert letters == set(FULL_SCREEN_KEYS)


def test_a_step_lists_its_entries_by_letter_and_a_number_is_never_their_place(
    tmp_path: Path,
) -> None:
    out, record = play(POSTCARDS, "d\n1\nb\nquit\n", tmp_path)
    assert "  a) action 1 — move to region 1 Normandie" in out
    assert "  b) action 10 — move to region 10 Pays de la Loire" in out
    assert " 1. " not in out and " 2. " not in out  # no numbered entries
    # "1" is not the first entry (region 1): a line says the keys are letters
    assert "no choice 1: the choices' keys are letters (a, b, c…); ? or help lists them" in out
    assert [str(step.action) for step in record.steps if step.seat == 0] == [
        "play yellow.movement action 10"
    ]


def test_typed_notation_still_works_at_a_step_and_whole(tmp_path: Path) -> None:
    _out, record = play(POSTCARDS, "d\naction 10\nquit\n", tmp_path)
    assert [str(s.action) for s in record.steps if s.seat == 0] == [
        "play yellow.movement action 10"
    ]
    _out, record = play(POSTCARDS, "Play Yellow.movement ACTION 1\nquit\n", tmp_path / "b")
    assert [str(s.action) for s in record.steps if s.seat == 0] == ["play yellow.movement action 1"]


def test_the_full_screens_letters_are_line_modes_commands(tmp_path: Path) -> None:
    out, record = play(POSTCARDS, "a\na\nu\n?\nh\nq\n", tmp_path)
    assert "took back: play blue.postcard action" in out
    after = out[out.index("took back: play blue.postcard action") :]
    assert after.count("Your choices (type a letter") == 2  # after the undo, after ?
    assert "hint (a search of 1000 iterations" in " ".join(out.split())
    assert "game saved to" in out and record.steps == [s for s in record.steps if s.seat != 0]


# -- what a wrong line is told -----------------------------------------------------------------
WRONG = {
    "en": {
        "zz": "no choice on key zz — ? or help lists the choices",
        "7": "no choice 7: the choices' keys are letters (a, b, c…); ? or help lists them",
        "foo bar": "foo bar is no key and no action — ? or help lists the choices",
        "play nothing": "refused: unknown Travel card 'nothing'",
    },
    "nl": {
        "zz": "geen keuze onder toets zz — ? of hulp toont de keuzes",
        "7": "geen keuze 7: kies met de toetsen a, b, c…; ? of hulp toont ze",
        "foo bar": "foo bar is geen toets en geen actie — ? of hulp toont de keuzes",
        "play nothing": "geweigerd: ",
    },
    "es": {
        "zz": "no hay opción en la tecla zz — ? o ayuda muestra las opciones",
        "7": "no hay opción 7: las teclas de las opciones son letras (a, b, c…); ? o ayuda las "
        "muestra",
        "foo bar": "foo bar no es una tecla ni una acción — ? o ayuda muestra las opciones",
        "play nothing": "rechazado: ",
    },
}


@pytest.mark.parametrize("lang", ["en", "nl", "es"])
def test_a_line_that_is_no_choice_is_answered_in_the_language(lang: str, tmp_path: Path) -> None:
    typed = "".join(f"{line}\n" for line in WRONG[lang]) + "d\nb\nquit\n"
    out, record = play(POSTCARDS, typed, tmp_path, lang)
    said = " ".join(out.split())  # the console wraps long lines
    for answer in WRONG[lang].values():
        assert answer.strip() in said, (answer, said[-2000:])
    # each wrong line got its answer, and nothing was played until the keys d, b
    prompts = [line for line in out.splitlines() if re.match(r"^(seat|speler|jugador) 0> ", line)]
    answered = [line.split("> ", 1)[1] for line in prompts[: len(WRONG[lang])]]
    assert all(answered), prompts
    assert [str(s.action) for s in record.steps if s.seat == 0] == [
        "play yellow.movement action 10"
    ]


def test_a_key_beginning_longer_keys_says_so() -> None:
    from mailbag.plain import not_a_choice

    keys = keys_for(entries(30))
    first = next(key for key in keys if len(key) == 2)[0]
    said = not_a_choice(first, keys)
    assert said.startswith(f"{first} begins longer keys ({first}a, {first}b, {first}c…)")


# -- hints and the end, in the language --------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "head", "english"),
    [
        ("nl", "hint (een zoektocht van 1000 iteraties op wat jij kunt zien):", "of the search"),
        ("es", "pista (una búsqueda de 1000 iteraciones sobre lo que puedes ver):", "expected"),
    ],
)
def test_a_hint_in_line_mode_is_in_the_language(
    lang: str, head: str, english: str, tmp_path: Path
) -> None:
    args = ["play", "carteros", "--plain", "--seats", "human,random", "--seed", "3"]
    out, _record = play(args, "hint\nquit\n", tmp_path, lang)
    said = " ".join(out.split())
    assert head in said, said[-1500:]
    hint = said[said.index(head) :]
    assert english not in hint and "draw" not in hint.split(">")[0]
    shown = hint.split(">")[0]
    assert len(re.findall(r" [a-z]{1,2}(?: ▸ [a-z]{1,2})*\) ", shown)) == 3, shown
    assert not re.search(r" [123]\. ", shown)


def test_a_hints_choices_are_the_keys_that_choose_them(tmp_path: Path) -> None:
    """Each choice of a hint is shown by the letters that pick it in the menu (``d ▸ a``: d
    opens a step, a chooses in it); typing the first one's letters plays exactly that choice."""
    args = ["play", "carteros", "--plain", "--seats", "human,random", "--seed", "3"]
    out, _record = play(args, "hint\nquit\n", tmp_path / "hint")
    head = out.index("hint (a search of")
    found = [
        (match, line)
        for line in out[head:].splitlines()[1:12]
        if (match := re.match(r"\s+([a-z]{1,2}(?: ▸ [a-z]{1,2})*)\) ", line))
    ]
    assert len(found) >= 3, out[head:]
    paths, lines = [m for m, _line in found], [line for _m, line in found]
    keys = paths[0].group(1).split(" ▸ ")  # type: ignore[union-attr]
    game = get("carteros")
    seats = ["human", "random"]
    table = Table.open(
        game,
        GameRecord("carteros", game.spec.resolve_options(), 3, seats),
        MemoryStore(),
        make_agents(game, seats, 3),
    )
    table.advance()
    view = table.view(0)
    best = compute_hint(game, 0, view, table.legal_actions(0)).choices[0].action
    assert game.presentation.describe_action(view, best) in lines[0]
    _out, record = play(args, "\n".join([*keys, "quit"]) + "\n", tmp_path / "play")
    mine = [step.action for step in record.steps if step.seat == 0]
    assert mine[:1] == [best] or menu_for(table, 0).leaf_for(best) == menu_for(table, 0).leaf_for(
        mine[0]
    )


@dataclass
class Ranked:
    """A game's result alone (what winners_line reads)."""

    places: list[int]

    def ranking(self, state: Any) -> list[int]:
        return self.places


@pytest.mark.parametrize(
    ("lang", "one", "shared"),
    [
        ("en", "bob wins", "shared win: alice, bob"),
        ("nl", "bob wint", "gedeelde winst: alice, bob"),
        ("es", "gana bob", "victoria compartida: alice, bob"),
    ],
)
def test_the_winner_is_named_and_a_tie_is_shared(lang: str, one: str, shared: str) -> None:
    record = GameRecord(
        "carteros", {}, 1, ["human", "random", "greedy"], names=["alice", "bob", "c"]
    )
    with use_language(lang):
        assert winners_line(Ranked([2, 1, 3]), None, record) == one  # type: ignore[arg-type]
        assert winners_line(Ranked([1, 1, 3]), None, record) == shared  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lang", "wins", "place", "total"),
    [("en", "{name} wins", "place", "total"), ("nl", "{name} wint", "plaats", "totaal")],
)
def test_a_finished_game_says_who_won_above_the_scores(
    lang: str, wins: str, place: str, total: str, tmp_path: Path
) -> None:
    args = ["play", "carteros", "--plain", "--seats", "random,greedy", "--seed", "4"]
    out, record = play(args, "", tmp_path, lang)
    assert record.result is not None
    ranking = record.result["ranking"]
    with use_language(lang):
        names = [record.label(s) for s, p in enumerate(ranking) if p == min(ranking)]
    expected = wins.format(name=names[0]) if len(names) == 1 else None
    if expected is None:
        expected = {"en": "shared win: ", "nl": "gedeelde winst: "}[lang] + ", ".join(names)
    lines = out.splitlines()
    said = next(i for i, line in enumerate(lines) if line.strip() == expected)
    board = "\n".join(lines[said:])
    assert place in board and total in board  # the scores by their parts follow
    for part in record.result["breakdown"][0]:
        assert part in board or lang != "en"


# -- counts with their noun --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        (
            "en",
            ("1 choice", "resumed after 1 decision"),
            ("2 choices", "resumed after 2 decisions"),
        ),
        ("nl", ("1 keuze", "hervat na 1 beslissing"), ("2 keuzes", "hervat na 2 beslissingen")),
        (
            "es",
            ("1 opción", "reanudada tras 1 decisión"),
            ("2 opciones", "reanudada tras 2 decisiones"),
        ),
    ],
)
def test_one_and_two_of_a_noun_read_right(
    lang: str, one: tuple[str, str], two: tuple[str, str]
) -> None:
    with use_language(lang):
        for count, (choices, resumed) in ((1, one), (2, two)):
            assert ngettext("{count} choice", "{count} choices", count, count=count) == choices
            said = ngettext(
                "resumed after {count} decision",
                "resumed after {count} decisions",
                count,
                count=count,
            )
            assert said == resumed
            leaves = tuple(
                Choice(f"play x {i}", str(i), "", action=object())  # type: ignore[arg-type]
                for i in range(count)
            )
            step = Choice("play x", "play x", "", children=leaves)
            assert describe_choice(step) == f"play x ▸ {choices}"


def test_a_stopped_game_says_one_decision(tmp_path: Path) -> None:
    out, record = play(POSTCARDS, "d\nb\nquit\n", tmp_path, "nl")
    assert len(record.steps) == 1  # the Automa had not played yet: one decision, singular
    assert "na 1 beslissing;" in out
    out, record = play(
        ["play", "--resume", str(tmp_path / "game-nl.jsonl")], "quit\n", tmp_path / "r", "nl"
    )
    assert "hervat na" in out


#: the folders and modules where a person reads counts: none writes "{count} <noun>s" in _()
COUNTED = ("terminal.py", "plain.py", "cli", "table", "tui")


def test_no_count_is_shown_with_a_noun_always_plural() -> None:
    src = Path(__file__).resolve().parents[1] / "src" / "mailbag"
    pattern = re.compile(r"\b_\(\s*\"[^\"]*\{(?:count|n|number)\} [a-z]+s\b")
    found = []
    for name in COUNTED:
        paths = [src / name] if name.endswith(".py") else sorted((src / name).rglob("*.py"))
        for path in paths:
            text = path.read_text(encoding="utf-8")
            found += [f"{path.name}: {m.group(0)}" for m in pattern.finditer(text)]
    assert not found, "use ngettext for these:\n" + "\n".join(found)
