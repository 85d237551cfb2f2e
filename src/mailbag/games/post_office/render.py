"""Post Office as text for the terminal, drawn from a view only (so it cannot leak).

Each parcel is two characters: an open parcel is its colour letter and its icon's mark (``*``
type symbol, ``$`` stamp, ``r`` receipt, blank for none: ``[[icons]]`` in box.toml); a sealed
parcel is the lowercase colour letter and the shape letter of the tape on it; ``. `` is an empty
parcel. The helper track is drawn around the shelving: ``v``/``^`` mark the column, ``>``/``<``
the row the helper points at. Every name, letter, mark and title comes from the component data
(colours, icons, shapes, goals); the legend is written from it too.

Each seat's running score is what its board would score if the game ended now (PO-8), with its
breakdown by source, computed from the public boards of the view only: a seat's own pending
choice (PO-2) is not counted, so every seat and a spectator see the same scores.
"""

from __future__ import annotations

from typing import Any

from mailbag.core import Action, Observation
from mailbag.games.post_office.components import STAMP, Components
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
from mailbag.games.post_office.scoring import breakdown, open_symbols, tapes_of_colour
from mailbag.games.post_office.view import public_player


def parcel_text(board: dict[str, Any], p: int, comps: Components) -> str:
    colour: int = board["colours"][p]
    if colour < 0:
        return ". "
    letter = comps.colours[colour].letter
    tape: int = board["tapes"][p]
    if tape >= 0:
        return letter.lower() + comps.shapes[tape % 4].name
    icon: int = board["icons"][p]
    return letter + comps.icons[icon].mark


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
        parts.append(comps.colours[colour].letter + comps.icons[icon].mark.strip())
    return f"{printed.label}[{parts[0]} {parts[1]}/{parts[2]} {parts[3]}]"


def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def legend(comps: Components) -> list[str]:
    """What the letters and marks of the boards mean, from the component data."""
    colours = ", ".join(f"{c.letter} {c.name} ({c.shade})" for c in comps.colours)
    icons = ", ".join(f"{i.mark} {i.title}" for i in comps.icons if i.mark.strip())
    shapes = "/".join(s.name for s in comps.shapes)
    return [
        f"legend: {colours};",
        f"        {icons}; lowercase letter + tape shape ({shapes}) = sealed",
    ]


def goal_title(name: str, tables: Tables) -> str:
    return tables.components.goals[tables.goal_index[name]].title


def goal_lines(obs: Observation, tables: Tables) -> list[str]:
    """The face-up goals with what completes each (PO-9), from the goals' data."""
    goals = tables.components.goals
    lines = [f"goals face up: {len(obs['goal_display'])} · stack {obs['goal_stack_size']}"]
    for name in obs["goal_display"]:
        goal = goals[tables.goal_index[name]]
        lines.append(f"  {goal.title}" + (f": {goal.help}" if goal.help else ""))
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
        colour = tables.colour_index.get(source)
        if colour is None:
            shown.append(f"{source} {points}")
        else:  # a type's open symbols × its colour's tapes placed
            symbols, tapes = open_symbols(p, colour), tapes_of_colour(p, colour)
            shown.append(f"{source} {points} ({_n(symbols, 'symbol')} × {_n(tapes, 'tape')})")
    return sum(parts.values()), shown


def render(obs: Observation, tables: Tables) -> str:
    comps = tables.components
    seat = obs["seat"]
    rounds = obs["params"]["rounds"]
    names = ["you" if i == seat else f"seat {i}" for i in range(len(obs["players"]))]
    scores = [score_parts(board, tables) for board in obs["players"]]
    out = [
        f"Post Office — round {obs['round']} of {rounds}, phase: {obs['phase']}"
        + (" (second)" if obs["step"] and obs["phase"] not in ("keep", "over") else "")
        + (" · the last, half round" if obs["round"] == rounds and obs["phase"] != "over" else ""),
        f"stamp supply {obs['stamp_supply']} · parcel supply {obs['supply_size']}",
        "scores now: "
        + " · ".join(f"{who} {total}" for who, (total, _) in zip(names, scores, strict=True)),
    ]
    if obs["goals_on"]:
        out.extend(goal_lines(obs, tables))
    out.extend(legend(comps))
    for i, board in enumerate(obs["players"]):
        goals = ", ".join(goal_title(g, tables) for g in board["goals"]) or "none"
        if board["goals"]:  # PO-112: a goal token counts 8 stamps
            goals += f" (worth {board['stamp_value']} stamps in all)"
        total, parts = scores[i]
        out.append("")
        out.append(
            f"{names[i]} ({board['helper']}): {board['stamps']} stamps · goal tokens: {goals} · "
            f"tapes left {tapes_left(board, comps)} · hand {board['hand_size']}"
        )
        out.append(f"  score now {total}" + (": " + " + ".join(parts) if parts else ""))
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
            stamps = sum(1 for c in cells if board["icons"][c] == STAMP)
            gain = f" (+{stamps} stamp{'s' if stamps != 1 else ''})" if stamps else ""
            where = " ".join(parcel_label(c) for c in cells)
            return f"seal {where} with the {tables.tape_name(colour * 4 + shape)} tape{gain}"
        if verb == "skip":
            return "seal nothing this time"
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    return str(action)
