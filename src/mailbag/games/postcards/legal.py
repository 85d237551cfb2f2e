"""Postcards' decisions: who decides, the notation, the complete list of legal decisions, and why
anything else is refused (the rule and reason each refusal names are in ``refusals.py``).

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
from mailbag.core.errors import IllegalAction
from mailbag.core.i18n import _
from mailbag.games.postcards import pieces
from mailbag.games.postcards.components import CAMPSITE_TYPES, COLOURS, Components
from mailbag.games.postcards.prebuilt import PrebuiltActions, prebuilt
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
__all__ = ["VERBS", "deciders", "explain", "legal_actions"]


def deciders(components: Components, state: PostcardsState) -> tuple[int, ...]:
    """The seat to play (an Automa plays its whole turn inside ``apply``, so it never decides);
    nobody once the game is over."""
    if state.over:
        return ()
    return (state.current,)


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


def _open_spaces(
    state: PostcardsState, seat: int, tab: PrebuiltActions
) -> list[tuple[int, int, int]]:
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
    state: PostcardsState, seat: int, tab: PrebuiltActions
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
    tab = prebuilt(components)
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
    components: Components, state: PostcardsState, seat: int, tab: PrebuiltActions, a: int
) -> list[Action]:
    """The decisions that carry out action ``a`` (``move R``, ``postcard``, ``camp S``)."""
    return tab.verb_action[a].menu(tab.rules[a].targets(components, state, seat))


def frame_actions(
    components: Components, state: PostcardsState, seat: int, frame: Frame
) -> list[Action]:
    tab = prebuilt(components)
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
        if pieces.deck_top_available(state):
            actions.append(tab.take_deck)
        return actions
    if kind == SOUVENIR:
        actions = []
        if state.supply > 0:
            site_type = CAMPSITE_TYPES[frame.value]
            spaces = pieces.open_souvenir_spaces(components, state, seat, site_type)
            actions = [tab.souvenir[card][i] for card, i in spaces]
        actions.append(tab.skip)
        return actions
    if kind == STAMP:
        stamps = [tab.stamp[card][i] for _, card, i in _open_spaces(state, seat, tab)]
        return [*stamps, tab.skip]
    if kind == STAR:
        if state.supply > 0 and pieces.open_stamp_spaces(components, state, seat):
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
    tab = prebuilt(components)
    actions = [tab.draw_row[i] for i, c in enumerate(state.travel_row) if c != EMPTY]
    if state.travel_deck or state.travel_discard:
        actions.append(tab.draw_deck)
    return actions


# -- refusals ---------------------------------------------------------------------------------


def explain(
    components: Components, state: PostcardsState, seat: int, action: Action
) -> IllegalAction:
    """Why ``action`` is not legal for ``seat`` now: the rule it breaks and the reason in plain
    words (``refusals.py``), or else the legal actions it is not one of."""
    from mailbag.games.postcards.refusals import refusal

    found = refusal(components, state, seat, action)
    if found is not None:
        return found
    legal = legal_actions(components, state, seat)
    sample = ", ".join(str(a) for a in legal[:6]) + (" ..." if len(legal) > 6 else "")
    return IllegalAction(
        "legal actions",
        _(
            "{action} is not a legal action now; legal actions include: {sample}",
            action=str(action),
            sample=sample,
        ),
    )
