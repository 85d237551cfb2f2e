"""The invariants of a Postcards state, checked on every state loaded from outside.

:func:`check_state` raises :class:`~mailbag.core.errors.StateError` naming the first invariant a
state breaks, in the words of the game. The checks go from the shape of the state to its
meaning, each one relying on those before it:

1. options, the random generator, the seats, the counters and the fixed-size rows;
2. every component in exactly one place, the totals equal to the component set: Travel cards and
   gift cards by kind, postcards and itinerary cards by id, Stamp/Souvenir tokens (supply plus
   tokens on postcards), campsites (``camp_owner`` against each seat's camps);
3. each seat: hand, postcards (spaces, sent), points, best traveller, souvenirs, gifts, and what
   an Automa never has (a hand, a full unsent postcard, two postcards of one itinerary region);
4. the phase: the game over, the end triggered, the End Game Bonus, whose turn it is;
5. the turn: kept effects, cards played, hand sizes, drawing, the displays, and the stack of
   pending decisions (its order, each frame's fields, what it refers to, and a choice on top).

Parts 4 and 5 are in ``validate_turn.py``.

A state that passes is one the rules can reach, as far as these checks can see: every operation
(deciders, legal actions, apply, views, determinize, scores) works on it without a crash and
without a component appearing or vanishing. It runs once per loaded state (well under 1 ms).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mailbag.core.errors import StateError
from mailbag.core.i18n import N_, _, pgettext
from mailbag.games.postcards import automa, pieces, texts, turn, validate_turn
from mailbag.games.postcards.components import SIDES, Components
from mailbag.games.postcards.state import (
    EMPTY,
    GIFT,
    GIFT_ROW,
    HAND_SIZE,
    POSTCARD_ROW,
    TRAVEL_ROW,
    PostcardsState,
)

EDITIONS = ("en", "nl")
MIN_SEATS = 2
MAX_SEATS = 4
SEAT_KINDS = ("player", *turn.AUTOMA_KINDS)
RNG_LIMIT = 1 << 64
FRAME_NAMES = validate_turn.FRAME_NAMES
_seat = validate_turn.seat_name
#: the displays, as the messages name them
TRAVEL_DISPLAY = N_("the travel display")
POSTCARD_DISPLAY = N_("the postcard display")
GIFT_DISPLAY = N_("the gift display")


def _fail(message: str) -> StateError:
    return StateError(message)


@dataclass(frozen=True)
class _Limits:
    """Bounds derived once from a component set."""

    #: the most points one seat can score during play, per board side
    points: dict[str, int]
    #: the star values a pending star decision can carry, per board side
    stars: dict[str, frozenset[int]]
    #: more kept effects (or plus effects) than one turn could ever gain
    effects: int
    #: postcard id -> (stamp spaces, campsite type of each souvenir space)
    spaces: dict[int, tuple[int, tuple[str, ...]]]
    #: region -> the indices of its campsites in ``camp_owner``
    region_sites: dict[int, tuple[int, ...]]


def _limits(components: Components) -> _Limits:
    found = components.cache.get("validate")
    if isinstance(found, _Limits):
        return found
    plus_points = automa.PLUS_POINTS

    def worth(kind: str, points: int) -> int:
        return points if kind == "star" else plus_points if kind == "plus" else 0

    souvenirs = [s.effect for p in components.postcards.values() for s in p.souvenirs]
    # every postcard sent, every souvenir space filled once (a sent postcard never gets another),
    # every board effect, a best traveller on every campsite of its camps
    base = sum(p.points for p in components.postcards.values())
    base += sum(worth(e.kind, e.points) for e in souvenirs) + components.camps
    points = {
        side: base + sum(worth(e.kind, e.points) for e in components.board[side].values())
        for side in SIDES
    }
    souvenir_stars = {e.points for e in souvenirs if e.kind == "star"}
    stars = {
        side: frozenset(
            souvenir_stars | {e.points for e in components.board[side].values() if e.kind == "star"}
        )
        for side in SIDES
    }
    gifts = sum(g.copies for g in components.gifts)
    effects = len(souvenirs) + components.camps + 3 * gifts + components.tokens
    spaces = {
        c: (len(p.stamps), tuple(s.campsite for s in p.souvenirs))
        for c, p in components.postcards.items()
    }
    region_sites = {
        r: tuple(c - 1 for c in info.campsites) for r, info in components.regions.items()
    }
    limits = _Limits(points, stars, effects, spaces, region_sites)
    components.cache["validate"] = limits
    return limits


def check_state(components: Components, state: PostcardsState) -> None:
    """Raise :class:`StateError` naming the first invariant ``state`` breaks."""
    limits = _limits(components)
    _check_shape(components, state)
    _check_travel(components, state)
    _check_postcards(components, state)
    _check_itineraries(components, state)
    _check_gifts(components, state)
    _check_tokens(components, state, limits)
    _check_camps(components, state)
    full = _full_regions(state, limits)
    for seat in range(len(state.players)):
        _check_player(components, state, seat, limits, full[seat])
    validate_turn.check_phase(state)
    validate_turn.check_turn(state, limits.effects)
    validate_turn.check_stack(components, state, limits.stars[state.side])


# -- 1. shape ---------------------------------------------------------------------------------


def _in_range(value: int, lo: int, hi: int, what: str) -> None:
    if not lo <= value <= hi:
        raise _fail(
            _("{what} is {value}; it must be {lo}..{hi}", what=what, value=value, lo=lo, hi=hi)
        )


def _check_shape(components: Components, state: PostcardsState) -> None:
    if state.edition not in EDITIONS:
        raise _fail(
            _(
                "edition {edition} is not one of {value}",
                edition=repr(state.edition),
                value=", ".join(EDITIONS),
            )
        )
    if state.side not in SIDES:
        raise _fail(
            _(
                "player board side {side} is not one of {value}",
                side=repr(state.side),
                value=", ".join(SIDES),
            )
        )
    if not 0 <= state.rng.state < RNG_LIMIT:
        raise _fail(
            _(
                "the random generator's state {state} is not a 64-bit unsigned integer",
                state=state.rng.state,
            )
        )
    n = len(state.players)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise _fail(
            _(
                "the game has {n} seats; Postcards is played by {min_seats}..{max_seats}",
                n=n,
                min_seats=MIN_SEATS,
                max_seats=MAX_SEATS,
            )
        )
    for seat, player in enumerate(state.players):
        if player.kind not in SEAT_KINDS:
            raise _fail(
                _(
                    "seat {seat} is of unknown kind {kind}; valid: {value}",
                    seat=seat,
                    kind=repr(player.kind),
                    value=", ".join(SEAT_KINDS),
                )
            )
    if all(p.kind != "player" for p in state.players):
        raise _fail(_("every seat is an Automa; at least one seat must be a player"))
    _in_range(state.first_player, 0, n - 1, _("the first player"))
    _in_range(state.current, 0, n - 1, _("the seat to play"))
    if state.bonus != EMPTY:
        _in_range(state.bonus, 0, n - 1, _("the holder of the End Game Bonus"))
    _in_range(state.turns, 0, turn.ROUND_LIMIT * n, _("the number of turns played"))
    _in_range(state.supply, 0, components.tokens, _("the Stamp/Souvenir supply"))
    for name, row, size in (
        (TRAVEL_DISPLAY, state.travel_row, TRAVEL_ROW),
        (POSTCARD_DISPLAY, state.postcard_row, POSTCARD_ROW),
        (GIFT_DISPLAY, state.gift_row, GIFT_ROW),
    ):
        if len(row) != size:
            raise _fail(
                _(
                    "{name} has {slots} slots; it must have {size}",
                    name=_(name),
                    slots=len(row),
                    size=size,
                )
            )
    if len(state.camp_owner) != len(components.campsites):
        raise _fail(
            _(
                "the campsite owners list has {camp_owner_count} entries; the map has "
                "{campsites_count} campsites",
                camp_owner_count=len(state.camp_owner),
                campsites_count=len(components.campsites),
            )
        )
    t = state.turn
    for name, value in validate_turn.turn_counters(state):
        if value < 0:
            raise _fail(
                _("the turn has {value} {name}; it cannot be negative", value=value, name=_(name))
            )
    for frame in t.stack:
        if frame.kind not in FRAME_NAMES:
            raise _fail(
                _(
                    "a pending decision is of unknown kind {kind}; valid: {value}",
                    kind=repr(frame.kind),
                    value=", ".join(FRAME_NAMES),
                )
            )


# -- 2. every component in exactly one place --------------------------------------------------


def _kinds(places: Sequence[tuple[str, Sequence[int]]], count: int, unknown: str) -> Counter[int]:
    """Check that every entry of ``places`` is a kind index (EMPTY excluded beforehand) and
    count the kinds; ``unknown`` is the refusal of one that is not (a template)."""
    found: Counter[int] = Counter()
    for place, cards in places:
        if cards and (min(cards) < 0 or max(cards) >= count):
            bad = next(c for c in cards if not 0 <= c < count)
            raise _fail(_(unknown, place=place, bad=bad, number=count - 1))
        found.update(cards)
    return found


def _totals(
    places: Sequence[tuple[str, Sequence[int]]],
    found: Counter[int],
    copies: Sequence[int],
    texts: tuple[str, str],
    names: Sequence[str],
) -> None:
    """Each kind as many times as the game has it; ``texts``: the refusals of too many and of
    too few (templates)."""
    for k, want in enumerate(copies):
        have = found[k]
        if have == want:
            continue
        where = ", ".join(
            f"{place} {n}" for place, cards in places if (n := sum(1 for c in cards if c == k))
        )
        where = f" ({where})" if where else ""
        if have > want:
            raise _fail(_(texts[0], have=have, kind=names[k], where=where, want=want))
        raise _fail(
            _(texts[1], number=want - have, kind=names[k], have=have, where=where, want=want)
        )


def _filled(row: Sequence[int], name: str) -> list[int]:
    bad = [c for c in row if c < 0 and c != EMPTY]
    if bad:
        raise _fail(
            _(
                "{name} holds {bad}; an empty slot is {empty}",
                name=_(name),
                bad=bad[0],
                empty=EMPTY,
            )
        )
    return [c for c in row if c != EMPTY]


def _check_travel(components: Components, state: PostcardsState) -> None:
    places: list[tuple[str, Sequence[int]]] = [
        (_("the travel deck"), state.travel_deck),
        (_("the travel discard pile"), state.travel_discard),
        (_(TRAVEL_DISPLAY), _filled(state.travel_row, TRAVEL_DISPLAY)),
        (_("the cards played this turn"), state.turn.played),
    ]
    places += [
        (_("{who}'s hand", who=_seat(state, s)), p.hand) for s, p in enumerate(state.players)
    ]
    names = [k.name for k in components.travel]
    unknown = N_(
        "{place} holds an unknown travel card kind {bad}; travel card kinds are 0..{number}"
    )
    found = _kinds(places, len(names), unknown)
    totals = (
        N_("there are {have} {kind} travel cards{where}; the game has {want}"),
        N_("{number} {kind} travel card(s) missing: {have} found{where}; the game has {want}"),
    )
    _totals(places, found, [k.copies for k in components.travel], totals, names)


def _unique(places: Iterable[tuple[str, Iterable[int]]], valid: Iterable[int], noun: str) -> None:
    """Each id of ``valid`` in exactly one of ``places`` (``noun``, in words, names them)."""
    known = set(valid)
    where: dict[int, str] = {}
    for place, ids in places:
        for i in ids:
            if i not in known:
                raise _fail(
                    _(
                        "{place} holds {noun} {i}, which is not in the game",
                        place=place,
                        noun=noun,
                        i=i,
                    )
                )
            if i in where:
                first = where[i]
                if first == place:
                    raise _fail(_("{noun} {i} is twice in {place}", noun=noun, i=i, place=place))
                raise _fail(
                    _(
                        "{noun} {i} is in two places: {first} and {place}",
                        noun=noun,
                        i=i,
                        first=first,
                        place=place,
                    )
                )
            where[i] = place
    missing = sorted(known - set(where))
    if missing:
        raise _fail(
            _(
                "{noun} {missing} is missing: it is nowhere in the game",
                noun=noun,
                missing=missing[0],
            )
        )


def _check_postcards(components: Components, state: PostcardsState) -> None:
    places: list[tuple[str, Iterable[int]]] = [
        (_("the postcard deck"), state.postcard_deck),
        (_("the postcard discard pile"), state.postcard_discard),
        (_(POSTCARD_DISPLAY), _filled(state.postcard_row, POSTCARD_DISPLAY)),
    ]
    hiking = _("the pending Hiking Guide decision")
    places += [(hiking, f.cards) for f in state.turn.stack if f.cards]
    places += [
        (_("{who}'s postcards", who=_seat(state, s)), [o.card for o in p.postcards])
        for s, p in enumerate(state.players)
    ]
    _unique(places, components.postcards, pgettext("state check", "postcard"))


def _check_itineraries(components: Components, state: PostcardsState) -> None:
    places: list[tuple[str, Iterable[int]]] = [
        (_("the unused itinerary cards"), state.unused_itineraries)
    ]
    places += [(_seat(state, s), [p.itinerary]) for s, p in enumerate(state.players)]
    _unique(places, components.itineraries, pgettext("state check", "itinerary card"))


def _check_gifts(components: Components, state: PostcardsState) -> None:
    places: list[tuple[str, Sequence[int]]] = [
        (_("the gift deck"), state.gift_deck),
        (_("the gift discard pile"), state.gift_discard),
        (_(GIFT_DISPLAY), _filled(state.gift_row, GIFT_DISPLAY)),
    ]
    places += [
        (_("{who}'s gifts", who=_seat(state, s)), p.gifts) for s, p in enumerate(state.players)
    ]
    names = [g.name for g in components.gifts]
    unknown = N_("{place} holds an unknown gift kind {bad}; gift kinds are 0..{number}")
    found = _kinds(places, len(names), unknown)
    totals = (
        N_("there are {have} {kind} gift cards{where}; the game has {want}"),
        N_("{number} {kind} gift card(s) missing: {have} found{where}; the game has {want}"),
    )
    _totals(places, found, [g.copies for g in components.gifts], totals, names)
    for g in state.gift_discard:
        if not components.gifts[g].lightning:
            raise _fail(
                _(
                    "the gift discard pile holds {kind}, a bell gift; only used lightning gifts "
                    "are discarded (PC-10)",
                    kind=names[g],
                )
            )
    if EMPTY in state.gift_row and state.gift_deck:
        slot = state.gift_row.index(EMPTY) + 1
        raise _fail(
            _(
                "gift display slot {slot} is empty while the gift deck still has cards (PC-10)",
                slot=slot,
            )
        )


def _check_tokens(components: Components, state: PostcardsState, limits: _Limits) -> None:
    on_cards = 0
    spaces = limits.spaces
    for seat, player in enumerate(state.players):
        for owned in player.postcards:
            stamps, souvenirs = spaces[owned.card]
            if len(owned.stamps) != stamps or len(owned.souvenirs) != len(souvenirs):
                raise _fail(
                    _(
                        "{who}'s postcard {card} has {stamps} stamp and {souvenirs} souvenir "
                        "spaces; the card has {printed_stamps} and {printed_souvenirs}",
                        who=_seat(state, seat),
                        card=owned.card,
                        stamps=len(owned.stamps),
                        souvenirs=len(owned.souvenirs),
                        printed_stamps=stamps,
                        printed_souvenirs=len(souvenirs),
                    )
                )
            tokens = owned.stamps.count(True) + owned.souvenirs.count(True)
            if owned.sent and tokens:
                raise _fail(
                    _(
                        "{who}'s postcard {card} is sent but still carries {tokens} token(s); "
                        "they return to the supply when it is sent (PC-9)",
                        who=_seat(state, seat),
                        card=owned.card,
                        tokens=tokens,
                    )
                )
            on_cards += tokens
    total = state.supply + on_cards
    if total != components.tokens:
        raise _fail(
            _(
                "there are {total} Stamp/Souvenir tokens ({supply} in the supply, {on_cards} on "
                "postcards); the game has {tokens}",
                total=total,
                supply=state.supply,
                on_cards=on_cards,
                tokens=components.tokens,
            )
        )


def _check_camps(components: Components, state: PostcardsState) -> None:
    n = len(state.players)
    sites = len(components.campsites)
    held = Counter(state.camp_owner)
    if any(owner != EMPTY and not 0 <= owner < n for owner in held):
        i, owner = next(
            (i, o) for i, o in enumerate(state.camp_owner) if o != EMPTY and not 0 <= o < n
        )
        raise _fail(
            _(
                "campsite {number} is held by seat {owner}, which is not at the table",
                number=i + 1,
                owner=owner,
            )
        )
    if all(
        held[seat] == len(p.camps) <= components.camps for seat, p in enumerate(state.players)
    ) and all(
        len(set(p.camps)) == len(p.camps)
        and all(1 <= c <= sites and state.camp_owner[c - 1] == seat for c in p.camps)
        for seat, p in enumerate(state.players)
    ):
        return
    for seat, player in enumerate(state.players):
        who = _seat(state, seat)
        if len(player.camps) > components.camps:
            raise _fail(
                _(
                    "{who} has placed {camps_count} camps; a player board has {camps}",
                    who=who,
                    camps_count=len(player.camps),
                    camps=components.camps,
                )
            )
        seen: set[int] = set()
        for site in player.camps:
            if not 1 <= site <= sites:
                raise _fail(
                    _(
                        "{who} camps on campsite {site}; campsites are 1..{sites}",
                        who=who,
                        site=site,
                        sites=sites,
                    )
                )
            if site in seen:
                raise _fail(
                    _("{who} lists campsite {site} twice among its camps", who=who, site=site)
                )
            seen.add(site)
            owner = state.camp_owner[site - 1]
            if owner != seat:
                if owner == EMPTY:
                    text = N_(
                        "{who} camps on campsite {site}, but on the map that campsite is empty"
                    )
                else:
                    text = N_(
                        "{who} camps on campsite {site}, but on the map that campsite is held by "
                        "seat {owner}"
                    )
                raise _fail(_(text, who=who, site=site, owner=owner))
    for i, owner in enumerate(state.camp_owner):
        if owner != EMPTY and i + 1 not in state.players[owner].camps:
            raise _fail(
                _(
                    "campsite {number} is held by seat {owner} on the map, but not among its camps",
                    number=i + 1,
                    owner=owner,
                )
            )


# -- 3. each seat -----------------------------------------------------------------------------


def _full_regions(state: PostcardsState, limits: _Limits) -> list[set[int]]:
    """For each seat, the regions whose campsites are all its own."""
    full: list[set[int]] = [set() for _ in state.players]
    owner = state.camp_owner
    for region, sites in limits.region_sites.items():
        first = owner[sites[0]]
        if first != EMPTY and all(owner[i] == first for i in sites):
            full[first].add(region)
    return full


def _check_player(
    components: Components, state: PostcardsState, seat: int, limits: _Limits, full: set[int]
) -> None:
    player = state.players[seat]
    who = _seat(state, seat)
    automa = player.kind != "player"
    if player.region not in components.regions:
        raise _fail(
            _("{who} is in region {region}, which is not on the map", who=who, region=player.region)
        )
    if automa and player.hand:
        raise _fail(
            _(
                "{who} holds {hand_count} travel cards; an Automa has no hand (PC-13)",
                who=who,
                hand_count=len(player.hand),
            )
        )
    if len(player.hand) > HAND_SIZE:
        raise _fail(
            _(
                "{who} holds {hand_count} travel cards; the hand limit is {hand_size}",
                who=who,
                hand_count=len(player.hand),
                hand_size=HAND_SIZE,
            )
        )
    if any(a > b for a, b in zip(player.hand, player.hand[1:], strict=False)):
        raise _fail(_("{who}'s hand is not sorted by travel card kind", who=who))
    sent = pieces.sent_count(player)
    earned = sum(components.postcards[o.card].points for o in player.postcards if o.sent)
    if len(set(player.best_traveller)) != len(player.best_traveller):
        raise _fail(_("{who} is best traveller twice in one region", who=who))
    for region in player.best_traveller:
        if region not in components.regions:
            raise _fail(
                _(
                    "{who} is best traveller in region {region}, which is not on the map",
                    who=who,
                    region=region,
                )
            )
        earned += len(components.regions[region].campsites)
    if full != set(player.best_traveller):
        wrong = sorted(full ^ set(player.best_traveller))[0]
        if wrong in full:
            raise _fail(
                _(
                    "{who} holds every campsite of region {wrong} but is not its best traveller",
                    who=who,
                    wrong=wrong,
                )
            )
        raise _fail(
            _(
                "{who} is best traveller in region {wrong} without holding all its campsites",
                who=who,
                wrong=wrong,
            )
        )
    most = limits.points[state.side]
    if not earned <= player.points <= most:
        raise _fail(
            _(
                "{who} has {points} points; its sent postcards and best-traveller regions alone "
                "give {earned}, and no seat can score more than {most} during play",
                who=who,
                points=player.points,
                earned=earned,
                most=most,
            )
        )
    _check_souvenirs(components, state, seat, limits)
    # a gift choice pending: the gift of the postcard just sent is not taken yet
    pending = seat == state.current and sent > 0 and any(f.kind == GIFT for f in state.turn.stack)
    if len(player.gifts) > sent - pending:
        if pending:
            text = N_(
                "{who} holds {count} gift cards but has sent {sent} postcards (a gift choice "
                "pending); each postcard sent gives one gift (PC-10)"
            )
        else:
            text = N_(
                "{who} holds {count} gift cards but has sent {sent} postcards; each postcard "
                "sent gives one gift (PC-10)"
            )
        raise _fail(_(text, who=who, count=len(player.gifts), sent=sent))
    if automa:
        _check_automa(components, state, seat)


def _check_souvenirs(
    components: Components, state: PostcardsState, seat: int, limits: _Limits
) -> None:
    """Each camp action places at most one souvenir, of its campsite's type (PC-8)."""
    player = state.players[seat]
    souvenirs: Counter[str] = Counter()
    for owned in player.postcards:
        if True in owned.souvenirs:
            types = limits.spaces[owned.card][1]
            souvenirs.update(t for t, filled in zip(types, owned.souvenirs, strict=True) if filled)
    if not souvenirs:
        return
    camps = Counter(components.campsites[c].type for c in player.camps)
    for site_type, count in souvenirs.items():
        if count > camps[site_type]:
            raise _fail(
                _(
                    "{who} has {count} {site_type} souvenir(s) on its postcards but only {camps} "
                    "camp(s) on {site_type} campsites (PC-8)",
                    who=_seat(state, seat),
                    count=count,
                    site_type=texts.campsite(site_type),
                    camps=camps[site_type],
                )
            )


def _check_automa(components: Components, state: PostcardsState, seat: int) -> None:
    player = state.players[seat]
    who = _seat(state, seat)
    for owned in player.postcards:
        if pieces.is_complete(owned):
            raise _fail(
                _(
                    "{who}'s postcard {card} is fully stamped but not sent; an Automa sends it at "
                    "once (PC-16)",
                    who=who,
                    card=owned.card,
                )
            )
    itinerary = components.itineraries[player.itinerary].regions
    held: set[int] = set()
    for owned in player.postcards:
        region = components.postcards[owned.card].region
        if region in itinerary:
            if region in held:
                raise _fail(
                    _(
                        "{who} holds two postcards of its itinerary region {region}; an Automa "
                        "never does (PC-15)",
                        who=who,
                        region=region,
                    )
                )
            held.add(region)
