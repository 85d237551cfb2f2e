"""Letterbox in words for the terminal: the view as text (``render``) and as the parts of the
full-screen terminal's layout (``sections``: the table, the seat's own hand, a block per other
seat), both built from the same lines so they never disagree, and an action in words."""

from __future__ import annotations

from mailbag.core import Action, Block, Observation, Sections
from mailbag.core.i18n import _

from letterbox.texts import describe_draw, describe_post


def _letters(codes: list[int]) -> str:
    return " ".join(map(str, codes)) or "-"


def table_lines(observation: Observation) -> tuple[str, ...]:
    """The shared table: the letterbox and its top letter, the mail bag, the sorted heap."""
    pile = observation["pile"]
    return (
        _(
            "Letterbox: {letters} (top {top})",
            letters=_letters(pile),
            top=pile[-1] if pile else "-",
        ),
        _(
            "Mail bag: {count} letters; sorted by the postman: {sorted}",
            count=observation["bag"],
            sorted=len(observation["sorted"]),
        ),
    )


def hand_line(observation: Observation) -> str:
    return _("Your hand: {letters}", letters=_letters(observation["hand"]))


def seat_line(observation: Observation, seat: int) -> str:
    """One seat in a line: its hand's size and its points, ``*`` when it is to act."""
    turn = " *" if seat == observation["current"] else ""
    return (
        _(
            "Seat {seat}: {size} letters in hand, {points} points",
            seat=seat,
            size=observation["hand_sizes"][seat],
            points=observation["points"][seat],
        )
        + turn
    )


def render(observation: Observation) -> str:
    """The seat's view as text for the terminal: the letterbox, the bag, the hand, the seats."""
    lines = list(table_lines(observation))
    if observation["hand"] is not None:
        lines.append(hand_line(observation))
    lines += [seat_line(observation, seat) for seat in range(len(observation["hand_sizes"]))]
    return "\n".join(lines)


def sections(observation: Observation) -> Sections:
    """The view as the full-screen terminal lays it out: the table; the seat's hand and its own
    line (None for a spectator); one block per other seat (every seat for a spectator)."""
    me = observation["seat"]
    board = Block(title=_("The table"), lines=table_lines(observation))
    own = None
    if me is not None:
        own = Block(
            title=_("You"), lines=(hand_line(observation), seat_line(observation, me)), seat=me
        )
    others = tuple(
        Block(
            title=_("Seat {seat}", seat=seat),
            lines=(seat_line(observation, seat),),
            seat=seat,
            summary=seat_line(observation, seat),
        )
        for seat in range(len(observation["hand_sizes"]))
        if seat != me
    )
    return Sections(board=board, own=own, others=others)


def describe_action(observation: Observation, action: Action) -> str:
    if action.verb == "post":
        return describe_post(int(action.args[0]))
    return describe_draw()
