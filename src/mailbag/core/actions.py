"""Actions: small immutable values with one canonical text notation and a JSON form.

An action is a verb from the rulebook (``move``, ``send_postcard``, ``seal``) and a few
arguments, each an integer or a short word. ``str(action)`` is its notation
(``"move 9"``) and :func:`parse_action` reads it back, like chess's UCI; :meth:`Action.to_json`
and :func:`action_from_json` give the JSON form. Integer encodings exist only in the RL layer.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from mailbag.core.errors import ActionSyntaxError

Arg = int | str

_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_:.+\-]*$")
_INT = re.compile(r"^-?[0-9]+$")


class Action(NamedTuple):
    """One decision: a verb and its arguments (ints or words without spaces)."""

    verb: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.verb
        return self.verb + " " + " ".join(str(a) for a in self.args)

    def to_json(self) -> dict[str, Any]:
        return {"verb": self.verb, "args": list(self.args)}


def act(verb: str, *args: Arg) -> Action:
    """Shorthand constructor: ``act("move", 9)``."""
    return Action(verb, args)


def parse_action(text: str, verbs: frozenset[str] | None = None) -> Action:
    """Read the canonical notation back into an action.

    ``verbs``, when given, is the set of verbs the game knows; an unknown verb is an error that
    lists them.
    """
    parts = text.split()
    if not parts:
        raise ActionSyntaxError("empty action")
    verb, raw = parts[0], parts[1:]
    if not _WORD.match(verb) or _INT.match(verb):
        raise ActionSyntaxError(f"{verb!r} is not an action verb")
    if verbs is not None and verb not in verbs:
        raise ActionSyntaxError(
            f"unknown action {verb!r}; this game's actions are: {', '.join(sorted(verbs))}"
        )
    args: list[Arg] = []
    for token in raw:
        if _INT.match(token):
            args.append(int(token))
        elif _WORD.match(token):
            args.append(token)
        else:
            raise ActionSyntaxError(f"bad argument {token!r} in {text!r}")
    return Action(verb, tuple(args))


def action_from_json(data: object) -> Action:
    """Inverse of :meth:`Action.to_json`, with a clear error for malformed input."""
    if not isinstance(data, dict) or not isinstance(data.get("verb"), str):
        raise ActionSyntaxError(f"an action in JSON needs a string 'verb': {data!r}")
    args = data.get("args", [])
    if not isinstance(args, list) or not all(
        isinstance(a, (int, str)) and not isinstance(a, bool) for a in args
    ):
        raise ActionSyntaxError(f"an action's 'args' must be a list of ints and words: {args!r}")
    action = Action(data["verb"], tuple(args))
    if parse_action(str(action)) != action:
        raise ActionSyntaxError(f"action {data!r} has no canonical notation")
    return action
