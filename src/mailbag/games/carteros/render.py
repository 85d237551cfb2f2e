"""Carteros as text for the terminal: a header saying whose decision it is, the neighbourhood
grid (face-down houses, floods, meeples and Stampy) with a key to every mark and abbreviation
shown, the shops, every carrier's cards, mission and score, the seat's own hand, and short labels
for the action menu. Works from a view only, so it cannot show what the seat may not know; the
titles, abbreviations and help texts come from the component data, the decisions' wording from
:mod:`decisions`."""

from __future__ import annotations

import textwrap
from typing import Any

from mailbag.core.actions import Action
from mailbag.core.game import Observation
from mailbag.games.carteros.board import (
    BLOCK_HOUSES,
    COLUMNS,
    CORNERS,
    HOUSE_INDEX,
    HOUSE_NAMES,
    ROWS,
)
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.decisions import DECISIONS
from mailbag.games.carteros.state import ACTIONS_PER_TURN, CAUSE_WORDS

_BLOCKS = {HOUSE_NAMES[houses[0]]: houses for houses in BLOCK_HOUSES}
#: the width the key is wrapped to (the full-screen UI shows the board in a pane)
WIDTH = 78
#: the marks of the grid and the carrier lines, always explained
MARKS = (
    ("?", "face-down"),
    ("~", "flooded"),
    ("*", "placed this turn"),
    ("D", "Stampy"),
    ("0–3", "carriers"),
    (">", "whose turn"),
)
_TURN_LABELS = {
    "deliver": "deliver here (turn the house)",
    "draw": "draw an Action card",
    "refill": "go to the Post Office and refill your bag",
    "shops": "go to the shops for a mission",
    "end": "end your turn",
}


def _flooded(observation: Observation) -> set[int]:
    houses: set[int] = set()
    for block in observation["floods"]:
        if block is not None:
            houses.update(_BLOCKS[block])
    return houses


def _cell(
    comps: Components, observation: Observation, house: int, flooded: set[int], seen: set[str]
) -> str:
    name = HOUSE_NAMES[house]
    known = observation["known"].get(name)
    card = "?"
    if known in comps.house_index:
        card = comps.houses[comps.house_index[known]].abbrev
        seen.add(known)
    marks = ""
    if house in flooded:
        marks += "~"
    if name in observation["fresh"]:
        marks += "*"
    if observation["stampy"] == name:
        marks += "D"
    here = "".join(str(s) for s, c in enumerate(observation["carriers"]) if c["position"] == name)
    return f" {name} {card:<3}{marks:<3}{here:<4}"


def waiting_text(comps: Components, task: dict[str, Any]) -> str:
    """What the seat owing ``task`` is to do, after "seat N"."""
    decision = DECISIONS.get(task["kind"])
    if decision is None:
        return str(task["kind"])
    arg = task["arg"]
    card = comps.actions[arg].title if 0 <= arg < len(comps.actions) else ""
    cause = CAUSE_WORDS.get(task["cause"], task["cause"])
    return decision.waiting.format(card=card, cause=cause)


def status(comps: Components, observation: Observation) -> str:
    """Whose decision it is now: the turn, and who else acts in it (a reaction, Stampy's move
    between two turns, the tie-break after play)."""
    if observation["over"]:
        return "game over"
    tasks = observation["tasks"]
    deciders = observation["deciders"]
    acting = deciders[0] if deciders else observation["current"]
    waiting = f"seat {acting} {waiting_text(comps, tasks[-1])}" if tasks else ""
    if observation["final"]:
        return f"play has ended; {waiting}" if waiting else "play has ended"
    turn = f"round {observation['round']}, seat {observation['current']}"
    used = f"{observation['actions_used']}/{ACTIONS_PER_TURN} actions used"
    if not tasks:
        return f"{turn} to play, {used}"
    if tasks[0]["kind"] == "next_turn":
        return f"{turn}'s turn is over; {waiting}"
    return f"{turn}'s turn, {used}; {waiting}"


def render(comps: Components, observation: Observation) -> str:
    seat = observation["seat"]
    carriers = observation["carriers"]
    lines: list[str] = []
    who = "spectator" if seat is None else f"seat {seat}"
    lines.append(f"Carteros — {status(comps, observation)} (you: {who})")
    flooded = _flooded(observation)
    seen: set[str] = set()  # house kinds shown by their abbreviation
    border = "+" + "+".join("-" * 14 for _ in range(COLUMNS)) + "+"
    lines.append(border)
    for row in range(ROWS):
        cells = [
            _cell(comps, observation, row * COLUMNS + c, flooded, seen) for c in range(COLUMNS)
        ]
        lines.append("|" + "|".join(cells) + "|")
    lines.append(border)
    at_po = [str(s) for s, c in enumerate(carriers) if c["position"] == "post_office"]
    lines.append(f"Post Office: {' '.join(at_po) or '-'}")
    missions = observation["missions"]
    cards = missions["cards"]
    if observation["options"]["missions"]:
        offer = ", ".join(_mission(cards, m) for m in missions["offer"] if m) or "none"
        at_shops = [str(s) for s, c in enumerate(carriers) if c["position"] == "shops"]
        lines.append(
            f"Shops: {' '.join(at_shops) or '-'}; missions on offer {offer} "
            f"(decks {missions['decks'][0]}+{missions['decks'][1]})"
        )
    lines.append(
        f"Decks: houses {observation['house_deck']}, mail {observation['mail_deck']}, "
        f"actions {observation['action_deck']}"
    )
    house_discard = [(k, n) for k, n in observation["house_discard"].items() if n]
    seen.update(k for k, _ in house_discard)
    houses = ", ".join(f"{_abbrev(comps, k)} {n}" for k, n in house_discard)
    mail = ", ".join(f"{k} {n}" for k, n in observation["mail_discard"].items() if n)
    actions = ", ".join(
        f"{_title(comps, k)} {n}" for k, n in observation["action_discard"].items() if n
    )
    lines.append(
        f"Discards: houses [{houses or '-'}]  mail [{mail or '-'}]  actions [{actions or '-'}]"
    )
    for s, c in enumerate(carriers):
        lines.append(_carrier(comps, observation, s, c))
    hand = observation["hand"]
    if hand is not None:
        bag = ", ".join(f"{n} {k}" for k, n in hand["mail"].items() if n) or "no mail"
        held = ", ".join(
            _title(comps, k) + (f" ×{n}" if n > 1 else "") for k, n in hand["actions"].items() if n
        )
        lines.append(f"Your bag: {bag}; your Action cards: {held or 'none'}")
    lines.extend(_key(comps, seen))
    return "\n".join(lines)


def _carrier(comps: Components, observation: Observation, s: int, c: dict[str, Any]) -> str:
    extras = []
    if c["boots"]:
        extras.append("boots")
    if c["debt"]:
        extras.append("owes Stampy a card")
    if c["mission"]:
        card = observation["missions"]["cards"].get(str(c["mission"]))
        where = f" at {card['house']} for {card['points']} pts" if card else ""
        extras.append(f"mission {c['mission']}{where}")
    if c["missions_done"]:
        extras.append(f"done {', '.join(str(m) for m in c['missions_done'])}")
    if observation["final"] and c["tiebreak"]:
        extras.append(f"tie-break {c['tiebreak']}")
    if observation["finisher"] == s:
        extras.append("first to finish")
    delivered = "+".join(f"{n}{_mail_abbrev(comps, k)}" for k, n in c["delivered"].items())
    return (
        f"{'>' if s == observation['current'] else ' '} seat {s}: {c['position']:<11} "
        f"mail {c['mail']}  actions {c['actions']}  delivered {delivered}  score {c['score']}"
        + (f"  ({'; '.join(extras)})" if extras else "")
    )


def _mission(cards: dict[str, Any], number: int) -> str:
    """A mission on offer with its house and points."""
    card = cards.get(str(number))
    return f"{number} ({card['house']}, {card['points']} pts)" if card else str(number)


def _key(comps: Components, seen: set[str]) -> list[str]:
    """The key to the marks and to every abbreviation the board shows (``seen``: the house
    kinds shown by their abbreviation), wrapped to ``WIDTH`` with each mark next to its words."""
    groups = (
        ("Key:", MARKS),
        ("delivered:", tuple((m.abbrev, m.title) for m in comps.mails)),
        ("houses:", tuple((h.abbrev, h.title) for h in comps.houses if h.name in seen)),
    )
    text = "; ".join(
        f"{label} " + ", ".join(f"{mark}\xa0{words}" for mark, words in items)
        for label, items in groups
        if items
    )
    return [
        line.replace("\xa0", " ") for line in textwrap.wrap(text, WIDTH, subsequent_indent="  ")
    ]


def _abbrev(comps: Components, name: str) -> str:
    index = comps.house_index.get(name)
    return comps.houses[index].abbrev if index is not None else name


def _mail_abbrev(comps: Components, name: str) -> str:
    index = comps.mail_index.get(name)
    return comps.mails[index].abbrev if index is not None else name


def _title(comps: Components, name: str) -> str:
    index = comps.action_index.get(name)
    return comps.actions[index].title if index is not None else name


def describe_action(comps: Components, observation: Observation, action: Action) -> str:
    verb, args = action.verb, action.args
    first = str(args[0]) if args else ""
    if verb == "move":
        seat = observation["seat"]
        position = observation["carriers"][seat]["position"] if seat is not None else ""
        if position in ("post_office", "shops") and HOUSE_INDEX.get(first) in CORNERS:
            return f"enter the neighbourhood at {first}"
        return f"move to {first}"
    if verb in _TURN_LABELS:
        return _TURN_LABELS[verb]
    if verb == "play":
        index = comps.action_index.get(first)
        help_text = f": {comps.actions[index].help}" if index is not None else ""
        return f"play {_title(comps, first)}{help_text}"
    if verb == "replace":
        return f"discard {_title(comps, first)} and draw a new Action card"
    tasks = observation.get("tasks") or []
    decision = DECISIONS.get(tasks[-1]["kind"]) if tasks else None
    if decision is None or verb not in decision.labels:
        decision = next((d for d in DECISIONS.values() if verb in d.labels), None)
    if decision is None:
        return str(action)
    houses = " ".join(HOUSE_NAMES[h] for h in _BLOCKS.get(first, ()))
    words = [str(a) for a in args] + ["", ""]
    return decision.labels[verb].format(*words, title=_title(comps, first), block=houses)
