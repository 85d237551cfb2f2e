"""Why a Postcards action is illegal: the rule it breaks (ruling id or rulebook section) and the
reason in plain words. Only called for actions that are not in ``legal_actions``."""

from __future__ import annotations

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.games.postcards import rules, turn
from mailbag.games.postcards.actions import VERBS, legal_actions
from mailbag.games.postcards.components import CAMPSITE_TYPES, Components
from mailbag.games.postcards.render import frame_text
from mailbag.games.postcards.state import (
    CARDS_PER_TURN,
    EMPTY,
    GIFT,
    HIKING,
    JOKER,
    POSTCARD,
    ROAD_CAMP,
    ROAD_MOVE,
    SOUVENIR,
    STAMP,
    STAR,
    Frame,
    PostcardsState,
)
from mailbag.games.postcards.tables import tables

FRAME_TEXT = {
    JOKER: ("PC-6", "say what the pair of cards does: move R, postcard, camp S or stamp P N"),
    POSTCARD: ("PC-7", "finish the postcard action: take N or take deck"),
    SOUVENIR: ("PC-8", "place a souvenir (souvenir P N) or skip"),
    STAMP: ("PC-4", "place the stamp of the stamp effect (stamp P N) or skip"),
    STAR: ("PC-5", "take the star as star points, star movement, star postcard or star stamp"),
    GIFT: ("PC-10", "choose a face-up gift card: pick N"),
    ROAD_MOVE: ("PC-10", "move with the {road_map} to an adjacent region: move R"),
    ROAD_CAMP: ("PC-10", "camp with the {road_map} (camp S) or skip"),
    HIKING: ("PC-10", "keep 2 of the postcards the {hiking_guide} drew: keep P P"),
}


class _Bad(Exception):
    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


def explain_illegal(
    comps: Components, state: PostcardsState, seat: int, action: Action
) -> IllegalAction:
    try:
        _explain(comps, state, seat, action)
    except _Bad as bad:
        return IllegalAction(bad.rule, bad.reason)
    except (ValueError, TypeError, KeyError, IndexError):
        pass
    legal = legal_actions(comps, state, seat)
    sample = ", ".join(str(a) for a in legal[:6]) + (" ..." if len(legal) > 6 else "")
    return IllegalAction(
        "legal actions", f"{action} is not a legal action now; legal actions include: {sample}"
    )


def _int(value: int | str, what: str) -> int:
    if not isinstance(value, int):
        raise _Bad("action notation", f"{what} must be a number, not {value!r}")
    return value


def _arity(action: Action, *counts: int) -> None:
    if len(action.args) not in counts:
        raise _Bad(
            "action notation",
            f"{action.verb} takes {' or '.join(map(str, counts))} "
            f"argument(s), not {len(action.args)}",
        )


def _explain(comps: Components, state: PostcardsState, seat: int, action: Action) -> None:
    if state.over:
        raise _Bad("End of the Game", "the game is over")
    if seat != state.current:
        raise _Bad("Game Turn", f"it is seat {state.current}'s turn, not seat {seat}'s")
    if action.verb not in VERBS:
        raise _Bad(
            "action notation",
            f"unknown action {action.verb!r}; Postcards actions: " + ", ".join(sorted(VERBS)),
        )
    t = state.turn
    if t.stack:
        _frame(comps, state, seat, action, t.stack[-1])
    elif t.drawing:
        _draw(state, action)
    else:
        _main(comps, state, seat, action)


def _frame(
    comps: Components, state: PostcardsState, seat: int, action: Action, frame: Frame
) -> None:
    rule, text = FRAME_TEXT[frame.kind]
    text = frame_text(comps, text)
    verb, args = action.verb, action.args
    tab = tables(comps)
    verbs = [rule.verb for rule in tab.rules]
    allowed = {
        JOKER: {*verbs, "stamp"},
        POSTCARD: {"refresh", "take"},
        SOUVENIR: {"souvenir", "skip"},
        STAMP: {"stamp", "skip"},
        STAR: {"star"},
        GIFT: {"pick"},
        ROAD_MOVE: {tab.rules[tab.movement].verb},
        ROAD_CAMP: {tab.rules[tab.camp].verb, "skip"},
        HIKING: {"keep"},
    }[frame.kind]
    if verb not in allowed:
        raise _Bad(rule, f"a decision is pending: {text}")
    if verb in tab.verb_index:
        _target(comps, state, seat, tab.verb_index[verb], args)
    elif verb == "stamp":
        _arity(action, 2)
        _target_stamp(comps, state, seat, args[0], args[1], None)
    elif verb == "refresh":
        if state.edition != "en":
            raise _Bad(
                "PC-7",
                "the Dutch edition has no optional refresh; taking the deck top "
                "replaces the display",
            )
        raise _Bad("PC-7", "the display may be refreshed once per postcard action")
    elif verb == "take":
        _arity(action, 1)
        if args[0] == "deck":
            raise _Bad("PC-10", "the postcard deck and its discard pile are empty")
        slot = _int(args[0], "the display slot")
        if not 1 <= slot <= len(state.postcard_row) or state.postcard_row[slot - 1] == EMPTY:
            raise _Bad("PC-7", f"there is no face-up postcard in slot {slot}")
    elif verb == "souvenir":
        _arity(action, 2)
        _souvenir(comps, state, seat, args, CAMPSITE_TYPES[frame.value])
    elif verb == "star":
        _arity(action, 1)
        if args[0] == "stamp":
            raise _Bad("PC-5", "there is no open stamp space (or the supply is empty)")
        raise _Bad("PC-5", "a star is taken as: points, movement, postcard or stamp")
    elif verb == "pick":
        _arity(action, 1)
        raise _Bad("PC-10", f"there is no face-up gift card in slot {args[0]}")
    elif verb == "keep":
        _arity(action, 2)
        raise _Bad("PC-10", f"keep two different postcards among {sorted(frame.cards)}")


def _draw(state: PostcardsState, action: Action) -> None:
    if action.verb != "draw":
        raise _Bad("PC-11", "the turn is over: draw back up to 5 cards (draw row N, draw deck)")
    if action.args and action.args[0] == "row" and len(action.args) == 2:
        raise _Bad("PC-11", f"there is no face-up Travel card in slot {action.args[1]}")
    if action.args == ("deck",):
        raise _Bad("PC-10", "the Travel deck and its discard pile are empty")
    raise _Bad("action notation", "draw row N or draw deck")


def _main(comps: Components, state: PostcardsState, seat: int, action: Action) -> None:
    verb, args = action.verb, action.args
    player = state.players[seat]
    t = state.turn
    if verb in ("play", "pair"):
        need = 1 if verb == "play" else 2
        if turn.cards_left(state) < need:
            raise _Bad(
                "PC-6",
                f"{len(t.played)} cards are played; this turn allows "
                f"{CARDS_PER_TURN + t.plus} (3, plus one per plus effect)",
            )
        names = args[:need]
        hand = list(player.hand)
        for name in names:
            k = comps.travel_index(str(name))
            if k is None:
                raise _Bad(
                    "action notation",
                    f"unknown Travel card {name!r}; cards are named "
                    "like red.camp, blue.movement, green.postcard",
                )
            if k not in hand:
                raise _Bad("Game Turn", f"you hold no {name} card")
            hand.remove(k)
        if verb == "pair":
            _arity(action, 2)
            return
        _play(comps, state, seat, action)
    elif verb == "use":
        a = comps.action_index.get(str(args[0])) if args else None
        if a is None:
            listed = ", ".join(f"use {k.name}" for k in comps.actions)
            raise _Bad("action notation", f"use names a kept action: {listed}")
        if not comps.actions[a].rule.kept(t):
            raise _Bad("PC-4", f"you have no {args[0]} effect to use this turn")
        _target(comps, state, seat, a, args[1:])
    elif verb == "send":
        _arity(action, 1)
        _send(comps, state, seat, _int(args[0], "the postcard"))
    elif verb == "gift":
        _arity(action, 1)
        g = comps.gift_index(str(args[0]))
        if g is None:
            raise _Bad("action notation", f"unknown gift card {args[0]!r}")
        if g not in player.gifts:
            raise _Bad("PC-10", f"you hold no {args[0]} gift card")
        raise _Bad("PC-10", f"{args[0]} is a bell gift: it scores at the end, it is not used")
    elif verb == "end":
        raise _Bad(
            "PC-6",
            f"play {CARDS_PER_TURN} Travel cards before ending the turn ({len(t.played)} played)",
        )
    else:
        raise _Bad("Game Turn", f"no pending decision calls for {verb!r} now")


def _play(comps: Components, state: PostcardsState, seat: int, action: Action) -> None:
    _arity(action, 2, 3, 4)
    k = comps.travel_index(str(action.args[0]))
    assert k is not None
    kind = comps.travel[k]
    mode = action.args[1]
    if mode == "action":
        _target(comps, state, seat, kind.action_index, action.args[2:])
    elif mode == "stamp":
        _arity(action, 4)
        _target_stamp(comps, state, seat, action.args[2], action.args[3], kind.colour_index)
    elif mode == "none":
        raise _Bad("PC-103", f"{kind.name} can be used now, so it cannot be played without effect")
    else:
        raise _Bad(
            "action notation", "play CARD action [target], play CARD stamp P N or play CARD none"
        )


def _target(
    comps: Components, state: PostcardsState, seat: int, a: int, args: tuple[int | str, ...]
) -> None:
    """Why action ``a`` cannot be aimed at ``args`` now (its behaviour says)."""
    refusal = comps.actions[a].rule.refusal(comps, state, seat, args)
    if refusal is not None:
        raise _Bad(*refusal)


def _own_unsent(state: PostcardsState, seat: int, card: int | str) -> int:
    card = _int(card, "the postcard")
    for owned in state.players[seat].postcards:
        if owned.card == card:
            if owned.sent:
                raise _Bad("PC-9", f"postcard {card} is already sent")
            return card
    raise _Bad("Sticking a Stamp", f"postcard {card} is not one of yours")


def _target_stamp(
    comps: Components,
    state: PostcardsState,
    seat: int,
    card: int | str,
    space: int | str,
    colour: int | None,
) -> None:
    if state.supply <= 0:
        raise _Bad("PC-2", "the supply has no Stamp token left")
    pid = _own_unsent(state, seat, card)
    number = _int(space, "the stamp space")
    owned = rules.owned_postcard(state, seat, pid)
    if not 1 <= number <= len(owned.stamps):
        raise _Bad("Sticking a Stamp", f"postcard {pid} has stamp spaces 1..{len(owned.stamps)}")
    if owned.stamps[number - 1]:
        raise _Bad("Sticking a Stamp", f"stamp space {number} of postcard {pid} is filled")
    wanted = comps.postcards[pid].stamps[number - 1]
    if colour is not None and comps.postcards[pid].stamp_colours[number - 1] != colour:
        raise _Bad(
            "Sticking a Stamp",
            f"stamp space {number} of postcard {pid} is {wanted}; "
            "a card sticks a stamp of its own colour (a pair of cards: any colour)",
        )


def _souvenir(
    comps: Components, state: PostcardsState, seat: int, args: tuple[int | str, ...], site: str
) -> None:
    if state.supply <= 0:
        raise _Bad("PC-2", "the supply has no Souvenir token left")
    pid = _own_unsent(state, seat, args[0])
    number = _int(args[1], "the souvenir space")
    owned = rules.owned_postcard(state, seat, pid)
    if not 1 <= number <= len(owned.souvenirs):
        raise _Bad("PC-8", f"postcard {pid} has souvenir spaces 1..{len(owned.souvenirs)}")
    if owned.souvenirs[number - 1]:
        raise _Bad("PC-8", f"souvenir space {number} of postcard {pid} is filled")
    raise _Bad(
        "PC-8",
        f"souvenir space {number} of postcard {pid} is a "
        f"{comps.postcards[pid].souvenirs[number - 1].campsite} space; the camp is on "
        f"a {site}",
    )


def _send(comps: Components, state: PostcardsState, seat: int, card: int) -> None:
    pid = _own_unsent(state, seat, card)
    owned = rules.owned_postcard(state, seat, pid)
    if not all(owned.stamps):
        raise _Bad("PC-9", f"postcard {pid} still has open stamp spaces")
    region = comps.postcards[pid].region
    raise _Bad(
        "PC-9",
        f"postcard {pid} is sent from region {region}; you are in region "
        f"{state.players[seat].region}",
    )
