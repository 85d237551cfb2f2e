"""Postcards observations: the seat's view of the board, hands, rows and players as numbers.

Counts are scaled to about 0..1 by the largest value they can take in the component data
(travel cards per kind, postcards, campsites); kinds, regions, postcards and campsites are
indexed as the component data numbers them. See docs/rl.md for the list.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import Any

from mailbag.core import Action, Game, Observation
from mailbag.core.encoding import Encoder
from mailbag.games.postcards.prebuilt import prebuilt
from mailbag.games.postcards.state import (
    EMPTY,
    GIFT,
    GIFT_ROW,
    HIKING,
    JOKER,
    POSTCARD,
    POSTCARD_ROW,
    ROAD_CAMP,
    ROAD_MOVE,
    SOUVENIR,
    STAMP,
    STAR,
    TRAVEL_ROW,
    PostcardsState,
)

#: what the seat is deciding: its turn's main menu, drawing, or the frame on top of the stack
DECISIONS = (
    "main",
    "drawing",
    JOKER,
    POSTCARD,
    SOUVENIR,
    STAMP,
    STAR,
    GIFT,
    ROAD_MOVE,
    ROAD_CAMP,
    HIKING,
)
POINTS_SCALE = 100.0


class PostcardsEncoder(Encoder):
    native_twin = "mailbag.games.postcards._encoder"

    @staticmethod
    def actions(game: Game[Any], num_players: int) -> Iterator[Action]:
        """Every action the game can ever offer (the RL layer's action table)."""
        components = game.components  # type: ignore[attr-defined]
        tab = prebuilt(components)
        #: what a Travel card action may be aimed at: nothing, a region or a campsite (by number)
        targets: list[int | None] = [
            None,
            *sorted(set(components.regions) | set(components.campsites)),
        ]
        postcards = sorted(components.postcards)
        for k in range(len(components.travel)):
            aimed = tab.play_action[k]
            yield from (aimed[t] for t in targets)
            for card in postcards:
                yield from tab.play_stamp[k][card]
            yield tab.play_none[k]
        yield from tab.pair.values()
        for menus in (tab.use_action, tab.verb_action):
            for aimed in menus:
                yield from (aimed[t] for t in targets)
        for card in postcards:
            yield tab.send[card]
        yield from tab.gift
        yield tab.end
        for card in postcards:
            yield from tab.stamp[card]
        yield tab.refresh
        yield from tab.take
        yield tab.take_deck
        for card in postcards:
            yield from tab.souvenir[card]
        yield tab.skip
        yield from tab.stars
        yield from tab.pick
        for i, a in enumerate(postcards):  # Hiking Guide: keep two of the drawn postcards
            for b in postcards[i + 1 :]:
                yield Action("keep", (a, b))
        yield from tab.draw_row
        yield tab.draw_deck

    def layout(self) -> None:
        components = self.game.components  # type: ignore[attr-defined]
        self.components = components
        n = self.num_players
        self.kinds = len(components.travel)
        self.kind_of = {k.name: i for i, k in enumerate(components.travel)}
        self.gifts = len(components.gifts)
        self.gift_of = {g.name: i for i, g in enumerate(components.gifts)}
        self.regions = max(components.regions)
        self.postcards = max(components.postcards)
        self.sites = len(components.campsites)
        self.itineraries = max(components.itineraries)
        self.decision_of = {d: i for i, d in enumerate(DECISIONS)}
        k, g, r, p = self.kinds, self.gifts, self.regions, self.postcards
        self.o_decision = self.add(
            "decision",
            len(DECISIONS),
            "what the seat decides now, one-hot: " + ", ".join(DECISIONS),
        )
        self.o_frame_value = self.add(
            "frame_value",
            1,
            "the pending decision's number (a star's points, a souvenir's "
            "campsite type index) / 10",
        )
        self.o_turn = self.add(
            "turn",
            5,
            "cards played this turn / 3, extra cards (plus), kept movement, postcard "
            "and camp actions (PC-4)",
        )
        self.o_current = self.add(
            "current", n, "the seat whose turn it is, one-hot by relative seat"
        )
        self.o_game = self.add(
            "game",
            5,
            "stamp supply / 60, turns played / 100, the end is triggered, side B, edition nl",
        )
        self.o_bonus = self.add("bonus", n, "who took the End Game Bonus, one-hot (relative seat)")
        self.o_hand = self.add("hand", k, "own Travel cards per kind / 5 (kinds as listed)")
        self.o_played = self.add("played", k, "Travel cards played this turn per kind / 3")
        self.o_row = self.add(
            "travel_row",
            TRAVEL_ROW * k,
            "face-up Travel cards: per slot, the kind one-hot (all zero: empty slot)",
        )
        self.o_travel = self.add(
            "travel_piles", 1 + k, "Travel deck size / 100, then the discard per kind / 10"
        )
        self.o_prow = self.add(
            "postcard_row",
            POSTCARD_ROW * (r + 3),
            "face-up postcards: per slot its region one-hot, stamps / 5, points / 20, present",
        )
        self.o_ptop = self.add(
            "postcard_deck_top", r + 3, "the postcard deck's top card, as a postcard_row slot"
        )
        self.o_ppiles = self.add(
            "postcard_piles", 2, "postcard deck size / 52, postcard discard size / 52"
        )
        self.o_grow = self.add(
            "gift_row",
            GIFT_ROW * g,
            "face-up gift cards: per slot the kind one-hot (kinds as listed in the component data)",
        )
        self.o_gpiles = self.add("gift_piles", 2, "gift deck size / 30, gift discard size / 30")
        self.o_camps = self.add(
            "camp_owner",
            self.sites * n,
            "per campsite (by number), who camps there, one-hot by relative seat",
        )
        self.o_hiking = self.add(
            "hiking_cards", p, "postcards drawn by the Hiking Guide, by postcard number"
        )
        self.seat_size = 4 + r + self.itineraries + g + 4 * p
        self.o_seats = self.add(
            "seats",
            n * self.seat_size,
            "per relative seat: is an Automa, hand size / 5, "
            "points / 100, camps / 15; region one-hot; itinerary card one-hot; gifts per kind "
            "/ 3; then per postcard number: held unsent, sent, stamps filled / 5, souvenirs "
            "filled / 3",
        )

    def write(self, view: Observation, b: array[float]) -> None:
        n = self.num_players
        me = view["seat"]
        turn = view["turn"]
        stack = turn["stack"]
        top: dict[str, Any] | None = stack[-1] if stack else None
        decision = top["kind"] if top else ("drawing" if turn["drawing"] else "main")
        b[self.o_decision + self.decision_of[decision]] = 1.0
        if top is not None:
            b[self.o_frame_value] = top["value"] / 10
            if top["kind"] == HIKING:
                for card in top.get("cards", ()):
                    b[self.o_hiking + card - 1] = 1.0
        o = self.o_turn
        b[o] = len(turn["played"]) / 3
        b[o + 1] = turn["plus"]
        b[o + 2] = turn["moves"]
        b[o + 3] = turn["postcards"]
        b[o + 4] = turn["camps"]
        b[self.o_current + (view["current"] - me) % n] = 1.0
        o = self.o_game
        b[o] = view["supply"] / 60
        b[o + 1] = view["turns"] / 100
        b[o + 2] = view["ending"]
        b[o + 3] = view["side"] == "B"
        b[o + 4] = view["edition"] == "nl"
        if view["bonus"] >= 0:
            b[self.o_bonus + (view["bonus"] - me) % n] = 1.0
        kind_of = self.kind_of
        k = self.kinds
        for name in view["hand"]:
            b[self.o_hand + kind_of[name]] += 0.2
        for name in turn["played"]:
            b[self.o_played + kind_of[name]] += 1 / 3
        for slot, name in enumerate(view["travel_row"]):
            if name is not None and name in kind_of:
                b[self.o_row + slot * k + kind_of[name]] = 1.0
        b[self.o_travel] = view["travel_deck_size"] / 100
        for name in view["travel_discard"]:
            b[self.o_travel + 1 + kind_of[name]] += 0.1
        r = self.regions
        for slot, card in enumerate(view["postcard_row"]):
            if card:
                self._postcard(self.o_prow + slot * (r + 3), card, b)
        top_card = view.get("postcard_deck_top")
        if top_card:
            self._postcard(self.o_ptop, top_card, b)
        b[self.o_ppiles] = view["postcard_deck_size"] / 52
        b[self.o_ppiles + 1] = len(view["postcard_discard"]) / 52
        gift_of = self.gift_of
        for slot, name in enumerate(view["gift_row"]):
            if name is not None and name in gift_of:
                b[self.o_grow + slot * self.gifts + gift_of[name]] = 1.0
        b[self.o_gpiles] = view["gift_deck_size"] / 30
        b[self.o_gpiles + 1] = len(view["gift_discard"]) / 30
        o = self.o_camps
        for site, owner in enumerate(view["camp_owner"]):
            if owner >= 0:
                b[o + site * n + (owner - me) % n] = 1.0
        for seat, player in enumerate(view["players"]):
            self._seat(self.o_seats + ((seat - me) % n) * self.seat_size, player, b)

    def _postcard(self, o: int, card: dict[str, Any], b: array[float]) -> None:
        r = self.regions
        b[o + card["region"] - 1] = 1.0
        b[o + r] = card["stamps"] / 5
        b[o + r + 1] = card["points"] / 20
        b[o + r + 2] = 1.0

    def _seat(self, o: int, player: dict[str, Any], b: array[float]) -> None:
        r, g = self.regions, self.gifts
        b[o] = player["kind"] != "player"
        b[o + 1] = player["hand_size"] / 5
        b[o + 2] = player["points"] / POINTS_SCALE
        b[o + 3] = len(player["camps"]) / 15
        b[o + 4 + player["region"] - 1] = 1.0
        b[o + 4 + r + player["itinerary"] - 1] = 1.0
        gift_of = self.gift_of
        base = o + 4 + r + self.itineraries
        for name in player["gifts"]:
            b[base + gift_of[name]] += 1 / 3
        base += g
        for owned in player["postcards"]:
            at = base + 4 * (owned["card"] - 1)
            stamps, souvenirs = owned["stamps"], owned["souvenirs"]
            b[at + 1 if owned["sent"] else at] = 1.0
            b[at + 2] = sum(stamps) / 5
            b[at + 3] = sum(souvenirs) / 3

    # -- the fast path: the same numbers straight from the state's fields the seat may know ----
    def _faces(self) -> dict[int, array[float]]:
        """Each postcard's face as a postcard_row slot, by card number (made on first use)."""
        faces = {}
        r = self.regions
        for number, card in self.components.postcards.items():
            block = array("f", bytes(4 * (r + 3)))
            region, stamps, points = card.face()
            self._postcard(0, {"region": region, "stamps": stamps, "points": points}, block)
            faces[number] = block
        self._face_blocks = faces
        return faces

    def write_state(self, state: PostcardsState, me: int, b: array[float]) -> None:
        n = self.num_players
        t = state.turn
        stack = t.stack
        top = stack[-1] if stack else None
        decision = top.kind if top else ("drawing" if t.drawing else "main")
        b[self.o_decision + self.decision_of[decision]] = 1.0
        if top is not None:
            b[self.o_frame_value] = top.value / 10
            if top.kind == HIKING and me == state.current:  # only the drawer sees the cards
                for card in top.cards:
                    b[self.o_hiking + card - 1] = 1.0
        o = self.o_turn
        b[o] = len(t.played) / 3
        b[o + 1] = t.plus
        b[o + 2] = t.moves
        b[o + 3] = t.postcards
        b[o + 4] = t.camps
        b[self.o_current + (state.current - me) % n] = 1.0
        o = self.o_game
        b[o] = state.supply / 60
        b[o + 1] = state.turns / 100
        b[o + 2] = state.ending
        b[o + 3] = state.side == "B"
        b[o + 4] = state.edition == "nl"
        if state.bonus >= 0:
            b[self.o_bonus + (state.bonus - me) % n] = 1.0
        k = self.kinds
        o = self.o_hand
        for kind in state.players[me].hand:  # summed card by card, as the view encoder does
            b[o + kind] += 0.2
        o = self.o_played
        for kind in t.played:
            b[o + kind] += 1 / 3
        o = self.o_row
        for slot, kind in enumerate(state.travel_row):
            if kind != EMPTY:
                b[o + slot * k + kind] = 1.0
        o = self.o_travel
        b[o] = len(state.travel_deck) / 100
        for kind in state.travel_discard:
            b[o + 1 + kind] += 0.1
        faces = self._face_blocks if hasattr(self, "_face_blocks") else self._faces()
        size = self.regions + 3
        o = self.o_prow
        for slot, card in enumerate(state.postcard_row):
            if card != EMPTY:
                b[o + slot * size : o + (slot + 1) * size] = faces[card]
        deck = state.postcard_deck
        if deck:
            b[self.o_ptop : self.o_ptop + size] = faces[deck[-1]]
        b[self.o_ppiles] = len(deck) / 52
        b[self.o_ppiles + 1] = len(state.postcard_discard) / 52
        o = self.o_grow
        for slot, gift in enumerate(state.gift_row):
            if gift != EMPTY:
                b[o + slot * self.gifts + gift] = 1.0
        b[self.o_gpiles] = len(state.gift_deck) / 30
        b[self.o_gpiles + 1] = len(state.gift_discard) / 30
        o = self.o_camps
        for site, owner in enumerate(state.camp_owner):
            if owner >= 0:
                b[o + site * n + (owner - me) % n] = 1.0
        r = self.regions
        for s, p in enumerate(state.players):
            o = self.o_seats + ((s - me) % n) * self.seat_size
            b[o] = p.kind != "player"
            b[o + 1] = len(p.hand) / 5
            b[o + 2] = p.points / POINTS_SCALE
            b[o + 3] = len(p.camps) / 15
            b[o + 4 + p.region - 1] = 1.0
            b[o + 4 + r + p.itinerary - 1] = 1.0
            base = o + 4 + r + self.itineraries
            for gift in p.gifts:
                b[base + gift] += 1 / 3
            base += self.gifts
            for owned in p.postcards:
                at = base + 4 * (owned.card - 1)
                b[at + 1 if owned.sent else at] = 1.0
                b[at + 2] = sum(owned.stamps) / 5
                b[at + 3] = sum(owned.souvenirs) / 3
