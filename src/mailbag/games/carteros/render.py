"""Carteros as text for the terminal: a header saying whose decision it is, the neighbourhood
grid (face-down houses, floods, meeples and Stampy) with a key to every mark and abbreviation
shown, the shops, every carrier's cards, mission and score, the seat's own hand, and short labels
for the action menu. Works from a view only, so it cannot show what the seat may not know; the
titles, abbreviations and help texts come from the component data, the decisions' wording from
:mod:`decisions`. Every word is in the reader's language (:mod:`texts`); house names and the
notation are the same in every language."""

from __future__ import annotations

import textwrap
from typing import Any

from mailbag.core.actions import Action
from mailbag.core.game import Observation
from mailbag.core.i18n import N_, NC_, _, pgettext
from mailbag.core.presentation import Block, Sections
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
from mailbag.games.carteros.state import ACTIONS_PER_TURN
from mailbag.games.carteros.texts import (
    ACTION,
    action_title,
    cause,
    help_text,
    house_abbrev,
    house_title,
    mail_abbrev,
    mail_title,
    one_mail,
    place,
    seat_name,
)

_BLOCKS = {HOUSE_NAMES[houses[0]]: houses for houses in BLOCK_HOUSES}
#: the width the key is wrapped to (the full-screen UI shows the board in a pane)
WIDTH = 78
#: the context of the grid's marks (one character each, in every language)
MARK = "carteros mark"
#: Stampy's mark on the grid
STAMPY_MARK = NC_("carteros mark", "D")
#: the marks of the grid and the carrier lines, always explained
MARKS = (
    ("?", N_("face-down")),
    ("~", N_("flooded")),
    ("*", N_("placed this turn")),
    (STAMPY_MARK, N_("Stampy")),
    ("0–3", N_("carriers")),
    (">", N_("whose turn")),
)
_TURN_LABELS = {
    "deliver": N_("deliver here (turn the house)"),
    "draw": N_("draw an Action card"),
    "refill": N_("go to the Post Office and refill your bag"),
    "shops": N_("go to the shops for a mission"),
    "end": N_("end your turn"),
}


def _mark(mark: str) -> str:
    return pgettext(MARK, mark) if mark == STAMPY_MARK else mark


def _flooded(observation: Observation) -> set[int]:
    houses: set[int] = set()
    for block in observation["floods"]:
        if block is not None:
            houses.update(_BLOCKS[block])
    return houses


def _cell(
    components: Components, observation: Observation, house: int, flooded: set[int], seen: set[str]
) -> str:
    name = HOUSE_NAMES[house]
    known = observation["known"].get(name)
    card = "?"
    if known in components.house_index:
        card = house_abbrev(components, known)
        seen.add(known)
    marks = ""
    if house in flooded:
        marks += "~"
    if name in observation["fresh"]:
        marks += "*"
    if observation["stampy"] == name:
        marks += _mark(STAMPY_MARK)
    here = "".join(str(s) for s, c in enumerate(observation["carriers"]) if c["position"] == name)
    return f" {name} {card:<3}{marks:<3}{here:<4}"


def waiting_text(components: Components, task: dict[str, Any]) -> str:
    """What the seat owing ``task`` is to do, after "seat N"."""
    decision = DECISIONS.get(task["kind"])
    if decision is None:
        return str(task["kind"])
    arg = task["arg"]
    card = (
        action_title(components, components.action_names[arg])
        if 0 <= arg < len(components.actions)
        else ""
    )
    return _(decision.waiting, card=card, cause=cause(task["cause"]))


def status(components: Components, observation: Observation) -> str:
    """Whose decision it is now: the turn, and who else acts in it (a reaction, Stampy's move
    between two turns, the tie-break after play)."""
    if observation["over"]:
        return _("game over")
    tasks = observation["tasks"]
    deciders = observation["deciders"]
    acting = deciders[0] if deciders else observation["current"]
    waiting = (
        _("{seat} {waiting}", seat=seat_name(acting), waiting=waiting_text(components, tasks[-1]))
        if tasks
        else ""
    )
    if observation["final"]:
        if waiting:
            return _("play has ended; {waiting}", waiting=waiting)
        return _("play has ended")
    fields = {
        "round": observation["round"],
        "seat": seat_name(observation["current"]),
        "used": observation["actions_used"],
        "total": ACTIONS_PER_TURN,
        "waiting": waiting,
    }
    if not tasks:
        return _("round {round}, {seat} to play, {used}/{total} actions used", **fields)
    if tasks[0]["kind"] == "next_turn":
        return _("round {round}, {seat}'s turn is over; {waiting}", **fields)
    return _("round {round}, {seat}'s turn, {used}/{total} actions used; {waiting}", **fields)


def _header(components: Components, observation: Observation) -> str:
    """The first line: whose decision it is, and who reads the view."""
    seat = observation["seat"]
    who = _("spectator") if seat is None else seat_name(seat)
    return _("Carteros — {status} (you: {who})", status=status(components, observation), who=who)


def _table(components: Components, observation: Observation, seen: set[str]) -> list[str]:
    """The shared table: the neighbourhood's grid, the Post Office and the shops, the decks and
    the discard piles (``seen`` collects the house kinds shown by their abbreviation)."""
    carriers = observation["carriers"]
    lines: list[str] = []
    flooded = _flooded(observation)
    border = "+" + "+".join("-" * 14 for _column in range(COLUMNS)) + "+"
    lines.append(border)
    for row in range(ROWS):
        cells = [
            _cell(components, observation, row * COLUMNS + c, flooded, seen) for c in range(COLUMNS)
        ]
        lines.append("|" + "|".join(cells) + "|")
    lines.append(border)
    at_po = [str(s) for s, c in enumerate(carriers) if c["position"] == "post_office"]
    lines.append(_("Post Office: {seats}", seats=" ".join(at_po) or "-"))
    missions = observation["missions"]
    cards = missions["cards"]
    if observation["options"]["missions"]:
        offer = ", ".join(_mission(cards, m) for m in missions["offer"] if m) or pgettext(
            "carteros", "none"
        )
        at_shops = [str(s) for s, c in enumerate(carriers) if c["position"] == "shops"]
        lines.append(
            _(
                "Shops: {seats}; missions on offer {offer} (decks {first}+{second})",
                seats=" ".join(at_shops) or "-",
                offer=offer,
                first=missions["decks"][0],
                second=missions["decks"][1],
            )
        )
    lines.append(
        _(
            "Decks: houses {houses}, mail {mail}, actions {actions}",
            houses=observation["house_deck"],
            mail=observation["mail_deck"],
            actions=observation["action_deck"],
        )
    )
    house_discard = [(k, n) for k, n in observation["house_discard"].items() if n]
    seen.update(k for k, _n in house_discard)
    houses = ", ".join(f"{house_abbrev(components, k)} {n}" for k, n in house_discard)
    mail = ", ".join(
        f"{mail_title(components, k)} {n}" for k, n in observation["mail_discard"].items() if n
    )
    actions = ", ".join(
        f"{action_title(components, k)} {n}" for k, n in observation["action_discard"].items() if n
    )
    lines.append(
        _(
            "Discards: houses [{houses}]  mail [{mail}]  actions [{actions}]",
            houses=houses or "-",
            mail=mail or "-",
            actions=actions or "-",
        )
    )
    return lines


def _own_cards(components: Components, observation: Observation) -> str | None:
    """The seat's own bag and Action cards (None: a spectator's view)."""
    hand = observation["hand"]
    if hand is None:
        return None
    bag = ", ".join(
        mail_title(components, k) + (f" ×{n}" if n > 1 else "")
        for k, n in hand["mail"].items()
        if n
    )
    held = ", ".join(
        action_title(components, k) + (f" ×{n}" if n > 1 else "")
        for k, n in hand["actions"].items()
        if n
    )
    return _(
        "Your bag: {bag}; your Action cards: {actions}",
        bag=bag or _("no Mail cards"),
        actions=held or pgettext("carteros", "none"),
    )


def render(components: Components, observation: Observation) -> str:
    """The view as text: the header, the table, every carrier (``>`` marks whose turn it is),
    the seat's own cards and the key, wrapped to :data:`WIDTH`."""
    seen: set[str] = set()  # house kinds shown by their abbreviation
    lines = [_header(components, observation), *_table(components, observation, seen)]
    for s, c in enumerate(observation["carriers"]):
        turn = ">" if s == observation["current"] else " "
        lines.append(f"{turn} {_carrier(components, observation, s, c)}")
    own = _own_cards(components, observation)
    if own is not None:
        lines.append(own)
    lines.extend(
        line.replace("\xa0", " ")
        for line in textwrap.wrap(_key(components, seen), WIDTH, subsequent_indent="  ")
    )
    return "\n".join(lines)


def sections(components: Components, observation: Observation) -> Sections:
    """The view as the full-screen terminal's parts, from the helpers :func:`render` uses: the
    table (titled by the header, the key its last line), the seat's own carrier and cards, and
    one block per other carrier (for a spectator: every carrier), each line a logical line."""
    seat = observation["seat"]
    seen: set[str] = set()
    table = _table(components, observation, seen)
    key = _key(components, seen).replace("\xa0", " ")
    board = Block(title=_header(components, observation), lines=(*table, key))
    carriers = observation["carriers"]
    blocks: list[Block] = []
    for s, c in enumerate(carriers):
        lines = [_carrier(components, observation, s, c)]
        if s == seat:
            own = _own_cards(components, observation)
            lines += [own] if own is not None else []
        title = seat_name(s)
        if s == observation["current"]:
            title = _("{seat} (to play)", seat=title)
        summary = _(
            "{seat}: {position}, score {score}",
            seat=seat_name(s),
            position=place(c["position"]),
            score=c["score"],
        )
        blocks.append(Block(title=title, lines=tuple(lines), seat=s, summary=summary))
    own_block = blocks[seat] if seat is not None else None
    others = tuple(block for block in blocks if block.seat != seat)
    return Sections(board=board, own=own_block, others=others)


def _carrier(components: Components, observation: Observation, s: int, c: dict[str, Any]) -> str:
    extras = []
    if c["boots"]:
        extras.append(_("boots"))
    if c["debt"]:
        extras.append(_("owes Stampy a card"))
    if c["mission"]:
        card = observation["missions"]["cards"].get(str(c["mission"]))
        if card:
            extras.append(
                _(
                    "mission {mission} at {house} for {points} pts",
                    mission=c["mission"],
                    house=card["house"],
                    points=card["points"],
                )
            )
        else:
            extras.append(_("mission {mission}", mission=c["mission"]))
    if c["missions_done"]:
        done = ", ".join(str(m) for m in c["missions_done"])
        extras.append(_("done {missions}", missions=done))
    if observation["final"] and c["tiebreak"]:
        extras.append(_("tie-break {points}", points=c["tiebreak"]))
    if observation["finisher"] == s:
        extras.append(_("first to finish"))
    delivered = "+".join(f"{n}{mail_abbrev(components, k)}" for k, n in c["delivered"].items())
    position = place(c["position"]).ljust(11)
    line = _(
        "{seat}: {position} mail {mail}  actions {actions}  delivered {delivered}  score {score}",
        seat=seat_name(s),
        position=position,
        mail=c["mail"],
        actions=c["actions"],
        delivered=delivered,
        score=c["score"],
    )
    if extras:
        line += f"  ({'; '.join(extras)})"
    return line


def _mission(cards: dict[str, Any], number: int) -> str:
    """A mission on offer with its house and points."""
    card = cards.get(str(number))
    if not card:
        return str(number)
    return _(
        "{mission} ({house}, {points} pts)",
        mission=number,
        house=card["house"],
        points=card["points"],
    )


def _key(components: Components, seen: set[str]) -> str:
    """The key to the marks and to every abbreviation the board shows (``seen``: the house
    kinds shown by their abbreviation), one line; each mark is joined to its words by a
    no-break space, so that :func:`render` wraps it to ``WIDTH`` with the two together."""
    groups = (
        (_("Key:"), tuple((_mark(mark), _(words)) for mark, words in MARKS)),
        (
            _("delivered:"),
            tuple(
                (mail_abbrev(components, m.name), mail_title(components, m.name))
                for m in components.mails
            ),
        ),
        (
            _("houses:"),
            tuple(
                (house_abbrev(components, h.name), house_title(components, h.name))
                for h in components.houses
                if h.name in seen
            ),
        ),
    )
    return "; ".join(
        f"{label} " + ", ".join(f"{mark}\xa0{words}" for mark, words in items)
        for label, items in groups
        if items
    )


def describe_action(components: Components, observation: Observation, action: Action) -> str:
    verb, args = action.verb, action.args
    first = str(args[0]) if args else ""
    if verb == "move":
        seat = observation["seat"]
        position = observation["carriers"][seat]["position"] if seat is not None else ""
        if position in ("post_office", "shops") and HOUSE_INDEX.get(first) in CORNERS:
            return _("enter the neighbourhood at {house}", house=first)
        return _("move to {house}", house=first)
    if verb in _TURN_LABELS:
        return _(_TURN_LABELS[verb])
    if verb == "play":
        index = components.action_index.get(first)
        card = action_title(components, first)
        if index is None:
            return _("play {card}", card=card)
        return _(
            "play {card}: {help}", card=card, help=help_text(ACTION, components.actions[index].help)
        )
    if verb == "replace":
        return _("discard {card} and draw a new Action card", card=action_title(components, first))
    tasks = observation.get("tasks") or []
    decision = DECISIONS.get(tasks[-1]["kind"]) if tasks else None
    if decision is None or verb not in decision.labels:
        decision = next((d for d in DECISIONS.values() if verb in d.labels), None)
    if decision is None:
        return str(action)
    second = str(args[1]) if len(args) > 1 else ""
    return _(
        decision.labels[verb],
        arg=first,
        first=first,
        last=second,
        card=action_title(components, first),
        mail=one_mail(components, first),
        block=", ".join(HOUSE_NAMES[h] for h in _BLOCKS.get(first, ())),
    )


#: the kinds of card on a terminal: Mail, Action and HOUSE cards each in a colour, after a
#: symbol of their own for those who cannot tell the colours apart
KIND_MARKS = {"mail": ("#e6c229", "◆"), "action": ("#39b7c9", "●"), "house": ("#c264c8", "▲")}


def palette(components: Components) -> dict[str, tuple[str, str]]:
    """The cards' titles as the seat reads them (and the HOUSE cards' abbreviations), for the
    full-screen terminal: each in its kind's colour, after its kind's symbol."""
    found: dict[str, tuple[str, str]] = {}
    for house in components.houses:
        found[house_title(components, house.name)] = KIND_MARKS["house"]
        found[house_abbrev(components, house.name)] = KIND_MARKS["house"]
    for mail in components.mails:
        found[mail_title(components, mail.name)] = KIND_MARKS["mail"]
    for card in components.actions:
        found[action_title(components, card.name)] = KIND_MARKS["action"]
    return found
