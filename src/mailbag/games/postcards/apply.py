"""Carrying out a legal Postcards decision (the one apply step; the notation and the legality
checks are in ``legal.py``): a Travel card played for its action, for its stamp or without
effect, a pair of cards, a kept effect used, a postcard sent, a lightning gift used, a pending
decision (frame) taken, the end of the turn and drawing back up (``turn.py``).
"""

from __future__ import annotations

from typing import Final

from mailbag.core.actions import Action
from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.postcards import pieces, turn
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.effect_icons import convert_star, gain_effect
from mailbag.games.postcards.prebuilt import prebuilt
from mailbag.games.postcards.state import (
    GIFT,
    JOKER,
    ROAD_CAMP,
    ROAD_MOVE,
    Frame,
    PostcardsState,
)

#: the event of a Travel card played, by what it is played for
PLAYED: Final = {
    "action": N_("{seat} plays a {card} for its action"),
    "stamp": N_("{seat} plays a {card} for its stamp"),
    "none": N_("{seat} plays a {card} without effect"),
}
#: the decisions in which a Travel card action is carried out (by its verb: ``move R`` …)
ACTION_FRAMES: Final = frozenset({JOKER, ROAD_MOVE, ROAD_CAMP})


# -- carrying out an action -------------------------------------------------------------------


def apply_action(
    components: Components, state: PostcardsState, seat: int, action: Action
) -> list[Event]:
    """Carry out a legal action (the caller guarantees legality)."""
    t = state.turn
    verb, args = action.verb, action.args
    if verb == "draw":
        return turn.draw_card(components, state, None if args[0] == "deck" else int(args[1]) - 1)
    if verb == "end":
        return turn.end_turn(components, state)
    frame = t.stack.pop() if t.stack else None
    events = _apply(components, state, seat, verb, args, frame)
    turn.settle(components, state)
    return events


def _apply(
    components: Components,
    state: PostcardsState,
    seat: int,
    verb: str,
    args: tuple[int | str, ...],
    frame: Frame | None,
) -> list[Event]:
    t = state.turn
    player = state.players[seat]
    if verb == "play":
        k = components.travel_index(str(args[0]))
        assert k is not None
        player.hand.remove(k)
        t.played.append(k)
        kind = components.travel[k]
        played = PLAYED.get(str(args[1]), PLAYED["action"])
        events = [Event("play", played, {"seat": seat, "card": kind.name, "as": str(args[1])})]
        if args[1] == "stamp":
            return events + pieces.place_stamp(state, seat, int(args[2]), int(args[3]) - 1)
        if args[1] == "none":  # PC-103
            return events
        target = int(args[2]) if len(args) > 2 else None
        return events + components.actions[kind.action_index].rule(components, state, seat, target)
    if verb == "pair":
        for name in args:
            k = components.travel_index(str(name))
            assert k is not None
            player.hand.remove(k)
            t.played.append(k)
        t.stack.append(Frame(JOKER))
        return [
            Event(
                "pair",
                N_("{seat} plays a {cards[0]} and a {cards[1]} together as one card"),
                {"seat": seat, "cards": [str(a) for a in args]},
            )
        ]
    if verb == "use":  # a kept action (PC-4)
        a = components.action_index[str(args[0])]
        components.actions[a].rule.keep(t, -1)
        return _act(components, state, seat, a, args[1:])
    if verb == "send":
        events = pieces.send_postcard(components, state, seat, int(args[0]))
        t.stack.append(Frame(GIFT))
        return events
    if verb == "gift":
        return use_gift(components, state, seat, str(args[0]))
    assert frame is not None, f"{verb} needs a pending decision"
    return _apply_frame(components, state, seat, verb, args, frame)


def _act(
    components: Components, state: PostcardsState, seat: int, a: int, args: tuple[int | str, ...]
) -> list[Event]:
    """Carry out action ``a`` (Taking an Action) aimed at the target ``args`` name."""
    return components.actions[a].rule(components, state, seat, int(args[0]) if args else None)


def _apply_frame(
    components: Components,
    state: PostcardsState,
    seat: int,
    verb: str,
    args: tuple[int | str, ...],
    frame: Frame,
) -> list[Event]:
    t = state.turn
    if verb == "skip":
        return [Event("skip", N_("{seat} declines"), {"seat": seat, "choice": frame.kind})]
    if frame.kind in ACTION_FRAMES:  # an action after a pair (PC-6) or with the Road Map (PC-10)
        a = prebuilt(components).verb_index.get(verb)
        if a is not None:
            events = _act(components, state, seat, a, args)
            if frame.kind == ROAD_MOVE:
                t.stack.append(Frame(ROAD_CAMP))
            return events
    if verb == "stamp":
        return pieces.place_stamp(state, seat, int(args[0]), int(args[1]) - 1)
    if verb == "refresh":
        frame.refreshed = True
        t.stack.append(frame)
        return pieces.refresh_postcard_display(state)
    if verb == "take":
        slot = None if args[0] == "deck" else int(args[0]) - 1
        return pieces.take_postcard(components, state, seat, slot)
    if verb == "souvenir":
        card, space = int(args[0]), int(args[1]) - 1
        events, effect = pieces.place_souvenir(components, state, seat, card, space)
        if effect is not None:
            events += gain_effect(components, state, seat, effect)
        return events
    if verb == "star":  # PC-5
        choice = str(args[0])
        if choice == "points":
            return pieces.score(state, seat, frame.value, N_("star effect"))
        convert_star(components, state, seat, choice)
        return [
            Event(
                "star",
                N_("{seat} converts a star into a {choice} effect"),
                {"seat": seat, "choice": choice},
            )
        ]
    if verb == "pick":
        return pieces.take_gift(state, seat, int(args[0]) - 1)
    if verb == "keep":
        kept = [int(args[0]), int(args[1])]
        for card in kept:
            pieces.gain_postcard(components, state, seat, card)
        pieces.discard_postcards(state, [c for c in frame.cards if c not in kept])  # PC-10
        return [
            Event(
                "keep",
                N_("{seat} keeps postcards {kept[0]} and {kept[1]}"),
                {"seat": seat, "kept": sorted(kept)},
            )
        ]
    raise AssertionError(f"unknown verb {verb}")


# -- gift cards (PC-10) -----------------------------------------------------------------------


def use_gift(components: Components, state: PostcardsState, seat: int, name: str) -> list[Event]:
    """Use (and discard) a lightning gift card: its kind's behaviour (PC-10)."""
    g = components.gift_index(name)
    assert g is not None
    player = state.players[seat]
    player.gifts.remove(g)
    pieces.discard_gift(state, g)
    gift = components.gifts[g]
    assert gift.use is not None
    events = [Event("use_gift", N_("{seat} uses {gift}"), {"seat": seat, "gift": name})]
    return events + gift.use(components, state, seat)
