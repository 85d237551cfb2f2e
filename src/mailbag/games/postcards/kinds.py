"""A Postcards component set once validated: the map, the cards and the kinds of effects,
actions and gifts as entries, with the behaviours their data names already resolved, and the
tables derived from them once, at load, that the menus, the engine, the views and the
renderers read. :mod:`components` reads and checks a file and builds these; nothing here
validates.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from mailbag.games.postcards.behaviours import EffectFunction, GiftScore, GiftUse, TravelAction

CAMPSITE_TYPES: Final[tuple[str, ...]] = ("beach", "mountain", "forest", "lake", "village")
COLOURS: Final[tuple[str, ...]] = ("red", "blue", "green", "yellow")
SIDES: Final[tuple[str, ...]] = ("A", "B")
#: the regions an itinerary card lists (the itinerary points 2/4/7/11 are for 1..4 of them)
ITINERARY_REGIONS: Final = 4


@dataclass(frozen=True, slots=True)
class ActionKind:
    """A Travel card action (``[[actions]]``): Movement, Postcard, Camp."""

    index: int
    name: str
    title: str
    help: str
    #: the name of its behaviour, and the behaviour (:class:`behaviours.TravelAction`)
    effect: str
    rule: TravelAction


@dataclass(frozen=True, slots=True)
class EffectKind:
    """An effect icon (``[[effects]]``), printed on souvenir spaces and under camp spaces."""

    index: int
    name: str
    title: str
    #: one character on the camp track
    abbrev: str
    help: str
    #: printed icons of this kind carry points (a star)
    carries_points: bool
    effect: str
    #: the behaviour, the entry's numbers bound
    function: EffectFunction


@dataclass(frozen=True, slots=True)
class Effect:
    """An effect icon as printed on a space: its kind's name and, for a kind that carries
    points, its points; ``index`` is the kind's place in :attr:`Components.effects`."""

    kind: str
    points: int = 0
    index: int = 0

    def label(self) -> str:
        return f"{self.kind} {self.points}" if self.points else self.kind


@dataclass(frozen=True, slots=True)
class Souvenir:
    campsite: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class Postcard:
    id: int
    region: int
    points: int
    stamps: tuple[str, ...]
    souvenirs: tuple[Souvenir, ...]
    #: stamp space colours as indices into COLOURS
    stamp_colours: tuple[int, ...]

    def face(self) -> tuple[int, int, int]:
        """The illustrated side (PC-3): region, number of stamp spaces, points."""
        return (self.region, len(self.stamps), self.points)


@dataclass(frozen=True, slots=True)
class Region:
    number: int
    name: str
    adjacent: tuple[int, ...]
    #: global campsite ids (1-based) of this region's campsites
    campsites: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Campsite:
    id: int
    region: int
    type: str


@dataclass(frozen=True, slots=True)
class TravelKind:
    """One kind of Travel card (copies are interchangeable): e.g. ``red.camp``."""

    index: int
    colour: str
    #: the name of its ``[[actions]]`` entry, and that entry's index
    action: str
    copies: int
    action_index: int = 0

    @property
    def name(self) -> str:
        return f"{self.colour}.{self.action}"

    @property
    def colour_index(self) -> int:
        return COLOURS.index(self.colour)


@dataclass(frozen=True, slots=True)
class GiftKind:
    """One kind of Gift card (``[[gifts]]``): ``car``, ``keychain.beach`` … A lightning gift is
    used during its owner's turn (``use``), a bell gift scores at the end (``score``, on the
    final score's line ``breakdown``), PC-10."""

    index: int
    name: str
    title: str
    copies: int
    lightning: bool
    #: the name of its behaviour and the entry's numbers for it (``campsite``, ``points`` …)
    effect: str
    help: str
    numbers: Mapping[str, Any] = field(default_factory=dict)
    breakdown: str = ""
    use: GiftUse | None = None
    score: GiftScore | None = None


@dataclass(frozen=True, slots=True)
class Itinerary:
    id: int
    start: int
    regions: tuple[int, ...]


@dataclass(frozen=True)
class Components:
    """A validated component set with the tables the rules use."""

    source: str
    tokens: int
    camps: int
    #: side -> {camp number (1-based): effect}
    board: dict[str, dict[int, Effect]]
    regions: dict[int, Region]
    campsites: dict[int, Campsite]
    travel: tuple[TravelKind, ...]
    postcards: dict[int, Postcard]
    itineraries: dict[int, Itinerary]
    gifts: tuple[GiftKind, ...]
    actions: tuple[ActionKind, ...] = ()
    effects: tuple[EffectKind, ...] = ()
    travel_names: dict[str, int] = field(init=False, repr=False)
    gift_names: dict[str, int] = field(init=False, repr=False)
    action_index: dict[str, int] = field(init=False, repr=False)
    effect_index: dict[str, int] = field(init=False, repr=False)
    #: (region, region) -> number of movements between them
    distance: dict[tuple[int, int], int] = field(init=False, repr=False)
    #: derived tables built by other modules on first use (e.g. the actions' tables)
    cache: dict[str, Any] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "travel_names", {k.name: k.index for k in self.travel})
        object.__setattr__(self, "gift_names", {g.name: g.index for g in self.gifts})
        object.__setattr__(self, "action_index", {a.name: a.index for a in self.actions})
        object.__setattr__(self, "effect_index", {e.name: e.index for e in self.effects})
        distance: dict[tuple[int, int], int] = {}
        for start in self.regions:
            frontier, steps = [start], 0
            while frontier:
                following: list[int] = []
                for region in frontier:
                    if (start, region) not in distance:
                        distance[start, region] = steps
                        following += self.regions[region].adjacent
                frontier, steps = following, steps + 1
        object.__setattr__(self, "distance", distance)

    # -- derived lookups ---------------------------------------------------------------------
    def travel_index(self, name: str) -> int | None:
        """The kind index of Travel card ``name`` (e.g. ``red.camp``), or None."""
        return self.travel_names.get(name)

    def gift_index(self, name: str) -> int | None:
        """The kind index of gift card ``name`` (e.g. ``keychain.beach``), or None."""
        return self.gift_names.get(name)

    def action(self, name: str) -> ActionKind:
        """The ``[[actions]]`` entry ``name`` (the loader requires the ones the rules name)."""
        return self.actions[self.action_index[name]]

    def gift_title(self, effect: str, default: str) -> str:
        """The title of the gift kind whose behaviour is ``effect`` (the decisions of a Road
        Map or a Hiking Guide name their card so), or ``default``."""
        return next((g.title for g in self.gifts if g.effect == effect), default)

    def effect_kind(self, effect: Effect) -> EffectKind:
        return self.effects[effect.index]

    def travel_deck(self) -> list[int]:
        return [k.index for k in self.travel for _ in range(k.copies)]

    def gift_deck(self) -> list[int]:
        return [g.index for g in self.gifts for _ in range(g.copies)]
