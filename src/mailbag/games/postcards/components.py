"""Postcards component data: the map, cards, boards and supply, loaded from TOML and validated.

One TOML file holds a complete component set (the shipped one is ``data/components.toml``; a
user's corrected file in the same format is loaded with :func:`load_components`). Every kind of
effect icon, Travel card action and gift card is one entry there (name, title, copies, flags,
help text and the name of its behaviour, see ``behaviours.py``). Validation happens once, at
load: an unknown region, colour, campsite type, effect, action or behaviour, a non-symmetric
adjacency, a missing or unknown field, or too few cards to deal raises :class:`ComponentError`
naming the file, the entry and the problem. Counts are the file's own: any consistent set plays.
The rules code then works on the resolved kinds and tables of :class:`Components` and never
re-validates.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final

from mailbag.core.errors import ComponentError
from mailbag.core.files import parse_toml
from mailbag.core.i18n import N_, _, pgettext
from mailbag.games.postcards.behaviours import (
    ACTIONS,
    EFFECTS,
    GIFT_SCORES,
    GIFT_USES,
    load_shipped,
)
from mailbag.games.postcards.component_fields import GIFT_NAME, Fields
from mailbag.games.postcards.kinds import (
    CAMPSITE_TYPES,
    COLOURS,
    ITINERARY_REGIONS,
    SIDES,
    ActionKind,
    Campsite,
    Components,
    Effect,
    EffectKind,
    GiftKind,
    Itinerary,
    Postcard,
    Region,
    Souvenir,
    TravelKind,
)
from mailbag.games.postcards.state import GIFT_ROW, HAND_SIZE, POSTCARD_ROW, TRAVEL_ROW

__all__ = [
    "CAMPSITE_TYPES",
    "COLOURS",
    "ITINERARY_REGIONS",
    "SIDES",
    "ActionKind",
    "Campsite",
    "Components",
    "Effect",
    "EffectKind",
    "GiftKind",
    "Itinerary",
    "Postcard",
    "Region",
    "Souvenir",
    "TravelKind",
    "deal_shortfall",
    "load_components",
    "load_default",
    "parse_components",
]

#: the actions the rules themselves name: the turn keeps them for later (PC-4), the Road Map
#: moves and camps (PC-10), the Automa plays them (PC-13, PC-15)
RULE_ACTIONS: Final = ("movement", "postcard", "camp")
#: the effects a side-B star converts into (PC-5)
RULE_EFFECTS: Final = ("movement", "postcard", "stamp")
#: a region number's refusals by the field it is in: not a number, not on the map
REGION_FIELD: Final = {
    "region": (
        N_("region must be a region number, not {value}"),
        N_("unknown region {value}"),
    ),
    "start": (
        N_("start region must be a region number, not {value}"),
        N_("unknown start region {value}"),
    ),
    "regions": (
        N_("region in 'regions' must be a region number, not {value}"),
        N_("unknown region {value} in 'regions'"),
    ),
}
#: the seats of the smallest table that deals the most: two players (PC-11 hands)
SMALLEST_TABLE: Final = ("player", "player")
SECTIONS: Final = (
    "supply",
    "player_board",
    "actions",
    "effects",
    "regions",
    "travel_cards",
    "postcards",
    "itineraries",
    "gifts",
)


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
        raise ComponentError(
            _("{path}: cannot read the file ({reason})", path=str(path), reason=exc.strerror)
        ) from None
    return parse_components(text, str(path))


def parse_components(text: str, source: str) -> Components:
    """Parse and validate one complete component set from TOML text."""
    doc = parse_toml(text, source)
    load_shipped()
    components = _Loader(source, doc).load()
    problem = deal_shortfall(components, SMALLEST_TABLE)
    if problem is not None:
        raise ComponentError(f"{source}: {problem}")
    return components


def deal_shortfall(components: Components, seats: Sequence[str]) -> str | None:
    """What the component set lacks to deal (Setup) to ``seats``, or None: a Travel card display
    and a hand per player (an Automa has none, PC-13), a postcard per seat and the postcard
    display, the gift display, an itinerary card per seat."""
    players = sum(1 for kind in seats if kind == "player")
    seated = len(seats)
    needs = (
        (N_("too few Travel cards to deal: {have}; the display of {row} and a hand of {hand} for "
            "{players} player(s) need {need}"),
         sum(k.copies for k in components.travel), TRAVEL_ROW + HAND_SIZE * players, TRAVEL_ROW),
        (N_("too few postcards to deal: {have}; one for each of {seats} seats and the display "
            "of {row} need {need}"),
         len(components.postcards), seated + POSTCARD_ROW, POSTCARD_ROW),
        (N_("too few gift cards to deal: {have}; the display of {row} need {need}"),
         sum(g.copies for g in components.gifts), GIFT_ROW, GIFT_ROW),
        (N_("too few itinerary cards to deal: {have}; one for each of {seats} seats need {need}"),
         len(components.itineraries), seated, 0),
    )  # fmt: skip
    for text, have, need, row in needs:
        if have < need:
            return _(
                text, have=have, need=need, row=row, hand=HAND_SIZE, players=players, seats=seated
            )
    return None


class _Loader(Fields):
    def __init__(self, source: str, doc: dict[str, Any]) -> None:
        super().__init__(source)
        self.doc = doc

    def region(self, value: Any, entry: str, regions: dict[int, Any], field: str = "region") -> int:
        """``value`` must be the number of a known region; ``field`` says where it was found:
        ``region``, ``start`` or ``regions`` (one of an itinerary's)."""
        texts = REGION_FIELD[field]
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(entry, _(texts[0], value=repr(value)))
        if value not in regions:
            raise self.fail(entry, _(texts[1], value=repr(value)))
        return value

    def effect(self, data: dict[str, Any], entry: str, effects: dict[str, EffectKind]) -> Effect:
        """A printed effect icon: ``effect`` names an ``[[effects]]`` entry; a kind that
        carries points (a star) gives them in ``points``."""
        name = self.word(data, "effect", entry, tuple(effects))
        kind = effects[name]
        if kind.carries_points:
            return Effect(name, self.integer(data, "points", entry, 1, 20), kind.index)
        if "points" in data:
            raise self.fail(
                entry, _("only effects that carry points have points, not {name}", name=repr(name))
            )
        return Effect(name, 0, kind.index)

    # sections ---------------------------------------------------------------------------------
    def load(self) -> Components:
        tokens = self.integer(
            self.table(self.doc, "supply", "[supply]"), "tokens", "[supply]", 0, 1000
        )
        actions = self.load_actions()
        effects = self.load_effects(actions)
        by_name = {e.name: e for e in effects}
        camps, board = self.load_board(by_name)
        regions, campsites = self.load_regions()
        travel = self.load_travel(actions)
        postcards = self.load_postcards(regions, by_name)
        itineraries = self.load_itineraries(regions)
        gifts = self.load_gifts(actions)
        self.no_extra(self.doc, SECTIONS, "file")
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
            actions,
            effects,
        )

    def load_actions(self) -> tuple[ActionKind, ...]:
        from mailbag.games.postcards.legal import VERBS

        kinds: list[ActionKind] = []
        for i, item in enumerate(self.entries(self.doc, "actions", "file"), 1):
            where = f"[[actions]] #{i}"
            name = self.name(item, where)
            where = _("action {name}", name=repr(name))
            if any(k.name == name for k in kinds):
                raise self.fail(where, _("listed twice"))
            self.no_extra(item, {"name", "title", "help", "effect"}, where)
            title, text = self.text(item, "title", where), self.text(item, "help", where)
            effect = self.text(item, "effect", where)
            rule = ACTIONS.get(effect, f"{self.source}: {where}")
            if rule.verb not in VERBS or rule.verb in {k.rule.verb for k in kinds}:
                raise self.fail(
                    where, _("its behaviour {effect} is decided with the verb {verb}, which the "
                             "notation does not have or another action already uses",
                             effect=repr(effect), verb=repr(rule.verb))
                )  # fmt: skip
            kinds.append(ActionKind(len(kinds), name, title, text, effect, rule))
        self.required("[[actions]]", [k.name for k in kinds], RULE_ACTIONS, "PC-4, PC-10, PC-15")
        return tuple(kinds)

    def load_effects(self, actions: tuple[ActionKind, ...]) -> tuple[EffectKind, ...]:
        kinds: list[EffectKind] = []
        action_names = [a.name for a in actions]
        for i, item in enumerate(self.entries(self.doc, "effects", "file"), 1):
            where = f"[[effects]] #{i}"
            name = self.name(item, where)
            where = _("effect {name}", name=repr(name))
            if any(k.name == name for k in kinds):
                raise self.fail(where, _("listed twice"))
            title, text = self.text(item, "title", where), self.text(item, "help", where)
            abbrev = self.text(item, "abbrev", where)
            if len(abbrev) != 1:
                raise self.fail(
                    where,
                    _("field 'abbrev' must be one character, not {abbrev}", abbrev=repr(abbrev)),
                )
            carries = self.flag(item, "carries_points", where, False)
            effect = self.text(item, "effect", where)
            function = EFFECTS.get(effect, f"{self.source}: {where}")
            fields = ("name", "title", "abbrev", "help", "carries_points", "effect")
            bound, _numbers = self.bind(function, item, where, fields, action_names)
            kinds.append(EffectKind(len(kinds), name, title, abbrev, text, carries, effect, bound))
        self.required("[[effects]]", [k.name for k in kinds], RULE_EFFECTS, "PC-5")
        return tuple(kinds)

    def required(self, entry: str, names: list[str], needed: tuple[str, ...], rule: str) -> None:
        missing = [n for n in needed if n not in names]
        if missing:
            raise self.fail(
                entry,
                _(
                    "the rules name the entries {needed} ({rule}); missing: {missing}",
                    needed=", ".join(needed),
                    rule=rule,
                    missing=", ".join(missing),
                ),
            )

    def load_board(
        self, effects: dict[str, EffectKind]
    ) -> tuple[int, dict[str, dict[int, Effect]]]:
        entry = "[player_board]"
        data = self.table(self.doc, "player_board", entry)
        self.no_extra(data, {"camps", "side_A", "side_B"}, entry)
        camps = self.integer(data, "camps", entry, 0, 100)
        board: dict[str, dict[int, Effect]] = {}
        for side in SIDES:
            spaces: dict[int, Effect] = {}
            for i, item in enumerate(self.entries(data, f"side_{side}", entry), 1):
                where = f"[[player_board.side_{side}]] #{i}"
                self.no_extra(item, {"camp", "effect", "points"}, where)
                number = self.integer(item, "camp", where, 1, camps)
                if number in spaces:
                    raise self.fail(where, _("camp space {number} is listed twice", number=number))
                spaces[number] = self.effect(item, where, effects)
            board[side] = dict(sorted(spaces.items()))
        return camps, board

    def load_regions(self) -> tuple[dict[int, Region], dict[int, Campsite]]:
        items = self.entries(self.doc, "regions", "file")
        raw: dict[int, tuple[str, list[Any], list[str]]] = {}
        for i, item in enumerate(items, 1):
            where = f"[[regions]] #{i}"
            self.no_extra(item, {"number", "name", "adjacent", "campsites"}, where)
            number = self.integer(item, "number", where, 1, 99)
            where = _("region {number}", number=number)
            if number in raw:
                raise self.fail(where, _("region number listed twice"))
            name = self.text(item, "name", where)
            adjacent = self.array(item, "adjacent", where)
            sites = self.array(item, "campsites", where)
            if not 1 <= len(sites) <= 8:
                raise self.fail(where, _("needs 1..8 campsites, found {count}", count=len(sites)))
            for site in sites:
                noun = pgettext("component file", "campsite type")
                self.choice(site, "'campsites'", noun, where, CAMPSITE_TYPES)
            raw[number] = (name, adjacent, [str(s) for s in sites])
        if not raw:
            raise self.fail("[[regions]]", _("the map needs at least one region"))
        links: dict[int, list[int]] = {}
        for number, (_name, adjacent, _sites) in raw.items():
            where = _("region {number}", number=number)
            for other in adjacent:
                if not isinstance(other, int) or isinstance(other, bool):
                    raise self.fail(
                        where,
                        _("'adjacent' must list region numbers, not {value}", value=repr(other)),
                    )
                if other not in raw:
                    raise self.fail(
                        where, _("unknown region {value} in 'adjacent'", value=repr(other))
                    )
                if other == number:
                    raise self.fail(where, _("a region cannot be adjacent to itself"))
            if len(set(adjacent)) != len(adjacent):
                raise self.fail(where, _("a region is listed twice in 'adjacent'"))
            links[number] = [int(a) for a in adjacent]
        for number, adjacent in links.items():
            for other in adjacent:
                if number not in links[other]:
                    raise self.fail(
                        _("region {number}", number=number),
                        _(
                            "adjacency is not symmetric: {number} lists {other} but {other} "
                            "does not list {number}",
                            number=number,
                            other=other,
                        ),
                    )
        self.check_connected(links)
        regions: dict[int, Region] = {}
        campsites: dict[int, Campsite] = {}
        next_id = 1
        for number in sorted(raw):
            name, _adjacent, sites = raw[number]
            ids = []
            for site in sites:
                campsites[next_id] = Campsite(next_id, number, site)
                ids.append(next_id)
                next_id += 1
            regions[number] = Region(number, name, tuple(sorted(links[number])), tuple(ids))
        return regions, campsites

    def check_connected(self, links: dict[int, list[int]]) -> None:
        first = min(links)
        seen = {first}
        todo = [first]
        while todo:
            for other in links[todo.pop()]:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        missing = sorted(set(links) - seen)
        if missing:
            raise self.fail(
                "[[regions]]",
                _(
                    "regions {missing} cannot be reached from region {first}",
                    missing=missing,
                    first=first,
                ),
            )

    def load_travel(self, actions: tuple[ActionKind, ...]) -> tuple[TravelKind, ...]:
        items = self.entries(self.doc, "travel_cards", "file")
        names = {a.name: a.index for a in actions}
        kinds: list[TravelKind] = []
        seen: set[tuple[str, str]] = set()
        for i, item in enumerate(items, 1):
            where = f"[[travel_cards]] #{i}"
            self.no_extra(item, {"colour", "action", "copies"}, where)
            colour = self.word(item, "colour", where, COLOURS)
            action = self.word(item, "action", where, tuple(names))
            if (colour, action) in seen:
                raise self.fail(
                    where, _("{colour} {action} is listed twice", colour=colour, action=action)
                )
            seen.add((colour, action))
            copies = self.integer(item, "copies", where, 1, 500)
            kinds.append(TravelKind(len(kinds), colour, action, copies, names[action]))
        return tuple(kinds)

    def load_postcards(
        self, regions: dict[int, Region], effects: dict[str, EffectKind]
    ) -> dict[int, Postcard]:
        items = self.entries(self.doc, "postcards", "file")
        cards: dict[int, Postcard] = {}
        for i, item in enumerate(items, 1):
            where = f"[[postcards]] #{i}"
            self.no_extra(item, {"id", "region", "points", "stamps", "souvenirs"}, where)
            pid = self.integer(item, "id", where, 1, 9999)
            where = _("postcard {id}", id=pid)
            if pid in cards:
                raise self.fail(where, _("postcard id listed twice"))
            if "region" not in item:
                raise self.fail(where, _("missing field {key}", key=repr("region")))
            region = self.region(item["region"], where, regions)
            points = self.integer(item, "points", where, 0, 30)
            stamps = self.array(item, "stamps", where)
            if not 1 <= len(stamps) <= 6:
                raise self.fail(
                    where, _("needs 1..6 stamp spaces, found {count}", count=len(stamps))
                )
            for colour in stamps:
                noun = pgettext("component file", "stamp colour")
                self.choice(colour, "'stamps'", noun, where, COLOURS)
            souvenirs: list[Souvenir] = []
            for j, raw in enumerate(self.entries(item, "souvenirs", where), 1):
                swhere = _("{where} souvenir {number}", where=where, number=j)
                self.no_extra(raw, {"campsite", "effect", "points"}, swhere)
                site = self.word(raw, "campsite", swhere, CAMPSITE_TYPES)
                souvenirs.append(Souvenir(site, self.effect(raw, swhere, effects)))
            if not 1 <= len(souvenirs) <= 4:
                raise self.fail(
                    where, _("needs 1..4 souvenir spaces, found {count}", count=len(souvenirs))
                )
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
        cards: dict[int, Itinerary] = {}
        for i, item in enumerate(items, 1):
            where = f"[[itineraries]] #{i}"
            self.no_extra(item, {"id", "start", "regions"}, where)
            iid = self.integer(item, "id", where, 1, 9999)
            where = _("itinerary {id}", id=iid)
            if iid in cards:
                raise self.fail(where, _("itinerary id listed twice"))
            if "start" not in item:
                raise self.fail(where, _("missing field {key}", key=repr("start")))
            start = self.region(item["start"], where, regions, "start")
            listed = [
                self.region(region, where, regions, "regions")
                for region in self.array(item, "regions", where)
            ]
            if len(listed) != ITINERARY_REGIONS or len(set(listed)) != ITINERARY_REGIONS:
                raise self.fail(where, _("needs {count} distinct regions", count=ITINERARY_REGIONS))
            if start in listed:
                raise self.fail(where, _("the start region cannot be one of its postcard regions"))
            if any(card.start == start for card in cards.values()):
                raise self.fail(
                    where, _("another itinerary also starts in region {start}", start=start)
                )
            cards[iid] = Itinerary(iid, start, tuple(listed))
        return cards

    def load_gifts(self, actions: tuple[ActionKind, ...]) -> tuple[GiftKind, ...]:
        """``[[gifts]]``: a lightning gift names a function of GIFT_USES, a bell gift one of
        GIFT_SCORES and the line of the final score it adds to (``breakdown``), PC-10."""
        from mailbag.games.postcards.scoring import FIXED_LINES

        action_names = [a.name for a in actions]
        kinds: list[GiftKind] = []
        for i, item in enumerate(self.entries(self.doc, "gifts", "file"), 1):
            where = f"[[gifts]] #{i}"
            name = self.name(item, where, GIFT_NAME)
            where = _("gift {name}", name=repr(name))
            if any(k.name == name for k in kinds):
                raise self.fail(where, _("listed twice"))
            title, text = self.text(item, "title", where), self.text(item, "help", where)
            copies = self.integer(item, "copies", where, 1, 100)
            lightning = self.flag(item, "lightning", where)
            effect = self.text(item, "effect", where)
            fields = ["name", "title", "copies", "lightning", "effect", "help"]
            if lightning:
                use = GIFT_USES.get(effect, f"{self.source}: {where}")
                bound_use, numbers = self.bind(use, item, where, fields, action_names)
                kinds.append(
                    GiftKind(len(kinds), name, title, copies, True, effect, text, numbers,
                             use=bound_use)
                )  # fmt: skip
                continue
            score = GIFT_SCORES.get(effect, f"{self.source}: {where}")
            line = self.text(item, "breakdown", where)
            if line in FIXED_LINES:
                raise self.fail(
                    where, _("the final score already has a line {line}", line=repr(line))
                )
            fields.append("breakdown")
            bound_score, numbers = self.bind(score, item, where, fields, action_names)
            kinds.append(
                GiftKind(len(kinds), name, title, copies, False, effect, text, numbers, line,
                         score=bound_score)
            )  # fmt: skip
        return tuple(kinds)
