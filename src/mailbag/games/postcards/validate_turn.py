"""The invariants of a Postcards state, part 2: the phase and the turn in progress (see
``validate.py``, which checks the components and the seats first and then calls these).

- the phase: the End Game Bonus and the end triggered (PC-12, PC-101), the game over at the end
  of a round (PC-12, PC-104), whose turn it is (never an Automa's);
- the turn: kept effects and cards played (PC-4, PC-6), hand sizes between and during turns and
  while drawing (PC-11), the Travel display refilled;
- the stack of pending decisions: an order a turn can build, each frame's fields, what caused it
  (a camp for a souvenir, a pair for a joker, a used gift for the Road Map or Hiking Guide, a
  postcard sent for a gift choice), and a choice on top (a frame without one is dropped).
"""

from __future__ import annotations

from mailbag.core.errors import StateError
from mailbag.games.postcards import rules, turn
from mailbag.games.postcards.components import CAMPSITE_TYPES, Components
from mailbag.games.postcards.state import (
    CARDS_PER_TURN,
    EMPTY,
    GIFT,
    HAND_SIZE,
    HIKING,
    JOKER,
    POSTCARD,
    POSTCARDS_TO_END,
    ROAD_CAMP,
    ROAD_MOVE,
    SOUVENIR,
    STAMP,
    STAR,
    Frame,
    PostcardsState,
)

#: the stacks of pending decisions a turn can build, bottom first (see turn.py / actions.py):
#: a camp leaves a souvenir choice under the board effect's stamp or star; a Stamp Collection
#: pushes two stamps; every other decision is alone on the stack
STACKS = frozenset(
    {
        (),
        (JOKER,),
        (POSTCARD,),
        (SOUVENIR,),
        (SOUVENIR, STAMP),
        (SOUVENIR, STAR),
        (STAMP,),
        (STAMP, STAMP),
        (STAR,),
        (GIFT,),
        (HIKING,),
        (ROAD_MOVE,),
        (ROAD_CAMP,),
    }
)
FRAME_NAMES = {
    JOKER: "pair-of-cards (joker)",
    POSTCARD: "postcard action",
    SOUVENIR: "souvenir",
    STAMP: "stamp effect",
    STAR: "star",
    GIFT: "gift choice",
    ROAD_MOVE: "Road Map movement",
    ROAD_CAMP: "Road Map camp",
    HIKING: "Hiking Guide",
}
#: postcards a Hiking Guide decision holds (PC-107: with 2 or fewer they are kept at once)
HIKING_CARDS = (3, 5)


def _fail(message: str) -> StateError:
    return StateError(message)


def seat_name(state: PostcardsState, seat: int) -> str:
    """How messages name a seat: "seat 1", or "seat 1 (automa:normal)"."""
    kind = state.players[seat].kind
    return f"seat {seat}" if kind == "player" else f"seat {seat} ({kind})"


# -- the phase -----------------------------------------------------------------------------


def check_phase(state: PostcardsState) -> None:
    n = len(state.players)
    limit = turn.ROUND_LIMIT * n
    last = turn.last_seat_of_round(state)
    sent = [rules.sent_count(p) for p in state.players]
    if state.bonus == EMPTY:
        for seat, count in enumerate(sent):
            if count >= POSTCARDS_TO_END:
                raise _fail(
                    f"{seat_name(state, seat)} has sent {count} postcards but nobody holds the End "
                    f"Game Bonus; the first seat to send {POSTCARDS_TO_END} takes it (PC-12)"
                )
    else:
        if sent[state.bonus] < POSTCARDS_TO_END:
            raise _fail(
                f"{seat_name(state, state.bonus)} holds the End Game Bonus but has sent only "
                f"{sent[state.bonus]} postcards; it takes {POSTCARDS_TO_END} (PC-12)"
            )
        if not state.ending:
            raise _fail(
                "the End Game Bonus is taken but the end of the game is not triggered (PC-12)"
            )
    if state.ending and state.bonus == EMPTY and not rules.stalemate(state):
        raise _fail(
            "the end of the game is triggered, but nobody holds the End Game Bonus and the "
            "game is not stalled (the supply has tokens or a postcard can be sent; PC-101)"
        )
    if state.over:
        t = state.turn
        if t.played or t.plus or t.moves or t.postcards or t.camps or t.stack or t.drawing:
            raise _fail("the game is over but a turn is still in progress")
        if state.current != last:
            raise _fail(
                f"the game is over after the turn of seat {state.current}, but a game ends "
                f"after the last seat of the round, seat {last} (PC-12)"
            )
        if state.turns == 0 or state.turns % n:
            raise _fail(
                f"the game is over after {state.turns} turns, not a whole number of rounds "
                f"of {n} turns (PC-12)"
            )
        if not state.ending and state.turns != limit:
            raise _fail(
                f"the game is over after round {state.turns // n} without its end being "
                f"triggered; only round {turn.ROUND_LIMIT} ends it so (PC-104)"
            )
        return
    if state.players[state.current].kind != "player":
        raise _fail(
            f"{seat_name(state, state.current)} is to play, but an Automa plays its whole turn at "
            "once and is never waited for"
        )
    if state.turns >= limit:
        raise _fail(
            f"{state.turns} turns are played and the game is not over; it ends after round "
            f"{turn.ROUND_LIMIT} (PC-104)"
        )
    expected = (state.first_player + state.turns) % n
    if state.current != expected:
        raise _fail(
            f"seat {state.current} is to play, but after {state.turns} turns from first player "
            f"seat {state.first_player} it is seat {expected}'s turn"
        )


# -- the turn ------------------------------------------------------------------------------


def turn_counters(state: PostcardsState) -> tuple[tuple[str, int], ...]:
    """The turn's counters of effects kept for later, by name (checked for range twice: never
    negative, early, and never above what a turn can gain, here)."""
    t = state.turn
    return (
        ("plus effects", t.plus),
        ("kept movement effects", t.moves),
        ("kept postcard effects", t.postcards),
        ("kept camp effects", t.camps),
    )


def check_turn(state: PostcardsState, effects: int) -> None:
    """Kept effects, cards played, hand sizes, drawing and the Travel display."""
    t = state.turn
    for name, value in turn_counters(state):
        if value > effects:
            raise _fail(f"the turn has {value} {name}; no turn gains more than {effects}")
    if len(t.played) > CARDS_PER_TURN + t.plus:
        raise _fail(
            f"{len(t.played)} travel cards are played this turn with {t.plus} plus effect(s); "
            f"at most {CARDS_PER_TURN + t.plus} may be (PC-6)"
        )
    for seat, player in enumerate(state.players):
        if player.kind != "player":
            continue
        held = len(player.hand)
        if state.over or seat != state.current:
            if held != HAND_SIZE:
                raise _fail(
                    f"{seat_name(state, seat)} holds {held} travel cards; between its turns a "
                    f"player holds {HAND_SIZE} (PC-11)"
                )
        elif t.drawing:
            if held >= HAND_SIZE:
                raise _fail(
                    f"seat {seat} is drawing travel cards but already holds {held}; drawing "
                    f"stops at {HAND_SIZE} (PC-11)"
                )
        elif held + len(t.played) != HAND_SIZE:
            raise _fail(
                f"seat {seat} holds {held} travel cards and has played {len(t.played)} this "
                f"turn; a turn starts with {HAND_SIZE} (PC-11)"
            )
    if t.drawing:
        if t.played or t.plus or t.moves or t.postcards or t.camps or t.stack:
            raise _fail(
                "the seat to play is drawing travel cards, but its turn still has cards played, "
                "effects kept or decisions pending (PC-11: drawing comes after the turn)"
            )
        if not rules.hand_needs_cards(state, state.current):
            raise _fail(f"seat {state.current} is drawing travel cards but there is none to draw")
    elif EMPTY in state.travel_row and (state.travel_deck or state.travel_discard):
        slot = state.travel_row.index(EMPTY) + 1
        raise _fail(
            f"travel display slot {slot} is empty while travel cards are left to refill it (PC-11)"
        )


def check_stack(comps: Components, state: PostcardsState, stars: frozenset[int]) -> None:
    """The pending decisions: their order, each frame's fields and causes, a choice on top."""
    stack = state.turn.stack
    if not stack:
        return
    kinds = tuple(f.kind for f in stack)
    if kinds not in STACKS:
        listed = ", ".join(FRAME_NAMES[k] for k in kinds)
        raise _fail(f"the pending decisions ({listed}, the last on top) cannot arise together")
    for frame in stack:
        _check_frame(comps, state, frame, stars)
    top = stack[-1]
    if not turn.frame_has_choice(comps, state, top):
        raise _fail(
            f"the pending {FRAME_NAMES[top.kind]} decision offers no choice; it would have been "
            "dropped"
        )


def _check_frame(
    comps: Components, state: PostcardsState, frame: Frame, stars: frozenset[int]
) -> None:
    kind = frame.kind
    name = f"the pending {FRAME_NAMES[kind]} decision"
    player = state.players[state.current]
    if kind not in (STAR, SOUVENIR) and frame.value != 0:
        raise _fail(f"{name} carries the value {frame.value}; it has none")
    if kind != HIKING and frame.cards:
        raise _fail(f"{name} holds postcards; only a Hiking Guide decision does")
    if frame.refreshed and (kind != POSTCARD or state.edition != "en"):
        raise _fail(
            f"{name} is marked refreshed; only a postcard action of the English edition can "
            "refresh the display (PC-7)"
        )
    if kind == STAR:
        if state.side != "B":
            raise _fail(f"{name} is pending on board side {state.side}; stars are chosen on side B")
        if frame.value not in stars:
            valid = ", ".join(map(str, sorted(stars))) or "none"
            raise _fail(f"{name} is worth {frame.value} points; stars are worth {valid}")
    elif kind == SOUVENIR:
        if not 0 <= frame.value < len(CAMPSITE_TYPES):
            raise _fail(
                f"{name} is for campsite type {frame.value}; types are 0..{len(CAMPSITE_TYPES) - 1}"
            )
        site_type = CAMPSITE_TYPES[frame.value]
        if not player.camps:
            raise _fail(f"{name} is pending but seat {state.current} has placed no camp")
        site = comps.campsites[player.camps[-1]]
        if site.type != site_type or site.region != player.region:
            raise _fail(
                f"{name} is for a {site_type} campsite here, but seat {state.current}'s last "
                f"camp is on campsite {site.id} ({site.type}, region {site.region})"
            )
    elif kind == HIKING:
        lo, hi = HIKING_CARDS
        if not lo <= len(frame.cards) <= hi:
            raise _fail(f"{name} holds {len(frame.cards)} postcards; it holds {lo}..{hi} (PC-107)")
        _used_gift(comps, state, "hiking_guide", name)
    elif kind in (ROAD_MOVE, ROAD_CAMP):
        _used_gift(comps, state, "road_map", name)
    elif kind == JOKER:
        if len(state.turn.played) < 2:
            raise _fail(f"{name} is pending but fewer than 2 cards are played this turn (PC-6)")
    elif kind == GIFT and not rules.sent_count(player):
        raise _fail(f"{name} is pending but seat {state.current} has sent no postcard (PC-10)")


def _used_gift(comps: Components, state: PostcardsState, gift: str, name: str) -> None:
    if not any(comps.gifts[g].effect == gift for g in state.gift_discard):
        raise _fail(f"{name} is pending but no {gift} gift card has been used (discarded)")
