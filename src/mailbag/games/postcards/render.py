"""Text rendering of a Postcards view for the terminal (:func:`render`, and :func:`sections`, the
same lines as the parts of the full-screen terminal's layout), and short labels for actions.

All work from a view only (never the state), so they cannot show hidden information.
"""

from __future__ import annotations

from typing import Any

from mailbag.core.actions import Action
from mailbag.core.game import Observation
from mailbag.core.i18n import N_, _
from mailbag.core.presentation import Block, Sections
from mailbag.core.rng import Rng
from mailbag.games.postcards import automa, scoring, texts
from mailbag.games.postcards.components import Components, Effect
from mailbag.games.postcards.prebuilt import prebuilt

#: the width of the text: the full-screen game shows it in a pane about this wide
WIDTH = 80
FRAME_TEXT = {
    "joker": N_("the pair of cards acts as any one card: move, postcard, camp or stamp"),
    "postcard": N_("postcard action: take a face-up postcard or the deck top"),
    "souvenir": N_("you may place a souvenir on a matching space"),
    "stamp": N_("stamp effect: place a stamp on any open space, or skip"),
    "star": N_("side B star: take the points or convert it"),
    "gift": N_("choose a face-up gift card"),
    "road_move": N_("{road_map}: move to an adjacent region"),
    "road_camp": N_("{road_map}: you may camp in the region you moved to"),
    "hiking": N_("{hiking_guide}: keep 2 of the drawn postcards"),
}
#: the letters of the campsite types on the map (a code, the same in every language)
SITE_LETTER = {"beach": "B", "mountain": "M", "forest": "F", "lake": "L", "village": "V"}


def _face(f: dict[str, int] | None) -> str:
    if f is None:
        return _("(empty)")
    return _(
        "[region {region}, {stamps} stamps, {points} pts]",
        region=f["region"],
        stamps=f["stamps"],
        points=f["points"],
    )


def _who(observation: Observation, seat: int) -> str:
    kind = observation["players"][seat]["kind"]
    name = texts.seat(seat)
    if kind != "player":
        level = kind.partition(":")[2]
        if kind.startswith("automa:"):  # the Automa in words, never its seat kind's code
            name = _("{seat} (the Automa, {level})", seat=name, level=texts.difficulty(level))
        else:
            name = _("{seat} ({kind})", seat=name, kind=kind)
    return _("{seat} (you)", seat=name) if seat == observation["seat"] else name


def wrap(line: str, width: int = WIDTH) -> list[str]:
    """``line`` cut at spaces into lines of at most ``width`` characters (a word longer than
    that stays whole); the rest is indented 4 more than the line, and never starts with the word
    "seat" (in the reader's language), which would read as the start of a seat's block."""
    if len(line) <= width:
        return [line]
    body = line.lstrip(" ")
    lead = " " * (len(line) - len(body))
    words = body.split(" ")
    seat_word = texts.seat(0).split(" ")[0]
    lines: list[str] = []
    current: list[str] = []
    indent = lead
    for word in words:
        if current and len(indent) + len(" ".join([*current, word])) > width:
            if word == seat_word and len(current) > 1:  # keep "seat N" off a line's start
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


def render(components: Components, observation: Observation) -> str:
    """The view as text for the terminal: the lines of :func:`sections`' parts, board first,
    then every seat in seat order, the seat's hand and the turn in progress, each logical line
    wrapped to :data:`WIDTH`."""
    logical = [*_board(components, observation), ""]
    scores = _scores(components, observation)
    for seat, p in enumerate(observation["players"]):
        _player(components, observation, seat, p, scores[seat], logical.append)
    logical += _hand(components, observation)
    _turn(components, observation, logical.append)
    return "\n".join(part for line in logical for part in wrap(line))


def sections(components: Components, observation: Observation) -> Sections:
    """The view as the parts of the full-screen terminal's layout, from the same lines as
    :func:`render` (logical lines, never wrapped): the board (the game's state, the map, the
    displays, the turn in progress), the seat's own area (its line, its hand) and one block per
    other seat (a spectator: every seat), each with a one-line summary."""
    board = _board(components, observation)
    turn: list[str] = []
    _turn(components, observation, turn.append)
    scores = _scores(components, observation)
    me = observation["seat"]
    blocks: list[Block] = []
    for seat, p in enumerate(observation["players"]):
        lines: list[str] = []
        _player(components, observation, seat, p, scores[seat], lines.append)
        if seat == me:
            lines += _hand(components, observation)
        summary = _(
            "{seat}: score now {score}, sent {sent}, camps {camps}, in {region}",
            seat=_who(observation, seat),
            score=scores[seat].total,
            sent=sum(1 for o in p["postcards"] if o["sent"]),
            camps=len(p["camps"]),
            region=texts.region_name(components, p["region"]),
        )
        blocks.append(Block(lines[0], tuple(lines[1:]), seat, summary))
    return Sections(
        board=Block(board[0], (*board[1:], *([""] if turn else []), *turn)),
        own=next((b for b in blocks if b.seat == me), None),
        others=tuple(b for b in blocks if b.seat != me),
    )


def _hand(components: Components, observation: Observation) -> list[str]:
    """The seat's own hand (nothing for a spectator)."""
    if observation["hand"] is None:
        return []
    hand = ", ".join(texts.travel(components, c) for c in observation["hand"]) or _("(empty)")
    return [_("Your hand: {hand}", hand=hand)]


def _board(components: Components, observation: Observation) -> list[str]:
    """The shared table: the game's state, the camp track, the map and the displays."""
    lines: list[str] = []
    w = lines.append
    playing = _("{seat} to play", seat=_who(observation, observation["current"]))
    status = _("game over") if observation["over"] else playing
    w(
        _(
            "POSTCARDS ({edition}, side {side})  turn {turn}: {status}",
            edition=observation["edition"],
            side=observation["side"],
            turn=observation["turns"] + 1,
            status=status,
        )
    )
    bonus = observation["bonus"]
    bonus_text = _("available") if bonus < 0 else texts.seat(bonus)
    ending = _("  LAST ROUND") if observation["ending"] else ""
    w(
        _(
            "first player: {seat}  |  supply: {supply} tokens  |  End Game Bonus: {bonus}",
            seat=texts.seat(observation["first_player"]),
            supply=observation["supply"],
            bonus=bonus_text,
        )
        + ending
    )
    w(_track_legend(components, observation["side"]))
    w("")
    w(_("MAP  >adjacent regions, campsites (id, type, owner seat or '.'), @bicycles"))
    w(_("     campsite types: Beach Mountain Forest Lake Village"))
    owners = observation["camp_owner"]
    names = {number: texts.region_name(components, number) for number in components.regions}
    name_width = max(len(name) for name in names.values())
    near_width = max(len(",".join(map(str, r.adjacent))) for r in components.regions.values())
    for number, region in sorted(components.regions.items()):
        bikes = [str(s) for s, p in enumerate(observation["players"]) if p["region"] == number]
        sites = " ".join(
            f"{c}{SITE_LETTER.get(components.campsites[c].type, '?')}"
            f"{'.' if owners[c - 1] < 0 else owners[c - 1]}"
            for c in region.campsites
        )
        near = ",".join(map(str, region.adjacent))
        here = f" @{','.join(bikes)}" if bikes else ""
        w(f"{number:>2} {names[number]:<{name_width}} >{near:<{near_width}} {sites}{here}")
    w("")
    row = " ".join(
        f"{i + 1}:{texts.travel(components, c) if c else '-'}"
        for i, c in enumerate(observation["travel_row"])
    )
    w(_("Travel cards: {row}", row=row))
    w(
        _(
            "  deck {deck}, discard {discard}",
            deck=observation["travel_deck_size"],
            discard=len(observation["travel_discard"]),
        )
    )
    for line in _automa_slots(observation):
        w(line)
    row = " ".join(f"{i + 1}:{_face(f)}" for i, f in enumerate(observation["postcard_row"]))
    w(_("Postcards: {row}", row=row))
    w(
        _(
            "  deck top {top}, deck {deck}, discard {discard}",
            top=_face(observation["postcard_deck_top"]),
            deck=observation["postcard_deck_size"],
            discard=len(observation["postcard_discard"]),
        )
    )
    row = " ".join(
        f"{i + 1}:{texts.gift(components, g) if g else '-'}"
        for i, g in enumerate(observation["gift_row"])
    )
    w(_("Gifts: {row}  (deck {deck})", row=row, deck=observation["gift_deck_size"]))
    return lines


def _track_legend(components: Components, side: str) -> str:
    """The camp track of the board side: the effects under the camp spaces (PC-5, PC-8)."""
    spaces = components.board[side]
    effects = ", ".join(
        _("{ordinal} {effect}", ordinal=texts.ordinal(n), effect=texts.effect_title(components, e))
        for n, e in sorted(spaces.items())
    )
    return _(
        "Camp track, side {side} ({camps} camps): {effects}",
        side=side,
        camps=components.camps,
        effects=effects or _("no effects"),
    )


def _effect_title(components: Components, effect: Effect) -> str:
    return texts.effect_title(components, effect)


def _track(components: Components, side: str, placed: int) -> str:
    """Where a seat stands on the camp track: ``x`` per camp placed, the other spaces ``.`` or
    the abbreviation of their effect; then the next effect to come."""
    spaces = components.board[side]
    cells = "".join(
        "x" if n <= placed else components.effects[spaces[n].index].abbrev if n in spaces else "."
        for n in range(1, components.camps + 1)
    )
    ahead = [n for n in sorted(spaces) if n > placed]
    if ahead:
        nxt = _(
            "next: {ordinal} camp {effect}",
            ordinal=texts.ordinal(ahead[0]),
            effect=_effect_title(components, spaces[ahead[0]]),
        )
    else:
        nxt = _("no effect left")
    return _(
        "camp track {cells} {placed}/{camps}, {next}",
        cells=cells,
        placed=placed,
        camps=components.camps,
        next=nxt,
    )


def _automa_slots(observation: Observation) -> list[str]:
    """Which Travel display slots each Automa plays on its turn (PC-13)."""
    lines = []
    for seat, p in enumerate(observation["players"]):
        if not automa.is_automa(p["kind"]):
            continue
        count = automa.cards_to_play(p["kind"])
        level = p["kind"].partition(":")[2]
        left = f"1-{automa.BINDING}"
        right = f"{automa.BINDING + 1}-{count}" if count > automa.BINDING + 1 else str(count)
        lines.append(
            _(
                "  Automa of {seat} ({level}) plays slots 1-{count}: {left} stamp first, "
                "{right} action first",
                seat=texts.seat(seat),
                level=texts.difficulty(level),
                count=count,
                left=left,
                right=right,
            )
        )
    return lines


def _scores(components: Components, observation: Observation) -> list[Any]:
    """Scores as if the game ended now (all the inputs of scoring are public)."""
    from mailbag.games.postcards.view import determinize

    state = determinize(components, observation, Rng(0))
    return [scoring.score_of(components, state, s) for s in range(len(observation["players"]))]


def _player(
    components: Components,
    observation: Observation,
    seat: int,
    p: dict[str, Any],
    score: Any,
    w: Any,
) -> None:
    route = components.itineraries[p["itinerary"]].regions
    sent = sum(1 for o in p["postcards"] if o["sent"])
    w(
        _(
            "{seat} in {region} {name}, itinerary {route}",
            seat=_who(observation, seat),
            region=p["region"],
            name=texts.region_name(components, p["region"]),
            route=" ".join(map(str, route)),
        )
    )
    w(
        _(
            "    hand {hand}, camps {camps}/{total}, sent {sent}, points {points}, "
            "score now {score}",
            hand=p["hand_size"],
            camps=len(p["camps"]),
            total=components.camps,
            sent=sent,
            points=p["points"],
            score=score.total,
        )
    )
    w(f"    {_track(components, observation['side'], len(p['camps']))}")
    if p["gifts"]:
        gifts = ", ".join(texts.gift(components, g) for g in p["gifts"])
        w(_("    gifts: {gifts}", gifts=gifts))
    if p["best_traveller"]:
        regions = ", ".join(map(str, p["best_traveller"]))
        w(_("    best traveller in: {regions}", regions=regions))
    for o in p["postcards"]:
        card = components.postcards[o["card"]]
        number = f"{card.id:>2}"
        head = _(
            "    postcard {id} (region {region}, {points} pts)",
            id=number,
            region=card.region,
            points=card.points,
        )
        if o["sent"]:
            w(_("{postcard}: sent", postcard=head))
            continue
        stamps = " ".join(
            f"{i + 1}:{texts.colour(c)}[{'x' if f else ' '}]"
            for i, (c, f) in enumerate(zip(card.stamps, o["stamps"], strict=True))
        )
        souvenirs = " ".join(
            f"{i + 1}:{texts.campsite(s.campsite)}>{texts.effect(s.effect.label())}"
            f"[{'x' if f else ' '}]"
            for i, (s, f) in enumerate(zip(card.souvenirs, o["souvenirs"], strict=True))
        )
        w(_("{postcard} stamps {stamps}", postcard=head, stamps=stamps))
        w(_("        souvenirs {souvenirs}", souvenirs=souvenirs))


def frame_text(components: Components, text: str) -> str:
    """``text`` (already in the reader's language) with the titles of the gifts whose
    decisions it names (``{road_map}``)."""
    return text.format(
        road_map=texts.gift_title(components.gift_title("road_map", "Road Map")),
        hiking_guide=texts.gift_title(components.gift_title("hiking_guide", "Hiking Guide")),
    )


def _turn(components: Components, observation: Observation, w: Any) -> None:
    t = observation["turn"]
    if observation["over"]:
        return
    kept = [
        _("{count} {effect}", count=n, effect=texts.effect(k))
        for k, n in (("movement", t["moves"]), ("postcard", t["postcards"]), ("camp", t["camps"]))
        if n
    ]
    played = ", ".join(texts.travel(components, c) for c in t["played"]) or _("nothing")
    w(
        _("This turn: played {played}", played=played)
        + (_("  |  plus effects {count}", count=t["plus"]) if t["plus"] else "")
        + (_("  |  kept effects: {kept}", kept=", ".join(kept)) if kept else "")
    )
    if t["drawing"]:
        w(_("Drawing back up to 5 cards."))
    if t["stack"]:
        top = t["stack"][-1]
        extra = f" {top['cards']}" if "cards" in top else ""
        known = FRAME_TEXT.get(top["kind"])
        pending = frame_text(components, _(known)) if known is not None else top["kind"]
        w(_("Pending: {decision}", decision=pending) + extra)


def describe_action(components: Components, observation: Observation, action: Action) -> str:
    """A short human label for ``action`` in a menu, in the reader's language."""
    verb, args = action.verb, action.args
    try:
        return _describe(components, observation, verb, args)
    except (KeyError, IndexError, TypeError, ValueError):
        return str(action)


def _space(components: Components, p: int | str, n: int | str) -> str:
    return _(
        "postcard {postcard} space {space} ({colour})",
        postcard=p,
        space=n,
        colour=texts.colour(components.postcards[int(p)].stamps[int(n) - 1]),
    )


def _gift_help(components: Components, name: str) -> tuple[str, str]:
    gift = components.gifts[components.gift_names[name]]
    return texts.gift_title(gift.title), texts.data("gifts", gift.help)


def _describe(
    components: Components, observation: Observation, verb: str, args: tuple[int | str, ...]
) -> str:
    if verb == "play":
        card, mode = args[0], args[1]
        name = texts.travel(components, str(card))
        if mode == "stamp":
            return _(
                "play a {card}: stamp on {space}",
                card=name,
                space=_space(components, args[2], args[3]),
            )
        if mode == "none":
            return _("play a {card} without effect (it has no use now)", card=name)
        kind = components.travel[components.travel_names[str(card)]]
        return _(
            "play a {card}: {action}",
            card=name,
            action=_describe_action(components, kind.action_index, args[2:]),
        )
    if verb == "pair":
        return _(
            "play a {first} and a {second} together as any one card",
            first=texts.travel(components, str(args[0])),
            second=texts.travel(components, str(args[1])),
        )
    if verb == "use":
        a = components.action_index[str(args[0])]
        return _(
            "use a kept {effect} effect: {action}",
            effect=texts.effect(str(args[0])),
            action=_describe_action(components, a, args[1:]),
        )
    if verb == "send":
        sent = components.postcards[int(args[0])]
        return _(
            "send postcard {postcard} (+{points} points and a gift card)",
            postcard=sent.id,
            points=sent.points,
        )
    if verb == "gift":
        title, help_text = _gift_help(components, str(args[0]))
        return _("use gift {gift}: {help}", gift=title, help=help_text)
    if verb == "end":
        return _("end the turn (then draw back up to 5 cards)")
    verbs = prebuilt(components).verb_index
    if verb in verbs:
        return _describe_action(components, verbs[verb], args)
    if verb == "stamp":
        return _("stamp on {space}", space=_space(components, args[0], args[1]))
    if verb == "refresh":
        return _("discard the 3 face-up postcards and reveal 3 new ones")
    if verb == "take":
        if args[0] == "deck":
            return _(
                "take the top postcard of the deck {face}",
                face=_face(observation["postcard_deck_top"]),
            )
        return _(
            "take face-up postcard {slot} {face}",
            slot=args[0],
            face=_face(observation["postcard_row"][int(args[0]) - 1]),
        )
    if verb == "souvenir":
        souvenir = components.postcards[int(args[0])].souvenirs[int(args[1]) - 1]
        return _(
            "souvenir on postcard {postcard} space {space} ({site}: {effect})",
            postcard=args[0],
            space=args[1],
            site=texts.campsite(souvenir.campsite),
            effect=texts.effect(souvenir.effect.label()),
        )
    if verb == "skip":
        return _("decline")
    if verb == "star":
        if args[0] == "points":
            return _("take the star as points")
        return _("take the star as {choice}", choice=texts.effect(str(args[0])))
    if verb == "pick":
        title, help_text = _gift_help(components, observation["gift_row"][int(args[0]) - 1])
        return _("take gift card {gift} ({help})", gift=title, help=help_text)
    if verb == "keep":
        return _("keep postcards {first} and {second}", first=args[0], second=args[1])
    if verb == "draw":
        if args[0] == "deck":
            return _("draw the top Travel card of the deck")
        return _(
            "take the face-up {card}",
            card=texts.travel(components, observation["travel_row"][int(args[1]) - 1]),
        )
    return " ".join([verb, *map(str, args)])


def _describe_action(components: Components, a: int, args: tuple[int | str, ...]) -> str:
    """Action ``a`` aimed at ``args``, in its behaviour's words."""
    return components.actions[a].rule.describe(components, int(args[0]) if args else None)


#: the four colours (stamps, Travel cards) on a terminal, each with a symbol of its own for
#: those who cannot tell the colours apart
COLOUR_MARKS = {
    "red": ("#e0483e", "▲"),
    "blue": ("#3f7fe0", "●"),
    "green": ("#3aa655", "■"),
    "yellow": ("#e6c229", "★"),
}


def palette(components: Components) -> dict[str, tuple[str, str]]:
    """The colours' words as the seat reads them (``groen`` in Dutch), for the full-screen
    terminal: each in its colour, after its symbol."""
    return {texts.colour(name): mark for name, mark in COLOUR_MARKS.items()}
