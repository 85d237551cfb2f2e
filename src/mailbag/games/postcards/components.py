"""Postcards component data: the map, cards, boards and supply, loaded from TOML and validated.

One TOML file holds a complete component set (the shipped one is ``data/components.toml``; a
user's corrected file in the same format is loaded with :func:`load_components`). Validation
happens once, at load: a wrong count, an unknown region, colour, campsite type or effect, a
non-symmetric adjacency or a missing field raises :class:`ComponentError` naming the file, the
entry and the problem. The rules code then works on the precomputed integer tables of
:class:`Components` and never re-validates.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from mailbag.core.errors import ComponentError

CAMPSITE_TYPES: tuple[str, ...] = ("beach", "mountain", "forest", "lake", "village")
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
ACTIONS: tuple[str, ...] = ("movement", "postcard", "camp")
EFFECTS: tuple[str, ...] = ("movement", "postcard", "camp", "stamp", "star", "plus")
#: gift kind -> True for lightning gifts (used during the turn), False for bell gifts (scored)
GIFT_KINDS: dict[str, bool] = {
    "car": True,
    "caravan": False,
    "hiking_guide": True,
    "keychain": False,
    "road_map": True,
    "snow_globe": False,
    "stamp_collection": True,
}
SIDES: tuple[str, ...] = ("A", "B")

#: the printed counts a component set must have
COUNTS = {
    "regions": 13,
    "travel_cards": 72,
    "postcards": 52,
    "itineraries": 13,
    "gifts": 25,
    "tokens": 60,
    "camps": 13,
}
ITINERARY_REGIONS = 4


@dataclass(frozen=True)
class Effect:
    """An effect icon: ``kind`` is one of :data:`EFFECTS`; star effects carry their points."""

    kind: str
    points: int = 0

    def label(self) -> str:
        return f"star {self.points}" if self.kind == "star" else self.kind


@dataclass(frozen=True)
class Souvenir:
    campsite: str
    effect: Effect


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Region:
    number: int
    name: str
    adjacent: tuple[int, ...]
    #: global campsite ids (1-based) of this region's campsites
    campsites: tuple[int, ...]


@dataclass(frozen=True)
class Campsite:
    id: int
    region: int
    type: str


@dataclass(frozen=True)
class TravelKind:
    """One kind of Travel card (copies are interchangeable): e.g. ``red.camp``."""

    index: int
    colour: str
    action: str
    copies: int

    @property
    def name(self) -> str:
        return f"{self.colour}.{self.action}"

    @property
    def colour_index(self) -> int:
        return COLOURS.index(self.colour)


@dataclass(frozen=True)
class GiftKind:
    """One kind of Gift card: ``car`` or ``keychain.beach`` ..."""

    index: int
    kind: str
    campsite: str | None
    copies: int

    @property
    def name(self) -> str:
        return f"{self.kind}.{self.campsite}" if self.campsite else self.kind

    @property
    def lightning(self) -> bool:
        return GIFT_KINDS[self.kind]


@dataclass(frozen=True)
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
    travel_names: dict[str, int] = field(init=False, repr=False)
    gift_names: dict[str, int] = field(init=False, repr=False)
    #: (region, region) -> number of movements between them
    distance: dict[tuple[int, int], int] = field(init=False, repr=False)
    #: derived tables built by other modules on first use (e.g. the actions' tables)
    cache: dict[str, Any] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "travel_names", {k.name: k.index for k in self.travel})
        object.__setattr__(self, "gift_names", {g.name: g.index for g in self.gifts})
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

    def travel_deck(self) -> list[int]:
        return [k.index for k in self.travel for _ in range(k.copies)]

    def gift_deck(self) -> list[int]:
        return [g.index for g in self.gifts for _ in range(g.copies)]


# -- loading --------------------------------------------------------------------------------------


def default_path() -> str:
    return "mailbag.games.postcards/data/components.toml"


def load_default() -> Components:
    """The component set shipped with the package."""
    text = (
        resources.files("mailbag.games.postcards")
        .joinpath("data/components.toml")
        .read_text(encoding="utf-8")
    )
    return parse_components(text, "data/components.toml")


def load_components(path: Path | str) -> Components:
    """A user's component file (same format as ``data/components.toml``)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ComponentError(f"{path}: cannot read the file ({exc.strerror})") from None
    return parse_components(text, str(path))


def parse_components(text: str, source: str) -> Components:
    """Parse and validate one complete component set from TOML text."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{source}: not valid TOML ({exc})") from None
    return _Loader(source, doc).load()


class _Loader:
    def __init__(self, source: str, doc: dict[str, Any]) -> None:
        self.source = source
        self.doc = doc

    def fail(self, entry: str, problem: str) -> ComponentError:
        return ComponentError(f"{self.source}: {entry}: {problem}")

    # typed field access ------------------------------------------------------------------------
    def table(self, data: dict[str, Any], key: str, entry: str) -> dict[str, Any]:
        value = data.get(key)
        if not isinstance(value, dict):
            raise self.fail(entry, f"missing table [{key}]")
        return value

    def array(self, data: dict[str, Any], key: str, entry: str) -> list[Any]:
        value = data.get(key)
        if not isinstance(value, list):
            raise self.fail(entry, f"missing field {key!r} (a list)")
        return value

    def entries(self, data: dict[str, Any], key: str, entry: str) -> list[dict[str, Any]]:
        value = self.array(data, key, entry)
        for i, item in enumerate(value, 1):
            if not isinstance(item, dict):
                raise self.fail(f"{entry} #{i}", "must be a table")
        return value

    def integer(self, data: dict[str, Any], key: str, entry: str, lo: int, hi: int) -> int:
        value = data.get(key)
        if value is None:
            raise self.fail(entry, f"missing field {key!r}")
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(entry, f"field {key!r} must be an integer, not {value!r}")
        if not lo <= value <= hi:
            raise self.fail(entry, f"field {key!r} = {value} is outside {lo}..{hi}")
        return value

    def word(self, data: dict[str, Any], key: str, entry: str, valid: tuple[str, ...]) -> str:
        value = data.get(key)
        if value is None:
            raise self.fail(entry, f"missing field {key!r}")
        return self.choice(value, f"field {key!r}", key, entry, valid)

    def choice(self, value: Any, what: str, noun: str, entry: str, valid: tuple[str, ...]) -> str:
        """``value`` (the content of ``what``) must be one of the words ``valid``."""
        if not isinstance(value, str):
            raise self.fail(entry, f"{what} must be text, not {value!r}")
        if value not in valid:
            raise self.fail(entry, f"unknown {noun} {value!r}; valid: {', '.join(valid)}")
        return value

    def region(
        self,
        value: Any,
        entry: str,
        regions: dict[int, Any],
        label: str = "region",
        within: str = "",
    ) -> int:
        """``value`` must be the number of a known region (``label`` and ``within`` say where
        it was found, e.g. "start region", " in 'regions'")."""
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(entry, f"{label}{within} must be a region number, not {value!r}")
        if value not in regions:
            raise self.fail(entry, f"unknown {label} {value!r}{within}")
        return value

    def text(self, data: dict[str, Any], key: str, entry: str) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(entry, f"missing field {key!r} (text)")
        return value

    def no_extra(self, data: dict[str, Any], allowed: set[str], entry: str) -> None:
        extra = sorted(set(data) - allowed)
        if extra:
            raise self.fail(entry, f"unknown field(s) {', '.join(map(repr, extra))}")

    def count(self, entry: str, found: int, key: str) -> None:
        if found != COUNTS[key]:
            raise self.fail(entry, f"{COUNTS[key]} expected, found {found}")

    def effect(self, data: dict[str, Any], entry: str) -> Effect:
        kind = self.word(data, "effect", entry, EFFECTS)
        if kind == "star":
            return Effect(kind, self.integer(data, "points", entry, 1, 20))
        if "points" in data:
            raise self.fail(entry, f"only star effects carry points, not {kind!r}")
        return Effect(kind)

    # sections ---------------------------------------------------------------------------------
    def load(self) -> Components:
        tokens = self.integer(
            self.table(self.doc, "supply", "[supply]"), "tokens", "[supply]", 0, 1000
        )
        self.count("[supply] tokens", tokens, "tokens")
        camps, board = self.load_board()
        regions, campsites = self.load_regions()
        travel = self.load_travel()
        postcards = self.load_postcards(regions)
        itineraries = self.load_itineraries(regions)
        gifts = self.load_gifts()
        known = {
            "supply",
            "player_board",
            "regions",
            "travel_cards",
            "postcards",
            "itineraries",
            "gifts",
        }
        self.no_extra(self.doc, known, "file")
        return Components(
            self.source,
            tokens,
            camps,
            board,
            regions,
            campsites,
            travel,
            postcards,
            itineraries,
            gifts,
        )

    def load_board(self) -> tuple[int, dict[str, dict[int, Effect]]]:
        entry = "[player_board]"
        data = self.table(self.doc, "player_board", entry)
        self.no_extra(data, {"camps", "side_A", "side_B"}, entry)
        camps = self.integer(data, "camps", entry, 0, 100)
        self.count(f"{entry} camps", camps, "camps")
        board: dict[str, dict[int, Effect]] = {}
        for side in SIDES:
            spaces: dict[int, Effect] = {}
            for i, item in enumerate(self.entries(data, f"side_{side}", entry), 1):
                where = f"[[player_board.side_{side}]] #{i}"
                self.no_extra(item, {"camp", "effect", "points"}, where)
                number = self.integer(item, "camp", where, 1, camps)
                if number in spaces:
                    raise self.fail(where, f"camp space {number} is listed twice")
                spaces[number] = self.effect(item, where)
            board[side] = spaces
        return camps, board

    def load_regions(self) -> tuple[dict[int, Region], dict[int, Campsite]]:
        items = self.entries(self.doc, "regions", "file")
        self.count("[[regions]]", len(items), "regions")
        raw: dict[int, tuple[str, list[int], list[str]]] = {}
        for i, item in enumerate(items, 1):
            where = f"[[regions]] #{i}"
            self.no_extra(item, {"number", "name", "adjacent", "campsites"}, where)
            number = self.integer(item, "number", where, 1, COUNTS["regions"])
            where = f"region {number}"
            if number in raw:
                raise self.fail(where, "region number listed twice")
            name = self.text(item, "name", where)
            adjacent = self.array(item, "adjacent", where)
            for other in adjacent:
                if not isinstance(other, int) or isinstance(other, bool):
                    raise self.fail(where, f"'adjacent' must list region numbers, not {other!r}")
                if not 1 <= other <= COUNTS["regions"]:
                    raise self.fail(where, f"unknown region {other!r} in 'adjacent'")
                if other == number:
                    raise self.fail(where, "a region cannot be adjacent to itself")
            sites = self.array(item, "campsites", where)
            if not 1 <= len(sites) <= 8:
                raise self.fail(where, f"needs 1..8 campsites, found {len(sites)}")
            for site in sites:
                self.choice(site, "'campsites'", "campsite type", where, CAMPSITE_TYPES)
            raw[number] = (name, [int(a) for a in adjacent], [str(s) for s in sites])
        for number, (_, adjacent, _) in raw.items():
            if len(set(adjacent)) != len(adjacent):
                raise self.fail(f"region {number}", "a region is listed twice in 'adjacent'")
            for other in adjacent:
                if number not in raw[other][1]:
                    raise self.fail(
                        f"region {number}",
                        f"adjacency is not symmetric: {number} lists {other} but {other} "
                        f"does not list {number}",
                    )
        self.check_connected(raw)
        regions: dict[int, Region] = {}
        campsites: dict[int, Campsite] = {}
        next_id = 1
        for number in sorted(raw):
            name, adjacent, sites = raw[number]
            ids = []
            for site in sites:
                campsites[next_id] = Campsite(next_id, number, site)
                ids.append(next_id)
                next_id += 1
            regions[number] = Region(number, name, tuple(sorted(adjacent)), tuple(ids))
        return regions, campsites

    def check_connected(self, raw: dict[int, tuple[str, list[int], list[str]]]) -> None:
        seen = {1}
        todo = [1]
        while todo:
            for other in raw[todo.pop()][1]:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        missing = sorted(set(raw) - seen)
        if missing:
            raise self.fail("[[regions]]", f"regions {missing} cannot be reached from region 1")

    def load_travel(self) -> tuple[TravelKind, ...]:
        items = self.entries(self.doc, "travel_cards", "file")
        kinds: list[TravelKind] = []
        seen: set[tuple[str, str]] = set()
        for i, item in enumerate(items, 1):
            where = f"[[travel_cards]] #{i}"
            self.no_extra(item, {"colour", "action", "copies"}, where)
            colour = self.word(item, "colour", where, COLOURS)
            action = self.word(item, "action", where, ACTIONS)
            if (colour, action) in seen:
                raise self.fail(where, f"{colour} {action} is listed twice")
            seen.add((colour, action))
            copies = self.integer(item, "copies", where, 1, 72)
            kinds.append(TravelKind(len(kinds), colour, action, copies))
        self.count("[[travel_cards]] copies", sum(k.copies for k in kinds), "travel_cards")
        return tuple(kinds)

    def load_postcards(self, regions: dict[int, Region]) -> dict[int, Postcard]:
        items = self.entries(self.doc, "postcards", "file")
        self.count("[[postcards]]", len(items), "postcards")
        cards: dict[int, Postcard] = {}
        for i, item in enumerate(items, 1):
            where = f"[[postcards]] #{i}"
            self.no_extra(item, {"id", "region", "points", "stamps", "souvenirs"}, where)
            pid = self.integer(item, "id", where, 1, 9999)
            where = f"postcard {pid}"
            if pid in cards:
                raise self.fail(where, "postcard id listed twice")
            if "region" not in item:
                raise self.fail(where, "missing field 'region'")
            region = self.region(item["region"], where, regions)
            points = self.integer(item, "points", where, 0, 30)
            stamps = self.array(item, "stamps", where)
            if not 1 <= len(stamps) <= 6:
                raise self.fail(where, f"needs 1..6 stamp spaces, found {len(stamps)}")
            for colour in stamps:
                self.choice(colour, "'stamps'", "stamp colour", where, COLOURS)
            souvenirs: list[Souvenir] = []
            for j, raw in enumerate(self.entries(item, "souvenirs", where), 1):
                swhere = f"{where} souvenir {j}"
                self.no_extra(raw, {"campsite", "effect", "points"}, swhere)
                site = self.word(raw, "campsite", swhere, CAMPSITE_TYPES)
                souvenirs.append(Souvenir(site, self.effect(raw, swhere)))
            if not 1 <= len(souvenirs) <= 4:
                raise self.fail(where, f"needs 1..4 souvenir spaces, found {len(souvenirs)}")
            cards[pid] = Postcard(
                pid,
                region,
                points,
                tuple(str(c) for c in stamps),
                tuple(souvenirs),
                tuple(COLOURS.index(c) for c in stamps),
            )
        return cards

    def load_itineraries(self, regions: dict[int, Region]) -> dict[int, Itinerary]:
        items = self.entries(self.doc, "itineraries", "file")
        self.count("[[itineraries]]", len(items), "itineraries")
        cards: dict[int, Itinerary] = {}
        for i, item in enumerate(items, 1):
            where = f"[[itineraries]] #{i}"
            self.no_extra(item, {"id", "start", "regions"}, where)
            iid = self.integer(item, "id", where, 1, 9999)
            where = f"itinerary {iid}"
            if iid in cards:
                raise self.fail(where, "itinerary id listed twice")
            if "start" not in item:
                raise self.fail(where, "missing field 'start'")
            start = self.region(item["start"], where, regions, "start region")
            listed = [
                self.region(region, where, regions, within=" in 'regions'")
                for region in self.array(item, "regions", where)
            ]
            if len(listed) != ITINERARY_REGIONS or len(set(listed)) != ITINERARY_REGIONS:
                raise self.fail(where, f"needs {ITINERARY_REGIONS} distinct regions")
            if start in listed:
                raise self.fail(where, "the start region cannot be one of its postcard regions")
            if any(card.start == start for card in cards.values()):
                raise self.fail(where, f"another itinerary also starts in region {start}")
            cards[iid] = Itinerary(iid, start, tuple(listed))
        return cards

    def load_gifts(self) -> tuple[GiftKind, ...]:
        items = self.entries(self.doc, "gifts", "file")
        kinds: list[GiftKind] = []
        seen: set[str] = set()
        for i, item in enumerate(items, 1):
            where = f"[[gifts]] #{i}"
            self.no_extra(item, {"kind", "campsite", "copies"}, where)
            kind = self.word(item, "kind", where, tuple(GIFT_KINDS))
            campsite: str | None = None
            if kind == "keychain":
                campsite = self.word(item, "campsite", where, CAMPSITE_TYPES)
            elif "campsite" in item:
                raise self.fail(where, f"only keychain gifts name a campsite type, not {kind!r}")
            copies = self.integer(item, "copies", where, 1, 25)
            gift = GiftKind(len(kinds), kind, campsite, copies)
            if gift.name in seen:
                raise self.fail(where, f"gift {gift.name!r} is listed twice")
            seen.add(gift.name)
            kinds.append(gift)
        self.count("[[gifts]] copies", sum(g.copies for g in kinds), "gifts")
        return tuple(kinds)
