"""The Automa: Postcards' solo-mode opponent, played by the rules engine itself (issue 4).

An Automa seat (``automa:easy|normal|expert``) has no hand and is never asked for a decision.
When play passes to it, the turn flow calls :func:`play_automa_turn`, which plays the face-up
Travel cards of display slots 1–3/1–4/1–5 from left to right (PC-13) with the rules primitives
of ``pieces.py`` — the same functions a player's decisions use — choosing by its itinerary card's
priorities (PC-14) and falling back as the rulebook says (PC-15). Every card gives one
``automa_card`` event whose text explains what the card was, which rule applied and what
happened; structured details are in its ``data``. Gaps the rulings leave open are settled in
docs/postcards-automa.md (PC-201 …) and cited where applied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.postcards import pieces, texts
from mailbag.games.postcards.behaviours import ActionName
from mailbag.games.postcards.components import COLOURS, Components, Effect
from mailbag.games.postcards.state import EMPTY, OwnedPostcard, PostcardsState

#: how many face-up Travel cards each difficulty plays (PC-13)
DIFFICULTY_CARDS: Final[dict[str, int]] = {"automa:easy": 3, "automa:normal": 4, "automa:expert": 5}
#: display slots left of the notebook binding (slots 1–2: stamp first); the rest act first
BINDING: Final = 2
#: points an Automa scores instead of a plus effect (PC-15)
PLUS_POINTS: Final = 2

#: Automa decision outcomes recorded in ``automa_card`` events
STAMP: Final = "stamp"
NOTHING: Final = "discarded"


def is_automa(kind: str) -> bool:
    return kind in DIFFICULTY_CARDS


def cards_to_play(kind: str) -> int:
    """Travel cards an Automa of this seat kind plays per turn: 3 easy, 4 normal, 5 expert."""
    return DIFFICULTY_CARDS[kind]


# -- priorities (PC-14) -------------------------------------------------------------------------


def priority_postcards(
    components: Components, state: PostcardsState, seat: int
) -> list[OwnedPostcard]:
    """The Automa's unsent postcards in priority order (PC-14): by the position of their region
    on its itinerary card, then postcards of other regions, oldest first."""
    player = state.players[seat]
    order = components.itineraries[player.itinerary].regions
    last = len(order)

    def rank(item: tuple[int, OwnedPostcard]) -> tuple[int, int]:
        region = components.postcards[item[1].card].region
        return (order.index(region) if region in order else last, item[0])

    unsent = [(i, o) for i, o in enumerate(player.postcards) if not o.sent]
    return [o for _, o in sorted(unsent, key=rank)]


def held_regions(components: Components, state: PostcardsState, seat: int) -> set[int]:
    """Regions of every postcard the seat holds, sent or unsent."""
    return {components.postcards[o.card].region for o in state.players[seat].postcards}


def wanted_regions(components: Components, state: PostcardsState, seat: int) -> list[int]:
    """Itinerary regions, in priority order, of which the Automa holds no postcard yet: the
    only regions it may take from the display (PC-15: never two of one itinerary region)."""
    held = held_regions(components, state, seat)
    itinerary = components.itineraries[state.players[seat].itinerary].regions
    return [r for r in itinerary if r not in held]


def may_hold(components: Components, state: PostcardsState, seat: int, card: int) -> bool:
    """PC-15: the Automa never holds two postcards (sent or unsent) of one itinerary region."""
    region = components.postcards[card].region
    itinerary = components.itineraries[state.players[seat].itinerary].regions
    return region not in itinerary or region not in held_regions(components, state, seat)


def display_choice(components: Components, state: PostcardsState, seat: int) -> int | None:
    """The display slot the Automa's postcard action takes (PC-201): the postcard of its
    highest-priority wanted region, the leftmost of that region; None if none matches."""
    for region in wanted_regions(components, state, seat):
        for slot, card in enumerate(state.postcard_row):
            if card != EMPTY and components.postcards[card].region == region:
                return slot
    return None


def deck_top(state: PostcardsState) -> int:
    """The top postcard of the deck without taking it (an empty deck is first replaced by its
    shuffled discard pile, PC-10, PC-210), or EMPTY when there is none."""
    return pieces.top_postcard(state)


# -- one Automa turn ------------------------------------------------------------------------------


@dataclass
class AutomaCard:
    """What happens while one card (or one effect) is resolved: the explained steps and the
    primitive events, in order. The Travel card actions call its rules (``travel_actions``:
    :meth:`movement`, :meth:`postcard`, :meth:`camp`)."""

    components: Components
    state: PostcardsState
    seat: int
    steps: list[dict[str, str]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def say(self, rule: str, text: str, **fields: Any) -> None:
        """One explained step: ``text`` is an English template over ``fields`` (JSON-able;
        put into words by ``texts.event_text``), kept filled in English too (``text``)."""
        step: dict[str, Any] = {"rule": rule, "text": texts.english(self.components, text, fields)}
        step["say"] = text
        if fields:
            step["with"] = fields
        self.steps.append(step)

    # the Automa's rules -----------------------------------------------------------------------
    def stamp(self, colour: int | None) -> bool:
        """Stick a stamp of ``colour`` (any colour for a stamp effect, PC-15) on the first open
        matching space of its highest-priority postcard that has one (PC-14)."""
        if self.state.supply <= 0:  # PC-2, PC-209: counts as "cannot" for the fallbacks
            self.say("PC-209", N_("the Stamp/Souvenir supply is empty: no stamp can be placed"))
            return False
        for owned in priority_postcards(self.components, self.state, self.seat):
            colours = self.components.postcards[owned.card].stamp_colours
            for i, filled in enumerate(owned.stamps):
                if filled or (colour is not None and colours[i] != colour):
                    continue
                self.events += pieces.place_stamp(self.state, self.seat, owned.card, i)
                self.say(
                    "PC-14",
                    N_(
                        "{colour} space {space} on its postcard {postcard} ({postcard_region_name})"
                    ),
                    colour=COLOURS[colours[i]],
                    space=i + 1,
                    postcard=owned.card,
                    postcard_region=self.components.postcards[owned.card].region,
                )
                if pieces.is_complete(owned):
                    self.send(owned.card)
                return True
        if colour is None:
            self.say("PC-15", N_("no open stamp space on its postcards"))
        else:
            self.say(
                "PC-15", N_("no open {colour} stamp space on its postcards"), colour=COLOURS[colour]
            )
        return False

    def send(self, card: int) -> None:
        """PC-16: a fully stamped postcard is sent at once, wherever the Automa is, and the
        leftmost face-up gift card is taken."""
        info = self.components.postcards[card]
        self.events += pieces.send_postcard(self.components, self.state, self.seat, card)
        slots = [s for s, g in enumerate(self.state.gift_row) if g != EMPTY]
        if slots:  # PC-205: the leftmost gift card still face up
            gift = self.components.gifts[self.state.gift_row[slots[0]]].name
            self.events += pieces.take_gift(self.state, self.seat, slots[0])
            self.say(
                "PC-16",
                N_(
                    "postcard {postcard} is fully stamped → sent at once from wherever it is: "
                    "+{points} points, takes the leftmost gift card ({gift}, slot {slot})"
                ),
                postcard=card,
                points=info.points,
                gift=gift,
                slot=slots[0] + 1,
            )
        else:
            self.say(
                "PC-16",
                N_(
                    "postcard {postcard} is fully stamped → sent at once from wherever it is: "
                    "+{points} points, no gift card is left to take"
                ),
                postcard=card,
                points=info.points,
            )

    def movement(self) -> bool:
        """PC-15: to the region of the top postcard of the deck, no adjacency needed; already
        being there counts as not being able to move."""
        top = deck_top(self.state)
        if top == EMPTY:
            self.say("PC-210", N_("no postcard left in the deck to show a region: cannot move"))
            return False
        region = self.components.postcards[top].region
        here = self.state.players[self.seat].region
        if region == here:
            self.say(
                "PC-15",
                N_(
                    "the top postcard of the deck is from {region_name} ({region}), where it "
                    "already is: cannot move"
                ),
                region=region,
            )
            return False
        self.events += pieces.move_to(self.state, self.seat, region)
        self.say(
            "PC-15",
            N_(
                "moves from {here_name} ({here}) to {region_name} ({region}), the region "
                "of the top postcard of the deck"
            ),
            here=here,
            region=region,
        )
        return True

    def postcard(self) -> bool:
        """The Automa's postcard action (rulebook, Solo Mode; PC-15, PC-201, PC-202)."""
        components, state, seat = self.components, self.state, self.seat
        slot = display_choice(components, state, seat)
        if slot is None and (state.postcard_deck or state.postcard_discard):
            wanted = wanted_regions(components, state, seat)
            if wanted:
                self.say(
                    "PC-202",
                    N_(
                        "no face-up postcard of an itinerary region it still lacks ({regions}) "
                        "→ discards the 3 face-up postcards and reveals new ones"
                    ),
                    regions=wanted,
                )
            else:
                self.say(
                    "PC-202",
                    N_(
                        "it already holds a postcard of every itinerary region "
                        "→ discards the 3 face-up postcards and reveals new ones"
                    ),
                )
            self.events += pieces.refresh_postcard_display(state)
            slot = display_choice(components, state, seat)
        if slot is not None:
            card = state.postcard_row[slot]
            self.events += pieces.take_postcard(components, state, seat, slot)
            self.say(
                "PC-201",
                N_(
                    "takes postcard {postcard} ({postcard_region_name}) from display slot "
                    "{slot}: the highest itinerary priority on display"
                ),
                postcard=card,
                postcard_region=components.postcards[card].region,
                slot=slot + 1,
            )
            return True
        top = deck_top(state)
        if top == EMPTY:
            self.say("PC-15", N_("no postcard left to take"))
            return False
        region = components.postcards[top].region
        if not may_hold(components, state, seat, top):
            self.say(
                "PC-15",
                N_(
                    "still no match, and the top postcard of the deck is from {region_name} "
                    "({region}), an itinerary region it already holds: cannot take it"
                ),
                region=region,
            )
            return False
        # PC-211: in the Dutch edition the primitive then replaces the display (PC-7)
        self.events += pieces.take_postcard(components, state, seat, None)
        self.say(
            "PC-15",
            N_(
                "still no match → takes the top postcard of the deck: postcard {postcard} "
                "({region_name})"
            ),
            postcard=top,
            region=region,
        )
        return True

    def camp(self) -> bool:
        """The Automa's camp action: a campsite here matching an open souvenir space, chosen by
        postcard priority then space top to bottom (PC-14); the souvenir and its effect, then
        the board effect under the camp token (PC-204). No match counts as cannot (PC-203)."""
        components, state, seat = self.components, self.state, self.seat
        player = state.players[seat]
        here = player.region
        if len(player.camps) >= components.camps:
            self.say("PC-8", N_("no Camp token left on its board: cannot camp"))
            return False
        free = pieces.free_campsites(components, state, player.region)
        if not free:
            self.say("PC-8", N_("no free campsite in {here_name} ({here}): cannot camp"), here=here)
            return False
        for owned in priority_postcards(components, state, seat):
            souvenirs = components.postcards[owned.card].souvenirs
            for i, filled in enumerate(owned.souvenirs):
                if filled:
                    continue
                site_type = souvenirs[i].campsite
                sites = [c for c in free if components.campsites[c].type == site_type]
                if sites:
                    self.place_camp(sites[0], owned.card, i)
                    return True
        self.say(
            "PC-203",
            N_(
                "no free campsite in {here_name} ({here}) matches an open souvenir space on its "
                "postcards: cannot camp"
            ),
            here=here,
        )
        return False

    def place_camp(self, campsite: int, card: int, space: int) -> None:
        components, state, seat = self.components, self.state, self.seat
        site_type = components.campsites[campsite].type
        events, board = pieces.place_camp(components, state, seat, campsite)
        number = len(state.players[seat].camps)
        self.events += events
        self.say(
            "PC-14",
            N_(
                "camps on campsite {campsite} ({site}) in {region_name} ({region}) for the "
                "{site} souvenir space {space} on its postcard {postcard} "
                "({postcard_region_name})"
            ),
            campsite=campsite,
            site=site_type,
            region=components.campsites[campsite].region,
            space=space + 1,
            postcard=card,
            postcard_region=components.postcards[card].region,
        )
        if any(e.kind == "score" for e in events):
            self.say("PC-8", N_("all the campsites of the region are its own: best traveller"))
        souvenir_events, effect = pieces.place_souvenir(components, state, seat, card, space)
        self.events += souvenir_events
        if effect is None:
            self.say("PC-209", N_("the supply is empty: no souvenir is placed"))
        else:
            gains = N_("souvenir placed: gains its {effect} effect")
            self.say("PC-8", gains, effect=effect.label())
            self.effect(effect)
        if board is not None:
            self.say(
                "PC-8",
                N_("camp token {number} of its board gives a {effect} effect"),
                number=number,
                effect=board.label(),
            )
            self.effect(board)

    def effect(self, effect: Effect) -> None:
        """PC-15: an effect the Automa gains is resolved at once by its own rules (its kind's
        behaviour, with :class:`AutomaGain`)."""
        self.components.effects[effect.index].function(AutomaGain(self, effect), effect)

    def act(self, action: ActionName) -> bool:
        """The Automa takes ``action`` by its own rules (the action's behaviour, PC-15)."""
        return self.components.action(action).rule.automa(self)


class AutomaGain:
    """The Automa gaining an effect (PC-15): an action is taken at once, a stamp may go on any
    colour, a plus effect scores 2 points, a star scores its points, also on side B (PC-207);
    one that cannot be carried out is lost (PC-206)."""

    def __init__(self, card: AutomaCard, effect: Effect) -> None:
        self.card = card
        self.effect = effect
        self.components = card.components
        self.state = card.state
        self.seat = card.seat

    def keep(self, action: ActionName) -> None:
        if not self.card.act(action):
            self.lost()

    def stamp(self) -> None:
        if not self.card.stamp(None):
            self.lost()

    def star(self, points: int) -> None:
        self.card.events += pieces.score(self.state, self.seat, points, N_("star effect"))
        said = N_("star effect: +1 point") if points == 1 else N_("star effect: +{points} points")
        self.card.say("PC-207", said, points=points)

    def extra_card(self) -> None:
        plus = N_("Automa plus effect")
        self.card.events += pieces.score(self.state, self.seat, PLUS_POINTS, plus)
        instead = N_("plus effect: +{points} points instead of an extra card")
        self.card.say("PC-15", instead, points=PLUS_POINTS)

    def score(self, points: int, reason: str) -> None:
        self.card.events += pieces.score(self.state, self.seat, points, reason)
        said = N_("{reason}: +1 point") if points == 1 else N_("{reason}: +{points} points")
        self.card.say("PC-15", said, reason=reason, points=points)

    def lost(self) -> None:
        self.card.say("PC-206", N_("the {effect} effect is lost"), effect=self.effect.kind)


def play_automa_turn(components: Components, state: PostcardsState, seat: int) -> list[Event]:
    """Play the whole turn of the Automa in ``seat``: the face-up Travel cards of slots 1 to
    3/4/5, left to right, then refill the display (PC-13). The turn flow then closes the turn
    (its own refill finds the display full) and passes on."""
    kind = state.players[seat].kind
    count = cards_to_play(kind)
    difficulty = kind.partition(":")[2]
    events = [
        Event(
            "automa_turn",
            N_(
                "Automa ({seat}, {difficulty}) plays the face-up Travel cards of slots "
                "1–{cards}, left to right: slots 1–2 left of the binding (stamp first), "
                "slots 3–{cards} right of it (action first)"
            ),
            {"seat": seat, "difficulty": difficulty, "cards": count},
        )
    ]
    for slot in range(count):
        events += play_slot(components, state, seat, slot)
    events += pieces.refill_travel_row(state)  # PC-13: refilled at the end of its turn
    return events


def play_slot(components: Components, state: PostcardsState, seat: int, slot: int) -> list[Event]:
    """Play the face-up Travel card of display ``slot`` (0-based) for the Automa in ``seat``:
    left of the binding a stamp, else the action; right of it the action, else a stamp of the
    card's colour; else it is discarded with no effect (PC-13, PC-15)."""
    card = state.travel_row[slot]
    left = slot < BINDING
    data: dict[str, Any] = {"seat": seat, "slot": slot + 1, "side": "left" if left else "right"}
    step = AutomaCard(components, state, seat)
    if card == EMPTY:  # PC-208
        step.say("PC-208", N_("is empty (no Travel card left to reveal): nothing to play"))
        data.update(card=None, result=NOTHING, steps=step.steps)
        return [Event("automa_card", N_("Automa {seat}: slot {slot} {steps}"), data)]
    pieces.discard_from_travel_row(state, slot)  # PC-13: discarded as soon as it is played
    travel = components.travel[card]
    colour = travel.colour_index
    where = (
        N_("{colour} {action} card, left of the binding")
        if left
        else N_("{colour} {action} card, right of the binding")
    )
    step.say("PC-13", where, colour=travel.colour, action=travel.action)
    if left:
        step.say("PC-13", N_("stamp"))
        if step.stamp(colour):
            result = STAMP
        else:
            step.say("PC-15", N_("{action} action instead"), action=travel.action)
            result = travel.action if step.act(travel.action) else NOTHING
    else:
        step.say("PC-13", N_("{action} action"), action=travel.action)
        if step.act(travel.action):
            result = travel.action
        else:
            step.say("PC-15", N_("{colour} stamp instead"), colour=travel.colour)
            result = STAMP if step.stamp(colour) else NOTHING
    if result == NOTHING:
        step.say("PC-15", N_("the card is discarded with no effect"))
    data.update(
        card=travel.name,
        colour=travel.colour,
        action=travel.action,
        result=result,
        steps=step.steps,
    )
    return [Event("automa_card", N_("Automa {seat}: slot {slot}, {steps}"), data), *step.events]
