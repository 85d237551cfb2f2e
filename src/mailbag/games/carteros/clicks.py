"""Carteros on the graphical board: the fixed data the browser draws from (:func:`board_data`)
and what a player clicks to take each action (:func:`click_path`).

The things the board draws, by id:

- ``house:B2`` — a house of the neighbourhood. Clicking one goes there (``move``), delivers
  when it is the carrier's own house (``deliver``), rides on (Bicycle), looks at it (GPS),
  puts or moves Stampy there, and names the first and last house of a tie-break line;
- ``block:A1`` — the 2×2 block a Rain floods (drawn where its four houses meet);
- ``post_office`` (refill), ``shops`` (go shopping), ``mission:7`` (a face-up mission);
- ``action_deck`` (draw an Action card), ``card:bicycle`` (play the Action card in hand),
  ``action_discard`` then ``card:wind`` (discard that card and draw a new one);
- ``mail:letter`` — a Mail card in the bag (the one to deliver, or to discard);
- ``react:umbrella`` / ``react:pass`` — the reaction window's two answers;
- ``do:end``, ``do:stop`` — buttons under the board; an action of any other verb (a new
  decision's) is a button of its own, ``do:`` and the whole action (``do:express B2``).

Everything here is read from the seat's view and the action; the board computes no rule. The
words of ``board_data`` are in the reader's language (it is built inside it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from mailbag.core.actions import Action, parse_action
from mailbag.core.errors import MailbagError
from mailbag.core.game import Observation
from mailbag.core.i18n import N_, _, ngettext, pgettext
from mailbag.games.carteros.board import (
    BLOCK_CORNERS,
    BLOCK_HOUSES,
    COLUMNS,
    CORNERS,
    HOUSE_NAMES,
    ROWS,
)
from mailbag.games.carteros.components import Components
from mailbag.games.carteros.decisions import DECISIONS
from mailbag.games.carteros.state import ACTIONS_PER_TURN, GOAL, HAND_LIMIT
from mailbag.games.carteros.texts import (
    ACTION,
    CAUSES,
    HOUSE,
    action_title,
    cause,
    help_text,
    house_abbrev,
    house_title,
    mail_abbrev,
    mail_title,
    place,
)

#: the houses of each 2×2 block, by the block's name (its top-left house)
BLOCK_NAMES_BY_CORNER: Final = {
    HOUSE_NAMES[corner]: tuple(HOUSE_NAMES[h] for h in BLOCK_HOUSES[b])
    for b, corner in enumerate(BLOCK_CORNERS)
}

#: the board's own words (English, with ``{field}`` placeholders the board fills), by key
WORDS: dict[str, str] = {
    "neighbourhood": N_("The neighbourhood"),
    "round": N_("Round {round}"),
    "turn_of": N_("{name}'s turn"),
    "your_turn": N_("Your turn"),
    "actions_used": N_("actions {used}/{total}"),
    "final": N_("Play has ended: the tie-break"),
    "over": N_("Game over"),
    "waiting_for": N_("{name} {waiting}"),
    "face_down": N_("face-down house"),
    "seen": N_("you saw it with GPS: {card}"),
    "fresh": N_("new card: not turned again this turn"),
    "flooded": N_("flooded"),
    "stampy_here": N_("Stampy blocks this house"),
    "deliver_here": N_("Deliver"),
    "decks": N_("Decks and discard piles"),
    "house_deck": N_("House deck"),
    "mail_deck": N_("Mail deck"),
    "action_deck": N_("Action deck"),
    "draw": N_("Draw"),
    "house_discard": N_("Turned houses"),
    "mail_discard": N_("Discarded Mail"),
    "action_discard": N_("Discarded Action cards"),
    "replace": N_("Replace a card: click here, then the card"),
    "empty": N_("empty"),
    "your_bag": N_("Your bag (Mail cards)"),
    "your_actions": N_("Your Action cards ({count}/{limit})"),
    "no_mail": N_("no Mail cards: refill at the Post Office"),
    "no_actions": N_("no Action cards"),
    "missions": N_("Missions on offer"),
    "mission": N_("Mission {mission}"),
    "mission_at": N_("{house}, {points}"),
    "no_missions": N_("no mission left"),
    "carriers": N_("Carriers"),
    "you": N_("you"),
    "position": N_("at {place}"),
    "mail_count": N_("Mail in bag"),
    "action_count": N_("Action cards in hand"),
    "delivered": N_("delivered {count}/{goal}"),
    "score": N_("{score} pts"),
    "boots": N_("Rubber Boots"),
    "debt": N_("owes Stampy a Mail card"),
    "holds_mission": N_("mission {mission}: {house}, {points} pts"),
    "missions_done": N_("missions done: {missions}"),
    "first_to_finish": N_("first to finish (+3)"),
    "tiebreak": N_("tie-break {points}"),
    "rain": N_("Rain on the table: {count}"),
    "rain_pending": N_("a flood still to place"),
    "react_title": N_("React now?"),
    "react_prevents": N_("{card} cancels {cause}."),
    "react_use": N_("Use {card}"),
    "react_pass": N_("Do not react"),
    "time_left": N_("{seconds} s left"),
    "they_react": N_("{name} may answer {cause} with {card}…"),
    "flood_here": N_("flood this block"),
    "tiebreak_pick": N_("Tie-break: click the first and then the last house of a line of 3"),
    "give_pick": N_("Click a Mail card in your bag to deliver it"),
    "discard_pick": N_("Click a Mail card in your bag to discard it"),
    "ride_pick": N_("Bicycle: click the next house, or get off"),
    "peek_pick": N_("GPS: click a house next to you to look at it"),
    "place_pick": N_("Put Stampy on a corner house"),
    "move_pick": N_("Move Stampy one house"),
    "flood_pick": N_("Rain: click the block to flood"),
    "mission_pick": N_("Click a mission to take it"),
    "move_hint": N_("Click a highlighted house to walk there, or your own house to deliver"),
    "replace_pick": N_("Click the Action card to discard; you draw a new one"),
    "legend": N_("Highlighted things can be clicked; hover one to see what it does."),
    # what each thing is, in words (its accessible name and the first line of its tooltip)
    "house_name": N_("House {house}"),
    "carriers_here": N_("here: {names}"),
    "block_name": N_("the block of houses {houses}"),
    "mail_name": N_("Your bag: {card}, {points}, ×{count}"),
    "action_name": N_("Your hand: {card} card"),
    "carrier_name": N_("{name} {mark}, at {place}, {score} points"),
    # what each thing does (the rest of its tooltip)
    "house_tip": N_(
        "Walk here from a house next to it; on your own house, turn its card to deliver."
    ),
    "post_office_tip": N_(
        "Carriers start here; with an empty bag, come back to draw new Mail cards."
    ),
    "shops_tip": N_("Go shopping for a Delivery Mission; you come back onto a corner house."),
    "mail_tip": N_("Letters score 1 point and parcels 2 when delivered."),
    "deck_tip": N_("Draw an Action card while you hold fewer than 3."),
    "mission_tip": N_("Take it at the shops, then deliver at its house for its points."),
}


#: the board's words that count something, as the board fills them: ``key_one`` the form for
#: one, ``key`` for more (the catalogs' plural forms; the board's languages tell 1 from more)
def _counted(n: int) -> dict[str, str]:
    suffix = "_one" if n == 1 else ""
    return {
        f"cards_left{suffix}": ngettext("{count} card", "{count} cards", n),
        f"points{suffix}": ngettext("{count} point", "{count} points", n),
    }


def _house_kinds(components: Components) -> dict[str, dict[str, Any]]:
    return {
        k.name: {
            "title": house_title(components, k.name),
            "abbrev": house_abbrev(components, k.name),
            "help": help_text(HOUSE, k.help),
            "delivers": k.delivers,
            "effect": k.effect,
        }
        for k in components.houses
    }


def board_data(components: Components) -> dict[str, Any]:
    """What the Carteros board draws from: the grid's geometry, every card kind's words, the
    missions' houses and points, the places, the causes of reaction windows, each decision's
    words, and the board's own words — all in the reader's language."""
    return {
        "columns": [HOUSE_NAMES[c][0] for c in range(COLUMNS)],
        "rows": ROWS,
        "houses": list(HOUSE_NAMES),
        "corners": [HOUSE_NAMES[h] for h in CORNERS],
        "blocks": {
            HOUSE_NAMES[corner]: [HOUSE_NAMES[h] for h in BLOCK_HOUSES[b]]
            for b, corner in enumerate(BLOCK_CORNERS)
        },
        "house_kinds": _house_kinds(components),
        "mail_kinds": {
            k.name: {
                "title": mail_title(components, k.name),
                "abbrev": mail_abbrev(components, k.name),
                "points": k.points,
            }
            for k in components.mails
        },
        "action_kinds": {
            k.name: {
                "title": action_title(components, k.name),
                "help": help_text(ACTION, k.help),
                "played": k.effect is not None,
                "reaction": bool(k.cancels),
                "effect": k.effect,
            }
            for k in components.actions
        },
        "action_order": list(components.action_names),
        "missions": {
            str(m.number): {"house": HOUSE_NAMES[m.house], "points": m.points}
            for m in components.missions
            if m is not None
        },
        "places": {name: place(name) for name in ("post_office", "shops")},
        "causes": {name: cause(name) for name in CAUSES},
        "waiting": {kind: _(d.waiting) for kind, d in DECISIONS.items()},
        "limits": {"actions": ACTIONS_PER_TURN, "hand": HAND_LIMIT, "goal": GOAL},
        "words": {
            **{key: _(text) for key, text in WORDS.items()},
            **_counted(1),
            **_counted(2),
        },
        "stampy_title": pgettext("carteros cause", "Stampy"),
    }


def _own_house(observation: Observation) -> str | None:
    seat = observation.get("seat")
    if seat is None:
        return None
    position = str(observation["carriers"][seat]["position"])
    return position if position in HOUSE_NAMES else None


def click_path(components: Components, observation: Observation, action: Action) -> tuple[str, ...]:
    """The ids a player clicks to take ``action`` (see the module's list)."""
    verb = action.verb
    args = [str(a) for a in action.args]
    first = args[0] if args else ""
    if verb in ("move", "ride", "peek", "place_stampy", "move_stampy"):
        return (f"house:{first}",)
    if verb == "deliver":
        here = _own_house(observation)
        return (f"house:{here}",) if here else ("do:deliver",)
    if verb == "tiebreak":
        return tuple(f"house:{a}" for a in args)
    if verb == "draw":
        return ("action_deck",)
    if verb == "play":
        return (f"card:{first}",)
    if verb == "replace":
        return ("action_discard", f"card:{first}")
    if verb == "refill":
        return ("post_office",)
    if verb == "shops":
        return ("shops",)
    if verb in ("give", "discard"):
        return (f"mail:{first}",)
    if verb == "use":
        return (f"react:{first}",)
    if verb == "pass":
        return ("react:pass",)
    if verb == "flood":
        return (f"block:{first}",)
    if verb == "take_mission":
        return (f"mission:{first}",)
    # end, stop, and any verb a new decision brings: a button naming the whole action, so that no
    # two actions share one (a verb's every argument its own button: contract 9)
    return (f"do:{action}",)


# -- the other way round: what a click would do, and what changed ------------------------------

#: the click on a house during each decision inside an effect: the verb it names
_HOUSE_VERBS: Final = {
    "ride": "ride",
    "peek": "peek",
    "place_stampy": "place_stampy",
    "move_stampy": "move_stampy",
}


def _parsed(text: str) -> Action | None:
    try:
        return parse_action(text)
    except MailbagError:
        return None


def click_action(
    components: Components, observation: Observation, clicks: Sequence[str]
) -> Action | None:
    """The action ``clicks`` would take if it were legal (the inverse of :func:`click_path`,
    also over the actions not legal now), so that a refused click is answered with the rules'
    own reason: a house walks there (or delivers, on the carrier's own house), rides, looks or
    moves Stampy there, as the decision open asks; a card plays it; the Action deck draws; the
    Post Office refills. None: the clicks name no action (a spectator, an unknown id, a Mail
    card clicked outside a choice of Mail cards …)."""
    seat = observation.get("seat")
    if seat is None or not clicks or len(clicks) > 2:
        return None
    tasks = observation.get("tasks") or []
    task = str(tasks[-1]["kind"]) if tasks else None
    if task == "next_turn":
        task = None
    last = str(clicks[-1])
    kind, _sep, arg = last.partition(":")
    if len(clicks) == 2:
        first = str(clicks[0])
        if first == "action_discard" and kind == "card" and arg in components.action_index:
            return _parsed(f"replace {arg}")
        if task == "tiebreak" and first.startswith("house:") and kind == "house":
            a, b = first[6:], arg
            if a in HOUSE_NAMES and b in HOUSE_NAMES:
                return _parsed(f"tiebreak {a} {b}")
        return None
    if kind == "do":
        return _parsed(arg) if arg else None
    if kind == "house":
        if arg not in HOUSE_NAMES:
            return None
        if task is None:
            return _parsed("deliver") if arg == _own_house(observation) else _parsed(f"move {arg}")
        if task in _HOUSE_VERBS:
            return _parsed(f"{_HOUSE_VERBS[task]} {arg}")
        if task == "tiebreak":
            return _parsed(f"tiebreak {arg} {arg}")
        return None
    if kind == "block":
        return _parsed(f"flood {arg}") if arg in HOUSE_NAMES else None
    if kind == "mail":
        if arg in components.mail_index and task in ("give", "discard"):
            return _parsed(f"{task} {arg}")
        return None
    if kind == "card":
        if arg not in components.action_index:
            return None
        return _parsed(f"use {arg}") if task == "react" else _parsed(f"play {arg}")
    if kind == "react":
        if arg == "pass":
            return _parsed("pass")
        return _parsed(f"use {arg}") if arg in components.action_index else None
    if kind == "mission":
        return _parsed(f"take_mission {arg}") if arg.isdigit() and len(arg) < 6 else None
    if last == "action_deck":
        return _parsed("draw")
    if last == "action_discard":
        # the first click of a replacement: refused, it is the replacement that is not possible
        hand = (observation.get("hand") or {}).get("actions") or {}
        held = [name for name, count in hand.items() if count]
        name = held[0] if held else components.action_names[0]
        return _parsed(f"replace {name}")
    if last == "post_office":
        return _parsed("refill")
    if last == "shops":
        return _parsed("shops")
    return None


def _differs(before: Any, after: Any) -> bool:
    return bool(before != after)


def changed_things(
    components: Components, before: Observation, after: Observation
) -> tuple[str, ...]:
    """The ids of the things the board draws that differ between two views of one seat: a
    carrier whose position, cards, deliveries, boots or mission changed (``carrier:1``, and
    ``meeple:1`` when it moved), the houses turned (their card replaced: ``fresh`` since
    ``before``, or a house the seat had seen with GPS whose card is gone), Stampy's house, the
    houses of a block flooded or dried, the piles whose size or contents changed, a new mission
    on offer, and the seat's own Mail and Action cards that changed."""
    found: list[str] = []

    def add(thing: str) -> None:
        if thing not in found:
            found.append(thing)

    old_carriers = before.get("carriers") or []
    for s, carrier in enumerate(after.get("carriers") or []):
        old = old_carriers[s] if s < len(old_carriers) else {}
        fields = ("mail", "actions", "delivered", "boots", "debt", "mission", "missions_done")
        if any(_differs(old.get(f), carrier.get(f)) for f in (*fields, "position", "score")):
            add(f"carrier:{s}")
        if _differs(old.get("position"), carrier.get("position")):
            add(f"meeple:{s}")
    old_fresh = set(before.get("fresh") or ())
    for house in after.get("fresh") or ():
        if house not in old_fresh:
            add(f"house:{house}")
    old_known = before.get("known") or {}
    new_known = after.get("known") or {}
    for house in old_known:
        if house not in new_known:
            add(f"house:{house}")
    if _differs(before.get("stampy"), after.get("stampy")) and after.get("stampy"):
        add(f"house:{after['stampy']}")
    blocks = BLOCK_NAMES_BY_CORNER
    old_floods = {b for b in before.get("floods") or () if b}
    new_floods = {b for b in after.get("floods") or () if b}
    for block in sorted(old_floods ^ new_floods):
        for house in blocks.get(block, ()):
            add(f"house:{house}")
    for pile in ("action_deck", "action_discard"):
        if _differs(before.get(pile), after.get(pile)):
            add(pile)
    if _differs(before.get("mail_discard"), after.get("mail_discard")) or _differs(
        before.get("mail_deck"), after.get("mail_deck")
    ):
        add("mail_pile")
    if _differs(before.get("house_discard"), after.get("house_discard")):
        add("house_pile")
    old_offer = set((before.get("missions") or {}).get("offer") or ())
    for number in (after.get("missions") or {}).get("offer") or ():
        if number and number not in old_offer:
            add(f"mission:{number}")
    old_hand = before.get("hand") or {}
    new_hand = after.get("hand") or {}
    for part, prefix in (("mail", "mail"), ("actions", "card")):
        old_cards = old_hand.get(part) or {}
        new_cards = new_hand.get(part) or {}
        for name, count in new_cards.items():
            if count and old_cards.get(name, 0) != count:
                add(f"{prefix}:{name}")
    return tuple(found)
