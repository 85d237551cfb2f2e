"""Carteros observations: the seat's view of the neighbourhood, hands, decks and carriers.

Houses are numbered A1, B1, C1, A2 … C4 (0..11) as the board names them; the house cards
under them are face down, so a house's kind is known only where the seat has seen it (``known``
in the view). Cards of a kind are counted in the component data's order of kinds.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import Any

from mailbag.core import Action, Game, Observation
from mailbag.core.encoding import Encoder
from mailbag.games.carteros import actions as board_actions
from mailbag.games.carteros.board import (
    BLOCK_CORNERS,
    BLOCK_HOUSES,
    HOUSE_NAMES,
    HOUSES,
    POST_OFFICE,
)
from mailbag.games.carteros.decisions import DECISIONS
from mailbag.games.carteros.state import FINISH_BONUS, CarterosState

#: where a carrier stands besides a house
PLACES = ("post_office", "shops")


class CarterosEncoder(Encoder):
    native_twin = "mailbag.games.carteros._encoder"

    @staticmethod
    def actions(game: Game[Any], num_players: int) -> Iterator[Action]:
        """Every action the game can ever offer (the RL layer's action table)."""
        components = game.components  # type: ignore[attr-defined]
        yield from board_actions.MOVE
        yield from (
            board_actions.DELIVER,
            board_actions.DRAW,
            board_actions.REFILL,
            board_actions.SHOPS,
            board_actions.END,
        )
        yield from components.play
        yield from components.replace
        # then every decision's actions (its entry lists them), each once: the reaction
        # window's first, then the others in the order of DECISIONS (a new decision's last)
        seen: set[Action] = set()
        for kind in ("react", *DECISIONS):
            for action in DECISIONS[kind].actions(components):
                if action not in seen:
                    seen.add(action)
                    yield action

    def layout(self) -> None:
        components = self.game.components  # type: ignore[attr-defined]
        n = self.num_players
        self.house_kind = {name: i for i, name in enumerate(components.house_names)}
        self.mail_names = components.mail_names
        self.action_names = components.action_names
        self.house_of = {name: i for i, name in enumerate(HOUSE_NAMES)}
        self.position_of = {**self.house_of, **{p: HOUSES + i for i, p in enumerate(PLACES)}}
        self.block_of = {HOUSE_NAMES[h]: b for b, h in enumerate(BLOCK_CORNERS)}
        self.task_of = {kind: i for i, kind in enumerate(DECISIONS)}
        self.missions = len(components.missions)
        #: the board's and rules' constants write_state uses, for the native encoding to read
        self.houses = HOUSES
        self.places = HOUSES + len(PLACES)
        self.post_office = POST_OFFICE
        self.block_houses = BLOCK_HOUSES
        self.finish_bonus = FINISH_BONUS
        hk, mk, ak = (
            len(components.house_names),
            len(components.mail_names),
            len(components.action_names),
        )
        self.o_task = self.add(
            "decision",
            len(DECISIONS) + 1,
            "the decision owed now, one-hot: the turn's main menu, then " + ", ".join(DECISIONS),
        )
        self.o_task_info = self.add(
            "decision_info", 2, "the pending decision's count (n) / 3 and its argument + 1 / 10"
        )
        self.o_turn = self.add(
            "turn",
            6,
            "round / max_rounds, actions used / 3, replaced this turn, turn over, "
            "final round, Stampy mode",
        )
        self.o_current = self.add("current", n, "whose turn it is, one-hot by relative seat")
        self.o_finisher = self.add("finisher", n, "who delivered the 10th card, one-hot")
        self.house_size = hk + 1 + 3
        self.o_houses = self.add(
            "houses",
            HOUSES * self.house_size,
            "per house A1..C4: its card's kind one-hot as "
            "the seat knows it (or unknown), placed this turn, flooded, Stampy here",
        )
        self.o_floods = self.add("floods", len(BLOCK_CORNERS), "flooded blocks, by top-left house")
        self.o_piles = self.add(
            "piles",
            3 + hk + mk + ak,
            "house, mail and action deck sizes / 40; the house, mail "
            "and action discards per kind / 10",
        )
        self.o_hand = self.add(
            "hand", mk + ak, "own Mail cards per kind / 5, Action cards per kind / 3"
        )
        self.o_missions = self.add(
            "missions",
            2 * self.missions + 2,
            "the missions on offer by number (two piles), then the two mission decks' sizes / 6",
        )
        self.carrier_size = HOUSES + len(PLACES) + 6 + mk + ak + self.missions + HOUSES
        self.o_carriers = self.add(
            "carriers",
            n * self.carrier_size,
            "per relative seat: position one-hot (12 houses, "
            "Post Office, shops); Mail cards / 5, Action cards / 3, Rubber Boots, debt / 3, "
            "score / 20, missions done / 3; delivered per mail kind / 10; played per action "
            "kind / 5; the mission held, one-hot by number; houses peeked with the GPS",
        )

    def write(self, view: Observation, b: array[float]) -> None:
        n = self.num_players
        me = view["seat"]
        tasks = view["tasks"]
        top: dict[str, Any] | None = None
        for task in reversed(tasks):  # the decision owed: the top decision task
            if task["kind"] in self.task_of:
                top = task
                break
        if top is None:
            b[self.o_task] = 1.0
        else:
            b[self.o_task + 1 + self.task_of[top["kind"]]] = 1.0
            b[self.o_task_info] = top["n"] / 3
            b[self.o_task_info + 1] = (top["arg"] + 1) / 10
        o = self.o_turn
        options = view["options"]
        b[o] = view["round"] / options["max_rounds"]
        b[o + 1] = view["actions_used"] / 3
        b[o + 2] = view["replaced"]
        b[o + 3] = view["turn_over"]
        b[o + 4] = view["final"]
        b[o + 5] = options["stampy"]
        b[self.o_current + (view["current"] - me) % n] = 1.0
        if view["finisher"] is not None:
            b[self.o_finisher + (view["finisher"] - me) % n] = 1.0
        hs = self.house_size
        unknown = len(self.house_kind)
        house_of, house_kind = self.house_of, self.house_kind
        known = view["known"]
        for h, name in enumerate(HOUSE_NAMES):
            kind = known.get(name)
            b[self.o_houses + h * hs + (unknown if kind is None else house_kind[kind])] = 1.0
        for name in view["fresh"]:
            b[self.o_houses + house_of[name] * hs + unknown + 1] = 1.0
        for block in view["floods"]:
            if block is not None:
                block_index = self.block_of[block]
                b[self.o_floods + block_index] = 1.0
                for h in BLOCK_HOUSES[block_index]:
                    b[self.o_houses + h * hs + unknown + 2] = 1.0
        if view["stampy"] is not None:
            b[self.o_houses + house_of[view["stampy"]] * hs + unknown + 3] = 1.0
        o = self.o_piles
        b[o] = view["house_deck"] / 40
        b[o + 1] = view["mail_deck"] / 40
        b[o + 2] = view["action_deck"] / 40
        o += 3
        for counts in (view["house_discard"], view["mail_discard"], view["action_discard"]):
            for count in counts.values():
                if count:
                    b[o] = count / 10
                o += 1
        o = self.o_hand
        for counts, scale in ((view["hand"]["mail"], 0.2), (view["hand"]["actions"], 1 / 3)):
            for count in counts.values():
                if count:
                    b[o] = count * scale
                o += 1
        missions = view["missions"]
        for pile, number in enumerate(missions["offer"]):
            if number is not None:
                b[self.o_missions + pile * self.missions + number] = 1.0
        o = self.o_missions + 2 * self.missions
        for pile, size in enumerate(missions["decks"][:2]):
            b[o + pile] = size / 6
        for seat, carrier in enumerate(view["carriers"]):
            self._carrier(self.o_carriers + ((seat - me) % n) * self.carrier_size, carrier, b)

    def _carrier(self, o: int, c: dict[str, Any], b: array[float]) -> None:
        b[o + self.position_of[c["position"]]] = 1.0
        o += HOUSES + len(PLACES)
        b[o] = c["mail"] / 5
        b[o + 1] = c["actions"] / 3
        b[o + 2] = c["boots"]
        b[o + 3] = c["debt"] / 3
        b[o + 4] = c["score"] / 20
        b[o + 5] = len(c["missions_done"]) / 3
        o += 6
        for counts, scale in ((c["delivered"], 0.1), (c["played"], 0.2)):
            for count in counts.values():
                if count:
                    b[o] = count * scale
                o += 1
        if c["mission"] is not None:
            b[o + c["mission"]] = 1.0
        o += self.missions
        house_of = self.house_of
        for name in c["peeked"]:
            b[o + house_of[name]] = 1.0

    # -- the fast path: the same numbers straight from the state's fields the seat may know ----
    def write_state(self, state: CarterosState, seat: int, b: array[float]) -> None:
        n = self.num_players
        me = seat
        task_of = self.task_of
        for task in reversed(state.tasks):  # the decision owed: the top decision task
            kind = task_of.get(task.kind)
            if kind is not None:
                b[self.o_task + 1 + kind] = 1.0
                b[self.o_task_info] = task.n / 3
                b[self.o_task_info + 1] = (task.arg + 1) / 10
                break
        else:
            b[self.o_task] = 1.0
        o = self.o_turn
        b[o] = state.round / state.max_rounds
        b[o + 1] = state.actions_used / 3
        b[o + 2] = state.replaced
        b[o + 3] = state.turn_over
        b[o + 4] = state.final
        b[o + 5] = state.stampy_mode
        b[self.o_current + (state.current - me) % n] = 1.0
        if state.finisher >= 0:
            b[self.o_finisher + (state.finisher - me) % n] = 1.0
        hs = self.house_size
        unknown = len(self.house_kind)
        o = self.o_houses
        for h, kind in enumerate(state.known[me]):  # what this seat saw with the GPS
            b[o + h * hs + (unknown if kind < 0 else kind)] = 1.0
        fresh = state.fresh
        if fresh:
            for h in range(HOUSES):
                if fresh >> h & 1:
                    b[o + h * hs + unknown + 1] = 1.0
        for block in state.floods:
            if block >= 0:
                b[self.o_floods + block] = 1.0
                for h in BLOCK_HOUSES[block]:
                    b[o + h * hs + unknown + 2] = 1.0
        if state.stampy >= 0:
            b[o + state.stampy * hs + unknown + 3] = 1.0
        o = self.o_piles
        b[o] = len(state.house_deck) / 40
        b[o + 1] = len(state.mail_deck) / 40
        b[o + 2] = len(state.action_deck) / 40
        o += 3
        for counts in (state.house_discard, state.mail_discard, state.action_discard):
            for count in counts:
                if count:
                    b[o] = count / 10
                o += 1
        o = self.o_hand
        for counts, scale in ((state.mail[me], 0.2), (state.hand[me], 1 / 3)):
            for count in counts:
                if count:
                    b[o] = count * scale
                o += 1
        o = self.o_missions
        for pile, deck in enumerate(state.mission_decks):
            if deck:
                b[o + pile * self.missions + deck[-1]] = 1.0
        o += 2 * self.missions
        for pile, deck in enumerate(state.mission_decks[:2]):
            b[o + pile] = len(deck) / 6
        components = self.game.components  # type: ignore[attr-defined]
        mail_points = components.mail_points
        size = self.carrier_size
        places = HOUSES + len(PLACES)
        finisher = state.finisher
        for s in range(n):
            o = self.o_carriers + ((s - me) % n) * size
            pos = state.pos[s]
            b[o + (pos if pos >= 0 else HOUSES + (pos != POST_OFFICE))] = 1.0
            o += places
            b[o] = sum(state.mail[s]) / 5
            b[o + 1] = sum(state.hand[s]) / 3
            b[o + 2] = state.boots[s]
            b[o + 3] = state.debt[s] / 3
            done = state.missions_done[s]
            b[o + 5] = len(done) / 3
            score_at = o + 4
            o += 6
            points = FINISH_BONUS if finisher == s else 0  # the score, as scoring.points adds it
            for kind, count in enumerate(state.delivered[s]):
                if count:
                    b[o] = count * 0.1
                    points += count * mail_points[kind]
                o += 1
            for count in state.played[s]:
                if count:
                    b[o] = count * 0.2
                o += 1
            for number in done:
                points += components.mission(number).points
            b[score_at] = points / 20
            if state.mission[s]:
                b[o + state.mission[s]] = 1.0
            o += self.missions
            for h, kind in enumerate(state.known[s]):
                if kind >= 0:
                    b[o + h] = 1.0
