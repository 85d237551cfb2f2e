"""``make catalogs``: extract every area's texts and bring each language's ``.po`` up to date
(new texts added untranslated, texts no longer in the code marked obsolete)."""

from __future__ import annotations

import sys
from pathlib import Path

from areas import AREAS, I18N, PLURAL_FORMS, TRANSLATED, messages_of
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po


def template(area: str) -> Catalog:
    pot = Catalog(project="mailbag", domain=area)
    for context, msgid, path, line in messages_of(area):
        pot.add(msgid, locations=[(str(path.relative_to(I18N.parent)), line)], context=context)
    return pot


def update(area: str, lang: str, pot: Catalog) -> Path:
    path = I18N / lang / f"{area}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        with path.open("rb") as handle:
            po = read_po(handle, locale=lang)
    else:
        po = Catalog(locale=lang, project="mailbag", domain=area)
    # the language's plural forms (a text with a count has as many translations)
    po.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    po.update(pot, no_fuzzy_matching=True)
    with path.open("wb") as handle:
        write_po(handle, po, width=100, omit_header=False, ignore_obsolete=True)
    return path


def main(areas: list[str]) -> None:
    for area in areas or list(AREAS):
        pot = template(area)
        for lang in TRANSLATED:
            path = update(area, lang, pot)
            print(f"{path.relative_to(I18N.parent.parent.parent)}: {len(pot)} texts")


if __name__ == "__main__":
    main(sys.argv[1:])
