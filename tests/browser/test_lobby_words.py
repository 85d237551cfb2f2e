"""The lobby in words, in English, Dutch and Spanish (Chromium against a real `mailbag serve`):
no option shown by its name (`stampy`, `max_rounds`, `edition`, `side`…) nor a choice by its
value (`A`, `en`, `true`), no seat kind by its code (`automa:normal`, `greedy`, `me`,
`mcts:time=1`); each option with a one-line explanation; and a table made from the lobby with
the names left empty shows words at the table (no seat called `me` or `greedy`).

Screenshots: tests/artifacts/browser/lobby-words-<lang>.png.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser_live import WAIT_MS, LiveServer
from playwright.sync_api import Browser, Page
from table_measures import visible_text_problems

#: the games whose options the issue found unworded
GAMES = ("carteros", "post_office", "postcards")
#: seat kinds as codes: none may be shown as a seat menu's words
KIND_CODES = {"me", "friend", "human", "greedy", "random", "mcts", "planner", "automa"}
LANGS = ("en", "nl", "es")

#: what the lobby shows: every label, explanation and menu entry of the new-game form
_FORM = """() => {
  const form = document.querySelector("form.create");
  const fields = [...form.querySelectorAll("fieldset:not(.clock) label.field")].map((f) => ({
    option: (f.querySelector("[data-testid^=option-]") || {}).dataset?.testid || null,
    label: (f.querySelector("b") || {}).textContent || "",
    help: (f.querySelector("small.help") || {}).innerText || "",
    choices: [...f.querySelectorAll("option")].map((o) => o.textContent.trim()),
  }));
  const seats = [...form.querySelectorAll("select[data-testid^=seat-kind-]")].map((s) =>
    [...s.querySelectorAll("option")].map((o) => o.textContent.trim()));
  const absent = [...form.querySelectorAll("[data-testid=clock-absent-bot] option")].map(
    (o) => o.textContent.trim());
  return { text: form.innerText, fields, seats, absent };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with LiveServer.running(tmp_path_factory.mktemp("lobby-words")) as live:
        yield live


def _games(server: LiveServer, lang: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/api/games?lang={lang}", timeout=30) as answer:
        return {g["name"]: g for g in json.load(answer)}


def _lobby(browser: Browser, server: LiveServer, lang: str) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=lang)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    page.add_init_script(f"window.localStorage.setItem('mailbag.lang', '{lang}')")
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=game-select]", timeout=WAIT_MS)
    return page


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_shows_words_not_codes(
    browser: Browser, server: LiveServer, lang: str, artifacts: Path
) -> None:
    english, spoken = _games(server, "en"), _games(server, lang)
    page = _lobby(browser, server, lang)
    try:
        for name in GAMES:
            page.select_option("[data-testid=game-select]", name)
            page.wait_for_selector(
                f"form.create [data-testid=option-{spoken[name]['options'][0]['name']}]"
            )
            page.select_option("[data-testid=clock-kind]", "none")
            shown = page.evaluate(_FORM)
            options = {o["name"]: o for o in spoken[name]["options"]}
            fields = {f["option"]: f for f in shown["fields"] if f["option"]}
            assert set(fields) == {f"option-{n}" for n in options}, (lang, name, fields)
            for option_name, option in options.items():
                field = fields[f"option-{option_name}"]
                where = f"{lang} {name} {option_name}"
                label = field["label"].strip()
                # a label in words, not the option's name (nor any other option's)
                assert label and label not in options and "_" not in label, (where, label)
                if lang != "en":  # and in the reader's language
                    english_label = next(
                        o["label"] for o in english[name]["options"] if o["name"] == option_name
                    )
                    assert label == option["label"] and label != english_label, (where, label)
                # a one-line explanation, without rule ids
                assert field["help"].strip() and "\n" not in field["help"].strip(), where
                assert not re.search(r"\b[A-Z]{2,3}-\d+\b", field["help"]), (where, field["help"])
                if option["type"] != "bool" and field["choices"]:
                    raw = {str(v) for v in option["choices"] or []}
                    assert not raw & set(field["choices"]), (where, field["choices"])
                    words = [c["label"] for c in option["choice_labels"]]
                    assert field["choices"] == words, (where, field["choices"])
            for entries in shown["seats"]:
                assert entries, (lang, name)
                for entry in entries:
                    head = entry.split(":")[0].split()[0] if entry.strip() else ""
                    assert entry and entry not in KIND_CODES and head not in KIND_CODES, (
                        lang,
                        name,
                        entry,
                    )
                    assert ":" not in entry or "—" in entry, (lang, name, entry)
            for entry in shown["absent"]:
                assert "=" not in entry and "bot: " not in entry, (lang, name, entry)
            for code in re.findall(r"\b(?:automa|mcts|greedy|random):[\w=.,]+", shown["text"]):
                raise AssertionError(f"{lang} {name}: a seat kind's code shown: {code}")
            if name == "postcards":
                page.screenshot(path=str(artifacts / f"lobby-words-{lang}.png"), full_page=True)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_made_from_the_lobby_with_no_names_shows_words(
    browser: Browser, server: LiveServer, lang: str, artifacts: Path
) -> None:
    """Postcards against the Automa, names left empty: the seats are called in words at the
    table (the lobby's default: never a kind's code)."""
    page = _lobby(browser, server, lang)
    try:
        page.select_option("[data-testid=game-select]", "postcards")
        page.select_option("[data-testid=seat-kind-1]", "automa:normal")
        page.click("[data-testid=create-table]")
        go = page.locator("[data-testid=go-to-seat]")
        go.wait_for(timeout=WAIT_MS)
        assert not re.search(r"\((me|greedy|automa:\w+)\)", go.inner_text()), go.inner_text()
        go.click()
        page.wait_for_function(
            """() => { const s = document.querySelector('[data-testid="status"]');
                       return s && s.dataset.status === "connected"; }""",
            timeout=WAIT_MS,
        )
        page.wait_for_selector("[data-testid=graphical-board]", timeout=WAIT_MS)
        problems = visible_text_problems(page)
        assert not problems, f"{lang}: {problems}"
        text = page.locator("body").inner_text()
        assert not re.search(r"\bautoma:\w+|\bmcts:", text), text
        page.screenshot(path=str(artifacts / f"lobby-words-table-{lang}.png"))
    finally:
        page.context.close()
