"""Postcards turn flow: effects, the decision frames of a turn, end of turn and game end (the deal
is in ``setup.py``).

A player's turn is a sequence of small decisions (see ``legal.py`` for the notation). Effects
that need a choice push a :class:`~mailbag.games.postcards.state.Frame` on the turn's stack;
the top frame is decided first. Play passes to an Automa seat inside :func:`finish_turn`, which
runs its whole turn at once (``automa.play_automa_turn``) so that ``deciders()`` never names an
Automa.
"""

from __future__ import annotations

from typing import Final

from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.postcards import automa, pieces
from mailbag.games.postcards.components import CAMPSITE_TYPES, Components
from mailbag.games.postcards.effect_icons import gain_effect
from mailbag.games.postcards.state import (
    CARDS_PER_TURN,
    GIFT,
    POSTCARD,
    ROAD_CAMP,
    SOUVENIR,
    STAMP,
    Frame,
    PostcardsState,
    Turn,
)

AUTOMA_KINDS: Final = ("automa:easy", "automa:normal", "automa:expert")
#: PC-104: the game ends after this many rounds even if nobody has sent 4 postcards
ROUND_LIMIT: Final = 100
#: the rules new games are played by (``Game.rules_version``): 2 since PC-10a's reshuffle
RULES_VERSION: Final = 2


# -- the camp action (PC-8, PC-102) ------------------------------------------------------------


def camp_action(
    components: Components, state: PostcardsState, seat: int, campsite: int
) -> list[Event]:
    """A player's camp action on ``campsite`` (PC-8). PC-102: the board effect under the camp
    token is resolved first, then the souvenir is chosen."""
    events, board = pieces.place_camp(components, state, seat, campsite)
    site_type = components.campsites[campsite].type
    if state.supply > 0 and pieces.open_souvenir_spaces(components, state, seat, site_type):
        state.turn.stack.append(Frame(SOUVENIR, value=CAMPSITE_TYPES.index(site_type)))
    if board is not None:
        events += gain_effect(components, state, seat, board)
    return events


def frame_has_choice(components: Components, state: PostcardsState, frame: Frame) -> bool:
    """Whether the frame offers anything but skipping (else it is dropped, PC-2/PC-4)."""
    seat = state.current
    kind = frame.kind
    if kind == STAMP:
        return state.supply > 0 and bool(pieces.open_stamp_spaces(components, state, seat))
    if kind == SOUVENIR:
        site_type = CAMPSITE_TYPES[frame.value]
        return state.supply > 0 and bool(
            pieces.open_souvenir_spaces(components, state, seat, site_type)
        )
    if kind == GIFT:
        return pieces.gifts_available(state)
    if kind == ROAD_CAMP:
        return pieces.can_camp(components, state, seat)
    if kind == POSTCARD:
        return pieces.postcards_available(state)
    return True


def settle(components: Components, state: PostcardsState) -> None:
    """Drop pending frames that no longer offer a choice."""
    stack = state.turn.stack
    while stack and not frame_has_choice(components, state, stack[-1]):
        stack.pop()


# -- end of turn and of the game --------------------------------------------------------------


def end_turn(components: Components, state: PostcardsState) -> list[Event]:
    """The player ends the turn: played cards are discarded, unused effects expire (PC-4), then
    cards are drawn one at a time (PC-11) or, with nothing to draw, the turn is over."""
    turn = state.turn
    pieces.discard_travel(state, turn.played)
    state.turn = Turn(drawing=True)
    seat = state.current
    events = [Event("end_turn", N_("{seat} ends the turn"), {"seat": seat})]
    if not pieces.hand_needs_cards(state, seat):
        events += finish_turn(components, state)
    return events


def draw_card(components: Components, state: PostcardsState, slot: int | None) -> list[Event]:
    """PC-11: draw one Travel card from display ``slot`` or (None) the deck."""
    seat = state.current
    player = state.players[seat]
    if slot is None:
        card = pieces.draw_travel(state)
        events = [
            Event("draw", N_("{seat} draws from the deck"), {"seat": seat}),
            Event(
                "drawn",
                N_("you draw a {card}"),
                {"seat": seat, "card": components.travel[card].name},
                to=(seat,),
            ),
        ]
    else:
        card = pieces.take_travel_from_row(state, slot)
        events = [
            Event(
                "draw",
                N_("{seat} takes a {card} from the display"),
                {"seat": seat, "slot": slot, "card": components.travel[card].name},
            )
        ]
    player.hand.append(card)
    player.hand.sort()
    if not pieces.hand_needs_cards(state, seat):
        events += finish_turn(components, state)
    return events


def last_seat_of_round(state: PostcardsState) -> int:
    return (state.first_player - 1) % len(state.players)


def finish_turn(components: Components, state: PostcardsState) -> list[Event]:
    """Close the current turn: refill the Travel display, check the end of the game (PC-12,
    PC-101), then pass to the next seat (running Automa turns at once)."""
    events = _close_turn(components, state)
    if state.over:
        return events
    state.current = (state.current + 1) % len(state.players)
    return events + run_engine_seats(components, state)


def _close_turn(components: Components, state: PostcardsState) -> list[Event]:
    pieces.discard_travel(state, state.turn.played)
    state.turn = Turn()
    pieces.refill_travel_row(state)
    state.turns += 1
    events: list[Event] = []
    if not state.ending and pieces.stalemate(state):  # PC-101
        state.ending = True
        events.append(
            Event(
                "stalemate",
                N_(
                    "the supply is empty and no postcard can be completed: "
                    "the round is finished, then the game ends"
                ),
                {},
            )
        )
    if state.current == last_seat_of_round(state):
        if state.ending:  # PC-12
            state.over = True
            events.append(Event("game_over", N_("the game is over"), {}))
        elif state.turns >= ROUND_LIMIT * len(state.players):  # PC-104
            state.over = True
            over = N_("round {round} is over: the game ends at the round limit")
            events.append(Event("game_over", over, {"round": ROUND_LIMIT}))
    return events


def run_engine_seats(components: Components, state: PostcardsState) -> list[Event]:
    """While play is with an Automa seat, play its whole turn and pass on."""
    events: list[Event] = []
    while not state.over and state.players[state.current].kind != "player":
        seat = state.current
        events += automa.play_automa_turn(components, state, seat)
        events += _close_turn(components, state)
        if not state.over:
            state.current = (state.current + 1) % len(state.players)
    return events


def cards_left(state: PostcardsState) -> int:
    """Cards the current player may still play this turn (PC-6: 3 plus one per plus effect)."""
    return CARDS_PER_TURN + state.turn.plus - len(state.turn.played)
