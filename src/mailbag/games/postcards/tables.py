"""Precomputed action values for one component set, so that listing legal actions only picks
ready-made :class:`Action` objects (legal-action generation is the hot path of every bot)."""

from __future__ import annotations

from mailbag.core.actions import Action
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.state import GIFT_ROW, POSTCARD_ROW, TRAVEL_ROW


class ActionTables:
    """Every action of the notation that names components, indexed by those components."""

    def __init__(self, comps: Components) -> None:
        names = [k.name for k in comps.travel]
        regions = comps.regions
        postcards = comps.postcards
        self.kind_action = [k.action for k in comps.travel]
        self.kind_colour = [k.colour_index for k in comps.travel]
        self.play_move = [
            {r: [Action("play", (n, "action", a)) for a in regions[r].adjacent] for r in regions}
            for n in names
        ]
        self.play_postcard = [Action("play", (n, "action")) for n in names]
        self.play_camp = [
            {s: Action("play", (n, "action", s)) for s in comps.campsites} for n in names
        ]
        self.play_stamp = [
            {
                c: [Action("play", (n, "stamp", c, i + 1)) for i in range(len(p.stamps))]
                for c, p in postcards.items()
            }
            for n in names
        ]
        self.play_none = [Action("play", (n, "none")) for n in names]
        self.pair = {
            (a, b): Action("pair", (names[a], names[b]))
            for a in range(len(names))
            for b in range(a, len(names))
        }
        self.use_move = {
            r: [Action("use", ("movement", a)) for a in regions[r].adjacent] for r in regions
        }
        self.use_postcard = Action("use", ("postcard",))
        self.use_camp = {s: Action("use", ("camp", s)) for s in comps.campsites}
        self.move = {r: [Action("move", (a,)) for a in regions[r].adjacent] for r in regions}
        self.postcard = Action("postcard")
        self.camp = {s: Action("camp", (s,)) for s in comps.campsites}
        self.stamp = {
            c: [Action("stamp", (c, i + 1)) for i in range(len(p.stamps))]
            for c, p in postcards.items()
        }
        self.souvenir = {
            c: [Action("souvenir", (c, i + 1)) for i in range(len(p.souvenirs))]
            for c, p in postcards.items()
        }
        self.send = {c: Action("send", (c,)) for c in postcards}
        self.gift = [Action("gift", (g.name,)) for g in comps.gifts]
        self.lightning = [g.lightning for g in comps.gifts]
        self.refresh = Action("refresh")
        self.take = [Action("take", (i + 1,)) for i in range(POSTCARD_ROW)]
        self.take_deck = Action("take", ("deck",))
        self.pick = [Action("pick", (i + 1,)) for i in range(GIFT_ROW)]
        self.draw_row = [Action("draw", ("row", i + 1)) for i in range(TRAVEL_ROW)]
        self.draw_deck = Action("draw", ("deck",))
        self.stars = [Action("star", (c,)) for c in ("points", "movement", "postcard", "stamp")]
        self.skip = Action("skip")
        self.end = Action("end")
        #: postcard id -> stamp colour indices; region; for the fast scans
        self.stamp_colours = {c: p.stamp_colours for c, p in postcards.items()}
        self.postcard_region = {c: p.region for c, p in postcards.items()}
        self.region_sites = {r: regions[r].campsites for r in regions}


def tables(comps: Components) -> ActionTables:
    found = comps.cache.get("actions")
    if found is None:
        found = comps.cache["actions"] = ActionTables(comps)
    assert isinstance(found, ActionTables)
    return found
