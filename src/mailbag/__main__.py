"""``python -m mailbag`` is the ``mailbag`` command."""

from mailbag.cli import main

main()
