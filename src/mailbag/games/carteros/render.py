"""Carteros as text for the terminal: the neighbourhood grid (face-down houses, floods, meeples
and Stampy), the shops, every carrier's cards and score, the seat's own hand, and short labels
for the action menu. Works from a view only, so it cannot show what the seat may not know."""

from __future__ import annotations

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

_SHORT = {
    "received_letter": "Rcv",
    "double_received": "Dbl",
    "stampy": "Dog",
    "lost": "Lst",
    "change_of_direction": "Chg",
}
_TITLES = {
    "bone": "Bone",
    "bicycle": "Bicycle",
    "wind": "Wind",
    "rain": "Rain",
    "rubber_boots": "Rubber Boots",
    "umbrella": "Umbrella",
    "sunny_day": "Sunny Day",
    "gps": "GPS",
}
_CAUSES = {
    "rain": "the Rain",
    "stampy_card": "Stampy",
    "catch": "Stampy's bite",
    "lost_card": "Lost",
    "debt": "the Mail card owed to Stampy",
}
_BLOCKS = {HOUSE_NAMES[houses[0]]: houses for houses in BLOCK_HOUSES}


def _flooded(observation: Observation) -> set[int]:
    houses: set[int] = set()
    for block in observation["floods"]:
        if block is not None:
            houses.update(_BLOCKS[block])
    return houses


def _cell(observation: Observation, house: int, flooded: set[int]) -> str:
    name = HOUSE_NAMES[house]
    known = observation["known"].get(name)
    card = _SHORT[known] if known else "?"
    marks = ""
    if house in flooded:
        marks += "~"
    if name in observation["fresh"]:
        marks += "*"
    if observation["stampy"] == name:
        marks += "D"
    here = "".join(str(s) for s, c in enumerate(observation["carriers"]) if c["position"] == name)
    return f" {name} {card:<3}{marks:<3}{here:<4}"


def render(observation: Observation) -> str:
    seat = observation["seat"]
    lines: list[str] = []
    who = "spectator" if seat is None else f"seat {seat}"
    status = (
        "game over"
        if observation["over"]
        else f"round {observation['round']}, seat {observation['current']} to play, "
        f"{observation['actions_used']}/3 actions used"
    )
    lines.append(f"Carteros — {status} (you: {who})")
    flooded = _flooded(observation)
    border = "+" + "+".join("-" * 14 for _ in range(COLUMNS)) + "+"
    lines.append(border)
    for row in range(ROWS):
        cells = [_cell(observation, row * COLUMNS + c, flooded) for c in range(COLUMNS)]
        lines.append("|" + "|".join(cells) + "|")
    lines.append(border)
    lines.append("  ? face-down  ~ flooded  * new card this turn  D Stampy  digits: carriers")
    at_po = [
        str(s) for s, c in enumerate(observation["carriers"]) if c["position"] == "post_office"
    ]
    lines.append(f"Post Office: {' '.join(at_po) or '-'}")
    if observation["options"]["missions"]:
        missions = observation["missions"]
        cards = missions["cards"]
        offer = (
            ", ".join(
                f"{m} ({cards[str(m)]['house']}, {cards[str(m)]['points']} pts)"
                for m in missions["offer"]
                if m
            )
            or "none"
        )
        at_shops = [
            str(s) for s, c in enumerate(observation["carriers"]) if c["position"] == "shops"
        ]
        lines.append(
            f"Shops: {' '.join(at_shops) or '-'}; missions on offer {offer} "
            f"(decks {missions['decks'][0]}+{missions['decks'][1]})"
        )
    lines.append(
        f"Decks: houses {observation['house_deck']}, mail {observation['mail_deck']}, "
        f"actions {observation['action_deck']}"
    )
    houses = ", ".join(f"{_SHORT[k]} {n}" for k, n in observation["house_discard"].items() if n)
    mail = ", ".join(f"{k} {n}" for k, n in observation["mail_discard"].items() if n)
    actions = ", ".join(f"{_TITLES[k]} {n}" for k, n in observation["action_discard"].items() if n)
    lines.append(
        f"Discards: houses [{houses or '-'}]  mail [{mail or '-'}]  actions [{actions or '-'}]"
    )
    for s, c in enumerate(observation["carriers"]):
        extras = []
        if c["boots"]:
            extras.append("boots")
        if c["debt"]:
            extras.append("owes Stampy a card")
        if c["mission"]:
            extras.append(f"mission {c['mission']}")
        if c["missions_done"]:
            extras.append(f"done {c['missions_done']}")
        if observation["final"] and c["tiebreak"]:
            extras.append(f"tie-break {c['tiebreak']}")
        if observation["finisher"] == s:
            extras.append("first to finish")
        delivered = c["delivered"]
        lines.append(
            f"{'>' if s == observation['current'] else ' '} seat {s}: {c['position']:<11} "
            f"mail {c['mail']}  actions {c['actions']}  delivered "
            f"{delivered['letter']}L+{delivered['parcel']}P  score {c['score']}"
            + (f"  ({', '.join(extras)})" if extras else "")
        )
    hand = observation["hand"]
    if hand is not None:
        mail = ", ".join(f"{n} {k}" for k, n in hand["mail"].items() if n) or "no mail"
        cards = ", ".join(
            f"{_TITLES[k]}" + (f" ×{n}" if n > 1 else "") for k, n in hand["actions"].items() if n
        )
        lines.append(f"Your bag: {mail}; your Action cards: {cards or 'none'}")
    if observation["tasks"]:
        lines.append("Waiting for: " + _task_text(observation["tasks"][-1]))
    return "\n".join(lines)


def _task_text(task: dict[str, Any]) -> str:
    seat = task["seat"]
    kind = task["kind"]
    if kind == "react":
        from mailbag.games.carteros.components import ACTION_KINDS

        card = _TITLES[ACTION_KINDS[task["arg"]]]
        return f"seat {seat} may answer {_CAUSES.get(task['cause'], task['cause'])} with {card}"
    texts = {
        "give": "to choose the Mail card(s) to deliver",
        "discard": "to choose a Mail card to discard",
        "flood": "to choose the block to flood",
        "ride": "to ride the bicycle on",
        "peek": "to look at a house with GPS",
        "take_mission": "to take a mission",
        "place_stampy": "to put Stampy on a corner",
        "move_stampy": "to move Stampy",
        "tiebreak": "to ride the tie-break line",
    }
    return f"seat {seat} {texts.get(kind, kind)}"


def describe_action(observation: Observation, action: Action) -> str:
    verb, args = action.verb, action.args
    first = str(args[0]) if args else ""
    if verb == "move":
        seat = observation["seat"]
        position = observation["carriers"][seat]["position"] if seat is not None else ""
        if position in ("post_office", "shops") and HOUSE_INDEX.get(first) in CORNERS:
            return f"enter the neighbourhood at {first}"
        return f"move to {first}"
    labels = {
        "deliver": "deliver here (turn the house)",
        "draw": "draw an Action card",
        "refill": "go to the Post Office and refill your bag",
        "shops": "go to the shops for a mission",
        "end": "end your turn",
        "pass": "do not react",
        "stop": "get off the bicycle",
    }
    tasks = observation.get("tasks") or []
    if verb == "stop" and tasks and tasks[-1]["kind"] == "peek":
        return "put the GPS away (your turn ends)"
    if verb in labels:
        return labels[verb]
    if verb == "play":
        return f"play {_TITLES.get(first, first)}"
    if verb == "replace":
        return f"discard {_TITLES.get(first, first)} and draw a new Action card"
    if verb == "use":
        return f"use {_TITLES.get(first, first)}"
    if verb == "give":
        return f"deliver a {first}"
    if verb == "discard":
        return f"discard a {first}"
    if verb == "flood":
        houses = _BLOCKS.get(first, ())
        return "flood " + " ".join(HOUSE_NAMES[h] for h in houses)
    if verb == "ride":
        return f"ride to {first}"
    if verb == "peek":
        return f"look at {first}"
    if verb == "take_mission":
        return f"take mission {first}"
    if verb == "place_stampy":
        return f"put Stampy on {first}"
    if verb == "move_stampy":
        return f"move Stampy to {first}"
    if verb == "tiebreak":
        return f"ride the line {first}–{args[1] if len(args) > 1 else ''}"
    return str(action)
