"""The prebuilt actions of one component set (:func:`prebuilt`, kept in the set's cache), so that
listing legal actions only picks ready-made :class:`Action` objects (legal-action generation is
the hot path of every bot).

Everything here is built from the kinds of the component data: the Travel card kinds, the
``[[actions]]`` entries with their resolved behaviours, the gift kinds and their flags.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final, TypeVar, cast

from mailbag.core.actions import Action
from mailbag.games.postcards.behaviours import TravelAction
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.kinds import Postcard
from mailbag.games.postcards.state import GIFT_ROW, POSTCARD_ROW, TRAVEL_ROW

#: the most hands whose pairs are kept (a set with many Travel card kinds has more hands)
HANDS_KEPT: Final = 20_000
#: the choices of a side-B star (PC-5): its points, or the effect of that name
STAR_CHOICES: Final = ("points", "movement", "postcard", "stamp")
T = TypeVar("T")


class Targets:
    """The actions of one verb by target, made the first time a target is asked for (a target
    is a region, a campsite, or None for an action aimed at nothing); and the list of them for
    each tuple of targets a behaviour gives, kept once made (``menus``). A plain class, not a
    dict subclass: compiled, it is a native class whose fields are read directly."""

    def __init__(self, make: Callable[[int | None], Action]) -> None:
        self.make = make
        self.actions: dict[int | None, Action] = {}
        self.menus: dict[tuple[int | None, ...], list[Action]] = {}

    def __getitem__(self, target: int | None) -> Action:
        found = self.actions.get(target)
        if found is None:
            found = self.actions[target] = self.make(target)
        return found

    def menu(self, targets: tuple[int | None, ...]) -> list[Action]:
        """The actions aimed at ``targets``, in their order (do not change the list)."""
        found = self.menus.get(targets)
        if found is None:
            found = self.menus[targets] = [self[t] for t in targets]
        return found


def by_id(postcards: Mapping[int, Postcard], make: Callable[[int, Postcard], T]) -> list[T]:
    """``make(id, postcard)`` for each postcard, in a list indexed by the postcard's id (ids run
    1..9999, a few dozen in a game): compiled, a list item is read directly where a dictionary
    item is hashed and looked up. The other places hold None and are never read: every id the
    rules look up is one of the component set's."""
    table: list[T] = [cast(T, None)] * (max(postcards, default=0) + 1)
    for c, p in postcards.items():
        table[c] = make(c, p)
    return table


def _numbered(verb: str, head: tuple[str | int, ...], count: int) -> list[Action]:
    """``verb *head 1`` … ``verb *head count``: the actions on a postcard's numbered spaces."""
    return [Action(verb, (*head, i + 1)) for i in range(count)]


def _play_stamp(postcards: Mapping[int, Postcard], name: str) -> list[list[Action]]:
    """``play NAME stamp P N`` by postcard P (by id) and space N."""
    return by_id(postcards, lambda c, p: _numbered("play", (name, "stamp", c), len(p.stamps)))


def _aimed(verb: str, *head: str | int) -> Targets:
    return Targets(lambda t: Action(verb, head if t is None else (*head, t)))


class PrebuiltActions:
    """Every action of the notation that names components, indexed by those components."""

    def __init__(self, components: Components) -> None:
        names = [k.name for k in components.travel]
        postcards = components.postcards
        actions = components.actions
        #: per Travel card kind: its action's index, behaviour and colour
        self.kind_action = [k.action_index for k in components.travel]
        self.kind_rule: list[TravelAction] = [
            actions[k.action_index].rule for k in components.travel
        ]
        self.kind_colour = [k.colour_index for k in components.travel]
        #: per action (index): its behaviour, and its actions by target for ``play CARD
        #: action``, ``use NAME`` and the decision after a pair (``move R``, ``postcard`` …)
        self.rules: list[TravelAction] = [a.rule for a in actions]
        self.play_action = [_aimed("play", n, "action") for n in names]
        self.use_action = [_aimed("use", a.name) for a in actions]
        self.verb_action = [_aimed(a.rule.verb) for a in actions]
        #: a verb of a decision -> the action it carries out
        self.verb_index = {a.rule.verb: a.index for a in actions}
        self.movement = components.action_index["movement"]
        self.camp = components.action_index["camp"]
        self.play_stamp = [_play_stamp(postcards, n) for n in names]
        self.play_none = [Action("play", (n, "none")) for n in names]
        self.pair = {
            (a, b): Action("pair", (names[a], names[b]))
            for a in range(len(names))
            for b in range(a, len(names))
        }
        #: a hand (sorted kinds) -> its distinct kinds and the pairs it can play (PC-6)
        self.hands: dict[tuple[int, ...], tuple[list[int], list[Action]]] = {}
        self.stamp = by_id(postcards, lambda c, p: _numbered("stamp", (c,), len(p.stamps)))
        self.souvenir = by_id(postcards, lambda c, p: _numbered("souvenir", (c,), len(p.souvenirs)))
        self.send = by_id(postcards, lambda c, p: Action("send", (c,)))
        self.gift = [Action("gift", (g.name,)) for g in components.gifts]
        self.lightning = [g.lightning for g in components.gifts]
        self.refresh = Action("refresh")
        self.take = [Action("take", (i + 1,)) for i in range(POSTCARD_ROW)]
        self.take_deck = Action("take", ("deck",))
        self.pick = [Action("pick", (i + 1,)) for i in range(GIFT_ROW)]
        self.draw_row = [Action("draw", ("row", i + 1)) for i in range(TRAVEL_ROW)]
        self.draw_deck = Action("draw", ("deck",))
        self.stars = [Action("star", (c,)) for c in STAR_CHOICES]
        self.skip = Action("skip")
        self.end = Action("end")
        #: postcard id -> stamp colour indices; region; for the fast scans
        self.stamp_colours = by_id(postcards, lambda c, p: p.stamp_colours)
        self.postcard_region = by_id(postcards, lambda c, p: p.region)

    def hand(self, hand: list[int]) -> tuple[list[int], list[Action]]:
        """The distinct kinds of ``hand`` (a sorted list of kinds) and the pairs of cards it
        can play together (PC-6), made once per hand."""
        key = tuple(hand)
        found = self.hands.get(key)
        if found is None:
            kinds = sorted(set(hand))
            pairs = [
                self.pair[a, b]
                for i, a in enumerate(kinds)
                for b in kinds[i:]
                if a != b or hand.count(a) >= 2
            ]
            found = (kinds, pairs)
            if len(self.hands) < HANDS_KEPT:
                self.hands[key] = found
        return found


def prebuilt(components: Components) -> PrebuiltActions:
    """The prebuilt actions of ``components``, made once and kept in its cache."""
    found = components.cache.get("actions")
    if found is None:
        found = components.cache["actions"] = PrebuiltActions(components)
    assert isinstance(found, PrebuiltActions)
    return found
