"""Post Office on the graphical board: the fixed data the browser draws from (:func:`board_data`),
what a player clicks to take each action (:func:`click_path`) and the points a seal would earn,
computed by the engine on a copy of the seat's public board (:func:`seal_points`).

The things the board draws, by id (all of them on the seat's own board and desk):

- ``deal:56`` — a token dealt to you; clicking it keeps it (the other is passed: ``keep``);
- ``space:7`` — a space of the helper's track (24, ``0`` the Start corner); clicking a reachable
  one moves the helper there, paying the stamps it costs (``move``);
- ``token:56`` — a token in your hand, picked up to be placed; then ``rot:0``..``rot:3`` — the
  four turns of the picked token (previews; the R key or the mouse wheel turns it); then
  ``cell:12`` — the cell (row × 5 + column) to lay it on (``place``);
- ``tape:fragile:L`` — one of your 16 tapes; then ``form:3`` — one of its turned or flipped
  forms (previews; R or the wheel goes to the next one); then ``parcel:23`` — the parcel
  (row × 10 + column) its first square, the topmost then leftmost, covers (``seal``);
- ``skip`` — the button beside the tapes that seals nothing this time (``skip``).

The other seats' boards (drawn small, never clicked) name their things ``p1:cell:12``,
``p1:parcel:23`` and ``p1:space:7`` (seat 1's), and every seat's ``p1:stamps`` and
``p1:goals``; ``goal:NAME`` is a goal face up. :func:`changed_things` gives those that changed
between two views (the others' tokens laid, parcels sealed, helpers moved, goals taken) and the
tokens passed into the seat's hand; :func:`click_action` names the action a click sequence
would take, legal or not, so that a refused click is answered with the rules' reason.

Everything here is read from the seat's view and the action; the board computes no rule. The
words of ``board_data`` are in the reader's language (it is built inside it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mailbag.core import Action, Observation, Rng
from mailbag.core.i18n import N_, _
from mailbag.games.post_office import texts
from mailbag.games.post_office.actions import SKIP_ACTION
from mailbag.games.post_office.apply import apply_action
from mailbag.games.post_office.components import Components
from mailbag.games.post_office.geometry import (
    PSIZE,
    ROTATION_SOURCE,
    SIZE,
    SPACE_CELLS,
    SPACE_LINE,
    STARTING_CELLS,
    TRACK,
)
from mailbag.games.post_office.legal import route_from
from mailbag.games.post_office.scoring import points
from mailbag.games.post_office.state import EMPTY, SEAL, PostOfficeState
from mailbag.games.post_office.view import public_player

#: the board's own words (English, with ``{field}`` placeholders the board fills), by key
WORDS: dict[str, str] = {
    "round": N_("Round {round} of {rounds}"),
    "half": N_("the last, half round"),
    "phase": N_("Phase: {phase}"),
    "second": N_("{phase} (second)"),
    "stamp_supply": N_("Stamps in the supply: {count}"),
    "parcel_supply": N_("Parcel tokens in the supply: {count}"),
    "you": N_("you"),
    "your_board": N_("Your shelving"),
    "score": N_("{points} points"),
    "stamps_title": N_("Stamps held (each goal token counts 8)"),
    "goals_held": N_("Goal tokens: {goals}"),
    "chosen": N_("has chosen"),
    "choosing": N_("still choosing"),
    "chosen_title": N_("who has made this phase's choice is public; what they chose is not"),
    "goals": N_("Goals face up"),
    "goal_stack": N_("{count} in the stack"),
    "dealt": N_("Dealt to you: click the token to keep (the other goes to your left)"),
    "hand": N_("Your hand: pick up a token to place"),
    "hand_wait": N_("Your hand"),
    "turns": N_("Turn it: click a turn, or press R / use the wheel"),
    "place_hint": N_("Click a cell in the helper's row or column to place the token"),
    "tapes": N_("Your tapes: pick one to seal parcels of its colour"),
    "tapes_title": N_("Your tapes"),
    "tapes_none": N_("No tape fits your open parcels now"),
    "skip": N_("Seal nothing"),
    "forms": N_("Turn or flip it: click a form, or press R / use the wheel"),
    "seal_hint": N_("Click the parcel for the tape's first square (top, then left)"),
    "move_hint": N_("Click a highlighted space of the track to move your helper there"),
    "waiting": N_("Your choice is made; waiting for the others."),
    "kept": N_("kept"),
    "tape_left": N_("{tape} tape"),
    "tape_used": N_("{tape} tape (used)"),
    "final": N_("Final score: {parts}"),
    "running": N_("Score now: {parts}"),
    "legend_stamp": N_("stamp"),
    "legend_receipt": N_("receipt"),
    "legend_square": N_("square group"),
    "square_title": N_("an open 2×2 square of one colour"),
    "over": N_("Game over"),
    "token": N_("token {label}"),
    "cell": N_("cell ({row},{col})"),
    "parcel": N_("parcel ({row},{col})"),
    "space": N_("space {number}: {name}"),
    "helper_here": N_("{name}'s helper"),
    "turned": N_("turned {degrees}°"),
    "form": N_("form {number}"),
    "token_name": N_("Token {label}: {parcels}"),
    "with_icon": N_("{kind} with a {icon}"),
    "turn_name": N_("Token {label} turned {degrees}°"),
    "cell_free": N_("Cell ({row},{col}), free"),
    "cell_taken": N_("Cell ({row},{col}), token {label}"),
    "parcel_open": N_("Parcel ({row},{col}), {kind}"),
    "parcel_sealed": N_("Parcel ({row},{col}), {kind}, sealed with the {tape} tape"),
    "parcel_empty": N_("Parcel ({row},{col}), empty"),
    "space_cost": N_("{name}, {count} extra stamps to pay"),
    "space_helper": N_("{name}, where {player}'s helper stands"),
    "form_name": N_("The {tape} tape, form {number}"),
    "tape_name": N_("The {tape} tape"),
    "tape_name_used": N_("The {tape} tape, already laid"),
    "board_of": N_("{player}'s shelving"),
    "stamps_of": N_("{player}: stamps held {count}"),
    "goals_of": N_("{player}: goal tokens"),
    "tip_deal": N_("A token dealt to you: keep one, the other goes to the player on your left."),
    "tip_hand": N_(
        "A token of your hand: pick it up, turn it, lay it on a cell your helper points at."
    ),
    "tip_cell": N_("A cell of the shelving: a token covers its four parcels."),
    "tip_parcel": N_("A parcel: a tape seals four open parcels of its colour."),
    "tip_space": N_("A space of the helper's track: the helper points at its row or column."),
    "tip_tape": N_("A mail tape: it seals four open parcels of its colour in its shape, once."),
    "tip_form": N_("One way to turn or flip the tape."),
    "tip_skip": N_("Lay no tape this time."),
    "magnify_parcels": N_("Parcels of your shelving"),
    "magnify_cells": N_("Cells of your shelving"),
    "magnify_track": N_("The helper's track"),
    "new": N_("new"),
}


def board_data(components: Components) -> dict[str, Any]:
    """What the board draws from, the same for every seat and every moment of a game: the parcel
    colours, icons and tape shapes (each with its forms, as the notation numbers them), the
    printed faces of the tokens and how a turn moves their parcels, the track's spaces, the
    goals, and the words of the board, in the reader's language."""
    letters = texts.letters(components)
    return {
        "colours": [
            {
                "name": c.name,
                "label": texts.parcel_type(c),
                "shade": texts.shade(c),
                "letter": letters[i],
            }
            for i, c in enumerate(components.colours)
        ],
        "icons": [{"name": i.name, "title": texts.icon_title(i)} for i in components.icons],
        "shapes": [
            {"name": s.name, "forms": [[list(sq) for sq in form] for form in components.forms[k]]}
            for k, s in enumerate(components.shapes)
        ],
        "helpers": {h: texts.helper(h) for h in components.helpers},
        # index = token id (0: no token); each [label, 4 colours, 4 icons] as printed
        "tokens": [[t.label, list(t.colours), list(t.icons)] for t in components.tokens],
        "rotation_source": [list(r) for r in ROTATION_SOURCE],
        "size": SIZE,
        "psize": PSIZE,
        "starting_cells": list(STARTING_CELLS),
        "spaces": [
            {"name": texts.space_text(s), "line": list(line) if line else None}
            for s, line in ((s, SPACE_LINE[s]) for s in range(TRACK))
        ],
        "goals": {
            g.name: {"title": texts.goal_title(g), "help": texts.goal_help(g)}
            for g in components.goals
        },
        "score_labels": {key: texts.score_category(key) for key in texts.SCORE_CATEGORIES},
        "phases": {p: texts.phase(p) for p in texts.PHASES},
        "words": {key: _(text) for key, text in WORDS.items()},
    }


def click_path(components: Components, observation: Observation, action: Action) -> tuple[str, ...]:
    """The ids clicked, in order, to take ``action`` (see the module's docstring)."""
    verb, args = action
    if verb == "keep":
        return (f"deal:{int(args[0])}",)
    if verb == "move":
        board = observation["players"][observation["seat"]]
        stops = route_from(board["tokens"], board["space"])
        return (f"space:{stops[int(args[0])]}",)
    if verb == "place":
        token, row, col, rot = (int(a) for a in args)
        return (f"token:{token}", f"rot:{rot}", f"cell:{row * SIZE + col}")
    if verb == "seal":
        colour, shape = str(args[0]), str(args[1])
        return (
            f"tape:{colour}:{shape}",
            f"form:{int(args[2])}",
            f"parcel:{int(args[3]) * PSIZE + int(args[4])}",
        )
    if verb == "skip":
        return ("skip",)
    return ()


def _number(click: str, kind: str) -> int | None:
    """The number of a click ``kind:N`` (None: another kind, or no number)."""
    head, sep, tail = click.partition(":")
    if head != kind or not sep or not tail.isdigit():
        return None
    return int(tail)


def click_action(
    components: Components, observation: Observation, clicks: Sequence[str]
) -> Action | None:
    """The action the clicks ``clicks`` (the refused one last) would take, legal or not: the
    inverse of :func:`click_path`, read from the seat's view alone. A click on the board that
    names a thing of the phase's action stands for that action with the rest of it taken from
    the clicks before it (or the first token of the hand, its first turn), so that the rules
    say what is wrong with it — a cell the helper does not point at, a parcel of another
    colour, a tape already laid, a space that costs more stamps than the seat holds. None: the
    clicks name nothing the phase could do (another seat's board, a tape in the place phase),
    or they would be legal once the missing click is made (a cell clicked before a token)."""
    seat = observation.get("seat")
    if seat is None or not clicks:
        return None
    phase = observation.get("phase")
    last = str(clicks[-1])
    try:
        board = observation["players"][seat]
        if phase == "keep":
            token = _number(last, "deal")
            return None if token is None else Action("keep", (token,))
        if phase == "move":
            space = _number(last, "space")
            if space is None:
                return None
            stops = route_from(board["tokens"], board["space"])
            if space not in stops:
                return None
            return Action("move", (stops.index(space),))
        if phase == "place":
            return _place_action(observation, [str(c) for c in clicks])
        if phase == "seal":
            return _seal_action(components, [str(c) for c in clicks])
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    return None


def _place_action(observation: Observation, clicks: list[str]) -> Action | None:
    last = clicks[-1]
    hand = [int(t) for t in observation.get("hand") or ()]
    token = next((n for c in clicks if (n := _number(c, "token")) is not None), None)
    rot = next((n for c in clicks if (n := _number(c, "rot")) is not None), None)
    cell = _number(last, "cell")
    if cell is None:
        if token is not None and token not in hand:
            return Action("place", (token, 0, 0, 0))
        return None
    board = observation["players"][observation["seat"]]
    free = board["tokens"][cell] == EMPTY and cell in SPACE_CELLS[board["space"]]
    if token is None or rot is None:
        if free or not hand:
            return None  # a cell it could go on: only a click before it is missing
        token = hand[0] if token is None else token
    row, col = divmod(cell, SIZE)
    return Action("place", (token, row, col, rot or 0))


def _seal_action(components: Components, clicks: list[str]) -> Action | None:
    if clicks[-1] == "skip":
        return SKIP_ACTION
    tape = next((c for c in clicks if c.startswith("tape:")), None)
    if tape is None:
        return None
    _kind, colour, shape = [*tape.split(":"), "", ""][:3]
    form = next((n for c in clicks if (n := _number(c, "form")) is not None), None)
    parcel = _number(clicks[-1], "parcel")
    if parcel is None:
        if clicks[-1] != tape and _number(clicks[-1], "form") is None:
            return None
        # a tape or a form alone: the rules say whether it fits anywhere at all
        return Action("seal", (colour, shape, form or 0, -1, -1))
    row, col = divmod(parcel, PSIZE)
    return Action("seal", (colour, shape, form or 0, row, col))


def _board_changes(prefix: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The things of one seat's board that differ: cells laid, parcels sealed, the helper."""
    out = [
        f"{prefix}cell:{c}"
        for c, (a, b) in enumerate(zip(before["tokens"], after["tokens"], strict=True))
        if a != b
    ]
    out += [
        f"{prefix}parcel:{p}"
        for p, (a, b) in enumerate(zip(before["tapes"], after["tapes"], strict=True))
        if a != b
    ]
    if before["space"] != after["space"]:
        out.append(f"{prefix}space:{after['space']}")
    return out


def changed_things(
    components: Components, before: Observation, after: Observation
) -> tuple[str, ...]:
    """The ids of the things the board draws that differ between two views of one seat: the
    other seats' cells laid (``p1:cell:12``), parcels sealed (``p1:parcel:23``), helpers moved
    (``p1:space:7``, where it stands now), every seat's stamps and goal tokens that changed
    (``p1:stamps``, ``p1:goals``), the goals newly face up (``goal:NAME``) and the tokens passed
    into the seat's own hand (``token:53``). The seat's own shelving is left out (what it did
    itself it knows). Two views of different games or seat counts: nothing."""
    try:
        seat = after.get("seat")
        if before.get("seat") != seat or len(before["players"]) != len(after["players"]):
            return ()
        out: list[str] = []
        for i, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
            prefix = f"p{i}:"
            if i != seat:
                out += _board_changes(prefix, old, new)
            if old["stamps"] != new["stamps"]:
                out.append(f"{prefix}stamps")
            if old["goals"] != new["goals"] or old["goals_won"] != new["goals_won"]:
                out.append(f"{prefix}goals")
        shown = set(before.get("goal_display") or ())
        out += [f"goal:{g}" for g in after.get("goal_display") or () if g not in shown]
        if seat is not None:
            had = set(before.get("hand") or ()) | set(before.get("dealt") or ())
            out += [f"token:{t}" for t in after.get("hand") or () if t not in had]
        return tuple(dict.fromkeys(out))
    except (KeyError, IndexError, TypeError, ValueError):
        return ()


def seal_points(components: Components, observation: Observation, action: Action) -> int:
    """The points the seat's board gains by the seal ``action`` (the sealed stamps, the symbols
    its colour's tapes now count, the receipts it touches, the square groups it covers), as the
    engine lays it: the rules seal a copy of the seat's public board, alone at the table with
    the view's stamp supply, and the score is counted before and after."""
    board = observation["players"][observation["seat"]]
    player = public_player(components, board)
    before = points(player)
    table = PostOfficeState(
        rng=Rng(0),
        players=[player],
        round=1,
        phase=SEAL,
        step=0,
        supply=[],
        discarded=[],
        stamp_supply=int(observation["stamp_supply"]),
        goals_on=False,
        goal_stack=[],
        goal_display=[],
        goal_box=[],
        starting_box=[],
    )
    apply_action(components, table, 0, action)
    return points(table.players[0]) - before


def with_points(text: str, gained: int) -> str:
    """A seal's description with the points it earns."""
    if gained == 1:
        return _("{action}: +1 point", action=text)
    if gained > 0:
        return _("{action}: +{points} points", action=text, points=gained)
    if gained == 0:
        return _("{action}: no points", action=text)
    return _("{action}: {points} points", action=text, points=gained)
