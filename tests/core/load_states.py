"""Load saved states in this process's build (``MAILBAG_BUILD``) and say what came back: read
from stdin a JSON list of ``[game, state JSON text]``, write a JSON object with the build and,
for each state, its JSON written again, its record digest and its classes. Run by
tests/core/test_compiled_states.py in the pure and in the compiled build."""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Any

from mailbag._build import build_name
from mailbag.core import state_from_json, state_to_json
from mailbag.core.serialize import record_digest
from mailbag.games import get


def classes(obj: Any, found: set[str]) -> set[str]:
    """The names of the record classes inside ``obj`` (a nested dict would show as none)."""
    if dataclasses.is_dataclass(obj) or hasattr(obj, "__struct_fields__"):
        found.add(type(obj).__name__)
        names = getattr(obj, "__struct_fields__", None) or [f.name for f in dataclasses.fields(obj)]
        for name in names:
            classes(getattr(obj, name), found)
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            classes(item, found)
    elif isinstance(obj, dict):
        found.add("dict")
        for item in obj.values():
            classes(item, found)
    return found


def main() -> None:
    out = []
    for name, text in json.load(sys.stdin):
        game = get(name)
        state = state_from_json(game, text)
        out.append(
            {
                "json": state_to_json(game, state),
                "digest": record_digest(state),
                "classes": sorted(classes(state, set())),
            }
        )
    json.dump({"build": build_name(), "states": out}, sys.stdout)


if __name__ == "__main__":
    main()
