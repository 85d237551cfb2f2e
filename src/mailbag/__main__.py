"""``python -m mailbag`` and the ``mailbag`` command: Ctrl-C even while mailbag is still loading
ends with one line, never a traceback."""

from __future__ import annotations

import sys


def _choose_language(argv: list[str]) -> None:
    """The language of everything shown, chosen before the commands are built (their help is
    text too): ``--lang`` anywhere on the command line, else ``MAILBAG_LANG``, else the locale."""
    from mailbag.core.i18n import LanguageError, language_from_environment, set_language

    try:
        chosen = language_from_environment()
        for index, word in enumerate(argv):
            if word == "--lang" and index + 1 < len(argv):
                chosen = argv[index + 1]
            elif word.startswith("--lang="):
                chosen = word.split("=", 1)[1]
        set_language(chosen)
    except LanguageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)


def run() -> None:
    try:
        _choose_language(sys.argv[1:])
        from mailbag.cli import main
    except KeyboardInterrupt:
        from mailbag.core.i18n import _

        print(_("interrupted"), file=sys.stderr)
        sys.exit(130)
    main()


if __name__ == "__main__":
    run()
