"""Carteros in Dutch and in Spanish: the shipped cards' names, abbreviations and help texts are in
both catalogs, and a game played to the end in line mode shows no English in anything the
engine says (the board, the events, the menu's descriptions) — only proper names (Stampy, GPS,
Carteros), house names and the notation, which is the same in every language."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mailbag import terminal
from mailbag.cli import app
from mailbag.core import apply, new_game, parse_action
from mailbag.core.errors import IllegalAction
from mailbag.core.game import Event
from mailbag.core.i18n import catalog, data_context, pgettext, set_language, use_language
from mailbag.games.carteros import GAME, CarterosGame, texts
from mailbag.games.carteros.decisions import VERBS
from mailbag.games.carteros.game import CarterosPresentation
from mailbag.games.carteros.render import MARKS, STAMPY_MARK

LANGUAGES = ("nl", "es")
#: English words no Dutch or Spanish screen of Carteros should show (none of them is a word of
#: those languages, nor a proper name; "score" and "post" are Dutch too: checked in Spanish only)
STOPLIST = frozenset(
    re.findall(
        r"\S+",
        """the and you your draws draw plays play turn turns seat house houses card cards letter
        letters parcel parcels round deliver delivers delivered mail action actions moves ends
        discard discards bag shops office neighbourhood mission missions flooded rain rides
        bicycle key none spectator refills refill first last answers catches flees lost""",
    )
)
EXTRA = {"es": frozenset({"score", "post"}), "nl": frozenset()}
#: the game's menu lines: "  c) play gps — what it does"; the notation before the dash
_MENU = re.compile(r"^\s*[a-z]{1,3}\)\s+(?P<notation>.*?)(?:\s+▸.*?)?(?:\s+—\s+(?P<says>.*))?$")
_WORD = re.compile(r"[A-Za-z][A-Za-z_'-]*")


#: the notation a refusal quotes, "(give letter|parcel)": the same in every language
_NOTATION = re.compile(r"\((?:{})\b[^)]*\)".format("|".join(sorted(VERBS))))


#: the words of the notation (verbs, card and Mail kinds), which a refusal quotes
NOTATION_WORDS = VERBS | set(GAME.components.action_names) | set(GAME.components.mail_names)


def english_words(text: str, lang: str, refusal: bool = False) -> list[str]:
    """The stoplist's words in ``text``, but for the notation (a refusal may quote it)."""
    words = {w.lower().strip("'-") for w in _WORD.findall(_NOTATION.sub("", text))}
    if refusal:
        words -= NOTATION_WORDS
    return sorted(words & (STOPLIST | EXTRA[lang]))


# -- the component data ----------------------------------------------------------------------


def _shipped() -> Iterator[tuple[str, str]]:
    components = GAME.components
    house, mail_table, action_table = (
        data_context(texts.NAME, table) for table in (texts.HOUSE, texts.MAIL, texts.ACTION)
    )
    for house_kind in components.houses:
        yield house, house_kind.title
        yield texts.ABBREV, house_kind.abbrev
        yield house, house_kind.help
    for mail in components.mails:
        yield mail_table, mail.title
        yield texts.ABBREV, mail.abbrev
        yield texts.ONE, texts.ONE_MAIL[mail.title]
    for action in components.actions:
        yield action_table, action.title
        yield action_table, action.help
    for mail in components.mails:
        yield texts.SCORE, f"{mail.name}s"
    for category in ("missions", "first to finish"):
        yield texts.SCORE, category
    for place in texts.PLACES.values():
        yield texts.PLACE, place
    for cause in texts.CAUSES.values():
        yield texts.CAUSE, cause


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shipped_name_and_help_text_is_translated(lang: str) -> None:
    """The titles and help texts are written once, in the component file (the catalogs take
    them from there, with their table's context); the abbreviations, which the catalogs do not
    take from it, are listed in texts.py. Each has a translation."""
    words = catalog(lang)
    for context, text in _shipped():
        if context == texts.ABBREV:
            assert text in texts.ABBREVIATIONS, f"{text!r} is not listed in texts.ABBREVIATIONS"
        assert (context, text) in words, f"no {lang} translation of {text!r} ({context})"


def test_titles_and_help_are_written_once() -> None:
    """No module of the game marks a text with the context of a data table: the data entry is
    the one copy of its title and help (the catalogs take them from there)."""
    tables = {data_context(texts.NAME, t) for t in (texts.HOUSE, texts.MAIL, texts.ACTION)}
    for path in Path(texts.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("NC_", "pgettext"):
                first = node.args[0] if node.args else None
                context = first.value if isinstance(first, ast.Constant) else None
                assert context not in tables, f"{path.name}:{node.lineno} marks a {context} text"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_abbreviations_and_marks_fit_the_board(lang: str) -> None:
    components = GAME.components
    with use_language(lang):
        houses = [texts.house_abbrev(components, h.name) for h in components.houses]
        mails = [texts.mail_abbrev(components, m.name) for m in components.mails]
        stampy = pgettext("carteros mark", STAMPY_MARK)
    for abbrevs in (houses, mails):
        assert len(set(abbrevs)) == len(abbrevs), abbrevs
        assert all(re.fullmatch(r"[A-Za-z][A-Za-z0-9]{0,2}", a) for a in abbrevs), abbrevs
    others = {mark for mark, _words in MARKS if mark != STAMPY_MARK}
    assert len(stampy) == 1 and stampy not in others and not stampy.isdigit()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_events_are_put_into_words_at_display_time(lang: str) -> None:
    event = Event(
        "give",
        "{seat} delivers {mail} ({delivered} delivered)",
        {"seat": 1, "mail": "parcel", "delivered": 4},
    )
    assert (
        GAME.presentation.event_text(event, ["ann", "bob"]) == "bob delivers a Parcel (4 delivered)"
    )
    with use_language(lang):
        shown = GAME.presentation.event_text(event, ["ann", "bob"])
    assert (
        shown
        == {
            "es": "bob entrega un Paquete (4 entregadas)",
            "nl": "bob bezorgt een Pakket (4 bezorgd)",
        }[lang]
    )


# -- every text of random games ----------------------------------------------------------------

#: a few illegal actions tried at every step: each verb, wrong arguments, another seat's turn
_TRIED = [
    "move D9",
    "move A1",
    "deliver",
    "deliver now",
    "draw",
    "play wind",
    "play map",
    "replace gps",
    "refill",
    "shops",
    "end",
    "give parcel",
    "give stamp",
    "discard letter",
    "use bone",
    "pass",
    "flood C4",
    "ride C4",
    "stop",
    "peek C4",
    "take_mission 12",
    "place_stampy B2",
    "move_stampy C4",
    "tiebreak A1 A2",
    "fly",
]


def _engine_texts(seed: int, options: dict[str, object]) -> Iterator[tuple[str, str]]:
    """What the engine says in a random game: every seat's board, every legal action's
    description, every event, and the refusal of each of ``_TRIED`` that is illegal."""
    rng = random.Random(seed)
    names = [f"p{s}" for s in range(3)]
    state = new_game(GAME, 3, options, seed)
    for _step in range(400):
        deciders = GAME.deciders(state)
        if not deciders:
            break
        seat = deciders[0]
        view = GAME.view(state, seat)
        yield "render", GAME.presentation.render(view)
        yield "render", GAME.presentation.render(GAME.view(state, None))
        legal = GAME.legal_actions(state, seat)
        yield from (
            ("describe", GAME.presentation.describe_action(view, action)) for action in legal
        )
        for text in _TRIED:
            action = parse_action(text)
            if action not in legal:
                yield "refusal", GAME.explain_illegal(state, seat, action).reason
        state, events = apply(GAME, state, seat, rng.choice(legal))
        yield from (("event", GAME.presentation.event_text(event, names)) for event in events)
    assert GAME.is_over(state)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_random_games_say_nothing_in_english(lang: str) -> None:
    found: dict[str, list[str]] = {}
    kinds = (
        {},
        {"stampy": True},
        {"missions": True, "max_rounds": 6},
        {"stampy": True, "missions": True, "max_rounds": 6},
    )
    with use_language(lang):
        for seed, options in enumerate(kinds):
            for kind, text in _engine_texts(seed, {"max_rounds": 8, **options}):
                words = english_words(text, lang, refusal=kind == "refusal")
                if words:
                    found.setdefault(text, words)
    assert not found, "\n".join(f"{w}: {text!r}" for text, w in list(found.items())[:10])


# -- a game to the end in line mode ----------------------------------------------------------


def _recording(monkeypatch: pytest.MonkeyPatch, said: list[tuple[str, str]]) -> list[Event]:
    """Everything the engine says while the CLI plays is kept in ``said`` (where, text)."""
    events: list[Event] = []

    def wrap(name: str, keep: Callable[..., None] | None = None) -> None:
        original = getattr(CarterosPresentation, name)

        def recorded(self: CarterosPresentation, *args: Any) -> str:
            text: str = original(self, *args)
            said.append((name, text))
            if keep is not None:
                keep(*args)
            return text

        monkeypatch.setattr(CarterosPresentation, name, recorded)

    wrap("render")
    wrap("describe_action")
    wrap("event_text", lambda event, names: events.append(event))
    original = CarterosGame.explain_illegal

    def refused(self: CarterosGame, *args: Any) -> IllegalAction:
        refusal = original(self, *args)
        said.append(("explain_illegal", refusal.reason))
        return refusal

    monkeypatch.setattr(CarterosGame, "explain_illegal", refused)
    return events


#: the games played: the first entry (key a) every time in the base game (seat 1 wins at round
#: 59); and with Stampy and the missions, stopped after round 12, choosing in turn the first few
#: entries and typing actions that are sometimes refused (so the refusals are seen too)
_TYPED = ["a", "b", "c", "deliver", "d", "play gps", "refill", "b", "a", "shops", "flood B2", "c"]
GAMES = {
    "base": (["--seed", "3"], "a\n" * 400),
    "modes": (
        ["--seed", "5", "-o", "stampy=true", "-o", "missions=true", "-o", "max_rounds=12"],
        "\n".join(_TYPED * 250) + "\n",
    ),
}


def _play(lang: str, tmp_path: Path, game: str = "base") -> str:
    runner = CliRunner()
    options, typed = GAMES[game]
    # line mode's console was made when the terminal module was first imported (maybe by an
    # earlier test on this worker, at another width): lines wrap where this test expects them
    # only at a width set here
    saved = terminal.console._width
    terminal.console.width = 100
    try:
        result = runner.invoke(
            app,
            [
                "--lang",
                lang,
                "play",
                "carteros",
                "--plain",
                "--seats",
                "human,random",
                *options,
                "--record",
                str(tmp_path / "game.jsonl"),
            ],
            input=typed,
            env={"MAILBAG_DATA_DIR": str(tmp_path), "COLUMNS": "100"},
        )
    finally:
        set_language("en")
        terminal.console._width = saved
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_to_the_end_says_nothing_in_english(
    lang: str, game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[tuple[str, str]] = []
    events = _recording(monkeypatch, said)
    output = _play(lang, tmp_path, game)
    assert any(event.kind == "game_over" for event in events), "the game did not end"
    kinds = {name for name, _text in said}
    expected = {"render", "describe_action", "event_text"}
    assert kinds == (expected | {"explain_illegal"} if game == "modes" else expected)
    english = {
        text: found
        for name, text in said
        if (found := english_words(text, lang, refusal=name == "explain_illegal"))
    }
    assert not english, "\n".join(f"{w}: {text!r}" for text, w in list(english.items())[:10])
    # what the engine said is what the person saw
    shown = {text for name, text in said if name == "event_text"}
    flat = " ".join(output.split())  # a long line may be wrapped on screen
    assert all(" ".join(text.split()) in flat for text in shown)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_whole_screen_is_in_the_language(lang: str, game: str, tmp_path: Path) -> None:
    """Everything on screen (the command line's frame too) but the notation: the menu lines',
    the prompt's and what a refusal quotes."""
    output = _play(lang, tmp_path, game)
    # notation quoted in parentheses ("(give letter|parcel)"), even wrapped over two lines
    output = re.sub(r"\([a-z_]+(?:\s+[A-Za-z0-9_|]+)*\)", "", output)
    english: dict[str, list[str]] = {}
    for line in output.splitlines():
        menu = _MENU.match(line)
        if menu:
            line = menu.group("says") or ""
        line = re.sub(r"\([a-z_]+(?: [A-Za-z0-9_]+)*\)", "", line)  # "(give letter)"
        line = re.sub(r"^\S+( \S+)?>", "", line)  # the prompt, "jugador 0>"
        line = re.sub(r"[\w./-]+\.jsonl", "", line)  # file names
        found = english_words(line, lang)
        if found:
            english.setdefault(line.strip(), found)
    assert not english, "\n".join(f"{w}: {line!r}" for line, w in list(english.items())[:30])
