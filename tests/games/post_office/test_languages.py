"""Post Office in Dutch and in Spanish: a game played to the end through the command line in line
mode, with no English left in what the engine writes (the boards, the events, the descriptions
of the choices); every name of the component data translated; the boards' letters in the
reader's language.

The command line's own frame (prompts, headings, the final table) belongs to the terminal's
catalog: its check is the last test, allowed to fail until that catalog is complete.
"""

from __future__ import annotations

import contextvars
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mailbag.cli import app
from mailbag.core import visible_events
from mailbag.core.i18n import _, catalog, data_context, use_language
from mailbag.core.records import GameRecord, load, replay_steps
from mailbag.games import get
from mailbag.games.post_office import texts
from mailbag.games.post_office.components import load_default, parse_components

LANGUAGES = ("nl", "es")
SEEDS = {"nl": 3, "es": 5}
#: English words of Post Office's texts: none may be left in a Dutch or Spanish screen (words
#: the languages share — "hand", "in", "over", "personal", "no", "final" — are not listed)
_ENGLISH = """the and with you your round rounds phase stamp stamps parcel parcels tape tapes token
    tokens helper goal goals receipt receipts seals sealed keeps moves places cell row column
    corner supply legend symbol symbols score scores none choose dealt paying takes turned
    fragile gift sweet square group groups seat left right top bottom shelving last half worth
    waiting others everyone each player pass other cat dog pigeon brown yellow blue light
    second first choice receive nothing time"""
STOPLIST = frozenset(_ENGLISH.split())
#: the notation's words: the same in every language (``keep 12``, ``seal gift L 0 2 3``)
NOTATION = frozenset({"keep", "move", "place", "seal", "skip", "fragile", "gift", "sweet"})
WORD = re.compile(r"[^\W\d_]+")

runner = CliRunner()


def english(text: str, allowed: frozenset[str] = frozenset()) -> set[str]:
    return {w for w in WORD.findall(text.lower()) if w in STOPLIST and w not in allowed}


def play(lang: str, tmp_path: Path, seed: int, *options: str) -> tuple[str, GameRecord]:
    """A human (always choosing the first entry, key a, and revealing a phase with ok) against
    a random bot, to the end, in ``lang``."""
    record = tmp_path / f"{lang}.jsonl"
    args = ["--lang", lang, "play", "post_office", "--plain", "--seats", "human,random"]
    args += ["--seed", str(seed), "--record", str(record), *options]
    # the command sets the language of its context: keep it from the other tests
    result = contextvars.copy_context().run(runner.invoke, app, args, input="a\nok\n" * 400)
    assert result.exit_code == 0, result.output
    saved = load(record)
    assert saved.result is not None, "the game did not end:\n" + result.output[-3000:]
    return result.output, saved


def engine_texts(saved: GameRecord) -> list[str]:
    """Everything the engine wrote for the human at seat 0 in the record's game, in the
    current language: each board it decided on, the description of each choice it had, each
    event it saw. The notation (a chosen action, a pending one) is taken out."""
    game: Any = get("post_office")
    names = [saved.label(s) for s in range(len(saved.seats))]
    found: list[str] = []
    before = None
    for entry in replay_steps(game, saved):
        if before is not None and entry.seat == 0:
            view = game.view(before, 0)
            found.append(game.presentation.render(view).replace(view["pending"] or "\0", ""))
            found += [
                game.presentation.describe_action(view, a) for a in game.legal_actions(before, 0)
            ]
        for event in visible_events(entry.events, 0):
            said = game.presentation.event_text(event, names)
            found.append(said.replace(str(event.data.get("action", "\0")), ""))
        before = entry.state
    found.append(game.presentation.render(game.view(before, 0)))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_played_in_line_mode_leaves_no_english_in_the_engines_texts(
    lang: str, tmp_path: Path
) -> None:
    output, saved = play(lang, tmp_path, SEEDS[lang], "-o", "goals=true")
    with use_language(lang):
        written = engine_texts(saved)
        last_round = _("round {round}: each player is dealt 2 parcel tokens", round=11)
        over = _("the last round is over: final scoring")
    left = {}
    for text in written:
        words = english(text)
        if words:
            left[text] = words
    assert not left, f"English left in {lang}:\n" + "\n".join(
        f"{sorted(words)}: {text[:300]}" for text, words in list(left.items())[:10]
    )
    # what was checked is what the screen showed
    assert last_round in output and over in output
    assert sum(1 for text in written if "\n" not in text and text in output) > 100


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_name_of_the_component_data_is_translated(lang: str) -> None:
    components = load_default()
    known = catalog(lang)
    names = [("helper", h) for h in components.helpers]
    for colour in components.colours:
        names += [("parcel type", colour.name), ("shade", colour.shade), ("score", colour.name)]
    icons, goals = data_context("post_office", "icons"), data_context("post_office", "goals")
    names += [(icons, icon.title) for icon in components.icons]
    for goal in components.goals:
        names += [(goals, goal.title), (goals, goal.help)]
    scores = get("post_office").scores(get("post_office").new_state(("player",) * 2, {}, 1))
    names += [("score", key) for key in scores[0].breakdown]
    missing = [name for name in names if not known.get(name)]
    assert not missing, f"no {lang} translation of {missing}"


def test_the_boards_letters_follow_the_language() -> None:
    components = load_default()
    expected = {"en": "FGSP", "nl": "BCSP", "es": "FRDP"}
    for lang, letters in expected.items():
        with use_language(lang):
            assert "".join(texts.letters(components)) == letters
            marks = texts.marks(components)
            assert len(set(marks)) == len(marks)
    with use_language("nl"):
        assert texts.marks(components)[3] == "b"  # bon
        game: Any = get("post_office")
        board = game.presentation.render(game.view(game.new_state(("player",) * 2, {}, 1), 0))
        assert "legenda: B breekbaar (lichtblauw), C cadeau (blauw)" in board
    with use_language("en"):
        assert "legend: F fragile (light blue), G gift (blue)" in game.presentation.render(
            game.view(game.new_state(("player",) * 2, {}, 1), 0)
        )


def test_a_users_own_colours_keep_their_letters_in_every_language() -> None:
    own = """
[[colours]]
name = "red"
shade = "red"
letter = "R"

[[colours]]
name = "green"
shade = "green"
letter = "G"

[[colours]]
name = "navy"
shade = "dark blue"
letter = "N"

[[colours]]
name = "white"
shade = "white"
letter = "W"
"""
    parcels = Path(__file__).parents[3] / "src/mailbag/games/post_office/data/parcels.toml"
    text = parcels.read_text(encoding="utf-8")
    for old, new in (("fragile", "red"), ("gift", "green"), ("sweet", "navy")):
        text = text.replace(f'"{old}"', f'"{new}"')
    text = text.replace('"personal"', '"white"')
    components = parse_components(own + text, "own.toml")
    with use_language("es"):
        assert "".join(texts.letters(components)) == "RGNW"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_whole_screen_reads_in_the_language(lang: str, tmp_path: Path) -> None:
    output, _saved = play(lang, tmp_path, SEEDS[lang])
    left = {}
    for line in output.replace(str(tmp_path), "").splitlines():
        words = english(line, NOTATION)
        if words:
            left[line] = words
    assert not left, f"English left in {lang}:\n" + "\n".join(
        f"{sorted(words)}: {line}" for line, words in list(left.items())[:15]
    )
