"""Actions: small immutable values with one canonical text notation and a JSON form.

An action is a verb from the rulebook (``move``, ``send_postcard``, ``seal``) and a few
arguments, each an integer or a short word. ``str(action)`` is its notation
(``"move 9"``) and :func:`parse_action` reads it back, like chess's UCI; :meth:`Action.to_json`
and :func:`action_from_json` give the JSON form. Integer encodings exist only in the RL layer.
"""

from __future__ import annotations

import re
import reprlib
from typing import Any, NamedTuple

from mailbag.core.errors import ActionSyntaxError
from mailbag.core.i18n import _

Arg = int | str

_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_:.+\-]*$")
_INT = re.compile(r"^-?[0-9]+$")
#: no action of any game comes near these; anything longer is not an action
MAX_TEXT = 200
MAX_ARGS = 16
MAX_DIGITS = 18
_INT_LIMIT = 10**MAX_DIGITS


class Action(NamedTuple):
    """One decision: a verb and its arguments (ints or words without spaces)."""

    verb: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.verb
        return self.verb + " " + " ".join(map(str, self.args))

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
    if len(text) > MAX_TEXT:
        raise ActionSyntaxError(
            _(
                "an action is at most {limit} characters, not {length}",
                limit=MAX_TEXT,
                length=len(text),
            )
        )
    parts = text.split()
    if not parts:
        raise ActionSyntaxError(_("empty action"))
    if len(parts) > MAX_ARGS + 1:
        raise ActionSyntaxError(_("an action has at most {limit} arguments", limit=MAX_ARGS))
    verb, raw = parts[0], parts[1:]
    if not _WORD.match(verb) or _INT.match(verb):
        raise ActionSyntaxError(_("{verb} is not an action verb", verb=repr(verb)))
    if verbs is not None and verb not in verbs:
        raise ActionSyntaxError(
            _(
                "unknown action {verb}; this game's actions are: {verbs}",
                verb=repr(verb),
                verbs=", ".join(sorted(verbs)),
            )
        )
    args: list[Arg] = []
    for token in raw:
        if _INT.match(token) and token.isascii():
            if len(token.lstrip("-")) > MAX_DIGITS:
                raise ActionSyntaxError(
                    _("number {number}… is too large for an action", number=token[:12])
                )
            args.append(int(token))
        elif _WORD.match(token):
            args.append(token)
        else:
            raise ActionSyntaxError(
                _("bad argument {token} in {text}", token=repr(token), text=repr(text))
            )
    return Action(verb, tuple(args))


def action_from_json(data: object) -> Action:
    """Inverse of :meth:`Action.to_json`, with a clear error for malformed input."""
    if not isinstance(data, dict) or not isinstance(data.get("verb"), str):
        raise ActionSyntaxError(
            _("an action in JSON needs a string 'verb': {data}", data=_short(data))
        )
    args = data.get("args", [])
    if not isinstance(args, list) or not all(
        isinstance(a, (int, str)) and not isinstance(a, bool) for a in args
    ):
        raise ActionSyntaxError(
            _("an action's 'args' must be a list of ints and words: {args}", args=_short(args))
        )
    if len(args) > MAX_ARGS or any(
        isinstance(a, int) and not -_INT_LIMIT < a < _INT_LIMIT for a in args
    ):
        raise ActionSyntaxError(_("action {data} is too large", data=_short(data)))
    if len(data["verb"]) > MAX_TEXT or any(isinstance(a, str) and len(a) > MAX_TEXT for a in args):
        raise ActionSyntaxError(_("action {data} is too long", data=_short(data)))
    action = Action(data["verb"], tuple(args))
    if parse_action(str(action)) != action:
        raise ActionSyntaxError(_("action {data} has no canonical notation", data=_short(data)))
    return action


def _short(data: object) -> str:
    """``repr`` of a piece of input, cut short: an error message never echoes a huge input."""
    try:
        text = reprlib.repr(data)
    except ValueError:  # an integer too large to print
        return _("(a value too large to show)")
    return text if len(text) <= 80 else text[:77] + "..."
