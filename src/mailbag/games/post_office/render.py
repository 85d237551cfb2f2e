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

:func:`render` (the text) and :func:`sections` (the same as data for the full-screen terminal:
the table, the seat's own shelving and hand, each other seat's shelving) are built from the same
helpers, so the two never disagree.
"""

from __future__ import annotations

from typing import Any

from mailbag.core import Action, Event, MailbagError, Observation, parse_action
from mailbag.core.i18n import N_, _, ngettext
from mailbag.core.presentation import Block, Sections
from mailbag.games.post_office import texts
from mailbag.games.post_office.clicks import seal_points, with_points
from mailbag.games.post_office.components import STAMP, Components
from mailbag.games.post_office.geometry import (
    PSIZE,
    ROTATION_SOURCE,
    SIZE,
    SPACE_LINE,
    parcel_label,
)
from mailbag.games.post_office.legal import route_from
from mailbag.games.post_office.scoring import breakdown, open_symbols, tapes_of_colour
from mailbag.games.post_office.view import public_player


def parcel_text(
    components: Components,
    board: dict[str, Any],
    p: int,
    letters: tuple[str, ...] | None = None,
    marks: tuple[str, ...] | None = None,
) -> str:
    colour: int = board["colours"][p]
    if colour < 0:
        return ". "
    letter = (letters or texts.letters(components))[colour]
    tape: int = board["tapes"][p]
    if tape >= 0:
        return letter.lower() + components.shapes[tape % 4].name
    icon: int = board["icons"][p]
    return letter + (marks or texts.marks(components))[icon]


def board_lines(components: Components, board: dict[str, Any]) -> list[str]:
    """The shelving: cells numbered 0–4 (and parcels 0–9) along the top and the left side."""
    space = board["space"]
    line = SPACE_LINE[space]
    col_mark = line[1] if line and line[0] == "col" else -1
    row_mark = line[1] if line and line[0] == "row" else -1
    top = 1 <= space <= 5
    letters, marks = texts.letters(components), texts.marks(components)
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
                parcel_text(components, board, pr * PSIZE + 2 * c, letters, marks)
                + " "
                + parcel_text(components, board, pr * PSIZE + 2 * c + 1, letters, marks)
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


def tapes_left(components: Components, board: dict[str, Any]) -> str:
    parts = []
    for c, letter in enumerate(texts.letters(components)):
        shapes = "".join(
            s.name if board["placed"][c * 4 + k] < 0 else "-"
            for k, s in enumerate(components.shapes)
        )
        parts.append(f"{letter}:{shapes}")
    return " ".join(parts)


def token_text(components: Components, token: int, rotation: int = 0) -> str:
    """A token as ``17[F* G/S$ P]``: its parcels top-left, top-right / bottom-left, bottom-right
    as they lie after ``rotation`` quarter turns clockwise."""
    printed = components.tokens[token]
    source = ROTATION_SOURCE[rotation]
    letters, marks = texts.letters(components), texts.marks(components)
    parts = []
    for k in range(4):
        colour, icon = printed.colours[source[k]], printed.icons[source[k]]
        parts.append(letters[colour] + marks[icon].strip())
    return f"{printed.label}[{parts[0]} {parts[1]}/{parts[2]} {parts[3]}]"


def token_words(components: Components, token: int, rotation: int = 0) -> str:
    """A token in words: ``token 17 (fragile with a symbol, gift, sweet with a stamp,
    personal)``, its parcels top-left, top-right, bottom-left, bottom-right after ``rotation``
    quarter turns clockwise."""
    printed = components.tokens[token]
    source = ROTATION_SOURCE[rotation]
    parts = []
    for k in range(4):
        colour = components.colours[printed.colours[source[k]]]
        icon = printed.icons[source[k]]
        kind = texts.parcel_type(colour)
        if icon:
            kind = _(
                "{parcel_type} with a {icon}",
                parcel_type=kind,
                icon=texts.icon_title(components.icons[icon]),
            )
        parts.append(kind)
    return _("token {label} ({parcels})", label=printed.label, parcels=", ".join(parts))


def token_label(components: Components, token: int) -> str:
    """A token by its printed number alone: ``token 17``."""
    return _("token {label}", label=components.tokens[token].label)


def stamps_text(count: int) -> str:
    return ngettext("{count} stamp", "{count} stamps", count, count=count)


def symbols_text(count: int) -> str:
    return ngettext("{count} symbol", "{count} symbols", count, count=count)


def tapes_text(count: int) -> str:
    return ngettext("{count} tape", "{count} tapes", count, count=count)


def legend(components: Components) -> list[str]:
    """What the letters and marks of the boards mean, from the component data."""
    letters, marks = texts.letters(components), texts.marks(components)
    colours = ", ".join(
        f"{letter} {texts.parcel_type(c)} ({texts.shade(c)})"
        for letter, c in zip(letters, components.colours, strict=True)
    )
    icons = ", ".join(
        f"{mark} {texts.icon_title(i)}"
        for mark, i in zip(marks, components.icons, strict=True)
        if mark.strip()
    )
    shapes = "/".join(s.name for s in components.shapes)
    return [
        _("legend: {colours};", colours=colours),
        "        "
        + _(
            "{icons}; lowercase letter + tape shape ({shapes}) = sealed", icons=icons, shapes=shapes
        ),
    ]


def goal_title(components: Components, name: str) -> str:
    """A goal (by its name in the data) as the table calls it."""
    index = components.goal_index.get(name)
    return name if index is None else texts.goal_title(components.goals[index])


def goal_lines(components: Components, obs: Observation) -> list[str]:
    """The face-up goals with what completes each (PO-9), from the goals' data."""
    goals = components.goals
    lines = [
        _(
            "goals face up: {count} · stack {stack}",
            count=len(obs["goal_display"]),
            stack=obs["goal_stack_size"],
        )
    ]
    for name in obs["goal_display"]:
        goal = goals[components.goal_index[name]]
        title, text = texts.goal_title(goal), texts.goal_help(goal)
        lines.append("  " + (_("{goal}: {help}", goal=title, help=text) if text else title))
    return lines


def score_parts(components: Components, board: dict[str, Any]) -> tuple[int, list[str]]:
    """A board's score if the game ended now (PO-8) and its sources, from its public part."""
    p = public_player(components, board)
    parts = breakdown(components, p)
    shown = []
    for source, points in parts.items():
        if not points:
            continue
        name = texts.score_category(source)
        colour = components.colour_index.get(source)
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


# -- the view in parts: the table, each seat's shelving, the seat's own tokens ---------------------


def _names(obs: Observation) -> list[str]:
    seat = obs["seat"]
    return [
        _("you") if i == seat else _("seat {number}", number=i) for i in range(len(obs["players"]))
    ]


def table_lines(
    components: Components, obs: Observation, names: list[str], scores: list[tuple[int, list[str]]]
) -> list[str]:
    """The shared table: the round and phase, the supplies, every seat's score now, the face-up
    goals and the legend (the first line the heading)."""
    rounds = obs["params"]["rounds"]
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
        out.extend(goal_lines(components, obs))
    out.extend(legend(components))
    return out


def seat_heading(components: Components, board: dict[str, Any], name: str) -> str:
    """A seat's line above its shelving: helper, stamps, goal tokens, tapes left, hand size."""
    goals = ", ".join(goal_title(components, g) for g in board["goals"]) or _("none")
    if board["goals"]:  # PO-112: a goal token counts 8 stamps
        goals = _("{goals} (worth {value} stamps in all)", goals=goals, value=board["stamp_value"])
    return _(
        "{player} ({helper}): {stamps} · goal tokens: {goals} · tapes left {tapes} · hand {hand}",
        player=name,
        helper=texts.helper(board["helper"]),
        stamps=stamps_text(board["stamps"]),
        goals=goals,
        tapes=tapes_left(components, board),
        hand=board["hand_size"],
    )


def seat_lines(
    components: Components, obs: Observation, board: dict[str, Any], score: tuple[int, list[str]]
) -> list[str]:
    """Under a seat's heading: whether it has chosen (PO-114), its score now and its shelving."""
    out = []
    if board.get("chosen") and not obs.get("over"):  # PO-114: who is done, never what
        out.append("  " + _("has made this phase's choice"))
    total, parts = score
    if parts:
        out.append("  " + _("score now {total}: {parts}", total=total, parts=" + ".join(parts)))
    else:
        out.append("  " + _("score now {total}", total=total))
    out.extend(board_lines(components, board))
    return out


def seat_summary(board: dict[str, Any], name: str, score: tuple[int, list[str]]) -> str:
    """A seat in one short line, for a narrow pane: its score now, stamps, whether it has chosen."""
    summary = _(
        "{player} ({helper}): score {total} · {stamps}",
        player=name,
        helper=texts.helper(board["helper"]),
        total=score[0],
        stamps=stamps_text(board["stamps"]),
    )
    if board.get("chosen"):
        summary = _("{summary} · has chosen", summary=summary)
    return summary


def private_lines(components: Components, obs: Observation) -> list[str]:
    """What only the seat sees: the tokens dealt to it, its hand and its choice made."""
    out = []
    if obs["dealt"]:
        tokens = "  ".join(token_text(components, t) for t in obs["dealt"])
        out.append(_("dealt to you: {tokens}", tokens=tokens))
    if obs["hand"]:
        tokens = "  ".join(token_text(components, t) for t in obs["hand"])
        out.append(_("your hand: {tokens}", tokens=tokens))
    if obs["pending"]:
        out.append(_("your choice (waiting for the others): {choice}", choice=obs["pending"]))
    return out


def render(components: Components, observation: Observation) -> str:
    """The view as text: the table, every seat's shelving in seat order, then the seat's own
    tokens."""
    obs = observation
    names = _names(obs)
    scores = [score_parts(components, board) for board in obs["players"]]
    out = table_lines(components, obs, names, scores)
    for i, board in enumerate(obs["players"]):
        out.append("")
        out.append(seat_heading(components, board, names[i]))
        out.extend(seat_lines(components, obs, board, scores[i]))
    if obs["seat"] is not None:
        out.append("")
        out.extend(private_lines(components, obs))
    return "\n".join(out)


def sections(components: Components, observation: Observation) -> Sections:
    """The view as the full-screen terminal's parts: the table (its heading the round and
    phase), the seat's own shelving with its dealt tokens, hand and choice, and each other
    seat's shelving (a spectator: every seat's)."""
    obs = observation
    seat = obs["seat"]
    names = _names(obs)
    scores = [score_parts(components, board) for board in obs["players"]]
    table = table_lines(components, obs, names, scores)
    blocks = [
        Block(
            title=seat_heading(components, board, names[i]),
            lines=tuple(seat_lines(components, obs, board, scores[i])),
            seat=i,
            summary=seat_summary(board, names[i], scores[i]),
        )
        for i, board in enumerate(obs["players"])
    ]
    own = None
    if seat is not None:
        mine = blocks[seat]
        private = private_lines(components, obs)
        lines = (*mine.lines, "", *private) if private else mine.lines
        own = Block(title=mine.title, lines=lines, seat=seat, summary=mine.summary)
    return Sections(
        board=Block(title=table[0], lines=tuple(table[1:])),
        own=own,
        others=tuple(block for block in blocks if block.seat != seat),
    )


def describe_action(components: Components, observation: Observation, action: Action) -> str:
    """``action`` in words for the seat's menu; a seal with the points it earns."""
    text = describe(components, observation, action)
    if action.verb == "seal" and observation.get("seat") is not None:
        try:  # what the seal earns, from the engine on a copy of the seat's board
            gained = seal_points(components, observation, action)
        except (KeyError, IndexError, ValueError, TypeError):
            return text
        return with_points(text, gained)
    return text


def describe(components: Components, obs: Observation, action: Action) -> str:
    """``action`` in words (without what a seal earns)."""
    verb, args = action
    try:
        if verb == "keep":
            return _(
                "keep {token}, pass the other to the left",
                token=token_words(components, int(args[0])),
            )
        if verb == "move":
            extra = int(args[0])
            board = obs["players"][obs["seat"]]
            stops = route_from(board["tokens"], board["space"])
            where = texts.space_text(stops[extra])
            if not extra:
                return _("move the helper to the {space}", space=where)
            return ngettext(
                "move the helper to the {space} paying {stamps} stamp",
                "move the helper to the {space} paying {stamps} stamps",
                extra,
                space=where,
                stamps=extra,
            )
        if verb == "place":
            token, row, col, rot = (int(a) for a in args)
            # the token as it will lie (its parcels in reading order after the turn), so that
            # two turns that look the same read the same and the menu lists that look once
            return _(
                "place {token} on cell ({row},{col})",
                token=token_words(components, token, rot),
                row=row,
                col=col,
            )
        if verb == "seal":
            colour = components.colour_index[str(args[0])]
            shape = components.shape_index[str(args[1])]
            anchor = int(args[3]) * PSIZE + int(args[4])
            pid = components.placement_id[(shape, int(args[2]), anchor)]
            cells = components.placements[pid].cells
            board = obs["players"][obs["seat"]]
            stamps = sum(1 for c in cells if board["icons"][c] == STAMP)
            where = " ".join(parcel_label(c) for c in cells)
            tape = texts.tape_name(components, colour * 4 + shape)
            if not stamps:
                return _("seal {parcels} with the {tape} tape", parcels=where, tape=tape)
            return ngettext(
                "seal {parcels} with the {tape} tape (+{stamps} stamp)",
                "seal {parcels} with the {tape} tape (+{stamps} stamps)",
                stamps,
                parcels=where,
                tape=tape,
                stamps=stamps,
            )
        if verb == "skip":
            return _("seal nothing this time")
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    return str(action)


def chosen_words(components: Components, notation: str) -> str:
    """A seat's own choice (the private echo of its decision) in words, from its notation
    alone: ``keep token 53``, ``move the helper 2 extra spaces, paying 2 stamps``, ``place token
    53 on cell (2,2), turned 90°``, ``seal (0,0) (0,1) (0,2) (0,3) with the sweet I tape``, ``seal
    nothing this time``."""
    try:
        action = parse_action(notation)
        verb, args = action
        if verb == "keep":
            return _("keep {token}", token=token_label(components, int(args[0])))
        if verb == "move":
            extra = int(args[0])
            if not extra:
                return _("move the helper one space on")
            return ngettext(
                "move the helper {stamps} extra space, paying {stamps} stamp",
                "move the helper {stamps} extra spaces, paying {stamps} stamps",
                extra,
                stamps=extra,
            )
        if verb == "seal":
            colour = components.colour_index[str(args[0])]
            shape = components.shape_index[str(args[1])]
            anchor = int(args[3]) * PSIZE + int(args[4])
            cells = components.placements[
                components.placement_id[(shape, int(args[2]), anchor)]
            ].cells
            return _(
                "seal {parcels} with the {tape} tape",
                parcels=" ".join(parcel_label(c) for c in cells),
                tape=texts.tape_name(components, colour * 4 + shape),
            )
        if verb in ("place", "skip"):
            return describe(components, {}, action)
    except (KeyError, IndexError, ValueError, TypeError, MailbagError):
        pass
    return _("a choice")


def event_words(components: Components, event: Event) -> Event:
    """``event`` with its helper's space, its tape, its goal and its parcels put into words in
    the reader's language from its data (which keeps the language-neutral names), for the
    core's event text to fill in."""
    data = event.data
    extra: dict[str, object] = {}
    try:
        if event.kind == "chosen":
            return Event(
                event.kind,
                N_("you choose: {action}"),
                {**data, "action": chosen_words(components, str(data["action"]))},
                event.to,
            )
        if event.kind == "move":
            extra["space"] = texts.space_text(int(data["space"]))
        elif event.kind == "seal":
            extra["parcels"] = " ".join(parcel_label(int(c)) for c in data["cells"])
            colour, _sep, shape = str(data["tape"]).partition(" ")
            tape = components.colour_index[colour] * 4 + components.shape_index[shape]
            extra["tape"] = texts.tape_name(components, tape)
        elif event.kind in ("goal", "goal_shared"):
            extra["goal"] = goal_title(components, str(data["goal"]))
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    if not extra:
        return event
    return Event(event.kind, event.text, {**data, **extra}, event.to)


#: the printed shades on a terminal (box.toml ``[[colours]]`` ``shade``); an unknown shade of a
#: user's own data is drawn without colour
SHADE_COLOURS = {
    "light blue": "#6ec6f0",
    "blue": "#3a6fe0",
    "yellow": "#e6c229",
    "brown": "#b07440",
}


def palette(components: Components) -> dict[str, tuple[str, str]]:
    """The parcels in their printed colours for the full-screen terminal: each colour's letter
    on the boards (with any mark after it, sealed too) and its parcel type and shade in words;
    the letter is the symbol of its own colour, so none is added."""
    letters, marks = texts.letters(components), texts.marks(components)
    found: dict[str, tuple[str, str]] = {}
    for letter, colour in zip(letters, components.colours, strict=True):
        shade = SHADE_COLOURS.get(colour.shade)
        if shade is None:
            continue
        words = [letter + mark.strip() for mark in marks]
        words += [letter.lower() + shape.name for shape in components.shapes]
        words += [texts.parcel_type(colour), texts.shade(colour)]
        found.update((word, (shade, "")) for word in words)
    return found
