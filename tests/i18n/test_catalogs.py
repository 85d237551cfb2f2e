"""Every text a person reads is translated in every language, with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from areas import AREAS, I18N, SRC, TRANSLATED, files_of, messages_of

from mailbag.core import i18n
from mailbag.core.i18n import _, pgettext, read_po, use_language

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("area", list(AREAS))
def test_every_text_is_translated_with_the_same_placeholders(area: str, lang: str) -> None:
    path = I18N / lang / f"{area}.po"
    catalog = read_po(path) if path.exists() else {}
    missing: list[str] = []
    broken: list[str] = []
    forms = i18n.plural_rule(lang)[0]
    for context, msgid, source, line in messages_of(area):
        where = f"{source.relative_to(SRC)}:{line}"
        key = msgid if isinstance(msgid, str) else msgid[0]
        text = catalog.get((context, key))
        if text is None:
            missing.append(f"{where}: {msgid!r}")
        elif isinstance(msgid, str):
            if not isinstance(text, str) or placeholders(text) != placeholders(msgid):
                broken.append(f"{where}: {msgid!r} -> {text!r}")
        elif not isinstance(text, tuple) or len(text) != forms:
            broken.append(f"{where}: {msgid!r} needs {forms} forms in {lang}, has {text!r}")
        else:
            # the first form may leave the count out ("one card"); the others hold the plural's
            singular, plural = placeholders(msgid[0]), placeholders(msgid[1])
            if placeholders(text[0]) not in (singular, plural) or any(
                placeholders(form) != plural for form in text[1:]
            ):
                broken.append(f"{where}: {msgid!r} -> {text!r}")
    assert not missing, f"{len(missing)} texts without a {lang} translation in {path.name}:\n" + (
        "\n".join(missing[:40])
    )
    assert not broken, f"{lang}: placeholders differ:\n" + "\n".join(broken[:40])


@pytest.mark.parametrize("area", list(AREAS))
def test_texts_are_looked_up_as_written(area: str) -> None:
    """A text is marked where it is written, as a literal: an f-string or a concatenation inside
    ``_()`` could never be in a catalog."""
    bad = []
    for path in files_of(area):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"\b(?:_|N_|NC_|pgettext|t)\(\s*f[\"']", text):
            line = text.count("\n", 0, match.start()) + 1
            bad.append(f"{path.relative_to(SRC)}:{line}")
    assert not bad, "f-strings in _(): use named placeholders instead:\n" + "\n".join(bad)


def test_the_catalog_reader_reads_what_babel_writes(tmp_path: Path) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    po = Catalog(locale="nl")
    po.add("{seat} draws a card", "{seat} trekt een kaart")
    po.add("Letter", "Brief", context="card")
    po.add("a long text " * 12, "een lange tekst " * 12)
    po.add("fuzzy one", "vaag", flags=["fuzzy"])
    po.add("untranslated", "")
    path = tmp_path / "nl.po"
    with path.open("wb") as handle:
        write_po(handle, po, width=60)
    assert read_po(path) == {
        (None, "{seat} draws a card"): "{seat} trekt een kaart",
        ("card", "Letter"): "Brief",
        (None, "a long text " * 12): "een lange tekst " * 12,
    }


def test_the_catalog_reader_reads_the_forms_of_a_text_with_a_count(tmp_path: Path) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    po = Catalog(locale="nl")
    po.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n != 1);")]
    po.add(("{count} card", "{count} cards"), ("{count} kaart", "{count} kaarten"))
    po.add(("{count} day", "{count} days"), ("{count} dag", ""))  # half done: left out
    po.add(("{count} turn", "{count} turns"), ("{count} beurt", "{count} beurten"), context="x")
    po.add("Letter", "Brief", context="card")
    path = tmp_path / "nl.po"
    with path.open("wb") as handle:
        write_po(handle, po, width=100, omit_header=False)
    assert "msgid_plural" in path.read_text(encoding="utf-8")
    assert read_po(path) == {
        (None, "{count} card"): ("{count} kaart", "{count} kaarten"),
        ("x", "{count} turn"): ("{count} beurt", "{count} beurten"),
        ("card", "Letter"): "Brief",
    }
    assert i18n.plural_forms(path) == "nplurals=2; plural=(n != 1);"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_of_a_language_has_its_plural_forms(lang: str) -> None:
    from areas import PLURAL_FORMS

    for path in sorted((I18N / lang).glob("*.po")):
        assert i18n.plural_forms(path) == PLURAL_FORMS[lang], path.name
    count, rule = i18n.plural_rule(lang)
    assert count == 2 and [rule(n) for n in (0, 1, 2, 5, 1_000_000)] == [1, 0, 1, 1, 1]


def test_the_language_is_chosen_and_used() -> None:
    assert i18n.language_from_environment({"MAILBAG_LANG": "nl"}) == "nl"
    assert i18n.language_from_environment({"LANG": "es_ES.UTF-8"}) == "es"
    assert i18n.language_from_environment({"LANG": "fr_FR.UTF-8"}) == "en"
    assert i18n.language_from_environment({"LANG": "nl_BE.UTF-8", "MAILBAG_LANG": "es"}) == "es"
    with pytest.raises(i18n.LanguageError, match="nl"):
        i18n.language_from_environment({"MAILBAG_LANG": "fr"})
    assert i18n.best_language("fr-FR,es;q=0.8,nl;q=0.9") == "nl"
    assert i18n.best_language("de, en;q=0.1") == "en"
    assert i18n.best_language(None) == "en"
    with use_language("en"):
        assert _("{seat} draws", seat="ann") == "ann draws"
        assert pgettext("card", "Letter") == "Letter"


def test_a_refusal_names_its_rule_in_the_readers_language() -> None:
    from mailbag.core import IllegalAction

    with use_language("nl"):
        assert str(IllegalAction("stale", "x")) == "x [verouderd]"
        assert str(IllegalAction("Sticking a Stamp", "x")) == "x [Een postzegel plakken]"
        assert str(IllegalAction("CA-4", "x")) == "x [CA-4]"  # a ruling's id is the same
    with use_language("es"):
        assert str(IllegalAction("Turn Order 3", "x")) == "x [Orden de turno 3]"
    assert str(IllegalAction("stale", "x")) == "x [stale]"
