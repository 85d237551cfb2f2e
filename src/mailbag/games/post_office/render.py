"""Post Office as text for the terminal, drawn from a view only (so it cannot leak).

Each parcel is two characters: an open parcel is its colour letter and its icon's mark (``*``
type symbol, ``$`` stamp, ``r`` receipt, blank for none: ``[[icons]]`` in box.toml); a sealed
parcel is the lowercase colour letter and the shape letter of the tape on it; ``. `` is an empty
parcel. The helper track is drawn around the shelving: ``v``/``^`` mark the column, ``>``/``<``
the row the helper points at. Every name, letter, mark and title comes from the component data
(colours, icons, shapes, goals), in the reader's language (texts.py); the legend is written
from it too.

Each seat's running score is what its board would score if the game ended now (PO-8), with its
breakdown by source, computed from the public boards of the view only: a seat's own pending
choice (PO-2) is not counted, so every seat and a spectator see the same scores.
"""

from __future__ import annotations

from typing import Any

from mailbag.core import Action, Observation
from mailbag.core.i18n import _
from mailbag.games.post_office import texts
from mailbag.games.post_office.components import STAMP, Components
from mailbag.games.post_office.geometry import (
    PSIZE,
    ROTATION_SOURCE,
    SIZE,
    SPACE_LINE,
    Tables,
    parcel_label,
)
from mailbag.games.post_office.legal import route_from
from mailbag.games.post_office.scoring import breakdown, open_symbols, tapes_of_colour
from mailbag.games.post_office.view import public_player


def parcel_text(
    board: dict[str, Any],
    p: int,
    comps: Components,
    letters: tuple[str, ...] | None = None,
    marks: tuple[str, ...] | None = None,
) -> str:
    colour: int = board["colours"][p]
    if colour < 0:
        return ". "
    letter = (letters or texts.letters(comps))[colour]
    tape: int = board["tapes"][p]
    if tape >= 0:
        return letter.lower() + comps.shapes[tape % 4].name
    icon: int = board["icons"][p]
    return letter + (marks or texts.marks(comps))[icon]


def board_lines(board: dict[str, Any], comps: Components) -> list[str]:
    """The shelving: cells numbered 0–4 (and parcels 0–9) along the top and the left side."""
    space = board["space"]
    line = SPACE_LINE[space]
    col_mark = line[1] if line and line[0] == "col" else -1
    row_mark = line[1] if line and line[0] == "row" else -1
    top = 1 <= space <= 5
    letters, marks = texts.letters(comps), texts.marks(comps)
    pad = "        "
    arrows = pad + "".join(
        (f"{'v' if top else '^':^6}") if c == col_mark else "      " for c in range(SIZE)
    )
    rule = "       +" + "-----+" * SIZE
    lines = []
    if col_mark >= 0 and top:
        lines.append(arrows)
    lines.append(pad + "".join(f"{c:^5} " for c in range(SIZE)) + "  " + _("cell"))
    lines.append(
        pad + "".join(f"{2 * c:<2} {2 * c + 1:<2} " for c in range(SIZE)) + " " + _("parcel")
    )
    lines.append(rule)
    for r in range(SIZE):
        for half in range(2):
            pr = 2 * r + half
            mark = " "
            if r == row_mark and half == 0:
                mark = "<" if space >= 19 else ">"
            label = f"{r} {pr}" if half == 0 else f"  {pr}"
            cells = [
                parcel_text(board, pr * PSIZE + 2 * c, comps, letters, marks)
                + " "
                + parcel_text(board, pr * PSIZE + 2 * c + 1, comps, letters, marks)
                for c in range(SIZE)
            ]
            lines.append(f" {mark} {label} |" + "|".join(cells) + "|")
        lines.append(rule)
    if col_mark >= 0 and not top:
        lines.append(arrows)
    where = texts.space_text(space)
    if line is None:
        where = _("{space} (any free cell)", space=where)
    lines.append("  " + _("helper on space {number}: {space}", number=space, space=where))
    return lines


def tapes_left(board: dict[str, Any], comps: Components) -> str:
    parts = []
    for c, letter in enumerate(texts.letters(comps)):
        shapes = "".join(
            s.name if board["placed"][c * 4 + k] < 0 else "-" for k, s in enumerate(comps.shapes)
        )
        parts.append(f"{letter}:{shapes}")
    return " ".join(parts)


def token_text(token: int, comps: Components, rotation: int = 0) -> str:
    """A token as ``17[F* G/S$ P]``: its parcels top-left, top-right / bottom-left, bottom-right
    as they lie after ``rotation`` quarter turns clockwise."""
    printed = comps.tokens[token]
    source = ROTATION_SOURCE[rotation]
    letters, marks = texts.letters(comps), texts.marks(comps)
    parts = []
    for k in range(4):
        colour, icon = printed.colours[source[k]], printed.icons[source[k]]
        parts.append(letters[colour] + marks[icon].strip())
    return f"{printed.label}[{parts[0]} {parts[1]}/{parts[2]} {parts[3]}]"


def stamps_text(count: int) -> str:
    if count == 1:
        return _("1 stamp")
    return _("{count} stamps", count=count)


def symbols_text(count: int) -> str:
    if count == 1:
        return _("1 symbol")
    return _("{count} symbols", count=count)


def tapes_text(count: int) -> str:
    if count == 1:
        return _("1 tape")
    return _("{count} tapes", count=count)


def legend(comps: Components) -> list[str]:
    """What the letters and marks of the boards mean, from the component data."""
    letters, marks = texts.letters(comps), texts.marks(comps)
    colours = ", ".join(
        f"{letter} {texts.parcel_type(c)} ({texts.shade(c)})"
        for letter, c in zip(letters, comps.colours, strict=True)
    )
    icons = ", ".join(
        f"{mark} {texts.icon_title(i)}"
        for mark, i in zip(marks, comps.icons, strict=True)
        if mark.strip()
    )
    shapes = "/".join(s.name for s in comps.shapes)
    return [
        _("legend: {colours};", colours=colours),
        "        "
        + _(
            "{icons}; lowercase letter + tape shape ({shapes}) = sealed", icons=icons, shapes=shapes
        ),
    ]


def goal_title(name: str, tables: Tables) -> str:
    """A goal (by its name in the data) as the table calls it."""
    index = tables.goal_index.get(name)
    return name if index is None else texts.goal_title(tables.components.goals[index])


def goal_lines(obs: Observation, tables: Tables) -> list[str]:
    """The face-up goals with what completes each (PO-9), from the goals' data."""
    goals = tables.components.goals
    lines = [
        _(
            "goals face up: {count} · stack {stack}",
            count=len(obs["goal_display"]),
            stack=obs["goal_stack_size"],
        )
    ]
    for name in obs["goal_display"]:
        goal = goals[tables.goal_index[name]]
        title, text = texts.goal_title(goal), texts.goal_help(goal)
        lines.append("  " + (_("{goal}: {help}", goal=title, help=text) if text else title))
    return lines


def score_parts(board: dict[str, Any], tables: Tables) -> tuple[int, list[str]]:
    """A board's score if the game ended now (PO-8) and its sources, from its public part."""
    comps = tables.components
    p = public_player(board, tables)
    parts = breakdown(p, comps)
    shown = []
    for source, points in parts.items():
        if not points:
            continue
        name = texts.score_category(source)
        colour = tables.colour_index.get(source)
        if colour is None:
            shown.append(f"{name} {points}")
        else:  # a type's open symbols × its colour's tapes placed
            symbols, tapes = open_symbols(p, colour), tapes_of_colour(p, colour)
            shown.append(f"{name} {points} ({symbols_text(symbols)} × {tapes_text(tapes)})")
    return sum(parts.values()), shown


def phase_text(obs: Observation) -> str:
    phase = texts.phase(obs["phase"])
    if obs["step"] and obs["phase"] not in ("keep", "over"):
        return _("{phase} (second)", phase=phase)
    return phase


def render(obs: Observation, tables: Tables) -> str:
    comps = tables.components
    seat = obs["seat"]
    rounds = obs["params"]["rounds"]
    names = [
        _("you") if i == seat else _("seat {number}", number=i) for i in range(len(obs["players"]))
    ]
    scores = [score_parts(board, tables) for board in obs["players"]]
    header = _(
        "{game} — round {round} of {rounds}, phase: {phase}",
        game=_("Post Office"),
        round=obs["round"],
        rounds=rounds,
        phase=phase_text(obs),
    )
    if obs["round"] == rounds and obs["phase"] != "over":
        header = _("{header} · the last, half round", header=header)
    out = [
        header,
        _(
            "stamp supply {stamps} · parcel supply {parcels}",
            stamps=obs["stamp_supply"],
            parcels=obs["supply_size"],
        ),
        _(
            "scores now: {scores}",
            scores=" · ".join(
                f"{who} {total}" for who, (total, _parts) in zip(names, scores, strict=True)
            ),
        ),
    ]
    if obs["goals_on"]:
        out.extend(goal_lines(obs, tables))
    out.extend(legend(comps))
    for i, board in enumerate(obs["players"]):
        goals = ", ".join(goal_title(g, tables) for g in board["goals"]) or _("none")
        if board["goals"]:  # PO-112: a goal token counts 8 stamps
            goals = _(
                "{goals} (worth {value} stamps in all)", goals=goals, value=board["stamp_value"]
            )
        total, parts = scores[i]
        out.append("")
        out.append(
            _(
                "{player} ({helper}): {stamps} · goal tokens: {goals} · tapes left {tapes} · "
                "hand {hand}",
                player=names[i],
                helper=texts.helper(board["helper"]),
                stamps=stamps_text(board["stamps"]),
                goals=goals,
                tapes=tapes_left(board, comps),
                hand=board["hand_size"],
            )
        )
        if board.get("chosen") and not obs.get("over"):  # PO-114: who is done, never what
            out.append("  " + _("has made this phase's choice"))
        if parts:
            out.append("  " + _("score now {total}: {parts}", total=total, parts=" + ".join(parts)))
        else:
            out.append("  " + _("score now {total}", total=total))
        out.extend(board_lines(board, comps))
    if seat is not None:
        out.append("")
        if obs["dealt"]:
            tokens = "  ".join(token_text(t, comps) for t in obs["dealt"])
            out.append(_("dealt to you: {tokens}", tokens=tokens))
        if obs["hand"]:
            tokens = "  ".join(token_text(t, comps) for t in obs["hand"])
            out.append(_("your hand: {tokens}", tokens=tokens))
        if obs["pending"]:
            out.append(_("your choice (waiting for the others): {choice}", choice=obs["pending"]))
    return "\n".join(out)


def describe(obs: Observation, action: Action, tables: Tables) -> str:
    comps = tables.components
    verb, args = action
    try:
        if verb == "keep":
            return _(
                "keep {token}, pass the other to the left",
                token=token_text(int(args[0]), comps),
            )
        if verb == "move":
            extra = int(args[0])
            board = obs["players"][obs["seat"]]
            stops = route_from(board["tokens"], board["space"])
            where = texts.space_text(stops[extra])
            if not extra:
                return _("move the helper to the {space}", space=where)
            if extra == 1:
                return _("move the helper to the {space} paying 1 stamp", space=where)
            return _(
                "move the helper to the {space} paying {stamps} stamps", space=where, stamps=extra
            )
        if verb == "place":
            token, row, col, rot = (int(a) for a in args)
            return _(
                "place {token} on cell ({row},{col}) (turned {degrees}°)",
                token=token_text(token, comps, rot),
                row=row,
                col=col,
                degrees=90 * rot,
            )
        if verb == "seal":
            colour, shape = tables.colour_index[str(args[0])], tables.shape_index[str(args[1])]
            anchor = int(args[3]) * PSIZE + int(args[4])
            pid = tables.placement_id[(shape, int(args[2]), anchor)]
            cells = tables.placements[pid].cells
            board = obs["players"][obs["seat"]]
            stamps = sum(1 for c in cells if board["icons"][c] == STAMP)
            where = " ".join(parcel_label(c) for c in cells)
            tape = texts.tape_name(comps, colour * 4 + shape)
            if not stamps:
                return _("seal {parcels} with the {tape} tape", parcels=where, tape=tape)
            if stamps == 1:
                return _("seal {parcels} with the {tape} tape (+1 stamp)", parcels=where, tape=tape)
            return _(
                "seal {parcels} with the {tape} tape (+{stamps} stamps)",
                parcels=where,
                tape=tape,
                stamps=stamps,
            )
        if verb == "skip":
            return _("seal nothing this time")
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    return str(action)
