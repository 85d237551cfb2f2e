"""Postcards actions: the notation, the complete list of legal decisions, and carrying one out.

Travel cards are named by kind (``red.camp``, PC-108: copies are interchangeable), gifts by
kind (``road_map``), postcards and campsites by their printed ids; display slots, stamp and
souvenir spaces are numbered from 1.

Main decisions of a turn (no pending frame):
  ``play CARD action [R|S]``   play a card for its action: movement to region R, postcard, camp S
  ``play CARD stamp P N``      play a card to stick a stamp on space N of postcard P (its colour)
  ``play CARD none``           play a card that has no use now, without effect (PC-103)
  ``pair CARD CARD``           two cards as one of any symbol and colour (PC-6), then a joker
  ``use movement R`` / ``use postcard`` / ``use camp S``   a kept effect (PC-4)
  ``send P``                   send a postcard (PC-9), then ``pick N`` a gift
  ``gift KIND``                use a lightning gift (PC-10)
  ``end``                      end the turn, then ``draw row N`` / ``draw deck`` up to 5 (PC-11)
Frame decisions: ``move R``, ``postcard``, ``camp S``, ``stamp P N`` (joker, Road Map, stamp
effects), ``refresh``, ``take N``, ``take deck`` (postcard action, PC-7), ``souvenir P N``,
``star points|movement|postcard|stamp`` (PC-5), ``pick N``, ``keep P P`` (Hiking Guide),
``skip`` (decline an optional choice).
"""

from __future__ import annotations

from mailbag.core.actions import Action
from mailbag.core.game import Event
from mailbag.games.postcards import rules, turn
from mailbag.games.postcards.components import CAMPSITE_TYPES, Components
from mailbag.games.postcards.state import (
    CARDS_PER_TURN,
    EMPTY,
    GIFT,
    HIKING,
    JOKER,
    POSTCARD,
    ROAD_CAMP,
    ROAD_MOVE,
    SOUVENIR,
    STAMP,
    STAR,
    Frame,
    PostcardsState,
)

VERBS = frozenset(
    {
        "play",
        "pair",
        "use",
        "send",
        "gift",
        "end",
        "move",
        "postcard",
        "camp",
        "stamp",
        "refresh",
        "take",
        "souvenir",
        "skip",
        "star",
        "pick",
        "keep",
        "draw",
    }
)
STAR_CHOICES = ("points", "movement", "postcard", "stamp")
SKIP = Action("skip")
END = Action("end")


# -- legal actions ----------------------------------------------------------------------------


def legal_actions(comps: Components, state: PostcardsState, seat: int) -> list[Action]:
    if state.over or seat != state.current or state.players[seat].kind != "player":
        return []
    t = state.turn
    if t.stack:
        return frame_actions(comps, state, seat, t.stack[-1])
    if t.drawing:
        return draw_actions(state)
    return main_actions(comps, state, seat)


def _moves(
    comps: Components, state: PostcardsState, seat: int, verb: str, *prefix: str | int
) -> list[Action]:
    region = state.players[seat].region
    return [Action(verb, (*prefix, r)) for r in comps.regions[region].adjacent]


def _camps(
    comps: Components, state: PostcardsState, seat: int, verb: str, *prefix: str | int
) -> list[Action]:
    if not rules.can_camp(comps, state, seat):
        return []
    sites = rules.free_campsites(comps, state, state.players[seat].region)
    return [Action(verb, (*prefix, s)) for s in sites]


def _stamps(
    comps: Components,
    state: PostcardsState,
    seat: int,
    colour: int | None,
    verb: str,
    *prefix: str | int,
) -> list[Action]:
    if state.supply <= 0:  # PC-2, PC-103
        return []
    spaces = rules.open_stamp_spaces(comps, state, seat, colour)
    return [Action(verb, (*prefix, card, i + 1)) for card, i in spaces]


def main_actions(comps: Components, state: PostcardsState, seat: int) -> list[Action]:
    """The decisions with nothing pending. PC-105: sending and lightning gifts are offered
    here, i.e. at any moment of the turn between decisions, before ``end``."""
    player = state.players[seat]
    t = state.turn
    actions: list[Action] = []
    left = turn.cards_left(state)
    kinds = sorted(set(player.hand))
    if left >= 1:
        for k in kinds:
            kind = comps.travel[k]
            name = kind.name
            before = len(actions)
            if kind.action == "movement":
                actions += _moves(comps, state, seat, "play", name, "action")
            elif kind.action == "postcard":
                if rules.postcards_available(state):
                    actions.append(Action("play", (name, "action")))
            else:
                actions += _camps(comps, state, seat, "play", name, "action")
            actions += _stamps(comps, state, seat, kind.colour_index, "play", name, "stamp")
            if len(actions) == before:  # PC-103: a card of no use is played without effect
                actions.append(Action("play", (name, "none")))
    if left >= 2 and len(player.hand) >= 2:
        for i, a in enumerate(kinds):
            for b in kinds[i:]:
                if a != b or player.hand.count(a) >= 2:
                    actions.append(Action("pair", (comps.travel[a].name, comps.travel[b].name)))
    if t.moves:
        actions += _moves(comps, state, seat, "use", "movement")
    if t.postcards and rules.postcards_available(state):
        actions.append(Action("use", ("postcard",)))
    if t.camps:
        actions += _camps(comps, state, seat, "use", "camp")
    for owned in player.postcards:
        if rules.can_send(comps, state, seat, owned.card):
            actions.append(Action("send", (owned.card,)))
    for g in sorted(set(player.gifts)):
        if comps.gifts[g].lightning:
            actions.append(Action("gift", (comps.gifts[g].name,)))
    if len(t.played) >= CARDS_PER_TURN or not player.hand:  # PC-6
        actions.append(END)
    return actions


def frame_actions(
    comps: Components, state: PostcardsState, seat: int, frame: Frame
) -> list[Action]:
    kind = frame.kind
    if kind == JOKER:
        actions = _moves(comps, state, seat, "move")
        if rules.postcards_available(state):
            actions.append(Action("postcard"))
        actions += _camps(comps, state, seat, "camp")
        return actions + _stamps(comps, state, seat, None, "stamp")
    if kind == POSTCARD:
        actions = []
        if state.edition == "en" and not frame.refreshed:  # PC-7
            actions.append(Action("refresh"))
        actions += [
            Action("take", (i + 1,)) for i, c in enumerate(state.postcard_row) if c != EMPTY
        ]
        if rules.deck_top_available(state):
            actions.append(Action("take", ("deck",)))
        return actions
    if kind == SOUVENIR:
        actions = []
        if state.supply > 0:
            site_type = CAMPSITE_TYPES[frame.value]
            spaces = rules.open_souvenir_spaces(comps, state, seat, site_type)
            actions = [Action("souvenir", (card, i + 1)) for card, i in spaces]
        return [*actions, SKIP]
    if kind == STAMP:
        return [*_stamps(comps, state, seat, None, "stamp"), SKIP]
    if kind == STAR:
        actions = [
            Action("star", ("points",)),
            Action("star", ("movement",)),
            Action("star", ("postcard",)),
        ]
        if state.supply > 0 and rules.open_stamp_spaces(comps, state, seat):
            actions.append(Action("star", ("stamp",)))
        return actions
    if kind == GIFT:  # PC-106: choosing a face-up gift is mandatory
        return [Action("pick", (i + 1,)) for i, g in enumerate(state.gift_row) if g != EMPTY]
    if kind == ROAD_MOVE:
        return _moves(comps, state, seat, "move")
    if kind == ROAD_CAMP:
        return [*_camps(comps, state, seat, "camp"), SKIP]
    if kind == HIKING:
        cards = sorted(frame.cards)
        return [Action("keep", (a, b)) for i, a in enumerate(cards) for b in cards[i + 1 :]]
    raise AssertionError(f"unknown frame {kind}")


def draw_actions(state: PostcardsState) -> list[Action]:
    actions = [Action("draw", ("row", i + 1)) for i, c in enumerate(state.travel_row) if c != EMPTY]
    if state.travel_deck or state.travel_discard:
        actions.append(Action("draw", ("deck",)))
    return actions


# -- carrying out an action -------------------------------------------------------------------


def apply_action(
    comps: Components, state: PostcardsState, seat: int, action: Action
) -> list[Event]:
    """Carry out a legal action (the caller guarantees legality)."""
    t = state.turn
    verb, args = action.verb, action.args
    if verb == "draw":
        return turn.draw_card(comps, state, None if args[0] == "deck" else int(args[1]) - 1)
    if verb == "end":
        return turn.end_turn(comps, state)
    frame = t.stack.pop() if t.stack else None
    events = _apply(comps, state, seat, verb, args, frame)
    turn.settle(comps, state)
    return events


def _apply(
    comps: Components,
    state: PostcardsState,
    seat: int,
    verb: str,
    args: tuple[int | str, ...],
    frame: Frame | None,
) -> list[Event]:
    t = state.turn
    player = state.players[seat]
    if verb == "play":
        k = comps.travel_index(str(args[0]))
        assert k is not None
        player.hand.remove(k)
        t.played.append(k)
        kind = comps.travel[k]
        events = [
            Event(
                "play",
                f"seat {seat} plays {kind.name} for its {args[1]}",
                {"seat": seat, "card": kind.name, "as": str(args[1])},
            )
        ]
        if args[1] == "stamp":
            return events + rules.place_stamp(state, seat, int(args[2]), int(args[3]) - 1)
        if args[1] == "none":  # PC-103
            return events
        return events + _action(comps, state, seat, kind.action, args[2:])
    if verb == "pair":
        for name in args:
            k = comps.travel_index(str(name))
            assert k is not None
            player.hand.remove(k)
            t.played.append(k)
        t.stack.append(Frame(JOKER))
        return [
            Event(
                "pair",
                f"seat {seat} plays {args[0]} and {args[1]} as one card (PC-6)",
                {"seat": seat, "cards": [str(a) for a in args]},
            )
        ]
    if verb == "use":
        if args[0] == "movement":
            t.moves -= 1
        elif args[0] == "postcard":
            t.postcards -= 1
        else:
            t.camps -= 1
        return _action(comps, state, seat, str(args[0]), args[1:])
    if verb == "send":
        events = rules.send_postcard(comps, state, seat, int(args[0]))
        t.stack.append(Frame(GIFT))
        return events
    if verb == "gift":
        return use_gift(comps, state, seat, str(args[0]))
    assert frame is not None, f"{verb} needs a pending decision"
    return _apply_frame(comps, state, seat, verb, args, frame)


def _action(
    comps: Components, state: PostcardsState, seat: int, action: str, args: tuple[int | str, ...]
) -> list[Event]:
    """A Movement, Postcard or Camp action (Taking an Action)."""
    if action == "movement":
        return rules.move_to(state, seat, int(args[0]))
    if action == "postcard":
        state.turn.stack.append(Frame(POSTCARD))
        return []
    return turn.camp_action(comps, state, seat, int(args[0]))


def _apply_frame(
    comps: Components,
    state: PostcardsState,
    seat: int,
    verb: str,
    args: tuple[int | str, ...],
    frame: Frame,
) -> list[Event]:
    t = state.turn
    if verb == "skip":
        return [Event("skip", f"seat {seat} declines", {"seat": seat, "choice": frame.kind})]
    if verb == "move":
        events = rules.move_to(state, seat, int(args[0]))
        if frame.kind == ROAD_MOVE:
            t.stack.append(Frame(ROAD_CAMP))
        return events
    if verb == "postcard":
        t.stack.append(Frame(POSTCARD))
        return []
    if verb == "camp":
        return turn.camp_action(comps, state, seat, int(args[0]))
    if verb == "stamp":
        return rules.place_stamp(state, seat, int(args[0]), int(args[1]) - 1)
    if verb == "refresh":
        frame.refreshed = True
        t.stack.append(frame)
        return rules.refresh_postcard_display(state)
    if verb == "take":
        slot = None if args[0] == "deck" else int(args[0]) - 1
        return rules.take_postcard(comps, state, seat, slot)
    if verb == "souvenir":
        card, space = int(args[0]), int(args[1]) - 1
        events, effect = rules.place_souvenir(comps, state, seat, card, space)
        if effect is not None:
            events += turn.gain_effect(comps, state, seat, effect)
        return events
    if verb == "star":  # PC-5
        choice = str(args[0])
        if choice == "points":
            return rules.score(state, seat, frame.value, "star effect")
        if choice == "movement":
            t.moves += 1
        elif choice == "postcard":
            t.postcards += 1
        else:
            t.stack.append(Frame(STAMP))
        return [
            Event(
                "star",
                f"seat {seat} converts a star into a {choice} effect",
                {"seat": seat, "choice": choice},
            )
        ]
    if verb == "pick":
        return rules.take_gift(state, seat, int(args[0]) - 1)
    if verb == "keep":
        kept = [int(args[0]), int(args[1])]
        for card in kept:
            rules.gain_postcard(comps, state, seat, card)
        state.postcard_discard += [c for c in frame.cards if c not in kept]  # PC-10
        return [
            Event(
                "keep",
                f"seat {seat} keeps postcards {args[0]} and {args[1]}",
                {"seat": seat, "kept": sorted(kept)},
            )
        ]
    raise AssertionError(f"unknown verb {verb}")


# -- gift cards (PC-10) -----------------------------------------------------------------------


def use_gift(comps: Components, state: PostcardsState, seat: int, name: str) -> list[Event]:
    """Use (and discard) a lightning gift card."""
    g = comps.gift_index(name)
    assert g is not None
    player = state.players[seat]
    player.gifts.remove(g)
    state.gift_discard.append(g)
    t = state.turn
    events = [Event("use_gift", f"seat {seat} uses {name}", {"seat": seat, "gift": name})]
    kind = comps.gifts[g].kind
    if kind == "car":
        t.moves += 3
    elif kind == "stamp_collection":
        t.stack += [Frame(STAMP), Frame(STAMP)]
    elif kind == "road_map":
        t.stack.append(Frame(ROAD_MOVE))
    elif kind == "hiking_guide":
        drawn = []
        for _ in range(5):
            card = rules.draw_postcard(state)
            if card == EMPTY:
                break
            drawn.append(card)
        if len(drawn) <= 2:  # PC-107
            for card in drawn:
                rules.gain_postcard(comps, state, seat, card)
        else:
            t.stack.append(Frame(HIKING, cards=drawn))
        events.append(
            Event(
                "hiking",
                f"seat {seat} draws {len(drawn)} postcards",
                {"seat": seat, "count": len(drawn)},
            )
        )
        events.append(
            Event(
                "hiking_cards",
                f"you draw postcards {sorted(drawn)}",
                {"seat": seat, "cards": sorted(drawn)},
                to=(seat,),
            )
        )
    return events
