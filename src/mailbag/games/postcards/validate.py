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
from mailbag.games.postcards import rules, turn, validate_turn
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


def _limits(comps: Components) -> _Limits:
    found = comps.cache.get("validate")
    if isinstance(found, _Limits):
        return found
    plus_points = 2
    if turn.automa_available():
        from mailbag.games.postcards import automa  # type: ignore[attr-defined,unused-ignore]

        plus_points = automa.PLUS_POINTS

    def worth(kind: str, points: int) -> int:
        return points if kind == "star" else plus_points if kind == "plus" else 0

    souvenirs = [s.effect for p in comps.postcards.values() for s in p.souvenirs]
    # every postcard sent, every souvenir space filled once (a sent postcard never gets another),
    # every board effect, a best traveller on every campsite of its camps
    base = sum(p.points for p in comps.postcards.values())
    base += sum(worth(e.kind, e.points) for e in souvenirs) + comps.camps
    points = {
        side: base + sum(worth(e.kind, e.points) for e in comps.board[side].values())
        for side in SIDES
    }
    souvenir_stars = {e.points for e in souvenirs if e.kind == "star"}
    stars = {
        side: frozenset(
            souvenir_stars | {e.points for e in comps.board[side].values() if e.kind == "star"}
        )
        for side in SIDES
    }
    gifts = sum(g.copies for g in comps.gifts)
    effects = len(souvenirs) + comps.camps + 3 * gifts + comps.tokens
    spaces = {
        c: (len(p.stamps), tuple(s.campsite for s in p.souvenirs))
        for c, p in comps.postcards.items()
    }
    region_sites = {r: tuple(c - 1 for c in info.campsites) for r, info in comps.regions.items()}
    limits = _Limits(points, stars, effects, spaces, region_sites)
    comps.cache["validate"] = limits
    return limits


def check_state(comps: Components, state: PostcardsState) -> None:
    """Raise :class:`StateError` naming the first invariant ``state`` breaks."""
    limits = _limits(comps)
    _check_shape(comps, state)
    _check_travel(comps, state)
    _check_postcards(comps, state)
    _check_itineraries(comps, state)
    _check_gifts(comps, state)
    _check_tokens(comps, state, limits)
    _check_camps(comps, state)
    full = _full_regions(state, limits)
    for seat in range(len(state.players)):
        _check_player(comps, state, seat, limits, full[seat])
    validate_turn.check_phase(state)
    validate_turn.check_turn(state, limits.effects)
    validate_turn.check_stack(comps, state, limits.stars[state.side])


# -- 1. shape ---------------------------------------------------------------------------------


def _in_range(value: int, lo: int, hi: int, what: str) -> None:
    if not lo <= value <= hi:
        raise _fail(f"{what} is {value}; it must be {lo}..{hi}")


def _check_shape(comps: Components, state: PostcardsState) -> None:
    if state.edition not in EDITIONS:
        raise _fail(f"edition {state.edition!r} is not one of {', '.join(EDITIONS)}")
    if state.side not in SIDES:
        raise _fail(f"player board side {state.side!r} is not one of {', '.join(SIDES)}")
    if not 0 <= state.rng.state < RNG_LIMIT:
        raise _fail(
            f"the random generator's state {state.rng.state} is not a 64-bit unsigned integer"
        )
    n = len(state.players)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise _fail(f"the game has {n} seats; Postcards is played by {MIN_SEATS}..{MAX_SEATS}")
    for seat, player in enumerate(state.players):
        if player.kind not in SEAT_KINDS:
            raise _fail(
                f"seat {seat} is of unknown kind {player.kind!r}; valid: {', '.join(SEAT_KINDS)}"
            )
    if all(p.kind != "player" for p in state.players):
        raise _fail("every seat is an Automa; at least one seat must be a player")
    _in_range(state.first_player, 0, n - 1, "the first player")
    _in_range(state.current, 0, n - 1, "the seat to play")
    if state.bonus != EMPTY:
        _in_range(state.bonus, 0, n - 1, "the holder of the End Game Bonus")
    _in_range(state.turns, 0, turn.ROUND_LIMIT * n, "the number of turns played")
    _in_range(state.supply, 0, comps.tokens, "the Stamp/Souvenir supply")
    for name, row, size in (
        ("travel display", state.travel_row, TRAVEL_ROW),
        ("postcard display", state.postcard_row, POSTCARD_ROW),
        ("gift display", state.gift_row, GIFT_ROW),
    ):
        if len(row) != size:
            raise _fail(f"the {name} has {len(row)} slots; it must have {size}")
    if len(state.camp_owner) != len(comps.campsites):
        raise _fail(
            f"the campsite owners list has {len(state.camp_owner)} entries; the map has "
            f"{len(comps.campsites)} campsites"
        )
    t = state.turn
    for name, value in validate_turn.turn_counters(state):
        if value < 0:
            raise _fail(f"the turn has {value} {name}; it cannot be negative")
    for frame in t.stack:
        if frame.kind not in FRAME_NAMES:
            raise _fail(
                f"a pending decision is of unknown kind {frame.kind!r}; valid: "
                f"{', '.join(FRAME_NAMES)}"
            )


# -- 2. every component in exactly one place --------------------------------------------------


def _kinds(places: Sequence[tuple[str, Sequence[int]]], count: int, noun: str) -> Counter[int]:
    """Check that every entry of ``places`` is a kind index (EMPTY excluded beforehand) and
    count the kinds."""
    found: Counter[int] = Counter()
    for place, cards in places:
        if cards and (min(cards) < 0 or max(cards) >= count):
            bad = next(c for c in cards if not 0 <= c < count)
            raise _fail(f"{place} holds an unknown {noun} {bad}; {noun}s are 0..{count - 1}")
        found.update(cards)
    return found


def _totals(
    places: Sequence[tuple[str, Sequence[int]]],
    found: Counter[int],
    copies: Sequence[int],
    noun: str,
    names: Sequence[str],
) -> None:
    for k, want in enumerate(copies):
        have = found[k]
        if have == want:
            continue
        where = ", ".join(
            f"{place} {n}" for place, cards in places if (n := sum(1 for c in cards if c == k))
        )
        where = f" ({where})" if where else ""
        if have > want:
            raise _fail(f"there are {have} {names[k]} {noun}s{where}; the game has {want}")
        raise _fail(
            f"{want - have} {names[k]} {noun}(s) missing: {have} found{where}; the game has {want}"
        )


def _filled(row: Sequence[int], name: str) -> list[int]:
    bad = [c for c in row if c < 0 and c != EMPTY]
    if bad:
        raise _fail(f"the {name} holds {bad[0]}; an empty slot is {EMPTY}")
    return [c for c in row if c != EMPTY]


def _check_travel(comps: Components, state: PostcardsState) -> None:
    places: list[tuple[str, Sequence[int]]] = [
        ("the travel deck", state.travel_deck),
        ("the travel discard pile", state.travel_discard),
        ("the travel display", _filled(state.travel_row, "travel display")),
        ("the cards played this turn", state.turn.played),
    ]
    places += [(f"{_seat(state, s)}'s hand", p.hand) for s, p in enumerate(state.players)]
    names = [k.name for k in comps.travel]
    found = _kinds(places, len(names), "travel card kind")
    _totals(places, found, [k.copies for k in comps.travel], "travel card", names)


def _unique(places: Iterable[tuple[str, Iterable[int]]], valid: Iterable[int], noun: str) -> None:
    """Each id of ``valid`` in exactly one of ``places``."""
    known = set(valid)
    where: dict[int, str] = {}
    for place, ids in places:
        for i in ids:
            if i not in known:
                raise _fail(f"{place} holds {noun} {i}, which is not in the game")
            if i in where:
                first = where[i]
                if first == place:
                    raise _fail(f"{noun} {i} is twice in {place}")
                raise _fail(f"{noun} {i} is in two places: {first} and {place}")
            where[i] = place
    missing = sorted(known - set(where))
    if missing:
        raise _fail(f"{noun} {missing[0]} is missing: it is nowhere in the game")


def _check_postcards(comps: Components, state: PostcardsState) -> None:
    places: list[tuple[str, Iterable[int]]] = [
        ("the postcard deck", state.postcard_deck),
        ("the postcard discard pile", state.postcard_discard),
        ("the postcard display", _filled(state.postcard_row, "postcard display")),
    ]
    places += [("the pending Hiking Guide decision", f.cards) for f in state.turn.stack if f.cards]
    places += [
        (f"{_seat(state, s)}'s postcards", [o.card for o in p.postcards])
        for s, p in enumerate(state.players)
    ]
    _unique(places, comps.postcards, "postcard")


def _check_itineraries(comps: Components, state: PostcardsState) -> None:
    places: list[tuple[str, Iterable[int]]] = [
        ("the unused itinerary cards", state.unused_itineraries)
    ]
    places += [(_seat(state, s), [p.itinerary]) for s, p in enumerate(state.players)]
    _unique(places, comps.itineraries, "itinerary card")


def _check_gifts(comps: Components, state: PostcardsState) -> None:
    places: list[tuple[str, Sequence[int]]] = [
        ("the gift deck", state.gift_deck),
        ("the gift discard pile", state.gift_discard),
        ("the gift display", _filled(state.gift_row, "gift display")),
    ]
    places += [(f"{_seat(state, s)}'s gifts", p.gifts) for s, p in enumerate(state.players)]
    names = [g.name for g in comps.gifts]
    found = _kinds(places, len(names), "gift kind")
    _totals(places, found, [g.copies for g in comps.gifts], "gift card", names)
    for g in state.gift_discard:
        if not comps.gifts[g].lightning:
            raise _fail(
                f"the gift discard pile holds {names[g]}, a bell gift; only used lightning "
                "gifts are discarded (PC-10)"
            )
    if EMPTY in state.gift_row and state.gift_deck:
        slot = state.gift_row.index(EMPTY) + 1
        raise _fail(
            f"gift display slot {slot} is empty while the gift deck still has cards (PC-10)"
        )


def _check_tokens(comps: Components, state: PostcardsState, limits: _Limits) -> None:
    on_cards = 0
    spaces = limits.spaces
    for seat, player in enumerate(state.players):
        for owned in player.postcards:
            stamps, souvenirs = spaces[owned.card]
            if len(owned.stamps) != stamps or len(owned.souvenirs) != len(souvenirs):
                raise _fail(
                    f"{_seat(state, seat)}'s postcard {owned.card} has {len(owned.stamps)} stamp "
                    f"and {len(owned.souvenirs)} souvenir spaces; the card has {stamps} and "
                    f"{len(souvenirs)}"
                )
            tokens = owned.stamps.count(True) + owned.souvenirs.count(True)
            if owned.sent and tokens:
                raise _fail(
                    f"{_seat(state, seat)}'s postcard {owned.card} is sent but still carries "
                    f"{tokens} token(s); they return to the supply when it is sent (PC-9)"
                )
            on_cards += tokens
    total = state.supply + on_cards
    if total != comps.tokens:
        raise _fail(
            f"there are {total} Stamp/Souvenir tokens ({state.supply} in the supply, {on_cards} "
            f"on postcards); the game has {comps.tokens}"
        )


def _check_camps(comps: Components, state: PostcardsState) -> None:
    n = len(state.players)
    sites = len(comps.campsites)
    held = Counter(state.camp_owner)
    if any(owner != EMPTY and not 0 <= owner < n for owner in held):
        i, owner = next(
            (i, o) for i, o in enumerate(state.camp_owner) if o != EMPTY and not 0 <= o < n
        )
        raise _fail(f"campsite {i + 1} is held by seat {owner}, which is not at the table")
    if all(
        held[seat] == len(p.camps) <= comps.camps for seat, p in enumerate(state.players)
    ) and all(
        len(set(p.camps)) == len(p.camps)
        and all(1 <= c <= sites and state.camp_owner[c - 1] == seat for c in p.camps)
        for seat, p in enumerate(state.players)
    ):
        return
    for seat, player in enumerate(state.players):
        who = _seat(state, seat)
        if len(player.camps) > comps.camps:
            raise _fail(
                f"{who} has placed {len(player.camps)} camps; a player board has {comps.camps}"
            )
        seen: set[int] = set()
        for site in player.camps:
            if not 1 <= site <= sites:
                raise _fail(f"{who} camps on campsite {site}; campsites are 1..{sites}")
            if site in seen:
                raise _fail(f"{who} lists campsite {site} twice among its camps")
            seen.add(site)
            owner = state.camp_owner[site - 1]
            if owner != seat:
                there = "is empty" if owner == EMPTY else f"is held by seat {owner}"
                raise _fail(f"{who} camps on campsite {site}, but on the map that campsite {there}")
    for i, owner in enumerate(state.camp_owner):
        if owner != EMPTY and i + 1 not in state.players[owner].camps:
            raise _fail(
                f"campsite {i + 1} is held by seat {owner} on the map, but not among its camps"
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
    comps: Components, state: PostcardsState, seat: int, limits: _Limits, full: set[int]
) -> None:
    player = state.players[seat]
    who = _seat(state, seat)
    automa = player.kind != "player"
    if player.region not in comps.regions:
        raise _fail(f"{who} is in region {player.region}, which is not on the map")
    if automa and player.hand:
        raise _fail(f"{who} holds {len(player.hand)} travel cards; an Automa has no hand (PC-13)")
    if len(player.hand) > HAND_SIZE:
        raise _fail(f"{who} holds {len(player.hand)} travel cards; the hand limit is {HAND_SIZE}")
    if any(a > b for a, b in zip(player.hand, player.hand[1:], strict=False)):
        raise _fail(f"{who}'s hand is not sorted by travel card kind")
    sent = rules.sent_count(player)
    earned = sum(comps.postcards[o.card].points for o in player.postcards if o.sent)
    if len(set(player.best_traveller)) != len(player.best_traveller):
        raise _fail(f"{who} is best traveller twice in one region")
    for region in player.best_traveller:
        if region not in comps.regions:
            raise _fail(f"{who} is best traveller in region {region}, which is not on the map")
        earned += len(comps.regions[region].campsites)
    if full != set(player.best_traveller):
        wrong = sorted(full ^ set(player.best_traveller))[0]
        if wrong in full:
            raise _fail(
                f"{who} holds every campsite of region {wrong} but is not its best traveller"
            )
        raise _fail(f"{who} is best traveller in region {wrong} without holding all its campsites")
    most = limits.points[state.side]
    if not earned <= player.points <= most:
        raise _fail(
            f"{who} has {player.points} points; its sent postcards and best-traveller regions "
            f"alone give {earned}, and no seat can score more than {most} during play"
        )
    _check_souvenirs(comps, state, seat, limits)
    # a gift choice pending: the gift of the postcard just sent is not taken yet
    pending = seat == state.current and sent > 0 and any(f.kind == GIFT for f in state.turn.stack)
    if len(player.gifts) > sent - pending:
        raise _fail(
            f"{who} holds {len(player.gifts)} gift cards but has sent {sent} postcards"
            + (" (a gift choice pending)" if pending else "")
            + "; each postcard sent gives one gift (PC-10)"
        )
    if automa:
        _check_automa(comps, state, seat)


def _check_souvenirs(comps: Components, state: PostcardsState, seat: int, limits: _Limits) -> None:
    """Each camp action places at most one souvenir, of its campsite's type (PC-8)."""
    player = state.players[seat]
    souvenirs: Counter[str] = Counter()
    for owned in player.postcards:
        if True in owned.souvenirs:
            types = limits.spaces[owned.card][1]
            souvenirs.update(t for t, filled in zip(types, owned.souvenirs, strict=True) if filled)
    if not souvenirs:
        return
    camps = Counter(comps.campsites[c].type for c in player.camps)
    for site_type, count in souvenirs.items():
        if count > camps[site_type]:
            raise _fail(
                f"{_seat(state, seat)} has {count} {site_type} souvenir(s) on its postcards but "
                f"only {camps[site_type]} camp(s) on {site_type} campsites (PC-8)"
            )


def _check_automa(comps: Components, state: PostcardsState, seat: int) -> None:
    player = state.players[seat]
    who = _seat(state, seat)
    for owned in player.postcards:
        if rules.is_complete(owned):
            raise _fail(
                f"{who}'s postcard {owned.card} is fully stamped but not sent; an Automa sends "
                "it at once (PC-16)"
            )
    itinerary = comps.itineraries[player.itinerary].regions
    held: set[int] = set()
    for owned in player.postcards:
        region = comps.postcards[owned.card].region
        if region in itinerary:
            if region in held:
                raise _fail(
                    f"{who} holds two postcards of its itinerary region {region}; an Automa "
                    "never does (PC-15)"
                )
            held.add(region)
