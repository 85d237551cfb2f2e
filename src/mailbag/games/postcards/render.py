"""Text rendering of a Postcards view for the terminal, and short labels for actions.

Both work from a view only (never the state), so they cannot show hidden information.
"""

from __future__ import annotations

from typing import Any

from mailbag.core.actions import Action
from mailbag.core.game import Observation
from mailbag.core.rng import Rng
from mailbag.games.postcards import scoring
from mailbag.games.postcards.components import Components, Effect
from mailbag.games.postcards.tables import tables

#: the width of the text: the full-screen game shows it in a pane about this wide
WIDTH = 80
FRAME_TEXT = {
    "joker": "the pair of cards acts as any one card: move, postcard, camp or stamp",
    "postcard": "postcard action: take a face-up postcard or the deck top",
    "souvenir": "you may place a souvenir on a matching space",
    "stamp": "stamp effect: place a stamp on any open space, or skip",
    "star": "side B star: take the points or convert it",
    "gift": "choose a face-up gift card",
    "road_move": "{road_map}: move to an adjacent region",
    "road_camp": "{road_map}: you may camp in the region you moved to",
    "hiking": "{hiking_guide}: keep 2 of the drawn postcards",
}
SITE_LETTER = {"beach": "B", "mountain": "M", "forest": "F", "lake": "L", "village": "V"}


def _face(f: dict[str, int] | None) -> str:
    if f is None:
        return "(empty)"
    return f"[region {f['region']}, {f['stamps']} stamps, {f['points']} pts]"


def _who(obs: Observation, seat: int) -> str:
    kind = obs["players"][seat]["kind"]
    mine = " (you)" if seat == obs["seat"] else ""
    return f"seat {seat}{mine}" if kind == "player" else f"seat {seat} [{kind}]{mine}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def wrap(line: str, width: int = WIDTH) -> list[str]:
    """``line`` cut at spaces into lines of at most ``width`` characters (a word longer than
    that stays whole); the rest is indented 4 more than the line, and never starts with the word
    "seat", which would read as the start of a seat's block."""
    if len(line) <= width:
        return [line]
    body = line.lstrip(" ")
    lead = " " * (len(line) - len(body))
    words = body.split(" ")
    lines: list[str] = []
    current: list[str] = []
    indent = lead
    for word in words:
        if current and len(indent) + len(" ".join([*current, word])) > width:
            if word == "seat" and len(current) > 1:  # keep "seat N" off a line's start
                carried = current.pop()
                lines.append(indent + " ".join(current))
                current = [carried]
            else:
                lines.append(indent + " ".join(current))
                current = []
            indent = lead + "    "
        current.append(word)
    lines.append(indent + " ".join(current))
    return lines


def render(comps: Components, obs: Observation) -> str:
    lines: list[str] = []

    def w(line: str) -> None:
        lines.extend(wrap(line))

    status = "game over" if obs["over"] else f"{_who(obs, obs['current'])} to play"
    w(f"POSTCARDS ({obs['edition']}, side {obs['side']})  turn {obs['turns'] + 1}: {status}")
    bonus = obs["bonus"]
    bonus_text = "available" if bonus < 0 else f"seat {bonus}"
    ending = "  LAST ROUND" if obs["ending"] else ""
    w(
        f"first player: seat {obs['first_player']}  |  supply: {obs['supply']} tokens  |  "
        f"End Game Bonus: {bonus_text}{ending}"
    )
    w(_track_legend(comps, obs["side"]))
    w("")
    w("MAP  >adjacent regions, campsites (id, type, owner seat or '.'), @bicycles")
    w("     campsite types: Beach Mountain Forest Lake Village")
    owners = obs["camp_owner"]
    name_width = max(len(region.name) for region in comps.regions.values())
    near_width = max(len(",".join(map(str, r.adjacent))) for r in comps.regions.values())
    for number, region in sorted(comps.regions.items()):
        bikes = [str(s) for s, p in enumerate(obs["players"]) if p["region"] == number]
        sites = " ".join(
            f"{c}{SITE_LETTER.get(comps.campsites[c].type, '?')}"
            f"{'.' if owners[c - 1] < 0 else owners[c - 1]}"
            for c in region.campsites
        )
        near = ",".join(map(str, region.adjacent))
        here = f" @{','.join(bikes)}" if bikes else ""
        w(f"{number:>2} {region.name:<{name_width}} >{near:<{near_width}} {sites}{here}")
    w("")
    row = " ".join(f"{i + 1}:{c or '-'}" for i, c in enumerate(obs["travel_row"]))
    w(f"Travel cards: {row}")
    w(f"  deck {obs['travel_deck_size']}, discard {len(obs['travel_discard'])}")
    for line in _automa_slots(obs):
        w(line)
    row = " ".join(f"{i + 1}:{_face(f)}" for i, f in enumerate(obs["postcard_row"]))
    w(f"Postcards: {row}")
    w(
        f"  deck top {_face(obs['postcard_deck_top'])}, deck {obs['postcard_deck_size']}, "
        f"discard {len(obs['postcard_discard'])}"
    )
    titles = {g.name: g.title for g in comps.gifts}
    row = " ".join(
        f"{i + 1}:{titles.get(g, g) if g else '-'}" for i, g in enumerate(obs["gift_row"])
    )
    w(f"Gifts: {row}  (deck {obs['gift_deck_size']})")
    w("")
    scores = _scores(comps, obs)
    for seat, p in enumerate(obs["players"]):
        _player(comps, obs, seat, p, scores[seat], w)
    if obs["hand"] is not None:
        w(f"Your hand: {', '.join(obs['hand']) or '(empty)'}")
    _turn(comps, obs, w)
    return "\n".join(lines)


def _track_legend(comps: Components, side: str) -> str:
    """The camp track of the board side: the effects under the camp spaces (PC-5, PC-8)."""
    spaces = comps.board[side]
    effects = ", ".join(
        f"{_ordinal(n)} {_effect_title(comps, e)}" for n, e in sorted(spaces.items())
    )
    return f"Camp track, side {side} ({comps.camps} camps): {effects or 'no effects'}"


def _effect_title(comps: Components, effect: Effect) -> str:
    title = comps.effects[effect.index].title
    return f"{title} {effect.points}" if effect.points else title


def _track(comps: Components, side: str, placed: int) -> str:
    """Where a seat stands on the camp track: ``x`` per camp placed, the other spaces ``.`` or
    the abbreviation of their effect; then the next effect to come."""
    spaces = comps.board[side]
    cells = "".join(
        "x" if n <= placed else comps.effects[spaces[n].index].abbrev if n in spaces else "."
        for n in range(1, comps.camps + 1)
    )
    ahead = [n for n in sorted(spaces) if n > placed]
    if ahead:
        nxt = f"next: {_ordinal(ahead[0])} camp {_effect_title(comps, spaces[ahead[0]])}"
    else:
        nxt = "no effect left"
    return f"camp track {cells} {placed}/{comps.camps}, {nxt}"


def _automa_slots(obs: Observation) -> list[str]:
    """Which Travel display slots each Automa plays on its turn (PC-13)."""
    from mailbag.games.postcards.turn import automa_available

    if not automa_available():
        return []
    from mailbag.games.postcards import automa  # type: ignore[attr-defined,unused-ignore]

    lines = []
    for seat, p in enumerate(obs["players"]):
        if not automa.is_automa(p["kind"]):
            continue
        count = automa.cards_to_play(p["kind"])
        level = p["kind"].partition(":")[2]
        left = f"1-{automa.BINDING}"
        right = f"{automa.BINDING + 1}-{count}" if count > automa.BINDING + 1 else str(count)
        lines.append(
            f"  Automa of seat {seat} ({level}) plays slots 1-{count}: {left} stamp first, "
            f"{right} action first"
        )
    return lines


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
    w(f"    {_track(comps, obs['side'], len(p['camps']))}")
    if p["gifts"]:
        titles = {g.name: g.title for g in comps.gifts}
        w(f"    gifts: {', '.join(titles.get(g, g) for g in p['gifts'])}")
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


def frame_text(comps: Components, text: str) -> str:
    """``text`` with the titles of the gifts whose decisions it names (``{road_map}``)."""
    return text.format(
        road_map=comps.gift_title("road_map", "Road Map"),
        hiking_guide=comps.gift_title("hiking_guide", "Hiking Guide"),
    )


def _turn(comps: Components, obs: Observation, w: Any) -> None:
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
        w(f"Pending: {frame_text(comps, FRAME_TEXT.get(top['kind'], top['kind']))}{extra}")


def describe_action(comps: Components, obs: Observation, action: Action) -> str:
    """A short human label for ``action`` in a menu."""
    verb, args = action.verb, action.args
    try:
        return _describe(comps, obs, verb, args)
    except (KeyError, IndexError, TypeError, ValueError):
        return str(action)


def _space(comps: Components, p: int | str, n: int | str) -> str:
    return f"postcard {p} space {n} ({comps.postcards[int(p)].stamps[int(n) - 1]})"


def _describe(comps: Components, obs: Observation, verb: str, args: tuple[int | str, ...]) -> str:
    if verb == "play":
        card, mode = args[0], args[1]
        if mode == "stamp":
            return f"play {card}: stamp on {_space(comps, args[2], args[3])}"
        if mode == "none":
            return f"play {card} without effect (it has no use now)"
        kind = comps.travel[comps.travel_names[str(card)]]
        return f"play {card}: " + _describe_action(comps, kind.action_index, args[2:])
    if verb == "pair":
        return f"play {args[0]} + {args[1]} together as any one card"
    if verb == "use":
        a = comps.action_index[str(args[0])]
        return f"use a kept {args[0]} effect: " + _describe_action(comps, a, args[1:])
    if verb == "send":
        sent = comps.postcards[int(args[0])]
        return f"send postcard {sent.id} (+{sent.points} points and a gift card)"
    if verb == "gift":
        gift = comps.gifts[comps.gift_names[str(args[0])]]
        return f"use gift {gift.title}: {gift.help}"
    if verb == "end":
        return "end the turn (then draw back up to 5 cards)"
    verbs = tables(comps).verb_index
    if verb in verbs:
        return _describe_action(comps, verbs[verb], args)
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
        gift = comps.gifts[comps.gift_names[obs["gift_row"][int(args[0]) - 1]]]
        return f"take gift card {gift.title} ({gift.help})"
    if verb == "keep":
        return f"keep postcards {args[0]} and {args[1]}"
    if verb == "draw":
        if args[0] == "deck":
            return "draw the top Travel card of the deck"
        return f"take face-up Travel card {obs['travel_row'][int(args[1]) - 1]}"
    return " ".join([verb, *map(str, args)])


def _describe_action(comps: Components, a: int, args: tuple[int | str, ...]) -> str:
    """Action ``a`` aimed at ``args``, in its behaviour's words."""
    return comps.actions[a].rule.describe(comps, int(args[0]) if args else None)
