"""Postcards turn flow: set-up, effects, the decision frames of a turn, end of turn and game end.

A player's turn is a sequence of small decisions (see ``actions.py`` for the notation). Effects
that need a choice push a :class:`~mailbag.games.postcards.state.Frame` on the turn's stack;
the top frame is decided first. Play passes to an Automa seat inside :func:`finish_turn`, which
runs its whole turn at once (``automa.play_automa_turn``) so that ``deciders()`` never names an
Automa.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from mailbag.core.errors import ComponentError, SeatError
from mailbag.core.game import Event
from mailbag.core.i18n import N_, _
from mailbag.core.rng import Rng
from mailbag.core.spec import OptionValue
from mailbag.games.postcards import automa, rules
from mailbag.games.postcards.components import CAMPSITE_TYPES, Components, deal_shortfall
from mailbag.games.postcards.effect_icons import gain_effect
from mailbag.games.postcards.state import (
    CARDS_PER_TURN,
    EMPTY,
    GIFT,
    GIFT_ROW,
    HAND_SIZE,
    POSTCARD,
    POSTCARD_ROW,
    ROAD_CAMP,
    SOUVENIR,
    STAMP,
    TRAVEL_ROW,
    Frame,
    Player,
    PostcardsState,
    Turn,
)

AUTOMA_KINDS: Final = ("automa:easy", "automa:normal", "automa:expert")
#: PC-104: the game ends after this many rounds even if nobody has sent 4 postcards
ROUND_LIMIT: Final = 100
#: the rules new games are played by (``Game.rules_version``): 2 since PC-10a's reshuffle
RULES_VERSION: Final = 2


# -- set-up -----------------------------------------------------------------------------------


def check_table(seats: tuple[str, ...]) -> None:
    """At least two seats, at least one of them a player, the others players or Automas."""
    if len(seats) < 2:
        raise SeatError(
            _(
                "Postcards needs 2–4 seats: a lone player plays against at least one Automa "
                "(e.g. player,automa:normal)"
            )
        )
    if "player" not in seats:
        raise SeatError(
            _("Postcards needs at least one player seat (an all-Automa table is not allowed)")
        )
    for kind in seats:
        if kind != "player" and kind not in AUTOMA_KINDS:
            raise SeatError(
                _(
                    "unknown seat kind {kind}; valid: player, {valid}",
                    kind=repr(kind),
                    valid=", ".join(AUTOMA_KINDS),
                )
            )


def setup(
    components: Components,
    seats: tuple[str, ...],
    options: Mapping[str, OptionValue],
    seed: int,
    rules_version: int = RULES_VERSION,
) -> tuple[PostcardsState, list[Event]]:
    """Deal a new game by the rulebook's Setup steps; an Automa first player plays at once.
    ``rules_version``: the rules it is played by (see ``PostcardsState.rules``)."""
    check_table(seats)
    problem = deal_shortfall(components, seats)
    if problem is not None:
        raise ComponentError(f"{components.source}: {problem}")
    rng = Rng.from_seed(seed)
    gift_deck = components.gift_deck()
    rng.shuffle(gift_deck)
    gift_row = [gift_deck.pop() for _ in range(GIFT_ROW)]
    travel_deck = components.travel_deck()
    rng.shuffle(travel_deck)
    travel_row = [travel_deck.pop() for _ in range(TRAVEL_ROW)]
    itineraries = sorted(components.itineraries)
    rng.shuffle(itineraries)
    postcard_deck = sorted(components.postcards)
    rng.shuffle(postcard_deck)
    players = []
    for kind in seats:
        itinerary = itineraries.pop()
        hand = sorted(travel_deck.pop() for _ in range(HAND_SIZE)) if kind == "player" else []
        players.append(
            Player(kind, itinerary, components.itineraries[itinerary].start, hand, [], [], [])
        )
    state = PostcardsState(
        rng=rng,
        edition=str(options.get("edition", "en")),
        side=str(options.get("side", "A")),
        players=players,
        first_player=0,
        current=0,
        turn=Turn(),
        travel_deck=travel_deck,
        travel_discard=[],
        travel_row=travel_row,
        postcard_deck=postcard_deck,
        postcard_discard=[],
        postcard_row=[EMPTY] * POSTCARD_ROW,
        gift_deck=gift_deck,
        gift_discard=[],
        gift_row=gift_row,
        supply=components.tokens,
        camp_owner=[EMPTY] * len(components.campsites),
        unused_itineraries=sorted(itineraries),
        rules=rules_version,
    )
    for seat in range(len(seats)):  # one random postcard each, information side up (PC-3)
        rules.gain_postcard(components, state, seat, state.postcard_deck.pop())
    rules.refill_postcard_row(state)
    state.first_player = state.current = rng.randbelow(len(seats))
    events = run_engine_seats(components, state)
    return state, events


# -- the camp action (PC-8, PC-102) ------------------------------------------------------------


def camp_action(
    components: Components, state: PostcardsState, seat: int, campsite: int
) -> list[Event]:
    """A player's camp action on ``campsite`` (PC-8). PC-102: the board effect under the camp
    token is resolved first, then the souvenir is chosen."""
    events, board = rules.place_camp(components, state, seat, campsite)
    site_type = components.campsites[campsite].type
    if state.supply > 0 and rules.open_souvenir_spaces(components, state, seat, site_type):
        state.turn.stack.append(Frame(SOUVENIR, value=CAMPSITE_TYPES.index(site_type)))
    if board is not None:
        events += gain_effect(components, state, seat, board)
    return events


def frame_has_choice(components: Components, state: PostcardsState, frame: Frame) -> bool:
    """Whether the frame offers anything but skipping (else it is dropped, PC-2/PC-4)."""
    seat = state.current
    kind = frame.kind
    if kind == STAMP:
        return state.supply > 0 and bool(rules.open_stamp_spaces(components, state, seat))
    if kind == SOUVENIR:
        site_type = CAMPSITE_TYPES[frame.value]
        return state.supply > 0 and bool(
            rules.open_souvenir_spaces(components, state, seat, site_type)
        )
    if kind == GIFT:
        return rules.gifts_available(state)
    if kind == ROAD_CAMP:
        return rules.can_camp(components, state, seat)
    if kind == POSTCARD:
        return rules.postcards_available(state)
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
    rules.discard_travel(state, turn.played)
    state.turn = Turn(drawing=True)
    seat = state.current
    events = [Event("end_turn", N_("{seat} ends the turn"), {"seat": seat})]
    if not rules.hand_needs_cards(state, seat):
        events += finish_turn(components, state)
    return events


def draw_card(components: Components, state: PostcardsState, slot: int | None) -> list[Event]:
    """PC-11: draw one Travel card from display ``slot`` or (None) the deck."""
    seat = state.current
    player = state.players[seat]
    if slot is None:
        card = rules.draw_travel(state)
        events = [
            Event("draw", N_("{seat} draws from the deck"), {"seat": seat}),
            Event(
                "drawn",
                N_("you draw {card}"),
                {"seat": seat, "card": components.travel[card].name},
                to=(seat,),
            ),
        ]
    else:
        card = rules.take_travel_from_row(state, slot)
        events = [
            Event(
                "draw",
                N_("{seat} takes {card} from the display"),
                {"seat": seat, "slot": slot, "card": components.travel[card].name},
            )
        ]
    player.hand.append(card)
    player.hand.sort()
    if not rules.hand_needs_cards(state, seat):
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
    rules.discard_travel(state, state.turn.played)
    state.turn = Turn()
    rules.refill_travel_row(state)
    state.turns += 1
    events: list[Event] = []
    if not state.ending and rules.stalemate(state):  # PC-101
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
            over = N_("round {round} is over: the game ends (PC-104)")
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
