"""Text rendering of a Postcards view for the terminal, and short labels for actions.

Both work from a view only (never the state), so they cannot show hidden information.
"""

from __future__ import annotations

from typing import Any

from mailbag.core.actions import Action
from mailbag.core.game import Observation
from mailbag.core.rng import Rng
from mailbag.games.postcards import scoring
from mailbag.games.postcards.components import Components

GIFT_TEXT = {
    "car": "up to 3 extra movements this turn",
    "hiking_guide": "draw 5 postcards, keep 2",
    "road_map": "move to an adjacent region, then you may camp there",
    "stamp_collection": "place up to 2 stamps on any spaces",
}
FRAME_TEXT = {
    "joker": "the pair of cards acts as any one card: move, postcard, camp or stamp",
    "postcard": "postcard action: take a face-up postcard or the deck top",
    "souvenir": "you may place a souvenir on a matching space",
    "stamp": "stamp effect: place a stamp on any open space, or skip",
    "star": "side B star: take the points or convert it",
    "gift": "choose a face-up gift card",
    "road_move": "Road Map: move to an adjacent region",
    "road_camp": "Road Map: you may camp in the region you moved to",
    "hiking": "Hiking Guide: keep 2 of the drawn postcards",
}


def _face(f: dict[str, int] | None) -> str:
    if f is None:
        return "(empty)"
    return f"[region {f['region']}, {f['stamps']} stamps, {f['points']} pts]"


def _who(obs: Observation, seat: int) -> str:
    kind = obs["players"][seat]["kind"]
    mine = " (you)" if seat == obs["seat"] else ""
    return f"seat {seat}{mine}" if kind == "player" else f"seat {seat} [{kind}]{mine}"


SITE_LETTER = {"beach": "B", "mountain": "M", "forest": "F", "lake": "L", "village": "V"}


def render(comps: Components, obs: Observation) -> str:
    lines: list[str] = []
    w = lines.append
    status = "game over" if obs["over"] else f"{_who(obs, obs['current'])} to play"
    w(f"POSTCARDS ({obs['edition']}, side {obs['side']})  turn {obs['turns'] + 1}: {status}")
    bonus = obs["bonus"]
    bonus_text = "available" if bonus < 0 else f"seat {bonus}"
    ending = "  LAST ROUND" if obs["ending"] else ""
    w(
        f"first player: seat {obs['first_player']}  |  supply: {obs['supply']} tokens  |  "
        f"End Game Bonus: {bonus_text}{ending}"
    )
    w("")
    w("MAP  campsites: id + type (Beach Mountain Forest Lake Village) + owner seat or '.'")
    owners = obs["camp_owner"]
    for number, region in sorted(comps.regions.items()):
        bikes = [str(s) for s, p in enumerate(obs["players"]) if p["region"] == number]
        sites = " ".join(
            f"{c}{SITE_LETTER.get(comps.campsites[c].type, '?')}"
            f"{'.' if owners[c - 1] < 0 else owners[c - 1]}"
            for c in region.campsites
        )
        near = ",".join(map(str, region.adjacent))
        w(
            f"{number:>2} {region.name[:22]:<22} {'@' + ','.join(bikes) if bikes else '':<5}"
            f" >{near:<13} {sites}"
        )
    w("")
    row = " ".join(f"{i + 1}:{c or '-'}" for i, c in enumerate(obs["travel_row"]))
    w(f"Travel cards: {row}")
    w(f"  deck {obs['travel_deck_size']}, discard {len(obs['travel_discard'])}")
    row = " ".join(f"{i + 1}:{_face(f)}" for i, f in enumerate(obs["postcard_row"]))
    w(f"Postcards: {row}")
    w(
        f"  deck top {_face(obs['postcard_deck_top'])}, deck {obs['postcard_deck_size']}, "
        f"discard {len(obs['postcard_discard'])}"
    )
    row = " ".join(f"{i + 1}:{g or '-'}" for i, g in enumerate(obs["gift_row"]))
    w(f"Gifts: {row}  (deck {obs['gift_deck_size']})")
    w("")
    scores = _scores(comps, obs)
    for seat, p in enumerate(obs["players"]):
        _player(comps, obs, seat, p, scores[seat], w)
    if obs["hand"] is not None:
        w(f"Your hand: {', '.join(obs['hand']) or '(empty)'}")
    _turn(obs, w)
    return "\n".join(lines)


def _scores(comps: Components, obs: Observation) -> list[Any]:
    """Scores as if the game ended now (all the inputs of scoring are public)."""
    from mailbag.games.postcards.view import determinize

    state = determinize(comps, obs, Rng(0))
    return [scoring.score_of(comps, state, s) for s in range(len(obs["players"]))]


def _player(
    comps: Components, obs: Observation, seat: int, p: dict[str, Any], score: Any, w: Any
) -> None:
    route = comps.itineraries[p["itinerary"]].regions
    sent = sum(1 for o in p["postcards"] if o["sent"])
    w(
        f"{_who(obs, seat)} in {p['region']} {comps.regions[p['region']].name}, itinerary "
        f"{' '.join(map(str, route))}"
    )
    w(
        f"    hand {p['hand_size']}, camps {len(p['camps'])}/{comps.camps}, sent {sent}, "
        f"points {p['points']}, score now {score.total}"
    )
    if p["gifts"]:
        w(f"    gifts: {', '.join(p['gifts'])}")
    if p["best_traveller"]:
        w(f"    best traveller in: {', '.join(map(str, p['best_traveller']))}")
    for o in p["postcards"]:
        card = comps.postcards[o["card"]]
        head = f"    postcard {card.id:>2} (region {card.region}, {card.points} pts)"
        if o["sent"]:
            w(f"{head}: sent")
            continue
        stamps = " ".join(
            f"{i + 1}:{c}[{'x' if f else ' '}]"
            for i, (c, f) in enumerate(zip(card.stamps, o["stamps"], strict=True))
        )
        souvenirs = " ".join(
            f"{i + 1}:{s.campsite}>{s.effect.label()}[{'x' if f else ' '}]"
            for i, (s, f) in enumerate(zip(card.souvenirs, o["souvenirs"], strict=True))
        )
        w(f"{head} stamps {stamps}")
        w(f"        souvenirs {souvenirs}")


def _turn(obs: Observation, w: Any) -> None:
    t = obs["turn"]
    if obs["over"]:
        return
    kept = [
        f"{n} {k}"
        for k, n in (("movement", t["moves"]), ("postcard", t["postcards"]), ("camp", t["camps"]))
        if n
    ]
    w(
        f"This turn: played {', '.join(t['played']) or 'nothing'}"
        + (f"  |  plus effects {t['plus']}" if t["plus"] else "")
        + (f"  |  kept effects: {', '.join(kept)}" if kept else "")
    )
    if t["drawing"]:
        w("Drawing back up to 5 cards.")
    if t["stack"]:
        top = t["stack"][-1]
        extra = f" {top['cards']}" if "cards" in top else ""
        w(f"Pending: {FRAME_TEXT.get(top['kind'], top['kind'])}{extra}")


def describe_action(comps: Components, obs: Observation, action: Action) -> str:
    """A short human label for ``action`` in a menu."""
    verb, args = action.verb, action.args
    try:
        return _describe(comps, obs, verb, args)
    except (KeyError, IndexError, TypeError, ValueError):
        return str(action)


def _region(comps: Components, r: int | str) -> str:
    return f"region {r} {comps.regions[int(r)].name}"


def _site(comps: Components, s: int | str) -> str:
    site = comps.campsites[int(s)]
    return f"campsite {site.id} ({site.type})"


def _space(comps: Components, p: int | str, n: int | str) -> str:
    return f"postcard {p} space {n} ({comps.postcards[int(p)].stamps[int(n) - 1]})"


def _describe(comps: Components, obs: Observation, verb: str, args: tuple[int | str, ...]) -> str:
    if verb == "play":
        card, mode = args[0], args[1]
        if mode == "stamp":
            return f"play {card}: stamp on {_space(comps, args[2], args[3])}"
        if mode == "none":
            return f"play {card} without effect (it has no use now)"
        return f"play {card}: " + _describe_action(comps, str(card).split(".")[1], args[2:])
    if verb == "pair":
        return f"play {args[0]} + {args[1]} together as any one card"
    if verb == "use":
        return f"use a kept {args[0]} effect: " + _describe_action(comps, str(args[0]), args[1:])
    if verb == "send":
        sent = comps.postcards[int(args[0])]
        return f"send postcard {sent.id} (+{sent.points} points and a gift card)"
    if verb == "gift":
        return f"use gift {args[0]}: {GIFT_TEXT.get(str(args[0]), '')}"
    if verb == "end":
        return "end the turn (then draw back up to 5 cards)"
    if verb in ("move", "camp", "postcard"):
        action = {"move": "movement"}.get(verb, verb)
        return _describe_action(comps, action, args)
    if verb == "stamp":
        return f"stamp on {_space(comps, args[0], args[1])}"
    if verb == "refresh":
        return "discard the 3 face-up postcards and reveal 3 new ones"
    if verb == "take":
        if args[0] == "deck":
            return f"take the top postcard of the deck {_face(obs['postcard_deck_top'])}"
        return f"take face-up postcard {args[0]} {_face(obs['postcard_row'][int(args[0]) - 1])}"
    if verb == "souvenir":
        souvenir = comps.postcards[int(args[0])].souvenirs[int(args[1]) - 1]
        return (
            f"souvenir on postcard {args[0]} space {args[1]} "
            f"({souvenir.campsite}: {souvenir.effect.label()})"
        )
    if verb == "skip":
        return "decline"
    if verb == "star":
        return f"take the star as {args[0]}"
    if verb == "pick":
        return f"take gift card {obs['gift_row'][int(args[0]) - 1]}"
    if verb == "keep":
        return f"keep postcards {args[0]} and {args[1]}"
    if verb == "draw":
        if args[0] == "deck":
            return "draw the top Travel card of the deck"
        return f"take face-up Travel card {obs['travel_row'][int(args[1]) - 1]}"
    return " ".join([verb, *map(str, args)])


def _describe_action(comps: Components, action: str, args: tuple[int | str, ...]) -> str:
    if action == "movement":
        return f"move to {_region(comps, args[0])}"
    if action == "camp":
        return f"camp on {_site(comps, args[0])}"
    return "take a postcard"
