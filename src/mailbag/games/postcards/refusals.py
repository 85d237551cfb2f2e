"""Why a Postcards action is refused: the rule it breaks (ruling id or rulebook section) and the
reason in plain words (:func:`refusal`, which ``legal.explain`` asks). Only called for actions
that are not in ``legal_actions``."""

from __future__ import annotations

from typing import Final

from mailbag.core.actions import Action
from mailbag.core.errors import IllegalAction
from mailbag.core.i18n import N_, _
from mailbag.games.postcards import pieces, texts, turn
from mailbag.games.postcards.components import CAMPSITE_TYPES, Components
from mailbag.games.postcards.legal import VERBS
from mailbag.games.postcards.prebuilt import prebuilt
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

FRAME_TEXT: Final = {
    JOKER: (
        "PC-6",
        N_(
            "say what the pair of cards does: a movement, a postcard, a camp "
            "or a stamp of any colour"
        ),
    ),
    POSTCARD: (
        "PC-7",
        N_("finish the postcard action: take a face-up postcard or the top of the deck"),
    ),
    SOUVENIR: ("PC-8", N_("place the souvenir on a matching space of your postcards, or decline")),
    STAMP: ("PC-4", N_("place the stamp of the stamp effect on an open space, or decline")),
    STAR: ("PC-5", N_("take the star as points, a movement, a postcard or a stamp")),
    GIFT: ("PC-10", N_("choose one of the face-up gift cards")),
    ROAD_MOVE: ("PC-10", N_("move with the {road_map} to an adjacent region")),
    ROAD_CAMP: ("PC-10", N_("camp with the {road_map} on a free campsite here, or decline")),
    HIKING: ("PC-10", N_("keep 2 of the postcards the {hiking_guide} drew")),
}


class _Bad(Exception):
    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


def refusal(
    components: Components, state: PostcardsState, seat: int, action: Action
) -> IllegalAction | None:
    """The rule ``action`` breaks and why, or None when no rule says more than that it is not
    one of the legal actions."""
    try:
        _explain(components, state, seat, action)
    except _Bad as bad:
        return IllegalAction(bad.rule, bad.reason)
    except (ValueError, TypeError, KeyError, IndexError):
        pass
    return None


def _int(value: int | str, what: str) -> int:
    """``value`` as a number; ``what`` names it in words ("the postcard")."""
    if not isinstance(value, int):
        not_number = _("{what} must be a number, not {value}", what=what, value=repr(value))
        raise _Bad("action notation", not_number)
    return value


def _arity(action: Action, *counts: int) -> None:
    if len(action.args) not in counts:
        raise _Bad(
            "action notation",
            _(
                "{verb} takes {counts} argument(s), not {given}",
                verb=action.verb,
                counts=_(" or ").join(map(str, counts)),
                given=len(action.args),
            ),
        )


def _explain(components: Components, state: PostcardsState, seat: int, action: Action) -> None:
    if state.over:
        raise _Bad("End of the Game", _("the game is over"))
    if seat != state.current:
        raise _Bad(
            "Game Turn",
            _(
                "it is {current}'s turn, not {seat}'s",
                current=texts.seat(state.current),
                seat=texts.seat(seat),
            ),
        )
    if action.verb not in VERBS:
        raise _Bad(
            "action notation",
            _(
                "unknown action {verb}; Postcards actions: {verbs}",
                verb=repr(action.verb),
                verbs=", ".join(sorted(VERBS)),
            ),
        )
    t = state.turn
    if t.stack:
        _frame(components, state, seat, action, t.stack[-1])
    elif t.drawing:
        _draw(state, action)
    else:
        _main(components, state, seat, action)


def _frame(
    components: Components, state: PostcardsState, seat: int, action: Action, frame: Frame
) -> None:
    rule, text = FRAME_TEXT[frame.kind]
    text = frame_text(components, _(text))
    verb, args = action.verb, action.args
    tab = prebuilt(components)
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
        raise _Bad(rule, _("a decision is pending: {text}", text=text))
    if verb in tab.verb_index:
        _target(components, state, seat, tab.verb_index[verb], args)
    elif verb == "stamp":
        _arity(action, 2)
        _target_stamp(components, state, seat, args[0], args[1], None)
    elif verb == "refresh":
        if state.edition != "en":
            raise _Bad(
                "PC-7",
                _(
                    "the Dutch edition has no optional refresh; taking the deck top "
                    "replaces the display"
                ),
            )
        raise _Bad("PC-7", _("the display may be refreshed once per postcard action"))
    elif verb == "take":
        _arity(action, 1)
        if args[0] == "deck":
            raise _Bad("PC-10", _("the postcard deck and its discard pile are empty"))
        slot = _int(args[0], _("the display slot"))
        if not 1 <= slot <= len(state.postcard_row) or state.postcard_row[slot - 1] == EMPTY:
            raise _Bad("PC-7", _("there is no face-up postcard in slot {slot}", slot=slot))
    elif verb == "souvenir":
        _arity(action, 2)
        _souvenir(components, state, seat, args, CAMPSITE_TYPES[frame.value])
    elif verb == "star":
        _arity(action, 1)
        if args[0] == "stamp":
            raise _Bad("PC-5", _("there is no open stamp space (or the supply is empty)"))
        raise _Bad("PC-5", _("a star is taken as: points, movement, postcard or stamp"))
    elif verb == "pick":
        _arity(action, 1)
        raise _Bad("PC-10", _("there is no face-up gift card in slot {slot}", slot=args[0]))
    elif verb == "keep":
        _arity(action, 2)
        raise _Bad(
            "PC-10",
            _(
                "keep two different postcards among {cards}",
                cards=", ".join(map(str, sorted(frame.cards))),
            ),
        )


def _draw(state: PostcardsState, action: Action) -> None:
    if action.verb != "draw":
        raise _Bad(
            "PC-11",
            _(
                "the turn is over: draw back up to 5 cards from the face-up Travel cards "
                "or the deck"
            ),
        )
    if action.args and action.args[0] == "row" and len(action.args) == 2:
        raise _Bad(
            "PC-11", _("there is no face-up Travel card in slot {slot}", slot=action.args[1])
        )
    if action.args == ("deck",):
        raise _Bad("PC-10", _("the Travel deck and its discard pile are empty"))
    raise _Bad("action notation", _("draw row N or draw deck"))


def _main(components: Components, state: PostcardsState, seat: int, action: Action) -> None:
    verb, args = action.verb, action.args
    player = state.players[seat]
    t = state.turn
    if verb in ("play", "pair"):
        need = 1 if verb == "play" else 2
        if turn.cards_left(state) < need:
            raise _Bad(
                "PC-6",
                _(
                    "{played} cards are played; this turn allows {allowed} "
                    "(3, plus one per plus effect)",
                    played=len(t.played),
                    allowed=CARDS_PER_TURN + t.plus,
                ),
            )
        names = args[:need]
        hand = list(player.hand)
        for name in names:
            k = components.travel_index(str(name))
            if k is None:
                raise _Bad(
                    "action notation",
                    _(
                        "unknown Travel card {name}; cards are named "
                        "like red.camp, blue.movement, green.postcard",
                        name=repr(name),
                    ),
                )
            if k not in hand:
                raise _Bad(
                    "Game Turn",
                    _("you hold no {card}", card=texts.travel(components, str(name))),
                )
            hand.remove(k)
        if verb == "pair":
            _arity(action, 2)
            return
        _play(components, state, seat, action)
    elif verb == "use":
        a = components.action_index.get(str(args[0])) if args else None
        if a is None:
            listed = ", ".join(f"use {k.name}" for k in components.actions)
            raise _Bad("action notation", _("use names a kept action: {listed}", listed=listed))
        if not components.actions[a].rule.kept(t):
            raise _Bad(
                "PC-4",
                _(
                    "you have no {effect} effect to use this turn",
                    effect=texts.effect(str(args[0])),
                ),
            )
        _target(components, state, seat, a, args[1:])
    elif verb == "send":
        _arity(action, 1)
        _send(components, state, seat, _int(args[0], _("the postcard")))
    elif verb == "gift":
        _arity(action, 1)
        g = components.gift_index(str(args[0]))
        if g is None:
            raise _Bad("action notation", _("unknown gift card {gift}", gift=repr(args[0])))
        title = texts.gift(components, g)
        if g not in player.gifts:
            raise _Bad("PC-10", _("you hold no {gift} gift card", gift=title))
        raise _Bad(
            "PC-10", _("{gift} is a bell gift: it scores at the end, it is not used", gift=title)
        )
    elif verb == "end":
        raise _Bad(
            "PC-6",
            _(
                "play {cards} Travel cards before ending the turn ({played} played)",
                cards=CARDS_PER_TURN,
                played=len(t.played),
            ),
        )
    else:
        raise _Bad("Game Turn", _("no pending decision calls for {verb} now", verb=repr(verb)))


def _play(components: Components, state: PostcardsState, seat: int, action: Action) -> None:
    _arity(action, 2, 3, 4)
    k = components.travel_index(str(action.args[0]))
    assert k is not None
    kind = components.travel[k]
    mode = action.args[1]
    if mode == "action":
        _target(components, state, seat, kind.action_index, action.args[2:])
    elif mode == "stamp":
        _arity(action, 4)
        _target_stamp(components, state, seat, action.args[2], action.args[3], kind.colour_index)
    elif mode == "none":
        raise _Bad(
            "PC-103",
            _(
                "this {card} can be used now, so it cannot be played without effect",
                card=texts.travel(components, kind.name),
            ),
        )
    else:
        raise _Bad(
            "action notation",
            _("play CARD action [target], play CARD stamp P N or play CARD none"),
        )


def _target(
    components: Components, state: PostcardsState, seat: int, a: int, args: tuple[int | str, ...]
) -> None:
    """Why action ``a`` cannot be aimed at ``args`` now (its behaviour says)."""
    refusal = components.actions[a].rule.refusal(components, state, seat, args)
    if refusal is not None:
        raise _Bad(*refusal)


def _own_unsent(state: PostcardsState, seat: int, card: int | str) -> int:
    card = _int(card, "the postcard")
    for owned in state.players[seat].postcards:
        if owned.card == card:
            if owned.sent:
                raise _Bad("PC-9", _("postcard {postcard} is already sent", postcard=card))
            return card
    raise _Bad("Sticking a Stamp", _("postcard {postcard} is not one of yours", postcard=card))


def _target_stamp(
    components: Components,
    state: PostcardsState,
    seat: int,
    card: int | str,
    space: int | str,
    colour: int | None,
) -> None:
    if state.supply <= 0:
        raise _Bad("PC-2", _("the supply has no Stamp token left"))
    pid = _own_unsent(state, seat, card)
    number = _int(space, _("the stamp space"))
    owned = pieces.owned_postcard(state, seat, pid)
    if not 1 <= number <= len(owned.stamps):
        raise _Bad(
            "Sticking a Stamp",
            _(
                "postcard {postcard} has stamp spaces 1..{last}",
                postcard=pid,
                last=len(owned.stamps),
            ),
        )
    if owned.stamps[number - 1]:
        raise _Bad(
            "Sticking a Stamp",
            _("stamp space {space} of postcard {postcard} is filled", space=number, postcard=pid),
        )
    wanted = components.postcards[pid].stamps[number - 1]
    if colour is not None and components.postcards[pid].stamp_colours[number - 1] != colour:
        raise _Bad(
            "Sticking a Stamp",
            _(
                "stamp space {space} of postcard {postcard} is {colour}; "
                "a card sticks a stamp of its own colour (a pair of cards: any colour)",
                space=number,
                postcard=pid,
                colour=texts.colour(wanted),
            ),
        )


def _souvenir(
    components: Components, state: PostcardsState, seat: int, args: tuple[int | str, ...], site: str
) -> None:
    if state.supply <= 0:
        raise _Bad("PC-2", _("the supply has no Souvenir token left"))
    pid = _own_unsent(state, seat, args[0])
    number = _int(args[1], _("the souvenir space"))
    owned = pieces.owned_postcard(state, seat, pid)
    if not 1 <= number <= len(owned.souvenirs):
        raise _Bad(
            "PC-8",
            _(
                "postcard {postcard} has souvenir spaces 1..{last}",
                postcard=pid,
                last=len(owned.souvenirs),
            ),
        )
    if owned.souvenirs[number - 1]:
        raise _Bad(
            "PC-8",
            _(
                "souvenir space {space} of postcard {postcard} is filled",
                space=number,
                postcard=pid,
            ),
        )
    raise _Bad(
        "PC-8",
        _(
            "souvenir space {space} of postcard {postcard} is a {wanted} space; the camp is on "
            "a {site}",
            space=number,
            postcard=pid,
            wanted=texts.campsite(components.postcards[pid].souvenirs[number - 1].campsite),
            site=texts.campsite(site),
        ),
    )


def _send(components: Components, state: PostcardsState, seat: int, card: int) -> None:
    pid = _own_unsent(state, seat, card)
    owned = pieces.owned_postcard(state, seat, pid)
    if not all(owned.stamps):
        raise _Bad("PC-9", _("postcard {postcard} still has open stamp spaces", postcard=pid))
    region = components.postcards[pid].region
    raise _Bad(
        "PC-9",
        _(
            "postcard {postcard} is sent from region {region}; you are in region {here}",
            postcard=pid,
            region=region,
            here=state.players[seat].region,
        ),
    )
