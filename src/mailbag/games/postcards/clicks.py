"""Postcards on the graphical board: the fixed data the browser draws from (:func:`board_data`)
and what a player clicks to take each action (:func:`click_path`).

The things the board draws, by id:

- ``hand:red.camp`` — a kind of Travel card in the seat's hand (its copies drawn as one stack
  with a count); ``twin:red.camp`` — the second card of such a stack, for a pair of the same
  kind;
- ``region:8`` — a region of the map; ``site:33`` — a campsite;
- ``stamp:12:2`` / ``souvenir:12:1`` — a stamp or souvenir space of an owned postcard (spaces
  numbered from 1, as in the notation); ``postcard:12`` — an owned postcard (to send it);
- ``postcards`` — the postcard display as a whole (the target of a postcard action);
  ``pcrow:2`` — its second face-up postcard; ``deck:postcard`` — the postcard deck;
- ``travel:3`` — the third card of the Travel display; ``deck:travel`` — the Travel deck;
- ``giftrow:1`` — a face-up gift card; ``gift:road_map`` — a lightning gift in hand;
- ``hike:17`` — a postcard drawn with the Hiking Guide;
- ``do:…`` — buttons under the board: ``do:none`` (play the card without effect), ``do:pair``
  (confirm a pair), ``do:use.movement`` … (a kept effect), ``do:refresh``, ``do:skip``,
  ``do:star.points`` …, ``do:keep``, ``do:end``.

Each action's path, by its notation:

=============================  =====================================================
``play C action R``            ``hand:C``, ``region:R``     (a movement card)
``play C action``              ``hand:C``, ``postcards``    (a postcard card)
``play C action S``            ``hand:C``, ``site:S``       (a camp card)
``play C stamp P N``           ``hand:C``, ``stamp:P:N``
``play C none``                ``hand:C``, ``do:none``
``pair C D``                   ``hand:C``, ``hand:D`` (``twin:C`` when D is C), ``do:pair``
``use movement R`` …           ``do:use.movement``, ``region:R``; ``do:use.postcard``;
                               ``do:use.camp``, ``site:S``
``send P``                     ``postcard:P``
``gift K``                     ``gift:K``
``end``                        ``do:end``
``draw row N`` / ``draw deck``   ``travel:N`` / ``deck:travel``
``move R`` / ``camp S``        ``region:R`` / ``site:S``
``postcard``                   ``postcards``
``stamp P N``                  ``stamp:P:N``
``souvenir P N``               ``souvenir:P:N``
``refresh``                    ``do:refresh``
``take N`` / ``take deck``     ``pcrow:N`` / ``deck:postcard``
``star X``                     ``do:star.X``
``pick N``                     ``giftrow:N``
``keep P Q``                   ``hike:P``, ``hike:Q``, ``do:keep``
``skip``                       ``do:skip``
=============================  =====================================================

A pair and the Hiking Guide's two postcards end with a button, so that clicking a second card
by mistake does nothing yet (and so that the board may let the two be clicked in either order:
it puts the clicks in the path's order). Everything here is read from the seat's view and the
action; the board computes no rule. The words of :func:`board_data` are in the reader's
language (it is built inside it).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from mailbag.core.actions import Action
from mailbag.core.game import Observation
from mailbag.core.i18n import N_, _
from mailbag.games.postcards import automa, render, scoring, texts
from mailbag.games.postcards.components import CAMPSITE_TYPES, COLOURS, Components
from mailbag.games.postcards.prebuilt import STAR_CHOICES
from mailbag.games.postcards.turn import AUTOMA_KINDS

#: the board's own words (English, some with ``{field}`` placeholders the board fills), by key
WORDS: dict[str, str] = {
    "map": N_("Map of France"),
    "ferry": N_("ferry"),
    "your_turn": N_("Your turn"),
    "turn_of": N_("{name} plays"),
    "over": N_("Game over"),
    "last_round": N_("Last round"),
    "cards_played": N_("cards played {played}/{total}"),
    "kept": N_("kept for this turn:"),
    "help_main": N_(
        "Click a card of your hand, then where it goes: a region to ride to, a campsite, a "
        "stamp space of its colour or the postcards. Two cards together act as any one card."
    ),
    "help_draw": N_("Draw back up to 5 cards: click a card of the Travel display or the deck."),
    "help_end": N_("You have played your cards: send a postcard, use a gift or end the turn."),
    "travel_display": N_("Travel cards"),
    "postcard_display": N_("Face-up postcards"),
    "gift_display": N_("Gifts"),
    "deck": N_("deck"),
    "deck_count": N_("{count} in the deck"),
    "discard_count": N_("{count} discarded"),
    "deck_top": N_("top of the deck"),
    "empty": N_("empty"),
    "binding": N_("binding"),
    "automa_slots": N_("The Automa plays slots 1–{count}"),
    "automa_left": N_("stamp first"),
    "automa_right": N_("action first"),
    "automa_turn": N_("The Automa's last turn"),
    "automa_slot": N_("slot {slot}"),
    "automa_result": N_("→ {result}"),
    "your_hand": N_("Your hand"),
    "hand_empty": N_("no cards in hand"),
    "hand_size": N_("{count} cards in hand"),
    "your_postcards": N_("Your postcards"),
    "postcards_of": N_("Postcards of {name}"),
    "no_postcards": N_("no postcards"),
    "sent": N_("sent"),
    "send": N_("send"),
    "points": N_("{points} pts"),
    "points_now": N_("{points} points"),
    "score_now": N_("score now {score}"),
    "stamps": N_("stamps"),
    "souvenirs": N_("souvenirs"),
    "camps": N_("camps {placed}/{total}"),
    "camp_track": N_("Camp track (side {side})"),
    "itinerary": N_("Itinerary"),
    "itinerary_points": N_("{count} of 4 regions: {points} pts"),
    "start": N_("start: {region}"),
    "gifts": N_("Gifts"),
    "no_gifts": N_("no gifts"),
    "best_traveller": N_("best traveller: {regions}"),
    "supply": N_("supply: {count} tokens"),
    "bonus": N_("End Game Bonus (+3)"),
    "bonus_taken": N_("End Game Bonus: {name}"),
    "you": N_("you"),
    "here": N_("{names} here"),
    "site": N_("campsite {id}: {type}"),
    "site_owner": N_("campsite {id}: {type}, camp of {name}"),
    "region_title": N_("{name} (region {number})"),
    "hiking": N_("Drawn with the Hiking Guide"),
    "use_movement": N_("Use a kept movement"),
    "use_camp": N_("Use a kept camp"),
    "pair": N_("Play the two cards as one"),
    "keep": N_("Keep these two postcards"),
    "twin": N_("a second {card} (for a pair)"),
    "card": N_("{colour} {action}"),
    "stamp_space": N_("stamp space {number} of postcard {id}"),
    "souvenir_space": N_("souvenir space {number} of postcard {id}"),
    "postcard": N_("postcard {id}"),
    "slot": N_("slot {slot}"),
    "the_postcards": N_("the postcards"),
}
#: the Automa's outcomes of a card (``automa_card`` events' ``result``)
RESULTS = {
    "stamp": N_("stamp"),
    "movement": N_("movement"),
    "postcard": N_("postcard"),
    "camp": N_("camp"),
    "discarded": N_("discarded"),
}
#: the colours of the four Travel card colours as the board draws them
COLOUR_HEX = {"red": "#c8102e", "blue": "#1f5fbf", "green": "#2e8b3e", "yellow": "#e0a800"}


# -- the map's geometry (data/map.toml) ------------------------------------------------------


@cache
def _map_text() -> str:
    return (
        resources.files("mailbag.games.postcards")
        .joinpath("data/map.toml")
        .read_text(encoding="utf-8")
    )


def map_geometry(components: Components) -> dict[str, Any]:
    """The map as the board draws it: each region's outline, label and campsites' places; each
    pair of adjacent regions (the component data's adjacency) with the border they share, or a
    ferry line where their outlines do not meet (Corse). A region the geometry lacks (a user's
    own component file) is left out of the drawing."""
    doc = tomllib.loads(_map_text())
    points: dict[str, list[int]] = doc["points"]
    regions: dict[int, dict[str, Any]] = {}
    for entry in doc["regions"]:
        number = int(entry["number"])
        if number not in components.regions:
            continue
        region = components.regions[number]
        outline = [str(p) for p in entry["outline"]]
        cx, cy = entry["sites"]
        columns = max(1, int(entry["columns"]))
        count = len(region.campsites)
        rows = (count + columns - 1) // columns
        places = []
        for i, site in enumerate(region.campsites):
            row, col = divmod(i, columns)
            in_row = min(columns, count - row * columns)
            x = cx + (col - (in_row - 1) / 2) * SITE_STEP
            y = cy + (row - (rows - 1) / 2) * SITE_STEP
            places.append({"id": site, "x": round(x), "y": round(y)})
        regions[number] = {
            "outline": outline,
            "path": [points[p] for p in outline],
            "label": list(entry["label"]),
            "bikes": list(entry.get("bikes", entry["label"])),
            "sites": places,
        }
    links = []
    for number, region in sorted(components.regions.items()):
        for other in region.adjacent:
            if other < number or number not in regions or other not in regions:
                continue
            border = shared_border(regions[number]["outline"], regions[other]["outline"])
            link: dict[str, Any] = {"a": number, "b": other}
            if border:
                link["border"] = [points[p] for p in border]
            else:
                link["ferry"] = [_nearest(regions[number], regions[other])]
            links.append(link)
    for data in regions.values():
        del data["outline"]
    return {"view_box": [0, 0, 1000, 1000], "regions": regions, "links": links}


#: the distance between two campsites' centres on the map (SVG units)
SITE_STEP = 44


def shared_border(a: list[str], b: list[str]) -> list[str]:
    """The longest run of points two closed outlines share, in ``a``'s order (a border needs two
    points at least; one shared corner is no border)."""
    shared = set(a) & set(b)
    if len(shared) < 2:
        return []
    n = len(a)
    if len(shared) == n:
        return list(a)
    best: list[str] = []
    for start in range(n):
        if a[start] not in shared or a[start - 1] in shared:
            continue  # a run starts where the point before is not shared
        run = []
        for k in range(n):
            p = a[(start + k) % n]
            if p not in shared:
                break
            run.append(p)
        if len(run) > len(best):
            best = run
    return best if len(best) >= 2 else []


def _nearest(a: dict[str, Any], b: dict[str, Any]) -> list[list[int]]:
    """The two closest outline points of two regions that do not touch: the ferry's ends."""
    pairs = ((p, q) for p in a["path"] for q in b["path"])
    p, q = min(pairs, key=lambda pq: (pq[0][0] - pq[1][0]) ** 2 + (pq[0][1] - pq[1][1]) ** 2)
    return [p, q]


# -- the data the board draws from -----------------------------------------------------------


def board_data(components: Components) -> dict[str, Any]:
    """Everything fixed the board draws, in the reader's language: its words, the map, the cards
    and the boards' printed effects."""
    automa_slots = {kind: automa.cards_to_play(kind) for kind in AUTOMA_KINDS}
    binding = automa.BINDING
    road_map = texts.gift_title(components.gift_title("road_map", "Road Map"))
    hiking = texts.gift_title(components.gift_title("hiking_guide", "Hiking Guide"))
    return {
        "words": {key: _(text) for key, text in WORDS.items()},
        "results": {key: _(text) for key, text in RESULTS.items()},
        "frames": {
            kind: _(text, road_map=road_map, hiking_guide=hiking)
            for kind, text in render.FRAME_TEXT.items()
        },
        "map": map_geometry(components),
        "regions": {
            str(n): {
                "name": texts.region_name(components, n),
                "adjacent": list(r.adjacent),
                "campsites": list(r.campsites),
            }
            for n, r in sorted(components.regions.items())
        },
        "campsites": {
            str(c.id): {"region": c.region, "type": c.type} for c in components.campsites.values()
        },
        "campsite_types": {t: texts.campsite(t) for t in CAMPSITE_TYPES},
        "colours": {c: {"name": texts.colour(c), "hex": COLOUR_HEX[c]} for c in COLOURS},
        "actions": {
            a.name: {"title": texts.action_title(a.title), "help": texts.data("actions", a.help)}
            for a in components.actions
        },
        "travel": {
            k.name: {
                "colour": k.colour,
                "action": k.action,
                "name": _(
                    WORDS["card"], colour=texts.colour(k.colour), action=texts.action(k.action)
                ),
            }
            for k in components.travel
        },
        "effects": {
            e.name: {
                "title": texts.data("effects", e.title),
                "abbrev": e.abbrev,
                "help": texts.data("effects", e.help),
            }
            for e in components.effects
        },
        "camps": components.camps,
        "sides": {
            side: [
                {
                    "camp": n,
                    "effect": e.kind,
                    "points": e.points,
                    "title": texts.effect_title(components, e),
                }
                for n, e in sorted(spaces.items())
            ]
            for side, spaces in components.board.items()
        },
        "postcards": {
            str(p.id): {
                "region": p.region,
                "points": p.points,
                "stamps": list(p.stamps),
                "souvenirs": [
                    {
                        "campsite": s.campsite,
                        "effect": s.effect.kind,
                        "points": s.effect.points,
                        "title": texts.effect_title(components, s.effect),
                    }
                    for s in p.souvenirs
                ],
            }
            for p in components.postcards.values()
        },
        "itineraries": {
            str(i.id): {"start": i.start, "regions": list(i.regions)}
            for i in components.itineraries.values()
        },
        "itinerary_points": list(scoring.ITINERARY_POINTS),
        "gifts": {
            g.name: {
                "title": texts.gift_title(g.title),
                "help": texts.data("gifts", g.help),
                "lightning": g.lightning,
            }
            for g in components.gifts
        },
        "stars": {choice: texts.effect(choice) for choice in STAR_CHOICES},
        "automa_slots": automa_slots,
        "binding": binding,
        "difficulties": {kind: texts.difficulty(kind.partition(":")[2]) for kind in automa_slots},
    }


# -- what a player clicks --------------------------------------------------------------------


def _hand_pair(first: str, second: str) -> tuple[str, ...]:
    return (f"hand:{first}", f"twin:{first}" if second == first else f"hand:{second}", "do:pair")


def click_path(components: Components, observation: Observation, action: Action) -> tuple[str, ...]:
    """The ids a player clicks, in order, to take ``action`` (see the module's docstring). Read
    from the view (which decision is pending) and the action alone."""
    verb, args = action.verb, [str(a) for a in action.args]
    if verb == "play":
        card, use = f"hand:{args[0]}", args[1]
        if use == "stamp":
            return (card, f"stamp:{args[2]}:{args[3]}")
        if use == "none":
            return (card, "do:none")
        kind = components.travel[components.travel_names[args[0]]]
        return (card, _target(components.actions[kind.action_index].rule.verb, args[2:]))
    if verb == "pair":
        return _hand_pair(args[0], args[1])
    if verb == "use":
        if len(args) == 1:
            return (f"do:use.{args[0]}",)
        verb = components.actions[components.action_index[args[0]]].rule.verb
        return (f"do:use.{args[0]}", _target(verb, args[1:]))
    if verb == "send":
        return (f"postcard:{args[0]}",)
    if verb == "gift":
        return (f"gift:{args[0]}",)
    if verb == "draw":
        return ("deck:travel",) if args[0] == "deck" else (f"travel:{args[1]}",)
    if verb == "move":
        return (f"region:{args[0]}",)
    if verb == "camp":
        return (f"site:{args[0]}",)
    if verb == "postcard":
        return ("postcards",)
    if verb in ("stamp", "souvenir"):
        return (f"{verb}:{args[0]}:{args[1]}",)
    if verb == "take":
        return ("deck:postcard",) if args[0] == "deck" else (f"pcrow:{args[0]}",)
    if verb == "star":
        return (f"do:star.{args[0]}",)
    if verb == "pick":
        return (f"giftrow:{args[0]}",)
    if verb == "keep":
        return (f"hike:{args[0]}", f"hike:{args[1]}", "do:keep")
    if verb in ("refresh", "skip", "end"):
        return (f"do:{verb}",)
    return (f"do:{action}",)


def _target(verb: str, args: list[str]) -> str:
    """What a Travel card action (by the verb of its behaviour) is aimed at: a region, a
    campsite, the postcard display."""
    if verb == "move" and args:
        return f"region:{args[0]}"
    if verb == "camp" and args:
        return f"site:{args[0]}"
    if verb == "postcard":
        return "postcards"
    return ".".join(["do:" + verb, *args])
