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

from typing import Final

from mailbag.core.actions import Action
from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.postcards import rules, turn
from mailbag.games.postcards.components import CAMPSITE_TYPES, COLOURS, Components
from mailbag.games.postcards.effect_icons import convert_star, gain_effect
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
from mailbag.games.postcards.tables import STAR_CHOICES, ActionTables, tables

VERBS: Final = frozenset(
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
__all__ = ["STAR_CHOICES", "VERBS", "apply_action", "legal_actions"]
#: the event of a Travel card played, by what it is played for
PLAYED: Final = {
    "action": N_("{seat} plays {card} for its action"),
    "stamp": N_("{seat} plays {card} for its stamp"),
    "none": N_("{seat} plays {card} without effect"),
}
#: the decisions in which a Travel card action is carried out (by its verb: ``move R`` …)
ACTION_FRAMES: Final = frozenset({JOKER, ROAD_MOVE, ROAD_CAMP})


# -- legal actions ----------------------------------------------------------------------------


def legal_actions(components: Components, state: PostcardsState, seat: int) -> list[Action]:
    if state.over or seat != state.current or state.players[seat].kind != "player":
        return []
    t = state.turn
    if t.stack:
        return frame_actions(components, state, seat, t.stack[-1])
    if t.drawing:
        return draw_actions(components, state)
    return main_actions(components, state, seat)


def _open_spaces(state: PostcardsState, seat: int, tab: ActionTables) -> list[tuple[int, int, int]]:
    """(colour, postcard, space) of the open stamp spaces; none with an empty supply (PC-2)."""
    if state.supply <= 0:
        return []
    spaces = []
    colours = tab.stamp_colours
    for owned in state.players[seat].postcards:
        if owned.sent:
            continue
        card_colours = colours[owned.card]
        for i, filled in enumerate(owned.stamps):
            if not filled:
                spaces.append((card_colours[i], owned.card, i))
    return spaces


def _open_by_colour(
    state: PostcardsState, seat: int, tab: ActionTables
) -> list[list[tuple[int, int]]]:
    """The open stamp spaces grouped by colour (empty with an empty supply, PC-2)."""
    groups: list[list[tuple[int, int]]] = [[] for _ in COLOURS]
    if state.supply <= 0:
        return groups
    colours = tab.stamp_colours
    for owned in state.players[seat].postcards:
        if owned.sent:
            continue
        card_colours = colours[owned.card]
        for i, filled in enumerate(owned.stamps):
            if not filled:
                groups[card_colours[i]].append((owned.card, i))
    return groups


def main_actions(components: Components, state: PostcardsState, seat: int) -> list[Action]:
    """The decisions with nothing pending. PC-105: sending and lightning gifts are offered
    here, i.e. at any moment of the turn between decisions, before ``end``."""
    tab = tables(components)
    player = state.players[seat]
    hand = player.hand
    t = state.turn
    actions: list[Action] = []
    left = CARDS_PER_TURN + t.plus - len(t.played)
    found = tab.hands.get(tuple(hand))
    kinds, pairs = tab.hand(hand) if found is None else found
    rules_ = tab.rules
    #: each action's targets, found once per call
    aims: list[tuple[int | None, ...] | None] = [None] * len(rules_)
    if left >= 1:
        by_colour = _open_by_colour(state, seat, tab)
        for k in kinds:
            before = len(actions)
            a = tab.kind_action[k]
            targets = aims[a]
            if targets is None:
                targets = aims[a] = rules_[a].targets(components, state, seat)
            if targets:
                menus = tab.play_action[k]
                menu = menus.menus.get(targets)
                actions += menus.menu(targets) if menu is None else menu
            play_stamp = tab.play_stamp[k]
            actions += [play_stamp[card][i] for card, i in by_colour[tab.kind_colour[k]]]
            if len(actions) == before:  # PC-103: a card of no use is played without effect
                actions.append(tab.play_none[k])
    if left >= 2:  # PC-6
        actions += pairs
    if t.moves or t.postcards or t.camps:  # the turn's kept actions (PC-4)
        for a, rule in enumerate(rules_):
            if rule.kept(t):
                targets = aims[a]
                if targets is None:
                    targets = rule.targets(components, state, seat)
                actions += tab.use_action[a].menu(targets)
    postcard_region = tab.postcard_region
    region = player.region
    for owned in player.postcards:  # PC-9
        if not owned.sent and postcard_region[owned.card] == region and all(owned.stamps):
            actions.append(tab.send[owned.card])
    if player.gifts:
        lightning = tab.lightning
        actions += [tab.gift[g] for g in sorted(set(player.gifts)) if lightning[g]]
    if len(t.played) >= CARDS_PER_TURN or not hand:  # PC-6
        actions.append(tab.end)
    return actions


def _aimed(
    components: Components, state: PostcardsState, seat: int, tab: ActionTables, a: int
) -> list[Action]:
    """The decisions that carry out action ``a`` (``move R``, ``postcard``, ``camp S``)."""
    return tab.verb_action[a].menu(tab.rules[a].targets(components, state, seat))


def frame_actions(
    components: Components, state: PostcardsState, seat: int, frame: Frame
) -> list[Action]:
    tab = tables(components)
    kind = frame.kind
    if kind == JOKER:  # PC-6: any action, or a stamp of any colour
        actions: list[Action] = []
        for a in range(len(tab.rules)):
            actions += _aimed(components, state, seat, tab, a)
        return actions + [tab.stamp[card][i] for _, card, i in _open_spaces(state, seat, tab)]
    if kind == POSTCARD:
        actions = []
        if state.edition == "en" and not frame.refreshed:  # PC-7
            actions.append(tab.refresh)
        actions += [tab.take[i] for i, c in enumerate(state.postcard_row) if c != EMPTY]
        if rules.deck_top_available(state):
            actions.append(tab.take_deck)
        return actions
    if kind == SOUVENIR:
        actions = []
        if state.supply > 0:
            site_type = CAMPSITE_TYPES[frame.value]
            spaces = rules.open_souvenir_spaces(components, state, seat, site_type)
            actions = [tab.souvenir[card][i] for card, i in spaces]
        actions.append(tab.skip)
        return actions
    if kind == STAMP:
        stamps = [tab.stamp[card][i] for _, card, i in _open_spaces(state, seat, tab)]
        return [*stamps, tab.skip]
    if kind == STAR:
        if state.supply > 0 and rules.open_stamp_spaces(components, state, seat):
            return list(tab.stars)
        return tab.stars[:3]
    if kind == GIFT:  # PC-106: choosing a face-up gift is mandatory
        return [tab.pick[i] for i, g in enumerate(state.gift_row) if g != EMPTY]
    if kind == ROAD_MOVE:  # PC-10: a movement, then maybe a camp
        return list(_aimed(components, state, seat, tab, tab.movement))
    if kind == ROAD_CAMP:
        return [*_aimed(components, state, seat, tab, tab.camp), tab.skip]
    if kind == HIKING:
        cards = sorted(frame.cards)
        return [Action("keep", (a, b)) for i, a in enumerate(cards) for b in cards[i + 1 :]]
    raise AssertionError(f"unknown frame {kind}")


def draw_actions(components: Components, state: PostcardsState) -> list[Action]:
    tab = tables(components)
    actions = [tab.draw_row[i] for i, c in enumerate(state.travel_row) if c != EMPTY]
    if state.travel_deck or state.travel_discard:
        actions.append(tab.draw_deck)
    return actions


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
            return events + rules.place_stamp(state, seat, int(args[2]), int(args[3]) - 1)
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
                N_("{seat} plays {cards[0]} and {cards[1]} as one card (PC-6)"),
                {"seat": seat, "cards": [str(a) for a in args]},
            )
        ]
    if verb == "use":  # a kept action (PC-4)
        a = components.action_index[str(args[0])]
        components.actions[a].rule.keep(t, -1)
        return _act(components, state, seat, a, args[1:])
    if verb == "send":
        events = rules.send_postcard(components, state, seat, int(args[0]))
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
        a = tables(components).verb_index.get(verb)
        if a is not None:
            events = _act(components, state, seat, a, args)
            if frame.kind == ROAD_MOVE:
                t.stack.append(Frame(ROAD_CAMP))
            return events
    if verb == "stamp":
        return rules.place_stamp(state, seat, int(args[0]), int(args[1]) - 1)
    if verb == "refresh":
        frame.refreshed = True
        t.stack.append(frame)
        return rules.refresh_postcard_display(state)
    if verb == "take":
        slot = None if args[0] == "deck" else int(args[0]) - 1
        return rules.take_postcard(components, state, seat, slot)
    if verb == "souvenir":
        card, space = int(args[0]), int(args[1]) - 1
        events, effect = rules.place_souvenir(components, state, seat, card, space)
        if effect is not None:
            events += gain_effect(components, state, seat, effect)
        return events
    if verb == "star":  # PC-5
        choice = str(args[0])
        if choice == "points":
            return rules.score(state, seat, frame.value, N_("star effect"))
        convert_star(components, state, seat, choice)
        return [
            Event(
                "star",
                N_("{seat} converts a star into a {choice} effect"),
                {"seat": seat, "choice": choice},
            )
        ]
    if verb == "pick":
        return rules.take_gift(state, seat, int(args[0]) - 1)
    if verb == "keep":
        kept = [int(args[0]), int(args[1])]
        for card in kept:
            rules.gain_postcard(components, state, seat, card)
        rules.discard_postcards(state, [c for c in frame.cards if c not in kept])  # PC-10
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
    rules.discard_gift(state, g)
    gift = components.gifts[g]
    assert gift.use is not None
    events = [Event("use_gift", N_("{seat} uses {gift}"), {"seat": seat, "gift": name})]
    return events + gift.use(components, state, seat)
