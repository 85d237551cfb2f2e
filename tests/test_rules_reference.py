"""The rules in mailbag's own words (``games/<game>/rules/{en,nl,es}.md``): every rule id the code
cites opens a section in every language; the three languages hold the same sections, none empty
or left in English; every choice, log line, score line and refusal of random games opens a
section; ``mailbag rules`` prints them."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mailbag.cli import app
from mailbag.core import registry
from mailbag.core.game import apply, start_game
from mailbag.core.rulebook import RulesError, parse, to_html, to_text

SRC = Path(__file__).resolve().parents[1] / "src" / "mailbag"
GAMES = ("postcards", "post_office", "carteros")
PREFIX = {"postcards": "PC", "post_office": "PO", "carteros": "CA"}
runner = CliRunner()


def cited_ids(prefix: str) -> set[str]:
    found: set[str] = set()
    for path in SRC.rglob("*"):
        if path.suffix in {".py", ".js", ".toml"}:
            found |= set(re.findall(rf"\b{prefix}-\d+[a-z]?\b", path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_every_cited_rule_id_opens_a_section_in_every_language(name: str) -> None:
    game = registry.get(name)
    ids = cited_ids(PREFIX[name])
    assert len(ids) > 15  # the code cites its rulings
    for lang in ("en", "nl", "es"):
        reference = game.presentation.rules_reference(lang)
        assert reference is not None and reference.lang == lang
        missing = sorted(i for i in ids if reference.get(i) is None)
        assert not missing, f"{name} {lang}: no section for {missing}"


@pytest.mark.parametrize("name", GAMES)
def test_the_languages_hold_the_same_sections_in_their_own_words(name: str) -> None:
    game = registry.get(name)
    en, nl, es = (game.presentation.rules_reference(lang) for lang in ("en", "nl", "es"))
    assert en is not None and nl is not None and es is not None
    assert en.ids() == nl.ids() == es.ids()
    assert [s.level for s in en.sections] == [s.level for s in nl.sections]
    for mine, other in ((en, nl), (en, es)):
        for a, b in zip(mine.sections, other.sections, strict=True):
            assert b.text().strip(), f"{name} {other.lang} {b.id} is empty"
            assert a.text() != b.text(), f"{name} {other.lang} {b.id} is left in English"
            assert len(b.text()) > 0.5 * len(a.text()), f"{name} {other.lang} {b.id} is cut short"


@pytest.mark.parametrize("name", GAMES)
def test_what_a_player_sees_opens_a_section(name: str) -> None:
    """Random games (bounded): every decision, choice, log line and score line has a section,
    and so has every refusal of an action legal elsewhere in the game but not now."""
    game = registry.get(name)
    presentation = game.presentation
    reference = presentation.rules_reference("en")
    assert reference is not None
    rng = random.Random(5)
    seen_actions: list[object] = []
    refusals = 0
    for seed in range(3):
        seats: object = ["player", "automa:normal"] if name == "postcards" and seed == 0 else 2
        state, events = start_game(game, seats, None, seed)  # type: ignore[arg-type]
        for _turn in range(400):
            for event in events:
                assert presentation.event_rule(event), f"log line {event.kind!r} has no section"
            if game.is_over(state):
                break
            seat = game.deciders(state)[0]
            legal = game.legal_actions(state, seat)
            assert presentation.decision_rule(legal)
            for action in legal:
                assert presentation.action_rule(action), f"choice {action} has no section"
            for other in rng.sample(seen_actions, min(3, len(seen_actions))):
                if other in legal:
                    continue
                refusal = game.explain_illegal(state, seat, other)  # type: ignore[arg-type]
                assert presentation.rule_section(refusal.rule), (
                    f"refusal {refusal} names {refusal.rule!r}, which opens no section"
                )
                refusals += 1
            seen_actions.extend(rng.sample(legal, min(2, len(legal))))
            state, events = apply(game, state, seat, rng.choice(legal))
        for score in game.scores(state):
            for key in score.breakdown:
                assert presentation.score_rule(key), f"score line {key!r} has no section"
    assert refusals > 50


@pytest.mark.parametrize("name", GAMES)
def test_the_boards_tooltips_open_sections(name: str) -> None:
    """A thing drawn on the graphical board names the section its tooltip's "?" opens
    (``rule: "…"`` in ``picker.props``): each one is a section of the game's reference."""
    board = (SRC / "games" / name / "web" / "board.js").read_text(encoding="utf-8")
    named = set(re.findall(r'\brule: "([A-Za-z0-9-]+)"', board))
    assert len(named) >= 3
    reference = registry.get(name).presentation.rules_reference("en")
    assert reference is not None
    missing = sorted(i for i in named if reference.get(i) is None)
    assert not missing, f"{name}: the board's tooltips name {missing}, which are no sections"
    assert reference.get("components") is not None  # where a tooltip goes when nothing is named


def test_a_bad_reference_is_refused_with_the_line_that_is_wrong() -> None:
    good = "# Game\n\nIntro.\n\n## Setup {#setup}\n\nDeal.\n"
    assert parse(good, "g", "en", "en.md").ids() == ("setup",)
    with pytest.raises(RulesError, match=r"en.md:5"):
        parse("# Game\n\nIntro.\n\n## Setup\n\nDeal.\n", "g", "en", "en.md")
    with pytest.raises(RulesError, match="says nothing"):
        parse("# Game\n\n## Setup {#setup}\n\n## End {#end}\n\nOver.\n", "g", "en", "en.md")
    with pytest.raises(RulesError, match="'nowhere', which is no section"):
        parse("# Game\n\n## Setup {#setup}\n\nSee [x](#nowhere).\n", "g", "en", "en.md")
    with pytest.raises(RulesError, match="used twice"):
        parse("# G\n\n## A {#a}\n\nx.\n\n## B {#a}\n\ny.\n", "g", "en", "en.md")


@pytest.mark.parametrize("name", GAMES)
def test_each_picture_is_a_drawing_of_the_board_folder_shown_in_every_language(name: str) -> None:
    from mailbag.server.boards import board_file

    game = registry.get(name)
    shown: dict[str, list[tuple[str, str]]] = {}
    for lang in ("en", "nl", "es"):
        reference = game.presentation.rules_reference(lang)
        assert reference is not None
        shown[lang] = [(s.id, p) for s in reference.sections for p in s.pictures()]
        for section in reference.sections:
            for picture in section.pictures():
                html = section.html()
                assert f'src="/games/{name}/rules-{picture}.svg"' in html
                caption = re.search(r'alt="([^"]+)"', html)
                assert caption is not None and len(caption.group(1)) > 20
    assert shown["en"], f"{name}: its reference shows no picture"
    assert shown["en"] == shown["nl"] == shown["es"]  # the same pictures in the same sections
    captions = set()
    for lang in ("en", "nl", "es"):
        reference = game.presentation.rules_reference(lang)
        assert reference is not None
        section = reference.get(shown["en"][0][0])
        assert section is not None
        captions.add(re.findall(r"<figcaption>(.+?)</figcaption>", section.html())[0])
    assert len(captions) == 3  # each caption in its own language
    for _section, picture in shown["en"]:
        served = board_file(name, f"rules-{picture}.svg")
        assert served is not None and served[1] == "image/svg+xml"
        # a drawing without words (its caption says it in the reader's language)
        words = re.findall(r"<text[^>]*>([^<]*)</text>", served[0].decode())
        assert all(not re.search(r"[a-z]{3}", w) for w in words), words


def test_a_picture_line_is_a_figure_and_its_caption_in_text() -> None:
    body = "Before.\n\n![The <grid> of houses](neighbourhood)\nAfter."
    html = to_html(body, "carteros")
    assert (
        '<figure class="rules-picture" data-picture="neighbourhood">'
        '<img src="/games/carteros/rules-neighbourhood.svg" alt="The &lt;grid&gt; of houses">'
    ) in html
    assert html.startswith("<p>Before.</p><figure") and html.endswith("<p>After.</p>")
    assert to_text(body) == "Before.\n\n[The <grid> of houses]\n\nAfter."


def test_the_markup_is_escaped_and_links_open_sections() -> None:
    body = "Take **two** <script>x</script> cards, see [the end](#end).\n\n- one\n- `camp 3`"
    html = to_html(body)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert '<a href="#end" data-section="end">the end</a>' in html
    assert "<strong>two</strong>" in html and "<li><code>camp 3</code></li>" in html
    assert to_text(body) == "Take two <script>x</script> cards, see the end.\n\n- one\n- camp 3"


def test_a_cited_rulebook_name_opens_its_section() -> None:
    postcards, carteros = registry.get("postcards"), registry.get("carteros")
    assert postcards.presentation.rule_section("End of the Game") == "end"
    assert postcards.presentation.rule_section("PC-10a") == "PC-10a"
    assert postcards.presentation.rule_section("action notation") == "notation"
    assert carteros.presentation.rule_section("Turn Order 9") == "turn-order-9"
    assert carteros.presentation.rule_section("no such rule") is None


def test_mailbag_rules_lists_and_prints_sections_in_the_language() -> None:
    listed = runner.invoke(app, ["--lang", "en", "rules", "postcards"])
    assert listed.exit_code == 0, listed.output
    assert "PC-7" in listed.output and "setup" in listed.output
    one = runner.invoke(app, ["--lang", "nl", "rules", "carteros", "CA-3"])
    assert one.exit_code == 0, one.output
    nl = registry.get("carteros").presentation.rules_reference("nl")
    assert nl is not None
    section = nl.get("CA-3")
    assert section is not None and section.title in one.output
    searched = runner.invoke(app, ["--lang", "en", "rules", "post_office", "square", "groups"])
    assert searched.exit_code == 0 and "[squares]" in searched.output
    missing = runner.invoke(app, ["--lang", "en", "rules", "postcards", "zeppelin"])
    assert missing.exit_code == 2
    assert "zeppelin" in missing.output and "Traceback" not in missing.output


def test_the_rules_page_is_the_reference_and_refusals_link_to_its_sections() -> None:
    words = pytest.importorskip("mailbag.server.words")
    game = registry.get("postcards")
    page = words.rules_html(game, "nl")
    nl = game.presentation.rules_reference("nl")
    assert nl is not None
    section = nl.get("PC-7")
    assert section is not None
    assert f'<section id="PC-7"><h3>{section.title}</h3>' in page.replace("&#x27;", "'")
    assert '<a href="#setup">' in page and 'lang="nl"' in page
    info = words.rule_info(game, "End of the Game")
    assert info is not None and info["href"] == "/rules/postcards#end"
    assert words.rule_info(game, "PC-8")["href"] == "/rules/postcards#PC-8"
