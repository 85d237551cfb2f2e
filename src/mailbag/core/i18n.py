"""Every text a person reads, in their language: English (the source), Dutch and Spanish.

Texts are written in English in the code and looked up at display time in the reader's language
(:func:`_`, gettext's convention); the catalogs are the ``.po`` files in ``mailbag/i18n/``
(kept with Babel: ``make catalogs``). Placeholders are named (``"{player} draws {count}"``) and
filled after the lookup, so a translation may put them in its own order. A text with a count
in it is written in its singular and plural (:func:`ngettext`); each language's catalog says how
many forms it has and which one a count takes (its ``Plural-Forms`` header: Dutch and Spanish have
two, the singular for 1 only, as English).

The language is a context variable: a terminal sets it once (``--lang``, ``MAILBAG_LANG``, the
locale), the server per socket and per request. Records, notation and JSON never depend on it.

This module is standard library only: the rules engines use it and stay light.
"""

from __future__ import annotations

import ast
import contextlib
import gettext
import locale
import os
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from mailbag.core.errors import MailbagError
from mailbag.core.marks import N_ as N_  # re-exported: the marks live in their own module
from mailbag.core.marks import NC_ as NC_

#: the languages mailbag speaks (English is the source)
LANGUAGES = ("en", "nl", "es")
#: each language's own name, for a language menu
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "es": "Español"}

#: the catalogs: ``i18n/<lang>/<area>.po`` — one file per area of the code (a game, the
#: terminal, the server), so each is kept on its own; a language's catalog is all of them
CATALOGS = Path(__file__).resolve().parent.parent / "i18n"

_language: ContextVar[str] = ContextVar("mailbag_language", default="en")


def language() -> str:
    """The reader's language now."""
    return _language.get()


def set_language(lang: str) -> None:
    """Set the language of this context (a terminal session, for the rest of the program)."""
    _language.set(check_language(lang))


@contextlib.contextmanager
def use_language(lang: str) -> Iterator[None]:
    """Texts made inside are in ``lang`` (a server building one socket's message)."""
    token = _language.set(check_language(lang))
    try:
        yield
    finally:
        _language.reset(token)


class LanguageError(MailbagError):
    """A language mailbag does not speak."""


def check_language(lang: str) -> str:
    code = (lang or "").strip().lower().replace("_", "-").split("-")[0]
    if code not in LANGUAGES:
        raise LanguageError(
            f"language {lang!r} is not spoken here; choose one of {', '.join(LANGUAGES)}"
        )
    return code


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """``MAILBAG_LANG``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.
    A locale in another language falls back to English; a wrong ``MAILBAG_LANG`` is an error."""
    env = os.environ if environ is None else environ
    chosen = env.get("MAILBAG_LANG")
    if chosen:
        return check_language(chosen)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            code = value.split(".")[0].replace("_", "-").split("-")[0].lower()
            return code if code in LANGUAGES else "en"
    with contextlib.suppress(Exception):
        code = (locale.getlocale()[0] or "").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def best_language(accept_language: str | None) -> str:
    """The first of an HTTP ``Accept-Language`` header's languages (by weight) spoken here."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")[:20]):
        pieces = part.strip().split(";")
        code = pieces[0].strip().lower().split("-")[0]
        weight = 1.0
        for param in pieces[1:]:
            name, _sep, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if code in LANGUAGES and weight > 0:
            choices.append((-weight, index, code))
    return min(choices)[2] if choices else "en"


# -- catalogs ------------------------------------------------------------------------------------
def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    if not isinstance(value, str):
        raise ValueError(text)
    return value


#: a translation: its text, or for a text with a count its forms (``msgstr[0]``, ``msgstr[1]``…)
Translation = str | tuple[str, ...]


def read_po(path: Path) -> dict[tuple[str | None, str], Translation]:
    """A ``.po`` file's translations: (context, message id) → text, or for a text with a count
    (``msgid_plural``) the tuple of its forms; untranslated and fuzzy entries (a plural form left
    empty too) are left out (the English is shown). Only what Babel writes is read."""
    entries: dict[tuple[str | None, str], Translation] = {}
    fields: dict[str, str] = {}
    current: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fields, fuzzy
        msgid = fields.get("msgid")
        key = (fields.get("msgctxt"), msgid or "")
        if msgid and not fuzzy and "msgid_plural" in fields:
            forms = [fields[name] for name in sorted(fields, key=_form) if _form(name) >= 0]
            if forms and all(forms) and len(forms) == 1 + max(map(_form, fields)):
                entries[key] = tuple(forms)
        elif msgid and fields.get("msgstr") and not fuzzy:
            entries[key] = fields["msgstr"]
        fields, fuzzy = {}, False

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            flush()
            current = None
        elif line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"') and current is not None:
            fields[current] += _unquote(line)
        else:
            key, _sep, rest = line.partition(" ")
            done = any(name.startswith("msgstr") for name in fields)
            if key in ("msgctxt", "msgid") and key in fields and done:
                flush()
            current = key
            fields[key] = _unquote(rest)
    flush()
    return entries


def _form(name: str) -> int:
    """The index of a plural form's field (``msgstr[1]`` → 1); -1 for any other field."""
    if name.startswith("msgstr[") and name.endswith("]") and name[7:-1].isdigit():
        return int(name[7:-1])
    return -1


def plural_forms(path: Path) -> str | None:
    """The ``Plural-Forms`` header of a ``.po`` file (``nplurals=2; plural=(n != 1);``)."""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith('"Plural-Forms:'):
            return _unquote(line).partition(":")[2].strip()
        if line.startswith("#:"):  # past the header
            break
    return None


@cache
def catalog(lang: str) -> dict[tuple[str | None, str], str]:
    """A language's translations of single texts: (context, message id) → text."""
    return {key: text for key, text in _merged(lang).items() if isinstance(text, str)}


@cache
def plural_catalog(lang: str) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """A language's translations of texts with a count: (context, singular) → their forms."""
    return {key: text for key, text in _merged(lang).items() if isinstance(text, tuple)}


@cache
def _merged(lang: str) -> dict[tuple[str | None, str], Translation]:
    merged: dict[tuple[str | None, str], Translation] = {}
    if lang == "en":
        return merged
    for path in sorted((CATALOGS / lang).glob("*.po")):
        merged.update(read_po(path))
    return merged


#: English's plural rule (and any catalog's that says none): the singular for 1 only
ENGLISH_PLURAL = "nplurals=2; plural=(n != 1);"


@cache
def plural_rule(lang: str) -> tuple[int, Callable[[int], int]]:
    """How many forms a text with a count has in ``lang``, and which form a count takes: the
    ``Plural-Forms`` of the language's catalogs (gettext's C expression; the one most of them
    give, should they ever disagree — tests/i18n checks that they do not)."""
    headers = [plural_forms(path) for path in sorted((CATALOGS / lang).glob("*.po"))]
    given = sorted({h for h in headers if h}, key=lambda h: (-headers.count(h), h))
    header = given[0] if given and lang != "en" else ENGLISH_PLURAL
    params = dict(part.strip().partition("=")[::2] for part in header.split(";") if "=" in part)
    try:
        return int(params["nplurals"]), gettext.c2py(params["plural"])
    except (KeyError, ValueError):  # a header no tool writes: English's rule
        return 2, gettext.c2py("(n != 1)")


def _format(text: str, fields: Mapping[str, object]) -> str:
    return text.format(**fields) if fields else text


def _(message: str, /, **fields: object) -> str:
    """``message`` (English, with named ``{placeholders}``) in the reader's language, filled."""
    lang = _language.get()
    if lang != "en":
        message = catalog(lang).get((None, message), message)
    return _format(message, fields)


def pgettext(context: str, message: str, /, **fields: object) -> str:
    """:func:`_` for a word that needs its context to be translated (``pgettext("card",
    "Letter")``): component names, score categories."""
    lang = _language.get()
    if lang != "en":
        message = catalog(lang).get((context, message), message)
    return _format(message, fields)


def ngettext(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """A text with a count in the reader's language, in the form the count takes there:
    ``ngettext("{count} card", "{count} cards", n, count=n)`` — "1 card", "2 cards"; in Dutch
    "1 kaart", "2 kaarten". The count is a field like any other (pass it by name)."""
    return npgettext(None, singular, plural, n, **fields)


def npgettext(context: str | None, singular: str, plural: str, n: int, /, **fields: object) -> str:
    """:func:`ngettext` for a text that needs its context (``npgettext("score", …)``)."""
    lang = _language.get()
    english = singular if n == 1 else plural
    if lang == "en":
        return _format(english, fields)
    found = plural_catalog(lang).get((context, singular))
    if not found:  # untranslated: the English, in its right form
        return _format(english, fields)
    count, rule = plural_rule(lang)
    index = rule(abs(int(n)))
    forms = found[:count]
    return _format(forms[min(max(index, 0), len(forms) - 1)], fields)


#: the keys of a game's component data whose text a person reads (``data/*.toml``): extracted into
#: the game's catalog with the context ``data_context(game, table)`` (tests/i18n/areas.py), so a
#: card's title and help are written once, in its data entry
DATA_TEXT_KEYS = ("title", "help")


def data_context(game: str, table: str) -> str:
    """The catalog context of a text of ``game``'s component data in the table ``table`` (the
    data file's ``[[table]]``; a nested one dotted, ``player_board.side_A``)."""
    return f"{game} {table}"


def data_text(game: str, table: str, text: str, /, **fields: object) -> str:
    """A title or help text of ``game``'s component data (table ``table``) in the reader's
    language: a card brought by a user's own data file reads as written."""
    return pgettext(data_context(game, table), text, **fields)


def translate_all(lang: str) -> dict[str, str]:
    """Every translation without a context, for a client that looks texts up itself."""
    return {msgid: text for (ctx, msgid), text in catalog(check_language(lang)).items() if not ctx}
