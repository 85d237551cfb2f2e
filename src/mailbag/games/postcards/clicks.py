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
(a pair's joker)               ``do:as.move``, ``region:R``; ``do:as.camp``, ``site:S``;
                               ``do:as.postcard``, ``postcards``; ``do:as.stamp``,
                               ``stamp:P:N``
``souvenir P N``               ``souvenir:P:N``
``refresh``                    ``do:refresh``
``take N`` / ``take deck``     ``pcrow:N`` / ``deck:postcard``
``star X``                     ``do:star.X``
``pick N``                     ``giftrow:N``
``keep P Q``                   ``hike:P``, ``hike:Q``, ``do:keep``
``skip``                       ``do:skip``
=============================  =====================================================

A pair's joker (PC-6: the two cards act as one card of any kind) asks first, by a button, which card
the pair acts as, then for that card's target: its targets lie all over the board (the map, the
postcards, the stamp spaces of the seat's own postcards), more than a phone's screen holds at once;
one kind's targets lie together. A pair and the Hiking Guide's two postcards end with a button, so
that clicking a second card by mistake does nothing yet (and so that the board may let the two be
clicked in either order: it puts the clicks in the path's order). Everything here is read from the
seat's view and the action; the board computes no rule. The words of :func:`board_data` are in the
reader's language (it is built inside it).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from mailbag.core.actions import Action
from mailbag.core.game import Observation
from mailbag.core.i18n import N_, _, ngettext
from mailbag.games.postcards import automa, render, scoring, texts
from mailbag.games.postcards import turn as turn_module
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
    # a pair's joker: which card it acts as (then the target of that card)
    "as_move": N_("As a movement"),
    "as_camp": N_("As a camp"),
    "as_postcard": N_("As a postcard"),
    "as_stamp": N_("As a stamp"),
    "keep": N_("Keep these two postcards"),
    "twin": N_("a second {card} (for a pair)"),
    "card": N_("{colour} {action}"),
    "stamp_space": N_("stamp space {number} of postcard {id}"),
    "souvenir_space": N_("souvenir space {number} of postcard {id}"),
    "postcard": N_("postcard {id}"),
    "slot": N_("slot {slot}"),
    "the_postcards": N_("the postcards"),
    # what each thing is, in words (its accessible name and tooltip)
    "n_site_free": N_("Campsite {id}, {type}, free"),
    "n_site_taken": N_("Campsite {id}, {type}, camp of {name}"),
    "t_site": N_(
        "A campsite of {region}. A camp card places a camp here when your bicycle is in "
        "the region; it may earn a souvenir of this type."
    ),
    "t_region": N_(
        "{name}, a region of the map. A movement card rides your bicycle to a region next to yours."
    ),
    "n_hand": N_("Your hand: {card}"),
    "t_hand": N_(
        "A Travel card of your hand: play it for its action, or to stick a stamp of its "
        "colour; two cards together act as any one card."
    ),
    "n_twin": N_("Your hand: a second {card}, for a pair"),
    "n_stamp_open": N_("Stamp space {number} of postcard {id}, {colour}, open"),
    "n_stamp_filled": N_("Stamp space {number} of postcard {id}, {colour}, stamped"),
    "t_stamp": N_("A card of this colour (or a pair of cards) sticks a stamp here."),
    "n_souvenir_open": N_("Souvenir space {number} of postcard {id}, {type}: {effect}, open"),
    "n_souvenir_filled": N_("Souvenir space {number} of postcard {id}, {type}: {effect}, taken"),
    "t_souvenir": N_("A camp on a {type} campsite may place a souvenir here; it gives {effect}."),
    "n_postcard": N_("Postcard {id}, {region}, {points}"),
    "n_postcard_sent": N_("Postcard {id}, {region}, {points}, sent"),
    "t_postcard": N_(
        "With every stamp space filled, it can be sent from {region}: it scores its "
        "points and earns a gift."
    ),
    "n_row_travel": N_("Face-up Travel card {slot}: {card}"),
    "n_row_empty": N_("Face-up slot {slot}: empty"),
    "t_row_travel": N_(
        "At the end of your turn you draw back up to 5 cards, from here or the deck."
    ),
    "n_travel_deck": N_("Travel deck"),
    "n_pcrow": N_("Face-up postcard {slot}: {region}, {stamps}, {points}"),
    "t_pcrow": N_("A postcard action takes one of the face-up postcards or the top of the deck."),
    "n_postcard_deck": N_("Postcard deck, top card: {region}"),
    "n_postcard_deck_empty": N_("Postcard deck: empty"),
    "n_postcards": N_("The postcards"),
    "t_postcards": N_("Play a postcard card here to take a postcard."),
    "n_giftrow": N_("Face-up gift {slot}: {gift}"),
    "n_gift": N_("Your gift: {gift}"),
    "n_seatgift": N_("Gift of {name}: {gift}"),
    "n_hike": N_("Drawn with the Hiking Guide: postcard {id}, {region}"),
    "n_bike": N_("Bicycle of {name}, in {region}"),
    "n_points": N_("Points of {name}"),
    "n_camps": N_("Camps of {name}"),
    "n_handsize": N_("Hand of {name}"),
    "lightning": N_("lightning gift: used during your turn"),
    "bell": N_("bell gift: scores at the end"),
    "new": N_("new"),
    "magnify_region": N_("Campsites of {name}"),
    "magnify_postcard": N_("Spaces of postcard {id}"),
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
COLOUR_HEX = {"red": "#c8102e", "blue": "#1f5fbf", "green": "#23773a", "yellow": "#e0a800"}


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
        "colours": {
            c: {"name": texts.colour(c), "hex": COLOUR_HEX[c], "mark": render.COLOUR_MARKS[c][1]}
            for c in COLOURS
        },
        "plurals": plural_words(),
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


def plural_words() -> dict[str, list[str]]:
    """The board's texts with a count, each in its two forms (a count of 1, any other count) in
    the reader's language: the board picks the form (every language mailbag speaks has these
    two)."""
    return {
        "hand_size": [
            ngettext("{count} card in hand", "{count} cards in hand", 1),
            ngettext("{count} card in hand", "{count} cards in hand", 2),
        ],
        "points_now": [
            ngettext("{points} point", "{points} points", 1),
            ngettext("{points} point", "{points} points", 2),
        ],
        "supply": [
            ngettext("supply: {count} token", "supply: {count} tokens", 1),
            ngettext("supply: {count} token", "supply: {count} tokens", 2),
        ],
        "stamp_count": [
            ngettext("{count} stamp space", "{count} stamp spaces", 1),
            ngettext("{count} stamp space", "{count} stamp spaces", 2),
        ],
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
    target: tuple[str, ...]
    if verb == "move":
        target = (f"region:{args[0]}",)
    elif verb == "camp":
        target = (f"site:{args[0]}",)
    elif verb == "postcard":
        target = ("postcards",)
    elif verb in ("stamp", "souvenir"):
        target = (f"{verb}:{args[0]}:{args[1]}",)
    else:
        return _other_path(verb, args, action)
    stack = observation["turn"]["stack"] if isinstance(observation.get("turn"), dict) else []
    if verb != "souvenir" and stack and stack[-1].get("kind") == "joker":
        # PC-6: which card the pair acts as, then its target
        return (f"do:as.{verb}", *target)
    return target


def _other_path(verb: str, args: list[str], action: Action) -> tuple[str, ...]:
    """The click path of the actions of no Travel card target (drawing, postcards taken, the
    buttons)."""
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


# -- what a click would do, legal or not -----------------------------------------------------


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def _split(click: str) -> tuple[str, list[str]]:
    kind, _sep, rest = click.partition(":")
    return kind, rest.split(":") if rest else []


def _kind_verb(components: Components, card: str) -> str | None:
    """The verb of a Travel card kind's action (``move``, ``postcard``, ``camp``), by name."""
    index = components.travel_names.get(card)
    if index is None:
        return None
    return components.actions[components.travel[index].action_index].rule.verb


def _verb_of(components: Components, action: str) -> str | None:
    """The verb of a Travel card action by its name (``movement`` → ``move``)."""
    index = components.action_index.get(action)
    return None if index is None else components.actions[index].rule.verb


def _site_region(components: Components, site: int | None) -> int | None:
    found = components.campsites.get(site) if site is not None else None
    return None if found is None else found.region


def _aim(components: Components, verb: str | None, click: str) -> tuple[int | str, ...] | None:
    """The arguments a target click gives an action of ``verb`` (a movement aimed at a campsite
    rides to the campsite's region); None: the click is no target of such an action."""
    kind, args = _split(click)
    number = _number(args[0]) if len(args) == 1 else None
    if verb == "move" and kind == "region" and number is not None:
        return (number,)
    if verb == "move" and kind == "site":
        region = _site_region(components, number)
        return None if region is None else (region,)
    if verb == "camp" and kind == "site" and number is not None:
        return (number,)
    if verb == "postcard" and click == "postcards":
        return ()
    return None


def _space(click: str, kind: str) -> tuple[int, int] | None:
    """``(P, N)`` of ``stamp:P:N`` / ``souvenir:P:N``."""
    found, args = _split(click)
    if found != kind or len(args) != 2:
        return None
    card, number = _number(args[0]), _number(args[1])
    return None if card is None or number is None else (card, number)


def click_action(
    components: Components, observation: Observation, clicks: tuple[str, ...]
) -> Action | None:
    """The action ``clicks`` would take if it were legal (the inverse of :func:`click_path`,
    also over illegal actions), so that a refused click is answered with the rules' reason
    (``legal.explain``); None where the clicks name no action (a campsite clicked before a card:
    the browser then says what can be clicked). Read from the seat's view and the clicks alone.

    While a decision of the turn is pending (a frame), a click on anything else than what that
    decision asks for names an action the frame refuses (``end``), so that the answer says what
    is pending; after the turn's end, anything but a Travel card names ``end`` the same way."""
    clicks = tuple(clicks)
    seat = observation.get("seat")
    if not clicks or observation.get("over") or seat is None or seat != observation["current"]:
        return None
    turn = observation["turn"]
    if turn["stack"]:
        return _frame_click(components, turn["stack"][-1], clicks)
    last = clicks[-1]
    kind, args = _split(last)
    if turn["drawing"]:
        if last == "deck:travel":
            return Action("draw", ("deck",))
        if kind == "travel" and len(args) == 1 and _number(args[0]) is not None:
            return Action("draw", ("row", int(args[0])))
        return Action("end")
    return _main_click(components, clicks)


def _frame_click(
    components: Components, frame: dict[str, Any], clicks: tuple[str, ...]
) -> Action | None:
    last = clicks[-1]
    kind, args = _split(last)
    number = _number(args[0]) if len(args) == 1 else None
    which = frame["kind"]
    if which in ("joker", "road_move", "road_camp"):
        verbs = {
            "joker": ("camp", "move", "postcard"),
            "road_move": ("move",),
            "road_camp": ("camp",),
        }[which]
        # a joker told what it acts as (its ``do:as.…`` button): a target of that card only
        chosen = [c.removeprefix("do:as.") for c in clicks if c.startswith("do:as.")]
        if which == "joker" and chosen:
            verbs = tuple(v for v in verbs if v == chosen[-1])
            if chosen[-1] != "stamp" and _space(last, "stamp") is not None:
                return Action("end")
        for verb in verbs:
            aim = _aim(components, verb, last)
            if aim is not None:
                return Action(verb, aim)
        space = _space(last, "stamp")
        if space is not None and which == "joker":
            return Action("stamp", space)
    if which == "stamp":
        space = _space(last, "stamp")
        if space is not None:
            return Action("stamp", space)
    if which == "souvenir":
        space = _space(last, "souvenir")
        if space is not None:
            return Action("souvenir", space)
    if which == "postcard":
        if last == "deck:postcard":
            return Action("take", ("deck",))
        if kind == "pcrow" and number is not None:
            return Action("take", (number,))
        if last == "do:refresh":
            return Action("refresh")
    if which == "star" and kind == "do" and args and args[0].startswith("star."):
        return Action("star", (args[0].removeprefix("star."),))
    if which == "gift" and kind == "giftrow" and number is not None:
        return Action("pick", (number,))
    if which == "hiking":
        picked = [_number(c.removeprefix("hike:")) for c in clicks if c.startswith("hike:")]
        cards = [c for c in picked if c is not None]
        if len(cards) == 2:
            return Action("keep", (cards[0], cards[1]))
        if len(cards) < 2 and kind == "hike":
            return None  # one of two postcards: nothing named yet
    if last == "do:skip":
        return Action("skip")
    return Action("end")  # not what the pending decision asks for: the refusal names it


def _main_click(components: Components, clicks: tuple[str, ...]) -> Action | None:
    last = clicks[-1]
    kind, args = _split(last)
    number = _number(args[0]) if len(args) == 1 else None
    if kind == "postcard" and number is not None:
        return Action("send", (number,))
    if kind == "gift" and len(args) == 1:
        return Action("gift", (args[0],))
    if last == "do:end":
        return Action("end")
    first = clicks[0]
    if len(clicks) == 1:
        if kind == "hand" and len(args) == 1:
            return Action("play", (args[0], "none"))  # the card alone: refused for the count
        if kind == "twin" and len(args) == 1:
            return Action("pair", (args[0], args[0]))
        if kind == "do" and args and args[0].startswith("use."):
            return Action("use", (args[0].removeprefix("use."),))
        return None
    fkind, fargs = _split(first)
    if fkind == "hand" and len(fargs) == 1:
        card = fargs[0]
        if len(clicks) >= 3 and last == "do:pair":
            second = _split(clicks[1])
            if second[0] in ("hand", "twin") and len(second[1]) == 1:
                return Action("pair", (card, second[1][0]))
            return None
        if len(clicks) == 2:
            if kind == "hand" and len(args) == 1:
                return Action("pair", (card, args[0]))
            if kind == "twin" and len(args) == 1:
                return Action("pair", (card, args[0]))
            if last == "do:none":
                return Action("play", (card, "none"))
            space = _space(last, "stamp")
            if space is not None:
                return Action("play", (card, "stamp", *space))
            aim = _aim(components, _kind_verb(components, card), last)
            if aim is not None:
                return Action("play", (card, "action", *aim))
        return None
    if fkind == "do" and fargs and fargs[0].startswith("use.") and len(clicks) == 2:
        kept = fargs[0].removeprefix("use.")
        aim = _aim(components, _verb_of(components, kept), last)
        if aim is not None:
            return Action("use", (kept, *aim))
    return None


# -- what the others changed -------------------------------------------------------------------


def _seat_things(seat: int, mine: bool, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The ids of one traveller's things that differ between two views of them."""
    things: list[str] = []
    if before["region"] != after["region"]:
        things += [f"bike:{seat}", f"region:{after['region']}"]
    old = {o["card"]: o for o in before["postcards"]}
    for owned in after["postcards"]:
        card = owned["card"]
        was = old.get(card)
        if was is None or was["sent"] != owned["sent"]:
            things.append(f"postcard:{card}")
            if was is None:
                continue
        for kind in ("stamps", "souvenirs"):
            for i, filled in enumerate(owned[kind]):
                if i >= len(was[kind]) or was[kind][i] != filled:
                    things.append(f"{kind[:-1]}:{card}:{i + 1}")
    if before["gifts"] != after["gifts"]:
        gone = list(before["gifts"])
        for gift in after["gifts"]:
            if gift in gone:
                gone.remove(gift)
            else:
                things.append(f"gift:{gift}" if mine else f"seatgift:{seat}:{gift}")
    if before["points"] != after["points"]:
        things.append(f"points:{seat}")
    if len(before["camps"]) != len(after["camps"]):
        things.append(f"camps:{seat}")
    if not mine and before["hand_size"] != after["hand_size"]:
        things.append(f"handsize:{seat}")
    return things


def changed_things(
    components: Components, before: Observation, after: Observation
) -> tuple[str, ...]:
    """The ids of the things the board draws that differ between two views of one seat (the
    others' moves since the seat's last decision): campsites camped on, bicycles that rode (and
    the regions they reached), postcards taken or sent, stamps and souvenirs placed, gifts
    taken, scores and camp tracks moved, hands that grew or shrank, and the display slots that
    changed (``travel:N``, ``pcrow:N``, ``giftrow:N``). Two views of different games, seat
    counts or seats: nothing."""
    if (
        before.get("game") != after.get("game")
        or before.get("seat") != after.get("seat")
        or len(before.get("players", ())) != len(after.get("players", ()))
    ):
        return ()
    things: list[str] = []
    for i, (was, now) in enumerate(zip(before["camp_owner"], after["camp_owner"], strict=False)):
        if was != now:
            things.append(f"site:{i + 1}")
    me = after.get("seat")
    for seat, (was, now) in enumerate(zip(before["players"], after["players"], strict=True)):
        things += _seat_things(seat, seat == me, was, now)
    rows = (("travel_row", "travel"), ("postcard_row", "pcrow"), ("gift_row", "giftrow"))
    for field, prefix in rows:
        for i, (was, now) in enumerate(zip(before[field], after[field], strict=False)):
            if was != now:
                things.append(f"{prefix}:{i + 1}")
    return tuple(dict.fromkeys(things))


# -- a decision that changes nothing -----------------------------------------------------------


def forced_choice(
    components: Components, observation: Observation, actions: tuple[Action, ...]
) -> Action | None:
    """The draw to take for the seat without asking on the game's last turn (PC-11, PC-12): the
    game ends when this turn closes, and nothing after the turn reads a hand — no score counts
    Travel cards (``scoring.py``: points during play, itinerary, unsent postcards, bell gifts,
    the bonus), so which card is drawn changes nothing. The turn is the last one when it is the
    round's last seat's and the end is triggered (PC-12), the supply's stalemate will trigger it
    as the turn closes (PC-101: the draws change neither the supply nor a postcard), or the round
    limit is reached (PC-104). Anything else: None, the seat is asked."""
    turn = observation.get("turn") or {}
    seat = observation.get("seat")
    if (
        observation.get("over")
        or seat is None
        or seat != observation.get("current")
        or not turn.get("drawing")
        or turn.get("stack")
        or not actions
        or any(a.verb != "draw" for a in actions)
    ):
        return None
    players = observation["players"]
    if seat != (observation["first_player"] - 1) % len(players):
        return None  # not the round's last turn: the others play on
    stalemate = observation["supply"] <= 0 and not any(
        not o["sent"] and all(o["stamps"]) for p in players for o in p["postcards"]
    )
    limit = observation["turns"] + 1 >= turn_module.ROUND_LIMIT * len(players)
    if not (observation["ending"] or stalemate or limit):
        return None
    return actions[0]
