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
from mailbag.core.i18n import N_, _
from mailbag.games.postcards import pieces, texts, turn
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

#: the stacks of pending decisions a turn can build, bottom first (see turn.py / apply.py):
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
#: the pending decisions as the messages name them: "the pending {name} decision"
FRAME_NAMES = {
    JOKER: N_("the pending pair-of-cards (joker) decision"),
    POSTCARD: N_("the pending postcard action decision"),
    SOUVENIR: N_("the pending souvenir decision"),
    STAMP: N_("the pending stamp effect decision"),
    STAR: N_("the pending star decision"),
    GIFT: N_("the pending gift choice decision"),
    ROAD_MOVE: N_("the pending Road Map movement decision"),
    ROAD_CAMP: N_("the pending Road Map camp decision"),
    HIKING: N_("the pending Hiking Guide decision"),
}
#: the decisions in a list of them
FRAME_SHORT = {
    JOKER: N_("pair-of-cards (joker)"),
    POSTCARD: N_("postcard action"),
    SOUVENIR: N_("souvenir"),
    STAMP: N_("stamp effect"),
    STAR: N_("star"),
    GIFT: N_("gift choice"),
    ROAD_MOVE: N_("Road Map movement"),
    ROAD_CAMP: N_("Road Map camp"),
    HIKING: N_("Hiking Guide"),
}
#: postcards a Hiking Guide decision holds (PC-107: with 2 or fewer they are kept at once)
HIKING_CARDS = (3, 5)


def _fail(message: str) -> StateError:
    return StateError(message)


def seat_name(state: PostcardsState, seat: int) -> str:
    """How messages name a seat: "seat 1", or "seat 1 (automa:normal)"."""
    kind = state.players[seat].kind
    name = _("seat {number}", number=seat)
    return name if kind == "player" else _("{seat} ({kind})", seat=name, kind=kind)


# -- the phase -----------------------------------------------------------------------------


def check_phase(state: PostcardsState) -> None:
    n = len(state.players)
    limit = turn.ROUND_LIMIT * n
    last = turn.last_seat_of_round(state)
    sent = [pieces.sent_count(p) for p in state.players]
    if state.bonus == EMPTY:
        for seat, count in enumerate(sent):
            if count >= POSTCARDS_TO_END:
                raise _fail(
                    _(
                        "{who} has sent {count} postcards but nobody holds the End Game Bonus; "
                        "the first seat to send {postcards_to_end} takes it (PC-12)",
                        who=seat_name(state, seat),
                        count=count,
                        postcards_to_end=POSTCARDS_TO_END,
                    )
                )
    else:
        if sent[state.bonus] < POSTCARDS_TO_END:
            raise _fail(
                _(
                    "{who} holds the End Game Bonus but has sent only {sent} postcards; it takes "
                    "{postcards_to_end} (PC-12)",
                    who=seat_name(state, state.bonus),
                    sent=sent[state.bonus],
                    postcards_to_end=POSTCARDS_TO_END,
                )
            )
        if not state.ending:
            raise _fail(
                _("the End Game Bonus is taken but the end of the game is not triggered (PC-12)")
            )
    if state.ending and state.bonus == EMPTY and not pieces.stalemate(state):
        raise _fail(
            _(
                "the end of the game is triggered, but nobody holds the End Game Bonus and the "
                "game is not stalled (the supply has tokens or a postcard can be sent; PC-101)"
            )
        )
    if state.over:
        t = state.turn
        if t.played or t.plus or t.moves or t.postcards or t.camps or t.stack or t.drawing:
            raise _fail(_("the game is over but a turn is still in progress"))
        if state.current != last:
            raise _fail(
                _(
                    "the game is over after the turn of seat {current}, but a game ends after the "
                    "last seat of the round, seat {last} (PC-12)",
                    current=state.current,
                    last=last,
                )
            )
        if state.turns == 0 or state.turns % n:
            raise _fail(
                _(
                    "the game is over after {turns} turns, not a whole number of rounds of {n} "
                    "turns (PC-12)",
                    turns=state.turns,
                    n=n,
                )
            )
        if not state.ending and state.turns != limit:
            raise _fail(
                _(
                    "the game is over after round {number} without its end being triggered; only "
                    "round {round_limit} ends it so (PC-104)",
                    number=state.turns // n,
                    round_limit=turn.ROUND_LIMIT,
                )
            )
        return
    if state.players[state.current].kind != "player":
        raise _fail(
            _(
                "{who} is to play, but an Automa plays its whole turn at once and is never waited "
                "for",
                who=seat_name(state, state.current),
            )
        )
    if state.turns >= limit:
        raise _fail(
            _(
                "{turns} turns are played and the game is not over; it ends after round "
                "{round_limit} (PC-104)",
                turns=state.turns,
                round_limit=turn.ROUND_LIMIT,
            )
        )
    expected = (state.first_player + state.turns) % n
    if state.current != expected:
        raise _fail(
            _(
                "seat {current} is to play, but after {turns} turns from first player seat "
                "{first_player} it is seat {expected}'s turn",
                current=state.current,
                turns=state.turns,
                first_player=state.first_player,
                expected=expected,
            )
        )


# -- the turn ------------------------------------------------------------------------------


def turn_counters(state: PostcardsState) -> tuple[tuple[str, int], ...]:
    """The turn's counters of effects kept for later, by name (checked for range twice: never
    negative, early, and never above what a turn can gain, here)."""
    t = state.turn
    return (
        (N_("plus effects"), t.plus),
        (N_("kept movement effects"), t.moves),
        (N_("kept postcard effects"), t.postcards),
        (N_("kept camp effects"), t.camps),
    )


def check_turn(state: PostcardsState, effects: int) -> None:
    """Kept effects, cards played, hand sizes, drawing and the Travel display."""
    t = state.turn
    for name, value in turn_counters(state):
        if value > effects:
            raise _fail(
                _(
                    "the turn has {value} {name}; no turn gains more than {effects}",
                    value=value,
                    name=_(name),
                    effects=effects,
                )
            )
    if len(t.played) > CARDS_PER_TURN + t.plus:
        raise _fail(
            _(
                "{played_count} travel cards are played this turn with {plus} plus effect(s); at "
                "most {number} may be (PC-6)",
                played_count=len(t.played),
                plus=t.plus,
                number=CARDS_PER_TURN + t.plus,
            )
        )
    for seat, player in enumerate(state.players):
        if player.kind != "player":
            continue
        held = len(player.hand)
        if state.over or seat != state.current:
            if held != HAND_SIZE:
                raise _fail(
                    _(
                        "{who} holds {held} travel cards; between its turns a player holds "
                        "{hand_size} (PC-11)",
                        who=seat_name(state, seat),
                        held=held,
                        hand_size=HAND_SIZE,
                    )
                )
        elif t.drawing:
            if held >= HAND_SIZE:
                raise _fail(
                    _(
                        "seat {seat} is drawing travel cards but already holds {held}; drawing "
                        "stops at {hand_size} (PC-11)",
                        seat=seat,
                        held=held,
                        hand_size=HAND_SIZE,
                    )
                )
        elif held + len(t.played) != HAND_SIZE:
            raise _fail(
                _(
                    "seat {seat} holds {held} travel cards and has played {played_count} this "
                    "turn; a turn starts with {hand_size} (PC-11)",
                    seat=seat,
                    held=held,
                    played_count=len(t.played),
                    hand_size=HAND_SIZE,
                )
            )
    if t.drawing:
        if t.played or t.plus or t.moves or t.postcards or t.camps or t.stack:
            raise _fail(
                _(
                    "the seat to play is drawing travel cards, but its turn still has cards "
                    "played, effects kept or decisions pending (PC-11: drawing comes after the "
                    "turn)"
                )
            )
        if not pieces.hand_needs_cards(state, state.current):
            raise _fail(
                _(
                    "seat {current} is drawing travel cards but there is none to draw",
                    current=state.current,
                )
            )
    elif EMPTY in state.travel_row and (state.travel_deck or state.travel_discard):
        slot = state.travel_row.index(EMPTY) + 1
        raise _fail(
            _(
                "travel display slot {slot} is empty while travel cards are left to refill it "
                "(PC-11)",
                slot=slot,
            )
        )


def check_stack(components: Components, state: PostcardsState, stars: frozenset[int]) -> None:
    """The pending decisions: their order, each frame's fields and causes, a choice on top."""
    stack = state.turn.stack
    if not stack:
        return
    kinds = tuple(f.kind for f in stack)
    if kinds not in STACKS:
        listed = ", ".join(_(FRAME_SHORT[k]) for k in kinds)
        raise _fail(
            _(
                "the pending decisions ({listed}, the last on top) cannot arise together",
                listed=listed,
            )
        )
    for frame in stack:
        _check_frame(components, state, frame, stars)
    top = stack[-1]
    if not turn.frame_has_choice(components, state, top):
        raise _fail(
            _(
                "{decision} offers no choice; it would have been dropped",
                decision=_(FRAME_NAMES[top.kind]),
            )
        )


def _check_frame(
    components: Components, state: PostcardsState, frame: Frame, stars: frozenset[int]
) -> None:
    kind = frame.kind
    name = _(FRAME_NAMES[kind])
    player = state.players[state.current]
    if kind not in (STAR, SOUVENIR) and frame.value != 0:
        raise _fail(
            _("{name} carries the value {value}; it has none", name=name, value=frame.value)
        )
    if kind != HIKING and frame.cards:
        raise _fail(_("{name} holds postcards; only a Hiking Guide decision does", name=name))
    if frame.refreshed and (kind != POSTCARD or state.edition != "en"):
        raise _fail(
            _(
                "{name} is marked refreshed; only a postcard action of the English edition can "
                "refresh the display (PC-7)",
                name=name,
            )
        )
    if kind == STAR:
        if state.side != "B":
            raise _fail(
                _(
                    "{name} is pending on board side {side}; stars are chosen on side B",
                    name=name,
                    side=state.side,
                )
            )
        if frame.value not in stars:
            valid = ", ".join(map(str, sorted(stars))) or "none"
            raise _fail(
                _(
                    "{name} is worth {value} points; stars are worth {valid}",
                    name=name,
                    value=frame.value,
                    valid=valid,
                )
            )
    elif kind == SOUVENIR:
        if not 0 <= frame.value < len(CAMPSITE_TYPES):
            raise _fail(
                _(
                    "{name} is for campsite type {value}; types are 0..{number}",
                    name=name,
                    value=frame.value,
                    number=len(CAMPSITE_TYPES) - 1,
                )
            )
        site_type = CAMPSITE_TYPES[frame.value]
        if not player.camps:
            raise _fail(
                _(
                    "{name} is pending but seat {current} has placed no camp",
                    name=name,
                    current=state.current,
                )
            )
        site = components.campsites[player.camps[-1]]
        if site.type != site_type or site.region != player.region:
            raise _fail(
                _(
                    "{name} is for a {site_type} campsite here, but seat {current}'s last camp is "
                    "on campsite {id} ({type}, region {region})",
                    name=name,
                    site_type=texts.campsite(site_type),
                    current=state.current,
                    id=site.id,
                    type=texts.campsite(site.type),
                    region=site.region,
                )
            )
    elif kind == HIKING:
        lo, hi = HIKING_CARDS
        if not lo <= len(frame.cards) <= hi:
            raise _fail(
                _(
                    "{name} holds {cards_count} postcards; it holds {lo}..{hi} (PC-107)",
                    name=name,
                    cards_count=len(frame.cards),
                    lo=lo,
                    hi=hi,
                )
            )
        _used_gift(components, state, "hiking_guide", name)
    elif kind in (ROAD_MOVE, ROAD_CAMP):
        _used_gift(components, state, "road_map", name)
    elif kind == JOKER:
        if len(state.turn.played) < 2:
            raise _fail(
                _("{name} is pending but fewer than 2 cards are played this turn (PC-6)", name=name)
            )
    elif kind == GIFT and not pieces.sent_count(player):
        raise _fail(
            _(
                "{name} is pending but seat {current} has sent no postcard (PC-10)",
                name=name,
                current=state.current,
            )
        )


def _used_gift(components: Components, state: PostcardsState, gift: str, name: str) -> None:
    if not any(components.gifts[g].effect == gift for g in state.gift_discard):
        raise _fail(
            _(
                "{name} is pending but no {gift} gift card has been used (discarded)",
                name=name,
                gift=gift,
            )
        )
