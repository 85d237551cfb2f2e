"""What the server tells a seat about its table — built from that seat's view, its legal actions
and the events visible to it, and nothing else (the seed and the record only once the game is
over). The leak test compares these messages across worlds that differ only in what the seat
cannot know, as contract check 4 does for views."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mailbag.core import Event, Game, IllegalAction, Observation, Rng
from mailbag.core.i18n import pgettext
from mailbag.server import words
from mailbag.table.consequences import open_score_parts
from mailbag.table.menu import known_score_parts, score_worlds

#: the world :func:`known_deciders` reads the other seats' turns from (fixed: a message depends on
#: the view alone)
_WORLD_SEED = 0x746F5F6D6F7665


def event_entry(
    step: int, event: Event, text: str | None = None, rule: str | None = None
) -> dict[str, Any]:
    """A log line: its step, kind, words, data and the section of the rules that explains it
    (``rule``: ``presentation.event_rule``; None: no section)."""
    return {
        "step": step,
        "kind": event.kind,
        "text": event.text if text is None else text,
        "data": event.data,
        "rule": rule,
    }


def visible_log(
    log: Sequence[Sequence[Event]],
    seat: int | None,
    first: int = 0,
    describe: Callable[[Event], str] | None = None,
    rule_of: Callable[[Event], str | None] | None = None,
) -> list[dict[str, Any]]:
    """The log lines from step ``first`` on that ``seat`` may see (``log[k]``: the events of
    decision ``k``; ``log[0]``: the opening), each in words by ``describe``
    (``game.presentation.event_text`` in the reader's language) with its rule by ``rule_of``
    (``game.presentation.event_rule``)."""
    return [
        event_entry(
            step,
            event,
            None if describe is None else describe(event),
            None if rule_of is None else _quiet(rule_of, event),
        )
        for step in range(max(first, 0), len(log))
        for event in log[step]
        if event.visible_to(seat)
    ]


def _quiet(rule_of: Callable[[Event], str | None], event: Event) -> str | None:
    try:
        return rule_of(event)
    except Exception:  # a game's words are never worth a failed message
        return None


def known_deciders(
    game: Game[Any],
    view: Observation,
    seat: int | None,
    deciders: Sequence[int],
    world: Any = None,
) -> list[int]:
    """Who owes a decision as far as ``seat``'s view tells (``deciders``: the truth). A game may
    hide whether another seat has already made its choice in a simultaneous phase (Post Office
    shows it: PO-114), so the other seats are read from a world drawn from the view; the seat's
    own place is the truth (its own choice is in its view).
    ``world``: one already drawn from ``view`` (with a fixed seed), else one is drawn here."""
    if world is None:
        world = game.determinize(view, Rng.from_seed(_WORLD_SEED))
    shown = list(game.deciders(world))
    mine = seat is not None and seat in deciders
    if seat is not None and mine and seat not in shown:
        shown.append(seat)  # not expected (its own choice is in its view), but the truth wins
    elif not mine and seat in shown:
        shown.remove(seat)
    return shown


def seat_state(
    game: Game[Any],
    state: Any,
    seat: int | None,
    *,
    board: bool = True,
    view: Observation | None = None,
) -> dict[str, Any]:
    """The game part of a ``state`` message for ``seat`` (``None``: a spectator): its view, the
    view drawn as text, its legal actions described from its view, who is to move, and the scores
    as far as its view tells them. Computed from the true state only through ``view``,
    ``legal_actions``, whether ``seat`` is among the ``deciders``, and what the game declares
    open (``public_scores``, ``public_deciders``: contract check 13). ``board``: whether to draw
    the view as text (the room draws it apart, for the sockets that ask for it); ``view``:
    ``game.view(state, seat)`` when the caller has it already."""
    if view is None:
        view = game.view(state, seat)
    deciders = list(game.deciders(state))
    legal = game.legal_actions(state, seat) if seat is not None and seat in deciders else []
    over = game.is_over(state)
    # what the game declares open (contract check 13) is read off the true state: every world
    # drawn from the view would say the same. Else one set of worlds for the scores and the
    # deciders: drawing them is most of a message's cost (which seats owe a decision never
    # depends on the world's seed in the games here)
    worlds = None if game.public_scores and game.public_deciders else score_worlds(game, view)
    if game.public_scores:
        totals, parts = open_score_parts(game, state)
    else:
        totals, parts = known_score_parts(game, view, worlds)
    presentation = game.presentation
    return {
        "seat": seat,
        "view": view,
        **({"board": presentation.render(view)} if board else {}),
        "actions": [
            {
                "notation": str(action),
                "text": presentation.describe_action(view, action),
                "clicks": list(presentation.click_path(view, action)),
                # the section of the rules reference that explains this choice
                "rule": presentation.action_rule(action),
            }
            for action in legal
        ],
        # the section that explains the decision as a whole (the rules panel opens there)
        "decision_rule": presentation.decision_rule(legal),
        "to_move": _told_to_move(game, view, seat, deciders, worlds),
        "scores": totals,
        # each known total by category, the categories in the reader's language
        "breakdowns": parts,
        "score_labels": {
            key: pgettext("score", key) for part in parts if part for key in sorted(part)
        },
        # the section of the rules that explains each score line
        "score_rules": score_rules(game, parts),
        "over": over,
    }


def seen_part(
    game: Game[Any], state: Any, seat: int | None, *, view: Observation | None = None
) -> dict[str, Any]:
    """What of :func:`seat_state` tells whether what ``seat`` sees has changed — its view, who it
    is told is to move and its actions' notations (the same values) — without the rest (the
    board, the scores and the actions' texts: most of a message's cost)."""
    if view is None:
        view = game.view(state, seat)
    deciders = list(game.deciders(state))
    legal = game.legal_actions(state, seat) if seat is not None and seat in deciders else []
    return {
        "view": view,
        "to_move": _told_to_move(game, view, seat, deciders, None),
        "actions": [{"notation": str(action)} for action in legal],
    }


def _told_to_move(
    game: Game[Any],
    view: Observation,
    seat: int | None,
    deciders: Sequence[int],
    worlds: list[Any] | None,
) -> list[int]:
    """:func:`known_deciders` read from the first of the score worlds (``worlds``, or drawn
    here), else from its own world."""
    if game.public_deciders:  # open (contract check 13): the truth is what the view tells
        return list(deciders)
    first = worlds[:1] if worlds else score_worlds(game, view, 1)
    return known_deciders(game, view, seat, deciders, first[0] if first else None)


def why_answer(
    game: Game[Any],
    state: Any,
    seat: int,
    step: int,
    clicks: Sequence[str],
    *,
    deciding: bool,
    held: bool = False,
    reminder: IllegalAction | None = None,
) -> dict[str, Any]:
    """A ``why`` message: why ``clicks`` (the refused one last) take nothing for ``seat`` now, in
    the reader's language (call it inside ``use_language``) — the rules' own reason for the
    action they would name (``presentation.click_action``, then ``game.explain_illegal``: the
    words typed notation gets, which contract check 4 holds to what the seat may know), else
    what can be chosen. Read from the seat's view and legal actions only (``deciding``: the seat
    owes a decision and no bot plays it; ``held``: its choice waits to be revealed); the leak
    test compares it across worlds drawn from the view. ``reminder``: the lesson's line for
    any click but its step's (a lesson's table), answered instead."""
    answer: dict[str, Any] = {"type": "why", "step": step, "clicks": list(clicks), "rule": None}
    if reminder is not None:  # a lesson's step: any other click is told what it asks for
        answer["reason"], answer["rule"] = words.refusal_words(game, reminder)
        return answer
    if not deciding or game.is_over(state):
        answer["reason"] = words.not_deciding(held, game.is_over(state))
        return answer
    observation = game.view(state, seat)
    legal = game.legal_actions(state, seat)
    presentation = game.presentation
    try:
        action = presentation.click_action(observation, list(clicks))
    except Exception:  # a game's hook never makes a failed answer
        action = None
    if action is not None and action not in legal:
        exc = game.explain_illegal(state, seat, action)
        answer["reason"], answer["rule"] = words.refusal_words(game, exc)
        return answer
    paths = [tuple(presentation.click_path(observation, a)) for a in legal]
    prefix = tuple(clicks[:-1])
    following = {
        p[len(prefix)] for p in paths if len(p) > len(prefix) and p[: len(prefix)] == prefix
    }
    started = bool(prefix) and bool(following)
    count = len(following) if started else len({p[0] for p in paths if p})
    answer["reason"] = words.not_a_target(count, started)
    return answer


def score_rules(game: Game[Any], parts: Sequence[Any]) -> dict[str, str]:
    """``{breakdown key: section}`` for the score lines of ``parts`` (each seat's breakdown, or
    None) that a section of the rules explains."""
    found: dict[str, str] = {}
    for part in parts:
        for key in part or {}:
            if str(key) not in found:
                rule = game.presentation.score_rule(str(key))
                if rule is not None:
                    found[str(key)] = rule
    return found


def result_entry(game: Game[Any], record_result: dict[str, Any] | None, seed: int) -> Any:
    """The final result as the client shows it (once over: the seed may be told now, as text:
    a 64-bit number does not survive JavaScript's numbers), with each score category of the
    breakdown in the reader's language (``labels``: key → words; the keys stay as recorded)."""
    if record_result is None:
        return None
    labels: dict[str, str] = {}
    for breakdown in record_result.get("breakdown") or []:
        for key in breakdown or {}:
            labels.setdefault(str(key), pgettext("score", str(key)))
    rules = score_rules(game, record_result.get("breakdown") or [])
    return {**record_result, "seed": str(seed), "labels": labels, "rules": rules}
