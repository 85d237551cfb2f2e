"""Post Office as text for the terminal, drawn from a view only (so it cannot leak).

Each parcel is two characters: an open parcel is its colour letter and its icon (``*`` type
symbol, ``$`` stamp, ``r`` receipt, blank for none); a sealed parcel is the lowercase colour
letter and the shape letter of the tape on it; ``. `` is an empty parcel. The helper track is
drawn around the shelving: ``v``/``^`` mark the column, ``>``/``<`` the row the helper points at.
"""

from __future__ import annotations

from typing import Any

from mailbag.core import Action, Observation
from mailbag.games.post_office.components import ICONS, Components
from mailbag.games.post_office.geometry import (
    PSIZE,
    ROTATION_SOURCE,
    SIZE,
    SPACE_LINE,
    Tables,
    parcel_label,
    space_name,
)
from mailbag.games.post_office.legal import route_from

ICON_CHARS = (" ", "*", "$", "r")  # none, symbol, stamp, receipt


def parcel_text(board: dict[str, Any], p: int, comps: Components) -> str:
    colour: int = board["colours"][p]
    if colour < 0:
        return ". "
    letter = comps.colours[colour].letter
    tape: int = board["tapes"][p]
    if tape >= 0:
        return letter.lower() + comps.shapes[tape % 4].name
    icon: int = board["icons"][p]
    return letter + ICON_CHARS[icon]


def board_lines(board: dict[str, Any], comps: Components) -> list[str]:
    """The shelving: cells numbered 0–4 (and parcels 0–9) along the top and the left side."""
    space = board["space"]
    line = SPACE_LINE[space]
    col_mark = line[1] if line and line[0] == "col" else -1
    row_mark = line[1] if line and line[0] == "row" else -1
    top = 1 <= space <= 5
    pad = "        "
    arrows = pad + "".join(
        (f"{'v' if top else '^':^6}") if c == col_mark else "      " for c in range(SIZE)
    )
    rule = "       +" + "-----+" * SIZE
    lines = []
    if col_mark >= 0 and top:
        lines.append(arrows)
    lines.append(pad + "".join(f"{c:^5} " for c in range(SIZE)) + "  cell")
    lines.append(pad + "".join(f"{2 * c:<2} {2 * c + 1:<2} " for c in range(SIZE)) + " parcel")
    lines.append(rule)
    for r in range(SIZE):
        for half in range(2):
            pr = 2 * r + half
            mark = " "
            if r == row_mark and half == 0:
                mark = "<" if space >= 19 else ">"
            label = f"{r} {pr}" if half == 0 else f"  {pr}"
            cells = [
                parcel_text(board, pr * PSIZE + 2 * c, comps)
                + " "
                + parcel_text(board, pr * PSIZE + 2 * c + 1, comps)
                for c in range(SIZE)
            ]
            lines.append(f" {mark} {label} |" + "|".join(cells) + "|")
        lines.append(rule)
    if col_mark >= 0 and not top:
        lines.append(arrows)
    where = space_name(space)
    if line is None:
        where += " (any free cell)"
    lines.append(f"  helper on space {space}: {where}")
    return lines


def tapes_left(board: dict[str, Any], comps: Components) -> str:
    parts = []
    for c, colour in enumerate(comps.colours):
        shapes = "".join(
            s.name if board["placed"][c * 4 + k] < 0 else "-" for k, s in enumerate(comps.shapes)
        )
        parts.append(f"{colour.letter}:{shapes}")
    return " ".join(parts)


def token_text(token: int, comps: Components, rotation: int = 0) -> str:
    """A token as ``17[F* G/S$ P]``: its parcels top-left, top-right / bottom-left, bottom-right
    as they lie after ``rotation`` quarter turns clockwise."""
    printed = comps.tokens[token]
    source = ROTATION_SOURCE[rotation]
    parts = []
    for k in range(4):
        colour, icon = printed.colours[source[k]], printed.icons[source[k]]
        parts.append(comps.colours[colour].letter + ICON_CHARS[icon].strip())
    return f"{printed.label}[{parts[0]} {parts[1]}/{parts[2]} {parts[3]}]"


def render(obs: Observation, tables: Tables) -> str:
    comps = tables.components
    seat = obs["seat"]
    out = [
        f"Post Office — round {obs['round']} of {obs['params']['rounds']}, phase: {obs['phase']}"
        + (" (second)" if obs["step"] and obs["phase"] not in ("keep", "over") else ""),
        f"stamp supply {obs['stamp_supply']} · parcel supply {obs['supply_size']}",
    ]
    if obs["goals_on"]:
        titles = {g.name: g.title for g in comps.goals}
        face_up = ", ".join(titles[g] for g in obs["goal_display"]) or "none"
        out.append(f"goals face up: {face_up} · stack {obs['goal_stack_size']}")
    out.append(
        "legend: F fragile (light blue), G gift (blue), S sweet (yellow), P personal (brown); "
        "* symbol, $ stamp, r receipt; lowercase + shape = sealed"
    )
    for i, board in enumerate(obs["players"]):
        who = "you" if i == seat else f"seat {i}"
        goals = ", ".join(board["goals"]) or "none"
        if board["goals"]:  # PO-112: a goal token counts 8 stamps
            goals += f" (worth {board['stamp_value']} stamps in all)"
        out.append("")
        out.append(
            f"{who} ({board['helper']}): {board['stamps']} stamps · goal tokens: {goals} · "
            f"tapes left {tapes_left(board, comps)} · hand {board['hand_size']}"
        )
        out.extend(board_lines(board, comps))
    if seat is not None:
        out.append("")
        if obs["dealt"]:
            out.append("dealt to you: " + "  ".join(token_text(t, comps) for t in obs["dealt"]))
        if obs["hand"]:
            out.append("your hand: " + "  ".join(token_text(t, comps) for t in obs["hand"]))
        if obs["pending"]:
            out.append(f"your choice (waiting for the others): {obs['pending']}")
    return "\n".join(out)


def describe(obs: Observation, action: Action, tables: Tables) -> str:
    comps = tables.components
    verb, args = action
    try:
        if verb == "keep":
            return f"keep {token_text(int(args[0]), comps)}, pass the other to the left"
        if verb == "move":
            extra = int(args[0])
            board = obs["players"][obs["seat"]]
            stops = route_from(board["tokens"], board["space"])
            paid = f" paying {extra} stamp{'s' if extra != 1 else ''}" if extra else ""
            return f"move the helper to the {space_name(stops[extra])}{paid}"
        if verb == "place":
            token, row, col, rot = (int(a) for a in args)
            return (
                f"place {token_text(token, comps, rot)} on cell ({row},{col}) (turned {90 * rot}°)"
            )
        if verb == "seal":
            colour, shape = tables.colour_index[str(args[0])], tables.shape_index[str(args[1])]
            anchor = int(args[3]) * PSIZE + int(args[4])
            pid = tables.placement_id[(shape, int(args[2]), anchor)]
            cells = tables.placements[pid].cells
            board = obs["players"][obs["seat"]]
            stamps = sum(1 for c in cells if ICONS[board["icons"][c]] == "stamp")
            gain = f" (+{stamps} stamp{'s' if stamps != 1 else ''})" if stamps else ""
            where = " ".join(parcel_label(c) for c in cells)
            return f"seal {where} with the {tables.tape_name(colour * 4 + shape)} tape{gain}"
        if verb == "skip":
            return "seal nothing this time"
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    return str(action)
